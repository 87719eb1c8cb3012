"""Frame times of the app while something heavy runs beside the window (prints figures).

Opens the app headless (SDL dummy driver) at 1280x800 and times whole frames (events, update,
draw, flip), reporting medians, 95th percentiles and the intervals between frames (what the
class sees). Not a test: it prints figures, it does not pass or fail. Measurements:

* ``engine``: the play screen idle, then while the Othello engine searches; quitting mid-search;
* ``load``: the lab while a big learner file (``--megabytes``) loads behind its progress box;
* ``lab``: the lab over an instant training run of ``--games`` games with ``--earlier``
  finished runs of as many games on its charts, per tenth of the run;
* ``charts``: the lab's frame cost when both charts redraw as the latest run grows, without
  the training thread (the chart code alone);
* ``mcts``: the play screen while MCTS (``--iterations``) thinks on Othello and Morpion 4x4.
* ``frames``: the process's CPU time (process_time, every thread: an AI still thinking counts)
  per frame drawn (events, update, draw),
  ``--frames`` frames each, on the menu, on an AI's move explained on the board (Othello vs
  the engine, Connect 4 vs alpha-beta, Marienbad vs Perfect) and in the lab at rest, with the
  settings of ``--language`` and ``--text-scale``: what drawing one unchanged frame costs;
* ``idle``: the process's CPU time (all threads) per second of wall time while the app's real
  main loop (:meth:`App.step`) runs with nobody touching it, on the menu, on an AI-vs-AI
  match that is paused and on an AI's move waiting for the click (explain mode), with the
  number of frames drawn.

    python benchmarks/ui_frames.py [--only engine|load|lab|charts|mcts|frames|idle ...]
                                   [--seconds 5] [--size 1280x800] [--games N] [--earlier K]
                                   [--frames N] [--language fr] [--text-scale 200]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ui.app import App
from game.ui.scenes.match import Match, make_seat
from game.ui.scenes.play import PlayScene
from game.ui.settings import Settings

ENGINE = "engine:time=60"


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def open_play(app: App, seats: tuple[str, str]) -> PlayScene:
    """The play screen for Othello with ``seats`` (seat 1 moves first)."""
    from game.rules.registry import get_game

    setup = get_game("othello").setup()
    match = Match(setup, (make_seat(seats[0], setup), make_seat(seats[1], setup)))
    scene = PlayScene(app, match)
    app.replace(scene)
    return scene


#: The UI thread's own CPU time of each frame timed by :func:`time_frames` (appended): what a
#: frame costs without the waits for the CPU and the interpreter lock, which a loaded machine
#: (other processes on its cores) stretches far more than the frame's own work.
FRAME_CPU: list[float] = []


def time_frames(app: App, seconds: float) -> tuple[list[float], list[float]]:
    """Run the real loop body (tick at 60 fps, frame, flip).

    Returns each frame's own cost and the intervals between frame starts (what the class
    sees: the cost plus the wait for the interpreter lock held by the searching thread).
    """
    costs: list[float] = []
    intervals: list[float] = []
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < end:
        dt = app.clock.tick(60) / 1000.0
        start = time.perf_counter()
        cpu = time.thread_time()
        app.frame(pygame.event.get(), min(dt, 0.25))
        pygame.display.flip()
        FRAME_CPU.append(time.thread_time() - cpu)
        now = time.perf_counter()
        costs.append(now - start)
        intervals.append(start - last)
        last = start
    return costs, intervals[1:]


def cpu_line(name: str, cpu: list[float]) -> None:
    """Print p50/p95/p99 of the UI thread's CPU time per frame."""
    if cpu:
        print(f"  {name}: UI thread CPU per frame p50 {statistics.median(cpu) * 1000:.1f} ms, "
              f"p95 {percentile(cpu, 95) * 1000:.1f} ms, p99 {percentile(cpu, 99) * 1000:.1f} ms")


