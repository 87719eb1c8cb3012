"""Nim rules: every variant's moves and endings, text forms, option checks, random play."""

from __future__ import annotations

import contextlib
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import registry
from game.rules.base import (
    GameOverError,
    GameState,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    RulesError,
)
from game.rules.nim import GAME, NimMove, NimOptions, NimState

SINGLE = NimOptions()
MARIENBAD = NimOptions(variant="marienbad")
FIBONACCI = NimOptions(variant="fibonacci")


def counts(state: NimState) -> list[int]:
    """The counts of the legal moves, in order."""
    return [m.count for m in state.legal_moves()]


def wins_for_mover(state: NimState, cache: dict[object, bool]) -> bool:
    """Exhaustive search: can the side to move force a win? Memoised on the state's key,
    which is exactly what the key promises (same key, same future)."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.winner == state.to_move
    key = state.key
    if key not in cache:
        cache[key] = any(not wins_for_mover(state.play(m), cache) for m in state.legal_moves())
    return cache[key]


# -- protocol and registry --------------------------------------------------------------------


def test_registry_knows_nim() -> None:
    info = registry.get_game("nim")
    assert info is GAME
    assert info.side_names == ("Player 1", "Player 2")
    state = info.initial_state()
    assert isinstance(state, GameState) and isinstance(state, NimState)
    assert state.heaps == (20,)
    assert info.describe_options(SINGLE) == "one heap of 20, take 1-3, last taker wins"


def test_options_from_text() -> None:
    opts = registry.parse_options(
        GAME, {"variant": "marienbad", "heaps": "2, 4,6", "misere": "yes"}
    )
    assert opts == NimOptions(variant="marienbad", heaps=(2, 4, 6), misere=True)
    assert opts.initial_state().heaps == (2, 4, 6)
    with pytest.raises(OptionError, match="unknown option 'piles'"):
        registry.parse_options(GAME, {"piles": "3"})
    with pytest.raises(OptionError, match="'matches'"):
        registry.parse_options(GAME, {"matches": "lots"})


# -- single heap --------------------------------------------------------------------------------


def test_single_heap_start() -> None:
    state = SINGLE.initial_state()
    assert state.to_move == 0
    assert state.outcome is None
    assert state.legal_moves() == (NimMove(0, 1), NimMove(0, 2), NimMove(0, 3))
    assert state.max_allowed_take() == 3
    assert state.key == 20


def test_single_heap_take_is_capped_by_heap_and_max_take() -> None:
    assert counts(SINGLE.position((2,))) == [1, 2]
    assert counts(NimOptions(max_take=5).initial_state()) == [1, 2, 3, 4, 5]
    state = SINGLE.initial_state().play(NimMove(0, 3))
    assert state.heaps == (17,)
    assert state.to_move == 1


def test_single_heap_last_taker_wins() -> None:
    end = SINGLE.position((3,), to_move=1).play(NimMove(0, 3))
    assert end.outcome is not None
    assert end.outcome.winner == 1
    assert end.outcome.reason == "last_match"
    assert end.outcome.message == "Player 2 took the last match"
    assert end.legal_moves() == ()


def test_single_heap_misere_last_taker_loses() -> None:
    end = NimOptions(misere=True).position((1,)).play(NimMove(0, 1))
    assert end.outcome is not None
    assert end.outcome.winner == 1
    assert end.outcome.reason == "misere_last_match"
    assert end.outcome.message == "Player 1 took the last match and loses"


def test_single_heap_multiples_of_four_lose() -> None:
    """The seed's perfect player: leave a multiple of 4 (take 1-3, last taker wins)."""
    cache: dict[object, bool] = {}
    for n in range(1, 21):
        assert wins_for_mover(SINGLE.position((n,)), cache) == (n % 4 != 0), n


def test_single_heap_misere_losing_counts() -> None:
    """Misere, take 1-3: the mover loses exactly when the count is 1 more than a multiple of 4."""
    opts = NimOptions(misere=True)
    cache: dict[object, bool] = {}
    for n in range(1, 21):
        assert wins_for_mover(opts.position((n,)), cache) == (n % 4 != 1), n


# -- Marienbad ----------------------------------------------------------------------------------


