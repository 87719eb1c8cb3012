"""The menu's notices cover no control (review 16): a seat's player changed by new options
was said above Start, over "Weight table…" and "Who moves first" on the game page at 200% text
and over the n-tuple network's last parameters on its seat's page, for about three seconds."""

from __future__ import annotations

import pygame
import pytest

from game.ui.i18n import tr
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


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_a_two_seat_notice_is_at_least_half_the_body_size(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """R8 / QA19 20 (1024x640 fr 200%): Othello 8x8 -> 4x4 with the n-tuple network in both
    seats said two sentences of 28-34 words in 16 px (the body size 40) in the only room that
    covers no control. Once the same player leaves both seats it is said once (14-18 words):
    22 px there, 30 at 1024x768 (was 22). (Ranking the rooms by the size they allow, as R8
    offered, chose no other room at any size, 100-200%, en/fr: left out.)"""
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    assert isinstance(menu, MenuScene)
    seat_players(menu, "othello", ("ntuple", "ntuple"))
    frame(app)
    menu.set_option("size", "4")
    said = app.toast
    assert said is not None and len(said.split()) <= 18, said
    assert tr("seat.human") in said and tr("player.random.title") in said, said
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    sizes = [px for line, px, _rect in drawn if line and line in said]
    assert sizes and min(sizes) >= app.metrics.body / 2, (sizes, app.metrics.body)
    app.shutdown()


def test_a_long_notice_stays_a_second_for_every_four_words() -> None:
    """QA19 20: the two-seat notice was gone in under 2 s in a real window. It stays about a
    second for every four words (4 s at least), counted from the frame that shows it: the
    frame of the click that made it carried the idle wait before the click (up to 1 s)."""
    from game.ui.app import TOAST_SECONDS
    from game.ui.scene import Scene

    app = make_app((1024, 768))
    words = " ".join(["word"] * 32)

    class Notifying(Scene):
        def handle(self, event: pygame.event.Event) -> bool:
            self.app.notify(words)
            return True

    app.push(Notifying(app))
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10))
    app.elapse([click], 1.0)  # (the loop had waited a second for that click)
    assert app.toast == words and app.toast_left == 8.0
    for _second in range(7):
        app.elapse([], 1.0)
    assert app.toast == words
    app.elapse([], 1.0)
    assert app.toast is None
    app.notify("Saved.")
    assert app.toast_left == TOAST_SECONDS
    app.shutdown()
