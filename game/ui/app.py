"""The App: the window, the clock and the stack of scenes; ``run_app(argv)`` starts it.

Only the main thread touches pygame. Global keys (F11 or Alt+Enter full screen, F1 help) are
handled here; everything else goes to the top scene. Closing the window closes every scene
(which cancels any AI search) and saves the settings; it never waits on a thread.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from game.resources import asset
from game.ui import i18n, text, widgets
from game.ui.scene import Scene
from game.ui.settings import (
    THEME_NAMES,
    Settings,
    load_settings,
    save_settings,
)
from game.ui.sound import Sounds
from game.ui.theme import THEMES, Theme
from game.ui.widgets import Metrics

if TYPE_CHECKING:
    from ai.ntuple_training import NTupleLabSession
    from game.ui.scenes.lab_session import LabSession

MAX_START_SIZE = (1280, 800)
MIN_SIZE = (800, 500)
#: A desktop at most this large (a classroom projector up to full HD, a laptop) gets the whole
#: screen: the window opens maximised instead of at 90% of it. A 1280x800 window on a 1920x1080
#: projector left a third of the wall unused and the text a third smaller than it could be.
SMALL_DESKTOP = (1920, 1200)
FPS = 60
#: Once nothing has happened for IDLE_AFTER seconds and no visible scene is animating, the app
#: is idle: the loop sleeps until an event comes (an input wakes it at once, so the window never
#: feels slow) and draws only when something changed (an event, a scene pushed or closed, a
#: notice shown or gone, a scene that was moving a moment ago), and at least every
#: REDRAW_SECONDS as a safety net for a change no one announced (or as often as a visible scene's
#: redraw_period asks: a blinking caret). An idle classroom machine no longer spends a third of
#: a core redrawing.
IDLE_AFTER = 1.0
REDRAW_SECONDS = 2.0
#: The most time a scene's update is given at once (after a stall, an animation goes on from
#: where it was instead of jumping to its end).
LONGEST_STEP = 0.25
#: The longest an idle loop sleeps before its scenes' update runs again (they poll threads).
LONGEST_WAIT = 1.0
#: An idle loop looks for events this often: pygame's own wait for an event wakes about a
#: thousand times a second (1.5% of a core doing nothing); a 30 ms sleep costs a tenth of
#: that, and an input is still taken within two frames.
IDLE_POLL = 0.03
#: The least time a notice stays; a longer one stays about a second for every
#: :data:`TOAST_WORDS_A_SECOND` words (a two-seat notice of 28 words went in 4 s, QA19 20).
TOAST_SECONDS = 4.0
TOAST_WORDS_A_SECOND = 4


def notice_seconds(message: str) -> float:
    """How long ``message`` stays on screen (unless a click or a key puts it away)."""
    return max(TOAST_SECONDS, len(message.split()) / TOAST_WORDS_A_SECOND)
#: A click that changes the screen makes the app ignore a second click this soon at the same
#: place (within DOUBLE_CLICK_PIXELS): the end of a double-click would press whatever sits
#: there on the new screen (the tournament's Menu, double-clicked, opened the menu's Quit
#: dialog). Longer than a double-click interval (0.5 s on most systems).
DOUBLE_CLICK_SECONDS = 0.6
DOUBLE_CLICK_PIXELS = 8
UI_SWITCH_INTERVAL = 0.001

#: Events that count as someone using the window (they end idle frame pacing).
INPUT_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT,
                          pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED})

#: A function that drives the app instead of a person (``--smoke-test``), returning an exit code.
Driver = Callable[["App"], int]


def declare_dpi_awareness() -> None:
    """Ask Windows not to bitmap-stretch the window on scaled displays (125%, 150%...).

    Without this a projector laptop at 150% shows every pixel blown up and blurry; with it
    the app gets the real pixel size and lays itself out natively. Must run before the
    window opens; does nothing elsewhere or if the call is unavailable.
    """
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    if sys.platform != "win32":
        return
    try:
        import ctypes

        ctypes.windll.shcore.SetProcessDpiAwareness(2)
    except (AttributeError, OSError):
        with contextlib.suppress(AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()


def small_desktop(desktop: tuple[int, int] | None) -> bool:
    """True for a screen of at most :data:`SMALL_DESKTOP` (a 1024x768 or full-HD projector): the
    window then takes the whole screen, since a 90% window leaves text too small for a room."""
    return bool(desktop and 0 < desktop[0] <= SMALL_DESKTOP[0]
                and 0 < desktop[1] <= SMALL_DESKTOP[1])


def start_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The first window size: the whole of a small screen (see :func:`small_desktop`), else at
    most 1280x800 and within 90% of the screen."""
    if desktop is not None and small_desktop(desktop):
        return max(MIN_SIZE[0], desktop[0]), max(MIN_SIZE[1], desktop[1])
    w, h = MAX_START_SIZE
    if desktop and desktop[0] > 0 and desktop[1] > 0:
        w = min(w, int(desktop[0] * 0.9))
        h = min(h, int(desktop[1] * 0.85))
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


