"""Nim's board as a class reads it: one heap is one group (issue 12 #13), and Marienbad shows
its arithmetic, each heap in binary with the columns' parity and the nim-sum."""

from __future__ import annotations

import os

import pygame
import pytest

from game.rules.nim import NimMove, NimOptions, NimState
from game.rules.registry import get_game
from game.ui.boards import BoardContext
from game.ui.boards.nim import MatchRef, NimController, NimView
from game.ui.boards.nim_table import (
    Change,
    after_change,
    bit_count,
    column_parities,
    digits,
    nim_sum,
)
from game.ui.theme import THEMES

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

#: Board rectangles from a menu card to the play screen at 1920x1080.
RECTS = [(150, 130), (300, 200), (620, 600), (900, 950), (1200, 900), (400, 700)]


def _state(**options: object) -> NimState:
    info = get_game("nim")
    state: NimState = info.initial_state(info.options(**options))
    return state


@pytest.mark.parametrize("size", RECTS)
@pytest.mark.parametrize("matches", [12, 20, 30])
def test_a_single_heap_is_one_row_or_one_tray(size: tuple[int, int], matches: int) -> None:
    """Twenty matches were drawn as two rows of ten, which read as two heaps."""
    pygame.init()
    view = NimView(THEMES["default"])
    state = _state(matches=matches)
    view.layout(pygame.Rect(0, 0, *size), state)
    (box,) = view._boxes
    ys = {view.centre_of(MatchRef(0, i))[1] for i in range(matches)}
    if len(ys) > 1:
        # Several rows only where one row would halve the matches, and then on one tray.
        assert box.rows == len(ys) and box.tray().contains(
            pygame.Rect(box.slot_rect(0)).union(box.slot_rect(matches - 1)))
    if size[0] >= 600 and matches <= 20:
        assert len(ys) == 1, f"{matches} matches in {len(ys)} rows at {size}"


@pytest.mark.parametrize("size", [(150, 130), (170, 150), (240, 180)])
def test_the_menu_card_shows_twenty_matches_as_one_heap(size: tuple[int, int]) -> None:
    """The menu's Nim card (about 170x150 at 1024x768) drew the default heap of 20 as two rows
    of ten with a gap, which read as two heaps even on one tray (seen in the screenshots)."""
    pygame.init()
    view = NimView(THEMES["default"])
    view.layout(pygame.Rect(0, 0, *size), _state(matches=20))
    ys = {view.centre_of(MatchRef(0, i))[1] for i in range(20)}
    assert len(ys) == 1, f"20 matches in {len(ys)} rows on a {size} card"


def test_nim_sum_arithmetic() -> None:
    assert nim_sum((1, 3, 5, 7)) == 0
    assert nim_sum((3, 4, 5)) == 2
    assert digits(5, 3) == "101" and digits(2, 4) == "0010"
    assert bit_count((1, 3, 5, 7)) == 3 and bit_count((1, 3, 5, 7, 9)) == 4
    # Columns 4, 2, 1 of 3, 4, 5: one 4... two 4s (even), one 2 (odd), two 1s (even).
    assert column_parities((3, 4, 5), 3) == [False, True, False]
    # The odd columns are exactly the nim-sum's ones.
    for heaps in [(1, 3, 5, 7), (2, 3, 4, 5), (5, 5, 5), (1, 2, 3, 9)]:
        bits = bit_count(heaps)
        assert "".join("1" if odd else "0" for odd in column_parities(heaps, bits)) == digits(
            nim_sum(heaps), bits)
    # A previewed move changes the heaps the table adds; the last move is already in them.
    assert after_change((1, 3, 5, 7), Change(3, 7, 6, preview=True)) == (1, 3, 5, 6)
    assert after_change((1, 3, 5, 6), Change(3, 7, 6)) == (1, 3, 5, 6)


def _draw(view: NimView, state: NimState, size: tuple[int, int], **ctx: object) -> None:
    surface = pygame.Surface(size)
    view.layout(pygame.Rect(0, 0, *size), state)
    view.draw(surface, state, BoardContext(theme=THEMES["default"], **ctx))  # type: ignore[arg-type]


