"""The line chart, and what keeps it cheap while a run adds games.

A line chart redrawn while a run adds games must not cost more as the games pile up (the lab
keeps six runs of up to 100,000 games): each line's values are summarised incrementally, only
the values added since the last drawing are read (:class:`_LineSummary`), and a line is drawn
with at most two points per pixel column of the plot.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from game.ui import text
from game.ui.chart_parts import (
    LegendItem,
    _legend,
    _legend_groups_whole,
    _legend_on_title_line,
    _legend_width,
    _rotated_label,
    _title,
    format_number,
    nice_ticks,
)
from game.ui.theme import Colour, Theme, blend


@dataclass(frozen=True)
class Series:
    """One line of a line chart: ``values[i]`` is the y of x = i + 1 (games are counted from 1),
    or of x = ``xs[i]`` when the line is sampled at given x values (in increasing order).

    ``faded`` draws it thinner and dimmer (an earlier run overlaid for comparison); ``show_last``
    prints its latest value at the end of the line; ``dashed`` tells two lines of one colour
    apart.
    """

    label: str
    values: Sequence[float]
    colour: Colour
    faded: bool = False
    show_last: bool = True
    xs: Sequence[float] | None = None
    dashed: bool = False


def _downsample(values: Sequence[float], buckets: int) -> list[tuple[int, float]]:
    """At most about ``2 * buckets`` (index, value) points keeping each bucket's min and max, so
    a 100,000-game line keeps its shape on a 600-pixel chart (numpy does the buckets: a chart
    redrawn while training must stay cheap)."""
    n = len(values)
    if n <= buckets * 2:
        return list(enumerate(values))
    data = np.asarray(values, dtype=float)
    starts = np.linspace(0, n, buckets + 1).astype(int)[:-1]
    ends = np.append(starts[1:], n) - 1
    lows = np.minimum.reduceat(data, starts)
    highs = np.maximum.reduceat(data, starts)
    # Within a bucket the smaller value goes first when the line rises, the larger when it
    # falls, so that a monotone line (cumulative wins) stays monotone.
    rising = data[ends] >= data[starts]
    out: list[tuple[int, float]] = []
    for s, e, lo, hi, up in zip(starts.tolist(), ends.tolist(), lows.tolist(), highs.tolist(),
                                rising.tolist(), strict=True):
        if up:
            out += [(s, lo), (e, hi)]
        else:
            out += [(s, hi), (e, lo)]
    out[-1] = (n - 1, float(values[-1]))
    return out


#: Lines summarised, most recently drawn last (a summary holds its list, so the bound keeps the
#: memory small once a screen drops its data).
_SUMMARIES: OrderedDict[int, _LineSummary] = OrderedDict()
MAX_SUMMARIES = 48


class _Columns:
    """One line's values grouped by pixel column of a plot ``width`` pixels wide spanning x
    from ``x_lo`` to ``x_hi`` (value i is at x = i + 1): per column, in column order, the first
    and last index and value and the min and max, extended as values are added."""

    def __init__(self, width: int, x_lo: float, x_hi: float) -> None:
        self.width = width
        self.x_lo = x_lo
        self.span = max(x_hi - x_lo, 1e-9)
        self.done = 0
        self.cols: list[int] = []
        self.first: list[tuple[int, float]] = []
        self.last: list[tuple[int, float]] = []
        self.low: list[float] = []
        self.high: list[float] = []
        self._rows = np.empty((0, 2))
        self._kept = 0

    def extend(self, values: Sequence[float]) -> None:
        """Take in the values from index ``done`` to the end (numpy groups them by column)."""
        n = len(values)
        if n <= self.done:
            return
        chunk = np.asarray(values[self.done:n], dtype=float)
        index = np.arange(self.done, n)
        cols = np.clip(((index + 1 - self.x_lo) / self.span * (self.width - 1)).astype(int),
                       0, self.width - 1)
        starts = np.concatenate(([0], np.flatnonzero(np.diff(cols)) + 1))
        ends = np.append(starts[1:], len(chunk)) - 1
        lows = np.minimum.reduceat(chunk, starts).tolist()
        highs = np.maximum.reduceat(chunk, starts).tolist()
        for k, (a, b) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
            col = int(cols[a])
            first = (self.done + a, float(chunk[a]))
            last = (self.done + b, float(chunk[b]))
            if self.cols and self.cols[-1] == col:  # the column drawn last goes on
                self.last[-1] = last
                self.low[-1] = min(self.low[-1], lows[k])
                self.high[-1] = max(self.high[-1], highs[k])
            else:
                self.cols.append(col)
                self.first.append(first)
                self.last.append(last)
                self.low.append(lows[k])
                self.high.append(highs[k])
        self.done = n

    def _column_points(self, k: int) -> list[tuple[float, float]]:
        """Column ``k``'s points: its min and max, the smaller first where the line rises (so
        a monotone line stays monotone); one point for a column of one value."""
        (i0, v0), (i1, v1), lo, hi = self.first[k], self.last[k], self.low[k], self.high[k]
        if i0 == i1:
            return [(i0, v0)]
        if v1 >= v0:
            return [(i0, lo), (i1, hi)]
        return [(i0, hi), (i1, lo)]

    def points(self) -> np.ndarray:
        """(index, value) rows, at most two per column, ending with the true last value. The
        rows of the columns before the last are kept: they no longer change."""
        finished = len(self.cols) - 1
        if finished > self._kept:
            rows = [p for k in range(self._kept, finished) for p in self._column_points(k)]
            self._rows = np.concatenate((self._rows, np.asarray(rows, dtype=float)))
            self._kept = finished
        if not self.cols:
            return self._rows
        tail = self._column_points(finished)
        tail[-1] = self.last[-1]
        return np.concatenate((self._rows, np.asarray(tail, dtype=float)))


class _LineSummary:
    """What drawing one growing line needs, kept up to date by reading only new values: its
    length, lowest and highest value, and its values by pixel column (:class:`_Columns`).

    A line is expected to grow by appending; anything else (shorter, or an old value changed)
    is noticed through the last value read and the summary starts again.
    """

    def __init__(self, values: Sequence[float]) -> None:
        self.values = values
        self.seen = 0
        self.low = math.inf
        self.high = -math.inf
        self.last = 0.0
        self.columns: dict[tuple[int, float, float], _Columns] = {}

    def sync(self) -> None:
        """Read the values added since the last call."""
        values = self.values
        n = len(values)
        if n < self.seen or (self.seen and values[self.seen - 1] != self.last):
            self.__init__(values)  # type: ignore[misc]  # rewritten, not appended: start again
        if n > self.seen:
            chunk = np.asarray(values[self.seen:n], dtype=float)
            self.low = min(self.low, float(chunk.min()))
            self.high = max(self.high, float(chunk.max()))
            self.last = values[n - 1]
            self.seen = n

    def by_column(self, width: int, x_lo: float, x_hi: float) -> np.ndarray:
        """The line's points for a plot ``width`` pixels wide over x from ``x_lo`` to ``x_hi``.

        The columns are those of a width rounded up to a power of two, so that the small
        changes of the plot's width as its labels grow ("999" to "1k") keep the summary.
        """
        width = 1 << max(6, (width - 1).bit_length())
        key = (width, x_lo, x_hi)
        columns = self.columns.get(key)
        if columns is None:
            # A new size or x range: start over (the previous ones are dropped).
            self.columns = {key: _Columns(width, x_lo, x_hi)}
            columns = self.columns[key]
        columns.extend(self.values)
        return columns.points()


def _summary(values: Sequence[float]) -> _LineSummary:
    """The up-to-date summary of ``values`` (made on first use)."""
    summary = _SUMMARIES.get(id(values))
    if summary is None or summary.values is not values:
        summary = _LineSummary(values)
        _SUMMARIES[id(values)] = summary
        while len(_SUMMARIES) > MAX_SUMMARIES:
            _SUMMARIES.popitem(last=False)
    _SUMMARIES.move_to_end(id(values))
    summary.sync()
    return summary


def _extent(values: Sequence[float]) -> tuple[float, float]:
    """The lowest and highest of ``values`` (not empty), without reading them all each time."""
    if len(values) <= 256:
        return float(min(values)), float(max(values))
    summary = _summary(values)
    return summary.low, summary.high


def _line_points(series: Series, width: int, x_lo: float, x_hi: float) -> np.ndarray:
    """(index, value) rows of ``series`` to draw on a plot ``width`` pixels wide: all of them
    for a short line, else at most two per pixel column (see :class:`_Columns`)."""
    values = series.values
    if series.xs is not None:
        return np.asarray(_downsample(values, max(50, width)), dtype=float)
    if len(values) <= max(50, width) * 2:
        return np.column_stack((np.arange(len(values), dtype=float),
                                np.asarray(values, dtype=float)))
    return _summary(values).by_column(max(2, width), x_lo, x_hi)


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series],
               theme: Theme, px: int, *, title: str = "", x_label: str = "",
               y_label: str = "", y_range: tuple[float, float] | None = None,
               percent: bool = False, x_max: int | None = None,
               empty_text: str = "", small_px: int | None = None,
               legend_by_x_label: bool = False, least_px: int | None = None) -> pygame.Rect:
    """A line chart of ``series`` in ``rect``; returns the plot area (inside the axes).

    The x axis runs from 1 to the longest series (or ``x_max``); the y axis over ``y_range`` or
    the data (from 0). ``percent`` shows y values in [0, 1] as percentages. ``empty_text`` is
    shown in the middle while there is no data. ``small_px``: the size of the legend, ticks and
    axis labels (85% of ``px`` if None). ``legend_by_x_label``: a legend that does not fit the
    title's line goes on the x label's line where both fit, not on a line of its own (a short
    chart keeps its curves: see :func:`least_line_chart_height`). ``least_px``: the least size
    the legend shrinks to (else 12 px), and the size the y axis's caption may shrink to where
    the plot is not as high as it is long (else it is left out: "victoires" was, beside a
    210-px plot at 1920x1080 with 200% text, QA13 18).
    """
    small = small_px if small_px is not None else max(8, int(px * 0.85))
    title_top = rect.top
    top = _title(surface, rect, title, px, theme)
    legend_px = small
    items = [(s.label, s.colour, s.dashed) for s in series if s.label]
    x_label_left = False
    least = min(small, least_px or 0)
    if items and title and _legend_on_title_line(surface, items, rect, title, px, small,
                                                 title_top, top, theme, max(12, least)):
        # The legend shares the title's line: the plot keeps all the height below it.
        items = []
    elif items and x_label and legend_by_x_label and _legend_on_x_label_line(
            surface, items, rect, x_label, small, theme):
        items = []
        x_label_left = True
    # Otherwise the legend may take at most 30% of the height: beyond that, the faded
    # (earlier) series get short labels in a smaller size, and if even that is too tall they
    # leave the legend.
    limit = top + int((rect.bottom - top) * 0.3)
    if items and not legend_by_x_label and (
            _legend(None, items, rect.left, top, rect.width, legend_px, theme) > limit
            or (least_px and not _legend_groups_whole(items, rect.width, legend_px))):
        # Whole at the largest size where they fit, down to the least size given (else 80%):
        # an earlier run's "1 : Élimination contre H…" was cut at 1280x720 with room for it
        # on a second row (QA S12 7), and "2 : Élimination contr…" at 1280x800 where a size
        # 5 px smaller kept it whole. Else shortened.
        # The rows of runs of one set-up ("1," "2: Elimination vs Random") kept whole first
        # ("1," alone on a row read as a run of its own).
        items = [(s.label, s.colour, s.dashed) for s in series if s.label]
        sizes = range(small, max(8, least) - 1, -1) if least_px else ()
        legend_px = next(itertools.chain(
            (size for size in sizes if _legend_groups_whole(items, rect.width, size)
             and _legend(None, items, rect.left, top, rect.width, size, theme) <= limit),
            (size for size in sizes
             if _legend(None, items, rect.left, top, rect.width, size, theme) <= limit),
            [max(8, least) if least_px else max(8, int(small * 0.8))]))
        if _legend(None, items, rect.left, top, rect.width, legend_px, theme) > limit:
            items = [(text.ellipsize(s.label, rect.width // 3, legend_px) if s.faded
                      else s.label, s.colour, s.dashed) for s in series if s.label]
        if _legend(None, items, rect.left, top, rect.width, legend_px, theme) > limit:
            items = [(s.label, s.colour, s.dashed) for s in series if s.label and not s.faded]
    if items:
        top = _legend(surface, items, rect.left, top, rect.width, legend_px, theme)
    longest = max((len(s.values) for s in series), default=0)
    # The x axis: from game 1 to the longest series (or x_max), or over the given x values.
    sampled = [s for s in series if s.xs is not None and len(s.xs)]
    x_lo = min((float(s.xs[0]) for s in sampled if s.xs is not None), default=1.0)
    plain = max((len(s.values) for s in series if s.xs is None), default=0)
    x_hi = max(x_max or 0, plain, 1, *(s.xs[-1] for s in sampled if s.xs is not None))
    if any(s.xs is None and len(s.values) for s in series):
        x_lo = min(x_lo, 1.0)
    if y_range is not None:
        y_lo, y_hi = y_range
    else:
        extents = [_extent(s.values) for s in series if len(s.values)]
        y_hi = max((hi for _lo, hi in extents), default=0.0)
        y_lo = min(0.0, min((lo for lo, _hi in extents), default=0.0))
        if y_hi <= y_lo:
            y_hi = y_lo + (10.0 if not percent else 1.0)
    # As many y ticks as the height allows without their labels touching.
    approx_h = rect.bottom - top - small * 3 - (int(small * 1.4) if x_label else 0)
    y_ticks = nice_ticks(y_lo, y_hi, max(2, min(5, int(approx_h // (small * 1.8)))))
    if y_range is None:
        y_hi = max(y_hi, y_ticks[-1])
    tick_w = max(text.size(format_number(t, percent), small)[0] for t in y_ticks)
    left_margin = tick_w + small // 2 + (int(small * 1.4) if y_label else 0)
    # Room on the right for the latest values printed at the end of the lines.
    last_w = max((text.size(format_number(s.values[-1], percent), small, True)[0]
                  for s in series if s.show_last and len(s.values)), default=0)
    right_margin = last_w + small if last_w else small // 2
    # The last x tick's label is centred on the right edge: leave room for its half.
    right_margin = max(right_margin, text.size(format_number(x_hi), small)[0] // 2 + 2)
    bottom_margin = int(small * 1.5) + (int(small * (1.45 if x_label_left else 1.4))
                                        if x_label else 0)
    # The latest values are printed level with the line ends: a top margin of most of a line
    # keeps the highest one clear of the legend above.
    top_margin = int(small * 0.8) if last_w else small // 2
    plot = pygame.Rect(rect.left + left_margin, top + top_margin,
                       rect.width - left_margin - right_margin,
                       rect.bottom - top - top_margin - bottom_margin)
    if plot.width < 20 or plot.height < 20:
        return plot
    line_w = max(1, round(px / 9))
    grid = blend(theme.panel, theme.text_muted, 0.25)

    def ypos(v: float) -> float:
        return plot.bottom - (v - y_lo) / (y_hi - y_lo) * plot.height

    def xpos(x: float) -> float:
        # Game x of x_lo..x_hi; one game sits at the left edge.
        return plot.left + ((x - x_lo) / (x_hi - x_lo)) * plot.width if x_hi > x_lo else plot.left

    # No gridline runs through the empty chart's words ("Press Train" was struck through).
    gridlines = longest > 0 or not empty_text
    label_h = text.font(small).get_linesize()
    last_label_y = math.inf
    for t in y_ticks:
        y = round(ypos(t))
        if plot.top - 1 <= y <= plot.bottom + 1:
            if gridlines:
                pygame.draw.line(surface, grid, (plot.left, y), (plot.right, y), 1)
            # A label too close to the one below it is left out (on a short plot "100 %",
            # "50 %" and "0 %" were drawn over each other).
            if last_label_y - y >= label_h:
                text.blit_text(surface, format_number(t, percent), small, theme.text_muted,
                               (plot.left - small // 3, y), "midright")
                last_label_y = y
    x_ticks = [t for t in nice_ticks(x_lo, x_hi, max(2, min(6, plot.width // (small * 6))))
               if x_lo <= t <= x_hi and float(t).is_integer()]
    last_label_x = -math.inf
    for t in x_ticks:
        x = round(xpos(t))
        if gridlines:
            pygame.draw.line(surface, grid, (x, plot.top), (x, plot.bottom), 1)
        tick_text = format_number(t)
        half_w = text.size(tick_text, small)[0] // 2
        if x - half_w >= last_label_x + small // 2:
            text.blit_text(surface, tick_text, small, theme.text_muted,
                           (x, plot.bottom + small // 4), "midtop")
            last_label_x = x + half_w
    pygame.draw.line(surface, theme.text_muted, plot.bottomleft, plot.bottomright, line_w)
    pygame.draw.line(surface, theme.text_muted, plot.bottomleft, plot.topleft, line_w)
    if x_label:
        # Under the plot, or under the whole chart when the plot is narrower than the label
        # (the tournament duel's narrow chart at 200% text cut "parties jou…").
        wide = text.size(x_label, small)[0] > plot.width
        if x_label_left:  # the legend has the right of its line
            text.blit_text(surface, x_label, small, theme.text_muted,
                           (rect.left, rect.bottom), "bottomleft", max_width=rect.width)
        else:
            text.blit_text(surface, x_label, small, theme.text_muted,
                           (rect.centerx if wide else plot.centerx, rect.bottom), "midbottom",
                           max_width=rect.width)
    y_px = text.fit_px(y_label, plot.height, small, False, least or small)
    if y_label and text.size(y_label, y_px)[0] <= plot.height:
        label = _rotated_label(y_label, y_px, theme.text_muted)
        surface.blit(label, label.get_rect(midleft=(rect.left, plot.centery)))
    if longest == 0:
        if empty_text:
            # On two lines rather than cut ("Press Train to s..." in the lab's half-width
            # charts at the largest text size).
            text.blit_fit(surface, empty_text, plot.inflate(-px, -px), px, theme.text_muted)
        return plot
    clip = surface.get_clip()
    surface.set_clip(plot.inflate(line_w * 4, line_w * 4).clip(clip) if clip else plot)
    labels: list[tuple[float, str, Colour]] = []
    for s in sorted(series, key=lambda s: not s.faded):
        if not len(s.values):
            continue
        colour = blend(s.colour, theme.panel, 0.45) if s.faded else s.colour
        width = max(1, line_w) if s.faded else max(2, line_w * 2)
        pairs = _line_points(s, plot.width, x_lo, x_hi)
        x_of = (np.asarray(s.xs, dtype=float)[pairs[:, 0].astype(int)] if s.xs is not None
                else pairs[:, 0] + 1)
        # xpos and ypos on whole arrays (thousands of points per redraw).
        px_x = (plot.left + (x_of - x_lo) / (x_hi - x_lo) * plot.width if x_hi > x_lo
                else np.full(len(x_of), float(plot.left)))
        px_y = plot.bottom - (pairs[:, 1] - y_lo) / (y_hi - y_lo) * plot.height
        points = list(zip(px_x.tolist(), px_y.tolist(), strict=True))
        if len(points) == 1:
            pygame.draw.circle(surface, colour, (round(points[0][0]), round(points[0][1])),
                               width + 1)
        elif s.dashed:
            _dashed_lines(surface, colour, points, width, dash=small * 0.7)
        else:
            pygame.draw.lines(surface, colour, False, points, width)
        end = points[-1]
        pygame.draw.circle(surface, colour, (round(end[0]), round(end[1])), width + 2)
        if s.show_last:
            labels.append((end[1], format_number(s.values[-1], percent), colour))
    surface.set_clip(clip)
    # Latest values right of the plot, nudged apart so that none overlaps another.
    labels.sort()
    placed: list[float] = []
    step = small * 1.1
    for y_end, _t, _c in labels:
        placed.append(max(y_end, placed[-1] + step) if placed else y_end)
    # Labels pushed below the plot move back up, each only as far as the one below it needs
    # (moving them all together pushed the top one into the legend).
    if placed:
        placed[-1] = min(placed[-1], plot.bottom - small * 0.3)
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - step)
    for y_at, (_y, value_text, value_colour) in zip(placed, labels, strict=True):
        text.blit_text(surface, value_text, small, value_colour,
                       (plot.right + small // 3, round(y_at)), "midleft", bold=True)
    return plot


def _legend_on_x_label_line(surface: pygame.Surface, items: Sequence[LegendItem],
                            rect: pygame.Rect, x_label: str, px: int, theme: Theme) -> bool:
    """Draw the legend right-aligned on the x label's line (the chart's last) if both fit
    there at ``px``; True if drawn."""
    width = _legend_width(items, px)
    if text.size(x_label, px)[0] + px * 2 + width > rect.width:
        return False
    line_h = int(px * 1.45)
    _legend(surface, items, rect.right - width, rect.bottom - line_h, width + px, px, theme)
    return True


def least_line_chart_height(px: int, small: int, width: int, labels: Sequence[str],
                            x_label: str, theme: Theme, plot_lines: float = 2.6) -> int:
    """The height a :func:`line_chart` ``width`` wide, its title at ``px``, its words at
    ``small``, ``x_label`` under it and the legend of ``labels`` by it (``legend_by_x_label``)
    needs for a plot ``plot_lines`` lines of ``small`` high."""
    title_h = text.font(px, True).get_linesize() + px // 3
    items = [(label, (0, 0, 0), False) for label in labels]
    beside = text.size(x_label, small)[0] + small * 2 + _legend_width(items, small) <= width
    legend_h = 0 if beside or not items else _legend(None, items, 0, 0, width, small, theme)
    return (title_h + legend_h + small // 2 + int(small * plot_lines) + int(small * 1.5)
            + int(small * 1.45))


def _dashed_lines(surface: pygame.Surface, colour: Colour,
                  points: Sequence[tuple[float, float]], width: int, dash: float) -> None:
    """A dashed polyline: ``dash`` pixels drawn, then about two thirds of that skipped, the
    pattern running on across the vertices."""
    gap = dash * 0.65
    drawn, pen = 0.0, True  # length done of the current dash or gap, and which one it is
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        at = 0.0
        while at < length:
            end = min(length, at + (dash if pen else gap) - drawn)
            if pen:
                t0, t1 = at / length, end / length
                pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
            drawn += end - at
            at = end
            if drawn >= (dash if pen else gap) - 1e-9:
                drawn, pen = 0.0, not pen
