"""Heuristics are a choice (issue 13): the same search with each of a game's evaluations, in a
round robin. Prints figures, never pass/fail; read them beside the load average printed with
them (the machine is shared).

Every pairing plays ``--games`` games of ``SEARCH:depth=D,eval=A`` against the same search with
``eval=B``, in pairs from the same opening (the start plus ``--opening`` random moves, so that
two deterministic searches meet many positions) with seats swapped. Score = wins + draws / 2,
with a 95% Wilson interval.

    python benchmarks/evaluations.py othello --depth 2 --games 40
    python benchmarks/evaluations.py othello --evals weights,ntuple --depth 2 --games 100
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import play_game
from ai.heuristics import evaluation_choices
from ai.registry import make_player
from ai.training import wilson_interval
from game.rules.base import GameState
from game.rules.registry import GameSetup, get_game, parse_options


def load_text() -> str:
    """The load average, to print beside every figure."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} (2 cores, shared)"


def opening(setup: GameSetup, plies: int, rng: random.Random) -> GameState[object]:
    """The start followed by ``plies`` random legal moves (fewer if the game ends)."""
    state = setup.initial_state()
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def pairing(setup: GameSetup, spec_a: str, spec_b: str, games: int, plies: int,
            seed: int) -> tuple[int, int, int]:
    """(wins, draws, losses) of ``spec_a`` against ``spec_b``."""
    a = make_player(spec_a, setup, seed=seed)
    b = make_player(spec_b, setup, seed=seed + 1)
    rng = random.Random(seed)
    wins = draws = losses = 0
    start = setup.initial_state()
    for index in range(games):
        if index % 2 == 0:
            start = opening(setup, plies, rng)
        a_first = index % 2 == 0
        outcome = play_game(*((a, b) if a_first else (b, a)), start).outcome
        assert outcome is not None
        if outcome.winner is None:
            draws += 1
        elif (outcome.winner == 0) == a_first:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--opt", action="append", default=[], help="game option key=value")
    parser.add_argument("--search", default="alphabeta")
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--evals", default="", help="comma-separated (default: the game's)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--opening", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    info = get_game(args.game)
    options = parse_options(info, dict(o.split("=", 1) for o in args.opt))
    setup = GameSetup.of(info, options)
    names = (args.evals.split(",") if args.evals
             else [e.name for e in info.evaluations])
    unknown = [n for n in names if n not in evaluation_choices(setup, n)]
    if unknown:
        parser.error(f"unknown evaluations {unknown}: choose from "
                     f"{', '.join(evaluation_choices(setup))}")
    totals = {n: [0.0, 0] for n in names}
    print(f"{setup.describe()}: {args.search}:depth={args.depth} with each evaluation, "
          f"{args.games} games per pairing")
    for first, second in itertools.combinations(names, 2):
        start = time.perf_counter()
        w, d, l_ = pairing(setup, f"{args.search}:depth={args.depth},eval={first}",
                           f"{args.search}:depth={args.depth},eval={second}", args.games,
                           args.opening, args.seed)
        points = w + 0.5 * d
        low, high = wilson_interval(points, args.games)
        totals[first][0] += points
        totals[first][1] += args.games
        totals[second][0] += args.games - points
        totals[second][1] += args.games
        print(f"{first:>14} vs {second:<14} {w:>3}-{d}-{l_:<3} score "
              f"{100 * points / args.games:5.1f}% [{100 * low:.0f}-{100 * high:.0f}] "
              f"({time.perf_counter() - start:.0f} s) - {load_text()}", flush=True)
    print("overall:")
    for name, (points, played) in sorted(totals.items(), key=lambda kv: -kv[1][0]):
        low, high = wilson_interval(points, played)
        print(f"  {name:>14} {100 * points / max(1, played):5.1f}% "
              f"[{100 * low:.0f}-{100 * high:.0f}] of {played} games")


if __name__ == "__main__":
    main()
