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
    ("Space", "help.pause"),
    ("→", "help.step"),
    ("+ / −", "help.speed"),
    ("F1", "help.help"),
)


#: Key names that differ between languages (French keyboards say "Espace", "Entrée", "Échap").
KEY_NAMES = {"Space": "key.space", "Enter": "key.enter", "Esc": "key.escape"}


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
        box = pygame.Rect(0, 0, int(min(w * 0.7, h * 1.2)),
                          m.title + row_h * len(SHORTCUTS) + m.pad * 6 + m.small * 2)
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 3)
        text.blit_text(surface, tr("help.title"), m.heading, theme.accent,
                       (box.left + m.pad * 3, box.top + m.pad * 2), bold=True)
        y = box.top + m.pad * 3 + m.title
        key_w = int(box.width * 0.34)
        for keys, what in SHORTCUTS:
            chip = text.render(key_label(keys), m.body, theme.accent_text, bold=True)
            chip_rect = pygame.Rect(box.left + m.pad * 3, y, chip.get_width() + m.pad * 2,
                                    row_h - m.pad // 2)
            chip_rect.width = min(chip_rect.width, key_w)
            pygame.draw.rect(surface, theme.accent, chip_rect, border_radius=m.radius)
            surface.blit(chip, chip.get_rect(center=chip_rect.center))
            text.blit_text(surface, tr(what), m.body, theme.text,
                           (box.left + m.pad * 4 + key_w, chip_rect.centery), "midleft",
                           max_width=box.right - (box.left + m.pad * 5 + key_w))
            y += row_h
        text.blit_text(surface, tr("help.close"), m.small, theme.text_muted,
                       (box.centerx, box.bottom - m.pad * 2), "midbottom")
