"""The learning lab's Table view: the learner's whole table as a heat map, as seed 002 prints it
(one row per take, one column per position), for every kind of learner: elimination's 0/1
(1 allowed, green; 0 eliminated, red), reinforcement's bead counts (more beads, warmer) and
Q-learning's values (green good, red bad, the best take of each position outlined). Beside
it, the matchbox of the position chosen (click a column, or the arrows) is drawn large.

A game's presenter says whether its boxes read as one table (one-heap Nim does); the view is
offered only then.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui import charts, text
from game.ui.boards import presenter_for
from game.ui.boards.presenter import HeatTable
from game.ui.chart_tables import _heat_geometry
from game.ui.i18n import grouped, tr
from game.ui.scenes.lab_common import wrapped_px
from game.ui.scenes.lab_table_style import STYLES, TableStyle, best_cells, style_for
from game.ui.scenes.play_fit import readable_px
from game.ui.theme import Theme, blend
from game.ui.widgets import Button, Metrics, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.lab_box_moves import BoxView
    from game.ui.scenes.lab_knowledge import KnowledgePanel


def smallest_number_px(m: Metrics) -> int:
    """The smallest number a lab's heat map prints: 80% of the small text size (smaller, the
    colours alone say it). Not play_fit.readable_px: 2.5% of the window's height."""
    return int(m.small * 0.8)


def wanted_number_px(m: Metrics) -> int:
    """The size the table view gives its heat map the room to print its numbers at: the
    smallest number's size (:func:`smallest_number_px`), at least the readable size (at the
    readable size Nim's 0 and 1 were 26 px beside 52 px text at 200% of 1280x800 fr, with
    the chosen box's words below them in 40 px, QA17 12)."""
    return max(readable_px((0, m.height)), smallest_number_px(m))


def legend_fits(words: str, area: pygame.Rect, m: Metrics, px: int = 0) -> bool:
    """Whether ``words`` wrapped in ``area`` fit its height at ``px``, by default at
    :func:`wanted_number_px` (at least the readable size: at 80% of the small size, 17 px at
    100% of 1280x800, the legend was under the 20 px a class reads)."""
    px = px or wanted_number_px(m)
    lines = text.wrap(words, area.width, px)
    return area.width > 0 and len(lines) * text.font(px).get_linesize() <= area.height


#: A number in a heat map's cell is at least this share of the window's height, where that is
#: less than :func:`smallest_number_px` (see :func:`cell_number_px`).
CELL_NUMBER_SHARE = 0.02
#: The table view shows its title when its panel is at least this many body-text lines tall.
TITLE_ROOM = 12
#: The heat map and its title take at most this share of the table view's height (half where
#: that prints its numbers at the readable size), the chosen box the rest.
TABLE_MOST = 0.6


def cell_number_px(m: Metrics) -> int:
    """The smallest number printed in a heat map's cell: :func:`smallest_number_px`, at most
    2% of the window's height. At 1920x1080 (small text 30 px) that floor was 24 px and
    twenty columns 51 px wide of bead counts ("235" fits them at 23 px) printed no number in
    cells 62 px high; 21 px there is larger than the 14 px printed at 1024x768."""
    return min(smallest_number_px(m), int(m.height * CELL_NUMBER_SHARE))


def numbers_fit(table: HeatTable, style: TableStyle, grid: pygame.Rect, m: Metrics,
                px: int, ncols: int = 0) -> bool:
    """Whether the heat map drawn in ``grid`` printed its numbers (at :func:`cell_number_px`
    at least): on a narrow view a table of twenty positions shows colours only, and the box
    beside gives the numbers."""
    if grid.width <= 0 or not table.cols or not table.rows:
        return True
    labels = [style.fmt(style.shade(v)) for row in table.values for v in row if v is not None]
    px = charts.heat_label_px(labels, grid.width / (ncols or len(table.cols)),
                              grid.height / len(table.rows), px)
    return px >= cell_number_px(m)


