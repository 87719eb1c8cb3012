"""Helpers for UI tests: a headless app, synthetic events, frames, screenshots.

Tests drive the real scenes: events are built with ``pygame.event.Event`` and handed to
``App.frame`` exactly as the main loop does, so every handler runs as it would for a person.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

SCREENSHOT_DIR = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"
FRAME = 1 / 60


def make_app(size: tuple[int, int] = (1280, 800), language: str = "en",
             theme: str = "default", **settings: object) -> App:
    """A headless app with the menu open (settings not read from disk: a fresh Settings)."""
    s = Settings(language=language, theme=theme, animations=False, sound=True)
    for name, value in settings.items():
        setattr(s, name, value)
    app = App(s, size=size)
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    app.frame([], FRAME)
    return app


def frame(app: App, events: Iterable[pygame.event.Event] = (), dt: float = FRAME) -> None:
    """One frame with ``events``."""
    app.frame(list(events), dt)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move the mouse to ``pos`` and click there (down and up), then one frame."""
    pos = (int(pos[0]), int(pos[1]))
    frame(app, [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ])


def key(app: App, key_code: int, mod: int = 0, unicode: str = "") -> None:
    """Press and release a key, then one frame."""
    frame(app, [
        pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode=unicode, scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode=unicode, scancode=0),
    ])


def resize(app: App, size: tuple[int, int]) -> None:
    """A window resize, as the window manager reports it."""
    frame(app, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])


def click_widget(app: App, widget: object) -> None:
    """Click the centre of a widget's rectangle."""
    rect = widget.rect  # type: ignore[attr-defined]
    assert rect.width > 0 and rect.height > 0, "widget is not placed"
    click(app, rect.center)


def run_until(app: App, done: Callable[[], bool], timeout: float = 20.0,
              dt: float = FRAME) -> bool:
    """Run frames (real time passes, so worker threads progress) until ``done()`` or timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return True
        frame(app, [], dt)
        time.sleep(0.002)
    return done()


def screenshot(app: App, name: str) -> Path:
    """Draw a frame and save the window as test-output/screenshots/NAME.png."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    frame(app)
    path = SCREENSHOT_DIR / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path
