"""A two-player tournament's results, the duel: the bar of wins, draws and losses with the
interval of the first player's wins, the numbers (each player's share of the points with its
95% interval, the average game, the thinking times) and the cumulative chart.

Where the text is normal they share the results panel (:func:`draw_duel`). At large text,
where the set-up has a page of its own, they show one view at a time, each with the whole
panel (:func:`draw_duel_view`): the bar and the shares as large as the panel allows, or the
chart with the average game and the thinking times under it; a button switches. Beside the
chart the numbers stood at the 100% size (28 px at 200% of 1920x1080, the body size being 70)
with the panel's lower half empty (QA13 25).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ai.training import wilson_interval
from game.rules.registry import get_game
from game.ui import charts, text
from game.ui.i18n import decimal, language, tr
from game.ui.reasoning import plural
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene


@dataclass(frozen=True)
class DuelNumbers:
    """The duel's numbers under its bar: ``caption``, what the ``shares`` are (the points, a
    draw counting half, with their 95% interval; the wins where the game has no draws), one
    line a player; ``details``, the average game and the thinking times.

    Unnamed, "Hasard : 43,5 % (IC 95 % …)" under the legend's "Hasard gagne : 42 (42 %)"
    and the bar's interval of the wins read as two answers to one question (QA16 14)."""

    caption: str
    shares: list[str]
    details: list[str]

    @property
    def results(self) -> list[str]:
        """The caption and the shares."""
        return [self.caption, *self.shares]

    @property
    def lines(self) -> list[str]:
        """Every line, the caption and the shares first."""
        return self.results + self.details


DuelParts = tuple[list[charts.Segment], dict[str, Any], DuelNumbers]


def duel_parts(scene: TournamentScene, theme: Theme) -> DuelParts:
    """The duel's bar (its segments and its interval's arguments) and its numbers, worked out
    once per update of the results (and language, theme and game)."""
    key = ("duel", language(), theme.name, scene.results.game)
    drawn = scene.results.drawn
    if key not in drawn:
        drawn[key] = _duel_parts(scene, theme)
    parts: DuelParts = drawn[key]
    return parts


def _duel_parts(scene: TournamentScene, theme: Theme) -> DuelParts:
    """:func:`duel_parts` worked out."""
    from game.ui.scenes.tournament_results import format_seconds, tr_named

    _i, _j, m = scene.matches[0]
    a, b = scene.names
    n = m.games
    segments = [charts.Segment(tr("tour.wins", name=a), m.p1_wins, theme.ok),
                charts.Segment(tr("tour.draws"), m.draws, theme.text_muted),
                charts.Segment(tr("tour.wins", name=b), m.p2_wins, theme.danger)]
    if not drawable(scene):
        del segments[1]  # "Draws: 0 (0.0%)" for Nim (QA15 10)
    bar_args: dict[str, Any] = {
        "intervals": [wilson_interval(m.p1_wins, n) if n else None],
        "interval_label": tr_named("tour.interval", a)}
    shares = []
    for name, points in ((a, m.p1_wins + 0.5 * m.draws), (b, m.p2_wins + 0.5 * m.draws)):
        lo, hi = wilson_interval(points, n)
        pct = points / n * 100 if n else 0.0
        shares.append(tr("tour.share", name=name, pct=decimal(f"{pct:.1f}"),
                         lo=decimal(f"{lo * 100:.1f}"), hi=decimal(f"{hi * 100:.1f}")))
    # Both thinking times on one line (wrapped if need be): a line fewer for the chart.
    details = [tr("tour.length", n=decimal(f"{m.moves_mean:.1f}")),
               tr("tour.think", a=a, ta=format_seconds(m.think_median(0)), b=b,
                  tb=format_seconds(m.think_median(1)))]
    caption = tr("tour.ci.points" if drawable(scene) else "tour.ci.wins")
    return segments, bar_args, DuelNumbers(caption, shares, details)


