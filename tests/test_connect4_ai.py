"""Puissance 4 with the generic AIs: each one moves legally, the searches take a win and block
a loss through the open-lines evaluation, the learners learn and keep their tables, and the
arena command line plays matches. No player module names the game."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ai.arena import run_match
from ai.base import Limits
from ai.registry import make_player, players_for
from game.rules.connect4 import GAME, Connect4Move, Connect4Options, Connect4State

#: Every generic AI, with parameters that keep each move short.
GENERIC = ("random", "greedy", "minimax:depth=2", "alphabeta:depth=3", "mcts:iterations=200",
           "elimination", "reinforcement", "qlearning", "engine:time=0.2")

#: Red to move with three discs in column d and Yellow's three in row 1 open at g1.
THREATS = Connect4Options().position([
    ".......",
    ".......",
    ".......",
    "...X...",
    "...X...",
    "..OXOO.",
])


def drop(state: Connect4State, columns: str) -> Connect4State:
    """Play the columns named by their letters."""
    for letter in columns:
        state = state.play(state.parse_move(letter))
    return state


def test_every_generic_ai_is_offered() -> None:
    offered = {info.name for info in players_for("connect4")}
    assert {spec.split(":")[0] for spec in GENERIC} <= offered


@pytest.mark.parametrize("spec", GENERIC)
def test_every_generic_ai_makes_legal_moves(spec: str) -> None:
    player = make_player(spec, "connect4", seed=3)
    for state in (GAME.initial_state(), drop(GAME.initial_state(), "dcdeef"), THREATS):
        decision = player.choose(state, Limits())
        assert decision.move in state.legal_moves(), spec


@pytest.mark.parametrize("spec", ["greedy", "minimax:depth=2", "alphabeta:depth=4",
                                  "engine:time=0.3"])
def test_searches_take_the_win_in_one(spec: str) -> None:
    player = make_player(spec, "connect4", seed=1)
    assert player.choose(THREATS, Limits()).move == Connect4Move(3)


@pytest.mark.parametrize("spec", ["minimax:depth=2", "alphabeta:depth=4", "engine:time=0.3"])
def test_searches_block_the_loss_in_one(spec: str) -> None:
    # Yellow to move: Red threatens d4, Yellow has no win of its own.
    state = Connect4Options().position([
        ".......",
        ".......",
        ".......",
        "...X...",
        "...X...",
        "OO.XO.X",
    ])
    assert state.to_move == 1
    player = make_player(spec, "connect4", seed=1)
    decision = player.choose(state, Limits())
    assert decision.move == Connect4Move(3), (spec, decision.scores)


def test_alphabeta_gives_minimax_values() -> None:
    state = drop(GAME.initial_state(), "dcde")
    minimax = make_player("minimax:depth=3", "connect4").choose(state, Limits())
    alphabeta = make_player("alphabeta:depth=3,exact=1", "connect4").choose(state, Limits())
    assert minimax.scores == alphabeta.scores
    assert alphabeta.nodes < minimax.nodes


def test_alphabeta_beats_random() -> None:
    strong = make_player("alphabeta:depth=2", "connect4", seed=1)
    weak = make_player("random", "connect4", seed=2)
    result = run_match(strong, weak, GAME.initial_state(), 10, swap=True)
    assert result.results.count("p1") >= 9, result


def test_learners_learn_and_keep_their_tables(tmp_path: Path) -> None:
    options = Connect4Options(cols=4, rows=4, connect=3)
    for kind in ("elimination", "reinforcement", "qlearning"):
        learner = make_player(kind, "connect4", options, seed=5)
        opponent = make_player("random", "connect4", options, seed=6)
        run_match(learner, opponent, options.initial_state(), 30, swap=True)
        state = options.initial_state()
        table = learner.table_view(state)
        assert table, kind
        path = learner.save(tmp_path / f"{kind}.json")  # type: ignore[attr-defined]
        again = make_player(kind, "connect4", options, seed=5)
        again.load_file(path)  # type: ignore[attr-defined]
        assert again.table_view(state) == table, kind


def test_arena_command_line_plays_a_match() -> None:
    from ai.cli import run_cli

    out, err = io.StringIO(), io.StringIO()
    code = run_cli(["arena", "connect4", "--p1", "alphabeta:depth=2", "--p2", "random",
                    "--games", "4", "--swap", "--opt", "cols=6", "--opt", "connect=3",
                    "--json", "--seed", "1"], out=out, err=err)
    assert code == 0, err.getvalue()
    report = json.loads(out.getvalue())
    assert report["games"] == 4


def test_small_boards_are_solved_and_the_standard_one_is_not() -> None:
    small = Connect4Options(cols=4, rows=4, connect=3)
    assert "perfect" in {info.name for info in players_for("connect4", small)}
    assert "perfect" not in {info.name for info in players_for("connect4")}
    assert "perfect" not in {info.name for info in players_for(
        "connect4", Connect4Options(cols=4, rows=4))}
    # Red wins 4x4 with three in a row (41,750 positions searched to the end).
    decision = make_player("perfect", "connect4", small, seed=1).choose(
        small.initial_state(), Limits())
    assert decision.move in small.initial_state().legal_moves()
    assert max(decision.scores.values()) > 0
