"""No text is cut on any screen, in any language, at 1024x768 (issue 12, check 10).

Every scene is drawn in English and French with the text helpers watched: a label, button,
option value, description or message shortened with an ellipsis (``text.ellipsize`` returning
something else than it was given), or drawn partly outside the window, fails the test with the
text and the screen it was on. The menu is drawn once per game, variant and player of the second
seat (so every option value, player title and parameter shows); the play screen once per game
with an AI's reasoning shown; then the rules pages, help, settings, the two labs, the tournament
set-up and results, and the dialogs.

Excepted, because a person scrolls to read them: rows of a list that scrolls (the lab's saved
files, a long chooser list). Body text is also checked to be at least 2.5% of the window height
at every window size, and no text on these screens smaller than the small size the metrics give.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from ai.base import Decision, Limits, Player, SearchCancelled
from ai.registry import players_for
from game.rules.registry import game_names, get_game, parse_options
from game.ui import text
from game.ui.app import App
from game.ui.i18n import tr
from game.ui.scenes.menu import MenuScene
from game.ui.widgets import BODY_MIN_FRACTION, Metrics
from tests.ui_helpers import frame, make_app, run_until, start_game

SIZE = (1024, 768)
LANGUAGES = ("en", "fr")


@dataclass
class TextLog:
    """What the text helpers were asked to draw while the log was open."""

    screen: str = ""
    cut: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Every cut or clipped text, once each."""
        found = [f"cut: {t!r}" for t in self.cut] + [f"outside: {t!r}" for t in self.outside]
        return list(dict.fromkeys(found))


@pytest.fixture
def log(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextLog]:
    """Watch ``text.ellipsize``, ``text.render`` and ``text.blit_text`` for the whole test."""
    record = TextLog()
    ellipsize, render, blit_text = text.ellipsize, text.render, text.blit_text

    def watched_ellipsize(value: str, max_width: int, px: int, bold: bool = False) -> str:
        shown = ellipsize(value, max_width, px, bold)
        if shown != value and value.rstrip("…"):
            record.cut.append(f"[{record.screen}] {value}")
        return shown

    def watched_render(value: str, px: int, colour: tuple[int, int, int],
                       bold: bool = False) -> pygame.Surface:
        if value.strip():
            record.sizes.append(int(px))
        return render(value, px, colour, bold)

    def watched_blit(surface: pygame.Surface, value: str, *args: object,
                     **kwargs: object) -> pygame.Rect:
        rect = blit_text(surface, value, *args, **kwargs)  # type: ignore[arg-type]
        if value.strip() and surface.get_size() == SIZE and not surface.get_rect().contains(rect):
            record.outside.append(f"[{record.screen}] {value}")
        return rect

    monkeypatch.setattr(text, "ellipsize", watched_ellipsize)
    monkeypatch.setattr(text, "render", watched_render)
    monkeypatch.setattr(text, "blit_text", watched_blit)
    yield record


def show(app: App, log: TextLog, screen: str, frames: int = 2) -> None:
    """Draw ``frames`` frames of the current screen under the name ``screen``."""
    log.screen = screen
    for _ in range(frames):
        frame(app)


def check(log: TextLog, xfail: Callable[[str], str | None] = lambda _p: None) -> None:
    """Fail with every cut or clipped text (those ``xfail`` names are reported, not failed)."""
    problems = log.problems()
    known = [p for p in problems if xfail(p)]
    real = [p for p in problems if p not in known]
    assert not real, "\n".join(real)
    if known:
        pytest.xfail("; ".join(f"{p} ({xfail(p)})" for p in known))


def menu(app: App) -> MenuScene:
    top = app.top
    assert isinstance(top, MenuScene)
    return top


# ------------------------------------------------------------------------------------------------
# The menu: every game, variant, player and parameter
# ------------------------------------------------------------------------------------------------


