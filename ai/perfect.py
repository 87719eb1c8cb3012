"""``perfect``: exact play where a game is solved; the fastest win, the slowest loss.

Values are exact game-theoretic results from the point of view of the side to move, encoded
as one integer (see :func:`describe_value`): ``WIN - n`` is "win in n plies", ``-(WIN - n)``
"loss in n plies", 0 a draw. Every legal move gets such a value in the Decision's ``scores``
and, in words, in ``info["values"]``.

How each game is solved (each table is computed lazily, on first use, once per process):

* **Hexapawn** (boards of up to :data:`HEXAPAWN_MAX_CELLS` cells: 3x3 to 4x4, 3x5, 5x3) and
  **Othello 4x4**: depth-first negamax to the end of the game with a memo on the state key.
  Both games cannot repeat a position (pawns only go forward; Othello fills a square per move,
  and two passes in a row end the game), so the memo is exact.
* **Nim**: the classic rules are used to say which moves win (one heap: leave a multiple of
  k+1, or, misere, one more than a multiple; Marienbad: leave a nim-sum of 0, with the misere
  endgame rule of leaving an odd number of single matches; Fibonacci: take the smallest term
  of the heap's Zeckendorf sum when allowed, otherwise a minimal take). The exact distances come
  from the same memoised search when the variant has at most :data:`NIM_SEARCH_LIMIT`
  positions (every one-heap and Fibonacci game, Marienbad up to about 50,000 positions);
  larger Marienbad games use the rule alone and show "win"/"loss" without a distance. Ties
  between equal values go to the rule's move (e.g. take 1 from a multiple of 4, as seed 002's
  perfect player does).
* **Morpion 3x3**: see :class:`MorpionSolver`. A retrograde analysis of every reachable
  position (repetitions ignored) gives each position's value in the "cyclic" game; the
  repetition rule can only turn a result into a draw, so at play time an AND-OR search over the
  real states (which carry the repetition history) checks whether a win is still forced.
* **Morpion 4x4**: the same two steps (:class:`MorpionTableSolver`), the first one a numpy
  retrograde analysis of all 1.8 million positions (:mod:`ai.morpion_retrograde`, a few
  seconds on first use). 4x4 is a draw: four pieces can never make two threats at once, so
  every threat can be blocked and the only wins are a line the opponent left open.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ai.base import Decision, Limits, Player
from ai.bounds import EXACT_WIN, proven_exact_value
from game.rules.base import GameState
from game.rules.morpion import RETROGRADE_SOLVER, RETROGRADE_TABLE_SOLVER
from game.rules.nim import CLASSIC_SOLVER
from game.rules.registry import ACYCLIC, GameSetup

#: Value of a win at once; ``WIN - n`` is a win in n plies (the shared name: EXACT_WIN).
WIN = EXACT_WIN
#: Largest Hexapawn board (rows * cols) the solver accepts.
HEXAPAWN_MAX_CELLS = 16
#: Largest number of Nim positions solved by search (beyond it: the rule alone).
NIM_SEARCH_LIMIT = 50_000
#: Extra plies the Morpion history-aware search allows beyond the repetition-free distance.
MORPION_HORIZON = 10


def describe_value(value: int) -> str:
    """A value in words: ``"win in 3"``, ``"loss in 2"``, ``"draw"`` (``"win"`` without a
    distance for the values of :data:`UNKNOWN_DISTANCE`)."""
    if value == 0:
        return "draw"
    if abs(value) == UNKNOWN_DISTANCE:
        return "win" if value > 0 else "loss"
    n = WIN - abs(value)
    plies = "ply" if n == 1 else "plies"
    return f"win in {n} {plies}" if value > 0 else f"loss in {n} {plies}"


#: Magnitude of a win or loss whose distance was not computed (large Marienbad games).
UNKNOWN_DISTANCE = WIN // 2


def through_move(child_value: int) -> int:
    """The value of a move for its mover, from the value of the position it leads to (for the
    opponent): negated, one ply further away."""
    if child_value > 0:
        return -(child_value - 1) if child_value != UNKNOWN_DISTANCE else -UNKNOWN_DISTANCE
    if child_value < 0:
        return -child_value - 1 if child_value != -UNKNOWN_DISTANCE else UNKNOWN_DISTANCE
    return 0


def terminal_value(state: GameState[Any]) -> int:
    """The value of a finished game for the side that would move next."""
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is None:
        return 0
    return WIN if outcome.winner == state.to_move else -WIN


class ExactSolver:
    """What :class:`PerfectPlayer` asks a game's solver. ``value(state)`` is the exact value
    for the side to move; a game with a classic rule (Nim) also gives the rule's move, which
    wins ties, and may value moves by the rule alone where a search would be too large."""

    def value(self, state: GameState[Any], limits: Limits | None = None) -> int:
        """The exact value of ``state`` for its side to move."""
        raise NotImplementedError

    def rule_move(self, state: GameState[Any]) -> tuple[Any, str] | None:
        """The move the game's classic rule chooses, with the rule in words (None: no rule)."""
        return None

    def rule_values(self, state: GameState[Any], options: Any) -> dict[Any, int] | None:
        """Every move's value by the rule alone when the game is too large to search, else
        None (the values come from :meth:`value`)."""
        return None