def map_px(table: HeatTable, labels: list[str], width: int, height: int, m: Metrics) -> int:
    """The heat map's text size: the largest of heading, body and small size at which the map
    fits ``height`` with cells high enough to print numbers of the readable size (2.5% of the
    window's height) and wide enough for its ``labels`` (the numbers in its cells) at that
    size; else the same with numbers of :func:`cell_number_px`; else the largest that fits
    (the box beside then gives the numbers); else the readable floor. (At 1920x1080 the test
    was the map's height at most, cells up to three text heights: it fell to the floor, its
    labels 20 px, smaller than at 1024x768, and its numbers were left out. At 200% of
    1024x768 it kept the body size, whose column labels took half the map's height, and
    Nim's 0 and 1 were 19 px, the readable size being 20.)"""
    least = cell_number_px(m)
    fitting: list[int] = []
    # The numbers first, from :func:`wanted_number_px` down: the heading's size for the
    # columns' labels with numbers at the readable size beside it wrote Nim's 0 and 1 at
    # 24 px under a 58 px "allumettes" (200% of 1280x800 fr).
    readable = max(least, readable_px((0, m.height)))
    for floor in dict.fromkeys([*range(wanted_number_px(m), readable - 1, -1), least]):
        fitting = [px for px in (m.heading, m.body, m.small)
                   if charts.heat_map_height(width, table.rows, len(table.cols), px,
                                             row_title=table.row_title,
                                             col_title=table.col_title,
                                             numbers_px=floor) <= height]
        for px in fitting:
            # The cells' width at px (the row labels' column grows with it); chart_tables
            # owns the geometry, read rather than copied.
            _area, _head, cw, _ch = _heat_geometry(pygame.Rect(0, 0, width, 10_000),
                                                   table.rows, len(table.rows),
                                                   len(table.cols), px, table.row_title,
                                                   table.col_title)
            if charts.heat_label_px(labels, cw, 10_000, px) >= floor:
                return px
    return fitting[0] if fitting else smallest_number_px(m)


def page_ranges(ncols: int, pages: int) -> list[range]:
    """The columns of each of ``pages`` parts of a table of ``ncols`` columns, in order
    (positions 1-10 in the first, 11-20 in the second)."""
    per = max(1, math.ceil(ncols / max(1, pages)))
    return [range(i, min(ncols, i + per)) for i in range(0, ncols, per)]


#: A table whose numbers are under the readable size shows at most this many parts of its
#: columns, one at a time (see :meth:`TablePanel.paged`).
MOST_PAGES = 3


def part_of(table: HeatTable, cols: range) -> HeatTable:
    """The columns ``cols`` of ``table`` as a table of their own."""
    return HeatTable(table.rows, [table.cols[c] for c in cols],
                     [[row[c] for c in cols] for row in table.values], table.row_title,
                     table.col_title, [table.keys[c] for c in cols if c < len(table.keys)])


def numbers_px_in(table: HeatTable, labels: list[str], width: int, height: int, px: int
                  ) -> int:
    """The size of the numbers ``labels`` in ``table``'s heat map drawn ``width`` x
    ``height`` at ``px`` (as :func:`charts.heat_map` prints them)."""
    _area, _head, cw, ch = _heat_geometry(pygame.Rect(0, 0, width, height), table.rows,
                                          len(table.rows), len(table.cols), px,
                                          table.row_title, table.col_title)
    return charts.heat_label_px(labels, cw, ch, px)


