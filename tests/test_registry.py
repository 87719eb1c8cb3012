"""The player registry: specs, validation, canonical text, the roster per game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai.base import Player
from ai.registry import (
    NotApplicableError,
    Param,
    ParamValueError,
    PlayerInfo,
    PlayerSpecError,
    UnknownParamError,
    UnknownPlayerError,
    canonical_spec,
    get_player_info,
    make_player,
    parse_spec,
    players_for,
    register_player,
    resolve_spec,
)
from game.rules.base import MoveParseError, OptionError
from game.rules.registry import game_names, get_game


def test_parse_spec_splits_name_and_params() -> None:
    assert parse_spec("minimax:depth=3,foo=1") == ("minimax", {"depth": "3", "foo": "1"})
    assert parse_spec("  Random ") == ("random", {})
    assert parse_spec("mcts: iterations = 50 , c=2") == ("mcts", {"iterations": "50", "c": "2"})


@pytest.mark.parametrize("spec", ["", "  ", ":depth=3", "mcts:", "mcts:iterations",
                                  "mcts:=3", "mcts:iterations=", "mcts:c=1,c=2", "mcts:c=1,"])
def test_parse_spec_rejects_bad_syntax(spec: str) -> None:
    with pytest.raises(PlayerSpecError):
        parse_spec(spec)


@given(st.text(max_size=40))
def test_parse_spec_fails_only_with_spec_errors(text: str) -> None:
    try:
        name, values = parse_spec(text)
    except PlayerSpecError as exc:
        assert "\n" not in str(exc)
        return
    assert name and ":" not in name
    assert all(k and v for k, v in values.items())


def test_every_game_has_the_universal_players() -> None:
    for game in game_names():
        names = [p.name for p in players_for(game)]
        assert {"random", "greedy", "mcts"} <= set(names)
        assert ("bestfirst" in names) == (game == "morpion")


def test_players_for_respects_the_variant() -> None:
    nim = get_game("nim")
    names = [p.name for p in players_for("nim", nim.options(variant="marienbad"))]
    assert "random" in names


def test_make_player_fills_defaults_in_declared_order() -> None:
    player = make_player("mcts:c=2,iterations=50", "nim", seed=1)
    assert player.spec == "mcts:iterations=50,time=0,c=2"
    assert make_player("random", "nim").spec == "random"
    assert canonical_spec("MCTS", "othello") == "mcts:iterations=1000,time=0,c=1.4"


def test_canonical_spec_round_trips() -> None:
    for info in players_for("morpion"):
        spec = canonical_spec(info.name, "morpion")
        assert canonical_spec(spec, "morpion") == spec
        assert make_player(spec, "morpion").spec == spec


@pytest.mark.parametrize(("spec", "error", "words"), [
    ("chess_master", UnknownPlayerError, ["chess_master", "random", "mcts"]),
    ("bestfirst", NotApplicableError, ["bestfirst", "nim", "random"]),
    ("mcts:depth=3", UnknownParamError, ["depth", "iterations", "time", "c"]),
    ("random:depth=3", UnknownParamError, ["random", "no parameters"]),
    ("mcts:iterations=0", ParamValueError, ["iterations", "1 to 10000000", "0"]),
    ("mcts:iterations=2.5", ParamValueError, ["iterations", "whole number"]),
    ("mcts:c=abc", ParamValueError, ["'c'", "0 to 10", "abc"]),
    ("mcts:c=inf", ParamValueError, ["'c'", "inf"]),
    ("mcts:time=-1", ParamValueError, ["time", "0 to 3600"]),
])
def test_make_player_errors_name_the_culprit_and_the_allowed_values(
        spec: str, error: type[Exception], words: list[str]) -> None:
    with pytest.raises(error) as info:
        make_player(spec, "nim")
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_unknown_game_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="chess"):
        make_player("random", "chess")


@given(st.floats(min_value=0.0, max_value=10.0, allow_nan=False))
def test_float_param_text_round_trips(value: float) -> None:
    param = get_player_info("mcts").param("c")
    assert param.parse(param.format(value), "mcts") == value


def test_param_rejects_bad_declarations() -> None:
    with pytest.raises(ValueError, match="default"):
        Param("depth", int, 0, 1, 5, "depth")
    with pytest.raises(TypeError):
        Param("depth", str, 1, 1, 5, "depth")


def test_register_player_refuses_a_different_player_with_a_taken_name() -> None:
    existing = get_player_info("random")
    clash = PlayerInfo(
        name="random", title="x", description="x",
        params=(Param("n", int, 1, 1, 2, "n"),), factory=existing.factory)
    with pytest.raises(ValueError, match="already registered"):
        register_player(clash)
    with pytest.raises(ValueError, match="lower case"):
        register_player(PlayerInfo(
            name="Bad:Name", title="x", description="x", params=(),
            factory=existing.factory))


def test_seed_reaches_the_player() -> None:
    a = make_player("random", "nim", seed=7)
    b = make_player("random", "nim", seed=7)
    assert isinstance(a, Player)
    assert [a.rng.random() for _ in range(5)] == [b.rng.random() for _ in range(5)]


@pytest.mark.parametrize("text", ["\n", "a:\nb", "random:\n", "mcts:iterations=5,\niterations=6"])
def test_spec_with_line_breaks_gives_a_one_line_error(text: str) -> None:
    """Regression: a spec holding a line break used to echo it into a two-line message."""
    with pytest.raises(PlayerSpecError) as info:
        parse_spec(text)
    assert "\n" not in str(info.value)


def test_players_are_listed_in_a_fixed_order_whatever_was_imported_first() -> None:
    """Regression: the order used to follow module import order, so menus could shuffle."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import ai.learners, ai.perfect\n"  # the learners registered before the simple players
        "from ai.registry import players_for\n"
        "print(','.join(p.name for p in players_for('nim')))\n"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120, cwd=root).stdout.strip()
    assert out == ",".join(p.name for p in players_for("nim"))
    assert out.startswith("random,greedy,minimax,alphabeta,mcts")


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("text", ["1" * 5000, "a" + "1" * 5000, "h1:" + "9" * 5000,
                                  "x" * 10_000, "d3" + " " * 100])
