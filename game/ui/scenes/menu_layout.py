"""The menu's vertical budget: how high the header, the cards and the panels are.

At the normal text size the cards take 30% of the height; with a larger text size (or a player
with four parameters) the panels need more, and the cards give it up, down to a band with the
games' names, so that no option or parameter is ever hidden, and a player's description shows
whole (at a slightly smaller size if need be) whenever the panel can hold it. Pure arithmetic
on the metrics: the menu scene places the widgets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.widgets import BODY_MIN_FRACTION, Button, Metrics, Stepper, Widget

#: The panels' shares of the width: options | seat 1 | seat 2 (the seats get more: a player's
#: parameters have longer labels than a game's options).
PANEL_SHARES = (0.32, 0.34, 0.34)
#: The least height of a row of options or parameters, in text heights (1.35 left the
#: n-tuple learner's description out at 200% of 1920x1080: five parameters).
LEAST_ROW = 1.25
#: A chooser's (and an option row's) height, in text heights.
ROW = 1.9
#: The footer's height (Start, who moves first), in text heights.
FOOTER = 2.2


def header_height(m: Metrics, height: int, button_h: int) -> int:
    """The header's height: 1.5 title heights, but at most 11% of the window (a large text
    size made it a seventh of the screen) and never less than its buttons need."""
    return int(max(button_h * 1.2, min(m.title * 1.5, height * 0.11)))


def panel_widths(inner: int) -> list[int]:
    """The three panels' widths in ``inner`` pixels (gaps excluded)."""
    return [int(inner * share) for share in PANEL_SHARES]


def description_sizes(m: Metrics) -> tuple[int, ...]:
    """The text sizes a seat's player description may take, largest first: the small size,
    85% of it, then :data:`BODY_MIN_FRACTION` of the window height (still read from the back
    row; the n-tuple learner's five parameters at 200% of 1920x1080 left no room for more)."""
    least = math.ceil(m.height * BODY_MIN_FRACTION)
    return tuple(sorted({m.small, max(int(m.small * 0.85), least), min(m.small, least)},
                        reverse=True))


def seat_need(description: str, width: int, params: int, m: Metrics, px: int) -> int:
    """The height a seat panel ``width`` pixels wide needs: title, chooser, the whole
    description at ``px`` (none when ``px`` is 0), parameters in rows of the least height."""
    lines = len(text.wrap(description, width - m.pad * 4, px)) if px else 0
    desc_h = (text.font(px).get_linesize() * lines if px else 0) + m.pad
    return (m.pad + int(m.heading * 1.4) + int(m.body * ROW) + desc_h
            + int(m.body * LEAST_ROW) * params + m.pad)


def description_px(description: str, width: int, params: int, m: Metrics,
                   room: int) -> list[int]:
    """The text sizes a seat's description may take in a panel at most ``room`` pixels high,
    largest first: those of :func:`description_sizes` at which the whole description fits
    above the parameters, then 0 (not shown: a description cut after a few words told
    nothing; the player list shows it whole)."""
    return [px for px in description_sizes(m)
            if seat_need(description, width, params, m, px) <= room] + [0]


def players_need(players: Sequence[tuple[str, int]], width: int, m: Metrics, room: int) -> int:
    """The height a seat panel ``width`` pixels wide needs for the most demanding of
    ``players`` (description, number of parameters), each description at the largest size
    at which it fits whole in ``room`` pixels (or left out)."""
    return max(seat_need(desc, width, params, m, description_px(desc, width, params, m, room)[0])
               for desc, params in players)


def options_need(options: int, m: Metrics) -> int:
    """The height the options panel needs for ``options`` rows of the least height."""
    return m.pad + int(m.heading * 1.4) + int(m.body * LEAST_ROW) * options + m.pad


def least_cards(m: Metrics) -> int:
    """The least height of the cards: their names (and a picture when there is room)."""
    return int(m.heading * 1.5)


