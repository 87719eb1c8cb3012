"""The lab's set-up rows stay under the pointer (QA13 12, QA14 17).

At 1280x800 en 200% a click on the Learner's ▶ (Elimination -> Reinforcement) added the new
learner's rows; every row shrank and the ▶ moved 80 px left, so a second click at the same
place landed on Reset, whose "Forget everything it learned?" had Reset as its default. The
rows now keep room for the most parameters any learner has, and the page's rows never get
narrower in a window; the Reset question defaults to Cancel.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from game.ui.widgets import Choice
from tests.lab_helpers import large_lab, train_instantly
from tests.ui_helpers import click, frame, key


def chooser(lab: object, key_: str) -> Choice:
    """The set-up's chooser labelled ``tr(key_)``."""
    return next(w for w in lab.config_widgets  # type: ignore[attr-defined]
                if isinstance(w, Choice) and w.label() == tr(key_))


def next_arrow(choice: Choice) -> tuple[int, int]:
    """The middle of ``choice``'s ▶."""
    return choice._parts()[2].center


@pytest.mark.parametrize(("size", "lang", "scale"), [((1280, 800), "en", 200),
                                                      ((1024, 768), "fr", 200),
                                                      ((1920, 1080), "fr", 200),
                                                      ((1024, 768), "en", 100)])
def test_a_second_click_on_the_learners_arrow_goes_on_to_the_next_learner(
        size: tuple[int, int], lang: str, scale: int) -> None:
    app, lab = large_lab(size, lang, scale)
    if lab.compact():
        lab.tabs.choose("setup")
        frame(app)  # type: ignore[arg-type]
    assert lab.session.kind == "elimination"
    spot = next_arrow(chooser(lab, "lab.learner"))
    for kind in ("reinforcement", "qlearning"):
        click(app, spot)  # type: ignore[arg-type]
        for _ in range(20):  # (not a double click)
            frame(app)  # type: ignore[arg-type]
        assert lab.session.kind == kind, (kind, spot, next_arrow(chooser(lab, "lab.learner")))
        assert app.top is lab  # type: ignore[attr-defined]
        assert next_arrow(chooser(lab, "lab.learner")) == spot
    app.shutdown()  # type: ignore[attr-defined]


def test_the_game_arrow_stays_once_a_game_needed_wider_rows() -> None:
    """From Othello (whose opponents' names need wider rows at 1024x768 fr 200%) to Connect 4
    the Game row's ▶ stayed 67 px to the right only while Othello showed."""
    app, lab = large_lab((1024, 768), "fr")
    lab.tabs.choose("setup")
    lab.set_game("othello")
    frame(app)  # type: ignore[arg-type]
    spot = next_arrow(chooser(lab, "lab.game"))
    click(app, spot)  # type: ignore[arg-type]
    for _ in range(20):
        frame(app)  # type: ignore[arg-type]
    assert lab.game != "othello"
    assert next_arrow(chooser(lab, "lab.game")) == spot
    app.shutdown()  # type: ignore[attr-defined]


def test_enter_on_the_reset_question_keeps_the_learner() -> None:
    app, lab = large_lab((1280, 800), "en")
    train_instantly(lab, "nim", "elimination", 50)
    frame(app)  # type: ignore[arg-type]
    lab.ask_reset()
    frame(app)  # type: ignore[arg-type]
    assert isinstance(app.top, MessageDialog)  # type: ignore[attr-defined]
    key(app, pygame.K_RETURN)  # type: ignore[arg-type]
    assert app.top is lab  # type: ignore[attr-defined]
    assert lab.learner.games_trained == 50
    app.shutdown()  # type: ignore[attr-defined]


def test_a_negative_parameter_is_written_with_a_minus() -> None:
    """QA14 11: Reinforcement's beads for a loss read "-1" with a hyphen in the set-up."""
    from ai.registry import get_player_info
    from game.ui.scenes.players import param_text

    loss = next(p for p in get_player_info("reinforcement").params if p.default < 0)
    assert param_text(loss, loss.default) == f"\u2212{-int(loss.default)}"


