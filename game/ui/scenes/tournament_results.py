"""What the tournament screen (and its exported picture) shows of the results: for two players
the duel (:mod:`tournament_duel`), for more a cross-table and the ranking by points or Elo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ai.training import Standing, wilson_interval
from game.ui import charts, text
from game.ui.i18n import decimal, grouped, language, tr
from game.ui.reasoning import plural
from game.ui.scenes.lab_common import game_title, variant_label
from game.ui.scenes.play_fit import body_at_100, readable_px
from game.ui.scenes.tournament_duel import draw_duel, draw_duel_view, place_duel_view_button
from game.ui.scenes.tournament_ranking import ranking_rows
from game.ui.scenes.tournament_views import (
    cross_data,
    draw_one_view,
    place_view_buttons,
    table_geometry,
    table_names,
)
from game.ui.theme import Theme
from game.ui.widgets import Metrics

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene


def draw_results(scene: TournamentScene, surface: pygame.Surface, rect: pygame.Rect, px: int,
                 titled: bool = False, theme: Theme | None = None) -> None:
    """The results of ``scene``'s tournament into ``rect``: on the screen in the app's theme,
    in the PNG in the light print theme given as ``theme``."""
    printed = theme
    theme = theme or scene.app.theme
    small = max(8, int(px * 0.85))
    top = rect.top
    if titled:
        played = scene.results  # the run's game, whatever the set-up has become
        title = tr("tour.picture_title", game=game_title(played.game),
                   variant=variant_label(played.game, played.options))
        top = text.blit_text(surface, title, int(px * 1.3), theme.accent, rect.topleft,
                             bold=True, max_width=rect.width).bottom + px // 2
    body = pygame.Rect(rect.left, top, rect.width, rect.bottom - top)
    if not scene.matches or scene.table is None:
        # On two lines rather than cut (the largest text size).
        text.blit_fit(surface, tr("tour.empty"), body, px, theme.text_muted)
        return
    if len(scene.names) == 2:
        # On the screen the numbers may shrink to the normal (100%) small size before a line
        # or the chart gives way; the picture keeps its sizes.
        normal = Metrics.for_size(scene.app.size)
        readable = readable_px(scene.app.size)
        if printed is None:
            # The bar no smaller than its legend (85% of it) at the readable size: at a true
            # 200% of 1024x768 the bar went down to 20 px and its legend to 17.
            bar_least = max(normal.body, -(-readable * 100 // 85))
            if scene.results.one_view:
                draw_duel_view(scene, surface, body, theme, readable)
                return
            draw_duel(scene, surface, body, px, small, theme, min(px, bar_least),
                      normal.small, readable)
        else:
            draw_duel(scene, surface, body, px, small, theme, px, max(8, int(small * 0.9)))
    else:
        _draw_round_robin(scene, surface, body, px, small, theme, printed is not None)


def outdated_note(scene: TournamentScene, width: int) -> tuple[list[str], int, int]:
    """The line(s) that say the results shown are the last run's when the set-up no longer
    has its line-up (a player, a parameter, the game or the variant changed after it: the
    set-up's "3. Alpha-beta" stood over the results' "3. Random #2: 12%" with nothing to
    tell them apart, QA20 22), wrapped to ``width``; their text size and height. None (and
    0) while the results are the set-up's."""
    if not scene.results.outdated(scene.setup):
        return [], 0, 0
    played = scene.results
    # "Random #2" kept on one line ("Random #" / "2)" read as two players).
    players = ", ".join(name.replace(" #", "\u00a0#") for name in played.names)
    note = tr("tour.outdated", game=game_title(played.game), players=players)
    # The 100% body size at most: at 200% its two lines took the duel's room and its
    # legend went down to the readable size.
    px = body_at_100(scene.app.metrics, scene.app.size)
    lines = text.wrap(note, width, px)
    return lines, px, len(lines) * text.font(px).get_linesize() + px // 2


def draw_outdated_note(scene: TournamentScene, surface: pygame.Surface,
                       rect: pygame.Rect) -> None:
    """Draw :func:`outdated_note` at the top of ``rect`` (the results' room)."""
    lines, px, _height = outdated_note(scene, rect.width)
    y = rect.top
    for line in lines:
        y = text.blit_text(surface, line, px, scene.app.theme.accent, (rect.left, y)).bottom


