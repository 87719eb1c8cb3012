"""The tabular learners of seeds 001 and 002: ``elimination``, ``reinforcement``, ``qlearning``.

Each learner keeps one *box* per position it has met, indexed by the state's ``key`` (so the same
code works for every game and variant), and each box holds one number per legal move:

* ``elimination`` (seed 001, seed 002 strategy 1, the matchbox learner): 1 for a move still
  allowed, 0 for a move eliminated. After a lost game the last move it played is eliminated;
  if that empties the box (every move of that position now lost), the move it played before
  is eliminated too, and so on back through the game (seed 002's table of (matches, take),
  ``propagate=0``). With ``propagate=1`` (seed 001, which keeps a list of losing positions)
  what is learned is the position an eliminated move leads to: every move of any box into that
  position is eliminated as well. Each game's default is its own seed's algorithm (declared by
  the game: ``GameInfo.player_defaults``). It plays uniformly among the allowed moves, and at
  random among every legal move when its box is empty (the Decision says so).
* ``reinforcement`` (seed 002 strategy 2, MENACE-style): beads per move, ``start`` beads to
  begin with. After a game every move it played gains ``win`` beads if it won, ``draw`` beads
  for a draw, ``loss`` beads (negative) if it lost, never going below one bead: a bad move
  becomes rare but is never impossible, so the box can never empty. Moves are drawn in
  proportion to their beads.
* ``qlearning`` (seed 002 strategy 3): Q-values, updated after each game in the order the moves
  were played with the seed's two-player Bellman form
  ``Q(s,a) <- (1-alpha) Q(s,a) + alpha (r - gamma max_a' Q(s',a'))``, where ``s'`` is the
  position the opponent faces after ``a`` (so the opponent's best value is subtracted), ``r``
  is +1 for the winning move, -1 for the loser's last move and 0 otherwise, and the max is 0
  when ``s'`` ends the game. It plays the best Q-value except with probability ``epsilon``,
  when it explores a random legal move; equal best values are broken at random
  (``ties=random``) or by taking the first in the game's move order (``ties=first``, as the
  seed's code does: ``qlearning:epsilon=0,ties=first`` plays as the seed's player). Where the
  seed's table also held illegal takes (worth 0) in the max, boxes here hold legal moves only.
  Because the opponent's best value is subtracted, values tend to minimax's (discounted): a
  move whose best answer draws is worth 0, as is a move no result has reached yet (its next
  box still holds an untried move at 0). Morpion 3x3 draws from every opening with best play,
  so its nine first moves stay at 0 however long it trains (measured to 100,000 games against
  Random, which it then beats 399 times in 400).

Which moves a learner learns from: ``learn(record, seats)`` learns from the moves of the given
seats (the seats it held); with ``seats=()`` (a game it only watched) it learns from both sides,
as the seed's training loop does. Q-learning always updates the moves of both sides: its Bellman
form reads the opponent's values at the next position, which would stay at 0 forever if only
its own moves were updated (in games whose key includes the side to move).

Tables are saved as JSON (never pickle) with a version field, the game and its options, the
kind of learner and the number of games trained; keys and moves are stored in text form
(:func:`key_text` and ``str(move)``). A file is read lazily: a box is turned back into moves the
first time its position is met, by matching the text of that position's legal moves.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.base import Decision, GameRecord, Limits, Player
from ai.simple import break_tie, tie_info, ties_param
from game.rules.base import GameState
from game.rules.registry import GameSetup
from game.userdata import (
    UnreadableFileError,
    atomic_write_json,
    data_dir,
    keep_aside,
    read_bytes_limited,
    read_json,
)

#: Version of the learner file format written; a file whose version is not in
#: :data:`READ_VERSIONS` is refused (kept aside). Version 2 adds an optional ``usage`` table
#: (how often the lab saw each box used: position text -> count), which version 1 lacks.
FILE_VERSION = 2
#: The versions this app reads.
READ_VERSIONS = (1, 2)
#: Marks a JSON file as one of ours.
FILE_FORMAT = "ai-game-lab learner"
KINDS = ("elimination", "reinforcement", "qlearning")

#: Most beads a saved box may hold for one move (a file with more is refused): far beyond what
#: training produces, and small enough that a box's total stays finite.
MAX_BEADS = 1e12
#: Largest learner file :meth:`TabularLearner.load_file` reads (a trained Morpion 4x4 table is a
#: few megabytes; anything far past that is not one of ours).
MAX_FILE_BYTES = 200 * 1024 * 1024


#: Why a learner or network file cannot be used, one word the screens put in the user's
#: language (``file.reason.<word>``): the messages themselves are the command line's English
#: and name fields a class never sees (QA S12 37: "the options are not a table of values").
FILE_REASONS = ("missing", "unreadable", "too_big", "not_ours", "version", "other_setup",
                "damaged")


class LearnerFileError(ValueError):
    """A learner file cannot be used by this learner; the message says why in plain words,
    ``reason`` (one of :data:`FILE_REASONS`) in one word for the screens."""

    def __init__(self, message: str, reason: str = "damaged") -> None:
        super().__init__(message)
        self.reason = reason


def key_text(key: Hashable) -> str:
    """A stable text form of a state key, usable as a JSON object key.

    Integers, strings, booleans and None print as ``repr``; tuples and lists as ``(a,b,...)``;
    sets and frozensets with their items sorted by text, so that the same key always gives the
    same text from one run (and one Python hash seed) to the next.
    """
    if isinstance(key, (tuple, list)):
        return "(" + ",".join(key_text(part) for part in key) + ")"
    if isinstance(key, (frozenset, set)):
        return "{" + ",".join(sorted(key_text(part) for part in key)) + "}"
    if isinstance(key, (int, str, float)) or key is None:
        return repr(key)
    # Any other hashable value: its repr must be stable for the file to be reused.
    return repr(key)


def options_json(options: Any) -> Any:
    """A game's options as plain JSON values (dataclass fields; tuples become lists)."""
    if dataclasses.is_dataclass(options) and not isinstance(options, type):
        return {f.name: options_json(getattr(options, f.name))
                for f in dataclasses.fields(options)}
    if isinstance(options, (tuple, list)):
        return [options_json(v) for v in options]
    return options


