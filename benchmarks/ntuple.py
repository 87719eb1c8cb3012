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
* ``report``: the table of a training run (``DIR/train-log.json``) and its evaluations
  (``DIR/eval-*.json``) as Markdown; ``--write-docs`` puts it in docs/experiments.md between
  the n-tuple markers, with the curves and the learnt square values as PNG charts in docs/img.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.ntuple import (
    ALPHA,
    EPSILON,
    LAMBDA,
    NTupleNetwork,
    load_network,
    measure,
    network_summary,
    self_play_game,
)
from ai.training import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "experiments.md"
IMG = ROOT / "docs" / "img"
START_MARK = "<!-- ntuple:start -->"
END_MARK = "<!-- ntuple:end -->"
OPPONENTS = ("random", "greedy", "alphabeta:depth=2", "alphabeta:depth=4")
#: The issue's targets: (games trained, opponent, score at least).
TARGETS = ((5000, "greedy", 0.85), (5000, "alphabeta:depth=2", 0.60),
           (100_000, "alphabeta:depth=4", 0.60))


def load_text() -> str:
    """The load average, to print beside every figure."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} (2 cores, shared)"


def cmd_speed(args: argparse.Namespace) -> None:
    """Self-play games per second from zero."""
    rates = []
    cpu_rates = []
    for run in range(args.runs):
        net = NTupleNetwork(args.size)
        rng = random.Random(run)
        start = time.perf_counter()
        cpu = time.process_time()
        for _ in range(args.games):
            self_play_game(net, rng, args.epsilon, args.alpha, args.lam, tc=bool(args.tc),
                           opening=args.opening)
        rates.append(args.games / (time.perf_counter() - start))
        cpu_rates.append(args.games / (time.process_time() - cpu))
    print(f"self-play {args.size}x{args.size}: median {statistics.median(rates):.0f} games/s "
          f"wall clock, {statistics.median(cpu_rates):.0f} per CPU second "
          f"(runs: {', '.join(f'{r:.0f}' for r in rates)}; {args.games} games each) "
          f"- {load_text()}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "size": args.size, "median": statistics.median(rates),
            "median_cpu": statistics.median(cpu_rates), "runs": rates, "games": args.games,
            "load": os.getloadavg()[0]}, indent=2) + "\n")


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
            self_play_game(net, rng, args.epsilon, args.alpha, args.lam, tc=bool(args.tc),
                           opening=args.opening)
            done += 1
        elapsed = time.perf_counter() - start
        path = net.save(out_dir / f"othello-{args.size}-{done}.npz")
        log.append({"games": done, "seconds": round(elapsed, 1), "file": path.name,
                    "load": os.getloadavg()[0]})
        (out_dir / "train-log.json").write_text(json.dumps({
            "size": args.size, "seed": args.seed, "alpha": args.alpha, "lambda": args.lam,
            "epsilon": args.epsilon, "tc": args.tc, "opening": args.opening,
            "checkpoints": log}, indent=2) + "\n")
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


def _short(spec: str) -> str:
    """``alphabeta:depth=2,...`` -> ``alphabeta:depth=2`` (the parameters that matter here)."""
    name, _, rest = spec.partition(":")
    depth = [p for p in rest.split(",") if p.startswith("depth=")]
    return f"{name}:{depth[0]}" if depth else name


def report_markdown(folder: Path) -> tuple[str, dict[int, dict[str, dict[str, object]]]]:
    """The Markdown table of a run and its evaluations, and the evaluations by games, opponent."""
    log = json.loads((folder / "train-log.json").read_text())
    seconds = {int(c["games"]): (float(c["seconds"]), float(c["load"]))
               for c in log["checkpoints"]}
    results: dict[int, dict[str, dict[str, object]]] = {}
    for file in sorted(folder.glob("eval-*.json")):
        for row in json.loads(file.read_text()):
            results.setdefault(int(row["games_trained"]), {})[_short(row["opponent"])] = row
    lines = ["| games trained | wall time (load) | " + " | ".join(OPPONENTS) + " |",
             "| ---: | ---: |" + " ---: |" * len(OPPONENTS)]
    for games in sorted(results):
        secs, load = seconds.get(games, (float("nan"), float("nan")))
        cells = []
        for opponent in OPPONENTS:
            row = results[games].get(opponent)
            if row is None:
                cells.append("-")
                continue
            interval: Any = row["interval"]
            score: Any = row["score"]
            cells.append(f"{100 * float(score):.1f}% [{100 * interval[0]:.0f}-"
                         f"{100 * interval[1]:.0f}] ({row['wins']}-{row['draws']}-"
                         f"{row['losses']})")
        lines.append(f"| {games:,} | {secs / 60:.1f} min ({load:.0f}) | " + " | ".join(cells)
                     + " |")
    return "\n".join(lines), results


def target_lines(results: dict[int, dict[str, dict[str, object]]],
                 up_to: int | None = None) -> list[str]:
    """One line per target of the issue (those up to ``up_to`` games trained): met, missed,
    or not measured."""
    out = []
    for games, opponent, goal in TARGETS:
        if up_to is not None and games > up_to:
            continue
        row = results.get(games, {}).get(opponent)
        if row is None:
            out.append(f"- {games:,} games, {opponent} at least {goal:.0%}: **not measured**")
            continue
        score = float(row["score"])  # type: ignore[arg-type]
        verdict = "met" if score >= goal else "**missed**"
        out.append(f"- {games:,} games, {opponent} at least {goal:.0%}: {score:.1%}, {verdict}")
    return out


def save_charts(folder: Path, results: dict[int, dict[str, dict[str, object]]],
                img: Path) -> list[str]:
    """The win-rate curves and the learnt square values beside the seed's table, as PNGs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.rules.othello import WEIGHTS_8 as OTHELLO_WEIGHTS_8
    from game.ui import charts
    from game.ui.printing import PRINT as THEME

    colours = (THEME.legal, THEME.accent, THEME.hint, THEME.last_move)
    xs = sorted(results)
    series = [charts.Series(opponent, [float(results[g][opponent]["score"])  # type: ignore[arg-type]
                                       for g in xs if opponent in results[g]],
                            colour, xs=[g for g in xs if opponent in results[g]])
              for opponent, colour in zip(OPPONENTS, colours, strict=True)]
    curves = charts.save_png(img / "ntuple-curves.png", (960, 520),
                             lambda surface, rect, _theme: charts.line_chart(
                                 surface, rect, series, THEME, 18,
                                 title="n-tuple network, 1-ply: score against fixed players",
                                 x_label="self-play games trained", y_label="score",
                                 y_range=(0.0, 1.0), percent=True))
    last = max(folder.glob("othello-8-*.npz"), key=lambda p: int(p.stem.split("-")[-1]))
    net = load_network(last, 8)
    learnt = net.square_values()
    scale = float(abs(learnt).max()) or 1.0
    learnt_rows = [[round(100 * float(v) / scale) for v in row] for row in learnt]
    labels = [str(i + 1) for i in range(8)]
    cols = [chr(ord("a") + i) for i in range(8)]

    def draw(surface: object, rect: object, _theme: object) -> None:
        import pygame

        assert isinstance(surface, pygame.Surface) and isinstance(rect, pygame.Rect)
        half = rect.width // 2
        left = pygame.Rect(rect.left, rect.top, half - 10, rect.height)
        right = pygame.Rect(rect.left + half + 10, rect.top, half - 10, rect.height)
        charts.heat_map(surface, left, labels, cols, learnt_rows, THEME, 16,
                        title=f"learnt value of a disc ({net.games_trained:,} games)",
                        fmt=lambda v: f"{v:+.0f}")
        charts.heat_map(surface, right, labels, cols,
                        [list(map(float, row)) for row in OTHELLO_WEIGHTS_8], THEME, 16,
                        title="the seed's weight table", fmt=lambda v: f"{v:+.0f}")

    squares = charts.save_png(img / "ntuple-squares.png", (1100, 560), draw)
    top = net.strongest_patterns(6)
    patterns = [f"- `{name}` {drawing} : {weight:+.3f}" for name, drawing, weight in top]
    return [curves.name, squares.name, *patterns]


