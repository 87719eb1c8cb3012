"""What the learning lab is working on, without pygame: the set-up, the learner, its runs.

A :class:`LabSession` lives on the app (``App.lab_session``), not in the lab screen, so the
lab reopens where the class left it ("Play against it", then back; Menu, then the lab again)
until the app closes; Save keeps a learner for good. The screen edits the session through its
methods and draws it; the session knows nothing of pixels, so it is tested without them.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ai.base import Player
from ai.learners import KINDS, TabularLearner, key_text, make_learner
from ai.registry import (
    Param,
    PlayerSpecError,
    get_player_info,
    make_player,
    players_for,
    resolve_spec,
)
from ai.training import DRAW, LOSS, WIN, TrainingRunner
from game.rules.base import GameState
from game.rules.registry import GameInfo, game_names, get_game

if TYPE_CHECKING:
    from game.ui.app import App

logger = logging.getLogger(__name__)

#: The value of the "itself" entry of the lab's opponent chooser (self-play).
SELF = "self"
#: The lab's other players: the opponent, and the two players of a watched match.
OPPONENT, WATCHED = "opponent", ("watched0", "watched1")
#: How many runs the charts keep (the oldest go first).
KEPT_RUNS = 6


def window_for(games: int) -> int:
    """The sliding window of the win-rate chart: a tenth of the run, from 10 to 500 games."""
    return max(10, min(500, games // 10))


@dataclass
class Run:
    """One training run's results as the charts need them (kept after the run ends).

    The series are extended incrementally from the runner's results, so a 100,000-game run
    costs nothing per frame once drawn.
    """

    label: str
    planned: int
    window: int
    self_play: bool = False
    short: str = ""
    #: The two sides' names on the charts when they are neither "learner/opponent" nor
    #: "first/second player" (a watched match: the two players watched).
    sides: tuple[str, str] | None = None
    #: Played one game at a time: each game is added to this run.
    stepwise: bool = False
    #: Whether the game can end in a draw (the wins chart drew a "Draws" line at 0 for Nim).
    drawable: bool = True
    #: The run's number on the charts (0: unknown, its short name then stands alone).
    number: int = 0
    #: What was run, told apart from other set-ups and not from other runs of the same one
    #: (the short name with one number for all): runs of one set-up share a legend entry.
    setup: str = ""
    results: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    losses: list[int] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)
    rate: list[float] = field(default_factory=list)
    _hits: int = 0

    def extend(self, new: list[int]) -> None:
        """Add games' results (WIN/LOSS/DRAW codes) to every series."""
        w = self.wins[-1] if self.wins else 0
        lo = self.losses[-1] if self.losses else 0
        d = self.draws[-1] if self.draws else 0
        for r in new:
            self.results.append(r)
            w += r == WIN
            lo += r == LOSS
            d += r == DRAW
            self.wins.append(w)
            self.losses.append(lo)
            self.draws.append(d)
            i = len(self.results) - 1
            self._hits += r == WIN
            if i >= self.window:
                self._hits -= self.results[i - self.window] == WIN
            self.rate.append(self._hits / min(i + 1, self.window))


def file_params(kind: str, raw: Any) -> dict[str, float]:
    """The parameters of a learner file that ``kind`` declares and that are in range.

    The table is what a file is loaded for; its parameters only set up the lab's controls. A
    hand-edited value out of range (negative ``start`` beads, ``alpha`` NaN, ``epsilon`` 5,
    a fractional bead count) would make the learner misbehave from then on, so it is dropped
    and the control keeps its default (shown on screen), and the log says which was dropped.
    """
    if not isinstance(raw, dict):
        return {}
    declared = {p.name: p for p in get_player_info(kind).params}
    kept: dict[str, float] = {}
    for name, value in raw.items():
        param = declared.get(str(name))
        if param is None:
            continue
        if (isinstance(value, (int, float)) and not isinstance(value, bool)
                and math.isfinite(value) and param.low <= value <= param.high
                and (param.kind is float or float(value).is_integer())):
            kept[param.name] = float(value)
        else:
            logger.warning("learner file parameter %s=%r of %s ignored (allowed: %s)",
                           name, value, kind, param.range_text)
    return kept


def lab_presets(info: GameInfo) -> tuple[Any, ...]:
    """The variants the lab offers for a game (its default options when it declares none)."""
    return info.lab_presets or (info.options(),)


