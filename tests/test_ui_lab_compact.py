"""The learning lab's compact layout: where the text leaves the set-up no panel of its own
(a true 200%: body text 6.5% of the window's height, 40 px at 1024x768, 70 px at 1920x1080),
the set-up is a page, a tab beside the views, and the run's views take the window's width.

These tests set that cap themselves, so they run whatever the app's own cap is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.scenes.learning_lab import LearningLabScene
from tests.lab_helpers import large_lab
from tests.text_watch import TextRecorder, cut, outside, overlaps, watch_texts
from tests.ui_helpers import FRAME, click_widget, frame, make_app

#: Body text at 6.5% of the window's height: a true 200% at 1024x768 and 1920x1080.
TRUE_200 = 0.065
SIZES = [(1024, 768), (1920, 1080)]


@pytest.fixture
def true_200(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The cap on body text at a true 200%, and every text drawn watched."""
    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", TRUE_200)
    with watch_texts():
        yield


def compact_lab(size: tuple[int, int], language: str) -> tuple[Any, LearningLabScene]:
    """The lab at 200% text in a window of ``size`` (the app typed loosely for these tests)."""
    app, lab = large_lab(size, language)
    return app, lab


def problems(app: Any) -> list[str]:
    """Every text cut, drawn over another or past the window's edge in one frame."""
    app.advance([], FRAME)
    app.toast = None
    recorder = TextRecorder(app.size)
    app.draw(recorder)
    drawn = recorder.drawn
    return [*map(str, cut(drawn)), *map(str, overlaps(drawn)), *map(str, outside(drawn))]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_set_up_is_a_page_of_its_own_at_a_true_200(
        true_200: None, size: tuple[int, int], language: str) -> None:
    """Regression: at a true 200% the set-up panel beside the run, 380 pixels wide at
    1024x768, showed three rows and cut "Lea…", "Enregist…", "Continue d'a…", "Me…" (Menu),
    and the title ran under the Menu button. The set-up is now the first tab: its rows, the
    file buttons and "Play against it" across the window, every text whole."""
    app, lab = compact_lab(size, language)
    assert lab.compact()
    assert lab.offered_views()[0] == "setup"
    lab.tabs.choose("charts")
    assert not any(w in lab.all_widgets() for w in lab.config_widgets)  # not on the charts
    assert problems(app) == []
    click_widget(app, lab.tabs.buttons["setup"])
    assert lab.tabs.current() == "setup"
    page = lab.setup_area()
    window = pygame.Rect((0, 0), app.size)
    for button in (lab.save_button, lab.load_button, lab.reset_button, lab.play_button,
                   lab.keep_toggle):
        assert button in lab.all_widgets()
        assert page.contains(button.rect) and window.contains(button.rect), button.rect
        assert button.label_fits()
    shown = [w for w in lab.config_widgets[1:] if w.visible]
    assert len(shown) >= 5  # five rows at least, the others a wheel's turn away
    assert all(page.contains(w.rect) for w in shown)
    assert problems(app) == []
    assert lab.menu_button.rect.width >= text.size(
        tr("lab.menu"), lab.menu_button.px, True)[0]
    app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_train_from_the_set_up_page_shows_the_learner_training(
        true_200: None, size: tuple[int, int]) -> None:
    """A class watches the learner train: Train pressed on the set-up page turns to the
    charts, the progress bar and its line in the header, nothing cut."""
    app, lab = compact_lab(size, "fr")
    lab.tabs.choose("setup")
    lab.games = 50
    lab._set_speed("instant")
    frame(app)
    click_widget(app, lab.train_button)
    assert lab.tabs.current() == "charts"
    assert lab.runner is not None and lab.runner.join(60)
    frame(app)
    progress = lab.panels["progress"]
    assert progress.width > 0 and progress.bottom <= lab.train_button.rect.top
    assert lab.clear_button in lab.all_widgets()
    assert pygame.Rect((0, 0), app.size).contains(lab.clear_button.rect)
    assert problems(app) == []
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_every_page_says_which_game_and_learner_it_trains(
        true_200: None, size: tuple[int, int], language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window at 200%: the compact lab opened on the charts, and nothing said
    which game or learner was trained until Set-up was opened. A fresh lab now opens on its
    set-up, and every page's header names the game, its variant and the learner ("Nim (20
    matches, 1–3) · Elimination": "Nim · Elimination" said the same for Marienbad),
    whole, readable, left of the progress line; a new choice on the set-up page shows there
    at once, and a trained learner's lab reopens where the class left it."""
    from game.ui.scenes.lab_common import game_title, player_name, variant_label
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app, lab = compact_lab(size, language)
    assert lab.tabs.current() == "setup"

    def header_says(game: str, kind: str) -> None:
        # The variant too: "Nim · Elimination" said the same for Marienbad.
        said = f"{game_title(game)} ({variant_label(game, lab.options)}) · {player_name(kind)}"
        drawn = texts_drawn_by(lambda: app.draw(app.screen), monkeypatch)
        title = [(px, rect) for line, px, rect in drawn if line == said]
        assert title, (lab.tabs.current(), said)
        px, rect = title[0]
        assert px >= readable_px(size)
        assert rect.right <= lab.panels["progress"].left
        assert rect.bottom <= lab.train_button.rect.top
        assert problems(app) == []

    for kind in ("elimination", "qlearning"):
        lab.set_kind(kind)
        for view in lab.offered_views():
            lab.tabs.choose(view)
            header_says(lab.game, kind)
    from game.ui.scenes.lab_session import lab_presets

    for index, options in enumerate(lab_presets(lab.session.info)):  # Marienbad, misère...
        lab.set_variant(index)
        assert lab.options == options
        header_says(lab.game, "qlearning")
    lab.set_game("hexapawn")
    lab.set_kind("reinforcement")
    header_says("hexapawn", "reinforcement")
    lab.games = 5
    lab._set_speed("instant")
    lab.train()
    assert lab.runner is not None and lab.runner.join(60)
    lab.tabs.choose("boxes")
    frame(app)
    app.pop()
    again = LearningLabScene(app)
    app.push(again)
    frame(app)
    assert again.tabs.current() == "boxes"
    app.shutdown()


