"""Hexapawn's board: pawns on a checkered board, rank 1 (White's home row) at the bottom.

Board elements are cells ``(row, col)`` with row 0 at the bottom, as in the rules. A human
clicks one of their pawns (it lifts and its destinations light up), then a lit cell; clicking
the pawn again, or anywhere else, cancels; clicking another of their pawns switches to it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pygame

from game.rules.hexapawn import HexapawnMove, HexapawnState
from game.ui import text as txt
from game.ui.boards.base import (
    COORDINATES_MIN_CELL,
    BoardContext,
    Cell,
    ClickResult,
    Colour,
    Element,
    GridBoardView,
    InputController,
    alpha_circle,
    arrow,
    as_cell,
    chip_height,
    label_px,
    score_chip,
    score_labels,
    shared_label_px,
)
from game.ui.boards.chip_look import chip_look
from game.ui.boards.presenter import GamePresenter, OptionSpec
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.theme import Theme, blend, disc_rim

#: How far from the destination cell's centre a move's label sits, toward where the pawn comes
#: from, in cells: a step forward (in the middle of the empty cell it goes to, clear of the
#: corners where captures' labels go), and a capture (along the diagonal: to the corner the
#: pawn crosses, half a diagonal away, where no pawn is drawn).
LABEL_REACH = 0.0
CAPTURE_LABEL_REACH = 0.5 * 2 ** 0.5

#: The widest a label's chip may be, in cells: on a corner it then clears the heads and bodies
#: of the pawns on both sides (they take the middle 0.24 of a cell), and inside a cell it leaves
#: the pawn beside it alone.
CHIP_WIDTH = 0.74
#: A capture's chip hangs from just under the corner its arrow crosses: its top this share of
#: a cell above the corner, under the bases (with their outline) of the pawns above it, which
#: end 0.123 of a cell above their cells' bottom; centred on the corner it covered the bases
#: of the pawns beside it (QA 56, real window: a3's and c3's under two "W5" at 200% of
#: 1024x768). Under the corner, within CHIP_WIDTH, only the pawns' collars reach in, 0.41 of
#: a cell down; a chip is at most CHIP_HEIGHT of a cell high, so that it also ends above a
#: step's chip in the middle of the cell below (a body-size chip is 0.4 of a cell at 200% of
#: 1024x768, 0.47 at 200% of 1024x640 and 1920x1080).
CAPTURE_CHIP_TOP = 0.11
#: How far short of its pawn's centre, in cells, the played move's arrow stops once the move
#: is played (its labels kept, see :meth:`HexapawnView._draw_scores`): at the pawn's edge.
PLAYED_ARROW_SHORT = 0.38
CHIP_HEIGHT = 0.4
#: The tallest chip, in cells, when every labelled move is a step: each chip then stands
#: alone in the middle of its empty cell, with no capture's chip to clear (5x5 at 200% of
#: 1920x1080: "−3" at 27 px, the readable floor, in 125 px cells, QA18 21).
STEP_CHIP_HEIGHT = 0.6
#: Where the labels would be smaller than the window's readable size (8x8 at 200% of
#: 1024x640: 49 px cells, "−3" and "−20" at 14 px), a chip as large as the cell allows up to
#: that size may be this tall, in cells, with this padding in pixels each side (as wide as
#: CHIP_WIDTH still): chips that then meet are moved apart (see score_chip's ``placed``).
TIGHT_CHIP_HEIGHT = 0.5
TIGHT_PAD = 1

class HexapawnController(InputController):
    """Two clicks, a pawn then its destination, make one move."""

    def __init__(self, state: HexapawnState) -> None:
        super().__init__(state)
        self.hexapawn: HexapawnState = state
        self._from: Cell | None = None
        self._by_origin: dict[Cell, dict[Cell, HexapawnMove]] = {}
        for move in self.legal:
            origin = (move.from_row, move.from_col)
            self._by_origin.setdefault(origin, {})[(move.to_row, move.to_col)] = move

    def _owner(self, cell: Cell) -> int | None:
        """The owner of the pawn on ``cell`` or None (also for cells off the board)."""
        row, col = cell
        if 0 <= row < self.hexapawn.rows and 0 <= col < self.hexapawn.cols:
            return self.hexapawn.cell(row, col)
        return None

    def click(self, element: Element | None) -> ClickResult:
        """Select a pawn, move it, switch to another pawn, or cancel."""
        if self.hexapawn.outcome is not None:
            return ClickResult(message_key="boards.game_over")
        cell = as_cell(element)
        if cell is None:
            if self._from is not None:
                self._from = None
                return ClickResult(changed=True)
            return ClickResult()
        if self._from is not None:
            targets = self._by_origin.get(self._from, {})
            if cell in targets:
                self._from = None
                return ClickResult(move=targets[cell], changed=True)
            if cell == self._from:
                self._from = None
                return ClickResult(changed=True)
        owner = self._owner(cell)
        if owner == self.hexapawn.to_move:
            if cell in self._by_origin:
                self._from = cell
                return ClickResult(changed=True)
            changed = self._from is not None
            self._from = None
            return ClickResult(message_key="boards.no_moves_for_piece", changed=changed)
        had_selection = self._from is not None
        self._from = None
        if had_selection:
            return ClickResult(message_key="boards.not_a_destination", changed=True)
        if owner is not None:
            return ClickResult(message_key="boards.not_your_piece")
        return ClickResult(message_key="boards.choose_piece")

    def cancel(self) -> None:
        """Put the selected pawn back down."""
        self._from = None

    def prompt_key(self) -> str:
        """Which click comes next."""
        return "boards.choose_destination" if self._from is not None else "boards.choose_piece"

    def highlighted(self) -> set[Element]:
        """The selected pawn's destinations, or every pawn that can move."""
        if self._from is not None:
            return set(self._by_origin.get(self._from, {}))
        return set(self._by_origin)

    def selected(self) -> Element | None:
        """The selected pawn's cell."""
        return self._from