def _draw_round_robin(scene: TournamentScene, surface: pygame.Surface, body: pygame.Rect, px: int,
                      small: int, theme: Theme, printed: bool = False) -> None:
    if scene.results.one_view and not printed:
        # With its points: the table with its totals column is in the other view.
        lines = [standing_line(rank, s, points=True)
                 for rank, s in enumerate(scene.ranking(), 1)]
        draw_one_view(scene, surface, body, theme, lines, readable_px(scene.app.size),
                      ranking_rows(scene.ranking(), scene.results.rank_by_elo))
        return
    lines = [standing_line(rank, s) for rank, s in enumerate(scene.ranking(), 1)]
    cells, shades, totals, totals_title = cross_data(scene)
    title = plural("tour.cross", scene.results.games)
    place, px = fitted_round_robin(lines, title, body, px, len(scene.names),
                                   scene.rank_button.rect.size, ranking_floor(scene, px))
    text.blit_text(surface, title, px, theme.text, (body.left, place.title_top), bold=True,
                   max_width=max(10, place.title_width), min_px=int(px * 0.75))
    table_rect, rank_rect = place.table, place.ranking
    line_px, columns = place.line_px, place.columns
    # On the screen the table's labels at the small size at least (the picture keeps its own).
    charts.cross_table(surface, table_rect, table_names(scene), cells, shades, theme, px,
                       totals=totals, totals_title=totals_title,
                       small=0 if printed else max(scene.app.metrics.small, int(px * 0.85)))
    x, y = rank_rect.left, rank_rect.top
    y = text.blit_text(surface, tr("tour.ranking"), place.heading_px, theme.text, (x, y),
                       bold=True).bottom + place.heading_px // 4
    scene.rank_columns = columns
    scene.rank_px = line_px
    col_w = rank_rect.width // columns
    top_y = y
    per_col = -(-len(lines) // columns)
    for rank, line in enumerate(lines, 1):
        col = (rank - 1) // per_col
        if (rank - 1) % per_col == 0:
            y = top_y
        colour = theme.accent if rank == 1 else theme.text
        y = text.blit_wrapped(surface, line, line_px, colour,
                              pygame.Rect(x + col * col_w, y, col_w - line_px,
                                          rank_rect.bottom - y),
                              line_gap=0.0) + line_px // 6


def ranking_floor(scene: TournamentScene, px: int) -> int:
    """The least text size of ``scene``'s ranking drawn from a body size of ``px``: with
    larger text (``px`` over the 100% body size), the 100% body size and never under the
    readable size (2.5% of the window's height); at 100%, none (0: the ranking shrinks with
    the table, as before)."""
    normal = Metrics.for_size(scene.app.size).body
    if px <= normal:
        return 0
    return min(px, max(normal, readable_px(scene.app.size)))


def place_rank_button(scene: TournamentScene) -> None:
    """Place the points/Elo button of ``scene`` where its round robin's results put it: on
    the ranking's heading line (see :func:`round_robin_layout`)."""
    m = scene.app.metrics

    def button_size(px: int) -> tuple[int, int]:
        return (max(text.size(tr(key), px, True)[0] for key in ("tour.rank_points",
                                                                 "tour.rank_elo"))
                + int(px * 2.2), int(px * 1.9))

    button_px = m.small
    size = button_size(button_px)
    scene.results.one_view = False
    scene.view_button.visible = False
    body = scene.results_body()
    place = pygame.Rect(body.right - size[0], body.top, *size)
    if len(scene.names) == 2 and scene.matches and scene.paged:
        # Large text: the duel's numbers or its chart, each with the whole panel.
        scene.results.one_view = True
        place_duel_view_button(scene, body)
    if len(scene.names) > 2 and scene.matches and scene.table is not None:
        lines = [standing_line(rank, s) for rank, s in enumerate(scene.ranking(), 1)]
        title = plural("tour.cross", scene.results.games)
        floor = ranking_floor(scene, m.body)
        layout, px = fitted_round_robin(lines, title, body, m.body, len(scene.names), size,
                                        floor)
        if px < m.body:
            # The results shrank to fit: the button with them, beside the ranking's heading.
            button_px = min(m.small, max(8, int(layout.heading_px * 0.85)))
            size = button_size(button_px)
            layout, px = fitted_round_robin(lines, title, body, m.body, len(scene.names), size,
                                            floor)
        place = layout.button
        # Beside each other the table's numbers or names, or the ranking, would be under the
        # small size: one view at a time, each with the whole panel.
        scene.results.one_view = layout.line_px < m.small or not table_geometry(
            scene, layout.table, px, max(m.small, int(px * 0.85))).readable(m.small)
        if scene.results.one_view:
            place_view_buttons(scene, body)
            return
    scene.rank_button.place(place, button_px)


@dataclass(frozen=True)
class RoundRobinLayout:
    """Where the parts of a round robin's results go: the title's top and width, the
    cross-table, the ranking (its heading first), the ranking's text size and columns, and
    the ranking button (by the ranking's heading, or at the top right when it has no room
    there)."""

    title_top: int
    title_width: int
    table: pygame.Rect
    ranking: pygame.Rect
    line_px: int
    columns: int
    button: pygame.Rect
    #: Whether the ranking fits its room whole (else it would run past the panel).
    fits: bool = True
    #: The text size of the ranking's heading (the ranking's own body size).
    heading_px: int = 0


#: The round robin's results shrink down to this share of their text size before the ranking
#: is drawn past its panel (at 200% of 1920x1080 it ran under the folder and Export).
LEAST_RESULTS_SHARE = 0.6
#: With a floor for the ranking (larger text), the cross-table and title may shrink further,
#: down to this share: they give way to the ranking, which keeps its floor.
LEAST_TABLE_SHARE = 0.4


def fitted_round_robin(lines: list[str], title: str, body: pygame.Rect, px: int, players: int,
                       button: tuple[int, int], rank_floor: int = 0
                       ) -> tuple[RoundRobinLayout, int]:
    """The :func:`round_robin_layout` at the largest text size from ``px`` down to
    :data:`LEAST_RESULTS_SHARE` of it at which the ranking fits whole, and that size.

    With a ``rank_floor``, the ranking's text never goes under it (nor under the table's):
    the table and the title shrink alone, down to :data:`LEAST_TABLE_SHARE` of ``px`` (at
    200% text the ranking shrank with them to 25 px at 1920x1080, 35 px at 100%)."""
    share = LEAST_TABLE_SHARE if rank_floor else LEAST_RESULTS_SHARE
    least = max(text.MIN_PX, int(px * share))
    size = px
    while True:
        rank = max(size, rank_floor)
        place = round_robin_layout(lines, title, body, size, max(8, int(size * 0.85)),
                                   players, button,
                                   (rank, max(rank_floor, 8, int(rank * 0.85))))
        if place.fits or size <= least:
            return place, size
        size = max(least, size - max(1, size // 20))


def round_robin_layout(lines: list[str], title: str, body: pygame.Rect, px: int, small: int,
                       players: int, button: tuple[int, int],
                       rank: tuple[int, int] | None = None) -> RoundRobinLayout:
    """The :class:`RoundRobinLayout` of the ranking ``lines`` and the table of ``players``
    in ``body``, with a ranking button of size ``button``. The title and table are at
    ``px``; the ranking at ``rank`` (its body and small sizes; default ``px`` and
    ``small``).

    The button (points or Elo) sits on the ranking's heading line, beside what it changes,
    so the title has the whole width (the French title did not fit beside the button, went
    below it and left the ranking the small size). When the heading line has no room for
    it, the button goes to the top right and the title beside it, or below it."""
    bw, bh = button
    rank_px, rank_small = rank or (px, small)

    fits = [True]

    def parts(title_top: int) -> tuple[pygame.Rect, pygame.Rect, int, int]:
        """The table, the ranking, its text size and columns below a title at
        ``title_top`` (``fits[0]`` says whether the ranking has its room)."""
        top = title_top + int(px * 1.6)
        rest = pygame.Rect(body.left, top, body.width, body.bottom - top)
        if rest.width >= 40 * rank_px:
            # The ranking as wide as its longest line needs (each standing on one line), up
            # to half the width; the table takes the rest. (Judged by the ranking's size: a
            # table shrunk for it must not put it in half the width, wrapped and cut.)
            longest = max(text.size(line, rank_px)[0] for line in lines) + rank_px
            split = rest.width - px - min(longest, rest.width // 2)
            return (pygame.Rect(rest.left, rest.top, split, rest.height),
                    pygame.Rect(rest.left + split + px, rest.top, rest.width - split - px,
                                rest.height), rank_px, 1)
        table_h = min(int(rest.height * 0.6), int((players + 1) * px * 2.2))
        least_table = int((players + 1) * px * 1.35)
        # The ranking at body size, as the table (it was at 85% of it, too small for the back
        # row), in one column or two; at the small size only when the table, its rows at
        # least 1.35 lines tall, would not leave it the room.
        line_px, columns, ranking_h = ranking_layout(lines, rest.width, rank_px, rank_small,
                                                     rest.height - least_table)
        fits[0] = ranking_h <= rest.height - least_table
        table_h = max(min(table_h, rest.height - ranking_h), least_table)
        return (pygame.Rect(rest.left, rest.top, rest.width, table_h),
                pygame.Rect(rest.left, rest.top + table_h + px // 2, rest.width,
                            rest.height - table_h - px // 2), line_px, columns)

    table_rect, rank_rect, line_px, columns = parts(body.top)
    if text.size(tr("tour.ranking"), rank_px, True)[0] + rank_px + bw <= rank_rect.width:
        heading_h = text.font(rank_px, True).get_height()
        button_rect = pygame.Rect(rank_rect.right - bw, rank_rect.top + (heading_h - bh) // 2,
                                  bw, bh)
        return RoundRobinLayout(body.top, body.width, table_rect, rank_rect, line_px, columns,
                                button_rect, fits[0], rank_px)
    # No room beside the heading: the button at the top right, the title beside it when it
    # fits there whole (at 90% of its size at least), else below it across the width.
    title_top, title_w = body.top, body.width - bw - px
    if text.size(title, int(px * 0.9), True)[0] > title_w:
        title_top, title_w = body.top + bh + px // 3, body.width
    table_rect, rank_rect, line_px, columns = parts(title_top)
    return RoundRobinLayout(title_top, title_w, table_rect, rank_rect, line_px, columns,
                            pygame.Rect(body.right - bw, body.top, bw, bh), fits[0], rank_px)


def ranking_layout(lines: list[str], width: int, px: int, small: int,
                   room: int) -> tuple[int, int, int]:
    """How the ranking's ``lines`` go in ``width`` pixels with at most ``room`` pixels of
    height: the text size and the columns (body size in one column, then two, then the
    small size in one, then two: two columns cut "Elo 2300" in the middle), and the height
    it takes (its heading included)."""
    options = []
    for size, columns in ((px, 1), (px, 2), (small, 1), (small, 2)):
        line_h = text.font(size).get_linesize()  # as drawn: no gap inside a standing
        col_w = width // columns - size
        per_col = -(-len(lines) // columns)
        heights = [sum(len(text.wrap(line, col_w, size)) * line_h + size // 6
                       for line in lines[c * per_col:(c + 1) * per_col])
                   for c in range(columns)]
        need = int(px * 1.6) + max(heights) + px // 2
        if need <= room:
            return size, columns, need
        options.append((need, size, columns))
    need, size, columns = min(options)  # none fits: the one that needs the least height
    return size, columns, need


#: The first letters of a name before which French elides "de" ("d'Alpha-bêta", not "de
#: Alpha-bêta"): a text with a ``.vowel`` form takes it before such a name.
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")


def tr_named(key: str, name: str) -> str:
    """The text ``key`` about ``name``, in its ``.vowel`` form when the name starts with a
    vowel (each language has both forms; English says the same in both)."""
    return tr(f"{key}.vowel" if name[:1].lower() in VOWELS else key, name=name)


def standing_line(rank: int, standing: Standing, points: bool = False) -> str:
    """One line of the ranking: the share of the points with its 95% Wilson interval, Elo;
    with ``points`` (when no table beside it has them), after the share the points and the
    games they were won in: the share ranks the players, and with the points first a run
    half-way read "1. Minimax: 68 pts" above "2. Greedy: 96 pts" (QA S12 49). A player who
    has not played yet says so (it read "0 pt · 0 %" and an Elo)."""
    if not standing.games:
        return tr("tour.stand_none", rank=rank, name=standing.name)
    lo, hi = wilson_interval(standing.points, standing.games)
    share = standing.points / standing.games * 100
    return tr("tour.stand_share" if points else "tour.stand", rank=rank, name=standing.name,
              points=format_points(standing.points),
              pts=tr("tour.pts.one" if one_point(standing.points) else "tour.pts"),
              played=plural("tour.n_games", standing.games),
              pct=f"{share:.0f}", lo=f"{lo * 100:.0f}", hi=f"{hi * 100:.0f}",
              elo=f"{standing.elo:.0f}")


def one_point(points: float) -> bool:
    """Whether ``points`` take the singular: 1 in English; under 2 in French ("1,5 pt")."""
    return points == 1 or (language() == "fr" and points < 2)


def format_points(points: float) -> str:
    """Points with a half only when there is one, in the language's way: ``12``, ``12.5``
    (``12,5`` in French)."""
    return grouped(points) if float(points).is_integer() else decimal(f"{points:.1f}")


def format_seconds(seconds: float) -> str:
    """A thinking time in the language's way: ``35 µs``, ``0.4 ms``, ``12 ms``, ``1.25 s``
    (``0,4 ms``, ``1,25 s`` in French), the unit held to its number by a no-break space
    ("Greedy 230" then "µs" alone on the next line at 200% of 1920x1080)."""
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f}\u00a0µs"
    if seconds < 0.01:
        return decimal(f"{seconds * 1000:.2f}\u00a0ms")
    if seconds < 1:
        return f"{seconds * 1000:.0f}\u00a0ms"
    return decimal(f"{seconds:.2f}\u00a0s")
