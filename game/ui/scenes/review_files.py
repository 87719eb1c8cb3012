"""Saving the game on the play screen as a text record, and opening a saved one to review it.

Records are written atomically in the data folder's ``games`` folder (:mod:`game.record`);
the notice names the folder, so a teacher can find the file. Opening lists the saved records,
newest first; a record that cannot be read is explained in a message box and nothing is lost.
An opened game starts a new play screen at its last position, in review, so the class can
step back through it; leaving the review plays on from there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import record
from game.record import RecordError
from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.review import match_from_record, record_of

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene


def save_game(scene: PlayScene) -> Path | None:
    """Save the scene's game; say where (or why not). Return the file written, or None."""
    try:
        path = record.save(record_of(scene.match))
    except OSError as exc:
        scene.app.notify(tr("review.save_failed", error=str(exc)))
        return None
    scene.app.notify(tr("review.saved", name=path.name, folder=str(path.parent)))
    return path


def choose_game(app: App) -> None:
    """The list of saved games; picking one opens it."""
    try:
        folder = record.records_folder()
        files = record.saved_records(folder)
    except OSError as exc:
        app.notify(tr("review.open_failed_text", error=str(exc)))
        return
    if not files:
        app.notify(tr("review.none_saved", folder=str(folder)))
        return
    items: list[tuple[Any, str, str]] = [(path, path.stem, "") for path in files]
    app.push(ListPopup(app, tr("review.open_title"), items, None,
                       lambda path: _open_quietly(app, Path(path))))


def _open_quietly(app: App, path: Path) -> None:
    open_game(app, path)


def open_game(app: App, path: Path) -> PlayScene | None:
    """Open the record at ``path`` on a new play screen, in review at its last position;
    a message box says why when it cannot be read. Return the new scene, or None."""
    from game.ui.scenes.play import PlayScene

    try:
        match, problems = match_from_record(record.load(path))
    except RecordError as exc:
        app.push(MessageDialog(app, tr("review.open_failed"), str(exc),
                               [(lambda: tr("review.ok"), lambda: None)]))
        return None
    scene = PlayScene(app, match)
    app.replace(scene)
    scene.enter_review(len(match.states) - 1)
    notice = tr("review.opened", name=path.stem, n=len(match.moves))
    if problems:
        notice += " " + tr("review.seat_human", error="; ".join(problems))
    app.notify(notice)
    return scene
