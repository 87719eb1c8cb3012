"""The Othello engine's endgame stages (issue 15): which stage finishes under a budget, and
which move a proven loss gets when the exact stage does not finish.

Usage (from the repository root)::

    python benchmarks/othello_stages.py stages --budget 2 --count 8 --empties 14 15 16 17 18 20
    python benchmarks/othello_stages.py fallback --first-seed 40 --last-seed 400 --empties 12

* ``stages``: level 5 decides each of ``count`` fixed endgame positions (the ones of
  ``othello.py endgame``) with ``budget`` seconds of wall clock; prints how many decisions each
  stage gave (heuristic search, win/loss/draw, exact). Depends on the machine's load.
* ``fallback``: for random positions (the tests' generator, one per seed) lost for the mover,
  the move the engine plays when its exact stage is cut off at once: the win/loss/draw search's
  best (before session 5: the highest upper bound) or the heuristic search's best (since), and
  the discs each drops against perfect play. Exact solves only: does not depend on the load.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Limits
from ai.othello_engine import WLD, OthelloEngine
from ai.othello_eval import GEOMETRIES
from ai.othello_search import INF, Searcher
from benchmarks.othello import endgame_positions, load
from game.rules.othello import OthelloOptions, OthelloState, flip_mask


def run_stages(args: argparse.Namespace) -> None:
    """Which stage each level-5 decision came from, per number of empties."""
    print(f"Endgame stages at level 5, {args.budget:g} s per move (wall clock), "
          f"{args.count} positions per row; load {load()}")
    for empties in args.empties:
        stages: Counter[str] = Counter()
        for s in endgame_positions(empties, args.count):
            decision = OthelloEngine(level=5).choose(s, Limits(time=args.budget))
            stages[str(decision.info["solved"])] += 1
        print(f"{empties:>3} empties: {dict(sorted(stages.items()))}", flush=True)


def random_position(rng: random.Random, empties: int) -> OthelloState:
    """A position of a random game with ``empties`` empty squares, game not over (the same
    generator as tests/test_othello_engine.py)."""
    while True:
        s = OthelloOptions(8).initial_state()
        while s.legal_moves() and s.empty_count > empties:
            s = s.play(rng.choice(s.legal_moves()))
        if s.empty_count == empties and s.outcome is None:
            return s


def child_margin(s: OthelloState, sq: int) -> int:
    """The exact final margin, for the mover, of playing ``sq``."""
    f = flip_mask(s.own, s.opp, sq)
    return -Searcher(GEOMETRIES[8]).solve(s.opp & ~f, s.own | f | (1 << sq), -INF, INF)


def run_fallback(args: argparse.Namespace) -> None:
    """Discs dropped in lost positions by either choice of move when the exact stage is cut
    off at once (the engine's own stages, without a clock)."""
    g = GEOMETRIES[8]
    t0 = time.process_time()
    lost = dropped_wld = dropped_search = search_better = wld_better = 0
    for seed in range(args.first_seed, args.last_seed):
        s = random_position(random.Random(seed), args.empties)
        exact = Searcher(g).solve(s.own, s.opp, -INF, INF)
        if exact >= 0:
            continue
        engine = OthelloEngine(level=5)
        searcher = Searcher(g, evaluator=engine._evaluator())
        order = engine._order(engine._iterate(searcher, s.own, s.opp, 6, args.empties))
        wld = engine._solve_root(searcher, s.own, s.opp, order, -1, 1, WLD)
        by_wld, by_search = child_margin(s, wld.best), child_margin(s, order[0])
        lost += 1
        dropped_wld += exact - by_wld
        dropped_search += exact - by_search
        search_better += by_search > by_wld
        wld_better += by_wld > by_search
    print(f"{lost} lost {args.empties}-empty positions (seeds {args.first_seed} to "
          f"{args.last_seed - 1}), exact stage cut off: discs dropped in all by the win/loss/"
          f"draw search's best move {dropped_wld}, by the heuristic search's {dropped_search}; "
          f"the heuristic's better {search_better} times, worse {wld_better} "
          f"({time.process_time() - t0:.0f} s CPU)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    stages = sub.add_parser("stages", help="which stage finishes under a budget")
    stages.add_argument("--budget", type=float, default=2.0)
    stages.add_argument("--count", type=int, default=8)
    stages.add_argument("--empties", type=int, nargs="+", default=[14, 15, 16, 17, 18, 20])
    fallback = sub.add_parser("fallback", help="the move of a proven loss left unsolved")
    fallback.add_argument("--first-seed", type=int, default=40)
    fallback.add_argument("--last-seed", type=int, default=400)
    fallback.add_argument("--empties", type=int, default=12)
    args = parser.parse_args()
    {"stages": run_stages, "fallback": run_fallback}[args.command](args)


if __name__ == "__main__":
    main()
