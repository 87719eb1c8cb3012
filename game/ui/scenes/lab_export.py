"""The learning lab's export: the view on screen (the two charts, the learner's table with its
chosen box, or the current page of matchboxes) as a PNG picture in the light print theme, cut
to what was drawn, written atomically in the folder chosen in the same folder browser as Save
(Documents first, a USB stick...); a message says where it went or why not (a full disk, a
read-only folder, each naming the folder).
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.export import ExportError, default_folder, timestamped, write_picture
from game.ui.i18n import grouped, tr
from game.ui.reasoning import plural
from game.ui.scenes.lab_charts import draw_rate_chart, draw_wins_chart
from game.ui.scenes.lab_common import game_title, player_name, variant_label
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene

#: The size of the canvas a chart export is drawn on (then cut to its ink), and its text size.
CHART_CANVAS = (1600, 1000)
CHART_PX = 26
MARGIN = 30


def draw_charts(lab: LearningLabScene, surface: pygame.Surface, area: pygame.Rect,
                theme: Theme) -> None:
    """Both charts, one above the other, with the runs' names in their legends."""
    half = (area.height - MARGIN) // 2
    top = pygame.Rect(area.left, area.top, area.width, half)
    bottom = pygame.Rect(area.left, area.bottom - half, area.width, half)
    draw_wins_chart(surface, top, lab.runs, theme, CHART_PX, lab.games)
    draw_rate_chart(surface, bottom, lab.runs, theme, CHART_PX, lab.games)


Draw = Callable[[pygame.Surface, pygame.Rect, Theme], None]


def caption(lab: LearningLabScene) -> str:
    """What a printed picture is of: the game and variant, the last run (its learner,
    opponent and evaluation) or the learner, and how many games it trained on."""
    run = lab.runs[-1].label if lab.runs else player_name(lab.session.kind)
    games = lab.learner.games_trained  # ("1 parties" in the picture: QA20 15)
    return plural("lab.export_caption", games, game=f"{game_title(lab.game)} "
                  f"{variant_label(lab.game, lab.options)}", run=run, games=grouped(games))


def with_caption(lab: LearningLabScene, size: tuple[int, int], draw: Draw
                 ) -> tuple[tuple[int, int], Draw]:
    """The drawing with its caption above it (a handout says what it shows)."""
    said = caption(lab)
    lines = len(text.wrap(said, size[0] - 2 * MARGIN, CHART_PX, True))
    line_h = text.font(CHART_PX, True).get_linesize() * lines

    def drawn(surface: pygame.Surface, area: pygame.Rect, theme: Theme) -> None:
        text.blit_wrapped(surface, said, CHART_PX, theme.text,
                          pygame.Rect(area.left, area.top, area.width, line_h), bold=True,
                          line_gap=0)
        draw(surface, pygame.Rect(area.left, area.top + line_h + MARGIN // 2, area.width,
                                  area.height - line_h - MARGIN // 2), theme)

    return (size[0], size[1] + line_h + MARGIN // 2), drawn


def view_drawing(lab: LearningLabScene) -> tuple[tuple[int, int], Draw]:
    """The canvas size and the drawing of the lab's current view (in the theme it is given),
    under its caption."""
    size, draw = _view_only(lab)
    return with_caption(lab, size, draw)


def _view_only(lab: LearningLabScene) -> tuple[tuple[int, int], Draw]:
    view = lab.tabs.current()
    if view == "charts":
        return CHART_CANVAS, lambda surface, area, theme: draw_charts(lab, surface, area, theme)
    rect = lab.panels["view"]
    m = lab.app.metrics

    def draw(surface: pygame.Surface, area: pygame.Rect, theme: Theme) -> None:
        # The panels are laid out on the canvas for the picture (no on-screen control in
        # it: a pager "1/792" on paper, QA19 32), then back on the screen.
        panel = lab.table if view == "table" else lab.knowledge
        panel.printing = True
        try:
            panel.layout(area)
            if view == "table":
                lab.table.draw(surface, theme, m)
            else:
                lab.knowledge.draw(surface, None, theme)
        finally:
            panel.printing = False
        lab.layout()

    return (rect.width + 2 * MARGIN, rect.height + 2 * MARGIN), draw


#: What an export that failed says, by the error's number (see :func:`export_problem`).
EXPORT_PROBLEMS = {errno.ENOSPC: "lab.export_full", errno.EDQUOT: "lab.export_full",
                   errno.EROFS: "lab.export_read_only", errno.EACCES: "lab.export_read_only",
                   errno.EPERM: "lab.export_read_only"}


def export_problem(exc: OSError, folder: Path) -> str:
    """Why the picture could not be written in ``folder``, in words naming the folder: a full
    disk, a folder that cannot be written, or the error itself; the lab loses nothing."""
    cause = exc.__cause__ if isinstance(exc.__cause__, OSError) else exc
    key = EXPORT_PROBLEMS.get(cause.errno or 0, "lab.export_error")
    return tr(key, folder=str(folder), error=str(exc))


def choose_export_folder(lab: LearningLabScene) -> None:
    """The Export dialog: the folder browser of Save, on Documents; the picture is written in
    the folder chosen; Cancel writes nothing."""
    from game.ui.scenes.lab_load_dialog import ExportDialog

    lab.app.push(ExportDialog(lab.app, default_folder(), lambda folder: export_view(lab, folder)))


def export_view(lab: LearningLabScene, folder: Path | None = None) -> Path | None:
    """Write the current view as a PNG (in ``folder``, default Documents) and say where; its
    path, or None when it could not be written (a message says why)."""
    where = folder if folder is not None else default_folder()
    try:
        stem = timestamped(f"lab-{lab.game}-{lab.tabs.current()}")
        size, draw = view_drawing(lab)
        path = write_picture(where, stem, size, draw, MARGIN)
    except (ExportError, OSError) as exc:
        lab.show_message(tr("lab.export_failed"), export_problem(exc, where))
        return None
    lab.show_message(tr("lab.exported_title"),
                     tr("lab.exported", name=path.name, folder=str(path.parent)))
    return path
