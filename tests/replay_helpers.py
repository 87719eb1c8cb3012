"""Make the play screen's AI replayable in a test: the same events give the same game.

A monkey test (random events from a seeded generator) on an AI-vs-AI game still played a
different game at each run: the players were built unseeded (their ties broken at random),
a random first player was drawn unseeded, and an AI's move arrived on whichever frame its
thread finished, which depends on the machine's load. A failure could not be replayed.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from ai.base import Limits, Player
from ai.worker import Worker
from game.rules.base import GameState

#: At most this many frames pass between an AI being asked and its answer being taken, so the
#: screen is still seen thinking (its spinner, its live facts) on some frames.
MOST_THINKING_FRAMES = 3


class ReplayableWorker(Worker):
    """The app's worker (a thread, cancelled the same way) whose answer is waited for at
    once and then held back a number of polls drawn from a seeded generator: the frame the
    move arrives on repeats from run to run, whatever the machine's load."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self._rng = rng
        self._held = 0

    def request(self, player: Player, state: GameState[Any],
                limits: Limits | None = None) -> int:
        request_id = super().request(player, state, limits)
        thread = self._thread
        if thread is not None:
            thread.join()
        self._held = self._rng.randrange(MOST_THINKING_FRAMES + 1)
        return request_id

    def poll(self) -> Any:
        if self._held > 0 and self.current_id:
            self._held -= 1
            return None
        return super().poll()


def replayable_ai(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """For the rest of the test, every player the play screen makes (seats, the hint's
    adviser) is seeded from ``seed`` in the order they are made, a random first player is
    drawn from a seeded generator, and the AI thinks through a :class:`ReplayableWorker`."""
    from game.ui.scenes import match as match_module
    from game.ui.scenes import turns as turns_module

    seeds = itertools.count(seed)
    real_player = match_module.make_player

    def seeded_player(spec: str, game: Any, options: Any = None,
                      seed: int | None = None) -> Player:
        return real_player(spec, game, options, next(seeds) if seed is None else seed)

    real_init = match_module.Match.__init__

    def seeded_match(self: Any, setup: Any, seats: Any, first: str = "seat1",
                     rng: random.Random | None = None) -> None:
        real_init(self, setup, seats, first, rng or random.Random(next(seeds)))

    monkeypatch.setattr(match_module, "make_player", seeded_player)
    monkeypatch.setattr(match_module.Match, "__init__", seeded_match)
    monkeypatch.setattr(turns_module, "Worker",
                        lambda: ReplayableWorker(random.Random(next(seeds))))
