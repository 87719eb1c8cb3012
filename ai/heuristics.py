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

Nothing here names a game or imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.bounds import SEARCH_WIN
from game.rules.base import GameState
from game.rules.registry import EVALUATION_BOUND, Evaluation, GameInfo, game_of

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
