"""The n-tuple lab: watch a network learn Othello by self-play, and see what it learnt.

Left, the set-up: board size (8x8 or 6x6), learning rate, TD lambda, temporal coherence (each
weight's own step) and exploration (changed at any time, taken at the next game), the number of
games and the speed, then Train / Pause / Stop, Reset, Save and Load (the data folder or any
other, :mod:`game.ui.scenes.lab_ntuple_files`) and "Start from the shipped network".
Right, the progress bar; the win-rate curves of the frozen network, measured every few hundred
games against random, greedy and the seed's minimax at depth 2; and what it learnt: the worth of
one disc on each square as a heat map beside the seed's weight table (corners turn good and
X-squares bad without anyone saying so), with its strongest patterns. At "watch" speed the game
being played replaces the seed's table. Everything that is not drawing lives in
:class:`ai.ntuple_training.NTupleLabSession`, tested without pixels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ai.ntuple_training import LAB_GAME_COUNTS, LAB_OPPONENTS, LAB_SIZES, NTupleLabSession
from ai.training import SPEEDS
from game.rules.othello import WEIGHTS as OTHELLO_WEIGHTS
from game.ui import charts, text, widgets
from game.ui.i18n import decimal, grouped, tr
from game.ui.reasoning import plural
from game.ui.scene import Scene
from game.ui.scenes import lab_ntuple_files
from game.ui.scenes.help import RUN_SHORTCUTS
from game.ui.scenes.lab_charts import ChartChoice
from game.ui.scenes.lab_common import (
    WrapButton,
    draw_progress,
    later,
    progress_text,
    wrapped_px,
)
from game.ui.scenes.lab_ntuple_layout import (
    MAP_KEYS,
    MAPS,
    PATTERNS,
    curve_labels,
    maps_px,
    share_right,
    signed_whole,
)
from game.ui.scenes.ntuple_lab_pages import (
    draw_patterns,
    draw_setup_help,
    is_compact,
    map_number_px,
    page_tabs,
    page_widgets,
    place_compact,
    ships_network,
)
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament_pages import line_up_values
from game.ui.theme import Theme, blend
from game.ui.widgets import Button, Choice, Stepper, Toggle, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

#: How often (seconds) the heat map and the patterns are read again while training.
KNOWLEDGE_SECONDS = 0.5

def ntuple_session(app: App) -> NTupleLabSession:
    """The session the screen works on, kept by the app: leaving the screen and coming back
    keeps the network and its curves until the app closes."""
    if app.ntuple_session is None:
        app.ntuple_session = NTupleLabSession()
    return app.ntuple_session


class NTupleLabScene(Scene):
    """The n-tuple lab screen (see the module docstring)."""

    shortcuts = RUN_SHORTCUTS  #: What F1 lists (its keys, not the play screen's).

    def __init__(self, app: App, session: NTupleLabSession | None = None) -> None:
        super().__init__(app)
        self.session = session if session is not None else ntuple_session(app)
        s = self.session
        self.size_choice = Choice(later(tr, "ntuple.size"),
                                  [(n, later(lambda n=n: f"{n}×{n}")) for n in LAB_SIZES],
                                  lambda: s.size, self._set_size)
        self.alpha_stepper = Stepper(later(tr, "ntuple.alpha"), lambda: s.alpha,
                                     lambda v: s.set_params(alpha=v), 0.05, 1.0, 0.05,
                                     lambda v: decimal(f"{v:.2f}"))
        self.lambda_stepper = Stepper(later(tr, "ntuple.lambda"), lambda: s.lam,
                                      lambda v: s.set_params(lam=v), 0.0, 1.0, 0.1,
                                      lambda v: decimal(f"{v:.1f}"))
        self.tc_toggle = Toggle(later(tr, "ntuple.tc"), lambda: s.tc,
                                lambda v: s.set_params(tc=v))
        self.epsilon_stepper = Stepper(later(tr, "ntuple.epsilon"), lambda: s.epsilon,
                                       lambda v: s.set_params(epsilon=v), 0.0, 0.5, 0.05,
                                       lambda v: decimal(f"{v:.2f}"))
        self.games_choice = Choice(later(tr, "ntuple.games"),
                                   [(g, later(grouped, g))
                                    for g in LAB_GAME_COUNTS],
                                   lambda: s.games, self._set_games)
        self.speed_choice = Choice(later(tr, "lab.speed"),
                                   [(v, later(tr, f"lab.speed.{v}")) for v in SPEEDS],
                                   lambda: s.speed, self._set_speed)
        self.train_button = Button(lambda: tr("lab.train"), self.train, primary=True)
        self.pause_button = Button(self._pause_label, self.toggle_pause)
        self.stop_button = Button(lambda: tr("lab.stop"), self.stop, danger=True)
        self.reset_button = Button(lambda: tr("lab.reset"), self.reset)
        # Save and Load to and from any folder (a USB stick), as in the learning lab.
        self.save_button = Button(lambda: tr("lab.save"), lambda: lab_ntuple_files.open_save(self))
        self.load_button = Button(lambda: tr("ntuple.load"),
                                  lambda: lab_ntuple_files.open_load(self))
        #: The last message box's text (for tests).
        self.message: str | None = None
        # (Greyed where none ships, it says so: greyed alone it did not say why, QA17 14.)
        self.shipped_button = WrapButton(lambda: tr("ntuple.shipped" if ships_network(
            self.session.size) else "ntuple.shipped_none"), self.load_shipped)
        self.back_button = Button(lambda: tr("lab.menu"), self.close)
        self.setup: list[Widget] = [self.size_choice, self.alpha_stepper, self.lambda_stepper,
                                    self.tc_toggle, self.epsilon_stepper, self.games_choice,
                                    self.speed_choice]
        self.buttons: list[Button] = [self.train_button, self.pause_button, self.stop_button,
                                      self.reset_button, self.save_button, self.load_button,
                                      self.shipped_button, self.back_button]
        self._knowledge: tuple[list[list[float]], list[tuple[str, str, float]], int] | None = None
        self._knowledge_age = KNOWLEDGE_SECONDS
        self._board_view: Any = None
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_px = self.app.metrics.small
        self.heat_rect = pygame.Rect(0, 0, 0, 0)
        #: The heat maps one at a time where side by side their numbers would not read.
        self.map_choice = ChartChoice((*MAPS, PATTERNS), MAP_KEYS)
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.progress_rect = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        #: The page shown at large text (ntuple_lab_pages), its tabs, and the header's title;
        #: with nothing to chart yet the set-up, as the learning lab (not empty curves).
        self.page = "curves" if self.session.runner or self.session.curves else "setup"
        self.help_rect = pygame.Rect(0, 0, 0, 0)  # (ntuple_lab_pages.draw_setup_help)
        self.tabs = page_tabs(self)
        self.header_h, self.title_text, self.title_px = 0, "", 0

    # -- actions --------------------------------------------------------------------------------

    def _set_size(self, size: int) -> None:
        self.session.set_size(size)
        self._knowledge_age = KNOWLEDGE_SECONDS

    def _set_games(self, games: int) -> None:
        if not self.session.busy:
            self.session.games = games

    def _set_speed(self, speed: Any) -> None:
        self.session.speed = speed
        if self.session.runner is not None:
            self.session.runner.speed = speed

    def _pause_label(self) -> str:
        runner = self.session.runner
        return tr("lab.resume") if runner is not None and runner.paused else tr("lab.pause")

    def train(self) -> None:
        """Start a run with the current set-up."""
        if not self.session.busy:
            self.session.start()

    def toggle_pause(self) -> None:
        """Pause or resume the run."""
        runner = self.session.runner
        if runner is None or not runner.running:
            return
        if runner.paused:
            runner.resume()
        else:
            runner.pause()

    def stop(self) -> None:
        """Stop the run, keeping what it learnt."""
        self.session.stop()

    def reset(self) -> None:
        """Start again from an empty network."""
        self.session.reset()
        self._knowledge_age = KNOWLEDGE_SECONDS

    def load(self) -> None:
        """Read the network saved for this board size in the data folder (a bad file is kept
        aside); Save and Load to and from any folder: :mod:`game.ui.scenes.lab_ntuple_files`."""
        self.app.notify(lab_ntuple_files.load_notice(self, self.session.load()))
        self._knowledge_age = KNOWLEDGE_SECONDS

    def knowledge_changed(self) -> None:
        """The network changed (loaded): the heat maps and patterns are read again."""
        self._knowledge = None
        self._knowledge_age = KNOWLEDGE_SECONDS

    def load_shipped(self) -> None:
        """Start from the network shipped with the app."""
        problem = self.session.load_shipped()
        # In the user's language, the count grouped ("100000 games" in a French notice).
        games = plural("ntuple.games_trained", self.session.player.games_trained,
                       games=grouped(self.session.player.games_trained))
        self.app.notify(tr("ntuple.shipped_loaded", what=problem or games))
        self._knowledge_age = KNOWLEDGE_SECONDS

    def close(self) -> None:
        """Back to the screen below (the run is stopped)."""
        self.app.pop(self)

    def on_close(self) -> None:
        self.session.stop()

    # -- frame ----------------------------------------------------------------------------------

    def _enable(self) -> None:
        busy = self.session.busy
        self.train_button.enabled = not busy
        self.pause_button.enabled = busy
        self.stop_button.enabled = busy
        for widget in (self.size_choice, self.games_choice, self.reset_button,
                       self.load_button, self.shipped_button):
            widget.enabled = not busy
        self.shipped_button.enabled = not busy and ships_network(self.session.size)

    def handle(self, event: pygame.event.Event) -> None:
        self._enable()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.session.busy:
                    self.stop()
                else:
                    self.close()
            elif event.key == pygame.K_SPACE:
                if self.session.busy:
                    self.toggle_pause()
                elif self.session.runner is not None:  # (a run ended: as the tabular lab)
                    self.app.notify(tr("lab.space_done"))
                else:
                    self.train()
            return
        for widget in self.active_widgets():
            if widget.handle(event):
                return

    def active_widgets(self) -> list[Widget]:
        """The widgets that take events (at large text, the page's)."""
        return (page_widgets(self) if is_compact(self)
                else [*self.setup, *self.buttons, *self.map_choice.widgets()])

    def animating(self) -> bool:
        """True while a run trains (its charts and counters move)."""
        runner = self.session.runner
        return self.session.busy and not (runner is not None and runner.paused)

    def update(self, dt: float) -> None:
        self._knowledge_age += dt
        stale = (self._knowledge is not None and not self.session.busy
                 and self._knowledge[2] != self.session.player.games_trained)
        if self._knowledge_age >= KNOWLEDGE_SECONDS or stale:
            self._knowledge_age = 0.0
            self._knowledge = self.session.knowledge()
        self._enable()

    def layout(self) -> None:
        """Place the panels and widgets for the current window size."""
        self.map_choice.single = False
        if is_compact(self):
            place_compact(self)
            return
        w, h = self.app.size
        m = self.app.metrics
        top = m.pad * 2 + m.heading
        self.left = pygame.Rect(m.pad, top, int(w * 0.3), h - top - m.pad)
        self.right = pygame.Rect(self.left.right + m.pad, top, w - self.left.right - 2 * m.pad,
                                 h - top - m.pad)
        inner = self.left.inflate(-2 * m.pad, -2 * m.pad)
        gap = max(2, m.pad // 2)
        # Seven set-up rows, paired buttons of one size and two wide ones, shorter at 200%.
        count = len(self.setup) + 5
        row = min(int(m.body * 1.9), (inner.height - gap * (count + 1)) // count)
        y = inner.top
        for widget in self.setup:
            widget.place(pygame.Rect(inner.left, y, inner.width, row), m.small)
            y += row + gap
        line_up_values([w for w in self.setup if isinstance(w, Stepper)])  # one −/+ column
        y += gap
        half = (inner.width - gap) // 2
        paired = [self.train_button, self.pause_button, self.stop_button, self.reset_button,
                  self.save_button, self.load_button]
        bpx = min(self._button_px(b, half, row, m) for b in paired)  # then as a button draws it:
        bpx = min(text.fit_px(b.label(), half - row // 3, bpx, True, bpx * 4 // 5) for b in paired)
        for a, b in zip(paired[::2], paired[1::2], strict=True):
            for button, x in ((a, inner.left), (b, inner.left + half + gap)):
                button.place(pygame.Rect(x, y, half, row), bpx)
            y += row + gap
        # "Start from the trained network" on two lines of the small size where one line
        # would shrink it (14 px at 1024x768, the readable size being 19), its row taller.
        tall = int(row * 1.5) if inner.bottom - y >= int(row * 2.5) + 2 * gap else row
        for button, height in ((self.shipped_button, tall), (self.back_button, row)):
            px = self._button_px(button, inner.width, height, m)
            if button is self.shipped_button and height > row:
                px = max(px, min(m.small, wrapped_px(button.label(), pygame.Rect(
                    0, 0, inner.width - height // 3, height - 4), m.small, px, bold=True)))
            button.place(pygame.Rect(inner.left, y, inner.width, height), px)
            y += height + gap
        body = self.right.inflate(-2 * m.pad, -2 * m.pad)
        self.progress_rect = pygame.Rect(body.left, body.top, body.width, int(m.small * 2.6))
        rest = pygame.Rect(body.left, self.progress_rect.bottom + m.pad, body.width,
                           body.bottom - self.progress_rect.bottom - m.pad)
        # The curves, the heat maps (numbers readable) and the patterns' strip: lab_ntuple_layout.
        shares = share_right(self, rest, [*OTHELLO_WEIGHTS[self.session.size],
                                          *(self._knowledge or ([],))[0]])
        self.chart_px = shares.chart_px
        self.chart_rect = pygame.Rect(rest.left, rest.top, rest.width, shares.chart_h)
        self.heat_rect = pygame.Rect(rest.left, self.chart_rect.bottom + m.pad, rest.width,
                                     shares.maps_h)
        self.strip_rect = pygame.Rect(rest.left, self.heat_rect.bottom + m.pad, rest.width,
                                      rest.bottom - self.heat_rect.bottom - m.pad)
        self.map_choice.place(pygame.Rect(rest.left, self.heat_rect.top, rest.width,
                                          int(m.small * 1.6)), m.small, m.pad)

    def _button_px(self, button: Button, width: int, height: int, m: widgets.Metrics) -> int:
        """The size of a button's text: the small size, shrunk to 80% of it rather than cut
        ("Enregistrer", "Entraîner" at the largest text size); Pause is sized for Resume too."""
        texts = [button.label()]
        if button is self.pause_button:
            texts = [tr("lab.pause"), tr("lab.resume")]
        room = width - height // 3 - 2  # the button's own margin
        return min(text.fit_px(t, room, m.small, True, int(m.small * 0.8)) for t in texts)

    def maps_heights(self, width: int, m: widgets.Metrics) -> tuple[int, int]:
        """How high the two heat maps side by side (or the one shown, under the buttons
        choosing it: its numbers then asked for at the readable size) are, their title and
        cells: at most, and enough to print their numbers at :func:`map_number_px`."""
        size, px, single = self.session.size, maps_px(m, self.app.size), self.map_choice.single
        half = width if single else (width - m.pad) // 2
        title_h = int(m.small * 1.6) + m.pad if single else self._map_title_height(half, m)
        rows = [str(size)] * size
        return (title_h + charts.heat_map_height(half, rows, size, px),
                title_h + charts.heat_map_height(half, rows, size, px, numbers_px=readable_px(
                    self.app.size) if single else map_number_px(self)))

    def _map_titles(self, width: int, px: int) -> tuple[str, str]:
        """The titles of the two heat maps (the second one while no game is watched); the
        first without its count of games where, with it, it would not fit ``width`` at ``px``
        (the progress line says the count)."""
        games = self._knowledge[2] if self._knowledge is not None else 0
        learnt = plural("ntuple.learnt", games, games=grouped(games))
        if text.size(learnt, px, True)[0] > width:
            learnt = tr("ntuple.learnt_plain")
        return learnt, tr("ntuple.seed_table")

    def _map_title_height(self, width: int, m: widgets.Metrics) -> int:
        """The height of the maps' titles: on two lines when one of them would be cut on one
        ("Learnt disc values (0 gam…" at the largest text size)."""
        least = int(m.small * 0.8)
        lines = max([1, *(min(2, len(text.wrap(t, width, least, True)))
                          for t in self._map_titles(width, least)
                          if text.size(t, least, True)[0] > width)])
        return lines * text.font(m.small, True).get_linesize() + m.small // 3

    def caption_height(self, width: int, m: widgets.Metrics) -> int:
        """The patterns' caption's height: one line or two, at 80% of the small size at
        least."""
        least = int(m.small * 0.8)
        lines = min(2, len(text.wrap(tr("ntuple.patterns"), width, least, True)))
        return lines * text.font(m.small, True).get_linesize()

    def strip_height(self, width: int, m: widgets.Metrics) -> int:
        """The patterns' strip: its caption (on two lines when one would be cut), the small
        boards (three rows of squares for the tallest tuple) and their weights."""
        caption_lines = len(text.wrap(tr("ntuple.patterns"), width, m.small, True))
        line_h = text.font(m.small, True).get_linesize()
        return line_h * min(2, caption_lines) + int(m.small * 3.6) + int(m.small * 1.3)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        theme = self.app.theme
        m = self.app.metrics
        mouse = pygame.mouse.get_pos()
        surface.fill(theme.background)
        if is_compact(self):
            text.blit_text(surface, self.title_text, self.title_px, theme.text,
                           (m.pad * 2, m.pad + self.header_h // 2), "midleft", bold=True)
        else:  # shrunk to fit rather than cut at the largest text size
            text.blit_text(surface, tr("ntuple.title"), m.heading, theme.text,
                           (m.pad, m.pad), bold=True, max_width=self.app.size[0] - 2 * m.pad,
                           min_px=int(m.small * 0.9))
        draw_panel(surface, self.left, theme, m.radius)
        draw_panel(surface, self.right, theme, m.radius)
        for widget in self.active_widgets():
            widget.draw(surface, theme, mouse)
        runner = self.session.runner
        progress = runner.progress() if runner is not None else None
        trained = self.session.player.games_trained
        line = progress_text(progress, trained)
        if runner is not None and runner.measuring:
            line = tr("ntuple.measuring")
        draw_progress(surface, self.progress_rect, progress,
                      [line, plural("lab.progress_games", trained, games=grouped(trained))]
                      if is_compact(self) else line, theme, m,
                      bar_share=0.15 if is_compact(self) else 0.45)
        self._draw_curves(surface, theme, m)
        self._draw_knowledge(surface, theme, m)
        draw_setup_help(self, surface, theme, m)

    def _draw_curves(self, surface: pygame.Surface, theme: Theme, m: widgets.Metrics) -> None:
        if self.chart_rect.height <= 0:  # on another page (large text)
            return
        points = self.session.curve_points()
        colours = (theme.legal, theme.accent, theme.hint)
        series = []
        for opponent, colour, label in zip(LAB_OPPONENTS, colours, curve_labels(), strict=True):
            xs = [float(p.games) for p in points if opponent in p.scores]
            series.append(charts.Series(label,
                                        [p.scores[opponent] for p in points
                                         if opponent in p.scores], colour, xs=xs))
        x_max = max(1, self.session.player.games_trained,
                    max((p.games for p in points), default=1))
        # Every word at the size the layout gave the chart the height for, the legend beside
        # the x label where both fit; no "Train to see" once it trains (QA19 22).
        charts.line_chart(surface, self.chart_rect, series, theme, self.chart_px,
                          title=tr("ntuple.curves"), x_label=tr("lab.chart.games"),
                          y_range=(0.0, 1.0), percent=True, x_max=x_max,
                          empty_text=tr("ntuple.first_curve" if self.session.busy
                                        else "ntuple.no_curve"),
                          small_px=self.chart_px, legend_by_x_label=True)

    def _draw_knowledge(self, surface: pygame.Surface, theme: Theme, m: widgets.Metrics) -> None:
        if self._knowledge is None:
            self._knowledge = self.session.knowledge()
        squares, patterns, _games = self._knowledge
        size = len(squares)
        maps = self.heat_rect
        if maps.height <= 0:  # the values are on another page (large text)
            draw_patterns(self, surface, self.strip_rect, patterns, size, theme, m)
            return
        half = (maps.width - m.pad) // 2
        sides = [pygame.Rect(maps.left, maps.top, half, maps.height),
                 pygame.Rect(maps.left + half + m.pad, maps.top, half, maps.height)]
        learnt_title, seed_title = self._map_titles(half, int(m.small * 0.8))
        title_h = self._map_title_height(half, m)
        shown = [self.map_choice.showing(name) for name in MAPS]
        if self.map_choice.single:  # one across, under the buttons choosing it (its title)
            below = self.map_choice.buttons[MAPS[0]].rect.bottom + m.pad
            sides = [pygame.Rect(maps.left, below, maps.width, maps.bottom - below)] * 2
            if self.map_choice.showing(PATTERNS):  # the third choice where no strip fits
                draw_patterns(self, surface, sides[0], patterns, size, theme, m)
        else:
            shown = [True, True]
            sides = [self._map_title(surface, side, title, title_h, theme, m)
                     for side, title in zip(sides, (learnt_title, seed_title), strict=True)]
        # The coordinates at the readable size; no "+" sign (the colour says it), so that
        # "100" and "−50" fit cells of a readable size; numbers that would be smaller than
        # that are left to the colours.
        px, readable = maps_px(m, self.app.size), map_number_px(self)
        labels = ([str(r + 1) for r in range(size)], [chr(ord("a") + c) for c in range(size)])
        runner = self.session.runner
        table = [[float(v) for v in row] for row in OTHELLO_WEIGHTS[size]]
        for values, side, drawn in zip((squares, table), sides, shown, strict=True):
            if drawn and values is table and runner is not None and runner.running and (
                    self.session.speed == "watch" and runner.current is not None):
                self._draw_live(surface, side, theme, m)
            elif drawn:
                charts.heat_map(surface, side, *labels, values, theme, px, fmt=signed_whole,
                                min_px=readable)
        draw_patterns(self, surface, self.strip_rect, patterns, size, theme, m)

    def _map_title(self, surface: pygame.Surface, rect: pygame.Rect, title: str, height: int,
                   theme: Theme, m: widgets.Metrics) -> pygame.Rect:
        """A heat map's title at the top of ``rect`` (on two lines where one would cut it);
        returns the room left below it for the map."""
        room = pygame.Rect(rect.left, rect.top, rect.width, height - m.small // 3)
        px = wrapped_px(title, room, m.small, int(m.small * 0.8), bold=True)
        text.blit_wrapped(surface, title, px, theme.text, room, bold=True, line_gap=0)
        return pygame.Rect(rect.left, rect.top + height, rect.width, rect.height - height)

    def _draw_live(self, surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
                   m: widgets.Metrics) -> None:
        from game.rules.registry import game_of
        from game.ui.boards import BoardContext, board_view_for

        runner = self.session.runner
        assert runner is not None and runner.current is not None
        state = runner.current
        if self._board_view is None:
            self._board_view = board_view_for(game_of(state).name, theme)
        pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.4), rect,
                         border_radius=m.radius)
        text.blit_text(surface, tr("lab.live", n=runner.done + 1), m.small, theme.text,
                       (rect.centerx, rect.top + m.pad // 2), "midtop", bold=True,
                       max_width=rect.width - m.pad)
        board = rect.inflate(-m.pad * 2, -m.pad * 2)
        board.top += m.small
        board.height -= m.small
        self._board_view.layout(board, state)
        self._board_view.draw(surface, state, BoardContext(theme=theme,
                                                           last_move=runner.current_move))
