"""An n-tuple network that learns to value Othello positions by self-play (TD learning).

The seeds' learners keep one box per position: that works for Nim and Hexapawn, never for
Othello (about 10^28 positions). An *n-tuple network* generalises instead. It looks at the board
through a fixed set of small windows (the *tuples*: a row, an edge, a corner block, a diagonal);
each window of ``n`` squares is in one of ``3^n`` *patterns* (each square empty, mine or the
opponent's), and the network holds one learnt number per pattern of each window. The value of a
position is the sum of the numbers of the patterns it shows, squashed to ``(-1, 1)`` by tanh:
+1 means "the player who just moved will win". This is the kind of evaluation that strong
pattern-based programs such as Logistello rest on, and it is what made TD-learning on Othello go
from beginner to strong amateur.

The tuple set (:data:`SHAPES_8`, :data:`SHAPES_6`) and why:

* ``edge+2X`` - a whole edge plus the two X-squares (b2, g2). The edges decide Othello: who
  will own a corner, which edge discs are stable, and the X-square next to an empty corner,
  which hands the corner to the opponent. 10 squares.
* ``corner3x3`` and ``corner2x5`` - the blocks at each corner: corners and the discs that a
  corner makes stable, from two angles (the 2x5 block sees along the edge).
* ``row2``, ``row3``, ``row4`` - the rows (and, by symmetry, columns) away from the edge:
  control of the middle and the "walls" that cut one's own mobility.
* ``diag4`` .. ``diag8`` - the diagonals, along which corners are taken; the long diagonal is
  the one that decides who gets an X-square's corner.

Every tuple is used in all eight symmetric positions of the board (four rotations, each
mirrored), with *one shared table* per tuple: the network cannot tell a position from its mirror
image, needs eight times fewer games to learn, and symmetric positions get exactly equal values.
On 6x6 the same ideas give shorter rows and diagonals (:data:`SHAPES_6`).

Speed: a position is turned into all its pattern indices at once, in integers. A pattern index
``sum(cell_j * 3**j)`` is a sum over squares, hence over the 16 bytes of the two bitboards (8 of
the mover's discs, 8 of the opponent's): a precomputed table gives, for each byte's position
and value, what it adds to the index of every symmetric copy of every tuple (offsets into one
flat array of weights included), and 16 table rows summed give them all. All the moves of a
position are evaluated as one batch, so self-play runs at lesson speed (see
benchmarks/ntuple.py). An earlier version multiplied by a 128-column matrix: as fast on a quiet
machine, but numpy handed these tiny products to its multi-threaded BLAS, which spent three
times the CPU of the game on a shared machine.

Learning (:meth:`NTupleNetwork.learn_game`): values are those of *after-states*, the position
just after a move, for the player who made it. In a game the after-states ``s_0, s_1, ...``
alternate between the players (except after a pass), so the target of ``V(s_t)`` is
``-V(s_{t+1})`` when the opponent moved next and ``+V(s_{t+1})`` after a pass; the last one's
target is the result (+1 win, 0 draw, -1 loss). With ``lambda`` > 0 the targets are TD(lambda)
returns, computed backwards once the game is over:
``G_t = sign_t * ((1 - lambda) * V(s_{t+1}) + lambda * G_{t+1})``. Each weight of ``s_t``'s
patterns then moves by ``alpha * (G_t - V(s_t)) * (1 - V(s_t)^2) / n_t`` (the gradient of tanh;
``n_t`` is the sum over the position's weights of the square of how many times each is used, so
that the summed weights move by ``alpha`` times the error whatever the tuple set: ``alpha`` is
the share of the error corrected at once). The weights change only between games, so a whole
game is one vectorised update.

Temporal coherence (``tc``, the default; Beal and Smith's TC, used for n-tuple networks by
Jaskowski and Szubert): each weight keeps the sum of the changes asked of it and the sum of
their sizes, and moves by ``alpha`` times their ratio (:meth:`NTupleNetwork.coherence`): full
steps while the games agree on its direction, small ones once they push it back and forth. The
many rarely-seen patterns of big tuples learn fast when first met, the common ones settle: after
5,000 games from zero it plays far better than with one learning rate (docs/experiments.md).
The shipped network (a version 1 file, weights only) was trained with one learning rate
(``tc=0``, ``alpha=0.2``).

Files: ``.npz`` written with numpy and read with ``allow_pickle=False`` (it cannot run code); a
JSON header inside says what it is (format, version, game, board size, tuple set, games
trained). A file that does not match, is too large or holds non-finite numbers is refused with
a message, and :meth:`NTuplePlayer.load` keeps it aside like the other learner files.
"""

from __future__ import annotations

import io
import json
import random
import sys
import threading
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ai.arena import FirstRule, MatchResult, ProgressCallback, first_seats
from ai.base import Decision, GameRecord, Limits, Player
from game.rules.base import GameState
from game.rules.othello import (
    MOVE_AT,
    PASS,
    REGIONS,
    OthelloMove,
    OthelloOptions,
    OthelloState,
    flip_mask,
    legal_mask,
)
from game.userdata import atomic_write_bytes, data_dir, keep_aside

Cells = tuple[tuple[int, int], ...]
FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.intp]

