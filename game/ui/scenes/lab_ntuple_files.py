"""The n-tuple lab's Save and Load, to and from any folder (a USB stick), as the learning lab's.

Save opens the folder browser on the data folder: saved there, the network goes to the file the
lab and the n-tuple player read (``ntuple__othello_size=N.npz``), after asking where that
replaces one; saved anywhere else, to a new file named after its board and games. Load opens
the same browser on ``*.npz`` files: the lab's own file is read as "Load saved" reads it (a bad
one kept aside); a file from anywhere else is read for either board size, and one that cannot
be used (corrupt, hostile, another program's) is refused with a message naming it: it is left
as it is and the lab keeps its network.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from ai.ntuple import LoadReport, NTupleFileError, default_path, load_network
from ai.ntuple_training import LAB_SIZES
from game.ui.file_reasons import file_reason
from game.ui.i18n import grouped, tr
from game.ui.reasoning import plural
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.lab_files import save_problem

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.ntuple_lab import NTupleLabScene


def home_folder(scene: NTupleLabScene) -> Path:
    """The data folder's learners, where the lab's own network file is."""
    return default_path(scene.session.size).parent


def say(scene: NTupleLabScene, title: str, message: str) -> None:
    """A message box over the lab (the lab keeps the message for tests)."""
    scene.message = message
    scene.app.push(MessageDialog(scene.app, title, message,
                                 [(lambda: tr("dialog.back"), lambda: None)]))


def open_save(scene: NTupleLabScene) -> None:
    """The Save dialog: the data folder first, any other folder; Cancel saves nothing."""
    from game.ui.scenes.lab_load_dialog import NetworkSaveDialog

    scene.app.push(NetworkSaveDialog(scene.app, home_folder(scene),
                                     lambda folder: ask_then_save(scene, folder)))


def ask_then_save(scene: NTupleLabScene, folder: Path) -> None:
    """Save in ``folder``, first asking where that replaces the network saved in the data
    folder (a second Save replaced the first without a word: QA S12 11)."""
    target = default_path(scene.session.size)
    if folder != home_folder(scene) or not target.exists():
        save_in(scene, folder)
        return
    def replace() -> None:
        save_in(scene, folder)

    scene.app.push(MessageDialog(
        scene.app, tr("ntuple.replace_title"), tr("ntuple.replace_text", file=target.name),
        [(lambda: tr("ntuple.replace"), replace),
         (lambda: tr("dialog.cancel"), lambda: None)], primary=1))


def save_in(scene: NTupleLabScene, folder: Path) -> Path | None:
    """Save the network in ``folder`` (atomically); a message box names the file and its
    folder, or says why it could not be saved (a full disk, a read-only folder: nothing is
    lost, the network is still in the lab). The path, or None."""
    session = scene.session
    size = session.size
    if folder == home_folder(scene):
        path = default_path(size)
    else:
        games = session.player.games_trained
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"ntuple-othello-{size}x{size}-{games}g-{stamp}.npz"
    try:
        saved = session.save(path)
    except OSError as exc:
        say(scene, tr("lab.save_failed"), save_problem(exc, folder))
        return None
    say(scene, tr("ntuple.saved_title"), tr("ntuple.saved", file=saved.name,
                                            folder=str(saved.parent)))
    return saved


def open_load(scene: NTupleLabScene) -> None:
    """The Load dialog: the data folder's networks first, any other folder; Cancel loads
    nothing."""
    from game.ui.scenes.lab_load_dialog import NetworkLoadDialog

    scene.app.push(NetworkLoadDialog(scene.app, home_folder(scene),
                                     lambda path: load_from(scene, path)))


def load_from(scene: NTupleLabScene, path: Path) -> bool:
    """Load the network in ``path``; True when the lab now uses it.

    The lab's own file is read as "Load saved" reads it. Any other file is read for the
    current board size, then the other: a file that fits neither is refused with a message
    naming it and saying why; the file is left as it is and the lab keeps its network.
    """
    session = scene.session
    if path == default_path(session.size):
        scene.load()
        return True
    sizes = (session.size, *(s for s in LAB_SIZES if s != session.size))
    first_error = ""
    for size in sizes:
        try:
            net = load_network(path, size)
        except (OSError, NTupleFileError) as exc:
            first_error = first_error or file_reason(exc)  # in words, QA S12 37
            continue
        session.stop()
        session.replace_network(net)
        scene.knowledge_changed()
        scene.app.notify(plural("ntuple.loaded", net.games_trained, file=path.name,
                                games=grouped(net.games_trained)))
        return True
    say(scene, tr("ntuple.load_failed"), tr("ntuple.file_refused", file=path.name,
                                            error=first_error))
    return False


def load_notice(scene: NTupleLabScene, report: LoadReport) -> str:
    """What loading the data folder's network did, in the user's language: the report's own
    message is the command line's English ("loaded n-tuple network from
    ntuple__othello_size=8.npz", shown as it was in a French lab: QA S12 37)."""
    path = default_path(scene.session.size)
    if report.loaded:
        games = scene.session.player.games_trained
        return plural("ntuple.loaded", games, file=path.name, games=grouped(games))
    if report.kept_as is not None:
        return tr("ntuple.load_kept", file=path.name, kept=report.kept_as.name)
    if not path.exists():
        return tr("ntuple.load_missing", folder=str(path.parent))
    return tr("ntuple.load_unread", file=path.name)


def unsaved_note(app: App) -> str:
    """What the Quit question adds about work that is not saved: the learning lab's learner
    and the n-tuple lab's network, each with its games since it was last saved or loaded
    ("" when there is none: Quit is then the default)."""
    notes = []
    for session, key in ((app.lab_session, "lab.unsaved"), (app.ntuple_session, "ntuple.unsaved")):
        games = session.unsaved_games() if session is not None else 0
        if games:
            notes.append(f" {plural(key, games, games=grouped(games))}")
    return "".join(notes)
