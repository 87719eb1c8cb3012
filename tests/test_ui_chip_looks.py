"""Each kind of number has its own look on the board and the same in the legend (QA17 7).

Before: a bound ("\u2264+3", or "\u22122" where the cell has no room for the "\u2264") and a
shallow estimate ("only 8 moves ahead") were drawn in one neutral chip, and the legend's two
rows' samples looked the same; in Othello a 6-deep "+11" beside the chosen move's \u22122.5 read
as a better move left unplayed. Now a bound's chip has dashes along its top and bottom, a
shallow estimate's chip is lighter, a shallow bound has both, and the legend draws each
sample so.
"""

from __future__ import annotations

import importlib
from typing import Any

import pygame
import pytest

from ai.base import Decision
from game.ui.boards.chip_look import BOUND, PLAIN, SHALLOW, SHALLOW_BOUND, ChipLook, light_fill
from tests.ui_helpers import frame, make_app, start_game

#: (game, options, the board view's module) of every board that draws score chips.
BOARDS = [
    ("connect4", {"cols": "9", "rows": "8", "connect": "5"}, "connect4"),
    ("connect4", None, "connect4"),
    ("othello", None, "othello"),
    ("othello", {"size": "6"}, "othello"),
    ("othello", {"size": "4"}, "othello"),
    ("morpion", None, "morpion"),
    ("hexapawn", None, "hexapawn"),
    ("nim", None, "nim"),
]

#: The looks given to the first moves, in order: the chosen move (a value worked out), a
#: bound, a shallow estimate, a shallow bound.
LOOKS = (PLAIN, BOUND, SHALLOW, SHALLOW_BOUND)


def _decision(moves: tuple[Any, ...]) -> tuple[Decision, dict[Any, ChipLook]]:
    """An engine's decision of depth 9 whose first moves are a value, a bound, a value and a
    bound of depth 8 (as the generic engine reports them), and the look each should get."""
    chosen = moves[0]
    values = (3.0, 1.0, 7.0, -4.0)  # (the shallow one above the chosen: QA17 7's "+11")
    kinds = dict(zip(moves, LOOKS, strict=False))
    bounds = {str(m): "upper bound" for m, look in kinds.items() if look.dashed}
    shallower = [str(m) for m, look in kinds.items() if look.light]
    scores = {m: v for m, v in zip(moves, values, strict=False)}
    return Decision(move=chosen, score_kind="value", depth=9, scores=scores,
                    info={"bounds": bounds, "shallower": shallower}), kinds


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1920, 1080), "en")])
@pytest.mark.parametrize(("game", "options", "module"), BOARDS)
def test_each_kind_of_number_is_drawn_in_its_look_and_the_legend_alike(
        game: str, options: dict[str, str] | None, module: str, size: tuple[int, int],
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    view_module = importlib.import_module(f"game.ui.boards.{module}")
    legend_module = importlib.import_module("game.ui.scenes.play_legend")
    chip = view_module.score_chip
    drawn: dict[str, ChipLook] = {}
    pixels: list[tuple[ChipLook, bool, bool]] = []

    def spy(surface: pygame.Surface, label: str, centre: Any, px: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        rect = chip(surface, label, centre, px, *args, **kwargs)
        look = kwargs.get("look", PLAIN)
        drawn[label] = look
        theme = args[1]
        # The lighter fill shows round the digits; dashes in the text colour along the top.
        area = [tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
                for y in range(rect.top, rect.bottom)]
        light = area.count(light_fill(theme.overlay, theme.text)) > len(area) // 5
        top = [tuple(surface.get_at((x, rect.top + 1)))[:3]
               for x in range(rect.left + rect.height // 3, rect.right - rect.height // 3)]
        pixels.append((look, light, top.count(theme.text) > len(top) // 3))
        return rect

    legend_looks: list[ChipLook] = []
    draw_look = legend_module.draw_look

    def legend_spy(surface: pygame.Surface, rect: pygame.Rect, px: int, colour: Any,
                   look: ChipLook, under_text: bool, **kwargs: Any) -> None:
        if under_text:
            legend_looks.append(look)
        draw_look(surface, rect, px, colour, look, under_text, **kwargs)

    monkeypatch.setattr(view_module, "score_chip", spy)
    monkeypatch.setattr(legend_module, "draw_look", legend_spy)
    app = make_app(size, language=language, show_reasoning=True, text_scale=200)
    play = start_game(app, game, ("human", "human"), options=options)
    decision, kinds = _decision(play.state.legal_moves())
    play.turns.reasoning = play.turns.pending = decision
    play.turns.reasoning_seat = 0
    play.turns.reveal_left = 3.0  # (the move revealed for a while: the board labels it)
    frame(app)
    # Every move's chip in the look of its kind (its label says which move it is).
    from game.ui.reasoning import shown_scores

    shown = shown_scores(decision)
    expected = {form: look for m, look in kinds.items()
                for form in (getattr(shown[m], "label", None), getattr(shown[m], "short", None),
                             str(shown[m]).rstrip("0").rstrip(".")) if form}
    expected = {(f"+{k}" if k[0].isdigit() and k != "0" else k): v for k, v in expected.items()}
    on_board = {label: look for label, look in drawn.items() if label in expected}
    assert on_board and all(expected[label] == look for label, look in on_board.items()), (
        drawn, expected)
    assert {look for look in on_board.values()} >= set(kinds.values()) - {PLAIN}, drawn
    for look, light, dashed in pixels:
        assert light == look.light and dashed == look.dashed, (look, light, dashed)
    # The legend's rows say each look shown, and draw each sample in it.
    rows = play.legend_rows()
    assert {row.look for row in rows if row.sample} == set(on_board.values()), rows
    assert set(legend_looks) == set(on_board.values()) - {PLAIN}, legend_looks
    app.shutdown()


def test_a_plain_chip_draws_no_look() -> None:
    """The chosen move's value (and every value worked out) keeps the plain dark chip."""
    from game.ui.boards.base import score_chip
    from game.ui.theme import THEMES

    theme = THEMES["default"]
    surfaces = []
    for look in LOOKS:
        surface = pygame.Surface((200, 80))
        surface.fill(theme.background)
        score_chip(surface, "+3", (100, 40), 30, theme.text, theme, look=look)
        surfaces.append(pygame.image.tobytes(surface, "RGB"))
    # Four looks, four drawings; the plain one as it was (no light fill, no dash).
    assert len(set(surfaces)) == len(LOOKS)
