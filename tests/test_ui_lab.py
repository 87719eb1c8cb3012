"""The learning lab driven like a teacher would: clicks on the real scene, headless."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from ai.learner_files import learners_folder
from ai.learners import make_learner
from game.rules.registry import get_game
from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.lab_load_dialog import LoadDialog
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.menu import MenuScene
from tests.lab_helpers import open_from_menu, screenshot
from tests.ui_helpers import click, click_widget, frame, resize, run_until


def open_lab(size: tuple[int, int] = (1280, 800)) -> tuple[object, LearningLabScene]:
    """The app with the lab opened from the menu's header button."""
    return open_from_menu(size, "menu.lab", LearningLabScene)


def train(app: object, lab: LearningLabScene, games: int, speed: str = "instant",
          opponent: str = "random") -> None:
    lab.games = games
    lab._set_speed(speed)
    lab._set_opponent(opponent)
    click_widget(app, lab.train_button)
    assert lab.runner is not None
    assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
    frame(app)


def test_500_nim_games_through_the_scene() -> None:
    app, lab = open_lab()
    assert lab.game == "nim" and lab.session.kind == "elimination"
    train(app, lab, 500)
    assert lab.learner.games_trained == 500
    run = lab.runs[-1]
    assert len(run.results) == 500 == len(run.wins) == len(run.rate)
    assert run.wins[-1] + run.losses[-1] + run.draws[-1] == 500
    # The learner's table: a box per position it played, and the boxes drawn.
    assert lab.learner.positions_known() >= 10
    assert lab.knowledge.boxes and all(b.used > 0 for b in lab.knowledge.boxes)
    assert sum(b.used for b in lab.knowledge.boxes) >= 500
    # Every box holds one 0/1 mark per legal take, and it has learned to beat random play.
    box20 = next(b for b in lab.knowledge.boxes if b.key == 20)
    assert sorted(m.count for m in box20.values) == [1, 2, 3]
    assert set(box20.values.values()) <= {0.0, 1.0}
    assert run.results[-100:].count(0) >= 80
    assert lab.runner.progress().done == 500


def start_long_run(app: object, lab: LearningLabScene, done: int) -> None:
    """Start a 100,000-game run at "fast" speed and wait until ``done`` games are played."""
    lab.games = 100_000
    lab._set_speed("fast")
    click_widget(app, lab.train_button)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.done >= done, 30)


def test_stop_half_way_keeps_what_was_learned() -> None:
    app, lab = open_lab()
    start_long_run(app, lab, 20)
    click_widget(app, lab.stop_button)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 10)
    frame(app)
    progress = lab.runner.progress()
    assert progress.stopped and 20 <= progress.done < 100_000
    assert lab.learner.games_trained == progress.done == len(lab.runs[-1].results)
    assert lab.knowledge.boxes


def test_pause_and_resume_from_the_buttons() -> None:
    app, lab = open_lab()
    start_long_run(app, lab, 5)
    click_widget(app, lab.pause_button)
    assert lab.runner.paused
    frame(app)
    click_widget(app, lab.pause_button)
    assert not lab.runner.paused
    click_widget(app, lab.stop_button)
    assert run_until(app, lambda: lab.runner.finished, 10)


def test_watch_speed_shows_the_game_being_played() -> None:
    app, lab = open_lab()
    lab.games = 10
    lab._set_speed("watch")
    click_widget(app, lab.train_button)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.current is not None
                     and lab.runner.current_move is not None, 10)
    frame(app)
    screenshot(app, "lab-watch-1280x800")
    lab._set_speed("instant")  # the speed changes during the run
    assert run_until(app, lambda: lab.runner.finished, 30)
    assert lab.learner.games_trained == 10


