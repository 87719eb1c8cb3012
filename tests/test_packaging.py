"""Packaging: the resource helper (source and bundle), the smoke test, logging without std
streams, build.spec; the full PyInstaller build is the one slow test."""

from __future__ import annotations

import ast
import io
import logging
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.startup import first_frame_time
from game import logging_setup, resources
from game.rules.registry import game_names
from game.ui import smoke
from game.ui.app import run_app
from game.ui.settings import GameChoices, Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parent.parent
EXE_NAME = "ai-game-lab.exe" if sys.platform == "win32" else "ai-game-lab"


# -- the resource helper --------------------------------------------------------------------------


def test_assets_found_from_source() -> None:
    assert resources.base_dir() == ROOT
    assert resources.asset("fonts", "DejaVuSans.ttf").is_file()
    assert resources.asset("i18n", "ui.en.json").is_file()


def test_assets_found_in_a_faked_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "_MEI12345"
    shutil.copytree(ROOT / "assets", bundle / "assets")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert resources.base_dir() == bundle
    assert resources.asset("fonts", "DejaVuSans.ttf") == bundle / "assets/fonts/DejaVuSans.ttf"
    out = io.StringIO()
    smoke.check_assets(smoke.Report(lambda line: out.write(line + "\n")))
    assert str(bundle) in out.getvalue()


