"""``main.py train``, ``load=FILE`` in a learner's spec, ``--first`` and learning by watching."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from ai.arena import first_seats, run_match
from ai.base import Decision, GameRecord, Limits, Player
from ai.cli import run_cli
from ai.learners import TabularLearner
from ai.registry import (
    LearnerLoadError,
    PlayerSpecError,
    canonical_spec,
    make_player,
    with_file,
)
from ai.train import TrainError, Training, TrainPlan, check_out_path
from game.rules.base import GameState
from game.rules.registry import get_game
from main import main


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


class Watcher(Player):
    """Remembers the seats it was taught with."""

    learns = True

    def __init__(self) -> None:
        super().__init__("watcher", 0)
        self.lessons: list[tuple[int, ...]] = []

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        raise AssertionError("a watcher never plays")

    def learn(self, record: GameRecord, seats: Sequence[int]) -> None:
        assert record.outcome is not None
        self.lessons.append(tuple(seats))


# ----------------------------------------------------------------------------- train command


def test_train_self_play_saves_a_learner_that_plays_from_its_file(tmp_path: Path) -> None:
    out = tmp_path / "nim-elim.json"
    code, text, _err = _cli("train", "nim", "elimination", "--games", "300", "--out", str(out),
                            "--seed", "1", "--json")
    assert code == 0
    report = json.loads(text)
    assert report["mode"] == "self" and report["games_trained"] == 300
    assert report["match"]["games"] == 300 and Path(report["out"]) == out
    saved = json.loads(out.read_text())
    assert saved["kind"] == "elimination" and saved["games_trained"] == 300
    # After 300 self-play games the table knows Nim's strategy: frozen, it beats random.
    code, text, _err = _cli("arena", "nim", "--p1", f"elimination:load={out}", "--p2", "random",
                            "--games", "200", "--first", "p1", "--frozen", "--seed", "2",
                            "--json")
    assert code == 0
    match = json.loads(text)
    assert match["p1"].endswith(f"load={out}")
    assert match["p1_wins"] >= 190


def test_train_against_an_opponent_counts_the_learners_results(tmp_path: Path) -> None:
    out = tmp_path / "q.json"
    code, text, _err = _cli("train", "hexapawn", "elimination", "--opponent", "random",
                            "--first", "p2", "--games", "200", "--out", str(out), "--seed", "3")
    assert code == 0, _err
    assert "against random for 200 games" in text and "learner won" in text
    learner = make_player(f"elimination:load={out}", "hexapawn")
    assert isinstance(learner, TabularLearner) and learner.games_trained == 200


def test_train_by_watching_learns_from_both_sides_and_teaches_no_player(tmp_path: Path) -> None:
    out = tmp_path / "watched.json"
    code, text, _err = _cli("train", "nim", "qlearning:epsilon=0", "--watch", "random",
                            "perfect", "--games", "400", "--out", str(out), "--seed", "4",
                            "--json")
    assert code == 0
    report = json.loads(text)
    assert report["mode"] == "watch" and report["watched"] == ["random", "perfect"]
    assert report["games_trained"] == 400
    # Watching perfect play (and random's mistakes), a greedy Q-learner plays perfectly.
    learner = make_player(f"qlearning:epsilon=0,load={out}", "nim")
    state = get_game("nim").options().initial_state()
    for matches in (5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19):
        position = state
        while position.heaps[0] > matches:
            position = position.play(position.legal_moves()[0])
        assert learner.choose(position).move.count == matches % 4


def test_train_watch_leaves_a_watched_learner_untrained(tmp_path: Path) -> None:
    plan = TrainPlan("nim", get_game("nim").options(), "elimination", 50, tmp_path / "w.json",
                     mode="watch", watched=("reinforcement", "random"), seed=0)
    training = Training(plan)
    result = training.run()
    watched = training.players[0]
    assert isinstance(watched, TabularLearner) and watched.games_trained == 0
    assert result.details["games_trained"] == 50


def test_train_refuses_a_bad_out_path_before_playing(tmp_path: Path) -> None:
    code, _out, err = _cli("train", "nim", "qlearning", "--games", "5", "--out",
                           str(tmp_path / "missing" / "q.json"))
    assert code == 2 and "does not exist" in err and err.startswith("error: ")
    code, _out, err = _cli("train", "nim", "qlearning", "--games", "5", "--out", str(tmp_path))
    assert code == 2 and "is a folder" in err
    precious = tmp_path / "notes.txt"
    precious.write_text("my lesson plan")
    code, _out, err = _cli("train", "nim", "qlearning", "--games", "5", "--out", str(precious))
    assert code == 2 and "not a learner file" in err
    assert precious.read_text() == "my lesson plan"


def test_check_out_path_accepts_a_new_file_and_one_of_ours(tmp_path: Path) -> None:
    target = tmp_path / "new.json"
    check_out_path(target)
    make_player("elimination", "nim").save(target)  # type: ignore[attr-defined]
    check_out_path(target)  # our own file may be replaced
    with pytest.raises(TrainError, match="does not exist"):
        check_out_path(tmp_path / "a" / "b.json")


def test_train_refuses_a_player_that_does_not_learn(tmp_path: Path) -> None:
    code, _out, err = _cli("train", "nim", "minimax", "--games", "5", "--out",
                           str(tmp_path / "m.json"))
    assert code == 2 and "does not learn" in err and "qlearning" in err
    assert not (tmp_path / "m.json").exists()


def test_train_options_are_exclusive(tmp_path: Path) -> None:
    code, _out, err = _cli("train", "nim", "qlearning", "--games", "5", "--self", "--opponent",
                           "random", "--out", str(tmp_path / "q.json"))
    assert code == 2 and "not allowed with" in err


def test_train_goes_on_from_a_loaded_file(tmp_path: Path) -> None:
    out = tmp_path / "q.json"
    assert _cli("train", "nim", "qlearning", "--games", "30", "--out", str(out))[0] == 0
    code, text, _err = _cli("train", "nim", f"qlearning:load={out}", "--games", "20", "--out",
                            str(out), "--json")
    assert code == 0 and json.loads(text)["games_trained"] == 50


def test_main_dispatches_train(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.json"
    assert main(["train", "nim", "reinforcement", "--games", "10", "--out", str(out)]) == 0
    assert "saved to" in capsys.readouterr().out and out.exists()


# ----------------------------------------------------------------------------- load=FILE


def test_load_refuses_a_foreign_file_without_touching_it(tmp_path: Path) -> None:
    other_game = tmp_path / "hexapawn.json"
    make_player("elimination", "hexapawn").save(other_game)  # type: ignore[attr-defined]
    before = other_game.read_bytes()
    with pytest.raises(LearnerLoadError, match="trained on hexapawn, not nim"):
        make_player(f"elimination:load={other_game}", "nim")
    with pytest.raises(LearnerLoadError, match="'elimination' learner, not 'qlearning'"):
        make_player(f"qlearning:load={other_game}", "hexapawn")
    assert other_game.read_bytes() == before  # the user's file is never moved aside
    picture = tmp_path / "photo.json"
    picture.write_bytes(b"\x89PNG\r\n")
    with pytest.raises(LearnerLoadError, match="not a learner file"):
        make_player(f"qlearning:load={picture}", "nim")
    assert picture.exists()
    with pytest.raises(LearnerLoadError, match="there is no file"):
        make_player(f"qlearning:load={tmp_path / 'none.json'}", "nim")
    code, _out, err = _cli("arena", "nim", "--p1", f"qlearning:load={picture}", "--p2",
                           "random", "--games", "2")
    assert code == 2 and "not a learner file" in err


def test_load_is_only_for_learners_and_kept_in_the_canonical_spec(tmp_path: Path) -> None:
    with pytest.raises(PlayerSpecError, match="does not learn"):
        make_player("minimax:load=x.json", "nim")
    assert canonical_spec("qlearning:load=q.json,epsilon=0", "nim") == (
        "qlearning:alpha=0.9,gamma=0.8,epsilon=0,ties=random,load=q.json")
    target = tmp_path / "e.json"
    make_player("elimination", "nim").save(target)  # type: ignore[attr-defined]
    assert make_player(f"elimination:load={target}", "nim").spec == (
        f"elimination:propagate=0,load={target}")
    assert with_file("random", "x.json") == "random:load=x.json"


# ----------------------------------------------------------------------------- --first, watching


def test_first_seats_follow_their_rule() -> None:
    assert first_seats("p1", 3) == [0, 0, 0]
    assert first_seats("p2", 2) == [1, 1]
    assert first_seats("alternate", 4) == [0, 1, 0, 1]
    drawn = first_seats("random", 200, seed=5)
    assert drawn == first_seats("random", 200, seed=5)
    assert 60 < drawn.count(0) < 140
    with pytest.raises(ValueError, match="choose one of"):
        first_seats("loser", 2)  # type: ignore[arg-type]


def test_arena_first_random_says_who_started_each_game() -> None:
    code, text, _err = _cli("arena", "nim", "--p1", "random", "--p2", "random", "--games", "60",
                            "--first", "random", "--seed", "9", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["first_rule"] == "random" and len(data["first"]) == 60
    assert set(data["first"]) == {"p1", "p2"}
    again = json.loads(_cli("arena", "nim", "--p1", "random", "--p2", "random", "--games", "60",
                            "--first", "random", "--seed", "9", "--json")[1])
    assert again["first"] == data["first"]
    code, _out, err = _cli("arena", "nim", "--p1", "random", "--p2", "random", "--games", "2",
                           "--swap", "--first", "p2")
    assert code == 2 and "disagree" in err


def test_run_match_watchers_learn_from_both_sides_of_every_game() -> None:
    opts = get_game("nim").options()
    watcher = Watcher()
    a = make_player("random", "nim", opts, seed=1)
    b = make_player("random", "nim", opts, seed=2)
    match = run_match(a, b, opts.initial_state, 7, learn=False, watchers=(watcher,))
    assert match.games == 7 and watcher.lessons == [()] * 7


def test_training_runner_learner_watches_two_players_and_learns_from_both_sides() -> None:
    from ai.training import TrainingRunner

    opts = get_game("nim").options()
    learner = make_player("qlearning:epsilon=0", "nim", opts, seed=1)
    student = make_player("elimination", "nim", opts, seed=2)  # watched, must not learn
    perfect = make_player("perfect", "nim", opts, seed=3)
    runner = TrainingRunner(learner, None, opts.initial_state, 300, seat="alternate",
                            watched=(student, perfect))
    runner.start()
    assert runner.join(60) and runner.finished
    assert isinstance(learner, TabularLearner) and learner.games_trained == 300
    assert isinstance(student, TabularLearner) and student.games_trained == 0
    wins, losses, _draws = runner.counts()
    assert wins + losses == 300 and losses > wins  # counted from the student's side
    # Both sides' moves were learned: the winner's (perfect) ones rank first everywhere.
    for n in (5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19):
        assert learner.choose(opts.position((n,))).move.count == n % 4
    with pytest.raises(ValueError, match="does not play"):
        TrainingRunner(learner, None, opts.initial_state, 5, watched=(learner, perfect))
