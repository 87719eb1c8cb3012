"""Small pieces the player modules share (no game knowledge, no pygame)."""

from __future__ import annotations

from typing import Any


def every_game(game: str, options: Any) -> bool:
    """A player's ``applies`` test for players that play every game and variant."""
    return True
