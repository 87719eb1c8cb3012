"""The learning lab after "Play against it" (lab_play): the game the class played is counted
and its changed boxes shown, also when the class comes back through the menu."""

from __future__ import annotations

import pytest

from ai.base import Limits
from game.ui.i18n import tr
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.menu import MenuScene
from tests.lab_helpers import large_lab
from tests.ui_helpers import click_widget, frame


@pytest.mark.parametrize("through_menu", [False, True])
def test_a_game_won_against_the_learner_shows_in_the_lab(through_menu: bool) -> None:
    """QA S12 9 (1280x720 fr 200%): after beating the learner with "Keeps learning" on, the
    lab still counted the start box "500×", listed 1 475 boxes and "Last game's boxes (0)";
    the learner had learned (a new box, its losing move crossed out) but the box, made in the
    play screen, had no use count and was never listed. Now each box the learner moved from
    is used once more (a new one listed), and the boxes the game changed are the last game's,
    before → after; also when the class goes back to the menu and opens the lab again."""
    from game.ui.scenes.play import PlayScene

    app, lab = large_lab((1280, 720), "fr")
    lab.session.keep_learning = True
    click_widget(app, lab.play_button)  # type: ignore[arg-type]
    play = app.top  # type: ignore[attr-defined]
    assert isinstance(play, PlayScene)
    match, learner = play.match, lab.learner
    # The person plays perfect Nim (leave a multiple of 4): the fresh learner, first, loses.
    while not match.over:
        state = match.state
        if match.seat_for_side(state.to_move).player is learner:
            move = learner.decide(state, Limits()).move
        else:
            move = next(m for m in state.legal_moves() if (state.heaps[0] - m.count) % 4 == 0)
        match.play(move)
    assert match.state.outcome is not None and match.state.outcome.winner is not None
    assert not match.teach_learners()
    played = [s.key for s in match.states if s.outcome is None
              and match.seat_for_side(s.to_move).player is learner]
    if through_menu:
        # The game's Menu says "Lab" and goes back to the lab (QA18: it went to the main
        # menu); from there the class may go to the menu and open the lab again (below).
        play.to_menu()
    else:
        app.pop(play)  # type: ignore[attr-defined]
    assert app.top is lab  # type: ignore[attr-defined]
    frame(app)  # type: ignore[arg-type]
    boxes = {box.key: box for box in lab.knowledge.boxes}
    assert set(played) <= set(boxes), (played, list(boxes))
    assert all(boxes[key].used == played.count(key) for key in played)
    # It lost: its last move is crossed out in the box it was played from.
    assert played[-1] in lab.knowledge.last_changed
    lab.session.changed_only = True
    lab.refresh_knowledge()
    shown = {box.key: box for box in lab.knowledge.boxes}
    assert played[-1] in shown and set(shown) <= set(played)
    assert all(box.changed and box.before is not None for box in shown.values())
    if through_menu:
        # To the main menu and the lab again: its boxes keep their use counts.
        lab.session.changed_only = False
        lab.to_menu()
        assert isinstance(app.top, MenuScene)  # type: ignore[attr-defined]
        app.push(LearningLabScene(app))  # type: ignore[attr-defined]
        again = app.top  # type: ignore[attr-defined]
        frame(app)  # type: ignore[arg-type]
        boxes = {box.key: box for box in again.knowledge.boxes}
        assert all(boxes[key].used == played.count(key) for key in played)


def test_changing_the_learner_of_a_trained_lab_asks_first() -> None:
    """QA S12 6 (1280x720 fr 200%): one click on Learner ▶ reset a learner trained on 501
    games without a word. The set-up's game, variant and learner choosers now ask first once
    the learner has learned something (Cancel by default keeps it); a fresh one changes at
    once."""
    from game.ui.scenes.dialogs import MessageDialog
    from tests.lab_helpers import train_instantly

    app, lab = large_lab((1280, 720), "fr")
    chooser = next(w for w in lab.config_widgets if getattr(w, "label", lambda: "")()
                   == tr("lab.learner"))
    chooser.set("reinforcement")  # type: ignore[attr-defined]
    assert lab.session.kind == "reinforcement"  # nothing learned: no question
    train_instantly(lab, "nim", "elimination", 50)
    trained = lab.learner
    chooser = next(w for w in lab.config_widgets if getattr(w, "label", lambda: "")()
                   == tr("lab.learner"))
    chooser.set("qlearning")  # type: ignore[attr-defined]
    frame(app)  # type: ignore[arg-type]
    dialog = app.top  # type: ignore[attr-defined]
    assert isinstance(dialog, MessageDialog) and "50" in dialog.message
    assert lab.learner is trained and lab.session.kind == "elimination"
    click_widget(app, dialog.buttons[dialog.primary])  # type: ignore[arg-type]  # Cancel
    assert app.top is lab and lab.learner is trained  # type: ignore[attr-defined]
    chooser.set("qlearning")  # type: ignore[attr-defined]
    frame(app)  # type: ignore[arg-type]
    dialog = app.top  # type: ignore[attr-defined]
    assert isinstance(dialog, MessageDialog)
    click_widget(app, dialog.buttons[0])  # type: ignore[arg-type]
    assert lab.session.kind == "qlearning" and lab.learner is not trained


def test_a_new_game_shows_a_fresh_learners_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S12 28: after switching the game the header still said "500 games in 5.2 s" over an
    empty learner (the last run's line). A fresh learner's header says it is trained on 0
    games."""
    from tests.lab_helpers import train_instantly
    from tests.ui_helpers import texts_drawn_by

    app, lab = large_lab((1920, 1080), "en")
    train_instantly(lab, "nim", "elimination", 50)
    lab.set_game("hexapawn")
    frame(app)  # type: ignore[arg-type]
    assert lab.runner is None and lab.learner.games_trained == 0
    drawn = [said for said, _px, _rect in texts_drawn_by(lambda: app.draw(app.screen),
                                                         monkeypatch)]
    assert tr("lab.progress_idle_brief", games=0) in drawn, drawn


def test_quitting_with_an_unsaved_trained_learner_says_so(data_dir: object) -> None:
    """QA S12 42: "Quit AI Game Lab? Your settings and choices are saved" quit with a trained
    learner never saved in the lab, and lost it. The question now says the lab's learner is
    not saved, Cancel the default; once saved it asks as before (Enter quits)."""
    from game.ui.scenes.dialogs import MessageDialog
    from tests.lab_helpers import train_instantly

    app, lab = large_lab((1280, 720), "fr")
    train_instantly(lab, "nim", "elimination", 40)
    lab.on_close()
    app.pop(lab)  # type: ignore[attr-defined]
    menu = app.top  # type: ignore[attr-defined]
    assert isinstance(menu, MenuScene)
    menu.ask_quit()
    dialog = app.top  # type: ignore[attr-defined]
    assert isinstance(dialog, MessageDialog)
    assert tr("lab.unsaved", games=40) in dialog.message and dialog.primary == 1
    app.pop(dialog)  # type: ignore[attr-defined]
    assert lab.files.save() is not None
    app.pop(app.top)  # type: ignore[attr-defined]  # (the "saved" message)
    menu.ask_quit()
    dialog = app.top  # type: ignore[attr-defined]
    assert isinstance(dialog, MessageDialog)
    assert dialog.message == tr("menu.quit_text") and dialog.primary == 0
