"""The grid of boxes a page of the learning lab's Matchboxes view holds, and the sizes of
their text: as many boxes as fit with their lists at body size (a little less where that
doubles the boxes a page) and a board no smaller than LEAST_BOARD body heights nor than its
coordinates need at the readable size, each as large as the count allows; a game's own
matchboxes (Nim's lists of takes) with their use line in proportion to their moves. A box
itself is :mod:`game.ui.scenes.lab_box_moves`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.rules.base import GameState
from game.ui import text
from game.ui.boards.base import (
    COORDINATES_MAX,
    COORDINATES_MIN_CELL,
    GRID_MARGIN,
    BoardView,
    Grid,
)
from game.ui.scenes.lab_box_moves import ListSize, shape_box, used_label
from game.ui.widgets import Metrics

#: How far under body size a game's own matchboxes' moves may shrink to show more boxes a row
#: (:func:`narrow_grid`: Nim's takes).
SHRINK_FOR_MORE = 0.8
#: How far under body size a page's lists beside their boards may shrink to show twice as
#: many boxes (:func:`list_sizes_grid`): 28 px of a 40-px body at 1024x768, 49 of 70 at
#: 1920x1080 (at 80% a Q-learner's Hexapawn boxes stayed one a page at 200% of 1024x768:
#: two need 30 px for boards whose coordinates read).
LISTS_SHRINK_FOR_MORE = 0.7
#: A game's own matchboxes are made wider (fewer a row) while their moves are under this
#: share of the body size and that makes them larger (:func:`narrow_grid`).
LEAST_CHANGED_SHARE = 0.5
#: ... and under this share where the page shows the boxes the last game changed (One game's
#: result): there the "before→after" counts are the lesson, and at 0.5 they read "413→416"
#: at half the size of the unchanged counts beside them (23 px under 46 at 1024x768 with
#: 200% text, QA13 29).
CHANGED_VIEW_SHARE = 0.85
#: How much wider than high a game's own matchbox may be made for its moves (see above):
#: Marienbad's start box lists 16 takes in up to four columns (at 1.6 its takes were 25 px
#: at 1920x1080 with 200% text, the readable size being 27).
WIDEST_BOX = 3.0
#: The line of a box's use ("used 8×") under a game's own matchbox, in its text heights.
USE_LINE = 1.35
#: A game's own matchbox writes its use at most this much larger than its moves
#: (:func:`narrow_use_px`).
USE_OVER_MOVES = 1.2
#: Under this many pixels a board's least size (:func:`least_picture`) is given up at once
#: where no grid allows it, not step by step (:func:`list_sizes_grid`).
LEAST_STEP_BOARD = 60
#: A board's cells with one letter each under them (Connect 4's columns) are at least this
#: many times the letters' size wide (:func:`least_picture`): a bold letter is about 0.65 of
#: it, the rest keeps them apart.
LETTERS_CELL = 1.25


def box_grid(count: int, area: tuple[int, int], need: ListSize, pad: int, least: int = 0
             ) -> tuple[int, int] | None:
    """Rows and columns of the boxes' grid in ``area``: every box when some grid shows them
    all, each as large as it can be; else the most boxes a page holds with their lists at
    ``need``'s size (and the line of their use under it) and a board of at least
    :data:`LEAST_BOARD` text heights and ``least`` pixels (fewer, larger boxes when the text
    is large). None when not even one box fits."""
    width, height = area
    fitting: list[tuple[int, int, int]] = []  # shown, board side, -cells
    grids: list[tuple[int, int]] = []
    for rows in range(1, 7):
        for cols in range(1, 10):
            cell = pygame.Rect(0, 0, width // cols - pad * 2, height // rows - pad * 2)
            if cell.width <= 0 or cell.height <= 0:
                continue
            shape = shape_box(cell, need, footer=True, least=least)
            if shape is None:
                continue
            fitting.append((min(count, rows * cols), shape.board.width, -rows * cols))
            grids.append((rows, cols))
    if not fitting:
        return None
    best = max(range(len(fitting)), key=lambda i: fitting[i])
    return grids[best]


def list_sizes_grid(count: int, area: tuple[int, int], need_at: Callable[[int], ListSize],
                    sizes: tuple[int, int, int], pad: int, least_board: int = 0
                    ) -> tuple[int, tuple[int, int]] | None:
    """The text size of the boxes' lists and the grid (rows, columns) of ``count`` boxes in
    ``area``; ``sizes``: the heading, body and least readable sizes; ``need_at(px)``: the
    room the longest list takes at ``px``. Heading size where that shows as many boxes as
    body size, else body size, or a smaller size down to :data:`LISTS_SHRINK_FOR_MORE` of it
    where that shows at least twice as many boxes (a Q-learner's Hexapawn boxes were one a page at
    200% of 1024x768, a second box 4 pixels short of its board), else (a short panel) the
    largest size down to the readable one at which a box fits. Each board at least
    ``least_board`` pixels wide where some grid allows it (:func:`least_picture`). None when
    no box fits."""
    heading, body, least = sizes

    def shown(grid: tuple[int, int]) -> int:
        return min(count, grid[0] * grid[1])

    tries = [heading, body]
    while tries[-1] > least:
        tries.append(max(least, int(tries[-1] * 0.9)))
    found: list[tuple[int, tuple[int, int]]] = []
    for px in tries:
        fits = box_grid(count, area, need_at(px), pad, least_board)
        if fits is not None:
            found.append((px, fits))
        if px <= body and found:
            break
    if not found:
        # Boards as large as the room allows, if not as the coordinates need (dropping the
        # need at once left Connect 4's boards 88 px beside 37-px lists at 1024x640 200%).
        smaller = int(least_board * 0.9) if least_board > LEAST_STEP_BOARD else 0
        return (list_sizes_grid(count, area, need_at, sizes, pad, smaller) if least_board
                else None)
    px, grid = found[0]
    if px == heading and len(found) > 1 and found[1][0] == body and shown(grid) < shown(
            found[1][1]):
        px, grid = found[1]
    if px >= body:
        for smaller in range(body - 1, max(least, int(body * LISTS_SHRINK_FOR_MORE)) - 1, -1):
            more = box_grid(count, area, need_at(smaller), pad, least_board)
            if more is not None and shown(more) >= 2 * shown(grid):
                return smaller, more
    return px, grid


def least_picture(view: BoardView | None, state: GameState[Any], readable: int) -> int:
    """The least side of a box's board picture that writes its coordinates at ``readable``
    pixels: a grid board's letters are at most :data:`~game.ui.boards.base.COORDINATES_MAX`
    of a cell, in margins of :data:`~game.ui.boards.base.GRID_MARGIN` cells (Hexapawn's
    pictures wrote them at 24 px at 1920x1080 with 200% text, the readable size being 27).
    A board without a grid whose cells are its first size (Connect 4, its letters under the
    columns) has cells of :data:`LETTERS_CELL` readable sizes (the lab's 5x4 boards had 12-px
    cells, their letters on one another); 0 for other boards."""
    if view is None:
        return 0
    side = 400
    view.coords_least = readable
    view.layout(pygame.Rect(0, 0, side, side), state)
    grid = getattr(view, "grid", None)
    if not isinstance(grid, Grid):
        cell = view.sizes()[0] if view.sizes() else 0
        return math.ceil(side * readable * LETTERS_CELL / cell) if cell else 0
    cells = max(grid.rows, grid.cols) + 2 * GRID_MARGIN
    # A small board's margin may widen for them (GridBoardView.small_grid) while its cells
    # keep COORDINATES_MIN_CELL: a Morpion box 157 px wide at 1024x640 200% kept its 9%
    # margin and wrote them at 11 px.
    margin = (readable + 0.5) * GRID_MARGIN / COORDINATES_MAX
    return math.ceil(max(cells * (readable + 0.5) / COORDINATES_MAX,
                         max(grid.rows, grid.cols) * COORDINATES_MIN_CELL + 2 * margin))


def grid_for(count: int, size: tuple[int, int], ratio: float, two_rows: bool
             ) -> tuple[int, int]:
    """Rows and columns of the boxes' grid in an area of ``size``: boxes about ``ratio`` as
    wide as tall, two rows when ``two_rows`` allows; when ``count`` boxes fit on one page, the
    arrangement that draws them largest (one game's few boxes fill the panel)."""
    width, height = size
    options = (1, 2) if two_rows else (1,)
    full = [(r, max(1, round(width / (height / r * ratio)))) for r in options]
    rows, cols = full[-1]
    if count > rows * cols:
        return rows, cols  # paged at the most boxes a page holds

    def scale(r: int) -> float:
        c = max(1, -(-count // r))
        return min(width / c / ratio, height / r)

    rows = max((r for r in options if r <= max(1, count)), key=scale)
    return rows, max(1, -(-count // rows))


def narrow_use_px(cell: tuple[int, int], moves_px: Callable[[pygame.Rect], int], most: int,
                  least: int, pad: int) -> int:
    """The size of the use line ("300×") under a game's own matchboxes of ``cell`` size
    (Nim's takes): ``most`` where the moves drawn above it (``moves_px(rect)``: their size in
    the rectangle it leaves them) are at least 1/:data:`USE_OVER_MOVES` of it, else the
    largest size so, never under ``least``. Its line was 1.35 body heights whatever the box
    held: at 1920x1080 with 200% text the takes were 25 px under a 48 px count."""
    def fits(px: int) -> bool:
        board = pygame.Rect(0, 0, cell[0] - pad, cell[1] - int(px * USE_LINE) - pad)
        return board.height > 0 and px <= moves_px(board) * USE_OVER_MOVES

    low, high = least, most
    if fits(high):
        return high
    while low < high:  # the largest size that fits (the moves grow as the line shrinks)
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def narrow_grid(count: int, uses: list[tuple[bool, int]], body: pygame.Rect, m: Metrics,
                moves_px: Callable[[pygame.Rect], int] | None = None, least: int = 0,
                changed: bool = False) -> tuple[int, int, float, float]:
    """Rows, columns and cell size of ``count`` boxes a game draws its own way (Nim's narrow
    lists of takes) in ``body``: big boxes, two rows when the panel is tall enough, the rest
    paged; more boxes a row where their moves (``moves_px(rect)``: their size in a box's
    rectangle, its use under it at :func:`narrow_use_px`, never under ``least``) keep
    :data:`SHRINK_FOR_MORE` of the body size (boxes as tall as the panel were as wide as
    0.62 of it: four a page with 50 px takes at 1024x768 with 200% text). ``uses``: each
    box's (all moves lost, times used), for the line under it; ``changed``: the page shows
    the boxes the last game changed (below)."""
    ratio = 0.62
    rows, cols = grid_for(count, body.size, ratio, body.height >= m.body * 18)
    # Never so narrow that a box's count is cut: at 1920x1080 at the largest text size six
    # boxes a row read "used…".
    least_w = max(text.size(used_label(lost, used, 0, m.small), m.small)[0]
                  for lost, used in uses) + m.pad * 2
    cols = max(1, min(cols, int(body.width // least_w)))

    def cell(columns: int, wide: bool = False) -> tuple[float, float]:
        cell_h = body.height / rows
        # (Never narrower than its count needs, where the row has the room; ``wide``: up to
        # WIDEST_BOX times as wide as high, for moves that need the width.)
        cell_w = max(min(body.width / columns, cell_h * (WIDEST_BOX if wide else ratio * 1.3)),
                     min(least_w, body.width / columns))
        return cell_w, min(cell_h, cell_w / ratio * 1.15)

    while moves_px is not None and count > rows * cols and body.width / (cols + 1) >= least_w:
        w, h = (round(v) - m.pad for v in cell(cols + 1))
        use = narrow_use_px((w, h), moves_px, m.body, least, m.pad)
        if moves_px(pygame.Rect(0, 0, w - m.pad, h - int(use * USE_LINE) - m.pad)) < (
                m.body * SHRINK_FOR_MORE):
            break
        cols += 1

    def moves_at(columns: int, wide: bool = True) -> int:
        if moves_px is None:
            return m.body
        # Under the use line the box draws (a body-size line left Marienbad's start box 16
        # px where it drew 21).
        w, h = (round(v) - m.pad for v in cell(columns, wide))
        use = narrow_use_px((w, h), moves_px, m.body, least, m.pad)
        return moves_px(pygame.Rect(0, 0, w - m.pad, h - int(use * USE_LINE) - m.pad))

    # A "before→after" line shrinks on its own (the last game's boxes: "229→232" at 14 px in
    # boxes of 170 at 1024x768 with 200% text, QA 30), and so does a long list (Marienbad's
    # start box, 9 takes at 15 px): fewer, wider boxes while that helps, until their moves
    # keep LEAST_CHANGED_SHARE of the body size (CHANGED_VIEW_SHARE where the page shows
    # the last game's boxes, or nine tenths of the largest size any grid gives them).
    # The most boxes a row that reach that, else the most that reach the readable size (one
    # Marienbad box a page at 200% of 1920x1080 made its start box 36 px, two 29 px), else
    # those that make the moves largest.
    share = CHANGED_VIEW_SHARE if changed else LEAST_CHANGED_SHARE
    target, now = max(least, int(m.body * share)), moves_at(cols, False)
    if moves_px is None or now >= target or cols == 1:
        return rows, cols, *cell(cols)
    sizes = {c: moves_at(c) for c in range(cols - 1, 0, -1)}
    if changed:
        # (Boxes as tall as the panel cap their lines: 35 px at 1280x720 with 200% text,
        # where the share asked 39 and no grid reached it.)
        target = max(least, min(target, int(max(sizes.values()) * 0.9)))
    reach = ([c for c, px in sizes.items() if px >= target]
             or [c for c, px in sizes.items() if px >= least and now < least])
    chosen = max(reach) if reach else max(sizes, key=lambda c: (sizes[c], c))
    return (rows, chosen, *cell(chosen, True)) if sizes[chosen] > now else (
        rows, cols, *cell(cols))
