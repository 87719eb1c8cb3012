"""Where the app keeps its files, and how it reads and writes them safely.

Everything the app writes (settings, learners, logs, exports by default) goes under the user's
data folder, never next to the executable. Writes are atomic: a temporary file in the same
folder, flushed, then renamed over the target, so a crash never leaves half a file; the rename
replaces a symbolic link by the new file instead of writing where the link points, and the new
file keeps the mode of the one it replaces. Reads refuse what is not a regular file (a FIFO, a
device, a link to ``/dev/zero``) and anything larger than the caller's size limit, so a strange
file can neither block nor exhaust the app. No pygame here: the AI layer uses this module too.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

APP_DIR_NAME = "AIGameLab"
ENV_OVERRIDE = "AIGAMELAB_DATA_DIR"
#: Default size limit of :func:`read_json` (settings and other small files).
SMALL_FILE_LIMIT = 1_000_000
#: Reading in pieces of this size, so a size limit is checked as the bytes come in.
CHUNK = 1 << 20
#: A temporary file of :func:`atomic_write_bytes` (``.NAME.xxxxxxxx.tmp``) older than this is a
#: leftover of a killed save: no save takes that long.
LEFTOVER_AGE = 60.0
_LEFTOVER = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")

#: ``os.open`` flags: do not follow a final symbolic link (absent on Windows, where
#: :func:`refuse_link` checks before opening), do not block on a FIFO.
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
O_BINARY = getattr(os, "O_BINARY", 0)


def data_dir() -> Path:
    """The user's data folder for this app, created if needed.

    ``AIGAMELAB_DATA_DIR`` overrides it (tests point it at a temporary folder).
    """
    override = os.environ.get(ENV_OVERRIDE)
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP_DIR_NAME
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        base = Path(xdg) / "ai-game-lab"
    base.mkdir(parents=True, exist_ok=True)
    return base


class UnreadableFileError(ValueError):
    """A data file exists but cannot be used; ``kept_as`` is where it was moved aside."""

    def __init__(self, message: str, kept_as: Path | None) -> None:
        super().__init__(message)
        self.kept_as = kept_as


class StrangeFileError(OSError):
    """A path that is not a plain file the app may use: a link (for writing), a FIFO, a
    device, a folder, or a file larger than the reader's limit. The message says which."""


def size_text(size: int) -> str:
    """A file size for people: ``512 bytes``, ``30.0 MB``."""
    if size < 10_000:
        return f"{size} bytes"
    if size < 10_000_000:
        return f"{size / 1000:.0f} kB"
    return f"{size / 1_000_000:.1f} MB"


def cut_text(text: str, limit: int = 60) -> str:
    """``text`` if at most ``limit`` characters, else its start, an ellipsis and its length:
    an error message quoting a pasted 5,000-character argument stays one readable line."""
    if len(text) <= limit:
        return text
    return f"{text[:max(limit - 20, 1)]}\u2026 ({len(text)} characters)"


def refuse_link(path: Path) -> None:
    """Raise StrangeFileError if ``path`` is a symbolic link (where ``O_NOFOLLOW`` is missing,
    the check before opening is what keeps a write from following it)."""
    if os.path.islink(path):
        raise StrangeFileError(f"{path.name} is a link to another file; the app does not "
                               "write through links")


def open_for_append(path: Path) -> int:
    """A descriptor appending to ``path`` (created 0666 minus the umask), refusing a link or
    anything but a regular file (the log)."""
    if not O_NOFOLLOW:
        refuse_link(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | O_NOFOLLOW | O_NONBLOCK
                     | O_BINARY, 0o666)
    except OSError as exc:
        # Say why in words: ELOOP for a link, ENXIO for a FIFO nobody reads...
        with contextlib.suppress(FileNotFoundError):
            refuse_link(path)
            _check_regular(path, os.lstat(path))
        raise exc
    return _regular_or_close(path, fd)


