"""Who moves first: Seat 2 (QA 26, issue 12): a numbered side's name stays with its seat, and
the move list says who moves first.

Regression: Nim (Fibonacci, 20 matches) with Seat 1 Human, Seat 2 Perfect and "Who moves
first: Seat 2" named the person of Seat 1 "Player 2" and the AI of Seat 2 "Player 1" (the
names followed the move order, the cards the seats): the first card read "Player 2 · Human",
the AI's move "Player 1 chooses 2 matches", its legend "W15 Player 1 wins in 15".
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui_helpers import make_app, run_until, spy_texts, start_game

FIBONACCI = {"variant": "fibonacci", "matches": "20"}


@pytest.mark.parametrize(("lang", "names"), [("en", ("Player 1", "Player 2")),
                                             ("fr", ("Joueur 1", "Joueur 2"))])
@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 200), ((1024, 768), 100)])
def test_seat_2_first_keeps_each_seats_name(monkeypatch: pytest.MonkeyPatch, lang: str,
                                            names: tuple[str, str], size: tuple[int, int],
                                            scale: int) -> None:
    drawn = spy_texts(monkeypatch)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale,
                   explain_wait=True)
    play: Any = start_game(app, "nim", ("human", "perfect"), first="seat2", options=FIBONACCI)
    # The AI of Seat 2 moves first; its move waits to be explained.
    assert run_until(app, lambda: play.turns.pending is not None, 30)
    drawn.clear()
    app.frame([], 0.1)
    side_of = play.match.side_of_seat
    assert [play.presenter.side_name(side_of(seat)) for seat in (0, 1)] == list(names)
    # The status line and the legend speak of Seat 2's player by its seat's name.
    assert play.status().headline.startswith(names[1]), play.status()
    words = " ".join(row.words for row in play.legend_rows())
    assert names[1] in words and names[0] not in words, words
    # Each card names its own seat, Seat 1's on top.
    cards = play.panel.seat_rects
    assert cards[0].top < cards[1].top
    assert names[0] in drawn and names[1] in drawn
    if scale == 100:
        # Where the move list has room: who moves first, in words.
        assert any(names[1] in line and line != names[1] for line in drawn), drawn
    app.shutdown()


def test_seat_1_first_keeps_the_move_list_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Seat 1 first (the menu's default) the names were right and stay so; the empty
    move list says "No moves yet" as before."""
    drawn = spy_texts(monkeypatch)
    app = make_app((1024, 768), show_reasoning=True, text_scale=100)
    play: Any = start_game(app, "nim", ("human", "perfect"), options=FIBONACCI)
    assert run_until(app, lambda: play.match.human_to_move, 30)
    drawn.clear()
    app.frame([], 0.1)
    side_of = play.match.side_of_seat
    assert [play.presenter.side_name(side_of(seat)) for seat in (0, 1)] == ["Player 1",
                                                                            "Player 2"]
    assert "No moves yet" in drawn
    app.shutdown()
