"""The tournament's set-up rows stay put when the game changes."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.tournament import TournamentScene
from tests.ui_helpers import click, frame, make_app


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_choosing_puissance_4_moves_no_player_row(size: tuple[int, int], language: str) -> None:
    """Regression (audit, real window at 200% of 1024x768 in French): the variant chooser
    took two slots for Puissance 4 ("7×6, par 4", 88 px tall beside 41 px rows) but one for
    Morpion, so choosing Puissance 4 moved the player rows down 47 px and a click meant for
    player 2's arrow changed player 1. The variant takes the same slots for every game, and
    a variant that fits one line is one row high."""
    app = make_app(size, language=language, text_scale=200)
    scene = TournamentScene(app)
    app.push(scene)
    tops = {}
    heights = {}
    for game in ("morpion", "connect4", "hexapawn", "othello", "nim"):
        scene.set_game(game)
        frame(app)
        tops[game] = [row[0].rect.top for row in scene.player_rows]
        heights[game] = scene.setup_widgets[1].rect.height - scene.setup_widgets[0].rect.height
    assert len({tuple(t[:2]) for t in tops.values()}) == 1, tops
    # Nim's "20 allumettes, 1–3, misère" needs two lines; the others one row.
    assert all(h <= 1 for game, h in heights.items() if game != "nim"), heights
    scene.set_game("morpion")
    frame(app)
    second = scene.player_rows[1][0]
    before = list(scene.specs)
    scene.set_game("connect4")
    frame(app)
    before = list(scene.specs)
    # Player 2's right arrow where it was drawn before the game changed.
    click(app, (second.rect.right - 5, second.rect.centery))
    assert scene.specs[0] == before[0] and scene.specs[1] != before[1], (before, scene.specs)
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1920, 1080), "en"),
                                                ((1280, 720), "fr")])
def test_the_end_notice_covers_no_results_button(size: tuple[int, int], language: str) -> None:
    """Regression (audit, real window at 200% of 1024x768 in French): "Tournoi terminé : 300
    parties." covered the top of the results, its Ranking button and the table's title, for
    three seconds. The notice goes over the progress line (which says the same) when it fits
    above the results, else at the results' bottom: over no button, nor the results' top."""
    from game.ui.i18n import tr
    from tests.test_ui_tournament import play_four_on_morpion

    app = make_app(size, language=language, text_scale=200)
    scene = TournamentScene(app)
    app.push(scene)
    frame(app)
    play_four_on_morpion(app, scene)
    frame(app)  # the scene's own notice of the end, then ours of each kind
    for message in (tr("tour.finished", done=300), tr("tour.stopped", done=300)):
        app.notify(message)
        frame(app)
        toast = app.toast_rect
        assert app.toast == message and toast is not None
        covered = [w for w in [*scene.all_widgets(), scene.view_button, scene.rank_button]
                   if w.visible and w.rect.width and toast.colliderect(w.rect)]
        assert not covered, (message, covered)
        results = scene.panels["results"]
        top = pygame.Rect(results.left, results.top, results.width, app.metrics.body * 3)
        assert not toast.colliderect(top), (message, toast, results)
    app.shutdown()


@pytest.mark.parametrize(("size", "language", "scale"), [((1024, 768), "fr", 100),
                                                         ((1280, 800), "fr", 200)])
def test_a_choice_parameter_is_a_chooser_not_a_stepper(size: tuple[int, int], language: str,
                                                       scale: int) -> None:
    """Regression (QA16 15, 1280x800 fr 200%): Greedy's ties were drawn "Égalités − Hasard
    +", a stepper for a choice between words. A parameter with choices is a chooser, as the
    game and its variant are (its arrows step it, its middle lists the choices); a number
    stays a stepper. Its right arrow chooses the next way of breaking ties."""
    from game.ui.i18n import tr
    from game.ui.widgets import Choice, Stepper

    app = make_app(size, language=language, text_scale=scale)
    scene = TournamentScene(app)
    app.push(scene)
    scene.set_game("othello")
    scene.set_player(1, "greedy")
    frame(app)
    params = scene.player_rows[1][2:]
    ties = next(w for w in params if w.label() == tr("param.ties"))  # type: ignore[attr-defined]
    assert isinstance(ties, Choice) and not isinstance(ties, Stepper), ties
    assert ties.visible
    before = scene.setup.specs[1]
    click(app, ties._parts()[2].center)
    frame(app)
    assert scene.setup.specs[1] != before and "ties=" in scene.setup.specs[1], (
        before, scene.setup.specs[1])
    app.shutdown()
