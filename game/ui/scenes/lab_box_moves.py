"""A learner's box drawn as a small board beside (or above) the list of its moves: one line per
move, "b1-b2   +0,45" at body size (a class reads it from the back row), the best move
outlined and hinted on the board. On the board itself the values were chips about 10 pixels
high at 1024x768 with 200% text; the board stays as the picture of the position.

The grid of boxes a page holds is :mod:`game.ui.scenes.lab_box_grid`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.base import GameState
from game.ui import text
from game.ui.boards.presenter import box_value_colour, box_value_text, change_texts
from game.ui.i18n import grouped, tr
from game.ui.theme import Colour, Theme, blend
from game.ui.widgets import Metrics

#: A line of the list, in text heights (room for the best move's outline).
LINE_STEP = 1.3
#: The elimination learner's ✓ and ✗ are this much larger than the move beside them: the
#: font draws them half as tall as its letters.
MARK_SCALE = 1.3
#: The smallest board picture beside a list, in text heights (a 3x3 board's squares as large
#: as the text: the pieces read, and the list does not squeeze the picture to a stamp).
LEAST_BOARD = 3.0
#: The most columns a long list (Morpion's nine moves) is split into.
MOST_COLUMNS = 3


@dataclass(frozen=True)
class MoveLine:
    """One move of a box as listed: its name, its value's text, the value's colour, whether it
    is the best of the box, whether the last game changed it ("3 → 6")."""

    move: str
    value: str
    colour: Colour
    best: bool = False
    changed: bool = False


@dataclass
class BoxView:
    """One matchbox as drawn: its position, its values per move, how often it was used."""

    key: Hashable
    state: GameState[Any]
    values: dict[Any, float]
    used: int
    changed: bool
    filled: bool = False
    #: The values before the last game, for a box that game changed (else None).
    before: Mapping[Any, float] | None = None

    def all_lost(self, score_kind: str) -> bool:
        """True for an elimination box whose every move is crossed out: each lost a game from
        here (against perfect play every move of a lost position loses), so the learner plays
        at random in it and wins only when the opponent errs."""
        return score_kind == "allowed" and bool(self.values) and not any(
            v > 0 for v in self.values.values())


def move_lines(values: Mapping[Any, float], move_text: Callable[[Any], str], score_kind: str,
               theme: Theme, before: Mapping[Any, float] | None = None) -> list[MoveLine]:
    """The lines of a box's moves, best first; the best (every move of the highest value) is
    marked only when some move is worse (a box whose moves are all alike has learnt nothing
    to prefer). With ``before``, a move the last game changed reads "old → new"."""
    if not values:
        return []
    top = max(values.values())
    some_worse = any(v < top for v in values.values())
    lines: list[MoveLine] = []
    for move, value in sorted(values.items(), key=lambda mv: (-mv[1], move_text(mv[0]))):
        old = before.get(move) if before is not None else None
        changed = old is not None and old != value
        shown = box_value_text(value, score_kind)
        if changed and old is not None:
            shown = " → ".join(change_texts(old, value, score_kind))
        lines.append(MoveLine(move_text(move), shown,
                              theme.highlight if changed
                              else box_value_colour(value, score_kind, theme),
                              best=some_worse and value == top, changed=changed))
    return lines


def distinct_lines(boxes: list[tuple[Mapping[Any, float], Mapping[Any, float] | None]],
                   move_text: Callable[[Any], str], score_kind: str, theme: Theme
                   ) -> tuple[int, list[MoveLine]]:
    """The most moves of ``boxes`` (their values, and values before the last game or None)
    and every distinct line of their lists: what the grid measures at each text size."""
    most, unique = 1, dict[tuple[str, str, bool], MoveLine]()
    for values, before in boxes:
        lines = move_lines(values, move_text, score_kind, theme, before)
        most = max(most, len(lines))
        for line in lines:
            unique.setdefault((line.move, line.value, line.changed), line)
    return most, list(unique.values())


def best_move(values: Mapping[Any, float]) -> Any:
    """The move of highest value when it is the only one of that value and some move is
    worse, else None (nothing to point at): an elimination box's arrow pointed at one of its
    ✓ moves, all alike, and a class read it as the move played (QA13 23: "b2→c1" beside
    "b2-a2 ✓ → ✗")."""
    if not values:
        return None
    top = max(values.values())
    tops = [move for move, value in values.items() if value == top]
    return tops[0] if len(tops) == 1 and len(values) > 1 else None


def value_px(line: MoveLine, px: int, score_kind: str) -> int:
    """The size of a line's value: the elimination marks larger than the text."""
    return round(px * MARK_SCALE) if score_kind == "allowed" and not line.changed else px


