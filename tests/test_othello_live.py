"""The engine's score as a class sees it, live and after the move, tells one story (issue 12):
what the search last published while thinking is what its decision reports, a depth the clock
cut short is said unfinished (never as a complete depth), and the progress says how many root
moves a depth has searched and what the depth before said (Othello's odd/even swing).

The clock is the test's: it jumps past the deadline when the search reports a chosen root move
done at a chosen depth, so every cut falls at the same node on any machine (no wall time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from ai.base import Limits, SearchProgress
from ai.othello_engine import STOP_TIME, OthelloEngine
from ai.registry import make_player
from game.rules.othello import OthelloState
from game.rules.registry import get_game
from tests.test_othello_clock import game_position


class JumpClock:
    """A clock standing still at 0 until :meth:`jump` puts it far past any deadline, at once
    or after a few more reads (the engine reads it between depths and every few hundred
    positions)."""

    def __init__(self) -> None:
        self.reads_left: int | None = None

    def __call__(self) -> float:
        if self.reads_left is None:
            return 0.0
        self.reads_left -= 1
        return 1e9 if self.reads_left < 0 else 0.0

    def jump(self, after: int = 0) -> None:
        self.reads_left = after


@dataclass
class CutAt(Limits):
    """Limits whose clock jumps once ``done`` root moves are searched at ``depth``, after
    ``reads`` more reads of the clock."""

    clock: JumpClock | None = None
    cut_depth: int = 0
    cut_done: int = 0
    reads: int = 0

    def report_moves(self, done: int, total: int) -> None:
        super().report_moves(done, total)
        progress = self.progress
        if (self.clock is not None and progress is not None
                and progress.depth == self.cut_depth and done == self.cut_done):
            self.clock.jump(self.reads)


def cut_decision(state: OthelloState, depth: int, done: int,
                 reads: int = 0) -> tuple[Any, SearchProgress]:
    """The engine's decision when the clock runs out once ``done`` root moves are searched
    at ``depth`` (and ``reads`` more reads of the clock; one second of budget, the clock
    standing still until then), and its progress."""
    clock = JumpClock()
    engine = OthelloEngine(level=5, seed=1, time_budget=1.0, use_book=False, clock=clock)
    progress = SearchProgress()
    limits = CutAt(progress=progress, clock=clock, cut_depth=depth, cut_done=done,
                   reads=reads)
    return engine.decide(state, limits), progress


def said_live(progress: SearchProgress) -> tuple[int, Any, float | None]:
    return progress.depth, progress.best, progress.score


def reported(decision: Any) -> tuple[int, Any, float]:
    return decision.depth, decision.move, decision.scores[decision.move]


POSITIONS = [(7, 40), (11, 34), (23, 28)]


@pytest.mark.parametrize(("seed", "empties"), POSITIONS)
@pytest.mark.parametrize("done", [1, 2, 3])
def test_a_depth_cut_short_answers_with_what_the_class_was_shown(
        seed: int, empties: int, done: int) -> None:
    """Seen in a real window: '+2.5' live at depth 10, then '\u22124.3' at depth 9 after the
    move (the old engine threw the unfinished depth away and reported the depth before, whose
    score swings by discs between odd and even depths). Cut after the first root moves of
    depth 4: the decision is the progress's last depth, move and score, said unfinished."""
    state = game_position(seed, empties)
    total = len(state.legal_moves())
    assert total > done  # the cut falls inside the depth
    decision, progress = cut_decision(state, 4, done)
    assert reported(decision) == said_live(progress)
    assert decision.depth == 4
    assert decision.info["stopped"] == STOP_TIME
    searched, of = decision.info["depth_moves"]
    assert of == total and done <= searched < total
    assert len(decision.info["shallower"]) == total - searched
    assert str(decision.move) not in decision.info["shallower"]
    # The live line could say the same: that depth's moves were not all searched.
    assert (progress.moves_done, progress.moves_total) == (searched, total)
    # The move is the finished depth's best, unless a move beat it at the unfinished depth.
    before_depth, before_move, _ = decision.info["previous_depth"]
    assert before_depth == 3
    if str(decision.move) != before_move:
        first = next(m for m in decision.scores if str(m) == before_move)
        assert decision.scores[decision.move] > decision.scores[first]


