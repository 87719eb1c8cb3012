"""The ``engine`` player for Othello: iterative deepening PVS, then an exact endgame solve.

How it decides (see :class:`OthelloEngine`):

1. A forced move (a lone legal move or the pass) is played at once.
1b. Levels 4 and 5 play a position of the opening book (ai/othello_book.py) at once, with the
   book's values; the decision says so (``info["book"]``).
2. Iterative deepening: depth 1, 2, 3... with :meth:`ai.othello_search.Searcher.negamax` (PVS
   alpha-beta, transposition table, move ordering) until the level's depth or time budget runs
   out. The previous iteration's best move is searched first, so an iteration cut short by the
   clock still answers once that move is searched: with its value at the new depth (or a move
   proven better there), the depth said unfinished. It is what a watching class was shown
   live; the depth before's value would differ by Othello's odd/even swing.
3. When few squares are empty (the level's ``exact`` threshold), the exact solver computes the
   final disc margin with perfect play; if it finishes in time its result replaces step 2's.

Time management (see :func:`move_time`): the level's budget (or ``time``) is a ceiling, never
passed by more than the few milliseconds between two looks at the clock. The opening gets a
share of it, the middlegame all of it; no new iteration starts after :data:`SOFT_STOP` of the
move's time (it would rarely finish), and the search stops early once one move is clearly best
(:data:`CLEAR_MARGIN`, chosen from ``benchmarks/othello.py clear``). Why the search stopped is
in the decision (``info["stopped"]``).

Levels (menu, :data:`LEVELS`): each is a time budget and a strength, described in its
``about`` text. The engine keeps its transposition table from move to move (bounded).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.base import Decision, Limits, Player
from ai.bounds import Proven, SearchTimeout
from ai.othello_book import Book, shipped_book
from ai.othello_eval import GEOMETRIES, Geometry, evaluate
from ai.othello_patterns import shipped_evaluator
from ai.othello_search import INF, PASS_SQ, PROVEN, Searcher
from ai.search import TO_THE_END
from game.rules.base import GameState
from game.rules.othello import GAME as OTHELLO
from game.rules.othello import (
    PASS,
    OthelloMove,
    OthelloState,
    flip_mask,
    legal_mask,
    move_at,
)
from game.rules.registry import GameSetup


@dataclass(frozen=True)
class Level:
    """One menu level: time budget (s), depth cap, exact-solve threshold, random slack, and
    whether it plays from the opening book; ``about`` says what that makes of it for a class
    (the strength figures are measured by ``benchmarks/othello.py levels``)."""

    number: int
    time: float
    depth: int
    exact_empties: int
    slack: int  # choose at random among moves within this many points of the best
    about: str
    discs_only: bool = False  # level 1 evaluates by disc count only
    book: bool = False


LEVELS: dict[int, Level] = {
    1: Level(1, time=0.1, depth=1, exact_empties=0, slack=400, discs_only=True,
             about="one move ahead counting discs, then any move within 4 discs of the "
                   "best at random: about as strong as random play, a beginner can win"),
    2: Level(2, time=0.2, depth=2, exact_empties=6, slack=60,
             about="two moves ahead with the evaluation, a little randomness, perfect in the "
                   "last 6 squares: beats random and greedy play, loses to careful players"),
    3: Level(3, time=0.5, depth=4, exact_empties=10, slack=0,
             about="four moves ahead, perfect in the last 10 squares: beats the seed's "
                   "minimax at depth 4 most of the time"),
    4: Level(4, time=1.0, depth=8, exact_empties=15, slack=0, book=True,
             about="opening book, up to eight moves ahead, perfect in the last 15 squares: "
                   "a strong club player"),
    5: Level(5, time=2.0, depth=60, exact_empties=20, slack=0, book=True,
             about="full strength: opening book, as deep as the time allows, perfect in the "
                   "last 20 squares"),
}


#: No budget makes the engine try to solve more empties than this.
MAX_SOLVE_EMPTIES = 24
#: Share of the budget given to the heuristic search before an exact endgame solve.
EXACT_PREPASS = 0.25
#: After an exact solve, working out the margins of the moves it only bounded may take this
#: many times the time the move took so far (see ``_margins``).
MARGINS_TIME = 3.0
#: Time management. The share of the budget a move may use, by empty squares: the first
#: row whose ``more than`` the position has. The opening, where the book and simple
#: principles do most of the work, gets half; the critical middlegame all of it (the endgame's
#: stages have their own split, see ``_endgame``).
TIME_SHARES: tuple[tuple[int, float], ...] = ((48, 0.5), (0, 1.0))
#: No new iteration starts after this share of the move's time: each costs a few times the
#: previous one, so it would rarely finish.
SOFT_STOP = 0.5
#: "Clearly best": from depth CLEAR_FROM, every other move is at least CLEAR_MARGIN points
#: (100 = a disc) worse than the best (see ``_clearly_best``): the search stops there. From
#: ``benchmarks/othello.py clear`` (docs/experiments.md, 60 positions): a depth-5+ search's
#: best move changed deeper in 7 of 24 searches whose gap was 3 discs or more (losing up to 4
#: discs), in 1 of 10 with 7 discs or more (at 15 empties, where level 5 solves exactly).
CLEAR_FROM = 5
CLEAR_MARGIN = 700
#: Time kept for building the decision after the search stops (seconds).
BUILD_MARGIN = 0.02

#: Why a search stopped (``info["stopped"]``).
STOP_DEPTH, STOP_TIME, STOP_SOFT, STOP_CLEAR, STOP_PROVEN, STOP_SOLVED = (
    "depth limit", "time budget", "next depth would not finish in time", "one move clearly best",
    "every move proven", "solved to the end of the game")


def move_time(budget: float, empties: int) -> float:
    """The seconds a move with ``empties`` empty squares may use of ``budget``
    (:data:`TIME_SHARES`)."""
    for more_than, share in TIME_SHARES:
        if empties > more_than:
            return share * budget
    return budget


#: The engine's evaluations (``eval=`` of ``engine-level``): the pattern weights fitted from
#: self-play (ai/othello_patterns.py, the default) and the hand-tuned one (ai/othello_eval.py),
#: kept for comparison.
EVALUATIONS = ("patterns", "hand")


def disc_evaluate(own: int, opp: int, g: Geometry) -> int:
    """Level 1's evaluation: the disc difference only (100 points per disc)."""
    return 100 * (own.bit_count() - opp.bit_count())


