"""Save a picture of every screen of the app, drawn by the real scenes, headless.

    python tools/screenshots.py OUT_FOLDER [--sizes 1024x768,1920x1080] [--languages en,fr]
                                           [--only WORD,...] [--text-scale 100] [--theme default]

Each screen is set up the way a class would reach it (the menu per game, a game played with the
AI's reasoning shown, a trained learner's matchboxes and tables, a finished tournament...) in a
fresh app with a throw-away data folder, then saved as ``OUT_FOLDER/NAME_LANG_WxH.png`` (with
``_tsN`` added at a text size other than 100%). Nothing is written into the repository unless
OUT_FOLDER is in it, and the user's own settings and learners are never read or touched.

``--only`` keeps the shots whose name contains one of the words (``--only menu,lab``);
``--list`` prints the shot names. Pictures for docs/img are chosen from these by hand: see the
README's developer section.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAME = 1 / 60
#: How long a shot may wait for an AI or a training run before it is reported as failed.
TIMEOUT = 120.0
#: The time each frame of :func:`run_until` tells the scenes has passed: a true frame here; the
#: test that sets up every shot to measure its texts (tests/test_text_readable.py) waits in
#: tenths of a second, as the UI tests do, so the AI's 1.2 s reveal is 12 frames, not 72.
WAIT_FRAME = FRAME


# ------------------------------------------------------------------------------------------------
# Driving the app
# ------------------------------------------------------------------------------------------------


def make_app(size: tuple[int, int], language: str, text_scale: int, theme: str,
             **settings: object) -> Any:
    """A fresh app with the menu open, on fresh settings (AI moves instant, no waiting)."""
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    from game.ui.settings import Settings

    s = Settings(language=language, theme=theme, animations=False, sound=False, ai_delay=0.0,
                 explain_wait=False, text_scale=text_scale)
    for name, value in settings.items():
        setattr(s, name, value)
    app = App(s, size=size)
    app.push(MenuScene(app))
    frame(app)
    return app


def frame(app: Any, events: list[Any] | None = None) -> None:
    """One frame of the app with ``events``."""
    app.frame(events or [], FRAME)


def run_until(app: Any, done: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    """Run frames (real time passes, so threads progress) until ``done()``; raise on timeout."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the screen did not reach the wanted state in time")
        app.frame([], WAIT_FRAME)
        time.sleep(0.002)


def move_mouse_away(app: Any) -> None:
    """Put the pointer in a corner, so no button shows its hover colour."""
    import pygame

    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                   buttons=(0, 0, 0))])


def menu(app: Any) -> Any:
    """The menu scene (the app's first screen)."""
    from game.ui.scenes.menu import MenuScene

    scene = app.scenes[0]
    assert isinstance(scene, MenuScene)
    return scene


def choose(app: Any, game: str, seats: tuple[str, str],
           options: dict[str, str] | None = None) -> Any:
    """Choose ``game``, its options and its seats in the menu; return the menu."""
    scene = menu(app)
    scene.select_game(game)
    scene.choices.options = dict(options or {})
    scene.choices.seats = list(seats)
    scene.choices.first = "seat1"
    scene.rebuild()
    frame(app)
    return scene


def start(app: Any, game: str, seats: tuple[str, str],
          options: dict[str, str] | None = None, moves: int = 0, seed: int = 1) -> Any:
    """Start a game from the menu after ``moves`` random moves played before anyone sits
    (a middle game or an endgame at once); return the play scene."""
    from game.rules.registry import GameSetup
    from game.ui.scenes.match import Match, make_seat
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play_input import CLICK_GUARD_SECONDS

    scene = choose(app, game, seats, options)
    setup = GameSetup.of(game, scene.options())
    match = Match(setup, (make_seat(seats[0], setup, seed=seed),
                          make_seat(seats[1], setup, seed=seed + 1)), "seat1")
    rng = random.Random(seed)
    for _ in range(moves):
        legal = match.state.legal_moves()
        if not legal or match.state.outcome is not None:
            break
        match.play(rng.choice(legal))
    play = PlayScene(app, match)
    app.replace(play)
    play.age = CLICK_GUARD_SECONDS
    frame(app)
    return play


