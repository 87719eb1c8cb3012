"""The board takes the room left of the panel (issue 12, "from the back of the room").

Before: at 1024x768 with 200% text Othello's 8x8 board was 344 px square in a 552x595 area
and Morpion's 282 px: the disc counts' and hands' columns took 14-15% of the width on each
side whatever the board lost by it. They now stay only where they cost the board little (the
seat cards in the panel say the same counts). A 3x3 board's margins for its coordinates
(0.55 cells a side) then still took 27% of its room: they are now at most 9% of the area's
smaller side.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.play_helpers import assert_facts_legend_and_move, explained_reply
from tests.ui_helpers import frame, make_app, start_game

GAMES = ["othello", "connect4", "hexapawn", "morpion"]
#: The board's longer side as a share of the free area's smaller side, at least (Morpion
#: and Hexapawn were at 0.73 while their coordinates' margins took 0.55 cells a side).
LEAST_SHARE = 0.8
#: The boards' sides (width, height) on main before the change, at 100% text.
BEFORE = {
    ("othello", (1024, 768)): (392, 392), ("othello", (1920, 1080)): (752, 752),
    ("connect4", (1024, 768)): (539, 462), ("connect4", (1920, 1080)): (763, 654),
    ("hexapawn", (1024, 768)): (456, 456), ("hexapawn", (1920, 1080)): (648, 648),
    ("morpion", (1024, 768)): (318, 318), ("morpion", (1920, 1080)): (609, 609),
}


def board_and_area(size: tuple[int, int], game: str, scale: int) -> tuple[pygame.Rect, Any]:
    """The board's rectangle and the free area it was laid out in, at the game's start."""
    app = make_app(size, language="fr", show_reasoning=True, text_scale=scale)
    play = start_game(app, game, ("human", "alphabeta"))
    frame(app)
    view = play.view
    grid = getattr(view, "grid", None)
    board = pygame.Rect(grid.board if grid is not None else view.board)
    area = pygame.Rect(play.board_rect)
    app.shutdown()
    return board, area


@pytest.mark.parametrize("game", GAMES)
def test_at_200_percent_the_board_takes_the_room_left_of_the_panel(game: str) -> None:
    board, area = board_and_area((1024, 768), game, 200)
    assert max(board.size) >= LEAST_SHARE * min(area.size), (game, board, area)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("game", GAMES)
def test_at_100_percent_no_board_got_smaller(game: str, size: tuple[int, int]) -> None:
    board, _ = board_and_area(size, game, 100)
    before = BEFORE[(game, size)]
    assert board.width >= before[0] and board.height >= before[1], (game, board.size, before)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
@pytest.mark.parametrize("game", [*GAMES, "nim"])
def test_at_200_percent_the_panel_keeps_the_legend_two_facts_and_a_move(
        game: str, size: tuple[int, int], lang: str) -> None:
    """Regression: at 1024x768 with 200% text the legend (what "+32", "W5" mean) dropped out
    of the panel for every game while the board showed the numbers. Then, given its first
    row, the reasoning's second fact and the move list gave way to it (Othello at 1024x768
    in French: one fact, no move; Nim at 1280x720: no legend). Now the facts shrink to the
    legend's least size before one drops, the legend's later rows give way to a row of the
    list, and Nim's legend goes under its heaps. At a true 200% of 1280x720 (46 px text)
    Nim and Othello kept one fact: now a card whose words fit one line takes one, and the
    panel's words take one size, down to 70% of the small size (28 px)."""
    app, play = explained_reply(size, lang, game, "alphabeta:depth=2")
    assert_facts_legend_and_move(play)
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_200_percent_a_long_players_card_alone_grows(lang: str) -> None:
    """Regression: at 200% of 1024x768 against MCTS ("Monte-Carlo · 300 random games" on two
    lines) both seat cards grew, and the move list lost its row by 13 px. With large text
    only the long name's card grows."""
    app, play = explained_reply((1024, 768), lang, "hexapawn", "mcts:iterations=300")
    human, mcts = play.panel.seat_rects
    assert human.height < mcts.height
    assert_facts_legend_and_move(play)
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_200_percent_othellos_counts_give_the_panel_their_width(lang: str) -> None:
    """Regression: at 200% of 1280x720 Othello's disc counts beside the board (said by the
    seat cards too) left the panel 500 px of 1280, and against the engine the reasoning kept
    one fact. With large text the board goes without them and the panel takes the width."""
    app, play = explained_reply((1280, 720), lang, "othello", "engine:time=0.1")
    assert play.view.sizes()[-1] == 0  # no counts' columns
    assert play.panel.rect.width > 500
    assert_facts_legend_and_move(play)
    app.shutdown()


