"""The ``engine`` player for Othello: iterative deepening PVS, then an exact endgame solve.

How it decides (see :class:`OthelloEngine`):

1. A forced move (a lone legal move or the pass) is played at once.
2. Iterative deepening: depth 1, 2, 3... with :meth:`ai.othello_search.Searcher.negamax` (PVS
   alpha-beta, transposition table, move ordering) until the level's depth or time budget runs
   out. The previous iteration's best move is searched first, so an iteration cut short by the
   clock still improves the choice when a better move was already proven at the new depth.
3. When few squares are empty (the level's ``exact`` threshold), the exact solver computes the
   final disc margin with perfect play; if it finishes in time its result replaces step 2's.

Levels (menu): 1 = a beginner can win (one ply, disc-count eval and random slack between good
moves), 5 = full strength. The engine keeps its transposition table from move to move (bounded).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from typing import Any

from ai.base import Decision, Limits, Player
from ai.bounds import Proven, SearchTimeout
from ai.othello_eval import GEOMETRIES, Geometry, evaluate
from ai.othello_search import INF, PASS_SQ, PROVEN, Searcher
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
    """One menu level: time budget (s), depth cap, exact-solve threshold and random slack."""

    number: int
    time: float
    depth: int
    exact_empties: int
    slack: int  # choose at random among moves within this many points of the best
    discs_only: bool = False  # level 1 evaluates by disc count only


LEVELS: dict[int, Level] = {
    1: Level(1, time=0.1, depth=1, exact_empties=0, slack=400, discs_only=True),
    2: Level(2, time=0.2, depth=2, exact_empties=6, slack=60),
    3: Level(3, time=0.5, depth=4, exact_empties=10, slack=0),
    4: Level(4, time=1.0, depth=8, exact_empties=13, slack=0),
    5: Level(5, time=2.0, depth=60, exact_empties=16, slack=0),
}


#: Share of the budget given to the heuristic search before an exact endgame solve.
EXACT_PREPASS = 0.25


def disc_evaluate(own: int, opp: int, g: Geometry) -> int:
    """Level 1's evaluation: the disc difference only (100 points per disc)."""
    return 100 * (own.bit_count() - opp.bit_count())


@dataclass
class RootResult:
    """One finished root search: best square, its value, and each root move's value and
    whether that value is exact (True) or only an upper bound (False)."""

    best: int
    value: int
    scores: dict[int, tuple[int, bool]]
    depth: int
    exact: bool  # solved to the end of the game (values are final disc margins)


