"""Tests of ai.heuristics: what each evaluation rewards, zero-sum, bounds and finished games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.heuristics import HEURISTIC_BOUND, WIN, evaluate, evaluation_for
from game.rules.base import OptionError
from game.rules.hexapawn import GAME as HEXAPAWN
from game.rules.hexapawn import HexapawnOptions
from game.rules.hexapawn import balance as hexapawn_balance
from game.rules.morpion import GAME as MORPION
from game.rules.morpion import MorpionOptions, MorpionState
from game.rules.morpion import line_masks as morpion_line_masks
from game.rules.morpion import open_lines as morpion_open_lines
from game.rules.nim import NimOptions
from game.rules.nim import neutral as nim_neutral
from game.rules.othello import WEIGHTS as OTHELLO_WEIGHTS
from game.rules.othello import WEIGHTS_8 as OTHELLO_WEIGHTS_8
from game.rules.othello import OthelloOptions, OthelloState
from game.rules.othello import weighted as othello_weighted
from game.rules.registry import Evaluation, GameInfo, game_of

VARIANTS: list[Any] = [
    HexapawnOptions(),
    HexapawnOptions(rows=4, cols=5),
    NimOptions(),
    NimOptions(variant="marienbad"),
    NimOptions(variant="fibonacci"),
    MorpionOptions(size=3),
    MorpionOptions(size=5),
    OthelloOptions(size=4),
    OthelloOptions(size=6),
    OthelloOptions(size=8),
]


def random_state(options: Any, seed: int, plies: int | None = None) -> Any:
    """A state reached by random moves from the start (possibly finished)."""
    rng = random.Random(seed)
    state = options.initial_state()
    limit = plies if plies is not None else rng.randrange(0, 80)
    for _ in range(limit):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def finish(options: Any, seed: int) -> Any:
    """A finished game played at random."""
    rng = random.Random(seed)
    state = options.initial_state()
    while state.outcome is None:
        state = state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 10**6))
def test_zero_sum_and_bounded(index: int, seed: int) -> None:
    state = random_state(VARIANTS[index], seed)
    mine, theirs = evaluate(state, 0), evaluate(state, 1)
    assert mine == -theirs
    if state.outcome is None:
        assert abs(mine) < HEURISTIC_BOUND
    else:
        assert abs(mine) in (0.0, WIN)


@pytest.mark.parametrize("options", VARIANTS, ids=repr)
def test_finished_games_score_beyond_any_heuristic(options: Any) -> None:
    for seed in range(5):
        state = finish(options, seed)
        outcome = state.outcome
        for player in (0, 1):
            assert evaluate(state, player) == WIN * outcome.score_for(player)


def test_dispatch_and_errors() -> None:
    assert game_of(OthelloOptions().initial_state()).name == "othello"
    assert game_of(NimOptions().initial_state()).name == "nim"
    assert evaluation_for(MORPION).function is morpion_open_lines
    assert evaluation_for(HEXAPAWN, "balance").function is hexapawn_balance
    with pytest.raises(OptionError, match="unknown evaluation 'chess' for morpion: choose "
                                          "from open_lines"):
        evaluation_for(MORPION, "chess")
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        evaluate(NimOptions().initial_state(), 2)


def test_a_game_without_evaluation_says_so() -> None:
    bare = GameInfo("bare", "Bare", NimOptions, ("A", "B"))
    assert bare.evaluation is None
    with pytest.raises(OptionError, match="bare has no evaluation"):
        evaluation_for(bare)


def test_evaluation_names_are_unique_per_game() -> None:
    one = Evaluation("same", nim_neutral)
    with pytest.raises(ValueError, match="declares an evaluation name twice"):
        GameInfo("twice", "Twice", NimOptions, ("A", "B"), evaluations=(one, one))


# ---- Othello -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 6, 8])
def test_othello_tables_are_symmetric(size: int) -> None:
    table = OTHELLO_WEIGHTS[size]
    assert len(table) == size and all(len(row) == size for row in table)
    for r in range(size):
        for c in range(size):
            w = table[r][c]
            assert w == table[c][r] == table[size - 1 - r][c] == table[r][size - 1 - c]
    # Corners are the best squares everywhere.
    assert table[0][0] == max(max(row) for row in table)


def test_othello_8x8_is_the_seed_table_and_6x6_is_derived() -> None:
    assert OTHELLO_WEIGHTS_8[0] == (100, -20, 10, 5, 5, 10, -20, 100)
    assert OTHELLO_WEIGHTS_8[1] == (-20, -50, 1, 1, 1, 1, -50, -20)
    assert OTHELLO_WEIGHTS[6][1] == (-20, -50, 1, 1, -50, -20)


@pytest.mark.parametrize("size", [4, 6, 8])
def test_othello_start_is_even(size: int) -> None:
    assert othello_weighted(OthelloOptions(size=size).initial_state(), 0) == 0


def test_othello_value_is_the_weight_sum() -> None:
    # Black on a1 (corner, 100) and b2 (X-square, -50); White on h8 (corner, 100), d4 (1).
    state = OthelloState.from_bitboards(8, (1 << 0) | (1 << 9), (1 << 63) | (1 << 27), 0)
    assert othello_weighted(state, 0) == (100 - 50) - (100 + 1)
    assert othello_weighted(state, 1) == 51


def test_othello_corner_beats_x_square() -> None:
    corner = OthelloState.from_bitboards(6, 1 << 0, 1 << 9, 0)  # black a1, white b2 (6x6)
    assert othello_weighted(corner, 0) == 100 + 50


# ---- Morpion -------------------------------------------------------------------------------


def test_morpion_lines() -> None:
    lines = morpion_line_masks(3)
    assert len(lines) == 8
    assert 0b111 in lines and 0b100010001 in lines and 0b001010100 in lines


def test_morpion_open_lines_first_moves() -> None:
    start = MorpionOptions(size=3).initial_state()
    assert morpion_open_lines(start, 0) == 0
    values = {str(m): morpion_open_lines(start.play(m), 0) for m in start.legal_moves()}
    # The centre blocks four of the opponent's lines, a corner three, an edge two.
    assert values["b2"] == 4 and values["a1"] == 3 and values["b1"] == 2


def test_morpion_open_lines_counts_both_sides() -> None:
    state = MorpionState.from_rows(["X..", ".O.", "..."])
    # Lines free of O (open to X): row 1, row 3, column a, column c = 4.
    # Lines free of X (open to O): row 2, row 3, column b, column c, anti-diagonal = 5.
    assert morpion_open_lines(state, 0) == 4 - 5
    assert morpion_open_lines(state, 1) == 5 - 4


# ---- Hexapawn and Nim ---------------------------------------------------------------------


def test_hexapawn_rewards_material_and_advancement() -> None:
    options = HexapawnOptions(rows=4, cols=4)
    assert hexapawn_balance(options.initial_state(), 0) == 0
    ahead = options.position("BBBB/W.../..../.WWW")  # a white pawn on the third rank
    home = options.position("BBBB/..../..../WWWW")
    assert hexapawn_balance(ahead, 0) > hexapawn_balance(home, 0)
    down = options.position("BBBB/..../..../.WWW")  # White one pawn short
    assert hexapawn_balance(down, 0) < 0 < hexapawn_balance(down, 1)


def test_hexapawn_mobility() -> None:
    options = HexapawnOptions()
    # White's a-pawn is blocked by a black pawn in front and has nothing to capture.
    blocked = options.position(".B./B../W..")
    free = options.position(".B./.B./W..")
    # Same material; in 'blocked' the a-pawn cannot move, in 'free' it can capture b2.
    assert hexapawn_balance(free, 0) > hexapawn_balance(blocked, 0)


def test_nim_is_neutral() -> None:
    for options in (NimOptions(), NimOptions(variant="marienbad")):
        assert nim_neutral(options.initial_state(), 0) == 0
        assert evaluate(options.initial_state(), 1) == 0
