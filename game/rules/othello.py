"""Othello (reversi) on a 4x4, 6x6 or 8x8 board, with two integers as bitboards.

Layout: every board size uses the same 8x8 bit layout. Bit ``row * 8 + col`` is the cell
``(row, col)``; row 0 is the top row (text row 1), column 0 the left column (letter a), so bit 0
is a1 and bit 63 is h8. A 4x4 or 6x6 game simply lives in the top-left ``size x size`` corner
and ``region`` (a mask of its cells) says which squares exist. Because discs only ever sit inside
the region and a move must land on an *empty square of the region*, one set of shift masks (the
8x8 ones) serves every size: a flip line can only run through opponent discs, which are all
inside the region, so it can never leave the board.

Rules: Black (player 0) moves first. A move places a disc on an empty square so that at least one
straight line (8 directions) of opponent discs is closed off by a disc of the mover's colour; all
such lines are flipped. A player without such a move must pass, and the pass is an explicit move
in :meth:`OthelloState.legal_moves`. The game ends when neither side can move; most discs wins,
equal counts are a draw.

The raw helpers :func:`legal_mask`, :func:`flip_mask` and :func:`bits` work on plain integers
(``own``, ``opp``) so that searches can run without creating any object per node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from game.rules.base import (
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    Outcome,
    cell_name,
    check_move_text,
    parse_cell,
)
from game.rules.registry import ACYCLIC, Evaluation, GameInfo, MoveGain

BLACK = 0
WHITE = 1
SIDE_NAMES = ("Black", "White")
SIZES = (4, 6, 8)

#: Cell contents returned by :meth:`OthelloState.cell`.
EMPTY_CELL, BLACK_CELL, WHITE_CELL = 0, 1, 2

FULL = (1 << 64) - 1
# Masks applied to the *opponent* discs before a horizontal or diagonal fill: a run of opponent
# discs can never continue across the left/right edge, so edge columns are removed from it.
_NOT_EDGE_COLS = 0x7E7E7E7E7E7E7E7E
_NOT_EDGE_ROWS = 0x00FFFFFFFFFFFF00  # the rows a vertical run can pass through
_INNER = _NOT_EDGE_COLS & _NOT_EDGE_ROWS

PASS_SQUARE = -1


def region_mask(size: int) -> int:
    """The bits of the squares that exist on a ``size x size`` board (top-left corner)."""
    row = (1 << size) - 1
    mask = 0
    for r in range(size):
        mask |= row << (8 * r)
    return mask


REGIONS = {size: region_mask(size) for size in SIZES}


def legal_mask(own: int, opp: int, region: int = FULL, side: int = _NOT_EDGE_COLS,
               inner: int = _INNER) -> int:
    """Bits of every square where the side owning ``own`` may play against ``opp``.

    Kogge-Stone style occluded fills: for each direction, the run of opponent discs adjacent to
    one of our discs is propagated in log steps (1, 2 then 4 squares further), and the empty
    square just past the run is a move. Shifts left may carry bits past bit 63; the final
    ``& empty`` drops them. ``side`` (no edge column) and ``inner`` (no edge row or column)
    default to one board's masks; :mod:`ai.othello_packed` passes them repeated over many
    boards laid side by side, to find all their moves in one call.
    """
    empty = region & ~(own | opp)
    h = opp & side  # a sideways or diagonal run cannot cross the left/right edge
    d = opp & inner
    v = opp  # a vertical run falls off the board by itself (bits past 63 or below 0)
    moves = 0
    # Each pair of opposite directions shares its propagators: p (two discs in a row) and
    # q (four in a row) for the falling direction are those of the rising one shifted.
    # East (+1) and west (-1).
    p = h & (h << 1)
    q = p & (p << 2)
    g = h & (own << 1)
    g |= h & (g << 1)
    g |= p & (g << 2)
    g |= q & (g << 4)
    moves |= g << 1
    p >>= 1
    q >>= 3
    g = h & (own >> 1)
    g |= h & (g >> 1)
    g |= p & (g >> 2)
    g |= q & (g >> 4)
    moves |= g >> 1
    # South (+8) and north (-8).
    p = v & (v << 8)
    q = p & (p << 16)
    g = v & (own << 8)
    g |= v & (g << 8)
    g |= p & (g << 16)
    g |= q & (g << 32)
    moves |= g << 8
    p >>= 8
    q >>= 24
    g = v & (own >> 8)
    g |= v & (g >> 8)
    g |= p & (g >> 16)
    g |= q & (g >> 32)
    moves |= g >> 8
    # South-east (+9) and north-west (-9).
    p = d & (d << 9)
    q = p & (p << 18)
    g = d & (own << 9)
    g |= d & (g << 9)
    g |= p & (g << 18)
    g |= q & (g << 36)
    moves |= g << 9
    p >>= 9
    q >>= 27
    g = d & (own >> 9)
    g |= d & (g >> 9)
    g |= p & (g >> 18)
    g |= q & (g >> 36)
    moves |= g >> 9
    # South-west (+7) and north-east (-7).
    p = d & (d << 7)
    q = p & (p << 14)
    g = d & (own << 7)
    g |= d & (g << 7)
    g |= p & (g << 14)
    g |= q & (g << 28)
    moves |= g << 7
    p >>= 7
    q >>= 21
    g = d & (own >> 7)
    g |= d & (g >> 7)
    g |= p & (g >> 14)
    g |= q & (g >> 28)
    moves |= g >> 7
    return moves & empty


def ray_mask(square: int, drow: int, dcol: int) -> int:
    """Bits of the squares strictly beyond ``square`` in one direction, up to the 8x8 edge."""
    row, col = divmod(square, 8)
    mask = 0
    row += drow
    col += dcol
    while 0 <= row < 8 and 0 <= col < 8:
        mask |= 1 << (row * 8 + col)
        row += drow
        col += dcol
    return mask


# For every square, the four rays going towards higher bits and the four going towards lower
# bits. Along a rising ray the nearest square is the lowest set bit; along a falling ray it is
# the highest. Knowing that, a flip line is found with a few integer operations per direction.
_UP_RAYS: tuple[tuple[int, int, int, int], ...] = tuple(
    (ray_mask(sq, 0, 1), ray_mask(sq, 1, -1), ray_mask(sq, 1, 0), ray_mask(sq, 1, 1))
    for sq in range(64)
)
_DOWN_RAYS: tuple[tuple[int, int, int, int], ...] = tuple(
    (ray_mask(sq, 0, -1), ray_mask(sq, -1, 1), ray_mask(sq, -1, 0), ray_mask(sq, -1, -1))
    for sq in range(64)
)


def flip_mask(own: int, opp: int, square: int) -> int:
    """Bits of the opponent discs that a disc played on ``square`` would turn (0 if none).

    Does not check that ``square`` is empty.
    """
    flips = 0
    not_opp = ~opp
    for ray in _UP_RAYS[square]:
        x = ray & not_opp
        if x:
            first = x & -x  # nearest square along the ray that is not an opponent disc
            if first & own:
                flips |= ray & (first - 1)
    for ray in _DOWN_RAYS[square]:
        x = ray & not_opp
        if x:
            first_bit = x.bit_length() - 1
            if (own >> first_bit) & 1:
                flips |= (ray >> (first_bit + 1)) << (first_bit + 1)
    return flips


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def potential_mobility_mask(opp: int, empty: int) -> int:
    """Empty squares (within ``empty``) next to at least one ``opp`` disc, in any direction."""
    east = opp & 0x7F7F7F7F7F7F7F7F  # discs that have a square on their right
    west = opp & 0xFEFEFEFEFEFEFEFE  # discs that have a square on their left
    around = (
        (opp << 8) | (opp >> 8)
        | (east << 1) | (east << 9) | (east >> 7)
        | (west >> 1) | (west >> 9) | (west << 7)
    )
    return around & empty


@dataclass(frozen=True, slots=True)
class OthelloMove:
    """A disc placed on ``(row, col)``, or a pass when both are -1.

    ``str()`` gives ``a1``..``h8`` (column letter, 1-based row from the top) or ``pass``.
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        if not (type(self.row) is int and type(self.col) is int):
            raise MoveParseError(f"an Othello move's row and column must be integers, "
                                 f"got {self.row!r}, {self.col!r}")
        ok_cell = 0 <= self.row < 8 and 0 <= self.col < 8
        if not (ok_cell or (self.row == -1 and self.col == -1)):
            raise MoveParseError(
                f"({self.row}, {self.col}) is not an Othello cell: row and column go from 0 to 7 "
                f"(both -1 for a pass)")

    @property
    def is_pass(self) -> bool:
        """True for the pass move."""
        return self.row < 0

    @property
    def square(self) -> int:
        """Bit index of the cell (``row * 8 + col``), or -1 for a pass."""
        return PASS_SQUARE if self.row < 0 else self.row * 8 + self.col

    def __str__(self) -> str:
        return "pass" if self.row < 0 else cell_name(self.row, self.col)


