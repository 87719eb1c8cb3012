"""The Othello engine: exact solver against plain minimax, TT and pruning against plain search,
legal play over many games, cancel, budgets, the decision's data, the roster entries.

Time bounds here are deliberately generous (the machine is shared): they catch an engine that
ignores its clock or its cancel flag, not a slow one; speed is measured in benchmarks/othello.py.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from ai import othello_search
from ai.base import Limits, SearchCancelled
from ai.othello_engine import EXACT, LEVELS, WLD, OthelloEngine, RootResult
from ai.othello_eval import GEOMETRIES, evaluate, stable_discs, stable_mask
from ai.othello_flips import FLIPS
from ai.othello_patterns import shipped_evaluator
from ai.othello_search import CHECK_EVERY, INF, PROVEN, Searcher, SearchTimeout, final_margin
from ai.registry import NotApplicableError, make_player
from game.rules.othello import PASS, OthelloOptions, OthelloState, flip_mask, legal_mask, move_at


def random_position(rng: random.Random, size: int, empties: int) -> OthelloState:
    """A position of a random game with exactly ``empties`` empty squares, game not over."""
    while True:
        s = OthelloOptions(size).initial_state()
        while s.legal_moves() and s.empty_count > empties:
            s = s.play(rng.choice(s.legal_moves()))
        if s.empty_count == empties and s.outcome is None:
            return s


def minimax_margin(s: OthelloState) -> int:
    """Full-width minimax on the rules' states: final margin for the mover, empties to winner."""
    moves = s.legal_moves()
    if not moves:
        mine, theirs = s.count(s.to_move), s.count(1 - s.to_move)
        if mine > theirs:
            return mine - theirs + s.empty_count
        if mine < theirs:
            return mine - theirs - s.empty_count
        return 0
    return max(-minimax_margin(s.play(m)) for m in moves)


def bit_minimax(own: int, opp: int, region: int, squares: int, passed: bool = False) -> int:
    """Full-width minimax on bitboards with the rules' own move generator (faster than states,
    still independent of the solver's code): final margin for the mover, empties to winner."""
    moves = legal_mask(own, opp, region)
    if not moves:
        if passed:
            return final_margin(own, opp, squares)
        return -bit_minimax(opp, own, region, squares, True)
    best = -INF
    while moves:
        b = moves & -moves
        moves ^= b
        f = flip_mask(own, opp, b.bit_length() - 1)
        best = max(best, -bit_minimax(opp & ~f, own | f | b, region, squares))
    return best


def minimax_value(s: OthelloState, depth: int) -> int:
    """Plain fixed-depth negamax on the engine's evaluation (no pruning, no table); a pass does
    not use up depth, as in the engine."""
    g = GEOMETRIES[s.size]
    moves = s.legal_moves()
    if not moves:
        return final_margin(s.own, s.opp, g.squares) * PROVEN
    if depth == 0:
        return evaluate(s.own, s.opp, g)
    if moves == (PASS,):
        return -minimax_value(s.play(PASS), depth)
    return max(-minimax_value(s.play(m), depth - 1) for m in moves)


# --- exact solver ------------------------------------------------------------------------------


@pytest.mark.parametrize("size,count,max_empties", [(8, 100, 7), (6, 60, 7), (4, 40, 8)])
def test_solver_matches_full_width_minimax(size: int, count: int, max_empties: int) -> None:
    rng = random.Random(size)
    for i in range(count):
        s = random_position(rng, size, 1 + i % max_empties)
        searcher = Searcher(GEOMETRIES[size])
        assert searcher.solve(s.own, s.opp, -INF, INF) == minimax_margin(s), s.rows()


def test_solver_matches_bitboard_minimax_with_up_to_8_empties() -> None:
    rng = random.Random(9)
    g = GEOMETRIES[8]
    for i in range(32):
        s = random_position(rng, 8, 1 + i % 8)
        assert Searcher(g).solve(s.own, s.opp, -INF, INF) == bit_minimax(
            s.own, s.opp, g.region, g.squares), s.rows()


