"""The folder browser lists the drives a USB stick appears as, where it opens: a teacher
exports to a stick by clicks, not by typing its path (QA13 30)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.ui.scenes.browse_list import MOUNT_ROOTS_ENV, drive_rows, drives, user_name
from tests.ui_helpers import click, frame


def mounted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stick mounted as a desktop mounts it, /media/USER/CLASSE-2, under ``tmp_path``;
    beside it a hidden folder and a file (not drives), and an empty /mnt. The stick's path."""
    media = tmp_path / "media"
    stick = media / (user_name() or "someone") / "CLASSE-2"
    stick.mkdir(parents=True)
    (media / "someone-else-stick").mkdir()
    (stick.parent / ".hidden").mkdir()
    (stick.parent / "notes.txt").write_text("not a drive", encoding="utf-8")
    (tmp_path / "mnt").mkdir()
    roots = [str(media / "{user}"), str(media), str(tmp_path / "mnt")]
    monkeypatch.setenv(MOUNT_ROOTS_ENV, os.pathsep.join(roots))
    return stick


def test_the_drives_are_the_mount_folders_subfolders(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Each mount folder's subfolders are drives, not its hidden folders or files, nor the
    user's own folder of /media (a folder of drives, listed through it); none are listed
    where no folder is named."""
    stick = mounted(tmp_path, monkeypatch)
    found = drives()
    assert found[0] == stick and tmp_path / "media" / "someone-else-stick" in found
    assert all(not path.name.startswith(".") and path.is_dir() for path in found)
    assert stick.parent not in found or not user_name()
    home = tmp_path / "documents"
    assert [row.path for row in drive_rows(home, home)] == found
    assert drive_rows(stick, home) == []  # a stick's own folders list as any folder's
    monkeypatch.setenv(MOUNT_ROOTS_ENV, "")
    assert drives() == []


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1920, 1080), "en")])
def test_the_tournament_exports_to_a_stick_by_clicks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
        language: str) -> None:
    """Regression (QA13 30, 1024x768 fr 200%): the Export dialog opened on the home folder
    and listed no way to a USB stick but typing its path. The stick is the list's first row
    there: a click opens it, "Export here" writes the three files on it."""
    from game.ui.i18n import tr
    from game.ui.scenes.dialogs import MessageDialog
    from tests.test_ui_tournament import _large_text_tournament, export_dialog, play_duel
    from tests.ui_helpers import click_widget

    stick = mounted(tmp_path, monkeypatch)
    app, scene = _large_text_tournament(size, language)
    play_duel(app, scene, "nim", 10)
    frame(app)
    dialog = export_dialog(app, scene)
    assert dialog.rows[0].path == stick and dialog.rows[0].is_folder
    assert str(stick) in dialog.rows[0].detail and tr("lab.browse.drive", path="")[:5] in \
        dialog.rows[0].detail
    rect, _row = dialog.row_rects[0]
    click(app, rect.center)
    assert dialog.folder == stick and dialog.path_field.value == str(stick)
    click_widget(app, dialog.open_button)  # "Export here"
    assert isinstance(app.top, MessageDialog)
    assert sorted(p.parent for p in scene.exported) == [stick] * 3
    app.shutdown()


def test_a_dialog_that_opens_lists_its_files_before_the_drives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S14 27 (1280x720 fr 200%): the lab's Load dialog showed a system drive as its
    first row, the learner saved a minute before only after a scroll. Where a file is opened
    the folder's files come first, the drives after; where a folder is chosen to write in
    (Save, Export) the drives stay first."""
    from game.ui.scenes.lab_load_dialog import LoadDialog, SaveDialog
    from tests.ui_helpers import make_app

    stick = mounted(tmp_path, monkeypatch)
    home = tmp_path / "learners"
    home.mkdir()
    saved = home / "elimination-nim-20-500g.json"
    saved.write_text("{}", encoding="utf-8")
    app = make_app((1280, 720), language="fr", text_scale=200)
    opening = LoadDialog(app, home, lambda _path: None)
    listed = [row.path for row in opening.rows]
    assert listed[0] == saved and stick in listed[1:]
    saving = SaveDialog(app, home, lambda _path: None)
    listed = [row.path for row in saving.rows]
    assert listed[-1] == saved and stick in listed[:-1]
    app.push(opening)
    frame(app)
    assert opening.row_rects and opening.row_rects[0][1].path == saved
    app.shutdown()


def test_the_load_dialog_shows_two_learners_where_one_left_room_under_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S14 27 (1280x720 fr 200%): the lab's Load dialog showed one saved learner at a time
    (its name on two lines at the body size) with room under it. The names shrink, never
    under the readable size, until two rows show."""
    from game.ui.scenes.lab_load_dialog import LoadDialog
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import make_app

    mounted(tmp_path, monkeypatch)
    home = tmp_path / "learners"
    home.mkdir()
    for stamp in ("215829", "220102"):
        (home / f"elimination-nim-20-allumettes-1-3-500g-20261124-{stamp}.json").write_text(
            "{}", encoding="utf-8")
    app = make_app((1280, 720), language="fr", text_scale=200)
    dialog = LoadDialog(app, home, lambda _path: None)
    app.push(dialog)
    frame(app)
    assert len(dialog.row_rects) >= 2, dialog.row_rects
    assert readable_px(app.size) <= dialog.name_px < app.metrics.body
    app.shutdown()
