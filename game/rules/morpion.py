"""Morpion: tic-tac-toe on a DxD board with D pieces each, then pieces move (seed 003).

Rules, as this module reads them
--------------------------------
* The board is D x D, D from 3 to 7 (default 3). Player 0 ("X") moves first, then players
  alternate. Each player owns D pieces.
* **Placing.** While the player to move still has pieces in hand, a move puts one of them on an
  empty cell. Text form: the cell, ``b2``.
* **Moving.** Once all of the player's pieces are on the board, a move lifts one of them and puts
  it on an empty cell other than the one it just left; it is one atomic move. Text form:
  ``a1-b2`` (from, then to). "Empty" is judged before the piece is lifted, which together with
  "not the cell it just left" means: any cell that was empty before the move.
* **Line.** The mover wins as soon as its pieces fill a whole row, column or either main
  diagonal (checked after every move, placement or movement). Only the mover's pieces change
  on a move, so a line can only ever be the mover's.
* **Repetition.** From the moment all 2D pieces are on the board, the arrangement of the pieces
  (the set of X cells and the set of O cells, *without* the side to move) is recorded after every
  move; the arrangement right after the last placement is the first one recorded. A move that
  produces an arrangement already recorded ends the game in a draw, whoever is to move next.
  This is the seed's rule: its state record is the pair of the two players' cell sets and the
  check only starts once the empty cells number D^2 - 2D.

Win or repetition, which comes first? The seed's game loop reports a draw whenever its
repetition flag is set, even on a move that also made a line. Here the line is checked first.
The two readings never disagree in a real game: every arrangement in the record was reached by a
move that did not end the game, so none of them holds a line (the mover made none, and a line
of the other side would already have ended the game earlier); hence a move that makes a line
always produces a new arrangement. Checking the line first only matters for positions built by
hand with :meth:`MorpionState.from_rows` and an arbitrary history, where "the mover made a line"
is the more natural verdict. The random-play tests check that the two never coincide.

Representation
--------------
Cells are numbered ``row * D + col``; ``(row, col) = (0, 0)`` is ``a1`` (column letter, then
1-based row, rows counted from the top as in the other games). A state holds one bitmask of
cells per player, the side to move, the set of arrangements recorded so far (each arrangement
is the integer ``mask0 | mask1 << D*D``; the set is kept as two frozensets, a big one and a small
recent one, so that a move does not copy the whole history), the outcome and the last move.
Legal moves come from precomputed per-size tables of interned move objects, so generating and
playing moves is a few bit operations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Literal

from game.rules.base import (
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    Outcome,
    RulesError,
    cell_name,
    check_int_option,
    check_move_text,
    parse_cell,
)
from game.rules.lines import threats, weighted_open_lines
from game.rules.registry import Evaluation, GameInfo

MIN_SIZE = 3
MAX_SIZE = 7
SIDE_NAMES: tuple[str, str] = ("X", "O")
SYMBOLS: tuple[str, str] = ("X", "O")
EMPTY_SYMBOL = "."

Cell = tuple[int, int]
"""A board cell as ``(row, col)``, both counted from 0; ``(0, 0)`` is ``a1``."""

Phase = Literal["placing", "moving"]

REPETITION = Outcome(None, "repetition", "Draw: the position repeated")


class PositionError(RulesError):
    """A position given by hand (see :meth:`MorpionState.from_rows`) cannot occur in Morpion."""


def _check_cell_value(name: str, value: object) -> Cell:
    """Check that ``value`` is a (row, col) pair of non-negative whole numbers."""
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise MoveParseError(
            f"the {name} cell of a Morpion move must be a (row, col) pair of whole numbers "
            f"from 0, got {value!r}"
        )
    return (value[0], value[1])


@dataclass(frozen=True, slots=True)
class MorpionMove:
    """One Morpion move: a placement (``origin`` is None) or a movement from ``origin`` to ``to``.

    ``str(move)`` is the text form: ``"b2"`` for a placement, ``"a1-b2"`` for a movement;
    :meth:`MorpionState.parse_move` reads it back. Cells are ``(row, col)`` pairs from 0.
    Construction checks only the shape of the cells; whether they are on the board and the move
    is allowed is the state's business (:meth:`MorpionState.play`).
    """

    to: Cell
    origin: Cell | None = None

    def __post_init__(self) -> None:
        _check_cell_value("destination", self.to)
        if self.origin is not None:
            _check_cell_value("origin", self.origin)

    @property
    def is_placement(self) -> bool:
        """True for a placement from the hand, False for a movement on the board."""
        return self.origin is None

    def __str__(self) -> str:
        to = cell_name(*self.to)
        if self.origin is None:
            return to
        return f"{cell_name(*self.origin)}-{to}"


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Everything about a DxD board that does not change during a game, computed once per size.

    ``lines`` are the winning cell masks (rows, then columns, then the two diagonals);
    ``lines_through[i]`` the indices of the lines through cell ``i``; ``wins[p][k]`` the outcome
    when player ``p`` fills line ``k``; ``place[i]`` and ``shift[i][j]`` the interned move
    objects, so move generation allocates nothing but the result tuple.
    """

    size: int
    cells: int
    full: int
    coords: tuple[Cell, ...]
    lines: tuple[int, ...]
    line_cells: tuple[tuple[Cell, ...], ...]
    lines_through: tuple[tuple[int, ...], ...]
    wins: tuple[tuple[Outcome, ...], tuple[Outcome, ...]]
    place: tuple[MorpionMove, ...]
    shift: tuple[tuple[MorpionMove, ...], ...]