class LabSession:
    """The lab's set-up, its learner, the runs on its charts and what the learner has seen."""

    def __init__(self, game: str | None = None) -> None:
        self.game = game if game is not None else game_names()[0]
        self.options: Any = lab_presets(get_game(self.game))[0]
        self.kind = "elimination"
        self.params: dict[str, float] = {}
        self.seat = "first"
        self.opponent = "random"
        #: Learning by watching (seed 002): the learner watches ``watched`` play each other.
        self.watching = False
        self.watched: tuple[str, str] = ("random", "perfect")
        #: The game-dependent choices (``eval=``) made for the opponent and the watched players,
        #: by slot (:data:`OPPONENT`, :data:`WATCHED`) and parameter: kept as names, as each
        #: game has its own list; a name the slot's player or game does not offer is left out.
        self.choices: dict[str, dict[str, str]] = {}
        self.games = 500
        self.speed = "fast"
        self.keep_learning = True
        self.sort_by_use = True
        #: What the lab's right side shows: "charts", "boxes" or "table" (see lab_views).
        self.view = "charts"
        #: The boxes view shows only the boxes the last game changed (with before -> after).
        self.changed_only = False
        #: The boxes view shows only the boxes used at least once (see lab_pages).
        self.used_only = False
        #: The position whose box the table view draws large beside the table.
        self.chosen_box: Hashable | None = None
        self.runs: list[Run] = []
        #: How often each box was used, and a position for each (to draw it), over every run.
        self.usage: dict[Hashable, int] = {}
        self.positions: dict[Hashable, GameState[Any]] = {}
        #: The boxes a loaded file brought (shown even before they are used).
        self.loaded_keys: set[Hashable] = set()
        #: The game "Play against it" opened, until a lab counts it (lab_play.PlayedGame):
        #: kept here, since the class may come back through the menu to a new lab screen.
        self.played: Any = None
        #: The learner as last saved or loaded, and its games then (QA S12 42: quitting lost
        #: a trained learner never saved, without a word).
        self.saved_as: tuple[TabularLearner | None, int] = (None, 0)
        self.learner: TabularLearner = self.new_learner()

    @property
    def info(self) -> GameInfo:
        """The game's descriptor."""
        return get_game(self.game)

    # -- the learner ----------------------------------------------------------------------------

    def new_learner(self) -> TabularLearner:
        """A learner of the chosen kind and parameters for the chosen game and variant."""
        info = get_player_info(self.kind)
        values = info.defaults(self.game)
        values.update({k: v for k, v in self.params.items() if k in values})
        self.params = {k: float(v) for k, v in values.items()}
        learner = make_learner(self.kind, self.game, self.options, self.params)
        learner.spec = info.canonical_spec(values)
        return learner

    def unsaved_games(self) -> int:
        """How many games the learner has played since it was last saved or loaded (all of
        them for a learner never saved)."""
        learner, games = self.saved_as
        return self.learner.games_trained - (games if learner is self.learner else 0)

    def mark_saved(self) -> None:
        """The learner is as in a file now (saved, or loaded)."""
        self.saved_as = (self.learner, self.learner.games_trained)

    def fresh(self) -> None:
        """A new, empty learner for the current set-up (earlier runs stay on the charts)."""
        self.learner = self.new_learner()
        self.usage = {}
        self.positions = {}
        self.loaded_keys = set()

    def set_game(self, game: str) -> None:
        """Another game: its first variant, a fresh learner, no runs (they would not compare)."""
        self.game = game
        self.options = lab_presets(self.info)[0]
        self.check_opponent()
        self.fresh()
        self.runs = []

    def set_variant(self, index: int) -> None:
        """The ``index``-th preset of the game: a fresh learner, no runs."""
        presets = lab_presets(self.info)
        if 0 <= index < len(presets):
            self.options = presets[index]
        self.check_opponent()
        self.fresh()
        self.runs = []

    def variant_index(self) -> int:
        """Index of the current options among the presets (-1: loaded from a file)."""
        presets = lab_presets(self.info)
        return presets.index(self.options) if self.options in presets else -1

    def set_kind(self, kind: str) -> None:
        """Another kind of learner, with its default parameters (a fresh learner)."""
        self.kind = kind
        self.params = {}
        self.fresh()

    def set_param(self, name: str, value: float) -> None:
        """Change a learner parameter; the learner keeps its table and plays by the new value.

        Call it under the runner's lock: the training thread reads the parameters.
        """
        info = get_player_info(self.kind)
        param = info.param(name)
        typed: float = round(value) if param.kind is int else value
        self.params[name] = float(typed)
        self.learner.params[name] = float(typed)
        values = {p.name: self.params.get(p.name, p.default) for p in info.params}
        self.learner.spec = info.canonical_spec(values)

    def use_file(self, game: str, kind: str, options: Any, params: Any) -> None:
        """Set up for a learner file's game, variant, kind and parameters (a fresh learner,
        which the file's table then fills); the runs go when the game or variant changes."""
        if (game, options) != (self.game, self.options):
            self.runs = []
        self.game, self.kind, self.options = game, kind, options
        self.params = file_params(kind, params)
        self.check_opponent()
        self.fresh()

    # -- the opponent ---------------------------------------------------------------------------

    def check_opponent(self) -> None:
        """Fall back to the random player when the opponent (or a watched player) cannot play
        this game."""
        names = [i.name for i in players_for(self.game, self.options)]
        if self.opponent != SELF and self.opponent not in names:
            self.opponent = "random"
        self.watched = (self.watched[0] if self.watched[0] in names else "random",
                        self.watched[1] if self.watched[1] in names else "random")

    def slot_player(self, slot: str) -> str:
        """The name of the player in ``slot`` (:data:`OPPONENT` or one of :data:`WATCHED`)."""
        return self.opponent if slot == OPPONENT else self.watched[WATCHED.index(slot)]

    def choice_params(self, slot: str) -> tuple[Param, ...]:
        """The game-dependent choices of the player in ``slot`` (a search player's
        evaluation), each with this game's names, as the menu's seats offer them."""
        try:
            info = resolve_spec(self.slot_player(slot), self.game, self.options)[0]
        except PlayerSpecError:  # itself, or a player this game does not have
            return ()
        return tuple(p for p in info.params if p.choices_of is not None)

    def choice_value(self, slot: str, param: Param) -> float:
        """The index of the name chosen for ``param`` in ``slot`` (its default if none)."""
        chosen = self.choices.get(slot, {}).get(param.name)
        return float(param.choices.index(chosen) if chosen in param.choices else param.default)

    def set_choice(self, slot: str, param: Param, value: float) -> None:
        """Choose the ``value``-th name of ``param`` for the player in ``slot``."""
        index = max(0, min(len(param.choices) - 1, round(value)))
        self.choices.setdefault(slot, {})[param.name] = param.choices[index]

    def player_spec(self, slot: str) -> str:
        """The spec of the player in ``slot``: its name and the choices made for it that its
        game offers (``alphabeta:eval=discs``)."""
        name = self.slot_player(slot)
        parts = [f"{p.name}={p.format(self.choice_value(slot, p))}"
                 for p in self.choice_params(slot)]
        return f"{name}:{','.join(parts)}" if parts else name

    def watched_players(self) -> tuple[Player, Player]:
        """The two players the learner watches (made fresh for a run)."""
        return (make_player(self.player_spec(WATCHED[0]), self.game, self.options),
                make_player(self.player_spec(WATCHED[1]), self.game, self.options))

    def opponent_player(self) -> Player | None:
        """The training partner (None: the learner plays itself)."""
        if self.opponent == SELF:
            return None
        return make_player(self.player_spec(OPPONENT), self.game, self.options)

    # -- runs -----------------------------------------------------------------------------------

    def add_run(self, run: Run) -> None:
        """A new run on the charts (the oldest beyond :data:`KEPT_RUNS` go)."""
        self.runs = [*self.runs, run][-KEPT_RUNS:]

    def absorb(self, runner: TrainingRunner | None) -> None:
        """Fold a run's usage counts and positions into the session's own."""
        if runner is None:
            return
        with runner.lock:
            for key, n in runner.usage.items():
                self.usage[key] = self.usage.get(key, 0) + n
            self.positions.update(runner.positions)
        runner.usage = {}
        runner.positions = {}

    def usage_by_text(self) -> dict[str, int]:
        """How often each box was used, by position text (as a learner file keeps it)."""
        return {key_text(key): n for key, n in self.usage.items() if n > 0}

    def explore_positions(self, stored: set[str], limit: int = 4000,
                          usage: Mapping[str, int] | None = None) -> None:
        """Find a drawable state for the boxes of a loaded table (``stored``: its position
        texts): walk the game's positions from the start (at most ``limit``) and keep those
        the table holds, with how often each was used (``usage``, from the file)."""
        if not stored:
            return
        counts = usage or {}
        start = self.info.initial_state(self.options)
        seen: set[Hashable] = set()
        frontier = [start]
        while frontier and len(seen) < limit:
            state = frontier.pop()
            if state.outcome is not None or state.key in seen:
                continue
            seen.add(state.key)
            text = key_text(state.key)
            if text in stored:
                self.positions.setdefault(state.key, state)
                self.loaded_keys.add(state.key)
                if counts.get(text):
                    self.usage[state.key] = counts[text]
            frontier.extend(state.play(m) for m in state.legal_moves())