@pytest.mark.slow
def test_solver_matches_minimax_with_up_to_10_empties() -> None:
    rng = random.Random(10)
    g = GEOMETRIES[8]
    for i in range(200):
        s = random_position(rng, 8, 1 + i % 10)
        assert Searcher(g).solve(s.own, s.opp, -INF, INF) == bit_minimax(
            s.own, s.opp, g.region, g.squares)


def test_win_loss_draw_search_agrees_in_sign_with_the_exact_solve() -> None:
    rng = random.Random(21)
    g = GEOMETRIES[8]
    signs = set()
    for i in range(20):
        s = random_position(rng, 8, 8 + i % 4)
        exact = Searcher(g).solve(s.own, s.opp, -INF, INF)
        wld = Searcher(g).solve(s.own, s.opp, -1, 1)
        assert (wld > 0) == (exact > 0) and (wld < 0) == (exact < 0), s.rows()
        signs.add((exact > 0) - (exact < 0))
    assert signs >= {-1, 1}  # both outcomes were exercised


def test_solver_reused_table_keeps_exact_values() -> None:
    # One searcher solving many positions (as the engine does over a game) with a tiny table
    # that is emptied often: values stay exact.
    rng = random.Random(22)
    g = GEOMETRIES[8]
    searcher = Searcher(g, tt_entries=40)
    for i in range(12):
        s = random_position(rng, 8, 9 + i % 2)
        searcher.solve(s.own, s.opp, -1, 1)  # leaves bounds in the table
        exact = searcher.solve(s.own, s.opp, -INF, INF)
        # A fresh searcher without a table (checked against minimax above) agrees.
        assert exact == Searcher(g, use_tt=False).solve(s.own, s.opp, -INF, INF)


def test_generated_flip_functions_equal_the_rules() -> None:
    rng = random.Random(23)
    for _ in range(20000):
        own = rng.getrandbits(64)
        opp = rng.getrandbits(64) & ~own
        sq = rng.randrange(64)
        own &= ~(1 << sq)
        opp &= ~(1 << sq)
        assert FLIPS[sq](own, opp) == flip_mask(own, opp, sq)


def test_stable_discs_are_never_turned() -> None:
    # Whatever is played afterwards, a disc called stable keeps its colour.
    rng = random.Random(24)
    checked = 0
    for _ in range(150):
        s = random_position(rng, 8, rng.randrange(4, 30))
        occupied = s.black | s.white
        g = GEOMETRIES[8]
        black, white = stable_mask(s.black, occupied, g), stable_mask(s.white, occupied, g)
        checked += (black | white).bit_count()
        while s.outcome is None:
            s = s.play(rng.choice(s.legal_moves()))
            assert s.black & black == black and s.white & white == white
    assert checked > 100


def test_stable_mask_finds_full_lines_and_edge_anchors() -> None:
    s = OthelloState.from_rows([
        "XXXO....",
        "X.......",
        "X.......",
        "OOOOOOOO",
        "........",
        "........",
        "........",
        "........",
    ])
    g = GEOMETRIES[8]
    occupied = s.black | s.white
    assert stable_mask(s.black, occupied, g).bit_count() == 5  # a1 b1 c1 a2 a3
    # Row 4 is full, but its discs can still be turned along columns and diagonals.
    assert stable_mask(s.white, occupied, g) == 0


def test_solver_notices_cancel_and_deadline_within_a_few_hundred_nodes() -> None:
    # The deadline check behind "cancel returns within 100 ms": the flag and the clock are read
    # at least every CHECK_EVERY nodes plus one last-four subtree, whatever the position.
    s = random_position(random.Random(25), 8, 20)
    g = GEOMETRIES[8]
    cancelled = Searcher(g)
    cancelled.cancel.set()
    with pytest.raises(SearchCancelled):
        cancelled.solve(s.own, s.opp, -INF, INF)
    assert cancelled.nodes <= CHECK_EVERY + 200
    late = Searcher(g, deadline=0.0)
    with pytest.raises(SearchTimeout):
        late.solve(s.own, s.opp, -1, 1)
    assert late.nodes <= CHECK_EVERY + 200


