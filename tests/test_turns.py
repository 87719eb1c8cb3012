"""The turn driver without pixels: waits, reveal, automatic pass, pause and step, hint, a failed
AI, stale answers, the end of the game. Time is the ``dt`` given to ``update``; the worker is
replaced by one that answers at once, so nothing here waits on a clock or a thread."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from ai.base import Decision, Limits, Player
from ai.worker import WorkerResult
from game.rules.base import GameState
from game.rules.registry import get_game
from game.ui.scenes.match import Match, Seat, make_seat
from game.ui.scenes.turns import (
    AUTO_PASS_SECONDS,
    HUMAN_GAME_AI_DELAY,
    REVEAL_SECONDS,
    AiFailure,
    TurnDriver,
    TurnListener,
    is_pass,
)

STEP = 0.05


class InlineWorker:
    """A worker that thinks at once on the caller's thread; its answer waits for ``poll``."""

    def __init__(self) -> None:
        self.current_id = 0
        self.requests = 0
        self.held = False  # True: keep the answer back (a search still running)
        self._result: WorkerResult | None = None

    def request(self, player: Player, state: GameState[Any], limits: Limits | None = None) -> int:
        self.requests += 1
        self.current_id = self.requests
        try:
            decision = player.choose(state, limits or Limits())
            self._result = WorkerResult(self.current_id, state, decision=decision)
        except Exception as exc:
            self._result = WorkerResult(self.current_id, state, error=exc)
        return self.current_id

    def poll(self) -> WorkerResult | None:
        if self.held or self._result is None:
            return None
        result, self._result = self._result, None
        self.current_id = 0
        return result

    def cancel(self, wait: bool = False) -> bool:
        self._result = None
        self.current_id = 0
        return True

    def shutdown(self) -> bool:
        return self.cancel()


