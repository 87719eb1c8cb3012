"""Morpion's board: X and O tokens on a DxD grid, each side's pieces in hand beside the board.

Board elements are cells ``(row, col)``, row 0 at the top (``a1`` top-left), as in the rules.
While placing, one click on an empty cell is the move. Once all of a player's pieces are on the
board, the first click lifts one of them (drawn held up above its cell, ringed: a piece may
not go back where it just was), the second click puts it on an empty cell; the two clicks are
one atomic move. Clicking the lifted piece again puts it back; clicking another of one's pieces
lifts that one instead; a click outside the board cancels.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pygame

from game.rules.morpion import MorpionMove, MorpionState
from game.ui import text as txt
from game.ui.boards.base import (
    COORDINATES_MIN_CELL,
    BoardContext,
    Cell,
    ClickResult,
    Element,
    Grid,
    GridBoardView,
    InputController,
    alpha_circle,
    alpha_fill,
    arrow,
    as_cell,
    chip_height,
    disc,
    label_px,
    score_chip,
    score_labels,
    shared_label_px,
    side_column_width,
)
from game.ui.boards.chip_look import chip_look
from game.ui.boards.presenter import GamePresenter, OptionSpec
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.theme import Colour, Theme, blend, disc_rim

SYMBOLS = ("X", "O")


class MorpionController(InputController):
    """Placing: one click. Moving: lift a piece, then put it down; one atomic move."""

    def __init__(self, state: MorpionState) -> None:
        super().__init__(state)
        self.morpion: MorpionState = state
        self.lifted: Cell | None = None
        self._placements: dict[Cell, MorpionMove] = {}
        self._movements: dict[Cell, dict[Cell, MorpionMove]] = {}
        for move in self.legal:
            if move.origin is None:
                self._placements[move.to] = move
            else:
                self._movements.setdefault(move.origin, {})[move.to] = move

    @property
    def placing(self) -> bool:
        """True while the side to move still has pieces in hand."""
        return self.morpion.phase == "placing"

    def _owner(self, cell: Cell) -> int | str | None:
        """The owner of ``cell``'s piece, None if empty, "off" if off the board."""
        row, col = cell
        size = self.morpion.size
        if not (0 <= row < size and 0 <= col < size):
            return "off"
        return self.morpion.owner(row, col)

    def click(self, element: Element | None) -> ClickResult:
        """Place, lift, put down, put back, or say why nothing happened."""
        if self.morpion.outcome is not None:
            return ClickResult(message_key="boards.game_over")
        cell = as_cell(element)
        if cell is None or self._owner(cell) == "off":
            if self.lifted is not None:
                self.lifted = None
                return ClickResult(changed=True)
            return ClickResult()
        owner = self._owner(cell)
        me = self.morpion.to_move
        if self.placing:
            if cell in self._placements:
                return ClickResult(move=self._placements[cell], changed=True)
            return ClickResult(message_key="boards.cell_taken")
        if self.lifted is not None:
            if cell == self.lifted:
                self.lifted = None
                return ClickResult(changed=True)
            targets = self._movements.get(self.lifted, {})
            if cell in targets:
                self.lifted = None
                return ClickResult(move=targets[cell], changed=True)
            if owner == me and cell in self._movements:
                self.lifted = cell
                return ClickResult(changed=True)
            return ClickResult(message_key="boards.cell_taken")
        if owner == me:
            if cell in self._movements:
                self.lifted = cell
                return ClickResult(changed=True)
            return ClickResult(message_key="boards.no_moves_for_piece")
        if owner is None:
            return ClickResult(message_key="boards.must_move_piece")
        return ClickResult(message_key="boards.not_your_piece")

    def cancel(self) -> None:
        """Put the lifted piece back."""
        self.lifted = None

    def prompt_key(self) -> str:
        """Which click comes next."""
        if self.placing:
            return "boards.choose_cell"
        return "boards.choose_place" if self.lifted is not None else "boards.choose_piece_to_lift"

    def highlighted(self) -> set[Element]:
        """Empty cells (placing, or where the lifted piece may go), else the liftable pieces."""
        if self.placing:
            return set(self._placements)
        if self.lifted is not None:
            return set(self._movements.get(self.lifted, {}))
        return set(self._movements)

    def selected(self) -> Element | None:
        """The lifted piece's cell (drawn held up above it)."""
        return self.lifted


