"""Tests of the Morpion rules (game/rules/morpion.py): every rule and end condition, random
play with invariants, hypothesis properties and board symmetries."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import (
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
)
from game.rules.morpion import (
    GAME,
    MorpionMove,
    MorpionOptions,
    MorpionState,
    PositionError,
)
from game.rules.registry import get_game, parse_options

Cell = tuple[int, int]


# --------------------------------------------------------------------------- helpers


def play_texts(size: int, texts: str, state: MorpionState | None = None) -> MorpionState:
    """Play the space-separated moves ``texts`` from ``state`` (default: the start)."""
    s = MorpionOptions(size).initial_state() if state is None else state
    for text in texts.split():
        s = s.play(s.parse_move(text))
    return s


def naive_legal_moves(s: MorpionState) -> set[MorpionMove]:
    """An independent, slow reading of the move rules, through the public cell accessors."""
    if s.outcome is not None:
        return set()
    cells = [(r, c) for r in range(s.size) for c in range(s.size)]
    empty = [cell for cell in cells if s.owner(*cell) is None]
    mine = [cell for cell in cells if s.owner(*cell) == s.to_move]
    if len(mine) < s.size:
        return {MorpionMove(cell) for cell in empty}
    return {MorpionMove(to, origin) for origin in mine for to in empty if to != origin}


def has_line(s: MorpionState, player: int) -> bool:
    """True if ``player`` fills a row, a column or a main diagonal (read cell by cell)."""
    n = s.size
    lines = [[(r, c) for c in range(n)] for r in range(n)]
    lines += [[(r, c) for r in range(n)] for c in range(n)]
    lines += [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]
    return any(all(s.owner(*cell) == player for cell in line) for line in lines)


def snapshot(s: MorpionState) -> tuple[object, ...]:
    """Everything observable about a state, to check that a failed move changed nothing."""
    return (s.size, s.masks, s.to_move, s.history, s.outcome, s.last_move, s.key, s.rows())


# --------------------------------------------------------------------------- options


def test_options_default_and_range() -> None:
    assert MorpionOptions().size == 3
    for size in range(3, 8):
        state = MorpionOptions(size).initial_state()
        assert state.size == size
        assert len(state.legal_moves()) == size * size


@pytest.mark.parametrize("bad", [2, 8, 0, -3, "3", 3.0, True, None])
def test_options_reject_bad_size(bad: object) -> None:
    with pytest.raises(OptionError, match="size"):
        MorpionOptions(bad)  # type: ignore[arg-type]


def test_registry_entry() -> None:
    info = get_game("morpion")
    assert info is GAME
    assert info.title == "Morpion"
    assert info.side_names == ("X", "O")
    opts = parse_options(info, {"size": "5"})
    assert opts == MorpionOptions(5)
    assert info.describe_options(opts) == "5x5, 5 pieces each"
    with pytest.raises(OptionError, match="size"):
        parse_options(info, {"size": "9"})
    with pytest.raises(OptionError, match="unknown option"):
        parse_options(info, {"pieces": "3"})


# --------------------------------------------------------------------------- placing


def test_initial_state() -> None:
    s = MorpionOptions(4).initial_state()
    assert s.to_move == 0
    assert s.outcome is None
    assert s.phase == "placing"
    assert s.in_hand(0) == s.in_hand(1) == 4
    assert s.positions_seen == 0
    assert s.last_move is None and s.vacated is None
    assert s.rows() == ("....",) * 4
    # Placements in cell order: a1, b1, c1, d1, a2, ...
    assert [str(m) for m in s.legal_moves()[:5]] == ["a1", "b1", "c1", "d1", "a2"]


def test_placement_puts_a_piece_and_passes_the_turn() -> None:
    s = play_texts(3, "b2")
    assert s.owner(1, 1) == 0
    assert s.to_move == 1
    assert s.in_hand(0) == 2 and s.in_hand(1) == 3
    assert s.last_move == MorpionMove((1, 1))
    assert s.vacated is None
    assert MorpionMove((1, 1)) not in s.legal_moves()
    s = s.play(s.parse_move("a1"))
    assert s.owner(0, 0) == 1
    assert s.rows() == ("O..", ".X.", "...")


def test_cannot_place_on_a_taken_cell() -> None:
    s = play_texts(3, "b2")
    before = snapshot(s)
    with pytest.raises(IllegalMoveError, match="b2: the cell is taken"):
        s.play(MorpionMove((1, 1)))
    assert snapshot(s) == before


def test_movement_refused_while_pieces_in_hand() -> None:
    s = play_texts(3, "a1 b1")
    before = snapshot(s)
    with pytest.raises(IllegalMoveError, match="still has 2 pieces in hand"):
        s.play(s.parse_move("a1-c3"))
    assert snapshot(s) == before


# --------------------------------------------------------------------------- moving

# X a1, O b1, X c1, O a2, X b2, O c3: no line, X to move.
#   XOX
#   OX.
#   ..O
START_MOVING = "a1 b1 c1 a2 b2 c3"


def test_moving_phase_begins_when_all_pieces_are_placed() -> None:
    s = play_texts(3, START_MOVING)
    assert s.rows() == ("XOX", "OX.", "..O")
    assert s.outcome is None
    assert s.phase == "moving"
    assert s.in_hand(0) == s.in_hand(1) == 0
    # The arrangement after the last placement is the first one seen.
    assert s.positions_seen == 1
    assert s.repetition_history == frozenset({s.arrangement})
    moves = s.legal_moves()
    assert len(moves) == 3 * 3  # D pieces x (D^2 - 2D) empty cells
    assert all(not m.is_placement for m in moves)
    assert [str(m) for m in moves[:3]] == ["a1-c2", "a1-a3", "a1-b3"]


def test_phase_is_per_side_to_move() -> None:
    # X has placed all 3 pieces, O still has one in hand: O places, then X moves.
    s = play_texts(3, "a1 b1 c1 a2 b2")
    assert s.to_move == 1 and s.in_hand(0) == 0 and s.in_hand(1) == 1
    assert s.phase == "placing"
    assert s.positions_seen == 0


def test_movement_moves_one_piece() -> None:
    s = play_texts(3, START_MOVING + " a1-c2")
    assert s.owner(0, 0) is None
    assert s.owner(1, 2) == 0
    assert s.vacated == (0, 0)
    assert s.last_move == MorpionMove((1, 2), (0, 0))
    assert s.in_hand(0) == 0
    assert s.positions_seen == 2
    assert s.to_move == 1


def test_placement_refused_when_no_piece_in_hand() -> None:
    s = play_texts(3, START_MOVING)
    before = snapshot(s)
    with pytest.raises(IllegalMoveError, match="no piece left in hand"):
        s.play(s.parse_move("c2"))
    assert snapshot(s) == before


def test_piece_cannot_go_back_to_the_cell_it_leaves() -> None:
    s = play_texts(3, START_MOVING)
    before = snapshot(s)
    with pytest.raises(IllegalMoveError, match="cell it just left"):
        s.play(s.parse_move("a1-a1"))
    assert snapshot(s) == before
    assert not any(m.origin == m.to for m in s.legal_moves())


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("b1-c2", "no X piece on b1"),  # O's piece
        ("c2-a3", "no X piece on c2"),  # empty cell
        ("a1-b1", "b1: the cell is taken"),  # onto the opponent
        ("a1-c1", "c1: the cell is taken"),  # onto one's own piece
    ],
)
def test_illegal_movements(text: str, why: str) -> None:
    s = play_texts(3, START_MOVING)
    before = snapshot(s)
    with pytest.raises(IllegalMoveError, match=why):
        s.play(s.parse_move(text))
    assert snapshot(s) == before


def test_off_board_move_values_are_refused() -> None:
    s = play_texts(3, START_MOVING)
    with pytest.raises(IllegalMoveError, match="off the 3x3 board"):
        s.play(MorpionMove((1, 2), (3, 0)))
    with pytest.raises(IllegalMoveError, match="off the 3x3 board"):
        MorpionOptions(3).initial_state().play(MorpionMove((0, 5)))
    with pytest.raises(IllegalMoveError, match="not a Morpion move"):
        s.play("a1-c2")  # type: ignore[arg-type]
    with pytest.raises(MoveParseError, match="row, col"):
        MorpionMove((-1, 0))
    with pytest.raises(MoveParseError, match="row, col"):
        MorpionMove((0, 0), (1,))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- lines


def line_kinds(size: int) -> list[tuple[str, list[Cell]]]:
    """Every winning line of a size x size board with its name in outcome messages."""
    last = chr(ord("a") + size - 1)
    out = [(f"row {r + 1}", [(r, c) for c in range(size)]) for r in range(size)]
    out += [(f"column {chr(ord('a') + c)}", [(r, c) for r in range(size)]) for c in range(size)]
    out.append((f"diagonal a1-{last}{size}", [(i, i) for i in range(size)]))
    out.append((f"diagonal {last}1-a{size}", [(i, size - 1 - i) for i in range(size)]))
    return out


@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_line_wins_in_the_placing_phase(size: int) -> None:
    for name, line in line_kinds(size):
        others = [(r, c) for r in range(size) for c in range(size) if (r, c) not in line]
        s = MorpionOptions(size).initial_state()
        for i, cell in enumerate(line):
            assert s.outcome is None
            s = s.play(MorpionMove(cell))
            if i < size - 1:
                # O places off the line; with D-1 pieces it cannot make a line of D.
                s = s.play(MorpionMove(others[i]))
        assert s.outcome is not None
        assert s.outcome.winner == 0 and s.outcome.reason == "line"
        assert s.outcome.message == f"X made a line of {size} ({name})"
        assert s.winning_line() == tuple(line)
        assert s.legal_moves() == ()


def test_second_player_wins_with_a_line() -> None:
    # X: a1 c1 b3 (no line), O: a2 b2 c2 (row 2) on O's third placement.
    s = play_texts(3, "a1 a2 c1 b2 b3 c2")
    assert s.outcome is not None
    assert (s.outcome.winner, s.outcome.reason) == (1, "line")
    assert s.outcome.message == "O made a line of 3 (row 2)"
    assert s.winning_line() == ((1, 0), (1, 1), (1, 2))
    assert s.outcome.score_for(1) == 1 and s.outcome.score_for(0) == -1


def test_win_by_movement() -> None:
    # X: a1 b1 a3, O: a2 b2 c3; X moves a3-c1 and fills row 1.
    s = play_texts(3, "a1 a2 b1 b2 a3 c3")
    assert s.outcome is None and s.phase == "moving"
    s = s.play(s.parse_move("a3-c1"))
    assert s.outcome is not None
    assert (s.outcome.winner, s.outcome.reason) == (0, "line")
    assert s.vacated == (2, 0)
    assert s.legal_moves() == ()


@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_line_wins_in_the_moving_phase(size: int) -> None:
    cells = [(r, c) for r in range(size) for c in range(size)]
    for name, line in line_kinds(size):
        # X holds the line but its last cell, plus one piece off the line that it moves in.
        gap = line[-1]
        extra = next(cell for cell in cells if cell not in line)
        x_cells = [*line[:-1], extra]
        free = [cell for cell in cells if cell not in line and cell != extra]
        o_cells = free[:size]
        if any(set(o_cells) == set(other) for _, other in line_kinds(size)):
            o_cells = free[1 : size + 1]
        rows = [
            "".join(
                "X" if (r, c) in x_cells else "O" if (r, c) in o_cells else "."
                for c in range(size)
            )
            for r in range(size)
        ]
        s = MorpionState.from_rows(rows, to_move=0)
        assert s.outcome is None and s.phase == "moving", rows
        move = MorpionMove(gap, extra)
        assert move in s.legal_moves()
        after = s.play(move)
        assert after.outcome is not None and after.outcome.winner == 0, rows
        assert after.outcome.message == f"X made a line of {size} ({name})"
        assert after.winning_line() == tuple(line)
        assert after.vacated == extra


def test_win_by_movement_on_a_diagonal_5x5() -> None:
    rows = ["X.O..", ".X.O.", "..XO.", "O..X.", "O...X"]
    # X holds the whole a1-e5 diagonal already: not a position of a game (X would have won).
    s = MorpionState.from_rows(rows, to_move=1)
    assert s.outcome is not None and s.outcome.winner == 0
    # Take X's e5 piece to e1 instead: X then wins by moving it back along the diagonal.
    s = MorpionState.from_rows(["X.O.X", ".X.O.", "..XO.", "O..X.", "O...."], to_move=0)
    assert s.outcome is None
    s = s.play(s.parse_move("e1-e5"))
    assert s.outcome is not None and s.outcome.winner == 0
    assert s.winning_line() == tuple((i, i) for i in range(5))


def test_play_after_the_end_raises_game_over() -> None:
    s = play_texts(3, "a1 a2 b1 b2 c1")
    assert s.outcome is not None
    with pytest.raises(GameOverError, match="game is over"):
        s.play(MorpionMove((2, 2)))


# --------------------------------------------------------------------------- repetition


def test_repetition_draw_same_side_to_move() -> None:
    s0 = play_texts(3, START_MOVING)
    seen = [s0.positions_seen]
    s = s0
    for text in ["a1-c2", "b1-a3", "c2-a1"]:
        s = s.play(s.parse_move(text))
        assert s.outcome is None
        seen.append(s.positions_seen)
    assert seen == [1, 2, 3, 4]
    s = s.play(s.parse_move("a3-b1"))  # back to the arrangement after the last placement
    assert s.outcome is not None
    assert (s.outcome.winner, s.outcome.reason) == (None, "repetition")
    assert s.outcome.message == "Draw: the position repeated"
    assert s.arrangement == s0.arrangement and s.to_move == s0.to_move
    assert s.positions_seen == 4  # a repeat adds nothing new
    assert s.legal_moves() == ()
    with pytest.raises(GameOverError):
        s.play(s.parse_move("a1-c2"))


def test_repetition_draw_whoever_is_to_move() -> None:
    # X cycles a1 -> c2 -> b3 -> a1, O goes b1 -> a1 -> b1: after 5 moves the arrangement is
    # the starting one, with O to move where X was to move.
    s0 = play_texts(3, START_MOVING)
    s = play_texts(3, "a1-c2 b1-a1 c2-b3 a1-b1", s0)
    assert s.outcome is None
    s = s.play(s.parse_move("b3-a1"))
    assert s.arrangement == s0.arrangement
    assert s.to_move != s0.to_move
    assert s.outcome is not None and s.outcome.reason == "repetition"


def test_no_repetition_during_placing() -> None:
    s = play_texts(3, "a1 b1")
    assert s.history == frozenset() and s.positions_seen == 0


def test_history_is_part_of_equality_not_of_key() -> None:
    s0 = play_texts(3, START_MOVING)
    # The same arrangement and side to move reached with and without a detour.
    direct = play_texts(3, "a1-c2 b1-a3", s0)
    detour = play_texts(3, "a1-b3 b1-a3 c1-c2 a2-a1 b3-c1 a1-a2", s0)
    assert direct.rows() == detour.rows() and direct.to_move == detour.to_move
    assert direct.key == detour.key
    assert direct.history != detour.history
    assert direct != detour
    # The futures differ: the detour already saw X{b2,c2,b3} O{a2,c3,a3}, which c1-b3 makes.
    after_direct = direct.play(direct.parse_move("c1-b3"))
    after_detour = detour.play(detour.parse_move("c1-b3"))
    assert after_direct.outcome is None
    assert after_detour.outcome is not None and after_detour.outcome.reason == "repetition"


def test_last_move_is_not_part_of_equality() -> None:
    a = play_texts(3, "a1 b1")
    b = MorpionState.from_rows(["XO.", "...", "..."])
    assert a.last_move is not None and b.last_move is None
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1


def test_key_is_compact_and_distinguishes_side_to_move() -> None:
    s0 = play_texts(3, START_MOVING)
    s = play_texts(3, "a1-c2 b1-a1 c2-b3 a1-b1", s0)
    # Same arrangement as s0 one move later, other side to move: different keys.
    t = s.play(s.parse_move("b3-a1"))
    assert t.arrangement == s0.arrangement
    assert t.key != s0.key
    assert isinstance(s0.key, int)


# --------------------------------------------------------------------------- text forms


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("b2", MorpionMove((1, 1))),
        (" B2 ", MorpionMove((1, 1))),
        ("a1-c3", MorpionMove((2, 2), (0, 0))),
        ("a1 - c3", MorpionMove((2, 2), (0, 0))),
        ("a1->c3", MorpionMove((2, 2), (0, 0))),
        ("a1 c3", MorpionMove((2, 2), (0, 0))),
    ],
)
def test_parse_move_forms(text: str, expected: MorpionMove) -> None:
    s = MorpionOptions(3).initial_state()
    assert s.parse_move(text) == expected


@pytest.mark.parametrize(
    "text",
    ["", "  ", "b", "22", "a1-", "-a1", "a1--b2", "a1-b2-c3", "a1 b2 c3", "a0", "d1", "a4",
     "a1-d1", "a²", "a1-b²", "é1", "a1b2", "pass"],
)
def test_parse_move_rejects_malformed_text(text: str) -> None:
    s = MorpionOptions(3).initial_state()
    with pytest.raises(MoveParseError) as info:
        s.parse_move(text)
    message = str(info.value)
    assert "a1" in message  # every message shows the expected form or the board's range


def test_text_form_on_larger_boards() -> None:
    s = MorpionOptions(7).initial_state()
    assert str(s.parse_move("g7")) == "g7"
    assert str(MorpionMove((6, 0), (0, 6))) == "g1-a7"
    assert s.parse_move("g1-a7") == MorpionMove((6, 0), (0, 6))
    with pytest.raises(MoveParseError, match="a1 to g7"):
        s.parse_move("h1")


# --------------------------------------------------------------------------- hand-built positions


def test_from_rows_infers_side_to_move_while_placing() -> None:
    assert MorpionState.from_rows(["X..", "...", "..."]).to_move == 1
    assert MorpionState.from_rows(["XO.", "...", "..."]).to_move == 0


@pytest.mark.parametrize(
    ("rows", "to_move", "why"),
    [
        (["XX.", "...", "..."], None, "X moves first"),
        (["O..", "...", "..."], None, "X moves first"),
        (["X..", "...", "..."], 0, "O's turn"),
        (["XX.", "X..", ".XO"], None, "only 3 pieces"),
        (["XX", ".."], None, "3 to 7 rows"),
        (["XO", "...", "..."], None, "row 1 must have 3 cells"),
        (["XZ.", "...", "..."], None, "expected X, O"),
        (["XXX", "OOO", "..."], 0, "both players hold a line"),
    ],
)
def test_from_rows_rejects_impossible_positions(
    rows: list[str], to_move: int | None, why: str
) -> None:
    with pytest.raises(PositionError, match=why):
        MorpionState.from_rows(rows, to_move=to_move)


def test_from_rows_refuses_a_history_while_placing() -> None:
    with pytest.raises(PositionError, match="once all pieces are placed"):
        MorpionState.from_rows(["X..", "...", "..."], history=[3])


def test_direct_construction_is_checked() -> None:
    with pytest.raises(PositionError, match="both players"):
        MorpionState(3, (1, 1), 0)
    with pytest.raises(PositionError, match="bitmasks"):
        MorpionState(3, (1 << 9, 0), 1)
    with pytest.raises(PositionError, match="to_move"):
        MorpionState(3, (0, 0), 2)
    with pytest.raises(PositionError, match="history starts"):
        MorpionState(3, (0, 0), 0, frozenset({5}))
    full = play_texts(3, START_MOVING)
    with pytest.raises(PositionError, match="current arrangement"):
        MorpionState(3, full.masks, 0, frozenset())
    with pytest.raises(OptionError, match="size"):
        MorpionState(9, (0, 0), 0)


def test_states_are_immutable_and_survive_pickle_and_copy() -> None:
    s = play_texts(3, START_MOVING + " a1-c2 b1-a1")
    with pytest.raises(AttributeError, match="immutable"):
        s.to_move = 0
    with pytest.raises(AttributeError, match="immutable"):
        del s.masks
    for twin in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s), copy.copy(s)):
        assert twin == s and hash(twin) == hash(s)
        assert twin.last_move == s.last_move
        assert twin.legal_moves() == s.legal_moves()
        assert twin.play(twin.parse_move("c2-b3")) == s.play(s.parse_move("c2-b3"))
    assert "XOX" in repr(MorpionState.from_rows(["XOX", "OX.", "..O"]))


def test_long_history_is_kept_whole() -> None:
    # A 5x5 random game runs hundreds of moves past placing: the history must record every
    # arrangement exactly once however it is stored, and a repeat must still be caught.
    rng = random.Random(11)
    s = MorpionOptions(5).initial_state()
    seen: set[int] = set()
    plies = 0
    while s.outcome is None:
        s = s.play(rng.choice(s.legal_moves()))
        plies += 1
        if s.in_hand(0) == s.in_hand(1) == 0:
            if s.outcome is not None and s.outcome.reason == "repetition":
                assert s.arrangement in seen
            else:
                assert s.arrangement not in seen
                seen.add(s.arrangement)
        assert s.positions_seen == len(seen)
        if plies % 97 == 0:
            assert s.history == frozenset(seen)
    assert s.history == frozenset(seen)
    # This game records 8,377 arrangements: enough for many merges of the recent set into
    # the big one, past the point where the recent set grows with sqrt(history).
    assert len(seen) > 2000, "pick a seed whose game runs long enough to test merging"
    assert s.outcome.reason == "repetition"


def test_owner_off_board_raises() -> None:
    with pytest.raises(IndexError, match="off the 3x3 board"):
        MorpionOptions(3).initial_state().owner(3, 0)


# --------------------------------------------------------------------------- random play


@dataclass
class RandomStats:
    """What a batch of random games did; ``unfinished`` counts games stopped at the cap."""

    wins: list[int]
    draws: int
    unfinished: int
    lengths: list[int]


def check_state(
    s: MorpionState, prev: MorpionState | None, placed: list[int],
    moves: tuple[MorpionMove, ...] | None = None,
) -> None:
    """The cheap invariants every reachable state satisfies, checked at every ply; ``moves``
    are ``s.legal_moves()`` when the caller already has them."""
    if moves is None:
        moves = s.legal_moves()
    size = s.size
    m0, m1 = s.masks
    assert m0 & m1 == 0
    assert m0.bit_count() == placed[0] and m1.bit_count() == placed[1]
    assert s.in_hand(0) == size - placed[0] and s.in_hand(1) == size - placed[1]
    all_placed = placed[0] + placed[1] == 2 * size
    assert (s.positions_seen > 0) == all_placed
    if prev is not None:
        assert s.to_move == 1 - prev.to_move
    outcome = s.outcome
    if outcome is None:
        # Never stuck: D^2 - 2D >= 3 empty cells once every piece is down.
        assert moves
        if all_placed and prev is not None:
            # One new arrangement per move; the last placement records the first one.
            assert s.positions_seen == prev.positions_seen + 1
        return
    assert moves == ()
    assert prev is not None
    if outcome.reason == "line":
        assert outcome.winner == prev.to_move
        assert has_line(s, prev.to_move) and not has_line(s, s.to_move)
        assert all(s.owner(*cell) == outcome.winner for cell in s.winning_line())
        # A move that makes a line never repeats an arrangement (see the module docstring).
        assert s.arrangement not in prev.repetition_history
    else:
        assert outcome.reason == "repetition" and outcome.winner is None
        assert all_placed
        assert s.arrangement in prev.repetition_history
        assert s.history == prev.history
        assert not has_line(s, 0) and not has_line(s, 1)


def deep_check(s: MorpionState) -> None:
    """Costlier invariants: the move list against an independent reading of the rules, every
    move playable, text forms round-trip, the position rebuilds from its rows."""
    if s.outcome is None:
        assert not has_line(s, 0) and not has_line(s, 1)
    moves = s.legal_moves()
    assert len(set(moves)) == len(moves)
    assert set(moves) == naive_legal_moves(s)
    for m in moves:
        assert s.parse_move(str(m)) == m
        child = s.play(m)
        assert child.to_move == 1 - s.to_move
    history = s.history
    assert len(history) == s.positions_seen
    assert all(s.has_seen(code) for code in history)
    assert s.has_seen(s.arrangement) == (s.positions_seen > 0)
    if s.outcome is None or s.outcome.reason == "line":
        rebuilt = MorpionState.from_rows(list(s.rows()), s.to_move, s.history)
        assert rebuilt == s and rebuilt.key == s.key


def random_games(size: int, games: int, seed: int, deep_every: int, cap: int) -> RandomStats:
    """Play ``games`` uniformly random games, checking the cheap invariants at every ply and
    the deep ones every ``deep_every`` plies and at the end; a game still going after ``cap``
    plies is stopped and counted as unfinished."""
    rng = random.Random(seed)
    stats = RandomStats([0, 0], 0, 0, [])
    for _ in range(games):
        s = MorpionOptions(size).initial_state()
        prev: MorpionState | None = None
        placed = [0, 0]
        ply = 0
        while True:
            moves = s.legal_moves()
            check_state(s, prev, placed, moves)
            if ply % deep_every == 0 or s.outcome is not None:
                deep_check(s)
            if s.outcome is not None or ply == cap:
                break
            move = rng.choice(moves)
            if move.is_placement:
                placed[s.to_move] += 1
            prev, s = s, s.play(move)
            ply += 1
        if s.outcome is None:
            stats.unfinished += 1
        elif s.outcome.winner is None:
            stats.draws += 1
        else:
            stats.wins[s.outcome.winner] += 1
        stats.lengths.append(ply)
    return stats


def test_random_play_3x3() -> None:
    stats = random_games(3, 2000, seed=3, deep_every=6, cap=10_000)
    assert stats.unfinished == 0
    # Both sides win often and some games end by repetition (the seed: ~48/43/8 %).
    assert stats.wins[0] > stats.wins[1] > stats.draws > 0


def test_random_play_4x4() -> None:
    stats = random_games(4, 600, seed=4, deep_every=151, cap=100_000)
    assert stats.unfinished == 0
    assert stats.draws > 0 and min(stats.wins) > 0


def test_random_play_5x5_capped() -> None:
    # 5x5 random games last about 1,500 plies (median) and up to ~20,000: the default run
    # checks 400 games up to 150 plies, the slow test below plays thousands to the end.
    stats = random_games(5, 400, seed=5, deep_every=301, cap=150)
    assert min(stats.wins) > 0 and stats.unfinished > 0


@pytest.mark.slow
@pytest.mark.parametrize(("size", "games"), [(3, 10000), (4, 3000), (5, 1000), (6, 20), (7, 5)])
def test_random_play_to_the_end_slow(size: int, games: int) -> None:
    stats = random_games(size, games, seed=size, deep_every=997, cap=1_000_000)
    assert stats.unfinished == 0
    assert stats.draws > 0


# --------------------------------------------------------------------------- properties


def state_after(size: int, choices: list[int]) -> MorpionState:
    """The state reached by picking legal moves by index (modulo their number)."""
    s = MorpionOptions(size).initial_state()
    for pick in choices:
        moves = s.legal_moves()
        if not moves:
            break
        s = s.play(moves[pick % len(moves)])
    return s


sizes = st.integers(min_value=3, max_value=5)
choice_lists = st.lists(st.integers(min_value=0, max_value=10_000), max_size=60)


@settings(max_examples=150, deadline=None)
@given(sizes, choice_lists)
def test_property_play_is_pure_and_deterministic(size: int, choices: list[int]) -> None:
    s = state_after(size, choices)
    before = snapshot(s)
    for m in s.legal_moves():
        a, b = s.play(m), s.play(m)
        assert a == b and a.key == b.key and hash(a) == hash(b)
    assert snapshot(s) == before
    assert state_after(size, choices) == s


@settings(max_examples=150, deadline=None)
@given(sizes, choice_lists)
def test_property_invariants_along_any_line_of_play(size: int, choices: list[int]) -> None:
    s = MorpionOptions(size).initial_state()
    prev: MorpionState | None = None
    placed = [0, 0]
    for pick in choices:
        check_state(s, prev, placed)
        deep_check(s)
        moves = s.legal_moves()
        if not moves:
            break
        move = moves[pick % len(moves)]
        if move.is_placement:
            placed[s.to_move] += 1
        prev, s = s, s.play(move)


@settings(max_examples=300, deadline=None)
@given(sizes, st.text(max_size=12))
def test_property_parse_never_crashes(size: int, text: str) -> None:
    s = MorpionOptions(size).initial_state()
    try:
        move = s.parse_move(text)
    except MoveParseError:
        return
    assert s.parse_move(str(move)) == move


@settings(max_examples=200, deadline=None)
@given(sizes, choice_lists, st.integers(0, 6), st.integers(0, 6), st.integers(0, 6),
       st.integers(0, 6), st.booleans())
def test_property_any_move_value_is_legal_or_refused_cleanly(
    size: int, choices: list[int], r: int, c: int, fr: int, fc: int, placing: bool
) -> None:
    s = state_after(size, choices)
    move = MorpionMove((r, c)) if placing else MorpionMove((r, c), (fr, fc))
    before = snapshot(s)
    try:
        s.play(move)
    except IllegalMoveError:
        assert move not in s.legal_moves()
        assert snapshot(s) == before
    else:
        assert move in s.legal_moves()


# --------------------------------------------------------------------------- symmetry


def symmetries(n: int) -> list[Callable[[Cell], Cell]]:
    """The 8 symmetries of the n x n square as maps of (row, col) cells."""

    def rot(cell: Cell) -> Cell:
        return (cell[1], n - 1 - cell[0])

    def mirror(cell: Cell) -> Cell:
        return (cell[0], n - 1 - cell[1])

    maps: list[Callable[[Cell], Cell]] = []
    for k in range(4):
        for flip in (False, True):

            def sym(cell: Cell, k: int = k, flip: bool = flip) -> Cell:
                for _ in range(k):
                    cell = rot(cell)
                return mirror(cell) if flip else cell

            maps.append(sym)
    return maps


def map_mask(mask: int, n: int, sym: Callable[[Cell], Cell]) -> int:
    """The bitmask of the cells of ``mask`` moved by ``sym``."""
    out = 0
    for i in range(n * n):
        if mask >> i & 1:
            r, c = sym((i // n, i % n))
            out |= 1 << (r * n + c)
    return out


def map_state(s: MorpionState, sym: Callable[[Cell], Cell]) -> MorpionState:
    """The image of a (not drawn) state under ``sym``, history included."""
    n = s.size
    cells = n * n
    history = frozenset(
        map_mask(code & ((1 << cells) - 1), n, sym) | map_mask(code >> cells, n, sym) << cells
        for code in s.history
    )
    rows = [["."] * n for _ in range(n)]
    for player, symbol in ((0, "X"), (1, "O")):
        for cell in s.pieces(player):
            r, c = sym(cell)
            rows[r][c] = symbol
    return MorpionState.from_rows(["".join(row) for row in rows], s.to_move, history)


def map_move(m: MorpionMove, sym: Callable[[Cell], Cell]) -> MorpionMove:
    """The image of a move under ``sym``."""
    return MorpionMove(sym(m.to), None if m.origin is None else sym(m.origin))


def test_symmetry_moves_and_outcomes() -> None:
    rng = random.Random(8)
    checked = 0
    for size in (3, 4, 5):
        syms = symmetries(size)
        assert len({tuple(sym(c) for c in [(0, 0), (0, 1)]) for sym in syms}) == 8
        for _ in range(40):
            s = MorpionOptions(size).initial_state()
            for _ in range(rng.randrange(0, 4 * size)):
                if s.outcome is not None:
                    break
                s = s.play(rng.choice(s.legal_moves()))
            if s.outcome is not None:
                continue
            for sym in syms:
                image = map_state(s, sym)
                assert image.positions_seen == s.positions_seen
                assert set(image.legal_moves()) == {map_move(m, sym) for m in s.legal_moves()}
                for m in s.legal_moves():
                    child, mapped = s.play(m), image.play(map_move(m, sym))
                    assert mapped.masks == tuple(map_mask(mk, size, sym) for mk in child.masks)
                    assert child.to_move == mapped.to_move
                    assert (child.outcome is None) == (mapped.outcome is None)
                    if child.outcome is not None and mapped.outcome is not None:
                        assert child.outcome.winner == mapped.outcome.winner
                        assert child.outcome.reason == mapped.outcome.reason
                        assert {sym(c) for c in child.winning_line()} == set(
                            mapped.winning_line()
                        )
                checked += 1
    assert checked > 100

