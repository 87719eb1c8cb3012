"""Helpers for UI tests: a headless app, synthetic events, frames, screenshots.

Tests drive the real scenes: events are built with ``pygame.event.Event`` and handed to
``App.frame`` exactly as the main loop does, so every handler runs as it would for a person.
"""

from __future__ import annotations

import functools
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui.app import App
from game.ui.i18n import tr
from game.ui.settings import Settings

#: Set this environment variable to a folder to keep the tests' screenshots there; otherwise
#: they go to a temporary folder (never into the repository).
SCREENSHOT_ENV = "AIGAMELAB_SCREENSHOT_DIR"
FRAME = 1 / 60
#: Every app made by make_app, so the conftest fixture can shut down those a failed test left.
_APPS: list[App] = []


@functools.cache
def screenshot_dir() -> Path:
    """Where the tests save their screenshots: ``$AIGAMELAB_SCREENSHOT_DIR`` or a temporary
    folder made once per test process."""
    chosen = os.environ.get(SCREENSHOT_ENV)
    if chosen:
        folder = Path(chosen)
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return Path(tempfile.mkdtemp(prefix="aigamelab-screenshots-"))


def shutdown_apps() -> None:
    """Shut down every app a test made and did not shut down itself (a failed assertion
    skipped its ``app.shutdown()``), so no worker thread or window outlives the test."""
    while _APPS:
        app = _APPS.pop()
        if app.scenes:
            app.shutdown()


def make_app(size: tuple[int, int] = (1280, 800), language: str = "en",
             theme: str = "default", **settings: object) -> App:
    """A headless app with the menu open (settings not read from disk: a fresh Settings).

    AI moves are instant unless ``ai_delay`` is given, so tests do not wait for the class.
    """
    # Explain mode (the AI's move waits for a click) is off unless a test asks for it.
    s = Settings(language=language, theme=theme, animations=False, sound=True, ai_delay=0.0,
                 explain_wait=False)
    for name, value in settings.items():
        setattr(s, name, value)
    app = App(s, size=size)
    _APPS.append(app)
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    app.frame([], FRAME)
    return app


def frame(app: App, events: Iterable[pygame.event.Event] = (), dt: float = FRAME) -> None:
    """One frame with ``events``."""
    app.frame(list(events), dt)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move the mouse to ``pos`` and click there (down and up), then one frame."""
    frame(app, click_events(pos, button))


def click_events(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """The events of a click at ``pos``: the mouse moved there, pressed and released."""
    pos = (int(pos[0]), int(pos[1]))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


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
    rect = widget.rect
    assert rect.width > 0 and rect.height > 0, "widget is not placed"
    click(app, rect.center)


def open_review(app: App, play: Any) -> None:
    """Press Review on the play panel: its own button at normal text, the item of the More
    list with large text (see game.ui.scenes.play_more)."""
    if play.panel.review_button in play.panel.buttons():
        click_widget(app, play.panel.review_button)
        return
    pick_more(app, play, tr("review.button"))


def pick_more(app: App, play: Any, label: str) -> None:
    """Open the play panel's More list and click the row labelled ``label``."""
    click_widget(app, play.panel.more_button)
    popup = app.top
    labels = [item[1] for item in popup.items]
    assert label in labels, labels
    frame(app)
    for _ in range(len(labels)):
        rows = {popup.items[index][1]: rect for rect, index in popup.rows}
        if label in rows:
            click(app, rows[label].center)
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"{label!r} never shown in the More list")


#: The time each frame of :func:`run_until` tells the scene has passed: a fifth of a second, so
#: the scenes' own waits (the AI's 1.2 s reveal of its scores, the pause before its move) take
#: six frames instead of seventy; drawing those frames was most of the test run's time. Still
#: at least one frame for each of the scenes' timed states (the shortest, the pause before an
#: AI's move against a person, is 0.35 s; animations are off in tests).
WAIT_FRAME = 0.2


#: The longest :func:`run_until` waits for a working thread between two frames.
THREAD_WAIT = 0.05


