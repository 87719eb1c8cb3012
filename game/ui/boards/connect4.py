"""Puissance 4's board: an upright frame with round holes, discs that drop, the line that won.

Board elements are columns, ``("column", col)`` with col 0 on the left: a click anywhere in a
column (or in the strip above the frame) drops a disc there. While a human is to move, the
hovered column shows a see-through disc in the strip above the frame and where it would land.

Discs are drawn first and the frame over them, so a disc shows through its hole and a falling
disc disappears behind the frame between the holes. The drop follows ``ctx.anim`` from 0 to 1
after ``ctx.previous_state``: the new disc falls from the strip with gravity (its speed grows
with time) and bounces a little on landing. A won game's line(s) get a stroke through them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import pygame

from game.rules.connect4 import (
    MAX_CONNECT,
    MIN_CONNECT,
    MIN_SIZE,
    Connect4Move,
    Connect4State,
)
from game.ui import text as txt
from game.ui.boards.base import (
    COORDINATES_MAX,
    COORDINATES_MIN_CELL,
    COUNT_FORMS,
    COUNT_KINDS,
    BoardContext,
    BoardView,
    ClickResult,
    Colour,
    Element,
    InputController,
    alpha_circle,
    alpha_fill,
    chip_height,
    chip_text_px,
    coordinate_px,
    disc,
    fitted_labels,
    label_px,
    labels_tell_apart,
    score_chip,
    score_labels,
    shared_label_px,
)
from game.ui.boards.chip_look import chip_look
from game.ui.boards.presenter import GamePresenter, OptionSpec
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.theme import Theme, blend

#: The legal columns' dots above the board: their radius in cells.
LEGAL_DOT_RADIUS = 0.15

#: A disc's radius, and its hole's, as fractions of a cell.
DISC_RADIUS = 0.39
HOLE_RADIUS = 0.42
#: The room round the frame in cells (beside, above the strip, under the frame): a menu card's,
#: the play screen's, and the play screen's with large text (see Connect4View.margins).
SMALL_MARGINS = (0.15, 0.15, 0.15)
#: A board drawn in a rectangle narrower than this (a menu card) has no letters.
CARD_MOST = 260
MARGINS = (0.55, 0.55, 0.55)
LARGE_TEXT_MARGINS = (0.1, 0.0, 0.45)
#: With large text, the labels' size the strip above the columns keeps room for, as a share
#: of the body size: about the panel's least words (42 px at 200% of 1920x1080, where body
#: text is 70; see play_fit.least_legend_px), which the legend saying what they mean is drawn
#: at. Two rows of chips of four-digit counts at the body size took 1.6 cells of the height.
STRIP_TEXT_SHARE = 0.6
#: Part of the drop animation spent falling; the rest is the bounce.
FALL_PART = 0.78
#: The columns of the discs a menu card shows on an empty board (an opening: d, d, c, e).
CARD_COLUMNS = (3, 3, 2, 4, 4)


def column(col: int) -> tuple[str, int]:
    """The board element of column ``col``."""
    return ("column", col)


def as_column(element: Element | None) -> int | None:
    """The column index of a column element, or None for anything else."""
    if (isinstance(element, tuple) and len(element) == 2 and element[0] == "column"
            and isinstance(element[1], int) and not isinstance(element[1], bool)):
        return element[1]
    return None


def disc_colours(player: int, theme: Theme) -> tuple[Colour, Colour]:
    """Fill and rim of ``player``'s discs: Red is player 0, Yellow player 1."""
    fill = theme.connect4_red if player == 0 else theme.connect4_yellow
    return fill, blend(fill, theme.shadow, 0.35)


class Connect4Controller(InputController):
    """One click on a column that has room drops a disc there."""

    def __init__(self, state: Connect4State) -> None:
        super().__init__(state)
        self.board: Connect4State = state
        self._columns: dict[int, Connect4Move] = {m.col: m for m in self.legal}

    def click(self, element: Element | None) -> ClickResult:
        """Drop a disc, or say why nothing happened (full column, game over)."""
        if self.board.outcome is not None:
            return ClickResult(message_key="boards.game_over")
        col = as_column(element)
        if col is None or not 0 <= col < self.board.options.cols:
            return ClickResult()
        if col in self._columns:
            return ClickResult(move=self._columns[col], changed=True)
        return ClickResult(message_key="boards.column_full")

    def prompt_key(self) -> str:
        """Choose a column."""
        return "boards.choose_column"

    def highlighted(self) -> set[Element]:
        """The columns that still have room."""
        return {column(col) for col in self._columns}

    def hover_targets(self, element: Element | None) -> set[Element]:
        """The cell where a disc dropped in the hovered column would land."""
        col = as_column(element)
        if col is None or col not in self._columns:
            return set()
        row = self.board.landing_row(self._columns[col])
        return set() if row is None else {(row, col)}


