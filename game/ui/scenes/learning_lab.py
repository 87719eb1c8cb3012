"""The learning lab: train a learner live, watch its results grow, and look inside its boxes.

Left, the set-up: game and variant, the learner and its parameters, its seat, its training
opponent (itself, or any player of the registry), the number of games and the speed. Right, the
Train / Pause / Stop controls with a progress bar (games done, games per second, time left), two
live charts (cumulative wins of each side, and the learner's win rate over a sliding window,
with earlier runs overlaid faded for comparison), and the knowledge: every matchbox drawn as a
mini-board of its position with the learner's beads / allowed moves / Q-values on it, sortable by
use, the boxes changed by the last game outlined. For Q-learning on one-heap Nim the table is
also shown as a heat map, one row per match count and one column per take (the seed's table).

Training runs in an :class:`ai.training.TrainingRunner` thread; this scene polls it each frame
and reads the learner's table only under the runner's lock. Save / Load / Reset keep learners as
JSON files in the user data folder; "Play against it" opens the play screen with the trained
learner in its seat.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ai import learner_files
from ai.base import Player
from ai.learner_files import learners_folder, options_from_json
from ai.learners import KINDS, LearnerFileError, TabularLearner, key_text, make_learner
from ai.registry import PlayerSpecError, get_player_info, make_player, players_for
from ai.training import DRAW, LOSS, SEATS, SPEEDS, WIN, TrainingRunner
from game.rules.base import GameState, RulesError
from game.rules.registry import get_game
from game.ui import charts, text, widgets
from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.lab_common import (
    SELF,
    RunScene,
    RunTexts,
    align_choices,
    draw_progress,
    game_items,
    game_title,
    later,
    param_stepper,
    player_items,
    player_name,
    progress_text,
    variant_items,
    variant_label,
)
from game.ui.scenes.loading import LoadingPopup
from game.ui.scenes.menu import LadderStepper, player_title
from game.ui.theme import Colour, Theme, blend
from game.ui.widgets import Button, Choice, Toggle, Widget, draw_panel
from game.userdata import keep_aside

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.boards.base import BoardView

GAME_COUNTS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000)
#: Variants the lab offers per game (keyword options); small boards, so tables stay readable.
VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "nim": ({}, {"matches": 12}, {"misere": True}, {"variant": "fibonacci", "matches": 15},
            {"variant": "marienbad", "heaps": (1, 3, 5)},
            {"variant": "marienbad", "heaps": (1, 3, 5, 7)}),
    "hexapawn": ({}, {"rows": 3, "cols": 4}, {"rows": 4, "cols": 4}),
    "morpion": ({},),
    "othello": ({"size": 4}, {"size": 6}),
}
#: What the lab remembers when it closes, restored when it opens again in the same run of the
#: app (the learner itself included).
_SESSION_FIELDS = ("game", "options", "kind", "params", "seat", "opponent", "games", "speed",
                   "keep_learning", "sort_by_use", "learner", "runs", "usage", "positions",
                   "_loaded_keys")
_SESSION: dict[str, Any] = {}
#: Shortest time between two redraws of a chart while a run adds games to it.
CHART_SECONDS = 0.25
#: Tables up to this many boxes are read whole at each refresh; bigger ones page by page.
FULL_READ = 400
#: How often the charts and the boxes are redrawn from the runner's data while training.
REFRESH_SECONDS = 0.2
LABEL_WIDTH = 0.3
RUN_COLOURS_KEYS = ("legal", "hint", "accent", "highlight", "last_move")
TEXTS = RunTexts(title="lab.title", subtitle="lab.subtitle", setup="lab.setup", menu="lab.menu",
                 pause="lab.pause", resume="lab.resume", stop="lab.stop", failed="lab.failed")


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


@dataclass
class BoxView:
    """One matchbox as drawn: its position, its values per move, how often it was used."""

    key: Hashable
    state: GameState[Any]
    values: dict[Any, float]
    used: int
    changed: bool
    filled: bool = False


def window_for(games: int) -> int:
    """The sliding window of the win-rate chart: a tenth of the run, from 10 to 500 games."""
    return max(10, min(500, games // 10))


class LearningLabScene(RunScene[TrainingRunner]):
    """The learning lab screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app, TEXTS)
        self.game = "nim"
        self.options: Any = get_game(self.game).options()
        self.kind = "elimination"
        self.params: dict[str, float] = {}
        self.seat = "first"
        self.opponent = "random"
        self.games = 500
        self.speed = "fast"
        self.keep_learning = True
        self.sort_by_use = True
        self.page = 0
        self.learner: TabularLearner = self._new_learner()
        self.runs: list[Run] = []
        self.usage: dict[Hashable, int] = {}
        self.positions: dict[Hashable, GameState[Any]] = {}
        self.boxes: list[BoxView] = []
        self.last_changed: set[Hashable] = set()
        self._loaded_keys: set[Hashable] = set()
        self._per_page = 12
        self.view: BoardView | None = None
        self.view_game = ""
        self._refresh_left = 0.0
        self._chart_cache: dict[str, tuple[Any, pygame.Surface]] = {}
        self._chart_drawn: dict[str, float] = {}
        #: Each chart's plot area (inside its axes, relative to the chart) as last drawn.
        self.chart_plots: dict[str, pygame.Rect] = {}
        self._box_rects: list[tuple[pygame.Rect, BoxView]] = []
        self.config_widgets: list[Widget] = []
        self.train_button = Button(lambda: tr("lab.train"), self.train, primary=True)
        self.save_button = Button(lambda: tr("lab.save"), self._save_clicked)
        self.load_button = Button(lambda: tr("lab.load"), self.open_load)
        self.reset_button = Button(lambda: tr("lab.reset"), self.ask_reset)
        self.play_button = Button(lambda: tr("lab.play_against"), self.play_against,
                                  primary=True)
        self.keep_toggle = Toggle(lambda: tr("lab.keep_learning"), lambda: self.keep_learning,
                                  self._set_keep)
        self.clear_button = Button(lambda: tr("lab.clear_runs"), self.clear_runs)
        self.sort_button = Button(
            lambda: tr("lab.sort_use") if self.sort_by_use else tr("lab.sort_position"),
            self.toggle_sort)
        self.prev_button = Button(lambda: "◀", lambda: self.turn_page(-1))
        self.next_button = Button(lambda: "▶", lambda: self.turn_page(+1))
        if _SESSION:
            for name in _SESSION_FIELDS:
                setattr(self, name, _SESSION[name])
        self.rebuild()
        self.refresh_knowledge()

    # -- set-up ---------------------------------------------------------------------------------

    def _new_learner(self) -> TabularLearner:
        info = get_player_info(self.kind)
        values = info.defaults(self.game)
        values.update({k: v for k, v in self.params.items() if k in values})
        self.params = {k: float(v) for k, v in values.items()}
        learner = make_learner(self.kind, self.game, self.options, self.params)
        learner.spec = info.canonical_spec(values)
        return learner

    def _fresh(self) -> None:
        """A new, empty learner for the current set-up (earlier runs stay on the chart)."""
        self.learner = self._new_learner()
        self.usage = {}
        self.positions = {}
        self.last_changed = set()
        self._loaded_keys = set()
        self.page = 0
        self.refresh_knowledge()

    def set_game(self, game: Any) -> None:
        """Choose the game (its first variant, a fresh learner)."""
        if self.running or game == self.game:
            return
        self.game = str(game)
        self.options = get_game(self.game).options(**VARIANTS[self.game][0])
        self._check_opponent()
        self._fresh()
        self.runs = []  # runs of another game would not compare
        self.rebuild()

    def set_variant(self, index: Any) -> None:
        """Choose one of the game's variants (a fresh learner)."""
        if self.running:
            return
        presets = VARIANTS[self.game]
        i = int(index)
        if 0 <= i < len(presets):
            self.options = get_game(self.game).options(**presets[i])
        self._check_opponent()
        self._fresh()
        self.runs = []
        self.rebuild()

    def variant_index(self) -> int:
        """Index of the current options among the presets (-1: loaded from a file)."""
        info = get_game(self.game)
        for i, preset in enumerate(VARIANTS[self.game]):
            if info.options(**preset) == self.options:
                return i
        return -1

    def set_kind(self, kind: Any) -> None:
        """Choose the kind of learner (a fresh learner)."""
        if self.running or kind == self.kind:
            return
        self.kind = str(kind)
        self.params = {}
        self._fresh()
        self.rebuild()

    def set_param(self, name: str, value: float) -> None:
        """Change a learner parameter; the learner keeps its table and plays by the new value."""
        info = get_player_info(self.kind)
        param = info.param(name)
        typed: float = round(value) if param.kind is int else value
        self.params[name] = float(typed)
        with self._lock():
            self.learner.params[name] = float(typed)
            values = {p.name: self.params.get(p.name, p.default) for p in info.params}
            self.learner.spec = info.canonical_spec(values)

    def _check_opponent(self) -> None:
        names = [i.name for i in players_for(self.game, self.options)]
        if self.opponent != SELF and self.opponent not in names:
            self.opponent = "random"

    def _set_keep(self, on: bool) -> None:
        self.keep_learning = on

    def _lock(self) -> Any:
        return self.runner.lock if self.runner is not None else contextlib.nullcontext()

    def rebuild(self) -> None:
        """Recreate the set-up widgets for the current game and learner."""
        variants = variant_items(self.game, VARIANTS[self.game])
        if self.variant_index() < 0:
            variants.append((-1, later(variant_label, self.game, self.options)))
        kind_items = [(k, later(player_name, k)) for k in KINDS]
        seat_items = [(s, later(tr, f"lab.seat.{s}")) for s in SEATS]
        opponent_items = [(SELF, later(tr, "lab.self")), *player_items(self.game, self.options)]
        speed_items = [(s, later(tr, f"lab.speed.{s}")) for s in SPEEDS]
        self.config_widgets = [
            Choice(later(tr, "lab.game"), game_items(), lambda: self.game,
                   self.set_game, self.open_choice, label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.variant"), variants, self.variant_index,
                   self.set_variant, self.open_choice, label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.learner"), kind_items, lambda: self.kind, self.set_kind,
                   self.open_choice, label_width=LABEL_WIDTH),
        ]
        for param in get_player_info(self.kind).params:
            def get(name: str = param.name, default: float = float(param.default)) -> float:
                return self.params.get(name, default)

            def set_(value: float, name: str = param.name) -> None:
                self.set_param(name, value)

            self.config_widgets.append(param_stepper(param, get, set_))
        self.config_widgets += [
            Choice(later(tr, "lab.seat"), seat_items, lambda: self.seat, self._set_seat,
                   self.open_choice, label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.opponent"), opponent_items, lambda: self.opponent,
                   self._set_opponent, self.open_choice, label_width=LABEL_WIDTH),
            LadderStepper(later(tr, "lab.games"), lambda: float(self.games),
                          self._set_games, [float(g) for g in GAME_COUNTS],
                          games_text),
            Choice(later(tr, "lab.speed"), speed_items, lambda: self.speed,
                   self._set_speed, self.open_choice, label_width=LABEL_WIDTH),
        ]

    def _set_seat(self, seat: Any) -> None:
        if not self.running:
            self.seat = str(seat)

    def _set_opponent(self, name: Any) -> None:
        if not self.running:
            self.opponent = str(name)

    def _set_speed(self, speed: Any) -> None:
        # The speed may change during a run: the runner reads it before each game and move.
        self.speed = str(speed)
        if self.runner is not None:
            self.runner.speed = self.speed  # type: ignore[assignment]

    # -- training -------------------------------------------------------------------------------

    def opponent_player(self) -> Player | None:
        """The training partner (None: the learner plays itself)."""
        if self.opponent == SELF:
            return None
        return make_player(self.opponent, self.game, self.options)

    def train(self) -> None:
        """Start a run of ``games`` games with the current set-up."""
        if self.running:
            return
        try:
            opponent = self.opponent_player()
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.app.notify(str(exc))
            return
        self._absorb_runner()
        self.runner = TrainingRunner(self.learner, opponent, self.new_game(), self.games,
                                     seat=self.seat, speed=self.speed)  # type: ignore[arg-type]
        opp = tr("lab.self") if opponent is None else player_name(self.opponent)
        label = tr("lab.run_label", n=len(self.runs) + 1, learner=player_name(self.kind),
                   opponent=opp)
        short = tr("lab.run_short", n=len(self.runs) + 1, learner=player_name(self.kind),
                   opponent=opp)
        self.runs.append(Run(label, self.games, window_for(self.games), opponent is None, short))
        self.runs = self.runs[-6:]
        self.message = None
        self.runner.start()
        self.app.play_sound("click")

    def _absorb_runner(self) -> None:
        """Fold a finished run's usage counts and positions into the lab's own."""
        runner = self.runner
        if runner is None:
            return
        with runner.lock:
            for key, n in runner.usage.items():
                self.usage[key] = self.usage.get(key, 0) + n
            self.positions.update(runner.positions)
        runner.usage = {}
        runner.positions = {}

    def clear_runs(self) -> None:
        """Forget the earlier runs on the charts (the learner keeps its table)."""
        if self.running:
            self.runs = self.runs[-1:]
        else:
            self.runs = []
        self._chart_cache.clear()

    # -- knowledge ------------------------------------------------------------------------------

    def refresh_knowledge(self) -> None:
        """List the learner's boxes for the knowledge panel, sorted, and read the values of
        those on screen (under the runner's lock: the training thread changes them)."""
        runner = self.runner
        with self._lock():
            usage = dict(self.usage)
            positions = dict(self.positions)
            if runner is not None:
                for key, n in runner.usage.items():
                    usage[key] = usage.get(key, 0) + n
                positions.update(runner.positions)
                self.last_changed = set(runner.last_changed)
        # Q-learning keeps boxes for both sides' positions; the others only for their own
        # (asking for another box would create an empty one).
        every_side = self.learner.kind == "qlearning"
        boxes = [BoxView(key, state, {}, usage.get(key, 0), key in self.last_changed)
                 for key, state in positions.items()
                 if every_side or usage.get(key) or key in self._loaded_keys]
        self.boxes = self._sorted(boxes)
        self.fill_values()

    def visible_boxes(self) -> list[BoxView]:
        """The boxes on the current page (all of them when the table is small)."""
        if len(self.boxes) <= FULL_READ:
            return self.boxes
        start = self.page * self._per_page
        return self.boxes[start:start + self._per_page]

    def fill_values(self) -> None:
        """Read the values of the visible boxes from the learner (a big table is read one page
        at a time, so a refresh never holds the training thread up for long)."""
        with self._lock():
            for box in self.visible_boxes():
                values = self.learner.table_view(box.state)
                box.values = dict(values) if values is not None else {}
                box.filled = True

    def _sorted(self, boxes: list[BoxView]) -> list[BoxView]:
        if self.sort_by_use:
            return sorted(boxes, key=lambda b: -b.used)
        try:
            return sorted(boxes, key=lambda b: b.key, reverse=True)  # type: ignore[arg-type, return-value]
        except TypeError:
            return sorted(boxes, key=lambda b: key_text(b.key))

    def toggle_sort(self) -> None:
        """Sort the boxes by use, or by position."""
        self.sort_by_use = not self.sort_by_use
        self.page = 0
        self.boxes = self._sorted(self.boxes)
        self.fill_values()

    def turn_page(self, step: int) -> None:
        """Show the previous or next page of boxes."""
        self.page = max(0, self.page + step)
        self.fill_values()

    def explore_positions(self, limit: int = 4000, stored: set[str] | None = None) -> None:
        """Find a drawable state for the boxes of a loaded table (``stored``: its position
        texts, if known): walk the game's positions from the start (at most ``limit``) and
        keep those the table holds."""
        if stored is None:
            stored = set(self.learner.to_json()["table"])
        if not stored:
            return
        start = get_game(self.game).initial_state(self.options)
        seen: set[Hashable] = set()
        frontier = [start]
        while frontier and len(seen) < limit:
            state = frontier.pop()
            if state.outcome is not None or state.key in seen:
                continue
            seen.add(state.key)
            if key_text(state.key) in stored:
                self.positions.setdefault(state.key, state)
                self._loaded_keys.add(state.key)
            frontier.extend(state.play(m) for m in state.legal_moves())

    def nim_table(self) -> tuple[list[str], list[str], list[list[float | None]]] | None:
        """Q-learning on a one-heap Nim as the seed's table: one row per take, one column per
        position (match count, with the take limit in Fibonacci), smallest first."""
        if self.game != "nim" or self.options.variant == "marienbad" or not self.boxes:
            return None
        boxes = sorted(self.boxes, key=lambda b: key_text(b.key))
        boxes.sort(key=lambda b: b.key)  # type: ignore[arg-type, return-value]
        takes = sorted({m.count for b in boxes for m in b.values})
        columns: list[str] = []
        by_box = []
        for b in boxes:
            by_box.append({m.count: v for m, v in b.values.items()})
            if self.options.variant == "fibonacci":
                columns.append(f"{b.key[0]}/{b.key[1]}")  # type: ignore[index]
            else:
                columns.append(str(b.key))
        values: list[list[float | None]] = [[col.get(t) for col in by_box] for t in takes]
        return [f"\u2212{t}" for t in takes], columns, values

    # -- files ----------------------------------------------------------------------------------

    def save(self) -> Path | None:
        """Save the learner as a new JSON file in the data folder; return its path."""
        if self.running:
            return None
        stem = (f"{self.kind}-{self.game}-{variant_label(self.game, self.options)}-"
                f"{self.learner.games_trained}g-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            # Inside the try: the data folder itself may be impossible to make.
            path = learner_files.save_learner(self.learner, stem)
        except OSError as exc:
            self.show_message(tr("lab.save_failed"), str(exc))
            return None
        self.app.notify(tr("lab.saved", name=path.name))
        return path

    def _save_clicked(self) -> None:
        self.save()

    def saved_files(self) -> list[tuple[Path, str, str]]:
        """Every learner file of the data folder: (path, name, "game · kind · games · date"),
        newest first, read from the files' headers; a file that cannot be read is listed as
        such."""
        try:
            entries = learner_files.list_files()
        except OSError:
            return []  # no data folder, so no saved files (open_load says why)
        listed: list[tuple[Path, str, str]] = []
        for entry in entries:
            date = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified))
            data = entry.header
            if entry.readable:
                game = str(data.get("game"))
                try:
                    variant = variant_label(game, options_from_json(game, data.get("options")))
                    title = f"{game_title(game)} {variant}"
                except (RulesError, TypeError, ValueError, AttributeError):
                    title = game
                kind = str(data.get("kind", "?"))
                with contextlib.suppress(PlayerSpecError):
                    kind = player_title(get_player_info(kind))
                desc = tr("lab.file_desc", game=title, kind=kind,
                          games=data.get("games_trained", "?"), date=date)
            else:
                desc = tr("lab.file_unreadable", date=date)
            listed.append((entry.path, entry.path.stem, desc))
        return listed

    def open_load(self) -> None:
        """List the saved learners; picking one loads it."""
        if self.running:
            return
        try:
            folder = learners_folder()
        except OSError as exc:
            self.show_message(tr("lab.load"), str(exc))
            return
        files = self.saved_files()
        if not files:
            self.show_message(tr("lab.load"), tr("lab.no_files", folder=str(folder)))
            return
        items = [(path, name, desc) for path, name, desc in files]
        self.app.push(ListPopup(self.app, tr("lab.load_title"), items, None, self._load_picked))

    def _load_picked(self, path: Any) -> None:
        self.load_file(path)

    def load_file(self, path: Any) -> bool:
        """Load a learner file, switching the set-up to its game, variant and kind.

        The file's header says which; its table is read at once for a small file, or on a
        background thread behind a progress box for a big one (then this returns True before
        the table is in). A file that cannot be used is moved aside (``NAME.corrupt-...``) and
        a message says so; when its header is bad, the current learner is left as it was.
        """
        source = Path(path)
        if not source.exists():
            self.show_message(tr("lab.load_failed"), tr("lab.file_missing", name=source.name))
            return False
        try:
            game, kind, options = learner_files.check_header(learner_files.read_header(source))
        except LearnerFileError as exc:
            kept_path = keep_aside(source)
            kept = kept_path.name if kept_path else "?"
            self.show_message(tr("lab.load_failed"), tr("lab.file_foreign", name=source.name,
                                                        error=str(exc), kept=kept))
            return False
        if (game, options) != (self.game, self.options):
            self.runs = []
        self.game, self.kind, self.options = game, kind, options
        self.params = file_params(kind, learner_files.read_header(source).get("params"))
        self._check_opponent()
        self._fresh()
        self.rebuild()
        job = learner_files.LoadJob(source, self.learner)
        if learner_files.loads_in_background(source):
            self.app.push(LoadingPopup(self.app, tr("lab.loading", name=source.name),
                                       job.start(), lambda _outcome: self._after_load(job)))
            return True
        job.run()
        return self._loaded(job)

    def _after_load(self, job: learner_files.LoadJob) -> None:
        self._loaded(job)

    def _loaded(self, job: learner_files.LoadJob) -> bool:
        """Show the table a load put in the learner, or say why there is none."""
        outcome = job.outcome
        name = job.path.name
        if outcome is None or job.learner is not self.learner:
            return False  # the set-up changed meanwhile: that learner is gone
        if outcome.problem is not None:
            self._fresh()
            kept = outcome.kept_as.name if outcome.kept_as else "?"
            message = {
                "missing": tr("lab.file_missing", name=name),
                "unreadable": tr("lab.file_corrupt", name=name, kept=kept),
                "foreign": tr("lab.file_foreign", name=name, error=outcome.detail, kept=kept),
                "cancelled": tr("lab.load_cancelled", name=name),
            }[outcome.problem]
            self.show_message(tr("lab.load_failed"), message)
            return False
        self.explore_positions(stored=job.stored_keys)
        self.refresh_knowledge()
        self.app.notify(tr("lab.loaded", name=name, games=self.learner.games_trained,
                           boxes=self.learner.positions_known()))
        return True

    def ask_reset(self) -> None:
        """Confirm, then forget everything the learner learned."""
        if self.running:
            return
        self.app.push(MessageDialog(self.app, tr("lab.reset_title"), tr("lab.reset_text"), [
            (lambda: tr("lab.reset"), self.reset),
            (lambda: tr("dialog.cancel"), lambda: None),
        ]))

    def reset(self) -> None:
        """Forget the learner's table (the charts of earlier runs stay)."""
        self._absorb_runner()
        self.runner = None
        self._fresh()

    def play_against(self) -> None:
        """Open the play screen: the trained learner in its seat, a human in the other."""
        if self.running:
            return
        from game.ui.scenes.match import HUMAN, Match, Seat
        from game.ui.scenes.play import PlayScene

        self._absorb_runner()
        learner_seat = Seat(self.learner.spec, self.learner, self.keep_learning)
        human = Seat(HUMAN)
        seats = (human, learner_seat) if self.seat == "second" else (learner_seat, human)
        first = "random" if self.seat == "alternate" else "seat1"
        match = Match(self.game, self.options, seats, first)
        self.app.push(PlayScene(self.app, match))

    # -- frame ----------------------------------------------------------------------------------

    def on_close(self) -> None:
        super().on_close()  # a run in progress is stopped, keeping what it learned
        # The trained learner survives the screen: "Play against it" then Menu, and the lab
        # reopens where the class left it (until the app closes; Save keeps it for good).
        if self.runner is None or self.runner.finished:
            self._absorb_runner()
        _SESSION.clear()
        _SESSION.update({name: getattr(self, name) for name in _SESSION_FIELDS})

    def on_enter(self) -> None:
        # Back from "Play against it": the games played there may have changed the table.
        self.refresh_knowledge()

    def on_settings_changed(self) -> None:
        self._chart_cache.clear()
        self.view = None

    def all_widgets(self) -> list[Widget]:
        """Every widget, in event order."""
        return [self.menu_button, *self.config_widgets, self.train_button, self.pause_button,
                self.stop_button, self.clear_button, self.sort_button, self.prev_button,
                self.next_button, self.save_button, self.load_button, self.reset_button,
                self.play_button, self.keep_toggle]

    def _enable(self) -> None:
        busy = self.running
        for w in self.config_widgets:
            w.enabled = not busy
        for w in self.config_widgets:
            if isinstance(w, Choice) and w.label() == tr("lab.speed"):
                w.enabled = True  # the speed can change during a run
        self.train_button.enabled = not busy
        self.pause_button.enabled = busy
        self.stop_button.enabled = busy
        for b in (self.save_button, self.load_button, self.reset_button, self.play_button):
            b.enabled = not busy

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        self._enable()
        if self.handle_run_keys(event, self.train):
            return
        if event.type == pygame.MOUSEWHEEL and self.panels.get("boxes", pygame.Rect(0, 0, 0, 0)
                                                               ).collidepoint(widgets.mouse()):
            self.turn_page(-1 if event.y > 0 else 1)
            return
        widgets.handle_all(self.all_widgets(), event)

    def animating(self) -> bool:
        """True while games are being played (the charts move)."""
        runner = self.runner
        return runner is not None and not runner.finished and not runner.paused

    def update(self, dt: float) -> None:
        runner = self.runner
        if runner is None:
            return
        run = self.runs[-1] if self.runs else None
        done = runner.done
        if run is not None and len(run.results) < done:
            run.extend(runner.results[len(run.results):done])
        self._refresh_left -= dt
        if self._refresh_left <= 0 or runner.finished:
            self._refresh_left = REFRESH_SECONDS
            self.refresh_knowledge()
        progress = runner.progress()
        if self.ended_now(progress):
            self._absorb_runner()
            self.refresh_knowledge()
            key = "lab.stopped" if progress.stopped else "lab.finished"
            self.announce_end(progress, tr(key, done=progress.done,
                                           games=self.learner.games_trained))

    def layout(self) -> None:
        """Place the panels and widgets for the current window size."""
        m = self.app.metrics
        pad = m.pad
        left, right, bh = self.frame_layout(0.35)
        # Set-up rows, then the file buttons at the bottom of the panel.
        files_h = bh * 3 + pad * 4
        rows = pygame.Rect(left.left + pad * 2, left.top + pad + int(m.heading * 1.4),
                           left.width - pad * 4, left.height - files_h - int(m.heading * 1.4)
                           - pad * 2)
        step = min(int(m.body * 2.1), rows.height // max(1, len(self.config_widgets)))
        for i, wdg in enumerate(self.config_widgets):
            wdg.place(pygame.Rect(rows.left, rows.top + i * step, rows.width, step - pad // 2),
                      m.body if step >= m.body * 1.8 else m.small)
        align_choices([w for w in self.config_widgets if isinstance(w, Choice)])
        fy = left.bottom - files_h + pad
        third = (rows.width - 2 * pad) // 3
        # One text size for the three buttons: the largest at which every label fits.
        fpx = min(text.fit_px(tr(k), third - bh // 3, m.body, True, int(m.small * 0.8))
                  for k in ("lab.save", "lab.load", "lab.reset"))
        for i, b in enumerate((self.save_button, self.load_button, self.reset_button)):
            b.place(pygame.Rect(rows.left + i * (third + pad), fy, third, bh), fpx)
        self.play_button.place(pygame.Rect(rows.left, fy + bh + pad, rows.width, bh), m.body)
        self.keep_toggle.place(pygame.Rect(rows.left, fy + 2 * (bh + pad), rows.width, bh),
                               m.small)
        controls_h = self.place_controls(right, bh, (
            (self.train_button, ("lab.train",)),
            (self.pause_button, ("lab.pause", "lab.resume")),
            (self.stop_button, ("lab.stop",)),
            (self.clear_button, ("lab.clear_runs",))))
        # Charts.
        charts_top = right.top + controls_h + pad * 2
        # The charts get the larger share: their curves must read from the back of a room;
        # the boxes page through their contents anyway. Board-game boxes are small boards,
        # which need height more than Nim's lists of takes do.
        share = 0.53 if self.game == "nim" else 0.47
        charts_h = int((right.bottom - charts_top) * share)
        half_w = (right.width - pad * 2) // 2
        self.panels["chart_wins"] = pygame.Rect(right.left, charts_top, half_w, charts_h)
        self.panels["chart_rate"] = pygame.Rect(right.left + half_w + pad * 2, charts_top,
                                                half_w, charts_h)
        # Knowledge.
        kt = charts_top + charts_h + pad * 2
        self.panels["boxes"] = pygame.Rect(right.left, kt, right.width, right.bottom - kt)
        kb = self.panels["boxes"]
        sh = int(m.small * 1.9)
        nav = sh
        page_w = text.size("88/88", m.small)[0] + pad
        self.next_button.place(pygame.Rect(kb.right - pad - nav, kb.top + pad, nav, sh), m.small)
        self.panels["page"] = pygame.Rect(self.next_button.rect.left - page_w, kb.top + pad,
                                          page_w, sh)
        self.prev_button.place(pygame.Rect(self.panels["page"].left - nav, kb.top + pad, nav,
                                           sh), m.small)
        sw = max(text.size(tr(k), m.small, True)[0] for k in ("lab.sort_use",
                                                               "lab.sort_position")) + sh
        self.sort_button.place(pygame.Rect(self.prev_button.rect.left - pad - sw, kb.top + pad,
                                           sw, sh), m.small)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self._enable()
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        self.draw_frame(surface)
        progress = self.runner.progress() if self.runner is not None else None
        draw_progress(surface, self.panels["progress"], progress,
                      progress_text(progress, self.learner.games_trained), theme, m)
        for name in ("chart_wins", "chart_rate"):
            draw_panel(surface, self.panels[name], theme, m.radius)
            inner = self.panels[name].inflate(-pad * 2, -pad * 2)
            surface.blit(self._chart(name, inner.size), inner)
        self._draw_knowledge(surface, self.panels["boxes"], theme, m)
        widgets.draw_all(self.all_widgets(), surface, theme)

    def _chart(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The chart ``name`` drawn on its own surface, redrawn only when its data changed."""
        theme = self.app.theme
        px = self.app.metrics.small
        lengths = tuple(len(r.results) for r in self.runs)
        key = (size, theme.name, px, lengths, tuple(r.label for r in self.runs), tr("lab.title"),
               self.games)
        cached = self._chart_cache.get(name)
        if cached is not None and cached[0] == key:
            return cached[1]
        now = time.monotonic()
        if (cached is not None and self.running and cached[0][:3] == key[:3]
                and now - self._chart_drawn.get(name, 0.0) < CHART_SECONDS):
            # New games only: a long run redraws its charts a few times a second, not every
            # frame, so the window stays fluid.
            return cached[1]
        self._chart_drawn[name] = now
        surf = pygame.Surface(size)
        surf.fill(theme.panel)
        rect = surf.get_rect()
        if name == "chart_wins":
            self.chart_plots[name] = draw_wins_chart(surf, rect, self.runs, theme, px, self.games)
        else:
            self.chart_plots[name] = draw_rate_chart(surf, rect, self.runs, theme, px, self.games)
        self._chart_cache[name] = (key, surf)
        return surf

    def _board_view(self) -> BoardView | None:
        if self.view is None or self.view_game != self.game:
            from game.ui.boards import board_view_for

            try:
                self.view = board_view_for(self.game, self.app.theme)
            except (ImportError, RulesError):
                self.view = None
            self.view_game = self.game
        return self.view

    def _draw_knowledge(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
                        m: widgets.Metrics) -> None:
        draw_panel(surface, rect, theme, m.radius)
        pad = m.pad
        room = (self.sort_button.rect.left if self.sort_button.visible
                else rect.right) - rect.left - pad * 3
        title = tr("lab.knowledge", n=len(self.boxes))
        if text.size(title, m.body, True)[0] > room:
            title = tr("lab.knowledge_short", n=len(self.boxes))  # the count matters most
        text.blit_text(surface, title, m.body, theme.accent,
                       (rect.left + pad * 2, self.sort_button.rect.centery), "midleft",
                       bold=True, max_width=room)
        body = pygame.Rect(rect.left + pad * 2, rect.top + pad * 2 + int(m.heading * 1.3),
                           rect.width - pad * 4, rect.height - pad * 3 - int(m.heading * 1.3))
        watching = (self.runner is not None and self.running and self.speed == "watch"
                    and self.runner.current is not None)
        if watching:
            assert self.runner is not None
            live = pygame.Rect(body.left, body.top, int(body.width * 0.32), body.height)
            self._draw_live(surface, live, theme, m)
            body = pygame.Rect(live.right + pad * 2, body.top, body.right - live.right - pad * 2,
                               body.height)
        table = self.nim_table() if self.kind == "qlearning" else None
        if table is not None:
            rows, cols, values = table
            # The best take of each position is outlined: the move the learner would play.
            best: set[tuple[int, int]] = set()
            for c in range(len(cols)):
                column = [row[c] for row in values if row[c] is not None]
                if column:
                    top_value = max(v for v in column if v is not None)
                    best.update((r, c) for r, row in enumerate(values) if row[c] == top_value)
            charts.heat_map(surface, body, rows, cols, values, theme, m.small,
                            row_title=tr("lab.table.take"), col_title=tr("lab.table.matches"),
                            highlight=best, fmt=lambda v: f"{v:+.1f}".replace("-", "\u2212"))
            self.prev_button.visible = self.next_button.visible = False
            self.sort_button.visible = False
            return
        self.sort_button.visible = bool(self.boxes)
        self._draw_boxes(surface, body, theme, m)

    def _draw_live(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
                   m: widgets.Metrics) -> None:
        from game.ui.boards.base import BoardContext

        assert self.runner is not None
        state = self.runner.current
        view = self._board_view()
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.4), rect,
                         border_radius=m.radius)
        text.blit_text(surface, tr("lab.live", n=self.runner.done + 1), m.small, theme.text,
                       (rect.centerx, rect.top + m.pad // 2), "midtop", bold=True,
                       max_width=rect.width - m.pad)
        if view is None or state is None:
            return
        board = rect.inflate(-m.pad * 2, -m.pad * 2)
        board.top += m.small
        board.height -= m.small
        view.layout(board, state)
        view.draw(surface, state, BoardContext(theme=theme, last_move=self.runner.current_move))

    def _draw_boxes(self, surface: pygame.Surface, body: pygame.Rect, theme: Theme,
                    m: widgets.Metrics) -> None:
        from game.ui.boards.base import BoardContext

        self._box_rects = []
        if not self.boxes:
            text.blit_wrapped(surface, tr("lab.no_boxes"), m.body, theme.text_muted, body)
            self.prev_button.visible = self.next_button.visible = False
            return
        view = self._board_view()
        label_h = int(m.small * 1.3)
        target = max(body.height * 0.45, min(body.width / 3.0, m.height * 0.2))
        cols = max(1, int(body.width // target))
        cell_w = body.width / cols
        rows = max(1, int(body.height // (cell_w * 0.8 + label_h)))
        cell_h = body.height / rows
        per_page = cols * rows
        pages = max(1, -(-len(self.boxes) // per_page))
        self.page = min(self.page, pages - 1)
        if per_page != self._per_page:
            self._per_page = per_page
        page_boxes = self.boxes[self.page * per_page:(self.page + 1) * per_page]
        if any(not b.filled for b in page_boxes):
            self.fill_values()
        self.prev_button.visible = self.next_button.visible = pages > 1
        if pages > 1:
            text.blit_text(surface, f"{self.page + 1}/{pages}", m.small, theme.text,
                           self.panels["page"].center, "center")
        score_kind = self.learner.score_kind
        for i, box in enumerate(self.boxes[self.page * per_page:(self.page + 1) * per_page]):
            c, r = i % cols, i // cols
            cell = pygame.Rect(round(body.left + c * cell_w) + m.pad // 2,
                               round(body.top + r * cell_h) + m.pad // 2,
                               round(cell_w) - m.pad, round(cell_h) - m.pad)
            self._box_rects.append((cell, box))
            border = theme.highlight if box.changed else theme.panel_border
            fill = blend(theme.panel, theme.background, 0.35)
            draw_panel(surface, cell, theme, m.radius, fill, border,
                       max(2, m.line * 2) if box.changed else 1)
            used = tr("lab.box_used", n=box.used)
            text.blit_text(surface, used, m.small, theme.highlight if box.changed
                           else theme.text_muted, (cell.centerx, cell.bottom - m.pad // 3),
                           "midbottom", max_width=cell.width - m.pad)
            board = pygame.Rect(cell.left + m.pad // 2, cell.top + m.pad // 2,
                                cell.width - m.pad, cell.height - label_h - m.pad)
            if self.game == "nim":
                draw_nim_box(surface, board, box, score_kind, theme, m.small)
                continue
            if view is None:
                continue
            clip = surface.get_clip()
            surface.set_clip(board)
            try:
                view.layout(board, box.state)
                view.draw(surface, box.state, BoardContext(
                    theme=theme, scores=box.values, score_kind=score_kind, show_legal=False))
            except (ValueError, KeyError, AttributeError, pygame.error):
                text.blit_text(surface, key_text(box.key), m.small, theme.text, board.center,
                               "center", max_width=board.width)
            finally:
                surface.set_clip(clip)


def draw_nim_box(surface: pygame.Surface, rect: pygame.Rect, box: BoxView, score_kind: str,
                 theme: Theme, px: int) -> None:
    """A Nim matchbox: the matches left drawn as sticks, then one line per take with what the
    learner holds for it (allowed or eliminated, beads as dots, or a Q-value)."""
    state: Any = box.state
    heaps: tuple[int, ...] = tuple(state.heaps)
    multi = len(heaps) > 1
    header_h = int(rect.height * 0.26)
    head = pygame.Rect(rect.left, rect.top, rect.width, header_h)
    # The position: sticks for each heap, with the count written beside them.
    total_sticks = sum(heaps) + 2 * (len(heaps) - 1)
    stick_gap = min(head.width * 0.7 / max(1, total_sticks), px * 0.6)
    stick_h = header_h * 0.62
    x = head.left + px * 0.3
    for h_i, count in enumerate(heaps):
        for _ in range(count):
            top = head.top + (header_h - stick_h) / 2
            pygame.draw.line(surface, theme.match_wood, (x, top + stick_h * 0.2),
                             (x, top + stick_h), max(1, int(stick_gap * 0.35)))
            pygame.draw.circle(surface, theme.match_head, (round(x), round(top + stick_h * 0.2)),
                               max(1, int(stick_gap * 0.35)))
            x += stick_gap
        if h_i < len(heaps) - 1:
            x += stick_gap * 2
    label = " · ".join(str(h) for h in heaps) if multi else str(heaps[0])
    if state.options.variant == "fibonacci" and not multi:
        label = f"{heaps[0]} (≤{state.max_allowed_take(0)})"
    text.blit_text(surface, label, int(px * 1.3), theme.text, (head.right, head.centery),
                   "midright", bold=True)
    # One line per move.
    items = list(box.values.items())
    body = pygame.Rect(rect.left, head.bottom, rect.width, rect.bottom - head.bottom)
    line_h = min(px * 1.8, body.height / max(1, len(items)))
    if line_h < 9:
        line_h = 9.0  # too many moves for the box: the last line says how many are left out
    fits = line_h * len(items) <= body.height + 0.5  # float division must not drop a line
    shown = len(items) if fits else max(1, int(body.height // line_h))
    small = max(7, int(min(px, line_h * 0.85)))
    best = max(box.values.values()) if box.values else 0.0
    for i, (move, value) in enumerate(items[:shown]):
        y = body.top + i * line_h + line_h / 2
        move_text = (f"h{move.heap + 1}: −{move.count}" if multi else f"−{move.count}")
        if shown < len(items) and i == shown - 1:
            text.blit_text(surface, f"+{len(items) - i}…", small, theme.text_muted,
                           (body.left, round(y)), "midleft")
            break
        text.blit_text(surface, move_text, small, theme.text, (body.left, round(y)), "midleft",
                       bold=True)
        vx = body.left + text.size("h8: −15 ", small, True)[0] if multi else (
            body.left + text.size("−10 ", small, True)[0])
        if score_kind == "allowed":
            ok = value > 0
            mark = "✓" if ok else "✗"
            text.blit_text(surface, mark, small, theme.ok if ok else theme.danger,
                           (vx, round(y)), "midleft", bold=True)
        elif score_kind == "beads":
            # Up to eight beads drawn in proportion to the box's fullest move, and the count.
            beads = round(value)
            most = max(box.values.values()) or 1.0
            r = max(2, small // 4)
            number_w = text.size(str(beads), small, True)[0] + small // 2
            room = int((body.right - number_w - vx) // (2 * r + 2))
            dots = min(room, 8, max(1 if beads > 0 else 0, round(8 * value / most)))
            for b in range(max(0, dots)):
                pygame.draw.circle(surface, theme.accent if value == best else theme.text_muted,
                                   (round(vx + r + b * (2 * r + 2)), round(y)), r)
            text.blit_text(surface, str(beads), small, theme.text, (body.right, round(y)),
                           "midright", bold=True)
        else:
            colour = theme.score_good if value > 0 else (theme.score_bad if value < 0
                                                         else theme.text_muted)
            shown_value = f"{value:+.2f}".replace("-", "\u2212")
            text.blit_text(surface, shown_value, small, colour, (vx, round(y)), "midleft",
                           bold=value == best)


def games_text(value: float) -> str:
    """A number of games, short enough for a stepper: 500, 2k, 100k."""
    return f"{value / 1000:g}k" if value >= 1000 else f"{value:g}"


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


def run_colours(theme: Theme) -> list[Colour]:
    """Colours of earlier runs on the charts."""
    return [getattr(theme, k) for k in RUN_COLOURS_KEYS]


def earlier_runs(runs: list[Run], theme: Theme,
                 values: Callable[[Run], list[int] | list[float]]) -> list[charts.Series]:
    """Every run but the latest as a faded line of its ``values``, for comparison."""
    colours = run_colours(theme)
    return [charts.Series(run.short or run.label, values(run), colours[i % len(colours)],
                          faded=True, show_last=False)
            for i, run in enumerate(runs[:-1])]


def planned_games(runs: list[Run], planned: int) -> int:
    """The x axis's length: the latest run's planned games (``planned`` before any run)."""
    return max((r.planned for r in runs[-1:]), default=planned)


def draw_wins_chart(surface: pygame.Surface, rect: pygame.Rect, runs: list[Run], theme: Theme,
                    px: int, planned: int = 10) -> pygame.Rect:
    """Cumulative wins of each side in the latest run; earlier runs' learner wins faded."""
    series = earlier_runs(runs, theme, lambda run: run.wins)
    if runs:
        run = runs[-1]
        sides = (("lab.series.first", "lab.series.second") if run.self_play
                 else ("lab.series.learner", "lab.series.opponent"))
        series += [charts.Series(tr(sides[0]), run.wins, theme.ok),
                   charts.Series(tr(sides[1]), run.losses, theme.danger),
                   charts.Series(tr("lab.series.draws"), run.draws, theme.text_muted)]
    return charts.line_chart(surface, rect, series, theme, px, title=tr("lab.chart.wins"),
                      x_label=tr("lab.chart.games"), y_label=tr("lab.chart.wins_axis"),
                      x_max=planned_games(runs, planned),
                      empty_text=tr("lab.chart.empty"))


def draw_rate_chart(surface: pygame.Surface, rect: pygame.Rect, runs: list[Run], theme: Theme,
                    px: int, planned: int = 10) -> pygame.Rect:
    """The learner's win rate over a sliding window, latest run bold, earlier runs faded."""
    series = earlier_runs(runs, theme, lambda run: run.rate)
    window = runs[-1].window if runs else window_for(planned)
    if runs:
        who = "lab.series.rate_first" if runs[-1].self_play else "lab.series.rate"
        series.append(charts.Series(tr(who), runs[-1].rate, theme.ok))
    title_key = "lab.chart.rate_first" if runs and runs[-1].self_play else "lab.chart.rate"
    return charts.line_chart(surface, rect, series, theme, px,
                      title=tr(title_key, n=window), x_label=tr("lab.chart.games"),
                      y_range=(0.0, 1.0), percent=True,
                      x_max=planned_games(runs, planned),
                      empty_text=tr("lab.chart.empty"))
