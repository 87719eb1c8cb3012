"""The n-tuple learner for Othello: pattern indexing, symmetry, TD updates, files, play."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ai.arena import play_game, run_match
from ai.base import GameRecord
from ai.ntuple import (
    ALPHA,
    EPSILON,
    LAMBDA,
    SHAPES,
    NTupleFileError,
    NTupleNetwork,
    NTuplePlayer,
    default_path,
    make_engine_evaluator,
    make_evaluate,
    measure,
    self_play_game,
    shipped_path,
    symmetries,
)
from ai.registry import NotApplicableError, ParamValueError, make_player, players_for
from ai.search import SearchPlayer
from game.rules.othello import OthelloOptions, OthelloState

BOARD_8 = OthelloState.from_rows([
    "........",
    "..X.....",
    "..XXO...",
    "..OXXO..",
    "...OXX..",
    "....O...",
    "........",
    "........",
], to_move=1)


def random_position(size: int, rng: random.Random, plies: int) -> OthelloState:
    state = OthelloOptions(size).initial_state()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


def random_network(size: int, seed: int = 0) -> NTupleNetwork:
    net = NTupleNetwork(size)
    net.weights[:] = np.random.default_rng(seed).normal(0, 0.05, net.weights.size)
    return net


def slow_indices(net: NTupleNetwork, own: int, opp: int) -> list[int]:
    """Every tuple copy's flat index, computed square by square (the reference)."""
    out = []
    start = 0
    for shape in net.shapes:
        for sym in symmetries(net.size):
            code = 0
            for j, (r, c) in enumerate(shape.cells):
                rr, cc = sym(r, c)
                bit = 1 << (rr * 8 + cc)
                code += (1 if own & bit else 2 if opp & bit else 0) * 3 ** j
            out.append(start + code)
        start += 3 ** len(shape.cells)
    return out


def transform(board: int, size: int, sym: Any) -> int:
    out = 0
    for r in range(size):
        for c in range(size):
            if board >> (r * 8 + c) & 1:
                rr, cc = sym(r, c)
                out |= 1 << (rr * 8 + cc)
    return out


# ------------------------------------------------------------------------------------------------
# The tuple set and the indexing
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [6, 8])
def test_tuples_lie_on_the_board_without_repeated_squares(size: int) -> None:
    for shape in SHAPES[size]:
        assert len(set(shape.cells)) == len(shape.cells), shape.name
        for sym in symmetries(size):
            for r, c in shape.cells:
                rr, cc = sym(r, c)
                assert 0 <= rr < size and 0 <= cc < size
    names = {s.name for s in SHAPES[size]}
    assert {"edge+2X", "corner3x3", "row2", "diag4", f"diag{size}"} <= names


@pytest.mark.parametrize("size", [6, 8])
def test_symmetries_are_eight_distinct_maps(size: int) -> None:
    images = {tuple(sym(r, c) for r in range(size) for c in range(size))
              for sym in symmetries(size)}
    assert len(images) == 8


@pytest.mark.parametrize("size", [6, 8])
def test_vectorised_indices_match_square_by_square(size: int) -> None:
    net = NTupleNetwork(size)
    rng = random.Random(size)
    for plies in (0, 5, 17, 40):
        state = random_position(size, rng, plies)
        own, opp = state.own, state.opp
        assert net.indices([own], [opp])[0].tolist() == slow_indices(net, own, opp)
        assert net.indices([opp], [own])[0].tolist() == slow_indices(net, opp, own)


@pytest.mark.parametrize("size", [6, 8])
def test_symmetric_positions_evaluate_equal(size: int) -> None:
    net = random_network(size)
    rng = random.Random(3)
    for plies in (3, 12, 25):
        state = random_position(size, rng, plies)
        values = {round(net.value(transform(state.own, size, sym),
                                  transform(state.opp, size, sym)), 5)
                  for sym in symmetries(size)}
        assert len(values) == 1


def test_a_position_and_its_colour_swap_are_different() -> None:
    net = random_network(8)
    assert net.value(BOARD_8.own, BOARD_8.opp) != net.value(BOARD_8.opp, BOARD_8.own)


# ------------------------------------------------------------------------------------------------
# TD learning
# ------------------------------------------------------------------------------------------------