class Recorder(TurnListener):
    """Remembers what the driver reported, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def moved(self, before: Any, move: Any, decision: Decision | None) -> None:
        self.events.append(("moved", move))

    def pass_announced(self, side: int) -> None:
        self.events.append(("pass", side))

    def ai_failed(self, failure: AiFailure) -> None:
        self.events.append(("failed", failure))

    def game_over(self, learn_errors: list[str]) -> None:
        self.events.append(("over", learn_errors))

    def hint_ready(self, move: Any) -> None:
        self.events.append(("hint", move))

    def hint_failed(self, error: BaseException) -> None:
        self.events.append(("hint_failed", error))

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.events]


def driver_for(game: str, seats: tuple[str, str], ai_delay: float = 0.0,
               show_reasoning: bool = False, **options: Any) -> tuple[TurnDriver, Recorder]:
    """A driver for a fresh match, with an inline worker and a recording listener."""
    setup = get_game(game).setup(get_game(game).options(**options))
    match = Match(setup, (make_seat(seats[0], setup, 1), make_seat(seats[1], setup, 2)))
    settings = SimpleNamespace(ai_delay=ai_delay, show_reasoning=show_reasoning)
    recorder = Recorder()
    driver = TurnDriver(match, settings, recorder, InlineWorker(),  # type: ignore[arg-type]
                        InlineWorker())  # type: ignore[arg-type]
    return driver, recorder


def run(driver: TurnDriver, seconds: float) -> None:
    """Advance the driver by ``seconds`` in small steps."""
    for _ in range(round(seconds / STEP)):
        driver.update(STEP)


def test_the_ai_waits_a_moment_after_a_human_move_then_plays() -> None:
    driver, recorder = driver_for("nim", ("human", "random"), ai_delay=3.0)
    worker = driver.worker
    assert driver.play(driver.state.legal_moves()[0]) is None
    # Against a human the pause is short whatever the speed setting says.
    run(driver, HUMAN_GAME_AI_DELAY - 2 * STEP)
    assert worker.requests == 0 and len(driver.match.moves) == 1
    run(driver, 4 * STEP)
    assert worker.requests == 1 and len(driver.match.moves) == 2
    assert recorder.kinds() == ["moved", "moved"]
    assert driver.match.decisions[-1] is not None and driver.reasoning is not None


def test_a_refused_move_gives_the_reason_and_changes_nothing() -> None:
    driver, recorder = driver_for("hexapawn", ("human", "random"))
    state = driver.state
    from game.rules.hexapawn import HexapawnMove

    reason = driver.play(HexapawnMove(0, 0, 2, 0))
    assert reason and driver.state is state and not recorder.events


def test_with_reasoning_on_the_scores_show_before_the_move() -> None:
    driver, _recorder = driver_for("othello", ("greedy", "human"), show_reasoning=True,
                                   size=6)
    driver.update(STEP)  # asks
    driver.update(STEP)  # takes the answer: shown, not played
    assert driver.pending is not None and driver.pending.scores
    assert not driver.match.moves
    run(driver, REVEAL_SECONDS - 4 * STEP)
    assert not driver.match.moves, "the move waits for the class to see the scores"
    run(driver, 4 * STEP)
    assert driver.match.moves == [driver.reasoning.move] and driver.pending is None


def test_a_paused_ai_game_plays_nothing_and_step_plays_exactly_one_move() -> None:
    driver, _recorder = driver_for("hexapawn", ("random", "greedy"), ai_delay=0.3)
    driver.toggle_pause()
    run(driver, 2.0)
    assert driver.worker.requests == 0 and not driver.match.moves
    driver.step()
    run(driver, 2.0)
    assert len(driver.match.moves) == 1 and driver.paused
    driver.toggle_pause()
    run(driver, 0.2)
    assert len(driver.match.moves) == 1, "resumed: the next move waits for the delay"
    run(driver, 0.3)
    assert len(driver.match.moves) == 2


def test_step_cuts_the_reveal_short() -> None:
    driver, _recorder = driver_for("othello", ("greedy", "greedy"), ai_delay=0.0,
                                   show_reasoning=True, size=6)
    driver.update(STEP)
    driver.update(STEP)
    assert driver.pending is not None
    driver.step()
    driver.update(STEP)
    assert len(driver.match.moves) == 1 and driver.paused


def _othello_pass_position() -> GameState[Any]:
    """A 4x4 Othello position, reached by random play, where the side to move must pass."""
    info = get_game("othello")
    rng = random.Random(0)
    for _ in range(500):
        state = info.initial_state(info.options_type(size=4))
        while state.outcome is None:
            moves = state.legal_moves()
            if len(moves) == 1 and is_pass(moves[0]):
                return state
            state = state.play(rng.choice(list(moves)))
    raise AssertionError("no pass found")


def test_a_human_who_cannot_move_passes_automatically_after_a_moment() -> None:
    driver, recorder = driver_for("othello", ("human", "human"), size=4)
    state = _othello_pass_position()
    driver.match.states = [state]
    run(driver, AUTO_PASS_SECONDS - 2 * STEP)
    assert recorder.kinds() == ["pass"] and driver.state is state
    run(driver, 3 * STEP)
    assert recorder.kinds() == ["pass", "moved"] and is_pass(driver.match.moves[-1])


def test_the_hint_is_for_people_and_suggests_a_legal_move() -> None:
    driver, recorder = driver_for("nim", ("human", "random"))
    assert driver.ask_hint() is None and driver.hint_thinking
    driver.update(STEP)
    assert not driver.hint_thinking and driver.hint_move in driver.state.legal_moves()
    assert recorder.events == [("hint", driver.hint_move)]
    driver.play(driver.hint_move)
    assert driver.hint_move is None, "a hint is for one position"
    assert driver.ask_hint() == "play.hint_human_only"


class BrokenPlayer(Player):
    """An AI that raises."""

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        raise RuntimeError("deliberately broken")


class CheatingPlayer(Player):
    """An AI that answers a move from another position."""

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        return Decision(move="not a move")


@pytest.mark.parametrize("player", [BrokenPlayer("broken"), CheatingPlayer("cheat")])
def test_a_failed_ai_stops_the_game_until_retry_or_another_player(player: Player) -> None:
    driver, recorder = driver_for("nim", ("human", "random"))
    driver.match.replace_seat(1, Seat("bad", player))
    driver.play(driver.state.legal_moves()[0])
    run(driver, 1.0)
    failure = driver.ai_error
    assert failure is not None and failure.seat == 1
    assert (failure.error is not None) == isinstance(player, BrokenPlayer)
    assert recorder.kinds() == ["moved", "failed"]
    assert driver.waiting_for_person  # the screen may rest until Retry
    requests = driver.worker.requests
    run(driver, 1.0)
    assert driver.worker.requests == requests, "no new request until Retry"
    driver.retry()
    assert not driver.waiting_for_person
    driver.update(STEP)
    assert driver.worker.requests == requests + 1
    run(driver, 0.2)
    driver.replace_seat(1, make_seat("random", driver.match.setup, 3))
    assert driver.ai_error is None
    run(driver, 1.0)
    assert len(driver.match.moves) == 2 and driver.match.human_to_move


def test_an_answer_for_a_position_left_by_undo_is_not_played() -> None:
    driver, _recorder = driver_for("nim", ("human", "random"))
    worker = driver.worker
    driver.play(driver.state.legal_moves()[0])
    worker.held = True  # the AI is still thinking ...
    run(driver, 1.0)
    assert worker.requests == 1 and driver.thinking_since is not None
    assert driver.undo()  # ... when the class takes the move back
    worker.held = False
    run(driver, 1.0)
    assert driver.match.moves == [] and driver.thinking_since is None
    assert not driver.undo(), "nothing left to undo"


def test_undo_in_an_ai_game_pauses_it_and_restart_resumes() -> None:
    driver, _recorder = driver_for("hexapawn", ("random", "random"))
    run(driver, 0.2)
    assert driver.match.moves
    assert driver.undo() and driver.paused
    driver.restart()
    assert not driver.paused and driver.match.moves == []


def test_the_end_is_reported_once_and_learners_learn(monkeypatch: pytest.MonkeyPatch) -> None:
    driver, recorder = driver_for("nim", ("elimination", "random"), matches=5)
    learner = driver.match.seats[0].player
    lessons: list[Any] = []
    monkeypatch.setattr(learner, "learn", lambda record, seats: lessons.append(seats))
    run(driver, 3.0)
    assert driver.match.over
    assert recorder.kinds().count("over") == 1 and recorder.events[-1] == ("over", [])
    assert lessons == [[0]], "the learner learnt once, from its own side"
    driver.restart()
    run(driver, 3.0)
    assert recorder.kinds().count("over") == 2 and len(lessons) == 2


def test_explain_mode_keeps_the_ais_move_on_the_board_until_the_person_goes_on() -> None:
    """Issue 12: the AI's per-move labels stayed about one second. In explain mode (human
    against AI, reasoning shown) the scored move waits on the board until a click."""
    driver, _recorder = driver_for("othello", ("human", "greedy"), show_reasoning=True, size=6)
    driver.settings.explain_wait = True  # type: ignore[misc]
    assert driver.play(driver.state.legal_moves()[0]) is None
    run(driver, 5.0)
    assert driver.pending is not None and driver.explaining and len(driver.match.moves) == 1
    assert driver.go_on()
    driver.update(STEP)
    assert len(driver.match.moves) == 2 and driver.pending is None and not driver.explaining
    assert not driver.go_on()


def test_a_player_seated_in_place_of_an_explained_ai_does_not_inherit_its_words() -> None:
    """The last closing note: a person seated in place of the AI whose choice was shown (not
    played) read that AI's reasoning ("Black chose b3xa2 · picks any legal move at random")
    for a move never played, and Greedy's words and labels stayed under "Minimax" after a
    switch. The other seat's words stay."""
    driver, _recorder = driver_for("othello", ("greedy", "greedy"), show_reasoning=True,
                                   size=6)
    driver.paused = True
    driver.step_once = True
    run(driver, 5.0)  # White's move, played and explained
    assert len(driver.match.moves) == 1 and driver.reasoning_seat == 0
    driver.replace_seat(1, make_seat("human", driver.match.setup, 2))
    assert driver.reasoning is not None, "White's played move keeps its words"
    driver.replace_seat(0, make_seat("minimax", driver.match.setup, 1))
    assert driver.reasoning is None, "the former player's words went with it"
    driver, _recorder = driver_for("othello", ("human", "greedy"), show_reasoning=True, size=6)
    driver.settings.explain_wait = True  # type: ignore[misc]
    driver.play(driver.state.legal_moves()[0])
    run(driver, 5.0)
    assert driver.pending is not None and driver.reasoning_seat == 1
    driver.replace_seat(1, make_seat("human", driver.match.setup, 2))
    assert driver.reasoning is None and driver.pending is None
    assert len(driver.match.moves) == 1


