"""Leaving a game under way asks first, whichever way out is taken (issue 12's "loses nothing").

Regression (QA in a real window, 1024x768, 100%): the panel's Menu button threw away a Nim game
in progress without a word, where Esc asked "Leave this game?". Restart (its button, R, and
the More… list at large text) did the same to the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from tests.ui_helpers import click_widget, frame, key, make_app, run_until, start_game


def by_menu_button(app: Any, play: PlayScene) -> None:
    click_widget(app, play.panel.menu_button)


def by_restart_button(app: Any, play: PlayScene) -> None:
    click_widget(app, play.panel.restart_button)


def by_r_key(app: Any, play: PlayScene) -> None:
    key(app, pygame.K_r)


def by_more_list(label: str) -> Callable[[Any, PlayScene], None]:
    def pick(app: Any, play: PlayScene) -> None:
        from game.ui.i18n import tr
        from game.ui.scenes.play_more import more_actions

        actions = more_actions(app, play)
        action = next(run for run, text in actions if text == tr(label))
        action()
        frame(app)
    return pick


WAYS = {"menu button": (by_menu_button, 100), "restart button": (by_restart_button, 100),
        "R": (by_r_key, 100), "More… Menu": (by_more_list("play.menu"), 200),
        "More… Restart": (by_more_list("play.restart"), 200)}


@pytest.mark.parametrize("way", list(WAYS))
def test_a_game_under_way_is_never_thrown_away_without_asking(way: str) -> None:
    leave, scale = WAYS[way]
    app = make_app((1024, 768), text_scale=scale)
    play = start_game(app, "nim", ("human", "greedy"), options={"variant": "fibonacci"})
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.match.human_to_move, 20)
    moves = list(play.match.moves)
    leave(app, play)
    assert isinstance(app.top, MessageDialog), type(app.top)
    key(app, pygame.K_ESCAPE)  # Esc in the question: stay
    assert app.top is play and play.match.moves == moves
    # Enter takes the highlighted choice, which is staying (QA: the destructive "Leave" was
    # the highlighted default, one stray Enter from losing the game).
    leave(app, play)
    question = app.top
    assert isinstance(question, MessageDialog)
    assert [b.primary for b in question.buttons] == [False, True]
    key(app, pygame.K_RETURN)
    assert app.top is play and play.match.moves == moves
    leave(app, play)
    question = app.top
    assert isinstance(question, MessageDialog)
    # The question says what is about to happen: R asked "Leave this game? [Leave]" and
    # then restarted on the same screen (QA).
    restarts = "Menu" not in way and "menu" not in way
    assert question.title == tr("play.restart_title" if restarts else "play.leave_title")
    assert question.buttons[0].label() == tr("play.restart" if restarts else "play.leave")
    click_widget(app, question.buttons[0])  # Leave (or restart), as asked
    if "Menu" in way or "menu" in way:
        assert isinstance(app.top, MenuScene)
    else:
        assert app.top is play and play.match.moves == []
    app.shutdown()


def test_a_finished_or_untouched_game_goes_at_once() -> None:
    app = make_app((1024, 768))
    play = start_game(app, "nim", ("human", "human"), options={"matches": "3"})
    click_widget(app, play.panel.menu_button)
    assert isinstance(app.top, MenuScene)
    play = start_game(app, "nim", ("human", "human"), options={"matches": "3"})
    while not play.match.over:
        assert play.apply_move(play.state.legal_moves()[-1])
    frame(app)
    key(app, pygame.K_r)
    assert app.top is play and not isinstance(app.top, (MessageDialog, ListPopup))
    assert play.match.moves == []
    app.shutdown()