def test_a_won_final_position_gains_value_and_a_lost_one_loses() -> None:
    own, opp = BOARD_8.own, BOARD_8.opp
    for result, direction in ((1.0, 1), (-1.0, -1)):
        net = NTupleNetwork(8)
        before = net.value(own, opp)
        net.learn_game([own], [opp], [0], result, alpha=0.5, lam=0.0)
        assert np.sign(net.value(own, opp) - before) == direction
        # Player 1's after-state in a game player 0 won is a loss for its mover.
        net = NTupleNetwork(8)
        net.learn_game([own], [opp], [1], result, alpha=0.5, lam=0.0)
        assert np.sign(net.value(own, opp) - before) == -direction


def test_td0_target_is_the_opposite_of_the_opponents_next_value() -> None:
    # s1 (player 1's after-state) is known to be good for player 1; s0 (player 0's) must then
    # fall, even though the game's final result says nothing about s0 under TD(0).
    rng = random.Random(8)
    s0 = random_position(8, rng, 10)
    s1 = random_position(8, rng, 30)
    net = NTupleNetwork(8)
    for _ in range(30):
        net.learn_game([s1.own], [s1.opp], [1], -1.0, alpha=0.5, lam=0.0)
    assert net.value(s1.own, s1.opp) > 0.3
    before = net.value(s0.own, s0.opp)
    net.learn_game([s0.own, s1.own], [s0.opp, s1.opp], [0, 1], 0.0, alpha=0.2, lam=0.0)
    assert net.value(s0.own, s0.opp) < before


def test_after_a_pass_the_target_keeps_its_sign() -> None:
    rng = random.Random(9)
    s0 = random_position(8, rng, 10)
    s1 = random_position(8, rng, 30)
    net = NTupleNetwork(8)
    for _ in range(30):
        net.learn_game([s1.own], [s1.opp], [0], 1.0, alpha=0.5, lam=0.0)
    before = net.value(s0.own, s0.opp)
    # Both after-states by player 0 (player 1 passed in between): s0 moves towards +V(s1).
    net.learn_game([s0.own, s1.own], [s0.opp, s1.opp], [0, 0], 0.0, alpha=0.2, lam=0.0)
    assert net.value(s0.own, s0.opp) > before


def test_lambda_one_learns_the_first_position_from_the_result() -> None:
    rng = random.Random(10)
    states = [random_position(8, rng, n) for n in (6, 14, 22)]
    for first_mover, direction in ((0, 1), (1, -1)):
        net = NTupleNetwork(8)
        movers = [first_mover, 1 - first_mover, first_mover]
        # Only the first after-state learns; its target is the result for its mover, however
        # far away (lambda = 1), here a win for player 0.
        net.learn_game([s.own for s in states], [s.opp for s in states], movers, 1.0,
                       alpha=0.5, lam=1.0, learn_from=[True, False, False])
        assert np.sign(net.value(states[0].own, states[0].opp)) == direction


def test_learn_from_seats_leaves_the_other_seat_out() -> None:
    own, opp = BOARD_8.own, BOARD_8.opp
    net = NTupleNetwork(8)
    net.learn_game([own], [opp], [0], 1.0, alpha=0.5, lam=0.0, learn_from=[False])
    assert not net.weights.any()
    assert net.games_trained == 1


def test_temporal_coherence_takes_full_steps_from_zero() -> None:
    # A weight never changed has coherence 1: the first game learns as with one learning rate.
    rng = random.Random(3)
    states = [random_position(8, rng, n) for n in (5, 12, 19)]
    plain, tc = NTupleNetwork(8), NTupleNetwork(8)
    for net, use_tc in ((plain, False), (tc, True)):
        net.learn_game([s.own for s in states], [s.opp for s in states], [0, 1, 0], 1.0,
                       alpha=0.5, lam=0.8, tc=use_tc)
    assert np.allclose(plain.weights, tc.weights)
    assert not plain.tc_size.any() and tc.tc_size.any()


