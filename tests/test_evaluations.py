"""Heuristics are a choice (issue 13): every game's named evaluations, and ``eval=NAME`` on
minimax, alphabeta and greedy, in specs, the arena, the menu and the tournament."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from ai.base import Limits
from ai.cli import run_cli
from ai.heuristics import HEURISTIC_BOUND, evaluation_choices
from ai.registry import ParamValueError, canonical_spec, make_player, parse_spec, players_for
from game.rules import connect4, hexapawn, morpion, othello
from game.rules.connect4 import Connect4Options
from game.rules.hexapawn import HexapawnOptions
from game.rules.morpion import MorpionOptions, MorpionState
from game.rules.othello import OthelloOptions, OthelloState
from game.rules.registry import GameSetup, all_games, get_game
from game.ui import i18n

#: What issue 13 asks each game to offer (the first is the default, today's evaluation).
EXPECTED = {
    "othello": ("weights", "discs", "mobility", "corners", "blend"),
    "morpion": ("open_lines", "weighted_lines", "threats"),
    "connect4": ("open_lines", "weighted_lines", "threats", "centre"),
    "hexapawn": ("balance", "material", "advancement", "mobility"),
}

VARIANTS: list[Any] = [
    HexapawnOptions(), HexapawnOptions(rows=5, cols=4), MorpionOptions(size=3),
    MorpionOptions(size=4), OthelloOptions(size=8), OthelloOptions(size=6),
    Connect4Options(), Connect4Options(cols=5, rows=4, connect=3),
]


def eval_of(spec: str) -> str:
    """The ``eval=`` value of a player spec."""
    return parse_spec(spec)[1]["eval"]


def random_states(options: Any, count: int, seed: int = 0) -> list[Any]:
    """Unfinished states reached by random play from the start."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = options.initial_state()
        for _ in range(rng.randrange(0, 40)):
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None:
            found.append(state)
    return found


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_each_game_declares_its_evaluations(game: str) -> None:
    assert tuple(e.name for e in get_game(game).evaluations) == EXPECTED[game]


@pytest.mark.parametrize("options", VARIANTS, ids=repr)
def test_every_evaluation_is_zero_sum_and_bounded(options: Any) -> None:
    info = GameSetup.of(type(options).__module__.rsplit(".", 1)[1], options).info
    for state in random_states(options, 25):
        for evaluation in info.evaluations:
            mine, theirs = evaluation(state, 0), evaluation(state, 1)
            assert mine == -theirs, evaluation.name
            assert abs(mine) < HEURISTIC_BOUND


def _mirror_othello(state: OthelloState) -> OthelloState:
    return OthelloState.from_rows([row[::-1] for row in state.rows()], state.to_move)


def test_othello_evaluations_see_the_board_symmetrically() -> None:
    for state in random_states(OthelloOptions(), 20, seed=3):
        mirrored = _mirror_othello(state)
        for evaluation in othello.GAME.evaluations:
            assert evaluation(state, 0) == evaluation(mirrored, 0), evaluation.name


def test_connect4_evaluations_see_the_board_symmetrically() -> None:
    options = Connect4Options()
    for state in random_states(options, 20, seed=4):
        mirrored = options.position([row[::-1] for row in state.rows()])
        for evaluation in connect4.GAME.evaluations:
            assert evaluation(state, 0) == evaluation(mirrored, 0), evaluation.name


def test_othello_hand_made_position() -> None:
    # Black: a1 (corner), d4, e5; White: b2 (X-square), d5, e4, c3. Black to move.
    state = OthelloState.from_rows([
        "X.......",
        ".O......",
        "..O.....",
        "...XO...",
        "...OX...",
        "........",
        "........",
        "........",
    ])
    assert othello.disc_count(state, othello.BLACK) == 3 - 4
    assert othello.corners(state, othello.BLACK) == 1
    assert othello.corners(state, othello.WHITE) == -1
    black_moves = othello.legal_mask(state.black, state.white).bit_count()
    white_moves = othello.legal_mask(state.white, state.black).bit_count()
    assert othello.mobility(state, othello.BLACK) == black_moves - white_moves
    assert othello.weighted(state, othello.BLACK) == (100 + 1 + 1) - (-50 + 3 + 1 + 1)
    start = OthelloOptions().initial_state()
    for evaluation in othello.GAME.evaluations:
        assert evaluation(start, 0) == 0, evaluation.name  # the start is even


