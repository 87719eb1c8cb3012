"""The player contract: given a state and limits, which move, and what the player saw.

Every AI (and the app's Human seat, which never calls ``choose``) is a :class:`Player`. The app
shows a :class:`Decision`'s data to the class, so every field holds real data from the search.
Nothing here imports pygame.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ai.bounds import Proven
from game.rules.base import GameState, Outcome


class SearchCancelled(Exception):
    """Raised inside a search when its cancel flag is set; the worker turns it into no result."""


@dataclass
class SearchProgress:
    """What a search has found so far, for a class watching it think.

    The thinking thread writes it (:meth:`Limits.report`, and the node count as it checks its
    cancel flag); the UI thread reads it several times a second. Each write is one attribute
    assignment, so a reader sees each field whole (possibly one update behind another).
    ``score`` is in the search's own unit, described by ``score_kind`` and ``units`` as in a
    :class:`Decision` (``info["units"]``).
    """

    depth: int = 0
    best: Any = None
    score: float | None = None
    score_kind: str = "value"
    units: str | None = None
    #: What one point of ``score`` counts, an ``Evaluation.unit`` code as in a decision's
    #: ``info["unit"]`` ("open_lines"); None: not known.
    unit: str | None = None
    nodes: int = 0
    started: float = field(default_factory=time.perf_counter)
    #: Root moves searched so far at ``depth``, of ``moves_total``. While fewer than all are,
    #: the depth is unfinished: ``best`` leads the moves searched so far and one not yet
    #: searched may still beat it. 0 of 0: the search does not say.
    moves_done: int = 0
    moves_total: int = 0
    #: The last result reported at a smaller depth, as ``(depth, best, score)`` (the depth
    #: before, finished or not: a search reports a new depth once it has a result there).
    #: Beside ``score`` it shows how the score moved with one more move of look-ahead: in
    #: Othello it swings between odd and even depths. None: no earlier depth of this kind.
    previous: tuple[int, Any, float | None] | None = None
    #: When ``score`` is only a bound, "at least" or "at most" (as a decision's
    #: ``info["bounds"]``): the Othello engine's win/loss/draw solve proves a win without
    #: working out its margin. None: ``score`` is the value.
    bound: str | None = None
    #: The depth the search is working on now: one more than ``depth`` while the next depth's
    #: first root move is searched (``best`` and ``score`` are still ``depth``'s), else
    #: ``depth``. 0: the search does not say.
    searching: int = 0

    @property
    def elapsed(self) -> float:
        """Seconds since the search started."""
        return time.perf_counter() - self.started


@dataclass
class Limits:
    """What bounds one decision.

    ``cancel`` is set by the UI (new game, undo, quit); searches call :meth:`check` every few
    hundred nodes so that a cancelled player returns within 100 ms. ``time`` (seconds), when
    given, overrides the player's own time budget; ``depth`` and ``iterations`` likewise.
    """

    cancel: threading.Event = field(default_factory=threading.Event)
    time: float | None = None
    depth: int | None = None
    iterations: int | None = None
    #: Where a search publishes what it has found so far (the worker sets one); None: nobody
    #: is watching, and :meth:`report` costs nothing.
    progress: SearchProgress | None = None

    def check(self, nodes: int | None = None) -> None:
        """Raise SearchCancelled if the decision was cancelled; ``nodes`` (the positions
        searched so far) goes to the progress, for the class to watch."""
        if nodes is not None and self.progress is not None:
            self.progress.nodes = nodes
        if self.cancel.is_set():
            raise SearchCancelled()

    def report_unit(self, unit: str | None) -> None:
        """Publish what one point of the search's scores counts (see SearchProgress.unit)."""
        if self.progress is not None:
            self.progress.unit = unit

    def report(self, depth: int | None = None, best: Any = None, score: float | None = None,
               nodes: int | None = None) -> None:
        """Publish the search's current depth, best move and its score, positions searched
        (each only when given). Searches call it when an iteration ends or the best changes."""
        progress = self.progress
        if progress is None:
            return
        if depth is not None:
            if depth > progress.depth and progress.best is not None:
                progress.previous = (progress.depth, progress.best, progress.score)
            progress.depth = depth
        if best is not None:
            progress.best = best
            progress.score = score
        if nodes is not None:
            progress.nodes = nodes

    def report_searching(self, depth: int) -> None:
        """Publish the depth the search starts on (see SearchProgress.searching)."""
        if self.progress is not None:
            self.progress.searching = depth

    def report_moves(self, done: int, total: int) -> None:
        """Publish how many root moves the search has finished at its current depth, of
        ``total`` (see SearchProgress.moves_done)."""
        progress = self.progress
        if progress is not None:
            progress.moves_total = total
            progress.moves_done = done


