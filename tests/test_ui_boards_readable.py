"""What is drawn on the boards reads from the back of the room at 200% text: Connect 4's
letters under the frame and the strip above it (issue 12, session 10)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui.boards.base import COORDINATES_MAX
from game.ui.scenes.play_fit import readable_px
from tests.test_ui_boards import COUNTS, connect4_visit_labels
from tests.ui_helpers import (
    BOARD_COORDINATES,
    frame,
    make_app,
    start_game,
    texts_drawn_by,
)

#: The window sizes every board is looked at with large text.
SIZES = [(1024, 640), (1024, 768), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_connect4s_letters_are_large_bold_and_in_the_text_colour(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 200% of 1024x640 in French the column letters were 16 px, regular and
    grey (a lower-case letter about 8 px high). They are now bold, in the text colour and as
    large as 0.45 of a cell or the screen's text allows, as far as the room under the frame
    does, never under the readable size."""
    from game.ui import text as txt

    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, "connect4", ("human", "human"))
    frame(app)
    letters = [(px, rect) for line, px, rect in texts_drawn_by(lambda: frame(app), monkeypatch)
               if line in BOARD_COORDINATES]
    view = play.view
    theme = app.theme
    screen = app.screen.copy()
    body = app.metrics.body
    app.shutdown()
    assert len(letters) == 7
    room = view.rect.bottom - view.board.bottom - max(2, view.cell // 20)
    for px, rect in letters:
        assert px >= readable_px(size), (px, readable_px(size))
        assert view.rect.contains(rect) and rect.top >= view.board.bottom
        larger = px + 1
        assert (px >= min(int(view.cell * COORDINATES_MAX), body)
                or txt.font(larger, True).get_height() > room), (px, view.cell, room)
        # Drawn in the text colour (the inside of a bold stroke is the colour itself).
        ink = pygame.mask.from_threshold(screen.subsurface(rect), theme.text, (1, 1, 1, 255))
        assert ink.count() > 0, rect


@pytest.mark.parametrize("size", SIZES)
def test_connect4s_strip_holds_the_labels_drawn_and_no_more(size: tuple[int, int]) -> None:
    """Regression: at 200% the strip above the columns kept room for two rows of labels at
    the body size (213 px at 1920x1080 for 70 px text) while the labels, limited by the
    columns' width, were drawn at 30 px: the board had 69 px cells where 80 fit. The strip
    now holds two rows of the labels as they are drawn, a little more at most, and the
    labels stay readable."""
    from game.ui.boards.connect4 import staggered_height

    labels, px, rows, app = connect4_visit_labels(size, 200, COUNTS)
    view: Any = app.scenes[-1].view
    app.shutdown()
    assert rows == 2 and px >= readable_px(size)
    assert view.strip.height <= max(view.cell, staggered_height(px) * 1.25), (
        view.strip.height, px)
    assert len(set(labels.values())) == len(COUNTS)