def _build_geometry(size: int) -> _Geometry:
    """Compute the tables of a size x size board."""
    n = size * size
    coords = tuple((i // size, i % size) for i in range(n))
    line_cells: list[tuple[Cell, ...]] = []
    names: list[str] = []
    for r in range(size):
        line_cells.append(tuple((r, c) for c in range(size)))
        names.append(f"row {r + 1}")
    for c in range(size):
        line_cells.append(tuple((r, c) for r in range(size)))
        names.append(f"column {chr(ord('a') + c)}")
    line_cells.append(tuple((i, i) for i in range(size)))
    names.append(f"diagonal a1-{cell_name(size - 1, size - 1)}")
    line_cells.append(tuple((i, size - 1 - i) for i in range(size)))
    names.append(f"diagonal {cell_name(0, size - 1)}-{cell_name(size - 1, 0)}")
    lines = tuple(sum(1 << (r * size + c) for r, c in cells) for cells in line_cells)
    lines_through = tuple(
        tuple(k for k, mask in enumerate(lines) if mask >> i & 1) for i in range(n)
    )
    wins = tuple(
        tuple(
            Outcome(player, "line", f"{SIDE_NAMES[player]} made a line of {size} ({name})")
            for name in names
        )
        for player in (0, 1)
    )
    place = tuple(MorpionMove(coords[i]) for i in range(n))
    shift = tuple(
        tuple(MorpionMove(coords[j], coords[i]) for j in range(n)) for i in range(n)
    )
    return _Geometry(
        size=size,
        cells=n,
        full=(1 << n) - 1,
        coords=coords,
        lines=lines,
        line_cells=tuple(line_cells),
        lines_through=lines_through,
        wins=(wins[0], wins[1]),
        place=place,
        shift=shift,
    )


class _GeometryCache(dict[int, _Geometry]):
    """Board tables by size, built on first use (a plain dict lookup afterwards)."""

    def __missing__(self, size: int) -> _Geometry:
        geo = self[size] = _build_geometry(size)
        return geo


_GEOMETRY = _GeometryCache()


def _geometry(size: int) -> _Geometry:
    """The (cached) tables of a size x size board."""
    return _GEOMETRY[size]


# _BYTE_BITS[k][b]: the indices of the set bits of byte b of a mask when it is the k-th byte
# (bits 8k to 8k+7). A 7x7 board has 49 cells, so 7 bytes cover every size.
_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(i + 8 * k for i in range(8) if b >> i & 1) for b in range(256)) for k in range(7)
)


