"""Learner files in the data folder: listing them from a small header, saving, and loading with a
size limit, on a background thread for big files.

A learner file (see :mod:`ai.learners`) is JSON whose small fields (format, version, kind,
game, options, params, games_trained) come before its ``table``, which may weigh megabytes. So
the Load list reads only the first :data:`HEADER_BYTES` of each file and stops parsing at the
table; loading reads at most :data:`~ai.learners.MAX_FILE_BYTES`, refuses what is not a regular
file, and reports its progress, so the app can show a bar instead of freezing.
No pygame here: the lab's scenes call these functions.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ai.learners import KINDS, MAX_FILE_BYTES, READ_VERSIONS, LearnerFileError, TabularLearner
from game.rules.registry import get_game
from game.userdata import (
    atomic_write_json,
    data_dir,
    keep_aside,
    read_bytes_limited,
    read_head,
)

#: How much of a file the Load list reads: the header fields are a few hundred bytes.
HEADER_BYTES = 64 * 1024
#: Files up to this size load at once; bigger ones on a background thread with progress.
BACKGROUND_BYTES = 1_000_000
#: Shares of the progress bar: reading the bytes, then decoding them; checking the table takes
#: the rest.
READ_SHARE = 0.3
DECODE_SHARE = 0.5
_SPACE = re.compile(r"\s*")


def learners_folder() -> Path:
    """Where the lab saves learners (inside the user data folder; created with it)."""
    return data_dir() / "learners"


def options_from_json(game: str, raw: Any) -> Any:
    """A game's options from their JSON form (lists become tuples); raises RulesError/TypeError
    for anything the game does not accept."""
    info = get_game(game)
    if not isinstance(raw, dict):
        raise TypeError("the options are not a table of values")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}
    return info.options(**values)


class _Scanner:
    """Reads a JSON object member by member with :meth:`json.JSONDecoder.raw_decode`, so a big
    table is decoded in many small steps (each a short C call) instead of one long one."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.decoder = json.JSONDecoder()

    def peek(self) -> str:
        """The next character that is not white space ('' at the end)."""
        match = _SPACE.match(self.text, self.i)
        self.i = match.end() if match else self.i
        return self.text[self.i:self.i + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise ValueError(f"expected {char!r} at character {self.i}")
        self.i += 1

    def value(self) -> Any:
        """The next JSON value."""
        self.peek()
        value, self.i = self.decoder.raw_decode(self.text, self.i)
        return value

    def members(self) -> Iterator[str]:
        """The keys of the object that starts here; the caller reads each key's value."""
        self.expect("{")
        if self.peek() == "}":
            self.i += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise ValueError(f"a key that is not text at character {self.i}")
            self.expect(":")
            yield key
            end = self.peek()
            self.i += 1
            if end == "}":
                return
            if end != ",":
                raise ValueError(f"expected ',' or '}}' at character {self.i - 1}")


def parse_header(head: bytes) -> dict[str, Any] | None:
    """The top-level fields of a learner file that come before its ``table``, from the first
    bytes of the file; None when they do not start a JSON object."""
    scanner = _Scanner(head.decode("utf-8", errors="replace"))
    if scanner.peek() != "{":
        return None
    fields: dict[str, Any] = {}
    try:
        for key in scanner.members():
            if key == "table":
                break
            fields[key] = scanner.value()
    except (ValueError, RecursionError):  # cut at HEADER_BYTES, or not JSON
        pass
    return fields


def decode_learner(text: str, progress: Callable[[float], None] | None = None) -> Any:
    """``json.loads(text)`` for a learner file, its table one box at a time.

    One ``json.loads`` of a 30 MB file holds the interpreter lock for seconds, during which
    the window cannot draw; box by box, the UI thread gets its turns and ``progress`` (0 to 1)
    is told how far the decoding is. Raises ValueError for what is not JSON, as json does.
    """
    scanner = _Scanner(text)
    if scanner.peek() != "{":
        return json.loads(text)
    data: dict[str, Any] = {}
    size = max(len(text), 1)
    for key in scanner.members():
        if key != "table" or scanner.peek() != "{":
            data[key] = scanner.value()
            continue
        table: dict[str, Any] = {}
        for n, box in enumerate(scanner.members()):
            table[box] = scanner.value()
            if n % 500 == 0:
                if progress is not None:
                    progress(scanner.i / size)
                time.sleep(0)  # let the window draw
        data[key] = table
    if scanner.peek():
        raise ValueError(f"extra data at character {scanner.i}")
    return data


@dataclass(frozen=True)
class FileEntry:
    """One file of the Load list: where it is, when it was written, and its header (empty
    when the file does not start like a learner file)."""

    path: Path
    modified: float
    size: int
    header: dict[str, Any]

    @property
    def readable(self) -> bool:
        """Whether the header names a game (else the list says the file cannot be read)."""
        return isinstance(self.header.get("game"), str)


def read_header(path: Path) -> dict[str, Any]:
    """The header fields of the learner file ``path`` (empty if unreadable); never reads more
    than :data:`HEADER_BYTES`."""
    try:
        head = read_head(path, HEADER_BYTES)
    except OSError:
        return {}
    return parse_header(head) or {}


def header_of(path: Path) -> dict[str, Any]:
    """The header fields of the learner file ``path``, reading at most :data:`HEADER_BYTES`;
    raises LearnerFileError saying why when it is not a regular readable file (a folder, a
    FIFO, a device) or does not start like a learner file."""
    try:
        head = read_head(path, HEADER_BYTES)
    except OSError as exc:
        raise LearnerFileError(f"{path.name} cannot be read ({exc.strerror or exc})",
                               "unreadable") from None
    header = parse_header(head)
    if not header:
        raise LearnerFileError(f"{path.name} does not start like a learner file of AI Game Lab",
                               "not_ours")
    return header


def list_folder(folder: Path) -> tuple[list[Path], list[FileEntry]]:
    """What a folder browser shows of ``folder``: its subfolders (not hidden ones), sorted by
    name, and its learner files as :func:`list_files` lists them. Raises OSError when the
    folder cannot be read."""
    folders = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name.lower()):
        if entry.name.startswith("."):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir():
                folders.append(Path(entry.path))
    return folders, list_files(folder)


