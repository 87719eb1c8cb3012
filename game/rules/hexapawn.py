"""Hexapawn: pawns only, on a board from 3x3 (the seed's game) to 8x8.

White (player 0) starts with a pawn on every cell of rank 1 (the bottom row), Black
(player 1) on every cell of the last rank; White moves first. A pawn steps one row forward
onto an empty cell, or captures an enemy pawn one row forward and one column to the side.
A player wins by bringing a pawn to the far row, by capturing every enemy pawn, or when the
opponent, to move, has no move.

Representation: ``cells`` is a tuple, row-major from the bottom row (index
``row * cols + col``, row 0 = rank 1 = White's home row), holding the owner of each pawn
(0 White, 1 Black) or None for an empty cell. Moves are :class:`HexapawnMove` values (from
cell, to cell). Text forms: ``a1-a2`` for a step and ``b1xc2`` for a capture (columns are
letters from ``a`` on the left, ranks are numbers from 1 at the bottom). A position's text
lists the ranks from the top, ``W``/``B``/``.`` per cell, separated by ``/`` (the 3x3 start is
``BBB/.../WWW``); a state's ``key`` is that text plus the side to move, ``"BBB/.../WWW w"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.rules.base import (
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    Outcome,
    cell_name,
    check_int_option,
    check_move_text,
    parse_cell,
)
from game.rules.registry import ACYCLIC, Evaluation, GameInfo

SIDE_NAMES = ("White", "Black")
MIN_SIZE = 3
MAX_SIZE = 8

_PIECE_CHARS = {None: ".", 0: "W", 1: "B"}
_CHAR_PIECES = {".": None, "w": 0, "b": 1}


@dataclass(frozen=True, slots=True)
class HexapawnMove:
    """A pawn move from ``(from_row, from_col)`` to ``(to_row, to_col)``, rows from the bottom.

    A move that changes column is a capture; its text uses ``x`` instead of ``-``.
    """

    from_row: int
    from_col: int
    to_row: int
    to_col: int

    @property
    def is_capture(self) -> bool:
        """True for a diagonal move, which always takes an enemy pawn."""
        return self.from_col != self.to_col

    def __str__(self) -> str:
        sep = "x" if self.is_capture else "-"
        return (f"{cell_name(self.from_row, self.from_col)}{sep}"
                f"{cell_name(self.to_row, self.to_col)}")


@dataclass(frozen=True, slots=True)
class HexapawnOptions:
    """The board size, ``rows`` x ``cols``, each from 3 to 8; validated on construction."""

    rows: int = 3
    cols: int = 3

    def __post_init__(self) -> None:
        check_int_option("rows", self.rows, MIN_SIZE, MAX_SIZE)
        check_int_option("cols", self.cols, MIN_SIZE, MAX_SIZE)

    def initial_state(self) -> HexapawnState:
        """A full row of White pawns at the bottom, of Black pawns at the top; White to move."""
        cols = self.cols
        middle: tuple[int | None, ...] = (None,) * (cols * (self.rows - 2))
        cells = (0,) * cols + middle + (1,) * cols
        return HexapawnState(self.rows, cols, cells, 0)

    def position(self, board: str, to_move: int = 0) -> HexapawnState:
        """A validated position from its text (ranks from the top, e.g. ``"B.B/.W./W.."``).

        For lessons, puzzles and tests. Raises OptionError if the text does not fit the board
        or describes no possible game (no pawns at all, or both sides on their far rows).
        """
        check_int_option("to_move", to_move, 0, 1)
        if not isinstance(board, str):
            raise OptionError(f"a Hexapawn position is text like 'BBB/.../WWW', got {board!r}")
        ranks = board.strip().lower().split("/")
        if len(ranks) != self.rows:
            raise OptionError(
                f"position '{board}' has {len(ranks)} ranks, this board has {self.rows}"
            )
        cells: list[int | None] = []
        for rank in reversed(ranks):  # the text starts at the top; cells start at the bottom
            if len(rank) != self.cols or any(ch not in _CHAR_PIECES for ch in rank):
                raise OptionError(
                    f"position '{board}': each rank must be {self.cols} of W, B or '.', "
                    f"got '{rank}'"
                )
            cells.extend(_CHAR_PIECES[ch] for ch in rank)
        top = (self.rows - 1) * self.cols
        if 0 in cells[top:] and 1 in cells[: self.cols]:
            raise OptionError(f"position '{board}': both sides cannot stand on their far rows")
        if 0 not in cells and 1 not in cells:
            raise OptionError(f"position '{board}' has no pawns")
        return HexapawnState(self.rows, self.cols, tuple(cells), to_move)


class HexapawnState:
    """A Hexapawn position and the side to move; immutable and hashable.

    The legal moves and the outcome are worked out once, when the state is made. Build states
    with ``options.initial_state()`` or ``options.position(...)``; the constructor trusts
    its arguments, to keep :meth:`play` cheap.
    """

    __slots__ = ("_counts", "_key", "_moves", "_outcome", "cells", "cols", "rows", "to_move")

    rows: int
    cols: int
    cells: tuple[int | None, ...]
    to_move: int
    _counts: tuple[int, int]
    _moves: tuple[HexapawnMove, ...]
    _outcome: Outcome | None
    _key: str | None

    def __init__(self, rows: int, cols: int, cells: tuple[int | None, ...], to_move: int) -> None:
        setter = object.__setattr__
        setter(self, "rows", rows)
        setter(self, "cols", cols)
        setter(self, "cells", cells)
        setter(self, "to_move", to_move)
        setter(self, "_key", None)
        counts = (cells.count(0), cells.count(1))
        setter(self, "_counts", counts)
        outcome = _ending(rows, cols, cells, counts)
        moves = () if outcome is not None else _generate(rows, cols, cells, to_move)
        if outcome is None and not moves:
            outcome = _NO_MOVE[1 - to_move]
        setter(self, "_moves", moves)
        setter(self, "_outcome", outcome)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"HexapawnState is immutable (cannot set '{name}')")

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle and copy by the constructor's arguments (slots refuse to be set back)."""
        return (HexapawnState, (self.rows, self.cols, self.cells, self.to_move))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexapawnState):
            return NotImplemented
        return (self.to_move == other.to_move and self.cols == other.cols
                and self.rows == other.rows and self.cells == other.cells)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.cells, self.to_move))

    def __repr__(self) -> str:
        return f"HexapawnState({self.key!r})"

    def __str__(self) -> str:
        """The board as a person reads it: top rank first, ranks and files labelled."""
        lines = []
        for row in range(self.rows - 1, -1, -1):
            line = " ".join(_PIECE_CHARS[self.cell(row, col)] for col in range(self.cols))
            lines.append(f"{row + 1} {line}")
        lines.append("  " + " ".join(chr(ord("a") + col) for col in range(self.cols)))
        lines.append(f"{SIDE_NAMES[self.to_move]} to move")
        return "\n".join(lines)

    # -- what the protocol asks ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on; otherwise the winner and why (far_row, captured_all,
        no_move)."""
        return self._outcome

    @property
    def key(self) -> str:
        """The position text and the side to move, e.g. ``"BBB/.../WWW w"``: compact, readable
        and usable as a JSON key."""
        key = self._key
        if key is None:
            key = f"{self.board_text()} {'w' if self.to_move == 0 else 'b'}"
            object.__setattr__(self, "_key", key)
        return key

    def legal_moves(self) -> tuple[HexapawnMove, ...]:
        """Every legal move: pawns in cell order (bottom row first, left to right), and for
        each pawn the step, then the capture toward column a, then the other capture."""
        return self._moves

    def play(self, move: HexapawnMove) -> HexapawnState:
        """The state after ``move``; raises IllegalMoveError or GameOverError saying why."""
        if not isinstance(move, HexapawnMove):
            raise IllegalMoveError(
                f"expected a HexapawnMove, got {type(move).__name__} {move!r} "
                "(use parse_move for text)"
            )
        if self._outcome is not None:
            raise GameOverError(f"the game is over: {self._outcome.message}")
        if move not in self._moves:
            raise IllegalMoveError(self._why_illegal(move))
        cols = self.cols
        cells = list(self.cells)
        cells[move.from_row * cols + move.from_col] = None
        cells[move.to_row * cols + move.to_col] = self.to_move
        return HexapawnState(self.rows, cols, tuple(cells), 1 - self.to_move)

    def parse_move(self, text: str) -> HexapawnMove:
        """Read ``a1-a2`` (step) or ``b1xc2`` (capture); the separator may be left out.

        Checks the form and that both cells are on the board, not the move's legality.
        """
        if not isinstance(text, str):
            raise MoveParseError(f"a move's text must be a string, got {text!r}")
        check_move_text(text)
        match = _MOVE_TEXT.fullmatch(text.strip().lower())
        if match is None:
            raise MoveParseError(
                f"'{text}' is not a move: expected two cells like 'a1-a2' (step) or "
                "'b1xc2' (capture)"
            )
        src, sep, dst = match.groups()
        from_row, from_col = parse_cell(src, self.rows, self.cols)
        to_row, to_col = parse_cell(dst, self.rows, self.cols)
        move = HexapawnMove(from_row, from_col, to_row, to_col)
        if sep == "-" and move.is_capture:
            raise MoveParseError(
                f"'{text}': '-' is for a straight step; write a diagonal capture as '{move}'"
            )
        if sep == "x" and not move.is_capture:
            raise MoveParseError(
                f"'{text}': 'x' is for a diagonal capture; write a straight step as '{move}'"
            )
        return move

    # -- what a board view and the AIs read ----------------------------------------------------

    def cell(self, row: int, col: int) -> int | None:
        """The owner of the pawn on ``(row, col)`` (0 White, 1 Black), or None if empty.
        Row 0 is rank 1, at the bottom."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError(f"cell ({row}, {col}) is off the {self.rows}x{self.cols} board")
        return self.cells[row * self.cols + col]

    def count(self, player: int) -> int:
        """How many pawns ``player`` (0 White, 1 Black) has on the board."""
        return self._counts[player]

    @property
    def counts(self) -> tuple[int, int]:
        """Pawns on the board: (White's, Black's)."""
        return self._counts

    def board_text(self) -> str:
        """The position as text, ranks from the top, e.g. ``"BBB/.../WWW"``."""
        cols = self.cols
        ranks = (
            "".join(_PIECE_CHARS[p] for p in self.cells[row * cols:(row + 1) * cols])
            for row in range(self.rows - 1, -1, -1)
        )
        return "/".join(ranks)

    # -- messages ------------------------------------------------------------------------------

    def _why_illegal(self, move: HexapawnMove) -> str:
        """Say in words why ``move`` (not among the legal moves) is refused."""
        rows, cols = self.rows, self.cols
        coords = (move.from_row, move.from_col, move.to_row, move.to_col)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in coords):
            return f"a move's rows and columns must be whole numbers, got {move!r}"
        for row, col in ((move.from_row, move.from_col), (move.to_row, move.to_col)):
            if not (0 <= row < rows and 0 <= col < cols):
                last = cell_name(rows - 1, cols - 1)
                return f"cell (row {row}, column {col}) is off the board (a1 to {last})"
        me, side = self.to_move, SIDE_NAMES[self.to_move]
        src, dst = cell_name(move.from_row, move.from_col), cell_name(move.to_row, move.to_col)
        owner = self.cell(move.from_row, move.from_col)
        if owner is None:
            return f"there is no pawn on {src}"
        if owner != me:
            return f"the pawn on {src} is {SIDE_NAMES[owner]}'s, and {side} is to move"
        forward = 1 if me == 0 else -1
        if move.to_row != move.from_row + forward or abs(move.to_col - move.from_col) > 1:
            way = "up" if me == 0 else "down"
            return (f"a {side} pawn moves one row {way}, straight or one column to the side; "
                    f"{src} to {dst} is not such a move")
        target = self.cell(move.to_row, move.to_col)
        if not move.is_capture:
            # A straight step one row forward is refused only when the cell is taken.
            return f"a pawn cannot step onto an occupied cell: {dst} holds a pawn"
        if target is None:
            return f"a pawn moves diagonally only to capture, and {dst} is empty"
        return f"a pawn cannot capture its own side: {dst} holds a {side} pawn"