#: The score labels stand in one row of *caps* above the columns, each as wide as its column
#: less this share of a cell (the gap between two caps), its text padded by its size //
#: CAP_PAD_SHARE on each side. Two staggered rows of chips up to two columns wide kept the
#: labels larger, but a number then looked as if it belonged to the neighbouring column
#: ("156" over b or c?, QA in a real window).
CAP_GAP = 0.08
CAP_PAD_SHARE = 8
#: The band of the strip just above the frame kept for the person's marks (the legal columns'
#: dots, the disc about to drop, the hint's ring), in cells: the labels stand above it. The
#: labels covered the dots and the hovered column's disc (QA, real window).
MARKS_BAND = 0.5
#: The label the strip keeps room for at its full size: three characters (MCTS's counts of a
#: thousand playouts, a search's "−11" or "W5"); a longer count is drawn smaller, in its cap.
STRIP_SAMPLE = "000"
#: The label the labels' row grows for where the board leaves height spare: two characters
#: (a search's "+5", "−1", most of its labels), up to the body size. Sized for three, the
#: row held alpha-beta's "+5" at the readable floor, 20 px at 200% of 1024x768 on the 9x8
#: board, where its cap held 30 px (QA18 8).
SPARE_SAMPLE = "+0"
#: The play screen's line under the letters saying how many make a line, where it is not four
#: (nothing on the screen said "5 in a row" in a 9x8 game, QA14 26): its text size as a share
#: of the screen's, never under the readable size.
GOAL_SHARE = 0.6


def goal_text(connect: int) -> str:
    """What the play screen says under the board of a game won by ``connect`` in a row: ""
    for four, the rule everyone knows; "Line up 5 to win" otherwise."""
    return "" if connect == 4 else tr("boards.connect4_goal", n=connect)


def cap_width(cell: int) -> int:
    """The width of a column's label cap for cells of ``cell`` pixels (see :data:`CAP_GAP`)."""
    return max(1, cell - max(2, round(cell * CAP_GAP)))


def band_height(cell: int, px: int, sample: str = STRIP_SAMPLE) -> int:
    """The height of the labels' row above the marks for labels of at most ``px`` pixels: a
    cap whose text is as large as ``sample`` fits its width."""
    return chip_height(chip_text_px(sample, px, cap_width(cell), CAP_PAD_SHARE))


def strip_height(cell: int, px: int, sample: str = STRIP_SAMPLE) -> int:
    """The strip a board of ``cell`` pixels keeps above its columns: the labels' row for
    labels like ``sample`` of at most ``px`` pixels (:func:`band_height`) over the marks'
    band (:data:`MARKS_BAND`); a cell when no label size is known. It kept two staggered rows
    of chips: at 200% of 1920x1080 a 213 px strip for labels drawn at 30 px, then 128 px."""
    if not px:
        return cell
    return band_height(cell, px, sample) + round(cell * MARKS_BAND)


Plan = tuple[dict[Any, tuple[str, Colour, bool]], int, bool]


def largest_plan(scores: Mapping[Any, float], plan: Callable[[int], Plan], most: int) -> Plan:
    """``plan(size)`` (labels, their size, shortened) at the largest size up to ``most`` (not
    under 7) whose labels of different scores differ: the smaller the size, the longer the
    forms that fit, and whole counts always differ, so a bisection on the size finds it."""
    low, high = 7, most
    while low < high:
        middle = (low + high + 1) // 2
        if labels_tell_apart(scores, plan(middle)[0]):
            low = middle
        else:
            high = middle - 1
    return plan(low)