class TablePanel:
    """The heat map of the lab's learner and the chosen box beside it."""

    def __init__(self, app: App, knowledge: KnowledgePanel) -> None:
        self.app = app
        self.knowledge = knowledge
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.box_rect = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.legend_rect = pygame.Rect(0, 0, 0, 0)
        self.prev_button = Button(lambda: "◀", lambda: self.step(-1))
        self.next_button = Button(lambda: "▶", lambda: self.step(+1))
        self._table: HeatTable | None = None
        #: The heat map's text size (its labels; its numbers at most 85% of it).
        self.px = app.metrics.heading
        #: The height of the title's line (0: left out, see :data:`TITLE_ROOM`).
        self.title_h = 0
        #: The parts of the table's columns shown one at a time (one part: all of them).
        self.pages: list[range] = []
        #: Drawn for an exported picture (its words name no button: there are none on paper).
        self.printing = False
        #: The heat map's grid as drawn, with its columns (their order in the table).
        self.grids: list[tuple[pygame.Rect, range]] = []

    def widgets(self) -> list[Widget]:
        """The panel's buttons, in event order."""
        return [self.prev_button, self.next_button]

    def table(self) -> HeatTable | None:
        """The learner's boxes as one table (None when the game's boxes do not read so)."""
        session = self.knowledge.session
        return presenter_for(session.game).learner_table(
            [(b.key, b.values) for b in self.knowledge.every_box], session.options)

    def available(self) -> bool:
        """Whether the game's boxes read as one table (one-heap Nim)."""
        session = self.knowledge.session
        probe = session.info.initial_state(session.options)
        return presenter_for(session.game).learner_table(
            [(probe.key, {m: 1.0 for m in probe.legal_moves()})], session.options) is not None

    def chosen(self, table: HeatTable) -> BoxView | None:
        """The box of the chosen column (the session remembers it), else the first one."""
        by_key = {b.key: b for b in self.knowledge.every_box}
        key = self.knowledge.session.chosen_box
        if key not in by_key and table.keys:
            key = table.keys[-1]  # the start position: the largest count, on the right
            self.knowledge.session.chosen_box = key
        return by_key.get(key)

    def step(self, delta: int) -> None:
        """Choose the box of the column left or right of the current one."""
        table = self._table or self.table()
        if table is None or not table.keys:
            return
        keys = table.keys
        session = self.knowledge.session
        i = keys.index(session.chosen_box) if session.chosen_box in keys else len(keys) - 1
        session.chosen_box = keys[max(0, min(len(keys) - 1, i + delta))]

    def click(self, pos: tuple[int, int]) -> bool:
        """Choose the column clicked; True when the click was on the grid."""
        table = self._table
        col = self.column_at(pos)
        if table is None or col is None or col >= len(table.keys):
            return False
        self.knowledge.session.chosen_box = table.keys[col]
        return True

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """The heat map across the top of ``rect``, as high as its rows need (at most half);
        below it, the chosen box on the left and the legend with the box's arrows on the
        right, which get the rest: a table of three rows left half the view empty."""
        self.rect = rect
        m = self.app.metrics
        pad = m.pad
        inner = rect.inflate(-pad * 4, -pad * 2)
        # The title where the view is tall enough; else the tab ("Table") says what it is and
        # the heat map takes its line (at 200% of 1920x1080 it had no room for its rows).
        title_h = self.title_h = int(m.body * 1.5) if inner.height >= TITLE_ROOM * m.body else 0
        table = self.table()
        grid_h = inner.height // 2 - title_h
        self.pages = []
        self._table = table  # (the legend below measures this table, not the last drawn)
        if table is not None and table.keys:
            self.pages = self.paged(table, inner, title_h)
            grid_h, self.px = self.fit(part_of(table, self.pages[0]), inner, title_h)
        self.table_rect = pygame.Rect(inner.left, inner.top, inner.width, title_h + grid_h)
        below = inner.height - self.table_rect.height - pad
        nav = int(m.body * 1.9)
        # Wide enough for a changed row's "before → after" beside its take; narrower where the
        # legend beside it would not fit at a readable size (French at the largest text size).
        longest = self.longest_legend()
        # A short view (no title) puts the box's arrows either side of the box and its use
        # above the legend: at 200% of 1920x1080 the legend had one line left above them.
        beside = nav + pad if not title_h else 0
        for share in (0.5, 0.45, 0.4, 0.36):
            box_w = min(int(inner.width * share) - 2 * beside, int(below * 1.25))
            self.box_rect = pygame.Rect(inner.left + beside, self.table_rect.bottom + pad,
                                        box_w, below)
            left = self.box_rect.right + beside + pad * 2
            self.legend_rect = pygame.Rect(left, self.box_rect.top, inner.right - left, below)
            if legend_fits(longest, self.legend_text_area(nav), m):
                break
        if beside:
            y = self.box_rect.centery - nav // 2
            self.prev_button.place(pygame.Rect(inner.left, y, nav, nav), m.body)
            self.next_button.place(pygame.Rect(self.box_rect.right + pad, y, nav, nav), m.body)
        else:
            y = self.legend_rect.bottom - nav
            self.prev_button.place(pygame.Rect(self.legend_rect.left, y, nav, nav), m.body)
            self.next_button.place(pygame.Rect(self.legend_rect.right - nav, y, nav, nav),
                                   m.body)

    def fit(self, table: HeatTable, inner: pygame.Rect, title_h: int) -> tuple[int, int]:
        """The heat map's height (with its pad) and text size for ``table`` in ``inner``: as
        high as its rows need (half the view, up to :data:`TABLE_MOST` where half leaves its
        numbers under the readable size: at 200% of 1024x768 Nim's 0 and 1 were 19 px in
        half, the readable size being 20)."""
        m = self.app.metrics
        pad = m.pad
        grid_h = inner.height // 2 - title_h
        grid_h = max(grid_h, min(int(inner.height * TABLE_MOST) - title_h, pad + (
            charts.heat_map_height(inner.width, table.rows, len(table.cols), m.small,
                                   row_title=table.row_title, col_title=table.col_title,
                                   numbers_px=wanted_number_px(m)))))
        px = map_px(table, self.cell_labels(table), inner.width, grid_h - pad, m)
        return min(grid_h, charts.heat_map_height(
            inner.width, table.rows, len(table.cols), px, row_title=table.row_title,
            col_title=table.col_title) + pad), px

    def paged(self, table: HeatTable, inner: pygame.Rect, title_h: int) -> list[range]:
        """The table's columns in the fewest parts (up to :data:`MOST_PAGES`) that print its
        numbers at the readable size, else the parts printing them largest; one part shows
        at a time, the chosen box's. At 200% of 1280x800 twenty Q-values in cells 53 px wide
        were 17 px, the readable size being 20 (QA14 18); in two parts of ten, 33 px."""
        m = self.app.metrics
        labels = self.cell_labels(table)
        best: tuple[int, list[range]] = (-1, [])
        for count in range(1, MOST_PAGES + 1):
            pages = page_ranges(len(table.cols), count)
            if len(pages) < count:
                break
            shown = part_of(table, pages[0])
            grid_h, px = self.fit(shown, inner, title_h)
            numbers = numbers_px_in(shown, labels, inner.width, grid_h - m.pad, px)
            if numbers >= readable_px((0, m.height)):
                return pages
            if numbers > best[0]:
                best = (numbers, pages)
        return best[1]

    def pages_of(self, table: HeatTable) -> list[range]:
        """:attr:`pages` for ``table``: as many parts of its columns as laid out, made again
        where the table has changed since (training adds positions between a layout and a
        drawing: parts of 20 columns indexed a table of 19, an IndexError, speed helper)."""
        if self.pages and self.pages[-1].stop != len(table.cols):
            self.pages = page_ranges(len(table.cols), len(self.pages))
        return self.pages

    def page(self, table: HeatTable) -> range:
        """The part of the table's columns shown: the chosen box's."""
        key = self.knowledge.session.chosen_box
        index = table.keys.index(key) if key in table.keys else len(table.keys) - 1
        return next((p for p in self.pages if index in p), range(len(table.cols)))

    def cell_labels(self, table: HeatTable) -> list[str]:
        """The numbers the heat map of ``table`` prints in its cells."""
        style = style_for(self.knowledge.session.learner.score_kind, table)
        return [style.fmt(style.shade(v)) for row in table.values for v in row if v is not None]

    def legend_text_area(self, nav: int) -> pygame.Rect:
        """Where the legend's words go: above the box's arrows (``nav`` high)."""
        legend = self.legend_rect
        if not self.title_h:  # the arrows beside the box, the box's use on the first line
            used = text.font(self.app.metrics.body).get_linesize()
            return pygame.Rect(legend.left, legend.top + used, legend.width,
                               legend.height - used)
        return pygame.Rect(legend.left, legend.top, legend.width,
                           legend.height - nav - self.app.metrics.pad)

    def longest_legend(self) -> str:
        """The legend at its longest for the current learner (every note it may carry)."""
        kind = self.knowledge.session.learner.score_kind
        words = [tr(STYLES.get(kind, STYLES["value"]).legend), tr("lab.table.read_in_box")]
        table = self._table or self.table()
        if table is not None and len(self.pages_of(table)) > 1:
            words.insert(0, max((self.part_note(table, p) for p in self.pages), key=len))
        if kind == "allowed":
            words.append(tr("lab.all_lost_note"))
        return " ".join(words)

    def part_note(self, table: HeatTable, cols: range) -> str:
        """What the legend says of the part ``cols`` of the table's columns shown (in an
        exported picture without "◀ ▶ go on to the others")."""
        return tr("lab.table.part_print" if self.printing else "lab.table.part",
                  first=table.cols[cols.start], last=table.cols[cols[-1]], shown=len(cols),
                  count=len(table.cols))

    def draw(self, surface: pygame.Surface, theme: Theme, m: Metrics) -> None:
        """The heat map, its legend and the chosen box."""
        session = self.knowledge.session
        table = self._table = self.table()
        if table is not None:
            self.pages_of(table)
        draw_panel(surface, self.rect, theme, m.radius)
        style = style_for(session.learner.score_kind, table)
        legend = tr(style.legend)
        kind = session.learner.score_kind
        top = self.table_rect
        if self.title_h:
            text.blit_text(surface, tr("lab.table.title"), m.body, theme.accent, top.topleft,
                           bold=True, max_width=top.width)
        grid_area = pygame.Rect(top.left, top.top + self.title_h, top.width,
                                top.height - self.title_h)
        box = None
        self.grids = []
        if table is None or not table.keys:
            # No box at all (the filter of the boxes view is not the Table's: after One game
            # its "last game's boxes" left the Table an empty square, QA19 11).
            text.blit_wrapped(surface, tr("lab.no_boxes"), m.body, theme.text_muted, grid_area)
            self.grid = pygame.Rect(0, 0, 0, 0)
        else:
            box = self.chosen(table)
            self._draw_map(surface, table, style, grid_area, theme, m)
            self.grid = self.grids[0][0]
            self._mark_column(surface, table, theme, m)
            if not (numbers_fit(table, style, self.grid, m, self.px, len(self.grids[0][1]))
                    or self.printing):  # (no click on paper)
                legend = f"{legend} {tr('lab.table.read_in_box')}"
            if len(self.pages) > 1:  # (said first: the others are a click away)
                legend = f"{self.part_note(table, self.grids[0][1])} {legend}"
        text_area = self.legend_text_area(self.prev_button.rect.height)
        # Smaller rather than cut (French at the largest text size ran past its room), down
        # to the readable size: with the part's note, "… le meilleur coup de chaque position
        # est…" was cut at 200% of 1024x768 (QA S15 24). Never under it: 80% of the small
        # size was 17 px at 100% of 1280x800.
        least = readable_px(self.app.size)
        if any(b.all_lost(kind) for b in self.knowledge.every_box):
            # The long note where it fits at a readable size, else the short one, else none
            # (the Boxes view says it): at 1920x1080 at 200% the long one was cut.
            notes = [f"{legend} {tr(key)}" for key in ("lab.all_lost_note",
                                                       "lab.all_lost_short")]
            legend = next((n for n in notes if legend_fits(n, text_area, m, least)), legend)
        px = wrapped_px(legend, text_area, m.small, least)
        text.blit_wrapped(surface, legend, px, theme.text_muted, text_area, line_gap=0)
        self._draw_box(surface, box, theme, m)

    def _draw_map(self, surface: pygame.Surface, table: HeatTable, style: TableStyle,
                  area: pygame.Rect, theme: Theme, m: Metrics) -> None:
        """The heat map of the shown part of the table's columns (:meth:`page`) in ``area``;
        its grid kept in :attr:`grids`."""
        cols = self.page(table)
        shown = part_of(table, cols)
        shaded = [[None if v is None else style.shade(v) for v in row] for row in shown.values]
        best = best_cells(table, style.fmt) if style.outlines_best else None
        grid = charts.heat_map(
            surface, area, shown.rows, shown.cols, shaded, theme, self.px,
            row_title=table.row_title, col_title=table.col_title, signed=style.signed,
            fmt=style.fmt, min_px=cell_number_px(m),
            highlight=None if best is None else {(r, c - cols.start) for r, c in best
                                                 if c in cols})
        self.grids = [(grid, cols)]

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The table's column under ``pos`` (None: off the heat map)."""
        for grid, band in self.grids:
            if grid.collidepoint(pos) and len(band):
                col = int((pos[0] - grid.left) / (grid.width / len(band)))
                return band.start + max(0, min(len(band) - 1, col))
        return None

    def _mark_column(self, surface: pygame.Surface, table: HeatTable, theme: Theme,
                     m: Metrics) -> None:
        """Outline the chosen column's cells (not its number above, which stays readable)."""
        key = self.knowledge.session.chosen_box
        if key not in table.keys:
            return
        index = table.keys.index(key)
        for grid, band in self.grids:
            if index not in band or grid.width <= 0:
                continue
            cw = grid.width / len(band)
            width = max(2, m.line * 2)
            col = pygame.Rect(round(grid.left + (index - band.start) * cw) - width // 2,
                              grid.top - width, round(cw) + width, grid.height + width * 2)
            pygame.draw.rect(surface, theme.highlight, col, width, border_radius=m.radius // 2)

    def _draw_box(self, surface: pygame.Surface, box: BoxView | None, theme: Theme,
                  m: Metrics) -> None:
        area = self.box_rect
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.35), area,
                         border_radius=m.radius)
        visible = box is not None
        self.prev_button.visible = self.next_button.visible = visible
        if box is None:
            return
        inner = area.inflate(-m.pad * 2, -m.pad * 2)
        self.knowledge.draw_box(surface, inner, box, theme, m, m.heading)
        used = tr("lab.box_used", n=grouped(box.used))
        if not self.title_h:  # a short view: the use on the legend's first line
            text.blit_text(surface, used, m.body, theme.text_muted, self.legend_rect.topleft,
                           max_width=self.legend_rect.width)
            return
        text.blit_text(surface, used, m.body, theme.text_muted,
                       ((self.prev_button.rect.right + self.next_button.rect.left) // 2,
                        self.prev_button.rect.centery), "center",
                       max_width=self.next_button.rect.left - self.prev_button.rect.right
                       - m.pad)

