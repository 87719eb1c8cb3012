"""The help overlay (F1): every keyboard shortcut, over the current screen."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

#: (keys, i18n key of what they do), in the order shown.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("F11 / Alt+Enter", "help.fullscreen"),
    ("Esc", "help.escape"),
    ("Ctrl+Z", "help.undo"),
    ("H", "help.hint"),
    ("R", "help.restart"),
    ("Space / Enter", "help.go_on"),
    ("Space", "help.pause"),
    ("→", "help.step"),
    ("← / → / Home / End", "help.review"),
    ("Ctrl+S / Ctrl+O", "help.record"),
    ("+ / −", "help.speed"),
    ("F1", "help.help"),
)

#: The n-tuple lab's own keys (the play screen's Undo, Hint, Restart were listed in the labs,
#: none of which a lab has, and nothing of its own: QA19 38).
RUN_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("F11 / Alt+Enter", "help.fullscreen"),
    ("Esc", "help.lab_escape"),
    ("Space", "help.lab_space"),
    ("F1", "help.help"),
)
#: The learning lab's: those, and the keys that turn the Matchboxes' pages.
LAB_SHORTCUTS = (*RUN_SHORTCUTS[:3], ("PageUp / PageDown / Home / End", "help.lab_pages"),
                 RUN_SHORTCUTS[3])
#: The tournament's: its Esc and Space say "tournament", and the set-up list's scroll keys
#: (it listed the play screen's Undo, Hint, Restart, none of which it has: review R21 6).
TOURNAMENT_SHORTCUTS = (RUN_SHORTCUTS[0], ("Esc", "help.tour_escape"),
                        ("Space", "help.tour_space"),
                        ("↑ / ↓ / PageUp / PageDown", "help.tour_scroll"), RUN_SHORTCUTS[3])


def shortcuts_of(scene: object) -> tuple[tuple[str, str], ...]:
    """The keys the help lists over ``scene``: its own (a ``shortcuts`` attribute), else
    every screen's (:data:`SHORTCUTS`)."""
    own = getattr(scene, "shortcuts", None)
    return own if isinstance(own, tuple) else SHORTCUTS


#: Key names that differ between languages (French keyboards say "Espace", "Entrée", "Échap").
KEY_NAMES = {"Space": "key.space", "Enter": "key.enter", "Esc": "key.escape",
             "Home": "key.home", "End": "key.end", "PageUp": "key.page_up",
             "PageDown": "key.page_down"}


def key_label(keys: str) -> str:
    """A shortcut's keys as printed on the reader's keyboard ("Alt+Entrée" in French)."""
    return re.sub(r"[A-Za-z]+", lambda m: tr(KEY_NAMES[m.group(0)])
                  if m.group(0) in KEY_NAMES else m.group(0), keys)


@dataclass(frozen=True)
class Row:
    """A shortcut as laid out in a column: its key chip's lines and width, its description's
    lines and where they start (right of the chip, or of every chip: the keys' column);
    its height with the gap under it."""

    keys: list[str]
    chip_w: int
    lines: list[str]
    text_x: int
    height: int


@dataclass(frozen=True)
class Layout:
    """The help as drawn: text and title sizes, the box, the last line's lines, every row
    laid out for the column width, and where each row shown goes (its index, its top left)."""

    px: int
    title_px: int
    box: pygame.Rect
    footer: list[str]
    rows: list[Row]
    places: list[tuple[int, int, int]]

    @property
    def shown(self) -> list[int]:
        """The rows shown, in order."""
        return [index for index, _x, _y in self.places]


#: A key chip is at most this share of its column; a longer key breaks after its " / ".
CHIP_SHARE = 0.4
#: The help's columns: one, or two in a window wide enough that two show more rows.
COLUMNS = (1, 2)

#: Keys that scroll the list when it does not fit (any other key closes the overlay).
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -4, pygame.K_PAGEDOWN: 4}


