"""Fast flip functions for the Othello engine: one small function per square, generated once at
import from the board's geometry.

``FLIPS[sq](own, opp)`` is the mask of ``opp`` discs that a disc played by ``own`` on the empty
square ``sq`` turns, exactly :func:`game.rules.othello.flip_mask` (a test checks they agree).
Why generate code: in pure Python the cost is in interpreting operations, not in the arithmetic.
A function written for one square skips the directions that cannot flip anything from there
(fewer than two squares to the edge), looks at a direction only when the adjacent square holds
an opponent disc, and has its ray masks as constants; it runs about three times faster than the
general loop over eight rays, and the endgame solver spends most of its time flipping discs.

``LAST[sq](own, diff)`` scores the last empty square without flipping anything: on a full 8x8
board but for ``sq`` every square not ``own``'s is the opponent's, so the discs turned along each
of the four lines through ``sq`` (by either side) depend on ``own``'s discs on that line alone,
read as a byte (a shift, or a multiplication gathering a column or diagonal) and looked up in a
table built at import. Four lookups replace up to sixteen ray tests.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from game.rules.othello import ray_mask

# (row step, column step); rays going towards higher bits first.
_DIRECTIONS = ((0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1))


def flip_source(square: int) -> str:
    """The Python source of the flip function of ``square``.

    Along a ray towards higher bits the nearest non-opponent square is the lowest set bit of
    ``ray & ~opp``; towards lower bits it is the highest. Discs are turned when that square
    holds one of ours: the ray's squares before it.
    """
    row, col = divmod(square, 8)
    out = [f"def flips_{square}(own: int, opp: int) -> int:", "    f = 0"]
    for drow, dcol in _DIRECTIONS:
        ray = ray_mask(square, drow, dcol)
        if ray.bit_count() < 2:  # a flip needs an opponent disc and one of ours beyond it
            continue
        adjacent = (row + drow) * 8 + col + dcol
        out.append(f"    if opp & {1 << adjacent:#x}:")
        out.append(f"        x = {ray:#x} & ~opp")
        if adjacent > square:
            out.append("        x &= -x")
            out.append("        if x & own:")
            out.append(f"            f |= {ray:#x} & (x - 1)")
        else:
            out.append("        n = x.bit_length()")
            out.append("        if n and own >> (n - 1) & 1:")
            out.append(f"            f |= {ray:#x} >> n << n")
    out.append("    return f")
    return "\n".join(out)


def _build() -> tuple[Callable[[int, int], int], ...]:
    namespace: dict[str, Callable[[int, int], int]] = {}
    # One exec for all: compiling is most of the cost of building.
    exec("\n\n".join(flip_source(square) for square in range(64)), namespace)
    return tuple(namespace[f"flips_{square}"] for square in range(64))


#: ``FLIPS[square](own, opp)``: the discs turned by ``own`` playing on the empty ``square``.
FLIPS: tuple[Callable[[int, int], int], ...] = _build()


# --- the last empty square: scores from line tables --------------------------------------------

_COL0 = 0x0101010101010101
_GATHER_COL = 0x0102040810204080  # a column's bits to one byte (no carries)
# Line directions through a square: (row step, column step) and how the mover's discs on the
# line become an index of at most 8 bits (each expression is one-to-one on its line's squares:
# a test builds every pattern and checks it).
_LINES = ((0, 1), (1, 0), (1, 1), (1, -1))


def _line(square: int, drow: int, dcol: int) -> int:
    """The mask of the whole line through ``square`` in one direction (both ways)."""
    return ray_mask(square, drow, dcol) | ray_mask(square, -drow, -dcol) | (1 << square)


def _index_source(square: int, direction: int, line: int) -> str:
    """Python expression turning ``own`` into an index of its discs on ``line`` (< 256)."""
    row, col = divmod(square, 8)
    if direction == 0:
        return f"(own >> {8 * row}) & 255"
    if direction == 1:
        return f"((own >> {col}) & {_COL0:#x}) * {_GATHER_COL:#x} >> 56 & 255"
    return f"(own & {line:#x}) * {_COL0:#x} >> 56 & 255"


def _index(own: int, square: int, direction: int, line: int) -> int:
    """What :func:`_index_source`'s expression computes (to fill the tables without
    compiling each expression; the generated functions are checked against the rules)."""
    if direction == 0:
        return (own >> (8 * (square // 8))) & 255
    if direction == 1:
        return ((own >> (square % 8)) & _COL0) * _GATHER_COL >> 56 & 255
    return (own & line) * _COL0 >> 56 & 255


@cache
def _line_counts(cells: int, at: int) -> tuple[list[int], list[int]]:
    """For a line of ``cells`` squares with the empty one at position ``at``, and every way
    ``k`` of owning the other squares (bit ``i`` of ``k``: the ``i``-th other square, in line
    order, is the mover's; the rest are the opponent's): how many discs the mover turns by
    playing at ``at``, and how many the opponent turns."""
    others = [i for i in range(cells) if i != at]
    mine, theirs = [], []
    for k in range(1 << len(others)):
        owner = {cell: (k >> i) & 1 for i, cell in enumerate(others)}
        counts = [0, 0]
        for side in (1, 0):  # 1: the mover plays, 0: the opponent plays
            for step in (1, -1):
                run, cell = 0, at + step
                while 0 <= cell < cells and owner[cell] != side:
                    run += 1
                    cell += step
                if 0 <= cell < cells and run:
                    counts[side] += run
        mine.append(counts[1])
        theirs.append(counts[0])
    return mine, theirs


def last_source(square: int) -> tuple[str, dict[str, tuple[int, ...]]]:
    """The source of ``last_<square>(own, diff)`` and the tables it reads.

    On a board full but for ``square``, the opponent owns every square ``own`` does not; so
    the flips along each line through ``square``, for either side, depend only on ``own``'s
    discs on that line. The tables hold twice those counts, indexed by those discs.
    """
    lines: list[str] = []
    tables: dict[str, tuple[int, ...]] = {}
    for direction, (drow, dcol) in enumerate(_LINES):
        line = _line(square, drow, dcol)
        if line.bit_count() < 3:  # a flip needs a disc between two others on the line
            continue
        expr = _index_source(square, direction, line)
        cells = [b for b in range(64) if (line >> b) & 1]  # line order is bit order
        at = cells.index(square)
        others = [1 << b for b in cells if b != square]
        counts_mine, counts_theirs = _line_counts(len(cells), at)
        mine = [0] * 256
        theirs = [0] * 256
        seen: dict[int, int] = {}
        boards = [0]
        for bit in others:  # boards[k]: the mover's discs for pattern k
            boards += [b | bit for b in boards]
        for k, own in enumerate(boards):
            index = _index(own, square, direction, line)
            assert seen.setdefault(index, k) == k, (square, direction)  # one-to-one
            mine[index] = 2 * counts_mine[k]
            theirs[index] = 2 * counts_theirs[k]
        n = len(lines)
        tables[f"M{square}_{n}"] = tuple(mine)
        tables[f"T{square}_{n}"] = tuple(theirs)
        lines.append(expr)
    out = [f"def last_{square}(own: int, diff: int) -> int:"]
    for k, expr in enumerate(lines):
        out.append(f"    i{k} = {expr}")
    mine_sum = " + ".join(f"M{square}_{k}[i{k}]" for k in range(len(lines)))
    theirs_sum = " + ".join(f"T{square}_{k}[i{k}]" for k in range(len(lines)))
    out += [
        f"    n = {mine_sum}",
        "    if n:",
        "        return diff + n + 1",
        f"    n = {theirs_sum}",
        "    if n:",
        "        return diff - n - 1",
        "    return diff + 1 if diff > 0 else diff - 1 if diff < 0 else 0",
    ]
    return "\n".join(out), tables


def _build_last() -> tuple[Callable[[int, int], int], ...]:
    namespace: dict[str, object] = {}
    sources = []
    for square in range(64):
        source, tables = last_source(square)
        namespace.update(tables)
        sources.append(source)
    exec("\n\n".join(sources), namespace)  # our own generated source, no input
    return tuple(namespace[f"last_{square}"] for square in range(64))  # type: ignore[misc]


#: ``LAST[square](own, diff)``: the final disc margin for the side to move when ``square`` is
#: the only empty square, ``own`` its discs and ``diff`` its disc count minus the opponent's:
#: it plays there if it can, else the opponent does, else the square goes to the winner.
LAST: tuple[Callable[[int, int], int], ...] = _build_last()
