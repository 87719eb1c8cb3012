"""Game-tree search players: ``minimax``, ``alphabeta`` and the generic ``engine``.

``minimax`` is the plain algorithm the seeds teach: every move to depth ``k``, the heuristic of
:mod:`ai.heuristics` at the leaves, the maximum on the searching player's turns and the minimum
on the opponent's, no pruning. ``alphabeta`` is the same search (same leaves, same values) with
alpha-beta pruning and a simple move ordering, so the class can compare node counts.
``engine`` is iterative-deepening alpha-beta (negamax form) with a transposition table, killer
moves and a history table, for every game with an evaluation; a game may register its own
engine instead (:func:`register_game_engine`), and a solved game whose keys do not fix the
future (a repetition rule) is handed to ``perfect``.

Nothing here names a game: what a search needs to know about one (its evaluation, its default
depth, whether values may be stored by key, its exact solver) comes from the game's descriptor,
:class:`game.rules.registry.GameInfo`.

Scores are from the searching player's side. A finished game is worth ``WIN - plies`` (won),
``-(WIN - plies)`` (lost) or 0 (drawn), where ``plies`` counts the moves from the root, so a
quicker win beats a slower one and a slower loss beats a quicker one; heuristic values stay
below ``HEURISTIC_BOUND``, far from ``WIN``.

Depth ``0`` means "the game's default" (:func:`default_depth`, the descriptor's
``search_depth``): to the end for Nim (for Marienbad, once the heaps leave at most 4096
positions: 1,3,5,7 or three heaps of 15 are searched to the end at once, eight heaps of 15 only
near the end, 2 plies before that) and for Hexapawn boards of at most 16 cells (3x3 to 4x4), 2
for Morpion (seed 003), 4 for Othello (seed 004) and larger Hexapawn boards.

Memoisation (``memo=1``, the default) applies to searches to the end only, in games whose
descriptor says ``memo_safe`` (a position's future depends on its key alone: Nim, Hexapawn,
Othello): values are stored by ``(state.to_move, state.key)`` (the side to move is added
because some keys, like impartial Nim's, leave it out, while these values are from one player's
side). ``nodes`` then counts
the visits (a memo hit is a visit, but each position is expanded once) and
``info["memo_hits"]`` the times a stored value was reused; ``alphabeta``'s memo stores
bounds, like a transposition table. With ``memo=0``, and in every fixed-depth search,
nothing is stored and ``nodes`` is the plain size of the tree searched: that is where
``alphabeta``'s savings over ``minimax`` show.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.base import Decision, Limits, Player
from ai.bounds import (
    EXACT,
    FLAG_NAMES,
    SEARCH_DECIDED,
    UPPER,
    Proven,
    SearchTimeout,
    bound_flag,
    from_memo,
    proven_search_value,
    settles,
    to_memo,
)
from ai.heuristics import WIN, build_evaluation, eval_param, evaluate, evaluator
from ai.registry import Need, Param, PlayerFactory, PlayerInfo, register_player
from game.rules.base import GameState
from game.rules.registry import Evaluation, GameSetup, game_of

Evaluator = Callable[[GameState[Any], int], float]

INF = math.inf

#: Check the cancel flag and the clock every this many nodes (a few hundred nodes take well
#: under a millisecond to a few milliseconds in every game, far inside the 100 ms budget).
CHECK_EVERY = 256

#: A depth larger than any game lasts: "search to the end".
TO_THE_END = 10_000

#: Scores beyond this are wins or losses (``WIN - plies``); below it, heuristic values.
_DECIDED = SEARCH_DECIDED

#: How far below the best root value so far alpha-beta's root window starts, so that a move
#: worth exactly as much as the best (a tie) is valued exactly, not cut off with a bound.
TIE_MARGIN = 1e-6

def default_depth(state: GameState[Any]) -> int:
    """The depth ``depth=0`` stands for in this game (``TO_THE_END`` for a full search): the
    descriptor's ``search_depth`` of this position."""
    depth = game_of(state).search_depth(state)
    return TO_THE_END if depth is None else depth


def memo_allowed(state: GameState[Any]) -> bool:
    """Whether ``state.key`` determines the future here, so values may be stored by key (the
    descriptor's ``memo_safe``; Morpion's key, for one, leaves out the repetition history)."""
    return game_of(state).memo_safe


def proven_values(scores: dict[Any, float], bounds: set[Any] | dict[Any, int],
                  solved: bool) -> dict[Any, Proven]:
    """The proven result of each root move: for an exact value, a win or a loss in n plies,
    and a draw when the search was ``solved`` (no evaluation reached); for an upper bound (the
    root moves pruning cut short), a loss whose distance is not known when the bound is a
    loss already."""
    proven: dict[Any, Proven] = {}
    for move, value in scores.items():
        if move in bounds and (not isinstance(bounds, dict) or bounds[move] != EXACT):
            if value < -SEARCH_DECIDED:
                proven[move] = Proven(-1)
            continue
        result = proven_search_value(value)
        if result is None and solved and value == 0:
            result = Proven(0)
        if result is not None:
            proven[move] = result
    return proven


