"""Getting to the boxes that matter in the lab's matchbox view, however many pages there are:
with 200% text a page holds one box (a Hexapawn Q-learner's 44 to 59 boxes made as many pages,
only the arrows to go through them). The boxes shown can be all of them, those used at least
once (a Q-learner also keeps boxes for the positions of the side it does not play, never
used: about half of them), or those the last game changed; the keys jump pages (Page Up/Down,
Home, End) as the mouse wheel turns them.

The filter button cycles through the three, its label naming what is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.ui.i18n import tr

if TYPE_CHECKING:
    from game.ui.scenes.lab_session import LabSession

#: The filter's label keys, in the order the button cycles through them.
FILTER_KEYS = ("lab.show_all", "lab.show_used", "lab.show_changed")

B = TypeVar("B")


def filter_key(session: LabSession) -> str:
    """The label key of the boxes the session shows."""
    if session.changed_only:
        return "lab.show_changed"
    return "lab.show_used" if session.used_only else "lab.show_all"


def filter_label(session: LabSession) -> str:
    """The filter button's label: what is shown."""
    return tr(filter_key(session))


def next_filter(session: LabSession) -> None:
    """Show the next set of boxes: all, then the used ones, then the last game's."""
    now = FILTER_KEYS.index(filter_key(session))
    chosen = FILTER_KEYS[(now + 1) % len(FILTER_KEYS)]
    session.changed_only = chosen == "lab.show_changed"
    session.used_only = chosen == "lab.show_used"


def shown(boxes: Sequence[B], session: LabSession, used: Sequence[int],
          changed: Sequence[bool]) -> list[B]:
    """The ``boxes`` the session's filter keeps (``used``, ``changed``: each box's use and
    whether the last game changed it)."""
    if session.changed_only:
        return [b for b, c in zip(boxes, changed, strict=True) if c]
    if session.used_only:
        return [b for b, n in zip(boxes, used, strict=True) if n > 0]
    return list(boxes)


#: The keys that turn pages: a step, or the first (-inf) or last (+inf) page.
PAGE_KEYS = {pygame.K_PAGEUP: -1.0, pygame.K_PAGEDOWN: 1.0,
             pygame.K_HOME: float("-inf"), pygame.K_END: float("inf")}


def page_for_key(key: int, page: int, pages: int) -> int | None:
    """The page ``key`` goes to from ``page`` of ``pages``, or None for another key."""
    step = PAGE_KEYS.get(key)
    if step is None:
        return None
    if step in (float("-inf"), float("inf")):
        return 0 if step < 0 else max(0, pages - 1)
    return min(max(0, pages - 1), max(0, page + int(step)))
