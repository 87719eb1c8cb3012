"""The simple players: ``random`` and ``greedy``.

Neither searches beyond the move it is about to play; each reports the real number it used for
every legal move (a probability, an evaluation one ply ahead, or the game's own immediate gain
such as the discs an Othello move flips). Nothing here names a game: ``greedy`` asks the game's
descriptor for its evaluation and gain.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ai.base import Decision, Limits, Player
from ai.heuristics import (
    WIN,
    Heuristic,
    build_evaluation,
    eval_param,
    evaluation_choices,
    evaluator,
)
from ai.heuristics import evaluate as default_evaluate
from ai.registry import Need, Param, PlayerInfo, register_player
from game.rules.base import GameState
from game.rules.registry import GameSetup, MoveGain


def best_moves(scores: dict[Any, float], moves: Sequence[Any]) -> list[Any]:
    """The moves with the highest score, in legal-move order (so seeded ties repeat)."""
    top = max(scores.values())
    return [m for m in moves if scores[m] == top]


#: How a ``ties`` parameter breaks equal best moves: one at random, or the first in the game's
#: move order (what the seeds' code does, scanning moves with a strict ``>``).
TIES = ("random", "first")


def ties_param(description: str) -> Param:
    """The ``ties=random|first`` parameter (random by default)."""
    return Param("ties", int, 0, 0, 1, description, choices=TIES)


def break_tie(tied: Sequence[Any], rng: random.Random, ties: float) -> Any:
    """One of the equally good moves ``tied``: the first when ``ties`` names "first" (and no
    random number is drawn), else one drawn with ``rng``."""
    if TIES[int(ties)] == "first":
        return tied[0]
    return rng.choice(tied)


def tie_info(tied: Sequence[Any], ties: float) -> dict[str, Any]:
    """What a decision tells of a tie it broke: ``{"tied": n, "tie_rule": "random"|"first"}``
    when ``n`` > 1 moves shared the best value, else nothing. A class that sees every label
    equal asks why this move: the reasoning answers from these."""
    if len(tied) < 2:
        return {}
    return {"tied": len(tied), "tie_rule": TIES[int(ties)]}


# --------------------------------------------------------------------------------------------
# random
# --------------------------------------------------------------------------------------------


class RandomPlayer(Player):
    """Plays a legal move chosen uniformly at random."""

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Pick uniformly; every move's score is its probability, 1/n."""
        moves = list(state.legal_moves())
        move = self.rng.choice(moves)
        share = 1.0 / len(moves)
        return Decision(move=move, scores=dict.fromkeys(moves, share),
                        score_kind="probability", depth=0, nodes=0, pv=(move,))


# --------------------------------------------------------------------------------------------
# greedy
# --------------------------------------------------------------------------------------------


class GreedyPlayer(Player):
    """Plays the move whose immediate result looks best.

    Where the game declares an immediate gain per move (``GameInfo.move_gain``; Othello, seed
    004: the discs a move flips), the move with the largest gain. Otherwise the game's
    evaluation one ply ahead; a winning move scores beyond any evaluation, so an immediate win
    is always taken. Ties are broken at random, or by taking the first in move order
    (``ties=first``, as seed 004's greedy code does).
    """

    def __init__(self, spec: str, seed: int | None, evaluate: Heuristic | None = None,
                 gain: MoveGain | None = None, ties: float = 0, unit: str | None = None) -> None:
        super().__init__(spec, seed)
        #: What one point of the evaluation counts (``Evaluation.unit``), told in the
        #: decision's ``info["unit"]``; None: not known (or the game's gain is scored).
        self.unit = unit
        self._evaluate: Heuristic = evaluate if evaluate is not None else default_evaluate
        self.gain = gain
        self.ties = ties

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Score every legal move one ply ahead and play a best one."""
        moves = list(state.legal_moves())
        me = state.to_move
        scores: dict[Any, float] = {}
        if self.gain is not None:
            kind = self.gain.kind
            for move in moves:
                scores[move] = float(self.gain.function(state, move))
        else:
            kind = "value"
            for move in moves:
                limits.check()
                after = state.play(move)
                value = self._evaluate(after, me)
                if after.outcome is not None and abs(value) >= WIN:
                    # A win (loss) found one ply ahead, as the searches score it (WIN - plies):
                    # a screen reads "win in 1 move", never the raw +1000000 (issue 12, 2).
                    value -= math.copysign(1.0, value)
                scores[move] = value
        tied = best_moves(scores, moves)
        move = break_tie(tied, self.rng, self.ties)
        info = tie_info(tied, self.ties)
        if self.unit is not None and self.gain is None:
            info["unit"] = self.unit
        return Decision(move=move, scores=scores, score_kind=kind, depth=1,
                        nodes=len(moves), pv=(move,), info=info)


# --------------------------------------------------------------------------------------------
# Registration
# --------------------------------------------------------------------------------------------


def _make_random(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    return RandomPlayer("random", seed)


def _greedy_choices(setup: GameSetup, given: str | None) -> tuple[str, ...]:
    """Greedy's ``eval=`` names: the game's immediate gain first where it declares one (its
    seed's greedy player; Othello: ``flips``), then its evaluations, one ply ahead."""
    gain = setup.info.move_gain
    return ((gain.kind,) if gain is not None else ()) + evaluation_choices(setup, given)


def _make_greedy(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    gain = setup.info.move_gain
    if gain is not None and params["eval"] == gain.kind:
        return GreedyPlayer("greedy", seed, None, gain, ties=params["ties"])
    evaluation = build_evaluation(setup, params["eval"])
    return GreedyPlayer("greedy", seed, evaluator(evaluation), None, ties=params["ties"],
                        unit=evaluation.unit)


NO_PARAMS: tuple[Param, ...] = ()

register_player(PlayerInfo(
    name="random",
    title="Random",
    description="Plays any legal move at random.",
    params=NO_PARAMS,
    factory=_make_random,
))

register_player(PlayerInfo(
    name="greedy",
    title="Greedy",
    description="Best-looking move one ply ahead; takes any win.",
    params=(ties_param("equal best moves: a random one, or the first in move order (as the "
                       "seeds' code)"), eval_param(_greedy_choices)),
    needs=frozenset({Need.EVALUATION}),
    factory=_make_greedy,
))
