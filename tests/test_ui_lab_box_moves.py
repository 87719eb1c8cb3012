"""Where a matchbox puts its "used 8×" line (review finding: counted as if the list filled
row by row, it went over the fourth move of a list of four lines in three columns, and over
the sixth of seven)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.lab_box_moves import ListSize, MoveLine, draw_move_list, list_size, shape_box
from game.ui.theme import THEMES


def test_the_use_line_never_covers_a_move() -> None:
    pygame.init()
    theme = THEMES["default"]
    surface = pygame.Surface((800, 600))
    in_last_row = 0
    for lines_count in range(1, 21):
        lines = [MoveLine(f"m{i}", f"{i}", theme.text) for i in range(lines_count)]
        measured = list_size(lines, 20, "beads")
        for width in range(120, 800, 40):
            for height in (40, 60, 90, 140, 200, 300):
                shape = shape_box(pygame.Rect(0, 0, width, height), measured, footer=True)
                if shape is None or shape.footer is None:
                    continue
                drawn = draw_move_list(surface, shape, lines, measured, "beads", theme)
                assert len(drawn) >= lines_count
                covered = [r for r in drawn if r.colliderect(shape.footer)]
                assert not covered, (lines_count, width, height, shape.columns)
                in_last_row += shape.footer.top < shape.moves.bottom
    # The case the fix is about was met: a footer in the list's last row.
    assert in_last_row > 0


def test_free_columns_counts_the_list_filled_column_by_column() -> None:
    def free(lines: int, columns: int) -> int:
        return ListSize(lines, 40, 30, 20).free_columns(columns)

    assert free(4, 3) == 1   # two columns of two: the third is free
    assert free(7, 3) == 1   # 3 + 3 + 1: the last row of the last column
    assert free(6, 3) == 0
    assert free(5, 2) == 1   # 3 + 2
    assert free(3, 3) == 0
    assert free(1, 3) == 2   # one line in the first column
    assert free(0, 3) == 0


def test_a_box_board_points_only_at_a_move_it_prefers_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA13 23 (1024x640 fr 200%, One game, Morpion elimination): a box's board drew its
    arrow from b2 to c1, one of its ✓ moves, all alike, beside "b2-a2 ✓ → ✗": a class read
    it as the move played. The board points at a move only where the learner prefers it
    alone (beads, Q-values); an elimination box with several ✓ points at none."""
    from game.ui.boards.base import BoardContext
    from tests.lab_helpers import large_boxes

    app, lab = large_boxes((1024, 640), "fr", "morpion", "elimination", 300)
    knowledge = lab.knowledge
    view = knowledge._board_view()
    assert view is not None
    hints: list[object] = []
    real = type(view).draw

    def spy(self: object, surface: pygame.Surface, state: object, ctx: BoardContext) -> None:
        hints.append(ctx.hint_move)
        real(self, surface, state, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(type(view), "draw", spy)
    mixed = 0  # boxes seen with several ✓ and some ✗
    for _page in range(min(60, knowledge.pages())):
        hints.clear()
        knowledge.draw(app.screen, None)  # type: ignore[attr-defined]
        page = [box for _cell, box in knowledge.box_rects]
        assert len(hints) == len(page) >= 1
        for hint, box in zip(hints, page, strict=True):
            allowed = [move for move, value in box.values.items() if value > 0]
            assert hint is None or len(allowed) == 1, (hint, box.values)
            mixed += len(allowed) > 1 and len(allowed) < len(box.values)
        knowledge.turn_page(+1)
    assert mixed, "the test needs a box with several ✓ and some ✗"
    app.shutdown()  # type: ignore[attr-defined]


def test_a_change_under_the_shown_precision_reads_as_a_change() -> None:
    """Seen at 1920x1080 fr 200% after One game: a Q-learner's box outlined as changed read
    "b1-b2  −0,63 → −0,63" (a step under a hundredth). The two values now take as many
    decimals as tell them apart (up to four); bead counts and 0/1 are unchanged."""
    from game.ui.scenes.lab_box_moves import change_texts, move_lines

    assert change_texts(-0.6302, -0.6341, "value") == ("\u22120.630", "\u22120.634")
    assert change_texts(-0.5, -0.25, "value") == ("\u22120.50", "\u22120.25")
    assert change_texts(3, 6, "beads") == ("3", "6")
    lines = move_lines({"b1-b2": -0.6341, "a1-a2": -0.67}, str, "value",
                       THEMES["default"], {"b1-b2": -0.6302, "a1-a2": -0.67})
    assert lines[0].value == "\u22120.630 → \u22120.634" and lines[0].changed
