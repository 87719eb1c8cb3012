"""The learning lab's matchbox view: every box of the learner drawn large (a class reads its
bead counts from the back row) as a board of its position with the learner's beads / allowed
moves / Q-values on it, or in the game's own way (Nim's matchboxes); sortable by use, paged, the
boxes changed by the last game outlined, or only those, each take showing "before -> after".
While a run is watched, the game being played is drawn beside the boxes.

The training thread changes the learner's table: every read happens under the lock the lab
gives (the runner's), and a big table is read one page at a time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import key_text
from ai.training import TrainingRunner
from game.rules.base import GameState, RulesError
from game.ui import text
from game.ui.boards import presenter_for
from game.ui.boards.presenter import GamePresenter, box_value_text
from game.ui.i18n import grouped, tr
from game.ui.scenes.lab_common import WrapButton, wrapped_px
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
    #: The values before the last game, for a box that game changed (else None).
    before: Mapping[Any, float] | None = None

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
        self.last_before: dict[Hashable, Mapping[Any, float]] = {}
        #: Called after the panel changes what it lists (the lab reads the boxes again).
        self.on_change: Callable[[], None] | None = None
        self.page = 0
        self.per_page = 12
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._page_rect = pygame.Rect(0, 0, 0, 0)
        self._title_y = 0
        self._head_h = 0
        self._view: BoardView | None = None
        self._view_game = ""
        self.box_rects: list[tuple[pygame.Rect, BoxView]] = []
        self.sort_button = WrapButton(
            lambda: tr("lab.sort_use") if session.sort_by_use else tr("lab.sort_position"),
            self.toggle_sort)
        self.changed_button = WrapButton(
            lambda: tr("lab.show_changed") if session.changed_only else tr("lab.show_all"),
            self.toggle_changed)
        self.prev_button = Button(lambda: "◀", lambda: self.turn_page(-1))
        self.next_button = Button(lambda: "▶", lambda: self.turn_page(+1))

    def widgets(self) -> list[Widget]:
        """The panel's buttons, in event order."""
        return [self.changed_button, self.sort_button, self.prev_button, self.next_button]

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
                self.last_before = dict(runner.last_before)
        # Q-learning keeps boxes for both sides' positions; the others only for their own
        # (asking for another box would create an empty one).
        every_side = session.learner.kind == "qlearning"
        boxes = [BoxView(key, state, {}, usage.get(key, 0), key in self.last_changed,
                         before=self.last_before.get(key))
                 for key, state in positions.items()
                 if every_side or usage.get(key) or key in session.loaded_keys]
        if session.changed_only:
            boxes = [b for b in boxes if b.changed]
        self.boxes = self._sorted(boxes)
        self.fill_values()

    def reset(self) -> None:
        """A new learner: no boxes yet, first page."""
        self.last_changed = set()
        self.last_before = {}
        self.page = 0

    def toggle_changed(self) -> None:
        """Show every box, or only those the last game changed."""
        self.session.changed_only = not self.session.changed_only
        self.page = 0
        if self.on_change is not None:
            self.on_change()

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

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """The panel at ``rect``: its buttons (changed only, sort, page arrows) on the top row
        beside the title, or on a row of their own when the panel is narrow; body size (they
        are read from the back of a room too)."""
        self.rect = kb = rect
        m = self.app.metrics
        pad = m.pad
        px = m.body
        sh = nav = int(px * 1.8)
        page_w = text.size("88/88", px)[0] + pad
        toggles = ((self.changed_button, ("lab.show_changed", "lab.show_all")),
                   (self.sort_button, ("lab.sort_use", "lab.sort_position")))
        widths = [max(text.size(tr(k), px, True)[0] for k in keys) + sh // 2
                  for _b, keys in toggles]
        nav_w = nav * 2 + page_w + pad
        title_w = text.size(tr("lab.knowledge_short", n=8888), px, True)[0]
        one_row = sum(widths) + nav_w + title_w + pad * 6 <= kb.width
        top = kb.top + pad if one_row else kb.top + pad * 2 + sh
        self._title_y = kb.top + pad + sh // 2
        self._head_h = sh if one_row else sh * 2 + pad
        self.next_button.place(pygame.Rect(kb.right - pad * 2 - nav, top, nav, sh), px)
        self._page_rect = pygame.Rect(self.next_button.rect.left - page_w, top, page_w, sh)
        self.prev_button.place(pygame.Rect(self._page_rect.left - nav, top, nav, sh), px)
        if one_row:
            x = self.prev_button.rect.left - pad - sum(widths) - pad
        else:
            x = kb.left + pad * 2
            room = self.prev_button.rect.left - pad * 2 - x
            widths = [min(w, room // 2) for w in widths]
        for (button, keys), bw in zip(toggles, widths, strict=True):
            bpx = min(text.fit_px(tr(k), bw - sh // 2, px, True, m.small) for k in keys)
            button.place(pygame.Rect(x, top, bw, sh), bpx)
            x += bw + pad

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

    def draw(self, surface: pygame.Surface, watched: TrainingRunner | None,
             theme: Theme | None = None) -> None:
        """The panel; ``watched``: the runner whose current game is drawn live, if any;
        ``theme``: the app's, or the print theme of an export."""
        theme = theme if theme is not None else self.app.theme
        m = self.app.metrics
        rect = self.rect
        draw_panel(surface, rect, theme, m.radius)
        pad = m.pad
        beside = self.changed_button.visible and self._head_h < self.sort_button.rect.height * 2
        room = (self.changed_button.rect.left if beside else rect.right) - rect.left - pad * 4
        title = tr("lab.knowledge", n=grouped(len(self.boxes)))
        if text.size(title, m.body, True)[0] > room:
            title = tr("lab.knowledge_short", n=grouped(len(self.boxes)))  # the count matters most
        text.blit_text(surface, title, m.body, theme.accent,
                       (rect.left + pad * 2, self._title_y), "midleft",
                       bold=True, max_width=room)
        head = self._head_h + pad
        body = pygame.Rect(rect.left + pad * 2, rect.top + pad * 2 + head,
                           rect.width - pad * 4, rect.height - pad * 3 - head)
        if watched is not None and watched.current is not None:
            # The game being played, large: it is what the class watches.
            live = pygame.Rect(body.left, body.top,
                               int(body.width * (0.45 if self.boxes else 0.6)), body.height)
            self._draw_live(surface, live, watched, theme, m)
            body = pygame.Rect(live.right + pad * 2, body.top, body.right - live.right - pad * 2,
                               body.height)
        self.sort_button.visible = bool(self.boxes)
        self.changed_button.visible = bool(self.boxes) or self.session.changed_only
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
            # At most a third of the panel (at 1920x1080 at the largest text size the note
            # left the boxes 40 pixels high): smaller, then its short form.
            said, px = all_lost_note(body.width, body.height // 3, m)
            line_h = text.font(px).get_linesize()
            note_h = len(text.wrap(said, body.width, px)) * line_h
            note = pygame.Rect(body.left, body.bottom - note_h, body.width, note_h)
            text.blit_wrapped(surface, said, px, theme.text, note, line_gap=0)
            body = pygame.Rect(body.left, body.top, body.width,
                               body.height - note_h - m.pad // 2)
        label_h = int(m.body * 1.35)
        # Big boxes: two rows when the panel is tall enough, each box about as wide as it is
        # tall, so the counts are drawn at heading size; the rest is paged.
        # A game's own matchbox (Nim's list of takes) is narrower than a board.
        presenter = presenter_for(self.session.game)
        narrow = type(presenter).draw_matchbox is not GamePresenter.draw_matchbox
        ratio = 0.62 if narrow else 0.85
        rows, cols = grid_for(len(self.boxes), body.size, ratio, body.height >= m.body * 18)
        # Never so narrow that a box's count is cut: at 1920x1080 at the largest text size
        # six boxes a row read "used…".
        least_w = max(text.size(used_label(b, score_kind, 0, m.small), m.small)[0]
                      for b in self.boxes) + m.pad * 2
        cols = max(1, min(cols, int(body.width // least_w)))
        cell_h = body.height / rows
        # (Never narrower than its count needs, where the row has the room.)
        cell_w = max(min(body.width / cols, cell_h * ratio * 1.3),
                     min(least_w, body.width / cols))
        cell_h = min(cell_h, cell_w / ratio * 1.15)
        self.per_page = cols * rows
        pages = max(1, -(-len(self.boxes) // self.per_page))
        self.page = min(self.page, pages - 1)
        page_boxes = self.boxes[self.page * self.per_page:(self.page + 1) * self.per_page]
        if any(not b.filled for b in page_boxes):
            self.fill_values()
        self.prev_button.visible = self.next_button.visible = pages > 1
        if pages > 1:
            text.blit_text(surface, f"{self.page + 1}/{pages}", m.body, theme.text,
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
            used = used_label(box, score_kind, cell.width - m.pad, m.small)
            colour = (theme.danger if lost else theme.highlight if box.changed
                      else theme.text_muted)
            text.blit_text(surface, used, m.body, colour,
                           (cell.centerx, cell.bottom - m.pad // 3), "midbottom",
                           max_width=cell.width - m.pad, min_px=m.small)
            board = pygame.Rect(cell.left + m.pad // 2, cell.top + m.pad // 2,
                                cell.width - m.pad, cell.height - label_h - m.pad)
            self.draw_box(surface, board, box, theme, m, m.heading)

    def draw_box(self, surface: pygame.Surface, board: pygame.Rect, box: BoxView,
                 theme: Theme, m: Metrics, px: int) -> None:
        """One box in ``board``: the game's own drawing if it has one (its counts up to ``px``
        high), else a board with the values on it and, for a box the last game changed, its
        changes written below ("move: 3 → 6")."""
        from game.ui.boards.base import BoardContext

        score_kind = self.session.learner.score_kind
        presenter = presenter_for(self.session.game)
        if presenter.draw_matchbox(surface, board, box.state, box.values, score_kind, theme,
                                   px, box.before):
            return
        view = self._board_view()
        if view is None:
            return
        # The changes are written where the last game's boxes are the subject (one game at a
        # time, or "last game's boxes"); among every box an outline says it, and the board
        # keeps its room.
        lines = (change_lines(box, presenter.move_text, score_kind)
                 if self.session.changed_only else [])
        changes, cpx = fit_changes(lines, board, m)
        if changes:
            # As large as the box allows (heading size, never under body size) and in the
            # same regular type as the rest of the box: the counts are what the class reads.
            line_h = text.font(cpx).get_linesize()
            y = board.bottom - line_h * len(changes)
            for line in changes:
                text.blit_text(surface, line, cpx, theme.highlight, (board.centerx, y),
                               "midtop", max_width=board.width, min_px=m.body)
                y += line_h
            board = pygame.Rect(board.left, board.top, board.width,
                                board.height - line_h * len(changes))
        clip = surface.get_clip()
        surface.set_clip(board)
        try:
            view.layout(board, box.state)
            view.draw(surface, box.state, BoardContext(
                theme=theme, scores=box.values, score_kind=score_kind, show_legal=False,
                label_px=max(m.small, int(board.height * 0.12))))
        except (ValueError, KeyError, AttributeError, pygame.error):
            text.blit_text(surface, key_text(box.key), m.small, theme.text, board.center,
                           "center", max_width=board.width)
        finally:
            surface.set_clip(clip)


def all_lost_note(width: int, height: int, m: Metrics) -> tuple[str, int]:
    """The note under boxes whose every move lost, and its size, to fit ``width`` x ``height``:
    the long note at the small size down to 80% of it, else the short note so."""
    room = pygame.Rect(0, 0, width, height)
    least = int(m.small * 0.8)
    for key in ("lab.all_lost_note", "lab.all_lost_short"):
        px = wrapped_px(tr(key), room, m.small, least)
        lines = text.wrap(tr(key), width, px)
        if len(lines) * text.font(px).get_linesize() <= height:
            return tr(key), px
    return tr("lab.all_lost_short"), least


def used_label(box: BoxView, score_kind: str, width: int, px: int) -> str:
    """What a box says under it: how often it was used ("used 17×"), or that every move lost;
    the short form ("17×", "lost") where the long one is wider than ``width`` at ``px``."""
    lost = box.all_lost(score_kind)
    long = tr("lab.box_all_lost") if lost else tr("lab.box_used", n=grouped(box.used))
    if text.size(long, px)[0] <= width:
        return long
    return (tr("lab.box_all_lost_short") if lost
            else tr("lab.box_used_short", n=grouped(box.used)))


def grid_for(count: int, size: tuple[int, int], ratio: float, two_rows: bool
             ) -> tuple[int, int]:
    """Rows and columns of the boxes' grid in an area of ``size``: boxes about ``ratio`` as
    wide as tall, two rows when ``two_rows`` allows; when ``count`` boxes fit on one page, the
    arrangement that draws them largest (one game's few boxes fill the panel)."""
    width, height = size
    options = (1, 2) if two_rows else (1,)
    full = [(r, max(1, round(width / (height / r * ratio)))) for r in options]
    rows, cols = full[-1]
    if count > rows * cols:
        return rows, cols  # paged at the most boxes a page holds

    def scale(r: int) -> float:
        c = max(1, -(-count // r))
        return min(width / c / ratio, height / r)

    rows = max((r for r in options if r <= max(1, count)), key=scale)
    return rows, max(1, -(-count // rows))


def fit_changes(lines: list[str], board: pygame.Rect, m: Metrics) -> tuple[list[str], int]:
    """The change lines a box of ``board``'s size shows, and their size: up to heading size,
    as wide as the box allows but never under body size (a line too wide is split after its
    move); as many lines (at most three) as take no more than two fifths of the box's height,
    and at least one."""
    if not lines:
        return [], m.body
    # A line too wide at body size ("b1-b2: -0.66 -> -0.95" in a narrow box) is split after
    # its move rather than cut.
    split: list[str] = []
    for line in lines[:3]:
        move, sep, values = line.partition(": ")
        if sep and text.size(line, m.body)[0] > board.width:
            split += [move + ":", values]
        else:
            split.append(line)
    lines = split
    px = min(text.fit_px(line, board.width, m.heading, min_px=m.body) for line in lines)
    line_h = text.font(px).get_linesize()
    room = max(1, int(board.height * 0.4) // max(1, line_h))
    return lines[:min(3, room)], px


def change_lines(box: BoxView, move_text: Callable[[Any], str], score_kind: str) -> list[str]:
    """What the last game changed in ``box``, one line per move: "move: 3 → 6"."""
    if box.before is None:
        return []
    return [f"{move_text(move)}: {box_value_text(old, score_kind)} → "
            f"{box_value_text(box.values[move], score_kind)}"
            for move, old in box.before.items()
            if move in box.values and box.values[move] != old]
