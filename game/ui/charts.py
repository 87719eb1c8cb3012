"""Charts drawn with pygame into any rectangle: lines, stacked bars, a heat map, a cross-table.

Each function draws inside the rectangle it is given, with sizes in proportion to it and text at
the pixel size ``px`` the caller chose from the window (so a chart is as readable on a projector
as in a PNG export). Every chart has what a class needs to read it from the back of the room:
axes with round-number ticks, axis labels, a legend, and the latest value printed at the end of
each line, every number in the language's way. Nothing here knows about games or AIs: the
screens pass numbers and labels. :func:`save_png` draws a chart off screen in the light print
theme and saves it (the experiments script's figures).

This module gathers the charts, one module per job: :mod:`game.ui.chart_parts` (numbers,
ticks, title, legend, colours, PNG), :mod:`game.ui.chart_lines` (the line chart and its
incremental summaries), :mod:`game.ui.chart_bars` (stacked bar and columns),
:mod:`game.ui.chart_tables` (heat map, cross-table).
"""

from __future__ import annotations

from game.ui.chart_bars import Part, Segment, stacked_bar, stacked_bar_height, stacked_columns
from game.ui.chart_lines import Series, least_line_chart_height, line_chart
from game.ui.chart_parts import diverging, format_number, nice_ticks, save_png, sequential
from game.ui.chart_tables import (
    cross_table,
    heat_label_px,
    heat_map,
    heat_map_height,
    heat_number_px,
)

__all__ = ["Part", "Segment", "Series", "cross_table", "diverging", "format_number",
           "heat_label_px", "heat_map", "heat_map_height", "heat_number_px",
           "least_line_chart_height",
           "line_chart", "nice_ticks",
           "save_png", "sequential", "stacked_bar", "stacked_bar_height", "stacked_columns"]
