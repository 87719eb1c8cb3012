"""What the play screen's layout depends on, so a frame where none of it changed keeps the
last one (see :class:`~game.ui.scenes.layout_cache.LayoutCache`).

Laying the screen out again each frame (the seat cards fitted, the buttons sized to their
labels, the board view placed) was about a fifth of a still frame's work, 60 times a second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import i18n
from game.ui.boards.base import needed_width
from game.ui.scenes.layout_cache import shown
from game.ui.scenes.play_fit import PANEL_SHARE_WIDE, panel_share
from game.ui.widgets import normal_body

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


def layout_key(scene: PlayScene) -> tuple[object, ...]:
    """Every input of :meth:`PlayScene.layout`: the window and its text sizes, language and
    theme; the board view and the position it shows (live or reviewed); the game's seats,
    who started, its end and running score; pause and an AI's failure; the settings the
    panel shows; and the labels of every button the panel or the banner may place (a label
    that changes, "Pause" to "Resume", changes the buttons' sizes)."""
    app, match, turns, panel = scene.app, scene.match, scene.turns, scene.panel
    settings = app.settings
    return (app.size, app.metrics, i18n.language(), app.theme, scene.view, scene.board_state,
            match.state, match.over, tuple(match.seats), tuple(seat.spec for seat in match.seats),
            match.first_seat, tuple(match.wins), match.draws, scene.review.active,
            scene.review.shown, turns.paused, turns.ai_error, settings.show_reasoning,
            settings.ai_delay, shown((*panel.buttons(), *panel.bottom_buttons,
                                      panel.pause_button, panel.step_button, panel.more_button,
                                      *scene.banner.buttons())))


def layout_parts(scene: PlayScene) -> list[object]:
    """The objects the layout writes to (see :func:`~game.ui.scenes.layout_cache.snapshot`)."""
    panel = scene.panel
    return [scene, panel, panel.seats, panel.review, scene.banner, scene.view]


def panel_width(scene: PlayScene, status_h: int) -> int:
    """The side panel's width: its share of the window (:func:`panel_share`), and the
    width the board does not need as well (up to :data:`PANEL_SHARE_WIDE`), so the board
    stays as large as the height allows and the panel keeps its legend and move list
    (at 1920x1080 Connect 4's board left a third of the width empty while the legend's
    colour row and the move list dropped out of the panel)."""
    w, h = scene.app.size
    m = scene.app.metrics
    least = int(w * panel_share(m.body / normal_body(scene.app.size)))
    key = (w, h, m.body, status_h, least)
    if scene.panel_width_memo[0] != key:
        width = least
        if scene.view is not None:
            pad = m.pad
            board = pygame.Rect(pad * 2, pad * 2 + status_h, w - least - pad * 6,
                                h - status_h - pad * 4)
            need = needed_width(scene.view, board, scene.board_state)
            width = max(least, min(int(w * PANEL_SHARE_WIDE), w - need - pad * 6))
        scene.panel_width_memo = (key, width)
    return scene.panel_width_memo[1]