_MOVE_TEXT = re.compile(r"([a-z][0-9]+)\s*([-x]?)\s*([a-z][0-9]+)")


def _ending(
    rows: int, cols: int, cells: tuple[int | None, ...], counts: tuple[int, int]
) -> Outcome | None:
    """The outcome that the pawns alone decide (far row, none left), or None.

    Only the player who just moved can have reached the far row or taken the last enemy
    pawn, so reading the board is enough; the no-move ending needs the moves and is checked
    by the caller.
    """
    if 0 in cells[(rows - 1) * cols:]:
        return _FAR_ROW[0]
    if 1 in cells[:cols]:
        return _FAR_ROW[1]
    if counts[1] == 0:
        return _CAPTURED_ALL[0]
    if counts[0] == 0:
        return _CAPTURED_ALL[1]
    return None


def _generate(
    rows: int, cols: int, cells: tuple[int | None, ...], me: int
) -> tuple[HexapawnMove, ...]:
    """Every move of ``me``'s pawns, in the documented order."""
    forward = 1 if me == 0 else -1
    enemy = 1 - me
    moves: list[HexapawnMove] = []
    for index, owner in enumerate(cells):
        if owner != me:
            continue
        row, col = divmod(index, cols)
        # Always on the board: a pawn on its far row has ended the game before we get here.
        to_row = row + forward
        base = to_row * cols
        if cells[base + col] is None:
            moves.append(HexapawnMove(row, col, to_row, col))
        if col > 0 and cells[base + col - 1] == enemy:
            moves.append(HexapawnMove(row, col, to_row, col - 1))
        if col < cols - 1 and cells[base + col + 1] == enemy:
            moves.append(HexapawnMove(row, col, to_row, col + 1))
    return tuple(moves)