def learner_path(kind: str, setup: GameSetup) -> Path:
    """The default file of a learner of ``kind`` for this game and variant, in the data folder.

    The file name carries every option so that two variants never share (and overwrite) one
    table.
    """
    opts = options_json(setup.options)
    parts = [setup.name]
    if isinstance(opts, dict):
        for name, value in opts.items():
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            parts.append(f"{name}={text}")
    safe = "_".join(parts).replace("/", "-").replace(":", "-").replace(" ", "")
    return data_dir() / "learners" / f"{kind}__{safe}.json"


@dataclass(frozen=True)
class LoadReport:
    """What :meth:`TabularLearner.load` did: ``loaded`` or not, why, and where a bad file went."""

    loaded: bool
    message: str
    kept_as: Path | None = None


Box = dict[Any, float]


class TabularLearner(Player):
    """What the three learners share: the boxes, learning entry point, JSON and files.

    Subclasses set ``kind`` and ``score_kind`` and implement :meth:`_initial_value`,
    :meth:`decide` and :meth:`_learn_game`.
    """

    learns = True
    kind = "tabular"
    score_kind = "value"

    def __init__(self, spec: str, seed: int | None, setup: GameSetup,
                 params: Mapping[str, float] | None = None) -> None:
        super().__init__(spec, seed)
        self.setup = setup
        self.params: dict[str, float] = dict(params or {})
        self.games_trained = 0
        self._boxes: dict[Hashable, Box] = {}
        # Boxes read from a file and not met yet: key text -> move text -> value.
        self._pending: dict[str, dict[str, float]] = {}

    # -- boxes ----------------------------------------------------------------------------------


    @property
    def game_name(self) -> str:
        """The name of the game this learner's table is for."""
        return self.setup.name

    @property
    def options(self) -> Any:
        """The options of the game this learner's table is for."""
        return self.setup.options
    def _initial_value(self) -> float:
        """The value a move holds in a brand-new box."""
        raise NotImplementedError

    def box(self, state: GameState[Any]) -> Box:
        """The box of ``state`` (created, or read from the loaded file, on first use)."""
        key = state.key
        box = self._boxes.get(key)
        if box is None:
            box = self._new_box(state)
            self._boxes[key] = box
        return box

    def _new_box(self, state: GameState[Any]) -> Box:
        """A box for a position met for the first time: from the file if it had one."""
        start = self._initial_value()
        moves = state.legal_moves()
        if self._pending:
            stored = self._pending.pop(key_text(state.key), None)
            if stored is not None:
                return {m: float(stored.get(str(m), start)) for m in moves}
        return dict.fromkeys(moves, start)

    def table_view(self, state: GameState[Any]) -> Mapping[Hashable, float] | None:
        """The stored values of ``state``'s moves (a copy; a position never met shows the
        starting values), or None for a finished game."""
        if state.outcome is not None:
            return None
        return dict(self.box(state))

    def positions_known(self) -> int:
        """How many positions have a box (met in play or loaded from a file)."""
        return len(self._boxes) + len(self._pending)

    def reset(self) -> None:
        """Forget everything learned."""
        self._boxes.clear()
        self._pending.clear()
        self.games_trained = 0

    # -- learning -------------------------------------------------------------------------------

    def learn(self, record: GameRecord, seats: Sequence[int]) -> None:
        """Learn from a finished game; ``seats`` are the seats it held (empty: it watched,
        and learns from both sides). An abandoned game (no outcome) teaches nothing."""
        if record.outcome is None or not record.moves:
            return
        learn_seats = frozenset(seats) if seats else frozenset((0, 1))
        self._learn_game(record, learn_seats)
        self.games_trained += 1

    def _learn_game(self, record: GameRecord, seats: frozenset[int]) -> None:
        """Update the boxes from one finished game."""
        raise NotImplementedError

    def _info(self, box: Box) -> dict[str, Any]:
        """What every decision shows besides the scores."""
        return {"learner": self.kind, "games_trained": self.games_trained,
                "positions_known": self.positions_known(), "draws": self.setup.info.draws}

    def _decision(self, move: Any, box: Box, info: dict[str, Any]) -> Decision:
        """A decision to play ``move``, showing a copy of its box as the scores."""
        return Decision(move=move, scores=dict(box), score_kind=self.score_kind, depth=0,
                        nodes=0, pv=(move,), info=info)

    # -- JSON and files -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole learner as plain JSON values (see the module docstring)."""
        table: dict[str, dict[str, float]] = dict(self._pending)
        for key, box in self._boxes.items():
            table[key_text(key)] = {str(m): v for m, v in box.items()}
        return {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "kind": self.kind,
            "game": self.game_name,
            "options": options_json(self.options),
            "params": dict(self.params),
            "games_trained": self.games_trained,
            "table": dict(sorted(table.items())),
        }

    def from_json(self, data: Any) -> None:
        """Replace this learner's table by ``data`` (as made by :meth:`to_json`).

        Raises LearnerFileError, saying what does not match, for anything that is not a table
        of this kind of learner, for this game and variant, in this file version. The learner
        is left unchanged in that case. The file's parameters are not applied: the player's
        own spec says how it plays and learns from now on.
        """
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise LearnerFileError("this is not a learner file of AI Game Lab", "not_ours")
        version = data.get("version")
        if isinstance(version, bool) or version not in READ_VERSIONS:
            raise LearnerFileError(f"the file is in learner format version {version!r}; "
                                   f"this app reads versions "
                                   f"{', '.join(map(str, READ_VERSIONS))}", "version")
        if data.get("kind") != self.kind:
            raise LearnerFileError(f"the file holds a '{data.get('kind')}' learner, "
                                   f"not '{self.kind}'", "other_setup")
        if data.get("game") != self.game_name:
            raise LearnerFileError(f"the file was trained on {data.get('game')}, "
                                   f"not {self.game_name}", "other_setup")
        if data.get("options") != options_json(self.options):
            raise LearnerFileError(f"the file was trained on other options of "
                                   f"{self.game_name} ({data.get('options')})",
                                   "other_setup")
        games = data.get("games_trained")
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise LearnerFileError("the file's games_trained is not a whole number")
        raw = data.get("table")
        if not isinstance(raw, dict):
            raise LearnerFileError("the file has no table")
        table: dict[str, dict[str, float]] = {}
        for key, box in raw.items():
            if not isinstance(box, dict):
                raise LearnerFileError(f"the box of position {key} is not a table of moves")
            values: dict[str, float] = {}
            for move, value in box.items():
                if (isinstance(value, bool) or not isinstance(value, (int, float))
                        or not math.isfinite(value)):
                    raise LearnerFileError(f"position {key}, move {move}: {value!r} is not "
                                           "a number")
                problem = self._value_problem(float(value))
                if problem is not None:
                    raise LearnerFileError(f"position {key}, move {move}: {value!r} is not "
                                           f"{problem}")
                values[str(move)] = float(value)
            table[str(key)] = values
        self._boxes.clear()
        self._pending = table
        self.games_trained = games

    def _value_problem(self, value: float) -> str | None:
        """None when ``value`` can be stored in a box of this learner, else what it should be
        (for the error message). Any finite number by default."""
        return None

    def save(self, path: Path | None = None) -> Path:
        """Write the table to ``path`` (default: :func:`learner_path`) atomically; return it."""
        target = path if path is not None else learner_path(self.kind, self.setup)
        atomic_write_json(target, self.to_json())
        return target

    def load_file(self, path: Path) -> None:
        """Read the table from a file the user named (``load=FILE``, ``train``).

        Raises LearnerFileError saying why in plain words when the file is missing, too big,
        not JSON, or not a table this learner can use; the file itself is never moved or
        changed (it is the user's), and the learner is left unchanged.
        """
        try:
            size = path.stat().st_size
            if not path.is_file():
                raise LearnerFileError(f"{path} is not a file", "unreadable")
            if size > MAX_FILE_BYTES:
                raise LearnerFileError(f"{path.name} is {size // (1024 * 1024)} MB: too big "
                                       "to be a learner file", "too_big")
            data = json.loads(read_bytes_limited(path, MAX_FILE_BYTES).decode("utf-8"))
        except FileNotFoundError:
            raise LearnerFileError(f"there is no file {path}", "missing") from None
        except OSError as exc:
            raise LearnerFileError(f"{path} cannot be read ({exc.strerror or exc})",
                                   "unreadable") from None
        except (ValueError, RecursionError):
            # ValueError covers bad UTF-8 and bad JSON; RecursionError absurdly deep nesting.
            raise LearnerFileError(f"{path.name} is not a learner file of AI Game Lab "
                                   "(it is not JSON)", "not_ours") from None
        self.from_json(data)

    def load(self, path: Path | None = None) -> LoadReport:
        """Read the table from ``path`` (default: :func:`learner_path`).

        Never raises for a bad file: a missing file leaves a fresh learner; an unreadable file
        (bad JSON) or a foreign one (another game, variant, kind or version) is moved aside as
        ``NAME.corrupt-TIMESTAMP`` so that the next save cannot overwrite it, and the learner
        starts fresh. The report's message says which of these happened.
        """
        source = path if path is not None else learner_path(self.kind, self.setup)
        try:
            data = read_json(source, MAX_FILE_BYTES)
        except FileNotFoundError:
            self.reset()
            return LoadReport(False, f"no saved {self.kind} table at {source}: starting fresh")
        except UnreadableFileError as exc:
            self.reset()
            return LoadReport(False, f"{exc}; starting fresh", exc.kept_as)
        try:
            self.from_json(data)
        except LearnerFileError as exc:
            kept = keep_aside(source)
            self.reset()
            where = f"; it was kept aside as {kept.name}" if kept is not None else ""
            return LoadReport(False, f"{source.name} cannot be used: {exc}{where}; "
                                     "starting fresh", kept)
        return LoadReport(True, f"loaded {self.kind} table from {source.name} "
                                f"({self.games_trained} games trained, "
                                f"{self.positions_known()} positions)")


