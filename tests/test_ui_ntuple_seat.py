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
from game.ui.scenes.play import PlayScene
from game.ui.scenes.players import LadderStepper
from tests.test_ui_ntuple_lab import open_lab, save_here
from tests.ui_helpers import click, click_widget, frame, run_until


def trained_stepper(menu: MenuScene) -> LadderStepper:
    """Seat 2's "Pre-trained" stepper."""
    (stepper,) = [w for w in menu.seat_widgets[1] if isinstance(w, LadderStepper)
                  and w.label() == tr("param.trained")]
    return stepper


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
    stepper = trained_stepper(menu)
    assert stepper.fmt(stepper.get()) == tr("param.trained.1")  # the default
    _minus, _value, plus = stepper._buttons()
    click(app, plus.center)  # type: ignore[arg-type]
    assert menu.choices.seats[1].endswith("trained=lab"), menu.choices.seats[1]
    assert stepper.fmt(stepper.get()) == tr("param.trained.lab")
    click_widget(app, menu.start_button)
    play = app.top  # type: ignore[attr-defined]
    assert isinstance(play, PlayScene), app.toast  # type: ignore[attr-defined]
    player = play.match.seats[1].player
    assert isinstance(player, NTuplePlayer)
    assert player.games_trained == 20
    assert np.array_equal(player.net.weights, trained.weights)
    assert trained.weights.any()  # (a network that learnt something, not zeros twice)