@dataclass(frozen=True)
class ListSize:
    """What a box's list needs at one text size: its lines and the widest move and value."""

    lines: int
    move_w: int
    value_w: int
    px: int

    @property
    def line_h(self) -> int:
        """The height of one line."""
        return round(self.px * LINE_STEP)

    @property
    def gap(self) -> int:
        """The room between a move and its value, and around a line (its outline)."""
        return max(4, self.px // 3)

    @property
    def column_w(self) -> int:
        """The width of one column of the list (a move and its value apart by half a text
        height: "b1-b2 44" read as one word)."""
        return self.move_w + self.value_w + self.gap * 2 + self.px // 2

    def block(self, columns: int, footer: bool = False) -> tuple[int, int]:
        """The list's width and height in ``columns`` columns (``footer``: and a line for the
        box's "used 8×", under it unless its last row has a free column for it)."""
        rows = math.ceil(self.lines / columns) + (footer and not self.free_columns(columns))
        return self.column_w * columns + self.gap * (columns - 1), rows * self.line_h

    def free_columns(self, columns: int) -> int:
        """How many columns, counted from the right, the list's last row leaves free in
        ``columns`` columns. The list fills column by column (:func:`draw_move_list`): the
        columns it does not reach are free, and so is the last row of its last column when
        that column is short. (Counting as if it filled row by row put a box's "used 8×" over
        its fourth move in a list of four lines in three columns.)"""
        if self.lines <= 0:
            return 0
        rows = math.ceil(self.lines / columns)
        used = math.ceil(self.lines / rows)
        return columns - used + (1 if self.lines < used * rows else 0)


def list_size(lines: list[MoveLine], px: int, score_kind: str, count: int | None = None
              ) -> ListSize:
    """The room ``lines`` take at ``px`` (``count``: as many lines as that, for a grid laid
    out for the longest box)."""
    move_w = max((text.size(line.move, px, True)[0] for line in lines), default=0)
    value_w = max((text.size(line.value, value_px(line, px, score_kind), True)[0]
                   for line in lines), default=0)
    return ListSize(len(lines) if count is None else count, move_w, value_w, px)


@dataclass(frozen=True)
class BoxShape:
    """Where a box's board and list go in its rectangle."""

    board: pygame.Rect
    moves: pygame.Rect
    columns: int
    #: The line under the list (the box's use), when asked for.
    footer: pygame.Rect | None = None


def shape_box(rect: pygame.Rect, need: ListSize, footer: bool = False, least: int = 0
              ) -> BoxShape | None:
    """The board as large as ``rect`` allows beside or below the list of ``need``'s size (in
    one to :data:`MOST_COLUMNS` columns), the two centred together; None when the list does
    not fit, or leaves the board under :data:`LEAST_BOARD` text heights or ``least`` pixels.
    ``footer``: a line under the list, as wide as the room beside the board (or the box's
    width below it)."""
    best: tuple[int, BoxShape] | None = None
    gap = need.gap
    for columns in range(1, MOST_COLUMNS + 1):
        if columns > max(1, need.lines):
            break
        w, h = need.block(columns, footer)
        beside = min(rect.height, rect.width - w - gap)
        below = min(rect.width, rect.height - h - gap)
        if h <= rect.height and beside >= max(below, 1):
            side = beside
            left = rect.left + (rect.width - side - gap - w) // 2
            board = pygame.Rect(left, rect.centery - side // 2, side, side)
            moves = pygame.Rect(board.right + gap, rect.centery - h // 2, w, h)
            under = pygame.Rect(moves.left, 0, rect.right - moves.left, need.line_h)
        elif w <= rect.width and below >= 1:
            side = below
            top = rect.top + (rect.height - side - gap - h) // 2
            board = pygame.Rect(rect.centerx - side // 2, top, side, side)
            moves = pygame.Rect(rect.centerx - w // 2, board.bottom + gap, w, h)
            under = pygame.Rect(rect.left, 0, rect.width, need.line_h)
        else:
            continue
        free = need.free_columns(columns)
        if footer and free:
            # In the free columns of the list's last row: a line less (at 1920x1080 with
            # 200% text a Hexapawn box's list then keeps the body size).
            under = pygame.Rect(moves.right - free * (need.column_w + gap) + gap,
                                moves.bottom - need.line_h, free * (need.column_w + gap) - gap,
                                need.line_h)
        elif footer:
            moves.height -= need.line_h
            under.top = moves.bottom
        if side >= max(LEAST_BOARD * need.px, least) and (best is None or side > best[0]):
            best = side, BoxShape(board, moves, columns, under if footer else None)
    return best[1] if best is not None else None


def draw_move_list(surface: pygame.Surface, shape: BoxShape, lines: list[MoveLine],
                   need: ListSize, score_kind: str, theme: Theme) -> list[pygame.Rect]:
    """The list of a box's moves in ``shape.moves``: each move bold on the left of its
    column, its value on the right; the best outlined, a changed move on a highlighted band.
    Returns the rectangles of the texts drawn."""
    rows = math.ceil(len(lines) / shape.columns) if lines else 0
    drawn: list[pygame.Rect] = []
    px, gap, line_h = need.px, need.gap, need.line_h
    for i, line in enumerate(lines):
        column, row = divmod(i, max(1, rows))
        cell = pygame.Rect(shape.moves.left + column * (need.column_w + gap),
                           shape.moves.top + row * line_h, need.column_w, line_h)
        if line.changed:
            pygame.draw.rect(surface, blend(theme.panel, theme.highlight, 0.3),
                             cell.inflate(0, -2), border_radius=max(2, line_h // 4))
        if line.best:
            pygame.draw.rect(surface, theme.accent, cell.inflate(0, -2),
                             max(2, px // 10), border_radius=max(2, line_h // 4))
        y = cell.centery
        drawn.append(text.blit_text(surface, line.move, px, theme.text,
                                    (cell.left + gap, y), "midleft", bold=True))
        drawn.append(text.blit_text(surface, line.value, value_px(line, px, score_kind),
                                    line.colour, (cell.right - gap, y), "midright",
                                    bold=True))
    return drawn


def least_box_height(width: int, need: ListSize) -> int | None:
    """The least height of a box ``width`` wide that holds its list at ``need``'s size (and
    its use) beside or under a board of :data:`LEAST_BOARD` text heights; None if no height
    does."""
    lo = 1
    hi = need.block(1, True)[1] + need.gap + math.ceil(LEAST_BOARD * need.px) + 1
    if width <= 0 or shape_box(pygame.Rect(0, 0, width, hi), need, True) is None:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if shape_box(pygame.Rect(0, 0, width, mid), need, True) is None:
            lo = mid + 1
        else:
            hi = mid
    return lo


def used_label(lost: bool, used: int, width: int, px: int) -> str:
    """What a box says under its moves: how often it was used ("used 17×"), and whether every
    move ``lost`` ("all lost, used 17×"); the first form no wider than ``width`` at ``px``,
    else the count alone ("17×": the boxes may be sorted by it; a lost box's count is drawn
    in the colour of a loss)."""
    n = grouped(used)
    keys = (("lab.box_all_lost", "lab.box_all_lost_short") if lost else ("lab.box_used",))
    for key in keys:
        # Measured with a count of at least three digits, so that the boxes of a page (one
        # width) say it one way: "500×" beside "14 fois" read as two kinds (QA S12 8).
        if text.size(tr(key, n=grouped(max(used, 888))), px)[0] <= width:
            return tr(key, n=n)
    return tr("lab.box_used_short", n=n)


def draw_used(surface: pygame.Surface, rect: pygame.Rect, box: BoxView, score_kind: str,
              px: int, m: Metrics, theme: Theme, least: int) -> None:
    """How often ``box`` was used (or that every move lost), at the foot of ``rect``, shrunk
    to ``least`` before it is cut."""
    lost = box.all_lost(score_kind)
    used = used_label(lost, box.used, rect.width - m.pad, min(px, m.small))
    colour = (theme.danger if lost else theme.highlight if box.changed
              else theme.text_muted)
    text.blit_text(surface, used, px, colour, (rect.centerx, rect.bottom - m.pad // 3),
                   "midbottom", max_width=rect.width - m.pad, min_px=min(m.small, least))
