"""Othello rules: every rule, perft, random play, properties, symmetries and bad input.

A deliberately naive reference implementation (a grid scanned cell by cell in 8 directions, as
a person would check a move by hand) is written here to cross-check the bitboard engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import GameOverError, IllegalMoveError, MoveParseError, OptionError
from game.rules.othello import (
    BLACK,
    GAME,
    PASS,
    WHITE,
    OthelloMove,
    OthelloOptions,
    OthelloState,
    bits,
    flip_mask,
    legal_mask,
    move_at,
    potential_mobility_mask,
)
from game.rules.registry import get_game

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def grid_of(state: OthelloState) -> list[list[int]]:
    """The board as a list of rows of 0 (empty), 1 (black), 2 (white)."""
    return [[state.cell(r, c) for c in range(state.size)] for r in range(state.size)]


def naive_flips(grid: list[list[int]], row: int, col: int, me: int) -> set[tuple[int, int]]:
    """Cells turned by ``me`` (1 or 2) playing at (row, col), by walking each direction."""
    n = len(grid)
    if grid[row][col] != 0:
        return set()
    them = 3 - me
    out: set[tuple[int, int]] = set()
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        line = []
        while 0 <= r < n and 0 <= c < n and grid[r][c] == them:
            line.append((r, c))
            r, c = r + dr, c + dc
        if line and 0 <= r < n and 0 <= c < n and grid[r][c] == me:
            out.update(line)
    return out


def naive_moves(state: OthelloState) -> list[str]:
    """The legal move texts by the naive rules (including pass), sorted."""
    grid = grid_of(state)
    me = state.to_move + 1
    n = state.size
    mine = [f"{chr(97 + c)}{r + 1}" for r in range(n) for c in range(n)
            if naive_flips(grid, r, c, me)]
    if mine:
        return sorted(mine)
    theirs = [1 for r in range(n) for c in range(n) if naive_flips(grid, r, c, 3 - me)]
    return ["pass"] if theirs else []


def texts(moves: tuple[OthelloMove, ...]) -> list[str]:
    """Sorted text forms."""
    return sorted(str(m) for m in moves)


def start(size: int = 8) -> OthelloState:
    """The initial position of a board size."""
    return OthelloOptions(size).initial_state()


def perft(state: OthelloState, depth: int) -> int:
    """Number of move sequences of ``depth`` moves (passes count as moves)."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


def naive_perft(grid: list[list[int]], me: int, depth: int) -> int:
    """Perft by the naive rules only, independent of the bitboards."""
    if depth == 0:
        return 1
    n = len(grid)
    moves = [(r, c, f) for r in range(n) for c in range(n) if (f := naive_flips(grid, r, c, me))]
    if not moves:
        if any(naive_flips(grid, r, c, 3 - me) for r in range(n) for c in range(n)):
            return naive_perft(grid, 3 - me, depth - 1)
        return 0
    total = 0
    for r, c, flips in moves:
        child = [row[:] for row in grid]
        child[r][c] = me
        for fr, fc in flips:
            child[fr][fc] = me
        total += naive_perft(child, 3 - me, depth - 1)
    return total


# --- options and the start ---------------------------------------------------------------------


def test_default_size_is_8_and_registered() -> None:
    assert OthelloOptions().size == 8
    assert get_game("othello") is GAME
    assert GAME.side_names == ("Black", "White")
    assert GAME.initial_state().to_move == BLACK


@pytest.mark.parametrize("bad", [3, 5, 7, 10, 0, -8, "8", 8.0, True, None])
def test_bad_size_is_refused_with_allowed_values(bad: object) -> None:
    with pytest.raises(OptionError, match=r"'size'.*4, 6 or 8"):
        OthelloOptions(size=bad)  # type: ignore[arg-type]


def test_standard_start_8x8() -> None:
    s = start(8)
    assert s.cell(3, 3) == 2 and s.cell(4, 4) == 2  # d4, e5 white
    assert s.cell(4, 3) == 1 and s.cell(3, 4) == 1  # d5, e4 black
    assert s.black_count == 2 and s.white_count == 2 and s.empty_count == 60
    assert s.last_move is None and s.outcome is None