class OthelloEngine(Player):
    """The strong Othello player (see the module docstring).

    ``level`` 1-5 picks the budget; ``time`` (seconds, > 0) overrides the level's budget, and
    ``Limits.time`` / ``Limits.depth`` override both for one decision.
    """

    def __init__(self, spec: str = "engine", seed: int | None = None, level: int = 5,
                 time_budget: float = 0.0, tt_entries: int = 300_000) -> None:
        super().__init__(spec, seed)
        if level not in LEVELS:
            raise ValueError(f"engine level must be 1 to 5, got {level!r}")
        if time_budget < 0:
            raise ValueError(f"engine time must be 0 (level's budget) or more, got {time_budget}")
        self.level = LEVELS[level]
        self.time_budget = time_budget if time_budget > 0 else self.level.time
        self.tt_entries = tt_entries
        self._tables: dict[int, Searcher] = {}
        self._limits = Limits()  # the current decision's, where its progress is published

    def reset(self) -> None:
        """Forget the transposition tables."""
        self._tables.clear()

    def _searcher(self, g: Geometry, deadline: float, limits: Limits) -> Searcher:
        """The searcher for this board size, keeping its tables from the previous move."""
        previous = self._tables.get(g.size)
        searcher = Searcher(g, deadline=deadline, cancel=limits.cancel,
                            tt_entries=self.tt_entries,
                            evaluator=disc_evaluate if self.level.discs_only else evaluate)
        if previous is not None:
            searcher.tt, searcher.ett, searcher.history = (previous.tt, previous.ett,
                                                           previous.history)
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
        start = time.perf_counter()
        moves = state.legal_moves()
        limits.check()
        if len(moves) == 1:
            only = moves[0]
            why = "no legal placement: must pass" if only == PASS else "only legal move"
            return Decision(move=only, scores={only: 0.0}, depth=0, nodes=0, pv=(only,),
                            info={"forced": why, "level": self.level.number})
        budget = limits.time if limits.time is not None else self.time_budget
        max_depth = limits.depth if limits.depth is not None else self.level.depth
        g = GEOMETRIES[state.size]
        # Keep a small margin for building the decision after the search stops.
        searcher = self._searcher(g, start + max(budget - 0.02, 0.0), limits)
        own, opp = state.own, state.opp
        empties = state.empty_count
        if 0 < empties <= self.level.exact_empties and limits.depth is None:
            # A short heuristic search first (a fallback move and a move order), then the
            # exact solve gets the rest of the budget.
            full_deadline = searcher.deadline
            searcher.deadline = start + EXACT_PREPASS * budget
            result = self._iterate(searcher, own, opp, min(max_depth, 6), empties)
            searcher.deadline = full_deadline
            with contextlib.suppress(SearchTimeout):  # unsolved in time: keep the search's
                result = self._root(searcher, own, opp, empties, self._order(result),
                                    exact=True, all_exact=False)
        else:
            result = self._iterate(searcher, own, opp, max_depth, empties)
        return self._decision(searcher, state, result, budget, start)

    def _iterate(self, searcher: Searcher, own: int, opp: int, max_depth: int,
                 empties: int) -> RootResult:
        """Iterative deepening; returns the last completed (or usefully partial) iteration."""
        deadline = searcher.deadline
        searcher.deadline = float("inf")  # depth 1 always completes: it costs a few evaluations
        result = self._root(searcher, own, opp, 1, None, exact=False,
                            all_exact=self.level.slack > 0)
        searcher.deadline = deadline
        depth = 2
        while depth <= max_depth:
            try:
                result = self._root(searcher, own, opp, depth, self._order(result),
                                    exact=False, all_exact=self.level.slack > 0,
                                    partial_from=result)
            except SearchTimeout:
                break
            if all(abs(v) >= PROVEN for v, _ in result.scores.values()) or depth > empties + 2:
                break  # every root move is proven: deeper search cannot change anything
            depth += 1
        return result

    @staticmethod
    def _order(result: RootResult | None) -> list[int] | None:
        """Root squares best first, from a previous result."""
        if result is None:
            return None
        return sorted(result.scores, key=lambda sq: (sq != result.best, -result.scores[sq][0]))

    def _root(self, searcher: Searcher, own: int, opp: int, depth: int, order: list[int] | None,
              *, exact: bool, all_exact: bool, partial_from: RootResult | None = None
              ) -> RootResult:
        """Search every root move at ``depth`` (or solve exactly); PVS unless ``all_exact``.

        On timeout, if the first (previous best) move was searched and another move then beat
        it at this depth, a RootResult for that move is returned instead of raising.
        """
        region = searcher.g.region
        if order is None:
            moves = searcher.order(own, opp, legal_mask(own, opp, region), depth, PASS_SQ)
            order = [sq for _, sq, _ in moves]
        scores: dict[int, tuple[int, bool]] = {}
        alpha = -INF
        best = order[0]
        negamax = searcher.negamax
        child_depth = depth - 1
        for i, sq in enumerate(order):
            f = flip_mask(own, opp, sq)
            c_own, c_opp = opp & ~f, own | f | (1 << sq)
            try:
                if exact:
                    if i == 0 or all_exact:
                        v = -searcher.solve(c_own, c_opp, -INF, INF)
                    else:
                        v = -searcher.solve(c_own, c_opp, -alpha - 1, -alpha)
                        if v > alpha:
                            v = -searcher.solve(c_own, c_opp, -INF, -alpha)
                elif i == 0 or all_exact:
                    v = -negamax(c_own, c_opp, child_depth, -INF, INF)
                else:
                    v = -negamax(c_own, c_opp, child_depth, -alpha - 1, -alpha)
                    if v > alpha:
                        v = -negamax(c_own, c_opp, child_depth, -INF, -alpha)
            except SearchTimeout:
                if partial_from is not None and scores and best != partial_from.best:
                    merged = dict(partial_from.scores)
                    merged.update(scores)
                    return RootResult(best, alpha, merged, partial_from.depth, False)
                raise
            is_exact = i == 0 or all_exact or v > alpha
            scores[sq] = (v, is_exact)
            if v > alpha:
                alpha = v
                best = sq
                self._report(depth, sq, v, exact, searcher.nodes)
        return RootResult(best, alpha, scores, depth, exact)

    def _report(self, depth: int, sq: int, value: int, exact: bool, nodes: int) -> None:
        """Tell a watching class the best move so far and its score (in this engine's units)."""
        progress = self._limits.progress
        if progress is None:
            return
        progress.score_kind = "discs" if exact else "value"
        progress.units = (_UNITS_EXACT if exact else _UNITS_POINTS)
        self._limits.report(depth, PASS if sq == PASS_SQ else move_at(sq), float(value), nodes)

    def _decision(self, searcher: Searcher, state: OthelloState, result: RootResult,
                  budget: float, start: float) -> Decision:
        """Turn a root result into the Decision shown to the class."""
        best = result.best
        slack = self.level.slack
        if slack > 0 and not result.exact:
            # Beginners' levels: any move within ``slack`` points of the best, at random.
            close = sorted(sq for sq, (v, ok) in result.scores.items()
                           if ok and v >= result.value - slack)
            if close:
                best = self.rng.choice(close)
        own, opp = state.own, state.opp
        limit = result.depth if not result.exact else state.empty_count + 2
        pv_squares = searcher.principal_line(own, opp, best, max(limit, 1), result.exact)
        pv = tuple(PASS if sq == PASS_SQ else move_at(sq) for sq in pv_squares)
        scores: dict[Any, float] = {move_at(sq): float(v) for sq, (v, _) in result.scores.items()}
        bounds = {str(move_at(sq)): ("exact" if ok else "at most")
                  for sq, (_, ok) in result.scores.items()}
        value = result.scores[best][0]
        info: dict[str, Any] = {
            "level": self.level.number,
            "budget": budget,
            "exact": result.exact,
            "bounds": bounds,
            "search_time": time.perf_counter() - start,
        }
        if result.exact:
            info["units"] = _UNITS_EXACT
            info["proven"] = _margin_text(value)
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
    """The root moves whose final disc margin is proven (exact values only): the whole root
    after an exact solve, else the moves whose search value is beyond ``PROVEN``."""
    proven: dict[Any, Proven] = {}
    for sq, (value, ok) in result.scores.items():
        if not ok:
            continue
        if result.exact:
            margin = value
        elif abs(value) >= PROVEN:
            margin = value // PROVEN if value > 0 else -((-value) // PROVEN)
        else:
            continue
        proven[move_at(sq)] = Proven((margin > 0) - (margin < 0), None, margin)
    return proven


