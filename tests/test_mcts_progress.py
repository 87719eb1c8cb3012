"""Monte Carlo tree search thinking live (issue 12, "Thinking, live"): while a class watches, it
publishes its simulations, the most played move and that move's win rate several times a
second, and the play screen's engine line says them in words that fit it."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import ai.mcts as mcts
from ai.base import Limits, SearchProgress
from ai.registry import make_player
from game.rules.registry import get_game
from game.ui.i18n import set_language
from game.ui.reasoning import thinking_line
from tests.ui_helpers import frame, make_app, run_until, spy_texts, start_game

#: Each reading of the faked clock is this many seconds after the last: the tests check the
#: reporting rule, not a duration.
TICK = 0.05


class FakeClock:
    """A clock whose every reading is :data:`TICK` seconds after the last."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += TICK
        return self.now


class RecordingLimits(Limits):
    """Limits that keep what the search published at each report, and when."""

    def __init__(self, clock: FakeClock, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.clock = clock
        self.reports: list[tuple[float, int, Any, float | None]] = []

    def report(self, depth: int | None = None, best: Any = None, score: float | None = None,
               nodes: int | None = None) -> None:
        super().report(depth, best, score, nodes)
        p = self.progress
        assert p is not None
        self.reports.append((self.clock.now, p.nodes, p.best, p.score))


def test_mcts_reports_simulations_best_move_and_win_rate_as_it_searches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(mcts.time, "perf_counter", clock)
    options = get_game("othello").options()
    state = options.initial_state()
    player = make_player("mcts", "othello", options, seed=5)
    limits = RecordingLimits(clock, iterations=200, progress=SearchProgress())
    decision = player.choose(state, limits)
    reports = limits.reports
    # A report every REPORT_SECONDS (never closer, at most a simulation later: a few clock
    # readings), so several during the search, and one at its end.
    counts = [nodes for _when, nodes, _best, _score in reports]
    assert len(reports) >= 10 and counts[-1] == 200 and counts == sorted(counts)
    gaps = [b - a for a, b in itertools.pairwise([when for when, *_ in reports[:-1]])]
    assert all(mcts.REPORT_SECONDS - 1e-9 <= gap <= mcts.REPORT_SECONDS + 3 * TICK
               for gap in gaps), gaps
    legal = state.legal_moves()
    for _when, _nodes, best, score in reports:
        assert best in legal and score is not None and 0.0 <= score <= 1.0
    assert limits.progress is not None and limits.progress.score_kind == mcts.WIN_RATE
    # The last report names the most played move, with the win rate the decision gives it.
    _when, _nodes, best, score = reports[-1]
    assert decision.scores[best] == max(decision.scores.values())
    assert score == pytest.approx(decision.info["win_rates"][best])


def test_reporting_does_not_change_the_search() -> None:
    options = get_game("nim").options()
    state = options.initial_state()
    watched = make_player("mcts:iterations=300", "nim", options, seed=9).choose(
        state, Limits(progress=SearchProgress()))
    alone = make_player("mcts:iterations=300", "nim", options, seed=9).choose(state, Limits())
    assert watched.move == alone.move and watched.scores == alone.scores


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "1,200 simulations \u00b7 best d3, wins 62%"),  # (QA19 5: the language's mark)
    ("fr", "1\u202f200 simulations \u00b7 meilleur d3, gagne 62\u202f%"),
])
def test_the_engine_line_of_a_monte_carlo_search(language: str, expected: str) -> None:
    set_language(language)
    try:
        progress = SearchProgress(best="d3", score=0.62, score_kind=mcts.WIN_RATE, nodes=1200)
        line = thinking_line(progress)
        assert line is not None and line.startswith(expected + " \u00b7 "), line
        one = thinking_line(SearchProgress(best="d3", score=1.0, score_kind=mcts.WIN_RATE,
                                           nodes=1))
        assert one is not None and one.startswith("1 simulation \u00b7")
    finally:
        set_language("en")


@pytest.mark.parametrize("show_reasoning", [True, False])
def test_the_play_screen_shows_monte_carlo_thinking_live(show_reasoning: bool,
                                                         monkeypatch: Any) -> None:
    """In the panel with the reasoning shown, else in the status line."""
    app = make_app((1024, 768), show_reasoning=show_reasoning)
    # A time budget long enough to be watched; the scene's shutdown cancels it.
    play = start_game(app, "othello", ("human", "mcts:time=30"))
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: (play.turns.worker.progress is not None
                                   and play.turns.worker.progress.best is not None), 10)
    drawn = spy_texts(monkeypatch)
    frame(app)
    detail = play.status().detail
    shown = " ".join(drawn) if show_reasoning else detail
    assert "simulations" in shown and "wins" in shown, shown
    assert (detail == "") == show_reasoning
    # The move it would play now is drawn on the board.
    assert play.board_context().hint_move == play.turns.worker.progress.best
    app.shutdown()
