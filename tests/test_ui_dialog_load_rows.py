"""The Load dialog's rows show each file's whole name and its whole description.

Regression: a row was one line of name and one of description; a long name was cut in its
middle ("un-nom-de-fichier-vr…-il-deborde-2026.json", at 100% of 1024x768 already) and the
description cut at its end at 200% ("Nim 20 allumettes, 1–3 · Élimination · 20 par…").
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.scenes.lab_load_dialog import LoadDialog
from tests.test_ui_lab_files import trained_file
from tests.ui_helpers import frame, make_app, texts_drawn_by, watch_cuts

#: Names of up to about 40 characters, as a class saves them (separators, a date; one with
#: no separator at all, which breaks between letters).
NAMES = ("elimination-nim-20-allumettes-500g.json",
         "classe-de-seconde-B-apprenti-nim-20.json",
         "reinforcement_marienbad_1_3_5_7_2000.json",
         "apprentidelaclassedesecondeBnimvingt.json",
         "q.json")
#: A name far too long for its row's lines: cut in its middle, its start and end kept.
LONG = ("un-nom-de-fichier-vraiment-tres-tres-long-pour-voir-ce-qui-se-passe-quand-il-"
        "deborde-de-la-ligne-et-encore-de-la-suivante-20261124-041233.json")
SIZES = [(1024, 640), (1024, 768), (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a subfolder and a trained learner under each name."""
    where = tmp_path_factory.mktemp("learners")
    for name in (*NAMES, LONG):
        trained_file(where, 10, name)
    (where / "Clé USB de la classe 2").mkdir()
    return where


