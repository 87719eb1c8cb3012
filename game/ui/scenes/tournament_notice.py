"""Where the tournament screen's notices go ("Tournament finished: 300 games."): over the
progress line, which says the same, when the notice fits between the run's buttons and the
results; else at the bottom of the results panel. Never over a button: at the top of the
results it covered the Ranking button and the table's title for three seconds. With the
set-up on a page of its own, in the half of its rows away from the pointer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import text, widgets

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene


def notice_height(message: str, width: int, px: int, pad: int) -> int:
    """The height of the app's notice box for ``message`` across ``width`` pixels (as the
    app draws it: its lines at ``px``, a padding above and below)."""
    lines = text.wrap(message, width - 2 * pad, px)
    return text.font(px).get_linesize() * len(lines) + 2 * pad


def notice_area(scene: TournamentScene) -> pygame.Rect | None:
    """The top edge and width of ``scene``'s notice (see the module's docstring)."""
    results = scene.panels.get("results")
    progress = scene.panels.get("progress")
    rows = scene.panels.get("setup_rows")
    m = scene.app.metrics
    if results is None and rows is not None:
        # The set-up on a page of its own (large text): in the half of its rows away from
        # the pointer, so the row just clicked ("Chance no.", whose words it explains) and
        # its buttons stay in sight (at the window's bottom it covered them).
        high = notice_height(scene.app.toast or "", rows.width, m.body, m.pad)
        top = rows.top if widgets.mouse()[1] > rows.centery else rows.bottom - high
        return pygame.Rect(rows.left, top, rows.width, 0)
    if results is None or progress is None:
        return None
    high = notice_height(scene.app.toast or "", progress.width, m.body, m.pad)
    # The progress line is beside the run's buttons or on its own row under them: a box
    # from its top, across its width, covers none of them.
    top = progress.top
    if top + high <= results.top:
        return pygame.Rect(progress.left, top, progress.width, 0)
    high = notice_height(scene.app.toast or "", results.width, m.body, m.pad)
    return pygame.Rect(results.left, results.bottom - m.pad - high, results.width, 0)
