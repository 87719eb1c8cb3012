"""Small PNG charts drawn with pygame on an off-screen Surface (no plotting dependency).

Two kinds, enough for docs/experiments.md: :func:`line_chart` (one or more series of y values,
e.g. cumulative wins per game) and :func:`stacked_bars` (one bar per category split into shares,
e.g. first player / second player / draw by board size). Both save a PNG and return its path.
Headless: the SDL video driver defaults to ``dummy`` and only ``pygame.font`` is initialised.
The text uses the app's bundled DejaVu Sans so that charts look the same on every machine.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # the environment above must be set first

Color = tuple[int, int, int]

#: Colour-blind-safe palette (Okabe-Ito), in the order series are usually given.
PALETTE: tuple[Color, ...] = (
    (0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0),
    (86, 180, 233), (120, 120, 120),
)
BACKGROUND: Color = (255, 255, 255)
INK: Color = (30, 30, 30)
GRID: Color = (225, 225, 225)
_FONT_FILE = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans.ttf"
_fonts: dict[int, pygame.font.Font] = {}


def _font(size: int) -> pygame.font.Font:
    """The bundled font at ``size`` pixels (pygame's default font if the file is missing)."""
    if not pygame.font.get_init():
        pygame.font.init()
    font = _fonts.get(size)
    if font is None:
        font = pygame.font.Font(str(_FONT_FILE) if _FONT_FILE.exists() else None, size)
        _fonts[size] = font
    return font


def _text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 16,
          color: Color = INK, anchor: str = "topleft", angle: float = 0.0) -> None:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``."""
    image = _font(size).render(text, True, color)
    if angle:
        image = pygame.transform.rotate(image, angle)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)


def nice_step(span: float, ticks: int = 6) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return float(factor * power)
    return float(10 * power)


def _format(value: float) -> str:
    """A tick label: integers without decimals, others with up to two."""
    if abs(value - round(value)) < 1e-9:
        return str(round(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Series:
    """One line of a line chart: its label, y values (x = xs or 1, 2, ...) and colour."""

    label: str
    ys: Sequence[float]
    color: Color | None = None
    xs: Sequence[float] | None = None
    dashed: bool = False


def _frame(title: str, size: tuple[int, int], labels: Sequence[str]
           ) -> tuple[pygame.Surface, pygame.Rect]:
    """A white surface with the title; returns it and the plotting rectangle, leaving room on
    the right for a legend of ``labels``."""
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    width, height = size
    _text(surface, title, (width / 2, 14), 20, anchor="midtop")
    legend = max((_font(15).size(label)[0] for label in labels), default=0) + 70
    plot = pygame.Rect(80, 56, width - 80 - legend, height - 56 - 64)
    return surface, plot


def _dashed(surface: pygame.Surface, color: Color, points: Sequence[tuple[float, float]],
            on: float = 9.0, off: float = 6.0) -> None:
    """A dashed polyline: ``on`` pixels drawn, ``off`` skipped, continuing across vertices."""
    drawn, pen = 0.0, True
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        pos = 0.0
        while pos < length:
            span = (on if pen else off) - drawn
            end = min(length, pos + span)
            if pen:
                t0, t1 = pos / length, end / length
                pygame.draw.line(surface, color, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                 (ax + (bx - ax) * t1, ay + (by - ay) * t1), 2)
            drawn += end - pos
            pos = end
            if drawn >= (on if pen else off) - 1e-9:
                drawn, pen = 0.0, not pen


def _legend(surface: pygame.Surface, plot: pygame.Rect,
            entries: Sequence[tuple[str, Color, bool]]) -> None:
    """The legend, right of the plot; a dashed entry shows a dashed sample."""
    x = plot.right + 20
    y = plot.top + 4
    for label, color, dashed in entries:
        if dashed:
            _dashed(surface, color, [(x, y + 9), (x + 24, y + 9)], on=7.0, off=4.0)
        else:
            pygame.draw.rect(surface, color, (x, y + 4, 22, 10))
        _text(surface, label, (x + 30, y), 15)
        y += 24


def line_chart(path: Path, title: str, series: Sequence[Series], *, x_label: str,
               y_label: str, size: tuple[int, int] = (960, 520),
               y_range: tuple[float, float] | None = None) -> Path:
    """Draw the series as lines (x from 1 unless ``xs`` given) and save a PNG at ``path``."""
    surface, plot = _frame(title, size, [s.label for s in series])
    points = [(list(s.xs) if s.xs is not None else list(range(1, len(s.ys) + 1)), list(s.ys))
              for s in series]
    all_x = [x for xs, _ in points for x in xs] or [0.0, 1.0]
    all_y = [y for _, ys in points for y in ys] or [0.0, 1.0]
    x0, x1 = min(all_x), max(all_x)
    y0, y1 = y_range if y_range is not None else (min(0.0, min(all_y)), max(all_y))
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y1 = y0 + 1

    def to_px(x: float, y: float) -> tuple[float, float]:
        return (plot.left + (x - x0) / (x1 - x0) * plot.width,
                plot.bottom - (y - y0) / (y1 - y0) * plot.height)

    # Grid and ticks.
    step = nice_step(y1 - y0)
    tick = math.ceil(y0 / step) * step
    while tick <= y1 + 1e-9:
        _, py = to_px(x0, tick)
        pygame.draw.line(surface, GRID, (plot.left, py), (plot.right, py))
        _text(surface, _format(tick), (plot.left - 8, py), 14, anchor="midright")
        tick += step
    step = nice_step(x1 - x0)
    tick = math.ceil(x0 / step) * step
    while tick <= x1 + 1e-9:
        px, _ = to_px(tick, y0)
        pygame.draw.line(surface, GRID, (px, plot.top), (px, plot.bottom))
        _text(surface, _format(tick), (px, plot.bottom + 6), 14, anchor="midtop")
        tick += step
    pygame.draw.rect(surface, INK, plot, 1)
    _text(surface, x_label, (plot.centerx, plot.bottom + 30), 15, anchor="midtop")
    _text(surface, y_label, (18, plot.centery), 15, anchor="center", angle=90)

    entries: list[tuple[str, Color, bool]] = []
    for index, (s, (xs, ys)) in enumerate(zip(series, points, strict=True)):
        color = s.color or PALETTE[index % len(PALETTE)]
        entries.append((s.label, color, s.dashed))
        pts = [to_px(x, y) for x, y in zip(xs, ys, strict=True)]
        if len(pts) == 1:
            pygame.draw.circle(surface, color, pts[0], 3)
        elif s.dashed:
            _dashed(surface, color, pts)
        elif pts:
            pygame.draw.aalines(surface, color, False, pts)
            pygame.draw.lines(surface, color, False, pts, 2)
    _legend(surface, plot, entries)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def stacked_bars(path: Path, title: str, categories: Sequence[str],
                 parts: Sequence[tuple[str, Sequence[float]]], *, y_label: str = "% of games",
                 size: tuple[int, int] = (960, 520), colors: Sequence[Color] = PALETTE) -> Path:
    """One bar per category, split into ``parts`` (label, one share per category, in %);
    each share of 6 % or more is written inside its segment. Saves a PNG at ``path``."""
    surface, plot = _frame(title, size, [label for label, _ in parts])
    for tick in range(0, 101, 20):
        py = plot.bottom - tick / 100 * plot.height
        pygame.draw.line(surface, GRID, (plot.left, py), (plot.right, py))
        _text(surface, str(tick), (plot.left - 8, py), 14, anchor="midright")
    pygame.draw.rect(surface, INK, plot, 1)
    _text(surface, y_label, (18, plot.centery), 15, anchor="center", angle=90)
    n = max(1, len(categories))
    slot = plot.width / n
    bar = slot * 0.62
    for i, name in enumerate(categories):
        left = plot.left + i * slot + (slot - bar) / 2
        bottom = float(plot.bottom)
        for j, (_, shares) in enumerate(parts):
            share = shares[i]
            height = share / 100 * plot.height
            rect = pygame.Rect(round(left), round(bottom - height), round(bar), round(height))
            pygame.draw.rect(surface, colors[j % len(colors)], rect)
            if share >= 6:
                _text(surface, f"{share:.0f}", rect.center, 13, (255, 255, 255), "center")
            bottom -= height
        _text(surface, name, (left + bar / 2, plot.bottom + 6), 13, anchor="midtop")
    _legend(surface, plot, [(label, colors[j % len(colors)], False) for j, (label, _) in
                            enumerate(parts)])
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path