def test_save_and_load_from_the_scene() -> None:
    app, lab = open_lab()
    train(app, lab, 200)
    click_widget(app, lab.save_button)
    # Save opens the folder browser on the data folder; "Save here" saves there.
    dialog = app.top
    assert isinstance(dialog, LoadDialog) and dialog.folder == learners_folder()
    click_widget(app, dialog.open_button)
    files = list(learners_folder().glob("*.json"))
    assert len(files) == 1
    saved = json.loads(files[0].read_text(encoding="utf-8"))
    assert saved["games_trained"] == 200 and saved["kind"] == "elimination"
    # The message names the file and the folder it went to (issue 12 #8).
    assert isinstance(app.top, MessageDialog)
    assert files[0].name in app.top.message and str(files[0].parent) in app.top.message
    click_widget(app, app.top.buttons[0])
    assert lab.session.sort_by_use
    used = {b.key: b.used for b in lab.knowledge.boxes}
    assert used[20] == 200
    box20 = dict(next(b for b in lab.knowledge.boxes if b.key == 20).values)
    lab.reset()
    assert lab.learner.games_trained == 0 and not lab.knowledge.boxes
    # Load through the button and the file list.
    click_widget(app, lab.load_button)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    assert "200" in dialog.rows[0].detail  # the list says how many games it trained
    dialog._layout()
    click(app, dialog.row_rects[0][0].center)  # a click selects the file,
    click(app, dialog.row_rects[0][0].center)  # a second one opens it
    assert app.top is lab
    assert lab.learner.games_trained == 200
    assert dict(next(b for b in lab.knowledge.boxes if b.key == 20).values) == box20
    # Usage counts survive Save then Load (every box said "used 0×", sorted by most used).
    assert {b.key: b.used for b in lab.knowledge.boxes} == used
    assert [b.used for b in lab.knowledge.boxes] == sorted(used.values(), reverse=True)


def test_load_switches_game_and_kind() -> None:
    app, lab = open_lab()
    info = get_game("hexapawn")
    learner = make_learner("reinforcement", "hexapawn", info.options(), seed=1)
    from ai.arena import run_match
    from ai.registry import make_player

    run_match(learner, make_player("random", "hexapawn", None, 2), info.initial_state(), 50)
    path = learners_folder() / "hexa.json"
    learner.save(path)
    assert lab.files.load_file(path)
    assert lab.game == "hexapawn" and lab.session.kind == "reinforcement"
    assert lab.learner.games_trained == 50
    assert lab.knowledge.boxes  # positions found by walking the game from the start
    frame(app)
    screenshot(app, "lab-loaded-hexapawn-1280x800")


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe garbage",
                                     b'{"format": "something else"}',
                                     b"[" * 100_000 + b"]" * 100_000])
def test_a_corrupt_learner_file_shows_a_message_and_is_kept_aside(content: bytes) -> None:
    app, lab = open_lab()
    train(app, lab, 50)
    folder = learners_folder()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_bytes(content)
    # It is listed, then loading it fails with a message.
    assert any(p == bad for p, _n, _d in lab.files.saved_files())
    assert not lab.files.load_file(bad)
    assert isinstance(app.top, MessageDialog)
    assert lab.message and "broken.json" in lab.message
    assert not bad.exists()
    kept = list(folder.glob("broken.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    frame(app)
    click_widget(app, app.top.buttons[0])
    assert app.top is lab
    # A damaged file leaves the current learner as it was; a foreign one starts it fresh.
    if content.startswith(b"{not") or content.startswith(b"\xff"):
        assert lab.learner.games_trained == 50


def test_play_against_it_seats_the_trained_learner() -> None:
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play_more import more_actions

    app, lab = open_lab()
    train(app, lab, 100)
    lab.session.keep_learning = True
    click_widget(app, lab.play_button)
    play = app.top
    assert isinstance(play, PlayScene)
    seats = play.match.seats
    assert seats[0].player is lab.learner and seats[0].learner
    assert seats[1].human
    # Regression (QA18): Menu in that game went to the main menu, and the teacher had to
    # find the lab and its tab again. It says "Lab" and goes back to the lab as it was.
    assert play.menu_label() == tr("play.to_lab")
    assert tr("play.to_lab") in [label for _a, label in more_actions(app, play)]
    view = lab.session.view
    play.to_menu()
    assert app.top is lab and lab.session.view == view
    # To the main menu, then to the lab again: the learner is still there.
    lab.to_menu()
    menu = app.top
    assert isinstance(menu, MenuScene)
    button = next(b for b in menu.header_buttons if b.label() == tr("menu.lab"))
    frame(app)
    click_widget(app, button)
    again = app.top
    assert isinstance(again, LearningLabScene) and again is not lab
    assert again.learner is lab.learner and again.learner.games_trained == 100
    assert len(again.runs) == 1 and again.knowledge.boxes


def test_qlearning_heat_map_and_other_games_draw() -> None:
    app, lab = open_lab((1024, 640))
    lab.set_kind("qlearning")
    train(app, lab, 300)
    table = lab.table.table()
    assert table is not None
    rows, cols = table.rows, table.cols
    assert rows == ["\u22121", "\u22122", "\u22123"] and cols[0] == "1" and len(cols) == 20
    lab.tabs.choose("table")
    screenshot(app, "lab-nim-qlearning-1024x640")
    for game in ("hexapawn", "morpion", "othello"):
        lab.set_game(game)
        train(app, lab, 20)
        assert lab.learner.games_trained == 20
        screenshot(app, f"lab-{game}-1024x640")


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 640)])
def test_screenshots(size: tuple[int, int]) -> None:
    app, lab = open_lab(size)
    tag = f"{size[0]}x{size[1]}"
    screenshot(app, f"lab-empty-{tag}")
    lab.set_kind("reinforcement")
    train(app, lab, 1000)
    lab._set_opponent("self")
    train(app, lab, 500, opponent="self")
    screenshot(app, f"lab-nim-reinforcement-{tag}")
    lab.set_game("hexapawn")
    lab.set_kind("elimination")
    train(app, lab, 300)
    screenshot(app, f"lab-hexapawn-elimination-{tag}")


