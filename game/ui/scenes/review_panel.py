"""The review part of the play screen's side panel: the evaluation graph and the review buttons.

While a game is reviewed (:class:`~game.ui.scenes.review.Review`), the panel shows, instead of
the AI's reasoning, a graph of how each position looked for the side that moved first (click
it to jump to a position), the move list with the shown move marked, and Back / Forward /
Save game / Open game / Back to game. The graph's points come from
:func:`~game.ui.scenes.review.evaluation_points`; this module only places and draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.registry import Evaluation
from game.ui import text
from game.ui.i18n import has, tr
from game.ui.scenes.play_fit import (
    large_text,
    least_legend_px,
    place_fitted,
    place_row,
    readable_px,
)
from game.ui.scenes.players import choice_text
from game.ui.scenes.review import (
    ESTIMATE_CAP,
    FROM_RESULT,
    EvalGraph,
    EvalPoint,
    evaluation_points,
)
from game.ui.scenes.review_scale import digit_ink, scale_marks, scale_size, zero_mark_px
from game.ui.theme import blend
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: The share of the review panel's room (graph, its words and the move list) the plot takes.
PLOT_SHARE = 0.36
#: A dot this near the middle line (of the plot's half height) is grey: about even.
EVEN = 0.05
#: The share of the window's height the plot takes from the move list's rows but one...
PLOT_WINDOW_SHARE = 0.15
#: ... and with large text the share under which it takes the last row too.
PLOT_ROW_SHARE = 0.1
#: Rows of the move list (and the position's summary) the taller plot leaves room for.
LIST_ROWS = 3
#: Rows the list keeps when it gives way to the line's caption (it scrolls to the reviewed
#: move, so a row fewer hides nothing for good).
LIST_LEAST_ROWS = 2
#: Rows the list keeps when it gives way to the scale's words as well ("Edges: a sure win;
#: scale in weight-table points" gave way to a 4x4 Othello game's second row, QA15 7).
SCALE_LIST_ROWS = 1
#: The plot gives way to those rows down to this many body sizes high.
PLOT_LEAST = 1.2
#: The forms of the key's words on the line and the dots (see ReviewPanel.line_words): in
#: full, in brief with the line's name, the dots alone.
KEY_FULL, KEY_BRIEF, KEY_DOTS = "full", "brief", "dots"
KEY_FORMS = {KEY_FULL: "review.graph_key", KEY_BRIEF: "review.graph_key_brief",
             KEY_DOTS: "review.graph_key_dots"}


class ReviewPanel:
    """The graph and buttons of the review, inside the play scene's side panel."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        self.app = app
        self.scene = scene
        self.back_button = Button(lambda: tr("review.back"), lambda: scene.step_review(-1))
        self.forward_button = Button(lambda: tr("review.forward"),
                                     lambda: scene.step_review(+1))
        self.save_button = Button(lambda: tr("review.save"), scene.save_record)
        self.open_button = Button(lambda: tr("review.open"), scene.open_record)
        self.live_button = Button(lambda: tr("review.live"), scene.leave_review, primary=True)
        #: Where the graph's plot is (a click there jumps to a position).
        self.plot = pygame.Rect(0, 0, 0, 0)
        #: Where the graph's key is (a click there chooses the next evaluation, when the
        #: game declares several).
        self.key_rect = pygame.Rect(0, 0, 0, 0)
        #: The evaluation judging the positions: the game's default until one is chosen.
        self.evaluation: Evaluation | None = scene.match.info.evaluation
        self._graph = EvalGraph([], [])
        self._graph_key: tuple[int, int, str] | None = None

    def words_px(self) -> int:
        """The size of the review's words (the graph's key at normal text, the move list,
        the position's summary): the play panel's small size, never under the window's
        readable size (18 px at 100% of 1024x768, under its 20: QA20 2)."""
        return self.scene.panel.explain.small

    def buttons(self, compact: bool = False) -> list[Widget]:
        """The review's buttons, in event order; ``compact`` (large text): without Save and
        Open, which are behind the panel's More button."""
        if compact:
            return [self.back_button, self.forward_button, self.live_button]
        return [self.back_button, self.forward_button, self.save_button, self.open_button,
                self.live_button]

    def place_buttons(self, left: int, bottom: int, width: int, row: int, pad: int,
                      more: Button | None = None) -> int:
        """Three rows of buttons ending at ``bottom``; return their top. With ``more`` (large
        text) two rows: Back and Forward, then Back to the game and More (Save and Open are
        in its list): the third row took the move list's room at 200%."""
        m = self.app.metrics
        review = self.scene.review
        self.back_button.enabled = review.shown > 0
        self.forward_button.enabled = review.active
        if more is not None:
            top = bottom - 2 * row - pad
            least = readable_px(self.app.size)
            place_row([self.back_button, self.forward_button],
                      pygame.Rect(left, top, width, row), pad, m, least)
            place_row([self.live_button, more], pygame.Rect(left, top + row + pad, width, row),
                      pad, m, least)
            return top
        top = bottom - 3 * row - 2 * pad
        for i, pair in enumerate(((self.back_button, self.forward_button),
                                  (self.save_button, self.open_button))):
            place_row(list(pair), pygame.Rect(left, top + i * (row + pad), width, row), pad, m)
        place_fitted(self.live_button, pygame.Rect(left, top + 2 * (row + pad), width, row), m)
        return top

    # -- the graph ------------------------------------------------------------------------------

    def graph(self) -> EvalGraph:
        """The graph's points, computed again only when the game or the evaluation changed."""
        match = self.scene.match
        evaluation = self.evaluation
        key = (len(match.states), id(match.states[-1]), evaluation.name if evaluation else "")
        if key != self._graph_key:
            self._graph = evaluation_points(match, evaluation)
            self._graph_key = key
        return self._graph

    def next_evaluation(self) -> None:
        """Judge the positions with the game's next evaluation (they cycle)."""
        choices = self.scene.match.info.evaluations
        if len(choices) > 1 and self.evaluation in choices:
            self.evaluation = choices[(choices.index(self.evaluation) + 1) % len(choices)]

    def evaluation_title(self) -> str:
        """The chosen evaluation's name for people, as the players' Eval parameter says it."""
        if self.evaluation is None or self.evaluation.neutral:
            return ""
        return choice_text("eval", self.evaluation.name)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the graph (jump to that position) or on its key (next evaluation)."""
        if self.key_rect.collidepoint(pos) and len(self.scene.match.info.evaluations) > 1:
            self.next_evaluation()
            return True
        ply = self.ply_at(pos)
        if ply is None:
            return False
        self.scene.enter_review(ply)
        return True

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The position whose column of the graph is at ``pos``, or None off the graph."""
        if not self.plot.collidepoint(pos):
            return None
        last = len(self.scene.match.states) - 1
        if last <= 0:
            return 0
        return round((pos[0] - self.plot.left) / max(1, self.plot.width) * last)

    def draw_graph(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        """The caption, the graph and its key in ``rect``'s top; return the y below it."""
        theme = self.app.theme
        m = self.app.metrics
        scene = self.scene
        words = self.line_words()
        # Without "(click to change)" where the whole key has no room: one line, not two.
        short = words
        if len(scene.match.info.evaluations) > 1:
            words += " " + tr("review.graph_choose")
        # The key with large text at the legend's least size: at 200% of 1024x768 it gave way
        # whole to a short game's list rows.
        key_px = (least_legend_px(m, self.app.size) if large_text(m, self.app.size)
                  else self.words_px())
        key_h = text.font(key_px).get_linesize()

        # Which side is up, above the plot (at the key's size), whatever the room: written
        # inside the plot it ran over the curve, and a plot too low for it (at the end of a
        # game, under the running score, at 200% of 1280x720) showed no word at all (QA).
        sides = self.sides_lines(rect.width, key_px)
        sides_h = text.font(key_px, True).get_linesize()

        def fit(paragraphs: list[str], rows: int,
                alone: int = LIST_LEAST_ROWS) -> tuple[list[list[str]], int]:
            paras = [text.wrap(said, rect.width, key_px) for said in paragraphs]
            return paras, self._plot_height(rect.height, len(sides) * sides_h, paras, key_h,
                                            rows, alone)

        # What the height means (the edges are sure results, the scale's unit: "+198" was
        # said without it, QA15 7) before "(click to change)", then before the list's rows
        # but one; then the line's words alone with the unit ("· scale in weight-table
        # points"), else without.
        unit = self.unit_words()
        graph = self.graph()
        edges = any(abs(p.value) >= 1 for p in (*graph.line, *graph.dots))
        # Where the words in full have no room, a brief key says what the line, the dots, the
        # edges and the scale are in one paragraph, with the list down to one row (it scrolls
        # to the reviewed move): a finished Hexapawn game against Perfect at 200% of 1280x720
        # showed "+13 / 0 / −13" and its dots on the edge with no word at all (QA16 19), as
        # Connect 4 and Nim against the engine did at 1920x1080. Before the line's words
        # alone where points sit on an edge, after them elsewhere.
        # (A position's summary, Nim's matches left, takes a row of the list's room.)
        least_rows = SCALE_LIST_ROWS + bool(scene.presenter.position_summary(scene.board_state))
        # The line's name in it where that costs no line: a line more left a plot of 1.2
        # body sizes at 1920x1080.
        named, unnamed = (self.brief_words(edges, named) for named in (True, False))
        lines = [len(text.wrap(said, rect.width, key_px)) for said in (named, unnamed)]
        brief = [([named if lines[0] <= lines[1] else unnamed], SCALE_LIST_ROWS, least_rows)]
        single = [([line], LIST_ROWS, LIST_LEAST_ROWS) for line in (
            *((f"{short} · {unit}",) if unit else ()), words, short)]
        scale = [said for said in (self.scale_words(),) if said]  # (none: nothing drawn)
        tries = [([words, *scale], LIST_ROWS, LIST_LEAST_ROWS),
                 *(([short, *scale], rows, LIST_LEAST_ROWS)
                   for rows in (LIST_ROWS, LIST_LEAST_ROWS, SCALE_LIST_ROWS)),
                 *((brief + single) if edges else (single + brief))]
        for paragraphs, rows, alone in tries:
            key_paras, plot_h = fit(paragraphs, rows, alone)
            if len(key_paras) == len(paragraphs):
                break
        key_lines = [line for paragraph in key_paras for line in paragraph]
        y = rect.top
        for parts in sides:
            for words, side, anchor in parts:
                x = rect.left if anchor == "topleft" else rect.right
                text.blit_text(surface, words, key_px, self._side_colour(side), (x, y),
                               anchor, bold=True)
            y += sides_h
        marks = scale_marks(graph.scale, any(abs(p.value) >= 1 for p in graph.line))
        # The scale at the plot's left: what height the estimates' largest reaches, "+143"
        # and "−143" ("0" between where the plot is high enough); nothing said the height's
        # size before (QA13 14).
        margin = (max(text.size(mark, key_px)[0] for mark, _level in marks) + m.pad
                  if marks else 0)
        self.plot = pygame.Rect(rect.left + margin, y, rect.width - margin, plot_h)
        plot = self.plot
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), plot,
                         border_radius=m.radius)
        mid = plot.centery
        pygame.draw.line(surface, theme.panel_border, (plot.left, mid), (plot.right, mid), 1)
        # Dots a third of the words' size across, as the board's marks read from the back
        # row (they were ~6 px at 200% of 1280x720, QA16 19), smaller where many share the
        # plot; the edges leave them room whole.
        dot = max(3, min(key_px // 3, int(plot.width / max(1, len(graph.dots)) / 3)))
        # The largest value drawn (a sure result's edge, else the estimates' cap) and its
        # dot inside the plot: without edges the scale's lines need not leave an edge room.
        reach = ((plot.height / 2 - max(m.line * 2, dot + m.line))
                 / (1.0 if edges else ESTIMATE_CAP))
        ink = digit_ink(key_px)[0]
        # (The edges' "win" words are held inside the plot by their boxes, as before.)
        top_level = max((abs(level) for _mark, level in marks if abs(level) < 1), default=0.0)
        if top_level:
            # The marks' numbers level with their lines, their digits inside the plot: held
            # inside it by their line boxes, "+9.0" and "−9.0" sat ~13 px off their lines at
            # 200% of 1920x1080 (QA17 10).
            reach = max(1.0, min(reach, (plot.height / 2 - ink / 2) / top_level))
        zero_px = zero_mark_px(key_px, top_level * reach - ink / 2,
                               min(readable_px(self.app.size), key_px), max(2, m.line))
        if edges:
            # The edges, where the sure results sit, drawn in their side's colour: the words'
            # "edges: a sure win" point at them, apart from the scale's grey marks.
            for side, edge in ((0, 1), (1, -1)):
                at_y = int(mid - edge * reach)
                pygame.draw.line(surface, blend(self._side_colour(side), theme.panel, 0.4),
                                 (plot.left, at_y), (plot.right, at_y), max(1, m.line))
        for mark, level in marks:
            px = key_px if level else zero_px
            if not px:
                continue  # no room for a third number between the others
            at_y = int(mid - level * reach)
            if level:
                pygame.draw.line(surface, blend(theme.panel_border, theme.text_muted, 0.5),
                                 (plot.left, at_y), (plot.right, at_y), 1)
            # An edge's "win" in its side's colour, as "▲ Black ahead" above says it.
            colour = (self._side_colour(0 if level > 0 else 1) if abs(level) >= 1
                      else theme.text_muted)
            label_y = (at_y - digit_ink(px)[1] if abs(level) < 1
                       else max(plot.top + key_h // 2, min(plot.bottom - key_h // 2, at_y)))
            text.blit_text(surface, mark, px, colour, (plot.left - m.pad // 2, label_y),
                           "midright")
        last = len(scene.match.states) - 1
        points = graph.line

        def at(point: EvalPoint) -> tuple[int, int]:
            x = plot.left + (point.ply / last * plot.width if last else plot.width / 2)
            return int(x), int(mid - point.value * reach)

        shown = scene.review.shown
        sx = plot.left + (shown / last * plot.width if last else plot.width / 2)
        pygame.draw.line(surface, theme.accent, (sx, plot.top), (sx, plot.bottom),
                         max(2, m.line))
        if len(points) > 1:
            pygame.draw.lines(surface, theme.text_muted, False, [at(p) for p in points],
                              max(1, m.line))
        for point in graph.line:
            if point.source == FROM_RESULT:
                pygame.draw.circle(surface, self._colour(point), at(point), dot + m.line,
                                   max(1, m.line))
        for point in graph.dots:
            pygame.draw.circle(surface, self._colour(point), at(point), dot)
        y = plot.bottom
        top = y
        for line in key_lines:
            text.blit_text(surface, line, key_px, theme.text_muted, (rect.left, y))
            y += key_h
        self.key_rect = pygame.Rect(rect.left, top, rect.width, y - top)
        return y + m.pad // 2

    def scale_words(self) -> str:
        """What the plot's height means (see :meth:`_scale_words`), and what its grey dots
        are where it draws some (see :meth:`grey_words`)."""
        return " · ".join(said for said in (self._scale_words(), self.grey_words()) if said)

    def grey_words(self) -> str:
        """"grey dots: about even" where a dot is drawn grey (:data:`EVEN`), else "": the
        first dots of a game were grey, the rest in the sides' colours, and nothing said
        why (QA19 23, QA20 6)."""
        graph = self.graph()
        dots = [*graph.dots, *(p for p in graph.line if p.source == FROM_RESULT)]
        return tr("review.graph_grey") if any(abs(p.value) <= EVEN for p in dots) else ""

    def _scale_words(self) -> str:
        """What the plot's height means: the edges a sure win, and between, the estimates
        in the scale's unit ("Edges: a sure win; scale in weight-table points"), or scaled
        to fit where nothing says the unit; only the edges where nothing is estimated (a
        Nim game against Perfect)."""
        graph = self.graph()
        if graph.scale <= 0:
            # The edges' words only where a sure result sits on one.
            edges = any(abs(p.value) >= 1 for p in (*graph.line, *graph.dots))
            return tr("review.graph_edges") if edges else ""
        unit, dots = self.graph().unit, self.dots_words()
        if unit and has(f"unit.{unit}.name"):
            return tr("review.graph_scale_unit_dots" if dots else "review.graph_scale_unit",
                      unit=tr(f"unit.{unit}.name"), dots=dots)
        return tr("review.graph_scale")

    def line_words(self, form: str = KEY_FULL) -> str:
        """What the line and the dots are, in ``form`` (:data:`KEY_FORMS`) where an
        evaluation draws the line beside the AI's dots; else one way whatever the form: the
        AI's scores alone, or the evaluation alone where no dot is known (no AI played, or a
        game record opened from a file keeps no decision: QA 34c, QA16 13)."""
        evaluation = self.evaluation_title()
        if not evaluation and not self.graph().dots and not self.graph().line:
            # Nothing drawn, no AI scored a position (Monte-Carlo gives win shares): "Line
            # and dots: the AI's own scores" was the key of an empty graph (QA18 18).
            return tr("review.graph_key_none")
        if not evaluation:
            return tr("review.graph_key_ai")
        if not self.graph().dots:
            return tr("review.graph_key_eval", evaluation=evaluation)
        return tr(KEY_FORMS[form], evaluation=evaluation)

    def brief_words(self, edges: bool, named: bool = True) -> str:
        """The graph's key in brief, one paragraph: what the line and dots are ("Line:
        “Balance” · dots: the AI", without ``named`` "Dots: the AI's scores" where the dots
        matter more than the line's name), with ``edges`` that the edges are a sure win, and
        the scale's unit ("… · edges: a sure win · scale in balance points")."""
        first = self.line_words(KEY_BRIEF if named else KEY_DOTS)
        unit = self.unit_words()
        grey = self.grey_words()
        return " · ".join([first, *([tr("review.graph_edges_brief")] if edges else []),
                           *([unit] if unit else []), *([grey] if grey else [])])

    def unit_words(self) -> str:
        """The scale's unit ("scale in weight-table points"), "" where it has none or
        nothing says it."""
        unit, dots = self.graph().unit, self.dots_words()
        if self.graph().scale <= 0 or not unit or not has(f"unit.{unit}.name"):
            return ""
        return tr("review.graph_unit_dots" if dots else "review.graph_unit",
                  unit=tr(f"unit.{unit}.name"), dots=dots)

    def dots_words(self) -> str:
        """What the marks mean for the dots in another unit than the line ("±4.1 discs",
        QA17 10), or that each AI's are on their own scale (QA19 31), else ""."""
        graph = self.graph()
        unit, scale = graph.dot_unit, graph.dot_scale
        if graph.mixed:
            return tr("review.graph_dots_mixed")
        if scale <= 0 or not unit or not has(f"unit.{unit}"):  # (0: the dots are the line)
            return ""
        return tr(f"unit.{unit}", score="±" + scale_size(scale))

    def sides_lines(self, width: int, px: int) -> list[list[tuple[str, int, str]]]:
        """Which side is up: "▲ Black ahead" at the left and "▼ White ahead" at the right of
        one line ``width`` wide at ``px`` (bold), or each on a line of its own when they do
        not fit side by side; each part as (words, side, anchor)."""
        keys = ((0, "review.graph_up"), (1, "review.graph_down"))
        forms = [[tr(key, side=words) for words in self.side_words(side)] for side, key in keys]

        def beside(parts: list[str]) -> bool:
            return (sum(text.size(words, px, True)[0] for words in parts)
                    + self.app.metrics.pad * 2 <= width)

        # Who plays a side, which its card does not say (the review's brief cards at 200% of
        # 1024x768 read "Noir · 2 pions", QA17 5), on one line where it fits, else on two.
        for parts in ([each[0] for each in forms],
                      *([] if self.scene.panel.seats.brief else [[each[-1] for each in forms]])):
            if beside(parts):
                return [[(parts[0], 0, "topleft"), (parts[1], 1, "topright")]]
        return [[(next((words for words in each if text.size(words, px, True)[0] <= width),
                       each[-1]), side, "topleft")] for side, each in enumerate(forms)]

    def side_words(self, side: int) -> list[str]:
        """A side's name in "▲ Black ahead", the longest form first: where its seat card
        does not say who plays it (a brief card in review, see SeatCards.brief), with it
        ("Noir (Alpha-bêta)"), then who plays it alone where the two players' names differ
        ("Monte-Carlo" for Nim's "Joueur 2 (Monte-Carlo)", too long at 200% of 1024x768,
        QA18 18); the side's name alone last."""
        scene = self.scene
        name = scene.presenter.side_name(side)
        seat = next(seat for seat in (0, 1) if scene.match.side_of_seat(seat) == side)
        if not scene.panel.seats.brief:  # (the brief cards side by side never say it)
            return [name]
        player = scene.seat_label(seat)
        alone = [player] if player != scene.seat_label(1 - seat) else []
        return [tr("review.graph_side_player", side=name, player=player), *alone, name]

    def _side_colour(self, side: int) -> tuple[int, int, int]:
        """The colour of a side's half of the plot, as its dots: its pieces' where they read
        on the panel (Connect 4's red and yellow, see named_colours), else green up, red down."""
        theme = self.app.theme
        named = self.scene.presenter.named_colours(theme)
        return named[side] if named else theme.score_good if side == 0 else theme.score_bad

    def _plot_height(self, room: int, sides_h: int, key_paras: list[list[str]],
                     key_h: int, scale_rows: int = LIST_ROWS,
                     line_rows: int = LIST_LEAST_ROWS) -> int:
        """The plot's height in ``room`` pixels with which side is up above it (``sides_h``
        high, always shown), the key's paragraphs below and :data:`LIST_ROWS` rows of the
        move list under them: a :data:`PLOT_SHARE` of the room, at least 3.6 body sizes when
        that leaves the list its rows (it was a thin strip at 1024x768), never under two
        body sizes. The key's words give way first, whole paragraphs, its last one first (at
        200% text they ran under the review's buttons, then they left the move list one
        row: the list is the other way through the game), its first one only when the plot
        would be lower than :data:`PLOT_LEAST` body sizes. ``key_paras`` loses what is left
        out. The list gives way down to ``scale_rows`` rows to keep the scale's words, to
        ``line_rows`` to keep a paragraph alone."""
        m = self.app.metrics
        least = int(m.body * 2)
        # The rows the list needs, up to LIST_ROWS (two moves a row): a short game leaves the
        # key its words (a Hexapawn game of three moves showed the graph without its key).
        moves = len(self.scene.match.moves)
        line_h = text.font(self.words_px()).get_linesize()
        rows = min(LIST_ROWS, max(1, -(-moves // 2)))

        def text_h() -> int:
            lines = sides_h + sum(len(p) for p in key_paras) * key_h
            return lines + m.pad // 2 if lines else 0

        # The scale's paragraph gives way below two body sizes of plot, after the list's
        # rows but one; what the line and the dots are, only below PLOT_LEAST (at the end of
        # a game at 200% of 1280x720 the graph said whose side is up and nothing of what it
        # draws, QA), and after the list's third row: a short Morpion game at 200% of
        # 1280x720 and 1024x640 kept three rows of five moves and lost the caption (QA S12
        # 22).
        full_rows = rows
        while key_paras and room - text_h() - rows * line_h - m.pad < (
                least if len(key_paras) > 1 else int(m.body * PLOT_LEAST)):
            # The list's rows first: down to ``scale_rows`` for the scale's words, to
            # LIST_LEAST_ROWS for the line's; a list row is back where words go anyway.
            if rows > (scale_rows if len(key_paras) > 1 else line_rows):
                rows -= 1
                continue
            key_paras.pop()
            rows = min(full_rows, max(rows, LIST_LEAST_ROWS))
        spare = room - text_h() - rows * line_h - m.pad
        wanted = max(int(m.body * 3.6), int(room * PLOT_SHARE))
        # Lower than two body sizes, down to PLOT_LEAST of one, before the list loses a row
        # (at 200% of 1024x768 the start of a game left the list without its first move).
        floor = min(least, max(int(m.body * PLOT_LEAST), spare))
        plot = max(1, min(max(floor, min(wanted, spare)), room - text_h()))
        # Up to PLOT_WINDOW_SHARE of the window where the list keeps a row (it scrolls to the
        # reviewed move); with large text, where that row leaves the plot under
        # PLOT_ROW_SHARE, not that row either (the title says the reviewed move, "Move
        # 31/63: h6"): at 200% of 1920x1080 the plot was a 55-px strip whose dots a class
        # could not tell from its edges, a row of the list under it (QA20 6).
        most, large = int(m.height * PLOT_WINDOW_SHARE), large_text(m, self.app.size)
        # (A row more at normal text: the board's key may take a third line, 1024x768 fr.)
        with_row = room - text_h() - line_h * (1 if large else 2) - m.pad
        if large and with_row < int(m.height * PLOT_ROW_SHARE):
            with_row += line_h
        return max(plot, min(most, with_row))

    def _colour(self, point: EvalPoint) -> tuple[int, int, int]:
        """Above the line the first side's colour (see _side_colour), below the second's,
        grey about even."""
        if abs(point.value) <= EVEN:
            return self.app.theme.text_muted
        return self._side_colour(0 if point.value > 0 else 1)