def test_marienbad_table_sits_beside_the_heaps_and_follows_the_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    from game.ui.boards import nim_table

    seen: list[tuple[tuple[int, ...], Change | None]] = []
    original = nim_table.draw_nim_table

    def spy(surface: pygame.Surface, rect: pygame.Rect, heaps: tuple[int, ...], *args: object,
            **kwargs: object) -> None:
        seen.append((tuple(heaps), args[3]))  # type: ignore[arg-type]
        original(surface, rect, heaps, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("game.ui.boards.nim.draw_nim_table", spy)
    view = NimView(THEMES["default"])
    state = _state(variant="marienbad").play(NimMove(3, 2, True))
    _draw(view, state, (620, 600), last_move=NimMove(3, 2, True))
    assert view._table.width > 0
    assert all(view._table.left >= box.tray().right - box.slot for box in view._boxes)
    assert seen[-1] == ((1, 3, 5, 5), Change(3, 7, 5))
    # The pointer on a group previews the take: the table adds the heaps it would leave.
    controller = NimController(state)
    hover = view.centre_of(MatchRef(2, 1))
    _draw(view, state, (620, 600), controller=controller, hover=hover, interactive=True)
    assert seen[-1][1] == Change(2, 5, 1, preview=True)
    # One heap: no table.
    single = NimView(THEMES["default"])
    _draw(single, _state(), (620, 600))
    assert single._table.width == 0
    # A menu card: no digits too small to read.
    seen.clear()
    _draw(view, state, (150, 130))
    assert not seen


def test_marienbad_options_type() -> None:
    assert NimOptions(variant="marienbad").heap_sizes == (1, 3, 5, 7)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("misere", [False, True])
def test_marienbad_table_words_are_whole_readable_and_inside_the_board(
        monkeypatch: pytest.MonkeyPatch, language: str, misere: bool) -> None:
    """At 1024x768 the nim-sum's caption and meaning were 13 px (70% of the digits), the
    French caption ran under the side panel and the English meaning was cut ("the player to
    move los…"): they are now near the body size, right-aligned with the table and whole."""
    pygame.init()
    from game.ui import i18n
    from game.ui.boards import nim_table

    monkeypatch.setattr(i18n, "_language", language, raising=False)
    i18n.set_language(language)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    original = nim_table.txt.blit_text

    def spy(surface: pygame.Surface, text: str, px: int, *args: object,
            **kwargs: object) -> pygame.Rect:
        rect = original(surface, text, px, *args, **kwargs)  # type: ignore[arg-type]
        drawn.append((text, px, rect))
        return rect

    monkeypatch.setattr(nim_table.txt, "blit_text", spy)
    view = NimView(THEMES["default"])
    state = _state(variant="marienbad", misere=misere).play(NimMove(3, 1, True))
    body_px = 25  # the play screen's body size at 1024x768
    _draw(view, state, (620, 600), last_move=NimMove(3, 1, True), label_px=body_px)
    # The words come after the nim-sum's digits: its caption (unless the meaning needs its
    # room), then the meaning's lines.
    texts = [t for t, _, _ in drawn]
    first = max(i for i, t in enumerate(texts) if t.endswith("="))
    words = drawn[first + 1:]
    meaning = " ".join(t for t, _, _ in words if t != i18n.tr("boards.nim_sum"))
    expected = i18n.tr("boards.nim_sum_not_zero")
    if misere:
        expected += " " + i18n.tr("boards.nim_sum_misere")
    assert meaning == expected
    for _, px, rect in words:
        assert rect.right <= view._table.right and rect.left >= view.rect.left
        assert rect.bottom <= view._table.bottom
        assert px >= 15  # 13 before: over 60% of the body size, read from the back row
    i18n.set_language("en")


def test_the_elimination_marks_in_a_matchbox_are_larger_than_its_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window (lab, 1024x768, 200% text): the ✓ and ✗ of the elimination
    learner's boxes were drawn at the takes' size, where the font makes them half as tall as
    the "−1" beside them. They are drawn larger (ALLOWED_MARK_SCALE), within the line."""
    from game.ui import text as txt
    from game.ui.boards import nim_matchbox

    pygame.init()
    drawn: dict[str, int] = {}
    real = txt.blit_text

    def spy(surface: pygame.Surface, text: str, px: int, *args: object,
            **kwargs: object) -> pygame.Rect:
        drawn[text] = px
        return real(surface, text, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(nim_matchbox.txt, "blit_text", spy)
    state = NimOptions().initial_state()
    values = {NimMove(0, 1): 1.0, NimMove(0, 2): 0.0, NimMove(0, 3): 1.0}
    surface = pygame.Surface((300, 400))
    nim_matchbox.draw_matchbox(surface, pygame.Rect(0, 0, 300, 400), state, values, "allowed",
                               THEMES["default"], 30)
    assert drawn["\u2713"] > drawn["\u22121"] and drawn["\u2717"] > drawn["\u22121"], drawn


def test_a_one_move_box_draws_its_mark_as_large_as_the_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window (lab, Nim, elimination, 1024x768, 200% text): the box of the
    last match (one take) drew its ✓ tiny. Its one line is the box's whole height, so its
    "−1" was large and the mark, 1.4 times larger, was shrunk into what was left of the
    line's width. The drawn mark is now larger than the take beside it."""
    from game.ui import text as txt
    from game.ui.boards import nim_matchbox

    pygame.init()
    drawn: dict[str, int] = {}
    real = txt.blit_text

    def spy(surface: pygame.Surface, text: str, px: int, *args: object,
            **kwargs: object) -> pygame.Rect:
        rect = real(surface, text, px, *args, **kwargs)  # type: ignore[arg-type]
        drawn[text] = rect.height  # as drawn, after any fitting to the width
        return rect

    monkeypatch.setattr(nim_matchbox.txt, "blit_text", spy)
    state = NimOptions(matches=1).initial_state()
    surface = pygame.Surface((300, 400))
    # A box of the lab's grid at 1024x768 with 200% text: 80 pixels wide, heading size 38.
    nim_matchbox.draw_matchbox(surface, pygame.Rect(0, 0, 80, 110), state,
                               {NimMove(0, 1): 1.0}, "allowed", THEMES["default"], 38)
    assert drawn["\u2713"] > drawn["\u22121"], drawn


def _box_texts(monkeypatch: pytest.MonkeyPatch, box: pygame.Rect, state: NimState,
               values: dict[NimMove, float]) -> list[tuple[str, int, pygame.Rect]]:
    """The texts a beads matchbox of ``state`` drawn in ``box`` at 38 px writes."""
    from game.ui.boards import nim_matchbox
    from tests.ui_helpers import texts_drawn_by

    pygame.init()
    surface = pygame.Surface((400, 300))
    return texts_drawn_by(lambda: nim_matchbox.draw_matchbox(
        surface, box, state, values, "beads", THEMES["default"], 38), monkeypatch)


def test_a_takes_line_is_level_with_the_same_take_in_the_boxes_beside_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review finding (lab, Nim, 1024x768 with 200% text): a box's lines were spread over its
    height, so a two-take box's "−2" sat level with its neighbour's gap between "−2" and
    "−3", and which take a count belonged to was hard to tell. Every box drawn at one size
    now gives a take's line the same height from the top: a take is level with the same take
    in the boxes beside it, and its count is level with it."""
    lines: list[dict[str, int]] = []
    # Boxes of the lab's grid at 1024x768 with 200% text: about 150 x 260, heading size 38.
    for left, matches, takes in ((0, 2, 2), (200, 15, 3)):
        values = {NimMove(0, n): float(10 * n) for n in range(1, takes + 1)}
        drawn = _box_texts(monkeypatch, pygame.Rect(left, 0, 150, 260),
                           NimOptions(matches=matches).initial_state(), values)
        at = {text: rect.centery for text, _px, rect in drawn}
        for n in range(1, takes + 1):
            assert abs(at[str(10 * n)] - at[f"\u2212{n}"]) <= 2, (n, at)
        lines.append(at)
    for n in (1, 2):
        assert abs(lines[0][f"\u2212{n}"] - lines[1][f"\u2212{n}"]) <= 1, (n, lines)


def test_a_marienbad_boxs_heaps_stay_inside_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at 1024x768 (lab, Marienbad 1 · 3 · 5): the heaps' "1 · 3 · 5" over a box ran
    over its sticks and out of the box. It is never wider than 60% of the box."""
    box = pygame.Rect(100, 0, 110, 160)
    state = NimOptions(variant="marienbad", heaps=(1, 3, 5)).initial_state()
    drawn = _box_texts(monkeypatch, box, state, {NimMove(2, 1): 3.0})
    label = next(rect for text, _px, rect in drawn if "\u00b7" in text)
    assert box.contains(label) and label.width <= box.width * 0.6 + 1, (label, box)


@pytest.mark.parametrize("width", [150, 180, 240, 400])
def test_a_boxs_beads_follow_its_counts_whatever_their_width(
        width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at 1920x1080 (lab, Nim, reinforcement): the beads' room was measured line by
    line, so a short count ("−1 • 1") had a bead and a long one ("−2 409") none: the beads
    said the opposite of the counts. Every line now has the room of the widest count: the
    fullest take has the most beads, and beads start at one x on every line."""
    from game.ui.boards import nim_matchbox

    pygame.init()
    dots: list[tuple[int, int]] = []
    real = nim_matchbox.pygame.draw.circle

    def spy(surface: pygame.Surface, colour: object, centre: tuple[int, int], r: int,
            *args: object) -> pygame.Rect:
        dots.append((round(centre[0]), round(centre[1])))
        return real(surface, colour, centre, r, *args)  # type: ignore[arg-type]

    surface = pygame.Surface((500, 500))
    values = {NimMove(0, 1): 1.0, NimMove(0, 2): 409.0, NimMove(0, 3): 279.0}
    state = NimOptions().initial_state()
    monkeypatch.setattr(nim_matchbox.pygame.draw, "circle", spy)
    nim_matchbox.draw_matchbox(surface, pygame.Rect(0, 0, width, 300), state, values, "beads",
                               THEMES["default"], 40)
    header = min(300 * 0.26, 40 * 2.2)
    beads = [(x, y) for x, y in dots if y > header]  # not the match heads above
    per_line: dict[int, list[int]] = {}
    for x, y in beads:
        per_line.setdefault(y, []).append(x)
    counts = [len(per_line.get(y, [])) for y in sorted(per_line)]
    assert per_line or width < 400  # a wide box has room for beads
    if per_line:
        assert len(per_line) == 3, per_line
        assert counts[1] == max(counts) and counts[1] > counts[2] > 0, counts
        assert len({min(xs) for xs in per_line.values()}) == 1


@pytest.mark.parametrize("width", [180, 220, 260, 400])
def test_beads_stay_clear_of_a_changed_take_s_before_and_after(
        width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review finding: in the One game view a changed take's "1→2" is wider than the plain
    counts the beads' room was measured on, and beads were drawn under it."""
    from game.ui.boards import nim_matchbox

    pygame.init()
    dots: list[pygame.Rect] = []
    texts: list[tuple[str, pygame.Rect]] = []
    real_circle = nim_matchbox.pygame.draw.circle
    real_blit = nim_matchbox.txt.blit_text

    def circle(surface: pygame.Surface, colour: object, centre: tuple[int, int], r: int,
               *args: object) -> pygame.Rect:
        dots.append(pygame.Rect(round(centre[0]) - r, round(centre[1]) - r, 2 * r, 2 * r))
        return real_circle(surface, colour, centre, r, *args)  # type: ignore[arg-type]

    def blit(surface: pygame.Surface, s: str, *args: object, **kw: object) -> pygame.Rect:
        drawn = real_blit(surface, s, *args, **kw)  # type: ignore[arg-type]
        texts.append((s, drawn))
        return drawn

    monkeypatch.setattr(nim_matchbox.pygame.draw, "circle", circle)
    monkeypatch.setattr(nim_matchbox.txt, "blit_text", blit)
    values = {NimMove(0, 1): 1.0, NimMove(0, 2): 2.0, NimMove(0, 3): 2.0}
    nim_matchbox.draw_matchbox(pygame.Surface((500, 500)), pygame.Rect(0, 0, width, 300),
                               NimOptions().initial_state(), values, "beads",
                               THEMES["default"], 30, before={NimMove(0, 3): 1.0})
    changed = [rect for s, rect in texts if "\u2192" in s]
    assert changed  # the "1→2" was drawn
    assert not [d for d in dots for rect in changed if d.colliderect(rect)]


@pytest.mark.parametrize("interactive", [True, False])
def test_the_limit_is_a_call_to_action_only_when_a_person_plays(
        interactive: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (session 18's closing note, Nim Greedy vs Greedy at 1024x768 fr 200%):
    "Prenez de 1 à 3" stood in the orange of a call to action in a machines' game, as if the
    class were to take matches. There it is in the text colour; a person to move sees it
    in the accent colour."""
    from game.ui import text as txt

    pygame.init()
    theme = THEMES["default"]
    view = NimView(theme)
    view.layout(pygame.Rect(0, 0, 620, 600), _state())
    drawn: list[tuple[str, object]] = []
    real = txt.blit_text

    def spy(surface: pygame.Surface, said: str, px: int, colour: object, *a: object,
            **k: object) -> pygame.Rect:
        drawn.append((said, colour))
        return real(surface, said, px, colour, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(txt, "blit_text", spy)
    surface = pygame.Surface((620, 600))
    view.draw(surface, _state(), BoardContext(theme=theme, interactive=interactive))
    limit = view._limit_text(_state(), 0, long=True)
    colours = [colour for said, colour in drawn if said and said in limit]
    assert colours, drawn
    expected = theme.accent if interactive else theme.text
    assert all(colour == expected for colour in colours), colours
