"""Charts drawn with pygame into any rectangle: lines, stacked bars, a heat map, a cross-table.

Each function draws inside the rectangle it is given, with sizes in proportion to it and text at
the pixel size ``px`` the caller chose from the window (so a chart is as readable on a projector
as in a PNG export). Every chart has what a class needs to read it from the back of the room:
axes with round-number ticks, axis labels, a legend, and the latest value printed at the end of
each line. Nothing here knows about games or AIs: the screens pass numbers and labels.
:func:`save_png` draws a chart off screen in the light print theme and saves it (the experiments
script's figures).

A line chart redrawn while a run adds games must not cost more as the games pile up (the lab
keeps six runs of up to 100,000 games): each line's values are summarised incrementally, only
the values added since the last drawing are read (:class:`_LineSummary`), and a line is drawn
with at most two points per pixel column of the plot.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from game.ui import text
from game.ui.export import save_png_checked
from game.ui.i18n import decimal
from game.ui.printing import render
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


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values (1, 2, 2.5 or 5 times a power of ten) covering
    ``[low, high]``."""
    if not math.isfinite(low) or not math.isfinite(high):
        return [0.0]
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = power
    for mult in (1, 2, 2.5, 5, 10):
        step = mult * power
        if step >= raw:
            break
    # Ticks are whole multiples of the step, rounded to the step's own precision, so that
    # 0.1 + 0.2 never shows as 0.30000000000000004.
    digits = max(0, 2 - math.floor(math.log10(step)))
    k = math.floor(low / step + 1e-9)
    ticks: list[float] = []
    while k * step <= high + step * 1e-6:
        value = round(k * step, digits)
        if value >= low - step * 1e-6:
            ticks.append(value)
        k += 1
    return ticks


def format_number(value: float, percent: bool = False) -> str:
    """A short label: ``12``, ``1.5k``, ``2.5M``, ``0.25``, or ``75%`` when ``percent``; with
    the language's decimal mark ("7,5" in French: the lab's axis read "7.5")."""
    return decimal(_short_number(value, percent))


def _short_number(value: float, percent: bool) -> str:
    if percent:
        return f"{value * 100:.0f}%"
    magnitude = abs(value)
    if magnitude >= 1_000_000:
        return f"{value / 1_000_000:.3g}M"
    if magnitude >= 10_000:
        return f"{value / 1000:.3g}k"
    if float(value).is_integer():
        return f"{int(value)}"
    if magnitude >= 10:
        return f"{value:.0f}"
    return f"{value:.2g}" if magnitude < 1 else f"{value:.1f}"


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


_rotated: dict[tuple[str, int, Colour], pygame.Surface] = {}


def _rotated_label(label: str, px: int, colour: Colour) -> pygame.Surface:
    """``label`` rendered and turned a quarter left (cached: rotating costs milliseconds)."""
    key = (label, px, colour)
    surface = _rotated.get(key)
    if surface is None:
        if len(_rotated) > 64:
            _rotated.clear()
        surface = pygame.transform.rotate(text.render(label, px, colour), 90)
        _rotated[key] = surface
    return surface


def _title(surface: pygame.Surface, rect: pygame.Rect, title: str, px: int,
           theme: Theme) -> int:
    """Draw a chart title at the top left of ``rect``; return the y below it."""
    if not title:
        return rect.top
    # Shrinks to 80% before it is cut (a French title at the largest text size).
    drawn = text.blit_text(surface, title, px, theme.text, (rect.left, rect.top), bold=True,
                           max_width=rect.width, min_px=max(text.MIN_PX, int(px * 0.8)))
    return drawn.bottom + px // 3


#: A legend entry: its label, its colour, and whether its line is dashed.
LegendItem = tuple[str, Colour, bool]