def _bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of ``mask``, lowest first (a byte table: twice as fast as
    peeling the lowest bit one at a time)."""
    out: tuple[int, ...] = ()
    k = 0
    while mask:
        out += _BYTE_BITS[k][mask & 255]
        mask >>= 8
        k += 1
    return out


def _parse_cell(text: str, size: int) -> Cell:
    """Read one cell; like base.parse_cell but never lets a bare ValueError through."""
    try:
        return parse_cell(text, size, size)
    except MoveParseError:
        raise
    except ValueError:
        # str.isdigit accepts characters such as '²' that int() refuses.
        raise MoveParseError(
            f"'{text}' is not a cell: expected a letter and a number, like 'a1'"
        ) from None


# Arrangements recorded since the last merge are kept in a small set; once it holds
# max(_RECENT_LIMIT, sqrt(size of the big set)) codes it is merged into the big one. A move then
# copies about 2 * sqrt(history) codes on average instead of the whole history: 6x6 and 7x7
# random games run to 100,000 moves and more before an arrangement repeats.
_RECENT_LIMIT = 32


class MorpionState:
    """A Morpion position, immutable and hashable.

    ``masks[p]`` is the bitmask of player ``p``'s cells (bit ``row * size + col``); ``history``
    the arrangements recorded since all pieces were placed (see the module docstring), each as
    the integer ``masks[0] | masks[1] << size*size``; ``last_move`` the move that led here (None
    at the start or for a position built by hand).

    Make states with ``MorpionOptions(...).initial_state()``, :meth:`play` or :meth:`from_rows`;
    direct construction is checked for consistency. Attributes cannot be assigned.

    Equality and hashing cover the board, the side to move, the history and the outcome, but not
    ``last_move``: two states with different histories have different futures (one may be a move
    away from a repetition draw), while the last move only matters for drawing the board.

    Inside, the history is split in two frozensets (``_old`` and the few codes added since,
    ``_new``) so that :meth:`play` stays cheap in long games;
    :meth:`has_seen` tests an arrangement without building the union.
    """

    __slots__ = ("_all", "_new", "_old", "last_move", "masks", "outcome", "size", "to_move")

    size: int
    masks: tuple[int, int]
    to_move: int
    outcome: Outcome | None
    last_move: MorpionMove | None
    _old: frozenset[int]
    _new: frozenset[int]
    _all: frozenset[int] | None  # _old | _new, built on first use of history

    def __init__(
        self,
        size: int,
        masks: tuple[int, int],
        to_move: int,
        history: frozenset[int] = frozenset(),
        outcome: Outcome | None = None,
        last_move: MorpionMove | None = None,
    ) -> None:
        size = check_int_option("size", size, MIN_SIZE, MAX_SIZE)
        geo = _geometry(size)
        if (
            not isinstance(masks, tuple)
            or len(masks) != 2
            or not all(isinstance(m, int) and 0 <= m <= geo.full for m in masks)
        ):
            raise PositionError(f"masks must be two cell bitmasks of a {size}x{size} board")
        m0, m1 = masks
        if m0 & m1:
            raise PositionError("a cell cannot hold pieces of both players")
        c0, c1 = m0.bit_count(), m1.bit_count()
        if c0 > size or c1 > size:
            raise PositionError(f"each player has only {size} pieces, got {c0} X and {c1} O")
        if not isinstance(history, frozenset) or not all(
            isinstance(code, int) and 0 <= code < 1 << 2 * geo.cells for code in history
        ):
            raise PositionError("history must be a frozenset of arrangement codes")
        if to_move not in (0, 1) or isinstance(to_move, bool):
            raise PositionError(f"to_move must be 0 or 1, got {to_move!r}")
        if c0 + c1 < 2 * size:
            expected = 0 if c0 == c1 else 1 if c0 == c1 + 1 else None
            if expected is None:
                raise PositionError(
                    f"X moves first, so during placing X has as many pieces as O or one more; "
                    f"got {c0} X and {c1} O"
                )
            if to_move != expected:
                raise PositionError(
                    f"with {c0} X and {c1} O placed it is {SIDE_NAMES[expected]}'s turn"
                )
            if history:
                raise PositionError("the repetition history starts only once all pieces are placed")
        elif m0 | m1 << geo.cells not in history:
            raise PositionError("the history must contain the current arrangement")
        if outcome is not None and not isinstance(outcome, Outcome):
            raise PositionError(f"outcome must be an Outcome or None, got {outcome!r}")
        if last_move is not None and not isinstance(last_move, MorpionMove):
            raise PositionError(f"last_move must be a MorpionMove or None, got {last_move!r}")
        _init(self, size, (m0, m1), to_move, history, _EMPTY, outcome, last_move)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"MorpionState is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"MorpionState is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuild through _init: the default slots protocol would call the refused __setattr__.
        return (
            _restore,
            (self.size, self.masks, self.to_move, self._old, self._new, self.outcome,
             self.last_move),
        )

    def __repr__(self) -> str:
        return (
            f"MorpionState(size={self.size}, rows={'/'.join(self.rows())}, "
            f"to_move={self.to_move}, positions_seen={self.positions_seen}, "
            f"outcome={self.outcome!r}, last_move={self.last_move})"
        )

    @property
    def history(self) -> frozenset[int]:
        """The arrangement codes recorded since all pieces were placed (current one included).

        Built on first use and kept (the same frozenset object afterwards, so its hash is
        computed once); :meth:`has_seen` and :attr:`positions_seen` never build it.
        """
        union = self._all
        if union is None:
            union = self._old | self._new if self._old and self._new else self._old or self._new
            _set(self, "_all", union)
        return union

    def has_seen(self, arrangement: int) -> bool:
        """True if ``arrangement`` (a code like :attr:`arrangement`) is in the history."""
        return arrangement in self._new or arrangement in self._old

    # ----------------------------------------------------------------- construction helpers

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        to_move: int | None = None,
        history: Iterable[int] = (),
    ) -> MorpionState:
        """Build a position from text rows, row 1 first: ``X``/``O`` pieces, ``.`` empty.

        During placing, ``to_move`` may be left out (it follows from the piece counts). Once
        all pieces are on the board it defaults to X and the history (arrangement codes) is
        ``history`` plus the current arrangement. The outcome is a win for a player holding a
        line; both holding one raises :class:`PositionError`.
        """
        size = len(rows)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise PositionError(f"a Morpion board has {MIN_SIZE} to {MAX_SIZE} rows, got {size}")
        masks = [0, 0]
        for r, row in enumerate(rows):
            text = row.replace(" ", "")
            if len(text) != size:
                raise PositionError(f"row {r + 1} must have {size} cells, got {row!r}")
            for c, ch in enumerate(text.upper()):
                if ch == EMPTY_SYMBOL:
                    continue
                if ch not in SYMBOLS:
                    raise PositionError(f"row {r + 1}: expected X, O or '.', got {ch!r}")
                masks[SYMBOLS.index(ch)] |= 1 << (r * size + c)
        m0, m1 = masks
        geo = _geometry(size)
        c0, c1 = m0.bit_count(), m1.bit_count()
        seen: frozenset[int] = frozenset()
        if c0 + c1 == 2 * size:
            seen = frozenset(history) | {m0 | m1 << geo.cells}
            mover = 0 if to_move is None else to_move
        else:
            if any(True for _ in history):
                raise PositionError(
                    "a history only exists once all pieces are placed, and this board has "
                    f"{c0} X and {c1} O of {size} each"
                )
            mover = (0 if c0 == c1 else 1) if to_move is None else to_move
        winners = [p for p in (0, 1) if any(masks[p] & ln == ln for ln in geo.lines)]
        if len(winners) == 2:
            raise PositionError("both players hold a line: this cannot happen in a game")
        outcome = None
        if winners:
            p = winners[0]
            k = next(k for k, ln in enumerate(geo.lines) if masks[p] & ln == ln)
            outcome = geo.wins[p][k]
        return cls(size, (m0, m1), mover, seen, outcome)

    # ----------------------------------------------------------------- protocol

    @property
    def key(self) -> int:
        """The position and side to move as one integer: ``X | O << n | to_move << 2n``.

        The repetition history is *not* in the key, so two states with the same key may differ
        in what repeats next (and one of them may be a finished draw with no legal moves). That
        is fine for learners and transposition tables: an entry says what a position is worth
        to the side to move; the repetition rule only cuts a game short in a draw, and keying
        on the history would make almost every position of the moving phase new, so a learner
        would never meet the same key twice. Search code that wants repetitions exactly asks
        the state: ``parent.has_seen(child.arrangement)`` (or ``child.outcome``) tells a draw.
        """
        n = self.size * self.size
        return self.masks[0] | self.masks[1] << n | self.to_move << 2 * n

    def legal_moves(self) -> tuple[MorpionMove, ...]:
        """Every legal move, empty when the game is over.

        Placements in cell order (a1, b1, ..., then row 2...); movements by origin cell, then
        destination cell, in the same order.
        """
        if self.outcome is not None:
            return ()
        geo = _GEOMETRY[self.size]
        m0, m1 = self.masks
        mine = m1 if self.to_move else m0
        empties = _bits(geo.full & ~(m0 | m1))
        # itemgetter picks the interned moves in C; there are always >= 3 empty cells
        # (D^2 - 2D >= 3), so it always returns a tuple.
        pick = itemgetter(*empties)
        if mine.bit_count() < self.size:
            placements: tuple[MorpionMove, ...] = pick(geo.place)
            return placements
        shift = geo.shift
        moves: tuple[MorpionMove, ...] = ()
        for origin in _bits(mine):
            moves += pick(shift[origin])
        return moves

    def play(self, move: MorpionMove) -> MorpionState:
        """The state after ``move``; raises IllegalMoveError saying why (self is unchanged).

        Once all pieces are down it adds the new arrangement to the small recent set, and now
        and then merges that into the big one (see ``_RECENT_LIMIT``), so a move costs about
        2 * sqrt(positions seen) set copies rather than the whole history.
        """
        if self.outcome is not None:
            raise GameOverError(f"the game is over ({self.outcome.message}): no more moves")
        if not isinstance(move, MorpionMove):
            raise IllegalMoveError(f"{move!r} is not a Morpion move")
        size = self.size
        geo = _GEOMETRY[size]
        player = self.to_move
        side = SIDE_NAMES[player]
        r, c = move.to
        if r >= size or c >= size:
            raise IllegalMoveError(f"cell {cell_name(r, c)} is off the {size}x{size} board")
        dst_bit = 1 << (r * size + c)
        m0, m1 = self.masks
        mine = m1 if player else m0
        occupied = m0 | m1
        in_hand = size - mine.bit_count()
        origin = move.origin
        if origin is None:
            if not in_hand:
                raise IllegalMoveError(
                    f"{side} has no piece left in hand: move one of its pieces instead, "
                    f"from a cell to an empty cell, like a1-b2"
                )
            if occupied & dst_bit:
                raise IllegalMoveError(f"cannot place on {move}: the cell is taken")
            new = mine | dst_bit
        else:
            if in_hand:
                raise IllegalMoveError(
                    f"{side} still has {in_hand} piece{'s' if in_hand > 1 else ''} in hand: "
                    f"place one on an empty cell, like {cell_name(r, c)}"
                )
            sr, sc = origin
            if sr >= size or sc >= size:
                raise IllegalMoveError(
                    f"cell {cell_name(sr, sc)} is off the {size}x{size} board"
                )
            src_bit = 1 << (sr * size + sc)
            if not mine & src_bit:
                raise IllegalMoveError(f"there is no {side} piece on {cell_name(sr, sc)} to move")
            if src_bit == dst_bit:
                raise IllegalMoveError(
                    f"a piece cannot be put back on {cell_name(sr, sc)}, the cell it just left"
                )
            if occupied & dst_bit:
                raise IllegalMoveError(f"cannot move to {cell_name(r, c)}: the cell is taken")
            new = (mine ^ src_bit) | dst_bit
        masks = (m0, new) if player else (new, m1)
        outcome: Outcome | None = None
        lines = geo.lines
        for k in geo.lines_through[r * size + c]:
            if new & lines[k] == lines[k]:
                outcome = geo.wins[player][k]
                break
        old, new_codes = self._old, self._new
        if (masks[0] | masks[1]).bit_count() == 2 * size:
            code = masks[0] | masks[1] << geo.cells
            if code in new_codes or code in old:
                if outcome is None:
                    outcome = REPETITION
            elif len(new_codes) < _RECENT_LIMIT or len(new_codes) ** 2 < len(old):
                new_codes = new_codes | {code}
            else:
                old = old | new_codes
                new_codes = frozenset((code,))
        state: MorpionState = _new_state(MorpionState)
        _init(state, size, masks, 1 - player, old, new_codes, outcome, move)
        return state

    def parse_move(self, text: str) -> MorpionMove:
        """Read ``"b2"`` (placement) or ``"a1-b2"`` (movement; ``a1->b2`` and ``a1 b2`` are
        accepted too); raises MoveParseError for malformed text or cells off this board.
        Does not check legality."""
        if not isinstance(text, str):
            raise MoveParseError(f"a move must be text like 'b2' or 'a1-b2', got {text!r}")
        check_move_text(text)
        t = text.strip().replace("->", "-")
        parts = [p.strip() for p in t.split("-")] if "-" in t else t.split()
        if len(parts) not in (1, 2) or not all(parts):
            raise MoveParseError(
                f"'{text}' is not a Morpion move: expected a cell like 'b2' (placing) "
                f"or two cells like 'a1-b2' (moving a piece)"
            )
        cells = [_parse_cell(p, self.size) for p in parts]
        if len(cells) == 1:
            return _geometry(self.size).place[cells[0][0] * self.size + cells[0][1]]
        (sr, sc), (r, c) = cells
        return _geometry(self.size).shift[sr * self.size + sc][r * self.size + c]

    # ----------------------------------------------------------------- for the UI and the AIs

    def owner(self, row: int, col: int) -> int | None:
        """The player (0 or 1) whose piece is on (row, col), or None if the cell is empty."""
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise IndexError(f"cell ({row}, {col}) is off the {self.size}x{self.size} board")
        bit = 1 << (row * self.size + col)
        if self.masks[0] & bit:
            return 0
        if self.masks[1] & bit:
            return 1
        return None

    def pieces(self, player: int) -> tuple[Cell, ...]:
        """The cells of ``player``'s pieces on the board, in cell order."""
        coords = _GEOMETRY[self.size].coords
        return tuple(coords[i] for i in _bits(self.masks[player]))

    def empty_cells(self) -> tuple[Cell, ...]:
        """The empty cells, in cell order."""
        geo = _GEOMETRY[self.size]
        return tuple(geo.coords[i] for i in _bits(geo.full & ~(self.masks[0] | self.masks[1])))

    def in_hand(self, player: int) -> int:
        """How many pieces ``player`` has still to place."""
        return self.size - self.masks[player].bit_count()

    @property
    def phase(self) -> Phase:
        """Either "placing" (the side to move has pieces in hand) or "moving"."""
        return "placing" if self.in_hand(self.to_move) else "moving"

    @property
    def vacated(self) -> Cell | None:
        """The cell the last move emptied (a movement's origin), or None."""
        return None if self.last_move is None else self.last_move.origin

    @property
    def arrangement(self) -> int:
        """The current arrangement code, ``masks[0] | masks[1] << size*size`` (no side to move)."""
        return self.masks[0] | self.masks[1] << self.size * self.size

    @property
    def repetition_history(self) -> frozenset[int]:
        """Arrangement codes recorded since all pieces were placed (current one included);
        the same as :attr:`history`."""
        return self.history

    @property
    def positions_seen(self) -> int:
        """How many distinct arrangements have been recorded (0 while pieces are being placed)."""
        return len(self._old) + len(self._new)  # disjoint: a code is added only if unseen

    def winning_line(self) -> tuple[Cell, ...]:
        """The cells of the line that won the game, or () if nobody made one."""
        if self.outcome is None or self.outcome.winner is None:
            return ()
        geo = _GEOMETRY[self.size]
        mask = self.masks[self.outcome.winner]
        for k, line in enumerate(geo.lines):
            if mask & line == line:
                return geo.line_cells[k]
        return ()

    def rows(self) -> tuple[str, ...]:
        """The board as text rows, row 1 first: ``X``, ``O`` or ``.`` per cell."""
        return tuple(
            "".join(
                EMPTY_SYMBOL if (o := self.owner(r, c)) is None else SYMBOLS[o]
                for c in range(self.size)
            )
            for r in range(self.size)
        )

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MorpionState):
            return NotImplemented
        return (
            self.masks == other.masks
            and self.to_move == other.to_move
            and self.size == other.size
            and self.outcome == other.outcome
            and self.positions_seen == other.positions_seen
            and self.history == other.history
        )

    def __hash__(self) -> int:
        return hash((self.size, self.masks, self.to_move, self.history, self.outcome))


