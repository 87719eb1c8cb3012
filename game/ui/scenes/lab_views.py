"""The learning lab's view tabs: the right side of the lab shows one thing at a time, large
enough to read from the back of a room at 1024x768: the charts, the matchboxes, or the
learner's table as a heat map (offered when the game's boxes read as one table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.lab_session import LabSession
from game.ui.widgets import Button

#: The views, in tab order, with their label keys.
VIEWS = (("setup", "lab.view.setup"), ("charts", "lab.view.charts"), ("boxes", "lab.view.boxes"),
         ("table", "lab.view.table"))


class ViewTabs:
    """A row of tab buttons choosing the session's view; ``offered`` says which views the
    current game and learner have (the table only for some games)."""

    def __init__(self, session: LabSession, offered: Callable[[], Sequence[str]]) -> None:
        self.session = session
        self.offered = offered
        self.buttons = {name: self._tab(name, key) for name, key in VIEWS}

    def _tab(self, name: str, key: str) -> Button:
        return Button(lambda: tr(key), lambda: self.choose(name),
                      selected=lambda: self.current() == name)

    def current(self) -> str:
        """The view shown: the session's, or the first one when it is not offered."""
        offered = self.offered()
        return self.session.view if self.session.view in offered else offered[0]

    def choose(self, name: str) -> None:
        """Show the view ``name`` (if offered)."""
        if name in self.offered():
            self.session.view = name

    def place(self, rect: pygame.Rect, px: int, pad: int, margin: int | None = None) -> int:
        """Put the offered tabs in a row from the left of ``rect``, each as wide as its
        label and ``margin`` (default: the row's height); returns the x just right of the
        last one."""
        offered = self.offered()
        x = rect.left
        for name, key in VIEWS:
            button = self.buttons[name]
            button.visible = name in offered
            if not button.visible:
                continue
            width = text.size(tr(key), px, True)[0] + (rect.height if margin is None
                                                         else margin)
            button.place(pygame.Rect(x, rect.top, width, rect.height), px)
            x += width + pad
        return x

    def widgets(self) -> list[Button]:
        """The tab buttons, in event order."""
        return list(self.buttons.values())