#: How a root move's value is known: exactly, or only as a bound.
EXACT_VALUE, AT_MOST, AT_LEAST = "exact", "at most", "at least"

#: What a root result's values are: heuristic points, a proven win/loss/draw (values are
#: bounds on the final margin whose sign is exact), or exact final disc margins.
HEURISTIC, WLD, EXACT = "heuristic", "win/loss/draw", "exact"


@dataclass
class RootResult:
    """One finished root search: best square, its value, each root move's value with how it
    is known (:data:`EXACT_VALUE`, :data:`AT_MOST` or :data:`AT_LEAST`), the depth, and the
    kind of values (:data:`HEURISTIC`, :data:`WLD` or :data:`EXACT`)."""

    best: int
    value: int
    scores: dict[int, tuple[int, str]]
    depth: int
    kind: str = HEURISTIC
    stopped: str = STOP_DEPTH  # why the search that gave it stopped
    #: An iteration the clock cut short: how many root moves it searched at ``depth``; None:
    #: every one. The others (``shallower``) keep their values of the depth before.
    searched: int | None = None
    shallower: tuple[int, ...] = ()
    #: The iteration before this one, as ``(depth, best square, value)``: with this one's
    #: value it shows the swing between odd and even depths. None: none (depth 1, a solve).
    earlier: tuple[int, int, int] | None = None

    @property
    def exact(self) -> bool:
        """Solved to the end of the game: the values are final disc margins (or bounds)."""
        return self.kind != HEURISTIC


