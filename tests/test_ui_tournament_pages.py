"""The tournament at large text: the set-up and the results each on a page of their own, the
set-up's steppers in one column, the header's subtitle at its size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.tournament import TournamentScene
from game.ui.scenes.tournament_pages import RESULTS, SETUP
from game.ui.widgets import Stepper, Toggle
from tests.ui_helpers import click_widget, frame, make_app, run_until, texts_drawn_by

LINE_UP = {"othello": ["random", "greedy", "alphabeta", "alphabeta"],
           "hexapawn": ["random", "reinforcement", "qlearning", "minimax"]}


def tournament(size: tuple[int, int], language: str, scale: int, game: str) -> Any:
    """A tournament screen at ``scale`` % text with four players of ``game`` that have
    parameters (steppers and switches)."""
    app = make_app(size, language=language, text_scale=scale)
    scene = TournamentScene(app)
    app.push(scene)
    scene.set_game(game)
    while len(scene.specs) < 4:
        scene.add_player()
    for index, name in enumerate(LINE_UP[game]):
        scene.set_player(index, name)
    frame(app)
    return app, scene


def steppers(scene: TournamentScene) -> list[Stepper]:
    return [w for w in scene.setup_list_widgets() if isinstance(w, Stepper)]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_at_200_percent_the_set_up_has_a_page_of_its_own(size: tuple[int, int],
                                                         language: str) -> None:
    """Regression (issue 12, 200% text): beside the results the set-up shrank "Games per
    pairing" to 19 px between 25 px labels and cut "Meilleur d'…"; with a true 200% only
    "Pa…", "G…", "Ha…" showed. At large text the set-up takes the whole width, on a page of
    its own: every label on one line at the row's size. Start stays where it was on the
    results' page it opens (a double-click lands on Start, greyed), and a button goes back."""
    app, scene = tournament(size, language, 200, "hexapawn")
    assert scene.paged and scene.page == SETUP
    assert scene.page_button.visible and scene.page_button.label() == tr("tour.results")
    assert not scene.export_button.visible and not scene.panels["setup"].colliderect(
        scene.start_button.rect)
    shown = [w for w in scene.setup_list_widgets() if w.visible]
    assert len(shown) >= 4
    for widget in shown:
        if isinstance(widget, Stepper | Toggle):
            box = widget._label_box()
            assert text.size(widget.label(), widget.px)[0] <= box.width, widget.label()
            assert widget.px == app.metrics.body
    start = scene.start_button.rect.copy()
    scene.games = 2
    click_widget(app, scene.start_button)
    assert scene.page == RESULTS and scene.start_button.rect == start
    assert not any(w.visible for w in scene.setup_list_widgets())
    assert run_until(app, lambda: scene.runner is not None and scene.runner.finished, 60)
    frame(app)
    assert scene.export_button.visible and scene.export_button.enabled
    assert scene.panels["results"].height >= size[1] * 0.4, scene.panels["results"]
    click_widget(app, scene.page_button)
    frame(app)
    assert scene.page == SETUP and scene.setup_widgets[0].visible
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1920, 1080)])
def test_at_100_percent_the_set_up_stays_beside_the_results(size: tuple[int, int]) -> None:
    app, scene = tournament(size, "fr", 100, "othello")
    assert not scene.paged and not scene.page_button.visible
    assert scene.setup_widgets[0].visible and scene.export_button.visible
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("size", "scale", "game"), [((1024, 768), 100, "othello"),
                                                     ((1280, 800), 100, "othello"),
                                                     ((1920, 1080), 100, "hexapawn"),
                                                     ((1024, 768), 200, "hexapawn"),
                                                     ((1920, 1080), 200, "othello")])
def test_the_steppers_line_up_with_whole_labels(size: tuple[int, int], scale: int,
                                                game: str, language: str) -> None:
    """Regression (issue 12, audit): the set-up's -, value and + stood at as many places as
    values had widths ("Égalités − hasard +" beside "Éval − Retournés +"), and lining them up
    with widgets.align_values shrank labels to 15 px or cut them. One column now, every
    label whole at 90% of its row's size at least ("Games per pairing" kept a box of its own
    at 100% of 1024x768: "Games per pair" leaves the column its room)."""
    app, scene = tournament(size, language, scale, game)
    placed = steppers(scene)
    assert len(placed) >= 4
    assert len({s._buttons()[0].left for s in placed}) == 1, [s.label() for s in placed]
    for stepper in placed:
        lines, px = text.fit_lines(stepper.label(), stepper._label_box(), stepper.px)
        assert " ".join(lines) == stepper.label() and px >= int(stepper.px * 0.9), lines
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_subtitle_keeps_its_size_on_two_lines(language: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (issue 12, audit): at 100% of 1024x768 the subtitle was shrunk to 16 px to
    hold one line, the header having room for two lines at the small size (18 px)."""
    app = make_app((1024, 768), language=language)
    scene = TournamentScene(app)
    app.push(scene)
    frame(app)
    drawn = texts_drawn_by(lambda: scene.draw(pygame.Surface(app.size)), monkeypatch)
    subtitle = tr("tour.subtitle")
    parts = [(line, px) for line, px, _rect in drawn if line and line in subtitle]
    assert " ".join(line for line, _px in parts) == subtitle, parts
    assert all(px == app.metrics.small for _line, px in parts), parts
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_duel_at_a_true_200_percent_keeps_its_legend_readable(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (cap tried at 0.065, 40 px body text at 1024x768): the duel's bar shrank to
    the 100% body size (20 px) to leave the chart its room, and its legend (85% of the bar's
    size) to 17 px, under the readable size. The bar stops where its legend is readable."""
    from game.ui import charts, widgets
    from game.ui.scenes.play_fit import readable_px
    from tests.test_ui_tournament import play_duel

    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)
    app = make_app((1024, 768), language=language, text_scale=200)
    scene = TournamentScene(app)
    app.push(scene)
    play_duel(app, scene, "nim", 10)
    sizes: list[int] = []
    real = charts.stacked_bar

    def spy(surface: Any, rect: Any, segments: Any, theme: Any, px: int, **kwargs: Any) -> Any:
        sizes.append(px)
        return real(surface, rect, segments, theme, px, **kwargs)

    monkeypatch.setattr(charts, "stacked_bar", spy)
    frame(app)
    assert sizes and all(int(px * 0.85) >= readable_px(app.size) for px in sizes), sizes
    app.shutdown()