def variants(game: str) -> list[dict[str, str]]:
    """Option sets that show each of the game's option widgets and chooser values."""
    from game.ui.boards import presenter_for

    specs = presenter_for(game).option_specs
    sets: list[dict[str, str]] = [{}]
    variant = specs.get("variant")
    if variant is not None:
        sets = [{"variant": v} for v in variant.values]
    for name, spec in specs.items():
        if spec.kind in ("choice", "heaps") and name != "variant":
            for value in spec.values:
                base = {"variant": spec.variants[0]} if spec.variants else {}
                sets.append({**base, name: value})
    info = get_game(game)
    good = []
    for options in sets:
        try:
            parse_options(info, options)
        except (ValueError, TypeError):
            continue
        good.append(options)
    return good


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", game_names())
def test_menu_never_cuts_a_text(log: TextLog, game: str, language: str) -> None:
    app = make_app(SIZE, language=language)
    scene = menu(app)
    scene.select_game(game)
    for options in variants(game):
        scene.choices.options = dict(options)
        scene.rebuild()
        infos = players_for(game, scene.options())
        for info in infos:
            scene.choices.seats = ["human", info.name]
            scene.rebuild()
            show(app, log, f"menu {game} {options} {info.name}", 1)
    scene.choices.seats = ["human", "random"]
    scene.rebuild()
    scene.open_choice(scene.seat_widgets[1][0])  # type: ignore[arg-type]
    show(app, log, f"menu {game} player list")
    app.pop()
    check(log)


@pytest.mark.parametrize("language", LANGUAGES)
def test_menu_dialogs_and_notices_never_cut_a_text(log: TextLog, language: str) -> None:
    app = make_app(SIZE, language=language)
    scene = menu(app)
    scene.ask_quit()
    show(app, log, "quit dialog")
    app.pop()
    scene.first_choice.on_open(scene.first_choice)  # type: ignore[misc]
    show(app, log, "who starts list")
    app.pop()
    app.notify(tr("menu.bad_options", error="heaps must be between 1 and 15"))
    show(app, log, "notice")
    check(log)


# ------------------------------------------------------------------------------------------------
# Playing
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", game_names())
def test_play_never_cuts_a_text(log: TextLog, game: str, language: str) -> None:
    app = make_app(SIZE, language=language, show_reasoning=True)
    # Depth 1: the reasoning box filled as for any search, and games to the end in seconds.
    play = start_game(app, game, ("alphabeta:depth=1", "human"))
    assert run_until(app, lambda: len(play.match.moves) >= 1, 30)
    show(app, log, f"play {game} after the AI's move")
    # To the end by the first legal move each time (the human side too), for the end banner;
    # run_until's frames (see ui_helpers.WAIT_FRAME): each AI move's reveal takes six frames.
    while play.state.outcome is None and len(play.match.moves) < 200:
        if play.match.human_to_move:
            play.apply_move(play.state.legal_moves()[0])
        assert run_until(app, lambda: play.state.outcome is not None
                         or play.match.human_to_move, 30)
    show(app, log, f"play {game} at the end", 3)
    check(log)


class WideThinker(Player):
    """An AI that publishes the widest engine line a class may read (depth 20, its longest
    move, a two-digit score, 123 456 789 positions, 88.8 s), then thinks until cancelled: the
    texts that exist only while an AI thinks, drawn however fast or loaded the machine is."""

    def __init__(self, units: str | None, move_text: Callable[[object], str]) -> None:
        super().__init__("wide")
        self.units = units
        self.move_text = move_text

    def decide(self, state: Any, limits: Limits) -> Decision:
        progress = limits.progress
        assert progress is not None
        progress.units = self.units
        best = max(state.legal_moves(), key=lambda mv: len(self.move_text(mv)))
        limits.report(20, best, -1234.0 if self.units else -12.35, 123_456_789)
        progress.started -= 88.8
        while not limits.cancel.wait(0.01):
            pass
        raise SearchCancelled()


