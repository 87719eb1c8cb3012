"""Saving the game on the play screen as a text record, and opening a saved one to review it.

Records are written atomically in the data folder's ``games`` folder (:mod:`game.record`);
the notice names the folder, so a teacher can find the file. Opening is the lab's folder
browser (:class:`~game.ui.scenes.lab_load_dialog.LoadDialog`) on that folder, listing its
records newest first, with Open, Cancel and any other folder (a USB stick); Cancel changes
nothing. A record that cannot be read is explained in a message box and nothing is lost; a
game in progress is only replaced once the person says so, as when leaving it. An opened game
starts a new play screen at its last position, in review, so the class can step back through
it; leaving the review plays on from there. What was opened is said on the status line, over
no part of the board.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game import record
from game.record import Record, RecordError
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.scenes.browse_list import Row
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.lab_common import game_title, variant_label
from game.ui.scenes.lab_load_dialog import LoadDialog, plain_rows
from game.ui.scenes.match import Match
from game.ui.scenes.play_board import PART_SEPARATOR
from game.ui.scenes.play_input import leave_game
from game.ui.scenes.review import match_from_record, record_of

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: How long the status line says what was opened (longer than a refusal's moment: it names
#: the file and how to step through it).
OPENED_SECONDS = 6.0


class RecordOpenDialog(LoadDialog):
    """Browse folders for a game record (``*.txt``) to open: the data folder's saved games
    first, a USB stick or any folder typed."""

    title_key = "review.open_title"
    home_key = "review.browse.home"
    no_files_key = "review.none_saved"
    empty_key = "review.browse.none"

    def rows_of(self, folder: Path) -> list[Row]:
        return [row if row.is_folder else dataclasses.replace(row, detail=record_detail(row.path))
                for row in plain_rows(folder, record.SUFFIX)]


def record_detail(path: Path) -> str:
    """A record's line in the Open list: its game and variant, how many moves and its date,
    or that it cannot be read (its size in kilobytes read "0 KB" for a 26-move game)."""
    try:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        date = "?"
    try:
        game = record.load(path)
    except RecordError:
        return tr("lab.file_unreadable", date=date)
    name = game.setup.name
    return plural("review.file_desc", len(game.moves), date=date,
                  game=f"{game_title(name)} {variant_label(name, game.setup.options)}")


#: The game last saved and its file: the same game saved again is not written twice.
_last_saved: tuple[Record, Path] | None = None


def save_game(scene: PlayScene) -> Path | None:
    """Save the scene's game; say where (or why not). Return the file written, or None.

    The game saved a moment ago, unchanged and its file still there, is not written again:
    a double-click on Save wrote two identical files, and the Open list showed both (QA20
    18); the notice says where it already is."""
    global _last_saved
    game = record_of(scene.match)
    if (_last_saved is not None and _last_saved[0] == game and _last_saved[1].exists()
            and _last_saved[1].parent == _records_folder()):
        path = _last_saved[1]
        scene.app.notify(tr("review.saved_already", name=path.name, folder=str(path.parent)))
        return path
    try:
        path = record.save(game)
    except OSError as exc:
        scene.app.notify(tr("review.save_failed", error=str(exc)))
        return None
    _last_saved = (game, path)
    scene.app.notify(tr("review.saved", name=path.name, folder=str(path.parent)))
    return path


def _records_folder() -> Path | None:
    """The folder games are saved in now (the data folder may change), None if unknown."""
    try:
        return record.records_folder()
    except OSError:
        return None


def choose_game(scene: PlayScene) -> None:
    """The Open dialog on the saved games; the record picked replaces the scene's game (once
    the person agrees, while it is in progress)."""
    app = scene.app
    try:
        folder = record.records_folder()
    except OSError as exc:
        app.notify(tr("review.open_failed_text", error=str(exc)))
        return
    app.push(RecordOpenDialog(app, folder, lambda path: open_instead(scene, path)))


def open_instead(scene: PlayScene, path: Path) -> None:
    """Open the record at ``path`` in place of ``scene``'s game: read first (a file that
    cannot be read leaves the game as it is), then, while the game is in progress, asked as
    leaving it is (Stay keeps it)."""
    read = read_game(scene.app, path)
    if read is None:
        return
    match, problems = read

    def replace() -> None:
        show_game(scene.app, path, match, problems)

    leave_game(scene, replace, title=tr("review.replace_title", name=path.stem),
               leave=tr("review.replace"))


def read_game(app: App, path: Path) -> tuple[Match, list[str]] | None:
    """The match the record at ``path`` replays and the problems with its seats, or None
    after a message box says why it cannot be read."""
    try:
        return match_from_record(record.load(path))
    except RecordError as exc:
        app.push(MessageDialog(app, tr("review.open_failed"), str(exc),
                               [(lambda: tr("review.ok"), lambda: None)]))
        return None


def show_game(app: App, path: Path, match: Match, problems: list[str]) -> PlayScene:
    """``match`` (read from ``path``) on a new play screen, in review at its last position;
    its status line says what was opened (a notice over the board hid its column letters)."""
    from game.ui.scenes.play import PlayScene

    scene = PlayScene(app, match)
    app.replace(scene)
    scene.enter_review(len(match.states) - 1)
    parts = [tr("review.opened", name=path.stem, n=len(match.moves))]
    if problems:
        parts.append(tr("review.seat_human", error="; ".join(problems)))
    parts.append(tr("review.how_to_step"))
    scene.say(PART_SEPARATOR.join(parts))
    scene.message_left = OPENED_SECONDS
    return scene


def open_game(app: App, path: Path) -> PlayScene | None:
    """Open the record at ``path`` on a new play screen, in review at its last position;
    a message box says why when it cannot be read. Return the new scene, or None."""
    read = read_game(app, path)
    return None if read is None else show_game(app, path, *read)