def report(name: str, measured: tuple[list[float], list[float]]) -> float:
    """Print p50/p95 of frame costs and intervals in ms; return the interval p95."""
    costs, intervals = measured
    c50, c95 = statistics.median(costs) * 1000, percentile(costs, 95) * 1000
    i50, i95 = statistics.median(intervals) * 1000, percentile(intervals, 95) * 1000
    fps = len(intervals) / max(sum(intervals), 1e-9)
    print(f"{name:30s} frames {len(costs):4d} ({fps:5.1f} fps)  cost p50 {c50:5.1f} ms "
          f"p95 {c95:5.1f} ms  interval p50 {i50:5.1f} ms p95 {i95:5.1f} ms")
    return i95


def big_learner_file(folder: Path, megabytes: float) -> Path:
    """A valid Morpion Q-learning file of about ``megabytes`` (made-up positions)."""
    import json

    from ai.learners import make_learner
    from game.rules.registry import get_game

    learner = make_learner("qlearning", "morpion", get_game("morpion").options())
    data = learner.to_json()
    boxes = int(megabytes * 1e6 / 200)
    data["table"] = {f"({i},{i * 7},{i % 13})": {f"a{j}-b{j}": 0.125 * j for j in range(8)}
                     for i in range(boxes)}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"big-{megabytes:g}mb.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def measure_load(app: App, megabytes: float) -> None:
    """Frame times in the lab while a big learner file loads (behind its progress box)."""
    from ai.learner_files import learners_folder
    from game.ui.scenes.learning_lab import LearningLabScene

    path = big_learner_file(learners_folder(), megabytes)
    size = path.stat().st_size / 1e6
    lab = LearningLabScene(app)
    app.replace(lab)
    time_frames(app, 0.3)
    start = time.perf_counter()
    lab.files.load_file(path)
    returned = time.perf_counter() - start
    costs: list[float] = []
    intervals: list[float] = []
    last = time.perf_counter()
    while app.top is not lab and time.perf_counter() - start < 120:
        dt = app.clock.tick(60) / 1000.0
        begin = time.perf_counter()
        app.frame(pygame.event.get(), min(dt, 0.25))
        pygame.display.flip()
        costs.append(time.perf_counter() - begin)
        intervals.append(begin - last)
        last = begin
    total = time.perf_counter() - start
    print(f"load a {size:.1f} MB learner: load_file returned after {returned * 1000:.0f} ms, "
          f"table in after {total:.1f} s, {lab.learner.positions_known()} boxes")
    if len(intervals) > 2:
        report("  frames while it loads", (costs, intervals[1:]))
        print(f"  longest interval {max(intervals[1:]) * 1000:.0f} ms")


