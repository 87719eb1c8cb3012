"""random, greedy and bestfirst: legal complete games on every game and variant, seeded
determinism, the real per-move scores, and seed 003's cost function."""

from __future__ import annotations

from typing import Any

import pytest

from ai.arena import play_game
from ai.base import Decision, GameRecord, Limits
from ai.bestfirst import bestfirst_cost, morpion_cells
from ai.registry import make_player
from game.rules.base import GameState
from game.rules.morpion import MorpionMove, MorpionState
from game.rules.othello import OthelloState
from game.rules.registry import get_game

#: (game, options) pairs covering every game and variant at small and default sizes.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("hexapawn", {}),
    ("hexapawn", {"rows": 4, "cols": 4}),
    ("hexapawn", {"rows": 5, "cols": 3}),
    ("nim", {}),
    ("nim", {"misere": True}),
    ("nim", {"matches": 13, "max_take": 5}),
    ("nim", {"variant": "marienbad"}),
    ("nim", {"variant": "marienbad", "misere": True, "heaps": (2, 3, 4)}),
    ("nim", {"variant": "fibonacci"}),
    ("nim", {"variant": "fibonacci", "misere": True, "matches": 12}),
    ("morpion", {}),
    ("morpion", {"size": 4}),
    ("morpion", {"size": 5}),
    ("othello", {"size": 4}),
    ("othello", {"size": 6}),
    ("othello", {}),
]


def _start(game: str, options: dict[str, Any]) -> tuple[Any, GameState[Any]]:
    opts = get_game(game).options(**options)
    return opts, opts.initial_state()


def _checked_game(spec: str, game: str, options: dict[str, Any], seed: int,
                  as_second: bool = False) -> GameRecord:
    """Play ``spec`` against random, checking every move is legal and every score real."""
    opts, state = _start(game, options)
    player = make_player(spec, game, opts, seed=seed)
    opponent = make_player("random", game, opts, seed=seed + 100)

    def check(before: GameState[Any], decision: Decision, seat: int) -> None:
        legal = list(before.legal_moves())
        assert decision.move in legal
        if seat == (1 if as_second else 0) and decision.score_kind != "visits":
            assert set(decision.scores) == set(legal)
            assert decision.pv[0] == decision.move

    first, second = (opponent, player) if as_second else (player, opponent)
    record = play_game(first, second, state, on_move=check)
    assert record.outcome is not None
    assert record.states[-1].outcome == record.outcome
    assert len(record.states) == len(record.moves) + 1
    return record