#: Marks an n-tuple file as one of ours, and its layout version: 2 adds the temporal
#: coherence sums (``tc_sum``, ``tc_size``) beside the weights; version 1 files (weights only,
#: such as the shipped network) are still read, their sums starting at zero.
FILE_FORMAT = "ai-game-lab ntuple"
FILE_VERSION = 2
READ_VERSIONS = (1, 2)
#: The arrays of a file of each version.
FILE_ARRAYS = {1: ("weights",), 2: ("weights", "tc_sum", "tc_size")}
#: Largest n-tuple file accepted (bytes on disk, and each array once decompressed): a trained
#: 8x8 network is about 0.7 MB uncompressed.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: How a learnt value (in -1..1) is scaled when it serves as a search evaluation: well inside
#: ai.heuristics.HEURISTIC_BOUND, and fine-grained enough that ties are rare.
EVAL_SCALE = 10_000.0
#: The board sizes the network plays.
SIZES = (6, 8)
#: The learner's defaults (the ``ntuple`` player's, the lab's): with temporal coherence
#: (``tc``) each weight's step is ``ALPHA`` times its own coherence; lambda carries the result
#: back; one move in ten explores. Chosen by measurement: docs/experiments.md.
ALPHA = 0.5
LAMBDA = 0.8
EPSILON = 0.1

if sys.byteorder != "little":  # pragma: no cover - every platform the app ships on is
    raise ImportError("ai.ntuple unpacks bitboards byte by byte and needs a little-endian CPU")


class NTupleFileError(ValueError):
    """An n-tuple file cannot be used; the message says why in plain words, ``reason`` (one
    of ``ai.learners.FILE_REASONS``) in one word for the screens."""

    def __init__(self, message: str, reason: str = "damaged") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class TupleShape:
    """One tuple: a name, its squares ``(row, col)`` in reading order, and why it is there."""

    name: str
    cells: Cells
    why: str


def _line(cells: Sequence[tuple[int, int]]) -> Cells:
    return tuple((int(r), int(c)) for r, c in cells)


