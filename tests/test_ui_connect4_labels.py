"""Connect 4's score labels: each over its own column, the person's marks clear of them
(issue 12, QA 24 and 43, found in a real window).

Regression: at 200% of 1024x768 against MCTS, the AI's visit counts stayed through the
person's turn in two staggered rows above the columns: the red disc over the hovered column
was hidden under "104"/"102", the legal columns' dots under the labels, and a chip nearly two
columns wide made "156" look as if it belonged to b or c (alpha-beta's "−9" and "−11" floated
between columns at 1920x1080). Now the labels stand in one row of caps, each as wide as its
column, above a band kept for the dots and the disc about to drop.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.boards import connect4
from game.ui.boards.connect4 import Connect4View, column
from tests.play_helpers import labelled_game
from tests.test_ui_play_legend_kinds import explained_replies
from tests.ui_helpers import frame

AIS = ["minimax:depth=2", "alphabeta:depth=3", "mcts:iterations=1000", "elimination"]


def hover(app: object, view: Connect4View, col: int | None) -> None:
    """Move the mouse over column ``col``'s top hole (None: off the board), one frame."""
    pos = view.centre_of(column(col)) if col is not None else (2, 2)
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),  # type: ignore
                                   buttons=(0, 0, 0))])


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize(("size", "lang"), [((1024, 768), "fr"), ((1920, 1080), "en")])
@pytest.mark.parametrize("ai", AIS)
def test_each_label_over_its_column_and_the_marks_in_view(
        size: tuple[int, int], lang: str, ai: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chips, app, play = labelled_game(monkeypatch, connect4, size, lang, "connect4", ai)
    theme = app.theme
    turns = 0
    for answered in explained_replies(app, play, random.Random(5), 3, both=True):
        view = play.view
        assert isinstance(view, Connect4View)
        chips.clear()
        frame(app)
        # One row; each chip inside its own column and centred on it.
        assert len({chip.centery for chip in chips}) <= 1, chips
        for chip in chips:
            col = (chip.centerx - view.board.left) // view.cell
            lane = pygame.Rect(view.board.left + col * view.cell, 0, view.cell, 1)
            assert lane.left <= chip.left and chip.right <= lane.right, (chip, lane)
            assert abs(chip.centerx - lane.centerx) <= 1, (chip, lane)
            assert not chip.colliderect(view.marks()) and chip.top >= view.strip.top
        if not answered or not play.match.human_to_move:
            continue
        # The person's turn, the pause clicked through: the AI's labels stay until the
        # person moves (QA20 16), and every legal column's dot shows beside them, then the
        # hovered one's disc.
        assert chips, "the AI's labels left once the pause ended"
        hover(app, view, None)
        legal = [m.col for m in play.state.legal_moves()]
        for col in legal:
            x, y = view.strip_centre(col)
            assert close(tuple(app.screen.get_at((round(x), round(y)))), theme.legal), col
        target = legal[len(legal) // 2]
        hover(app, view, target)
        x, y = view.strip_centre(target)
        assert close(tuple(app.screen.get_at((round(x), round(y)))), theme.connect4_red, 70)
        turns += 1
    assert turns >= 2
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 640), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("ai", ["alphabeta:depth=2", "mcts:iterations=1000"])
def test_the_widest_board_keeps_its_labels_readable(
        size: tuple[int, int], ai: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """9 columns (the menu's most): one label a column is narrower than two staggered rows
    allowed; each stays readable (2.5% of the window's height: 17 px at 200% of 1024x640,
    22-23 at 1024x768, 30-32 at 1920x1080; 23, 24 and 40 in two rows)."""
    from game.ui.scenes.play_fit import readable_px

    sizes: list[int] = []
    chip = connect4.score_chip
    _chips, app, play = labelled_game(monkeypatch, connect4, size, "fr", "connect4", ai,
                                      {"cols": "9", "rows": "8"})
    monkeypatch.setattr(connect4, "score_chip", lambda *a, **k: (sizes.append(a[3]), chip(
        *a, **k))[1])
    drawn: list[int] = []
    for _answered in explained_replies(app, play, random.Random(2), 1):
        sizes.clear()
        frame(app)
        drawn = list(sizes)
    assert len(drawn) == 9 and min(drawn) >= readable_px(size), drawn
    app.shutdown()
