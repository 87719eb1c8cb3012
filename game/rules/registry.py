"""The game descriptors: everything generic code needs to know about a game, and the list of games.

Each game module defines ``GAME = GameInfo(...)``: its name and options, and what generic AIs
and screens need to know about it (its evaluations, its default search depth, whether values
may be memoised by key, which exact solver applies to which options, the presets of the lab and
the tournament). This registry imports the modules by name, so adding a game is one module and
one line in ``GAME_MODULES``. Generic code asks the descriptor and never names a game.

A game and its options travel together as one frozen :class:`GameSetup`.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.base import GameState, OptionError

GAME_MODULES: tuple[str, ...] = ("hexapawn", "nim", "morpion", "othello", "connect4")

#: Every evaluation's value stays strictly inside ``(-EVALUATION_BOUND, EVALUATION_BOUND)``, so
#: a search can put wins and losses far beyond it.
EVALUATION_BOUND = 100_000.0

#: The exact solver every game without cycles can use: a memoised search to the end of the game.
#: It is right wherever ``state.key`` fixes the future and the game is small enough to finish.
ACYCLIC = "acyclic"

#: ``(state, player) -> value``: how good an unfinished position looks to ``player`` (0 or 1).
EvaluationFunction = Callable[[Any, int], float]


@dataclass(frozen=True)
class Evaluation:
    """One way of judging an unfinished position without searching.

    ``function(state, player)`` is zero-sum (``f(s, p) == -f(s, 1 - p)``) and stays strictly
    inside ``±EVALUATION_BOUND``; it is only called on unfinished states. ``name`` is what a
    player's ``eval=NAME`` parameter selects; its words for people are the translation keys
    ``eval.<game>.<name>.title`` and ``.description``. ``neutral`` marks an evaluation that is
    0 everywhere: a depth-limited search learns nothing from it, so the engine goes straight
    to the end. ``unit`` says what one point of it counts, as a code shared by evaluations
    that count the same thing ("discs", "open_lines", "table_points"; "points" when it says
    nothing more): the screens say the unit and its one-line meaning in words (translation
    keys ``unit.<code>``, ``unit.<code>.name``, ``unit.<code>.meaning``), so a class reads
    "−6 open lines" rather than a bare "score −6".
    """

    name: str
    function: EvaluationFunction
    neutral: bool = False
    unit: str = "points"

    def __call__(self, state: Any, player: int) -> float:
        return self.function(state, player)


@dataclass(frozen=True)
class MoveGain:
    """An immediate score of each move that a game's seed gives its greedy player (Othello:
    the discs a move flips). ``kind`` is the Decision's ``score_kind`` for these numbers."""

    kind: str
    function: Callable[[Any, Any], float]  # (state, move) -> score; higher is better


def search_depth_4(state: Any) -> int | None:
    """The default search depth of a game that declares none: 4 plies."""
    return 4


def no_solver(options: Any) -> str | None:
    """The exact solver of a game that declares none: none."""
    return None


