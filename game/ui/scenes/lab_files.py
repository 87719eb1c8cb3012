"""The learning lab's files: Save, the list of saved learners, Load (in the background for a
big file, behind a progress box), and what to say when a file cannot be used.

Reading and writing the files is :mod:`ai.learner_files`' job; this module turns it into the
lab's dialogs and messages and sets the lab up for the file's game, variant and learner.
"""

from __future__ import annotations

import contextlib
import errno
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ai import learner_files
from ai.learner_files import learners_folder, options_from_json
from ai.learners import LearnerFileError
from ai.registry import PlayerSpecError, get_player_info
from game.rules.base import RulesError
from game.ui.boards import presenter_for
from game.ui.file_reasons import file_reason
from game.ui.i18n import grouped, tr
from game.ui.reasoning import plural
from game.ui.scenes.lab_common import game_title
from game.ui.scenes.lab_layout import loaded_notice
from game.ui.scenes.loading import LoadingPopup
from game.ui.scenes.players import player_title
from game.userdata import keep_aside

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene


def describe_entry(entry: learner_files.FileEntry) -> str:
    """A learner file's line in the Load list: "game · kind · games · date", read from its
    header, or that it cannot be read."""
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified))
    data = entry.header
    if not entry.readable:
        return tr("lab.file_unreadable", date=date)
    game = str(data.get("game"))
    try:
        options = options_from_json(game, data.get("options"))
        title = f"{game_title(game)} {presenter_for(game).variant_label(options)}"
    except (RulesError, TypeError, ValueError, AttributeError):
        title = game
    kind = str(data.get("kind", "?"))
    with contextlib.suppress(PlayerSpecError):
        kind = player_title(get_player_info(kind))
    games = data.get("games_trained")
    return plural("lab.file_desc", games if type(games) is int else 2, game=title, kind=kind,
                  games=grouped(games) if type(games) is int else "?", date=date)


#: What a save that failed says, by the error's number: the disk is full, or the folder cannot
#: be written (read-only, a locked USB stick, no permission).
SAVE_PROBLEMS = {errno.ENOSPC: "lab.save_full", errno.EDQUOT: "lab.save_full",
                 errno.EROFS: "lab.save_read_only", errno.EACCES: "lab.save_read_only",
                 errno.EPERM: "lab.save_read_only"}


def save_problem(exc: OSError, folder: Path | None) -> str:
    """Why a learner could not be saved in ``folder`` (None: the data folder), in words, and
    that nothing was lost."""
    where = str(folder) if folder is not None else (exc.filename or str(exc))
    key = SAVE_PROBLEMS.get(exc.errno or 0, "lab.save_error")
    return tr(key, folder=where, error=exc.strerror or str(exc))