def widest_labels(game: str) -> list[str]:
    """A spec per player and parameter of ``game``, that parameter at its widest value."""
    specs = []
    for info in players_for(game, None):
        specs.append(info.name)
        for param in info.params:
            values = list(param.choices) if param.choices else [param.low, param.high]
            specs += [f"{info.name}:{param.name}={v}" for v in values if v != param.default]
    return specs


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", game_names())
def test_play_while_an_ai_thinks_never_cuts_a_text(log: TextLog, game: str,
                                                   language: str) -> None:
    """Regression: the texts shown only while an AI thinks (the engine line, the seat card's
    time beside a player's name with its parameter) were drawn only when the machine was slow
    enough, and then cut now and then. The engine line keeps its depth, best move with its
    score and positions searched at 1024x768 (only the time may give way); the panel's lines
    of the search (the reasoning shown) are never cut."""
    from game.ui.scenes.play_board import PART_SEPARATOR, fit_parts

    app = make_app(SIZE, language=language, show_reasoning=True)
    play = start_game(app, game, ("human", "random"))
    units = "evaluation points" if game == "othello" else None
    play.match.seats[1].player = WideThinker(units, play.presenter.move_text)
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: (play.turns.worker.progress is not None
                                   and play.turns.worker.progress.best is not None), 10)
    m = app.metrics
    # With the reasoning shown the panel says the search (checked for cuts below); hidden,
    # the status line does.
    assert play.status().detail == ""
    app.settings.show_reasoning = False
    detail = play.status().detail
    app.settings.show_reasoning = True
    shown = fit_parts(detail, play.board_rect.width, m.body).split(PART_SEPARATOR)
    assert len(shown) >= 3, (detail, shown)
    for spec in widest_labels(game):
        play.match.seats[1].spec = spec
        show(app, log, f"play {game} thinking as {spec}", 1)
    check(log)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", game_names())
def test_rules_page_never_cuts_a_text(log: TextLog, game: str, language: str) -> None:
    from game.ui.scenes.rules import RulesScene

    app = make_app(SIZE, language=language)
    app.push(RulesScene(app, game))
    show(app, log, f"rules {game}")
    check(log)


# ------------------------------------------------------------------------------------------------
# The other screens
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_and_settings_never_cut_a_text(log: TextLog, language: str) -> None:
    from game.ui.scenes.help import HelpOverlay
    from game.ui.scenes.settings import SettingsScene

    app = make_app(SIZE, language=language)
    app.push(SettingsScene(app))
    show(app, log, "settings")
    app.push(HelpOverlay(app))
    show(app, log, "help")
    check(log)


@pytest.mark.parametrize("language", LANGUAGES)
def test_learning_lab_never_cuts_a_text(log: TextLog, language: str) -> None:
    from game.ui.scenes.learning_lab import LearningLabScene

    app = make_app(SIZE, language=language)
    lab = LearningLabScene(app)
    app.push(lab)
    for game in game_names():
        lab.set_game(game)
        for index in range(len(get_game(game).lab_presets)):
            lab.set_variant(index)
            show(app, log, f"lab {game} {index}", 1)
    lab.set_game(game_names()[0])
    lab.games = 50
    lab.train()
    assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
    show(app, log, "lab after training")
    check(log)


