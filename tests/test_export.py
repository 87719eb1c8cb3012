"""PNG and CSV exports: written beside their destination, read back, failures said plainly;
never through a symbolic link."""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import export


def _picture() -> pygame.Surface:
    surface = pygame.Surface((64, 40))
    surface.fill((200, 30, 30))
    pygame.draw.circle(surface, (20, 20, 220), (30, 20), 12)
    return surface


def test_png_is_written_beside_its_destination_and_reads_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # No system temporary folder at all: the old export wrote its picture there first.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-such-temp"))
    path = export.write_png(tmp_path, "chart", _picture())
    assert path == tmp_path / "chart.png"
    assert pygame.image.load(str(path)).get_size() == (64, 40)
    assert sorted(os.listdir(tmp_path)) == ["chart.png"]


def test_a_png_that_does_not_read_back_is_reported_and_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A full disk: pygame writes a cut file and reports nothing.
    real_save = pygame.image.save

    def cut_save(surface: pygame.Surface, target: Any, *args: Any) -> None:
        buffer = io.BytesIO()
        real_save(surface, buffer, "x.png")
        data = buffer.getvalue()[:60]
        if isinstance(target, (str, os.PathLike)):
            Path(target).write_bytes(data)
        else:
            target.write(data)

    monkeypatch.setattr(pygame.image, "save", cut_save)
    with pytest.raises(export.ExportError, match="does not read back") as info:
        export.write_png(tmp_path, "chart", _picture())
    assert "chart.png" in str(info.value) and "removed" in str(info.value)
    assert os.listdir(tmp_path) == []


def test_a_failed_write_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(export.ExportError, match="No space left"):
        export.write_png(tmp_path, "chart", _picture())
    with pytest.raises(export.ExportError, match="No space left"):
        export.write_csv(tmp_path, "games", ["a"], [[1]])
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges")
def test_exports_never_write_through_a_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "chart.png").symlink_to(victim)
    (folder / "games.csv").symlink_to(tmp_path / "dangling")
    png = export.write_png(folder, "chart", _picture())
    csv = export.write_csv(folder, "games", ["a"], [[1]])
    assert png.name == "chart-2.png" and csv.name == "games-2.csv"
    assert victim.read_text() == "precious" and not (tmp_path / "dangling").exists()
