"""Nim's board: matches drawn as matches, grouped by heap; a click takes from the end of a heap.

Board elements are :class:`MatchRef` values (heap, index). Matches are numbered in reading
order inside a heap and a move always takes the *last* ones, so clicking match ``index`` of a
heap holding ``size`` matches takes ``size - index`` of them: the clicked match and every match
after it. Hovering shows that whole group lifted and glowing; only groups the rules allow are
lit. The limit of the side to move is written beside each heap (Marienbad) or above the heap
(one-heap variants, with Fibonacci's "twice the last take" and "not all on the first move").

Matches already taken stay as faint outlines so the class sees how far the game has gone; the
ones the last move took are tinted with the last-move colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import Any

import pygame

from ai.learners import key_text
from game.rules.nim import NimMove, NimState
from game.ui import text as txt
from game.ui.boards.base import (
    BoardContext,
    BoardView,
    ClickResult,
    Element,
    InputController,
    alpha_fill,
    chip_height,
    chip_rect,
    label_px,
    score_chip,
    score_labels,
)
from game.ui.boards.chip_look import chip_look
from game.ui.boards.nim_labels import (
    LabelPlace,
    arrange,
    label_places,
    lanes_fit,
    run_row,
    runs,
)
from game.ui.boards.nim_labels import gap as label_gap
from game.ui.boards.nim_matchbox import draw_matchbox
from game.ui.boards.nim_matchbox import text_px as matchbox_text_px
from game.ui.boards.nim_table import (
    Change,
    TableWords,
    bit_count,
    caption_height,
    draw_nim_table,
    meaning_height,
    table_width,
    table_zones,
)
from game.ui.boards.presenter import GamePresenter, HeatTable, OptionSpec
from game.ui.i18n import language, tr
from game.ui.reasoning import plural
from game.ui.theme import Theme, blend

#: A heap's name over its count may be this many heaps' rows high (their line boxes are
#: taller than their letters: 1.15 rows read well in the rules' picture), higher the count
#: stands alone (see NimView._frame_lines).
PAIR_OVER_ROW = 1.3

# Proportions in match lengths: below each match a band for score chips and the "take n" label,
# then a gap between rows; a slot is at least MIN_SLOT and at most MAX_SLOT of a length wide.
BAND = 0.46
ROW_GAP = 0.22
MIN_SLOT = 0.34
MAX_SLOT = 0.6
#: One heap is drawn as one row of matches unless that makes them shorter than this share of
#: the longest that fits in rows (then the rows sit on one tray, so they still read as one heap).
ONE_ROW_SHARE = 0.5
#: ... and unless a match in one row would be shorter than this many pixels (rows of 10 on a
#: menu card read as two heaps, so the card keeps one row of 20 down to small matches).
ONE_ROW_MIN_PX = 12
#: The most of the board's height the goal and limit lines above the heaps take ...
HEADER_MOST = 0.3
#: ... and above a short heap whose matches the height limits, its lines near the text size.
TALL_HEADER_MOST = 0.45
#: The share of the board's width Marienbad's binary table takes, right of the heaps.
TABLE_SHARE = 0.3
#: A match's head starts this share of its length below the top of its slot.
HEAD_TOP = 0.06
#: The most of the board's width the table takes to write its digits at the readable size.
TABLE_MOST = 0.47
#: The most lanes of labels under a single heap (Fibonacci's 19 labels of the first move).
MOST_LANES = 4
#: How much lower than the first lane a row of run labels stands (room for its brackets).
RUN_DROP = 4
#: The least share of their length the matches keep for room for two lanes of labels under
#: each of several heaps, where rows of labels do not fit (see NimView.layout).
LANES_SHARE = 0.55
#: ... and, where a row of labels fits but would stand wider than its heap, the share they
#: keep for two lanes of labels under the matches (see NimView._lanes_room): at 0.55 and 0.6
#: the matches of misère at 200% of 1280x720 and 1920x1080 in English were 27 and 43 px
#: (from 47 and 72) and the nim-sum's meaning fell under 45% of the body.
LANES_KEEP = 0.65
#: The binary table's digits grow up to this share of the screen's text size where the room
#: allows (see NimView._grown): at 0.65 they stood at 18-19 px at 100% of 1280x720 beside
#: 23 px text, 27-30 at 1920x1080 beside 35, with the room for more (QA18 3) ...
TABLE_GOAL = 1.0
#: ... while the matches keep this share of their length without it.
GROWN_SHARE = 0.85
#: The least length of a match, in readable sizes, the layout keeps where it makes room for
#: labels: shorter ones are hard to count from the back.
MIN_MATCH = 1.5
#: One heap on the play screen: its slot may be this share of a match's length (narrower
#: than MIN_SLOT), so the matches take the height rather than the width alone. At 200% of
#: 1024x768 twenty matches were 65 px tall in the upper middle, half the board area empty
#: above and below them (QA17 12).
ONE_HEAP_SLOT = 0.15
#: ... the room kept under its labels for two lines of the legend of the board's numbers
#: (the play screen writes it there with large text when two lines of its least size fit,
#: see play_board's legend_strip; in the panel the facts shrank for it, QA18 2) at this
#: share of the labels' size (the body text): 0.8 of the panel's small size, the least its
#: words take beside the facts (35 px of 52 at 1280x800; at the strip's least size, 30, the
#: legend read smaller than in the panel).
LEGEND_SHARE = 0.68


def _largest(fits: Callable[[float], bool], most: float) -> float:
    """The largest value up to ``most`` for which ``fits`` (true for small values, false past
    some value) holds, to a hundredth of a pixel; 0 when it holds for none."""
    low, high = 0.0, most
    if fits(high):
        return high
    while high - low > 0.01:
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


@dataclass(frozen=True)
class MatchRef:
    """The match at ``index`` (reading order, from 0) of heap ``heap`` (from 0)."""

    heap: int
    index: int


class NimController(InputController):
    """One click on a match takes it and every match after it in its heap, if allowed."""

    def __init__(self, state: NimState) -> None:
        super().__init__(state)
        self.nim: NimState = state
        self._moves: dict[tuple[int, int], NimMove] = {(m.heap, m.count): m for m in self.legal}

    def move_for(self, element: Element | None) -> NimMove | None:
        """The legal move a click on ``element`` would play, or None."""
        if not isinstance(element, MatchRef) or not 0 <= element.heap < len(self.nim.heaps):
            return None
        count = self.nim.heaps[element.heap] - element.index
        return self._moves.get((element.heap, count))

    def click(self, element: Element | None) -> ClickResult:
        """Take the clicked match and those after it, or say why that is not allowed."""
        if element is None or self.nim.outcome is not None:
            return ClickResult()
        if not isinstance(element, MatchRef) or not 0 <= element.heap < len(self.nim.heaps):
            return ClickResult(message_key="boards.nim_click_match")
        size = self.nim.heaps[element.heap]
        if not 0 <= element.index < size:
            return ClickResult(message_key="boards.nim_already_taken")
        move = self.move_for(element)
        if move is not None:
            return ClickResult(move=move, changed=True)
        # (Only one heap has a limit; "the limit is written beside the heap" pointed the wrong
        # way there, over it, QA20 5.)
        return ClickResult(message_key=self._why_not(element.heap, size - element.index),
                           message_args={"n": self.nim.options.max_take})

    def _why_not(self, heap: int, count: int) -> str:
        """The message key explaining why taking ``count`` from ``heap`` is not allowed."""
        variant = self.nim.options.variant
        if variant == "fibonacci":
            if self.nim.last_take == 0:
                return "boards.nim_fib_not_all"
            return "boards.nim_fib_too_many"
        return "boards.nim_too_many"

    def prompt_key(self) -> str:
        """Nim always asks for a match: the click is the whole move."""
        return "boards.choose_matches"

    def highlighted(self) -> set[Element]:
        """Every match whose click is a legal move."""
        return {MatchRef(m.heap, self.nim.heaps[m.heap] - m.count) for m in self.legal}

    def hover_targets(self, element: Element | None) -> set[Element]:
        """The matches a click on ``element`` would take (empty when that is not allowed)."""
        move = self.move_for(element)
        if move is None:
            return set()
        size = self.nim.heaps[move.heap]
        return {MatchRef(move.heap, i) for i in range(size - move.count, size)}


def lane_offsets(length: float, px: int) -> tuple[float, float]:
    """How far under a match's slot the first lane of its labels is centred, and the step
    down to the second, for matches ``length`` long and chips of text ``px`` (0: from the
    length alone). With chips, the first lane is clear of the match's foot and the second a
    chip lower: at 200% of 1024x768 the first lane covered the feet of the matches and the
    two lanes' chips overlapped."""
    first, step = length * BAND * 0.3, length * BAND * 0.45
    if px:
        chip = chip_height(px)
        first, step = max(first, chip / 2 + 2), max(step, chip + 3)
    return first, step


def stroke_width(px: int) -> int:
    """The width of the lines from a match to its label and of the bracket under a run of
    matches with one label, for labels of ``px``: a seventh of it (2 px, a twelfth, were hard
    to see from the back of the room, QA17 re-check of 7bddafe)."""
    return max(3, round(px / 7))


