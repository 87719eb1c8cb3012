"""How the n-tuple lab shares its right panel's height between the curves and the heat maps:
the curves' words at the small size, the maps' numbers readable, and when both do not fit (the
largest text size) the curves' words shrink, never under the small size of normal text, before
the maps give way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.ntuple_training import LAB_OPPONENTS
from game.ui.i18n import tr
from game.ui.scenes.play_fit import readable_px
from game.ui.widgets import Metrics

#: The curves' height in lines of small text where the room allows it (title, legend and axes
#: take about half of it).
CHART_LINES = 9


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
