"""The review's column of words under its graph: the position summary, what the numbers on
the board mean (the scores of the AI that moved from the reviewed position, said as the play
screen's legend says them), and the move list."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.reasoning import LegendRow
from game.ui.scenes.play_fit import least_legend_px
from game.ui.scenes.play_status import ShownDecision, board_legend

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play_panel import PlayPanel


def review_legend(scene: PlayScene) -> list[LegendRow]:
    """What the reviewed position's numbers on the board mean, from the side that moved from
    it (empty: no numbers). The board showed "G3" or Greedy's "1" on four squares while the
    review's only key was the graph's (QA19 23)."""
    decision = scene.review.decision_at()
    if decision is None or not decision.scores or not scene.app.settings.show_reasoning:
        return []
    state = scene.board_state
    shown = ShownDecision(decision, state, state.to_move)
    return board_legend(shown, scene.presenter.side_name(state.to_move), scene.view)


def draw_review_words(panel: PlayPanel, surface: pygame.Surface) -> None:
    """The graph, the position summary, the board's key and the move list, top to bottom in
    the panel's room for words; the key gives way to a row of the move list."""
    app, scene = panel.app, panel.scene
    m, theme = app.metrics, app.theme
    area = panel.moves_rect
    px = panel.review.words_px()
    line_h = text.font(px).get_linesize()
    legend = review_legend(scene)
    # The graph's key takes a shorter form where that leaves the board's key two lines at
    # its least size: at 200% of 1024x768 the graph's four lines left it none.
    least = least_legend_px(m, app.size)
    reserve = 2 * text.font(least).get_linesize() + m.pad if legend else 0
    y = panel.review.draw_graph(surface, pygame.Rect(area.left, area.top, area.width,
                                                     max(0, area.height - reserve)))
    summary = scene.presenter.position_summary(scene.board_state)
    if summary and y + line_h <= area.bottom:
        text.blit_text(surface, summary, px, theme.text_muted, (area.left, y),
                       max_width=area.width, min_px=least)
        y += int(line_h * 1.2)
    panel.explain.legend_rows_shown = 0
    panel.explain.legend_samples = set()
    y = panel.explain.draw_legend(surface, y, legend)
    panel.draw_moves(surface, pygame.Rect(area.left, y, area.width, area.bottom - y), px)
