"""Logging to a file in the user's data folder, safe in a windowed build.

A windowed executable (PyInstaller ``console=False`` on Windows) starts with ``sys.stdout`` and
``sys.stderr`` set to None: anything that writes to them directly (``sys.stderr.write``, a
library's warning, a traceback) would crash the app. :func:`setup_logging` therefore

* sends the ``logging`` records to ``ai-game-lab.log`` in the data folder (rotated, so it never
  grows without bound);
* replaces a missing ``sys.stdout``/``sys.stderr`` by a writer that forwards each line to that
  log, so the smoke test's report and any stray print end up in the file;
* logs uncaught exceptions (main thread and other threads) before Python's own report.

No pygame here, and nothing runs at import time: ``main.py`` calls :func:`setup_logging` once.
"""

from __future__ import annotations

import io
import logging
import sys
import threading
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from game.userdata import data_dir

LOG_NAME = "ai-game-lab.log"
#: Size at which the log is rotated, and how many old logs are kept (ai-game-lab.log.1, .2).
MAX_BYTES = 512 * 1024
BACKUPS = 2
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Marks our handler so that a second call does not add another one.
_HANDLER_NAME = "ai-game-lab-file"

logger = logging.getLogger("aigamelab")


def log_path() -> Path:
    """Where the log file goes: ``ai-game-lab.log`` in the user's data folder."""
    return data_dir() / LOG_NAME


class LogWriter(io.TextIOBase):
    """A text stream that turns each written line into a log record (stands in for a missing
    ``sys.stdout`` or ``sys.stderr``)."""

    def __init__(self, target: logging.Logger, level: int) -> None:
        super().__init__()
        self._target = target
        self._level = level
        self._buffer = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        """Buffer ``text``; log every complete line."""
        self._buffer += text
        while "\n" in self._buffer:
            line, self._buffer = self._buffer.split("\n", 1)
            if line.strip():
                self._target.log(self._level, line.rstrip())
        return len(text)

    def flush(self) -> None:
        """Log what is left of an unfinished line."""
        if self._buffer.strip():
            self._target.log(self._level, self._buffer.rstrip())
        self._buffer = ""


def guard_std_streams() -> list[str]:
    """Give Python a ``sys.stdout``/``sys.stderr`` where it has none (windowed build).

    Returns the names of the streams replaced (empty from a terminal).
    """
    replaced: list[str] = []
    if sys.stdout is None:
        sys.stdout = LogWriter(logging.getLogger("aigamelab.stdout"), logging.INFO)
        replaced.append("stdout")
    if sys.stderr is None:
        sys.stderr = LogWriter(logging.getLogger("aigamelab.stderr"), logging.WARNING)
        replaced.append("stderr")
    return replaced


def _file_handler() -> tuple[logging.Handler | None, str | None]:
    """A rotating handler on :func:`log_path`, or (None, why) if the folder is not writable."""
    try:
        path = log_path()
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                      encoding="utf-8")
    except OSError as exc:
        return None, f"cannot write the log file: {exc}"
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    return handler, None


def _install_excepthooks() -> None:
    """Log uncaught exceptions (then let Python report them as usual)."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException,
             tb: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            logger.critical("uncaught exception", exc_info=(kind, value, tb))
        previous(kind, value, tb)

    sys.excepthook = hook
    previous_thread = threading.excepthook

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            name = args.thread.name if args.thread is not None else "?"
            logger.critical("uncaught exception in thread %s", name,
                            exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        previous_thread(args)

    threading.excepthook = thread_hook


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to the data folder's log file and make missing std streams safe.

    Returns the log file's path, or None when it cannot be written (then records go to
    stderr if there is one, and nowhere otherwise; the app still runs). Calling it again
    does not add a second handler.
    """
    root = logging.getLogger()
    if any(h.get_name() == _HANDLER_NAME for h in root.handlers):
        return log_path()
    handler, problem = _file_handler()
    if handler is None and sys.stderr is not None:
        fallback: logging.Handler = logging.StreamHandler(sys.stderr)
        fallback.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(fallback)
    elif handler is not None:
        root.addHandler(handler)
    else:
        # Neither a file nor a stderr: a NullHandler keeps logging's last-resort handler (which
        # writes to sys.stderr, soon a LogWriter) from looping back into logging.
        root.addHandler(logging.NullHandler())
    root.setLevel(level)
    logging.captureWarnings(True)
    replaced = guard_std_streams()
    _install_excepthooks()
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    logger.info("start (%s, Python %s, %s)%s", frozen, sys.version.split()[0], sys.platform,
                f"; no {' or '.join(replaced)}: sent to this log" if replaced else "")
    if problem:
        logger.warning(problem)
        return None
    return log_path()