_EMPTY: frozenset[int] = frozenset()
_new_state = object.__new__
_set = object.__setattr__


def _init(
    state: MorpionState,
    size: int,
    masks: tuple[int, int],
    to_move: int,
    old: frozenset[int],
    new: frozenset[int],
    outcome: Outcome | None,
    last_move: MorpionMove | None,
) -> None:
    """Fill a state's slots with values already known to be consistent, skipping the checks."""
    _set(state, "size", size)
    _set(state, "masks", masks)
    _set(state, "to_move", to_move)
    _set(state, "_old", old)
    _set(state, "_new", new)
    _set(state, "outcome", outcome)
    _set(state, "last_move", last_move)
    _set(state, "_all", None)


def _restore(
    size: int,
    masks: tuple[int, int],
    to_move: int,
    old: frozenset[int],
    new: frozenset[int],
    outcome: Outcome | None,
    last_move: MorpionMove | None,
) -> MorpionState:
    """Rebuild a pickled or copied state."""
    state: MorpionState = _new_state(MorpionState)
    _init(state, size, masks, to_move, old, new, outcome, last_move)
    return state


@dataclass(frozen=True, slots=True)
class MorpionOptions:
    """Morpion's options: the board is ``size`` x ``size`` (3 to 7) and each side owns ``size``
    pieces."""

    size: int = 3

    def __post_init__(self) -> None:
        check_int_option("size", self.size, MIN_SIZE, MAX_SIZE)

    def initial_state(self) -> MorpionState:
        """The empty board, X to move."""
        return MorpionState(self.size, (0, 0), 0)