class LabFiles:
    """Save and Load for one lab screen."""

    def __init__(self, lab: LearningLabScene) -> None:
        self.lab = lab

    def save(self, folder: Path | None = None) -> Path | None:
        """Save the learner as a new JSON file in ``folder`` (default: the data folder's
        learners), written atomically; return its path, or None after saying why not (a full
        disk, a read-only folder: nothing is lost, the learner stays in the lab)."""
        if self.lab.running:
            return None
        variant = presenter_for(self.lab.game).variant_label(self.lab.options)
        stem = (f"{self.lab.session.kind}-{self.lab.game}-{variant}-"
                f"{self.lab.learner.games_trained}g-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            # Inside the try: the data folder itself may be impossible to make.
            self.lab.session.absorb(self.lab.runner)
            path = learner_files.save_learner(self.lab.learner, stem,
                                              self.lab.session.usage_by_text(), folder)
        except OSError as exc:
            self.lab.show_message(tr("lab.save_failed"), save_problem(exc, folder))
            return None
        self.lab.session.mark_saved()
        # A message box rather than a passing notice: the folder is what a teacher needs to
        # find the file again (or copy it to a USB stick), and a path takes time to read.
        self.lab.show_message(tr("lab.saved_title"),
                              tr("lab.saved", name=path.name, folder=str(path.parent)))
        return path

    def save_clicked(self) -> None:
        """The Save dialog: the data folder's learners, any other folder (a USB stick),
        Cancel."""
        if self.lab.running:
            return
        try:
            folder = learners_folder()
        except OSError as exc:
            self.lab.show_message(tr("lab.save_failed"), save_problem(exc, None))
            return
        from game.ui.scenes.lab_load_dialog import SaveDialog

        self.lab.app.push(SaveDialog(self.lab.app, folder, self.save))

    def saved_files(self, folder: Path | None = None) -> list[tuple[Path, str, str]]:
        """Every learner file of ``folder`` (default: the data folder's learners): (path,
        name, "game · kind · games · date"), newest first, read from the files' headers; a
        file that cannot be read is listed as such."""
        try:
            entries = learner_files.list_files(folder)
        except OSError:
            return []  # no data folder, so no saved files (open_load says why)
        return [(entry.path, entry.path.stem, describe_entry(entry)) for entry in entries]

    def open_load(self) -> None:
        """The Load dialog: the saved learners, any other folder (a USB stick), Cancel."""
        if self.lab.running:
            return
        try:
            folder = learners_folder()
        except OSError as exc:
            self.lab.show_message(tr("lab.load"), str(exc))
            return
        from game.ui.scenes.lab_load_dialog import LoadDialog

        self.lab.app.push(LoadDialog(self.lab.app, folder, self.load_file))

    def load_file(self, path: Any) -> bool:
        """Load a learner file, switching the set-up to its game, variant and kind.

        The file's header says which; its table is read at once for a small file, or on a
        background thread behind a progress box for a big one (then this returns True before
        the table is in). A file of the data folder that cannot be used is moved aside
        (``NAME.corrupt-...``); one from elsewhere (a USB stick) is left as it is; a message
        says why. When its header is bad, the current learner is left as it was.
        """
        source = Path(path)
        if not source.exists():
            self.lab.show_message(tr("lab.load_failed"), tr("lab.file_missing", name=source.name))
            return False
        try:
            ours = learner_files.is_inside(source, learners_folder())
        except OSError:
            ours = False
        try:
            header = learner_files.header_of(source)
            game, kind, options = learner_files.check_header(header)
        except LearnerFileError as exc:
            self._refused(source, file_reason(exc), ours)
            return False
        self.lab.session.use_file(game, kind, options, header.get("params"))
        self.lab.setup_changed()
        job = learner_files.LoadJob(source, self.lab.learner, keep_bad=ours)
        if learner_files.loads_in_background(source):
            self.lab.app.push(LoadingPopup(self.lab.app, tr("lab.loading", name=source.name),
                                       job.start(), lambda _outcome: self._after_load(job)))
            return True
        job.run()
        return self._loaded(job)

    def _refused(self, source: Path, error: str, ours: bool) -> None:
        """Say why a file's header cannot be used; a file of ours is moved aside first."""
        if ours:
            kept_path = keep_aside(source)
            kept = kept_path.name if kept_path else "?"
            message = tr("lab.file_foreign", name=source.name, error=error, kept=kept)
        else:
            message = tr("lab.file_refused", name=source.name, error=error)
        self.lab.show_message(tr("lab.load_failed"), message)

    def _after_load(self, job: learner_files.LoadJob) -> None:
        self._loaded(job)

    def _loaded(self, job: learner_files.LoadJob) -> bool:
        """Show the table a load put in the learner, or say why there is none."""
        outcome = job.outcome
        name = job.path.name
        if outcome is None or job.learner is not self.lab.learner:
            return False  # the set-up changed meanwhile: that learner is gone
        if outcome.problem is not None:
            self.lab.session.fresh()
            self.lab.setup_changed()
            kept = outcome.kept_as.name if outcome.kept_as else "?"
            message = {
                "missing": tr("lab.file_missing", name=name),
                "unreadable": tr("lab.file_corrupt", name=name, kept=kept),
                "foreign": tr("lab.file_foreign", name=name, error=file_reason(outcome.reason),
                              kept=kept),
                "cancelled": tr("lab.load_cancelled", name=name),
            }[outcome.problem]
            if outcome.kept_as is None and outcome.problem in ("unreadable", "foreign"):
                message = tr("lab.file_refused", name=name, error=file_reason(outcome.reason))
            self.lab.show_message(tr("lab.load_failed"), message)
            return False
        self.lab.session.explore_positions(job.stored_keys, usage=job.usage)
        self.lab.session.mark_saved()
        self.lab.refresh_knowledge()
        games, boxes = self.lab.learner.games_trained, self.lab.learner.positions_known()
        self.lab.app.notify(loaded_notice(self.lab, name, plural("lab.n_games", games, n=grouped(
            games)), plural("lab.n_boxes", boxes, n=grouped(boxes))))
        return True
