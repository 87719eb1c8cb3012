"""Monkey tests: thousands of random clicks, keys, wheel turns and resizes on every screen.

Nothing may raise. The default run sends 5,000 events in all (1,000 from each starting screen);
the slow run sends 5,000 from each.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import Widget
from tests.ui_helpers import frame, make_app, start_game

KEYS = (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_h, pygame.K_r,
        pygame.K_z, pygame.K_PLUS, pygame.K_MINUS, pygame.K_RETURN, pygame.K_F1, pygame.K_F11,
        pygame.K_a, pygame.K_1)
SIZES = ((1024, 640), (1280, 800), (1920, 1080), (800, 500), (1600, 900))


def widget_rects(app: App) -> list[pygame.Rect]:
    """Rectangles of the top scene's widgets, board cells and cards, to aim some clicks at."""
    scene = app.top
    rects: list[pygame.Rect] = []
    for value in vars(scene).values() if scene is not None else ():
        if isinstance(value, Widget) and value.rect.width:
            rects.append(value.rect)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, Widget) and item.rect.width:
                    rects.append(item.rect)
                elif isinstance(item, tuple) and item and isinstance(item[-1], pygame.Rect):
                    rects.append(item[-1])
                elif isinstance(item, tuple) and item and isinstance(item[0], pygame.Rect):
                    rects.append(item[0])
        elif isinstance(value, pygame.Rect) and value.width:
            rects.append(value)
    return rects


def random_event(app: App, rng: random.Random) -> pygame.event.Event:
    """One random input event, half of the clicks aimed at something clickable."""
    w, h = app.size
    roll = rng.random()
    if roll < 0.55:
        targets = widget_rects(app)
        if targets and rng.random() < 0.6:
            r = rng.choice(targets)
            pos = (rng.randint(r.left, max(r.left, r.right - 1)),
                   rng.randint(r.top, max(r.top, r.bottom - 1)))
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                  button=rng.choice((1, 1, 1, 1, 3, 4, 5)))
    if roll < 0.7:
        pos = (rng.randrange(w), rng.randrange(h))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.9:
        mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_ALT))
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="",
                                  scancode=0)
    if roll < 0.97:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    size = rng.choice(SIZES)
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def monkey(app: App, events: int, seed: int) -> None:
    """Send ``events`` random events, a frame every few events; reopen after Quit."""
    rng = random.Random(seed)
    batch: list[pygame.event.Event] = []
    for i in range(events):
        batch.append(random_event(app, rng))
        if len(batch) >= 4 or i == events - 1:
            frame(app, batch, rng.choice((0.0, 1 / 60, 0.1, 0.5)))
            batch = []
        if not app.running or not app.scenes:
            # The monkey found Quit: that is allowed; reopen the menu and go on.
            app.running = True
            if not app.scenes:
                from game.ui.scenes.menu import MenuScene

                app.push(MenuScene(app))
        if app.fullscreen and rng.random() < 0.5:
            app.set_fullscreen(False)


def _menu(app: App) -> None:
    return None


def _play(game: str, seats: tuple[str, str]) -> Callable[[App], None]:
    def opener(app: App) -> None:
        start_game(app, game, seats)
    return opener


STARTS: dict[str, Callable[[App], None]] = {
    "menu": _menu,
    "play_hexapawn": _play("hexapawn", ("human", "random")),
    "play_nim": _play("nim", ("human", "greedy")),
    "play_morpion": _play("morpion", ("human", "random")),
    "play_othello": _play("othello", ("random", "random")),
    "settings": lambda app: app.push(SettingsScene(app)),
    "rules": lambda app: app.push(RulesScene(app, "othello")),
    "help": lambda app: app.push(HelpOverlay(app)),
}
DEFAULT_EVENTS = 5000 // len(STARTS)


def _run(start: str, events: int) -> None:
    app = make_app((1024, 640), ai_delay=0.0)
    try:
        STARTS[start](app)
        frame(app)
        monkey(app, events, seed=zlib.crc32(start.encode()))
    finally:
        app.shutdown()


@pytest.mark.parametrize("start", list(STARTS))
def test_monkey_default(start: str) -> None:
    _run(start, DEFAULT_EVENTS)


@pytest.mark.slow
@pytest.mark.parametrize("start", list(STARTS))
def test_monkey_full(start: str) -> None:
    _run(start, 5000)