def bare_labels(scores: Mapping[Any, float], kind: str, theme: Theme
                ) -> dict[Any, tuple[str, Colour, bool]] | None:
    """The labels in their short forms where a score has one (:attr:`ShownScore.short`: a
    search's bound "\u2264\u22126" without its mark, "\u22126", in the text colour as every
    bound; the legend's sample is then written so and says "at most this"), else None.
    Counts have shorter forms of their own (see :func:`fitted_labels`). At 200% the 9x8
    board's caps held no "\u2264\u221210" at the readable size in any window (1920x1080:
    26 px, readable 27), and the engine's bounds were left out (QA15 3)."""
    if kind in COUNT_KINDS:
        return None
    bare = score_labels(scores, kind, theme, shorter=1)
    return bare if bare != score_labels(scores, kind, theme) else None


class Connect4View(BoardView):
    """Draws a Puissance 4 position: frame, discs, the drop, hover, hint, scores, the line."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self.cell = 1
        self.board = pygame.Rect(0, 0, 0, 0)
        self.strip = pygame.Rect(0, 0, 0, 0)  # above the frame: hover disc, scores, the drop
        self.shape = (0, 0)
        self._frames: dict[tuple[int, int, int, str], pygame.Surface] = {}
        self._sprites: dict[tuple[int, int, str, int], pygame.Surface] = {}
        self._strip_key: tuple[Any, ...] | None = None
        self._strip_plan = (1, 1)
        #: The readable size the last drawing asked for (its ``coords_px``): the layout keeps
        #: room under the frame for the column letters at that size.
        self._letters_least = 0
        #: The line saying how many make a line (see :meth:`goal_text`), its size (0: none)
        #: and the height the layout keeps for it at the bottom of the rectangle.
        self.goal = ""
        self.goal_px = 0
        self._goal_h = 0
        #: The rectangle's height the layout leaves unused (the board, its strip and what
        #: is under it are centred in the rest).
        self.unused = 0

    # -- geometry ----------------------------------------------------------------------------

    def margins(self, small: bool) -> tuple[float, float, float]:
        """The room round the frame in cells: beside it, above its strip, under it (the
        letters). With large text the status line above and the panel beside already set the
        board apart, so only the letters keep theirs: 0.55 of a cell on every side cost the
        board a fifth of its size at 200% of 1920x1080 (80 px cells, the height the limit)."""
        if small:
            return SMALL_MARGINS
        return LARGE_TEXT_MARGINS if self.compact else MARGINS

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """The frame in ``rect``, a strip one cell high above it, letters below, centred
        together with their margins (see :meth:`margins`)."""
        self.rect = pygame.Rect(rect)
        options = state.options
        cols, rows = options.cols, options.rows
        self.shape = (cols, rows)
        small = min(self.rect.size) < CARD_MOST  # menu cards: no letters, a thinner strip
        side, top, bottom = self.margins(small)
        strip = 0.35 if small else 1.0
        labels = not small and self.label_px > 0
        # A picture asked for letters of the readable size (see thumbnail) keeps room for
        # them under the frame: the rules page at 200% of 1024x768 wrote them at 16 px in a
        # 0.55-cell margin, the readable size being 20.
        # So does the play screen (its readable size, see draw): at 200% of 1024x640 the
        # 10x10 board left them out while the title said "Yellow chooses e" (QA13 33).
        least = max(self.coords_least, 0 if small else self._letters_least)
        letters = 0 if not least else (
            txt.font(least, True).get_height() + max(2, least // 4))
        self._lay_goal(options.connect, labels)
        letters += self._goal_h
        cell = min(self.rect.width / (cols + 2 * side),
                   self.rect.height / (rows + (MARKS_BAND if labels else strip) + top + bottom))
        if labels:
            # Room for the labels' row over the marks (see strip_height) and for the letters
            # and the goal line under the frame, the board as large as the rest allows.
            cell, strip_px = self._cell_and_strip(int(cell), top, bottom, letters)
        else:
            if letters > cell * bottom:
                cell = min(cell, (self.rect.height - letters) / (rows + strip + top))
            strip_px = round(cell * strip)
        self.cell = max(1, int(cell))
        width, height = self.cell * cols, self.cell * rows
        above = round(self.cell * top) + strip_px
        whole = above + height + max(round(self.cell * bottom), letters)
        self.unused = self.rect.height - whole
        self.board = pygame.Rect(0, 0, width, height)
        self.board.centerx = self.rect.centerx
        self.board.top = self.rect.centery - whole // 2 + above
        self.strip = pygame.Rect(self.board.left, self.board.top - strip_px, width, strip_px)

    def _lay_goal(self, connect: int, play: bool) -> None:
        """On the play screen (``play``), the goal line's text, size and height when a line is
        not four (see :data:`GOAL_SHARE`), as wide as the rectangle allows."""
        self.goal = goal_text(connect) if play else ""
        self.goal_px = self._goal_h = 0
        if not self.goal:
            return
        least = self._letters_least or 12
        px = max(least, round(self.label_px * GOAL_SHARE))
        self.goal_px = txt.fit_px(self.goal, self.rect.width, px, True, min_px=least)
        self._goal_h = txt.font(self.goal_px, True).get_linesize()

    def _cell_and_strip(self, most: int, top: float, bottom: float,
                        letters: int) -> tuple[int, int]:
        """The largest cell, up to ``most``, whose board with ``top`` cells above, the label
        strip above that (see :func:`strip_height`) and under it ``bottom`` cells or the
        ``letters`` pixels the letters and the goal line take, whichever is more, fits the
        rectangle's height, and that strip's height. Laid out again every frame: remembered
        for the last size."""
        key = (self.rect.height, most, self.shape, self.label_px, top, bottom, letters,
               self.compact)
        if self._strip_key != key:
            rows = self.shape[1]
            cell = max(1, most)

            def board(cell: int) -> int:
                """The height of the board, its margin above and what is under it."""
                return round(cell * top) + cell * rows + max(round(cell * bottom), letters)

            # With large text the strip keeps room for the panel's least words, not the body
            # size (see STRIP_TEXT_SHARE).
            px = round(self.label_px * (STRIP_TEXT_SHARE if self.compact else 1.0))
            while cell > 1 and board(cell) + strip_height(cell, px) > self.rect.height:
                cell -= 1
            # A board the width limits leaves height spare: the labels' row takes it, up to
            # the body size or the size a two-character label fills its cap at (see
            # SPARE_SAMPLE; at 200% of 1024x768 alpha-beta's "−11" 24 -> 28 px on 7x6).
            spare = math.floor(self.rect.height - board(cell))
            strip = max(strip_height(cell, px),
                        min(strip_height(cell, self.label_px, SPARE_SAMPLE), spare))
            self._strip_key, self._strip_plan = key, (cell, strip)
        return self._strip_plan

    def sizes(self) -> tuple[float, ...]:
        """The cell's size (see :meth:`BoardView.sizes`)."""
        return (self.cell,)

    def _ensure(self, state: Any) -> None:
        """Lay out again if the board's shape changed since the last layout."""
        if self.shape != (state.options.cols, state.options.rows):
            self.layout(self.rect, state)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """The centre of cell ``(row, col)``, row 0 at the bottom, in float pixels."""
        return (self.board.left + (col + 0.5) * self.cell,
                self.board.bottom - (row + 0.5) * self.cell)

    def marks(self) -> pygame.Rect:
        """The strip's band just above the frame where the person's marks go (the legal
        columns' dots, the disc about to drop, the hint's ring): :data:`MARKS_BAND` of a cell,
        the whole strip when it is thinner (a menu card); the labels' row is above it."""
        if self.strip.height < self.cell // 2:
            return pygame.Rect(self.strip)
        height = min(self.strip.height, round(self.cell * MARKS_BAND))
        return pygame.Rect(self.strip.left, self.strip.bottom - height, self.strip.width, height)

    def strip_centre(self, col: int) -> tuple[float, float]:
        """The centre of column ``col``'s place in the marks' band above the frame."""
        return self.board.left + (col + 0.5) * self.cell, float(self.marks().centery)

    def cap(self, col: int, height: int) -> pygame.Rect:
        """Column ``col``'s label cap ``height`` pixels high, in the middle of the labels'
        row above the marks (in the top hole when the strip is too thin: a menu card)."""
        rect = pygame.Rect(0, 0, cap_width(self.cell), height)
        x = round(self.board.left + (col + 0.5) * self.cell)
        if self.strip.height < self.cell // 2:
            rect.center = (x, round(self.centre(self.shape[1] - 1, col)[1]))
        else:
            rect.center = (x, (self.strip.top + self.marks().top) // 2)
        return rect

    def hit(self, pos: tuple[int, int], state: Any) -> Element | None:
        """The column under ``pos`` (in the frame or the strip above it), or None."""
        self._ensure(state)
        x, y = pos
        if not (self.strip.top <= y < self.board.bottom and
                self.board.left <= x < self.board.right):
            return None
        col = int((x - self.board.left) // self.cell)
        return column(col) if 0 <= col < state.options.cols else None

    def centre_of(self, element: Any) -> tuple[int, int]:
        """The centre of a column's top hole (a column) or of a cell ``(row, col)``."""
        col = as_column(element)
        if col is not None:
            x, y = self.centre(self.shape[1] - 1, col)
            return round(x), round(y)
        if (isinstance(element, tuple) and len(element) == 2
                and all(isinstance(v, int) for v in element)):
            x, y = self.centre(element[0], element[1])
            return round(x), round(y)
        raise ValueError(f"{element!r} is not a column or a cell of a laid-out board")

    def controller(self, state: Any) -> Connect4Controller:
        """A controller for the side to move."""
        return Connect4Controller(state)

    def thumbnail(self, surface: pygame.Surface, rect: pygame.Rect, state: Any,
                  coords_px: int = 0) -> None:
        """Draw ``state`` small; an empty board (the menu card's start position) gets a few
        discs dropped first, so the card shows red and yellow discs in a blue frame."""
        if isinstance(state, Connect4State) and not any(state.boards):
            for col in CARD_COLUMNS:
                move = Connect4Move(min(col, state.options.cols - 1))
                if state.outcome is None and move in state.legal_moves():
                    state = state.play(move)
        self.coords_least = coords_px
        super().thumbnail(surface, rect, state, coords_px)

    # -- pictures made once per size ---------------------------------------------------------

    def _frame(self, theme: Theme) -> pygame.Surface:
        """The frame with see-through holes, drawn at twice the size and scaled down so the
        holes' edges are smooth; made once per size and theme."""
        cols, rows = self.shape
        key = (self.cell, cols, rows, theme.name)
        frame = self._frames.get(key)
        if frame is None:
            self._frames.clear()
            scale = 2
            big_cell = self.cell * scale
            big = pygame.Surface((big_cell * cols, big_cell * rows), pygame.SRCALPHA)
            big.fill((*theme.connect4_frame, 255))
            shade = blend(theme.connect4_frame, theme.shadow, 0.45)
            for row in range(rows):
                for col in range(cols):
                    centre = ((col + 0.5) * big_cell, (row + 0.5) * big_cell)
                    # A darker ring around each hole gives the frame some depth.
                    pygame.draw.circle(big, (*shade, 255), centre,
                                       big_cell * (HOLE_RADIUS + 0.035))
                    # Drawing a transparent colour replaces the pixels: a hole.
                    pygame.draw.circle(big, (0, 0, 0, 0), centre, big_cell * HOLE_RADIUS)
            frame = pygame.transform.smoothscale(big, (self.cell * cols, self.cell * rows))
            self._frames[key] = frame
        return frame

    def _disc(self, surface: pygame.Surface, centre: tuple[float, float], player: int,
              theme: Theme, alpha: int = 255, scale: float = 1.0) -> None:
        """A disc of ``player`` with its shadow, rim and inner ring; see-through below 255."""
        r = max(2, round(self.cell * DISC_RADIUS * scale))
        key = (r, player, theme.name, alpha)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 32:
                self._sprites.clear()
            size = 2 * r + 8
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            fill, rim = disc_colours(player, theme)
            mid = (size / 2, size / 2)
            alpha_circle(sprite, (mid[0] + r * 0.06, mid[1] + r * 0.09), r, theme.shadow, 120)
            disc(sprite, mid, r, fill, rim, max(2, round(r * 0.09)))
            # The moulded ring of a real disc: a darker circle inside the face.
            alpha_circle(sprite, mid, r * 0.68, rim, 150, width=max(1, round(r * 0.07)))
            if alpha < 255:
                sprite.set_alpha(alpha)
            self._sprites[key] = sprite
        half = sprite.get_width() / 2
        surface.blit(sprite, (round(centre[0] - half), round(centre[1] - half)))

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: Any, ctx: BoardContext) -> None:
        """Holes, discs (one maybe falling), frame, letters, hover, hint, the line, scores."""
        if ctx.coords_px != self._letters_least:
            self._letters_least = ctx.coords_px
            self.layout(self.rect, state)
        self._ensure(state)
        self.counts_shortened = False
        self.labelled = None
        self.labels_left_out = False
        theme = ctx.theme
        board: Connect4State = state
        cols, rows = self.shape
        surface.fill(theme.panel, self.board)
        falling = self._falling(board, ctx)
        for row in range(rows):
            for col in range(cols):
                owner = board.cell(row, col)
                if owner is not None and (row, col) != falling:
                    self._disc(surface, self.centre(row, col), owner, theme)
        if falling is not None:
            self._draw_falling(surface, board, falling, ctx.anim, theme)
        surface.blit(self._frame(theme), self.board.topleft)
        if self.cell >= COORDINATES_MIN_CELL or (ctx.coords_px and (
                self.coords_least or min(self.rect.size) >= CARD_MOST)):
            # Also in smaller cells where the readable size is asked for (not a menu card):
            # the layout kept room for the letters under the frame.
            self._draw_letters(surface, theme, ctx.coords_px)
        self._draw_goal(surface, theme)
        last = ctx.last_move if isinstance(ctx.last_move, Connect4Move) else None
        if last is not None and falling is None:
            row = board.height(last.col) - 1 if last.col < cols else -1
            if 0 <= row < rows and board.cell(row, last.col) is not None:
                alpha_circle(surface, self.centre(row, last.col), self.cell * 0.08,
                             theme.last_move, 255)
        controller = ctx.controller if ctx.interactive else None
        if isinstance(controller, Connect4Controller):
            self._draw_hover(surface, board, controller, ctx)
        hint = ctx.hint_move if isinstance(ctx.hint_move, Connect4Move) else None
        if hint is not None and hint.col < cols:
            self._draw_hint(surface, board, hint, theme)
        if falling is None:
            self._draw_lines(surface, board, theme)
        if ctx.scores:
            self._draw_scores(surface, ctx)

    def _falling(self, board: Connect4State, ctx: BoardContext) -> tuple[int, int] | None:
        """The cell of the disc still dropping, or None when nothing is animated."""
        previous = ctx.previous_state
        last = board.last_move
        if (not isinstance(previous, Connect4State) or last is None or not 0 <= ctx.anim < 1
                or previous.options != board.options):
            return None
        row = board.height(last.col) - 1
        if row < 0 or previous.height(last.col) != row:
            return None  # not the move just played (an undo, another game): no drop
        return row, last.col

    def _draw_falling(self, surface: pygame.Surface, board: Connect4State,
                      cell: tuple[int, int], anim: float, theme: Theme) -> None:
        """The new disc between the strip and its cell: gravity, then a small bounce."""
        row, col = cell
        owner = board.cell(row, col)
        if owner is None:
            return
        x, top = self.strip_centre(col)
        bottom = self.centre(row, col)[1]
        if anim < FALL_PART:
            t = anim / FALL_PART
            y = top + (bottom - top) * t * t  # distance grows with the square of time
        else:
            t = (anim - FALL_PART) / (1 - FALL_PART)
            y = bottom - self.cell * 0.12 * 4 * t * (1 - t)  # a short hop back up and down
        clip = surface.get_clip()
        surface.set_clip(self.strip.union(self.board).clip(clip))
        self._disc(surface, (x, y), owner, theme)
        surface.set_clip(clip)

    def _draw_letters(self, surface: pygame.Surface, theme: Theme, least: int = 0) -> None:
        """Column letters under the frame, as in the moves' text: bold, in the text colour, as
        large as a grid board's coordinates (see :func:`~game.ui.boards.base.coordinate_px`)
        or as the screen's text (up to :data:`~game.ui.boards.base.COORDINATES_MAX` of a
        cell), at least ``least`` px, as far as the room under the frame allows. Grey,
        regular and 0.27 of a cell, a lower-case letter stood about 8 px high at 200% of
        1024x640 (16 px text in a 40 px cell)."""
        gap = max(2, self.cell // 20)
        room = self.rect.bottom - self.board.bottom - gap - self._goal_h
        px = max(least, min(int(self.cell * COORDINATES_MAX),
                            max(coordinate_px(self.cell, least), self.label_px)))
        while px > 7 and txt.font(px, True).get_height() > room:
            px -= 1
        y = self.board.bottom + gap
        for col in range(self.shape[0]):
            x = round(self.board.left + (col + 0.5) * self.cell)
            txt.blit_text(surface, chr(ord("a") + col), px, theme.text, (x, y),
                          anchor="midtop", bold=True)

    def _draw_goal(self, surface: pygame.Surface, theme: Theme) -> None:
        """The goal line (see :meth:`_lay_goal`) at the bottom of the rectangle, under the
        letters, in the accent colour: the one rule this game changed."""
        if self.goal_px:
            txt.blit_text(surface, self.goal, self.goal_px, theme.accent,
                          (self.board.centerx, self.rect.bottom - self._goal_h),
                          anchor="midtop", bold=True, max_width=self.rect.width)

    def _draw_hover(self, surface: pygame.Surface, board: Connect4State,
                    controller: Connect4Controller, ctx: BoardContext) -> None:
        """The hovered column lit, a see-through disc above it and where it would land."""
        theme = ctx.theme
        hovered = self.hit(ctx.hover, board) if ctx.hover is not None else None
        targets = controller.hover_targets(hovered)
        col = as_column(hovered)
        if col is None:
            if ctx.show_legal and self.strip.height >= self.cell // 2:
                marks = self.marks()
                # Opaque and a third of the cell across (as far as the strip allows): at
                # 0.16 of a cell, 170/255 opaque, they were dark blue on the high-contrast
                # theme's black, 17 px in a 108 px cell at 1920x1080.
                radius = min(self.cell * LEGAL_DOT_RADIUS, marks.height * 0.4)
                for element in controller.highlighted():
                    c = as_column(element)
                    if c is not None:
                        pygame.draw.circle(surface, theme.legal, self.strip_centre(c), radius)
            return
        lane = pygame.Rect(self.board.left + col * self.cell, self.strip.top, self.cell,
                           self.board.bottom - self.strip.top)
        alpha_fill(surface, lane, theme.text, 30 if targets else 15)
        if not targets:
            return
        # As large as the marks' band holds it: the labels' row is above.
        band = self.marks().height * 0.9 / (2 * DISC_RADIUS * self.cell)
        self._disc(surface, self.strip_centre(col), board.to_move, theme, alpha=200,
                   scale=min(1.0, band))
        for target in targets:
            if isinstance(target, tuple) and len(target) == 2:
                self._disc(surface, self.centre(target[0], target[1]), board.to_move, theme,
                           alpha=110)

    def _draw_hint(self, surface: pygame.Surface, board: Connect4State, hint: Connect4Move,
                   theme: Theme) -> None:
        """The hinted column: a ring where its disc would land and one in the strip."""
        row = board.landing_row(hint)
        width = max(2, self.cell // 18)
        if row is not None:
            alpha_circle(surface, self.centre(row, hint.col), self.cell * 0.33, theme.hint, 230,
                         width=width)
        alpha_circle(surface, self.strip_centre(hint.col), self.cell * 0.2, theme.hint, 230,
                     width=width)

    def _draw_lines(self, surface: pygame.Surface, board: Connect4State, theme: Theme) -> None:
        """A ring on each winning disc and a thick stroke through each winning line."""
        lines = board.winning_lines()
        if not lines:
            return
        ring = max(3, round(self.cell * 0.07))
        for cell in board.winning_cells():
            # A dark ring under the light one: it reads on red and on yellow discs alike.
            alpha_circle(surface, self.centre(*cell), self.cell * DISC_RADIUS, theme.shadow,
                         255, width=ring * 2)
            alpha_circle(surface, self.centre(*cell), self.cell * DISC_RADIUS, theme.highlight,
                         255, width=ring)
        width = max(3, round(self.cell * 0.12))
        for line in lines:
            start, end = self.centre(*line[0]), self.centre(*line[-1])
            pygame.draw.line(surface, theme.shadow, start, end, width + max(2, width // 2))
            pygame.draw.line(surface, theme.highlight, start, end, width)
            for p in (start, end):
                pygame.draw.circle(surface, theme.highlight, (round(p[0]), round(p[1])),
                                   width // 2 + 1)

    def _label_plan(self, ctx: BoardContext
                    ) -> tuple[dict[Any, tuple[str, Colour, bool]], int, bool]:
        """The labels, their one size and whether a label is written shorter: the largest
        size, up to the screen's text size and the labels' row's height, at which every label
        fits its cap (:func:`cap_width`) whole, else in whole thousands ("1449" whole, "21k"
        beside it), and labels of different counts differ. At 1920x1080 1,400 playouts read
        "1k" and 1,500 "2k": two counts under one label mislead a class more than a smaller
        text (the colour ranks them too). Where that size is under the readable one, the
        labels' short forms (see :func:`bare_labels`) if they make it readable."""
        assert ctx.scores is not None
        scores = ctx.scores
        height = self.cell if self.strip.height < self.cell // 2 else (
            self.marks().top - self.strip.top)
        most = label_px(ctx, self.cell * 0.27)
        while most > 7 and chip_height(most) > height:
            most -= 1
        width = cap_width(self.cell)

        def plan(size: int) -> tuple[dict[Any, tuple[str, Colour, bool]], int, bool]:
            # Whole or in whole thousands, as the legend's sample is written ("21k").
            return fitted_labels(scores, ctx.score_kind, ctx.theme, size, width,
                                 COUNT_FORMS, CAP_PAD_SHARE, whole_or_shortest=True)

        found = largest_plan(scores, plan, most)
        bare = bare_labels(scores, ctx.score_kind, ctx.theme)
        if found[1] >= ctx.coords_px or bare is None:
            return found
        texts = [text for text, _colour, _best in bare.values()]
        shorter = largest_plan(scores, lambda size: (
            bare, shared_label_px(texts, size, width, CAP_PAD_SHARE), True), most)
        return shorter if shorter[1] > found[1] else found

    def _draw_scores(self, surface: pygame.Surface, ctx: BoardContext) -> None:
        """Each scored column's label in its cap, one row above the marks, every cap as wide
        as its column; the best one outlined."""
        labels, px, self.counts_shortened = self._label_plan(ctx)
        if px < ctx.coords_px:
            # Readable or not drawn (the legend then says so): on a 10x10 board at 200% of
            # 1024x640 they were 14 px, the readable size being 16 (QA13 33).
            self.labelled = frozenset()
            self.labels_left_out = True
            return
        height = chip_height(px)
        for move, (text, colour, best) in labels.items():
            if not isinstance(move, Connect4Move) or move.col >= self.shape[0]:
                continue
            cap = self.cap(move.col, height)
            # The text in the middle of a chip exactly the cap's width.
            pad = max(1, (cap.width - txt.size(text, px, True)[0]) // 2)
            score_chip(surface, text, cap.center, px, colour, ctx.theme, best=best,
                       side_pad=pad, look=chip_look((ctx.scores or {}).get(move)))


class Connect4Presenter(GamePresenter):
    """Puissance 4 in words: Red and Yellow, the board as columns x rows and the line length,
    discs counted; a move is its column's letter."""

    game = "connect4"
    #: The menu's ranges: boards from 4x4 to 9 columns x 8 rows (a classroom board whose
    #: discs read from the back of the room; the rules accept up to 10x10 for the arena) and
    #: three to five in a row.
    option_specs = MappingProxyType({
        "cols": OptionSpec("int", MIN_SIZE, 9),
        "rows": OptionSpec("int", MIN_SIZE, 8),
        "connect": OptionSpec("int", MIN_CONNECT, MAX_CONNECT),
    })
    rules_plies = 5
    smoke_seats = ("alphabeta:depth=2", "mcts:iterations=200")

    def side_colour(self, side: int, theme: Theme) -> Colour:
        return disc_colours(side, theme)[0]

    def describe_options(self, options: Any) -> str:
        return tr("describe.connect4", cols=options.cols, rows=options.rows, n=options.connect)

    def variant_label(self, options: Any) -> str:
        return tr("variant.connect4", cols=options.cols, rows=options.rows, n=options.connect)

    def side_summary(self, state: Any, side: int) -> str:
        return plural("play.count.connect4", state.count(side))

    def side_count(self, state: Any, side: int) -> int | None:
        return int(state.count(side))

    def clicks_for(self, state: Any, move: Any) -> list[Element]:
        return [column(move.col)]
