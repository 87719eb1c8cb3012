"""The status line of a paused AI-vs-AI game (issue 12, "a running match … over several
games", pause and step): it says the game is paused whatever the board shows."""

from __future__ import annotations

import pygame

from game.ui.i18n import tr
from tests.ui_helpers import frame, key, make_app, run_until, start_game


def test_paused_on_a_move_shown_says_it_is_paused() -> None:
    """QA S16 15 (Othello Alpha-beta vs Engine, 1280x720 en 200%): paused while the AI's
    chosen move was shown ("Black chooses b3", its numbers on the board), the line under
    the title said nothing; after a step it said "Paused · Space resumes, → plays one move"."""
    app = make_app((1280, 720), show_reasoning=True, text_scale=200)
    play = start_game(app, "morpion", ("perfect", "minimax"))
    assert run_until(app, lambda: play.turns.pending is not None, 20)
    key(app, pygame.K_SPACE)
    frame(app)
    assert play.turns.paused and play.turns.pending is not None
    status = play.status()
    assert status.detail == tr("play.paused"), status
    app.shutdown()