#: A score label's chip is at most this share of a cell wide and high, in the middle of its
#: cell: at 0.28 of a cell below the middle and up to 1.3 cells wide, chips crossed the
#: cells' bottom edges and the board's frame at 200% of 1920x1080 (QA, real window).
LABEL_SHARE = 0.88
#: The lifted piece is held this share of a cell above its cell's middle, its shadow this
#: share below it (see MorpionView._draw_socket).
LIFTED_RISE = 0.12
LIFTED_SHADOW = 0.07

#: The hands' columns beside the board: at most this share of the width each, at least this
#: many cells, or none (see :func:`~game.ui.boards.base.side_column_width`).
HANDS_SHARE = 0.15
HANDS_CELLS = 1.0
#: The margin kept between a hand's count ("3 en main") and its frame's sides, as a share of
#: the frame's width: at 1920x1080 in French the words touched the frame.
HAND_TEXT_MARGIN = 0.1
#: How far the count's words may shrink (a share of their size) before only the number shows.
HAND_TEXT_SHRINK = 0.8


def hand_count(surface: pygame.Surface, count: int, frame: pygame.Rect, px: int,
               colour: Colour, centre: tuple[int, int]) -> None:
    """``count`` pieces "in hand" under the hand's letter, inside its frame with a margin
    (:data:`HAND_TEXT_MARGIN`): a little smaller if need be, else the number alone."""
    width = frame.width - 2 * hand_text_margin(frame)
    words = f"{count} {tr('boards.in_hand')}"
    least = round(px * HAND_TEXT_SHRINK)
    shown = words if txt.size(words, least)[0] <= width else str(count)
    txt.blit_text(surface, shown, px, colour, centre, anchor="center", max_width=width,
                  min_px=least)


def hand_frame(area: pygame.Rect) -> pygame.Rect:
    """The frame drawn around a hand's column ``area`` (a little wider)."""
    return area.inflate(round(area.width * 0.12), 0)


def hand_text_margin(frame: pygame.Rect) -> int:
    """The margin between a hand's words and its frame's sides, in pixels."""
    return max(3, round(frame.width * HAND_TEXT_MARGIN))


