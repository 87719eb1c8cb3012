"""The tournament screen's keys (tournament_keys): Space never replaces the results shown."""

from __future__ import annotations

import pygame
import pytest

from game.ui.i18n import tr
from tests.test_ui_tournament import _large_text_tournament, play_duel
from tests.ui_helpers import frame, key, run_until


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "en"), ((1024, 768), "fr"),
                                                ((1280, 800), "fr"), ((1920, 1080), "en")])
def test_space_on_a_finished_tournament_keeps_its_results_and_says_start_does_it(
        size: tuple[int, int], language: str) -> None:
    """Regression (QA15 19): Space after a tournament had finished ran it again, replacing the
    results a class was reading. Now it keeps them and says that Start ▶ plays it again, in
    a notice over the progress line that covers none of them (QA's re-check: the longer
    "The results stay on the screen: …" went under the results and covered their lower
    half); the first Space, before any run, still starts one."""
    app, scene = _large_text_tournament(size, language)
    scene.set_game("nim")
    key(app, pygame.K_SPACE)
    first = scene.runner
    assert first is not None  # Space before any run starts one
    assert run_until(app, lambda: first.finished, 60)
    app.toast = None
    play_duel(app, scene, "nim", 20)
    frame(app)
    runner, matches = scene.runner, list(scene.matches)
    assert runner is not None and runner is not first and matches
    key(app, pygame.K_SPACE)
    frame(app)
    assert scene.runner is runner and scene.matches == matches
    assert app.toast == tr("tour.space_done")
    assert not app.toast_rect.colliderect(scene.panels["results"]), app.toast_rect
    app.shutdown()