def test_marienbad_moves_take_from_one_heap() -> None:
    state = NimOptions(variant="marienbad", heaps=(1, 3)).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["h1:1", "h2:1", "h2:2", "h2:3"]
    after = state.play(NimMove(1, 2))
    assert after.heaps == (1, 1)
    assert after.key == (1, 1)
    assert after.max_allowed_take(0) == 1


def test_marienbad_ends_when_every_heap_is_empty() -> None:
    state = MARIENBAD.position((0, 0, 2, 0)).play(NimMove(2, 1))
    assert state.outcome is None
    end = state.play(NimMove(2, 1))
    assert end.outcome is not None and end.outcome.winner == 1
    assert end.outcome.reason == "last_match"


def test_marienbad_nim_sum_decides() -> None:
    """Bouton: in normal play the mover loses exactly when the heaps' xor is 0."""
    opts = NimOptions(variant="marienbad", heaps=(1, 3, 5, 7))
    cache: dict[object, bool] = {}
    for heaps in [(1, 3, 5, 7), (1, 2, 3, 0), (0, 3, 5, 7), (1, 3, 4, 7), (1, 1, 0, 0)]:
        xor = heaps[0] ^ heaps[1] ^ heaps[2] ^ heaps[3]
        assert wins_for_mover(opts.position(heaps), cache) == (xor != 0), heaps


def test_marienbad_misere_rule() -> None:
    """Misere Nim: with a heap above 1, play as normal Nim; with only 1s, win on an even count."""
    opts = NimOptions(variant="marienbad", heaps=(1, 3, 5, 7), misere=True)
    cache: dict[object, bool] = {}
    for a in range(2):
        for b in range(4):
            for c in range(6):
                heaps = (a, b, c, 0)
                if not any(heaps):
                    continue
                only_ones = max(heaps) <= 1
                expected = sum(heaps) % 2 == 0 if only_ones else (a ^ b ^ c) != 0
                assert wins_for_mover(opts.position(heaps), cache) == expected, heaps


# -- Fibonacci ----------------------------------------------------------------------------------


def test_fibonacci_first_move_takes_anything_but_all() -> None:
    state = FIBONACCI.initial_state()
    assert counts(state) == list(range(1, 20))
    with pytest.raises(IllegalMoveError, match="may not take all 20"):
        state.play(NimMove(0, 20))


def test_fibonacci_limit_is_twice_the_last_take() -> None:
    state = FIBONACCI.initial_state().play(NimMove(0, 3))
    assert state.max_allowed_take() == 6
    assert counts(state) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(IllegalMoveError, match="twice the 3 your opponent just took"):
        state.play(NimMove(0, 7))
    state = state.play(NimMove(0, 1))
    assert state.max_allowed_take() == 2
    # Near the end the heap caps the take.
    assert FIBONACCI.position((3,), last_take=5).max_allowed_take() == 3


def test_fibonacci_key_merges_equivalent_positions() -> None:
    a = FIBONACCI.position((4,), last_take=2)
    b = FIBONACCI.position((4,), last_take=9)
    assert a.key == b.key == (4, 4)
    assert a.legal_moves() == b.legal_moves()
    assert FIBONACCI.position((4,), last_take=1).key == (4, 2)


def test_fibonacci_first_player_loses_on_fibonacci_numbers() -> None:
    """Known theorem (Whinihan): the first player loses exactly when the heap is a Fibonacci
    number."""
    fib = {1, 2, 3, 5, 8, 13, 21, 34}
    cache: dict[object, bool] = {}
    for n in range(2, 36):
        state = NimOptions(variant="fibonacci", matches=n).initial_state()
        assert wins_for_mover(state, cache) == (n not in fib), n


def test_fibonacci_misere_is_supported() -> None:
    end = NimOptions(variant="fibonacci", misere=True).position((2,), last_take=1).play(
        NimMove(0, 2)
    )
    assert end.outcome is not None
    assert end.outcome.winner == 1 and end.outcome.reason == "misere_last_match"


# -- text forms ---------------------------------------------------------------------------------


def test_text_forms() -> None:
    assert str(NimMove(0, 3)) == "3"
    assert str(NimMove(1, 3, multi_heap=True)) == "h2:3"
    single = SINGLE.initial_state()
    assert single.parse_move(" 3 ") == NimMove(0, 3)
    assert single.parse_move("h1:2") == NimMove(0, 2)
    marienbad = MARIENBAD.initial_state()
    assert marienbad.parse_move("h4:7") == NimMove(3, 7)
    assert marienbad.parse_move("2:3") == NimMove(1, 3)
    assert str(marienbad.parse_move("H2:3")) == "h2:3"


