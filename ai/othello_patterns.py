"""A learnt pattern evaluation for the Othello engine (issue 15, "evaluation from data").

The board is read through 46 windows, the *patterns*, in the spirit of Logistello: the four
edges each with its two X-squares (10 squares), the four 3x3 corner blocks, the eight 2x5 corner
blocks (each corner seen along both of its edges), the rows and columns 2, 3 and 4 from each
side, and every diagonal of 4 to 8 squares. Each window shows one of ``3**n`` patterns (each
square empty, the mover's, the opponent's); a *family* of windows (all eight symmetric images
of one shape) shares one table of values, and a table gives a pattern and its mirror image the
same value, so the evaluation is exactly the same under the board's eight symmetries.

The value of a position for the side to move, in the engine's points (100 = one disc of final
margin), is the sum of its 46 pattern values plus a mobility term (legal moves of the mover
minus the opponent's), a parity term (odd number of empties) and a constant, with one set of
weights per *phase* (:data:`PHASE_WIDTH` empties each), minus one *offset* per number of
empty squares. The weights are fitted by ``tools/fit_othello_patterns.py`` (regression on
positions from self-play labelled by the exact solver, see that script) and shipped as
``assets/othello/patterns.npz``.

The offsets centre the evaluation: one board seen by either side to move should not favour
the mover on average. The fitted weights did, by up to 17 discs in the opening (+15.5 on the
starting position, which is a draw), because the fit's targets there lean on an n-tuple
network that values after-states and gives the side to move about half a unit too much (see
docs/experiments.md). The fit script measures, over seeded random games, the mean of
``(value(own, opp) + value(opp, own)) / 2`` at each number of empties and stores it as the
offset (``centre``). A constant at each number of empties leaves the move chosen by a fixed-
depth search unchanged wherever all leaves have the same number of empties (no pass).

Speed: the engine's search is pure Python and calls the evaluation at every leaf, so a pattern
index is never built square by square. An index is linear in the squares, so the 46 indices are
kept as 32-bit fields of one integer: a position's are the offsets plus one precomputed table
entry per byte of each bitboard (:func:`packed_indices`), and a move updates them by one unit
per changed square (:func:`child_indices`); the evaluation sums the table entries at the
unpacked fields with ``map``. :func:`indices` builds the same indices line by line (each row is
one byte, each column and diagonal gathered into a byte by one "magic" multiplication, the pair
of bytes indexing a table of base-3 numbers): it is the reference the packed ones are tested
against, and the fitting script's. ``benchmarks/othello.py eval`` measures a call.

The file is ``.npz`` read with ``allow_pickle=False``; a missing, corrupt or mismatching file
makes :func:`load_evaluator` log a warning and give the hand-tuned
:func:`ai.othello_eval.evaluate` instead, so the engine always has an evaluation.
"""

from __future__ import annotations

import io
import json
import logging
import sys
import weakref
import zipfile
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ai.othello_eval import EVAL_LIMIT, Geometry, evaluate
from game.rules.othello import legal_mask

LOG = logging.getLogger(__name__)

Evaluator = Callable[[int, int, Geometry], int]

#: Marks a pattern-weight file as ours, and its layout version.
FILE_FORMAT = "ai-game-lab othello patterns"
FILE_VERSION = 1
#: Largest weight file accepted (bytes on disk and the arrays once decompressed).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Empty squares per phase: phase ``p`` holds the positions with ``5p`` to ``5p + 4`` empties.
PHASE_WIDTH = 5
PHASES = 60 // PHASE_WIDTH + 1
#: The scalar features after the patterns, in the order of a file's ``scalars`` columns.
SCALARS = ("mobility", "parity", "bias")
#: Entries of a file's ``offsets``: one per number of empty squares, 0 to 60 (a position
#: with more empties, on paper only, uses the last).
OFFSETS_SIZE = 61