#: The most lines a notice takes before its words get smaller (see :func:`toast_lines`).
TOAST_LINES = 2


def toast_lines(message: str, width: int, px: int, height: int,
                room: int = 0) -> tuple[int, list[str]]:
    """A notice's size and lines in ``width``: the body size ``px``, or smaller down to the
    readable size (2.5% of the window's ``height``) until it takes at most
    :data:`TOAST_LINES` lines with no word cut. "Game saved as connect4-20261125-025706.txt
    in …/games" took five lines at 200% of 1280x800, its file name cut in three, and covered
    the title and the board's top rows (QA S16 20). Where the screen gives the notice a
    ``room`` of its own (its height in pixels, covering nothing a class reads then), it may
    take as many lines as the room holds, a file's or folder's name broken after its
    separators: at 200% of 1024x768 a saved game's notice took three lines at the readable
    floor in a finished game's panel that had room for six at a larger size (QA17 6)."""
    least = min(px, math.ceil(height * 0.025))
    size = px
    while True:
        lines = text.wrap(message, width, size)
        line_h = text.font(size).get_linesize()
        most = max(TOAST_LINES, room // line_h)
        # A name may break after its separators where the notice has room of its own.
        parts = (part for word in message.split()
                 for part in (text.name_pieces(word) if room and text.is_name(word) else [word]))
        whole = all(text.size(part, size)[0] <= width for part in parts)
        if size <= least or (len(lines) <= most and whole):
            return size, lines
        size = max(least, size - 2)


class App:
    """The window, its scenes and the services they share (settings, theme, sounds)."""

    def __init__(self, settings: Settings, size: tuple[int, int] | None = None,
                 notice: str | None = None,
                 overrides: Mapping[str, object] | None = None) -> None:
        # Command-line choices (--lang, --theme, --fullscreen) hold for this run only: the
        # saved file keeps the person's own values unless they change them on screen.
        self._run_only: dict[str, tuple[object, object]] = {}
        for name, value in (overrides or {}).items():
            if not hasattr(settings, name):
                raise ValueError(f"unknown setting '{name}'")
            self._run_only[name] = (getattr(settings, name), value)
            setattr(settings, name, value)
        # A searching AI thread holds the interpreter lock in slices of the switch interval
        # (5 ms by default); each time the UI thread waits for it a frame is delayed, so a
        # shorter slice keeps the frame rate up while the AI thinks.
        sys.setswitchinterval(UI_SWITCH_INTERVAL)
        declare_dpi_awareness()
        pygame.init()
        self.settings = settings
        #: What the learning lab works on, kept while the app runs (made by the lab).
        self.lab_session: LabSession | None = None
        #: What the n-tuple lab works on, kept likewise (made by that screen).
        self.ntuple_session: NTupleLabSession | None = None
        i18n.set_language(settings.language)
        self.theme: Theme = THEMES.get(settings.theme, THEMES["default"])
        self.sounds = Sounds(settings.sound)
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        desktop = desktops[0] if desktops else None
        self.windowed_size = size or start_size(desktop)
        self.fullscreen = False
        pygame.display.set_caption(i18n.tr("app.title"))
        self._set_icon()
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        if size is None and small_desktop(desktop):
            self._maximise()
        # Idle frame pacing: the time of the last input event (see IDLE_AFTER).
        self.last_input = 0.0
        #: Seconds of the scenes' clock, and where and when the last click changed the screen
        #: (see DOUBLE_CLICK_SECONDS).
        self.elapsed = 0.0
        self.screen_click: tuple[tuple[int, int], float, Scene | None] | None = None
        self.second_press = False
        #: True when the window must be drawn at the next idle turn of the loop (see step).
        self.stale = True
        #: Seconds since the window was last drawn by the loop, and the idle safety-net period.
        self.since_drawn = 0.0
        self.redraw_seconds = REDRAW_SECONDS
        self.longest_wait = LONGEST_WAIT
        #: Whether the previous turn of the loop was busy (its last change must still be drawn).
        self.was_busy = True
        if settings.fullscreen:
            self.set_fullscreen(True)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.toast: str | None = None
        self.toast_left = 0.0
        #: Whether the notice was made this frame (its clock starts at the next).
        self.toast_new = False
        #: Where the last notice was drawn (tests check it covers no control).
        self.toast_rect = pygame.Rect(0, 0, 0, 0)
        if notice:
            self.notify(notice)

    # -- window ---------------------------------------------------------------------------------

    def _set_icon(self) -> None:
        """The window icon from assets/icon.png (skipped if the file is missing or unreadable)."""
        path = asset("icon.png")
        if path.exists():
            # A broken icon must not stop the app; the title still says what it is.
            with contextlib.suppress(pygame.error):
                pygame.display.set_icon(pygame.image.load(str(path)))

    def _set_minimum_size(self) -> None:
        """Stop the user shrinking the window below a usable size, where SDL supports it."""
        try:
            with warnings.catch_warnings():
                # pygame-ce deprecates this bridge for surface rendering, which is not used here.
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error, ValueError):
            pass

    def _maximise(self) -> None:
        """Maximise the window (title bar and task bar stay visible), where SDL supports it."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.maximize()
        except (AttributeError, pygame.error, ValueError):
            return
        self.screen = pygame.display.get_surface() or self.screen

    @property
    def size(self) -> tuple[int, int]:
        """The current drawing size."""
        w, h = self.screen.get_size()
        return int(w), int(h)

    @property
    def metrics(self) -> Metrics:
        """Text sizes and paddings for the current window size."""
        return Metrics.for_size(self.size, self.settings.text_scale / 100)

    def set_fullscreen(self, on: bool) -> None:
        """Switch full screen on or off (remembered in the settings)."""
        if on == self.fullscreen:
            return
        if on:
            self.windowed_size = self.size
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as exc:
                self.notify(i18n.tr("app.fullscreen_failed", error=str(exc)))
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                return
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.fullscreen = on
        self.settings.fullscreen = on

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize (a real one, or a synthetic one in tests)."""
        w = max(320, int(size[0]))
        h = max(240, int(size[1]))
        if self.fullscreen:
            return
        if self.size != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.windowed_size = (w, h)

    # -- scenes ---------------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene receiving events, or None."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Show ``scene`` above the current one."""
        self.scenes.append(scene)
        scene.on_enter()
        self.stale = True

    def pop(self, scene: Scene | None = None) -> None:
        """Close the top scene (or ``scene`` wherever it is) and uncover the one below."""
        if not self.scenes:
            return
        target = scene if scene is not None else self.scenes[-1]
        if target not in self.scenes:
            return
        was_top = target is self.scenes[-1]
        self.scenes.remove(target)
        self.stale = True
        target.on_close()
        if was_top and self.scenes:
            self.scenes[-1].on_enter()
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        """Close every scene and show ``scene`` alone (Menu from Play, Play from Menu)."""
        while self.scenes:
            old = self.scenes.pop()
            old.on_close()
        self.push(scene)

    def notify(self, message: str) -> None:
        """Show ``message`` at the bottom of the window for a few seconds."""
        self.toast = message
        self.toast_left = notice_seconds(message)
        # Its time counts from the frame it is first drawn: the frame of the click that
        # causes it carries the idle wait before that click (up to a second), which ate
        # into the notice at once (QA19 20: gone in under 2 s).
        self.toast_new = True
        self.stale = True

    def play_sound(self, name: str) -> None:
        """Play one of the app's sounds (if sound is on)."""
        self.sounds.enabled = self.settings.sound
        self.sounds.play(name)

    # -- settings -------------------------------------------------------------------------------

    def apply_settings(self) -> None:
        """Apply language, theme and sound after a change, and tell every scene."""
        i18n.set_language(self.settings.language)
        self.theme = THEMES.get(self.settings.theme, THEMES["default"])
        self.sounds.enabled = self.settings.sound
        pygame.display.set_caption(i18n.tr("app.title"))
        if self.settings.fullscreen != self.fullscreen:
            self.set_fullscreen(self.settings.fullscreen)
        for scene in self.scenes:
            scene.on_settings_changed()
        self.stale = True

    def settings_to_save(self) -> Settings:
        """The settings as they should be written: a value set only by a command-line flag
        is replaced by the saved one; a value the person changed since is kept."""
        if not self._run_only:
            return self.settings
        saved = dataclasses.replace(self.settings)
        for name, (before, override) in list(self._run_only.items()):
            if getattr(self.settings, name) == override:
                setattr(saved, name, before)
            else:
                del self._run_only[name]  # changed on screen: from now on it is theirs
        return saved

    def save_settings(self) -> None:
        """Write the settings; a failure is shown, never raised."""
        error = save_settings(self.settings_to_save())
        if error:
            self.notify(error)

    # -- the loop -------------------------------------------------------------------------------

    def handle_global(self, event: pygame.event.Event) -> bool:
        """Keys and window events that work on every screen; True when used."""
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # A click or a key puts the notice away at once: it never hides a control for
            # seconds (a notice that click causes is shown after).
            self.toast = None
            self.toast_left = 0.0
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            widgets.set_mouse(event.pos)
            return False
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return True
        if event.type == pygame.KEYDOWN:
            alt_enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                event.mod & pygame.KMOD_ALT)
            if event.key == pygame.K_F11 or alt_enter:
                self.set_fullscreen(not self.fullscreen)
                self.save_settings()
                return True
            if event.key == pygame.K_F1:
                from game.ui.scenes.help import HelpOverlay

                if isinstance(self.top, HelpOverlay):
                    self.pop()
                else:
                    self.push(HelpOverlay(self))
                return True
        return False

    def frame(self, events: Sequence[pygame.event.Event], dt: float) -> None:
        """One frame: events, update, draw (the caller flips the display)."""
        self.advance(events, dt)
        self.toast_new = False
        self.draw(self.screen)

    def advance(self, events: Sequence[pygame.event.Event], dt: float) -> None:
        """A frame without its drawing: events to the top scene, then ``dt`` to it and to the
        notice's clock."""
        for event in events:
            if self.handle_global(event) or self.second_click(event):
                continue
            top = self.top
            if top is not None:
                top.handle(event)
                if (self.top is not top and event.type == pygame.MOUSEBUTTONDOWN
                        and event.button == 1):
                    self.guard_double_click(event.pos)
        self.elapsed += dt
        top = self.top
        if top is not None:
            top.update(dt)
        self.count_notice(dt)

    def guard_double_click(self, pos: tuple[int, int]) -> None:
        """The click at ``pos`` changed what is under the pointer (another screen, or the same
        screen laid out anew): the rest of a double-click there goes to nobody (see
        :meth:`second_click`)."""
        self.screen_click = (pos, self.elapsed, self.top)
        self.second_press = False

    def second_click(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is the end of a double-click whose first click changed the
        screen: the release of that click, then the next press and its release, at the same
        place within :data:`DOUBLE_CLICK_SECONDS`, which the new screen must not receive. A
        key, a click elsewhere or later, or another screen ends the watch."""
        if self.screen_click is None:
            return False
        if event.type == pygame.KEYDOWN or self.top is not self.screen_click[2]:
            self.screen_click = None
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        (x, y), when, _scene = self.screen_click
        if (self.elapsed - when > DOUBLE_CLICK_SECONDS or abs(event.pos[0] - x)
                > DOUBLE_CLICK_PIXELS or abs(event.pos[1] - y) > DOUBLE_CLICK_PIXELS):
            self.screen_click = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.second_press = True
        elif self.second_press:  # the second click's release: the double-click is over
            self.screen_click = None
            self.second_press = False
        return True

    def count_notice(self, dt: float) -> None:
        """Advance the notice's clock (not in the frame that made it: see :meth:`notify`);
        a notice that goes marks the window stale."""
        if self.toast_left > 0 and not self.toast_new:
            self.toast_left -= dt
            if self.toast_left <= 0:
                self.toast = None
                self.stale = True

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes (from the highest opaque one up) and the notice."""
        surface.fill(self.theme.background)
        for scene in self.visible_scenes():
            scene.draw(surface)
        if self.toast:
            self._draw_toast(surface, self.toast)

    def _draw_toast(self, surface: pygame.Surface, message: str) -> None:
        m = self.metrics
        w, h = self.size
        # A screen may say where its notices cover no control (the play screen: over its
        # status line, not over its buttons).
        area = self.top.notice_area() if self.top is not None else None
        width = area.width - 2 * m.pad if area is not None else int(w * 0.7)
        room = area.height - 2 * m.pad if area is not None else 0
        px, lines = toast_lines(message, width, m.body, h, max(0, room))
        line_h = text.font(px).get_linesize()
        if area is not None:
            box = pygame.Rect(area.left, area.top, area.width, line_h * len(lines) + 2 * m.pad)
        else:
            box = pygame.Rect(0, 0, int(w * 0.74), line_h * len(lines) + 2 * m.pad)
            box.midbottom = (w // 2, h - m.pad * 2)
        widgets.draw_panel(surface, box, self.theme, m.radius, self.theme.panel, self.theme.accent)
        self.toast_rect = box
        y = box.top + m.pad
        for line in lines:
            text.blit_text(surface, line, px, self.theme.text, (box.centerx, y), "midtop")
            y += line_h

    def visible_scenes(self) -> list[Scene]:
        """The scenes drawn each frame: the highest opaque one and the overlays above it."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        return self.scenes[first:]

    def idle(self, now: float) -> bool:
        """True when nothing moves: no input for :data:`IDLE_AFTER` s and no visible scene
        animating (a notice does not count: it stands still until it goes)."""
        return (now - self.last_input >= IDLE_AFTER
                and not any(scene.animating() for scene in self.visible_scenes()))

    def redraw_due(self) -> float:
        """Seconds between two drawings of an idle window: :attr:`redraw_seconds`, or less
        when a visible scene changes by itself at a slower pace (its redraw_period)."""
        periods = [p for p in (s.redraw_period() for s in self.visible_scenes()) if p is not None]
        return min([self.redraw_seconds, *periods])

    def must_draw(self, events: Sequence[pygame.event.Event], busy: bool) -> bool:
        """Whether this turn of the loop draws the window: always while ``busy`` (input a
        moment ago, a scene moving) and on the turn after (its last change); when idle, only
        for an event, a change announced by :attr:`stale`, or when :meth:`redraw_due`."""
        return (busy or self.was_busy or bool(events) or self.stale
                or self.since_drawn >= self.redraw_due())

    def next_events(self) -> list[pygame.event.Event]:
        """This frame's events; when :meth:`idle` with nothing to draw, first wait for one
        until the next drawing is due (an input wakes the loop within :data:`IDLE_POLL` s)."""
        if self.idle(time.monotonic()) and not (self.stale or self.was_busy):
            due = [self.longest_wait, self.redraw_due() - self.since_drawn]
            if self.toast is not None:
                due.append(self.toast_left)  # the notice goes on time
            wait_for_event(min(due))
        events = pygame.event.get()
        if any(e.type in INPUT_EVENTS for e in events):
            self.last_input = time.monotonic()
        return events

    def elapse(self, events: Sequence[pygame.event.Event], dt: float) -> None:
        """The main loop's frame after ``dt`` real seconds: the scene gets at most
        :data:`LONGEST_STEP` (an animation goes on after a stall instead of jumping), the
        notice's clock the whole time (an idle loop turns only every second or so)."""
        scene_dt = min(dt, LONGEST_STEP)
        self.advance(events, scene_dt)
        self.count_notice(dt - scene_dt)
        self.toast_new = False

    def step(self) -> bool:
        """One turn of the main loop: wait for this frame's events, run the frame, and draw
        and show it when :meth:`must_draw` says so; True when it was drawn."""
        events = self.next_events()
        dt = self.clock.tick(FPS) / 1000.0
        drawn = False
        try:
            self.elapse(events, dt)
            self.since_drawn += dt
            busy = not self.idle(time.monotonic())
            if self.must_draw(events, busy):
                self.stale = False
                self.since_drawn = 0.0
                drawn = True
                self.draw(self.screen)
            self.was_busy = busy
        except Exception as exc:  # a bug in one screen must not close a class's app
            traceback.print_exc()
            self.notify(i18n.tr("app.error", error=f"{type(exc).__name__}: {exc}"))
        if drawn:
            pygame.display.flip()
        return drawn

    def run(self, driver: Driver | None = None) -> int:
        """Run until the window closes (or ``driver`` returns); return the exit code."""
        try:
            if driver is not None:
                return driver(self)
            while self.running and self.scenes:
                self.step()
            return 0
        finally:
            self.shutdown()

    def shutdown(self) -> None:
        """Close every scene (cancelling AI searches), save the settings, close the window."""
        while self.scenes:
            scene = self.scenes.pop()
            scene.on_close()
        self.save_settings()
        text.clear_cache()
        if pygame.mixer.get_init():
            # Halted here, not by the audio thread while quit waits for its lock: a move's
            # sound ending during shutdown hung a test run in mixer_quit (speed helper's
            # native stack, session 15).
            pygame.mixer.stop()
        pygame.quit()


def wait_for_event(seconds: float) -> None:
    """Sleep until an event is queued or ``seconds`` have passed, looking every
    :data:`IDLE_POLL` s."""
    end = time.monotonic() + seconds
    while not pygame.event.peek():
        left = end - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(IDLE_POLL, left))


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The window's command-line flags; bad ones exit with code 2 and a one-line error."""
    parser = argparse.ArgumentParser(
        prog="main.py", description="AI Game Lab: the window.",
        epilog="Headless commands: 'main.py players GAME' lists the AIs of a game; "
               "'main.py arena GAME --p1 SPEC --p2 SPEC --games N' plays them; "
               "'main.py train GAME LEARNER --games N --out FILE' trains a learner, then "
               "'LEARNER:load=FILE' plays it (see 'main.py arena --help', "
               "'main.py train --help').")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--lang", choices=i18n.languages(), help="interface language")
    parser.add_argument("--theme", choices=THEME_NAMES, help="colour theme")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1920x1080")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the window, play a few moves of each game, exit (packaging)")
    return parser.parse_args(list(argv))


