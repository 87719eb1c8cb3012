"""Where every text of a frame lands, for tests that look for texts drawn over each other.

:func:`watch_texts` tags each surface that ``text.render`` makes with its text; a frame drawn on
a :class:`TextRecorder` (a window-sized surface that notes every tagged surface blitted on it,
where, and its ink as a mask) then lists the texts of that frame. :func:`overlaps` finds two
different texts whose ink shares pixels: texts drawn over each other, which nobody can read.

What is not a defect and is not reported: a text drawn twice over itself (an outline or a
shadow), texts under a dialog's veil (the recorder forgets them when a window-sized layer is
laid over them), and text inside pictures made on their own surfaces (a chart, a card's
picture), which the recorder never sees.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import text

#: Ink pixels two texts may share before they count as drawn over each other: an accent of
#: one line brushing the descender of the line above is not a defect, a word over a word is.
SHARED_INK = 6
#: Alpha from which a pixel of anti-aliased text counts as ink.
INK_ALPHA = 100


@dataclass
class Drawn:
    """One text as it landed on the window: its string, rectangle and ink."""

    value: str
    rect: pygame.Rect
    mask: pygame.mask.Mask
    #: Part of its ink fell past the window's edge (not a clip the scene set: a list's).
    outside: bool = False
    #: It is a text shortened with an ellipsis.
    cut: bool = False


#: The text of every surface ``text.render`` made while watched, by id (the surface is kept,
#: so its id is not reused by another).
_tags: dict[int, tuple[pygame.Surface, str]] = {}
_masks: dict[int, pygame.mask.Mask] = {}
#: Every text ``text.ellipsize`` shortened, as it came out.
_cuts: set[str] = set()


@contextmanager
def watch_texts() -> Iterator[None]:
    """Tag every surface ``text.render`` returns with its text, and note every text
    ``text.ellipsize`` shortens, for the recorder."""
    render, ellipsize = text.render, text.ellipsize

    def noted(value: str, max_width: int, px: int, bold: bool = False) -> str:
        shown = ellipsize(value, max_width, px, bold)
        if shown != value and value.rstrip("…"):
            _cuts.add(shown)
        return shown

    def tagged(value: str, px: int, colour: tuple[int, int, int],
               bold: bool = False) -> pygame.Surface:
        surf = render(value, px, colour, bold)
        if value.strip():
            _tags[id(surf)] = (surf, value)
        return surf

    text.render = tagged  # type: ignore[assignment]
    text.ellipsize = noted  # type: ignore[assignment]
    try:
        yield
    finally:
        text.render = render  # type: ignore[assignment]
        text.ellipsize = ellipsize  # type: ignore[assignment]
        _tags.clear()
        _masks.clear()
        _cuts.clear()


def _ink(source: pygame.Surface) -> pygame.mask.Mask:
    key = id(source)
    mask = _masks.get(key)
    if mask is None:
        mask = pygame.mask.from_surface(source, INK_ALPHA)
        _masks[key] = mask
    return mask


class TextRecorder(pygame.Surface):
    """A window-sized surface that notes where each tagged text is blitted on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[Drawn] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        if source.get_size() == self.get_size():
            self.drawn.clear()  # a veil over the whole window: what was below is not read
        tag = _tags.get(id(source))
        if tag is not None and tag[0] is source:
            self._note(source, tag[1], dest, area)
        return super().blit(source, dest, area, special_flags)

    def _note(self, source: pygame.Surface, value: str, dest: Any, area: Any) -> None:
        pos = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        part = pygame.Rect(area) if area is not None else source.get_rect()
        rect = pygame.Rect(pos, part.size)
        window = self.get_rect()
        ink = source.get_bounding_rect(INK_ALPHA).move(pos)
        past = self.get_clip() == window and not window.contains(ink) and area is None
        shown = rect.clip(self.get_clip())
        if shown.width <= 0 or shown.height <= 0:
            return
        if shown == rect and area is None:
            mask = _ink(source)
        else:
            piece = shown.move(part.left - rect.left, part.top - rect.top)
            mask = pygame.mask.from_surface(source.subsurface(piece), INK_ALPHA)
        self.drawn.append(Drawn(value, shown, mask, past, value in _cuts))


def cut(drawn: list[Drawn]) -> list[str]:
    """Every text drawn shortened with an ellipsis."""
    return [repr(d.value) for d in drawn if d.cut]


def within(drawn: list[Drawn], area: pygame.Rect) -> list[Drawn]:
    """The texts drawn (at least partly) in ``area``."""
    return [d for d in drawn if d.rect.colliderect(area)]


def overlaps(drawn: list[Drawn]) -> list[str]:
    """Every two different texts whose ink shares more than :data:`SHARED_INK` pixels."""
    found = []
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if a.value == b.value or not a.rect.colliderect(b.rect):
                continue
            shared = a.mask.overlap_area(b.mask, (b.rect.left - a.rect.left,
                                                  b.rect.top - a.rect.top))
            if shared > SHARED_INK:
                found.append(f"{a.value!r} over {b.value!r}")
    return found


def outside(drawn: list[Drawn]) -> list[str]:
    """Every text whose ink runs past the window's edge."""
    return [repr(d.value) for d in drawn if d.outside]
