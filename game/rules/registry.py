"""The list of games, and options read from text (command line, menu, save files).

Each game module defines ``GAME = GameInfo(...)``; this registry imports the modules by name so
that adding a game is one module and one line in ``GAME_MODULES``.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.base import GameState, OptionError

GAME_MODULES: tuple[str, ...] = ("hexapawn", "nim", "morpion", "othello")


@dataclass(frozen=True)
class GameInfo:
    """What the app, the AIs and the arena need to know about one game.

    ``options_type`` is the game's frozen options dataclass; calling it with keyword values
    validates them, and ``options.initial_state()`` starts a game. ``side_names`` are the
    English names of player 0 and player 1 ("White", "Black"); ``title`` the game's name.
    """

    name: str
    title: str
    options_type: type[Any]
    side_names: tuple[str, str]
    describe_options: Callable[[Any], str] = repr

    def options(self, **values: Any) -> Any:
        """Validated options with the given values over the defaults."""
        return self.options_type(**values)

    def initial_state(self, options: Any = None) -> GameState[Any]:
        """The starting position for ``options`` (defaults when None)."""
        opts = self.options_type() if options is None else options
        state: GameState[Any] = opts.initial_state()
        return state


_cache: dict[str, GameInfo] = {}


def game_names() -> tuple[str, ...]:
    """The canonical names of every game, in menu order."""
    return GAME_MODULES


def get_game(name: str) -> GameInfo:
    """The GameInfo for ``name``; raise OptionError listing the games if unknown."""
    key = name.strip().lower()
    if key not in GAME_MODULES:
        raise OptionError(f"unknown game '{name}': choose one of {', '.join(GAME_MODULES)}")
    if key not in _cache:
        module = importlib.import_module(f"game.rules.{key}")
        _cache[key] = module.GAME
    return _cache[key]


def option_fields(info: GameInfo) -> tuple[dataclasses.Field[Any], ...]:
    """The options dataclass's fields (name, default, type)."""
    return dataclasses.fields(info.options_type)


def _convert(name: str, text: str, hint: Any) -> Any:
    """Convert one option's text to the field's annotated type."""
    origin = typing.get_origin(hint)
    if hint is bool:
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option '{name}' must be true or false, got '{text}'")
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise OptionError(f"option '{name}' must be a whole number, got '{text}'") from None
    if origin is tuple:
        try:
            return tuple(int(part) for part in text.replace(" ", "").split(",") if part)
        except ValueError:
            raise OptionError(
                f"option '{name}' must be whole numbers separated by commas, got '{text}'"
            ) from None
    if origin is typing.Literal or hint is str or isinstance(hint, types.UnionType):
        return text.strip()
    return text.strip()


def parse_options(info: GameInfo, values: Mapping[str, str]) -> Any:
    """Build validated options from ``key=value`` texts; unknown keys raise OptionError."""
    hints = typing.get_type_hints(info.options_type)
    names = [f.name for f in option_fields(info)]
    kwargs: dict[str, Any] = {}
    for key, text in values.items():
        if key not in names:
            raise OptionError(
                f"unknown option '{key}' for {info.name}: choose from {', '.join(names)}"
            )
        kwargs[key] = _convert(key, text, hints[key])
    return info.options_type(**kwargs)
