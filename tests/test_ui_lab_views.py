"""The learning lab's views for a class (issue 12 #14 and "MENACE, large"; issue 13): one view
at a time at every window size, matchboxes large, one game at a time with the boxes it changed
(before -> after), the learner's table as a heat map for every learner, learning by watching
two players chosen in the lab, and the export of a view as a light picture."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from ai.training import WIN
from game.ui.i18n import tr
from game.ui.printing import PRINT
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.lab_export import export_view
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.tournament_setup_list import ListScroller
from tests.lab_helpers import (
    box_key_text,
    instant_one_game,
    large_lab,
    open_from_menu,
    quick_one_game,
    screenshot,
    train_instantly,
)
from tests.ui_helpers import click, click_widget, frame, run_until, spy_texts, texts_drawn_by

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]


def open_lab(size: tuple[int, int] = (1280, 800), language: str = "en"
             ) -> tuple[object, LearningLabScene]:
    app, lab = open_from_menu(size, "menu.lab", LearningLabScene)
    if language != "en":
        app.settings.language = language  # type: ignore[attr-defined]
        app.apply_settings()  # type: ignore[attr-defined]
        frame(app)  # type: ignore[arg-type]
    return app, lab


def train(app: object, lab: LearningLabScene, games: int, opponent: str = "random") -> None:
    lab.games = games
    lab._set_speed("instant")
    lab._set_opponent(opponent)
    click_widget(app, lab.train_button)  # type: ignore[arg-type]
    assert lab.runner is not None and lab.runner.join(60)
    frame(app)  # type: ignore[arg-type]


def inside(rect: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.contains(rect)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_every_view_fits_and_reads_at_classroom_sizes(size: tuple[int, int],
                                                      language: str) -> None:
    app, lab = open_lab(size, language)
    lab.set_kind("reinforcement")
    train(app, lab, 200)
    m = app.metrics  # type: ignore[attr-defined]
    screen = pygame.Rect((0, 0), size)
    for view in ("charts", "boxes", "table"):
        lab.tabs.choose(view)
        frame(app)  # type: ignore[arg-type]
        # The set-up's scroll area holds its rows by design (lab_setup's ListScroller): the
        # rows themselves are checked.
        widgets = [w for w in lab.all_widgets() if w.visible
                   and not isinstance(w, ListScroller)]
        for w in widgets:
            assert inside(w.rect, screen), (view, w.label() if hasattr(w, "label") else w)
        # No two visible widgets overlap.
        for i, a in enumerate(widgets):
            for b in widgets[i + 1:]:
                assert not a.rect.colliderect(b.rect), (view, a.rect, b.rect)
        if view == "boxes":
            view_rect = lab.panels["view"]
            for w in lab.knowledge.widgets():
                if w.visible:
                    assert inside(w.rect, view_rect)
            # Big boxes: at least a fifth of the window high, bead counts at heading size.
            assert lab.knowledge.box_rects
            assert all(r.height >= size[1] * 0.2 for r, _b in lab.knowledge.box_rects)
            assert lab.knowledge.per_page <= 12
        screenshot(app, f"lab-view-{view}-{language}-{size[0]}x{size[1]}")
    assert m.body >= size[1] * 0.025 * 0.9


def test_one_game_then_the_boxes_it_changed_before_and_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    quick_one_game(monkeypatch)
    app, lab = open_lab((1024, 768))
    lab.set_kind("reinforcement")
    train(app, lab, 20)
    click_widget(app, lab.step_button)
    assert lab.runner is not None and lab.runner.planned == 1
    assert lab.runner.speed == "watch"  # the game is shown move by move
    assert lab.tabs.current() == "boxes" and lab.session.changed_only
    assert run_until(app, lambda: lab.runner.current is not None, 20)  # type: ignore[union-attr]
    frame(app)
    screenshot(app, "lab-one-game-live-1024x768")
    # Seen live; the rest of this game and the next ones need not hold their moves.
    lab.runner.move_seconds = 0.0  # type: ignore[union-attr]
    instant_one_game(monkeypatch)
    assert run_until(app, lambda: lab.runner.finished, 60)  # type: ignore[union-attr]
    frame(app)
    changed = lab.knowledge.boxes
    assert changed and all(b.changed and b.before is not None for b in changed)
    won = lab.runner.results[0] == WIN  # type: ignore[union-attr]
    for box in changed:
        # Reinforcement: every move played gained (won) or lost (lost) beads; start beads 3.
        diffs = [box.values[m] - box.before[m] for m in box.before  # type: ignore[index]
                 if box.values[m] != box.before[m]]  # type: ignore[index]
        assert diffs and all((d > 0) == won for d in diffs)
    # Said above the boxes until the next run (QA20 14), no notice repeating it.
    assert lab.knowledge.game_result in (tr("lab.one_game_won"), tr("lab.one_game_lost"))
    assert app.toast is None  # type: ignore[attr-defined]
    screenshot(app, "lab-one-game-changed-1024x768")
    # The games add up on one run of the charts; the toggle shows every box again.
    click_widget(app, lab.step_button)
    assert run_until(app, lambda: lab.runner.finished, 60)  # type: ignore[union-attr]
    frame(app)
    assert lab.runs[-1].stepwise and len(lab.runs[-1].results) == 2
    click_widget(app, lab.knowledge.changed_button)
    assert not lab.session.changed_only
    assert len(lab.knowledge.boxes) >= len(changed)
    # A normal run after one game shows every box again.
    click_widget(app, lab.step_button)
    assert run_until(app, lambda: lab.runner.finished, 60)  # type: ignore[union-attr]
    frame(app)
    assert lab.session.changed_only
    train(app, lab, 10)
    assert not lab.session.changed_only


def test_the_table_view_for_every_learner_and_a_click_chooses_the_box() -> None:
    app, lab = open_lab((1280, 720))
    for kind, cell_texts in (("elimination", {"0", "1"}), ("reinforcement", None),
                             ("qlearning", None)):
        lab.set_kind(kind)
        train(app, lab, 100)
        lab.tabs.choose("table")
        frame(app)
        table = lab.table.table()
        # One column per position the learner met (moving first, it never faces 19).
        assert table is not None and len(table.cols) >= 15 and table.keys[-1] == 20
        if cell_texts:  # elimination: the seed's table of 0 and 1
            assert all(v in (0.0, 1.0) for row in table.values for v in row if v is not None)
        # Click a column: its box is drawn large beside the table; the arrow moves on.
        # (The columns shown: where twenty numbers would be under the readable size, a part
        # of them at a time.)
        grid, cols = lab.table.grids[0]
        col = cols.start + len(cols) // 2
        x = grid.left + int((col - cols.start + 0.5) * grid.width / len(cols))
        click(app, (x, grid.centery))
        assert lab.session.chosen_box == table.keys[col]
        click_widget(app, lab.table.next_button)
        assert lab.session.chosen_box == table.keys[col + 1]
        screenshot(app, f"lab-table-{kind}-1280x720")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_table_that_changed_since_its_layout_is_drawn_whole(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed helper (a full run, flaky): training added a position between the Table's layout
    and its drawing; the parts of its columns laid out for one table indexed another (parts
    of 20 columns, a table of 19): IndexError in part_note. Laid out for a table of 20
    columns in parts, then drawn and laid out for one of 19 and back."""
    from game.ui.scenes.lab_table import part_of

    app, lab = large_lab((1280, 800), language)
    train_instantly(lab, "nim", "qlearning", 300)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    panel = lab.table
    whole = panel.table()
    assert whole is not None and len(whole.cols) == 20 and len(panel.pages) > 1, panel.pages
    fewer = part_of(whole, range(1, 20))  # (one position fewer: as before a game found it)
    monkeypatch.setattr(panel, "table", lambda: fewer)
    panel.draw(app.screen, app.theme, app.metrics)  # type: ignore[attr-defined]
    assert panel.pages[-1].stop == 19 and panel.grid.width > 0
    panel._table = fewer  # (drawn last) while the layout reads a table grown again
    monkeypatch.setattr(panel, "table", lambda: whole)
    panel.layout(panel.rect)
    assert panel.pages[-1].stop == 20
    panel.draw(app.screen, app.theme, app.metrics)  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