class MorpionView(GridBoardView):
    """Draws a Morpion position, the hands, the lifted piece and the AI's scores."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self._hands: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0),) * 2
        self._sprites: dict[tuple[int, int, str, int], pygame.Surface] = {}

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """The board in the middle, a column for each side's pieces in hand."""
        self.rect = pygame.Rect(rect)
        # With large text no hands' columns, as Othello's counts: the seat cards say what is
        # in hand, and the panel takes the width (at 200% of 1280x720 the columns left the
        # AI's reasoning one fact and the move list no row).
        side = (0 if self.compact else
                side_column_width(self.rect, state.size, state.size, HANDS_SHARE, HANDS_CELLS))
        board_area = pygame.Rect(self.rect.left + side, self.rect.top,
                                 self.rect.width - 2 * side, self.rect.height)
        self.grid = self.small_grid(board_area, state.size, state.size, rows_up=False)
        board = self.grid.board
        # Each hand sits in the middle of the free strip beside the board, inside the rectangle
        # (its frame is drawn 6% wider, hence the 0.85).
        left_strip = board.left - self.grid.margin_px - self.rect.left
        right_strip = self.rect.right - (board.right + self.grid.margin_px)
        width = max(0, round(min(left_strip, right_strip, self.grid.cell * 1.3) * 0.85))
        if side == 0:
            width = 0  # no room for the hands: the seat cards say what is in hand
        left = pygame.Rect(0, 0, width, round(board.height * 0.96))
        left.center = (round(self.rect.left + left_strip / 2), board.centery)
        right = pygame.Rect(0, 0, width, round(board.height * 0.96))
        right.center = (round(self.rect.right - right_strip / 2), board.centery)
        self._hands = (left, right)

    def sizes(self) -> tuple[float, ...]:
        """The cell's size and the hands' columns width (see :meth:`BoardView.sizes`)."""
        return (*super().sizes(), self._hands[0].width)

    def grid_shape(self, state: Any) -> tuple[int, int]:
        """A square board of ``state.size`` cells a side."""
        return state.size, state.size

    def controller(self, state: Any) -> MorpionController:
        """A controller for the side to move."""
        return MorpionController(state)

    # -- drawing ---------------------------------------------------------------------------

    def _token(self, surface: pygame.Surface, centre: tuple[float, float], radius: float,
               player: int, theme: Theme, alpha: int = 255) -> None:
        """A round token in the player's colour with its mark (X or O), see-through below 255.

        Each token image is rendered once per size, side, theme and transparency.
        """
        r = max(2, round(radius))
        key = (r, player, theme.name, alpha)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 48:
                self._sprites.clear()
            size = 2 * r + 8
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            self._token_full(sprite, (size / 2, size / 2), r, player, theme)
            if alpha < 255:
                sprite.set_alpha(alpha)
            self._sprites[key] = sprite
        half = sprite.get_width() / 2
        surface.blit(sprite, (round(centre[0] - half), round(centre[1] - half)))

    @staticmethod
    def _token_full(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                    player: int, theme: Theme) -> None:
        """Draw a token: soft shadow, disc with a rim, and the X cross or the O ring."""
        fill = theme.piece0 if player == 0 else theme.piece1
        ring = theme.piece_outline if player == 0 else blend(theme.piece1, theme.text, 0.55)
        # A token as light as the board gets a contrasting rim (see theme.disc_rim).
        ring = disc_rim(fill, theme.board_light, ring, theme)
        mark = theme.accent if player == 0 else theme.legal
        alpha_circle(surface, (centre[0] + radius * 0.06, centre[1] + radius * 0.1), radius,
                     theme.shadow, 120)
        disc(surface, centre, radius, fill, ring, max(2, round(radius * 0.08)))
        cx, cy = centre
        w = max(2, round(radius * 0.2))
        if player == 0:
            d = radius * 0.42
            for sx in (-1, 1):
                pygame.draw.line(surface, blend(mark, theme.piece_outline, 0.2),
                                 (round(cx - d), round(cy - d * sx)),
                                 (round(cx + d), round(cy + d * sx)), w)
                for end in ((cx - d, cy - d * sx), (cx + d, cy + d * sx)):
                    pygame.draw.circle(surface, blend(mark, theme.piece_outline, 0.2),
                                       (round(end[0]), round(end[1])), w // 2)
        else:
            pygame.draw.circle(surface, mark, (round(cx), round(cy)), round(radius * 0.45),
                               width=w)

    def draw(self, surface: pygame.Surface, state: Any, ctx: BoardContext) -> None:
        """Board, hands, last move, pieces, lifted piece, legal cells, hint, scores."""
        grid = self._ensure_coords(state, ctx.coords_px)
        theme = ctx.theme
        mor: MorpionState = state
        self.labelled = frozenset()
        self.label_scope = None
        grid.draw_cells(surface, theme, checker=False)
        if grid.cell >= COORDINATES_MIN_CELL:
            grid.draw_coordinates(surface, theme, ctx.coords_px)
        last = ctx.last_move if isinstance(ctx.last_move, MorpionMove) else None
        if last is not None:
            grid.tint_cell(surface, *last.to, theme.last_move, 100)
            if last.origin is not None:
                grid.outline_cell(surface, *last.origin, theme.last_move, 0.04)
        controller = ctx.controller if ctx.interactive else None
        lifted = as_cell(controller.selected()) if controller is not None else None
        marks = controller.highlighted() if controller is not None else set()
        hover = grid.cell_at(ctx.hover) if ctx.hover is not None and controller else None
        if lifted is not None:
            self._draw_socket(surface, grid, lifted, theme)
        # While placing every empty cell is allowed: dots on all of them would say nothing.
        placing = isinstance(controller, MorpionController) and controller.placing
        if controller is not None and ctx.show_legal and not placing:
            for element in marks:
                cell = as_cell(element)
                if cell is not None and cell == hover and mor.owner(*cell) is None:
                    # The preview token drawn below says it better (a piece to lift has no
                    # preview: it keeps its outline, QA 10).
                    continue
                if cell is not None and mor.owner(*cell) is None:
                    alpha_circle(surface, grid.centre(*cell), grid.cell * 0.1, theme.legal, 170)
                elif cell is not None:
                    grid.outline_cell(surface, *cell, theme.legal, 0.03)
        radius = grid.cell * 0.36
        for row in range(mor.size):
            for col in range(mor.size):
                owner = mor.owner(row, col)
                if owner is None:
                    continue
                if (row, col) == lifted:
                    self._draw_lifted(surface, grid, (row, col), radius, owner, theme)
                    continue
                self._token(surface, grid.centre(row, col), radius, owner, theme)
        preview = hover if hover in marks and hover is not None and mor.owner(*hover) is None \
            else None
        if preview is not None:
            grid.tint_cell(surface, *preview, theme.highlight, 60)
            self._token(surface, grid.centre(*preview), radius, mor.to_move, theme, alpha=110)
        self._draw_line(surface, grid, mor, theme)
        self._draw_hands(surface, mor, theme, lifted is not None)
        hint = ctx.hint_move if isinstance(ctx.hint_move, MorpionMove) else None
        if hint is not None:
            grid.outline_cell(surface, *hint.to, theme.hint, 0.06)
            if hint.origin is not None:
                grid.outline_cell(surface, *hint.origin, theme.hint, 0.04)
                arrow(surface, grid.centre(*hint.origin), grid.centre(*hint.to), theme.hint,
                      grid.cell * 0.08, 190)
        if ctx.scores:
            self._draw_scores(surface, ctx, lifted, mor, preview)

    @staticmethod
    def _draw_socket(surface: pygame.Surface, grid: Grid, cell: Cell, theme: Theme) -> None:
        """The cell a lifted piece left: washed in the selection's colour, with the shadow of
        the piece held above it. A red wash and a cross read as "forbidden" (QA, real
        window), where the piece is only held up: a click on it puts it back."""
        grid.tint_cell(surface, *cell, theme.highlight, 45)
        x, y = grid.centre(*cell)
        # Wider and lower than a standing piece's shadow: it shows under the raised piece.
        alpha_circle(surface, (x, y + grid.cell * LIFTED_SHADOW), grid.cell * 0.36,
                     theme.shadow, 110)

    def _draw_lifted(self, surface: pygame.Surface, grid: Grid, cell: Cell, radius: float,
                     owner: int, theme: Theme) -> None:
        """The lifted piece, whole and a little larger, held up above its cell
        (:data:`LIFTED_RISE`) with a ring in the selection's colour round it."""
        x, y = grid.centre(*cell)
        centre = (x, y - grid.cell * LIFTED_RISE)
        big = radius * 1.08
        self._token(surface, centre, big, owner, theme)
        alpha_circle(surface, centre, big + max(2, grid.cell * 0.03), theme.highlight, 255,
                     width=max(2, round(grid.cell * 0.035)))

    def _draw_line(self, surface: pygame.Surface, grid: Grid, mor: MorpionState,
                   theme: Theme) -> None:
        """A thick stroke through the winning line, when there is one."""
        cells = mor.winning_line()
        if len(cells) < 2:
            return
        start, end = grid.centre(*cells[0]), grid.centre(*cells[-1])
        dx, dy = end[0] - start[0], end[1] - start[1]
        norm = max(1e-9, (dx * dx + dy * dy) ** 0.5)
        over = grid.cell * 0.35
        a = (start[0] - dx / norm * over, start[1] - dy / norm * over)
        b = (end[0] + dx / norm * over, end[1] + dy / norm * over)
        width = max(3, round(grid.cell * 0.12))
        pygame.draw.line(surface, theme.shadow, a, b, width + max(2, width // 3))
        pygame.draw.line(surface, theme.accent, a, b, width)
        for p in (a, b):
            pygame.draw.circle(surface, theme.accent, (round(p[0]), round(p[1])), width // 2)

    def _draw_hands(self, surface: pygame.Surface, mor: MorpionState, theme: Theme,
                    lifting: bool) -> None:
        """Each side's pieces not yet placed, stacked beside the board, with the count."""
        assert self.grid is not None
        for player, area in enumerate(self._hands):
            if area.width < 8:
                continue
            count = mor.in_hand(player)
            px = max(8, round(min(area.width * 0.26, self.grid.cell * 0.22)))
            label_h = px * 3.2
            slots = max(1, mor.size)
            radius = min(area.width * 0.36, (area.height - label_h) / (slots * 1.05) / 2)
            if radius < 3:
                continue
            active = mor.outcome is None and mor.to_move == player
            frame = hand_frame(area)
            alpha_fill(surface, frame, theme.panel, 200, radius=round(radius * 0.6))
            border = theme.accent if active else theme.panel_border
            pygame.draw.rect(surface, border, frame, width=max(2, round(radius * 0.1)),
                             border_radius=round(radius * 0.6))
            top = area.top + label_h
            step = (area.height - label_h) / slots
            for i in range(slots):
                centre = (area.centerx, top + step * (slots - i - 0.5))
                if i < count:
                    self._token(surface, centre, radius, player, theme)
                else:
                    alpha_circle(surface, centre, radius, theme.text_muted, 60,
                                 width=max(1, round(radius * 0.08)))
            colour = theme.text if active else theme.text_muted
            txt.blit_text(surface, SYMBOLS[player], round(px * 1.4), colour,
                          (area.centerx, round(area.top + px * 0.9)), anchor="center", bold=True)
            if px >= 10:
                hand_count(surface, count, frame, round(px * 0.8), theme.text_muted,
                           (area.centerx, round(area.top + px * 2.3)))

    def _draw_scores(self, surface: pygame.Surface, ctx: BoardContext, lifted: Cell | None,
                     mor: MorpionState, preview: Cell | None) -> None:
        """Each scored cell's label (:meth:`score_cells`) in the middle of that cell, inside
        it, but for the cell the person's preview token is on. No arrow of its own: the move
        chosen (or hinted) has the hint's (see :meth:`draw`). An arrow for the first of the
        labels called best drew, with ties (the learner's "3" beads on every move), a move
        the AI did not play: b1 to c1 after its c2-a1, whose destination held its piece
        (QA20 7, 1920x1080 fr 200%, explain mode off)."""
        grid = self.grid
        assert grid is not None and ctx.scores is not None
        labels = score_labels(ctx.scores, ctx.score_kind, ctx.theme)
        # The scores of the move just played, kept on the position after it: their moves are
        # of the phase it was played in.
        played = ctx.last_move if ctx.scores_played else None
        shown = self.score_cells(ctx.scores, mor, lifted, played)
        self.labelled = frozenset(shown.values())
        # One label for several moves ending on its square: the key says it is the best of
        # them ("P2" on a1 read as "moving any piece to a1 loses", QA20 9).
        if any(isinstance(other, MorpionMove) and other.to == cell and other != move
               and (lifted is None or other.origin == lifted)
               for cell, move in shown.items() for other in ctx.scores):
            self.label_scope = "legend.best_into_square"
        most = grid.cell * LABEL_SHARE
        px = shared_label_px([labels[move][0] for move in shown.values()],
                             label_px(ctx, grid.cell * 0.22), most)
        while px > 7 and chip_height(px) > most:
            px -= 1
        for cell, move in shown.items():
            if cell == preview:
                continue  # the person's preview token there says more (and the chip hid it)
            text, colour, best = labels[move]
            score_chip(surface, text, grid.centre(*cell), px, colour, ctx.theme, best=best,
                       max_width=most, look=chip_look(ctx.scores.get(move)))

    @staticmethod
    def score_cells(scores: Mapping[Any, float], mor: MorpionState, lifted: Cell | None,
                    played: MorpionMove | None = None) -> dict[Cell, MorpionMove]:
        """The cells that get a label and the move each one names: per destination the best
        scored move (only the lifted piece's when one is lifted), on empty cells only, and
        only moves of the phase ``mor`` is in, or where the scores are those of the move
        just ``played``, of the phase it was played in. The AI's labels stay while the
        person thinks: its chosen cell then holds the piece it has just put down, which the
        label hid ("6" over the O on c1; the panel and the last-move mark say which move it
        was and its score). Its last placement's labels stay too, until the person lifts a
        piece, the key saying they are O's last move's: once that placement began the
        moving phase they vanished at once, chips and key, where the earlier placements had
        kept theirs through the person's turn (QA20 8, explain mode off)."""
        placing = (played.origin is None if played is not None
                   else mor.phase == "placing")
        shown: dict[Cell, tuple[float, MorpionMove]] = {}
        for move, raw in scores.items():
            if (not isinstance(move, MorpionMove) or (move.origin is None) != placing
                    or mor.owner(*move.to) is not None):
                continue
            if lifted is not None and move.origin != lifted:
                continue
            try:
                value = float(raw)
            except (TypeError, ValueError):
                value = -math.inf  # not a number: shown as "?" only if nothing else is
            if math.isnan(value):
                value = -math.inf
            if move.to not in shown or value > shown[move.to][0]:
                shown[move.to] = (value, move)
        return {cell: move for cell, (_value, move) in shown.items()}


class MorpionPresenter(GamePresenter):
    """Morpion in words: the board and pieces per player, pieces placed and in hand."""

    game = "morpion"
    option_specs = MappingProxyType({"size": OptionSpec("int", 3, 7)})
    rules_plies = 3
    smoke_seats = ("alphabeta:depth=2", "mcts:iterations=200")

    def describe_options(self, options: Any) -> str:
        board = tr("describe.board", rows=options.size, cols=options.size)
        return tr("describe.morpion", board=board, n=options.size)

    def variant_label(self, options: Any) -> str:
        return f"{options.size}×{options.size}"

    def side_summary(self, state: Any, side: int) -> str:
        # French agrees "posé" with the count ("1 posé", "3 posés"); English "placed" does not.
        placed = plural("play.count.placed", len(state.pieces(side)))
        return tr("play.count.morpion", placed=placed, hand=state.in_hand(side))

    def clicks_for(self, state: Any, move: Any) -> list[Element]:
        return [move.to] if move.origin is None else [move.origin, move.to]
