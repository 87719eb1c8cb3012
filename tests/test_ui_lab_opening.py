"""The learning lab opens on the menu's game and learner (QA19 26: menu on Hexapawn with
"Renforcement" in seat 2, 1280x720 fr 200%, Plus… -> Labo d'apprentissage: the lab opened on
"Nim (20 allumettes, 1–3) · Élimination"; the teacher had to find Hexapawn again)."""

from __future__ import annotations

import pytest

from game.ui.scenes.menu import MenuScene
from tests.lab_helpers import large_lab, train_instantly
from tests.ui_helpers import frame, make_app, seat_players


def lab_from_menu(app: object) -> object:
    """The lab opened from the menu's "More…" list, as a teacher does."""
    from game.ui.scenes.learning_lab import LearningLabScene
    from game.ui.scenes.menu_entries import _open_lab

    lab = _open_lab(app)  # type: ignore[arg-type]
    app.push(lab)  # type: ignore[attr-defined]
    frame(app)  # type: ignore[arg-type]
    assert isinstance(lab, LearningLabScene)
    return lab


@pytest.mark.parametrize(("language", "game", "seat2", "kind"), [
    ("fr", "hexapawn", "reinforcement", "reinforcement"),
    ("en", "hexapawn", "reinforcement", "reinforcement"),
    ("en", "morpion", "random", "elimination"),  # (no learner in the menu: the lab's first)
])
def test_the_lab_opens_on_the_menus_game_and_learner(
        language: str, game: str, seat2: str, kind: str) -> None:
    app = make_app((1280, 720), language=language, text_scale=200)
    menu = app.top
    assert isinstance(menu, MenuScene)
    seat_players(menu, game, ("human", seat2))
    lab = lab_from_menu(app)
    assert (lab.game, lab.session.kind) == (game, kind)  # type: ignore[attr-defined]
    app.shutdown()


def test_a_trained_learner_stays_whatever_the_menu_shows() -> None:
    """The class's work is not thrown away: back in the menu, another game chosen, the lab
    opens again on the learner it trained."""
    app, lab = large_lab((1280, 720), "en")
    train_instantly(lab, "nim", "elimination", 50)
    app.pop()  # type: ignore[attr-defined]
    menu = app.top  # type: ignore[attr-defined]
    assert isinstance(menu, MenuScene)
    seat_players(menu, "othello", ("human", "qlearning"))
    again = lab_from_menu(app)
    assert again.game == "nim" and again.learner.games_trained == 50  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]