# Pawn outline in cell fractions (x from the centre, y from the top): base, body, collar, head.
_SUPERSAMPLE = 4


def _pawn_sprite(cell: int, fill: Colour, outline: Colour, shine: Colour) -> pygame.Surface:
    """A pawn filling a ``cell``-pixel square, drawn large and scaled down for smooth edges."""
    big = cell * _SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    o = max(2, round(big * 0.03))  # outline thickness

    def shapes(grow: int, colour: Colour) -> None:
        """Base, body, collar and head, each grown by ``grow`` pixels for the outline."""
        cx = big / 2
        base = pygame.Rect(0, 0, round(big * 0.60) + 2 * grow, round(big * 0.13) + 2 * grow)
        base.midbottom = (round(cx), round(big * 0.88) + grow)
        pygame.draw.rect(layer, colour, base, border_radius=round(big * 0.05) + grow)
        body = [(cx - big * 0.21 - grow, big * 0.78), (cx - big * 0.10 - grow, big * 0.45 - grow),
                (cx + big * 0.10 + grow, big * 0.45 - grow), (cx + big * 0.21 + grow, big * 0.78)]
        pygame.draw.polygon(layer, colour, body)
        collar = pygame.Rect(0, 0, round(big * 0.34) + 2 * grow, round(big * 0.09) + 2 * grow)
        collar.center = (round(cx), round(big * 0.45))
        pygame.draw.ellipse(layer, colour, collar)
        pygame.draw.circle(layer, colour, (round(cx), round(big * 0.31)), big * 0.14 + grow)

    shapes(o, outline)
    shapes(0, fill)
    # A soft highlight on the head gives the pawn some volume.
    pygame.draw.circle(layer, (*shine, 150), (round(big * 0.46), round(big * 0.27)),
                       big * 0.045)
    return pygame.transform.smoothscale(layer, (cell, cell))


