"""Othello's exact endgame labels tell the truth about the moves the search only bounded.

The engine's exact solve works out the margin of the move it plays and proves each other move
no better (a null-window search: an upper bound). The board drew those moves a bare green "P"
("loses") beside the chosen move's red "−10": the colours said the rejected moves were the
best, and no number let the class compare them (QA 39/53, 1920x1080 and 1024x768, French,
200%). Each bounded move now says its bound ("≤−12": at least 12 discs behind), ranked under
the margin it bounds, and the legend says it was not worked out further.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import game.ui.boards.othello as othello_view
from ai.base import Decision
from ai.bounds import Proven
from game.rules.registry import get_game
from game.ui import i18n
from game.ui.boards import BoardContext, board_view_for
from game.ui.reasoning import score_legend, shown_scores
from game.ui.theme import THEMES

#: The QA's record qa-endgame-8x8 (48 random moves, 12 empty squares), Black to move.
MOVES = ("c4 c5 f6 c3 b5 g7 e3 e6 c2 f3 g3 a5 h8 b3 f4 f2 b4 f5 f7 h3 a3 d2 e2 e1 a6 e7 d7 c1 "
         "c6 g8 f1 g4 d1 b6 b1 d3 g6 b7 f8 a7 c7 h6 a8 b2 g5 g2 a1 d6")
UNITS = "final disc margin with perfect play (empty squares to the winner)"


def endgame() -> Any:
    """The QA's endgame after Black's h5: White to move, every move loses."""
    state = get_game("othello").setup().initial_state()
    for move in MOVES.split():
        state = state.play(state.parse_move(move))
    return state.play(state.parse_move("h5"))


def solved(state: Any, values: dict[str, tuple[int, str]]) -> Decision:
    """A decision as the engine's exact solve gives it (ai.othello_engine._decision): each
    move's value, exact or a bound ("at most", "at least"), and the results it proved."""
    moves = {m: state.parse_move(m) for m in values}
    proven: dict[Any, Proven] = {}
    for text, (value, known) in values.items():
        sign = (value > 0) - (value < 0)
        if known == "exact":
            proven[moves[text]] = Proven(sign, None, value)
        elif (known == "at most" and value < 0) or (known == "at least" and value > 0):
            proven[moves[text]] = Proven(sign)
    best = max(values, key=lambda m: (values[m][1] == "exact", values[m][0]))
    return Decision(move=moves[best], score_kind="discs", depth=12, nodes=18989,
                    scores={moves[m]: float(v) for m, (v, _k) in values.items()},
                    info={"units": UNITS, "exact": True,
                          "bounds": {m: k for m, (_v, k) in values.items()}},
                    proven=proven)


#: The engine's solve of the QA's endgame (h4 played, "perd de 10 pions").
ALL_LOSE = {"h4": (-10, "exact"), "e8": (-10, "at most"), "d8": (-10, "at most"),
            "b8": (-10, "at most"), "h7": (-12, "at most"), "c8": (-10, "at most"),
            "a2": (-10, "at most")}