def place_header(buttons: Sequence[Button], w: int, m: Metrics, header_h: int, bh: int) -> None:
    """Place the header's buttons from the right, each as wide as its label, so six of them
    fit at 1024 pixels; if they would crowd the title they use the small text size, and with
    large text that shrinks until they fit in the window."""
    pad = m.pad
    title_w = text.size(tr("app.title"), m.heading, True)[0] + pad * 4
    px = m.body
    widths = [max(int(w * 0.07), text.size(b.label(), px, True)[0] + bh // 2) for b in buttons]
    if sum(widths) + pad * (len(widths) + 2) + title_w > w:
        px = m.small
        widths = [max(int(w * 0.06), text.size(b.label(), px, True)[0] + bh // 3)
                  for b in buttons]
        room = w - pad * (len(widths) + 3)
        while sum(widths) > room and px > int(m.small * 0.8):
            px -= 1
            widths = [text.size(b.label(), px, True)[0] + bh // 3 for b in buttons]
    x = w - pad * 2
    for b, bw in zip(reversed(buttons), reversed(widths), strict=True):
        b.place(pygame.Rect(x - bw, pad + (header_h - bh) // 2, bw, bh), px)
        x -= bw + pad


#: A row of the header's buttons when they go on two rows: at least this many text heights.
HEADER_ROW = 1.45


def place_header_rows(buttons: Sequence[Button], w: int, m: Metrics, header_h: int) -> bool:
    """Place the header's ``buttons`` on two rows at its right, each as wide as its label,
    at the body size (smaller down to the readable size if the rows need it);
    False (nothing placed) when two rows at that size do not fit the header's height. On one
    row at 1024x768 they took the small size (18 px, under the 20 px readable size) and
    still shrank the title; on two, both keep their sizes."""
    pad = m.pad
    gap = max(2, pad // 2)
    row_h = (header_h - gap) // 2
    px = min(m.body, int(row_h / HEADER_ROW))
    if px < max(m.small, math.ceil(m.height * BODY_MIN_FRACTION)) or len(buttons) < 2:
        return False
    half = math.ceil(len(buttons) / 2)
    top = pad + (header_h - 2 * row_h - gap) // 2
    for r, row in enumerate((buttons[:half], buttons[half:])):
        x = w - pad * 2
        for b in reversed(row):
            bw = text.size(b.label(), px, True)[0] + row_h // 2
            b.place(pygame.Rect(x - bw, top + r * (row_h + gap), bw, row_h), px)
            x -= bw + pad
    return True


def buttons_left(buttons: Sequence[Button]) -> int:
    """The left edge of the header's leftmost button (on one row or two)."""
    return min(b.rect.left for b in buttons)


def title_room(buttons: Sequence[Button], m: Metrics) -> int:
    """The width the header leaves the app's title left of its placed ``buttons``."""
    return buttons_left(buttons) - m.pad * 4 if buttons else 0


def choose_header(every: Sequence[Button], fewer: Sequence[Button], fewest: Sequence[Button],
                  w: int, m: Metrics, header_h: int, bh: int) -> list[Button]:
    """The header's buttons, placed: ``every`` one on one row when they keep a readable
    size and the app's title 90% of its size beside them, else on two rows when they fit
    there at a readable size and leave the title its size, else on one row when the title
    still fits at the heading size, else ``fewer`` (the screens' entries behind one
    "More…"), else ``fewest`` (Rules and Quit behind it too: at a true 200% of 1024x768 four
    buttons left the title "AI Ga…"). At 200% text the six buttons filled the header and
    the title was left out (seen at 1920x1080 in French): a class should always see where it is."""
    title_w = text.size(tr("app.title"), m.title, True)[0]
    place_header(every, w, m, header_h, bh)
    if (every[0].px >= math.ceil(m.height * BODY_MIN_FRACTION)
            and title_room(every, m) >= text.size(tr("app.title"), int(m.title * 0.9),
                                                  True)[0]):
        return list(every)
    if place_header_rows(every, w, m, header_h) and title_room(every, m) >= title_w:
        return list(every)
    place_header(every, w, m, header_h, bh)
    if title_room(every, m) >= text.size(tr("app.title"), m.heading, True)[0]:
        return list(every)
    place_header(fewer, w, m, header_h, bh)
    if title_room(fewer, m) >= text.size(tr("app.title"), m.heading, True)[0] or not fewest:
        return list(fewer)
    place_header(fewest, w, m, header_h, bh)
    return list(fewest)


def let_labels_shrink(seat_widgets: Sequence[Sequence[Widget]], seat: int | None,
                      m: Metrics | None = None) -> bool:
    """Let the parameters' labels of ``seat`` go on two lines down to the readable size
    (:data:`BODY_MIN_FRACTION` of the window height) rather than 70% of theirs: the last
    step before the seat's description is left out (the reinforcement learner's four
    two-line labels hid it at 200% of 1280x800 in French). True when that is new for the
    seat; ``seat`` None (with no metrics) puts every label back to its usual least size."""
    if seat is None or m is None:
        for stepper in (w for ws in seat_widgets for w in ws if isinstance(w, Stepper)):
            stepper.label_least = None
        return False
    least = math.ceil(m.height * BODY_MIN_FRACTION)
    steppers = [w for w in seat_widgets[seat] if isinstance(w, Stepper)]
    if not steppers or least >= int(m.body * 0.7) or steppers[0].label_least == least:
        return False
    for stepper in steppers:
        stepper.label_least = least
    return True
