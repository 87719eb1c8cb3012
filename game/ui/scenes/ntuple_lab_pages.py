"""The n-tuple lab's compact layout, and its patterns strip.

Where the text leaves the set-up no column of its own (the learning lab's rule:
:func:`game.ui.scenes.lab_layout.compact`; a true 200% at 1024x768 and 1920x1080), the lab shows
one page at a time under a row of tabs: the set-up, the curves, the learnt values beside the
course's table, the strongest patterns, and what α, λ, ε and TC do. The run's buttons stay
above the tabs and the progress line sits in the header, so a class sees the learner train on
any page.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from ai.ntuple import shipped_path
from game.ui import text
from game.ui.i18n import decimal, tr
from game.ui.scenes.lab_common import wrapped_px
from game.ui.scenes.lab_layout import COMPACT_BUTTON, compact
from game.ui.scenes.lab_setup_page import COMPACT_ROWS_SHARE
from game.ui.scenes.lab_table import smallest_number_px
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament_pages import line_up_values
from game.ui.theme import Theme
from game.ui.widgets import Button, Metrics, Stepper, Widget

if TYPE_CHECKING:
    from game.ui.scenes.ntuple_lab import NTupleLabScene

#: The pages of the compact layout, in tab order, with their label keys.
PAGES = (("setup", "lab.view.setup"), ("curves", "ntuple.page.curves"),
         ("values", "ntuple.page.values"), ("patterns", "ntuple.page.patterns"),
         ("help", "ntuple.page.help"))
#: The help page's paragraphs, one per setting (the set-up page had them in one 13-17 px
#: line under its buttons at 200%: QA S12 47).
HELP_KEYS = ("ntuple.help.alpha", "ntuple.help.lambda", "ntuple.help.epsilon", "ntuple.help.tc")



@functools.lru_cache(maxsize=8)
def ships_network(size: int) -> bool:
    """Whether the app ships a trained network for a board of ``size`` (8x8 only): "Start
    from the trained network" on 6x6 answered with a raw "[Errno 2] No such file …" and the
    app's install path (QA17 14); it is greyed there. Kept: asked at every event."""
    return shipped_path(size).is_file()


def is_compact(lab: NTupleLabScene) -> bool:
    """Whether the n-tuple lab shows one page at a time (large text)."""
    return compact(lab.app.size, lab.app.metrics.body)


def page_tabs(lab: NTupleLabScene) -> dict[str, Button]:
    """A tab button for each page, the one shown selected."""
    def tab(name: str, key: str) -> Button:
        def choose() -> None:
            lab.page = name
        return Button(lambda: tr(key), choose, selected=lambda: lab.page == name)

    return {name: tab(name, key) for name, key in PAGES}


def page_widgets(lab: NTupleLabScene) -> list[Widget]:
    """The widgets of the compact layout that take events: Menu, the run's buttons, the tabs,
    and the set-up's own on its page."""
    shown: list[Widget] = [lab.back_button, lab.train_button, lab.pause_button,
                           lab.stop_button, *lab.tabs.values()]
    if lab.page == "setup":
        shown += [*lab.setup, lab.reset_button, lab.save_button, lab.load_button,
                  lab.shipped_button]
    return shown


def title_and_px(lab: NTupleLabScene, room: int) -> tuple[str, int]:
    """The title and its size in ``room`` pixels: the long one ("N-tuple network: a machine
    learns Othello by playing itself") where it fits at the small size, else the short one,
    as large as fits up to the heading size."""
    m = lab.app.metrics
    for key in ("ntuple.title", "ntuple.title_short"):
        words = tr(key)
        px = text.fit_px(words, room, min(m.heading, int(lab.header_h / 1.3)), True, m.small)
        if text.size(words, px, True)[0] <= room:
            return words, px
    return tr("ntuple.title_short"), int(m.small * 0.8)


