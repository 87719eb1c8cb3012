"""Reproduce the seeds' experiments and regenerate docs/experiments.md with its charts.

Run: ``.venv/bin/python benchmarks/experiments.py`` (about five minutes on two cores;
``--quick`` runs every experiment with far fewer games, to check the script itself). Every game
is played headless through :mod:`ai.arena` with seeded players, so a run gives the same figures
every time. Charts are PNG files in docs/img/ (``--img`` elsewhere), drawn by the app's own chart
module, :mod:`game.ui.charts`, on an off-screen surface in the app's default theme.

The block between ``<!-- othello-engine:start -->`` and ``<!-- othello-engine:end -->`` in the
existing docs/experiments.md belongs to the Othello engine's own benchmark: it is read back and
written out unchanged.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The charts are drawn off screen: no window, no sound, no pygame banner on stdout.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ai.arena import MoveLimitReached, play_game, run_match  # noqa: E402
from ai.base import Player  # noqa: E402
from ai.learners import TabularLearner  # noqa: E402
from ai.perfect import PerfectPlayer  # noqa: E402
from ai.registry import make_player  # noqa: E402
from game.rules.hexapawn import HexapawnOptions  # noqa: E402
from game.rules.morpion import MorpionOptions  # noqa: E402
from game.rules.nim import NimOptions  # noqa: E402
from game.rules.othello import OthelloOptions  # noqa: E402
from game.ui import charts  # noqa: E402
from game.ui.charts import Part, Series  # noqa: E402
from game.ui.theme import DEFAULT as THEME  # noqa: E402

DOC = ROOT / "docs" / "experiments.md"
IMG = ROOT / "docs" / "img"
START_MARK = "<!-- othello-engine:start -->"
END_MARK = "<!-- othello-engine:end -->"
LEARNERS = ("elimination", "reinforcement", "qlearning")
#: One colour per learner (the lab's colours for earlier runs).
COLOURS = (THEME.legal, THEME.accent, THEME.hint)
#: Text size of the charts, in pixels (the PNGs are about 1000 pixels wide).
CHART_PX = 18


def log(message: str) -> None:
    """Progress on stderr (the document is the output)."""
    print(message, file=sys.stderr, flush=True)


def pct(count: float, total: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100.0 * count / total:.1f} %" if total else "-"


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


@dataclass
class Scale:
    """How many games each experiment plays (``--quick`` divides them), and where the charts
    go."""

    quick: bool
    img: Path = IMG

    def n(self, games: int, minimum: int = 2) -> int:
        """``games``, or a tenth of it (at least ``minimum``) in quick mode."""
        return max(minimum, games // 10) if self.quick else games


def line_chart(path: Path, title: str, series: Sequence[Series], *, x_label: str,
               y_label: str, size: tuple[int, int] = (960, 520),
               y_range: tuple[float, float] | None = None) -> Path:
    """Save a line chart of ``series`` as a PNG at ``path``."""
    return charts.save_png(path, size, THEME, lambda surface, rect: charts.line_chart(
        surface, rect, series, THEME, CHART_PX, title=title, x_label=x_label, y_label=y_label,
        y_range=y_range))


def stacked_columns(path: Path, title: str, columns: Sequence[str], parts: Sequence[Part], *,
                    y_label: str = "share of games",
                    size: tuple[int, int] = (960, 520)) -> Path:
    """Save a stacked column chart (shares in %) as a PNG at ``path``."""
    return charts.save_png(path, size, THEME, lambda surface, rect: charts.stacked_columns(
        surface, rect, columns, parts, THEME, CHART_PX, title=title, y_label=y_label))


# ------------------------------------------------------------------------------------------------
# Hexapawn (seed 001)
# ------------------------------------------------------------------------------------------------


def random_play_probability(state: Any) -> float:
    """The exact probability that White (player 0) wins when both sides play uniformly at
    random, by recursion over the whole game tree (memoised on the position)."""

    @cache
    def white_wins(key: str, node: Any) -> float:
        if node.outcome is not None:
            return 1.0 if node.outcome.winner == 0 else 0.0
        moves = node.legal_moves()
        return sum(white_wins(child.key, child) for child in map(node.play, moves)) / len(moves)

    return white_wins(state.key, state)


def hexapawn_random(scale: Scale) -> str:
    """Random against random, 1000 games: the first player's share, and the exact value."""
    log("hexapawn: random vs random")
    options = HexapawnOptions()
    games = scale.n(1000)
    white = make_player("random", "hexapawn", options, seed=1)
    black = make_player("random", "hexapawn", options, seed=2)
    result = run_match(white, black, options.initial_state(), games)
    exact = random_play_probability(options.initial_state())
    line_chart(scale.img / "hexapawn_random_cumulative.png",
               f"Hexapawn 3x3, random vs random: cumulative wins over {games} games",
               [Series("White (moves first)", result.cumulative("p1"), THEME.ok),
                Series("Black", result.cumulative("p2"), THEME.danger)],
               x_label="games played", y_label="wins so far")
    return f"""## Hexapawn: random against random (seed 001)

Both sides pick uniformly among their legal moves; White moves first. {games} games.

{table(["", "seed 001", "ours"], [
        ["White (first player) wins", "about 6 in 10", pct(result.p1_wins, games)],
        ["Black wins", "about 4 in 10", pct(result.p2_wins, games)],
        ["mean game length", "-", f"{result.moves_mean:.2f} moves"],
    ])}

The exact probability that White wins under uniform random play, computed over the whole game
tree, is **{exact:.4f}**; our sample is within sampling error of it (one standard error over
{games} games is about {100 * (exact * (1 - exact) / games) ** 0.5:.1f} points), and so is the
seed's "about 6 in 10". Both players' cumulative wins grow at a steady rate, as in the seed's
plot:

![Hexapawn random vs random](img/hexapawn_random_cumulative.png)
"""


