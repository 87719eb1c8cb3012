"""Bars: a horizontal bar split into parts (wins, draws, losses), and columns each split into
parts on a 0 to 100% axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import text
from game.ui.chart_parts import (
    LegendItem,
    _ink,
    _legend,
    _title,
    format_number,
    nice_ticks,
    percent_text,
)
from game.ui.i18n import tr
from game.ui.theme import Colour, Theme, blend


@dataclass(frozen=True)
class Segment:
    """One part of a stacked bar: its label, count and colour."""

    label: str
    value: float
    colour: Colour


def _bar_items(segments: Sequence[Segment], theme: Theme,
               intervals: Sequence[tuple[float, float] | None],
               interval_label: str) -> list[LegendItem]:
    """The legend of a stacked bar: each part with its count and share, then the whisker's
    meaning when there is one."""
    total = sum(max(0.0, s.value) for s in segments)
    items: list[LegendItem] = []
    for seg in segments:
        pct = seg.value / total * 100 if total else 0.0
        items.append((tr("chart.count_share", label=seg.label, n=format_number(seg.value),
                         share=percent_text(pct, 1)), seg.colour, False))
    if interval_label and any(i is not None for i in intervals):
        items.append((interval_label, theme.text, False))
    return items


def stacked_bar_height(segments: Sequence[Segment], width: int, theme: Theme, px: int, *,
                       title: str = "", intervals: Sequence[tuple[float, float] | None] = (),
                       interval_label: str = "") -> int:
    """The least height :func:`stacked_bar` takes ``width`` pixels wide (title, the bar at its
    least height, the legend): a screen short of room gives it that and the rest to others."""
    small = max(8, int(px * 0.85))
    title_h = text.size(title, px, True)[1] + px // 3 if title else 0
    items = _bar_items(segments, theme, intervals, interval_label)
    legend_h = _legend(None, items, 0, 0, width, small, theme)
    return title_h + small // 2 + int(px * 1.2) + small // 2 + legend_h


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
    items = _bar_items(segments, theme, intervals, interval_label)
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
        share = percent_text(seg.value / total * 100)
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