class HelpOverlay(Scene):
    """Keyboard shortcuts; any click or key closes it. At large text a description goes on
    as many lines as it needs (it was cut: "Retour, fermer ou annul…"), and when the rows do
    not all fit the list scrolls (wheel, arrow keys), which the last line says."""

    opaque = False

    def __init__(self, app: App) -> None:
        #: The keys of the screen it opens over (see :func:`shortcuts_of`).
        self.shortcuts = shortcuts_of(app.top)
        super().__init__(app)
        #: The first row shown.
        self.scroll = 0
        #: Whether the rows did not all fit at the last frame.
        self.scrolls = False
        #: How many rows the last frame showed, and at what text size.
        self.shown = len(self.shortcuts)
        self.px = app.metrics.body

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
        elif event.type == pygame.KEYDOWN and self.scrolls and event.key in SCROLL_KEYS:
            self._scroll_by(SCROLL_KEYS[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return  # the wheel, as a button (the MOUSEWHEEL event scrolls)
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(len(self.shortcuts) - 1, self.scroll + rows))

    def row(self, keys: str, what: str, width: int, px: int, key_w: int = 0) -> Row:
        """A shortcut laid out in a column ``width`` wide: its key chip, and its description
        on as many lines as it needs, beside the chip or, with ``key_w``, that far right
        of the column's left (all descriptions aligned)."""
        m = self.app.metrics
        label = key_label(keys)
        most = int(width * CHIP_SHARE) - m.pad * 2
        parts = [label] if text.size(label, px, True)[0] <= most else text.wrap(
            label, most, px, True)
        chip_w = max(text.size(part, px, True)[0] for part in parts) + m.pad * 2
        text_x = max(key_w, chip_w) + m.pad
        lines = text.wrap(tr(what), width - text_x, px)
        height = max(chip_h(px, len(parts)), text.font(px).get_linesize() * len(lines))
        return Row(parts, chip_w, lines, text_x, height + m.pad // 2)

    def place(self, rows: list[Row], first: int, columns: int, column_w: int,
              origin: tuple[int, int], room: int) -> tuple[list[tuple[int, int, int]], int]:
        """Rows from ``first`` on, down one column then the next, as many as ``room``
        pixels of height hold: where each goes, and the height the columns take."""
        m = self.app.metrics
        places: list[tuple[int, int, int]] = []
        column, used, tallest = 0, 0, 0
        for index in range(first, len(rows)):
            if used + rows[index].height > room:
                column, used = column + 1, 0
                if column == columns or rows[index].height > room:
                    break
            places.append((index, origin[0] + column * (column_w + m.pad * 3),
                           origin[1] + used))
            used += rows[index].height
            tallest = max(tallest, used)
        return places, tallest

    def layout(self) -> Layout:
        """The help at the body size under a title at the heading size, in one column; or,
        when not every row shows, in two columns, or at the small size (under a title at the
        body size), whichever shows the most rows (at 200% of 1920x1080 in French five rows
        of twelve showed in one column of keys and one of descriptions)."""
        m = self.app.metrics
        candidates = [(px, title_px, columns, aligned)
                      for px, title_px in dict.fromkeys(((m.body, m.heading),
                                                         (m.small, m.heading),
                                                         (m.small, m.body)))
                      for columns in COLUMNS for aligned in (True, False)]
        # Chosen as shown from the first row, then scrolled: chosen again at each scroll, the
        # box moved and its descriptions went from ragged to one column (QA, 1024x640).
        best, most = candidates[0], -1
        for candidate in candidates:
            shown = len(self._layout_for(*candidate, 0).shown)
            if shown > most:
                best, most = candidate, shown
            if most == len(self.shortcuts):
                break
        return self._layout_for(*best, self.scroll)

    def _layout_for(self, px: int, title_px: int, columns: int, aligned: bool,
                    scroll: int) -> Layout:
        """The help with text of ``px``, its title of ``title_px``, in ``columns``; its
        descriptions ``aligned`` right of the widest chip, else each beside its own chip
        (the keys' column, as wide as "F11 / Alt+Entrée", put most French descriptions on
        two lines at 200%); from row ``scroll`` on when they do not all fit."""
        m = self.app.metrics
        w, h = self.app.size
        # One column as wide as the longest key and description need (large text), two the
        # window's width; in the window.
        key_most = max(text.size(key_label(keys), px, True)[0]
                       for keys, _w in self.shortcuts)
        what_w = max(text.size(tr(what), px)[0] for _keys, what in self.shortcuts)
        width = (max(int(min(w * 0.7, h * 1.2)), key_most + what_w + m.pad * 9)
                 if columns == 1 else w)
        width = min(width, w - m.pad * 4)
        column_w = (width - m.pad * 6 - m.pad * 3 * (columns - 1)) // columns
        rows = [self.row(keys, what, column_w, px) for keys, what in self.shortcuts]
        if aligned:
            key_w = max(row.chip_w for row in rows)
            rows = [self.row(keys, what, column_w, px, key_w)
                    for keys, what in self.shortcuts]
        origin = (0, 0)
        places: list[tuple[int, int, int]] = []
        for key in ("help.close", "help.close_scroll"):
            # The last line says how to close, and how to scroll when the rows do not all
            # fit (on two lines if need be).
            footer = text.wrap(tr(key), width - m.pad * 4, m.small)
            chrome = (int(title_px * 1.4) + m.pad * 6
                      + text.font(m.small).get_linesize() * len(footer))
            first = scroll if key == "help.close_scroll" else 0
            room = h - m.pad * 4 - chrome
            places, used = self.place(rows, first, columns, column_w, origin, room)
            if len(places) == len(self.shortcuts):
                break
        # A list that scrolls keeps its box's height whatever rows it shows.
        box = pygame.Rect(0, 0, width, chrome + (used if len(places) == len(self.shortcuts)
                                                 else room))
        box.center = (w // 2, h // 2)
        left, top = box.left + m.pad * 3, box.top + m.pad * 3 + int(title_px * 1.4)
        return Layout(px, title_px, box, footer, rows,
                      [(index, left + x, top + y) for index, x, y in places])

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        dim(surface, theme.overlay, 190)
        layout = self.layout()
        px, box = layout.px, layout.box
        self.scrolls = len(layout.places) < len(self.shortcuts)
        if not self.scrolls:
            self.scroll = 0
        self.shown, self.px = len(layout.places), px
        line = text.font(px).get_linesize()
        chip_step = text.font(px, True).get_linesize()
        draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 3)
        text.blit_text(surface, tr("help.title"), layout.title_px, theme.accent,
                       (box.left + m.pad * 3, box.top + m.pad * 2), bold=True)
        for index, x, y in layout.places:
            row = layout.rows[index]
            chip_rect = pygame.Rect(x, y, row.chip_w, chip_h(px, len(row.keys)))
            pygame.draw.rect(surface, theme.accent, chip_rect, border_radius=m.radius)
            for k, part in enumerate(row.keys):
                chip = text.render(part, px, theme.accent_text, bold=True)
                surface.blit(chip, chip.get_rect(midtop=(chip_rect.centerx,
                                                         y + k * chip_step)))
            for k, part in enumerate(row.lines):
                text.blit_text(surface, part, px, theme.text,
                               (x + row.text_x, y + k * line), "topleft")
        small_line = text.font(m.small).get_linesize()
        fy = box.bottom - m.pad * 2 - small_line * len(layout.footer)
        for part in layout.footer:
            text.blit_text(surface, part, m.small, theme.text_muted, (box.centerx, fy), "midtop")
            fy += small_line


def chip_h(px: int, lines: int) -> int:
    """A key chip's height for a key on ``lines`` lines at ``px``: its lines, no more (the
    rows' spacing was a quarter of a line more: at 200% that was a row in eight)."""
    return text.font(px, True).get_linesize() * lines
