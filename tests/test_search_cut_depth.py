"""The generic engine (Connect 4's, Nim's...) answers from a depth the clock cut short once it
has searched that depth's first root move (the previous best): with its best move so far, the
previous best valued one ply deeper or a move that beat it at that depth; the moves it did not
reach keep their values of the depth before and are named.

The clock is the test's (tests/test_othello_live.py's): it jumps past the deadline when the
search reports a chosen root move done at a chosen depth, and the engine reads it at every node
here (CHECK_EVERY 1), so each cut falls at the same node on any machine (no wall time).
"""

from __future__ import annotations

from typing import Any

import pytest

import ai.search
from ai.base import Limits, SearchProgress
from ai.search import TO_THE_END, EnginePlayer
from game.rules.connect4 import GAME as CONNECT4
from game.rules.connect4 import Connect4State
from game.rules.nim import NimOptions
from tests.test_othello_live import CutAt, JumpClock

#: Connect 4 after f c g f g f. The engine's depth 3 prefers f (+3); at depth 4, searching f
#: first (-6) then d (-5), d beats it (the fixed-depth searches' values, asserted below).
OPENING = "fcgfgf"


def connect4_after(columns: str) -> Connect4State:
    """The position after the columns named by their letters."""
    state = CONNECT4.initial_state()
    for letter in columns:
        state = state.play(state.parse_move(letter))
    return state


def engine_cut(state: Any, depth: int, done: int) -> tuple[Any, SearchProgress]:
    """The engine's decision when its clock runs out once ``done`` root moves are searched at
    ``depth`` (checked at every node), and what it published live."""
    clock = JumpClock()
    player = EnginePlayer("engine", seed=1, time_budget=1.0, clock=clock)
    progress = SearchProgress()
    limits = CutAt(progress=progress, clock=clock, cut_depth=depth, cut_done=done)
    return player.decide(state, limits), progress


def fixed_depth(state: Any, depth: int) -> Any:
    """The engine's decision searching exactly ``depth`` plies (no clock)."""
    return EnginePlayer("engine", seed=1, time_budget=60.0).decide(state, Limits(depth=depth))


@pytest.fixture(autouse=True)
def _clock_read_at_every_node(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.search, "CHECK_EVERY", 1)


def test_the_position_is_one_where_the_next_depth_changes_the_choice() -> None:
    state = connect4_after(OPENING)
    three, four = fixed_depth(state, 3), fixed_depth(state, 4)
    assert str(three.move) == "f" and str(four.move) == "d"
    order = sorted(three.scores, key=lambda m: -three.scores[m])
    assert [str(m) for m in order[:2]] == ["f", "d"]
    assert four.scores[order[1]] > four.scores[order[0]]


def test_a_move_that_beat_the_previous_best_at_the_cut_depth_is_played() -> None:
    """Before: the clock cut depth 4 after f and d, and the engine played f from depth 3."""
    state = connect4_after(OPENING)
    decision, progress = engine_cut(state, depth=4, done=2)
    four, three = fixed_depth(state, 4), fixed_depth(state, 3)
    assert str(decision.move) == "d" and decision.depth == 4
    assert decision.info["timed_out"] and decision.info["depth_moves"] == [2, 7]
    searched = {str(m) for m in decision.scores} - set(decision.info["shallower"])
    assert searched == {"f", "d"}
    for move, value in decision.scores.items():
        # The moves searched have their depth-4 values, the others their depth-3 ones.
        assert value == (four if str(move) in searched else three).scores[move], move
    assert decision.info["previous_depth"] == [3, "f", three.scores[three.move]]
    # What the class was shown live is what the move reports.
    assert (progress.depth, progress.best, progress.score) == (
        4, decision.move, decision.scores[decision.move])


def test_a_cut_after_the_previous_best_alone_plays_it_valued_one_ply_deeper() -> None:
    state = connect4_after(OPENING)
    decision, progress = engine_cut(state, depth=4, done=1)
    assert str(decision.move) == "f" and decision.depth == 4
    assert decision.scores[decision.move] == fixed_depth(state, 4).scores[decision.move]
    assert decision.info["depth_moves"] == [1, 7] and "f" not in decision.info["shallower"]
    assert progress.score == decision.scores[decision.move]


def test_a_cut_before_the_first_move_is_searched_answers_with_the_depth_before() -> None:
    state = connect4_after(OPENING)
    decision, _ = engine_cut(state, depth=3, done=7)  # depth 4's first node is past the clock
    three = fixed_depth(state, 3)
    assert decision.depth == 3 and decision.move == three.move
    assert decision.scores == three.scores
    assert decision.info["timed_out"] and "depth_moves" not in decision.info


@pytest.mark.parametrize(("done", "answer"), [(1, None), (2, 2)])
def test_a_search_to_the_end_cut_short_answers_only_with_a_proven_win(
        done: int, answer: int | None) -> None:
    """Nim's neutral evaluation: depth 1, then to the end (take 1, 2, 3 in that order; from 6
    matches only taking 2 wins). Its depth 1's zeros say nothing: a cut after taking 1 (a
    loss) answers from depth 1, a cut after taking 2 (the win) plays it."""
    state = NimOptions(matches=6).initial_state()
    decision, _ = engine_cut(state, depth=TO_THE_END, done=done)
    assert "depth_moves" not in decision.info and decision.info["timed_out"]
    if answer is None:
        assert decision.depth == 1 and set(decision.scores.values()) == {0.0}
    else:
        assert decision.depth == TO_THE_END and decision.move.count == answer
        assert decision.info["exact"]


def test_the_board_draws_the_moves_a_cut_depth_did_not_reach_neutral_and_the_legend_says_why(
        ) -> None:
    """Seen headless (Connect 4 vs the engine, 1024x768 en 200%): depth 6 cut after its first
    move b (-4), the columns d and f kept depth 5's exact "+6", drawn green beside the chosen
    "-4" as if a better move had been left unplayed. They are neutral now, like the Othello
    engine's, and the legend says they look one move less ahead."""
    from game.ui import i18n
    from game.ui.reasoning import Shallower, score_legend, shown_scores

    # After g d, depth 3 values c and d alike (+4, exact); depth 4 searches c first (-6) and
    # the clock stops it there: d keeps its exact +4 of depth 3, above the chosen move's -6.
    decision, _ = engine_cut(connect4_after("gd"), depth=4, done=1)
    names = set(decision.info["shallower"])
    shown = shown_scores(decision)
    bounded = {m for m, flag in decision.info["bounds"].items() if flag == "upper bound"}
    exact_before = [m for m in decision.scores if str(m) in names - bounded]
    assert [str(m) for m in exact_before] == ["d"] and str(decision.move) == "c"
    assert decision.scores[exact_before[0]] > decision.scores[decision.move]
    for move, value in shown.items():
        assert getattr(value, "neutral", False) == (str(move) in names | bounded), move
        if str(move) in names:
            # (A value of the depth before that was itself a bound says so: QA17 7.)
            assert value.meaning == Shallower(3, True if str(move) in bounded else None), move
    words = [row.words for row in score_legend(decision, "Red")]
    assert i18n.tr("legend.shallower", n=3) in words, words