def hexapawn_learners(scale: Scale) -> str:
    """Each learner as Black against random: defeats over time."""
    log("hexapawn: learners as Black vs random")
    options = HexapawnOptions()
    start = options.initial_state()
    # The seed's picture: one learner, cumulative wins over 100 games.
    learner = make_player("elimination", "hexapawn", options, seed=0)
    rnd = make_player("random", "hexapawn", options, seed=1000)
    first = run_match(rnd, learner, start, 100)
    line_chart(scale.img / "hexapawn_elimination_cumulative.png",
               "Hexapawn 3x3: elimination learner (Black) against random, first 100 games",
               [Series("learner (Black) wins", first.cumulative("p2"), THEME.ok),
                Series("random (White) wins", first.cumulative("p1"), THEME.danger)],
               x_label="games played", y_label="wins so far")
    rows = []
    seeds = scale.n(40, 3)
    training = scale.n(1000, 100)
    detail: dict[str, list[tuple[int, int, int, int]]] = {}
    for kind in LEARNERS:
        stats: list[tuple[int, int, int, int]] = []
        for seed in range(seeds):
            player = make_player(kind, "hexapawn", options, seed=seed)
            opponent = make_player("random", "hexapawn", options, seed=1000 + seed)
            match = run_match(opponent, player, start, training)
            defeats = [i + 1 for i, r in enumerate(match.results) if r == "p1"]
            frozen = run_match(opponent, player, start, 300, learn=False)
            stats.append((len([d for d in defeats if d <= 100]), len(defeats),
                          defeats[-1] if defeats else 0, frozen.p1_wins))
        detail[kind] = stats

        def med(i: int, values: list[tuple[int, int, int, int]] = stats) -> str:
            column = [s[i] for s in values]
            return f"{statistics.median(column):g} ({min(column)}-{max(column)})"

        rows.append([kind, med(0), med(1), med(2),
                     f"{sum(1 for s in stats if s[3] == 0)}/{seeds}"])
    elim = detail["elimination"]
    stopped_by_100 = sum(1 for s in elim if s[2] <= 100)
    return f"""## Hexapawn: a learner as the second player against random (seed 001)

Black (who has a winning strategy on 3x3) is a learner; White plays at random; the learner learns
after every game. First, the seed's picture, one elimination learner over 100 games (its
defeats are the steps of the lower curve):

![Elimination learner against random](img/hexapawn_elimination_cumulative.png)

Here it lost {first.p1_wins} of the first 100 games, the last one at game
{max((i + 1 for i, r in enumerate(first.results) if r == "p1"), default=0)}. Over {seeds} seeds
of {training} training games each, then 300 games with learning frozen (median, min-max):

{table(["learner", "defeats in games 1-100", f"defeats in games 1-{training}",
        "game of the last defeat", "never loses afterwards (300 games)"], rows)}

The seed reports, from one run plotted over about 50 games, that the learner "wins
systematically once it has lost about ten games". Our elimination learner loses
{statistics.median(s[1] for s in elim):g} games in all (median; {min(s[1] for s in elim)} to
{max(s[1] for s in elim)} over {seeds} runs): the same order. Counted in games rather than
defeats, it takes longer than the seed's picture suggests: random White rarely plays the one
reply that punishes a bad Black move, so the last few bad moves can survive for a while
({stopped_by_100}/{seeds} runs had their last defeat within 100 games; the median last defeat is
at game {statistics.median(s[2] for s in elim):g}, the latest at game {max(s[2] for s in elim)}).
Once it has stopped losing, it never loses again: the table's last column. The bead learner
(reinforcement) keeps every move possible (one bead at least), so it seldom stops losing
altogether; Q-learning explores 10 % of its moves at random and keeps losing some games too.
"""


