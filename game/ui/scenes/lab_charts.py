"""The learning lab's two charts: cumulative wins of each side, and the learner's win rate
over a sliding window; the latest run bold, earlier runs faded for comparison.

:class:`LabCharts` draws each chart on its own surface and redraws it only when its data
changed, and during a run at most a few times a second, so a long run keeps the window fluid.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.ui import charts, text
from game.ui.chart_parts import _legend, _legend_width
from game.ui.i18n import tr
from game.ui.scenes.lab_session import Run, window_for
from game.ui.theme import Colour, Theme
from game.ui.widgets import Button

#: Shortest time between two redraws of a chart while a run adds games to it.
CHART_SECONDS = 0.25
RUN_COLOURS_KEYS = ("legal", "hint", "accent", "highlight", "last_move")
#: The charts, by panel name.
CHART_NAMES = ("chart_wins", "chart_rate")
#: The label keys of the buttons choosing the chart shown when only one fits.
CHART_BUTTON_KEYS = {"chart_wins": "lab.chart.show_wins", "chart_rate": "lab.chart.show_rate"}
#: A plot shorter than this many lines of the charts' small text cannot be read from the back
#: of a room (two stacked charts at the largest text at 1024x768 left plots 27 px high).
LEAST_PLOT_LINES = 4.0


def run_colours(theme: Theme) -> list[Colour]:
    """Colours of earlier runs on the charts."""
    return [getattr(theme, k) for k in RUN_COLOURS_KEYS]


def run_names(runs: list[Run]) -> list[str]:
    """The legend's name of each of ``runs``: its short name, but in a row of runs of one
    set-up only the last says what it was, the others their number ("1,", "2,", "3: Elimination
    vs Random"): three "Elimination vs Random" took three legend rows at 200% of 1024x768 and
    were cut to "1: Elimina…", the part that told them apart gone (QA15 9)."""
    names = []
    for i, run in enumerate(runs):
        after = runs[i + 1] if i + 1 < len(runs) else None
        alike = after is not None and run.number and run.setup and after.setup == run.setup
        names.append(f"{run.number}," if alike else run.short or run.label)
    return names


def latest_name(runs: list[Run], side: str) -> str:
    """The latest run's first side on the legend: with its number beside earlier runs
    ("3: Learner" after "1, 2: Elimination vs Random": with "Learner" alone a class looked
    for run 3, QA16 re-check of QA15 9), else as it is."""
    run = runs[-1]
    return tr("lab.series.run", n=run.number, side=side) if len(runs) > 1 and run.number else side


def earlier_runs(runs: list[Run], theme: Theme,
                 values: Callable[[Run], list[int] | list[float]]) -> list[charts.Series]:
    """Every run but the latest as a faded line of its ``values``, for comparison, named
    as :func:`run_names` says."""
    colours = run_colours(theme)
    earlier = runs[:-1]
    return [charts.Series(name, values(run), colours[i % len(colours)], faded=True,
                          show_last=False)
            for i, (run, name) in enumerate(zip(earlier, run_names(earlier), strict=True))]


def planned_games(runs: list[Run], planned: int) -> int:
    """The x axis's length: the latest run's planned games (``planned`` before any run)."""
    return max((r.planned for r in runs[-1:]), default=planned)


def title_px(title: str, width: int, px: int) -> int:
    """The chart's text size: ``px``, or less where its title would be cut even at the 80%
    a chart's title shrinks to ("Taux de victoire (10 derni..." side by side at 1920x1080 at
    the largest text size)."""
    if text.size(title, int(px * 0.8), True)[0] <= width:
        return px
    return max(text.MIN_PX, int(text.fit_px(title, width, px, True) / 0.8))


def small_px(px: int, least: int) -> int:
    """The size of a lab chart's legend, ticks and axis captions for its text at ``px``: 85%
    of it, never under ``least`` (the window's readable size; 0 for a printed picture): at
    100% of 1024x768 the ticks "200", "400" and "games played" were 15 px, under the 20-px
    floor (QA13 32)."""
    return max(8, int(px * 0.85), least)


def draw_wins_chart(surface: pygame.Surface, rect: pygame.Rect, runs: list[Run], theme: Theme,
                    px: int, planned: int = 10, least: int = 0) -> pygame.Rect:
    """Cumulative wins of each side in the latest run; earlier runs' learner wins faded
    (``least``: the least size of its small text, :func:`small_px`)."""
    series = earlier_runs(runs, theme, lambda run: run.wins)
    if runs:
        run = runs[-1]
        keys = (("lab.series.first", "lab.series.second") if run.self_play
                 else ("lab.series.learner", "lab.series.opponent"))
        sides = run.sides or (tr(keys[0]), tr(keys[1]))
        series += [charts.Series(latest_name(runs, sides[0]), run.wins, theme.ok),
                   charts.Series(sides[1], run.losses, theme.danger)]
        if run.drawable:  # (Nim and Hexapawn cannot be drawn: no "Draws" line at 0)
            series.append(charts.Series(tr("lab.series.draws"), run.draws, theme.text_muted))
    px = title_px(tr("lab.chart.wins"), rect.width, px)
    return charts.line_chart(surface, rect, series, theme, px, title=tr("lab.chart.wins"),
                             x_label=tr("lab.chart.games"), y_label=tr("lab.chart.wins_axis"),
                             x_max=planned_games(runs, planned),
                             empty_text=tr("lab.chart.empty"), small_px=small_px(px, least),
                             least_px=least or None)


def draw_rate_chart(surface: pygame.Surface, rect: pygame.Rect, runs: list[Run], theme: Theme,
                    px: int, planned: int = 10, least: int = 0) -> pygame.Rect:
    """The learner's win rate over a sliding window, latest run bold, earlier runs faded
    (``least``: as for :func:`draw_wins_chart`)."""
    series = earlier_runs(runs, theme, lambda run: run.rate)
    window = runs[-1].window if runs else window_for(planned)
    if runs:
        who = "lab.series.rate_first" if runs[-1].self_play else "lab.series.rate"
        name = runs[-1].sides[0] if runs[-1].sides else tr(who)
        series.append(charts.Series(latest_name(runs, name), runs[-1].rate, theme.ok))
    title_key = "lab.chart.rate_first" if runs and runs[-1].self_play else "lab.chart.rate"
    title = tr(title_key, n=window)
    px = title_px(title, rect.width, px)
    return charts.line_chart(surface, rect, series, theme, px, title=title,
                             x_label=tr("lab.chart.games"), y_range=(0.0, 1.0), percent=True,
                             x_max=planned_games(runs, planned),
                             empty_text=tr("lab.chart.empty"), small_px=small_px(px, least),
                             least_px=least or None)


def least_chart_height(width: int, px: int, theme: Theme, window: int, least: int = 0) -> int:
    """The height a lab chart ``width`` wide with its text at ``px`` needs for a plot of
    :data:`LEAST_PLOT_LINES` lines: its title, a line of legend where the legend does not
    share the title's line (either chart's: the wins chart's three names, the rate chart's
    title of a ``window``-game window), the plot, the x ticks and the x axis's label
    (``least``: as for :func:`draw_wins_chart`)."""
    small = small_px(px, least)
    legends = ((tr("lab.chart.wins"), ("lab.series.learner", "lab.series.opponent",
                                        "lab.series.draws")),
               (tr("lab.chart.rate", n=window), ("lab.series.rate",)))
    beside = all(text.size(title, px, True)[0] + px
                 + _legend_width([(tr(k), theme.ok, False) for k in keys], small) <= width
                 for title, keys in legends)
    # The legend's own rows where it wraps (the wins chart's three names took two at 200% of
    # 1920x1080, its plot 3 pixels short of four lines).
    rows = max(_legend(None, [(tr(k), theme.ok, False) for k in keys], 0, 0, width, small,
                       theme) for _title, keys in legends)
    return (charts.least_line_chart_height(px, small, width, [], tr("lab.chart.games"), theme,
                                           LEAST_PLOT_LINES)
            + (0 if beside else max(text.font(small).get_linesize(), rows)))


class ChartChoice:
    """Which charts the charts view shows: both, or where two would each be too short (see
    :func:`least_chart_height`) one at a time, chosen by two buttons under it. Also the
    n-tuple lab's two heat maps (``names`` and their buttons' label ``keys``)."""

    def __init__(self, names: tuple[str, ...] = CHART_NAMES,
                 keys: Mapping[str, str] = CHART_BUTTON_KEYS) -> None:
        self.all_names, self.keys = names, keys
        #: The names offered by the buttons (a layout may offer fewer, :meth:`offer`).
        self.offered = names
        #: True when one chart is shown at a time (set by the layout).
        self.single = False
        #: The chart shown when one is shown at a time.
        self.shown = names[0]
        self.buttons = {name: self._button(name) for name in names}

    def _button(self, name: str) -> Button:
        return Button(lambda: tr(self.keys[name]), lambda: self.choose(name),
                      selected=lambda: self.showing(name))

    def choose(self, name: str) -> None:
        """Show the chart ``name`` (when one is shown at a time)."""
        self.shown = name

    def offer(self, names: tuple[str, ...]) -> None:
        """Offer only ``names`` (some of the names given at first), in that order; the one
        chosen is kept for when it is offered again (a layout tries several), the first shown
        while it is not."""
        self.offered = names

    def showing(self, name: str) -> bool:
        """Whether ``name`` is the one shown (when one is shown at a time)."""
        return name == self.shown if self.shown in self.offered else name == self.offered[0]

    def names(self) -> tuple[str, ...]:
        """The charts drawn, by panel name."""
        return tuple(n for n in self.offered if self.showing(n)) if self.single else self.offered

    def widgets(self) -> list[Button]:
        """The buttons choosing the chart: none while both are shown."""
        for name, button in self.buttons.items():
            button.visible = self.single and name in self.offered
        return [self.buttons[name] for name in self.offered] if self.single else []

    def place(self, row: pygame.Rect, px: int, pad: int) -> None:
        """The buttons side by side from the left of ``row``, each as wide as its label and
        its ends: as wide as the row is high where the row has the room, narrower (to a third
        of it) before the words shrink, to 80% of ``px`` at the least. With the small size at
        the readable one (20 px at 1024x768), the n-tuple lab's third map button, "Patterns",
        was cut to "Pa…"."""
        labels = [tr(self.keys[name]) for name in self.offered]
        gaps = pad * (len(labels) - 1)
        for size in range(px, int(px * 0.8) - 1, -1):
            words = [text.size(label, size, True)[0] for label in labels]
            ends = min(row.height, (row.width - gaps - sum(words)) // max(1, len(labels)))
            if ends >= row.height // 3:
                break
        ends = max(ends, row.height // 3)
        x = row.left
        for name, need in zip(self.offered, words, strict=True):
            width = min(row.right - x, need + ends)
            self.buttons[name].place(pygame.Rect(x, row.top, width, row.height), size)
            x += width + pad


_DRAWERS = {"chart_wins": draw_wins_chart, "chart_rate": draw_rate_chart}


class LabCharts:
    """Both charts, each cached on a surface of its own."""

    def __init__(self) -> None:
        self._cache: dict[str, tuple[Any, pygame.Surface]] = {}
        self._drawn: dict[str, float] = {}
        #: Each chart's plot area (inside its axes, relative to the chart) as last drawn.
        self.plots: dict[str, pygame.Rect] = {}

    def clear(self) -> None:
        """Forget the cached pictures (new theme, runs cleared)."""
        self._cache.clear()

    def surface(self, name: str, size: tuple[int, int], runs: list[Run], planned: int,
                theme: Theme, px: int, running: bool, least: int = 0) -> pygame.Surface:
        """The chart ``name`` drawn on its own surface, redrawn only when its data changed
        (``least``: the least size of its small text, :func:`small_px`)."""
        lengths = tuple(len(r.results) for r in runs)
        key = (size, theme.name, px, lengths, tuple(r.label for r in runs), tr("lab.title"),
               planned, least)
        cached = self._cache.get(name)
        if cached is not None and cached[0] == key:
            return cached[1]
        now = time.monotonic()
        if (cached is not None and running and cached[0][:3] == key[:3]
                and now - self._drawn.get(name, 0.0) < CHART_SECONDS):
            # New games only: a long run redraws its charts a few times a second, not every
            # frame, so the window stays fluid.
            return cached[1]
        self._drawn[name] = now
        surf = pygame.Surface(size)
        surf.fill(theme.panel)
        self.plots[name] = _DRAWERS[name](surf, surf.get_rect(), runs, theme, px, planned,
                                          least)
        self._cache[name] = (key, surf)
        return surf
