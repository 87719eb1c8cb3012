"""``bestfirst``: Morpion's best-first player of seed 003, written for that one game.

Every move is scored by the seed's cost function (:func:`bestfirst_cost`) and a best one is
played, preferring the main diagonals. Only Morpion is offered this player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.base import Decision, Limits, Player
from ai.registry import PlayerInfo, register_player
from ai.simple import best_moves
from game.rules.base import GameState
from game.rules.morpion import GAME as MORPION
from game.rules.registry import GameSetup


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
        best = best_moves(scores, moves)
        diagonal = [m for m in best if _on_diagonal(_index(m.to, size), size)]
        move = self.rng.choice(diagonal or best)
        return Decision(move=move, scores=scores, score_kind="cost", depth=1,
                        nodes=len(moves), pv=(move,),
                        info={"tied": len(best), "diagonal_preferred": bool(diagonal),
                              "tie_rule": _tie_rule(len(best), len(diagonal))})


# --------------------------------------------------------------------------------------------
# Registration
# --------------------------------------------------------------------------------------------


def _morpion_only(setup: GameSetup) -> bool:
    """Applies to Morpion, every size."""
    return setup.info is MORPION


def _make_bestfirst(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    return BestFirstPlayer("bestfirst", seed)


register_player(PlayerInfo(
    name="bestfirst",
    title="Best-first",
    description="Scores each move by the pieces on its lines.",
    params=(),
    applies=_morpion_only,
    factory=_make_bestfirst,
))


def _tie_rule(tied: int, on_diagonals: int) -> str:
    """How :class:`BestFirstPlayer` broke a tie of ``tied`` moves, ``on_diagonals`` of them
    on a diagonal (see ``ai.simple.tie_info``): "diagonal_only" when one alone is on a
    diagonal (no draw at all), "diagonal" when it drew among several there, "random" when it
    drew among all."""
    if 0 < on_diagonals < tied:
        return "diagonal_only" if on_diagonals == 1 else "diagonal"
    return "random"
