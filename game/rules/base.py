"""The protocol every game's rules follow, and the errors they raise.

Each game module (hexapawn, nim, morpion, othello) provides:

* an ``Options`` frozen dataclass, validated in ``__post_init__`` (a bad value raises
  :class:`OptionError` naming the option and its allowed range), with ``initial_state()``;
* an immutable, hashable ``State`` satisfying :class:`GameState`;
* a frozen ``Move`` value whose ``str()`` is its text form and which the state's
  ``parse_move(text)`` turns back into the same move.

Players are numbered 0 (moves first) and 1. The rules never import pygame, never do I/O
and know nothing of AIs.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

PLAYERS = (0, 1)


class RulesError(ValueError):
    """Base class of every error the rules raise on bad input."""


class OptionError(RulesError):
    """A game option is out of range or malformed; the message names it and the allowed values."""


class MoveParseError(RulesError):
    """A move's text form could not be read; the message says what was expected."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules forbid in this position; the message says why."""


class GameOverError(IllegalMoveError):
    """A move was played in a finished game."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    ``winner`` is 0 or 1, or None for a draw. ``reason`` is a stable code the UI translates
    (for example ``"far_row"``, ``"repetition"``, ``"discs"``); ``message`` says the same in
    English words, for logs and the command line.
    """

    winner: int | None
    reason: str
    message: str

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None

    def score_for(self, player: int) -> int:
        """+1 if ``player`` won, -1 if they lost, 0 for a draw."""
        if self.winner is None:
            return 0
        return 1 if self.winner == player else -1


MoveT = TypeVar("MoveT", bound=Hashable)
StateT = TypeVar("StateT", bound="GameState[Any]")


@runtime_checkable
class GameState(Protocol[MoveT]):
    """What every game state answers. States are immutable and hashable."""

    @property
    def to_move(self) -> int:
        """The player (0 or 1) whose turn it is."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on, otherwise how it ended."""
        ...

    @property
    def key(self) -> Hashable:
        """A compact value identifying the position and the side to move.

        Used as a learner's table key and a transposition-table key. Two states with the
        same key have the same legal moves and the same future.
        """
        ...

    def legal_moves(self) -> Sequence[MoveT]:
        """Every legal move, in a fixed order; empty exactly when the game is over."""
        ...

    def play(self, move: MoveT) -> GameState[MoveT]:
        """The state after ``move``; raises IllegalMoveError (self is unchanged)."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """Read a move's text form; raises MoveParseError. Does not check legality."""
        ...


def check_int_option(name: str, value: object, low: int, high: int) -> int:
    """Validate an integer option in ``[low, high]``; raise OptionError naming it otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"option '{name}' must be a whole number from {low} to {high}, "
                          f"got {value!r}")
    if not low <= value <= high:
        raise OptionError(f"option '{name}' must be from {low} to {high}, got {value}")
    return value


def check_bool_option(name: str, value: object) -> bool:
    """Validate a boolean option; raise OptionError naming it otherwise."""
    if not isinstance(value, bool):
        raise OptionError(f"option '{name}' must be true or false, got {value!r}")
    return value


#: Longest move text any game reads (``h8:15``, ``a1-b2``, ``pass``, with room for spaces).
#: Longer text is refused before it is parsed: a pasted essay gives a short message instead of
#: echoing itself, and a 5000-digit number never reaches ``int()`` (which raises a plain
#: ValueError past 4300 digits).
MAX_MOVE_TEXT = 40


def check_move_text(text: object) -> str:
    """Return ``text`` if it can be a move's text form; raise MoveParseError otherwise (not a
    string, or longer than MAX_MOVE_TEXT characters). Every game's ``parse_move`` starts here."""
    if not isinstance(text, str):
        raise MoveParseError(f"a move's text must be a string, got {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise MoveParseError(f"'{text[:20]}...' is not a move: {len(text)} characters, "
                             f"a move has at most {MAX_MOVE_TEXT}")
    return text


def cell_name(row: int, col: int) -> str:
    """Text form of a board cell: column letter then 1-based row, e.g. (0, 0) -> 'a1'."""
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_cell(text: str, rows: int, cols: int) -> tuple[int, int]:
    """Read a cell like 'b3' on a rows x cols board.

    Raise MoveParseError if the text is malformed or the cell is off the board.
    """
    t = text.strip().lower()
    if len(t) < 2 or not t.isascii() or not t[0].isalpha() or not t[1:].isdigit():
        raise MoveParseError(f"'{text}' is not a cell: expected a letter and a number, like 'a1'")
    col = ord(t[0]) - ord("a")
    row = int(t[1:]) - 1
    if not (0 <= col < cols and 0 <= row < rows):
        last = cell_name(rows - 1, cols - 1)
        raise MoveParseError(f"cell '{text}' is off the board (a1 to {last})")
    return row, col
