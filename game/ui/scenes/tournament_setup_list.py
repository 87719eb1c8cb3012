"""The tournament set-up panel's list of rows: slots of one height, rows placed in them, and a
wheel scroll with its thin bar when there are more rows than slots.

A row is one widget across the list, a player's chooser with its square remove button at the
right, or the "Add a player" button as wide as its label. A row may take two slots (a variant
name that wraps). The list knows nothing of tournaments: the scene builds the rows.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import widgets
from game.ui.theme import Theme
from game.ui.widgets import Metrics, Widget


@dataclass(frozen=True)
class Row:
    """One row of the list: its widgets (one, or a chooser and its square button), its indent
    as a share of the list's width, the slots it takes, and for a button as wide as its label
    the label's width in pixels (the row's height is added for its margins; None: the whole
    width left after the indent)."""

    widgets: tuple[Widget, ...]
    indent: float = 0.0
    span: int = 1
    label_width: int | None = None


def row_step(metrics: Metrics, height: int, slots: int) -> int:
    """The height of one slot when ``slots`` should share ``height`` pixels: never above two
    body lines (a short list does not stretch), never under a readable height (a long list
    scrolls instead)."""
    m = metrics
    return max(int(m.small * 1.9), min(int(m.body * 2.0), height // max(1, slots)))


class SetupList:
    """Where the rows of a list go in its area, and how far it is scrolled."""

    def __init__(self) -> None:
        #: How many slots are scrolled out of sight at the top.
        self.scroll = 0
        #: The slots that fit in the area, and how many the rows take (for the scroll bar).
        self.shown = 0
        self.total = 0
        self.area = pygame.Rect(0, 0, 0, 0)

    def place(self, rows: list[Row], area: pygame.Rect, step: int, px: int, pad: int) -> None:
        """Place ``rows`` in ``area`` one after another in slots ``step`` pixels tall, text
        at ``px``; rows scrolled away or cut by the bottom edge are hidden (they take no
        click)."""
        self.area = area
        self.shown = max(1, area.height // step)
        self.total = sum(row.span for row in rows)
        self.scroll = max(0, min(self.scroll, self.total - self.shown))
        slot = -self.scroll
        for row in rows:
            for item in row.widgets:
                item.visible = slot >= 0 and slot + row.span <= self.shown
            y = area.top + slot * step
            slot += row.span
            x0 = area.left + int(area.width * row.indent)
            height = step * row.span - max(2, pad // 2)
            width = area.right - x0
            if row.label_width is not None:
                width = min(width, row.label_width + height)
            if len(row.widgets) == 2:  # a chooser and its square button at the right end
                row.widgets[0].place(pygame.Rect(x0, y, width - height - pad, height), px)
                row.widgets[1].place(pygame.Rect(area.right - height, y, height, height), px)
            else:
                row.widgets[0].place(pygame.Rect(x0, y, width, height), px)

    def scroll_by(self, slots: int) -> None:
        """Scroll by ``slots`` (positive: down), within the list's ends."""
        self.scroll = max(0, min(self.scroll + slots, self.total - self.shown))

    def draw_scroll_bar(self, surface: pygame.Surface, theme: Theme, pad: int) -> None:
        """A thin bar at the list's right edge when some rows are out of sight: how much of
        the list shows, and where."""
        total, shown = self.total, self.shown
        if total <= shown:
            return
        area = self.area
        track = pygame.Rect(area.right + pad // 2, area.top, max(3, pad // 3), area.height)
        pygame.draw.rect(surface, theme.panel_border, track, border_radius=track.width // 2)
        thumb = pygame.Rect(track.left, track.top + track.height * self.scroll // total,
                            track.width, max(track.width, track.height * shown // total))
        pygame.draw.rect(surface, theme.accent, thumb, border_radius=track.width // 2)


class ListScroller(Widget):
    """A :class:`SetupList`'s wheel and scroll bar as a widget, for a scene that has no code of
    its own for them (the learning lab's set-up): first among the scene's widgets, it takes
    the wheel over the list while some rows are out of sight (before a stepper under the
    pointer would), and draws the bar. Its ``px`` is the bar's padding."""

    def __init__(self, rows: SetupList | None = None) -> None:
        super().__init__()
        self.rows = rows or SetupList()

    def handle(self, event: pygame.event.Event) -> bool:
        rows = self.rows
        if (event.type == pygame.MOUSEWHEEL and rows.total > rows.shown
                and rows.area.collidepoint(widgets.mouse())):
            rows.scroll_by(-int(event.y))
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        self.rows.draw_scroll_bar(surface, theme, self.px)
