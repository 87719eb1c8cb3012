"""Training and tournament runs off the UI thread: a learner's training games, a round robin.

Both runners own one daemon thread, started by :meth:`start`, that plays games until the planned
number is reached or :meth:`stop` is called; :meth:`pause` / :meth:`resume` hold it between
games (or between moves in "watch" speed). Whatever was learned or scored before a stop is kept:
a stopped training leaves the learner with every game it finished, and a stopped tournament keeps
every finished game of every pairing. The UI polls :meth:`progress` (games done, games per
second, time left) once a frame; nothing here imports pygame.

A training run plays its own lean game loop rather than :func:`ai.arena.play_game`: it calls
``decide`` directly (no per-move timing, no per-move callback), which is what lets a Nim learner
train at several thousand games a second. The tournament, which reports thinking time per move,
plays through :func:`ai.arena.run_match`.

The learner's table is changed by the training thread; the UI reads it (matchboxes, heat map)
only while holding :attr:`TrainingRunner.lock`, which the thread holds while a player decides and
while the learner learns.

The statistics the screens show (Wilson intervals, sliding-window rates, round-robin standings,
Elo ratings) are plain functions at the end of this module.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ai.arena import MatchResult, run_match
from ai.base import GameRecord, Limits, Player, SearchCancelled
from game.rules.base import GameState, IllegalMoveError

Speed = Literal["watch", "fast", "instant"]
SPEEDS: tuple[Speed, ...] = ("watch", "fast", "instant")
Seat = Literal["first", "second", "alternate"]
SEATS: tuple[Seat, ...] = ("first", "second", "alternate")

#: Allowed numbers of training games (the lab offers 10 to 100,000).
MIN_GAMES = 1
MAX_GAMES = 100_000
#: Pause between two moves at "watch" speed, in seconds.
WATCH_MOVE_SECONDS = 0.3
#: Pause after a finished game at "watch" speed, so the final position is seen.
WATCH_END_SECONDS = 0.6
#: Games per second at "fast" speed: slow enough for the chart to grow visibly.
FAST_GAMES_PER_SECOND = 150.0
#: Safety limit on one game's length (Morpion can cycle for a long time between repetitions).
MAX_MOVES = 2_000
#: Longest time (seconds) the training thread keeps the table's lock before letting the UI in.
LOCK_SLICE = 0.005
#: How often (seconds) the expensive per-game extras (changed boxes) are computed in "instant".
DETAIL_INTERVAL = 0.1

#: Result codes of a training game: the learner (or the first player in self-play) won,
#: the opponent (or the second player in self-play) won, or a draw.
WIN, LOSS, DRAW = 0, 1, 2


class TrainingError(RuntimeError):
    """A training or tournament run cannot go on (a player broke the rules, or failed)."""


@dataclass(frozen=True)
class Progress:
    """Where a run stands, for the progress bar.

    ``games_per_second`` counts active time only (pauses excluded); ``eta`` is the estimated
    seconds left (None before the first game or when finished). ``error`` is a one-line
    message when the run ended on an error.
    """

    done: int
    planned: int
    elapsed: float
    games_per_second: float
    eta: float | None
    running: bool
    paused: bool
    finished: bool
    stopped: bool
    error: str | None = None

    @property
    def fraction(self) -> float:
        """Games done as a fraction of the games planned (0 to 1)."""
        return self.done / self.planned if self.planned else 0.0


class _Runner:
    """What both runners share: the thread, pause/stop and the timing of the progress bar."""

    def __init__(self, planned: int) -> None:
        self.planned = planned
        self.lock = threading.RLock()
        self._stop = threading.Event()
        self._resume = threading.Event()
        self._resume.set()
        self._thread: threading.Thread | None = None
        self._done = 0
        self._active = 0.0  # seconds spent running, pauses excluded
        self._since: float | None = None  # perf_counter when the current active stretch began
        self._finished = False
        self._stopped = False
        self._error: str | None = None

    # -- control --------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the thread; a runner runs once (a second call raises RuntimeError)."""
        if self._thread is not None:
            raise RuntimeError("this run was already started: make a new one")
        self._since = time.perf_counter()
        self._thread = threading.Thread(target=self._main, name=type(self).__name__,
                                        daemon=True)
        self._thread.start()

    def pause(self) -> None:
        """Hold the run after the current game (after the current move when watching)."""
        if self._resume.is_set() and not self._finished:
            self._resume.clear()
            self._bank_time()

    def resume(self) -> None:
        """Go on after :meth:`pause`."""
        if not self._resume.is_set():
            self._since = time.perf_counter()
            self._resume.set()

    @property
    def paused(self) -> bool:
        """True while paused."""
        return not self._resume.is_set()

    def stop(self) -> None:
        """End the run as soon as possible, keeping everything finished so far."""
        self._stop.set()
        self._resume.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True when it has (or was never started)."""
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    @property
    def running(self) -> bool:
        """True while the thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def finished(self) -> bool:
        """True once the thread has ended (all games played, stopped, or failed)."""
        return self._finished

    def _bank_time(self) -> None:
        if self._since is not None:
            self._active += time.perf_counter() - self._since
            self._since = None

    def _wait_if_paused(self) -> bool:
        """Block while paused; False when the run must stop."""
        if self._resume.is_set():  # the common case, without Event.wait's locking
            return not self._stop.is_set()
        while not self._resume.wait(0.05):
            if self._stop.is_set():
                return False
        return not self._stop.is_set()

    def _main(self) -> None:
        try:
            self._run()
        except SearchCancelled:
            self._stopped = True
        except Exception as exc:  # shown by the UI as a message; the run's results are kept
            self._error = f"{type(exc).__name__}: {exc}"
        finally:
            if self._stop.is_set():
                self._stopped = True
            self._bank_time()
            self._finished = True

    def _run(self) -> None:
        raise NotImplementedError

    # -- progress -------------------------------------------------------------------------------

    def elapsed(self) -> float:
        """Active seconds so far (pauses excluded)."""
        since = self._since
        now = time.perf_counter() - since if since is not None else 0.0
        return self._active + now

    def progress(self) -> Progress:
        """A snapshot for the progress bar."""
        # Finished first, then the count: the run's thread counts its games before it says
        # it has finished, so a finished run's count is read whole. Read the other way, a run
        # ending between the two reads said "Training finished: 0 games" after One game
        # (seen once in a full test run by the speed helper).
        finished = self._finished
        done = self._done
        elapsed = self.elapsed()
        rate = done / elapsed if elapsed > 0 and done else 0.0
        left = self.planned - done
        eta = left / rate if rate > 0 and not finished else None
        return Progress(done=done, planned=self.planned, elapsed=elapsed,
                        games_per_second=rate, eta=eta, running=self.running,
                        paused=self.paused, finished=finished, stopped=self._stopped,
                        error=self._error)


