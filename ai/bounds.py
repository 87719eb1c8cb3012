"""The vocabulary every search shares: bound flags, win values, the timeout, proven results.

* A value found with the window ``(alpha, beta)`` by a fail-soft search is exact, a lower bound
  (it failed high) or an upper bound (it failed low): :data:`EXACT`, :data:`LOWER`,
  :data:`UPPER`, told apart by :func:`bound_flag`; :func:`settles` says whether a stored value
  answers a new window without searching again.
* Win values, each named for the scale it lives on: :data:`SEARCH_WIN` (``ai.search``'s float
  scores; a win ``n`` plies ahead is ``SEARCH_WIN - n``, far beyond any evaluation),
  :data:`EXACT_WIN` (``perfect``'s integer results, ``EXACT_WIN - n``), and
  :data:`PROVEN_DISC` (the Othello search: one disc of proven final margin).
* :class:`SearchTimeout`: the time budget ran out inside a search. Not an error: the player
  answers with its last finished result.
* :class:`Proven`: a root move's proven result (win, loss or draw, in how many plies, with
  which final margin) as data, so nobody decodes it back out of a float score.

Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.registry import EVALUATION_BOUND

#: A stored or returned value is exact, a lower bound or an upper bound.
EXACT, LOWER, UPPER = 0, 1, 2
FLAG_NAMES = {EXACT: "exact", LOWER: "lower bound", UPPER: "upper bound"}

#: ``ai.search``'s score of a won game; a win found ``n`` plies ahead scores ``SEARCH_WIN - n``.
SEARCH_WIN = 1_000_000.0

#: Search scores beyond this are wins or losses; below it, evaluation values.
SEARCH_DECIDED = (SEARCH_WIN + EVALUATION_BOUND) / 2

#: ``perfect``'s integer value of a win at once; ``EXACT_WIN - n`` is a win in n plies.
EXACT_WIN = 10_000

#: The Othello search's value of one disc of proven final margin (a finished game found in the
#: midgame search is worth ``margin * PROVEN_DISC``, beyond any evaluation).
PROVEN_DISC = 10_000


class SearchTimeout(Exception):
    """The time budget ran out inside a search (not an error: the player answers anyway)."""


def bound_flag(value: float, alpha: float, beta: float) -> int:
    """What a fail-soft value found with the window ``(alpha, beta)`` is: an upper bound (it
    failed low), a lower bound (it failed high) or exact."""
    return UPPER if value <= alpha else LOWER if value >= beta else EXACT


def settles(flag: int, value: float, alpha: float, beta: float) -> bool:
    """Whether a stored value with this ``flag`` answers a search with the window
    ``(alpha, beta)`` without searching again."""
    return (flag == EXACT or (flag == LOWER and value >= beta)
            or (flag == UPPER and value <= alpha))


def to_memo(value: float, ply: int) -> float:
    """A search value found ``ply`` plies below the root, made independent of ``ply`` for
    storing: a win ``SEARCH_WIN - n`` becomes ``SEARCH_WIN - (n - ply)``."""
    if value > SEARCH_DECIDED:
        return value + ply
    if value < -SEARCH_DECIDED:
        return value - ply
    return value


def from_memo(value: float, ply: int) -> float:
    """The inverse of :func:`to_memo`: a stored value seen from ``ply`` plies below the root."""
    if value > SEARCH_DECIDED:
        return value - ply
    if value < -SEARCH_DECIDED:
        return value + ply
    return value


@dataclass(frozen=True)
class Proven:
    """A proven result of a move for the player choosing it.

    ``result`` is +1 (win), 0 (draw) or -1 (loss) with best play on both sides; ``plies`` is
    how many plies from the position the move is played in until the end (the move included),
    or None when the solver knows the result but not the distance; ``margin`` is the final
    score difference where the game has one (Othello's discs), else None.
    """

    result: int
    plies: int | None = None
    margin: int | None = None

    def __post_init__(self) -> None:
        if self.result not in (-1, 0, 1):
            raise ValueError(f"result must be -1, 0 or 1, got {self.result!r}")

    @property
    def word(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"``: a stable code the UI translates."""
        return ("loss", "draw", "win")[self.result + 1]

    def __str__(self) -> str:
        """English words: ``win in 3``, ``loss in 2``, ``draw``, ``win by 6``."""
        text = self.word
        if self.plies is not None and self.result != 0:
            text += f" in {self.plies}"
        if self.margin is not None and self.margin != 0:
            text += f" by {abs(self.margin)}"
        return text


def proven_search_value(value: float) -> Proven | None:
    """The proven result a search value stands for (a win or loss ``SEARCH_WIN - n``), or
    None for an evaluation value. A draw cannot be told from an evaluation of 0 by the value
    alone: the search says when its value is exact (no evaluation reached)."""
    if value > SEARCH_DECIDED:
        return Proven(1, round(SEARCH_WIN - value))
    if value < -SEARCH_DECIDED:
        return Proven(-1, round(SEARCH_WIN + value))
    return None


def proven_exact_value(value: int, unknown_distance: int | None = None) -> Proven:
    """The proven result of a ``perfect`` value (``±(EXACT_WIN - n)`` or 0);
    ``unknown_distance`` is the value standing for a win whose distance is not known."""
    if value == 0:
        return Proven(0)
    sign = 1 if value > 0 else -1
    if unknown_distance is not None and abs(value) == unknown_distance:
        return Proven(sign)
    return Proven(sign, EXACT_WIN - abs(value))
