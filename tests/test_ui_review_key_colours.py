"""The review graph names each side in the colour of its pieces where they read on the panel
(QA18 13).

Regression: reviewing a Connect 4 game, the key above the graph wrote "▲ Red ahead" in green
and "▼ Yellow ahead" in red, and the dots of Red's good positions were green, Yellow's red: the
key's colours named the wrong discs. Now Red's words, edge and dots are red and Yellow's
yellow (in both themes); games whose pieces melt into the panel (black pieces) keep green up,
red down.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.review import FROM_AI, EvalPoint
from game.ui.theme import contrast_ratio
from tests.ui_helpers import frame, make_app, run_until, start_game


def reviewed(game: str, theme: str, monkeypatch: pytest.MonkeyPatch
             ) -> tuple[Any, Any, dict[str, tuple[int, int, int]]]:
    """A few moves of ``game`` between two searches, reviewed at the last position: (app,
    review panel, the colour each text the frame wrote was drawn in)."""
    app = make_app((1280, 800), language="en", theme=theme)
    play = start_game(app, game, ("alphabeta:depth=1", "alphabeta:depth=1"))
    assert run_until(app, lambda: len(play.match.states) > 6 or play.match.over, 60)
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    colours: dict[str, tuple[int, int, int]] = {}
    real = text.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, colour: Any, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        colours[line] = tuple(colour)[:3]
        return real(surface, line, px, colour, *args, **kwargs)

    monkeypatch.setattr(text, "blit_text", spy)
    frame(app)
    return app, play.panel.review, colours


@pytest.mark.parametrize("theme", ["default", "contrast"])
def test_connect4s_review_names_red_in_red_and_yellow_in_yellow(
        monkeypatch: pytest.MonkeyPatch, theme: str) -> None:
    app, panel, colours = reviewed("connect4", theme, monkeypatch)
    palette = app.theme
    red, yellow = palette.connect4_red, palette.connect4_yellow
    # (With who plays the side where the cards side by side do not say it: QA20 6.)
    ups, downs = ([tr(key, side=said) for said in panel.side_words(side)]
                  for key, side in (("review.graph_up", 0), ("review.graph_down", 1)))
    up = next((words for words in ups if words in colours), ups[-1])
    down = next((words for words in downs if words in colours), downs[-1])
    assert up in colours and down in colours, colours

    def nearer(colour: tuple[int, int, int], this: tuple[int, int, int],
               other: tuple[int, int, int]) -> bool:
        def gap(a: tuple[int, int, int]) -> int:
            return sum(abs(x - y) for x, y in zip(colour, a, strict=True))
        return gap(this) < gap(other)

    for words, own, other in ((up, red, yellow), (down, yellow, red)):
        assert nearer(colours[words], own, other), (words, colours[words])
        assert contrast_ratio(colours[words], palette.panel) >= 3.0
    # The dots: Red's good positions in Red's colour, Yellow's in Yellow's, even ones grey.
    assert panel._colour(EvalPoint(1, 0.5, FROM_AI)) == colours[up]
    assert panel._colour(EvalPoint(2, -0.5, FROM_AI)) == colours[down]
    assert panel._colour(EvalPoint(3, 0.0, FROM_AI)) == palette.text_muted
    app.shutdown()


@pytest.mark.parametrize("theme", ["default", "contrast"])
def test_where_black_pieces_melt_into_the_panel_the_sides_stay_green_and_red(
        monkeypatch: pytest.MonkeyPatch, theme: str) -> None:
    app, panel, colours = reviewed("othello", theme, monkeypatch)
    up = tr("review.graph_up", side=tr("game.othello.side0"))
    assert colours.get(up) == app.theme.score_good, colours
    assert panel._colour(EvalPoint(1, -0.5, FROM_AI)) == app.theme.score_bad
    app.shutdown()