def describe_value(value: float) -> str:
    """A value in words for the class: "win in 3", "loss in 2" or the number."""
    if value > _DECIDED:
        return f"win in {round(WIN - value)}"
    if value < -_DECIDED:
        return f"loss in {round(WIN + value)}"
    return f"{value + 0.0:g}"  # + 0.0 turns -0.0 into 0.0


# --------------------------------------------------------------------------------------------
# minimax and alpha-beta (max/min form, from the searching player's side, as the seeds teach)
# --------------------------------------------------------------------------------------------


@dataclass
class _RootResult:
    """What one root search found: the value of every root move and its principal line."""

    scores: dict[Any, float]
    lines: dict[Any, tuple[Any, ...]]
    bounds: set[Any] = field(default_factory=set)
    complete: bool = True


@dataclass(kw_only=True)
class _NodeClock:
    """What every search of this module counts and honours: its nodes, the cancel flag of
    ``limits`` and an optional ``deadline`` (a value of ``clock``, by default
    ``time.perf_counter``; a benchmark gives CPU time, a test a clock of its own)."""

    limits: Limits
    deadline: float | None = None
    clock: Callable[[], float] = time.perf_counter
    nodes: int = 0
    _next_check: int = 1  # check at the very first node, then every CHECK_EVERY

    def tick(self) -> None:
        """Count a node; every CHECK_EVERY nodes, honour cancel and the deadline."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CHECK_EVERY
            self.limits.check(self.nodes)
            if self.deadline is not None and self.clock() > self.deadline:
                raise SearchTimeout()


@dataclass
class _Searcher(_NodeClock):
    """One decision's minimax or alpha-beta search, with its counters."""

    me: int
    evaluate: Evaluator
    memo: dict[Hashable, tuple[float, int, tuple[Any, ...]]] | None = None
    order: bool = False
    leaves: int = 0
    memo_hits: int = 0
    cutoffs: int = 0
    max_ply: int = 0

    def terminal(self, state: GameState[Any], ply: int) -> float | None:
        """``WIN - ply``, ``-(WIN - ply)`` or 0 if the game is over, else None."""
        outcome = state.outcome
        if outcome is None:
            return None
        if ply > self.max_ply:
            self.max_ply = ply
        if outcome.winner is None:
            return 0.0
        return WIN - ply if outcome.winner == self.me else -(WIN - ply)

    def leaf(self, state: GameState[Any], ply: int) -> float:
        """The heuristic value of a depth-limit leaf."""
        self.leaves += 1
        if ply > self.max_ply:
            self.max_ply = ply
        return self.evaluate(state, self.me)

    def visit(self, state: GameState[Any], depth: int, ply: int) -> float | None:
        """Count a node; its value if the search stops there (the game is over, or the depth
        limit is reached), else None."""
        self.tick()
        done = self.terminal(state, ply)
        if done is None and depth <= 0:
            done = self.leaf(state, ply)
        return done

    # -- plain minimax -------------------------------------------------------------------------

    def minimax(self, state: GameState[Any], depth: int, ply: int
                ) -> tuple[float, tuple[Any, ...]]:
        """The minimax value of ``state`` searched ``depth`` plies deep, and its line."""
        done = self.visit(state, depth, ply)
        if done is not None:
            return done, ()
        key: Hashable = None
        if self.memo is not None:
            key = (state.to_move, state.key)
            stored = self.memo.get(key)
            if stored is not None:
                self.memo_hits += 1
                return from_memo(stored[0], ply), stored[2]
        maximizing = state.to_move == self.me
        best = -INF if maximizing else INF
        best_line: tuple[Any, ...] = ()
        for move in state.legal_moves():
            value, line = self.minimax(state.play(move), depth - 1, ply + 1)
            if (value > best) if maximizing else (value < best):
                best, best_line = value, (move, *line)
        if self.memo is not None:
            self.memo[key] = (to_memo(best, ply), EXACT, best_line)
        return best, best_line

    # -- alpha-beta ----------------------------------------------------------------------------

    def children(self, state: GameState[Any], depth: int, first: Any = None
                 ) -> Iterator[tuple[Any, GameState[Any]]]:
        """The moves and the states they lead to, best-looking first for the side to move.

        Simple ordering: a stored best move first, then, two or more plies from the leaves,
        by the heuristic value of the child (a winning move scores ``WIN``, so it comes
        first). One ply from the leaves ordering costs as much as the search itself, so the
        legal order is kept there, and the children are made one at a time, so that a
        cutoff spares the rest.
        """
        moves = list(state.legal_moves())
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        if not (self.order and depth >= 2):
            return ((move, state.play(move)) for move in moves)
        pairs = [(move, state.play(move)) for move in moves]
        sign = 1.0 if state.to_move == self.me else -1.0
        head = pairs[:1] if first is not None else []
        rest = pairs[len(head):]
        rest.sort(key=lambda mc: -sign * self.evaluate(mc[1], self.me))
        return iter(head + rest)

    def alphabeta(self, state: GameState[Any], depth: int, ply: int, alpha: float,
                  beta: float) -> tuple[float, tuple[Any, ...]]:
        """Fail-soft alpha-beta: the exact minimax value when it lies strictly inside
        ``(alpha, beta)``, otherwise a bound on the same side of the window."""
        done = self.visit(state, depth, ply)
        if done is not None:
            return done, ()
        key: Hashable = None
        first: Any = None
        if self.memo is not None:
            key = (state.to_move, state.key)
            stored = self.memo.get(key)
            if stored is not None:
                value, flag, line = from_memo(stored[0], ply), stored[1], stored[2]
                if settles(flag, value, alpha, beta):
                    self.memo_hits += 1
                    return value, line
                first = line[0] if line else None
        alpha0, beta0 = alpha, beta
        maximizing = state.to_move == self.me
        best = -INF if maximizing else INF
        best_line: tuple[Any, ...] = ()
        for move, child in self.children(state, depth, first):
            value, line = self.alphabeta(child, depth - 1, ply + 1, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_line = value, (move, *line)
                alpha = max(alpha, value)
            else:
                if value < best:
                    best, best_line = value, (move, *line)
                beta = min(beta, value)
            if alpha >= beta:
                self.cutoffs += 1
                break
        if self.memo is not None:
            self.memo[key] = (to_memo(best, ply), bound_flag(best, alpha0, beta0), best_line)
        return best, best_line

    # -- the root --------------------------------------------------------------------------------

    def root(self, state: GameState[Any], depth: int, pruning: bool,
             stop_on_timeout: bool, first: Any = None) -> _RootResult:
        """Value the root moves.

        minimax: every value exact. alpha-beta: the real algorithm at the root too, each move
        searched with the window just below the best value so far; a move that cannot beat
        it stops early and gets an upper bound (in ``result.bounds``), while a move worth as
        much as the best (a tie, which the rng may pick) still gets its exact value.
        :meth:`exact_scores` turns the bounds into exact values afterwards, for display.

        On a timeout the exception propagates, unless ``stop_on_timeout``: then the moves
        finished so far are returned (``result.complete`` is False).
        """
        self.tick()
        result = _RootResult({}, {})
        pairs = (self.children(state, depth, first) if pruning
                 else [(m, state.play(m)) for m in state.legal_moves()])
        best = -INF
        total = len(state.legal_moves())
        self.limits.report_searching(depth)
        for move, child in pairs:
            try:
                if pruning:
                    # The window starts just below ``best`` so that ties stay exact.
                    alpha = best - TIE_MARGIN
                    value, line = self.alphabeta(child, depth - 1, 1, alpha, INF)
                    if value <= alpha:
                        result.bounds.add(move)
                    else:
                        best = max(best, value)
                else:
                    value, line = self.minimax(child, depth - 1, 1)
            except SearchTimeout:
                if not stop_on_timeout:
                    raise
                result.complete = False
                break
            result.scores[move] = value
            result.lines[move] = (move, *line)
            if value >= max(result.scores.values()):
                self.limits.report(depth, move, value, self.nodes)  # for a class watching
            # Fewer than all: the depth is unfinished and its best only provisional.
            self.limits.report_moves(len(result.scores), total)
        return result

    def exact_scores(self, state: GameState[Any], depth: int, result: _RootResult) -> int:
        """Re-search every root move whose value is only a bound, with a full window, so that
        the class sees true values; return the nodes this took. Stops quietly at the
        deadline, leaving the remaining moves as bounds."""
        before = self.nodes
        for move in [m for m in result.scores if m in result.bounds]:
            try:
                value, line = self.alphabeta(state.play(move), depth - 1, 1, -INF, INF)
            except SearchTimeout:
                break
            result.scores[move] = value
            result.lines[move] = (move, *line)
            result.bounds.discard(move)
        return self.nodes - before


class SearchPlayer(Player):
    """``minimax`` (``pruning=False``) or ``alphabeta`` (``pruning=True``) at a fixed depth.

    ``depth`` 0 means the game's default (:func:`default_depth`). ``memo`` lets a search to
    the end store positions (see the module docstring); without it the search is the plain
    tree. ``exact`` (alpha-beta) re-searches the root moves that pruning left with a bound,
    so every value shown is exact; the extra nodes are reported apart, never in ``nodes``.
    ``limits.depth`` overrides the depth; ``limits.time`` makes a fixed-depth search
    iterative (depth 1, 2, ... up to the target, keeping the deepest finished one) and stops
    a search to the end, keeping the root moves valued so far.
    """

    def __init__(self, spec: str, seed: int | None, depth: int = 0, pruning: bool = False,
                 memo: bool = True, exact: bool = True,
                 evaluator: Evaluator | None = None, unit: str | None = None) -> None:
        super().__init__(spec, seed)
        #: What one point of the evaluation counts (``Evaluation.unit``), told in the
        #: decision's ``info["unit"]`` so a screen can say it; None: not known.
        self.unit = unit
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth must be a whole number >= 0 (0 = the game's default), "
                             f"got {depth!r}")
        self.depth = depth
        self.pruning = pruning
        self.memo = memo
        self.exact = exact
        self.evaluator: Evaluator = evaluator if evaluator is not None else evaluate

    def target_depth(self, state: GameState[Any], limits: Limits) -> int:
        """The depth this decision searches to (``TO_THE_END`` for a full search)."""
        if limits.depth is not None:
            if limits.depth < 0:
                raise ValueError(f"limits.depth must be >= 0, got {limits.depth}")
            if limits.depth > 0:
                return limits.depth
        return self.depth if self.depth > 0 else default_depth(state)

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Search, then play a best root move (ties broken by the player's seeded rng)."""
        depth = self.target_depth(state, limits)
        to_the_end = depth >= TO_THE_END
        memo: dict[Hashable, tuple[float, int, tuple[Any, ...]]] | None = (
            {} if self.memo and to_the_end and memo_allowed(state) else None)
        deadline = None if limits.time is None else time.perf_counter() + limits.time
        searcher = _Searcher(state.to_move, self.evaluator, limits=limits, memo=memo,
                             order=self.pruning)
        limits.report_unit(self.unit)
        info: dict[str, Any] = {}
        if deadline is None:
            result = searcher.root(state, depth, self.pruning, stop_on_timeout=False)
            reached = depth
        elif to_the_end:
            searcher.deadline = deadline
            result = searcher.root(state, depth, self.pruning, stop_on_timeout=True)
            reached = depth
            if not result.complete:
                info["timed_out"] = True
                info["moves_searched"] = len(result.scores)
            if not any(m not in result.bounds for m in result.scores):
                # Not one root move finished exactly: value them one ply deep instead.
                searcher.deadline = None
                result = searcher.root(state, 1, self.pruning, stop_on_timeout=False)
                reached = 1
        else:
            # Iterative deepening under a time budget; depth 1 always finishes.
            result = searcher.root(state, 1, self.pruning, stop_on_timeout=False)
            reached = 1
            searcher.deadline = deadline
            for d in range(2, depth + 1):
                previous = max(result.scores, key=lambda m: result.scores[m])
                try:
                    result = searcher.root(state, d, self.pruning, stop_on_timeout=False,
                                           first=previous)
                except SearchTimeout:
                    info["timed_out"] = True
                    info["depth_asked"] = depth  # the depth the clock stopped it short of
                    break
                reached = d
        choice_nodes = searcher.nodes
        exact = {m: v for m, v in result.scores.items() if m not in result.bounds}
        best_value = max(exact.values())
        # Legal-move order, so that a seed repeats its choice whatever the search order.
        best = [m for m in state.legal_moves() if exact.get(m, -INF) == best_value]
        move = self.rng.choice(best)
        if self.pruning and self.exact and result.bounds:
            info["nodes_for_exact_scores"] = searcher.exact_scores(state, reached, result)
            if result.bounds:
                info["timed_out"] = True
        scores = {m: result.scores[m] + 0.0 for m in state.legal_moves() if m in result.scores}
        # The most telling items first: a display may show only the first few.
        found: dict[str, Any] = {
            "algorithm": "alphabeta" if self.pruning else "minimax",
            "value": describe_value(best_value),
            "leaves": searcher.leaves,
        }
        if self.pruning:
            found["cutoffs"] = searcher.cutoffs
        if self.unit is not None:
            found["unit"] = self.unit
        found["tied"] = len(best)
        found["to_the_end"] = reached >= TO_THE_END
        if memo is not None:
            found["memo_hits"] = searcher.memo_hits
            found["memo_size"] = len(memo)
        if self.pruning:
            # Root values that are only upper bounds (with exact=0, or when the time ran out
            # while making them exact).
            found["bounds"] = {str(m): "upper bound" for m in result.bounds}
        info = {**found, **info}
        # ``nodes`` is what the choice cost; making alpha-beta's root bounds exact for display
        # is counted apart, in info["nodes_for_exact_scores"]. To the end, the depth shown is
        # the longest line the search had to look at.
        return Decision(move=move, scores=scores, score_kind="value",
                        depth=searcher.max_ply if reached >= TO_THE_END else reached,
                        nodes=choice_nodes, pv=result.lines[move], info=info,
                        proven=proven_values(scores, result.bounds, searcher.leaves == 0))


# --------------------------------------------------------------------------------------------
# The engine: iterative deepening negamax alpha-beta with a transposition table
# --------------------------------------------------------------------------------------------


@dataclass
class _Entry:
    """A transposition-table entry: the value (ply-independent, see :func:`to_memo`) found
    searching ``depth`` plies, what kind of bound it is, the best move, and whether no
    heuristic leaf lay below it (``solved``: the value holds at any depth)."""

    depth: int
    value: float
    flag: int
    move: Any
    solved: bool


@dataclass
class _Engine(_NodeClock):
    """The engine's search state for one decision: counters, TT, killers and history."""

    evaluate: Evaluator
    table: dict[Hashable, _Entry]
    table_size: int
    heuristic_leaves: int = 0
    tt_hits: int = 0
    killers: dict[int, list[Any]] = field(default_factory=dict)
    history: dict[Any, int] = field(default_factory=dict)

    @staticmethod
    def key(state: GameState[Any]) -> Hashable:
        """The TT key: the side to move, ``state.key`` and Morpion's repetition history.

        The side to move is added because some keys leave it out (Nim's, the game being
        impartial); it costs nothing where the key already holds it.

        Morpion's key leaves out the arrangements already seen, yet they decide which moves
        draw by repetition; storing by key alone could reuse a value computed under another
        history. Putting the history in the key keeps every entry exact. It costs nothing in
        the placing phase (the history is empty) and in the moving phase it still serves the
        re-searches of iterative deepening, which is where most of the gain comes from.
        """
        history = getattr(state, "history", None)
        if history:
            return (state.to_move, state.key, history)
        return (state.to_move, state.key)

    def store(self, key: Hashable, entry: _Entry) -> None:
        """Store an entry, dropping the oldest ones when the table is full."""
        table = self.table
        if key not in table and len(table) >= self.table_size:
            # Dicts keep insertion order: drop the oldest eighth in one go.
            for old in list(table)[: max(1, self.table_size // 8)]:
                del table[old]
        table[key] = entry

    def ordered(self, state: GameState[Any], ply: int, first: Any) -> list[Any]:
        """Legal moves: the TT move, then killers at this ply, then by history score.

        Written to hash each move about once (move objects are dataclasses whose hashing and
        comparing are not free): one sort by history, then the few front moves moved up.
        """
        moves = list(state.legal_moves())
        if len(moves) < 2:
            return moves
        history = self.history
        if history:
            moves.sort(key=lambda m: -history.get(m, 0))
        front: list[Any] = []
        for move in (first, *self.killers.get(ply, ())):
            if move is not None and move not in front and move in moves:
                front.append(move)
        if front:
            moves = front + [m for m in moves if m not in front]
        return moves

    def negamax(self, state: GameState[Any], depth: int, ply: int, alpha: float,
                beta: float) -> float:
        """Fail-soft negamax alpha-beta; the value is from the side to move's view."""
        self.tick()
        outcome = state.outcome
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            return WIN - ply if outcome.winner == state.to_move else -(WIN - ply)
        key = self.key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            first = entry.move
            if entry.depth >= depth or entry.solved:
                value = from_memo(entry.value, ply)
                if settles(entry.flag, value, alpha, beta):
                    self.tt_hits += 1
                    if not entry.solved:
                        self.heuristic_leaves += 1
                    return value
        if depth <= 0:
            self.heuristic_leaves += 1
            return self.evaluate(state, state.to_move)
        leaves_before = self.heuristic_leaves
        alpha0 = alpha
        best = -INF
        best_move = None
        for move in self.ordered(state, ply, first):
            child = state.play(move)
            same = child.to_move == state.to_move
            if same:
                value = self.negamax(child, depth - 1, ply + 1, alpha, beta)
            else:
                value = -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
            if value > best:
                best, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                killers = self.killers.setdefault(ply, [])
                if move not in killers:
                    killers.insert(0, move)
                    del killers[2:]
                self.history[move] = self.history.get(move, 0) + depth * depth
                break
        solved = self.heuristic_leaves == leaves_before
        self.store(key, _Entry(depth, to_memo(best, ply), bound_flag(best, alpha0, beta),
                               best_move, solved))
        return best

    def principal_line(self, state: GameState[Any], first: Any, limit: int) -> tuple[Any, ...]:
        """The principal line: ``first``, then the stored best moves while they are legal."""
        line = [first]
        seen = {self.key(state)}
        current = state.play(first)
        while len(line) < limit and current.outcome is None:
            key = self.key(current)
            entry = self.table.get(key)
            if entry is None or entry.move is None or key in seen:
                break
            if entry.move not in current.legal_moves():
                break
            seen.add(key)
            line.append(entry.move)
            current = current.play(entry.move)
        return tuple(line)


class EnginePlayer(Player):
    """``engine:time=s``: iterative-deepening alpha-beta with a transposition table.

    Each iteration searches one ply deeper, ordering moves by the previous iteration's best
    (TT move), then killer moves, then the history table. It stops when the time is up, when
    the root is solved (no heuristic leaf was reached: the values are exact game results),
    when a forced win or loss is found, or at ``max_depth``. Root values: the best move's (and
    any tie's) is exact; a move that failed low has an upper bound (named in
    ``info["bounds"]``).

    When the time is up part-way through a depth, after its first root move (the previous
    depth's best, searched first) was searched, that depth still answers, as strong engines
    do: its best move so far, whose value at that depth is exact. That is the previous best,
    now valued one ply deeper (what a watching class was shown live), or a move that beat it
    at that depth (so it is better by the deeper search). The root moves it did not reach keep
    their values of the depth before (``info["shallower"]``; ``info["depth_moves"]`` = [moves
    searched, all]). Only a search to the end (a neutral evaluation's second step, after
    depth 1) answers part-way solely with a proven win: its other values, exact results, are
    not comparable with depth 1's neutral guesses.

    The table is keyed by the side to move, ``state.key`` and, in Morpion's moving phase, the
    repetition history (see :meth:`_Engine.key`); it holds at most ``table_size`` entries.
    With a ``neutral`` evaluation (0 everywhere, like Nim's) it goes from depth 1 straight to
    the end (None: ask the state's game). ``solver``, when given, answers instead: the
    registry passes ``perfect`` where a game is solved but its keys hide a repetition history
    (Morpion 3x3).
    """

    def __init__(self, spec: str, seed: int | None, time_budget: float = 1.0,
                 max_depth: int = TO_THE_END, table_size: int = 1 << 20,
                 evaluator: Evaluator | None = None, solver: Player | None = None,
                 neutral: bool | None = None, unit: str | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(spec, seed)
        #: The clock the time budget counts (a benchmark gives CPU time, a test its own).
        self.clock = clock
        #: What one point of the evaluation counts (see SearchPlayer.unit).
        self.unit = unit
        self.solver = solver
        self.neutral = neutral
        if not time_budget > 0:
            raise ValueError(f"time must be positive, got {time_budget!r}")
        self.time_budget = time_budget
        self.max_depth = max_depth
        self.table_size = table_size
        self.evaluator: Evaluator = evaluator if evaluator is not None else evaluate

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Deepen until the time is up or the position is solved; play the best move.

        With a ``solver`` (an exact player for a solved game), ask it instead.
        """
        if self.solver is not None:
            decision = self.solver.decide(state, limits)
            decision.info["engine"] = "solved game: the exact player's answer"
            return decision
        budget = limits.time if limits.time is not None else self.time_budget
        max_depth = limits.depth if limits.depth else self.max_depth
        start = self.clock()
        engine = _Engine(self.evaluator, {}, self.table_size, limits=limits,
                         deadline=start + budget, clock=self.clock)
        limits.report_unit(self.unit)
        moves = list(state.legal_moves())
        scores: dict[Any, float] = {}
        bounds: dict[Any, int] = {}
        order = list(moves)
        reached = 0
        solved = exact = timed_out = False
        # The finished depth before the answering one, [depth, best move, its value]: a score
        # can swing between odd and even depths (Connect 4's +3 at depth 9, -2 at 10, QA S14 9).
        previous: list[Any] | None = None
        # The root moves a depth cut short by the clock searched, in order (None: finished).
        searched: list[Any] | None = None
        for depth in self.schedule(state, max_depth):
            # Depth 1 always finishes, so there is always an answer.
            engine.deadline = None if depth == 1 else start + budget
            leaves_before = engine.heuristic_leaves
            try:
                it_scores, it_bounds = self._root(engine, state, order, depth)
            except SearchTimeout:
                timed_out = True
                break
            finished = len(it_scores) == len(moves)
            if not finished and not self._answers_part_way(it_scores, it_bounds, depth):
                timed_out = True
                break
            if reached:
                previous = [reached, str(order[0]), scores[order[0]] + 0.0]
            if not finished:
                # Cut short: the moves it reached answer at this depth, the others keep
                # their values of the depth before (never chosen: see below).
                timed_out = True
                searched = list(it_scores)
                scores, bounds = {**scores, **it_scores}, {**bounds, **it_bounds}
                reached = depth
                best_value = max(it_scores[m] for m in searched if it_bounds[m] == EXACT)
                exact = best_value > _DECIDED
                break
            scores, bounds, reached = it_scores, it_bounds, depth
            order = sorted(moves, key=lambda m: -scores[m])
            best_value = scores[order[0]]
            solved = engine.heuristic_leaves == leaves_before
            exact = solved or abs(best_value) > _DECIDED
            if exact:
                # Exact: no heuristic leaf at all, or a forced win (or, every move losing, a
                # forced loss) within the horizon; the ply-penalised scores already make it the
                # quickest win (slowest loss), so searching deeper cannot change the choice.
                break
        # The choice: among the moves valued exactly at the answering depth (a depth cut short:
        # those it searched; its first, the previous best, always is).
        candidates = [m for m in (searched if searched is not None else moves)
                      if bounds.get(m, EXACT) == EXACT]
        best_value = max(scores[m] for m in candidates)
        best = [m for m in candidates if scores[m] == best_value]
        move = self.rng.choice(best)
        pv = engine.principal_line(state, move, reached)
        info: dict[str, Any] = {
            "algorithm": "iterative deepening alpha-beta",
            "value": describe_value(best_value),
            "tt_hits": engine.tt_hits,
            "exact": exact,
            "timed_out": timed_out,
            # The depth the clock stopped it short of (TO_THE_END: the end of the game).
            "depth_asked": max_depth,
            "tt_size": len(engine.table),
            "bounds": {str(m): FLAG_NAMES[f] for m, f in bounds.items() if f != EXACT},
        }
        if self.unit is not None:
            info["unit"] = self.unit
        if previous is not None and not exact:
            info["previous_depth"] = previous
        if searched is not None and reached < TO_THE_END:
            # The answering depth was cut short: the root moves it searched, of all of them,
            # and those it did not reach, valued one depth less (a board may say so). Not
            # said of a search to the end: its answer is a proven win, the others unknown.
            info["depth_moves"] = [len(searched), len(moves)]
            info["shallower"] = [str(m) for m in moves if m not in searched]
        return Decision(move=move, scores=scores, score_kind="value", depth=reached,
                        nodes=engine.nodes, pv=pv, info=info,
                        proven=proven_values(scores, bounds, solved))

    def schedule(self, state: GameState[Any], max_depth: int) -> list[int]:
        """The depths of the iterations: 1, 2, ... ``max_depth``.

        A neutral evaluation (0 everywhere, like Nim's) teaches a depth-limited search nothing
        until it reaches the end; there the engine goes from depth 1 straight to a search to
        the end (the table stores bounds, so this is alpha-beta with memoisation).
        """
        neutral = self.neutral
        if neutral is None:
            evaluation = game_of(state).evaluation
            neutral = evaluation is not None and evaluation.neutral
        if neutral:
            return sorted({1, min(max_depth, TO_THE_END)})
        return list(range(1, max_depth + 1))

    @staticmethod
    def _answers_part_way(scores: dict[Any, float], bounds: dict[Any, int],
                          depth: int) -> bool:
        """Whether a depth the clock cut short after ``scores``' moves answers (see the
        class): some move searched, and for a search to the end, a proven win among them."""
        if not scores:
            return False
        if depth < TO_THE_END:
            return True
        return any(v > _DECIDED and bounds[m] == EXACT for m, v in scores.items())

    def _root(self, engine: _Engine, state: GameState[Any], order: Sequence[Any],
              depth: int) -> tuple[dict[Any, float], dict[Any, int]]:
        """One iteration at the root, moves in ``order``.

        The first move gets a full window, each later one the window just below the best
        value so far, so that a move worth as much as the best (a tie, which the rng may
        pick) still gets its exact value, and a worse one stops early with an upper bound.
        When the clock stops it part-way, it returns the moves it finished (none raises
        :class:`SearchTimeout`); the caller sees fewer moves than ``order``.
        """
        engine.tick()
        me = state.to_move
        scores: dict[Any, float] = {}
        bounds: dict[Any, int] = {}
        best = -INF
        engine.limits.report_searching(min(depth, TO_THE_END))
        for move in order:
            child = state.play(move)
            sign = 1.0 if child.to_move == me else -1.0
            # A window just below ``best`` keeps ties exact (they may be chosen at random).
            alpha = best - TIE_MARGIN if best > -INF else -INF
            try:
                if sign > 0:
                    value = engine.negamax(child, depth - 1, 1, alpha, INF)
                else:
                    value = -engine.negamax(child, depth - 1, 1, -INF, -alpha)
            except SearchTimeout:
                if not scores:
                    raise
                return scores, bounds
            scores[move] = value + 0.0  # + 0.0 turns -0.0 into 0.0
            if value <= alpha:
                bounds[move] = UPPER
            else:
                bounds[move] = EXACT
                if value > best:
                    engine.limits.report(min(depth, TO_THE_END), move, value, engine.nodes)
                    if depth >= TO_THE_END and engine.limits.progress is not None:
                        # A result to the end is no deeper estimate than the depth before
                        # (Nim's engine goes there from depth 1, whose neutral 0s mean nothing).
                        engine.limits.progress.previous = None
                best = max(best, value)
            # Fewer than all: the depth is unfinished and its best only provisional.
            engine.limits.report_moves(len(scores), len(order))
        return scores, bounds


# --------------------------------------------------------------------------------------------
# Registration
# --------------------------------------------------------------------------------------------

DEPTH_PARAM = Param(
    "depth", int, 0, 0, 20,
    "plies searched; 0 = the game's default (Morpion 2, Othello 4, Nim and small Hexapawn "
    "to the end; big Marienbad 2 until its endgame)",
)

MEMO_PARAM = Param(
    "memo", int, 1, 0, 1,
    "1 = a search to the end remembers positions already valued (Nim, Hexapawn); 0 = the "
    "plain tree",
)

EXACT_PARAM = Param(
    "exact", int, 1, 0, 1,
    "1 = re-search the root moves pruning left with a bound, so every value shown is exact "
    "(extra nodes reported apart); 0 = show those moves' upper bounds",
)


#: ``eval=NAME``: the evaluation at the leaves (the game's default first). Second in the list,
#: so that the menu's seat panel, which hides the parameters it has no room for, shows it.
EVAL_PARAM = eval_param()


def _evaluation_of(setup: GameSetup, name: str | None = None) -> Evaluation:
    """The evaluation called ``name`` (the game's default when None)."""
    return setup.info.evaluation_named() if name is None else build_evaluation(setup, name)


def _make_minimax(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    evaluation = _evaluation_of(setup, params["eval"])
    return SearchPlayer("minimax", seed, depth=int(params["depth"]), pruning=False,
                        memo=bool(params["memo"]), evaluator=evaluator(evaluation),
                        unit=evaluation.unit)


def _make_alphabeta(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    evaluation = _evaluation_of(setup, params["eval"])
    return SearchPlayer("alphabeta", seed, depth=int(params["depth"]), pruning=True,
                        memo=bool(params["memo"]), exact=bool(params["exact"]),
                        evaluator=evaluator(evaluation), unit=evaluation.unit)


#: Engines written for one game, by game name (see :func:`register_game_engine`).
_GAME_ENGINES: dict[str, PlayerFactory] = {}


def register_game_engine(game_name: str, factory: PlayerFactory) -> None:
    """Make ``engine`` build ``factory``'s player for ``game_name`` instead of the generic
    engine (a game's own engine module calls this when imported). The player keeps one name,
    one parameter list (``time``) and one entry in the roster."""
    _GAME_ENGINES[game_name] = factory


def _engine_applies(setup: GameSetup) -> bool:
    """Every game with an evaluation (the generic engine) or an engine of its own."""
    return setup.name in _GAME_ENGINES or Need.EVALUATION.met_by(setup)


def _make_engine(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    own = _GAME_ENGINES.get(setup.name)
    if own is not None:
        return own(setup, params, seed)
    solver: Player | None = None
    if setup.solver is not None and not setup.info.memo_safe:
        # A solved game whose keys leave out a repetition history (Morpion 3x3): ``perfect``
        # handles the repetition rule exactly, which a depth-limited search cannot match.
        from ai.perfect import PerfectPlayer

        solver = PerfectPlayer("perfect", seed, setup)
    evaluation = _evaluation_of(setup)
    return EnginePlayer("engine", seed, time_budget=float(params["time"]), solver=solver,
                        evaluator=evaluator(evaluation), neutral=evaluation.neutral,
                        unit=evaluation.unit)


register_player(PlayerInfo(
    name="minimax",
    title="Minimax",
    description="Looks a few turns ahead at every move, no pruning.",
    params=(DEPTH_PARAM, EVAL_PARAM, MEMO_PARAM),
    needs=frozenset({Need.EVALUATION}),
    factory=_make_minimax,
))

register_player(PlayerInfo(
    name="alphabeta",
    title="Alpha-beta",
    description="Minimax's choice, skipping branches that can't matter.",
    params=(DEPTH_PARAM, EVAL_PARAM, MEMO_PARAM, EXACT_PARAM),
    needs=frozenset({Need.EVALUATION}),
    factory=_make_alphabeta,
))

register_player(PlayerInfo(
    name="engine",
    title="Engine",
    description="Deeper search with memory; a game may bring its own engine.",
    params=(Param("time", float, 1.0, 0.05, 60.0, "seconds per move"),),
    applies=_engine_applies,
    factory=_make_engine,
))
