"""The Othello engine's search: negamax alpha-beta (PVS) with a transposition table, and an exact
endgame solver, both on two integers (``own`` = the mover's discs, ``opp``).

The hot path creates no objects but small tuples: a position is a pair of ints, a move a square
index, and children are made with :func:`game.rules.othello.flip_mask`. The searcher counts nodes
and every 256 nodes checks the clock and the cancel flag, so it stops within a few milliseconds of
its deadline (raising :class:`SearchTimeout`) or of a cancel (raising ``SearchCancelled``).
The endgame solver (:meth:`Searcher.solve`) adds a stability cut-off, an enhanced transposition
cut-off, fastest-first and parity ordering, and an allocation-free solver of the last four
empties; the flips come from the per-square functions of :mod:`ai.othello_flips`, the last
square's score from its line tables, and the children's reply counts for fastest-first ordering
from one packed move generation for all of them (:mod:`ai.othello_packed`).

Nodes one ply above the leaves (:meth:`Searcher._frontier`) count their children's mobility in
two packed move generations and update the children's pattern indices from their own, when the
evaluation has that form (:func:`ai.othello_patterns.mobility_form`); values, tables and moves
are those of evaluating each leaf alone.

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
from ai.othello_eval import EVAL_LIMIT, Geometry, evaluate, stable_mask
from ai.othello_flips import FLIPS, LAST
from ai.othello_packed import LANE, LANE_MASK, legal_many
from ai.othello_patterns import child_indices, mobility_form, packed_indices
from game.rules.othello import legal_mask

INF = 1 << 30
PROVEN = PROVEN_DISC  # value of one disc of proven final margin in the midgame search
assert PROVEN > EVAL_LIMIT

#: Nodes between two looks at the clock and the cancel flag (a few milliseconds of search; the
#: last-four solver's subtrees, which do not look, add at most a few hundred nodes more).
CHECK_EVERY = 256
PASS_SQ = -1
DEEP_ORDER = 4  # from this remaining depth, order by the opponent's replies
FEW_EMPTIES = 6  # from here down the solver tries each empty square directly
HINT_EMPTIES = 12  # from here up the solver takes a first move from the midgame table
ETC_EMPTIES = 10  # from here up the solver probes its children in the table first
ORDER_MEMO = 50_000  # sets of empties whose move order is remembered
STABILITY_FROM = -4  # the stability cut-off is tried when alpha >= this + 2 * empties


def _neighbours(sq: int) -> int:
    """The squares around ``sq`` (8-neighbourhood) in the 8x8 layout."""
    row, col = divmod(sq, 8)
    out = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if (dr or dc) and 0 <= r < 8 and 0 <= c < 8:
                out |= 1 << (r * 8 + c)
    return out


#: A square can only flip discs when one of its neighbours holds an opponent disc.
NEIGHBOURS = tuple(_neighbours(sq) for sq in range(64))


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
LastSquare = Callable[[int, int], int]


def _region_last(sq: int, region: int) -> LastSquare:
    """:data:`ai.othello_flips.LAST`'s job on a smaller board (its tables assume the 8x8 board,
    where every square that is not ours is the opponent's)."""
    flips = FLIPS[sq]
    others = region & ~(1 << sq)

    def last(own: int, diff: int) -> int:
        opp = others & ~own
        f = flips(own, opp)
        if f:
            return diff + 2 * f.bit_count() + 1
        f = flips(opp, own)
        if f:
            return diff - 2 * f.bit_count() - 1
        return diff + 1 if diff > 0 else diff - 1 if diff < 0 else 0

    return last


