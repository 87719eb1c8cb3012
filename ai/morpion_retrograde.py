"""Morpion solved by a numpy retrograde analysis, repetitions ignored (step 1 of ``perfect``).

A position is the side to move's cells and the other side's cells (two bitmasks; Morpion's
rules are the same for both sides once we know who moves, so X-to-move and O-to-move positions
share one table). Positions are grouped in *layers* by how many pieces each side has:
the placing layers ``(k, k)`` and ``(k, k + 1)`` for k below the board size D (the mover has k
pieces), and the moving layer ``(D, D)``, which holds the whole movement game: about 1.8 million
positions on 4x4 (1820 x 495 arrangements, either side to move), 3360 on 3x3.

The moving layer has cycles; it is solved as one graph by distance, as
:class:`ai.perfect.MorpionSolver` does for 3x3: finished positions (the side that just moved
made a line) are losses in 0; a position with a move to a loss in n is a win in n + 1; a
position whose every move leads to a win is a loss in 1 + the largest of those distances;
whatever stays unlabelled is a draw (both sides can keep the game going forever). Each round is
a few numpy gathers over every unlabelled position's moves. The placing layers cannot repeat
(pieces only arrive), so each is solved from the next in one pass.

Values are ``ai.perfect``'s integers (``WIN - n`` a win in n plies, ``-(WIN - n)`` a loss in n,
0 a draw), for the side to move, as if the repetition rule did not exist; ``perfect`` then checks
at play time, on the real game with its history, whether a win is still forced. Nothing here
imports pygame.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ai.bounds import EXACT_WIN
from game.rules.morpion import line_masks

WIN = EXACT_WIN
#: Board sizes this module solves: beyond 4x4 the moving layer alone would hold 1.6 billion
#: positions.
SIZES = (3, 4)

IntArray = npt.NDArray[np.int64]
#: Positions handled at once while building the moving layer's moves.
CHUNK = 65_536


@dataclass
class Layer:
    """The values of every position whose mover has ``mover`` pieces and the other side
    ``other``: ``values[rank(mover cells) * count(other) + rank(other cells)]`` (entries of
    overlapping masks are unused)."""

    mover: int
    other: int
    values: npt.NDArray[np.int16]


class RetrogradeTable:
    """Every Morpion position of one board size, solved (see the module docstring).

    ``value(mover_cells, other_cells)`` is the value for the side to move; ``seconds`` how long
    the solve took and ``rounds`` how many distance rounds the moving layer needed.
    """

    def __init__(self, size: int) -> None:
        if size not in SIZES:
            raise ValueError(f"the retrograde solver handles boards of size {SIZES}, not {size}")
        started = time.perf_counter()
        self.size = size
        self.cells = size * size
        cells = self.cells
        # rank[mask]: the mask's rank among the masks with as many cells (in increasing order).
        self._rank = np.zeros(1 << cells, dtype=np.int64)
        self._subsets: dict[int, IntArray] = {}
        for count in range(size + 1):
            masks = np.array(sorted(sum(1 << c for c in combo)
                                    for combo in combinations(range(cells), count)),
                             dtype=np.int64)
            self._subsets[count] = masks
            self._rank[masks] = np.arange(len(masks))
        has_line = np.zeros(1 << cells, dtype=bool)
        for line in line_masks(size):
            for count in range(size, size + 1):
                subset = self._subsets[count]
                has_line[subset[(subset & line) == line]] = True
        self._has_line = has_line
        # The cells of every mask, lowest first (padded with -1).
        bits = np.full((1 << cells, cells), -1, dtype=np.int64)
        every = np.arange(1 << cells, dtype=np.int64)
        counts = np.zeros(1 << cells, dtype=np.int64)
        for cell in range(cells):
            on = (every >> cell) & 1 == 1
            bits[on, counts[on]] = cell
            counts += on
        self._bits = bits
        self.layers: dict[tuple[int, int], Layer] = {}
        self.rounds = 0
        self._solve()
        self.seconds = time.perf_counter() - started

    # -- looking up -------------------------------------------------------------------------------

    def index(self, mover: int, other: int) -> tuple[tuple[int, int], int]:
        """The layer and the index in it of a position."""
        other_count = other.bit_count()
        layer = (mover.bit_count(), other_count)
        width = len(self._subsets[other_count])
        return layer, int(self._rank[mover]) * width + int(self._rank[other])

    def value(self, mover: int, other: int) -> int:
        """The value of the position for its side to move (repetitions ignored)."""
        layer, index = self.index(mover, other)
        return int(self.layers[layer].values[index])

    def moving_positions(self) -> int:
        """How many positions the moving layer holds (both sides to move, lines included)."""
        n = len(self._subsets[self.size])
        return n * math.comb(self.cells - self.size, self.size)

    # -- solving ----------------------------------------------------------------------------------

    def _pairs(self, mover: int, other: int) -> tuple[IntArray, IntArray, IntArray]:
        """Every position of a layer: mover masks, other masks, and their layer indices."""
        a = self._subsets[mover]
        b = self._subsets[other]
        ia, ib = np.nonzero((a[:, None] & b[None, :]) == 0)
        return a[ia], b[ib], ia * len(b) + ib

    def _empties(self, a: IntArray, b: IntArray, count: int) -> IntArray:
        """The ``count`` empty cells of each position, as cell numbers (positions x count)."""
        full = (1 << self.cells) - 1
        return self._bits[full & ~(a | b), :count]

    def _solve(self) -> None:
        n = self.size
        self._solve_moving()
        for k in range(n - 1, -1, -1):
            self._solve_placing(k, k + 1)
            self._solve_placing(k, k)

    def _solve_moving(self) -> None:
        """The moving layer (n, n), by distance rounds (see the module docstring)."""
        n = self.size
        a, b, index = self._pairs(n, n)
        width = len(self._subsets[n])
        compact = np.full(width * width, -1, dtype=np.int32)
        compact[index] = np.arange(len(index), dtype=np.int32)
        rank = self._rank.astype(np.int32)
        # Each move lifts one of the mover's pieces and puts it on a cell empty before the move;
        # the child is seen from the other side: (other cells, new mover cells). Built in
        # chunks, in 32-bit integers, so that the intermediate arrays stay in the cache.
        moves = n * (self.cells - 2 * n)
        children = np.empty((len(a), moves), dtype=np.int32)
        for start in range(0, len(a), CHUNK):
            part = slice(start, start + CHUNK)
            a32 = a[part].astype(np.int32)
            lifted = a32[:, None] ^ (1 << self._bits[a[part], :n]).astype(np.int32)
            empties = (1 << self._empties(a[part], b[part], self.cells - 2 * n)).astype(np.int32)
            moved = (lifted[:, :, None] | empties[:, None, :]).reshape(len(a32), moves)
            children[part] = compact[rank[b[part]][:, None] * width + rank[moved]]
        positions = len(a)
        # 0 unknown, -1 lost, 1 won; distance in plies.
        result = np.zeros(positions, dtype=np.int8)
        distance = np.zeros(positions, dtype=np.int16)
        # The side that just moved made a line: the game is over, lost for the side to move.
        result[self._has_line[b]] = -1
        frontier = np.nonzero(result == -1)[0]
        ply = 0
        unknown = np.nonzero(result == 0)[0]
        while len(frontier) and len(unknown):
            ply += 1
            lost_now = np.zeros(positions, dtype=bool)
            lost_now[frontier] = True
            wins = unknown[lost_now[children[unknown]].any(axis=1)]
            result[wins] = 1
            distance[wins] = ply
            unknown = unknown[result[unknown] == 0]
            won = result == 1
            losses = unknown[won[children[unknown]].all(axis=1)]
            result[losses] = -1
            distance[losses] = ply + 1
            unknown = unknown[result[unknown] == 0]
            frontier = losses
            ply += 1
        self.rounds = ply // 2
        values = np.zeros(width * width, dtype=np.int16)
        signed = np.where(result > 0, WIN - distance.astype(np.int32),
                          np.where(result < 0, -(WIN - distance.astype(np.int32)), 0))
        values[index] = signed.astype(np.int16)
        self.layers[(n, n)] = Layer(n, n, values)

    def _solve_placing(self, mover: int, other: int) -> None:
        """A placing layer from the layer its moves lead to: (other, mover + 1)."""
        a, b, index = self._pairs(mover, other)
        child_layer = self.layers[(other, mover + 1)]
        width = len(self._subsets[mover + 1])
        empties = self._empties(a, b, self.cells - mover - other)
        placed = a[:, None] | (1 << empties)
        child = child_layer.values[self._rank[b][:, None] * width + self._rank[placed]]
        child32 = child.astype(np.int32)
        # The value of a move for its mover, from the child's value: negated, one ply further.
        through = np.where(child32 > 0, 1 - child32, np.where(child32 < 0, -child32 - 1, 0))
        best = through.max(axis=1)
        best[self._has_line[b]] = -WIN
        values = np.zeros(len(self._subsets[mover]) * len(self._subsets[other]), dtype=np.int16)
        values[index] = best.astype(np.int16)
        self.layers[(mover, other)] = Layer(mover, other, values)


_tables: dict[int, RetrogradeTable] = {}
_lock = threading.Lock()


def table(size: int) -> RetrogradeTable:
    """The solved table of a board size (solved once per process, on first use; a second
    thread asking meanwhile waits for the same solve)."""
    solved = _tables.get(size)
    if solved is None:
        with _lock:
            solved = _tables.get(size)
            if solved is None:
                solved = _tables[size] = RetrogradeTable(size)
    return solved
