"""The roster of players: which AIs exist, which games they play, their parameters.

Each player module (``ai.simple``, ``ai.mcts``, ...) calls :func:`register_player` when it is
imported; the modules named in :data:`PLAYER_MODULES` are imported lazily, on the first question
asked of the registry, so importing this module stays cheap and free of cycles.

A player is named by a *spec*, ``name`` or ``name:key=value,key=value`` (``"minimax:depth=3"``).
:func:`make_player` checks every part of it and builds the player; the player's ``spec`` is then
the *canonical* text with every parameter filled in, in declared order, so that save files and
the arena always record exactly what was played.

Every learner also takes ``load=FILE`` (``"qlearning:epsilon=0,load=nim.json"``): it starts from
the table saved in that file (by ``main.py train`` or the lab) instead of an empty one. The file
is not a parameter (the menus have no slider for it): :func:`resolve_spec` checks that the player
learns and leaves it out of the values; :func:`make_player` reads it and keeps it, last, in the
player's spec.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.base import Player, SavableLearner
from game.rules.registry import GameInfo, GameSetup

#: Modules that register players when imported, in roster order. Adding a player module is one
#: line here.
PLAYER_MODULES: tuple[str, ...] = (
    "ai.simple",
    "ai.bestfirst",
    "ai.search",
    "ai.mcts",
    "ai.learners",
    "ai.perfect",
    "ai.othello_engine",
    "ai.ntuple",
)


class PlayerSpecError(ValueError):
    """A player spec cannot be used; the message names the culprit and the allowed values."""


class UnknownPlayerError(PlayerSpecError):
    """No player has this name."""


class NotApplicableError(PlayerSpecError):
    """The player exists but does not play this game or variant."""


class UnknownParamError(PlayerSpecError):
    """The player has no parameter of this name."""


class ParamValueError(PlayerSpecError):
    """A parameter's value is malformed or out of its range."""


class LearnerLoadError(PlayerSpecError):
    """The file of a spec's ``load=FILE`` cannot be used by that learner."""


#: The spec key naming the file a learner starts from.
LOAD_KEY = "load"


Number = int | float

#: ``(setup, given) -> names``: the values a game-dependent choice offers for one game and its
#: options (the first is the default). ``given`` is the text a spec gives, or None: a value
#: outside the usual list (a file, say) that the game accepts is returned too, last.
ChoicesOf = Callable[["GameSetup", str | None], tuple[str, ...]]


