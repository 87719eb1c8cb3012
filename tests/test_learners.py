"""The three tabular learners: convergence (Nim, Hexapawn), update rules, files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai.arena import play_game, run_match
from ai.base import GameRecord, Limits
from ai.learners import (
    FILE_VERSION,
    EliminationLearner,
    QLearner,
    ReinforcementLearner,
    TabularLearner,
    key_text,
    learner_path,
    make_learner,
)
from ai.registry import make_player, players_for
from game.rules.hexapawn import HexapawnOptions
from game.rules.nim import NimOptions
from game.rules.registry import GameSetup, game_names, get_game

NIM = NimOptions()
WINNING_COUNTS = [n for n in range(1, 21) if n % 4]


def nim_learner(kind: str, seed: int = 0, **params: float) -> TabularLearner:
    return make_learner(kind, "nim", NIM, params or None, seed=seed)


def nim_record(*takes: int, options: NimOptions = NIM) -> GameRecord:
    """A finished one-heap game with these takes."""
    state: Any = options.initial_state()
    states = [state]
    moves = []
    for take in takes:
        move = state.parse_move(str(take))
        state = state.play(move)
        moves.append(move)
        states.append(state)
    assert state.outcome is not None
    return GameRecord(states, moves, state.outcome)


def best_moves(learner: TabularLearner, state: Any) -> list[Any]:
    view = learner.table_view(state)
    assert view is not None
    top = max(view.values())
    return [m for m, v in view.items() if v == top]


# ------------------------------------------------------------------------------------------------
# Keys
# ------------------------------------------------------------------------------------------------


def test_key_text_is_stable_and_readable() -> None:
    assert key_text(20) == "20"
    assert key_text((1, 3, 5, 7)) == "(1,3,5,7)"
    assert key_text("BBB/.../WWW w") == "'BBB/.../WWW w'"
    assert key_text(frozenset({3, 1, 2})) == key_text(frozenset({2, 3, 1})) == "{1,2,3}"
    assert key_text((frozenset({(1, 2), (0, 1)}), 0)) == "({(0,1),(1,2)},0)"


@given(st.lists(st.integers(-5, 50), max_size=6), st.integers(0, 1))
def test_key_text_of_sets_ignores_order(items: list[int], side: int) -> None:
    a = (frozenset(items), side)
    b = (frozenset(reversed(items)), side)
    assert key_text(a) == key_text(b)
    assert json.loads(json.dumps({key_text(a): 1})) == {key_text(b): 1}


# ------------------------------------------------------------------------------------------------
# Update rules
# ------------------------------------------------------------------------------------------------


def test_elimination_removes_the_losers_last_move_then_goes_back_when_a_box_empties() -> None:
    opts = NimOptions(matches=5)
    record = nim_record(1, 1, 3, options=opts)  # seat 0: 5->4, seat 1: 4->3, seat 0: 3->0 wins
    learner = make_learner("elimination", "nim", opts)
    learner.learn(record, (1,))
    view = learner.table_view(opts.position((4,)))
    assert view is not None and {str(m): v for m, v in view.items()} == {"1": 0, "2": 1, "3": 1}
    # Leaving 3 lost: every move into "3 left" is eliminated, from 5 as well (seed 001 keeps
    # losing positions, not moves).
    five = learner.table_view(opts.position((5,)))
    assert five is not None and {str(m): v for m, v in five.items()} == {"1": 1, "2": 0, "3": 1}
    # The winner's seat was not the learner's: a learner playing seat 0 learns nothing here.
    other = make_learner("elimination", "nim", opts)
    other.learn(record, (0,))
    assert other.positions_known() == 0

    # Seat 0 loses from 4 with each move in turn: once the box of 4 is empty, the move that
    # led there (6 -> 5, after which the opponent left 4) is eliminated as well.
    opts6 = NimOptions(matches=6)
    learner6 = make_learner("elimination", "nim", opts6)
    for takes in ((1, 1, 1, 3), (1, 1, 2, 2), (1, 1, 3, 1)):
        learner6.learn(nim_record(*takes, options=opts6), (0, 1))
    box4 = learner6.table_view(opts6.position((4,)))
    assert box4 is not None and set(box4.values()) == {0.0}
    box6 = learner6.table_view(opts6.position((6,)))
    # Taking 3 from 6 leaves 3, already known lost: only the perfect move (leave 4) remains.
    assert box6 is not None and {str(m): v for m, v in box6.items()} == {"1": 0, "2": 1, "3": 0}
    box5 = learner6.table_view(opts6.position((5,)))
    assert box5 is not None and {str(m): v for m, v in box5.items()} == {"1": 1, "2": 0, "3": 0}


def test_elimination_plays_at_random_and_says_so_when_every_move_is_eliminated() -> None:
    opts = NimOptions(matches=4)
    learner = make_learner("elimination", "nim", opts, seed=3)
    for take in (1, 2, 3):
        rest = 4 - take
        learner.learn(nim_record(take, rest, options=opts), (0,))
    start = opts.initial_state()
    decision = learner.choose(start)
    assert decision.info.get("all_eliminated") is True
    assert "random" in decision.info["note"]
    assert decision.move in start.legal_moves()
    assert set(decision.scores.values()) == {0.0}
    assert decision.score_kind == "allowed"


def test_reinforcement_adds_beads_and_never_goes_below_one() -> None:
    opts = NimOptions(matches=5)
    learner = make_learner("reinforcement", "nim", opts, {"win": 3, "draw": 1, "loss": -2,
                                                            "start": 2})
    record = nim_record(1, 1, 3, options=opts)  # seat 0 wins (5->4, 3->0), seat 1 loses (4->3)
    learner.learn(record, ())
    beads = {str(m): v for m, v in learner.table_view(opts.position((5,))).items()}  # type: ignore[union-attr]
    assert beads == {"1": 5, "2": 2, "3": 2}
    four = {str(m): v for m, v in learner.table_view(opts.position((4,))).items()}  # type: ignore[union-attr]
    assert four == {"1": 1, "2": 2, "3": 2}  # 2 - 2 = 0, floored at one bead
    learner.learn(record, ())
    four = {str(m): v for m, v in learner.table_view(opts.position((4,))).items()}  # type: ignore[union-attr]
    assert four["1"] == 1
    decision = learner.choose(opts.position((4,)))
    assert decision.score_kind == "beads" and decision.info["beads_total"] == 5


def test_reinforcement_draws_moves_in_proportion_to_beads() -> None:
    learner = nim_learner("reinforcement", seed=11)
    state = NIM.position((3,))
    box = learner.box(state)
    moves = list(box)
    box[moves[0]], box[moves[1]], box[moves[2]] = 1.0, 1.0, 8.0
    picks = [learner.choose(state).move for _ in range(2000)]
    share = picks.count(moves[2]) / len(picks)
    assert 0.75 < share < 0.85


def test_qlearning_applies_the_seed_bellman_form() -> None:
    opts = NimOptions(matches=3)
    learner = make_learner("qlearning", "nim", opts, {"alpha": 0.9, "gamma": 0.8,
                                                      "epsilon": 0.0})
    record = nim_record(1, 2, options=opts)  # seat 0: 3->2 (loser's last), seat 1: 2->0 wins
    learner.learn(record, ())
    q3 = {str(m): v for m, v in learner.table_view(opts.position((3,))).items()}  # type: ignore[union-attr]
    q2 = {str(m): v for m, v in learner.table_view(opts.position((2,))).items()}  # type: ignore[union-attr]
    assert q3["1"] == pytest.approx(-0.9)  # 0.9 * (-1 - 0.8 * max Q(2) = 0)
    assert q2["2"] == pytest.approx(0.9)   # 0.9 * (+1), the game ends: no next value
    learner.learn(record, ())
    q3 = {str(m): v for m, v in learner.table_view(opts.position((3,))).items()}  # type: ignore[union-attr]
    # Forward order: Q(3,1) is updated with max Q(2) = 0.9 from the first game.
    assert q3["1"] == pytest.approx(0.1 * -0.9 + 0.9 * (-1 - 0.8 * 0.9))
    decision = learner.choose(opts.position((3,)))
    assert decision.score_kind == "q" and str(decision.move) in ("2", "3")  # greedy: not 1


def test_qlearning_updates_a_game_forward_as_the_seed_does() -> None:
    """Seed 002 updates a game's moves "from the start" (forward), each from the next
    position's value before this game: on a hand-made 3-move game the numbers are the seed's.
    The second game shows why a first move can stay at 0: the opponent's box at 3 still holds
    two untried moves worth 0, so its best value is 0 (QA S12 36)."""
    opts = NimOptions(matches=4)
    learner = make_learner("qlearning", "nim", opts, {"alpha": 0.9, "gamma": 0.8,
                                                      "epsilon": 0.0})
    record = nim_record(1, 1, 2, options=opts)  # 4->3 (seat 0), 3->2 (seat 1, loses), 2->0

    def q(matches: int) -> dict[str, float]:
        box = learner.table_view(opts.position((matches,)))
        assert box is not None
        return {str(m): v for m, v in box.items()}

    learner.learn(record, ())
    assert q(4)["1"] == 0.0                       # 0.9 * (0 - 0.8 * max Q(3) = 0)
    assert q(3)["1"] == pytest.approx(-0.9)       # 0.9 * (-1 - 0.8 * max Q(2) = 0): forward
    assert q(2)["2"] == pytest.approx(0.9)        # 0.9 * (+1), the game ends
    learner.learn(record, ())
    assert q(4)["1"] == 0.0                       # max Q(3) = 0: takes 2 and 3 are untried
    assert q(3)["1"] == pytest.approx(0.1 * -0.9 + 0.9 * (-1 - 0.8 * 0.9))
    assert q(2)["2"] == pytest.approx(0.1 * 0.9 + 0.9)


def test_morpion_qlearning_opening_zeros_are_the_draws_of_perfect_play() -> None:
    """QA S12 36: after 500 games against Random (learner first, as in the lab) every first
    move of Morpion 3x3 is still 0.00. That is the value the seed's form gives a draw with
    best play, and perfect play draws from every opening; the values the learner has moved
    away from 0 agree in sign with perfect play (measured 876 of 877)."""
    setup = GameSetup.of("morpion", None)
    learner = make_learner("qlearning", setup, seed=1)
    opponent = make_player("random", setup, seed=2)
    states = []
    for _ in range(500):
        record = play_game(learner, opponent, setup.initial_state())
        learner.learn(record, (0,))
        states.extend(record.states[:-1])
    perfect = make_player("perfect", setup, seed=1)
    start = setup.initial_state()
    assert set(learner.box(start).values()) == {0.0}
    assert set(perfect.decide(start, Limits()).scores.values()) == {0.0}
    agree = differ = 0
    seen: set[Any] = set()
    for state in states:
        if state.key in seen or len(seen) >= 300:
            continue
        seen.add(state.key)
        exact = perfect.decide(state, Limits()).scores
        for move, value in learner.box(state).items():
            if value != 0.0:
                if (value > 0) == (exact[move] > 0) and exact[move] != 0:
                    agree += 1
                else:
                    differ += 1
    assert agree >= 20 and differ <= agree // 20, (agree, differ)


def test_learners_ignore_abandoned_games_and_count_finished_ones() -> None:
    for kind in ("elimination", "reinforcement", "qlearning"):
        learner = nim_learner(kind)
        start = NIM.initial_state()
        move = start.legal_moves()[0]
        learner.learn(GameRecord([start, start.play(move)], [move], None), ())
        assert learner.games_trained == 0 and learner.to_json()["table"] == {}
        learner.learn(nim_record(3, 3, 3, 3, 3, 3, 2), ())
        assert learner.games_trained == 1


def test_reinforcement_learns_only_from_its_own_seats() -> None:
    opts = HexapawnOptions()
    learner = make_learner("reinforcement", "hexapawn", opts, seed=1)
    other = make_player("random", "hexapawn", opts, seed=2)
    record = play_game(other, learner, opts.initial_state())
    learner.learn(record, (1,))
    start_box = learner.table_view(opts.initial_state())
    assert start_box is not None and set(start_box.values()) == {3.0}  # white's moves untouched
    black_states = [s for s in record.states[:-1] if s.to_move == 1]
    changed = any(set(learner.box(s).values()) != {3.0} for s in black_states)
    assert changed


# ------------------------------------------------------------------------------------------------
# Convergence
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "games"), [("elimination", 300), ("qlearning", 500),
                                             ("reinforcement", 5000)])
@pytest.mark.parametrize("seed", [0, 1])
def test_nim_learners_find_the_multiple_of_four_strategy(kind: str, games: int,
                                                         seed: int) -> None:
    """Self-play training, as in seed 002: afterwards the learner's favourite move from every
    winning count leaves a multiple of 4 (Q-learning plays it greedily; the elimination learner
    has eliminated every other move there)."""
    learner = nim_learner(kind, seed=seed)
    run_match(learner, learner, NIM.initial_state(), games)
    assert learner.games_trained == games
    for n in WINNING_COUNTS:
        state = NIM.position((n,))
        best = best_moves(learner, state)
        assert [m.count for m in best] == [n % 4], (kind, n, learner.table_view(state))
    if isinstance(learner, EliminationLearner):
        for n in WINNING_COUNTS:
            assert learner.choose(NIM.position((n,))).move.count == n % 4
    if isinstance(learner, QLearner):
        learner.params["epsilon"] = 0.0
        for n in WINNING_COUNTS:
            decision = learner.choose(NIM.position((n,)))
            assert decision.move.count == n % 4
            assert decision.scores[decision.move] > 0


@pytest.mark.parametrize("seed", range(6))
def test_hexapawn_elimination_second_player_stops_losing_to_random(seed: int) -> None:
    """Seed 001's experiment: as Black against random it loses a dozen or so games, nearly all
    within the first 100, then never again (measured on 40 seeds: 12 to 17 defeats in all,
    0 to 3 of them after game 100, the last one at game 643 at the latest)."""
    opts = HexapawnOptions()
    learner = make_learner("elimination", "hexapawn", opts, seed=seed)
    rnd = make_player("random", "hexapawn", opts, seed=1000 + seed)
    training = run_match(rnd, learner, opts.initial_state(), 1000)
    defeats = [i for i, r in enumerate(training.results) if r == "p1"]
    assert 5 <= len(defeats) <= 25
    assert len([i for i in defeats if i >= 100]) <= 4
    assert training.results[:50].count("p1") > training.results[50:100].count("p1")
    check = run_match(rnd, learner, opts.initial_state(), 300, learn=False)
    assert check.p1_wins == 0


@pytest.mark.parametrize("game", list(game_names()))
@pytest.mark.parametrize("kind", ["elimination", "reinforcement", "qlearning"])
def test_learners_play_and_learn_complete_games_of_every_game(game: str, kind: str) -> None:
    info = get_game(game)
    options = info.options(size=4) if game == "othello" else info.options()
    learner = make_player(kind, game, options, seed=5)
    rnd = make_player("random", game, options, seed=6)
    result = run_match(learner, rnd, info.initial_state(options), 6, swap=True,
                       max_moves=400)
    assert result.games == 6
    assert isinstance(learner, TabularLearner) and learner.games_trained == 6
    assert learner.positions_known() > 0
    json.dumps(learner.to_json())  # every key and move has a JSON text form


def test_learners_are_registered_for_every_game_with_their_parameters() -> None:
    for game in game_names():
        names = {p.name for p in players_for(game)}
        assert {"elimination", "reinforcement", "qlearning"} <= names
    player = make_player("reinforcement:win=5", "nim")
    assert player.spec == "reinforcement:win=5,draw=1,loss=-1,start=3"
    assert player.learns
    q = make_player("qlearning", "nim")
    assert q.spec == "qlearning:alpha=0.9,gamma=0.8,epsilon=0.1,ties=random"


def test_reset_forgets_everything() -> None:
    learner = nim_learner("elimination")
    run_match(learner, learner, NIM.initial_state(), 20)
    learner.reset()
    assert learner.games_trained == 0 and learner.positions_known() == 0
    assert set(learner.table_view(NIM.initial_state()).values()) == {1.0}  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------------
# Files
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["elimination", "reinforcement", "qlearning"])
def test_save_and_load_round_trip(kind: str, data_dir: Path) -> None:
    opts = HexapawnOptions()
    learner = make_learner(kind, "hexapawn", opts, seed=4)
    rnd = make_player("random", "hexapawn", opts, seed=9)
    run_match(rnd, learner, opts.initial_state(), 60, swap=True)
    path = learner.save()
    assert path == learner_path(kind, GameSetup.of("hexapawn", opts))
    assert path.is_relative_to(data_dir)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == FILE_VERSION and data["kind"] == kind
    assert data["game"] == "hexapawn" and data["options"] == {"rows": 3, "cols": 3}
    assert data["games_trained"] == 60
    fresh = make_learner(kind, "hexapawn", opts, seed=4)
    report = fresh.load()
    assert report.loaded, report.message
    assert fresh.games_trained == 60
    assert fresh.to_json() == learner.to_json()
    # The loaded table gives the same values for every position the original knows.
    for state in (opts.initial_state(), opts.initial_state().play(
            opts.initial_state().legal_moves()[0])):
        assert fresh.table_view(state) == learner.table_view(state)
    # And survives a second save / load unchanged, even for boxes not yet met again.
    second = fresh.save(data_dir / "copy.json")
    again = make_learner(kind, "hexapawn", opts)
    assert again.load(second).loaded
    assert again.to_json() == learner.to_json()


def test_missing_file_gives_a_fresh_learner(data_dir: Path) -> None:
    learner = nim_learner("qlearning")
    run_match(learner, learner, NIM.initial_state(), 5)
    report = learner.load(data_dir / "nowhere.json")
    assert not report.loaded and "no saved" in report.message
    assert learner.games_trained == 0 and learner.positions_known() == 0


def test_corrupt_file_is_kept_aside_and_never_overwritten(data_dir: Path) -> None:
    path = data_dir / "learners" / "broken.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "ai-game-lab learner", "table": {')
    learner = nim_learner("elimination")
    report = learner.load(path)
    assert not report.loaded and "could not be read" in report.message
    assert report.kept_as is not None and report.kept_as.exists()
    assert report.kept_as.read_bytes() == b'{"format": "ai-game-lab learner", "table": {'
    assert not path.exists()
    assert learner.positions_known() == 0
    learner.save(path)
    assert report.kept_as.read_bytes() == b'{"format": "ai-game-lab learner", "table": {'


@pytest.mark.parametrize(("change", "words"), [
    ({"kind": "qlearning"}, "'qlearning' learner"),
    ({"game": "hexapawn"}, "trained on hexapawn"),
    ({"options": {"variant": "single", "matches": 21, "max_take": 3, "heaps": [1, 3, 5, 7],
                  "misere": False}}, "other options"),
    ({"version": FILE_VERSION + 1}, "version"),
    ({"format": "something else"}, "not a learner file"),
    ({"table": {"20": {"1": "many"}}}, "not a number"),
    ({"games_trained": -3}, "games_trained"),
])
def test_foreign_file_is_refused_kept_aside_and_the_learner_starts_fresh(
        change: dict[str, Any], words: str, data_dir: Path) -> None:
    trained = nim_learner("elimination")
    run_match(trained, trained, NIM.initial_state(), 30)
    data = trained.to_json()
    data.update(change)
    path = data_dir / "foreign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    learner = nim_learner("elimination")
    run_match(learner, learner, NIM.initial_state(), 3)
    report = learner.load(path)
    assert not report.loaded
    assert words in report.message, report.message
    assert "starting fresh" in report.message
    assert learner.games_trained == 0 and learner.positions_known() == 0
    assert report.kept_as is not None and json.loads(report.kept_as.read_text()) == data
    assert not path.exists()


def test_learner_files_of_two_variants_never_share_a_name() -> None:
    a = learner_path("elimination", GameSetup.of("nim"))
    b = learner_path("elimination", GameSetup.of("nim", NimOptions(matches=21)))
    c = learner_path("qlearning", GameSetup.of("nim"))
    assert len({a, b, c}) == 3


def test_learner_classes_report_their_kind() -> None:
    assert [c.kind for c in (EliminationLearner, ReinforcementLearner, QLearner)] == [
        "elimination", "reinforcement", "qlearning"]
    with pytest.raises(ValueError, match="unknown learner"):
        make_learner("genetic", "nim", NIM)
    assert isinstance(Limits(), Limits)


@pytest.mark.parametrize(("kind", "value", "words"), [
    ("reinforcement", -5, "bead count"),
    ("reinforcement", 0, "bead count"),
    ("reinforcement", 1e300, "bead count"),
    ("elimination", 0.5, "0 (eliminated) or 1"),
    ("elimination", 7, "0 (eliminated) or 1"),
])
def test_values_a_learner_never_stores_are_refused(kind: str, value: float, words: str,
                                                   data_dir: Path) -> None:
    """A hand-edited box with impossible values (negative beads, a matchbox holding 7) is
    refused and kept aside, not played from: negative beads would make the weighted draw skip
    moves silently."""
    trained = nim_learner(kind)
    run_match(trained, trained, NIM.initial_state(), 5)
    data = trained.to_json()
    key = next(iter(data["table"]))
    move = next(iter(data["table"][key]))
    data["table"][key][move] = value
    path = data_dir / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    learner = nim_learner(kind)
    report = learner.load(path)
    assert not report.loaded and words in report.message, report.message
    assert report.kept_as is not None and not path.exists()
    assert learner.positions_known() == 0
    # The values training produces load back (the check does not refuse real files).
    good = trained.save(data_dir / "good.json")
    assert nim_learner(kind).load(good).loaded