def rows_drawn(size: tuple[int, int], language: str, scale: int, folder: Path,
               monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[str, str]]:
    """Every row of the dialog on ``folder``, scrolled through: its name and its detail as
    drawn (the lines inside the row joined), by the row's label."""
    app = make_app(size, language=language, text_scale=scale)
    dialog = LoadDialog(app, folder, lambda _path: None)
    app.push(dialog)
    shown: dict[str, tuple[str, str]] = {}
    while len(shown) < len(dialog.rows):
        frame(app)
        drawn = texts_drawn_by(lambda: dialog.draw(app.screen), monkeypatch)
        assert dialog.row_rects, "no row shown"
        for rect, row in dialog.row_rects:
            assert dialog.box.contains(rect) and not rect.colliderect(dialog.open_button.rect)
            inside = [line for line, _px, at in drawn if rect.contains(at)]
            # The name's lines first, then the detail's (the two sizes may be equal).
            split = next((k for k in range(1, len(inside) + 1)
                          if " ".join(inside[k:]) == row.detail), len(inside))
            shown[row.label] = ("".join(inside[:split]), " ".join(inside[split:]))
        before = dialog.scroll
        dialog.scroll += len(dialog.row_rects)
        dialog._layout()
        if dialog.scroll == before:
            break
    assert len(shown) == len(dialog.rows), (len(shown), len(dialog.rows))
    return {label: drawn for label, drawn in shown.items()}


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_rows_show_whole_names_and_details(size: tuple[int, int], language: str, scale: int,
                                           folder: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Names of up to about 40 characters and every description are drawn whole (wrapped
    onto more lines where they need them), nothing cut with an ellipsis; a far longer name
    keeps its start and its end (the time and the extension)."""
    cut = watch_cuts(monkeypatch)
    rows = rows_drawn(size, language, scale, folder, monkeypatch)
    dialog_rows = {row.label: row for row in LoadDialog(
        make_app(size, language=language, text_scale=scale), folder, lambda _p: None).rows}
    for label, (name, detail) in rows.items():
        if label != LONG:
            assert name == label, (name, label)
        assert detail == dialog_rows[label].detail, (detail, dialog_rows[label].detail)
    name, _detail = rows[LONG]
    assert name.startswith(LONG[:16]) and name.endswith(LONG[-12:]) and "…" in name, name
    assert not [c for c in cut if not c.startswith(str(folder.parent))], cut


def test_the_list_scrolls_to_its_last_row_and_no_further(folder: Path) -> None:
    """Rows of different heights: the wheel scrolls one row, the last row comes into view
    and the list stops there (the last rows fill the list)."""
    app = make_app((1024, 768), language="fr", text_scale=200)
    dialog = LoadDialog(app, folder, lambda _path: None)
    app.push(dialog)
    frame(app)
    first = len(dialog.row_rects)
    assert first < len(dialog.rows)
    for _ in range(len(dialog.rows) + 3):
        frame(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert dialog.row_rects[-1][1] is dialog.rows[-1]
    assert dialog.scroll > 0 and dialog.scroll <= len(dialog.rows) - len(dialog.row_rects)


@pytest.mark.parametrize("how", ["open", "enter", "double-click"])
def test_a_click_selects_a_file_and_open_opens_it(folder: Path, how: str) -> None:
    """Regression (QA 17, real window at 1920x1080, 200%): one click on a row loaded the file
    and closed the dialog, so the usual click on the row then on Open sent the second click
    to the lab beneath (it switched "Keeps learning" off); a row under the pointer looked
    selected while Open did nothing. A click now selects the file (drawn selected, its path
    in the field); Open, Enter or a second click on it opens it."""
    from tests.ui_helpers import click, click_widget, key

    opened: list[Path] = []
    app = make_app((1920, 1080), language="en", text_scale=200)
    dialog = LoadDialog(app, folder, opened.append)
    app.push(dialog)
    dialog.scroll = 1  # past the folder
    frame(app)
    rect, row = next((r, row) for r, row in dialog.row_rects if not row.is_folder)
    click(app, rect.center)
    assert app.top is dialog and not opened
    assert dialog.selected == row.path and dialog.path_field.value == str(row.path)
    frame(app, dt=1.0)  # a second click later is not a double-click
    if how == "open":
        click_widget(app, dialog.open_button)
    elif how == "enter":
        key(app, pygame.K_RETURN)
    else:
        click(app, rect.center)
        assert not opened  # a click a second later only selects again
        click(app, rect.center)
    assert opened == [row.path] and app.top is not dialog


def test_a_name_breaks_after_its_separators_and_keeps_its_extension_whole() -> None:
    """Seen in a real window (1024x768, 200%, French): "classe-de-seconde-B-apprenti-nim-20."
    then "json" alone on the row's second line; the extension now stays with the piece it
    ends. Every line fits, and the lines joined give the name back."""
    from game.ui import text

    make_app((1024, 768))
    name = "classe-de-seconde-B-apprenti-nim-20.json"
    width = text.size("classe-de-seconde-B-apprenti-nim-20.", 40, True)[0] + 2
    lines = text.break_name(name, width, 40, True)
    assert "".join(lines) == name and lines[-1] == "20.json", lines
    assert all(text.size(line, 40, True)[0] <= width for line in lines[:-1])
    long_piece = "a" * 60 + ".json"
    lines = text.break_name(long_piece, 300, 40, True)
    assert "".join(lines) == long_piece and len(lines) > 2
    assert all(text.size(line, 40, True)[0] <= 300 for line in lines[:-1])


@pytest.mark.parametrize(("size", "language"), [((1280, 800), "en"), ((1280, 800), "fr"),
                                                ((1024, 768), "fr"), ((1920, 1080), "en")])
def test_the_list_uses_its_room_for_a_third_record(size: tuple[int, int], language: str,
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """QA16 (Open dialog at 1280x800 en): two of four records shown ("1–2 of 4 · scroll
    for more") with room for most of a third: the names stayed at the body size. At 200%
    the list now shows three records where its text at 0.6 of the body size (never under
    the readable size) lets it, the details no larger than the names."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    for name in ("nim-elimination.json", "nim-renforcement-500.json", "morpion-q.json",
                 "hexapawn-menace.json"):
        trained_file(tmp_path, 10, name)
    app = make_app(size, language=language, text_scale=200)
    dialog = LoadDialog(app, tmp_path, lambda _path: None)
    app.push(dialog)
    frame(app)
    assert len(dialog.row_rects) >= 3, [row.label for _rect, row in dialog.row_rects]
    least = max(readable_px(size), round(app.metrics.body * 0.6))
    drawn = texts_drawn_by(lambda: dialog.draw(app.screen), monkeypatch)
    inside = [px for _line, px, at in drawn
              if any(rect.contains(at) for rect, _row in dialog.row_rects)]
    assert inside and min(inside) >= least, (sorted(set(inside)), least)
    app.shutdown()
