"""The lab's n-tuple training run: self-play on a thread, measured now and then, frozen.

:class:`NTupleTrainingRunner` trains an :class:`ai.ntuple.NTuplePlayer` against itself with the
lab's usual controls (pause, stop, speed) and, every ``eval_every`` games, measures a frozen
copy of the network (1-ply, no exploration) against fixed players on a small batch of games:
the points of the win-rate curves the lab draws (:attr:`NTupleTrainingRunner.curves`).

Unlike :class:`ai.training.TrainingRunner` it keeps nothing per position (an Othello learner
meets millions of positions that never come back) and, at "instant" and "fast" speed, plays on
bitboards through :func:`ai.ntuple.self_play_game`; at "watch" speed it plays state by state
and publishes each position (:attr:`current`) so that the lab can draw the game. The network is
changed only while :attr:`lock` is held; the UI reads it (heat map, patterns) under the lock.
No pygame here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ai.base import GameRecord, Limits
from ai.ntuple import (
    ALPHA,
    EPSILON,
    LAMBDA,
    LoadReport,
    NTupleFileError,
    NTupleNetwork,
    NTuplePlayer,
    measure,
    shipped_path,
)
from ai.training import (
    DRAW,
    FAST_GAMES_PER_SECOND,
    LOSS,
    WATCH_END_SECONDS,
    WATCH_MOVE_SECONDS,
    WIN,
    Speed,
    _GamesRunner,
)
from game.rules.base import GameState
from game.rules.othello import OthelloOptions

#: The fixed players the lab measures the network against (the issue's: random, greedy and the
#: seed's minimax at depth 2, as alpha-beta with the seed's table).
LAB_OPPONENTS = ("random", "greedy", "alphabeta:depth=2")


@dataclass
class CurvePoint:
    """One measurement: after ``games`` training games, the score against each opponent."""

    games: int
    scores: dict[str, float] = field(default_factory=dict)


class NTupleTrainingRunner(_GamesRunner):
    """Self-play training of ``player`` for ``games`` games, measured every ``eval_every``.

    ``eval_games`` games (an even number: pairs with seats swapped) per opponent and
    measurement; the measurement before the first game is point 0 (an untrained network). The
    results of the training games are kept as in the lab's other runs (:data:`WIN` when the
    first player won).
    """

    def __init__(self, player: NTuplePlayer, games: int, speed: Speed = "instant",
                 eval_every: int = 500, eval_games: int = 20,
                 opponents: tuple[str, ...] = LAB_OPPONENTS, seed: int = 0) -> None:
        super().__init__(games, speed)
        if eval_every < 1 or eval_games < 0:
            raise ValueError("eval_every must be 1 or more and eval_games 0 or more")
        self.player = player
        self.eval_every = eval_every
        self.eval_games = eval_games + eval_games % 2
        self.opponents = opponents
        self.seed = seed
        self.curves: list[CurvePoint] = []
        self.measuring = False

    def snapshot(self) -> NTupleNetwork:
        """A frozen copy of the network as it is now (taken under the lock)."""
        with self.lock:
            source = self.player.net
            copy = NTupleNetwork(source.size)
            copy.weights = source.weights.copy()
            copy.games_trained = source.games_trained
        return copy

    def _measure(self) -> None:
        """Measure a frozen copy against each opponent; add the point to the curves."""
        if not self.eval_games:
            return
        net = self.snapshot()
        point = CurvePoint(net.games_trained)
        self.measuring = True
        try:
            for number, opponent in enumerate(self.opponents):
                result = measure(net, opponent, self.eval_games,
                                 seed=self.seed + 1000 * len(self.curves) + number,
                                 stop=self._stop.is_set)
                if self._stop.is_set():
                    return
                point.scores[opponent] = result.score
        finally:
            self.measuring = False
        self.curves.append(point)

    def _run(self) -> None:
        player = self.player
        self._measure()
        for index in range(self.planned):
            if not self._wait_if_paused():
                return
            started = time.perf_counter()
            if self.speed == "watch":
                record = self._play_watched()
                if record is None:
                    return
                with self.lock:
                    player.learn(record, (0, 1))
                outcome = record.outcome
                assert outcome is not None
                winner = outcome.winner
            else:
                with self.lock:
                    game = player.self_play_game()
                winner = game.winner
            self.results.append(DRAW if winner is None else WIN if winner == 0 else LOSS)
            self._done += 1
            if self._done % self.eval_every == 0 or index == self.planned - 1:
                self._measure()
            if self.speed == "watch":
                if self._stop.wait(WATCH_END_SECONDS):
                    return
            elif self.speed == "fast":
                pause = 1.0 / FAST_GAMES_PER_SECOND - (time.perf_counter() - started)
                if pause > 0 and self._stop.wait(pause):
                    return

    def _play_watched(self) -> GameRecord | None:
        """One self-play game move by move, each position published and held a moment."""
        player = self.player
        state: GameState[Any] = OthelloOptions(player.net.size).initial_state()
        states = [state]
        moves: list[Any] = []
        limits = Limits(cancel=self._stop)
        self.current, self.current_move = state, None
        while state.outcome is None:
            with self.lock:
                move = player.decide(state, limits).move
            state = state.play(move)
            moves.append(move)
            states.append(state)
            self.current, self.current_move = state, move
            if not self._wait_if_paused():
                return None
            if self.speed == "watch" and self._stop.wait(WATCH_MOVE_SECONDS):
                return None
        return GameRecord(states=states, moves=moves, outcome=state.outcome)


def square_values_scaled(net: NTupleNetwork) -> list[list[float]]:
    """The learnt worth of a disc on each square, scaled so the largest size is 100."""
    values = net.square_values()
    scale = float(np.abs(values).max())
    if scale == 0.0:
        return [[0.0] * net.size for _ in range(net.size)]
    return [[100.0 * float(v) / scale for v in row] for row in values]


#: The board sizes and numbers of games the lab offers.
LAB_SIZES = (8, 6)
LAB_GAME_COUNTS = (100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000)


class NTupleLabSession:
    """What the n-tuple lab screen works on, without pixels: the set-up, the player, its runs.

    The curves of every run since the last reset are kept together, measured against the
    network's total games, so a second run continues the first one's curves.
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.alpha = ALPHA
        self.lam = LAMBDA
        self.epsilon = EPSILON
        self.tc = True
        self.games = 1000
        self.speed: Speed = "instant"
        self.eval_games = 20
        self.player = NTuplePlayer("ntuple", 0, size, self.alpha, self.lam, self.epsilon,
                                   self.tc)
        self.runner: NTupleTrainingRunner | None = None
        self.curves: list[CurvePoint] = []
        self._runs_curves = 0  # curve points of earlier runs already in ``curves``
        #: The network as last saved or loaded and its games then (what Quit asks about).
        self._saved: tuple[NTupleNetwork | None, int] = (None, 0)

    @property
    def busy(self) -> bool:
        """True while a run's thread is alive."""
        return self.runner is not None and self.runner.running

    def eval_every(self) -> int:
        """Games between two measurements: every few hundred games (at most twenty points a
        run), so that measuring takes a small share of the time."""
        return max(200, self.games // 20)

    def set_size(self, size: int) -> None:
        """Another board size: a fresh network (the old one is lost unless saved)."""
        if size not in LAB_SIZES or self.busy:
            return
        self.size = size
        self.reset()

    def set_params(self, alpha: float | None = None, lam: float | None = None,
                   epsilon: float | None = None, tc: bool | None = None) -> None:
        """Change the learning rate, lambda, exploration or temporal coherence (taken at the
        next game)."""
        if alpha is not None:
            self.alpha = self.player.alpha = alpha
        if lam is not None:
            self.lam = self.player.lam = lam
        if epsilon is not None:
            self.epsilon = self.player.epsilon = epsilon
        if tc is not None:
            self.tc = self.player.tc = tc

    def start(self) -> NTupleTrainingRunner:
        """Start a run of :attr:`games` games (the previous one must be over)."""
        if self.busy:
            raise RuntimeError("a run is still going")
        self._collect()
        self._runs_curves = len(self.curves)
        self.runner = NTupleTrainingRunner(self.player, self.games, self.speed,
                                           eval_every=self.eval_every(),
                                           eval_games=self.eval_games,
                                           seed=self.player.games_trained)
        self.runner.start()
        return self.runner

    def _collect(self) -> None:
        """Bring the running (or finished) run's curve points into :attr:`curves`."""
        runner = self.runner
        if runner is None:
            return
        points = list(runner.curves)
        # A later run starts with a point at the network's current games: the last run's
        # final point already holds it.
        if self._runs_curves and points and self.curves[self._runs_curves - 1].games == (
                points[0].games):
            points = points[1:]
        self.curves[self._runs_curves:] = points

    def curve_points(self) -> list[CurvePoint]:
        """Every measurement so far, the running one's included."""
        self._collect()
        return list(self.curves)

    def stop(self) -> None:
        """Stop the run (keeping what it learnt) and wait for its thread."""
        if self.runner is not None:
            self.runner.stop()
            self.runner.join(5.0)
            self._collect()

    def reset(self) -> None:
        """Forget the network and its curves (stops a run first)."""
        self.stop()
        self.runner = None
        self.player = NTuplePlayer("ntuple", 0, self.size, self.alpha, self.lam, self.epsilon,
                                   self.tc)
        self.curves = []
        self._runs_curves = 0

    def replace_network(self, net: NTupleNetwork) -> None:
        """Use ``net`` (loaded from a file) from now on; the curves start again."""
        self.reset()
        self.player.net = net
        self.size = net.size
        self.mark_saved()

    def unsaved_games(self) -> int:
        """Games the network has trained since it was last saved or loaded (all of them for
        a network never saved): Quit asks first when there are some, as for the learning
        lab's learner."""
        net, games = self._saved
        now = self.player.net
        return max(0, now.games_trained - (games if net is now else 0))

    def mark_saved(self) -> None:
        """The network is as in a file now (saved, or loaded)."""
        self._saved = (self.player.net, self.player.net.games_trained)

    def knowledge(self) -> tuple[list[list[float]], list[tuple[str, str, float]], int]:
        """The learnt square values (scaled to 100), the strongest patterns and the games
        trained, read under the run's lock."""
        lock = self.runner.lock if self.runner is not None else None
        if lock is not None:
            lock.acquire()
        try:
            net = self.player.net
            return square_values_scaled(net), net.strongest_patterns(5), net.games_trained
        finally:
            if lock is not None:
                lock.release()

    def save(self, path: Path | None = None) -> Path:
        """Save the network to ``path`` (default: its file in the user's data folder),
        atomically (raises OSError)."""
        lock = self.runner.lock if self.runner is not None else None
        if lock is not None:
            lock.acquire()
        try:
            saved = self.player.save(path)
            self.mark_saved()
            return saved
        finally:
            if lock is not None:
                lock.release()

    def load(self, path: Path | None = None) -> LoadReport:
        """Read the network saved for this board size (or ``path``); a bad file is kept aside
        and the network starts fresh (the report says so). Stops a run first."""
        self.stop()
        self.runner = None
        self.curves = []
        self._runs_curves = 0
        report = self.player.load(path)
        self.mark_saved()
        return report

    def load_shipped(self) -> str | None:
        """Start from the network shipped with the app; None when it is loaded, else what
        went wrong (the screen says it in the user's language).

        The shipped file is the app's, so it is never moved aside.
        """
        self.stop()
        try:
            net = NTupleNetwork(self.size)
            net.load(shipped_path(self.size))
        except (OSError, NTupleFileError) as exc:
            return f"{shipped_path(self.size).name}: {exc}"
        self.replace_network(net)
        return None
