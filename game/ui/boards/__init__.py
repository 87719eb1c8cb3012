"""One board view and one presenter per game, picked by the game's registry name.

:func:`board_view_for` gives the view that draws the board and turns clicks into moves;
:func:`presenter_for` gives the :class:`~game.ui.boards.presenter.GamePresenter` that says
what the screens write about the game. Adding a game's UI is one module here and one line in
:data:`_BOARDS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from game.rules.base import OptionError
from game.rules.registry import game_names
from game.ui.boards.base import BoardContext, BoardView, ClickResult, InputController
from game.ui.boards.presenter import GamePresenter, OptionSpec

if TYPE_CHECKING:
    from game.ui.theme import Theme

__all__ = ["BoardContext", "BoardView", "ClickResult", "GamePresenter", "InputController",
           "OptionSpec", "board_view_for", "lab_default_game", "presenter_for"]

# Module, view class and presenter class per game; imported on first use so a menu thumbnail
# of one game does not pay for the others.
_BOARDS: dict[str, tuple[str, str, str]] = {
    "hexapawn": ("game.ui.boards.hexapawn", "HexapawnView", "HexapawnPresenter"),
    "nim": ("game.ui.boards.nim", "NimView", "NimPresenter"),
    "morpion": ("game.ui.boards.morpion", "MorpionView", "MorpionPresenter"),
    "othello": ("game.ui.boards.othello", "OthelloView", "OthelloPresenter"),
    "connect4": ("game.ui.boards.connect4", "Connect4View", "Connect4Presenter"),
}


def _entry(game_name: str) -> tuple[str, str, str]:
    key = game_name.strip().lower()
    if key not in _BOARDS:
        raise OptionError(f"no board view for game '{game_name}': choose one of "
                          f"{', '.join(_BOARDS)}")
    return _BOARDS[key]


def board_view_for(game_name: str, theme: Theme) -> BoardView:
    """A new board view for the game named ``game_name`` drawn with ``theme``.

    Raises OptionError listing the known games for an unknown name.
    """
    module_name, class_name, _presenter = _entry(game_name)
    view_type: type[BoardView] = getattr(importlib.import_module(module_name), class_name)
    return view_type(theme)


@cache
def presenter_for(game_name: str,
                  seat_of: Callable[[int], int] | None = None) -> GamePresenter:
    """The presenter of the game named ``game_name``; ``seat_of(side)``: which seat plays a
    side, where a screen knows (see :attr:`GamePresenter.seat_of`).

    Raises OptionError listing the known games for an unknown name.
    """
    module_name, _view, class_name = _entry(game_name)
    presenter_type: type[GamePresenter] = getattr(importlib.import_module(module_name),
                                                  class_name)
    return presenter_type(seat_of=seat_of)


def lab_default_game() -> str:
    """The game the learning lab opens on: the one whose presenter says ``lab_default``, else
    the first game."""
    names = game_names()
    return next((g for g in names if presenter_for(g).lab_default), names[0])