def check_games(games: int) -> int:
    """Validate a number of games (MIN_GAMES to MAX_GAMES); raise ValueError saying the range."""
    if isinstance(games, bool) or not isinstance(games, int) or not (
            MIN_GAMES <= games <= MAX_GAMES):
        raise ValueError(f"the number of games must be a whole number from {MIN_GAMES} to "
                         f"{MAX_GAMES:,}, got {games!r}")
    return games


class _GamesRunner(_Runner):
    """A runner that plays its games one at a time and keeps each result: training runs.

    ``speed`` ("instant" or "watch", see :data:`SPEEDS`) may be changed while the run goes on;
    :attr:`current` and :attr:`current_move` are the position being played when watched, each
    held :attr:`move_seconds` (a finished game's last position twice that).
    """

    def __init__(self, games: int, speed: Speed) -> None:
        super().__init__(check_games(games))
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")
        self.speed: Speed = speed
        #: How long a watched move is held (the lab's One game holds it longer: a class
        #: follows the game, which was over in 3 seconds at this pace).
        self.move_seconds = WATCH_MOVE_SECONDS
        self.results: list[int] = []
        self.current: GameState[Any] | None = None
        self.current_move: Any = None

    @property
    def done(self) -> int:
        """Games finished so far."""
        return self._done

    def counts(self) -> tuple[int, int, int]:
        """(wins, losses, draws) so far, from the side each subclass keeps :attr:`results` from
        (the learner's; in self-play, the first player's)."""
        results = self.results[: self._done]
        return results.count(WIN), results.count(LOSS), results.count(DRAW)


