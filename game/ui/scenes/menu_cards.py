"""The menu's row of game cards: one card per registered game, its picture drawn by the game's
board view (cached per size, options, theme and language, shared by every menu) and its
translated name under it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.base import RulesError
from game.rules.registry import game_names, get_game
from game.ui import i18n, text
from game.ui.i18n import tr
from game.ui.widgets import Metrics, draw_panel

if TYPE_CHECKING:
    from game.ui.boards.base import BoardView
    from game.ui.theme import Theme

#: How many card pictures are kept before the cache starts again.
THUMB_CACHE_MAX = 64
#: A card's picture is drawn at most this tall, then scaled up: the board views leave out
#: coordinates and counts when they are drawn this small, and a picture needs neither (at
#: 1920x1080 the cards showed board coordinates and a tiny "0 in hand").
PICTURE_DRAWN_MAX = 130
#: The card pictures, shared by every menu (each test's app drew the same five again): by
#: game, options, size, theme and language.
_PICTURES: dict[tuple[Any, ...], pygame.Surface] = {}


class GameCards:
    """Where the cards are, which one a click hits, and how they are drawn.

    ``options_of(name)`` gives the options a game's picture shows (the remembered ones).
    """

    def __init__(self, options_of: Callable[[str], Any]) -> None:
        self.options_of = options_of
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.views: dict[str, BoardView | None] = {}
        self.thumbs = _PICTURES

    def clear(self) -> None:
        """Forget the pictures (the theme or the language changed)."""
        self.thumbs.clear()
        self.views.clear()

    def place(self, left: int, top: int, width: int, height: int, gap: int) -> None:
        """Lay the cards out side by side in the band ``(left, top, width, height)``."""
        names = game_names()
        card_w = (width - gap * (len(names) - 1)) // len(names)
        self.rects = [(name, pygame.Rect(left + i * (card_w + gap), top, card_w, height))
                      for i, name in enumerate(names)]

    def place_rows(self, left: int, top: int, width: int, height: int, gap: int) -> None:
        """Lay the cards out one under another in ``(left, top, width, height)``: at large
        text, a row each, the picture at its left and the whole name beside it (five cards
        side by side cut "Hexapa…" at 200% of 1024x768)."""
        names = game_names()
        card_h = (height - gap * (len(names) - 1)) // len(names)
        self.rects = [(name, pygame.Rect(left, top + i * (card_h + gap), width, card_h))
                      for i, name in enumerate(names)]

    @staticmethod
    def is_row(rect: pygame.Rect) -> bool:
        """Whether a card is a row (picture beside the name) rather than a column."""
        return rect.width > rect.height * 2

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The game whose card is at ``pos``, or None."""
        for name, rect in self.rects:
            if rect.collidepoint(pos):
                return name
        return None

    def options(self, name: str) -> Any:
        """The options game ``name``'s picture shows (its defaults if the stored ones are bad)."""
        info = get_game(name)
        try:
            return self.options_of(name)
        except (RulesError, ValueError, TypeError):
            return info.options()

    def picture(self, name: str, size: tuple[int, int], theme: Theme) -> pygame.Surface | None:
        """The card picture of game ``name``, drawn by its board view (cached)."""
        options = self.options(name)
        key = (name, repr(options), size, theme.name, i18n.language())
        surf = self.thumbs.get(key)
        if surf is not None:
            return surf
        if name not in self.views:
            try:
                from game.ui.boards import board_view_for

                self.views[name] = board_view_for(name, theme)
            except (ImportError, AttributeError, RulesError):
                self.views[name] = None  # that game's board view is not available
        view = self.views[name]
        if view is None:
            return None
        scale = min(1.0, PICTURE_DRAWN_MAX / max(1, size[1]))
        drawn = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
        surf = pygame.Surface(drawn, pygame.SRCALPHA)
        try:
            view.thumbnail(surf, surf.get_rect(), get_game(name).initial_state(options))
        except (NotImplementedError, pygame.error, ValueError):
            return None
        if drawn != size:
            surf = pygame.transform.smoothscale(surf, size)
        if len(self.thumbs) > THUMB_CACHE_MAX:
            self.thumbs.clear()
        self.thumbs[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, chosen: str, mouse: tuple[int, int], theme: Theme,
             m: Metrics) -> None:
        """Draw every card; the ``chosen`` game's in the accent colour."""
        # One size for every name (the largest at which all fit): at large text each card's
        # name shrank on its own, "Nim" large beside a small "Puissance 4".
        title_px = min((self._title_px(name, rect, m) for name, rect in self.rects),
                       default=m.heading)
        for name, rect in self.rects:
            is_chosen = name == chosen
            hover = rect.collidepoint(mouse)
            border = theme.accent if is_chosen else (theme.text_muted if hover else
                                                     theme.panel_border)
            draw_panel(surface, rect, theme, m.radius,
                       theme.button_hover if hover and not is_chosen else theme.panel, border,
                       max(2, m.line * 2) if is_chosen else 2)
            pic, name_box = self._parts(rect, title_px, m)
            # Squeezed by large text, a picture would be a speck: the name alone then (a
            # row's square picture reads from a text height: 79 px at 200% of 1920x1080).
            least = m.body if self.is_row(rect) else m.heading
            thumb = self.picture(name, pic.size, theme) if pic.height >= least else None
            if thumb is not None:
                surface.blit(thumb, pic)
            anchor = "midleft" if self.is_row(rect) else "center"
            text.blit_text(surface, tr(f"game.{name}.title"), title_px,
                           theme.accent if is_chosen else theme.text,
                           getattr(name_box, anchor), anchor, bold=True,
                           # A long name ("Puissance 4", large text) shrinks before any cut.
                           max_width=name_box.width, min_px=int(m.small * 0.8))

    def _title_px(self, name: str, rect: pygame.Rect, m: Metrics) -> int:
        """The largest size (at most the heading's) at which ``name`` fits its card."""
        if self.is_row(rect):
            room = rect.width - rect.height - 2 * m.pad
            most = min(m.heading, int((rect.height - m.pad) / 1.2))
        else:
            room, most = rect.width - 2 * m.pad, m.heading
        return text.fit_px(tr(f"game.{name}.title"), room, most, True, int(m.small * 0.8))

    def _parts(self, rect: pygame.Rect, title_px: int,
               m: Metrics) -> tuple[pygame.Rect, pygame.Rect]:
        """A card's picture box and its name's box."""
        pad = m.pad
        if self.is_row(rect):
            side = rect.height - 2 * pad
            pic = pygame.Rect(rect.left + pad, rect.top + pad, side, side)
            return pic, pygame.Rect(pic.right + pad, rect.top, rect.right - pad - pic.right - pad,
                                    rect.height)
        # The name's line as tall as the names are drawn: 1.5 headings took the picture's
        # room (at 200% of 1920x1080 with Minimax's three parameters the cards, 147 px
        # tall, kept 35 px for a picture and showed names only; with Perfect, pictures).
        label_h = int(title_px * 1.5)
        pic = pygame.Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad,
                          rect.height - label_h - pad)
        # No wider than 1.5 times its height, centred: in a low band the board views drew
        # Morpion's hands beside a small board.
        pic.inflate_ip(min(0, int(pic.height * 1.5) - pic.width), 0)
        return pic, pygame.Rect(rect.left + pad, rect.bottom - label_h, rect.width - 2 * pad,
                                label_h)
