"""The strip under the play screen's board: the end of the game, or an AI that failed.

At the end it says who won and why, with Play again and Menu (with large text the buttons
alone, under the status line that says the rest, above the board); when an AI raised or chose
an illegal move it shows the error in full, with Retry and Change player. The board shrinks to
make room, so the final position stays fully visible.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.base import Outcome
from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.play_fit import (
    HEADLINE_ROW,
    LARGE_ROW_BODIES,
    button_row,
    detail_room,
    large_text,
    least_legend_px,
    place_row,
    readable_px,
    wrapped_lines,
)
from game.ui.widgets import Button, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.boards.presenter import GamePresenter
    from game.ui.scenes.play import PlayScene

#: The most lines of the end's reason in the panel at a size larger than the least (its
#: frame at the panel's top; Othello's reason with its empty squares takes three).
REASON_LINES = 2
#: The most lines of the end's reason beside the banner's buttons with normal text (a row of
#: them holds about three lines of small text).
REASON_LINES_BESIDE = 3


def outcome_texts(presenter: GamePresenter, state: Any, outcome: Outcome) -> tuple[str, str]:
    """The end-of-game headline and reason in words ("Black wins 36–28", "Draw: ...")."""
    sides = presenter.side_names()
    headline = presenter.outcome_headline(state, outcome, sides)
    return headline, presenter.outcome_reason(state, outcome, short_reason(presenter, outcome))


def short_reason(presenter: GamePresenter, outcome: Outcome) -> str:
    """The end's reason without what a game adds for the class ("Most discs", not "Most
    discs. 2 squares stayed empty; …"): see :meth:`GamePresenter.outcome_reason`."""
    sides = presenter.side_names()
    key = f"reason.{outcome.reason}"
    winner = sides[outcome.winner] if outcome.winner is not None else ""
    loser = sides[1 - outcome.winner] if outcome.winner is not None else ""
    reason = tr(key, winner=winner, loser=loser)
    return outcome.message if reason == key else reason


