"""Opening a game record from the play screen (QA 23): a folder browser with Open and Cancel
that reaches any folder (a USB stick), a game in progress replaced only when the person says
so, and what was opened said on the status line, never over the board. Driven with synthetic
events on the real scenes, with the data folder in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import record
from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.play import PlayScene
from game.ui.scenes.review import record_of
from game.ui.scenes.review_files import RecordOpenDialog
from tests.ui_helpers import click, click_widget, frame, key, make_app, start_game


def _saved_game(folder: Path | None = None, moves: int = 5) -> Path:
    """A Connect 4 record of ``moves`` moves saved in ``folder`` (the data folder's games)."""
    app = make_app((1024, 768))
    play = start_game(app, "connect4", ("human", "human"))
    for _ in range(moves):
        play.apply_move(play.state.legal_moves()[0])
    return record.save(record_of(play.match), folder)


def _game_in_progress(size: tuple[int, int] = (1024, 768), language: str = "en",
                      scale: int = 100) -> PlayScene:
    """Othello, two moves played by people, in the window ``size``."""
    app = make_app(size, language=language, text_scale=scale)
    play = start_game(app, "othello", ("human", "human"))
    for _ in range(2):
        play.apply_move(play.state.legal_moves()[0])
    frame(app)
    return play


def _open_dialog(play: PlayScene) -> RecordOpenDialog:
    key(play.app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = play.app.top
    assert isinstance(dialog, RecordOpenDialog)
    frame(play.app)
    return dialog


def test_cancel_and_escape_close_the_open_dialog_and_lose_nothing(data_dir: Path) -> None:
    path = _saved_game()
    play = _game_in_progress()
    moves = list(play.match.moves)
    dialog = _open_dialog(play)
    assert dialog.folder == data_dir / "games"
    assert [row.path for row in dialog.rows] == [path]
    # Its game and its moves, not its size ("0 KB" for a 26-move game, QA S12 27).
    detail = dialog.rows[0].detail
    assert detail.startswith(tr("game.connect4.title")) and " · 5 moves · " in detail, detail
    click_widget(play.app, dialog.cancel_button)
    assert play.app.top is play and play.match.moves == moves
    _open_dialog(play)
    key(play.app, pygame.K_ESCAPE)
    assert play.app.top is play and play.match.moves == moves


def test_a_game_in_progress_is_kept_when_the_person_stays(data_dir: Path) -> None:
    path = _saved_game()
    play = _game_in_progress()
    moves = list(play.match.moves)
    dialog = _open_dialog(play)
    dialog._layout()
    row = dialog.row_rects[0][0]
    click(play.app, row.center)
    assert play.app.top is dialog, "one click selects the record"
    click_widget(play.app, dialog.open_button)
    asked = play.app.top
    assert isinstance(asked, MessageDialog) and path.stem in asked.title
    frame(play.app)
    click_widget(play.app, asked.buttons[1])  # Stay
    assert play.app.top is play and play.match.moves == moves and not play.review.active
    # Asked again, Open replaces it.
    _open_dialog(play).go(str(path))
    asked = play.app.top
    assert isinstance(asked, MessageDialog)
    frame(play.app)
    click_widget(play.app, asked.buttons[0])
    opened = play.app.top
    assert isinstance(opened, PlayScene) and opened is not play
    assert len(opened.match.moves) == 5 and opened.review.active


def test_a_finished_or_new_game_is_replaced_without_asking(data_dir: Path) -> None:
    path = _saved_game()
    app = make_app((1024, 768))
    play = start_game(app, "othello", ("human", "human"))
    _open_dialog(play).go(str(path))
    assert isinstance(app.top, PlayScene) and app.top is not play


def test_a_record_on_a_usb_stick_is_browsed_to_and_opened(tmp_path: Path) -> None:
    stick = tmp_path / "USB"
    stick.mkdir()
    path = _saved_game(stick, moves=3)
    (stick / "notes.png").write_bytes(b"")  # not a record: not listed
    app = make_app((1024, 768))
    play = start_game(app, "othello", ("human", "human"))
    dialog = _open_dialog(play)
    click_widget(app, dialog.path_field)
    dialog.path_field.value = ""
    frame(app, [pygame.event.Event(pygame.TEXTINPUT, text=str(stick))])
    key(app, pygame.K_RETURN)
    assert dialog.folder == stick and [row.path for row in dialog.rows] == [path]
    dialog._layout()
    row = dialog.row_rects[0][0]
    click(app, row.center)
    click(app, row.center)  # a double-click opens it
    opened = app.top
    assert isinstance(opened, PlayScene) and len(opened.match.moves) == 3


def test_an_unreadable_record_keeps_the_game_in_progress(data_dir: Path) -> None:
    bad = data_dir / "games" / "broken.txt"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(record.HEADER + "\ngame: othello\nmove: z9\n", encoding="utf-8")
    play = _game_in_progress()
    moves = list(play.match.moves)
    dialog = _open_dialog(play)
    assert dialog.rows[0].detail.startswith(tr("lab.file_unreadable", date="")[:10])
    dialog.go(str(bad))
    told = play.app.top
    assert isinstance(told, MessageDialog) and "z9" in told.message
    key(play.app, pygame.K_RETURN)
    assert play.app.top is play and play.match.moves == moves


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1920, 1080), "en")])
def test_what_was_opened_is_said_above_the_board(data_dir: Path, size: tuple[int, int],
                                                 language: str) -> None:
    """Regression (QA 23, 1024x768 French 200%): the notice "qa-passes-6x6 ouverte : 26
    coups…" took four lines over the review's title and the board's column letters."""
    path = _saved_game()
    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "othello", ("human", "human"))
    _open_dialog(play).go(str(path))
    opened = app.top
    assert isinstance(opened, PlayScene)
    frame(app)
    assert app.toast is None, "no notice over the screen"
    assert path.stem in opened.status().detail
    texts: list[tuple[str, pygame.Rect]] = []
    from game.ui import text

    real = text.blit_text

    def spy(surface: pygame.Surface, words: str, *args: object, **kwargs: object
            ) -> pygame.Rect:
        rect = real(surface, words, *args, **kwargs)  # type: ignore[arg-type]
        texts.append((words, rect))
        return rect

    text.blit_text = spy  # type: ignore[assignment]
    try:
        opened.draw(app.screen)
    finally:
        text.blit_text = real  # type: ignore[assignment]
    said = [rect for words, rect in texts if path.stem in words]
    assert said and all(rect.bottom <= opened.board_rect.top for rect in said)


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1920, 1080), "en")])
def test_the_open_dialogs_buttons_and_title_fit_at_200_percent(
        data_dir: Path, size: tuple[int, int], language: str) -> None:
    from game.ui import text
    from game.ui.i18n import tr

    _saved_game()
    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "othello", ("human", "human"))
    dialog = _open_dialog(play)
    for button in (dialog.home_button, dialog.open_button, dialog.cancel_button):
        assert dialog.box.contains(button.rect), button.label()
        assert text.size(button.label(), button.px, True)[0] <= button.rect.width
    width = dialog.box.width - 4 * app.metrics.pad
    assert text.size(tr("review.open_title"), app.metrics.heading, True)[0] <= width
    assert dialog.row_rects, "the saved game is listed"