_FAR_ROW = tuple(Outcome(p, "far_row", f"{SIDE_NAMES[p]} reached the far row") for p in (0, 1))
_CAPTURED_ALL = tuple(
    Outcome(p, "captured_all", f"{SIDE_NAMES[p]} captured every {SIDE_NAMES[1 - p]} pawn")
    for p in (0, 1)
)

_NO_MOVE = tuple(
    Outcome(p, "no_move", f"{SIDE_NAMES[1 - p]} has no move: {SIDE_NAMES[p]} wins") for p in (0, 1)
)


def describe(options: HexapawnOptions) -> str:
    """A one-line English summary of the options, for menus and logs."""
    return f"{options.rows} rows x {options.cols} columns"


# --------------------------------------------------------------------------------------------
# What the AIs need to know (the game's descriptor)
# --------------------------------------------------------------------------------------------

#: Boards of at most this many cells (3x3 to 4x4, 3x5, 5x3) are searched to the end by default
#: and solved exactly: a few seconds at most.
FULL_SEARCH_CELLS = 16


@dataclass(frozen=True)
class PawnTerms:
    """One side's numbers that the Hexapawn evaluations weigh: ``pawns`` (material),
    ``advanced`` (rows its pawns have gone forward from its home row, summed), ``movable``
    (pawns that can step or capture) and ``moves`` (steps plus captures available)."""

    pawns: int = 0
    advanced: int = 0
    movable: int = 0
    moves: int = 0


