"""Game records as text (game/record.py): every game reads back as it was played, and bad or
hostile files give a clear message that says where, never a crash."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from game import record
from game.record import HEADER, MAX_BYTES, MAX_MOVES, Record, RecordError, from_text, to_text
from game.rules.registry import GameSetup, all_games, get_game

#: Non-default options for each game, so the options are seen to travel too.
OPTIONS: dict[str, dict[str, Any]] = {
    "hexapawn": {"rows": 4, "cols": 4},
    "nim": {"variant": "marienbad", "heaps": (1, 3, 5), "misere": True},
    "morpion": {"size": 4},
    "othello": {"size": 6},
    "connect4": {"cols": 5, "rows": 4, "connect": 3},
}


def random_record(name: str, seed: int = 1, moves: int = 400) -> Record:
    """A random game of ``name`` with its test options, to the end or ``moves`` moves."""
    info = get_game(name)
    setup = GameSetup(info, info.options(**OPTIONS[name]))
    rng = random.Random(seed)
    state = setup.initial_state()
    played: list[Any] = []
    while state.outcome is None and len(played) < moves:
        move = rng.choice(list(state.legal_moves()))
        played.append(move)
        state = state.play(move)
    return Record(setup, ("human", "minimax:depth=2"), 1, tuple(played))


@pytest.mark.parametrize("name", [info.name for info in all_games()])
def test_every_game_reads_back_as_it_was_played(name: str) -> None:
    for seed in (1, 2):
        original = random_record(name, seed)
        again = from_text(to_text(original))
        assert again == original
        assert again.states()[-1] == original.states()[-1]
        assert again.states()[-1].outcome is not None


def test_saved_in_the_data_folder_atomically_and_loaded_back(data_dir: Path) -> None:
    original = random_record("othello")
    path = record.save(original, now=0)
    second = record.save(original, now=0)
    assert path.parent == data_dir / "games" and path != second, "never overwrites"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert record.load(path) == original
    assert set(record.saved_records()) == {path, second}
    assert path.read_text(encoding="utf-8").startswith(HEADER + "\ngame: othello\n")


def test_a_record_is_readable_text() -> None:
    text = to_text(random_record("nim", moves=2))
    assert "option heaps: 1,3,5" in text and "option misere: true" in text
    assert "seat 1: human" in text and "first: seat 2" in text
    assert text.count("\nmove: ") == 2


def _text(*lines: str) -> str:
    return "\n".join((HEADER, *lines)) + "\n"


@pytest.mark.parametrize(("text", "words"), [
    ("", "not an AI Game Lab game record"),
    ("{\"json\": true}", "not an AI Game Lab game record"),
    (_text("option size: 6"), "no 'game:' line"),
    (_text("game: chess"), "unknown game 'chess'"),
    (_text("game: othello", "option size: 7"), "size"),
    (_text("game: othello", "option colour: blue"), "unknown option 'colour'"),
    (_text("game: othello", "option size: many"), "whole number"),
    (_text("game: othello", "move: d3", "move: z9"), "line 4, move 2 'z9'"),
    (_text("game: othello", "move: a1"), "line 3, move 1 'a1'"),
    (_text("game: nim", "move: 4"), "move 1 '4'"),
    (_text("game: nim", "first: seat 3"), "'first' must be"),
    (_text("game: nim", "just words"), "line 3: expected 'name: value'"),
    (_text("game: nim", "colour: red"), "unknown entry 'colour'"),
    (_text("game: nim", "move: " + "9" * 5000), "move 1"),
    (_text("game: nim", *["move: 1"] * 30), "move 21"),
])
def test_bad_records_say_what_is_wrong_and_where(text: str, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        from_text(text)
    message = str(caught.value)
    assert words in message
    assert len(message) < 300, "a hostile file's content is never echoed in full"


def test_a_file_claiming_too_many_moves_is_refused_before_playing() -> None:
    text = _text("game: nim", *["move: 1"] * (MAX_MOVES + 1))
    with pytest.raises(RecordError, match="more than"):
        from_text(text)


def test_hostile_files_give_a_message_not_a_crash(tmp_path: Path) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage" * 10)
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"x" * (MAX_BYTES + 1))
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    missing = tmp_path / "missing.txt"
    cases = [binary, huge, folder, missing]
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.txt"
        os.mkfifo(fifo)
        cases.append(fifo)
    for path in cases:
        with pytest.raises(RecordError) as caught:
            record.load(path)
        assert path.name in str(caught.value)


def test_a_spec_cannot_add_a_line_to_the_file() -> None:
    original = Record(get_game("nim").setup(), ("human", "random\nmove: 9"), 0, ())
    assert "\nmove: 9" not in to_text(original)
    assert from_text(to_text(original)).moves == ()
