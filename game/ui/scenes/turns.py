"""Whose turn it is and when the next move happens, without pygame.

:class:`TurnDriver` runs the clock of a :class:`~game.ui.scenes.match.Match`: the pause before
an AI moves, asking the worker and taking its answer, showing the AI's scores for a moment
before its move (the "reveal"), Othello's automatic pass, pause and step in AI-vs-AI games, the
hint, and an AI that failed. The play scene calls :meth:`TurnDriver.update` every frame and
draws what the driver says; the driver tells the scene what happened through a
:class:`TurnListener` (a move was played, the game ended, ...), so the scene can play a sound or
start an animation. Tests drive it with plain numbers for ``dt`` and no window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ai.base import Decision, Limits, Player
from ai.worker import Worker, WorkerResult
from game.rules.base import RulesError
from game.ui.scenes.match import Match, Seat, hint_player
from game.ui.settings import DEFAULT_AI_DELAY

#: Pause after a move before a human-vs-AI opponent starts thinking, so the move is seen.
HUMAN_GAME_AI_DELAY = 0.35
#: How long an automatic pass is shown before it is played: long enough to read "Black has no
#: move", short enough that ten passes in a row never look like a freeze.
AUTO_PASS_SECONDS = 0.6
#: How long an AI's scores stay on the board before its move, with "Show AI reasoning" on.
REVEAL_SECONDS = 1.2
#: The reveal in a machines' game at the default speed or slower, where nobody clicks to go
#: on: a class read "+2 open lines, Red − opponent" and seven column scores in 1-1.5 s
#: (QA19 14).
READING_REVEAL_SECONDS = 2.5
#: The reveal when the teacher steps one move at a time: short, the class asked for the move.
STEP_REVEAL_SECONDS = 0.6
#: How long the hint's adviser may think.
HINT_TIME = 1.0


def is_pass(move: Any) -> bool:
    """True for a pass move (Othello's, when only the opponent can move)."""
    return bool(getattr(move, "is_pass", False))


class TurnSettings(Protocol):
    """The settings the driver reads (``game.ui.settings.Settings`` has them)."""

    ai_delay: float
    show_reasoning: bool
    #: Explain mode: against a person, the AI's scored move waits on the board for a click.
    explain_wait: bool


@dataclass(frozen=True)
class AiFailure:
    """An AI that could not move: it raised ``error``, or it chose ``illegal_move``."""

    seat: int
    error: BaseException | None = None
    illegal_move: Any = None


class TurnListener:
    """What the driver reports to its scene; every method does nothing by default."""

    def moved(self, before: Any, move: Any, decision: Decision | None) -> None:
        """``move`` was played from the position ``before`` (by a person, an AI or a pass)."""

    def pass_announced(self, side: int) -> None:
        """``side`` has no move: its pass will be played in a moment."""

    def ai_failed(self, failure: AiFailure) -> None:
        """An AI raised or chose an illegal move; the game waits for Retry or another player."""

    def game_over(self, learn_errors: list[str]) -> None:
        """The game just ended; learners have learnt from it (``learn_errors`` says who failed)."""

    def hint_ready(self, move: Any) -> None:
        """The adviser suggests ``move`` for the position on the board."""

    def hint_failed(self, error: BaseException) -> None:
        """The adviser raised ``error``."""


class TurnDriver:
    """The timing of one match: waits, AI requests, reveal, automatic pass, pause, step, hint.

    Times are in seconds of :attr:`clock`, which only :meth:`update` advances, so a test can
    run a whole game by calling ``update(0.1)`` in a loop.
    """

    def __init__(self, match: Match, settings: TurnSettings,
                 listener: TurnListener | None = None,
                 worker: Worker | None = None, hint_worker: Worker | None = None) -> None:
        self.match = match
        self.settings = settings
        self.listener = listener or TurnListener()
        self.worker = worker or Worker()
        self.hint_worker = hint_worker or Worker()
        self._hint_player: Player | None = None
        #: Seconds since the driver started (advanced by update).
        self.clock = 0.0
        #: AI-vs-AI games can be paused; Step plays one move while paused.
        self.paused = False
        self.step_once = False
        #: Seconds left before the AI to move is asked.
        self.wait = self.delay()
        #: When the AI to move was asked (clock time), or None when no AI is thinking.
        self.thinking_since: float | None = None
        #: An AI's decision whose scores are shown before its move is played.
        self.pending: Decision | None = None
        self.reveal_left = 0.0
        #: The last AI decision taken, and the seat that took it (for the reasoning panel).
        self.reasoning: Decision | None = None
        self.reasoning_seat: int | None = None
        self.hint_move: Any = None
        #: Hint asked during an explained AI move: asked again once that move is played.
        self.hint_after_move = False
        #: The adviser's decision behind the last hint (read with :attr:`hint`).
        self.hint_decision: Decision | None = None
        self.hint_thinking = False
        self.ai_error: AiFailure | None = None
        self.auto_pass_left: float | None = None
        self.end_done = False
        #: Explain mode: the person clicked to go on, the reveal may end.
        self._reveal_done = False

    # -- questions ------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The position on the board."""
        return self.match.state

    def delay(self) -> float:
        """Seconds to wait before the next AI move (against a human, a short pause so the
        human's move is seen, unless the speed is set to instant)."""
        delay = self.settings.ai_delay
        return delay if self.match.ai_vs_ai else min(delay, HUMAN_GAME_AI_DELAY)

    @property
    def explaining(self) -> bool:
        """True while an AI's move waits, explained on the board, for the person to go on
        (explain mode, human against AI)."""
        return (self.pending is not None and not self.match.ai_vs_ai
                and bool(getattr(self.settings, "explain_wait", False)))

    @property
    def waiting_for_person(self) -> bool:
        """True when nothing happens until a person acts: an explained move waits for the
        click (explain mode), or an AI that failed waits for Retry or another player."""
        return (self.explaining and not self._reveal_done) or self.ai_error is not None

    def go_on(self) -> bool:
        """The person has read the explanation: play the AI's move now. False when no
        explained move was waiting."""
        if self.pending is None:
            return False
        self.reveal_left = 0.0
        self._reveal_done = True
        return True

    def thinking_seconds(self) -> float | None:
        """How long the AI to move has been thinking, None when none is: by the search's own
        clock, the one the panel's engine line reads (the frames' clock fell behind it under
        load: "2,1 s" on the seat beside "3,5 s" in the panel, QA19 28)."""
        if self.thinking_since is None:
            return None
        progress = self.worker.progress
        return progress.elapsed if progress is not None else self.clock - self.thinking_since

    @property
    def waiting_for_step(self) -> bool:
        """True when a paused AI-vs-AI game waits for Step or Resume."""
        return self.paused and not self.step_once

    # -- actions --------------------------------------------------------------------------------

    def play(self, move: Any, decision: Decision | None = None) -> str | None:
        """Play ``move``; return None, or the rules' reason when they refuse it."""
        before = self.state
        try:
            self.match.play(move, decision)
        except RulesError as exc:
            return str(exc)
        self.auto_pass_left = None
        self.hint_worker.cancel()
        self.hint_thinking = False
        self.hint_move = None
        self.pending = None
        self.wait = self.delay()
        self.step_once = False
        self.listener.moved(before, move, decision)
        if self.hint_after_move:
            self.hint_after_move = False
            self.ask_hint()
        return None

    def cancel_thinking(self) -> None:
        """Cancel the AI's search and the hint's (Undo, Restart, Menu, quit)."""
        self.worker.cancel()
        self.hint_worker.cancel()
        self.thinking_since = None
        self.hint_thinking = False
        self.pending = None
        self.hint_move = None
        self.hint_after_move = False
        self.step_once = False

    def _new_position(self) -> None:
        """After Undo or Restart: no error, no reasoning, the wait starts again."""
        self.ai_error = None
        self.reasoning = None
        self.auto_pass_left = None
        self.wait = self.delay()
        self.end_done = False

    def undo(self) -> bool:
        """Take back moves to the last human decision (one move in AI vs AI, which then
        pauses); False when there is nothing to undo."""
        if not self.match.undo_target():
            return False
        self.cancel_thinking()
        self.match.undo()
        self._new_position()
        # The AI's move now on the board is explained again: its labels and legend came back
        # (explain mode) while the reasoning box said "appears here after its move".
        last = self.match.last_decision
        if last is not None and len(self.match.states) >= 2:
            self.reasoning = last
            self.reasoning_seat = self.match.seat_index(self.match.states[-2].to_move)
        if self.match.ai_vs_ai:
            self.paused = True
        return True

    def restart(self) -> None:
        """A new game with the same seats."""
        self.cancel_thinking()
        self.match.restart()
        self._new_position()
        self.paused = False

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

    def reveal_seconds(self) -> float:
        """How long an AI's scores stay on the board before its move: in a machines' game at
        the default speed or slower, long enough for a class to read them; faster speeds
        keep the short reveal, so "instant" is not 2.5 s a move (review R1). Against a person
        the board keeps them after the move until the person answers (see
        play_status.scored_decision)."""
        delay = self.settings.ai_delay
        if self.match.ai_vs_ai and delay >= DEFAULT_AI_DELAY:
            return max(READING_REVEAL_SECONDS, self.delay())
        return max(REVEAL_SECONDS, self.delay())

    def delay_changed(self) -> None:
        """The speed setting changed: a shorter delay applies to the wait and the reveal
        under way."""
        self.wait = min(self.wait, self.settings.ai_delay)
        self.reveal_left = min(self.reveal_left, self.reveal_seconds())

    def ask_hint(self) -> str | None:
        """Ask the strongest available AI for a move; None, or the translation key of why not.
        During an explained AI move: that move is played, then the hint is for the person
        (Hint and H did nothing and said nothing there, QA S14 25)."""
        if self.explaining and self.go_on():
            self.hint_after_move = True
            return None
        if self.match.over:
            return "play.hint_over"  # (H on a finished game did nothing, QA S16 11)
        if not self.match.human_to_move:
            return "play.hint_human_only"
        if self._hint_player is None:
            self._hint_player = hint_player(self.match.setup)
        if self._hint_player is None:
            return "play.no_hint"
        self.hint_move = None
        self.hint_worker.request(self._hint_player, self.state, Limits(time=HINT_TIME))
        self.hint_thinking = True
        return None

    @property
    def hint(self) -> tuple[Decision, str] | None:
        """The hint shown now and the spec of the player who suggested it, or None (the
        panel says it in words, see ``play_explain.ExplainBox.draw_hint``)."""
        d = self.hint_decision
        if self.hint_move is None or d is None or d.move != self.hint_move:
            return None
        return d, self._hint_player.spec if self._hint_player is not None else ""

    def retry(self) -> None:
        """Ask the failed AI again, now."""
        self.ai_error = None
        self.wait = 0.0

    def replace_seat(self, seat: int, new: Seat) -> None:
        """Seat another player; the game goes on (a search for that seat is cancelled)."""
        if self.match.seat_index(self.state.to_move) == seat:
            self.cancel_thinking()
        if self.reasoning_seat == seat:
            # The words and labels shown are the former player's: under the new player's
            # name they read as its own (Greedy's labels under "Minimax" in Nim), and a
            # choice shown but not played was said to a person seated in its place ("Black
            # chose b3xa2 · picks any legal move at random", b3xa2 never played).
            self.reasoning = None
            self.reasoning_seat = None
        self.match.replace_seat(seat, new)
        if self.ai_error is not None and self.ai_error.seat == seat:
            self.ai_error = None
        self.wait = self.delay()
        if not self.match.ai_vs_ai:
            self.paused = False

    def shutdown(self) -> None:
        """Stop both workers (the scene is closing)."""
        self.worker.shutdown()
        self.hint_worker.shutdown()

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds and do whatever is due."""
        self.clock += dt
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
            if not self.explaining or self._reveal_done:
                self.reveal_left -= dt
            if self.reveal_left <= 0 and not self.waiting_for_step:
                decision = self.pending
                self.pending = None
                self.play(decision.move, decision)
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
            self.hint_decision = result.decision
            self.listener.hint_ready(self.hint_move)
        elif result.error is not None:
            self.listener.hint_failed(result.error)

    def _human_turn(self, dt: float) -> None:
        moves = self.state.legal_moves()
        if len(moves) == 1 and is_pass(moves[0]):
            # A person cannot click a pass: it is announced, then played for them.
            if self.auto_pass_left is None:
                self.auto_pass_left = AUTO_PASS_SECONDS
                self.listener.pass_announced(self.state.to_move)
            self.auto_pass_left -= dt
            if self.auto_pass_left <= 0:
                self.play(moves[0])

    def _ai_turn(self, dt: float) -> None:
        if self.ai_error is not None or self.worker.current_id or self.waiting_for_step:
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
            self._fail(AiFailure(seat, error=result.error))
            return
        decision = result.decision
        if decision is None:
            return
        if decision.move not in self.state.legal_moves():
            self._fail(AiFailure(seat, illegal_move=decision.move))
            return
        self.reasoning = decision
        self.reasoning_seat = seat
        legal = self.state.legal_moves()
        if len(legal) == 1 and is_pass(legal[0]):
            # A forced pass has nothing to explain or wait for: it is played at once, and the
            # scene says so (ten passes in a row must not look like a freeze).
            self.play(decision.move, decision)
            return
        self._reveal_done = False
        if self.settings.show_reasoning and decision.scores:
            self.pending = decision
            self.reveal_left = (STEP_REVEAL_SECONDS if self.step_once
                                else self.reveal_seconds())
        else:
            self.play(decision.move, decision)

    def _fail(self, failure: AiFailure) -> None:
        self.ai_error = failure
        self.listener.ai_failed(failure)

    def _finish(self) -> None:
        if self.end_done:
            return
        self.end_done = True
        self.thinking_since = None
        self.match.count_result()
        self.listener.game_over(self.match.teach_learners())