def _legend(surface: pygame.Surface | None, items: Sequence[LegendItem], left: int,
            top: int, width: int, px: int, theme: Theme) -> int:
    """Colour swatches and labels in rows from (left, top) within ``width``; return the y below.

    With ``surface`` None nothing is drawn: the returned y measures the legend's height.
    """
    x, y = left, top
    line_h = int(px * 1.45)
    sw = int(px * 1.2)
    for label, colour, dashed in items:
        label_w = text.size(label, px)[0]
        need = sw + px // 3 + label_w + px
        if x > left and x + need > left + width:
            x = left
            y += line_h
        swatch = pygame.Rect(x, y + line_h // 2 - max(2, px // 5), sw, max(4, px // 2.5))
        if surface is not None:
            if dashed:
                dash = pygame.Rect(swatch.left, swatch.top, swatch.width * 2 // 5, swatch.height)
                pygame.draw.rect(surface, colour, dash, border_radius=2)
                dash.right = swatch.right
                pygame.draw.rect(surface, colour, dash, border_radius=2)
            else:
                pygame.draw.rect(surface, colour, swatch, border_radius=2)
            text.blit_text(surface, label, px, theme.text,
                           (swatch.right + px // 3, y + line_h // 2), "midleft",
                           max_width=max(10, left + width - swatch.right - px // 3))
        x += need
    return y + line_h


def _legend_width(items: Sequence[LegendItem], px: int) -> int:
    """The width of ``items`` laid out on one row by :func:`_legend`."""
    sw = int(px * 1.2)
    return sum(sw + px // 3 + text.size(label, px)[0] + px for label, _c, _d in items) - px


def _legend_on_title_line(surface: pygame.Surface, items: Sequence[LegendItem],
                          rect: pygame.Rect, title: str, px: int, small: int, title_top: int,
                          title_bottom: int, theme: Theme) -> bool:
    """Draw the legend right-aligned on the title's line if it fits there; True if drawn.

    A compact legend leaves the whole height below the title to the curves (a chart seen
    from the back of a classroom). It tries the legend's size, then a slightly smaller one.
    """
    room = rect.width - text.size(title, px, True)[0] - px
    # A smaller size only while it stays readable (12 px).
    for legend_px in (small, max(12, int(small * 0.85))):
        width = _legend_width(items, legend_px)
        if width <= room:
            line_h = int(legend_px * 1.45)
            y = title_top + max(0, (title_bottom - title_top - line_h) // 2)
            _legend(surface, items, rect.right - width, y, width + legend_px, legend_px, theme)
            return True
    return False


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series],
               theme: Theme, px: int, *, title: str = "", x_label: str = "",
               y_label: str = "", y_range: tuple[float, float] | None = None,
               percent: bool = False, x_max: int | None = None,
               empty_text: str = "") -> pygame.Rect:
    """A line chart of ``series`` in ``rect``; returns the plot area (inside the axes).

    The x axis runs from 1 to the longest series (or ``x_max``); the y axis over ``y_range`` or
    the data (from 0). ``percent`` shows y values in [0, 1] as percentages. ``empty_text`` is
    shown in the middle while there is no data.
    """
    small = max(8, int(px * 0.85))
    title_top = rect.top
    top = _title(surface, rect, title, px, theme)
    legend_px = small
    items = [(s.label, s.colour, s.dashed) for s in series if s.label]
    if items and title and _legend_on_title_line(surface, items, rect, title, px, small,
                                                 title_top, top, theme):
        # The legend shares the title's line: the plot keeps all the height below it.
        items = []
    # Otherwise the legend may take at most 30% of the height: beyond that, the faded
    # (earlier) series get short labels in a smaller size, and if even that is too tall they
    # leave the legend.
    limit = top + int((rect.bottom - top) * 0.3)
    if items and _legend(None, items, rect.left, top, rect.width, legend_px, theme) > limit:
        legend_px = max(8, int(small * 0.8))
        items = [(text.ellipsize(s.label, rect.width // 3, legend_px) if s.faded else s.label,
                  s.colour, s.dashed) for s in series if s.label]
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
    bottom_margin = int(small * 1.5) + (int(small * 1.4) if x_label else 0)
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

    for t in y_ticks:
        y = round(ypos(t))
        if plot.top - 1 <= y <= plot.bottom + 1:
            pygame.draw.line(surface, grid, (plot.left, y), (plot.right, y), 1)
            text.blit_text(surface, format_number(t, percent), small, theme.text_muted,
                           (plot.left - small // 3, y), "midright")
    x_ticks = [t for t in nice_ticks(x_lo, x_hi, max(2, min(6, plot.width // (small * 6))))
               if x_lo <= t <= x_hi and float(t).is_integer()]
    for t in x_ticks:
        x = round(xpos(t))
        pygame.draw.line(surface, grid, (x, plot.top), (x, plot.bottom), 1)
        text.blit_text(surface, format_number(t), small, theme.text_muted,
                       (x, plot.bottom + small // 4), "midtop")
    pygame.draw.line(surface, theme.text_muted, plot.bottomleft, plot.bottomright, line_w)
    pygame.draw.line(surface, theme.text_muted, plot.bottomleft, plot.topleft, line_w)
    if x_label:
        text.blit_text(surface, x_label, small, theme.text_muted,
                       (plot.centerx, rect.bottom), "midbottom", max_width=plot.width)
    if y_label and text.size(y_label, small)[0] <= plot.height:
        label = _rotated_label(y_label, small, theme.text_muted)
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


@dataclass(frozen=True)
class Segment:
    """One part of a stacked bar: its label, count and colour."""

    label: str
    value: float
    colour: Colour


def stacked_bar(surface: pygame.Surface, rect: pygame.Rect, segments: Sequence[Segment],
                theme: Theme, px: int, *, title: str = "",
                intervals: Sequence[tuple[float, float] | None] = (),
                interval_label: str = "") -> int:
    """A horizontal bar split into ``segments`` in proportion to their values.

    Each part shows its count and percentage inside it when it fits, and the legend below says
    which colour is which (with the same numbers). ``intervals`` optionally gives, per segment,
    a (low, high) share drawn as a whisker over the bar, explained by ``interval_label`` in
    the legend. Returns the y below the legend (the bar takes no more height than it needs).
    """
    small = max(8, int(px * 0.85))
    top = _title(surface, rect, title, px, theme)
    total = sum(max(0.0, s.value) for s in segments)
    items = []
    for seg in segments:
        pct = seg.value / total * 100 if total else 0.0
        items.append((f"{seg.label}: {format_number(seg.value)} ({pct:.1f}%)", seg.colour,
                      False))
    if interval_label and any(i is not None for i in intervals):
        items.append((interval_label, theme.text, False))
    # The bar takes what the legend leaves, within sensible bounds.
    legend_h = _legend(None, items, rect.left, 0, rect.width, small, theme)
    room = rect.bottom - top - small - legend_h
    bar_h = max(int(px * 1.2), min(int(px * 2.4), room))
    bar = pygame.Rect(rect.left, top + small // 2, rect.width, bar_h)
    pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), bar,
                     border_radius=max(2, bar_h // 6))
    x = float(bar.left)
    for seg in segments:
        if total <= 0 or seg.value <= 0:
            continue
        w = seg.value / total * bar.width
        part = pygame.Rect(round(x), bar.top, max(1, round(x + w) - round(x)), bar.height)
        pygame.draw.rect(surface, seg.colour, part)
        share = f"{seg.value / total * 100:.0f}%"
        fg = _ink(seg.colour)
        if text.size(share, px, True)[0] < part.width - px // 2:
            text.blit_text(surface, share, px, fg, part.center, "center", bold=True)
        x += w
    pygame.draw.rect(surface, theme.panel_border, bar, 2, border_radius=max(2, bar_h // 6))
    # Confidence whiskers: a thin dark line with end caps over the bar.
    for seg_interval in intervals:
        if seg_interval is None or total <= 0:
            continue
        lo, hi = seg_interval
        x0, x1 = bar.left + lo * bar.width, bar.left + hi * bar.width
        y = bar.top - max(3, small // 3)
        pygame.draw.line(surface, theme.text, (x0, y), (x1, y), max(2, small // 8))
        for xx in (x0, x1):
            pygame.draw.line(surface, theme.text, (xx, y - small // 3), (xx, y + small // 3),
                             max(2, small // 8))
    return _legend(surface, items, rect.left, bar.bottom + small // 2, rect.width, small, theme)


@dataclass(frozen=True)
class Part:
    """One part of every column of a stacked column chart: its label, its share of each
    column (in %, one per column) and its colour."""

    label: str
    shares: Sequence[float]
    colour: Colour


def stacked_columns(surface: pygame.Surface, rect: pygame.Rect, columns: Sequence[str],
                    parts: Sequence[Part], theme: Theme, px: int, *, title: str = "",
                    y_label: str = "") -> pygame.Rect:
    """One column per name of ``columns``, split into ``parts`` from the bottom up, on a 0 to
    100% axis; each share that fits is written inside its part, and the legend says which
    colour is which. Returns the plot area (inside the axes)."""
    small = max(8, int(px * 0.85))
    top = _title(surface, rect, title, px, theme)
    items = [(part.label, part.colour, False) for part in parts]
    if items:
        top = _legend(surface, items, rect.left, top, rect.width, small, theme)
    tick_w = text.size(format_number(1.0, True), small)[0]
    left_margin = tick_w + small // 2 + (int(small * 1.4) if y_label else 0)
    plot = pygame.Rect(rect.left + left_margin, top + small,
                       rect.width - left_margin - small // 2,
                       rect.bottom - top - small - int(small * 1.6))
    if plot.width < 20 or plot.height < 20 or not columns:
        return plot
    grid = blend(theme.panel, theme.text_muted, 0.25)
    for t in nice_ticks(0.0, 1.0, max(2, min(5, plot.height // (small * 2)))):
        y = round(plot.bottom - t * plot.height)
        pygame.draw.line(surface, grid, (plot.left, y), (plot.right, y), 1)
        text.blit_text(surface, format_number(t, True), small, theme.text_muted,
                       (plot.left - small // 3, y), "midright")
    if y_label and text.size(y_label, small)[0] <= plot.height:
        rotated = pygame.transform.rotate(text.render(y_label, small, theme.text_muted), 90)
        surface.blit(rotated, rotated.get_rect(midleft=(rect.left, plot.centery)))
    slot = plot.width / len(columns)
    bar_w = max(1, round(slot * 0.62))
    for i, name in enumerate(columns):
        left = round(plot.left + i * slot + (slot - bar_w) / 2)
        bottom = float(plot.bottom)
        for part in parts:
            share = part.shares[i] if i < len(part.shares) else 0.0
            height = max(0.0, share) / 100 * plot.height
            box = pygame.Rect(left, round(bottom - height), bar_w,
                              round(bottom) - round(bottom - height))
            if box.height > 0:
                pygame.draw.rect(surface, part.colour, box)
                label = f"{share:.0f}"
                if (text.size(label, small, True)[0] < box.width - 2
                        and box.height >= small * 1.1):
                    text.blit_text(surface, label, small, _ink(part.colour), box.center,
                                   "center", bold=True)
            bottom -= height
        text.blit_text(surface, name, small, theme.text_muted,
                       (left + bar_w // 2, plot.bottom + small // 3), "midtop",
                       max_width=max(8, int(slot) - 2))
    line_w = max(1, round(px / 9))
    pygame.draw.line(surface, theme.text_muted, plot.bottomleft, plot.bottomright, line_w)
    pygame.draw.line(surface, theme.text_muted, plot.bottomleft, plot.topleft, line_w)
    return plot


def save_png(path: Path, size: tuple[int, int],
             draw: Callable[[pygame.Surface, pygame.Rect, Theme], object]) -> Path:
    """Draw a chart off screen and save it as a PNG file at ``path``; return the path.

    ``draw(surface, rect, theme)`` is one of this module's charts with its data, drawn in the
    theme it is given: the light print theme (:data:`game.ui.printing.PRINT`, dark ink on
    white), as every exported picture is. ``rect`` is the picture inside a margin. The file is
    written atomically and read back (:func:`game.ui.export.save_png_checked`). Needs no window
    (only ``pygame.font``, which :mod:`game.ui.text` starts).
    """
    picture = render(size, max(8, min(size) // 30), draw)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png_checked(picture, path)
    return path


def _ink(colour: Colour) -> Colour:
    """Black or white text, whichever reads better on ``colour``."""
    luminance = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (20, 20, 24) if luminance > 140 else (250, 250, 250)


def diverging(theme: Theme, value: float, limit: float) -> Colour:
    """A colour for ``value`` on a scale from -limit (bad, red) through 0 (neutral) to +limit
    (good, green)."""
    if limit <= 0:
        return theme.panel
    t = max(-1.0, min(1.0, value / limit))
    neutral = blend(theme.panel, theme.text_muted, 0.3)
    return blend(neutral, theme.score_good if t > 0 else theme.score_bad, abs(t))


def sequential(theme: Theme, value: float, high: float) -> Colour:
    """A colour for ``value`` from 0 (neutral) to ``high`` (the accent colour)."""
    if high <= 0:
        return blend(theme.panel, theme.text_muted, 0.3)
    return blend(blend(theme.panel, theme.text_muted, 0.3), theme.accent,
                 max(0.0, min(1.0, value / high)))


def _heat_geometry(rect: pygame.Rect, row_labels: Sequence[str], nrows: int, ncols: int,
                   px: int, row_title: str, col_title: str
                   ) -> tuple[pygame.Rect, int, float, float]:
    """Where a heat map's cells go in ``rect`` (below its title): the cells' area, the header's
    height, and a cell's width and height (nearly square, at most three text heights)."""
    small = max(8, int(px * 0.85))
    row_w = max(text.size(label, small)[0] for label in row_labels) + small
    if row_title:
        row_w = max(row_w, text.size(row_title, small, True)[0] + small // 2)
    head_h = int(small * 1.5) + (int(small * 1.4) if col_title else 0)
    area = pygame.Rect(rect.left + row_w, rect.top + head_h, rect.width - row_w,
                       rect.height - head_h)
    cw = area.width / ncols
    ch = min(area.height / nrows, cw * 1.2, px * 3.0)
    return area, head_h, cw, ch


def heat_label_px(labels: Sequence[str], cw: float, ch: float, px: int) -> int:
    """The size of the numbers in a heat map's cells of ``cw`` x ``ch`` pixels: as large as the
    widest label allows (a 0/1 table's single digits read from the back of a room; "+0.25"
    needs more width), at most 85% of ``px``."""
    small = max(8, int(px * 0.85))
    widest = max((text.size(label, small, True)[0] for label in labels), default=1)
    return max(6, min(small, int(ch * 0.6), int(small * (cw - 6) / max(1, widest))))


def heat_map_height(width: int, row_labels: Sequence[str], ncols: int, px: int, *,
                    row_title: str = "", col_title: str = "") -> int:
    """How high a heat map drawn ``width`` pixels wide is at most (header and cells, no title):
    a screen gives it that much and the rest to other things."""
    if not row_labels or not ncols:
        return 0
    tall = pygame.Rect(0, 0, width, 10_000)
    _area, head_h, _cw, ch = _heat_geometry(tall, row_labels, len(row_labels), ncols, px,
                                            row_title, col_title)
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
    show = fmt or (lambda v: f"{v:+.2f}".replace("-", "\u2212") if signed else format_number(v))
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
    if row_title:
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


def cross_table(surface: pygame.Surface, rect: pygame.Rect, names: Sequence[str],
                cells: Sequence[Sequence[str]], shades: Sequence[Sequence[float | None]],
                theme: Theme, px: int, *, title: str = "",
                totals: Sequence[str] = (), totals_title: str = "") -> None:
    """A round-robin table: row player against column player.

    ``cells[i][j]`` is the text of i against j (the diagonal is drawn as a dash);
    ``shades[i][j]`` in [0, 1] (i's score share) colours the cell from red (0) to green (1).
    ``totals`` adds a last column (points, or rating) titled ``totals_title``.
    """
    small = max(8, int(px * 0.85))
    top = _title(surface, rect, title, px, theme)
    n = len(names)
    if not n:
        return
    short = [f"{i + 1}" for i in range(n)]
    name_w = min(int(rect.width * 0.4),
                 max(text.size(f"{i + 1}. {name}", small)[0] for i, name in enumerate(names))
                 + small)
    extra = 1 if totals else 0
    cw = (rect.width - name_w) / (n + extra)
    ch = min((rect.bottom - top) / (n + 1), px * 2.4)
    head = pygame.Rect(rect.left + name_w, top, round(cw * (n + extra)), round(ch))
    for j in range(n):
        text.blit_text(surface, short[j], small, theme.text_muted,
                       (round(head.left + (j + 0.5) * cw), head.centery), "center", bold=True)
    if totals:
        text.blit_text(surface, totals_title, small, theme.accent,
                       (round(head.left + (n + 0.5) * cw), head.centery), "center", bold=True,
                       max_width=int(cw))
    cell_px = max(6, min(px, int(ch * 0.45)))
    for i in range(n):
        y0 = top + (i + 1) * ch
        text.blit_text(surface, f"{i + 1}. {names[i]}", small, theme.text,
                       (rect.left, round(y0 + ch / 2)), "midleft", max_width=name_w - small // 2)
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
