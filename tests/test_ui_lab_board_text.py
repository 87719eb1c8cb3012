"""The learning lab's small boards write their text at the readable size where their room
allows: Hexapawn's coordinates on a box's picture in the Matchboxes view (15 px at 1024x768
with 200% text, the readable size 20) and the live Nim game's limit and goal above its heap
while one game is watched (12 and 10 px)."""

from __future__ import annotations

import pygame
import pytest

from game.rules.nim import NimOptions
from game.ui.boards.base import COORDINATES_MAX
from game.ui.boards.nim import NimView
from game.ui.scenes.play_fit import readable_px
from game.ui.theme import get_theme
from tests.lab_helpers import large_boxes, large_lab, live_nim_header
from tests.ui_helpers import (
    BOARD_COORDINATES,
    texts_drawn_by,
)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_hexapawn_boxes_write_their_coordinates_readable(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The box's picture has room for letters of the readable size (the board gives up a few
    pixels of its margin; they were 15 and 16 px); at 1920x1080 the picture was smaller than
    the letters need (24 px, a board's coordinates being at most 0.45 of a cell): the grid of
    boxes now keeps each board large enough for them."""
    app, lab = large_boxes(size, language, "hexapawn", "elimination", 60)
    drawn = texts_drawn_by(lambda: lab.knowledge.draw(app.screen, None), monkeypatch)
    coordinates = [(px, rect) for value, px, rect in drawn if value in BOARD_COORDINATES]
    assert coordinates
    least = readable_px(size)
    cells = [cell for cell, _box in lab.knowledge.box_rects]
    for _px, rect in coordinates:
        # Inside its box, never over the list of moves beside the board.
        assert any(cell.contains(rect) for cell in cells), rect
        assert not any(shape.moves.colliderect(rect) for shape, _px in
                       lab.knowledge.box_shapes), rect
    view = lab.knowledge._board_view()
    assert view is not None and view.grid is not None
    # The readable size, the boards large enough for it (at 1920x1080 they were 24 px, a
    # board's coordinates being at most 0.45 of a cell: the grid of boxes now keeps each
    # board as large as that needs).
    assert view.grid.cell * COORDINATES_MAX >= least
    assert min(px for px, _rect in coordinates) >= least


def test_a_small_nim_board_writes_its_limit_and_goal_readable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The live game's rectangle at 1024x768 with 200% text: with the window's readable size
    asked for, the limit and the goal are written at it above the heap (the goal wraps where
    it is too long), inside the board; without it (a menu card, a rules page) nothing
    changes."""
    from game.ui.boards.base import BoardContext

    pygame.display.init()
    surface = pygame.Surface((1024, 768))
    view = NimView(get_theme("default"))
    state = NimOptions().initial_state()
    rect = pygame.Rect(60, 440, 392, 300)
    view.layout(rect, state)

    def texts(least: int) -> list[tuple[str, int, pygame.Rect]]:
        return texts_drawn_by(lambda: view.draw(surface, state, BoardContext(
            theme=view.theme, coords_px=least)), monkeypatch)

    before = texts(0)
    assert before and min(px for _v, px, _r in before) < 20  # the small header, as it was
    after = texts(20)
    assert len(after) >= 2
    heaps = min(box.origin[1] for box in view._boxes)
    for _value, px, drawn in after:
        assert px >= 20
        assert rect.contains(drawn) and drawn.bottom <= heaps


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_live_nim_game_writes_its_header_readable(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While one game of Nim is watched in the lab at 1024x768 with 200% text, the live
    board's limit and goal are at least the readable size (they were 12 and 10 px)."""
    app, lab = large_lab((1024, 768), language)
    header = live_nim_header(app, lab, monkeypatch)  # type: ignore[arg-type]
    assert header
    assert min(px for _value, px, _rect in header) >= readable_px((1024, 768))


@pytest.mark.parametrize("kind", ["reinforcement", "qlearning"])
def test_a_nim_boxs_take_and_count_do_not_read_as_one_number(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window at 200% of 1920x1080: a reinforcement box's lines read "−1 421",
    the take and its bead count a few pixels apart in the same bold type and colour. The take
    is now regular and muted, the count (or Q-value) bold: two kinds of type on every line."""
    from game.ui import text as text_module

    app, lab = large_boxes((1920, 1080), "en", "nim", kind, 300)
    styles: dict[str, set[tuple[bool, tuple[int, ...]]]] = {"take": set(), "value": set()}
    real = text_module.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, colour: tuple[int, ...],
            *args: object, **kwargs: object) -> pygame.Rect:
        part = "take" if line.startswith("\u2212") and line[1:].isdigit() else "value"
        styles[part].add((bool(kwargs.get("bold")), tuple(colour)[:3]))
        return real(surface, line, px, colour, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "blit_text", spy)
    from game.ui.boards import presenter_for

    theme = app.theme  # type: ignore[attr-defined]
    for _cell, box in lab.knowledge.box_rects:
        presenter_for("nim").draw_matchbox(app.screen, pygame.Rect(0, 0, 260, 420), box.state,
                                          box.values, lab.learner.score_kind, theme, 48)
    assert styles["take"] == {(False, tuple(theme.text_muted)[:3])}, styles
    assert styles["value"] and all(bold for bold, _colour in styles["value"]), styles
    app.shutdown()  # type: ignore[attr-defined]


def test_a_nim_boxs_change_under_the_hundredth_reads_as_a_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (labview, real window 1920x1080 en 100%, after One game with Q-learning):
    Nim's own matchbox wrote changed takes as "−0.25→−0.25" and "+1.44→+1.44", a step under
    the hundredth. It now writes as many decimals as tell the two apart, as the lab's move
    lists do ("−0.250→−0.254"); beads unchanged ("3→6")."""
    from game.ui.boards.nim import NimMove
    from game.ui.boards.nim_matchbox import draw_matchbox
    from tests.ui_helpers import texts_drawn_by

    pygame.init()
    surface = pygame.Surface((600, 600))
    state = NimOptions().initial_state()
    moves = [NimMove(0, count) for count in (1, 2, 3)]
    theme = get_theme("default")

    def drawn(values: list[float], before: list[float], kind: str) -> list[str]:
        return [line for line, _px, _rect in texts_drawn_by(
            lambda: draw_matchbox(surface, surface.get_rect(), state,
                                  dict(zip(moves, values, strict=True)), kind, theme, 30,
                                  dict(zip(moves, before, strict=True))), monkeypatch)]

    lines = drawn([-0.2541, 1.44, 0.5], [-0.2502, 1.4412, 0.5], "value")
    assert "\u22120.250\u2192\u22120.254" in lines, lines
    assert "+1.441\u2192+1.440" in lines, lines
    assert "3\u21926" in drawn([6, 2, 1], [3, 2, 1], "beads")


@pytest.mark.parametrize(("size", "language", "limit", "goal"),
                         [((1920, 1080), "fr", 60, 48), ((1280, 800), "fr", 44, 35),
                          ((1280, 720), "en", 40, 32), ((1024, 640), "fr", 35, 28),
                          ((1024, 768), "fr", 40, 32)])
def test_the_live_nim_games_rule_lines_grow_where_the_board_is_wide(
        size: tuple[int, int], language: str, limit: int, goal: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (labview's ASK, 1920x1080 fr 200%): One game of Nim in the lab wrote "Prenez
    de 1 à 3" at 30 px and the goal at the readable 27 (body 70) over 160 px matches on a
    wide, short board; 24/20 at 1280x800 fr, 21/18 at 1280x720 en, 19/16 at 1024x640 fr,
    while 1024x768 fr had 40/32. The lines now take up to 45% of such a board's height:
    65/52, 48/38, 43/34, 38/30 px (1024x768 unchanged)."""
    app, lab = large_lab(size, language)
    header = live_nim_header(app, lab, monkeypatch)  # type: ignore[arg-type]
    sizes = [px for _value, px, _rect in header]
    assert len(sizes) == 2 and sizes[0] >= limit and sizes[1] >= goal, header
    app.shutdown()  # type: ignore[attr-defined]
