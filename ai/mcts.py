"""Monte Carlo tree search (UCT) with random playouts: ``mcts:iterations=n`` or ``time=s``.

Each iteration walks down the tree choosing the child with the best UCB1 bound (win rate plus
an exploration bonus that shrinks as a move is tried more), adds one new node, plays the game
out at random to the end, and counts the result back up the path. Wins count 1, draws 1/2,
from the point of view of the player who made the move into each node. The most visited root
move is played. Knows nothing of any game beyond the rules protocol, so it plays all of them.
While a class watches (``Limits.progress``), it publishes the simulations so far, the most
played root move and that move's win rate every :data:`REPORT_SECONDS`.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ai.base import Decision, Limits, Player
from ai.registry import Param, PlayerInfo, register_player
from game.rules.base import GameState
from game.rules.registry import GameSetup

#: A playout that reaches this many plies is stopped and counted as a draw. Every game ends by
#: rule or by repetition, and most playouts are far shorter (Othello 8x8 about 60 plies, Nim at
#: most 100), but random games on Morpion boards of 5x5 and more can run for thousands of moves
#: before a position repeats: this keeps one iteration's cost bounded there.
MAX_PLAYOUT_PLIES = 300

#: Longest a move may take when MCTS runs by its iteration count (``time=0``, the default): on big
#: boards (Morpion 7x7, Othello 8x8 on a slow machine) 1000 playouts took 4-5 s a move and more,
#: so the search stops here with the playouts done so far. An explicit ``time`` budget, or an
#: iteration count imposed through ``Limits`` (the lab, tests), is never cut.
DEFAULT_MAX_SECONDS = 3.0

#: Check the cancel flag every this many plies inside one playout, so that even a long playout
#: stops within a few milliseconds.
CANCEL_EVERY_PLIES = 64

#: While a class watches (``Limits.progress`` set), the search publishes its simulations, the
#: most visited move and that move's win rate this often, in seconds: several times a second.
REPORT_SECONDS = 0.2

#: The progress's ``score_kind``: the score is the best move's win rate, from 0 to 1.
WIN_RATE = "win_rate"


#: ``untried`` of a node whose moves have all been expanded (or that has none): a shared tuple,
#: so that it costs no object per node.
EXPANDED: tuple[Any, ...] = ()


class Tree:
    """The search tree as flat lists indexed by node number (the root is 0), not as objects.

    Why: the window draws while the search runs in another thread. A tree of node objects
    (each with its state, child list and move list) grew by several hundred thousand objects
    that the garbage collector must walk in every full collection, and one such collection
    stopped both threads for 100-170 ms: the UI hitched (p99 frame 136-161 ms on Othello and
    Morpion at 30,000 iterations). Here a node is a few numbers in shared lists; only nodes
    with children own a list (of child numbers) and, while they are being expanded, the list
    of their untried moves. States are not stored: a descent replays the moves from the root.
    Nothing points back up the tree, so it is freed at once when the search returns.

    ``wins[n]`` counts from the point of view of ``mover[n]``, the player who played
    ``moves[n]`` into node n (so a parent picks the child that is best for itself).
    ``untried[n]`` is None until node n is first expanded, then its shuffled untried moves,
    then :data:`EXPANDED`.
    """

    __slots__ = ("children", "mover", "moves", "untried", "visits", "wins")

    def __init__(self, root_mover: int) -> None:
        self.moves: list[Any] = [None]
        self.mover: list[int] = [root_mover]
        self.visits: list[int] = [0]
        self.wins: list[float] = [0.0]
        self.children: list[list[int] | None] = [None]
        self.untried: list[list[Any] | tuple[Any, ...] | None] = [None]

    def add(self, parent: int, move: Any, mover: int) -> int:
        """A new child of ``parent`` reached by ``move``; its number."""
        node = len(self.moves)
        self.moves.append(move)
        self.mover.append(mover)
        self.visits.append(0)
        self.wins.append(0.0)
        self.children.append(None)
        self.untried.append(None)
        kids = self.children[parent]
        if kids is None:
            self.children[parent] = [node]
        else:
            kids.append(node)
        return node

    def best_child(self, node: int, c: float) -> int:
        """The child of ``node`` with the highest UCB1 bound."""
        kids = self.children[node]
        assert kids
        visits, wins = self.visits, self.wins
        log_n = math.log(visits[node])
        best = kids[0]
        best_value = -math.inf
        for child in kids:
            n = visits[child]
            value = wins[child] / n + c * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        return best

    def most_visited(self, node: int) -> int | None:
        """The child of ``node`` visited most (None for a node without children)."""
        kids = self.children[node]
        if not kids:
            return None
        return max(kids, key=self.visits.__getitem__)


class MctsPlayer(Player):
    """UCT with random playouts.

    Runs ``iterations`` iterations (but stops after :data:`DEFAULT_MAX_SECONDS`), or, when
    ``time_budget`` is above 0, as many as fit in that many seconds (``Limits.iterations`` /
    ``Limits.time`` override these, without the cap). ``c`` is the
    exploration constant of UCB1 (sqrt 2 in theory; smaller plays the best-looking move more).
    """

    def __init__(self, spec: str, seed: int | None, iterations: int, time_budget: float,
                 c: float) -> None:
        super().__init__(spec, seed)
        self.iterations = iterations
        self.time_budget = time_budget
        self.c = c

    def _playout(self, state: GameState[Any], limits: Limits) -> int | None:
        """Play at random to the end; the winner (None for a draw or an over-long playout)."""
        rng = self.rng
        plies = 0
        while state.outcome is None:
            if plies >= MAX_PLAYOUT_PLIES:
                return None
            if plies % CANCEL_EVERY_PLIES == CANCEL_EVERY_PLIES - 1:
                limits.check()
            state = state.play(rng.choice(state.legal_moves()))
            plies += 1
        return state.outcome.winner

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Search, then play the most visited root move (ties: higher win rate, then random)."""
        budget_iter = limits.iterations if limits.iterations is not None else self.iterations
        budget_time = limits.time if limits.time is not None else self.time_budget
        # An explicit iteration limit wins; otherwise a positive time budget governs.
        by_time = limits.iterations is None and budget_time > 0
        start = time.perf_counter()
        deadline = start + budget_time
        # The iteration count of the spec stops at a time cap; an imposed one never does.
        cap = start + DEFAULT_MAX_SECONDS if limits.iterations is None else math.inf
        capped = False
        tree = Tree(1 - state.to_move)
        untried, children, visits, wins, mover = (tree.untried, tree.children, tree.visits,
                                                  tree.wins, tree.mover)
        max_depth = 0
        done = 0
        watched = limits.progress is not None
        if limits.progress is not None:
            limits.progress.score_kind = WIN_RATE
        next_report = start + REPORT_SECONDS
        while True:
            limits.check()
            if watched and done:
                now = time.perf_counter()
                if now >= next_report:
                    self._report(tree, done, limits)
                    next_report = now + REPORT_SECONDS
            if by_time:
                # At least one iteration, so that there is always a move to play.
                if done and time.perf_counter() >= deadline:
                    break
            elif done >= budget_iter:
                break
            elif done and time.perf_counter() >= cap:
                capped = True
                break
            node = 0
            here = state
            path = [0]
            # Selection: descend through fully expanded nodes, replaying their moves.
            while untried[node] is EXPANDED and children[node]:
                node = tree.best_child(node, self.c)
                here = here.play(tree.moves[node])
                path.append(node)
            # Expansion: one new child, unless the game is over here.
            moves = untried[node]
            if moves is None:
                moves = list(here.legal_moves()) if here.outcome is None else []
                # Shuffled once so that expansion order is random but repeatable under a seed.
                self.rng.shuffle(moves)
                untried[node] = moves
            if isinstance(moves, list) and moves:
                move = moves.pop()
                if not moves:
                    untried[node] = EXPANDED
                to_move = here.to_move
                here = here.play(move)
                node = tree.add(node, move, to_move)
                path.append(node)
            else:
                untried[node] = EXPANDED
            max_depth = max(max_depth, len(path) - 1)
            winner = self._playout(here, limits)
            # Backpropagation, each node from its mover's side.
            for walk in path:
                visits[walk] += 1
                if winner is None:
                    wins[walk] += 0.5
                elif winner == mover[walk]:
                    wins[walk] += 1.0
            done += 1
        if watched:
            self._report(tree, done, limits)
        decision = self._decision(tree, done, max_depth)
        if capped:
            decision.info["time_capped"] = DEFAULT_MAX_SECONDS
            decision.info["planned"] = budget_iter  # what was asked, for the reasoning box
        return decision

    @staticmethod
    def _report(tree: Tree, done: int, limits: Limits) -> None:
        """Publish the simulations so far, the most visited root move and its win rate."""
        best = tree.most_visited(0)
        if best is None:
            limits.report(nodes=done)
            return
        rate = tree.wins[best] / tree.visits[best]
        limits.report(best=tree.moves[best], score=rate, nodes=done)

    def _decision(self, tree: Tree, iterations: int, max_depth: int) -> Decision:
        """The Decision: visits per root move, win rates, the most visited line."""
        children = tree.children[0] or []
        visits, wins, moves = tree.visits, tree.wins, tree.moves
        top = max(visits[ch] for ch in children)
        best = [ch for ch in children if visits[ch] == top]
        best_rate = max(wins[ch] / visits[ch] for ch in best)
        best = [ch for ch in best if wins[ch] / visits[ch] == best_rate]
        chosen = self.rng.choice(best)
        pv = [moves[chosen]]
        walk = tree.most_visited(chosen)
        while walk is not None:
            pv.append(moves[walk])
            walk = tree.most_visited(walk)
        scores = {moves[ch]: float(visits[ch]) for ch in children}
        rates = {moves[ch]: wins[ch] / visits[ch] for ch in children}
        return Decision(
            move=moves[chosen], scores=scores, score_kind="visits", depth=max_depth,
            nodes=len(moves), pv=tuple(pv),
            info={"win_rate": wins[chosen] / visits[chosen], "iterations": iterations,
                  "win_rates": rates},
        )


PARAMS = (
    Param("iterations", int, 1000, 1, 10_000_000,
          f"playouts per move (used when time is 0; stops at {DEFAULT_MAX_SECONDS:g} s a move "
          "on big boards)"),
    # 0: the iteration count decides (capped on big boards), not "no limit" (QA S14 22).
    Param("time", float, 0.0, 0.0, 3600.0,
          "seconds per move; above 0 it replaces the iteration count", zero="iterations"),
    Param("c", float, 1.4, 0.0, 10.0,
          "exploration constant of UCB1: higher tries more moves, lower digs the best"),
)


def _make_mcts(setup: GameSetup, params: dict[str, Any], seed: int | None) -> Player:
    return MctsPlayer("mcts", seed, int(params["iterations"]), float(params["time"]),
                      float(params["c"]))


register_player(PlayerInfo(
    name="mcts",
    title="Monte Carlo tree search",
    description="Random games from here grow a tree of good moves.",
    params=PARAMS,
    factory=_make_mcts,
))