class TrainingRunner(_GamesRunner):
    """Trains ``learner`` for ``games`` games against ``opponent`` (None: against itself).

    ``seat`` says where the learner sits: "first" (moves first), "second", or "alternate".
    The opponent learns too when it is a learner (a training partner). ``speed`` may be
    changed while the run goes on.

    With ``watched`` (two players), the learner does not play: it watches them play each
    other and learns from both sides of every game (seed 002's learning by watching); ``seat``
    is then where the first of them sits, results are from its side, and neither of them
    learns.

    What the lab shows is kept here: the result of every game (:data:`WIN`, :data:`LOSS`,
    :data:`DRAW` from the learner's side; in self-play from the first player's side), how often
    each position's box was used and one state per box (to draw it), the boxes changed by the
    last game, and at "watch" speed the position being played.
    """

    def __init__(self, learner: Player, opponent: Player | None,
                 initial: GameState[Any] | Callable[[], GameState[Any]], games: int,
                 seat: Seat = "first", speed: Speed = "instant",
                 max_moves: int = MAX_MOVES,
                 watched: tuple[Player, Player] | None = None) -> None:
        if seat not in SEATS:
            raise ValueError(f"seat must be one of {', '.join(SEATS)}, got {seat!r}")
        super().__init__(games, speed)
        self.learner = learner
        self.opponent = opponent
        if watched is not None and learner in watched:
            raise ValueError("a watching learner does not play: watch two other players")
        self.watched = watched
        self.self_play = watched is None and (opponent is None or opponent is learner)
        self.seat: Seat = seat
        self._initial = initial
        self.max_moves = max_moves
        self.learner_first: list[bool] = []
        self.lengths: list[int] = []
        self.usage: dict[Hashable, int] = {}
        self.positions: dict[Hashable, GameState[Any]] = {}
        self.last_changed: set[Hashable] = set()
        #: The values the boxes changed by the last game held before it (to show the change).
        self.last_before: dict[Hashable, Mapping[Any, float]] = {}
        self.last_record: GameRecord | None = None
        #: The seat (0 moves first) of the learner, or watching of the first watched player,
        #: in the game being played or last played (the lab's live game says who is who).
        self.current_seat = self._learner_seat(0)

    def _learner_seat(self, index: int) -> int:
        if self.seat == "first":
            return 0
        if self.seat == "second":
            return 1
        return index % 2

    def _run(self) -> None:
        learner = self.learner
        opponent = learner if self.opponent is None else self.opponent
        limits = Limits(cancel=self._stop)
        last_detail = 0.0
        for index in range(self.planned):
            if not self._wait_if_paused():
                return
            seat = self.current_seat = self._learner_seat(index)
            if self.watched is not None:
                # ``seat`` is the first watched player's; "learner" is who plays that seat.
                learner_side, other_side = self.watched
            else:
                learner_side, other_side = learner, opponent
            first, second = ((learner_side, other_side) if seat == 0
                             else (other_side, learner_side))
            started = time.perf_counter()
            record = self._play(first, second, limits)
            if record is None:
                return  # stopped mid-game: the game is abandoned and teaches nothing
            now = time.perf_counter()
            detail = (self.speed != "instant" or now - last_detail >= DETAIL_INTERVAL
                      or index == self.planned - 1)
            watching = self.watched is not None
            learner_seats = (0, 1) if self.self_play or watching else (seat,)
            with self.lock:
                before = self._boxes_before(record, learner_seats) if detail else None
                # Seats () say "watched, did not play": learn from both sides.
                learner.learn(record, () if watching else learner_seats)
                if not self.self_play and not watching and opponent.learns:
                    opponent.learn(record, (1 - seat,))
                self._count_usage(record, learner_seats)
                if before is not None:
                    self.last_changed = {key for key, (state, box) in before.items()
                                         if learner.table_view(state) != box}
                    self.last_before = {key: box for key, (_state, box) in before.items()
                                        if key in self.last_changed}
                    self.last_record = record
                    last_detail = now
            outcome = record.outcome
            assert outcome is not None
            mine = 0 if self.self_play else seat
            code = DRAW if outcome.winner is None else (WIN if outcome.winner == mine else LOSS)
            self.results.append(code)
            self.learner_first.append(seat == 0)
            self.lengths.append(len(record.moves))
            self._done += 1
            if self.speed == "watch":
                if self._stop.wait(WATCH_END_SECONDS * self.move_seconds / WATCH_MOVE_SECONDS):
                    return
            elif self.speed == "fast":
                pause = 1.0 / FAST_GAMES_PER_SECOND - (time.perf_counter() - started)
                if pause > 0 and self._stop.wait(pause):
                    return

    def _play(self, first: Player, second: Player, limits: Limits) -> GameRecord | None:
        """One game; None when the run was stopped before it ended."""
        initial = self._initial
        state = initial() if callable(initial) else initial
        if self.speed == "watch":
            return self._play_watched(state, (first, second), limits)
        seats = (first, second)
        states = [state]
        moves: list[Any] = []
        lock = self.lock
        stopped = self._stop.is_set
        max_moves = self.max_moves
        clock = time.perf_counter
        # The lock is held across moves (taking it per move costs more than a Nim move), but
        # given back every few milliseconds so that the UI never waits long to read the table.
        lock.acquire()
        try:
            held_since = clock()
            while state.outcome is None:
                if stopped():
                    return None
                if len(moves) >= max_moves:
                    raise _too_long(max_moves)
                player = seats[state.to_move]
                move = player.decide(state, limits).move
                state = _play_checked(state, move, player)
                moves.append(move)
                states.append(state)
                if clock() - held_since > LOCK_SLICE:
                    lock.release()
                    lock.acquire()
                    held_since = clock()
        finally:
            lock.release()
        return GameRecord(states=states, moves=moves, outcome=state.outcome)

    def _play_watched(self, state: GameState[Any], seats: tuple[Player, Player],
                      limits: Limits) -> GameRecord | None:
        """One game at "watch" speed: each position is published and held for a moment."""
        states = [state]
        moves: list[Any] = []
        self.current, self.current_move = state, None
        while state.outcome is None:
            if self._stop.is_set():
                return None
            if len(moves) >= self.max_moves:
                raise _too_long(self.max_moves)
            player = seats[state.to_move]
            with self.lock:
                move = player.decide(state, limits).move
            state = _play_checked(state, move, player)
            moves.append(move)
            states.append(state)
            self.current, self.current_move = state, move
            if not self._wait_if_paused():
                return None
            # A change of speed takes effect at once, not after this game.
            if self.speed == "watch" and self._stop.wait(self.move_seconds):
                return None
        return GameRecord(states=states, moves=moves, outcome=state.outcome)

    def _boxes_before(self, record: GameRecord, seats: Sequence[int]
                      ) -> dict[Hashable, tuple[GameState[Any], Any]]:
        """The learner's boxes of the positions it played in ``record``, before learning."""
        before: dict[Hashable, tuple[GameState[Any], Any]] = {}
        learner = self.learner
        for state in record.states[: len(record.moves)]:
            if state.to_move in seats:
                key = state.key
                if key not in before:
                    before[key] = (state, learner.table_view(state))
        return before

    def _count_usage(self, record: GameRecord, seats: Sequence[int]) -> None:
        """Count how often the learner played each position of ``record``, and keep one state
        per position met by either side (Q-learning also fills the opponent's positions)."""
        usage = self.usage
        positions = self.positions
        for state in record.states[: len(record.moves)]:
            key = state.key
            if key not in positions:
                positions[key] = state
            if state.to_move in seats:
                usage[key] = usage.get(key, 0) + 1


