"""Pictures made for paper and handouts: a light theme, and a canvas cropped to what was drawn.

The screen's themes are dark (or black, for projectors); an exported picture printed in a class
handout should be dark ink on white paper and carry no empty half. :data:`PRINT` is the light
theme every exported image is drawn in, and :func:`render_cropped` draws into a large white
canvas, then keeps only the part that holds ink (plus a margin).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.ui.theme import DEFAULT, Theme

#: Dark ink on white: the colours of every exported picture (charts, tables, boxes).
PRINT = replace(
    DEFAULT,
    name="print",
    background=(255, 255, 255),
    panel=(244, 245, 248),
    panel_border=(170, 176, 188),
    text=(20, 22, 28),
    # Text colours at 4.5:1 or more on the panel (WCAG AA: the orange highlight was 2.2:1
    # and the green 3.9:1 where they wrote a count or a tick, QA19 32), and on the band a
    # changed row of a box is drawn on (the panel with 30% of the highlight): there its
    # "3 → 2" in the highlight was 3.2:1 and Nim's takes in the muted grey 3.9:1 (QA20 15).
    text_muted=(66, 72, 84),
    accent=(150, 80, 0),
    accent_text=(255, 255, 255),
    danger=(200, 48, 48),
    ok=(24, 120, 56),
    highlight=(116, 58, 0),
    score_good=(24, 120, 56),
    score_bad=(200, 48, 48),
    button=(226, 229, 236),
    button_hover=(210, 214, 224),
    button_text=(20, 22, 28),
    button_disabled=(236, 238, 242),
    shadow=(214, 216, 222),
    overlay=(255, 255, 255),
)


def content_rect(surface: pygame.Surface, background: tuple[int, int, int]) -> pygame.Rect:
    """The smallest rectangle of ``surface`` holding every pixel that is not ``background``
    (an empty rectangle at the origin when nothing was drawn)."""
    mask = pygame.mask.from_threshold(surface, (*background, 255), (1, 1, 1, 255))
    mask.invert()  # set bits = pixels that differ from the background
    rects = mask.get_bounding_rects()
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    return rects[0].unionall(rects[1:])


def crop_to_content(surface: pygame.Surface, background: tuple[int, int, int],
                    margin: int) -> pygame.Surface:
    """A copy of ``surface`` cut to its drawn part plus ``margin`` pixels on every side (never
    larger than the surface; the whole surface when nothing was drawn)."""
    inked = content_rect(surface, background)
    if inked.width == 0 or inked.height == 0:
        return surface.copy()
    keep = inked.inflate(margin * 2, margin * 2).clip(surface.get_rect())
    return surface.subsurface(keep).copy()


def render(size: tuple[int, int], margin: int,
           draw: Callable[[pygame.Surface, pygame.Rect, Theme], object]) -> pygame.Surface:
    """A light picture of ``size``: ``draw(surface, area, PRINT)`` on a white canvas, ``area``
    being the canvas inside a ``margin`` of white."""
    canvas = pygame.Surface(size)
    canvas.fill(PRINT.background)
    draw(canvas, canvas.get_rect().inflate(-margin * 2, -margin * 2), PRINT)
    return canvas


def render_cropped(size: tuple[int, int], margin: int,
                   draw: Callable[[pygame.Surface, pygame.Rect, Theme], object]
                   ) -> pygame.Surface:
    """Like :func:`render`, then cropped to what ``draw`` drew with ``margin`` pixels of white
    around it (a results picture that fills only part of its canvas)."""
    return crop_to_content(render(size, margin, draw), PRINT.background, margin)
