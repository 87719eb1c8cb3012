"""The menu's notices cover no control (review 16): a seat's player changed by new options
was said above Start, over "Weight table…" and "Who moves first" on the game page at 200% text
and over the n-tuple network's last parameters on its seat's page, for about three seconds."""

from __future__ import annotations

import pytest

from game.ui.scenes.menu import MenuScene
from tests.ui_helpers import frame, make_app, seat_players

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (1024, 768)]


@pytest.mark.parametrize("scale", [200, 100])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("seats", "board"), [(("human", "ntuple"), "6"),
                                              (("ntuple", "ntuple"), "4")])
def test_a_seat_change_notice_covers_no_control_on_any_page(
        size: tuple[int, int], language: str, scale: int, seats: tuple[str, str],
        board: str) -> None:
    """Othello 8x8 -> 6x6 with the n-tuple network in seat 2 (its usual settings), and 8x8 ->
    4x4 with it in both seats (two lines, both replaced): on every page of the menu the
    notice's box meets no control shown, no game card and no seat's description."""
    app = make_app(size, language=language, text_scale=scale)
    menu = app.top
    assert isinstance(menu, MenuScene)
    seat_players(menu, "othello", seats)
    frame(app)
    menu.set_option("size", board)
    assert app.toast is not None
    for page in menu.pages() or (menu.page,):
        menu.show_page(page)
        frame(app)
        box = app.toast_rect
        assert box.width > 0 and app.screen.get_rect().contains(box), (page, box)
        controls = [(w.label() if callable(getattr(w, "label", None)) else type(w).__name__,
                     w.rect) for w in menu.all_widgets()
                    if w.visible and w.rect.width > 0 and w.rect.height > 0]
        controls += [(name, rect) for name, rect in menu.cards]
        controls += [("description", rect) for rect in menu.desc_rects if rect.height > 0]
        covered = [(name, tuple(rect)) for name, rect in controls if rect.colliderect(box)]
        assert not covered, (page, tuple(box), covered)
    app.shutdown()
