"""The tournament's export: the games and the standings as CSV files and the results as a
light PNG, written in a folder chosen in the lab's folder browser (Documents first, a USB
stick...), as the lab's picture is; Cancel writes nothing. The folder chosen is offered first
at the next export. A message lists the three files, each name whole on its lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.export import (
    ExportError,
    check_folder,
    default_folder,
    timestamped,
    write_csv,
    write_picture,
)
from game.ui.i18n import tr
from game.ui.scenes.lab_load_dialog import ExportDialog
from game.ui.scenes.tournament_model import GAMES_HEADER, STANDINGS_HEADER
from game.ui.scenes.tournament_results import draw_results

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene


class ResultsExportDialog(ExportDialog):
    """Choose the folder the tournament's files go to; its list shows the folder's
    pictures, as the lab's export does."""

    title_key = "tour.export_title"
    pick_key = "tour.browse.pick_folder"


def choose_export_folder(scene: TournamentScene) -> None:
    """The Export dialog, on the folder of the last export (else Documents); the files are
    written in the folder chosen."""
    folder = scene.export_folder or default_folder()
    scene.app.push(ResultsExportDialog(scene.app, folder,
                                       lambda chosen: export_and_say(scene, chosen)))


def write_results(scene: TournamentScene, folder: Path) -> list[Path]:
    """Write the games CSV, the standings CSV and the results PNG into ``folder`` (created
    if missing); their paths. ExportError says why not."""
    if not scene.results.has_games():
        raise ExportError(tr("tour.nothing"))
    folder = check_folder(str(folder))
    stem = timestamped(f"tournament-{scene.results.game}")
    games_csv = write_csv(folder, f"{stem}-games", GAMES_HEADER, scene.results.games_rows())
    standings_csv = write_csv(folder, f"{stem}-standings", STANDINGS_HEADER,
                              scene.results.standings_rows())
    # A duel's chart stretches to any height: a lower canvas keeps its picture compact.
    size = (1600, 700 if len(scene.names) == 2 else 900)
    png = write_picture(folder, stem, size, lambda surface, area, theme: draw_results(
        scene, surface, area, 26, titled=True, theme=theme))
    return [games_csv, standings_csv, png]


def export_and_say(scene: TournamentScene, folder: Path) -> list[Path]:
    """Export into ``folder``, then say where the files went (or why they could not be
    written); the files written."""
    try:
        paths = write_results(scene, folder)
    except ExportError as exc:
        scene.show_message(tr("tour.export_failed"), str(exc))
        return []
    scene.exported = paths
    scene.export_folder = paths[0].parent
    scene.show_message(tr("tour.exported_title"),
                       tr("tour.exported", folder=str(paths[0].parent),
                          csv="\n".join(p.name for p in paths[:-1]), png=paths[-1].name))
    return paths