@pytest.mark.parametrize("size", [4, 6])
def test_small_boards_start_centred(size: int) -> None:
    s = start(size)
    c = size // 2
    assert s.rows()[c - 1] == "." * (c - 1) + "OX" + "." * (c - 1)
    assert s.rows()[c] == "." * (c - 1) + "XO" + "." * (c - 1)
    assert len(s.legal_moves()) == 4


def test_black_first_moves_are_d3_c4_f5_e6() -> None:
    assert [str(m) for m in start().legal_moves()] == ["d3", "c4", "f5", "e6"]


def test_seed_example_flip() -> None:
    # The seed: black playing at row 5, column 4 (e6) turns the disc at row 4, column 4 (e5).
    s = start()
    assert s.flips(s.parse_move("e6")) == ((4, 4),)
    after = s.play(s.parse_move("e6"))
    assert after.cell(4, 4) == 1 and after.cell(5, 4) == 1
    assert after.black_count == 4 and after.white_count == 1
    assert after.to_move == WHITE and str(after.last_move) == "e6"


# --- flipping ----------------------------------------------------------------------------------


def test_flips_several_lines_and_stops_at_own_disc() -> None:
    s = OthelloState.from_rows([
        "X.X.X...",
        ".OOO....",
        "XO.OX...",
        ".OOO....",
        "X.X.X...",
        "........",
        ".....OOX",
        "........",
    ], to_move=BLACK)
    move = s.parse_move("c3")
    assert set(s.flips(move)) == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}
    after = s.play(move)
    assert after.white_count == 2  # only f7 and g7 remain
    # A line that does not end on a black disc is not flipped.
    s2 = OthelloState.from_rows(["....", ".OO.", "....", "...."], to_move=BLACK)
    assert s2.flips_mask(s2.parse_move("a2")) == 0


def test_edges_do_not_wrap() -> None:
    # A white run at the end of row 1, then a black disc at the start of row 2: bit order would
    # make f1 look like a move if shifts wrapped around the edge.
    s = OthelloState.from_rows([
        "......OO",
        "X.......",
        "........",
        "........",
        "........",
        "........",
        "........",
        "........",
    ], to_move=BLACK)
    assert s.flips_mask(s.parse_move("f1")) == 0
    assert legal_mask(s.black, s.white) == 0


# --- illegal moves -----------------------------------------------------------------------------


def test_occupied_square_is_refused() -> None:
    s = start()
    with pytest.raises(IllegalMoveError, match="d4 is occupied"):
        s.play(s.parse_move("d4"))


def test_move_flipping_nothing_is_refused() -> None:
    s = start()
    with pytest.raises(IllegalMoveError, match="e3 flips nothing"):
        s.play(s.parse_move("e3"))
    with pytest.raises(IllegalMoveError, match="a1 flips nothing"):
        s.play(s.parse_move("a1"))


def test_off_board_move_on_small_board() -> None:
    s = start(4)
    with pytest.raises(IllegalMoveError, match="e5 is off the 4x4 board"):
        s.play(OthelloMove(4, 4))
    with pytest.raises(MoveParseError, match="off the board"):
        s.parse_move("e5")


def test_pass_is_refused_when_a_move_exists() -> None:
    with pytest.raises(IllegalMoveError, match="cannot pass: Black has 4"):
        start().play(PASS)


def test_state_unchanged_after_refused_move() -> None:
    s = start()
    before = (s.key, s.legal_moves())
    with pytest.raises(IllegalMoveError):
        s.play(s.parse_move("a1"))
    assert (s.key, s.legal_moves()) == before


def test_not_a_move_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="not an Othello move"):
        start().play("d3")  # type: ignore[arg-type]


# --- passing and the end -----------------------------------------------------------------------

# Black to move has no move (no white line ends on its disc); White can still play c1.
FORCED_PASS = [
    "OX..",
    "....",
    "....",
    "....",
]


def test_pass_is_explicit_and_forced() -> None:
    s = OthelloState.from_rows(FORCED_PASS, to_move=BLACK)
    assert s.outcome is None
    assert s.legal_moves() == (PASS,)
    assert s.placements() == 0
    with pytest.raises(IllegalMoveError, match="Black has no move and must pass"):
        s.play(s.parse_move("c1"))
    after = s.play(PASS)
    assert after.to_move == WHITE and after.last_move == PASS
    assert (after.black, after.white) == (s.black, s.white)
    assert after.outcome is None


