"""The generic engine on Connect 4: answering from a depth the clock cut short (its best move so
far, once the previous best was searched first) against answering from the depth before, as
it did before. Prints figures, never pass/fail.

Both sides are today's ``ai.search.EnginePlayer``; the "before" side only refuses to answer
part-way (``_answers_part_way`` returns False), which is the old code path exactly: a depth
the clock stops is thrown away. Each opening (a few seeded random moves) is played twice,
seats swapped; the clock is each player's own thread CPU time (``time.thread_time``), so a
loaded machine slows both alike. Prints the new side's score (win 1, draw 1/2) with a 95%
interval (normal, from the games' spread) and Wilson's on wins+draws/2, the share of the new
side's moves answered from a cut depth and how many of those changed the move, and the load
average before and after. Run: ``.venv/bin/python benchmarks/connect4_cut_depth.py
[--openings N] [--time S] [--seed K]``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Limits
from ai.search import EnginePlayer
from ai.training import wilson_interval
from game.rules.connect4 import Connect4Options, Connect4State


class EngineBefore(EnginePlayer):
    """The engine as it was: a depth the clock cut short never answers."""

    @staticmethod
    def _answers_part_way(scores: dict[Any, float], bounds: dict[Any, int],
                          depth: int) -> bool:
        return False


def opening(rng: random.Random, plies: int) -> Connect4State:
    """A 7x6 position ``plies`` random moves in, unfinished."""
    while True:
        state = Connect4Options().initial_state()
        for _ in range(plies):
            if state.outcome is None:
                state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None:
            return state


def play(state: Connect4State, seats: tuple[EnginePlayer, EnginePlayer],
         stats: dict[str, int]) -> int | None:
    """Play ``state`` to the end; the winner's seat (0, 1) or None for a draw. ``stats``
    counts the new side's moves, those answered from a cut depth and those that changed."""
    while state.outcome is None:
        player = seats[state.to_move]
        decision = player.decide(state, Limits())
        if not isinstance(player, EngineBefore):
            stats["moves"] += 1
            if "depth_moves" in decision.info:
                stats["cut"] += 1
                before = decision.info.get("previous_depth")
                if before is not None and before[1] != str(decision.move):
                    stats["changed"] += 1
        state = state.play(decision.move)
    return state.outcome.winner


def load() -> str:
    """The load average, 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--openings", type=int, default=40)
    parser.add_argument("--time", type=float, default=0.05, help="CPU seconds per move")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    print(f"load before: {load()}; {args.openings} openings x 2 seats, "
          f"{args.time} CPU s a move", flush=True)
    rng = random.Random(args.seed)
    points: list[float] = []
    stats = {"moves": 0, "cut": 0, "changed": 0}
    start = time.perf_counter()
    for index in range(args.openings):
        state = opening(rng, rng.randint(2, 6))
        for new_seat in (0, 1):
            new = EnginePlayer("engine", seed=index, time_budget=args.time,
                               clock=time.thread_time)
            old = EngineBefore("engine", seed=index, time_budget=args.time,
                               clock=time.thread_time)
            seats = (new, old) if new_seat == 0 else (old, new)
            winner = play(state, seats, stats)
            points.append(0.5 if winner is None else 1.0 if winner == new_seat else 0.0)
        n = len(points)
        mean = statistics.fmean(points)
        half = 1.96 * statistics.stdev(points) / math.sqrt(n) if n > 1 else 1.0
        print(f"{n} games: new {mean * 100:.1f}% +-{half * 100:.1f} "
              f"(W {points.count(1.0)} D {points.count(0.5)} L {points.count(0.0)})",
              flush=True)
    n = len(points)
    wins, draws = points.count(1.0), points.count(0.5)
    low, high = wilson_interval(wins + draws / 2, n)
    print(f"new side: {100 * statistics.fmean(points):.1f}% over {n} games, Wilson 95% "
          f"{100 * low:.1f}-{100 * high:.1f}%; its moves {stats['moves']}, answered from a cut "
          f"depth {stats['cut']}, of which a move other than the depth before's "
          f"{stats['changed']}; {time.perf_counter() - start:.0f} s wall; load after: {load()}")


if __name__ == "__main__":
    main()
