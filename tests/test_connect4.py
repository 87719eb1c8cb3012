"""Puissance 4 rules: lines in every direction, the full board, full columns, other sizes and
lengths, move-sequence counts, random games against a naive grid, properties and bad input.

The naive reference (a grid of lists scanned cell by cell, as a person would check a line by
eye) cross-checks the bitboards' drops, lines and ends.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import GameOverError, IllegalMoveError, MoveParseError, OptionError
from game.rules.connect4 import (
    GAME,
    RED,
    YELLOW,
    Connect4Move,
    Connect4Options,
    Connect4State,
    open_lines,
)
from game.rules.registry import parse_options


def start(**options: int) -> Connect4State:
    """The empty board of these options."""
    return Connect4Options(**options).initial_state()


def drop(state: Connect4State, columns: str) -> Connect4State:
    """Play the columns named by their letters, in order."""
    for letter in columns:
        state = state.play(state.parse_move(letter))
    return state


def perft(state: Connect4State, depth: int) -> int:
    """Number of move sequences of ``depth`` moves from ``state``."""
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


def naive_winner(grid: list[list[int | None]], connect: int) -> int | None:
    """The owner of a run of ``connect`` in the grid (rows from the bottom), or None."""
    rows, cols = len(grid), len(grid[0])
    for r in range(rows):
        for c in range(cols):
            owner = grid[r][c]
            if owner is None:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(connect)]
                if all(0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == owner
                       for rr, cc in cells):
                    return owner
    return None


# --- options and the start ---------------------------------------------------------------------


def test_defaults_and_registry() -> None:
    options = Connect4Options()
    assert (options.cols, options.rows, options.connect) == (7, 6, 4)
    assert GAME.name == "connect4" and GAME.options_type is Connect4Options
    assert GAME.side_names == ("Red", "Yellow")
    state = options.initial_state()
    assert GAME.initial_state() == state
    assert state.to_move == RED and state.outcome is None and state.last_move is None
    assert [str(m) for m in state.legal_moves()] == list("abcdefg")
    assert state.rows() == (".......",) * 6
    assert GAME.describe_options(options) == "7x6, 4 in a row"


@pytest.mark.parametrize(("values", "words"), [
    ({"cols": 3}, r"'cols' must be from 4 to 10, got 3"),
    ({"rows": 11}, r"'rows' must be from 4 to 10, got 11"),
    ({"connect": 2}, r"'connect' must be from 3 to 5, got 2"),
    ({"connect": 6}, r"'connect' must be from 3 to 5"),
    ({"cols": 4, "rows": 4, "connect": 5}, r"'connect' must be at most 4 on a 4x4 board"),
    ({"cols": "7"}, r"'cols' must be a whole number"),
    ({"rows": True}, r"'rows' must be a whole number"),
    ({"connect": 4.0}, r"'connect' must be a whole number"),
])
def test_bad_options_are_refused_naming_the_option(values: dict[str, object], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        Connect4Options(**values)  # type: ignore[arg-type]


def test_options_from_text() -> None:
    options = parse_options(GAME, {"cols": "9", "rows": "7", "connect": "5"})
    assert options == Connect4Options(cols=9, rows=7, connect=5)
    with pytest.raises(OptionError, match="unknown option 'size'"):
        parse_options(GAME, {"size": "8"})


# --- dropping discs ----------------------------------------------------------------------------


def test_discs_fall_to_the_lowest_free_cell_and_turns_alternate() -> None:
    state = drop(start(), "ddc")
    assert state.rows()[-3:] == (".......", "...O...", "..XX...")
    assert state.cell(0, 3) == RED and state.cell(1, 3) == YELLOW and state.cell(0, 2) == RED
    assert state.height(3) == 2 and state.landing_row(Connect4Move(3)) == 2
    assert state.to_move == YELLOW and str(state.last_move) == "c"
    assert state.count(RED) == 2 and state.count(YELLOW) == 1


def test_a_full_column_refuses_a_move_saying_so() -> None:
    state = drop(start(), "aaaaaa")
    assert Connect4Move(0) not in state.legal_moves()
    assert state.landing_row(Connect4Move(0)) is None
    with pytest.raises(IllegalMoveError, match="column a is full: choose another column"):
        state.play(Connect4Move(0))
    assert state.rows()[0] == "O......"  # the refused move changed nothing
    assert len(state.legal_moves()) == 6


def test_off_board_column_and_wrong_move_type_are_refused() -> None:
    state = start(cols=5)
    with pytest.raises(IllegalMoveError, match="column f is off the board"):
        state.play(Connect4Move(5))
    with pytest.raises(IllegalMoveError, match="expected a Connect4Move"):
        state.play("a")  # type: ignore[arg-type]
    with pytest.raises(MoveParseError, match="whole number from 0 to 9"):
        Connect4Move(10)
    with pytest.raises(MoveParseError):
        Connect4Move(True)


# --- lines -------------------------------------------------------------------------------------


def test_vertical_line_wins() -> None:
    state = drop(start(), "ababa")
    assert state.outcome is None
    state = drop(state, "ba")
    assert state.outcome is not None and state.outcome.winner == RED
    assert state.outcome.reason == "line" and state.outcome.message == "Red lined up 4"
    assert state.winning_cells() == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert state.legal_moves() == ()


def test_horizontal_line_wins_for_yellow() -> None:
    # Yellow fills b1-e1 while Red stacks on g.
    state = drop(start(), "gbgcgd")
    assert state.outcome is None
    state = drop(state, "ae")
    assert state.outcome is not None and state.outcome.winner == YELLOW
    assert state.winning_cells() == ((0, 1), (0, 2), (0, 3), (0, 4))


def test_rising_diagonal_wins() -> None:
    state = Connect4Options().position([
        ".......",
        ".......",
        ".......",
        "..XO...",
        ".XOX...",
        "XOXO..O",
    ])
    assert state.to_move == RED and state.outcome is None
    won = state.play(state.parse_move("d"))
    assert won.outcome is not None and won.outcome.winner == RED
    assert won.winning_cells() == ((0, 0), (1, 1), (2, 2), (3, 3))


def test_falling_diagonal_wins() -> None:
    state = Connect4Options().position([
        ".......",
        ".......",
        "...O...",
        "...XO..",
        "...XXO.",
        "X.OXOX.",
    ])
    assert state.to_move == YELLOW and state.outcome is None
    won = state.play(state.parse_move("g"))
    assert won.outcome is not None and won.outcome.winner == YELLOW
    assert won.winning_cells() == ((3, 3), (2, 4), (1, 5), (0, 6))
    assert won.winning_lines() == (((3, 3), (2, 4), (1, 5), (0, 6)),)


def test_lines_do_not_wrap_from_one_column_to_the_next() -> None:
    # Red holds a5, a6, b1 and b2: four bits in a row if columns were packed without the
    # sentinel bit between them, but no line on the board.
    state = Connect4Options().position([
        "X......",
        "X......",
        "O......",
        "X......",
        "OX.....",
        "OXO....",
    ])
    assert state.outcome is None and not state.geometry.has_line(state.boards[RED])
    assert state.geometry.line_cells(state.boards[RED]) == 0


def test_one_disc_completing_two_lines_highlights_both() -> None:
    state = Connect4Options().position([
        ".......",
        ".......",
        "XXX....",
        "OOOX...",
        "XOOX...",
        "OXOX..O",
    ])
    assert state.to_move == RED and state.outcome is None
    won = state.play(Connect4Move(3))  # d4: the column d1-d4 and the row a4-d4 at once
    assert won.outcome is not None and won.outcome.winner == RED
    assert set(won.winning_cells()) == {(3, 0), (3, 1), (3, 2), (3, 3), (0, 3), (1, 3), (2, 3)}
    assert won.winning_lines() == (((0, 3), (1, 3), (2, 3), (3, 3)),
                                   ((3, 0), (3, 1), (3, 2), (3, 3)))


def test_full_board_without_a_line_is_a_draw() -> None:
    # Columns filled in pairs in an order that never lines up four (a known drawn filling).
    order = "aaaaaa" "bbbbbb" "dcdcdc" "cdcdcd" "eeeeee" "gfgfgf" "fgfgfg"
    state = start()
    for letter in order:
        assert state.outcome is None
        state = state.play(state.parse_move(letter))
    assert state.outcome is not None
    assert state.outcome.winner is None and state.outcome.reason == "full"
    assert state.outcome.message == "Draw: the board is full"
    assert state.legal_moves() == () and state.winning_cells() == ()
    with pytest.raises(GameOverError, match="the game is over"):
        state.play(Connect4Move(0))


def test_a_line_on_the_last_cell_is_a_win_not_a_draw() -> None:
    state = Connect4Options(cols=4, rows=4).position(["OXX.", "OXOO", "XOXX", "OXXO"])
    assert state.to_move == YELLOW and state.outcome is None
    won = state.play(Connect4Move(3))
    assert won.outcome is not None and won.outcome.winner == YELLOW
    assert won.outcome.reason == "line"


def test_play_after_a_win_is_game_over() -> None:
    state = drop(start(), "abababa")
    with pytest.raises(GameOverError, match=r"the game is over \(Red lined up 4\)"):
        state.play(Connect4Move(3))


# --- other sizes and lengths -------------------------------------------------------------------


def test_three_in_a_row() -> None:
    state = drop(start(connect=3), "aba")
    assert state.outcome is None
    state = drop(state, "ba")
    assert state.outcome is not None and state.outcome.winner == RED
    assert state.outcome.message == "Red lined up 3"


def test_five_in_a_row_needs_five() -> None:
    state = drop(start(connect=5), "abababa")
    assert state.outcome is None  # four in column a is not enough
    state = drop(state, "ba")
    assert state.outcome is not None and state.outcome.winner == RED
    assert len(state.winning_cells()) == 5
    assert state.winning_lines() == (tuple((row, 0) for row in range(5)),)


@pytest.mark.parametrize(("cols", "rows"), [(4, 4), (10, 10), (9, 7), (5, 8)])
def test_other_sizes_have_their_columns_and_rows(cols: int, rows: int) -> None:
    state = start(cols=cols, rows=rows)
    assert len(state.legal_moves()) == cols and len(state.rows()) == rows
    full = drop(state, "a" * rows)
    assert len(full.legal_moves()) == cols - 1
    last = chr(ord("a") + cols - 1)
    assert str(full.parse_move(last)) == last and str(full.parse_move(str(cols))) == last


# --- counts from the start ---------------------------------------------------------------------


def test_move_sequences_from_the_start() -> None:
    state = start()
    assert [perft(state, n) for n in range(1, 7)] == [7 ** n for n in range(1, 7)]


def test_move_sequences_at_depth_7_lose_the_full_columns() -> None:
    # Seven discs in one column cannot be played (the column holds six), so 7 of the 7^7
    # sequences stop at their seventh move: 823,543 - 7. No line is possible before ply 7.
    assert perft(start(), 7) == 823_536


def test_distinct_positions_after_1_to_5_plies() -> None:
    level = {start()}
    counts = []
    for _ in range(5):
        level = {s.play(m) for s in level for m in s.legal_moves()}
        counts.append(len(level))
    assert counts == [7, 49, 238, 1120, 4263]
    assert len({s.key for s in level}) == 4263


# --- random games against the naive grid -------------------------------------------------------


@pytest.mark.parametrize(("cols", "rows", "connect", "games"),
                         [(7, 6, 4, 60), (4, 4, 3, 60), (10, 10, 5, 15), (5, 9, 4, 30)])
def test_random_games_agree_with_a_naive_grid(cols: int, rows: int, connect: int,
                                             games: int) -> None:
    rng = random.Random(cols * 100 + rows * 10 + connect)
    options = Connect4Options(cols=cols, rows=rows, connect=connect)
    for _ in range(games):
        state = options.initial_state()
        grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
        plies = 0
        while state.outcome is None:
            moves = state.legal_moves()
            assert [m.col for m in moves] == [c for c in range(cols) if grid[rows - 1][c] is None]
            move = rng.choice(moves)
            row = next(r for r in range(rows) if grid[r][move.col] is None)
            grid[row][move.col] = state.to_move
            state = state.play(move)
            plies += 1
            assert state.cell(row, move.col) == 1 - state.to_move
            winner = naive_winner(grid, connect)
            if winner is not None:
                assert state.outcome is not None and state.outcome.winner == winner
                for r, c in state.winning_cells():
                    assert grid[r][c] == winner
            elif plies == cols * rows:
                assert state.outcome is not None and state.outcome.reason == "full"
            else:
                assert state.outcome is None
        assert state.legal_moves() == ()


# --- evaluation --------------------------------------------------------------------------------


def test_open_lines_counts_windows_someone_has_started() -> None:
    state = start()
    assert open_lines(state, RED) == 0.0
    # A Red disc in d1: 7 windows through d1 stay open to Red (4 horizontal, 1 vertical,
    # 1 on each diagonal); the 69 - 7 others are empty and cancel out.
    one = drop(state, "d")
    assert open_lines(one, RED) == 7.0 and open_lines(one, YELLOW) == -7.0
    # A corner disc opens only 3 windows (row, column, one diagonal).
    corner = drop(state, "a")
    assert open_lines(corner, RED) == 3.0


def test_open_lines_is_zero_sum_along_random_games() -> None:
    rng = random.Random(5)
    for options in (Connect4Options(), Connect4Options(cols=5, rows=4, connect=3)):
        state = options.initial_state()
        while state.outcome is None:
            assert open_lines(state, 0) == -open_lines(state, 1)
            state = state.play(rng.choice(state.legal_moves()))


def test_window_count_of_the_standard_board() -> None:
    # 7x6, four in a row: 24 horizontal, 21 vertical, 12 + 12 diagonal windows.
    geo = start().geometry
    assert geo.open_windows(0) == 69


# --- text, keys, immutability ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "col"), [("a", 0), ("D", 3), (" g ", 6), ("1", 0), ("7", 6)])
def test_parse_move_reads_a_letter_or_a_number(text: str, col: int) -> None:
    move = start().parse_move(text)
    assert move == Connect4Move(col)
    assert start().parse_move(str(move)) == move


@pytest.mark.parametrize(("text", "words"), [
    ("h", "column 'h' is off the board: a to g"),
    ("8", "off the board"),
    ("0", "off the board"),
    ("", "not a column"),
    ("d3", "not a column: expected a letter from a to g or a number from 1 to 7"),
    ("é", "not a column"),
    ("-1", "not a column"),
    ("x" * 41, "at most 40"),
])
def test_parse_move_refuses_bad_text_clearly(text: str, words: str) -> None:
    with pytest.raises(MoveParseError, match=words):
        start().parse_move(text)


def test_parse_move_refuses_non_text() -> None:
    with pytest.raises(MoveParseError, match="must be a string"):
        start().parse_move(3)  # type: ignore[arg-type]


def test_key_equality_and_last_move() -> None:
    a = drop(start(), "abc")
    b = drop(start(), "cba")
    assert a == b and hash(a) == hash(b) and a.key == b.key
    assert a.last_move != b.last_move
    assert a != drop(start(), "abd")
    assert drop(start(cols=8), "abc") != a  # same bits, another board
    assert a.key == a.boards and all(isinstance(k, int) for k in a.key)


def test_states_are_immutable_and_survive_pickle_and_copy() -> None:
    state = drop(start(), "dd")
    with pytest.raises(AttributeError):
        state.to_move = 0  # type: ignore[misc]
    for clone in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert clone == state and clone.last_move == state.last_move
        assert clone.geometry is state.geometry
        assert clone.play(Connect4Move(3)) == state.play(Connect4Move(3))


def test_position_drawing_is_checked() -> None:
    options = Connect4Options(cols=4, rows=4)
    with pytest.raises(OptionError, match="4 rows of 4 cells"):
        options.position(["....", "...."])
    with pytest.raises(OptionError, match="cannot float"):
        options.position(["....", "X...", "....", "O..."])
    with pytest.raises(OptionError, match="as many discs as Yellow or one more"):
        options.position(["....", "....", "....", "OO.."])
    with pytest.raises(OptionError, match="unknown cell character 'Z'"):
        options.position(["....", "....", "....", "Z..."])
    with pytest.raises(OptionError, match="Red, to move, already has a line"):
        options.position(["X...", "X...", "XO..", "XOOO"])
    assert options.position(["....", "....", "....", "R.Y."]).rows()[-1] == "X.O."


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=60))
def test_property_any_column_is_played_or_refused_cleanly(columns: list[int]) -> None:
    state = start(cols=7, rows=5)
    for col in columns:
        before = state.rows()
        move = Connect4Move(col)
        if move in state.legal_moves():
            after = state.play(move)
            assert after.count(state.to_move) == state.count(state.to_move) + 1
            state = after
        else:
            with pytest.raises(IllegalMoveError):
                state.play(move)
            assert state.rows() == before