def _open_dialog_of_six(language: str = "fr", size: tuple[int, int] = (1024, 640)
                        ) -> RecordOpenDialog:
    """The Open dialog at 200% of ``size`` over six saved records (a few show)."""
    for moves in range(2, 8):
        _saved_game(moves=moves)
    app = make_app(size, language=language, text_scale=200)
    dialog = _open_dialog(start_game(app, "othello", ("human", "human")))
    assert len(dialog.row_rects) < len(dialog.rows), "the list must scroll for this test"
    return dialog


def test_the_arrow_keys_choose_rows_and_enter_opens_the_chosen_record(data_dir: Path) -> None:
    """Regression (QA S12 38 and 48, 1024x640 French 200%): two of six records showed and
    only the wheel brought the others into view; then ↓ and ↑ scrolled but chose nothing, so
    the keys alone could not open a record. They now choose the next row, scrolled into
    view, its path in the field; Enter opens it."""
    dialog = _open_dialog_of_six()
    app = dialog.app
    for _ in dialog.rows:
        key(app, pygame.K_DOWN)
    last = dialog.rows[-1]
    assert dialog.selected == last.path and dialog.path_field.value == str(last.path)
    assert dialog.row_rects[-1][1] is last and dialog.scroll > 0
    key(app, pygame.K_UP)
    assert dialog.selected == dialog.rows[-2].path
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    opened = app.top
    assert isinstance(opened, PlayScene) and last.path.stem in opened.status().detail


@pytest.mark.parametrize("language", ["en", "fr"])
def test_open_with_nothing_chosen_says_what_to_do_and_keeps_the_list_where_it_was(
        data_dir: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S12 48): "Ouvrir" with no file chosen said nothing and threw the list
    back to its first rows. It now says to choose a file (whole, in the dialog), the list
    stays where it was scrolled, and choosing a row clears the words."""
    from tests.ui_helpers import watch_cuts

    dialog = _open_dialog_of_six(language)
    app = dialog.app
    dialog.scroll = 2
    frame(app)
    shown = [row for _rect, row in dialog.row_rects]
    cut = watch_cuts(monkeypatch)
    click_widget(app, dialog.open_button)
    assert app.top is dialog and dialog.error == tr("lab.browse.choose_file")
    assert dialog.error_rect.height and dialog.box.contains(dialog.error_rect)
    assert not cut, cut
    assert dialog.row_rects[0][1] is shown[0], "the list did not move"
    click(app, dialog.row_rects[0][0].center)
    assert dialog.selected == shown[0].path and not dialog.error


def test_the_open_dialogs_counter_says_which_rows_show(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S12 48): the corner counter read "2 / 6" however far the list
    scrolled (1280x720 French 200%); it names the rows shown ("1–2 sur 6", "3 sur 6")."""
    from tests.ui_helpers import spy_texts

    dialog = _open_dialog_of_six(size=(1280, 720))
    total = len(dialog.rows)
    drawn = spy_texts(monkeypatch)
    for scroll in (0, 2):
        dialog.scroll = scroll
        drawn.clear()
        frame(dialog.app)
        first, last = scroll + 1, scroll + len(dialog.row_rects)
        hint = [line for line in drawn if line.endswith((f"sur {total} · faire défiler",
                                                          f" / {total}"))]
        assert hint, drawn
        assert hint[0].split(" ")[0] == (f"{first}\u2013{last}" if last > first
                                         else str(first)), hint


@pytest.mark.parametrize("language", ["en", "fr"])
def test_open_with_nothing_chosen_leaves_the_list_its_rows(
        data_dir: Path, language: str) -> None:
    """Regression (QA13 15, 1920x1080 French 200%): the "choose a file first" words, two
    lines at the body size, took the list from two rows to one. They are one line at the
    small size; the list keeps two rows at least."""
    dialog = _open_dialog_of_six(language, (1920, 1080))
    app = dialog.app
    before = len(dialog.row_rects)
    click_widget(app, dialog.open_button)
    assert dialog.error == tr("lab.browse.choose_file") and dialog.error_lines == 1
    assert len(dialog.row_rects) >= min(before, 2), (before, len(dialog.row_rects))
