"""``perfect``: exact values, the Nim rules, and never losing."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.arena import run_match
from ai.base import Decision, Limits, Player
from ai.perfect import (
    UNKNOWN_DISTANCE,
    WIN,
    AcyclicSolver,
    MorpionSolver,
    PerfectPlayer,
    describe_value,
    marienbad_wins,
    nim_rule_move,
    perfect_applies,
    through_move,
    zeckendorf,
)
from ai.registry import make_player, players_for
from game.rules.base import GameState
from game.rules.hexapawn import HexapawnOptions
from game.rules.morpion import MorpionOptions, MorpionState
from game.rules.nim import NimOptions
from game.rules.othello import OthelloOptions
from game.rules.registry import GameSetup


def perfect(game: str, options: Any, seed: int = 0) -> PerfectPlayer:
    player = make_player("perfect", game, options, seed=seed)
    assert isinstance(player, PerfectPlayer)
    return player


# ------------------------------------------------------------------------------------------------
# Values
# ------------------------------------------------------------------------------------------------


def test_values_in_words() -> None:
    assert describe_value(WIN - 1) == "win in 1 ply"
    assert describe_value(WIN - 5) == "win in 5 plies"
    assert describe_value(-(WIN - 4)) == "loss in 4 plies"
    assert describe_value(0) == "draw"
    assert describe_value(UNKNOWN_DISTANCE) == "win"
    assert through_move(-WIN) == WIN - 1
    assert through_move(WIN - 3) == -(WIN - 4)
    assert through_move(0) == 0


def test_perfect_applies_where_the_game_is_solved() -> None:
    assert perfect_applies("hexapawn", HexapawnOptions())
    assert perfect_applies("hexapawn", HexapawnOptions(rows=4, cols=4))
    assert not perfect_applies("hexapawn", HexapawnOptions(rows=5, cols=5))
    assert perfect_applies("nim", NimOptions(variant="marienbad", heaps=(15,) * 8))
    assert perfect_applies("morpion", MorpionOptions())
    assert perfect_applies("morpion", MorpionOptions(size=4))
    assert not perfect_applies("morpion", MorpionOptions(size=5))
    assert perfect_applies("othello", OthelloOptions(size=4))
    assert not perfect_applies("othello", OthelloOptions())
    assert "perfect" not in {p.name for p in players_for("othello")}
    assert "perfect" in {p.name for p in players_for("othello", OthelloOptions(size=4))}


# ------------------------------------------------------------------------------------------------
# Nim
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("max_take", [1, 2, 3, 5])
@pytest.mark.parametrize("misere", [False, True])
def test_single_heap_leaves_a_multiple_of_k_plus_one(max_take: int, misere: bool) -> None:
    options = NimOptions(matches=40, max_take=max_take, misere=misere)
    player = perfect("nim", options)
    for n in range(1, 41):
        state = options.position((n,))
        decision = player.choose(state)
        r = (n - 1) % (max_take + 1) if misere else n % (max_take + 1)
        if r:
            assert decision.move.count == r, (n, decision.info)
            assert decision.info["verdict"].startswith("win")
        else:
            assert decision.move.count == 1  # the seed's perfect player: take 1 and wait
            assert decision.info["verdict"].startswith("loss")
        assert decision.score_kind == "exact"
        assert set(decision.info["values"]) == {str(m) for m in state.legal_moves()}


def test_single_heap_exact_distances() -> None:
    player = perfect("nim", NimOptions())
    decision = player.choose(NimOptions().position((7,)))
    # 7 -3-> 4 -x-> 4-x -(4-x)-> 0: a win in 3 plies; 7 -1-> 6 -2-> 4 -x-> -> 0: a loss in 4.
    assert decision.info["values"] == {"1": "loss in 4 plies", "2": "loss in 4 plies",
                                       "3": "win in 3 plies"}
    assert "multiple of 4" in decision.info["rule"]


@pytest.mark.parametrize("misere", [False, True])
def test_marienbad_rule_agrees_with_search_on_every_position(misere: bool) -> None:
    options = NimOptions(variant="marienbad", heaps=(1, 3, 5, 7), misere=misere)
    solver = AcyclicSolver()
    for a in range(2):
        for b in range(4):
            for c in range(6):
                for d in range(8):
                    heaps = (a, b, c, d)
                    if not any(heaps):
                        continue
                    state = options.position(heaps)
                    assert (solver.value(state) > 0) == marienbad_wins(heaps, misere), heaps
                    move, _ = nim_rule_move(state)
                    if marienbad_wins(heaps, misere):
                        assert solver.value(state.play(move)) < 0 or not any(
                            state.play(move).heaps), heaps


def test_marienbad_start_is_lost_for_the_first_player() -> None:
    decision = perfect("nim", NimOptions(variant="marienbad")).choose(
        NimOptions(variant="marienbad").initial_state())
    assert decision.info["verdict"].startswith("loss")  # 1 ^ 3 ^ 5 ^ 7 == 0


def test_large_marienbad_uses_the_rule_without_distances() -> None:
    options = NimOptions(variant="marienbad", heaps=(15, 14, 13, 12, 11, 10, 9, 3))
    decision = perfect("nim", options).choose(options.initial_state())
    after = options.initial_state().play(decision.move)
    assert not marienbad_wins(after.heaps, False)
    assert decision.info["verdict"] == "win"


def test_zeckendorf_terms() -> None:
    assert zeckendorf(20) == [13, 5, 2]
    assert zeckendorf(100) == [89, 8, 3]
    assert zeckendorf(1) == [1]


@given(st.integers(1, 200))
def test_zeckendorf_terms_are_distinct_non_consecutive_fibonacci(n: int) -> None:
    fibs = [1, 2]
    while fibs[-1] < 400:
        fibs.append(fibs[-1] + fibs[-2])
    terms = zeckendorf(n)
    assert sum(terms) == n
    idx = [fibs.index(t) for t in terms]
    assert all(i - j >= 2 for i, j in itertools.pairwise(idx))


def test_fibonacci_rule_agrees_with_search() -> None:
    """The side to move wins exactly when the heap's smallest Zeckendorf term is within
    reach, and taking that term (the rule's move) wins."""
    options = NimOptions(variant="fibonacci", matches=40)
    solver = AcyclicSolver()
    states = [options.initial_state()] + [options.position((n,), last_take=last)
                                          for n in range(1, 41) for last in range(1, 41)]
    for state in states:
        n = state.heaps[0]
        smallest = zeckendorf(n)[-1]
        wins = smallest <= state.max_allowed_take(0)
        assert (solver.value(state) > 0) == wins, state
        if wins:
            move, rule = nim_rule_move(state)
            assert move.count == smallest and rule.startswith(f"take {smallest}")
            after = state.play(move)
            assert after.outcome is not None or solver.value(after) < 0


def test_fibonacci_prefers_the_fastest_win_and_says_so() -> None:
    options = NimOptions(variant="fibonacci", matches=100)
    decision = perfect("nim", options).choose(options.initial_state())
    values = decision.scores
    assert values[decision.move] == max(values.values()) > 0
    assert "89 + 8 + 3" in decision.info["rule"]


# ------------------------------------------------------------------------------------------------
# Hexapawn and Othello 4x4
# ------------------------------------------------------------------------------------------------


def test_hexapawn_3x3_is_a_win_for_the_second_player() -> None:
    options = HexapawnOptions()
    decision = perfect("hexapawn", options).choose(options.initial_state())
    assert decision.info["verdict"].startswith("loss")
    assert all(v < 0 for v in decision.scores.values())
    result = run_match(perfect("hexapawn", options, 1), perfect("hexapawn", options, 2),
                       options.initial_state(), 4)
    assert result.results == ["p2"] * 4


def test_hexapawn_perfect_takes_the_fastest_win() -> None:
    options = HexapawnOptions()
    # White to move can step to the far row at once (a win in 1) or play on.
    state = options.position("B../.W./...", to_move=0)
    decision = perfect("hexapawn", options).choose(state)
    assert decision.info["verdict"] == "win in 1 ply"
    assert state.play(decision.move).outcome is not None


def play_watching_verdicts(me: PerfectPlayer, other: Player, start: Any,
                           seat: int) -> tuple[Any, bool]:
    """Play one game; return the outcome and whether perfect ever saw a position it did not
    consider lost."""
    state = start
    hopeful = False
    while state.outcome is None:
        if state.to_move == seat:
            decision = me.choose(state)
            hopeful = hopeful or not decision.info["verdict"].startswith("loss")
        else:
            decision = other.choose(state)
        state = state.play(decision.move)
    return state.outcome, hopeful


def assert_never_loses_a_game_it_could_save(game: str, options: Any, games: int) -> None:
    """Perfect loses only games that were lost from its first move on (the opponent happened
    to play the winning line); whenever it saw a drawn or won position, it does not lose."""
    me = perfect(game, options, 1)
    other = make_player("random", game, options, seed=2)
    for i in range(games):
        seat = i % 2
        outcome, hopeful = play_watching_verdicts(me, other, options.initial_state(), seat)
        if hopeful:
            assert outcome.winner != 1 - seat, (game, i)


def test_hexapawn_4x4_is_solved_and_perfect_never_loses_to_random() -> None:
    options = HexapawnOptions(rows=4, cols=4)
    player = perfect("hexapawn", options)
    first = player.choose(options.initial_state())
    assert first.info["verdict"].startswith("win")  # White wins 4x4 (full search)
    assert_never_loses_a_game_it_could_save("hexapawn", options, 30)
    rnd = make_player("random", "hexapawn", options, seed=3)
    as_white = run_match(player, rnd, options.initial_state(), 10)
    assert as_white.p1_wins == 10


def test_othello_4x4_second_player_wins() -> None:
    """4x4 Othello is a win for White (the second player), the known result."""
    options = OthelloOptions(size=4)
    player = perfect("othello", options)
    decision = player.choose(options.initial_state())
    assert decision.info["verdict"].startswith("loss")
    result = run_match(perfect("othello", options, 1), perfect("othello", options, 2),
                       options.initial_state(), 2)
    assert result.results == ["p2", "p2"]
    rnd = make_player("random", "othello", options, seed=4)
    as_white = run_match(rnd, player, options.initial_state(), 10)
    assert as_white.p2_wins == 10
    assert_never_loses_a_game_it_could_save("othello", options, 20)


# ------------------------------------------------------------------------------------------------
# Morpion 3x3
# ------------------------------------------------------------------------------------------------


def morpion_solver() -> MorpionSolver:
    solver = perfect("morpion", MorpionOptions())._solver
    assert isinstance(solver, MorpionSolver)
    return solver


def test_morpion_retrograde_table() -> None:
    solver = morpion_solver()
    start = MorpionOptions().initial_state()
    assert solver.static_value(start) == 0  # a draw with best play
    values = {describe_value(v) for v in solver.values.values()}
    assert {"draw", "win in 1 ply", "loss in 2 plies"} <= values
    # A position with a line to complete at once.
    state = MorpionState.from_rows(["XX.", "OO.", "..."], to_move=0)
    assert solver.static_value(state) == WIN - 1


def test_morpion_self_play_is_a_draw() -> None:
    options = MorpionOptions()
    result = run_match(perfect("morpion", options, 1), perfect("morpion", options, 2),
                       options.initial_state(), 4)
    assert result.draws == 4


@pytest.mark.parametrize("spec", ["random", "greedy", "bestfirst", "minimax", "alphabeta",
                                  "mcts:iterations=200"])
def test_morpion_perfect_never_loses(spec: str) -> None:
    options = MorpionOptions()
    games = 30 if spec == "random" else 6
    other = make_player(spec, "morpion", options, seed=8)
    result = run_match(perfect("morpion", options, 9), other, options.initial_state(), games,
                       swap=True, max_moves=500)
    assert result.p2_wins == 0, result.results
    if spec == "random":
        assert result.p1_wins >= games - 3


def test_morpion_history_can_turn_a_win_into_a_draw_and_perfect_knows_it() -> None:
    """Repetitions ignored, X wins in 3 here; with the arrangements already recorded in this
    game, every winning plan lets O repeat one, so the exact value is a draw."""
    history = [12898, 12900, 70242, 77924, 78148]
    state = MorpionState.from_rows(["OX.", "O.X", "XO."], to_move=0, history=history)
    solver = morpion_solver()
    assert solver.static_value(state) == WIN - 3
    decision = perfect("morpion", MorpionOptions()).choose(state)
    assert decision.info["verdict"] == "draw"
    # The same board without that history is a win in 3.
    fresh = MorpionState.from_rows(["OX.", "O.X", "XO."], to_move=0)
    assert perfect("morpion", MorpionOptions()).choose(fresh).info["verdict"] == "win in 3 plies"


def test_morpion_a_move_that_only_wins_without_repetitions_is_valued_a_draw() -> None:
    history = [5684, 5732, 70756, 132660, 132756]
    state = MorpionState.from_rows([".OX", "O.X", "XO."], to_move=0, history=history)
    decision = perfect("morpion", MorpionOptions()).choose(state)
    values = decision.info["values"]
    assert values["a3-b2"] == "draw"  # the repetition-blind table calls it a win
    child = state.play(state.parse_move("a3-b2"))
    assert through_move(morpion_solver().static_value(child)) > 0
    assert decision.info["verdict"] == "win in 1 ply"


class RepetitionSeeker(Player):
    """Repeats an arrangement (a draw) whenever it can, otherwise plays at random: the
    opponent that punishes a player who forgets the history."""

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        moves = list(state.legal_moves())
        for move in moves:
            after = state.play(move)
            if after.outcome is not None:
                return Decision(move=move)
        return Decision(move=self.rng.choice(moves))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_morpion_perfect_converts_every_forced_win(seed: int, perfect_first: bool) -> None:
    """Whenever perfect's verdict (with the game's history) is a win, the game ends in its win,
    even against an opponent that grabs every repetition it is offered."""
    options = MorpionOptions()
    me = perfect("morpion", options, seed)
    other = RepetitionSeeker("seeker", seed)
    seat = 0 if perfect_first else 1
    state: Any = options.initial_state()
    promised = False
    moves = 0
    while state.outcome is None and moves < 300:
        if state.to_move == seat:
            decision = me.choose(state)
            promised = promised or decision.info["verdict"].startswith("win")
        else:
            decision = other.choose(state)
        state = state.play(decision.move)
        moves += 1
    assert state.outcome is not None
    assert state.outcome.winner != 1 - seat
    if promised:
        assert state.outcome.winner == seat


# ------------------------------------------------------------------------------------------------
# Against the rest of the roster
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), [
    ("hexapawn", HexapawnOptions()),
    ("nim", NimOptions()),
    ("nim", NimOptions(variant="marienbad", misere=True)),
    ("nim", NimOptions(variant="fibonacci", matches=30)),
])
@pytest.mark.parametrize("spec", ["random", "greedy", "alphabeta", "mcts:iterations=100"])
def test_perfect_never_loses_from_a_won_start(game: str, options: Any, spec: str) -> None:
    """From a start position that perfect play wins, perfect wins every game; from a lost one
    it may lose only to a perfect opponent (checked by playing both seats)."""
    me = perfect(game, options, 2)
    start = options.initial_state()
    start_value = max(me.move_values(start).values())
    other = make_player(spec, game, options, seed=3)
    result = run_match(me, other, start, 4, swap=True)
    for first, res in zip(result.first, result.results, strict=True):
        if (first == "p1") == (start_value > 0):
            assert res == "p1", (first, res)


def test_a_cancelled_first_solve_stops_and_the_next_one_is_still_exact() -> None:
    import contextlib
    import threading

    from ai.base import SearchCancelled
    from ai.perfect import _solvers

    options = OthelloOptions(size=4)
    setup = GameSetup.of("othello", options)
    _solvers.pop(setup, None)  # make sure this process solves from scratch
    player = PerfectPlayer("perfect", 1, setup)
    limits = Limits()
    limits.cancel.set()
    with pytest.raises(SearchCancelled):
        player.choose(options.initial_state(), limits)
    half = Limits()
    timer = threading.Timer(0.05, half.cancel.set)
    timer.start()
    with contextlib.suppress(SearchCancelled):  # it may also finish in time: both are fine
        player.choose(options.initial_state(), half)
    timer.cancel()
    decision = player.choose(options.initial_state())
    assert decision.info["verdict"] == "loss in 12 plies"