def test_monkey_clicks_and_resizes() -> None:
    app, lab = open_lab((1024, 640))
    rng = random.Random(5)
    for i in range(200):
        if app.top is not lab:
            # A popup or dialog: close it with Escape, as a person would.
            frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                           unicode="", scancode=0)])
            continue
        if i % 97 == 0:
            resize(app, (rng.randint(800, 1920), rng.randint(500, 1080)))
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        if lab.play_button.rect.collidepoint(pos) or lab.menu_button.rect.collidepoint(pos):
            continue  # those leave the lab; tested above
        click(app, pos)
    lab.stop()
    assert run_until(app, lambda: lab.runner is None or lab.runner.finished, 10)


def test_escape_goes_back_to_the_menu() -> None:
    app, _lab = open_lab()
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                   scancode=0)])
    assert isinstance(app.top, MenuScene)



def test_a_big_table_is_read_one_page_at_a_time() -> None:
    from game.ui.scenes import lab_knowledge

    app, lab = open_lab((1024, 640))
    lab.set_game("morpion")
    lab.set_kind("qlearning")
    train(app, lab, 300)
    lab.tabs.choose("boxes")
    assert len(lab.knowledge.boxes) > lab_knowledge.FULL_READ
    frame(app)
    filled = [b for b in lab.knowledge.boxes if b.filled]
    assert 0 < len(filled) <= max(lab.knowledge.per_page, 12)  # the first page before layout
    assert all(b.values for b in filled)
    click_widget(app, lab.knowledge.next_button)
    frame(app)
    assert lab.knowledge.page == 1
    page = lab.knowledge.boxes[lab.knowledge.per_page:2 * lab.knowledge.per_page]
    assert all(b.filled for b in page)


