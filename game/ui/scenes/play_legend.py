"""How the legend of the board's numbers fits the play panel: its text sizes, its forms (its
rows whole, in few words, as one paragraph) and the rows of each that fit a height.

:class:`LegendFit` is the base of :class:`~game.ui.scenes.play_explain.ExplainBox`, which draws
the legend beside the reasoning's facts and sizes both with it (one routine,
:meth:`LegendFit._named_form`, for the drawing and the facts' count: two could disagree).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.boards.chip_look import draw_look
from game.ui.reasoning import LegendRow, compact_legend, packed_legend
from game.ui.scenes.play_fit import (
    LegendLine,
    large_text,
    least_legend_px,
    legend_lines,
    readable_px,
)

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Theme

#: With large text, the least size (a share of the small size) the panel's words take to
#: show the whole legend; under it only its first row stays (see ExplainBox.facts_px).
WHOLE_LEGEND_SHARE = 0.8
#: With large text, the first fact alone (when it says why) where two would take the words
#: under this share of the small size (see ExplainBox.facts_px).
FEWER_FACTS_SHARE = 0.9


def strict_passes(rows: list[LegendRow]) -> tuple[bool, ...]:
    """The passes a legend's fitting makes over its sizes: first only forms that keep a row
    with no sample but few words of its own (the colours' row where every move lost: green
    is no win there; at 200% of 1920x1080 the largest size without it won over it), then
    any, when the legend has such a row; else one pass."""
    return (True, False) if any(_needed(row) for row in rows) else (False,)


def _needed(row: LegendRow) -> bool:
    """True for a row with no sample that the legend keeps in few words before a larger size
    without it (see :func:`strict_passes`); an optional row is kept only where room is left."""
    return not row.sample and bool(row.short) and not row.optional


def draw_marks(surface: pygame.Surface, line: LegendLine, x: int, y: int, px: int,
               theme: Theme, under_text: bool) -> None:
    """The chip looks of ``line``'s samples (a bound dashed, a shallow estimate lighter),
    drawn as the board draws its chips round the sample text at (``x`` + its place, ``y``):
    with ``under_text`` the part under the words, else the part over them. A line's height,
    no more: the legend's lines keep their spacing."""
    height = text.font(px).get_height()
    pad = max(2, px // 6)
    for at, width, look in line.marks:
        rect = pygame.Rect(x + at - pad, y, width + 2 * pad, height)
        draw_look(surface, rect, px, theme.text, look, under_text, dark=theme.overlay)


class LegendFit:
    """The legend's sizes and forms in the column :attr:`rect` of the window of :attr:`app`."""

    def __init__(self, app: App) -> None:
        self.app = app
        #: The column it is drawn in (set by the panel before each frame).
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def small(self) -> int:
        """The small size of the panel's words, never under the window's readable size: 18 px
        at 100% of 1024x768, under its 20, for the facts a class reads from the back row."""
        return max(self.app.metrics.small, readable_px(self.app.size))

    def _legend_lines(self, rows: list[LegendRow],
                      px: int | None = None) -> list[LegendLine]:
        """The legend wrapped to the panel's column at ``px`` (the small size by default)."""
        m = self.app.metrics
        return legend_lines(rows, px or self.small, self.rect.width - 2 * m.pad,
                            large_text(m, self.app.size))

    def _legend_height(self, rows: list[LegendRow], px: int | None = None) -> int:
        if not rows:
            return 0
        px = px or self.small
        line_h = text.font(px).get_linesize()
        return line_h * len(self._legend_lines(rows, px)) + self.app.metrics.pad * 2

    def legend_sizes(self, most: int | None = None) -> list[int]:
        """The legend's text sizes, largest first: the small size, and with large text down
        to its least size (:func:`~game.ui.scenes.play_fit.least_legend_px`); none over
        ``most`` but the least (beside the facts, their size: the legend larger than the
        facts took their room, at 200% of 1920x1080 against MCTS)."""
        m = self.app.metrics
        sizes = [self.small]
        if large_text(m, self.app.size):
            least = least_legend_px(m, self.app.size)
            # (A step at 80% between 90% and the least size, 70%: at 200% of 1024x768 the
            # words jumped from 32 to 25 px and left three rows of the list empty.)
            steps = (int(m.small * FEWER_FACTS_SHARE), int(m.small * WHOLE_LEGEND_SHARE),
                     least)
            sizes += sorted({px for px in steps if least <= px < m.small}, reverse=True)
        if most is not None:
            sizes = [px for px in sizes if px <= most] or sizes[-1:]
        return sizes

    def _whole_legend_px(self) -> int:
        """The least size at which the legend is drawn in its many words (its rows whole);
        under it, in few words (:func:`~game.ui.reasoning.compact_legend`)."""
        return int(self.app.metrics.small * WHOLE_LEGEND_SHARE)

    def first_row_height(self, rows: list[LegendRow], px: int | None = None) -> int:
        """The height the legend's first row (what the number on the board is) needs at
        ``px`` (its least size by default) in its few words, with its box's margins; 0
        without a legend. (Its many words took Monte Carlo's second fact, its win rate, at
        200% of 1024x768, where the legend then drew in few words.)"""
        return self._legend_box((compact_legend(rows) or rows)[:1],
                                px or self.legend_sizes()[-1])

    def _legend_box(self, rows: list[LegendRow], px: int) -> int:
        """The height ``rows`` of the legend need at ``px``, with the box's margins and the
        gap after it; 0 without rows."""
        if not rows:
            return 0
        lines = len(self._legend_lines(rows, px))
        return text.font(px).get_linesize() * lines + self.app.metrics.pad * 3 // 2

    def _rows_at(self, rows: list[LegendRow], height: int, px: int) -> list[LegendRow]:
        """The first of ``rows`` that fit ``height`` pixels at ``px``, whole: the numbers
        before the colours' meaning (a row cut after its first line read "Green: good for
        the mover, red:"). The box's margins and the gap after it: a pad and a half."""
        kept = list(rows)
        room = (height - self.app.metrics.pad * 3 // 2) // text.font(px).get_linesize()
        while kept and len(self._legend_lines(kept, px)) > room:
            kept.pop()
        return kept

    def _legend_fit(self, rows: list[LegendRow], height: int,
                    most: int | None = None) -> tuple[list[LegendRow], int]:
        """The legend's first rows that fit ``height`` pixels, whole, and their text size:
        the small size, or with large text down to the normal small size when that keeps
        more rows (the legend gives way before the reasoning, but is not dropped for want
        of a few pixels); none over ``most`` (see :meth:`legend_sizes`)."""
        best: tuple[list[LegendRow], int] = ([], self.small)
        for px in self.legend_sizes(most):
            kept = self._rows_at(rows, height, px)
            if len(kept) > len(best[0]):
                best = (kept, px)
        return best

    def _named_form(self, rows: list[LegendRow], height: int, px: int,
                    strict: bool = False) -> tuple[list[LegendRow], set[str]] | None:
        """The first form of the legend that names every kind of label on the board in
        ``height`` pixels at ``px``, and the samples it names: its rows whole (the colours'
        row may go; only at :meth:`_whole_legend_px` or more), then in few words
        (:func:`~game.ui.reasoning.compact_legend`), then as one paragraph
        (:func:`~game.ui.reasoning.packed_legend`); None when none does. ``strict``: only a
        form that keeps the row with no sample but few words of its own (see
        :func:`strict_passes`)."""
        kinds = {row.sample for row in rows if row.sample}
        packed = packed_legend(rows)
        for form in (rows, compact_legend(rows), packed):
            if form is rows and px < self._whole_legend_px():
                continue
            kept = self._rows_at(form, height, px)
            # (The paragraph names every kind in its words.)
            named = kinds if form is packed else {row.sample for row in kept if row.sample}
            whole = form is packed or any(_needed(row) for row in kept)
            if kept and named >= kinds and (whole or not strict):
                return kept, set(named)
        return None

    def _legend_form(self, rows: list[LegendRow], height: int, move_row: int,
                     most: int | None) -> tuple[list[LegendRow], int, set[str]]:
        """The legend as drawn in ``height`` pixels, its size and the samples of the kinds of
        label it names: at the largest size at which one of its forms names every kind on
        the board (:meth:`_named_form`), above a row of the move list (``move_row`` high) if
        it can, else in that row's room too. Else, as before, its first rows that fit.
        Largest first, as facts_px counts it: at 200% of 1280x720 Nim's legend drew its long
        rows at 28 px beside facts at 36, its few words fitting at 36."""
        for strict in strict_passes(rows):
            for room in (height - move_row, height):
                for px in self.legend_sizes(most):
                    named = self._named_form(rows, room, px, strict)
                    if named is not None:
                        return named[0], px, named[1]
        kept, px = self._legend_fit(rows, height - move_row, most)
        if not kept:
            kept, px = self._legend_fit(rows[:1], height, most)
        return kept, px, {row.sample for row in kept if row.sample}

    @contextmanager
    def _in(self, area: pygame.Rect) -> Iterator[None]:
        """Lay the legend out in ``area`` for a moment instead of the panel's column."""
        column, self.rect = self.rect, pygame.Rect(area)
        try:
            yield
        finally:
            self.rect = column

    def fits_first_row(self, area: pygame.Rect, rows: list[LegendRow]) -> bool:
        """True when the legend's first row fits ``area`` whole (at one of its sizes)."""
        if not rows or area.height <= 0:
            return False
        with self._in(area):
            return bool(self._legend_fit(rows[:1], area.height)[0])