def test_temporal_coherence_shrinks_the_steps_of_weights_pushed_back_and_forth() -> None:
    own, opp = BOARD_8.own, BOARD_8.opp
    idx = NTupleNetwork(8).indices([own], [opp])
    moves: dict[bool, list[float]] = {}
    for use_tc in (False, True):
        net = NTupleNetwork(8)
        steps = []
        for result in (1.0, -1.0, 1.0, -1.0, 1.0, 1.0):
            before = net.value(own, opp)
            net.learn_game([own], [opp], [0], result, alpha=0.3, lam=0.0, tc=use_tc)
            steps.append(abs(net.value(own, opp) - before))
        moves[use_tc] = steps
        coherence = net.coherence(idx)
        assert np.all((coherence >= 0.0) & (coherence <= 1.0))
    # Pushed up, down, up...: with TC the later steps are much smaller than without.
    assert moves[True][0] == pytest.approx(moves[False][0])
    assert moves[True][4] < 0.5 * moves[False][4]
    # A weight pushed one way only keeps full steps.
    net = NTupleNetwork(8)
    for _ in range(3):
        net.learn_game([own], [opp], [0], 1.0, alpha=0.3, lam=0.0, tc=True)
    assert np.allclose(net.coherence(idx), 1.0)


def test_reset_forgets_the_coherence_too() -> None:
    net = NTupleNetwork(6)
    rng = random.Random(0)
    for _ in range(5):
        self_play_game(net, rng, 0.1, 0.5, 0.8, tc=True)
    assert net.tc_size.any()
    net.reset()
    assert not net.weights.any() and not net.tc_sum.any() and not net.tc_size.any()


def test_random_opening_moves_are_played_but_not_learnt_from() -> None:
    net = NTupleNetwork(6)
    rng = random.Random(4)
    game = self_play_game(net, rng, 0.0, 0.5, 0.8, opening=200)  # every move random
    assert game.moves > 20
    assert not net.weights.any()
    assert net.games_trained == 1
    short = self_play_game(net, rng, 0.0, 0.5, 0.8, opening=4)
    assert short.moves > 20 and net.weights.any() and net.games_trained == 2


def test_a_few_hundred_self_play_games_learn_something() -> None:
    net = NTupleNetwork(6)
    rng = random.Random(1)
    games = [self_play_game(net, rng, 0.1, 0.5, 0.5) for _ in range(300)]
    assert net.games_trained == 300
    assert {g.winner for g in games} <= {None, 0, 1}
    assert sum(g.moves for g in games) > 300 * 25  # 32 squares to fill; wipe-outs are rare
    assert np.count_nonzero(net.weights) > 1000
    assert np.all(np.isfinite(net.weights))
    result = measure(net, "random", 40, seed=2)
    assert result.games == 40
    assert result.score > 0.6


def test_what_it_learnt_is_readable() -> None:
    net = NTupleNetwork(8)
    rng = random.Random(2)
    for _ in range(20):
        self_play_game(net, rng, 0.1, 0.5, 0.5)
    squares = net.square_values()
    assert squares.shape == (8, 8)
    # The eight symmetries make the map symmetric.
    assert np.allclose(squares, squares.T, atol=1e-4)
    assert np.allclose(squares, squares[::-1, ::-1], atol=1e-4)
    top = net.strongest_patterns(3)
    assert len(top) == 3
    assert all(set(drawing) <= set(".XO") for _, drawing, _ in top)
    assert abs(top[0][2]) >= abs(top[1][2]) >= abs(top[2][2])


# ------------------------------------------------------------------------------------------------
# Files
# ------------------------------------------------------------------------------------------------


def test_save_and_load_round_trip_exactly(tmp_path: Path) -> None:
    net = random_network(8, seed=4)
    net.games_trained = 1234
    net.tc_sum[:] = np.random.default_rng(1).normal(0, 1, net.weights.size)
    net.tc_size[:] = np.abs(net.tc_sum) + 0.5
    path = net.save(tmp_path / "net.npz")
    back = NTupleNetwork(8)
    back.load(path)
    assert np.array_equal(back.weights, net.weights)
    assert np.array_equal(back.tc_sum, net.tc_sum)
    assert np.array_equal(back.tc_size, net.tc_size)
    assert back.weights.dtype == np.float32
    assert back.games_trained == 1234
    assert back.value(BOARD_8.own, BOARD_8.opp) == net.value(BOARD_8.own, BOARD_8.opp)


def _npz(**arrays: Any) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def _header(net: NTupleNetwork, **changes: Any) -> np.ndarray:
    """A file header; version 1 (weights only) unless ``changes`` say otherwise."""
    import json

    header = net.header()
    header.update({"version": 1, **changes})
    return np.array(json.dumps(header))