def wait_for_human(app: Any, play: Any) -> None:
    """Run until a person is to move (or the game is over)."""
    run_until(app, lambda: play.match.human_to_move or play.match.over)
    for _ in range(3):
        frame(app)


# ------------------------------------------------------------------------------------------------
# The shots: each sets up one screen in a fresh app
# ------------------------------------------------------------------------------------------------

Shot = Callable[[Any], None]
SHOTS: dict[str, Shot] = {}


def shot(name: str) -> Callable[[Shot], Shot]:
    """Register a shot under ``name`` (the picture's file name starts with it)."""
    def register(function: Shot) -> Shot:
        SHOTS[name] = function
        return function
    return register


def _menu_shot(game: str, seats: tuple[str, str]) -> Shot:
    def set_up(app: Any) -> None:
        choose(app, game, seats)
    return set_up


MENU_SEATS = {"hexapawn": ("human", "minimax"), "nim": ("human", "perfect"),
              "morpion": ("human", "bestfirst"), "othello": ("human", "alphabeta"),
              "connect4": ("human", "mcts")}
for _game, _seats in MENU_SEATS.items():
    SHOTS[f"menu-{_game}"] = _menu_shot(_game, _seats)


@shot("menu-heuristic")
def heuristic_choice(app: Any) -> None:
    """The eval=NAME stepper in a seat's panel: alpha-beta on Othello with mobility."""
    choose(app, "othello", ("human", "alphabeta:depth=3,eval=mobility"))


@shot("menu-player-list")
def player_list(app: Any) -> None:
    """The seat's chooser open: every player of the game with its description."""
    scene = choose(app, "othello", ("human", "alphabeta"))
    scene.open_choice(scene.seat_widgets[1][0])
    frame(app)


@shot("settings")
def settings(app: Any) -> None:
    from game.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))


@shot("help")
def help_overlay(app: Any) -> None:
    from game.ui.scenes.help import HelpOverlay

    app.push(HelpOverlay(app))


def _rules_shot(game: str) -> Shot:
    def set_up(app: Any) -> None:
        from game.ui.scenes.rules import RulesScene

        app.push(RulesScene(app, game))
    return set_up


PLAY_SEATS = {"hexapawn": ("minimax", "human"), "nim": ("perfect", "human"),
              "morpion": ("alphabeta", "human"), "othello": ("alphabeta:depth=3", "human"),
              "connect4": ("alphabeta", "human")}


def _play_shot(game: str, seats: tuple[str, str], moves: int,
               options: dict[str, str] | None = None) -> Shot:
    def set_up(app: Any) -> None:
        app.settings.show_reasoning = True
        play = start(app, game, seats, options, moves)
        wait_for_human(app, play)
    return set_up


for _game in PLAY_SEATS:
    SHOTS[f"rules-{_game}"] = _rules_shot(_game)
    SHOTS[f"play-{_game}"] = _play_shot(_game, PLAY_SEATS[_game],
                                        {"othello": 12, "connect4": 6, "hexapawn": 2}.get(_game, 0))
SHOTS["play-marienbad"] = _play_shot("nim", ("perfect", "human"), 0, {"variant": "marienbad"})
SHOTS["play-othello-endgame"] = _play_shot("othello", ("engine", "human"), 48)


