"""A one-line text box for the screens (the tournament's export folder)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import text
from game.ui.theme import Theme, blend
from game.ui.widgets import Widget, draw_panel

#: The caret shows for this long, then hides as long (a scene with a focused field redraws at
#: this pace: see :meth:`game.ui.scene.Scene.redraw_period`).
BLINK_SECONDS = 0.5


#: Keys that keep the text and type after it (the selection goes).
KEEP_KEYS = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
                       pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE})


class TextField(Widget):
    """A one-line text box: click to type, Backspace deletes, Enter or a click outside ends.

    A click into it (or Ctrl+A) selects the whole text, as an address bar does: what is typed
    or pasted next replaces it and Backspace clears it (a path pasted into the folder box no
    longer lands after the old one); an arrow key or End keeps the text and types after it.
    """

    def __init__(self, label: Callable[[], str], value: str,
                 on_enter: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.focused = False
        #: The whole text is selected: the next text typed replaces it.
        self.selected = False
        self.on_enter = on_enter

    def box(self) -> pygame.Rect:
        """The box the text is typed in (right of the label)."""
        label_w = text.size(self.label(), self.px)[0] + self.px if self.label() else 0
        return pygame.Rect(self.rect.left + label_w, self.rect.top,
                           self.rect.width - label_w, self.rect.height)

    def redraw_period(self) -> float | None:
        """The caret's blink while the field is focused (None otherwise)."""
        return BLINK_SECONDS if self.focused and self.visible else None

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.box().collidepoint(event.pos)
            if self.focused and not was:
                pygame.key.start_text_input()
            self.selected = self.focused and not was
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self._insert(str(event.text))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.selected = True
                return True
            if event.key == pygame.K_BACKSPACE:
                self.value = "" if self.selected else self.value[:-1]
                self.selected = False
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.focused = False
                if event.key != pygame.K_ESCAPE and self.on_enter is not None:
                    self.on_enter(self.value)
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                try:
                    pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
                except (pygame.error, AttributeError):  # no clipboard on this platform
                    pasted = ""
                self._insert(pasted.replace("\n", ""))
            elif event.key in KEEP_KEYS:
                self.selected = False
            # A character's own key comes before its text: the selection waits for the text.
            return True  # typing keys never reach the scene's shortcuts
        return False

    def _insert(self, typed: str) -> None:
        """Type ``typed`` at the end, or in place of the whole text when it is selected."""
        self.value = typed if self.selected else self.value + typed
        self.selected = False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        box = self.box()
        if self.label():
            text.blit_text(surface, self.label(), self.px, theme.text,
                           (self.rect.left, self.rect.centery), "midleft")
        border = theme.accent if self.focused else (theme.text_muted if box.collidepoint(mouse)
                                                    else theme.panel_border)
        draw_panel(surface, box, theme, max(3, box.height // 5),
                   blend(theme.background, theme.panel, 0.5), border, 2)
        shown = self.shown()
        if self.selected and self.focused and shown:
            mark = text.size(shown, self.px)
            pygame.draw.rect(surface, blend(theme.panel, theme.accent, 0.45), pygame.Rect(
                box.left + self.px // 2, box.centery - mark[1] // 2, mark[0], mark[1]))
        drawn = text.blit_text(surface, shown, self.px, theme.text,
                               (box.left + self.px // 2, box.centery), "midleft")
        if self.focused and (pygame.time.get_ticks() // int(BLINK_SECONDS * 1000)) % 2 == 0:
            x = drawn.right + 2
            pygame.draw.line(surface, theme.accent, (x, box.top + box.height // 5),
                             (x, box.bottom - box.height // 5), 2)

    def shown(self) -> str:
        """The text as the box shows it: a long one keeps its end (the folder's own name),
        its start replaced by "…"."""
        inner = self.box().width - self.px
        # No glyph is narrower than a pixel, so at most ``inner`` characters can show: cutting
        # there first keeps the loop below short (a 5000-character paste took 0.7 s a frame).
        shown = self.value[-max(inner, 1):]
        while shown and text.size(shown, self.px)[0] > inner:
            shown = shown[1:]
        if shown != self.value:
            shown = "…" + shown[1:]
        return shown
