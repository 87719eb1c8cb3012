"""The learning lab: train a learner live, watch its results grow, and look inside its boxes.

Left, the set-up: game and variant, the learner and its parameters, its seat, its training
opponent (itself, or any player of the registry), the number of games and the speed. Right, the
Train / Pause / Stop controls with a progress bar (games done, games per second, time left), two
live charts (:mod:`game.ui.scenes.lab_charts`) and the learner's knowledge
(:mod:`game.ui.scenes.lab_knowledge`).

What the lab works on is a :class:`~game.ui.scenes.lab_session.LabSession` kept by the app, so
the lab reopens where the class left it. Training runs in an :class:`ai.training.TrainingRunner`
thread; this scene polls it each frame and reads the learner's table only under the runner's
lock. Save / Load / Reset keep learners as JSON files in the user data folder
(:mod:`ai.learner_files`); "Play against it" opens the play screen with the trained learner in
its seat.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import KINDS, TabularLearner
from ai.registry import PlayerSpecError, get_player_info
from ai.training import SEATS, SPEEDS, TrainingRunner
from game.rules.base import RulesError
from game.ui import text, widgets
from game.ui.boards import lab_default_game, presenter_for
from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.lab_charts import CHART_NAMES, LabCharts
from game.ui.scenes.lab_common import (
    RunScene,
    RunTexts,
    align_choices,
    draw_progress,
    game_items,
    later,
    param_stepper,
    player_items,
    player_name,
    progress_text,
    variant_items,
)
from game.ui.scenes.lab_files import LabFiles
from game.ui.scenes.lab_knowledge import KnowledgePanel
from game.ui.scenes.lab_session import SELF, LabSession, Run, lab_presets, window_for
from game.ui.scenes.players import LadderStepper
from game.ui.widgets import Button, Choice, Toggle, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

GAME_COUNTS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000)
#: How often the charts and the boxes are redrawn from the runner's data while training.
REFRESH_SECONDS = 0.2
LABEL_WIDTH = 0.3
TEXTS = RunTexts(title="lab.title", subtitle="lab.subtitle", setup="lab.setup", menu="lab.menu",
                 pause="lab.pause", resume="lab.resume", stop="lab.stop", failed="lab.failed")


def lab_session(app: App) -> LabSession:
    """The app's lab session, made on first use on the lab's default game."""
    if app.lab_session is None:
        app.lab_session = LabSession(lab_default_game())
    return app.lab_session


def games_text(value: float) -> str:
    """A number of games, short enough for a stepper: 500, 2k, 100k."""
    return f"{value / 1000:g}k" if value >= 1000 else f"{value:g}"


class LearningLabScene(RunScene[TrainingRunner]):
    """The learning lab screen."""

    def __init__(self, app: App) -> None:
        self.session = lab_session(app)
        super().__init__(app, TEXTS)
        self._refresh_left = 0.0
        self.charts = LabCharts()
        self.knowledge = KnowledgePanel(app, self.session, self._lock)
        self.config_widgets: list[Widget] = []
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
        self.rebuild()
        self.refresh_knowledge()

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
        if fresh:
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
        """Recreate the set-up widgets for the current game and learner."""
        session = self.session
        presenter = presenter_for(self.game)
        variants = variant_items(self.game, lab_presets(session.info))
        if session.variant_index() < 0:
            variants.append((-1, later(presenter.variant_label, self.options)))
        kind_items = [(k, later(player_name, k)) for k in KINDS]
        seat_items = [(s, later(tr, f"lab.seat.{s}")) for s in SEATS]
        opponent_items = [(SELF, later(tr, "lab.self")), *player_items(self.game, self.options)]
        speed_items = [(s, later(tr, f"lab.speed.{s}")) for s in SPEEDS]
        self.config_widgets = [
            Choice(later(tr, "lab.game"), game_items(), lambda: self.game,
                   self.set_game, self.open_choice, label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.variant"), variants, session.variant_index,
                   self.set_variant, self.open_choice, label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.learner"), kind_items, lambda: session.kind, self.set_kind,
                   self.open_choice, label_width=LABEL_WIDTH),
        ]
        for param in get_player_info(session.kind).params:
            def get(name: str = param.name, default: float = float(param.default)) -> float:
                return session.params.get(name, default)

            def set_(value: float, name: str = param.name) -> None:
                self.set_param(name, value)

            self.config_widgets.append(param_stepper(param, get, set_))
        self.config_widgets += [
            Choice(later(tr, "lab.seat"), seat_items, lambda: session.seat, self._set_seat,
                   self.open_choice, label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.opponent"), opponent_items, lambda: session.opponent,
                   self._set_opponent, self.open_choice, label_width=LABEL_WIDTH),
            LadderStepper(later(tr, "lab.games"), lambda: float(self.games),
                          self._set_games, [float(g) for g in GAME_COUNTS],
                          games_text),
            Choice(later(tr, "lab.speed"), speed_items, lambda: session.speed,
                   self._set_speed, self.open_choice, label_width=LABEL_WIDTH),
        ]

    def _set_seat(self, seat: Any) -> None:
        if not self.running:
            self.session.seat = str(seat)

    def _set_opponent(self, name: Any) -> None:
        if not self.running:
            self.session.opponent = str(name)

    def _set_speed(self, speed: Any) -> None:
        # The speed may change during a run: the runner reads it before each game and move.
        self.session.speed = str(speed)
        if self.runner is not None:
            self.runner.speed = self.session.speed  # type: ignore[assignment]

    # -- training -------------------------------------------------------------------------------

    def train(self) -> None:
        """Start a run of ``games`` games with the current set-up."""
        if self.running:
            return
        session = self.session
        try:
            opponent = session.opponent_player()
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.app.notify(str(exc))
            return
        session.absorb(self.runner)
        self.runner = TrainingRunner(session.learner, opponent, self.new_game(), self.games,
                                     seat=session.seat,  # type: ignore[arg-type]
                                     speed=session.speed)  # type: ignore[arg-type]
        opp = tr("lab.self") if opponent is None else player_name(session.opponent)
        n = len(session.runs) + 1
        learner = player_name(session.kind)
        session.add_run(Run(tr("lab.run_label", n=n, learner=learner, opponent=opp),
                            self.games, window_for(self.games), opponent is None,
                            tr("lab.run_short", n=n, learner=learner, opponent=opp)))
        self.message = None
        self.runner.start()
        self.app.play_sound("click")

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
        ]))

    def reset(self) -> None:
        """Forget the learner's table (the charts of earlier runs stay)."""
        self.session.absorb(self.runner)
        self.runner = None
        self.session.fresh()
        self.knowledge.reset()
        self.refresh_knowledge()

    def play_against(self) -> None:
        """Open the play screen: the trained learner in its seat, a human in the other."""
        if self.running:
            return
        from game.rules.registry import GameSetup
        from game.ui.scenes.match import HUMAN, Match, Seat
        from game.ui.scenes.play import PlayScene

        session = self.session
        session.absorb(self.runner)
        learner_seat = Seat(self.learner.spec, self.learner, session.keep_learning)
        human = Seat(HUMAN)
        seats = (human, learner_seat) if session.seat == "second" else (learner_seat, human)
        first = "random" if session.seat == "alternate" else "seat1"
        match = Match(GameSetup.of(self.game, self.options), seats, first)
        self.app.push(PlayScene(self.app, match))

    # -- frame ----------------------------------------------------------------------------------

    def on_close(self) -> None:
        super().on_close()  # a run in progress is stopped, keeping what it learned
        # The session (on the app) keeps the trained learner: "Play against it" then Menu, and
        # the lab reopens where the class left it (until the app closes; Save keeps it).
        if self.runner is None or self.runner.finished:
            self.session.absorb(self.runner)

    def on_enter(self) -> None:
        # Back from "Play against it": the games played there may have changed the table.
        self.refresh_knowledge()

    def on_settings_changed(self) -> None:
        self.charts.clear()
        self.knowledge.forget_view()

    def all_widgets(self) -> list[Widget]:
        """Every widget, in event order."""
        return [self.menu_button, *self.config_widgets, self.train_button, self.pause_button,
                self.stop_button, self.clear_button, *self.knowledge.widgets(),
                self.save_button, self.load_button, self.reset_button, self.play_button,
                self.keep_toggle]

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
        if (event.type == pygame.MOUSEWHEEL
                and self.knowledge.rect.collidepoint(widgets.mouse())):
            self.knowledge.turn_page(-1 if event.y > 0 else 1)
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
            self.session.absorb(runner)
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
        # The charts get the larger share: their curves must read from the back of a room;
        # the boxes page through their contents anyway. How much depends on the game's boxes.
        charts_top = right.top + controls_h + pad * 2
        share = presenter_for(self.game).lab_charts_share
        charts_h = int((right.bottom - charts_top) * share)
        half_w = (right.width - pad * 2) // 2
        self.panels["chart_wins"] = pygame.Rect(right.left, charts_top, half_w, charts_h)
        self.panels["chart_rate"] = pygame.Rect(right.left + half_w + pad * 2, charts_top,
                                                half_w, charts_h)
        kt = charts_top + charts_h + pad * 2
        self.panels["boxes"] = pygame.Rect(right.left, kt, right.width, right.bottom - kt)
        self.knowledge.layout(self.panels["boxes"])

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self._enable()
        theme = self.app.theme
        m = self.app.metrics
        self.draw_frame(surface)
        progress = self.runner.progress() if self.runner is not None else None
        draw_progress(surface, self.panels["progress"], progress,
                      progress_text(progress, self.learner.games_trained), theme, m)
        for name in CHART_NAMES:
            draw_panel(surface, self.panels[name], theme, m.radius)
            inner = self.panels[name].inflate(-m.pad * 2, -m.pad * 2)
            surface.blit(self.charts.surface(name, inner.size, self.runs, self.games, theme,
                                             m.small, self.running), inner)
        watching = self.running and self.session.speed == "watch"
        self.knowledge.draw(surface, self.runner if watching else None)
        widgets.draw_all(self.all_widgets(), surface, theme)
