"""Small overlay scenes: a list to pick one value from, and a message with buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import text, widgets
from game.ui.i18n import span, tr
from game.ui.scene import Scene
from game.ui.scenes.play_fit import readable_px
from game.ui.widgets import Button, Metrics, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App


def dim(surface: pygame.Surface, colour: tuple[int, int, int], alpha: int = 170) -> None:
    """Darken everything drawn so far (behind a dialog)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour, alpha))
    surface.blit(veil, (0, 0))


#: Keys that scroll a list by a row and by a page (an interactive whiteboard or a keyboard has
#: no wheel).
SCROLL_KEYS: dict[int, int] = {pygame.K_UP: -1, pygame.K_DOWN: 1}
PAGE_KEYS: dict[int, int] = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
#: With body text past this fraction of the window's height (where every screen shows one
#: part at a time) a list takes more of the window and its rows are closer.
LARGE_TEXT = 0.042
#: The closest rows of labels alone, in body sizes (1.6 is their usual height with large
#: text), when closer rows show the whole list on one page: still a large target to click.
CLOSEST_ROW = 1.4


class ListPopup(Scene):
    """A list of choices over the current screen; a click picks one; the ✕ button in its
    corner, Esc or a click outside cancels.

    ``items`` pairs each value with its label and an optional one-line description. A list
    longer than the screen scrolls with the wheel, the arrow keys, Page Up/Down, Home/End, and
    two arrow buttons beside the title (a finger on a whiteboard has no wheel).
    """

    opaque = False

    def __init__(self, app: App, title: str, items: Sequence[tuple[Any, str, str]],
                 current: Any, on_pick: Callable[[Any], None]) -> None:
        super().__init__(app)
        self.title = title
        self.items = list(items)
        self.current = current
        self.on_pick = on_pick
        self.scroll = 0
        #: Whether the list still opens on the current choice's page (the first layout does):
        #: Monte Carlo, item 6, opened on items 1-4, the current choice out of sight (QA17 12).
        self._to_current = True
        self.rows: list[tuple[pygame.Rect, Any]] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        #: The page-up and page-down buttons (empty rectangles when the list fits).
        self.arrows = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        #: The close button in the title row's corner: leaving without a choice needed Esc
        #: or a click outside, which nothing said (QA S13 13).
        self.close = pygame.Rect(0, 0, 0, 0)

    def _layout(self) -> tuple[int, int]:
        m = self.app.metrics
        w, h = self.app.size
        has_desc = any(desc for _v, _l, desc in self.items)
        large = m.body > h * LARGE_TEXT
        box_w = int(w * (0.9 if large else 0.7 if has_desc else 0.5))
        heights = self._row_heights(box_w - 4 * m.pad, large)
        # Up to 92% of the height with large text (78% before: at 200% of 1920x1080 the play
        # screen's More list showed 4 of its 6 actions, the seat chooser 2 players at 1024x768).
        room = int(h * (0.92 if large else 0.78)) - m.heading * 2 - m.pad * 2
        heights = self._closer(heights, room, large)
        # Scrolled to the end, the last row at the bottom: from the first row from which the
        # rest fit.
        last = len(self.items) - len(self._fitting(heights[::-1], room))
        if self._to_current:
            self._to_current = False
            current = next((i for i, (value, _l, _d) in enumerate(self.items)
                            if value == self.current), 0)
            if current >= len(self._fitting(heights, room)):
                self.scroll = current
        self.scroll = max(0, min(self.scroll, last))
        shown = self._fitting(heights[self.scroll:], room)
        # As high as the most any scroll shows, so the box does not change as it scrolls.
        most = max(sum(self._fitting(heights[start:], room)) for start in range(last + 1))
        box_h = most + m.heading * 2 + m.pad * 2
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        top = self.box.top + m.heading * 2
        self.rows = []
        for i, row_h in enumerate(shown):
            rect = pygame.Rect(self.box.left + m.pad, top, self.box.width - 2 * m.pad,
                               row_h - m.pad // 2)
            self.rows.append((rect, self.scroll + i))
            top += row_h
        side = m.heading + m.pad
        self.close = pygame.Rect(self.box.right - m.pad * 2 - side, self.box.top + m.pad, side,
                                 side)
        down = self.close.move(-side - m.pad, 0)
        up = down.move(-side - m.pad, 0)
        scrolls = len(self.items) > len(shown)
        self.arrows = (up, down) if scrolls else (pygame.Rect(0, 0, 0, 0),) * 2
        return max(heights, default=0), len(shown)

    def _row_heights(self, width: int, large: bool) -> list[int]:
        """Each item's row height: its label, and its description on as many lines as it
        takes (one or two), so the gap between two items is the same whatever their
        descriptions (rows as tall as the longest left a line's gap under a one-line one:
        "Minimax" stood far below Greedy's two lines and far above "Alpha-beta", QA14 13)."""
        m = self.app.metrics
        if not any(desc for _v, _l, desc in self.items):
            return [int(m.body * (1.6 if large else 1.9))] * len(self.items)
        step = text.font(m.small).get_linesize()
        return [int(m.body * 1.3 + step * min(2, max(1, len(text.wrap(desc, width, m.small)))))
                + m.pad // 2 for _v, _l, desc in self.items]

    def _closer(self, heights: list[int], room: int, large: bool) -> list[int]:
        """Rows of labels alone a little closer when that shows them all, down to
        :data:`CLOSEST_ROW` bodies: at 200% of 1920x1080 the play screen's More list put
        "Menu", its seventh action, alone on a second page for 11 px (QA17 12)."""
        if not large or sum(heights) <= room or any(desc for _v, _l, desc in self.items):
            return heights
        closer = room // len(heights)
        if closer < int(self.app.metrics.body * CLOSEST_ROW):
            return heights
        return [closer] * len(heights)

    @staticmethod
    def _fitting(heights: list[int], room: int) -> list[int]:
        """The first of ``heights`` that fit ``room`` one after the other (at least one)."""
        shown: list[int] = []
        for height in heights:
            if shown and sum(shown) + height > room:
                break
            shown.append(height)
        return shown

    def _scroll_by(self, rows: int) -> None:
        """Move the list by ``rows`` (clamped when laid out next)."""
        self.scroll = max(0, self.scroll + rows)

    def handle(self, event: pygame.event.Event) -> None:
        self._layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= int(event.y)
        elif event.type == pygame.KEYDOWN:
            page = max(1, len(self.rows) - 1)
            if event.key in SCROLL_KEYS:
                self._scroll_by(SCROLL_KEYS[event.key])
            elif event.key in PAGE_KEYS:
                self._scroll_by(PAGE_KEYS[event.key] * page)
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = len(self.items)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close.collidepoint(event.pos):
                self.app.pop(self)
                return
            page = max(1, len(self.rows) - 1)
            for arrow, step in zip(self.arrows, (-page, page), strict=True):
                if arrow.collidepoint(event.pos):
                    self._scroll_by(step)
                    return
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    value = self.items[index][0]
                    self.app.pop(self)
                    self.on_pick(value)
                    return
            if not self.box.collidepoint(event.pos):
                self.app.pop(self)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll += 1 if event.button == 5 else -1

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        self._layout()
        dim(surface, theme.overlay)
        draw_panel(surface, self.box, theme, m.radius, theme.panel, theme.accent, 3)
        up = self.arrows[0]
        title_right = (up.left if up.width else self.close.left) - m.pad
        title = text.blit_text(surface, self.title, m.heading, theme.accent,
                               (self.box.left + m.pad * 2, self.box.top + m.pad), bold=True,
                               max_width=title_right - self.box.left - 2 * m.pad)
        mouse = widgets.mouse()
        for rect, index in self.rows:
            value, label, desc = self.items[index]
            chosen = value == self.current
            hover = rect.collidepoint(mouse)
            if chosen or hover:
                fill = theme.accent if chosen else theme.button_hover
                pygame.draw.rect(surface, fill, rect, border_radius=m.radius)
            fg = theme.accent_text if chosen else theme.text
            muted = theme.accent_text if chosen else theme.text_muted
            if desc:
                text.blit_text(surface, label, m.body, fg,
                               (rect.left + m.pad, rect.top + m.pad // 4), bold=True,
                               max_width=rect.width - 2 * m.pad)
                area = pygame.Rect(rect.left + m.pad, rect.top + m.pad // 4 + int(m.body * 1.2),
                                   rect.width - 2 * m.pad, rect.bottom - rect.top)
                text.blit_wrapped(surface, desc, m.small, muted, area, line_gap=0, max_lines=2)
            else:
                text.blit_text(surface, label, m.body, fg, (rect.left + m.pad, rect.centery),
                               "midleft", bold=True, max_width=rect.width - 2 * m.pad)
        if len(self.items) > len(self.rows):
            up, down = self.arrows
            counter = self._counter(title, up)
            if counter is not None:
                words, px, pos, anchor = counter
                text.blit_text(surface, words, px, theme.text_muted, pos, anchor)
            at_last = self.scroll + len(self.rows) >= len(self.items)
            for arrow, glyph, active in ((up, "\u25b2", self.scroll > 0),
                                         (down, "\u25bc", not at_last)):
                fill = theme.button_hover if active and arrow.collidepoint(mouse) else (
                    theme.button if active else theme.button_disabled)
                pygame.draw.rect(surface, fill, arrow, border_radius=m.radius)
                text.blit_text(surface, glyph, m.body, theme.button_text if active
                               else theme.text_muted, arrow.center, "center")
        hover = self.close.collidepoint(mouse)
        pygame.draw.rect(surface, theme.button_hover if hover else theme.button, self.close,
                         border_radius=m.radius)
        text.blit_text(surface, "\u2715", m.body, theme.button_text, self.close.center,
                       "center")


    def _counter(self, title: pygame.Rect, up: pygame.Rect
                 ) -> tuple[str, int, tuple[int, int], str] | None:
        """Which rows show, as drawn: (words, size, where, anchor); None where no form fits.

        Which rows, not how many ("3 sur 5" before and after scrolling, QA13 26); between
        the title and the arrows (at 200% of 1920x1080 in French "3–5 sur 5 · faire défiler"
        did not fit at the small size, QA13 26), else under the title ("Choisir un joueur"
        left no room beside it at 200% of 1024x768), from the small size down to the
        readable one (QA16 15), where it is the larger. Where and how large is decided for
        the widest count of the list, so it stays put from page to page: "10–12 sur 12"
        dropped under the title where "9–11 sur 12" stood beside it (QA18 16). At the end of
        the list, no "scroll for more" (QA14 24)."""
        m = self.app.metrics
        rows, total = len(self.rows), len(self.items)
        shown = span(self.scroll + 1, self.scroll + rows)
        # The widest count: the last two rows (digits are all as wide as each other).
        widest = tr("dialog.scroll_shown", shown=span(max(1, total - 1), total), total=total)
        sizes = range(m.small, min(m.small, readable_px(self.app.size)) - 1, -1)
        beside = up.left - m.pad - title.right - m.pad * 2
        under = up.left - m.pad - title.left
        side_px = next((px for px in sizes if text.size(widest, px)[0] <= beside), 0)
        below = [px for px in sizes
                 if title.bottom + text.font(px).get_linesize() <= self.box.top + m.heading * 2]
        under_px = next((px for px in below if text.size(widest, px)[0] <= under),
                        below[-1] if below else 0)
        if not (side_px or under_px):
            return None
        px, room = (side_px, beside) if side_px >= under_px else (under_px, under)
        more = tr("dialog.scroll_more", shown=shown, total=total)
        words = more if self.scroll + rows < total and text.size(more, px)[0] <= room else (
            tr("dialog.scroll_shown", shown=shown, total=total))
        if room == beside:
            return words, px, (up.left - m.pad, up.centery), "midright"
        return words, px, title.bottomleft, "topleft"


class MessageDialog(Scene):
    """A message over the current screen with buttons; Enter picks the primary one (the first
    unless ``primary`` says otherwise), Esc the last."""

    opaque = False

    def __init__(self, app: App, title: str, message: str,
                 buttons: Sequence[tuple[Callable[[], str], Callable[[], None]]],
                 primary: int = 0) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.buttons: list[Button] = []
        for label, action in buttons:
            self.buttons.append(Button(label, self._closing(action),
                                       primary=len(self.buttons) == primary))
        #: The button Enter presses and the one drawn highlighted.
        self.primary = min(primary, len(self.buttons) - 1)
        self.box = pygame.Rect(0, 0, 0, 0)
        #: The message as drawn: words too long for the box (file names) cut into pieces.
        self.shown = message
        #: The title as drawn: one line, or wrapped when even the widest box cannot hold it.
        self.title_lines = [title]
        #: The message's text size as drawn (the body size unless it would not fit), and
        #: whether it fits whole above the buttons.
        self.body_px = app.metrics.body
        self.whole = True

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop(self)
            action()
        return run

    def _layout(self) -> None:
        m = self.app.metrics
        w, h = self.app.size
        # As wide as the title or the longest word (a file name) needs, up to nearly the
        # window's width: at 200% of 1024x768 "Quitter cette partie ?" was cut in a box of 56%.
        widest = max((text.size(word, m.body)[0] for word in self.message.split()), default=0)
        widest = max(widest, text.size(self.title, m.heading, True)[0])
        # Each button as wide as its longest label needs ("Keep playing" at 200%), and the
        # box wide enough for the row of them.
        row_h = int(m.body * 2.2)
        need = max((text.size(b.label(), m.body, True)[0] + row_h // 3 + m.pad
                    for b in self.buttons), default=0)
        row = len(self.buttons) * (need + m.pad) + 3 * m.pad
        width = max(int(w * 0.56), min(max(widest + 4 * m.pad + 2, row), int(w * 0.94)))
        height = self._fit_message(width)
        if self.body_px < m.body and width < int(w * 0.94):
            # A long message (the AI's reasoning in full): the widest box first, then
            # smaller words, rather than lines under the buttons.
            width = int(w * 0.94)
            height = self._fit_message(width)
        self.box = pygame.Rect(0, 0, width, min(height, int(h * 0.9)))
        self.box.center = (w // 2, h // 2)
        bw = (self.box.width - m.pad * (len(self.buttons) + 3)) // max(1, len(self.buttons))
        bw = min(bw, max(int(w * 0.2), need))
        x = self.box.right - m.pad * 2 - len(self.buttons) * (bw + m.pad) + m.pad
        for b in self.buttons:
            b.place(pygame.Rect(x, self.box.bottom - m.pad * 2 - int(m.body * 2.2), bw,
                                int(m.body * 2.2)), m.body)
            x += bw + m.pad

    def _fit_message(self, width: int) -> int:
        """Wrap the title and the message in a box ``width`` wide, the message at the body
        size or, where it would not fit 90% of the window, smaller down to the normal small
        size; return the box's height."""
        m = self.app.metrics
        self.title_lines = text.wrap(self.title, width - 4 * m.pad, m.heading, True)
        title_h = text.font(m.heading, True).get_linesize() * len(self.title_lines)
        least = min(m.small, Metrics.for_size(self.app.size).small)
        height = 0
        for px in range(m.body, least - 1, -2):
            self.body_px = px
            self.shown = break_long_words(self.message, width - 4 * m.pad, px)
            lines = text.wrap(self.shown, width - 4 * m.pad, px)
            # (Each line as text.blit_wrapped steps it.)
            step = int(text.font(px).get_linesize() * 1.125)
            # What the drawing needs (title, message, the buttons' row, margins), and the
            # usual roomier box where the window has it.
            need = title_h + len(lines) * step + int(m.body * 2.2) + m.pad * 6
            height = max(need, m.heading + title_h + len(lines) * step + m.body * 3 + m.pad * 4)
            self.whole = need <= self.app.size[1] * 0.9
            if self.whole:
                break
        return height

    def handle(self, event: pygame.event.Event) -> None:
        self._layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.buttons:
            self.buttons[-1].on_click()
            return
        # Enter (main or keypad) presses the primary button.
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.buttons):
            self.buttons[self.primary].on_click()
            return
        widgets.handle_all(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        self._layout()
        dim(surface, theme.overlay)
        draw_panel(surface, self.box, theme, m.radius, theme.panel, theme.accent, 3)
        y = self.box.top + m.pad * 2
        title_h = text.font(m.heading, True).get_linesize()
        for line in self.title_lines:
            text.blit_text(surface, line, m.heading, theme.accent, (self.box.left + m.pad * 2, y),
                           bold=True, max_width=self.box.width - 4 * m.pad)
            y += title_h
        body = pygame.Rect(self.box.left + m.pad * 2, y + m.pad,
                           self.box.width - 4 * m.pad, self.box.height)
        text.blit_wrapped(surface, self.shown, self.body_px, theme.text, body)
        widgets.draw_all(self.buttons, surface, theme)


def break_long_words(message: str, width: int, px: int) -> str:
    """``message`` with every word wider than ``width`` pixels cut into pieces that fit (a
    space between them), so that wrapping at spaces never lets a line past the border. A
    word is cut after its separators where it can (see :func:`text.break_name`), so a file
    name keeps its parts whole ("tournament-nim-20261124-135305-" then "standings.csv", not
    "…standings.cs" then "v"); only a part wider than ``width`` by itself is cut between
    letters."""
    def pieces(word: str) -> str:
        if text.size(word, px)[0] <= width:
            return word
        return " ".join(text.break_name(word, width, px))

    return "\n".join(" ".join(pieces(word) for word in line.split(" "))
                     for line in message.split("\n"))