def test_solver_with_narrow_windows_gives_bounds() -> None:
    rng = random.Random(3)
    for _ in range(40):
        s = random_position(rng, 8, 7)
        exact = Searcher(GEOMETRIES[8]).solve(s.own, s.opp, -INF, INF)
        for guess in (exact - 2, exact, exact + 2):
            v = Searcher(GEOMETRIES[8]).solve(s.own, s.opp, guess - 1, guess)
            # Fail-soft null window: above the window proves >= guess, below proves < guess.
            assert (v >= guess) == (exact >= guess)


def test_4x4_is_a_white_win_with_perfect_play() -> None:
    s = OthelloOptions(4).initial_state()
    # -10 was checked against full-width minimax (the slow test below).
    assert Searcher(GEOMETRIES[4]).solve(s.own, s.opp, -INF, INF) == -10


@pytest.mark.slow
def test_4x4_perfect_play_matches_minimax() -> None:
    s = OthelloOptions(4).initial_state()
    assert Searcher(GEOMETRIES[4]).solve(s.own, s.opp, -INF, INF) == minimax_margin(s)


# --- midgame search ----------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_alpha_beta_with_and_without_table_equal_plain_minimax(depth: int) -> None:
    rng = random.Random(depth)
    for size, empties in ((8, 44), (8, 30), (6, 20), (4, 9)) * 3:
        s = random_position(rng, size, empties)
        g = GEOMETRIES[size]
        with_tt = Searcher(g).negamax(s.own, s.opp, depth, -INF, INF)
        without = Searcher(g, use_tt=False).negamax(s.own, s.opp, depth, -INF, INF)
        assert with_tt == without == minimax_value(s, depth)


def test_table_does_not_change_a_deeper_fixed_depth_value() -> None:
    rng = random.Random(5)
    for _ in range(4):
        s = random_position(rng, 8, 40)
        g = GEOMETRIES[8]
        with_tt = Searcher(g)
        # Iterative deepening fills the table first, as the engine does.
        for d in range(1, 5):
            value = with_tt.negamax(s.own, s.opp, d, -INF, INF)
        assert value == Searcher(g, use_tt=False).negamax(s.own, s.opp, 4, -INF, INF)


def test_endgame_table_keeps_two_bounded_generations() -> None:
    # A full endgame table becomes the old generation instead of being emptied: both stay
    # bounded, entries of the old one are still found, and the values stay exact.
    rng = random.Random(31)
    g = GEOMETRIES[8]
    searcher = Searcher(g, tt_entries=30)
    rotated = False
    for _ in range(6):
        s = random_position(rng, 8, 11)
        exact = searcher.solve(s.own, s.opp, -INF, INF)
        assert exact == Searcher(g, use_tt=False).solve(s.own, s.opp, -INF, INF)
        assert len(searcher.ett) <= 30 and len(searcher.ett_old) <= 30
        rotated = rotated or bool(searcher.ett_old)
        for key, entry in searcher.ett_old.items():
            if key not in searcher.ett:
                assert searcher.eprobe(key) == entry
    assert rotated


def test_last_two_empties_solver_matches_minimax() -> None:
    # The last two squares are played inline (no call per last move): every case of who can
    # play them, passes and the empty square given to the winner, against plain minimax.
    rng = random.Random(8)
    g = GEOMETRIES[8]
    for _ in range(150):
        s = random_position(rng, 8, 2)
        assert Searcher(g).solve(s.own, s.opp, -INF, INF) == bit_minimax(
            s.own, s.opp, g.region, g.squares)


def test_table_size_is_bounded() -> None:
    s = random_position(random.Random(9), 8, 40)
    searcher = Searcher(GEOMETRIES[8], tt_entries=50)
    searcher.negamax(s.own, s.opp, 4, -INF, INF)
    assert len(searcher.tt) <= 50


def test_evaluation_is_antisymmetric_in_mobility_terms_and_bounded() -> None:
    rng = random.Random(4)
    for _ in range(200):
        s = random_position(rng, 8, rng.randrange(1, 59))
        g = GEOMETRIES[8]
        v = evaluate(s.own, s.opp, g)
        assert abs(v) < PROVEN


