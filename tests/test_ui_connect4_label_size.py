"""Connect 4's column scores as large as their column holds them (QA18 8).

Regression: on the 9x8 board (five in a row) the labels' row above the columns was laid out
for a one-cell strip wherever the letters and the goal line ("Line up 5 to win") needed more
than the margin under the frame, whatever room the labels' row had been given: alpha-beta's
"+5" stood at the readable floor, 20 px at 200% of 1024x768 where body text is 40 and its cap
held 30 (21 px at 100% of 1280x720, 27 at 200% of 1920x1080). The row also grew into spare
height only for three characters ("000"), so on 7x6 at 200% of 1024x768 two-character labels
stopped at 29 px where their cap held 38. Now every label is drawn at the body size or at the
largest size at which the widest of them fits its column's cap, in one row above the marks,
clear of each other and of the frame.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ai.base import Decision
from game.ui.boards import connect4
from game.ui.boards.base import chip_height, chip_text_px
from game.ui.boards.connect4 import CAP_PAD_SHARE, Connect4View, cap_width
from game.ui.scenes.play_fit import readable_px
from tests.ui_helpers import frame, make_app, start_game

NINE = {"cols": "9", "rows": "8", "connect": "5"}

#: A search's scores: two characters each, or one of three among them.
SHORT = (5.0, -1.0, 0.0, 3.0, 1.0, -2.0, 4.0, 0.0, -1.0)
LONG = (5.0, -1.0, 10.0, 3.0, -11.0, -2.0, 4.0, 0.0, -1.0)


def drawn_labels(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str,
                 scale: int, options: dict[str, str], values: tuple[float, ...]
                 ) -> tuple[list[tuple[str, int, pygame.Rect]], Any, Connect4View]:
    """The labels drawn for ``values`` (a search's scores, one a column) on a fresh board:
    (text, size, chip) each, the app and the view."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    chip = connect4.score_chip

    def spy(surface: pygame.Surface, label: str, centre: Any, px: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        rect = chip(surface, label, centre, px, *args, **kwargs)
        drawn.append((label, px, rect))
        return rect

    monkeypatch.setattr(connect4, "score_chip", spy)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale)
    play = start_game(app, "connect4", ("human", "human"), options=options)
    moves = play.state.legal_moves()
    decision = Decision(move=moves[0], score_kind="value",
                        scores={m: v for m, v in zip(moves, values, strict=False)},
                        info={"depth": 3})
    play.turns.reasoning = play.turns.pending = decision
    frame(app)
    drawn.clear()
    frame(app)
    view = play.view
    assert isinstance(view, Connect4View)
    return drawn, app, view


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("values", [SHORT, LONG], ids=["two", "three"])
@pytest.mark.parametrize(("size", "scale", "options"), [
    ((1024, 768), 200, NINE), ((1280, 720), 100, NINE), ((1920, 1080), 200, NINE),
    ((1920, 1080), 100, NINE), ((1024, 768), 200, {}), ((1280, 720), 200, {})])
def test_labels_take_the_largest_size_their_column_holds(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], scale: int,
        options: dict[str, str], values: tuple[float, ...], lang: str) -> None:
    drawn, app, view = drawn_labels(monkeypatch, size, lang, scale, options, values)
    cols = view.shape[0]
    assert len(drawn) == cols, drawn
    sizes = {px for _label, px, _rect in drawn}
    assert len(sizes) == 1 and min(sizes) >= readable_px(size), drawn
    px = sizes.pop()
    # The body size, or one pixel more would not fit some label's cap, or the labels' row
    # (the board the rest of the height) had no room left for it.
    cap = cap_width(view.cell)
    row = view.marks().top - view.strip.top
    assert px == app.metrics.body or any(
        chip_text_px(label, px + 1, cap, CAP_PAD_SHARE) <= px for label, _px, _rect in drawn
    ) or chip_height(px + 1) - row > view.unused, (px, drawn, view.cell, row, view.unused)
    # In one row over the marks and the frame, each in its own column, none overlapping.
    chips = [rect for _label, _px, rect in drawn]
    assert len({rect.centery for rect in chips}) == 1
    for i, rect in enumerate(chips):
        col = (rect.centerx - view.board.left) // view.cell
        lane = pygame.Rect(view.board.left + col * view.cell, view.strip.top, view.cell,
                           view.marks().top - view.strip.top)
        assert lane.contains(rect), (rect, lane)
        assert not rect.colliderect(view.board) and not rect.colliderect(view.marks())
        assert not any(rect.colliderect(other) for other in chips[i + 1:])
    # The strip inside the board's rectangle (under the status lines).
    assert view.rect.contains(view.strip) and view.rect.contains(view.board)
    app.shutdown()
