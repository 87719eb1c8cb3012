"""What every chart shares: numbers written in the language's way (decimal mark, thousands
grouping, percent sign), round-number ticks, the title, the legend, the colour scales, and
:func:`save_png`, which draws a chart off screen in the light print theme and saves it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from game.ui import text
from game.ui.export import save_png_checked
from game.ui.i18n import decimal, grouped, tr
from game.ui.printing import render
from game.ui.theme import Colour, Theme, blend


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values (1, 2, 2.5 or 5 times a power of ten) covering
    ``[low, high]``."""
    if not math.isfinite(low) or not math.isfinite(high):
        return [0.0]
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = power
    for mult in (1, 2, 2.5, 5, 10):
        step = mult * power
        if step >= raw:
            break
    # Ticks are whole multiples of the step, rounded to the step's own precision, so that
    # 0.1 + 0.2 never shows as 0.30000000000000004.
    digits = max(0, 2 - math.floor(math.log10(step)))
    k = math.floor(low / step + 1e-9)
    ticks: list[float] = []
    while k * step <= high + step * 1e-6:
        value = round(k * step, digits)
        if value >= low - step * 1e-6:
            ticks.append(value)
        k += 1
    return ticks


def format_number(value: float, percent: bool = False) -> str:
    """A short label in the language's way: ``12``, ``1,500``, ``15k``, ``2.5M``, ``0.25``, or
    ``75%`` when ``percent`` (French: ``1 500``, ``0,25``, ``75 %``)."""
    if percent:
        return percent_text(value * 100)
    magnitude = abs(value)
    if magnitude >= 1_000_000:
        return decimal(f"{value / 1_000_000:.3g}M")
    if magnitude >= 10_000:
        return decimal(f"{value / 1000:.3g}k")
    if float(value).is_integer() or magnitude >= 10:
        return grouped(value)
    return decimal(f"{value:.2g}" if magnitude < 1 else f"{value:.1f}")


def percent_text(share: float, digits: int = 0) -> str:
    """A percentage (``share`` already in percent) with ``digits`` decimals, written in the
    language's way: ``20.5%`` in English, ``20,5 %`` in French."""
    return tr("number.percent", n=decimal(f"{share:.{digits}f}"))


_rotated: dict[tuple[str, int, Colour], pygame.Surface] = {}


def _rotated_label(label: str, px: int, colour: Colour) -> pygame.Surface:
    """``label`` rendered and turned a quarter left (cached: rotating costs milliseconds)."""
    key = (label, px, colour)
    surface = _rotated.get(key)
    if surface is None:
        if len(_rotated) > 64:
            _rotated.clear()
        surface = pygame.transform.rotate(text.render(label, px, colour), 90)
        _rotated[key] = surface
    return surface


def _title(surface: pygame.Surface, rect: pygame.Rect, title: str, px: int,
           theme: Theme) -> int:
    """Draw a chart title at the top left of ``rect``; return the y below it."""
    if not title:
        return rect.top
    # Shrinks to 80% before it is cut (a French title at the largest text size).
    drawn = text.blit_text(surface, title, px, theme.text, (rect.left, rect.top), bold=True,
                           max_width=rect.width, min_px=max(text.MIN_PX, int(px * 0.8)))
    return drawn.bottom + px // 3


#: A legend entry: its label, its colour, and whether its line is dashed.
LegendItem = tuple[str, Colour, bool]