@pytest.mark.parametrize("case", [
    "garbage", "json", "other size", "other format", "other version", "wrong shape",
    "not finite", "pickled object", "extra array", "float64", "games negative",
    "version 2 without sums", "sums of another shape", "sums not finite",
])
def test_foreign_and_corrupt_files_are_refused(case: str) -> None:
    net = NTupleNetwork(8)
    weights = np.zeros_like(net.weights)
    data = {
        "garbage": b"\x00\x01 not a zip",
        "json": b'{"format": "ai-game-lab learner"}',
        "other size": NTupleNetwork(6).to_bytes(),
        "other format": _npz(header=_header(net, format="something else"), weights=weights),
        "other version": _npz(header=_header(net, version=99), weights=weights),
        "wrong shape": _npz(header=_header(net), weights=weights[:-1]),
        "not finite": _npz(header=_header(net), weights=np.full_like(weights, np.nan)),
        "pickled object": _npz(header=np.array([{"a": 1}], dtype=object), weights=weights),
        "extra array": _npz(header=_header(net), weights=weights, more=weights),
        "float64": _npz(header=_header(net), weights=weights.astype(np.float64)),
        "games negative": _npz(header=_header(net, games_trained=-1), weights=weights),
        "version 2 without sums": _npz(header=_header(net, version=2), weights=weights),
        "sums of another shape": _npz(header=_header(net, version=2), weights=weights,
                                      tc_sum=weights, tc_size=weights[:-1]),
        "sums not finite": _npz(header=_header(net, version=2), weights=weights,
                                tc_sum=np.full_like(weights, np.inf), tc_size=weights),
    }[case]
    net.weights[0] = 0.25
    with pytest.raises(NTupleFileError):
        net.from_bytes(data)
    assert net.weights[0] == 0.25  # unchanged


def test_a_version_1_file_still_loads_with_its_coherence_starting_at_zero() -> None:
    """Files written before temporal coherence (the shipped network) hold weights only."""
    old = random_network(8, seed=2)
    data = _npz(header=_header(old, games_trained=7), weights=old.weights)
    net = NTupleNetwork(8)
    net.tc_sum[3] = net.tc_size[3] = 1.0
    net.from_bytes(data)
    assert np.array_equal(net.weights, old.weights) and net.games_trained == 7
    assert not net.tc_sum.any() and not net.tc_size.any()


def test_the_shipped_file_is_version_1_and_still_loads() -> None:
    from ai.ntuple import read_archive

    path = shipped_path(8)
    if not path.is_file():
        pytest.skip("no shipped network")
    header, arrays = read_archive(path.read_bytes())
    assert header["version"] == 1 and set(arrays) == {"weights"}
    NTupleNetwork(8).load(path)


def test_a_bad_file_is_kept_aside_and_the_player_starts_fresh(data_dir: Path) -> None:
    player = NTuplePlayer("ntuple", 0, 8)
    path = default_path(8)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(NTupleNetwork(6).to_bytes())
    player.net.weights[5] = 1.0
    report = player.load()
    assert not report.loaded
    assert "6x6" in report.message or "Othello 8x8" in report.message
    assert report.kept_as is not None and report.kept_as.exists()
    assert not path.exists()
    assert not player.net.weights.any()
    missing = player.load(path)
    assert not missing.loaded and "no saved" in missing.message


def test_player_saves_to_the_data_folder_and_loads_back(data_dir: Path) -> None:
    player = NTuplePlayer("ntuple", 0, 6)
    player.train_self_play(20)
    path = player.save()
    assert path.is_relative_to(data_dir)
    other = NTuplePlayer("ntuple", 1, 6)
    report = other.load()
    assert report.loaded and "20 games" in report.message
    assert np.array_equal(other.net.weights, player.net.weights)


# ------------------------------------------------------------------------------------------------
# Playing
# ------------------------------------------------------------------------------------------------


def test_registered_for_othello_6_and_8_only() -> None:
    assert "ntuple" in [p.name for p in players_for("othello", OthelloOptions(8))]
    assert "ntuple" in [p.name for p in players_for("othello", OthelloOptions(6))]
    with pytest.raises(NotApplicableError):
        make_player("ntuple", "othello", OthelloOptions(4))
    with pytest.raises(NotApplicableError):
        make_player("ntuple", "nim")
    player = make_player("ntuple:alpha=0.2,lambda=0,epsilon=0.05", "othello")
    assert isinstance(player, NTuplePlayer)
    assert (player.alpha, player.lam, player.epsilon, player.tc) == (0.2, 0.0, 0.05, True)
    fixed = make_player("ntuple:tc=0", "othello")
    assert isinstance(fixed, NTuplePlayer) and not fixed.tc


