"""Node counts and times of minimax and alpha-beta at the default depths, and engine figures.

Prints figures, never passes or fails. Run: ``.venv/bin/python benchmarks/search.py``
(``--quick`` for fewer positions). Positions are fixed by a seed: random moves from the start.

1. minimax vs alphabeta at each game's default depth on a few positions: nodes of each,
   the ratio, and median times. ``alphabeta`` nodes are what its choice cost; the extra
   nodes spent making every root value exact for display are shown apart (``+exact``), and
   ``ab0 ms`` is the time of ``alphabeta:exact=0``, which skips that re-search.
2. Searches to the end with and without memoisation (Nim, Hexapawn).
3. The engine: depth reached and nodes per second for a few budgets.
4. Cancel latency: time from setting the cancel flag to the search stopping.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Limits, Player, SearchCancelled
from ai.search import EnginePlayer, SearchPlayer
from game.rules.hexapawn import HexapawnOptions
from game.rules.morpion import MorpionOptions
from game.rules.nim import NimOptions
from game.rules.othello import OthelloOptions


def positions(options: Any, count: int, plies: tuple[int, int], seed: int) -> list[Any]:
    """``count`` unfinished positions reached by random moves (a number in ``plies``)."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = options.initial_state()
        for _ in range(rng.randint(*plies)):
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None:
            found.append(state)
    return found


def timed(player: Player, state: Any) -> tuple[Any, float]:
    """The decision and its wall time."""
    start = time.perf_counter()
    decision = player.choose(state)
    return decision, time.perf_counter() - start


def compare(title: str, states: list[Any], depth: int, memo: bool = False) -> None:
    """One table block: minimax vs alphabeta on ``states``."""
    minimax = SearchPlayer("minimax", 0, depth=depth, pruning=False, memo=memo)
    alphabeta = SearchPlayer("alphabeta", 0, depth=depth, pruning=True, memo=memo)
    bare = SearchPlayer("alphabeta", 0, depth=depth, pruning=True, memo=memo, exact=False)
    print(f"\n{title}")
    print(f"  {'position':>8} {'minimax':>10} {'alphabeta':>10} {'ratio':>6} {'+exact':>8} "
          f"{'mm ms':>8} {'ab ms':>8} {'ab0 ms':>8}  same value")
    ratios, mm_times, ab_times, bare_times = [], [], [], []
    for i, state in enumerate(states):
        mm, t_mm = timed(minimax, state)
        ab, t_ab = timed(alphabeta, state)
        ab0, t_ab0 = timed(bare, state)
        same = ab.scores == mm.scores and ab0.scores[ab0.move] == max(mm.scores.values())
        ratio = ab.nodes / mm.nodes
        ratios.append(ratio)
        mm_times.append(t_mm)
        ab_times.append(t_ab)
        bare_times.append(t_ab0)
        extra = ab.info.get("nodes_for_exact_scores", 0)
        print(f"  {i:>8} {mm.nodes:>10} {ab.nodes:>10} {ratio:>6.2f} {extra:>8} "
              f"{t_mm * 1000:>8.1f} {t_ab * 1000:>8.1f} {t_ab0 * 1000:>8.1f}  {same}")
    print(f"  median ratio alphabeta/minimax nodes: {statistics.median(ratios):.3f}; "
          f"median times {statistics.median(mm_times) * 1000:.1f} ms vs "
          f"{statistics.median(ab_times) * 1000:.1f} ms (exact root values) / "
          f"{statistics.median(bare_times) * 1000:.1f} ms (exact=0: root bounds)")


def engine_figures(title: str, states: list[Any], budgets: tuple[float, ...]) -> None:
    """Depth reached and nodes per second of the engine."""
    print(f"\n{title}")
    for budget in budgets:
        engine = EnginePlayer("engine", 0, time_budget=budget)
        depths, rates, times = [], [], []
        for state in states:
            decision, elapsed = timed(engine, state)
            depths.append(decision.depth or 0)
            rates.append(decision.nodes / max(elapsed, 1e-9))
            times.append(elapsed)
        print(f"  budget {budget:>5.2f} s: median depth {statistics.median(depths):>4}, "
              f"median {statistics.median(rates):>9.0f} nodes/s, "
              f"max time {max(times):.3f} s")