def test_pass_then_play_in_real_game_sequence() -> None:
    # White has no move, Black has: after White passes, Black plays again.
    s = OthelloState.from_rows([
        "XXXX",
        "XXXO",
        "XXX.",
        "XX..",
    ], to_move=WHITE)
    assert s.legal_moves() == (PASS,)
    b = s.play(PASS)
    assert b.to_move == BLACK and [str(m) for m in b.legal_moves()] == ["d3"]


def test_game_ends_when_neither_side_can_move() -> None:
    # Empty squares remain but nobody can flip anything.
    s = OthelloState.from_rows([
        "XX..",
        "XX..",
        "....",
        "...O",
    ], to_move=WHITE)
    assert s.legal_moves() == ()
    assert s.outcome is not None
    assert s.outcome.winner == BLACK and s.outcome.reason == "discs"
    assert s.outcome.message == "Black wins 4-1"
    with pytest.raises(GameOverError):
        s.play(PASS)
    with pytest.raises(GameOverError):
        s.play(s.parse_move("c3"))


def test_full_board_white_wins_and_draw() -> None:
    white_wins = OthelloState.from_rows(["OOOO", "OOOO", "XXXX", "XXXO"], to_move=BLACK)
    assert white_wins.outcome is not None
    assert (white_wins.outcome.winner, white_wins.outcome.message) == (WHITE, "White wins 9-7")
    draw = OthelloState.from_rows(["OOOO", "OOOO", "XXXX", "XXXX"], to_move=WHITE)
    assert draw.outcome is not None
    assert draw.outcome.is_draw and draw.outcome.message == "Draw 8-8"


# --- perft -------------------------------------------------------------------------------------


def test_perft_8x8_to_depth_7() -> None:
    s = start(8)
    assert [perft(s, d) for d in range(1, 8)] == [4, 12, 56, 244, 1396, 8200, 55092]


@pytest.mark.slow
def test_perft_8x8_depth_8() -> None:
    assert perft(start(8), 8) == 390216


@pytest.mark.parametrize("size,depth", [(4, 10), (6, 5)])
def test_small_board_perft_matches_naive_rules(size: int, depth: int) -> None:
    s = start(size)
    assert perft(s, depth) == naive_perft(grid_of(s), 1, depth)


def test_small_board_perft_values() -> None:
    # Regression values, checked once against the naive rules above (see the slow test).
    assert [perft(start(4), d) for d in range(1, 9)] == [4, 12, 44, 128, 424, 1256, 3624, 9112]
    assert [perft(start(6), d) for d in range(1, 7)] == [4, 12, 56, 244, 1364, 7604]


def tally_by_depth(state: OthelloState, depth: int, tally: list[int]) -> None:
    """Add to ``tally[d]`` the number of move sequences of length d, for every d, in one walk."""
    tally[depth] += 1
    for m in state.legal_moves():
        tally_by_depth(state.play(m), depth + 1, tally)


def naive_tally(grid: list[list[int]], me: int, depth: int, tally: list[int]) -> None:
    """The same tally with the naive rules (a pass is a move that only changes the mover)."""
    tally[depth] += 1
    n = len(grid)
    moves = [(r, c, f) for r in range(n) for c in range(n) if (f := naive_flips(grid, r, c, me))]
    if not moves:
        if any(naive_flips(grid, r, c, 3 - me) for r in range(n) for c in range(n)):
            naive_tally(grid, 3 - me, depth + 1, tally)
        return
    for r, c, flips in moves:
        child = [row[:] for row in grid]
        child[r][c] = me
        for fr, fc in flips:
            child[fr][fc] = me
        naive_tally(child, 3 - me, depth + 1, tally)


@pytest.mark.slow
def test_whole_4x4_tree_matches_naive_rules() -> None:
    # Every 4x4 game, passes included, ends within 24 moves; the whole tree is walked once.
    s = start(4)
    fast, slow = [0] * 26, [0] * 26
    tally_by_depth(s, 0, fast)
    naive_tally(grid_of(s), 1, 0, slow)
    assert fast == slow
    assert fast[13:19] == [31396, 12920, 3416, 612, 48, 0]


# --- random play -------------------------------------------------------------------------------


