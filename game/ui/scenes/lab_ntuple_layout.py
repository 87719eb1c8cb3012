"""How the n-tuple lab shares its right panel's height between the curves and the heat maps:
the curves' words at the small size, the maps' numbers readable, and when both do not fit (the
largest text size) the curves' words shrink, never under the small size of normal text, before
the maps give way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ai.ntuple_training import LAB_OPPONENTS
from game.ui import charts
from game.ui.i18n import tr
from game.ui.scenes.play_fit import readable_px
from game.ui.widgets import Metrics

if TYPE_CHECKING:
    from game.ui.scenes.ntuple_lab import NTupleLabScene

#: The curves' height in lines of small text where the room allows it (title, legend and axes
#: take about half of it).
CHART_LINES = 9
#: The two heat maps (the learnt values, the course's table) by name, and their buttons'
#: labels where one is shown at a time (:func:`one_map`).
MAPS = ("learnt", "seed")
#: The patterns, a third choice beside the two maps where the window has no height for their
#: strip under maps whose numbers read (:func:`share_right`).
PATTERNS = "patterns"
MAP_KEYS = {"learnt": "ntuple.learnt_plain", "seed": "ntuple.seed_table",
            PATTERNS: "ntuple.page.patterns"}
#: A heat map's coordinates are this share of its text size (chart_tables draws them so).
LABEL_SHARE = 0.85


@dataclass(frozen=True)
class ChartAndMaps:
    """The curves' text size and height, and the heat maps' height."""

    chart_px: int
    chart_h: int
    maps_h: int


def curve_labels() -> list[str]:
    """The curves' names, one per opponent measured."""
    return [tr(f"ntuple.vs.{opponent.split(':')[0]}") for opponent in LAB_OPPONENTS]


def least_chart_px(size: tuple[int, int]) -> int:
    """The smallest size of the curves' words in a window of ``size``: the small size of
    normal (100%) text, and never under :func:`play_fit.readable_px`."""
    return max(readable_px(size), Metrics.for_size(size).small)


def chart_and_maps(room: int, quarter: int, maps: tuple[int, int], m: Metrics,
                   size: tuple[int, int], chart_need: Callable[[int], int]) -> ChartAndMaps:
    """Share ``room`` (pixels, between the curves and the maps): ``maps`` is the maps' height
    at most and the least that prints their numbers; ``chart_need(px)`` the height the curves
    need with their words at ``px``. The curves get at least ``quarter``, and CHART_LINES of
    small text where the maps keep their largest size."""
    most, least = maps
    floor = least_chart_px(size)
    for px in range(m.small, min(floor, m.small) - 1, -1):
        need = chart_need(px)
        if need <= room - least:
            maps_h = min(max(min(most, room - max(quarter, CHART_LINES * m.small, need)),
                             least), room - need)
            return ChartAndMaps(px, room - maps_h, maps_h)
    # Not even the least size leaves the maps their numbers: they give way (left to the
    # colours), the curves' words stay readable.
    px = min(floor, m.small)
    maps_h = max(0, room - chart_need(px))
    return ChartAndMaps(px, room - maps_h, maps_h)


def maps_px(m: Metrics, size: tuple[int, int]) -> int:
    """The heat maps' text size: the small size, or larger where their coordinates
    (:data:`LABEL_SHARE` of it) would be under the readable size (15 px at 1024x768 with 100%
    text, the readable size being 20)."""
    px = m.small
    while int(px * LABEL_SHARE) < readable_px(size):
        px += 1
    return px


def signed_whole(value: float) -> str:
    """A heat map's number: whole, with a true minus sign and no plus ("100", "\u221250")."""
    return f"{round(value):d}".replace("-", "\u2212")  # -0.3 is "0", not "-0"


def one_map(width: int, m: Metrics, size: tuple[int, int],
            values: Sequence[Sequence[float]]) -> bool:
    """Whether the heat maps go one at a time across ``width`` in a window of ``size``
    (``values``: their rows): side by side their numbers would be under the readable size
    where one map that wide prints them (at 1024x768 with 100% text they were 14 px, the
    readable size being 20)."""
    cells, px, least = len(values[0]), maps_px(m, size), readable_px(size)
    rows, labels = [str(cells)] * cells, [signed_whole(v) for row in values for v in row]
    half = charts.heat_number_px((width - m.pad) // 2, rows, cells, px, labels)
    return half < least <= charts.heat_number_px(width, rows, cells, px, labels)


def share_right(lab: NTupleLabScene, rest: pygame.Rect,
                values: Sequence[Sequence[float]]) -> ChartAndMaps:
    """Share ``rest``, the right panel under the progress line, between the curves, the heat
    maps (of ``values``' rows) and the patterns' strip under them, the maps' numbers at the
    readable size; sets ``lab.map_choice``. Tried in turn, the first where the numbers read:
    the maps side by side (or one at a time where only so their width prints the numbers)
    over the strip at its height; the same over the strip at its least (caption and three
    lines of small text); then one thing at a time, the learnt values, the course's table or
    the patterns, chosen by buttons, the strip's height going to the map. Before, with 100%
    text the maps' numbers were as small as their height made them: 24 px at 1920x1080,
    16 at 1280x720 and 14 at 1024x640 (readable: 27, 18, 16)."""
    m, choice = lab.app.metrics, lab.map_choice
    least = lab.caption_height(rest.width, m) + m.small * 3
    strip = min(lab.strip_height(rest.width, m), max(int(rest.height * 0.18), least))
    by_width = one_map(rest.width, m, lab.app.size, values)
    tries = [(by_width, MAPS, strip), (by_width, MAPS, least), (True, (*MAPS, PATTERNS), 0)]
    for single, offered, strip_h in tries:
        choice.single = single  # (what maps_heights reads)
        choice.offer(offered)
        maps = lab.maps_heights(rest.width, m)
        shares = chart_and_maps(rest.height - strip_h - m.pad * 2, rest.height // 4, maps,
                                m, lab.app.size, lambda px: charts.least_line_chart_height(
                                    px, px, rest.width, curve_labels(),
                                    tr("lab.chart.games"), lab.app.theme))
        if shares.maps_h >= maps[1]:
            break
    return shares
