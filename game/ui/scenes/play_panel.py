"""The play screen's side panel: the game's title, both seats, the AI controls, the AI's
reasoning in words and the legend (drawn by :class:`~game.ui.scenes.play_explain.ExplainBox`),
the move list and the Undo / Hint / Restart / Menu buttons.

:class:`PlayPanel` owns these widgets and lays them out in the rectangle the scene gives it; it
reads the match, the turn driver and the game's presenter from its :class:`PlayScene` and calls
the scene's actions from its buttons.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.scenes.play_explain import ExplainBox
from game.ui.scenes.play_fit import (
    button_row,
    label_px,
    label_widths,
    large_text,
    least_legend_px,
    place_fitted,
    place_row,
    readable_px,
    two_columns,
)
from game.ui.scenes.play_input import leave_game, restart_game
from game.ui.scenes.play_more import open_more
from game.ui.scenes.play_seats import SeatCards
from game.ui.scenes.play_status import no_moves_lines, score_line, without_note
from game.ui.scenes.players import LadderStepper
from game.ui.scenes.review_panel import ReviewPanel
from game.ui.scenes.review_words import draw_review_words
from game.ui.scenes.settings import delay_label
from game.ui.settings import AI_DELAYS
from game.ui.theme import blend
from game.ui.widgets import Button, Metrics, Toggle, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: The reasoning switch's row height in body sizes with large text (a button row is 1.6).
TOGGLE_BODIES = 1.3
#: How far a move of the list may shrink (a share of its size) before it is cut: one a row,
#: Marienbad's "1 allumette du tas 2" in a narrow panel (1024x768 in French).
MOVE_SHRINK = 0.8


class PlayPanel:
    """The side panel of one play scene."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app = app
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.seats = SeatCards(app, scene)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        #: Each move row's rectangle in the last frame and the position after it (a click
        #: there reviews that position).
        self.move_rects: list[tuple[pygame.Rect, int]] = []
        #: Where the running score is written (empty before the first game ends); its lines.
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self.score_lines: list[str] = []
        self.score_px = app.metrics.small
        #: True when the score is written in the title row, in the game's name's place.
        self.score_in_title = False
        self.review = ReviewPanel(app, scene)
        #: How many rows of moves the list is scrolled back from the latest.
        self.scroll = 0
        #: How many facts of the reasoning the last frame showed (they go whole or not at all).
        self.explain = ExplainBox(app, scene)
        self.rules_button = Button(lambda: tr("play.rules"), scene.open_rules)
        turns = scene.turns
        self.pause_button = Button(lambda: tr("play.resume") if turns.paused
                                   else tr("play.pause"), turns.toggle_pause)
        self.step_button = Button(lambda: tr("play.step"), turns.step)
        # The speed stepper walks the preset delays; its "+" means faster (a shorter delay),
        # like the + key, so it works on the negated delay.
        self.speed_stepper = LadderStepper(
            lambda: tr("play.speed"), lambda: -self.app.settings.ai_delay,
            lambda negated: scene.set_delay(-negated), sorted(-d for d in AI_DELAYS),
            lambda v: delay_label(-v))
        self.reasoning_toggle = Toggle(lambda: tr("play.show_reasoning"),
                                       lambda: self.app.settings.show_reasoning,
                                       scene.set_reasoning)
        self.undo_button = Button(lambda: tr("play.undo"), scene.undo)
        self.hint_button = Button(lambda: tr("play.hint"), scene.ask_hint)
        self.restart_button = Button(lambda: tr("play.restart"),
                                     lambda: restart_game(scene))
        self.menu_button = Button(scene.menu_label, lambda: leave_game(scene, scene.to_menu))
        self.review_button = Button(lambda: tr("review.button"),
                                    lambda: scene.enter_review(len(scene.match.states) - 1))
        self.save_button = Button(lambda: tr("review.save"), scene.save_record)
        self.more_button = Button(lambda: tr("play.more"), lambda: open_more(app, scene))

    @property
    def compact(self) -> bool:
        """True with large text: the panel keeps the buttons used every move and a More
        button for the others (see :mod:`~game.ui.scenes.play_more`), no title or Rules
        button (the title row shows the running score), no reasoning switch. At 200% of
        1024x768 the six buttons, the title row and the switch took two thirds of the
        panel and left the AI's reasoning no line."""
        return large_text(self.app.metrics, self.app.size)

    @property
    def bottom_buttons(self) -> tuple[Button, ...]:
        """The buttons at the bottom of the panel outside the review, two per row. An AI-vs-AI
        game has no Hint (hints are for people) and more controls above: Review takes Hint's
        place and Save is in the review, so the reasoning keeps its room. With large text
        (:attr:`compact`), one row: Undo, Hint (Pause, Step in AI vs AI) and More."""
        if self.compact:
            first = ((self.pause_button, self.step_button) if self.scene.match.ai_vs_ai
                     else (self.undo_button, self.hint_button))
            return (*first, self.more_button)
        if self.scene.match.ai_vs_ai:
            return (self.undo_button, self.review_button, self.restart_button, self.menu_button)
        return (self.undo_button, self.hint_button, self.review_button, self.save_button,
                self.restart_button, self.menu_button)

    def buttons(self) -> list[Widget]:
        """The panel's active widgets, in event order."""
        if self.scene.review.active:
            if self.compact:
                return [*self.review.buttons(compact=True), self.more_button]
            return [*self.review.buttons(), self.rules_button]
        if self.compact:
            return list(self.bottom_buttons)
        result: list[Widget] = [*self.bottom_buttons, self.rules_button, self.reasoning_toggle]
        if self.scene.match.ai_vs_ai:
            result += [self.pause_button, self.step_button, self.speed_stepper]
        return result

    @property
    def reasoning_facts(self) -> int:
        """How many facts of the AI's reasoning the last frame showed."""
        return self.explain.facts

    @property
    def legend_rows_shown(self) -> int:
        """How many rows of the score legend the last frame showed."""
        return self.explain.legend_rows_shown

    @property
    def seat_rects(self) -> list[pygame.Rect]:
        """Each seat's card in the last layout."""
        return self.seats.rects

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose card is at ``pos`` (a click there changes its player), or None."""
        return self.seats.at(pos)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a move of the list or on the review's graph: review that position; on
        the reasoning with facts left out: all of them. True when the click was used."""
        scene = self.scene
        if (scene.review.active and self.review.click(pos)) or self.explain.click(pos):
            return True
        for rect, ply in self.move_rects:
            if rect.collidepoint(pos):
                scene.enter_review(ply)
                return True
        return False

    def wheel(self, rows: int) -> None:
        """The mouse wheel over the panel: scroll the move list when the mouse is on it."""
        if self.moves_rect.collidepoint(widgets.mouse()):
            self.scroll = max(0, self.scroll + rows)

    # -- layout ---------------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """From the top: title row, two seats, AI controls, reasoning, moves; buttons at the
        bottom."""
        self.rect = rect
        # Nothing to pause, step or hint once the game is over: greyed, not hidden, so the
        # panel does not jump (Hint looked active and did nothing, QA S16 11).
        self.pause_button.enabled = self.step_button.enabled = self.hint_button.enabled = (
            not self.scene.match.over)
        if self.compact:
            self._layout_compact(rect)
            return
        match = self.scene.match
        m = self.app.metrics
        pad = m.pad
        p = rect
        inner_x = p.left + pad * 2
        inner_w = p.width - pad * 4
        row = button_row(m, self.app.size)
        y = p.top + pad + int(m.heading * 1.5)
        rules_h = int(m.heading * 1.3)
        # As wide as its label needs ("Règles" at 200% text), the title giving way.
        rules_w = max(int(inner_w * 0.3),
                      text.size(self.rules_button.label(), m.small, True)[0] + rules_h // 3 + pad)
        self.rules_button.place(pygame.Rect(p.right - pad * 2 - rules_w, p.top + pad, rules_w,
                                            rules_h), m.small)
        y = self.seats.layout(inner_x, y, inner_w)
        large = large_text(m, self.app.size)
        title_w = self.rules_button.rect.left - inner_x - pad
        self.score_lines, self.score_px = self._score_lines(inner_w)
        self.score_in_title = large and self._score_fits(title_w)
        if self.score_in_title:
            # With large text the running score takes the game's name's place (the board
            # shows the game): its own row left the legend no room at 200% of 1920x1080 in
            # an AI-vs-AI game ("Minimax 1 - Random 0").
            self.score_lines, self.score_px = self._score_lines(title_w, "play.score_bare")
            line_h = text.font(self.score_px, True).get_linesize()
            self.score_rect = pygame.Rect(inner_x, self.rules_button.rect.centery - line_h // 2,
                                          title_w, line_h)
        else:
            score_h = text.font(self.score_px).get_linesize() * len(self.score_lines)
            self.score_rect = pygame.Rect(inner_x, y - pad // 2, inner_w, score_h)
            y += score_h
        review = self.scene.review.active
        # The switches' rows are only as tall as their words need (not a button's height):
        # at 1920x1080 the two rows of AI vs AI left Nim's rule no room.
        toggle_h = min(row, int(m.body * TOGGLE_BODIES))
        buttons = self.bottom_buttons
        if match.ai_vs_ai and not review:
            joined = (self.pause_button, self.step_button, *buttons)
            if large or len(self._button_rows(joined, inner_w, row)[0]) == 3:
                # Pause and Step join the buttons at the bottom, three a row: their own row
                # left the AI's reasoning no room at 200% of 1920x1080, and at 100% it pushed
                # Random's legend out of the panel.
                buttons = joined
            else:
                bw = (inner_w - pad) // 2
                place_fitted(self.pause_button, pygame.Rect(inner_x, y, bw, row), m)
                place_fitted(self.step_button, pygame.Rect(inner_x + bw + pad, y, bw, row), m)
                y += row + pad // 2
            self.speed_stepper.place(pygame.Rect(inner_x, y, inner_w, toggle_h), m.body)
            y += toggle_h + pad // 2
        if review:
            bottom = self.review.place_buttons(inner_x, p.bottom - pad * 2, inner_w, row, pad)
            self.moves_rect = pygame.Rect(inner_x, y, inner_w, bottom - pad - y)
            return
        self.reasoning_toggle.place(pygame.Rect(inner_x, y, inner_w, toggle_h), m.body)
        y += toggle_h + pad // 2
        # Three buttons a row whenever their labels fit: a third row of two left the AI's
        # reasoning too little room (Nim's rule dropped at 1920x1080 in French).
        rows = self._button_rows(buttons, inner_w, row)
        bottom = p.bottom - pad * 2 - (row + pad) * len(rows) + pad
        placed: list[tuple[Button, pygame.Rect]] = []
        columns = two_columns(rows, inner_w, self.least_label_px(), row // 3, pad)
        for r, line in enumerate(rows):
            x = inner_x
            for b, bw in zip(line, columns or self._button_widths(line, inner_w, row),
                             strict=True):
                placed.append((b, pygame.Rect(x, bottom + r * (row + pad), bw, row)))
                x += bw + pad
        # One text size for the whole block, the size its longest label fits at.
        px = min(label_px(b.label(), rect, m) for b, rect in placed)
        for b, rect in placed:
            b.place(rect, px)
        self.moves_rect = pygame.Rect(inner_x, y, inner_w, bottom - pad - y)

    def _layout_compact(self, rect: pygame.Rect) -> None:
        """The layout with large text (:attr:`compact`): the running score on top (once a
        game has ended), the two seats, the reasoning and the moves;
        one row of buttons at the bottom (two in review)."""
        m = self.app.metrics
        pad = m.pad
        inner_x, inner_w = rect.left + pad * 2, rect.width - pad * 4
        row = button_row(m, self.app.size)
        y = rect.top + pad
        self.rules_button.place(pygame.Rect(0, 0, 0, 0), m.small)
        self.score_in_title = self._score_fits(inner_w)
        self.score_lines, self.score_px = self._score_lines(
            inner_w, "play.score_bare" if self.score_in_title else "play.score")
        score_h = (text.font(self.score_px, True).get_linesize() * len(self.score_lines))
        self.score_rect = pygame.Rect(inner_x, y, inner_w, score_h)
        if score_h:
            y += score_h + pad // 2
        y = self.seats.layout(inner_x, y, inner_w)
        if self.scene.review.active:
            bottom = self.review.place_buttons(inner_x, rect.bottom - pad * 2, inner_w, row, pad,
                                               more=self.more_button)
            self.moves_rect = pygame.Rect(inner_x, y, inner_w, bottom - pad - y)
            return
        # (The speed is in More's list, see play_more.speed_actions.)
        bottom = rect.bottom - pad * 2 - row
        place_row(list(self.bottom_buttons), pygame.Rect(inner_x, bottom, inner_w, row), pad, m,
                  least=readable_px(self.app.size))
        self.moves_rect = pygame.Rect(inner_x, y, inner_w, bottom - pad - y)

    def _button_rows(self, buttons: tuple[Button, ...], width: int,
                     row: int) -> list[list[Button]]:
        """The buttons three a row when there are six and each row's labels fit ``width``
        whole (see :meth:`_button_widths`), else two a row: a third row of buttons took the
        room of the AI's reasoning."""
        threes = [list(buttons[i:i + 3]) for i in range(0, len(buttons), 3)]
        if len(buttons) % 3 == 0:
            widths = [self._button_widths(line, width, row, need=True) for line in threes]
            m = self.app.metrics
            least = self.least_label_px()
            if all(widths) and all(
                    label_px(b.label(), pygame.Rect(0, 0, w, row), m) >= least
                    for line, ws in zip(threes, widths, strict=True)
                    for b, w in zip(line, ws, strict=True)):
                return threes
        return [list(buttons[i:i + 2]) for i in range(0, len(buttons), 2)]

    def least_label_px(self) -> int:
        """The smallest label three buttons a row may have: with large text 80% of the small
        size; otherwise the smaller of the small size and the classroom minimum (2.5% of the
        height). Three a row at 1024x768 shrank the labels to 15 px: a button must read from
        the back of the room too."""
        m = self.app.metrics
        if large_text(m, self.app.size):
            return int(m.small * 0.8)
        return min(m.small, readable_px(self.app.size))

    def _button_widths(self, line: list[Button], width: int, row: int,
                       need: bool = False) -> list[int]:
        """The widths of one row of buttons filling ``width``: equal for two; for three, each
        its label's width at the least size allowed (:meth:`least_label_px`) plus an equal
        share of what is left. With ``need``, an empty list when the labels do not fit.
        (Measured at 80% of the small size, "Enregistrer" got too little of the row to read
        at that least size, 26 px of 27 at 1920x1080 in French, and the buttons took a third
        row that pushed the legend's colour row out of the panel.)"""
        m = self.app.metrics
        gaps = m.pad * (len(line) - 1)
        if len(line) < 3 and not need:
            return [(width - gaps) // len(line)] * len(line)
        return label_widths(line, self.least_label_px(), width - gaps, row // 3 + m.pad // 2)

    def _score_fits(self, width: int) -> bool:
        """True when the running score without the word "Score" fits ``width`` on one line
        (see :meth:`_score_lines`)."""
        lines, px = self._score_lines(width, "play.score_bare")
        return len(lines) == 1 and text.size(lines[0], px, True)[0] <= width

    def _score_lines(self, width: int, key: str = "play.score") -> tuple[list[str], int]:
        """The running score in lines of ``width`` (names as :func:`score_line` gives them) and
        their text size: one line at the small size, or a little smaller (down to 85%, with
        large text to the normal small size, never under the readable size); else without the
        names' notes, wrapped if need be; none before the first game ends."""
        m = self.app.metrics
        label = self.scene.seat_label
        line = _glued_counts(score_line(self.scene.match, label, key))
        if not line:
            return [], m.small
        readable = readable_px(self.app.size)  # (it was 15 px at 100% of 1024x768, QA18 11)
        floor = max(readable, int(m.small * 0.85))
        if large_text(m, self.app.size):
            floor = max(Metrics.for_size(self.app.size).small, int(m.small * 0.8), readable)
        px = text.fit_px(line, width, max(m.small, readable), True, floor)
        if text.size(line, px, True)[0] <= width:
            return [line], px
        short = _glued_counts(score_line(self.scene.match, lambda seat: without_note(label(seat)),
                                         key))
        px = max(m.small, readable)
        return text.wrap(short, width, px, True), px

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, its seats, reasoning and moves (the widgets are drawn by the scene)."""
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        p = self.rect
        presenter = self.scene.presenter
        draw_panel(surface, p, theme, m.radius)
        if not self.score_in_title and not self.compact:
            text.blit_text(surface, presenter.title(), m.heading, theme.accent,
                           (p.left + pad * 2, p.top + pad), bold=True,
                           max_width=self.rules_button.rect.left - p.left - pad * 3,
                           min_px=m.body)
        self.seats.draw(surface)
        score_h = text.font(self.score_px).get_linesize()
        for i, line in enumerate(self.score_lines):
            text.blit_text(surface, line, self.score_px, theme.text,
                           (self.score_rect.left, self.score_rect.top + i * score_h), bold=True,
                           max_width=self.score_rect.width)
        line_h = text.font(m.small).get_linesize()
        y = self.moves_rect.top
        self.explain.rect = self.moves_rect
        if self.scene.review.active:
            draw_review_words(self, surface)
            return
        # No AI at the table, no reasoning to wait for: the moves take its room (QA 34a).
        turns = self.scene.turns
        reasoning = self.app.settings.show_reasoning and not (
            all(seat.human for seat in self.scene.match.seats)
            and turns.pending is None and turns.reasoning is None)
        y = self.scene.banner.draw_reason(surface, self.moves_rect, y)  # (at the end)
        y = self.explain.draw_hint(surface, y)
        legend = self.scene.legend_rows() if reasoning else []
        self.explain.legend_rows_shown = 0
        self.explain.legend_samples = set()
        if reasoning and self.explain.fits_first_row(self.scene.legend_rect, legend):
            # With large text, under the board when it leaves the room (see
            # play_board.legend_strip): the panel keeps its room for the facts and the moves.
            y = self.explain.draw_reasoning(surface, y, [])
            self.explain.draw_legend_in(surface, self.scene.legend_rect, legend)
        elif reasoning:
            y = self.explain.draw_reasoning(surface, y, legend)
            # The position summary (Nim's matches left) keeps its line under the legend: it
            # was pushed under the Undo button at 1920x1080 in French.
            y = self.explain.draw_legend(surface, y, legend,
                                         reserve=self.explain.kept_below(self.explain.facts_size)[1])
        # With the reasoning on, the options line gives its room to the reasoning (the board
        # shows its size); a position summary (Nim's matches left) stays, the class counts
        # with it. With large text both it and the list at the facts' size (words_px).
        px = self.explain.words_px() if reasoning else self.explain.small
        line_h = text.font(px).get_linesize()
        summary = presenter.position_summary(self.scene.state)
        if (summary or not reasoning) and y + line_h <= self.moves_rect.bottom:
            options = presenter.describe_options(self.scene.match.options)  # "8×8" alone: QA S13 31
            extra = summary or tr("play.options_line", game=presenter.title(), options=options)
            # Smaller rather than cut ("19 allumettes restantes" at 200% of 1024x768).
            text.blit_text(surface, extra, px, theme.text_muted, (self.moves_rect.left, y),
                           max_width=self.moves_rect.width,
                           min_px=min(px, least_legend_px(m, self.app.size)))
            y += int(line_h * 1.2)
        self.draw_moves(surface, pygame.Rect(self.moves_rect.left, y, self.moves_rect.width,
                                              self.moves_rect.bottom - y), px)


    def draw_moves(self, surface: pygame.Surface, rect: pygame.Rect,
                    px: int | None = None) -> None:
        """The move list at ``px`` (the small size by default), one row per pair of moves
        (one per move when a move's words do not fit half the row: "3 allumettes" at 200%
        text), the latest at the bottom; the marked move is the latest, or in review the one
        that led to the shown position (scrolled into view). Each move is clickable (see
        :meth:`click`)."""
        theme = self.app.theme
        m = self.app.metrics
        px = px or m.small
        self.move_rects = []
        if rect.height < px:
            return
        line_h = text.font(px).get_linesize()
        review = self.scene.review
        moves = [self.scene.presenter.move_text(mv) for mv in self.scene.match.moves]
        marked = review.shown - 1 if review.active else len(moves) - 1
        # Every move has its own number before it ("5. c3   6. a2"): numbering a row by its
        # first move read "1, 3, 5" on the projector and looked like a bug (QA), numbering
        # it by turn gave a move two numbers beside the review's "Move 3/7". The number as
        # wide as "88." needs and a pad (QA 7: "10." touched "3 allumettes"); two cells a
        # pad apart, so the marked move's chip never touches the next one.
        col = text.size(f"{max(88, len(moves))}.", px)[0] + m.pad
        half = (rect.width - m.pad) // 2
        per_row, cell_w = 2, half - col
        # Two a row where each fits its half at full size in bold, as the latest is drawn:
        # checked at 90%, the latest shrank to 18 px beside 20-px moves (1024x768) and 26
        # beside 30 (1920x1080 fr), the one move the class looks for (QA20 3).
        if any(text.size(mv, px, True)[0] > cell_w for mv in moves):
            per_row, half = 1, rect.width
            cell_w = half - col - m.pad // 2
        pairs = [moves[i:i + per_row] for i in range(0, len(moves), per_row)]
        fits = max(1, rect.height // line_h)
        if review.active:
            # Keep the reviewed move's row r in view: rows end - fits .. end - 1 are shown,
            # end = len(pairs) - scroll, so scroll stays within these bounds. At the start
            # (no move led there) the first row: the list showed the last moves (QA 45c).
            r = max(0, marked) // per_row
            self.scroll = max(len(pairs) - fits - r, min(self.scroll, len(pairs) - 1 - r))
        self.scroll = max(0, min(self.scroll, max(0, len(pairs) - fits)))
        end = len(pairs) - self.scroll
        shown = pairs[max(0, end - fits):end]
        first_number = max(0, end - fits) + 1
        y = rect.top
        for i, line in enumerate([] if moves else no_moves_lines(
                self.scene.match, self.scene.presenter, rect.width, px, rect.height)):
            text.blit_text(surface, line, px, theme.text_muted, (rect.left, y + i * line_h),
                           max_width=rect.width)
        for i, pair in enumerate(shown):
            n = first_number + i
            for j, mv in enumerate(pair):
                index = (n - 1) * per_row + j
                left = rect.left + j * (half + m.pad)
                text.blit_text(surface, f"{index + 1}.", px, theme.text_muted, (left, y))
                cell = pygame.Rect(left + col, y, cell_w, line_h)
                self.move_rects.append((cell, index + 1))
                mark = index == marked
                if mark and review.active:
                    pygame.draw.rect(surface, blend(theme.panel, theme.accent, 0.3),
                                     cell.inflate(m.pad // 2, 0), border_radius=m.radius)
                elif cell.collidepoint(widgets.mouse()):
                    pygame.draw.rect(surface, theme.button_hover, cell.inflate(m.pad // 2, 0),
                                     border_radius=m.radius)
                # A long move ("3 allumettes du tas 2", large text) shrinks a little before
                # it is cut (Marienbad's list read "take 1 fro…" at 1024x768), and on to the
                # readable size where it must ("1 allumette du ta…" at 200% of 1024x768).
                text.blit_text(surface, mv, px, theme.accent if mark else theme.text,
                               cell.topleft, bold=mark, max_width=cell.width,
                               min_px=min(int(px * MOVE_SHRINK), readable_px(self.app.size)))
            y += line_h


def _glued_counts(score: str) -> str:
    """The running score with each count on the line of the word before it (a no-break
    space): the panel's title row wrapped "1" alone at 200% of 1024x768 (QA 29)."""
    return re.sub(r" (\d+)(?= \u2013|$| \u00b7)", "\u00a0\\1", score)