def test_smoke_check_fails_on_a_bundle_without_fonts(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "_MEI999"
    shutil.copytree(ROOT / "assets" / "i18n", bundle / "assets" / "i18n")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    with pytest.raises(smoke.SmokeFailure, match=r"DejaVuSans\.ttf"):
        smoke.check_assets(smoke.Report(lambda line: None))


# -- the smoke test, in-process and headless ------------------------------------------------------


def test_smoke_test_passes_says_what_it_did_and_keeps_the_settings(
        capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    before = Settings(language="fr", last_game="othello", ai_delay=1.5)
    before.choices("hexapawn").seats = ["human", "random"]
    before.choices("nim").options = {"variant": "marienbad"}
    assert save_settings(before) is None

    assert run_app(["--smoke-test"]) == 0

    out = capsys.readouterr().out
    assert "asset files found in the source tree" in out
    assert "menu shown with othello selected" in out
    assert "read back as PNG" in out
    for game in game_names():
        assert f"smoke: {game}: " in out
    assert out.count("moves through the worker") == len(game_names())
    assert "reloaded identical" in out
    assert "smoke: passed" in out
    # The learner's file went into the data folder and was removed afterwards.
    assert str(data_dir / "smoke-test") in out
    assert not (data_dir / "smoke-test").exists()
    # The user's settings are as they were (the menu may add default choices for a game).
    after, notice = load_settings("en")
    assert notice is None
    assert (after.language, after.last_game, after.ai_delay) == ("fr", "othello", 1.5)
    for game, choices in after.games.items():
        assert choices == before.games.get(game, GameChoices())


def test_smoke_test_failure_exits_1_with_the_error(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # A seat the menu cannot seat as an AI becomes a human seat: not an AI-vs-AI game.
    from game.ui.boards.nim import NimPresenter

    monkeypatch.setattr(NimPresenter, "smoke_seats", ("no-such-player", "random"))
    assert run_app(["--smoke-test"]) == 1
    err = capsys.readouterr().err
    assert "smoke test FAILED: SmokeFailure: nim: expected two AI seats" in err


def test_a_game_without_smoke_seats_is_played_by_the_default_pair(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.boards.othello import OthelloPresenter
    from game.ui.boards.presenter import GamePresenter

    monkeypatch.delattr(OthelloPresenter, "smoke_seats")
    assert run_app(["--smoke-test"]) == 0
    first, second = (spec.split(":")[0] for spec in GamePresenter.smoke_seats)
    assert re.search(rf"smoke: othello: {first}\S* vs {second}\S*, ", capsys.readouterr().out)


def test_smoke_test_says_what_happened_to_a_screenshot_cut_short(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # A full disk: pygame writes a cut PNG without complaint; reading it back used to say
    # only "Unsupported image format".
    real_save = pygame.image.save

    def cut_save(surface: pygame.Surface, target: object, *args: object) -> None:
        buffer = io.BytesIO()
        real_save(surface, buffer, "x.png")
        target.write(buffer.getvalue()[:50])  # type: ignore[attr-defined]

    monkeypatch.setattr(pygame.image, "save", cut_save)
    assert run_app(["--smoke-test"]) == 1
    err = capsys.readouterr().err
    assert "menu screenshot:" in err and "menu.png was written but it does not read back" in err
    assert "the disk may be full" in err


def test_first_frame_mode_prints_a_time_and_stops(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(smoke.FIRST_FRAME_ENV, "1")
    assert run_app(["--smoke-test"]) == 0
    out = capsys.readouterr().out
    assert first_frame_time(out) is not None
    assert "smoke: hexapawn" not in out


def test_first_frame_time_parsing() -> None:
    assert first_frame_time("pygame-ce 2.5\nfirst-frame 1700000000.250000\n") == 1700000000.25
    assert first_frame_time("2026 INFO aigamelab.stdout: first-frame 12.5") == 12.5
    assert first_frame_time("nothing here") is None
    assert first_frame_time("first-frame soon") is None


# -- logging without stdout/stderr ----------------------------------------------------------------


@pytest.fixture
def clean_logging(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Undo what setup_logging does to the process (handlers, hooks, streams)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    yield
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.captureWarnings(False)


@pytest.mark.usefixtures("clean_logging")
def test_windowed_build_without_std_streams_logs_to_the_data_folder(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    path = logging_setup.setup_logging()
    assert path == data_dir / logging_setup.LOG_NAME
    assert isinstance(sys.stdout, logging_setup.LogWriter)
    assert isinstance(sys.stderr, logging_setup.LogWriter)
    print("smoke: a line for the log")
    sys.stderr.write("a warning written straight to stderr\n")
    # A second call must not add a second handler (each line would be logged twice).
    assert logging_setup.setup_logging() == path
    logging.getLogger("aigamelab").info("after the second call")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text("utf-8")
    assert "no stdout or stderr: sent to this log" in text
    assert "INFO aigamelab.stdout: smoke: a line for the log" in text
    assert "WARNING aigamelab.stderr: a warning written straight to stderr" in text
    assert text.count("after the second call") == 1


@pytest.mark.usefixtures("clean_logging")
def test_uncaught_exception_is_logged(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = logging_setup.setup_logging()
    assert path is not None
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # Python's own report goes here
    try:
        raise LookupError("the board view is missing")
    except LookupError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text("utf-8")
    assert "CRITICAL aigamelab: uncaught exception" in text
    assert "LookupError: the board view is missing" in text


@pytest.mark.usefixtures("clean_logging")
def test_unwritable_data_folder_still_runs(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("AIGAMELAB_DATA_DIR", str(blocker / "data"))
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert logging_setup.setup_logging() is None
    logging.getLogger("aigamelab").warning("still works")
    assert "still works" in sys.stderr.getvalue()  # type: ignore[union-attr]


def test_log_writer_logs_whole_lines_and_flushes_the_rest(
        caplog: pytest.LogCaptureFixture) -> None:
    writer = logging_setup.LogWriter(logging.getLogger("aigamelab.test"), logging.INFO)
    with caplog.at_level(logging.INFO, logger="aigamelab.test"):
        writer.write("one ")
        writer.write("line\ntwo")
        assert [r.getMessage() for r in caplog.records] == ["one line"]
        writer.flush()
    assert [r.getMessage() for r in caplog.records] == ["one line", "two"]


# -- build.spec -----------------------------------------------------------------------------------


def spec_calls() -> dict[str, dict[str, ast.expr]]:
    """The keyword arguments of the Analysis and EXE calls of build.spec."""
    tree = ast.parse((ROOT / "build.spec").read_text("utf-8"))
    calls: dict[str, dict[str, ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls[node.func.id] = {k.arg: k.value for k in node.keywords if k.arg}
    return calls


def test_spec_is_one_file_windowed_without_tkinter_or_tests() -> None:
    calls = spec_calls()
    exe = calls["EXE"]
    assert isinstance(exe["console"], ast.Constant) and exe["console"].value is False
    # One file: the binaries and datas go into the EXE itself (no COLLECT step).
    assert "COLLECT" not in calls
    source = (ROOT / "build.spec").read_text("utf-8")
    for name in ('"tkinter"', '"tests"', '"pytest"', '"hypothesis"'):
        assert name in source
    assert 'NAME = "ai-game-lab"' in source


# -- the real build (slow) ------------------------------------------------------------------------


@pytest.mark.slow
def test_pyinstaller_build_runs_the_smoke_test(tmp_path: Path) -> None:
    pyinstaller = Path(sys.executable).with_name(
        "pyinstaller.exe" if sys.platform == "win32" else "pyinstaller")
    if not pyinstaller.exists():
        pytest.fail(f"{pyinstaller} is missing: install requirements-dev.txt")
    dist, work = tmp_path / "dist", tmp_path / "build"
    subprocess.run([str(pyinstaller), "--noconfirm", "--distpath", str(dist), "--workpath",
                    str(work), str(ROOT / "build.spec")], cwd=tmp_path, check=True,
                   capture_output=True, timeout=900)
    exe = dist / EXE_NAME
    assert exe.is_file()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               AIGAMELAB_DATA_DIR=str(tmp_path / "data"))
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    done = subprocess.run([str(exe), "--smoke-test"], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "found in the bundle" in done.stdout
    assert "smoke: passed" in done.stdout
    assert (tmp_path / "data" / logging_setup.LOG_NAME).is_file()
    # Nothing was written next to the executable, nor in the folder it was started from.
    assert sorted(p.name for p in dist.iterdir()) == [EXE_NAME]
    assert not list(elsewhere.iterdir())

    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(exe))
    names = list(archive.toc)
    assert "assets/fonts/DejaVuSans.ttf" in names
    assert "assets/i18n/ui.fr.json" in names
    modules = list(archive.open_embedded_archive("PYZ.pyz").toc)
    for unwanted in ("tkinter", "tests", "pytest", "hypothesis"):
        assert not [m for m in modules if m == unwanted or m.startswith(unwanted + ".")]


class _FullDisk(io.StringIO):
    """A log stream on a full disk: every write fails as the system would."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")


def _full_disk_open(file: object, *args: object, **kwargs: object) -> _FullDisk:
    """Stands in for logging's ``open``: the log file opens but nothing can be written."""
    if isinstance(file, int):
        os.close(file)
    return _FullDisk()


@pytest.mark.usefixtures("clean_logging")
def test_windowed_build_with_a_full_disk_opens_without_a_log(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Regression: the file handler reported its failure on sys.stderr, which in a windowed
    # build is the log writer, which wrote to the failing handler... until RecursionError.
    monkeypatch.setattr(logging, "open", _full_disk_open, raising=False)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert logging_setup.setup_logging() is None
    print("a line for a log that cannot be written")
    sys.stderr.write("and a warning\n")
    logging.getLogger("aigamelab").error("still running")
    try:
        raise LookupError("an uncaught error")
    except LookupError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    assert not any(isinstance(h, logging_setup.SafeFileHandler)
                   for h in logging.getLogger().handlers)


@pytest.mark.usefixtures("clean_logging")
def test_log_failing_later_switches_the_file_off(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert logging_setup.setup_logging() is not None
    handler = next(h for h in logging.getLogger().handlers
                   if isinstance(h, logging_setup.SafeFileHandler))
    handler.stream = _FullDisk()  # the disk fills up while the app runs
    print("a line when the disk is full")
    logging.getLogger("aigamelab").warning("and another")
    assert handler.broken is not None and "No space left" in handler.broken


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                    reason="symbolic links need privileges on Windows")
@pytest.mark.usefixtures("clean_logging")
def test_log_never_writes_through_a_link(data_dir: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    victim = tmp_path / "someone-elses-file.txt"
    victim.write_text("precious\n")
    (data_dir / logging_setup.LOG_NAME).symlink_to(victim)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert logging_setup.setup_logging() is None
    logging.getLogger("aigamelab").warning("where does this go?")
    assert victim.read_text() == "precious\n"
    assert "link" in sys.stderr.getvalue()  # type: ignore[union-attr]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.usefixtures("clean_logging")
def test_log_that_is_a_fifo_is_not_opened(data_dir: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    os.mkfifo(data_dir / logging_setup.LOG_NAME)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert logging_setup.setup_logging() is None
    assert "FIFO" in sys.stderr.getvalue()  # type: ignore[union-attr]