@dataclass(frozen=True)
class Param:
    """One tunable parameter of a player: its type (int or float), default and closed range.

    A *choice* among named values (``ties=first|random``) is an int parameter with ``choices``:
    its value is the index of the name (so the menus step through it like a number), and its
    text is the name, which :meth:`parse` reads back (the index is accepted too, where the
    names do not depend on the game).

    A choice whose names depend on the game (``eval=weights|discs|...``) gives ``choices_of``;
    its ``choices`` are then a placeholder until :meth:`for_game` fills in one game's names
    (:func:`resolve_spec` does, so every menu and spec sees the game's own list). Such a
    choice reaches the player's factory as its name, not its index.
    """

    name: str
    kind: type
    default: Number
    low: Number
    high: Number
    description: str
    choices: tuple[str, ...] = ()
    choices_of: ChoicesOf | None = field(default=None, compare=False)
    #: What 0 means when it is not a number to use, as one word the menus translate
    #: (``param.zero.<word>``): "off" (no time limit), "auto", "level" (the level's own
    #: budget), "iterations" (the iteration count decides). Empty: the parameter's own
    #: ``param.<name>.zero`` text if any.
    zero: str = ""
    #: Whether a seat's title names this parameter even at its default: the engine's level
    #: is what a class needs to know ("Engine · Level 3", not "Engine (levels)").
    in_title: bool = False

    def __post_init__(self) -> None:
        if self.kind not in (int, float):
            raise TypeError(f"parameter '{self.name}': kind must be int or float")
        if self.choices and (self.kind is not int or self.low != 0
                             or self.high != len(self.choices) - 1):
            raise ValueError(f"parameter '{self.name}': a choice is an int from 0 to "
                             f"{len(self.choices) - 1}")
        if not self.low <= self.default <= self.high:
            raise ValueError(f"parameter '{self.name}': default {self.default} is outside "
                             f"{self.low}..{self.high}")

    def for_game(self, setup: GameSetup, given: str | None = None) -> Param:
        """This parameter with ``setup``'s choices when they depend on the game (itself
        otherwise); ``given`` is a spec's text for it, which the game may accept beyond its
        usual names."""
        if self.choices_of is None:
            return self
        choices = self.choices_of(setup, given)
        # A game offering fewer names than the default's index (no network ships for
        # Othello 6x6: "Shipped" was offered, and played from nothing) defaults to its last.
        return dataclasses.replace(self, high=len(choices) - 1, choices=choices,
                                   default=min(self.default, len(choices) - 1))

    @property
    def range_text(self) -> str:
        """The allowed values in words, e.g. ``1 to 10`` or ``first or random``."""
        if len(self.choices) == 1:
            return self.choices[0]
        if self.choices:
            return " or ".join((", ".join(self.choices[:-1]), self.choices[-1]))
        return f"{self.format(self.low)} to {self.format(self.high)}"

    def format(self, value: Number) -> str:
        """The text form of a value of this parameter (round-trips through :meth:`parse`)."""
        if self.choices and 0 <= int(value) < len(self.choices):
            return self.choices[int(value)]
        if self.kind is int:
            return str(int(value))
        text = repr(float(value))
        # "2.0" reads better as "2" in a spec, and float("2") gives the same value back.
        return text[:-2] if text.endswith(".0") else text

    def parse(self, text: str, player: str) -> Number:
        """Read and range-check a value; raise ParamValueError naming ``player`` and the range.

        A choice is read by its name; a choice whose names depend on the game by its name
        only: its index named another value on another variant ("trained=1", the shipped
        network on Othello 8x8, was the lab's network on 6x6, review 4). A fixed choice's
        index, the same on every variant, is still read (older specs)."""
        raw = text.strip()
        value: Number
        if self.choices and raw in self.choices:  # exactly: a file name keeps its case
            return self.choices.index(raw)
        if self.choices and raw.lower() in self.choices:
            return self.choices.index(raw.lower())
        if self.choices_of is not None:
            raise ParamValueError(f"parameter '{self.name}' of {player} must be "
                                  f"{self.range_text} with these game options, got '{text}'")
        try:
            value = int(raw) if self.kind is int else float(raw)
        except ValueError:
            what = "a whole number" if self.kind is int else "a number"
            if self.choices:
                raise ParamValueError(f"parameter '{self.name}' of {player} must be "
                                      f"{self.range_text}, got '{text}'") from None
            raise ParamValueError(f"parameter '{self.name}' of {player} must be {what} from "
                                  f"{self.range_text}, got '{text}'") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise ParamValueError(f"parameter '{self.name}' of {player} must be a number from "
                                  f"{self.range_text}, got '{text}'")
        return self.check(value, player)

    def check(self, value: Number, player: str) -> Number:
        """Range-check an already typed value; raise ParamValueError if outside."""
        if not self.low <= value <= self.high:
            allowed = self.range_text if self.choices else f"from {self.range_text}"
            raise ParamValueError(f"parameter '{self.name}' of {player} must be {allowed}, "
                                  f"got {self.format(value)}")
        return value


PlayerFactory = Callable[[GameSetup, dict[str, Any], int | None], Player]


class Need(enum.Enum):
    """Something a generic player needs from a game's descriptor to play it."""

    #: An evaluation of unfinished positions (``GameInfo.evaluations``): minimax, alphabeta,
    #: greedy, the generic engine.
    EVALUATION = "evaluation"
    #: An exact solver for these options (``GameInfo.solver``): perfect.
    SOLVER = "solver"

    def met_by(self, setup: GameSetup) -> bool:
        """Whether the game and options of ``setup`` provide this."""
        if self is Need.EVALUATION:
            return bool(setup.info.evaluations)
        return setup.solver is not None