def test_stable_discs_from_a_corner_along_edges() -> None:
    s = OthelloState.from_rows([
        "XXXO....",
        "X.......",
        "X.......",
        "........",
        "........",
        "........",
        "........",
        "........",
    ])
    g = GEOMETRIES[8]
    stable = stable_discs(s.black, s.black | s.white, g)
    assert stable.bit_count() == 5  # a1 b1 c1 a2 a3; d1 is white, the line stops there
    assert stable_discs(s.white, s.black | s.white, g) == 0


# --- the player --------------------------------------------------------------------------------


def test_engine_takes_the_move_that_wins_everything() -> None:
    # Black's d1 turns White's only discs: the game ends with Black alone on the board.
    s = OthelloState.from_rows([
        "XOO.....",
        "........",
        "........",
        "........",
        "........",
        "........",
        "........",
        "....X...",
    ])
    decision = OthelloEngine(level=5).choose(s, Limits(time=0.5))
    assert str(decision.move) == "d1"


def test_engine_plays_only_legal_moves_over_many_games() -> None:
    rng = random.Random(11)
    engine = OthelloEngine(level=2, seed=1)
    games = 0
    for size, count in ((4, 130), (6, 50), (8, 20)):
        for g in range(count):
            s = OthelloOptions(size).initial_state()
            engine_side = g % 2
            while s.outcome is None:
                if s.to_move == engine_side:
                    move = engine.choose(s, Limits(depth=2 if size < 8 else 1)).move
                    assert move in s.legal_moves()
                else:
                    move = rng.choice(s.legal_moves())
                s = s.play(move)
            games += 1
    assert games == 200


def test_decision_carries_real_search_data() -> None:
    s = random_position(random.Random(2), 8, 40)
    decision = OthelloEngine(level=5).choose(s, Limits(depth=4))
    assert decision.depth == 4
    assert decision.nodes > 10
    assert set(decision.scores) == set(s.legal_moves())
    assert decision.pv[0] == decision.move and len(decision.pv) >= 2
    assert decision.scores[decision.move] == max(decision.scores.values())
    bounds = decision.info["bounds"]
    assert bounds[str(decision.move)] == "exact"
    # The pv is a legal line.
    t = s
    for m in decision.pv:
        t = t.play(m)
    # The root value equals a fresh fixed-depth search of the same position.
    g = GEOMETRIES[8]
    fresh = Searcher(g, evaluator=shipped_evaluator())
    assert decision.scores[decision.move] == fresh.negamax(s.own, s.opp, 4, -INF, INF)


def test_endgame_decision_is_exact_and_matches_minimax() -> None:
    s = random_position(random.Random(6), 8, 8)
    decision = OthelloEngine(level=5).choose(s, Limits(time=5.0))
    assert decision.info["exact"] is True and decision.score_kind == "discs"
    assert decision.scores[decision.move] == minimax_margin(s)
    assert minimax_margin(s.play(decision.move)) == -minimax_margin(s)


def test_forced_moves_are_played_at_once() -> None:
    s = OthelloState.from_rows(["OX..", "....", "....", "...."])
    decision = OthelloEngine().choose(s)
    assert decision.move == PASS and decision.info["forced"]


def test_cancel_stops_the_search() -> None:
    s = random_position(random.Random(8), 8, 44)
    limits = Limits(time=30.0)
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            OthelloEngine(level=5).choose(s, limits)
            outcome["result"] = "decided"
        except SearchCancelled:
            outcome["result"] = "cancelled"

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(0.3)
    cancelled_at = time.perf_counter()
    limits.cancel.set()
    worker.join(timeout=5)
    # Generous bound for a loaded machine; the search checks the flag every 256 nodes.
    assert time.perf_counter() - cancelled_at < 0.5
    assert outcome["result"] == "cancelled"


def test_cancel_before_the_search() -> None:
    limits = Limits()
    limits.cancel.set()
    with pytest.raises(SearchCancelled):
        OthelloEngine().choose(OthelloOptions().initial_state(), limits)


