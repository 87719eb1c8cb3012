"""The help overlay (F1): every keyboard shortcut, over the current screen."""

from __future__ import annotations

import re

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim
from game.ui.widgets import draw_panel

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


class HelpOverlay(Scene):
    """Keyboard shortcuts; any click or key closes it."""

    opaque = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        w, h = self.app.size
        dim(surface, theme.overlay, 190)
        row_h = int(m.body * 1.7)
        # As wide as the longest key and description need (large text), within the window.
        chips = [text.render(key_label(keys), m.body, theme.accent_text, bold=True)
                 for keys, _what in SHORTCUTS]
        key_w = max(c.get_width() for c in chips) + m.pad * 2
        what_w = max(text.size(tr(what), m.body)[0] for _keys, what in SHORTCUTS)
        width = max(int(min(w * 0.7, h * 1.2)), key_w + what_w + m.pad * 8)
        width = min(width, w - m.pad * 4)
        key_w = min(key_w, int(width * 0.45))
        rows_room = h - m.pad * 4 - (m.title + m.pad * 6 + m.small * 2)
        row_h = max(int(m.body * 1.25), min(row_h, rows_room // len(SHORTCUTS)))
        box = pygame.Rect(0, 0, width, m.title + row_h * len(SHORTCUTS) + m.pad * 6 + m.small * 2)
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 3)
        text.blit_text(surface, tr("help.title"), m.heading, theme.accent,
                       (box.left + m.pad * 3, box.top + m.pad * 2), bold=True)
        y = box.top + m.pad * 3 + m.title
        for chip, (_keys, what) in zip(chips, SHORTCUTS, strict=True):
            chip_rect = pygame.Rect(box.left + m.pad * 3, y, chip.get_width() + m.pad * 2,
                                    row_h - m.pad // 2)
            chip_rect.width = min(chip_rect.width, key_w)
            pygame.draw.rect(surface, theme.accent, chip_rect, border_radius=m.radius)
            surface.blit(chip, chip.get_rect(center=chip_rect.center))
            text.blit_text(surface, tr(what), m.body, theme.text,
                           (box.left + m.pad * 4 + key_w, chip_rect.centery), "midleft",
                           max_width=box.right - (box.left + m.pad * 5 + key_w), min_px=m.small)
            y += row_h
        text.blit_text(surface, tr("help.close"), m.small, theme.text_muted,
                       (box.centerx, box.bottom - m.pad * 2), "midbottom")