@shot("play-morpion-movement")
def morpion_movement(app: Any) -> None:
    """Morpion after the six pieces are down: a piece of the person's lifted."""
    play = start(app, "morpion", ("human", "alphabeta"), moves=0)
    app.settings.show_reasoning = True
    for _ in range(3):
        wait_for_human(app, play)
        free = [m for m in play.state.legal_moves()]
        play.apply_move(free[len(free) // 2])
    wait_for_human(app, play)
    if play.match.over:
        return
    controller = play.controller
    first = play.state.legal_moves()[0]
    elements = _clicks_for(play, first)
    if controller is not None and elements:
        play.layout()
        _click(app, play.view.centre_of(elements[0]))


def _clicks_for(play: Any, move: Any) -> list[Any]:
    from game.ui.boards import presenter_for

    return list(presenter_for(play.game).clicks_for(play.state, move))


def _click(app: Any, pos: tuple[int, int]) -> None:
    import pygame

    pos = (int(pos[0]), int(pos[1]))
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


@shot("play-review")
def review(app: Any) -> None:
    """An AI-vs-AI Othello game played to the end, looked back at half-way."""
    # Played without the reasoning (each move's scores would stay on the board a second),
    # then looked back at with it.
    play = start(app, "othello", ("alphabeta:depth=2", "greedy"))
    run_until(app, lambda: play.match.over)
    app.settings.show_reasoning = True
    play.enter_review(len(play.match.moves) // 2)
    frame(app)


# -- the learning lab ----------------------------------------------------------------------------


def open_lab(app: Any, game: str = "nim", kind: str = "elimination", games: int = 300,
             opponent: str = "random") -> Any:
    """The learning lab on ``game`` with a ``kind`` learner trained ``games`` games."""
    from game.ui.scenes.learning_lab import LearningLabScene

    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game(game)
    lab.set_kind(kind)
    if games:
        lab.games = games
        lab._set_speed("instant")
        lab._set_opponent(opponent)
        lab.train()
        run_until(app, lambda: lab.runner is not None and lab.runner.finished)
    frame(app)
    return lab


def _lab_shot(view: str, kind: str, game: str = "nim", games: int = 300) -> Shot:
    def set_up(app: Any) -> None:
        lab = open_lab(app, game, kind, games)
        lab.tabs.choose(view)
        if view == "table":
            table = lab.table.table()
            if table is not None and table.keys:
                lab.session.chosen_box = table.keys[-1]
        app.toast = None
    return set_up


SHOTS["lab-charts"] = _lab_shot("charts", "reinforcement")
SHOTS["lab-matchboxes"] = _lab_shot("boxes", "reinforcement")
SHOTS["lab-hexapawn-matchboxes"] = _lab_shot("boxes", "elimination", "hexapawn", 60)
for _kind in ("elimination", "reinforcement", "qlearning"):
    SHOTS[f"lab-heatmap-{_kind}"] = _lab_shot("table", _kind)


@shot("ntuple-lab")
def ntuple_lab(app: Any) -> None:
    """The n-tuple lab on the shipped network: its heat map beside the seed's table."""
    from game.ui.scenes.ntuple_lab import NTupleLabScene

    scene = NTupleLabScene(app)
    app.push(scene)
    scene.load_shipped()
    frame(app)
    app.toast = None


@shot("weights-editor")
def weights_editor(app: Any) -> None:
    """The weight-table editor with b2 selected (its symmetric images outlined) and changed."""
    from game.ui.scenes.weights_editor import WeightsEditorScene

    editor = WeightsEditorScene(app)
    app.push(editor)
    editor.select(1, 1)
    editor.change(-10)
    frame(app)


# -- the tournament ------------------------------------------------------------------------------


def open_tournament(app: Any, game: str, players: list[str]) -> Any:
    """The tournament screen on ``game`` with ``players``."""
    from game.ui.scenes.tournament import TournamentScene

    tour = TournamentScene(app)
    app.push(tour)
    tour.set_game(game)
    while len(tour.specs) < len(players):
        tour.add_player()
    for index, name in enumerate(players):
        tour.set_player(index, name)
    frame(app)
    return tour


@shot("tournament-setup")
def tournament_setup(app: Any) -> None:
    """Four Othello players, two of them alpha-beta with different evaluations."""
    tour = open_tournament(app, "othello", ["random", "greedy", "alphabeta", "alphabeta"])
    line_up = tour.setup  # the tournament's line-up (tournament_model.TournamentSetup)
    line_up.specs[3] = line_up.canonical("alphabeta:eval=mobility")
    tour.rebuild()


@shot("tournament-results")
def tournament_results(app: Any) -> None:
    """A round robin of four Morpion players, ten games a pair."""
    tour = open_tournament(app, "morpion", ["random", "greedy", "bestfirst", "minimax"])
    tour.games = 10
    tour.start()
    run_until(app, lambda: tour.runner is not None and tour.runner.finished, 600)
    frame(app)
    app.toast = None


# ------------------------------------------------------------------------------------------------
# The command
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One picture to take."""

    shot: str
    size: tuple[int, int]
    language: str
    text_scale: int
    theme: str

    @property
    def file_name(self) -> str:
        """``NAME_LANG_WxH.png``, with ``_tsN`` at another text size, ``_THEME`` in another
        theme."""
        parts = [self.shot, self.language, f"{self.size[0]}x{self.size[1]}"]
        if self.text_scale != 100:
            parts.append(f"ts{self.text_scale}")
        if self.theme != "default":
            parts.append(self.theme)
        return "_".join(parts) + ".png"


@contextmanager
def throwaway_data() -> Iterator[Path]:
    """A fresh data folder and Documents folder for the app, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="aigamelab-shots-"))
    saved = {k: os.environ.get(k) for k in ("AIGAMELAB_DATA_DIR", "XDG_DOCUMENTS_DIR")}
    (folder / "data").mkdir()
    # Named as a teacher's would be: the tournament's export field shows its end.
    (folder / "Documents").mkdir()
    os.environ["AIGAMELAB_DATA_DIR"] = str(folder / "data")
    os.environ["XDG_DOCUMENTS_DIR"] = str(folder / "Documents")
    try:
        yield folder
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(folder, ignore_errors=True)


def take(job: Job, out: Path) -> Path:
    """Set up the job's screen in a fresh app and save it; return the picture's path."""
    import pygame

    with throwaway_data():
        app = make_app(job.size, job.language, job.text_scale, job.theme)
        try:
            SHOTS[job.shot](app)
            move_mouse_away(app)
            frame(app)
            path = out / job.file_name
            pygame.image.save(app.screen, str(path))
            return path
        finally:
            app.shutdown()


def parse_size(text: str) -> tuple[int, int]:
    """``1024x768`` as (1024, 768)."""
    w, _, h = text.lower().partition("x")
    if not (w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError(f"a size looks like 1024x768, got '{text}'")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    """Take the pictures the command line asks for; print each path; exit 1 if any failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("out", type=Path, nargs="?", help="folder for the pictures")
    parser.add_argument("--sizes", default="1024x768,1920x1080")
    parser.add_argument("--languages", default="en,fr")
    parser.add_argument("--only", default="", help="keep shots whose name has one of these words")
    parser.add_argument("--text-scale", type=int, default=100, choices=(100, 125, 150, 175, 200))
    parser.add_argument("--theme", default="default", choices=("default", "contrast"))
    parser.add_argument("--list", action="store_true", help="print the shot names and stop")
    args = parser.parse_args(argv)
    words = [w for w in args.only.split(",") if w]
    names = [n for n in SHOTS if not words or any(w in n for w in words)]
    if args.list:
        print("\n".join(names))
        return 0
    if args.out is None:
        parser.error("give the folder for the pictures")
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [parse_size(s) for s in args.sizes.split(",")]
    failed = 0
    for name in names:
        for size in sizes:
            for language in args.languages.split(","):
                job = Job(name, size, language, args.text_scale, args.theme)
                began = time.monotonic()
                try:
                    path = take(job, args.out)
                except Exception as exc:  # one broken screen must not stop the others
                    failed += 1
                    print(f"FAILED {job.file_name}: {type(exc).__name__}: {exc}", flush=True)
                    continue
                print(f"{path}  ({time.monotonic() - began:.1f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
