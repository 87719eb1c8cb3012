"""Why a learner or network file cannot be used, said in the user's language (QA S12 37).

A French lab said "broken-nim.json n'est pas un apprenti utilisable (the options are not a
table of values)": the reason was the command line's English, in developer words. The labs now
say a plain reason in the user's language; the message for the command line stays as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.learner_files import learners_folder
from ai.learners import FILE_FORMAT, FILE_REASONS, FILE_VERSION, LearnerFileError, make_learner
from ai.ntuple import NTupleFileError, NTuplePlayer
from game.ui import i18n
from game.ui.file_reasons import file_reason
from game.ui.scenes.lab_ntuple_files import load_from
from tests.lab_helpers import large_lab
from tests.test_ui_ntuple_lab import open_lab

HEADER = {"format": FILE_FORMAT, "version": FILE_VERSION, "kind": "elimination", "game": "nim"}
#: Words of the English messages a class must not see in a message box.
DEVELOPER_WORDS = ("options", "table", "games_trained", "format", "JSON", "version ")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_reason_reads_in_both_languages(lang: str) -> None:
    i18n.set_language(lang)
    try:
        said = [file_reason(reason) for reason in FILE_REASONS]
        assert all(not text.startswith("file.reason.") for text in said), said
        assert len(set(said)) == len(said)
        assert file_reason("something new") == file_reason("damaged")
        assert file_reason(FileNotFoundError("x")) == file_reason("missing")
        assert file_reason(PermissionError("x")) == file_reason("unreadable")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("data", "reason"), [
    ({"format": "other program"}, "not_ours"),
    ({**HEADER, "version": 99}, "version"),
    ({**HEADER, "game": "hexapawn", "options": {}}, "other_setup"),
    ({**HEADER, "games_trained": "many"}, "damaged"),
])
def test_each_learner_file_error_carries_its_reason(data: dict[str, object],
                                                    reason: str) -> None:
    learner = make_learner("elimination", "nim")
    data.setdefault("options", learner.to_json()["options"])
    with pytest.raises(LearnerFileError) as caught:
        learner.from_json(data)
    assert caught.value.reason == reason, caught.value


def test_a_network_of_another_program_or_size_says_which(tmp_path: Path) -> None:
    other = tmp_path / "other.npz"
    other.write_bytes(b"PK\x03\x04" + b"\x00" * 64)
    with pytest.raises(NTupleFileError) as caught:
        NTuplePlayer("ntuple", 0, 6).net.load(other)
    assert caught.value.reason == "damaged"
    small = tmp_path / "six.npz"
    NTuplePlayer("ntuple", 0, 6).save(small)
    with pytest.raises(NTupleFileError) as caught:
        NTuplePlayer("ntuple", 0, 8).net.load(small)
    assert caught.value.reason == "other_setup"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_header_only_learner_says_its_reason_in_the_users_language(
        data_dir: Path, lang: str) -> None:
    """QA's file: a learner file of the data folder that holds only its header."""
    _app, lab = large_lab((1024, 640), lang)
    folder = learners_folder()
    folder.mkdir(parents=True, exist_ok=True)
    broken = folder / "broken-nim.json"
    broken.write_text(json.dumps(HEADER))
    assert not lab.files.load_file(broken)
    message = lab.message
    assert message is not None and broken.name in message
    assert file_reason("damaged") in message, message
    assert not any(word in message for word in DEVELOPER_WORDS), message


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_file_that_is_no_network_is_refused_in_the_users_language(
        tmp_path: Path, lang: str) -> None:
    """The n-tuple lab's Load: a file that is no network says so in the user's words."""
    _app, scene = open_lab(language=lang)
    bad = tmp_path / "class-net.npz"
    bad.write_bytes(b"not a network")
    assert not load_from(scene, bad)
    assert scene.message is not None and file_reason("damaged") in scene.message
    assert "cannot be read as" not in scene.message, scene.message


@pytest.mark.parametrize(("header", "reason"), [
    ({"format": FILE_FORMAT, "version": 99, "player": "elimination"}, "version"),
    ({"kind": "elimination", "game": "nim"}, "damaged"),  # cut off before its options
    ({"kind": "matchbox", "game": "nim"}, "not_ours"),
])
def test_a_files_header_says_which_reason(header: dict[str, object], reason: str) -> None:
    """QA13 21: a file of a newer version said "unknown learner kind 'None'"; a truncated
    one "the options are not a table of values"."""
    from ai.learner_files import check_header

    with pytest.raises(LearnerFileError) as caught:
        check_header(header)
    assert caught.value.reason == reason, caught.value
