"""Fit the Othello engine's pattern weights (ai/othello_patterns.py) from self-play.

One command regenerates the shipped file from a seed (8.5 minutes, 6.5 of play and 2 of
fitting, on the shared 2-core machine at load 2-3 in session 6)::

    python tools/fit_othello_patterns.py all --games 3000 --seed 15 --workers 2

which runs the three steps below, ``generate``, ``fit`` and ``centre`` (``fit`` ends with
``centre``; each can also be run alone; ``--data`` names the positions' file between the
first two):

``generate``: plays ``--games`` games; game ``i`` is seeded by ``(seed, i)``, so the data does not
depend on the number of workers (and a run stopped early leaves the file of its first games).
A game starts with 2-12 random moves (varied openings); then both sides are, for the whole
game, either the shipped n-tuple network (1-ply, 2% random moves) or the engine's alpha-beta
at depth 2 with the hand-tuned evaluation (both sides alike, so that the result depends on the
position rather than on who plays better). Every position down to :data:`LAST_LABELLED`
empties is kept with its label, in points (100 per disc) for the side to move: the first
position with at most :data:`SOLVE_AT` empties is solved exactly by the engine's endgame solver
and its value labels every earlier position of the game (the final margin with perfect play
from there); each later position is solved exactly too.

``fit``: one ridge regression per phase (ai.othello_patterns.PHASE_WIDTH empties, with
:data:`OVERLAP` empties of the neighbouring phases), by conjugate gradients, on the 46 pattern
indices (a pattern and its mirror share one weight), mobility, parity and a constant. The
phases are fitted from the end of the game back to the opening, and each position's target
is:

* from :data:`SOLVE_AT` empties down: its exact label;
* before that, a mix (see :func:`_targets`, :func:`_teacher_values`): :data:`TEACHER` times the
  value of the shipped n-tuple network (trained by TD self-play over 100,000 games; scaled to
  discs where the labels are nearly exact), and the rest a TD-style target: :data:`LAMBDA`
  times the value the already fitted later phases give the position :data:`STEP` plies later
  in the same game, plus the game's label. The game's label alone is mostly noise in the
  opening (fitted on it alone, the weights lost 16 of 20 games to the hand-tuned evaluation).

Phases without data copy their nearest neighbour's weights. ``--choose-ridge`` prints
held-out errors (a tenth of the games) for several ridge strengths and keeps the best.

``centre``: sets the weight file's offsets (ai.othello_patterns) so that the evaluation gives
the side to move no advantage on average where the targets were not exact. The fitted weights
favour the mover by up to 17 discs in the opening: the teacher's values do (the n-tuple
network values after-states, and seen from the side to move it gives that side +0.53 units,
18 discs, on the starting position; +0.16 to +0.6 over random games from 60 to 30 empties),
while the game labels do not (docs/experiments.md, session 6). Over :data:`CENTRE_GAMES`
random games from :data:`CENTRE_SEED`, the offset at each number of empties above
:data:`SOLVE_AT` is the mean of ``(value(own, opp) + value(opp, own)) / 2`` (the part of the
value that does not depend on who owns which disc); from SOLVE_AT down the targets were exact
and the offsets are 0 (there, having the move is really worth about 3 discs on such positions
by the exact solver). It reads the weights without their old offsets, so running it twice
gives the same file. ``python tools/fit_othello_patterns.py centre`` applies this step alone
to the shipped file.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.bounds import SearchTimeout
from ai.ntuple import NTupleNetwork, after_state_values
from ai.ntuple import shipped_path as ntuple_path
from ai.othello_eval import GEOMETRIES, evaluate
from ai.othello_patterns import (
    OFFSETS_SIZE,
    PATTERN_WEIGHTS,
    PHASE_WIDTH,
    PHASES,
    SCALARS,
    PatternWeights,
    canonical_map,
    indices,
    make_evaluator,
    phase_of,
    read_weights,
)
from ai.othello_search import INF, Searcher
from game.rules.othello import flip_mask, legal_mask

ROOT = Path(__file__).resolve().parent.parent
SOLVE_AT = 12
LAST_LABELLED = 10
SOLVE_SECONDS = 3.0
OVERLAP = 2
#: The fit's bootstrapping (see _targets): plies ahead, and the weight of the later value.
STEP = 8
LAMBDA = 0.75
#: Weight of the teacher (the shipped n-tuple network, trained by TD self-play over 100,000
#: games) in the targets of positions before SOLVE_AT empties.
TEACHER = 0.7
RIDGES = (30.0, 100.0, 300.0, 1000.0, 3000.0)
#: The centring step's random games (see ``centre`` in the module docstring).
CENTRE_GAMES = 1000
CENTRE_SEED = 1
SCALAR_RIDGE = 0.01

FloatArray = npt.NDArray[np.float64]


# --------------------------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------------------------

_NET: list[NTupleNetwork] = []


def _network() -> NTupleNetwork:
    if not _NET:
        net = NTupleNetwork(8)
        net.load(ntuple_path(8))
        _NET.append(net)
    return _NET[0]


def _children(own: int, opp: int, moves: int) -> list[tuple[int, int, int]]:
    out = []
    while moves:
        b = moves & -moves
        moves ^= b
        sq = b.bit_length() - 1
        f = flip_mask(own, opp, sq)
        out.append((sq, own | f | b, opp & ~f))
    return out


def _ntuple_move(own: int, opp: int, moves: int, rng: random.Random) -> tuple[int, int]:
    kids = _children(own, opp, moves)
    if rng.random() < 0.02:
        _, mine, theirs = rng.choice(kids)
        return theirs, mine
    values = after_state_values(_network(), [k[1] for k in kids], [k[2] for k in kids])
    best = max(range(len(kids)), key=values.__getitem__)
    return kids[best][2], kids[best][1]


def _search_move(own: int, opp: int, moves: int, searcher: Searcher) -> tuple[int, int]:
    best_v, best = -INF, (0, 0)
    for _, mine, theirs in _children(own, opp, moves):
        v = -searcher.negamax(theirs, mine, 1, -INF, -best_v)
        if v > best_v:
            best_v, best = v, (theirs, mine)
    return best


def play_game(seed: int, number: int) -> list[tuple[int, int, int]]:
    """One game's labelled positions ``(own, opp, label)`` (see the module docstring)."""
    rng = random.Random(seed * 1_000_003 + number)
    g = GEOMETRIES[8]
    searcher = Searcher(g, evaluator=evaluate, tt_entries=200_000)
    # Both sides play alike (a game between unequal players would label its early positions
    # by who is the better player, which the position does not show).
    style = rng.random() < 0.5  # True: n-tuple, False: search
    own, opp = 0x0000000810000000, 0x0000001008000000  # Black (own) to move
    side = 0
    opening = rng.randint(2, 12)
    plies = 0
    pending: list[tuple[int, int, int]] = []  # (own, opp, side) waiting for a label
    out: list[tuple[int, int, int]] = []
    value: int | None = None  # solved value for the side ``value_side``
    value_side = 0
    while True:
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                break
            own, opp, side = opp, own, side ^ 1
            continue
        empties = 64 - (own | opp).bit_count()
        if empties < LAST_LABELLED:
            break
        if empties <= SOLVE_AT:
            searcher.deadline = time.perf_counter() + SOLVE_SECONDS
            try:
                v = searcher.solve(own, opp, -64, 64)
            except SearchTimeout:
                pass
            else:
                if value is None:
                    value, value_side = v, side
                out.append((own, opp, 100 * v))
        if value is None:
            pending.append((own, opp, side))
        if plies < opening:
            f_sq = rng.choice([sq for sq, _, _ in _children(own, opp, moves)])
            f = flip_mask(own, opp, f_sq)
            own, opp = opp & ~f, own | f | (1 << f_sq)
        elif style:
            own, opp = _ntuple_move(own, opp, moves, rng)
        else:
            searcher.deadline = float("inf")
            own, opp = _search_move(own, opp, moves, searcher)
        side ^= 1
        plies += 1
    if value is None:  # no solve finished: the game's own result labels it
        value_side = side
        value = own.bit_count() - opp.bit_count()
    out += [(o, p, 100 * (value if s == value_side else -value)) for o, p, s in pending]
    return out