def test_the_game_arrow_stays_when_othello_is_first_chosen() -> None:
    """QA14 11: at 1280x800 fr 200% the rows' share of the set-up page widened the first
    time Othello (whose opponents' names are longer) was chosen, and the Game row's ▶ moved
    right under the pointer. The share is now the one every game's players fit."""
    app, lab = large_lab((1280, 800), "fr")
    lab.tabs.choose("setup")
    lab.set_game("hexapawn")
    frame(app)  # type: ignore[arg-type]
    spot = next_arrow(chooser(lab, "lab.game"))
    for game in ("othello", "connect4", "morpion", "nim"):
        lab.set_game(game)
        frame(app)  # type: ignore[arg-type]
        assert next_arrow(chooser(lab, "lab.game")) == spot, game
    app.shutdown()  # type: ignore[attr-defined]


#: The rows' text before (session 14) -> now, by window, language, text size: what the
#: learner's parameters took from the list, the room under the page's buttons now holds.
ROWS_PX = [((1024, 768), "fr", 200, 32), ((1280, 800), "fr", 200, 33),
           ((1920, 1080), "fr", 200, 44), ((1024, 768), "en", 100, 20),
           ((1024, 768), "fr", 100, 20), ((1920, 1080), "en", 100, 27)]


@pytest.mark.parametrize(("size", "lang", "scale", "least"), ROWS_PX)
def test_the_set_up_rows_are_as_large_as_the_room_allows(
        size: tuple[int, int], lang: str, scale: int, least: int) -> None:
    """QA14 11: room was held in the list for the most parameters a learner has, so
    Elimination's rows were 25 px at 1024x768 fr 200% beside 270 px left empty under the
    page's buttons, 23 px at 1280x800 (Reinforcement's 13 rows, the right half empty), and
    18 px at 100% of 1024x768, under the readable 20. On the compact set-up page the
    learner's parameters now go under its buttons, and the list's text is as large as its
    rows hold; every row, whichever learner, at ``least`` px or more and never under the
    readable size, and every row shows."""
    from game.ui.scenes.play_fit import readable_px

    app, lab = large_lab(size, lang, scale)
    if lab.compact():
        lab.tabs.choose("setup")
    for game in ("hexapawn", "othello"):
        lab.set_game(game)
        for kind in ("elimination", "reinforcement", "qlearning"):
            lab.set_kind(kind)
            frame(app)  # type: ignore[arg-type]
            rows = lab.config_widgets[1:]
            assert all(w.visible for w in rows), (game, kind)
            assert min(w.px for w in rows) >= max(least, readable_px(size)), (
                game, kind, [(w.label(), w.px) for w in rows])
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "lang", "game"), [((1024, 768), "fr", "hexapawn"),
                                                     ((1024, 768), "fr", "nim"),
                                                     ((1920, 1080), "en", "hexapawn"),
                                                     ((1280, 720), "fr", "morpion")])
def test_the_set_up_choosers_boxes_start_in_one_column(
        size: tuple[int, int], lang: str, game: str) -> None:
    """QA19 36 (1024x768 fr 200%): the choosers' value boxes started at six places (x 240 to
    283: Jeu, Apprenti, Apprend en, Sa place, Adversaire, Vitesse): a chooser whose widest
    value took some of its label's room moved its box left of the others'."""
    app, lab = large_lab(size, lang)
    lab.set_game(game)
    frame(app)  # type: ignore[arg-type]
    boxes = {w.label(): w._parts()[1].left for w in lab.config_widgets
             if isinstance(w, Choice) and w.visible and w.rect.width > 0
             and w._parts()[1].left > w.rect.left}
    assert len(boxes) >= 5 and len(set(boxes.values())) == 1, boxes
    app.shutdown()  # type: ignore[attr-defined]
