"""The learning lab's session without pixels: set-up changes, presets, runs kept, a file's
set-up, positions found for a loaded table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ai.learners import key_text
from game.rules.registry import game_names, get_game
from game.ui.scenes.lab_session import KEPT_RUNS, SELF, LabSession, Run, file_params


def test_a_new_game_or_variant_brings_a_fresh_learner_and_clears_the_runs() -> None:
    session = LabSession("nim")
    assert session.options == get_game("nim").lab_presets[0] and session.variant_index() == 0
    first = session.learner
    session.add_run(Run("run", 10, 10))
    session.set_variant(2)
    assert session.variant_index() == 2 and session.learner is not first and not session.runs
    second = session.learner
    session.add_run(Run("run", 10, 10))
    session.set_game("othello")
    assert session.options == get_game("othello").lab_presets[0] and not session.runs
    assert session.learner is not second


def test_the_charts_keep_the_last_runs() -> None:
    session = LabSession()
    assert session.game == game_names()[0]
    for n in range(KEPT_RUNS + 3):
        session.add_run(Run(f"run {n}", 10, 10))
    assert session.runs[0].label == "run 3" and len(session.runs) == KEPT_RUNS


def test_a_learner_kind_and_its_parameters() -> None:
    session = LabSession("nim")
    session.set_kind("qlearning")
    assert session.learner.kind == "qlearning" and "alpha" in session.params
    session.set_param("alpha", 0.25)
    assert session.learner.params["alpha"] == 0.25 and "alpha=0.25" in session.learner.spec


def test_a_file_sets_up_its_game_and_drops_bad_parameters() -> None:
    session = LabSession("nim")
    session.add_run(Run("run", 10, 10))
    options = get_game("hexapawn").options(rows=3, cols=4)
    session.use_file("hexapawn", "qlearning", options, {"alpha": 0.5, "epsilon": 5.0})
    assert (session.game, session.kind, session.options) == ("hexapawn", "qlearning", options)
    assert session.params["alpha"] == 0.5 and session.params["epsilon"] != 5.0
    assert session.variant_index() == 1 and not session.runs
    assert file_params("qlearning", "not a dict") == {}


def test_an_opponent_that_cannot_play_falls_back_to_random() -> None:
    session = LabSession("nim")
    session.opponent = "bestfirst"  # Morpion only
    session.check_opponent()
    assert session.opponent == "random"
    session.opponent = SELF
    session.check_opponent()
    assert session.opponent == SELF and session.opponent_player() is None


def test_positions_of_a_loaded_table_are_found_from_the_start() -> None:
    session = LabSession("nim")
    start = session.info.initial_state(session.options)
    after = start.play(start.legal_moves()[0])
    session.explore_positions({key_text(start.key), key_text(after.key)})
    assert set(session.positions) == {start.key, after.key} == session.loaded_keys


def test_the_session_loads_without_pygame() -> None:
    code = ("import sys\nimport game.ui.scenes.lab_session\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True, timeout=120)
