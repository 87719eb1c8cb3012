"""Train one learner without a window and save it: what ``main.py train`` does.

A teacher prepares a class by training learners beforehand (``main.py train nim qlearning
--games 500 --out nim-q.json``) and then plays them anywhere a player spec is accepted, with
``load=FILE`` (``qlearning:load=nim-q.json``): the arena, the menu, the tournament.

Three ways to train, the three loops of seed 002:

* ``self``: the learner plays both sides and learns from the whole game (the seed's training
  loop, one table for both players);
* ``opponent``: the learner plays another player and learns from its own moves;
* ``watch``: two other players play each other and the learner only watches, learning from both
  sides (seed 002 trains its table "even if it did not play the game").

Who moves first follows an :data:`ai.arena.FirstRule` with p1 the learner (or, when watching,
the first watched player). Training is generic over learners: anything the registry marks as a
learner that is an :class:`ai.base.SavableLearner` (``learn``, ``save``, ``load_file``) trains
here, whatever its table. This module is the ``ai`` half (no printing, no argument parsing; the
command line is in :mod:`ai.cli`, the lab's threaded runners in :mod:`ai.training`).
"""

from __future__ import annotations

import json
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ai.arena import FirstRule, MatchResult, ProgressCallback, run_match
from ai.base import GameRecord, Player, SavableLearner
from ai.registry import GameRef, PlayerSpecError, make_player, players_for, resolve_spec
from game.userdata import read_bytes_limited

TrainMode = Literal["self", "opponent", "watch"]
TRAIN_MODES: tuple[TrainMode, ...] = ("self", "opponent", "watch")

#: An existing file that ``--out`` may replace must start its ``format`` field with this (it is
#: then one of our learner files); anything else is refused rather than overwritten.
OUR_FORMAT_PREFIX = "ai-game-lab"
#: Largest existing ``--out`` file looked into to decide whether it is ours.
MAX_CHECKED_BYTES = 200 * 1024 * 1024


class TrainError(ValueError):
    """A training cannot start or its result cannot be saved; the message says why."""


@dataclass(frozen=True)
class TrainPlan:
    """What to train, how and where to save it.

    ``opponent`` is the spec played against in ``opponent`` mode; ``watched`` the two specs
    that play each other in ``watch`` mode. ``seed`` seeds the learner (``seed``), the other
    players (``seed + 1``, ``seed + 2``) and the draw of who starts (``seed + 3``).
    """

    game: str
    options: Any
    learner: str
    games: int
    out: Path
    mode: TrainMode = "self"
    opponent: str | None = None
    watched: tuple[str, str] | None = None
    first: FirstRule = "alternate"
    seed: int | None = None


@dataclass
class TrainResult:
    """A finished (or stopped) training: the match it played, the trained learner, and where
    it was saved (None when it could not be)."""

    plan: TrainPlan
    learner: Player
    match: MatchResult
    saved: Path | None = None
    details: dict[str, Any] = field(default_factory=dict)


def _offset(seed: int | None, step: int) -> int | None:
    return None if seed is None else seed + step


def make_learner_player(spec: str, game: GameRef, options: Any, seed: int | None) -> Player:
    """The learner of ``spec`` (its ``load=FILE`` read); PlayerSpecError if it does not learn
    or cannot be saved."""
    info, _values = resolve_spec(spec, game, options)
    if not info.learner:
        learners = ", ".join(p.name for p in players_for(game, options) if p.learner)
        raise PlayerSpecError(f"player '{info.name}' does not learn: choose one of {learners}")
    player = make_player(spec, game, options, seed=seed)
    if not isinstance(player, SavableLearner):
        raise PlayerSpecError(f"learner '{info.name}' cannot be saved to a file")
    return player


def check_out_path(path: Path) -> None:
    """Refuse, before any game is played, an ``--out`` that could not be written or that would
    overwrite something other than a learner file. Raises TrainError saying why."""
    if path.is_dir():
        raise TrainError(f"--out {path} is a folder: give a file name, "
                         f"e.g. {path / 'learner.json'}")
    folder = path.parent
    if not folder.is_dir():
        raise TrainError(f"--out {path}: the folder {folder} does not exist")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise TrainError(f"--out {path}: cannot write in {folder} "
                         f"({exc.strerror or exc})") from None
    if path.exists() and not _is_our_file(path):
        raise TrainError(f"--out {path} exists and is not a learner file of AI Game Lab: "
                         "choose another name (it was left as it is)")


