"""The background worker: results through the queue, errors handed back, cancel within the
bound, stale results dropped, shutdown."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from ai.base import Decision, Limits, Player
from ai.registry import make_player
from ai.worker import Worker, WorkerResult
from game.rules.base import GameState
from game.rules.registry import get_game

#: Generous bound for polling loops: a result normally arrives in milliseconds.
WAIT = 20.0


def _wait_result(worker: Worker) -> WorkerResult:
    """Poll like the UI does, once per "frame", until a result arrives."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        result = worker.poll()
        if result is not None:
            return result
        time.sleep(0.002)
    raise AssertionError("no result from the worker")


def _othello() -> tuple[Any, GameState[Any]]:
    opts = get_game("othello").options()
    return opts, opts.initial_state()


def _slow_player(opts: Any) -> Player:
    """An MCTS that would think for minutes if not cancelled."""
    return make_player("mcts:iterations=10000000", "othello", opts, seed=1)


def test_a_decision_comes_back_through_poll() -> None:
    opts, state = _othello()
    worker = Worker()
    request_id = worker.request(make_player("mcts:iterations=50", "othello", opts, seed=1),
                                state)
    result = _wait_result(worker)
    assert result.ok and result.error is None
    assert result.request_id == request_id
    assert result.state is state
    assert isinstance(result.decision, Decision)
    assert result.decision.move in state.legal_moves()
    assert worker.poll() is None  # returned once only
    assert worker.shutdown()


def test_an_exception_is_handed_back_not_raised() -> None:
    class Broken(Player):
        def decide(self, state: GameState[Any], limits: Limits) -> Decision:
            raise ValueError("broken on purpose")

    _, state = _othello()
    worker = Worker()
    worker.request(Broken("broken"), state)
    result = _wait_result(worker)
    assert not result.ok
    assert isinstance(result.error, ValueError)
    assert "broken on purpose" in str(result.error)
    worker.shutdown()


def test_cancel_stops_the_thread_quickly_and_yields_no_result() -> None:
    opts, state = _othello()
    worker = Worker()
    worker.request(_slow_player(opts), state)
    time.sleep(0.05)  # let it get deep into its search
    assert worker.busy
    thread = worker._thread
    assert thread is not None
    started = time.perf_counter()
    worker.cancel()
    thread.join(1.0)  # generous; the contract is 200 ms, typically a few ms
    assert not thread.is_alive()
    print(f"cancel to thread end: {(time.perf_counter() - started) * 1000:.1f} ms")
    assert not worker.busy
    time.sleep(0.01)
    assert worker.poll() is None
    worker.shutdown()


def test_cancel_with_wait_reports_the_thread_finished() -> None:
    opts, state = _othello()
    worker = Worker()
    worker.request(_slow_player(opts), state)
    time.sleep(0.02)
    assert worker.cancel(wait=True)
    worker.shutdown()


def test_a_stale_result_is_dropped() -> None:
    """A result that arrives after a newer request (new game, undo) is never returned."""
    release = threading.Event()

    class Late(Player):
        """Answers only once released, ignoring its cancel flag (the worst case)."""

        def decide(self, state: GameState[Any], limits: Limits) -> Decision:
            release.wait(WAIT)
            return Decision(move=state.legal_moves()[0])

    opts = get_game("nim").options()
    state = opts.initial_state()
    worker = Worker()
    old_id = worker.request(Late("late"), state)
    old_thread = worker._thread
    new_state = state.play(state.legal_moves()[1])
    new_id = worker.request(make_player("random", "nim", opts, seed=1), new_state)
    assert new_id != old_id
    release.set()
    assert old_thread is not None
    old_thread.join(WAIT)
    result = _wait_result(worker)
    assert result.request_id == new_id
    assert result.state is new_state
    assert worker.poll() is None
    worker.shutdown()


def test_a_result_after_cancel_is_dropped_even_if_the_player_ignores_cancel() -> None:
    release = threading.Event()

    class Stubborn(Player):
        def decide(self, state: GameState[Any], limits: Limits) -> Decision:
            release.wait(WAIT)
            return Decision(move=state.legal_moves()[0])

    _, state = _othello()
    worker = Worker()
    worker.request(Stubborn("stubborn"), state)
    thread = worker._thread
    worker.cancel()
    release.set()
    assert thread is not None
    thread.join(WAIT)
    assert worker.poll() is None
    worker.shutdown()


def test_limits_overrides_are_kept_but_the_cancel_flag_is_the_workers() -> None:
    opts = get_game("nim").options()
    state = opts.initial_state()
    outside = Limits(iterations=7)
    worker = Worker()
    worker.request(make_player("mcts:iterations=100000", "nim", opts, seed=1), state, outside)
    result = _wait_result(worker)
    assert result.decision is not None
    assert result.decision.info["iterations"] == 7
    assert not outside.cancel.is_set()
    worker.shutdown()


