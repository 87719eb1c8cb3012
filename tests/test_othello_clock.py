"""The Othello engine's time management and opening book (issue 15): budgets checked on an
injected clock (never the wall clock), forced and clearly-best moves, the book's file, its use
by levels 4-5 and the decision saying so, the level descriptions."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

import ai.othello_book as othello_book
import ai.othello_engine as othello_engine
from ai.base import Limits
from ai.othello_book import SYMMETRIES, Book, canonical, load_book, read_book
from ai.othello_engine import (
    LEVELS,
    STOP_CLEAR,
    STOP_SOLVED,
    OthelloEngine,
    _lead,
    describe_levels,
    move_time,
)
from ai.othello_eval import GEOMETRIES
from ai.othello_search import Searcher
from game.rules.othello import PASS, OthelloOptions, OthelloState, bits, legal_mask


class StepClock:
    """A clock that moves ``step`` seconds each time it is read: the engine reads it every
    few hundred nodes, so its seconds stand for node counts, the same on any machine."""

    def __init__(self, step: float = 0.004) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def game_position(seed: int, empties: int) -> OthelloState:
    """A position of a seeded random game with ``empties`` empty squares, two moves or more."""
    rng = random.Random(seed)
    while True:
        s = OthelloOptions().initial_state()
        while s.outcome is None and s.empty_count > empties:
            s = s.play(rng.choice(s.legal_moves()))
        if s.outcome is None and s.empty_count == empties and len(s.legal_moves()) > 1:
            return s


def timed(engine: OthelloEngine, clock: StepClock, state: OthelloState,
          limits: Limits | None = None) -> tuple[float, dict[str, object]]:
    """Seconds of ``clock`` one decision took, and its info."""
    before = clock.now
    decision = engine.choose(state, limits)
    return clock.now - before, decision.info


# --- time management ------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "budget"), [(1, None), (2, None), (3, None),
                                                (4, 0.15), (5, 0.15), (5, 0.3)])
def test_every_level_keeps_within_its_budget_plus_100_ms(level: int, budget: float | None
                                                        ) -> None:
    # Opening, middlegame and endgame (where the solver runs) positions; the budget is the
    # level's own or a short one for the strong levels (their own would take long to play out).
    clock = StepClock()
    engine = OthelloEngine(level=level, clock=clock, use_book=False)
    allowed = budget if budget is not None else LEVELS[level].time
    for seed, empties in ((1, 50), (2, 36), (3, 24), (4, 14)):
        spent, _ = timed(engine, clock, game_position(seed, empties), Limits(time=budget))
        assert spent <= allowed + 0.1


def test_the_solver_stage_keeps_within_the_budget() -> None:
    # 22 empties with level 5's solve threshold raised by a long budget on a fast clock: the
    # solver cannot finish, and the move still comes within the budget.
    clock = StepClock(0.05)
    engine = OthelloEngine(level=5, clock=clock, use_book=False)
    s = game_position(5, 22)
    assert engine.solve_from(8.0) >= 22
    spent, info = timed(engine, clock, s, Limits(time=8.0))
    assert spent <= 8.0 + 0.1
    assert info["stopped"] != STOP_SOLVED


def test_small_endgames_are_solved_and_say_so() -> None:
    clock = StepClock(0.0001)
    spent, info = timed(OthelloEngine(level=5, clock=clock, use_book=False), clock,
                        game_position(6, 10))
    assert info["stopped"] == STOP_SOLVED and info["exact"]
    assert spent <= LEVELS[5].time


@pytest.mark.parametrize("kind", ["only move", "pass"])
def test_forced_moves_are_instant(kind: str) -> None:
    # A lone legal move and the pass: no search at all (no node, the clock read once).
    rng = random.Random(3)
    while True:
        s = OthelloOptions().initial_state()
        while s.outcome is None:
            moves = s.legal_moves()
            if len(moves) == 1 and (moves[0] == PASS) == (kind == "pass"):
                break
            s = s.play(rng.choice(moves))
        if s.outcome is None:
            break
    clock = StepClock()
    spent, info = timed(OthelloEngine(level=5, clock=clock), clock, s)
    assert info["forced"] and spent <= clock.step
    assert OthelloEngine(level=5).choose(s).nodes == 0


def test_move_time_gives_the_opening_half_and_the_middlegame_all() -> None:
    assert move_time(1.0, 56) == pytest.approx(0.5)
    assert move_time(1.0, 49) == pytest.approx(0.5)
    assert move_time(1.0, 48) == pytest.approx(1.0)
    assert move_time(2.0, 20) == pytest.approx(2.0)


def test_opening_moves_take_at_most_their_share() -> None:
    clock = StepClock()
    engine = OthelloEngine(level=5, clock=clock, use_book=False)
    spent, _ = timed(engine, clock, game_position(8, 54), Limits(time=0.4))
    assert spent <= move_time(0.4, 54) + 0.1


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_clearly_best_agrees_with_the_exact_gap(monkeypatch: pytest.MonkeyPatch,
                                                seed: int) -> None:
    # The gap between the best and the second move from an all-exact search at depth 3; the
    # test on the PVS result (whose other values are only bounds) must say "clear" exactly
    # when the margin is at most that gap.
    s = game_position(10 + seed, 40)
    g = GEOMETRIES[8]
    engine = OthelloEngine(level=5, use_book=False)
    exact = engine._root(Searcher(g, evaluator=engine._evaluator()), s.own, s.opp, 3, None,
                         all_exact=True)
    gap = _lead(exact)
    searcher = Searcher(g, evaluator=engine._evaluator())
    pvs = engine._root(searcher, s.own, s.opp, 3, None, all_exact=False)
    assert (pvs.best, pvs.value) == (exact.best, exact.value)
    for margin in (gap, gap + 1, max(gap - 50, 1), gap + 50):
        monkeypatch.setattr(othello_engine, "CLEAR_MARGIN", margin)
        assert engine._clearly_best(searcher, s.own, s.opp, pvs) == (gap >= margin)


@pytest.mark.parametrize("clear", [True, False])
def test_a_clearly_best_move_stops_the_search_early(monkeypatch: pytest.MonkeyPatch,
                                                    clear: bool) -> None:
    # When the test says "clear", the timed search stops at CLEAR_FROM, long before its
    # budget; when it does not, the search goes deeper (depth 7 here at 0.2 s of the step
    # clock; with 1 s it went on to depth 9, 2.8 s of CPU for the same check).
    monkeypatch.setattr(OthelloEngine, "_clearly_best", staticmethod(lambda *args: clear))
    clock = StepClock(0.001)
    engine = OthelloEngine(level=5, clock=clock, use_book=False)
    decision = engine.choose(game_position(7, 40), Limits(time=0.2))
    if clear:
        assert decision.info["stopped"] == STOP_CLEAR
        assert decision.depth == othello_engine.CLEAR_FROM
    else:
        assert decision.info["stopped"] != STOP_CLEAR
        assert decision.depth is not None and decision.depth > othello_engine.CLEAR_FROM


def test_a_depth_limited_search_never_stops_for_a_clear_move(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(OthelloEngine, "_clearly_best", staticmethod(lambda *args: True))
    engine = OthelloEngine(level=5, use_book=False, clock=StepClock(1e-9))
    decision = engine.choose(game_position(7, 40), Limits(depth=6))
    assert decision.depth == 6


# --- the opening book -----------------------------------------------------------------------


def test_the_shipped_book_loads_and_answers_the_first_move() -> None:
    book, message = load_book()
    assert book is not None, message
    s = OthelloOptions().initial_state()
    moves = book.moves(s.own, s.opp)
    assert moves and all(legal_mask(s.own, s.opp) >> sq & 1 for sq, _ in moves)


def test_levels_with_a_book_play_from_it_and_say_so() -> None:
    s = OthelloOptions().initial_state()
    for level in (4, 5):
        decision = OthelloEngine(level=level).choose(s)
        assert isinstance(decision.info.get("book"), str)
        assert decision.nodes == 0 and decision.move in s.legal_moves()
    for level in (1, 2, 3):
        assert "book" not in OthelloEngine(level=level).choose(s).info
    assert "book" not in OthelloEngine(level=5, use_book=False).choose(s).info
    # The shared ``engine`` player (analyses, matches, a class watching it think) searches.
    from ai.registry import make_player

    assert "book" not in make_player("engine:time=0.1", "othello", seed=1).choose(s).info
    level5 = make_player("engine-level:level=5", "othello", seed=1).choose(s)
    assert isinstance(level5.info.get("book"), str)


def test_the_book_answers_every_symmetric_image() -> None:
    s = game_position(9, 56)
    legal = sorted(bits(legal_mask(s.own, s.opp)))
    key, which = canonical(s.own, s.opp)
    chosen = legal[0]
    # Store the move for the canonical image, then ask from each of the eight images.
    book = Book({key: ((SYMMETRIES[which][chosen], 0),)}, 2, "test")
    for m in SYMMETRIES:
        own = sum(1 << m[sq] for sq in bits(s.own))
        opp = sum(1 << m[sq] for sq in bits(s.opp))
        assert canonical(own, opp)[0] == key
        assert book.moves(own, opp)[0][0] == m[chosen]


def test_book_file_round_trip_and_checks() -> None:
    s = OthelloOptions().initial_state()
    key, which = canonical(s.own, s.opp)
    first = next(iter(bits(legal_mask(s.own, s.opp))))
    book = Book({key: ((SYMMETRIES[which][first], 12),)}, 4, "test")
    again = read_book(book.to_json())
    assert again.entries == book.entries and again.depth == 4
    # An illegal move, a board that is not canonical, and garbage are refused.
    illegal = book.to_json().replace(f"[[{SYMMETRIES[which][first]},", "[[0,")
    with pytest.raises(othello_book.BookFileError):
        read_book(illegal)
    with pytest.raises(othello_book.BookFileError):
        read_book(Book({(key[1], key[0]): ((0, 0),)}, 4, "x").to_json())
    with pytest.raises(othello_book.BookFileError):
        read_book("{not json")


@pytest.mark.parametrize("content", [None, "{\"format\": \"aigamelab-othello-book\"}",
                                     "\x00garbage"])
def test_a_missing_or_corrupt_book_logs_a_warning_and_the_engine_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        content: str | None) -> None:
    path = tmp_path / "book.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    monkeypatch.setattr(othello_book, "shipped_path", lambda: path)
    monkeypatch.setattr(othello_book, "_SHIPPED", [])
    with caplog.at_level(logging.WARNING, logger="ai.othello_book"):
        book, message = load_book()
        assert book is None and "unusable" in message
        s = OthelloOptions().initial_state()
        decision = OthelloEngine(level=5).choose(s, Limits(depth=2, time=1.0))
        decision = OthelloEngine(level=5, clock=StepClock()).choose(s, Limits(time=0.1))
    assert "book" not in decision.info and decision.move in s.legal_moves()
    assert any("opening book" in r.getMessage() for r in caplog.records)


def test_the_book_tool_is_seeded_and_writes_a_readable_book() -> None:
    from tools.make_othello_book import make_book

    one = make_book(games=2, plies=3, depth=2, window=300, keep=3, seed=4, log=False)
    two = make_book(games=2, plies=3, depth=2, window=300, keep=3, seed=4, log=False)
    assert one.to_json() == two.to_json()
    assert read_book(one.to_json()).entries == one.entries
    start = OthelloOptions().initial_state()
    assert one.moves(start.own, start.opp)


def test_the_reasoning_panel_says_the_move_came_from_the_book() -> None:
    from game.ui.i18n import tr
    from game.ui.reasoning import reasoning_lines

    decision = OthelloEngine(level=5).choose(OthelloOptions().initial_state())
    assert tr("think.book") in reasoning_lines(decision, "Black")


# --- levels ---------------------------------------------------------------------------------


def test_levels_are_described_by_time_and_strength() -> None:
    text = describe_levels()
    for level in LEVELS.values():
        assert level.about and level.about in text and f"{level.time:g} s" in text
    assert [lv.book for lv in LEVELS.values()] == [False, False, False, True, True]
    assert LEVELS[1].discs_only and LEVELS[1].slack > 0  # the beginner's level
    times = [lv.time for lv in LEVELS.values()]
    assert times == sorted(times)
