"""At the largest text size no screen cuts a text or draws two texts over each other.

The text-size setting at its largest (200%: body text 40 px at 1024x768, 70 px at 1920x1080)
is what a teacher picks for the back row. Every screen is drawn at it in English and French at
1024x768 and 1920x1080, and fails the test on a text cut with an ellipsis, a text running past
the window's edge, or two different texts whose ink shares pixels (see ``tests/text_watch.py``:
a text on its own button or panel is not text over text; an outline drawn over its own text is
not either). Screens owned by another part of the work that still fail are marked
``xfail(strict=True)`` with what fails (and noted in the session's NOTES-overlap.md): whoever
fixes one sees the mark turn into a failure and removes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from ai.registry import players_for
from game.rules.registry import game_names, get_game
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from tests.text_watch import TextRecorder, cut, outside, overlaps, watch_texts
from tests.ui_helpers import FRAME, make_app, run_until, start_game

SIZES = ((1024, 768), (1920, 1080))
LANGUAGES = ("en", "fr")
LARGEST = 200

#: Draws a frame of the current screen under a name; with ``part``, only the texts of that
#: part of the window count (a screen shared between owners: the lab's set-up panel).
Look = Callable[..., None]


class Watcher:
    """Draws frames of an app on a recorder and keeps every problem seen, per screen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.problems: list[str] = []

    def look(self, screen: str, part: Callable[[], pygame.Rect] | None = None,
             leave_out: Callable[[], pygame.Rect] | None = None) -> None:
        """One frame of the current screen, named ``screen`` in the problems found; only the
        texts in ``part()`` count, and none in ``leave_out()``."""
        app = self.app
        app.advance([], FRAME)
        app.toast = None  # a notice lies over the screen on purpose, for three seconds
        recorder = TextRecorder(app.size)
        app.draw(recorder)
        drawn = recorder.drawn
        if part is not None:
            drawn = [d for d in drawn if part().contains(d.rect)]
        if leave_out is not None:
            drawn = [d for d in drawn if not leave_out().colliderect(d.rect)]
        self.problems += [f"[{screen}] cut: {p}" for p in cut(drawn)]
        self.problems += [f"[{screen}] over: {p}" for p in overlaps(drawn)]
        self.problems += [f"[{screen}] outside: {p}" for p in outside(drawn)]

    def check(self) -> None:
        """Fail with every cut, clipped or overlapping text seen."""
        found = list(dict.fromkeys(self.problems))
        assert not found, "\n".join(found)


@pytest.fixture
def watching() -> Iterator[None]:
    with watch_texts():
        yield


def menu(app: App) -> MenuScene:
    top = app.top
    assert isinstance(top, MenuScene)
    return top


# ------------------------------------------------------------------------------------------------
# The screens, each driven through what a class would see of it
# ------------------------------------------------------------------------------------------------


def menu_screens(app: App, look: Look) -> None:
    """Every game with every player of the second seat (each one's parameters shown), the
    player list and the quit dialog."""
    scene = menu(app)
    for game in game_names():
        scene.select_game(game)
        for info in players_for(game, scene.options()):
            scene.choices.seats = [info.name, info.name]
            scene.rebuild()
            # At large text the menu shows its parts one page at a time: each of them.
            for page in scene.pages() or ("",):
                scene.show_page(page or scene.page)
                look(f"menu {game} {info.name} {page}".rstrip())
        scene.choices.seats = ["human", "random"]
        scene.rebuild()
    scene.open_choice(scene.seat_widgets[1][0])  # type: ignore[arg-type]
    look("menu player list")
    app.pop()
    scene.ask_quit()
    look("quit dialog")
    app.pop()


def settings_screens(app: App, look: Look) -> None:
    from game.ui.scenes.help import HelpOverlay
    from game.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    look("settings")
    app.push(HelpOverlay(app))
    look("help")


def rules_screens(app: App, look: Look) -> None:
    from game.ui.scenes.rules import RulesScene

    for game in game_names():
        app.push(RulesScene(app, game))
        look(f"rules {game}")
        app.pop()


def tournament_screens(app: App, look: Look) -> None:
    """The set-up of every game with every player that has parameters in the line-up, then a
    short run's results."""
    from game.ui.scenes.tournament import TournamentScene

    tour = TournamentScene(app)
    app.push(tour)
    for game in game_names():
        tour.set_game(game)
        names = [i.name for i in players_for(game, tour.options) if i.params][:4]
        while len(tour.specs) < len(names):
            tour.add_player()
        for index, name in enumerate(names):
            tour.set_player(index, name)
        look(f"tournament set-up {game}")
    tour.set_game(game_names()[0])
    while len(tour.specs) > 2:
        tour.remove_player(len(tour.specs) - 1)
    tour.set_player(0, "random")
    tour.set_player(1, "greedy")
    tour.games = 10
    tour.start()
    assert run_until(app, lambda: tour.runner is not None and tour.runner.finished, 60)
    look("tournament results")


