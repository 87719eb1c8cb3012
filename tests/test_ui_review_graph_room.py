"""The review graph's room (QA20 6, QA19 23): at 200% of 1920x1080 the plot was a 55-px strip
under two seat cards one above the other, its dots on the "sure win" edges, its grey dots
unexplained. In review the seat cards stand side by side on one row, the plot takes up to
15% of the window, and the key says what a grey dot is. Driven on the real play scene."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import i18n
from game.ui.scenes import review_panel
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.review import FROM_AI, EvalGraph, EvalPoint
from tests.test_ui_review import _human_game
from tests.ui_helpers import frame, make_app, texts_drawn_by


def _reviewed(size: tuple[int, int], language: str, scale: int) -> PlayScene:
    """An Othello game of 20 random moves between two people, reviewed at its last move."""
    app = make_app(size, language=language, text_scale=scale)
    play = _human_game(app, moves=20)
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    return play


@pytest.mark.parametrize(("size", "language", "scale"), [
    ((1920, 1080), "fr", 200), ((1920, 1080), "en", 100), ((1024, 768), "en", 100),
    ((1024, 768), "fr", 200)])
def test_the_review_graph_is_a_seventh_of_the_window_high(
        size: tuple[int, int], language: str, scale: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The plot was 55-84 px at 200% of 1920x1080 (5-8% of the height), 42 px at 100% of
    1024x768 (5.5%); now at least 14% at 200% and 8% at 100% (where the list keeps its row
    and the sides' names may take two lines), the cards on one row, words whole, readable."""
    play = _reviewed(size, language, scale)
    plot = play.panel.review.plot
    least = 0.08 if scale == 100 else 0.14  # (at 100% the list keeps its row)
    assert plot.height >= least * size[1], (plot, size)
    cards = play.panel.seats.rects
    assert cards[0].top == cards[1].top and cards[0].right < cards[1].left, cards
    drawn = texts_drawn_by(lambda: frame(play.app), monkeypatch)
    on_cards = [(line, px) for line, px, rect in drawn
                if any(card.contains(rect) for card in cards)]
    assert len(on_cards) == 2 and all(px >= readable_px(size) for _l, px in on_cards)
    assert not [line for line, _px in on_cards if line.endswith("…")], on_cards
    # Never a bare number: Hexapawn's "○ 1 | ● 2" read as seats 1 and 2 (real window).
    assert not [line for line, _px in on_cards if line.strip().isdigit()], on_cards
    play.app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_key_says_what_a_grey_dot_is_where_one_is_drawn(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first dots of a game were grey (about even), the rest in the sides' colours, and
    nothing said what grey meant (QA19 23, QA20 6)."""
    play = _reviewed((1920, 1080), language, 100)
    panel = play.panel.review
    grey = i18n.tr("review.graph_grey")
    dots = [EvalPoint(1, 0.02, FROM_AI), EvalPoint(3, 0.5, FROM_AI)]
    graph = EvalGraph([EvalPoint(0, 0.0, FROM_AI), EvalPoint(20, 0.5, FROM_AI)], dots, 40.0)
    monkeypatch.setattr(review_panel.ReviewPanel, "graph", lambda self: graph)
    assert grey in panel.scale_words() and grey in panel.brief_words(edges=False)
    said = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(play.app),
                                                                  monkeypatch))
    assert grey.split()[0] in said, said
    coloured: Any = EvalGraph(graph.line, [EvalPoint(3, 0.5, FROM_AI)], 40.0)
    monkeypatch.setattr(review_panel.ReviewPanel, "graph", lambda self: coloured)
    assert grey not in panel.scale_words() and grey not in panel.brief_words(edges=False)
    play.app.shutdown()