class TournamentRunner(_Runner):
    """A round robin: every pair of ``players`` plays ``games`` games (seats swapped if asked).

    ``players`` are built players (their ``spec`` names them); with two players there is one
    pairing. Each pairing is an :func:`ai.arena.run_match`; learners do not learn (a tournament
    measures, it does not train). :meth:`matches` gives the pairings so far, the one being
    played included, as copies safe to read on the UI thread.
    """

    def __init__(self, players: Sequence[Player], initial: Callable[[], GameState[Any]],
                 games: int, swap: bool = True, max_moves: int = MAX_MOVES) -> None:
        if len(players) < 2:
            raise ValueError("a tournament needs at least two players")
        games = check_games(games)
        pairs = [(i, j) for i in range(len(players)) for j in range(i + 1, len(players))]
        super().__init__(games * len(pairs))
        self.players = list(players)
        self.names = [p.spec for p in players]
        self.pairs = pairs
        self.games_per_pair = games
        self.swap = swap
        self._initial = initial
        self.max_moves = max_moves
        self._matches: list[tuple[int, int, MatchResult]] = []
        self._base = 0

    def matches(self) -> list[tuple[int, int, MatchResult]]:
        """(index of p1, index of p2, result) for every pairing started, as copies."""
        with self.lock:
            return [(i, j, _copy_match(m)) for i, j, m in self._matches]

    def _run(self) -> None:
        limits = Limits()
        for i, j in self.pairs:
            if self._stop.is_set():
                return
            last_copy = [0.0]

            def progress(match: MatchResult, record: GameRecord, i: int = i, j: int = j,
                         last_copy: list[float] = last_copy) -> None:
                self._done = self._base + match.games
                now = time.perf_counter()
                if now - last_copy[0] >= 0.05 or match.games == match.games_planned:
                    self._publish(i, j, match)
                    last_copy[0] = now
                # Pausing inside the callback holds the match between two games.
                self._wait_if_paused()

            with self.lock:
                self._matches.append((i, j, MatchResult(self.names[i], self.names[j],
                                                        self.games_per_pair, self.swap, False)))
            result = run_match(self.players[i], self.players[j], self._initial,
                               self.games_per_pair, swap=self.swap, learn=False,
                               progress=progress, stop=self._stop, limits=limits,
                               max_moves=self.max_moves)
            self._publish(i, j, result)
            self._base += result.games
            self._done = self._base

    def _publish(self, i: int, j: int, match: MatchResult) -> None:
        with self.lock:
            self._matches[-1] = (i, j, _copy_match(match))