@pytest.mark.parametrize("language", LANGUAGES)
def test_lab_evaluation_choices_never_cut_a_text(log: TextLog, language: str) -> None:
    """Every evaluation of every search opponent, and of two watched search players, in the
    lab's set-up panel of every game (issue 13: the lab offers them as the menu does)."""
    from game.ui.scenes.lab_session import OPPONENT, WATCHED
    from game.ui.scenes.learning_lab import LearningLabScene

    app = make_app(SIZE, language=language)
    lab = LearningLabScene(app)
    app.push(lab)
    session = lab.session
    for game in game_names():
        lab.set_game(game)
        lab.set_mode("play")
        for info in players_for(game, lab.options):
            lab._set_opponent(info.name)
            lab.rebuild()
            for param in session.choice_params(OPPONENT):
                for index in range(len(param.choices)):
                    session.set_choice(OPPONENT, param, index)
                    show(app, log, f"lab {game} {info.name} {param.choices[index]}", 1)
        searchers = [i.name for i in players_for(game, lab.options)
                     if any(p.choices_of is not None for p in i.params)]
        if searchers:
            lab.set_mode("watch")
            for i in (0, 1):
                lab.set_watched(i, searchers[-1])
            for kind in ("elimination", "reinforcement"):  # the most learner parameters
                lab.set_kind(kind)
                lab.rebuild()
                show(app, log, f"lab {game} {kind} watching {searchers[-1]} twice", 1)
            assert session.choice_params(WATCHED[1])
            lab.set_kind("elimination")
    check(log)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ntuple_lab_never_cuts_a_text(log: TextLog, language: str) -> None:
    from game.ui.scenes.ntuple_lab import NTupleLabScene

    app = make_app(SIZE, language=language)
    app.push(NTupleLabScene(app))
    show(app, log, "n-tuple lab")
    check(log)


@pytest.mark.parametrize("language", LANGUAGES)
def test_tournament_never_cuts_a_text(log: TextLog, language: str) -> None:
    from game.ui.scenes.tournament import TournamentScene

    app = make_app(SIZE, language=language)
    tour = TournamentScene(app)
    app.push(tour)
    for game in game_names():
        tour.set_game(game)
        show(app, log, f"tournament set-up {game}", 1)
    tour.set_game(game_names()[0])
    tour.set_player(0, "random")
    tour.set_player(1, "greedy")
    tour.games = 10
    tour.start()
    assert run_until(app, lambda: tour.runner is not None and tour.runner.finished, 60)
    show(app, log, "tournament results")
    check(log)


# ------------------------------------------------------------------------------------------------
# Sizes
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 768), (1024, 640), (1280, 720), (1280, 800),
                                  (1920, 1080), (800, 600), (3840, 2160), (1600, 600)])
def test_body_text_is_at_least_2_5_percent_of_the_window_height(size: tuple[int, int]) -> None:
    m = Metrics.for_size(size)
    assert m.body >= BODY_MIN_FRACTION * size[1]


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("size", [(1024, 768), (1024, 640), (1280, 720), (1280, 800),
                                  (1920, 1080), (800, 600), (3840, 2160), (1600, 600)])
def test_small_text_is_at_least_2_5_percent_of_the_window_height(size: tuple[int, int],
                                                                 scale: float) -> None:
    """The small size (captions, keys, the rules page's and the settings' footnotes, the
    labs' and the tournament's status lines) was 18 px at 100% of 1024x768, under the 19.2 a
    class reads from the back row (QA20 2): 2.8% of a base that is the width's 62.5% there."""
    m = Metrics.for_size(size, scale)
    assert m.small >= BODY_MIN_FRACTION * size[1], (m.small, size, scale)
    assert m.small <= m.body


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_on_the_menu_or_play_screen_is_under_the_small_size(log: TextLog,
                                                                     language: str) -> None:
    """Text shrinks to fit at most to 80% of the small size (a button's label), never to the
    13-16 px a class could not read at 1024x768."""
    app = make_app(SIZE, language=language, show_reasoning=True)
    show(app, log, "menu")
    # The cards' pictures (cached after the first frame) are pictures, not text to read.
    log.sizes.clear()
    show(app, log, "menu")
    play = start_game(app, "othello", ("human", "alphabeta"))
    play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: len(play.match.moves) >= 2, 30)
    show(app, log, "play")
    floor = int(app.metrics.small * 0.8)
    assert min(log.sizes) >= floor, sorted(set(log.sizes))[:5]