def test_table_view_offered_only_where_boxes_read_as_one_table() -> None:
    app, lab = open_lab()
    assert "table" in lab.offered_views()
    lab.set_game("hexapawn")
    assert lab.offered_views() == ["charts", "boxes"]
    lab.session.view = "table"
    assert lab.tabs.current() == "charts"
    frame(app)


def test_learning_by_watching_random_against_perfect() -> None:
    app, lab = open_lab((1024, 768))
    lab.set_mode("watch")
    labels = [w.label() for w in lab.config_widgets if hasattr(w, "label")]
    assert tr("lab.watched0") in labels and tr("lab.opponent") not in labels
    lab.set_watched(0, "random")
    lab.set_watched(1, "perfect")
    lab.games = 100
    lab._set_speed("instant")
    click_widget(app, lab.train_button)
    runner = lab.runner
    assert runner is not None and runner.watched is not None and runner.join(60)
    frame(app)
    # It never played, yet learned from both sides: boxes for both players' positions.
    assert lab.learner.games_trained == 100
    assert lab.knowledge.boxes
    run = lab.runs[-1]
    assert run.sides == ("Random", "Perfect") or "Random" in run.label
    # Perfect wins nearly everything; the charts say who the sides are.
    assert run.losses[-1] > 80
    lab.tabs.choose("charts")
    screenshot(app, "lab-watch-charts-1024x768")
    lab.set_mode("play")
    assert tr("lab.opponent") in [w.label() for w in lab.config_widgets if hasattr(w, "label")]


@pytest.mark.parametrize("view", ["charts", "boxes", "table"])
def test_export_writes_a_light_picture_of_the_view(tmp_path: Path, view: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import text as text_module

    app, lab = open_lab((1024, 768))
    train(app, lab, 100)
    lab.tabs.choose(view)
    frame(app)
    before = {name: rect.copy() for name, rect in lab.panels.items()}
    written: list[str] = []
    real = text_module.blit_wrapped

    def spy(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> int:
        written.append(line)
        return real(surface, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "blit_wrapped", spy)
    path = export_view(lab, tmp_path)
    monkeypatch.setattr(text_module, "blit_wrapped", real)
    # A handout says what it shows: the game, the run (learner and opponent), the games.
    assert any(lab.runs[-1].label in line and "100 games" in line for line in written), written
    assert path is not None and path.parent == tmp_path and path.suffix == ".png"
    assert isinstance(app.top, MessageDialog) and str(tmp_path) in app.top.message
    picture = pygame.image.load(str(path))
    w, h = picture.get_size()
    assert w > 300 and h > 200
    # Light: the corners are the print theme's white paper.
    assert picture.get_at((2, 2))[:3] == PRINT.background
    # The screen's layout is back as it was.
    assert lab.panels == before


def test_the_export_button_chooses_its_folder_documents_first(tmp_path: Path) -> None:
    """Regression: Export PNG wrote only to Documents; it now opens Save's folder browser on
    Documents (Cancel writes nothing), and writes in the folder chosen (a USB stick)."""
    import os

    from game.ui.scenes.lab_load_dialog import ExportDialog

    app, lab = open_lab()
    train(app, lab, 20)
    documents = Path(os.environ["XDG_DOCUMENTS_DIR"])
    click_widget(app, lab.export_button)
    dialog = app.top
    assert isinstance(dialog, ExportDialog) and dialog.folder == documents
    click_widget(app, dialog.cancel_button)
    assert app.top is lab and not list(documents.glob("*.png"))
    click_widget(app, lab.export_button)
    click_widget(app, app.top.open_button)  # type: ignore[attr-defined]  # "Export here"
    assert len(list(documents.glob("lab-nim-charts-*.png"))) == 1
    assert isinstance(app.top, MessageDialog) and str(documents) in app.top.message
    app.pop(app.top)
    stick = tmp_path / "USB"
    stick.mkdir()
    click_widget(app, lab.export_button)
    dialog = app.top
    assert isinstance(dialog, ExportDialog)
    dialog.go(str(stick))
    frame(app)
    click_widget(app, dialog.open_button)
    (picture,) = stick.iterdir()  # no temporary file left beside it
    assert picture.suffix == ".png"
    assert isinstance(app.top, MessageDialog) and str(stick) in app.top.message
    app.pop(app.top)
    click_widget(app, lab.export_button)
    app.top.go(str(stick))  # type: ignore[attr-defined]
    frame(app)
    # The folder's pictures are listed (what is already there).
    assert [r.path for _rect, r in app.top.row_rects] == [picture]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("number", "key_name"), [(28, "lab.export_full"),
                                                 (30, "lab.export_read_only")])
def test_a_full_disk_or_a_read_only_folder_when_exporting_names_the_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, number: int, key_name: str) -> None:
    import errno

    from tests.lab_helpers import failing_writes

    assert (number, key_name) in ((errno.ENOSPC, "lab.export_full"),
                                  (errno.EROFS, "lab.export_read_only"))
    app, lab = open_lab()
    train(app, lab, 20)
    with failing_writes(monkeypatch, number):
        assert export_view(lab, tmp_path) is None
    assert isinstance(app.top, MessageDialog)
    assert app.top.message.startswith(tr(key_name, folder=str(tmp_path), error="@").split("@")[0])
    assert str(tmp_path) in app.top.message
    assert list(tmp_path.iterdir()) == []  # no half-written picture, no temporary file
    app.pop(app.top)
    assert export_view(lab, tmp_path) is not None


def test_export_to_a_folder_that_cannot_be_made_says_why(tmp_path: Path) -> None:
    app, lab = open_lab()
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert export_view(lab, blocker / "sub") is None
    assert isinstance(app.top, MessageDialog)