def test_the_legend_strip_and_the_panel_share_the_least_legend_size() -> None:
    """One formula (play_fit.least_legend_px) for the panel's legend and the strip under the
    board: written twice, the two could drift apart."""
    from game.ui.scenes import play_board, play_legend
    from game.ui.scenes.play_fit import least_legend_px, readable_px
    from game.ui.widgets import Metrics

    for source in (play_board, play_legend):
        code = Path(str(source.__file__)).read_text(encoding="utf-8")
        assert "least_legend_px(" in code and "Metrics.for_size(" not in code, source
    app = make_app((1024, 768), language="fr", show_reasoning=True, text_scale=200)
    try:
        play = start_game(app, "othello", ("human", "alphabeta"))
        frame(app)
        least = least_legend_px(app.metrics, app.size)
        assert play.panel.explain.legend_sizes()[-1] == least
        assert least >= max(readable_px(app.size), Metrics.for_size(app.size).small)
    finally:
        app.shutdown()


def test_at_200_percent_nims_labels_stay_out_from_under_the_legend(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression, seen in a real window at a true 200% of 1024x768 (Nim against alpha-beta
    after taking 3): of the three labels, the second lane's "L8" was pushed under the legend
    drawn below the heap (the lanes were 12 px apart for 57 px chips). The second lane now
    sits a chip lower and the legend starts under it."""
    from game.ui.boards import nim as nim_board

    app, play = explained_reply((1024, 768), "en", "nim", "alphabeta",
                                lambda state: next(m for m in state.legal_moves()
                                                   if m.count == 3))
    chips: list[pygame.Rect] = []
    real = nim_board.score_chip

    def spy(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        chips.append(kwargs["placed"][-1])
        return result

    monkeypatch.setattr(nim_board, "score_chip", spy)
    frame(app)
    legend = play.legend_rect
    app.shutdown()
    assert len(chips) == 3 and legend.height > 0
    for chip in chips:
        assert not chip.colliderect(legend), (chip, legend)


def test_in_review_of_a_finished_game_the_board_keeps_its_room() -> None:
    """Regression (the lead's finding, play-review at 200% of 1024x768 in French): in review of
    a finished game the end banner took the lower half of the board's column and the board
    shrank to 250 px. The banner waits for the end of the review."""
    app = make_app((1024, 768), language="fr", text_scale=200)
    play = start_game(app, "hexapawn", ("human", "human"))
    frame(app)
    live = pygame.Rect(play.board_rect)
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    assert play.banner.rect is not None and play.board_rect.height < live.height
    play.enter_review(2)
    frame(app)
    assert play.banner.rect is None and play.banner.buttons() == []
    assert play.board_rect == live
    play.leave_review()
    frame(app)
    assert play.banner.rect is not None
    app.shutdown()


@pytest.mark.parametrize(("size", "least"), [((1024, 768), 25), ((1024, 640), 22),
                                             ((1920, 1080), 37)])
def test_othellos_coordinates_at_200_percent_as_large_as_the_margin_allows(
        size: tuple[int, int], least: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA 13.6 (real window, 1024x768 en 200%): Othello's a-h and 1-8 stood at the readable
    floor (20 px; 17 at 1024x640, 30 at 1920x1080) beside Hexapawn's 27, although the margin
    round the board held more. With large text they are as large as the margin allows."""
    from tests.ui_helpers import coordinate_sizes

    app = make_app(size, language="fr", text_scale=200)
    play = start_game(app, "othello", ("human", "human"))
    frame(app)
    coords = coordinate_sizes(app, monkeypatch)
    assert coords and min(coords) >= least, coords
    # Still inside the margin: the letters under the board end above the window's bottom.
    assert play.view.grid.board.bottom + play.view.grid.margin_px <= size[1]
    app.shutdown()