def test_a_trained_file_plays_legal_moves_in_the_arena(tmp_path: Path) -> None:
    trainer = NTuplePlayer("ntuple", 0, 8)
    trainer.train_self_play(10)
    path = trainer.save(tmp_path / "trained.npz")
    player = make_player("ntuple:trained=0", "othello", OthelloOptions(8), seed=1)
    assert isinstance(player, NTuplePlayer)
    assert player.load(path).loaded
    opponent = make_player("random", "othello", OthelloOptions(8), seed=2)
    for first, second in ((player, opponent), (opponent, player)):
        record = play_game(first, second, OthelloOptions(8).initial_state())  # raises if illegal
        assert record.outcome is not None


def test_decision_shows_every_move_value() -> None:
    player = NTuplePlayer("ntuple", 0, 8)
    player.net = random_network(8)
    decision = player.choose(BOARD_8)
    assert set(decision.scores) == set(BOARD_8.legal_moves())
    assert decision.scores[decision.move] == max(decision.scores.values())
    assert all(-1.0 <= v <= 1.0 for v in decision.scores.values())


def test_learns_from_arena_games() -> None:
    player = NTuplePlayer("ntuple", 0, 6)
    opponent = make_player("random", "othello", OthelloOptions(6), seed=3)
    result = run_match(player, opponent, OthelloOptions(6).initial_state(), 6, swap=True)
    assert result.games == 6
    assert player.games_trained == 6
    assert player.net.weights.any()


def test_learn_ignores_an_abandoned_game() -> None:
    player = NTuplePlayer("ntuple", 0, 8)
    state = OthelloOptions(8).initial_state()
    player.learn(GameRecord([state], [], None), (0,))
    assert player.games_trained == 0


def test_as_a_search_evaluation_it_is_zero_sum_and_plays() -> None:
    net = random_network(8)
    evaluate = make_evaluate(net)
    assert evaluate(BOARD_8, 0) == -evaluate(BOARD_8, 1)
    assert evaluate(BOARD_8, 0) != 0.0
    searcher = SearchPlayer("alphabeta:eval=ntuple", 0, depth=2, pruning=True, evaluator=evaluate)
    decision = searcher.choose(BOARD_8)
    assert decision.move in BOARD_8.legal_moves()
    engine_eval = make_engine_evaluator(net)
    assert engine_eval(BOARD_8.own, BOARD_8.opp, None) == -round(
        3000 * net.value(BOARD_8.opp, BOARD_8.own))


def test_the_shipped_network_loads_when_present() -> None:
    path = shipped_path(8)
    if not path.exists():
        pytest.skip("no shipped network yet")
    player = make_player("ntuple:trained=1", "othello", OthelloOptions(8))
    assert isinstance(player, NTuplePlayer)
    assert player.games_trained > 0


def test_a_seat_picked_in_the_menu_plays_the_shipped_network() -> None:
    """Regression: the menu's "N-tuple network" on 8x8 played untrained (every value 0, its
    moves arbitrary), since ``trained`` defaulted to 0. The default is now the shipped
    network where the app ships one for the size; 6x6 (none shipped) starts from nothing,
    and ``trained=0`` always does. The parameter says its default."""
    from ai.registry import get_player_info

    if not shipped_path(8).exists():
        pytest.skip("no shipped network")
    seat = make_player("ntuple", "othello", OthelloOptions(8))
    assert isinstance(seat, NTuplePlayer) and seat.games_trained > 0
    assert "trained=1" in seat.spec
    decision = seat.choose(BOARD_8)
    assert len(set(decision.scores.values())) > 1  # it tells its moves apart
    fresh = make_player("ntuple:trained=0", "othello", OthelloOptions(8))
    assert isinstance(fresh, NTuplePlayer) and fresh.games_trained == 0
    assert not fresh.net.weights.any()
    small = make_player("ntuple", "othello", OthelloOptions(6))
    assert isinstance(small, NTuplePlayer) and small.games_trained == 0
    trained = next(p for p in get_player_info("ntuple").params if p.name == "trained")
    assert trained.default == 1 and "default" in trained.description


