"""Tables of coloured cells: the heat map (a learner's values, move by move) and the
round-robin cross-table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import text
from game.ui.chart_parts import _ink, _title, diverging, format_number, sequential
from game.ui.i18n import decimal
from game.ui.theme import Theme, blend

#: A cell's number is at most this share of the cell's height.
NUMBER_SHARE = 0.6
#: A cell is at most this many times as high as it is wide: narrow columns (Nim's twenty
#: positions at 1024x768, 24 pixels) keep numbers of a readable size (at 1.2 they were 17 px
#: there, the readable size being 20).
CELL_ASPECT = 1.5


def _heat_geometry(rect: pygame.Rect, row_labels: Sequence[str], nrows: int, ncols: int,
                   px: int, row_title: str, col_title: str
                   ) -> tuple[pygame.Rect, int, float, float]:
    """Where a heat map's cells go in ``rect`` (below its title): the cells' area, the header's
    height, and a cell's width and height (nearly square, at most three text heights)."""
    small = max(8, int(px * 0.85))
    row_w = _row_labels_w(row_labels, small)
    if row_title and not _row_title_above(rect.width, row_w, ncols, row_title, col_title,
                                          small):
        row_w = max(row_w, text.size(row_title, small, True)[0] + small // 2)
    head_h = int(small * 1.5) + (int(small * 1.4) if col_title else 0)
    area = pygame.Rect(rect.left + row_w, rect.top + head_h, rect.width - row_w,
                       rect.height - head_h)
    cw = area.width / ncols
    ch = min(area.height / nrows, cw * CELL_ASPECT, px * 3.0)
    return area, head_h, cw, ch


def _row_labels_w(row_labels: Sequence[str], small: int) -> int:
    """The width of a heat map's row labels' column, its rows' title left out."""
    return max(text.size(label, small)[0] for label in row_labels) + small


def _row_title_above(width: int, row_w: int, ncols: int, row_title: str, col_title: str,
                     small: int) -> bool:
    """Whether a heat map ``width`` wide puts its rows' title on its columns' title's line,
    left of it, rather than beside the columns' labels, where it widened the row labels'
    column ("prendre" beside "−1": at 1024x768 Nim's twenty columns lost 44 pixels and
    their numbers fell to 15 px)."""
    if not row_title or not col_title:
        return False
    cells_w = width - row_w
    free = row_w + (cells_w - text.size(col_title, small, True)[0]) // 2 - small
    return text.size(row_title, small, True)[0] <= free


def heat_label_px(labels: Sequence[str], cw: float, ch: float, px: int) -> int:
    """The size of the numbers in a heat map's cells of ``cw`` x ``ch`` pixels: as large as the
    widest label allows (a 0/1 table's single digits read from the back of a room; "+0.25"
    needs more width), at most 85% of ``px``."""
    small = max(8, int(px * 0.85))
    widest = max((text.size(label, small, True)[0] for label in labels), default=1)
    return max(6, min(small, int(ch * NUMBER_SHARE), int(small * (cw - 6) / max(1, widest))))


def heat_number_px(width: int, row_labels: Sequence[str], ncols: int, px: int,
                   labels: Sequence[str]) -> int:
    """The size of the numbers ``labels`` in a heat map ``width`` pixels wide (as high as it
    is at most; see :func:`heat_map_height`): what its cells' width allows them."""
    _area, _head_h, cw, ch = _heat_geometry(pygame.Rect(0, 0, width, 10_000), row_labels,
                                            len(row_labels), ncols, px, "", "")
    return heat_label_px(labels, cw, ch, px)


def heat_map_height(width: int, row_labels: Sequence[str], ncols: int, px: int, *,
                    row_title: str = "", col_title: str = "", numbers_px: int = 0) -> int:
    """How high a heat map drawn ``width`` pixels wide is at most (header and cells, no title):
    a screen gives it that much and the rest to other things. With ``numbers_px``, how high it
    must be for its cells to print numbers of that size (no higher than at most)."""
    if not row_labels or not ncols:
        return 0
    tall = pygame.Rect(0, 0, width, 10_000)
    _area, head_h, _cw, ch = _heat_geometry(tall, row_labels, len(row_labels), ncols, px,
                                            row_title, col_title)
    if numbers_px:
        ch = min(ch, math.ceil(numbers_px / NUMBER_SHARE) + 1)
    return head_h + math.ceil(ch * len(row_labels))


def heat_map(surface: pygame.Surface, rect: pygame.Rect, row_labels: Sequence[str],
             col_labels: Sequence[str], values: Sequence[Sequence[float | None]],
             theme: Theme, px: int, *, title: str = "", row_title: str = "",
             col_title: str = "", signed: bool = True,
             fmt: Callable[[float], str] | None = None,
             highlight: set[tuple[int, int]] | None = None, min_px: int = 0) -> pygame.Rect:
    """A grid of coloured cells, ``values[r][c]`` (None: no value, drawn blank).

    ``signed`` colours from red (negative) to green (positive); otherwise from neutral to the
    accent colour. The number is printed in each cell that is big enough, unless it would be
    smaller than ``min_px`` (then the colours alone show, rather than specks nobody can read);
    ``highlight`` outlines some cells (the best move of each row, say). Returns the grid's
    rectangle (its columns share its width equally), for a screen to tell which cell was
    clicked.
    """
    show = fmt or (lambda v: decimal(f"{v:+.2f}").replace("-", "\u2212") if signed
                   else format_number(v))
    small = max(8, int(px * 0.85))
    top = _title(surface, rect, title, px, theme)
    nrows, ncols = len(row_labels), len(col_labels)
    if not nrows or not ncols:
        return pygame.Rect(rect.left, top, 0, 0)
    area, head_h, cw, ch = _heat_geometry(pygame.Rect(rect.left, top, rect.width,
                                                      rect.bottom - top),
                                          row_labels, nrows, ncols, px, row_title, col_title)
    flat = [abs(v) for row in values for v in row if v is not None]
    limit = max(flat, default=1.0) or 1.0
    cell_px = heat_label_px([show(v) for row in values for v in row if v is not None], cw, ch,
                            px)
    if col_title:
        text.blit_text(surface, col_title, small, theme.text_muted,
                       (area.left + round(cw * ncols / 2), top), "midtop", bold=True)
    if row_title and _row_title_above(rect.width, _row_labels_w(row_labels, small), ncols,
                                      row_title, col_title, small):
        text.blit_text(surface, row_title, small, theme.text_muted, (rect.left, top),
                       bold=True)
    elif row_title:
        text.blit_text(surface, row_title, small, theme.text_muted,
                       (rect.left, top + head_h - small // 4), "bottomleft", bold=True)
    # Every column labelled when the labels fit with a gap; else every second (or third...)
    # one, whole, rather than all of them run together ("10111213..."); the last column
    # (the lab's start position) always is.
    label_w = max(text.size(label, small)[0] for label in col_labels) + small // 2
    every = max(1, math.ceil(label_w / max(1.0, cw)))
    for c, label in enumerate(col_labels):
        if (ncols - 1 - c) % every:
            continue  # counted from the last column, which is always labelled
        text.blit_text(surface, label, small, theme.text_muted,
                       (round(area.left + (c + 0.5) * cw), area.top - small // 4), "midbottom",
                       max_width=max(8, int(cw * every)))
    # Row labels no taller than their rows (at the largest text size "1" to "8" ran into
    # each other beside rows shorter than a line of text).
    row_px = small
    while row_px > text.MIN_PX and text.font(row_px).get_height() > ch:
        row_px -= 1
    for r, label in enumerate(row_labels):
        y0 = area.top + r * ch
        if y0 + ch > rect.bottom + 1:
            break
        text.blit_text(surface, label, row_px, theme.text,
                       (area.left - small // 2, round(y0 + ch / 2)), "midright")
        for c in range(ncols):
            v = values[r][c] if c < len(values[r]) else None
            cell = pygame.Rect(round(area.left + c * cw) + 1, round(y0) + 1,
                               max(1, round(cw) - 2), max(1, round(ch) - 2))
            if v is None:
                pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), cell)
                continue
            colour = diverging(theme, v, limit) if signed else sequential(theme, v, limit)
            pygame.draw.rect(surface, colour, cell, border_radius=max(1, int(ch) // 8))
            if highlight and (r, c) in highlight and min(cell.size) > 8:
                pygame.draw.rect(surface, theme.text, cell, max(2, int(ch) // 14),
                                 border_radius=max(1, int(ch) // 8))
            label_text = show(v)
            if cell_px >= min_px and text.size(label_text, cell_px)[0] <= cell.width - 2:
                text.blit_text(surface, label_text, cell_px, _ink(colour), cell.center,
                               "center", bold=True)
    return pygame.Rect(area.left, area.top, area.width, round(ch * nrows))


#: A cross-table's numbers are at most this share of their row's height (their font, bold,
#: is about 1.17 times as high: they fill the cell without touching its edges).
CROSS_NUMBER_SHARE = 0.7
#: The names' column takes at most this share of a cross-table's width; past it a screen may
#: number the rows and name the players in a key.
CROSS_NAMES_SHARE = 0.42


@dataclass(frozen=True)
class CrossGeometry:
    """Where a cross-table's parts go in its rectangle: the names' column width, a cell's
    width and height, the numbers' and the row labels' text sizes, and whether the rows show
    the players' numbers alone (their names then in a key beside the table)."""

    name_w: int
    cw: float
    ch: float
    number_px: int
    label_px: int
    numbered: bool

    def readable(self, least: int) -> bool:
        """Whether the numbers and row labels are at least ``least`` px."""
        return self.number_px >= least and self.label_px >= least


def names_fit(names: Sequence[str], width: int, small: int) -> bool:
    """Whether rows labelled "1. Random"... leave a cross-table ``width`` wide its cells: the
    names' column at most :data:`CROSS_NAMES_SHARE` of it, at ``small`` px."""
    return (max((text.size(f"{i + 1}. {name}", small)[0] for i, name in enumerate(names)),
                default=0) + small <= width * CROSS_NAMES_SHARE)


def cross_geometry(rect: pygame.Rect, names: Sequence[str], labels: Sequence[str], px: int,
                   small: int = 0, extra: int = 0, numbered: bool = False) -> CrossGeometry:
    """The :class:`CrossGeometry` of a table of ``names`` (plus ``extra`` columns) whose cells
    say ``labels``, drawn in ``rect`` from a text size ``px``: labels at ``small`` (default
    85% of ``px``), numbers as large as their cells allow, up to ``px``; ``numbered``: the
    rows show the players' numbers alone (at 200% text "3. Meilleur d'abord" left the
    numbers 11 px at 1024x768)."""
    small = small or max(8, int(px * 0.85))
    n = len(names)
    rows = [str(i + 1) if numbered else f"{i + 1}. {name}" for i, name in enumerate(names)]
    full_w = max((text.size(row, small)[0] for row in rows), default=0) + small
    name_w = full_w if numbered else min(int(rect.width * 0.4), full_w)
    cw = (rect.width - name_w) / max(1, n + extra)
    ch = min(rect.height / (n + 1), px * 2.4)
    shown = {label for label in labels if label}
    number_px = max(6, min(px, int(ch * CROSS_NUMBER_SHARE)))
    while number_px > 6 and any(text.size(label, number_px, True)[0] > cw - 6
                                for label in shown):
        number_px -= 1
    label_px = min((text.fit_px(row, name_w - small // 2, small, False, text.MIN_PX)
                    for row in rows), default=small)
    return CrossGeometry(name_w, cw, ch, number_px, label_px, numbered)


def cross_table(surface: pygame.Surface, rect: pygame.Rect, names: Sequence[str],
                cells: Sequence[Sequence[str]], shades: Sequence[Sequence[float | None]],
                theme: Theme, px: int, *, title: str = "",
                totals: Sequence[str] = (), totals_title: str = "", small: int = 0,
                numbered: bool = False) -> CrossGeometry:
    """A round-robin table: row player against column player.

    ``cells[i][j]`` is the text of i against j (the diagonal is drawn as a dash);
    ``shades[i][j]`` in [0, 1] (i's score share) colours the cell from red (0) to green (1).
    ``totals`` adds a last column (points, or rating) titled ``totals_title``. ``small`` and
    ``numbered``: see :func:`cross_geometry`, whose answer is returned.
    """
    top = _title(surface, rect, title, px, theme)
    n = len(names)
    area = pygame.Rect(rect.left, top, rect.width, rect.bottom - top)
    labels = [c for row in cells for c in row] + list(totals)
    geo = cross_geometry(area, names, labels, px, small, 1 if totals else 0, numbered)
    if not n:
        return geo
    small = small or max(8, int(px * 0.85))
    name_w, cw, ch, cell_px = geo.name_w, geo.cw, geo.ch, geo.number_px
    head = pygame.Rect(rect.left + name_w, top, round(cw * (n + (1 if totals else 0))),
                       round(ch))
    for j in range(n):
        text.blit_text(surface, str(j + 1), small, theme.text_muted,
                       (round(head.left + (j + 0.5) * cw), head.centery), "center", bold=True)
    if totals:
        text.blit_text(surface, totals_title, small, theme.accent,
                       (round(head.left + (n + 0.5) * cw), head.centery), "center", bold=True,
                       max_width=int(cw))
    for i in range(n):
        y0 = top + (i + 1) * ch
        row_label = str(i + 1) if geo.numbered else f"{i + 1}. {names[i]}"
        # Every row's name at one size, that at which the longest fits (each shrank on its
        # own: "3. Meilleur d'abord" at 15 px between "2. Glouton" and "4. Minimax" at 25).
        text.blit_text(surface, row_label, min(small, geo.label_px), theme.text,
                       (rect.left, round(y0 + ch / 2)), "midleft", max_width=name_w - small // 2,
                       min_px=min(small, geo.label_px))
        for j in range(n):
            cell = pygame.Rect(round(rect.left + name_w + j * cw) + 1, round(y0) + 1,
                               max(1, round(cw) - 2), max(1, round(ch) - 2))
            if i == j:
                pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), cell)
                text.blit_text(surface, "\u2014", cell_px, theme.text_muted, cell.center,
                               "center")
                continue
            shade = shades[i][j]
            colour = (blend(theme.panel, theme.background, 0.3) if shade is None
                      else diverging(theme, shade * 2 - 1, 1.0))
            pygame.draw.rect(surface, colour, cell, border_radius=max(1, int(ch) // 8))
            label = cells[i][j]
            if label:
                text.blit_text(surface, label, cell_px, _ink(colour), cell.center, "center",
                               bold=True, max_width=cell.width - 2)
        if totals:
            cell = pygame.Rect(round(rect.left + name_w + n * cw) + 1, round(y0) + 1,
                               max(1, round(cw) - 2), max(1, round(ch) - 2))
            pygame.draw.rect(surface, theme.panel_border, cell, 2,
                             border_radius=max(1, int(ch) // 8))
            text.blit_text(surface, totals[i], cell_px, theme.accent, cell.center, "center",
                           bold=True, max_width=cell.width - 2)
    return geo
