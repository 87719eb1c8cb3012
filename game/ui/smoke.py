"""The packaging smoke test: ``python main.py --smoke-test`` (the executable takes the same flag).

It drives the real app the way a class would, without a person: the window opens (the dummy
video driver is fine) with the menu; then, from the menu, each of the four games starts with an
AI on both seats and plays a few moves, each chosen by the AI in the background worker
(``ai.worker``) and played by the play scene; back at the menu, a learner (``ai.learners``)
trains on a few games, is saved into the user's data folder and reloaded into a fresh learner,
which must hold the same table. It prints what it did, one line per step, and returns 0; any
failure prints ``smoke test FAILED: ...`` and returns 1.

The user's settings are put back as they were, and the learner file is written into a
``smoke-test`` folder of the data folder and removed afterwards, so running the test on a
teacher's machine changes nothing (``AIGAMELAB_DATA_DIR`` points the data folder elsewhere).

With ``AIGAMELAB_FIRST_FRAME=1`` in the environment it stops right after the first menu frame
instead, printing ``first-frame <unix time>``: ``benchmarks/startup.py`` times the start-up
with it.
"""

from __future__ import annotations

import contextlib
import copy
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import App

#: Environment variable that makes the run stop after the first menu frame (start-up timing).
FIRST_FRAME_ENV = "AIGAMELAB_FIRST_FRAME"
#: Moves played in each game (fewer if the game ends first).
MOVES_PER_GAME = 4
#: Longest time one game may take to play its moves, in seconds, before the test fails.
GAME_TIMEOUT = 60.0
#: Frame step fed to the app: a quarter of a second per frame skips the pauses the play scene
#: leaves between AI moves for the class to follow (the app clamps its own steps to this too).
STEP = 0.25
#: Real time between frames, so the worker thread gets the CPU.
NAP = 0.005
#: The folder of the data folder where the test writes its files (removed afterwards).
SMOKE_FOLDER = "smoke-test"
#: The learner saved and reloaded, and how many games it trains on (on the learning lab's
#: default game).
LEARNER = ("elimination", 30)

logger = logging.getLogger("aigamelab.smoke")


class SmokeFailure(RuntimeError):
    """A step of the smoke test did not do what it should; the message says what."""


@dataclass
class Report:
    """Prints each step (flushed at once, so a CI log shows progress) and logs it."""

    out: Callable[[str], None]

    def step(self, message: str) -> None:
        """Report one finished step."""
        self.out(f"smoke: {message}")
        logger.info(message)


def _print(message: str) -> None:
    print(message, flush=True)


def draw_frame(app: App, dt: float = 1 / 60) -> None:
    """One frame of the app's loop: pending events, update, draw, flip."""
    app.frame(pygame.event.get(), dt)
    pygame.display.flip()


def check_menu(app: App) -> Any:
    """The menu scene on top of the app, or SmokeFailure."""
    from game.ui.scenes.menu import MenuScene

    top = app.top
    if not isinstance(top, MenuScene):
        raise SmokeFailure(f"expected the menu, found {type(top).__name__}")
    return top


#: Assets the app cannot do without (the fonts and the English texts).
REQUIRED_ASSETS = (("fonts", "DejaVuSans.ttf"), ("fonts", "DejaVuSans-Bold.ttf"),
                   ("i18n", "ui.en.json"), ("i18n", "ui.fr.json"))


def check_assets(report: Report) -> None:
    """The assets are where the resource helper looks (the bundle's folder when frozen)."""
    from game.resources import asset, base_dir

    missing = [str(asset(*parts)) for parts in REQUIRED_ASSETS if not asset(*parts).is_file()]
    if missing:
        raise SmokeFailure(f"assets missing: {', '.join(missing)}")
    count = sum(1 for path in asset().rglob("*") if path.is_file())
    where = "bundle" if getattr(sys, "frozen", False) else "source tree"
    icon = "with" if asset("icon.png").is_file() else "WITHOUT"
    report.step(f"{count} asset files found in the {where} ({base_dir()}), {icon} icon.png")