def map_number_px(lab: NTupleLabScene) -> int:
    """The least size of a heat map's numbers (smaller, the colours say it): the readable
    size, or 80% of the small text where that is larger; on the compact layout's page of
    values never under what 100% text prints (at 200% of 1024x768 the cells, 52 pixels, had
    no room for 28-pixel numbers and the maps printed none)."""
    size = lab.app.size
    m = lab.app.metrics if not is_compact(lab) else Metrics.for_size(size)
    return max(readable_px(size), smallest_number_px(m))


def place_compact(lab: NTupleLabScene) -> None:
    """Lay the compact layout out: header (title, progress, Menu), the run's buttons, the
    tabs, and the page shown in the rest of the window."""
    w, h = lab.app.size
    m = lab.app.metrics
    pad = m.pad
    bh = lab.header_h = int(m.body * COMPACT_BUTTON)
    menu_w = text.size(tr("lab.menu"), m.body, True)[0] + bh // 2
    lab.back_button.place(pygame.Rect(w - pad * 2 - menu_w, pad, menu_w, bh), m.body)
    title, px = title_and_px(lab, int((lab.back_button.rect.left - pad * 4) * 0.55))
    lab.title_text, lab.title_px = title, px
    left = pad * 4 + text.size(title, px, True)[0]
    lab.progress_rect = pygame.Rect(left, pad, lab.back_button.rect.left - pad * 2 - left, bh)
    full = pygame.Rect(pad * 2, pad * 2 + bh, w - pad * 4, h - pad * 4 - bh)
    place_row(lab, [lab.train_button, lab.pause_button, lab.stop_button],
              pygame.Rect(full.left, full.top, full.width, bh), m.body)
    tabs = pygame.Rect(full.left, full.top + bh + pad, full.width, bh)
    place_row(lab, list(lab.tabs.values()), tabs, m.body)
    view = pygame.Rect(full.left, tabs.bottom + pad, full.width, full.bottom - tabs.bottom - pad)
    lab.left = lab.right = view
    inner = view.inflate(-pad * 2, -pad * 2)
    nothing = pygame.Rect(inner.left, inner.top, inner.width, 0)
    lab.chart_rect = inner if lab.page == "curves" else nothing
    lab.chart_px = m.small
    lab.heat_rect = inner if lab.page == "values" else nothing
    lab.strip_rect = inner if lab.page == "patterns" else nothing
    lab.help_rect = inner if lab.page == "help" else nothing
    if lab.page == "setup":
        place_setup_page(lab, inner, bh)


def place_row(lab: NTupleLabScene, buttons: list[Button], row: pygame.Rect, px: int) -> None:
    """Buttons side by side from the left of ``row``, each as wide as its label (Pause as
    Resume too) with half a row's height of room, all at one size shrunk to fit the row (not
    under 80% of the small size)."""
    m = lab.app.metrics
    gap = m.pad

    def labels(button: Button) -> list[str]:
        if button is lab.pause_button:
            return [tr("lab.pause"), tr("lab.resume")]
        return [button.label()]

    least = int(m.small * 0.8)
    while px > least and sum(max(text.size(t, px, True)[0] for t in labels(b)) + row.height // 2
                             for b in buttons) + gap * (len(buttons) - 1) > row.width:
        px -= 1
    x = row.left
    for button in buttons:
        width = max(text.size(t, px, True)[0] for t in labels(button)) + row.height // 2
        button.place(pygame.Rect(x, row.top, min(width, row.right - x), row.height), px)
        x += width + gap


