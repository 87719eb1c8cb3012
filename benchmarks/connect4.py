"""Puissance 4: rules speed, search cost at the default depth, and match strengths.

Prints figures (medians, scores with 95% Wilson intervals), never passes or fails. Run:
``.venv/bin/python benchmarks/connect4.py [--games N] [--repeats R]``. The load average is
printed first: on a shared machine every time below moves with it.

1. Rules: perft(7) from the start (823,536 move sequences) and the open-lines evaluation.
2. Search: minimax and alpha-beta at depth 4 on positions a few random moves in.
3. Matches on 7x6, seats swapped every game: each player's score (win 1, draw 1/2).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import run_match
from ai.registry import make_player
from ai.training import wilson_interval
from game.rules.connect4 import Connect4Options, Connect4State, open_lines


def perft(state: Connect4State, depth: int) -> int:
    """Move sequences of ``depth`` moves from ``state``."""
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


def positions(count: int, seed: int) -> list[Connect4State]:
    """Unfinished 7x6 positions 4 to 12 random moves in."""
    rng = random.Random(seed)
    found: list[Connect4State] = []
    while len(found) < count:
        state = Connect4Options().initial_state()
        for _ in range(rng.randint(4, 12)):
            if state.outcome is None:
                state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None:
            found.append(state)
    return found


def median_time(work: Any, repeats: int) -> float:
    """Median wall time of ``work()`` over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def match(p1: str, p2: str, games: int) -> str:
    """One line: p1's score against p2 with its 95% interval."""
    first = make_player(p1, "connect4", seed=1)
    second = make_player(p2, "connect4", seed=2)
    result = run_match(first, second, Connect4Options().initial_state(), games, swap=True,
                       learn=False)
    wins, draws = result.results.count("p1"), result.results.count("draw")
    score = wins + draws / 2
    low, high = wilson_interval(score, games)
    return (f"  {p1:<22} vs {p2:<18} {score / games:6.1%} [{low:.0%}, {high:.0%}] "
            f"({wins} won, {draws} drawn of {games})")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match")
    parser.add_argument("--repeats", type=int, default=3, help="runs per timing (median)")
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"(shared machine: times are noisy)")

    start = Connect4Options().initial_state()
    seconds = median_time(lambda: perft(start, 7), args.repeats)
    print(f"perft(7) = {perft(start, 7):,}: median {seconds:.2f} s "
          f"({perft(start, 7) / seconds:,.0f} leaves/s)")
    sample = positions(200, 1)
    seconds = median_time(lambda: [open_lines(s, 0) for s in sample], args.repeats)
    print(f"open_lines: {seconds / len(sample) * 1e6:.1f} µs per position (7x6, four)")

    print("\nDepth 4 on 6 positions (nodes, median ms)")
    states = positions(6, 2)
    for spec in ("minimax:depth=4", "alphabeta:depth=4,exact=0", "alphabeta:depth=4"):
        player = make_player(spec, "connect4", seed=0)
        nodes, times = [], []
        for state in states:
            begin = time.perf_counter()
            decision = player.choose(state)
            times.append(time.perf_counter() - begin)
            nodes.append(decision.nodes)
        print(f"  {spec:<28} nodes {statistics.median(nodes):>8,.0f}  "
              f"{statistics.median(times) * 1000:8.1f} ms")

    print(f"\nMatches on 7x6, {args.games} games each, seats swapped")
    for p1, p2 in (("greedy", "random"), ("minimax:depth=2", "random"),
                   ("alphabeta:depth=4", "greedy"), ("alphabeta:depth=4", "minimax:depth=2"),
                   ("mcts:iterations=1000", "greedy")):
        print(match(p1, p2, args.games))


if __name__ == "__main__":
    main()
