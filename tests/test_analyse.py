"""``main.py analyse``: the Othello position text (read, written back, every malformation named)
and the decision printed as text or JSON."""

from __future__ import annotations

import io
import json

import pytest

from ai.cli import run_cli
from game.rules.base import OptionError
from game.rules.othello import (
    OthelloOptions,
    OthelloState,
    parse_position,
    position_options,
    position_text,
)

START = "-" * 27 + "OX------XO" + "-" * 27 + " X"


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_position_text_reads_the_start_and_writes_it_back() -> None:
    s = parse_position(START)
    assert s == OthelloOptions().initial_state()
    assert position_text(s) == START
    white = parse_position(START[:-1] + "o")
    assert white.to_move == 1


def test_small_boards_and_dots() -> None:
    six = OthelloOptions(6).initial_state()
    s = parse_position(position_text(six).replace("-", ".")[:-1] + "O")
    assert s.size == 6 and s.to_move == 1 and (s.black, s.white) == (six.black, six.white)
    assert position_options(s) == OthelloOptions(6)
    four = OthelloOptions(4).initial_state()
    assert parse_position(position_text(four)) == four


@pytest.mark.parametrize("text,words", [
    ("", "0 parts"),
    (START[:-2], "1 part"),
    (START + " X", "3 parts"),
    ("-" * 63 + " X", "got 63"),
    ("-" * 63 + "Z X", "square h8 holds 'Z'"),
    ("Q" + "-" * 63 + " X", "square a1"),
    (START[:-1] + "B", "side to move"),
    ("-" * 5000 + " X", "at most"),
])
def test_malformed_positions_name_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        parse_position(text)


def test_analyse_prints_the_decision() -> None:
    code, out, err = run("analyse", "othello", "--position", START, "--p", "engine",
                         "--time", "0.2", "--seed", "1")
    assert code == 0, err
    assert "move: " in out and "nodes" in out and "not exact" in out
    for move in ("d3", "c4", "f5", "e6"):
        assert move in out


def test_analyse_json_of_a_solved_endgame() -> None:
    # 8 empties: the engine solves it exactly; every root move is listed with its bound.
    rows = OthelloState.from_rows([
        "XXXXXXXX", "XXOOOOXX", "XOXOOXOX", "XOOXOOOX",
        "XOOOXOOX", "XOOOOX..", "XXOOOO..", "XXXX....",
    ])
    code, out, err = run("analyse", "othello", "--position", position_text(rows), "--p",
                         "engine:time=5", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["exact"] is True and data["score_kind"] == "discs"
    assert data["move"] == data["scores"][0]["move"]
    assert data["scores"][0]["bound"] == "exact"
    assert {row["move"] for row in data["scores"]} == {str(m) for m in rows.legal_moves()}
    assert data["nodes"] > 0 and data["elapsed"] >= 0


@pytest.mark.parametrize("args,words", [
    (("analyse", "othello", "--position", "-" * 64 + " Y", "--p", "engine"), "side to move"),
    (("analyse", "nim", "--position", "3 4 5", "--p", "engine"), "no position text"),
    (("analyse", "othello", "--position", START, "--p", "nosuch"), "nosuch"),
    (("analyse", "othello", "--position", START, "--p", "engine", "--time", "-1"), "--time"),
    (("analyse", "othello", "--position", "X" * 64 + " X", "--p", "engine"), "game is over"),
    (("analyse", "othello"), "--position"),
])
def test_analyse_bad_input_is_one_clear_line(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and words in err and err.count("\n") == 1


def test_a_bound_equal_to_the_best_value_is_listed_after_the_chosen_move() -> None:
    # A null-window root search can prove "at most 38" for a move while the chosen move is
    # exactly 38: the chosen one is listed first, then exact values, then upper bounds.
    from ai.analysis import decision_json
    from ai.base import Decision

    decision = Decision(move="g6", scores={"a1": 38.0, "f8": 38.0, "g6": 38.0, "h6": 36.0},
                        info={"bounds": {"a1": "at most", "f8": "exact", "g6": "exact",
                                         "h6": "exact"}})
    data = decision_json(decision)
    assert [row["move"] for row in data["scores"]] == ["g6", "f8", "a1", "h6"]
