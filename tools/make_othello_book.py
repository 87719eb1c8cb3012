"""Make the Othello engine's opening book (ai/othello_book.py) from seeded self-play.

One command regenerates the shipped file (the same file for the same arguments)::

    python tools/make_othello_book.py --games 60 --plies 8 --depth 6 --window 300 --keep 4 --seed 15

(the shipped file: 131 positions, 9.1 kB; 46 CPU seconds here in session 6; made again
then because the pattern evaluation was centred, see docs/experiments.md: same positions
and moves, values lower by the centring offset at the leaves' number of empties).

Game ``i`` is seeded by ``(seed, i)``. Each game starts from the initial position; at each of
its first ``--plies`` plies, a position not yet in the book is analysed: every legal move is
searched to ``--depth`` plies by the engine's search (full window, the shipped pattern
evaluation), and the moves within ``--window`` points (100 = one disc) of the best, at most
``--keep`` of them, go into the book with their values. The game then goes on with one of the
kept moves chosen at random, so the games spread over the lines the engine itself considers
good: the book holds the engine's own choices, searched deeper than a move's budget allows.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.othello_book import Book, canonical, read_book
from ai.othello_eval import GEOMETRIES
from ai.othello_patterns import shipped_evaluator
from ai.othello_search import INF, Searcher
from game.rules.othello import MOVE_AT, OthelloOptions, bits, flip_mask, legal_mask

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "othello" / "book.json"


def analyse(searcher: Searcher, own: int, opp: int, depth: int, window: int, keep: int
            ) -> tuple[tuple[int, int], ...]:
    """The position's best moves (square, value), best first: every legal move searched to
    ``depth`` plies with the full window; those within ``window`` of the best, ``keep`` at
    most (ties broken by square, so the result does not depend on dictionary order)."""
    scored = []
    for sq in bits(legal_mask(own, opp)):
        f = flip_mask(own, opp, sq)
        value = -searcher.negamax(opp & ~f, own | f | (1 << sq), depth - 1, -INF, INF)
        scored.append((-value, sq))
    scored.sort()
    best = -scored[0][0]
    return tuple((sq, -neg) for neg, sq in scored if -neg >= best - window)[:keep]


def make_book(games: int, plies: int, depth: int, window: int, keep: int, seed: int,
              log: bool = True) -> Book:
    """Play the self-play games and return the book (see the module docstring)."""
    entries: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    searcher = Searcher(GEOMETRIES[8], evaluator=shipped_evaluator())
    t0 = time.process_time()
    for game in range(games):
        rng = random.Random(f"{seed}:{game}")
        state = OthelloOptions().initial_state()
        for _ in range(plies):
            if state.outcome is not None or not state.placements():
                break
            own, opp = state.own, state.opp
            key, _ = canonical(own, opp)
            if key not in entries:
                entries[key] = analyse(searcher, key[0], key[1], depth, window, keep)
            # Kept moves are stored for the canonical image: play one on this board.
            moves = Book({key: entries[key]}, depth, "").moves(own, opp)
            sq, _ = rng.choice(moves)
            state = state.play(MOVE_AT[sq])
        if log:
            print(f"game {game + 1}/{games}: {len(entries)} positions, "
                  f"{time.process_time() - t0:.0f} CPU s", flush=True)
    source = (f"self-play: {games} games, first {plies} plies, depth-{depth} search, moves "
              f"within {window} points (at most {keep}), seed {seed}")
    return Book(entries, depth, source)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main() -> None:
    """Parse the command line, make the book, check it reads back, write it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--window", type=int, default=300,
                        help="keep moves within this many points of the best (100 = 1 disc)")
    parser.add_argument("--keep", type=int, default=4, help="at most this many moves a position")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    book = make_book(args.games, args.plies, args.depth, args.window, args.keep, args.seed)
    text = book.to_json()
    read_book(text)  # the file we write must be one the engine accepts
    write_atomically(args.out, text)
    print(f"{len(book)} positions, {len(text):,} bytes written to {args.out}")


if __name__ == "__main__":
    main()
