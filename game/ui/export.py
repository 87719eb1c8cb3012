"""Export of results: CSV tables and PNG pictures of charts, written atomically.

The default folder is the user's Documents folder when there is one, else the home folder; the
screens let the user type another. Every write goes through :mod:`game.userdata`'s atomic
writes, so an export interrupted half-way never leaves a broken file, and an existing file of the
same name is never overwritten (a number is added to the new name instead). A picture is read
back after writing: a broken one is removed and reported, never announced as saved. Pictures
are drawn for paper (:func:`write_picture`): dark ink on white, cropped to what they show.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pygame

from game.ui.printing import render_cropped
from game.ui.theme import Theme
from game.userdata import atomic_write_bytes, atomic_write_text


class ExportError(OSError):
    """An export could not be written; the message says where and why, in plain words."""


def default_folder() -> Path:
    """The Documents folder if it exists (``XDG_DOCUMENTS_DIR`` on Linux), else the home."""
    home = Path.home()
    xdg = os.environ.get("XDG_DOCUMENTS_DIR")
    candidates = [Path(xdg)] if xdg else []
    candidates += [home / "Documents", home / "My Documents"]
    for folder in candidates:
        if folder.is_dir():
            return folder
    return home


def check_folder(text: str) -> Path:
    """The folder named by ``text`` (``~`` expanded), created if missing.

    Raises ExportError when the text is empty, names a file, or the folder cannot be made.
    """
    cleaned = text.strip()
    if not cleaned:
        raise ExportError("no folder given: type the folder where the files should go")
    folder = Path(os.path.expanduser(cleaned))
    shown = str(folder) if len(str(folder)) <= 80 else f"{str(folder)[:77]}..."
    # ValueError too: a pasted NUL character makes every file call raise it, not OSError.
    try:
        if folder.exists() and not folder.is_dir():
            raise ExportError(f"{shown} is a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise ExportError(f"cannot create the folder {shown}: {reason}") from exc
    return folder


def safe_name(stem: str) -> str:
    """``stem`` reduced to letters, digits, ``-`` and ``_`` (safe on every file system)."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-")
    return cleaned or "export"


def unique_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem.suffix``, or ``stem-2.suffix``... when that name is taken."""
    path = folder / f"{stem}{suffix}"
    n = 2
    while os.path.lexists(path):
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def timestamped(prefix: str) -> str:
    """A file stem like ``tournament-nim-20250101-1200``."""
    return safe_name(f"{prefix}-{time.strftime('%Y%m%d-%H%M%S')}")


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A CSV document (comma separated, quoted where needed, one line per row)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(list(header))
    for row in rows:
        writer.writerow(list(row))
    return buffer.getvalue()


def write_csv(folder: Path, stem: str, header: Sequence[str],
              rows: Iterable[Sequence[object]]) -> Path:
    """Write a CSV file into ``folder`` (a new name if taken); return its path."""
    path = unique_path(folder, safe_name(stem), ".csv")
    try:
        atomic_write_text(path, csv_text(header, rows))
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return path


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as PNG, in memory."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    return buffer.getvalue()


def save_png_checked(surface: pygame.Surface, path: Path) -> int:
    """Write ``surface`` as the PNG file ``path`` and check that it reads back whole; return
    its size in bytes.

    The picture is encoded in memory and written atomically (its temporary file beside
    ``path``, not in the system's temporary folder). pygame does not always report a write that
    failed (a full disk), so the file is read back and compared: a file that does not read back
    as this picture is removed, and ExportError says what happened.
    """
    try:
        data = png_bytes(surface)
    except (OSError, pygame.error) as exc:
        raise ExportError(f"cannot encode the picture as PNG: {exc}") from exc
    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        size = path.stat().st_size
        back = pygame.image.load(str(path))
        problem = (None if back.get_size() == surface.get_size() else
                   f"it reads back as {back.get_size()[0]}x{back.get_size()[1]} pixels, not "
                   f"{surface.get_width()}x{surface.get_height()}")
    except (OSError, pygame.error) as exc:
        size, problem = -1, f"it does not read back as a picture ({exc})"
    if problem is None and size != len(data):
        problem = f"it has {size} bytes on disk instead of {len(data)}"
    if problem is not None:
        with contextlib.suppress(OSError):
            path.unlink()
        raise ExportError(f"{path} was written but {problem}: the disk may be full; "
                          "the file was removed")
    return size


def write_png(folder: Path, stem: str, surface: pygame.Surface) -> Path:
    """Save ``surface`` as a PNG file into ``folder`` (a new name if taken), checked as
    :func:`save_png_checked` does; return its path."""
    path = unique_path(folder, safe_name(stem), ".png")
    save_png_checked(surface, path)
    return path


def write_picture(folder: Path, stem: str, size: tuple[int, int],
                  draw: Callable[[pygame.Surface, pygame.Rect, Theme], object],
                  margin: int = 40) -> Path:
    """Draw a picture for printing and save it as a PNG file into ``folder``; return its path.

    ``draw(surface, area, theme)`` draws into ``area`` in the light print theme it is given
    (:data:`game.ui.printing.PRINT`) on a white canvas of ``size``; the picture is cropped to
    what was drawn plus ``margin`` (a handout wastes no paper), then written as
    :func:`write_png` does. Every picture the app exports goes through here.
    """
    return write_png(folder, stem, render_cropped(size, margin, draw))