def play_random_game(size: int, rng: random.Random, check: Callable[[OthelloState], None]) -> (
        OthelloState):
    """Play one random game from the start, calling ``check`` on every position."""
    s = start(size)
    while True:
        check(s)
        moves = s.legal_moves()
        if not moves:
            return s
        s = s.play(rng.choice(moves))


def invariants(s: OthelloState) -> None:
    """What must hold in every position (cheap checks; the full ones are in ``all_moves_play``)."""
    assert s.black & s.white == 0
    assert (s.black | s.white) & ~s.region == 0
    assert s.black_count + s.white_count + s.empty_count == s.size * s.size
    moves = s.legal_moves()
    if not moves:
        assert s.outcome is not None
        b, w = s.black_count, s.white_count
        assert s.outcome.winner == (BLACK if b > w else WHITE if w > b else None)
        return
    assert s.outcome is None
    for m in moves:
        assert s.parse_move(str(m)) == m
    last = s.last_move
    if last is not None and not last.is_pass:
        # The disc just placed belongs to the player who is no longer to move.
        assert s.cell(last.row, last.col) == 2 - s.to_move


def all_moves_play(s: OthelloState) -> None:
    """Every legal move is playable and changes the disc counts exactly by its flips."""
    for m in s.legal_moves():
        child = s.play(m)
        assert child.to_move == 1 - s.to_move and child.last_move == m
        if m.is_pass:
            assert (child.black, child.white) == (s.black, s.white)
            continue
        flipped = len(s.flips(m))
        assert flipped >= 1
        assert child.count(s.to_move) == s.count(s.to_move) + flipped + 1
        assert child.count(1 - s.to_move) == s.count(1 - s.to_move) - flipped


@pytest.mark.parametrize("size,games", [(4, 3000), (6, 2000), (8, 1000)])
def test_random_games_keep_invariants(size: int, games: int) -> None:
    rng = random.Random(size)
    for _ in range(games):
        end = play_random_game(size, rng, invariants)
        assert end.outcome is not None


@pytest.mark.parametrize("size", [4, 6, 8])
def test_random_games_agree_with_naive_rules(size: int) -> None:
    rng = random.Random(100 + size)

    def check(s: OthelloState) -> None:
        all_moves_play(s)
        assert texts(s.legal_moves()) == naive_moves(s)
        for m in s.legal_moves():
            if not m.is_pass:
                assert set(s.flips(m)) == naive_flips(grid_of(s), m.row, m.col, s.to_move + 1)

    for _ in range(30 if size == 8 else 100):
        play_random_game(size, rng, check)


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 6, 8])
def test_many_more_random_games(size: int) -> None:
    rng = random.Random(7 * size)
    def check(s: OthelloState) -> None:
        invariants(s)
        all_moves_play(s)

    for _ in range(5000):
        play_random_game(size, rng, check)


# --- hypothesis properties ---------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> OthelloState:
    """A position reached by random legal moves from the start of a random size."""
    size = draw(st.sampled_from([4, 6, 8]))
    s = start(size)
    for choice in draw(st.lists(st.integers(0, 1000), max_size=60)):
        moves = s.legal_moves()
        if not moves:
            break
        s = s.play(moves[choice % len(moves)])
    return s


@settings(max_examples=150, deadline=None)
@given(positions())
def test_property_moves_match_naive_and_key_identifies(s: OthelloState) -> None:
    assert texts(s.legal_moves()) == naive_moves(s)
    twin = OthelloState.from_bitboards(s.size, s.black, s.white, s.to_move)
    assert twin == s and hash(twin) == hash(s) and twin.key == s.key
    assert twin.legal_moves() == s.legal_moves()
    assert OthelloState.from_rows(s.rows(), s.to_move) == s


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 63))
def test_property_play_is_pure_and_flip_mask_agrees(s: OthelloState, square: int) -> None:
    key = s.key
    for m in s.legal_moves():
        s.play(m)
    assert s.key == key
    row, col = divmod(square, 8)
    if row < s.size and col < s.size and not (s.black | s.white) >> square & 1:
        expected = naive_flips(grid_of(s), row, col, s.to_move + 1)
        got = {divmod(b, 8) for b in bits(flip_mask(s.own, s.opp, square))}
        assert got == expected
        assert bool(expected) == bool(s.placements() >> square & 1)


# --- symmetries --------------------------------------------------------------------------------