def _play_many(job: tuple[int, list[int]]) -> list[tuple[int, int, int, int]]:
    seed, numbers = job
    rows = []
    for n in numbers:
        rows += [(n, o, p, lab) for o, p, lab in play_game(seed, n)]
    return rows


def _save(rows: list[tuple[int, int, int, int]], games: int, seed: int, out: Path) -> None:
    arr = np.array(rows, dtype=object).reshape(-1, 4)
    tmp = out.with_name(out.name + ".tmp.npz")
    np.savez_compressed(
        tmp, game=arr[:, 0].astype(np.int32), own=arr[:, 1].astype(np.uint64),
        opp=arr[:, 2].astype(np.uint64), label=arr[:, 3].astype(np.int32),
        info=np.array(json.dumps({"games": games, "seed": seed, "solve_at": SOLVE_AT})))
    tmp.replace(out)


def generate(games: int, seed: int, workers: int, out: Path) -> None:
    """Play the games (in ``workers`` processes) and save the positions to ``out``; the file
    is rewritten after every 100 games, holding games 0 to n-1 (what ``--games n`` makes),
    so a run stopped early still leaves a usable, reproducible dataset."""
    t0 = time.perf_counter()
    step = 10
    chunks = [(seed, list(range(i, min(i + step, games)))) for i in range(0, games, step)]
    rows: list[tuple[int, int, int, int]] = []
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for done, part in enumerate(pool.imap(_play_many, chunks), 1):
            rows += part
            played = min(done * step, games)
            print(f"  {played}/{games} games, {len(rows)} positions, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
            if played % 100 == 0 or played == games:
                _save(rows, played, seed, out)
    print(f"saved {len(rows)} positions of {games} games to {out}")


# --------------------------------------------------------------------------------------------
# fit
# --------------------------------------------------------------------------------------------


def features(own: npt.NDArray[np.uint64], opp: npt.NDArray[np.uint64]
             ) -> tuple[npt.NDArray[np.int64], FloatArray, npt.NDArray[np.int64]]:
    """Canonical pattern indices (positions x 46), scalar features (positions x 3) and the
    number of empties of each position."""
    canon = canonical_map()
    idx = np.empty((len(own), 46), dtype=np.int64)
    scal = np.empty((len(own), len(SCALARS)), dtype=np.float64)
    empties = np.empty(len(own), dtype=np.int64)
    for i, (o, p) in enumerate(zip(own.tolist(), opp.tolist(), strict=True)):
        idx[i] = indices(o, p)
        e = 64 - (o | p).bit_count()
        empties[i] = e
        scal[i] = (legal_mask(o, p).bit_count() - legal_mask(p, o).bit_count(),
                   1.0 if e & 1 else -1.0, 1.0)
    return canon[idx], scal, empties


def ridge_fit(idx: npt.NDArray[np.int64], scal: FloatArray, y: FloatArray, ridge: float,
              iterations: int = 150) -> tuple[FloatArray, FloatArray]:
    """Minimise |X w - y|^2 + ridge |w_patterns|^2 + SCALAR_RIDGE |w_scalars|^2 by conjugate
    gradients, X being the 0/1 pattern columns ``idx`` and the scalar columns. Returns the
    pattern weights (indexed like ``idx``) and the scalar weights."""
    used, local = np.unique(idx, return_inverse=True)
    local = local.reshape(idx.shape)
    n_pat, n_sc = len(used), scal.shape[1]
    flat = local.ravel()
    cols = idx.shape[1]
    reg = np.concatenate([np.full(n_pat, ridge), np.full(n_sc, SCALAR_RIDGE)])

    def forward(w: FloatArray) -> FloatArray:
        return w[:n_pat][local].sum(axis=1) + scal @ w[n_pat:]

    def backward(r: FloatArray) -> FloatArray:
        g_pat = np.bincount(flat, weights=np.repeat(r, cols), minlength=n_pat)
        return np.concatenate([g_pat, scal.T @ r])

    def normal(w: FloatArray) -> FloatArray:
        return backward(forward(w)) + reg * w

    w = np.zeros(n_pat + n_sc)
    r = backward(y) - normal(w)
    p = r.copy()
    rs = r @ r
    for _ in range(iterations):
        ap = normal(p)
        alpha = rs / (p @ ap)
        w += alpha * p
        r -= alpha * ap
        rs_new = r @ r
        if rs_new < 1e-10:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    full = np.zeros(PATTERN_WEIGHTS)
    full[used] = w[:n_pat]
    return full, w[n_pat:]


def _phase_rows(empties: npt.NDArray[np.int64], phase: int) -> npt.NDArray[np.bool_]:
    lo = phase * PHASE_WIDTH - OVERLAP
    hi = phase * PHASE_WIDTH + PHASE_WIDTH - 1 + OVERLAP
    return (empties >= lo) & (empties <= hi)


def _teacher_values(own: npt.NDArray[np.uint64], opp: npt.NDArray[np.uint64],
                    empties: npt.NDArray[np.int64], y: FloatArray) -> FloatArray:
    """The shipped n-tuple network's value of each position for its mover (it values
    after-states for the side that just moved, hence the swap), turned into disc-margin points
    by one least-squares scale fitted from SOLVE_AT to SOLVE_AT + 10 empties, where the
    labels are nearly exact (a scale per phase would shrink to nothing in the opening, where
    the labels are mostly noise)."""
    values = -_network().values(opp.tolist(), own.tolist()).astype(np.float64)
    near = (empties > SOLVE_AT) & (empties <= SOLVE_AT + 10)
    v = values[near]
    scale = float(v @ y[near]) / max(float(v @ v), 1e-9)
    print(f"  teacher: {scale / 100:.1f} discs per unit of the network's value "
          f"(correlation {np.corrcoef(v, y[near])[0, 1]:.2f} from {SOLVE_AT + 1} to "
          f"{SOLVE_AT + 10} empties)", flush=True)
    return scale * values


def _partners(game: npt.NDArray[np.int32], empties: npt.NDArray[np.int64], y: FloatArray
              ) -> tuple[npt.NDArray[np.int64], FloatArray]:
    """For each position, the row of the same game :data:`STEP` plies later (-1 if none) and
    +1 or -1: whether the same side moves there. Without a pass that is the parity of the
    step (even: +1); two unsolved positions of one decided game carry +-the same label, which
    shows a pass."""
    where = {(int(g), int(e)): i for i, (g, e) in enumerate(zip(game, empties, strict=True))}
    partner = np.full(len(y), -1, dtype=np.int64)
    sign = np.ones(len(y))
    for i, (g, e) in enumerate(zip(game.tolist(), empties.tolist(), strict=True)):
        j = where.get((g, e - STEP), -1)
        partner[i] = j
        if j >= 0 and e - STEP > SOLVE_AT and y[i] != 0 and y[i] == -y[j]:
            sign[i] = -1.0
    return partner, sign


def _targets(rows: npt.NDArray[np.int64], y: FloatArray, empties: npt.NDArray[np.int64],
             partner: npt.NDArray[np.int64], sign: FloatArray, idx: npt.NDArray[np.int64],
             scal: FloatArray, models: dict[int, tuple[FloatArray, FloatArray]]) -> FloatArray:
    """The regression targets of ``rows``: the game's label (exact from SOLVE_AT empties)
    where the position is near the end, else a TD-style mix: LAMBDA times the value that the
    already fitted later phases give the position STEP plies later in the same game, plus
    (1 - LAMBDA) times the game's label (the label alone is mostly noise in the opening: who
    wins depends on some thirty later moves)."""
    target = y[rows].copy()
    for k, i in enumerate(rows.tolist()):
        j = int(partner[i])
        if j < 0 or empties[j] <= SOLVE_AT:
            continue
        model = models.get(phase_of(int(empties[j])))
        if model is None:
            continue
        w, sw = model
        later = float(w[idx[j]].sum() + scal[j] @ sw)
        target[k] = LAMBDA * sign[i] * later + (1 - LAMBDA) * y[i]
    return target


def fit(data: Path, out: Path, seed: int, ridge: float, choose_ridge: bool,
        mobility: bool = True, centred: bool = True) -> None:
    """Fit every phase's weights from ``data`` and write the weight file ``out`` (without
    the mobility term when ``mobility`` is false: the evaluation is then faster), centred
    (:func:`centre`) unless ``centred`` is false."""
    z = np.load(data, allow_pickle=False)
    info = json.loads(str(z["info"]))
    idx, scal, empties = features(z["own"], z["opp"])
    if not mobility:
        scal[:, 0] = 0.0
    y = z["label"].astype(np.float64)
    game = z["game"]
    held = game % 10 == 0
    print(f"{len(y)} positions from {info['games']} games (seed {info['seed']})")
    teacher = _teacher_values(z["own"], z["opp"], empties, y)
    hand = np.array([evaluate(o, p, GEOMETRIES[8]) for o, p in
                     zip(z["own"].tolist(), z["opp"].tolist(), strict=True)], dtype=np.float64)
    # Choose the ridge strength on the middle phases (held-out games).
    sample_phases = [p for p in range(PHASES) if _phase_rows(empties, p).sum() > 1000][1:-1:2]
    base = []
    for ph in sample_phases:
        rows = _phase_rows(empties, ph)
        tr, te = rows & ~held, rows & held & (np.vectorize(phase_of)(empties) == ph)
        a = np.vstack([hand[tr], np.ones(tr.sum())]).T
        coef = np.linalg.lstsq(a, y[tr], rcond=None)[0]
        pred = coef[0] * hand[te] + coef[1]
        base.append(f"{np.sqrt(np.mean((pred - y[te]) ** 2)) / 100:.2f}/"
                    f"{np.sqrt(np.mean(y[te] ** 2)) / 100:.2f}")
    print(f"  held-out RMS of the hand-tuned evaluation (scaled by least squares) / of 0: "
          f"{', '.join(base)} discs")
    best_ridge, best_err = ridge, float("nan")
    for ridge in RIDGES if choose_ridge else ():
        errs: list[float] = []
        for ph in sample_phases:
            rows = _phase_rows(empties, ph)
            tr, te = rows & ~held, rows & held & (np.vectorize(phase_of)(empties) == ph)
            w, s = ridge_fit(idx[tr], scal[tr], y[tr], ridge)
            pred = w[idx[te]].sum(axis=1) + scal[te] @ s
            errs.append(float(np.sqrt(np.mean((pred - y[te]) ** 2))))
        err = float(np.mean(errs))
        print(f"  ridge {ridge:g}: held-out RMS error {err / 100:.2f} discs "
              f"(phases {sample_phases}: {', '.join(f'{e / 100:.2f}' for e in errs)})",
              flush=True)
        if not err >= best_err:
            best_ridge, best_err = ridge, err
    canon = canonical_map()
    patterns = np.zeros((PHASES, PATTERN_WEIGHTS), dtype=np.int16)
    scalars = np.zeros((PHASES, len(SCALARS)), dtype=np.int32)
    partner, sign = _partners(game, empties, y)
    models: dict[int, tuple[FloatArray, FloatArray]] = {}
    fitted: list[int] = []
    # From the end of the game back to the opening: a phase's targets use the phases after it.
    for ph in range(PHASES):
        rows = _phase_rows(empties, ph)
        if rows.sum() < 500:
            continue
        target = _targets(np.flatnonzero(rows), y, empties, partner, sign, idx, scal, models)
        late = empties[rows] > SOLVE_AT
        target[late] = TEACHER * teacher[rows][late] + (1 - TEACHER) * target[late]
        w, sw = ridge_fit(idx[rows], scal[rows], target, best_ridge)
        models[ph] = (w, sw)
        pred = w[idx[rows]].sum(axis=1) + scal[rows] @ sw
        rms = float(np.sqrt(np.mean((pred - target) ** 2))) / 100
        result = float(np.sqrt(np.mean((pred - y[rows]) ** 2))) / 100
        patterns[ph] = np.clip(np.round(w[canon]), -32000, 32000).astype(np.int16)
        scalars[ph] = np.round(sw).astype(np.int32)
        fitted.append(ph)
        print(f"  phase {ph} ({ph * PHASE_WIDTH}-{ph * PHASE_WIDTH + PHASE_WIDTH - 1} "
              f"empties): {int(rows.sum())} positions, RMS {rms:.2f} discs to the targets, "
              f"{result:.2f} to the game results; mobility {sw[0]:.0f}, parity {sw[1]:.0f}, "
              f"bias {sw[2]:.0f}", flush=True)
    for ph in range(PHASES):
        if ph not in fitted:
            nearest = min(fitted, key=lambda f: abs(f - ph))
            patterns[ph], scalars[ph] = patterns[nearest], scalars[nearest]
    header: dict[str, Any] = {
        "games": info["games"], "seed": info["seed"], "positions": len(y),
        "solve_at": info["solve_at"], "ridge": best_ridge, "fit_seed": seed,
        "held_out_rms_discs": None if best_err != best_err else round(best_err / 100, 3),
        "fitted_phases": fitted, "mobility": mobility,
        "command": f"python tools/fit_othello_patterns.py all --games {info['games']} "
                   f"--seed {info['seed']}",
    }
    weights = PatternWeights(patterns, scalars, header)
    if centred:
        weights = centre(weights)
    _write(weights, out)


def _write(weights: PatternWeights, out: Path) -> None:
    data_bytes = weights.to_bytes()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(data_bytes)
    tmp.replace(out)
    print(f"wrote {out} ({len(data_bytes)} bytes)")


# --------------------------------------------------------------------------------------------
# centre
# --------------------------------------------------------------------------------------------


def random_positions(games: int, seed: int) -> list[tuple[int, int]]:
    """The positions ``(own, opp)`` met in ``games`` games of uniformly random moves from the
    starting position (game ``i`` seeded by ``(seed, i)``), each where its mover has a move."""
    out = []
    for number in range(games):
        rng = random.Random(seed * 1_000_003 + number)
        own, opp = 0x0000000810000000, 0x0000001008000000
        while True:
            moves = legal_mask(own, opp)
            if not moves:
                if not legal_mask(opp, own):
                    break
                own, opp = opp, own
                continue
            out.append((own, opp))
            sq = rng.choice([sq for sq, _, _ in _children(own, opp, moves)])
            f = flip_mask(own, opp, sq)
            own, opp = opp & ~f, own | f | (1 << sq)
    return out


def symmetric_means(weights: PatternWeights, positions: list[tuple[int, int]]
                    ) -> dict[int, float]:
    """By number of empties: the mean over ``positions`` of ``(value(own, opp) + value(opp,
    own)) / 2``, the value the weights give whoever moves on the same discs."""
    ev = make_evaluator(weights)
    g = GEOMETRIES[8]
    sums: dict[int, list[float]] = {}
    for own, opp in positions:
        e = 64 - (own | opp).bit_count()
        sums.setdefault(e, []).append((ev(own, opp, g) + ev(opp, own, g)) / 2)
    return {e: float(np.mean(v)) for e, v in sums.items()}


def centre(weights: PatternWeights, games: int = CENTRE_GAMES, seed: int = CENTRE_SEED
           ) -> PatternWeights:
    """The weights with their offsets set by the centring step (module docstring): from the
    weights without offsets, the mean symmetric value at each number of empties above
    SOLVE_AT over ``games`` random games from ``seed``; 0 from SOLVE_AT down."""
    bare = PatternWeights(weights.patterns, weights.scalars, weights.header)
    means = symmetric_means(bare, random_positions(games, seed))
    offsets = np.zeros(OFFSETS_SIZE, dtype=np.int32)
    for e, mean in means.items():
        if SOLVE_AT < e < OFFSETS_SIZE:
            offsets[e] = round(mean)
    header = dict(weights.header, centred={"games": games, "seed": seed,
                                           "above_empties": SOLVE_AT})
    print("  centring offsets (points, 100 a disc) from 60 empties down: "
          + ", ".join(str(int(v)) for v in offsets[::-1][:OFFSETS_SIZE - SOLVE_AT - 1]),
          flush=True)
    return PatternWeights(weights.patterns, weights.scalars, header, offsets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("generate", "fit", "all", "centre"):
        p = sub.add_parser(name)
        if name == "centre":
            p.add_argument("--file", type=Path,
                           default=ROOT / "assets" / "othello" / "patterns.npz",
                           help="the weight file to centre, rewritten in place")
            continue
        p.add_argument("--seed", type=int, default=15)
        p.add_argument("--data", type=Path, default=Path("/tmp/othello-patterns-data.npz"))
        if name != "fit":
            p.add_argument("--games", type=int, default=2400)
            p.add_argument("--workers", type=int, default=2)
        if name != "generate":
            p.add_argument("--out", type=Path, default=ROOT / "assets" / "othello" /
                           "patterns.npz")
            p.add_argument("--ridge", type=float, default=100.0)
            p.add_argument("--no-mobility", action="store_true",
                           help="leave the mobility term out (a faster evaluation)")
            p.add_argument("--choose-ridge", action="store_true",
                           help="pick the ridge strength on held-out games instead")
            p.add_argument("--no-centre", action="store_true",
                           help="leave out the centring step (the weights as fitted)")
    args = parser.parse_args()
    if args.command == "centre":
        _write(centre(read_weights(args.file.read_bytes())), args.file)
        return
    if args.command in ("generate", "all"):
        generate(args.games, args.seed, args.workers, args.data)
    if args.command in ("fit", "all"):
        fit(args.data, args.out, args.seed, args.ridge, args.choose_ridge,
            not args.no_mobility, not args.no_centre)


if __name__ == "__main__":
    main()