def cmd_report(args: argparse.Namespace) -> None:
    """Print (and with --write-docs, write) the run's table, targets and charts."""
    folder = Path(args.dir)
    table, results = report_markdown(folder)
    print(table)
    targets = target_lines(results)
    print("\n".join(targets))
    if not args.write_docs:
        return
    curves, squares, *patterns = save_charts(folder, results, Path(args.img))
    # The pictures as docs/experiments.md links them: relative to its folder (img/NAME.png).
    where = Path(os.path.relpath(Path(args.img).resolve(), DOC.parent)).as_posix()
    curves, squares = f"{where}/{curves}", f"{where}/{squares}"
    text = DOC.read_text(encoding="utf-8")
    start, end = text.find(START_MARK), text.find(END_MARK)
    tc_table, tc_targets = "", ""
    if args.tc_dir:
        tc_folder = Path(args.tc_dir)
        tc_table, tc_results = report_markdown(tc_folder)
        tc_targets = "\n".join(target_lines(tc_results, max(tc_results, default=0)))
        print(tc_table)
        print(tc_targets)
        if (tc_folder / "speed.json").exists():
            folder = tc_folder  # the speed of today's loop
    speed_file = folder / "speed.json"
    speed = "not measured."
    if speed_file.exists():
        runs = json.loads(speed_file.read_text())
        speed = "; ".join(f"{r['size']}x{r['size']}: {r['median']:.0f} games/s wall clock, "
                          f"{r['median_cpu']:.0f} per CPU second (load {r['load']:.0f})"
                          for r in (runs if isinstance(runs, list) else [runs])) + "."
    block = Path(args.text).read_text(encoding="utf-8").format(
        table=table, targets="\n".join(targets), curves=curves, squares=squares,
        patterns="\n".join(patterns), speed=speed, tc_table=tc_table, tc_targets=tc_targets)
    new = f"{START_MARK}\n{block.strip()}\n{END_MARK}"
    text = (text[:start] + new + text[end + len(END_MARK):] if start != -1 and end > start
            else text.rstrip("\n") + "\n\n" + new + "\n")
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("speed", "train"):
        p = sub.add_parser(name)
        p.add_argument("--size", type=int, default=8, choices=(6, 8))
        p.add_argument("--alpha", type=float, default=ALPHA)
        p.add_argument("--lam", type=float, default=LAMBDA)
        p.add_argument("--epsilon", type=float, default=EPSILON)
        p.add_argument("--tc", type=int, default=1, choices=(0, 1),
                       help="1 = temporal coherence (per-weight steps), 0 = fixed alpha")
        p.add_argument("--opening", type=int, default=0,
                       help="random moves (not learnt from) at the start of each game")
    speed = sub.choices["speed"]
    speed.add_argument("--games", type=int, default=300)
    speed.add_argument("--runs", type=int, default=5)
    speed.add_argument("--json", default="")
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
    report = sub.add_parser("report")
    report.add_argument("--dir", default="ntuple-run")
    report.add_argument("--write-docs", action="store_true")
    report.add_argument("--tc-dir", default="",
                        help="a second run (temporal coherence) for {tc_table}, {tc_targets}")
    report.add_argument("--img", default=str(IMG))
    report.add_argument("--text", default=str(ROOT / "benchmarks" / "ntuple_doc.md"),
                        help="the section's text, with {table}, {targets}, {curves}, "
                             "{squares} and {patterns} to fill in")
    report.set_defaults(run=cmd_report)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
