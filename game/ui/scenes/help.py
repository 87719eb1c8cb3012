"""The help overlay (F1): every keyboard shortcut, over the current screen."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

#: (keys, i18n key of what they do), in the order shown.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("F11 / Alt+Enter", "help.fullscreen"),
    ("Esc", "help.escape"),
    ("Ctrl+Z", "help.undo"),
    ("H", "help.hint"),
    ("R", "help.restart"),
    ("Space / Enter", "help.go_on"),
    ("Space", "help.pause"),
    ("→", "help.step"),
    ("← / → / Home / End", "help.review"),
    ("Ctrl+S / Ctrl+O", "help.record"),
    ("+ / −", "help.speed"),
    ("F1", "help.help"),
)


#: Key names that differ between languages (French keyboards say "Espace", "Entrée", "Échap").
KEY_NAMES = {"Space": "key.space", "Enter": "key.enter", "Esc": "key.escape",
             "Home": "key.home", "End": "key.end"}


def key_label(keys: str) -> str:
    """A shortcut's keys as printed on the reader's keyboard ("Alt+Entrée" in French)."""
    return re.sub(r"[A-Za-z]+", lambda m: tr(KEY_NAMES[m.group(0)])
                  if m.group(0) in KEY_NAMES else m.group(0), keys)


#: Keys that scroll the list when it does not fit (any other key closes the overlay).
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -4, pygame.K_PAGEDOWN: 4}


class HelpOverlay(Scene):
    """Keyboard shortcuts; any click or key closes it. At large text a description goes on
    as many lines as it needs (it was cut: "Retour, fermer ou annul…"), and when the rows do
    not all fit the list scrolls (wheel, arrow keys), which the last line says."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: The first row shown.
        self.scroll = 0
        #: Whether the rows did not all fit at the last frame.
        self.scrolls = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
        elif event.type == pygame.KEYDOWN and self.scrolls and event.key in SCROLL_KEYS:
            self._scroll_by(SCROLL_KEYS[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return  # the wheel, as a button (the MOUSEWHEEL event scrolls)
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(len(SHORTCUTS) - 1, self.scroll + rows))

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        w, h = self.app.size
        dim(surface, theme.overlay, 190)
        # As wide as the longest key and description need (large text), within the window.
        chips = [text.render(key_label(keys), m.body, theme.accent_text, bold=True)
                 for keys, _what in SHORTCUTS]
        key_w = max(c.get_width() for c in chips) + m.pad * 2
        what_w = max(text.size(tr(what), m.body)[0] for _keys, what in SHORTCUTS)
        width = max(int(min(w * 0.7, h * 1.2)), key_w + what_w + m.pad * 8)
        width = min(width, w - m.pad * 4)
        key_w = min(key_w, int(width * 0.45))
        room = width - m.pad * 7 - key_w
        line = text.font(m.body).get_linesize()
        chip_h = int(m.body * 1.25)
        # Each row as high as its description's lines (one when it fits, as before).
        lines = [text.wrap(tr(what), room, m.body) for _keys, what in SHORTCUTS]
        heights = [max(min(int(m.body * 1.7), chip_h + m.pad), line * len(ls) + m.pad)
                   for ls in lines]
        head = int(m.heading * 1.4)
        chrome = head + m.pad * 6 + text.font(m.small).get_linesize()
        self.scrolls = sum(heights) > h - m.pad * 4 - chrome
        # The last line says how to close, and how to scroll when the rows do not all fit
        # (on two lines if need be).
        footer = text.wrap(tr("help.close_scroll" if self.scrolls else "help.close"),
                           width - m.pad * 4, m.small)
        small_line = text.font(m.small).get_linesize()
        chrome += small_line * (len(footer) - 1)
        rows_room = h - m.pad * 4 - chrome
        if not self.scrolls:
            self.scroll = 0
        shown: list[int] = []
        used = 0
        for index in range(self.scroll, len(SHORTCUTS)):
            if used + heights[index] > rows_room:
                break
            shown.append(index)
            used += heights[index]
        box = pygame.Rect(0, 0, width, chrome + used)
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 3)
        text.blit_text(surface, tr("help.title"), m.heading, theme.accent,
                       (box.left + m.pad * 3, box.top + m.pad * 2), bold=True)
        y = box.top + m.pad * 3 + head
        for index in shown:
            chip = chips[index]
            chip_rect = pygame.Rect(box.left + m.pad * 3, y, min(chip.get_width() + m.pad * 2,
                                                                key_w), chip_h)
            pygame.draw.rect(surface, theme.accent, chip_rect, border_radius=m.radius)
            surface.blit(chip, chip.get_rect(center=chip_rect.center))
            ty = chip_rect.centery - line // 2
            for part in lines[index]:
                text.blit_text(surface, part, m.body, theme.text,
                               (box.left + m.pad * 4 + key_w, ty), "topleft")
                ty += line
            y += heights[index]
        fy = box.bottom - m.pad * 2 - small_line * len(footer)
        for part in footer:
            text.blit_text(surface, part, m.small, theme.text_muted, (box.centerx, fy), "midtop")
            fy += small_line