# ------------------------------------------------------------------------------------------------
# Nim (seed 002)
# ------------------------------------------------------------------------------------------------

NIM = NimOptions()
WINNING = [n for n in range(1, NIM.matches + 1) if n % (NIM.max_take + 1)]


def perfect_counts(learner: TabularLearner) -> int:
    """From how many winning counts the learner's favourite move (strictly the best value of its
    box) is the perfect one, leaving a multiple of 4."""
    good = 0
    for n in WINNING:
        view = learner.table_view(NIM.position((n,)))
        assert view is not None
        top = max(view.values())
        best: list[Any] = [m for m, v in view.items() if v == top]
        good += len(best) == 1 and best[0].count == n % 4
    return good


def nim_training(kind: str, seed: int, games: int, every: int, mode: str
                 ) -> tuple[list[int], list[int], TabularLearner]:
    """Train one learner and sample :func:`perfect_counts` every ``every`` games.

    ``mode`` "self": the learner plays both seats (the seed's training loop);
    "random": it alternates seats against a random player and learns from its own moves.
    """
    learner = make_player(kind, "nim", NIM, seed=seed)
    assert isinstance(learner, TabularLearner)
    opponent = learner if mode == "self" else make_player("random", "nim", NIM, seed=seed + 500)
    xs, ys = [0], [perfect_counts(learner)]
    done = 0
    while done < games:
        run_match(learner, opponent, NIM.initial_state(), every, swap=mode != "self")
        done += every
        xs.append(done)
        ys.append(perfect_counts(learner))
    return xs, ys, learner


def converged_at(xs: list[int], ys: list[int]) -> int | None:
    """The first sample from which every later sample is perfect (15 of 15), else None."""
    at = None
    for x, y in zip(xs, ys, strict=True):
        at = (x if at is None else at) if y == len(WINNING) else None
    return at


def nim_table(learner: TabularLearner) -> str:
    """The learner's table in the seed's layout: one column per match count, one row per take."""
    header = ["take"] + [str(n) for n in range(1, NIM.matches + 1)]
    rows = []
    for take in range(1, NIM.max_take + 1):
        row: list[object] = [take]
        for n in range(1, NIM.matches + 1):
            view = learner.table_view(NIM.position((n,)))
            assert view is not None
            value = next((v for m, v in view.items() if getattr(m, "count", None) == take),
                         None)
            if value is None:
                row.append("")
            elif learner.score_kind == "q":
                row.append(f"{value:.2f}")
            else:
                row.append(f"{value:g}")
        rows.append(row)
    return table(header, rows)