def pawn_terms(state: HexapawnState) -> tuple[PawnTerms, PawnTerms]:
    """White's and Black's :class:`PawnTerms`, whoever is to move."""
    rows, cols, cells = state.rows, state.cols, state.cells
    totals = [[0, 0, 0, 0], [0, 0, 0, 0]]
    for r in range(rows):
        for c in range(cols):
            owner = cells[r * cols + c]
            if owner is None:
                continue
            # Player 0 (White) starts on row 0 and moves up; player 1 on the last row, down.
            step = 1 if owner == 0 else -1
            moves = 0
            nr = r + step
            if 0 <= nr < rows:
                moves = (cells[nr * cols + c] is None) + sum(
                    0 <= nc < cols and cells[nr * cols + nc] not in (None, owner)
                    for nc in (c - 1, c + 1))
            side = totals[owner]
            side[0] += 1
            side[1] += r if owner == 0 else rows - 1 - r
            side[2] += moves > 0
            side[3] += moves
    return PawnTerms(*totals[0]), PawnTerms(*totals[1])


def _difference(state: HexapawnState, player: int, weights: tuple[int, int, int, int]) -> float:
    """``weights`` (pawns, advanced, movable, moves) applied to ``player``'s terms minus the
    opponent's."""
    terms = pawn_terms(state)
    mine, theirs = terms[player], terms[1 - player]
    return float(sum(w * (a - b) for w, a, b in zip(
        weights, (mine.pawns, mine.advanced, mine.movable, mine.moves),
        (theirs.pawns, theirs.advanced, theirs.movable, theirs.moves), strict=True)))


