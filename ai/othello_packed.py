"""Legal moves of many Othello positions at once, in one Python integer.

Why: in pure Python an operation on a 64-bit integer costs about as much as the same operation
on a 1,000-bit one (the cost is the interpreter's, not the arithmetic's). The move generator of
:func:`game.rules.othello.legal_mask` is about 110 such operations; the search orders a node's
moves by each child's number of replies, which took one call per child. Here the children are
laid side by side in *lanes* of :data:`LANE` bits of one integer (position ``i`` shifted by
``i * LANE``) and the same 110 operations find every child's moves together: about four times
cheaper for a node with eight moves.

Each lane holds a board in its low 64 bits and a guard of zeros above. The occluded fills shift
by at most 36 squares; every propagation step is masked with opponent discs, which are zero in
the guards, and the final ``& empty`` is zero there too, so no bit crosses from one lane into
another as long as the guard is wider than the longest shift (a test checks lanes against
single calls).
"""

from __future__ import annotations

from functools import cache

from game.rules.othello import legal_mask

#: Bits per lane: 64 for the board, the rest a guard wider than the longest shift (36).
LANE = 104
#: One lane's board bits.
LANE_MASK = (1 << 64) - 1

_NOT_EDGE_COLS = 0x7E7E7E7E7E7E7E7E  # a sideways or diagonal run cannot cross a side edge
_NOT_EDGE_ROWS = 0x00FFFFFFFFFFFF00


def pack(boards: list[int]) -> int:
    """``boards`` side by side, board ``i`` in lane ``i``."""
    out = 0
    for i, board in enumerate(boards):
        out |= board << (i * LANE)
    return out


def unpack(packed: int, count: int) -> list[int]:
    """The ``count`` boards of ``packed``, lane 0 first."""
    return [(packed >> (i * LANE)) & LANE_MASK for i in range(count)]


@cache
def lane_masks(count: int, region: int) -> tuple[int, int, int]:
    """For ``count`` lanes: the side-edge mask, the inner mask (no edge row or column) and the
    board's region, each repeated in every lane."""
    side = inner = area = 0
    for i in range(count):
        shift = i * LANE
        side |= _NOT_EDGE_COLS << shift
        inner |= (_NOT_EDGE_COLS & _NOT_EDGE_ROWS) << shift
        area |= region << shift
    return side, inner, area


def legal_many(own: int, opp: int, count: int, region: int) -> int:
    """The legal moves of ``count`` packed positions (``own`` to move against ``opp`` in each
    lane), packed the same way: lane ``i`` is ``legal_mask`` of position ``i``.

    The same Kogge-Stone occluded fills as :func:`game.rules.othello.legal_mask`, on all lanes
    at once.
    """
    side, inner, area = lane_masks(count, region)
    return legal_mask(own, opp, area, side, inner)