@dataclass(frozen=True, eq=False)
class GameInfo:
    """The descriptor of one game: what the app, the AIs and the arena need to know about it.

    Identity: ``name`` (lower case, used in specs, files and translation keys ``game.<name>.*``),
    ``title`` (English), ``options_type`` (the game's frozen options dataclass; calling it with
    keyword values validates them, and ``options.initial_state()`` starts a game),
    ``side_names`` (English names of player 0 and player 1), ``describe_options`` (English
    words for an options value) and ``outcome_reasons`` (every ``Outcome.reason`` the game
    gives; the UI translates ``outcome.<reason>``).

    For the AIs: ``evaluations`` (the first is the default; a game without any is not offered
    the players that need one), ``search_depth(state)`` (plies a fixed-depth search looks at
    by default; None = to the end), ``memo_safe`` (``(to_move, key)`` fixes the future, so
    values may be stored by key: no repetition rule hides in a history), ``solver(options)``
    (the name of the exact solver for these options, :data:`ACYCLIC` or a game's own, or None
    where the game is not solved) and ``move_gain`` (an immediate per-move score some seed
    gives its greedy player, used instead of the evaluation one ply ahead).

    ``draws``: whether a game can end in a draw (Hexapawn and Nim cannot): the screens must
    not offer "a draw with best play" as a reading of a game that has none.

    For the arena: ``max_moves``, the moves after which ``arena`` cuts a game by default
    (counted as a draw and reported as cut): a game whose games always end sooner keeps the
    large default; one where random play can wander for thousands of moves declares less.

    ``player_defaults`` holds ``(player, parameter, value)`` triples where the game's own seed
    plays a player otherwise than the player's default (Nim: seed 002's elimination table).

    For the screens: ``lab_presets`` and ``tournament_presets`` (options values offered, the
    first is the default) and ``tournament_players`` (the starting line-up, the seeds'
    comparison).

    Compared and hashed by identity: each game module makes exactly one.
    """

    name: str
    title: str
    options_type: type[Any]
    side_names: tuple[str, str]
    describe_options: Callable[[Any], str] = repr
    outcome_reasons: tuple[str, ...] = ()
    evaluations: tuple[Evaluation, ...] = ()
    search_depth: Callable[[Any], int | None] = search_depth_4
    memo_safe: bool = False
    solver: Callable[[Any], str | None] = no_solver
    move_gain: MoveGain | None = None
    lab_presets: tuple[Any, ...] = ()
    tournament_presets: tuple[Any, ...] = ()
    tournament_players: tuple[str, ...] = ("random", "random")
    max_moves: int = 5000
    draws: bool = True
    #: ``(player, parameter, value)``: where the game's own seed plays a player with another
    #: value than the player's default (Nim's seed 002 eliminates moves box by box).
    player_defaults: tuple[tuple[str, str, float], ...] = ()

    def __post_init__(self) -> None:
        names = [e.name for e in self.evaluations]
        if len(set(names)) != len(names):
            raise ValueError(f"game '{self.name}' declares an evaluation name twice: {names}")
        for preset in (*self.lab_presets, *self.tournament_presets):
            if not isinstance(preset, self.options_type):
                raise TypeError(f"game '{self.name}': preset {preset!r} is not a "
                                f"{self.options_type.__name__}")

    def options(self, **values: Any) -> Any:
        """Validated options with the given values over the defaults."""
        return self.options_type(**values)

    def initial_state(self, options: Any = None) -> GameState[Any]:
        """The starting position for ``options`` (defaults when None)."""
        opts = self.options_type() if options is None else options
        state: GameState[Any] = opts.initial_state()
        return state

    def setup(self, options: Any = None) -> GameSetup:
        """This game with ``options`` (its defaults when None) as one value."""
        return GameSetup(self, self.options_type() if options is None else options)

    @property
    def evaluation(self) -> Evaluation | None:
        """The default evaluation (the first declared), or None if the game has none."""
        return self.evaluations[0] if self.evaluations else None

    def evaluation_named(self, name: str | None = None) -> Evaluation:
        """The evaluation called ``name`` (the default when None or empty); raise OptionError
        naming the choices if there is no such evaluation."""
        if not self.evaluations:
            raise OptionError(f"{self.name} has no evaluation")
        if not name:
            return self.evaluations[0]
        for evaluation in self.evaluations:
            if evaluation.name == name:
                return evaluation
        raise OptionError(f"unknown evaluation '{name}' for {self.name}: choose from "
                          f"{', '.join(e.name for e in self.evaluations)}")

    @property
    def presets(self) -> tuple[Any, ...]:
        """Every preset (lab's first, then the tournament's), each once."""
        return tuple(dict.fromkeys((*self.lab_presets, *self.tournament_presets)))


