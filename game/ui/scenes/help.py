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


#: The help's rows as laid out: the keys' column width, each row's key lines and description
#: lines, each row's height.
Plan = tuple[int, list[list[str]], list[list[str]], list[int]]

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
        #: How many rows the last frame showed, and at what text size.
        self.shown = len(SHORTCUTS)
        self.px = app.metrics.body

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

    def rows(self, width: int, px: int) -> tuple[int, list[list[str]], list[list[str]], list[int]]:
        """The rows in a box ``width`` wide with text of ``px``: the keys' column width, each
        row's key lines and description lines, and each row's height. The keys' column is
        the width, among each key's and each key part's (keys break after " / "), that makes
        the rows the lowest."""
        m = self.app.metrics
        line = text.font(px).get_linesize()
        chip_step = text.font(px, True).get_linesize()
        labels = [key_label(keys) for keys, _what in SHORTCUTS]
        whole = [text.size(label, px, True)[0] for label in labels]
        words = [text.size(word, px, True)[0] for label in labels
                 for word in text.wrap(label, 1, px, True)]
        best: tuple[int, int, list[list[str]], list[list[str]], list[int]] | None = None
        for key_w in sorted({w + m.pad * 2 for w in [*whole, *words] if w >= max(words)}):
            if key_w > width * 0.45 and best is not None:
                break
            room = width - m.pad * 7 - key_w
            keys = [text.wrap(label, key_w - m.pad * 2, px, True) for label in labels]
            lines = [text.wrap(tr(what), room, px) for _keys, what in SHORTCUTS]
            heights = [max(min(int(px * 1.7), chip_h(px, len(k)) + m.pad),
                           line * len(d) + m.pad, chip_step * len(k) + m.pad)
                       for k, d in zip(keys, lines, strict=True)]
            if best is None or sum(heights) < best[0]:
                best = (sum(heights), key_w, keys, lines, heights)
        assert best is not None
        return best[1:]

    def layout(self) -> tuple[int, int, pygame.Rect, list[str], Plan, list[int]]:
        """The text size, the title's, the box, the last line's lines, the rows' plan (see
        :meth:`rows`) and the rows shown: at the body size under a title at the heading
        size, or when the rows do not all show, the small size (under a title at the body
        size) where that shows more (at 200% of 1024x768 five rows of twelve showed)."""
        m = self.app.metrics
        w, h = self.app.size
        best: tuple[int, int, pygame.Rect, list[str], Plan, list[int]] | None = None
        for px, title_px in dict.fromkeys(((m.body, m.heading), (m.small, m.heading),
                                           (m.small, m.body))):
            # As wide as the longest key and description need (large text), in the window.
            key_most = max(text.size(key_label(keys), px, True)[0] for keys, _w in SHORTCUTS)
            what_w = max(text.size(tr(what), px)[0] for _keys, what in SHORTCUTS)
            width = max(int(min(w * 0.7, h * 1.2)), key_most + m.pad * 2 + what_w + m.pad * 8)
            width = min(width, w - m.pad * 4)
            plan = self.rows(width, px)
            heights = plan[3]
            chrome = int(title_px * 1.4) + m.pad * 6
            scrolls = sum(heights) > h - m.pad * 4 - chrome - text.font(m.small).get_linesize()
            # The last line says how to close, and how to scroll when the rows do not all
            # fit (on two lines if need be).
            footer = text.wrap(tr("help.close_scroll" if scrolls else "help.close"),
                               width - m.pad * 4, m.small)
            chrome += text.font(m.small).get_linesize() * len(footer)
            first = self.scroll if scrolls else 0
            shown: list[int] = []
            used = 0
            for index in range(first, len(SHORTCUTS)):
                if used + heights[index] > h - m.pad * 4 - chrome:
                    break
                shown.append(index)
                used += heights[index]
            box = pygame.Rect(0, 0, width, chrome + used)
            box.center = (w // 2, h // 2)
            if best is None or len(shown) > len(best[5]):
                best = (px, title_px, box, footer, plan, shown)
        assert best is not None
        return best

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        dim(surface, theme.overlay, 190)
        px, title_px, box, footer, (key_w, keys, lines, heights), shown = self.layout()
        self.scrolls = len(shown) < len(SHORTCUTS)
        if not self.scrolls:
            self.scroll = 0
        self.shown, self.px = len(shown), px
        line = text.font(px).get_linesize()
        chip_step = text.font(px, True).get_linesize()
        draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 3)
        text.blit_text(surface, tr("help.title"), title_px, theme.accent,
                       (box.left + m.pad * 3, box.top + m.pad * 2), bold=True)
        y = box.top + m.pad * 3 + int(title_px * 1.4)
        for index in shown:
            parts = keys[index]
            chip_w = max(text.size(part, px, True)[0] for part in parts) + m.pad * 2
            chip_rect = pygame.Rect(box.left + m.pad * 3, y, min(chip_w, key_w),
                                    chip_h(px, len(parts)))
            pygame.draw.rect(surface, theme.accent, chip_rect, border_radius=m.radius)
            cy = chip_rect.centery - chip_step * (len(parts) - 1) // 2
            for part in parts:
                chip = text.render(part, px, theme.accent_text, bold=True)
                surface.blit(chip, chip.get_rect(center=(chip_rect.centerx, cy)))
                cy += chip_step
            ty = chip_rect.top + (int(px * 1.25) - line) // 2
            for part in lines[index]:
                text.blit_text(surface, part, px, theme.text,
                               (box.left + m.pad * 4 + key_w, ty), "topleft")
                ty += line
            y += heights[index]
        small_line = text.font(m.small).get_linesize()
        fy = box.bottom - m.pad * 2 - small_line * len(footer)
        for part in footer:
            text.blit_text(surface, part, m.small, theme.text_muted, (box.centerx, fy), "midtop")
            fy += small_line


def chip_h(px: int, lines: int) -> int:
    """A key chip's height for a key on ``lines`` lines at ``px``."""
    return int(px * 1.25) + text.font(px, True).get_linesize() * (lines - 1)