def test_an_ai_forced_pass_is_played_at_once_without_a_reveal() -> None:
    """Issue 12: a forced pass took about 2.5 s (delay, then the reveal of its one score)."""
    driver, recorder = driver_for("othello", ("greedy", "human"), show_reasoning=True, size=4)
    state = _othello_pass_position()
    driver.match.states = [state]
    if driver.match.human_to_move:
        driver.match.seats = (driver.match.seats[1], driver.match.seats[0])
    assert not driver.match.human_to_move
    driver.update(STEP)  # asks
    driver.update(STEP)  # the answer: played at once
    assert driver.pending is None and is_pass(driver.match.moves[-1])
    assert recorder.kinds() == ["moved"]


def test_undo_after_a_forced_pass_returns_to_the_persons_previous_real_turn() -> None:
    """Issue 12: Undo after passes took back only the AI's move, which it played again."""
    driver, _recorder = driver_for("othello", ("human", "greedy"), size=4)
    state = _othello_pass_position()
    human_side = state.to_move
    before = None
    # Find a real human turn before the pass: replay from the start to the pass position.
    match = driver.match
    match.first_seat = 0 if human_side == 0 else 1
    match.states = [state]
    match.moves = []
    match.decisions = []
    # The person's real turn, then a forced pass (theirs), then the AI's move.
    info = get_game("othello")
    opts = info.options_type(size=4)
    for earlier in _states_before(opts, state):
        if earlier.to_move == human_side and len(earlier.legal_moves()) > 1:
            before = earlier
    assert before is not None
    line = _line_between(before, state)
    match.states = [before]
    for move in line:
        match.play(move)
    match.play(state.legal_moves()[0])  # the person's forced pass
    assert is_pass(match.moves[-1])
    ai_move = match.state.legal_moves()[0]
    match.play(ai_move)
    assert driver.undo()
    # Back to the person's last real decision, not to the pass (which would be replayed at
    # once, with the AI's answer).
    assert match.state != state and match.state.to_move == human_side
    assert not is_pass(match.state.legal_moves()[0])


