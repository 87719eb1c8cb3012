"""The legend names every kind of label the board shows (issue 12, explain mode: "a legend
says in words what they mean").

Before: the panel, and the strip under Nim's heaps, kept as many whole rows of the legend as
fit and dropped the rest without a sign: at 200% of 1024x768 Hexapawn's "L2" beside "W1",
Nim's "P" and "P8" beside "G9" were on the board with no words (QA findings 2, 5, 7, 9, 19).
Now, when the rows do not all fit, the legend says each kind in few words ("L2 Black loses
in 2"), else as one paragraph.
"""

from __future__ import annotations

import random

import pygame
import pytest

from tests.ui_helpers import frame, key, make_app, run_until, start_game

#: A game, its options and an AI whose decisions show several kinds of label.
CASES = [
    ("hexapawn", None, "minimax"),
    ("nim", None, "engine:time=0.2"),
    ("nim", {"variant": "marienbad"}, "perfect"),
    ("morpion", None, "minimax"),
    ("othello", {"size": "6"}, "alphabeta:depth=2"),
    ("connect4", None, "alphabeta:depth=2"),
]
#: The AI's replies checked per game.
REPLIES = 4


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize(("game", "options", "ai"), CASES)
def test_at_200_percent_the_legend_names_every_kind_of_label(
        game: str, options: dict[str, str] | None, ai: str, size: tuple[int, int],
        lang: str) -> None:
    app = make_app(size, language=lang, show_reasoning=True, text_scale=200, explain_wait=True)
    play = start_game(app, game, ("human", ai), options=options)
    chooser = random.Random(7)
    checked = 0
    while checked < REPLIES and play.state.outcome is None:
        assert run_until(app, lambda: play.match.human_to_move or play.state.outcome
                         is not None, 30)
        if play.state.outcome is not None:
            break
        assert play.apply_move(chooser.choice(play.state.legal_moves()))
        assert run_until(app, lambda: play.turns.pending is not None
                         or play.state.outcome is not None, 30)
        if play.turns.pending is None:
            break
        frame(app)
        frame(app)
        kinds = {row.sample for row in play.legend_rows() if row.sample}
        missing = kinds - play.panel.explain.legend_samples
        assert not missing, (game, len(play.match.moves), kinds, missing)
        checked += 1
        key(app, pygame.K_SPACE)
    assert checked, "no AI reply was explained"
    app.shutdown()
