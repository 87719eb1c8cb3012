"""A round robin's results one view at a time: the cross-table or the ranking, each with the
whole results panel, when side by side the table's numbers would be smaller than the small
text size (at 200% text they were 11-19 px, the small size being 25-41). A button switches
between the two views; the points/Elo button sits beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from game.ui import charts, text
from game.ui.chart_tables import CrossGeometry, cross_geometry, names_fit
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament_model import TournamentResults
from game.ui.scenes.tournament_ranking import RankingTable, draw_ranking, fit_ranking
from game.ui.theme import Theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene

Cells = list[list[str]]
Shades = list[list[float | None]]


def view_button(results: Callable[[], TournamentResults]) -> Button:
    """The button that switches the ``results`` (as they are now) between the cross-table
    and the ranking, or for two players between the numbers and the chart; it names the view
    it opens."""

    def duel() -> bool:
        return len(results().names) == 2

    def toggle() -> None:
        if duel():
            results().show_chart = not results().show_chart
        else:
            results().show_table = not results().show_table

    def label() -> str:
        if duel():
            return tr("tour.view_numbers") if results().show_chart else tr("tour.view_chart")
        return tr("tour.ranking") if results().show_table else tr("tour.view_table")

    return Button(label, toggle)


def rank_button_shown(scene: TournamentScene) -> bool:
    """Whether the points/Elo button shows: with three players or more and results, but not
    on the table alone (its totals column follows the ranking's choice)."""
    results = scene.results
    return (len(scene.names) > 2 and bool(scene.matches)
            and not (results.one_view and results.show_table))


def table_order(scene: TournamentScene) -> list[int]:
    """The players' seats in the order of the cross-table's rows and columns: the ranking's,
    so that row 1 is the ranking's 1. (numbered by seat, "1. Hasard" headed the table while
    the ranking beside it began "1. Parfait")."""
    return [standing.index for standing in scene.ranking()]


def table_names(scene: TournamentScene) -> list[str]:
    """The players' names in the cross-table's order (see :func:`table_order`)."""
    return [scene.names[i] for i in table_order(scene)]


def cross_data(scene: TournamentScene) -> tuple[Cells, Shades, list[str], str]:
    """The cross-table of ``scene``'s round robin as drawn, its players in the ranking's
    order: each cell's text (row's points against column) and shade (row's share of the
    points), the totals column and its title (points, or Elo when ranked by Elo)."""
    from game.ui.scenes.tournament_results import format_points

    table = scene.table
    assert table is not None
    order = table_order(scene)
    cells: Cells = []
    shades: Shades = []
    for i in order:
        played = [table.games[i][j] if i != j else 0 for j in order]
        cells.append([format_points(table.score[i][j]) if games else ""
                      for j, games in zip(order, played, strict=True)])
        shades.append([table.score[i][j] / games if games else None
                       for j, games in zip(order, played, strict=True)])
    ranked = scene.ranking()
    if scene.rank_by_elo:
        return cells, shades, [f"{s.elo:.0f}" for s in ranked], tr("tour.col.elo")
    return cells, shades, [format_points(s.points) for s in ranked], tr("tour.col.points")


def table_geometry(scene: TournamentScene, rect: pygame.Rect, px: int, small: int,
                   numbered: bool = False, totals: bool = True) -> CrossGeometry:
    """How ``scene``'s cross-table comes out in ``rect`` at ``px`` (labels at ``small``)."""
    cells, _shades, column, _title = cross_data(scene)
    labels = [c for row in cells for c in row] + (column if totals else [])
    return cross_geometry(rect, table_names(scene), labels, px, small, 1 if totals else 0,
                          numbered)


@dataclass(frozen=True)
class OneView:
    """Where one view's parts go: its main area (the table or the ranking), the side column
    (the buttons, then the players' key when the table's rows are numbered), the table's
    title lines (none when the table needs their room) and whether it has its totals column
    (the ranking view says the same points when the table needs the room)."""

    main: pygame.Rect
    side: pygame.Rect
    key: list[str]
    title: list[str]
    totals: bool
    #: The key's text size: the small size, or the readable size when it needs less room.
    key_px: int = 0
    #: The table's title in the side column, under the key, when it has no room above the
    #: table (at 200% of 1024x768 the table came out with no word of what it shows).
    side_title: tuple[str, ...] = ()


def key_lines(names: list[str]) -> list[str]:
    """The key of a table whose rows are numbered: "1 Random", "2 Greedy"..."""
    return [f"{i + 1}\u00a0\u00a0{name}" for i, name in enumerate(names)]


def one_view(scene: TournamentScene, body: pygame.Rect) -> OneView:
    """The :class:`OneView` of ``scene``'s table in ``body``: the view button in a column at
    the right (the table keeps the whole height); the table's rows numbered, with a key
    under the button, when its names would take its cells' room; then its title and totals
    column only when its numbers stay at the small size with them."""
    m = scene.app.metrics
    button_h = int(m.small * 1.6)
    side_w = text.size(scene.view_button.label(), m.small, True)[0] + int(m.small * 2.2)
    key: list[str] = []
    key_px = m.small
    if scene.results.show_table and not names_fit(scene.names, body.width - side_w - m.pad * 2,
                                                  m.small):
        # The key at the small size, or down to the readable size where six names need it
        # (at 200% of 1280x800 the names shrank to 17 px in their rows, the numbers to 19).
        for key_px in (m.small, min(m.small, readable_px(scene.app.size))):
            key_h = ((len(scene.names) + 1) * text.font(key_px).get_linesize() + m.pad
                     + button_h)
            key_w = max(text.size(line, key_px)[0]
                        for line in [*key_lines(table_names(scene)), tr("tour.players")])
            if key_h <= body.height and key_w <= body.width * 0.45:
                key = key_lines(table_names(scene))
                side_w = max(side_w, key_w)
                break
    side = pygame.Rect(body.right - side_w, body.top, side_w, body.height)
    main = pygame.Rect(body.left, body.top, body.width - side_w - m.pad * 2, body.height)
    if not scene.results.show_table:
        return OneView(main, side, [], [], True, key_px)
    title = text.wrap(plural("tour.cross", scene.results.games), main.width, m.small)
    title_h = len(title) * text.font(m.small).get_linesize() + m.pad // 2
    tries = [(title, True), ([], True), (title, False), ([], False)]
    for lines, totals in tries:
        top = main.top + (title_h if lines else 0)
        area = pygame.Rect(main.left, top, main.width, main.bottom - top)
        geo = table_geometry(scene, area, m.body, m.small, bool(key), totals)
        if geo.readable(m.small):
            break
    side_title: list[str] = []
    if not lines:
        side_title = text.wrap(plural("tour.cross", scene.results.games), side.width, m.small)
        used = button_h + m.pad + (len(key) + 1) * text.font(key_px).get_linesize() + m.pad
        if used + len(side_title) * text.font(m.small).get_linesize() > side.height:
            side_title = []
    return OneView(main, side, key, lines, totals, key_px, tuple(side_title))


def place_view_buttons(scene: TournamentScene, body: pygame.Rect) -> None:
    """Place the view button at the top of the side column of :func:`one_view` (the table),
    or with the points/Elo one on the ranking's top row, at its right."""
    m = scene.app.metrics
    h = int(m.small * 1.6)  # a low row: the ranking below has the more room
    scene.view_button.visible = True
    if scene.results.show_table:
        side = one_view(scene, body).side
        scene.view_button.place(pygame.Rect(side.left, side.top, side.width, h), m.small)
        return
    x = body.right
    for button in (scene.rank_button, scene.view_button):
        w = text.size(button.label(), m.small, True)[0] + int(m.small * 2.2)
        button.place(pygame.Rect(x - w, body.top, w, h), m.small)
        x -= w + m.pad


def ranking_fit(lines: list[str], room: pygame.Rect, sizes: range) -> tuple[int, int]:
    """The text size and columns at which the ranking's ``lines`` fit ``room``: the largest
    of ``sizes`` in one column, else in two; the smallest in two when none fits."""
    for px in sizes:
        for columns in (1, 2):
            per_col = -(-len(lines) // columns)
            step = text.font(px).get_linesize()
            heights = [sum(len(text.wrap(line, room.width // columns - px, px)) * step
                           + px // 6 for line in lines[c * per_col:(c + 1) * per_col])
                       for c in range(columns)]
            if max(heights) <= room.height:
                return px, columns
    return sizes[-1], 2


def draw_one_view(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect,
                  theme: Theme, lines: list[str], floor: int,
                  table: RankingTable | None = None) -> None:
    """The cross-table as :func:`one_view` places it, or the ranking below its buttons: as
    ``table`` where its rows come out at least as large as the sentences ``lines`` (down to
    ``floor`` px if they must), else as those."""
    m = scene.app.metrics
    if scene.results.show_table:
        view = one_view(scene, body)
        main = view.main
        y = scene.view_button.rect.bottom + m.pad
        if view.key:
            # Headed "Players": in seat order under the "Ranking" button, the bare key read
            # as a ranking ("1 Random … 4 Minimax" with Minimax first by 26 points).
            y = text.blit_text(surface, tr("tour.players"), view.key_px, theme.text_muted,
                               (view.side.left, y)).bottom
        for line in view.key:
            y = text.blit_text(surface, line, view.key_px, theme.text,
                               (view.side.left, y)).bottom
        y += m.pad
        for line in view.side_title:
            y = text.blit_text(surface, line, m.small, theme.text_muted,
                               (view.side.left, y)).bottom
        top = main.top
        for line in view.title:
            top = text.blit_text(surface, line, m.small, theme.text_muted,
                                 (main.left, top)).bottom
        top += m.pad // 2 if view.title else 0
        cells, shades, totals, totals_title = cross_data(scene)
        charts.cross_table(surface, pygame.Rect(main.left, top, main.width, main.bottom - top),
                           table_names(scene), cells, shades, theme, m.body,
                           totals=totals if view.totals else (), totals_title=totals_title,
                           small=m.small, numbered=bool(view.key))
        return
    row_h = scene.view_button.rect.height
    left = min(scene.view_button.rect.left, scene.rank_button.rect.left) - m.pad
    # What the order is by, beside the buttons or else on a line of its own above the list:
    # "Ranking" had no room at 200% of 1024x640, and by points the list read out of order
    # while the players had played unequal numbers of games (QA S12 49).
    heading = tr("tour.ranked_elo" if scene.results.rank_by_elo else "tour.ranked_share")
    top = body.top + row_h + m.pad
    beside = text.size(heading, m.body, True)[0] <= left - body.left
    # At the body size, else smaller down to the readable size (six players' standings at
    # 200% of 1024x768 in French).
    sizes = range(m.body, min(m.body, floor) - 1, -1)
    if table is not None and not beside:
        # No room beside the buttons: the heading heads the names' column, where it takes no
        # line of its own (on its own line, six players' rows were 22 px at 200% of 1280x800,
        # the body size being 52).
        headed = replace(table, headings=[heading, *table.headings[1:]])
        under = pygame.Rect(body.left, top, body.width, body.bottom - top)
        # The sentences' size under the heading's own line, as they would be drawn below.
        below = top + text.font(m.small, True).get_linesize() + m.pad // 2
        said = ranking_fit(lines, pygame.Rect(body.left, below, body.width, body.bottom - below),
                           sizes)[0]
        fitted = fit_ranking(headed, under, sizes)
        if fitted is not None and fitted.px >= said:
            scene.rank_columns, scene.rank_px = 1, fitted.px
            draw_ranking(surface, fitted, under, theme)
            return
    if beside:
        text.blit_text(surface, heading, m.body, theme.text,
                       (body.left, body.top + row_h // 2), "midleft", bold=True)
    else:
        top = text.blit_text(surface, heading, m.small, theme.text, (body.left, top),
                             bold=True, max_width=body.width).bottom + m.pad // 2
    room = pygame.Rect(body.left, top, body.width, body.bottom - top)
    line_px, columns = ranking_fit(lines, room, sizes)
    fitted = fit_ranking(table, room, sizes) if table is not None else None
    if fitted is not None and fitted.px >= line_px:
        scene.rank_columns, scene.rank_px = 1, fitted.px
        draw_ranking(surface, fitted, room, theme)
        return
    scene.rank_columns, scene.rank_px = columns, line_px
    per_col = -(-len(lines) // columns)
    col_w = room.width // columns
    y = room.top
    for rank, line in enumerate(lines, 1):
        col = (rank - 1) // per_col
        if (rank - 1) % per_col == 0:
            y = room.top
        y = text.blit_wrapped(surface, line, line_px, theme.accent if rank == 1 else theme.text,
                              pygame.Rect(room.left + col * col_w, y, col_w - line_px,
                                          room.bottom - y), line_gap=0.0) + line_px // 6
