"""The data folder, atomic writes, unreadable files kept aside, and game options read from text."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.rules.base import OptionError
from game.rules.registry import game_names, get_game, parse_options
from game.userdata import (
    ENV_OVERRIDE,
    UnreadableFileError,
    atomic_write_json,
    atomic_write_text,
    data_dir,
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