@pytest.mark.parametrize(("seed", "empties"), POSITIONS)
def test_a_cut_before_a_depths_first_move_answers_with_the_finished_depth(
        seed: int, empties: int) -> None:
    """The clock runs out inside depth 5's first move (its second look at the clock after
    depth 4, the first being the look between depths): depth 4 is the answer, complete, and
    the live line had not said depth 5."""
    state = game_position(seed, empties)
    decision, progress = cut_decision(state, 4, len(state.legal_moves()), reads=1)
    assert decision.info["stopped"] == STOP_TIME
    assert reported(decision) == said_live(progress)
    assert decision.depth == 4 and "depth_moves" not in decision.info
    assert progress.moves_done == progress.moves_total == len(state.legal_moves())
    # It was looking 5 moves ahead: the live line can say so beside depth 4's best.
    assert progress.searching == 5


@pytest.mark.parametrize(("seed", "empties"), POSITIONS)
def test_a_finished_search_reports_what_the_progress_last_said(seed: int,
                                                               empties: int) -> None:
    """A search to a depth limit: the last progress is the decision, every root move
    searched at that depth, and the depth before (odd/even swing) as the progress had it."""
    state = game_position(seed, empties)
    # A depth limit only: level 5's own clock stopped it short of depth 5 on a loaded machine
    # (failed once at load ~18 in a full run, passed alone).
    engine = OthelloEngine(level=5, seed=1, use_book=False, time_budget=600.0)
    progress = SearchProgress()
    decision = engine.decide(state, Limits(depth=5, progress=progress))
    assert reported(decision) == said_live(progress) and decision.depth == 5
    assert progress.moves_done == progress.moves_total == len(state.legal_moves())
    assert progress.searching == 5
    assert "depth_moves" not in decision.info
    assert progress.previous is not None
    depth, move, score = progress.previous
    assert decision.info["previous_depth"] == [depth, str(move), score] and depth == 4


def test_a_solve_does_not_call_the_heuristic_search_its_depth_before() -> None:
    """Near the end the engine estimates, then solves: the solve's margins are not the next
    depth of an estimate, so the progress keeps no 'depth before' from the estimate."""
    state = game_position(5, 12)
    engine = OthelloEngine(level=5, seed=1, time_budget=60.0, use_book=False)
    progress = SearchProgress()
    decision = engine.decide(state, Limits(progress=progress))
    assert decision.score_kind == "discs" and progress.score_kind == "discs"
    assert reported(decision) == said_live(progress)
    assert progress.previous is None and "previous_depth" not in decision.info


def test_report_keeps_the_depth_before() -> None:
    limits = Limits(progress=SearchProgress())
    limits.report(1, "a", 3.0, 10)
    assert limits.progress is not None and limits.progress.previous is None
    limits.report(1, "b", 4.0)  # a better move at the same depth
    limits.report(2, "b", -1.0)
    assert limits.progress.previous == (1, "b", 4.0)
    limits.report_moves(1, 3)
    assert (limits.progress.moves_done, limits.progress.moves_total) == (1, 3)
    Limits().report_moves(1, 2)  # nobody watching: nothing to do


@pytest.mark.parametrize(("game", "spec"), [("connect4", "engine:time=0.3"),
                                            ("connect4", "alphabeta:depth=3"),
                                            ("morpion", "minimax:depth=2")])