def every_game(setup: GameSetup) -> bool:
    """``applies`` of a player that plays every game and variant giving what it needs."""
    return True


@dataclass(frozen=True)
class PlayerInfo:
    """What the app, the arena and the command line know about one kind of player.

    ``title`` and ``description`` are English, for the command line and logs; the app shows
    the translations ``player.<name>.title`` and ``player.<name>.description`` of
    ``assets/i18n/players.<lang>.json``. ``needs`` says what a generic player needs from a
    game (an evaluation, a solver); ``applies(setup)`` is any further condition (a player
    written for one game checks its name here). :meth:`plays` combines both.
    ``factory(setup, params, seed)`` builds it with fully typed, range-checked ``params``
    (every declared parameter present). ``learner`` marks players that learn.
    """

    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    factory: PlayerFactory
    needs: frozenset[Need] = frozenset()
    applies: Callable[[GameSetup], bool] = every_game
    learner: bool = False

    def plays(self, setup: GameSetup) -> bool:
        """Whether this player can play the game and options of ``setup``."""
        return all(need.met_by(setup) for need in self.needs) and self.applies(setup)

    def param(self, name: str) -> Param:
        """The parameter called ``name``; raise UnknownParamError listing the others."""
        for p in self.params:
            if p.name == name:
                return p
        if not self.params:
            raise UnknownParamError(f"player '{self.name}' takes no parameters, got '{name}'")
        raise UnknownParamError(f"unknown parameter '{name}' for {self.name}: choose from "
                                f"{', '.join(p.name for p in self.params)}")

    def defaults(self, game: GameRef | None = None) -> dict[str, Number]:
        """Every parameter at its default value; with ``game``, the values that game's own
        seed uses where it declares some (``GameInfo.player_defaults``)."""
        values = {p.name: p.default for p in self.params}
        if game is not None:
            for player, name, value in GameSetup.of(game).info.player_defaults:
                if player == self.name and name in values:
                    values[name] = value
        return values

    def for_game(self, setup: GameSetup, given: Mapping[str, str] | None = None) -> PlayerInfo:
        """This player with the choices of its game-dependent parameters filled in for
        ``setup`` (see :meth:`Param.for_game`); ``given`` holds a spec's raw texts."""
        if all(p.choices_of is None for p in self.params):
            return self
        texts = given or {}
        return dataclasses.replace(self, params=tuple(
            p.for_game(setup, texts.get(p.name)) for p in self.params))

    def arguments(self, values: Mapping[str, Number]) -> dict[str, Any]:
        """``values`` as the factory receives them: a game-dependent choice as its name."""
        arguments: dict[str, Any] = dict(values)
        for p in self.params:
            if p.choices_of is not None and p.name in arguments:
                arguments[p.name] = p.choices[int(arguments[p.name])]
        return arguments

    def canonical_spec(self, values: dict[str, Number]) -> str:
        """``name:k=v,...`` with every parameter, in declared order (just ``name`` if none)."""
        if not self.params:
            return self.name
        parts = [f"{p.name}={p.format(values.get(p.name, p.default))}" for p in self.params]
        return f"{self.name}:{','.join(parts)}"


_registry: dict[str, PlayerInfo] = {}
_loaded = False
_lock = threading.RLock()


def register_player(info: PlayerInfo) -> None:
    """Add a player to the roster; a second, different player with the same name is an error."""
    if not info.name or info.name != info.name.strip().lower() or any(
            c in info.name for c in ":,="):
        raise ValueError(f"player name {info.name!r} must be lower case without ':', ',' or '='")
    with _lock:
        existing = _registry.get(info.name)
        # A module imported twice (e.g. reloaded) re-registers an equal entry: allowed.
        if existing is not None and (existing.params, existing.learner) != (
                info.params, info.learner):
            raise ValueError(f"a player named '{info.name}' is already registered")
        _registry[info.name] = info