@dataclass
class Decision:
    """A chosen move and what the player saw when choosing it.

    ``scores`` maps each move considered at the root to its value from the mover's point of
    view (``score_kind`` says what the numbers are: "value", "visits", "beads", "q",
    "flips", "cost"...). ``proven`` maps the root moves whose result the player proved to
    that result (win, draw or loss, in how many plies, by what margin): the UI shows these
    instead of decoding them out of ``scores``. ``pv`` is the principal line starting with
    ``move``. ``info`` holds anything else worth showing (win rate, matchbox contents).
    """

    move: Any
    scores: dict[Any, float] = field(default_factory=dict)
    score_kind: str = "value"
    depth: int | None = None
    nodes: int = 0
    pv: tuple[Any, ...] = ()
    elapsed: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)
    proven: dict[Any, Proven] = field(default_factory=dict)


@dataclass
class GameRecord:
    """A finished (or abandoned) game, for learners: the states before each move, the moves,
    and the outcome (None if the game was abandoned)."""

    states: list[GameState[Any]]
    moves: list[Any]
    outcome: Outcome | None

    def movers(self) -> list[int]:
        """Who played each move."""
        return [s.to_move for s in self.states[: len(self.moves)]]


class Player:
    """Base class of every AI. Subclasses implement :meth:`decide`.

    ``spec`` is the canonical text that recreates the player (``"minimax:depth=3"``);
    ``rng`` is the player's own seeded generator, so a seed gives the same choices.
    """

    learns: bool = False

    def __init__(self, spec: str, seed: int | None = None) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: GameState[Any], limits: Limits | None = None) -> Decision:
        """Decide a move in ``state`` (not finished), timing the decision."""
        lim = limits if limits is not None else Limits()
        if state.outcome is not None:
            raise ValueError("the game is over: there is no move to choose")
        start = time.perf_counter()
        decision = self.decide(state, lim)
        decision.elapsed = time.perf_counter() - start
        return decision

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Choose a move; raise SearchCancelled when ``limits.cancel`` is set."""
        raise NotImplementedError

    def learn(self, record: GameRecord, seats: Sequence[int]) -> None:
        """Learn from a finished game in which this player held ``seats`` (may be both,
        or none for a game it only watched). Players that do not learn ignore it."""

    def reset(self) -> None:
        """Forget anything learned (learners); a no-op for the others."""

    def table_view(self, state: GameState[Any]) -> Mapping[Hashable, float] | None:
        """A learner's stored values for the moves of ``state`` (beads, Q-values), else None."""
        return None


@runtime_checkable
class SavableLearner(Protocol):
    """A learner whose knowledge goes to a file and comes back: what ``main.py train`` trains
    and what a spec's ``load=FILE`` reads, whatever kind of learner it is.

    ``load_file`` replaces what the learner knows by the file's content, or raises ValueError
    (the file is not one this learner can use: the message says why in plain words) or OSError
    (it cannot be read). Unlike a lab's own table, a file named by the user is never moved aside.
    """

    def learn(self, record: GameRecord, seats: Sequence[int]) -> None:
        """Learn from a finished game (see :meth:`Player.learn`)."""

    def save(self, path: Path) -> Path:
        """Write the learner to ``path`` atomically and return it."""

    def load_file(self, path: Path) -> None:
        """Read the learner from ``path``; raise ValueError or OSError when it cannot."""
