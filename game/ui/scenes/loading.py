"""A progress box over the current screen while a file loads on a background thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ai.learner_files import LoadJob, LoadOutcome
from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim
from game.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App


class LoadingPopup(Scene):
    """Shows ``job``'s progress (a bar, the percentage, the seconds so far) until it is done,
    then closes and calls ``on_done`` with its outcome. Cancel (or Esc) stops the job."""

    opaque = False

    def __init__(self, app: App, title: str, job: LoadJob,
                 on_done: Callable[[LoadOutcome], None]) -> None:
        super().__init__(app)
        self.title = title
        self.job = job
        self.on_done = on_done
        self.cancel_button = Button(lambda: tr("dialog.cancel"), job.cancel)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.seconds = 0.0

    def _layout(self) -> None:
        m = self.app.metrics
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, int(w * 0.5), m.heading * 2 + m.body * 6 + m.pad * 4)
        self.box.center = (w // 2, h // 2)
        bh = int(m.body * 2.2)
        bw = min(int(w * 0.2), self.box.width // 3)
        self.cancel_button.place(pygame.Rect(self.box.right - m.pad * 2 - bw,
                                             self.box.bottom - m.pad * 2 - bh, bw, bh), m.body)

    def handle(self, event: pygame.event.Event) -> None:
        self._layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.job.cancel()
            return
        widgets.handle_all([self.cancel_button], event)

    def animating(self) -> bool:
        """Always: the bar and the seconds move until the job is done."""
        return True

    def update(self, dt: float) -> None:
        self.seconds += dt
        outcome = self.job.outcome
        if outcome is not None:
            self.app.pop(self)
            self.on_done(outcome)

    def on_close(self) -> None:
        self.job.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        self._layout()
        dim(surface, theme.overlay)
        draw_panel(surface, self.box, theme, m.radius, theme.panel, theme.accent, 3)
        inner = self.box.inflate(-4 * m.pad, 0)
        text.blit_text(surface, self.title, m.heading, theme.accent,
                       (inner.left, self.box.top + m.pad * 2), bold=True,
                       max_width=inner.width)
        bar = pygame.Rect(inner.left, self.box.top + m.pad * 3 + m.heading, inner.width,
                          int(m.body * 1.2))
        pygame.draw.rect(surface, theme.button, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = max(bar.height, int(bar.width * self.job.fraction))
        pygame.draw.rect(surface, theme.ok, filled, border_radius=bar.height // 2)
        pygame.draw.rect(surface, theme.panel_border, bar, 2, border_radius=bar.height // 2)
        line = tr("loading.progress", percent=int(self.job.fraction * 100),
                  stage=tr(f"loading.{self.job.stage}"), seconds=int(self.seconds))
        text.blit_text(surface, line, m.body, theme.text, (inner.left, bar.bottom + m.pad),
                       max_width=inner.width)
        widgets.draw_all([self.cancel_button], surface, theme)
