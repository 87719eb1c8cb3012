"""Helpers shared by the learning lab's and the tournament's UI tests."""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from typing import TypeVar

import pytest

from game.ui.app import App
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.menu import MenuScene
from tests.ui_helpers import click_widget, frame, make_app, texts_drawn_by
from tests.ui_helpers import screenshot as _screenshot

S = TypeVar("S", bound=Scene)


def screenshot(app: object, name: str) -> None:
    """A screenshot without the passing notice at the bottom (it hides the buttons)."""
    app.toast = None  # type: ignore[attr-defined]
    _screenshot(app, name)  # type: ignore[arg-type]


def open_from_menu(size: tuple[int, int], label_key: str, kind: type[S]) -> tuple[App, S]:
    """The app with the screen ``kind`` opened from the menu's header button ``label_key``."""
    app = make_app(size)
    menu = app.top
    assert isinstance(menu, MenuScene)
    button = next(b for b in menu.header_buttons if b.label() == tr(label_key))
    click_widget(app, button)
    scene = app.top
    assert isinstance(scene, kind)
    return app, scene


@contextlib.contextmanager
def failing_writes(monkeypatch: pytest.MonkeyPatch, number: int) -> Iterator[None]:
    """Writes fail with the error ``number`` while inside: the disk fills while a file is
    written (ENOSPC and any other), a read-only folder refuses the file itself (EROFS)."""
    from game import userdata

    def fails(*_args: object, **_kwargs: object) -> None:
        raise OSError(number, os.strerror(number))

    with monkeypatch.context() as patch:
        patch.setattr(userdata.os, "fsync", fails)
        if number == errno.EROFS:
            patch.setattr(userdata.tempfile, "mkstemp", fails)
        yield


def large_lab(size: tuple[int, int], language: str, scale: int = 200
              ) -> tuple[object, LearningLabScene]:
    """The lab at the largest text size (200%; or ``scale``) in a window of ``size``, one
    frame drawn."""
    app = make_app(size, language=language, text_scale=scale)
    lab = LearningLabScene(app)
    app.push(lab)
    frame(app)
    return app, lab


def train_instantly(lab: LearningLabScene, game: str, kind: str, games: int) -> None:
    """A run of ``games`` games of ``kind`` on ``game``, at once, to its end."""
    lab.set_game(game)
    lab.set_kind(kind)
    lab.games = games
    lab._set_speed("instant")
    lab.train()
    assert lab.runner is not None and lab.runner.join(60)


def quick_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """One game holds each move as a watched training run does (0.3 s), not as long as for a
    class: a test need not wait 1.5 s a move, and sees the game live as it did."""
    from ai.training import WATCH_MOVE_SECONDS
    from game.ui.scenes import learning_lab

    monkeypatch.setattr(learning_lab, "ONE_GAME_MOVE_SECONDS", WATCH_MOVE_SECONDS)


def instant_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """One game holds none of its moves: for a test that looks only at what the game leaves
    (its result, the boxes it changed, the notice, the header), not at the game live; the
    game runs the same code, its waits of no time (a Nim game at 0.3 s a move was 3 s of
    frames drawn for nothing)."""
    from game.ui.scenes import learning_lab

    monkeypatch.setattr(learning_lab, "ONE_GAME_MOVE_SECONDS", 0.0)


def watch_one_nim_game(app: App, lab: LearningLabScene, kind: str = "reinforcement",
                       games: int = 20) -> None:
    """Train a ``kind`` learner ``games`` games of Nim at once, then start One game: the lab
    shows the live game (``lab.runner.current``) when this returns."""
    from tests.ui_helpers import run_until

    train_instantly(lab, "nim", kind, games)
    frame(app)
    click_widget(app, lab.step_button)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.current is not None,
                     20)


def live_nim_header(app: App, lab: LearningLabScene, monkeypatch: pytest.MonkeyPatch
                    ) -> list[tuple[str, int, object]]:
    """One game of Nim watched in ``lab`` (see :func:`watch_one_nim_game`): the texts its live
    board writes inside itself in one frame (its limit and goal), as (text, px, rect)."""
    watch_one_nim_game(app, lab)
    assert lab.watching_live()
    runner = lab.runner
    drawn = texts_drawn_by(lambda: lab.knowledge.draw(app.screen, runner), monkeypatch)
    lab.stop()
    view = lab.knowledge._board_view()
    assert view is not None
    return [(value, px, rect) for value, px, rect in drawn if view.rect.contains(rect)]


def large_boxes(size: tuple[int, int], language: str, game: str, kind: str, games: int,
                variant: int = 0, scale: int = 200) -> tuple[object, LearningLabScene]:
    """The lab at 200% text (or ``scale``) showing the Matchboxes of a ``kind`` learner
    trained on ``games`` games of ``game`` (its ``variant``-th preset), one frame drawn."""
    app, lab = large_lab(size, language, scale)
    lab.set_game(game)
    lab.set_variant(variant)
    train_instantly(lab, game, kind, games)
    lab.tabs.choose("boxes")
    frame(app)  # type: ignore[arg-type]
    return app, lab



def box_key_pieces(app: App, lab: LearningLabScene, monkeypatch: pytest.MonkeyPatch
                   ) -> list[tuple[str, int, object]]:
    """The texts the Matchboxes view's key writes in one frame of ``lab``, in order: (text,
    size, rect)."""
    from game.ui.scenes import lab_knowledge

    rects: list[object] = []
    real = lab_knowledge.draw_key

    def spy(*args: object, **kwargs: object) -> list[object]:
        drawn = real(*args, **kwargs)  # type: ignore[arg-type]
        rects.extend(drawn)
        return drawn

    with monkeypatch.context() as patch:
        patch.setattr(lab_knowledge, "draw_key", spy)
        drawn = texts_drawn_by(lambda: lab.knowledge.draw(app.screen, None), monkeypatch)
    return [piece for piece in drawn if any(piece[2] is rect for rect in rects)]


def box_key_text(app: App, lab: LearningLabScene, monkeypatch: pytest.MonkeyPatch
                 ) -> tuple[str, list[int]]:
    """The words the Matchboxes view's key writes in one frame of ``lab`` (its pieces joined
    by spaces, as its wrapped lines were one text) and the sizes it writes them at."""
    pieces = box_key_pieces(app, lab, monkeypatch)
    return " ".join(said for said, _px, _rect in pieces), [px for _said, px, _rect in pieces]
