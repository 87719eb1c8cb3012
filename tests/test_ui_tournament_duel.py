"""A two-player tournament's results at large text: one view at a time (the numbers, or the
chart), each as large as the results panel allows; the end said on the progress line."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament import TournamentScene
from tests.test_ui_tournament import _large_text_tournament
from tests.ui_helpers import click_widget, frame, run_until

#: The duel's numbers at large text, in readable sizes: before, beside the chart, they stood
#: at about the readable size (28 px at 200% of 1920x1080, readable 27; 20 at 1024x768).
LARGER = 1.25


def finished_duel(size: tuple[int, int], language: str) -> tuple[Any, TournamentScene]:
    """Random against Greedy, 100 games of Othello, at 200% text, one frame after the end."""
    app, scene = _large_text_tournament(size, language)
    scene.set_game("othello")
    scene.set_player(0, "random")
    scene.set_player(1, "greedy")
    scene.games = 100
    click_widget(app, scene.start_button)
    assert run_until(app, lambda: scene.runner is not None and scene.runner.finished, 120)
    frame(app)
    return app, scene


def drawn_sizes(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int]]:
    """Every wrapped text of the next frame: (text, size, the y below it)."""
    seen: list[tuple[str, int, int]] = []
    real = text.blit_wrapped

    def spy(surface: pygame.Surface, line: str, px: int, *args: Any, **kwargs: Any) -> int:
        bottom = real(surface, line, px, *args, **kwargs)
        seen.append((line, px, bottom))
        return int(bottom)

    with monkeypatch.context() as patch:
        patch.setattr(text, "blit_wrapped", spy)
        frame(app)
    return seen


@pytest.mark.parametrize(("size", "language"), [((1920, 1080), "fr"), ((1280, 720), "en"),
                                                ((1024, 768), "fr")])
def test_a_duels_numbers_and_chart_take_the_panel_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 25, QA S12 30: 200% of 1920x1080 French and 1280x720): beside the
    cumulative chart the duel's numbers, its legend and the chart's words stood at the 100%
    size while the panel's lower half was empty. One view at a time: the numbers, at least
    a quarter over the readable size and within the panel; a button opens the chart, its
    words as large, with a legend of its own (no bar above it names the colours)."""
    from game.ui import charts

    app, scene = finished_duel(size, language)
    least = readable_px(size) * LARGER
    shares = [tr("tour.ci", name=name, pct="", lo="", hi="").split(":")[0]
              for name in scene.names]
    drawn = drawn_sizes(app, monkeypatch)
    numbers = [(line, px, bottom) for line, px, bottom in drawn
               if any(line.startswith(share) for share in shares)]
    assert len(numbers) == 2, drawn
    results = scene.panels["results"]
    for line, px, bottom in numbers:
        assert px >= least and bottom <= results.bottom, (line, px, least, bottom, results)
    length = tr("tour.length", n="").split(":")[0]
    assert any(line.startswith(length) for line, _px, _bottom in drawn), drawn
    assert scene.view_button.visible and scene.view_button.label() == tr("tour.view_chart")
    charted: list[tuple[pygame.Rect, int, list[str]]] = []
    real = charts.line_chart

    def spy(surface: Any, rect: pygame.Rect, series: Any, theme: Any, px: int,
            **kwargs: Any) -> Any:
        charted.append((pygame.Rect(rect), px, [s.label for s in series]))
        return real(surface, rect, series, theme, px, **kwargs)

    monkeypatch.setattr(charts, "line_chart", spy)
    frame(app)
    assert not charted  # the numbers' view has no chart
    click_widget(app, scene.view_button)
    frame(app)
    assert charted, "no chart after the view button"
    rect, px, labels = charted[-1]
    assert px >= least and results.contains(rect), (px, least, rect, results)
    assert tr("tour.wins", name=scene.names[0]) in labels, labels
    assert scene.view_button.label() == tr("tour.view_numbers")
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1920, 1080), "fr"), ((1024, 768), "en")])
def test_the_end_is_said_on_the_progress_line_not_over_it(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 25, 200% of 1920x1080 French): for three seconds "Tournoi terminé :
    100 parties." covered the progress line that says the same, whose text showed cut under
    it. The progress line itself says the tournament finished; no notice covers it."""
    app, scene = finished_duel(size, language)
    progress = scene.panels["progress"]
    assert app.toast is None or app.toast_rect is None or not app.toast_rect.colliderect(
        progress), (app.toast, app.toast_rect, progress)
    with monkeypatch.context() as patch:
        from tests.ui_helpers import spy_texts

        seen = spy_texts(patch, "blit_text")
        frame(app)
    said = tr("tour.finished_line", line="")
    assert any(line.startswith(said) for line in seen), seen
    app.shutdown()