def nim_learners(scale: Scale) -> str:
    """The three learners' convergence to the multiple-of-4 strategy."""
    log("nim: learners")
    games = scale.n(6000, 200)
    every = 25 if not scale.quick else 20
    seeds = scale.n(10, 2)
    curves: list[Series] = []
    rows = []
    finals: dict[str, TabularLearner] = {}
    median: dict[tuple[str, str], str] = {}
    for index, kind in enumerate(LEARNERS):
        for mode in ("self", "random"):
            reached = []
            for seed in range(seeds):
                xs, ys, learner = nim_training(kind, seed, games, every, mode)
                reached.append(converged_at(xs, ys))
                if seed == 0:
                    how = "self-play" if mode == "self" else "vs random"
                    curves.append(Series(f"{kind} ({how})", ys, COLOURS[index], xs=xs,
                                         dashed=mode != "self", show_last=False))
                    if mode == "self":
                        finals[kind] = learner
            done = [r for r in reached if r is not None]
            median[(kind, mode)] = f"{statistics.median(done):g}" if done else "never"
            rows.append([kind, "self-play" if mode == "self" else "against random",
                         f"{len(done)}/{seeds}",
                         f"{statistics.median(done):g}" if done else "-",
                         f"{max(done)}" if done else "-"])
    line_chart(scale.img / "nim_learners_convergence.png",
               "Nim 20, take 1-3: winning counts where the favourite move leaves a multiple of 4",
               curves, x_label="training games", y_label=f"counts right (of {len(WINNING)})",
               y_range=(0, len(WINNING)), size=(1040, 540))
    early = games // 12
    first = [dataclasses.replace(
        s, values=[y for x, y in zip(s.xs or (), s.values, strict=True) if x <= early],
        xs=[x for x in s.xs or () if x <= early]) for s in curves]
    line_chart(scale.img / "nim_learners_convergence_start.png",
               f"The same, first {early} games", first, x_label="training games",
               y_label=f"counts right (of {len(WINNING)})", y_range=(0, len(WINNING)),
               size=(1040, 540))
    tables = "\n\n".join(f"**{kind}** after {games} self-play games (seed 0):\n\n"
                         f"{nim_table(finals[kind])}" for kind in LEARNERS)
    return f"""## Nim: the three learners find the multiple-of-4 strategy (seed 002)

20 matches, take 1 to 3, whoever takes the last match wins. The perfect strategy leaves a
multiple of 4; from the {len(WINNING)} "winning" counts (those that are not a multiple of 4)
there is exactly one right move. We count from how many of them the learner's favourite move
(the strictly highest value of its box: allowed / most beads / best Q) is that move, while it
trains. "Self-play" is the seed's training loop (one learner on both sides, learning from the
whole game); "against random", the learner alternates seats with a random player and learns from
its own moves only. Curves for seed 0 (dashed: against random):

![Nim learners convergence, first games](img/nim_learners_convergence_start.png)

![Nim learners convergence](img/nim_learners_convergence.png)

Over {seeds} seeds, {games} games each, the game after which the learner's favourite move stays
right from all {len(WINNING)} counts (sampled every {every} games):

{table(["learner", "training", "runs that converged", "median games", "slowest"], rows)}

The seed's verdicts hold. Strategy 1 (elimination) is "very effective": in self-play it is right
everywhere after {median[("elimination", "self")]} games (median). Q-learning (alpha 0.9,
gamma 0.8) is about as fast ({median[("qlearning", "self")]} games); the seed shows its table
after 100 self-play games with the right moves already positive. Strategy 2 (reinforcement) is
"rather ineffective here": it needs {median[("reinforcement", "self")]} games (median), because a
win rewards every move of the winner, good or bad, and a loss takes away only one bead.
Against a random opponent the elimination learner is much slower
({median[("elimination", "random")]} games: a random opponent seldom punishes a mistake at 15 or
19 matches, and a won game teaches elimination nothing) and the bead learner does not get there
within {games} games (it wins most games against random whatever it plays, so its mistakes are
rewarded too), while Q-learning, which updates both sides' moves from every game, is barely
affected ({median[("qlearning", "random")]} games).

The final tables, as the seed prints them (elimination: 1 = still allowed, 0 = eliminated; beads;
Q-values). In the elimination table the multiples of 4 are all 0: every move from there loses
against a perfect opponent, so the learner plays at random there (and says so).

{tables}
"""