def test_the_other_searches_say_how_many_root_moves_a_depth_searched(game: str,
                                                                     spec: str) -> None:
    """The generic searches publish their root moves searched, so a live line can tell a
    finished depth from one still going; a finished search ends with all of them."""
    state = get_game(game).options().initial_state()
    progress = SearchProgress()
    decision = make_player(spec, game, seed=1).decide(state, Limits(progress=progress))
    assert progress.moves_total == len(state.legal_moves())
    if not decision.info.get("timed_out"):
        assert progress.moves_done == progress.moves_total
        assert progress.depth == decision.depth


@pytest.mark.parametrize(("seed", "result"), [(1, "win"), (7, "loss"), (8, "loss")])
def test_a_win_loss_draw_answer_says_its_score_is_a_bound(seed: int, result: str) -> None:
    """Near the end the engine first proves who wins, then the margin. Cut after the first
    proof: the answer is a win (or a loss) with a bound on its margin, and so was the live
    score (live "+10" read "win by 10 discs" where the margin is 30). In a loss the move is the
    estimate's best, not the highest bound the proof found, and the live line says so too."""
    state = game_position(seed, 14)
    decision, progress = cut_decision(state, 14, len(state.legal_moves()))
    assert decision.info["solved"] == "win/loss/draw" and decision.info["proven"] == result
    assert reported(decision) == said_live(progress)
    known = decision.info["bounds"][str(decision.move)]
    assert known in ("at least", "at most") and progress.bound == known


def test_a_depth_cap_beyond_the_end_of_the_game_is_a_search_to_the_end() -> None:
    """Level 5 looks 'as deep as the time allows' (a cap of 60): its move's explanation read
    "Stopped at depth 11 of 60: the next depth would not finish in time" (real window,
    1024x768 en 200%), as if 60 were its goal. A depth short of the end is kept."""
    from game.ui.i18n import set_language
    from game.ui.reasoning import stop_line

    set_language("en")
    state = game_position(7, 40)
    decision, _ = cut_decision(state, 4, 1)
    assert decision.info["depth_asked"] == 10_000
    assert stop_line(decision) == ("Stopped by the clock at depth 4, before the end of the "
                                   "game")
    level4 = OthelloEngine(level=4, seed=1, use_book=False).decide(state, Limits(depth=3))
    assert level4.info["depth_asked"] == 3


def test_the_generic_engine_says_its_depth_before() -> None:
    """Connect 4's engine: its move's score flipped sign with the depth reached (+3 at depth 9,
    −2 at 10, QA S14 9). The decision carries the depth before, as its progress had it. (With
    a clock far longer than depth 6 needs: the engine's own 1 s stopped it at depth 5 once,
    at load 15.)"""
    state = get_game("connect4").options().initial_state()
    progress = SearchProgress()
    decision = make_player("engine", "connect4", seed=1).decide(
        state, Limits(depth=6, time=600.0, progress=progress))
    assert decision.depth == 6 and progress.previous is not None
    depth, _move, value = decision.info["previous_depth"]
    assert depth == 5 == progress.previous[0] and value == progress.previous[2]


def test_a_search_to_the_end_has_no_depth_before() -> None:
    """Nim's engine goes from depth 1 (a neutral evaluation: every move 0) to the end of the
    game: "1 move ahead: 0" beside a proven win would compare nothing."""
    state = get_game("nim").options().initial_state()
    progress = SearchProgress()
    decision = make_player("engine", "nim", seed=1).decide(state, Limits(progress=progress))
    assert progress.depth == decision.depth >= 10_000
    assert progress.previous is None


@pytest.mark.parametrize(("done", "reads"), [(1, 2), (2, 16), (3, 0)])
def test_an_exact_solve_cut_short_answers_with_what_it_said_last(done: int,
                                                                 reads: int) -> None:
    """The exact solve proves a later move better than the best so far (a null window), then
    works out its margin; cut in between, the answer is that move "at least +16" while the
    live line still said the earlier one's "+14" (15 of 126 cut points of six won endgames)."""
    state = game_position(1, 14)
    decision, progress = cut_decision(state, 14, done, reads)
    assert reported(decision) == said_live(progress)
    assert progress.bound == decision.info["bounds"][str(decision.move)]