def list_files(folder: Path | None = None) -> list[FileEntry]:
    """The regular ``*.json`` files of the learners folder, newest first, with their headers
    (a FIFO, a device or a folder named ``*.json`` is left out)."""
    try:
        where = folder if folder is not None else learners_folder()
        names = sorted(os.listdir(where))
    except OSError:
        return []
    entries: list[FileEntry] = []
    for name in names:
        if not name.endswith(".json"):
            continue
        path = where / name
        try:
            info = os.stat(path)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        entries.append(FileEntry(path, info.st_mtime, info.st_size, read_header(path)))
    entries.sort(key=lambda e: -e.modified)
    return entries


def new_file_path(stem: str, folder: Path | None = None) -> Path:
    """A free ``stem.json`` (``stem-2.json``...) in the learners folder (made if missing);
    ``stem`` is reduced to letters, digits, ``-`` and ``_``, one ``-`` for each run of
    others ("20 allumettes, 1–3" is "20-allumettes-1-3", not "20-allumettes--1-3")."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in stem)
    safe = re.sub(r"-{2,}", "-", safe).strip("-") or "learner"
    where = folder if folder is not None else learners_folder()
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{safe}.json"
    n = 2
    while os.path.lexists(path):
        path = where / f"{safe}-{n}.json"
        n += 1
    return path


def save_learner(learner: TabularLearner, stem: str,
                 usage: Mapping[str, int] | None = None, folder: Path | None = None) -> Path:
    """Save ``learner`` as a new file named after ``stem`` in ``folder`` (default: the learners
    folder), with ``usage`` (position text -> how often its box was used) when given; its
    path. Raises OSError when the folder or the file cannot be written."""
    path = new_file_path(stem, folder)
    data = learner.to_json()
    if usage:
        data["usage"] = dict(sorted(usage.items()))
    atomic_write_json(path, data)
    return path


def read_usage(data: Any) -> dict[str, int]:
    """The usage counts of a learner file's JSON (empty for a version-1 file, which has none);
    raises LearnerFileError when they are not a table of whole numbers from 0 up."""
    raw = data.get("usage", {}) if isinstance(data, dict) else {}
    if not isinstance(raw, dict):
        raise LearnerFileError("the file's usage is not a table of counts")
    usage: dict[str, int] = {}
    for key, count in raw.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise LearnerFileError(f"position {key}: a usage of {count!r} is not a whole "
                                   "number of games")
        usage[str(key)] = count
    return usage


def check_header(header: dict[str, Any]) -> tuple[str, str, Any]:
    """The game, learner kind and options a file's header announces; raises LearnerFileError
    saying why when the app cannot use them."""
    game = str(header.get("game"))
    kind = str(header.get("kind"))
    version = header.get("version")
    if version is not None and (isinstance(version, bool) or version not in READ_VERSIONS):
        # Checked first: a newer app's file may name kinds this one does not know.
        raise LearnerFileError(f"the file is in learner format version {version!r}", "version")
    if kind not in KINDS:
        raise LearnerFileError(f"unknown learner kind {kind!r}", "not_ours")
    try:
        options = options_from_json(game, header.get("options"))
    except TypeError as exc:  # no options at all: a damaged header
        raise LearnerFileError(str(exc)) from None
    except ValueError as exc:  # RulesError is a ValueError: a game or variant not played here
        raise LearnerFileError(str(exc), "other_setup") from None
    return game, kind, options


Problem = Literal["missing", "unreadable", "foreign", "cancelled"]


@dataclass(frozen=True)
class LoadOutcome:
    """How a load ended: ``problem`` is None when the table is in the learner; otherwise
    ``detail`` says why, ``reason`` the same in one word (``ai.learners.FILE_REASONS``) and
    ``kept_as`` where the file was moved aside (never overwritten)."""

    problem: Problem | None
    detail: str = ""
    kept_as: Path | None = None
    reason: str = "damaged"


class _Cancelled(Exception):
    """Raised from the progress callback to stop reading."""


class LoadJob:
    """Read a learner file into ``learner`` (a fresh learner nobody else uses yet), at once
    with :meth:`run` or on a daemon thread with :meth:`start`.

    ``fraction`` (0 to 1) and ``stage`` ("reading", "decoding", "checking") tell the screen
    how far it is; ``outcome`` is set when it is over. An unreadable or foreign file is moved
    aside, as everywhere in the app, when ``keep_bad`` (a file of the data folder); a file from
    elsewhere (a USB stick) is the user's and is left as it is. :meth:`cancel` stops the
    reading and leaves the file alone.
    """

    def __init__(self, path: Path, learner: TabularLearner, keep_bad: bool = True) -> None:
        self.path = path
        self.learner = learner
        self.keep_bad = keep_bad
        self.fraction = 0.0
        self.stage = "reading"
        self.outcome: LoadOutcome | None = None
        #: The position texts of the table read (for the lab to find boxes to draw).
        self.stored_keys: set[str] = set()
        #: How often each box was used when the file was saved (position text -> count).
        self.usage: dict[str, int] = {}
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def done(self) -> bool:
        """Whether the load is over (``outcome`` set)."""
        return self.outcome is not None

    def cancel(self) -> None:
        """Stop as soon as possible (the learner is then left empty)."""
        self._cancel.set()

    def start(self) -> LoadJob:
        """Run on a background thread; poll ``done``."""
        self._thread = threading.Thread(target=self.run, name="learner-load", daemon=True)
        self._thread.start()
        return self

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background thread (tests); whether the load is over."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.done

    def _read_progress(self, done: int, total: int) -> None:
        if self._cancel.is_set():
            raise _Cancelled
        self.fraction = READ_SHARE * done / max(total, 1)

    def _decode_progress(self, share: float) -> None:
        if self._cancel.is_set():
            raise _Cancelled
        self.fraction = READ_SHARE + DECODE_SHARE * share

    def run(self) -> LoadOutcome:
        """Read, decode and check the file; set and return ``outcome``."""
        try:
            outcome = self._load()
        except _Cancelled:
            outcome = LoadOutcome("cancelled", "stopped before the end")
        self.fraction = 1.0
        self.outcome = outcome
        return outcome

    def _load(self) -> LoadOutcome:
        try:
            raw = read_bytes_limited(self.path, MAX_FILE_BYTES, progress=self._read_progress)
        except FileNotFoundError:
            return LoadOutcome("missing", f"there is no file {self.path.name}", reason="missing")
        except OSError as exc:  # not a regular file, too big, unreadable
            return self._unreadable(str(exc), "too_big" if _too_big(self.path) else "unreadable")
        self.stage = "decoding"
        try:
            data = decode_learner(raw.decode("utf-8"), self._decode_progress)
        except (ValueError, RecursionError) as exc:
            # Bad UTF-8 or JSON, a number past int()'s limit, nesting thousands deep.
            return self._unreadable(f"{self.path.name} could not be read ({exc})")
        del raw
        if self._cancel.is_set():
            raise _Cancelled
        self.stage = "checking"
        self.fraction = READ_SHARE + DECODE_SHARE
        table = data.get("table") if isinstance(data, dict) else None
        self.stored_keys = set(table) if isinstance(table, dict) else set()
        try:
            usage = read_usage(data)
            self.learner.from_json(data)
        except LearnerFileError as exc:
            kept = keep_aside(self.path) if self.keep_bad else None
            return LoadOutcome("foreign", str(exc), kept, exc.reason)
        self.usage = usage
        return LoadOutcome(None)

    def _unreadable(self, why: str, reason: str = "damaged") -> LoadOutcome:
        """The file is moved aside (when it is ours), so the next save cannot overwrite it."""
        if not self.keep_bad:
            return LoadOutcome("unreadable", why, reason=reason)
        kept = keep_aside(self.path)
        return LoadOutcome("unreadable", f"{why}; it was kept aside as "
                                         f"{kept.name if kept else '?'}", kept, reason)


def _too_big(path: Path) -> bool:
    """Whether ``path`` is a file past the size a learner file may have."""
    try:
        return os.stat(path).st_size > MAX_FILE_BYTES
    except OSError:
        return False


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is in ``folder`` (or below it), links resolved."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def loads_in_background(path: Path) -> bool:
    """Whether ``path`` is big enough to load on a background thread with a progress bar."""
    try:
        return os.stat(path).st_size > BACKGROUND_BYTES
    except OSError:
        return False