def show_menu(app: App, report: Report) -> None:
    """Draw the first menu frame and check that something was drawn."""
    menu = check_menu(app)
    draw_frame(app)
    w, h = app.size
    if w <= 0 or h <= 0:
        raise SmokeFailure(f"the window has no size ({w}x{h})")
    # A drawn menu has more than the background colour on it.
    colours = {tuple(app.screen.get_at((x * w // 8, y * h // 8)))[:3]
               for x in range(8) for y in range(8)}
    if len(colours) < 2:
        raise SmokeFailure("the menu frame is a single colour: nothing was drawn")
    driver = pygame.display.get_driver()
    sounds = ("sounds made" if app.sounds.available
              else f"sounds off ({app.sounds.reason or 'no audio device'})")
    report.step(f"window {w}x{h} open (video driver {driver}), menu shown with "
                f"{menu.game} selected, {sounds}")
    report.step(f"menu screenshot written and read back as PNG ({screenshot_round_trip(app)})")


def screenshot_round_trip(app: App) -> str:
    """Save the window as a PNG in the data folder, read it back, remove it (the charts'
    export and the tests' screenshots need pygame's PNG codec in the bundle)."""
    from game.userdata import data_dir

    folder = data_dir() / SMOKE_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "menu.png"
    from game.ui.export import ExportError, save_png_checked

    try:
        # The export's own writer, which says what went wrong (a full disk, a missing codec)
        # instead of pygame's "Unsupported image format" for a file cut short.
        return f"{save_png_checked(app.screen, path)} bytes"
    except ExportError as exc:
        raise SmokeFailure(f"menu screenshot: {exc}") from exc
    finally:
        path.unlink(missing_ok=True)
        remove_smoke_folder()


def remove_smoke_folder() -> None:
    """Remove the smoke test's folder from the data folder if it is empty."""
    from game.userdata import data_dir

    # Not empty (someone else's file) or already gone: leave it.
    with contextlib.suppress(OSError):
        (data_dir() / SMOKE_FOLDER).rmdir()


def play_game(app: App, game: str, seats: tuple[str, str], report: Report) -> None:
    """From the menu, start ``game`` with ``seats`` and let the AIs play a few moves."""
    from game.ui.scenes.play import PlayScene

    menu = check_menu(app)
    menu.select_game(game)
    menu.choices.seats[0], menu.choices.seats[1] = seats
    menu.choices.first = "seat1"
    menu.rebuild()
    draw_frame(app)
    menu.start()
    scene = app.top
    if not isinstance(scene, PlayScene):
        raise SmokeFailure(f"{game}: the game did not start ({app.toast or 'no message'})")
    match = scene.match
    if not match.ai_vs_ai:
        raise SmokeFailure(f"{game}: expected two AI seats, got {match.seats[0].spec} and "
                           f"{match.seats[1].spec}")
    start = time.perf_counter()
    requests = 0
    last_request = 0
    while len(match.moves) < MOVES_PER_GAME and not match.over:
        if time.perf_counter() - start > GAME_TIMEOUT:
            raise SmokeFailure(f"{game}: only {len(match.moves)} moves in {GAME_TIMEOUT:.0f} s")
        draw_frame(app, STEP)
        if scene.turns.ai_error is not None:
            raise SmokeFailure(f"{game}: {scene.ai_error_text()}")
        worker = scene.turns.worker
        if worker.current_id and worker.current_id != last_request:
            last_request = worker.current_id
            requests += 1
        time.sleep(NAP)
    elapsed = time.perf_counter() - start
    if not match.moves:
        raise SmokeFailure(f"{game}: no move was played")
    # Every move of an AI-vs-AI game comes with the decision the worker handed back.
    if any(decision is None for decision in match.decisions):
        raise SmokeFailure(f"{game}: a move was played without an AI decision")
    if requests < len(match.moves):
        raise SmokeFailure(f"{game}: {len(match.moves)} moves but only {requests} requests "
                           "to the worker")
    moves = " ".join(str(m) for m in match.moves)
    ending = f", game over: {match.state.outcome}" if match.over else ""
    report.step(f"{game}: {match.seats[0].spec} vs {match.seats[1].spec}, "
                f"{len(match.moves)} moves through the worker in {elapsed:.2f} s: "
                f"{moves}{ending}")
    scene.to_menu()
    draw_frame(app)
    check_menu(app)


def learner_round_trip(report: Report) -> None:
    """Train a learner, save it into the data folder, reload it, compare; then remove the file."""
    from ai.base import GameRecord
    from ai.learners import make_learner
    from ai.registry import make_player
    from game.rules.registry import get_game
    from game.ui.boards import lab_default_game
    from game.userdata import data_dir

    kind, games = LEARNER
    game = lab_default_game()
    info = get_game(game)
    options = info.options()
    learner = make_learner(kind, game, options, seed=1)
    opponent = make_player("random", game, options, seed=2)
    for n in range(games):
        state = info.initial_state(options)
        states = [state]
        moves = []
        seats = (learner, opponent) if n % 2 == 0 else (opponent, learner)
        while state.outcome is None:
            move = seats[state.to_move].choose(state).move
            moves.append(move)
            state = state.play(move)
            states.append(state)
        learner.learn(GameRecord(states, moves, state.outcome), [0 if n % 2 == 0 else 1])
    folder = data_dir() / SMOKE_FOLDER
    path = folder / f"{kind}-{game}.json"
    try:
        learner.save(path)
        fresh = make_learner(kind, game, options, seed=3)
        loaded = fresh.load(path)
        if not loaded.loaded:
            raise SmokeFailure(f"learner not reloaded: {loaded.message}")
        if fresh.to_json() != learner.to_json():
            raise SmokeFailure("the reloaded learner's table differs from the saved one")
        size = path.stat().st_size
    finally:
        path.unlink(missing_ok=True)
        remove_smoke_folder()
    report.step(f"{kind} learner trained on {games} games of {game} "
                f"({learner.positions_known()} positions), saved to {path} ({size} bytes), "
                f"reloaded identical, file removed")


def run(app: App) -> int:
    """The smoke test, as a driver of :meth:`App.run`; returns the exit code."""
    report = Report(_print)
    saved_settings = copy.deepcopy(app.settings)
    try:
        if os.environ.get(FIRST_FRAME_ENV):
            check_menu(app)
            draw_frame(app)
            _print(f"first-frame {time.time():.6f}")
            return 0
        from game.rules.registry import game_names
        from game.ui.boards import presenter_for

        start = time.perf_counter()
        games = game_names()
        check_assets(report)
        show_menu(app, report)
        # No pause between AI moves: the class is not watching (the settings are put back).
        app.settings.ai_delay = 0.0
        for game in games:
            play_game(app, game, presenter_for(game).smoke_seats, report)
        learner_round_trip(report)
        report.step(f"passed in {time.perf_counter() - start:.1f} s")
        return 0
    except Exception as exc:  # every failure becomes a message and exit code 1
        logger.error("smoke test failed", exc_info=True)
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        print(detail, file=sys.stderr, end="", flush=True)
        print(f"smoke test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        return 1
    finally:
        # The smoke test changed the menu's choices; the user's settings go back as they were
        # (App.shutdown saves them after this).
        app.settings = saved_settings
