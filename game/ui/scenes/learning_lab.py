"""The learning lab: train a learner live, watch its results grow, and look inside its boxes.

Left, the set-up: game and variant, the learner and its parameters, its seat, its training
opponent (itself, or any player of the registry), the number of games and the speed. Right, the
Train / Pause / Stop controls with a progress bar (games done, games per second, time left), two
live charts (:mod:`game.ui.scenes.lab_charts`) and the learner's knowledge
(:mod:`game.ui.scenes.lab_knowledge`); where each goes, :mod:`game.ui.scenes.lab_layout`.

What the lab works on is a :class:`~game.ui.scenes.lab_session.LabSession` kept by the app, so
the lab reopens where the class left it. Training runs in an :class:`ai.training.TrainingRunner`
thread; this scene polls it each frame and reads the learner's table only under its lock. Save,
Load, Reset: JSON files in the user data folder (:mod:`ai.learner_files`); "Play against it"
opens the play screen with the trained learner in its seat.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import TabularLearner
from ai.registry import PlayerSpecError
from ai.training import WATCH_MOVE_SECONDS, TrainingRunner
from game.rules.base import RulesError
from game.ui import widgets
from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.help import LAB_SHORTCUTS
from game.ui.scenes.lab_charts import ChartChoice, LabCharts
from game.ui.scenes.lab_common import RunScene, RunTexts, player_name
from game.ui.scenes.lab_files import LabFiles
from game.ui.scenes.lab_key import lay_out
from game.ui.scenes.lab_knowledge import KnowledgePanel
from game.ui.scenes.lab_last_game import one_game_result
from game.ui.scenes.lab_layout import (
    COMPACT_BUTTON,
    compact,
    compact_title,
    draw_lab,
    header_notice,
    notice_area,
    run_end_notice,
)
from game.ui.scenes.lab_pages import page_for_key
from game.ui.scenes.lab_play import back_from_play, play_against
from game.ui.scenes.lab_session import OPPONENT, SELF, WATCHED, Run, app_session, window_for
from game.ui.scenes.lab_setup import build_setup
from game.ui.scenes.lab_table import TablePanel
from game.ui.scenes.lab_views import ViewTabs
from game.ui.scenes.players import param_label, param_text
from game.ui.widgets import Button, Choice, Toggle, Widget

if TYPE_CHECKING:
    from game.ui.app import App

#: How often the charts and the boxes are redrawn from the runner's data while training.
REFRESH_SECONDS = 0.2
#: How long One game holds each move (a class follows it; Space pauses, as in any run).
ONE_GAME_MOVE_SECONDS = 1.5
TEXTS = RunTexts(title="lab.title", subtitle="lab.subtitle", setup="lab.setup", menu="lab.menu",
                 pause="lab.pause", resume="lab.resume", stop="lab.stop", failed="lab.failed")


class LearningLabScene(RunScene[TrainingRunner]):
    """The learning lab screen."""

    shortcuts = LAB_SHORTCUTS  #: What F1 lists (its keys, not the play screen's).

    def __init__(self, app: App) -> None:
        self.session = app_session(app)
        super().__init__(app, TEXTS)
        self._refresh_left = 0.0
        #: Games of the current run on the charts before this runner's (step-by-step runs).
        self._run_offset = 0
        self.charts = LabCharts()
        self.chart_choice = ChartChoice()
        self.knowledge = KnowledgePanel(app, self.session, self._lock)
        self.config_widgets: list[Widget] = []
        #: (window size, body size) and the least share of the set-up page its rows take.
        self.setup_share: tuple[Any, float] = ((0, 0), 0.0)
        self.train_button = Button(lambda: tr("lab.train"), self.train, primary=True)
        self.files = LabFiles(self)
        self.save_button = Button(lambda: tr("lab.save"), self.files.save_clicked)
        self.load_button = Button(lambda: tr("lab.load"), self.files.open_load)
        self.reset_button = Button(lambda: tr("lab.reset"), self.ask_reset)
        self.play_button = Button(lambda: tr("lab.play_against"), self.play_against,
                                  primary=True)
        self.keep_toggle = Toggle(lambda: tr("lab.keep_learning"),
                                  lambda: self.session.keep_learning, self._set_keep)
        self.clear_button = Button(lambda: tr("lab.clear_runs"), self.clear_runs)
        self.step_button = Button(lambda: tr("lab.one_game"), self.one_game)
        self.export_button = Button(lambda: tr("lab.export"), self.export)
        self.table = TablePanel(app, self.knowledge)
        self.tabs = ViewTabs(self.session, self.offered_views)
        self.knowledge.on_change = self.refresh_knowledge
        self.rebuild()
        back_from_play(self)  # (the class may come back from it through the menu)
        self.refresh_knowledge()
        if self.compact() and not self.runs and not self.learner.games_trained:
            self.session.view = "setup"  # nothing to chart yet: first, what to train

    # The run's game, variant and length are the session's (RunScene reads them).

    @property
    def game(self) -> str:
        """The game the lab trains on."""
        return self.session.game

    @game.setter
    def game(self, value: str) -> None:
        self.session.game = value

    @property
    def options(self) -> Any:
        """The game's options (its variant)."""
        return self.session.options

    @options.setter
    def options(self, value: Any) -> None:
        self.session.options = value

    @property
    def games(self) -> int:
        """How many games the next run plays."""
        return self.session.games

    @games.setter
    def games(self, value: int) -> None:
        self.session.games = value

    @property
    def learner(self) -> TabularLearner:
        """The learner being trained."""
        return self.session.learner

    @property
    def runs(self) -> list[Run]:
        """The runs on the charts, oldest first."""
        return self.session.runs

    # -- set-up ---------------------------------------------------------------------------------

    def setup_changed(self, fresh: bool = True) -> None:
        """After a change of set-up: the knowledge panel and the widgets follow."""
        if fresh:  # (the header then says what the new learner knows: QA S12 28)
            self.runner = None
            self.knowledge.reset()
        self.refresh_knowledge()
        self.rebuild()

    def set_game(self, game: Any) -> None:
        """Choose the game (its first variant, a fresh learner)."""
        if self.running or game == self.game:
            return
        self.session.set_game(str(game))
        self.setup_changed()

    def set_variant(self, index: Any) -> None:
        """Choose one of the game's variants (a fresh learner)."""
        if self.running:
            return
        self.session.set_variant(int(index))
        self.setup_changed()

    def set_kind(self, kind: Any) -> None:
        """Choose the kind of learner (a fresh learner)."""
        if self.running or kind == self.session.kind:
            return
        self.session.set_kind(str(kind))
        self.setup_changed()

    def set_param(self, name: str, value: float) -> None:
        """Change a learner parameter; the learner keeps its table and plays by the new value."""
        with self._lock():
            self.session.set_param(name, value)

    def _set_keep(self, on: bool) -> None:
        self.session.keep_learning = on

    def _lock(self) -> Any:
        return self.runner.lock if self.runner is not None else contextlib.nullcontext()

    def rebuild(self) -> None:
        """Recreate the set-up widgets for the current game, learner and mode."""
        self.config_widgets = build_setup(self)

    def set_seat(self, seat: Any) -> None:
        """Where the learner sits in the games it plays."""
        if not self.running:
            self.session.seat = str(seat)

    def _set_opponent(self, name: Any) -> None:
        if not self.running:
            self.session.opponent = str(name)

    def set_mode(self, mode: Any) -> None:
        """Learn by playing, or by watching two other players (seed 002)."""
        if not self.running:
            self.session.watching = mode == "watch"
            self.rebuild()

    def set_watched(self, index: int, name: str) -> None:
        """Choose the first (0) or second (1) player of the match the learner watches."""
        if not self.running:
            watched = list(self.session.watched)
            watched[index] = name
            self.session.watched = (watched[0], watched[1])

    def _set_speed(self, speed: Any) -> None:
        # The speed may change during a run: the runner reads it before each game and move.
        self.session.speed = str(speed)
        if self.runner is not None:
            self.runner.speed = self.session.speed  # type: ignore[assignment]

    # -- training -------------------------------------------------------------------------------

    def train(self, space: bool = False) -> None:
        """Start a run of ``games`` games with the current set-up; from Space, not after a run
        (it retrained the learner the class was looking at, QA17 13): a notice says how."""
        if space and self.runner is not None and self.runner.finished:
            self.app.notify(header_notice(self, tr("lab.space_done"), tr("lab.space_short")))
        elif self.start_run(self.games, self.session.speed):
            self.session.changed_only = False
            if self.tabs.current() == "setup":
                self.session.view = "charts"  # the class watches the learner train

    def one_game(self) -> None:
        """MENACE one game at a time: play one game shown move by move, then show the boxes it
        changed and how (before -> after); the games add up on one run of the charts."""
        if self.start_run(1, "watch", stepwise=True):
            self.session.view = "boxes"
            self.session.changed_only, self.session.used_only = True, False

    def start_run(self, games: int, speed: str, stepwise: bool = False) -> bool:
        """Start ``games`` games at ``speed``, by playing or watching as the set-up says;
        False when nothing started (a run is going, or a player cannot be made)."""
        if self.running:
            return False
        session = self.session
        try:
            opponent = None if session.watching else session.opponent_player()
            watched = session.watched_players() if session.watching else None
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.app.notify(str(exc))
            return False
        session.absorb(self.runner)
        self.knowledge.game_result = ""
        seat = "alternate" if watched is not None else session.seat
        self.runner = TrainingRunner(session.learner, opponent, self.new_game(), games,
                                     seat=seat,  # type: ignore[arg-type]
                                     speed=speed,  # type: ignore[arg-type]
                                     watched=watched)
        self.runner.move_seconds = ONE_GAME_MOVE_SECONDS if stepwise else WATCH_MOVE_SECONDS
        self._add_run(games, opponent is None and watched is None, stepwise)
        self.message = None
        self.runner.start()
        self.app.play_sound("click")
        return True

    def _add_run(self, games: int, self_play: bool, stepwise: bool) -> None:
        """A new run on the charts, or one more game on the current step-by-step run."""
        session = self.session
        last = session.runs[-1] if session.runs else None
        if stepwise and last is not None and last.stepwise and last.label == self._run_names(
                len(session.runs))[0]:
            last.planned += games
            self._run_offset = len(last.results)
            return
        self._run_offset = 0
        n = len(session.runs) + 1
        label, short = self._run_names(n)
        sides = (tuple(self.slot_title(slot) for slot in WATCHED) if session.watching
                 else None)
        session.add_run(Run(label, games, window_for(games if not stepwise else 100),
                            self_play, short, sides=sides,  # type: ignore[arg-type]
                            stepwise=stepwise, drawable=session.info.draws,
                            number=n, setup=self._run_names(0)[1]))

    def slot_title(self, slot: str) -> str:
        """The name of the player in ``slot`` (the opponent, a watched player) with the
        evaluation chosen for it, if it has one: "Alpha-beta (Eval Discs)", so that two runs
        against the same search with different evaluations are told apart."""
        session = self.session
        shown = [f"{param_label(p.name)} {param_text(p, session.choice_value(slot, p))}"
                 for p in session.choice_params(slot)]
        title = player_name(session.slot_player(slot))
        return f"{title} ({', '.join(shown)})" if shown else title

    def _run_names(self, n: int) -> tuple[str, str]:
        """The long and short names of run ``n`` with the current set-up."""
        session = self.session
        learner = player_name(session.kind)
        if session.watching:
            a, b = (self.slot_title(slot) for slot in WATCHED)
            return (tr("lab.run_watch", n=n, learner=learner, a=a, b=b),
                    tr("lab.run_watch_short", n=n, a=a, b=b))
        opp = tr("lab.self") if session.opponent == SELF else self.slot_title(OPPONENT)
        return (tr("lab.run_label", n=n, learner=learner, opponent=opp),
                tr("lab.run_short", n=n, learner=learner, opponent=opp))

    def export(self) -> None:
        """The current view as a light PNG, in a folder the class chooses (lab_export)."""
        from game.ui.scenes.lab_export import choose_export_folder

        choose_export_folder(self)

    def clear_runs(self) -> None:
        """Forget the earlier runs on the charts (the learner keeps its table)."""
        self.session.runs = self.runs[-1:] if self.running else []
        self.charts.clear()

    def refresh_knowledge(self) -> None:
        """Read the learner's boxes again for the knowledge panel."""
        self.knowledge.refresh(self.runner)

    def ask_reset(self) -> None:
        """Confirm, then forget everything the learner learned."""
        if self.running:
            return
        self.app.push(MessageDialog(self.app, tr("lab.reset_title"), tr("lab.reset_text"), [
            (lambda: tr("lab.reset"), self.reset),
            (lambda: tr("dialog.cancel"), lambda: None),
        ], primary=1))  # (Cancel the default: Enter emptied a trained learner, QA14 17)

    def reset(self) -> None:
        """Forget the learner's table (the charts of earlier runs stay)."""
        self.session.absorb(self.runner)
        self.runner = None
        self.session.fresh()
        self.knowledge.reset()
        self.refresh_knowledge()

    def play_against(self) -> None:
        """Open the play screen: the trained learner in its seat, a human in the other."""
        play_against(self)

    # -- frame ----------------------------------------------------------------------------------

    def on_close(self) -> None:
        super().on_close()  # a run in progress is stopped, keeping what it learned
        # The session keeps the learner: the lab reopens where the class left it (Save keeps it).
        if self.runner is None or self.runner.finished:
            self.session.absorb(self.runner)

    def on_enter(self) -> None:
        # Back from "Play against it": the game played there used and may have changed boxes.
        back_from_play(self)
        self.refresh_knowledge()

    def on_settings_changed(self) -> None:
        self.charts.clear()
        self.knowledge.forget_view()

    def notice_area(self) -> pygame.Rect | None:
        return notice_area(self)  # in the view, over none of its controls (lab_layout)

    def all_widgets(self) -> list[Widget]:
        """Every widget, in event order (the current view's own widgets among them; in the
        compact layout, the set-up's only on its page)."""
        view = self.tabs.current()
        setup: list[Widget] = [*self.config_widgets, self.save_button, self.load_button,
                               self.reset_button, self.play_button, self.keep_toggle]
        shown: list[Widget] = (self.knowledge.widgets() if view == "boxes"
                               else self.table.widgets() if view == "table"
                               else [] if view == "setup"
                               else [self.clear_button, *self.chart_choice.widgets()])
        if self.compact() and view != "setup":
            setup = []
        return [self.menu_button, self.train_button, self.step_button,
                self.pause_button, self.stop_button, *self.tabs.widgets(), self.export_button,
                *shown, *setup]

    def compact(self) -> bool:
        """Whether the set-up is a page of its own, a tab beside the views (large text: see
        :func:`game.ui.scenes.lab_layout.compact`)."""
        return compact(self.app.size, self.app.metrics.body)

    def button_height(self) -> int:
        return int(self.app.metrics.body * (COMPACT_BUTTON if self.compact() else 1.9))

    def title_text(self) -> str:
        # The compact layout says what is trained on every page (lab_layout.compact_title).
        return compact_title(self)[0] if self.compact() else super().title_text()

    def title_px(self) -> int:
        return compact_title(self)[1] if self.compact() else super().title_px()

    def header_height(self) -> int:
        # The compact layout's title on a line as tall as a button: every line counts.
        return self.button_height() if self.compact() else super().header_height()

    def subtitle_end(self) -> int:
        # The compact layout's progress line takes the subtitle's place.
        return self.panels["progress"].left if self.compact() else super().subtitle_end()

    def setup_area(self) -> pygame.Rect:
        """Where the set-up is drawn: its panel, or its page in the compact layout (nowhere
        while another view shows)."""
        if not self.compact():
            return self.panels["setup"]
        return self.panels["view"] if self.tabs.current() == "setup" else pygame.Rect(0, 0, 0, 0)

    def offered_views(self) -> list[str]:
        """The views the current game offers (the table only where boxes read as one; the
        set-up first in the compact layout)."""
        views = ["charts", "boxes", "table"] if self.table.available() else ["charts", "boxes"]
        return ["setup", *views] if self.compact() else views

    def _enable(self) -> None:
        busy = self.running
        for w in self.config_widgets:
            w.enabled = not busy
        for w in self.config_widgets:
            if isinstance(w, Choice) and w.label() == tr("lab.speed"):
                w.enabled = True  # the speed can change during a run
        self.train_button.enabled = self.step_button.enabled = not busy
        self.pause_button.enabled = busy
        self.stop_button.enabled = busy
        for b in (self.save_button, self.load_button, self.reset_button, self.play_button):
            b.enabled = not busy

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        self._enable()
        view = self.tabs.current()
        boxes = self.knowledge
        if event.type == pygame.KEYDOWN and view == "boxes" and boxes.go_to(
                page_for_key(event.key, boxes.page, boxes.pages())):
            return
        if self.handle_run_keys(event, lambda: self.train(space=True)):
            return
        if view == "boxes" and boxes.handle_bar(event):
            return
        if (event.type == pygame.MOUSEWHEEL and view == "boxes"
                and self.knowledge.rect.collidepoint(widgets.mouse())):
            self.knowledge.turn_page(-1 if event.y > 0 else 1)
            return
        if widgets.handle_all(self.all_widgets(), event):
            return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and view == "table"):
            self.table.click(event.pos)

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
        seen = len(run.results) - self._run_offset if run is not None else 0
        if run is not None and seen < done:
            run.extend(runner.results[seen:done])
        self._refresh_left -= dt
        if self._refresh_left <= 0 or runner.finished:
            self._refresh_left = REFRESH_SECONDS
            self.refresh_knowledge()
        progress = runner.progress()
        if self.ended_now(progress):
            self.session.absorb(runner)
            self.refresh_knowledge()
            one_game = one_game_result(runner, progress.done)
            if one_game is not None and not progress.error:
                # Kept in the view of its boxes until the next run (lab_last_game): a notice
                # there too would say it twice; elsewhere a notice says it.
                self.knowledge.game_result = one_game[0]
                if self.tabs.current() == "boxes":
                    self.app.play_sound("end")
                    return
            self.announce_end(progress, self.end_notice(progress.stopped, progress.done))

    def end_notice(self, stopped: bool, done: int) -> str:
        """What the notice says when a run ends (after one game: who won, and where to look)."""
        one_game = one_game_result(self.runner, done)
        if one_game is not None:
            return header_notice(self, *one_game)  # (lab_layout)
        return run_end_notice(self, stopped, done)  # (lab_layout: its short form on charts)

    def layout(self) -> None:
        """Place the panels and widgets (when an input changed: :func:`lab_key.layout_key`)."""
        lay_out(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self._enable()
        draw_lab(self, surface)
        widgets.draw_all(self.all_widgets(), surface, self.app.theme)

    def watching_live(self) -> bool:
        """Whether the game being played is drawn move by move (watch speed)."""
        return self.running and self.runner is not None and self.runner.speed == "watch"
