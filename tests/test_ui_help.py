"""The help overlay: every shortcut's description shown whole, the list scrolls when it does
not fit (and says so), any other key or a click closes it."""

from __future__ import annotations

import pygame
import pytest

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.help import SHORTCUTS, HelpOverlay
from tests.ui_helpers import frame, key, make_app, spy_texts


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_help_that_does_not_fit_scrolls_and_shows_every_description_whole(
        monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Regression: at large text the descriptions were cut ("Retour, fermer ou annul…") and
    the rows ran past the window; now each goes on as many lines as it needs and the list
    scrolls with the arrow keys or the wheel, which its last line says."""
    seen = spy_texts(monkeypatch)
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


#: Rows the help shows at 200% (body 40 px at 1024x768, 70 at 1920x1080) at least: 5, 5, 4
#: and 4 before (en, fr), the keys' column as wide as "F11 / Alt+Entrée" at the body size
#: and the French descriptions each on two lines beside it.
MORE_ROWS = {((1024, 768), "en"): 8, ((1024, 768), "fr"): 6, ((1920, 1080), "en"): 6,
             ((1920, 1080), "fr"): 5}


@pytest.mark.parametrize(("size", "language"), list(MORE_ROWS))
def test_at_200_percent_the_help_shows_more_rows_at_a_readable_size(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (issue 12): at 200% of 1024x768 the help showed 5 of its 12 shortcuts, at
    1920x1080 4. A long key now breaks after its " / " where that makes the rows lower, and
    when the rows do not all fit the text may take the small size (its title the body size)
    if that shows more: each key stays inside its chip, every text at the small size at
    least."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language, text_scale=200)
    overlay = HelpOverlay(app)
    app.push(overlay)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    assert overlay.shown >= MORE_ROWS[(size, language)], overlay.shown
    assert min(px for _line, px, _rect in drawn) >= app.metrics.small
    _px, _title, _box, _footer, (key_w, keys, _lines, _heights), _shown = overlay.layout()
    widest = max(text.size(part, overlay.px, True)[0] for parts in keys for part in parts)
    assert widest + app.metrics.pad * 2 <= key_w
    app.shutdown()
