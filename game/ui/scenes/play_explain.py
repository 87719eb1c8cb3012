"""The play panel's explanation of the AI's move: its reasoning in words (what it chose and
why, how far it looked, what stopped it) and the legend of the numbers on the board, each
sample beside its meaning, from the mover's side.

:class:`ExplainBox` draws both in the panel's free column (the rectangle the move list shares,
:attr:`ExplainBox.rect`) and decides what gives way when room is short: the first facts, then
the legend's rows (whole), then the other facts; a row of the move list is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.bounds import Proven
from game.ui import text
from game.ui.boards.presenter import is_pass
from game.ui.i18n import tr
from game.ui.reasoning import (
    LegendRow,
    reasoning_lines,
    shown_scores,
    thinking_facts,
)
from game.ui.scenes.play_fit import large_text, readable_px
from game.ui.scenes.play_hint import draw_hint, hint_paragraphs, other_view_fact
from game.ui.scenes.play_legend import (
    FEWER_FACTS_SHARE,
    LegendFit,
    draw_marks,
    strict_passes,
)
from game.ui.scenes.play_more import draw_more_mark, open_reasoning, wrap_for_mark
from game.ui.theme import blend

if TYPE_CHECKING:
    from ai.base import Decision
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene

#: How many facts of the AI's reasoning come before the legend's later rows (the first row of
#: the legend comes between the first fact and the second).
FIRST_FACTS = 2


class ExplainBox(LegendFit):
    """The reasoning and the legend of one play scene's panel."""

    def __init__(self, app: App, scene: PlayScene) -> None:
        super().__init__(app)
        self.scene = scene
        #: How many facts of the reasoning the last frame showed (they go whole or not at all),
        #: of :attr:`paragraphs` (all the facts of the decision it told of), in :attr:`box`.
        self.facts = 0
        self.paragraphs: list[str] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.mark: pygame.Rect | None = None  #: Where "+N ▸" went in the last frame.
        #: How many rows of the score legend the last frame showed.
        self.legend_rows_shown = 0
        #: The size of the panel's words under the seats in the last frame (see
        #: :meth:`words_px`): the facts', and the largest the legend beside them may take.
        self.facts_size = app.metrics.small
        self.first_facts = FIRST_FACTS  #: The facts before the legend (see facts_px).
        #: The legend's text size in the last frame.
        self.legend_size = app.metrics.small
        #: The facts' size so far in this game and window (see :meth:`draw_reasoning`).
        self._game_px: tuple[object, int] = (None, 0)
        #: The samples of the kinds of label the legend named in the last frame (the panel's
        #: and the strip's), whatever its form (see :meth:`_legend_form`).
        self.legend_samples: set[str] = set()
        #: Whether the hint's box said why it contradicts the AI's estimate in this frame
        #: (else the AI's box says it, see ``play_hint.other_view_fact``).
        self.other_view_in_hint = False

    def words_px(self) -> int:
        """The size of the position summary and the move list under the legend: with large
        text the facts' (one size for the panel's words; at the small size a row of the list
        took the room of the reasoning's second fact at 200% of 1280x720), else small."""
        m = self.app.metrics
        return self.facts_size if large_text(m, self.app.size) else self.small

    def kept_below(self, px: int) -> tuple[int, int]:
        """The heights kept under the facts and the legend when the panel's words are ``px``
        (see :meth:`words_px`): a row of the move list, and the position summary's line
        (Nim's matches left; 0 without one). With large text, before the first move there is
        no row to keep ("No moves yet" took the second fact's room at 200% of 1920x1080, AI
        vs AI)."""
        m = self.app.metrics
        scene = self.scene
        large = large_text(m, self.app.size)
        line_h = text.font(px if large else self.small).get_linesize()
        summary = int(line_h * 1.2) if scene.presenter.position_summary(scene.state) else 0
        return (line_h if scene.match.moves or not large else 0), summary

    def draw_legend_in(self, surface: pygame.Surface, area: pygame.Rect,
                       rows: list[LegendRow]) -> None:
        """The legend in ``area`` (the free strip under the board, see
        :func:`~game.ui.scenes.play_board.legend_strip`), as many whole rows as fit."""
        with self._in(area):
            self.draw_legend(surface, area.top, rows, keep_row=False)

    def draw_legend(self, surface: pygame.Surface, y: int, rows: list[LegendRow],
                     reserve: int = 0, keep_row: bool = True) -> int:
        """What the numbers on the board mean, each sample in its colour; return the next y.
        With ``keep_row`` (in the panel) a row of the move list keeps its room below."""
        if not rows:
            return y
        theme = self.app.theme
        m = self.app.metrics
        # With no room even for the first row (large text in a small window), no legend:
        # it ran under the Undo button.
        height = self.rect.bottom - y - reserve
        # Smaller (with large text) rather than the move list's last row gone, when that keeps
        # every row: at 200% of 1920x1080 the legend at full size left the list no row.
        # The later rows give way to that row; only the first (what the numbers are) may
        # take its room: at 200% of 1024x768 the colours' row left Hexapawn's list no row.
        move_row = self.kept_below(self.facts_size)[0] if keep_row else 0
        # Beside the facts, never larger than they are.
        most = self.facts_size if keep_row and large_text(m, self.app.size) else None
        kept, px, named = self._legend_form(rows, height, move_row, most)
        self.legend_rows_shown = len(kept)
        self.legend_samples |= named
        if not kept:
            return y
        self.legend_size = px
        line_h = text.font(px).get_linesize()
        lines = self._legend_lines(kept, px)
        box = pygame.Rect(self.rect.left, y, self.rect.width,
                          line_h * len(lines) + m.pad)
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), box,
                         border_radius=m.radius)
        ty = y + m.pad // 2
        for line in lines:
            sample, indent, words, colour, runs, _marks = line
            x = box.left + m.pad
            # The samples in their chips' looks, as the board draws them (boards helper).
            draw_marks(surface, line, x, ty, px, theme, under_text=True)
            for at, said, bold, shade in runs:
                text.blit_text(surface, said, px, getattr(theme, shade, theme.text),
                               (x + at, ty), bold=bold)
            draw_marks(surface, line, x, ty, px, theme, under_text=False)
            if runs:
                ty += line_h
                continue
            if sample:
                text.blit_text(surface, sample, px, getattr(theme, colour, theme.text),
                               (x, ty), bold=True)
            text.blit_text(surface, words, px, theme.text, (x + indent, ty),
                           max_width=box.right - m.pad - x - indent)
            ty += line_h
        return box.bottom + m.pad // 2

    @staticmethod
    def _facts_taken(wrapped_all: list[list[str]], room: int, avail: int) -> int:
        """How many facts (paragraphs, wrapped) fit ``room`` lines: whole paragraphs only, a
        narrow window (1024x640) showing fewer facts, never half a sentence; the first one
        wherever ``avail`` lines hold it (with large text it may not: it ran under the
        buttons)."""
        used = taken = 0
        for wrapped in wrapped_all:
            if used + len(wrapped) > (room if used else avail):
                break
            used += len(wrapped)
            taken += 1
        return taken

    def _facts_lines(self, wrapped_all: list[list[str]], room: int, avail: int) -> int:
        """How many lines the facts take with ``room`` lines (see :meth:`_facts_taken`)."""
        return sum(len(w) for w in wrapped_all[:self._facts_taken(wrapped_all, room, avail)])

    def _room_the_legend_leaves(self, legend: list[LegendRow], wrapped_all: list[list[str]],
                                room: int, most_lines: int, y: int, line_h: int) -> int:
        """``room`` (lines for the facts) grown by whole paragraphs, up to ``most_lines``,
        while the legend drawn under them keeps the form it has with ``room`` (the same rows
        at the same size) and the move list keeps its rows (up to two). The room counted the
        legend's longest form; when that did not fit, the legend drew in few words and half
        the panel stayed empty while alpha-beta's cut-offs and memory went unsaid (Nim at
        100% of 1280x720, QA S13 1/2)."""
        m = self.app.metrics
        avail = (self.rect.bottom - y - m.pad) // line_h
        move_row, summary_h = self.kept_below(self.facts_size)
        most = self.facts_size if large_text(m, self.app.size) else None

        # The rows the move list needs (two moves a row, or one), two at most.
        needed = min(2, -(-len(self.scene.match.moves) // 2))

        def form(lines: int) -> tuple[list[LegendRow], int, bool]:
            """The legend's rows and size under ``lines`` of facts, and whether the move list
            has the rows it needs under the legend."""
            below = y + line_h * lines + m.pad + m.pad // 2 if lines else y
            kept, px, _named = self._legend_form(legend, self.rect.bottom - below - summary_h,
                                                 move_row, most)
            legend_h = (text.font(px).get_linesize() * len(self._legend_lines(kept, px))
                        + m.pad + m.pad // 2) if kept else 0
            left = self.rect.bottom - below - legend_h - summary_h
            return kept, px, not move_row or left // move_row >= needed

        used = self._facts_lines(wrapped_all, room, avail)
        base = form(used)
        for more in range(room + 1, most_lines + 1):
            lines = self._facts_lines(wrapped_all, more, avail)
            if lines == used:
                continue
            if form(lines) != base:
                break
            room, used = more, lines
        return room

    def facts_px(self, paragraphs: list[str], legend: list[LegendRow], height: int,
                 alone: bool = False) -> int:
        """The reasoning's text size: the small size, or with large text the largest of the
        legend's sizes (:meth:`legend_sizes`) at which the first facts
        (:data:`FIRST_FACTS`), the whole legend (else its first row), a row of the move list
        and the position summary (:meth:`kept_below`), all at that size, fit ``height``: at
        200% of 1024x768 Othello showed one fact and no move, its second fact three lines
        long at the small size; at 200% of 1920x1080 Connect 4's legend kept only its first
        row beside facts at the small size. Fewer facts before smaller words: where the
        first two fit only under :data:`FEWER_FACTS_SHARE` of the small size, the first alone
        (when ``alone``: it says why, not only "O chose c3") at a larger size (sets
        :attr:`first_facts`; the others behind "+N ▸")."""
        self.first_facts = FIRST_FACTS
        px = self._first_facts_px(paragraphs, FIRST_FACTS, legend, height)
        if (alone and large_text(self.app.metrics, self.app.size)
                and (px or 0) < int(self.app.metrics.small * FEWER_FACTS_SHARE)):
            # At 200% of 1280x720 Nim's two facts and legend fitted its narrow panel only at
            # 28 px (the 100% size), the first fact alone at 36 (QA S14 6); at 1024x768 the
            # size went from 28 to 36 px from one opponent to the next (QA S15 1).
            first = self._first_facts_px(paragraphs, 1, legend, height)
            if first is not None and first > (px or 0):
                self.first_facts = 1
                return first
        return px if px is not None else self.legend_sizes()[-1]

    def _first_facts_px(self, paragraphs: list[str], first: int, legend: list[LegendRow],
                        height: int) -> int | None:
        """The largest size at which the ``first`` facts, the legend (naming every kind on
        the board, as :meth:`_legend_form` draws it; else its first row whole) and what the
        panel keeps under them fit ``height``, or None (see facts_px)."""
        m = self.app.metrics
        width = self.rect.width - 2 * m.pad
        sizes = self.legend_sizes()
        for strict, named in [(strict, True) for strict in strict_passes(legend)] + [
                (False, False)]:
            # The largest size first, the most of the legend at it: at 200% of 1024x768
            # Morpion's facts went to 28 px for the legend's colours' row (QA S15 1).
            for px in sizes:
                lines = sum(len(w) for w in self._wrapped(paragraphs, width, px)[:first])
                box = text.font(px).get_linesize() * lines + m.pad + m.pad // 2
                left = height - box - sum(self.kept_below(px))
                if not legend:
                    fits = left >= 0
                elif named:
                    fits = self._named_form(legend, left, px, strict) is not None
                else:  # (only what the numbers are, its first row)
                    fits = self._legend_box(legend[:1], px) <= left
                if fits:
                    return px
        return None

    def _wrapped(self, paragraphs: list[str], width: int, px: int) -> list[list[str]]:
        """The facts wrapped to ``width`` at ``px``, each but the last with room for "+N ▸"
        at the end of one of its lines, should it be the last the box shows (see
        :func:`~game.ui.scenes.play_more.wrap_for_mark`), at the facts' own size: room kept
        for it at the readable size only, "suite ▶" stood at 28 px after 48-px facts at 200%
        of 1920x1080, the smallest text on the screen though it opens the whole reasoning
        (QA21 2)."""
        return [wrap_for_mark(fact, width, px, len(paragraphs) - i - 1, self.app.metrics.pad,
                              px) if i < len(paragraphs) - 1 else text.wrap(fact, width, px)
                for i, fact in enumerate(paragraphs)]

    def draw_hint(self, surface: pygame.Surface, y: int) -> int:
        """The hint in words (see :func:`~game.ui.scenes.play_hint.draw_hint`)."""
        return draw_hint(self, surface, y)

    def decision_facts(self, d: Decision) -> list[str]:
        """The AI's decision ``d`` (of the seat whose reasoning is shown) in facts, as its box
        says them (the hint measures the room of the first: see play_hint)."""
        who, other = self._reasoning_sides()
        # A pass is played only when no other move is legal: no choice, score or search to
        # tell of ("Blanc a choisi passe : score −227", QA 22).
        if is_pass(d.move):
            return [tr("play.passed", side=who)]
        facts = self._facts(d, who, other)
        shown = shown_scores(d).get(d.move)
        proven = getattr(shown, "meaning", None)
        if (self.scene.presenter.ends_by_margin and isinstance(proven, Proven) and proven.result
                and proven.margin is None):
            # Second: alpha-beta's "wins in 2 moves" where the class expects a disc count,
            # and "2 moves share this best value" though their final counts differ (QA20 10).
            facts.insert(1, tr("think.win_not_margin"))
        return facts

    def _reasoning_sides(self) -> tuple[str, str]:
        """The names of the side whose reasoning is shown and of its opponent ("", "" when
        none is)."""
        scene = self.scene
        seat = scene.turns.reasoning_seat
        if seat is None:
            return "", ""
        side = scene.match.side_of_seat(seat)
        return scene.presenter.side_name(side), scene.presenter.side_name(1 - side)

    def _facts(self, d: Decision, side: str, other: str) -> list[str]:
        """The reasoning's facts; the first says its estimate is a difference ("−3 open lines
        (O − X)", QA S12 31); with large text only where that costs it no line at any of
        the facts' sizes (a second line of it took the legend's colours' row; the legend
        says it then)."""
        move_text = self.scene.presenter.move_text
        plain = reasoning_lines(d, side, move_text)
        versus = reasoning_lines(d, side, move_text, other) if other else plain
        width = self.rect.width - 2 * self.app.metrics.pad
        large = large_text(self.app.metrics, self.app.size)
        if large and versus[:1] != plain[:1] and plain and any(
                len(text.wrap(versus[0], width, px)) > len(text.wrap(plain[0], width, px))
                for px in self.legend_sizes()):
            return plain
        return versus

    def draw_reasoning(self, surface: pygame.Surface, y: int,
                        legend: list[LegendRow]) -> int:
        """The last AI decision in words (see :mod:`game.ui.reasoning`); return the next y.
        Room goes first to the first facts (:data:`FIRST_FACTS`), then the legend's rows,
        then the other facts."""
        theme = self.app.theme
        m = self.app.metrics
        scene = self.scene
        turns = scene.turns
        d = turns.pending or turns.reasoning
        width = self.rect.width - 2 * m.pad
        lines: list[str] = []
        says_why = False  # (the first fact says why, not only "O chose c3")
        # While it searches, the search, once it has said something: the last move's facts
        # read as the search's own (QA17 7, Connect 4 vs the engine: "Stopped by the clock at
        # depth 9 …" under "Yellow is thinking"); until then they stay, no flicker.
        live = (thinking_facts(turns.worker.progress, scene.presenter.move_text)
                if turns.pending is None and turns.thinking_since is not None else [])
        if live:
            d = None
            # While it searches, the search itself at the size the class reads the reasoning
            # at: it stood only in the status line's small grey print (1024x768, 200%).
            paragraphs = live
        elif d is None and hint_paragraphs(scene):
            return y  # (the hint above says what there is to say; no placeholder under it)
        elif d is None and scene.match.over:
            # No move will come: "The AI's reasoning appears here after its move" stood
            # under "Black wins" after a review of the finished game (QA17 12).
            return y
        elif d is None:
            paragraphs = [tr("play.reasoning_none")]
        else:
            who = self._reasoning_sides()[0]
            paragraphs = self.decision_facts(d)
            other_view = other_view_fact(self, d)
            if other_view:
                # Second, where the class looks next: the hint above says the opposite.
                paragraphs = [*paragraphs[:1], other_view, *paragraphs[1:]]
            move = scene.presenter.move_text(d.move)
            says_why = paragraphs[0] != tr("think.chose", side=who, move=move)
        # Room for a row of the move list and the position summary: the class watches how
        # the AI decides more than the list, but facts after the first ones give way to it.
        px = self.facts_px(paragraphs, legend, self.rect.bottom - y, says_why)
        if d is not None:
            # One size through a game (in this window): the largest that fitted every
            # decision so far. It jumped from 24 to 30 px between two of Hexapawn's moves at
            # 200% of 1024x768 (QA 3), the panel seeming to lay itself out again each move.
            key = (self.app.size, m.small, id(scene.match.states[0]))
            if self._game_px[0] == key:
                px = min(px, self._game_px[1])
            # (Not the size under a hint: the hint is for one position, and the game's facts
            # stayed at 24 px after it where they had 34, QA17 2.)
            if not hint_paragraphs(scene):
                self._game_px = (key, px)
        self.facts_size = px
        row_h, summary_h = self.kept_below(px)
        line_h = text.font(px).get_linesize()
        # (In lines of the facts' size, which may be smaller than the list's.)
        kept = -(-(row_h + summary_h) // line_h)
        # ... except with large text, where the move list's row gives way to the first facts
        # (at 200% of 1920x1080 an AI-vs-AI game with its running score lost its second).
        kept_first = -(-summary_h // line_h) if large_text(m, self.app.size) else kept
        avail = (self.rect.bottom - y - m.pad) // line_h
        wrapped_all = self._wrapped(paragraphs, width, px) if d is not None else [
            text.wrap(paragraph, width, px) for paragraph in paragraphs]
        # The first facts (the move and why) come before the legend, which gives way row by
        # row: with large text the legend's room once left the reasoning one line.
        first = sum(len(w) for w in wrapped_all[:self.first_facts])
        whole_legend = -(-self._legend_height(legend, px) // line_h)
        room = max(2, avail - kept - whole_legend)
        # The first facts come first (they are the point of the screen; the legend can
        # shrink): at 1920x1080 in French the legend's first row took the second fact's room,
        # and MCTS's "stopped by the clock" was not said.
        if room < first and first <= avail - kept_first:
            room = first
        room = min(room, max(avail - kept, first if first <= avail - kept_first else 0))
        if legend and wrapped_all:
            # ... but the legend's first row (what the numbers on the board mean) keeps its
            # place before the second fact: at 1024x768 with 200% text the board showed
            # "+32" and "-31" and the panel never said what they were.
            # (Only where the first fact leaves it the room: else the facts keep theirs.)
            # (Counted in pixels: in whole lines of the facts' size the row's 104 px took
            # three lines of 38 and the second fact dropped, at 200% of 1920x1080.)
            # (And above the position summary, which keeps its line under the legend: without
            # it counted, Marienbad's key had no room at 100% of 1280x800, QA19 7.)
            left = (self.rect.bottom - y - self.first_row_height(legend, px)
                    - m.pad * 3 // 2 - summary_h) // line_h
            if len(wrapped_all[0]) <= left:
                room = min(room, max(len(wrapped_all[0]), left))
        if legend:
            room = self._room_the_legend_leaves(legend, wrapped_all, room, avail - kept, y,
                                                line_h)
        self.facts = self._facts_taken(wrapped_all, room, avail)
        self.paragraphs = paragraphs if d is not None else []
        shown = wrapped_all[:self.facts]
        if d is not None and self.facts > 1:
            # Only the last fact shown ends with "+N ▸": the others wrap as they are ("wins
            # and losses / count", its last word alone on a line kept for a mark drawn a
            # fact later; Nim vs Greedy at 200% of 1024x768). Never more lines than counted.
            shown = [text.wrap(p, width, px) for p in paragraphs[:self.facts - 1]] + shown[-1:]
        lines += [line for wrapped in shown for line in wrapped]
        self.mark = None
        if not lines:
            return y
        box = self.box = pygame.Rect(self.rect.left, y, self.rect.width,
                                     line_h * len(lines) + m.pad)
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), box,
                         border_radius=m.radius)
        ty = y + m.pad // 2
        for line in lines:
            text.blit_text(surface, line, px, theme.text, (box.left + m.pad, ty),
                           max_width=width)
            ty += line_h
        self.mark = draw_more_mark(surface, box, lines, px, self.hidden, theme, m.pad,
                                   readable_px(self.app.size))
        return box.bottom + m.pad // 2

    @property
    def hidden(self) -> int:
        """How many facts of the last decision the panel left out (a click shows them)."""
        # (None while the AI thinks: the live facts are no decision's.)
        return max(0, len(self.paragraphs) - self.facts) if self.paragraphs else 0

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the box with facts left out: all of them in a dialog."""
        if not (self.hidden and self.box.collidepoint(pos)):
            return False
        open_reasoning(self.app, self.paragraphs)
        return True
