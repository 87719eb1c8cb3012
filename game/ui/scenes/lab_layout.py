"""Where the learning lab's parts go on the screen, and the drawing of its right side.

The scene (:mod:`game.ui.scenes.learning_lab`) says what the lab does; this module places its
panels and buttons for the window's size and text size (the set-up on the left, by
:mod:`game.ui.scenes.lab_setup`; the run's controls, progress line, view tabs and the current
view on the right) and draws the progress line and the current view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.lab_charts import least_chart_height
from game.ui.scenes.lab_common import draw_progress, progress_bar_height, progress_lines
from game.ui.scenes.lab_session import window_for
from game.ui.scenes.lab_setup import place_setup
from game.ui.scenes.lab_views import VIEWS
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene


def place_lab(lab: LearningLabScene) -> None:
    """Place the lab's panels and widgets for the current window size."""
    m = lab.app.metrics
    pad = m.pad
    # A narrow window gives the set-up a little more of its width, so that values such as
    # "20 allumettes, 1 à 3" are not cut.
    left, right, bh = lab.frame_layout(0.37 if lab.app.size[0] < 1300 else 0.34)
    place_setup(lab, left, bh)
    controls_h = lab.place_controls(right, bh, (
        (lab.train_button, ("lab.train",)),
        (lab.step_button, ("lab.one_game",)),
        (lab.pause_button, ("lab.pause", "lab.resume")),
        (lab.stop_button, ("lab.stop",))))
    # The view tabs, and on their right the view's own action (export, clear the runs).
    tabs_top = right.top + controls_h + pad
    tabs = pygame.Rect(right.left, tabs_top, right.width, bh)
    px, margin = tabs_fit(lab, right.width, bh)
    tabs_end = lab.tabs.place(tabs, px, pad, margin)
    ew = min(right.right - tabs_end, text.size(tr("lab.export"), px, True)[0] + margin)
    lab.export_button.place(pygame.Rect(right.right - ew, tabs_top, ew, bh),
                            text.fit_px(tr("lab.export"), ew - bh // 3, px, True,
                                        int(m.small * 0.8)))
    view = pygame.Rect(right.left, tabs.bottom + pad, right.width,
                       right.bottom - tabs.bottom - pad)
    lab.panels["view"] = view
    place_charts(lab, view, px, bh)
    # "Clear runs" at the end of the progress line (it acts on the charts), under the bar: at
    # the largest text size a button of the small text's usual height covered the bar's end.
    progress = lab.panels["progress"]
    below = progress.bottom + pad // 2 - (progress.top + progress_bar_height(progress) + 2)
    ch = max(int(m.small * 0.8 * 1.3), min(int(m.small * 1.7), below))
    cpx = max(int(m.small * 0.8), min(m.small, int(ch / 1.3)))
    cw = text.size(tr("lab.clear_runs"), cpx, True)[0] + ch
    lab.clear_button.place(pygame.Rect(progress.right - cw, progress.bottom - ch + pad // 2,
                                       cw, ch), cpx)
    lab.panels["boxes"] = view
    lab.knowledge.layout(view)
    lab.table.layout(view)


def place_charts(lab: LearningLabScene, view: pygame.Rect, px: int, bh: int) -> None:
    """The charts side by side on a wide view, else one above the other, or where two
    stacked would each be too short to read, one at a time over a row of two buttons
    choosing it (``px``: the buttons' text size)."""
    m = lab.app.metrics
    pad = m.pad
    choice = lab.chart_choice
    half = (view.height - pad * 2) // 2
    choice.single = False
    if view.width >= view.height * 1.6:
        half = (view.width - pad * 2) // 2
        lab.panels["chart_wins"] = pygame.Rect(view.left, view.top, half, view.height)
        lab.panels["chart_rate"] = pygame.Rect(view.right - half, view.top, half, view.height)
    elif half >= least_chart_height(view.width - pad * 2, m.body, lab.app.theme,
                                   window_for(lab.games)) + pad * 2:
        lab.panels["chart_wins"] = pygame.Rect(view.left, view.top, view.width, half)
        lab.panels["chart_rate"] = pygame.Rect(view.left, view.bottom - half, view.width, half)
    else:
        choice.single = True
        row_h = min(bh, int(px * 1.9))
        chart = pygame.Rect(view.left, view.top, view.width, view.height - row_h - pad)
        lab.panels["chart_wins"] = lab.panels["chart_rate"] = chart
        choice.place(pygame.Rect(view.left, view.bottom - row_h, view.width, row_h), px, pad)


def tabs_fit(lab: LearningLabScene, width: int, bh: int) -> tuple[int, int]:
    """The text size of the view tabs and the export button, and the room around each text,
    so that they share one row of ``width``: body size with a button's height of room, else
    less room (down to half a text height), then a smaller text (not under 80% of the small
    size). At the largest text size the export button was squeezed to a sliver beside the
    tabs."""
    m = lab.app.metrics
    keys = [key for name, key in VIEWS if name in lab.offered_views()] + ["lab.export"]

    def needed(px: int, margin: int) -> int:
        return sum(text.size(tr(k), px, True)[0] + margin + m.pad for k in keys)

    px, margin = m.body, bh
    while margin > m.body // 2 and needed(px, margin) > width:
        margin -= 1
    while px > int(m.small * 0.8) and needed(px, margin) > width:
        px -= 1
    return px, margin


def draw_lab(lab: LearningLabScene, surface: pygame.Surface) -> None:
    """The lab's frame, progress line and current view (the widgets are drawn after)."""
    theme = lab.app.theme
    m = lab.app.metrics
    lab.draw_frame(surface)
    progress = lab.runner.progress() if lab.runner is not None else None
    view = lab.tabs.current()
    draw_progress(surface, lab.panels["progress"], progress,
                  progress_lines(progress, lab.learner.games_trained), theme, m,
                  lab.clear_button.rect.left - lab.panels["progress"].left - m.pad
                  if view == "charts" else None)
    if view == "charts":
        for name in lab.chart_choice.names():
            draw_panel(surface, lab.panels[name], theme, m.radius)
            inner = lab.panels[name].inflate(-m.pad * 2, -m.pad * 2)
            # Body-size text when the charts are stacked (each the view's width); side by
            # side, each is half as wide and its title must still fit.
            px = m.body if inner.width > lab.panels["view"].width * 0.7 else m.small
            surface.blit(lab.charts.surface(name, inner.size, lab.runs, lab.games, theme, px,
                                            lab.running), inner)
    elif view == "table":
        lab.table.draw(surface, theme, m)
    else:
        lab.knowledge.draw(surface, lab.runner if lab.watching_live() else None)
