"""Frame times of the play screen while the strongest Othello AI searches (prints figures).

Opens the app headless (SDL dummy driver) at 1280x800, starts Othello with the engine to move,
and times whole frames (events, update, draw, flip) for a few seconds while it thinks; then the
same with no search, for the ratio. Also times quitting in the middle of a search. Not a test:
it prints medians and 95th percentiles, it does not pass or fail.

    python benchmarks/ui_frames.py [--seconds 5] [--size 1280x800]
"""

from __future__ import annotations

import argparse
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

    options = get_game("othello").options()
    match = Match("othello", options, (make_seat(seats[0], "othello", options),
                                       make_seat(seats[1], "othello", options)))
    scene = PlayScene(app, match)
    app.replace(scene)
    return scene


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
        app.frame(pygame.event.get(), min(dt, 0.25))
        pygame.display.flip()
        now = time.perf_counter()
        costs.append(now - start)
        intervals.append(start - last)
        last = start
    return costs, intervals[1:]


def report(name: str, measured: tuple[list[float], list[float]]) -> float:
    """Print p50/p95 of frame costs and intervals in ms; return the interval p95."""
    costs, intervals = measured
    c50, c95 = statistics.median(costs) * 1000, percentile(costs, 95) * 1000
    i50, i95 = statistics.median(intervals) * 1000, percentile(intervals, 95) * 1000
    fps = len(intervals) / max(sum(intervals), 1e-9)
    print(f"{name:30s} frames {len(costs):4d} ({fps:5.1f} fps)  cost p50 {c50:5.1f} ms "
          f"p95 {c95:5.1f} ms  interval p50 {i50:5.1f} ms p95 {i95:5.1f} ms")
    return i95


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    os.environ.setdefault("AIGAMELAB_DATA_DIR", tempfile.mkdtemp(prefix="aigamelab-bench-"))
    app = App(Settings(sound=False), size=(w, h))
    print(f"window {w}x{h}, {args.seconds:g} s per measurement, {os.cpu_count()} cores")

    scene = open_play(app, ("human", "human"))
    i95 = report("idle (human to move)", time_frames(app, args.seconds))

    scene = open_play(app, (ENGINE, "human"))
    time_frames(app, 0.5)  # let the search start
    assert scene.worker.busy, "the engine should be searching"
    b95 = report(f"while {ENGINE} searches", time_frames(app, args.seconds))
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
