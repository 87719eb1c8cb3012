"""The "+N ▸" mark of facts left out (issue 12, explain mode): as large as its line allows."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

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


def test_only_the_last_fact_shown_keeps_room_for_the_mark(monkeypatch: Any) -> None:
    """The last closing note (Nim vs Greedy, 1024x768 en 200%): "…only wins and losses /
    count", the first fact's last word alone on a line kept for "+N ▸", drawn a fact later.
    Every fact shown before the last wraps as it would without the mark."""
    from tests.play_helpers import explained_reply
    from tests.ui_helpers import frame, texts_drawn_by

    for seed in range(6):
        random.seed(seed)  # (Greedy breaks its ties at random)
        app, play = explained_reply((1024, 768), "en", "nim", "greedy")
        explain = play.panel.explain
        drawn = [line for line, px, _r in texts_drawn_by(partial(frame, app), monkeypatch)
                 if px == explain.facts_size]
        width = explain.rect.width - 2 * app.metrics.pad
        for fact in explain.paragraphs[:explain.facts - 1]:
            lines = text.wrap(fact, width, explain.facts_size)
            assert all(line in drawn for line in lines), (lines, drawn)
        app.shutdown()