_UNITS_EXACT = "final disc margin with perfect play (empty squares to the winner)"
_UNITS_POINTS = "evaluation points (100 is about one disc); +-10000 per disc = proven"


def _margin_text(margin: int) -> str:
    """A proven result in words."""
    if margin > 0:
        return f"win by {margin} disc{'s' if margin != 1 else ''}"
    if margin < 0:
        return f"loss by {-margin} disc{'s' if margin != -1 else ''}"
    return "draw"


def describe_levels() -> str:
    """The levels in one line each, for help texts."""
    return "\n".join(
        f"level {lv.number}: {lv.time:g} s, depth {lv.depth}, exact from {lv.exact_empties} "
        f"empties" for lv in LEVELS.values())


__all__ = ["LEVELS", "OthelloEngine", "OthelloMove", "describe_levels"]


def _make_engine(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    """``engine`` for Othello: full strength (level 5 settings) with the ``time`` budget."""
    return OthelloEngine("engine", seed, level=5, time_budget=float(params["time"]))


def _make_levelled(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    """``engine-level``: the menu's levels 1-5, ``time`` 0 meaning the level's own budget."""
    return OthelloEngine("engine-level", seed, level=int(params["level"]),
                         time_budget=float(params["time"]))


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
            Param("level", int, 3, 1, 5, "1 = a beginner can win, 5 = full strength"),
            Param("time", float, 0.0, 0.0, 60.0, "seconds per move; 0 = the level's budget"),
        ),
        applies=lambda setup: setup.info is OTHELLO,
        factory=_make_levelled,
    ))


_register()