class OthelloEngine(Player):
    """The strong Othello player (see the module docstring).

    ``level`` 1-5 picks the budget; ``time`` (seconds, > 0) overrides the level's budget, and
    ``Limits.time`` / ``Limits.depth`` override both for one decision. ``evaluation`` is one of
    :data:`EVALUATIONS` (level 1 always counts discs). Levels with a book use ``book`` (the
    shipped one when None; ``use_book=False`` turns it off).
    """

    def __init__(self, spec: str = "engine", seed: int | None = None, level: int = 5,
                 time_budget: float = 0.0, tt_entries: int = 300_000,
                 evaluation: str = "patterns",
                 clock: Callable[[], float] = time.perf_counter, book: Book | None = None,
                 use_book: bool = True) -> None:
        super().__init__(spec, seed)
        #: The clock the budget is counted on: wall clock for people; benchmarks on a shared
        #: machine pass ``time.thread_time`` so that a loaded match still gives each engine
        #: the same CPU seconds (see benchmarks/othello.py ``versus --clock cpu``).
        self.clock = clock
        if level not in LEVELS:
            raise ValueError(f"engine level must be 1 to 5, got {level!r}")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"engine evaluation must be one of {', '.join(EVALUATIONS)}, "
                             f"got {evaluation!r}")
        self.evaluation = evaluation
        if time_budget < 0:
            raise ValueError(f"engine time must be 0 (level's budget) or more, got {time_budget}")
        self.level = LEVELS[level]
        self.time_budget = time_budget if time_budget > 0 else self.level.time
        self.tt_entries = tt_entries
        self._tables: dict[int, Searcher] = {}
        self._limits = Limits()  # the current decision's, where its progress is published
        self.use_book = use_book and self.level.book
        self._book = book

    def solve_from(self, budget: float) -> int:
        """The number of empties from which this player tries to solve the game: the level's,
        two fewer each time the budget halves below the level's time (two more each time it
        doubles, up to 24): each two empties cost the solver a few times more."""
        base = self.level.exact_empties
        if base == 0 or budget <= 0:
            return base
        shift = round(2 * math.log2(budget / self.level.time))
        return max(0, min(base + shift, MAX_SOLVE_EMPTIES))

    def reset(self) -> None:
        """Forget the transposition tables."""
        self._tables.clear()

    def opening_book(self) -> Book | None:
        """The book this player plays from (None: none, or this level plays without)."""
        if not self.use_book:
            return None
        return self._book if self._book is not None else shipped_book()

    def _evaluator(self) -> Callable[[int, int, Geometry], int]:
        """The leaf evaluation of this player's level and ``evaluation``."""
        if self.level.discs_only:
            return disc_evaluate
        return shipped_evaluator() if self.evaluation == "patterns" else evaluate

    def _searcher(self, g: Geometry, deadline: float, limits: Limits) -> Searcher:
        """The searcher for this board size, keeping its tables from the previous move."""
        previous = self._tables.get(g.size)
        searcher = Searcher(g, deadline=deadline, cancel=limits.cancel,
                            tt_entries=self.tt_entries,
                            evaluator=self._evaluator(), clock=self.clock)
        if previous is not None:
            searcher.tt, searcher.ett, searcher.ett_old, searcher.history = (
                previous.tt, previous.ett, previous.ett_old, previous.history)
            # Old history counts would swamp new ones: halve them between moves.
            searcher.history[:] = [h // 2 for h in searcher.history]
        self._tables[g.size] = searcher
        searcher.progress = limits.progress
        self._limits = limits
        return searcher

    # --- the decision -------------------------------------------------------------------------

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Choose a move for ``state`` (an :class:`OthelloState`) within the time budget."""
        if not isinstance(state, OthelloState):
            raise TypeError(f"the Othello engine plays Othello states, got {type(state).__name__}")
        start = self.clock()
        moves = state.legal_moves()
        limits.check()
        if len(moves) == 1:
            only = moves[0]
            why = "no legal placement: must pass" if only == PASS else "only legal move"
            return Decision(move=only, scores={only: 0.0}, depth=0, nodes=0, pv=(only,),
                            info={"forced": why, "level": self.level.number})
        budget = limits.time if limits.time is not None else self.time_budget
        max_depth = limits.depth if limits.depth is not None else self.level.depth
        book = self.opening_book() if limits.depth is None and state.size == 8 else None
        if book is not None:
            from_book = self._book_decision(state, book, budget, start)
            if from_book is not None:
                return from_book
        g = GEOMETRIES[state.size]
        # Keep a small margin for building the decision after the search stops.
        searcher = self._searcher(g, start + max(budget - BUILD_MARGIN, 0.0), limits)
        own, opp = state.own, state.opp
        empties = state.empty_count
        if 0 < empties <= self.solve_from(budget) and limits.depth is None:
            result = self._endgame(searcher, own, opp, start, budget, max_depth, empties)
        elif limits.depth is None:
            # Time management: the budget is a ceiling; spend less of it in the opening and
            # stop early when one move is clearly best (see _iterate).
            allowed = move_time(budget, empties)
            searcher.deadline = start + max(allowed - BUILD_MARGIN, 0.0)
            result = self._iterate(searcher, own, opp, max_depth, empties,
                                   soft_stop=start + SOFT_STOP * allowed)
        else:
            result = self._iterate(searcher, own, opp, max_depth, empties)
        decision = self._decision(searcher, state, result, budget, start)
        # Beside "stopped": why it looked no deeper. A cap the game's end comes before (level
        # 5's 60) is a search to the end: "stopped at depth 11 of 60" read as a goal of 60.
        decision.info["depth_asked"] = max_depth if max_depth < empties else TO_THE_END
        return decision

    def _book_decision(self, state: OthelloState, book: Book, budget: float,
                       start: float) -> Decision | None:
        """The book's move for ``state`` as a decision (None when the position is not in the
        book): its best move, the book's values of its moves, and where they came from."""
        own, opp = state.own, state.opp
        moves = book.moves(own, opp)
        legal = legal_mask(own, opp)
        if not moves or not all(legal >> sq & 1 for sq, _ in moves):
            return None  # not in the book (a checked book never stores an illegal move)
        best = move_at(moves[0][0])
        return Decision(
            move=best,
            scores={move_at(sq): float(v) for sq, v in moves},
            depth=book.depth,
            nodes=0,
            pv=(best,),
            info={"level": self.level.number, "book": book.source, "budget": budget,
                  "units": _UNITS_POINTS, "exact": False, "solved": HEURISTIC,
                  "stopped": "opening book", "search_time": self.clock() - start},
        )

    def _endgame(self, searcher: Searcher, own: int, opp: int, start: float, budget: float,
                 max_depth: int, empties: int) -> RootResult:
        """Few empties: a short heuristic search (a fallback move and a move order), then a
        win/loss/draw solve, then the exact solve; each later stage, if it finishes in time,
        replaces the earlier one's result.

        So that a stage cut short by the clock never makes the move worse: the exact stage
        searches the move the earlier stages think best first, and when it is cut short the
        root moves it did solve are kept (their exact margins, or a move proven better than
        the first). In a proven loss the win/loss/draw search's best move is only the one
        with the highest bound, which says nothing about the margin: the heuristic search's
        best move is the one played unless the exact stage finds better."""
        full_deadline = searcher.deadline
        searcher.deadline = start + EXACT_PREPASS * budget
        result = self._iterate(searcher, own, opp, min(max_depth, 6), empties)
        searcher.deadline = full_deadline
        order = self._order(result)
        with contextlib.suppress(SearchTimeout):  # unsolved in time: keep what we have
            result = self._solve_root(searcher, own, opp, order, -1, 1, WLD)
            if result.value != 0:  # a draw is already exact: 0 is inside the window
                if result.value > 0:
                    # The win/loss/draw search stops at the first win (the best winning move
                    # in the heuristic order): solve it first, on the winning side.
                    order = [result.best] + [sq for sq in order if sq != result.best]
                    lo, hi = 0, INF
                else:
                    # Every move loses (the scores are upper bounds): keep the heuristic order
                    # and its best move, which is now the best so far.
                    result.best = order[0]
                    result.value, known = result.scores[order[0]]
                    self._report(empties, order[0], result.value, True, searcher.nodes, known)
                    lo, hi = -INF, 0
                result = self._solve_root(searcher, own, opp, order, lo, hi, EXACT,
                                          partial_from=result)
            else:
                result.kind = EXACT
        if result.exact:
            result.stopped = STOP_SOLVED
        if result.kind == EXACT:
            self._margins(searcher, own, opp, result, start)
        return result

    def _margins(self, searcher: Searcher, own: int, opp: int, result: RootResult,
                 start: float) -> None:
        """The exact final margin of each root move the exact solve only bounded: it proves
        every move but the best no better than the best (a null window), and the class saw
        "\u221210" beside moves that "lose" by no stated margin (QA, an endgame with 12 empty
        squares: the others lose by 16, 24 and 42, about 27,000 positions more where the
        solve took 19,000). Within the move's time and :data:`MARGINS_TIME` times the time
        taken so far; cut short, the moves not reached keep their bounds. The move chosen does
        not change."""
        deadline = searcher.deadline
        now = self.clock()
        searcher.deadline = min(deadline, now + MARGINS_TIME * (now - start))
        try:
            for sq, (_value, known) in list(result.scores.items()):
                if known != EXACT_VALUE:
                    f = flip_mask(own, opp, sq)
                    value = -searcher.solve(opp & ~f, own | f | (1 << sq), -INF, INF)
                    result.scores[sq] = (value, EXACT_VALUE)
        except SearchTimeout:
            pass  # the bounds stay: the board says so
        finally:
            searcher.deadline = deadline

    def _solve_root(self, searcher: Searcher, own: int, opp: int, order: list[int],
                    alpha: int, beta: int, kind: str,
                    partial_from: RootResult | None = None) -> RootResult:
        """Solve the root moves in ``order`` with the window ``(alpha, beta)``, PVS: the first
        move with the window, the others first with a null window. Stops at a move proven
        ``>= beta`` (a win, for the win/loss/draw window ``(-1, 1)``).

        Cut short by the clock, it raises SearchTimeout; unless ``partial_from`` (an earlier
        stage's result for the same order) is given and a root move was solved: then that
        result comes back with the solved moves' values, and with the best solved move (or
        a move proven better than it) as its move."""
        scores: dict[int, tuple[int, str]] = {}
        solve = searcher.solve
        empties = (searcher.g.region & ~(own | opp)).bit_count()
        best, best_sq = -INF, order[0]
        a = alpha
        self._limits.report_searching(empties)
        for i, sq in enumerate(order):
            f = flip_mask(own, opp, sq)
            c_own, c_opp = opp & ~f, own | f | (1 << sq)
            try:
                if i == 0:
                    v = -solve(c_own, c_opp, -beta, -a)
                else:
                    v = -solve(c_own, c_opp, -a - 1, -a)
                    if a < v < beta:
                        scores[sq] = (v, AT_LEAST)  # already proven better than the best
                        best, best_sq = v, sq
                        # The best so far, should the clock stop the exact value's search.
                        self._report(empties, sq, v, True, searcher.nodes, AT_LEAST)
                        v = -solve(c_own, c_opp, -beta, -v)
            except SearchTimeout:
                if partial_from is None or not scores:
                    raise
                merged = dict(partial_from.scores)
                merged.update(scores)
                return RootResult(best_sq, merged[best_sq][0], merged, empties,
                                  partial_from.kind)
            scores[sq] = (v, AT_MOST if v <= a else AT_LEAST if v >= beta else EXACT_VALUE)
            if v > best or sq == best_sq:
                best, best_sq = v, sq
                self._report(empties, sq, v, True, searcher.nodes, scores[sq][1])
                if v > a:
                    a = v
                    if a >= beta:
                        break
            self._limits.report_moves(len(scores), len(order))
        # Done, also when a move proven >= beta ends it: no other move can change the answer.
        self._limits.report_moves(len(order), len(order))
        return RootResult(best_sq, best, scores, empties, kind)

    def _iterate(self, searcher: Searcher, own: int, opp: int, max_depth: int,
                 empties: int, soft_stop: float = float("inf")) -> RootResult:
        """Iterative deepening; returns the last completed (or usefully partial) iteration.

        No new iteration starts after ``soft_stop`` (it would rarely finish: each one costs
        a few times the previous), nor once the best move is clearly best (see
        :meth:`_clearly_best`) at a depth from :data:`CLEAR_FROM` on."""
        deadline = searcher.deadline
        searcher.deadline = float("inf")  # depth 1 always completes: it costs a few evaluations
        result = self._root(searcher, own, opp, 1, None, all_exact=self.level.slack > 0)
        searcher.deadline = deadline
        depth = 2
        stopped = STOP_DEPTH
        while depth <= max_depth:
            try:
                deeper = self._root(searcher, own, opp, depth, self._order(result),
                                    all_exact=self.level.slack > 0, partial_from=result)
            except SearchTimeout:
                stopped = STOP_TIME
                break
            deeper.earlier = (result.depth, result.best, result.value)
            result = deeper
            if result.searched is not None:  # cut short by the clock, answering at its depth
                stopped = STOP_TIME
                break
            if all(abs(v) >= PROVEN for v, _ in result.scores.values()) or depth > empties + 2:
                stopped = STOP_PROVEN  # deeper search cannot change anything
                break
            if soft_stop < float("inf"):  # a timed search: time management applies
                if self.clock() > soft_stop:
                    stopped = STOP_SOFT
                    break
                if depth >= CLEAR_FROM and depth < max_depth:
                    try:
                        if self._clearly_best(searcher, own, opp, result):
                            stopped = STOP_CLEAR
                            break
                    except SearchTimeout:
                        stopped = STOP_TIME
                        break
            depth += 1
        result.stopped = stopped
        return result

    @staticmethod
    def _clearly_best(searcher: Searcher, own: int, opp: int, result: RootResult) -> bool:
        """Whether every other root move is at least :data:`CLEAR_MARGIN` points worse than
        the best at the result's depth: a null-window search of each at that bound (cheaper
        than the next iteration; the most dangerous first, so a failing test ends soon). The
        PVS values of the other moves cannot tell: they are upper bounds, often the best's."""
        if _lead(result) >= CLEAR_MARGIN:
            return True  # known already (a single move, or exact values at the beginner levels)
        bound = result.value - CLEAR_MARGIN
        child_depth = result.depth - 1
        negamax = searcher.negamax
        others = sorted((sq for sq in result.scores if sq != result.best),
                        key=lambda sq: -result.scores[sq][0])
        for sq in others:
            f = flip_mask(own, opp, sq)
            if -negamax(opp & ~f, own | f | (1 << sq), child_depth, -bound - 1, -bound) > bound:
                return False
        return True

    @staticmethod
    def _order(result: RootResult) -> list[int]:
        """Root squares best first, from a previous result."""
        return sorted(result.scores, key=lambda sq: (sq != result.best, -result.scores[sq][0]))

    def _root(self, searcher: Searcher, own: int, opp: int, depth: int, order: list[int] | None,
              *, all_exact: bool, partial_from: RootResult | None = None) -> RootResult:
        """Search every root move at ``depth``; PVS unless ``all_exact``.

        Cut short by the clock once its first move (the previous best, from ``partial_from``)
        was searched, the iteration still answers, as strong engines do: its best move so far
        with that move's value at this depth, the depth said unfinished (``searched``: the moves
        it reached; the others keep their values of ``partial_from``). That is what a watching
        class was shown ("best so far" at this depth); the move is the one the finished depth
        chose unless a move beat it here (then it is proven better at this depth). So live and
        final tell one story: the old way answered with the finished depth's value of the same
        move, which in Othello swings by several discs between odd and even depths ("+2.5" live
        at depth 10, "\u22124.3" at depth 9 after the move). At the beginners' levels
        (``all_exact``: a random choice among close exact values, which values of two depths
        would mix) only a move that beat the first makes it answer; otherwise it raises.
        """
        region = searcher.g.region
        if order is None:
            moves = searcher.order(own, opp, legal_mask(own, opp, region), depth, PASS_SQ)
            order = [sq for _, sq, _ in moves]
        scores: dict[int, tuple[int, str]] = {}
        alpha = -INF
        best = order[0]
        negamax = searcher.negamax
        child_depth = depth - 1
        total = len(order)
        self._limits.report_searching(depth)
        for i, sq in enumerate(order):
            f = flip_mask(own, opp, sq)
            c_own, c_opp = opp & ~f, own | f | (1 << sq)
            try:
                if i == 0 or all_exact:
                    v = -negamax(c_own, c_opp, child_depth, -INF, INF)
                else:
                    v = -negamax(c_own, c_opp, child_depth, -alpha - 1, -alpha)
                    if v > alpha:
                        v = -negamax(c_own, c_opp, child_depth, -INF, -alpha)
            except SearchTimeout:
                if (partial_from is not None and scores
                        and (best != partial_from.best or not all_exact)):
                    merged = dict(partial_from.scores)
                    merged.update(scores)
                    return RootResult(best, alpha, merged, depth, searched=len(scores),
                                      shallower=tuple(sq for sq in order if sq not in scores))
                raise
            is_exact = i == 0 or all_exact or v > alpha
            scores[sq] = (v, EXACT_VALUE if is_exact else AT_MOST)
            if v > alpha:
                alpha = v
                best = sq
                self._report(depth, sq, v, False, searcher.nodes)
            self._limits.report_moves(len(scores), total)
        return RootResult(best, alpha, scores, depth)

    def _report(self, depth: int, sq: int, value: int, exact: bool, nodes: int,
                known: str = EXACT_VALUE) -> None:
        """Tell a watching class the best move so far and its score (in this engine's units;
        ``known`` says whether the score is the value or a bound of it)."""
        progress = self._limits.progress
        if progress is None:
            return
        kind = "discs" if exact else "value"
        other_kind = progress.best is not None and progress.score_kind != kind
        progress.score_kind = kind
        progress.units = (_UNITS_EXACT if exact else _UNITS_POINTS)
        progress.bound = None if known == EXACT_VALUE else known
        self._limits.report(depth, PASS if sq == PASS_SQ else move_at(sq), float(value), nodes)
        if other_kind:
            # The solve after the heuristic search: its margins are no deeper estimate.
            progress.previous = None

    def _decision(self, searcher: Searcher, state: OthelloState, result: RootResult,
                  budget: float, start: float) -> Decision:
        """Turn a root result into the Decision shown to the class."""
        best = result.best
        slack = self.level.slack
        close: list[int] = []
        if slack > 0 and not result.exact:
            # Beginners' levels: any move within ``slack`` points of the best, at random.
            close = sorted(sq for sq, (v, known) in result.scores.items()
                           if known == EXACT_VALUE and v >= result.value - slack)
            if close:
                best = self.rng.choice(close)
        own, opp = state.own, state.opp
        limit = result.depth if not result.exact else state.empty_count + 2
        pv_squares = searcher.principal_line(own, opp, best, max(limit, 1), result.exact)
        pv = tuple(PASS if sq == PASS_SQ else move_at(sq) for sq in pv_squares)
        scores: dict[Any, float] = {move_at(sq): float(v) for sq, (v, _) in result.scores.items()}
        bounds = {str(move_at(sq)): known for sq, (_, known) in result.scores.items()}
        value = result.scores[best][0]
        info: dict[str, Any] = {
            "level": self.level.number,
            "evaluation": "discs" if self.level.discs_only else self.evaluation,
            "budget": budget,
            "exact": result.kind == EXACT,
            "solved": result.kind,
            "bounds": bounds,
            "search_time": self.clock() - start,
            "stopped": result.stopped,
        }
        if result.scores[best][0] < result.scores[result.best][0]:
            # Said to the class: the board rings the best-scored move, this one was played
            # (QA S16 18: level 2 played c3 at -1.4 beside e3 at -1.0, nothing said why).
            info["random_pick"] = {"slack": slack, "best": str(move_at(result.best)),
                                   "among": len(close)}
        if result.searched is not None:
            # The last depth was cut short: the root moves it searched, of all of them, and
            # those it did not reach, valued one depth less (with Othello's odd/even swing,
            # such a value may stand above the chosen move's: a board may say so).
            info["depth_moves"] = [result.searched, len(result.scores)]
            info["shallower"] = [str(move_at(sq)) for sq in result.shallower]
        if result.earlier is not None and not result.exact:
            # The depth before, for the odd/even swing: [depth, its best move, its value].
            depth_before, sq_before, value_before = result.earlier
            info["previous_depth"] = [depth_before, str(move_at(sq_before)),
                                      float(value_before)]
        if result.kind == EXACT:
            info["units"] = _UNITS_EXACT
            info["proven"] = _margin_text(value)
        elif result.kind == WLD:
            info["units"] = ("bounds on the final disc margin with perfect play: the sign "
                             "(win, draw or loss) is proven")
            info["proven"] = "win" if value > 0 else "loss" if value < 0 else "draw"
        else:
            info["units"] = _UNITS_POINTS
            if abs(value) >= PROVEN:
                info["proven"] = _margin_text(value // PROVEN if value > 0 else
                                              -((-value) // PROVEN))
        return Decision(
            move=move_at(best),
            scores=scores,
            score_kind="discs" if result.exact else "value",
            depth=result.depth,
            nodes=searcher.nodes,
            pv=pv,
            info=info,
            proven=_proven(result),
        )


def _proven(result: RootResult) -> dict[Any, Proven]:
    """The root moves whose result is proven: exact margins after an exact solve; after a
    win/loss/draw solve (or a bound of an exact one) the sign alone when the bound decides it;
    in a heuristic search, the moves whose value is beyond ``PROVEN`` (a finished game)."""
    proven: dict[Any, Proven] = {}
    for sq, (value, known) in result.scores.items():
        if result.kind == HEURISTIC:
            if known != EXACT_VALUE or abs(value) < PROVEN:
                continue
            margin = value // PROVEN if value > 0 else -((-value) // PROVEN)
            proven[move_at(sq)] = Proven((margin > 0) - (margin < 0), None, margin)
        elif known == EXACT_VALUE:
            proven[move_at(sq)] = Proven((value > 0) - (value < 0), None, value)
        elif known == AT_LEAST and value > 0:
            proven[move_at(sq)] = Proven(1)
        elif known == AT_MOST and value < 0:
            proven[move_at(sq)] = Proven(-1)
    return proven


_UNITS_EXACT = "final disc margin with perfect play (empty squares to the winner)"
_UNITS_POINTS = "evaluation points (100 is about one disc); +-10000 per disc = proven"


def _lead(result: RootResult) -> int:
    """How far the best root move is ahead of every other (their values are exact or upper
    bounds, so this is a true lower bound of the gap); very large with a single move."""
    others = [v for sq, (v, _) in result.scores.items() if sq != result.best]
    return result.value - max(others) if others else INF


def _margin_text(margin: int) -> str:
    """A proven result in words."""
    if margin > 0:
        return f"win by {margin} disc{'s' if margin != 1 else ''}"
    if margin < 0:
        return f"loss by {-margin} disc{'s' if margin != -1 else ''}"
    return "draw"


def describe_levels() -> str:
    """The levels in one line each, for help texts: budget, depth, exact solve, and what
    that makes of the level."""
    return "\n".join(
        f"level {lv.number}: {lv.time:g} s, depth {lv.depth}, exact from {lv.exact_empties} "
        f"empties{', opening book' if lv.book else ''}: {lv.about}" for lv in LEVELS.values())


__all__ = ["LEVELS", "OthelloEngine", "OthelloMove", "describe_levels"]


def _make_engine(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    """``engine`` for Othello: full strength (level 5 settings) with the ``time`` budget,
    searching every move, also in the opening: it is the player of analyses, matches and of a
    class watching a search think; the menu's levels 4-5 (``engine-level``) use the book."""
    return OthelloEngine("engine", seed, level=5, time_budget=float(params["time"]),
                         use_book=False)


def _make_levelled(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    """``engine-level``: the menu's levels 1-5, ``time`` 0 meaning the level's own budget."""
    choice = params.get("eval", 0)
    evaluation = choice if isinstance(choice, str) else EVALUATIONS[int(choice)]
    return OthelloEngine("engine-level", seed, level=int(params["level"]),
                         time_budget=float(params["time"]), evaluation=evaluation)


def _register() -> None:
    """Put the engine on the player roster.

    ``engine`` is one player for every game (``ai.search``); this module gives it Othello's own
    engine through :func:`ai.search.register_game_engine`, with the same parameter (``time``).
    The levels of the menu need a ``level`` parameter, which the shared ``engine`` entry cannot
    take: they are the player ``engine-level``, which only plays Othello.
    """
    from ai.registry import Param, PlayerInfo, register_player
    from ai.search import register_game_engine

    register_game_engine(OTHELLO.name, _make_engine)
    register_player(PlayerInfo(
        name="engine-level",
        title="Engine (levels)",
        description="Othello engine by level: 1 easy, 5 full strength.",
        params=(
            Param("level", int, 3, 1, 5, "1 = a beginner can win, 5 = full strength",
                  in_title=True),
            Param("time", float, 0.0, 0.0, 60.0, "seconds per move; 0 = the level's budget",
                  zero="level"),
            Param("eval", int, 0, 0, len(EVALUATIONS) - 1,
                  "patterns = weights fitted from self-play, hand = the hand-tuned terms",
                  choices=EVALUATIONS),
        ),
        applies=lambda setup: setup.info is OTHELLO,
        factory=_make_levelled,
    ))


_register()