@dataclass(frozen=True)
class Family:
    """One pattern family: its name, squares per window, windows on the board, and the
    permutation of its digits that maps a pattern to its mirror image (``None``: no mirror)."""

    name: str
    cells: int
    windows: int
    mirror: tuple[int, ...] | None


def _reverse(n: int) -> tuple[int, ...]:
    return tuple(range(n - 1, -1, -1))


#: The families in the order of :func:`indices`. Digit order of each family's index: edge+2X
#: = the edge's 8 squares, then its X-squares (b2 side, g2 side); corner3x3 = three rows of
#: three from the corner; corner2x5 = the edge's five squares from the corner, then the five
#: beside them; lines and diagonals = square by square.
FAMILIES: tuple[Family, ...] = (
    Family("edge+2X", 10, 4, (7, 6, 5, 4, 3, 2, 1, 0, 9, 8)),
    Family("corner3x3", 9, 4, (0, 3, 6, 1, 4, 7, 2, 5, 8)),
    Family("corner2x5", 10, 8, None),
    Family("row2", 8, 4, _reverse(8)),
    Family("row3", 8, 4, _reverse(8)),
    Family("row4", 8, 4, _reverse(8)),
    Family("diag8", 8, 2, _reverse(8)),
    Family("diag7", 7, 4, _reverse(7)),
    Family("diag6", 6, 4, _reverse(6)),
    Family("diag5", 5, 4, _reverse(5)),
    Family("diag4", 4, 4, _reverse(4)),
)


def _offsets() -> tuple[tuple[int, ...], int]:
    out = []
    start = 0
    for fam in FAMILIES:
        out.append(start)
        start += 3 ** fam.cells
    return tuple(out), start


OFFSETS, PATTERN_WEIGHTS = _offsets()
WINDOWS = sum(f.windows for f in FAMILIES)

# --- byte tables ------------------------------------------------------------------------------
# A 16-bit key is (mover's byte) | (opponent's byte << 8) of one line of eight squares.


def _ternary(key: int, bits: Sequence[int]) -> int:
    """Base-3 number of the squares at ``bits`` of a key: digit i is square ``bits[i]``
    (0 empty, 1 mover, 2 opponent)."""
    own, opp = key & 255, key >> 8
    value = 0
    for i, b in enumerate(bits):
        value += 3 ** i * ((own >> b & 1) + 2 * (opp >> b & 1))
    return value


def _key_table(bits: Sequence[int]) -> list[int]:
    return [_ternary(k, bits) if not (k & (k >> 8)) else 0 for k in range(65536)]


_ALL8 = _key_table(range(8))  # the whole line, digit i = bit i
_LO3 = _key_table((0, 1, 2))  # three squares from the low end
_HI3 = _key_table((7, 6, 5))  # three squares from the high end, outward first
_LO5 = _key_table((0, 1, 2, 3, 4))
_HI5 = _key_table((7, 6, 5, 4, 3))
_X2 = _key_table((1, 6))  # the X-squares of a line next to an edge
del _key_table

_COL0 = 0x0101010101010101
_COL_MAGIC = 0x0102040810204080  # bit 8r of a column lands on bit 56 + r
_DIAG_MAGIC = 0x0101010101010101  # bits on distinct columns land on bit 56 + column


def _diag_mask(squares: Sequence[tuple[int, int]]) -> int:
    return sum(1 << (r * 8 + c) for r, c in squares)


# Diagonals parallel to a1-h8 (row - col constant) and to h1-a8 (row + col constant). The
# two diagonals of 4 in one direction cover columns 0-3 and 4-7, so one product gathers both.
_D8 = (_diag_mask([(i, i) for i in range(8)]), _diag_mask([(i, 7 - i) for i in range(8)]))
_D7 = tuple(_diag_mask(s) for s in (
    [(i, i + 1) for i in range(7)], [(i + 1, i) for i in range(7)],
    [(i, 6 - i) for i in range(7)], [(i + 1, 7 - i) for i in range(7)]))
