"""Othello's board: black and white discs, legal moves as dots, flips animated, disc counts.

Board elements are cells ``(row, col)``, row 0 at the top (``a1`` top-left, rows 1-8 top to
bottom), as in the rules. One click on a dotted cell is a move. When the side to move has no
move the only legal move is the pass; the play scene plays it by itself, and a click here
returns it too, so a pass never blocks the game.

The flip animation follows ``ctx.anim`` from 0 to 1 after ``ctx.previous_state``: the new disc
grows in, then each turned disc narrows to its edge and opens in the new colour, the nearest
ones to the new disc first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any

import pygame

from ai.bounds import Proven
from game.rules.base import Outcome
from game.rules.othello import (
    BLACK_CELL,
    EMPTY_CELL,
    PASS,
    WHITE_CELL,
    OthelloMove,
    OthelloState,
    move_at,
)
from game.ui import text as txt
from game.ui.boards.base import (
    COORDINATES_MIN_CELL,
    COUNT_FORMS,
    COUNT_KINDS,
    BoardContext,
    Cell,
    ClickResult,
    Colour,
    Element,
    Grid,
    GridBoardView,
    InputController,
    alpha_circle,
    alpha_fill,
    as_cell,
    chip_rect,
    disc,
    free_spot,
    label_px,
    score_chip,
    score_labels,
    shared_label_px,
    side_column_width,
)
from game.ui.boards.chip_look import chip_look
from game.ui.boards.chip_packing import TIED_OVERFLOW, pack_chips, tied_chips
from game.ui.boards.presenter import GamePresenter, OptionSpec, is_pass
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.theme import Theme, blend, disc_rim


class OthelloController(InputController):
    """One click on a dotted cell places a disc."""

    def __init__(self, state: OthelloState) -> None:
        super().__init__(state)
        self.othello: OthelloState = state
        self._cells: dict[Cell, OthelloMove] = {
            (m.row, m.col): m for m in self.legal if not m.is_pass
        }
        self.must_pass = bool(self.legal) and not self._cells

    def click(self, element: Element | None) -> ClickResult:
        """Place a disc, pass when that is the only move, or say why nothing happened."""
        if self.othello.outcome is not None:
            return ClickResult(message_key="boards.game_over")
        if self.must_pass:
            return ClickResult(move=PASS, message_key="boards.must_pass", changed=True)
        cell = as_cell(element)
        if cell is None:
            return ClickResult()
        if cell in self._cells:
            return ClickResult(move=self._cells[cell], changed=True)
        size = self.othello.size
        if not (0 <= cell[0] < size and 0 <= cell[1] < size):
            return ClickResult()
        if self.othello.cell(*cell) != EMPTY_CELL:
            return ClickResult(message_key="boards.cell_taken")
        return ClickResult(message_key="boards.not_legal_disc")

    def prompt_key(self) -> str:
        """Place a disc, or pass."""
        return "boards.must_pass" if self.must_pass else "boards.choose_disc"

    def highlighted(self) -> set[Element]:
        """The cells where a disc may go."""
        return set(self._cells)


#: The disc counts' columns beside the board: at most this share of the width each, at least
#: this many cells (their "discs" caption stays readable), or none (see
#: :func:`~game.ui.boards.base.side_column_width`).
COUNTS_SHARE = 0.14
COUNTS_CELLS = 1.2
#: A score label's chip may be this many cells wide, overflowing its cell onto its neighbours
#: (translucent): with large text "−5,3" at body size is 1.5 to 1.8 cells wide.
LABEL_MOST_CELLS = 2.0
#: How far a score chip may move up or down from its cell's centre, in eighths of a cell (see
#: OthelloView._spots): its centre stays in the middle half of its cell, and two neighbours'
#: chips may sit half a cell apart, one above the other.
STEPS_Y = (0, -1, 1, -2, 2)
#: The middle of a disc (a share of the cell's side) no other cell's chip may cover: the
#: disc's colour still reads around a chip that overflows onto its edge.
DISC_CORE = 0.6
#: ... and the middle of a legal move's dot (its radius is 0.18 of the cell).
LEGAL_DOT_CLEAR = 0.36
#: How far a score chip tied to its cell may pass the board's left or right edge, a share of
#: a cell: the row numbers beside the board start about a quarter of a cell out.
EDGE_OVERHANG = 0.1
#: How far it may move sideways, in eighths of a cell: its centre stays inside its cell, so
#: nearer that cell's centre than any other's (half a cell put it on the line between two).
SHIFTS_X = (0, -2, 2, -3, 3)


def chip_shifts(cell: int, steps_y: tuple[int, ...], leftmost: bool = False
                ) -> list[tuple[int, int]]:
    """A score chip's moves to try, (sideways in pixels, up or down in eighths of a cell):
    the nearest first, or with ``leftmost`` the furthest left first."""
    pairs = [(dx * (cell // 8), dy) for dx in SHIFTS_X for dy in steps_y]
    if leftmost:
        return sorted(pairs, key=lambda d: (d[0], abs(d[1])))
    return sorted(pairs, key=lambda d: (abs(d[0]), abs(d[1])))


#: Score labels to draw: each one's text and its cell's centre.
Labels = list[tuple[str, tuple[float, float]]]


def alike_when_short(full: Labels, short: Labels,
                     unranked: Sequence[bool] | None = None) -> list[bool]:
    """For each label, whether its short form is another's while their full forms differ:
    written short, two scores that rank apart would read alike (the n-tuple network's
    "\u22120.69" and "\u22120.70", both "\u22120.7" in two colours, QA13 4). Two labels
    ``unranked`` (drawn in the text colour: a search's bounds, which do not rank the moves
    among themselves) may read alike: "\u2264\u22123" for "\u2264\u22122.9" and
    "\u2264\u22123.3" kept eleven engine labels at 19 px, readable 20 (200% of 1024x768)."""
    free = list(unranked) if unranked is not None else [False] * len(full)
    return [any(other_form == form and other != text and not (free[i] and free[j])
                for j, ((other, _o), (other_form, _p)) in enumerate(zip(full, short,
                                                                         strict=True)))
            for i, ((text, _c), (form, _s)) in enumerate(zip(full, short, strict=True))]


#: A score chip's side padding is its text size divided by this (see :func:`chip_side_pad`;
#: a tenth, where other boards' chips take a third, ``base.CHIP_PAD_SHARE``).
OTHELLO_PAD_SHARE = 10
#: The score labels stay inside this share of their cells' width ...
IN_CELL = 0.96
#: ... where that keeps this share of the body size at least, and this many readable sizes
#: (else they may pass their cells, see :meth:`OthelloView._score_chips`).
IN_CELL_LEAST = 0.65
IN_CELL_READABLE = 1.5


def chip_side_pad(px: int) -> int:
    """The room left and right of a score label's text: a tenth of its size, not the usual
    third (8 px more of text at 48 px where chips already overflow their cells; a sixth left
    alpha-beta's "+114", 65 px at 20 px, no room between two discs at 200% of 1024x768)."""
    return max(2, px // OTHELLO_PAD_SHARE)


class OthelloView(GridBoardView):
    """Draws an Othello position with dots, last move, hint, counts, flips and scores."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self._panels: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0),) * 2
        self._sprites: dict[tuple[int, int, str, Colour], pygame.Surface] = {}
        #: What the score chips being laid out must not cover (see :meth:`_keep_clear`).
        self._clear: list[pygame.Rect] = []
        #: The last score chips laid out (see :meth:`_score_chips`): their key and result.
        self._chips_cache: tuple[Any, tuple[int, list[pygame.Rect]]] | None = None
        #: ... and tied to their cells (see :meth:`_laid_out`).
        self._tied_cache: tuple[Any, tuple[int, list[pygame.Rect], Labels]] | None = None
        #: The score labels last drawn: their text size and each one's chip and cell.
        self.drawn_chips: tuple[int, list[tuple[pygame.Rect, Cell]]] = (0, [])
        #: The chosen move's frame last drawn over its chip (see :meth:`_frame_chosen`).
        self.chosen_frame: pygame.Rect | None = None

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """The board in the middle, each side's disc count in a column beside it."""
        self.rect = pygame.Rect(rect)
        # Small pictures (menu cards) show just the board: the counts would be unreadable.
        # With large text neither: the seat cards say the counts, and the panel took the
        # width (at 200% of 1280x720 the columns left the panel 500 px of 1280, and the
        # engine's reasoning one fact).
        side = (side_column_width(self.rect, state.size, state.size, COUNTS_SHARE, COUNTS_CELLS)
                if min(self.rect.size) >= 260 and not self.compact else 0)
        area = pygame.Rect(self.rect.left + side, self.rect.top, self.rect.width - 2 * side,
                           self.rect.height)
        self.grid = Grid(area, state.size, state.size, rows_up=False)
        board = self.grid.board
        left_strip = board.left - self.grid.cell * 0.55 - self.rect.left
        right_strip = self.rect.right - (board.right + self.grid.cell * 0.55)
        width = max(0, round(min(left_strip, right_strip, self.grid.cell * 2.2) * 0.9))
        if side == 0:
            width = 0
        height = round(min(board.height * 0.5, width * 1.5))
        left = pygame.Rect(0, 0, width, height)
        left.center = (round(self.rect.left + left_strip / 2), board.centery)
        right = pygame.Rect(0, 0, width, height)
        right.center = (round(self.rect.right - right_strip / 2), board.centery)
        self._panels = (left, right)

    def sizes(self) -> tuple[float, ...]:
        """The cell's size and the disc counts' columns width (see :meth:`BoardView.sizes`)."""
        return (*super().sizes(), self._panels[0].width)

    def grid_shape(self, state: Any) -> tuple[int, int]:
        """A square board of ``state.size`` cells a side."""
        return state.size, state.size

    def controller(self, state: Any) -> OthelloController:
        """A controller for the side to move."""
        return OthelloController(state)

    # -- drawing ---------------------------------------------------------------------------

    def _colours(self, content: int, theme: Theme) -> tuple[Colour, Colour]:
        """Fill and rim of a disc: Black is player 0, White player 1 (Othello's names)."""
        if content == BLACK_CELL:
            return theme.piece1, blend(theme.piece1, theme.text, 0.35)
        return theme.piece0, theme.piece_outline

    def _disc(self, surface: pygame.Surface, centre: tuple[float, float], radius: float,
              content: int, theme: Theme, squash: float = 1.0,
              behind: Colour | None = None) -> None:
        """A disc with a rim and a soft shine; ``squash`` < 1 narrows it (mid-flip).

        ``behind`` is the colour under the disc (the board's cells by default): a disc that
        would melt into it gets a contrasting rim.
        """
        fill, rim = self._colours(content, theme)
        rim = disc_rim(fill, theme.felt if behind is None else behind, rim, theme)
        if squash >= 0.999:
            r = max(2, round(radius))
            key = (r, content, theme.name, rim)
            sprite = self._sprites.get(key)
            if sprite is None:
                # A whole disc (shadow, rim, shine) is rendered once per size and colour.
                if len(self._sprites) > 32:
                    self._sprites.clear()
                sprite = pygame.Surface((2 * r + 8, 2 * r + 8), pygame.SRCALPHA)
                self._disc_full(sprite, (r + 4, r + 4), r, fill, rim, theme)
                self._sprites[key] = sprite
            surface.blit(sprite, (round(centre[0]) - r - 4, round(centre[1]) - r - 4))
            return
        width = max(2, round(2 * radius * squash))
        rect = pygame.Rect(0, 0, width, round(2 * radius))
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.ellipse(surface, rim, rect)
        inner = rect.inflate(-max(2, round(radius * 0.16 * squash)), -max(2, round(radius * 0.16)))
        if inner.width > 0:
            pygame.draw.ellipse(surface, fill, inner)

    @staticmethod
    def _disc_full(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                   fill: Colour, rim: Colour, theme: Theme) -> None:
        """A whole disc: soft shadow, rim, face and (on dark discs) a shine."""
        alpha_circle(surface, (centre[0] + radius * 0.07, centre[1] + radius * 0.1), radius,
                     theme.shadow, 110)
        disc(surface, centre, radius, fill, rim, max(2, round(radius * 0.08)))
        if sum(fill) < 450:
            # A soft shine gives dark discs volume (on light discs it would not show).
            alpha_circle(surface, (centre[0] - radius * 0.3, centre[1] - radius * 0.3),
                         radius * 0.22, blend(fill, (255, 255, 255), 0.6), 90)

    def draw(self, surface: pygame.Surface, state: Any, ctx: BoardContext) -> None:
        """Board, coordinates, discs (animated), dots, last move, hint, counts and scores."""
        grid = self._ensure(state)
        theme = ctx.theme
        oth: OthelloState = state
        grid.draw_cells(surface, theme, checker=False, fill=theme.felt)
        if grid.cell >= COORDINATES_MIN_CELL:
            # With large text as large as the margin allows: at the readable size they stood
            # at the floor (20 px at 200% of 1024x768) beside Hexapawn's 27 (QA 13.6), and a
            # class reading "White chooses c5" must find c5.
            grid.draw_coordinates(surface, theme, max(ctx.coords_px, ctx.label_px)
                                  if self.compact else ctx.coords_px)
        self._draw_star_points(surface, grid, theme)
        last = ctx.last_move if isinstance(ctx.last_move, OthelloMove) else None
        if last is not None and not last.is_pass and last.row < oth.size and last.col < oth.size:
            # Highlight, not the last-move green, which would vanish on the green cloth.
            grid.tint_cell(surface, last.row, last.col, theme.highlight, 110)
        previous = ctx.previous_state
        animating = (isinstance(previous, OthelloState) and previous.size == oth.size
                     and 0.0 <= ctx.anim < 1.0)
        origin = (last.row, last.col) if last is not None and not last.is_pass else None
        radius = grid.cell * 0.41
        for row in range(oth.size):
            for col in range(oth.size):
                now = oth.cell(row, col)
                if now == EMPTY_CELL:
                    continue
                centre = grid.centre(row, col)
                if animating:
                    assert isinstance(previous, OthelloState)
                    before = previous.cell(row, col)
                    if before != now:
                        self._draw_changing(surface, centre, radius, before, now, ctx.anim,
                                            (row, col), origin, theme)
                        continue
                self._disc(surface, centre, radius, now, theme)
        if last is not None and not last.is_pass and last.row < oth.size and last.col < oth.size:
            # A small mark on the last disc placed, in the colour that reads on it.
            content = oth.cell(last.row, last.col)
            mark = theme.last_move if content == BLACK_CELL else blend(theme.last_move,
                                                                       theme.shadow, 0.3)
            alpha_circle(surface, grid.centre(last.row, last.col), grid.cell * 0.14, mark, 255)
        controller = ctx.controller if ctx.interactive else None
        if isinstance(controller, OthelloController) and ctx.show_legal:
            hover = grid.cell_at(ctx.hover) if ctx.hover is not None else None
            for element in controller.highlighted():
                cell = as_cell(element)
                if cell is None:
                    continue
                if cell == hover:
                    self._draw_preview(surface, oth, cell, theme)
                else:
                    alpha_circle(surface, grid.centre(*cell), grid.cell * 0.18, theme.legal, 220)
        self._draw_counts(surface, oth, theme, ctx.coords_px)
        self.chosen_frame = None
        self.labelled = None
        if ctx.scores:
            self._draw_scores(surface, oth, ctx)
        hint = ctx.hint_move if isinstance(ctx.hint_move, OthelloMove) else None
        if (hint is not None and not hint.is_pass and hint.row < oth.size
                and hint.col < oth.size and self.chosen_frame is None):
            # (With a label on it, its frame is drawn round the label: see _frame_chosen.)
            grid.outline_cell(surface, hint.row, hint.col, theme.hint, 0.07)
            alpha_circle(surface, grid.centre(hint.row, hint.col), grid.cell * 0.3, theme.hint,
                         220, width=max(2, grid.cell // 18))

    def moves_under_chips(self, ctx: BoardContext) -> list[tuple[int, int]]:
        """The person's moves whose dot a score chip covers: their cells are framed in the
        dots' colour over the chips. The AI's labels stay through the person's turn, and on
        cells that were now the person's moves they hid the dots: "Click a cell with a dot",
        and none showed (QA, real window, 8x8 at 200%). Keeping the dots clear instead shrank
        the labels to 15 px at 1024x768; a chip is up to three quarters of a cell high, so
        no corner of the cell is left for a smaller dot, but a frame shows above and below
        it."""
        grid = self.grid
        controller = ctx.controller if ctx.interactive else None
        if grid is None or not ctx.show_legal or not isinstance(controller, OthelloController):
            return []
        chips = [chip for chip, _cell in self.drawn_chips[1]]
        hover = grid.cell_at(ctx.hover) if ctx.hover is not None else None
        side = round(grid.cell * LEGAL_DOT_CLEAR)
        under = []
        for element in controller.highlighted():
            cell = as_cell(element)
            if cell is None or cell == hover:
                continue
            dot = pygame.Rect(0, 0, side, side)
            x, y = grid.centre(*cell)
            dot.center = (round(x), round(y))
            if dot.collidelist(chips) >= 0:
                under.append(cell)
        return under

    def _draw_star_points(self, surface: pygame.Surface, grid: Grid, theme: Theme) -> None:
        """The four small dots of an 8x8 board (at the corners of the centre 4x4)."""
        if grid.rows != 8:
            return
        for row, col in ((2, 2), (2, 6), (6, 2), (6, 6)):
            x = grid.board.left + col * grid.cell
            y = grid.board.top + row * grid.cell
            pygame.draw.circle(surface, theme.grid, (x, y), max(2, grid.cell // 18))

    def _draw_changing(self, surface: pygame.Surface, centre: tuple[float, float],
                       radius: float, before: int, now: int, anim: float, cell: Cell,
                       origin: Cell | None, theme: Theme) -> None:
        """A disc that appeared (grows) or turned (narrows, then opens in the new colour)."""
        if before == EMPTY_CELL:
            grow = min(1.0, anim / 0.3)
            self._disc(surface, centre, radius * (0.5 + 0.5 * grow), now, theme)
            return
        # Discs farther from the new one start turning a little later: a wave along the lines.
        distance = 0 if origin is None else max(abs(cell[0] - origin[0]),
                                                abs(cell[1] - origin[1]))
        start = min(0.45, 0.12 * distance)
        t = min(1.0, max(0.0, (anim - start) / (1.0 - start)))
        squash = abs(math.cos(math.pi * t))
        shown = before if t < 0.5 else now
        self._disc(surface, centre, radius, shown, theme, squash=max(0.06, squash))

    def _draw_preview(self, surface: pygame.Surface, oth: OthelloState, cell: Cell,
                      theme: Theme) -> None:
        """Hovering a legal cell: a see-through disc there and a ring on each disc it flips."""
        grid = self.grid
        assert grid is not None
        fill, _ = self._colours(BLACK_CELL if oth.to_move == 0 else WHITE_CELL, theme)
        alpha_circle(surface, grid.centre(*cell), grid.cell * 0.41, fill, 140)
        for flipped in oth.flips(move_at(cell[0] * 8 + cell[1])):
            alpha_circle(surface, grid.centre(*flipped), grid.cell * 0.2, theme.highlight, 200,
                         width=max(2, grid.cell // 16))

    def _draw_counts(self, surface: pygame.Surface, oth: OthelloState, theme: Theme,
                     readable: int = 0) -> None:
        """Each side's disc count beside the board, the side to move framed; its "discs"
        caption at ``readable`` px or more, else none (the seat cards say "discs" too)."""
        for player, area in enumerate(self._panels):
            if area.width < 24:
                continue
            active = oth.outcome is None and oth.to_move == player
            alpha_fill(surface, area, theme.panel, 220, radius=round(area.width * 0.14))
            pygame.draw.rect(surface, theme.accent if active else theme.panel_border, area,
                             width=max(2, round(area.width * 0.03)),
                             border_radius=round(area.width * 0.14))
            radius = area.width * 0.26
            content = BLACK_CELL if player == 0 else WHITE_CELL
            self._disc(surface, (area.centerx, area.top + area.height * 0.3), radius, content,
                       theme, behind=theme.panel)
            px = round(min(area.width * 0.34, area.height * 0.2))
            txt.blit_text(surface, str(oth.count(player)), px, theme.text,
                          (area.centerx, round(area.top + area.height * 0.64)), anchor="center",
                          bold=True)
            # The caption under the count, still readable at 1024x768 (it was 12 px).
            # (12-14 px at 100% of 1024x640 and 1280x800, readable 16 and 20: QA S12 39.)
            small = max(round(px * 0.62), readable, 9)
            caption = plural("boards.discs", oth.count(player))  # "1 discs": QA S13 17
            if (txt.size(caption, small)[0] <= area.width * 0.94
                    and small <= area.height * 0.2):
                txt.blit_text(surface, caption, small, theme.text_muted,
                              (area.centerx, round(area.top + area.height * 0.84)),
                              anchor="center")

    def _draw_scores(self, surface: pygame.Surface, oth: OthelloState,
                     ctx: BoardContext) -> None:
        """Each scored move's value on a chip over its cell; the best one outlined."""
        grid = self.grid
        assert grid is not None and ctx.scores is not None
        labels = score_labels(ctx.scores, ctx.score_kind, ctx.theme)
        # Whole discs ("+16" for "+15,7") where the decimal does not fit; not beside proven
        # margins, which are whole discs too.
        # Counts in whole thousands ("2k"), the legend's sample's form (see
        # boards.base.fitted_labels).
        counts = ctx.score_kind in COUNT_KINDS
        short = (labels if any(isinstance(getattr(s, "meaning", None), Proven)
                               for s in ctx.scores.values())
                 else score_labels(ctx.scores, ctx.score_kind, ctx.theme,
                                   shorter=COUNT_FORMS if counts else 1))
        # The best first: it keeps its cell, the others move aside rather than overlap.
        # Only on empty cells: once the AI's move is played (the labels stay for the class
        # while the person thinks) its label sat on the disc it had just put down, the one
        # disc the class must see (QA, real window, 4x4 at 200%); the panel and the last-move
        # mark say which move it was and its score.
        shown = [(move, *label) for move, label in
                 sorted(labels.items(), key=lambda kv: not kv[1][2])
                 if isinstance(move, OthelloMove) and not move.is_pass
                 and move.row < oth.size and move.col < oth.size
                 and oth.cell(move.row, move.col) == EMPTY_CELL]
        # The legend speaks of these only: after Space in a 4x4 game it explained a "P4" whose
        # square held the disc just played (QA16 5).
        self.labelled = frozenset(move for move, *_l in shown)
        chips = [(text, grid.centre(move.row, move.col)) for move, text, _c, _b in shown]
        plain = [(short[move][0], centre)
                 for (move, *_l), (_t, centre) in zip(shown, chips, strict=True)]
        # Where two short forms of different scores read alike, those two keep their full
        # forms first ("\u22120.69" and "\u22120.70", not two "\u22120.7" of two colours).
        unranked = tuple(bool(getattr(ctx.scores.get(move), "neutral", False))
                         for move, *_l in shown)
        clashes = alike_when_short(chips, plain, unranked)
        if counts and any(clashes):
            # One form for the counts of one board: "1.8k" beside "1034" and "1002" read as
            # fewer at a glance (Monte Carlo, QA15 13). All whole then.
            plain = chips

        def kept_full(full: list[bool]) -> Labels:
            return [(text if keep else form, centre) for (text, centre), (form, _c), keep in
                    zip(chips, plain, full, strict=True)]

        apart = kept_full(clashes)
        # First the chosen move in full too, where the labels kept full leave it room: "+1"
        # beside "+0,5" and "+0,2" read as a half disc ahead where the panel said "+0,7" (QA
        # S16 21, the engine at 200% of 1024x768). Else without it: required, it left the
        # n-tuple network's "−0,80", "−0,84" and "−0,78" no room, all three drawn "−0,8" in
        # three colours (1920x1080 fr 200%, real window).
        chosen_too = kept_full([clash or best for clash, (_m, _t, _c, best)
                                in zip(clashes, shown, strict=True)])
        chosen_first = any(clashes) and not counts
        forms = (chosen_too, apart, plain) if chosen_first else (apart, plain)
        # Rounded, the chosen move's "+4" read like two others' ("+4,1" beside "+3,9" and
        # "+3,6", QA S12 19; the network's "\u22120.65" beside "\u22120.69" and "\u22120.70",
        # three "\u22120.7", QA13 4): the full form then, never the short one.
        best_full = {text for _m, text, _c, b in shown if b}
        best_short = {short[move][0] for move, _t, _c, b in shown if b}
        keep_full = any(not b and short[move][0] in best_short and text not in best_full
                        for move, text, _c, b in shown)
        self._clear = self._keep_clear(oth, ctx)
        body = label_px(ctx, grid.cell * 0.27)
        # Inside their own cells where that keeps them near the body size, well over the
        # readable size: on a 4x4 board at 200% of 1280x800 "\u221260" and "+18" were 1.2
        # cells wide, over a neighbour's disc and past the board's edge (QA16 15). (An 8x8
        # board's labels keep the body size, over their cells: see _score_chips.)
        in_cell = shared_label_px([text for text, _c in chips], body, grid.cell * IN_CELL,
                                  OTHELLO_PAD_SHARE)
        readable = ctx.coords_px or round(body * 0.6)
        if in_cell >= max(body * IN_CELL_LEAST, readable * IN_CELL_READABLE):
            body = in_cell
        px, rects, texts = self._laid_out(oth, chips, forms, body, ctx.coords_px, keep_full,
                                          chosen_first=chosen_first, unranked=unranked)
        self.counts_shortened = texts != chips
        self.full_forms = frozenset(move for (move, *_l), (drawn, _p), (full, _q)
                                    in zip(shown, texts, chips, strict=True) if drawn == full)
        self.drawn_chips = (px, [(rect, (move.row, move.col))
                                 for (move, *_l), rect in zip(shown, rects, strict=True)])
        # Under the chips: the cells of the person's moves whose dot a chip covers, framed (the
        # frame shows above and below its chip; drawn over them, it cut through the chips'
        # "\u2264", which read "|\u22128", QA at 1024x640).
        for row, col in self.moves_under_chips(ctx):
            grid.outline_cell(surface, row, col, ctx.theme.legal, 0.07)
        for (move, _t, colour, best), (text, _c), rect in zip(shown, texts, rects, strict=True):
            score_chip(surface, text, rect.center, px, colour, ctx.theme, best=best,
                       side_pad=chip_side_pad(px), look=chip_look(ctx.scores.get(move)))
        self._frame_chosen(surface, ctx)

    def _frame_chosen(self, surface: pygame.Surface, ctx: BoardContext) -> None:
        """The chosen (or hinted) move's frame again over its label's chip, round both: drawn
        under it, a chip as large as its square hid all but the frame's corners, and three
        equal labels did not show which move was played (QA14 3, 1280x800 fr 200%)."""
        grid = self.grid
        hint = ctx.hint_move if isinstance(ctx.hint_move, OthelloMove) else None
        if grid is None or hint is None or hint.is_pass:
            return
        chip = next((rect for rect, cell in self.drawn_chips[1]
                     if cell == (hint.row, hint.col)), None)
        if chip is None:
            return
        width = max(2, round(grid.cell * 0.07))
        frame = grid.cell_rect(hint.row, hint.col).inflate(-width // 2, -width // 2)
        frame = frame.union(chip.inflate(2 * width, 2 * width))
        pygame.draw.rect(surface, ctx.theme.hint, frame, width=width,
                         border_radius=max(1, grid.cell // 14))
        self.chosen_frame = frame

    def _laid_out(self, oth: OthelloState, chips: Labels, shorts: tuple[Labels, ...],
                  body: int, readable: int, keep_full: bool = False,
                  chosen_first: bool = False, unranked: tuple[bool, ...] = ()
                  ) -> tuple[int, list[pygame.Rect], Labels]:
        """The labels' size, their chips and the labels drawn: each chip inside its own cell
        where a form fits there at ``readable`` or more, else tied to it (see
        :func:`~game.ui.boards.chip_packing.tied_chips`); in either, the full form where it fits
        at ``body`` size (or, with ``keep_full``, at ``readable``; the short forms would make
        the chosen move's label another's, so where even that does not fit the full forms are
        placed as :meth:`_score_chips` places them, moved a little aside), else the first of
        ``shorts`` ("+16") that fits at its largest, down to ``readable``; where none fits
        so, the full forms as :meth:`_score_chips` places them. Measured in a crowded
        midgame at 200% of 1024x768 (57 px cells), "+15,7" shrank to 19 px, a third of the
        chips between two cells and over the neighbours' discs (QA 27/28). With
        ``chosen_first`` the first of ``shorts`` is the chosen move in full beside the
        labels kept full, tried even where that is every label in full. Inside the cells,
        only forms in which no two labels of different scores read alike (``unranked``: the
        labels that may, see :func:`alike_when_short`)."""
        grid = self.grid
        assert grid is not None
        key = (tuple(chips), shorts, body, readable, keep_full, tuple(grid.board),
               tuple(tuple(r) for r in self._clear), chosen_first, unranked)
        if self._tied_cache is not None and self._tied_cache[0] == key:
            return self._tied_cache[1]
        discs = [grid.centre(row, col) for row in range(oth.size) for col in range(oth.size)
                 if oth.cell(row, col) != EMPTY_CELL]
        least = readable or round(body * 0.6)

        # A chip on the edge file may pass the board's edge a little: the row numbers stand
        # further out (alpha-beta's "+102" on a1 or h5, between the edge and a disc, fit no
        # readable size inside the board at 200% of 1024x768).
        bounds = grid.board.inflate(2 * round(grid.cell * EDGE_OVERHANG), 0)

        def tied(labels: list[tuple[str, tuple[float, float]]], low: int,
                 overflow: float) -> tuple[int, list[pygame.Rect]] | None:
            return tied_chips(labels, grid.cell, bounds, discs, body, low,
                              lambda t, c, px: chip_rect(t, c, px, chip_side_pad(px)),
                              overflow)

        # Inside their own cells first, in the first form that fits there at the readable
        # size or more (the lead's rule for QA18 6): "+15,7" passed its cell by a quarter of
        # a cell on each side, over the neighbours' squares, where "+16" fitted inside.
        # Past them (a quarter of a cell at most, over no disc nor chip) only where no form
        # fits inside at the readable size.
        free = list(unranked) or None
        apart = tuple(labels for labels in shorts
                      if not any(alike_when_short(chips, labels, free)))
        laid = (self._forms_tied(lambda labels, low: tied(labels, low, 0.0), chips,
                                 apart or (chips,), body, least, keep_full,
                                 chosen_first and bool(apart) and apart[0] == shorts[0])
                or self._forms_tied(lambda labels, low: tied(labels, low, TIED_OVERFLOW),
                                    chips, shorts, body, least, keep_full, chosen_first))
        if laid is None:
            # Moved a little aside (over no disc's middle): with ``keep_full``, rather than
            # the chosen move's label read as another's.
            laid = (*self._score_chips(chips, body, readable), chips)
        self._tied_cache = (key, laid)
        return laid

    @staticmethod
    def _forms_tied(tied: Callable[[Labels, int], tuple[int, list[pygame.Rect]] | None],
                    chips: Labels, shorts: tuple[Labels, ...], body: int, least: int,
                    keep_full: bool, chosen_first: bool
                    ) -> tuple[int, list[pygame.Rect], Labels] | None:
        """The size, chips and labels of the first form ``tied`` (a size search down to a
        given size, see :func:`~game.ui.boards.chip_packing.tied_chips`) places: the full
        form at ``body`` (with ``keep_full``, down to ``least``), else (``keep_full``) the
        first of ``shorts``, else the first of ``shorts`` at its largest down to ``least``,
        else the full form down to ``least``; None when none is placed (see
        :meth:`_laid_out`)."""
        full = tied(chips, body) or (tied(chips, least) if keep_full else None)
        if full is not None:
            return (*full, chips)
        if keep_full:
            # The full forms only where a short one would read as another's (the chosen
            # move's among them), the rest short: all full, "\u2264\u22122.2" beside the
            # chosen "\u22121.0" and "\u22121.4" shrank to 18 px, readable 20 (QA15, the
            # engine at 200% of 1024x768).
            mixed = tied(shorts[0], least) if shorts[0] != chips else None
            return None if mixed is None else (*mixed, shorts[0])
        # With ``chosen_first``, the first form (the chosen move in full with the labels
        # kept full) may be every label in full: tried down to the readable size too, rather
        # than the chosen move rounded beside kept decimals ("+1" beside "+0.5" where the
        # panel says "+0.7", QA S16 21: 30 of 300 seeded boards after 2818d80).
        for i, labels in enumerate(shorts):
            if ((labels != chips or (i == 0 and chosen_first)) and labels not in shorts[:i]
                    and (found := tied(labels, least)) is not None):
                return (*found, labels)
        whole = tied(chips, least)
        return None if whole is None else (*whole, chips)

    def _keep_clear(self, oth: OthelloState, ctx: BoardContext) -> list[pygame.Rect]:
        """What a score chip must not cover but on its own cell: the middle of every disc
        (:data:`DISC_CORE` of the cell) and every dot of the person's moves. Seen in a real
        window at 200% of 1024x768 (the lead's finding): the chips of c3 and e3, two cells
        wide, met over d3 and hid the disc the engine had just played there; the next turn a
        chip hid discs beside it and one of the person's dots."""
        grid = self.grid
        assert grid is not None
        cells = [(DISC_CORE, (row, col)) for row in range(oth.size) for col in range(oth.size)
                 if oth.cell(row, col) != EMPTY_CELL]
        controller = ctx.controller if ctx.interactive else None
        if isinstance(controller, OthelloController) and ctx.show_legal:
            cells += [(LEGAL_DOT_CLEAR, cell) for cell in
                      (as_cell(e) for e in controller.highlighted()) if cell is not None]
        clear = []
        for share, (row, col) in cells:
            rect = pygame.Rect(0, 0, round(grid.cell * share), round(grid.cell * share))
            x, y = grid.centre(row, col)
            rect.center = (round(x), round(y))
            clear.append(rect)
        return clear

    def _score_chips(self, chips: Labels, body: int,
                     readable: int = 0) -> tuple[int, list[pygame.Rect]]:
        """One text size for the score labels and each label's chip: the largest size, up to
        ``body``, at which every chip is at most :data:`LABEL_MOST_CELLS` cells wide, inside
        the board (the coordinates stay clear), clear of the others and over its own cell's
        centre (see :meth:`_spots`). A chip may so overflow its cell onto its neighbours: at
        200% of 1024x768 "−5,3" shrank to 23 px in its 60 px cell (body 28), at 1920x1080 to
        30 (body 48). Never under the size the labels had inside their cells, nor under
        ``readable`` (the window's readable size) where a chip of that size is at most
        :data:`LABEL_MOST_CELLS` cells wide: crowded midgames (fifteen moves, five side by
        side) drew 19 px at 200% of 1024x768 (readable 20) and 25 at 1920x1080 (27). A
        greedy placement first, then a search (see :meth:`_searched`) where it gets stuck.
        Kept while the labels and the board do not change (it is drawn every frame)."""
        grid = self.grid
        assert grid is not None
        key = (tuple(chips), body, tuple(grid.board), readable,
               tuple(tuple(r) for r in self._clear))
        if self._chips_cache is not None and self._chips_cache[0] == key:
            return self._chips_cache[1]
        px = body
        texts = [t for t, _c in chips]
        least = min(body, shared_label_px(texts, body, grid.cell * 1.3))
        if readable > least and all(
                chip_rect(t, (0, 0), readable, chip_side_pad(readable)).width
                <= grid.cell * LABEL_MOST_CELLS for t in texts):
            least = min(body, readable)
        rects: list[pygame.Rect] = []
        while True:
            rects = self._chips_at(chips, px)
            if px <= least or len(rects) == len(chips):
                break
            px -= 1
        done = px if len(rects) == len(chips) else least - 1
        px, rects = self._searched(chips, done, body, rects)
        px = max(px, least)
        if len(rects) < len(chips):
            # Crowded even so: chips a little further up or down, still over their cells.
            shifts = chip_shifts(grid.cell, (*STEPS_Y, -3, 3))
            packed = pack_chips([self._spots(text, centre, px, shifts, reach=3)
                                 for text, centre in chips])
            rects = packed or []
        if len(rects) < len(chips):
            # Then smaller: the neighbours' discs leave the cells no room for that size, and
            # a chip over another cell's disc hides the position the class is reading.
            smaller, found = self._searched(chips, 6, px - 1, [])
            if len(found) == len(chips):
                px, rects = smaller, found
        if len(rects) < len(chips):
            # Crowded even so: as before, each on its own spot (moved aside if need be).
            rects = []
            for text, centre in chips:
                rects.append(free_spot(chip_rect(text, centre, px, chip_side_pad(px)), rects,
                                       grid.board))
        self._chips_cache = (key, (px, rects))
        return px, rects

    def _chips_at(self, chips: list[tuple[str, tuple[float, float]]], px: int
                  ) -> list[pygame.Rect]:
        """The chips of ``chips`` at ``px`` (see :meth:`_score_chips`), in their order, or
        fewer when they do not all fit. Each chip may move a little sideways, up or down (see
        :meth:`_spots`); tried as given (the best first, nearest spot) and, failing that, left
        to right, each as far left as it may go (two neighbours in a row then both fit up to
        two cells wide)."""
        grid = self.grid
        assert grid is not None
        best_first = self._place(chips, px, chip_shifts(grid.cell, STEPS_Y))
        if len(best_first) == len(chips):
            return best_first
        order = sorted(range(len(chips)), key=lambda i: (chips[i][1][1], chips[i][1][0]))
        leftmost = self._place([chips[i] for i in order], px,
                               chip_shifts(grid.cell, STEPS_Y, leftmost=True))
        if len(leftmost) < len(chips):
            return best_first
        rects = [pygame.Rect(0, 0, 0, 0)] * len(chips)
        for i, rect in zip(order, leftmost, strict=True):
            rects[i] = rect
        return rects

    def _searched(self, chips: list[tuple[str, tuple[float, float]]], done: int, body: int,
                  rects: list[pygame.Rect]) -> tuple[int, list[pygame.Rect]]:
        """The largest size above ``done`` (the greedy placement's, with ``rects``), up to
        ``body``, at which :func:`~game.ui.boards.chip_packing.pack_chips` finds every chip a
        spot (a bisection); ``done`` and ``rects`` when none. In a crowded midgame at 200% of
        1024x768 the greedy placement got no further than 19 px (readable 20) where the
        search places fifteen labels at 26."""
        grid = self.grid
        assert grid is not None
        shifts = chip_shifts(grid.cell, STEPS_Y)
        best = (done, rects)
        low, high = done, body
        while low < high:
            middle = (low + high + 1) // 2
            packed = pack_chips([self._spots(text, centre, middle, shifts)
                                 for text, centre in chips])
            if packed is None:
                high = middle - 1
            else:
                low, best = middle, (middle, packed)
        return best

    def _spots(self, text: str, centre: tuple[float, float], px: int,
               shifts: list[tuple[int, int]], reach: int = 2) -> list[pygame.Rect]:
        """Where the chip of ``text`` at ``px`` may go, in the order of ``shifts`` (sideways
        in pixels, up or down in eighths of a cell): inside the board, at most
        :data:`LABEL_MOST_CELLS` cells wide, across its own cell's centre line, its own
        centre in the middle half of the cell (so nearer that cell's centre than any other's:
        two neighbours' chips may sit a quarter of a cell above and below it), covering
        nothing :meth:`_keep_clear` keeps clear but on its own cell; with
        ``reach`` 3, its centre up to three eighths of a cell from the cell's (still in the
        cell)."""
        grid = self.grid
        assert grid is not None
        rect = chip_rect(text, centre, px, chip_side_pad(px))
        if rect.width > grid.cell * LABEL_MOST_CELLS:
            return []
        anchor = (round(centre[0]), round(centre[1]))
        others = [r for r in self._clear if not r.collidepoint(anchor)]
        spots: list[pygame.Rect] = []
        for dx, dy in shifts:
            trial = rect.move(dx, dy * (grid.cell // 8)).clamp(grid.board)
            if (trial.left <= anchor[0] < trial.right
                    and abs(trial.centerx - anchor[0]) <= max(SHIFTS_X) * (grid.cell // 8)
                    and abs(trial.centery - anchor[1]) <= reach * (grid.cell // 8)
                    and trial.collidelist(others) < 0 and trial not in spots):
                spots.append(trial)
        return spots

    def _place(self, chips: list[tuple[str, tuple[float, float]]], px: int,
               shifts: list[tuple[int, int]]) -> list[pygame.Rect]:
        """Each chip in turn at its first free spot of ``shifts`` (see :meth:`_spots`);
        stops at the first with none."""
        placed: list[pygame.Rect] = []
        for text, centre in chips:
            spot = next((trial for trial in self._spots(text, centre, px, shifts)
                         if not any(trial.inflate(2, 2).colliderect(o) for o in placed)), None)
            if spot is None:
                break
            placed.append(spot)
        return placed


class OthelloPresenter(GamePresenter):
    """Othello in words: Black moves first, discs counted, the final score in the headline."""

    game = "othello"
    option_specs = MappingProxyType({"size": OptionSpec("choice", values=("4", "6", "8"))})
    rules_plies = 3
    light_first = False
    smoke_seats = ("engine:time=0.1", "greedy")
    tools = ("weights",)
    scores_yield_to_legal_moves = True
    ends_by_margin = True

    def describe_options(self, options: Any) -> str:
        return tr("describe.board", rows=options.size, cols=options.size)

    def variant_label(self, options: Any) -> str:
        return f"{options.size}×{options.size}"

    def side_summary(self, state: Any, side: int) -> str:
        return plural("play.count.othello", state.count(side))

    def side_count(self, state: Any, side: int) -> int | None:
        return int(state.count(side))

    def is_capture(self, before: Any, move: Any) -> bool:
        return not is_pass(move)  # every placement flips at least one disc

    def outcome_headline(self, state: Any, outcome: Outcome, sides: tuple[str, str]) -> str:
        black, white = state.count(0), state.count(1)
        if outcome.winner is None:
            return tr("outcome.draw_score", a=black, b=white)
        return tr("outcome.wins_score", side=sides[outcome.winner], a=max(black, white),
                  b=min(black, white))

    def outcome_reason(self, state: Any, outcome: Outcome, reason: str) -> str:
        empty = state.empty_count
        if not empty or outcome.winner is None:
            return reason
        # The AI's proven margins give the empty squares to the winner: say so, with the
        # count that makes its "win by 64 discs" match this board's 51-0.
        return plural("reason.discs_empty", empty, a=state.count(outcome.winner) + empty,
                      b=state.count(1 - outcome.winner))

    def clicks_for(self, state: Any, move: Any) -> list[Element]:
        return [(move.row, move.col)]