@pytest.mark.parametrize("kind", ["elimination", "reinforcement", "qlearning"])
def test_heat_map_numbers_are_readable_or_left_to_the_box(kind: str,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """At 1024x768 twenty columns of bead counts or Q-values were printed at 8 px, specks no
    class could read: a number is printed at 80% of the small size at least, or not at all
    (the legend then says the box below gives them); the table takes the height its rows
    need and the box gets the rest (half the view stood empty)."""
    from game.ui import text as text_module
    from game.ui.scenes.lab_table import smallest_number_px

    app, lab = open_lab((1024, 768))
    lab.set_kind(kind)
    train(app, lab, 300)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    sizes: list[int] = []
    render = text_module.render

    def watched(value: str, px: int, *args: object, **kwargs: object) -> pygame.Surface:
        if value.strip():
            sizes.append(int(px))
        return render(value, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "render", watched)
    m = app.metrics  # type: ignore[attr-defined]
    text_module.clear_cache()
    lab.table.draw(app.screen, app.theme, m)  # type: ignore[attr-defined]
    assert sizes and min(sizes) >= smallest_number_px(m), sorted(set(sizes))[:4]
    grid, table_rect, box = lab.table.grid, lab.table.table_rect, lab.table.box_rect
    assert grid.height > 0 and table_rect.bottom - grid.bottom <= m.body * 2
    # The box gets the rest, right under the table. Not a fixed share: how many rows the
    # table needs depends on the states the (unseeded) training visited, and the table may
    # take up to half the view, which left the box 54.5% of it now and then (a flaky 0.55).
    view = lab.panels["view"]
    assert 0 <= box.top - table_rect.bottom <= m.pad * 2
    assert view.bottom - box.bottom <= m.pad * 2
    assert box.height >= view.height * 0.45


@pytest.mark.parametrize("language", ["en", "fr"])
def test_file_buttons_are_not_shrunk_below_the_small_text(language: str) -> None:
    """Three file buttons in one row printed "Enregistrer" at 80% of the small size in French
    at 1024x768 (seen in a real window); Save and Load now share a row, Reset and "Play
    against it" the next, each at the small size at least, left of the view."""
    app, lab = open_lab((1024, 768), language)
    m = app.metrics  # type: ignore[attr-defined]
    buttons = (lab.save_button, lab.load_button, lab.reset_button, lab.play_button)
    for b in buttons:
        assert b.px >= m.small, (tr("lab.save"), b.px, m.small)
        assert b.rect.right < lab.panels["view"].left and b.rect.bottom <= 768
    for a, b in itertools.combinations(buttons, 2):
        assert not a.rect.colliderect(b.rect)
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("language", "kind"), [("en", "reinforcement"), ("fr", "qlearning")])
def test_a_boxs_before_and_after_reads_like_the_rest_of_the_box(
        language: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: in the one-game-at-a-time mode, a Hexapawn matchbox's "c1-c2: 16 -> 15"
    was written at the small size in bold under the board, tinier than "used 21x" beside it
    and in another type. The changed move's value reads "16 → 15" in the box's list, at the
    size and in the type of the other values (at least body size), inside the box."""
    from game.ui import text as text_module
    from game.ui.boards import presenter_for
    from game.ui.boards.presenter import box_value_text

    app, lab = open_lab((1024, 768), language)
    lab.set_game("hexapawn")
    lab.set_kind(kind)
    train(app, lab, 20)
    lab.tabs.choose("boxes")
    lab.session.changed_only = True  # the last game's boxes, as after "One game"
    # A box with another move beside the changed one (the frame below may read the boxes
    # again, so the box is kept here: taking boxes[0] after it failed 1 time in 20).
    box = next(b for b in lab.knowledge.boxes if len(b.values) > 1)
    lab.knowledge.boxes = [box]
    frame(app)  # type: ignore[arg-type]
    move = next(iter(box.values))
    box.before = {move: box.values[move] - 0.75}
    drawn: list[tuple[str, int, bool, pygame.Rect]] = []
    real = text_module.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, *args: object,
            **kwargs: object) -> pygame.Rect:
        rect = real(surface, line, px, *args, **kwargs)  # type: ignore[arg-type]
        drawn.append((line, px, bool(kwargs.get("bold", False)), rect))
        return rect

    monkeypatch.setattr(text_module, "blit_text", spy)
    m = app.metrics  # type: ignore[attr-defined]
    cell = lab.knowledge.box_rects[0][0]
    lab.knowledge.draw_box(app.screen, cell, box, app.theme, m, m.heading)  # type: ignore[attr-defined]
    score_kind = lab.learner.score_kind
    listed = lab.knowledge.box_shapes[-1][0].moves
    changes = [(px, bold) for line, px, bold, _r in drawn if "→" in line]
    # In the list only: the board's coordinates ("3") are no values (a move's 3 beads and a
    # rank's "3" beside the board failed the test now and then).
    others = {(px, bold) for line, px, bold, rect in drawn
              if listed.contains(rect)
              and line in {box_value_text(v, score_kind) for k, v in box.values.items()
                           if k != move}}
    assert changes and others, drawn
    assert set(changes) == others and all(px >= m.body for px, _b in changes), (changes, others)
    assert all(cell.contains(rect) for line, _px, _b, rect in drawn if "→" in line)
    assert presenter_for("hexapawn").move_text(move) in [line for line, *_ in drawn]


def test_box_counts_use_the_thousands_separator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: a box used 12345 times said "used 12345×"."""
    from game.ui import text as text_module

    app, lab = open_lab((1024, 768))
    train(app, lab, 20)
    lab.tabs.choose("boxes")
    frame(app)  # type: ignore[arg-type]
    lab.knowledge.boxes[0].used = 12_345
    drawn: list[str] = []
    real = text_module.blit_text

    def spy(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> pygame.Rect:
        drawn.append(line)
        return real(surface, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "blit_text", spy)
    lab.knowledge.draw(app.screen, None)  # type: ignore[attr-defined]
    # The long form where the box is wide enough, else the short one ("12,345×"): the count
    # is never cut.
    assert {tr("lab.box_used", n="12,345"), tr("lab.box_used_short", n="12,345")} & set(drawn)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_export_keeps_its_text_beside_the_tabs_at_the_largest_text(language: str) -> None:
    """Regression: at the largest text size at 1024x768 the three view tabs took the row and
    the export button was squeezed to a sliver at its end; the tabs and the button now share
    the row at a size where each says its whole text."""
    from game.ui import text as text_module
    from tests.ui_helpers import make_app

    app = make_app((1024, 768), language=language, text_scale=200)
    lab = LearningLabScene(app)
    app.push(lab)
    frame(app)
    # (The set-up is a view too where the text leaves it no panel of its own.)
    assert [v for v in lab.offered_views() if v != "setup"] == ["charts", "boxes", "table"]
    m = app.metrics
    buttons = [b for b in lab.tabs.widgets() if b.visible] + [lab.export_button]
    for i, a in enumerate(buttons):
        assert pygame.Rect((0, 0), app.size).contains(a.rect)
        assert a.rect.width >= text_module.size(a.label(), int(m.small * 0.8), True)[0], (
            a.label(), a.rect)
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect)
    screenshot(app, f"lab-tabs-200-{language}")


def texts_drawn_cut(app: object, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn cut with an ellipsis in one frame of ``app`` (Load… ends so on
    purpose), the charts' own surfaces included."""
    from game.ui import text as text_module

    cut: list[str] = []
    real = text_module.render

    def spy(line: str, *args: object, **kwargs: object) -> pygame.Surface:
        if line.endswith("…") and line not in (tr("lab.load"), tr("ntuple.load")):
            cut.append(line)
        return real(line, *args, **kwargs)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(text_module, "render", spy)
        app.draw(app.screen)  # type: ignore[attr-defined]
    return cut


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_charts_texts_are_not_cut_at_the_largest_text(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression, seen in a real window at 1920x1080 at 200%: before any training the two
    half-width charts said "Press Train to s...", after it "Taux de victoire (10 derni...".
    The empty line goes on two lines, a long title makes its chart's text smaller. (The
    overlap test cannot see the charts' texts, drawn on a surface of their own.)"""
    app, lab = large_lab(size, language)
    assert not texts_drawn_cut(app, monkeypatch)
    train_instantly(lab, "nim", "reinforcement", 50)
    frame(app)
    assert not texts_drawn_cut(app, monkeypatch)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_clear_runs_sits_under_the_progress_bar(size: tuple[int, int]) -> None:
    """Regression, seen in a real window at the largest text size: "Clear runs" covered the
    end of the progress bar."""
    from game.ui.scenes.lab_common import progress_bar_height
    from tests.ui_helpers import make_app

    for scale in (100, 200):
        app = make_app(size, text_scale=scale)
        lab = LearningLabScene(app)
        app.push(lab)
        frame(app)
        progress = lab.panels["progress"]
        assert lab.clear_button.rect.top > progress.top + progress_bar_height(progress), scale
        assert lab.clear_button.px >= int(app.metrics.small * 0.8)


def lost_nim_lab(size: tuple[int, int], language: str, tab: str,
                 monkeypatch: pytest.MonkeyPatch) -> tuple[Any, LearningLabScene]:
    """The lab at the largest text showing ``tab`` of an elimination learner trained on 300
    Nim games (some boxes with every move lost), checked to draw no text cut."""
    app, lab = large_lab(size, language)
    train_instantly(lab, "nim", "elimination", 300)
    lab.tabs.choose(tab)
    frame(app)
    assert any(b.all_lost(lab.learner.score_kind) for b in lab.knowledge.boxes)
    assert not texts_drawn_cut(app, monkeypatch)
    return app, lab


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_all_lost_note_leaves_the_boxes_room_at_the_largest_text(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression, seen in a real window at 1920x1080 at 200%: Nim's elimination boxes with
    the note under them ("every move lost...", four lines) were 40 pixels high, their counts
    cut ("30..."). The note takes at most a third of the panel (its short form if need be)."""
    _app, lab = lost_nim_lab(size, language, "boxes", monkeypatch)
    panel = lab.knowledge.rect
    assert min(rect.height for rect, _box in lab.knowledge.box_rects) >= panel.height * 0.25


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_elimination_table_legend_is_not_cut_at_the_largest_text(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression, seen in a real window at 1920x1080 at 200% in French: the Table view of an
    elimination learner ended its legend "...ses nombres. ..." (the "every move lost" note
    cut); the short note is used where the long one does not fit, none where neither does."""
    lost_nim_lab(size, language, "table", monkeypatch)


def wrapped_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words every ``text.blit_wrapped`` call draws from now on (a list that fills)."""
    return spy_texts(monkeypatch, "blit_wrapped")


def drawn_texts(app: object, monkeypatch: pytest.MonkeyPatch
                ) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the lab draws with ``text.blit_text`` in one frame: (text, size, rect)."""
    return texts_drawn_by(lambda: app.draw(app.screen), monkeypatch)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("language", "kind"), [("en", "qlearning"), ("fr", "qlearning"),
                                                ("en", "elimination"), ("fr", "reinforcement")])
def test_a_hexapawn_boxs_moves_and_values_are_listed_at_body_size(
        language: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12, "MENACE, large": at 1024x768 with 200% text a Hexapawn box's values were
    chips about 10 pixels high on its small board. Each box now lists its moves, as the play
    screen names them, with their values ("b1-b2  +0,45", the language's decimal mark) at
    body size beside or under the board, inside the box and clear of the board; or down to
    LISTS_SHRINK_FOR_MORE of the body size where that shows twice as many boxes a page (a
    Q-learner's boxes were one a page)."""
    from game.ui.boards import presenter_for
    from game.ui.boards.presenter import box_value_text
    from game.ui.scenes.lab_box_grid import LISTS_SHRINK_FOR_MORE

    app, lab = large_lab((1024, 768), language)
    train_instantly(lab, "hexapawn", kind, 60)
    lab.tabs.choose("boxes")
    frame(app)
    m = app.metrics  # type: ignore[attr-defined]
    drawn = drawn_texts(app, monkeypatch)
    presenter = presenter_for("hexapawn")
    score_kind = lab.learner.score_kind
    knowledge = lab.knowledge
    assert knowledge.box_rects and len(knowledge.box_shapes) == len(knowledge.box_rects)
    least = min(px for _shape, px in knowledge.box_shapes)
    assert least >= m.body or (least >= int(m.body * LISTS_SHRINK_FOR_MORE)
                               and len(knowledge.box_rects) >= 2), least
    for (cell, box), (shape, _px) in zip(knowledge.box_rects, knowledge.box_shapes,
                                         strict=True):
        assert box.values
        # (Not the board's own coordinates: a count of 2 beads is not the row number 2.)
        inside_box = [(line, px, rect) for line, px, rect in drawn
                      if cell.contains(rect) and not shape.board.contains(rect)]
        listed = {text for move, value in box.values.items()
                  for text in (presenter.move_text(move), box_value_text(value, score_kind))}
        for wanted in listed:
            sizes = [px for line, px, _r in inside_box if line == wanted]
            assert sizes and min(sizes) >= least, (wanted, sizes, least)
        for line, _px, rect in inside_box:
            if line in listed:
                assert not rect.colliderect(shape.board), (line, rect, shape.board)
    if language == "fr" and score_kind == "value":
        assert any("," in line for line, _px, _r in drawn if line[:1] in "+\u2212")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_boxes_whose_every_move_lost_keep_their_list_at_body_size_at_the_largest_text(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 1920x1080 with 200% text, Hexapawn's elimination boxes under the "every
    move lost" note listed their moves at 34 px for a 48 px body. The box's use now goes in
    the free columns of its list's last row (a line less), and the note takes no more than a
    body-size box leaves (its short form, down to 2.5% of the height). The lists stay at
    body size, or at LISTS_SHRINK_FOR_MORE of it at least where that shows twice as many
    boxes a page (two, not one, at 1920x1080)."""
    from game.ui.scenes.lab_box_grid import LISTS_SHRINK_FOR_MORE
    from game.ui.scenes.play_fit import readable_px

    size = (1920, 1080)
    app, lab = large_lab(size, language)
    # Until some box has lost every move: the opponent plays at random, unseeded, and 60
    # games once left none (a clean-clone CI run failed here; 32 local runs passed).
    for _run in range(6):
        train_instantly(lab, "hexapawn", "elimination", 60)
        lab.tabs.choose("boxes")
        frame(app)
        if any(b.all_lost(lab.learner.score_kind) for b in lab.knowledge.boxes):
            break
    m = app.metrics  # type: ignore[attr-defined]
    knowledge = lab.knowledge
    assert any(b.all_lost(lab.learner.score_kind) for b in knowledge.boxes)
    assert knowledge.box_shapes
    assert all(px >= m.body or (px >= int(m.body * LISTS_SHRINK_FOR_MORE)
                                and len(knowledge.box_rects) >= 2)
               for _shape, px in knowledge.box_shapes), knowledge.box_shapes
    # The key says why on a page that shows such a box, at the readable size at least.
    lab.knowledge.go_to(next(i // knowledge.per_page for i, b in enumerate(knowledge.boxes)
                             if b.all_lost(lab.learner.score_kind)))
    lab.knowledge.draw(app.screen, None)
    words, sizes = box_key_text(app, lab, monkeypatch)
    said = tr("lab.key.lost") in words or tr("lab.key.lost_brief") in words  # (QA16 12)
    assert said and min(sizes) >= readable_px(size)
    for (cell, _box), (shape, _px) in zip(knowledge.box_rects, knowledge.box_shapes,
                                          strict=True):
        assert cell.contains(shape.moves) and cell.contains(shape.board)
        assert shape.footer is not None and cell.contains(shape.footer)
        assert not shape.footer.colliderect(shape.board)


@pytest.mark.parametrize("text_scale", [100, 200])
def test_hexapawn_boxes_at_1920x1080_in_french_are_as_large_as_their_page_allows(
        text_scale: int) -> None:
    """Seen at 1920x1080 in French: Hexapawn's boxes were drawn six to a row, their boards
    about 50 pixels wide. The page holds as many boxes as fit with their lists at body size
    (at the largest text, where none fits, the largest size down to the readable one) and a
    board at least three text heights wide, every board the same size; and no grid showing as
    many boxes draws them larger."""
    from game.ui.scenes.lab_box_moves import LEAST_BOARD, shape_box
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import make_app

    size = (1920, 1080)
    app = make_app(size, language="fr", text_scale=text_scale)
    lab = LearningLabScene(app)
    app.push(lab)
    frame(app)
    train_instantly(lab, "hexapawn", "elimination", 60)
    lab.tabs.choose("boxes")
    frame(app)
    m = app.metrics
    knowledge = lab.knowledge
    shapes = knowledge.box_shapes
    assert shapes and len({shape.board.size for shape, _px in shapes}) == 1
    board, px = shapes[0][0].board, shapes[0][1]
    assert px >= readable_px(size)
    if text_scale == 100:
        assert px >= m.body
    assert board.width >= LEAST_BOARD * px
    assert board.width >= size[1] * 0.1  # about 50 pixels before: now over 108
    # No other grid of as many boxes per page gives a larger board.
    cells = [cell for cell, _box in knowledge.box_rects]
    area = pygame.Rect(cells[0].left, cells[0].top, cells[-1].right - cells[0].left,
                       cells[-1].bottom - cells[0].top).inflate(m.pad, m.pad)
    need = knowledge.page_need
    assert need is not None
    shown = len(cells)
    for rows in range(1, 5):
        for cols in range(1, 9):
            if rows * cols < shown:
                continue
            cell = pygame.Rect(0, 0, area.width // cols - m.pad * 2,
                               area.height // rows - m.pad * 2)
            other = shape_box(cell, need, footer=True) if min(cell.size) > 0 else None
            assert other is None or other.board.width <= board.width + 2, (rows, cols)


@pytest.mark.parametrize(("size", "language", "rows"), [
    ((1024, 768), "en", 1), ((1920, 1080), "fr", 1), ((1280, 720), "fr", 1),
    ((1024, 768), "fr", 2)])
def test_the_variant_row_is_one_row_where_every_variant_fits_it(
        size: tuple[int, int], language: str, rows: int) -> None:
    """Seen in a real window at 1024x768 with 200% text: Nim's variant row ("20 matches,
    1-3") was drawn double height, with room for its arrows counted as two body heights,
    where every variant fits between the chooser's own arrows at the size it shrinks a
    value to. It is one row there; two only where the longest variant does not fit one
    ("20 allumettes, 1-3, misère" in French at 1024x768), and no value is cut."""
    from game.ui import text as text_module

    app, lab = large_lab(size, language)
    lab.set_game("nim")
    lab.tabs.choose("setup")  # a page of its own where the text leaves it no panel
    frame(app)
    game, variant = lab.config_widgets[1], lab.config_widgets[2]
    if lab.compact():
        rows = 1  # the set-up page's rows are wide enough for every variant
    assert variant.rect.height >= game.rect.height * rows
    assert variant.rect.height < game.rect.height * (rows + 0.5)
    left, _box, right = variant._parts()  # type: ignore[attr-defined]
    room = right.left - left.right
    for _value, label in variant.items:  # type: ignore[attr-defined]
        wrapped = text_module.wrap(label(), room, variant.px, True)
        fits = text_module.size(label(), int(variant.px * 0.8), True)[0] <= room
        assert fits or (len(wrapped) == 2 and rows == 2), label()


@pytest.mark.parametrize("full_read", [10_000, 50])
def test_the_boxes_grid_is_not_measured_again_while_nothing_changed(
        full_read: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Measuring every line of 375 Morpion boxes at each candidate text size took about
    100 ms of CPU a frame (1920x1080, 200%). The lines are measured once per reading of
    the boxes, the grid once per size and count: a frame that changes nothing measures only
    the texts it draws; also for a table read a page at a time (over FULL_READ boxes:
    reading the page again each frame measured everything again)."""
    from game.ui import text as text_module
    from game.ui.scenes import lab_knowledge

    monkeypatch.setattr(lab_knowledge, "FULL_READ", full_read)
    app, lab = large_lab((1920, 1080), "en")
    train_instantly(lab, "morpion", "reinforcement", 70)
    lab.tabs.choose("boxes")
    frame(app)
    assert len(lab.knowledge.boxes) > 150
    calls = 0
    real = text_module.size

    def counted(*args: object, **kwargs: object) -> tuple[int, int]:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "size", counted)
    lab.knowledge.draw(app.screen, None)  # type: ignore[attr-defined]
    drawn = len(lab.knowledge.box_rects)
    assert calls <= 10 + 12 * drawn, (calls, drawn)


def test_the_live_game_and_then_its_boxes_are_not_cut_at_the_largest_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at 1024x768 with 200% text in French: while "One game" is watched, the live
    game's title read "Partie 1, en dir…". The live game now takes the view (QA 30) and its
    title shrinks to the readable size before it is cut; the boxes the game changed, shown
    after it, list their moves at that size at least."""
    from game.ui.scenes.play_fit import readable_px

    app, lab = large_lab((1024, 768), "fr")
    train_instantly(lab, "hexapawn", "reinforcement", 30)
    click_widget(app, lab.step_button)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.current is not None,
                     20)
    frame(app)
    assert lab.watching_live()
    app.toast = None  # type: ignore[attr-defined]
    assert not texts_drawn_cut(app, monkeypatch)
    lab.runner.move_seconds = 0.0  # type: ignore[union-attr]  # (the test need not wait)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
    frame(app)
    app.toast = None  # type: ignore[attr-defined]
    assert not texts_drawn_cut(app, monkeypatch)
    assert lab.knowledge.box_shapes
    assert all(px >= readable_px((1024, 768)) for _shape, px in lab.knowledge.box_shapes)


def test_a_box_where_every_move_lost_still_says_how_often_it_was_used() -> None:
    """Regression: sorted by most used, the start box of Nim (used 500 times) said only "lost",
    hiding the count the boxes were sorted by (seen in a real window at 1024x768)."""
    from game.ui import text
    from game.ui.scenes.lab_box_moves import used_label

    px = 20
    assert used_label(True, 500, 10_000, px) == "all ✗, used 500×"
    short = used_label(True, 500, text.size("all ✗, 500×", px)[0], px)
    assert short == "all ✗, 500×"
    assert used_label(True, 500, 10, px) == "500×"
    assert used_label(False, 1_500, 10_000, px) == "used 1,500×"
    # QA S12 8: "500×" beside "14 fois" on one page (boxes of one width): counts of up to
    # three digits take one form at any width.
    for width in range(40, 160, 4):
        forms = {used_label(False, n, width, px).startswith("used") for n in (3, 14, 500)}
        assert len(forms) == 1, width


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_teacher_gets_to_the_boxes_that_matter_among_many_pages(language: str) -> None:
    """Review: with 200% text at 1024x768 a Hexapawn Q-learner's boxes were one a page, 44 to
    59 pages with only the arrows to go through them. The filter button now cycles through
    all boxes, those used at least once (about half: a Q-learner also keeps boxes for the
    side it does not play, never used) and the last game's; Page Down/Up, Home and End jump
    pages (the mouse wheel already turned them), and a click or a drag on the page bar under
    the boxes goes to any page; the boxes stay sorted by use."""
    from tests.ui_helpers import key

    app, lab = large_lab((1024, 768), language)
    train_instantly(lab, "hexapawn", "qlearning", 60)
    lab.tabs.choose("boxes")
    frame(app)
    knowledge = lab.knowledge
    every = len(knowledge.boxes)
    assert knowledge.changed_button.label() == knowledge.filter_text("lab.show_all")
    pages_before = -(-every // knowledge.per_page)
    click_widget(app, knowledge.changed_button)  # type: ignore[arg-type]
    frame(app)
    assert knowledge.changed_button.label() == knowledge.filter_text("lab.show_used")
    used = [box.used for box in knowledge.boxes]
    assert used and all(n > 0 for n in used) and len(used) < every
    assert used == sorted(used, reverse=True)
    pages = -(-len(used) // knowledge.per_page)
    assert pages < pages_before
    key(app, pygame.K_END)  # type: ignore[arg-type]
    assert knowledge.page == pages - 1
    key(app, pygame.K_PAGEUP)  # type: ignore[arg-type]
    assert knowledge.page == max(0, pages - 2)
    key(app, pygame.K_HOME)  # type: ignore[arg-type]
    assert knowledge.page == 0
    key(app, pygame.K_PAGEDOWN)  # type: ignore[arg-type]
    assert knowledge.page == min(1, pages - 1)
    # The page bar under the boxes: a click at its right end shows the last page, a drag
    # back to its left end the first.
    bar = knowledge.page_bar.rect
    assert bar.width and knowledge.rect.contains(bar)
    assert not any(bar.colliderect(cell) for cell, _box in knowledge.box_rects)
    click(app, (bar.right - 1, bar.centery))  # type: ignore[arg-type]
    assert knowledge.page == pages - 1
    frame(app, [  # type: ignore[arg-type]
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.right - 1, bar.centery), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, bar.centery), rel=(0, 0),
                           buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.left, bar.centery), rel=(0, 0),
                           buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.left, bar.centery), button=1)])
    assert knowledge.page == 0
    assert lab.runner is not None and not lab.running  # no key started or stopped a run
    click_widget(app, knowledge.changed_button)  # type: ignore[arg-type]
    frame(app)
    assert knowledge.changed_button.label() == knowledge.filter_text("lab.show_changed")
    assert all(box.changed for box in knowledge.boxes)
    click_widget(app, knowledge.changed_button)  # type: ignore[arg-type]
    frame(app)
    assert len(knowledge.boxes) == every


def test_nims_boxes_say_before_and_after_only_among_the_last_games_boxes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window (Nim, reinforcement, 1024x768 with 200% text): among all the
    boxes, those the last game of a run changed showed "273→276" shrunk to about 14 px in
    place of their count. As in a board's list, "before → after" is for the view of the last
    game's boxes; among all of them each take shows its count."""
    app, lab = large_lab((1024, 768), "en")
    train_instantly(lab, "nim", "reinforcement", 300)
    lab.tabs.choose("boxes")
    frame(app)
    knowledge = lab.knowledge
    assert any(box.changed for box in knowledge.boxes)
    drawn = drawn_texts(app, monkeypatch)
    assert not [line for line, _px, _r in drawn if "→" in line]
    for _ in range(2):  # all boxes -> used -> the last game's
        click_widget(app, knowledge.changed_button)  # type: ignore[arg-type]
    assert lab.session.changed_only
    frame(app)
    assert [line for line, _px, _r in drawn_texts(app, monkeypatch) if "→" in line]


def test_used_boxes_with_none_used_says_so_and_keeps_its_way_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review: with "Used boxes" chosen and no box used, the view said "No boxes yet… Press
    Train" and hid the filter button, the only way back to "All boxes"; and Train reset the
    filter a teacher had chosen to halve the pages."""
    from tests.ui_helpers import make_app

    app = make_app((1024, 768))
    lab = LearningLabScene(app)
    app.push(lab)
    lab.tabs.choose("boxes")
    lab.session.used_only = True
    said = wrapped_words(monkeypatch)
    frame(app)
    monkeypatch.undo()
    drawn = " ".join(said)
    assert tr("lab.no_used_boxes").split(":")[0] in drawn
    assert tr("lab.no_boxes").split(":")[0] not in drawn
    assert lab.knowledge.changed_button.visible
    train_instantly(lab, "nim", "reinforcement", 20)
    frame(app)
    assert lab.session.used_only and lab.knowledge.boxes
    assert all(box.used > 0 for box in lab.knowledge.boxes)


def test_the_page_bar_reads_the_learner_only_for_a_new_page() -> None:
    """Review: a drag on the page bar sends a motion event per pixel, and each re-read the
    page's boxes under the lock the training thread needs, page changed or not."""
    from tests.ui_helpers import make_app

    app = make_app((1024, 768))
    lab = LearningLabScene(app)
    app.push(lab)
    knowledge = lab.knowledge
    reads: list[int] = []
    knowledge.fill_values = lambda: reads.append(knowledge.page)  # type: ignore[method-assign]
    knowledge.page = 0
    assert knowledge.go_to(0) and reads == []
    assert knowledge.go_to(2) and reads == [2]
    assert not knowledge.go_to(None) and reads == [2]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_every_chart_drawn_has_a_readable_plot_at_the_largest_text(
        size: tuple[int, int], language: str) -> None:
    """Regression (audit, 1024x768 at 200%): two stacked charts left each plot 22-27 px high
    ("Victoires cumulées" a line, "100 %/50 %/0 %" on each other). Where two do not fit, one
    chart is shown at a time, with two buttons choosing it; each plot is at least four lines
    of the chart's small text high."""
    app, lab = large_lab(size, language)
    train_instantly(lab, "nim", "reinforcement", 250)
    frame(app)
    app.toast = None  # type: ignore[attr-defined]  # (the charts give a notice their top)
    m = app.metrics  # type: ignore[attr-defined]
    for name in ("chart_wins", "chart_rate"):
        if lab.chart_choice.single:
            click_widget(app, lab.chart_choice.buttons[name])  # type: ignore[arg-type]
            assert lab.chart_choice.names() == (name,)
            assert lab.chart_choice.buttons[name] in lab.all_widgets()
        frame(app)  # type: ignore[arg-type]
        assert lab.charts.plots[name].height >= 4 * int(m.small * 0.85), (name,
                                                                          lab.charts.plots)
    if size == (1024, 768) and not lab.compact():
        assert lab.chart_choice.single  # the case at hand (beside the set-up panel)
    if lab.chart_choice.single:
        view = lab.panels["view"]
        for button in lab.chart_choice.buttons.values():
            assert view.contains(button.rect)
            assert not button.rect.colliderect(lab.panels["chart_wins"])
    screenshot(app, f"lab-charts-200-{size[0]}-{language}")
    app.shutdown()  # type: ignore[attr-defined]


def test_both_charts_stay_side_by_side_or_stacked_where_they_fit() -> None:
    """At 100% text both charts are shown at every size (no chooser)."""
    for size in SIZES:
        app, lab = open_lab(size)
        frame(app)  # type: ignore[arg-type]
        assert not lab.chart_choice.single, size
        assert lab.chart_choice.widgets() == []
        app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", ["elimination", "reinforcement"])
def test_the_heat_map_at_1920x1080_prints_its_numbers_and_large_labels(
        kind: str, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (audit, 1920x1080 at 100%): the table's text size fell to the floor (24 px,
    its labels 20 px, smaller than at 1024x768) because the map's height was measured with
    cells up to three text heights; and no number was printed in cells 51x62 px (at most 23
    px fitted, under the 24 px floor). Now the map is sized by the height its numbers need,
    its labels are larger than at 1024x768, and every cell prints its number."""
    from game.ui import text as text_module
    from game.ui.scenes.lab_table import smallest_number_px

    app, lab = open_lab((1920, 1080), language)
    lab.set_kind(kind)
    train(app, lab, 300)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    m = app.metrics  # type: ignore[attr-defined]
    assert lab.table.px > smallest_number_px(m)
    assert int(lab.table.px * 0.85) > 22  # the 1024x768 labels' size
    printed: list[str] = []
    real = text_module.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, colour: object,
            pos: tuple[int, int], *args: object, **kwargs: object) -> pygame.Rect:
        if kwargs.get("bold") and lab.table.grid.collidepoint(pos):
            printed.append(line)
        return real(surface, line, px, colour, pos, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "blit_text", spy)
    lab.table.draw(app.screen, app.theme, m)  # type: ignore[attr-defined]
    table = lab.table.table()
    assert table is not None
    shown = lab.table.grids[0][1]  # (the part of the columns shown, QA14 18)
    cells = sum(row[c] is not None for row in table.values for c in shown)
    assert len(printed) == cells, (len(printed), cells)
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scale", [100, 200])
def test_the_keep_learning_switch_reads_near_small_size(
        language: str, scale: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (audit, French at 1024x768 at 100%): "Continue d'apprendre quand vous
    jouez" was fitted on one line and drawn at 13 px (body 20) though two lines of 18 px fit
    its switch's box (18 px at 200%, body 28); it is drawn whole at 85% of the small size at
    least (18 and 21 px in French, 18 and 24 in English)."""
    from game.ui import text as text_module
    from tests.ui_helpers import make_app

    app = make_app((1024, 768), language=language, text_scale=scale)
    lab = LearningLabScene(app)
    app.push(lab)
    lab.tabs.choose("setup")  # a page of its own where the text leaves it no panel
    frame(app)
    words = set(tr("lab.keep_learning").split())
    sizes: list[int] = []
    real = text_module.render

    def spy(line: str, px: int, *args: object, **kwargs: object) -> pygame.Surface:
        if line.strip() and set(line.split()) <= words:
            sizes.append(int(px))
        return real(line, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "render", spy)
    text_module.clear_cache()
    lab.keep_toggle.draw(app.screen, app.theme, (0, 0))
    assert sizes and min(sizes) >= int(app.metrics.small * 0.85), sizes
    assert lab.keep_toggle.label_fits()
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", ["reinforcement", "qlearning"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_setup_row_shows_for_a_learner_of_four_parameters(
        size: tuple[int, int], kind: str, language: str) -> None:
    """Regression (audit, 1920x1080 at 100%, Nim with Reinforcement or Q-learning): the set-up
    was one row short and scrolled, Speed out of sight (every row showed at 1024x768). Rows
    a little lower with their text at 90% of the small size show them all."""
    app, lab = open_lab(size, language)
    lab.set_kind(kind)
    frame(app)  # type: ignore[arg-type]
    scroller = lab.config_widgets[0]
    assert isinstance(scroller, ListScroller)
    assert scroller.rows.shown >= scroller.rows.total
    speed = lab.config_widgets[-1]
    assert speed.visible and speed.label() == tr("lab.speed")
    m = app.metrics  # type: ignore[attr-defined]
    assert all(w.px >= int(m.small * 0.9) for w in lab.config_widgets[1:])
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_progress_line_of_a_run_is_never_cut_at_the_largest_text(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (audit, French at 1024x768 at 200%): while training, the line under the bar
    read "495 / 500 parties · rest…"; where even the brief form does not fit beside "Clear
    runs", the games alone are said (the bar shows the rest)."""
    from ai.training import Progress
    from game.ui import text as text_module
    from game.ui.scenes.lab_common import draw_progress, progress_lines

    app, lab = large_lab((1024, 768), language)
    # A run of 100,000 games is one the set-up asks for (the compact header's title leaves
    # the line the room its count needs).
    lab.games = 100_000
    frame(app)  # type: ignore[arg-type]
    m = app.metrics  # type: ignore[attr-defined]
    running = Progress(done=99_995, planned=100_000, elapsed=60.0, games_per_second=1666.0,
                       eta=2.0, running=True, paused=False, finished=False, stopped=False)
    drawn: list[str] = []
    real = text_module.render

    def spy(line: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(line)
        return real(line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "render", spy)
    text_module.clear_cache()
    progress = lab.panels["progress"]
    # "Clear runs" at the line's end, but under the charts in the compact layout.
    width = None if lab.compact() else lab.clear_button.rect.left - progress.left - m.pad
    draw_progress(app.screen, progress, running, progress_lines(running, 100_000),  # type: ignore[attr-defined]
                  app.theme, m, width)  # type: ignore[attr-defined]
    assert drawn and not any(line.endswith("…") for line in drawn), drawn
    assert any("99" in line and "100" in line for line in drawn)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_the_elimination_tables_numbers_are_readable(
        size: tuple[int, int], scale: int, language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nim elimination's Table view at 1024x768: its 0 and 1 were 17 px (15 in French, the
    rows' title "prendre" widening the row labels' column) with 100% text and 19 px with
    200%, the readable size being 20: the cells were at most 1.2 times as high as their
    20 columns are wide, and at 200% the map kept half the view. Every 0 and 1 is now at
    least 2.5% of the window's height (22 and 23 px there), the rows' title on the columns'
    title's line, whole."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import make_app

    app = make_app(size, language=language, text_scale=scale)
    lab = LearningLabScene(app)
    app.push(lab)
    train_instantly(lab, "nim", "elimination", 200)
    lab.tabs.choose("table")
    frame(app)
    app.toast = None  # type: ignore[attr-defined]
    drawn = drawn_texts(app, monkeypatch)
    grid = lab.table.grid
    numbers = [px for line, px, r in drawn if grid.contains(r) and line in ("0", "1")]
    table = lab.table.table()
    assert table is not None
    assert len(numbers) == sum(v is not None for row in table.values for v in row) > 40
    assert min(numbers) >= readable_px(size), sorted(set(numbers))
    assert tr("lab.table.take") in [line for line, _px, r in drawn
                                    if lab.table.table_rect.contains(r)]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_an_earlier_runs_legend_entry_is_whole_where_a_row_holds_it(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S12 7 (1280x720 fr 200%): after an elimination run then a reinforcement run, the
    wins chart's legend read "1 : Élimination contre H…" with room for it whole on its row.
    The legend's smaller size keeps the earlier runs' labels whole where they fit."""
    from tests.ui_helpers import watch_cuts

    app, lab = large_lab(size, "fr")
    train_instantly(lab, "hexapawn", "elimination", 200)
    lab.set_kind("reinforcement")
    lab.train()
    assert lab.runner is not None and lab.runner.join(60)
    lab.tabs.choose("charts")
    frame(app)  # type: ignore[arg-type]
    app.toast = None  # type: ignore[attr-defined]
    cut = watch_cuts(monkeypatch)
    for name in ("chart_wins", "chart_rate"):
        if lab.chart_choice.single:
            lab.chart_choice.choose(name)
        frame(app)  # type: ignore[arg-type]
    assert not cut, cut


@pytest.mark.parametrize(("size", "lang", "scale"), [((1280, 800), "en", 200),
                                                      ((1024, 768), "fr", 200),
                                                      ((1920, 1080), "en", 100)])
def test_q_values_are_readable_a_part_of_the_columns_at_a_time(
        size: tuple[int, int], lang: str, scale: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA14 18: at 1280x800 en 200% Nim's 60 Q-values were 17 px in cells 53 px wide (the
    readable size 20); at 1024x768 200% and 1920x1080 100% they were not printed at all.
    Where every column at once would print them under the readable size, the table shows a
    part of its columns, the chosen box's, and its legend says which and how to see the
    others; ◀ goes on to the first part."""
    from game.ui.scenes.play_fit import readable_px

    app, lab = large_lab(size, lang, scale)
    train_instantly(lab, "nim", "qlearning", 500)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    app.toast = None  # type: ignore[attr-defined]
    table = lab.table.table()
    assert table is not None and len(table.cols) == 20
    said = wrapped_words(monkeypatch)
    for _part in range(2):
        said.clear()
        drawn = drawn_texts(app, monkeypatch)
        grid, shown = lab.table.grids[0]
        # (Signed values with their decimals: one, or more where one makes two look equal.)
        numbers = [px for line, px, r in drawn
                   if grid.contains(r) and re.fullmatch(r"[+\u2212]\d+[.,]\d+", line)]
        assert len(numbers) == sum(row[c] is not None for row in table.values for c in shown)
        assert min(numbers) >= readable_px(size), sorted(set(numbers))
        assert 0 < len(shown) < 20
        assert any(words.startswith(lab.table.part_note(table, shown)) for words in said), said
        for _ in range(len(shown)):
            click_widget(app, lab.table.prev_button)
    assert lab.table.grids[0][1].start == 0
    app.shutdown()  # type: ignore[attr-defined]


def test_an_exported_table_in_parts_names_no_button(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Table view's part note says "◀ ▶ go on to the others" (QA14 18); the exported
    picture, for paper, says which columns it shows and names no button."""
    app, lab = large_lab((1280, 800), "en")
    train_instantly(lab, "nim", "qlearning", 500)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    assert len(lab.table.pages) > 1
    said = wrapped_words(monkeypatch)
    assert export_view(lab, tmp_path) is not None
    legend = [words for words in said if "20" in words and "columns" in words]
    assert legend and all("◀" not in words and tr("lab.table.read_in_box") not in words
                          for words in legend), said
    # On the screen again, the buttons are named.
    exported = len(said)
    app.toast = None  # type: ignore[attr-defined]
    app.draw(app.screen)  # type: ignore[attr-defined]
    assert any("◀" in words for words in said[exported:]), said[exported:]
    app.shutdown()  # type: ignore[attr-defined]


def test_the_tables_key_is_whole_in_french_with_its_parts_note(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S15 24 (real window, 1024x768 fr 200%): the Q-table's key, after the note on the
    part shown, was cut: "… le meilleur coup de chaque position est…". Smaller down to the
    readable size rather than cut."""
    from game.ui import text

    app, lab = large_lab((1024, 768), "fr", 200)
    train_instantly(lab, "nim", "qlearning", 500)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    app.toast = None  # type: ignore[attr-defined]
    cut: list[str] = []
    ellipsize = text.ellipsize

    def spy(content: str, *args: object) -> str:
        if content.endswith("\u2026"):  # (blit_wrapped's words left over)
            cut.append(content)
        return ellipsize(content, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "ellipsize", spy)
    frame(app)  # type: ignore[arg-type]
    assert len(lab.table.pages) > 1 and not cut, cut
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_q_tables_outlined_best_prints_unlike_the_other_takes(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA20 20, 1024x768 en 100%, Nim 20, Q-learning vs Random, 500 games): the
    Table wrote one decimal, column 20 read "−0.3 / −0.3 / −0.3" and the −3 cell was
    outlined as the best take; the box beside gave −0.30, −0.26, −0.25. The values now have
    the decimals that tell each position's best apart, and a take that still prints as the
    best is outlined too."""
    from game.ui import charts
    from game.ui.scenes.lab_table_style import signed_text, value_decimals

    # A column like the QA's (the box read −0.30, −0.26, −0.25): one decimal is not
    # enough, two are.
    column = HeatTableLike([[-0.304], [-0.262], [-0.254]])
    assert value_decimals(column) == 2  # type: ignore[arg-type]
    assert signed_text(-0.262, 1) == signed_text(-0.254, 1)
    assert signed_text(-0.262, 2) != signed_text(-0.254, 2)
    drawn: list[dict[str, Any]] = []
    real = charts.heat_map

    def spy(surface: pygame.Surface, rect: pygame.Rect, rows: Any, cols: Any, values: Any,
            *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append({"values": values, **kwargs})
        return real(surface, rect, rows, cols, values, *args, **kwargs)

    app, lab = open_lab((1024, 768), language)
    lab.set_game("nim")
    lab.set_kind("qlearning")
    train(app, lab, 500)
    lab.tabs.choose("table")
    monkeypatch.setattr(charts, "heat_map", spy)
    frame(app)  # type: ignore[arg-type]
    assert drawn, "no heat map drawn"
    call = drawn[-1]
    fmt, best, values = call["fmt"], call["highlight"], call["values"]
    assert best, call
    for c in range(len(values[0])):
        printed = {r: fmt(row[c]) for r, row in enumerate(values) if row[c] is not None}
        outlined = {printed[r] for r in printed if (r, c) in best}
        others = {printed[r] for r in printed if (r, c) not in best}
        # Every outlined take prints the same, and no other take prints like it.
        assert len(outlined) <= 1 and not outlined & others, (c, printed, best)
    app.shutdown()  # type: ignore[attr-defined]


class HeatTableLike:
    """A table's values alone, one column per position (what value_decimals reads)."""

    def __init__(self, values: list[list[float | None]]) -> None:
        self.values = values
        self.cols = [str(c) for c in range(len(values[0]))]
