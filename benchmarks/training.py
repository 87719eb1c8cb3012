"""Training speed of the learning lab's "instant" mode: games per second.

Run: ``.venv/bin/python benchmarks/training.py [--games N] [--repeats R] [--profile]``.
Each case trains a fresh learner for N games in an :class:`ai.training.TrainingRunner` thread
(exactly what the lab's Train button does at "instant" speed) and prints the median games per
second of R runs, and its ratio to the target of 5,000 games/s (issue 5). ``--profile`` prints
where the time goes for the Nim case (cProfile, top functions by own time). Never pass/fail.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import GameRecord, Limits
from ai.learners import make_learner
from ai.registry import make_player
from ai.training import TrainingRunner
from game.rules.registry import get_game

TARGET = 5000.0
#: (label, game, options, learner kind, opponent spec or None for itself, learner's seat)
CASES: list[tuple[str, str, dict[str, Any], str, str | None, str]] = [
    ("Nim 20/1-3, elimination vs random", "nim", {}, "elimination", "random", "first"),
    ("Nim 20/1-3, elimination vs itself", "nim", {}, "elimination", None, "first"),
    ("Nim 20/1-3, reinforcement vs random", "nim", {}, "reinforcement", "random", "first"),
    ("Nim 20/1-3, qlearning vs random", "nim", {}, "qlearning", "random", "first"),
    ("Hexapawn 3x3, elimination vs random", "hexapawn", {}, "elimination", "random",
     "second"),
    ("Hexapawn 3x3, elimination vs itself", "hexapawn", {}, "elimination", None, "first"),
]


def run_case(game: str, opts: dict[str, Any], kind: str, opponent: str | None, seat: str,
             games: int, seed: int) -> float:
    """Seconds to train a fresh learner for ``games`` games."""
    info = get_game(game)
    options = info.options(**opts)
    learner = make_learner(kind, game, options, seed=seed)
    other = None if opponent is None else make_player(opponent, game, options, seed + 1)
    runner = TrainingRunner(learner, other, lambda: info.initial_state(options), games,
                            seat=seat, speed="instant")  # type: ignore[arg-type]
    start = time.perf_counter()
    runner.start()
    runner.join()
    elapsed = time.perf_counter() - start
    assert runner.done == games and learner.games_trained == games
    return elapsed


def bare_loop(games: int, seed: int) -> float:
    """Seconds for the same Nim training as the first case, in a plain loop on this thread
    (no runner, no lock, no bookkeeping): the floor the runner's own overhead is measured
    against."""
    info = get_game("nim")
    options = info.options()
    learner = make_learner("elimination", "nim", options, seed=seed)
    other = make_player("random", "nim", options, seed + 1)
    limits = Limits()
    start = time.perf_counter()
    for _ in range(games):
        state = info.initial_state(options)
        states, moves = [state], []
        seats = (learner, other)
        while state.outcome is None:
            move = seats[state.to_move].decide(state, limits).move
            state = state.play(move)
            moves.append(move)
            states.append(state)
        learner.learn(GameRecord(states, moves, state.outcome), (0,))
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per run (5000)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per case (5)")
    parser.add_argument("--profile", action="store_true", help="profile the Nim case")
    args = parser.parse_args(argv)
    print(f"training speed, 'instant' mode, {args.games} games per run, median of "
          f"{args.repeats} runs (target {TARGET:,.0f} games/s)")
    for label, game, opts, kind, opponent, seat in CASES:
        times = [run_case(game, opts, kind, opponent, seat, args.games, seed)
                 for seed in range(args.repeats)]
        median = statistics.median(times)
        rate = args.games / median
        print(f"  {label:<40} {rate:>8,.0f} games/s   x{rate / TARGET:.2f} of target   "
              f"({median * 1e6 / args.games:.0f} us/game)")
    # Interleaved, so that both see the same load on a shared machine.
    runner_times: list[float] = []
    bare_times: list[float] = []
    for seed in range(args.repeats):
        runner_times.append(run_case("nim", {}, "elimination", "random", "first", args.games,
                                     seed))
        bare_times.append(bare_loop(args.games, seed))
    ratio = statistics.median(bare_times) / statistics.median(runner_times)
    print(f"  runner vs a bare loop (Nim elimination vs random): x{ratio:.2f} of the bare "
          f"loop's speed ({args.games / statistics.median(bare_times):,.0f} games/s bare)")
    if args.profile:
        print("\nprofile, Nim 20/1-3 elimination vs random, the runner's loop run on this "
              "thread (own time, top 18):")
        info = get_game("nim")
        options = info.options()
        runner = TrainingRunner(make_learner("elimination", "nim", options, seed=0),
                                make_player("random", "nim", options, 1),
                                lambda: info.initial_state(options), args.games)
        profiler = cProfile.Profile()
        profiler.enable()
        runner._run()  # the thread's body, so that cProfile sees it
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(18)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
