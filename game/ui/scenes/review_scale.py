"""The review graph's scale: the marks at the plot's left ("+143", "0", "−143", or a sure
result's "win" on its edges), how a scale's size is written, and where a digit's ink sits in
its line, so that the marks stand level with their lines."""

from __future__ import annotations

from game.ui import text
from game.ui.i18n import decimal, grouped, tr
from game.ui.scenes.review import ESTIMATE_CAP


def scale_marks(scale: float, edges: bool = False) -> list[tuple[str, float]]:
    """The graph's scale marks for estimates whose largest is ``scale``: ("+143", its level),
    ("0", 0) and ("−143", minus its level), levels in the plot's [-1, 1]. Where nothing is
    estimated, with ``edges`` (points on them: sure results) the edges' "win" ("gagné"),
    else none: a Nim game against Perfect had its dots on the bottom edge and no scale
    (QA15 7). Written by :func:`scale_size`."""
    if scale <= 0:
        won = tr("review.graph_won")
        return [(won, 1.0), (won, -1.0)] if edges else []
    size = scale_size(scale)
    return [(f"+{size}", ESTIMATE_CAP), ("0", 0.0), (f"\u2212{size}", -ESTIMATE_CAP)]


def digit_ink(px: int) -> tuple[int, int]:
    """A digit's ink height at ``px`` and how far its middle is below the middle of its line
    box: the scale's numbers are placed level with their lines by their digits."""
    surf = text.render("0", px, (255, 255, 255))
    ink = surf.get_bounding_rect()
    return ink.height, ink.centery - surf.get_height() // 2


def scale_size(scale: float) -> str:
    """A scale's size as its marks say it: whole from 10 ("143") or where it is ("3" discs,
    not "3.0": a decimal says an estimate, QA19 34), else one decimal ("0.7")."""
    return grouped(scale) if scale >= 10 or float(scale).is_integer() else decimal(f"{scale:.1f}")


def zero_mark_px(px: int, room: float, least: int, gap: int) -> int:
    """The size of the middle line's "0" between the scale's numbers, their digits'
    middles ``room`` pixels from its line less half their height, ``gap`` pixels apart:
    ``px``, else smaller down to ``least`` (the readable size: at 200% of 1920x1080 the plot
    had no room for a third number of the others' size, and the middle line went unnamed,
    QA17 10); 0 where even that leaves no gap."""
    for size in range(px, least - 1, -1):
        if digit_ink(size)[0] / 2 + gap <= room:
            return size
    return 0