def _states_before(opts: Any, target: GameState[Any]) -> list[GameState[Any]]:
    """The states of the random game (seed as in _othello_pass_position) leading to target."""
    info = get_game("othello")
    rng = random.Random(0)
    for _ in range(500):
        state = info.initial_state(opts)
        seen = [state]
        while state.outcome is None:
            moves = state.legal_moves()
            if len(moves) == 1 and is_pass(moves[0]):
                if state == target:
                    return seen[:-1]
                break
            state = state.play(rng.choice(list(moves)))
            seen.append(state)
    raise AssertionError("target not found")


def _line_between(start: GameState[Any], target: GameState[Any]) -> list[Any]:
    """The moves of the seeded random game from ``start`` to ``target``."""
    info = get_game("othello")
    rng = random.Random(0)
    for _ in range(500):
        state = info.initial_state(info.options_type(size=4))
        moves_played: list[Any] = []
        recording = False
        while state.outcome is None:
            if state == start:
                recording = True
                moves_played = []
            moves = state.legal_moves()
            if state == target and recording:
                return moves_played
            if len(moves) == 1 and is_pass(moves[0]):
                break
            move = rng.choice(list(moves))
            moves_played.append(move)
            state = state.play(move)
    raise AssertionError("no line")


def test_the_thinking_time_is_the_searchs_own_clock() -> None:
    """Regression (QA19 28, Othello vs Monte-Carlo 5 s, 1280x800): in one frame the seat said
    "2,1 s" and the panel's engine line "3,5 s": the seat counted the frames' clock, which
    falls behind under load, the panel the search's. Both read the search's clock now; with
    no search published, the frames'."""
    driver, _recorder = driver_for("nim", ("human", "random"))
    worker: Any = driver.worker
    worker.progress = None
    driver.play(driver.state.legal_moves()[0])
    worker.held = True  # the AI is still thinking ...
    run(driver, 1.0)
    assert driver.thinking_since is not None
    assert driver.thinking_seconds() == pytest.approx(driver.clock - driver.thinking_since)
    worker.progress = SimpleNamespace(elapsed=3.5)  # ... for longer than the frames counted
    assert driver.thinking_seconds() == 3.5
    worker.held = False
    run(driver, 1.0)
    assert driver.thinking_seconds() is None