def balance(state: HexapawnState, player: int) -> float:
    """Material, advancement and mobility of ``player`` minus the opponent's.

    Each pawn is worth 10; each row a pawn has advanced from its home row adds 3 (a pawn near
    the far row threatens to win); each pawn that can move (step or capture) adds 1, since a
    player left without a move loses. A pawn is worth at most ``11 + 3 * (rows - 1)``, so
    the value stays below 32 x 16 pawns on 8x8, far inside ``EVALUATION_BOUND``.
    """
    return _difference(state, player, (10, 3, 1, 0))


def material(state: HexapawnState, player: int) -> float:
    """Material: ``player``'s pawns minus the opponent's."""
    return _difference(state, player, (1, 0, 0, 0))


def advancement(state: HexapawnState, player: int) -> float:
    """Advancement: the rows ``player``'s pawns have gone forward, summed, minus the
    opponent's (a pawn near the far row threatens to win)."""
    return _difference(state, player, (0, 1, 0, 0))


def mobility(state: HexapawnState, player: int) -> float:
    """Mobility: the moves (steps and captures) ``player``'s pawns have minus the opponent's,
    whoever is to move (a player left without a move loses)."""
    return _difference(state, player, (0, 0, 0, 1))


def search_depth(state: HexapawnState) -> int | None:
    """To the end on boards of up to FULL_SEARCH_CELLS cells, else 4 plies."""
    return None if state.rows * state.cols <= FULL_SEARCH_CELLS else 4


def solver(options: HexapawnOptions) -> str | None:
    """Pawns only go forward, so no position repeats: small boards are solved by search."""
    return ACYCLIC if options.rows * options.cols <= FULL_SEARCH_CELLS else None


GAME = GameInfo(
    name="hexapawn",
    title="Hexapawn",
    options_type=HexapawnOptions,
    side_names=SIDE_NAMES,
    describe_options=describe,
    outcome_reasons=("far_row", "captured_all", "no_move"),
    evaluations=(Evaluation("balance", balance, unit="balance_points"),
                 Evaluation("material", material, unit="pawns"),
                 Evaluation("advancement", advancement, unit="rows"),
                 Evaluation("mobility", mobility, unit="moves")),
    search_depth=search_depth,
    memo_safe=True,
    solver=solver,
    lab_presets=(HexapawnOptions(), HexapawnOptions(rows=3, cols=4),
                 HexapawnOptions(rows=4, cols=4)),
    tournament_presets=(HexapawnOptions(), HexapawnOptions(rows=4, cols=4),
                        HexapawnOptions(rows=5, cols=5)),
    tournament_players=("random", "greedy"),
    # A side that cannot move loses (Hexapawn) and someone takes the last match (Nim).
    draws=False,
)
