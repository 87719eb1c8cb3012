"""One place for each score chip among its candidates, no two overlapping: a bounded search.

Othello's crowded midgames (fifteen moves, five of them side by side on one row) left the
greedy placement, each chip at its first free spot in turn, stuck at 31 px where two lanes
(one chip above its cell's centre, the next below) held them all: the first chip took the
centre and blocked both lanes of its neighbours. This search backs up instead, checking after
each choice that every chip still to place keeps a free candidate.

:func:`tied_chips` places chips the first way a class reads them: each on its own cell
(centred, up or down only inside it, a quarter of a cell past its sides at most), over no
disc; the boards fall back to the search above where no readable size does that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

#: Each pair of chips keeps this many pixels between them.
GAP = 2
#: The most choices the search tries before it gives up (a few milliseconds).
SEARCH_LIMIT = 800


def _clash(a: pygame.Rect, b: pygame.Rect, gap: int = GAP) -> bool:
    """True when ``a`` and ``b`` come closer than ``gap`` pixels."""
    return a.inflate(gap, gap).colliderect(b)


def pack_chips(candidates: Sequence[Sequence[pygame.Rect]],
               limit: int = SEARCH_LIMIT, gap: int = GAP) -> list[pygame.Rect] | None:
    """One rectangle of each chip's ``candidates`` (its preferred first), no two closer than
    ``gap`` pixels, or None when the search finds none within ``limit`` choices. Each
    step places the chip with the fewest candidates left; each choice strikes out the
    candidates of the other chips it clashes with, and is undone when one has none left."""
    count = len(candidates)
    if any(not options for options in candidates):
        return None
    # The chips whose candidates may meet: only theirs are checked after a choice.
    reach = [r[0].unionall(list(r[1:])) for r in candidates]
    near = [[j for j in range(count) if j != i and _clash(reach[i], reach[j], gap)]
            for i in range(count)]
    domains = [list(options) for options in candidates]
    chosen: dict[int, pygame.Rect] = {}
    tries = 0

    def place() -> bool:
        nonlocal tries
        if len(chosen) == count:
            return True
        i = min((j for j in range(count) if j not in chosen), key=lambda j: len(domains[j]))
        for rect in list(domains[i]):
            tries += 1
            if tries > limit:
                return False
            struck: list[tuple[int, list[pygame.Rect]]] = []
            ok = True
            grown = rect.inflate(gap, gap)
            for j in near[i]:
                if j in chosen:
                    continue
                hits = grown.collidelistall(domains[j])
                if hits:
                    struck.append((j, domains[j]))
                    gone = set(hits)
                    domains[j] = [r for k, r in enumerate(domains[j]) if k not in gone]
                    if not domains[j]:
                        ok = False
                        break
            chosen[i] = rect
            if ok and place():
                return True
            del chosen[i]
            for j, was in struck:
                domains[j] = was
            if tries > limit:
                return False
        return False

    if not place():
        return None
    return [chosen[i] for i in range(count)]


#: A chip tied to its own cell (see :func:`tied_chips`) reaches at most this share of a cell
#: past either side of it, and no higher or lower than the cell.
TIED_OVERFLOW = 0.25
#: How far a disc reaches from its cell's centre, as a share of the cell: its radius as drawn
#: (its soft shadow falls a pixel or two further right and down). 0.42 left the bounds
#: "\u2264\u221210" of row 8 at 200% of 1024x768 no readable size: e8's chip passed f8's disc
#: edge by less than a pixel.
DISC_REACH = 0.41


#: How far a chip tied to its cell may move sideways off the cell's centre, in sixteenths of
#: a cell, to clear a neighbour's disc (see :func:`tied_rects`).
TIED_SHIFTS = (0, -1, 1, -2, 2)


def tied_rects(rect: pygame.Rect, centre: tuple[float, float], cell: int,
               board: pygame.Rect, overflow: float = TIED_OVERFLOW) -> list[pygame.Rect]:
    """Where ``rect`` may go tied to the cell of ``centre``: centred on it (moved in at the
    board's edge), else as high or as low in the cell as it goes (two neighbours' chips, each
    wider than its cell, then pass one above the other, each inside its own row), each also
    moved a little sideways (:data:`TIED_SHIFTS`: the n-tuple network's "\u22120.65", 71 px
    in a 57 px cell at 200% of 1024x768, passed the disc beside it by 2 px centred); none
    when it is higher than the cell or would pass either side of the cell by more than
    ``overflow`` of a cell (0: inside its cell)."""
    if rect.height > cell or rect.width > cell * (1 + 2 * overflow):
        return []
    # (A pixel more: a chip as wide as its cell, its centre rounded to a whole pixel, is
    # inside it.)
    reach = cell / 2 + cell * overflow + 1
    room = (cell - rect.height) // 2
    rows = (0, -room, room) if room > 0 else (0,)
    places: list[pygame.Rect] = []
    for shift in TIED_SHIFTS:
        tied = rect.copy()
        tied.center = (round(centre[0] + shift * cell / 16), round(centre[1]))
        tied = tied.clamp(board)
        if (tied.left < centre[0] - reach or tied.right > centre[0] + reach
                or not tied.left <= centre[0] <= tied.right):
            continue
        places += [moved for moved in (tied.move(0, dy) for dy in rows) if moved not in places]
    return places


def covers_disc(rect: pygame.Rect, discs: Sequence[tuple[float, float]], radius: float) -> bool:
    """True when ``rect`` comes within ``radius`` of any of the ``discs``' centres."""
    for x, y in discs:
        nearest_x = min(max(x, rect.left), rect.right)
        nearest_y = min(max(y, rect.top), rect.bottom)
        if (nearest_x - x) ** 2 + (nearest_y - y) ** 2 < radius * radius:
            return True
    return False


def tied_chips(chips: Sequence[tuple[str, tuple[float, float]]], cell: int,
               board: pygame.Rect, discs: Sequence[tuple[float, float]], body: int, least: int,
               chip: Callable[[str, tuple[float, float], int], pygame.Rect],
               overflow: float = TIED_OVERFLOW) -> tuple[int, list[pygame.Rect]] | None:
    """One text size, the largest from ``body`` down to ``least``, at which every chip
    (``chip(text, centre, px)``) is tied to its own cell (:func:`tied_rects`, passing it by
    ``overflow`` of a cell at most), covers none of
    the ``discs`` (cell centres) and overlaps no other (:func:`pack_chips`: each in its own
    cell, they may touch; at 200% of 1024x768 two chips 28 px high, one above the other,
    fill a 57 px cell but for a pixel); that size and the chips, or None. A class reads each
    number as its cell's: chips moved half a row up or down, or half a cell sideways, sat
    between two cells ("+0,8" on the b3/c3 line, QA 27), and over the neighbours' discs."""
    reach = cell * DISC_REACH

    def laid(px: int) -> list[pygame.Rect] | None:
        candidates = [[rect for rect in tied_rects(chip(text, centre, px), centre, cell, board,
                                                   overflow)
                       if not covers_disc(rect, discs, reach)] for text, centre in chips]
        return pack_chips(candidates, gap=0)

    found = laid(least) if least <= body else None
    if found is None:
        return None
    best = (least, found)
    low, high = least, body
    while low < high:  # a larger chip meets all the smaller one met: a bisection
        middle = (low + high + 1) // 2
        rects = laid(middle)
        if rects is None:
            high = middle - 1
        else:
            low, best = middle, (middle, rects)
    return best
