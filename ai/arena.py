"""Headless games between two players: one game (:func:`play_game`) or a match (:func:`run_match`).

The command line (``python main.py arena``), the app's tournament and learning screens and the
experiments script all play through these two functions. Nothing here prints or imports pygame;
progress is reported through a callback and a match stops cleanly when its stop flag is set,
keeping the games finished so far.

Seats: player 0 moves first. In a match, who moves first in each game is the ``first`` rule:
"p1" (p1 sits in seat 0 in every game, the default), "p2", "alternate" (p2 moves first in the
2nd, 4th, ... games; ``swap=True`` is the same) or "random" (drawn before each game from its own
seeded generator, as seed 003 draws who starts). Results are counted per player ("p1", "p2",
"draw"), whatever seat they held.

Long games: with ``cut_at`` a game that reaches that many moves is stopped and counted as a
draw whose reason is :data:`CUT_REASON` (``MatchResult.cut`` counts them; nobody learns from
them). The command line cuts at the game's ``GameInfo.max_moves`` unless ``--max-moves`` says so:
random players on Morpion 7x7 average about 15,700 moves a game, which made a small match look
hung.

Learning by watching (seed 002's training loop teaches a table "even if it did not play the
game"): a match's ``watchers`` learn from every finished game, from both sides, without playing.
"""

from __future__ import annotations

import random
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ai.base import Decision, GameRecord, Limits, Player, SearchCancelled
from game.rules.base import GameState, IllegalMoveError, Outcome

GameResult = Literal["p1", "p2", "draw"]
#: Who moves first in each game of a match (see the module docstring).
FirstRule = Literal["p1", "p2", "alternate", "random"]
FIRST_RULES: tuple[FirstRule, ...] = ("p1", "p2", "alternate", "random")

#: The outcome reason of a game cut at the arena's move limit (counted as a draw).
CUT_REASON = "move_limit"
#: Called after every move of :func:`play_game` with the state before the move, the decision
#: and the seat (0 or 1) that moved.
MoveCallback = Callable[[GameState[Any], Decision, int], None]


class ArenaError(RuntimeError):
    """A player broke the rules of the arena (played an illegal move)."""


class MoveLimitReached(ArenaError):
    """A game went past the ``max_moves`` safety limit."""


def play_game(first: Player, second: Player, state: GameState[Any], *,
              limits: Limits | None = None, on_move: MoveCallback | None = None,
              max_moves: int | None = None, cut_at: int | None = None) -> GameRecord:
    """Play ``state`` to the end: ``first`` moves for player 0, ``second`` for player 1.

    ``limits`` is passed to every decision (its cancel flag stops the game by raising
    SearchCancelled from the player's search or, at the latest, before the next move).
    An illegal move raises ArenaError naming the player and the move; a game longer than
    ``max_moves`` raises MoveLimitReached; a game reaching ``cut_at`` moves stops there, its
    record's outcome a draw with reason :data:`CUT_REASON`. Learners are *not* taught here
    (see run_match).
    """
    lim = limits if limits is not None else Limits()
    seats = (first, second)
    states: list[GameState[Any]] = [state]
    moves: list[Any] = []
    while state.outcome is None:
        lim.check()
        if max_moves is not None and len(moves) >= max_moves:
            raise MoveLimitReached(f"the game passed {max_moves} moves without ending")
        if cut_at is not None and len(moves) >= cut_at:
            return GameRecord(states=states, moves=moves, outcome=Outcome(
                None, CUT_REASON, f"cut after {cut_at} moves without an end"))
        seat = state.to_move
        player = seats[seat]
        decision = player.choose(state, lim)
        try:
            after = state.play(decision.move)
        except IllegalMoveError as exc:
            raise ArenaError(f"player '{player.spec}' (seat {seat}) played an illegal move "
                             f"'{decision.move}': {exc}") from exc
        if on_move is not None:
            on_move(state, decision, seat)
        moves.append(decision.move)
        states.append(after)
        state = after
    return GameRecord(states=states, moves=moves, outcome=state.outcome)


#: The most move times a match keeps per player for the median (see MatchResult.keep_time).
THINK_SAMPLE = 2048