PASS = OthelloMove(-1, -1)
#: The move object of every bit index, so that move generation creates no new objects.
MOVE_AT: tuple[OthelloMove, ...] = tuple(OthelloMove(sq // 8, sq % 8) for sq in range(64))


def move_at(square: int) -> OthelloMove:
    """The move for a bit index, or :data:`PASS` for -1."""
    return PASS if square < 0 else MOVE_AT[square]


@dataclass(frozen=True)
class OthelloOptions:
    """Othello's options: the board side, 4, 6 or 8 (default 8)."""

    size: int = 8

    def __post_init__(self) -> None:
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size not in SIZES:
            raise OptionError(f"option 'size' must be one of 4, 6 or 8, got {self.size!r}")

    def initial_state(self) -> OthelloState:
        """The standard start: four discs in the centre, Black to move."""
        c = self.size // 2
        white = (1 << ((c - 1) * 8 + c - 1)) | (1 << (c * 8 + c))
        black = (1 << ((c - 1) * 8 + c)) | (1 << (c * 8 + c - 1))
        return OthelloState._make(self.size, black, white, BLACK, None)


class OthelloState:
    """An Othello position: two bitboards, the side to move, the board size and the last move.

    ``black`` and ``white`` are bitboards in the layout of the module docstring; ``to_move`` is
    0 (Black) or 1 (White). States are immutable (read-only properties; the only mutable slot is
    an internal memo of the legal moves) and hashable; equality and hashing use the position
    (:attr:`key`), not the last move, which is kept only so the board view can mark it.
    """

    __slots__ = ("_black", "_last", "_legal", "_moves", "_outcome", "_size", "_to_move", "_white")

    _black: int
    _white: int
    _to_move: int
    _size: int
    _last: OthelloMove | None
    _legal: int  # -1 until computed: bits of the mover's placements
    _moves: tuple[OthelloMove, ...] | None
    _outcome: Outcome | None

    @classmethod
    def _make(
        cls, size: int, black: int, white: int, to_move: int, last: OthelloMove | None
    ) -> OthelloState:
        """Fast unchecked constructor used by ``play`` and the options."""
        self = object.__new__(cls)
        self._size = size
        self._black = black
        self._white = white
        self._to_move = to_move
        self._last = last
        self._legal = -1
        self._moves = None
        self._outcome = None
        return self

    @classmethod
    def from_bitboards(cls, size: int, black: int, white: int, to_move: int) -> OthelloState:
        """A position from two bitboards; raise OptionError on overlapping or off-board discs."""
        OthelloOptions(size)
        if to_move not in (BLACK, WHITE):
            raise OptionError(f"to_move must be 0 (Black) or 1 (White), got {to_move!r}")
        for name, board in (("black", black), ("white", white)):
            if not isinstance(board, int) or board < 0 or board & ~REGIONS[size]:
                raise OptionError(f"{name} discs lie off the {size}x{size} board")
        if black & white:
            raise OptionError("a square cannot hold both a black and a white disc")
        return cls._make(size, black, white, to_move, None)

    @classmethod
    def from_rows(cls, rows: Sequence[str], to_move: int = BLACK) -> OthelloState:
        """A position drawn as text rows, top first: ``X`` or ``B`` black, ``O`` or ``W`` white,
        ``.`` or ``-`` empty; spaces are ignored. Raise OptionError on a malformed drawing."""
        lines = [r.replace(" ", "") for r in rows]
        size = len(lines)
        if size not in SIZES or any(len(line) != size for line in lines):
            raise OptionError(f"a board drawing must be 4, 6 or 8 rows of as many cells, "
                              f"got {[len(line) for line in lines]}")
        black = white = 0
        for r, line in enumerate(lines):
            for c, ch in enumerate(line.upper()):
                if ch in "XB":
                    black |= 1 << (r * 8 + c)
                elif ch in "OW":
                    white |= 1 << (r * 8 + c)
                elif ch not in ".-":
                    raise OptionError(f"unknown cell character {ch!r} in row {r + 1}")
        return cls.from_bitboards(size, black, white, to_move)

    # --- the protocol -------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """0 when Black is to move, 1 for White."""
        return self._to_move

    @property
    def size(self) -> int:
        """The board side (4, 6 or 8)."""
        return self._size

    @property
    def black(self) -> int:
        """Bitboard of the black discs."""
        return self._black

    @property
    def white(self) -> int:
        """Bitboard of the white discs."""
        return self._white

    @property
    def own(self) -> int:
        """Bitboard of the discs of the side to move."""
        return self._white if self._to_move else self._black

    @property
    def opp(self) -> int:
        """Bitboard of the discs of the side not to move."""
        return self._black if self._to_move else self._white

    @property
    def region(self) -> int:
        """Bitboard of the squares that exist on this board."""
        return REGIONS[self._size]

    @property
    def last_move(self) -> OthelloMove | None:
        """The move that led here (None at the start or for a position built from a drawing)."""
        return self._last

    @property
    def key(self) -> tuple[int, int, int, int]:
        """``(size, black, white, to_move)``: identifies the position and the side to move."""
        return (self._size, self._black, self._white, self._to_move)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OthelloState):
            return NotImplemented
        return self.key == other.key

    def __repr__(self) -> str:
        return f"OthelloState.from_rows({self.rows()!r}, to_move={self._to_move})"

    def placements(self) -> int:
        """Bits of the squares where the side to move may place a disc (0 if it must pass)."""
        legal = self._legal
        if legal < 0:
            if self._to_move:
                legal = legal_mask(self._white, self._black, REGIONS[self._size])
            else:
                legal = legal_mask(self._black, self._white, REGIONS[self._size])
            self._legal = legal
        return legal

    def legal_moves(self) -> tuple[OthelloMove, ...]:
        """The mover's placements in bit order (a1, b1, ... h8); ``(PASS,)`` when the mover is
        stuck but the opponent is not; ``()`` once the game is over."""
        moves = self._moves
        if moves is None:
            legal = self.placements()
            if legal:
                moves = tuple([MOVE_AT[sq] for sq in bits(legal)])
            elif legal_mask(self.opp, self.own, REGIONS[self._size]):
                moves = (PASS,)
            else:
                moves = ()
            self._moves = moves
        return moves

    @property
    def outcome(self) -> Outcome | None:
        """None while someone can move; otherwise the disc count decides (reason ``discs``)."""
        if self._outcome is None and not self.legal_moves():
            b, w = self._black.bit_count(), self._white.bit_count()
            if b > w:
                self._outcome = Outcome(BLACK, "discs", f"Black wins {b}-{w}")
            elif w > b:
                self._outcome = Outcome(WHITE, "discs", f"White wins {w}-{b}")
            else:
                self._outcome = Outcome(None, "discs", f"Draw {b}-{w}")
        return self._outcome

    def play(self, move: OthelloMove) -> OthelloState:
        """The position after ``move``; raise IllegalMoveError saying why it is not allowed."""
        if not isinstance(move, OthelloMove):
            raise IllegalMoveError(f"{move!r} is not an Othello move (use parse_move)")
        legal = self.placements()
        if move.row < 0:
            if legal:
                raise IllegalMoveError(
                    f"cannot pass: {SIDE_NAMES[self._to_move]} has "
                    f"{legal.bit_count()} legal move(s)")
            if self.outcome is not None:
                raise GameOverError("the game is over: no move, not even a pass, is possible")
            return OthelloState._make(self._size, self._black, self._white,
                                      1 - self._to_move, PASS)
        sq = move.row * 8 + move.col
        bit = 1 << sq
        if legal & bit:
            if self._to_move:
                flips = flip_mask(self._white, self._black, sq)
                return OthelloState._make(self._size, self._black & ~flips,
                                          self._white | flips | bit, BLACK, move)
            flips = flip_mask(self._black, self._white, sq)
            return OthelloState._make(self._size, self._black | flips | bit,
                                      self._white & ~flips, WHITE, move)
        # Not legal: say why, most basic reason first.
        if self.outcome is not None:
            raise GameOverError(
                f"the game is over ({self.outcome.message}): {move} cannot be played")
        if not bit & REGIONS[self._size]:
            raise IllegalMoveError(f"{move} is off the {self._size}x{self._size} board")
        if bit & (self._black | self._white):
            raise IllegalMoveError(f"{move} is occupied")
        if not legal:
            raise IllegalMoveError(f"{SIDE_NAMES[self._to_move]} has no move and must pass")
        raise IllegalMoveError(f"{move} flips nothing")

    def parse_move(self, text: str) -> OthelloMove:
        """Read ``a1``..``h8`` (within this board) or ``pass``; raise MoveParseError."""
        if not isinstance(text, str):
            raise MoveParseError(f"expected a move as text like 'd3' or 'pass', got {text!r}")
        check_move_text(text)
        if text.strip().lower() == "pass":
            return PASS
        row, col = parse_cell(text, self._size, self._size)
        return MOVE_AT[row * 8 + col]

    # --- for the board view and simple AIs ------------------------------------------------------

    def cell(self, row: int, col: int) -> int:
        """0 for an empty cell, 1 for a black disc, 2 for a white one."""
        if not (0 <= row < self._size and 0 <= col < self._size):
            raise IndexError(f"cell ({row}, {col}) is off the {self._size}x{self._size} board")
        bit = 1 << (row * 8 + col)
        if self._black & bit:
            return BLACK_CELL
        if self._white & bit:
            return WHITE_CELL
        return EMPTY_CELL

    def count(self, player: int) -> int:
        """How many discs ``player`` (0 Black, 1 White) has."""
        return (self._white if player else self._black).bit_count()

    @property
    def black_count(self) -> int:
        """Number of black discs."""
        return self._black.bit_count()

    @property
    def white_count(self) -> int:
        """Number of white discs."""
        return self._white.bit_count()

    @property
    def empty_count(self) -> int:
        """Number of empty squares."""
        return self._size * self._size - (self._black | self._white).bit_count()

    def flips_mask(self, move: OthelloMove) -> int:
        """Bits of the discs ``move`` would turn (0 for a pass or a move that flips nothing)."""
        if not isinstance(move, OthelloMove) or move.row < 0:
            return 0
        sq = move.row * 8 + move.col
        if not (0 <= move.col < self._size and move.row < self._size):
            return 0
        if (self._black | self._white) >> sq & 1:
            return 0
        return flip_mask(self.own, self.opp, sq)

    def flips(self, move: OthelloMove) -> tuple[tuple[int, int], ...]:
        """The ``(row, col)`` cells ``move`` would turn, in bit order (empty if none)."""
        return tuple(divmod(sq, 8) for sq in bits(self.flips_mask(move)))

    def rows(self) -> tuple[str, ...]:
        """The board as text rows, top first: ``X`` black, ``O`` white, ``.`` empty."""
        chars = ".XO"
        return tuple(
            "".join(chars[self.cell(r, c)] for c in range(self._size)) for r in range(self._size)
        )


#: The position text of :func:`parse_position`, for help texts.
POSITION_TEXT_HELP = (
    "the board's squares from a1 to the last square, row by row (64 for 8x8, 36 for 6x6, 16 "
    "for 4x4): X black, O white, - empty; then a space and the side to move, X or O")


def parse_position(text: str) -> OthelloState:
    """A position from the text endgame test suites use: the squares a1..h8 row by row
    (``X`` black, ``O`` white, ``-`` empty; ``.`` also empty), a space, and the side to move
    (``X`` or ``O``). 36 or 16 squares give a 6x6 or 4x4 board. Raise OptionError naming what
    is wrong (length, a bad character and its square, the side)."""
    if len(text) > 200:
        raise OptionError(f"a position text is at most about 70 characters, got {len(text)}")
    parts = text.split()
    if len(parts) != 2:
        raise OptionError(f"a position is the squares, a space and the side to move (X or O), "
                          f"e.g. '{'-' * 27}OX------XO{'-' * 27} X'; got {len(parts)} "
                          f"part{'s' if len(parts) != 1 else ''}")
    squares, side = parts
    size = {n * n: n for n in SIZES}.get(len(squares))
    if size is None:
        raise OptionError(f"the squares must be 64 (8x8), 36 (6x6) or 16 (4x4) characters, "
                          f"got {len(squares)}")
    black = white = 0
    for i, ch in enumerate(squares.upper()):
        bit = 1 << ((i // size) * 8 + i % size)
        if ch == "X":
            black |= bit
        elif ch == "O":
            white |= bit
        elif ch not in "-.":
            raise OptionError(f"square {cell_name(i // size, i % size)} holds {ch!r}: use X "
                              f"(black), O (white) or - (empty)")
    if side.upper() not in ("X", "O"):
        raise OptionError(f"the side to move must be X (black) or O (white), got {side!r}")
    return OthelloState.from_bitboards(size, black, white, BLACK if side.upper() == "X" else WHITE)


def position_options(state: OthelloState) -> OthelloOptions:
    """The options a position belongs to: its board size."""
    return OthelloOptions(state.size)


def position_text(state: OthelloState) -> str:
    """The text :func:`parse_position` reads back."""
    n = state.size
    cells = "".join("-XO"[state.cell(r, c)] for r in range(n) for c in range(n))
    return f"{cells} {'XO'[state.to_move]}"


def describe_options(options: OthelloOptions) -> str:
    """Short text of the options for menus and logs, e.g. ``8x8``."""
    return f"{options.size}x{options.size}"


# --------------------------------------------------------------------------------------------
# What the AIs need to know (the game's descriptor)
# --------------------------------------------------------------------------------------------

#: Seed 004's weights for 8x8: corners are worth the most (a corner disc can never be
#: flipped), the squares touching a corner are negative (playing there hands the corner to the
#: opponent), edges are worth more than the inside.
WEIGHTS_8: tuple[tuple[int, ...], ...] = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, 1, 1, 1, 1, -50, -20),
    (10, 1, 3, 2, 2, 3, 1, 10),
    (5, 1, 2, 1, 1, 2, 1, 5),
    (5, 1, 2, 1, 1, 2, 1, 5),
    (10, 1, 3, 2, 2, 3, 1, 10),
    (-20, -50, 1, 1, 1, 1, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)

#: 6x6: the 8x8 table with its two central rows and columns removed (rows/columns 0, 1, 2,
#: 5, 6, 7 kept). Corners, the squares next to corners and the edges keep their roles; the
#: four centre squares, occupied from the start, keep the small inner weight 3.
WEIGHTS_6: tuple[tuple[int, ...], ...] = tuple(
    tuple(WEIGHTS_8[r][c] for c in (0, 1, 2, 5, 6, 7)) for r in (0, 1, 2, 5, 6, 7)
)

#: 4x4: corners 100, the eight edge squares -20 (on 4x4 every edge square touches a corner and
#: can hand it to the opponent, like the C-squares of 8x8), the four centre squares 1: they
#: are occupied from the start, so unlike 8x8's X-squares they can never be *played* next to a
#: corner; only their colour matters, a little.
WEIGHTS_4: tuple[tuple[int, ...], ...] = (
    (100, -20, -20, 100),
    (-20, 1, 1, -20),
    (-20, 1, 1, -20),
    (100, -20, -20, 100),
)

WEIGHTS: dict[int, tuple[tuple[int, ...], ...]] = {8: WEIGHTS_8, 6: WEIGHTS_6, 4: WEIGHTS_4}


def _bit_weights(table: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int], ...]:
    """(weight, mask of every square having it) pairs, for fast sums (same 8x8 bit layout
    for every size)."""
    n = len(table)
    masks: dict[int, int] = {}
    for r in range(n):
        for c in range(n):
            masks[table[r][c]] = masks.get(table[r][c], 0) | (1 << (r * 8 + c))
    return tuple(sorted(masks.items()))


_BIT_WEIGHTS = {n: _bit_weights(t) for n, t in WEIGHTS.items()}


def _weight_sum(state: OthelloState, player: int,
                bit_weights: tuple[tuple[int, int], ...]) -> float:
    """The weights of ``player``'s discs minus the opponent's (``bit_weights`` as made by
    :func:`_bit_weights`)."""
    mine, theirs = _sides(state, player)
    score = 0
    for weight, mask in bit_weights:
        score += weight * ((mine & mask).bit_count() - (theirs & mask).bit_count())
    return float(score)


def weighted(state: OthelloState, player: int) -> float:
    """Seed 004's h_simple: the weights of ``player``'s discs minus the opponent's.

    Rewards corners and edges and punishes the squares that give a corner away; it ignores
    mobility and disc count (the Othello engine has a richer evaluation).
    """
    return _weight_sum(state, player, _BIT_WEIGHTS[state.size])


def weight_evaluation(table: Sequence[Sequence[int]]) -> Callable[[OthelloState, int], float]:
    """Seed 004's evaluation with another table (one the class drew): ``h(state, player)``,
    the table's weights of ``player``'s discs minus the opponent's, for the table's size."""
    bit_weights = _bit_weights(tuple(tuple(row) for row in table))

    def evaluate(state: OthelloState, player: int) -> float:
        return _weight_sum(state, player, bit_weights)

    return evaluate


def _sides(state: OthelloState, player: int) -> tuple[int, int]:
    """``(player's discs, the opponent's)`` as bitboards."""
    black, white = state.black, state.white
    return (black, white) if player == BLACK else (white, black)


def disc_count(state: OthelloState, player: int) -> float:
    """Discs: ``player``'s disc count minus the opponent's (what decides the game at the end,
    a poor guide before it: a disc taken early is often turned back)."""
    mine, theirs = _sides(state, player)
    return float(mine.bit_count() - theirs.bit_count())


def mobility(state: OthelloState, player: int) -> float:
    """Mobility: the squares ``player`` could play on minus the opponent's, whoever is to
    move (a side short of moves is forced into bad ones)."""
    mine, theirs = _sides(state, player)
    region = state.region
    return float(legal_mask(mine, theirs, region).bit_count()
                 - legal_mask(theirs, mine, region).bit_count())


_CORNERS = {n: sum(1 << (r * 8 + c) for r in (0, n - 1) for c in (0, n - 1)) for n in SIZES}


def corners(state: OthelloState, player: int) -> float:
    """Corners: the corners ``player`` holds minus the opponent's (a corner disc can never be
    turned). Blind to everything else, so most early positions look equal."""
    mine, theirs = _sides(state, player)
    mask = _CORNERS[state.size]
    return float((mine & mask).bit_count() - (theirs & mask).bit_count())


#: How much one move of mobility is worth in :func:`blend`, in points of the weight table.
BLEND_MOBILITY = 10
#: :func:`blend` counts discs only once fewer squares than this are empty.
BLEND_ENDGAME = 16
#: ... then each disc is worth this many points per square filled past that point.
BLEND_DISC_STEP = 4


def blend(state: OthelloState, player: int) -> float:
    """A blend: the weight table, plus :data:`BLEND_MOBILITY` points per move of mobility,
    plus, in the last :data:`BLEND_ENDGAME` empty squares, the disc count at a weight growing
    to 64 points a disc (earlier, grabbing discs loses: a first version that counted them
    from the middle game lost 19 games of 20 to the table alone)."""
    late = max(0, BLEND_ENDGAME - state.empty_count)
    return (weighted(state, player) + BLEND_MOBILITY * mobility(state, player)
            + BLEND_DISC_STEP * late * disc_count(state, player))


def flips(state: OthelloState, move: OthelloMove) -> float:
    """How many discs ``move`` turns over (0 for a pass): seed 004's greedy player's score."""
    return float(state.flips_mask(move).bit_count())


def search_depth(state: OthelloState) -> int | None:
    """Seed 004 searches 4 plies."""
    return 4


def solver(options: OthelloOptions) -> str | None:
    """Every move fills a square, so no position repeats: 4x4 is solved by search."""
    return ACYCLIC if options.size == 4 else None


GAME = GameInfo(
    name="othello",
    title="Othello",
    options_type=OthelloOptions,
    side_names=SIDE_NAMES,
    describe_options=describe_options,
    outcome_reasons=("discs",),
    evaluations=(Evaluation("weights", weighted, unit="table_points"),
                 Evaluation("discs", disc_count, unit="discs"),
                 Evaluation("mobility", mobility, unit="moves"),
                 Evaluation("corners", corners, unit="corners"),
                 Evaluation("blend", blend, unit="blend_points")),
    search_depth=search_depth,
    memo_safe=True,
    solver=solver,
    move_gain=MoveGain("flips", flips),
    lab_presets=(OthelloOptions(size=4), OthelloOptions(size=6)),
    tournament_presets=(OthelloOptions(), OthelloOptions(size=6), OthelloOptions(size=4)),
    tournament_players=("random", "greedy"),
)
