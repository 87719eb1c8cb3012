"""The help overlay: every shortcut's description shown whole, the list scrolls when it does
not fit (and says so), any other key or a click closes it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.help import SHORTCUTS, HelpOverlay
from tests.ui_helpers import frame, key, make_app


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn by text.blit_text from now on (one list, cleared by the caller)."""
    seen: list[str] = []
    real = text.blit_text

    def spy(surface: Any, shown: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(shown)
        return real(surface, shown, *args, **kwargs)

    monkeypatch.setattr(text, "blit_text", spy)
    return seen


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_help_that_does_not_fit_scrolls_and_shows_every_description_whole(
        monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Regression: at large text the descriptions were cut ("Retour, fermer ou annul…") and
    the rows ran past the window; now each goes on as many lines as it needs and the list
    scrolls with the arrow keys or the wheel, which its last line says."""
    seen = drawn_texts(monkeypatch)
    app = make_app((640, 480), language=language, text_scale=200)
    overlay = HelpOverlay(app)
    app.push(overlay)
    frame(app)
    assert overlay.scrolls
    shown_words = " ".join(seen).split()
    assert all(word in shown_words for word in tr("help.close_scroll").split())
    words: list[str] = []
    for _row in SHORTCUTS:
        words += " ".join(seen).split()
        seen.clear()
        key(app, pygame.K_DOWN)
        assert app.top is overlay  # an arrow scrolls, it does not close
    for _keys, what in SHORTCUTS:
        assert all(word in words for word in tr(what).split()), tr(what)
    assert not any(shown.endswith("…") for shown in seen)
    frame(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert overlay.scroll == len(SHORTCUTS) - 2
    key(app, pygame.K_a)
    assert app.top is not overlay
    app.shutdown()


def test_a_help_that_fits_closes_on_any_key() -> None:
    app = make_app((1280, 800), language="en")
    overlay = HelpOverlay(app)
    app.push(overlay)
    frame(app)
    assert not overlay.scrolls
    key(app, pygame.K_DOWN)
    assert app.top is not overlay
    app.shutdown()
