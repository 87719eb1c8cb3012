"""The midgame search's frontier nodes (one ply above the leaves), which count their children's
mobility in two packed move generations and give it to the pattern evaluation: the same values,
best moves and tables as searching every leaf with the plain evaluation."""

from __future__ import annotations

import random

import pytest

from ai.othello_eval import GEOMETRIES, evaluate
from ai.othello_patterns import mobility_form, packed_indices, shipped_evaluator
from ai.othello_search import INF, PROVEN, Searcher, final_margin
from game.rules.othello import OthelloOptions, OthelloState, flip_mask, legal_mask


def midgame(rng: random.Random, moves: int) -> OthelloState:
    while True:
        s = OthelloOptions().initial_state()
        for _ in range(moves):
            if s.outcome is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.outcome is None:
            return s


def test_mobility_form_gives_the_evaluation() -> None:
    ev = shipped_evaluator()
    form = mobility_form(ev)
    assert form is not None
    assert mobility_form(evaluate) is None
    rng = random.Random(1)
    g = GEOMETRIES[8]
    for _ in range(40):
        s = midgame(rng, rng.randint(0, 55))
        mob = legal_mask(s.own, s.opp).bit_count() - legal_mask(s.opp, s.own).bit_count()
        assert form(s.own, s.opp, mob, packed_indices(s.own, s.opp)) == ev(s.own, s.opp, g)


def plain_searcher(use_tt: bool) -> Searcher:
    searcher = Searcher(GEOMETRIES[8], evaluator=shipped_evaluator(), use_tt=use_tt)
    searcher.frontier = None  # every leaf through the evaluator, as before the frontier
    return searcher


@pytest.mark.parametrize("use_tt", [True, False])
def test_frontier_search_equals_the_leaf_by_leaf_search(use_tt: bool) -> None:
    rng = random.Random(2)
    for _ in range(6):
        s = midgame(rng, rng.randint(8, 40))
        fast = Searcher(GEOMETRIES[8], evaluator=shipped_evaluator(), use_tt=use_tt)
        assert fast.frontier is not None
        slow = plain_searcher(use_tt)
        for depth in (1, 2, 3, 4):
            assert (fast.negamax(s.own, s.opp, depth, -INF, INF)
                    == slow.negamax(s.own, s.opp, depth, -INF, INF))
        # Narrow windows give the same fail-soft bounds; the tables and history match, so the
        # two searches took the same decisions everywhere.
        for lo in (-300, 0, 250):
            assert (fast.negamax(s.own, s.opp, 3, lo, lo + 1)
                    == slow.negamax(s.own, s.opp, 3, lo, lo + 1))
        assert fast.tt == slow.tt
        assert fast.history == slow.history
        assert fast.nodes < slow.nodes  # a leaf is no longer searched twice by PVS


def test_frontier_equals_plain_minimax_at_depth_two() -> None:
    ev = shipped_evaluator()
    g = GEOMETRIES[8]

    def minimax(own: int, opp: int, depth: int) -> int:
        if depth == 0:
            return ev(own, opp, g)
        moves = legal_mask(own, opp)
        if not moves:
            if legal_mask(opp, own):
                return -minimax(opp, own, depth)
            return final_margin(own, opp, 64) * PROVEN
        best = -INF
        for sq in range(64):
            if moves >> sq & 1:
                f = flip_mask(own, opp, sq)
                best = max(best, -minimax(opp & ~f, own | f | 1 << sq, depth - 1))
        return best

    rng = random.Random(3)
    for _ in range(5):
        s = midgame(rng, rng.randint(10, 58))
        assert Searcher(g, evaluator=ev).negamax(s.own, s.opp, 2, -INF, INF) == minimax(
            s.own, s.opp, 2)