def test_every_text_of_the_two_screens_is_translated() -> None:
    import re

    root = Path(__file__).resolve().parent.parent
    used: set[str] = set()
    for module in ("learning_lab.py", "tournament.py", "lab_common.py", "lab_knowledge.py",
                   "lab_charts.py", "lab_session.py", "lab_files.py", "lab_setup.py",
                   "lab_views.py", "lab_table.py", "lab_export.py", "lab_load_dialog.py",
                   "tournament_results.py"):
        source = (root / "game" / "ui" / "scenes" / module).read_text(encoding="utf-8")
        used |= set(re.findall(r'"((?:lab|tour)\.[a-z_.]+)"', source))
    used = {k for k in used if not k.endswith(".")}
    for lang in ("en", "fr"):
        table = json.loads((root / "assets" / "i18n" / f"lab.{lang}.json").read_text(
            encoding="utf-8"))
        missing = sorted(k for k in used if k not in table
                         and not any(k + "." in t for t in table))
        assert not missing, f"{lang}: {missing}"
    en = json.loads((root / "assets" / "i18n" / "lab.en.json").read_text(encoding="utf-8"))
    fr = json.loads((root / "assets" / "i18n" / "lab.fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)


def test_progress_text_says_rate_and_time_left() -> None:
    from ai.training import Progress
    from game.ui.scenes.lab_common import progress_text

    running = Progress(done=1500, planned=6000, elapsed=1.0, games_per_second=1500.0,
                       eta=3.0, running=True, paused=False, finished=False, stopped=False)
    line = progress_text(running, 1500)
    assert "1,500" in line and "6,000" in line and "3 s" in line
    slow = Progress(done=10, planned=10_000, elapsed=1.0, games_per_second=10.0, eta=999.0,
                    running=True, paused=False, finished=False, stopped=False)
    assert "16.6 min" in progress_text(slow, 10)
    stopped = Progress(done=40, planned=100, elapsed=2.0, games_per_second=20.0, eta=None,
                       running=False, paused=False, finished=True, stopped=True)
    assert "40" in progress_text(stopped, 40) and "100" in progress_text(stopped, 40)
    # Regression: a run of 0.02 s said "300 games in 0.0 s (15,000/s)".
    quick = Progress(done=300, planned=300, elapsed=0.02, games_per_second=15_000.0, eta=None,
                     running=False, paused=False, finished=True, stopped=False)
    assert progress_text(quick, 300).startswith("300 games in < 0.1 s (15,000 games/s)")
    quick_enough = Progress(done=300, planned=300, elapsed=0.06, games_per_second=5_000.0,
                            eta=None, running=False, paused=False, finished=True, stopped=False)
    assert "in 0.1 s" in progress_text(quick_enough, 300)


@pytest.mark.parametrize(("language", "big", "one"), [
    ("en", "100,000 games", "trained on 1 game."),
    ("fr", "100\u202f000 parties", "entraîné sur 1 partie."),
])
def test_progress_counts_in_the_language_grouping(language: str, big: str, one: str) -> None:
    """Regression: "trained on 100000 games" had no thousands separator, and one game read
    "1 games"."""
    from ai.training import Progress
    from game.ui import i18n
    from game.ui.scenes.lab_common import progress_text

    i18n.set_language(language)
    assert big in progress_text(None, 100_000)
    assert one in progress_text(None, 1)
    done = Progress(done=1, planned=1, elapsed=3.9, games_per_second=0.3, eta=None,
                    running=False, paused=False, finished=True, stopped=False)
    assert progress_text(done, 1).startswith("1 game " if language == "en" else "1 partie ")
    # QA19 17: "0.3/s" said nothing of what it counts.
    assert ("(0.3 games/s)" if language == "en" else "(0,3 parties/s)") in progress_text(done, 1)
    sep = "," if language == "en" else "\u202f"
    assert i18n.grouped(1234567.4) == f"1{sep}234{sep}567"


@pytest.mark.parametrize(("language", "one", "two"), [("en", "0 / 1 game", "0 / 2 games"),
                                                     ("fr", "0 / 1 partie", "0 / 2 parties")])
def test_the_count_of_a_run_of_one_game_is_singular(language: str, one: str, two: str) -> None:
    """QA13 20 (real window 1920x1080 fr 200%): during One game the header read "0 / 1
    parties"; at 100% (its longer forms, real window 1920x1080 fr) still "0 / 1 parties ·
    0,0/s · reste —"."""
    from ai.training import Progress
    from game.ui import i18n
    from game.ui.scenes.lab_common import progress_lines

    i18n.set_language(language)
    for planned, said in ((1, one), (2, two)):
        going = Progress(done=0, planned=planned, elapsed=0.5, games_per_second=0.0, eta=None,
                         running=True, paused=False, finished=False, stopped=False)
        lines = progress_lines(going, 500)
        assert all(f"{line} ".startswith(f"{said} ") for line in lines[:3]), lines


@pytest.mark.parametrize(("size", "language"), [((1280, 800), "en"), ((1024, 768), "fr"),
                                                ((1024, 640), "fr")])
def test_the_header_after_one_game_says_the_learners_total(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S12 21b (real window 1280x800 en 200%): after One game the header read "1 game in
    2.7 s", after the next one too, never "2 games": the learner's total was nowhere. After
    a run of a learner trained before, the header's line says the total (its shortest form
    is the total alone)."""
    from game.ui.i18n import grouped
    from tests.lab_helpers import instant_one_game, large_lab, train_instantly
    from tests.ui_helpers import texts_drawn_by

    instant_one_game(monkeypatch)
    app, lab = large_lab(size, language)
    train_instantly(lab, "nim", "elimination", 20)
    for total in (21, 22):
        click_widget(app, lab.step_button)
        assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
        frame(app)
        app.toast = None
        room = lab.panels["progress"]
        said = [line for line, _px, rect in texts_drawn_by(lambda: frame(app), monkeypatch)
                if room.colliderect(rect)]
        assert lab.learner.games_trained == total
        assert any(grouped(total) in line for line in said), said
    app.shutdown()


def test_the_live_game_keeps_its_number_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """QA13 20 (real window 1920x1080 fr 200%): after 500 games One game was "Game 501, live"
    then "Game 500, live" once it ended: its last position was held before the learner had
    learned it, and the number counted the learner's games plus one only while it went on.
    Every frame of the game now says the same number, the learner's game count after it."""
    import re

    from game.ui import text as text_module
    from tests.lab_helpers import large_lab, quick_one_game, train_instantly

    quick_one_game(monkeypatch)
    app, lab = large_lab((1280, 720), "en")
    train_instantly(lab, "nim", "elimination", 20)
    frame(app)
    pattern = re.compile(re.escape(tr("lab.live", n=999)).replace("999", r"(\d+)"))
    numbers: list[int] = []
    real = text_module.blit_text

    def spy(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> object:
        found = pattern.fullmatch(line)
        if found:
            numbers.append(int(found.group(1)))
        return real(surface, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text_module, "blit_text", spy)
    click_widget(app, lab.step_button)
    assert run_until(app, lambda: lab.runner is not None and lab.runner.finished, 60)
    frame(app)
    assert numbers and set(numbers) == {21}, sorted(set(numbers))
    assert lab.learner.games_trained == 21
    app.shutdown()


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 640)])
def test_charts_give_most_of_their_height_to_the_curves(size: tuple[int, int]) -> None:
    """Regression: a squat plot under a tall legend could not be read from the back."""
    app, lab = open_lab(size)
    train(app, lab, 100)
    # Before: about a quarter of the panel (80 px at 1920x1080).
    share = 0.4 if size == (1920, 1080) else 0.33
    for name in ("chart_wins", "chart_rate"):
        panel, plot = lab.panels[name], lab.charts.plots[name]
        assert plot.height >= share * panel.height, (name, plot, panel)
    if size == (1920, 1080):
        assert lab.charts.plots["chart_wins"].height >= 150
    app.shutdown()