def test_shutdown_refuses_new_requests_and_finished_games_are_refused() -> None:
    opts, state = _othello()
    worker = Worker()
    worker.request(_slow_player(opts), state)
    assert worker.shutdown()
    with pytest.raises(RuntimeError, match="shut down"):
        worker.request(_slow_player(opts), state)
    nim = get_game("nim").options(matches=1)
    over = nim.initial_state().play(nim.initial_state().legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        Worker().request(make_player("random", "nim", nim), over)


@pytest.mark.parametrize("game", ["hexapawn", "nim", "morpion", "othello"])
def test_every_registered_player_stops_soon_after_cancel(game: str) -> None:
    """The worker's promise (no thread outlives its request by more than 200 ms after cancel)
    rests on every player checking its cancel flag: check them all, with a long time budget,
    from a position in the middle of a game."""
    from ai.registry import players_for

    opts = get_game(game).options()
    state = opts.initial_state()
    walker = make_player("random", game, opts, seed=0)
    for _ in range(2):  # two plies: a Hexapawn 3x3 game can end at the fourth
        state = state.play(walker.choose(state).move)
    assert state.outcome is None
    slow: list[str] = []
    for info in players_for(game, opts):
        worker = Worker()
        worker.request(make_player(info.name, game, opts, seed=1), state, Limits(time=30.0))
        time.sleep(0.03)
        thread = worker._thread
        worker.cancel()
        assert thread is not None
        thread.join(1.0)  # generous: the contract is 200 ms
        if thread.is_alive():
            slow.append(info.name)
        worker.shutdown()
    assert slow == []


@pytest.mark.parametrize(("game", "spec"), [("othello", "engine:time=0.3"),
                                            ("hexapawn", "engine:time=0.3"),
                                            ("morpion", "alphabeta:depth=3"),
                                            ("nim", "minimax")])
def test_a_search_publishes_its_progress_while_it_thinks(game: str, spec: str) -> None:
    """Issue 12 (live thinking): the worker hands each search a SearchProgress; the search
    fills in its depth, best move so far with its score and the positions searched."""
    from ai.registry import make_player
    from game.rules.registry import get_game

    state = get_game(game).options().initial_state()
    worker = Worker()
    assert worker.progress is None
    worker.request(make_player(spec, game, seed=1), state)
    progress = worker.progress
    assert progress is not None
    result = None
    for _ in range(2000):
        result = worker.poll()
        if result is not None:
            break
        threading.Event().wait(0.01)
    assert result is not None and result.decision is not None
    assert progress.best in state.legal_moves()
    assert progress.depth >= 1 and progress.nodes > 0 and progress.score is not None
    # The live score says its unit as the decision will ("+2 open lines", not "score +2").
    assert progress.unit == result.decision.info.get("unit")
    assert worker.progress is None  # idle again
    worker.shutdown()


def test_thinking_line_reads_in_the_board_units() -> None:
    from ai.base import SearchProgress
    from game.ui.reasoning import thinking_line

    assert thinking_line(None) is None and thinking_line(SearchProgress()) is None
    p = SearchProgress(depth=7, best="d3", score=130.0, score_kind="value",
                       units="evaluation points (100 is about one disc)", nodes=120345)
    line = thinking_line(p)
    assert line is not None
    assert line.startswith("Depth 7 \u00b7 best d3 (+1.3) \u00b7 120,345 positions")
    proven = SearchProgress(depth=10_000, best="2", score=1_000_000.0 - 3, nodes=1)
    text = thinking_line(proven)
    assert text is not None and "To the end" in text and "W3" in text and "1 position" in text


def test_thinking_facts_say_the_search_in_words_and_units() -> None:
    """The panel's lines while an AI searches (see reasoning.thinking_facts): how far it looks,
    the best move so far with its score in words and unit, what was searched."""
    from ai.base import SearchProgress
    from game.ui.reasoning import thinking_facts

    assert thinking_facts(None) == [] and thinking_facts(SearchProgress()) == []
    engine = SearchProgress(depth=7, best="d3", score=130.0, score_kind="value",
                            units="evaluation points (100 is about one disc)", nodes=120345)
    depth, best, searched = thinking_facts(engine)
    assert depth == "Looking 7 moves ahead"
    assert best == "Best so far: d3, about +1.3 discs (estimate)"
    assert searched.startswith("120,345 positions looked at in\u00a0")
    proven = thinking_facts(SearchProgress(depth=10_000, best="2", score=1_000_000.0 - 3,
                                           nodes=1))
    assert proven[0] == "Looking to the end of the game"
    assert proven[1] == "Best so far: 2, win in\u00a03\u00a0moves"
    assert proven[2].startswith("1 position looked at in\u00a0")
    mcts = thinking_facts(SearchProgress(best="c1", score=0.625, score_kind="win_rate",
                                         nodes=1200))
    assert mcts[0] == "1,200 simulations played at random"
    assert mcts[1] == "Best so far: c1, wins 62% of its games"
    # The time in words (QA19 21: a bare "3.4 s" under them said nothing).
    assert mcts[2].startswith("Thinking for "), mcts
