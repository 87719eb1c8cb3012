"""How the learning lab's Table writes and colours each kind of learner's values, and which
cells it outlines as the best take of their position.

Q-learning's values are written with as many decimals as tell each position's best apart
from the other takes (one decimal read "−0.3 −0.3 −0.3" over values of −0.30, −0.26 and
−0.25, the −0.3 outlined as "the best take" looking arbitrary: QA20 20); takes whose values
still print alike are all outlined.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from game.ui.boards.presenter import HeatTable
from game.ui.i18n import decimal

#: The most decimals a Q-value is written with (values closer than that print alike and
#: are outlined alike).
MOST_DECIMALS = 3


@dataclass(frozen=True)
class TableStyle:
    """How one kind of learner's values are coloured and written in the heat map."""

    signed: bool
    shade: Callable[[float], float]
    fmt: Callable[[float], str]
    legend: str
    #: Whether the best take of each position is outlined (the values' style).
    outlines_best: bool = False


def signed_text(v: float, decimals: int = 1) -> str:
    """``v`` with its sign and ``decimals`` decimals, in the language's way ("+0.5",
    "−0,26")."""
    return decimal(f"{v:+.{decimals}f}").replace("-", "\u2212")


#: By the learner's score kind: elimination's 0/1 is drawn as +1 (green) / -1 (red).
STYLES = {
    "allowed": TableStyle(True, lambda v: 1.0 if v > 0 else -1.0,
                          lambda v: "1" if v > 0 else "0", "lab.table.legend_allowed"),
    "beads": TableStyle(False, lambda v: v, lambda v: f"{v:.0f}", "lab.table.legend_beads"),
    "value": TableStyle(True, lambda v: v, signed_text, "lab.table.legend_value", True),
}


def columns(table: HeatTable) -> list[list[float]]:
    """Each position's (column's) values, the missing ones left out."""
    return [[v for row in table.values if (v := row[c]) is not None]
            for c in range(len(table.cols))]


def value_decimals(table: HeatTable) -> int:
    """The fewest decimals (one at least, :data:`MOST_DECIMALS` at most) at which, in every
    column of ``table``, the best value prints unlike every lower one."""
    for decimals in range(1, MOST_DECIMALS):
        if all(signed_text(v, decimals) != signed_text(max(column), decimals)
               for column in columns(table) for v in column if v != max(column)):
            return decimals
    return MOST_DECIMALS


def style_for(kind: str, table: HeatTable | None) -> TableStyle:
    """The style of a learner of score ``kind``; for values, with the decimals ``table``
    needs (:func:`value_decimals`)."""
    style = STYLES.get(kind, STYLES["value"])
    if not style.outlines_best or table is None:
        return style
    decimals = value_decimals(table)
    return dataclasses.replace(style, fmt=lambda v: signed_text(v, decimals))


def best_cells(table: HeatTable, fmt: Callable[[float], str] | None = None
               ) -> set[tuple[int, int]]:
    """The best take of each position (column): the move a greedy learner would play; with
    ``fmt``, every take whose value prints as the best's does (a class sees them equal)."""
    best: set[tuple[int, int]] = set()
    for c, column in enumerate(columns(table)):
        if column:
            top = max(column)
            best.update((r, c) for r, row in enumerate(table.values)
                        if (v := row[c]) is not None
                        and (v == top or (fmt is not None and fmt(v) == fmt(top))))
    return best
