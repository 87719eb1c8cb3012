"""The play screen, the same for all four games.

The board (drawn by the game's board view) fills the left of the window; the status line above
it says in plain words what is happening; the side panel shows both seats with their piece
counts, the AI-vs-AI controls, the AI's reasoning and the move list; the buttons below it undo,
hint, restart and go back to the menu.

AI decisions come from :class:`ai.worker.Worker` threads (one for the seats, one for hints) that
this scene polls every frame; a stale result (after Undo or Restart) is dropped by the worker,
and a result for a state that is no longer on the board is ignored here too. Closing the scene
cancels both workers.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ai.base import Decision, Limits, Player
from ai.registry import PlayerSpecError, players_for
from ai.worker import Worker, WorkerResult
from game.rules.base import Outcome, RulesError
from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.reasoning import plural, reasoning_lines
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.match import HUMAN, Match, hint_player, make_seat
from game.ui.scenes.menu import LadderStepper, player_description, player_title, seat_title
from game.ui.scenes.settings import delay_label
from game.ui.settings import AI_DELAYS
from game.ui.theme import Colour, Theme, blend, disc_rim
from game.ui.widgets import Button, Toggle, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.boards.base import BoardView, InputController

#: Pause after a move before a human-vs-AI opponent starts thinking, so the move is seen.
HUMAN_GAME_AI_DELAY = 0.35
#: How long a refused click's reason, or a pass, stays on the status line.
MESSAGE_SECONDS = 2.5
#: How long an automatic pass is shown before it is played.
AUTO_PASS_SECONDS = 1.2
#: Othello's flip animation length.
ANIMATION_SECONDS = 0.25
#: How long an AI's scores stay on the board before its move, with "Show AI reasoning" on.
REVEAL_SECONDS = 1.2
HINT_TIME = 1.0


def side_name(game: str, side: int, fallback: tuple[str, str]) -> str:
    """The translated name of ``side`` in ``game`` ("White", "Noir", "Joueur 1")."""
    key = f"game.{game}.side{side}"
    name = tr(key)
    return fallback[side] if name == key else name


def side_colour(game: str, side: int, theme: Theme) -> Colour:
    """The colour of ``side``'s pieces as the board draws them (Othello's first player is
    Black, the dark piece colour; in the other games the first player has the light one)."""
    light_first = game != "othello"
    return theme.piece0 if (side == 0) == light_first else theme.piece1


def describe_options(game: str, options: Any) -> str:
    """The game's options in a few translated words ("8×8", "Marienbad 1 3 5 7, misère")."""
    if game == "hexapawn":
        return tr("describe.board", rows=options.rows, cols=options.cols)
    if game in ("morpion", "othello"):
        text_ = tr("describe.board", rows=options.size, cols=options.size)
        return tr("describe.morpion", board=text_, n=options.size) if game == "morpion" else text_
    if game == "nim":
        variant = tr(f"option.nim.variant.{options.variant}")
        if options.variant == "marienbad":
            detail = " ".join(str(h) for h in options.heaps)
        elif options.variant == "single":
            detail = tr("describe.take", k=options.max_take)
        else:
            detail = ""
        words = f"{variant} {detail}".strip()
        return f"{words}, {tr('describe.misere')}" if options.misere else words
    return str(options)


def is_pass(move: Any) -> bool:
    """True for Othello's pass move."""
    return bool(getattr(move, "is_pass", False))


def move_text(move: Any) -> str:
    """A move as the status line, the move list and the reasoning show it: Othello's pass in
    words, a Nim move as matches taken ("2 matches", "heap 3: 2") rather than a bare "2"."""
    if is_pass(move):
        return tr("play.pass_move")
    count, heap = getattr(move, "count", None), getattr(move, "heap", None)
    if isinstance(count, int) and isinstance(heap, int):
        if getattr(move, "multi_heap", False):
            return tr("play.nim_heap_move", heap=heap + 1, n=count)
        return plural("play.nim_move", count)
    return str(move)


def is_capture(state_before: Any, move: Any) -> bool:
    """True when ``move`` captured or flipped something (for the sound)."""
    if getattr(move, "is_capture", False):
        return True
    return bool(hasattr(state_before, "flips_mask") and not is_pass(move))


def side_summary(game: str, state: Any, side: int) -> str:
    """What a seat has on the board: pawns, discs, pieces placed and in hand ('' for Nim)."""
    if game == "morpion":
        placed = len(state.pieces(side))
        return tr("play.count.morpion", placed=placed, hand=state.in_hand(side))
    if game in ("hexapawn", "othello") and hasattr(state, "count"):
        return plural(f"play.count.{game}", state.count(side))
    return ""


