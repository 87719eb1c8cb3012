"""The play screen, the menu and the learning lab lay themselves out only when an input of
their layout changed (game/ui/scenes/layout_cache.py, play_key.py, menu_key.py,
lab_key.py): a frame with nothing changed keeps the last layout, and each input (window
size, language, text size, theme; in play a seat, pause, the review, the reasoning switch, a
move, the end of the game; in the menu the game, an option, a seat, a player's parameter,
the page; in the lab the view, the game, a run, a page of boxes) gives the layout a fresh
one would."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.ui.scenes import layout_cache
from game.ui.scenes.lab_key import cache_of
from game.ui.scenes.lab_key import layout_parts as lab_parts
from game.ui.scenes.layout_cache import LayoutCache, StaleLayout, snapshot
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_key import layout_parts as menu_parts
from game.ui.scenes.play_key import layout_parts
from tests.lab_helpers import large_lab, train_instantly
from tests.replay_helpers import replayable_ai
from tests.ui_helpers import frame, make_app, resize, start_game


@pytest.fixture(autouse=True)
def checked() -> Iterator[None]:
    """Every layout kept is laid out again and compared (a stale one raises)."""
    before = layout_cache.CHECK
    layout_cache.CHECK = True
    yield
    layout_cache.CHECK = before


def laid_out(scene: Any) -> dict[Any, Any]:
    """The fields the scene's layout wrote (the play screen's, the menu's or the lab's)."""
    parts = (menu_parts if isinstance(scene, MenuScene)
             else lab_parts if isinstance(scene, LearningLabScene) else layout_parts)
    return snapshot(parts(scene))


def cache(scene: Any) -> LayoutCache:
    """The scene's layout cache."""
    return cache_of(scene) if isinstance(scene, LearningLabScene) else scene._layout


def fresh(scene: Any) -> dict[Any, Any]:
    """The fields a layout from scratch writes now."""
    cache(scene).forget()
    scene.layout()
    return laid_out(scene)


def assert_follows(app: Any, scene: Any, change: Callable[[], None], moves: bool = True
                   ) -> None:
    """After ``change`` and a frame, the layout is the one a fresh layout gives, and (with
    ``moves``) it differs from the layout before the change (the change was one the layout
    sees)."""
    frame(app)
    before = laid_out(scene)
    runs = cache(scene).runs
    change()
    frame(app)
    after = laid_out(scene)
    assert cache(scene).runs > runs, "the change did not lay the screen out again"
    assert after == fresh(scene)
    assert after != before or not moves


def test_a_still_frame_keeps_the_layout_and_a_stale_one_is_caught() -> None:
    app = make_app((1024, 768))
    play = start_game(app, "connect4", ("human", "human"))
    frame(app)
    runs, kept = play._layout.runs, play._layout.kept
    for _ in range(5):
        frame(app)
    assert play._layout.runs == runs and play._layout.kept >= kept + 5
    # The check sees a layout kept while an input it does not know of moved a button.
    play.panel.undo_button.rect.x += 7
    with pytest.raises(StaleLayout, match="undo_button"):
        frame(app)
    app.shutdown()


def test_the_cache_runs_a_layout_once_per_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layout_cache, "CHECK", False)
    calls: list[int] = []
    cache = LayoutCache()
    for key in (1, 1, 2, 2, 1):
        cache.run(key, lambda: calls.append(1), lambda: [])
    assert len(calls) == 3 and cache.kept == 2
    cache.forget()
    cache.run(1, lambda: calls.append(1), lambda: [])
    assert len(calls) == 4


def settings_of(app: Any) -> Callable[..., Callable[[], None]]:
    """A change of the app's settings to ``values``, applied as the settings screen does."""
    def settings(**values: object) -> Callable[[], None]:
        def change() -> None:
            for name, value in values.items():
                setattr(app.settings, name, value)
            app.apply_settings()
        return change
    return settings


@pytest.mark.parametrize("scale", [100, 200])
def test_the_layout_follows_the_window_and_the_settings(scale: int) -> None:
    app = make_app((1024, 768), text_scale=scale)
    play = start_game(app, "othello", ("human", "alphabeta:depth=1"))
    settings = settings_of(app)

    assert_follows(app, play, lambda: resize(app, (1920, 1080)))
    assert_follows(app, play, lambda: resize(app, (1280, 720)))
    assert_follows(app, play, settings(language="fr"))
    assert_follows(app, play, settings(text_scale=150))
    assert_follows(app, play, settings(text_scale=scale))
    assert_follows(app, play, settings(theme="high_contrast"))
    app.shutdown()


