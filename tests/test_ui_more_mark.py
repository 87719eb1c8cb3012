"""The "+N ▸" mark of facts left out (issue 12, explain mode): as large as its line allows."""

from __future__ import annotations

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.play_more import draw_more_mark
from game.ui.theme import THEMES


def test_the_mark_takes_the_largest_size_its_line_leaves_room_for() -> None:
    """QA S16 2 (Marienbad vs Perfect, 1280x720 en 200%): "+1 ▸" at the floor (18 px)
    beside 38 px facts, where a size between fitted: only three sizes were tried."""
    px, least, pad = 40, 18, 8
    mark = tr("play.more_facts", n=1)
    line = "Rule: leave a nim-sum of 0"
    room = text.size(mark, 34, True)[0]
    assert room < text.size(mark, 36, True)[0]
    width = text.size(line, px)[0] + 3 * pad + room
    surface = pygame.Surface((width + 20, 200))
    theme = next(iter(THEMES.values()))
    drawn = draw_more_mark(surface, pygame.Rect(0, 0, width, 120), [line], px, 1, theme, pad,
                           least)
    assert drawn is not None
    assert drawn.height > text.size(mark, px * 3 // 4, True)[1], drawn
    assert drawn.right <= width - pad
