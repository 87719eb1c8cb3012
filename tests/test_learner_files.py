"""Learner files (ai/learner_files.py): the Load list reads headers only, strange files are left
out, big files load on a background thread behind a progress box, sizes are bounded."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from ai import learner_files
from ai.learner_files import LoadJob, list_files, parse_header, read_header
from ai.learners import make_learner
from game.rules.registry import get_game
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.loading import LoadingPopup
from tests.lab_helpers import open_from_menu
from tests.ui_helpers import frame, run_until


def _learner_json(games: int = 7, boxes: int = 3) -> dict[str, Any]:
    learner = make_learner("qlearning", "nim", get_game("nim").options(), seed=1)
    data = learner.to_json()
    data["games_trained"] = games
    # Boxes the table may hold: any position text with numbers per move.
    data["table"] = {f"({i},{i})": {"1": 0.5, "2": -0.25} for i in range(boxes)}
    return data


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_decoding_box_by_box_gives_what_json_gives() -> None:
    data = _learner_json(games=4, boxes=1200)
    text = json.dumps(data, indent=2)
    seen: list[float] = []
    assert learner_files.decode_learner(text, seen.append) == json.loads(text)
    assert len(seen) == 3 and seen == sorted(seen) and 0 < seen[-1] < 1
    assert learner_files.decode_learner(json.dumps(data)) == data
    for bad in ('{"table": {"a": 1,}}', '{"a": 1} x', '{"a" 1}', '{"table": {1: 2}}'):
        with pytest.raises(ValueError):
            learner_files.decode_learner(bad)
    assert learner_files.decode_learner("[1, 2]") == [1, 2]


def test_header_stops_at_the_table() -> None:
    text = json.dumps(_learner_json(games=12), indent=2).encode()
    header = parse_header(text[: text.index(b'"table"') + 20])
    assert header is not None
    assert header["game"] == "nim" and header["kind"] == "qlearning"
    assert header["games_trained"] == 12 and "table" not in header
    assert parse_header(b"[1, 2]") is None and parse_header(b"\xff\xfe") is None
    assert parse_header(b'{"game": "nim", "games_trained": ' + b"7" * 5000) == {"game": "nim"}


def test_the_load_list_reads_headers_not_whole_files(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = learner_files.learners_folder()
    data = _learner_json(games=31)
    big = _write(folder / "big.json", data)
    # A table of several megabytes, damaged past the header: the list never reads that far.
    with big.open("r+b") as handle:
        handle.seek(0, os.SEEK_END)
        handle.write(b" " * 3_000_000 + b"not json")
    reads: list[int] = []
    real = learner_files.read_head

    def counting(path: Path, size: int) -> bytes:
        reads.append(size)
        return real(path, size)

    monkeypatch.setattr(learner_files, "read_head", counting)
    entries = list_files()
    assert [e.path.name for e in entries] == ["big.json"]
    assert entries[0].readable and entries[0].header["games_trained"] == 31
    assert reads == [learner_files.HEADER_BYTES]
    _app, lab = open_from_menu((1024, 640), "menu.lab", LearningLabScene)
    (path, _name, desc), = lab.files.saved_files()
    assert path == big and "31" in desc


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_folder_named_json_is_left_out_of_the_list() -> None:
    folder = learner_files.learners_folder()
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.json")
    (folder / "dir.json").mkdir()
    _write(folder / "real.json", _learner_json())
    assert [e.path.name for e in list_files()] == ["real.json"]
    assert read_header(folder / "pipe.json") == {}


def test_load_job_reads_checks_and_reports_progress() -> None:
    path = _write(learner_files.learners_folder() / "q.json", _learner_json(games=9, boxes=50))
    learner = make_learner("qlearning", "nim", get_game("nim").options())
    job = LoadJob(path, learner)
    assert job.start().wait(30) and job.outcome is not None and job.outcome.problem is None
    assert job.fraction == 1.0 and learner.games_trained == 9 and learner.positions_known() == 50


def test_a_file_over_the_size_limit_is_refused_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(learner_files.learners_folder() / "q.json", _learner_json(boxes=200))
    monkeypatch.setattr(learner_files, "MAX_FILE_BYTES", 1000)
    learner = make_learner("qlearning", "nim", get_game("nim").options())
    outcome = LoadJob(path, learner).run()
    assert outcome.problem == "unreadable" and "more than the 1000 bytes" in outcome.detail
    assert outcome.kept_as is not None and outcome.kept_as.exists() and learner.games_trained == 0


def test_a_cancelled_load_leaves_the_file_alone() -> None:
    path = _write(learner_files.learners_folder() / "q.json", _learner_json())
    job = LoadJob(path, make_learner("qlearning", "nim", get_game("nim").options()))
    job.cancel()
    assert job.run().problem == "cancelled" and path.exists()


def test_a_big_learner_loads_behind_a_progress_box(monkeypatch: pytest.MonkeyPatch) -> None:
    # Regression: a 20 MB learner froze the screen for 6 s while it was read and checked.
    monkeypatch.setattr(learner_files, "BACKGROUND_BYTES", 10_000)
    path = _write(learner_files.learners_folder() / "big.json",
                  _learner_json(games=77, boxes=2000))
    app, lab = open_from_menu((1024, 640), "menu.lab", LearningLabScene)
    assert lab.files.load_file(path)
    assert isinstance(app.top, LoadingPopup)  # returned at once; the frames go on
    frame(app)
    assert run_until(app, lambda: app.top is lab, 30)
    assert lab.game == "nim" and lab.session.kind == "qlearning"
    assert lab.learner.games_trained == 77 and lab.learner.positions_known() == 2000
    assert app.toast and "big.json" in app.toast


def test_cancelling_a_big_load_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learner_files, "BACKGROUND_BYTES", 10)
    path = _write(learner_files.learners_folder() / "big.json", _learner_json(games=5))
    app, lab = open_from_menu((1024, 640), "menu.lab", LearningLabScene)
    real_run = LoadJob.run

    def slow_start(job: LoadJob) -> LoadJob:
        job.cancel()  # Cancel pressed before the thread read anything
        real_run(job)
        return job

    monkeypatch.setattr(LoadJob, "start", slow_start)
    assert lab.files.load_file(path)
    assert run_until(app, lambda: isinstance(app.top, MessageDialog), 10)
    assert lab.message and "big.json" in lab.message and lab.learner.games_trained == 0
    assert path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_user_named_files_that_are_fifos_are_refused_without_blocking(tmp_path: Path) -> None:
    # load=FILE and train --out: a FIFO used to block the command forever.
    from ai.learners import LearnerFileError
    from ai.train import _is_our_file

    fifo = tmp_path / "q.json"
    os.mkfifo(fifo)
    assert not _is_our_file(fifo)
    learner = make_learner("qlearning", "nim", get_game("nim").options())
    with pytest.raises(LearnerFileError):
        learner.load_file(fifo)


def test_a_saved_learners_name_has_one_dash_between_its_words(tmp_path: Path) -> None:
    """QA14 23: "20 allumettes, 1–3" made "elimination-nim-20-allumettes--1-3-…json"."""
    path = learner_files.new_file_path("elimination-nim-20 allumettes, 1–3-500g", tmp_path)
    assert path.name == "elimination-nim-20-allumettes-1-3-500g.json"
    assert learner_files.new_file_path("–, ", tmp_path).name == "learner.json"
