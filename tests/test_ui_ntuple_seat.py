"""A network trained in the n-tuple lab plays from a menu seat (QA S12 11).

The menu's "N-tuple network" offered only the shipped network or none: the class could not
play the network it had just watched learn. Its "Pre-trained" choice now also offers the lab's
network once the lab has saved one in the data folder.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ai.ntuple import NTuplePlayer, default_path
from ai.registry import PlayerSpecError, make_player
from game.rules.othello import OthelloOptions
from game.ui.i18n import tr
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_seats import seat_word
from game.ui.scenes.play import PlayScene
from game.ui.widgets import Choice
from tests.test_ui_ntuple_lab import open_lab, save_here
from tests.ui_helpers import click, click_widget, frame, run_until


def trained_chooser(menu: MenuScene) -> Choice:
    """Seat 2's "Pre-trained" chooser (a choice among words, not a stepper: QA17 12)."""
    (chooser,) = [w for w in menu.seat_widgets[1] if isinstance(w, Choice)
                  and w.label() == tr("param.trained")]
    return chooser


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_network_saved_in_the_lab_plays_from_a_menu_seat(data_dir: Path,
                                                           language: str) -> None:
    app, lab = open_lab(language=language)  # a 6x6 board, as the lab's tests train
    lab.session.games = 20
    click_widget(app, lab.train_button)
    assert run_until(app, lambda: not lab.session.busy, timeout=120)  # type: ignore[arg-type]
    trained = lab.session.player.net
    assert trained.games_trained == 20
    with pytest.raises(PlayerSpecError):  # nothing saved yet: no such choice
        make_player("ntuple:trained=lab", "othello", OthelloOptions(6))
    save_here(app, lab)
    assert default_path(6).is_file()
    app.pop(app.top)  # type: ignore[attr-defined]  # the "saved" message
    app.pop(lab)  # type: ignore[attr-defined]
    menu = app.top  # type: ignore[attr-defined]
    assert isinstance(menu, MenuScene)
    menu.select_game("othello")
    menu.set_option("size", "6")
    menu._set_seat(1, "ntuple")
    frame(app)  # type: ignore[arg-type]
    chooser = trained_chooser(menu)
    # No network ships for 6x6 (QA17 11): the lab's is the default, "Shipped" is no choice.
    assert chooser.current_label() == tr("param.trained.lab")
    assert [label() for _v, label in chooser.items] == [tr("param.trained.0"),
                                                        tr("param.trained.lab")]
    left, _box, right = chooser._parts()
    click(app, left.center)  # type: ignore[arg-type]
    assert menu.choices.seats[1].endswith("trained=0"), menu.choices.seats[1]
    assert chooser.current_label() == tr("param.trained.0")
    click(app, right.center)  # type: ignore[arg-type]
    assert menu.choices.seats[1].endswith("trained=lab"), menu.choices.seats[1]
    assert chooser.current_label() == tr("param.trained.lab")
    # The lab's question before replacing that file names the choice that plays it (QA13 11:
    # it said "the one the n-tuple player reads" while no seat read it).
    assert tr("param.trained.lab") in tr("ntuple.replace_text", file=default_path(6).name)
    click_widget(app, menu.start_button)
    play = app.top  # type: ignore[attr-defined]
    assert isinstance(play, PlayScene), app.toast  # type: ignore[attr-defined]
    player = play.match.seats[1].player
    assert isinstance(player, NTuplePlayer)
    assert player.games_trained == 20
    assert np.array_equal(player.net.weights, trained.weights)
    assert trained.weights.any()  # (a network that learnt something, not zeros twice)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_quitting_with_an_unsaved_network_asks_first(data_dir: Path, language: str) -> None:
    """Quit asked first only about the learning lab's learner (QA S12 42): a network trained in
    the n-tuple lab and never saved was lost without a word. The question now says so, Cancel
    the default; once saved, or after loading, it asks as before (Enter quits)."""
    from game.ui.scenes.dialogs import MessageDialog

    app, lab = open_lab(language=language)
    lab.session.games = 20
    click_widget(app, lab.train_button)
    assert run_until(app, lambda: not lab.session.busy, timeout=120)  # type: ignore[arg-type]
    app.ntuple_session = lab.session  # type: ignore[attr-defined]  # (the app's session)
    app.pop(lab)  # type: ignore[attr-defined]
    menu = app.top  # type: ignore[attr-defined]
    assert isinstance(menu, MenuScene)

    def quit_question() -> MessageDialog:
        menu.ask_quit()
        dialog = app.top  # type: ignore[attr-defined]
        assert isinstance(dialog, MessageDialog)
        app.pop(dialog)  # type: ignore[attr-defined]
        return dialog

    dialog = quit_question()
    assert tr("ntuple.unsaved", games=20) in dialog.message and dialog.primary == 1
    lab.session.save()
    dialog = quit_question()
    assert dialog.message == tr("menu.quit_text") and dialog.primary == 0
    lab.session.start()  # 20 more games: unsaved again, counted from the save
    assert lab.session.runner is not None and lab.session.runner.join(120)
    assert tr("ntuple.unsaved", games=20) in quit_question().message
    lab.session.load()  # as in the file again
    assert quit_question().primary == 0