def match_thick(length: float, least: int = 0, slot: float = 0.0) -> int:
    """A match's thickness: 7.5% of its ``length``, and at least a quarter of the readable
    size ``least`` where its ``slot`` holds five of them: at 200% of 1024x768 misère's
    matches were 3 px wide hair lines, hard to count from the back. No more than a 3.6th of
    the ``slot`` (one heap's narrow slots, see :data:`ONE_HEAP_SLOT`): heads that touch read
    as a fence, not as matches to count."""
    share = round(length * 0.075)
    if slot > 0:
        # (Heads 1.75 times as wide: half a slot at most, so they stand apart by their width.)
        share = min(share, int(slot / 3.6))
    return max(2, share, min(least // 4, round(slot * 0.2)))


def match_extent(slot: pygame.Rect, length: float, thick: int = 0) -> pygame.Rect:
    """Where a match ``length`` long (``thick``, 0: from the length) is drawn in ``slot``:
    from its head's top to its foot, as wide as its head (labels keep clear of it)."""
    thick = thick or match_thick(length)
    head_w = max(3, round(thick * 1.75))
    top = slot.top + round(slot.height * HEAD_TOP)
    bottom = slot.bottom - round(slot.height * 0.04)
    return pygame.Rect(slot.centerx - head_w // 2, top, head_w, bottom - top)


def lanes_depth(length: float, px: int) -> float:
    """How far under a match's slot the second lane of chips of text ``px`` reaches."""
    first, step = lane_offsets(length, px)
    return first + step + chip_height(px) / 2


@dataclass
class _HeapBox:
    """Where one heap is drawn: its grid of match slots, its label and its limit areas.

    ``length`` is a match's length in pixels, ``slot`` the width given to each match.
    """

    heap: int
    capacity: int
    cols: int
    rows: int
    length: float
    slot: float
    origin: tuple[float, float]
    label: pygame.Rect
    limit: pygame.Rect
    #: The room kept under the band for a second lane of labels (see NimView._heap_gap).
    under: float = 0.0
    #: A match's thickness in pixels (see :func:`match_thick`).
    thick: int = 2

    def match_rect(self, index: int) -> pygame.Rect:
        """Where match ``index`` is drawn: head top to foot, as wide as its head."""
        return match_extent(self.slot_rect(index), self.length, self.thick)

    def slot_rect(self, index: int) -> pygame.Rect:
        """The slot of match ``index``: the match itself, without the band below it."""
        row, col = divmod(index, self.cols)
        x = self.origin[0] + col * self.slot
        y = self.origin[1] + row * self.length * (1 + BAND + ROW_GAP)
        return pygame.Rect(round(x), round(y), max(1, round(self.slot)),
                           max(1, round(self.length)))

    def tray(self) -> pygame.Rect:
        """The rectangle around every slot of the heap, bands (and the room for a second lane
        of labels) included."""
        first, last = self.slot_rect(0), self.slot_rect(self.capacity - 1)
        area = first.union(last)
        area.width = round(self.cols * self.slot)
        area.height = round(self.rows * self.length * (1 + BAND + ROW_GAP)
                            - self.length * ROW_GAP + self.under)
        return area.inflate(round(self.slot * 0.5), round(self.length * 0.12))

    def foot(self, index: int) -> tuple[int, int]:
        """The middle of match ``index``'s foot: where a leader line to its label starts."""
        rect = self.slot_rect(index)
        return rect.centerx, rect.bottom + max(1, round(self.length * 0.03))

    def band_centre(self, index: int, lane: int, px: int = 0) -> tuple[float, float]:
        """Centre of the band below match ``index``; ``lane`` 0 or 1 staggers crowded labels
        (see :func:`lane_offsets`)."""
        rect = self.slot_rect(index)
        first, step = lane_offsets(self.length, px)
        return (rect.centerx, rect.bottom + first + step * lane)


class NimView(BoardView):
    """Draws the heaps of matches and maps a position to the match under it."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self._boxes: list[_HeapBox] = []
        self._header = pygame.Rect(0, 0, 0, 0)
        self._table = pygame.Rect(0, 0, 0, 0)
        self._bottom = 0
        self._sum_y = 0.0
        self._key: tuple[Any, ...] | None = None
        #: The readable size the last drawing asked for (its ``coords_px``): the layout keeps
        #: the header room for its lines at that size.
        self._least = 0
        #: True when the layout keeps room for two lanes of labels under each of several heaps
        #: (see _heap_gap).
        self._lanes = False
        #: The table's digits' size the layout made room for (0: the readable size; see
        #: _grown), and the slot of a match where labels stand in one lane (0: two).
        self._goal = 0
        self._one_lane = 0.0
        #: Whether the table's words say what the nim-sum means (see :meth:`layout`: a small
        #: picture gives the heaps and the table that room).
        self._meaning = True
        #: True when the names' column and the gap before the table were narrowed for one
        #: lane of labels (see :meth:`_grown`).
        self._tight = False
        #: What the fitting of several heaps' labels found for this layout (see _fitted).
        self._fitted_for: tuple[Any, ...] | None = None
        self._fits: dict[tuple[Any, ...], Any] = {}
        #: The match length the layout asks the width for (see :meth:`sizes`): one heap's
        #: narrow slots make its matches longer in the width it is given, without asking for
        #: more.
        self._asks = math.inf
        #: Where one heap's matches grown into the height start and the height they have
        #: (see :meth:`_one_heap_length`), None where they are not.
        self._grown_at: tuple[float, float] | None = None
        #: The matches the last drawing labelled: (heap, first, last) per label (a label per
        #: match, or per run of equal ones: see _draw_runs).
        self.label_runs: list[tuple[int, int, int]] = []

    # -- geometry --------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect, state: Any, meaning: bool = True) -> None:
        """Stack the heaps in ``rect`` with the largest match size that fits; with
        ``meaning``, several heaps keep room under the nim-sum for what it means, unless
        that room leaves a picture's table under the readable size (see below)."""
        rect = pygame.Rect(rect)
        lines = tuple(self._header_lines(state))
        # (The label size and the compact form too: one heap's length and its legend's room
        # follow them since de0ad99, review.)
        key = (tuple(rect), state.options, lines, self._least, self.label_px, self.compact)
        if key == self._key:
            return
        self._key = key
        self.rect = rect
        self._meaning = meaning
        self._asks = math.inf
        self._grown_at = None
        capacities = state.options.heap_sizes
        multi = len(capacities) > 1
        # Several heaps have their limits beside them: the header holds only the goal line.
        # Taller where its lines wrap to the width (at most 30% of the board): the live game
        # in the lab at 1024x768 (a 212 px wide board) cut the French goal.
        own = self._header_sizes(list(lines))
        margin, most = 0.0, HEADER_MOST
        small = 0 < self._header_px() < self._least
        if small:
            # A small board (the learning lab's live game): room for the lines at the
            # readable size, the matches shorter for it. At 1024x768 in French its limit
            # and goal were 17 and 16 px (readable 20), the heap taking all the height.
            own, margin = self._header_room_sizes(list(lines)), rect.height * 0.03
        if not multi and self.label_px and self._least and (
                small or self._tall_heap(rect, state)):
            # A small heap on the play screen, its matches as tall as the height allows: room
            # for its rule lines near the text size (see _large_header), the matches shorter
            # for it. Five matches were 295 px tall at 200% of 1280x720 fr while "Prenez de 1
            # à 3" and the misère line stood at the floor (QA14 14).
            own = [max(px, self.label_px if i == 0 else max(self._least,
                                                              round(self.label_px * 0.8)))
                   for i, px in enumerate(own)]
            # Up to TALL_HEADER_MOST of a wide, short board (the lab's live game): at 200% of
            # 1920x1080 in French a third of its 322 px kept "Prenez de 1 à 3" at 30 px and
            # the goal at the readable 27 (body 70) over 160 px matches.
            most = TALL_HEADER_MOST
        header_h = max(rect.height * (0.085 if multi else 0.12),
                       min(rect.height * most,
                           self._header_height(list(lines), own, rect.width) + margin))
        self._header = pygame.Rect(rect.left, rect.top, rect.width, round(header_h))
        body = pygame.Rect(rect.left, round(rect.top + header_h), rect.width,
                           round(rect.height - header_h))
        side = body.width * (0.1 if multi else 0.0)
        names = side
        if multi and self._least:
            # Wide enough for the heaps' names at the readable size (up to a fifth).
            name = tr("boards.nim_heap", n=len(capacities))
            names = min(body.width * 0.2, txt.size(name, self._least)[0] * 1.1 + 4)
            side = max(side, names)
        self._tight = False
        # Several heaps (Marienbad): the binary table on the right, where a one-heap game writes
        # its limit; the table's nim-sum line needs one more row.
        table_w = body.width * (TABLE_SHARE if multi else 0.0)
        row_h = 1 + BAND + ROW_GAP  # in match lengths, gap included
        words_h, tall = 0, 0.0
        if multi:
            # As tall as the height allows with room for the labels' lanes and the nim-sum's
            # meaning (see _multi_height); the table wide enough for readable digits.
            # (Without the meaning, the room for the sum's caption: see draw_nim_table.)
            words_h = (0 if not self._least else
                       meaning_height(state.options.misere, self._least, rect.width)
                       if meaning else caption_height(self._least, rect.width))
            # The tallest matches with room for the labels under every heap: two lanes
            # (``lanes``) or one row.
            def tallest(lanes: bool) -> float:
                return _largest(lambda length: self._multi_height(
                    length, len(capacities), words_h, lanes) <= body.height, body.height)

            self._goal, self._one_lane = 0, 0.0
            # Room for one row of labels under each heap, not two lanes: a row passes under
            # the table's rows (see _table_zones), and the second lane's room went to longer
            # matches and a larger table. At 200% of 1280x720 the two lanes kept the matches
            # 33 px long and the heaps' names at the readable size, the labels drawn in a row.
            free = tallest(False)
            self._lanes, tall = False, free
            if self._least:
                # At 1024x640 the 30% share held four digits at 15 px (readable 16).
                # (The gap before it is 0.3 of a slot, which may be the lanes' width: the
                # rules page's picture wrote the digits 1-2 px too wide at 19 px, readable 20.)
                need = (table_width(self._least, bit_count(capacities))
                        + max(MAX_SLOT * tall, self._lane_slot()) * 0.3)
                table_w = max(table_w, min(body.width * TABLE_MOST, need + 2))
            if self._least and self.label_px and not self._rows_room(
                    body.width - side, max(capacities), bit_count(capacities), self._least,
                    tall, table_w):
                # No room for rows even beside a table of the readable size (five heaps of
                # up to nine at 200% of 1024x768): two lanes under the matches where these
                # keep LANES_SHARE of their length (five heaps at 200% of 1024x640 would be
                # 9 px), else rows where they fit at drawing.
                lanes_tall = tallest(True)
                if lanes_tall >= max(free * LANES_SHARE, MIN_MATCH * self._least):
                    self._lanes, tall = True, lanes_tall
            if self._least and self.label_px:
                tall, table_w = self._grown(body.width - side, max(capacities),
                                            bit_count(capacities), tallest, tall, table_w,
                                            spare=side - names)
                if self._tight:
                    side = names
        inner_w = body.width - side - table_w

        def length_for(cols: int, rows: int) -> float:
            """The longest match that fits ``rows`` rows of ``cols`` matches in the body."""
            return min(inner_w / (cols * MIN_SLOT * 1.25),
                       body.height / (rows * row_h - ROW_GAP))

        if multi:
            cols = max(capacities)
            # One row per heap; every row has room for the biggest heap so heaps line up.
            length = min(tall, inner_w / (cols * MIN_SLOT * 1.25))
            layouts = [(cap, cols, 1) for cap in capacities]
        else:
            cap = capacities[0]
            best = (0.0, cap)
            for cols in range(1, cap + 1):
                size = length_for(cols, math.ceil(cap / cols))
                if size > best[0] + 1e-9:
                    best = (size, cols)
            # A heap of 20 in two rows of 10 read as two heaps: one row whenever its matches
            # stay at least half as long as the best fit.
            one_row = length_for(cap, 1)
            if one_row >= best[0] * ONE_ROW_SHARE and one_row >= ONE_ROW_MIN_PX:
                best = (one_row, cap)
                if self.label_px:
                    # The play screen: the row's matches as long as the height allows over
                    # their labels and the legend, in slots narrower than elsewhere (see
                    # ONE_HEAP_SLOT): a row of 20 at 200% of 1024x640 was 5 px wide, 50 px
                    # tall matches over an empty band.
                    fair = max(one_row, min(inner_w / (cap * MIN_SLOT),
                                            body.height / (row_h - ROW_GAP) * 0.5))
                    grown = self._one_heap_length(rect, list(lines), inner_w, cap)
                    if grown[0] > fair:
                        best, self._grown_at = (grown[0], cap), grown[1:]
                    else:
                        best = (fair, cap)
                    # The width it asks for (see sizes) is what slots of MIN_SLOT need:
                    # asked for by the narrow slots' length, at 200% of 1280x720 the board
                    # took 88 px of the panel, whose move list shrank from 32 to 20 px.
                    self._asks = fair * 0.96
            length, cols = best
            layouts = [(cap, cols, math.ceil(cap / cols))]
        length = max(4.0, length * 0.96)
        least_slot = ONE_HEAP_SLOT if not multi and self.label_px else MIN_SLOT
        slot = max(least_slot * length, min(MAX_SLOT * length, inner_w / cols))
        if multi and self._least:
            # Wide enough for two lanes of labels such as "L16" at the readable size to
            # stand apart (at 1024x640 they were 19 px apart for 42 px chips), as the width
            # allows; for one lane where the layout keeps room for only one (see _grown).
            slot = max(slot, min(self._one_lane or self._lane_slot(), inner_w / cols))
        heights = [rows * length * row_h - length * ROW_GAP for _, _, rows in layouts]
        gap = self._heap_gap(length, self._lanes) if multi else length * ROW_GAP
        total_h = (self._multi_height(length, len(layouts), words_h, self._lanes) if multi
                   else sum(heights) + gap * (len(layouts) - 1))
        # Several heaps: the table's place values over them (see _head_room).
        head = self._head_room(length) if multi else 0.0
        y = body.top + (body.height - total_h) / 2 + head
        if self._grown_at is not None:
            # Under its rule lines at the screen's text size, over its labels' lanes and
            # the legend's room (see _one_heap_length), in the middle of what is left.
            top, room = self._grown_at
            y = top + length * 0.1 + (room - length * 1.1
                                      - lanes_depth(length, self.label_px)) / 2
        total_h -= head
        # The heaps a little lower, as far as the body allows, where the header's lines at
        # the readable size (see _large_header) need the room: never shorter matches for it.
        readable = self._header_height(list(lines), self._header_room_sizes(list(lines)),
                                       rect.width)
        y = max(y, min(rect.top + readable + max(length * 0.1, head), body.bottom - total_h))
        grid_w = cols * slot
        x0 = body.left + side + (inner_w - grid_w) / 2
        self._boxes = []
        top = y
        # The names stand clear of the first match's label in two lanes, wider than its slot
        # (its chip covered a pixel of "heap 1" at 200% of 1024x768, and the labels left
        # their matches for a row).
        hug = slot * 0.2
        if multi and self._lanes:
            hug = max(hug, self._lane_slot() - 1 - slot / 2 + label_gap(self._least))
        for heap, ((cap, cols_h, rows), height) in enumerate(zip(layouts, heights, strict=True)):
            # Labels hug the heaps rather than the rectangle's edges, so they read as one row.
            # (Not left of the board: a grid as wide as its room put "heap 1" half out.)
            label = pygame.Rect(round(max(body.left, x0 - side - hug)), round(y),
                                round(side), round(height))
            right = x0 + grid_w + slot * 0.3
            limit_w = 0 if multi else round(body.right - right)
            limit = pygame.Rect(round(right), round(y), limit_w, round(height))
            under = (max(0.0, lanes_depth(length, self._least) - length * BAND)
                     if multi and self._lanes else 0.0)
            self._boxes.append(_HeapBox(heap, cap, cols_h, rows, length, slot, (x0, y), label,
                                        limit, under, match_thick(length, self._least, slot)))
            y += height + gap
        self._sum_y = y + length * 0.5
        # A heap is drawn centred in the body; the table of several heaps reaches its bottom.
        self._bottom = rect.bottom if multi else math.ceil(y - gap)
        if not multi and self.label_px:
            # The labels' second lane (see _draw_scores) hangs under the band at the screen's
            # text size: what goes below (the legend) starts under it. At 200% of 1024x768
            # the legend covered a Nim label.
            last = self._boxes[-1]
            under = last.band_centre(last.capacity - 1, 1, self.label_px)[1]
            self._bottom = max(self._bottom, math.ceil(under + chip_height(self.label_px) / 2 + 2))
        table_left = round(x0 + grid_w + self._table_gap(slot))
        self._table = pygame.Rect(table_left, round(top), max(0, body.right - table_left),
                                  max(0, round(body.bottom - top))) if multi else pygame.Rect(
                                      0, 0, 0, 0)
        if (multi and meaning and self._least and not self.label_px
                and self._table_px(state.options) < self._least):
            # A picture (the rules page's) whose heaps the meaning's room left too short for
            # the table's digits at the readable size: the heaps and the table take that room
            # and the sum keeps its caption; the rules beside say the rest. Misère's longer
            # rule at 200% of 1024x768 left the digits and the words at 13 px (readable 20).
            self._key = None
            self.layout(rect, state, meaning=False)

    def _legend_room(self) -> float:
        """The height kept under one heap's labels on the play screen for the legend (see
        :data:`LEGEND_SHARE`)."""
        px = max(self._least, math.ceil(self.label_px * LEGEND_SHARE))
        # (The strip starts a margin under the labels and holds its own margins: about a
        # size more.)
        return 2 * txt.font(px).get_linesize() + px + 2

    def _one_heap_length(self, rect: pygame.Rect, lines: list[str], width: float,
                         cap: int) -> tuple[float, float, float]:
        """The longest match of one heap of ``cap`` on the play screen, where its matches
        may start and the height they have from there: in slots of :data:`ONE_HEAP_SLOT` of
        its length across ``width``, under the header's ``lines`` at the screen's text size
        (see :meth:`_large_header`: taller matches left "Prenez de 1 à 3" at 16 px at 200% of
        1280x720), over a tenth of its length, its labels' two lanes and the legend's room."""
        sizes = [self.label_px if i == 0 else max(self._least, round(self.label_px * 0.8))
                 for i in range(len(lines))]
        top = rect.top + self._header_height(lines, sizes, rect.width)
        room = rect.bottom - top - self._legend_room()
        tall = _largest(lambda length: length * 1.1 + lanes_depth(length, self.label_px)
                        <= room, max(1.0, room))
        return min(width / (cap * ONE_HEAP_SLOT), tall / 0.96), top, room

    def _tall_heap(self, rect: pygame.Rect, state: Any) -> bool:
        """Whether one heap's matches in one row would be as long as the height allows (not
        the width): a short heap, whose header may take more of the height."""
        cap: int = state.options.heap_sizes[0]
        row_h = 1 + BAND + ROW_GAP
        return rect.width / (cap * MIN_SLOT * 1.25) > rect.height * 0.88 / (row_h - ROW_GAP)

    def _lane_slot(self) -> float:
        """The slot two lanes of labels such as "W14" or "L16" at the readable size need to
        stand apart (0 without a readable size): sized for "L00", the French "G12" (and
        the English "W12") did not fit, and the labels left their matches for a row
        (QA19 8)."""
        if not self._least:
            return 0.0
        widest = max(chip_rect(tr(key, n=14), (0, 0), self._least).width
                     for key in ("score.win_short", "score.loss_short"))
        return (widest + label_gap(self._least)) / 2 + 1

    def _one_lane_slot(self) -> float:
        """The slot labels such as "W14" beside "L13" at the readable size need to stand
        apart in one lane, side by side (0 without a readable size), their centres rounded
        to whole pixels: half of each chip's width, "P14" (55 px) beside "G15" (56 px) stood
        4 px apart where 5 were asked at 200% of 1280x800 fr, so the layout narrowed the
        table for one lane and a row of labels was drawn (QA19 8)."""
        if not self._least:
            return 0.0
        win, loss = (chip_rect(tr(key, n=14), (0, 0), self._least).width
                     for key in ("score.win_short", "score.loss_short"))
        # A chip of odd width stands half a pixel further right of its centre.
        return (max(math.ceil(a / 2) + b // 2 for a, b in ((win, loss), (loss, win)))
                + label_gap(self._least))

    def _grown(self, width: float, cols: int, bits: int, tallest: Callable[[bool], float],
               tall: float, table_w: float, spare: float = 0.0) -> tuple[float, float]:
        """Several heaps with labels at the readable size, in ``width`` (the board's, less the
        heaps' names) for ``cols`` matches a row and ``bits`` binary digits: the binary table
        as large as :data:`TABLE_GOAL` of the text size (:attr:`_goal`, see _table_px) as far
        as the room allows, the matches' height ``tall`` (see ``tallest``) and the table's
        width ``table_w`` for it. Where the width holds a row of labels side by side under
        every heap and the table at the readable size, one lane of labels
        (:attr:`_one_lane`): the second lane's room went to longer matches and the table.
        Else the same with the names' column narrowed by ``spare`` (to the names' width at
        the readable size) and the least gap before the table (:attr:`_tight`). Else the
        table grows as far as the matches keep :data:`GROWN_SHARE` of their length.
        At 200% it stood at the readable size, 27 px at 1920x1080 (body 70, the title twice
        as large) with a third of the board empty, 20 at 1024x768 (QA13 27)."""
        least = self._least
        goal = round(self.label_px * TABLE_GOAL)
        one = self._one_lane_slot()
        room = width - cols * one - one * 0.3 - 2
        tight = width + spare - cols * one - label_gap(least) - 2
        if room < table_width(least, bits) <= tight:
            # A label under each match rather than a row of labels wider than its heap, whose
            # labels stood up to 120 px from their matches, joined by near-flat leader lines:
            # which take a label scored could not be read (QA19 8, 1280x800 fr 200%, 16 px
            # short). The lead chose this over a larger table (QA19 9).
            self._tight, room = True, tight
        if room >= table_width(least, bits):
            # One lane: the table takes the rest of the width.
            self._one_lane, self._lanes = one, False
            self._goal = max(least, max((px for px in range(least, goal + 1)
                                         if table_width(px, bits) <= room), default=least))
            return tallest(False), room
        if not self._lanes and self._lanes_room(width, cols, bits, tallest):
            # Two lanes, each label under its own match, rather than a row of labels wider
            # than its heap: the row's labels stood up to 120 px from their matches, joined by
            # near-flat leader lines, so which take a label scored could not be read (QA19 8,
            # 1280x800 fr 200%; the lead chose this over a larger table, QA19 9).
            self._lanes, tall = True, tallest(True)
        lanes, keep = self._lanes, max(tall * GROWN_SHARE, MIN_MATCH * least)
        slot = self._lane_slot() if lanes else MIN_SLOT * tall * 1.25
        # The labels' rows pass under the table's rows (see _draw_runs, _table_zones): the
        # table grows past its own column (it stood at the readable size at 200% of 1024x768
        # in French, the rows of labels needing the width left of it).
        for px in range(goal, least, -1):
            need = table_width(px, bits) + slot * 0.3 + 2
            if need > width * TABLE_MOST or (width - need) / cols < slot:
                continue
            self._goal = px
            grown = tallest(lanes)
            if grown >= keep and (lanes or self._rows_room(width, cols, bits, px, grown,
                                                           max(table_w, need))):
                return grown, max(table_w, need)
        self._goal = 0
        return tall, table_w

    def _table_gap(self, slot: float) -> float:
        """The room between the heaps' slots (``slot`` wide) and the table's column: 0.3 of a
        slot, or the least room between two labels where the layout needed the width for a
        lane of labels under the heaps (:attr:`_tight`, see :meth:`_grown`)."""
        return label_gap(self._least) if self._tight else slot * 0.3

    def _lanes_room(self, width: float, cols: int, bits: int,
                    tallest: Callable[[bool], float]) -> bool:
        """Whether two lanes of labels at the readable size fit under every heap: in
        ``width`` (the board's, less the names), ``cols`` slots wide enough for them (see
        :meth:`_lane_slot`) beside a table of ``bits`` digits at the readable size, and in
        the height (``tallest``, see :meth:`layout`) with matches of :data:`MIN_MATCH`
        readable sizes and :data:`LANES_KEEP` of their length in one row at least."""
        least = self._least
        slot = self._lane_slot()
        need = table_width(least, bits) + slot * 0.3 + 2
        return ((width - need) / cols >= slot
                and tallest(True) >= max(MIN_MATCH * least, LANES_KEEP * tallest(False)))

    def _heap_gap(self, length: float, lanes: bool) -> float:
        """The room between two of several heaps: a share of a match, or more where labels at
        the readable size (:attr:`_least`) need it: two lanes (``lanes``), so that the second
        stops above the next heap's match heads (it ran over them at 200% of 1024x768), else
        one row (see :meth:`_draw_runs`)."""
        gap = length * ROW_GAP
        if not (self._least and self.label_px):
            return gap
        if lanes:
            depth = lanes_depth(length, self._least)
        else:
            # One row of labels (runs of equal ones, see _draw_runs) under each heap.
            depth = (lane_offsets(length, self._least)[0] + chip_height(self._least) / 2
                     + RUN_DROP)
        return max(gap, depth + 3 - length * (BAND + HEAD_TOP))

    def _multi_height(self, length: float, heaps: int, words_h: int, lanes: bool) -> float:
        """The height several heaps of matches ``length`` long take with the nim-sum's row
        under them (level with where one more heap would be) and, under the sum, its meaning
        ``words_h`` high (see :func:`~game.ui.boards.nim_table.meaning_height`)."""
        gap = self._heap_gap(length, lanes)
        heap_h = length * (1 + BAND)
        # The meaning starts 1.1 of the table's digits under the sum's centre.
        digits = self._digits_most(length)
        sum_h = max(heap_h, length * 0.5 + digits * 1.1 + words_h + 2) if words_h else heap_h
        return self._head_room(length) + heaps * heap_h + heaps * gap + sum_h

    def _digits_most(self, length: float) -> float:
        """The largest the table's digits are with matches ``length`` long (see _table_px)."""
        return max(min(self.rect.height * 0.05, length * 0.32), self._least, self._goal)

    def _head_room(self, length: float) -> float:
        """The room above several heaps for the table's place values (4 2 1), which stand
        1.6 digits over the first heap's centre: with the heaps closer to the header they
        ran into the goal line (0: the first heap's half-length holds them)."""
        if not self._least:
            return 0.0
        return max(0.0, self._digits_most(length) * 2.3 - length * 0.5)

    def content_bottom(self) -> int:
        """Below the heaps (see :meth:`BoardView.content_bottom`)."""
        return self._bottom if self._key is not None else self.rect.bottom

    def sizes(self) -> tuple[float, ...]:
        """The match's length, the binary table's digits and the goal line's room (see
        :meth:`BoardView.sizes`): the heaps and the table keep their size, the goal its
        words on one line."""
        if not self._boxes or self._key is None:
            return ()
        length = min(self._boxes[0].length, self._asks)
        table_px = self._table_px(self._key[1])
        px = self._header_px()
        misere = getattr(self._key[1], "misere", False)
        goal = tr("boards.nim_misere" if misere else "boards.nim_normal")
        goal_room = min(self._header.width, txt.size(goal, px, True)[0] + px) if px else 0
        return (length, table_px if self._table.width else 0.0, goal_room)

    def _header_lines(self, nim: NimState) -> list[str]:
        """The header's lines: for one heap in play its limit, then the goal."""
        goal = tr("boards.nim_misere" if nim.options.misere else "boards.nim_normal")
        if len(nim.heaps) == 1 and nim.outcome is None:
            return [self._limit_text(nim, 0, long=True), goal]
        return [goal]

    def _header_sizes(self, lines: list[str]) -> list[int]:
        """The header's own text sizes: the first line's, 80% of it after."""
        px = self._header_px()
        return [px if i == 0 else round(px * 0.8) for i in range(len(lines))]

    def _header_room_sizes(self, lines: list[str]) -> list[int]:
        """The sizes the layout moves the heaps down for, where the body has room: the
        header's own, at least the readable size the last drawing asked for (see
        :attr:`_least`)."""
        return [max(px, self._least) for px in self._header_sizes(lines)]

    @staticmethod
    def _header_rows(lines: list[str], sizes: list[int],
                     width: int) -> list[tuple[int, str, int]]:
        """``lines`` at ``sizes`` wrapped to ``width``: (line index, text, size) per row; the
        first line is bold."""
        return [(i, part, px) for i, (line, px) in enumerate(zip(lines, sizes, strict=True))
                for part in txt.wrap(line, width, px, i == 0)]

    def _header_height(self, lines: list[str], sizes: list[int], width: int) -> int:
        """The height the header's lines take at ``sizes``, wrapped to ``width`` (0 when they
        are not drawn: a menu card)."""
        if not self._header_px():
            return 0
        rows = self._header_rows(lines, sizes, width)
        return sum(txt.font(px, i == 0).get_linesize() for i, _part, px in rows) + 4

    def _header_px(self) -> int:
        """The goal line's text size, 0 when too small to be drawn (a menu card). A board
        asked for readable text (the lab's live game, 242 px high at 1280x720) writes it from
        12 px up (then at the readable size where the room allows, see :meth:`_large_header`):
        it had no header at all."""
        px = round(self.rect.height * 0.12 * 0.36)
        if px < 12 and self._least and self.rect.height >= 8 * self._least:
            return 12
        return px if px >= 12 else 0

    def hit(self, pos: tuple[int, int], state: Any) -> Element | None:
        """The match under ``pos`` (a MatchRef, taken or not), or None."""
        for box in self._boxes:
            if box.heap >= len(state.heaps):
                continue
            for index in range(box.capacity):
                slot = box.slot_rect(index)
                # The clickable area is the whole slot with its band: thin matches are hard
                # to hit on a projector remote or a touchpad.
                area = pygame.Rect(slot.left, slot.top, slot.width,
                                   round(slot.height + box.length * BAND))
                if area.collidepoint(pos):
                    return MatchRef(box.heap, index)
        return None

    def controller(self, state: Any) -> NimController:
        """A controller for the side to move."""
        return NimController(state)

    def centre_of(self, element: Any) -> tuple[int, int]:
        """The pixel centre of a match's slot (tests and demos click there)."""
        if not isinstance(element, MatchRef) or not 0 <= element.heap < len(self._boxes):
            raise ValueError(f"{element!r} is not a match of a laid-out board")
        centre: tuple[int, int] = self._boxes[element.heap].slot_rect(element.index).center
        return centre

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: Any, ctx: BoardContext) -> None:
        """Heaps, limits, last move, hint, hover group and the AI's scores."""
        self._least = ctx.coords_px
        self.layout(self.rect, state)
        theme = ctx.theme
        nim: NimState = state
        controller = ctx.controller if ctx.interactive else None
        hover_el = self.hit(ctx.hover, state) if ctx.hover is not None else None
        lifted: set[Element] = set()
        legal_clicks: set[Element] = set()
        if isinstance(controller, NimController):
            lifted = controller.hover_targets(hover_el)
            if ctx.show_legal:
                legal_clicks = controller.highlighted()
                # When every match may be clicked (Marienbad) the tint says nothing: skip it.
                if len(legal_clicks) >= sum(nim.heaps):
                    legal_clicks = set()
        last = ctx.last_move if isinstance(ctx.last_move, NimMove) else None
        hint = ctx.hint_move if isinstance(ctx.hint_move, NimMove) else None
        self._draw_header(surface, nim, theme, ctx.coords_px, ctx.interactive)
        for box in self._boxes:
            size = nim.heaps[box.heap] if box.heap < len(nim.heaps) else 0
            self._draw_heap_frame(surface, box, size, nim, theme)
            if box.rows > 1:
                # Rows of one heap on one tray: they read as one heap, not several.
                tray = box.tray()
                pygame.draw.rect(surface, blend(theme.background, theme.panel, 0.6), tray,
                                 border_radius=round(box.slot * 0.4))
                pygame.draw.rect(surface, blend(theme.panel_border, theme.text_muted, 0.5), tray,
                                 max(1, round(box.slot * 0.06)),
                                 border_radius=round(box.slot * 0.4))
            for index in range(box.capacity):
                ref = MatchRef(box.heap, index)
                rect = box.slot_rect(index)
                if index >= size:
                    just_taken = (last is not None and last.heap == box.heap
                                  and index < size + last.count)
                    self._draw_ghost(surface, rect, box.thick, theme, just_taken)
                    continue
                if ref in lifted:
                    alpha_fill(surface, rect.inflate(-box.slot * 0.08, box.length * 0.06),
                               theme.highlight, 90, radius=round(box.slot * 0.3))
                elif ref in legal_clicks:
                    alpha_fill(surface, rect.inflate(-box.slot * 0.08, 0), theme.legal, 45,
                               radius=round(box.slot * 0.3))
                raise_by = box.length * 0.1 if ref in lifted else 0.0
                self._draw_match(surface, rect.move(0, -round(raise_by)), box, theme,
                                 glow=ref in lifted)
            if hint is not None and hint.heap == box.heap and 0 < hint.count <= size:
                self._outline_group(surface, box, size - hint.count, size, theme.hint)
            if lifted and isinstance(hover_el, MatchRef) and hover_el.heap == box.heap:
                px = max(8, round(box.length * BAND * 0.5))
                score_chip(surface, f"\u2212{size - hover_el.index}",
                           box.band_centre(hover_el.index, 0), px, theme.highlight, theme,
                           best=True)
        self.label_runs = []
        if ctx.scores and not (lifted and ctx.scores_played):
            # (The AI's kept labels give way while the person points at a take: the
            # take's own "−3" goes where the AI's label for that match stood.)
            self._draw_scores(surface, nim, ctx)
        if self._table.width > 0:
            preview = controller.move_for(hover_el) if isinstance(controller,
                                                                  NimController) else None
            self._draw_table(surface, nim, theme, last, preview, ctx.label_px)

    def _draw_table(self, surface: pygame.Surface, nim: NimState, theme: Theme,
                    last: NimMove | None, preview: NimMove | None, body_px: int) -> None:
        """Marienbad's binary table, level with the heaps; the row of the move under the
        pointer (or else of the last move) highlighted. ``body_px`` is the scene's body text
        size (0 on a menu card): the table's words are written near it."""
        px = self._table_px(nim.options)
        if px < 12:
            return  # a menu card: no room for digits a class could read
        change = None
        if preview is not None:
            size = nim.heaps[preview.heap]
            change = Change(preview.heap, size, size - preview.count, preview=True)
        elif last is not None and last.heap < len(nim.heaps):
            size = nim.heaps[last.heap]
            change = Change(last.heap, size + last.count, size)
        rows = [b.origin[1] + b.length * 0.5 for b in self._boxes]
        # Its words (what the nim-sum means) at the body size, not 70% of the digits' (13 px
        # at 1024x768) nor 80% of the body (the readable floor at 100% of 1280x720, QA18 3),
        # and free to use the width under the heaps.
        words_px = max(round(px * 0.7), body_px)
        # They may start left of the nim-sum's row, where the heads of one more heap would
        # be: the last heap's labels stop above those (see _heap_gap).
        length = self._boxes[-1].length
        draw_nim_table(surface, self._table, nim.heaps, bit_count(nim.options.heap_sizes), rows,
                       self._sum_y, change, nim.options.misere, theme, px,
                       words=TableWords(max(words_px, min(px, self._least)), self.rect.left,
                                        self._least,
                                        self._sum_y - length * (0.5 - HEAD_TOP),
                                        meaning=self._meaning))

    def _table_zones(self) -> list[pygame.Rect]:
        """Where the binary table draws (see :func:`~game.ui.boards.nim_table.table_zones`):
        labels keep clear of its rows, not of its whole column (none without a table)."""
        if not self._table.width or self._key is None:
            return []
        px = self._table_px(self._key[1])
        if px < 12:
            return []
        rows = [b.origin[1] + b.length * 0.5 for b in self._boxes]
        return table_zones(self._table, bit_count(self._key[1].heap_sizes), rows, self._sum_y,
                           px, self._least)

    def _table_px(self, options: Any) -> int:
        """The table's digits' size: 9% of its column's width and 0.32 of a match, or the
        readable size the drawing asks for (:attr:`_least`) as far as the column holds the
        digits (see :func:`~game.ui.boards.nim_table.table_width`), up to 0.6 of a row;
        never over 5% of the board's height. The fixed shares wrote them at 11-16 px at 200%
        of 1024x768 (readable 20) where the column held 20."""
        if not self._boxes or not self._table.width:
            return 0
        length = self._boxes[0].length
        px = round(min(length * 0.32, self._table.width * 0.09, self.rect.height * 0.05))
        bits = bit_count(options.heap_sizes)
        # Up to 0.6 of the rows' pitch (a heap with the room for its labels under it).
        pitch = self._boxes[1].origin[1] - self._boxes[0].origin[1] if len(self._boxes) > 1 \
            else length
        # (Not capped under the readable size by the board's height: the rules page's
        # 347 px picture at 200% of 1024x768 wrote them at 17 px, readable 20.) Larger
        # where the layout made room for it (see _grown).
        larger = round(min(max(self._least, self._goal), pitch * 0.6))
        while larger > px and (table_width(larger, bits) > self._table.width
                               or (larger > self._least and not self._rows_clear(larger))):
            larger -= 1
        return max(px, larger)

    def _rows_clear(self, px: int) -> bool:
        """Whether the binary table's digits at ``px`` leave the heaps' rows of labels their
        room: a row of a label per match of the largest heap fits left of the digits, or the
        rows may pass under the table's rows (see :meth:`_clear_for`)."""
        if not (self._least and self.label_px) or len(self._boxes) < 2 or self._lanes:
            return True
        rows = [b.origin[1] + b.length * 0.5 for b in self._boxes]
        options = self._key[1] if self._key is not None else None
        bits = bit_count(options.heap_sizes) if options is not None else 1
        zones = table_zones(self._table, bits, rows, self._sum_y, px, self._least)
        caps = [b.capacity for b in self._boxes]
        return (self._row_fits_left(min(z.left for z in zones), caps)
                or px <= self._clear_for(self._boxes[0].length))

    def _rows_room(self, width: float, cols: int, bits: int, px: int, tall: float,
                   table_w: float) -> bool:
        """Whether the layout (see :meth:`layout`) of heaps ``tall`` long at most, ``cols``
        matches a row, in ``width`` (the board's, less the names) with a table ``table_w``
        wide of digits of ``px`` leaves the rows of labels their room (see _rows_clear)."""
        inner = width - table_w
        length = max(4.0, min(tall, inner / (cols * MIN_SLOT * 1.25)) * 0.96)
        slot = max(MIN_SLOT * length, min(MAX_SLOT * length, inner / cols),
                   min(self._lane_slot(), inner / cols))
        # The heaps centred left of the table's column, its digits centred in it.
        table_left = self.rect.right - width + (inner - cols * slot) / 2 + cols * slot \
            + slot * 0.3
        digits = table_width(px, bits) - px * 0.6
        left = table_left + max(0.0, (self.rect.right - table_left - digits) / 2) - px * 0.3
        return self._row_fits_left(left, [cols]) or px <= self._clear_for(length)

    def _row_fits_left(self, left: float, capacities: Sequence[int]) -> bool:
        """Whether a row of labels at the readable size, one per match of the largest heap
        of ``capacities``, fits between the board's left edge and ``left``."""
        least = self._least
        widest = max(chip_rect(tr(key, n=14), (0, 0), least).width
                     for key in ("score.win_short", "score.loss_short"))
        most = max(capacities)
        return self.rect.left + most * widest + (most - 1) * label_gap(least) <= left

    def _clear_for(self, length: float) -> float:
        """The largest table digits whose rows (and the nim-sum's, with its rule) stay clear
        of the rows of labels at the readable size under heaps of matches ``length`` long,
        where the rows pass under the table (see _run_rects, table_zones)."""
        least = self._least
        first, half = lane_offsets(length, least)[0], chip_height(least) / 2
        gap = self._heap_gap(length, False)
        # Over the row: a table row's band (0.85 of its digits) ends above the labels, which
        # stand just under the matches (lane 0); under it, the next row's band (or the rule
        # over the nim-sum, 0.9 of the digits) starts below the row of runs (RUN_DROP lower).
        above = (length / 2 + first - half - 3) / 0.85
        below = (length * BAND + gap + length / 2 - first - RUN_DROP - half - 4) / 0.9
        return max(0.0, min(above, below))

    def _draw_header(self, surface: pygame.Surface, nim: NimState, theme: Theme,
                     least: int = 0, to_a_person: bool = True) -> None:
        """The goal (normal or misere) and, for one heap, the limit of the side to move; at
        least ``least`` px (the window's readable size) where the room above the heaps
        allows (see :meth:`_large_header`). The limit is in the call-to-action colour only
        where ``to_a_person`` (a person is to move)."""
        if not self._header_px():
            return  # a menu card: a 9-11 px heading is a grey smudge, not text
        lines = self._header_lines(nim)
        # In a machines' game, "Prenez 1" in the orange of a call to action read as an
        # order to the class (session 18's closing note): there it is the rule, in text.
        first = theme.accent if to_a_person else theme.text
        colours = [first if i == 0 and len(lines) > 1 else theme.text_muted
                   for i in range(len(lines))]
        if nim.options.misere:
            colours[-1] = theme.danger  # the goal, always the last line
        sizes = self._header_sizes(lines)
        large = self._large_header(lines, sizes, least)
        if large is None:
            # At their own sizes, wrapped (the layout kept room for them), centred in the
            # header: cut to one line, the French goal lost its end in the lab's live game.
            rows = self._header_rows(lines, sizes, self._header.width)
            heights = [txt.font(px, i == 0).get_linesize() for i, _part, px in rows]
            top = self._header.top + (self._header.height - sum(heights)) // 2
            large = [(i, part, px, top + sum(heights[:n]))
                     for n, (i, part, px) in enumerate(rows)]
        for i, part, size, top in large:
            txt.blit_text(surface, part, size, colours[i], (self._header.centerx, top),
                          anchor="midtop", bold=i == 0, max_width=self._header.width)

    def _large_header(self, lines: list[str], sizes: list[int],
                      least: int) -> list[tuple[int, str, int, int]] | None:
        """The header's lines when its own sizes (``sizes``) are under ``least``, or its first
        line under the screen's text size (:attr:`label_px`): the first line as near that
        size, and the others as near 80% of it, as the room above the heaps allows (never
        under ``least`` where the room allows it), each wrapped to the width, stacked in that
        room; each as (its line's index, text, size, top). None: keep the header as it is.
        The live game in the learning lab (a small rectangle) wrote its goal at 10 px and its
        limit at 12 at 1024x768, the readable size being 20, with room to spare above the
        heap; at 200% of 1024x640 the play screen wrote "Take 1 to 3" at 18 px and the goal
        at 16 beside 40 px text, with 150 px free above the heap."""
        wanted = max(least, self.label_px)
        if (least <= 0 or (min(sizes) >= least and sizes[0] >= wanted)
                or not self._boxes):
            return None
        # Above several heaps the table's place values take their room (see _head_room): the
        # goal's second line ran into them at 200% of 1024x768 in French (misère).
        length = self._boxes[0].length
        above = self._head_room(length) if len(self._boxes) > 1 else 0.0
        room = round(min(b.origin[1] for b in self._boxes) - self.rect.top
                     - max(length * 0.1, above))
        width = self._header.width

        def line_px(i: int, target: int) -> int:
            """Line ``i``'s size for ``target``: the target, 80% of it after the first line
            (not under ``least``); never under the line's own size."""
            own = target if i == 0 else min(target, max(least, round(target * 0.8)))
            return max(sizes[i], own)

        for target in range(wanted, min(min(sizes), least), -1):
            rows = [(i, part, line_px(i, target))
                    for i, line in enumerate(lines)
                    for part in txt.wrap(line, width, line_px(i, target), i == 0)]
            heights = [txt.font(px, i == 0).get_linesize() for i, _part, px in rows]
            if sum(heights) <= room and len(rows) <= len(lines) + 2 and all(
                    txt.size(part, px, i == 0)[0] <= width for i, part, px in rows):
                top = self.rect.top + (room - sum(heights)) // 2
                return [(i, part, px, top + sum(heights[:n]))
                        for n, (i, part, px) in enumerate(rows)]
        return None

    def _limit_text(self, nim: NimState, heap: int, long: bool) -> str:
        """The limit written beside (or above) a heap, in words."""
        high = nim.max_allowed_take(heap)
        if nim.heaps[heap] == 0:
            return tr("boards.nim_empty")
        variant = nim.options.variant
        if high == 1 and not (variant == "fibonacci" and nim.last_take == 0):
            return tr("boards.nim_take_one" if long else "boards.nim_take_one_short")
        if not long:
            return tr("boards.nim_take_short", high=high)
        if variant == "fibonacci":
            if nim.last_take == 0:
                return tr("boards.nim_fib_first", high=high)
            if high < 2 * nim.last_take:
                # The heap, not twice the last take, is the cap: "Take 1 to 4 (twice the 6
                # just taken)" read as if twice 6 were 4 (QA17 12).
                return tr("boards.nim_fib_rest", high=high)
            return tr("boards.nim_fib_twice", last=nim.last_take, high=high)
        return tr("boards.nim_take_range", high=high)

    def _draw_heap_frame(self, surface: pygame.Surface, box: _HeapBox, size: int,
                         nim: NimState, theme: Theme) -> None:
        """Heap number and count on the left, the limit on the right (several heaps only)."""
        if box.label.width <= 0:
            return
        px, name_px, name_y, count_y = self._frame_lines(box)
        if px < 8:
            return
        cx, cy = box.label.centerx, box.label.top + box.length * 0.5
        inline = self._inline_frame(box, str(size))
        if inline is not None:
            line_px, name_at, count_at = inline
            txt.blit_text(surface, tr("boards.nim_heap", n=box.heap + 1), line_px,
                          theme.text_muted, name_at.midright, anchor="midright")
            txt.blit_text(surface, str(size), line_px, theme.text, count_at.midright,
                          anchor="midright", bold=True)
            name_px = 0
            px = line_px
        elif name_px:
            name = tr("boards.nim_heap", n=box.heap + 1)
            txt.blit_text(surface, name, name_px, theme.text_muted, (cx, round(name_y)),
                          anchor="center")
        if inline is None:
            txt.blit_text(surface, str(size), px, theme.text, (cx, round(count_y)),
                          anchor="center", bold=True)
        if nim.outcome is None and box.limit.width > px:
            colour = theme.text if size else theme.text_muted
            txt.blit_text(surface, self._limit_text(nim, box.heap, long=False), round(px * 0.85),
                          colour, (box.limit.left, round(cy)), anchor="midleft",
                          max_width=box.limit.width)

    def _frame_px(self, box: _HeapBox) -> tuple[int, int]:
        """The sizes of a heap's count and name in its label column (count under 8: none)."""
        # Readable from the back of the room: at least ~3.4% of the board's height, as long as
        # the label column is wide enough.
        px = round(min(box.label.width * 0.3, max(box.length * 0.3, self.rect.height * 0.045)))
        name = tr("boards.nim_heap", n=box.heap + 1)
        # At least the readable size the drawing asks for where the column holds the name
        # (at 200% of 1024x768 "tas 1" was 12 px and its count 16 in a 52 px column).
        name_px = round(px * 0.75)
        if self._least > name_px and txt.size(name, self._least)[0] <= box.label.width:
            name_px = self._least
            px = max(px, self._least)
        elif self._least > name_px:
            # Else as large as the column holds it, up to that size (the rules' picture of
            # Marienbad in a taller rectangle asked 24 px of a 69 px column: its names fell
            # to 0.75 of the count, 16 px, readable 20).
            name_px = txt.fit_px(name, box.label.width, self._least, min_px=name_px)
        # Beside a table grown larger (see _grown), as large as its digits where the column
        # holds the name and the pair stays as high as the matches (lower, the count met
        # the row of labels under the heap): at 200% they stood at the readable size
        # beside 40-70 px text.
        for larger in range(self._goal, name_px, -1):
            count = max(px, larger)
            high = (txt.size(name, larger)[1] / 2 + max(count * 0.55, larger * 0.6)
                    + count * 0.45 + txt.size("0", count, True)[1] / 2)
            if txt.size(name, larger)[0] <= box.label.width and high <= box.length:
                return count, larger
        return px, name_px

    def _frame_lines(self, box: _HeapBox) -> tuple[int, int, float, float]:
        """A heap's count and name sizes (see :meth:`_frame_px`) and their centre lines: the
        pair centred on the heap's first row, but among several heaps the name's top no
        higher than the heap's match heads (at 200% of 1024x640 it stood 2 px into the row of
        labels under the heap above, which the heaps' gap keeps clear of the heads)."""
        px, name_px = self._frame_px(box)
        cy = box.label.top + box.length * 0.5
        rise = max(px * 0.55, name_px * 0.6)
        name_y = cy - rise
        if len(self._boxes) > 1:
            # Lower, as far as the count stays above the row of labels under the heap.
            name_h = txt.size(tr("boards.nim_heap", n=box.heap + 1), name_px)[1]
            below = name_y + rise + px * 0.45 + txt.size("0", px, True)[1] / 2
            down = min(box.label.top + box.length * HEAD_TOP + name_h / 2 - name_y,
                       box.label.top + box.length + 2 - below)
            name_y += max(0.0, down)
            tops = sorted(other.label.top for other in self._boxes)
            pitch = min(b - a for a, b in pairwise(tops))
            count_h = txt.size("0", px, True)[1]
            pair = name_y + rise + px * 0.45 + count_h / 2 - (name_y - name_h / 2)
            if pair > pitch * PAIR_OVER_ROW:
                # Name over count far higher than a heap's row (the rules' small picture of
                # Marienbad in misère at 200% of 1024x768, 2.1 rows: "heap 2" over heap 1's
                # count): the count alone, on its heap's row (the heaps' order names them).
                return px, 0, cy, cy
        return px, name_px, name_y, name_y + rise + px * 0.45

    def _inline_frame(self, box: _HeapBox, count: str = ""
                      ) -> tuple[int, pygame.Rect, pygame.Rect] | None:
        """A heap's name and count on one line, left of its matches ("tas 4  6"), where that
        writes the name larger than over its count (see :meth:`_frame_lines`) and the count
        no smaller than four fifths of its size there: their size and where each stands
        (``count``: the count drawn, its capacity by default); None to keep them stacked.
        Stacked in a column as wide as the name at the readable size, the names stood at the
        floor ("tas 1" 21-24 px beside 40-52 px text, QA17 4, QA18 3) while the width left
        of the heaps was empty; in the rules' taller pictures they ran into their counts.
        Up to the screen's text size (the readable size in a picture; at 0.8 the names
        stood at 20 px beside 23 px text at 100% of 1280x720, QA18 3), one line no taller
        than the matches, from the board's left to a fifth of a slot off them."""
        if len(self._boxes) < 2 or box.label.width <= 0:
            return None
        px, name_px = self._frame_px(box)
        name = tr("boards.nim_heap", n=box.heap + 1)
        widest = max(count or str(box.capacity), str(box.capacity), key=len)
        right = box.origin[0] - box.slot * 0.2
        room = right - self.rect.left
        most = max(self._least, self.label_px)
        for size in range(most, name_px, -1):
            gap = size * 0.4
            name_w = txt.size(name, size)[0]
            count_w = txt.size(widest, size, True)[0]
            if (size >= px * 0.8 and txt.font(size, True).get_height() <= box.length
                    and name_w + gap + count_w <= room):
                cy = box.label.top + box.length * 0.5
                height = txt.font(size, True).get_height()
                count_at = pygame.Rect(0, 0, txt.size(count or widest, size, True)[0], height)
                count_at.midright = (round(right), round(cy))
                name_at = pygame.Rect(0, 0, name_w, height)
                name_at.midright = (round(right - count_w - gap), round(cy))
                return size, name_at, count_at
        return None

    def _name_rects(self, box: _HeapBox) -> list[pygame.Rect]:
        """Where a heap's name and its count stand in its label column (the labels keep clear
        of them; the column's band under them is free): each as high and as wide as it is
        drawn. The whole column, with 0.7 of a size either side, kept a row of labels off the
        place under heap 2 by a pixel at 200% of 1024x768 (the second lane then covered heap
        3); one box round the name and the count, as wide as the name, kept the first match's
        label off its match by the empty corner right of the count ("1" under "heap 1", 200%
        of 1024x768 en), so two lanes were paid for and a row drawn (QA19 8)."""
        inline = self._inline_frame(box)
        if inline is not None:
            return [inline[1], inline[2]]
        px, name_px, name_y, count_y = self._frame_lines(box)
        count_w, count_h = txt.size(str(box.capacity), px, True)
        rects = [pygame.Rect(0, 0, min(box.label.width, count_w + 2), count_h)]
        rects[0].center = (box.label.centerx, round(count_y))
        if name_px:
            name_w, name_h = txt.size(tr("boards.nim_heap", n=box.heap + 1), name_px)
            name = pygame.Rect(0, 0, min(box.label.width, name_w + 2), name_h)
            name.center = (box.label.centerx, round(name_y))
            rects.append(name)
        return rects

    def _draw_match(self, surface: pygame.Surface, slot: pygame.Rect, box: _HeapBox,
                    theme: Theme, glow: bool) -> None:
        """One match of ``box`` standing up in ``slot``: a wooden stick, a rounded red head."""
        thick = box.thick
        head_w = max(3, round(thick * 1.75))
        head_h = max(4, round(thick * 2.6))
        extent = match_extent(slot, box.length, thick)
        top, bottom = extent.top, extent.bottom
        stick = pygame.Rect(0, 0, thick, bottom - top - head_h // 2)
        stick.midbottom = (slot.centerx, bottom)
        wood = blend(theme.match_wood, theme.highlight, 0.35) if glow else theme.match_wood
        shade = blend(wood, theme.shadow, 0.35)
        pygame.draw.rect(surface, shade, stick.move(max(1, thick // 4), 0),
                         border_radius=thick // 2)
        pygame.draw.rect(surface, wood, stick, border_radius=thick // 2)
        head = pygame.Rect(0, 0, head_w, head_h)
        head.midtop = (slot.centerx, top)
        pygame.draw.ellipse(surface, blend(theme.match_head, theme.shadow, 0.4), head)
        pygame.draw.ellipse(surface, theme.match_head, head.inflate(-max(1, thick // 3),
                                                                    -max(1, thick // 3)))
        shine = pygame.Rect(0, 0, max(1, head_w // 3), max(1, head_h // 3))
        shine.center = (head.centerx - head_w // 6, head.centery - head_h // 6)
        pygame.draw.ellipse(surface, blend(theme.match_head, (255, 255, 255), 0.45), shine)

    def _draw_ghost(self, surface: pygame.Surface, slot: pygame.Rect, thick: int,
                    theme: Theme, just_taken: bool) -> None:
        """The faint outline of a match already taken (tinted if the last move took it)."""
        colour = theme.last_move if just_taken else blend(theme.background, theme.text_muted, 0.3)
        rect = pygame.Rect(0, 0, thick, round(slot.height * 0.9))
        rect.midbottom = (slot.centerx, slot.bottom - round(slot.height * 0.04))
        pygame.draw.rect(surface, colour, rect, width=max(1, thick // 4),
                         border_radius=thick // 2)
        if just_taken:
            alpha_fill(surface, rect, theme.last_move, 70, radius=thick // 2)

    def _outline_group(self, surface: pygame.Surface, box: _HeapBox, first: int, end: int,
                       colour: tuple[int, int, int]) -> None:
        """A rounded frame around matches ``first`` to ``end - 1`` (row by row)."""
        width = max(2, round(box.length * 0.03))
        index = first
        while index < end:
            row_end = min(end, (index // box.cols + 1) * box.cols)
            a, b = box.slot_rect(index), box.slot_rect(row_end - 1)
            frame = a.union(b).inflate(round(box.slot * 0.08), round(box.length * 0.08))
            pygame.draw.rect(surface, colour, frame, width=width,
                             border_radius=round(box.slot * 0.3))
            index = row_end

    def _draw_scores(self, surface: pygame.Surface, nim: NimState, ctx: BoardContext) -> None:
        """Each scored move's value under the match a click would take it from."""
        assert ctx.scores is not None
        labels = score_labels(ctx.scores, ctx.score_kind, ctx.theme)
        placed: list[pygame.Rect] = []
        heaps = []
        sizes = list(nim.heaps)
        played = ctx.last_move if ctx.scores_played else None
        if isinstance(played, NimMove) and played.heap < len(sizes):
            # Kept after the AI's take (see BoardContext.scores_played): each label stays
            # under the match it was drawn under before the take, a taken one's outline.
            sizes[played.heap] += played.count
        for box in self._boxes:
            size = sizes[box.heap] if box.heap < len(sizes) else 0
            px = label_px(ctx, min(box.length * BAND * 0.4, box.slot * 0.5))
            entries = [(move, label) for move, label in labels.items()
                       if isinstance(move, NimMove) and move.heap == box.heap
                       and 0 < move.count <= size]
            items = [(size - m.count, text) for m, (text, _c, _b) in entries]
            heaps.append((box, entries, items, px))
        if len(self._boxes) > 1:
            # One size for every heap's labels (two sizes would read as two kinds of number).
            fits = [self._lanes_px(box, items, px, ctx.coords_px)
                    for box, _e, items, px in heaps if items]
            # A label per match does not fit: one per run of equal labels where they do (see
            # _draw_runs), else a label per match at the readable size.
            # Then each heap's labels under their matches where they fit so, else a row of
            # runs (at 200% of 1024x768, after a take from heap 4 against the perfect player,
            # heap 2's second lane covered heap 3's match heads, and heap 3's heap 4's).
            if None in fits and (self._draw_runs(surface, heaps, ctx, placed)
                                 or self._draw_runs(surface, heaps, ctx, placed, mixed=True)):
                return
            least = min(heaps[0][3], ctx.coords_px) if ctx.coords_px else heaps[0][3]
            shared = min((least if size is None else size for size in fits), default=0)
            heaps = [(box, entries, items, shared) for box, entries, items, _px in heaps]
        for box, entries, items, px in heaps:
            self._draw_under(surface, nim, box, entries, items, px, ctx, placed)

    def _draw_under(self, surface: pygame.Surface, nim: NimState | None, box: _HeapBox,
                    entries: list[Any], items: list[tuple[int, str]], px: int,
                    ctx: BoardContext, placed: list[pygame.Rect]) -> None:
        """``box``'s labels (``entries``, at the matches of ``items``) at ``px``: under each
        match, in two lanes, or in a row with leader lines (see nim_labels); the row and more
        lanes only under a single heap (position ``nim``), where nothing else is below it."""
        single = (None if nim is None
                  else self._single_places(box, items, px, ctx.coords_px, nim))
        if single is not None:
            px, places = single
        else:
            places = label_places(items, px, box.band_centre, box.foot, self.rect,
                                  row_allowed=len(self._boxes) == 1)
        self.label_runs += [(box.heap, index, index) for index, _text in items]
        for (move, (text, colour, best)), place in zip(entries, places, strict=True):
            if place.leader_from is not None:
                pygame.draw.line(surface, colour, place.leader_from, place.rect.midtop,
                                 stroke_width(px))
            score_chip(surface, text, place.rect.center, px, colour, ctx.theme, best=best,
                       placed=placed, look=chip_look((ctx.scores or {}).get(move)))

    def _single_places(self, box: _HeapBox, items: list[tuple[int, str]], px: int,
                       readable: int, nim: NimState) -> tuple[int, list[LabelPlace]] | None:
        """One heap: the largest size, from ``px`` down to the window's ``readable`` size, at
        which its labels stand apart under their matches (in up to :data:`MOST_LANES` lanes,
        or a row) above the board's content bottom (the legend starts under it), clear of
        every match; the size and the places. None: several heaps, or nothing fits. At 200%
        Fibonacci's 19 labels of the first move (40 px chips, matches 26 px apart at
        1024x768) fit neither two lanes nor a row and covered the matches."""
        if len(self._boxes) != 1 or not items:
            return None
        least = min(px, readable) if readable else px
        bounds = pygame.Rect(self.rect.left, self.rect.top, self.rect.width,
                             max(0, self._bottom - self.rect.top))
        size = nim.heaps[box.heap] if box.heap < len(nim.heaps) else 0
        avoid = [box.match_rect(i) for i in range(size)]
        for tried in range(px, least - 1, -1):
            places = arrange(items, tried, box.band_centre, box.foot, bounds, avoid,
                             most_lanes=MOST_LANES)
            if places is not None:
                return tried, places
        return None

    def _fitted(self, key: tuple[Any, ...], work: Callable[[], Any]) -> Any:
        """``work()``, remembered while the layout, the screen's text size and the language
        stay the same (with ``key``, the question asked): an explained move of Marienbad
        fitted the same labels again at every frame, 77% of its drawing (against Perfect at
        1024x768 fr 200%)."""
        layout = (self._key, self.label_px, language())
        if layout != self._fitted_for:
            self._fitted_for, self._fits = layout, {}
        if key not in self._fits:
            self._fits[key] = work()
        return self._fits[key]

    def _lanes_px(self, box: _HeapBox, items: list[tuple[int, str]], px: int,
                  readable: int) -> int | None:
        """Several heaps (Marienbad): remembered (see :meth:`_fitted`) :meth:`_fit_lanes`."""
        fitted: int | None = self._fitted(("lanes", box.heap, tuple(items), px, readable),
                                          lambda: self._fit_lanes(box, items, px, readable))
        return fitted

    def _fit_lanes(self, box: _HeapBox, items: list[tuple[int, str]], px: int,
                   readable: int) -> int | None:
        """Several heaps (Marienbad): the largest size, from ``px`` down to the window's
        ``readable`` size (the context's ``coords_px``; none: ``px``), at which ``box``'s
        labels stand apart under their matches clear of the other heaps, the heaps' names and
        the table; None when none does. At 200% of 1024x768 the
        chips at body size (40 px, matches 34 px apart) were pushed by the free-spot search
        over the other heaps' matches and names, none under its own match."""
        least = min(px, readable) if readable else px
        # The other heaps' matches (their trays, a little larger, kept a second lane that
        # stopped above the next heap's heads out by a pixel, QA19 8).
        avoid = [other.match_rect(i) for other in self._boxes if other is not box
                 for i in range(other.capacity)]
        avoid += [rect for other in self._boxes for rect in self._name_rects(other)]
        avoid += self._table_zones()
        for size in range(px, least - 1, -1):
            if lanes_fit(items, size, box.band_centre, self.rect, avoid):
                return size
        return None

    def _draw_runs(self, surface: pygame.Surface,
                   heaps: list[tuple[_HeapBox, list[Any], list[tuple[int, str]], int]],
                   ctx: BoardContext, placed: list[pygame.Rect], mixed: bool = False) -> bool:
        """Several heaps whose labels do not fit one per match: one label per run of
        neighbouring matches with the same one, in a row under the heap (up to the table), a
        bracket under the run's matches and a line from it to its label, all at one size: the
        largest from the body text down to the readable one at which every heap's row fits.
        At 200% of 1024x768 five heaps' 25 labels ("L18", 53 px chips for matches 30 px
        apart) needed two lanes where the height held one, and the second lane covered the
        next heap's match heads; an untrained learner's fifteen "3" did the same in misère.
        With ``mixed``, a heap whose labels stand under their matches at that size (see
        :meth:`_lanes_px`) has them there, the others a row of runs. False (nothing drawn)
        when the rows do not fit at the readable size."""
        top = max((px for _b, _e, items, px in heaps if items), default=0)
        least = min(top, ctx.coords_px) if ctx.coords_px else top
        rows = [(box, entries, items) for box, entries, items, _px in heaps if items]
        chosen: list[list[pygame.Rect] | None] = []
        for size in range(top, least - 1, -1):
            chosen = []
            for box, _e, items in rows:
                if mixed and self._lanes_px(box, items, size, size) == size:
                    chosen.append(None)  # under its matches
                    continue
                rects = self._run_rects(box, runs(items), size)
                if rects is None:
                    break
                chosen.append(rects)
            else:
                break
        else:
            return False
        for (box, entries, items), rects in zip(rows, chosen, strict=True):
            if rects is None:
                self._draw_under(surface, None, box, entries, items, size, ctx, placed)
                continue
            groups = runs(items)
            # Each match's colour and whether it is the best (items and entries go together).
            looks = {index: (colour, best, chip_look((ctx.scores or {}).get(move)))
                     for (index, _text), (move, (_t, colour, best))
                     in zip(items, entries, strict=True)}
            width = stroke_width(size)
            for (first, last, text), rect in zip(groups, rects, strict=True):
                colour = looks[first][0]
                best = any(looks[i][1] for i in range(first, last + 1) if i in looks)
                left, right = box.foot(first), box.foot(last)
                y = left[1] + width
                if last > first:
                    pygame.draw.line(surface, colour, (left[0], y), (right[0], y), width)
                pygame.draw.line(surface, colour, ((left[0] + right[0]) // 2, y),
                                 rect.midtop, width)
                score_chip(surface, text, rect.center, size, colour, ctx.theme, best=best,
                           placed=placed, look=looks[first][2])
            self.label_runs += [(box.heap, first, last) for first, last, _text in groups]
        return True

    def _run_y(self, box: _HeapBox, px: int) -> float:
        """The centre line of a heap's row of run labels at ``px`` (just under the band's first
        lane, :data:`RUN_DROP` lower for the brackets)."""
        return box.band_centre(0, 0, px)[1] + RUN_DROP

    def _run_rects(self, box: _HeapBox, groups: list[tuple[int, int, str]],
                   px: int) -> list[pygame.Rect] | None:
        """Remembered (see :meth:`_fitted`) :meth:`_fit_runs`, as new rectangles."""
        rects: list[pygame.Rect] | None = self._fitted(
            ("runs", box.heap, tuple(groups), px), lambda: self._fit_runs(box, groups, px))
        return None if rects is None else [pygame.Rect(rect) for rect in rects]

    def _fit_runs(self, box: _HeapBox, groups: list[tuple[int, int, str]],
                  px: int) -> list[pygame.Rect] | None:
        """The chips of ``box``'s runs at ``px`` in a row between its name column and the
        table, or else from the board's left edge (under the names), clear of the other
        heaps' matches, the heaps' names and the table; None when they do not fit. (Between
        the name column and the table, heap 3's five labels of QA13 28 did not fit at 200%
        of 1024x768.)"""
        avoid = [other.match_rect(i) for other in self._boxes if other is not box
                 for i in range(other.capacity)]
        avoid += [rect for other in self._boxes for rect in self._name_rects(other)]
        avoid += self._table_zones()
        # Left of the table where the row fits there, else passing under its rows.
        rights = (self._table.left, self.rect.right) if self._table.width else (self.rect.right,)
        for right in rights:
            for left in dict.fromkeys((box.label.right, self.rect.left)):
                bounds = pygame.Rect(left, self.rect.top, right - left, self.rect.height)
                rects = run_row(groups, px, lambda i: box.slot_rect(i).centerx,
                                self._run_y(box, px), bounds)
                if rects is not None and not any(r.collidelist(avoid) >= 0 for r in rects):
                    return rects
        return None


#: The heap sets the menu offers for Marienbad.
HEAP_PRESETS = ("1,3,5,7", "3,4,5", "1,2,3", "2,3,4,5", "1,3,5,7,9", "2,4,6,8", "5,5,5")


class NimPresenter(GamePresenter):
    """Nim in words: the variant, matches left, a move is a number of matches taken."""

    game = "nim"
    numbered_sides = True
    option_specs = MappingProxyType({
        "variant": OptionSpec("choice", values=("single", "marienbad", "fibonacci")),
        "matches": OptionSpec("int", 2, 40, variants=("single", "fibonacci")),
        "max_take": OptionSpec("int", 2, 6, variants=("single",)),
        "heaps": OptionSpec("heaps", values=HEAP_PRESETS, variants=("marienbad",)),
        "misere": OptionSpec("bool"),
    })
    rules_plies = 2
    # At more, Marienbad's heap names ran into their counts in a 559 px picture.
    rules_text_share = 0.05
    smoke_seats = ("minimax", "reinforcement")
    lab_default = True
    def rules_words_at_text_size(self, state: Any) -> bool:
        """One heap: its limit and goal over the matches near the rules' size (20 px beside
        28-px rules at 200% of 1024x768, QA17 12). Several heaps keep their sizes: the label
        size also lays out Marienbad's table and heap names."""
        return len(state.heaps) == 1

    def describe_options(self, options: Any) -> str:
        variant = tr(f"option.nim.variant.{options.variant}")
        if options.variant == "marienbad":
            detail = " ".join(str(h) for h in options.heaps)
        elif options.variant == "single":
            detail = tr("describe.take", k=options.max_take)
        else:
            detail = ""
        words = f"{variant} {detail}".strip()
        return f"{words}, {tr('describe.misere')}" if options.misere else words

    def variant_label(self, options: Any) -> str:
        if options.variant == "single":
            label = tr("lab.variant.nim.single", n=options.matches, k=options.max_take)
        elif options.variant == "fibonacci":
            label = tr("lab.variant.nim.fibonacci", n=options.matches)
        else:
            label = tr("lab.variant.nim.marienbad", heaps=" · ".join(str(h) for h in options.heaps))
        return label + (tr("lab.variant.misere") if options.misere else "")

    def position_summary(self, state: Any) -> str:
        return plural("play.count.nim", sum(state.heaps))

    def move_text(self, move: Any) -> str:
        # Matches taken in words ("2 matches", "2 matches from heap 3") rather than a bare
        # "2"; a noun, as the sentences around it need ("Player 1 chose 1 match from heap 4",
        # not "chose take 1 from heap 4").
        if move.multi_heap:
            return plural("play.nim_heap_move", move.count, heap=move.heap + 1)
        return plural("play.nim_move", move.count)

    def draw_matchbox(self, surface: pygame.Surface, rect: pygame.Rect, state: Any,
                      values: Mapping[Any, float], score_kind: str, theme: Theme,
                      px: int, before: Mapping[Any, float] | None = None) -> bool:
        draw_matchbox(surface, rect, state, values, score_kind, theme, px, before)
        return True

    def matchbox_text_px(self, rect: pygame.Rect, state: Any, values: Mapping[Any, float],
                         score_kind: str, px: int,
                         before: Mapping[Any, float] | None = None) -> int:
        return matchbox_text_px(rect, state, values, score_kind, px, before)

    def learner_table(self, boxes: Sequence[tuple[Hashable, Mapping[Any, float]]],
                      options: Any) -> HeatTable | None:
        """One-heap Nim as the seed's table: one row per take, one column per position (match
        count, with the take limit in Fibonacci), smallest first."""
        if options.variant == "marienbad" or not boxes:
            return None
        ordered = sorted(boxes, key=lambda b: key_text(b[0]))
        ordered.sort(key=lambda b: b[0])  # type: ignore[arg-type, return-value]
        takes = sorted({m.count for _key, values in ordered for m in values})
        columns: list[str] = []
        by_box = []
        for key, values in ordered:
            by_box.append({m.count: v for m, v in values.items()})
            if options.variant == "fibonacci":
                columns.append(f"{key[0]}/{key[1]}")  # type: ignore[index]
            else:
                columns.append(str(key))
        table: list[list[float | None]] = [[col.get(t) for col in by_box] for t in takes]
        return HeatTable([f"\u2212{t}" for t in takes], columns, table,
                         tr("lab.table.take"), tr("lab.table.matches"),
                         [key for key, _values in ordered])

    def clicks_for(self, state: Any, move: Any) -> list[Element]:
        return [MatchRef(move.heap, state.heaps[move.heap] - move.count)]