def test_the_layout_follows_the_game() -> None:
    app = make_app((1280, 720), language="fr")
    play = start_game(app, "nim", ("human", "human"))
    assert_follows(app, play, lambda: play.apply_move(play.state.legal_moves()[0]))
    assert_follows(app, play, lambda: play.set_seat(1, "greedy"))
    assert_follows(app, play, lambda: play.set_reasoning(False))
    assert_follows(app, play, lambda: play.enter_review(0))
    assert_follows(app, play, play.leave_review)
    assert_follows(app, play, play.undo)

    def to_the_end() -> None:
        play.set_seat(1, "human")
        while not play.match.over:
            play.apply_move(play.state.legal_moves()[-1])

    assert_follows(app, play, to_the_end)
    assert_follows(app, play, play.restart)  # the running score appears
    app.shutdown()


def test_the_layout_follows_pause_in_ai_vs_ai() -> None:
    app = make_app((1920, 1080), ai_delay=30.0)  # no AI move between the frames
    play = start_game(app, "hexapawn", ("alphabeta", "alphabeta"))
    assert play.match.ai_vs_ai
    assert_follows(app, play, play.turns.toggle_pause)
    assert_follows(app, play, play.turns.toggle_pause)
    app.shutdown()


def test_a_click_after_a_kept_layout_lands_where_the_button_is_drawn() -> None:
    app = make_app((1024, 768))
    play = start_game(app, "hexapawn", ("human", "human"))
    play.apply_move(play.state.legal_moves()[0])
    for _ in range(3):
        frame(app)
    undo = play.panel.undo_button.rect.center
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo, button=1)])
    assert len(play.match.moves) == 0
    app.shutdown()


