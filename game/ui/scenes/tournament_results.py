"""What the tournament screen (and its exported picture) shows of the results: for two players
the duel (a bar of wins, draws and losses with its confidence interval, the numbers, the
cumulative chart), for more a cross-table and the ranking by points or Elo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.training import Standing, wilson_interval
from game.ui import charts, text
from game.ui.i18n import tr
from game.ui.scenes.lab_common import game_title, variant_label
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene


def draw_results(scene: TournamentScene, surface: pygame.Surface, rect: pygame.Rect, px: int,
                 titled: bool = False, theme: Theme | None = None) -> None:
    """The results of ``scene``'s tournament into ``rect``: on the screen in the app's theme,
    in the PNG in the light print theme given as ``theme``."""
    theme = theme or scene.app.theme
    small = max(8, int(px * 0.85))
    top = rect.top
    if titled:
        title = tr("tour.picture_title", game=game_title(scene.game),
                   variant=variant_label(scene.game, scene.options))
        top = text.blit_text(surface, title, int(px * 1.3), theme.accent, rect.topleft,
                             bold=True, max_width=rect.width).bottom + px // 2
    body = pygame.Rect(rect.left, top, rect.width, rect.bottom - top)
    if not scene.matches or scene.table is None:
        # On two lines rather than cut (the largest text size).
        text.blit_fit(surface, tr("tour.empty"), body, px, theme.text_muted)
        return
    if len(scene.names) == 2:
        _draw_duel(scene, surface, body, px, small, theme)
    else:
        _draw_round_robin(scene, surface, body, px, small, theme)


def _draw_duel(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect, px: int,
               small: int, theme: Theme) -> None:
    _i, _j, m = scene.matches[0]
    a, b = scene.names
    n = m.games
    # The bar across the top; below it the numbers (left) and the cumulative chart.
    below = charts.stacked_bar(
        surface, pygame.Rect(body.left, body.top, body.width, int(body.height * 0.5)),
        [charts.Segment(tr("tour.wins", name=a), m.p1_wins, theme.ok),
         charts.Segment(tr("tour.draws"), m.draws, theme.text_muted),
         charts.Segment(tr("tour.wins", name=b), m.p2_wins, theme.danger)],
        theme, px, title=tr("tour.results"),
        intervals=[wilson_interval(m.p1_wins, n) if n else None],
        interval_label=tr("tour.interval", name=a))
    lower = pygame.Rect(body.left, below + px // 2, body.width,
                        body.bottom - below - px // 2)
    lines = []
    for name, points in ((a, m.p1_wins + 0.5 * m.draws), (b, m.p2_wins + 0.5 * m.draws)):
        lo, hi = wilson_interval(points, n)
        pct = points / n * 100 if n else 0.0
        lines.append(tr("tour.ci", name=name, pct=f"{pct:.1f}", lo=f"{lo * 100:.1f}",
                        hi=f"{hi * 100:.1f}"))
    lines.append(tr("tour.length", n=f"{m.moves_mean:.1f}"))
    lines.append(tr("tour.think", name=a, t=format_seconds(m.think_mean(0))))
    lines.append(tr("tour.think", name=b, t=format_seconds(m.think_mean(1))))
    # The numbers at body size beside the chart when they fit there, else at the small size,
    # and the column widens (the chart narrows) before the text shrinks further: at the
    # largest text size the thinking times ran past the panel, over the export row.
    width, line_px, count = numbers_column(lines, lower, px, small)
    y = lower.top
    for line in lines[:count]:
        y = text.blit_wrapped(surface, line, line_px, theme.text,
                              pygame.Rect(lower.left, y, width, lower.bottom - y),
                              line_gap=0.1)
        y += line_px // 3
    if width >= lower.width:
        return  # no room for the chart beside the numbers
    chart = pygame.Rect(lower.left + width + px, lower.top, lower.width - width - px,
                        lower.height)
    charts.line_chart(
        surface, chart,
        [charts.Series(a, m.cumulative("p1"), theme.ok),
         charts.Series(b, m.cumulative("p2"), theme.danger),
         charts.Series(tr("tour.draws"), m.cumulative("draw"), theme.text_muted)],
        theme, small, title=tr("tour.chart.wins"), x_label=tr("lab.chart.games"),
        y_label=tr("lab.chart.wins_axis"), x_max=m.games_planned)


def numbers_column(lines: list[str], area: pygame.Rect, px: int,
                   small: int) -> tuple[int, int, int]:
    """Where the duel's numbers go in ``area``: the width of their column, their text size
    and how many of ``lines`` show. The first of body size on 42% of the width (the chart
    beside), the small size on 42%, then 55%, then 90% of the small size on 55% and 65%, at
    which every line, wrapped, fits the height; else the whole width (no chart), dropping
    lines from the end (the thinking times) rather than drawing them past the panel."""
    least = max(8, int(small * 0.9))

    def fits(shown: list[str], width: int, size: int) -> bool:
        need = sum(len(text.wrap(line, width, size)) for line in shown)
        return (need * text.font(size).get_linesize() * 1.1 + len(shown) * size // 3
                <= area.height)

    for share, size in ((0.42, px), (0.42, small), (0.55, small), (0.55, least),
                        (0.65, least)):
        if fits(lines, int(area.width * share), size):
            return int(area.width * share), size, len(lines)
    count = len(lines)
    while count > 1 and not fits(lines[:count], area.width, least):
        count -= 1
    return area.width, least, count


def _draw_round_robin(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect, px: int,
                      small: int, theme: Theme) -> None:
    table = scene.table
    assert table is not None
    n = len(scene.names)
    cells: list[list[str]] = []
    shades: list[list[float | None]] = []
    for i in range(n):
        row_cells: list[str] = []
        row_shades: list[float | None] = []
        for j in range(n):
            g = table.games[i][j]
            if i == j or not g:
                row_cells.append("")
                row_shades.append(None)
                continue
            row_cells.append(format_points(table.score[i][j]))
            row_shades.append(table.score[i][j] / g)
        cells.append(row_cells)
        shades.append(row_shades)
    ranking = scene.ranking()
    by_index = {s.index: s for s in ranking}
    if scene.rank_by_elo:
        totals = [f"{by_index[i].elo:.0f}" for i in range(n)]
    else:
        totals = [format_points(by_index[i].points) for i in range(n)]
    # The title shares its line with the ranking button (drawn by the scene).
    # The title shares its line with the ranking button when it fits there whole (at 90% of
    # its size at least); otherwise it goes on the line below the button, across the width.
    title = tr("tour.cross", n=scene.games)
    button = scene.rank_button.rect if scene.rank_button.visible else None
    title_w = body.width - (button.width + px if button is not None else 0)
    top = body.top
    if button is not None and text.size(title, int(px * 0.9), True)[0] > title_w:
        top, title_w = max(body.top, button.bottom + px // 3), body.width
    text.blit_text(surface, title, px, theme.text, (body.left, top), bold=True,
                   max_width=max(10, title_w), min_px=int(px * 0.75))
    top += int(px * 1.6)
    body = pygame.Rect(body.left, top, body.width, body.bottom - top)
    lines = [standing_line(rank, s) for rank, s in enumerate(ranking, 1)]
    side_by_side = body.width >= 40 * px
    if side_by_side:
        # The ranking as wide as its longest line needs (each standing on one line), up to
        # half the width; the table takes the rest.
        line_px, columns = px, 1
        longest = max(text.size(line, line_px)[0] for line in lines) + line_px
        split = body.width - px - min(longest, body.width // 2)
        table_rect = pygame.Rect(body.left, body.top, split, body.height)
        rank_rect = pygame.Rect(body.left + split + px, body.top,
                                body.width - split - px, body.height)
    else:
        table_h = min(int(body.height * 0.6), int((n + 1) * px * 2.2))
        least_table = int((n + 1) * px * 1.6)
        # The ranking at body size, as the table (it was at 85% of it, too small for the back
        # row), in one column or two; at the small size only when the table, its rows at
        # least 1.6 lines tall, would not leave it the room.
        line_px, columns, ranking_h = ranking_layout(lines, body.width, px, small,
                                                     body.height - least_table)
        table_h = max(min(table_h, body.height - ranking_h), least_table)
        table_rect = pygame.Rect(body.left, body.top, body.width, table_h)
        rank_rect = pygame.Rect(body.left, body.top + table_h + px // 2, body.width,
                                body.height - table_h - px // 2)
    charts.cross_table(surface, table_rect, scene.names, cells, shades, theme, px,
                       totals=totals,
                       totals_title=tr("tour.col.elo") if scene.rank_by_elo
                       else tr("tour.col.points"))
    x, y = rank_rect.left, rank_rect.top
    y = text.blit_text(surface, tr("tour.ranking"), px, theme.text, (x, y),
                       bold=True).bottom + px // 4
    scene.rank_columns = columns
    col_w = rank_rect.width // columns
    top_y = y
    per_col = -(-len(ranking) // columns)
    for rank, line in enumerate(lines, 1):
        col = (rank - 1) // per_col
        if (rank - 1) % per_col == 0:
            y = top_y
        colour = theme.accent if rank == 1 else theme.text
        y = text.blit_wrapped(surface, line, line_px, colour,
                              pygame.Rect(x + col * col_w, y, col_w - line_px,
                                          rank_rect.bottom - y),
                              line_gap=0.1) + line_px // 3


def ranking_layout(lines: list[str], width: int, px: int, small: int,
                   room: int) -> tuple[int, int, int]:
    """How the ranking's ``lines`` go in ``width`` pixels with at most ``room`` pixels of
    height: the text size and the columns (body size in one column, then two, then the
    small size in one, then two: two columns cut "Elo 2300" in the middle), and the height
    it takes (its heading included)."""
    options = []
    for size, columns in ((px, 1), (px, 2), (small, 1), (small, 2)):
        line_h = int(text.font(size).get_linesize() * 1.1)
        col_w = width // columns - size
        per_col = -(-len(lines) // columns)
        heights = [sum(len(text.wrap(line, col_w, size)) * line_h + size // 3
                       for line in lines[c * per_col:(c + 1) * per_col])
                   for c in range(columns)]
        need = int(px * 1.6) + max(heights) + px // 2
        if need <= room:
            return size, columns, need
        options.append((need, size, columns))
    need, size, columns = min(options)  # none fits: the one that needs the least height
    return size, columns, need


def standing_line(rank: int, standing: Standing) -> str:
    """One line of the ranking: points, their share with its 95% Wilson interval, Elo."""
    lo, hi = wilson_interval(standing.points, standing.games)
    share = standing.points / standing.games * 100 if standing.games else 0.0
    return tr("tour.stand", rank=rank, name=standing.name, points=format_points(standing.points),
              games=standing.games, pct=f"{share:.0f}", lo=f"{lo * 100:.0f}",
              hi=f"{hi * 100:.0f}", elo=f"{standing.elo:.0f}")


def format_points(points: float) -> str:
    """Points with a half only when there is one: ``12``, ``12.5``."""
    return f"{points:.0f}" if float(points).is_integer() else f"{points:.1f}"


def format_seconds(seconds: float) -> str:
    """A thinking time: ``35 µs``, ``0.4 ms``, ``12 ms``, ``1.25 s``."""
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 0.01:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.2f} s"
