"""One board view per game: :func:`board_view_for` picks it by the game's registry name."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.rules.base import OptionError
from game.ui.boards.base import BoardContext, BoardView, ClickResult, InputController

if TYPE_CHECKING:
    from game.ui.theme import Theme

__all__ = ["BoardContext", "BoardView", "ClickResult", "InputController", "board_view_for"]

# Module and class per game; imported on first use so a menu thumbnail of one game does not
# pay for the others.
_VIEWS: dict[str, tuple[str, str]] = {
    "hexapawn": ("game.ui.boards.hexapawn", "HexapawnView"),
    "nim": ("game.ui.boards.nim", "NimView"),
    "morpion": ("game.ui.boards.morpion", "MorpionView"),
    "othello": ("game.ui.boards.othello", "OthelloView"),
}


def board_view_for(game_name: str, theme: Theme) -> BoardView:
    """A new board view for the game named ``game_name`` drawn with ``theme``.

    Raises OptionError listing the known games for an unknown name.
    """
    key = game_name.strip().lower()
    if key not in _VIEWS:
        raise OptionError(f"no board view for game '{game_name}': choose one of "
                          f"{', '.join(_VIEWS)}")
    module_name, class_name = _VIEWS[key]
    view_type: type[BoardView] = getattr(importlib.import_module(module_name), class_name)
    return view_type(theme)
