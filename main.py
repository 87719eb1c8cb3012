"""AI Game Lab entry point.

No arguments opens the window (once the app lands); subcommands run headless work.
Until the window exists, running it lists the games and exits.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the process exit code."""
    from game.rules.registry import game_names, get_game

    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("AI Game Lab: the window is not built yet. Games available:")
        for name in game_names():
            print(f"  {name}: {get_game(name).title}")
        return 0
    print(f"unknown command '{args[0]}'", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