def test_the_layout_is_side_by_side_at_the_current_sizes() -> None:
    """At 100%, and at 200% under the app's own cap (4.5%), set-up and run share the window as
    before: the compact layout is for larger text only."""
    for size in ((1024, 768), (1920, 1080), (1280, 720), (1024, 640)):
        for scale in (100, 200):
            app = make_app(size, text_scale=scale)
            lab = LearningLabScene(app)
            app.push(lab)
            frame(app)
            if scale == 100 or widgets.BODY_MAX_FRACTION <= 0.045:
                assert not lab.compact(), (size, scale)
                assert "setup" not in lab.offered_views()
            app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_ntuple_lab_shows_one_page_at_a_time_at_a_true_200(
        true_200: None, size: tuple[int, int], language: str) -> None:
    """Regression: at a true 200% the n-tuple lab cut its title ("Réseau n-tuple : une
    machine apprend l'Othello en jo…"), its set-up labels ("Ta…", "Ex…"), "Start from the
    trai…", drew the maps' letters over the patterns' caption and printed no number in its
    maps. It shows one page at a time (set-up, curves, values, patterns) under the run's
    buttons, every text whole, the maps' numbers printed at the readable size at least."""
    from ai.ntuple_training import NTupleLabSession
    from game.ui.scenes.ntuple_lab import NTupleLabScene
    from game.ui.scenes.ntuple_lab_pages import PAGES, is_compact
    from game.ui.scenes.play_fit import readable_px

    app = make_app(size, language=language, text_scale=200)
    lab = NTupleLabScene(app, NTupleLabSession(8))
    app.push(lab)
    lab.load_shipped()
    frame(app)
    assert is_compact(lab)
    for page, _key in PAGES:
        click_widget(app, lab.tabs[page])
        assert lab.page == page
        assert problems(app) == [], page
        window = pygame.Rect((0, 0), app.size)
        assert all(window.contains(w.rect) for w in lab.active_widgets())
    sizes: list[int] = []
    real = text.render

    def spy(line: str, px: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        if line.lstrip("\u2212").isdigit():
            sizes.append(px)
        return real(line, px, *args, **kwargs)

    lab.page = "values"
    frame(app)
    text.clear_cache()
    text.render = spy  # type: ignore[assignment]
    try:
        app.draw(app.screen)
    finally:
        text.render = real  # type: ignore[assignment]
    assert len(sizes) >= 2 * 64 and min(sizes) >= readable_px(size), sorted(set(sizes))
    app.shutdown()


@pytest.mark.parametrize("cap", [0.05, 0.06, 0.065])
def test_every_chart_keeps_a_readable_plot_at_caps_above_the_current_one(
        cap: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with body text capped at 6% of 1920x1080, the charts side by side left the
    wins chart's plot 181 pixels high, under four lines of its small text (184): its legend
    took two rows the estimate counted as one. Each plot keeps four lines at every cap."""
    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", cap)
    app, lab = compact_lab((1920, 1080), "en")
    lab.set_game("nim")
    lab.set_kind("reinforcement")
    lab.games = 250
    lab._set_speed("instant")
    lab.train()
    assert lab.runner is not None and lab.runner.join(60)
    # (Once the end-of-run notice is gone: while it shows, the charts give it their top.)
    frame(app)
    app.toast = None
    m = app.metrics
    for name in ("chart_wins", "chart_rate"):
        lab.chart_choice.choose(name)
        frame(app)
        assert lab.charts.plots[name].height >= 4 * int(m.small * 0.85), (name, cap)
    app.shutdown()


@pytest.mark.parametrize("cap", [0.05, 0.065])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_weights_editor_cuts_nothing_at_larger_caps(
        true_200: None, cap: float, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at a true 200% of 1024x768 the weights editor cut its title ("Votre
    heuristique : table de poids …"), "Enregist…", "Table du…", drew "−10" and "+10" as
    empty buttons and stopped its help mid-sentence; at 5% a corner's "+100" read "+1…". The
    title is the short one where the long one does not fit, the file buttons one a row, the
    board half the width, the help whole or left out."""
    from game.ui.scenes.weights_editor import WeightsEditorScene

    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", cap)
    app = make_app((1024, 768), language=language, text_scale=200)
    editor = WeightsEditorScene(app)
    app.push(editor)
    frame(app)
    assert problems(app) == []
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(w.rect) and w.label_fits() for w in editor.widgets())
    app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_a_fresh_ntuple_lab_opens_on_its_set_up_a_trained_one_on_its_curves(
        true_200: None, size: tuple[int, int]) -> None:
    """Regression: at 200% the n-tuple lab opened on an empty Curves page ("0 games", one
    tick) while the learning lab opens a fresh learner on its set-up. Nothing to chart yet:
    the set-up first; once a run has curves, the lab reopens on them."""
    from ai.ntuple_training import CurvePoint, NTupleLabSession
    from game.ui.scenes.ntuple_lab import NTupleLabScene

    app = make_app(size, text_scale=200)
    session = NTupleLabSession(8)
    fresh = NTupleLabScene(app, session)
    assert fresh.page == "setup"
    session.curves.append(CurvePoint(200, {"random": 0.5}))
    assert NTupleLabScene(app, session).page == "curves"
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [*SIZES, (1280, 720)])
def test_every_set_up_row_shows_on_its_page(true_200: None, size: tuple[int, int],
                                             language: str) -> None:
    """Seen at a true 200% of 1920x1080: the compact set-up page showed 6 of a Q-learner's 12
    rows and scrolled (9 of 12 at 1024x768, 6 of 9 at 1280x720). Every row now shows, its
    text down to the readable size (2.5% of the height), an evaluation's row too when a
    search opponent is chosen; the file buttons beside them, nothing cut or overlapping."""
    from game.ui.scenes.play_fit import readable_px

    app, lab = compact_lab(size, language)
    for game, kind in (("hexapawn", "qlearning"), ("nim", "elimination"),
                       ("nim", "reinforcement")):
        lab.set_game(game)
        lab.set_kind(kind)
        for opponent in ("random", "minimax"):
            lab._set_opponent(opponent)
            frame(app)
            scroller = lab.config_widgets[0]
            rows = scroller.rows  # type: ignore[attr-defined]
            assert rows.shown >= rows.total, (game, kind, opponent, rows.shown, rows.total)
            shown = [w for w in lab.config_widgets[1:] if w.visible]
            assert len(shown) >= 8 and all(
                w.px >= readable_px(size) for w in shown), [w.px for w in shown]
            assert problems(app) == []
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [*SIZES, (1024, 640), (1280, 720)])
def test_the_charts_buttons_are_whole_beside_clear_runs(
        true_200: None, size: tuple[int, int], language: str) -> None:
    """Seen at 200% of 1024x640 in French: under a Hexapawn learner's charts, one at a time,
    'Taux de victoire' was cut to 'Taux de vi…' (three tabs leave the tabs' text at body size,
    and the chart buttons and 'Effacer les courbes' took that size). The row's buttons now
    share one size at which all three are whole, for every game."""
    from tests.lab_helpers import train_instantly

    app, lab = compact_lab(size, language)
    for game in ("hexapawn", "nim"):
        train_instantly(lab, game, "qlearning", 20)
        lab.tabs.choose("charts")
        frame(app)
        shown = [*lab.chart_choice.widgets(), lab.clear_button]
        assert all(b.label_fits() for b in shown), [(b.label(), b.px) for b in shown]
        assert problems(app) == []
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_narrower_set_up_column_keeps_the_rows_words_at_their_size(
        true_200: None, language: str) -> None:
    """Seen in a real window at 200% of 1024x768 in French: with Hexapawn chosen, the set-up
    rows took a narrower column (room for the notices beside them) and 'Hexapawn' and
    'Adversaire' were drawn a third smaller than the rows around them. The column narrows
    only where every row keeps its words at 90% of its size at least."""
    from game.ui.scenes.lab_setup import place_setup_rows
    from game.ui.scenes.lab_setup_page import COMPACT_ROWS_SHARE, whole_at_size

    app, lab = compact_lab((1024, 768), language)
    pad = app.metrics.pad
    for game in ("hexapawn", "nim"):
        lab.set_game(game)
        lab.set_kind("elimination")
        frame(app)
        rows = [w for w in lab.config_widgets[1:] if w.visible]
        shown = [(w.label(), w.px, whole_at_size(w)) for w in rows]
        inner = lab.panels["setup_page"].inflate(-pad * 2, -pad * 2)
        place_setup_rows(lab, pygame.Rect(inner.left, inner.top,
                                          int(inner.width * COMPACT_ROWS_SHARE) - pad * 2,
                                          inner.height), lab.panels["setup_params"].width > 0)
        assert shown == [(w.label(), w.px, whole_at_size(w)) for w in rows], game
        frame(app)
        assert problems(app) == []
    app.shutdown()


@pytest.mark.parametrize(("game", "offered"), [("nim", False), ("hexapawn", False),
                                               ("morpion", True)])
def test_beads_for_a_draw_only_where_the_game_can_be_drawn(game: str, offered: bool) -> None:
    """QA S14 11: Reinforcement's "Beads added if drawn" was offered for Hexapawn and Nim,
    games with no draw."""
    from game.ui.scenes.lab_setup import setup_rows
    from tests.ui_helpers import frame

    app, lab = large_lab((1280, 800), "fr")
    lab.set_game(game)
    lab.set_kind("reinforcement")
    frame(app)
    labels = [row.label() for row in setup_rows(lab) if callable(getattr(row, "label", None))]
    assert (tr("param.draw") in labels) == offered, labels
    app.shutdown()