_D6 = tuple(_diag_mask(s) for s in (
    [(i, i + 2) for i in range(6)], [(i + 2, i) for i in range(6)],
    [(i, 5 - i) for i in range(6)], [(i + 2, 7 - i) for i in range(6)]))
_D5 = tuple(_diag_mask(s) for s in (
    [(i, i + 3) for i in range(5)], [(i + 3, i) for i in range(5)],
    [(i, 4 - i) for i in range(5)], [(i + 3, 7 - i) for i in range(5)]))
_D4 = (_diag_mask([(i, i + 4) for i in range(4)] + [(i + 4, i) for i in range(4)]),
       _diag_mask([(i, 3 - i) for i in range(4)] + [(i + 4, 7 - i) for i in range(4)]))

_DIAGS = (*_D8, *_D7, *_D6, *_D5, *_D4)
_O_EDGE, _O_C33, _O_C25, _O_R2, _O_R3, _O_R4, _O_D8, _O_D7, _O_D6, _O_D5, _O_D4 = OFFSETS
_P8 = 6561  # 3**8: the X-squares' digits of edge+2X
_P5 = 243  # 3**5: the second line of a 2x5 block
_P3, _P6 = 27, 729


def indices(own: int, opp: int) -> tuple[int, ...]:
    """The 46 pattern indices of the position (``own`` = the side to move), each already
    offset into one phase's flat weight vector (see :data:`OFFSETS`)."""
    a, t = _ALL8, _COL0
    r0 = (own & 255) | (opp & 255) << 8
    r1 = (own >> 8 & 255) | (opp & 0xFF00)
    r2 = (own >> 16 & 255) | (opp >> 8 & 0xFF00)
    r3 = (own >> 24 & 255) | (opp >> 16 & 0xFF00)
    r4 = (own >> 32 & 255) | (opp >> 24 & 0xFF00)
    r5 = (own >> 40 & 255) | (opp >> 32 & 0xFF00)
    r6 = (own >> 48 & 255) | (opp >> 40 & 0xFF00)
    r7 = (own >> 56) | (opp >> 48 & 0xFF00)
    m = _COL_MAGIC
    c0 = ((own & t) * m >> 56 & 255) | ((opp & t) * m >> 48 & 0xFF00)
    c1 = ((own >> 1 & t) * m >> 56 & 255) | ((opp >> 1 & t) * m >> 48 & 0xFF00)
    c2 = ((own >> 2 & t) * m >> 56 & 255) | ((opp >> 2 & t) * m >> 48 & 0xFF00)
    c3 = ((own >> 3 & t) * m >> 56 & 255) | ((opp >> 3 & t) * m >> 48 & 0xFF00)
    c4 = ((own >> 4 & t) * m >> 56 & 255) | ((opp >> 4 & t) * m >> 48 & 0xFF00)
    c5 = ((own >> 5 & t) * m >> 56 & 255) | ((opp >> 5 & t) * m >> 48 & 0xFF00)
    c6 = ((own >> 6 & t) * m >> 56 & 255) | ((opp >> 6 & t) * m >> 48 & 0xFF00)
    c7 = ((own >> 7 & t) * m >> 56 & 255) | ((opp >> 7 & t) * m >> 48 & 0xFF00)
    d = _DIAG_MAGIC
    g = [((own & k) * d >> 56 & 255) | ((opp & k) * d >> 48 & 0xFF00)
         for k in _DIAGS]
    lo3, hi3, lo5, hi5, x2 = _LO3, _HI3, _LO5, _HI5, _X2
    e, c33, c25 = _O_EDGE, _O_C33, _O_C25
    return (
        e + a[r0] + _P8 * x2[r1], e + a[r7] + _P8 * x2[r6],
        e + a[c0] + _P8 * x2[c1], e + a[c7] + _P8 * x2[c6],
        c33 + lo3[r0] + _P3 * lo3[r1] + _P6 * lo3[r2],
        c33 + hi3[r0] + _P3 * hi3[r1] + _P6 * hi3[r2],
        c33 + lo3[r7] + _P3 * lo3[r6] + _P6 * lo3[r5],
        c33 + hi3[r7] + _P3 * hi3[r6] + _P6 * hi3[r5],
        c25 + lo5[r0] + _P5 * lo5[r1], c25 + hi5[r0] + _P5 * hi5[r1],
        c25 + lo5[r7] + _P5 * lo5[r6], c25 + hi5[r7] + _P5 * hi5[r6],
        c25 + lo5[c0] + _P5 * lo5[c1], c25 + hi5[c0] + _P5 * hi5[c1],
        c25 + lo5[c7] + _P5 * lo5[c6], c25 + hi5[c7] + _P5 * hi5[c6],
        _O_R2 + a[r1], _O_R2 + a[r6], _O_R2 + a[c1], _O_R2 + a[c6],
        _O_R3 + a[r2], _O_R3 + a[r5], _O_R3 + a[c2], _O_R3 + a[c5],
        _O_R4 + a[r3], _O_R4 + a[r4], _O_R4 + a[c3], _O_R4 + a[c4],
        _O_D8 + a[g[0]], _O_D8 + a[g[1]],
        # Diagonals shorter than 8 sit at their columns' bits: shifted down to start at bit 0.
        _O_D7 + a[g[2] >> 1], _O_D7 + a[g[3]], _O_D7 + a[g[4]], _O_D7 + a[g[5] >> 1],
        _O_D6 + a[g[6] >> 2], _O_D6 + a[g[7]], _O_D6 + a[g[8]], _O_D6 + a[g[9] >> 2],
        _O_D5 + a[g[10] >> 3], _O_D5 + a[g[11]], _O_D5 + a[g[12]], _O_D5 + a[g[13] >> 3],
        _O_D4 + a[g[14] & 0x0F0F], _O_D4 + a[g[14] >> 4 & 0x0F0F],
        _O_D4 + a[g[15] & 0x0F0F], _O_D4 + a[g[15] >> 4 & 0x0F0F],
    )