def test_out_of_range_parameters_of_a_loaded_file_are_not_applied() -> None:
    """A hand-edited file's table loads, but negative start beads, NaN or fractional values
    never reach the learner: those controls keep their defaults."""
    _app, lab = open_lab()
    info = get_game("hexapawn")
    from ai.arena import run_match
    from ai.registry import make_player

    for kind, bad, good in [
        ("reinforcement", {"start": -3, "win": 1e308, "draw": 2.5, "loss": 0},
         {"start": 3.0, "win": 3.0, "draw": 1.0, "loss": 0.0}),
        ("qlearning", {"alpha": float("nan"), "gamma": -1, "epsilon": 0.5},
         {"alpha": 0.9, "gamma": 0.8, "epsilon": 0.5, "ties": 0.0}),
    ]:
        learner = make_learner(kind, "hexapawn", info.options(), seed=1)
        run_match(learner, make_player("random", "hexapawn", None, 2), info.initial_state(), 20)
        path = learners_folder() / f"{kind}.json"
        learner.save(path)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["params"].update(bad)
        path.write_text(json.dumps(data), encoding="utf-8")
        assert lab.files.load_file(path)
        assert lab.learner.games_trained == 20
        assert lab.session.params == good and dict(lab.learner.params) == good


def test_save_and_load_say_why_when_the_data_folder_cannot_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, lab = open_lab()
    train(app, lab, 10)
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("AIGAMELAB_DATA_DIR", str(blocker))
    assert lab.files.saved_files() == []
    assert lab.files.save() is None
    assert isinstance(app.top, MessageDialog) and lab.message and "a-file" in lab.message
    frame(app)
    click_widget(app, app.top.buttons[0])
    assert app.top is lab
    lab.files.open_load()
    assert isinstance(app.top, MessageDialog) and "a-file" in lab.message
    assert lab.learner.games_trained == 10  # nothing lost