@dataclass
class MatchResult:
    """What a match produced so far (complete when ``stopped`` is False and all games ran).

    ``results[i]`` is "p1", "p2" or "draw" for game i; ``first[i]`` says who moved first in it
    (``first_rule`` is how that was decided; ``swap`` is True when it alternated);
    ``moves[i]`` its length in moves; ``reasons`` counts how games ended (outcome reasons).
    ``think_seconds`` and ``think_moves`` are per player (index 0 for p1, 1 for p2), and
    ``think_times`` their moves' thinking times, all or a uniform sample (see
    :meth:`keep_time`).
    """

    p1: str
    p2: str
    games_planned: int
    swap: bool = False
    learn: bool = True
    first_rule: FirstRule = "p1"
    results: list[GameResult] = field(default_factory=list)
    first: list[GameResult] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    think_seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    think_moves: list[int] = field(default_factory=lambda: [0, 0])
    think_times: list[list[float]] = field(default_factory=lambda: [[], []])
    seconds: float = 0.0
    stopped: bool = False
    #: Games cut at ``cut_at`` moves (also counted in ``draws`` and ``reasons``).
    cut: int = 0
    cut_at: int | None = None
    #: Which moves' times a long match keeps (see keep_time).
    _sampler: random.Random = field(default_factory=lambda: random.Random(0), repr=False,
                                    compare=False)

    @property
    def games(self) -> int:
        """Games finished."""
        return len(self.results)

    @property
    def p1_wins(self) -> int:
        """Games won by p1."""
        return self.results.count("p1")

    @property
    def p2_wins(self) -> int:
        """Games won by p2."""
        return self.results.count("p2")

    @property
    def draws(self) -> int:
        """Games drawn."""
        return self.results.count("draw")

    @property
    def moves_mean(self) -> float:
        """Average game length in moves (0 if no game finished)."""
        return sum(self.moves) / len(self.moves) if self.moves else 0.0

    def think_mean(self, index: int) -> float:
        """Average thinking time per move of p1 (index 0) or p2 (index 1), in seconds."""
        n = self.think_moves[index]
        return self.think_seconds[index] / n if n else 0.0

    def keep_time(self, index: int, seconds: float) -> None:
        """Count one move of p1 (index 0) or p2 (index 1) that took ``seconds``. Its time is
        kept for the median while a player has fewer than THINK_SAMPLE, then in a uniform
        sample of that size (reservoir sampling, seeded: the same match keeps the same
        times): kept whole, a long tournament's times (it may play 100 000 games a pair) were
        copied for the screen each frame and their medians took 172 ms an update; kept one
        move in 2^k, players of fixed-length games kept the same move of every game
        (review)."""
        self.think_seconds[index] += seconds
        self.think_moves[index] += 1
        times = self.think_times[index]
        if len(times) < THINK_SAMPLE:
            times.append(seconds)
            return
        slot = self._sampler.randrange(self.think_moves[index])
        if slot < THINK_SAMPLE:
            times[slot] = seconds

    def think_median(self, index: int) -> float:
        """The median thinking time of p1's (index 0) or p2's (index 1) moves, in seconds;
        the mean (:meth:`think_mean`) where the moves' times were not kept.

        A move's time is wall-clock time, which counts whatever else held the interpreter
        meanwhile: in the app a frame drawn by the window (5-13 ms) lands in a move now and
        then, so Random's mean against Perfect on Nim read 61 µs in one tournament and 6 µs
        in the next (QA16 15; three runs at 1280x720 measured 31-253 µs means, 4.1-4.3 µs
        medians). A player's first move pays its cold start too (Perfect's first solve, 215
        µs against 25). The median is a typical move's time, which those few do not move."""
        times = self.think_times[index]  # (a sample of them in a long match, see keep_time)
        return statistics.median(times) if times else self.think_mean(index)

    def cumulative(self, who: GameResult) -> list[int]:
        """Running count of ``who``'s results after each game (the seeds' cumulative plots)."""
        total = 0
        out: list[int] = []
        for r in self.results:
            total += r == who
            out.append(total)
        return out

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (the arena command's ``--json`` output)."""
        return {
            "p1": self.p1,
            "p2": self.p2,
            "games": self.games,
            "games_planned": self.games_planned,
            "p1_wins": self.p1_wins,
            "p2_wins": self.p2_wins,
            "draws": self.draws,
            "results": list(self.results),
            "first": list(self.first),
            "moves_mean": round(self.moves_mean, 3),
            "reasons": dict(self.reasons),
            "p1_think_mean": self.think_mean(0),
            "p2_think_mean": self.think_mean(1),
            "p1_think_median": self.think_median(0),
            "p2_think_median": self.think_median(1),
            "seconds": round(self.seconds, 4),
            "swap": self.swap,
            "first_rule": self.first_rule,
            "learn": self.learn,
            "stopped": self.stopped,
            "cut": self.cut,
            "max_moves": self.cut_at,
        }


#: Called after every finished game with the match so far and the game's record.
ProgressCallback = Callable[[MatchResult, GameRecord], None]


def _teach(p1: Player, p2: Player, record: GameRecord, p1_seat: int) -> None:
    """Let each player learn from the game, with the seats it held (both if it played itself)."""
    if p1 is p2:
        p1.learn(record, (0, 1))
        return
    p1.learn(record, (p1_seat,))
    p2.learn(record, (1 - p1_seat,))


def first_seats(rule: FirstRule, games: int, seed: int | None = None) -> list[int]:
    """p1's seat (0 moves first) in each of ``games`` games under ``rule``; "random" draws
    each game's seat with a generator seeded by ``seed``, so a seed repeats the draws."""
    if rule not in FIRST_RULES:
        raise ValueError(f"unknown first-mover rule '{rule}': choose one of "
                         f"{', '.join(FIRST_RULES)}")
    if rule == "random":
        draw = random.Random(seed)
        return [draw.randrange(2) for _ in range(games)]
    if rule == "alternate":
        return [index % 2 for index in range(games)]
    return [0 if rule == "p1" else 1] * games


def run_match(p1: Player, p2: Player, initial: GameState[Any] | Callable[[], GameState[Any]],
              games: int, *, swap: bool = False, learn: bool = True,
              progress: ProgressCallback | None = None, stop: threading.Event | None = None,
              limits: Limits | None = None, max_moves: int | None = None,
              first: FirstRule | None = None, first_seed: int | None = None,
              watchers: Sequence[Player] = (), cut_at: int | None = None,
              on_move: MoveCallback | None = None) -> MatchResult:
    """Play ``games`` games of ``p1`` against ``p2`` from ``initial`` (a state, or a function
    making one per game).

    Who moves first follows ``first`` (see :func:`first_seats`; ``first_seed`` seeds the
    "random" draws); without it, p1 moves first unless ``swap`` alternates the seats. After each
    game, learners learn from it unless ``learn`` is False (``--frozen``), every one of
    ``watchers`` learns from both sides of it (whatever ``learn`` says: watching is all they
    do), then ``progress`` is called. Setting ``stop``
    ends the match at once (a game in progress is abandoned and not counted); the result then
    has ``stopped`` True and keeps every game finished before. ``limits`` (time, depth,
    iterations) applies to every move; its cancel flag is replaced by ``stop``. ``max_moves``
    raises MoveLimitReached past that many moves; ``cut_at`` instead ends such a game as a draw
    counted in ``cut``, from which nobody learns. ``on_move`` is called after every move.
    """
    if games < 0:
        raise ValueError(f"the number of games must be 0 or more, got {games}")
    stop_flag = stop if stop is not None else threading.Event()
    lim = Limits(cancel=stop_flag) if limits is None else Limits(
        cancel=stop_flag, time=limits.time, depth=limits.depth, iterations=limits.iterations)
    rule: FirstRule = first if first is not None else ("alternate" if swap else "p1")
    seats = first_seats(rule, games, first_seed)
    match = MatchResult(p1=p1.spec, p2=p2.spec, games_planned=games, swap=rule == "alternate",
                        learn=learn, first_rule=rule, cut_at=cut_at)
    started = time.perf_counter()

    for index in range(games):
        if stop_flag.is_set():
            match.stopped = True
            break
        p1_seat = seats[index]
        mover, replier = (p1, p2) if p1_seat == 0 else (p2, p1)

        def count_move(state: GameState[Any], decision: Decision, seat: int,
                       p1_seat: int = p1_seat) -> None:
            match.keep_time(0 if seat == p1_seat else 1, decision.elapsed)
            if on_move is not None:
                on_move(state, decision, seat)

        state = initial() if callable(initial) else initial
        try:
            record = play_game(mover, replier, state, limits=lim, on_move=count_move,
                               max_moves=max_moves, cut_at=cut_at)
        except SearchCancelled:
            match.stopped = True
            break
        outcome = record.outcome
        assert outcome is not None  # play_game returns finished games only
        if outcome.winner is None:
            result: GameResult = "draw"
        else:
            result = "p1" if outcome.winner == p1_seat else "p2"
        match.results.append(result)
        match.first.append("p1" if p1_seat == 0 else "p2")
        match.moves.append(len(record.moves))
        match.reasons[outcome.reason] = match.reasons.get(outcome.reason, 0) + 1
        if outcome.reason == CUT_REASON:
            match.cut += 1  # not a finished game: nothing to learn from
        else:
            if learn:
                _teach(p1, p2, record, p1_seat)
            for watcher in watchers:
                watcher.learn(record, ())
        match.seconds = time.perf_counter() - started
        if progress is not None:
            progress(match, record)
    match.seconds = time.perf_counter() - started
    return match
