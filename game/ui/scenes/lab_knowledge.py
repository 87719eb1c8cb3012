"""The learning lab's matchbox view: every box of the learner drawn large (a class reads its
bead counts from the back row) as a board of its position with the learner's beads / allowed
moves / Q-values on it, or in the game's own way (Nim's matchboxes); sortable by use, paged, the
boxes changed by the last game outlined, or only those, each take showing "before -> after".
While a run is watched, the game being played is drawn across the view instead
(:mod:`game.ui.scenes.lab_live`).

The training thread changes the learner's table: every read happens under the lock the lab
gives (the runner's), and a big table is read one page at a time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import key_text
from ai.training import TrainingRunner
from game.rules.base import RulesError
from game.ui import text
from game.ui.boards import presenter_for
from game.ui.boards.presenter import GamePresenter
from game.ui.i18n import grouped, language, tr
from game.ui.reasoning import plural
from game.ui.scenes import lab_pages
from game.ui.scenes.lab_box_grid import (
    USE_LINE,
    least_picture,
    list_sizes_grid,
    narrow_grid,
    narrow_use_px,
)
from game.ui.scenes.lab_box_key import draw_key, key_entries, reserve_key
from game.ui.scenes.lab_box_moves import (
    BoxShape,
    BoxView,
    ListSize,
    MoveLine,
    best_move,
    distinct_lines,
    draw_move_list,
    draw_used,
    list_size,
    move_lines,
    shape_box,
)
from game.ui.scenes.lab_common import WrapButton
from game.ui.scenes.lab_last_game import draw_no_boxes, draw_result
from game.ui.scenes.lab_live import draw_live
from game.ui.scenes.lab_pages import PageBar, filter_key, next_filter, shown
from game.ui.scenes.play_fit import readable_px
from game.ui.theme import Theme, blend
from game.ui.widgets import Button, Metrics, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.boards.base import BoardView
    from game.ui.scenes.lab_session import LabSession

#: Tables up to this many boxes are read whole at each refresh; bigger ones page by page.
FULL_READ = 400
#: The grid is laid out for the longest list of moves among this many boxes.
NEED_SAMPLE = 200


class KnowledgePanel:
    """The boxes of the lab's learner, as the panel shows them."""

    def __init__(self, app: App, session: LabSession,
                 lock: Callable[[], contextlib.AbstractContextManager[Any]]) -> None:
        self.app = app
        self.session = session
        self._lock = lock
        self.boxes: list[BoxView] = []
        #: Every box, whatever the filter: the Table shows them all (QA19 11).
        self.every_box: list[BoxView] = []
        self.last_changed: set[Hashable] = set()
        self.last_before: dict[Hashable, Mapping[Any, float]] = {}
        #: What the end of the last One game said, kept above its boxes, or in their place
        #: when it changed none ("" once another run starts): "The boxes the game changes
        #: appear here when it ends" stood there after it had ended (QA14 5; QA20 14).
        self.game_result = ""
        #: Called after the panel changes what it lists (the lab reads the boxes again).
        self.on_change: Callable[[], None] | None = None
        self.page = 0
        self.per_page = 12
        #: The text size of the boxes' lists of moves on the current page.
        self.list_px = 0
        #: The room of the longest list of the page at that size: every box of the page is
        #: shaped for it (the same board size and place in each).
        self.page_need: ListSize | None = None
        #: (language, changed only), the most moves of a box, the distinct lines of the lists.
        self._texts: tuple[tuple[str, bool], int, list[MoveLine]] | None = None
        self._texts_read = 0
        #: The last grid chosen, for the size, count, text sizes and lines it was chosen for.
        self._grid_memo: tuple[Any, tuple[int, ListSize | None, tuple[int, int]]] | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Whether the panel has a title row ("What it learned: 19 boxes") beside its buttons.
        self.titled = True
        self._page_rect = pygame.Rect(0, 0, 0, 0)
        self.page_bar = PageBar()
        self._title_y = 0
        self._head_h = 0
        self._view: BoardView | None = None
        self._view_game = ""
        self.box_rects: list[tuple[pygame.Rect, BoxView]] = []
        #: Where the boxes drawn last put their board and list, and the list's text size.
        self.box_shapes: list[tuple[BoxShape, int]] = []
        self.printing = False  #: Drawn for an exported picture (no pager on paper).
        self.sort_button = WrapButton(
            lambda: tr("lab.sort_use") if session.sort_by_use else tr("lab.sort_position"),
            self.toggle_sort)
        self.changed_button = WrapButton(lambda: self.filter_text(filter_key(session)),
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
        self.every_box = boxes
        boxes = shown(boxes, session, [b.used for b in boxes], [b.changed for b in boxes])
        self.boxes = self._sorted(boxes)
        self.fill_values()

    def reset(self) -> None:
        """A new learner: no boxes yet, first page."""
        self.game_result = ""
        self.last_changed = set()
        self.last_before = {}
        self.page = 0

    def toggle_changed(self) -> None:
        """Show every box, those used at least once, or those the last game changed."""
        next_filter(self.session)
        self.page = 0
        if self.on_change is not None:
            self.on_change()

    def visible_boxes(self) -> list[BoxView]:
        """The boxes on the current page (all of them, filtered out too, when the table is
        small: the Table shows every box whatever the filter)."""
        if len(self.every_box) <= FULL_READ:
            return self.every_box
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
        self._texts = None  # measured again from the values read

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

    def handle_bar(self, event: pygame.event.Event) -> bool:
        """A click or a drag on the page bar: the page under the pointer."""
        return self.go_to(self.page_bar.handle(event, self.pages()))

    def go_to(self, page: int | None) -> bool:
        """Show ``page`` (None: nothing changes); True if shown."""
        if page is not None and page != self.page:
            # Only a new page reads the learner (a page bar's drag: a motion event per pixel).
            self.page = page
            self.fill_values()
        return page is not None

    def pages(self) -> int:
        """How many pages the boxes take."""
        return max(1, -(-len(self.boxes) // self.per_page))

    # -- layout and drawing ---------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """The panel at ``rect``: its buttons (changed only, sort, page arrows) on the top row
        beside the title, or alone on it when the panel is narrow, the count of boxes then
        on the filter button (a title row of its own left a Q-learner's Hexapawn boxes one a
        page at 200% of 1920x1080); body size (read from the back of a room too)."""
        self.rect = rect
        lab_pages.place_head(self, rect)  # (where its buttons go)

    def filter_text(self, key: str, count: int | None = None) -> str:
        """The filter button's label for ``key``, with the count of boxes shown (``count``,
        default the panel's) where the panel has no title row: "All boxes (19)"."""
        if self.titled:
            return tr(key)
        return f"{tr(key)} ({grouped(len(self.boxes) if count is None else count)})"

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
        room = (self.changed_button.rect.left if self.changed_button.visible
                else rect.right) - rect.left - pad * 4
        title = plural("lab.knowledge", len(self.boxes), n=grouped(len(self.boxes)))
        if text.size(title, m.body, True)[0] > room:  # (the count matters most)
            title = plural("lab.knowledge_short", len(self.boxes), n=grouped(len(self.boxes)))
        if self.titled:
            text.blit_text(surface, title, m.body, theme.accent,
                           (rect.left + pad * 2, self._title_y), "midleft",
                           bold=True, max_width=room)
        head = 0 if self.printing and not self.titled else self._head_h + pad  # (no buttons)
        body = pygame.Rect(rect.left + pad * 2, rect.top + pad * 2 + head,
                           rect.width - pad * 4, rect.height - pad * 3 - head)
        if watched is not None and watched.current is not None:
            # The game being played across the view: the class follows it; its boxes after.
            draw_live(surface, body, watched, self._board_view(), theme, m,
                      readable_px(self.app.size), self.session)
            self.box_rects, self.box_shapes = [], []
            self.prev_button.visible = self.next_button.visible = False
            return
        self.sort_button.visible = bool(self.boxes)
        self.changed_button.visible = bool(self.boxes) or lab_pages.filtered(self.session)
        self._draw_boxes(surface, body, theme, m)

    def _draw_boxes(self, surface: pygame.Surface, body: pygame.Rect, theme: Theme,
                    m: Metrics) -> None:
        self.box_rects = []
        self.box_shapes = []
        if not self.boxes:  # (One game: its boxes appear as it changes them)
            draw_no_boxes(self, surface, body, lab_pages.empty_words(
                self.session, self.game_result), theme, m)
            return
        # The last One game's result and what the frames are, until the next run (QA20 14).
        body = draw_result(surface, body, self.game_result, theme, m, self.app.size)
        score_kind = self.session.learner.score_kind
        # A game's own matchbox (Nim's list of takes) is narrower than a board.
        presenter = presenter_for(self.session.game)
        narrow = type(presenter).draw_matchbox is not GamePresenter.draw_matchbox
        # What a row, a count, an outline are; on a page with a box all lost, why (lab_box_key).
        changes = self.session.changed_only  # (the boxes' rows then read "3 → 2")
        body, key = reserve_key(body, key_entries(score_kind, theme, not narrow, any(
            b.all_lost(score_kind) for b in self.boxes), changes),
            None if narrow else self._list_texts(),
            score_kind, m, readable_px(self.app.size))
        if narrow:
            rows, cols, cell_w, cell_h = narrow_grid(
                len(self.boxes), [(b.all_lost(score_kind), b.used) for b in self.boxes],
                body, m, self._moves_px([b for b in self.boxes[:NEED_SAMPLE] if b.filled], m),
                readable_px(self.app.size),
                self.session.changed_only)
        else:
            # A board beside its list of moves: the grid holds the longest list at heading
            # size where that shows as many boxes as body size does, else at body size.
            rows, cols = self._list_grid(body, m)
            cell_w, cell_h = body.width / cols, body.height / rows
        self.per_page = cols * rows
        pages = max(1, -(-len(self.boxes) // self.per_page))
        self.page = min(self.page, pages - 1)
        page_boxes = self.boxes[self.page * self.per_page:(self.page + 1) * self.per_page]
        if any(not b.filled for b in page_boxes):
            self.fill_values()
        self.prev_button.visible = self.next_button.visible = pages > 1
        draw_key(surface, key, key_entries(score_kind, theme, not narrow, any(
            b.all_lost(score_kind) for b in page_boxes), changes), theme, m)
        use_px = (narrow_use_px((round(cell_w) - m.pad, round(cell_h) - m.pad), self._moves_px(
            page_boxes, m), m.body, readable_px(self.app.size), m.pad) if narrow else m.body)
        label_h = int(use_px * USE_LINE)
        self.page_bar.place(self.rect, m.pad, pages)
        if not self.printing:  # (paper has no pages to turn: "1/792" and its bar, QA19 32)
            self.page_bar.draw_with_count(surface, self.page, pages, theme, self._page_rect,
                                          m.body)
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
            if not narrow:
                # The box's use is the last line of its list.
                self.draw_box(surface, cell.inflate(-m.pad, -m.pad), box, theme, m,
                              self.list_px, used=True)
                continue
            self._draw_used(surface, box, pygame.Rect(cell.left, cell.bottom - label_h,
                                                       cell.width, label_h), use_px, m, theme)
            board = pygame.Rect(cell.left + m.pad // 2, cell.top + m.pad // 2,
                                cell.width - m.pad, cell.height - label_h - m.pad)
            self.draw_box(surface, board, box, theme, m, m.heading)

    def _draw_used(self, surface: pygame.Surface, box: BoxView, rect: pygame.Rect, px: int,
                   m: Metrics, theme: Theme) -> None:
        # In ``theme``: an export's light one (the screen's grey was 1.2:1 on paper, QA19 32).
        draw_used(surface, rect, box, self.session.learner.score_kind, px, m, theme,
                  readable_px(self.app.size))

    def _moves_px(self, boxes: list[BoxView], m: Metrics) -> Callable[[pygame.Rect], int]:
        """The size the game's own matchboxes write the moves of ``boxes`` at in a rectangle
        (the least of them: one size for the use lines of a page; :func:`narrow_use_px`)."""
        presenter, kind = presenter_for(self.session.game), self.session.learner.score_kind
        before = self.session.changed_only
        return lambda rect: min((presenter.matchbox_text_px(
            rect, b.state, b.values, kind, m.heading, b.before if before else None)
            for b in boxes), default=m.body)

    def list_need(self, px: int) -> ListSize:
        """The room the longest list of moves of the boxes read so far takes at ``px``."""
        most, lines = self._list_texts()
        return list_size(lines, px, self.session.learner.score_kind, most)

    def _list_texts(self) -> tuple[int, list[MoveLine]]:
        """The most moves a box read so far has, and every distinct line of their lists;
        kept until the boxes are read again (measuring every line of 375 Morpion boxes at
        each text size took 100 ms a frame)."""
        key = (language(), self.session.changed_only)
        if self._texts is None or self._texts[0] != key:
            changed = self.session.changed_only
            self._texts = key, *distinct_lines(
                [(b.values, b.before if changed else None)
                 for b in self.boxes[:NEED_SAMPLE] if b.filled],
                presenter_for(self.session.game).move_text, self.session.learner.score_kind,
                self.app.theme)
            self._texts_read += 1
        return self._texts[1], self._texts[2]

    def _list_grid(self, body: pygame.Rect, m: Metrics) -> tuple[int, int]:
        """The grid of boxes drawn as a board beside a list, and the list's text size
        (:attr:`list_px`): heading size where that shows as many boxes as body size, else
        body size, else (a short panel: 1920x1080 at the largest text) the largest size down
        to the smallest readable one at which a box fits."""
        # (Measured from the boxes read so far: a big table is read a page at a time, and
        # reading again here each frame re-measured every line: 26,000 measures a frame.)
        count, least = len(self.boxes), readable_px(self.app.size)
        self._list_texts()
        # Boards large enough to write their coordinates at the readable size.
        picture = least_picture(self._board_view(), self.boxes[0].state, least)
        key = (body.size, count, m.body, m.heading, self._texts_read, picture)
        if self._grid_memo is not None and self._grid_memo[0] == key:
            self.list_px, self.page_need, grid = self._grid_memo[1]
            return grid
        chosen = list_sizes_grid(count, body.size, self.list_need, (m.heading, m.body, least),
                                 m.pad, picture)
        px, grid = chosen if chosen is not None else (least, (1, 1))
        self.list_px, self.page_need = px, self.list_need(px) if chosen is not None else None
        self._grid_memo = key, (self.list_px, self.page_need, grid)
        return grid

    def draw_box(self, surface: pygame.Surface, board: pygame.Rect, box: BoxView,
                 theme: Theme, m: Metrics, px: int, used: bool = False) -> None:
        """One box in ``board``: the game's own drawing if it has one (its counts up to ``px``
        high), else a small board (the best move hinted on it) beside the list of its moves
        and values at ``px`` where they fit, else body size, else the smallest readable size;
        where the last game's boxes are shown, a move it changed reads "3 → 6". ``used``: the
        box's use written under its list."""
        from game.ui.boards.base import BoardContext

        score_kind = self.session.learner.score_kind
        presenter = presenter_for(self.session.game)
        # "Before → after" where the last game's boxes are the subject, as in a board's list
        # (among all boxes Nim's counts shrank to 14 px "273→276" bands).
        before = box.before if self.session.changed_only else None
        if presenter.draw_matchbox(surface, board, box.state, box.values, score_kind, theme,
                                   px, before):
            return
        view = self._board_view()
        if view is None:
            return
        # The moves listed beside the board at body size at least (their values were chips
        # on the board, about 10 pixels at 1024x768 with 200% text); a box the last game
        # changed says "old → new" where the last game's boxes are the subject.
        lines = move_lines(box.values, presenter.move_text, score_kind, theme, before)
        needs = ([self.page_need] if used and self.page_need is not None
                 else [list_size(lines, size, score_kind)
                       for size in dict.fromkeys((px, m.body, readable_px(self.app.size)))])
        shape, need = None, needs[0]
        for need in needs:
            shape = shape_box(board, need, used)
            if shape is not None:
                break
        if shape is None and used:
            # No room for the list (never at the lab's sizes): the board and its use.
            label_h = int(m.body * USE_LINE)
            self._draw_used(surface, box, board, m.body, m, theme)
            board = pygame.Rect(board.left, board.top, board.width, board.height - label_h)
        picture = shape.board if shape is not None else board
        clip = surface.get_clip()
        surface.set_clip(picture)
        try:
            view.coords_least = readable_px(self.app.size)  # (Connect 4's letters too)
            view.layout(picture, box.state)
            view.draw(surface, box.state, BoardContext(
                theme=theme, show_legal=False, hint_move=best_move(box.values),
                coords_px=readable_px(self.app.size)))
        except (ValueError, KeyError, AttributeError, pygame.error):
            text.blit_text(surface, key_text(box.key), m.small, theme.text, picture.center,
                           "center", max_width=picture.width)
        finally:
            surface.set_clip(clip)
        if shape is not None:
            draw_move_list(surface, shape, lines, need, score_kind, theme)
            self.box_shapes.append((shape, need.px))
            if shape.footer is not None:
                self._draw_used(surface, box, shape.footer, need.px, m, theme)