# --- packed indices: the 46 indices as fields of one integer, built from byte tables ---------
#
# An index is linear in the squares: the window's offset plus, for every square of the window,
# 3**digit (mover's disc) or 2 * 3**digit (opponent's). With the 46 indices as 32-bit fields of
# one Python integer (window w at bits 32w), a square's contribution to all of them is one
# integer, :data:`SQUARE_UNIT`, and a position's indices are the offsets plus sixteen table
# entries (each row's byte of each side): one addition per byte instead of the line gathering
# of :func:`indices` (about four times cheaper here). The same units update the indices along a
# move (:func:`child_indices`). Fields never carry into each other: every index is below 2**18.

#: Bytes of a packed index vector (WINDOWS fields of 32 bits, least significant first).
PACKED_BYTES = 4 * WINDOWS
assert array("I").itemsize == 4 and PATTERN_WEIGHTS < 1 << 32


def pack_indices(idx: Sequence[int]) -> int:
    """The indices as one integer, index ``w`` in bits ``32w`` to ``32w + 31``."""
    return int.from_bytes(array("I", idx).tobytes(), "little")


def unpack_indices(packed: int) -> Sequence[int]:
    """The 46 indices of a packed vector (see :func:`pack_indices`)."""
    view = array("I", packed.to_bytes(PACKED_BYTES, "little"))
    if sys.byteorder != "little":
        view.byteswap()
    return view


