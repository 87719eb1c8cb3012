"""Othello weight tables drawn by the class (issue 13, "write your own heuristic without code").

Seed 004 values a position by a table of weights, one per square: the sum of the weights of my
discs minus the opponent's. The weights editor (``game/ui/scenes/weights_editor.py``) lets the
class draw its own 8x8 table; this module is everything about such a table that is not drawing:

* :class:`WeightTable`, the table being edited: set or nudge a square's weight, alone or with
  its symmetric squares (the board's eight symmetries: a corner and the three others move
  together), reset to the seed's table;
* files: each table is ``weights/NAME.json`` in the user's data folder, written atomically; a
  foreign, corrupt or hostile file is refused with a message (and kept aside when the editor
  opens it), never half-read;
* an evaluation source for ``ai.heuristics``: every saved table is offered to ``minimax``,
  ``alphabeta`` and ``greedy`` on Othello 8x8 as ``eval=custom:NAME``, so the tournament can
  pit a class's table against the seed's (``eval=weights``).

Nothing here imports pygame.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.othello import GAME as OTHELLO
from game.rules.othello import WEIGHTS_8, weight_evaluation
from game.rules.registry import Evaluation, GameSetup
from game.userdata import UnreadableFileError, atomic_write_json, data_dir, keep_aside, read_json

SIZE = 8
#: Each weight is a whole number in this range (the seed's table spans -50..100).
LOW, HIGH = -999, 999
#: A table's name: what ``eval=custom:NAME`` and the file name carry (no ':', ',', '=' or
#: path characters; lower case, so that two names never differ by case alone).
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")
FILE_FORMAT = "ai-game-lab weights"
FILE_VERSION = 1
#: Largest table file read: a table is well under 1 KB.
MAX_FILE_BYTES = 64 * 1024
#: ``eval=`` names of saved tables start with this.
PREFIX = "custom:"

Rows = tuple[tuple[int, ...], ...]


class WeightTableError(ValueError):
    """A table name or file cannot be used; the message says why in plain words."""


def tables_folder() -> Path:
    """Where saved tables live: ``weights/`` in the user's data folder."""
    return data_dir() / "weights"


def check_name(name: str) -> str:
    """``name`` trimmed and lower-cased; raise WeightTableError when it cannot name a table."""
    clean = name.strip().lower()
    if not NAME_PATTERN.match(clean):
        raise WeightTableError(f"'{name}' cannot name a table: use 1 to 24 letters, digits, "
                               "'-' or '_', starting with a letter or digit")
    return clean


def symmetric_squares(row: int, col: int, size: int = SIZE) -> frozenset[tuple[int, int]]:
    """The squares that the board's eight symmetries (rotations and mirrors) send
    ``(row, col)`` to, itself included: 4 for a corner, 8 for most squares."""
    last = size - 1
    squares = set()
    for r, c in ((row, col), (col, row)):
        for rr in (r, last - r):
            for cc in (c, last - c):
                squares.add((rr, cc))
    return frozenset(squares)


def check_rows(rows: Any) -> Rows:
    """``rows`` as an 8x8 tuple of whole numbers in ``LOW..HIGH``; raise WeightTableError."""
    if (not isinstance(rows, (list, tuple)) or len(rows) != SIZE
            or any(not isinstance(r, (list, tuple)) or len(r) != SIZE for r in rows)):
        raise WeightTableError(f"a weight table is {SIZE} rows of {SIZE} whole numbers")
    for row in rows:
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int) or not LOW <= value <= HIGH:
                raise WeightTableError(f"every weight must be a whole number from {LOW} to "
                                       f"{HIGH}, got {value!r}")
    return tuple(tuple(int(v) for v in row) for row in rows)


