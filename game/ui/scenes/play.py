"""The play screen, the same for every game.

The board (drawn by the game's board view) fills the left of the window; the status line above
it says in plain words what is happening; the side panel shows both seats, the running score,
the AI-vs-AI controls, the AI's reasoning and the move list. The screen is split by job:

- this module: the scene, its actions (undo, restart, hint, review, save...) and its time;
- :mod:`~game.ui.scenes.turns` (no pygame): the timing of the turns (waits, AI requests, the
  reveal of the AI's scores, the automatic pass, pause, step, hint, a failed AI);
- :mod:`~game.ui.scenes.play_status` (no pixels): what the status line says, which scores the
  board shows, the running score in words;
- :mod:`~game.ui.scenes.play_input`: clicks and keys (a table of key bindings);
- :mod:`~game.ui.scenes.play_board`: the status line's pixels, the board's context and what is
  drawn over it; :mod:`~game.ui.scenes.play_panel` and :mod:`~game.ui.scenes.play_banner`;
- :mod:`~game.ui.scenes.review` (no pixels), :mod:`~game.ui.scenes.review_panel` and
  :mod:`~game.ui.scenes.review_files`: looking back through the game, its graph, its record.

What the screen writes about the game comes from the game's presenter
(:func:`game.ui.boards.presenter_for`), so nothing here names a game. The driver's two workers
are cancelled on Undo, Restart, Menu and quit; a stale result is dropped by the worker, and a
result for a position no longer on the board by the driver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ai.base import Decision
from ai.registry import PlayerSpecError, players_for
from game.rules.base import RulesError
from game.ui import text, widgets
from game.ui.boards import presenter_for
from game.ui.i18n import tr
from game.ui.reasoning import LegendRow
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ListPopup
from game.ui.scenes.layout_cache import LayoutCache
from game.ui.scenes.match import HUMAN, Match, make_seat
from game.ui.scenes.play_banner import PlayBanner
from game.ui.scenes.play_board import (
    board_context,
    draw_over_board,
    draw_status,
    legend_strip,
)
from game.ui.scenes.play_fit import detail_room, large_text, panel_width, status_height
from game.ui.scenes.play_input import CLICK_GUARD_SECONDS, PlayInput
from game.ui.scenes.play_key import layout_key, layout_parts
from game.ui.scenes.play_panel import PlayPanel
from game.ui.scenes.play_status import (
    REFUSAL_SECONDS,
    ShownDecision,
    Status,
    ai_error_text,
    answering,
    board_legend,
    review_short_headline,
    review_status,
    scored_decision,
    short_headline,
    status_line,
)
from game.ui.scenes.players import player_description, player_title, seat_title
from game.ui.scenes.review import Review
from game.ui.scenes.review_files import choose_game, save_game
from game.ui.scenes.turns import AiFailure, TurnDriver, TurnListener, is_pass
from game.ui.settings import AI_DELAYS
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.boards.base import BoardContext, BoardView, InputController

#: How long a refused click's reason, or a pass, stays on the status line.
MESSAGE_SECONDS = 2.5
#: Othello's flip animation length.
ANIMATION_SECONDS = 0.25
#: How long a pass is shown in large letters over the board.
PASS_FLASH_SECONDS = 1.2
class PlayScene(Scene, TurnListener):
    """A game in progress."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.setup = match.setup  #: The game and its options.
        self.game = match.setup.name
        self.presenter = presenter_for(self.game, match.seat_index)
        self.turns: TurnDriver = TurnDriver(match, app.settings, self)
        self.view: BoardView | None = None
        self.view_error: str | None = None
        self._make_view()
        self.input = PlayInput(self)
        #: Looking back through the game (the board then shows an earlier position).
        self.review = Review(match)
        #: True when entering the review paused a running AI-vs-AI game (leaving resumes it).
        self._review_paused = False
        self.message: str | None = None
        self.message_left = 0.0
        self.message_bad = False
        self.anim = 1.0
        self.previous_state: Any = None
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        #: The free strip under the board where the legend goes (see legend_strip).
        self.legend_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the REVIEW tag goes in the last frame (see play_board.tag_spot).
        self.review_tag_box = pygame.Rect(0, 0, 0, 0)
        #: The panel's width and what it was worked out for (see play_fit.panel_width).
        self.panel_width_memo: tuple[object, int] = (None, 0)
        self._layout = LayoutCache()
        #: The text key naming the screen under this one that Menu goes back to, when one
        #: opened this game over itself ("play.to_lab"); None: Menu opens the main menu.
        self.back_key: str | None = None
        self.panel = PlayPanel(app, self)
        self.banner = PlayBanner(app, self)
        #: Seconds the screen has been open (see CLICK_GUARD_SECONDS).
        self.age = 0.0
        #: A pass shown in large letters over the board, and for how long still.
        self.pass_flash: str | None = None
        self.pass_flash_left = 0.0

    # -- helpers --------------------------------------------------------------------------------

    def _make_view(self) -> None:
        try:
            from game.ui.boards import board_view_for

            self.view = board_view_for(self.game, self.app.theme)
            self.view_error = None
        except (ImportError, AttributeError, RulesError) as exc:
            self.view = None
            self.view_error = str(exc)

    @property
    def state(self) -> Any:
        """The position on the board."""
        return self.match.state

    @property
    def board_state(self) -> Any:
        """The position the board shows: the live one, or the one being reviewed."""
        return self.review.state()

    @property
    def controller(self) -> InputController | None:
        """What the person's clicks on the board are building (see :class:`PlayInput`)."""
        return self.input.controller

    def seat_label(self, seat: int) -> str:
        """The display name of the player in ``seat``."""
        return seat_title(self.match.seats[seat].spec, self.setup)

    def say(self, message: str, bad: bool = False) -> None:
        """Show ``message`` on the status line for a moment."""
        self.message = message
        self.message_left = REFUSAL_SECONDS if bad else MESSAGE_SECONDS
        self.message_bad = bad

    def ai_error_text(self) -> str:
        """The failed AI's error in words, or "" when no AI failed."""
        return ai_error_text(self.turns, self.presenter, self.seat_label)

    def _fresh_board(self) -> None:
        """After Undo, Restart or a new player: no half-made move, no animation."""
        self.input.reset()
        self.anim = 1.0
        self.previous_state = None

    # -- what the turn driver reports -----------------------------------------------------------

    def moved(self, before: Any, move: Any, decision: Decision | None) -> None:
        self.previous_state = before
        self.anim = 0.0 if self.app.settings.animations else 1.0
        self.input.reset()
        self.panel.scroll = 0
        # A new position: the last one's notices ("lift one of them first") would be stale.
        self.message = None
        if is_pass(move):
            side = self.presenter.side_name(before.to_move)
            self.say(tr("play.passed", side=side))
            self.flash_pass(side)
        capture = self.presenter.is_capture(before, move)
        self.app.play_sound("capture" if capture else "move")

    def pass_announced(self, side: int) -> None:
        name = self.presenter.side_name(side)
        self.say(tr("play.passes", side=name))
        self.flash_pass(name)

    def flash_pass(self, side: str) -> None:
        """Show "<side> passes" in large letters over the board for a moment."""
        self.pass_flash = tr("play.pass_flash", side=side)
        self.pass_flash_left = PASS_FLASH_SECONDS

    def ai_failed(self, failure: AiFailure) -> None:
        if failure.error is not None:
            self.app.play_sound("error")

    def game_over(self, learn_errors: list[str]) -> None:
        self.input.reset()
        self.app.play_sound("end")
        for error in learn_errors:
            self.say(tr("play.learn_failed", error=error), bad=True)

    def hint_ready(self, move: Any) -> None:
        self.say(tr("play.hint_is", move=self.presenter.move_text(move)))

    def hint_failed(self, error: BaseException) -> None:
        self.say(tr("play.hint_failed", error=str(error)), bad=True)

    # -- actions --------------------------------------------------------------------------------

    def apply_move(self, move: Any, decision: Decision | None = None) -> bool:
        """Play ``move`` on the board; False (with the reason shown) if the rules refuse it."""
        refused = self.turns.play(move, decision)
        if refused is not None:
            self.say(refused, bad=True)
        return refused is None

    def undo(self) -> None:
        """Take back moves to the last human decision (one move in AI vs AI, then pause)."""
        self.leave_review()
        if not self.turns.undo():
            self.say(tr("play.nothing_to_undo"), bad=True)
            return
        self._fresh_board()

    def restart(self) -> None:
        """A new game with the same seats (the running score goes on)."""
        self.leave_review()
        self.turns.restart()
        self._fresh_board()

    def enter_review(self, index: int) -> None:
        """Show position ``index`` of the game without changing it (a running AI-vs-AI game
        pauses while the class looks back)."""
        if not self.review.active and self.match.ai_vs_ai and not self.turns.paused:
            self.turns.toggle_pause()
            self._review_paused = True
        self.review.show(index)

    def step_review(self, direction: int) -> None:
        """One move back (-1, entering the review) or forward (+1; from the last, live)."""
        if direction < 0:
            self.enter_review(self.review.shown - 1)
        elif self.review.active and self.review.shown >= self.review.last:
            self.leave_review()
        elif self.review.active:
            self.review.forward()

    def leave_review(self) -> None:
        """Back to the live position: the game goes on from there, the status line says no
        more of the review ("Opened …: ◀ ▶ step through it" stayed, QA S15 20)."""
        if not self.review.active:
            return
        self.review.leave()
        self.message = ""
        self.panel.scroll = 0  # the list at the last moves again, not the reviewed (QA S16 8)
        if self._review_paused and self.turns.paused:
            self.turns.toggle_pause()
        self._review_paused = False

    def save_record(self) -> None:
        """Save the game as a text record in the data folder (the notice says where)."""
        save_game(self)

    def open_record(self) -> None:
        """Choose a saved game to open and review (in place of this one)."""
        choose_game(self)

    def to_menu(self) -> None:
        """Back to the menu (the search is cancelled by on_close); back to the screen that
        opened this game over itself, the lab's "Play against it" (:attr:`back_key`): it went
        to the main menu, and the teacher had to find the lab and its tab again (QA18 0c)."""
        from game.ui.scenes.menu import MenuScene

        if self.back_key is not None and self in self.app.scenes[1:]:
            self.app.pop(self)
            return
        self.app.replace(MenuScene(self.app))

    def menu_label(self) -> str:
        """The Menu button's words: "Menu", or the screen it goes back to (see to_menu)."""
        return tr(self.back_key or "play.menu")

    def open_rules(self) -> None:
        """This game's rules page."""
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game, self.setup.options))

    def change_speed(self, direction: int) -> None:
        """Slower (+1) or faster (-1) AI moves, along the preset delays."""
        current = self.app.settings.ai_delay
        index = min(range(len(AI_DELAYS)), key=lambda i: abs(AI_DELAYS[i] - current))
        index = max(0, min(len(AI_DELAYS) - 1, index + direction))
        self.set_delay(AI_DELAYS[index])

    def set_delay(self, delay: float) -> None:
        """Set the pause before AI moves (saved in the settings)."""
        self.app.settings.ai_delay = delay
        self.turns.delay_changed()
        self.app.save_settings()

    def set_reasoning(self, on: bool) -> None:
        """Show or hide the AI's reasoning (saved in the settings); hidden, an explain pause
        has nothing left to show and the move goes on (its numbers stayed, QA S15 21)."""
        self.app.settings.show_reasoning = on
        if not on:
            self.turns.go_on()
        self.app.save_settings()

    def ask_hint(self) -> None:
        """Ask the strongest available AI for a move, drawn on the board, or say why not."""
        refused = self.turns.ask_hint()
        if refused is not None and self.match.over:  # (the end may have no status line)
            self.app.notify(tr(refused))
        elif refused is not None:
            self.say(tr(refused), bad=True)

    def change_failed_seat(self) -> None:
        """Choose another player for the seat whose AI failed."""
        if self.turns.ai_error is not None:
            self.choose_player(self.turns.ai_error.seat)

    def choose_player(self, seat: int) -> None:
        """Open the list of players for ``seat``; the game goes on with the new one."""
        try:
            infos = players_for(self.setup)
        except PlayerSpecError as exc:
            self.say(str(exc), bad=True)
            return
        items: list[tuple[Any, str, str]] = [(HUMAN, tr("seat.human"), tr("seat.human_desc"))]
        items += [(i.name, player_title(i), player_description(i)) for i in infos]
        current = self.match.seats[seat].name
        side = self.presenter.side_name(self.match.side_of_seat(seat))
        self.app.push(ListPopup(self.app, tr("play.choose_for", side=side), items, current,
                                lambda name: self.set_seat(seat, str(name))))

    def set_seat(self, seat: int, spec: str) -> None:
        """Seat a new player (with default parameters) in ``seat``; the game continues."""
        try:
            new = make_seat(spec, self.setup)
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.say(str(exc), bad=True)
            return
        self.leave_review()
        self.turns.replace_seat(seat, new)
        self.input.reset()

    # -- events ---------------------------------------------------------------------------------

    def buttons(self) -> list[Widget]:
        """Every active widget, in event order."""
        return self.panel.buttons() + self.banner.buttons()

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        self.input.handle(event)

    # -- time -----------------------------------------------------------------------------------

    def animating(self) -> bool:
        """Moving by itself: an animation, a notice, an AI thinking or about to move, a pass."""
        turns = self.turns
        if (self.anim < 1.0 or self.message is not None or turns.hint_thinking
                or self.pass_flash is not None or self.age < CLICK_GUARD_SECONDS):
            return True
        if self.match.over:
            return not turns.end_done
        if self.match.human_to_move:
            return turns.auto_pass_left is not None
        if turns.waiting_for_person:
            # Still until the click: drawing 60 times a second here took half a core (seen
            # in a real window, explain mode) while nothing on the screen changed.
            return False
        return turns.pending is not None or not (turns.paused and not turns.step_once)

    def update(self, dt: float) -> None:
        self.age += dt
        if self.pass_flash_left > 0:
            self.pass_flash_left -= dt
            if self.pass_flash_left <= 0:
                self.pass_flash = None
        if self.anim < 1.0:
            self.anim = min(1.0, self.anim + dt / ANIMATION_SECONDS)
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
        if self.match.human_to_move and self.turns.pending is None:
            self.input.current_controller()
        self.turns.update(dt)

    def on_close(self) -> None:
        self.turns.shutdown()

    def on_settings_changed(self) -> None:
        self._make_view()
        self.panel_width_memo = (None, 0)
        self._layout.forget()

    # -- drawing --------------------------------------------------------------------------------

    def status(self) -> Status:
        """The status line: headline, detail, and whether the detail reports a problem."""
        controller = self.input.current_controller()
        if self.review.active:
            status = review_status(self.match, self.review, self.presenter)
        else:
            status = status_line(self.match, self.turns, self.presenter,
                                 controller.prompt_key() if controller is not None else None,
                                 self.seat_label, self.app.settings.show_reasoning,
                                 self.view is None or not self.view.labels_left_out,
                                 self.shown_decision())
        if self.message and (self.review.active or not self.match.over):
            return Status(status.headline, self.message, self.message_bad)
        return status

    def short_headline(self) -> str | None:
        """The status headline in fewer words, or None (see :func:`play_status.short_headline`)."""
        if self.review.active:
            return review_short_headline(self.match, self.review, self.presenter)
        return short_headline(self.match, self.turns, self.presenter)

    def layout(self) -> None:
        """Place the board, side panel and buttons for the window size (only when an input of
        the layout changed: see :func:`~game.ui.scenes.play_key.layout_key`)."""
        self._layout.run(layout_key(self), self._place, lambda: layout_parts(self))

    def _place(self) -> None:
        w, h = self.app.size
        m = self.app.metrics
        pad = m.pad
        status_h = status_height(m, self.app.size)
        if self.view is not None:  # the score labels' size (see board_context), large text
            self.view.label_px, self.view.compact = m.body, large_text(m, self.app.size)
        side_w = panel_width(self, status_h)
        self.panel.layout(pygame.Rect(w - side_w - pad * 2, pad * 2, side_w, h - pad * 4))
        left_w = self.panel.rect.left - pad * 4
        self.board_rect = pygame.Rect(pad * 2, pad * 2 + status_h, left_w,
                                      h - status_h - pad * 4)
        self.board_rect = self.banner.layout(self.board_rect)
        if self.banner.reason_lines:
            # The end's reason is in the banner (see PlayBanner.layout): the status line's
            # room for it goes to the board.
            room = detail_room(m, self.app.size)
            self.board_rect = self.board_rect.inflate(0, room).move(0, -room // 2)
        if self.view is not None:
            self.view.layout(self.board_rect, self.board_state)
        self.legend_rect = legend_strip(self)

    def notice_area(self) -> pygame.Rect:
        """Notices over the status line, no button covered (at the bottom they hid Undo for 3
        s); on a finished game over the panel's reasoning, which they may fill (QA17 6)."""
        if self.match.over:  # (under the end's reason when the panel says it, QA18 20)
            area = pygame.Rect(self.panel.moves_rect)
            reason = self.banner.reason_box(area, area.top)
            return area if reason is None else area.clip(area.move(0, reason[2].height))
        return pygame.Rect(self.board_rect.left, self.app.metrics.pad, self.board_rect.width, 0)

    def shown_decision(self) -> ShownDecision | None:
        """The scores the board shows (see :func:`~game.ui.scenes.play_status.scored_decision`);
        the AI's played move's until the person starts answering (see :func:`answering`)."""
        shown = scored_decision(self.match, self.turns, self.presenter, self.app.settings)
        if shown is not None and shown.played and answering(self.turns, self.input):
            return None
        return shown

    def legend_rows(self) -> list[LegendRow]:
        """What the numbers on the board mean, from the mover's side (empty: no numbers)."""
        shown = self.shown_decision()
        mover = self.presenter.side_name(shown.mover) if shown is not None else ""
        return board_legend(shown, mover, self.view)

    def board_context(self) -> BoardContext:
        """What the board view needs besides the state (see :mod:`play_board`)."""
        return board_context(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        # The board first: the status line reads where the REVIEW tag goes (see tag_spot).
        m = self.app.metrics
        if self.view is not None:
            try:
                self.view.draw(surface, self.board_state, self.board_context())
            except (NotImplementedError, pygame.error, ValueError) as exc:
                self.view_error = str(exc)
                self.view = None
        if self.view is None:
            text.blit_text(surface, tr("play.no_board", error=self.view_error or ""), m.body,
                           self.app.theme.danger, self.board_rect.center, "center",
                           max_width=self.board_rect.width)
        draw_status(surface, self)
        draw_over_board(surface, self)
        self.panel.draw(surface)
        self.banner.draw(surface)
        widgets.draw_all(self.buttons(), surface, self.app.theme)
