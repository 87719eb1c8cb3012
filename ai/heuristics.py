"""Evaluations as the searches use them: a game's declared evaluation, plus finished games.

The evaluations themselves are rules knowledge and live with each game (``evaluations`` on its
:class:`~game.rules.registry.GameInfo`, e.g. Othello's seed-004 weight table in
``game/rules/othello.py``): a new game declares its own without touching the AIs. This module
adds what the searches need on top: :func:`evaluate` scores a finished game :data:`WIN` (won),
``-WIN`` (lost) or 0 (drawn), far beyond any evaluation (each stays below
:data:`HEURISTIC_BOUND` in size), so a search never prefers a good-looking position to a win.
Searches subtract the number of plies from :data:`WIN` so that a quicker win scores higher than
a slower one. Every evaluation is zero-sum (``h(s, p) == -h(s, 1 - p)``), so a search may
evaluate from one fixed player's point of view.

A player's ``eval=NAME`` parameter picks the evaluation (:func:`evaluation_choices` lists a
game's names, :func:`build_evaluation` makes one): the game's declared evaluations first (the
first is the default), then those of *evaluation sources*, registered by other modules for
evaluations that are data rather than code: ``custom:NAME``, a weight table drawn in the app's
editor (``ai.weight_tables``), and ``ntuple`` or ``ntuple:load=FILE``, a trained n-tuple
network (``ai.ntuple``).

Nothing here names a game or imports pygame.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.bounds import SEARCH_WIN
from ai.registry import ChoicesOf, Param, ParamValueError
from game.rules.base import GameState
from game.rules.registry import EVALUATION_BOUND, Evaluation, GameInfo, GameSetup, game_of

#: The score of a won game; a search scores a win found ``n`` plies ahead as ``WIN - n``.
WIN = SEARCH_WIN

#: Every evaluation value is strictly inside ``(-HEURISTIC_BOUND, HEURISTIC_BOUND)``; scores
#: beyond it are wins or losses.
HEURISTIC_BOUND = EVALUATION_BOUND

#: ``(state, player) -> value`` from ``player``'s side, finished games included.
Heuristic = Callable[[Any, int], float]


def evaluation_for(game: GameInfo, name: str | None = None) -> Evaluation:
    """The game's evaluation called ``name`` (its default when None); raise ValueError (an
    OptionError) naming the choices when the game has none or no such one."""
    return game.evaluation_named(name)


def terminal_score(state: GameState[Any], player: int) -> float | None:
    """WIN, -WIN or 0 if the game is over (from ``player``'s side), else None."""
    outcome = state.outcome
    if outcome is None:
        return None
    return WIN * outcome.score_for(player)


def evaluate(state: GameState[Any], player: int) -> float:
    """How good ``state`` is for ``player`` (0 or 1) by its game's default evaluation.

    Finished games score ``WIN``, ``-WIN`` or 0; unfinished ones get the evaluation, always
    strictly between ``-HEURISTIC_BOUND`` and ``HEURISTIC_BOUND``. A game without an
    evaluation raises ValueError (the registry offers no evaluating player for it).
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    done = terminal_score(state, player)
    if done is not None:
        return done
    return game_of(state).evaluation_named()(state, player)


def evaluator(evaluation: Evaluation) -> Heuristic:
    """``evaluation`` with finished games scored ``±WIN`` or 0, as the searches call it."""
    function = evaluation.function

    def value(state: GameState[Any], player: int) -> float:
        done = terminal_score(state, player)
        return done if done is not None else function(state, player)

    return value


# --------------------------------------------------------------------------------------------
# Choosing an evaluation by name (a player's eval=NAME)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EvaluationSource:
    """Evaluations that are data rather than a game's code, named ``KIND`` or ``KIND:DETAIL``.

    ``offered(setup)`` lists the names menus show for a game and options (saved tables, a
    shipped network; possibly none); ``accepts(setup, name)`` says whether a name of this kind
    that a spec gives has the right form for that game (a file is only read when the player is
    built); ``build(setup, name)`` makes the evaluation, raising ValueError or OSError saying
    why it cannot (a missing or foreign file).
    """

    kind: str
    offered: Callable[[GameSetup], tuple[str, ...]]
    accepts: Callable[[GameSetup, str], bool]
    build: Callable[[GameSetup, str], Evaluation]


#: Modules that register evaluation sources when imported (lazily, on the first question).
SOURCE_MODULES: tuple[str, ...] = ("ai.weight_tables", "ai.ntuple")

_SOURCES: dict[str, EvaluationSource] = {}


def register_evaluation_source(source: EvaluationSource) -> None:
    """Add (or replace) the evaluation source of ``source.kind``."""
    _SOURCES[source.kind] = source


def _sources() -> tuple[EvaluationSource, ...]:
    for module in SOURCE_MODULES:
        importlib.import_module(module)
    return tuple(_SOURCES.values())


def _kind(name: str) -> str:
    return name.partition(":")[0]


def evaluation_choices(setup: GameSetup, given: str | None = None) -> tuple[str, ...]:
    """The names ``eval=`` accepts for this game and options: its declared evaluations (the
    default first), then every source's offers; ``given``, when a source accepts it, last."""
    names = [e.name for e in setup.info.evaluations]
    for source in _sources():
        names.extend(n for n in source.offered(setup) if n not in names)
    if given and given not in names:
        extra = _SOURCES.get(_kind(given))
        if extra is not None and extra.accepts(setup, given):
            names.append(given)
    return tuple(names)


def build_evaluation(setup: GameSetup, name: str) -> Evaluation:
    """The evaluation called ``name`` for this game and options (a declared one or a
    source's); raise ParamValueError saying why not, listing the game's evaluations."""
    for evaluation in setup.info.evaluations:
        if evaluation.name == name:
            return evaluation
    _sources()
    source = _SOURCES.get(_kind(name))
    if source is None or not source.accepts(setup, name):
        raise ParamValueError(f"unknown evaluation '{name}' for {setup.describe()}: choose "
                              f"from {', '.join(evaluation_choices(setup))}")
    try:
        return source.build(setup, name)
    except (ValueError, OSError) as exc:
        raise ParamValueError(f"evaluation '{name}' cannot be used: {exc}") from None


def eval_param(choices_of: ChoicesOf = evaluation_choices) -> Param:
    """The ``eval=NAME`` parameter of a player that evaluates positions: a choice among
    ``choices_of(setup, given)`` (by default the game's evaluations, the first its default)."""
    return Param("eval", int, 0, 0, 0, "how unfinished positions are judged: one of the "
                 "game's evaluations (the first is its default), custom:NAME (a weight table "
                 "drawn in the app), ntuple or ntuple:load=FILE (a trained network)",
                 choices=("default",), choices_of=choices_of)