@dataclass
class WeightTable:
    """An 8x8 table being edited; ``symmetric`` changes move every symmetric square too."""

    rows: list[list[int]] = field(default_factory=lambda: [list(r) for r in WEIGHTS_8])
    symmetric: bool = True
    changed: bool = False

    def weight(self, row: int, col: int) -> int:
        """The weight of a square."""
        return self.rows[row][col]

    def targets(self, row: int, col: int) -> frozenset[tuple[int, int]]:
        """The squares a change at ``(row, col)`` applies to."""
        return symmetric_squares(row, col) if self.symmetric else frozenset({(row, col)})

    def set(self, row: int, col: int, value: int) -> None:
        """Give a square (and its symmetric squares when ``symmetric``) ``value``, kept
        within ``LOW..HIGH``."""
        value = max(LOW, min(HIGH, int(value)))
        for r, c in self.targets(row, col):
            if self.rows[r][c] != value:
                self.rows[r][c] = value
                self.changed = True

    def nudge(self, row: int, col: int, step: int) -> None:
        """Add ``step`` to a square's weight (see :meth:`set`)."""
        self.set(row, col, self.rows[row][col] + step)

    def load(self, rows: Sequence[Sequence[int]]) -> None:
        """Replace every weight (from a file or the seed's table)."""
        self.rows = [list(r) for r in check_rows(rows)]
        self.changed = False

    def is_symmetric(self) -> bool:
        """Whether every square has the weight of its symmetric squares."""
        return all(self.rows[r][c] == self.rows[r2][c2]
                   for r in range(SIZE) for c in range(SIZE)
                   for r2, c2 in symmetric_squares(r, c))

    def frozen(self) -> Rows:
        """The weights as an immutable 8x8 tuple."""
        return tuple(tuple(r) for r in self.rows)


# --------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------


def table_path(name: str, folder: Path | None = None) -> Path:
    """The file of the table called ``name``."""
    return (folder or tables_folder()) / f"{check_name(name)}.json"


def save_table(name: str, rows: Sequence[Sequence[int]], folder: Path | None = None) -> Path:
    """Write a table atomically (OSError when the disk or folder refuses; the previous file,
    if any, is then unchanged)."""
    path = table_path(name, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_json(path, {"format": FILE_FORMAT, "version": FILE_VERSION,
                             "name": check_name(name), "size": SIZE,
                             "weights": [list(r) for r in check_rows(rows)]})
    return path


def _decode(data: Any) -> Rows:
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise WeightTableError("it is not a weight table of this app")
    if data.get("version") != FILE_VERSION or data.get("size") != SIZE:
        raise WeightTableError(f"it is a table of another version or size "
                               f"(version {data.get('version')!r}, size {data.get('size')!r})")
    return check_rows(data.get("weights"))


def load_table(name: str, folder: Path | None = None, *, keep_bad: bool = False) -> Rows:
    """The weights saved as ``name``. Raise FileNotFoundError when there is none, and
    WeightTableError saying why a file cannot be used; with ``keep_bad`` such a file is
    also moved aside (``NAME.json.corrupt-TIMESTAMP``) so the name is free again."""
    path = table_path(name, folder)
    try:
        data = read_json(path, MAX_FILE_BYTES)
    except UnreadableFileError as exc:  # read_json has already kept it aside
        raise WeightTableError(str(exc)) from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise WeightTableError(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    try:
        return _decode(data)
    except WeightTableError as exc:
        where = ""
        if keep_bad:
            kept = keep_aside(path)
            where = f"; it was kept aside as {kept.name}" if kept is not None else ""
        raise WeightTableError(f"{path.name} cannot be used: {exc}{where}") from None


def list_tables(folder: Path | None = None) -> tuple[str, ...]:
    """The names of the saved tables, sorted (files only looked at by name, not read)."""
    where = folder or tables_folder()
    try:
        paths = list(where.glob("*.json"))
    except OSError:
        return ()
    return tuple(sorted(p.stem for p in paths if NAME_PATTERN.match(p.stem) and p.is_file()))


def delete_table(name: str, folder: Path | None = None) -> None:
    """Remove a saved table (nothing when there is none)."""
    table_path(name, folder).unlink(missing_ok=True)


# --------------------------------------------------------------------------------------------
# As evaluations of the searches (eval=custom:NAME)
# --------------------------------------------------------------------------------------------


def _applies(setup: GameSetup) -> bool:
    return setup.info is OTHELLO and setup.options.size == SIZE


def _offered(setup: GameSetup) -> tuple[str, ...]:
    return tuple(PREFIX + n for n in list_tables()) if _applies(setup) else ()


def _accepts(setup: GameSetup, name: str) -> bool:
    return (_applies(setup) and name.startswith(PREFIX)
            and bool(NAME_PATTERN.match(name[len(PREFIX):])))


def _build(setup: GameSetup, name: str) -> Evaluation:
    table = name[len(PREFIX):]
    try:
        rows = load_table(table)
    except FileNotFoundError:
        raise WeightTableError(f"there is no saved table '{table}' in {tables_folder()}: "
                               "draw one in the weights editor") from None
    return Evaluation(name, weight_evaluation(rows), unit="table_points")


def _register() -> None:
    from ai.heuristics import EvaluationSource, register_evaluation_source

    register_evaluation_source(EvaluationSource("custom", _offered, _accepts, _build))


_register()
