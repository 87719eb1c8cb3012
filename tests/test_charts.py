"""Tests for game.ui.charts: ticks, labels, and drawing only inside the given rectangle."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui import chart_lines, charts
from game.ui.theme import THEMES, Theme

THEME = THEMES["default"]


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


@settings(max_examples=80, deadline=None)
@given(st.floats(-1e6, 1e6), st.floats(0.01, 1e6), st.integers(2, 10))
def test_nice_ticks_cover_the_range_with_round_steps(low: float, span: float,
                                                     count: int) -> None:
    high = low + span
    ticks = charts.nice_ticks(low, high, count)
    assert ticks and ticks == sorted(ticks)
    assert all(low - span * 1e-6 <= t <= high + span * 1e-6 for t in ticks)
    if len(ticks) > 1:
        step = ticks[1] - ticks[0]
        mantissa = step / 10 ** math.floor(math.log10(step))
        assert any(abs(mantissa - m) < 1e-3 for m in (1, 2, 2.5, 5, 10))


def test_format_number() -> None:
    assert charts.format_number(12) == "12"
    assert charts.format_number(25_000) == "25k"
    assert charts.format_number(2_500_000) == "2.5M"
    assert charts.format_number(0.75, percent=True) == "75%"
    assert charts.format_number(0.25) == "0.25"


def test_downsample_keeps_extremes_and_the_last_point() -> None:
    values = [0.0] * 10_000
    values[1234] = 5.0
    values[7777] = -3.0
    values[-1] = 1.0
    points = chart_lines._downsample(values, 100)
    assert len(points) <= 210
    assert points[-1] == (9999, 1.0)
    highs = [i for i, v in points if v == 5.0]
    lows = [i for i, v in points if v == -3.0]
    # Each extreme is kept, placed within its bucket (100 games wide).
    assert highs and all(abs(i - 1234) < 100 for i in highs)
    assert lows and all(abs(i - 7777) < 100 for i in lows)
    rising = chart_lines._downsample([float(i // 3) for i in range(50_000)], 300)
    assert [v for _i, v in rising] == sorted(v for _i, v in rising)
    assert [i for i, _v in rising] == sorted(i for i, _v in rising)


def _outside_untouched(draw: object, rect: pygame.Rect) -> None:
    surface = pygame.Surface((400, 300))
    surface.fill((1, 2, 3))
    draw(surface, rect)  # type: ignore[operator]
    for x in range(0, 400, 7):
        for y in range(0, 300, 7):
            if not rect.collidepoint(x, y):
                assert surface.get_at((x, y))[:3] == (1, 2, 3), (x, y)


def test_charts_draw_only_inside_their_rectangle() -> None:
    rect = pygame.Rect(60, 40, 250, 200)
    series = [charts.Series("a", [i * 0.5 for i in range(500)], THEME.ok),
              charts.Series("b", [float(i % 7) for i in range(300)], THEME.danger, faded=True)]
    _outside_untouched(lambda s, r: charts.line_chart(s, r, series, THEME, 14, title="T",
                                                      x_label="x", y_label="y"), rect)
    _outside_untouched(lambda s, r: charts.line_chart(s, r, [], THEME, 14, empty_text="none"),
                       rect)
    _outside_untouched(lambda s, r: charts.stacked_bar(
        s, r, [charts.Segment("w", 3, THEME.ok), charts.Segment("l", 1, THEME.danger)], THEME,
        14, title="R", intervals=[(0.4, 0.9)]), rect)
    _outside_untouched(lambda s, r: charts.heat_map(
        s, r, ["1", "2"], ["a", "b", "c"], [[0.5, None, -1.0], [0.0, 0.2, 0.3]], THEME, 14,
        title="Q", row_title="n", col_title="take", highlight={(0, 0)}), rect)
    _outside_untouched(lambda s, r: charts.cross_table(
        s, r, ["x", "y"], [["", "3"], ["7", ""]], [[None, 0.3], [0.7, None]], THEME, 14,
        title="C", totals=["3", "7"], totals_title="pts"), rect)
    sampled = [charts.Series("s", [1.0, 5.0, 4.0], THEME.ok, xs=[0, 50, 100]),
               charts.Series("d", [2.0, 2.0, 3.0], THEME.ok, xs=[0, 50, 100], dashed=True)]
    _outside_untouched(lambda s, r: charts.line_chart(s, r, sampled, THEME, 14, title="S",
                                                      y_range=(0.0, 5.0)), rect)
    parts = [charts.Part("a", [50.0, 10.0, 0.0], THEME.ok),
             charts.Part("b", [50.0, 90.0, 100.0], THEME.danger)]
    _outside_untouched(lambda s, r: charts.stacked_columns(s, r, ["x", "y", "z"], parts, THEME,
                                                           14, title="P", y_label="%"), rect)


@pytest.mark.parametrize("size", [(5, 5), (40, 30), (1, 200)])
def test_tiny_rectangles_do_not_crash(size: tuple[int, int]) -> None:
    surface = pygame.Surface((300, 300))
    rect = pygame.Rect((10, 10), size)
    charts.line_chart(surface, rect, [charts.Series("a", [1.0, 2.0], THEME.ok)], THEME, 12)
    charts.stacked_bar(surface, rect, [charts.Segment("a", 0, THEME.ok)], THEME, 12)
    charts.heat_map(surface, rect, [], [], [], THEME, 12)
    charts.heat_map(surface, rect, ["1"] * 50, ["a"], [[1.0]] * 50, THEME, 12)
    charts.cross_table(surface, rect, [], [], [], THEME, 12)
    charts.stacked_columns(surface, rect, ["a"], [charts.Part("p", [100.0], THEME.ok)], THEME,
                           12)
    charts.stacked_columns(surface, rect, [], [], THEME, 12)


def test_line_chart_returns_a_plot_inside_the_rect_and_plots_the_data() -> None:
    surface = pygame.Surface((600, 400))
    surface.fill(THEME.panel)
    rect = pygame.Rect(0, 0, 600, 400)
    plot = charts.line_chart(surface, rect, [charts.Series("up", [0.0, 10.0], THEME.ok)],
                             THEME, 16, y_range=(0.0, 10.0))
    assert rect.contains(plot)
    # The line goes from the bottom-left to the top-right corner of the plot.
    mid = surface.get_at(plot.center)[:3]
    assert mid == THEME.ok


def test_sampled_series_span_their_x_values() -> None:
    surface = pygame.Surface((600, 400))
    surface.fill(THEME.panel)
    rect = pygame.Rect(0, 0, 600, 400)
    # Sampled at x = 0, 1000, 2000: the line still runs from corner to corner of the plot.
    plot = charts.line_chart(surface, rect, [charts.Series("up", [0.0, 5.0, 10.0], THEME.ok,
                                                           xs=[0, 1000, 2000])],
                             THEME, 16, y_range=(0.0, 10.0))
    assert surface.get_at(plot.center)[:3] == THEME.ok


def test_stacked_columns_fill_in_proportion() -> None:
    surface = pygame.Surface((600, 400))
    surface.fill(THEME.panel)
    plot = charts.stacked_columns(surface, pygame.Rect(0, 0, 600, 400), ["x"],
                                  [charts.Part("low", [25.0], THEME.ok),
                                   charts.Part("high", [75.0], THEME.danger)], THEME, 16)
    x = plot.centerx + plot.width // 8  # inside the column, off its printed shares
    assert surface.get_at((x, plot.bottom - plot.height // 10))[:3] == THEME.ok
    assert surface.get_at((x, plot.top + plot.height // 10))[:3] == THEME.danger


def test_save_png_draws_off_screen_in_the_print_theme(tmp_path: Path) -> None:
    from game.ui.printing import PRINT

    path = tmp_path / "charts" / "wins.png"
    seen: list[tuple[pygame.Rect, object]] = []

    def draw(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
        seen.append((rect, theme))
        charts.line_chart(surface, rect, [charts.Series("a", [1.0, 3.0], theme.ok)], theme, 14)

    assert charts.save_png(path, (320, 200), draw) == path
    picture = pygame.image.load(str(path))
    assert picture.get_size() == (320, 200)
    assert picture.get_at((1, 1))[:3] == PRINT.background  # white paper around the chart
    rect, theme = seen[0]
    assert theme is PRINT
    assert pygame.Rect(0, 0, 320, 200).contains(rect) and rect != picture.get_rect()
    # Mostly paper: a light picture, not the dark screen theme.
    assert pygame.surfarray.array3d(picture).mean() > 200


class _CountingList(list[float]):
    """A list that counts the values read from it (one by one or in slices)."""

    read = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _CountingList.read += len(self)
        return super().__iter__()

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        part = super().__getitem__(index)
        _CountingList.read += len(part) if isinstance(index, slice) else 1
        return part


def test_redrawing_a_growing_line_reads_only_the_new_values() -> None:
    # Regression: the lab's chart redraw read every value of six 100,000-game runs (y range,
    # downsampling) each time, 306 ms at 99k games: the cost grew with the games played.
    surface = pygame.Surface((640, 360))
    rect = surface.get_rect()
    lines = [_CountingList(float(i // (k + 2)) for i in range(100_000)) for k in range(3)]
    rate = _CountingList(0.5 + 0.4 * math.sin(i / 900) for i in range(100_000))

    def draw() -> None:
        charts.line_chart(surface, rect, [
            *(charts.Series(f"run {k}", line, THEME.accent, faded=k < 2)
              for k, line in enumerate(lines)),
            charts.Series("rate", rate, THEME.ok)], THEME, 14, x_max=200_000)

    draw()
    for _ in range(5):
        for line in (*lines, rate):
            line.extend([line[-1]] * 100)
        _CountingList.read = 0
        draw()
        assert _CountingList.read < 2000, _CountingList.read  # 400 new values, not 400,000


def test_column_summary_draws_what_downsampling_draws() -> None:
    values = [0.0] * 50_000
    values[1234] = 5.0
    values[37_777] = -3.0
    values[-1] = 1.0
    summary = chart_lines._LineSummary(values)
    summary.sync()
    points = [(int(i), v) for i, v in summary.by_column(300, 1.0, 50_000.0).tolist()]
    assert len(points) <= 2 * 512 and points[-1] == (49_999, 1.0)
    assert (summary.low, summary.high) == (-3.0, 5.0)
    assert any(v == 5.0 and abs(i - 1234) < 200 for i, v in points)
    assert any(v == -3.0 and abs(i - 37_777) < 200 for i, v in points)
    # Growing by appends extends the same columns; a rewritten list starts again.
    values.append(9.0)
    summary.sync()
    assert summary.high == 9.0
    assert summary.by_column(300, 1.0, 50_000.0)[-1].tolist() == [50_000, 9.0]
    values[-1] = -7.0
    summary.sync()
    assert summary.low == -7.0 and summary.high == 5.0
    rising = chart_lines._LineSummary([float(i // 3) for i in range(50_000)])
    rising.sync()
    ys = rising.by_column(300, 1.0, 50_000.0)[:, 1].tolist()
    assert ys == sorted(ys)


def test_every_chart_writes_numbers_the_french_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the tournament's legend read "(20.0%)" in French. Every chart of
    :mod:`game.ui.charts`, drawn in French with fractional numbers, writes decimal commas and
    "20 %", never "20.0" or "20%"."""
    import inspect
    import re

    from game.ui import i18n, text

    i18n.set_language("fr")
    drawn: list[str] = []
    real_render = text.render

    def spy(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(content)
        return real_render(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "render", spy)
    surface = pygame.Surface((900, 600))
    rect = surface.get_rect().inflate(-20, -20)
    draws = {
        "line_chart": lambda: charts.line_chart(
            surface, rect, [charts.Series("a", [0.15, 0.45, 1.37], (200, 50, 50))], THEME, 18,
            title="t", x_label="x", y_label="y", y_range=(0.0, 1.5), x_max=3),
        "stacked_bar": lambda: charts.stacked_bar(
            surface, rect, [charts.Segment("w", 1, (0, 200, 0)),
                            charts.Segment("d", 2, (90, 90, 90)),
                            charts.Segment("l", 2, (200, 0, 0))], THEME, 18, title="t",
            intervals=[(0.05, 0.5)], interval_label="ci"),
        "stacked_columns": lambda: charts.stacked_columns(
            surface, rect, ["a", "b"], [charts.Part("p", [12.5, 60.0], (0, 0, 200)),
                                        charts.Part("q", [87.5, 40.0], (0, 200, 0))],
            THEME, 18, title="t", y_label="%"),
        "heat_map": lambda: charts.heat_map(
            surface, rect, ["1", "2"], ["a", "b"], [[0.25, -1.5], [None, 0.125]], THEME, 18,
            title="t"),
        "heat_map unsigned": lambda: charts.heat_map(
            surface, rect, ["1"], ["a", "b"], [[0.25, 1500.0]], THEME, 18, signed=False),
        "cross_table": lambda: charts.cross_table(
            surface, rect, ["A", "B"], [["", "1,5"], ["0,5", ""]], [[None, 0.75], [0.25, None]],
            THEME, 18, totals=["1,5", "0,5"], totals_title="pts"),
    }
    # Every chart this module draws is here (a new chart must be added to this test).
    charts_drawn = {name for name in charts.__all__
                    if list(inspect.signature(getattr(charts, name)).parameters)[:2]
                    == ["surface", "rect"]}
    assert charts_drawn == {name.split()[0] for name in draws}
    english = re.compile(r"\d\.\d|\d%")
    seen: dict[str, list[str]] = {}
    for name, draw in draws.items():
        drawn.clear()
        draw()
        seen[name] = [t for t in drawn if re.search(r"\d", t)]
        assert seen[name], name
        assert not [t for t in seen[name] if english.search(t)], (name, seen[name])
    assert "d : 2 (40,0\u202f%)" in seen["stacked_bar"], seen["stacked_bar"]
    assert charts.format_number(1500) == "1\u202f500"
    assert charts.format_number(0.25) == "0,25"
    assert charts.format_number(2500.0) == "2\u202f500"
    assert charts.format_number(0.75, percent=True) == "75\u202f%"


def test_the_x_axis_label_of_a_narrow_chart_is_not_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (review, tournament duel at 200% text, 1024x768 French): the x axis label
    was limited to the plot's width and read "parties jou…" while the chart had room for it;
    a label wider than the plot is centred under the whole chart."""
    from game.ui import text
    from tests.ui_helpers import watch_cuts

    cut = watch_cuts(monkeypatch)
    surface = pygame.Surface((170, 200))
    series = [charts.Series("", [float(i) for i in range(100)], (200, 50, 50))]
    plot = charts.line_chart(surface, surface.get_rect(), series, THEME, 18,
                             x_label="parties jouées", y_label="victoires")
    assert text.size("parties jouées", int(18 * 0.85))[0] > plot.width  # the case at hand
    assert not cut, cut


def tick_labels_drawn(monkeypatch: pytest.MonkeyPatch, draw: object) -> list[pygame.Rect]:
    """The rectangles of the muted texts (ticks and axis labels) drawn by ``draw()``."""
    from game.ui import text

    rects: list[pygame.Rect] = []
    real = text.blit_text

    def spy(surface: pygame.Surface, line: str, px: int, colour: object,
            *args: object, **kwargs: object) -> pygame.Rect:
        rect = real(surface, line, px, colour, *args, **kwargs)  # type: ignore[arg-type]
        if colour == THEME.text_muted:
            rects.append(rect)
        return rect

    monkeypatch.setattr(text, "blit_text", spy)
    draw()  # type: ignore[operator]
    return rects


@pytest.mark.parametrize("percent", [True, False])
def test_tick_labels_of_a_short_plot_never_overlap(monkeypatch: pytest.MonkeyPatch,
                                                   percent: bool) -> None:
    """Regression (lab at 200% text, 1024x768): a plot 44 px high drew "100 %", "50 %" and
    "0 %" over each other, and a crowded x axis its tick labels on each other; a label too
    close to its neighbour is left out, the bottom one kept."""
    surface = pygame.Surface((500, 138))
    values = [0.5 + 0.3 * math.sin(i / 9) for i in range(250)] if percent else \
        [float(i) for i in range(250)]
    series = [charts.Series("", values, (90, 200, 120))]
    plots: list[pygame.Rect] = []

    def draw() -> None:
        plots.append(charts.line_chart(
            surface, surface.get_rect(), series, THEME, 28, title="Taux",
            y_range=(0.0, 1.0) if percent else None, percent=percent, x_max=250))

    rects = tick_labels_drawn(monkeypatch, draw)
    assert plots[0].height < 50  # the case at hand: a short plot
    assert len(rects) >= 3
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_no_gridline_runs_through_the_empty_charts_words() -> None:
    """Regression (audit, lab before training): "Press Train" had a gridline through it."""
    from game.ui.theme import blend

    surface = pygame.Surface((600, 400))
    surface.fill(THEME.panel)
    plot = charts.line_chart(surface, surface.get_rect(), [], THEME, 20, title="Wins",
                             x_label="games", empty_text="Press Train", x_max=500)
    grid = blend(THEME.panel, THEME.text_muted, 0.25)
    inside = plot.inflate(-8, -8)
    found = [(x, y) for x in range(inside.left, inside.right, 2)
             for y in range(inside.top, inside.bottom, 2)
             if tuple(surface.get_at((x, y)))[:3] == tuple(grid)[:3]]
    assert not found, found[:5]


def test_a_legend_label_ending_in_a_comma_starts_a_row_with_the_next() -> None:
    """The lab's runs of one set-up are named "1," then "2: Elimination vs Random": the two
    go to a new row together rather than "1," alone at the end of a row (QA15 9)."""
    from game.ui.chart_parts import _legend, _legend_groups_whole, _legend_width

    colour = (0, 0, 0)
    first, second = ("Learner", colour, False), ("1,", colour, False)
    last = ("2: Elimination vs Random", colour, False)
    px = 20
    # Room for "Learner" and "1," on the first row, not for "2: Elimination vs Random" too.
    width = _legend_width([first, second], px) + px * 2
    assert _legend_width([first, second, last], px) > width
    line_h = int(px * 1.45)
    assert _legend(None, [first, second, last], 0, 0, width, px, THEMES["default"]) == 3 * line_h
    # Alone on its row the group fits: two rows, "Learner", then "1, 2: …".
    wide = max(width, _legend_width([second, last], px) + px)
    assert _legend(None, [first, second, last], 0, 0, wide, px, THEMES["default"]) == 2 * line_h
    assert _legend_groups_whole([first, second, last], wide, px)
    assert not _legend_groups_whole([first, second, last], wide - 1, px)