def _record_states(record: GameRecord) -> list[GameState[Any]]:
    """The state before each move and the final state (computed if the record lacks it)."""
    states = list(record.states[: len(record.moves) + 1])
    if len(states) == len(record.moves):
        states.append(states[-1].play(record.moves[-1]))
    return states


# ------------------------------------------------------------------------------------------------
# elimination
# ------------------------------------------------------------------------------------------------


class EliminationLearner(TabularLearner):
    """The matchbox learner that stops playing moves that lost (see the module docstring).

    Seed 001 eliminates *positions*: its list of losing boards is checked against the board
    each candidate move would produce. So besides the boxes this learner keeps the set of
    positions it has learned to avoid moving into (the keys of the positions its eliminated
    moves led to); a move of any box that leads to one of them is eliminated too when that
    box is next used. In Nim, for instance, learning that leaving 4 matches loses eliminates
    "take 3 from 7" and "take 2 from 6" at once. This is sound in any game whose key says who
    moved into the position (the side to move is in the key, or the game is impartial).
    """

    kind = "elimination"
    score_kind = "allowed"

    def __init__(self, spec: str, seed: int | None, setup: GameSetup,
                 params: Mapping[str, float] | None = None) -> None:
        super().__init__(spec, seed, setup, params)
        # Keys of the positions that moves lead to, per box (same order as the box), and the
        # size of the lost set when the box was last checked against it (it only grows).
        self._after: dict[Hashable, tuple[tuple[Hashable, ...], int]] = {}
        # Positions learned to be lost for whoever moves into them (propagate=1 only).
        self._lost: set[Hashable] = set()
        self._lost_pending: set[str] = set()

    @property
    def propagate(self) -> bool:
        """True when a lost position eliminates every move into it (seed 001), False for the
        table of seed 002 (each box on its own)."""
        return bool(self.params.get("propagate", 1))

    def _initial_value(self) -> float:
        return 1.0

    def reset(self) -> None:
        """Forget everything learned."""
        super().reset()
        self._after.clear()
        self._lost.clear()
        self._lost_pending.clear()

    def _synced_box(self, state: GameState[Any]) -> Box:
        """The box of ``state`` with moves into lost positions eliminated."""
        key = state.key
        box = self.box(state)
        if not self.propagate:
            return box
        entry = self._after.get(key)
        if entry is None:
            after = tuple(state.play(m).key for m in box)
            if self._lost_pending:
                for child in after:
                    if key_text(child) in self._lost_pending:
                        self._lost.add(child)
            entry = (after, -1)
        after, synced = entry
        # Only look again when the lost set has grown since this box was last checked: the
        # common case in long training runs, where this is on the hot path.
        if synced != len(self._lost):
            lost = self._lost
            for move, child in zip(box, after, strict=True):
                if child in lost and box[move] > 0.0:
                    box[move] = 0.0
            self._after[key] = (after, len(lost))
        return box

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Play uniformly among the allowed moves; at random when none is left."""
        box = self._synced_box(state)
        allowed = [m for m, v in box.items() if v > 0.0]
        info = self._info(box)
        if allowed:
            move = self.rng.choice(allowed)
        else:
            move = self.rng.choice(list(box))
            info["all_eliminated"] = True
            info["note"] = "every move of this position has been eliminated: playing at random"
        return self._decision(move, box, info)

    def table_view(self, state: GameState[Any]) -> Mapping[Hashable, float] | None:
        """1 for each move still allowed, 0 for each eliminated (None for a finished game)."""
        if state.outcome is not None:
            return None
        return dict(self._synced_box(state))

    def _learn_game(self, record: GameRecord, seats: frozenset[int]) -> None:
        outcome = record.outcome
        assert outcome is not None
        if outcome.winner is None:
            return  # a draw eliminates nothing
        loser = 1 - outcome.winner
        if loser not in seats:
            return
        states = _record_states(record)
        # The loser's moves, last first: eliminate, and go back only while boxes empty.
        for i in range(len(record.moves) - 1, -1, -1):
            state = states[i]
            if state.to_move != loser:
                continue
            box = self._synced_box(state)
            move = record.moves[i]
            if move in box:
                box[move] = 0.0
                if self.propagate:
                    self._lost.add(states[i + 1].key)
            if any(v > 0.0 for v in box.values()):
                return

    def to_json(self) -> dict[str, Any]:
        """The table plus the positions learned to be lost (``lost_after``)."""
        data = super().to_json()
        data["lost_after"] = sorted({key_text(k) for k in self._lost} | self._lost_pending)
        return data

    def _value_problem(self, value: float) -> str | None:
        # A matchbox move is allowed (1) or eliminated (0); anything else would be played as
        # "allowed" without the learner ever having produced it.
        return None if value in (0.0, 1.0) else "0 (eliminated) or 1 (allowed)"

    def from_json(self, data: Any) -> None:
        """Read the table and the positions learned to be lost (see the base class)."""
        lost = data.get("lost_after", []) if isinstance(data, dict) else []
        if not isinstance(lost, list) or not all(isinstance(k, str) for k in lost):
            raise LearnerFileError("the file's lost_after is not a list of positions")
        super().from_json(data)
        self._after.clear()
        self._lost.clear()
        self._lost_pending = set(lost)


# ------------------------------------------------------------------------------------------------
# reinforcement
# ------------------------------------------------------------------------------------------------


class ReinforcementLearner(TabularLearner):
    """The MENACE-style bead learner (see the module docstring)."""

    kind = "reinforcement"
    score_kind = "beads"

    def _initial_value(self) -> float:
        return float(self.params.get("start", 3))

    def _value_problem(self, value: float) -> str | None:
        # Learning never goes below one bead; zero or negative beads from a hand-edited file
        # would make the weighted draw silently skip moves (or always pick the last one), and
        # beads past MAX_BEADS could overflow the total to infinity, with the same effect.
        if 1.0 <= value <= MAX_BEADS:
            return None
        return f"a bead count from 1 to {MAX_BEADS:.0e}"

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Draw a move with probability proportional to its beads."""
        box = self.box(state)
        total = sum(box.values())
        pick = self.rng.random() * total
        move = None
        for move, beads in box.items():  # noqa: B007 - the last move is the fallback
            pick -= beads
            if pick < 0.0:
                break
        info = self._info(box)
        info["beads_total"] = total
        return self._decision(move, box, info)

    def _learn_game(self, record: GameRecord, seats: frozenset[int]) -> None:
        outcome = record.outcome
        assert outcome is not None
        change = {1: self.params.get("win", 3), 0: self.params.get("draw", 1),
                  -1: self.params.get("loss", -1)}
        gains = {seat: float(change[outcome.score_for(seat)]) for seat in seats}
        for state, move in zip(record.states, record.moves, strict=False):
            gain = gains.get(state.to_move)
            if gain is None or gain == 0.0:
                continue
            box = self.box(state)
            if move in box:
                # The floor of one bead keeps every move possible (MENACE's boxes could empty).
                box[move] = max(1.0, box[move] + gain)