def describe_options(options: MorpionOptions) -> str:
    """Short words for the options, e.g. ``"4x4, 4 pieces each"``."""
    return f"{options.size}x{options.size}, {options.size} pieces each"


# --------------------------------------------------------------------------------------------
# What the AIs need to know (the game's descriptor)
# --------------------------------------------------------------------------------------------

#: The solver ``ai.perfect`` provides for Morpion 3x3: a retrograde analysis without
#: repetitions, then a history-aware search at play time.
RETROGRADE_SOLVER = "morpion-retrograde"
#: The same for 4x4, its first step a numpy retrograde analysis of the 1.8 million positions.
RETROGRADE_TABLE_SOLVER = "morpion-retrograde-table"


def line_masks(size: int) -> tuple[int, ...]:
    """Every winning line of a size x size board as a bitmask (bit ``row * size + col``):
    the rows, the columns and the two main diagonals."""
    return _GEOMETRY[size].lines


def open_lines(state: MorpionState, player: int) -> float:
    """Seed 003's evaluation: lines still open to ``player`` minus lines still open to the
    opponent.

    A line (row, column or main diagonal) is open to a player while it holds none of the
    opponent's pieces: the player could still complete it. Rewards keeping winning chances and
    blocking the opponent's. (The seed's listing counts the diagonals inside its loop over
    rows, D times each; we read that as an indentation slip and count each line once.)
    """
    mine, theirs = state.masks[player], state.masks[1 - player]
    score = 0
    for line in _GEOMETRY[state.size].lines:
        # Open to me: none of theirs on it; open to them: none of mine. An empty line is open
        # to both and cancels out.
        score += (not theirs & line) - (not mine & line)
    return float(score)