def _regular_or_close(path: Path, fd: int) -> int:
    """``fd`` if it is open on a regular file; otherwise close it and raise StrangeFileError."""
    try:
        _check_regular(path, os.fstat(fd))
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_regular(path: Path, info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = ("a folder" if stat.S_ISDIR(info.st_mode) else
                "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else
                "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else
                "not a regular file")
        raise StrangeFileError(f"{path.name} is {kind}, not a file the app can use")


def _open_regular(path: Path) -> int:
    """A read descriptor on ``path`` if it is a regular file (a link is followed: what it
    points at must be regular); never blocks on a FIFO. Raises StrangeFileError otherwise."""
    fd = os.open(path, os.O_RDONLY | O_NONBLOCK | O_BINARY)
    return _regular_or_close(path, fd)


def read_head(path: Path, size: int) -> bytes:
    """The first ``size`` bytes (at most) of the regular file ``path`` (a file's header)."""
    with os.fdopen(_open_regular(path), "rb") as handle:
        return handle.read(size)


def read_bytes_limited(path: Path, limit: int, *,
                       progress: Callable[[int, int], None] | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises FileNotFoundError when missing, and StrangeFileError for a FIFO, a device (also
    through a link, e.g. to ``/dev/zero``), a folder, or a file larger than ``limit`` (checked
    before reading, and again while reading for files whose size the system does not know).
    ``progress(done, total)``, if given, is called after each piece read; it may raise to stop.
    """
    with os.fdopen(_open_regular(path), "rb") as handle:
        info = os.fstat(handle.fileno())
        if info.st_size > limit:
            raise StrangeFileError(f"{path.name} is {size_text(info.st_size)}, more than the "
                                   f"{size_text(limit)} this kind of file may have")
        pieces: list[bytes] = []
        done = 0
        while True:
            piece = handle.read(min(CHUNK, limit + 1 - done))
            if not piece:
                break
            pieces.append(piece)
            done += len(piece)
            if done > limit:
                raise StrangeFileError(f"{path.name} is more than the {size_text(limit)} this "
                                       "kind of file may have")
            if progress is not None:
                progress(done, max(info.st_size, done))
    return b"".join(pieces)


@functools.cache
def _umask() -> int:
    """The process's umask (read once: setting it back and forth is not thread-safe)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    """The permission bits a replaced file keeps, or a new file's (0666 minus the umask)."""
    try:
        info = os.lstat(path)
    except OSError:
        return 0o666 & ~_umask()
    if stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)
    return 0o666 & ~_umask()


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, then rename).

    The rename replaces ``path`` itself: a symbolic link there is replaced by the new file, and
    the file it pointed at is left alone. The new file keeps the permission bits of the file it
    replaces (a new one gets the usual 0666 minus the umask, not the temporary file's 0600).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        # Never leave a stray temporary file behind, whatever went wrong.
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, value: Any) -> None:
    """Write ``value`` as indented JSON to ``path`` atomically."""
    atomic_write_text(path, json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def clean_leftovers(folder: Path | None = None, max_age: float = LEFTOVER_AGE) -> list[str]:
    """Remove the temporary files (``.NAME.xxxxxxxx.tmp``) that a save killed half-way left in
    the data folder and its sub-folders; return their names.

    Only files older than ``max_age`` seconds go: a younger one may belong to a save running
    in another copy of the app. Nothing else is touched; an error leaves the file in place.
    """
    try:
        base = folder if folder is not None else data_dir()
        folders = [base] + [p for p in base.iterdir() if p.is_dir() and not p.is_symlink()]
    except OSError:
        return []
    removed: list[str] = []
    now = time.time()
    for where in folders:
        with contextlib.suppress(OSError):
            for entry in os.scandir(where):
                if not _LEFTOVER.match(entry.name):
                    continue
                with contextlib.suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    if now - info.st_mtime >= max_age and not stat.S_ISDIR(info.st_mode):
                        os.unlink(entry.path)
                        removed.append(entry.name)
    return removed


def keep_aside(path: Path, label: str = "corrupt", *, copy: bool = False) -> Path | None:
    """Rename an unusable file to ``NAME.LABEL-TIMESTAMP`` so it is never overwritten (or, with
    ``copy``, keep a copy there and leave the file in place); return the new name."""
    if not os.path.lexists(path):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
        n += 1
    if copy:
        shutil.copyfile(path, target, follow_symlinks=False)
    else:
        os.replace(path, target)
    return target


def read_json(path: Path, limit: int = SMALL_FILE_LIMIT, *,
              progress: Callable[[int, int], None] | None = None) -> Any:
    """Read JSON from ``path``, a regular file of at most ``limit`` bytes (``progress`` as for
    :func:`read_bytes_limited`).

    Raises FileNotFoundError when missing; when the file is unreadable (not a regular file, too
    big, bad UTF-8 or JSON) it is kept aside and UnreadableFileError says why and where.
    """
    try:
        raw = read_bytes_limited(path, limit, progress=progress)
        return json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, ValueError, RecursionError) as exc:
        # ValueError covers bad UTF-8 and bad JSON, and also a number of more than 4300 digits
        # (int()'s limit); RecursionError a file nested thousands of brackets deep.
        kept = keep_aside(path)
        why = str(exc) if isinstance(exc, StrangeFileError) else (
            f"{path.name} could not be read ({exc})")
        raise UnreadableFileError(f"{why}; it was kept aside as {kept.name if kept else '?'}",
                                  kept) from exc