# ------------------------------------------------------------------------------------------------
# Morpion (seed 003)
# ------------------------------------------------------------------------------------------------

MORPION_SEED: dict[tuple[str, int], tuple[float, float, float]] = {
    ("random", 3): (48.3, 43.3, 8.4),
    ("random", 5): (25.2, 24.8, 50.0),
    ("bestfirst", 3): (23.5, 29.0, 47.5),
    ("bestfirst", 4): (5.0, 0.0, 95.0),
    ("bestfirst", 5): (0.2, 0.2, 99.6),
    ("bestfirst", 6): (0.2, 0.2, 99.6),
    ("bestfirst", 7): (0.2, 0.2, 99.6),
    ("minimax", 3): (3.0, 0.0, 97.0),
}


def morpion_selfplay(spec: str, size: int, games: int, cap: int) -> tuple[int, int, int, int,
                                                                          float]:
    """Two seeded copies of ``spec`` play ``games`` games, the first always moving first.
    Returns (first wins, second wins, draws, games stopped at ``cap`` moves, mean length)."""
    options = MorpionOptions(size=size)
    first = make_player(spec, "morpion", options, seed=size * 100 + 1)
    second = make_player(spec, "morpion", options, seed=size * 100 + 2)
    counts = [0, 0, 0, 0]
    lengths = []
    for _ in range(games):
        try:
            record = play_game(first, second, options.initial_state(), max_moves=cap)
        except MoveLimitReached:
            counts[3] += 1
            continue
        assert record.outcome is not None
        winner = record.outcome.winner
        counts[2 if winner is None else winner] += 1
        lengths.append(len(record.moves))
    mean = statistics.fmean(lengths) if lengths else 0.0
    return counts[0], counts[1], counts[2], counts[3], mean