class AcyclicSolver(ExactSolver):
    """Negamax to the end with a memo on ``state.key``, for games that never repeat a position.

    ``value(state)`` is the exact value for the side to move.
    """

    def __init__(self) -> None:
        self.memo: dict[Hashable, int] = {}
        self._nodes = 0

    def value(self, state: GameState[Any], limits: Limits | None = None) -> int:
        """The exact value of ``state`` for its side to move.

        ``limits.check()`` runs every 512 new positions, so a cancelled first solve stops
        quickly; the memo keeps only finished subtrees, so it stays exact for the next call.
        """
        key = state.key
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        self._nodes += 1
        if limits is not None and not self._nodes & 511:
            limits.check()
        if state.outcome is not None:
            result = terminal_value(state)
        else:
            result = -WIN - 1
            for move in state.legal_moves():
                v = through_move(self.value(state.play(move), limits))
                if v > result:
                    result = v
                    if result == WIN - 1:
                        break  # nothing beats a win at once
        self.memo[key] = result
        return result


# ------------------------------------------------------------------------------------------------
# Nim rules of thumb (the theory the class learns)
# ------------------------------------------------------------------------------------------------


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf terms of ``n`` (non-consecutive Fibonacci numbers), largest first."""
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    terms: list[int] = []
    for f in reversed(fibs):
        if f <= n:
            terms.append(f)
            n -= f
    return terms


def nim_rule_move(state: Any) -> tuple[Any, str]:
    """The move the classic rule chooses in a Nim state, and the rule in words.

    The move is a winning move when the rule says the position is won, else a minimal take
    (one match, from the largest heap in Marienbad).
    """
    options = state.options
    moves = state.legal_moves()
    by_take = {(m.heap, m.count): m for m in moves}
    heaps: tuple[int, ...] = state.heaps
    variant = options.variant
    if variant == "single":
        k = options.max_take
        n = heaps[0]
        r = (n - 1) % (k + 1) if options.misere else n % (k + 1)
        target = "one more than a multiple" if options.misere else "a multiple"
        if r and (0, r) in by_take:
            return by_take[(0, r)], f"take {r} to leave {target} of {k + 1}"
        return by_take[(0, 1)], f"{n} is lost against perfect play ({target} of {k + 1}): " \
                                "take 1 and wait for a mistake"
    if variant == "marienbad":
        move = _marienbad_move(heaps, options.misere)
        if move is not None:
            heap, count = move
            return by_take[(heap, count)], (
                "leave an odd number of single matches" if _all_small_after(heaps, heap, count)
                and options.misere else "leave a nim-sum of 0")
        biggest = max(range(len(heaps)), key=lambda i: heaps[i])
        return by_take[(biggest, 1)], "nim-sum already 0: lost against perfect play; take 1"
    # Fibonacci
    n = heaps[0]
    limit = state.max_allowed_take(0)
    smallest = zeckendorf(n)[-1]
    if options.misere:
        return by_take[(0, 1)], "misere Fibonacci has no simple rule: exact values by search"
    if smallest <= limit and (0, smallest) in by_take:
        return by_take[(0, smallest)], f"take {smallest}, the smallest term of {n} = " \
                                       + " + ".join(map(str, zeckendorf(n)))
    return by_take[(0, 1)], f"the smallest Zeckendorf term of {n} ({smallest}) is beyond " \
                            f"{limit}: take 1"


def _all_small_after(heaps: Sequence[int], heap: int, count: int) -> bool:
    """Whether every heap holds at most one match after taking ``count`` from ``heap``."""
    return all((h - count if i == heap else h) <= 1 for i, h in enumerate(heaps))


def marienbad_wins(heaps: Sequence[int], misere: bool) -> bool:
    """Whether the side to move wins Marienbad from ``heaps`` (Bouton; misere endgame rule)."""
    x = 0
    for h in heaps:
        x ^= h
    if misere and all(h <= 1 for h in heaps):
        return x == 0  # an even number of single matches: the opponent takes the last one
    return x != 0


def _marienbad_move(heaps: Sequence[int], misere: bool) -> tuple[int, int] | None:
    """A winning (heap, count) in Marienbad, or None if the position is lost."""
    if not marienbad_wins(heaps, misere):
        return None
    for i, h in enumerate(heaps):
        for count in range(1, h + 1):
            after = [*heaps[:i], h - count, *heaps[i + 1:]]
            if any(after) and not marienbad_wins(after, misere):
                return i, count
            if not any(after) and not misere:
                return i, count
    return None


def _nim_positions(options: Any) -> int:
    """How many positions the memoised search would visit at most."""
    if options.variant == "marienbad":
        total = 1
        for h in options.heaps:
            total *= h + 1
        return total
    matches: int = options.matches
    if options.variant == "fibonacci":
        return matches * matches
    return matches + 1


class NimSolver(AcyclicSolver):
    """Nim: the memoised search, with the classic rules (:func:`nim_rule_move`) choosing
    between equally good moves, and alone deciding Marienbad games of more than
    :data:`NIM_SEARCH_LIMIT` positions (win or loss, no distance)."""

    def rule_move(self, state: GameState[Any]) -> tuple[Any, str] | None:
        return nim_rule_move(state)

    def rule_values(self, state: GameState[Any], options: Any) -> dict[Any, int] | None:
        if _nim_positions(options) <= NIM_SEARCH_LIMIT:
            return None
        values: dict[Any, int] = {}
        for move in state.legal_moves():
            child: Any = state.play(move)
            if child.outcome is not None:
                values[move] = through_move(terminal_value(child))
                continue
            lost_for_opponent = not marienbad_wins(child.heaps, options.misere)
            values[move] = UNKNOWN_DISTANCE if lost_for_opponent else -UNKNOWN_DISTANCE
        return values


# ------------------------------------------------------------------------------------------------
# Morpion 3x3
# ------------------------------------------------------------------------------------------------


class MorpionSolver(ExactSolver):
    """Exact Morpion 3x3 with the repetition rule.

    Step 1, once per process (a fraction of a second): every position reachable from the empty
    board, as (X cells, O cells, side to move), is generated with its moves, and a retrograde
    analysis labels it win in n / loss in n / draw for the side to move *as if repetitions were
    allowed*: finished positions are losses in 0; a position with a move to a loss in n is a win
    in n+1 (found in order of distance, so n is the smallest); a position whose every move leads
    to a win is a loss in 1 + the largest of those distances; whatever stays unlabelled can be
    kept going forever by both sides, a draw.

    Step 2, at play time. The repetition rule only ever ends a game in a draw, so it can take a
    win away from one side but never create one: a "draw" stays a draw, and a "win" may become a
    draw, depending on the arrangements already recorded in the game. So the value of a position
    *with its history* is the step-1 value or a draw, and :meth:`forced_win` decides which by an
    AND-OR search over the real states (whose ``history`` makes repetitions exact): the winner
    only tries moves to positions step 1 calls lost for the opponent (any other move lets the
    opponent hold a draw), the loser tries every move, and a move that repeats an arrangement
    ends that line in a draw. The search deepens two plies at a time from the step-1 distance up
    to :data:`MORPION_HORIZON` plies more; a win needing a longer detour than that around the
    recorded arrangements is counted as a draw.
    """

    SIZE = 3

    def __init__(self) -> None:
        self.values: dict[tuple[int, int, int], int] = {}
        self._memo: dict[tuple[Any, int], bool] = {}
        self._solve()

    # -- step 1 ---------------------------------------------------------------------------------

    def _solve(self) -> None:
        n = self.SIZE
        cells = n * n
        full = (1 << cells) - 1
        lines = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
        lines += [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        lines.append(sum(1 << (i * n + i) for i in range(n)))
        lines.append(sum(1 << (i * n + n - 1 - i) for i in range(n)))

        def has_line(mask: int) -> bool:
            return any(mask & ln == ln for ln in lines)

        def children(pos: tuple[int, int, int]) -> list[tuple[int, int, int]]:
            m0, m1, t = pos
            mine = m1 if t else m0
            empty = full & ~(m0 | m1)
            targets = [1 << i for i in range(cells) if empty >> i & 1]
            if mine.bit_count() < n:
                news = [mine | b for b in targets]
            else:
                news = [(mine ^ (1 << s)) | b for s in range(cells) if mine >> s & 1
                        for b in targets]
            return [(m0, new, 0) if t else (new, m1, 1) for new in news]

        start = (0, 0, 0)
        succ: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        terminal: list[tuple[int, int, int]] = []
        stack = [start]
        seen = {start}
        while stack:
            pos = stack.pop()
            m0, m1, t = pos
            if has_line(m1 if t == 0 else m0):  # the side that just moved made a line
                succ[pos] = []
                terminal.append(pos)
                continue
            kids = children(pos)
            succ[pos] = kids
            for kid in kids:
                if kid not in seen:
                    seen.add(kid)
                    stack.append(kid)
        preds: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {p: [] for p in succ}
        for pos, kids in succ.items():
            for kid in kids:
                preds[kid].append(pos)
        remaining = {pos: len(kids) for pos, kids in succ.items()}
        values = self.values
        queue: deque[tuple[int, int, int]] = deque()
        for pos in terminal:
            values[pos] = -WIN
            queue.append(pos)
        # Breadth-first by distance: each value is final when it is first set.
        while queue:
            pos = queue.popleft()
            v = values[pos]
            for parent in preds[pos]:
                if parent in values:
                    continue
                if v < 0:  # a move to a lost position: the parent wins, as fast as this
                    values[parent] = through_move(v)
                    queue.append(parent)
                else:
                    remaining[parent] -= 1
                    if remaining[parent] == 0:  # every move loses; this one last, so slowest
                        values[parent] = through_move(v)
                        queue.append(parent)
        for pos in succ:
            values.setdefault(pos, 0)

    def static_value(self, state: Any) -> int:
        """The step-1 value (repetitions ignored) of a state for its side to move."""
        m0, m1 = state.masks
        return self.values[(m0, m1, state.to_move)]

    # -- step 2 ---------------------------------------------------------------------------------

    def forced_win(self, state: Any, depth: int) -> bool:
        """Whether the side to move can force a win within ``depth`` plies from ``state``,
        with its real repetition history."""
        if depth < 1:
            return False
        key = (state, depth)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        me = state.to_move
        result = False
        candidates: list[tuple[int, Any]] = []
        for move in state.legal_moves():
            child = state.play(move)
            if child.outcome is not None:
                if child.outcome.winner == me:
                    result = True
                    break
                continue
            v = self.static_value(child)
            if v < 0 and WIN - (-v) + 1 <= depth:
                candidates.append((-v, child))
        if not result:
            # Try the quickest step-1 wins first.
            candidates.sort(key=lambda item: -item[0])
            for _, child in candidates:
                if self._all_replies_lose(child, depth - 2):
                    result = True
                    break
        self._memo[key] = result
        return result

    def _all_replies_lose(self, state: Any, depth: int) -> bool:
        """Whether every move of the side to move in ``state`` leads to a forced win (within
        ``depth``) of the other side; a reply that repeats an arrangement escapes."""
        for move in state.legal_moves():
            child = state.play(move)
            if child.outcome is not None:
                return False  # a draw by repetition (a win for the loser cannot happen here)
            if not self.forced_win(child, depth):
                return False
        return True

    def win_distance(self, state: Any) -> int | None:
        """The smallest number of plies in which the side to move forces a win from ``state``
        (with its history), or None if it cannot (within the horizon)."""
        v = self.static_value(state)
        if v <= 0:
            return None
        base = WIN - v
        for depth in range(base, base + MORPION_HORIZON + 1, 2):
            if self.forced_win(state, depth):
                return depth
        return None

    def value(self, state: Any, limits: Limits | None = None) -> int:
        """The exact value (within the horizon) of ``state`` for its side to move."""
        if state.outcome is not None:
            return terminal_value(state)
        v = self.static_value(state)
        if v == 0:
            return 0
        if v > 0:
            d = self.win_distance(state)
            return 0 if d is None else WIN - d
        # Step 1 says lost: each reply must leave the opponent a forced win.
        worst = 0
        for move in state.legal_moves():
            child = state.play(move)
            if child.outcome is not None:
                if child.outcome.winner is None:
                    return 0  # repeat an arrangement: a draw instead of a loss
                continue
            d = self.win_distance(child)
            if d is None:
                return 0
            worst = max(worst, d)
        return -(WIN - (worst + 1))


class MorpionTableSolver(MorpionSolver):
    """Exact Morpion 4x4 with the repetition rule: step 1 is the numpy retrograde table of
    :mod:`ai.morpion_retrograde` (every position, both sides to move), step 2 the history-aware
    search of :class:`MorpionSolver`."""

    SIZE = 4

    def _solve(self) -> None:
        # Not here: the table is solved on the first question (seconds of numpy), on the
        # thread that asks it (the AI worker), never while a player is being made.
        pass

    def static_value(self, state: Any) -> int:
        """The step-1 value (repetitions ignored) of a state for its side to move."""
        from ai.morpion_retrograde import table

        m0, m1 = state.masks
        mover, other = (m0, m1) if state.to_move == 0 else (m1, m0)
        return table(self.SIZE).value(mover, other)


# ------------------------------------------------------------------------------------------------
# The player
# ------------------------------------------------------------------------------------------------

#: The solvers by the name a game's descriptor gives (``GameInfo.solver``).
SOLVERS: dict[str, Callable[[], ExactSolver]] = {ACYCLIC: AcyclicSolver,
                                                 CLASSIC_SOLVER: NimSolver,
                                                 RETROGRADE_SOLVER: MorpionSolver,
                                                 RETROGRADE_TABLE_SOLVER: MorpionTableSolver}

_solvers: dict[Hashable, ExactSolver] = {}


def _solver_for(setup: GameSetup) -> ExactSolver:
    """The (cached, per process) solver of this game and variant."""
    solver = _solvers.get(setup)
    if solver is None:
        name = setup.solver
        if name not in SOLVERS:
            raise ValueError(f"perfect play is not available for {setup.describe()}")
        solver = _solvers[setup] = SOLVERS[name]()
    return solver


def perfect_applies(game: GameSetup | str, options: Any = None) -> bool:
    """Whether ``perfect`` can solve this game and variant: its descriptor names a solver
    this module has."""
    return GameSetup.of(game, options).solver in SOLVERS


class PerfectPlayer(Player):
    """Exact play: the best value, fastest win first, slowest loss first (see the module)."""

    def __init__(self, spec: str, seed: int | None, setup: GameSetup) -> None:
        super().__init__(spec, seed)
        if not perfect_applies(setup):
            raise ValueError(f"perfect play is not available for {setup.describe()}")
        self.options = setup.options
        self._solver = _solver_for(setup)

    def move_values(self, state: GameState[Any], limits: Limits | None = None
                    ) -> dict[Any, int]:
        """The exact value of every legal move of ``state`` for the side to move."""
        by_rule = self._solver.rule_values(state, self.options)
        if by_rule is not None:
            return by_rule
        values: dict[Any, int] = {}
        solver = self._solver
        # Deep Nim heaps recurse once per match; keep well inside Python's stack.
        if sys.getrecursionlimit() < 2000:
            sys.setrecursionlimit(2000)
        for move in state.legal_moves():
            child = state.play(move)
            if child.outcome is not None:
                values[move] = through_move(terminal_value(child))
            else:
                values[move] = through_move(solver.value(child, limits))
        return values

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Play a move of the best exact value; ties go to the rule's move (Nim's classic rules)
        or at random."""
        limits.check()
        values = self.move_values(state, limits)
        best = max(values.values())
        tied = [m for m, v in values.items() if v == best]
        info: dict[str, Any] = {}
        move = None
        by_rule = self._solver.rule_move(state)
        if by_rule is not None:
            rule_move, rule = by_rule
            info["rule"] = rule
            if rule_move in tied:
                move = rule_move
            elif values.get(rule_move, 0) > 0:
                info["note"] = f"the rule's move ({rule_move}) also wins, but more slowly"
        if move is None:
            move = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        info["verdict"] = describe_value(best)
        info["values"] = {str(m): describe_value(v) for m, v in values.items()}
        return Decision(move=move, scores={m: float(v) for m, v in values.items()},
                        score_kind="exact", depth=None, nodes=len(values), pv=(move,),
                        info=info, proven={m: proven_exact_value(v, UNKNOWN_DISTANCE)
                                           for m, v in values.items()})


def _register() -> None:
    """Add ``perfect`` to the roster of ``ai.registry``: it plays wherever a game's descriptor
    names an exact solver for the options."""
    from ai.registry import Need, PlayerInfo, register_player

    def build(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
        return PerfectPlayer("perfect", seed, setup)

    register_player(PlayerInfo(
        name="perfect",
        title="Perfect",
        description="Exact play: wins fast, loses slowly.",
        params=(),
        needs=frozenset({Need.SOLVER}),
        applies=perfect_applies,
        factory=build,
    ))


_register()