def last_square_solvers(g: Geometry) -> tuple[LastSquare, ...]:
    """For each square, the final margin when it is the only empty one (see LAST)."""
    if g.region == (1 << 64) - 1:
        return LAST
    return tuple(_region_last(sq, g.region) for sq in range(64))


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
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.g = geometry
        #: What ``deadline`` is measured on: wall clock, or a thread's CPU time in benchmarks
        #: on a shared machine (see OthelloEngine's ``clock``).
        self.clock = clock
        self.last = last_square_solvers(geometry)
        self.deadline = deadline
        self.cancel = cancel if cancel is not None else threading.Event()
        self.tt_entries = tt_entries
        self.use_tt = use_tt
        self.evaluator = evaluator
        #: The evaluation given the move counts (ai.othello_patterns.mobility_form), which lets
        #: a node one ply above the leaves count them for all its children at once (None: no
        #: such form, every leaf calls ``evaluator``).
        self.frontier = mobility_form(evaluator) if geometry.size == 8 else None
        self.tt: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.ett: dict[tuple[int, int], tuple[int, int, int]] = {}
        #: The endgame table's previous generation: when ``ett`` is full it becomes this one
        #: (the older one is dropped), so a full table never loses its newest entries.
        self.ett_old: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.history = [0] * 64
        #: Few-empties move orders by set of empties (see _parity_order).
        self.orders: dict[int, tuple[int, ...]] = {}
        self.nodes = 0
        #: Where the node count is published while searching (see ai.base.SearchProgress).
        self.progress: SearchProgress | None = None
        self.next_check = CHECK_EVERY  # node count at which the clock and cancel flag are read

    # --- housekeeping -------------------------------------------------------------------------

    def tick(self) -> None:
        """Raise SearchCancelled or SearchTimeout when it is time to stop; otherwise the
        next check comes :data:`CHECK_EVERY` nodes later."""
        self.next_check = self.nodes + CHECK_EVERY
        if self.progress is not None:
            self.progress.nodes = self.nodes  # for a class watching it think
        if self.cancel.is_set():
            raise SearchCancelled()
        if self.clock() > self.deadline:
            raise SearchTimeout()

    def _store(self, key: tuple[int, int], entry: tuple[int, int, int, int]) -> None:
        tt = self.tt
        if len(tt) >= self.tt_entries:
            tt.clear()
        tt[key] = entry

    def _estore(self, key: tuple[int, int], old: tuple[int, int, int] | None, value: int,
                alpha: int, beta: int, best_sq: int) -> None:
        """Store a fail-soft result found with the window ``(alpha, beta)``: the endgame table
        keeps a lower and an upper bound of the exact value (``-INF``/``INF`` when unknown)
        and the best move, so a re-search with another window keeps what the first one
        proved. ``old`` is the entry read before the search (None if there was none)."""
        if value <= alpha:  # failed low: an upper bound; the old lower bound still holds
            entry = (old[0], value, old[2]) if old is not None else (-INF, value, best_sq)
        elif value >= beta:
            entry = (value, old[1] if old is not None else INF, best_sq)
        else:
            entry = (value, value, best_sq)
        ett = self.ett
        if len(ett) >= self.tt_entries:
            self.ett_old = ett
            self.ett = ett = {}
        ett[key] = entry

    def eprobe(self, key: tuple[int, int]) -> tuple[int, int, int] | None:
        """The endgame table's entry for ``key`` (either generation), or None."""
        entry = self.ett.get(key)
        return entry if entry is not None else self.ett_old.get(key)

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
            # Every child's replies in one pass (see ai.othello_packed).
            flips = []
            packed_own = packed_opp = shift = 0
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                f = FLIPS[sq](own, opp)
                flips.append((sq, f))
                packed_own |= (opp & ~f) << shift
                packed_opp |= (own | f | b) << shift
                shift += LANE
            replies_all = legal_many(packed_own, packed_opp, len(flips), region)
            for sq, f in flips:
                replies = (replies_all & LANE_MASK).bit_count()
                replies_all >>= LANE
                key = (-1 << 40 if sq == tt_move
                       else replies * 4096 - static[sq] * 64 - history[sq])
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
        if self.nodes >= self.next_check:
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
        if depth == 1 and self.frontier is not None:
            best, best_sq = self._frontier(own, opp, moves, beta, tt_move)
            if best >= beta:
                self.history[best_sq] = min(self.history[best_sq] + 1, 600)
            if use_tt:
                flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
                self._store(key, (depth, flag, best, best_sq))
            return best
        best = -INF
        best_sq = PASS_SQ
        a = alpha
        first = True
        child_depth = depth - 1
        for _, sq, f in self.order(own, opp, moves, depth, tt_move):
            if not f:
                f = FLIPS[sq](own, opp)
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

    def _frontier(self, own: int, opp: int, moves: int, beta: int, tt_move: int
                  ) -> tuple[int, int]:
        """A node one ply above the leaves: its best child value (fail-soft, stopping at the
        first ``>= beta``) and that child's square, the same as searching each child to depth
        0 (a leaf's value is exact, so PVS's null windows would only repeat it). The first
        child, often the cut-off, is evaluated alone; the others' move counts, half of an
        evaluation's cost, come from two packed move generations for all of them
        (:mod:`ai.othello_packed`) and go to the evaluation's :func:`mobility_form`."""
        ordered = self.order(own, opp, moves, 1, tt_move)
        g = self.g
        _, sq, _ = ordered[0]
        f = FLIPS[sq](own, opp)
        best = -self.evaluator(opp & ~f, own | f | (1 << sq), g)
        best_sq = sq
        count = len(ordered) - 1
        self.nodes += 1
        if best >= beta or not count:
            return best, best_sq
        children = []
        packed_own = packed_opp = shift = 0
        for _, sq, _ in ordered[1:]:
            f = FLIPS[sq](own, opp)
            c_own = opp & ~f
            c_opp = own | f | (1 << sq)
            children.append((sq, c_own, c_opp, f))
            packed_own |= c_own << shift
            packed_opp |= c_opp << shift
            shift += LANE
        theirs = legal_many(packed_own, packed_opp, count, g.region)  # each child's mover
        ours = legal_many(packed_opp, packed_own, count, g.region)
        value = self.frontier
        assert value is not None
        # The children's pattern indices, each updated from this node's as seen by its
        # opponent (the children's mover): cheaper than building each child's own.
        their_view = packed_indices(opp, own)
        for sq, c_own, c_opp, f in children:
            self.nodes += 1
            v = -value(c_own, c_opp,
                       (theirs & LANE_MASK).bit_count() - (ours & LANE_MASK).bit_count(),
                       child_indices(0, their_view, sq, f)[0])
            theirs >>= LANE
            ours >>= LANE
            if v > best:
                best = v
                best_sq = sq
                if v >= beta:
                    break
        if self.nodes >= self.next_check:
            self.tick()
        return best, best_sq

    # --- exact endgame ------------------------------------------------------------------------

    def solve(self, own: int, opp: int, alpha: int, beta: int) -> int:
        """The exact final margin for the mover (empties to the winner), fail-soft.

        Inside the window the value is exact; at or below ``alpha`` it is an upper bound, at or
        above ``beta`` a lower bound. A win/loss/draw search is this call with the window
        ``(-1, 1)``: the sign of the value is then exact. Dispatches on the number of empty
        squares: the table-driven :meth:`_solve_deep`, the parity-ordered :meth:`_solve_few`,
        and the allocation-free last-four solver (:meth:`_last4` and below).
        """
        region = self.g.region
        empty = region & ~(own | opp)
        n_empty = empty.bit_count()
        if n_empty > FEW_EMPTIES:
            return self._solve_deep(own, opp, empty, n_empty, alpha, beta)
        if n_empty > 4:
            return self._solve_few(own, opp, empty, alpha, beta, False)
        return self._last4(own, opp, empty, alpha, beta, False)

    def _solve_deep(self, own: int, opp: int, empty: int, n_empty: int, alpha: int,
                    beta: int, moves: int = -1) -> int:
        """The solver with many empties: stability cut-off, transposition table with enhanced
        transposition cut-off (a child's stored bound can end the node before any search),
        then fastest-first ordering (fewest opponent replies) with PVS."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.tick()
        g = self.g
        squares = g.squares
        # Stability: the opponent's stable discs stay theirs, so the mover's margin is at most
        # squares - 2 * stable. Worth computing only when alpha is that high already.
        if alpha >= STABILITY_FROM + 2 * n_empty:
            bound = squares - 2 * stable_mask(opp, own | opp, g).bit_count()
            if bound <= alpha:
                return bound
        key = (own, opp)
        ett = self.ett
        ett_old = self.ett_old
        tt_move = PASS_SQ
        use_tt = self.use_tt
        if use_tt:
            entry = ett.get(key)
            if entry is None:
                entry = ett_old.get(key)
            if entry is not None:
                lower, upper, tt_move = entry
                if lower >= beta:
                    return lower
                if upper <= alpha or lower == upper:
                    return upper
            elif n_empty >= HINT_EMPTIES:
                # Near the root, the heuristic search that ran before the solve (same game,
                # same table kept across moves) may know a good first move.
                hint = self.tt.get(key)
                if hint is not None:
                    tt_move = hint[3]
        region = g.region
        if moves < 0:
            moves = legal_mask(own, opp, region)
        if not moves:
            if not legal_mask(opp, own, region):
                return final_margin(own, opp, squares)
            return -self.solve(opp, own, -beta, -alpha)
        etc = use_tt and n_empty >= ETC_EMPTIES
        children: list[tuple[int, int, int]] = []
        packed_own = packed_opp = shift = 0
        m = moves
        while m:
            b = m & -m
            m ^= b
            sq = b.bit_length() - 1
            f = FLIPS[sq](own, opp)
            c_own = opp & ~f
            c_opp = own | f | b
            if etc:
                # Enhanced transposition cut-off: a child already known to be bad enough for
                # the opponent (their upper bound <= -beta) proves this node >= beta.
                child = ett.get((c_own, c_opp))
                if child is None:
                    child = ett_old.get((c_own, c_opp))
                if child is not None and -child[1] >= beta:
                    return -child[1]
            children.append((sq, c_own, c_opp))
            packed_own |= c_own << shift
            packed_opp |= c_opp << shift
            shift += LANE
        # Every child's replies in one pass (see ai.othello_packed); fewest first, corners
        # counted twice, then the static square order.
        replies_all = legal_many(packed_own, packed_opp, len(children), region)
        static = g.square_order
        corners = g.corners
        ordered: list[tuple[int, int, int, int, int]] = []
        for sq, c_own, c_opp in children:
            replies = replies_all & LANE_MASK
            replies_all >>= LANE
            if sq == tt_move:
                k = -1 << 40
            else:
                k = ((replies.bit_count() + (replies & corners).bit_count()) * 256
                     - static[sq])
            ordered.append((k, sq, c_own, c_opp, replies))
        ordered.sort()
        best = -INF
        best_sq = PASS_SQ
        a = alpha
        first = True
        if n_empty - 1 > FEW_EMPTIES:
            deep = self._solve_deep
            c_empty = n_empty - 1
            for _, sq, c_own, c_opp, replies in ordered:
                e = empty ^ (1 << sq)
                if first:
                    v = -deep(c_own, c_opp, e, c_empty, -beta, -a, replies)
                    first = False
                else:
                    v = -deep(c_own, c_opp, e, c_empty, -a - 1, -a, replies)
                    if a < v < beta:
                        v = -deep(c_own, c_opp, e, c_empty, -beta, -v, replies)
                if v > best:
                    best = v
                    best_sq = sq
                    if v > a:
                        a = v
                        if a >= beta:
                            break
            if use_tt:
                self._estore(key, entry, best, alpha, beta, best_sq)
            return best
        solve = self.solve
        for _, sq, c_own, c_opp, _r in ordered:
            if first:
                v = -solve(c_own, c_opp, -beta, -a)
                first = False
            else:
                v = -solve(c_own, c_opp, -a - 1, -a)
                if a < v < beta:
                    v = -solve(c_own, c_opp, -beta, -v)
            if v > best:
                best = v
                best_sq = sq
                if v > a:
                    a = v
                    if a >= beta:
                        break
        if use_tt:
            self._estore(key, entry, best, alpha, beta, best_sq)
        return best

    def _solve_few(self, own: int, opp: int, empty: int, alpha: int, beta: int,
                   passed: bool) -> int:
        """The solver's few last empties (5 or 6): no move generator, no table, no sorting;
        each empty square next to an opponent disc is tried directly (squares in odd-parity
        quadrants first). ``passed`` says the previous player had to pass, so a second pass
        ends the game."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.tick()
        order = self.orders.get(empty)
        if order is None:
            order = self._parity_order(empty)
        best = -INF
        child_solve = self._solve_few if len(order) > 5 else self._last4
        for sq in order:
            if not NEIGHBOURS[sq] & opp:
                continue
            f = FLIPS[sq](own, opp)
            if f:
                b = 1 << sq
                v = -child_solve(opp & ~f, own | f | b, empty ^ b, -beta, -alpha, False)
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

    def _parity_order(self, empty: int) -> tuple[int, ...]:
        """The empty squares in the order the few-empties solvers try
        them: squares in quadrants with an odd number of empties first, then by the static
        square order (corners first, X squares last). Remembered per set of empties: the same
        sets come back all over the tree, and looking one up is cheaper than this."""
        odd = 0
        for quadrant in self.g.quadrants:
            if (empty & quadrant).bit_count() & 1:
                odd |= quadrant
        static = self.g.square_order
        squares = [sq for sq in range(64) if (empty >> sq) & 1]
        squares.sort(key=lambda sq: (not (odd >> sq) & 1, -static[sq], sq))
        order = tuple(squares)
        if len(self.orders) >= ORDER_MEMO:
            self.orders.clear()
        self.orders[empty] = order
        return order

    # --- the last four empties: no lists, no tables, squares passed as plain ints --------------

    def _last4(self, own: int, opp: int, empty: int, alpha: int, beta: int, passed: bool
               ) -> int:
        """Up to four empties (``empty``): squares in odd-parity quadrants first."""
        if empty & (empty - 1) == 0:  # zero or one empty square
            if not empty:
                self.nodes += 1
                return final_margin(own, opp, self.g.squares)
            return self._last1(own, opp, empty.bit_length() - 1)
        order = self.orders.get(empty)
        if order is None:
            order = self._parity_order(empty)
        if len(order) == 2:
            return self._last2(own, opp, order[0], order[1], alpha, beta, False)
        if len(order) == 3:
            return self._last3(own, opp, order[0], order[1], order[2], alpha, beta, False)
        s1, s2, s3, s4 = order
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.tick()
        best = -INF
        last3 = self._last3
        if NEIGHBOURS[s1] & opp:
            f = FLIPS[s1](own, opp)
            if f:
                best = -last3(opp & ~f, own | f | (1 << s1), s2, s3, s4, -beta, -alpha, False)
                if best >= beta:
                    return best
                if best > alpha:
                    alpha = best
        if NEIGHBOURS[s2] & opp:
            f = FLIPS[s2](own, opp)
            if f:
                v = -last3(opp & ~f, own | f | (1 << s2), s1, s3, s4, -beta, -alpha, False)
                if v > best:
                    if v >= beta:
                        return v
                    best = v
                    if v > alpha:
                        alpha = v
        if NEIGHBOURS[s3] & opp:
            f = FLIPS[s3](own, opp)
            if f:
                v = -last3(opp & ~f, own | f | (1 << s3), s1, s2, s4, -beta, -alpha, False)
                if v > best:
                    if v >= beta:
                        return v
                    best = v
                    if v > alpha:
                        alpha = v
        if NEIGHBOURS[s4] & opp:
            f = FLIPS[s4](own, opp)
            if f:
                v = -last3(opp & ~f, own | f | (1 << s4), s1, s2, s3, -beta, -alpha, False)
                if v > best:
                    best = v
        if best == -INF:
            if passed:
                return final_margin(own, opp, self.g.squares)
            return -self._last4(opp, own, empty, -beta, -alpha, True)
        return best

    def _last3(self, own: int, opp: int, s1: int, s2: int, s3: int, alpha: int, beta: int,
               passed: bool) -> int:
        """Three empty squares, tried in the given order."""
        self.nodes += 1
        best = -INF
        last2 = self._last2
        if NEIGHBOURS[s1] & opp:
            f = FLIPS[s1](own, opp)
            if f:
                best = -last2(opp & ~f, own | f | (1 << s1), s2, s3, -beta, -alpha, False)
                if best >= beta:
                    return best
                if best > alpha:
                    alpha = best
        if NEIGHBOURS[s2] & opp:
            f = FLIPS[s2](own, opp)
            if f:
                v = -last2(opp & ~f, own | f | (1 << s2), s1, s3, -beta, -alpha, False)
                if v > best:
                    if v >= beta:
                        return v
                    best = v
                    if v > alpha:
                        alpha = v
        if NEIGHBOURS[s3] & opp:
            f = FLIPS[s3](own, opp)
            if f:
                v = -last2(opp & ~f, own | f | (1 << s3), s1, s2, -beta, -alpha, False)
                if v > best:
                    best = v
        if best == -INF:
            if passed:
                return final_margin(own, opp, self.g.squares)
            return -self._last3(opp, own, s1, s2, s3, -beta, -alpha, True)
        return best

    def _last2(self, own: int, opp: int, s1: int, s2: int, alpha: int, beta: int,
               passed: bool) -> int:
        """Two empty squares; the last one is scored from line tables (ai.othello_flips.LAST)."""
        self.nodes += 1
        best = -INF
        # After our move the opponent's lead, with one square left, is -(diff + 2 * flips + 1).
        diff = own.bit_count() - opp.bit_count()
        if NEIGHBOURS[s1] & opp:
            f = FLIPS[s1](own, opp)
            if f:
                self.nodes += 1
                best = -self.last[s2](opp & ~f, -diff - 2 * f.bit_count() - 1)
                if best >= beta:
                    return best
        if NEIGHBOURS[s2] & opp:
            f = FLIPS[s2](own, opp)
            if f:
                self.nodes += 1
                v = -self.last[s1](opp & ~f, -diff - 2 * f.bit_count() - 1)
                if v > best:
                    best = v
        if best == -INF:
            if passed:
                return final_margin(own, opp, self.g.squares)
            return -self._last2(opp, own, s1, s2, -beta, -alpha, True)
        return best

    def _last1(self, own: int, opp: int, sq: int) -> int:
        """One empty square: the mover plays it, else the opponent does, else the game ends."""
        self.nodes += 1
        return self.last[sq](own, own.bit_count() - opp.bit_count())

    # --- principal lines ----------------------------------------------------------------------

    def principal_line(self, own: int, opp: int, first_sq: int, limit: int,
                       exact: bool) -> list[int]:
        """The expected line from the tables: ``first_sq`` then the stored best replies
        (``PASS_SQ`` for a pass), stopping at a missing entry or an illegal stored move."""
        region = self.g.region
        line = [first_sq]
        f = FLIPS[first_sq](own, opp)
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
                e_entry = self.eprobe((own, opp))
                sq = e_entry[2] if e_entry is not None else PASS_SQ
            else:
                entry = self.tt.get((own, opp))
                sq = entry[3] if entry is not None else PASS_SQ
            if sq < 0 or not (moves >> sq) & 1:
                break
            line.append(sq)
            f = FLIPS[sq](own, opp)
            own, opp = opp & ~f, own | f | (1 << sq)
        return line