def cancel_latency(player: Player, state: Any, repeats: int) -> list[float]:
    """Seconds from cancel to the search stopping, ``repeats`` times."""
    latencies = []
    for _ in range(repeats):
        limits = Limits()
        done = threading.Event()
        stopped_at: list[float] = []

        def work(lim: Limits = limits, ev: threading.Event = done,
                 out: list[float] = stopped_at) -> None:
            with contextlib.suppress(SearchCancelled):
                player.choose(state, lim)
            out.append(time.perf_counter())
            ev.set()

        thread = threading.Thread(target=work)
        thread.start()
        time.sleep(0.1)
        cancelled_at = time.perf_counter()
        limits.cancel.set()
        done.wait(5.0)
        thread.join()
        latencies.append(stopped_at[0] - cancelled_at)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    args = parser.parse_args()
    n = 3 if args.quick else 6

    print("minimax vs alphabeta at the default depths (nodes = positions visited)")
    compare("Othello 8x8, depth 4 (seed 004)",
            positions(OthelloOptions(), n, (6, 30), 1), 4)
    compare("Othello 6x6, depth 4", positions(OthelloOptions(size=6), n, (4, 16), 2), 4)
    compare("Morpion 3x3, depth 2 (seed 003)",
            positions(MorpionOptions(size=3), n, (0, 12), 3), 2)
    compare("Morpion 4x4, depth 2", positions(MorpionOptions(size=4), n, (0, 30), 4), 2)
    compare("Morpion 5x5, depth 2 (moving phase)",
            positions(MorpionOptions(size=5), n, (10, 40), 5), 2)
    compare("Hexapawn 3x3, to the end (no memo)",
            positions(HexapawnOptions(), n, (0, 2), 6), 0)
    compare("Hexapawn 5x5, depth 4", positions(HexapawnOptions(rows=5, cols=5), n, (0, 6), 7), 4)
    compare("Nim 20 (take 1-3), to the end (no memo)",
            [NimOptions().position((k,)) for k in (20, 17, 14)], 0)

    print("\nSearches to the end, memo=0 vs memo=1 (minimax / alphabeta nodes)")
    for title, state in (
        ("Nim 20, 1-3", NimOptions().initial_state()),
        ("Fibonacci 20", NimOptions(variant="fibonacci").initial_state()),
        ("Hexapawn 3x3", HexapawnOptions().initial_state()),
        ("Hexapawn 3x4", HexapawnOptions(rows=3, cols=4).initial_state()),
    ):
        row = []
        for memo in (False, True):
            for pruning in (False, True):
                d, t = timed(SearchPlayer("s", 0, pruning=pruning, memo=memo), state)
                row.append(f"{d.nodes:>8} ({t * 1000:6.1f} ms)")
        print(f"  {title:<14} plain: mm {row[0]}  ab {row[1]} | memo: mm {row[2]}  ab {row[3]}")
    for title, state in (
        ("Marienbad 1357", NimOptions(variant="marienbad").initial_state()),
        ("Hexapawn 4x4", HexapawnOptions(rows=4, cols=4).initial_state()),
    ):
        mm, t_mm = timed(SearchPlayer("s", 0, pruning=False, memo=True), state)
        ab, t_ab = timed(SearchPlayer("s", 0, pruning=True, memo=True), state)
        print(f"  {title:<14} memo only (the plain tree is far too big): mm {mm.nodes} "
              f"({t_mm * 1000:.0f} ms), ab {ab.nodes} ({t_ab * 1000:.0f} ms), "
              f"{ab.info['value']}")

    engine_figures("Engine, Morpion 4x4 (moving phase)",
                   positions(MorpionOptions(size=4), n, (8, 30), 8), (0.1, 0.5, 1.0))
    engine_figures("Engine, Hexapawn 5x5", positions(HexapawnOptions(rows=5, cols=5), n,
                                                     (0, 6), 9), (0.1, 0.5))

    print("\nCancel latency (contract: 100 ms)")
    for title, player, state in (
        ("minimax depth 9, Othello 8x8", SearchPlayer("m", 0, depth=9),
         OthelloOptions().initial_state()),
        ("alphabeta depth 14, Othello 8x8", SearchPlayer("a", 0, depth=14, pruning=True),
         OthelloOptions().initial_state()),
        ("engine, Morpion 5x5", EnginePlayer("e", 0, time_budget=30.0),
         MorpionOptions(size=5).initial_state()),
    ):
        lat = cancel_latency(player, state, 5)
        print(f"  {title:<32} median {statistics.median(lat) * 1000:6.2f} ms, "
              f"max {max(lat) * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
