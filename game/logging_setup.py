"""Logging to a file in the user's data folder, safe in a windowed build.

A windowed executable (PyInstaller ``console=False`` on Windows) starts with ``sys.stdout`` and
``sys.stderr`` set to None: anything that writes to them directly (``sys.stderr.write``, a
library's warning, a traceback) would crash the app. :func:`setup_logging` therefore

* sends the ``logging`` records to ``ai-game-lab.log`` in the data folder (rotated, so it never
  grows without bound);
* replaces a missing ``sys.stdout``/``sys.stderr`` by a writer that forwards each line to that
  log, so the smoke test's report and any stray print end up in the file;
* logs uncaught exceptions (main thread and other threads) before Python's own report.

A log that cannot be written never stops the app: a log file that is a link, a FIFO or a
device is not opened (the app runs without a log), and a write that fails (a full disk)
switches the file off instead of reporting the failure to ``sys.stderr`` (in a windowed
build, that is the log itself: the report would loop until a RecursionError).

No pygame here, and nothing runs at import time: ``main.py`` calls :func:`setup_logging` once.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import threading
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType
from typing import Any

from game.userdata import data_dir, open_for_append

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
        # Set while this thread is logging through the writer: anything written meanwhile
        # (a handler reporting its own failure) is dropped instead of looping back in.
        self._busy = threading.local()

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        """Buffer ``text``; log every complete line."""
        if getattr(self._busy, "on", False):
            return len(text)
        self._buffer += text
        while "\n" in self._buffer:
            line, self._buffer = self._buffer.split("\n", 1)
            if line.strip():
                self._log(line.rstrip())
        return len(text)

    def flush(self) -> None:
        """Log what is left of an unfinished line."""
        if getattr(self._busy, "on", False):
            return
        if self._buffer.strip():
            self._log(self._buffer.rstrip())
        self._buffer = ""

    def _log(self, line: str) -> None:
        self._busy.on = True
        try:
            self._target.log(self._level, line)
        finally:
            self._busy.on = False


class SafeFileHandler(RotatingFileHandler):
    """The rotating log file, opened without following a link, switched off by its first
    failed write (``broken`` then says why) instead of reporting the failure on stderr."""

    def __init__(self, path: Path) -> None:
        self.broken: str | None = None
        super().__init__(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")

    def _open(self) -> Any:
        fd = open_for_append(Path(self.baseFilename))
        try:
            # Through logging's own open (``self._builtin_open``), on the descriptor opened
            # without following a link.
            opener = getattr(self, "_builtin_open", open)
            stream = opener(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise
        return stream

    def emit(self, record: logging.LogRecord) -> None:
        if self.broken is None:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        """Switch the file off; report on stderr only if that is a real stream."""
        kind, value = sys.exc_info()[:2]
        self.broken = f"{kind.__name__ if kind else 'error'}: {value}"
        if sys.stderr is not None and not isinstance(sys.stderr, LogWriter):
            super().handleError(record)
        stream, self.stream = self.stream, None
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.close()


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


def _file_handler() -> tuple[SafeFileHandler | None, str | None]:
    """A rotating handler on :func:`log_path`, or (None, why) if the folder is not writable."""
    try:
        path = log_path()
        handler = SafeFileHandler(path)
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
    if handler is not None:
        root.addHandler(handler)
    else:
        _add_fallback(root)
    root.setLevel(level)
    logging.captureWarnings(True)
    replaced = guard_std_streams()
    _install_excepthooks()
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    logger.info("start (%s, Python %s, %s)%s", frozen, sys.version.split()[0], sys.platform,
                f"; no {' or '.join(replaced)}: sent to this log" if replaced else "")
    if handler is not None and handler.broken is not None:
        # The file opened but its first line could not be written (a full disk): run without.
        problem = f"cannot write the log file: {handler.broken}"
        root.removeHandler(handler)
        handler.close()
        _add_fallback(root)
    if problem:
        logger.warning(problem)
        return None
    return log_path()


def _add_fallback(root: logging.Logger) -> None:
    """Records go to a real stderr when there is one, else nowhere."""
    if sys.stderr is not None and not isinstance(sys.stderr, LogWriter):
        fallback: logging.Handler = logging.StreamHandler(sys.stderr)
        fallback.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(fallback)
    else:
        # Neither a file nor a stderr: a NullHandler keeps logging's last-resort handler (which
        # writes to sys.stderr, soon a LogWriter) from looping back into logging.
        root.addHandler(logging.NullHandler())