def _legend(surface: pygame.Surface | None, items: Sequence[LegendItem], left: int,
            top: int, width: int, px: int, theme: Theme) -> int:
    """Colour swatches and labels in rows from (left, top) within ``width``; return the y below.

    With ``surface`` None nothing is drawn: the returned y measures the legend's height.
    A label ending in a comma goes on with the next one ("1," then "2: Elimination vs
    Random"): the two start a row together, split only where they do not fit one.
    """
    x, y = left, top
    line_h = int(px * 1.45)
    sw = int(px * 1.2)
    needs = [sw + px // 3 + text.size(label, px)[0] + px for label, _c, _d in items]
    for i, (label, colour, dashed) in enumerate(items):
        need = needs[i]
        joined = itertools.takewhile(lambda j: items[j - 1][0].endswith(","),
                                     range(i + 1, len(items)))
        # (Within such a row, the next label goes to a new row only where it does not fit.)
        together = need if i and items[i - 1][0].endswith(",") else need + sum(
            needs[j] for j in joined)
        if x > left and x + together > left + width:
            x = left
            y += line_h
        swatch = pygame.Rect(x, y + line_h // 2 - max(2, px // 5), sw, max(4, px // 2.5))
        if surface is not None:
            if dashed:
                dash = pygame.Rect(swatch.left, swatch.top, swatch.width * 2 // 5, swatch.height)
                pygame.draw.rect(surface, colour, dash, border_radius=2)
                dash.right = swatch.right
                pygame.draw.rect(surface, colour, dash, border_radius=2)
            else:
                pygame.draw.rect(surface, colour, swatch, border_radius=2)
            text.blit_text(surface, label, px, theme.text,
                           (swatch.right + px // 3, y + line_h // 2), "midleft",
                           max_width=max(10, left + width - swatch.right - px // 3))
        x += need
    return y + line_h


def _legend_groups_whole(items: Sequence[LegendItem], width: int, px: int) -> bool:
    """Whether every row of labels joined by commas (see :func:`_legend`) fits ``width`` at
    ``px``, so that :func:`_legend` splits none."""
    group: list[LegendItem] = []
    for item in items:
        group.append(item)
        if not item[0].endswith(","):
            # (With the gap after its last label, as _legend counts a row.)
            if len(group) > 1 and _legend_width(group, px) + px > width:
                return False
            group = []
    return True


def _legend_width(items: Sequence[LegendItem], px: int) -> int:
    """The width of ``items`` laid out on one row by :func:`_legend`."""
    sw = int(px * 1.2)
    return sum(sw + px // 3 + text.size(label, px)[0] + px for label, _c, _d in items) - px


def _legend_on_title_line(surface: pygame.Surface, items: Sequence[LegendItem],
                          rect: pygame.Rect, title: str, px: int, small: int, title_top: int,
                          title_bottom: int, theme: Theme, least: int = 12) -> bool:
    """Draw the legend right-aligned on the title's line if it fits there; True if drawn.

    A compact legend leaves the whole height below the title to the curves (a chart seen
    from the back of a classroom). It tries the legend's size, then a slightly smaller one,
    not under ``least`` (the lab gives its window's readable size).
    """
    room = rect.width - text.size(title, px, True)[0] - px
    # A smaller size only while it stays readable (12 px, or ``least``).
    for legend_px in dict.fromkeys((small, max(least, int(small * 0.85)))):
        width = _legend_width(items, legend_px)
        if width <= room:
            line_h = int(legend_px * 1.45)
            y = title_top + max(0, (title_bottom - title_top - line_h) // 2)
            _legend(surface, items, rect.right - width, y, width + legend_px, legend_px, theme)
            return True
    return False


def save_png(path: Path, size: tuple[int, int],
             draw: Callable[[pygame.Surface, pygame.Rect, Theme], object]) -> Path:
    """Draw a chart off screen and save it as a PNG file at ``path``; return the path.

    ``draw(surface, rect, theme)`` is one of this module's charts with its data, drawn in the
    theme it is given: the light print theme (:data:`game.ui.printing.PRINT`, dark ink on
    white), as every exported picture is. ``rect`` is the picture inside a margin. The file is
    written atomically and read back (:func:`game.ui.export.save_png_checked`). Needs no window
    (only ``pygame.font``, which :mod:`game.ui.text` starts).
    """
    picture = render(size, max(8, min(size) // 30), draw)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png_checked(picture, path)
    return path


def _ink(colour: Colour) -> Colour:
    """Black or white text, whichever reads better on ``colour``."""
    luminance = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return (20, 20, 24) if luminance > 140 else (250, 250, 250)


def diverging(theme: Theme, value: float, limit: float) -> Colour:
    """A colour for ``value`` on a scale from -limit (bad, red) through 0 (neutral) to +limit
    (good, green)."""
    if limit <= 0:
        return theme.panel
    t = max(-1.0, min(1.0, value / limit))
    neutral = blend(theme.panel, theme.text_muted, 0.3)
    return blend(neutral, theme.score_good if t > 0 else theme.score_bad, abs(t))


def sequential(theme: Theme, value: float, high: float) -> Colour:
    """A colour for ``value`` from 0 (neutral) to ``high`` (the accent colour)."""
    if high <= 0:
        return blend(theme.panel, theme.text_muted, 0.3)
    return blend(blend(theme.panel, theme.text_muted, 0.3), theme.accent,
                 max(0.0, min(1.0, value / high)))
