"""The Othello engine's search: negamax alpha-beta (PVS) with a transposition table, and an exact
endgame solver, both on two integers (``own`` = the mover's discs, ``opp``).

The hot path creates no objects but small tuples: a position is a pair of ints, a move a square
index, and children are made with :func:`game.rules.othello.flip_mask`. The searcher counts nodes
and every 256 nodes checks the clock and the cancel flag, so it stops within a few milliseconds of
its deadline (raising :class:`SearchTimeout`) or of a cancel (raising ``SearchCancelled``).

Values: heuristic values come from :func:`ai.othello_eval.evaluate` (100 is about one disc) and
stay inside ``(-EVAL_LIMIT, EVAL_LIMIT)``; a finished game found by the midgame search is worth
``margin * PROVEN`` where ``margin`` is the final disc difference with the empty squares given to
the winner. The endgame solver returns that margin itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ai.base import SearchCancelled, SearchProgress
from ai.bounds import EXACT, LOWER, PROVEN_DISC, UPPER, SearchTimeout
from ai.othello_eval import EVAL_LIMIT, Geometry, evaluate
from game.rules.othello import flip_mask, legal_mask

INF = 1 << 30
PROVEN = PROVEN_DISC  # value of one disc of proven final margin in the midgame search
assert PROVEN > EVAL_LIMIT

PASS_SQ = -1
DEEP_ORDER = 4  # from this remaining depth, order by the opponent's replies
FEW_EMPTIES = 6  # from here down the solver tries each empty square directly


def final_margin(own: int, opp: int, squares: int) -> int:
    """Final disc difference for ``own`` with the empty squares counted for the winner."""
    o = own.bit_count()
    p = opp.bit_count()
    if o > p:
        return squares - 2 * p
    if o < p:
        return 2 * o - squares
    return 0


Evaluator = Callable[[int, int, Geometry], int]


class Searcher:
    """One search context: board geometry, transposition tables, counters, deadline.

    ``tt_entries`` bounds each table; when a table is full it is emptied (simple and bounded:
    the next iteration refills it with the entries that matter). ``use_tt=False`` turns the
    table off (used by tests to check that the table does not change fixed-depth values).
    """

    def __init__(
        self,
        geometry: Geometry,
        *,
        deadline: float = float("inf"),
        cancel: threading.Event | None = None,
        tt_entries: int = 300_000,
        use_tt: bool = True,
        evaluator: Evaluator = evaluate,
    ) -> None:
        self.g = geometry
        self.deadline = deadline
        self.cancel = cancel if cancel is not None else threading.Event()
        self.tt_entries = tt_entries
        self.use_tt = use_tt
        self.evaluator = evaluator
        self.tt: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.ett: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.history = [0] * 64
        self.nodes = 0
        #: Where the node count is published while searching (see ai.base.SearchProgress).
        self.progress: SearchProgress | None = None

    # --- housekeeping -------------------------------------------------------------------------

    def tick(self) -> None:
        """Raise SearchCancelled or SearchTimeout when it is time to stop."""
        if self.progress is not None:
            self.progress.nodes = self.nodes  # for a class watching it think
        if self.cancel.is_set():
            raise SearchCancelled()
        if time.perf_counter() > self.deadline:
            raise SearchTimeout()

    def _store(self, key: tuple[int, int], entry: tuple[int, int, int, int]) -> None:
        tt = self.tt
        if len(tt) >= self.tt_entries:
            tt.clear()
        tt[key] = entry

    def _estore(self, key: tuple[int, int], entry: tuple[int, int, int]) -> None:
        ett = self.ett
        if len(ett) >= self.tt_entries:
            ett.clear()
        ett[key] = entry

    # --- move ordering ------------------------------------------------------------------------

    def order(self, own: int, opp: int, moves: int, depth: int, tt_move: int
              ) -> list[tuple[int, int, int]]:
        """The moves as ``(key, square, flips)`` sorted best first.

        TT move first; then, at depth 3 or more, fewest opponent replies (with corners and the
        history table as tie-breaks); at shallow depth the static square order and history.
        """
        region = self.g.region
        static = self.g.square_order
        history = self.history
        out = []
        m = moves
        if depth >= DEEP_ORDER:
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                f = flip_mask(own, opp, sq)
                if sq == tt_move:
                    key = -1 << 40
                else:
                    replies = legal_mask(opp & ~f, own | f | b, region).bit_count()
                    key = replies * 4096 - static[sq] * 64 - history[sq]
                out.append((key, sq, f))
        else:
            # Shallow: flips are computed only for the moves actually searched (f = 0 here).
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                key = -1 << 40 if sq == tt_move else -static[sq] * 64 - history[sq]
                out.append((key, sq, 0))
        out.sort()
        return out

    # --- midgame search -----------------------------------------------------------------------

    def negamax(self, own: int, opp: int, depth: int, alpha: int, beta: int) -> int:
        """The value of the position for the mover, searched ``depth`` plies (fail-soft PVS)."""
        self.nodes += 1
        if not self.nodes & 255:
            self.tick()
        g = self.g
        if depth <= 0:
            return self.evaluator(own, opp, g)
        key = (own, opp)
        tt_move = PASS_SQ
        use_tt = self.use_tt
        if use_tt:
            entry = self.tt.get(key)
            if entry is not None:
                e_depth, flag, value, tt_move = entry
                if e_depth >= depth and (
                    flag == EXACT
                    or (flag == LOWER and value >= beta)
                    or (flag == UPPER and value <= alpha)
                ):
                    return value
        region = g.region
        moves = legal_mask(own, opp, region)
        if not moves:
            if not legal_mask(opp, own, region):
                return final_margin(own, opp, g.squares) * PROVEN
            return -self.negamax(opp, own, depth, -beta, -alpha)
        best = -INF
        best_sq = PASS_SQ
        a = alpha
        first = True
        child_depth = depth - 1
        for _, sq, f in self.order(own, opp, moves, depth, tt_move):
            if not f:
                f = flip_mask(own, opp, sq)
            b = 1 << sq
            child_own = opp & ~f
            child_opp = own | f | b
            if first:
                v = -self.negamax(child_own, child_opp, child_depth, -beta, -a)
                first = False
            else:
                v = -self.negamax(child_own, child_opp, child_depth, -a - 1, -a)
                if a < v < beta:
                    v = -self.negamax(child_own, child_opp, child_depth, -beta, -v)
            if v > best:
                best = v
                best_sq = sq
                if v > a:
                    a = v
                    if a >= beta:
                        # Capped so that history never outweighs a static square class.
                        history = self.history
                        history[sq] = min(history[sq] + depth * depth, 600)
                        break
        if use_tt:
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            self._store(key, (depth, flag, best, best_sq))
        return best

    # --- exact endgame ------------------------------------------------------------------------

    def solve(self, own: int, opp: int, alpha: int, beta: int) -> int:
        """The exact final margin for the mover (empties to the winner), fail-soft PVS.

        Orders moves fastest-first (fewest opponent replies) while many squares are empty, then
        by parity (moves in regions with an odd number of empties first) near the end.
        """
        self.nodes += 1
        if not self.nodes & 255:
            self.tick()
        g = self.g
        region = g.region
        empty = region & ~(own | opp)
        n_empty = empty.bit_count()
        if n_empty == 1:
            sq = empty.bit_length() - 1
            f = flip_mask(own, opp, sq)
            if f:
                return own.bit_count() - opp.bit_count() + 2 * f.bit_count() + 1
            f = flip_mask(opp, own, sq)
            if f:
                return own.bit_count() - opp.bit_count() - 2 * f.bit_count() - 1
            return final_margin(own, opp, g.squares)
        if n_empty == 0:
            return own.bit_count() - opp.bit_count()
        if n_empty <= FEW_EMPTIES:
            return self._solve_few(own, opp, empty, alpha, beta, False)
        moves = legal_mask(own, opp, region)
        if not moves:
            if not legal_mask(opp, own, region):
                return final_margin(own, opp, g.squares)
            return -self.solve(opp, own, -beta, -alpha)
        use_tt = self.use_tt and n_empty >= 8
        tt_move = PASS_SQ
        key = (own, opp)
        if use_tt:
            entry = self.ett.get(key)
            if entry is not None:
                flag, value, tt_move = entry
                if (flag == EXACT or (flag == LOWER and value >= beta)
                        or (flag == UPPER and value <= alpha)):
                    return value
        ordered: list[tuple[int, int, int]] = []
        m = moves
        if n_empty >= 7:
            static = g.square_order
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                f = flip_mask(own, opp, sq)
                if sq == tt_move:
                    k = -1 << 40
                else:
                    k = legal_mask(opp & ~f, own | f | b, region).bit_count() * 256 - static[sq]
                ordered.append((k, sq, f))
            ordered.sort()
        else:
            odd = 0
            for quadrant in g.quadrants:
                if (empty & quadrant).bit_count() & 1:
                    odd |= quadrant
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                ordered.append((0 if b & odd else 1, sq, 0))
            ordered.sort()
        best = -INF
        best_sq = PASS_SQ
        a = alpha
        first = True
        for _, sq, f in ordered:
            if not f:
                f = flip_mask(own, opp, sq)
            b = 1 << sq
            child_own = opp & ~f
            child_opp = own | f | b
            if first:
                v = -self.solve(child_own, child_opp, -beta, -a)
                first = False
            else:
                v = -self.solve(child_own, child_opp, -a - 1, -a)
                if a < v < beta:
                    v = -self.solve(child_own, child_opp, -beta, -v)
            if v > best:
                best = v
                best_sq = sq
                if v > a:
                    a = v
                    if a >= beta:
                        break
        if use_tt:
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            self._estore(key, (flag, best, best_sq))
        return best

    def _solve_few(self, own: int, opp: int, empty: int, alpha: int, beta: int,
                   passed: bool) -> int:
        """The solver's last few empties: no move generator, no table, no sorting; each empty
        square is tried directly (squares in odd-parity quadrants first). ``passed`` says the
        previous player had to pass, so a second pass ends the game."""
        self.nodes += 1
        if not self.nodes & 255:
            self.tick()
        if not empty & (empty - 1):  # one empty square left
            if empty == 0:
                return own.bit_count() - opp.bit_count()
            sq = empty.bit_length() - 1
            f = flip_mask(own, opp, sq)
            if f:
                return own.bit_count() - opp.bit_count() + 2 * f.bit_count() + 1
            f = flip_mask(opp, own, sq)
            if f:
                return own.bit_count() - opp.bit_count() - 2 * f.bit_count() - 1
            return final_margin(own, opp, self.g.squares)
        odd = 0
        for quadrant in self.g.quadrants:
            if (empty & quadrant).bit_count() & 1:
                odd |= quadrant
        best = -INF
        for part in (empty & odd, empty & ~odd):
            while part:
                b = part & -part
                part ^= b
                f = flip_mask(own, opp, b.bit_length() - 1)
                if f:
                    v = -self._solve_few(opp & ~f, own | f | b, empty ^ b, -beta, -alpha, False)
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return best
        if best == -INF:  # no move: pass, or the game is over
            if passed:
                return -final_margin(opp, own, self.g.squares)
            return -self._solve_few(opp, own, empty, -beta, -alpha, True)
        return best

    # --- principal lines ----------------------------------------------------------------------

    def principal_line(self, own: int, opp: int, first_sq: int, limit: int,
                       exact: bool) -> list[int]:
        """The expected line from the tables: ``first_sq`` then the stored best replies
        (``PASS_SQ`` for a pass), stopping at a missing entry or an illegal stored move."""
        region = self.g.region
        line = [first_sq]
        f = flip_mask(own, opp, first_sq)
        own, opp = opp & ~f, own | f | (1 << first_sq)
        seen = set()
        while len(line) < limit and (own, opp) not in seen:
            seen.add((own, opp))
            moves = legal_mask(own, opp, region)
            if not moves:
                if not legal_mask(opp, own, region):
                    break
                line.append(PASS_SQ)
                own, opp = opp, own
                continue
            if exact:
                e_entry = self.ett.get((own, opp))
                sq = e_entry[2] if e_entry is not None else PASS_SQ
            else:
                entry = self.tt.get((own, opp))
                sq = entry[3] if entry is not None else PASS_SQ
            if sq < 0 or not (moves >> sq) & 1:
                break
            line.append(sq)
            f = flip_mask(own, opp, sq)
            own, opp = opp & ~f, own | f | (1 << sq)
        return line
