"""The Othello engine's evaluation: what a position is worth to the side to move.

Everything works on two integers, ``own`` (the mover's discs) and ``opp``, in the rules module's
bit layout, plus a :class:`Geometry` holding the masks of one board size. The value is in
"points" where 100 is roughly one disc of final margin; it is always from the mover's side
(negamax convention) and kept well inside :data:`EVAL_LIMIT`, below any proven result.

What it rewards, with weights that slide from the opening (board nearly empty) to the end
(board nearly full), see :data:`OPENING_WEIGHTS` and :data:`ENDING_WEIGHTS`:

* **mobility**: having more legal moves than the opponent (the opponent short of moves is forced
  into bad ones); the strongest term in the middle game;
* **potential mobility**: the opponent having discs next to empty squares (future moves for us)
  while we do not (frontier discs are a liability);
* **corners**: a corner disc can never be turned and anchors its edges;
* **X and C squares**: the squares touching an *empty* corner are punished, as they give that
  corner away;
* **stable discs**: discs that can never be turned again (anchored from a corner along an edge,
  or on a filled edge);
* **parity**: with an odd number of empties the mover expects to play last, which matters late;
* **discs**: the disc difference itself, slightly negative early (fewer discs means more
  mobility later) and decisive at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.othello import REGIONS, legal_mask, potential_mobility_mask

#: Any heuristic value lies strictly inside (-EVAL_LIMIT, EVAL_LIMIT); proven results lie outside.
EVAL_LIMIT = 9000

# Weight order: mobility, potential mobility, corners, X squares, C squares, stable, discs, parity
OPENING_WEIGHTS = (70, 25, 700, -250, -60, 60, -8, 0)
ENDING_WEIGHTS = (35, 8, 450, -80, -20, 150, 90, 120)

_COL0 = 0x0101010101010101


@dataclass(frozen=True)
class Geometry:
    """The masks of one board size (4, 6 or 8) in the 8x8 bit layout, and the phase weights."""

    size: int
    region: int
    squares: int
    corners: int
    edges_h: int  # top and bottom rows (discs there grow stability sideways)
    edges_v: int  # left and right columns (stability grows up and down)
    left_col: int
    right_col: int
    edge_lines: tuple[int, int, int, int]
    # For each corner: (corner bit, its X square, its two C squares).
    corner_info: tuple[tuple[int, int, int], ...]
    weights: tuple[tuple[int, ...], ...]  # indexed by the number of empty squares
    square_order: tuple[int, ...]  # static preference of each square, for cheap move ordering
    quadrants: tuple[int, ...]  # four masks splitting the board, for parity ordering
    # Lines of the board (rows, columns, both diagonal directions), for full-line stability.
    lines: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    # Squares whose neighbour is off the board in each line direction (the same four).
    walls: tuple[int, int, int, int]


def _bit(row: int, col: int) -> int:
    return 1 << (row * 8 + col)


def make_geometry(size: int) -> Geometry:
    """Build the masks and weight tables of a board size."""
    n = size
    last = n - 1
    region = REGIONS[n]
    top = sum(_bit(0, c) for c in range(n))
    bottom = sum(_bit(last, c) for c in range(n))
    left = sum(_bit(r, 0) for r in range(n))
    right = sum(_bit(r, last) for r in range(n))
    info = []
    for r, c, dr, dc in ((0, 0, 1, 1), (0, last, 1, -1), (last, 0, -1, 1), (last, last, -1, -1)):
        info.append((_bit(r, c), _bit(r + dr, c + dc), _bit(r + dr, c) | _bit(r, c + dc)))
    corners = sum(i[0] for i in info)
    squares = n * n
    weights = []
    for empties in range(squares + 1):
        f = empties / squares  # 1 at the start, 0 at the end
        weights.append(tuple(round(e + (o - e) * f)
                             for o, e in zip(OPENING_WEIGHTS, ENDING_WEIGHTS, strict=True)))
    # Static square preference: corners, then edges away from corners, then the middle, then
    # C squares, then X squares last (a classic ordering that costs nothing to apply).
    xs = sum(i[1] for i in info)
    cs = sum(i[2] for i in info)
    edges = top | bottom | left | right
    order = []
    for sq in range(64):
        b = 1 << sq
        if not b & region:
            order.append(0)
        elif b & corners:
            order.append(50)
        elif b & xs:
            order.append(-50)
        elif b & cs:
            order.append(-10)
        elif b & edges:
            order.append(10)
        else:
            order.append(0)
    half = n // 2
    quadrants = tuple(
        sum(_bit(r, c) for r in range(r0, r0 + half) for c in range(c0, c0 + half))
        for r0 in (0, half) for c0 in (0, half)
    )
    rows = tuple(sum(_bit(r, c) for c in range(n)) for r in range(n))
    cols = tuple(sum(_bit(r, c) for r in range(n)) for c in range(n))
    diag = tuple(sum(_bit(r, r - k) for r in range(n) if 0 <= r - k < n)
                 for k in range(-last, n))
    anti = tuple(sum(_bit(r, k - r) for r in range(n) if 0 <= k - r < n)
                 for k in range(2 * n - 1))
    return Geometry(
        size=n, region=region, squares=squares, corners=corners,
        edges_h=top | bottom, edges_v=left | right, left_col=left, right_col=right,
        edge_lines=(top, bottom, left, right), corner_info=tuple(info),
        weights=tuple(weights), square_order=tuple(order), quadrants=quadrants,
        lines=(rows, cols, diag, anti),
        walls=(left | right, top | bottom, edges, edges),
    )


GEOMETRIES = {size: make_geometry(size) for size in REGIONS}


def stable_discs(own: int, occupied: int, g: Geometry) -> int:
    """A cheap lower bound of ``own``'s stable discs: discs on a completely filled edge, and
    discs joined to an owned corner by an unbroken line of own discs along an edge."""
    stable = own & g.corners
    for line in g.edge_lines:
        if occupied & line == line:
            stable |= own & line
    if not stable:
        return 0
    not_left, not_right = ~g.left_col, ~g.right_col
    h_edges, v_edges = own & g.edges_h, own & g.edges_v
    while True:
        grow = ((((stable & not_right) << 1) | ((stable & not_left) >> 1)) & h_edges) | (
            ((stable << 8) | (stable >> 8)) & v_edges)
        new = stable | grow
        if new == stable:
            return stable
        stable = new


def stable_mask(own: int, occupied: int, g: Geometry) -> int:
    """``own``'s discs that can never be turned: a lower bound, stronger than
    :func:`stable_discs` (used by the endgame solver's stability cut-off).

    A disc is safe along one line direction when that line is full (no move can ever land on
    it), when it sits against the board's edge in that direction, or when its neighbour on that
    line is one of our stable discs. A disc safe in all four directions is stable; the set grows
    from such seeds until nothing changes.
    """
    safe = []
    for lines, wall in zip(g.lines, g.walls, strict=True):
        full = wall
        for line in lines:
            if occupied & line == line:
                full |= line
        safe.append(full)
    h0, v0, d0, a0 = safe
    stable = own & h0 & v0 & d0 & a0
    if not stable:
        return 0
    not_left, not_right = ~g.left_col, ~g.right_col
    while True:
        h = h0 | ((stable >> 1) & not_right) | ((stable << 1) & not_left)
        v = v0 | (stable >> 8) | (stable << 8)
        d = d0 | ((stable >> 9) & not_right) | ((stable << 9) & not_left)
        a = a0 | ((stable >> 7) & not_left) | ((stable << 7) & not_right)
        new = stable | (own & h & v & d & a)
        if new == stable:
            return stable
        stable = new


def evaluate(own: int, opp: int, g: Geometry) -> int:
    """The heuristic value of the position for the side to move (see the module docstring)."""
    region = g.region
    occupied = own | opp
    empty = region & ~occupied
    w_mob, w_pot, w_corner, w_x, w_c, w_stable, w_disc, w_parity = g.weights[empty.bit_count()]
    my_moves = legal_mask(own, opp, region).bit_count()
    their_moves = legal_mask(opp, own, region).bit_count()
    score = w_mob * (my_moves - their_moves)
    score += w_pot * (potential_mobility_mask(opp, empty).bit_count()
                      - potential_mobility_mask(own, empty).bit_count())
    score += w_corner * ((own & g.corners).bit_count() - (opp & g.corners).bit_count())
    for corner, x_square, c_squares in g.corner_info:
        if empty & corner:
            score += w_x * (bool(own & x_square) - bool(opp & x_square))
            score += w_c * ((own & c_squares).bit_count() - (opp & c_squares).bit_count())
    if occupied & g.corners:
        score += w_stable * (stable_discs(own, occupied, g).bit_count()
                             - stable_discs(opp, occupied, g).bit_count())
    score += w_disc * (own.bit_count() - opp.bit_count())
    score += w_parity if empty.bit_count() & 1 else -w_parity
    if score >= EVAL_LIMIT:
        return EVAL_LIMIT - 1
    if score <= -EVAL_LIMIT:
        return 1 - EVAL_LIMIT
    return score
