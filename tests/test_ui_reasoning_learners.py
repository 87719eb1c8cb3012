"""What the panel says of a learner's move (QA S12 5 and 19).

5: playing an elimination learner whose box has every move ✗, during the explain pause the
legend said "✗ eliminated after a lost game: never played again" beside the ✗ move it was
playing; "every move was eliminated: it plays at random" was a third fact, shown only once
the labels were gone; the ✗ were amber on the board and red in the legend; "0 coups".
19: the n-tuple network's labels ("−0,59") had no scale in the legend.
"""

from __future__ import annotations

import pytest

from ai.base import Decision, Limits
from ai.registry import make_player
from game.rules.registry import get_game
from game.ui import i18n
from game.ui.reasoning import reasoning_lines, score_legend
from game.ui.scenes.play_explain import FIRST_FACTS

#: An elimination learner's box with every move eliminated, as its decision reports it.
ALL_ELIMINATED = Decision(move="a", scores={"a": 0.0, "b": 0.0, "c": 0.0},
                          score_kind="allowed",
                          info={"learner": "elimination", "all_eliminated": True})


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> object:
    """Each language in turn, English again afterwards."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_every_move_eliminated_is_said_among_the_first_facts(lang: str) -> None:
    lines = reasoning_lines(ALL_ELIMINATED, "White")
    said = i18n.tr("think.allowed_none", n=3)
    assert said in lines[:FIRST_FACTS], lines


def test_the_legend_does_not_say_never_played_beside_the_move_played(lang: str) -> None:
    rows = [row for row in score_legend(ALL_ELIMINATED, "White") if row.sample]
    assert [row.sample for row in rows] == ["\u2717"], rows
    assert rows[0].words == i18n.tr("legend.eliminated_all")
    assert i18n.tr("legend.eliminated") not in rows[0].words
    # The board draws moves all alike in its middle colour (amber): so does the legend.
    assert rows[0].colour == "highlight"


def test_a_box_shows_only_the_marks_on_the_board_in_their_colours(lang: str) -> None:
    d = Decision(move="a", scores={"a": 1.0, "b": 0.0}, score_kind="allowed",
                 info={"learner": "elimination"})
    rows = {row.sample: row.colour for row in score_legend(d, "White") if row.sample}
    assert rows == {"\u2713": "score_good", "\u2717": "score_bad"}
    only = Decision(move="a", scores={"a": 1.0, "b": 1.0}, score_kind="allowed",
                    info={"learner": "elimination"})
    assert [row.sample for row in score_legend(only, "White") if row.sample] == ["\u2713"]


def test_french_says_0_coup_and_1_coup() -> None:
    i18n.set_language("fr")
    try:
        for allowed in (0, 1):
            scores = {"a": float(allowed), "b": 0.0}
            d = Decision(move="a", scores=scores, score_kind="allowed",
                         info={"learner": "elimination"})
            assert f"{allowed} coup permis sur 2" in reasoning_lines(d, "Blanc")[1]
    finally:
        i18n.set_language("en")


def test_the_ntuple_networks_values_say_their_scale(lang: str) -> None:
    setup = get_game("othello").setup()
    d = make_player("ntuple", setup, seed=1).decide(setup.initial_state(), Limits())
    assert d.info.get("unit") == "network_value"
    lines = reasoning_lines(d, "Black")
    assert i18n.tr("unit.network_value.name") in lines[0]
    assert any("+1" in line and "\u22121" in line for line in lines[:FIRST_FACTS]), lines
    legend = score_legend(d, "Black")
    assert i18n.tr("unit.network_value.name") in legend[0].words


def test_q_values_all_at_zero_say_draw_or_not_learned_in_the_legend(lang: str) -> None:
    """QA S12 36: Morpion's Q-learner after 500 games showed "0.00" on all nine openings, the
    legend "above 0 leads to a win, below 0 to a loss", and the class read "it learned
    nothing". With best play every Morpion 3x3 opening draws, which the seed's form values at
    0, as it does a move no result has reached: where every value is 0 the legend's row for
    the labels (kept in the short legend of large text) now says both."""
    setup = get_game("morpion").setup()
    learner = make_player("qlearning:epsilon=0", setup, seed=1)
    learner.games_trained = 500  # type: ignore[attr-defined]  # as after training: still 0s
    d = learner.decide(setup.initial_state(), Limits())
    rows = score_legend(d, "X")
    assert rows[0].sample in ("0.00", "0,00")
    assert rows[0].words == i18n.tr("legend.q_zero", side="X")
    assert rows[0].short == i18n.tr("legend.short.q_zero", side="X")
    some = Decision(move="a", scores={"a": 0.0, "b": -0.5}, score_kind="q",
                    info={"learner": "qlearning"})
    assert score_legend(some, "X")[0].words == i18n.tr("legend.q", side="X")


@pytest.mark.parametrize("game", ["hexapawn", "nim", "morpion"])
def test_q_values_at_zero_of_an_untrained_learner_say_so(game: str, lang: str) -> None:
    """QA S14 2: a Q-learner never trained showed "0 on every move, a draw with best play or
    not learned yet" in Hexapawn, a game with no draw, and nothing said it had played 0
    games, the true reason."""
    setup = get_game(game).setup()
    learner = make_player("qlearning:epsilon=0", setup, seed=1)
    d = learner.decide(setup.initial_state(), Limits())
    rows = score_legend(d, "X")
    assert rows[0].words == i18n.tr("legend.q_untrained", side="X")
    assert "(0 " in rows[0].words


@pytest.mark.parametrize("game", ["hexapawn", "nim"])
def test_q_values_at_zero_never_speak_of_a_draw_where_there_is_none(game: str,
                                                                   lang: str) -> None:
    """The same learner after training, every value still 0 (no result reached these
    moves): in a game that cannot be drawn the legend does not offer a draw as a reading."""
    setup = get_game(game).setup()
    learner = make_player("qlearning:epsilon=0", setup, seed=1)
    learner.games_trained = 3  # type: ignore[attr-defined]
    d = learner.decide(setup.initial_state(), Limits())
    rows = score_legend(d, "X")
    assert rows[0].words == i18n.tr("legend.q_zero_no_draw", side="X")
    assert not {"draw", "nulle"} & set(rows[0].words.replace(",", " ").split())


@pytest.mark.parametrize("game", ["hexapawn", "nim"])
def test_games_said_to_have_no_draw_never_end_in_one(game: str) -> None:
    """``GameInfo.draws`` is False only for games whose random play never ends drawn, over
    each lab preset."""
    import random

    info = get_game(game)
    rng = random.Random(7)
    assert info.draws is False
    for options in info.lab_presets:
        for _ in range(60):
            state = options.initial_state()
            while (outcome := state.outcome) is None:
                state = state.play(rng.choice(state.legal_moves()))
            assert outcome.winner is not None, (options, state)