def lab_setup_screens(app: App, look: Look) -> None:
    """The learning lab's set-up panel: every game, variant and learner, playing against each
    opponent (a search player shows its evaluation) and watching."""
    from game.ui.scenes.lab_setup import ListScroller
    from game.ui.scenes.learning_lab import LearningLabScene

    lab = LearningLabScene(app)
    app.push(lab)
    lab.tabs.choose("setup")  # a page of its own in the compact layout (large text)

    def setup() -> pygame.Rect:
        return lab.setup_area()

    def look_all(screen: str, part: Callable[[], pygame.Rect]) -> None:
        """The rows at the top of the list, then (when some are out of sight) at its end."""
        scroller = lab.config_widgets[0]
        assert isinstance(scroller, ListScroller)
        scroller.rows.scroll = 0
        look(screen, part)
        if scroller.rows.total > scroller.rows.shown:
            scroller.rows.scroll_by(scroller.rows.total)
            look(f"{screen} (scrolled)", part)
            scroller.rows.scroll = 0

    for game in game_names():
        lab.set_game(game)
        for index in range(len(get_game(game).lab_presets)):
            lab.set_variant(index)
            look_all(f"lab {game} variant {index}", setup)
        for kind in ("elimination", "qlearning", "reinforcement"):
            lab.set_kind(kind)
            lab.set_mode("play")
            # Every opponent with one learner, one with an evaluation's row with the others.
            opponents = players_for(game, lab.options)
            searcher = max(opponents, key=lambda i: sum(p.choices_of is not None
                                                        for p in i.params))
            for info in opponents if kind == "reinforcement" else [searcher]:
                lab._set_opponent(info.name)
                lab.rebuild()
                look_all(f"lab {game} {kind} against {info.name}", setup)
            lab.set_mode("watch")
            lab.rebuild()
            look_all(f"lab {game} {kind} watching", setup)
        lab.set_mode("play")


def lab_view_screens(app: App, look: Look) -> None:
    """The lab's views after a short training: charts, boxes, table (and the lab's title,
    run buttons and progress line: everything but the set-up panel)."""
    from game.ui.scenes.learning_lab import LearningLabScene

    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("nim")
    lab.set_kind("reinforcement")
    lab.games = 50
    lab._set_speed("instant")
    lab.train()
    assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
    for view in ("charts", "boxes", "table"):
        lab.tabs.choose(view)
        look(f"lab view {view}", leave_out=lambda: lab.panels["setup"])
    # A board game's boxes: a small board beside the list of its moves and values.
    lab.set_game("hexapawn")
    for kind in ("qlearning", "elimination"):
        lab.set_kind(kind)
        lab.train()
        assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
        lab.tabs.choose("boxes")
        look(f"lab view hexapawn {kind} boxes", leave_out=lambda: lab.panels["setup"])


def ntuple_screens(app: App, look: Look) -> None:
    from game.ui.scenes.ntuple_lab import NTupleLabScene
    from game.ui.scenes.ntuple_lab_pages import PAGES, is_compact

    lab = NTupleLabScene(app)
    app.push(lab)
    look("n-tuple lab")
    lab.load_shipped()  # numbers in the maps, patterns in the strip
    for page, _key in PAGES if is_compact(lab) else ():  # one page at a time at large text
        lab.page = page
        look(f"n-tuple lab {page}")


def weights_editor_screens(app: App, look: Look) -> None:
    """The weights editor (a corner selected: the most squares outlined)."""
    from game.ui.scenes.weights_editor import WeightsEditorScene

    editor = WeightsEditorScene(app)
    app.push(editor)
    look("weights editor")
    editor.select(0, 0)
    look("weights editor, a corner")


def play_screens(app: App, look: Look) -> None:
    """Each game after the AI's first move, its reasoning shown."""
    for game in game_names():
        play = start_game(app, game, ("alphabeta:depth=1", "human"))
        assert run_until(app, lambda play=play: len(play.match.moves) >= 1,  # type: ignore[misc]
                         30)
        look(f"play {game}")
        app.pop()
        if not isinstance(app.top, MenuScene):
            app.push(MenuScene(app))


SCREENS: dict[str, Callable[[App, Look], None]] = {
    "menu": menu_screens,
    "settings": settings_screens,
    "rules": rules_screens,
    "tournament": tournament_screens,
    "lab set-up": lab_setup_screens,
    "lab views": lab_view_screens,
    "n-tuple lab": ntuple_screens,
    "weights editor": weights_editor_screens,
    "play": play_screens,
}

#: Screens of others that still fail, by (screen, size, language): why. Remove a line when the
#: screen passes (the strict mark then fails the suite to say so).
KNOWN: dict[tuple[str, tuple[int, int], str], str] = {}


def cases() -> Iterator[object]:
    for screen in SCREENS:
        for size in SIZES:
            for language in LANGUAGES:
                reason = KNOWN.get((screen, size, language))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                yield pytest.param(screen, size, language, marks=marks,
                                   id=f"{screen}-{size[0]}x{size[1]}-{language}")


@pytest.mark.parametrize(("screen", "size", "language"), list(cases()))
def test_no_text_cut_or_over_another_at_the_largest_size(
        watching: None, screen: str, size: tuple[int, int], language: str) -> None:
    app = make_app(size, language=language, text_scale=LARGEST, show_reasoning=True)
    watcher = Watcher(app)
    SCREENS[screen](app, watcher.look)
    watcher.check()
