"""The Othello pattern evaluation: indices against a square-by-square reference, the eight
symmetries, the weight file (load, and the hand-tuned fallback with a warning when it is
missing or corrupt), and the engine playing legal moves with it."""

from __future__ import annotations

import logging
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from ai import othello_patterns as P
from ai.base import Limits
from ai.othello_engine import OthelloEngine
from ai.othello_eval import GEOMETRIES, evaluate
from ai.registry import make_player
from game.rules.othello import OthelloOptions, OthelloState, flip_mask


def random_positions(count: int, seed: int = 3) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = OthelloOptions().initial_state()
        for _ in range(rng.randint(0, 58)):
            if s.outcome is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        out.append((s.own, s.opp))
    return out


# The eight symmetries of the board on (row, col), and on bitboards.
SYMS = (
    lambda r, c: (r, c), lambda r, c: (c, 7 - r), lambda r, c: (7 - r, 7 - c),
    lambda r, c: (7 - c, r), lambda r, c: (r, 7 - c), lambda r, c: (c, r),
    lambda r, c: (7 - r, c), lambda r, c: (7 - c, 7 - r),
)


def transform(board: int, sym: object) -> int:
    out = 0
    for sq in range(64):
        if board >> sq & 1:
            r, c = sym(*divmod(sq, 8))  # type: ignore[operator]
            out |= 1 << (r * 8 + c)
    return out


# One window of each family in its digit order (see P.FAMILIES); the others are its images.
BASE_WINDOWS = {
    "edge+2X": [(0, c) for c in range(8)] + [(1, 1), (1, 6)],
    "corner3x3": [(r, c) for r in range(3) for c in range(3)],
    "corner2x5": [(0, c) for c in range(5)] + [(1, c) for c in range(5)],
    "row2": [(1, c) for c in range(8)],
    "row3": [(2, c) for c in range(8)],
    "row4": [(3, c) for c in range(8)],
    "diag8": [(i, i) for i in range(8)],
    "diag7": [(i, i + 1) for i in range(7)],
    "diag6": [(i, i + 2) for i in range(6)],
    "diag5": [(i, i + 3) for i in range(5)],
    "diag4": [(i, i + 4) for i in range(4)],
}


def reference_index(own: int, opp: int, cells: list[tuple[int, int]]) -> int:
    value = 0
    for j, (r, c) in enumerate(cells):
        sq = r * 8 + c
        value += 3 ** j * ((own >> sq & 1) + 2 * (opp >> sq & 1))
    return value


def test_indices_match_a_square_by_square_reference() -> None:
    canon = P.canonical_map()
    for own, opp in random_positions(40):
        got = P.indices(own, opp)
        assert len(got) == P.WINDOWS
        at = 0
        for fam, start in zip(P.FAMILIES, P.OFFSETS, strict=True):
            mine = Counter(int(canon[i]) for i in got[at:at + fam.windows])
            assert all(start <= i < start + 3 ** fam.cells for i in got[at:at + fam.windows])
            images = Counter()
            for sym in SYMS:
                cells = [sym(r, c) for r, c in BASE_WINDOWS[fam.name]]
                images[int(canon[start + reference_index(own, opp, cells)])] += 1
            # Each window is the image of the base window under 8 / windows symmetries.
            assert images == Counter({k: v * 8 // fam.windows for k, v in mine.items()}), fam
            at += fam.windows


def random_weights(seed: int = 0) -> P.PatternWeights:
    rng = np.random.default_rng(seed)
    raw = rng.integers(-300, 300, (P.PHASES, P.PATTERN_WEIGHTS)).astype(np.int16)
    scalars = rng.integers(-100, 100, (P.PHASES, len(P.SCALARS))).astype(np.int32)
    offsets = rng.integers(-500, 500, P.OFFSETS_SIZE).astype(np.int32)
    return P.PatternWeights(raw[:, P.canonical_map()], scalars, {"games": 0}, offsets)


def test_evaluation_is_the_same_under_the_eight_symmetries() -> None:
    ev = P.make_evaluator(random_weights())
    g = GEOMETRIES[8]
    for own, opp in random_positions(30, seed=5):
        values = {ev(transform(own, s), transform(opp, s), g) for s in SYMS}
        assert len(values) == 1


def test_shipped_weights_load_and_are_symmetric() -> None:
    evaluator, message = P.load_evaluator()
    assert evaluator is not evaluate, message
    g = GEOMETRIES[8]
    for own, opp in random_positions(10, seed=8):
        v = evaluator(own, opp, g)
        assert abs(v) < 9000
        assert {evaluator(transform(own, s), transform(opp, s), g) for s in SYMS} == {v}


def test_a_file_round_trips(tmp_path: Path) -> None:
    weights = random_weights(1)
    path = tmp_path / "w.npz"
    path.write_bytes(weights.to_bytes())
    back = P.read_weights(path.read_bytes())
    assert np.array_equal(back.patterns, weights.patterns)
    assert np.array_equal(back.scalars, weights.scalars)
    assert np.array_equal(back.offsets_or_zeros(), weights.offsets_or_zeros())
    ev, _ = P.load_evaluator(path)
    own, opp = random_positions(1, seed=2)[0]
    assert ev(own, opp, GEOMETRIES[8]) == P.make_evaluator(weights)(own, opp, GEOMETRIES[8])


@pytest.mark.parametrize("content", [None, b"", b"not a zip at all", b"PK\x03\x04broken"])
def test_missing_or_corrupt_file_falls_back_with_a_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes | None) -> None:
    path = tmp_path / "patterns.npz"
    if content is not None:
        path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="ai.othello_patterns"):
        ev, message = P.load_evaluator(path)
    assert ev is evaluate
    assert "hand-tuned" in message
    assert any("hand-tuned" in r.getMessage() for r in caplog.records)


