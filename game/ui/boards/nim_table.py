"""Marienbad's arithmetic beside the heaps: each heap in binary, each column's parity and the
nim-sum, the row a move changes highlighted.

Bouton's rule, which the class learns with this variant: write every heap in binary and add
each column without carrying (the *nim-sum*, an exclusive or). A position whose nim-sum is 0 is
lost for the player to move against perfect play; from any other one there is a take that
makes it 0. (In misère the rule holds until no heap is larger than 1; then leave an odd number
of single matches.)

The numbers are computed here without pygame (:func:`table_rows`); :func:`draw_nim_table`
draws them, one row level with each heap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor

import pygame

from game.ui import text as txt
from game.ui.boards.base import alpha_fill
from game.ui.i18n import tr
from game.ui.theme import Colour, Theme


def nim_sum(heaps: Sequence[int]) -> int:
    """The exclusive or of the heap sizes (Bouton's nim-sum)."""
    return reduce(xor, heaps, 0)


def bit_count(capacities: Sequence[int]) -> int:
    """How many binary digits the largest heap needs (at least one)."""
    return max(1, max(capacities, default=1).bit_length())


def digits(value: int, bits: int) -> str:
    """``value`` in binary on ``bits`` digits, most significant first ("0101")."""
    return format(value, f"0{bits}b")


def column_parities(heaps: Sequence[int], bits: int) -> list[bool]:
    """For each binary column (most significant first), True when it holds an odd number of
    ones: those are the nim-sum's ones."""
    return [sum((h >> (bits - 1 - i)) & 1 for h in heaps) % 2 == 1 for i in range(bits)]


@dataclass(frozen=True)
class Change:
    """A heap a move changes, from ``before`` to ``after`` matches; ``preview`` when it is the
    move under the pointer rather than the last one played."""

    heap: int
    before: int
    after: int
    preview: bool = False


def after_change(heaps: Sequence[int], change: Change | None) -> tuple[int, ...]:
    """The heaps the table shows: the position, or the one the previewed move would leave."""
    if change is None or not change.preview:
        return tuple(heaps)
    return tuple(change.after if i == change.heap else h for i, h in enumerate(heaps))


def _column_widths(px: int) -> tuple[float, float]:
    """The width of a digit's column and of the heap's number ("7 =") at ``px``."""
    return (txt.size("0", px, True)[0] * 1.9, txt.size("00 =", px, True)[0] + px * 0.4)


def table_width(px: int, bits: int) -> float:
    """The width the table's digits take at ``px`` with ``bits`` columns, the highlight band
    round a row included."""
    digit_w, number_w = _column_widths(px)
    return number_w + digit_w * bits + px * 0.6


def _table_left(rect: pygame.Rect, px: int, bits: int) -> tuple[float, float]:
    """Where the table's digits start in ``rect`` (centred in it) and their width."""
    digit_w, number_w = _column_widths(px)
    width = number_w + digit_w * bits
    return rect.left + max(0.0, (rect.width - width) / 2), width


#: The place values (4 2 1) over the table's columns, as a share of its digits' size: at 0.7
#: they stood at the readable floor at 200% of 1280x720 (18 px beside 26 px digits, QA16 1);
#: at 0.9, 21 px beside 23 px body text at 100% of 1280x720 (QA18 3).
PLACE_SHARE = 1.0


def _small_px(px: int, least: int) -> int:
    """The place values' size beside digits of ``px`` (not under the readable ``least``)."""
    return max(8, round(px * PLACE_SHARE), min(px, least))


def _rule_y(row_ys: Sequence[float], sum_y: float, px: int) -> float:
    """The rule's height over the nim-sum: just above its digits, as a sum is written (half
    way from the last row, the rule crossed the last heap's row of labels passing under the
    table: see :func:`table_zones`)."""
    return max((row_ys[-1] + sum_y) / 2, sum_y - px * 0.9) if row_ys else sum_y - px


def table_zones(rect: pygame.Rect, bits: int, row_ys: Sequence[float], sum_y: float,
                px: int, least: int = 0) -> list[pygame.Rect]:
    """Where the table in ``rect`` draws (as :func:`draw_nim_table` with digits of ``px`` and
    a readable size ``least``): its place values, each row with its highlight band, and the
    rule, nim-sum and words under them. Its column between the rows is free: a heap's row of
    labels may pass under a row of the table (at 200% of 1024x768 the rows had to stop at the
    column, which kept the table at the readable size)."""
    x0, width = _table_left(rect, px, bits)
    left, wide = round(x0 - px * 0.3), round(width + px * 0.6)
    small = _small_px(px, least)
    zones = []
    if row_ys:
        head_y = row_ys[0] - px * 1.6
        zones.append(pygame.Rect(left, round(head_y - small * 0.6), wide, round(small * 1.2)))
    zones += [pygame.Rect(left, round(y - px * 0.85), wide, round(px * 1.7)) for y in row_ys]
    top = round(min(_rule_y(row_ys, sum_y, px) - 1, sum_y - px * 0.85))
    zones.append(pygame.Rect(left, top, wide, max(0, rect.bottom - top)))
    return zones


def draw_nim_table(surface: pygame.Surface, rect: pygame.Rect, heaps: Sequence[int],
                   bits: int, row_ys: Sequence[float], sum_y: float, change: Change | None,
                   misere: bool, theme: Theme, px: int, words: TableWords | None = None
                   ) -> None:
    """The table in ``rect``: a row per heap at ``row_ys`` (each heap's centre line), a rule,
    the nim-sum at ``sum_y`` and a line saying what it means (see :class:`TableWords`)."""
    shown = after_change(heaps, change)
    digit_w, number_w = _column_widths(px)
    x0, width = _table_left(rect, px, bits)
    first_digit = x0 + number_w
    head_y = row_ys[0] - px * 1.6 if row_ys else rect.top
    # Place values over the columns: 4 2 1 (not under the readable size the words ask for).
    small = _small_px(px, words.least if words is not None else 0)
    for i in range(bits):
        cx = first_digit + digit_w * (i + 0.5)
        txt.blit_text(surface, str(1 << (bits - 1 - i)), small, theme.text_muted,
                      (round(cx), round(head_y)), "center")
    for heap, (size, y) in enumerate(zip(shown, row_ys, strict=False)):
        changed = change is not None and change.heap == heap
        if changed:
            assert change is not None
            band = pygame.Rect(round(x0 - px * 0.3), round(y - px * 0.85),
                               round(width + px * 0.6), round(px * 1.7))
            alpha_fill(surface, band, theme.highlight if change.preview else theme.last_move,
                       70, radius=px // 3)
        before = digits(change.before, bits) if changed and change is not None else None
        _draw_row(surface, f"{size} =", digits(size, bits), before, first_digit, digit_w,
                  y, px, theme, theme.text)
    # The rule, then the nim-sum: each column's parity (odd: a one in the sum).
    rule_y = _rule_y(row_ys, sum_y, px)
    pygame.draw.line(surface, theme.text_muted, (round(x0), round(rule_y)),
                     (round(first_digit + digit_w * bits), round(rule_y)), max(1, px // 10))
    total = nim_sum(shown)
    odd = column_parities(shown, bits)
    colour = theme.ok if total == 0 else theme.danger
    for i, is_odd in enumerate(odd):
        cx = first_digit + digit_w * (i + 0.5)
        txt.blit_text(surface, "1" if is_odd else "0", px, theme.danger if is_odd else theme.ok,
                      (round(cx), round(sum_y)), "center", bold=True)
    txt.blit_text(surface, f"{total} =", px, colour, (round(first_digit - px * 0.3),
                                                       round(sum_y)), "midright", bold=True)
    if words is None:
        words = TableWords(small, rect.left)
    # With a readable size asked for, the words may shrink under the place values' size (to
    # that size) to stay whole: digits of the readable size left misère's rule cut.
    least = min(small, words.least) if words.least else small
    # The nim-sum's row, rule to digits: the meaning's lines level with it stop left of it.
    row = pygame.Rect(round(x0 - px * 0.3), round(rule_y - px * 0.15), round(width + px * 0.6),
                      round(sum_y + px * 0.65 - rule_y + px * 0.15))
    _draw_meaning(surface, rect, first_digit + digit_w * bits / 2, sum_y + px * 1.1, total,
                  misere, words, least, theme, row)


@dataclass(frozen=True)
class TableWords:
    """How the table's words (the nim-sum's caption and what it means) are written: at ``px``,
    the meaning right-aligned with the table and wrapped as wide as from ``left`` (the board's
    left edge: the space under the heaps is free, the table's own column was too narrow)."""

    px: int
    left: int
    #: The least size of the table's small text (its place values) where its digits are
    #: that large: the window's readable size, 0 for none.
    least: int = 0
    #: Where the words may start left of the table, level with the nim-sum's row (under the
    #: last heap and its labels); 0: under the nim-sum only (see :func:`_draw_meaning`).
    top: float = 0.0
    #: Whether the sentence saying what the sum means is written (False: the caption only,
    #: where the layout kept no room for it).
    meaning: bool = True


def sum_meaning(total: int, misere: bool) -> str:
    """What a nim-sum of ``total`` means for the player to move, with misère's exception."""
    meaning = tr("boards.nim_sum_zero" if total == 0 else "boards.nim_sum_not_zero")
    return f"{meaning} {tr('boards.nim_sum_misere')}" if misere else meaning


def caption_height(px: int, width: int) -> int:
    """The height the nim-sum's caption alone takes at ``px`` wrapped to ``width`` (as
    :func:`_draw_meaning` writes it where the layout keeps no room for the meaning)."""
    return txt.font(px).get_linesize() * min(2, len(txt.wrap(tr("boards.nim_sum"), width, px)))


def meaning_height(misere: bool, px: int, width: int) -> int:
    """The height the nim-sum's meaning takes at ``px`` wrapped to ``width`` (as
    :func:`_draw_meaning` writes it, without its caption): the taller of its two sentences,
    so the heaps do not move when the sum changes."""
    step = round(txt.size(tr("boards.nim_sum"), px)[1] * 1.05)
    return max(step * len(txt.wrap(sum_meaning(total, misere), width, px)) for total in (0, 1))


#: The nim-sum's caption stays under it while the sentence saying what the sum means keeps
#: this share of its size (see _draw_meaning).
CAPTION_KEEP = 0.8


def _draw_meaning(surface: pygame.Surface, rect: pygame.Rect, centre_x: float, top: float,
                  total: int, misere: bool, words: TableWords, min_px: int,
                  theme: Theme, row: pygame.Rect | None = None) -> None:
    """The caption under the nim-sum, kept inside ``rect`` (French "somme de Nim (colonnes
    impaires)" ran under the side panel), then the sentence saying what the sum means, at the
    largest size from ``words.px`` down to ``min_px`` at which it all fits above the bottom;
    the caption only where the sentence keeps its size with it. Where ``words.top`` is set,
    the sentence starts that high at the board's left, its lines level with the nim-sum's
    ``row`` (and the caption) as wide as the room left of them, those under them as wide as
    the board: at 200% of 1280x720 it was one line at the readable floor under the sum,
    18 px beside a 46 px body (QA16 1). Where even the least size is too tall (misère's
    longer rule), the sentence alone smaller, rather than cut."""
    caption = tr("boards.nim_sum")
    if not words.meaning:
        # The caption alone, under the sum, as large as the room under it allows, on two
        # lines where one is wider than the board (French "somme de Nim (colonnes
        # impaires)", 352 px at 200% of 1024x768 in a 347 px picture).
        full = max(1, rect.right - words.left)
        for px in range(max(min_px, words.px), min_px - 1, -1):
            lines = txt.wrap(caption, full, px)
            line_h = txt.font(px).get_linesize()
            if len(lines) <= 2 and top + line_h * len(lines) <= rect.bottom:
                for i, line in enumerate(lines):
                    half = (txt.size(line, px)[0] + 1) // 2
                    txt.blit_text(surface, line, px, theme.text_muted,
                                  (round(min(centre_x, rect.right - half)),
                                   round(top + i * line_h)), "midtop")
                return
        return
    meaning = sum_meaning(total, misere)
    full = max(1, rect.right - words.left)
    # With the caption while the sentence keeps CAPTION_KEEP of its size: dropped for the
    # sentence's largest size, it left the sum's row "0 = 0 0 0" unnamed in misère at 100%
    # and at every 200% size (QA19 9, 1280x800 fr). Then the sentence alone.
    most = max(min_px, words.px)
    keep = max(min_px, math.ceil(most * CAPTION_KEEP))
    tries = [(True, px) for px in range(most, keep - 1, -1)]
    tries += [(False, px) for px in range(most, min_px - 1, -1)]
    # Last, the meaning alone under that size (not under 10 px) rather than cut: French
    # misère's rule at 200% of 1024x768.
    tries += [(False, px) for px in range(min_px - 1, 9, -1)]
    for with_caption, px in tries:
        caption_w, line_h = txt.size(caption, px)
        step = round(line_h * 1.05)
        head = round(line_h * 1.3) if with_caption else 0
        blocks = []
        x = min(centre_x, rect.right - (caption_w + 1) // 2)
        if words.top and row is not None:
            beside = row.union(pygame.Rect(round(x - caption_w / 2), round(top), caption_w,
                                           head)) if with_caption else row
            blocks.append((beside.top, beside.bottom, beside.left - px // 2 - words.left))
            start = words.top
        else:
            start = top + head
        placed = flow(meaning, px, start, step, line_h, full, blocks)
        if placed[-1][1] + step <= rect.bottom:
            break
    if with_caption:
        txt.blit_text(surface, caption, px, theme.text_muted, (round(x), round(top)), "midtop")
    kept = [(line, y) for line, y in placed if y + step <= rect.bottom] or placed[:1]
    if len(kept) < len(placed):  # not even the smallest size holds it: say so with an ellipsis
        last, y = kept[-1]
        kept[-1] = (txt.ellipsize(last + "…", full, px), y)
    placed = kept
    for line, y in placed:
        if blocks:  # from the board's left, as the lines beside the row must
            txt.blit_text(surface, line, px, theme.text_muted, (words.left, round(y)))
        else:
            txt.blit_text(surface, line, px, theme.text_muted, (rect.right, round(y)),
                          "topright")


def flow(text: str, px: int, top: float, step: int, line_h: int, full: int,
         blocks: Sequence[tuple[float, float, int]]) -> list[tuple[str, float]]:
    """``text`` wrapped at ``px`` into lines from ``top`` down, ``step`` apart (each
    ``line_h`` high): as wide as ``full``, or where a line is level with one of ``blocks``
    (its top, its bottom and the width left of it), as that width; a line whose first word
    is wider than that starts under the block instead. Each line with its top."""
    placed: list[tuple[str, float]] = []
    rest, y = text, float(top)
    while rest:
        level = [(bottom, width) for b_top, bottom, width in blocks
                 if y < bottom and y + line_h > b_top]
        width = min((w for _b, w in level), default=full)
        line = txt.wrap(rest, max(1, width), px)[0]
        if level and txt.size(line, px)[0] > width:
            y = max(bottom for bottom, _w in level)  # not a word fits beside it: under it
            continue
        placed.append((line, y))
        rest = rest[len(line):].lstrip()
        y += step
    return placed


def _draw_row(surface: pygame.Surface, number: str, bits_text: str, before: str | None,
              first_digit: float, digit_w: float, y: float, px: int, theme: Theme,
              colour: Colour) -> None:
    """One heap's row: its size, then its binary digits (those a move flips in the accent)."""
    txt.blit_text(surface, number, px, theme.text_muted,
                  (round(first_digit - px * 0.3), round(y)), "midright")
    for i, digit in enumerate(bits_text):
        flipped = before is not None and before[i] != digit
        shade = theme.accent if flipped else (colour if digit == "1" else theme.text_muted)
        cx = first_digit + digit_w * (i + 0.5)
        txt.blit_text(surface, digit, px, shade, (round(cx), round(y)), "center",
                      bold=digit == "1" or flipped)