def test_othello_blend_counts_discs_only_in_the_endgame() -> None:
    start = OthelloOptions().initial_state()
    assert othello.blend(start, 0) == 0
    state = random_states(OthelloOptions(), 1, seed=9)[0]
    late = max(0, othello.BLEND_ENDGAME - state.empty_count)
    expected = (othello.weighted(state, 0) + othello.BLEND_MOBILITY * othello.mobility(state, 0)
                + othello.BLEND_DISC_STEP * late * othello.disc_count(state, 0))
    assert othello.blend(state, 0) == pytest.approx(expected)
    # Before the endgame the discs do not count at all.
    assert state.empty_count > othello.BLEND_ENDGAME
    assert othello.blend(state, 0) == (othello.weighted(state, 0) + othello.BLEND_MOBILITY
                                       * othello.mobility(state, 0))


def test_morpion_hand_made_position() -> None:
    state = MorpionState.from_rows(["XX.", ".O.", "..."])
    # X: row 1 holds two X and no O (a threat, weight 4), column a one X (weight 1).
    # O: row 2 and the anti-diagonal hold one O each and no X (weight 1 each).
    assert morpion.line_threats(state, 0) == 1
    assert morpion.weighted_lines(state, 0) == (4 + 1) - (1 + 1)
    assert morpion.weighted_lines(state, 1) == -3


def test_connect4_hand_made_position() -> None:
    options = Connect4Options()
    state = options.position([
        ".......",
        ".......",
        ".......",
        ".......",
        ".......",
        "XXX.OO.",
    ])
    # Red's bottom-row windows a-d holds XXX. and is open: one threat; Yellow's e-g windows
    # are short of a fourth cell or blocked, so Yellow has none.
    assert connect4.window_threats(state, 0) == 1
    # Centre: Red on columns a, b, c (1 + 2 + 3), Yellow on e, f (3 + 2).
    assert connect4.centre(state, 0) == 6 - 5
    assert connect4.weighted_windows(state, 0) > 0


def test_hexapawn_hand_made_position() -> None:
    options = HexapawnOptions(rows=4, cols=4)
    state = options.position("BBBB/W.../..../.WWW")
    assert hexapawn.material(state, 0) == 0
    assert hexapawn.advancement(state, 0) == 2  # the a-pawn is two rows up, Black's are home
    # White: a3 is blocked but captures b4 (1); b1, c1, d1 step (3). Black: a4 is blocked, b4
    # captures a3, and b4, c4, d4 step: 4.
    assert hexapawn.mobility(state, 0) == 4 - 4
    down = options.position("BBBB/..../..../.WWW")
    assert hexapawn.material(down, 0) == -1
    # Balance counts pawns that can move, not moves: White 4, Black 3 (a4 is stuck).
    assert hexapawn.balance(state, 0) == 10 * 0 + 3 * 2 + (4 - 3)


# ---- the eval parameter ---------------------------------------------------------------------


@pytest.mark.parametrize("player", ["minimax", "alphabeta", "greedy"])
@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_eval_parameter_lists_the_game_s_evaluations(player: str, game: str) -> None:
    info = next(p for p in players_for(game) if p.name == player)
    choices = info.param("eval").choices
    gain = get_game(game).move_gain
    declared = EXPECTED[game]
    # Greedy's default on Othello is its seed's immediate gain: the discs a move flips.
    assert choices[:len(declared) + bool(gain and player == "greedy")] == (
        ((gain.kind,) if gain and player == "greedy" else ()) + declared)
    for name in declared:
        spec = canonical_spec(f"{player}:eval={name}", game)
        assert eval_of(spec) == name
        assert make_player(spec, game).spec == spec


def test_default_eval_is_today_s_and_is_written_in_the_spec() -> None:
    assert eval_of(canonical_spec("alphabeta", "othello")) == "weights"
    assert eval_of(canonical_spec("minimax", "morpion")) == "open_lines"
    assert eval_of(canonical_spec("greedy", "othello")) == "flips"
    assert eval_of(canonical_spec("greedy", "hexapawn")) == "balance"


def test_a_bad_evaluation_name_lists_the_game_s_evaluations() -> None:
    with pytest.raises(ParamValueError) as caught:
        make_player("alphabeta:eval=cornerz", "othello")
    message = str(caught.value)
    assert "cornerz" in message and "eval" in message
    assert all(name in message for name in EXPECTED["othello"])
    with pytest.raises(ParamValueError, match="open_lines"):
        make_player("minimax:eval=weights", "morpion")  # Othello's, not Morpion's


def test_the_evaluation_changes_what_the_search_plays() -> None:
    """Greedy one ply ahead on a hand-made position: the disc count grabs the most discs, the
    weight table refuses the X-square."""
    state = OthelloState.from_rows([
        "........",
        "........",
        "..OOOO..",
        "..OXXO..",
        "..OXXO..",
        "..OOOO..",
        "........",
        "........",
    ])
    moves = {}
    for name in ("discs", "weights", "mobility", "corners", "blend"):
        player = make_player(f"greedy:ties=first,eval={name}", "othello", seed=1)
        decision = player.decide(state, Limits())
        assert decision.score_kind == "value"
        moves[name] = decision.move
    assert len(set(moves.values())) > 1, moves
    flips = make_player("greedy", "othello", seed=1).decide(state, Limits())
    assert flips.score_kind == "flips"


