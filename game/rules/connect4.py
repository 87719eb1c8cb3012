"""Puissance 4 (Connect Four): discs dropped into columns, four in a row wins.

Two players drop discs in turn into the columns of an upright board (7 columns x 6 rows by
default, from 4 to 10 of each); a disc falls to the lowest free cell of its column. Whoever first
lines up ``connect`` discs (4 by default; 3 or 5 as options) in a row, a column or either
diagonal wins; a full board without such a line is a draw. Red (player 0) moves first.

Representation: two integers as bitboards, one per player. Column ``c`` uses the bits
``c * (rows + 1)`` to ``c * (rows + 1) + rows``: one bit per cell from the bottom (row 0) up,
plus one *sentinel* bit above the top cell that is never set. The sentinel breaks every line
that would run from the top of one column into the bottom of the next, so a run of discs is
found with shifts alone: by 1 (vertical), ``rows + 1`` (horizontal), ``rows + 2`` (rising
diagonal) and ``rows`` (falling diagonal). Dropping a disc is an addition: ``occupied + bottom``
carries into the lowest empty cell of the column.

A move is a column, written with its letter (``a`` on the left); ``parse_move`` also reads the
column's number from 1. The state's ``key`` is the pair of bitboards: it fixes the position, the
side to move (Red moves when both have as many discs) and so the whole future.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.rules.base import (
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    Outcome,
    check_int_option,
    check_move_text,
)
from game.rules.lines import threats, weighted_open_lines
from game.rules.registry import ACYCLIC, Evaluation, GameInfo

RED = 0
YELLOW = 1
SIDE_NAMES = ("Red", "Yellow")

MIN_SIZE = 4
MAX_SIZE = 10
MIN_CONNECT = 3
MAX_CONNECT = 5

#: Characters of a position drawing (:meth:`Connect4State.rows`): empty, Red, Yellow.
CELL_CHARS = ".XO"


@dataclass(frozen=True, slots=True)
class Connect4Move:
    """A disc dropped into column ``col`` (0 on the left); ``str()`` gives its letter."""

    col: int

    def __post_init__(self) -> None:
        if type(self.col) is not int or not 0 <= self.col < MAX_SIZE:
            raise MoveParseError(f"a column must be a whole number from 0 to {MAX_SIZE - 1}, "
                                 f"got {self.col!r}")

    def __str__(self) -> str:
        return chr(ord("a") + self.col)


#: One move object per column, so that move generation creates none.
MOVES: tuple[Connect4Move, ...] = tuple(Connect4Move(c) for c in range(MAX_SIZE))


@dataclass(frozen=True, slots=True)
class Connect4Options:
    """The board, ``cols`` x ``rows`` (each 4 to 10), and how many in a row win (3 to 5).

    ``connect`` may not exceed the longer side, or nobody could ever win.
    """

    cols: int = 7
    rows: int = 6
    connect: int = 4

    def __post_init__(self) -> None:
        check_int_option("cols", self.cols, MIN_SIZE, MAX_SIZE)
        check_int_option("rows", self.rows, MIN_SIZE, MAX_SIZE)
        check_int_option("connect", self.connect, MIN_CONNECT, MAX_CONNECT)
        if self.connect > max(self.cols, self.rows):
            raise OptionError(f"option 'connect' must be at most {max(self.cols, self.rows)} "
                              f"on a {self.cols}x{self.rows} board, got {self.connect}")

    def initial_state(self) -> Connect4State:
        """The empty board, Red to move."""
        return Connect4State._make(geometry(self), 0, 0, RED, None)

    def position(self, drawing: Sequence[str]) -> Connect4State:
        """A validated position from a drawing, top row first: ``X`` (or ``R``) Red,
        ``O`` (or ``Y``) Yellow, ``.`` empty; spaces are ignored.

        For lessons, puzzles and tests. The side to move follows from the counts (Red when
        both have as many discs). Raise OptionError on a drawing of the wrong size, a floating
        disc, counts no game can reach, or a line made by the side to move (that game ended a
        move earlier).
        """
        geo = geometry(self)
        lines = [line.replace(" ", "").upper() for line in drawing]
        if len(lines) != self.rows or any(len(line) != self.cols for line in lines):
            raise OptionError(f"a position drawing must be {self.rows} rows of {self.cols} "
                              f"cells, got rows of {[len(line) for line in lines]}")
        boards = [0, 0]
        for text_row, line in enumerate(lines):
            row = self.rows - 1 - text_row
            for col, ch in enumerate(line):
                if ch in "XR":
                    boards[RED] |= geo.bit(row, col)
                elif ch in "OY":
                    boards[YELLOW] |= geo.bit(row, col)
                elif ch != ".":
                    raise OptionError(f"unknown cell character {ch!r} in row {text_row + 1}; "
                                      f"use X, O or .")
        occupied = boards[0] | boards[1]
        if (occupied + geo.bottom) & occupied:
            # Adding a column's bottom bit to a block of discs resting on the bottom carries
            # past its top; any gap stops the carry, leaving a disc above it in common.
            raise OptionError("a disc cannot float: every disc rests on the bottom or on a disc")
        red, yellow = boards[RED].bit_count(), boards[YELLOW].bit_count()
        if red - yellow not in (0, 1):
            raise OptionError(f"Red moves first, so Red has as many discs as Yellow or one "
                              f"more; got {red} and {yellow}")
        to_move = RED if red == yellow else YELLOW
        if geo.has_line(boards[to_move]):
            raise OptionError(f"{SIDE_NAMES[to_move]}, to move, already has a line: "
                              f"that game is over")
        return Connect4State._make(geo, boards[RED], boards[YELLOW], to_move, None)


FULL = Outcome(None, "full", "Draw: the board is full")


class Geometry:
    """Masks and shifts of one board size and line length, shared by all its states."""

    __slots__ = ("board", "bottom", "cols", "column", "connect", "directions", "height",
                 "lines", "options", "rows", "sentinels", "top")

    def __init__(self, options: Connect4Options) -> None:
        self.options = options
        self.cols = cols = options.cols
        self.rows = rows = options.rows
        self.connect = connect = options.connect
        self.height = height = rows + 1  # bits per column: the cells and one sentinel
        #: The bottom cell of every column; ``occupied + bottom`` lands in each column's hole.
        self.bottom = sum(1 << (c * height) for c in range(cols))
        self.board = sum(((1 << rows) - 1) << (c * height) for c in range(cols))
        self.sentinels = self.bottom << rows
        #: Per column: every cell of the column, and its top cell (set once it is full).
        self.column = tuple(((1 << rows) - 1) << (c * height) for c in range(cols))
        self.top = tuple(1 << (c * height + rows - 1) for c in range(cols))
        #: Vertical, horizontal, rising and falling diagonal shifts.
        self.directions = (1, height, height + 1, height - 1)
        #: The two outcomes of a line (Red's, Yellow's).
        self.lines = tuple(Outcome(p, "line", f"{SIDE_NAMES[p]} lined up {connect}")
                           for p in (RED, YELLOW))

    def bit(self, row: int, col: int) -> int:
        """The bit of the cell ``(row, col)``, row 0 at the bottom."""
        return 1 << (col * self.height + row)

    def runs(self, discs: int, direction: int) -> int:
        """Bits where a run of ``connect`` of ``discs`` starts and goes on in ``direction``."""
        run = discs
        for _ in range(self.connect - 1):
            run &= run >> direction  # a run of n+1 starts where a run of n starts and continues
        return run

    def has_line(self, discs: int) -> bool:
        """Whether ``discs`` hold ``connect`` in a row in some direction."""
        return any(self.runs(discs, d) for d in self.directions)

    def line_cells(self, discs: int) -> int:
        """Bits of every disc of ``discs`` that is part of a winning line (0 if none)."""
        cells = 0
        for d in self.directions:
            starts = self.runs(discs, d)
            for i in range(self.connect):
                cells |= starts << (i * d)
        return cells

    def open_windows(self, blockers: int) -> int:
        """How many windows of ``connect`` cells in a line hold none of ``blockers``.

        A window is free where ``connect`` consecutive cells are in the board and not blocked;
        sentinel and out-of-board bits are never free, so windows cannot wrap between columns.
        """
        free = self.board & ~blockers
        return sum(self.runs(free, d).bit_count() for d in self.directions)

    def cells(self, mask: int) -> Iterator[tuple[int, int]]:
        """The ``(row, col)`` cells of the set bits of ``mask``, column by column."""
        while mask:
            low = mask & -mask
            col, row = divmod(low.bit_length() - 1, self.height)
            yield row, col
            mask ^= low


_GEOMETRIES: dict[Connect4Options, Geometry] = {}


def geometry(options: Connect4Options) -> Geometry:
    """The (cached) geometry of a board size and line length."""
    geo = _GEOMETRIES.get(options)
    if geo is None:
        geo = _GEOMETRIES[options] = Geometry(options)
    return geo


class Connect4State:
    """A Puissance 4 position: one bitboard per player, the side to move and the last move.

    Immutable (read-only properties; the only mutable slots are memos of the moves and the
    outcome) and hashable. Equality and hashing use the board size and the two bitboards; the
    last move is only for the board view. Build states with ``options.initial_state()`` or
    ``options.position(...)``.
    """

    __slots__ = ("_boards", "_geo", "_last", "_moves", "_outcome", "_to_move")

    _geo: Geometry
    _boards: tuple[int, int]
    _to_move: int
    _last: Connect4Move | None
    _moves: tuple[Connect4Move, ...] | None
    _outcome: Outcome | None

    @classmethod
    def _make(cls, geo: Geometry, red: int, yellow: int, to_move: int,
              last: Connect4Move | None) -> Connect4State:
        """Fast unchecked constructor used by ``play`` and the options."""
        self = object.__new__(cls)
        self._geo = geo
        self._boards = (red, yellow)
        self._to_move = to_move
        self._last = last
        self._moves = None
        # Only the player who just moved can have made a line.
        if geo.has_line(self._boards[1 - to_move]):
            self._outcome = geo.lines[1 - to_move]
        elif red | yellow == geo.board:
            self._outcome = FULL
        else:
            self._outcome = None
        return self

    # --- the protocol -------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """0 when Red is to move, 1 for Yellow."""
        return self._to_move

    @property
    def key(self) -> tuple[int, int]:
        """``(red, yellow)`` bitboards: fix the position and (by the counts) the side to move."""
        return self._boards

    def __hash__(self) -> int:
        return hash(self._boards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Connect4State):
            return NotImplemented
        return self._boards == other._boards and self._geo.options == other._geo.options

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt through the options so that a copy shares the cached geometry.
        return (_restore, (self._geo.options, *self._boards, self._to_move, self._last))

    def __repr__(self) -> str:
        return f"Connect4State({'/'.join(self.rows())}, {SIDE_NAMES[self._to_move]} to move)"

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on; a win (reason ``line``) or a full board (``full``)."""
        return self._outcome

    def legal_moves(self) -> tuple[Connect4Move, ...]:
        """The columns that are not full, left to right; empty once the game is over."""
        moves = self._moves
        if moves is None:
            if self._outcome is not None:
                moves = ()
            else:
                occupied = self._boards[0] | self._boards[1]
                moves = tuple([MOVES[c] for c, top in enumerate(self._geo.top)
                               if not occupied & top])
            self._moves = moves
        return moves

    def play(self, move: Connect4Move) -> Connect4State:
        """The position after dropping a disc in ``move``'s column; raise IllegalMoveError
        (GameOverError after the end) saying why it cannot be played."""
        if not isinstance(move, Connect4Move):
            raise IllegalMoveError(f"expected a Connect4Move, got {type(move).__name__} "
                                   f"{move!r} (use parse_move for text)")
        geo = self._geo
        if self.outcome is not None:
            raise GameOverError(f"the game is over ({self.outcome.message}): "
                                f"no disc can be dropped in column {move}")
        col = move.col
        if col >= geo.cols:
            raise IllegalMoveError(f"column {move} is off the board (a to {MOVES[geo.cols - 1]})")
        red, yellow = self._boards
        occupied = red | yellow
        if occupied & geo.top[col]:
            raise IllegalMoveError(f"column {move} is full: choose another column")
        disc = (occupied + geo.bottom) & geo.column[col]
        if self._to_move == RED:
            return Connect4State._make(geo, red | disc, yellow, YELLOW, move)
        return Connect4State._make(geo, red, yellow | disc, RED, move)

    def parse_move(self, text: str) -> Connect4Move:
        """Read a column: its letter (``a`` on the left) or its number from 1; raise
        MoveParseError. Does not check that the column has room."""
        check_move_text(text)
        t = text.strip().lower()
        cols = self._geo.cols
        last = MOVES[cols - 1]
        if len(t) == 1 and "a" <= t <= "z":
            col = ord(t) - ord("a")
        elif t.isascii() and t.isdigit():
            col = int(t) - 1
        else:
            raise MoveParseError(f"'{text}' is not a column: expected a letter from a to {last} "
                                 f"or a number from 1 to {cols}")
        if not 0 <= col < cols:
            raise MoveParseError(f"column '{text}' is off the board: a to {last} "
                                 f"(or 1 to {cols})")
        return MOVES[col]

    # --- for the board view, the evaluation and tests ------------------------------------------

    @property
    def options(self) -> Connect4Options:
        """The board size and line length of this game."""
        return self._geo.options

    @property
    def geometry(self) -> Geometry:
        """The board's masks and shifts (shared by every state of these options)."""
        return self._geo

    @property
    def boards(self) -> tuple[int, int]:
        """Red's and Yellow's bitboards (layout in the module docstring)."""
        return self._boards

    @property
    def last_move(self) -> Connect4Move | None:
        """The move that led here (None at the start or for a position from a drawing)."""
        return self._last

    def cell(self, row: int, col: int) -> int | None:
        """The owner of the disc on ``(row, col)`` (0 Red, 1 Yellow) or None; row 0 is the
        bottom row."""
        geo = self._geo
        if not (0 <= row < geo.rows and 0 <= col < geo.cols):
            raise IndexError(f"cell ({row}, {col}) is off the {geo.cols}x{geo.rows} board")
        bit = geo.bit(row, col)
        if self._boards[0] & bit:
            return RED
        if self._boards[1] & bit:
            return YELLOW
        return None

    def height(self, col: int) -> int:
        """How many discs column ``col`` holds."""
        return ((self._boards[0] | self._boards[1]) & self._geo.column[col]).bit_count()

    def landing_row(self, move: Connect4Move) -> int | None:
        """The row a disc dropped by ``move`` would land on, or None if its column is full."""
        if not 0 <= move.col < self._geo.cols:
            return None
        row = self.height(move.col)
        return row if row < self._geo.rows else None

    def count(self, player: int) -> int:
        """How many discs ``player`` (0 Red, 1 Yellow) has on the board."""
        return self._boards[player].bit_count()

    def winning_lines(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Each winning line as its ``connect`` cells ``(row, col)`` in order; empty unless
        the game was won. One disc can complete several lines at once (two directions, or five
        in a row when four win): each is given."""
        outcome = self._outcome
        if outcome is None or outcome.winner is None:
            return ()
        geo = self._geo
        discs = self._boards[outcome.winner]
        lines = []
        for d in geo.directions:
            for row, col in geo.cells(geo.runs(discs, d)):
                start = geo.bit(row, col)
                lines.append(tuple(next(geo.cells(start << (i * d)))
                                   for i in range(geo.connect)))
        return tuple(lines)

    def winning_cells(self) -> tuple[tuple[int, int], ...]:
        """The ``(row, col)`` cells of the winning line(s), column by column; empty unless
        the game was won."""
        outcome = self._outcome
        if outcome is None or outcome.winner is None:
            return ()
        geo = self._geo
        return tuple(geo.cells(geo.line_cells(self._boards[outcome.winner])))

    def rows(self) -> tuple[str, ...]:
        """The board as text rows, top first: ``X`` Red, ``O`` Yellow, ``.`` empty."""
        geo = self._geo
        return tuple(
            "".join(CELL_CHARS[0 if (owner := self.cell(row, col)) is None else owner + 1]
                    for col in range(geo.cols))
            for row in range(geo.rows - 1, -1, -1)
        )




def _restore(options: Connect4Options, red: int, yellow: int, to_move: int,
             last: Connect4Move | None) -> Connect4State:
    """Unpickle a state (see ``Connect4State.__reduce__``)."""
    return Connect4State._make(geometry(options), red, yellow, to_move, last)


def describe_options(options: Connect4Options) -> str:
    """A one-line English summary for menus and logs, e.g. ``7x6, 4 in a row``."""
    return f"{options.cols}x{options.rows}, {options.connect} in a row"


# --------------------------------------------------------------------------------------------
# What the AIs need to know (the game's descriptor)
# --------------------------------------------------------------------------------------------

#: Boards this small with three in a row are solved exactly by the generic memoised search to
#: the end (4x4: 41,750 positions, a few seconds the first time in Python). Four in a row on
#: 4x4 has 161,029 positions and 5x4 with three has 613,459: too slow for a first move.
SOLVED_CELLS = 16


def open_lines(state: Connect4State, player: int) -> float:
    """Windows still open to ``player`` minus windows still open to the opponent.

    A window is ``connect`` cells in a row, a column or a diagonal; it is open to a player while
    it holds none of the opponent's discs, so the player could still fill it. An empty window is
    open to both and cancels out, so only windows someone has started count. Rewards keeping
    chances of a line and blocking the opponent's, as the seed's Morpion evaluation does for
    its lines. Zero-sum: ``open_lines(s, p) == -open_lines(s, 1 - p)``.
    """
    geo = state.geometry
    boards = state.boards
    return float(geo.open_windows(boards[1 - player]) - geo.open_windows(boards[player]))


_WINDOWS: dict[Connect4Options, tuple[int, ...]] = {}


def windows(geo: Geometry) -> tuple[int, ...]:
    """Every window of ``connect`` cells in a line on the board, as a mask (cached)."""
    found = _WINDOWS.get(geo.options)
    if found is None:
        masks = []
        for direction in geo.directions:
            starts = geo.runs(geo.board, direction)
            for row, col in geo.cells(starts):
                start = geo.bit(row, col)
                masks.append(sum(start << (i * direction) for i in range(geo.connect)))
        found = _WINDOWS[geo.options] = tuple(masks)
    return found


def weighted_windows(state: Connect4State, player: int) -> float:
    """Open windows weighted by how full they are: each window open to ``player`` counts the
    square of ``player``'s discs in it, minus the same for the opponent (three in a window
    is worth nine times one)."""
    boards = state.boards
    return float(weighted_open_lines(windows(state.geometry), boards[player],
                                     boards[1 - player]))


def window_threats(state: Connect4State, player: int) -> float:
    """Windows one disc short of a line: ``player``'s open windows holding ``connect - 1``
    discs, minus the opponent's (ignores every window further from a win)."""
    geo, boards = state.geometry, state.boards
    return float(threats(windows(geo), geo.connect, boards[player], boards[1 - player]))