def morpion(scale: Scale) -> str:
    """Random, best-first and depth-2 minimax self-play by board size."""
    plan: list[tuple[str, str, int, int]] = [
        ("random", "random", 3, 2000), ("random", "random", 4, 400), ("random", "random", 5, 60),
        ("random", "random", 6, 40), ("random", "random", 7, 40),
        ("bestfirst", "bestfirst", 3, 1000), ("bestfirst", "bestfirst", 4, 500),
        ("bestfirst", "bestfirst", 5, 200), ("bestfirst", "bestfirst", 6, 100),
        ("bestfirst", "bestfirst", 7, 60),
        ("minimax", "minimax:depth=2", 3, 200), ("minimax", "minimax:depth=2", 4, 30),
    ]
    cap = 2000
    rows = []
    bars: dict[str, list[float]] = {"first player wins": [], "second player wins": [],
                                    "draws": [], f"stopped at {cap} moves": []}
    names = []
    for name, spec, size, games in plan:
        log(f"morpion: {spec} {size}x{size}")
        n = scale.n(games)
        t0 = time.perf_counter()
        w1, w2, d, capped, mean = morpion_selfplay(spec, size, n, cap)
        seconds = time.perf_counter() - t0
        seed = MORPION_SEED.get((name, size))
        seed_text = "-" if seed is None else f"{seed[0]:g} / {seed[1]:g} / {seed[2]:g}"
        ours = f"{100 * w1 / n:.1f} / {100 * w2 / n:.1f} / {100 * d / n:.1f}"
        done = n - capped
        finished = "-" if not capped else (
            "-" if not done else f"{100 * w1 / done:.1f} / {100 * w2 / done:.1f} / "
                                 f"{100 * d / done:.1f}")
        rows.append([name, f"{size}x{size}", n, seed_text, ours,
                     pct(capped, n) if capped else "0", finished, f"{mean:.0f}",
                     f"{seconds:.1f} s"])
        names.append(f"{name[:4]} {size}")
        for key, value in zip(bars, (w1, w2, d, capped), strict=True):
            bars[key].append(100 * value / n)
    colours = (THEME.ok, THEME.danger, THEME.text_muted, THEME.hint)
    stacked_columns(scale.img / "morpion_selfplay.png",
                    "Morpion self-play by player and board size (share of games)", names,
                    [Part(label, shares, colour)
                     for (label, shares), colour in zip(bars.items(), colours, strict=True)],
                    size=(1100, 560))
    return f"""## Morpion: self-play by board size (seed 003)

Two copies of the same player (differently seeded) play each other; the first one always moves
first. Figures are first player / second player / draws, in % of games. Minimax is the seed's
depth-2 search with its evaluation (lines still open for me minus lines open for the opponent).
Random games on big boards can run for thousands of moves before a line or a repeated
arrangement ends them, so games are stopped at {cap} moves and counted apart.

{table(["player", "board", "games", "seed 003", "ours", f"stopped at {cap}",
        "ours, finished games only", "mean length (finished)", "time"], rows)}

![Morpion self-play](img/morpion_selfplay.png)

Random 3x3, best-first on 3x3 and 4x4 and minimax on 3x3 all match the seed within a point or
two, which is about the sampling error of these game counts: the players and the rules follow
the seed's descriptions. Best-first and minimax draw almost every game on bigger boards, as in
the seed: both block every line the opponent builds, and the repetition rule then ends the game.

The one real difference is random play on big boards. A random 5x5 game needs five pieces in a
line (rare at random) or an exact repetition of the whole arrangement among millions, so many of
ours run past {cap} moves. Counting only the games that finished, our 5x5 shares come close to
the seed's 25 / 25 / 50; the seed does not say what became of games that went on and on, and
we cannot tell from its text, so we show both. On 6x6 and 7x7 almost no random
game finishes within {cap} moves; the seed gives no figure for them.
"""


# ------------------------------------------------------------------------------------------------
# Othello (seed 004)
# ------------------------------------------------------------------------------------------------


def othello(scale: Scale) -> str:
    """Greedy vs random, and depth-4 search vs both, on 8x8 with seats alternating."""
    options = OthelloOptions()
    start = options.initial_state()
    plan = [("greedy", "random", 1000), ("alphabeta:depth=4", "random", 20),
            ("alphabeta:depth=4", "greedy", 20)]
    rows = []
    for p1, p2, games in plan:
        log(f"othello: {p1} vs {p2}")
        n = scale.n(games)
        a = make_player(p1, "othello", options, seed=11)
        b = make_player(p2, "othello", options, seed=12)
        result = run_match(a, b, start, n, swap=True)
        seed = "about 65 % / 35 %" if p1 == "greedy" else "minimax dominates both"
        rows.append([f"{p1} vs {p2}", n, seed, f"{pct(result.p1_wins, n)} / "
                     f"{pct(result.p2_wins, n)} / {pct(result.draws, n)}",
                     f"{result.think_mean(0) * 1000:.1f} ms"])
    return f"""## Othello 8x8: greedy, random and minimax (seed 004)

Seats alternate from game to game (each player moves first in half the games). "Ours" is first
named / second named / draws. The depth-4 search uses the seed's positional weight table; it is
run as alpha-beta, which chooses a move of the same value as plain minimax at equal depth (the
search tests check this) about four times faster.

{table(["match", "games", "seed 004", "ours", "thinking time per move (first named)"], rows)}

Greedy beats random by about as much as the seed reports: flipping many discs is a weak but real
advantage in the middle game and costly near the end (it hands corners over), hence far from
100 %. The depth-4 positional search beats both, as in the seed: it values corners and avoids the
squares next to them, which neither greedy nor random do.
"""


# ------------------------------------------------------------------------------------------------
# Perfect play
# ------------------------------------------------------------------------------------------------