class PlayBanner:
    """The end-of-game banner or the AI-error box of one play scene."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app = app
        self.scene = scene
        #: Where the banner is, or None when there is none (a game in progress).
        self.rect: pygame.Rect | None = None
        #: The end's reason above the buttons (a long one, a narrow board), not beside them.
        self.stacked = False
        #: With large text the end's banner is its buttons alone: the status line above the
        #: board already says who won and why, in larger type (see :meth:`layout`).
        self.buttons_only = False
        #: With large text, the end's reason as the panel draws it (see :meth:`draw_reason`),
        #: and its size, when the status line has no room for it whole (else no lines).
        self.reason_lines: list[str] = []
        self.reason_px = app.metrics.small
        #: With normal text, the end's reason as the banner draws it, beside its buttons or
        #: over them (:attr:`stacked`): its lines and size (see :meth:`_reason_lines`).
        self.reason_wrap: tuple[list[str], int] = ([], 0)
        #: The end's buttons' sizes with large text by what they were worked out for (see
        #: :meth:`_buttons_px`): the reason in the status line and in the panel, both tried.
        self._px: dict[tuple[object, ...], int] = {}
        self.again_button = Button(lambda: tr("play.again"), scene.restart, primary=True)
        self.menu_button = Button(scene.menu_label, scene.to_menu)
        self.retry_button = Button(lambda: tr("play.retry"), scene.turns.retry, primary=True)
        self.change_button = Button(lambda: tr("play.change_player"), scene.change_failed_seat)

    @property
    def over(self) -> bool:
        """True at the end of the game (else the banner, if any, reports a failed AI)."""
        return self.scene.match.over

    def buttons(self) -> list[Widget]:
        """The banner's buttons, none while the game goes on normally, and none in review:
        the reviewed position keeps the board's room (at 200% of 1024x768 in French the end
        banner took the lower half of the column and the board shrank to 250 px); back to
        the game, the banner is there again."""
        if self.scene.review.active:
            return []
        if self.over:
            return [self.again_button, self.menu_button]
        if self.scene.turns.ai_error is not None:
            return [self.retry_button, self.change_button]
        return []

    def layout(self, board: pygame.Rect) -> pygame.Rect:
        """Place the banner at the bottom of ``board``; return what is left for the board."""
        self.rect = None
        # Forgotten with the end: kept after Undo on a finished game, the end's reason still
        # took the status line's detail room, and the turn's instruction and the board's top
        # 35 px went (QA18 7).
        self.reason_lines = []
        if not self.buttons():
            return board
        m = self.app.metrics
        pad = m.pad
        row = button_row(m, self.app.size)
        first, second = ((self.again_button, self.menu_button) if self.over
                         else (self.retry_button, self.change_button))
        bw = max(int(board.width * 0.22),
                 *(text.size(b.label(), m.body, True)[0] + row // 2 for b in (first, second)))
        line_h = text.font(m.small).get_linesize()
        self.stacked = False
        # At 200% of 1920x1080 in French the end's words stacked over the buttons took the
        # column's lower half, Hexapawn's final position shrank to 140 px and "Blanc a atteint
        # la dern…" was cut, under the status line saying the same whole.
        self.buttons_only = self.over and large_text(m, self.app.size)
        self.reason_lines = []
        self.reason_wrap = ([], 0)
        if self.buttons_only:
            return self._above_board(board, first, second)
        if self.over:
            # One row: the reason on the left, the buttons on the right; the reason over
            # the buttons when it needs more lines than a row of them holds.
            beside = self._reason_lines(board.width - pad * 7 - 2 * bw, REASON_LINES_BESIDE)
            if beside is None:
                # Buttons as wide as their labels leave the reason more room beside them.
                bw = max(text.size(b.label(), m.body, True)[0] + row // 2
                         for b in (first, second))
                beside = self._reason_lines(board.width - pad * 7 - 2 * bw,
                                            REASON_LINES_BESIDE)
            self.stacked = beside is None
            if beside is None:
                # Over the buttons, whole on as many lines as it needs at the readable size.
                width, least = board.width - pad * 4, readable_px(self.app.size)
                self.reason_wrap = (self._reason_lines(width, REASON_LINES)
                                    or (text.wrap(self._reason(), width, least), least))
            else:
                self.reason_wrap = beside
            high = len(self.reason_wrap[0]) * text.font(self.reason_wrap[1]).get_linesize()
            bh = (high + row + pad * 4) if self.stacked else max(row, high) + pad * 2
        else:
            # The error in full on top, the buttons below it.
            lines = len(text.wrap(self.scene.ai_error_text(), board.width - pad * 4, m.small))
            bh = min(lines, 4) * line_h + row + pad * 4
        self.rect = band = pygame.Rect(board.left, board.bottom - bh, board.width, bh)
        by = (band.centery - row // 2 if self.over and not self.stacked
              else band.bottom - pad * 2 - row)
        # Never wider than the band: "Play again" ran out of the window at 200% of 1024x768.
        bw = min(bw, (band.width - pad * 5) // 2)
        # Right of the end's words; alone, in the middle of the band.
        left = (band.centerx - bw - pad // 2 if self.buttons_only
                else band.right - pad * 3 - 2 * bw)
        place_row([first, second], pygame.Rect(left, by, 2 * bw + pad, row), pad, m,
                  least=readable_px(self.app.size))
        return pygame.Rect(board.left, board.top, board.width, board.height - bh - pad * 2)

    def _above_board(self, board: pygame.Rect, first: Button, second: Button) -> pygame.Rect:
        """With large text, the end's buttons go under the status line's reason, above the
        board, at the panel's least words' size (still readable); return what is left for
        the board, most of it. At the bottom of the column, a row of body-size buttons took
        a quarter of the board's height: the final position, the one the class discusses,
        was the smallest board of the game (Othello 8x8 at 200% of 1920x1080, 672 -> 512 px,
        its coordinates at the floor; 1024x640, 392 -> 296 px, none drawn)."""
        m = self.app.metrics
        pad = m.pad
        least = least_legend_px(m, self.app.size)
        self._reason_elsewhere(board)
        top, px = self._under_status(board, least)
        # As large as the panel's buttons (its row fits their labels, up to the body size).
        target = min(m.body, max((b.px for b in self.scene.panel.bottom_buttons),
                                 default=m.body))
        if not self.reason_lines and px < target:
            # A board the height limits (16:9, 16:10) left the buttons at the least size,
            # 29 px beside the panel's 46 at 200% of 1280x720 (QA15 8 there): the reason in
            # the panel gives its status lines to the buttons and the board, where that makes
            # the buttons larger (Othello 29 -> 39 px, its final board's cells 51 -> 55 px,
            # as during the game).
            self._reason_to_panel()
            moved = self._under_status(board, least)
            if moved[1] > px:
                top, px = moved[0], min(moved[1], target)
            else:
                self.reason_lines = []
        row = int(px * LARGE_ROW_BODIES)
        band, rest = self._band(board, top, px)
        self.rect = band
        bw = max(int(board.width * 0.22),
                 *(text.size(b.label(), px, True)[0] + row // 2 for b in (first, second)))
        bw = min(bw, (band.width - pad * 5) // 2)
        place_row([first, second], pygame.Rect(band.centerx - bw - pad // 2,
                                               band.bottom - pad // 2 - row, 2 * bw + pad, row),
                  pad, dataclasses.replace(m, body=px), least=readable_px(self.app.size))
        return rest

    def _under_status(self, board: pygame.Rect, least: int) -> tuple[int, int]:
        """With large text, the top of the end's band (under the status line's headline and,
        unless it is in the panel, the reason) and its buttons' size (see
        :meth:`_buttons_px`)."""
        # (play_board imports this module through play_status: imported here.)
        from game.ui.scenes.play_board import detail_lines

        m = self.app.metrics
        top = m.pad * 2 + int(m.heading * HEADLINE_ROW)
        if not self.reason_lines:
            # Under the reason as the status line draws it (see play_board.draw_status).
            _headline, detail, bad = self.scene.status()
            lines, px = detail_lines(detail, board.width, m, True, 1, bad, least,
                                     detail_room(m, self.app.size))
            top += len(lines) * text.font(px).get_linesize() if detail else 0
        return top, self._buttons_px(board, top, least)

    def _band(self, board: pygame.Rect, top: int, px: int) -> tuple[pygame.Rect, pygame.Rect]:
        """With large text, the end's band from ``top`` for buttons of ``px`` in ``board``, and
        what is left for the board under it."""
        m = self.app.metrics
        pad = m.pad
        band = pygame.Rect(board.left, top + pad // 2, board.width,
                           int(px * LARGE_ROW_BODIES) + pad)
        board_top = max(board.top, band.bottom + pad // 2)
        if self.reason_lines:
            # The play scene gives the status line's detail room to the board when the
            # reason is in the banner (PlayScene.layout): here it is the banner's already.
            board_top += detail_room(m, self.app.size)
        return band, pygame.Rect(board.left, board_top, board.width, board.bottom - board_top)

    def _buttons_px(self, board: pygame.Rect, top: int, least: int) -> int:
        """The end's buttons' text size with large text: the body size, as the other buttons,
        where the final board keeps its size under them (a board the width limits leaves
        height spare), else down to ``least`` (the panel's least words). At 200% of 1280x800
        they stood at 31 px beside 52 px buttons under the panel (QA14 8); the try that
        made them larger and the final board smaller was reverted: the final position is the
        one the class discusses."""
        view, state = self.scene.view, self.scene.board_state
        body = self.app.metrics.body
        if view is None or body <= least:
            return least
        # Laid out again every frame: the answer is kept for the board, sizes and position.
        key = (tuple(board), top, least, body, id(view), state, bool(self.reason_lines))
        px = self._px.get(key)
        if px is None:
            if len(self._px) > 8:
                self._px.clear()
            px = self._px[key] = self._largest_px(board, top, least)
        return px

    def _largest_px(self, board: pygame.Rect, top: int, least: int) -> int:
        """The work of :meth:`_buttons_px`: each size tried, the board laid out under it."""
        view, state = self.scene.view, self.scene.board_state
        assert view is not None
        view.layout(self._band(board, top, least)[1], state)
        keep = view.sizes()
        for px in range(self.app.metrics.body, least, -1) if keep else ():
            view.layout(self._band(board, top, px)[1], state)
            if all(now >= was - 0.01 for now, was in zip(view.sizes(), keep, strict=True)):
                return px
        return least

    def _reason_lines(self, width: int, most: int) -> tuple[list[str], int] | None:
        """The end's reason wrapped to ``width`` and its size: on one line a little under the
        body size, else on at most ``most`` lines at the body size or smaller, never under the
        readable size; None where that does not hold it. At 100% "Le plus de pions. 5 cases
        sont restées vides ; comptées pour le gagnant, co…" was cut beside the buttons and in
        the status line, the very sentence that says how the empty squares count (1280x800
        and 1920x1080, QA19 35)."""
        m = self.app.metrics
        reason = self._reason()
        least = readable_px(self.app.size)
        # One line a little smaller reads better than two ("Black has no move left").
        one = text.fit_px(reason, width, m.body, min_px=max(least, int(m.body * 0.9)))
        if text.size(reason, one)[0] <= width:
            return [reason], one
        for px in range(m.body, least - 1, -1):
            lines = text.wrap(reason, width, px)
            if len(lines) <= most:
                return lines, px
        return None

    def _reason(self) -> str:
        """The end's reason in words (the whole one, see :func:`outcome_texts`)."""
        state = self.scene.state
        assert state.outcome is not None
        return outcome_texts(self.scene.presenter, state, state.outcome)[1]

    def shows_reason(self) -> bool:
        """Whether the banner says the end's reason whole under the board (normal text), so
        that the status line above it may say it short (see :func:`short_reason`)."""
        return self.rect is not None and self.over and not self.buttons_only

    def short_reason(self) -> str:
        """The end's reason in its short form (see :func:`short_reason`)."""
        outcome = self.scene.state.outcome
        assert outcome is not None
        return short_reason(self.scene.presenter, outcome)

    def _reason_elsewhere(self, board: pygame.Rect) -> None:
        """With large text, where the end's reason goes: the status line when it shows it
        whole (its detail's room, down to the panel's least words), else the panel, at that
        size (:attr:`reason_lines`, see :meth:`draw_reason`). At 200% of 1024x768 in French
        Othello's "Le plus de pions. 2 cases sont restées vides ; comptées pour le gagnant…"
        needed three lines where the status line keeps two, and was cut; above the buttons,
        over the board, its three or four lines cost the final board a fifth of its size
        (1024x640 in French: 392 -> 280 px, no coordinates)."""
        m = self.app.metrics
        reason = self._reason()
        least = least_legend_px(m, self.app.size)
        if (text.size(reason, int(m.body * 0.9))[0] <= board.width
                or wrapped_lines(reason, board.width, m, least,
                                 detail_room(m, self.app.size)) is not None):
            return
        self._reason_to_panel()

    def _reason_to_panel(self) -> None:
        """The end's reason drawn whole in the panel (see :meth:`draw_reason`) at the panel's
        least words' size, not in the status line."""
        reason = self._reason()
        self.reason_px = least_legend_px(self.app.metrics, self.app.size)
        self.reason_lines = [reason]

    def reason_box(self, column: pygame.Rect, y: int
                   ) -> tuple[int, list[str], pygame.Rect] | None:
        """The end's reason in the panel's ``column`` from ``y`` (see :meth:`draw_reason`): its
        size, lines and frame; None when the status line shows it. As large as the panel's
        words where :data:`REASON_LINES` lines hold it: at the least size it was the smallest
        text of the result, 33 px under the last move's 42 px facts at 200% of 1920x1080
        (QA18 20)."""
        if self.rect is None or not self.buttons_only or not self.reason_lines:
            return None
        m = self.app.metrics
        width = column.width - m.pad * 2
        px = next((size for size in range(max(m.small, self.reason_px), self.reason_px, -2)
                   if len(text.wrap(self.reason_lines[0], width, size)) <= REASON_LINES),
                  self.reason_px)
        line_h = text.font(px).get_linesize()
        lines = text.wrap(self.reason_lines[0], width, px)
        lines = lines[:max(1, (column.bottom - y - m.pad) // line_h)]
        return px, lines, pygame.Rect(column.left, y, column.width, line_h * len(lines) + m.pad)

    def draw_reason(self, surface: pygame.Surface, column: pygame.Rect, y: int) -> int:
        """The end's reason at the top of the panel's ``column`` from ``y``, framed in the
        end's colour, when the status line has no room for it (see :meth:`_reason_elsewhere`);
        return the next y."""
        placed = self.reason_box(column, y)
        if placed is None:
            return y
        px, lines, box = placed
        m = self.app.metrics
        theme = self.app.theme
        line_h = text.font(px).get_linesize()
        draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 2)
        for i, line in enumerate(lines):
            text.blit_text(surface, line, px, theme.text,
                           (box.left + m.pad, box.top + m.pad // 2 + i * line_h),
                           max_width=box.width - m.pad * 2)
        return box.bottom + m.pad // 2

    def draw(self, surface: pygame.Surface) -> None:
        """The banner's frame and texts (its buttons are drawn with the scene's widgets)."""
        if self.rect is None:
            return
        theme = self.app.theme
        m = self.app.metrics
        b = self.rect
        scene = self.scene
        draw_panel(surface, b, theme, m.radius, theme.panel,
                   theme.accent if self.over else theme.danger, 3)
        if self.buttons_only:
            return
        if self.over:
            if self.stacked:
                area = pygame.Rect(b.left + m.pad * 2, b.top + m.pad, b.width - m.pad * 4,
                                   self.again_button.rect.top - b.top - m.pad * 2)
            else:
                area = pygame.Rect(b.left + m.pad * 2, b.top + m.pad,
                                   self.again_button.rect.left - b.left - m.pad * 4,
                                   b.height - 2 * m.pad)
            # The reason alone: the status line above the board says who won, in larger
            # type (the banner said it again, QA19 24).
            lines, px = self.reason_wrap
            line_h = text.font(px).get_linesize()
            y = area.top if self.stacked else area.centery - line_h * len(lines) // 2
            for line in lines:
                text.blit_text(surface, line, px, theme.text, (area.left, y),
                               max_width=area.width)
                y += line_h
        else:
            area = pygame.Rect(b.left + m.pad * 2, b.top + m.pad * 2, b.width - m.pad * 4,
                               self.retry_button.rect.top - b.top - m.pad * 2)
            text.blit_wrapped(surface, scene.ai_error_text(), m.small, theme.text, area,
                              line_gap=0, max_lines=4)