@pytest.mark.parametrize("language", ["en", "fr"])
def test_six_by_six_offers_no_shipped_network_and_keeps_the_seat(data_dir: Path,
                                                                 language: str) -> None:
    """QA17 11: Othello 6x6's "N-tuple network" said "Pre-trained: Shipped" while no network
    ships for 6x6, and it played from nothing. Taken from 8x8 (where "Shipped" is the
    default) to 6x6, the seat keeps the network, now "from nothing" with no other choice; the
    tournament's variant chooser does the same."""
    from game.ui.scenes.tournament_model import TournamentSetup
    from tests.ui_helpers import make_app, seat_players

    if default_path(6).exists():
        pytest.skip("a lab network of 6x6 is saved in the data folder")
    app = make_app((1024, 768), language=language, text_scale=200)
    menu = app.top
    assert isinstance(menu, MenuScene)
    seat_players(menu, "othello", ("human", "ntuple"))
    assert trained_chooser(menu).current_label() == tr("param.trained.1")
    menu.set_option("size", "6")
    frame(app)
    assert menu.choices.seats[1].startswith("ntuple:"), menu.choices.seats[1]
    assert menu.choices.seats[1].endswith("trained=0"), menu.choices.seats[1]
    chooser = trained_chooser(menu)
    assert [label() for _v, label in chooser.items] == [tr("param.trained.0")]
    assert not chooser.enabled  # nothing to choose: greyed
    # The menu says so (QA18 16: nothing said a seat had changed), and says a seat's player
    # replaced where it cannot play (4x4); nothing when no seat changes.
    assert app.toast == tr("menu.seat_usual", seat=seat_word(2),
                           player=tr("player.ntuple.title"))
    # Back to 8x8 the seat plays the shipped network again, and says so (review of c106cbe:
    # 6x6's "trained=0", written out, stayed, and the seat played an untrained network).
    app.toast = None
    menu.set_option("size", "8")
    assert trained_chooser(menu).current_label() == tr("param.trained.1")
    assert app.toast == tr("menu.seat_usual", seat=seat_word(2),
                           player=tr("player.ntuple.title"))
    menu.set_option("size", "6")
    app.toast = None
    menu.set_option("size", "4")
    assert menu.choices.seats[1] == "random"
    assert app.toast == tr("menu.seat_replaced", seat=seat_word(2),
                           player=tr("player.random.title"), was=tr("player.ntuple.title"))
    app.toast = None
    menu.set_option("size", "8")
    assert app.toast is None
    setup = TournamentSetup("othello")
    setup.set_player(1, "ntuple")
    assert setup.specs[1].endswith("trained=1")
    setup.set_variant(1)  # 6x6
    assert setup.options.size == 6
    assert setup.specs[1].startswith("ntuple:") and setup.specs[1].endswith("trained=0")
    setup.set_variant(0)  # back to 8x8: the shipped network again (review of c106cbe)
    assert setup.options.size == 8 and setup.specs[1].endswith("trained=1"), setup.specs[1]


def test_two_seats_changed_at_once_are_said_in_one_sentence() -> None:
    """Review of ec0cfac: Othello 8x8 -> 4x4 with the network in both seats read "… with these
    options Seat 2: Random in place of …", one run-on sentence broken anywhere."""
    from tests.ui_helpers import make_app, seat_players

    app = make_app((1024, 768))
    menu = app.top
    assert isinstance(menu, MenuScene)
    seat_players(menu, "othello", ("ntuple", "ntuple"))
    app.toast = None
    menu.set_option("size", "4")
    assert app.toast is not None
    # R8 / QA19 20: one player leaving both seats is said once (two lines of it were 16 px
    # at 200% of 1024x640), each seat with its new player.
    said = app.toast
    assert "\n" not in said and said.count(tr("player.ntuple.title")) == 1, said
    assert f"{seat_word(1)}: {tr('seat.human')}" in said, said
    assert f"{seat_word(2)}: {tr('player.random.title')}" in said, said
    app.shutdown()
