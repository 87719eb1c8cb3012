"""Shared test fixtures: every test runs headless, with its own empty user data folder."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Also at import time, for any module that initialises pygame while tests are being collected.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # after the drivers are chosen
from hypothesis import settings

# No property test has a time limit: Hypothesis's default 200 ms deadline failed
# test_key_text_of_sets_ignores_order at 280 ms with the machine loaded (load 17), a
# wall-clock assertion in all but name. Each test's own max_examples still bounds its work.
settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")

# With PYTHONDONTWRITEBYTECODE set (it is on the shared machine) each test worker compiled the
# app and rewrote the asserts of every test file again at each run: 8 s of CPU per worker, 2 s
# with the bytecode kept. Kept outside the repository (under the temporary folder, by each
# file's full path), so the working tree stays as clean as the setting wants it.
if sys.dont_write_bytecode and sys.pycache_prefix is None:
    sys.pycache_prefix = str(Path(tempfile.gettempdir()) / "aigamelab-pycache")
    sys.dont_write_bytecode = False

# Every app a test makes is shut down, and closing the audio device waits for its thread's
# buffers: 28 ms with the mixer's 512 samples, 11 ms with 64 (sounds still play through the
# same code, into the dummy driver). A 64-sample buffer costs that thread 0.5% of a core.
# The dummy driver's wait at close does not go below about 13 ms at 44.1 kHz whatever the
# buffer (16 to 64 samples alike) and shrinks with the rate: 5.5 ms at 96 kHz (mixer.quit
# timed alone, 20 times, load 4), for the 2 240 apps a run makes 16 s of sleeping workers;
# the sounds are synthesised at the mixer's rate, so they still play through the same code.
TEST_AUDIO_RATE = 96_000
pygame.mixer.pre_init(frequency=TEST_AUDIO_RATE, buffer=64)

#: pygame's own quit, which closes the audio device with the rest.
REAL_QUIT = pygame.quit


def quit_keeping_audio() -> None:
    """pygame.quit for the tests: every module pygame.init starts is closed (the window, the
    fonts, the joysticks) but the mixer, whose sounds are halted (App.shutdown halts them
    too): the next app's pygame.init finds it open. Opening and closing the audio device took
    20 to 70 ms of a worker's time per app, most of it asleep (load 13: init 41 ms, quit
    29 ms), for the 2 240 apps of a run. The tests of shutdown itself use REAL_QUIT."""
    if pygame.mixer.get_init():
        pygame.mixer.stop()
    for module in (pygame.display, pygame.font, pygame.joystick):
        module.quit()


pygame.quit = quit_keeping_audio

#: Where the tests' temporary folders (each test's data folder) go when the system has a
#: memory file system: the app fsyncs every file it saves, 10 to 30 ms each on a disk and
#: nothing in memory, and most UI tests save the settings. pytest keeps its last three runs'
#: folders and deletes the older ones; PYTEST_DEBUG_TEMPROOT set by a person wins.
MEMORY_FOLDER = Path("/dev/shm")
if MEMORY_FOLDER.is_dir() and os.access(MEMORY_FOLDER, os.W_OK):
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(MEMORY_FOLDER))


@pytest.fixture(autouse=True)
def _isolated_environment(tmp_path_factory: pytest.TempPathFactory,
                          monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point the app's data folder at a fresh temporary folder and make pygame headless.

    Yields the data folder, so a test can also ask for it as ``_isolated_environment``; most
    tests use the ``data_dir`` fixture below instead.
    """
    folder = tmp_path_factory.mktemp("aigamelab-data")
    monkeypatch.setenv("AIGAMELAB_DATA_DIR", str(folder))
    # Exports go to the Documents folder by default: a test clicking an Export button (the
    # monkey tests do) must write into a temporary folder, never the user's home.
    documents = tmp_path_factory.mktemp("documents")
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(documents))
    # The folder browser lists the machine's drives (USB sticks) where it opens: none here,
    # whatever the machine has mounted (a test that wants drives names its own folders).
    monkeypatch.setenv("AIGAMELAB_MOUNT_ROOTS", "")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield folder


#: Set to a fraction (e.g. ``0.065``: a true 200%, body text 40 px at 1024x768 and 70 px at
#: 1920x1080) to run the tests with that cap on body text instead of
#: :data:`game.ui.widgets.BODY_MAX_FRACTION`: how the screens are made ready for a larger cap
#: before the app's own cap is raised.
TRY_TEXT_CAP = "AIGAMELAB_TRY_TEXT_CAP"


@pytest.fixture(autouse=True)
def _tried_text_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apply :data:`TRY_TEXT_CAP` when it is set (never in CI)."""
    tried = os.environ.get(TRY_TEXT_CAP)
    if tried:
        from game.ui import widgets

        monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", float(tried))


@pytest.fixture
def data_dir(_isolated_environment: Path) -> Path:
    """The temporary user data folder of this test (``AIGAMELAB_DATA_DIR``)."""
    return _isolated_environment


@pytest.fixture(autouse=True)
def _shutdown_apps() -> Iterator[None]:
    """After each test, shut down the apps it made, even when it failed half-way (its own
    ``app.shutdown()`` never ran): their worker threads are cancelled and pygame is closed."""
    yield
    helpers = sys.modules.get("tests.ui_helpers")
    if helpers is not None:
        helpers.shutdown_apps()
    # The language is module state: a French test must not leave the next test in French
    # (it showed as '+1,3' for '+1.3' when one file's tests ran after another's).
    i18n = sys.modules.get("game.ui.i18n")
    if i18n is not None:
        i18n.set_language("en")


@pytest.fixture
def app() -> Iterator[Any]:
    """A headless app with the menu open (1024x640, English), shut down after the test
    whatever happens."""
    from tests.ui_helpers import make_app

    yield make_app((1024, 640))