def parse_size(value: str | None) -> tuple[int, int] | None:
    """Read a ``WxH`` size; raise ValueError with a readable message when malformed."""
    if value is None:
        return None
    parts = value.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"--size must look like 1280x800, got '{value}'")
    w, h = int(parts[0]), int(parts[1])
    if not (MIN_SIZE[0] <= w <= 8000 and MIN_SIZE[1] <= h <= 8000):
        raise ValueError(f"--size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to 8000x8000, "
                         f"got '{value}'")
    return w, h


def smoke_driver() -> Driver | None:
    """The packaging smoke test's driver (``game.ui.smoke.run``), if that module exists."""
    try:
        from game.ui import smoke
    except ImportError:
        return None
    driver: Driver = smoke.run
    return driver


def run_app(argv: Sequence[str]) -> int:
    """Open the window with the menu; return the process exit code."""
    args = parse_args(argv)
    try:
        size = parse_size(args.size)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    settings, notice = load_settings(i18n.system_language())
    overrides: dict[str, object] = {}
    if args.lang:
        overrides["language"] = args.lang
    if args.theme:
        overrides["theme"] = args.theme
    if args.fullscreen:
        overrides["fullscreen"] = True
    driver: Driver | None = None
    if args.smoke_test:
        driver = smoke_driver()
        if driver is None:
            print("error: --smoke-test is not available in this build (no game.ui.smoke module)",
                  file=sys.stderr)
            return 2
    app = App(settings, size=size, notice=notice, overrides=overrides)
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    return app.run(driver)