def test_minimax_and_alphabeta_agree_under_every_evaluation() -> None:
    state = random_states(OthelloOptions(size=6), 1, seed=5)[0]
    for name in EXPECTED["othello"]:
        plain = make_player(f"minimax:depth=2,eval={name}", "othello", OthelloOptions(size=6))
        pruned = make_player(f"alphabeta:depth=2,eval={name}", "othello",
                             OthelloOptions(size=6))
        a, b = plain.decide(state, Limits()), pruned.decide(state, Limits())
        assert max(a.scores.values()) == max(b.scores.values()), name


def test_arena_plays_evaluations_against_each_other() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(["arena", "othello", "--opt", "size=6", "--p1",
                    "alphabeta:depth=1,eval=mobility", "--p2", "greedy:eval=corners",
                    "--games", "2", "--seed", "1", "--json"], out=out, err=err)
    assert code == 0, err.getvalue()
    data = json.loads(out.getvalue())
    assert eval_of(data["p1"]) == "mobility" and eval_of(data["p2"]) == "corners"
    bad = io.StringIO()
    code = run_cli(["arena", "hexapawn", "--p1", "minimax:eval=discs", "--p2", "random",
                    "--games", "1"], out=io.StringIO(), err=bad)
    assert code != 0 and "material" in bad.getvalue()


def test_every_evaluation_has_words_in_every_language() -> None:
    for lang in i18n.languages():
        words = i18n.table(lang)
        for info in all_games():
            for name in evaluation_choices(info.setup()):
                if ":" not in name:
                    assert f"param.eval.{name}" in words, (lang, name)
        assert "param.eval" in words and "param.eval.flips" in words


# ---- the choice in the menu and the tournament ----------------------------------------------


def _eval_chooser(widgets: list[Any]) -> Any:
    """A seat's evaluation row: a chooser among words, not a − / + stepper (QA17 12)."""
    from game.ui.widgets import Choice

    found = [w for w in widgets if isinstance(w, Choice) and w.label() in
             (i18n.tr("param.eval"),)]
    assert len(found) == 1, [getattr(w, "label", lambda: "?")() for w in widgets]
    return found[0]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_menu_offers_the_evaluations_of_the_chosen_game(language: str) -> None:
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.players import seat_title
    from tests.ui_helpers import click, frame, make_app

    app = make_app((1024, 768), language)
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.select_game("othello")
    menu._set_seat(1, "alphabeta")
    frame(app)
    chooser = _eval_chooser(menu.seat_widgets[1])
    assert chooser.current_label() == i18n.tr("param.eval.weights")
    click(app, chooser._parts()[2].center)  # its right arrow
    spec = menu.choices.seats[1]
    assert spec.startswith("alphabeta:") and eval_of(spec) == "discs"
    assert i18n.tr("param.eval.discs") in seat_title(spec, GameSetup.of("othello", menu.options()))
    names = evaluation_choices(GameSetup.of("othello"))
    assert [label() for _v, label in chooser.items] == [
        i18n.tr(f"param.eval.{name}") for name in names]
    for _ in range(len(names) - 2):  # on to the last evaluation
        click(app, _eval_chooser(menu.seat_widgets[1])._parts()[2].center)
    assert eval_of(menu.choices.seats[1]) == names[-1]
    menu.select_game("morpion")  # another game: the seat falls back to its evaluations
    menu.choices.seats[1] = "minimax:eval=threats"
    menu.rebuild()
    frame(app)
    assert _eval_chooser(menu.seat_widgets[1]).current_label() == i18n.tr(
        "param.eval.threats")
    app.shutdown()


def test_the_tournament_offers_the_evaluations() -> None:
    from game.ui.scenes.tournament import TournamentScene
    from tests.lab_helpers import open_from_menu
    from tests.ui_helpers import click, frame

    app, scene = open_from_menu((1280, 800), "menu.tournament", TournamentScene)
    scene.set_game("othello")
    scene.set_player(1, "alphabeta")
    frame(app)
    # A chooser there (a choice between words, QA16 15): its right arrow, the next one.
    from game.ui.widgets import Choice

    chooser = next(w for w in scene.player_rows[1][2:]
                   if isinstance(w, Choice) and w.label() == i18n.tr("param.eval"))
    click(app, chooser._parts()[2].center)
    assert scene.specs[1].startswith("alphabeta:") and eval_of(scene.specs[1]) == "discs"
    app.shutdown()  # type: ignore[attr-defined]