def _is_our_file(path: Path) -> bool:
    """True when ``path`` is a JSON object whose ``format`` names one of our files (or one of
    our n-tuple networks, which are ``.npz`` archives)."""
    if path.suffix == ".npz":
        from ai.ntuple import is_network_file

        return is_network_file(path)
    try:
        # Bounded, and never blocking on a FIFO or reading a link to /dev/zero forever.
        data = json.loads(read_bytes_limited(path, MAX_CHECKED_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    form = data.get("format") if isinstance(data, dict) else None
    return isinstance(form, str) and form.startswith(OUR_FORMAT_PREFIX)


class Training:
    """One training of ``plan``: the players are built (and checked) on construction, the games
    played by :meth:`run`.

    Raises PlayerSpecError for a bad spec or file and TrainError for a bad plan. After an
    interruption (Ctrl-C inside :meth:`run`), :meth:`so_far` still gives the games finished and
    the learner with everything it learned from them.
    """

    def __init__(self, plan: TrainPlan) -> None:
        if plan.mode not in TRAIN_MODES:
            raise TrainError(f"unknown training mode '{plan.mode}': choose one of "
                             f"{', '.join(TRAIN_MODES)}")
        self.plan = plan
        self.learner = make_learner_player(plan.learner, plan.game, plan.options, plan.seed)
        self.players: tuple[Player, Player]
        if plan.mode == "self":
            self.players = (self.learner, self.learner)
        elif plan.mode == "opponent":
            if plan.opponent is None:
                raise TrainError("training against an opponent needs its spec "
                                 "(--opponent SPEC)")
            self.players = (self.learner, make_player(plan.opponent, plan.game, plan.options,
                                                      seed=_offset(plan.seed, 1)))
        else:
            if plan.watched is None:
                raise TrainError("training by watching needs the two players "
                                 "(--watch SPEC SPEC)")
            self.players = (
                make_player(plan.watched[0], plan.game, plan.options, seed=_offset(plan.seed, 1)),
                make_player(plan.watched[1], plan.game, plan.options, seed=_offset(plan.seed, 2)),
            )
        self._match: MatchResult | None = None

    def run(self, progress: ProgressCallback | None = None,
            stop: threading.Event | None = None) -> TrainResult:
        """Play the plan's games, the learner learning after each one; ``stop`` ends the
        training after the current game, keeping what was learned."""
        plan = self.plan

        def seen(match: MatchResult, record: GameRecord) -> None:
            self._match = match
            if progress is not None:
                progress(match, record)

        fast = getattr(self.learner, "self_play_match", None)
        if plan.mode == "self" and callable(fast):
            # A learner with its own self-play loop (the n-tuple network plays on bitboards,
            # without state objects), reported like run_match.
            self._match = fast(plan.games, first=plan.first, first_seed=_offset(plan.seed, 3),
                               progress=seen, stop=stop)
            return self.so_far()
        p1, p2 = self.players
        watching = plan.mode == "watch"
        # When watching, the two players are not taught: only the watcher learns.
        self._match = run_match(p1, p2, plan.options.initial_state, plan.games,
                                progress=seen, stop=stop, first=plan.first,
                                first_seed=_offset(plan.seed, 3), learn=not watching,
                                watchers=(self.learner,) if watching else ())
        return self.so_far()

    def so_far(self) -> TrainResult:
        """The result with the games finished so far (all of them after :meth:`run`)."""
        match = self._match
        if match is None:
            p1, p2 = self.players
            match = MatchResult(p1=p1.spec, p2=p2.spec, games_planned=self.plan.games,
                                first_rule=self.plan.first, stopped=True)
        elif match.games < self.plan.games:
            match.stopped = True
        details: dict[str, Any] = {}
        for name in ("games_trained", "positions_known"):
            value = getattr(self.learner, name, None)
            value = value() if callable(value) else value
            if isinstance(value, int):
                details[name] = value
        return TrainResult(plan=self.plan, learner=self.learner, match=match, details=details)


def save_result(result: TrainResult) -> Path:
    """Save the trained learner to the plan's ``out`` file (atomically); raise TrainError
    saying why when it cannot be written (disk full, folder gone)."""
    learner = result.learner
    assert isinstance(learner, SavableLearner)
    try:
        saved = learner.save(result.plan.out)
    except OSError as exc:
        raise TrainError(f"could not save the learner to {result.plan.out} "
                         f"({exc.strerror or exc})") from None
    result.saved = saved
    return saved
