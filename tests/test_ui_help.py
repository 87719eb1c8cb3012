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


#: Rows the help shows at 200% (body 40 px at 1024x768 and 1024x640, 46 at 1280x720, 70 at
#: 1920x1080) at least. Before, in a column of keys as wide as "F11 / Alt+Entrée" beside one
#: of descriptions, with a quarter line between rows: 8, 6 at 1024x768 (en, fr); 6, 5 at
#: 1920x1080 and 1280x720; 6, 4 at 1024x640. Now each description starts beside its own key
#: (or all beside the widest, where that shows as many) and rows are their lines apart.
MORE_ROWS = {((1024, 768), "en"): 9, ((1024, 768), "fr"): 8, ((1920, 1080), "en"): 8,
             ((1920, 1080), "fr"): 8, ((1280, 720), "en"): 8, ((1280, 720), "fr"): 8,
             ((1024, 640), "en"): 7, ((1024, 640), "fr"): 7}


def check_rows(app: object, overlay: HelpOverlay, drawn: list[tuple[str, int, pygame.Rect]]
               ) -> None:
    """Every text at least the small size, the rows' at least 2.5% of the window's height;
    each key inside its chip; each row's texts inside the box and its own column, no two
    rows overlapping."""
    m = app.metrics  # type: ignore[attr-defined]
    assert min(px for _line, px, _rect in drawn) >= m.small
    layout = overlay.layout()
    assert layout.px >= 0.025 * m.height
    columns = sorted({x for _index, x, _y in layout.places})
    column_w = (columns[1] - columns[0] - m.pad * 3 if len(columns) > 1
                else layout.box.right - m.pad * 3 - columns[0])
    areas = []
    for index, x, y in layout.places:
        row = layout.rows[index]
        for part in row.keys:
            assert text.size(part, layout.px, True)[0] + m.pad * 2 <= row.chip_w, part
        widest = max(text.size(line, layout.px)[0] for line in row.lines)
        assert row.text_x + widest <= column_w, (row.lines, column_w)
        area = pygame.Rect(x, y, column_w, row.height - m.pad // 2)
        assert layout.box.contains(area)
        assert area.collidelist(areas) == -1, row.lines
        areas.append(area)


@pytest.mark.parametrize(("size", "language"), list(MORE_ROWS))
def test_at_200_percent_the_help_shows_more_rows_at_a_readable_size(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (issue 12): at 200% of 1920x1080 in French the help showed 5 of its 12
    shortcuts (1024x768: 6, 1024x640: 4). A key chip stands beside its description, rows
    are closer, and where a window is wide two columns show more; the text takes the small
    size when that shows more, never less."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language, text_scale=200)
    overlay = HelpOverlay(app)
    app.push(overlay)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    assert overlay.shown >= MORE_ROWS[(size, language)], overlay.shown
    check_rows(app, overlay, drawn)
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1024, 640)])
def test_at_100_percent_every_row_shows_its_descriptions_aligned(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 100% all twelve rows show, the descriptions in one column right of the widest key
    (beside each key only where that shows more rows)."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language)
    overlay = HelpOverlay(app)
    app.push(overlay)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    assert overlay.shown == len(SHORTCUTS)
    check_rows(app, overlay, drawn)
    assert len({row.text_x for row in overlay.layout().rows}) == 1
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_wide_window_shows_the_help_in_two_columns(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a window much wider than tall (2560x1080 at 200%) the rows go down two columns:
    10 or more of 12 shown (8 in one column)."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app((2560, 1080), language=language, text_scale=200)
    overlay = HelpOverlay(app)
    app.push(overlay)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    assert len({x for _index, x, _y in overlay.layout().places}) == 2
    assert overlay.shown >= 10, overlay.shown
    check_rows(app, overlay, drawn)
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 640), (640, 480)])
def test_scrolling_the_help_keeps_its_box_text_size_and_columns(size: tuple[int, int]) -> None:
    """Regression (QA, real window 1024x640 en 200%): the box moved down and the descriptions
    went from each beside its own chip to one aligned column as the list scrolled: the layout
    was chosen again for each first row."""
    app = make_app(size, text_scale=200)
    overlay = HelpOverlay(app)
    app.push(overlay)
    frame(app)
    assert overlay.scrolls
    first = overlay.layout()
    for _ in range(len(SHORTCUTS) - 1):
        key(app, pygame.K_DOWN)
        now = overlay.layout()
        assert (now.box, now.px, now.title_px) == (first.box, first.px, first.title_px)
        # Each row keeps where its description starts beside its chip.
        assert all(now.rows[i].text_x == first.rows[i].text_x for i in range(len(SHORTCUTS)))
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1920, 1080), "en"), ((1024, 768), "fr")])
def test_f1_in_the_labs_lists_their_own_keys(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA19 38 (1920x1080 en 200%): F1 in the learning lab listed "Ctrl+Z Undo", "H Hint",
    "R Restart the game", "→ Play one AI move", none of which the lab has, and nothing of the
    lab's own keys. It lists the lab's: Esc, Space, the Matchboxes' page keys, F11, F1 (the
    n-tuple lab the same but the pages)."""
    from game.ui.scenes.ntuple_lab import NTupleLabScene
    from tests.lab_helpers import large_lab

    app, lab = large_lab(size, language)
    for screen, pages in ((lab, True), (NTupleLabScene(app), False)):  # type: ignore[arg-type]
        if app.top is not screen:  # type: ignore[attr-defined]
            app.push(screen)  # type: ignore[attr-defined]
            frame(app)  # type: ignore[arg-type]
        seen = spy_texts(monkeypatch)
        key(app, pygame.K_F1)  # type: ignore[arg-type]
        overlay = app.top  # type: ignore[attr-defined]
        assert isinstance(overlay, HelpOverlay)
        while True:  # every row, scrolled to where it does not all fit
            frame(app)  # type: ignore[arg-type]
            if not overlay.scrolls or overlay.scroll + overlay.shown >= len(overlay.shortcuts):
                break
            key(app, pygame.K_DOWN)  # type: ignore[arg-type]
        rows = overlay.layout().rows
        described = " ".join(" ".join(row.lines) for row in rows)
        said = " ".join(seen)
        for what in ("help.lab_escape", "help.lab_space", "help.fullscreen"):
            assert tr(what) in described and tr(what).split()[-1] in said, (what, said)
        assert (tr("help.lab_pages") in described) is pages, described
        for what in ("help.undo", "help.hint", "help.restart", "help.step"):
            assert tr(what) not in described, (what, described)
        chips = " ".join(part for row in rows for part in row.keys)
        assert (tr("key.page_up") in chips) is pages and "Ctrl+Z" not in chips, chips
        # A key's name whole on one line of its chip ("Page Up / Page" / "Down / Home /
        # End" at 1920x1080 en 200%, real window).
        parts = [part for row in rows for part in row.keys]
        assert all(any(name in part for part in parts) is pages
                   for name in (tr("key.page_up"), tr("key.page_down"))), parts
        key(app, pygame.K_F1)  # type: ignore[arg-type]
        assert app.top is screen  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language"), [((1920, 1080), "en"), ((1024, 768), "fr")])
def test_f1_in_the_tournament_lists_its_own_keys(
        size: tuple[int, int], language: str) -> None:
    """Review R21 6: F1 in the tournament listed the play screen's keys ("Ctrl+Z Undo", "H
    Hint", "R Restart the game", "→ Play one AI move"…), none of which it has, and not its
    own set-up scroll keys. It lists the tournament's: Esc, Space, ↑ ↓ Page Up / Page Down,
    F11, F1."""
    from game.ui.scenes.tournament import TournamentScene

    app = make_app(size, language=language)
    scene = TournamentScene(app)
    app.push(scene)
    frame(app)
    key(app, pygame.K_F1)
    overlay = app.top
    assert isinstance(overlay, HelpOverlay)
    described = " ".join(tr(what) for _keys, what in overlay.shortcuts)
    for what in ("help.tour_escape", "help.tour_space", "help.tour_scroll", "help.fullscreen",
                 "help.help"):
        assert tr(what) in described, (what, described)
    for what in ("help.undo", "help.hint", "help.restart", "help.step", "help.lab_space"):
        assert tr(what) not in described, (what, described)
    frame(app)
    key(app, pygame.K_F1)
    assert app.top is scene
    app.shutdown()