def test_a_size_without_a_shipped_network_offers_no_shipped_choice(data_dir: Path) -> None:
    """QA17 11: on 6x6 the menu offered "Pre-trained: Shipped" and the network then played
    from nothing (no network ships for 6x6). There "1" is no choice: the default is from
    nothing, or the lab's network once the lab has saved one; 8x8 keeps "Shipped"."""
    from ai.registry import PlayerSpecError, resolve_spec

    if not shipped_path(8).exists() or shipped_path(6).exists():
        pytest.skip("the test needs the shipped 8x8 network and none for 6x6")

    def trained(size: int, spec: str = "ntuple") -> tuple[tuple[str, ...], str]:
        info, values = resolve_spec(spec, "othello", OthelloOptions(size))
        param = info.param("trained")
        return param.choices, param.choices[int(values["trained"])]

    assert trained(8) == (("0", "1"), "1")
    assert trained(6) == (("0",), "0")
    with pytest.raises(PlayerSpecError, match="must be 0 with these game options, got '1'"):
        make_player("ntuple:trained=1", "othello", OthelloOptions(6))
    default_path(6).parent.mkdir(parents=True, exist_ok=True)
    NTupleNetwork(6).save(default_path(6))
    assert trained(6) == (("0", "lab"), "lab")  # the one trained network there is
    assert trained(6, "ntuple:trained=0") == (("0", "lab"), "0")
    assert trained(8) == (("0", "1"), "1")  # the lab saved none of that size


@pytest.mark.parametrize(("learner", "alpha", "tc"), [
    ("ntuple:trained=0", ALPHA, True),
    ("ntuple:alpha=0.2,tc=0,trained=0", 0.2, False),  # the recipe of the shipped network
])
def test_the_train_command_trains_like_the_benchmark_loop(tmp_path: Path, learner: str,
                                                          alpha: float, tc: bool) -> None:
    from ai.train import Training, TrainPlan, save_result

    out = tmp_path / "net.npz"
    plan = TrainPlan(game="othello", options=OthelloOptions(6), learner=learner, games=30,
                     out=out, mode="self", seed=5)
    seen: list[int] = []
    result = Training(plan).run(progress=lambda match, record: seen.append(match.games))
    assert seen == list(range(1, 31))
    assert result.match.games == 30 and not result.match.stopped
    assert sum(result.match.moves) > 30 * 25
    save_result(result)
    # Same seed, same games: the fast loop of benchmarks/ntuple.py gives the same network.
    net = NTupleNetwork(6)
    rng = random.Random(5)
    for _ in range(30):
        self_play_game(net, rng, EPSILON, alpha, LAMBDA, tc=tc)
    trained = NTupleNetwork(6)
    trained.load(out)
    assert np.array_equal(trained.weights, net.weights)
    assert np.array_equal(trained.tc_size, net.tc_size)
    assert bool(net.tc_size.any()) is tc
    assert trained.games_trained == 30
    # The file can be replaced by a new training, and read back through load=FILE.
    plan2 = TrainPlan(game="othello", options=OthelloOptions(6),
                      learner=f"ntuple:load={out}", games=2, out=out, mode="self", seed=6)
    save_result(Training(plan2).run())
    again = make_player(f"ntuple:load={out}", "othello", OthelloOptions(6))
    assert isinstance(again, NTuplePlayer) and again.games_trained == 32


def test_load_refuses_foreign_files_without_moving_them(tmp_path: Path) -> None:
    from ai.registry import LearnerLoadError

    path = tmp_path / "six.npz"
    NTupleNetwork(6).save(path)
    with pytest.raises(LearnerLoadError, match="6"):
        make_player(f"ntuple:load={path}", "othello", OthelloOptions(8))
    assert path.exists()
    with pytest.raises(LearnerLoadError, match="no file"):
        make_player(f"ntuple:load={tmp_path / 'missing.npz'}", "othello")


# ------------------------------------------------------------------------------------------------
# The lab's run
# ------------------------------------------------------------------------------------------------