def place_setup_page(lab: NTupleLabScene, area: pygame.Rect, bh: int) -> None:
    """The set-up page: its rows on the left, the file buttons and "Start from the trained
    network" one above the other on the right."""
    m = lab.app.metrics
    pad = m.pad
    rows_w = int(area.width * COMPACT_ROWS_SHARE)
    step = min(bh + pad // 2, area.height // len(lab.setup))
    for i, widget in enumerate(lab.setup):
        widget.place(pygame.Rect(area.left, area.top + i * step, rows_w - pad * 2,
                                 step - pad // 2), m.small)
    # One column of −, value and + (the −/+ of "Learning rate" and "TD lambda" stood 25 px
    # apart: QA 36).
    line_up_values([w for w in lab.setup if isinstance(w, Stepper)])
    column = pygame.Rect(area.left + rows_w + pad, area.top, area.width - rows_w - pad,
                         area.height)
    buttons = [lab.reset_button, lab.save_button, lab.load_button]
    step = min(bh + pad, column.height // (len(buttons) + 2))
    px = min(text.fit_px(b.label(), column.width - bh // 3, m.body, True, int(m.small * 0.8))
             for b in buttons)
    for i, button in enumerate(buttons):
        button.place(pygame.Rect(column.left, column.top + i * step, column.width,
                                 step - pad), px)
    # Two lines where one would cut it ("Partir du réseau entraîné").
    top = column.top + len(buttons) * step
    lab.shipped_button.place(pygame.Rect(column.left, top, column.width,
                                         min(2 * (step - pad), column.bottom - top)),
                             text.fit_px(tr("ntuple.shipped"), 2 * column.width, m.body, True,
                                         int(m.small * 0.8)))


def draw_setup_help(lab: NTupleLabScene, surface: pygame.Surface, theme: Theme,
                    m: Metrics) -> None:
    """The help page: what α, λ, ε and TC do, one paragraph each (QA 36: nothing on screen
    said; QA S12 47: then one 13-17 px line under the set-up's buttons), as large as the
    page lets them be, from the body size down to the readable one."""
    room = lab.help_rect
    if lab.page != "help" or room.height <= 0 or not is_compact(lab):
        return
    said = "\n".join(tr(key) for key in HELP_KEYS)
    px = wrapped_px(said, room, m.body, readable_px(lab.app.size))
    text.blit_wrapped(surface, said, px, theme.text, room, line_gap=0)


def draw_patterns(lab: NTupleLabScene, surface: pygame.Surface, rect: pygame.Rect,
                  patterns: list[tuple[str, str, float]], size: int, theme: Theme,
                  m: Metrics) -> None:
    """The strongest patterns as small boards: the tuple's squares on the felt, the others
    dim; a dark disc for the player who just moved, a light one for the opponent; the learnt
    weight under each (positive: good for the player who just moved)."""
    if rect.height <= 0:
        return
    # On two lines where one would cut it (the layout keeps the room for them).
    title = pygame.Rect(rect.left, rect.top, rect.width,
                        min(rect.height, lab.caption_height(rect.width, m)))
    px = wrapped_px(tr("ntuple.patterns"), title, m.small, int(m.small * 0.8), bold=True)
    top = text.blit_wrapped(surface, tr("ntuple.patterns"), px, theme.text, title,
                            bold=True, line_gap=0)
    shown = [p for p in patterns if p[2] != 0.0]  # nothing learnt yet: no pattern
    if not shown:
        # Say why the page is empty and what to do (QA S12 47: only its title showed).
        room = pygame.Rect(rect.left, top + m.pad, rect.width, rect.bottom - top - m.pad)
        # (No "start from the trained network" where none ships: 6x6, QA17 14.)
        said = tr("ntuple.patterns_none" if ships_network(lab.session.size)
                  else "ntuple.patterns_none_train")
        px = wrapped_px(said, room, m.small, readable_px(lab.app.size))
        if len(text.wrap(said, room.width, px)) * text.font(px).get_linesize() <= room.height:
            text.blit_wrapped(surface, said, px, theme.text_muted, room, line_gap=0)
        return
    cells_of = {shape.name: shape.cells for shape in lab.session.player.net.shapes}
    caption = int(m.small * 1.3)
    spans = [_span(cells_of.get(name, ())) for name, _d, _w in shown]
    lines = 1
    if is_compact(lab):
        # On a page of their own, what the numbers are, at the foot (QA 36: "+0.20" was
        # explained nowhere), and the patterns in the rows that draw them largest (in one
        # row the edge patterns' discs were 12 px over an empty lower half).
        said = tr("ntuple.pattern_value")
        note = pygame.Rect(rect.left, top, rect.width, rect.bottom - top)
        note_px = wrapped_px(said, pygame.Rect(0, 0, rect.width, note.height // 4), m.small,
                             min(m.small, readable_px(lab.app.size)))
        note.top = rect.bottom - len(text.wrap(said, rect.width, note_px)) * text.font(
            note_px).get_linesize()
        text.blit_wrapped(surface, said, note_px, theme.text, note, line_gap=0)
        lines = max(range(1, len(shown) + 1), key=lambda n: _cell(
            spans, n, rect.width, note.top - m.pad - top, caption, m.pad, m.body * 3))
        rect = pygame.Rect(rect.left, rect.top, rect.width, note.top - m.pad - rect.top)
    per_line = -(-len(shown) // lines)
    slot = rect.width // per_line
    line_h = (rect.bottom - top) // lines
    cell = _cell(spans, lines, rect.width, rect.bottom - top, caption, m.pad,
                 m.body * 3 if is_compact(lab) else m.small * 2)
    if cell < 6:
        return
    for number, (name, drawing, weight) in enumerate(shown):
        cells = cells_of.get(name, ())
        if not cells:
            continue
        # Only the rows and columns the tuple covers, so that its squares are big enough
        # to read; the board's edge is drawn thicker where the tuple touches it.
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        r0, c0 = min(rows), min(cols)
        n_rows, n_cols = _span(cells)
        board = pygame.Rect(0, 0, cell * n_cols, cell * n_rows)
        line, place = divmod(number, per_line)
        board.midtop = (rect.left + slot * place + slot // 2, top + line * line_h)
        for (r, c), mark in zip(cells, drawing, strict=False):
            square = pygame.Rect(board.left + (c - c0) * cell, board.top + (r - r0) * cell,
                                 cell, cell)
            pygame.draw.rect(surface, theme.felt, square)
            pygame.draw.rect(surface, theme.panel_border, square, 1)
            if mark != ".":
                fill, rim = ((theme.piece1, theme.text) if mark == "X"
                             else (theme.piece0, theme.background))
                radius = max(2, cell * 2 // 5)
                pygame.draw.circle(surface, fill, square.center, radius)
                pygame.draw.circle(surface, rim, square.center, radius, 1)
        last = size - 1
        for y, touches in ((board.top, r0 == 0), (board.bottom - 1, max(rows) == last)):
            if touches:
                pygame.draw.line(surface, theme.text, (board.left, y), (board.right, y), 2)
        for x, touches in ((board.left, c0 == 0), (board.right - 1, max(cols) == last)):
            if touches:
                pygame.draw.line(surface, theme.text, (x, board.top), (x, board.bottom), 2)
        colour = theme.score_good if weight > 0 else theme.score_bad
        said = decimal(f"{weight:+.2f}").replace("-", "\u2212")
        text.blit_text(surface, said, m.small, colour, (board.centerx, board.bottom + 2),
                       "midtop", max_width=slot - 4)


def _span(cells: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> tuple[int, int]:
    """The rows and columns a tuple's squares cover."""
    if not cells:
        return 1, 1
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def _cell(spans: list[tuple[int, int]], lines: int, width: int, height: int, caption: int,
          pad: int, most: int) -> int:
    """The square size that draws every pattern of ``spans`` (rows, columns) whole in
    ``lines`` rows of ``width`` x ``height``, each with its value under it, at most
    ``most``."""
    per_line = -(-len(spans) // lines)
    slot_w, slot_h = width // per_line - pad, height // lines - caption - pad
    return min([most, *(min(slot_h // r, slot_w // c) for r, c in spans)])