@dataclass(frozen=True)
class GameSetup:
    """A game and its options, as one frozen, hashable value: what a match, a player and a
    screen are about. ``GameSetup.of("nim", NimOptions(matches=12))`` or ``info.setup(...)``."""

    info: GameInfo
    options: Any = field(default=None)

    def __post_init__(self) -> None:
        if self.options is None:
            object.__setattr__(self, "options", self.info.options_type())
        elif not isinstance(self.options, self.info.options_type):
            raise OptionError(f"options {self.options!r} are not {self.info.name} options")

    @classmethod
    def of(cls, game: str | GameInfo | GameSetup, options: Any = None) -> GameSetup:
        """A setup from a game name or descriptor and options (defaults when None); a setup
        given as ``game`` is returned as it is (``options`` must then be None or the same)."""
        if isinstance(game, GameSetup):
            if options is not None and options != game.options:
                raise ValueError("options given twice: in the setup and apart")
            return game
        info = get_game(game) if isinstance(game, str) else game
        return cls(info, options)

    @property
    def name(self) -> str:
        """The game's name."""
        return self.info.name

    def initial_state(self) -> GameState[Any]:
        """The starting position."""
        return self.info.initial_state(self.options)

    @property
    def solver(self) -> str | None:
        """The exact solver that applies to these options, or None."""
        return self.info.solver(self.options)

    def describe(self) -> str:
        """English words for the game and its options, e.g. ``Nim (one heap of 20, ...)``."""
        return f"{self.info.title} ({self.info.describe_options(self.options)})"


_cache: dict[str, GameInfo] = {}
_by_module: dict[str, GameInfo] = {}


def game_names() -> tuple[str, ...]:
    """The canonical names of every game, in menu order."""
    return GAME_MODULES


def all_games() -> tuple[GameInfo, ...]:
    """Every game's descriptor, in menu order."""
    return tuple(get_game(name) for name in GAME_MODULES)


def get_game(name: str) -> GameInfo:
    """The GameInfo for ``name``; raise OptionError listing the games if unknown."""
    key = name.strip().lower()
    if key not in GAME_MODULES:
        raise OptionError(f"unknown game '{name}': choose one of {', '.join(GAME_MODULES)}")
    if key not in _cache:
        module = importlib.import_module(f"game.rules.{key}")
        _cache[key] = module.GAME
    return _cache[key]


def game_of(state: GameState[Any]) -> GameInfo:
    """The descriptor of the game ``state`` belongs to (the ``GAME`` of its rules module)."""
    module_name = type(state).__module__
    info = _by_module.get(module_name)
    if info is None:
        game = getattr(importlib.import_module(module_name), "GAME", None)
        if not isinstance(game, GameInfo):
            raise TypeError(f"{type(state).__name__} is not the state of a registered game "
                            f"(its module {module_name} has no GAME)")
        info = _by_module[module_name] = game
    return info


def option_fields(info: GameInfo) -> tuple[dataclasses.Field[Any], ...]:
    """The options dataclass's fields (name, default, type)."""
    return dataclasses.fields(info.options_type)


def option_hints(options_type: type) -> Mapping[str, Any]:
    """The resolved type of each field of an options dataclass (read-only), worked out once:
    ``typing.get_type_hints`` evaluates every annotation again, which was a seventh of the
    time a test took to open the menu and start a game."""
    hints = _option_hints.get(options_type)
    if hints is None:
        hints = types.MappingProxyType(typing.get_type_hints(options_type))
        _option_hints[options_type] = hints
    return hints


_option_hints: dict[type, Mapping[str, Any]] = {}


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
    hints = option_hints(info.options_type)
    names = [f.name for f in option_fields(info)]
    kwargs: dict[str, Any] = {}
    for key, text in values.items():
        if key not in names:
            raise OptionError(
                f"unknown option '{key}' for {info.name}: choose from {', '.join(names)}"
            )
        kwargs[key] = _convert(key, text, hints[key])
    return info.options_type(**kwargs)
