"""The tournament's set-up and results as data, without a window: the line-up's edits, the
ranking and the rows of the exported CSV files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ai.arena import MatchResult
from ai.registry import PlayerSpecError, resolve_spec
from game.rules.registry import game_names, get_game
from game.ui.scenes.tournament_model import (
    GAMES_HEADER,
    MAX_PLAYERS,
    STANDINGS_HEADER,
    TournamentResults,
    TournamentSetup,
    numbered,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_model_loads_without_pygame() -> None:
    code = ("import sys\n"
            "import game.ui.scenes.tournament_model\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=120)


@pytest.mark.parametrize("game", game_names())
def test_every_game_starts_with_two_canonical_players(game: str) -> None:
    setup = TournamentSetup(game)
    assert setup.game == game and setup.variant == 0
    assert setup.options == (get_game(game).tournament_presets or (get_game(game).options(),))[0]
    assert len(setup.specs) >= 2
    for spec in setup.specs:
        assert setup.canonical(spec) == spec


def test_an_unknown_last_game_falls_back_to_the_first() -> None:
    assert TournamentSetup("chess").game == game_names()[0]


def test_changing_the_game_keeps_who_can_play_it() -> None:
    setup = TournamentSetup("hexapawn")
    setup.set_player(0, "random")
    setup.set_player(1, "greedy")
    assert setup.set_game("morpion")
    assert [s.split(":")[0] for s in setup.specs] == ["random", "greedy"]
    setup.set_player(1, "bestfirst")
    setup.set_game("hexapawn")  # no Best-first there: the usual line-up's second player
    usual = TournamentSetup("hexapawn").specs
    assert setup.specs == [setup.canonical("random"), usual[1]]
    assert not setup.set_game("hexapawn")  # the same game changes nothing


def test_a_player_that_cannot_play_is_refused_and_nothing_changes() -> None:
    setup = TournamentSetup("hexapawn")
    before = list(setup.specs)
    with pytest.raises(PlayerSpecError):
        setup.set_player(0, "bestfirst")
    assert setup.specs == before


def test_between_two_and_max_players() -> None:
    setup = TournamentSetup("nim")
    while setup.add_player():
        pass
    assert len(setup.specs) == MAX_PLAYERS
    assert setup.specs[-1] == setup.canonical("random")
    while setup.remove_player(0):
        pass
    assert len(setup.specs) == 2


def test_parameters_go_back_into_the_spec() -> None:
    setup = TournamentSetup("hexapawn")
    setup.set_player(1, "minimax")
    depth = next(p for p in setup.params(1) if p.name == "depth")
    setup.set_param(1, depth, 3.4)  # a whole-number parameter is rounded
    assert setup.param_value(1, depth) == 3.0
    _info, values = resolve_spec(setup.specs[1], "hexapawn", setup.options)
    assert values["depth"] == 3
    setup.specs[1] = "no-such-player"
    assert setup.params(1) == () and setup.param_value(1, depth) == float(depth.default)


def test_players_are_built_with_their_own_seeds() -> None:
    setup = TournamentSetup("nim")
    setup.set_player(0, "random")
    setup.set_player(1, "random")
    players = setup.make_players()
    assert len(players) == 2 and players[0] is not players[1]


def test_names_that_repeat_are_numbered() -> None:
    assert numbered(["A", "B", "A"]) == ["A #1", "B", "A #2"]
    assert numbered(["A", "B"]) == ["A", "B"]


def _match(results: list[str], first: list[str]) -> MatchResult:
    m = MatchResult("a", "b", len(results), swap=True)
    m.results = results  # type: ignore[assignment]
    m.first = first  # type: ignore[assignment]
    m.moves = [5 + i for i in range(len(results))]
    return m


def test_results_rank_and_fill_the_csv_rows() -> None:
    results = TournamentResults(["A", "B", "C"], ["random:x", "greedy:y", "perfect:z"])
    assert results.ranking() == [] and results.standings_rows() == []
    assert not results.has_games()
    results.update([(0, 1, _match(["p1", "p2"], ["p1", "p2"])),
                    (0, 2, _match(["p2", "p2"], ["p1", "p2"])),
                    (1, 2, _match(["draw", "p2"], ["p1", "p2"]))])
    assert results.has_games()
    by_points = [s.name for s in results.ranking()]
    assert by_points[0] == "C"
    games = results.games_rows()
    assert len(games) == 6 and all(len(row) == len(GAMES_HEADER) for row in games)
    assert games[0] == ("1-2", 1, "A", "B", "A", "A", 5)
    assert games[1] == ("1-2", 2, "A", "B", "B", "B", 6)
    assert games[4][5] == "draw"
    standings = results.standings_rows()
    assert all(len(row) == len(STANDINGS_HEADER) for row in standings)
    assert standings[0][:3] == (1, "C", "perfect:z")
    results.rank_by_elo = True
    elos = [s.elo for s in results.ranking()]
    assert elos == sorted(elos, reverse=True)


def test_results_are_outdated_once_a_player_the_game_or_the_variant_changes() -> None:
    """QA20 22: the results keep their run's game, variant, players and games per pairing;
    a player, a parameter, the game or the variant changed makes them the last run's (the
    games per pairing, the seat swap and the seed do not change who played)."""
    setup = TournamentSetup("nim")
    results = TournamentResults(["A", "B"], list(setup.specs), setup)
    assert not results.outdated(setup)  # nothing played yet: nothing to say
    results.update([(0, 1, _match(["p1"], ["p1"]))])
    setup.games, setup.swap, setup.seed = 7, False, 9
    assert not results.outdated(setup) and results.games == 100
    setup.set_player(1, "minimax")
    assert results.outdated(setup)
    setup.specs = list(results.specs)
    setup.set_variant(1)
    assert results.outdated(setup) and results.options != setup.options
    setup.set_game("morpion")
    assert results.outdated(setup) and results.game == "nim"