def perfect_section(scale: Scale) -> str:
    """What the solver finds from each start position, and its time to solve."""
    log("perfect")
    cases: list[tuple[str, str, Any]] = [
        ("hexapawn", "3x3", HexapawnOptions()),
        ("hexapawn", "4x4", HexapawnOptions(rows=4, cols=4)),
        ("nim", "20, take 1-3", NimOptions()),
        ("nim", "Marienbad 1,3,5,7", NimOptions(variant="marienbad")),
        ("nim", "Fibonacci 20", NimOptions(variant="fibonacci")),
        ("morpion", "3x3", MorpionOptions()),
        ("othello", "4x4", OthelloOptions(size=4)),
    ]
    rows = []
    for game, name, options in cases:
        t0 = time.perf_counter()
        player = make_player("perfect", game, options, seed=1)
        assert isinstance(player, PerfectPlayer)
        decision = player.choose(options.initial_state())
        solve = time.perf_counter() - t0
        rnd: Player = make_player("random", game, options, seed=2)
        games = scale.n(100)
        match = run_match(player, rnd, options.initial_state(), games, swap=True)
        verdict = decision.info["verdict"]
        rows.append([f"{game} {name}", f"{verdict} for the first player",
                     f"{solve:.2f} s", f"{match.p1_wins}/{match.draws}/{match.p2_wins}"])
    return f"""## Perfect play

The ``perfect`` player's value of each start position (exact, with best play on both sides,
in plies), the time to build its table (once per process), and its results against random over
{scale.n(100)} games with seats alternating (perfect wins / draws / random wins). Where the
first player loses with best play, random can win some of the games in which it holds the
winning side, by luck. How each game is solved (memoised search to the end; Morpion 3x3 by
retrograde analysis, then a search that takes the game's repetition history into account) is
described in `ai/perfect.py`.

{table(["game", "value of the start", "solve time", "vs random (W/D/L)"], rows)}
"""


# ------------------------------------------------------------------------------------------------
# The document
# ------------------------------------------------------------------------------------------------


def engine_block(start_mark: str = START_MARK, end_mark: str = END_MARK) -> str:
    """A block another benchmark writes in the current document (the Othello engine's by
    default), kept as it is (markers included)."""
    if DOC.exists():
        text = DOC.read_text(encoding="utf-8")
        start = text.find(start_mark)
        end = text.find(end_mark)
        if start != -1 and end > start:
            return text[start:end + len(end_mark)]
    return f"{start_mark}\n{end_mark}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run every experiment and write docs/experiments.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a tenth of the games: checks the script, not the figures")
    parser.add_argument("--out", type=Path, default=DOC, help="where to write the document")
    parser.add_argument("--img", type=Path, default=IMG,
                        help="where to write the charts (default docs/img; the document links "
                             "to img/ beside it)")
    args = parser.parse_args(argv)
    scale = Scale(args.quick, args.img)
    args.img.mkdir(parents=True, exist_ok=True)
    keep = engine_block()
    # The n-tuple network's section, written by benchmarks/ntuple.py.
    keep_ntuple = engine_block("<!-- ntuple:start -->", "<!-- ntuple:end -->")
    started = time.perf_counter()
    steps: list[Callable[[Scale], str]] = [hexapawn_random, hexapawn_learners, nim_learners,
                                           morpion, othello, perfect_section]
    sections = [step(scale) for step in steps]
    total = time.perf_counter() - started
    note = " (QUICK RUN: too few games for the figures to mean much)" if args.quick else ""
    header = f"""# The seeds' experiments, reproduced

Generated by `benchmarks/experiments.py`{note}; do not edit by hand (except the Othello engine
and n-tuple blocks, which their own benchmarks write). Every figure comes from seeded games
played headless through `ai.arena`, so running the script again gives the same numbers. Each
table puts the seed's figure beside ours; the text says why they differ where they do. This run
took {total / 60:.1f} minutes.
"""
    document = "\n".join([header, *sections, keep, "", keep_ntuple, ""])
    args.out.write_text(document, encoding="utf-8")
    log(f"wrote {args.out} in {total:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