def _shapes(size: int) -> tuple[TupleShape, ...]:
    """The documented tuple set for a ``size`` x ``size`` board (see the module docstring)."""
    last = size - 1
    shapes = [
        TupleShape("edge+2X", _line([(0, c) for c in range(size)] + [(1, 1), (1, last - 1)]),
                   "an edge with its two X-squares: corners, stable edges, the X-square trap"),
        TupleShape("corner3x3", _line([(r, c) for r in range(3) for c in range(3)]),
                   "the corner block: a corner and the discs it makes stable"),
        TupleShape("corner2x5" if size == 8 else "corner2x4",
                   _line([(r, c) for r in range(2) for c in range(5 if size == 8 else 4)]),
                   "the corner seen along its edge"),
    ]
    for row in range(1, size // 2):
        shapes.append(TupleShape(f"row{row + 1}", _line([(row, c) for c in range(size)]),
                                 "a row (and by symmetry a column) off the edge: the middle"))
    for length in range(size, 3, -1):
        shapes.append(TupleShape(
            f"diag{length}", _line([(i, size - length + i) for i in range(length)]),
            "a diagonal: how corners are reached"))
    return tuple(shapes)


SHAPES_8 = _shapes(8)
SHAPES_6 = _shapes(6)
SHAPES: dict[int, tuple[TupleShape, ...]] = {8: SHAPES_8, 6: SHAPES_6}


def symmetries(size: int) -> tuple[Callable[[int, int], tuple[int, int]], ...]:
    """The eight maps of the square board onto itself (rotations, each with its mirror)."""
    n = size - 1
    return (
        lambda r, c: (r, c),
        lambda r, c: (c, n - r),
        lambda r, c: (n - r, n - c),
        lambda r, c: (n - c, r),
        lambda r, c: (r, n - c),
        lambda r, c: (c, r),
        lambda r, c: (n - r, c),
        lambda r, c: (n - c, n - r),
    )


def _index_table(size: int, shapes: Sequence[TupleShape]) -> tuple[IntArray, IntArray, int]:
    """The byte table turning a position's 16 bitboard bytes into flat weight indices.

    A pattern index ``sum(cell_j * 3**j)`` is a sum over the board's squares, so it is also a
    sum over the 16 bytes of the two bitboards (8 for the discs of the player who just moved,
    8 for the opponent's): row ``256 * k + b`` of the table holds, for every tuple copy, what
    byte number ``k`` with value ``b`` adds to that copy's index (``3**j`` for a disc of the
    player who just moved on the copy's ``j``-th square, ``2 * 3**j`` for an opponent's; byte 0
    also holds each copy's offset into the flat weights, as an empty byte ``b = 0`` adds only
    that). Also returned: each copy's tuple number, and the total number of weights.
    """
    maps = symmetries(size)
    per_square: list[dict[int, int]] = []  # per copy: square -> 3**j
    offsets: list[int] = []
    owner: list[int] = []
    start = 0
    for number, shape in enumerate(shapes):
        for sym in maps:
            column: dict[int, int] = {}
            for j, (r, c) in enumerate(shape.cells):
                rr, cc = sym(r, c)
                column[rr * 8 + cc] = column.get(rr * 8 + cc, 0) + 3 ** j
            per_square.append(column)
            offsets.append(start)
            owner.append(number)
        start += 3 ** len(shape.cells)
    # 128 x copies: what one disc adds (the mover's on rows 0-63, the opponent's on 64-127).
    square = np.zeros((128, len(per_square)), dtype=np.int64)
    for col, column in enumerate(per_square):
        for sq, power in column.items():
            square[sq, col] = power
            square[64 + sq, col] = 2 * power
    byte_bits = (np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1  # 256 x 8
    table = np.stack([byte_bits @ square[8 * k: 8 * k + 8] for k in range(16)])
    table[0] += np.array(offsets, dtype=np.int64)
    return (table.reshape(16 * 256, len(per_square)).astype(np.intp),
            np.array(owner, dtype=np.intp), start)


#: The row of byte ``k`` in the table of :func:`_index_table` starts at ``256 * k``.
_BYTE_ROWS = (256 * np.arange(16)).astype(np.intp)


class NTupleNetwork:
    """The weights of one board size's tuple set, and how to evaluate and learn with them."""

    def __init__(self, size: int = 8, shapes: Sequence[TupleShape] | None = None) -> None:
        if size not in SHAPES:
            raise ValueError(f"the n-tuple network plays Othello 6x6 and 8x8, not {size}x{size}")
        self.size = size
        self.shapes = tuple(shapes) if shapes is not None else SHAPES[size]
        self.region = REGIONS[size]
        self.squares = size * size
        self._table, self.copy_shape, n_weights = _index_table(size, self.shapes)
        self.copies = self._table.shape[1]
        self.weights: FloatArray = np.zeros(n_weights, dtype=np.float32)
        self.games_trained = 0
        # Temporal coherence (see learn_game): per weight, the sum of the changes asked of it
        # and the sum of their sizes. Zero for a network that learnt nothing yet.
        self.tc_sum: FloatArray = np.zeros(n_weights, dtype=np.float32)
        self.tc_size: FloatArray = np.zeros(n_weights, dtype=np.float32)

    # --- evaluation ---------------------------------------------------------------------------

    def indices(self, own: Sequence[int], opp: Sequence[int]) -> IntArray:
        """The flat weight index of every tuple copy, one row per position (mover = ``own``)."""
        boards = np.empty((len(own), 2), dtype="<u8")
        boards[:, 0] = own
        boards[:, 1] = opp
        # Integer arithmetic throughout: no BLAS call (whose threads cost more than the
        # product on these small matrices), and exact indices.
        rows = boards.view(np.uint8).astype(np.intp) + _BYTE_ROWS
        indices: IntArray = self._table[rows].sum(axis=1)
        return indices

    def values_at(self, idx: IntArray) -> FloatArray:
        """The values (tanh of the summed weights) of positions given by their indices."""
        values: FloatArray = np.tanh(self.weights[idx].sum(axis=1, dtype=np.float32))
        return values

    def values(self, own: Sequence[int], opp: Sequence[int]) -> FloatArray:
        """The value of each after-state for the player who just moved (``own``), in (-1, 1)."""
        return self.values_at(self.indices(own, opp))

    def value(self, own: int, opp: int) -> float:
        """The value of one after-state for the player who just moved (``own``)."""
        return float(self.values([own], [opp])[0])

    # --- learning -----------------------------------------------------------------------------

    def learn_game(self, own: Sequence[int], opp: Sequence[int], movers: Sequence[int],
                   result: float, alpha: float, lam: float,
                   learn_from: Sequence[bool] | None = None, tc: bool = False) -> None:
        """One TD(lambda) update from a finished game (see the module docstring).

        ``own[t]``/``opp[t]`` is the ``t``-th after-state seen by its mover ``movers[t]`` (0 or
        1); ``result`` is the final score for player 0 (+1, 0 or -1). ``learn_from[t]`` False
        leaves after-state ``t`` out of the update (it still serves as a target). ``tc`` True
        scales each weight's step by its temporal coherence (:meth:`coherence`).
        """
        n = len(own)
        if n == 0:  # every move was a random opening one: nothing to learn, one more game
            self.games_trained += 1
            return
        idx = self.indices(own, opp)
        v = self.values_at(idx).astype(np.float64)
        mover = np.asarray(movers)
        targets = np.empty(n, dtype=np.float64)
        g = result if mover[-1] == 0 else -result
        targets[-1] = g
        for t in range(n - 2, -1, -1):
            sign = 1.0 if mover[t] == mover[t + 1] else -1.0
            g = sign * ((1.0 - lam) * v[t + 1] + lam * g)
            targets[t] = g
        # Normalised step: a weight met k times in a position counts k times in its value, so
        # the sum moves by alpha * error exactly when each weight moves by alpha * error /
        # sum(k^2) (early positions repeat the same empty patterns many times).
        repeats = (idx[:, :, None] == idx[:, None, :]).sum(axis=(1, 2))
        step = (targets - v) * (1.0 - v * v) / repeats
        if learn_from is not None:
            step = step * np.asarray(learn_from, dtype=np.float64)
        change = np.repeat(step, self.copies).reshape(idx.shape)
        if tc:
            coherence = self.coherence(idx)
            np.add.at(self.tc_sum, idx, change.astype(np.float32))
            np.add.at(self.tc_size, idx, np.abs(change).astype(np.float32))
            change = change * coherence
        np.add.at(self.weights, idx, (alpha * change).astype(np.float32))
        self.games_trained += 1

    def coherence(self, idx: IntArray) -> npt.NDArray[np.float64]:
        """Each weight's own share of the step, for temporal coherence learning (TC).

        ``|sum of the changes asked| / sum of their sizes``: 1 while the games keep pushing a
        weight the same way (it has far to go: full steps), near 0 once they push it back and
        forth (it has arrived, and what is left is noise: small steps). A weight never changed
        takes full steps. The rare weights of big patterns thus learn fast when first met,
        while the common ones settle: this is what makes TC learn faster than one fixed
        learning rate (Beal and Smith's temporal coherence, used for n-tuple networks by
        Jaskowski and Szubert).
        """
        size = self.tc_size[idx].astype(np.float64)
        total = np.abs(self.tc_sum[idx].astype(np.float64))
        shares: npt.NDArray[np.float64] = np.where(size > 0.0, total / np.maximum(size, 1e-30),
                                                   1.0)
        return shares

    def reset(self) -> None:
        """Forget everything learned."""
        self.weights[:] = 0.0
        self.tc_sum[:] = 0.0
        self.tc_size[:] = 0.0
        self.games_trained = 0

    # --- what it learnt -----------------------------------------------------------------------

    def square_values(self) -> npt.NDArray[np.float64]:
        """The learnt worth of one disc on each square (``size`` x ``size``).

        For each square: the change in the summed weights when a disc of the player who just
        moved is put on that square of an empty board, summed over every tuple copy through it.
        Not a whole-position value, but what the class compares with the seed's weight table.
        """
        empty = self.indices([0], [0])[0]
        out = np.zeros((self.size, self.size))
        for r in range(self.size):
            for c in range(self.size):
                one = self.indices([1 << (r * 8 + c)], [0])[0]
                out[r, c] = float((self.weights[one] - self.weights[empty]).sum())
        return out

    def strongest_patterns(self, count: int = 5) -> list[tuple[str, str, float]]:
        """The ``count`` patterns with the largest weights, as ``(tuple name, drawing, weight)``.

        The drawing lists the tuple's squares in order: ``X`` a disc of the player who just
        moved, ``O`` the opponent's, ``.`` empty.
        """
        order = np.argsort(-np.abs(self.weights))[:count]
        starts = np.cumsum([0] + [3 ** len(s.cells) for s in self.shapes])
        out = []
        for flat in order:
            number = int(np.searchsorted(starts, flat, side="right") - 1)
            shape = self.shapes[number]
            code = int(flat - starts[number])
            drawing = ""
            for _ in shape.cells:
                drawing += ".XO"[code % 3]
                code //= 3
            out.append((shape.name, drawing, float(self.weights[flat])))
        return out

    # --- files --------------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        """What the file says about itself (checked on load)."""
        return {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "kind": "ntuple",
            "game": "othello",
            "options": {"size": self.size},
            "tuples": [[s.name, [list(c) for c in s.cells]] for s in self.shapes],
            "games_trained": self.games_trained,
        }

    def to_bytes(self) -> bytes:
        """The network as ``.npz`` bytes: the JSON header and the weights."""
        buffer = io.BytesIO()
        np.savez_compressed(buffer, header=np.array(json.dumps(self.header())),
                            weights=self.weights, tc_sum=self.tc_sum, tc_size=self.tc_size)
        return buffer.getvalue()

    def save(self, path: Path) -> Path:
        """Write the network to ``path`` atomically; return the path."""
        atomic_write_bytes(path, self.to_bytes())
        return path

    def from_bytes(self, data: bytes) -> None:
        """Replace the weights (and the coherence sums) by those of ``.npz`` bytes made by
        :meth:`to_bytes`, of this version or an older one.

        Raises NTupleFileError saying what is wrong; the network is unchanged in that case.
        """
        header, arrays = read_archive(data)
        games = self._check_header(header)
        if set(arrays) != set(FILE_ARRAYS[header["version"]]):
            raise NTupleFileError(f"a version {header['version']} file holds "
                                  f"{', '.join(FILE_ARRAYS[header['version']])}, this one "
                                  f"{', '.join(sorted(arrays))}")
        for name, array in arrays.items():
            if array.dtype != np.float32 or array.shape != self.weights.shape:
                raise NTupleFileError(f"the file holds {name} as {array.dtype} of shape "
                                      f"{array.shape}, expected float32 of shape "
                                      f"{self.weights.shape}")
            if not np.all(np.isfinite(array)):
                raise NTupleFileError(f"the file's {name} are not all finite numbers")
        zero = np.zeros_like(self.weights)
        self.weights = arrays["weights"].copy()
        self.tc_sum = arrays.get("tc_sum", zero).copy()
        self.tc_size = arrays.get("tc_size", zero).copy()
        self.games_trained = games

    def _check_header(self, header: Any) -> int:
        """The header's games_trained, after checking the header fits this network."""
        expected = self.header()
        if not isinstance(header, dict) or header.get("format") != FILE_FORMAT:
            raise NTupleFileError("this is not an n-tuple network of AI Game Lab", "not_ours")
        version = header.get("version")
        if isinstance(version, bool) or version not in READ_VERSIONS:
            raise NTupleFileError(f"the file is in n-tuple format version {version!r}; this "
                                  f"app reads versions {READ_VERSIONS[0]} to {READ_VERSIONS[-1]}",
                                  "version")
        if header.get("game") != "othello" or header.get("options") != expected["options"]:
            raise NTupleFileError(f"the file was trained on {header.get('game')} "
                                  f"{header.get('options')}, not Othello {self.size}x{self.size}",
                                  "other_setup")
        if header.get("tuples") != expected["tuples"]:
            raise NTupleFileError("the file uses another tuple set than this app", "version")
        games = header.get("games_trained")
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise NTupleFileError("the file's games_trained is not a whole number")
        return games

    def load(self, path: Path) -> None:
        """Read the network from ``path``; raise FileNotFoundError or NTupleFileError."""
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        self.from_bytes(data)


def read_archive(data: bytes) -> tuple[Any, dict[str, npt.NDArray[Any]]]:
    """The JSON header and the arrays (by name) of an n-tuple file's bytes (not yet checked
    against a network). Raises NTupleFileError for anything that is not such an archive,
    without ever unpickling or unpacking more than :data:`MAX_FILE_BYTES`."""
    if len(data) > MAX_FILE_BYTES:
        raise NTupleFileError(f"the file is larger than {MAX_FILE_BYTES // 2**20} MB", "too_big")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in archive.infolist():
                if member.file_size > MAX_FILE_BYTES:
                    raise NTupleFileError(f"{member.filename} would unpack to more than "
                                          f"{MAX_FILE_BYTES // 2**20} MB", "too_big")
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            names = set(npz.files) - {"header"}
            if "header" not in npz.files or names not in [set(a) for a in FILE_ARRAYS.values()]:
                raise NTupleFileError("this is not an n-tuple network of AI Game Lab", "not_ours")
            header_text = npz["header"]
            arrays = {name: npz[name] for name in sorted(names)}
    except NTupleFileError:
        raise
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, KeyError) as exc:
        raise NTupleFileError(f"the file cannot be read as an n-tuple network ({exc})") from exc
    if header_text.shape != () or header_text.dtype.kind != "U":
        raise NTupleFileError("the file's header is not text")
    try:
        header = json.loads(str(header_text))
    except (ValueError, RecursionError) as exc:
        raise NTupleFileError("the file's header is not readable JSON") from exc
    return header, arrays


# ------------------------------------------------------------------------------------------------
# Playing and self-play on bitboards
# ------------------------------------------------------------------------------------------------


def _children(own: int, opp: int, moves: int) -> tuple[list[int], list[int], list[int]]:
    """For each legal square: the square and the after-state (mover's discs, opponent's)."""
    squares: list[int] = []
    mine: list[int] = []
    theirs: list[int] = []
    while moves:
        b = moves & -moves
        moves ^= b
        sq = b.bit_length() - 1
        f = flip_mask(own, opp, sq)
        squares.append(sq)
        mine.append(own | f | b)
        theirs.append(opp & ~f)
    return squares, mine, theirs


def after_state_values(net: NTupleNetwork, mine: Sequence[int], theirs: Sequence[int]
                       ) -> list[float]:
    """The value of each after-state for its mover; a finished game gets its real result.

    Only the two cheap endings are recognised here (a full board, or the opponent wiped out);
    any other position is left to the network.
    """
    values: list[float] = net.values(mine, theirs).tolist()
    region = net.region
    for i, (m, t) in enumerate(zip(mine, theirs, strict=True)):
        if t == 0:
            values[i] = 1.0
        elif (m | t) == region:
            diff = m.bit_count() - t.bit_count()
            values[i] = 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0
    return values


@dataclass(frozen=True)
class SelfPlayGame:
    """One finished self-play game: the winner (0 Black, 1 White, None for a draw), its
    number of moves (passes not counted) and the final discs."""

    winner: int | None
    moves: int
    black: int
    white: int


def self_play_game(net: NTupleNetwork, rng: random.Random, epsilon: float, alpha: float,
                   lam: float, *, tc: bool = False, opening: int = 0) -> SelfPlayGame:
    """Play one game of the network against itself and learn from it.

    The first ``opening`` moves are random and not learnt from, so that self-play meets many
    different positions (a deterministic network would otherwise replay its few favourite
    openings); then each move is the best after-state by the network, except with probability
    ``epsilon``, when a random legal move is played instead (exploration). ``tc``: learn with
    temporal coherence (:meth:`NTupleNetwork.coherence`).
    """
    region = net.region
    size = net.size
    c = size // 2
    own = (1 << ((c - 1) * 8 + c)) | (1 << (c * 8 + c - 1))  # Black moves first
    opp = (1 << ((c - 1) * 8 + c - 1)) | (1 << (c * 8 + c))
    mover = 0
    seen_own: list[int] = []
    seen_opp: list[int] = []
    movers: list[int] = []
    played = 0
    while True:
        moves = legal_mask(own, opp, region)
        if not moves:
            if not legal_mask(opp, own, region):
                break
            own, opp = opp, own
            mover ^= 1
            continue
        squares, mine, theirs = _children(own, opp, moves)
        played += 1
        if played <= opening:
            pick = rng.randrange(len(squares))
            own, opp = theirs[pick], mine[pick]
            mover ^= 1
            continue
        if len(squares) == 1:
            pick = 0
        elif rng.random() < epsilon:
            pick = rng.randrange(len(squares))
        else:
            values = after_state_values(net, mine, theirs)
            pick = max(range(len(values)), key=values.__getitem__)
        seen_own.append(mine[pick])
        seen_opp.append(theirs[pick])
        movers.append(mover)
        own, opp = theirs[pick], mine[pick]
        mover ^= 1
    # ``own`` is the side to move at the end, ``mover`` its number.
    diff = own.bit_count() - opp.bit_count()
    black_diff = diff if mover == 0 else -diff
    result = 1.0 if black_diff > 0 else -1.0 if black_diff < 0 else 0.0
    net.learn_game(seen_own, seen_opp, movers, result, alpha, lam, tc=tc)
    black, white = (own, opp) if mover == 0 else (opp, own)
    return SelfPlayGame(0 if result > 0 else 1 if result < 0 else None, played, black, white)


# ------------------------------------------------------------------------------------------------
# Files in the user's data folder and in assets/
# ------------------------------------------------------------------------------------------------


def default_path(size: int) -> Path:
    """Where the lab keeps the n-tuple network of a board size, in the user's data folder."""
    return data_dir() / "learners" / f"ntuple__othello_size={size}.npz"


def shipped_path(size: int) -> Path:
    """The network trained once for the app (``assets/ntuple/``; see docs/experiments.md)."""
    from game.resources import asset

    return asset("ntuple", f"othello-{size}.npz")


@dataclass(frozen=True)
class LoadReport:
    """What :meth:`NTuplePlayer.load` did: ``loaded`` or not, why, where a bad file went."""

    loaded: bool
    message: str
    kept_as: Path | None = None


# ------------------------------------------------------------------------------------------------
# The player
# ------------------------------------------------------------------------------------------------


class NTuplePlayer(Player):
    """Plays the move whose after-state the network values most (1-ply), and learns by TD.

    ``alpha`` (learning rate), ``lam`` (TD lambda) and ``epsilon`` (the probability of a random
    exploring move, as in ``qlearning``; 0 for its best play) can be changed between games. A
    decision's scores are the after-state values (-1..1).
    """

    learns = True
    kind = "ntuple"
    score_kind = "value"

    def __init__(self, spec: str, seed: int | None, size: int = 8, alpha: float = ALPHA,
                 lam: float = LAMBDA, epsilon: float = EPSILON, tc: bool = True) -> None:
        super().__init__(spec, seed)
        self.net = NTupleNetwork(size)
        self.options = OthelloOptions(size)
        self.alpha = alpha
        self.lam = lam
        self.epsilon = epsilon
        self.tc = tc

    @property
    def games_trained(self) -> int:
        """Games learnt from so far."""
        return self.net.games_trained

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Value every legal move's after-state and play the best (ties at random)."""
        own: int = state.own  # type: ignore[attr-defined]
        opp: int = state.opp  # type: ignore[attr-defined]
        moves = legal_mask(own, opp, self.net.region)
        # The unit of its values (see game.rules.registry.Evaluation.unit): a screen says it.
        info: dict[str, Any] = {"learner": self.kind, "games_trained": self.games_trained,
                                "unit": "network_value"}
        if not moves:
            return Decision(move=PASS, scores={PASS: 0.0}, score_kind=self.score_kind, depth=1,
                            nodes=0, pv=(PASS,), info=info)
        squares, mine, theirs = _children(own, opp, moves)
        values = after_state_values(self.net, mine, theirs)
        scores: dict[OthelloMove, float] = {MOVE_AT[sq]: v for sq, v in zip(squares, values,
                                                                            strict=True)}
        if self.epsilon > 0.0 and self.rng.random() < self.epsilon:
            move = MOVE_AT[self.rng.choice(squares)]
            info["explored"] = True
        else:
            best = max(values)
            move = MOVE_AT[self.rng.choice([sq for sq, v in zip(squares, values, strict=True)
                                            if v == best])]
        return Decision(move=move, scores=scores, score_kind=self.score_kind, depth=1,
                        nodes=len(squares), pv=(move,), info=info)

    def learn(self, record: GameRecord, seats: Sequence[int]) -> None:
        """TD update from a finished game, learning from the after-states of ``seats`` (both
        when empty). An abandoned game teaches nothing."""
        if record.outcome is None or not record.moves:
            return
        learn_seats = set(seats) if seats else {0, 1}
        own: list[int] = []
        opp: list[int] = []
        movers: list[int] = []
        use: list[bool] = []
        before: Any = record.states[0]
        for i, move in enumerate(record.moves):
            after: Any = (record.states[i + 1] if i + 1 < len(record.states)
                          else before.play(move))
            if not move.is_pass:
                mover = before.to_move
                own.append(after.white if mover else after.black)
                opp.append(after.black if mover else after.white)
                movers.append(mover)
                use.append(mover in learn_seats)
            before = after
        winner = record.outcome.winner
        result = 0.0 if winner is None else 1.0 if winner == 0 else -1.0
        self.net.learn_game(own, opp, movers, result, self.alpha, self.lam, use, tc=self.tc)

    def train_self_play(self, games: int) -> list[SelfPlayGame]:
        """Play and learn from ``games`` games against itself (no state objects: the fast
        loop of :func:`self_play_game`)."""
        return [self.self_play_game() for _ in range(games)]

    def self_play_game(self) -> SelfPlayGame:
        """One game against itself, learnt from, with the player's settings."""
        return self_play_game(self.net, self.rng, self.epsilon, self.alpha, self.lam,
                              tc=self.tc)

    def self_play_match(self, games: int, *, first: FirstRule = "alternate",
                        first_seed: int | None = None,
                        progress: ProgressCallback | None = None,
                        stop: threading.Event | None = None) -> MatchResult:
        """Self-play training as ``ai.train`` runs it, through the fast loop.

        Reported like :func:`ai.arena.run_match` with this player as both p1 and p2 (``first``
        says which seat p1 holds in each game); ``progress`` gets each game's final position
        only (the loop keeps no states). ``stop`` ends it after the current game.
        """
        seats = first_seats(first, games, first_seed)
        match = MatchResult(p1=self.spec, p2=self.spec, games_planned=games,
                            swap=first == "alternate", first_rule=first)
        started = time.perf_counter()
        for index in range(games):
            if stop is not None and stop.is_set():
                match.stopped = True
                break
            game = self.self_play_game()
            final = OthelloState.from_bitboards(self.net.size, game.black, game.white, 0)
            outcome = final.outcome
            assert outcome is not None
            p1_seat = seats[index]
            match.results.append("draw" if game.winner is None
                                 else "p1" if game.winner == p1_seat else "p2")
            match.first.append("p1" if p1_seat == 0 else "p2")
            match.moves.append(game.moves)
            match.reasons[outcome.reason] = match.reasons.get(outcome.reason, 0) + 1
            match.seconds = time.perf_counter() - started
            if progress is not None:
                progress(match, GameRecord([final], [], outcome))
        match.seconds = time.perf_counter() - started
        return match

    def reset(self) -> None:
        """Forget everything learned."""
        self.net.reset()

    def save(self, path: Path | None = None) -> Path:
        """Write the network to ``path`` (default: :func:`default_path`) atomically."""
        return self.net.save(path if path is not None else default_path(self.net.size))

    def load_file(self, path: Path) -> None:
        """Read the network from a file the user named (``load=FILE``, ``main.py train``).

        Raises NTupleFileError (a ValueError) saying why in plain words when the file is
        missing, not a file, too big or not a network this player can use; the file itself is
        never moved or changed (it is the user's), and the network is left unchanged.
        """
        try:
            if not path.is_file():
                raise NTupleFileError(*((f"there is no file {path}", "missing")
                                        if not path.exists()
                                        else (f"{path} is not a file", "unreadable")))
            self.net.load(path)
        except OSError as exc:
            raise NTupleFileError(f"{path} cannot be read ({exc.strerror or exc})",
                                  "unreadable") from None

    def load(self, path: Path | None = None) -> LoadReport:
        """Read the network from ``path`` (default: :func:`default_path`).

        Never raises for a bad file: a missing file leaves the network as it was; a foreign,
        corrupt or too large file is moved aside as ``NAME.corrupt-TIMESTAMP`` and the network
        starts fresh. The report's message says which.
        """
        source = path if path is not None else default_path(self.net.size)
        try:
            self.net.load(source)
        except FileNotFoundError:
            return LoadReport(False, f"no saved n-tuple network at {source}")
        except OSError as exc:
            return LoadReport(False, f"{source.name} could not be read ({exc})")
        except NTupleFileError as exc:
            kept = keep_aside(source)
            self.reset()
            where = f"; it was kept aside as {kept.name}" if kept is not None else ""
            return LoadReport(False, f"{source.name} cannot be used: {exc}{where}; "
                                     "starting fresh", kept)
        return LoadReport(True, f"loaded n-tuple network from {source.name} "
                                f"({self.games_trained} games trained)")


# ------------------------------------------------------------------------------------------------
# As an evaluation for searches
# ------------------------------------------------------------------------------------------------


def make_evaluate(net: NTupleNetwork) -> Callable[[GameState[Any], int], float]:
    """The network as an ``ai.heuristics``-style evaluation ``h(state, player)``, zero-sum.

    A position with X to move is an after-state of the other player, so its value for that
    player is the network's; for X it is the opposite. A finished game scores as the heuristics
    do (``ai.heuristics.WIN``), so searches still prefer a sure win.
    """
    from ai.heuristics import WIN

    def evaluate(state: GameState[Any], player: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            return WIN if outcome.winner == player else -WIN
        just_moved = 1 - state.to_move
        black: int = state.black  # type: ignore[attr-defined]
        white: int = state.white  # type: ignore[attr-defined]
        mine, theirs = (white, black) if just_moved else (black, white)
        value = EVAL_SCALE * net.value(mine, theirs)
        return value if player == just_moved else -value

    return evaluate


def make_engine_evaluator(net: NTupleNetwork) -> Callable[[int, int, Any], int]:
    """The network as an ``ai.othello_search`` evaluator ``(own, opp, geometry) -> int`` for the
    side to move (``own``), in the engine's scale (100 = about one disc, below EVAL_LIMIT)."""

    def evaluate(own: int, opp: int, geometry: Any) -> int:
        return -round(3000.0 * net.value(opp, own))

    return evaluate


#: The ``eval=`` names of n-tuple networks: the shipped one, or ``ntuple:load=FILE``.
EVAL_NAME = "ntuple"
EVAL_FILE_PREFIX = "ntuple:load="

#: Networks read for searches, by (path, size, modification time, bytes): a search is built for
#: every match, and reading the same file again would cost a tenth of a second each time.
_EVAL_NETWORKS: dict[tuple[str, int, int, int], NTupleNetwork] = {}
_EVAL_CACHE_LIMIT = 4


def eval_network_path(name: str, size: int) -> Path:
    """The file an ``eval=`` name of a network reads: the shipped network for ``ntuple``,
    ``FILE`` for ``ntuple:load=FILE``; raise NTupleFileError for any other name."""
    if name == EVAL_NAME:
        return shipped_path(size)
    if name.startswith(EVAL_FILE_PREFIX) and name[len(EVAL_FILE_PREFIX):].strip():
        return Path(name[len(EVAL_FILE_PREFIX):].strip()).expanduser()
    raise NTupleFileError(f"'{name}' is not '{EVAL_NAME}' or '{EVAL_FILE_PREFIX}FILE'")


def eval_network(name: str, size: int) -> NTupleNetwork:
    """The network an ``eval=`` name names, read with the checks of every learner file
    (NTupleFileError or OSError saying why not: missing, foreign, corrupt, another size).
    The user's file is never moved or changed."""
    path = eval_network_path(name, size)
    if not path.is_file():
        raise NTupleFileError(f"there is no file {path}" if not path.exists()
                              else f"{path} is not a file")
    info = path.stat()
    key = (str(path.resolve()), size, info.st_mtime_ns, info.st_size)
    net = _EVAL_NETWORKS.get(key)
    if net is None:
        net = load_network(path, size)
        if len(_EVAL_NETWORKS) >= _EVAL_CACHE_LIMIT:
            _EVAL_NETWORKS.pop(next(iter(_EVAL_NETWORKS)))
        _EVAL_NETWORKS[key] = net
    return net


def is_network_file(path: Path) -> bool:
    """True when ``path`` is an n-tuple network file of this app (of any board size)."""
    try:
        with path.open("rb") as handle:
            header, _ = read_archive(handle.read(MAX_FILE_BYTES + 1))
    except (OSError, NTupleFileError):
        return False
    return isinstance(header, dict) and header.get("format") == FILE_FORMAT


def load_network(path: Path, size: int) -> NTupleNetwork:
    """A network of ``size`` read from ``path`` (raises FileNotFoundError, NTupleFileError)."""
    net = NTupleNetwork(size)
    net.load(path)
    return net


def network_summary(net: NTupleNetwork) -> str:
    """One line about a network, for logs and the command line."""
    nonzero = int(np.count_nonzero(net.weights))
    return (f"n-tuple network {net.size}x{net.size}: {len(net.shapes)} tuples x 8 symmetries, "
            f"{net.weights.size} weights ({nonzero} learnt), {net.games_trained} games trained, "
            f"largest |w| {float(np.abs(net.weights).max()):.3f}"
            if net.weights.size else "empty network")


# ------------------------------------------------------------------------------------------------
# Frozen measurement against fixed opponents (the lab's curves, benchmarks/ntuple.py)
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Measure:
    """The frozen network's results against one opponent: wins, draws, losses."""

    opponent: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins plus half the draws, as a share of the games (0 without games)."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


def random_opening(size: int, plies: int, rng: random.Random) -> GameState[Any]:
    """The start position followed by ``plies`` random legal moves (fewer if the game ends)."""
    state: GameState[Any] = OthelloOptions(size).initial_state()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


def measure(net: NTupleNetwork, opponent_spec: str, games: int, seed: int = 0,
            opening_plies: int = 4, stop: Callable[[], bool] | None = None) -> Measure:
    """Play ``games`` games of the frozen network (1-ply, no exploration) against a player.

    Games go in pairs from the same opening (the start plus ``opening_plies`` random moves),
    seats swapped, so that two deterministic players still meet many different positions and
    neither seat's advantage counts. ``stop()`` True ends the match early (results so far).
    """
    from ai.arena import play_game
    from ai.registry import make_player

    options = OthelloOptions(net.size)
    me = NTuplePlayer("ntuple", seed, net.size, epsilon=0.0)
    me.net = net
    other = make_player(opponent_spec, "othello", options, seed=seed + 1)
    rng = random.Random(seed)
    wins = draws = losses = 0
    start = random_opening(net.size, opening_plies, rng)
    for index in range(games):
        if stop is not None and stop():
            break
        if index % 2 == 0:
            start = random_opening(net.size, opening_plies, rng)
        my_seat = index % 2
        first, second = (me, other) if my_seat == 0 else (other, me)
        outcome = play_game(first, second, start).outcome
        assert outcome is not None
        if outcome.winner is None:
            draws += 1
        elif outcome.winner == my_seat:
            wins += 1
        else:
            losses += 1
    return Measure(other.spec, wins, draws, losses)


# ------------------------------------------------------------------------------------------------
# Registration
# ------------------------------------------------------------------------------------------------


#: The ``trained=`` values: from nothing, the shipped network, the lab's saved network. Names,
#: not numbers, so that "0" and "1" stay what specs and settings already say.
TRAINED_LAB = "lab"
TRAINED_CHOICES = ("0", "1", TRAINED_LAB)


def _register() -> None:
    """Add ``ntuple`` to the roster of ``ai.registry`` (Othello 6x6 and 8x8)."""
    from ai.registry import Param, PlayerInfo, register_player
    from game.rules.othello import GAME as OTHELLO
    from game.rules.registry import GameSetup

    def applies(setup: GameSetup) -> bool:
        return setup.info is OTHELLO and setup.options.size in SIZES

    def trained_choices(setup: GameSetup, given: str | None) -> tuple[str, ...]:
        """From nothing, the shipped network where one ships for this size (QA17 11: 6x6
        offered "Shipped" and played from nothing), and the lab's saved one where the lab has
        saved a network of this size in the data folder (QA S12 11: the class could not play
        the network it had watched learn). The default is the last of the first two, so a
        size without a shipped network defaults to the lab's if saved, else to nothing."""
        size = setup.options.size
        shipped = applies(setup) and shipped_path(size).is_file()
        saved = applies(setup) and default_path(size).is_file()
        offered = TRAINED_CHOICES[:2] if shipped else TRAINED_CHOICES[:1]
        return (*offered, TRAINED_LAB) if saved else offered

    def build(setup: GameSetup, values: dict[str, Any], seed: int | None) -> Player:
        size: int = setup.options.size
        player = NTuplePlayer("ntuple", seed, size, alpha=float(values["alpha"]),
                              lam=float(values["lambda"]), epsilon=float(values["epsilon"]),
                              tc=bool(values["tc"]))
        # Trained by default (a teacher who seats the network expects one that has learnt:
        # from nothing every value is 0 and its moves are arbitrary); a size the app ships no
        # network for (6x6) starts from nothing, as the parameter's description says.
        source = {TRAINED_LAB: default_path(size), "1": shipped_path(size)}.get(
            str(values["trained"]))
        if source is not None and source.is_file():
            player.load_file(source)
        return player

    register_player(PlayerInfo(
        name="ntuple",
        title="N-tuple network",
        description="Learns board patterns by self-play (TD).",
        params=(
            Param("alpha", float, ALPHA, 0.0, 1.0, "learning rate: share of the error "
                                                   "corrected per position"),
            Param("lambda", float, LAMBDA, 0.0, 1.0, "TD(lambda): 0 learns from the next "
                                                     "position only, 1 from the final result"),
            Param("epsilon", float, EPSILON, 0.0, 1.0, "probability of a random exploring "
                                                       "move"),
            Param("tc", int, 1, 0, 1, "1 = temporal coherence: each weight's step shrinks "
                                      "once its updates disagree; 0 = one learning rate"),
            Param("trained", int, 1, 0, 1, "1 (the default) = start from the network "
                                           "shipped with the app (trained by self-play) where "
                                           "it ships one (8x8; 6x6 offers no 1 and defaults "
                                           "to lab, else 0), 0 = from nothing, lab = the "
                                           "network the n-tuple lab saved in the data folder "
                                           "(when it has)",
                  choices=TRAINED_CHOICES[:2], choices_of=trained_choices),
        ),
        factory=build,
        applies=applies,
        learner=True,
    ))


def _register_evaluations() -> None:
    """Offer networks as ``eval=`` of the searches (``ai.heuristics``): ``ntuple`` (the
    shipped network, where one exists for the board size) and ``ntuple:load=FILE``."""
    from ai.heuristics import EvaluationSource, register_evaluation_source
    from game.rules.othello import GAME as OTHELLO
    from game.rules.registry import Evaluation, GameSetup

    def plays(setup: GameSetup) -> bool:
        return setup.info is OTHELLO and setup.options.size in SIZES

    def offered(setup: GameSetup) -> tuple[str, ...]:
        shipped = plays(setup) and shipped_path(setup.options.size).is_file()
        return (EVAL_NAME,) if shipped else ()

    def accepts(setup: GameSetup, name: str) -> bool:
        if not plays(setup):
            return False
        try:
            eval_network_path(name, setup.options.size)
        except NTupleFileError:
            return False
        return True

    def build(setup: GameSetup, name: str) -> Evaluation:
        net = eval_network(name, setup.options.size)
        evaluate = make_evaluate(net)
        return Evaluation(name, evaluate, unit="network")

    register_evaluation_source(EvaluationSource(EVAL_NAME, offered, accepts, build))


_register()
_register_evaluations()
