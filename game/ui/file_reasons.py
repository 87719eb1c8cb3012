"""Why a learner or network file cannot be used, in the user's language.

The files' errors carry one word (``ai.learners.FILE_REASONS``) beside their message, which is
the command line's English and names fields a class never sees ("the options are not a table
of values" in a French lab: QA S12 37); the screens show ``file.reason.<word>`` instead.
"""

from __future__ import annotations

from game.ui.i18n import has, tr


def file_reason(error: str | BaseException) -> str:
    """The plain reason for ``error``: a reason word, or an exception carrying one (an
    OSError without one: missing or unreadable); "damaged" for anything else."""
    reason = error if isinstance(error, str) else getattr(error, "reason", None)
    if reason is None and isinstance(error, OSError):
        reason = "missing" if isinstance(error, FileNotFoundError) else "unreadable"
    key = f"file.reason.{reason}"
    return tr(key) if has(key) else tr("file.reason.damaged")
