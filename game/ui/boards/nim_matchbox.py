"""Nim's matchbox for the learning lab: a learner's box for one position, drawn large enough
to read from the back of a room (the matches left, then one line per take with its beads,
allowed mark or Q-value, and what the last game changed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.nim import NimState
from game.ui import text as txt
from game.ui.boards.presenter import box_value_colour, box_value_text, change_texts
from game.ui.theme import Theme, blend

#: How much larger than the box's text the allowed/eliminated marks are drawn.
ALLOWED_MARK_SCALE = 1.4
#: The most beads drawn on a take's line, and the fewest worth drawing (with room for fewer,
#: the counts alone say it).
MOST_BEADS, LEAST_BEADS = 8, 3
#: The height of a take's line, in text heights: the same in every box of a page, so that a
#: take's line is level with the same take's in the boxes beside it.
LINE_PITCH = 1.6


@dataclass(frozen=True)
class TakeLines:
    """Where a matchbox's takes are listed and at which size (:func:`take_lines`)."""

    body: pygame.Rect
    line_h: float
    #: How many of the takes have a line (the last then says how many are left out).
    shown: int
    #: Each line's take, value text and whether the last game changed it.
    texts: list[tuple[str, str, bool]]
    px: int
    take_w: int
    #: The takes are listed in this many columns (a long list, Marienbad's or Fibonacci's
    #: start box, in two where that makes them notably larger), each ``column_w`` wide.
    columns: int = 1
    column_w: float = 0.0

    def spot(self, i: int) -> tuple[int, int, int, int]:
        """Where line ``i`` goes: its left and right, its middle's y, and its row."""
        rows = max(1, -(-self.shown // self.columns))
        column, row = divmod(i, rows)
        left = round(self.body.left + column * (self.column_w + self.px // 2))
        return (left, round(left + self.column_w),
                round(self.body.top + row * self.line_h + self.line_h / 2), row)


def header_height(rect: pygame.Rect, px: int) -> int:
    """The height of a matchbox's header (the sticks and the count of matches) in ``rect``."""
    return int(min(rect.height * 0.26, px * 2.2))


def take_lines(rect: pygame.Rect, state: NimState, values: Mapping[Any, float],
               score_kind: str, px: int, before: Mapping[Any, float] | None = None
               ) -> TakeLines:
    """The lines of the takes of a matchbox drawn in ``rect`` up to ``px`` (see
    :func:`draw_matchbox`), and their text size: what the lab measures to give a box's use
    a size in proportion (at 1920x1080 with 200% text the takes were 25 px under a 48 px
    "300×")."""
    multi = len(state.heaps) > 1
    items = list(values.items())
    top = rect.top + header_height(rect, px)
    # One line per move, from the top, each as high as in every other box drawn at ``px``
    # (spread over the box's height, a two-take box's "−2" sat level with its neighbour's
    # "−2"/"−3" gap and its count looked like another take's: review), a thin rule between
    # lines so that a take's beads and count read as its own.
    body = pygame.Rect(rect.left, top, rect.width, rect.bottom - top)
    texts: list[tuple[str, str, bool]] = []  # take, value text, changed
    for move, value in items:
        old = before.get(move) if before is not None else None
        changed = old is not None and old != value
        value_text = box_value_text(value, score_kind)
        if changed and old is not None:
            # More decimals where a step under the hundredth read "−0.25→−0.25" (Q-learning
            # after One game, 1920x1080 en 100%).
            value_text = "→".join(change_texts(old, value, score_kind))
        take = f"h{move.heap + 1}: −{move.count}" if multi else f"−{move.count}"
        texts.append((take, value_text, changed))
    # A long list (Marienbad's start box: 9 takes at 15 px at 1024x768 with 200% text,
    # Fibonacci's 14 at 10 px, 1·3·5·7's 16 at 25 px at 1920x1080) in two to four columns
    # where that makes its text a quarter larger.
    chosen = _layout(body, texts, score_kind, px, 1)
    for columns in (2, 3, 4):
        if len(texts) >= columns * 2:
            more = _layout(body, texts, score_kind, px, columns)
            if more.shown == len(texts) and more.px >= chosen.px * 1.25:
                chosen = more
    return chosen


def _layout(body: pygame.Rect, every: list[tuple[str, str, bool]], score_kind: str, px: int,
            columns: int) -> TakeLines:
    """The takes' lines ``every`` laid out in ``body`` in ``columns`` columns (see
    :func:`take_lines`)."""
    rows = -(-len(every) // columns)
    line_h = min(px * LINE_PITCH, body.height / max(1, rows))
    if line_h < 9:
        line_h = 9.0  # too many moves for the box: the last line says how many are left out
    fits = line_h * rows <= body.height + 0.5  # float division must not drop a line
    shown = len(every) if fits else max(1, int(body.height // line_h))
    texts = every[:shown]
    column_w = (body.width - (columns - 1) * (px // 2)) / columns
    # One size for every line: the largest at which the widest take and value fit side by
    # side (a narrow box keeps its counts readable rather than cut).
    small = max(7, int(min(px, line_h * 0.8)))
    # (A "before→after" line shrinks on its own: the box's counts keep their size.)
    # The elimination learner's marks are drawn larger than the takes (see below): their
    # width at that size counts, or a one-line box (1 match left: its line is the box's
    # whole height, so its text is large) squeezed its ✓ into what the "−1" left, and the
    # mark was shrunk to a sliver (seen in a real window at 1024x768 with 200% text).
    mark_scale = ALLOWED_MARK_SCALE if score_kind == "allowed" else 1.0
    take_w = max((txt.size(t, small, True)[0] for t, _v, _c in texts), default=0)
    value_w = max((txt.size(v, small, True)[0] * mark_scale for _t, v, c in texts if not c),
                  default=0)
    if take_w + value_w + small // 2 > column_w:
        small = max(7, int(small * column_w / (take_w + value_w + small // 2)))
        take_w = max((txt.size(t, small, True)[0] for t, _v, _c in texts), default=0)
    # (The gap between columns is half the given size, as :meth:`TakeLines.spot` puts it.)
    return TakeLines(body, line_h, shown, texts, small, take_w, columns,
                     (body.width - (columns - 1) * (small // 2)) / columns)


def text_px(rect: pygame.Rect, state: NimState, values: Mapping[Any, float], score_kind: str,
            px: int, before: Mapping[Any, float] | None = None) -> int:
    """The text size of the takes of a matchbox drawn in ``rect`` up to ``px``, or the size
    a "before→after" line shrinks to on its own where that is smaller (the lab makes no box
    so narrow that it cuts one: "12→11" beside the live game at 1024x768)."""
    lines = take_lines(rect, state, values, score_kind, px, before)
    room = round(lines.column_w) - lines.take_w - lines.px // 3
    widest = max((txt.size(v, lines.px, True)[0] for _t, v, c in lines.texts if c), default=0)
    return lines.px if widest <= room else int(lines.px * max(0, room) / widest)


def draw_matchbox(surface: pygame.Surface, rect: pygame.Rect, state: NimState,
                  values: Mapping[Any, float], score_kind: str, theme: Theme, px: int,
                  before: Mapping[Any, float] | None = None) -> None:
    """A learner's matchbox for a Nim position (the learning lab): the matches left drawn as
    sticks, then one line per take with what the learner holds for it (allowed or eliminated,
    beads as dots and their count, or a Q-value), as large as the box allows up to ``px``.

    With ``before`` (the values before the last game), each take the game changed is
    highlighted and shows "before → after" (beads "3 → 6", "✓ → ✗")."""
    heaps: tuple[int, ...] = tuple(state.heaps)
    multi = len(heaps) > 1
    items = list(values.items())
    header_h = header_height(rect, px)
    head = pygame.Rect(rect.left, rect.top, rect.width, header_h)
    # The position: sticks for each heap, with the count written beside them.
    label = " · ".join(str(h) for h in heaps) if multi else str(heaps[0])
    if state.options.variant == "fibonacci" and not multi:
        label = f"{heaps[0]} (≤{state.max_allowed_take(0)})"
    label_px = max(8, int(min(px * 1.3, header_h * 0.8)))
    # Never wider than 60% of the box (Marienbad's "1 · 3 · 5" ran over its sticks and out of
    # the box at 1024x768).
    label_px = txt.fit_px(label, int(head.width * 0.6), label_px, True, 8)
    label_w = txt.size(label, label_px, True)[0] + px // 2
    total_sticks = sum(heaps) + 2 * (len(heaps) - 1)
    stick_gap = min((head.width - label_w) * 0.95 / max(1, total_sticks), px * 0.6)
    stick_h = header_h * 0.62
    x = head.left + px * 0.3
    for h_i, count in enumerate(heaps):
        for _ in range(count):
            top = head.top + (header_h - stick_h) / 2
            pygame.draw.line(surface, theme.match_wood, (x, top + stick_h * 0.2),
                             (x, top + stick_h), max(1, int(stick_gap * 0.35)))
            pygame.draw.circle(surface, theme.match_head, (round(x), round(top + stick_h * 0.2)),
                               max(1, int(stick_gap * 0.35)))
            x += stick_gap
        if h_i < len(heaps) - 1:
            x += stick_gap * 2
    txt.blit_text(surface, label, label_px, theme.text, (head.right, head.centery),
                   "midright", bold=True)
    lines = take_lines(rect, state, values, score_kind, px, before)
    line_h, shown, texts = lines.line_h, lines.shown, lines.texts
    small, take_w = lines.px, lines.take_w
    best = max(values.values()) if values else 0.0
    most = max(values.values(), default=1.0) or 1.0
    bead_at = txt.size("h8: −15 " if multi else "−10 ", small, True)[0]
    # Every line's count, a changed one's "1→2" included: measured without it, the beads ran
    # under the wider "before→after" of the One game view (review).
    widest = max((txt.size(v, small, True)[0] for _t, v, _c in texts), default=0)
    bead_room = min(MOST_BEADS, int((lines.column_w - widest - small // 2 - bead_at)
                                    // (2 * max(2, small // 4) + 2)))
    for i, ((take, value_text, changed), value) in enumerate(
            zip(texts, [v for _m, v in items[:shown]], strict=True)):
        left, right, y, row = lines.spot(i)
        if shown < len(items) and i == shown - 1:
            txt.blit_text(surface, f"+{len(items) - i}…", small, theme.text_muted,
                           (left, y), "midleft")
            break
        band = pygame.Rect(left, round(y - line_h / 2) + 1, right - left,
                           max(1, round(line_h) - 2))
        if changed:
            pygame.draw.rect(surface, blend(theme.panel, theme.highlight, 0.3), band,
                             border_radius=max(2, band.height // 4))
        elif row:
            # A thin rule between takes: a grey band on every other line read as a mark
            # with a meaning the view did not explain ("the move it plays?", QA 18).
            pygame.draw.line(surface, blend(theme.panel, theme.text_muted, 0.35),
                             (band.left, band.top - 1), (band.right - 1, band.top - 1))
        # A count beside its take in the same bold type read as one number ("−1 421", seen
        # in a real window): the take regular and muted, what the box holds for it bold and
        # coloured (the elimination learner's ✓ and ✗ cannot be mistaken for digits).
        counts = score_kind != "allowed"
        txt.blit_text(surface, take, small, theme.text_muted if counts else theme.text,
                      (left, y), "midleft", bold=not counts)
        colour = theme.highlight if changed else box_value_colour(value, score_kind, theme)
        room_after_take = right - (left + take_w + small // 3)
        if score_kind == "beads":
            # Beads drawn in proportion to the box's fullest move, in one column of the same
            # room on every line (measured for the widest count), then the count,
            # right-aligned. Measured line by line, short counts had beads and long ones none
            # ("−1 • 1" over "−2 409"): the beads told the opposite of the counts.
            r = max(2, small // 4)
            dots = (min(bead_room, max(1 if value > 0 else 0, round(bead_room * value / most)))
                    if bead_room >= LEAST_BEADS else 0)
            for b in range(max(0, dots)):
                pygame.draw.circle(surface, theme.accent if value == best else theme.text_muted,
                                   (round(left + bead_at + r + b * (2 * r + 2)), y), r)
            txt.blit_text(surface, value_text, small, colour, (right, y), "midright",
                           bold=True, max_width=room_after_take, min_px=7)
        else:
            # The elimination learner's marks at the size of a capital letter: the font's
            # ✓ and ✗ are half the height of the digits beside them (seen in a real window).
            value_px = (min(round(small * ALLOWED_MARK_SCALE), int(line_h * 0.95))
                        if score_kind == "allowed" and not changed else small)
            txt.blit_text(surface, value_text, value_px, colour, (right, y), "midright",
                           bold=True, max_width=room_after_take, min_px=7)