def test_lab_run_trains_and_measures_frozen_copies() -> None:
    from ai.ntuple_training import NTupleTrainingRunner

    player = NTuplePlayer("ntuple", 0, 6)
    runner = NTupleTrainingRunner(player, 12, eval_every=5, eval_games=2,
                                  opponents=("random", "greedy"))
    runner.start()
    assert runner.join(120)
    progress = runner.progress()
    assert progress.finished and progress.error is None and progress.done == 12
    assert player.games_trained == 12
    assert sum(runner.counts()) == 12
    # Before training, after 5 and 10 games, and at the end.
    assert [p.games for p in runner.curves] == [0, 5, 10, 12]
    assert all(set(p.scores) == {"random", "greedy"} for p in runner.curves)
    assert all(0.0 <= s <= 1.0 for p in runner.curves for s in p.scores.values())
    # Measuring never teaches: the frozen copies leave the network's game count alone.
    assert player.net.games_trained == 12


def test_lab_run_at_watch_speed_publishes_positions_and_stops() -> None:
    import time

    from ai.ntuple_training import NTupleTrainingRunner

    player = NTuplePlayer("ntuple", 0, 6)
    runner = NTupleTrainingRunner(player, 5, speed="watch", eval_games=0)
    runner.start()
    deadline = time.monotonic() + 30
    while runner.current is None or runner.current_move is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    runner.pause()
    assert runner.paused
    runner.stop()
    assert runner.join(30)
    assert runner.progress().stopped
    assert player.games_trained <= 1


def test_square_values_scaled_are_within_100() -> None:
    from ai.ntuple_training import square_values_scaled

    assert square_values_scaled(NTupleNetwork(6)) == [[0.0] * 6 for _ in range(6)]
    values = square_values_scaled(random_network(8))
    assert max(abs(v) for row in values for v in row) == pytest.approx(100.0)


# ---- eval=ntuple:load=FILE and eval=ntuple (issue 14) -----------------------------------------


def test_alphabeta_searches_with_a_network_file(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    net = random_network(8)
    net.save(path)
    spec = f"alphabeta:depth=2,eval=ntuple:load={path}"
    searcher = make_player(spec, "othello", OthelloOptions(8), seed=1)
    assert searcher.spec == f"alphabeta:depth=2,eval=ntuple:load={path},memo=1,exact=1"
    decision = searcher.choose(BOARD_8)
    # The leaves are the network's values: the same search with make_evaluate agrees.
    same = SearchPlayer("x", 1, depth=2, pruning=True, evaluator=make_evaluate(net))
    assert decision.scores == same.choose(BOARD_8).scores
    opponent = make_player("minimax:depth=1,eval=ntuple:load=" + str(path), "othello",
                           OthelloOptions(8), seed=2)
    record = play_game(searcher, opponent, OthelloOptions(8).initial_state())
    assert record.outcome is not None  # legal moves all the way (play_game checks them)


@pytest.mark.parametrize("case", ["missing", "foreign", "other size"])
def test_a_bad_network_file_for_eval_says_why(tmp_path: Path, case: str) -> None:
    path = tmp_path / "net.npz"
    if case == "foreign":
        path.write_bytes(b"not a network")
    elif case == "other size":
        random_network(6).save(path)
    with pytest.raises(ParamValueError) as caught:
        make_player(f"alphabeta:eval=ntuple:load={path}", "othello", OthelloOptions(8))
    assert str(path) in str(caught.value) or "size" in str(caught.value)
    if case != "missing":
        assert path.exists()  # the user's file is never moved


def test_network_evaluations_are_othello_only() -> None:
    with pytest.raises(ParamValueError, match="open_lines"):
        make_player("alphabeta:eval=ntuple:load=x.npz", "morpion")
    with pytest.raises(ParamValueError):
        make_player("alphabeta:eval=ntuple:load=x.npz", "othello", OthelloOptions(4))


def test_the_shipped_network_is_offered_as_an_evaluation_when_present(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.ntuple as ntuple_module
    from ai.heuristics import evaluation_choices
    from game.rules.registry import GameSetup

    setup = GameSetup.of("othello", OthelloOptions(8))
    monkeypatch.setattr(ntuple_module, "shipped_path", lambda size: tmp_path / "none.npz")
    assert "ntuple" not in evaluation_choices(setup)
    shipped = tmp_path / "shipped.npz"
    random_network(8).save(shipped)
    monkeypatch.setattr(ntuple_module, "shipped_path", lambda size: shipped)
    assert "ntuple" in evaluation_choices(setup)
    player = make_player("alphabeta:depth=1,eval=ntuple", "othello", OthelloOptions(8))
    assert player.choose(BOARD_8).move in BOARD_8.legal_moves()