@pytest.mark.parametrize(
    ("options", "text", "message"),
    [
        (SINGLE, "", "expected the number of matches"),
        (SINGLE, "three", "expected the number of matches"),
        (SINGLE, "-1", "expected the number of matches"),
        (SINGLE, "h2:1", "only one heap"),
        (MARIENBAD, "3", "name the heap"),
        (MARIENBAD, "h5:1", "no heap 5"),
        (MARIENBAD, "h0:1", "no heap 0"),
        (MARIENBAD, "h:1", "expected heap and count"),
        (MARIENBAD, "h2:", "expected heap and count"),
        (MARIENBAD, "h2:x", "expected heap and count"),
    ],
)
def test_malformed_text_raises(options: NimOptions, text: str, message: str) -> None:
    with pytest.raises(MoveParseError, match=message):
        options.initial_state().parse_move(text)


# -- illegal moves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "move", "message"),
    [
        (SINGLE, NimMove(0, 0), "at least one match"),
        (SINGLE, NimMove(0, -2), "at least one match"),
        (SINGLE, NimMove(0, 4), "a move takes 1 to 3"),
        (SINGLE, NimMove(1, 1), "only one heap"),
        (MARIENBAD, NimMove(0, 2), "heap 1 holds only 1"),
        (MARIENBAD, NimMove(4, 1), "no heap 5"),
        (MARIENBAD, NimMove(-1, 1), "no heap 0"),
        (FIBONACCI, NimMove(0, 21), "holds only 20"),
    ],
)
def test_illegal_moves_raise_and_leave_state(
    options: NimOptions, move: NimMove, message: str
) -> None:
    state = options.initial_state()
    before = (state.heaps, state.to_move, state.last_take)
    with pytest.raises(IllegalMoveError, match=message):
        state.play(move)
    assert (state.heaps, state.to_move, state.last_take) == before


def test_move_in_finished_game_raises() -> None:
    end = SINGLE.position((1,)).play(NimMove(0, 1))
    with pytest.raises(GameOverError, match="game is over: Player 1 took the last match"):
        end.play(NimMove(0, 1))