SYMMETRIES: list[Callable[[int, int, int], tuple[int, int]]] = [
    lambda r, c, n: (r, c),
    lambda r, c, n: (c, n - 1 - r),
    lambda r, c, n: (n - 1 - r, n - 1 - c),
    lambda r, c, n: (n - 1 - c, r),
    lambda r, c, n: (r, n - 1 - c),
    lambda r, c, n: (n - 1 - r, c),
    lambda r, c, n: (c, r),
    lambda r, c, n: (n - 1 - c, n - 1 - r),
]


def transform(s: OthelloState, f: Callable[[int, int, int], tuple[int, int]]) -> OthelloState:
    """The position mapped cell by cell through the symmetry ``f``."""
    n = s.size
    black = white = 0
    for r in range(n):
        for c in range(n):
            tr, tc = f(r, c, n)
            if s.cell(r, c) == 1:
                black |= 1 << (tr * 8 + tc)
            elif s.cell(r, c) == 2:
                white |= 1 << (tr * 8 + tc)
    return OthelloState.from_bitboards(n, black, white, s.to_move)


def map_move(m: OthelloMove, f: Callable[[int, int, int], tuple[int, int]], n: int) -> str:
    """Text of a move mapped through ``f``."""
    if m.is_pass:
        return "pass"
    r, c = f(m.row, m.col, n)
    return str(OthelloMove(r, c))


@settings(max_examples=60, deadline=None)
@given(positions())
def test_property_symmetries_map_moves_flips_and_outcome(s: OthelloState) -> None:
    n = s.size
    for f in SYMMETRIES:
        t = transform(s, f)
        assert texts(t.legal_moves()) == sorted(map_move(m, f, n) for m in s.legal_moves())
        for m in s.legal_moves():
            if m.is_pass:
                continue
            tm = t.parse_move(map_move(m, f, n))
            assert set(t.flips(tm)) == {f(r, c, n) for r, c in s.flips(m)}
        assert (t.outcome is None) == (s.outcome is None)
        if s.outcome is not None and t.outcome is not None:
            assert t.outcome.winner == s.outcome.winner


# --- text forms and bad input ------------------------------------------------------------------


def test_every_cell_text_round_trips() -> None:
    s = start(8)
    for sq in range(64):
        m = move_at(sq)
        assert s.parse_move(str(m)) == m
    assert s.parse_move("pass") is PASS
    assert s.parse_move("  PASS ") is PASS
    assert s.parse_move(" D3 ") == OthelloMove(2, 3)
    assert str(PASS) == "pass" and move_at(-1) is PASS


@pytest.mark.parametrize("bad", ["", "d", "3d", "i1", "a9", "a0", "dd", "pas", "d3x", "d-3"])
def test_malformed_move_text(bad: str) -> None:
    with pytest.raises(MoveParseError):
        start(8).parse_move(bad)


@pytest.mark.parametrize("row,col", [(8, 0), (0, 8), (-1, 0), (0, -1), (-2, -2)])
def test_move_values_are_validated(row: int, col: int) -> None:
    with pytest.raises(MoveParseError):
        OthelloMove(row, col)


def test_bad_positions_are_refused() -> None:
    with pytest.raises(OptionError, match="both"):
        OthelloState.from_bitboards(8, 1, 1, BLACK)
    with pytest.raises(OptionError, match="off the 4x4"):
        OthelloState.from_bitboards(4, 1 << 4, 0, BLACK)
    with pytest.raises(OptionError, match="to_move"):
        OthelloState.from_bitboards(8, 1, 2, 2)
    with pytest.raises(OptionError, match="rows"):
        OthelloState.from_rows(["...", "...", "..."])
    with pytest.raises(OptionError, match="unknown cell"):
        OthelloState.from_rows(["....", ".Z..", "....", "...."])


def test_cell_out_of_range() -> None:
    with pytest.raises(IndexError):
        start(6).cell(6, 0)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 64) - 1), st.integers(0, (1 << 64) - 1))
def test_property_potential_mobility_mask_matches_neighbours(discs: int, free: int) -> None:
    empty = free & ~discs
    expected = 0
    for sq in bits(empty):
        r, c = divmod(sq, 8)
        for dr, dc in DIRECTIONS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < 8 and 0 <= cc < 8 and discs >> (rr * 8 + cc) & 1:
                expected |= 1 << sq
                break
    assert potential_mobility_mask(discs, empty) == expected
