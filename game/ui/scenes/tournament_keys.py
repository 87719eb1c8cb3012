"""The tournament screen's keys: ↑ ↓ Page Up / Page Down scroll the set-up list, Escape stops
a run (or goes back to the menu), Space pauses and resumes a run or starts the first one.

Space never replaces results on the screen: a teacher pressing it to "hold" a finished
tournament restarted it and lost what the class was reading (QA15 19). There it says that
Start ▶ plays the tournament again, the button that does it, in few words: a notice that
fits over the progress line and covers none of the results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.i18n import tr

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene

#: Keys that scroll the set-up list: (direction, whether by a page of the rows shown or by
#: one row).
SCROLL_KEYS = {pygame.K_UP: (-1, False), pygame.K_DOWN: (1, False),
               pygame.K_PAGEUP: (-1, True), pygame.K_PAGEDOWN: (1, True)}


def results_kept(scene: TournamentScene) -> bool:
    """Whether a run is over and its results are shown (Space leaves them alone)."""
    return scene.runner is not None and not scene.running and bool(scene.matches)


def handle_keys(scene: TournamentScene, event: pygame.event.Event, setup_shown: bool) -> bool:
    """Act on a key of ``event`` (``setup_shown``: whether the set-up list is on the screen);
    True when the event was a key, which the set-up widgets never take."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key in SCROLL_KEYS:
        if setup_shown:
            # ↑ ↓ (a row) and Page Up / Page Down (the rows shown): the wheel's keys, for a
            # class at a keyboard (QA: the arrows did nothing, only the wheel scrolled).
            direction, by_page = SCROLL_KEYS[event.key]
            scene.scroll_setup(direction * (scene.setup_list.shown if by_page else 1))
        return True
    if event.key == pygame.K_SPACE and results_kept(scene):
        scene.app.notify(tr("tour.space_done"))
        return True
    return scene.handle_run_keys(event, scene.start)
