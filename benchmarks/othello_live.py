"""What a class watching the Othello engine think is shown, against what its move reports
(issue 12). Prints figures, never pass/fail.

Subcommands:

* ``story``: on positions of engine games, each searched with a time budget on the CPU clock,
  the last thing the search published live (depth, best move, score) against the decision's;
  how often the clock cut a depth short, and how often a root move the cut depth did not
  reach shows a higher value than the chosen one (it keeps the depth before's value).
  ``--commit`` runs the engine of that commit instead (before the change: the live line said
  the unfinished depth's score, the move reported the depth before's);
* ``parity``: the best move's score at each finished depth of fixed-depth searches: the mean
  change from depth d-1 to d and from d-2 to d, in discs (Othello's odd/even swing);
* ``same``: the engine of ``--commit`` and today's on the same positions with a clock that
  moves a fixed step per read (so a cut falls at the same node for both): how many moves
  differ. Today's engine answers with a depth cut short where the old one answered with the
  depth before; the move must be the same.

The load average is printed: the machine is shared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Limits, SearchProgress
from ai.othello_engine import OthelloEngine
from benchmarks.othello import game_positions, load, load_engine_v1

#: main before issue 12's live/final agreement (session 14).
BEFORE_COMMIT = "cd248e7"


class StepClock:
    """A clock that moves ``step`` seconds each time it is read: the engine reads it every few
    hundred nodes, so two engines that search alike are cut at the same node."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def engine_class(commit: str) -> Any:
    """Today's OthelloEngine, or the one of ``commit`` (read from git)."""
    return OthelloEngine if not commit else load_engine_v1(commit).OthelloEngine


def run_story(args: argparse.Namespace) -> None:
    """Live against final, on positions of engine games."""
    engine_type = engine_class(args.commit)
    positions = game_positions(args.positions, args.seed, low=args.low, high=args.high)
    differ = cut = above = 0
    print(f"engine {args.commit or 'today'}, {args.time:g} CPU s per move, "
          f"{len(positions)} positions (load {load()})", flush=True)
    for i, s in enumerate(positions):
        engine = engine_type(level=5, seed=1, time_budget=args.time, use_book=False,
                             clock=time.thread_time)
        progress = SearchProgress()
        d = engine.decide(s, Limits(progress=progress))
        live = (progress.depth, progress.best, progress.score)
        final = (d.depth, d.move, d.scores[d.move])
        differ += live != final
        shallower = d.info.get("shallower")
        if d.info.get("stopped") == "time budget":
            cut += 1
            if shallower and max(v for m, v in d.scores.items()
                                 if str(m) in shallower) > d.scores[d.move]:
                above += 1
        if args.verbose or live != final:
            print(f"  {i}: {s.empty_count} empties, stopped: {d.info.get('stopped')}; live "
                  f"depth {live[0]} {live[1]} {live[2]:+.0f}, final depth {final[0]} "
                  f"{final[1]} {final[2]:+.0f}", flush=True)
    print(f"live and final differ: {differ} of {len(positions)}; stopped by the clock: {cut}"
          f", of which a move not reached shows more than the chosen one: {above} "
          f"(load {load()})")


class DepthScores(Limits):
    """Limits that keep the best move's score of every depth the search finished."""

    def __init__(self, depth: int) -> None:
        super().__init__(depth=depth, progress=SearchProgress())
        self.scores: dict[int, float] = {}

    def report_moves(self, done: int, total: int) -> None:
        super().report_moves(done, total)
        progress = self.progress
        if progress is not None and done == total and progress.score is not None:
            self.scores[progress.depth] = progress.score


def run_parity(args: argparse.Namespace) -> None:
    """Mean change of the best move's score from one depth to the next, in discs."""
    positions = game_positions(args.positions, args.seed, low=args.low, high=args.high)
    one: dict[int, list[float]] = {}
    two: dict[int, list[float]] = {}
    print(f"fixed-depth searches to depth {args.depth}, {len(positions)} positions "
          f"(load {load()})", flush=True)
    for s in positions:
        engine = OthelloEngine(level=5, seed=1, time_budget=600.0, use_book=False)
        limits = DepthScores(args.depth)
        engine.decide(s, limits)
        values = {d: v for d, v in limits.scores.items() if abs(v) < 5000}  # none proven
        for depth, value in values.items():
            for gap, table in ((1, one), (2, two)):
                if depth - gap in values:
                    table.setdefault(depth, []).append((value - values[depth - gap]) / 100)
    print("| depth d | d-1 to d: mean (discs) | mean size | d-2 to d: mean | mean size | n |")
    print("|---|---|---|---|---|---|")
    for depth in sorted(one):
        a, b = one[depth], two.get(depth, [0.0])
        print(f"| {depth} | {statistics.mean(a):+.2f} | {statistics.mean(map(abs, a)):.2f} | "
              f"{statistics.mean(b):+.2f} | {statistics.mean(map(abs, b)):.2f} | {len(a)} |")
    print(f"(load {load()})")


def run_same(args: argparse.Namespace) -> None:
    """The old and today's engine on the same positions, cut at the same nodes."""
    old_type = engine_class(args.commit)
    positions = game_positions(args.positions, args.seed, low=args.low, high=args.high)
    differ = cut_short = 0
    print(f"engine {args.commit} against today's, step clock {args.step:g} s per read, "
          f"{args.time:g} s per move, {len(positions)} positions (load {load()})", flush=True)
    for i, s in enumerate(positions):
        moves = []
        for engine_type in (old_type, OthelloEngine):
            engine = engine_type(level=5, seed=1, time_budget=args.time, use_book=False,
                                 clock=StepClock(args.step))
            d = engine.decide(s, Limits())
            moves.append(d.move)
            cut_short += "depth_moves" in d.info
        if moves[0] != moves[1]:
            differ += 1
            print(f"  {i}: {s.empty_count} empties: {moves[0]} before, {moves[1]} now",
                  flush=True)
    print(f"moves differ: {differ} of {len(positions)} (today's answered with a depth cut "
          f"short {cut_short} times; load {load()})")


def main() -> None:
    """Parse the command line and run the chosen measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("story", "live line against the decision"),
                       ("parity", "score change by depth parity"),
                       ("same", "old and today's engine, same positions and cuts")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--positions", type=int, default=40)
        cmd.add_argument("--seed", type=int, default=11)
        cmd.add_argument("--low", type=int, default=14, help="fewest empties")
        cmd.add_argument("--high", type=int, default=48, help="most empties")
        if name in ("story", "same"):
            cmd.add_argument("--time", type=float, default=2.0, help="seconds per move")
            cmd.add_argument("--commit", default="" if name == "story" else BEFORE_COMMIT,
                             help="the engine of this commit" +
                                  (" (default: today's)" if name == "story" else ""))
        if name == "story":
            cmd.add_argument("--verbose", action="store_true")
        if name == "same":
            cmd.add_argument("--step", type=float, default=0.002,
                             help="seconds the clock moves per read")
        if name == "parity":
            cmd.add_argument("--depth", type=int, default=9)
    args = parser.parse_args()
    {"story": run_story, "parity": run_parity, "same": run_same}[args.command](args)


if __name__ == "__main__":
    main()