def centre(state: Connect4State, player: int) -> float:
    """Discs near the middle: each disc is worth its column's closeness to the edge plus one
    (on 7 columns: 1, 2, 3, 4, 3, 2, 1), ``player``'s minus the opponent's. Central discs
    take part in the most windows."""
    geo, boards = state.geometry, state.boards
    score = 0
    for col, mask in enumerate(geo.column):
        weight = min(col, geo.cols - 1 - col) + 1
        score += weight * ((boards[player] & mask).bit_count()
                           - (boards[1 - player] & mask).bit_count())
    return float(score)


def search_depth(state: Connect4State) -> int | None:
    """4 plies by default: a few tenths of a second for minimax on 7 columns, and deep enough
    to see a three being set up on both sides."""
    return 4


def solver(options: Connect4Options) -> str | None:
    """Small boards with three in a row are solved (see SOLVED_CELLS); others are not."""
    if options.cols * options.rows <= SOLVED_CELLS and options.connect == 3:
        return ACYCLIC
    return None


GAME = GameInfo(
    name="connect4",
    title="Connect Four",
    options_type=Connect4Options,
    side_names=SIDE_NAMES,
    describe_options=describe_options,
    outcome_reasons=("line", "full"),
    evaluations=(Evaluation("open_lines", open_lines, unit="open_lines"),
                 Evaluation("weighted_lines", weighted_windows, unit="line_points"),
                 Evaluation("threats", window_threats, unit="threats"),
                 Evaluation("centre", centre, unit="centre_points")),
    search_depth=search_depth,
    # The key is the two bitboards: it fixes the side to move and the whole future.
    memo_safe=True,
    solver=solver,
    lab_presets=(Connect4Options(cols=4, rows=4, connect=3),
                 Connect4Options(cols=5, rows=4, connect=3)),
    tournament_presets=(Connect4Options(), Connect4Options(cols=5, rows=4, connect=3)),
    tournament_players=("random", "greedy", "minimax"),
)
