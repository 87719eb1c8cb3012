"""A round robin's ranking as a table, for its view of its own at large text: a row per
player (its rank and name, the share of the points, points over games, the 95% interval of
the share, Elo) under short column headings, as large as the results panel allows. The
sentences it replaces ("1. Perfect: 100% · 200 pts in 200 games · (95% CI 98–100%) · Elo
2300") read 25-30 px at 200% of 1280x800 in French, the body size being 52, over an empty
quarter of the panel (QA14 12): the result, the point of the screen, was its smallest text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ai.training import Standing, wilson_interval
from game.ui import text
from game.ui.chart_parts import percent_text
from game.ui.i18n import grouped, tr
from game.ui.theme import Theme

#: A cell of a player who has not played yet.
NONE = "\u2014"
#: The columns after the player's: their headings' keys.
HEADINGS = ("tour.col.share", "tour.col.played", "tour.col.ci", "tour.col.elo")


@dataclass(frozen=True)
class RankingTable:
    """The ranking's rows as drawn: the headings, a row of cells per player (rank and name
    first), which column ranks them (drawn bold), and the sizes, heading lines and column
    widths that fit."""

    headings: list[str]
    rows: list[list[str]]
    ranks_by: int
    px: int = 0
    heading_px: int = 0
    widths: tuple[int, ...] = ()
    #: Each heading's lines (one, or two where one line would make the table smaller).
    heading_lines: tuple[tuple[str, ...], ...] = ()

    def gap(self, column: int) -> int:
        """The room after ``column``: a whole text size after the names (left-aligned, then
        the right-aligned numbers), half of it between two numbers."""
        return self.px if column == 0 else self.px // 2


def ranking_rows(standings: Sequence[Standing], by_elo: bool) -> RankingTable:
    """The table of ``standings`` (in ranking order), ranked by the share of the points or
    by Elo."""
    from game.ui.scenes.tournament_results import format_points

    rows = []
    for rank, s in enumerate(standings, 1):
        if not s.games:
            rows.append([f"{rank}. {s.name}", NONE, "0\u00a0/\u00a00", NONE, NONE])
            continue
        lo, hi = wilson_interval(s.points, s.games)
        rows.append([f"{rank}. {s.name}", percent_text(s.points / s.games * 100),
                     f"{format_points(s.points)}\u00a0/\u00a0{grouped(s.games)}",
                     f"{lo * 100:.0f}\u2013{percent_text(hi * 100)}", f"{s.elo:.0f}"])
    return RankingTable([""] + [tr(key) for key in HEADINGS], rows, 4 if by_elo else 1)


def _heading_lines(heading: str, px: int, lines: int) -> tuple[str, ...]:
    """``heading`` on one line, or with ``lines`` 2 on two broken where they come out the
    most even ("Points /" over "games")."""
    words = heading.split(" ")  # not at a no-break space ("95\u00a0%")
    if lines == 1 or len(words) < 2:
        return (heading,)
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return min(splits, key=lambda pair: max(text.size(part, px)[0] for part in pair))


def fit_ranking(table: RankingTable, room: pygame.Rect, sizes: range) -> RankingTable | None:
    """``table`` at the largest of ``sizes`` whose rows and headings fit ``room`` (the
    headings at three quarters of the rows' size, never under the last of ``sizes``, on
    two lines where that lets the rows be larger); None when none does."""
    floor = sizes[-1] if len(sizes) else 0
    for px in sizes:
        heading_px = max(floor, px * 3 // 4)
        for lines in (1, 2):
            heads = tuple(_heading_lines(h, heading_px, lines) for h in table.headings)
            widths = tuple(
                max([text.size(line, heading_px)[0] for line in heads[c]]
                    + [text.size(row[c], px, c == table.ranks_by)[0] for row in table.rows])
                for c in range(len(heads)))
            wide = sum(widths) + px + px // 2 * (len(widths) - 2)
            high = (max(len(h) for h in heads) * text.font(heading_px).get_linesize()
                    + px // 4 + len(table.rows) * text.font(px, True).get_linesize())
            if wide <= room.width and high <= room.height:
                return RankingTable(table.headings, table.rows, table.ranks_by, px,
                                    heading_px, widths, heads)
    return None


def draw_ranking(surface: pygame.Surface, table: RankingTable, room: pygame.Rect,
                 theme: Theme) -> None:
    """``table`` (as :func:`fit_ranking` sized it) at the top left of ``room``: the names
    left-aligned, the numbers right-aligned under their headings (their last lines on one
    baseline), the leader in the accent colour."""
    x = room.left
    rights = []
    for c, width in enumerate(table.widths):
        rights.append(x + width)
        x += width + table.gap(c)
    step = text.font(table.heading_px).get_linesize()
    most = max(len(lines) for lines in table.heading_lines)
    for c, lines in enumerate(table.heading_lines):
        y = room.top + (most - len(lines)) * step
        for line in lines:
            if line:  # the names' heading (what the order is by) over the names, at the left
                text.blit_text(surface, line, table.heading_px, theme.text_muted,
                               (room.left, y) if c == 0 else (rights[c], y),
                               "topleft" if c == 0 else "topright")
            y += step
    y = room.top + most * step + table.px // 4
    step = text.font(table.px, True).get_linesize()
    for rank, row in enumerate(table.rows, 1):
        colour = theme.accent if rank == 1 else theme.text
        text.blit_text(surface, row[0], table.px, colour, (room.left, y))
        for c in range(1, len(row)):
            text.blit_text(surface, row[c], table.px, colour, (rights[c], y), "topright",
                           bold=c == table.ranks_by)
        y += step