def test_very_long_move_text_is_a_short_parse_error(game: str, text: str) -> None:
    """A pasted essay or a 5000-digit number is a MoveParseError (a RulesError, which the UI
    and the CLI catch) with a short message, never int()'s plain ValueError or a message that
    echoes 10 000 characters."""
    for variant in ({}, {"variant": "fibonacci"}, {"variant": "marienbad"}):
        if game != "nim" and variant:
            continue
        state = get_game(game).options(**variant).initial_state()
        with pytest.raises(MoveParseError) as caught:
            state.parse_move(text)
        assert len(str(caught.value)) < 200


def test_a_game_dependent_choice_means_one_value_on_every_variant() -> None:
    """Review 4: a choice whose names depend on the variant was read as an index too, so
    "ntuple:trained=1" (the shipped network on Othello 8x8) played the lab's saved network on
    6x6, where the choices are "0" and "lab". Such a choice is read by its name only, with a
    message saying what the variant offers; a fixed choice's index (the same everywhere)
    still reads, as older specs wrote it."""
    from ai.ntuple import NTupleNetwork, default_path, shipped_path
    from game.rules.othello import OthelloOptions

    if not shipped_path(8).exists() or shipped_path(6).exists():
        pytest.skip("the test needs the shipped 8x8 network and none for 6x6")
    default_path(6).parent.mkdir(parents=True, exist_ok=True)
    NTupleNetwork(6).save(default_path(6))  # the lab saved a 6x6 network

    def trained(spec: str, size: int) -> str:
        info, values = resolve_spec(spec, "othello", OthelloOptions(size))
        return info.param("trained").format(values["trained"])

    assert trained("ntuple:trained=1", 8) == "1"
    assert trained("ntuple:trained=lab", 6) == "lab"
    assert trained("ntuple:trained=0", 6) == "0"
    with pytest.raises(ParamValueError, match="must be 0 or lab with these game options, "
                                              "got '1'"):
        resolve_spec("ntuple:trained=1", "othello", OthelloOptions(6))
    with pytest.raises(ParamValueError, match="must be 0 or lab with these game options, "
                                              "got '2'"):
        resolve_spec("ntuple:trained=2", "othello", OthelloOptions(6))
    # An evaluation by its name on every size; its index is refused, not another table.
    for size in (6, 8):
        info, values = resolve_spec("alphabeta:eval=discs", "othello", OthelloOptions(size))
        assert info.param("eval").format(values["eval"]) == "discs"
    with pytest.raises(ParamValueError, match="with these game options, got '1'"):
        resolve_spec("alphabeta:eval=1", "othello", OthelloOptions(8))
    # A fixed choice: its name or its index (older specs), the same on every game.
    assert canonical_spec("greedy:ties=1", "othello") == canonical_spec(
        "greedy:ties=first", "othello")
    # The menu reads an older settings file's "trained=1" on 6x6 as the seat's usual
    # network there (its default), not as an index, and keeps the seat's other values.
    from game.ui.scenes.menu_seats import checked_spec

    spec = checked_spec("ntuple:alpha=0.1,lambda=0.8,epsilon=0.1,tc=1,trained=1", 1,
                        "othello", OthelloOptions(6))
    assert spec == "ntuple:alpha=0.1,lambda=0.8,epsilon=0.1,tc=1,trained=lab", spec