def duel_series(scene: TournamentScene, theme: Theme, named: bool) -> list[charts.Series]:
    """The cumulative chart's three lines, ``named`` as the bar's legend names them (on a
    view of its own the chart has no bar above it to say which colour is which)."""
    m = scene.matches[0][2]
    a, b = scene.names
    labels = ([tr("tour.wins", name=a), tr("tour.wins", name=b), tr("tour.draws")] if named
              else ["", "", ""])
    series = [charts.Series(labels[0], m.cumulative("p1"), theme.ok),
              charts.Series(labels[1], m.cumulative("p2"), theme.danger),
              charts.Series(labels[2], m.cumulative("draw"), theme.text_muted)]
    return series if drawable(scene) else series[:2]


def drawable(scene: TournamentScene) -> bool:
    """Whether the duel's game can end in a draw (Hexapawn and Nim cannot: their bar's
    legend and chart leave the draws out)."""
    return get_game(scene.results.game).draws


#: The least height of the duel's chart, in lines of its text: its title, legend and axes
#: take about six, and at six lines (the bound before) the plot was a sliver at 200% text
#: (175x50 px at 1920x1080) while the bar above grew into the room.
CHART_LINES = 10


def draw_duel(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect, px: int,
               small: int, theme: Theme, floor_px: int, floor: int,
               chart_least: int = 0) -> None:
    """Two players: the bar of wins, draws and losses with its interval, the numbers and
    the cumulative chart; text may shrink to ``floor_px`` (bar) and ``floor`` (numbers), the
    chart's title, ticks and axis names never under ``chart_least``."""
    m = scene.matches[0][2]
    segments, bar_args, numbers = duel_parts(scene, theme)
    lines = numbers.lines
    # The bar across the top at its least height, below it the numbers (left) and the
    # cumulative chart. When the numbers and a readable chart do not both fit below, the
    # title ("Results": the panel says it) gives way, then the bar and its legend shrink
    # towards the normal (100%) sizes: at the largest text size the thinking times and the
    # chart dropped out.
    def place(lower: pygame.Rect) -> tuple[bool, int, int, int]:
        """Whether every line and a readable chart fit in ``lower``; the numbers' column
        width, text size and line count there. The numbers (and the chart's text with them)
        shrink towards ``floor`` while the chart has not the height its text needs: across
        the whole width at 200% of 1920x1080 they kept 40 px and left a plot 141 px high."""
        fits, width, line_px, count = False, 0, px, 0
        for top in [px, *range(min(px, small) - 2, floor - 1, -2)]:
            width, line_px, count = numbers_column(lines, lower, top, min(top, small), floor)
            # The chart's text as the numbers' (never under chart_least, as drawn below), in
            # a plot worth reading.
            chart_px = max(line_px, chart_least)
            fits = (count == len(lines) and lower.width - width - px >= chart_px * 10
                    and lower.height >= chart_px * CHART_LINES)
            if fits:
                break
        return fits, width, line_px, count

    tries = [(tr("tour.results"), px), ("", px)]
    tries += [("", size) for size in (max(floor_px, int(px * 0.85)), floor_px) if size < px]
    for title, bar_px in tries:
        bar_h = charts.stacked_bar_height(segments, body.width, theme, bar_px, title=title,
                                          **bar_args)
        lower = pygame.Rect(body.left, body.top + bar_h + px // 2, body.width,
                            body.bottom - body.top - bar_h - px // 2)
        fits, width, line_px, count = place(lower)
        if fits:
            break
    # A taller bar (up to half the panel) when the numbers keep their size and the chart.
    spare = max(0, min(int(body.height * 0.5) - bar_h, int(bar_px * 1.2)))
    shorter = pygame.Rect(lower.left, lower.top + spare, lower.width, lower.height - spare)
    if spare and fits and place(shorter) == (True, width, line_px, count):
        bar_h += spare
        lower = shorter
    charts.stacked_bar(surface, pygame.Rect(body.left, body.top, body.width, bar_h), segments,
                       theme, bar_px, title=title, **bar_args)
    y = lower.top
    for line in lines[:count]:
        y = text.blit_wrapped(surface, line, line_px, theme.text,
                              pygame.Rect(lower.left, y, width, lower.bottom - y),
                              line_gap=0.1)
        y += line_px // 3
    if width >= lower.width or lower.width - width - px < line_px * 5:
        return  # no room for a chart worth reading beside the numbers
    chart = pygame.Rect(lower.left + width + px, lower.top, lower.width - width - px,
                        lower.height)
    # Short of its height, the chart's title gives way to the plot (its legend names the
    # lines): at 200% of 1920x1080 the plot was 50 px high under a 48 px title.
    # The chart's text as the numbers', its ticks and axis names at the readable size at
    # least (at 200% of 1024x768 in French they were 15 px beside 28 px text).
    chart_px = max(line_px, chart_least)
    title = tr("tour.chart.wins") if chart.height >= chart_px * CHART_LINES else ""
    # No legend of its own: the bar's, right above, names the same colours at its size (the
    # chart's, two rows in its narrow column, shrank to 12 px at 200% of 1024x768 in French,
    # smaller than at 100%, and took a third of the chart's height).
    charts.line_chart(surface, chart, duel_series(scene, theme, named=False), theme, chart_px,
                      title=title, x_label=tr("lab.chart.games"),
                      y_label=tr("lab.chart.wins_axis"), x_max=m.games_planned,
                      small_px=max(int(chart_px * 0.85), chart_least))


def numbers_column(lines: list[str], area: pygame.Rect, px: int, small: int,
                   floor: int | None = None) -> tuple[int, int, int]:
    """Where the duel's numbers go in ``area``: the width of their column, their text size
    and how many of ``lines`` show. The first of body size on 42% of the width (the chart
    beside), then 55%, the small size on 42%, then 55%, then 90% of the small size on 55% and 65%,
    then smaller sizes down to ``floor`` (default 90% of the small size) on 55% and 65%, at
    which every line, wrapped, fits the height; else the whole width (no chart), dropping
    lines from the end (the thinking times) rather than drawing them past the panel."""
    least = max(8, int(small * 0.9))
    floor = least if floor is None else min(least, max(text.MIN_PX, floor))

    def fits(shown: list[str], width: int, size: int) -> bool:
        need = sum(len(text.wrap(line, width, size)) for line in shown)
        return (need * text.font(size).get_linesize() * 1.1 + len(shown) * size // 3
                <= area.height)

    # Body size on 55% before the small size on 42%: with the shares' caption a fifth line,
    # the numbers went from 20 px to 17 at 100% of 1024x768 in French (readable: 20).
    tries = [(0.42, px), (0.55, px), (0.42, small), (0.55, small), (0.55, least),
             (0.65, least)]
    tries += [(share, size) for size in range(least - 1, floor - 1, -1)
              for share in (0.55, 0.65)]
    for share, size in tries:
        if fits(lines, int(area.width * share), size):
            return int(area.width * share), size, len(lines)
    count = len(lines)
    while count > 1 and not fits(lines[:count], area.width, floor):
        count -= 1
    return area.width, floor, count


# --------------------------------------------------------------------------------------------
# One view at a time (large text)
# --------------------------------------------------------------------------------------------


#: The least height of the chart's plot on its own view, in lines of its words.
PLOT_LINES = 4.5


def duel_heading(scene: TournamentScene) -> str:
    """What the duel's views are about: "Random vs Greedy · 100 games"."""
    a, b = scene.names
    return f"{tr('tour.versus', a=a, b=b)} · {plural('tour.n_games', scene.matches[0][2].games)}"


def place_duel_view_button(scene: TournamentScene, body: pygame.Rect) -> None:
    """The button that switches the duel's two views, at the top right of ``body``."""
    m = scene.app.metrics
    button = scene.view_button
    w = text.size(button.label(), m.small, True)[0] + int(m.small * 2.2)
    button.place(pygame.Rect(body.right - w, body.top, w, int(m.small * 1.6)), m.small)
    button.visible = True


def _heading(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect,
             theme: Theme, heading: str, floor: int) -> int:
    """``heading`` on the view button's row, at the body size or the largest size down to
    ``floor`` (the readable size) at which it fits there; else wrapped across the body
    under that row, at ``floor``. The y where the view's contents start.

    Never dropped: where it did not fit beside the Chart button at the small size, the
    French duel said nowhere who played whom, nor how many games ("Hasard contre Parfait ·
    100 parties" at 200% of 1024x768, QA15 18)."""
    m = scene.app.metrics
    row = scene.view_button.rect
    for px in (m.body, *range(m.small, floor - 1, -1)):
        if text.size(heading, px, True)[0] <= row.left - m.pad - body.left:
            text.blit_text(surface, heading, px, theme.text, (body.left, row.centery),
                           "midleft", bold=True)
            return row.bottom + m.pad
    bottom = text.blit_wrapped(surface, heading, floor, theme.text,
                               pygame.Rect(body.left, row.bottom + m.pad // 2, body.width,
                                           body.bottom - row.bottom), bold=True)
    return int(bottom) + m.pad


def numbers_fit(lines: list[str], width: int, px: int) -> tuple[int, int]:
    """The height the duel's number ``lines`` take at ``px`` in ``width`` pixels and in how
    many columns: two (half the lines each, see :func:`left_column`) where each line fits
    its column whole and that takes less height, else one (two columns broke "(IC 95 % :"
    from its numbers)."""
    step = text.font(px).get_linesize()

    def height(part: list[str], w: int) -> int:
        return sum(len(text.wrap(line, w, px)) * step + px // 3 for line in part)

    one = height(lines, width)
    half = -(-len(lines) // 2)
    left = left_column(lines, width, px)
    if left:
        two = max(height(lines[:half], left), height(lines[half:], width - left - px))
        if two < one:
            return two, 2
    return one, 1


def left_column(lines: list[str], width: int, px: int) -> int:
    """The width of the left of two columns of ``lines`` (the first half of them) at
    ``px``, as wide as its longest line, the right one the rest after a gap of ``px``; 0
    when a line would not fit its column whole. Halves of the width held the shares on
    one side and "Time per move: Random 1.20 ms · Greedy 14 ms" on the other only down at
    33 px at 200% of 1920x1080 in French (body 70), while their own widths allowed 36."""
    half = -(-len(lines) // 2)
    left = max((text.size(line, px)[0] for line in lines[:half]), default=0)
    right = max((text.size(line, px)[0] for line in lines[half:]), default=0)
    return left if left + px + right <= width else 0


def legend_bar_px(px: int, sizes: range) -> int:
    """The bar's text size whose legend (85% of it) is ``px``, the numbers' size, within
    ``sizes``: the legend's counts are the result as much as the numbers are."""
    return min(sizes[0], max(px, -(-px * 100 // 85)))


def results_height(numbers: DuelNumbers, width: int, px: int) -> int:
    """The height the caption and, under it, the shares (in one or two columns, see
    :func:`numbers_fit`) take ``width`` pixels wide at ``px``."""
    return (numbers_fit([numbers.caption], width, px)[0]
            + numbers_fit(numbers.shares, width, px)[0])


def numbers_view_size(segments: list[charts.Segment], bar_args: dict[str, Any],
                      numbers: DuelNumbers, room: pygame.Rect, theme: Theme, sizes: range
                      ) -> int:
    """The largest of ``sizes`` at which the bar with its legend at that size and the
    caption and shares below fit ``room`` (the smallest when none does)."""
    for px in sizes:
        bar_h = charts.stacked_bar_height(segments, room.width, theme,
                                          legend_bar_px(px, sizes), **bar_args)
        if bar_h + px // 2 + results_height(numbers, room.width, px) <= room.height:
            return px
    return sizes[-1]


def draw_lines(surface: pygame.Surface, lines: list[str], px: int, theme: Theme,
               area: pygame.Rect) -> int:
    """``lines`` at ``px`` from the top of ``area``, in the columns :func:`numbers_fit`
    gives them (the left one as wide as its lines); the y below them."""
    columns = numbers_fit(lines, area.width, px)[1]
    per_col = -(-len(lines) // columns)
    left = left_column(lines, area.width, px) if columns > 1 else area.width
    spans = [(area.left, left), (area.left + left + px, area.width - left - px)]
    bottom = area.top
    for col in range(columns):
        y = area.top
        x, col_w = spans[col]
        for line in lines[col * per_col:(col + 1) * per_col]:
            y = text.blit_wrapped(surface, line, px, theme.text,
                                  pygame.Rect(x, y, col_w, area.bottom - y),
                                  line_gap=0.0) + px // 3
        bottom = max(bottom, y)
    return bottom


def draw_duel_view(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect,
                   theme: Theme, floor: int) -> None:
    """The duel's view shown (see the module's docstring): its text from the body size down
    to ``floor`` (the readable size) where the panel has no room for more."""
    m = scene.app.metrics
    chart = scene.results.show_chart
    top = _heading(scene, surface, body, theme,
                   tr("tour.chart.wins") if chart else duel_heading(scene), floor)
    room = pygame.Rect(body.left, top, body.width, body.bottom - top)
    sizes = range(m.body, min(m.body, floor) - 1, -1)
    if chart:
        draw_chart_view(scene, surface, room, theme, sizes)
        return
    segments, bar_args, numbers = duel_parts(scene, theme)
    # The shares alone under the bar: the average game and the thinking times, how the games
    # went, are on the chart's view. With them here the shares fitted 200% of 1280x800 in
    # French only at 24 px, under a legend at 29 (QA16 14).
    px = numbers_view_size(segments, bar_args, numbers, room, theme, sizes)
    # The bar and its legend (the wins, the result itself) at least at the numbers' size,
    # larger where the numbers leave the room (at 200% of 1024x768 one size for both took
    # the legend from 29 px to 25).
    need = results_height(numbers, room.width, px) + px // 2
    bar_px = next((size for size in sizes if size <= legend_bar_px(px, sizes)
                   or charts.stacked_bar_height(segments, room.width, theme, size, **bar_args)
                   + need <= room.height), px)
    bar_h = charts.stacked_bar_height(segments, room.width, theme, bar_px, **bar_args)
    charts.stacked_bar(surface, pygame.Rect(room.left, room.top, room.width, bar_h), segments,
                       theme, bar_px, **bar_args)
    scene.duel_px = px
    y = draw_lines(surface, [numbers.caption], px, theme,
                   pygame.Rect(room.left, room.top + bar_h + px // 2, room.width,
                               room.bottom - room.top - bar_h - px // 2))
    draw_lines(surface, numbers.shares, px, theme,
               pygame.Rect(room.left, y, room.width, room.bottom - y))


def draw_chart_view(scene: TournamentScene, surface: pygame.Surface, room: pygame.Rect,
                    theme: Theme, sizes: range) -> None:
    """The cumulative chart across ``room`` with its own legend (by its x axis's name where
    both fit; its title is the view's heading) and under it the duel's details (the average
    game, the thinking times), its words and theirs the largest of ``sizes`` at which the plot
    is :data:`PLOT_LINES` lines of them high."""
    series = duel_series(scene, theme, named=True)
    labels = [s.label for s in series]
    x_label = tr("lab.chart.games")
    details = duel_parts(scene, theme)[2].details

    def need(px: int) -> int:
        # least_line_chart_height counts a title (none here) and runs a few pixels short of
        # the plot drawn (its ticks' room): half a line more. The details under the chart.
        return (charts.least_line_chart_height(px, px, room.width, labels, x_label, theme,
                                               PLOT_LINES + 0.5)
                - text.font(px, True).get_linesize() - px // 3
                + numbers_fit(details, room.width, px)[0])

    px = next((size for size in sizes if need(size) <= room.height), sizes[-1])
    scene.duel_px = px
    below = numbers_fit(details, room.width, px)[0]
    chart = pygame.Rect(room.left, room.top, room.width, room.height - below)
    charts.line_chart(surface, chart, series, theme, px, x_label=x_label,
                      y_label=tr("lab.chart.wins_axis"), x_max=scene.matches[0][2].games_planned,
                      small_px=px, legend_by_x_label=True)
    draw_lines(surface, details, px, theme,
               pygame.Rect(room.left, chart.bottom + px // 3, room.width, below))
