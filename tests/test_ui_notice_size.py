"""A notice over the play screen (issue 12 defect 16: notices cover what they report): short
enough not to hide the title and the board, its file names whole."""

from __future__ import annotations

import pytest

from game.ui import text
from game.ui.app import TOAST_LINES
from game.ui.i18n import tr
from tests.ui_helpers import frame, make_app, spy_texts, start_game

NAME = "connect4-20261125-025706.txt"
FOLDER = "/home/teacher/.local/share/aigamelab/games"


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "en"), ((1024, 768), "fr"),
                                            ((1920, 1080), "en"), ((1280, 720), "fr")])
def test_the_saved_game_notice_takes_two_lines_with_its_name_whole(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S16 20 (Connect 4, Ctrl+S at 1280x800 en 200%): "Game saved as connect4-20261125-
    025706.txt in …/games" took five lines over the title and the board's top rows for
    ~3.5 s, the file name broken over three of them."""
    app = make_app(size, language=lang, text_scale=200)
    start_game(app, "connect4", ("human", "human"))
    app.notify(tr("review.saved", name=NAME, folder=FOLDER))
    frame(app)
    assert app.toast is not None
    lines = spy_texts(monkeypatch)
    app._draw_toast(app.screen, app.toast)
    assert any(NAME in line for line in lines) and any(FOLDER in line for line in lines), lines
    # Two lines, or smaller words down to the readable size: never more room than two
    # lines of body text (at 200% of 1024x768 in French, three lines at 20 px).
    body = text.font(app.metrics.body).get_linesize()
    assert app.toast_rect.height <= body * TOAST_LINES + 2 * app.metrics.pad, lines
    app.shutdown()