def test_file_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    good = random_weights(2)
    bad = P.PatternWeights(good.patterns[:, :100], good.scalars, {})
    with pytest.raises(P.PatternFileError, match="shape"):
        P.read_weights(bad.to_bytes())
    path = tmp_path / "bad.npz"
    path.write_bytes(bad.to_bytes())
    assert P.load_evaluator(path)[0] is evaluate


def test_other_board_sizes_use_the_hand_tuned_evaluation() -> None:
    ev = P.make_evaluator(random_weights())
    s = OthelloOptions(6).initial_state()
    assert ev(s.own, s.opp, GEOMETRIES[6]) == evaluate(s.own, s.opp, GEOMETRIES[6])


def test_engine_with_patterns_plays_legal_moves() -> None:
    rng = random.Random(4)
    engine = OthelloEngine(level=5, seed=1, time_budget=0.02)
    for _ in range(2):
        s: OthelloState = OthelloOptions().initial_state()
        engine.reset()
        while s.outcome is None:
            if s.to_move == 0:
                d = engine.decide(s, Limits(depth=2))
                assert d.move in s.legal_moves()
                assert d.info.get("evaluation", "patterns") == "patterns"
                move = d.move
            else:
                move = rng.choice(s.legal_moves())
            s = s.play(move)


def test_engine_level_takes_the_evaluation_choice() -> None:
    hand = OthelloEngine(level=3, evaluation="hand")
    assert hand._evaluator() is evaluate
    assert OthelloEngine(level=3)._evaluator() is P.shipped_evaluator()
    with pytest.raises(ValueError, match="evaluation"):
        OthelloEngine(evaluation="magic")


def test_spec_picks_the_hand_tuned_evaluation() -> None:
    player = make_player("engine-level:level=3,eval=hand", "othello")
    assert isinstance(player, OthelloEngine)
    assert player.evaluation == "hand"
    default = make_player("engine-level:level=3", "othello")
    assert isinstance(default, OthelloEngine)
    assert default.evaluation == "patterns"


def reference_value(weights: P.PatternWeights, own: int, opp: int) -> int:
    """The evaluation as written before the packed indices: the sum of the table entries at
    :func:`P.indices`, the two mobility counts, parity and bias, clamped."""
    from ai.othello_eval import EVAL_LIMIT
    from game.rules.othello import legal_mask

    empties = 64 - (own | opp).bit_count()
    ph = P.phase_of(empties)
    mob, par, bias = (int(v) for v in weights.scalars[ph])
    score = sum(int(weights.patterns[ph, i]) for i in P.indices(own, opp))
    score += mob * (legal_mask(own, opp).bit_count() - legal_mask(opp, own).bit_count())
    score += bias + (par if empties & 1 else -par)
    score -= int(weights.offsets_or_zeros()[min(empties, P.OFFSETS_SIZE - 1)])
    return max(-(EVAL_LIMIT - 1), min(EVAL_LIMIT - 1, score))


def test_packed_indices_equal_the_line_by_line_ones() -> None:
    for own, opp in [*random_positions(60, seed=11), (0, 0), ((1 << 64) - 1, 0)]:
        assert tuple(P.unpack_indices(P.packed_indices(own, opp))) == P.indices(own, opp)


def test_incremental_indices_equal_recomputed_ones_along_random_games() -> None:
    rng = random.Random(12)
    for _ in range(12):
        s: OthelloState = OthelloOptions().initial_state()
        mine, theirs = P.packed_indices(s.own, s.opp), P.packed_indices(s.opp, s.own)
        while s.outcome is None:
            move = rng.choice(s.legal_moves())
            if move.is_pass:
                mine, theirs = theirs, mine
            else:
                flips = flip_mask(s.own, s.opp, move.square)
                mine, theirs = P.child_indices(mine, theirs, move.square, flips)
            s = s.play(move)
            assert mine == P.packed_indices(s.own, s.opp)
            assert theirs == P.packed_indices(s.opp, s.own)
            assert tuple(P.unpack_indices(mine)) == P.indices(s.own, s.opp)


@pytest.mark.parametrize("shipped", [True, False])
def test_evaluation_values_are_those_of_the_line_by_line_indices(shipped: bool) -> None:
    weights = (P.read_weights(P.shipped_path().read_bytes()) if shipped
               else random_weights(3))
    ev = P.make_evaluator(weights)
    g = GEOMETRIES[8]
    for own, opp in random_positions(80, seed=13):
        assert ev(own, opp, g) == reference_value(weights, own, opp)