def _too_long(max_moves: int) -> TrainingError:
    """The error of a game that passed ``max_moves`` moves without ending."""
    return TrainingError(f"a game passed {max_moves} moves without ending")


def _play_checked(state: GameState[Any], move: Any, player: Player) -> GameState[Any]:
    """``state`` after ``player``'s ``move``; a TrainingError naming the player if the move is
    illegal."""
    try:
        return state.play(move)
    except IllegalMoveError as exc:
        raise TrainingError(f"player '{player.spec}' played an illegal move '{move}': "
                            f"{exc}") from exc


def _copy_match(m: MatchResult) -> MatchResult:
    return MatchResult(p1=m.p1, p2=m.p2, games_planned=m.games_planned, swap=m.swap,
                       learn=m.learn, results=list(m.results), first=list(m.first),
                       moves=list(m.moves), reasons=dict(m.reasons),
                       think_seconds=list(m.think_seconds), think_moves=list(m.think_moves),
                       think_times=[list(times) for times in m.think_times],
                       seconds=m.seconds, stopped=m.stopped)


# ------------------------------------------------------------------------------------------------
# Statistics
# ------------------------------------------------------------------------------------------------


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z=1.96), as (low, high) in [0, 1].

    ``(0.0, 1.0)`` when there is no game. Draws can be counted as half a success by the caller.
    """
    if n <= 0:
        return 0.0, 1.0
    if successes < 0 or successes > n:
        raise ValueError(f"successes must be from 0 to {n}, got {successes}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At p = 0 or 1 the bound is exactly 0 or 1 (rounding would leave the proportion outside).
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == n else min(1.0, max(p, centre + half))
    return low, high


def cumulative(results: Sequence[int], code: int) -> list[int]:
    """Running count of ``code`` after each game."""
    total = 0
    out: list[int] = []
    for r in results:
        total += r == code
        out.append(total)
    return out


def window_rate(results: Sequence[int], code: int, window: int) -> list[float]:
    """The share of ``code`` over the last ``window`` games, after each game (fewer at first)."""
    if window < 1:
        raise ValueError(f"the window must be 1 game or more, got {window}")
    out: list[float] = []
    hits = 0
    for i, r in enumerate(results):
        hits += r == code
        if i >= window:
            hits -= results[i - window] == code
        out.append(hits / min(i + 1, window))
    return out


@dataclass
class Standing:
    """One player's line in a round robin: games, wins, draws, losses, points, Elo."""

    index: int
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    elo: float = 1500.0

    @property
    def points(self) -> float:
        """1 per win, 1/2 per draw."""
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float:
        """Points per game (0 to 1; 0 before any game)."""
        return self.points / self.games if self.games else 0.0


