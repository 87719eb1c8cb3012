"""AI Game Lab entry point.

No arguments (or only window flags such as --fullscreen, --lang fr, --theme contrast) opens the
window; subcommands run headless work: ``arena``, ``train``, ``players`` and ``analyse`` (see
``python main.py --help``).
"""

from __future__ import annotations

import multiprocessing
import os
import sys

# pygame prints a greeting banner when imported; it would come before `--help` or an error
# message, so it is turned off before anything imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HEADLESS_COMMANDS = ("arena", "train", "players", "analyse")


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the headless command line or the window; return the exit code."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in HEADLESS_COMMANDS:
        from ai.cli import run_cli

        return run_cli(args)
    from game.ui.app import run_app

    return run_app(args)


if __name__ == "__main__":
    multiprocessing.freeze_support()
    # Before anything else: a windowed build has no stdout/stderr, and its log is the only
    # trace of a failure (in the user's data folder).
    from game.logging_setup import setup_logging
    from game.userdata import clean_leftovers

    setup_logging()
    # Temporary files of a save killed half-way (kill -9, power cut) never pile up.
    clean_leftovers()
    sys.exit(main())
