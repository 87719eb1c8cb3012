"""Back to the game from a review (issue 12, "step back and forward through the game without
undoing it"): the play screen is as the game left it."""

from __future__ import annotations

import random

import pytest

from tests.ui_helpers import frame, make_app, start_game


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_back_to_the_game_shows_the_last_moves_in_the_list(size: tuple[int, int]) -> None:
    """QA S16 8: after reviewing move 9 of 26, "Back to the game" left the list on moves
    5-12 while the board was at move 26, with no current move shown."""
    app = make_app(size, text_scale=200)
    play = start_game(app, "othello", ("human", "human"), options={"size": "6"})
    rng = random.Random(5)
    while len(play.match.moves) < 26 and not play.match.over:
        assert play.apply_move(rng.choice(list(play.state.legal_moves())))
    frame(app)
    last = len(play.match.moves)
    assert last in {ply for _r, ply in play.panel.move_rects}
    play.enter_review(3)
    frame(app)
    assert last not in {ply for _r, ply in play.panel.move_rects}, "the list scrolled back"
    play.leave_review()
    frame(app)
    assert last in {ply for _r, ply in play.panel.move_rects}
    app.shutdown()
