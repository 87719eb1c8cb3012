"""The scene contract: one screen of the app (menu, play, settings, a dialog...).

The :class:`~game.ui.app.App` keeps a stack of scenes. Every frame it passes each pygame event
to the top scene's :meth:`Scene.handle`, then calls :meth:`Scene.update` with the elapsed time
and :meth:`Scene.draw` on the window surface. A scene that is not ``opaque`` (a dialog, the help
overlay) is drawn on top of the scene below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base class of every screen. Subclasses override the three frame methods."""

    #: False for overlays: the scene below is drawn first.
    opaque: bool = True

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event (mouse, keys, resize)."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (animations, polling the AI worker)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on ``surface`` (the whole window)."""

    def animating(self) -> bool:
        """True while the scene changes by itself (an animation, an AI thinking, training
        running): the app then draws every frame; otherwise it slows to its idle rate."""
        return False

    def redraw_period(self) -> float | None:
        """How often the scene looks different by itself while not :meth:`animating` (a text
        field's blinking caret), in seconds; None when it never does. An idle app draws only
        when something changed, so a scene that changes on its own without events says so
        here (or in :meth:`animating` when it moves every frame)."""
        return None

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered)."""

    def on_close(self) -> None:
        """Called once when the scene leaves the stack for good: release threads and resources."""

    def notice_area(self) -> pygame.Rect | None:
        """Where the app's notices may go on this screen without covering a control (their
        top edge and width; a height, where not 0, that they may fill with more lines), or
        None for the default: across the bottom of the window."""
        return None

    def on_settings_changed(self) -> None:
        """Called after the language, theme or another setting changed: rebuild cached texts."""
