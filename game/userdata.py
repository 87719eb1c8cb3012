"""Where the app keeps its files, and how it writes them safely.

Everything the app writes (settings, learners, logs, exports by default) goes under the user's
data folder, never next to the executable. Writes are atomic: a temporary file in the same
folder, flushed, then renamed over the target, so a crash never leaves half a file.
No pygame here: the AI layer saves learners through this module too.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

APP_DIR_NAME = "AIGameLab"
ENV_OVERRIDE = "AIGAMELAB_DATA_DIR"


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


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
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


class UnreadableFileError(ValueError):
    """A data file exists but cannot be used; ``kept_as`` is where it was moved aside."""

    def __init__(self, message: str, kept_as: Path | None) -> None:
        super().__init__(message)
        self.kept_as = kept_as


def keep_aside(path: Path) -> Path | None:
    """Rename an unreadable file to ``NAME.corrupt-TIMESTAMP`` so it is never overwritten."""
    if not path.exists():
        return None
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return target


def read_json(path: Path) -> Any:
    """Read JSON from ``path``.

    Raises FileNotFoundError when missing; when the file is unreadable (bad UTF-8 or JSON) it is
    kept aside and UnreadableFileError says where.
    """
    try:
        raw = path.read_bytes()
        return json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, ValueError, RecursionError) as exc:
        # ValueError covers bad UTF-8 and bad JSON, and also a number of more than 4300 digits
        # (int()'s limit); RecursionError a file nested thousands of brackets deep.
        kept = keep_aside(path)
        raise UnreadableFileError(f"{path.name} could not be read ({exc}); "
                                  f"it was kept aside as {kept.name if kept else '?'}",
                                  kept) from exc
