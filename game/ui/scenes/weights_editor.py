"""The weights editor: the class draws its own Othello weight table (issue 13).

Left, the 8x8 board with each square's weight, coloured from red (bad to own) to green (good);
a click selects a square, and with "Symmetric" on (the default) the squares that the board's
symmetries send it to are outlined too: a change applies to all of them, so a corner and the
three other corners always agree. Right, the selected square's weight with buttons to change it
(-10, -1, +1, +10, 0), the symmetry switch, the table's name, and Save, Open, "Seed's table" and
Back. Keys: arrows move the selection, + and - change the weight (with Shift, by 10), 0 or
Delete set it to zero, Ctrl+S saves, Esc goes back (twice when there are unsaved changes).

A saved table is ``eval=custom:NAME`` for ``minimax``, ``alphabeta`` and ``greedy`` on Othello
8x8: it appears in their "Eval" choice in the menu and the tournament, where the class pits it
against the seed's table. Everything that is not drawing (the table, its symmetries, the files)
lives in :mod:`ai.weight_tables`, tested without pixels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.weight_tables import (
    HIGH,
    LOW,
    PREFIX,
    SIZE,
    WeightTable,
    WeightTableError,
    check_name,
    list_tables,
    load_table,
    save_table,
)
from game.rules.othello import WEIGHTS_8
from game.ui import charts, text
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ListPopup
from game.ui.scenes.lab_layout import COMPACT_BUTTON, compact
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.text_field import TextField
from game.ui.theme import Colour, blend, luminance
from game.ui.widgets import Button, Toggle, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

#: The weight buttons: (label, step); a step of 0 sets the weight to zero.
STEPS: tuple[tuple[str, int], ...] = (("\u221210", -10), ("\u22121", -1), ("+1", 1),
                                      ("+10", 10), ("0", 0))
#: Arrow keys: (row, column) moves of the selection.
MOVES = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1),
         pygame.K_RIGHT: (0, 1)}
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
ZERO_KEYS = (pygame.K_0, pygame.K_KP0, pygame.K_DELETE)


#: The board's largest shares of the window's width, tried in turn until the help shows: the
#: step buttons as wide as their labels need leave the panel room for "−10" beside 55% (at
#: half the width the grid used 440 of 680 px at 200% of 1024x768, QA13 24).
BOARD_SHARES = (0.55, 0.53, 0.5)


def square_name(row: int, col: int) -> str:
    """``a1`` .. ``h8``: column letter, then row number counted from the top row (Othello's
    notation, as the rest of the app)."""
    return f"{chr(ord('a') + col)}{row + 1}"


def cell_label(value: int) -> str:
    """A square's weight as its cell writes it: whole, a true minus sign, no plus ("100",
    "\u221220")."""
    return f"{value:d}".replace("-", "\u2212")


def ink(colour: Colour) -> Colour:
    """Dark or light text, whichever reads better on ``colour``."""
    return (20, 20, 24) if luminance(colour) > 0.25 else (250, 250, 250)


class WeightsEditorScene(Scene):
    """The weight-table editor (see the module docstring)."""

    def __init__(self, app: App, table: WeightTable | None = None) -> None:
        super().__init__(app)
        self.table = table if table is not None else WeightTable()
        self.selected = (0, 0)
        self.name_field = TextField(lambda: tr("weights.name"), tr("weights.default_name"),
                                    self._named)
        self.step_buttons = [self._step_button(label, step) for label, step in STEPS]
        self.symmetric_toggle = Toggle(lambda: tr("weights.symmetric"),
                                       lambda: self.table.symmetric, self._set_symmetric)
        self.save_button = Button(lambda: tr("weights.save"), self.save, primary=True)
        self.open_button = Button(lambda: tr("weights.open"), self.open_list)
        self.seed_button = Button(lambda: tr("weights.seed"), self.reset_to_seed)
        self.back_button = Button(lambda: tr("weights.back"), self.close)
        self.leave_armed = False  # Esc/Back pressed once with unsaved changes
        self.replace_armed: str | None = None  # Save pressed once over another table
        self.loaded_name: str | None = None
        self.board = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.info_top = 0
        #: Where the help goes (see :meth:`help_plan`).
        self.help: list[tuple[list[str], int, pygame.Rect]] = []

    # -- what the widgets do ----------------------------------------------------------------------

    def _step_button(self, label: str, step: int) -> Button:
        def click() -> None:
            self.change(step)

        return Button(lambda: label, click)

    def widgets(self) -> list[Widget]:
        """Every widget of the screen, in drawing order."""
        return [*self.step_buttons, self.symmetric_toggle, self.name_field, self.save_button,
                self.open_button, self.seed_button, self.back_button]

    def change(self, step: int) -> None:
        """Add ``step`` to the selected square's weight (0: set it to zero)."""
        row, col = self.selected
        if step == 0:
            self.table.set(row, col, 0)
        else:
            self.table.nudge(row, col, step)
        self.leave_armed = False

    def select(self, row: int, col: int) -> None:
        """Select a square (kept on the board)."""
        self.selected = (max(0, min(SIZE - 1, row)), max(0, min(SIZE - 1, col)))

    def _set_symmetric(self, on: bool) -> None:
        self.table.symmetric = on

    def _named(self, value: str) -> None:
        self.name_field.value = value.strip()

    def reset_to_seed(self) -> None:
        """Start again from seed 004's table."""
        self.table.load(WEIGHTS_8)
        self.table.changed = True
        self.app.notify(tr("weights.seed_loaded"))

    def save(self) -> None:
        """Save under the name typed; a second press is needed to replace another table."""
        try:
            name = check_name(self.name_field.value)
        except WeightTableError as exc:
            self.app.notify(tr("weights.bad_name", why=str(exc)))
            return
        self.name_field.value = name
        if (name in list_tables() and name != self.loaded_name
                and self.replace_armed != name):
            self.replace_armed = name
            self.app.notify(tr("weights.replace", name=name))
            return
        try:
            save_table(name, self.table.frozen())
        except (OSError, WeightTableError) as exc:
            self.app.notify(tr("weights.save_failed", why=str(exc)))
            return
        self.replace_armed = None
        self.loaded_name = name
        self.table.changed = False
        self.leave_armed = False
        self.app.notify(tr("weights.saved", spec=f"eval={PREFIX}{name}"))

    def open_list(self) -> None:
        """Choose a saved table to edit."""
        names = list_tables()
        if not names:
            self.app.notify(tr("weights.none_saved"))
            return
        items = [(n, n, "") for n in names]
        self.app.push(ListPopup(self.app, tr("weights.open"), items, self.loaded_name,
                                self.open_table))

    def open_table(self, name: object) -> None:
        """Load the table ``name``; a bad file is kept aside and the table is unchanged."""
        try:
            rows = load_table(str(name), keep_bad=True)
        except FileNotFoundError:
            self.app.notify(tr("weights.missing", name=str(name)))
            return
        except WeightTableError as exc:
            self.app.notify(tr("weights.unusable", why=str(exc)))
            return
        symmetric = self.table.symmetric
        self.table.load(rows)
        # A table drawn without symmetry opens with the switch off, so one click changes one
        # square as it did when it was drawn.
        self.table.symmetric = symmetric and self.table.is_symmetric()
        self.name_field.value = self.loaded_name = str(name)
        self.app.notify(tr("weights.opened", name=str(name)))

    def close(self) -> None:
        """Back to the menu; with unsaved changes, only on the second press."""
        if self.table.changed and not self.leave_armed:
            self.leave_armed = True
            self.app.notify(tr("weights.unsaved"))
            return
        self.app.pop(self)

    # -- events ---------------------------------------------------------------------------------

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The square under ``pos``, or None."""
        if not self.board.collidepoint(pos):
            return None
        cell = self.board.width / SIZE
        return (min(SIZE - 1, int((pos[1] - self.board.top) / cell)),
                min(SIZE - 1, int((pos[0] - self.board.left) / cell)))

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        if self.name_field.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.square_at(event.pos)
            if square is not None:
                self.select(*square)
                return
        if (event.type == pygame.MOUSEWHEEL
                and self.square_at(pygame.mouse.get_pos()) is not None):
            self.change(1 if event.y > 0 else -1)
            return
        for widget in self.widgets():
            if widget is not self.name_field and widget.handle(event):
                return

    def _key(self, event: pygame.event.Event) -> None:
        big = 10 if event.mod & pygame.KMOD_SHIFT else 1
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key in MOVES:
            dr, dc = MOVES[event.key]
            self.select(self.selected[0] + dr, self.selected[1] + dc)
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
        elif event.key in PLUS_KEYS or event.unicode == "+":
            self.change(big)
        elif event.key in MINUS_KEYS:
            self.change(-big)
        elif event.key in ZERO_KEYS:
            self.change(0)

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self) -> None:
        """Place the board and the panel for the current window size: the board as wide as
        :data:`BOARD_SHARES` allow while the help still shows (see :meth:`help_plan`)."""
        for share in BOARD_SHARES:
            self._place(share)
            self.help = self.help_plan()
            if self.help and self.help[0][0][:1] == [self.help_lines()[0]]:
                return

    def _place(self, share: float) -> None:
        """Place the board, at most ``share`` of the window's width, and the panel."""
        w, h = self.app.size
        m = self.app.metrics
        top = m.pad * 2 + m.heading
        side = min(h - top - m.pad * 2 - m.small * 2, int(w * share))
        label = int(m.small * 1.4)  # the coordinates' room (twice the small size left 30 px unused)
        self.board = pygame.Rect(m.pad + label, top + label, side - label, side - label)
        self.board.width = self.board.height = (self.board.width // SIZE) * SIZE
        left = self.board.right + m.pad * 2
        self.panel = pygame.Rect(left, top, w - left - m.pad, h - top - m.pad)
        inner = self.panel.inflate(-2 * m.pad, -2 * m.pad)
        large = compact(self.app.size, m.body)
        # Rows a little lower at large text (the step buttons' "−10" had no room left).
        row = int(m.body * (COMPACT_BUTTON if large else 1.9))
        gap = max(2, m.pad // 2)
        y = inner.top + int(m.body * 1.6)  # under the selected square's line
        # Body text where the labels fit (all of them were small text at 1024x768, 18 px of a
        # body of 20, the panel half empty below them); one size for the row, each button as
        # wide as its label needs and a share of the rest ("−10" and "+10" were smaller than
        # "−1" and "+1" on buttons of one width, QA13 24).
        x = inner.left
        spx, widths = self.step_widths(inner.width - gap * (len(STEPS) - 1), row)
        for button, width in zip(self.step_buttons, widths, strict=True):
            button.place(pygame.Rect(x, y, width, row), spx)
            x += width + gap
        y += row + gap * 2
        for widget in (self.symmetric_toggle, self.name_field):
            widget.place(pygame.Rect(inner.left, y, inner.width, row), m.body)
            y += row + gap
        y += gap
        half = (inner.width - gap) // 2
        pairs = ((self.save_button, self.open_button), (self.seed_button, self.back_button))
        files = [b for pair in pairs for b in pair]
        bpx = self.row_px(files, half, row)
        if any(text.size(b.label(), int(bpx * 0.8), True)[0] > half - row // 3 for b in files):
            # One a row where two side by side would cut them ("Enregist…" at large text).
            bpx = self.row_px(files, inner.width, row)
            for button in files:
                button.place(pygame.Rect(inner.left, y, inner.width, row), bpx)
                y += row + gap
        else:
            for a, b in pairs:
                a.place(pygame.Rect(inner.left, y, half, row), bpx)
                b.place(pygame.Rect(inner.left + half + gap, y, half, row), bpx)
                y += row + gap
        self.info_top = y + gap

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        theme = self.app.theme
        m = self.app.metrics
        surface.fill(theme.background)
        # The long title where it fits at the small size at least, else the short one.
        room = self.app.size[0] - 2 * m.pad
        title = next((tr(k) for k in ("weights.title", "weights.title_short")
                      if text.size(tr(k), m.small, True)[0] <= room), tr("weights.title_short"))
        text.blit_text(surface, title, text.fit_px(title, room, m.heading, True, m.small),
                       theme.text, (m.pad, m.pad), bold=True, max_width=room)
        self._draw_board(surface)
        draw_panel(surface, self.panel, theme, m.radius)
        inner = self.panel.inflate(-2 * m.pad, -2 * m.pad)
        row, col = self.selected
        weight = self.table.weight(row, col)
        shown = f"{weight:+d}".replace("-", "\u2212") if weight else "0"
        text.blit_text(surface, tr("weights.square", square=square_name(row, col),
                                   weight=shown), m.body, theme.text, inner.topleft, bold=True,
                       max_width=inner.width)
        mouse = pygame.mouse.get_pos()
        for widget in self.widgets():
            widget.draw(surface, theme, mouse)
        for lines, px, area in self.help:
            self.draw_help(surface, lines, px, area)

    def help_lines(self) -> list[str]:
        """The help, then the note on using a table."""
        # A true minus, as the cells write it ("-999" read as a hyphen, QA14).
        return [tr("weights.help", low=cell_label(LOW), high=cell_label(HIGH)), tr("weights.use")]

    def help_plan(self) -> list[tuple[list[str], int, pygame.Rect]]:
        """Where the help and the note go: (lines, size, room) for each place used.

        In the panel under its buttons at the largest size that shows them whole; at large
        text the note, then the help, are left out rather than cut mid-sentence ("...changez
        son poids avec les"). The help goes under the board where that makes it larger (at
        large text the board is as wide as the window allows, the height under it empty),
        the note then alone in the panel."""
        m = self.app.metrics
        lines = self.help_lines()
        inner = self.panel.inflate(-2 * m.pad, -2 * m.pad)
        room = pygame.Rect(inner.left, self.info_top, inner.width, inner.bottom - self.info_top)
        told, px = self.fit_help(lines, room)
        below = pygame.Rect(m.pad, self.board.bottom + m.pad, self.board.right - m.pad,
                            self.app.size[1] - m.pad - self.board.bottom - m.pad)
        under, under_px = self.fit_help(lines[:1], below)
        if under and under_px > px:
            note, note_px = self.fit_help(lines[1:], room)
            return [(under, under_px, below), (note, note_px, room)]
        return [(told, px, room)]

    def fit_help(self, lines: list[str], room: pygame.Rect) -> tuple[list[str], int]:
        """The first of ``lines`` that show whole in ``room`` and their size: the largest,
        the later lines left out where that makes the first a quarter larger (both at the
        floor read 19 px at 1024x768, 16-17 at 1280x720: QA S11 51, S12 23); none under
        the readable size."""
        m = self.app.metrics
        least = readable_px(self.app.size)
        tries = [(n, size) for size in range(m.body, least - 1, -1)
                 for n in range(len(lines), 0, -1)
                 if n == len(lines) or size >= least * 1.25 or size == least]
        return next(((lines[:n], size) for n, size in tries
                     if self.help_height(lines[:n], room.width, size) <= room.height),
                    ([], m.small))

    def draw_help(self, surface: pygame.Surface, lines: list[str], px: int,
                  room: pygame.Rect) -> None:
        """The help's ``lines`` at ``px``, wrapped in ``room``'s width, from its top."""
        y = room.top
        for line in lines:
            for part in text.wrap(line, room.width, px):
                text.blit_text(surface, part, px, self.app.theme.text_muted, (room.left, y))
                y += int(px * 1.35)
            y += px // 2

    @staticmethod
    def help_height(lines: list[str], width: int, px: int) -> int:
        """How high the help's ``lines`` wrapped in ``width`` at ``px`` are."""
        return sum(len(text.wrap(line, width, px)) * int(px * 1.35) + px // 2
                   for line in lines)

    def row_px(self, buttons: list[Button], width: int, height: int) -> int:
        """The size, body text down to small, at which every label of a row of ``buttons``
        each ``width`` wide fits."""
        m = self.app.metrics
        return min(text.fit_px(b.label(), width - height // 3, m.body, True, m.small)
                   for b in buttons)

    def step_widths(self, total: int, height: int) -> tuple[int, list[int]]:
        """The step buttons' text size, body text down to the readable size, and their
        widths in ``total`` pixels: each its label's (as a button fits it, a third of its
        ``height`` beside) and an equal share of what is left."""
        m = self.app.metrics
        least = min(m.small, readable_px(self.app.size))
        for px in range(m.body, least - 1, -1):
            need = [text.size(b.label(), px, True)[0] + height // 3 + 2
                    for b in self.step_buttons]
            if sum(need) <= total or px == least:
                break
        extra = max(0, total - sum(need)) // len(need)
        return px, [w + extra for w in need]

    def _draw_board(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        cell = self.board.width // SIZE
        limit = max(1, max(abs(v) for r in self.table.rows for v in r))
        targets = self.table.targets(*self.selected)
        # At least the readable size where the cells hold it (at 200% text "+100" in 55-pixel
        # cells was 15 px, the readable size being 20), no "+" (the colour and the selected
        # square's line say it, as in the n-tuple lab's maps).
        # Half the cell where the widest weight fits (a third left 200% of 1024x768 at the
        # readable size, 20 px, in 55-pixel cells: QA13 24).
        px = max(8, min(m.body, max(int(cell * 0.5), readable_px(self.app.size))))
        # Every weight whole: "+100" was cut ("+1…") in 56-pixel cells at large text.
        labels = [cell_label(v) for row in self.table.rows for v in row]
        widest = max(labels, key=lambda label: text.size(label, px, True)[0])
        px = text.fit_px(widest, cell - 6, px, True, 8)
        for c in range(SIZE):
            text.blit_text(surface, chr(ord("a") + c), m.small, theme.text_muted,
                           (self.board.left + c * cell + cell // 2, self.board.top - 2),
                           "midbottom")
        for r in range(SIZE):
            text.blit_text(surface, str(r + 1), m.small, theme.text_muted,
                           (self.board.left - m.small // 2, self.board.top + r * cell + cell // 2),
                           "midright")
            for c in range(SIZE):
                rect = pygame.Rect(self.board.left + c * cell + 1, self.board.top + r * cell + 1,
                                   cell - 2, cell - 2)
                value = self.table.weight(r, c)
                colour = charts.diverging(theme, value, limit)
                pygame.draw.rect(surface, colour, rect, border_radius=max(1, cell // 10))
                text.blit_text(surface, cell_label(value), px, ink(colour), rect.center, "center",
                               bold=True, max_width=rect.width - 2)
                if (r, c) == self.selected:
                    pygame.draw.rect(surface, theme.text, rect, max(3, cell // 12),
                                     border_radius=max(1, cell // 10))
                elif (r, c) in targets:
                    pygame.draw.rect(surface, blend(theme.text, colour, 0.5), rect,
                                     max(1, cell // 24), border_radius=max(1, cell // 10))