def _ensure_loaded() -> None:
    """Import every module of PLAYER_MODULES once, so that each registers its players."""
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        for module in PLAYER_MODULES:
            importlib.import_module(module)
        _loaded = True


#: The order players are listed in (menus, ``players``), from the simplest to the strongest and
#: then the learners; players not named here follow, alphabetically.
ROSTER_ORDER: tuple[str, ...] = (
    "random", "greedy", "bestfirst", "minimax", "alphabeta", "mcts", "elimination",
    "reinforcement", "qlearning", "ntuple", "perfect", "engine", "engine-level",
)


def _roster_rank(info: PlayerInfo) -> tuple[int, str]:
    """Sort key: the player's place in ROSTER_ORDER, then its name."""
    try:
        return ROSTER_ORDER.index(info.name), info.name
    except ValueError:
        return len(ROSTER_ORDER), info.name


def all_players() -> list[PlayerInfo]:
    """Every registered player in the fixed roster order.

    The order must not depend on which module happened to be imported first (the lab imports
    the learners directly, for one), or menus would shuffle between runs.
    """
    _ensure_loaded()
    with _lock:
        return sorted(_registry.values(), key=_roster_rank)


def get_player_info(name: str) -> PlayerInfo:
    """The PlayerInfo named ``name``; raise UnknownPlayerError listing the players."""
    _ensure_loaded()
    key = name.strip().lower()
    with _lock:
        info = _registry.get(key)
        if info is None:
            raise UnknownPlayerError(f"unknown player '{name}': choose one of "
                                     f"{', '.join(_registry)}")
        return info


#: A game as callers name it: a setup, a descriptor or a name (options then apart, or None
#: for the game's defaults).
GameRef = GameSetup | GameInfo | str


def players_for(game: GameRef, options: Any = None) -> list[PlayerInfo]:
    """The players that play ``game`` with ``options`` (the game's defaults when None)."""
    setup = GameSetup.of(game, options)
    return [info.for_game(setup) for info in all_players() if info.plays(setup)]


def _one_line(text: str) -> str:
    """``text`` with line breaks shown as escapes, so an error message stays on one line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:key=value,key=value"`` into the name and the raw parameter texts.

    Only the syntax is checked here (empty name, a pair without '=', a repeated key);
    :func:`make_player` checks the names and values against the player.
    """
    text = spec.strip()
    shown = _one_line(spec)
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise PlayerSpecError(f"player spec '{shown}' contains a line break or control "
                              "character: expected 'name:key=value,key=value' on one line")
    name, sep, rest = text.partition(":")
    name = name.strip().lower()
    if not name:
        raise PlayerSpecError(f"player spec '{shown}' has no player name: expected "
                              "'name' or 'name:key=value,key=value'")
    values: dict[str, str] = {}
    if sep and not rest.strip():
        raise PlayerSpecError(f"player spec '{shown}' has ':' but no parameters: expected "
                              "'name:key=value,key=value'")
    if rest.strip():
        for pair in rest.split(","):
            key, eq, value = pair.partition("=")
            key = key.strip().lower()
            if not eq or not key or not value.strip():
                raise PlayerSpecError(f"'{pair.strip()}' in player spec '{shown}' is not "
                                      "key=value")
            if key in values:
                raise PlayerSpecError(f"parameter '{key}' is given twice in player spec "
                                      f"'{shown}'")
            values[key] = value.strip()
    return name, values


