"""The data folder, atomic writes, unreadable files kept aside, and game options read from text."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest

from game.rules.base import OptionError
from game.rules.registry import game_names, get_game, parse_options
from game.userdata import (
    CHUNK,
    ENV_OVERRIDE,
    StrangeFileError,
    UnreadableFileError,
    atomic_write_json,
    atomic_write_text,
    clean_leftovers,
    cut_text,
    data_dir,
    keep_aside,
    read_bytes_limited,
    read_json,
)


def test_data_dir_follows_the_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "nested" / "data"
    monkeypatch.setenv(ENV_OVERRIDE, str(target))
    assert data_dir() == target
    assert target.is_dir()


def test_atomic_write_replaces_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    atomic_write_json(path, {"a": 1})
    atomic_write_json(path, {"b": "é"})
    assert read_json(path) == {"b": "é"}
    assert sorted(os.listdir(tmp_path)) == ["settings.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "learner.json"
    atomic_write_text(path, "old")
    with pytest.raises(TypeError):
        atomic_write_json(path, {"not serialisable": object()})
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(os.listdir(tmp_path)) == ["learner.json"]


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe\x00garbage", b"",
    # Valid JSON that json.loads still refuses: nested too deep, a number past int()'s limit.
    b"[" * 100_000 + b"]" * 100_000, b'{"games_trained": ' + b"7" * 5000 + b"}",
])
def test_unreadable_file_is_kept_aside_never_overwritten(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "learner.json"
    path.write_bytes(content)
    with pytest.raises(UnreadableFileError) as info:
        read_json(path)
    kept = info.value.kept_as
    assert kept is not None and kept.exists() and kept.read_bytes() == content
    assert not path.exists()
    assert kept.name in str(info.value)
    # A second corrupt file with the same name gets its own place aside.
    path.write_bytes(content)
    with pytest.raises(UnreadableFileError) as again:
        read_json(path)
    assert again.value.kept_as != kept and kept.exists()


def test_missing_file_raises_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "absent.json")


def test_every_game_is_registered_with_defaults() -> None:
    for name in game_names():
        info = get_game(name)
        state = info.initial_state()
        assert state.outcome is None and state.legal_moves()
        assert len(info.side_names) == 2
    assert get_game(" Othello ").name == "othello"


def test_unknown_game_names_the_choices() -> None:
    with pytest.raises(OptionError, match="hexapawn, nim, morpion, othello"):
        get_game("chess")


def test_options_from_text() -> None:
    nim = get_game("nim")
    opts = parse_options(nim, {"variant": "marienbad", "heaps": "2, 4,6", "misere": "yes"})
    assert opts.heaps == (2, 4, 6) and opts.misere is True
    assert parse_options(get_game("othello"), {"size": "6"}).size == 6


@pytest.mark.parametrize(
    ("game", "values", "fragment"),
    [
        ("othello", {"size": "5"}, "size"),
        ("othello", {"size": "big"}, "size"),
        ("othello", {"colour": "red"}, "unknown option 'colour'"),
        ("nim", {"misere": "maybe"}, "misere"),
        ("nim", {"heaps": "1,x"}, "heaps"),
        ("morpion", {"size": "9"}, "size"),
        ("hexapawn", {"rows": "2"}, "rows"),
    ],
)
def test_bad_options_name_the_culprit(game: str, values: dict[str, str], fragment: str) -> None:
    with pytest.raises(OptionError, match=fragment):
        parse_options(get_game(game), values)


def test_json_round_trip_of_read_json(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps([1, 2, 3]), encoding="utf-8")
    assert read_json(path) == [1, 2, 3]


# -- links, strange files, sizes, modes, leftovers (issue 10) -------------------------------------

needs_links = pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "symlink"),
                                 reason="symbolic links need privileges on Windows")


@needs_links
def test_atomic_write_replaces_a_link_never_writes_through_it(tmp_path: Path) -> None:
    victim = tmp_path / "elsewhere.txt"
    victim.write_text("precious")
    folder = tmp_path / "data"
    folder.mkdir()
    link = folder / "settings.json"
    link.symlink_to(victim)
    atomic_write_json(link, {"a": 1})
    assert victim.read_text() == "precious"
    assert not link.is_symlink() and read_json(link) == {"a": 1}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    with pytest.raises(UnreadableFileError, match="FIFO") as info:
        read_json(path)
    assert info.value.kept_as is not None and not path.exists()


@needs_links
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_link_to_dev_zero_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    with pytest.raises(UnreadableFileError, match="device"):
        read_json(path)
    assert Path("/dev/zero").exists()  # the link was moved aside, not its target


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with path.open("wb") as handle:  # sparse: 1 GB that takes no room
        handle.truncate(1_000_000_000)
    with pytest.raises(UnreadableFileError, match=r"1000\.0 MB, more than") as info:
        read_json(path)
    assert info.value.kept_as is not None and info.value.kept_as.stat().st_size == 1_000_000_000


def test_read_bytes_limited_reports_progress_and_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * (3 * CHUNK + 5))
    seen: list[tuple[int, int]] = []
    assert len(read_bytes_limited(path, 4 * CHUNK, progress=lambda d, t: seen.append((d, t)))) \
        == 3 * CHUNK + 5
    assert seen[-1] == (3 * CHUNK + 5, 3 * CHUNK + 5) and len(seen) == 4
    with pytest.raises(StrangeFileError, match="more than"):
        read_bytes_limited(path, CHUNK)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
def test_atomic_replace_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{}")
    os.chmod(path, 0o644)
    atomic_write_json(path, {"a": 1})
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    os.chmod(path, 0o640)
    atomic_write_json(path, {"a": 2})
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    fresh = tmp_path / "new.json"
    atomic_write_json(fresh, {})
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_leftover_temporary_files_are_cleaned_at_start(tmp_path: Path) -> None:
    learners = tmp_path / "learners"
    learners.mkdir()
    old = [tmp_path / ".settings.json.a1b2c3d4.tmp", learners / ".q.json.zz_99xyz.tmp"]
    young = tmp_path / ".settings.json.e5f6g7h8.tmp"
    kept = [tmp_path / "settings.json", tmp_path / "notes.tmp", learners / "q.json",
            tmp_path / ".hidden.tmp"]
    for path in [*old, young, *kept]:
        path.write_text("x")
    for path in old + kept:
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    assert sorted(clean_leftovers(tmp_path)) == sorted(p.name for p in old)
    assert not any(p.exists() for p in old)
    assert young.exists() and all(p.exists() for p in kept)


def test_keep_aside_can_keep_a_copy(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("mine")
    kept = keep_aside(path, "edited", copy=True)
    assert kept is not None and kept.name.startswith("settings.json.edited-")
    assert kept.read_text() == "mine" and path.read_text() == "mine"


def test_cut_text() -> None:
    assert cut_text("short") == "short"
    cut = cut_text("7" * 5000)
    assert len(cut) <= 60 and "5000 characters" in cut
