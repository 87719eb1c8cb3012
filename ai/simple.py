"""The simple players: ``random``, ``greedy`` and Morpion's ``bestfirst``.

None of them searches beyond the move it is about to play; each reports the real number it
used for every legal move (a probability, a heuristic value, discs flipped or seed 003's cost).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ai.base import Decision, Limits, Player
from ai.common import every_game
from ai.registry import Param, PlayerInfo, register_player
from game.rules.base import GameState
from game.rules.registry import GameInfo

Evaluate = Callable[[GameState[Any], int], float]


def _best_moves(scores: dict[Any, float], moves: Sequence[Any]) -> list[Any]:
    """The moves with the highest score, in legal-move order (so seeded ties repeat)."""
    top = max(scores.values())
    return [m for m in moves if scores[m] == top]


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


def othello_flips(state: GameState[Any], move: Any) -> int:
    """How many discs ``move`` turns over (0 for a pass), from the Othello state's own mask."""
    mask: int = state.flips_mask(move)  # type: ignore[attr-defined]
    return mask.bit_count()


class GreedyPlayer(Player):
    """Plays the move whose immediate result looks best.

    Othello (seed 004): the move that flips the most discs. Other games: the game's heuristic
    (``ai.heuristics.evaluate``) one ply ahead; a winning move scores beyond any heuristic, so
    an immediate win is always taken. Ties are broken at random.
    """

    def __init__(self, spec: str, seed: int | None, game_name: str,
                 evaluate: Evaluate | None = None) -> None:
        super().__init__(spec, seed)
        self.game_name = game_name
        self._evaluate = evaluate

    def _evaluator(self) -> Evaluate:
        """The heuristic in use (``ai.heuristics.evaluate`` unless one was given)."""
        if self._evaluate is None:
            from ai.heuristics import evaluate

            self._evaluate = evaluate
        return self._evaluate

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Score every legal move one ply ahead and play a best one."""
        moves = list(state.legal_moves())
        me = state.to_move
        scores: dict[Any, float] = {}
        if self.game_name == "othello":
            kind = "flips"
            for move in moves:
                scores[move] = float(othello_flips(state, move))
        else:
            kind = "value"
            evaluate = self._evaluator()
            for move in moves:
                limits.check()
                scores[move] = evaluate(state.play(move), me)
        move = self.rng.choice(_best_moves(scores, moves))
        return Decision(move=move, scores=scores, score_kind=kind, depth=1,
                        nodes=len(moves), pv=(move,))


# --------------------------------------------------------------------------------------------
# bestfirst (Morpion, seed 003)
# --------------------------------------------------------------------------------------------


def _counts(cells: Sequence[int | None], line: Sequence[int], me: int) -> tuple[int, int]:
    """(my pieces, opponent's pieces) on ``line`` (cell indices)."""
    mine = theirs = 0
    for i in line:
        owner = cells[i]
        if owner == me:
            mine += 1
        elif owner is not None:
            theirs += 1
    return mine, theirs


def bestfirst_cost(cells: Sequence[int | None], size: int, cell: int, me: int) -> int:
    """Seed 003's value of putting ``me``'s piece on the empty ``cell`` of ``cells``.

    The reading followed (the seed's listing 6): for each line through the cell (its row, its
    column, and each main diagonal the cell is on), with ``a`` = my pieces and ``b`` = the
    opponent's pieces on that line before placing, add ``(a - b)**2``, negated when the
    opponent has more pieces there (``b > a``). Then multiply the sum by 2 for every such line
    where the opponent already has more than one piece (a threat worth blocking), and return
    the absolute value. Large values mean the line is strongly mine (building towards a win) or
    strongly theirs (blocking); mixed lines cancel out. Like the seed, it has no special case
    for a move that completes a line: such a move is simply scored like any other.
    """
    row, col = divmod(cell, size)
    lines: list[list[int]] = [
        [row * size + c for c in range(size)],
        [r * size + col for r in range(size)],
    ]
    if row == col:
        lines.append([i * size + i for i in range(size)])
    if row + col == size - 1:
        lines.append([i * size + (size - 1 - i) for i in range(size)])
    total = 0
    factor = 1
    for line in lines:
        mine, theirs = _counts(cells, line, me)
        sign = -1 if theirs > mine else 1
        total += sign * (mine - theirs) ** 2
        if theirs > 1:
            factor *= 2
    return abs(total * factor)


def _on_diagonal(cell: int, size: int) -> bool:
    """Whether ``cell`` lies on one of the two main diagonals."""
    row, col = divmod(cell, size)
    return row == col or row + col == size - 1


def _index(cell: tuple[int, int], size: int) -> int:
    """A Morpion cell ``(row, col)`` as an index ``row * size + col``."""
    return cell[0] * size + cell[1]


def morpion_cells(state: Any) -> list[int | None]:
    """A Morpion board as a flat list, index ``row * size + col``: 0, 1 or None (empty)."""
    size: int = state.size
    masks: tuple[int, int] = state.masks
    cells: list[int | None] = [None] * (size * size)
    for player in (0, 1):
        for i in range(size * size):
            if masks[player] >> i & 1:
                cells[i] = player
    return cells


class BestFirstPlayer(Player):
    """Morpion's best-first player (seed 003): every move scored by the cost function.

    A placing move is scored on the board as it is; a moving move (lift the piece on
    ``origin``, put it on ``to``) is scored with that piece already lifted, so every
    (remove, place) pair has its own score. Among the best, moves that place on a main
    diagonal are preferred, then the choice is random.
    """

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Score every legal move with :func:`bestfirst_cost` and play a best one."""
        size: int = state.size  # type: ignore[attr-defined]
        cells = morpion_cells(state)
        me = state.to_move
        moves = list(state.legal_moves())
        scores: dict[Any, float] = {}
        lifted: dict[int, list[int | None]] = {}
        for move in moves:
            board = cells
            if move.origin is not None:
                origin = _index(move.origin, size)
                if origin not in lifted:
                    lifted[origin] = list(cells)
                    lifted[origin][origin] = None
                board = lifted[origin]
            scores[move] = float(bestfirst_cost(board, size, _index(move.to, size), me))
        best = _best_moves(scores, moves)
        diagonal = [m for m in best if _on_diagonal(_index(m.to, size), size)]
        move = self.rng.choice(diagonal or best)
        return Decision(move=move, scores=scores, score_kind="cost", depth=1,
                        nodes=len(moves), pv=(move,),
                        info={"tied": len(best), "diagonal_preferred": bool(diagonal)})


# --------------------------------------------------------------------------------------------
# Registration
# --------------------------------------------------------------------------------------------


def _morpion_only(game: str, options: Any) -> bool:
    """Applies to Morpion, every size."""
    return game == "morpion"


def _make_random(game: GameInfo, options: Any, params: dict[str, Any],
                 seed: int | None) -> Player:
    return RandomPlayer("random", seed)


def _make_greedy(game: GameInfo, options: Any, params: dict[str, Any],
                 seed: int | None) -> Player:
    return GreedyPlayer("greedy", seed, game.name)


def _make_bestfirst(game: GameInfo, options: Any, params: dict[str, Any],
                    seed: int | None) -> Player:
    return BestFirstPlayer("bestfirst", seed)


NO_PARAMS: tuple[Param, ...] = ()

register_player(PlayerInfo(
    name="random",
    title_en="Random",
    title_fr="Hasard",
    description_en="Plays any legal move at random.",
    description_fr="Joue un coup légal au hasard.",
    params=NO_PARAMS,
    applies=every_game,
    factory=_make_random,
))

register_player(PlayerInfo(
    name="greedy",
    title_en="Greedy",
    title_fr="Glouton",
    description_en="Best-looking move one ply ahead; takes any win.",
    description_fr="Le meilleur coup à un coup d'avance ; gagne s'il peut.",
    params=NO_PARAMS,
    applies=every_game,
    factory=_make_greedy,
))

register_player(PlayerInfo(
    name="bestfirst",
    title_en="Best-first",
    title_fr="Meilleur d'abord",
    description_en="Scores each move by the pieces on its lines.",
    description_fr="Note chaque coup selon les pions de ses lignes.",
    params=NO_PARAMS,
    applies=_morpion_only,
    factory=_make_bestfirst,
))