def test_level_one_is_weaker_than_level_three_on_small_board() -> None:
    # 6x6 games from varied openings, seats swapped: level 3 (held to depth 3 to stay quick)
    # wins most games against level 1 (one ply, disc count, random slack).
    wins = 0
    strong, weak = OthelloEngine(level=3, seed=1), OthelloEngine(level=1, seed=2)
    for g in range(8):
        s = random_position(random.Random(g), 6, 28)
        while s.outcome is None:
            if s.to_move == g % 2:
                move = strong.choose(s, Limits(depth=3)).move
            else:
                move = weak.choose(s).move
            s = s.play(move)
        if s.outcome.winner == g % 2:
            wins += 1
    assert wins >= 6


@pytest.mark.parametrize("size", [4, 6])
def test_small_boards_are_played(size: int) -> None:
    s = OthelloOptions(size).initial_state()
    decision = OthelloEngine(level=4).choose(s, Limits(time=0.3))
    assert decision.move in s.legal_moves()


def test_bad_construction_and_wrong_game() -> None:
    with pytest.raises(ValueError, match="level"):
        OthelloEngine(level=6)
    with pytest.raises(ValueError, match="time"):
        OthelloEngine(time_budget=-1)
    with pytest.raises(TypeError, match="Othello"):
        OthelloEngine().decide(object(), Limits())  # type: ignore[arg-type]


def test_roster_entries() -> None:
    engine = make_player("engine:time=0.2", "othello")
    assert isinstance(engine, OthelloEngine) and engine.time_budget == 0.2
    levelled = make_player("engine-level:level=1", "othello", seed=3)
    assert isinstance(levelled, OthelloEngine) and levelled.level.number == 1
    assert levelled.spec == "engine-level:level=1,time=0,eval=patterns"
    with pytest.raises(NotApplicableError):
        make_player("engine-level", "nim")
    # The generic engine still serves the other games.
    assert not isinstance(make_player("engine", "nim"), OthelloEngine)


def test_solve_threshold_follows_the_budget() -> None:
    engine = OthelloEngine(level=5)
    assert engine.solve_from(2.0) == LEVELS[5].exact_empties == 20
    assert engine.solve_from(1.0) == 18 and engine.solve_from(0.5) == 16
    assert engine.solve_from(600.0) == 24  # capped
    assert OthelloEngine(level=1).solve_from(60.0) == 0  # level 1 never solves


def test_endgame_decision_under_a_short_budget_is_a_legal_move_with_its_stage() -> None:
    # 18 empties and 0.3 s: whatever stage finishes (search, win/loss/draw or exact), the
    # decision says which, and the move is legal.
    s = random_position(random.Random(26), 8, 18)
    decision = OthelloEngine(level=5).choose(s, Limits(time=0.3))
    assert decision.move in s.legal_moves()
    assert decision.info["solved"] in ("heuristic", "win/loss/draw", "exact")


def exact_child_margin(s: OthelloState, sq: int) -> int:
    """The exact final margin, for the mover of ``s``, of playing on square ``sq``."""
    f = flip_mask(s.own, s.opp, sq)
    return -Searcher(GEOMETRIES[8]).solve(s.opp & ~f, s.own | f | (1 << sq), -INF, INF)


class CutShortExact:
    """Wraps an engine's root solver so that its exact stage runs out of time after
    ``solved`` root moves (deterministic, no clock), and records each stage's root order."""

    def __init__(self, engine: OthelloEngine, solved: int) -> None:
        self.orders: dict[str, list[int]] = {}
        self.original = engine._solve_root
        self.solved = solved
        engine._solve_root = self  # type: ignore[method-assign]

    def __call__(self, searcher: Searcher, own: int, opp: int, order: list[int], alpha: int,
                 beta: int, kind: str, partial_from: RootResult | None = None) -> RootResult:
        self.orders[kind] = order
        if kind == EXACT:
            solve, nesting, root_calls = searcher.solve, [0], [0]

            def limited(own: int, opp: int, alpha: int, beta: int) -> int:
                if nesting[0] == 0:
                    root_calls[0] += 1
                    if root_calls[0] > self.solved:
                        raise SearchTimeout()
                nesting[0] += 1
                try:
                    return solve(own, opp, alpha, beta)
                finally:
                    nesting[0] -= 1

            searcher.solve = limited  # type: ignore[method-assign]
        try:
            if partial_from is None:
                return self.original(searcher, own, opp, order, alpha, beta, kind)
            return self.original(searcher, own, opp, order, alpha, beta, kind, partial_from)
        finally:
            searcher.__dict__.pop("solve", None)


