"""The play panel's two seat cards: each side's disc, name and count, and who plays it.

Who plays a side is the player's whole name with its parameter ("Reinforcement · Starting beads
50") and, while it thinks, for how long ("· 1.2 s", a spinner turning on its disc). A name
too wide for one line goes on two, broken before its note, and both cards grow alike (with
large text only that card grows): the card never cuts the parameter a class was shown in the
menu. The room for the thinking time is
kept from the start, so a card never grows when its AI starts thinking.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.reasoning import seconds_text
from game.ui.scenes.play_fit import large_text, readable_px
from game.ui.scenes.play_seat_fit import SeatFit
from game.ui.scenes.play_seat_lines import draw_spinner, plain_words, who_lines
from game.ui.theme import blend, disc_rim
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: The elapsed time a card keeps room for while its AI thinks ("88,8 s" is as wide as any).
TIME_RESERVE = "88,8"


class SeatCards(SeatFit):
    """The two seat cards of one play panel: their layout, drawing and clicks."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        super().__init__(app, scene)
        #: Each seat's card in the last layout.
        self.rects: list[pygame.Rect] = []
        #: With large text, which cards take one line: the side and its count on the left,
        #: who plays it on the right (see :meth:`_fits_one_line`).
        self.single = [False, False]
        #: The seats whose card took two lines since the window, the text size or the players
        #: (the key) last changed.
        self._two_lines: tuple[object, set[int]] = (None, set())
        #: With large text, which two-line cards write who plays the side beside its name and
        #: the count on the second line (see :meth:`_count_below`).
        self.count_below = [False, False]
        #: The size of the counts on one-line cards: one for both, the size the tighter fits
        #: at ("Noir · 3 pions" beside "Blanc · 3 pions" a size smaller read as a difference).
        self.count_px = app.metrics.body
        #: In review, both cards side by side on one row without who plays them (the score
        #: row and the graph's "▲ Black (Alpha-beta) ahead" name them): the review graph
        #: needs the room (see :meth:`_layout_halves`).
        self.brief = False
        #: The size of who plays the side on the one-line cards (one for both).
        self.who_px = app.metrics.small
        #: The size of the counts beside the names on cards of two lines: one for both.
        self.two_count_px = app.metrics.body
        #: Whether a one-line card's count written as its number alone ("Red · 4") writes its
        #: unit at the number's size ("discs"; else smaller, see :meth:`_unit_px`).
        self.unit_with_count = False

    def at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose card is at ``pos`` (a click there changes its player), or None."""
        for seat, rect in enumerate(self.rects):
            if rect.collidepoint(pos):
                return seat
        return None

    # -- layout ---------------------------------------------------------------------------------

    @property
    def one_line(self) -> bool:
        """True when both cards take one line (see :attr:`single`)."""
        return all(self.single)

    def _thinking_words(self, seconds: str) -> Callable[[str], str]:
        return lambda name: tr("play.thinking_for", player=name, s=seconds)

    def layout(self, left: int, top: int, width: int) -> int:
        """Place both cards from ``top``; return the y under the second. Both are as tall as
        the taller needs (two lines for a long player's name, thinking time included)."""
        m = self.app.metrics
        self.brief = self.scene.review.active
        pad = m.pad
        tw = left + width - self._text_left(left) - pad
        lines, sizes = [1, 1], [0, 0]
        for seat in (0, 1):
            human = self.scene.match.seats[seat].human
            label = self.scene.seat_label(seat)
            # Thinking or not: the name alone may take two lines where, with its time, it
            # lost its note to stay on one.
            for words in [plain_words] if human or not self._shows_time() else [
                    plain_words, self._thinking_words(TIME_RESERVE)]:
                fitted, px = who_lines(label, tw, self._who_px(), words, self._shrink())
                lines[seat], sizes[seat] = max((lines[seat], sizes[seat]), (len(fitted), px))
        for seat in (0, 1):
            lines[seat] += self._summary_below(seat, tw)
        if not large_text(m, self.app.size):
            lines = [max(lines)] * 2
        # With large text only the card of a long name grows: both growing took the room of
        # a row of the move list at 200% of 1024x768 (against MCTS, "Monte-Carlo · 300
        # parties au hasard" on two lines, 13 px short). And a card whose words fit one line
        # takes one (the human's, mostly), whatever the other's: at 200% of 1280x720 the
        # second line of "Player 1 / Human" was the room of the reasoning's second fact.
        # A card that once needed two lines keeps them (for this window and these players):
        # "Red · 1 disc" fitted one line and "Red · 3 discs" did not, so the card changed
        # shape from move to move.
        key = (self.app.size, m.body, tuple(self.scene.seat_label(seat) for seat in (0, 1)))
        if self._two_lines[0] != key:
            self._two_lines = (key, set())
        self._fit_parts(left, width)
        self.single = [seat not in self._two_lines[1] and self._fits_one_line(seat, left, width)
                       for seat in (0, 1)]
        self._two_lines[1].update(seat for seat in (0, 1) if not self.single[seat])
        self.count_below = [not self.single[seat] and self._count_below(seat, left, width)
                            for seat in (0, 1)]
        singles = [seat for seat in (0, 1) if self.single[seat]]
        self.count_px = min([self._one_line_count_fit(seat, left, width) for seat in singles],
                            default=m.body)
        # The number and its unit at one size where every one-line card holds them so: "Red
        # · 0 discs" read "0" at 34 px, "discs" at 25 (200% of 1280x800, QA16 15).
        one_size = [self._one_size_count_fit(seat, left, width) for seat in singles]
        self.unit_with_count = bool(one_size) and all(one_size)
        if self.unit_with_count:
            self.count_px = min(one_size)
        # Who plays, one size on both one-line cards too ("Human" at 36 px above
        # "Alpha-beta" at 22 read as a difference between them).
        room = left + width - self._text_left(left) - pad
        self.who_px = min([self._one_line_who(seat, room)[0]
                           for seat in (0, 1) if self.single[seat]], default=m.small)
        if self.brief:
            return self._layout_halves(left, top, width)
        self.rects = []
        y = top
        heights = [self._card_height(lines[seat], self.single[seat], self.count_below[seat],
                                     sizes[seat] if large_text(m, self.app.size)
                                     else max(sizes))
                   for seat in (0, 1)]
        # The counts beside the names at one size on both cards, one line or two: "Black · 9
        # discs  Human" on one line stood at 39 px beside "White · 7 discs / Reinforcement"
        # at 52 at 200% of 1280x800 (QA14 7).
        self.two_count_px = min([self._two_line_count_px(seat, left, width)
                                 for seat in (0, 1) if not self.single[seat]
                                 and not self.count_below[seat]], default=m.body)
        if any(self.single) and not all(self.single):
            self.count_px = self.two_count_px = min(self.count_px, self.two_count_px)
        for height in heights:
            self.rects.append(pygame.Rect(left, y, width, height))
            y += height + pad
        return y

    def _layout_halves(self, left: int, top: int, width: int) -> int:
        """The review's brief cards, side by side on one row (see
        :meth:`_draw_half`); return the y under them. One above the other they took the
        review graph's room: a 55-px strip at 200% of 1920x1080 (QA20 6)."""
        m = self.app.metrics
        half = (width - m.pad) // 2
        height = text.font(m.body, True).get_linesize() + m.pad
        self.rects = [pygame.Rect(left, top, half, height),
                      pygame.Rect(left + width - half, top, half, height)]
        return top + height + m.pad

    def _half_forms(self, seat: int) -> list[str]:
        """What a half card may say, the longest first: the side's name and count ("Noir ·
        16 pions", "Noir · 16"), the count alone (the disc is the side's: "16 pions"), the
        side's name alone; four kinds for both seats (where a side has no number, its words
        stand for it)."""
        scene = self.scene
        side = scene.match.side_of_seat(seat)
        name, state = scene.presenter.side_name(side), scene.board_state
        summary = scene.presenter.side_summary(state, side)
        number = scene.presenter.side_count(state, side)
        whole = f"{name} · {summary}" if summary else name
        # (Not the number alone: Hexapawn's "○ 1 | ● 2" read as seats 1 and 2.)
        counted = whole if number is None else f"{name} · {number}"
        return [whole, counted, summary or name, name]

    def _half_words(self, room: int) -> tuple[list[str], int]:
        """Both half cards' words, of the first kind (see :meth:`_half_forms`) both hold in
        ``room`` at the body size or smaller down to the readable size, and that size, one
        for both ("Black · 21" beside "13 discs", or a size apart, read as a difference)."""
        m = self.app.metrics
        least = readable_px(self.app.size)
        forms = [self._half_forms(seat) for seat in (0, 1)]
        # A shorter kind at 80% of the small size or more before a longer one at the least:
        # "Black · 10 discs" at 16 px beside 40-px words (200% of 1024x640) read as a note.
        for floor in (max(least, int(m.small * 0.8)), least):
            for pair in zip(*forms, strict=True):
                sizes = [text.fit_px(words, room, m.body, True, floor) for words in pair]
                if all(text.size(words, px, True)[0] <= room
                       for words, px in zip(pair, sizes, strict=True)):
                    return list(pair), min(sizes)
        return [each[-1] for each in forms], least

    def _draw_half(self, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                   tx: int) -> None:
        """A half card's words (see :meth:`_half_words`) beside its disc."""
        words, px = self._half_words(rect.right - self.app.metrics.pad - tx)
        text.blit_text(surface, words[seat], px, self.app.theme.text, (tx, rect.centery),
                       "midleft", bold=True)

    def _card_height(self, lines: int, single: bool = False, below: bool = False,
                     px: int = 0) -> int:
        """A card's height for a player's name of ``lines`` lines at ``px`` (0: the size of
        :meth:`_who_px`; a name shrunk to fit two lines needs their height, not two lines of
        the small size: Elimination's card at 200% of 1280x800 kept 30 px of them empty)
        (``single``: the card on one line, see :attr:`single`; ``below``: its count on a
        line of its own)."""
        m = self.app.metrics
        if single:
            return text.font(self._name_px() if single else m.body, True).get_linesize() + m.pad
        height = self._base_height()
        if lines > 1:
            name_h = text.font(m.body, True).get_linesize()
            px = px or self._who_px()
            height = max(height, m.pad // 2 * 2 + name_h + text.font(px).get_linesize()
                         + (lines - 1) * text.two_line_step(px))
        return height

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Both cards."""
        for seat, rect in enumerate(self.rects):
            self._draw(surface, seat, rect)

    def _draw(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """One seat's card: the side's disc and name, its count, who plays it."""
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        scene = self.scene
        turns = scene.turns
        presenter = scene.presenter
        side = scene.match.side_of_seat(seat)
        # In review the cards follow the reviewed position, like the board.
        shown = scene.board_state
        to_move = shown.outcome is None and shown.to_move == side
        hover = rect.collidepoint(widgets.mouse())
        fill = blend(theme.panel, theme.accent, 0.18) if to_move else (
            theme.button_hover if hover else theme.button)
        draw_panel(surface, rect, theme, m.radius, fill,
                   theme.accent if to_move else theme.panel_border, 3 if to_move else 2)
        disc_r = self._disc_radius()
        centre = (rect.left + pad + disc_r, rect.top + rect.height // 2)
        piece = presenter.side_colour(side, theme)
        pygame.draw.circle(surface, piece, centre, disc_r)
        # A rim that stands out from the card: the contrast theme's black disc on its black
        # card was invisible.
        rim = disc_rim(piece, fill, theme.piece_outline, theme)
        pygame.draw.circle(surface, rim, centre, disc_r, max(2, m.line, disc_r // 6))
        tx = self._text_left(rect.left)
        tw = rect.right - tx - pad
        seconds = turns.thinking_seconds()
        thinking = to_move and seconds is not None and not scene.review.active
        words: Callable[[str], str] = plain_words
        if thinking:
            assert seconds is not None
            if self._shows_time():
                words = self._thinking_words(seconds_text(seconds))
            # The spinner turns on the side's disc: the counts keep the name's line.
            draw_spinner(surface, theme, turns.clock, centre, int(disc_r * 0.9))
        if self.brief:
            self._draw_half(surface, seat, rect, tx)
            return
        if self.single[seat]:
            self._draw_one_line(surface, seat, rect, tx)
            return
        if self.count_below[seat]:
            self._draw_count_below(surface, seat, rect, tx)
            return
        lines, px = who_lines(scene.seat_label(seat), tw, self._who_px(), words, self._shrink())
        summary = presenter.side_summary(shown, side)
        below = self._summary_below(seat, tw)
        if below:
            lines = [summary, *lines]
        step = text.two_line_step(px)
        # The name and the player's line(s) as one block in the middle of the card (one card
        # may be taller for the other's two-line name).
        name_h = text.font(m.body, True).get_linesize()
        block = name_h + text.font(px).get_linesize() + (len(lines) - 1) * step
        top = max(rect.top + pad // 2, rect.centery - block // 2)
        name_rect = text.blit_text(surface, presenter.side_name(side), m.body, theme.text,
                                   (tx, top), bold=True, max_width=tw)
        if summary and not below:
            # The counts in regular weight after the name, shrinking to 80% of the small size
            # before anything is cut ("X · 3 placed, 0 in hand" at 1024x640, at 200% text).
            sx = name_rect.right
            text.blit_text(surface, f" · {summary}", self.two_count_px, theme.text,
                           (sx, name_rect.bottom), "bottomleft",
                           max_width=max(1, rect.right - pad - sx),
                           min_px=self.least_count_px())
        y = top + name_h
        for i, line in enumerate(lines):
            # The count under the name shrinks (to its least size) rather than be cut.
            counts = below and i == 0
            text.blit_text(surface, line, px, theme.text if counts else theme.text_muted,
                           (tx, y), max_width=tw, min_px=self.least_count_px() if counts else px)
            y += step

    def _draw_count_below(self, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                          tx: int) -> None:
        """A card with its count on the second line (see :attr:`count_below`): the side's
        name and who plays it on the first, as on a one-line card."""
        m = self.app.metrics
        presenter = self.scene.presenter
        side = self.scene.match.side_of_seat(seat)
        name_h = text.font(m.body, True).get_linesize()
        top = rect.centery - (name_h + text.font(m.small).get_linesize()) // 2
        line = pygame.Rect(rect.left, top, rect.width, name_h)
        self._draw_one_line(surface, seat, line, tx, count=False)
        text.blit_text(surface, presenter.side_summary(self.scene.board_state, side), m.small,
                       self.app.theme.text, (tx, top + name_h), max_width=rect.right - m.pad - tx,
                       min_px=int(m.small * 0.8))

    def _draw_one_line(self, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                       tx: int, count: bool = True) -> None:
        """A one-line card's words (see :attr:`one_line`): the side's name and count from
        ``tx``, who plays it against the right edge, on one baseline."""
        theme = self.app.theme
        m = self.app.metrics
        presenter = self.scene.presenter
        side = self.scene.match.side_of_seat(seat)
        name_px = self._name_px() if self.single[seat] else m.body
        name_h = text.font(name_px, True).get_linesize()
        top = rect.centery - name_h // 2
        name_rect = text.blit_text(surface, presenter.side_name(side), name_px, theme.text,
                                   (tx, top), bold=True)
        right = rect.right - m.pad
        px = (self.who_px if self.single[seat]
              else self._one_line_who(seat, right - tx, count)[0])
        who = text.blit_text(surface, self.scene.seat_label(seat), px,
                             theme.text_muted, (right, name_rect.bottom), "bottomright")
        right = who.left - m.pad
        summary = self._count_words(self.scene.board_state, side)
        if summary and count:
            sx = name_rect.right
            px = self.count_px if self.single[seat] else m.body
            drawn = text.blit_text(surface, f" · {summary}", px, theme.text,
                                   (sx, name_rect.bottom), "bottomleft",
                                   max_width=max(1, right - sx),
                                   min_px=self._one_line_count_px())
            unit = self._count_unit(self.scene.board_state, side)
            if unit:
                unit_px = self.count_px if self.unit_with_count else self._unit_px()
                text.blit_text(surface, f" {unit}", unit_px, theme.text,
                               (drawn.right, name_rect.bottom), "bottomleft",
                               max_width=max(1, right - drawn.right))