def labels_drawn(state: Any, decision: Decision, language: str,
                 monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[str, Any]]:
    """Each move's label as the board draws it at 200% of 1920x1080 (88 px cells, 70 px body
    text): its text and colour."""
    pygame.init()
    i18n.set_language(language)
    view = board_view_for("othello", THEMES["default"])
    surface = pygame.Surface((800, 800))
    view.layout(surface.get_rect(), state)
    drawn: dict[str, tuple[str, Any]] = {}
    real = othello_view.score_chip

    def spy(surface: pygame.Surface, text: str, centre: Any, px: int, colour: Any,
            *args: Any, **kwargs: Any) -> pygame.Rect:
        assert view.grid is not None
        cell = view.grid.cell_at((round(centre[0]), round(centre[1])))
        assert cell is not None
        drawn["abcdefgh"[cell[1]] + str(cell[0] + 1)] = (text, colour)
        return real(surface, text, centre, px, colour, *args, **kwargs)

    monkeypatch.setattr(othello_view, "score_chip", spy)
    try:
        view.draw(surface, state, BoardContext(theme=THEMES["default"],
                                               scores=shown_scores(decision),
                                               score_kind=decision.score_kind, label_px=70))
    finally:
        i18n.set_language("en")
    return drawn


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_losing_move_says_by_how_much_and_the_chosen_one_is_the_green_one(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = endgame()
    drawn = labels_drawn(state, solved(state, ALL_LOSE), language, monkeypatch)
    theme = THEMES["default"]
    assert set(drawn) == set(ALL_LOSE)
    assert drawn["h4"] == ("\u221210", theme.score_good)
    for move, (text, colour) in drawn.items():
        if move != "h4":
            # A number, a bound, and not the colour of the best move (a bare "P" was green).
            assert text == f"\u2264\u2212{-ALL_LOSE[move][0]}", (move, text)
            assert colour != theme.score_good, move
    # The colours order the bounds: at least 12 behind is redder than at least 10 behind.
    assert drawn["h7"][1] == theme.score_bad
    assert drawn["e8"][1] not in (theme.score_bad, theme.score_good)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_legend_names_the_bounds_and_says_they_were_not_worked_out(language: str) -> None:
    i18n.set_language(language)
    try:
        state = endgame()
        rows = score_legend(solved(state, ALL_LOSE), "Blanc" if language == "fr" else "White")
    finally:
        i18n.set_language("en")
    words = {row.sample: row.words for row in rows if row.sample}
    assert set(words) == {"\u221210", "\u2264\u221210"}
    assert ("au moins 10 pions de retard" if language == "fr"
            else "at least 10 discs behind") in words["\u2264\u221210"]
    assert ("pas calculé" if language == "fr" else "not worked out") in words["\u2264\u221210"]


def test_a_won_endgame_shows_the_others_as_ceilings_not_as_exact_margins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Winning: the other moves' values are upper bounds; "+4" drawn for one said it was
    worked out."""
    state = endgame()
    values = {"h4": (6, "exact"), "e8": (4, "at most"), "d8": (0, "at most"),
              "a2": (-2, "at most")}
    drawn = labels_drawn(state, solved(state, values), "en", monkeypatch)
    assert [drawn[m][0] for m in values] == ["+6", "\u2264+4", "\u22640", "\u2264\u22122"]
    assert drawn["h4"][1] == THEMES["default"].score_good
    assert all(drawn[m][1] != THEMES["default"].score_good for m in ("e8", "d8", "a2"))


def test_bounds_alone_are_not_coloured_as_better_than_one_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact solve ran out of time before its first move: only the win/loss/draw
    solve's bounds are known, none is proven better than another."""
    state = endgame()
    values = {"h4": (-1, "at most"), "e8": (-6, "at most"), "d8": (-2, "at most")}
    drawn = labels_drawn(state, solved(state, values), "en", monkeypatch)
    assert [drawn[m][0] for m in values] == ["\u2264\u22121", "\u2264\u22126", "\u2264\u22122"]
    assert {colour for _t, colour in drawn.values()} == {THEMES["default"].text}


def test_the_engine_works_out_every_moves_margin_in_the_endgame() -> None:
    """The exact solve bounded the six moves it did not play; the engine now works their
    margins out (on a clock counting the engine's work, not the wall clock's)."""
    from ai.base import Limits
    from ai.othello_engine import OthelloEngine
    from tests.test_othello_clock import StepClock

    engine = OthelloEngine(level=5, clock=StepClock(), use_book=False)
    decision = engine.choose(endgame(), Limits(time=2.0))
    assert str(decision.move) == "h4"
    assert decision.info["bounds"] == {m: "exact" for m in ALL_LOSE}
    assert {str(m): v for m, v in decision.scores.items()} == {
        "h4": -10, "e8": -24, "d8": -24, "b8": -24, "h7": -42, "c8": -42, "a2": -16}
    labels = {str(m): s.label for m, s in shown_scores(decision).items()}
    assert labels["a2"] == "\u221216" and labels["h7"] == "\u221242"


@pytest.mark.parametrize(("size", "lang"), [((1024, 768), "fr"), ((1920, 1080), "en")])
def test_the_bounds_sit_on_their_own_cells_at_a_readable_size(
        size: tuple[int, int], lang: str) -> None:
    """Where the engine's time runs out before the margins are worked out, the bounds
    ("≤−10", four signs) still sit each on its own cell, readable and over no disc: at 200% of
    1024x768 they were staggered on three heights along row 8 at 18 px (QA S12 12): the chip
    of e8 passed f8's disc by less than a pixel."""
    import dataclasses

    from game.ui.scenes.play_fit import readable_px
    from tests.test_ui_othello_tied import untied
    from tests.ui_helpers import frame, make_app, start_game

    app = make_app(size, language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "othello", ("human", "human"))
    frame(app)
    state = endgame()
    view = play.view
    view.layout(play.board_rect, state)
    decision = solved(state, ALL_LOSE)
    ctx = dataclasses.replace(play.board_context(), scores=shown_scores(decision),
                              score_kind="discs", interactive=False)
    view.draw(app.screen, state, ctx)
    assert len(view.drawn_chips[1]) == len(ALL_LOSE)
    assert view.drawn_chips[0] >= readable_px(size)
    assert not untied(view, state)
    app.shutdown()
