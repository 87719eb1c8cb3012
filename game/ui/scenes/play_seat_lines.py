"""The words of a play panel's seat card that say who plays a side: the player's name with its
parameter on one line or two, never cut (see :func:`who_lines`), and the spinner that turns on
the side's disc while its AI thinks."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui import text
from game.ui.scenes.play_status import without_note
from game.ui.theme import Theme, blend

#: Smallest size of the player's name, as a share of the small size, before it takes two lines.
NAME_SHRINK = 0.85


def draw_spinner(surface: pygame.Surface, theme: Theme, clock: float, centre: tuple[int, int],
                 radius: int) -> None:
    """The animated "thinking" indicator: eight dots fading round a circle."""
    for i in range(8):
        angle = clock * 6.0 + i * math.pi / 4
        fade = (i + 1) / 8
        pos = (centre[0] + math.cos(angle) * radius * 0.75,
               centre[1] + math.sin(angle) * radius * 0.75)
        pygame.draw.circle(surface, blend(theme.panel, theme.accent, fade), pos,
                           max(2, radius // 4))


def plain_words(name: str) -> str:
    """A player's name as it is, with no sentence around it (see :func:`who_lines`)."""
    return name


def who_lines(label: str, width: int, px: int, words: Callable[[str], str] = plain_words,
              shrink: float = NAME_SHRINK) -> tuple[list[str], int]:
    """The player line(s) of a seat card and their size: ``words(label)`` on one line shrunk
    down to ``shrink`` of ``px``; else on two lines, broken before the label's note
    ("Alpha-beta" / "Depth 4 · 1.2 s") or wherever it wraps; else (a name too long even for
    two lines) the label without its note on one line. ``words`` puts the label in its
    sentence (the thinking time)."""
    floor = int(px * shrink)
    whole = words(label)
    one = text.fit_px(whole, width, px, min_px=floor)
    if text.size(whole, one)[0] <= width:
        return [whole], one
    title = without_note(label)
    # The second line starts with the note itself, not with the separator before it.
    note = label[len(title):].strip().removeprefix("\u00b7").strip()
    tries = [(lines, size) for lines in ([title, words(note)],) if note for size in (px, floor)]
    tries += [(text.wrap(whole, width, size), size) for size in (px, floor)]
    for lines, size in tries:
        if len(lines) <= 2 and all(text.size(line, size)[0] <= width for line in lines):
            return lines, size
    short = words(title)
    return [short], text.fit_px(short, width, px, min_px=floor)
