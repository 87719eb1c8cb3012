"""The key under the learning lab's matchboxes: what a row of a box is (a move and its beads,
its ✓/✗, its learned value), what the count under a box is, what an outline means (a box the
last game changed; in a board's list, the move the learner prefers) and, on a page that shows
one, what a box whose every move lost is. Each entry is a sample drawn as the boxes draw it
("47", "12×" in its colour and frame) followed by its words; the entries flow along lines.

Before, nothing on the view said "beads" or what the yellow outlines were, and the note about
boxes whose every move lost filled the bottom of pages that showed none of them (QA 18, 21).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from game.ui import text
from game.ui.boards.presenter import box_value_colour, box_value_text
from game.ui.i18n import tr
from game.ui.scenes.lab_box_moves import MoveLine, least_box_height, list_size
from game.ui.theme import Colour, Theme
from game.ui.widgets import Metrics

#: What a row's sample shows, by the learner's kind of value: (value, its text) pairs.
ROW_SAMPLES: dict[str, tuple[float, ...]] = {"allowed": (1.0, 0.0), "beads": (47.0,),
                                             "q": (0.47, -0.2)}
#: The most of the boxes' room the key takes (the rest is the boxes').
MOST_SHARE = 1 / 3
#: The key's text is this share of the body size where the room allows (never under the
#: readable size): at the readable size, grey under boxes whose moves are 40 px, it was
#: judged too small to read from the back row (QA S12 29: 18 px at 1280x720 200%).
KEY_SHARE = 0.6


@dataclass(frozen=True)
class KeyEntry:
    """One entry of the key: a sample (in its colour, framed in ``frame`` if given) and the
    words saying what it is."""

    sample: str
    colour: Colour
    words: str
    frame: Colour | None = None
    #: Shorter words, said where the key in full would be smaller ("" : none).
    brief: str = ""

    def said(self, brief: bool) -> str:
        """The words, in brief where asked and there is a brief form."""
        return self.brief if brief and self.brief else self.words


def key_entries(score_kind: str, theme: Theme, board_lists: bool, lost: bool,
                changes: bool = False) -> list[KeyEntry]:
    """The key's entries for a learner of ``score_kind``: a row, the use count, a changed
    box (with ``changes``, where the boxes show the last game's changes, what its "3 → 2"
    is: nothing said it, QA20 14), the preferred move where boxes list their moves beside a
    board (``board_lists``), and a box whose every move lost when ``lost``."""
    values = ROW_SAMPLES.get(score_kind, (0.47,))
    sample = " ".join(box_value_text(v, score_kind) for v in values)
    row_colour = box_value_colour(values[0], score_kind, theme)
    entries = [KeyEntry(sample, row_colour, tr(f"lab.key.row.{score_kind}")),
               KeyEntry(tr("lab.box_used_short", n=12), theme.text_muted, tr("lab.key.used")),
               KeyEntry(tr("lab.box_used_short", n=12), theme.highlight,
                        tr("lab.key.changed_arrow" if changes else "lab.key.changed"),
                        theme.highlight)]
    if board_lists:
        entries.append(KeyEntry(tr("lab.key.best_sample"), theme.text, tr("lab.key.best"),
                                theme.accent))
    if lost:
        entries.append(KeyEntry(tr("lab.box_used_short", n=12), theme.danger,
                                tr("lab.key.lost"), brief=tr("lab.key.lost_brief")))
    return entries


@dataclass(frozen=True)
class Placed:
    """A piece of the key as laid out: a sample (framed or not) or a line of words."""

    text: str
    x: int
    y: int
    colour: Colour
    bold: bool
    frame: Colour | None = None


@functools.lru_cache(maxsize=64)
def layout_key(entries: tuple[KeyEntry, ...], width: int, px: int, brief: bool = False
               ) -> tuple[tuple[Placed, ...], int]:
    """The entries flowed along lines ``width`` wide at ``px`` (their words in brief with
    ``brief``): each entry on the current line where it fits whole, else on a new one, its
    words wrapped under their own start when longer than a line. Returns the pieces
    (relative to the key's top left) and the height they take. Kept: the lab draws the key
    every frame (measuring it each time cost a thousand text measures a frame)."""
    line_h = text.font(px).get_linesize()
    gap, sep = max(4, px // 3), px
    placed: list[Placed] = []
    x = y = 0
    for entry in entries:
        words = entry.said(brief)
        sample_w = text.size(entry.sample, px, True)[0] + (gap * 2 if entry.frame else 0)
        whole = sample_w + gap + text.size(words, px)[0]
        if x > 0 and x + sep + whole > width:
            x, y = 0, y + line_h
        elif x > 0:
            x += sep
        placed.append(Placed(entry.sample, x + (gap if entry.frame else 0), y, entry.colour,
                             True, entry.frame))
        left = x + sample_w + gap
        lines = text.wrap(words, max(1, width - left), px) or [""]
        placed.extend(Placed(line, left, y + i * line_h, entry.colour, False)
                      for i, line in enumerate(lines))
        y += (len(lines) - 1) * line_h
        x = left + text.size(lines[-1], px)[0]
    return tuple(placed), y + line_h


@dataclass(frozen=True)
class KeyRoom:
    """Where the key goes under the boxes, its text size and whether its words are in
    brief."""

    rect: pygame.Rect
    px: int
    brief: bool = False


def reserve_key(body: pygame.Rect, longest: list[KeyEntry],
                lists: tuple[int, list[MoveLine]] | None, score_kind: str, m: Metrics,
                readable: int) -> tuple[pygame.Rect, KeyRoom]:
    """The boxes' room left above the key, and the key's: at the foot of ``body``, with its
    ``longest`` entries (every page keeps this room, so the grid does not change from page to
    page). A game's own matchboxes (``lists`` None: Nim's) leave the key up to a third of
    ``body`` and the small size; boxes listing their moves beside a board (``lists``: the
    most moves of a box and every distinct line), which need the room (two Hexapawn boxes a
    page at 1920x1080), the readable size and no more than one box at body size leaves."""
    boards = (lists[0], tuple(lists[1]), m.body, score_kind) if lists is not None else None
    height, px, brief = _key_room(body.size, tuple(longest), boards, m.small, m.pad, readable)
    key = pygame.Rect(body.left, body.bottom - height, body.width, height)
    boxes = pygame.Rect(body.left, body.top, body.width, body.height - height - m.pad // 2)
    return boxes, KeyRoom(key, px, brief)


@functools.lru_cache(maxsize=64)
def _key_room(size: tuple[int, int], longest: tuple[KeyEntry, ...],
              boards: tuple[int, tuple[MoveLine, ...], int, str] | None, small: int, pad: int,
              readable: int) -> tuple[int, int, bool]:
    """The key's height, text size and whether its words are in brief, for
    :func:`reserve_key` (``boards``: the most moves of a box, the lines, the body size and
    the score kind of boxes listed beside boards): in brief where that makes the text
    larger (the note on boxes whose every move lost took two of the key's four lines, at 24
    px at 1280x720 with 200% text, QA16 12). Kept for the same arguments: measuring 375
    Morpion boxes' lines each frame cost 400 measures."""
    width, height = size
    room = int(height * MOST_SHARE)
    largest = max(small, readable)
    if boards is not None:
        most, lines, body, score_kind = boards
        need = list_size(list(lines), body, score_kind, most)
        largest = max(readable, round(body * KEY_SHARE))
        box_h = least_box_height(width - pad * 2, need)
        if box_h is not None:
            room = max(0, min(room, height - box_h - pad * 2 - pad // 2))

    def fitted(brief: bool) -> int:
        """The largest size the key fits the room at, 0 where none does."""
        return next((size for size in range(largest, readable - 1, -1)
                     if layout_key(longest, width, size, brief)[1] <= room), 0)

    full, short = fitted(False), fitted(True)
    # In brief where that makes the text larger, or where neither fits (the brief words
    # overflow less); in full where no smaller.
    brief, px = short > full or not (short or full), max(full, short, readable)
    # Whole, the boxes giving way up to half the room, where even the readable size takes
    # more than the room kept (its last line was cut by the view's edge: Hexapawn's note on
    # boxes whose every move lost at 100% of 1024x768 fr; QA13 23 at 1024x640 200%).
    return min(max(room, height // 2), layout_key(longest, width, px, brief)[1]), px, brief


def draw_key(surface: pygame.Surface, room: KeyRoom, entries: list[KeyEntry], theme: Theme,
             m: Metrics) -> list[pygame.Rect]:
    """The key's ``entries`` in its room; returns the rectangles of the texts drawn."""
    placed, _height = layout_key(tuple(entries), room.rect.width, room.px, room.brief)
    drawn: list[pygame.Rect] = []
    clip = surface.get_clip()
    surface.set_clip(room.rect)
    try:
        for piece in placed:
            pos = (room.rect.left + piece.x, room.rect.top + piece.y)
            colour = piece.colour if piece.bold else theme.text
            rect = text.blit_text(surface, piece.text, room.px, colour, pos, bold=piece.bold)
            if piece.frame is not None:
                gap = max(4, room.px // 3)
                pygame.draw.rect(surface, piece.frame, rect.inflate(gap * 2 - 2, 0),
                                 max(2, m.line * 2), border_radius=max(2, m.radius // 2))
            drawn.append(rect)
    finally:
        surface.set_clip(clip)
    return drawn
