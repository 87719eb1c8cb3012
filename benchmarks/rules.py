"""Speed of the rules engines: moves generated per second for every game, and Othello perft(7).

Run: ``.venv/bin/python benchmarks/rules.py [--games N] [--repeats R]``. Prints figures (medians
of R runs), never pass/fail. "Moves generated per second" is measured on random playouts from
the start of each game and variant: every step asks a fresh (uncached) state for its legal moves
and plays one, so the figure counts the moves listed divided by the time spent listing *and*
playing; it is what a random or Monte Carlo player sees.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.othello import OthelloOptions, OthelloState, legal_mask
from game.rules.registry import game_names, get_game

# Variants worth measuring on their own, as option keywords for each game's options type.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "hexapawn": [{}, {"rows": 6, "cols": 6}],
    "nim": [{"variant": "single"}, {"variant": "marienbad"}, {"variant": "fibonacci"}],
    "morpion": [{}, {"size": 5}],
    "othello": [{"size": 4}, {"size": 6}, {"size": 8}],
}


def playouts(start: Any, games: int, seed: int) -> tuple[int, int, float]:
    """Play ``games`` random games; return (moves listed, positions, seconds)."""
    rng = random.Random(seed)
    listed = positions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state = start
        while True:
            moves = state.legal_moves()
            positions += 1
            if not moves:
                break
            listed += len(moves)
            state = state.play(moves[rng.randrange(len(moves))])
    return listed, positions, time.perf_counter() - t0


def perft(state: OthelloState, depth: int) -> int:
    """Leaf count of the Othello move tree (passes count as moves)."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


def raw_othello_generation(repeats: int) -> float:
    """Calls per second of the raw bitboard move generator on positions of random games."""
    rng = random.Random(1)
    boards: list[tuple[int, int]] = []
    while len(boards) < 2000:
        s = OthelloOptions().initial_state()
        while s.legal_moves():
            boards.append((s.own, s.opp))
            moves = s.legal_moves()
            s = s.play(moves[rng.randrange(len(moves))])
    runs = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for own, opp in boards:
            legal_mask(own, opp)
        runs.append(len(boards) / (time.perf_counter() - t0))
    return statistics.median(runs)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games per variant and run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median)")
    args = parser.parse_args()

    print(f"Moves generated per second in random playouts (median of {args.repeats} runs of "
          f"{args.games} games)")
    print(f"{'game':<10} {'options':<24} {'moves/s':>12} {'positions/s':>12}")
    for name in game_names():
        try:
            info = get_game(name)
        except ImportError as error:  # a game still being written: say so, keep going
            print(f"{name:<10} not available yet ({error})")
            continue
        for values in VARIANTS.get(name, [{}]):
            try:
                options = info.options(**values)
            except ValueError as error:
                print(f"{name:<10} {values!s:<24} options refused: {error}")
                continue
            start = info.initial_state(options)
            rates, pos_rates = [], []
            for run in range(args.repeats):
                listed, positions, seconds = playouts(start, args.games, seed=run)
                rates.append(listed / seconds)
                pos_rates.append(positions / seconds)
            label = info.describe_options(options)[:24]
            print(f"{name:<10} {label:<24} {statistics.median(rates):>12,.0f} "
                  f"{statistics.median(pos_rates):>12,.0f}")

    print()
    print(f"Othello raw legal_mask calls per second (8x8, random-game positions): "
          f"{raw_othello_generation(args.repeats):,.0f}")
    start8 = OthelloOptions().initial_state()
    times = []
    leaves = 0
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        leaves = perft(start8, 7)
        times.append(time.perf_counter() - t0)
    print(f"Othello perft(7) = {leaves:,} leaves: median {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f}; target < 3 s)")


if __name__ == "__main__":
    main()
