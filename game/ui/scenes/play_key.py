"""The play screen's layout key: what its layout depends on, so a frame where none of it
changed keeps the last one (see :class:`~game.ui.scenes.layout_cache.LayoutCache`); the
menu's is in ``menu_key.py``, the learning lab's in ``lab_key.py``.

Laying the screen out again each frame (the seat cards fitted, the buttons sized to their
labels, the board view placed) was about a fifth of a still frame's work, 60 times a second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui import i18n
from game.ui.scenes.layout_cache import shown

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

