"""The solver's bit helpers against the rules: packed move generation (ai.othello_packed, every
lane equals legal_mask) and the last-square tables (ai.othello_flips.LAST)."""

from __future__ import annotations

import random

from ai.othello_eval import GEOMETRIES
from ai.othello_flips import LAST
from ai.othello_packed import LANE, legal_many, pack, unpack
from ai.othello_search import final_margin, last_square_solvers
from game.rules.othello import REGIONS, OthelloOptions, flip_mask, legal_mask


def test_each_lane_equals_the_rules_move_generator_on_random_boards() -> None:
    # Random discs anywhere (not reachable positions): runs reach every edge and corner, so a
    # bit leaking from one lane into its neighbour would show.
    rng = random.Random(41)
    for _ in range(300):
        count = rng.randint(1, 14)
        owns, opps = [], []
        for _ in range(count):
            own = rng.getrandbits(64) & rng.getrandbits(64)
            opps.append(rng.getrandbits(64) & ~own)
            owns.append(own)
        moves = unpack(legal_many(pack(owns), pack(opps), count, REGIONS[8]), count)
        assert moves == [legal_mask(o, p) for o, p in zip(owns, opps, strict=True)]


def test_lanes_on_small_boards_and_full_lanes_next_to_each_other() -> None:
    rng = random.Random(42)
    for size in (4, 6, 8):
        region = REGIONS[size]
        states = []
        for _ in range(8):
            s = OthelloOptions(size).initial_state()
            for _ in range(rng.randint(0, size * size - 4)):
                if not s.legal_moves():
                    break
                s = s.play(rng.choice(s.legal_moves()))
            states.append(s)
        owns, opps = [s.own for s in states], [s.opp for s in states]
        # A full board of one colour beside lanes with moves: its (empty) lane stays empty.
        owns.insert(3, region)
        opps.insert(3, 0)
        got = unpack(legal_many(pack(owns), pack(opps), len(owns), region), len(owns))
        assert got == [legal_mask(o, p, region) for o, p in zip(owns, opps, strict=True)]


def test_lanes_are_wider_than_the_longest_shift() -> None:
    assert LANE - 64 > 36


def expected_last(own: int, opp: int, sq: int, squares: int) -> int:
    """The final margin for ``own`` to move with ``sq`` the only empty square, by the rules."""
    f = flip_mask(own, opp, sq)
    if f:
        return final_margin(own | f | (1 << sq), opp & ~f, squares)
    f = flip_mask(opp, own, sq)
    if f:
        return final_margin(own & ~f, opp | f | (1 << sq), squares)
    return final_margin(own, opp, squares)


def test_last_square_tables_equal_the_rules() -> None:
    rng = random.Random(43)
    full = (1 << 64) - 1
    for i in range(20000):
        sq = i % 64
        # Sparse, dense and random discs, so that runs of every length end on every side.
        own = rng.getrandbits(64) & (rng.getrandbits(64) if i % 3 == 0 else full)
        if i % 3 == 1:
            own |= rng.getrandbits(64)
        own &= ~(1 << sq)
        opp = full & ~own & ~(1 << sq)
        diff = own.bit_count() - opp.bit_count()
        assert LAST[sq](own, diff) == expected_last(own, opp, sq, 64), (sq, hex(own))


def test_last_square_on_small_boards() -> None:
    rng = random.Random(44)
    for size in (4, 6):
        g = GEOMETRIES[size]
        last = last_square_solvers(g)
        squares = [sq for sq in range(64) if (g.region >> sq) & 1]
        for _ in range(2000):
            sq = rng.choice(squares)
            own = rng.getrandbits(64) & g.region & ~(1 << sq)
            opp = g.region & ~own & ~(1 << sq)
            diff = own.bit_count() - opp.bit_count()
            assert last[sq](own, diff) == expected_last(own, opp, sq, g.squares), (size, sq)