@pytest.mark.parametrize("seats", [("human", "greedy"), ("alphabeta", "alphabeta")])
def test_random_clicks_keys_and_resizes_never_keep_a_stale_layout(
        seats: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The monkey's events on the play screen (Nim, a person against greedy, and AI vs AI):
    every layout kept is checked against a fresh one (see the fixture). The AI is seeded and
    its moves come on the same frames at every run, so a failure replays (review 12)."""
    from tests.test_ui_monkey import monkey

    replayable_ai(monkeypatch, 18)
    app = make_app((1024, 640), text_scale=200)
    play = start_game(app, "nim", seats)
    monkey(app, 250, seed=18)
    assert play._layout.kept > 0
    app.shutdown()


def test_a_replayable_ai_plays_the_same_game_on_the_same_frames(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What makes the monkey's AI-vs-AI games replayable (review 12): two games with the same
    seed, a random first player and random players, play the same moves on the same frames
    (unseeded, the players chose different moves and a move came a frame early or late with
    the machine's load)."""

    def game() -> list[object]:
        with monkeypatch.context() as patch:
            replayable_ai(patch, 3)
            app = make_app((1024, 640))
            play = start_game(app, "nim", ("random", "random"), first="random")
            seen: list[object] = []
            for _ in range(30):
                frame(app, [], 0.5)
                seen.append((play.match.first_seat, tuple(play.match.moves)))
            app.shutdown()
        return seen

    first = game()
    assert len(first[-1][1]) > 3  # type: ignore[index]
    assert game() == first


@pytest.mark.parametrize("scale", [100, 200])
def test_the_menus_layout_follows_the_window_the_settings_and_the_choices(scale: int) -> None:
    app = make_app((1024, 768), text_scale=scale)
    menu = app.top
    assert isinstance(menu, MenuScene)
    settings = settings_of(app)
    assert_follows(app, menu, lambda: menu.select_game("othello"))
    assert_follows(app, menu, lambda: menu._set_seat(1, "alphabeta"))
    params = menu.seat_widgets[1][1:]
    assert params
    assert_follows(app, menu, lambda: menu._set_seat(0, "mcts"))
    assert_follows(app, menu, lambda: menu.set_option("size", "6"))
    assert_follows(app, menu, lambda: resize(app, (1920, 1080)))
    assert_follows(app, menu, settings(language="fr"))
    assert_follows(app, menu, settings(text_scale=300 - scale))
    assert_follows(app, menu, lambda: menu.select_game("nim"))
    if menu.pages():
        assert_follows(app, menu, lambda: menu.show_page("seat2"))
    app.shutdown()


def test_a_players_parameter_changed_in_the_menu_lays_it_out_again() -> None:
    app = make_app((1280, 800), language="fr")
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.select_game("othello")
    menu._set_seat(1, "alphabeta")
    frame(app)
    runs = menu._layout.runs
    stepper = next(w for w in menu.seat_widgets[1][1:] if hasattr(w, "step"))
    stepper.set(stepper.get() + stepper.step)
    frame(app)
    assert menu._layout.runs > runs
    assert laid_out(menu) == fresh(menu)
    app.shutdown()


def test_random_events_on_the_menu_never_keep_a_stale_layout(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """(A game the monkey starts from the menu is replayable too: see the test above.)"""
    from tests.test_ui_monkey import monkey

    replayable_ai(monkeypatch, 12)
    app = make_app((1024, 640), text_scale=200)
    menu = app.top
    monkey(app, 250, seed=12)
    assert menu._layout.kept > 0
    app.shutdown()


@pytest.mark.parametrize("scale", [100, 200])
def test_the_labs_layout_follows_the_window_the_settings_the_views_and_the_runs(scale: int
                                                                                ) -> None:
    app, lab = large_lab((1024, 768), "en", scale)
    assert isinstance(lab, LearningLabScene)
    settings = settings_of(app)
    assert_follows(app, lab, lambda: train_instantly(lab, "nim", "elimination", 30))
    # (The views other than the set-up page, at 200%, have the same panels.)
    assert_follows(app, lab, lambda: lab.tabs.choose("boxes"), moves=scale == 200)
    assert_follows(app, lab, lambda: lab.tabs.choose("charts"), moves=False)
    if scale == 200:
        assert_follows(app, lab, lambda: lab.tabs.choose("setup"))
    assert_follows(app, lab, lambda: resize(app, (1920, 1080)))
    assert_follows(app, lab, settings(language="fr"))
    assert_follows(app, lab, settings(text_scale=300 - scale))
    assert_follows(app, lab, lambda: train_instantly(lab, "hexapawn", "reinforcement", 30))
    frame(app)
    cache(lab).forget()
    if lab.knowledge.pages() > 1:
        assert_follows(app, lab, lambda: lab.knowledge.turn_page(1))
    app.shutdown()


def test_random_events_on_the_lab_never_keep_a_stale_layout() -> None:
    from tests.test_ui_monkey import monkey

    app, lab = large_lab((1024, 640), "fr")
    train_instantly(lab, "nim", "reinforcement", 20)
    monkey(app, 250, seed=7)
    assert cache_of(lab).kept > 0
    app.shutdown()


@pytest.mark.parametrize("view", ["boxes", "table"])
def test_after_an_export_the_labs_panels_are_back_on_the_screen(tmp_path: Any, view: str
                                                                 ) -> None:
    """An export lays the view out on its picture, then asks for the screen's layout again:
    a kept layout left the boxes' buttons where the picture had them (found with CHECK on)."""
    from game.ui.scenes.lab_export import export_view

    app, lab = large_lab((1024, 768), "en", 100)
    assert isinstance(lab, LearningLabScene)
    train_instantly(lab, "nim", "elimination", 30)
    lab.tabs.choose(view)
    frame(app)
    panel = lab.table if view == "table" else lab.knowledge
    before = (panel.rect.copy(), panel.next_button.rect.copy())
    export_view(lab, tmp_path)
    frame(app)  # (with CHECK on, a stale layout kept raises here)
    assert (panel.rect, panel.next_button.rect) == before
    app.shutdown()


def test_the_boxes_a_page_holds_worked_out_by_the_drawing_lay_the_lab_out_again() -> None:
    """The first frame of a big learner's boxes works out how many a page holds (12 before
    it); the page bar's width follows from the pages: a layout kept from before left the
    page bar where 12 a page had put it (found with CHECK on, test_ui_lab's big table)."""
    from tests.ui_helpers import click_widget

    app, lab = large_lab((1024, 640), "en", 100)
    assert isinstance(lab, LearningLabScene)
    train_instantly(lab, "morpion", "qlearning", 300)
    frame(app)
    lab.tabs.choose("boxes")
    frame(app)
    assert lab.knowledge.per_page < 12
    click_widget(app, lab.knowledge.next_button)  # (with CHECK on, a stale layout raises)
    frame(app)
    assert lab.knowledge.page == 1
    app.shutdown()