_EMPTY_PACKED = pack_indices(indices(0, 0))
#: What one disc of the side to move on square ``sq`` adds to every window's index, packed
#: (3**digit in each window through ``sq``; an opponent's disc adds twice this).
SQUARE_UNIT = tuple(pack_indices(indices(1 << sq, 0)) - _EMPTY_PACKED for sq in range(64))
# _MINE[r][b] / _THEIRS[r][b]: the packed contribution of the mover's / opponent's discs ``b``
# on row ``r`` (one byte of a bitboard).
_MINE = [[sum(SQUARE_UNIT[8 * r + i] for i in range(8) if b >> i & 1) for b in range(256)]
         for r in range(8)]
_THEIRS = [[2 * v for v in row] for row in _MINE]


def packed_indices(own: int, opp: int) -> int:
    """The 46 pattern indices of :func:`indices`, packed (see :func:`pack_indices`)."""
    m0, m1, m2, m3, m4, m5, m6, m7 = _MINE
    t0, t1, t2, t3, t4, t5, t6, t7 = _THEIRS
    return (_EMPTY_PACKED
            + m0[own & 255] + m1[own >> 8 & 255] + m2[own >> 16 & 255] + m3[own >> 24 & 255]
            + m4[own >> 32 & 255] + m5[own >> 40 & 255] + m6[own >> 48 & 255] + m7[own >> 56]
            + t0[opp & 255] + t1[opp >> 8 & 255] + t2[opp >> 16 & 255] + t3[opp >> 24 & 255]
            + t4[opp >> 32 & 255] + t5[opp >> 40 & 255] + t6[opp >> 48 & 255]
            + t7[opp >> 56])


#: Twice each square unit (a disc placed seen from the opponent's side).
_DOUBLE_UNIT = tuple(2 * u for u in SQUARE_UNIT)


def child_indices(mine: int, theirs: int, sq: int, flips: int) -> tuple[int, int]:
    """The packed indices after the mover plays ``sq`` flipping ``flips``, updated from the
    position's own: ``mine`` are its indices seen by the mover (:func:`packed_indices` of
    ``(own, opp)``), ``theirs`` seen by the opponent (of ``(opp, own)``). Returns the child's
    pair, seen by its mover (the opponent) first."""
    flipped = 0
    while flips:
        b = flips & -flips
        flips ^= b
        flipped += SQUARE_UNIT[b.bit_length() - 1]
    # For the opponent the new disc is theirs (2) and each flipped disc goes from 1 to 2.
    return theirs + _DOUBLE_UNIT[sq] + flipped, mine + SQUARE_UNIT[sq] - flipped


def phase_of(empties: int) -> int:
    """The phase of a position with ``empties`` empty squares (8x8)."""
    return min(empties, 60) // PHASE_WIDTH


# --- canonical indices (for fitting: a pattern and its mirror share one weight) ---------------


