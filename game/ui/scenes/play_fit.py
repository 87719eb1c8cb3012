"""Buttons of the play screen placed with a text size their label fits at.

A button shrinks its label to 80% of the size it is given, then cuts it. With the text-size
setting at its largest, "Enregistrer" or "◀ Reculer" did not fit even so in the play panel's
half-width buttons at 1024x768; placed here, each button gets the largest size up to the
body size at which its whole label fits, down to 80% of the small size.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ui import text
from game.ui.boards.base import needed_width
from game.ui.boards.chip_look import PLAIN, ChipLook
from game.ui.widgets import Button, Metrics, normal_body, readable_size

if TYPE_CHECKING:
    from game.ui.reasoning import LegendRow
    from game.ui.scenes.play import PlayScene

#: A word of the legend as one paragraph: its text, bold, colour name and chip look.
Token = tuple[str, bool, str, ChipLook]

#: A button row's height in body sizes; with large text (see :data:`LARGE_TEXT`), less: at
#: 200% of 1920x1080 the panel's four rows of buttons left the AI's reasoning no room. 1.8,
#: not 2: at 1920x1080 in French three rows of two took Nim's rule line (59 px a button).
#: 1.5, not 1.6: at 200% of 1280x720 in French Morpion's two rows left no row of the move
#: list under two facts and the legend (54 px a button, 51 now).
ROW_BODIES = 1.8
LARGE_ROW_BODIES = 1.5
#: Body text this many times its normal size or more is large.
LARGE_TEXT = 1.15
#: With large text, the least size of the panel's words (the AI's reasoning, the legend,
#: the move list) as a share of the small size: 0.8 left Othello's second fact or its move
#: list no room at a true 200% of 1280x720 (46 px body text), 0.7 keeps both (28 px, 1.4
#: times the normal small size).
LEAST_WORDS_SHARE = 0.7

#: The side panel's share of the window's width at the normal text size, and at most.
PANEL_SHARE = 0.32
PANEL_SHARE_MAX = 0.42
#: The most of the window's width the panel takes when the board, limited by the height, leaves
#: width unused (Connect 4 at 1920x1080): the status line above the board keeps the rest.
PANEL_SHARE_WIDE = 0.5


def panel_share(text_scale: float) -> float:
    """The side panel's share of the window's width when text is ``text_scale`` times its
    normal size: wider for larger text (at 140%, 39%), so its buttons and the seats' names
    keep their words; the boards are square and lose little."""
    return min(PANEL_SHARE_MAX, PANEL_SHARE * float(max(1.0, text_scale) ** 0.6))


def two_columns(rows: list[list[Button]], width: int, px: int, ends: int,
                gap: int) -> list[int] | None:
    """The widths of two columns of buttons ``width`` wide with ``gap`` between them, where
    equal halves would not hold a label at ``px`` (the least size allowed) and columns as
    wide as their widest label (plus ``ends``, the rounded ends) would: the spare shared
    between them. None where the halves hold every label, a row is not of two, or even so
    a label does not fit. With the small size at the readable one (20 px at 1024x768),
    "Enregistrer" / "Save game" needed 141 px of a 134-px half (QA20 2); the panel's content
    keeps its margins (a block wider than the cards ran to the panel's border) and the board
    its width (a wider panel took the engine line's "positions" in Nim)."""
    if not rows or any(len(line) != 2 for line in rows):
        return None
    need = [max(text.size(line[c].label(), px, True)[0] for line in rows) + ends
            for c in (0, 1)]
    spare = width - gap - sum(need)
    if max(need) <= (width - gap) // 2 or spare < 0:
        return None
    return [need[0] + spare // 2, need[1] + spare - spare // 2]


def panel_width(scene: PlayScene, status_h: int) -> int:
    """The side panel's width: its share of the window (:func:`panel_share`), and the
    width the board does not need as well (up to :data:`PANEL_SHARE_WIDE`), so the board
    stays as large as the height allows and the panel keeps its legend and move list
    (at 1920x1080 Connect 4's board left a third of the width empty while the legend's
    colour row and the move list dropped out of the panel). Remembered in the scene's
    ``panel_width_memo`` for the window, body size and status height it was worked out for."""
    w, h = scene.app.size
    m = scene.app.metrics
    least = int(w * panel_share(m.body / normal_body(scene.app.size)))
    key = (w, h, m.body, status_h, least)
    if scene.panel_width_memo[0] != key:
        width = least
        if scene.view is not None:
            pad = m.pad
            board = pygame.Rect(pad * 2, pad * 2 + status_h, w - least - pad * 6,
                                h - status_h - pad * 4)
            need = needed_width(scene.view, board, scene.board_state)
            width = max(least, min(int(w * PANEL_SHARE_WIDE), w - need - pad * 6))
        scene.panel_width_memo = (key, width)
    return scene.panel_width_memo[1]


def large_text(m: Metrics, size: tuple[int, int]) -> bool:
    """True when the text-size setting makes body text clearly larger than normal."""
    return m.body > normal_body(size) * LARGE_TEXT


def readable_px(size: tuple[int, int]) -> int:
    """The smallest text a class reads in a window of ``size``: :data:`BODY_MIN_FRACTION` of
    its height (buttons' labels may shrink to fit, never under this with normal text)."""
    return readable_size(size)


def body_at_100(m: Metrics, size: tuple[int, int]) -> int:
    """The body size at 100% text, never over the current body size (``m``) nor under the
    readable size: for a line of notes (the lab's last game, the tournament's last run) that
    at 200% took the room of what it notes on two large lines."""
    return min(m.body, max(Metrics.for_size(size).body, readable_px(size)))


def least_legend_px(m: Metrics, size: tuple[int, int]) -> int:
    """The least text size of the score legend with large text: the normal small size,
    :data:`LEAST_WORDS_SHARE` of the current small size, never under the window's readable
    size. One place for the panel's legend (play_explain) and the strip under the board
    (play_board), so they cannot drift."""
    return max(Metrics.for_size(size).small, int(m.small * LEAST_WORDS_SHARE),
               readable_px(size))


def button_row(m: Metrics, size: tuple[int, int]) -> int:
    """The height of a row of the play screen's buttons in a window of ``size``."""
    return int(m.body * (LARGE_ROW_BODIES if large_text(m, size) else ROW_BODIES))


def label_px(label: str, rect: pygame.Rect, m: Metrics) -> int:
    """The largest size up to ``m.body`` (not under 80% of ``m.small``) at which ``label``
    fits a button of ``rect`` (its rounded ends take a third of its height)."""
    return text.fit_px(label, rect.width - rect.height // 3, m.body, True, int(m.small * 0.8))


def place_fitted(button: Button, rect: pygame.Rect, m: Metrics) -> None:
    """Place ``button`` in ``rect`` with the text size its label fits at."""
    button.place(rect, label_px(button.label(), rect, m))


def label_widths(buttons: list[Button], px: int, room: int, ends: int) -> list[int]:
    """The widths of ``buttons`` side by side in ``room`` pixels: each its label's width at
    ``px`` plus ``ends``, and an equal share of what is left; empty when they do not fit."""
    widths = [text.size(b.label(), px, True)[0] + ends for b in buttons]
    spare = room - sum(widths)
    if spare < 0:
        return []
    return [w + spare // len(buttons) for w in widths]


def _shares(buttons: list[Button], px: int, room: int) -> list[int]:
    """The widths of ``buttons`` sharing ``room`` pixels in proportion to their labels'
    widths at ``px``."""
    needs = [max(1, text.size(b.label(), px, True)[0]) for b in buttons]
    return [room * need // sum(needs) for need in needs]


def place_row(buttons: list[Button], rect: pygame.Rect, gap: int, m: Metrics,
              least: int | None = None) -> None:
    """Place ``buttons`` side by side in ``rect`` (``gap`` apart) with one text size, the
    largest up to the body size at which every label fits: each button as wide as its label
    at that size plus an equal share of what is left. Two equal halves drew the review's
    "Enregistrer" smaller than "Ouvrir" beside it (200% of 1280x800 in French). ``least``:
    the smallest size tried (80% of the small size by default); under that, the row keeps
    the size all its labels fit at, one size for all (the play panel's "Annuler · Indice ·
    Plus…" at 200% of 1024x768 fits at 27 px: the button's own shrinking drew "Annuler"
    at 22 px beside 28 px labels)."""
    room = rect.width - gap * (len(buttons) - 1)
    ends = rect.height // 3 + m.pad // 2
    floor = int(m.small * 0.8)
    least = floor if least is None else min(least, floor)
    px = m.body
    while px > least and not label_widths(buttons, px, room, ends):
        px -= 1
    # Where not even the least size fits, each button's share of the row is its label's
    # share (equal thirds drew "Reprendre" at 16 px beside "Plus…" at 20, at 200% of
    # 1024x768 in French: one ratio for all shrinks every label alike).
    widths = label_widths(buttons, px, room, ends) or _shares(buttons, px, room)
    rects, x = [], rect.left
    for w in widths:
        rects.append(pygame.Rect(x, rect.top, w, rect.height))
        x += w + gap
    # One size for the row: the size its tightest label fits at.
    if px >= floor:
        px = min(label_px(b.label(), r, m) for b, r in zip(buttons, rects, strict=True))
    for b, r in zip(buttons, rects, strict=True):
        b.place(r, px)


def button_width(label: str, height: int, m: Metrics) -> int:
    """The width a button ``height`` high needs to show ``label`` whole at the body size."""
    return text.size(label, m.body, True)[0] + height // 3 + m.pad


#: The status line's headline row above the board, in heading sizes: its detail starts this
#: far under its top.
HEADLINE_ROW = 1.35
#: With large text, the status detail's lines at the panel's least words' size: the widest
#: engine line ("Profondeur 20 · meilleur a (−12,3) · 123 456 789 positions") takes two at
#: 200% of 1024x768 in French, its time giving way (see play_board.detail_lines).
DETAIL_LINES = 2


def status_height(m: Metrics, size: tuple[int, int]) -> int:
    """The status line's height above the board: a headline and a detail line; with large
    text (see :func:`large_text`) a headline and :data:`DETAIL_LINES` lines of the panel's
    least words (the engine line or a review's note did not fit one line at 200%; room for
    a body line and a small one, 301 px at 200% of 1920x1080, kept Connect 4's board, whose
    limit is the height, at 80 px cells)."""
    if large_text(m, size):
        line = text.font(least_legend_px(m, size)).get_linesize()
        # (And the review's frame round the board, half a pad out and 3 px thick, clear of
        # the detail's last line: "(coup 2)." touched it at 200% of 1024x768.)
        frame = m.pad // 2 + max(3, m.line * 3)
        return int(m.heading * HEADLINE_ROW) + DETAIL_LINES * line + frame
    return int(m.heading * 1.4 + m.body * 1.5)


def detail_room(m: Metrics, size: tuple[int, int]) -> int:
    """The height the status line keeps for its detail's lines, under the headline."""
    if large_text(m, size):
        return DETAIL_LINES * text.font(least_legend_px(m, size)).get_linesize()
    return status_height(m, size) - int(m.heading * HEADLINE_ROW)


def wrapped_lines(words: str, width: int, m: Metrics, least: int, room: int,
                  bold: bool = False) -> tuple[list[str], int] | None:
    """``words`` wrapped to ``width`` at the largest size from the small size down to
    ``least`` whose lines all fit ``room`` pixels high, and that size; None when none do."""
    for px in range(m.small, min(m.small, least) - 1, -1):
        lines = text.wrap(words, width, px, bold)
        high = len(lines) * text.font(px).get_linesize()
        if high <= room and all(text.size(line, px, bold)[0] <= width for line in lines):
            return lines, px
    return None


class LegendLine(NamedTuple):
    """One line of the legend as drawn: its sample (bold, in :attr:`colour`), where its words
    start and its words; a line of the legend as one paragraph has :attr:`runs` instead."""

    sample: str
    indent: int
    words: str
    colour: str
    #: (x from the line's left, text, bold, colour name) of each run of a paragraph's line.
    runs: tuple[tuple[int, str, bool, str], ...] = ()
    #: (x from the line's left, width, look) of each sample drawn in a chip's look (a bound
    #: dashed, a shallow estimate lighter), as the board draws it (see
    #: :mod:`game.ui.boards.chip_look`).
    marks: tuple[tuple[int, int, ChipLook], ...] = ()


def legend_lines(rows: list[LegendRow], px: int, width: int, large: bool) -> list[LegendLine]:
    """The legend's ``rows`` wrapped to ``width`` at ``px``; a row's wrapped lines keep its
    indent, under its words, not under its sample. With ``large`` text a row's later lines
    take the whole width (under the sample): indented, the first row took four lines at 200%
    of 1024x768 and the move list had no room left. The legend as one paragraph flows its
    kinds one after another (see :func:`paragraph_lines`)."""
    lines: list[LegendLine] = []
    for row in rows:
        if row.parts:
            lines += paragraph_lines(row.parts, px, width)
            continue
        sample = f"{row.sample}  " if row.sample else ""
        indent = text.size(sample, px, True)[0] if sample else 0
        parts = text.wrap(row.words, max(1, width - indent), px)
        if large and len(parts) > 1:
            rest = " ".join(row.words.split(" ")[len(parts[0].split(" ")):])
            parts = parts[:1] + text.wrap(rest, width, px)
        marks = ((0, text.size(row.sample, px, True)[0], row.look),) if row.look.shows else ()
        for i, part in enumerate(parts):
            lines.append(LegendLine(sample if i == 0 else "",
                                    indent if i == 0 or not large else 0, part, row.colour,
                                    marks=marks if i == 0 else ()))
    return lines


def paragraph_lines(parts: tuple[tuple[str, str, str, ChipLook], ...], px: int,
                    width: int) -> list[LegendLine]:
    """The legend's kinds (sample, words, colour, the sample's look) as one paragraph wrapped
    to ``width`` at ``px``, word by word, each sample bold in its colour as in the legend's
    rows (the paragraph drew "W5" plain among the words, hard to find, QA S15); in the text's weight
    where bold would cost the paragraph a line (Connect 4 vs the engine at 200% of 1024x768
    in French: the facts went from 36 to 32 px for it). Remembered, as text.wrap is: the
    legend's fitting asks for the same paragraph at each of its sizes every frame."""
    return list(_paragraph_lines(parts, px, width))


@functools.lru_cache(maxsize=256)
def _paragraph_lines(parts: tuple[tuple[str, str, str, ChipLook], ...], px: int,
                     width: int) -> tuple[LegendLine, ...]:
    """The lines of :func:`paragraph_lines`: bold samples, or plain where bold costs a line."""
    bold = _paragraph(parts, px, width, True)
    plain = _paragraph(parts, px, width, False)
    return tuple(bold if len(bold) <= len(plain) else plain)


def _paragraph(parts: tuple[tuple[str, str, str, ChipLook], ...], px: int, width: int,
               bold_samples: bool) -> list[LegendLine]:
    """The paragraph of :func:`paragraph_lines`, its samples bold or not."""
    dot: Token = ("\u00b7", False, "text", PLAIN)
    # Groups of tokens that stay on one line: a sample with its first word (a bold "+3" at
    # a line's end and its meaning on the next read as two things, QA18 10), else a word.
    groups: list[list[Token]] = []
    for sample, words, colour, look in parts:
        if groups:
            groups.append([dot])
        said = [(word, False, "text", PLAIN) for word in words.split(" ") if word]
        if sample:
            groups.append([(sample, bold_samples, colour, look), *said[:1]])
            said = said[1:]
        groups += [[token] for token in said]
    space = text.size(" ", px)[0]
    # (A pair wider than the column alone goes word by word, as before.)
    groups = [part for group in groups for part in (
        [group] if len(group) == 1 or _runs(group, px, space)[1] <= width
        else [[token] for token in group])]
    wrapped: list[list[Token]] = []
    for group in groups:
        # Measured as drawn, a run of one style at a time: word by word, the widths' sum
        # ran past what the text's own wrapping fits on a line.
        if wrapped and _runs([*wrapped[-1], *group], px, space)[1] <= width:
            wrapped[-1] += group
        elif group != [dot]:  # (the dot ends a line or goes: a new line parts the kinds)
            wrapped.append(list(group))
    return [_runs_line(line, px, space) for line in wrapped]


def _runs_line(tokens: list[Token], px: int, space: int) -> LegendLine:
    """One line of the paragraph: its tokens joined into runs of one style, placed, and the
    samples drawn in a chip's look marked."""
    runs, _width = _runs(tokens, px, space)
    marks = tuple((x, text.size(said, px, bold)[0], look)
                  for (x, said, bold, _c), look in runs if look.shows)
    return LegendLine("", 0, " ".join(token[0] for token in tokens), "text",
                      tuple(run for run, _look in runs), marks)


def _runs(tokens: list[Token], px: int,
          space: int) -> tuple[list[tuple[tuple[int, str, bool, str], ChipLook]], int]:
    """``tokens`` (word, bold, colour, look) as runs of one style (x, text, bold, colour),
    each with its look, and the width they take at ``px``. A sample with a look of its own
    is a run of its own, as its chip is."""
    runs: list[tuple[tuple[int, str, bool, str], ChipLook]] = []
    x = width = 0
    for word, bold, colour, look in tokens:
        if runs and not look.shows and runs[-1][1] == PLAIN and runs[-1][0][2:] == (bold, colour):
            (start, said, _b, _c), _look = runs.pop()
            x = start
            word = f"{said} {word}"
        runs.append(((x, word, bold, colour), look))
        width = x + text.size(word, px, bold)[0]
        x = width + space
    return runs, width