def app_session(app: App) -> LabSession:
    """The app's lab session (kept while the app runs), on the menu's game and learner as the
    lab opens (see :func:`opening_session`)."""
    from game.ui.boards import lab_default_game

    game = app.settings.last_game
    seats = app.settings.games[game].seats if game in app.settings.games else []
    app.lab_session = opening_session(app.lab_session, game, seats, lab_default_game())
    return app.lab_session


def opening_session(session: LabSession | None, game: str, seats: list[str],
                    default: str) -> LabSession:
    """The lab's session as the lab opens: ``session`` (the app's, None at first) on the menu's
    ``game`` (``""`` when the teacher chose none: the lab's ``default`` game), with the
    learner of the menu's ``seats`` where one holds one ("Renforcement" in seat 2 of
    Hexapawn: the lab opened on Nim's Elimination whatever the menu showed, QA19 26). A
    session that has trained or run is left as it is (its learner is the class's work)."""
    wanted = game if game in game_names() else default
    if session is None:
        session = LabSession(wanted)
    elif session.runs or session.learner.games_trained:
        return session
    elif session.game != wanted:
        session.set_game(wanted)
    kind = next((k for k in (s.split(":", 1)[0] for s in seats) if k in KINDS), None)
    if game == wanted and kind is not None and kind != session.kind:
        session.set_kind(kind)
    return session