def canonical_map() -> npt.NDArray[np.int64]:
    """For every flat pattern index, the smaller of it and its mirror image's index."""
    out = np.arange(PATTERN_WEIGHTS, dtype=np.int64)
    for fam, start in zip(FAMILIES, OFFSETS, strict=True):
        if fam.mirror is None:
            continue
        count = 3 ** fam.cells
        idx = np.arange(count, dtype=np.int64)
        powers = 3 ** np.arange(fam.cells, dtype=np.int64)
        digits = (idx[:, None] // powers) % 3
        mirrored = digits[:, list(fam.mirror)] @ powers
        out[start:start + count] = start + np.minimum(idx, mirrored)
    return out


# --- weights: file, checks, evaluator ---------------------------------------------------------


class PatternFileError(ValueError):
    """A pattern-weight file cannot be used; the message says why."""


@dataclass
class PatternWeights:
    """Per-phase weights: ``patterns`` (PHASES x PATTERN_WEIGHTS, points) and ``scalars``
    (PHASES x len(SCALARS)), the header that says how they were made, and the ``offsets``
    (OFFSETS_SIZE points, by number of empty squares) subtracted from every value (None: no
    offsets; see the module docstring)."""

    patterns: npt.NDArray[np.int16]
    scalars: npt.NDArray[np.int32]
    header: dict[str, Any]
    offsets: npt.NDArray[np.int32] | None = None

    def offsets_or_zeros(self) -> npt.NDArray[np.int32]:
        """The offsets, zeros when there are none."""
        if self.offsets is None:
            return np.zeros(OFFSETS_SIZE, dtype=np.int32)
        return self.offsets

    def to_bytes(self) -> bytes:
        """The weights as a compressed ``.npz``."""
        buf = io.BytesIO()
        header = dict(self.header, format=FILE_FORMAT, version=FILE_VERSION, phases=PHASES,
                      phase_width=PHASE_WIDTH, families=[f.name for f in FAMILIES],
                      scalars=list(SCALARS))
        np.savez_compressed(buf, header=np.array(json.dumps(header)),
                            patterns=self.patterns, scalars=self.scalars,
                            offsets=self.offsets_or_zeros())
        return buf.getvalue()


def read_weights(data: bytes) -> PatternWeights:
    """Parse and check a weight file's bytes; raise PatternFileError saying what is wrong."""
    if len(data) > MAX_FILE_BYTES:
        raise PatternFileError(f"file too large ({len(data)} bytes)")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            for name in ("header", "patterns", "scalars", "offsets"):
                if name not in z.files:
                    if name == "offsets":
                        continue  # files written before the offsets existed: none
                    raise PatternFileError(f"no '{name}' array in the file")
                info = z.zip.getinfo(f"{name}.npy")
                if info.file_size > MAX_FILE_BYTES:
                    raise PatternFileError(f"array '{name}' too large")
            header = json.loads(str(z["header"]))
            patterns = z["patterns"]
            scalars = z["scalars"]
            offsets = z["offsets"] if "offsets" in z.files else None
    except PatternFileError:
        raise
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as exc:
        raise PatternFileError(f"not a readable .npz weight file ({exc})") from exc
    if not isinstance(header, dict) or header.get("format") != FILE_FORMAT:
        raise PatternFileError("not an Othello pattern-weight file")
    if header.get("version") != FILE_VERSION or header.get("phase_width") != PHASE_WIDTH:
        raise PatternFileError(f"layout version {header.get('version')!r} is not "
                               f"{FILE_VERSION} with phases of {PHASE_WIDTH} empties")
    if patterns.shape != (PHASES, PATTERN_WEIGHTS) or patterns.dtype != np.int16:
        raise PatternFileError(f"pattern table of shape {patterns.shape} {patterns.dtype}, "
                               f"expected ({PHASES}, {PATTERN_WEIGHTS}) int16")
    if scalars.shape != (PHASES, len(SCALARS)) or scalars.dtype != np.int32:
        raise PatternFileError(f"scalar table of shape {scalars.shape} {scalars.dtype}, "
                               f"expected ({PHASES}, {len(SCALARS)}) int32")
    if np.abs(scalars).max() > EVAL_LIMIT:
        raise PatternFileError("scalar weights out of range")
    if offsets is not None:
        if offsets.shape != (OFFSETS_SIZE,) or offsets.dtype != np.int32:
            raise PatternFileError(f"offsets of shape {offsets.shape} {offsets.dtype}, "
                                   f"expected ({OFFSETS_SIZE},) int32")
        if np.abs(offsets).max() > EVAL_LIMIT:
            raise PatternFileError("offsets out of range")
    return PatternWeights(patterns, scalars, header, offsets)


def shipped_path() -> Path:
    """The weights shipped with the app (``assets/othello/patterns.npz``)."""
    from game.resources import asset

    return asset("othello", "patterns.npz")


def make_evaluator(weights: PatternWeights) -> Evaluator:
    """The weights as an engine evaluator ``(own, opp, geometry) -> points`` for the side to
    move; boards other than 8x8 get the hand-tuned evaluation. Its form that takes the move
    counts from the caller is :func:`mobility_form` of it."""
    # Compact arrays (2 bytes a weight) rather than lists of ints: a phase's table stays in
    # the processor's cache, which makes a call about a third faster here.
    tables = [array("h", row.astype(np.int16).tobytes()) for row in weights.patterns]
    mob_w, par_w, bias_w = ([int(v) for v in weights.scalars[:, i]] for i in range(3))
    by_empties = [phase_of(e) for e in range(65)]
    offsets = [int(v) for v in weights.offsets_or_zeros()]
    # Everything that depends on the number of empties alone, summed once: bias, parity and
    # the centring offset.
    constant = [bias_w[phase_of(e)] + (par_w[phase_of(e)] if e & 1 else -par_w[phase_of(e)])
                - offsets[min(e, OFFSETS_SIZE - 1)] for e in range(65)]
    limit = EVAL_LIMIT - 1
    hand = evaluate
    packed, unpack = packed_indices, unpack_indices

    def given_mobility(own: int, opp: int, mobility: int, packed_idx: int) -> int:
        empties = 64 - (own | opp).bit_count()
        ph = by_empties[empties]
        score: int = sum(map(tables[ph].__getitem__, unpack(packed_idx)))
        score += mob_w[ph] * mobility + constant[empties]
        if score > limit:
            return limit
        if score < -limit:
            return -limit
        return score

    def pattern_evaluate(own: int, opp: int, g: Geometry) -> int:
        if g.size != 8:
            return hand(own, opp, g)
        # Two move generations, about half of the call: the search's frontier nodes count
        # them for all their children at once and call given_mobility instead.
        return given_mobility(
            own, opp, legal_mask(own, opp).bit_count() - legal_mask(opp, own).bit_count(),
            packed(own, opp))

    _MOBILITY_FORMS[pattern_evaluate] = given_mobility
    return pattern_evaluate


#: An evaluation on the 8x8 board that is given the mover's number of legal moves minus the
#: opponent's and the position's :func:`packed_indices`: ``(own, opp, mobility, indices) ->
#: points``.
MobilityEvaluator = Callable[[int, int, int, int], int]

_MOBILITY_FORMS: weakref.WeakKeyDictionary[Evaluator, MobilityEvaluator] = (
    weakref.WeakKeyDictionary())


def mobility_form(evaluator: Evaluator) -> MobilityEvaluator | None:
    """For an evaluator made by :func:`make_evaluator`, the same evaluation (8x8 only) taking
    the mobility and the pattern indices from the caller, who may count the mobility of many
    positions at once and update the indices along a move (:func:`child_indices`); None for
    other evaluators."""
    return _MOBILITY_FORMS.get(evaluator)


def load_evaluator(path: Path | None = None) -> tuple[Evaluator, str]:
    """The pattern evaluator of the weight file at ``path`` (the shipped one by default), and
    a line saying what was loaded. A missing or unusable file logs a warning and gives the
    hand-tuned evaluation: the engine always plays."""
    path = path if path is not None else shipped_path()
    try:
        data = path.read_bytes()
        weights = read_weights(data)
    except (OSError, PatternFileError) as exc:
        message = (f"Othello pattern weights {path} unusable ({exc}); "
                   f"using the hand-tuned evaluation")
        LOG.warning(message)
        return evaluate, message
    return make_evaluator(weights), f"Othello pattern weights from {path}"


_SHIPPED: list[Evaluator] = []


def shipped_evaluator() -> Evaluator:
    """The shipped weights' evaluator, read once per process (or the hand-tuned fallback)."""
    if not _SHIPPED:
        _SHIPPED.append(load_evaluator()[0])
    return _SHIPPED[0]


__all__ = ["FAMILIES", "OFFSETS_SIZE", "PHASES", "MobilityEvaluator", "PatternFileError",
           "PatternWeights",
           "canonical_map", "child_indices", "indices", "load_evaluator", "make_evaluator",
           "mobility_form", "packed_indices", "phase_of", "read_weights", "shipped_evaluator",
           "unpack_indices"]
