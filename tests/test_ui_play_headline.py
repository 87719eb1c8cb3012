"""The play screen's headline is never cut at 200% (issue 12).

Regression: at 200% of 1920x1080 in French, Marienbad against alpha-beta, the headline of
the AI's chosen move read "Joueur 2 choisit 3 allumettes du t…" (at 1024x768 "Joueur 2 choisit
2 allumettes du ta…"): it shrank only as far as the legend's least size (45 px, 25 px) and was
then cut; all four cases below failed. It now shrinks as far as the readable size
(2.5% of the height) before anything is cut.
"""

from __future__ import annotations

import pytest

from tests.ui_helpers import frame, make_app, run_until, start_game, watch_cuts


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1024, 768), "fr"),
                                            ((1280, 720), "fr"), ((1920, 1080), "en")])
def test_at_200_percent_the_ai_moves_headline_is_whole(size: tuple[int, int], lang: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size, language=lang, show_reasoning=True, text_scale=200, explain_wait=True)
    play = start_game(app, "nim", ("human", "alphabeta:depth=2"),
                      options={"variant": "marienbad"})
    assert run_until(app, lambda: play.match.human_to_move, 30)
    # Leave heap 4 (7 matches) to the AI: its reply takes from a heap with a long name.
    play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: bool(play.legend_rows()), 30)
    cut = watch_cuts(monkeypatch)
    frame(app)
    frame(app)
    headline = play.status()[0]
    assert headline not in cut, (headline, cut)
    app.shutdown()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_at_200_percent_marienbads_moves_are_whole_in_the_list(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 200% of 1024x768 in French, the perfect player first, the move list
    read "1 allumette du ta…": a move shrank to 80% of the list's size, then was cut. It now
    shrinks on to the readable size first."""
    app = make_app((1024, 768), language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "nim", ("perfect", "human"), options={"variant": "marienbad"})
    assert run_until(app, lambda: play.match.human_to_move, 30)
    cut = watch_cuts(monkeypatch)
    frame(app)
    frame(app)
    moves = [play.presenter.move_text(mv) for mv in play.match.moves]
    assert play.panel.move_rects and not set(moves) & set(cut), cut
    app.shutdown()