def run_until(app: App, done: Callable[[], bool], timeout: float = 20.0,
              dt: float = WAIT_FRAME) -> bool:
    """Run frames (real time passes, so worker threads progress) until ``done()`` or timeout;
    each frame tells the scenes ``dt`` seconds passed (see :data:`WAIT_FRAME`)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return True
        frame(app, [], dt)
        let_threads_work()
    return done()


def let_threads_work() -> None:
    """Between two frames of :func:`run_until`: while a thread of the app works (an AI's
    move, a training run or a tournament), wait for it up to :data:`THREAD_WAIT`; with none,
    go on at once. A frame drawn while a thread thinks shows nothing new, and it held the
    interpreter from that thread: frames drawn 2 ms apart were most of the waiting tests'
    time. (pytest-timeout's timer thread is not the app's.)"""
    me = threading.current_thread()
    for thread in threading.enumerate():
        if thread is not me and not isinstance(thread, threading.Timer) and thread.is_alive():
            thread.join(THREAD_WAIT)
            return


def screenshot(app: App, name: str) -> Path:
    """Draw a frame and save the window in :func:`screenshot_dir`: as NAME.png where a person
    chose the folder (``$AIGAMELAB_SCREENSHOT_DIR``), else as NAME.bmp in the temporary one
    (the same pixels, uncompressed: compressing a PNG nobody asked for took 44 ms of CPU at
    1920x1080 against 7 for the BMP, for the 83 shots of a run)."""
    frame(app)
    kind = "png" if os.environ.get(SCREENSHOT_ENV) else "bmp"
    path = screenshot_dir() / f"{name}.{kind}"
    pygame.image.save(app.screen, str(path))
    return path


def seat_players(menu: Any, game: str, seats: tuple[str, str]) -> None:
    """Choose ``game`` on ``menu`` (a MenuScene) and put ``seats`` (player specs) in its two
    seats, its widgets rebuilt for them."""
    menu.select_game(game)
    menu.choices.seats = list(seats)
    menu.rebuild()


def start_game(app: App, game: str, seats: tuple[str, str], first: str = "seat1",
               options: dict[str, str] | None = None) -> Any:
    """From the menu: choose ``game``, its options and seats, click Start; return the scene."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.play import PlayScene

    menu = app.top
    assert isinstance(menu, MenuScene), f"expected the menu, got {menu!r}"
    menu.layout()
    for name, rect in menu.cards:
        if name == game:
            # The menu is not drawn between the clicks: the test wants the play screen, and
            # two menu frames were a tenth of a play test's time (the menu's own tests draw
            # it). It handles the clicks as it would, laid out anew where they change it.
            app.advance(click_events(rect.center), FRAME)
    assert menu.game == game
    menu.choices.options = dict(options or {})
    menu.choices.seats = [seats[0], seats[1]]
    menu.choices.first = first
    menu.rebuild()
    menu.layout()
    click_widget(app, menu.start_button)
    play = app.top
    assert isinstance(play, PlayScene), f"Start did not open the play screen: {app.toast}"
    # Tests click at once; the guard against the end of a double-click on Start is tested
    # on its own (test_ui_classroom.py).
    from game.ui.scenes.play import CLICK_GUARD_SECONDS

    play.age = CLICK_GUARD_SECONDS
    return play


def clicks_for(game: str, state: Any, move: Any) -> list[Any]:
    """The board elements a person clicks to play ``move`` (the game's presenter knows)."""
    from game.ui.boards import presenter_for

    return presenter_for(game).clicks_for(state, move)


def click_element(app: App, play: Any, element: Any) -> None:
    """Click the centre of a board element of the play scene's board."""
    play.layout()
    click(app, play.view.centre_of(element))


def watch_cuts(monkeypatch: Any) -> list[str]:
    """The texts cut with an ellipsis from now on (filled as frames draw), through
    ``monkeypatch`` (a pytest MonkeyPatch)."""
    from game.ui import text

    cut: list[str] = []
    original = text.ellipsize

    def spy(content: str, max_width: int, px: int, bold: bool = False) -> str:
        shown = original(content, max_width, px, bold)
        if shown != content:
            cut.append(content)
        return shown

    monkeypatch.setattr(text, "ellipsize", spy)
    return cut


def spy_texts(monkeypatch: Any, *helpers: str) -> list[str]:
    """Every text the named helpers of ``game.ui.text`` (by default ``blit_text``) are asked
    to draw from now on, in order (one list, cleared by the caller), through ``monkeypatch``
    (a pytest MonkeyPatch)."""
    from game.ui import text as text_module

    seen: list[str] = []

    def spy_on(real: Callable[..., Any]) -> Callable[..., Any]:
        def spy(surface: pygame.Surface, line: str, *args: Any, **kwargs: Any) -> Any:
            seen.append(line)
            return real(surface, line, *args, **kwargs)
        return spy

    for name in helpers or ("blit_text",):
        monkeypatch.setattr(text_module, name, spy_on(getattr(text_module, name)))
    return seen


def texts_drawn_by(draw: Callable[[], object], monkeypatch: Any
                ) -> list[tuple[str, int, pygame.Rect]]:
    """Every text ``draw()`` writes with ``text.blit_text``: (text, size, rect), in order,
    through ``monkeypatch`` (a pytest MonkeyPatch; the spy is gone afterwards)."""
    from game.ui import text as text_module

    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = text_module.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        rect = real(surface, line, px, *args, **kwargs)
        drawn.append((line, px, rect))
        return rect

    with monkeypatch.context() as patch:
        patch.setattr(text_module, "blit_text", spy)
        draw()
    return drawn


#: A board's coordinates as drawn: the column letters a-h and the row numbers 1-8.
BOARD_COORDINATES = frozenset({chr(ord("a") + i) for i in range(8)}
                              | {str(i) for i in range(1, 9)})


def coordinate_sizes(app: App, monkeypatch: Any) -> list[int]:
    """The text sizes of the board coordinates one frame of ``app`` draws."""
    return [px for line, px, _rect in texts_drawn_by(lambda: frame(app), monkeypatch)
            if line in BOARD_COORDINATES]
