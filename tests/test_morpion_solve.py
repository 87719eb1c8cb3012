"""Morpion solved by numpy retrograde analysis: 3x3 against the dictionary solver, 4x4 exact."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.arena import run_match
from ai.morpion_retrograde import WIN, RetrogradeTable, table
from ai.perfect import MorpionSolver, MorpionTableSolver, through_move
from ai.registry import make_player, players_for
from game.rules.morpion import MorpionOptions, line_masks


def table_value(solved: RetrogradeTable, state: Any) -> int:
    m0, m1 = state.masks
    return solved.value(*((m0, m1) if state.to_move == 0 else (m1, m0)))


def bellman_holds(solved: RetrogradeTable, state: Any) -> bool:
    """The table's value of ``state`` is the best of its moves' values, a finished game a
    loss in 0 (repetitions ignored: a move's child is judged by its cells alone)."""
    value = table_value(solved, state)
    m0, m1 = state.masks
    other = m1 if state.to_move == 0 else m0
    if any(other & line == line for line in line_masks(state.size)):
        return value == -WIN
    best = max(through_move(table_value(solved, state.play(move)))
               for move in state.legal_moves())
    return value == best


def check_random_games(solved: RetrogradeTable, seed: int, positions: int) -> None:
    """:func:`bellman_holds` at every position of random 4x4 games (one after another)."""
    rng = random.Random(seed)
    state: Any = MorpionOptions(size=4).initial_state()
    for _ in range(positions):
        if state.outcome is not None:
            state = MorpionOptions(size=4).initial_state()
        assert bellman_holds(solved, state)
        state = state.play(rng.choice(state.legal_moves()))


def test_3x3_table_equals_the_dictionary_solver_everywhere() -> None:
    numpy_table = RetrogradeTable(3)
    reference = MorpionSolver()
    assert len(reference.values) > 5000
    for (m0, m1, to_move), value in reference.values.items():
        mover, other = (m0, m1) if to_move == 0 else (m1, m0)
        assert numpy_table.value(mover, other) == value


def test_4x4_is_a_draw_and_every_win_is_a_line_left_open() -> None:
    """The solve's findings (docs/experiments.md): the empty board is a draw, and no position is
    lost before the line is made (four pieces cannot threaten two lines at once)."""
    solved = table(4)
    assert solved.moving_positions() == 900_900
    assert solved.value(0, 0) == 0
    moving = solved.layers[(4, 4)].values
    assert set(moving.tolist()) <= {0, WIN - 1, -WIN}
    assert (moving == WIN - 1).any() and (moving == -WIN).any()
    check_random_games(solved, seed=4, positions=300)


def test_perfect_plays_4x4_and_never_loses() -> None:
    options = MorpionOptions(size=4)
    assert "perfect" in {p.name for p in players_for("morpion", options)}
    perfect = make_player("perfect", "morpion", options, seed=1)
    assert isinstance(perfect._solver, MorpionTableSolver)
    for opponent in ("random", "bestfirst"):
        match = run_match(perfect, make_player(opponent, "morpion", options, seed=2),
                          options.initial_state, 6, first="alternate")
        assert match.p2_wins == 0
    # A line left open is taken at once, and said so.
    state = options.initial_state()
    for text in ("a1", "d4", "b1", "d3", "c1"):  # X threatens a1-d1; O has not blocked
        state = state.play(state.parse_move(text))
    decision = perfect.choose(state)  # O to move: it must block d1
    assert str(decision.move) == "d1"
    assert decision.info["verdict"] == "draw"


@pytest.mark.slow
def test_4x4_table_is_consistent_along_many_random_games() -> None:
    check_random_games(table(4), seed=7, positions=20_000)