def nim_summary(state: Any) -> str:
    """Matches left in Nim ("12 matches left")."""
    heaps = getattr(state, "heaps", ())
    return plural("play.count.nim", sum(heaps)) if heaps else ""


def outcome_texts(game: str, state: Any, outcome: Outcome,
                  sides: tuple[str, str]) -> tuple[str, str]:
    """The end-of-game headline and reason in words ("Black wins 36–28", "Draw: ...")."""
    if outcome.winner is None:
        headline = tr("outcome.draw")
    else:
        headline = tr("outcome.wins", side=sides[outcome.winner])
    if game == "othello" and hasattr(state, "count"):
        b, w = state.count(0), state.count(1)
        if outcome.winner is None:
            headline = tr("outcome.draw_score", a=b, b=w)
        else:
            hi, lo = max(b, w), min(b, w)
            headline = tr("outcome.wins_score", side=sides[outcome.winner], a=hi, b=lo)
    key = f"reason.{outcome.reason}"
    winner = sides[outcome.winner] if outcome.winner is not None else ""
    loser = sides[1 - outcome.winner] if outcome.winner is not None else ""
    reason = tr(key, winner=winner, loser=loser)
    if reason == key:
        reason = outcome.message
    return headline, reason


class PlayScene(Scene):
    """A game in progress."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.game = match.info.name
        self.worker = Worker()
        self.hint_worker = Worker()
        self._hint_player: Player | None = None
        self.view: BoardView | None = None
        self.view_error: str | None = None
        self._make_view()
        self.controller: InputController | None = None
        self.paused = False
        self.step_once = False
        self.wait = 0.0
        self.clock = 0.0
        self.wait = self.delay()
        self.thinking_since: float | None = None
        self.pending: Decision | None = None
        self.reveal_left = 0.0
        self.reasoning: Decision | None = None
        self.reasoning_seat: int | None = None
        #: How many facts of the reasoning the last frame showed (they go whole or not at all).
        self.reasoning_facts = 0
        self.hint_move: Any = None
        self.hint_thinking = False
        self.message: str | None = None
        self.message_left = 0.0
        self.message_bad = False
        self.ai_error: tuple[int, str] | None = None
        self.auto_pass_left: float | None = None
        self.anim = 1.0
        self.previous_state: Any = None
        self.end_done = False
        self.scroll = 0
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.seat_rects: list[pygame.Rect] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.banner_rect: pygame.Rect | None = None
        self.hover: tuple[int, int] | None = None
        self.undo_button = Button(lambda: tr("play.undo"), self.undo)
        self.hint_button = Button(lambda: tr("play.hint"), self.ask_hint)
        self.restart_button = Button(lambda: tr("play.restart"), self.restart)
        self.menu_button = Button(lambda: tr("play.menu"), self.to_menu)
        self.rules_button = Button(lambda: tr("play.rules"), self.open_rules)
        self.pause_button = Button(lambda: tr("play.resume") if self.paused else tr("play.pause"),
                                   self.toggle_pause)
        self.step_button = Button(lambda: tr("play.step"), self.step)
        # The speed stepper walks the preset delays; its "+" means faster (a shorter delay),
        # like the + key, so it works on the negated delay.
        self.speed_stepper = LadderStepper(
            lambda: tr("play.speed"), lambda: -self.app.settings.ai_delay,
            self._set_delay, sorted(-d for d in AI_DELAYS), lambda v: delay_label(-v))
        self.reasoning_toggle = Toggle(lambda: tr("play.show_reasoning"),
                                       lambda: self.app.settings.show_reasoning,
                                       self._set_reasoning)
        self.again_button = Button(lambda: tr("play.again"), self.restart, primary=True)
        self.banner_menu_button = Button(lambda: tr("play.menu"), self.to_menu)
        self.retry_button = Button(lambda: tr("play.retry"), self.retry_ai, primary=True)
        self.change_button = Button(lambda: tr("play.change_player"), self.change_failed_seat)

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

    def sides(self) -> tuple[str, str]:
        """The translated names of both sides."""
        fallback = self.match.info.side_names
        return side_name(self.game, 0, fallback), side_name(self.game, 1, fallback)

    def seat_label(self, seat: int) -> str:
        """The display name of the player in ``seat``."""
        return seat_title(self.match.seats[seat].spec, self.game, self.match.options)

    def say(self, message: str, bad: bool = False) -> None:
        """Show ``message`` on the status line for a moment."""
        self.message = message
        self.message_left = MESSAGE_SECONDS
        self.message_bad = bad

    def delay(self) -> float:
        """Seconds to wait before the next AI move (against a human, a short pause so the
        human's move is seen, unless the speed is set to instant)."""
        delay = self.app.settings.ai_delay
        return delay if self.match.ai_vs_ai else min(delay, HUMAN_GAME_AI_DELAY)

    def cancel_thinking(self) -> None:
        """Cancel the AI's search and the hint's (Undo, Restart, Menu, quit)."""
        self.worker.cancel()
        self.hint_worker.cancel()
        self.thinking_since = None
        self.hint_thinking = False
        self.pending = None
        self.hint_move = None
        self.step_once = False

    def _reset_turn(self) -> None:
        self.controller = None
        self.auto_pass_left = None
        self.wait = self.delay()
        self.end_done = False
        self.anim = 1.0
        self.previous_state = None

    # -- actions --------------------------------------------------------------------------------

    def apply_move(self, move: Any, decision: Decision | None = None) -> bool:
        """Play ``move`` on the board; False (with the reason shown) if the rules refuse it."""
        before = self.state
        try:
            self.match.play(move, decision)
        except RulesError as exc:
            self.say(str(exc), bad=True)
            return False
        self.previous_state = before
        self.anim = 0.0 if self.app.settings.animations else 1.0
        self.controller = None
        self.auto_pass_left = None
        self.hint_worker.cancel()
        self.hint_thinking = False
        self.hint_move = None
        self.pending = None
        self.wait = self.delay()
        self.step_once = False
        self.scroll = 0
        if is_pass(move):
            mover = self.sides()[before.to_move]
            self.say(tr("play.passes", side=mover))
        self.app.play_sound("capture" if is_capture(before, move) else "move")
        return True

    def undo(self) -> None:
        """Take back moves to the last human decision (one move in AI vs AI, then pause)."""
        if not self.match.undo_target():
            self.say(tr("play.nothing_to_undo"), bad=True)
            return
        self.cancel_thinking()
        self.match.undo()
        self.ai_error = None
        self.reasoning = None
        self._reset_turn()
        if self.match.ai_vs_ai:
            self.paused = True

    def restart(self) -> None:
        """A new game with the same seats."""
        self.cancel_thinking()
        self.match.restart()
        self.ai_error = None
        self.reasoning = None
        self._reset_turn()
        self.paused = False
        self.wait = self.delay()

    def to_menu(self) -> None:
        """Back to the menu (the search is cancelled by on_close)."""
        from game.ui.scenes.menu import MenuScene

        self.app.replace(MenuScene(self.app))

    def open_rules(self) -> None:
        """This game's rules page."""
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game, self.match.options))

    def toggle_pause(self) -> None:
        """Pause or resume an AI-vs-AI game."""
        if self.match.ai_vs_ai:
            self.paused = not self.paused

    def step(self) -> None:
        """Play one AI move while paused (pauses first if running)."""
        if not self.match.ai_vs_ai or self.match.over:
            return
        self.paused = True
        if self.pending is not None:
            self.reveal_left = 0.0
        self.step_once = True

    def change_speed(self, direction: int) -> None:
        """Slower (+1) or faster (-1) AI moves, along the preset delays."""
        current = self.app.settings.ai_delay
        index = min(range(len(AI_DELAYS)), key=lambda i: abs(AI_DELAYS[i] - current))
        index = max(0, min(len(AI_DELAYS) - 1, index + direction))
        self.app.settings.ai_delay = AI_DELAYS[index]
        self.wait = min(self.wait, self.app.settings.ai_delay)
        self.app.save_settings()

    def _set_delay(self, negated: float) -> None:
        self.app.settings.ai_delay = -negated
        self.wait = min(self.wait, self.app.settings.ai_delay)
        self.app.save_settings()

    def _set_reasoning(self, on: bool) -> None:
        self.app.settings.show_reasoning = on
        self.app.save_settings()

    def ask_hint(self) -> None:
        """Ask the strongest available AI for a move, drawn on the board."""
        if not self.match.human_to_move:
            self.say(tr("play.hint_human_only"), bad=True)
            return
        if self._hint_player is None:
            self._hint_player = hint_player(self.game, self.match.options)
        if self._hint_player is None:
            self.say(tr("play.no_hint"), bad=True)
            return
        self.hint_move = None
        self.hint_worker.request(self._hint_player, self.state, Limits(time=HINT_TIME))
        self.hint_thinking = True

    def retry_ai(self) -> None:
        """Ask the failed AI again."""
        self.ai_error = None
        self.wait = 0.0

    def change_failed_seat(self) -> None:
        """Choose another player for the seat whose AI failed."""
        if self.ai_error is not None:
            self.choose_player(self.ai_error[0])

    def choose_player(self, seat: int) -> None:
        """Open the list of players for ``seat``; the game goes on with the new one."""
        try:
            infos = players_for(self.game, self.match.options)
        except PlayerSpecError as exc:
            self.say(str(exc), bad=True)
            return
        items: list[tuple[Any, str, str]] = [(HUMAN, tr("seat.human"), tr("seat.human_desc"))]
        items += [(i.name, player_title(i), player_description(i)) for i in infos]
        current = self.match.seats[seat].name
        title = tr("play.choose_for", side=self.sides()[self.match.side_of_seat(seat)])
        self.app.push(ListPopup(self.app, title, items, current,
                                lambda name: self.set_seat(seat, str(name))))

    def set_seat(self, seat: int, spec: str) -> None:
        """Seat a new player (with default parameters) in ``seat``; the game continues."""
        try:
            new = make_seat(spec, self.game, self.match.options)
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.say(str(exc), bad=True)
            return
        if self.match.seat_index(self.state.to_move) == seat:
            self.cancel_thinking()
        self.match.replace_seat(seat, new)
        if self.ai_error is not None and self.ai_error[0] == seat:
            self.ai_error = None
        self.controller = None
        self.wait = self.delay()
        if not self.match.ai_vs_ai:
            self.paused = False

    # -- events ---------------------------------------------------------------------------------

    def buttons(self) -> list[Widget]:
        """Every active widget, in event order."""
        result: list[Widget] = [self.undo_button, self.hint_button, self.restart_button,
                                self.menu_button, self.rules_button, self.reasoning_toggle]
        if self.match.ai_vs_ai:
            result += [self.pause_button, self.step_button, self.speed_stepper]
        if self.match.over:
            result += [self.again_button, self.banner_menu_button]
        elif self.ai_error is not None:
            result += [self.retry_button, self.change_button]
        return result

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.moves_rect.collidepoint(widgets.mouse()):
                self.scroll = max(0, self.scroll + int(event.y))
            return
        if event.type != pygame.MOUSEBUTTONDOWN:
            return
        self.hover = event.pos
        if event.button == 3:
            if self.controller is not None:
                self.controller.cancel()
            return
        if event.button != 1:
            return
        if widgets.handle_all(self.buttons(), event):
            return
        for seat, rect in enumerate(self.seat_rects):
            if rect.collidepoint(event.pos):
                self.choose_player(seat)
                return
        if self.board_rect.collidepoint(event.pos) or self.controller is not None:
            self.click_board(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if key == pygame.K_ESCAPE:
            if self.controller is not None and self.controller.selected() is not None:
                self.controller.cancel()
            elif self.match.moves and not self.match.over:
                # A stray Esc must not throw away a class's game: ask first.
                self.app.push(MessageDialog(self.app, tr("play.leave_title"),
                                            tr("play.leave_text"), [
                    (lambda: tr("play.leave"), self.to_menu),
                    (lambda: tr("play.stay"), lambda: None),
                ]))
            else:
                self.to_menu()
        elif key == pygame.K_z and ctrl:
            self.undo()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key == pygame.K_r and not ctrl:
            self.restart()
        elif key == pygame.K_SPACE:
            self.toggle_pause()
        elif key == pygame.K_RIGHT:
            self.step()
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.change_speed(-1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(+1)

    def click_board(self, pos: tuple[int, int]) -> None:
        """A click at ``pos``: give the board element to the input controller."""
        if self.match.over or self.view is None:
            return
        if not self.match.human_to_move:
            if self.board_rect.collidepoint(pos):
                self.say(tr("play.wait_for_ai"), bad=True)
            return
        controller = self._controller()
        if controller is None:
            return
        element = self.view.hit(pos, self.state)
        result = controller.click(element)
        if result.move is not None:
            self.apply_move(result.move)
        elif result.message_key:
            self.say(tr(result.message_key), bad=True)
            self.app.play_sound("error")
        elif result.changed:
            self.app.play_sound("click")

    def _controller(self) -> InputController | None:
        if self.view is None or not self.match.human_to_move:
            return None
        if self.controller is None or self.controller.state != self.state:
            self.controller = self.view.controller(self.state)
        return self.controller

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.anim < 1.0:
            self.anim = min(1.0, self.anim + dt / ANIMATION_SECONDS)
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
        self._poll_hint()
        if self.match.over:
            self._finish()
            return
        result = self.worker.poll()
        if result is not None:
            self._take_result(result)
            if self.match.over:
                self._finish()
                return
        if self.pending is not None:
            self.reveal_left -= dt
            if self.reveal_left <= 0 and (not self.paused or self.step_once):
                decision = self.pending
                self.pending = None
                self.apply_move(decision.move, decision)
            return
        if self.match.human_to_move:
            self._human_turn(dt)
        else:
            self._ai_turn(dt)

    def _poll_hint(self) -> None:
        result = self.hint_worker.poll()
        if result is None:
            return
        self.hint_thinking = False
        if result.decision is not None and result.state == self.state:
            self.hint_move = result.decision.move
            self.say(tr("play.hint_is", move=move_text(self.hint_move)))
        elif result.error is not None:
            self.say(tr("play.hint_failed", error=str(result.error)), bad=True)

    def _human_turn(self, dt: float) -> None:
        self._controller()
        moves = self.state.legal_moves()
        if len(moves) == 1 and is_pass(moves[0]):
            if self.auto_pass_left is None:
                self.auto_pass_left = AUTO_PASS_SECONDS
                self.say(tr("play.passes", side=self.sides()[self.state.to_move]))
            self.auto_pass_left -= dt
            if self.auto_pass_left <= 0:
                self.apply_move(moves[0])

    def _ai_turn(self, dt: float) -> None:
        if self.ai_error is not None or self.worker.current_id or self.match.over:
            return
        if self.paused and not self.step_once:
            return
        self.wait -= dt
        if self.wait > 0 and not self.step_once:
            return
        seat = self.match.to_move_seat
        if seat.player is None:
            return
        self.worker.request(seat.player, self.state)
        self.thinking_since = self.clock

    def _take_result(self, result: WorkerResult) -> None:
        self.thinking_since = None
        if result.state != self.state:
            return  # the board changed meanwhile: this answer is for another position
        seat = self.match.seat_index(self.state.to_move)
        if result.error is not None:
            name = self.seat_label(seat)
            self.ai_error = (seat, tr("play.ai_failed", player=name,
                                      error=f"{type(result.error).__name__}: {result.error}"))
            self.app.play_sound("error")
            return
        decision = result.decision
        if decision is None:
            return
        if decision.move not in self.state.legal_moves():
            self.ai_error = (seat, tr("play.ai_illegal", player=self.seat_label(seat),
                                      move=move_text(decision.move)))
            return
        self.reasoning = decision
        self.reasoning_seat = seat
        if self.app.settings.show_reasoning and decision.scores:
            self.pending = decision
            self.reveal_left = max(REVEAL_SECONDS, self.delay()) if not self.step_once else 0.6
        else:
            self.apply_move(decision.move, decision)

    def _finish(self) -> None:
        if self.end_done:
            return
        self.end_done = True
        self.thinking_since = None
        self.controller = None
        self.app.play_sound("end")
        for error in self.match.teach_learners():
            self.say(tr("play.learn_failed", error=error), bad=True)

    def on_close(self) -> None:
        self.worker.shutdown()
        self.hint_worker.shutdown()

    def on_settings_changed(self) -> None:
        self._make_view()

    # -- drawing --------------------------------------------------------------------------------

    def status(self) -> tuple[str, str, bool]:
        """The status line: a headline, a detail (what to click, why not) and whether the detail
        reports a problem."""
        sides = self.sides()
        if self.match.over:
            outcome = self.state.outcome
            assert outcome is not None
            headline, reason = outcome_texts(self.game, self.state, outcome, sides)
            return headline, reason, False
        side = sides[self.state.to_move]
        detail = ""
        if self.ai_error is not None:
            return tr("play.ai_turn", side=side), tr("play.ai_stopped"), True
        if self.match.human_to_move:
            headline = tr("play.human_turn", side=side)
            controller = self._controller()
            detail = tr(controller.prompt_key()) if controller is not None else ""
            if self.hint_thinking:
                detail = tr("play.hint_thinking")
        elif self.pending is not None:
            headline = tr("play.ai_chose", side=side, move=move_text(self.pending.move))
        elif self.paused and not self.step_once:
            headline = tr("play.ai_turn", side=side)
            detail = tr("play.paused")
        elif self.thinking_since is not None:
            player = self.seat_label(self.match.seat_index(self.state.to_move))
            headline = tr("play.ai_thinking", side=side, player=player)
        else:
            headline = tr("play.ai_turn", side=side)
        if self.message:
            return headline, self.message, self.message_bad
        return headline, detail, False

    def layout(self) -> None:
        """Place the board, side panel and buttons for the window size."""
        w, h = self.app.size
        m = self.app.metrics
        pad = m.pad
        status_h = int(m.heading * 1.4 + m.body * 1.5)
        side_w = int(w * 0.32)
        self.panel_rect = pygame.Rect(w - side_w - pad * 2, pad * 2, side_w, h - pad * 4)
        left_w = self.panel_rect.left - pad * 4
        self.board_rect = pygame.Rect(pad * 2, pad * 2 + status_h, left_w,
                                      h - status_h - pad * 4)
        if self.view is not None:
            self.view.layout(self.board_rect, self.state)
        # Side panel from top: title row, two seats, AI controls, reasoning, moves, buttons.
        p = self.panel_rect
        inner_x = p.left + pad * 2
        inner_w = p.width - pad * 4
        row = int(m.body * 2.0)
        y = p.top + pad + int(m.heading * 1.5)
        self.rules_button.place(pygame.Rect(p.right - pad * 2 - int(inner_w * 0.3),
                                            p.top + pad, int(inner_w * 0.3),
                                            int(m.heading * 1.3)), m.small)
        seat_h = int(m.body * 2.9)
        self.seat_rects = []
        for _ in (0, 1):
            self.seat_rects.append(pygame.Rect(inner_x, y, inner_w, seat_h))
            y += seat_h + pad
        if self.match.ai_vs_ai:
            # Nothing to pause or step once the game is over: greyed, not hidden, so the
            # panel does not jump.
            self.pause_button.enabled = self.step_button.enabled = not self.match.over
            bw = (inner_w - pad) // 2
            self.pause_button.place(pygame.Rect(inner_x, y, bw, row), m.body)
            self.step_button.place(pygame.Rect(inner_x + bw + pad, y, bw, row), m.body)
            y += row + pad // 2
            self.speed_stepper.place(pygame.Rect(inner_x, y, inner_w, row), m.body)
            y += row + pad
        self.reasoning_toggle.place(pygame.Rect(inner_x, y, inner_w, row), m.body)
        y += row + pad // 2
        buttons_h = row * 2 + pad
        bottom = p.bottom - pad * 2 - buttons_h
        bw2 = (inner_w - pad) // 2
        for i, b in enumerate((self.undo_button, self.hint_button, self.restart_button,
                               self.menu_button)):
            b.place(pygame.Rect(inner_x + (i % 2) * (bw2 + pad), bottom + (i // 2) * (row + pad),
                                bw2, row), m.body)
        self.moves_rect = pygame.Rect(inner_x, y, inner_w, bottom - pad - y)
        # End-of-game banner and AI-error box: a strip below the board, which shrinks for it,
        # so the final position stays fully visible.
        self.banner_rect = None
        if self.match.over or self.ai_error is not None:
            board = self.board_rect
            first, second = ((self.again_button, self.banner_menu_button) if self.match.over
                             else (self.retry_button, self.change_button))
            bw3 = max(int(board.width * 0.22),
                      *(text.size(b.label(), m.body, True)[0] + row // 2
                        for b in (first, second)))
            line_h = text.font(m.small).get_linesize()
            if self.match.over:
                # One row: headline and reason on the left, the buttons on the right.
                bh = max(row + pad * 2, int(line_h * 3.2) + pad * 2)
            else:
                # The error in full on top, the buttons below it.
                assert self.ai_error is not None
                lines = len(text.wrap(self.ai_error[1], board.width - pad * 4, m.small))
                bh = min(lines, 4) * line_h + row + pad * 4
            self.banner_rect = pygame.Rect(board.left, board.bottom - bh, board.width, bh)
            self.board_rect = pygame.Rect(board.left, board.top, board.width,
                                          board.height - bh - pad * 2)
            if self.view is not None:
                self.view.layout(self.board_rect, self.state)
            band = self.banner_rect
            by = (band.centery - row // 2 if self.match.over
                  else band.bottom - pad * 2 - row)
            second.place(pygame.Rect(band.right - pad * 2 - bw3, by, bw3, row), m.body)
            first.place(pygame.Rect(band.right - pad * 3 - 2 * bw3, by, bw3, row), m.body)

    def board_context(self) -> Any:
        """What the board view needs besides the state."""
        from game.ui.boards.base import BoardContext

        scores = None
        kind = "value"
        if self.pending is not None:
            scores, kind = self.pending.scores, self.pending.score_kind
        elif (self.app.settings.show_reasoning and not self.match.over
              and not self.match.human_to_move):
            seat = self.match.to_move_seat
            if seat.player is not None and seat.learner:
                table = seat.player.table_view(self.state)
                if table:
                    # The learner's own kind ("allowed", "beads", "q") so the labels read as
                    # ticks, bead counts or signed Q-values, as in its decisions.
                    scores = dict(table)
                    kind = str(getattr(seat.player, "score_kind", "value"))
        return BoardContext(
            theme=self.app.theme,
            hover=self.hover,
            controller=self.controller if self.match.human_to_move else None,
            last_move=self.match.last_move,
            hint_move=self.hint_move if self.hint_move is not None else (
                self.pending.move if self.pending is not None else None),
            scores=scores,
            score_kind=kind,
            show_legal=True,
            anim=self.anim,
            previous_state=self.previous_state if self.anim < 1.0 else None,
            interactive=self.match.human_to_move,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        # Status line.
        headline, detail, bad = self.status()
        top = pad * 2
        x = self.board_rect.left
        if self.thinking_since is not None or self.hint_thinking:
            self._spinner(surface, (x + m.heading // 2, top + m.heading * 2 // 3),
                          m.heading // 2)
            x += m.heading + pad
        text.blit_text(surface, headline, m.heading, theme.accent if self.match.over
                       else theme.text, (x, top), bold=True,
                       max_width=self.board_rect.right - x)
        if detail:
            text.blit_text(surface, detail, m.body, theme.danger if bad else theme.text_muted,
                           (self.board_rect.left, top + int(m.heading * 1.35)),
                           bold=bad, max_width=self.board_rect.width)
        # Board.
        if self.view is not None:
            try:
                self.view.draw(surface, self.state, self.board_context())
            except (NotImplementedError, pygame.error, ValueError) as exc:
                self.view_error = str(exc)
                self.view = None
        if self.view is None:
            text.blit_text(surface, tr("play.no_board", error=self.view_error or ""), m.body,
                           theme.danger, self.board_rect.center, "center",
                           max_width=self.board_rect.width)
        self._draw_panel(surface)
        if self.banner_rect is not None:
            self._draw_banner(surface)
        widgets.draw_all(self.buttons(), surface, theme)

    def _spinner(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        """The animated "thinking" indicator."""
        theme = self.app.theme
        for i in range(8):
            angle = self.clock * 6.0 + i * math.pi / 4
            fade = (i + 1) / 8
            pos = (centre[0] + math.cos(angle) * radius * 0.75,
                   centre[1] + math.sin(angle) * radius * 0.75)
            pygame.draw.circle(surface, blend(theme.panel, theme.accent, fade), pos,
                               max(2, radius // 4))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        p = self.panel_rect
        draw_panel(surface, p, theme, m.radius)
        title = tr(f"game.{self.game}.title")
        describe = describe_options(self.game, self.match.options)
        text.blit_text(surface, title, m.heading, theme.accent, (p.left + pad * 2, p.top + pad),
                       bold=True, max_width=self.rules_button.rect.left - p.left - pad * 3)
        sides = self.sides()
        for seat, rect in enumerate(self.seat_rects):
            side = self.match.side_of_seat(seat)
            to_move = not self.match.over and self.state.to_move == side
            hover = rect.collidepoint(widgets.mouse())
            fill = blend(theme.panel, theme.accent, 0.18) if to_move else (
                theme.button_hover if hover else theme.button)
            draw_panel(surface, rect, theme, m.radius, fill,
                       theme.accent if to_move else theme.panel_border, 3 if to_move else 2)
            disc_r = int(rect.height * 0.24)
            centre = (rect.left + pad + disc_r, rect.top + rect.height // 2)
            piece = side_colour(self.game, side, theme)
            pygame.draw.circle(surface, piece, centre, disc_r)
            # A rim that stands out from the card: the contrast theme's black disc on its
            # black card was invisible.
            rim = disc_rim(piece, fill, theme.piece_outline, theme)
            pygame.draw.circle(surface, rim, centre, disc_r, max(2, m.line, disc_r // 6))
            tx = centre[0] + disc_r + pad
            tw = rect.right - tx - pad
            summary = side_summary(self.game, self.state, side)
            name_rect = text.blit_text(surface, sides[side], m.body, theme.text,
                                       (tx, rect.top + pad // 2), bold=True, max_width=tw)
            if summary:
                # The counts in regular weight after the name, shrinking to the small size
                # before anything is cut ("X · 3 placed, 0 in hand" at 1024x640).
                sx = name_rect.right
                text.blit_text(surface, f" · {summary}", m.body, theme.text,
                               (sx, name_rect.bottom), "bottomleft",
                               max_width=max(1, rect.right - pad - sx), min_px=m.small)
            who = self.seat_label(seat)
            if to_move and self.thinking_since is not None:
                elapsed = self.clock - self.thinking_since
                who = tr("play.thinking_for", player=who, s=f"{elapsed:.1f}")
                self._spinner(surface, (rect.right - pad - m.small // 2,
                                        rect.top + pad // 2 + m.body // 2), m.small // 2)
            # While thinking the spinner takes the right end of the line.
            who_w = tw - (m.small + pad // 2 if to_move and self.thinking_since is not None
                          else 0)
            text.blit_text(surface, who, m.small, theme.text_muted,
                           (tx, rect.bottom - pad // 2), "bottomleft", max_width=who_w,
                           min_px=int(m.small * 0.85))
        y = self.moves_rect.top
        reasoning = self.app.settings.show_reasoning
        if reasoning:
            y = self._draw_reasoning(surface, y)
        # With the reasoning on, the board size line gives its room to the reasoning (the
        # board shows its size); Nim's heap summary stays, it is what the class counts with.
        if self.game == "nim" or not reasoning:
            extra = nim_summary(self.state) if self.game == "nim" else describe
            text.blit_text(surface, extra, m.small, theme.text_muted, (self.moves_rect.left, y),
                           max_width=self.moves_rect.width)
            y += int(text.font(m.small).get_linesize() * 1.2)
        self._draw_moves(surface, pygame.Rect(self.moves_rect.left, y, self.moves_rect.width,
                                              self.moves_rect.bottom - y))

    def _draw_reasoning(self, surface: pygame.Surface, y: int) -> int:
        """The last AI decision in words (see :mod:`game.ui.reasoning`); return the next y."""
        theme = self.app.theme
        m = self.app.metrics
        line_h = text.font(m.small).get_linesize()
        d = self.pending or self.reasoning
        width = self.moves_rect.width - 2 * m.pad
        lines: list[str] = []
        if d is None:
            paragraphs = [tr("play.reasoning_none")]
        else:
            who = (self.sides()[self.match.side_of_seat(self.reasoning_seat)]
                   if self.reasoning_seat is not None else "")
            paragraphs = reasoning_lines(d, who, move_text)
        # Keep room for one row of the move list (the latest moves) and Nim's heap line: with
        # the reasoning on, the class is watching how the AI decides more than the list.
        kept = 1 + (1 if self.game == "nim" else 0)
        room = max(2, (self.moves_rect.bottom - y - m.pad) // line_h - kept)
        self.reasoning_facts = 0
        for paragraph in paragraphs:
            # Wrapped rather than cut, and only whole paragraphs: a narrow window (1024x640)
            # shows fewer facts, never half a sentence. The first one always shows.
            wrapped = text.wrap(paragraph, width, m.small)
            if lines and len(lines) + len(wrapped) > room:
                break
            lines += wrapped[:room]
            self.reasoning_facts += 1
        box = pygame.Rect(self.moves_rect.left, y, self.moves_rect.width,
                          line_h * len(lines) + m.pad)
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), box,
                         border_radius=m.radius)
        ty = y + m.pad // 2
        for line in lines:
            text.blit_text(surface, line, m.small, theme.text, (box.left + m.pad, ty),
                           max_width=width)
            ty += line_h
        return box.bottom + m.pad // 2

    def _draw_moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The move list, one row per pair of moves, the latest at the bottom."""
        theme = self.app.theme
        m = self.app.metrics
        if rect.height < m.small:
            return
        line_h = text.font(m.small).get_linesize()
        moves = [move_text(mv) for mv in self.match.moves]
        pairs = [moves[i:i + 2] for i in range(0, len(moves), 2)]
        fits = max(1, rect.height // line_h)
        self.scroll = max(0, min(self.scroll, max(0, len(pairs) - fits)))
        end = len(pairs) - self.scroll
        shown = pairs[max(0, end - fits):end]
        first_number = max(0, end - fits) + 1
        y = rect.top
        col = rect.width // 8
        if not moves:
            text.blit_text(surface, tr("play.no_moves_yet"), m.small, theme.text_muted,
                           (rect.left, y), max_width=rect.width)
        for i, pair in enumerate(shown):
            n = first_number + i
            text.blit_text(surface, f"{n}.", m.small, theme.text_muted, (rect.left, y))
            for j, mv in enumerate(pair):
                latest = (n - 1) * 2 + j == len(moves) - 1
                text.blit_text(surface, mv, m.small, theme.accent if latest else theme.text,
                               (rect.left + col + j * int(rect.width * 0.45), y),
                               bold=latest, max_width=int(rect.width * 0.44))
            y += line_h

    def _draw_banner(self, surface: pygame.Surface) -> None:
        assert self.banner_rect is not None
        theme = self.app.theme
        m = self.app.metrics
        b = self.banner_rect
        draw_panel(surface, b, theme, m.radius, theme.panel,
                   theme.accent if self.match.over else theme.danger, 3)
        if self.match.over:
            area = pygame.Rect(b.left + m.pad * 2, b.top + m.pad,
                               self.again_button.rect.left - b.left - m.pad * 4,
                               b.height - 2 * m.pad)
        else:
            area = pygame.Rect(b.left + m.pad * 2, b.top + m.pad * 2, b.width - m.pad * 4,
                               self.retry_button.rect.top - b.top - m.pad * 2)
        if self.match.over:
            outcome = self.state.outcome
            assert outcome is not None
            headline, reason = outcome_texts(self.game, self.state, outcome, self.sides())
            text.blit_text(surface, headline, m.heading, theme.accent,
                           (area.left, b.centery), "bottomleft", bold=True,
                           max_width=area.width)
            text.blit_text(surface, reason, m.body, theme.text, (area.left, b.centery),
                           "topleft", max_width=area.width)
        elif self.ai_error is not None:
            text.blit_wrapped(surface, self.ai_error[1], m.small, theme.text, area, line_gap=0,
                              max_lines=4)
