"""The learning lab offers a search opponent's evaluations (issue 13: ``eval=NAME`` chosen in
the menu, the lab and the tournament): the session without pixels, then the set-up panel."""

from __future__ import annotations

from typing import Any

import pytest

from ai.heuristics import evaluation_choices
from ai.registry import parse_spec
from game.rules.registry import GameSetup
from game.ui import i18n
from game.ui.scenes.lab_session import OPPONENT, SELF, WATCHED, LabSession


def eval_of(spec: str) -> str:
    """The ``eval=`` value of a player spec."""
    return str(parse_spec(spec)[1]["eval"])


def test_a_search_opponent_offers_the_games_evaluations() -> None:
    session = LabSession("othello")
    session.opponent = "alphabeta"
    (param,) = session.choice_params(OPPONENT)
    names = evaluation_choices(GameSetup.of("othello", session.options), None)
    assert param.name == "eval" and param.choices == names and len(names) >= 2
    assert eval_of(session.player_spec(OPPONENT)) == names[0]  # the game's default
    session.set_choice(OPPONENT, param, 1)
    assert eval_of(session.player_spec(OPPONENT)) == names[1]
    opponent = session.opponent_player()
    assert opponent is not None and eval_of(opponent.spec) == names[1]


def test_players_without_a_choice_and_self_play_keep_their_bare_name() -> None:
    session = LabSession("othello")
    for name in ("random", "mcts", SELF):
        session.opponent = name
        assert session.choice_params(OPPONENT) == ()
        assert session.player_spec(OPPONENT) == name
    assert session.opponent_player() is None


def test_the_watched_players_have_their_own_choices() -> None:
    session = LabSession("morpion")
    session.watched = ("alphabeta", "greedy")
    first = session.choice_params(WATCHED[0])[0]
    second = session.choice_params(WATCHED[1])[0]
    session.set_choice(WATCHED[0], first, len(first.choices) - 1)
    players = session.watched_players()
    assert eval_of(players[0].spec) == first.choices[-1]
    assert eval_of(players[1].spec) == second.choices[int(second.default)]


def test_a_choice_another_game_lacks_falls_back_to_its_default_and_comes_back() -> None:
    session = LabSession("othello")
    session.opponent = "minimax"
    param = session.choice_params(OPPONENT)[0]
    session.set_choice(OPPONENT, param, param.choices.index("discs"))
    session.set_game("hexapawn")  # no disc count there: Hexapawn's default evaluation
    hexapawn = session.choice_params(OPPONENT)[0]
    assert eval_of(session.player_spec(OPPONENT)) == hexapawn.choices[int(hexapawn.default)]
    assert session.opponent_player() is not None
    session.set_game("othello")
    assert eval_of(session.player_spec(OPPONENT)) == "discs"


def _eval_choosers(lab: Any) -> list[Any]:
    """The set-up's evaluation rows: choosers among words, not − / + steppers (QA17 12)."""
    from game.ui.widgets import Choice

    return [w for w in lab.config_widgets
            if isinstance(w, Choice) and w.label() == i18n.tr("param.eval")]


def _chooser(lab: Any, key: str) -> Any:
    return next(w for w in lab.config_widgets if getattr(w, "label", lambda: "")() == i18n.tr(key))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_lab_panel_offers_the_opponents_evaluations(language: str) -> None:
    from game.ui.scenes.learning_lab import LearningLabScene
    from tests.lab_helpers import screenshot
    from tests.ui_helpers import click, frame, make_app, run_until

    app = make_app((1024, 768), language=language)
    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("othello")
    frame(app)
    assert _eval_choosers(lab) == []  # a random opponent: no evaluation
    _chooser(lab, "lab.opponent").set("alphabeta")  # as the chooser's list does
    frame(app)
    (chooser,) = _eval_choosers(lab)
    opponent_row = lab.config_widgets.index(_chooser(lab, "lab.opponent"))
    assert lab.config_widgets.index(chooser) == opponent_row + 1  # right under its player
    assert chooser.current_label() == i18n.tr("param.eval.weights")
    click(app, chooser._parts()[2].center)  # its right arrow
    assert chooser.current_label() == i18n.tr("param.eval.discs")
    assert eval_of(lab.session.player_spec(OPPONENT)) == "discs"
    screenshot(app, f"lab-opponent-eval-{language}")
    # A run plays against the evaluation chosen.
    lab.games = 2
    lab._set_speed("instant")
    lab.train()
    assert lab.runner is not None and run_until(app, lambda: lab.runner.finished, 60)
    assert eval_of(lab.runner.opponent.spec) == "discs"
    # Watching: each watched search player has its own evaluation row.
    lab.set_mode("watch")
    _chooser(lab, "lab.watched0").set("greedy")
    _chooser(lab, "lab.watched1").set("minimax")
    frame(app)
    assert len(_eval_choosers(lab)) == 2
    _chooser(lab, "lab.watched1").set("random")
    assert len(_eval_choosers(lab)) == 1
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "watching"), [((1920, 1080), False), ((1024, 768), False),
                                                ((1024, 768), True), ((1280, 720), True)])
