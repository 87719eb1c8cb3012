"""The rules protocol, checked the same way for every registered game and its presets.

Each game's own test module tests its rules; this one checks what every game promises to the
generic code (game/rules/base.py): immutable, hashable states; move texts that read back as the
same move; legal moves empty exactly when the game is over, with a declared outcome reason;
random games that reach the end; clear errors (not crashes) on bad moves, texts and options.
A new game added to ``GAME_MODULES`` is checked here with no new test.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from typing import Any

import pytest

from game.rules.base import (
    GameOverError,
    GameState,
    IllegalMoveError,
    MoveParseError,
    OptionError,
)
from game.rules.registry import GameSetup, all_games, game_of, parse_options

#: A game that has not ended after this many plies fails the "random games end" check. Every
#: preset ends far sooner (Morpion's repetition rule included).
MAX_PLIES = 3000

SETUPS = [info.setup(options) for info in all_games()
          for options in dict.fromkeys((info.options(), *info.presets))]


def _id(setup: GameSetup) -> str:
    return f"{setup.name}:{setup.info.describe_options(setup.options)}"


def random_game(setup: GameSetup, seed: int) -> list[GameState[Any]]:
    """The states of one random game from the start to its end (or MAX_PLIES)."""
    rng = random.Random(seed)
    states = [setup.initial_state()]
    while states[-1].outcome is None and len(states) <= MAX_PLIES:
        states.append(states[-1].play(rng.choice(list(states[-1].legal_moves()))))
    return states


@pytest.fixture(scope="module", params=SETUPS, ids=_id)
def played(request: pytest.FixtureRequest) -> tuple[GameSetup, list[list[GameState[Any]]]]:
    """A setup and three random games of it (shared by the checks below)."""
    setup: GameSetup = request.param
    return setup, [random_game(setup, seed) for seed in range(3)]


def test_random_games_reach_the_end_with_a_declared_reason(
        played: tuple[GameSetup, list[list[GameState[Any]]]]) -> None:
    setup, games = played
    for states in games:
        end = states[-1]
        assert end.outcome is not None, f"no end after {MAX_PLIES} plies"
        assert end.outcome.reason in setup.info.outcome_reasons
        assert end.outcome.winner in (0, 1, None)
        assert end.outcome.message


def test_legal_moves_are_empty_exactly_at_the_end(
        played: tuple[GameSetup, list[list[GameState[Any]]]]) -> None:
    _, games = played
    for states in games:
        for state in states:
            moves = state.legal_moves()
            assert isinstance(moves, tuple)
            assert (len(moves) == 0) == (state.outcome is not None)
            assert len(set(moves)) == len(moves), "a move is listed twice"
            assert state.to_move in (0, 1)


def test_move_texts_read_back_as_the_same_move(
        played: tuple[GameSetup, list[list[GameState[Any]]]]) -> None:
    _, games = played
    for states in games:
        for state in states[:60]:
            for move in state.legal_moves():
                text = str(move)
                assert state.parse_move(text) == move, text
                assert hash(state.parse_move(text)) == hash(move)


def test_states_are_immutable_and_hashable(
        played: tuple[GameSetup, list[list[GameState[Any]]]]) -> None:
    setup, games = played
    states = games[0]
    start = states[0]
    assert game_of(start) is setup.info
    before = (start.key, start.to_move, start.legal_moves(), hash(start))
    for move in start.legal_moves():
        start.play(move)
    assert (start.key, start.to_move, start.legal_moves(), hash(start)) == before
    with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
        start.to_move = 1 - start.to_move  # type: ignore[misc]
    for state in states[:: max(1, len(states) // 10)]:
        hash(state.key)
        again = setup.initial_state()
        for earlier in states[1: states.index(state) + 1]:
            # Replay the same moves: equal states, equal hashes, equal keys.
            again = again.play(_move_between(again, earlier))
        assert again == state and hash(again) == hash(state) and again.key == state.key
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state


def _move_between(state: GameState[Any], child: GameState[Any]) -> Any:
    """The legal move of ``state`` that leads to ``child``."""
    for move in state.legal_moves():
        if state.play(move) == child:
            return move
    raise AssertionError("no move leads there")


def test_bad_moves_raise_clear_errors_and_change_nothing(
        played: tuple[GameSetup, list[list[GameState[Any]]]]) -> None:
    _, games = played
    states = games[0]
    seen = {m for s in states for m in s.legal_moves()}
    for state in states[:40]:
        legal = set(state.legal_moves())
        before = (state.key, hash(state))
        for move in seen - legal:
            with pytest.raises(IllegalMoveError) as caught:
                state.play(move)
            assert str(caught.value)
        with pytest.raises(IllegalMoveError):
            state.play(object())
        for text in ("", "zz99", "not a move at all", "x" * 500, "9" * 5000):
            with pytest.raises(MoveParseError):
                state.parse_move(text)
        for value in (None, 3, b"a1"):
            with pytest.raises(MoveParseError):
                state.parse_move(value)  # type: ignore[arg-type]
        assert (state.key, hash(state)) == before
    end = states[-1]
    for move in list(seen)[:20]:
        with pytest.raises(GameOverError):
            end.play(move)


@pytest.mark.parametrize("info", all_games(), ids=lambda i: i.name)
def test_bad_options_raise_an_option_error_naming_the_option(info: Any) -> None:
    for f in dataclasses.fields(info.options_type):
        with pytest.raises(OptionError, match=f.name):
            info.options_type(**{f.name: object()})
    with pytest.raises(OptionError, match="unknown option 'nonsense'"):
        parse_options(info, {"nonsense": "1"})
    for preset in info.presets:
        # Presets read back from their own text (menus and files store options as text).
        texts = {f.name: _option_text(getattr(preset, f.name))
                 for f in dataclasses.fields(preset)}
        assert parse_options(info, texts) == preset


def _option_text(value: Any) -> str:
    """An option value as the command line writes it."""
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)
