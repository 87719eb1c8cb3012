"""The AI's labels keep their colours when some give way (issue 12, explain mode: "a colour
scale from best to worst"): a number's colour is its meaning for the class."""

from __future__ import annotations

import random

import pygame

from game.ui.boards.base import score_labels
from tests.ui_helpers import frame, key, make_app, run_until, start_game


def test_labels_left_after_the_pause_keep_their_colours() -> None:
    """QA S16 16 (Othello vs the engine, 1280x800 en 200%): during the pause g1 "≤−6" and h1
    "−6" were yellow; after Space, the labels on the person's legal squares gone, the same
    numbers were red and orange, coloured anew among those left."""
    app = make_app((1280, 800), show_reasoning=True, explain_wait=True, text_scale=200)
    play = start_game(app, "othello", ("human", "alphabeta:depth=2"), options={"size": "6"})
    rng = random.Random(2)
    checked = 0
    for _reply in range(12):
        assert run_until(app, lambda: play.match.human_to_move or play.state.outcome
                         is not None, 30)
        if play.state.outcome is not None:
            break
        assert play.apply_move(rng.choice(play.state.legal_moves()))
        if not run_until(app, lambda: play.turns.pending is not None, 30):
            break
        frame(app)
        ctx = play.board_context()
        paused = score_labels(ctx.scores or {}, ctx.score_kind, ctx.theme)
        key(app, pygame.K_SPACE)
        assert run_until(app, lambda: play.match.human_to_move or play.state.outcome
                         is not None, 30)
        frame(app)
        ctx = play.board_context()
        after = score_labels(ctx.scores or {}, ctx.score_kind, ctx.theme)
        if after and len(after) < len(paused):
            checked += 1
            for move, (label, colour, _best) in after.items():
                assert (label, colour) == paused[move][:2], (move, paused, after)
    assert checked, "no label gave way: the test saw nothing"
    app.shutdown()