def test_lost_endgame_cut_short_plays_the_searchs_best_move_not_any_loser() -> None:
    # Regression: when the exact stage did not finish in a proven loss, the engine played the
    # win/loss/draw search's best move: the one with the highest fail-soft upper bound, which
    # says nothing about the margin. Now it plays the heuristic search's best move (which
    # drops fewer discs on average: see docs/experiments.md, issue 15 session 5).
    s = random_position(random.Random(8), 8, 12)
    engine = OthelloEngine(level=5)
    stages = CutShortExact(engine, solved=0)
    decision = engine.choose(s, Limits(time=60.0))
    assert decision.info["solved"] == WLD
    assert all(v < 0 for v in decision.scores.values())  # a proven loss
    heuristic_best = stages.orders[WLD][0]
    wld = OthelloEngine(level=5)._solve_root(Searcher(GEOMETRIES[8]), s.own, s.opp,
                                             stages.orders[WLD], -1, 1, WLD)
    assert wld.best != heuristic_best  # the case the fix is about
    assert decision.move == move_at(heuristic_best)


@pytest.mark.parametrize("seed", [8, 2])
def test_exact_stage_cut_short_keeps_the_root_moves_it_solved(seed: int) -> None:
    # The exact stage solves one root move (the earlier stages' best), then runs out of time:
    # the decision keeps that move's exact margin, and every win/loss/draw sign.
    s = random_position(random.Random(seed), 8, 12)
    engine = OthelloEngine(level=5)
    stages = CutShortExact(engine, solved=1)
    decision = engine.choose(s, Limits(time=60.0))
    first = stages.orders[EXACT][0]
    assert decision.info["solved"] == WLD
    assert decision.move == move_at(first)
    assert decision.scores[move_at(first)] == exact_child_margin(s, first)
    assert decision.info["bounds"][str(move_at(first))] == "exact"
    whole = OthelloEngine(level=5).choose(s, Limits(time=60.0))
    assert whole.info["solved"] == EXACT
    assert (decision.scores[move_at(first)] > 0) == (whole.scores[whole.move] > 0)


def test_solver_table_paths_match_minimax_with_their_thresholds_lowered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The enhanced transposition cut-off, the first move taken from the midgame table and the
    # stability cut-off only run near the root of deep solves (10, 12 and high-alpha nodes),
    # beyond what minimax can check. With their thresholds lowered they run at every table
    # node of 7-8 empty solves; a table left by a midgame search and by a win/loss/draw solve
    # of the same position (as the engine leaves them) must not change any value.
    monkeypatch.setattr(othello_search, "ETC_EMPTIES", 0)
    monkeypatch.setattr(othello_search, "HINT_EMPTIES", 0)
    monkeypatch.setattr(othello_search, "STABILITY_FROM", -INF)
    rng = random.Random(12)
    g = GEOMETRIES[8]
    for i in range(16):
        s = random_position(rng, 8, 7 + i % 2)
        expected = bit_minimax(s.own, s.opp, g.region, g.squares)
        searcher = Searcher(g)
        for depth in (1, 2, 3):
            searcher.negamax(s.own, s.opp, depth, -INF, INF)
        wld = searcher.solve(s.own, s.opp, -1, 1)
        assert (wld > 0) - (wld < 0) == (expected > 0) - (expected < 0), s.rows()
        assert searcher.solve(s.own, s.opp, -INF, INF) == expected, s.rows()
        assert Searcher(g).solve(s.own, s.opp, -INF, INF) == expected, s.rows()
