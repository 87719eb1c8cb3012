"""Evaluation functions: how good a position looks to one player, without searching.

:func:`evaluate` dispatches on the game of the state. Every heuristic is zero-sum by
construction (``h(s, p) == -h(s, 1 - p)``), so a search may evaluate from one fixed player's
point of view. Finished games score :data:`WIN` (won), ``-WIN`` (lost) or 0 (drawn), far
beyond any heuristic value (every heuristic stays below :data:`HEURISTIC_BOUND` in size), so a
search never prefers a good-looking position to a win. Searches subtract the number of plies
from :data:`WIN` so that a quicker win scores higher than a slower one.

Nothing here imports pygame; the functions read the rules' public state attributes only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.rules.base import GameState

#: The score of a won game; a search scores a win found ``n`` plies ahead as ``WIN - n``.
WIN = 1_000_000.0

#: Every heuristic value is strictly inside ``(-HEURISTIC_BOUND, HEURISTIC_BOUND)``; scores
#: beyond it are wins or losses.
HEURISTIC_BOUND = 100_000.0


# --------------------------------------------------------------------------------------------
# Othello: the positional weight table of seed 004 ("h_simple")
# --------------------------------------------------------------------------------------------

#: Seed 004's weights for 8x8: corners are worth the most (a corner disc can never be
#: flipped), the squares touching a corner are negative (playing there hands the corner to the
#: opponent), edges are worth more than the inside.
OTHELLO_WEIGHTS_8: tuple[tuple[int, ...], ...] = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, 1, 1, 1, 1, -50, -20),
    (10, 1, 3, 2, 2, 3, 1, 10),
    (5, 1, 2, 1, 1, 2, 1, 5),
    (5, 1, 2, 1, 1, 2, 1, 5),
    (10, 1, 3, 2, 2, 3, 1, 10),
    (-20, -50, 1, 1, 1, 1, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)

#: 6x6: the 8x8 table with its two central rows and columns removed (rows/columns 0, 1, 2,
#: 5, 6, 7 kept). Corners, the squares next to corners and the edges keep their roles; the
#: four centre squares, occupied from the start, keep the small inner weight 3.
OTHELLO_WEIGHTS_6: tuple[tuple[int, ...], ...] = tuple(
    tuple(OTHELLO_WEIGHTS_8[r][c] for c in (0, 1, 2, 5, 6, 7)) for r in (0, 1, 2, 5, 6, 7)
)

#: 4x4: corners 100, the eight edge squares -20 (on 4x4 every edge square touches a corner and
#: can hand it to the opponent, like the C-squares of 8x8), the four centre squares 1: they
#: are occupied from the start, so unlike 8x8's X-squares they can never be *played* next to a
#: corner; only their colour matters, a little.
OTHELLO_WEIGHTS_4: tuple[tuple[int, ...], ...] = (
    (100, -20, -20, 100),
    (-20, 1, 1, -20),
    (-20, 1, 1, -20),
    (100, -20, -20, 100),
)

OTHELLO_WEIGHTS: dict[int, tuple[tuple[int, ...], ...]] = {
    8: OTHELLO_WEIGHTS_8,
    6: OTHELLO_WEIGHTS_6,
    4: OTHELLO_WEIGHTS_4,
}


def _bit_weights(table: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int], ...]:
    """(weight, mask of every square having it) pairs, for fast sums.

    The rules keep every board size in the same 8x8 bit layout (bit ``row * 8 + col``; a
    smaller board lives in the top-left corner), so the masks use that layout too.
    """
    n = len(table)
    masks: dict[int, int] = {}
    for r in range(n):
        for c in range(n):
            masks[table[r][c]] = masks.get(table[r][c], 0) | (1 << (r * 8 + c))
    return tuple(sorted(masks.items()))


_OTHELLO_BIT_WEIGHTS = {n: _bit_weights(t) for n, t in OTHELLO_WEIGHTS.items()}


def othello_weighted(state: Any, player: int) -> float:
    """Seed 004's h_simple: the weights of ``player``'s discs minus the opponent's.

    Rewards corners and edges and punishes the squares that give a corner away; it ignores
    mobility and disc count (the Othello engine has a richer evaluation).
    """
    size: int = state.size
    table = _OTHELLO_BIT_WEIGHTS.get(size)
    if table is None:
        raise ValueError(f"no Othello weight table for a {size}x{size} board (4, 6 or 8)")
    mine, theirs = othello_discs(state, player)
    score = 0
    for weight, mask in table:
        score += weight * ((mine & mask).bit_count() - (theirs & mask).bit_count())
    return float(score)


def othello_discs(state: Any, player: int) -> tuple[int, int]:
    """``player``'s and the opponent's discs as bitboards (bit ``row * 8 + col``).

    Player 0 is Black (moves first), player 1 White.
    """
    black: int = state.black
    white: int = state.white
    return (black, white) if player == 0 else (white, black)


# --------------------------------------------------------------------------------------------
# Morpion: lines still open (seed 003)
# --------------------------------------------------------------------------------------------

_LINE_MASKS: dict[int, tuple[int, ...]] = {}


def morpion_line_masks(size: int) -> tuple[int, ...]:
    """Every winning line of a size x size board as a bitmask (bit ``row * size + col``):
    the rows, the columns and the two main diagonals."""
    lines = _LINE_MASKS.get(size)
    if lines is None:
        def mask(cells: Sequence[tuple[int, int]]) -> int:
            return sum(1 << (r * size + c) for r, c in cells)

        rows = [mask([(r, c) for c in range(size)]) for r in range(size)]
        cols = [mask([(r, c) for r in range(size)]) for c in range(size)]
        diag = mask([(i, i) for i in range(size)])
        anti = mask([(i, size - 1 - i) for i in range(size)])
        lines = (*rows, *cols, diag, anti)
        _LINE_MASKS[size] = lines
    return lines


def morpion_open_lines(state: Any, player: int) -> float:
    """Seed 003's evaluation: lines still open to ``player`` minus lines still open to the
    opponent.

    A line (row, column or main diagonal) is open to a player while it holds none of the
    opponent's pieces: the player could still complete it. Rewards keeping winning chances and
    blocking the opponent's. (The seed's listing counts the diagonals inside its loop over
    rows, D times each; we read that as an indentation slip and count each line once.)
    """
    size: int = state.size
    masks: tuple[int, int] = state.masks
    mine, theirs = masks[player], masks[1 - player]
    score = 0
    for line in morpion_line_masks(size):
        # Open to me: none of theirs on it; open to them: none of mine. An empty line is open
        # to both and cancels out.
        score += (not theirs & line) - (not mine & line)
    return float(score)


# --------------------------------------------------------------------------------------------
# Hexapawn: material, advancement and mobility
# --------------------------------------------------------------------------------------------


def hexapawn_balance(state: Any, player: int) -> float:
    """Material, advancement and mobility of ``player`` minus the opponent's.

    Each pawn is worth 10; each row a pawn has advanced from its home row adds 3 (a pawn near
    the far row threatens to win); each pawn that can move (step or capture) adds 1, since a
    player left without a move loses. A pawn is worth at most ``11 + 3 * (rows - 1)``, so
    the value stays below 32 x 16 pawns on 8x8, far inside ``HEURISTIC_BOUND``.
    """
    rows: int = state.rows
    cols: int = state.cols
    cells: Sequence[int | None] = hexapawn_cells(state)
    totals = [0.0, 0.0]
    for r in range(rows):
        for c in range(cols):
            owner = cells[r * cols + c]
            if owner is None:
                continue
            # Player 0 (White) starts on row 0 and moves up; player 1 on the last row, down.
            step = 1 if owner == 0 else -1
            advanced = r if owner == 0 else rows - 1 - r
            total = 10.0 + 3.0 * advanced
            nr = r + step
            if 0 <= nr < rows:
                can_move = cells[nr * cols + c] is None or any(
                    0 <= nc < cols and cells[nr * cols + nc] not in (None, owner)
                    for nc in (c - 1, c + 1)
                )
                total += 1.0 if can_move else 0.0
            totals[owner] += total
    return totals[player] - totals[1 - player]


def hexapawn_cells(state: Any) -> Sequence[int | None]:
    """The board as a flat sequence, index ``row * cols + col``: 0, 1 or None (empty)."""
    cells: Sequence[int | None] = state.cells
    return cells


# --------------------------------------------------------------------------------------------
# Nim: neutral
# --------------------------------------------------------------------------------------------


def nim_neutral(state: Any, player: int) -> float:
    """0 for every unfinished Nim position.

    Nim's trees are small, so the searches go to the end and only wins and losses matter;
    any non-trivial value would smuggle in the known winning strategy the learners and the
    class are meant to discover.
    """
    return 0.0


# --------------------------------------------------------------------------------------------
# Dispatch
# --------------------------------------------------------------------------------------------

Heuristic = Callable[[Any, int], float]

HEURISTICS: dict[str, Heuristic] = {
    "othello": othello_weighted,
    "morpion": morpion_open_lines,
    "hexapawn": hexapawn_balance,
    "nim": nim_neutral,
}


_GAME_OF_TYPE: dict[type, str] = {}


def game_of(state: GameState[Any]) -> str:
    """The game name of a state, from its rules module (``game.rules.othello`` -> ``othello``)."""
    kind = type(state)
    name = _GAME_OF_TYPE.get(kind)
    if name is None:
        name = _GAME_OF_TYPE[kind] = kind.__module__.rsplit(".", 1)[-1]
    return name


def heuristic_for(game: str) -> Heuristic:
    """The heuristic of ``game``; raise ValueError naming the known games if there is none."""
    try:
        return HEURISTICS[game]
    except KeyError:
        raise ValueError(
            f"no heuristic for game '{game}': known games are {', '.join(sorted(HEURISTICS))}"
        ) from None


def terminal_score(state: GameState[Any], player: int) -> float | None:
    """WIN, -WIN or 0 if the game is over (from ``player``'s side), else None."""
    outcome = state.outcome
    if outcome is None:
        return None
    return WIN * outcome.score_for(player)


def evaluate(state: GameState[Any], player: int) -> float:
    """How good ``state`` is for ``player`` (0 or 1): positive is good.

    Finished games score ``WIN``, ``-WIN`` or 0; unfinished ones get their game's heuristic,
    always strictly between ``-HEURISTIC_BOUND`` and ``HEURISTIC_BOUND``.
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    done = terminal_score(state, player)
    if done is not None:
        return done
    return heuristic_for(game_of(state))(state, player)
