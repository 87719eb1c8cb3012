"""The n-tuple learner for Othello (issue 14): self-play speed, training, and strength curves.
Prints figures, never pass/fail. Always read the figures beside the load average printed with
them: the machine is shared.

Subcommands (fixed seeds, so a run repeats):

* ``speed``: self-play training games per second from zero (median of ``--runs`` runs of
  ``--games`` games each), on one core.
* ``train``: self-play from zero with a fixed seed; saves the network at each checkpoint
  (``--checkpoints``) as ``DIR/othello-SIZE-GAMES.npz`` with the wall time, in
  ``DIR/train-log.json``, and the final network at ``--out``. The shipped network is made by:

      python benchmarks/ntuple.py train --size 8 --games 100000 --seed 1 \\
          --out assets/ntuple/othello-8.npz --dir /tmp/ntuple-run

* ``evaluate``: each saved network, frozen and playing 1-ply, against fixed opponents (random,
  greedy, the seed's minimax as ``alphabeta`` depth 2 and 4 with the seed's weight table):
  ``--games`` games each, in pairs from the same random 4-move opening with seats swapped;
  score = wins + draws/2, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.ntuple import NTupleNetwork, load_network, measure, network_summary, self_play_game
from ai.training import wilson_interval

OPPONENTS = ("random", "greedy", "alphabeta:depth=2", "alphabeta:depth=4")


def load_text() -> str:
    """The load average, to print beside every figure."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} (2 cores, shared)"


def cmd_speed(args: argparse.Namespace) -> None:
    """Self-play games per second from zero."""
    rates = []
    for run in range(args.runs):
        net = NTupleNetwork(args.size)
        rng = random.Random(run)
        start = time.perf_counter()
        for _ in range(args.games):
            self_play_game(net, rng, args.epsilon, args.alpha, args.lam)
        rates.append(args.games / (time.perf_counter() - start))
    print(f"self-play {args.size}x{args.size}: median {statistics.median(rates):.0f} games/s "
          f"(runs: {', '.join(f'{r:.0f}' for r in rates)}; {args.games} games each) "
          f"- {load_text()}")


def cmd_train(args: argparse.Namespace) -> None:
    """Self-play from zero, saving checkpoints with their wall time."""
    out_dir = Path(args.dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    checkpoints = sorted({int(x) for x in args.checkpoints.split(",") if x} | {args.games})
    net = NTupleNetwork(args.size)
    rng = random.Random(args.seed)
    log: list[dict[str, object]] = []
    start = time.perf_counter()
    done = 0
    for target in checkpoints:
        while done < target:
            self_play_game(net, rng, args.epsilon, args.alpha, args.lam)
            done += 1
        elapsed = time.perf_counter() - start
        path = net.save(out_dir / f"othello-{args.size}-{done}.npz")
        log.append({"games": done, "seconds": round(elapsed, 1), "file": path.name,
                    "load": os.getloadavg()[0]})
        (out_dir / "train-log.json").write_text(json.dumps({
            "size": args.size, "seed": args.seed, "alpha": args.alpha, "lambda": args.lam,
            "epsilon": args.epsilon, "checkpoints": log}, indent=2) + "\n")
        print(f"{done} games in {elapsed:.0f} s ({done / elapsed:.0f} games/s) -> {path} "
              f"- {load_text()}", flush=True)
    if args.out:
        net.save(Path(args.out))
        print(f"saved {args.out}: {network_summary(net)}")


def cmd_evaluate(args: argparse.Namespace) -> None:
    """Each network against the fixed opponents."""
    rows = []
    for file in args.files:
        net = load_network(Path(file), args.size)
        for spec in args.opponents.split(","):
            start = time.perf_counter()
            m = measure(net, spec, args.games, seed=args.seed)
            low, high = wilson_interval(m.wins + 0.5 * m.draws, m.games)
            row = {"file": Path(file).name, "games_trained": net.games_trained,
                   "opponent": m.opponent, "wins": m.wins, "draws": m.draws,
                   "losses": m.losses, "score": round(m.score, 3),
                   "interval": [round(low, 3), round(high, 3)],
                   "seconds": round(time.perf_counter() - start, 1),
                   "load": os.getloadavg()[0]}
            rows.append(row)
            print(f"{net.games_trained:>7} games trained vs {spec:<18} {m.wins:>3}-{m.draws}-"
                  f"{m.losses:<3} score {100 * m.score:5.1f}% "
                  f"[{100 * low:.0f}-{100 * high:.0f}] ({row['seconds']} s) - {load_text()}",
                  flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("speed", "train"):
        p = sub.add_parser(name)
        p.add_argument("--size", type=int, default=8, choices=(6, 8))
        p.add_argument("--alpha", type=float, default=0.2)
        p.add_argument("--lam", type=float, default=0.5)
        p.add_argument("--epsilon", type=float, default=0.1)
    speed = sub.choices["speed"]
    speed.add_argument("--games", type=int, default=300)
    speed.add_argument("--runs", type=int, default=5)
    speed.set_defaults(run=cmd_speed)
    train = sub.choices["train"]
    train.add_argument("--games", type=int, default=100_000)
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--checkpoints", default="1000,5000,20000,50000")
    train.add_argument("--dir", default="ntuple-run")
    train.add_argument("--out", default="")
    train.set_defaults(run=cmd_train)
    evaluate = sub.add_parser("evaluate")
    evaluate.add_argument("files", nargs="+")
    evaluate.add_argument("--size", type=int, default=8, choices=(6, 8))
    evaluate.add_argument("--games", type=int, default=200)
    evaluate.add_argument("--seed", type=int, default=7)
    evaluate.add_argument("--opponents", default=",".join(OPPONENTS))
    evaluate.add_argument("--json", default="")
    evaluate.set_defaults(run=cmd_evaluate)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
