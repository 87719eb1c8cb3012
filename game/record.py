"""A played game as text: which game and options, who played, who began, and the moves.

A record is a small text file a teacher can read, mail and open again to review a game::

    AI Game Lab game record 1
    game: nim
    option variant: single
    option matches: 20
    seat 1: human
    seat 2: minimax:depth=3
    first: seat 1
    move: 3
    move: 1

Options are written with their names and read back by the game's own option parser; moves
are written in the game's move text (``str(move)``, read back by ``state.parse_move``) one per
line, so a move text with a space (none today) would still read back. Reading checks
everything and says what is wrong and on which line: a file that is too large, not text, of
another program, of an unknown game, with a bad option, or with a move the rules refuse. No
pygame here; files are written atomically in the user's data folder (:mod:`game.userdata`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.base import GameState, RulesError
from game.rules.registry import GameSetup, get_game, option_fields, parse_options
from game.userdata import atomic_write_text, data_dir, read_bytes_limited

#: The first line of every record; the number is the format's version.
HEADER = "AI Game Lab game record 1"
#: Records are small (a long Othello game is about 2 KB): anything larger is not one.
MAX_BYTES = 512_000
#: No game needs more moves than this (Nim and Morpion end far sooner; a cut arena game has
#: 5000); a file claiming more is refused before any move is played.
MAX_MOVES = 10_000
#: The folder under the data folder where records are saved.
FOLDER = "games"
SUFFIX = ".txt"
FIRST_CHOICES = ("seat 1", "seat 2")


class RecordError(ValueError):
    """A record that cannot be read; the message says why and where, for people."""


@dataclass(frozen=True)
class Record:
    """A game as saved: its setup, the two seats' player specs (``"human"`` or an AI spec),
    which seat played first (0 or 1) and the moves in order."""

    setup: GameSetup
    seats: tuple[str, str]
    first_seat: int
    moves: tuple[Any, ...]

    def states(self) -> list[GameState[Any]]:
        """Every position of the game, from the start to after the last move."""
        states = [self.setup.initial_state()]
        for move in self.moves:
            states.append(states[-1].play(move))
        return states


def option_text(value: Any) -> str:
    """An option's value as its game's option parser reads it back."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(part) for part in value)
    return str(value)


def to_text(record: Record) -> str:
    """The record's text (see the module's docstring)."""
    lines = [HEADER, f"game: {record.setup.name}"]
    options = record.setup.options
    for field in option_fields(record.setup.info):
        lines.append(f"option {field.name}: {option_text(getattr(options, field.name))}")
    for index, spec in enumerate(record.seats):
        lines.append(f"seat {index + 1}: {_one_line(spec)}")
    lines.append(f"first: {FIRST_CHOICES[record.first_seat]}")
    lines += [f"move: {move}" for move in record.moves]
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    """``text`` without line breaks (a spec never has one; a file must not get a new line)."""
    return " ".join(str(text).split())


def from_text(text: str) -> Record:
    """The record written in ``text``; raise RecordError saying what is wrong and where."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        raise RecordError(f"not an AI Game Lab game record (the first line should be "
                          f"'{HEADER}')")
    game: str | None = None
    options: dict[str, str] = {}
    seats: dict[int, str] = {}
    first = 0
    move_texts: list[tuple[int, str]] = []
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise RecordError(f"line {number}: expected 'name: value', got '{_cut(line)}'")
        key, value = key.strip(), value.strip()
        if key == "game":
            game = value
        elif key.startswith("option "):
            options[key[len("option "):].strip()] = value
        elif key in ("seat 1", "seat 2"):
            seats[int(key[-1]) - 1] = value
        elif key == "first":
            if value not in FIRST_CHOICES:
                raise RecordError(f"line {number}: 'first' must be 'seat 1' or 'seat 2', "
                                  f"got '{_cut(value)}'")
            first = FIRST_CHOICES.index(value)
        elif key == "move":
            if len(move_texts) >= MAX_MOVES:
                raise RecordError(f"line {number}: more than {MAX_MOVES} moves: not a game")
            move_texts.append((number, value))
        else:
            raise RecordError(f"line {number}: unknown entry '{_cut(key)}'")
    if game is None:
        raise RecordError("the record does not say which game it is (no 'game:' line)")
    try:
        info = get_game(game)
        setup = GameSetup(info, parse_options(info, options))
    except RulesError as exc:
        raise RecordError(str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad options for {game}: {exc}") from None
    state = setup.initial_state()
    moves: list[Any] = []
    for number, move_text in move_texts:
        try:
            move = state.parse_move(move_text)
            state = state.play(move)
        except RulesError as exc:
            raise RecordError(f"line {number}, move {len(moves) + 1} '{_cut(move_text)}': "
                              f"{exc}") from None
        moves.append(move)
    return Record(setup, (seats.get(0, "human"), seats.get(1, "human")), first, tuple(moves))


def _cut(text: str, limit: int = 40) -> str:
    """``text`` shortened for a message (a hostile file may hold a megabyte on one line)."""
    return text if len(text) <= limit else text[:limit] + "…"


def records_folder() -> Path:
    """Where records are saved (created if needed)."""
    folder = data_dir() / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save(record: Record, folder: Path | None = None, now: float | None = None) -> Path:
    """Write ``record`` atomically as ``<game>-<date>-<time>.txt`` in ``folder`` (the data
    folder's ``games`` by default); return the path. OSError when the disk refuses."""
    folder = folder or records_folder()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    path = folder / f"{record.setup.name}-{stamp}{SUFFIX}"
    counter = 2
    while path.exists():
        path = folder / f"{record.setup.name}-{stamp}-{counter}{SUFFIX}"
        counter += 1
    atomic_write_text(path, to_text(record))
    return path


def load(path: Path) -> Record:
    """Read the record at ``path``; RecordError (with the file's name) for anything wrong,
    including a file that cannot be read or is too large."""
    try:
        data = read_bytes_limited(path, MAX_BYTES)
    except (OSError, ValueError) as exc:
        raise RecordError(f"{path.name}: {exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path.name}: not a text file") from None
    try:
        return from_text(text)
    except RecordError as exc:
        raise RecordError(f"{path.name}: {exc}") from None


def saved_records(folder: Path | None = None) -> list[Path]:
    """The record files in ``folder`` (the data folder's ``games`` by default), newest first."""
    folder = folder or records_folder()
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)

