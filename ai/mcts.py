"""Monte Carlo tree search (UCT) with random playouts: ``mcts:iterations=n`` or ``time=s``.

Each iteration walks down the tree choosing the child with the best UCB1 bound (win rate plus
an exploration bonus that shrinks as a move is tried more), adds one new node, plays the game
out at random to the end, and counts the result back up the path. Wins count 1, draws 1/2,
from the point of view of the player who made the move into each node. The most visited root
move is played. Knows nothing of any game beyond the rules protocol, so it plays all of them.
"""

from __future__ import annotations

import math
import random
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


class Node:
    """One position in the search tree, reached by ``move`` from ``parent``.

    ``wins`` counts from the point of view of ``mover``, the player who played ``move``
    (so the parent picks the child that is best for itself).
    """

    __slots__ = ("children", "move", "mover", "parent", "state", "untried", "visits", "wins")

    def __init__(self, state: GameState[Any], parent: Node | None, move: Any,
                 mover: int, rng: random.Random) -> None:
        self.state = state
        self.parent = parent
        self.move = move
        self.mover = mover
        self.children: list[Node] = []
        untried = list(state.legal_moves()) if state.outcome is None else []
        # Shuffled once so that expansion order is random but repeatable under a seed.
        rng.shuffle(untried)
        self.untried = untried
        self.visits = 0
        self.wins = 0.0

    def best_child(self, c: float) -> Node:
        """The child with the highest UCB1 bound."""
        log_n = math.log(self.visits)
        best = self.children[0]
        best_value = -math.inf
        for child in self.children:
            value = child.wins / child.visits + c * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best


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
        root = Node(state, None, None, 1 - state.to_move, self.rng)
        nodes = 1
        max_depth = 0
        done = 0
        while True:
            limits.check()
            if by_time:
                # At least one iteration, so that there is always a move to play.
                if done and time.perf_counter() >= deadline:
                    break
            elif done >= budget_iter:
                break
            elif done and time.perf_counter() >= cap:
                capped = True
                break
            node = root
            depth = 0
            # Selection: descend through fully expanded nodes.
            while not node.untried and node.children:
                node = node.best_child(self.c)
                depth += 1
            # Expansion: one new child, unless the game is over here.
            if node.untried:
                move = node.untried.pop()
                child = Node(node.state.play(move), node, move, node.state.to_move, self.rng)
                node.children.append(child)
                node = child
                nodes += 1
                depth += 1
            max_depth = max(max_depth, depth)
            winner = self._playout(node.state, limits)
            # Backpropagation, each node from its mover's side.
            walk: Node | None = node
            while walk is not None:
                walk.visits += 1
                if winner is None:
                    walk.wins += 0.5
                elif winner == walk.mover:
                    walk.wins += 1.0
                walk = walk.parent
            done += 1
        decision = self._decision(root, nodes, max_depth, done)
        if capped:
            decision.info["time_capped"] = DEFAULT_MAX_SECONDS
        return decision

    def _decision(self, root: Node, nodes: int, max_depth: int, iterations: int) -> Decision:
        """The Decision: visits per root move, win rates, the most visited line."""
        children = root.children
        top = max(ch.visits for ch in children)
        best = [ch for ch in children if ch.visits == top]
        best_rate = max(ch.wins / ch.visits for ch in best)
        best = [ch for ch in best if ch.wins / ch.visits == best_rate]
        chosen = self.rng.choice(best)
        pv = [chosen.move]
        walk = chosen
        while walk.children:
            walk = max(walk.children, key=lambda ch: ch.visits)
            pv.append(walk.move)
        scores = {ch.move: float(ch.visits) for ch in children}
        rates = {ch.move: ch.wins / ch.visits for ch in children}
        return Decision(
            move=chosen.move, scores=scores, score_kind="visits", depth=max_depth, nodes=nodes,
            pv=tuple(pv),
            info={"win_rate": chosen.wins / chosen.visits, "iterations": iterations,
                  "win_rates": rates},
        )


PARAMS = (
    Param("iterations", int, 1000, 1, 10_000_000,
          f"playouts per move (used when time is 0; stops at {DEFAULT_MAX_SECONDS:g} s a move "
          "on big boards)"),
    Param("time", float, 0.0, 0.0, 3600.0,
          "seconds per move; above 0 it replaces the iteration count"),
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
