"""One rules page per game: the rules in a few lines and a picture of the board (drawn by
:mod:`game.ui.scenes.rules_picture`).

Reachable from the menu and from the play screen; tabs switch between the games, or at large
text (when the tabs would take two rows) a chooser beside the page's title.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.registry import game_names
from game.ui import text, widgets
from game.ui.i18n import language, tr
from game.ui.scene import Scene
from game.ui.scenes import rules_picture
from game.ui.scenes.play_fit import readable_px
from game.ui.widgets import Button, Choice, draw_panel, normal_body

if TYPE_CHECKING:
    from game.ui.app import App


#: The shares of the window's width the rules' text may take, narrowest first: the first that
#: holds the whole text is used, and the picture has the rest.
TEXT_SHARES = (0.42, 0.47, 0.52, 0.58, 0.64)
#: The least width of the picture's column, as a share of the window's height: the widest text
#: share stops there (0.64 at 200% of 1024x768 left Connect 4's picture 250 px wide, without
#: its column letters; at 1920x1080 it shows Othello's first two rules at once).
PICTURE_LEAST = 0.4

#: With large text, the rules' least size as a share of the body size (never over the small
#: size, never under the readable size): at the small size (36 px at 200% of 1024x640) the
#: panel held one or two rules of five, most of it empty below them (QA S12 44).
RULES_LEAST_SHARE = 0.7

#: With large text, the gap between a rule's lines (see :meth:`RulesScene.line_gap`).
LARGE_LINE_GAP = 0.1

#: The most of the picture's column its caption may take under it; a longer caption (large
#: text) goes with the rules instead, as their last item, and the picture takes the column.
CAPTION_MAX_SHARE = 0.2


class RulesScene(Scene):
    """The rules of one game, with tabs for the others."""

    def __init__(self, app: App, game: str, options: Any = None) -> None:
        super().__init__(app)
        self.game = game
        self.options = options
        self.tabs = [Button(self._title(name), self._chooser(name),
                            selected=self._is(name)) for name in game_names()]
        self.back = Button(lambda: tr("dialog.back"), self.close, primary=True)
        #: At large text, the games in one chooser beside the title instead of two rows of
        #: tabs (at 200% of 1024x768 the title and the tabs took a third of the height and
        #: the rules showed one at a time).
        self.game_choice = Choice(lambda: "", [(name, self._title(name)) for name in game_names()],
                                  lambda: self.game, lambda name: self._chooser(name)(),
                                  self.open_games, label_width=0.0)
        self.game_choice.visible = False
        self.picture: pygame.Surface | None = None
        self.picture_key: tuple[Any, ...] = ()
        #: The rules' text size: the body size, less when large text would not fit.
        self.text_px = app.metrics.body
        #: The first rule shown (large text: the rules scroll a rule at a time).
        self.first = 0
        #: Whether the picture's caption is the rules' last item rather than under the
        #: picture (set by :meth:`layout`).
        self.caption_with_rules = False
        #: The caption's size under the picture (set by :meth:`layout`).
        self.caption_px = app.metrics.small
        self.scrolled: dict[tuple[Any, ...], int] = {}  # :meth:`_scrolled_px`'s answers

    @staticmethod
    def _title(name: str) -> Any:
        return lambda: tr(f"game.{name}.title")

    def _chooser(self, name: str) -> Any:
        def choose() -> None:
            if name != self.game:
                self.game = name
                self.options = None
                self.first = 0
        return choose

    def _is(self, name: str) -> Any:
        return lambda: self.game == name

    def open_games(self, choice: Choice) -> None:
        """The games as a list to pick from (the chooser's middle)."""
        from game.ui.scenes.dialogs import ListPopup

        items = [(name, label(), "") for name, label in choice.items]
        self.app.push(ListPopup(self.app, tr("menu.tab.game"), items, self.game, choice.set))

    def close(self) -> None:
        """Back to where the page was opened from."""
        self.app.pop(self)

    def place_tabs(self, row: pygame.Rect) -> int:
        """One tab per game across ``row``, each as wide as its name needs, all at one size;
        returns the bottom of the tabs.

        The tabs had a quarter of 62% of the width each, written for four games: the fifth ran
        past that share, and at a large text size "Puissance 4" was cut to "Puissanc…" in
        French while "Hexapawn" shrank beside a full-size "Nim". The size is the largest (body
        size down to the small size) at which every name fits; the row's spare width is shared
        out, up to a fifth of the row per tab so a short name does not get a wide tab. When
        even the small size does not hold them on one row (a true 200%), they take two rows
        at the body size.
        """
        m = self.app.metrics
        gap = m.pad
        labels = [tab.label() for tab in self.tabs]

        def needed(px: int, names: list[str]) -> list[int]:
            # The button keeps a third of its height free around its label.
            return [text.size(label, px, True)[0] + row.height // 3 + m.pad for label in names]

        def spare(count: int) -> int:
            return row.width - gap * (count - 1)

        px = m.body
        while px > m.small and sum(needed(px, labels)) > spare(len(labels)):
            px -= 1
        rows = [self.tabs]
        if sum(needed(px, labels)) > spare(len(labels)):
            half = (len(self.tabs) + 1) // 2
            rows = [self.tabs[:half], self.tabs[half:]]
            px = m.body
            while px > m.small and max(sum(needed(px, [t.label() for t in r])) - spare(len(r))
                                       for r in rows) > 0:
                px -= 1
        y = row.top
        for tabs in rows:
            widths = needed(px, [tab.label() for tab in tabs])
            extra = max(0, spare(len(tabs)) - sum(widths)) // len(widths)
            x = row.left
            for tab, width in zip(tabs, widths, strict=True):
                width = max(width, min(width + extra, row.width // 5))
                tab.place(pygame.Rect(x, y, width, row.height), px)
                x += width + gap
            y += row.height + gap
        return y - gap

    def title_px(self) -> int:
        """The page title's size: the title size, down to the heading size when the game's
        name would not fit beside Back ("Rules of Hexap…" at a true 200%)."""
        m = self.app.metrics
        if self.game_choice.visible:
            return m.heading
        room = self.back.rect.left - m.pad * 4
        # At a larger text size the heading size: the tab says the game too, and the rules
        # need the height.
        most = m.heading if m.body > normal_body(self.app.size) else m.title
        return text.fit_px(tr("rules.title", game=tr(f"game.{self.game}.title")), room,
                           most, True, m.heading)

    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Place tabs and Back; return the text area and the picture area.

        The picture takes the whole right side above its caption (it was a third of the width,
        centred, so a board's trays and counts came out in 9-pixel letters), and the caption
        stays inside the window whatever its length. A caption that would take more than
        :data:`CAPTION_MAX_SHARE` of the column goes with the rules (see :meth:`lines`).
        """
        w, h = self.app.size
        m = self.app.metrics
        row_h = int(m.body * 2.0)
        self.back.place(pygame.Rect(w - m.pad * 2 - int(w * 0.16), m.pad * 2, int(w * 0.16),
                                    row_h), m.body)
        self.game_choice.visible = False
        tabs_top = m.pad * 2 + self.title_px()
        # The tabs take the whole width under the title, or stop short of Back where a narrow
        # window's tall buttons reach down into their row.
        tabs_right = w - m.pad * 2 if tabs_top >= self.back.rect.bottom else (
            self.back.rect.left - m.pad)
        top = self.place_tabs(pygame.Rect(m.pad * 2, tabs_top, tabs_right - m.pad * 2,
                                          row_h)) + m.pad * 2
        for tab in self.tabs:
            tab.visible = top <= tabs_top + row_h + m.pad * 2
        if not self.tabs[-1].visible:
            # Two rows of tabs: the games' chooser beside the title, on Back's row.
            left = m.pad * 4 + text.size(tr("rules.heading"), m.heading, True)[0]
            self.game_choice.visible = True
            self.game_choice.place(pygame.Rect(left, self.back.rect.top,
                                               self.back.rect.left - m.pad * 2 - left, row_h),
                                   m.body)
            top = self.back.rect.bottom + m.pad * 2
        height = h - top - m.pad * 2
        self.caption_with_rules = False
        body, right = self._columns(top, height)
        # Under a picture limited by the column's width the caption has the height the
        # picture leaves (at 200% of 1920x1080 a third of the column was empty above and
        # below the picture while the caption took a rule's room in the rules), at the
        # small size, no larger than the rules, or smaller down to the readable size.
        room = max(right.height * CAPTION_MAX_SHARE, right.height - right.width)
        most = min(m.small, self.text_px)
        sizes = range(most, min(most, readable_px(self.app.size)) - 1, -1)
        self.caption_px = next((px for px in sizes
                                if self.caption_height(right.width, px) + m.pad <= room),
                               m.small)
        caption_h = self.caption_height(right.width) + m.pad
        if caption_h > room:
            # At a true 200% of 1920x1080 a four-line caption left the picture 240 px square
            # (Connect 4 without its column letters): the caption joins the rules, which
            # scroll anyway, and the picture takes the column's height.
            self.caption_with_rules = True
            body, right = self._columns(top, height)
            caption_h = 0
        pic_size = max(0, min(right.width, right.height - caption_h))
        if right.width > pic_size and self.text_height(body.width) > height:
            # Rules that do not fit at the body size take the width a picture limited by the
            # height leaves (at a true 200% of 1920x1080 Othello's first rule ran into the
            # line that says the rules scroll).
            body, right = self._columns(top, height, body.width + right.width - pic_size)
            pic_size = max(0, min(right.width, right.height - caption_h))
        pic = pygame.Rect(0, 0, pic_size, pic_size)
        pic.midtop = (right.centerx, right.top + (right.height - caption_h - pic_size) // 2)
        return body, pic

    def _columns(self, top: int, height: int,
                 width: int | None = None) -> tuple[pygame.Rect, pygame.Rect]:
        """The rules' column and the picture's (with its caption), ``height`` high from
        ``top``: the rules ``width`` wide, by default the narrowest text share that holds
        them; sets :attr:`text_px`."""
        w = self.app.size[0]
        m = self.app.metrics
        if width is None:
            shares = [f for f in TEXT_SHARES if f == TEXT_SHARES[0] or w - int(w * f)
                      - m.pad * 7 >= self.app.size[1] * PICTURE_LEAST]
            share = next((f for f in shares if self.text_height(int(w * f)) <= height),
                         shares[-1])
            width = int(w * share)
        # Large text that still does not fit the widest column is drawn smaller (down to
        # :meth:`least_px`), then scrolls a rule at a time (see :meth:`shown_lines`).
        least = self.least_px()
        self.text_px = m.body
        while self.text_px > least and self.text_height(width, self.text_px) > height:
            self.text_px -= 1
        body = pygame.Rect(m.pad * 2, top, width, height)
        if self.text_height(body.width, self.text_px) > height:
            # The rules scroll (here text_px is the least size): the longest rule must fit
            # with the line that says so (at a true 200% of 1920x1080 Othello's first rule
            # ran into that line; see _scrolled_px).
            self.text_px = self._scrolled_px(body.inflate(-m.pad * 4, -m.pad * 4),
                                             self.text_px)
        right = pygame.Rect(body.right + m.pad * 3, top, w - body.right - m.pad * 5, body.height)
        return body, right

    def _longest_fits(self, inner: pygame.Rect, px: int) -> bool:
        """Whether at ``px`` the longest rule fits ``inner`` above the line that says the rules
        scroll."""
        room = inner.height - self._hint_height(inner.width, px)
        return max(self._rule_height(line, inner.width, px) for line in self.lines()) <= room

    def _scrolled_px(self, inner: pygame.Rect, least: int) -> int:
        """The size of rules that scroll in ``inner``: the largest up to the body size at which
        the longest fits and each page holds as many rules as at ``least``, the least size
        (where they scrolled, at 200% of 1280x800 at 36 px, the body being 52)."""
        key = (tuple(self.lines()), inner.size, least, self.app.metrics.body)
        if key not in self.scrolled:
            pages = self._pages(inner, least)
            self.scrolled[key] = next((px for px in range(self.app.metrics.body, least, -1)
                                       if self._longest_fits(inner, px) and all(
                                           now >= then for now, then in zip(
                                               self._pages(inner, px), pages, strict=True))),
                                      least)
        return self.scrolled[key]

    def _pages(self, inner: pygame.Rect, px: int) -> list[int]:
        """How many rules show in ``inner`` at ``px`` from each rule on."""
        return [self._shown_from(inner, first, px) for first in range(len(self.lines()))]

    def least_px(self) -> int:
        """The rules' least text size: the small size, or with large text
        :data:`RULES_LEAST_SHARE` of the body size where that is smaller (not under the
        window's readable size)."""
        m = self.app.metrics
        if m.body <= normal_body(self.app.size):
            return m.small
        return min(m.small, max(int(m.body * RULES_LEAST_SHARE), readable_px(self.app.size)))

    def line_gap(self) -> float:
        """The gap between a rule's lines, as :func:`text.blit_wrapped` takes it: its usual
        one, a smaller one with large text (where the lines are far apart as they are: at
        200% of 1280x800 the rules went down to 36 px, the body being 52)."""
        return 0.25 if self.app.metrics.body <= normal_body(self.app.size) else LARGE_LINE_GAP

    def line_step(self, px: int) -> int:
        """From one line of a rule to the next at ``px``, as :func:`text.blit_wrapped`
        draws them with :meth:`line_gap`."""
        return int(text.font(px).get_linesize() * (1.0 + self.line_gap() * 0.5))

    def lines(self) -> list[str]:
        """The rules' bullet texts of the game shown."""
        found = []
        for i in range(1, 10):
            key = f"rules.{self.game}.{i}"
            line = tr(key)
            if line == key:
                break
            found.append(line)
        if self.caption_with_rules:
            found.append(self.caption())
        return found

    def caption(self) -> str:
        """The picture's caption for the game shown."""
        return tr(f"rules.{self.game}.caption")

    def text_height(self, width: int, px: int | None = None) -> int:
        """How high the rules' text is in a panel ``width`` wide, at ``px`` (the body size by
        default), as :meth:`draw` lays it."""
        m = self.app.metrics
        px = px or m.body
        inner = width - m.pad * 4 - px
        step = self.line_step(px)
        return m.pad * 4 + sum(len(text.wrap(line, inner, px)) * step + m.pad // 2
                               for line in self.lines())

    def _rule_height(self, line: str, width: int, px: int = 0) -> int:
        """How high one rule is drawn in a column ``width`` wide (its bullet included), at
        ``px`` (by default :attr:`text_px`)."""
        px = px or self.text_px
        step = self.line_step(px)
        return len(text.wrap(line, width - px, px)) * step + self.app.metrics.pad // 2

    def shown_lines(self, inner: pygame.Rect) -> int:
        """How many rules show from :attr:`first` in ``inner`` (see :meth:`_shown_from`),
        :attr:`first` brought back in range (to 0 when all show)."""
        count = len(self.lines())
        self.first = max(0, min(self.first, count - 1))
        shown = self._shown_from(inner, self.first, self.text_px)
        if shown == count:
            self.first = 0
        return shown

    def _shown_from(self, inner: pygame.Rect, first: int, px: int) -> int:
        """How many rules show in ``inner`` at ``px`` from rule ``first``: all when they fit
        whole, else those that fit whole above the line that says the rules scroll (one at
        least)."""
        heights = [self._rule_height(line, inner.width, px) for line in self.lines()]
        if sum(heights) <= inner.height:
            return len(heights)
        room = inner.height - self._hint_height(inner.width, px)
        shown = 0
        for height in heights[first:]:
            room -= height
            if room < 0:
                break
            shown += 1
        return max(1, shown)

    def _hint_height(self, width: int, px: int = 0) -> int:
        """How high the line that says the rules scroll is beside rules at ``px`` (by default
        :attr:`text_px`), wrapped to ``width`` (its longest wording: the last rules of all)."""
        small = self.hint_px(px)
        count = len(self.lines())
        hint = tr("rules.more", first=count, last=count, count=count)
        return len(text.wrap(hint, width, small)) * text.font(small).get_linesize()

    def hint_px(self, px: int = 0) -> int:
        """The size of the line that says the rules scroll: the small size, no larger than
        the rules (``px``, by default :attr:`text_px`: at 36 px under 28 px rules it took two
        lines of their room, QA S12 44)."""
        return min(self.app.metrics.small, px or self.text_px)

    def scroll(self, rules: int) -> None:
        """Show the rules from ``rules`` further on (when they do not all fit)."""
        self.first = max(0, min(len(self.lines()) - 1, self.first + rules))

    def caption_height(self, width: int, px: int = 0) -> int:
        """How high the picture's caption is when wrapped to ``width`` at ``px`` (by default
        its size, :attr:`caption_px`)."""
        px = px or self.caption_px
        return len(text.wrap(self.caption(), width, px)) * text.font(px).get_linesize()

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll(-1 if event.key in (pygame.K_UP, pygame.K_PAGEUP) else 1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                names = game_names()
                step = 1 if event.key == pygame.K_RIGHT else -1
                self._chooser(names[(names.index(self.game) + step) % len(names)])()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        widgets.handle_all([*self.tabs, self.game_choice, self.back], event)

    def _picture(self, rect: pygame.Rect) -> pygame.Surface | None:
        key = (self.game, repr(self.options), rect.size, self.app.theme.name, self.text_px,
               language())
        if key != self.picture_key:
            self.picture_key = key
            self.picture = rules_picture.draw_picture(self.app, self.game, self.options,
                                                      rect.size, self.text_px)
        return self.picture

    def draw(self, surface: pygame.Surface) -> None:
        body, pic = self.layout()
        theme = self.app.theme
        m = self.app.metrics
        surface.fill(theme.background)
        if self.game_choice.visible:
            text.blit_text(surface, tr("rules.heading"), m.heading, theme.accent,
                           (m.pad * 2, self.back.rect.centery), "midleft", bold=True)
        else:
            text.blit_text(surface, tr("rules.title", game=tr(f"game.{self.game}.title")),
                           self.title_px(), theme.accent, (m.pad * 2, m.pad), bold=True,
                           max_width=self.back.rect.left - m.pad * 4)
        widgets.draw_all([*self.tabs, self.game_choice, self.back], surface, theme)
        panel = body.inflate(0, 0)
        draw_panel(surface, panel, theme, m.radius)
        inner = panel.inflate(-m.pad * 4, -m.pad * 4)
        y = inner.top
        lines = self.lines()
        shown = self.shown_lines(inner)
        caption_line = self.caption() if self.caption_with_rules else None
        for line in lines[self.first:self.first + shown]:
            px = self.text_px
            bullet = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
            # The caption, when it is with the rules, is muted and has no bullet, as under
            # the picture: it says something about the picture, not a rule.
            if line != caption_line:
                pygame.draw.circle(surface, theme.accent, (inner.left + px // 3,
                                                           y + int(px * 0.65)), max(3, px // 5))
            bullet.left += px
            bullet.width -= px
            colour = theme.text_muted if line == caption_line else theme.text
            y = text.blit_wrapped(surface, line, px, colour, bullet,
                                  line_gap=self.line_gap()) + m.pad // 2
        if shown < len(lines):
            # The rules scroll: where the reader is, and how to go on.
            hint = tr("rules.more", first=self.first + 1, last=self.first + shown,
                      count=len(lines))
            hint_px = self.hint_px()
            for part in reversed(text.wrap(hint, inner.width, hint_px)):
                text.blit_text(surface, part, hint_px, theme.text_muted,
                               (inner.left, inner.bottom), "bottomleft")
                inner.height -= text.font(hint_px).get_linesize()
        picture = self._picture(pic)
        if picture is not None:
            surface.blit(picture, pic)
            if self.caption_with_rules:
                return
            width = self.app.size[0] - body.right - m.pad * 5
            caption = pygame.Rect(body.right + m.pad * 3, pic.bottom + m.pad, width,
                                  body.bottom - pic.bottom - m.pad)
            text.blit_wrapped(surface, self.caption(), self.caption_px,
                              theme.text_muted, caption, line_gap=0)
