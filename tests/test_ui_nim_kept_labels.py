"""Nim keeps the AI's explained take on the board until the person answers (QA19 33).

Regression: against Minimax with the explain pause off, the AI's "W3 / L2 L2" under the
matches were on the board 1.5-2.5 s, then gone with the take while the person thought. The
matches a take removes leave their outlines on the board, so each label can stay where it
stood before the take: under its own match, or a taken match's outline.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.rules.nim import NimMove
from game.ui.boards import nim
from game.ui.boards.nim import MatchRef, NimView
from tests.play_helpers import record_chips
from tests.ui_helpers import frame, key, make_app, run_until, start_game


def _ai_take(app: Any, play: Any, chips: list[pygame.Rect], explain_wait: bool
             ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The person takes; the labels of the AI's answer while it waits (or as soon as shown,
    without the pause), then once the person is to move again."""
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.turns.pending is not None, 20)
    chips.clear()
    frame(app)
    revealed = list(chips)
    if explain_wait:
        key(app, pygame.K_SPACE)
    assert run_until(app, lambda: play.match.human_to_move, 20)
    for _ in range(90):  # the take's animation is over
        frame(app)
    chips.clear()
    frame(app)
    return revealed, list(chips)


@pytest.mark.parametrize(("size", "lang", "scale", "variant", "explain_wait"), [
    ((1024, 768), "en", 200, "single", False), ((1920, 1080), "fr", 100, "single", True),
    ((1024, 768), "fr", 100, "marienbad", False), ((1280, 720), "en", 200, "marienbad", True)])
def test_the_ais_take_stays_explained_where_its_labels_stood(
        size: tuple[int, int], lang: str, scale: int, variant: str, explain_wait: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    chips = record_chips(monkeypatch, nim)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale,
                   explain_wait=explain_wait)
    play = start_game(app, "nim", ("human", "minimax"), options={"variant": variant})
    for _ in range(2):
        revealed, kept = _ai_take(app, play, chips, explain_wait)
        assert play.board_context().scores_played
        assert revealed and kept == revealed, "the labels moved or left with the take"
        if play.match.over:
            break
    app.shutdown()


def test_pointing_at_a_take_sets_the_kept_labels_aside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The person's take under the pointer shows its own "−2" where the AI's label for
    that match stood: the AI's labels give way while the person points at matches."""
    chips = record_chips(monkeypatch, nim)
    app = make_app((1024, 768), show_reasoning=True)
    play = start_game(app, "nim", ("human", "minimax"))
    _revealed, kept = _ai_take(app, play, chips, explain_wait=False)
    assert len(kept) > 1
    view = play.view
    assert isinstance(view, NimView)
    take = next(m for m in play.state.legal_moves() if isinstance(m, NimMove) and m.count == 2)
    target = MatchRef(take.heap, play.state.heaps[take.heap] - take.count)
    play.input.hover = view.centre_of(target)
    chips.clear()
    frame(app)
    assert len(chips) == 1, "the AI's labels under the person's pointed take"
    play.input.hover = None
    chips.clear()
    frame(app)
    assert chips == kept
    app.shutdown()