def test_rows_stay_under_the_pointer_when_an_evaluation_row_appears(
        size: tuple[int, int], watching: bool) -> None:
    """Clicking the opponent's arrow twice went Random -> Greedy -> (the new Eval row's arrow):
    the rows moved up when the evaluation's row appeared. They are spaced for it now."""
    from game.ui.scenes.learning_lab import LearningLabScene
    from tests.ui_helpers import frame, make_app

    app = make_app(size)
    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("morpion")
    lab.set_mode("watch" if watching else "play")
    key = "lab.watched1" if watching else "lab.opponent"
    _chooser(lab, key).set("random")
    frame(app)
    chooser = _chooser(lab, key)
    upto = lab.config_widgets.index(chooser) + 1
    before = [w.rect.copy() for w in lab.config_widgets[:upto]]
    chooser.set("greedy")
    frame(app)
    assert len(_eval_choosers(lab)) == 1
    assert [w.rect for w in lab.config_widgets[:upto]] == before
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_run_names_say_which_evaluation_the_search_players_used(language: str) -> None:
    """Regression: two runs against Alpha-beta with different evaluations were both named
    "Run n: ... vs Alpha-beta" on the charts; the name now says the evaluation."""
    from game.ui.scenes.learning_lab import LearningLabScene
    from tests.ui_helpers import make_app

    app = make_app((1024, 768), language=language)
    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("othello")
    lab.session.opponent = "alphabeta"
    param = lab.session.choice_params(OPPONENT)[0]
    names = []
    for choice in ("weights", "discs"):
        lab.session.set_choice(OPPONENT, param, param.choices.index(choice))
        long, short = lab._run_names(1)
        names.append(long)
        said = i18n.tr(f"param.eval.{choice}")
        assert said in long and said in short
    assert names[0] != names[1]
    lab.session.watching = True
    lab.session.watched = ("alphabeta", "random")
    first = lab.session.choice_params(WATCHED[0])[0]
    lab.session.set_choice(WATCHED[0], first, first.choices.index("mobility"))
    lab._add_run(1, False, False)
    run = lab.runs[-1]
    assert run.sides is not None and i18n.tr("param.eval.mobility") in run.sides[0]
    assert i18n.tr("param.eval.mobility") in run.label
    assert run.sides[1] == i18n.tr("player.random.title")
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_click_on_a_lab_chooser_opens_its_list_as_in_the_menu(language: str) -> None:
    """Review 5: the lab's choosers of a choice among words (the opponent's evaluation, the
    learner's ties) stepped to the next name on a click where the menu's open their list.
    A click on the middle now opens the list, the value unchanged until a name is picked."""
    from game.ui.scenes.dialogs import ListPopup
    from game.ui.scenes.learning_lab import LearningLabScene
    from tests.ui_helpers import click, frame, make_app

    app = make_app((1024, 768), language=language)
    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("othello")
    lab.set_kind("qlearning")
    _chooser(lab, "lab.opponent").set("alphabeta")
    frame(app)
    for chooser, pick in ((_eval_choosers(lab)[0], "param.eval.discs"),
                          (_chooser(lab, "param.ties"), "param.ties.first")):
        before = chooser.current_label()
        click(app, chooser._parts()[1].center)  # the middle, between its arrows
        popup = app.top
        assert isinstance(popup, ListPopup), chooser.label()
        assert chooser.current_label() == before
        labels = [label for _value, label, _desc in popup.items]
        assert labels == [label() for _v, label in chooser.items] and i18n.tr(pick) in labels
        popup.on_pick(next(v for v, label, _d in popup.items if label == i18n.tr(pick)))
        app.pop()
        frame(app)
        assert chooser.current_label() == i18n.tr(pick)
    assert eval_of(lab.session.player_spec(OPPONENT)) == "discs"
    app.shutdown()  # type: ignore[attr-defined]
