"""The play panel's two seat cards: each side's disc, name and count, and who plays it.

Who plays a side is the player's whole name with its parameter ("Reinforcement · Starting beads
50") and, while it thinks, for how long ("· 1.2 s", a spinner turning on its disc). A name
too wide for one line goes on two, broken before its note, and both cards grow alike (with
large text only that card grows): the card never cuts the parameter a class was shown in the
menu. The room for the thinking time is
kept from the start, so a card never grows when its AI starts thinking.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.reasoning import seconds_text
from game.ui.scenes.play_fit import large_text, readable_px
from game.ui.scenes.play_status import without_note
from game.ui.theme import Theme, blend, disc_rim
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: The elapsed time a card keeps room for while its AI thinks ("88,8 s" is as wide as any).
TIME_RESERVE = "88,8"
#: Smallest size of the player's name, as a share of the small size, before it takes two lines.
NAME_SHRINK = 0.85


def draw_spinner(surface: pygame.Surface, theme: Theme, clock: float, centre: tuple[int, int],
                 radius: int) -> None:
    """The animated "thinking" indicator: eight dots fading round a circle."""
    for i in range(8):
        angle = clock * 6.0 + i * math.pi / 4
        fade = (i + 1) / 8
        pos = (centre[0] + math.cos(angle) * radius * 0.75,
               centre[1] + math.sin(angle) * radius * 0.75)
        pygame.draw.circle(surface, blend(theme.panel, theme.accent, fade), pos,
                           max(2, radius // 4))


def _plain(name: str) -> str:
    return name


def who_lines(label: str, width: int, px: int,
              words: Callable[[str], str] = _plain) -> tuple[list[str], int]:
    """The player line(s) of a seat card and their size: ``words(label)`` on one line shrunk
    down to :data:`NAME_SHRINK` of ``px``; else on two lines, broken before the label's note
    ("Alpha-beta" / "Depth 4 · 1.2 s") or wherever it wraps; else (a name too long even for
    two lines) the label without its note on one line. ``words`` puts the label in its
    sentence (the thinking time)."""
    floor = int(px * NAME_SHRINK)
    whole = words(label)
    one = text.fit_px(whole, width, px, min_px=floor)
    if text.size(whole, one)[0] <= width:
        return [whole], one
    title = without_note(label)
    # The second line starts with the note itself, not with the separator before it.
    note = label[len(title):].strip().removeprefix("\u00b7").strip()
    tries = [(lines, size) for lines in ([title, words(note)],) if note for size in (px, floor)]
    tries += [(text.wrap(whole, width, size), size) for size in (px, floor)]
    for lines, size in tries:
        if len(lines) <= 2 and all(text.size(line, size)[0] <= width for line in lines):
            return lines, size
    short = words(title)
    return [short], text.fit_px(short, width, px, min_px=floor)


class SeatCards:
    """The two seat cards of one play panel: their layout, drawing and clicks."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app = app
        self.scene = scene
        #: Each seat's card in the last layout.
        self.rects: list[pygame.Rect] = []
        #: With large text, each card on one line: the side and its count on the left, who
        #: plays it on the right (see :meth:`_one_line_fits`).
        self.one_line = False
        #: With large text in review, each card on one line without who plays it (the score
        #: row above names them): the graph's key and the list's rows need the room.
        self.brief = False

    def at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose card is at ``pos`` (a click there changes its player), or None."""
        for seat, rect in enumerate(self.rects):
            if rect.collidepoint(pos):
                return seat
        return None

    # -- layout ---------------------------------------------------------------------------------

    def _base_height(self) -> int:
        """A one-line card's height: roomy at normal text; with large text just what the name
        and the player's line need (two cards at 2.9 bodies left the AI's reasoning no room
        at 200% of 1920x1080)."""
        m = self.app.metrics
        if large_text(m, self.app.size):
            return (text.font(m.body, True).get_linesize() + text.font(m.small).get_linesize()
                    + m.pad)
        return int(m.body * 2.9)

    def _text_left(self, left: int) -> int:
        """Where a card's words start: right of its disc."""
        pad = self.app.metrics.pad
        return left + pad + 2 * int(self._base_height() * 0.24) + pad

    def _shows_time(self) -> bool:
        """Whether a card says how long its AI has been thinking: not with large text, where
        the room kept for the time put the player's name on two lines and both cards grew
        (the engine line above the board tells the time, the spinner turns on the disc)."""
        return not large_text(self.app.metrics, self.app.size)

    def _thinking_words(self, seconds: str) -> Callable[[str], str]:
        return lambda name: tr("play.thinking_for", player=name, s=seconds)

    def layout(self, left: int, top: int, width: int) -> int:
        """Place both cards from ``top``; return the y under the second. Both are as tall as
        the taller needs (two lines for a long player's name, thinking time included)."""
        m = self.app.metrics
        pad = m.pad
        tw = left + width - self._text_left(left) - pad
        lines = [1, 1]
        for seat in (0, 1):
            human = self.scene.match.seats[seat].human
            label = self.scene.seat_label(seat)
            # Thinking or not: the name alone may take two lines where, with its time, it
            # lost its note to stay on one.
            for words in [_plain] if human or not self._shows_time() else [
                    _plain, self._thinking_words(TIME_RESERVE)]:
                lines[seat] = max(lines[seat], len(who_lines(label, tw, m.small, words)[0]))
        for seat in (0, 1):
            lines[seat] += self._summary_below(seat, tw)
        if not large_text(m, self.app.size):
            lines = [max(lines)] * 2
        # With large text only the card of a long name grows: both growing took the room of
        # a row of the move list at 200% of 1024x768 (against MCTS, "Monte-Carlo · 300
        # parties au hasard" on two lines, 13 px short).
        self.one_line = self._one_line_fits(left, width)
        self.brief = large_text(m, self.app.size) and self.scene.review.active
        self.rects = []
        y = top
        for seat in (0, 1):
            height = self._card_height(lines[seat])
            self.rects.append(pygame.Rect(left, y, width, height))
            y += height + pad
        return y

    def least_count_px(self) -> int:
        """The least size of a side's count beside its name: 80% of the small size; with
        large text the window's readable size (Morpion's "X · 0 posé, 3 en main" needs 24 px
        at 200% of 1024x768, where a line of its own took the move list's row)."""
        m = self.app.metrics
        if large_text(m, self.app.size):
            return min(int(m.small * 0.8), readable_px(self.app.size))
        return int(m.small * 0.8)

    def _summary_below(self, seat: int, width: int) -> bool:
        """With large text, whether the side's count goes on its own line under its name:
        beside it, Morpion's " · 1 posé, 2 en main" was cut at 200% of 1024x768."""
        m = self.app.metrics
        if not large_text(m, self.app.size):
            return False
        scene = self.scene
        side = scene.match.side_of_seat(seat)
        summary = scene.presenter.side_summary(scene.board_state, side)
        if not summary:
            return False
        return (text.size(scene.presenter.side_name(side), m.body, True)[0]
                + text.size(f" · {summary}", self.least_count_px())[0]) > width

    def _card_height(self, lines: int) -> int:
        """A card's height for a player's name of ``lines`` lines."""
        m = self.app.metrics
        if self.one_line or self.brief:
            return text.font(m.body, True).get_linesize() + m.pad
        height = self._base_height()
        if lines > 1:
            name_h = text.font(m.body, True).get_linesize()
            height = max(height, m.pad // 2 * 2 + name_h + lines * text.two_line_step(m.small))
        return height

    def _one_line_fits(self, left: int, width: int) -> bool:
        """With large text, whether both cards hold the side's name, its count and who plays
        it on one line (the count with room for two more digits, so a card does not change
        shape as the game goes on): two cards of two lines left the legend's colour row no
        room at 200% of 1920x1080."""
        m = self.app.metrics
        if not large_text(m, self.app.size):
            return False
        scene = self.scene
        presenter = scene.presenter
        room = left + width - self._text_left(left) - m.pad
        for seat in (0, 1):
            side = scene.match.side_of_seat(seat)
            summary = presenter.side_summary(scene.state, side)
            words = text.size(presenter.side_name(side), m.body, True)[0]
            if summary:
                words += text.size(f" · {summary}88", m.body)[0]
            words += m.pad * 2 + text.size(scene.seat_label(seat), m.small)[0]
            if words > room:
                return False
        return True

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
        disc_r = int(self._base_height() * 0.24)
        centre = (rect.left + pad + disc_r, rect.top + rect.height // 2)
        piece = presenter.side_colour(side, theme)
        pygame.draw.circle(surface, piece, centre, disc_r)
        # A rim that stands out from the card: the contrast theme's black disc on its black
        # card was invisible.
        rim = disc_rim(piece, fill, theme.piece_outline, theme)
        pygame.draw.circle(surface, rim, centre, disc_r, max(2, m.line, disc_r // 6))
        tx = self._text_left(rect.left)
        tw = rect.right - tx - pad
        thinking = to_move and turns.thinking_since is not None and not scene.review.active
        words: Callable[[str], str] = _plain
        if thinking:
            assert turns.thinking_since is not None
            if self._shows_time():
                words = self._thinking_words(seconds_text(turns.clock - turns.thinking_since))
            # The spinner turns on the side's disc: the counts keep the name's line.
            draw_spinner(surface, theme, turns.clock, centre, int(disc_r * 0.9))
        if self.one_line or self.brief:
            self._draw_one_line(surface, seat, rect, tx)
            return
        lines, px = who_lines(scene.seat_label(seat), tw, m.small, words)
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
            text.blit_text(surface, f" · {summary}", m.body, theme.text,
                           (sx, name_rect.bottom), "bottomleft",
                           max_width=max(1, rect.right - pad - sx),
                           min_px=self.least_count_px())
        y = top + name_h
        for i, line in enumerate(lines):
            # The count under the name shrinks (to 80% of the small size) rather than be cut.
            counts = below and i == 0
            text.blit_text(surface, line, px, theme.text if counts else theme.text_muted,
                           (tx, y), max_width=tw, min_px=int(m.small * 0.8) if counts else px)
            y += step

    def _draw_one_line(self, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                       tx: int) -> None:
        """A one-line card's words (see :attr:`one_line`): the side's name and count from
        ``tx``, who plays it against the right edge, on one baseline."""
        theme = self.app.theme
        m = self.app.metrics
        presenter = self.scene.presenter
        side = self.scene.match.side_of_seat(seat)
        name_h = text.font(m.body, True).get_linesize()
        top = rect.centery - name_h // 2
        name_rect = text.blit_text(surface, presenter.side_name(side), m.body, theme.text,
                                   (tx, top), bold=True)
        right = rect.right - m.pad
        if not self.brief:
            who = text.blit_text(surface, self.scene.seat_label(seat), m.small,
                                 theme.text_muted, (right, name_rect.bottom), "bottomright")
            right = who.left - m.pad
        summary = presenter.side_summary(self.scene.board_state, side)
        if summary:
            sx = name_rect.right
            text.blit_text(surface, f" · {summary}", m.body, theme.text,
                           (sx, name_rect.bottom), "bottomleft",
                           max_width=max(1, right - sx), min_px=int(m.small * 0.8))