# ------------------------------------------------------------------------------------------------
# qlearning
# ------------------------------------------------------------------------------------------------


class QLearner(TabularLearner):
    """Seed 002's two-player Q-learning (see the module docstring)."""

    kind = "qlearning"
    score_kind = "q"

    def _initial_value(self) -> float:
        return 0.0

    def decide(self, state: GameState[Any], limits: Limits) -> Decision:
        """Play the best Q-value (ties broken by ``ties``), exploring with probability
        epsilon."""
        box = self.box(state)
        info = self._info(box)
        epsilon = self.params.get("epsilon", 0.1)
        # No draw at all when epsilon is 0, so that the seed's greedy player uses no randomness.
        if epsilon > 0.0 and self.rng.random() < epsilon:
            move = self.rng.choice(list(box))
            info["explored"] = True
        else:
            best = max(box.values())
            tied = [m for m, v in box.items() if v == best]
            move = break_tie(tied, self.rng, self.params.get("ties", 0))
            info.update(tie_info(tied, self.params.get("ties", 0)))
        return self._decision(move, box, info)

    def _learn_game(self, record: GameRecord, seats: frozenset[int]) -> None:
        outcome = record.outcome
        assert outcome is not None
        alpha = self.params.get("alpha", 0.9)
        gamma = self.params.get("gamma", 0.8)
        states = _record_states(record)
        n = len(record.moves)
        winner = outcome.winner
        loser_last = -1
        if winner is not None:
            for i in range(n - 1, -1, -1):
                if states[i].to_move != winner:
                    loser_last = i
                    break
        # Forward through the game, as the seed does.
        for i in range(n):
            state = states[i]
            move = record.moves[i]
            reward = 0.0
            if winner is not None:
                if i == n - 1 and state.to_move == winner:
                    reward = 1.0
                elif i == loser_last:
                    reward = -1.0
            after = states[i + 1]
            best_next = 0.0 if after.outcome is not None else max(self.box(after).values())
            box = self.box(state)
            old = box.get(move, 0.0)
            box[move] = (1.0 - alpha) * old + alpha * (reward - gamma * best_next)


