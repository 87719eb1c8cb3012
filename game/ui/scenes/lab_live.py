"""The game a watched run of the learning lab plays, drawn live across its Matchboxes view:
One game shows the game move by move at a class's pace, then the boxes it changed (before, a
550x400 inset beside the boxes at 1024x768 with 200% text, over in about three seconds: QA 30).
"""

from __future__ import annotations

import pygame

from ai.training import TrainingRunner
from game.ui import text
from game.ui.boards.base import BoardContext, BoardView
from game.ui.i18n import tr
from game.ui.theme import Theme, blend
from game.ui.widgets import Metrics


def draw_live(surface: pygame.Surface, rect: pygame.Rect, runner: TrainingRunner,
              view: BoardView | None, theme: Theme, m: Metrics, readable: int) -> pygame.Rect:
    """The position ``runner`` is playing, its last move marked, in ``rect`` under the title
    "Game 1, live" at body size (shrunk to the readable size before it is cut); returns the
    board's rectangle (empty without a board)."""
    pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.4), rect,
                     border_radius=m.radius)
    # The learner's game number, the one the charts count: the run's ("Game 1" each time)
    # read "Game 2" while the finished game's last position was held (QA S12 21). The game
    # counts once the learner has learned it (its record is the runner's last): its last
    # position, held before that, read "Game 500" after "Game 501" (QA13 20).
    with runner.lock:
        state = runner.current
        record = runner.last_record
        learned = (state is not None and record is not None and bool(record.states)
                   and record.states[-1] is state)
        number = getattr(runner.learner, "games_trained", runner.done) + (0 if learned else 1)
    title = text.blit_text(surface, tr("lab.live", n=number), m.body, theme.text,
                           (rect.centerx, rect.top + m.pad // 2), "midtop", bold=True,
                           max_width=rect.width - m.pad, min_px=min(m.small, readable))
    if view is None or state is None:
        return pygame.Rect(rect.left, rect.top, 0, 0)
    board = pygame.Rect(rect.left + m.pad, title.bottom + m.pad // 2, rect.width - m.pad * 2,
                        rect.bottom - title.bottom - m.pad)
    view.layout(board, state)
    view.draw(surface, state, BoardContext(theme=theme, last_move=runner.current_move,
                                           coords_px=readable))
    return board
