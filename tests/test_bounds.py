"""The shared search vocabulary (ai/bounds.py) and proven results carried by Decisions."""

from __future__ import annotations

import pytest

from ai.base import Limits
from ai.bounds import (
    EXACT,
    EXACT_WIN,
    LOWER,
    SEARCH_WIN,
    UPPER,
    Proven,
    bound_flag,
    from_memo,
    proven_exact_value,
    proven_search_value,
    settles,
    to_memo,
)
from ai.registry import make_player
from game.rules.nim import NimMove, NimOptions
from game.rules.othello import OthelloOptions


def test_flags_and_settling() -> None:
    assert bound_flag(1.0, 1.0, 5.0) == UPPER
    assert bound_flag(5.0, 1.0, 5.0) == LOWER
    assert bound_flag(3.0, 1.0, 5.0) == EXACT
    assert settles(EXACT, 3.0, 4.0, 5.0)
    assert settles(LOWER, 6.0, 1.0, 5.0) and not settles(LOWER, 4.0, 1.0, 5.0)
    assert settles(UPPER, 0.5, 1.0, 5.0) and not settles(UPPER, 2.0, 1.0, 5.0)


def test_memo_values_are_counted_from_the_stored_node() -> None:
    win_in_5_from_root = SEARCH_WIN - 5
    stored = to_memo(win_in_5_from_root, 2)  # found 2 plies below the root: win in 3 there
    assert stored == SEARCH_WIN - 3
    assert from_memo(stored, 4) == SEARCH_WIN - 7
    assert to_memo(12.5, 3) == from_memo(12.5, 3) == 12.5
    assert from_memo(to_memo(-(SEARCH_WIN - 6), 2), 2) == -(SEARCH_WIN - 6)


def test_proven_values_in_words() -> None:
    assert proven_search_value(SEARCH_WIN - 3) == Proven(1, 3)
    assert proven_search_value(-(SEARCH_WIN - 2)) == Proven(-1, 2)
    assert proven_search_value(40.0) is None
    assert proven_exact_value(EXACT_WIN - 7) == Proven(1, 7)
    assert proven_exact_value(0) == Proven(0)
    assert proven_exact_value(-5000, unknown_distance=5000) == Proven(-1)
    assert str(Proven(1, 3)) == "win in 3" and Proven(-1, 2).word == "loss"
    assert str(Proven(1, None, 6)) == "win by 6" and str(Proven(0)) == "draw"
    with pytest.raises(ValueError, match="result must be"):
        Proven(2)


@pytest.mark.parametrize("spec", ["minimax", "alphabeta", "engine", "perfect"])
def test_searches_and_perfect_agree_on_proven_results(spec: str) -> None:
    """Nim, one heap of 5, take 1-3: taking 1 leaves 4 and wins in 3 plies; taking 2 or 3
    lets the opponent take the rest at once (loss in 2)."""
    options = NimOptions(matches=5)
    decision = make_player(spec, "nim", options, seed=1).choose(options.initial_state(),
                                                                 Limits())
    # The engine leaves the moves it cut short with an upper bound: lost, distance unknown.
    loss = Proven(-1) if spec == "engine" else Proven(-1, 2)
    assert decision.proven == {NimMove(0, 1): Proven(1, 3), NimMove(0, 2): loss,
                               NimMove(0, 3): loss}


def test_a_shallow_search_proves_nothing_and_a_full_one_every_move() -> None:
    from game.rules.morpion import MorpionOptions

    start = MorpionOptions().initial_state()
    shallow = make_player("alphabeta:depth=2", "morpion", seed=1).choose(start)
    assert shallow.proven == {}
    full = make_player("minimax", "nim", NimOptions(matches=4), seed=1).choose(
        NimOptions(matches=4).initial_state())
    assert all(p.result == -1 for p in full.proven.values()) and len(full.proven) == 3


def test_the_othello_engine_proves_final_disc_margins() -> None:
    state = OthelloOptions(size=4).initial_state()
    decision = make_player("engine:time=5", "othello", OthelloOptions(size=4), seed=1).choose(
        state, Limits())
    assert decision.info["exact"]
    assert set(decision.proven) <= set(state.legal_moves()) and decision.proven
    assert decision.proven[decision.move].margin == decision.scores[decision.move]
    for move, proven in decision.proven.items():
        score = decision.scores[move]
        # A move the solver only bounded ("at most -10") is a proven loss of unknown margin.
        assert proven.margin is None or proven.margin == score
        assert proven.result == (score > 0) - (score < 0)