def _cases(variants: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """(spec, game, options) for every simple player on every variant it plays; random games
    on big Morpion boards last thousands of moves before a repetition, so those are slow."""
    cases = []
    for game, options in variants:
        for spec in ("random", "greedy", "bestfirst"):
            if spec == "bestfirst" and game != "morpion":
                continue
            slow = spec == "random" and game == "morpion" and options.get("size", 3) >= 5
            marks = [pytest.mark.slow] if slow else []
            cases.append(pytest.param(spec, game, options, marks=marks))
    return cases


@pytest.mark.parametrize(("spec", "game", "options"), _cases(VARIANTS))
def test_plays_complete_legal_games_against_random(spec: str, game: str,
                                                   options: dict[str, Any]) -> None:
    for seed in range(2):
        _checked_game(spec, game, options, seed, as_second=bool(seed))


@pytest.mark.parametrize(("spec", "game", "options"), _cases(
    [*[v for v in VARIANTS if v[0] != "othello"][::2], ("othello", {"size": 6})]))
def test_same_seed_same_game(spec: str, game: str, options: dict[str, Any]) -> None:
    a = _checked_game(spec, game, options, seed=5)
    b = _checked_game(spec, game, options, seed=5)
    assert a.moves == b.moves


def test_random_scores_are_probabilities() -> None:
    _, state = _start("nim", {"variant": "marienbad"})
    decision = make_player("random", "nim", get_game("nim").options(variant="marienbad"),
                           seed=1).choose(state)
    assert decision.score_kind == "probability"
    assert sum(decision.scores.values()) == pytest.approx(1.0)


def test_random_is_roughly_uniform() -> None:
    _, state = _start("nim", {})
    player = make_player("random", "nim", seed=3)
    counts: dict[Any, int] = {}
    for _ in range(600):
        move = player.choose(state).move
        counts[move] = counts.get(move, 0) + 1
    assert len(counts) == 3
    assert all(150 < n < 250 for n in counts.values())


# ----------------------------------------------------------------------------- greedy


def test_greedy_takes_the_last_matches() -> None:
    opts = get_game("nim").options(matches=20)
    state = opts.position((3,), 0)
    decision = make_player("greedy", "nim", opts, seed=1).choose(state)
    assert decision.move.count == 3
    assert decision.score_kind == "value"
    assert decision.scores[decision.move] > max(
        v for m, v in decision.scores.items() if m != decision.move)


def test_greedy_avoids_taking_the_last_match_in_misere() -> None:
    opts = get_game("nim").options(misere=True)
    state = opts.position((3,), 0)
    for seed in range(5):
        move = make_player("greedy", "nim", opts, seed=seed).choose(state).move
        assert move.count != 3


def test_greedy_takes_an_immediate_hexapawn_win() -> None:
    opts = get_game("hexapawn").options()
    # White (player 0) moves up; its pawn on the middle rank can step onto the far rank.
    state = opts.position("B.B/.W./...", 0)
    decision = make_player("greedy", "hexapawn", opts, seed=2).choose(state)
    after = state.play(decision.move)
    assert after.outcome is not None and after.outcome.winner == 0


def test_greedy_othello_flips_the_most_discs() -> None:
    state = OthelloState.from_rows([
        "........",
        "........",
        "..OOO...",
        "..OXO...",
        "..OOO...",
        "...X....",
        "........",
        "........",
    ], to_move=0)
    opts = get_game("othello").options()
    decision = make_player("greedy", "othello", opts, seed=0).choose(state)
    assert decision.score_kind == "flips"
    for move, flips in decision.scores.items():
        assert flips == state.flips_mask(move).bit_count() > 0
    assert decision.scores[decision.move] == max(decision.scores.values())


def test_greedy_passes_when_it_must() -> None:
    # Black's only disc cannot flank the white corner disc: the only legal move is a pass.
    state = OthelloState.from_rows(["OX..", "....", "....", "...."], to_move=0)
    opts = get_game("othello").options(size=4)
    decision = make_player("greedy", "othello", opts).choose(state)
    assert decision.move.is_pass
    assert decision.scores == {decision.move: 0.0}


# ----------------------------------------------------------------------------- bestfirst


def _cells(rows: list[str]) -> list[int | None]:
    table = {"X": 0, "O": 1, ".": None}
    return [table[ch] for row in rows for ch in row]


def test_bestfirst_cost_hand_computed_values() -> None:
    # X to place on c1 (index 2), which is on row 1, column c and the anti-diagonal.
    cells = _cells(["XX.", ".O.", "..."])
    # row: 2 X, 0 O -> +4; column: 0/0 -> 0; anti-diagonal: 0 X, 1 O -> -(1)^2 = -1;
    # no line with 2+ O -> factor 1.  |4 + 0 - 1| = 3
    assert bestfirst_cost(cells, 3, 2, 0) == 3
    # O to place there: row 0 O vs 2 X -> -4, column 0, anti-diagonal 1 O vs 0 X -> +1;
    # X has 2 on the row: factor 2 -> |(-4 + 1) * 2| = 6
    assert bestfirst_cost(cells, 3, 2, 1) == 6
    # Centre of an empty board: row, column, both diagonals all 0.
    assert bestfirst_cost(_cells(["...", "...", "..."]), 3, 4, 0) == 0
    # Blocking: X to place at a2 (index 3) with O holding b2 and c2: row -(0-2)^2 = -4,
    # doubled; column a: 1 X (a1) vs 0 -> +1.  |(-4 + 1) * 2| = 6
    assert bestfirst_cost(_cells(["X..", ".OO", "..."]), 3, 3, 0) == 6


def test_bestfirst_prefers_diagonals_on_an_empty_board() -> None:
    opts = get_game("morpion").options()
    state = opts.initial_state()
    for seed in range(20):
        decision = make_player("bestfirst", "morpion", opts, seed=seed).choose(state)
        row, col = decision.move.to
        assert row == col or row + col == 2
        assert decision.info["diagonal_preferred"]


def test_bestfirst_scores_every_remove_place_pair_with_the_piece_lifted() -> None:
    state = MorpionState.from_rows(["XO.", "OX.", "X.O"], to_move=0)
    assert state.phase == "moving"
    decision = make_player("bestfirst", "morpion", seed=1).choose(state)
    moves = list(state.legal_moves())
    assert set(decision.scores) == set(moves)
    assert all(not m.is_placement for m in moves)
    cells = morpion_cells(state)
    for move in moves:
        lifted = list(cells)
        lifted[move.origin[0] * 3 + move.origin[1]] = None
        assert decision.scores[move] == bestfirst_cost(lifted, 3, move.to[0] * 3 + move.to[1], 0)
    assert decision.scores[decision.move] == max(decision.scores.values())


def test_bestfirst_decision_matches_its_scores() -> None:
    opts = get_game("morpion").options()
    state = opts.initial_state().play(MorpionMove((1, 1)))
    decision = make_player("bestfirst", "morpion", opts, seed=4).choose(state, Limits())
    assert decision.score_kind == "cost"
    assert decision.scores[decision.move] == max(decision.scores.values())
