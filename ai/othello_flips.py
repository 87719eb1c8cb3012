"""Fast flip functions for the Othello engine: one small function per square, generated once at
import from the board's geometry.

``FLIPS[sq](own, opp)`` is the mask of ``opp`` discs that a disc played by ``own`` on the empty
square ``sq`` turns, exactly :func:`game.rules.othello.flip_mask` (a test checks they agree).
Why generate code: in pure Python the cost is in interpreting operations, not in the arithmetic.
A function written for one square skips the directions that cannot flip anything from there
(fewer than two squares to the edge), looks at a direction only when the adjacent square holds
an opponent disc, and has its ray masks as constants; it runs about three times faster than the
general loop over eight rays, and the endgame solver spends most of its time flipping discs.
"""

from __future__ import annotations

from collections.abc import Callable

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
    for square in range(64):
        exec(flip_source(square), namespace)  # our own generated source, no input
    return tuple(namespace[f"flips_{square}"] for square in range(64))


#: ``FLIPS[square](own, opp)``: the discs turned by ``own`` playing on the empty ``square``.
FLIPS: tuple[Callable[[int, int], int], ...] = _build()
