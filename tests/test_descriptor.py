"""The game descriptor: what every game declares, and players offered exactly where they play."""

from __future__ import annotations

import dataclasses

import pytest

from ai.base import Limits
from ai.registry import NotApplicableError, make_player, players_for
from game.rules.base import OptionError
from game.rules.registry import ACYCLIC, GameSetup, all_games, game_names, game_of, get_game

GAMES = game_names()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_what_generic_code_needs(name: str) -> None:
    info = get_game(name)
    assert info.outcome_reasons, "the UI translates outcome.<reason>: declare them"
    assert info.lab_presets and info.tournament_presets
    assert all(isinstance(p, info.options_type) for p in info.presets)
    state = info.initial_state()
    assert game_of(state) is info
    depth = info.search_depth(state)
    assert depth is None or depth >= 1
    for evaluation in info.evaluations:
        assert evaluation.function(state, 0) == -evaluation.function(state, 1)
    for name_ in info.tournament_players:
        assert any(p.name == name_ for p in players_for(info.setup(info.tournament_presets[0])))


def test_setup_is_one_hashable_value() -> None:
    nim = get_game("nim")
    a = GameSetup.of("nim", nim.options(matches=12))
    b = nim.setup(nim.options(matches=12))
    assert a == b and hash(a) == hash(b) and GameSetup.of(a) is a
    assert GameSetup.of("nim").options == nim.options()
    assert a.initial_state().key == nim.initial_state(nim.options(matches=12)).key
    with pytest.raises(OptionError, match="are not nim options"):
        GameSetup(nim, get_game("othello").options())
    with pytest.raises(OptionError, match="unknown game"):
        GameSetup.of("chess")


def test_solvers_follow_the_options() -> None:
    assert GameSetup.of("othello", get_game("othello").options(size=4)).solver == ACYCLIC
    assert GameSetup.of("othello").solver is None
    assert GameSetup.of("morpion", get_game("morpion").options(size=4)).solver == (
        "morpion-retrograde-table")
    assert GameSetup.of("morpion", get_game("morpion").options(size=5)).solver is None


def _setups() -> list[GameSetup]:
    return [info.setup(options) for info in all_games() for options in
            dict.fromkeys((info.options(), *info.presets))]


@pytest.mark.parametrize("setup", _setups(), ids=lambda s: f"{s.name}-{s.options}")
def test_every_player_offered_makes_a_move(setup: GameSetup) -> None:
    state = setup.initial_state()
    for info in players_for(setup):
        player = make_player(info.name, setup, seed=1)
        decision = player.choose(state, Limits(time=0.1, iterations=50))
        assert decision.move in state.legal_moves(), info.name


def test_a_game_without_evaluation_is_offered_no_player_that_needs_one() -> None:
    nim = get_game("nim")
    bare = dataclasses.replace(nim, name="bare", evaluations=(), solver=lambda o: None)
    offered = {p.name for p in players_for(bare.setup())}
    assert offered == {"random", "mcts", "elimination", "reinforcement", "qlearning"}
    for name in ("minimax", "alphabeta", "greedy", "engine", "perfect"):
        with pytest.raises(NotApplicableError, match="does not play bare"):
            make_player(name, bare.setup())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_declared_outcome_reason_has_words_in_every_language(lang: str) -> None:
    from game.ui import i18n

    texts = i18n.table(lang)
    for info in all_games():
        for reason in info.outcome_reasons:
            assert texts.get(f"reason.{reason}"), f"{info.name}: reason.{reason} ({lang})"


def test_one_engine_entry_dispatches_per_game() -> None:
    from ai.othello_engine import OthelloEngine
    from ai.perfect import PerfectPlayer
    from ai.registry import get_player_info
    from ai.search import EnginePlayer

    assert isinstance(make_player("engine", "othello"), OthelloEngine)
    hexapawn = make_player("engine", "hexapawn")
    assert isinstance(hexapawn, EnginePlayer) and hexapawn.solver is None
    # Solved, but its keys hide the repetition history: the engine asks the exact solver.
    morpion = make_player("engine", "morpion")
    assert isinstance(morpion, EnginePlayer) and isinstance(morpion.solver, PerfectPlayer)
    big = make_player("engine", "morpion", get_game("morpion").options(size=5))
    assert isinstance(big, EnginePlayer) and big.solver is None
    assert [p.name for p in players_for("othello")].count("engine") == 1
    assert [p.name for p in get_player_info("engine").params] == ["time"]