def resolve_spec(spec: str, game: GameRef, options: Any = None
                 ) -> tuple[PlayerInfo, dict[str, Number]]:
    """Check ``spec`` against the roster for this game and variant.

    Returns the player's info and its parameters (defaults filled in, typed and range-checked).
    Raises a PlayerSpecError subclass whose one-line message names the culprit and the
    allowed values.
    """
    name, raw = parse_spec(spec)
    setup = GameSetup.of(game, options)
    try:
        info = get_player_info(name)
    except UnknownPlayerError:
        # Only the players of this game are worth suggesting.
        allowed = ", ".join(p.name for p in players_for(setup))
        raise UnknownPlayerError(f"unknown player '{name}' for {setup.name}: choose one of "
                                 f"{allowed}") from None
    if raw.pop(LOAD_KEY, None) is not None and not info.learner:
        raise UnknownParamError(f"player '{info.name}' does not learn, so it has no table to "
                                f"load: only learners take {LOAD_KEY}=FILE")
    if not info.plays(setup):
        allowed = ", ".join(p.name for p in players_for(setup))
        raise NotApplicableError(f"player '{info.name}' does not play {setup.name} with these "
                                 f"options: choose one of {allowed}")
    info = info.for_game(setup, raw)
    values = info.defaults(setup)
    for key, text in raw.items():
        param = info.param(key)
        values[key] = param.parse(text, info.name)
    return info, values


def spec_file(spec: str) -> str | None:
    """The file named by ``spec``'s ``load=FILE``, or None (only the syntax is checked)."""
    return parse_spec(spec)[1].get(LOAD_KEY)


def with_file(canonical: str, file: str | None) -> str:
    """``canonical`` (a spec without a file) with ``load=file`` added last (unchanged if None)."""
    if file is None:
        return canonical
    return f"{canonical}{',' if ':' in canonical else ':'}{LOAD_KEY}={file}"


def canonical_spec(spec: str, game: GameRef, options: Any = None) -> str:
    """The canonical text of ``spec`` (validated; every parameter filled in; a ``load=FILE``
    kept last)."""
    info, values = resolve_spec(spec, game, options)
    return with_file(info.canonical_spec(values), spec_file(spec))


def load_learner_file(player: Player, file: str) -> None:
    """Fill ``player`` (a learner) from ``file``; raise LearnerLoadError saying why not."""
    if not isinstance(player, SavableLearner):
        raise LearnerLoadError(f"player '{player.spec}' cannot read a learner file")
    try:
        player.load_file(Path(file))
    except (ValueError, OSError) as exc:
        raise LearnerLoadError(f"{LOAD_KEY}={file}: {exc}") from None


def make_player(spec: str, game: GameRef, options: Any = None,
                seed: int | None = None) -> Player:
    """Build the player named by ``spec`` for ``game`` with ``options`` (defaults if None).

    Every part is validated first (see :func:`resolve_spec`); the returned player's ``spec`` is
    the canonical text, and ``seed`` seeds its random generator so that its choices repeat. A
    learner given ``load=FILE`` starts from that file (LearnerLoadError when it cannot).
    """
    info, values = resolve_spec(spec, game, options)
    player = info.factory(GameSetup.of(game, options), info.arguments(values), seed)
    file = spec_file(spec)
    player.spec = with_file(info.canonical_spec(values), file)
    if file is not None:
        load_learner_file(player, file)
    return player


def defaults_follow(info: PlayerInfo, values: dict[str, Number], game: GameRef, was: Any,
                    options: Any) -> dict[str, Number]:
    """``values`` (of ``info`` under ``options``) with each parameter that stood at the
    default of the options ``was`` given the new options' default: 6x6's "trained=0" (no
    network ships there) stayed when the class went back to 8x8, and the seat played an
    untrained network instead of the shipped one, without a word (review of c106cbe). The
    menu's seats and the tournament's line-up carry their players to new options so."""
    try:
        old_info, old = resolve_spec(info.name, game, was)
        _new_info, new = resolve_spec(info.name, game, options)
    except PlayerSpecError:
        return values
    kept = dict(values)
    for param in info.params:
        before = old_info.param(param.name).format(old[param.name])
        if (param.format(values[param.name]) == before
                and param.format(new[param.name]) != before):
            kept[param.name] = new[param.name]
    return kept
