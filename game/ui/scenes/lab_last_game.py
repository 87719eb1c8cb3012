"""What the learning lab keeps of the last One game once it has ended: its result and what
the framed boxes are, on a line above the boxes until the next run (or a new learner).

Before, they were said by a notice for about three seconds; then the header read "1 game in
15.2 s" and nothing on the screen said whether the learner had won or lost, nor what the
framed boxes and their "3 → 2" were (QA20 14, QA19 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.training import DRAW, LOSS, WIN, TrainingRunner
from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.lab_common import wrapped_px
from game.ui.scenes.play_fit import body_at_100, readable_px
from game.ui.theme import Theme
from game.ui.widgets import Metrics

if TYPE_CHECKING:
    from game.ui.scenes.lab_knowledge import KnowledgePanel

#: What the end of One game says, by its result for the learner.
ONE_GAME_NOTICES = {WIN: "lab.one_game_won", LOSS: "lab.one_game_lost",
                    DRAW: "lab.one_game_draw"}


def one_game_result(runner: TrainingRunner | None, done: int) -> tuple[str, str] | None:
    """What the end of ``runner``'s run says when it was One game (``done`` games played):
    its result and where to look, in full and in brief; None for any other run."""
    if runner is None or runner.planned != 1 or done != 1:
        return None
    key = ONE_GAME_NOTICES[runner.results[0]]
    # A game that changed no box says so (an elimination learner's win: QA 30).
    return tr(key if runner.last_changed else f"{key}_unchanged"), tr(f"{key}_short")


def draw_result(surface: pygame.Surface, body: pygame.Rect, said: str, theme: Theme,
                m: Metrics, size: tuple[int, int]) -> pygame.Rect:
    """``said`` (the last One game's result) at the top of ``body`` in the accent colour;
    the room left below it for the boxes (``body`` itself when there is nothing to say)."""
    if not said:
        return body
    px = body_at_100(m, size)
    y = body.top
    for line in text.wrap(said, body.width, px):
        y = text.blit_text(surface, line, px, theme.accent, (body.left, y)).bottom
    y += m.pad // 2
    return pygame.Rect(body.left, y, body.width, max(0, body.bottom - y))


def draw_no_boxes(panel: KnowledgePanel, surface: pygame.Surface, body: pygame.Rect,
                  said: str, theme: Theme, m: Metrics) -> None:
    """``said`` in the boxes' room where the view shows no box (the last game's result when
    it changed none), shrunk to the readable size before it is cut (beside the live game)."""
    px = wrapped_px(said, body, m.body, min(m.body, readable_px(panel.app.size)))
    text.blit_wrapped(surface, said, px, theme.text_muted, body, line_gap=0)
    panel.prev_button.visible = panel.next_button.visible = False
