"""What fits on the play panel's seat cards (see :mod:`game.ui.scenes.play_seats`): the sizes
of a card's parts, whether its words take one line with large text (the side's name and count
left, who plays it right) and at which scale, where its count goes and at what size.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from game.ui import text
from game.ui.scenes.play_fit import LEAST_WORDS_SHARE, large_text, readable_px
from game.ui.scenes.play_seat_lines import NAME_SHRINK

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: Numbers in a side's count, measured as two digits (a count grows as the game goes on).
WIDE_COUNT = re.compile(r"\d+")
#: With large text, the side's disc's radius as a share of a one-line card's height.
DISC_SHARE = 0.3
#: With large text, the scales of a one-line card's parts (name, count, who plays) tried,
#: largest first, before both cards take two lines (never under the readable size).
ONE_LINE_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8)
#: ... while who plays keeps this share of the small size (see SeatCards._one_line_least_who).
ONE_LINE_WHO_SHARE = 0.7


class SeatFit:
    """The sizes and fits of one play panel's two seat cards (the base of
    :class:`~game.ui.scenes.play_seats.SeatCards`, which lays them out and draws them)."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app = app
        self.scene = scene
        #: With large text, the scale of both one-line cards' parts, and whether their counts
        #: are the number alone ("Red · 4", see :meth:`_fit_parts`).
        self.scale = 1.0
        self.short_count = False
        #: In review, the cards side by side on one line (see SeatCards.brief).
        self.brief = False

    def _base_height(self) -> int:
        """A one-line card's height: roomy at normal text; with large text just what the name
        and the player's line need (two cards at 2.9 bodies left the AI's reasoning no room
        at 200% of 1920x1080)."""
        m = self.app.metrics
        if large_text(m, self.app.size):
            return (text.font(m.body, True).get_linesize() + text.font(m.small).get_linesize()
                    + m.pad)
        return int(m.body * 2.9)

    def _disc_radius(self) -> int:
        """The side's disc's radius, the same in both cards: with large text (and on the
        review's cards side by side) as a one-line card allows, so a card of one line and a
        card of two keep their words in one column
        (the larger disc of a two-line card left "Joueur 1 · Humain" 9 px short of one line
        at 200% of 1280x720)."""
        m = self.app.metrics
        if large_text(m, self.app.size) or self.brief:
            return int((text.font(m.body, True).get_linesize() + m.pad) * DISC_SHARE)
        return int(self._base_height() * 0.24)

    def _text_left(self, left: int) -> int:
        """Where a card's words start: right of its disc."""
        pad = self.app.metrics.pad
        return left + pad + 2 * self._disc_radius() + pad

    def _shows_time(self) -> bool:
        """Whether a card says how long its AI has been thinking: not with large text, where
        the room kept for the time put the player's name on two lines and both cards grew
        (the engine line above the board tells the time, the spinner turns on the disc)."""
        return not large_text(self.app.metrics, self.app.size)

    def _shrink(self) -> float:
        """How far who plays a side shrinks before it takes a second line: with large text
        as far as the panel's other words (:data:`~game.ui.scenes.play_fit.LEAST_WORDS_SHARE`;
        "Alpha-bêta · Profondeur 2" on two lines took the move list's row at 200% of
        1280x720), else :data:`NAME_SHRINK` (of :meth:`_who_px`)."""
        return LEAST_WORDS_SHARE if large_text(self.app.metrics, self.app.size) else NAME_SHRINK

    def _who_px(self) -> int:
        """The size of who plays a side on a card of two lines: the small size, at least the
        readable one (at 100% of 1024x768 "Human" and "Alpha-beta" were 18 px, readable 20;
        QA14 7)."""
        return max(self.app.metrics.small, readable_px(self.app.size))

    def _fit_parts(self, left: int, width: int) -> None:
        """With large text, the largest scale of the one-line cards' parts
        (:data:`ONE_LINE_SCALES`), the count in words or else as its number alone, at which
        both cards take one line; else the full size and words (each card as it fits).
        Connect 4 at 200% of 1024x768: "Yellow · 88 discs  Alpha-beta" needed 440 px of 315,
        both cards took two lines and the legend lost its colours' row."""
        self.scale, self.short_count = 1.0, False
        if not large_text(self.app.metrics, self.app.size):
            return
        scene = self.scene
        room = left + width - self._text_left(left) - self.app.metrics.pad
        counted = all(scene.presenter.side_count(scene.state, side) is not None
                      for side in (0, 1))
        for scale in ONE_LINE_SCALES:
            for short in (False, True) if counted else (False,):
                self.scale, self.short_count = scale, short
                if all(fits and px >= self._one_line_least_who()
                       for px, fits in (self._one_line_who(seat, room) for seat in (0, 1))):
                    return
        self.scale, self.short_count = 1.0, False

    def _one_line_least_who(self) -> int:
        """The least size of who plays a side for one-line cards (else two lines, who plays
        it on its own line at the small size): the count's unit beside its number (QA13 5)
        left Hexapawn's "Random" 20 px at 200% of 1024x768, beside 32 px names."""
        m = self.app.metrics
        return max(readable_px(self.app.size), round(m.small * ONE_LINE_WHO_SHARE))

    def _name_px(self) -> int:
        """The side's name's size on a one-line card (the body size, scaled)."""
        m = self.app.metrics
        return max(readable_px(self.app.size), round(m.body * self.scale))

    def _count_words(self, state: object, side: int) -> str:
        """What a one-line card says of ``side``'s pieces at the count's size: the summary,
        or its number alone (see :attr:`short_count`; its unit follows in the small words,
        see :meth:`_count_unit`)."""
        presenter = self.scene.presenter
        number = presenter.side_count(state, side) if self.short_count else None
        return str(number) if number is not None else presenter.side_summary(state, side)

    def _count_unit(self, state: object, side: int) -> str:
        """The unit after a count written as its number alone ("discs" of "4 discs"; "" when
        the count is in words): "Black · 4" said four of what with most AIs, "4 discs" with a
        longer name (QA13 5), and Hexapawn's "White · 3" never said pawns."""
        presenter = self.scene.presenter
        number = presenter.side_count(state, side) if self.short_count else None
        if number is None:
            return ""
        summary = presenter.side_summary(state, side)
        return summary.replace(str(number), "", 1).strip()

    def _unit_px(self) -> int:
        """The size of a count's unit after its number (the least of who plays a side)."""
        m = self.app.metrics
        return max(readable_px(self.app.size), int(m.small * LEAST_WORDS_SHARE * self.scale))

    def least_count_px(self) -> int:
        """The least size of a side's count beside its name: 80% of the small size. (With
        large text it was the window's readable size, 20 px at 200% of 1024x768, beside a
        40 px name: Morpion's count now goes on the card's second line where it can, see
        :meth:`_count_below`, and the panel's words give way before it shrinks.) Never under
        the readable size: Morpion's " · 0 placed, 3 in hand" was 16 px at 100% of 1024x768,
        its readable size 20 (QA20 4); it goes under the name there (:meth:`_summary_below`)."""
        return max(int(self.app.metrics.small * 0.8), readable_px(self.app.size))

    def _summary_below(self, seat: int, width: int) -> bool:
        """Whether the side's count goes on its own line under its name: beside it, Morpion's
        " · 1 posé, 2 en main" was cut at 200% of 1024x768, and under the readable size at
        100% (QA20 4)."""
        m = self.app.metrics
        scene = self.scene
        side = scene.match.side_of_seat(seat)
        summary = scene.presenter.side_summary(scene.board_state, side)
        if not summary:
            return False
        return (text.size(scene.presenter.side_name(side), m.body, True)[0]
                + text.size(f" · {summary}", self.least_count_px())[0]) > width

    def _fits_one_line(self, seat: int, left: int, width: int) -> bool:
        """With large text, whether ``seat``'s card holds the side's name, its count and who
        plays it on one line (see :meth:`_one_line_who`): two cards of two lines left the
        legend's colour row no room at 200% of 1920x1080."""
        if not large_text(self.app.metrics, self.app.size):
            return False
        return self._one_line_who(seat, left + width - self._text_left(left)
                                  - self.app.metrics.pad)[1]

    def _count_below(self, seat: int, left: int, width: int) -> bool:
        """With large text, whether ``seat``'s count goes on the card's second line and who
        plays it beside the side's name: when the count beside the name would shrink under
        80% of the small size and the player's name fits there. Morpion's " · 0 placed, 3
        in hand" was 20 px beside "X" at 200% of 1024x768, the player alone on its line."""
        m = self.app.metrics
        scene = self.scene
        side = scene.match.side_of_seat(seat)
        summary = scene.presenter.side_summary(scene.state, side)
        if not summary or not large_text(m, self.app.size):
            return False
        room = left + width - self._text_left(left) - m.pad
        beside = (text.size(scene.presenter.side_name(side), m.body, True)[0]
                  + text.size(f" · {WIDE_COUNT.sub('88', summary)}", int(m.small * 0.8))[0])
        return beside > room and self._one_line_who(seat, room, count=False)[1]

    def _one_line_who(self, seat: int, room: int, count: bool = True) -> tuple[int, bool]:
        """The size of who plays ``seat`` on its card's one line of ``room`` pixels, and
        whether it fits there: beside the side's name and its count (at the least size the
        count is drawn at, with room for one more digit, so a card does not change shape as
        the game goes on), from the small size down to the panel's least words size
        (:data:`~game.ui.scenes.play_fit.LEAST_WORDS_SHARE`)."""
        m = self.app.metrics
        scene = self.scene
        presenter = scene.presenter
        side = scene.match.side_of_seat(seat)
        summary = self._count_words(scene.state, side)
        # One pad between the words and who plays, as the card draws them (two, with the
        # count, left "Yellow · 88 discs    Alpha-beta" 3 px short of one line at 200% of
        # 1920x1080 and the legend its colour row): the count's room for two digits keeps
        # the card's shape.
        used = text.size(presenter.side_name(side), self._name_px(), True)[0] + m.pad
        if summary and count:
            used += text.size(f" · {WIDE_COUNT.sub('88', summary)}",
                              self._one_line_count_px())[0]
            unit = self._count_unit(scene.state, side)
            if unit:
                used += text.size(f" {unit}", self._unit_px())[0]
        label = scene.seat_label(seat)
        least = max(readable_px(self.app.size),
                    int(m.small * LEAST_WORDS_SHARE * self.scale))
        px = text.fit_px(label, room - used, m.small, min_px=least)
        return px, text.size(label, px)[0] <= room - used

    def _one_line_count_room(self, seat: int, left: int, width: int) -> tuple[str, str, int]:
        """``seat``'s count on its one-line card (see :meth:`_count_words`), its unit (see
        :meth:`_count_unit`) and the room they have: the card's, less the side's name and
        who plays it."""
        m = self.app.metrics
        scene = self.scene
        side = scene.match.side_of_seat(seat)
        summary = self._count_words(scene.board_state, side)
        room = left + width - self._text_left(left) - m.pad
        px = self._one_line_who(seat, room)[0]
        room -= (text.size(scene.presenter.side_name(side), self._name_px(), True)[0] + m.pad
                 + text.size(scene.seat_label(seat), px)[0])
        return summary, self._count_unit(scene.board_state, side), room

    def _one_line_count_fit(self, seat: int, left: int, width: int) -> int:
        """The size ``seat``'s count fits at on its one-line card, between the body size and
        its least size (:meth:`_one_line_count_px`), its unit at :meth:`_unit_px`."""
        summary, unit, room = self._one_line_count_room(seat, left, width)
        if not summary:
            return self.app.metrics.body
        if unit:
            room -= text.size(f" {unit}", self._unit_px())[0]
        return text.fit_px(f" · {summary}", room, self._name_px(),
                           min_px=self._one_line_count_px())

    def _one_size_count_fit(self, seat: int, left: int, width: int) -> int:
        """The size ``seat``'s count written as its number alone and its unit fit at
        together on its one-line card ("· 4 discs" at one size), down to the count's least
        size (:meth:`_one_line_count_px`); 0 where they do not, or there is no unit."""
        summary, unit, room = self._one_line_count_room(seat, left, width)
        if not (summary and unit):
            return 0
        whole = f" · {summary} {unit}"
        px = text.fit_px(whole, room, self._name_px(), min_px=self._one_line_count_px())
        return px if text.size(whole, px)[0] <= room else 0

    def _two_line_count_px(self, seat: int, left: int, width: int) -> int:
        """The size ``seat``'s count fits at beside its name on a card of two lines from
        ``left``, ``width`` wide (with room for two digits, so it does not change as the game
        goes on), from the body size down to its least (:meth:`least_count_px`)."""
        m = self.app.metrics
        scene = self.scene
        side = scene.match.side_of_seat(seat)
        summary = scene.presenter.side_summary(scene.board_state, side)
        room = left + width - self._text_left(left) - m.pad
        if not summary or self._summary_below(seat, room):
            return m.body
        room -= text.size(scene.presenter.side_name(side), m.body, True)[0]
        return text.fit_px(f" · {WIDE_COUNT.sub('88', summary)}", room, m.body,
                           min_px=self.least_count_px())

    def _one_line_count_px(self) -> int:
        """The least size of a one-line card's count (80% of the small size, scaled, never
        under the readable size): it shrinks to leave who plays the side its room."""
        return max(readable_px(self.app.size),
                   int(self.app.metrics.small * 0.8 * self.scale))