# ------------------------------------------------------------------------------------------------
# Registration
# ------------------------------------------------------------------------------------------------


def make_learner(kind: str, game: GameSetup | str, options: Any = None,
                 params: Mapping[str, float] | None = None, seed: int | None = None,
                 spec: str | None = None) -> TabularLearner:
    """A fresh learner of ``kind`` (one of :data:`KINDS`) for ``game``: a setup, or a game's
    name with its options (defaults when None)."""
    classes: dict[str, type[TabularLearner]] = {
        "elimination": EliminationLearner,
        "reinforcement": ReinforcementLearner,
        "qlearning": QLearner,
    }
    if kind not in classes:
        raise ValueError(f"unknown learner '{kind}': choose one of {', '.join(KINDS)}")
    return classes[kind](spec or kind, seed, GameSetup.of(game, options), params)


def _register() -> None:
    """Add the three learners to the roster of ``ai.registry``."""
    from ai.registry import Param, PlayerInfo, register_player

    def learner(kind: str, title: str, description: str, params: tuple[Param, ...]) -> None:
        """Register the learner ``kind``: it plays every game and variant (every game has a
        hashable key, so every variant has a table) and is made by :func:`make_learner`."""

        def build(setup: GameSetup, values: dict[str, Any], seed: int | None) -> Player:
            return make_learner(kind, setup, params=values, seed=seed)

        register_player(PlayerInfo(
            name=kind, title=title, description=description, params=params, factory=build,
            learner=True,
        ))

    learner(
        "elimination",
        "Elimination learner",
        "Matchboxes: a lost game removes its last move.",
        (
            Param("propagate", int, 1, 0, 1, "1: a lost position also removes every move into "
                                             "it (seed 001); 0: each box on its own, seed "
                                             "002's table"),
        ),
    )
    learner(
        "reinforcement",
        "Reinforcement learner",
        "Bead boxes (MENACE): a win adds, a loss removes.",
        (
            Param("win", int, 3, 0, 20, "beads added to each move of a won game"),
            Param("draw", int, 1, 0, 20, "beads added to each move of a drawn game"),
            Param("loss", int, -1, -20, 0, "beads added (negative) to each move of a lost "
                                           "game; never below one bead"),
            Param("start", int, 3, 1, 50, "beads of each move in a new box"),
        ),
    )
    learner(
        "qlearning",
        "Q-learning",
        "Learns a value per move (Bellman), explores a bit.",
        (
            Param("alpha", float, 0.9, 0.0, 1.0, "learning rate"),
            Param("gamma", float, 0.8, 0.0, 1.0, "discount of the opponent's best value"),
            Param("epsilon", float, 0.1, 0.0, 1.0, "probability of a random exploring move"),
            ties_param("equal best values: a random one, or the first in move order (as "
                       "the seed's code)"),
        ),
    )


_register()