# -- options ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"variant": "poker"}, "option 'variant' must be one of single, marienbad, fibonacci"),
        ({"variant": 3}, "option 'variant'"),
        ({"matches": 0}, "option 'matches' must be from 1 to 100"),
        ({"matches": 101}, "option 'matches' must be from 1 to 100"),
        ({"matches": 2.5}, "option 'matches' must be a whole number"),
        ({"matches": True}, "option 'matches' must be a whole number"),
        ({"max_take": 0}, "option 'max_take' must be from 1 to 10"),
        ({"max_take": 11}, "option 'max_take' must be from 1 to 10"),
        ({"heaps": ()}, "option 'heaps' must list 1 to 8 heaps"),
        ({"heaps": (1,) * 9}, "option 'heaps' must list 1 to 8 heaps"),
        ({"heaps": (1, 16)}, "each heap must hold from 1 to 15"),
        ({"heaps": (1, 0)}, "each heap must hold from 1 to 15"),
        ({"heaps": "1,3"}, "option 'heaps' must list"),
        ({"misere": "yes"}, "option 'misere' must be true or false"),
        ({"variant": "fibonacci", "matches": 1}, "from 2 to 100 for fibonacci"),
    ],
)
def test_bad_options_raise(values: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        NimOptions(**values)  # type: ignore[arg-type]


def test_options_normalise() -> None:
    assert NimOptions(variant=" Marienbad ").variant == "marienbad"  # type: ignore[arg-type]
    assert NimOptions(heaps=[2, 2]).heaps == (2, 2)  # type: ignore[arg-type]
    # Fields of other variants are ignored but still valid.
    assert NimOptions(variant="marienbad", matches=5).initial_state().heaps == (1, 3, 5, 7)


@pytest.mark.parametrize(
    ("options", "kwargs", "message"),
    [
        (SINGLE, {"heaps": (21,)}, "heap 1 must hold from 0 to 20"),
        (SINGLE, {"heaps": (3, 3)}, "has 1 heap"),
        (SINGLE, {"heaps": ("3",)}, "tuple of whole numbers"),
        (SINGLE, {"heaps": (3,), "to_move": 2}, "'to_move'"),
        (SINGLE, {"heaps": (3,), "last_take": 2}, "only applies to fibonacci"),
        (FIBONACCI, {"heaps": (0,)}, "needs the last take"),
        (MARIENBAD, {"heaps": (2, 3, 5, 7)}, "heap 1 must hold from 0 to 1"),
    ],
)
def test_bad_positions_raise(options: NimOptions, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        options.position(**kwargs)  # type: ignore[arg-type]


def test_max_allowed_take_rejects_bad_heap() -> None:
    with pytest.raises(IllegalMoveError, match="no heap 9"):
        MARIENBAD.initial_state().max_allowed_take(8)


# -- random play and properties -----------------------------------------------------------------

VARIANT_OPTIONS = [
    SINGLE,
    NimOptions(misere=True, max_take=4, matches=30),
    MARIENBAD,
    NimOptions(variant="marienbad", heaps=(2, 4, 6), misere=True),
    FIBONACCI,
    NimOptions(variant="fibonacci", matches=40, misere=True),
]


def check_game(state: NimState, rng: random.Random) -> NimState:
    """Play one random game from ``state``, checking every invariant on the way."""
    misere = state.options.misere
    while True:
        moves = state.legal_moves()
        assert (state.outcome is None) == bool(moves)
        if not moves:
            break
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert state.parse_move(str(move)) == move
            assert str(state.parse_move(str(move))) == str(move)
            after = state.play(move)  # every listed move is playable
            assert sum(after.heaps) == sum(state.heaps) - move.count
            assert after.to_move == 1 - state.to_move
            hash(after.key)
        move = rng.choice(moves)
        previous, state = state, state.play(move)
    outcome = state.outcome
    assert outcome is not None and not any(state.heaps)
    taker = previous.to_move
    assert outcome.winner == (1 - taker if misere else taker)
    return state


@pytest.mark.parametrize("options", VARIANT_OPTIONS, ids=GAME.describe_options)
def test_random_games(options: NimOptions) -> None:
    rng = random.Random(2024)
    wins = [0, 0]
    for _ in range(1000):
        end = check_game(options.initial_state(), rng)
        assert end.outcome is not None and end.outcome.winner is not None
        wins[end.outcome.winner] += 1
    # Random play: both sides win some games.
    assert min(wins) > 0


@cache
def _options(variant: str, size: int, misere: bool) -> NimOptions:
    if variant == "marienbad":
        heaps = (1, size % 15 + 1, size % 7 + 2)
        return NimOptions(variant="marienbad", heaps=heaps, misere=misere)
    return NimOptions(variant=variant, matches=size, misere=misere)  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(["single", "marienbad", "fibonacci"]),
    size=st.integers(2, 40),
    misere=st.booleans(),
    picks=st.lists(st.integers(0, 1000), max_size=60),
)
def test_property_play_is_pure_and_keys_predict_moves(
    variant: str, size: int, misere: bool, picks: list[int]
) -> None:
    """Playing never changes a state, equal states hash alike, and equal keys mean equal
    legal moves (the promise learners rely on)."""
    options = _options(variant, size, misere)
    state = options.initial_state()
    seen: dict[object, tuple[NimMove, ...]] = {}
    for pick in picks:
        moves = state.legal_moves()
        known = seen.setdefault(state.key, moves)
        assert known == moves
        if not moves:
            break
        snapshot = NimState(options, state.heaps, state.to_move, state.last_take)
        nxt = state.play(moves[pick % len(moves)])
        assert state == snapshot and hash(state) == hash(snapshot)
        state = nxt


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=8))
def test_property_parse_never_crashes(text: str) -> None:
    """Any text either parses to a move whose text parses back to it, or raises MoveParseError."""
    for options in (SINGLE, MARIENBAD):
        state = options.initial_state()
        try:
            move = state.parse_move(text)
        except MoveParseError:
            continue
        assert state.parse_move(str(move)) == move
        # Playing it either works or says why: no other exception escapes.
        with contextlib.suppress(IllegalMoveError):
            state.play(move)


def test_errors_are_value_errors() -> None:
    assert issubclass(MoveParseError, RulesError) and issubclass(RulesError, ValueError)