class HexapawnView(GridBoardView):
    """Draws a Hexapawn position with coordinates, selection, last move, hint and scores."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self._sprites: dict[tuple[int, int, str], pygame.Surface] = {}

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """Square cells as large as fit, with a margin for the coordinates
        (:meth:`~game.ui.boards.base.GridBoardView.small_grid`)."""
        self.rect = pygame.Rect(rect)
        self.grid = self.small_grid(self.rect, state.rows, state.cols, rows_up=True)

    def grid_shape(self, state: Any) -> tuple[int, int]:
        """Hexapawn boards may be rectangular: ``rows`` x ``cols``."""
        return state.rows, state.cols

    def controller(self, state: Any) -> HexapawnController:
        """A controller for the side to move."""
        return HexapawnController(state)

    def _sprite(self, player: int, theme: Theme) -> pygame.Surface:
        """The cached pawn image of ``player`` at the current cell size."""
        assert self.grid is not None
        size = max(4, round(self.grid.cell * 0.92))
        key = (size, player, theme.name)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 16:
                self._sprites.clear()
            fill = theme.piece0 if player == 0 else theme.piece1
            outline = theme.piece_outline if player == 0 else blend(theme.piece1, theme.text, 0.55)
            # A pawn as light as its square gets a contrasting outline (contrast theme: white
            # pawns on white squares had a yellow hairline).
            outline = disc_rim(fill, theme.board_light, outline, theme)
            shine = blend(fill, (255, 255, 255), 0.7)
            sprite = _pawn_sprite(size, fill, outline, shine)
            self._sprites[key] = sprite
        return sprite

    def draw(self, surface: pygame.Surface, state: Any, ctx: BoardContext) -> None:
        """Board, coordinates, last move, hint, pawns, selection, destinations and scores."""
        grid = self._ensure_coords(state, ctx.coords_px)
        theme = ctx.theme
        hex_state: HexapawnState = state
        grid.draw_cells(surface, theme, checker=True)
        if grid.cell >= COORDINATES_MIN_CELL:
            grid.draw_coordinates(surface, theme, ctx.coords_px)
        last = ctx.last_move if isinstance(ctx.last_move, HexapawnMove) else None
        if last is not None:
            for cell in ((last.from_row, last.from_col), (last.to_row, last.to_col)):
                grid.tint_cell(surface, *cell, theme.last_move, 95)
        controller = ctx.controller if ctx.interactive else None
        selected = as_cell(controller.selected()) if controller is not None else None
        marks = controller.highlighted() if controller is not None else set()
        hover = grid.cell_at(ctx.hover) if ctx.hover is not None and controller else None
        if hover is not None and (hover in marks or hover == selected):
            grid.tint_cell(surface, *hover, theme.highlight, 60)
        if selected is not None:
            grid.tint_cell(surface, *selected, theme.highlight, 110)
            grid.outline_cell(surface, *selected, theme.highlight)
        for row in range(hex_state.rows):
            for col in range(hex_state.cols):
                owner = hex_state.cell(row, col)
                if owner is None:
                    continue
                rect = grid.cell_rect(row, col)
                lift = round(grid.cell * 0.06) if (row, col) == selected else 0
                sprite = self._sprite(owner, theme)
                surface.blit(sprite, sprite.get_rect(center=(rect.centerx,
                                                             rect.centery - lift)))
        if controller is not None and ctx.show_legal:
            self._draw_marks(surface, hex_state, marks, selected, theme)
        if selected is not None and hover is not None and hover in marks:
            # A see-through pawn where the selected one would land.
            ghost = self._sprite(hex_state.to_move, theme).copy()
            ghost.set_alpha(130)
            surface.blit(ghost, ghost.get_rect(center=grid.cell_rect(*hover).center))
        self._draw_winner(surface, hex_state, theme)
        hint = ctx.hint_move if isinstance(ctx.hint_move, HexapawnMove) else None
        if hint is not None:
            start = grid.centre(hint.from_row, hint.from_col)
            end = grid.centre(hint.to_row, hint.to_col)
            grid.outline_cell(surface, hint.from_row, hint.from_col, theme.hint, 0.05)
            grid.outline_cell(surface, hint.to_row, hint.to_col, theme.hint, 0.05)
            arrow(surface, start, end, theme.hint, grid.cell * 0.09, 200)
        if ctx.scores:
            self._draw_scores(surface, hex_state, ctx)

    def _draw_winner(self, surface: pygame.Surface, state: HexapawnState,
                     theme: Theme) -> None:
        """At the end, a ring around the winner's pawns that reached the far row."""
        outcome = state.outcome
        if outcome is None or outcome.winner is None:
            return
        grid = self.grid
        assert grid is not None
        far = state.rows - 1 if outcome.winner == 0 else 0
        for col in range(state.cols):
            if state.cell(far, col) == outcome.winner:
                alpha_circle(surface, grid.centre(far, col), grid.cell * 0.47, theme.accent, 255,
                             width=max(3, grid.cell // 16))

    def _draw_marks(self, surface: pygame.Surface, state: HexapawnState, marks: set[Element],
                    selected: Cell | None, theme: Theme) -> None:
        """Destinations of the selected pawn (dots, rings on captures), or movable pawns."""
        grid = self.grid
        assert grid is not None
        for element in marks:
            cell = as_cell(element)
            if cell is None:
                continue
            centre = grid.centre(*cell)
            if selected is None:
                # Nothing selected yet: a thin frame around each pawn that can move.
                grid.outline_cell(surface, *cell, theme.legal, 0.03)
            elif state.cell(*cell) is None:
                alpha_circle(surface, centre, grid.cell * 0.15, theme.legal, 200)
            else:
                alpha_circle(surface, centre, grid.cell * 0.45, theme.legal, 210,
                             width=max(3, grid.cell // 14))

    def _draw_scores(self, surface: pygame.Surface, state: HexapawnState,
                     ctx: BoardContext) -> None:
        """Each scored move: a thin arrow and its value near the destination, toward the source
        (two pawns that can reach one cell get two separate labels).

        Kept after the move (``ctx.scores_played``): the played move's value in the square its
        pawn left, no longer on the cell its pawn now stands on, and no other move onto that
        pawn (a tied capture's arrow ended on the mover's own pawn, review R20 1)."""
        grid = self.grid
        assert grid is not None and ctx.scores is not None
        labels = score_labels(ctx.scores, ctx.score_kind, ctx.theme)
        played = ctx.last_move if ctx.scores_played else None
        if isinstance(played, HexapawnMove) and played in labels:
            mover = state.cell(played.to_row, played.to_col)
            labels = {move: label for move, label in labels.items()
                      if move == played or not isinstance(move, HexapawnMove)
                      or state.cell(move.to_row, move.to_col) != mover}
        else:
            played = None
        steps_only = all(not isinstance(move, HexapawnMove) or move.from_col == move.to_col
                         for move in labels)
        # One size a kind of label (a value, a bound, a shallower estimate: see chip_look),
        # so that two sizes never read as two kinds of one number; a bound's "\u2264+14",
        # wider than "G3", shrank every chip to 28 px where 39 fitted (QA19 19, the engine
        # at 200% of 1024x768).
        looks = {move: chip_look(ctx.scores.get(move)) for move in labels}
        sizes = {look: self._label_size([t for m, (t, _c, _b) in labels.items()
                                         if looks[m] == look], ctx, steps_only)
                 for look in set(looks.values())}
        placed: list[pygame.Rect] = []
        # The best move's label is placed first, so it keeps its spot when two labels meet.
        for move, (text, colour, best) in sorted(labels.items(), key=lambda kv: not kv[1][2]):
            if not isinstance(move, HexapawnMove):
                continue
            start = grid.centre(move.from_row, move.from_col)
            end = grid.centre(move.to_row, move.to_col)
            dx, dy = start[0] - end[0], start[1] - end[1]
            norm = max(1e-9, (dx * dx + dy * dy) ** 0.5)
            ux, uy = dx / norm, dy / norm
            # A step's label sits in the middle of the empty cell it goes to. A capture's sits
            # on the corner its arrow crosses: inside the cell it covered the head of the pawn
            # taken (two "W5" over b2 at 200%, seen in a real window); at the corner it stands
            # between four pawns' heads and bases, and two pawns taking on one cell get two
            # corners.
            px, side_pad = sizes[looks[move]]
            reach = CAPTURE_LABEL_REACH if move.from_col != move.to_col else LABEL_REACH
            at = (end[0] + ux * grid.cell * reach, end[1] + uy * grid.cell * reach)
            if move == played:
                # The square the pawn left is empty now; its new cell holds the pawn.
                at = start
            elif reach:
                at = (at[0], at[1] - grid.cell * CAPTURE_CHIP_TOP + chip_height(px) / 2)
            tail = (start[0] - ux * grid.cell * 0.3, start[1] - uy * grid.cell * 0.3)
            # Played, the arrow stops at the edge of the cell its pawn now stands on.
            short = PLAYED_ARROW_SHORT if move == played else -0.02
            arrow(surface, tail, (end[0] + ux * grid.cell * short, end[1] + uy * grid.cell * short),
                  colour, grid.cell * (0.05 if best else 0.03), 190 if best else 120)
            score_chip(surface, text, at, px, colour, ctx.theme, best=best,
                       max_width=None if side_pad else grid.cell * CHIP_WIDTH, placed=placed,
                       side_pad=side_pad, look=looks[move])

    def _label_size(self, texts: list[str], ctx: BoardContext,
                    steps_only: bool) -> tuple[int, int | None]:
        """The text size of labels ``texts`` (one kind of label) and their chips' side
        padding (None: the usual): the largest that fits a chip :data:`CHIP_WIDTH` of a cell
        wide and :data:`CHIP_HEIGHT` high (:data:`STEP_CHIP_HEIGHT` where every move is a
        step, ``steps_only``), else tighter chips (see :data:`TIGHT_CHIP_HEIGHT`) up to the
        window's readable size where these fit."""
        grid = self.grid
        assert grid is not None
        most = label_px(ctx, grid.cell * 0.17)
        px = shared_label_px(texts, most, grid.cell * CHIP_WIDTH)
        high = STEP_CHIP_HEIGHT if steps_only else CHIP_HEIGHT
        while px > 7 and chip_height(px) > grid.cell * high:
            px -= 1
        least = min(ctx.coords_px, most)
        for tight in range(least, px, -1):
            if chip_height(tight) <= grid.cell * TIGHT_CHIP_HEIGHT and all(
                    txt.size(t, tight, True)[0] + 2 * TIGHT_PAD <= grid.cell * CHIP_WIDTH
                    for t in texts):
                return tight, TIGHT_PAD
        return px, None


class HexapawnPresenter(GamePresenter):
    """Hexapawn in words: rows × columns, pawns left, a move is a from-square and a to-square."""

    game = "hexapawn"
    option_specs = MappingProxyType({"rows": OptionSpec("int", 3, 8),
                                     "cols": OptionSpec("int", 3, 8)})
    rules_plies = 2
    smoke_seats = ("alphabeta", "mcts:iterations=200")

    def describe_options(self, options: Any) -> str:
        return tr("describe.board", rows=options.rows, cols=options.cols)

    def variant_label(self, options: Any) -> str:
        return f"{options.rows}×{options.cols}"

    def side_summary(self, state: Any, side: int) -> str:
        return plural("play.count.hexapawn", state.count(side))

    def side_count(self, state: Any, side: int) -> int | None:
        return int(state.count(side))

    def clicks_for(self, state: Any, move: Any) -> list[Element]:
        return [(move.from_row, move.from_col), (move.to_row, move.to_col)]
