"""The learning lab's files, as issue 12 #8 asked: usage counts kept by Save and Load (and old
files still read), the Load dialog's Cancel and folder browser (a file on a USB stick), clear
errors for bad files from elsewhere (left untouched), and the Nim elimination box whose every
move is crossed out explained in words."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pygame
import pytest

from ai.base import Limits
from ai.learner_files import learners_folder
from ai.learners import LearnerFileError, make_learner
from ai.registry import make_player
from ai.training import WIN
from game.rules.registry import get_game
from game.ui.file_reasons import file_reason
from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.lab_load_dialog import LoadDialog
from game.ui.scenes.learning_lab import LearningLabScene
from tests.lab_helpers import box_key_text, open_from_menu, screenshot
from tests.ui_helpers import click, click_widget, frame, key


def open_lab(size: tuple[int, int] = (1280, 800), language: str = "en"
             ) -> tuple[object, LearningLabScene]:
    app, lab = open_from_menu(size, "menu.lab", LearningLabScene)
    if language != "en":
        app.settings.language = language
        app.apply_settings()
    return app, lab


def trained_file(folder: Path, games: int = 40, name: str = "stick.json") -> Path:
    """A Nim elimination learner trained against Random, saved in ``folder``."""
    info = get_game("nim")
    learner = make_learner("elimination", "nim", info.options(), seed=3)
    from ai.arena import run_match

    run_match(learner, make_player("random", "nim", None, 2), info.initial_state(), games)
    folder.mkdir(parents=True, exist_ok=True)
    return learner.save(folder / name)


def type_text(app: object, text: str) -> None:
    frame(app, [pygame.event.Event(pygame.TEXTINPUT, text=text)])  # type: ignore[arg-type]


def test_cancel_and_escape_close_the_load_dialog_loading_nothing() -> None:
    app, lab = open_lab()
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    assert dialog.error == tr("lab.no_files", folder=str(learners_folder()))
    frame(app)
    click_widget(app, dialog.cancel_button)
    assert app.top is lab and lab.learner.games_trained == 0
    click_widget(app, lab.load_button)
    key(app, pygame.K_ESCAPE)
    assert app.top is lab


def test_a_file_from_another_folder_is_browsed_to_and_loaded(tmp_path: Path) -> None:
    stick = tmp_path / "USB" / "class 2"
    path = trained_file(stick, 40)
    (stick / "notes").mkdir()
    app, lab = open_lab((1024, 768))
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    # Type the stick's parent folder in the path field: it is listed, with its subfolder.
    click_widget(app, dialog.path_field)
    dialog.path_field.value = ""
    type_text(app, str(tmp_path / "USB"))
    key(app, pygame.K_RETURN)
    assert dialog.folder == tmp_path / "USB"
    assert [r.path for r in dialog.rows] == [stick]
    dialog._layout()
    click(app, dialog.row_rects[0][0].center)  # into "class 2"
    assert dialog.folder == stick
    assert [r.path.name for r in dialog.rows] == ["notes", "stick.json"]
    assert "40" in dialog.rows[1].detail
    screenshot(app, "lab-load-dialog-1024x768")
    click_widget(app, dialog.up_button)
    assert dialog.folder == tmp_path / "USB"
    dialog.go(str(path))  # a file typed in full opens at once
    assert app.top is lab
    assert lab.learner.games_trained == 40 and lab.knowledge.boxes
    assert path.exists()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_open_opens_a_folders_only_file(tmp_path: Path, language: str) -> None:
    """QA19 16 (1280x720 en 200%, one saved learner): its row looked chosen (framed under the
    pointer) and Open said "First choose a file". A folder of one file opens with it chosen;
    Open loads it. With two files, none is chosen for the class."""
    trained_file(tmp_path / "one", 40)
    app, lab = open_lab((1280, 720), language)
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    dialog.go(str(tmp_path / "one"))
    assert dialog.selected == tmp_path / "one" / "stick.json"
    frame(app)  # type: ignore[arg-type]
    click_widget(app, dialog.open_button)
    assert app.top is lab and lab.learner.games_trained == 40, dialog.error
    trained_file(tmp_path / "two", 40)
    trained_file(tmp_path / "two", 20, "other.json")
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    dialog.go(str(tmp_path / "two"))
    assert dialog.selected is None
    click_widget(app, dialog.open_button)
    assert app.top is dialog and dialog.error == tr("lab.browse.choose_file")


def test_a_missing_path_says_so_in_the_dialog(tmp_path: Path) -> None:
    app, lab = open_lab()
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    dialog.go(str(tmp_path / "nowhere"))
    assert app.top is dialog and "nowhere" in dialog.error
    frame(app)


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b'{"format": "x", "game": "nim"}',
                                     b"[" * 50_000])
def test_a_bad_file_from_elsewhere_is_refused_and_left_as_it_is(tmp_path: Path,
                                                                  content: bytes) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    app, lab = open_lab()
    assert not lab.files.load_file(bad)
    assert isinstance(app.top, MessageDialog) and "bad.json" in app.top.message
    assert bad.read_bytes() == content  # the user's file: never moved nor changed
    assert list(tmp_path.iterdir()) == [bad]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_folder_named_json_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    app, lab = open_lab()
    assert not lab.files.load_file(fifo)
    assert isinstance(app.top, MessageDialog) and "pipe.json" in app.top.message
    assert fifo.exists()


def test_usage_counts_survive_save_and_load_and_old_files_still_load(tmp_path: Path) -> None:
    app, lab = open_lab()
    lab.games = 100
    lab._set_speed("instant")
    click_widget(app, lab.train_button)
    assert lab.runner is not None and lab.runner.join(60)
    frame(app)
    path = lab.files.save()
    assert path is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2 and data["usage"]["20"] == 100
    # A version-1 file (no usage) still loads; its boxes say "used 0×".
    data.pop("usage")
    data["version"] = 1
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    assert lab.files.load_file(old)
    assert lab.learner.games_trained == 100
    assert lab.knowledge.boxes and all(b.used == 0 for b in lab.knowledge.boxes)
    # Hostile usage counts are refused with a clear error, and the file is left alone.
    for usage in ({"20": -3}, {"20": "many"}, ["20"], {"20": True}):
        data["version"], data["usage"] = 2, usage
        old.write_text(json.dumps(data), encoding="utf-8")
        app.pop(app.top) if isinstance(app.top, MessageDialog) else None
        assert not lab.files.load_file(old)
        # (in the user's words: the reason's developer text "usage" is the command line's)
        assert isinstance(app.top, MessageDialog) and file_reason("damaged") in app.top.message
        assert old.exists()


def test_usage_table_checks() -> None:
    from ai.learner_files import read_usage

    assert read_usage({"usage": {"20": 4}}) == {"20": 4}
    assert read_usage({}) == {}
    with pytest.raises(LearnerFileError):
        read_usage({"usage": {"20": 1.5}})


def test_nim_start_box_all_crossed_out_is_explained_and_plays_at_random(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """From 20 matches (a multiple of 4) every take loses against perfect play: trained
    against Perfect, the learner crosses out all three (seed 002's table does the same) and
    then takes at random there, as the seed's player does; against Random it still wins most
    games, since Random errs. The screen says so in words."""
    app, lab = open_lab((1280, 720))
    lab.games = 50
    lab._set_speed("instant")
    lab._set_opponent("perfect")
    click_widget(app, lab.train_button)
    assert lab.runner is not None and lab.runner.join(60)
    frame(app)
    start = lab.session.info.initial_state(lab.options)
    assert lab.learner.table_view(start) == {m: 0.0 for m in start.legal_moves()}
    decision = lab.learner.decide(start, Limits())
    assert decision.info.get("all_eliminated")
    box = next(b for b in lab.knowledge.boxes if b.key == 20)
    assert box.all_lost("allowed")
    lab.tabs.choose("boxes")
    screenshot(app, "lab-nim-all-lost-1280x720")
    # The key under the boxes says why every move is crossed out (box 20 is on the page).
    assert tr("lab.key.lost") in box_key_text(app, lab, monkeypatch)[0]
    from game.ui import text as text_module

    drawn: list[str] = []
    real = text_module.blit_wrapped

    def spy(surface: object, message: str, *args: object, **kwargs: object) -> int:
        drawn.append(message)
        return real(surface, message, *args, **kwargs)  # type: ignore[arg-type]

    # The table view says it too, under the seed's table of 0s and 1s.
    lab.tabs.choose("table")
    drawn.clear()
    text_module.blit_wrapped = spy  # type: ignore[assignment]
    try:
        frame(app)
    finally:
        text_module.blit_wrapped = real  # type: ignore[assignment]
    # (the long note where it fits at the readable size, else the short one: at 1280x720
    # the long one fitted only under it, files target 6)
    assert any(tr("lab.all_lost_note") in line or tr("lab.all_lost_short") in line
               for line in drawn)
    screenshot(app, "lab-nim-all-lost-table-1280x720")
    # Then against Random: the crossed-out start box stays, and the learner still wins most.
    lab._set_opponent("random")
    lab.games = 200
    click_widget(app, lab.train_button)
    assert lab.runner is not None and lab.runner.join(60)
    frame(app)
    assert lab.runner.results.count(WIN) > 150
    assert lab.learner.table_view(start) == {m: 0.0 for m in start.legal_moves()}


def _trained_lab(size: tuple[int, int] = (1024, 768), language: str = "en"
                 ) -> tuple[object, LearningLabScene]:
    app, lab = open_lab(size, language)
    lab.games = 30
    lab._set_speed("instant")
    click_widget(app, lab.train_button)
    assert lab.runner is not None and lab.runner.join(60)
    frame(app)
    return app, lab


@pytest.mark.parametrize("language", ["en", "fr"])
def test_save_chooses_its_folder_like_a_usb_stick(tmp_path: Path, language: str) -> None:
    """Regression: Save wrote only to the data folder (Load could open from anywhere): it now
    opens the same folder browser, on the data folder, and saves in the folder chosen."""
    from game.ui.scenes.lab_load_dialog import SaveDialog

    stick = tmp_path / "USB"
    (stick / "class 2").mkdir(parents=True)
    app, lab = _trained_lab(language=language)
    click_widget(app, lab.save_button)
    dialog = app.top
    assert isinstance(dialog, SaveDialog) and dialog.folder == learners_folder()
    frame(app)
    screenshot(app, f"lab-save-dialog-{language}")
    click_widget(app, dialog.cancel_button)  # Cancel writes nothing
    assert app.top is lab and not any(stick.rglob("*.json"))
    click_widget(app, lab.save_button)
    dialog = app.top
    assert isinstance(dialog, SaveDialog)
    click_widget(app, dialog.path_field)
    dialog.path_field.value = ""
    type_text(app, str(stick))
    key(app, pygame.K_RETURN)
    assert dialog.folder == stick
    frame(app)
    row = next(rect for rect, r in dialog.row_rects if r.path == stick / "class 2")
    click(app, row.center)
    assert dialog.folder == stick / "class 2"
    click_widget(app, dialog.open_button)  # "Save here"
    (saved,) = (stick / "class 2").glob("*.json")
    assert not list((stick / "class 2").glob(".*"))  # no temporary file left
    assert isinstance(app.top, MessageDialog) and str(stick / "class 2") in app.top.message
    app.pop(app.top)
    lab.reset()
    assert lab.files.load_file(saved) and lab.learner.games_trained == 30


@pytest.mark.parametrize(("number", "key_name"), [(errno.ENOSPC, "lab.save_full"),
                                                 (errno.EROFS, "lab.save_read_only")])
def test_a_full_disk_or_a_read_only_folder_is_said_and_nothing_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, number: int, key_name: str) -> None:
    from tests.lab_helpers import failing_writes

    app, lab = _trained_lab()
    with failing_writes(monkeypatch, number):
        assert lab.files.save(tmp_path) is None
    assert isinstance(app.top, MessageDialog)
    assert lab.message == tr(key_name, folder=str(tmp_path), error=os.strerror(number))
    assert list(tmp_path.iterdir()) == []  # no half-written file, no temporary file
    assert lab.learner.games_trained == 30  # nothing lost: saved once the disk has room
    app.pop(app.top)
    assert lab.files.save(tmp_path) is not None and len(list(tmp_path.iterdir())) == 1


def test_the_save_dialog_wants_a_folder(tmp_path: Path) -> None:
    from game.ui.scenes.lab_load_dialog import SaveDialog

    trained_file(tmp_path, 10, "old.json")
    app, lab = _trained_lab()
    lab.files.save_clicked()
    dialog = app.top
    assert isinstance(dialog, SaveDialog)
    dialog.go(str(tmp_path))
    frame(app)
    (row,) = [rect for rect, r in dialog.row_rects if not r.is_folder]
    click(app, row.center)  # a file: nothing is saved, a folder is asked for
    assert app.top is dialog and dialog.error == tr("lab.browse.pick_folder")
    dialog.path_field.value = str(tmp_path / "nowhere")
    click_widget(app, dialog.open_button)
    assert app.top is dialog and dialog.error == tr("lab.browse.no_folder",
                                                    path=str(tmp_path / "nowhere"))
    assert [p.name for p in tmp_path.iterdir()] == ["old.json"]


def test_a_path_typed_after_a_click_replaces_the_old_one(tmp_path: Path) -> None:
    """Regression: in a real window, clicking the path box and typing a USB stick's path gave
    "/data/learners/media/USB" (the text went after the old path); a click selects the whole
    path, as an address bar does, so typing replaces it; Ctrl+A selects it again."""
    app, lab = open_lab((1024, 768))
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    click_widget(app, dialog.path_field)
    assert dialog.path_field.selected
    frame(app)
    screenshot(app, "lab-load-path-selected")
    # As a keyboard does: the key of the first character comes before its text.
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="/",
                                   scancode=0)])
    type_text(app, str(tmp_path))
    assert dialog.path_field.value == str(tmp_path)
    type_text(app, "/x")  # typing goes on after the replacement
    assert dialog.path_field.value == str(tmp_path / "x")
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL,
                                   unicode="", scancode=0)])
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                   unicode="", scancode=0)])
    assert dialog.path_field.value == ""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_browsers_scroll_hint_never_runs_into_its_title(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """Regression, seen in a real window at 1920x1080 at 200%: "3 of 248 · scroll for more"
    was drawn over the title "Export the view as a picture"; where it does not fit beside
    the title it goes left of the buttons (shorter if need be)."""
    from game.ui.scenes.lab_load_dialog import ExportDialog
    from tests.test_text_overlap import Watcher
    from tests.text_watch import watch_texts
    from tests.ui_helpers import make_app

    for i in range(30):
        (tmp_path / f"lab-{i:02d}.png").write_bytes(b"")
    with watch_texts():
        app = make_app(size, language=language, text_scale=200)
        dialog = ExportDialog(app, tmp_path, lambda _folder: None)
        app.push(dialog)
        watcher = Watcher(app)
        watcher.look("export dialog")
        assert len(dialog.row_rects) < 30  # the hint is shown
        watcher.check()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_every_browsers_buttons_stay_inside_it_at_the_largest_text(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """Regression, seen in a real window at 1024x768 at 200% in French: the n-tuple lab's
    Save dialog drew "Réseaux enregistrés" outside its box, left of its border."""
    from game.ui import text
    from game.ui.scenes import lab_load_dialog as dialogs
    from tests.ui_helpers import make_app

    app = make_app(size, language=language, text_scale=200)
    for kind in (dialogs.LoadDialog, dialogs.SaveDialog, dialogs.ExportDialog,
                 dialogs.NetworkLoadDialog, dialogs.NetworkSaveDialog):
        dialog = kind(app, tmp_path, lambda _path: None)
        app.push(dialog)
        frame(app)
        for button in (dialog.home_button, dialog.open_button, dialog.cancel_button):
            assert dialog.box.contains(button.rect), (kind.__name__, button.label())
            assert text.size(button.label(), button.px, True)[0] <= button.rect.width
        app.pop(dialog)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_two_saves_of_a_day_read_different_in_the_load_dialog(
        tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (audit, 1024x768 at 200% in French): a long file name was cut at its end,
    "elimination-nim-20-allumettes--1-3-500g-20261124…", so two saves of one day looked the
    same; it is now shown whole, on two lines, each line inside its row."""
    from game.ui import text
    from game.ui.scenes.lab_load_dialog import LoadDialog as Dialog
    from tests.ui_helpers import make_app, texts_drawn_by

    names = [f"elimination-nim-20-allumettes--1-3-500g-20261124-{t}.json"
             for t in ("041233", "043010")]
    for name in names:
        (tmp_path / name).write_text("{}")
    app = make_app((1024, 768), language=language, text_scale=200)
    dialog = Dialog(app, tmp_path, lambda _path: None)
    app.push(dialog)
    frame(app)
    drawn = texts_drawn_by(lambda: dialog.draw(app.screen), monkeypatch)
    shown = []
    for rect, _row in dialog.row_rects:
        lines = [(line, px, at) for line, px, at in drawn
                 if rect.contains(at) and px == app.metrics.body]
        shown.append("".join(line for line, _px, _at in lines))
        for line, px, at in lines:
            assert at.right <= rect.right and text.size(line, px, True)[0] <= rect.width, line
    assert sorted(shown) == sorted(names), shown


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_load_dialog_shows_its_path_and_says_where_files_go_at_the_largest_text(
        size: tuple[int, int], language: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window at 1024x768 with 200% text (French): beside its label
    ("Dossier ou fichier") the path field was 60 pixels wide and showed "…", and an empty
    folder's note was cut, "Les fichiers sont rangés dans…", without the folder it names.
    The label goes above the field where beside it the field would keep under half its
    width, and an empty folder's note takes the list's room."""
    from tests.lab_helpers import large_lab
    from tests.ui_helpers import watch_cuts

    monkeypatch.setenv("AIGAMELAB_DATA_DIR", str(tmp_path))
    app, lab = large_lab(size, language)
    lab.files.open_load()
    frame(app)  # type: ignore[arg-type]
    dialog = app.top  # type: ignore[attr-defined]
    assert isinstance(dialog, LoadDialog) and not dialog.rows
    cut = watch_cuts(monkeypatch)
    app.draw(app.screen)  # type: ignore[attr-defined]
    field = dialog.path_field
    assert field.box().width >= field.rect.width // 2 and field.box().width >= 300
    assert dialog.error and dialog.error not in cut, cut
    assert not dialog.path_field.rect.colliderect(dialog.error_rect)
