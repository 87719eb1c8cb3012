"""The tournament at large text: the set-up and the results each on a page of their own.

Beside the results, the set-up has a third of the width. With large text its rows no longer
fit there: at 200% of 1024x768 "Games per pairing" shrank to 19 px between 25 px labels and
"Meilleur d'…" was cut; with a true 200% (40 px body text) "Pa…", "G…" and "Ha…" were all that
showed. When the set-up's widest row needs more than :data:`SIDE_BY_SIDE_MOST` times the
column's width, the screen shows one page at a time across the whole width: the run's buttons
stay at the top of both pages (Start where it was: a double-click on it lands on Start, greyed
while the games run), a fourth button opens the other page, and Start opens the results.

The set-up's steppers line their -, value and + up in one column, at the row's own text size
(:func:`line_up_values`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ai.registry import players_for
from game.rules.registry import game_names, get_game
from game.ui import text
from game.ui.i18n import grouped, language, tr
from game.ui.scenes.lab_common import align_choices
from game.ui.scenes.players import param_label, param_ladder, param_text
from game.ui.scenes.tournament_results import place_rank_button
from game.ui.scenes.tournament_setup_list import Row
from game.ui.scenes.tournament_variant import TWO_LINES, variant_fit, variant_slots
from game.ui.widgets import VALUE_LEAST, Button, Choice, Metrics, Stepper

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene

#: The set-up stays in its column beside the results while its widest row, on one line at
#: body size, needs at most this many times the column's width (its label then goes on two
#: lines): 1.3-1.45 at 100% text, 1.7-1.95 at 200% with the 4.5% cap, 2.5-2.8 at a true 200%.
SIDE_BY_SIDE_MOST = 1.6
#: The pages.
SETUP, RESULTS = "setup", "results"
#: A player's parameter rows are indented by this share of the list's width (0.08 left
#: "Perles ajoutées si perdu" no room beside the values' column at 100% of 1920x1080).
PARAM_INDENT = 0.05
#: The export button's labels, longest first: the first that fits is shown.
EXPORT_LABELS = ("tour.export", "tour.export_short")


@lru_cache(maxsize=64)
def widest_row(px: int, row_height: int, language: str, indent: int) -> int:
    """The width the set-up's widest stepper row needs on one line at ``px``, ``row_height``
    pixels tall: its label, the - and + buttons and the widest value any player of any game
    can show (a parameter's row ``indent`` pixels in). Of every game, so that the choice of
    pages does not change with the game or the players (``language``: the cache's key)."""
    del language  # the texts below are in the current language
    labels = [(tr("tour.games"), 0), (tr("tour.seed"), 0)]
    values = [grouped(n) for n in (10_000, 999)]
    for game in game_names():
        for info in players_for(game, get_game(game).options()):
            for param in info.params:
                labels.append((param_label(param.name), indent))
                values += [param_text(param, v) for v in param_ladder(param)]
    label = max(text.size(words, px)[0] + shift for words, shift in labels) + px // 2
    value = max(text.size(v, px, True)[0] for v in values) + px // 2
    button = max(8, min(int(row_height * 0.85), int(px * 1.15)))
    return label + 2 * button + value


def needs_pages(m: Metrics, column: int, row_height: int) -> bool:
    """Whether the set-up, in a column ``column`` pixels wide with rows ``row_height`` tall,
    goes on a page of its own (see :data:`SIDE_BY_SIDE_MOST`)."""
    need = widest_row(m.body, row_height, language(), int(column * PARAM_INDENT))
    return need > column * SIDE_BY_SIDE_MOST


def line_up_values(steppers: Sequence[Stepper]) -> None:
    """One column of -, value and + for ``steppers`` (placed one per row, their right edges
    lined up): the widest value any of them shows, narrower down to :data:`VALUE_LEAST` of
    the text size only while a label would not show whole at the row's own size (on two
    lines at 90% of it at least). When no column leaves every label whole (a narrow column
    at 100% text, its rows too low for two lines), the widest one that lines up the most
    rows, the others each a value box as wide as their value (as before lining up).
    :func:`game.ui.widgets.align_values` shrank labels to 15 px or cut them to keep a column:
    here a label keeps its size, then the values shrink, and a row leaves the column last."""
    placed = [s for s in steppers if s.rect.width > 0]
    if not placed:
        return
    widest = max(s.widest_value() for s in placed)
    least = max(s.widest_value(VALUE_LEAST) for s in placed)
    step = max(1, placed[0].px // 4)
    best: tuple[int, int] = (-1, widest)
    for width in [*range(widest, least, -step), least]:
        for stepper in placed:
            stepper.value_width = width
        lined = sum(label_whole(s) for s in placed)
        if lined == len(placed):
            return
        best = max(best, (lined, width))
    for stepper in placed:
        stepper.value_width = best[1]
        if not label_whole(stepper):
            stepper.value_width = None


def label_whole(stepper: Stepper) -> bool:
    """Whether ``stepper``'s label shows whole, on one line or two, at 90% of its text size
    at least (as :func:`game.ui.text.fit_lines` would fit it, without drawing a cut trial)."""
    label, box = stepper.label(), stepper._label_box()
    px = int(stepper.px * 0.9)
    if text.size(label, px)[0] <= box.width:
        return True
    lines = text.wrap(label, box.width, px)
    return (len(lines) <= 2 and text.two_line_step(px) * len(lines) <= box.height + 2
            and all(text.size(line, px)[0] <= box.width for line in lines))


# --------------------------------------------------------------------------------------------
# Where everything goes
# --------------------------------------------------------------------------------------------


def layout(scene: TournamentScene) -> None:
    """Place ``scene``'s panels and widgets for the window size: the set-up column beside the
    run and its results, or, when the set-up needs it, one page at a time across the width
    (the other page's widgets hidden: they take no click)."""
    m = scene.app.metrics
    pad = m.pad
    left, right, bh = scene.frame_layout(0.34)
    scene.paged = needs_pages(m, left.width - pad * 4, int(m.body * 2.0))
    controls: list[tuple[Button, tuple[str, ...]]] = [
        (scene.start_button, ("tour.start",)),
        (scene.pause_button, ("tour.pause", "tour.resume")),
        (scene.stop_button, ("tour.stop",))]
    scene.page_button.visible = scene.paged
    if not scene.paged:
        place_setup(scene, left)
        place_run(scene, right, bh, controls)
        return
    whole = pygame.Rect(left.left, left.top, right.right - left.left, left.height)
    controls.append((scene.page_button, ("tour.results", "tour.setup")))
    if scene.page == SETUP:
        scene.place_controls(whole, bh, controls, scene.progress_width())
        top = whole.top + bh + pad * 2
        place_setup(scene, pygame.Rect(whole.left, top, whole.width, whole.bottom - top))
        for hidden in (scene.export_button, scene.rank_button, scene.view_button):
            hidden.visible = False
        return
    place_results_page(scene, whole, bh, controls)
    scene.panels["setup"] = pygame.Rect(whole.left, whole.top, 0, 0)  # none on this page
    for widget in scene.setup_list_widgets():
        widget.visible = False


def place_setup(scene: TournamentScene, panel: pygame.Rect) -> None:
    """The set-up panel in ``panel``: its rows in slots (scrolled when they do not fit), the
    variant chooser one row high unless its name takes two lines, the steppers' values in one
    column."""
    m = scene.app.metrics
    pad = m.pad
    scene.panels["setup"] = panel
    # On its own page, no heading: the rows start at the top (at a true 200% of 1920x1080 the
    # heading left room for three rows: the game, the variant and one player).
    scene.setup_heading = not scene.paged
    heading = int(m.heading * 1.4) if scene.setup_heading else 0
    inner = pygame.Rect(panel.left + pad * 2, panel.top + pad + heading,
                        panel.width - pad * 4, panel.height - pad * 2 - heading)
    if scene.paged:
        # No wider than the widest row needs (a chooser's arrows 900 px apart read poorly).
        need = widest_row(m.body, int(m.body * 2.0), language(), int(inner.width * PARAM_INDENT))
        inner.width = min(inner.width, need + m.body * 4)
    # The variant's slots whatever the game (rows stay put when it changes).
    variant_span = variant_slots(m, inner.width)
    scene.extra_slots = variant_span - 1
    scene.variant_fit = variant_fit(m, inner.width, scene.game)
    step = scene.row_step(inner.height)
    if scene.paged:  # rows for body text (the list scrolls): the small size is the cramped column's
        step = max(step, math.ceil(m.body * 1.7))
    px = m.body if step >= m.body * 1.7 else m.small
    settings = [Row((wdg,), span=variant_span if wdg is scene.setup_widgets[1] else 1)
                for wdg in scene.setup_widgets]
    players: list[Row] = []
    for row in scene.player_rows:
        players.append(Row(tuple(row[:2])))
        players += [Row((p,), indent=PARAM_INDENT) for p in row[2:]]
    players.append(Row((scene.add_button,),
                       label_width=text.size(tr("tour.add"), px, True)[0]))
    # Paged: the players right under the game (its page shows 4-6 rows at a true 200%: the
    # players were all below the fold); then games, seats and seed.
    rows = ([*settings[:2], *players, *settings[2:]] if scene.paged
            else [*settings, *players])
    scene.setup_list.place(rows, inner, step, px, pad)
    chooser = scene.setup_widgets[1]
    if scene.variant_fit != TWO_LINES and chooser.rect.height > step:
        # One row high in the middle of its slots (it was 88 px tall beside 41 px rows).
        chooser.place(pygame.Rect(0, 0, chooser.rect.width, step - max(2, pad // 2))
                      .move(chooser.rect.left, chooser.rect.top + step // 2), px)
    scene.panels["setup_rows"] = inner
    for row in scene.player_rows:  # the number's own width ("1."): 10% of a page was 69 px
        row[0].label_width = 0.01 if scene.paged else 0.1  # type: ignore[attr-defined]
    align_choices([w for w in scene.setup_widgets if isinstance(w, Choice)])
    line_up_values([w for w in scene.setup_list_widgets() if isinstance(w, Stepper)])


def place_run(scene: TournamentScene, side: pygame.Rect, bh: int,
              controls: list[tuple[Button, tuple[str, ...]]]) -> None:
    """The run's buttons and progress at the top of ``side``, the export row at its bottom,
    the results between."""
    m = scene.app.metrics
    pad = m.pad
    controls_h = scene.place_controls(side, bh, controls, scene.progress_width())
    # Export at the bottom right, its longer label where it fits (it asks for the folder).
    widths = [text.size(tr(key), m.body, True)[0] + bh for key in EXPORT_LABELS]
    scene.export_short = next((i for i, w in enumerate(widths) if w <= side.width),
                              len(widths) - 1)
    width = min(widths[scene.export_short], side.width)
    ey = side.bottom - bh
    scene.export_button.place(pygame.Rect(side.right - width, ey, width, bh), m.body)
    scene.export_button.visible = True
    results_top = side.top + controls_h + pad * 2
    scene.panels["results"] = pygame.Rect(side.left, results_top, side.width,
                                          ey - pad * 2 - results_top)
    place_rank_button(scene)


def place_results_page(scene: TournamentScene, page: pygame.Rect, bh: int,
                       controls: list[tuple[Button, tuple[str, ...]]]) -> None:
    """The results' page: the run's buttons, then the progress line with Export at its right
    (a row of its own here left the results 30% of the height at 1920x1080), then the
    results to the bottom."""
    m = scene.app.metrics
    pad = m.pad
    scene.place_controls(page, bh, controls, page.width)  # the progress goes below them
    scene.export_short = 0
    widths = [text.size(tr(key), m.body, True)[0] + bh for key in EXPORT_LABELS]
    row = pygame.Rect(page.left, page.top + bh + pad, page.width, bh)
    # The longer label while the progress keeps 60% of the row (its line has shorter forms).
    width = next((w for w in widths if row.width - w - pad * 2 >= row.width * 0.6), widths[-1])
    scene.export_short = widths.index(width)
    scene.export_button.place(pygame.Rect(row.right - width, row.top, width, bh), m.body)
    scene.export_button.visible = True
    scene.panels["progress"] = pygame.Rect(row.left, row.top, row.width - width - pad * 2, bh)
    top = row.bottom + pad  # (pad * 2 left the table's numbers a pixel short at 1920x1080)
    scene.panels["results"] = pygame.Rect(page.left, top, page.width, page.bottom - top)
    place_rank_button(scene)
