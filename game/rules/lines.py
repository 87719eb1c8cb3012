"""Evaluations built on lines of cells: Morpion's rows, columns and diagonals, Puissance 4's
windows of four. Pure functions of bitmasks, shared by the games that win by lining up.

A line is *open* to a player while it holds none of the opponent's pieces: the player could
still fill it. Each function here scores the lines open to ``mine`` minus those open to
``theirs``, so every evaluation made from them is zero-sum by construction.
"""

from __future__ import annotations

from collections.abc import Sequence


def weighted_open_lines(lines: Sequence[int], mine: int, theirs: int) -> int:
    """Sum over the lines open to me of (my pieces on it) squared, minus the same for the
    opponent: a line two pieces along counts four times a line one piece along, so the
    evaluation pushes towards lines nearly complete (seed 003's cost function squares its
    piece-count differences the same way)."""
    score = 0
    for line in lines:
        if not theirs & line:
            score += (mine & line).bit_count() ** 2
        elif not mine & line:
            score -= (theirs & line).bit_count() ** 2
    return score


def threats(lines: Sequence[int], length: int, mine: int, theirs: int) -> int:
    """Lines one piece short of complete and open to me, minus the opponent's: a line of
    ``length`` cells holding ``length - 1`` of my pieces and none of theirs."""
    need = length - 1
    score = 0
    for line in lines:
        if not theirs & line:
            score += (mine & line).bit_count() == need
        elif not mine & line:
            score -= (theirs & line).bit_count() == need
    return score