def weighted_lines(state: MorpionState, player: int) -> float:
    """Open lines weighted by how far along they are: each line open to ``player`` counts the
    square of ``player``'s pieces on it, minus the same for the opponent (a line two pieces
    along is worth four times a line one piece along)."""
    mine, theirs = state.masks[player], state.masks[1 - player]
    return float(weighted_open_lines(_GEOMETRY[state.size].lines, mine, theirs))


def line_threats(state: MorpionState, player: int) -> float:
    """Lines one piece short of complete: ``player``'s open lines holding all but one of
    their cells, minus the opponent's (ignores everything further from a win)."""
    mine, theirs = state.masks[player], state.masks[1 - player]
    return float(threats(_GEOMETRY[state.size].lines, state.size, mine, theirs))


def search_depth(state: MorpionState) -> int | None:
    """Seed 003 searches 2 plies."""
    return 2


def solver(options: MorpionOptions) -> str | None:
    """3x3 and 4x4 are solved (with the repetition rule) by retrograde analysis; larger boards
    are not (5x5's moving phase alone has 1.6 billion positions)."""
    return {3: RETROGRADE_SOLVER, 4: RETROGRADE_TABLE_SOLVER}.get(options.size)


GAME = GameInfo(
    name="morpion",
    title="Morpion",
    options_type=MorpionOptions,
    side_names=SIDE_NAMES,
    describe_options=describe_options,
    outcome_reasons=("line", "repetition"),
    evaluations=(Evaluation("open_lines", open_lines, unit="open_lines"),
                 Evaluation("weighted_lines", weighted_lines, unit="line_points"),
                 Evaluation("threats", line_threats, unit="threats")),
    search_depth=search_depth,
    # The key leaves out the arrangements seen, which decide draws by repetition.
    memo_safe=False,
    solver=solver,
    lab_presets=(MorpionOptions(),),
    tournament_presets=(MorpionOptions(), MorpionOptions(size=4)),
    tournament_players=("random", "bestfirst"),
    # Random movement phases on 5x5 and larger boards run for thousands of moves (7x7: about
    # 15,700 on average) before a position repeats.
    max_moves=1000,
)
