"""Write your own heuristic without code (issue 13): the weight table, its files, eval=custom:NAME
and the editor screen driven by clicks and keys."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from ai.base import Limits
from ai.heuristics import evaluation_choices
from ai.registry import ParamValueError, make_player, parse_spec
from ai.weight_tables import (
    HIGH,
    LOW,
    WeightTable,
    WeightTableError,
    check_name,
    list_tables,
    load_table,
    save_table,
    symmetric_squares,
    table_path,
)
from game.rules.othello import WEIGHTS_8, OthelloOptions, OthelloState, weight_evaluation, weighted
from game.rules.registry import GameSetup

OTHELLO_8 = GameSetup.of("othello", OthelloOptions(8))
MIDGAME = OthelloState.from_rows([
    "........",
    "........",
    "..OOOO..",
    "..OXXO..",
    "..OXXO..",
    "..OOOO..",
    "........",
    "........",
])


def eval_of(spec: str) -> str:
    """The ``eval=`` value of a player spec."""
    return parse_spec(spec)[1]["eval"]


def test_symmetric_squares() -> None:
    assert symmetric_squares(0, 0) == {(0, 0), (0, 7), (7, 0), (7, 7)}
    assert symmetric_squares(1, 1) == {(1, 1), (1, 6), (6, 1), (6, 6)}
    assert len(symmetric_squares(0, 1)) == 8  # a C-square: eight of them
    assert symmetric_squares(2, 5) == symmetric_squares(5, 2)


def test_editing_symmetric_by_default_and_alone_with_the_toggle() -> None:
    table = WeightTable()
    assert table.frozen() == WEIGHTS_8 and table.is_symmetric() and not table.changed
    table.nudge(1, 1, -10)  # an X-square: all four move
    assert [table.weight(r, c) for r, c in ((1, 1), (1, 6), (6, 1), (6, 6))] == [-60] * 4
    assert table.changed and table.is_symmetric()
    table.symmetric = False
    table.set(0, 0, 50)
    assert table.weight(0, 0) == 50 and table.weight(7, 7) == 100
    assert not table.is_symmetric()
    table.set(3, 3, 10_000)
    assert table.weight(3, 3) == HIGH
    table.set(3, 3, -10_000)
    assert table.weight(3, 3) == LOW


def test_a_table_plays_as_seed_004_s_evaluation() -> None:
    assert weight_evaluation(WEIGHTS_8)(MIDGAME, 0) == weighted(MIDGAME, 0)
    flipped = [[-v for v in row] for row in WEIGHTS_8]
    assert weight_evaluation(flipped)(MIDGAME, 1) == -weighted(MIDGAME, 1)


@pytest.mark.parametrize("name", ["", " ", "a" * 25, "x:y", "a,b", "../up", "é", "-lead"])
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(WeightTableError):
        check_name(name)


def test_save_list_load_round_trip(tmp_path: Path) -> None:
    rows = [[(r * 8 + c) % 7 - 3 for c in range(8)] for r in range(8)]
    path = save_table("Corners-First", rows, tmp_path)
    assert path == tmp_path / "corners-first.json"
    assert list_tables(tmp_path) == ("corners-first",)
    assert load_table("corners-first", tmp_path) == tuple(tuple(r) for r in rows)
    assert not list(tmp_path.glob("*.tmp"))  # written atomically


@pytest.mark.parametrize("content", [
    b"not json", b"[]", b'{"format": "something else"}',
    json.dumps({"format": "ai-game-lab weights", "version": 1, "size": 8,
                "weights": [[1] * 8] * 7}).encode(),
    json.dumps({"format": "ai-game-lab weights", "version": 1, "size": 8,
                "weights": [[10**6] * 8] * 8}).encode(),
    json.dumps({"format": "ai-game-lab weights", "version": 1, "size": 8,
                "weights": [[True] * 8] * 8}).encode(),
    json.dumps({"format": "ai-game-lab weights", "version": 9, "size": 8,
                "weights": [[1] * 8] * 8}).encode(),
    b"[" * 100_000,
])
def test_a_bad_file_is_refused_and_kept_aside(tmp_path: Path, content: bytes) -> None:
    path = table_path("bad", tmp_path)
    path.write_bytes(content)
    with pytest.raises(WeightTableError):
        load_table("bad", tmp_path, keep_bad=True)
    assert not path.exists()
    assert list(tmp_path.glob("bad.json.corrupt-*"))
    with pytest.raises(FileNotFoundError):
        load_table("bad", tmp_path)


def test_a_full_disk_keeps_the_previous_file(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import game.userdata

    save_table("mine", WEIGHTS_8, tmp_path)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(game.userdata.os, "fsync", full)
    with pytest.raises(OSError):
        save_table("mine", [[0] * 8] * 8, tmp_path)
    assert load_table("mine", tmp_path) == WEIGHTS_8


def test_saved_tables_are_evaluations_of_the_searches(data_dir: Path) -> None:
    assert not any(n.startswith("custom:") for n in evaluation_choices(OTHELLO_8))
    save_table("inverse", [[-v for v in row] for row in WEIGHTS_8])
    assert "custom:inverse" in evaluation_choices(OTHELLO_8)
    assert "custom:inverse" not in evaluation_choices(GameSetup.of("othello",
                                                                   OthelloOptions(6)))
    player = make_player("greedy:ties=first,eval=custom:inverse", "othello", seed=1)
    seed = make_player("greedy:ties=first,eval=weights", "othello", seed=1)
    mine, theirs = player.decide(MIDGAME, Limits()), seed.decide(MIDGAME, Limits())
    assert mine.scores == {m: -v for m, v in theirs.scores.items()}
    search = make_player("alphabeta:depth=2,eval=custom:inverse", "othello", seed=1)
    assert eval_of(search.spec) == "custom:inverse"
    assert search.decide(MIDGAME, Limits()).move in MIDGAME.legal_moves()


def test_a_missing_or_broken_table_in_a_spec_says_why(data_dir: Path) -> None:
    with pytest.raises(ParamValueError, match="no saved table 'gone'"):
        make_player("alphabeta:eval=custom:gone", "othello")
    table_path("broken").parent.mkdir(parents=True, exist_ok=True)
    table_path("broken").write_text("{}")
    with pytest.raises(ParamValueError, match="broken"):
        make_player("alphabeta:eval=custom:broken", "othello")
    with pytest.raises(ParamValueError):
        make_player("alphabeta:eval=custom:x", "morpion")


# ---- the editor screen ------------------------------------------------------------------------


def open_editor(size: tuple[int, int] = (1024, 768), language: str = "en") -> tuple[object, object]:
    from game.ui.i18n import tr
    from game.ui.scenes.weights_editor import WeightsEditorScene
    from tests.ui_helpers import click_widget, frame, make_app

    app = make_app(size, language)
    menu = app.top
    menu.select_game("othello")  # type: ignore[attr-defined]
    frame(app)
    button = next(w for w in menu.option_widgets  # type: ignore[attr-defined]
                  if w.label() == tr("weights.open_editor"))
    click_widget(app, button)
    editor = app.top
    assert isinstance(editor, WeightsEditorScene)
    frame(app)
    return app, editor


def test_the_editor_is_offered_for_othello_only(data_dir: Path) -> None:
    from game.ui.i18n import tr
    from tests.ui_helpers import make_app

    app = make_app((1024, 640))
    menu = app.top
    for game in ("hexapawn", "morpion", "connect4"):
        menu.select_game(game)  # type: ignore[attr-defined]
        assert not any(getattr(w, "label", lambda: "")() == tr("weights.open_editor")
                       for w in menu.option_widgets)  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_draw_save_and_play_a_table_in_the_tournament(data_dir: Path, language: str) -> None:
    from game.ui.scenes.tournament import TournamentScene
    from tests.lab_helpers import open_from_menu
    from tests.ui_helpers import click, click_widget, frame, key, screenshot

    app, editor = open_editor(language=language)
    cell = editor.board.width // 8  # type: ignore[attr-defined]
    b2 = (editor.board.left + cell * 3 // 2, editor.board.top + cell * 3 // 2)  # type: ignore[attr-defined]
    click(app, b2)
    assert editor.selected == (1, 1)  # type: ignore[attr-defined]
    click_widget(app, editor.step_buttons[0])  # type: ignore[attr-defined]  # -10
    assert editor.table.weight(6, 6) == -60  # type: ignore[attr-defined]  # symmetric
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_EQUALS, pygame.KMOD_SHIFT)  # +10 on c2 and its 7 images
    assert editor.table.weight(1, 2) == 11 and editor.table.weight(5, 6) == 11  # type: ignore[attr-defined]
    click_widget(app, editor.symmetric_toggle)  # type: ignore[attr-defined]
    key(app, pygame.K_MINUS)
    assert editor.table.weight(1, 2) == 10 and editor.table.weight(5, 6) == 11  # type: ignore[attr-defined]
    screenshot(app, f"weights_editor_{language}")
    editor.name_field.value = "Class-1"  # type: ignore[attr-defined]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert load_table("class-1")[1][1] == -60
    assert not editor.table.changed  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)  # saved: leaves at once
    frame(app)
    app.shutdown()  # type: ignore[attr-defined]
    app, scene = open_from_menu((1280, 800), "menu.tournament", TournamentScene)
    scene.set_game("othello")
    scene.set_player(0, "alphabeta")
    scene.set_player(1, "alphabeta")
    frame(app)
    # Step player 1's Eval (a chooser) to the class's table (the last choice); player 2 keeps
    # the seed's.
    from game.ui.i18n import tr

    chooser = next(w for w in scene.player_rows[0] if getattr(w, "label", lambda: "")()
                   == tr("param.eval"))
    for _ in range(8):
        if eval_of(scene.specs[0]) == "custom:class-1":
            break
        click(app, chooser._parts()[2].center)  # type: ignore[attr-defined]  # its right arrow
    assert eval_of(scene.specs[0]) == "custom:class-1"
    assert eval_of(scene.specs[1]) == "weights"
    app.shutdown()


def test_leaving_with_unsaved_changes_asks_twice(data_dir: Path) -> None:
    from tests.ui_helpers import key

    app, editor = open_editor((1024, 640))
    key(app, pygame.K_0)  # a1's corners to 0
    assert editor.table.weight(7, 7) == 0  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    assert app.top is editor  # type: ignore[attr-defined]
    assert "Unsaved" in (app.toast or "")  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    assert app.top is not editor  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


def test_saving_over_another_table_needs_a_second_press(data_dir: Path) -> None:
    from tests.ui_helpers import click_widget

    save_table("theirs", [[1] * 8] * 8)
    app, editor = open_editor()
    editor.name_field.value = "theirs"  # type: ignore[attr-defined]
    click_widget(app, editor.save_button)  # type: ignore[attr-defined]
    assert load_table("theirs")[0][0] == 1  # not yet replaced
    click_widget(app, editor.save_button)  # type: ignore[attr-defined]
    assert load_table("theirs") == WEIGHTS_8
    editor.name_field.value = "no good:name"  # type: ignore[attr-defined]
    click_widget(app, editor.save_button)  # type: ignore[attr-defined]
    assert "cannot name a table" in (app.toast or "")  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


def test_opening_a_corrupt_table_keeps_it_aside_and_changes_nothing(data_dir: Path) -> None:
    from game.ui.scenes.dialogs import ListPopup
    from tests.ui_helpers import click_widget

    save_table("good", [[2] * 8] * 8)
    table_path("bad").write_text('{"format": "ai-game-lab weights"}')
    app, editor = open_editor()
    click_widget(app, editor.open_button)  # type: ignore[attr-defined]
    popup = app.top  # type: ignore[attr-defined]
    assert isinstance(popup, ListPopup)
    assert [v for v, _l, _d in popup.items] == ["bad", "good"]
    popup.on_pick("bad")
    assert editor.table.frozen() == WEIGHTS_8  # type: ignore[attr-defined]
    assert "kept aside" in (app.toast or "")  # type: ignore[attr-defined]
    assert list_tables() == ("good",)
    editor.open_table("good")  # type: ignore[attr-defined]
    assert editor.table.weight(0, 0) == 2  # type: ignore[attr-defined]
    assert editor.name_field.value == "good"  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_editors_words_are_body_text_at_1024x768(data_dir: Path, language: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (audit, 1024x768 at 100%): every button, the switch, the name field and the
    help were small text (18 px of a body of 20) with half the panel empty under them."""
    from game.ui import text
    from game.ui.i18n import tr
    from game.ui.scenes.weights_editor import WeightsEditorScene
    from tests.ui_helpers import frame, make_app

    app = make_app((1024, 768), language)
    editor = WeightsEditorScene(app)
    app.push(editor)
    frame(app)
    body = app.metrics.body
    assert all(w.px == body for w in editor.widgets()), [w.px for w in editor.widgets()]
    first_word = tr("weights.help").split()[0]
    sizes: list[int] = []
    real = text.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, *args: object,
            **kwargs: object) -> pygame.Rect:
        if line.startswith(first_word):
            sizes.append(px)
        return real(surface, line, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "blit_text", spy)
    editor.draw(app.screen)
    assert sizes == [body]
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_editors_grid_numbers_and_steps_take_the_room_at_200_percent(
        data_dir: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 24, 1024x768 en 200%): the 64 weights were at the readable size
    (20 px) in a grid 440 px tall with 150 px unused under it, and "−10"/"+10" were drawn
    smaller than "−1"/"+1" on buttons of one width. The grid is wider, its weights 15%
    over the readable size, the step buttons' labels one size and each whole on its button,
    and the help still shows whole at the readable size at least."""
    from game.ui import text
    from game.ui.i18n import tr
    from game.ui.scenes.play_fit import readable_px
    from game.ui.scenes.weights_editor import WeightsEditorScene, cell_label
    from tests.ui_helpers import frame, make_app, texts_drawn_by

    app = make_app((1024, 768), language, text_scale=200)
    editor = WeightsEditorScene(app)
    app.push(editor)
    frame(app)
    least = readable_px(app.size)
    assert editor.board.height > 440, editor.board
    drawn = texts_drawn_by(lambda: editor.draw(app.screen), monkeypatch)
    weights = {cell_label(v) for row in editor.table.rows for v in row}
    cells = [px for said, px, rect in drawn if said in weights and editor.board.contains(rect)]
    assert len(cells) == 64 and min(cells) >= least * 1.15, (cells, least)
    steps = editor.step_buttons
    assert len({b.px for b in steps}) == 1, [b.px for b in steps]
    for button in steps:
        need = text.size(button.label(), button.px, True)[0]
        assert need <= button.rect.width - button.rect.height // 3, (button.label(), need)
    first = tr("weights.help", low=-999, high=999).split()[0]
    helps = [px for said, px, _rect in drawn if said.startswith(first)]
    assert helps and min(helps) >= least, helps
    app.shutdown()
