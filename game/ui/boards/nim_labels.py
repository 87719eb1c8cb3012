"""Where Nim's score labels go under a heap: each under its match, or, where labels are wider
than the matches, in a row below them with a leader line from each match to its label.

A label says what taking from a match on means, so a class must see at once which match it
belongs to. Under the match while it fits there; in two lanes while a lane's neighbours stay
apart; else in one row, in the matches' order, the row kept inside the board, each label
joined to its match by a line; under a single heap, else in three lanes or more. Under
several heaps, where neither lanes fit, one label per run of neighbouring matches with the
same label (:func:`runs`), in a row (:func:`run_row`). At 200% of
1024x768 three "L10" chips (40 px text, matches 26 px apart) were in two lanes and the third,
pushed aside by the free-spot search, stood left of its match, under another one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui.boards.base import chip_rect

#: A match's place: its slot's rectangle and the centre of its band's lane (index, lane, px).
BandCentre = Callable[[int, int, int], tuple[float, float]]


@dataclass(frozen=True)
class LabelPlace:
    """Where one label goes: its chip's rectangle and, for a label in the row below the
    matches, the foot of its match (the leader line's start), else None."""

    rect: pygame.Rect
    leader_from: tuple[int, int] | None = None


def _apart(rects: Sequence[pygame.Rect], gap: int) -> bool:
    """True when no two of ``rects`` come closer than ``gap`` pixels side by side, or 2
    pixels one over the other (lanes are a chip and 3 px apart: see nim.lane_offsets)."""
    grown = [r.inflate(gap, 2) for r in rects]
    return not any(a.colliderect(b) for i, a in enumerate(grown) for b in grown[i + 1:])


def gap(px: int) -> int:
    """The least room between two labels at ``px``."""
    return max(4, px // 4)


def _lanes(items: Sequence[tuple[int, str]], px: int, band_centre: BandCentre,
           count: int, bounds: pygame.Rect | None = None) -> list[pygame.Rect]:
    """Each label of ``items`` under its match, in ``count`` lanes (match ``i`` in lane
    ``i % count``: 1, or 2 (even and odd), or more under a single heap); with ``bounds``,
    moved sideways inside them (a heap as wide as the board had its end labels half out)."""
    rects = [chip_rect(text, band_centre(index, index % count, px), px) for index, text in items]
    if bounds is not None:
        for rect in rects:
            rect.x = min(max(rect.x, bounds.left), bounds.right - rect.width)
    return rects


def _fits(rects: Sequence[pygame.Rect], px: int, bounds: pygame.Rect,
          avoid: Sequence[pygame.Rect]) -> bool:
    """True when ``rects`` (chips at ``px``) stand apart inside ``bounds``, clear of
    ``avoid``."""
    return (_apart(rects, gap(px)) and all(bounds.contains(r) for r in rects)
            and not any(r.collidelist(list(avoid)) >= 0 for r in rects))


def _fitting_lanes(items: Sequence[tuple[int, str]], px: int, band_centre: BandCentre,
                   bounds: pygame.Rect, avoid: Sequence[pygame.Rect] = (),
                   counts: Sequence[int] = (1, 2)) -> list[pygame.Rect] | None:
    """The labels in the first number of lanes of ``counts`` at which they stand apart
    inside ``bounds`` clear of ``avoid``; None when none does."""
    for count in counts:
        rects = _lanes(items, px, band_centre, count, bounds)
        if _fits(rects, px, bounds, avoid):
            return rects
    return None


def _row(items: Sequence[tuple[int, str]], px: int, band_centre: BandCentre,
         foot: Callable[[int], tuple[int, int]], bounds: pygame.Rect
         ) -> list[LabelPlace] | None:
    """The labels in one row at the second lane's height, in the matches' order, centred
    under them and moved inside ``bounds``, each with the foot of its match for a leader
    line; None when the row is wider than ``bounds``."""
    room = gap(px)
    staggered = _lanes(items, px, band_centre, 2)
    order = sorted(range(len(items)), key=lambda i: items[i][0])
    widths = [staggered[i].width for i in order]
    total = sum(widths) + room * (len(order) - 1)
    if total > bounds.width:
        return None
    centres = [band_centre(items[i][0], 1, px) for i in order]
    middle = sum(x for x, _y in centres) / len(centres)
    left = round(min(max(middle - total / 2, bounds.left), bounds.right - total))
    places: dict[int, LabelPlace] = {}
    for i, width in zip(order, widths, strict=True):
        rect = pygame.Rect(left, 0, width, staggered[i].height)
        rect.centery = round(centres[0][1])
        places[i] = LabelPlace(rect, foot(items[i][0]))
        left += width + room
    return [places[i] for i in range(len(items))]


def arrange(items: Sequence[tuple[int, str]], px: int, band_centre: BandCentre,
            foot: Callable[[int], tuple[int, int]], bounds: pygame.Rect,
            avoid: Sequence[pygame.Rect] = (), most_lanes: int = 2
            ) -> list[LabelPlace] | None:
    """The first way the labels of ``items`` at ``px`` stand apart inside ``bounds`` clear of
    ``avoid``: under their matches in one lane; in one row with leader lines (only where
    ``most_lanes`` is over 2: under a single heap, nothing else below it); in two lanes; in
    three lanes up to ``most_lanes``. None when none does. Fibonacci's 19 labels of the first move
    (matches 26 px apart, "L12" chips 53 px wide at 20 px) fit neither two lanes nor a row:
    three lanes hold them."""
    one = _fitting_lanes(items, px, band_centre, bounds, avoid, (1,))
    if one is not None:
        return [LabelPlace(r) for r in one]
    # Under a single heap, a row with leader lines before two lanes: chips wider than a
    # match stacked in two lanes did not say which match each meant (Fibonacci's "W15" and
    # "L12" one over the other under the last two matches, QA17 12).
    row = (_row(items, px, band_centre, foot, bounds) if most_lanes > 2 and items
           else None)
    if row is not None and _fits([p.rect for p in row], px, bounds, avoid):
        return row
    two = _fitting_lanes(items, px, band_centre, bounds, avoid, (2,))
    if two is not None:
        return [LabelPlace(r) for r in two]
    if most_lanes <= 2 or not items:
        return None
    more = _fitting_lanes(items, px, band_centre, bounds, avoid, range(3, most_lanes + 1))
    return None if more is None else [LabelPlace(r) for r in more]


def label_places(items: Sequence[tuple[int, str]], px: int, band_centre: BandCentre,
                 foot: Callable[[int], tuple[int, int]], bounds: pygame.Rect,
                 row_allowed: bool = True) -> list[LabelPlace]:
    """The place of each label of ``items`` ((match index, text), in any order) at ``px``:
    under its match (lane 0) when they all fit apart and inside ``bounds``; else in two lanes
    (even and odd matches) when that does; else, if ``row_allowed``, in one row at the second
    lane's height, in the matches' order, centred under them and moved inside ``bounds``, each
    with the foot of its match (``foot(index)``) for a leader line; else in two lanes."""
    fitting = _fitting_lanes(items, px, band_centre, bounds)
    if fitting is not None:
        return [LabelPlace(r) for r in fitting]
    row = _row(items, px, band_centre, foot, bounds) if row_allowed and items else None
    if row is not None:
        return row
    return [LabelPlace(r) for r in _lanes(items, px, band_centre, 2)]


def lanes_fit(items: Sequence[tuple[int, str]], px: int, band_centre: BandCentre,
              bounds: pygame.Rect, avoid: Sequence[pygame.Rect]) -> bool:
    """Whether the labels of ``items`` at ``px`` stand apart under their matches, in one lane
    or two, inside ``bounds`` and clear of ``avoid`` (what else is drawn near: other heaps,
    their names, Marienbad's table)."""
    return _fitting_lanes(items, px, band_centre, bounds, avoid) is not None


def runs(items: Sequence[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """The labels of ``items`` ((match index, text)) merged where neighbouring matches have the
    same one, in the matches' order: (first index, last index, text)."""
    merged: list[tuple[int, int, str]] = []
    for index, text in sorted(items):
        if merged and merged[-1][2] == text and merged[-1][1] == index - 1:
            merged[-1] = (merged[-1][0], index, text)
        else:
            merged.append((index, index, text))
    return merged


def run_row(groups: Sequence[tuple[int, int, str]], px: int, centre_x: Callable[[int], float],
            y: float, bounds: pygame.Rect) -> list[pygame.Rect] | None:
    """One chip a run of ``groups`` (see :func:`runs`) at ``px``, centred on the height ``y``,
    each as near the middle of its run (``centre_x`` of a match) as the chips' order and the
    room between them allow, inside ``bounds``; None when they do not fit side by side."""
    room = gap(px)
    rects = []
    for first, last, text in groups:
        middle = (centre_x(first) + centre_x(last)) / 2
        rects.append(chip_rect(text, (middle, y), px))
    # Left to right, each at its place or right of the one before; then back from the right.
    edge = bounds.left
    for rect in rects:
        rect.left = max(rect.left, edge)
        edge = rect.right + room
    edge = bounds.right
    for rect in reversed(rects):
        rect.right = min(rect.right, edge)
        edge = rect.left - room
    if not rects or rects[0].left < bounds.left or not all(bounds.contains(r) for r in rects):
        return None if rects else []
    return rects
