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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_explained_move_takes_its_short_headline(lang: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S15 2 (real window, 1024x768 en 200%): "Player 2 chooses 1 match from heap 1"
    shrank to ~21 px, the readable floor, under its own 24 px subtitle. Where the headline is
    too long, the move alone after the side's name: "Player 2: 3 matches from heap 3" (28 px
    there, the long one 22)."""
    from tests.ui_helpers import spy_texts

    app = make_app((1024, 768), language=lang, show_reasoning=True, text_scale=200,
                   explain_wait=True)
    play = start_game(app, "nim", ("human", "perfect"), options={"variant": "marienbad"})
    assert run_until(app, lambda: play.match.human_to_move, 30)
    play.apply_move(play.state.legal_moves()[-1])
    assert run_until(app, lambda: play.turns.pending is not None, 30)
    drawn = spy_texts(monkeypatch)
    frame(app)
    short = play.short_headline()
    side = "Player 2" if lang == "en" else "Joueur 2"
    assert short is not None and short.startswith(side) and short in drawn
    assert play.status()[0] not in drawn
    app.shutdown()


def test_a_short_explained_move_keeps_its_whole_headline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The short form only where the whole one would shrink far: at 200% of 1024x640
    "Yellow chooses f" read better a little smaller than "Yellow: f"."""
    from tests.ui_helpers import spy_texts

    app = make_app((1024, 640), show_reasoning=True, text_scale=200, explain_wait=True)
    play = start_game(app, "connect4", ("human", "alphabeta:depth=2"))
    assert run_until(app, lambda: play.match.human_to_move, 30)
    play.apply_move(play.state.legal_moves()[-1])
    assert run_until(app, lambda: play.turns.pending is not None, 30)
    drawn = spy_texts(monkeypatch)
    frame(app)
    assert play.status()[0] in drawn and play.short_headline() not in drawn
    app.shutdown()
