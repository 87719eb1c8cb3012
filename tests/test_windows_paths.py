"""The code paths that only run on Windows (and macOS), simulated here: the data folder under
%APPDATA%, the windowed build without a console writing its smoke test to the log, writes
without O_NOFOLLOW or fchmod, the DPI call, the executable's icons. The real builds run in the
release workflow (.github/workflows/release.yml) on each system."""

from __future__ import annotations

import logging
import os
import struct
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import logging_setup, userdata
from game.ui.app import declare_dpi_awareness, run_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """sys.platform says win32, %APPDATA% is a temporary folder, no override of the data
    folder; returns %APPDATA%."""
    appdata = tmp_path / "Roaming"
    monkeypatch.delenv(userdata.ENV_OVERRIDE, raising=False)
    monkeypatch.setenv("APPDATA", str(appdata))
    monkeypatch.setattr(sys, "platform", "win32")
    return appdata


def test_the_data_folder_is_under_appdata(windows: Path) -> None:
    assert userdata.data_dir() == windows / "AIGameLab"
    assert (windows / "AIGameLab").is_dir()


def test_without_appdata_the_roaming_folder_of_the_home(
        windows: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("APPDATA")
    monkeypatch.setattr(Path, "home", staticmethod(lambda: tmp_path / "home"))
    assert userdata.data_dir() == tmp_path / "home" / "AppData" / "Roaming" / "AIGameLab"


def test_macos_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(userdata.ENV_OVERRIDE, raising=False)
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(Path, "home", staticmethod(lambda: tmp_path))
    assert userdata.data_dir() == tmp_path / "Library" / "Application Support" / "AIGameLab"


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
def test_the_windowed_smoke_test_reports_in_the_log(data_dir: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # What the release workflow's Windows step reads: no console, so the smoke test's lines
    # and its verdict are in ai-game-lab.log.
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    path = logging_setup.setup_logging()
    assert path is not None
    assert run_app(["--smoke-test"]) == 0
    sys.stdout.flush()
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text("utf-8")
    assert "INFO aigamelab.stdout: smoke: passed" in text
    assert "no stdout or stderr: sent to this log" in text


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                    reason="needs symbolic links")
def test_without_o_nofollow_a_link_is_still_refused(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    # Windows has no O_NOFOLLOW: the log's opener checks for a link before opening instead.
    monkeypatch.setattr(userdata, "O_NOFOLLOW", 0)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    link = tmp_path / "ai-game-lab.log"
    link.symlink_to(victim)
    with pytest.raises(userdata.StrangeFileError, match="link"):
        userdata.open_for_append(link)
    os.close(userdata.open_for_append(tmp_path / "plain.log"))
    assert victim.read_text() == "precious"


def test_atomic_writes_without_fchmod(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delattr(os, "fchmod", raising=False)
    path = tmp_path / "settings.json"
    userdata.atomic_write_json(path, {"a": 1})
    userdata.atomic_write_json(path, {"a": 2})
    assert userdata.read_json(path) == {"a": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_the_dpi_call_is_made_on_windows_and_survives_its_absence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    calls: list[str] = []

    class Shcore:
        def SetProcessDpiAwareness(self, level: int) -> None:
            calls.append(f"shcore {level}")

    class Windll:
        shcore = Shcore()

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", Windll(), raising=False)
    declare_dpi_awareness()
    assert calls == ["shcore 2"]
    monkeypatch.setattr(ctypes, "windll", object(), raising=False)
    declare_dpi_awareness()  # an old Windows without either call: nothing raised


def _icns_elements(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    elements = []
    at = 8
    while at < len(data):
        kind, size = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        elements.append((kind, data[at + 8:at + size]))
        at += size
    assert at == len(data)
    return elements


def test_the_macos_icon_is_a_well_formed_icns() -> None:
    from tools.make_icon import ICNS_TYPES

    elements = dict(_icns_elements((ROOT / "assets" / "icon.icns").read_bytes()))
    assert set(elements) == {kind for kind, _size in ICNS_TYPES}
    for kind, size in ICNS_TYPES:
        png = elements[kind]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
        assert (width, height) == (size, size), kind


def test_the_spec_gives_each_system_its_icon() -> None:
    source = (ROOT / "build.spec").read_text("utf-8")
    assert 'icns = ASSETS / "icon.icns"' in source and 'ico = ASSETS / "icon.ico"' in source
    for name in ("icon.ico", "icon.icns", "icon.png"):
        assert (ROOT / "assets" / name).is_file()
    assert pygame.image.load(str(ROOT / "assets" / "icon.png")).get_size() == (256, 256)