def measure_lab(app: App, games: int, earlier: int) -> None:
    """Frame times in the lab over one instant training run of ``games`` Nim games, with
    ``earlier`` finished runs of as many games already on the charts (the lab keeps six),
    reported per tenth of the run: the redraw cost must not grow with the games played."""
    import random

    from ai.training import DRAW, LOSS, WIN
    from game.ui.scenes.lab_session import Run, window_for
    from game.ui.scenes.learning_lab import LearningLabScene

    lab = LearningLabScene(app)
    app.replace(lab)
    lab.games = games
    lab._set_speed("instant")
    rng = random.Random(1)
    for n in range(earlier):
        run = Run(f"run {n + 1}", games, window_for(games), False, f"{n + 1}")
        run.extend([rng.choice((WIN, WIN, LOSS, DRAW)) for _ in range(games)])
        lab.runs.append(run)
    time_frames(app, 0.3)
    lab.train()
    runner = lab.runner
    assert runner is not None
    start = time.perf_counter()
    tenths: list[tuple[list[float], list[float]]] = [([], []) for _ in range(10)]
    cpus: list[list[float]] = [[] for _ in range(10)]
    last = time.perf_counter()
    while not runner.finished:
        dt = app.clock.tick(60) / 1000.0
        begin = time.perf_counter()
        cpu = time.thread_time()
        app.frame(pygame.event.get(), min(dt, 0.25))
        pygame.display.flip()
        cost = time.perf_counter() - begin
        tenth = min(9, runner.done * 10 // games)
        cpus[tenth].append(time.thread_time() - cpu)
        tenths[tenth][0].append(cost)
        tenths[tenth][1].append(begin - last)
        last = begin
    total = time.perf_counter() - start
    print(f"lab: {games} instant Nim games with {earlier} earlier runs of {games} on the "
          f"charts: {total:.1f} s ({games / total:.0f} games/s)")
    every: tuple[list[float], list[float]] = ([], [])
    for i, (costs, intervals) in enumerate(tenths):
        every[0].extend(costs)
        every[1].extend(intervals)
        if len(costs) > 2:
            report(f"  games {i * 10:3d}-{i * 10 + 10:3d}%", (costs, intervals))
            cpu_line(f"games {i * 10:3d}-{i * 10 + 10:3d}%", cpus[i])
    report("  whole run", every)
    cpu_line("whole run", [c for part in cpus for c in part])
    print(f"  whole run: cost p99 {percentile(every[0], 99) * 1000:.1f} ms, max "
          f"{max(every[0]) * 1000:.1f} ms; interval max {max(every[1]) * 1000:.1f} ms")


def measure_charts(app: App, games: int, earlier: int) -> None:
    """The lab's frame cost when its charts redraw, with no training thread (so the machine's
    load and the interpreter lock do not blur it): ``earlier`` finished runs of ``games``
    games, and a latest run growing to ``games``, both charts redrawn at every step."""
    import random

    from ai.training import DRAW, LOSS, WIN
    from game.ui.scenes.lab_session import Run, window_for
    from game.ui.scenes.learning_lab import LearningLabScene

    lab = LearningLabScene(app)
    app.replace(lab)
    lab.games = games
    rng = random.Random(2)
    for n in range(earlier + 1):
        run = Run(f"run {n + 1}", games, window_for(games), False, f"{n + 1}")
        if n < earlier:
            run.extend([rng.choice((WIN, WIN, LOSS, DRAW)) for _ in range(games)])
        lab.runs.append(run)
    live = lab.runs[-1]
    print(f"charts: {earlier} runs of {games} games on the charts, the latest growing "
          f"(both charts redrawn each frame, no training thread)")
    step = max(1, games // 200)
    costs: list[tuple[int, float]] = []
    while len(live.results) < games:
        live.extend([rng.choice((WIN, LOSS, DRAW)) for _ in range(step)])
        lab.charts.clear()  # as when CHART_SECONDS has passed
        start = time.perf_counter()
        app.frame([], 1 / 60)
        costs.append((len(live.results), time.perf_counter() - start))
    for tenth in range(10):
        part = [c for n, c in costs if tenth * games // 10 < n <= (tenth + 1) * games // 10]
        if part:
            print(f"  latest run at {(tenth + 1) * 10:3d}%: redraw frame median "
                  f"{statistics.median(part) * 1000:5.1f} ms, max {max(part) * 1000:5.1f} ms")


def open_game(app: App, game: str, seats: tuple[str, str], **options: object) -> PlayScene:
    """The play screen for ``game`` with ``options`` and ``seats`` (seat 1 moves first)."""
    from game.rules.registry import get_game

    setup = get_game(game).setup(get_game(game).options(**options))
    match = Match(setup, (make_seat(seats[0], setup), make_seat(seats[1], setup)))
    scene = PlayScene(app, match)
    app.replace(scene)
    return scene


def measure_mcts(app: App, seconds: float, iterations: int) -> None:
    """The play screen while MCTS plays itself (Othello, then Morpion 4x4), beside the same
    screen idle: the frame percentiles a class sees while the search runs in its thread. The
    searches run their whole ``iterations`` (the default time cap is lifted)."""
    import ai.mcts

    ai.mcts.DEFAULT_MAX_SECONDS = math.inf
    app.settings.ai_delay = 0.0
    spec = f"mcts:iterations={iterations}"
    for game, options in (("othello", {}), ("morpion", {"size": 4})):
        open_game(app, game, ("human", "human"), **options)
        idle = time_frames(app, min(seconds, 2.0))
        scene = open_game(app, game, (spec, spec), **options)
        time_frames(app, 0.3)
        FRAME_CPU.clear()
        measured = time_frames(app, seconds)
        report(f"{game} idle", idle)
        report(f"{game}: {spec} plays itself", measured)
        cpu_line("while it thinks", FRAME_CPU)
        print(f"  interval p99 {percentile(measured[1], 99) * 1000:.1f} ms, max "
              f"{max(measured[1]) * 1000:.1f} ms (target p99 <= 50 ms); "
              f"{len(scene.match.moves)} moves made")


def idle_cpu(app: App, seconds: float) -> tuple[float, int, int]:
    """Run the app's real main loop for ``seconds`` with no input; return the process CPU
    time per wall second (1.0 = one core), the frames run and the frames drawn."""
    drawn = 0
    draw = app.draw

    def counting(surface: pygame.Surface) -> None:
        nonlocal drawn
        drawn += 1
        draw(surface)

    app.draw = counting  # type: ignore[method-assign]
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    end = wall + seconds
    while time.perf_counter() < end:
        app.step()
        steps += 1
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    del app.draw
    return share, steps, drawn


def measure_idle(app: App, seconds: float) -> None:
    """CPU while nobody touches the app: the menu, a paused AI-vs-AI Othello match, and an
    AI's move explained on the board until the person clicks."""
    from game.ui.scenes.menu import MenuScene

    def line(name: str) -> None:
        settle = time.perf_counter() + 1.5  # the window's first events (focus...) count as input
        while time.perf_counter() < settle:
            app.step()
        app.last_input = 0.0  # as if the last input was long ago
        share, steps, drawn = idle_cpu(app, seconds)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"{name:34s} CPU {share * 100:5.1f}% of a core  loop turns {steps / seconds:6.1f}/s"
              f"  frames drawn {drawn / seconds:5.1f}/s  (load average {load:.2f})")

    app.replace(MenuScene(app))
    line("idle on the menu")
    app.settings.ai_delay = 0.0
    scene = open_game(app, "othello", ("greedy", "greedy"))
    while len(scene.match.moves) < 6:
        app.step()
    scene.turns.toggle_pause()
    while scene.turns.pending is not None or scene.animating():
        app.step()
    line("AI-vs-AI Othello match, paused")
    app.settings.show_reasoning = True
    app.settings.explain_wait = True
    scene = open_game(app, "othello", ("human", "greedy"))
    scene.turns.play(scene.state.legal_moves()[0])
    while not scene.turns.explaining:
        app.step()
    line("AI's move waiting for the click")


def frame_cpu(app: App, frames: int) -> float:
    """The median CPU time (process_time, ms) of one frame drawn, in five runs of a fifth of
    ``frames`` each (the median of runs, so one run slowed by another process counts less)."""
    runs = []
    for _run in range(5):
        start = time.process_time()
        for _ in range(max(1, frames // 5)):
            app.frame([], 1 / 60)
        runs.append((time.process_time() - start) * 1000 / max(1, frames // 5))
    return statistics.median(runs)


def explained(app: App, game: str, ai: str, **options: object) -> PlayScene:
    """The play screen for ``game`` with a person against ``ai``, the AI's first answer
    explained on the board and waiting for the person's click."""
    app.settings.show_reasoning = True
    app.settings.explain_wait = True
    app.settings.ai_delay = 0.0
    scene = open_game(app, game, ("human", ai), **options)
    app.frame([], 1 / 60)
    scene.turns.play(scene.state.legal_moves()[0])
    end = time.perf_counter() + 120
    while not scene.turns.explaining and time.perf_counter() < end:
        app.frame([], 1 / 60)
        time.sleep(0.005)
    assert scene.turns.explaining, f"{ai} did not answer on {game}"
    return scene


def measure_frames(app: App, frames: int) -> None:
    """CPU per frame drawn on the screens a class leaves still: the menu, an AI's move
    explained (three games) and the lab at rest."""
    from game.ui.scenes.learning_lab import LearningLabScene
    from game.ui.scenes.menu import MenuScene

    def line(name: str) -> None:
        for _ in range(10):  # warm the caches (fonts, fitted sizes)
            app.frame([], 1 / 60)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"{name:36s} {frame_cpu(app, frames):6.2f} ms CPU a frame  (load {load:.2f})")

    app.replace(MenuScene(app))
    line("menu, idle")
    explained(app, "othello", "engine")
    line("Othello vs the engine, explained")
    explained(app, "connect4", "alphabeta")
    line("Connect 4 vs alpha-beta, explained")
    explained(app, "nim", "perfect", variant="marienbad")
    line("Marienbad vs Perfect, explained")
    app.replace(LearningLabScene(app))
    line("learning lab, idle")


MEASUREMENTS = ("engine", "load", "lab", "charts", "mcts", "frames", "idle")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--only", choices=MEASUREMENTS, action="append",
                        help="run only this measurement (repeatable; default: all)")
    parser.add_argument("--megabytes", type=float, default=20.0,
                        help="size of the learner file of the load measurement")
    parser.add_argument("--games", type=int, default=100_000,
                        help="games of the lab measurement's training run")
    parser.add_argument("--iterations", type=int, default=30_000,
                        help="MCTS iterations per move of the mcts measurement")
    parser.add_argument("--earlier", type=int, default=5,
                        help="finished runs already on the lab's charts (the lab keeps 6)")
    parser.add_argument("--frames", type=int, default=300,
                        help="frames timed per screen of the frames measurement")
    parser.add_argument("--language", default="en", help="the app's language (en, fr)")
    parser.add_argument("--text-scale", type=int, default=100, help="text size in %% (100-200)")
    args = parser.parse_args()
    chosen = args.only or list(MEASUREMENTS)
    w, h = (int(v) for v in args.size.lower().split("x"))
    os.environ.setdefault("AIGAMELAB_DATA_DIR", tempfile.mkdtemp(prefix="aigamelab-bench-"))
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"window {w}x{h}, {args.seconds:g} s per measurement, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    for name in chosen:
        settings = Settings(sound=False, language=args.language, text_scale=args.text_scale)
        app = App(settings, size=(w, h))  # a fresh app per measurement
        if name == "engine":
            measure_engine(app, args.seconds)
        elif name == "load":
            measure_load(app, args.megabytes)
        elif name == "lab":
            measure_lab(app, args.games, args.earlier)
        elif name == "charts":
            measure_charts(app, args.games, args.earlier)
        elif name == "mcts":
            measure_mcts(app, args.seconds, args.iterations)
        elif name == "frames":
            measure_frames(app, args.frames)
        elif name == "idle":
            measure_idle(app, args.seconds)
        app.shutdown()
    return 0


def measure_engine(app: App, seconds: float) -> None:
    """The play screen idle, then while the Othello engine searches; then quitting mid-search."""
    scene = open_play(app, ("human", "human"))
    i95 = report("idle (human to move)", time_frames(app, seconds))

    scene = open_play(app, (ENGINE, "human"))
    time_frames(app, 0.5)  # let the search start
    assert scene.turns.worker.busy, "the engine should be searching"
    FRAME_CPU.clear()
    searching = time_frames(app, seconds)
    b95 = report(f"while {ENGINE} searches", searching)
    cpu_line("while it searches", FRAME_CPU)
    print(f"  interval p99 {percentile(searching[1], 99) * 1000:.1f} ms")
    print(f"interval p95 ratio searching / idle: {b95 / max(i95, 1e-9):.2f} "
          f"(30 fps needs an interval p95 under 33.3 ms)")

    # Quitting in the middle of the search: time until shutdown returns.
    scene = open_play(app, (ENGINE, "human"))
    time_frames(app, 0.5)
    start = time.perf_counter()
    app.frame([pygame.event.Event(pygame.QUIT)], 0.0)
    app.shutdown()
    quit_ms = (time.perf_counter() - start) * 1000
    left = [t.name for t in threading.enumerate() if t.name.startswith("ai-worker")
            and t.is_alive()]
    print(f"quit during a search: {quit_ms:.1f} ms, worker threads left: {len(left)}")


if __name__ == "__main__":
    sys.exit(main())
