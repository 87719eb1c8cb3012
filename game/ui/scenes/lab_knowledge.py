"""The learning lab's knowledge panel: every box of the learner drawn as a mini-board of its
position with the learner's beads / allowed moves / Q-values on it, sortable by use, paged, the
boxes changed by the last game outlined; a game may draw its boxes its own way or show a
Q-learner's table as a heat map (its presenter says). While a run is watched, the game being
played is drawn beside the boxes.

The training thread changes the learner's table: every read happens under the lock the lab
gives (the runner's), and a big table is read one page at a time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import key_text
from ai.training import TrainingRunner
from game.rules.base import GameState, RulesError
from game.ui import charts, text
from game.ui.boards import presenter_for
from game.ui.i18n import tr
from game.ui.theme import Theme, blend
from game.ui.widgets import Button, Metrics, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.boards.base import BoardView
    from game.ui.scenes.lab_session import LabSession

#: Tables up to this many boxes are read whole at each refresh; bigger ones page by page.
FULL_READ = 400


@dataclass
class BoxView:
    """One matchbox as drawn: its position, its values per move, how often it was used."""

    key: Hashable
    state: GameState[Any]
    values: dict[Any, float]
    used: int
    changed: bool
    filled: bool = False

    def all_lost(self, score_kind: str) -> bool:
        """True for an elimination box whose every move is crossed out: each lost a game from
        here (against perfect play every move of a lost position loses), so the learner plays
        at random in it and wins only when the opponent errs."""
        return score_kind == "allowed" and bool(self.values) and not any(
            v > 0 for v in self.values.values())


class KnowledgePanel:
    """The boxes of the lab's learner, as the panel shows them."""

    def __init__(self, app: App, session: LabSession,
                 lock: Callable[[], contextlib.AbstractContextManager[Any]]) -> None:
        self.app = app
        self.session = session
        self._lock = lock
        self.boxes: list[BoxView] = []
        self.last_changed: set[Hashable] = set()
        self.page = 0
        self.per_page = 12
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._page_rect = pygame.Rect(0, 0, 0, 0)
        self._view: BoardView | None = None
        self._view_game = ""
        self.box_rects: list[tuple[pygame.Rect, BoxView]] = []
        self.sort_button = Button(
            lambda: tr("lab.sort_use") if session.sort_by_use else tr("lab.sort_position"),
            self.toggle_sort)
        self.prev_button = Button(lambda: "◀", lambda: self.turn_page(-1))
        self.next_button = Button(lambda: "▶", lambda: self.turn_page(+1))

    def widgets(self) -> list[Widget]:
        """The panel's buttons, in event order."""
        return [self.sort_button, self.prev_button, self.next_button]

    # -- reading the learner --------------------------------------------------------------------

    def refresh(self, runner: TrainingRunner | None) -> None:
        """List the learner's boxes, sorted, and read the values of those on screen."""
        session = self.session
        with self._lock():
            usage = dict(session.usage)
            positions = dict(session.positions)
            if runner is not None:
                for key, n in runner.usage.items():
                    usage[key] = usage.get(key, 0) + n
                positions.update(runner.positions)
                self.last_changed = set(runner.last_changed)
        # Q-learning keeps boxes for both sides' positions; the others only for their own
        # (asking for another box would create an empty one).
        every_side = session.learner.kind == "qlearning"
        boxes = [BoxView(key, state, {}, usage.get(key, 0), key in self.last_changed)
                 for key, state in positions.items()
                 if every_side or usage.get(key) or key in session.loaded_keys]
        self.boxes = self._sorted(boxes)
        self.fill_values()

    def reset(self) -> None:
        """A new learner: no boxes yet, first page."""
        self.last_changed = set()
        self.page = 0

    def visible_boxes(self) -> list[BoxView]:
        """The boxes on the current page (all of them when the table is small)."""
        if len(self.boxes) <= FULL_READ:
            return self.boxes
        start = self.page * self.per_page
        return self.boxes[start:start + self.per_page]

    def fill_values(self) -> None:
        """Read the values of the visible boxes from the learner (a big table is read one page
        at a time, so a refresh never holds the training thread up for long)."""
        with self._lock():
            for box in self.visible_boxes():
                values = self.session.learner.table_view(box.state)
                box.values = dict(values) if values is not None else {}
                box.filled = True

    def _sorted(self, boxes: list[BoxView]) -> list[BoxView]:
        if self.session.sort_by_use:
            return sorted(boxes, key=lambda b: -b.used)
        try:
            return sorted(boxes, key=lambda b: b.key, reverse=True)  # type: ignore[arg-type, return-value]
        except TypeError:
            return sorted(boxes, key=lambda b: key_text(b.key))

    def toggle_sort(self) -> None:
        """Sort the boxes by use, or by position."""
        self.session.sort_by_use = not self.session.sort_by_use
        self.page = 0
        self.boxes = self._sorted(self.boxes)
        self.fill_values()

    def turn_page(self, step: int) -> None:
        """Show the previous or next page of boxes."""
        self.page = max(0, self.page + step)
        self.fill_values()

    def heat_table(self) -> Any:
        """A Q-learner's boxes as one table, where the game's presenter offers it, else None."""
        if self.session.kind != "qlearning":
            return None
        return presenter_for(self.session.game).learner_table(
            [(b.key, b.values) for b in self.boxes], self.session.options)

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """The panel at ``rect``: the sort button and the page arrows on its top row."""
        self.rect = kb = rect
        m = self.app.metrics
        pad = m.pad
        sh = nav = int(m.small * 1.9)
        page_w = text.size("88/88", m.small)[0] + pad
        self.next_button.place(pygame.Rect(kb.right - pad - nav, kb.top + pad, nav, sh), m.small)
        self._page_rect = pygame.Rect(self.next_button.rect.left - page_w, kb.top + pad,
                                      page_w, sh)
        self.prev_button.place(pygame.Rect(self._page_rect.left - nav, kb.top + pad, nav, sh),
                               m.small)
        sw = max(text.size(tr(k), m.small, True)[0] for k in ("lab.sort_use",
                                                               "lab.sort_position")) + sh
        self.sort_button.place(pygame.Rect(self.prev_button.rect.left - pad - sw, kb.top + pad,
                                           sw, sh), m.small)

    def _board_view(self) -> BoardView | None:
        game = self.session.game
        if self._view is None or self._view_game != game:
            from game.ui.boards import board_view_for

            try:
                self._view = board_view_for(game, self.app.theme)
            except (ImportError, RulesError):
                self._view = None
            self._view_game = game
        return self._view

    def forget_view(self) -> None:
        """The theme changed: the board view is made again."""
        self._view = None

    def draw(self, surface: pygame.Surface, watched: TrainingRunner | None) -> None:
        """The panel; ``watched``: the runner whose current game is drawn live, if any."""
        theme = self.app.theme
        m = self.app.metrics
        rect = self.rect
        draw_panel(surface, rect, theme, m.radius)
        pad = m.pad
        room = (self.sort_button.rect.left if self.sort_button.visible
                else rect.right) - rect.left - pad * 3
        title = tr("lab.knowledge", n=len(self.boxes))
        if text.size(title, m.body, True)[0] > room:
            title = tr("lab.knowledge_short", n=len(self.boxes))  # the count matters most
        text.blit_text(surface, title, m.body, theme.accent,
                       (rect.left + pad * 2, self.sort_button.rect.centery), "midleft",
                       bold=True, max_width=room)
        body = pygame.Rect(rect.left + pad * 2, rect.top + pad * 2 + int(m.heading * 1.3),
                           rect.width - pad * 4, rect.height - pad * 3 - int(m.heading * 1.3))
        if watched is not None and watched.current is not None:
            live = pygame.Rect(body.left, body.top, int(body.width * 0.32), body.height)
            self._draw_live(surface, live, watched, theme, m)
            body = pygame.Rect(live.right + pad * 2, body.top, body.right - live.right - pad * 2,
                               body.height)
        table = self.heat_table()
        if table is not None:
            # The best take of each position is outlined: the move the learner would play.
            best: set[tuple[int, int]] = set()
            for c in range(len(table.cols)):
                column = [row[c] for row in table.values if row[c] is not None]
                if column:
                    top_value = max(v for v in column if v is not None)
                    best.update((r, c) for r, row in enumerate(table.values)
                                if row[c] == top_value)
            charts.heat_map(surface, body, table.rows, table.cols, table.values, theme, m.small,
                            row_title=table.row_title, col_title=table.col_title,
                            highlight=best, fmt=lambda v: f"{v:+.1f}".replace("-", "\u2212"))
            self.prev_button.visible = self.next_button.visible = False
            self.sort_button.visible = False
            return
        self.sort_button.visible = bool(self.boxes)
        self._draw_boxes(surface, body, theme, m)

    def _draw_live(self, surface: pygame.Surface, rect: pygame.Rect, runner: TrainingRunner,
                   theme: Theme, m: Metrics) -> None:
        from game.ui.boards.base import BoardContext

        state = runner.current
        view = self._board_view()
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.4), rect,
                         border_radius=m.radius)
        text.blit_text(surface, tr("lab.live", n=runner.done + 1), m.small, theme.text,
                       (rect.centerx, rect.top + m.pad // 2), "midtop", bold=True,
                       max_width=rect.width - m.pad)
        if view is None or state is None:
            return
        board = rect.inflate(-m.pad * 2, -m.pad * 2)
        board.top += m.small
        board.height -= m.small
        view.layout(board, state)
        view.draw(surface, state, BoardContext(theme=theme, last_move=runner.current_move))

    def _draw_boxes(self, surface: pygame.Surface, body: pygame.Rect, theme: Theme,
                    m: Metrics) -> None:
        self.box_rects = []
        if not self.boxes:
            text.blit_wrapped(surface, tr("lab.no_boxes"), m.body, theme.text_muted, body)
            self.prev_button.visible = self.next_button.visible = False
            return
        score_kind = self.session.learner.score_kind
        if any(b.all_lost(score_kind) for b in self.boxes):
            # Said in words, since the picture alone (every move crossed out while the learner
            # wins most games) looks like a bug to a class.
            line_h = text.font(m.small).get_linesize()
            note_h = len(text.wrap(tr("lab.all_lost_note"), body.width, m.small)) * line_h
            note = pygame.Rect(body.left, body.bottom - note_h, body.width, note_h)
            text.blit_wrapped(surface, tr("lab.all_lost_note"), m.small, theme.text, note,
                              line_gap=0)
            body = pygame.Rect(body.left, body.top, body.width,
                               body.height - note_h - m.pad // 2)
        label_h = int(m.small * 1.3)
        target = max(body.height * 0.45, min(body.width / 3.0, m.height * 0.2))
        cols = max(1, int(body.width // target))
        cell_w = body.width / cols
        rows = max(1, int(body.height // (cell_w * 0.8 + label_h)))
        cell_h = body.height / rows
        self.per_page = cols * rows
        pages = max(1, -(-len(self.boxes) // self.per_page))
        self.page = min(self.page, pages - 1)
        page_boxes = self.boxes[self.page * self.per_page:(self.page + 1) * self.per_page]
        if any(not b.filled for b in page_boxes):
            self.fill_values()
        self.prev_button.visible = self.next_button.visible = pages > 1
        if pages > 1:
            text.blit_text(surface, f"{self.page + 1}/{pages}", m.small, theme.text,
                           self._page_rect.center, "center")
        for i, box in enumerate(page_boxes):
            c, r = i % cols, i // cols
            cell = pygame.Rect(round(body.left + c * cell_w) + m.pad // 2,
                               round(body.top + r * cell_h) + m.pad // 2,
                               round(cell_w) - m.pad, round(cell_h) - m.pad)
            self.box_rects.append((cell, box))
            border = theme.highlight if box.changed else theme.panel_border
            fill = blend(theme.panel, theme.background, 0.35)
            draw_panel(surface, cell, theme, m.radius, fill, border,
                       max(2, m.line * 2) if box.changed else 1)
            lost = box.all_lost(score_kind)
            used = tr("lab.box_all_lost") if lost else tr("lab.box_used", n=box.used)
            colour = (theme.danger if lost else theme.highlight if box.changed
                      else theme.text_muted)
            text.blit_text(surface, used, m.small, colour,
                           (cell.centerx, cell.bottom - m.pad // 3), "midbottom",
                           max_width=cell.width - m.pad)
            board = pygame.Rect(cell.left + m.pad // 2, cell.top + m.pad // 2,
                                cell.width - m.pad, cell.height - label_h - m.pad)
            self._draw_box(surface, board, box, theme, m)

    def _draw_box(self, surface: pygame.Surface, board: pygame.Rect, box: BoxView,
                  theme: Theme, m: Metrics) -> None:
        """One box: the game's own drawing if it has one, else a small board with values."""
        from game.ui.boards.base import BoardContext

        score_kind = self.session.learner.score_kind
        presenter = presenter_for(self.session.game)
        if presenter.draw_matchbox(surface, board, box.state, box.values, score_kind, theme,
                                   m.small):
            return
        view = self._board_view()
        if view is None:
            return
        clip = surface.get_clip()
        surface.set_clip(board)
        try:
            view.layout(board, box.state)
            view.draw(surface, box.state, BoardContext(
                theme=theme, scores=box.values, score_kind=score_kind, show_legal=False))
        except (ValueError, KeyError, AttributeError, pygame.error):
            text.blit_text(surface, key_text(box.key), m.small, theme.text, board.center,
                           "center", max_width=board.width)
        finally:
            surface.set_clip(clip)