@dataclass
class CrossTable:
    """The round robin so far: ``score[i][j]`` is i's points against j, ``games[i][j]`` the
    games they played; ``wins[i]`` and ``draws[i]`` are i's totals."""

    names: list[str]
    score: list[list[float]]
    games: list[list[int]]
    wins: list[int]
    draws: list[int]

    def standings(self) -> list[Standing]:
        """Players ranked by points per game, then Elo (best first)."""
        ratings = elo_ratings(self.score, self.games)
        rows: list[Standing] = []
        for i, name in enumerate(self.names):
            games = sum(self.games[i])
            rows.append(Standing(i, name, games, self.wins[i], self.draws[i],
                                 games - self.wins[i] - self.draws[i], ratings[i]))
        return sorted(rows, key=lambda s: (-s.score, -s.elo, s.index))


def cross_table(names: Sequence[str],
                matches: Sequence[tuple[int, int, MatchResult]]) -> CrossTable:
    """Build the cross-table of a round robin from its pairings."""
    n = len(names)
    table = CrossTable(list(names), [[0.0] * n for _ in range(n)], [[0] * n for _ in range(n)],
                       [0] * n, [0] * n)
    for i, j, m in matches:
        w1, w2, d = m.p1_wins, m.p2_wins, m.draws
        table.score[i][j] += w1 + 0.5 * d
        table.score[j][i] += w2 + 0.5 * d
        table.games[i][j] += m.games
        table.games[j][i] += m.games
        table.wins[i] += w1
        table.wins[j] += w2
        table.draws[i] += d
        table.draws[j] += d
    return table


def elo_ratings(score: Sequence[Sequence[float]], games: Sequence[Sequence[int]],
                mean: float = 1500.0, spread: float = 800.0, rounds: int = 400) -> list[float]:
    """Elo ratings that best explain the results (maximum likelihood, logistic model).

    The ratings average ``mean``; a player who won or lost everything would drift without
    bound, so every rating stays within ``spread`` of the mean. Players without games get the
    mean.
    """
    n = len(score)
    ratings = [0.0] * n
    if n == 0:
        return []
    for _ in range(rounds):
        biggest = 0.0
        for i in range(n):
            played = sum(games[i])
            if not played:
                continue
            expected = 0.0
            variance = 0.0
            for j in range(n):
                g = games[i][j]
                if g:
                    e = 1.0 / (1.0 + 10 ** ((ratings[j] - ratings[i]) / 400.0))
                    expected += g * e
                    variance += g * e * (1 - e)
            actual = sum(score[i])
            # A Newton step on the log-likelihood (scaled for base-10 ratings), damped.
            step = (actual - expected) / max(variance, 1e-6) * 400.0 / math.log(10) * 0.5
            step = max(-200.0, min(200.0, step))
            new = max(-spread, min(spread, ratings[i] + step))
            biggest = max(biggest, abs(new - ratings[i]))
            ratings[i] = new
        centre = sum(ratings) / n
        ratings = [max(-spread, min(spread, r - centre)) for r in ratings]
        if biggest < 0.01:
            break
    return [mean + r for r in ratings]


def seeded(seed: int | None, index: int) -> int | None:
    """A per-player seed derived from a run's ``seed`` (None stays None)."""
    if seed is None:
        return None
    return random.Random(seed * 1_000_003 + index).randrange(2**31)
