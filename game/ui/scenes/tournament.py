"""The tournament: two or more AIs play many games; who is better, and how sure are we?

Left, the set-up: game and variant, the players (each with its parameters; add and remove),
games per pairing, seats swapped every game or not, and a seed so that a tournament can be
replayed exactly. Right, Start / Pause / Stop with a progress bar, then the results as they come
in: for two players the wins, draws and losses with percentages and the 95% Wilson interval, a
stacked bar, the cumulative-wins chart, the average game length and the thinking time per move;
for more players the round-robin cross-table and a ranking by points or by Elo (one at a time
with large text). Export writes CSV files and a PNG picture in a folder chosen in the lab's
folder browser (:mod:`tournament_export`).

The games run in an :class:`ai.training.TournamentRunner` thread; Stop keeps every finished game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ai.arena import MatchResult
from ai.registry import Param, PlayerSpecError
from ai.training import CrossTable, Standing, TournamentRunner
from game.rules.base import RulesError
from game.ui import text, widgets
from game.ui.i18n import tr
from game.ui.reasoning import plural
from game.ui.scenes.dialogs import ListPopup
from game.ui.scenes.help import TOURNAMENT_SHORTCUTS
from game.ui.scenes.lab_common import RunScene, RunTexts, draw_progress, progress_lines
from game.ui.scenes.players import seat_title
from game.ui.scenes.tournament_export import choose_export_folder, write_results
from game.ui.scenes.tournament_keys import handle_keys
from game.ui.scenes.tournament_model import (
    MAX_PLAYERS,
    TournamentResults,
    TournamentSetup,
    numbered,
)
from game.ui.scenes.tournament_notice import notice_area
from game.ui.scenes.tournament_pages import EXPORT_LABELS, RESULTS, SETUP, layout
from game.ui.scenes.tournament_results import draw_outdated_note, draw_results, outdated_note
from game.ui.scenes.tournament_setup_list import SetupList, row_step
from game.ui.scenes.tournament_setup_widgets import player_rows, setup_widgets
from game.ui.scenes.tournament_variant import BESIDE
from game.ui.scenes.tournament_views import rank_button_shown, view_button
from game.ui.widgets import Button, Choice, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

__all__ = ["MAX_PLAYERS", "TournamentScene"]

TEXTS = RunTexts(title="tour.title", subtitle="tour.subtitle", setup="tour.setup",
                 menu="tour.menu", pause="tour.pause", resume="tour.resume", stop="tour.stop",
                 failed="tour.failed")


class TournamentScene(RunScene[TournamentRunner]):
    """The tournament screen: the widgets of :class:`TournamentSetup`, the run, the results
    of :class:`TournamentResults` and their export."""

    shortcuts = TOURNAMENT_SHORTCUTS  #: What F1 lists (its keys, not the play screen's).

    def __init__(self, app: App) -> None:
        super().__init__(app, TEXTS)
        self.setup = TournamentSetup(app.settings.last_game)
        self.results = TournamentResults(setup=self.setup)
        #: How many columns the ranking was drawn in (one while its lines fit whole).
        self.rank_columns = 1
        #: The ranking's text size as last drawn (body size unless it has no room).
        self.rank_px = 0
        #: The text size of a duel's view as last drawn (large text: one view at a time).
        self.duel_px = 0
        self.exported: list[Path] = []
        #: The folder of the last export (the Export dialog opens there next time).
        self.export_folder: Path | None = None
        self._chart_key: Any = None
        self._chart_surface: pygame.Surface | None = None
        self.setup_widgets: list[Widget] = []
        self.player_rows: list[list[Widget]] = []
        #: The set-up rows, placed in slots and scrolled when they do not fit.
        self.setup_list = SetupList()
        #: The most parameters a player of this game has (rows are spaced for it).
        self.most_params = 0
        #: Slots taken by set-up rows beyond one each (a two-line variant name).
        self.extra_slots = 0
        self.variant_fit = BESIDE  # how the variant's names show (tournament_variant)
        #: Whether the set-up and the results have a page each, and which one shows.
        self.paged = False
        self.page = SETUP
        self.page_button = Button(  # names the page it opens
            lambda: tr("tour.results") if self.page == SETUP else tr("tour.setup"),
            self.toggle_page)
        self.start_button = Button(lambda: tr("tour.start"), self.start, primary=True)
        self.add_button = Button(lambda: tr("tour.add"), self.add_player)
        self.rank_button = Button(  # what it does (not "Rank by points" while by points)
            lambda: tr("tour.rank_points") if self.rank_by_elo else tr("tour.rank_elo"),
            self.toggle_rank)
        self.view_button = view_button(lambda: self.results)  # table or ranking (large text)
        self.export_short = 0  # the export button's label: which of EXPORT_LABELS
        self.export_button = Button(lambda: tr(EXPORT_LABELS[self.export_short]),
                                    lambda: choose_export_folder(self), primary=True)
        self.rebuild()

    # -- the model, as the run, the results view and the tests read it -------------------------

    @property
    def game(self) -> str:  # type: ignore[override]  # read-only: set_game keeps the line-up
        """The game of the set-up."""
        return self.setup.game

    @property
    def options(self) -> Any:
        """The options of the set-up's variant."""
        return self.setup.options

    @property
    def games(self) -> int:
        """Games per pairing."""
        return self.setup.games

    @games.setter
    def games(self, value: int) -> None:
        self.setup.games = value

    @property
    def specs(self) -> list[str]:
        """The players of the set-up, as canonical specs."""
        return self.setup.specs

    @property
    def names(self) -> list[str]:
        """The names of the players of the last run."""
        return self.results.names

    @property
    def matches(self) -> list[tuple[int, int, MatchResult]]:
        """The matches of the last run so far."""
        return self.results.matches

    @property
    def table(self) -> CrossTable | None:
        """The cross-table of the last run so far."""
        return self.results.table

    @property
    def rank_by_elo(self) -> bool:
        """Whether the ranking is by Elo (else by points)."""
        return self.results.rank_by_elo

    @property
    def setup_scroll(self) -> int:
        """How many set-up slots are scrolled out of sight at the top."""
        return self.setup_list.scroll

    def presets(self) -> tuple[Any, ...]:
        """The variants the tournament offers for the game."""
        return self.setup.presets()

    def ranking(self) -> list[Standing]:
        """The standings, by points (then Elo) or by Elo."""
        return self.results.ranking()

    # -- set-up ---------------------------------------------------------------------------------

    def set_game(self, game: Any) -> None:
        """Choose the game and its first variant (players who cannot play it are replaced)."""
        if not self.running and self.setup.set_game(str(game)):
            self.rebuild()

    def set_variant(self, index: Any) -> None:
        """Choose a variant; players that cannot play it are replaced."""
        if not self.running:
            self.setup.set_variant(int(index))
            self.rebuild()

    def add_player(self) -> None:
        """Add a player (a random player, to be changed) up to MAX_PLAYERS."""
        if not self.running and self.setup.add_player():
            self.rebuild()

    def remove_player(self, index: int) -> None:
        """Remove a player (two at least stay)."""
        if not self.running and self.setup.remove_player(index):
            self.rebuild()

    def set_player(self, index: int, name: Any) -> None:
        """Put another kind of player at ``index`` (with its default parameters); say why
        when it cannot play this game."""
        if self.running:
            return
        try:
            self.setup.set_player(index, str(name))
        except PlayerSpecError as exc:
            self.app.notify(str(exc))
            return
        self.rebuild()

    def set_param(self, index: int, param: Param, value: float) -> None:
        """Change one parameter of player ``index``."""
        if not self.running:
            self.setup.set_param(index, param, value)

    def param_value(self, index: int, param: Param) -> float:
        """The current value of a player's parameter."""
        return self.setup.param_value(index, param)

    def rebuild(self) -> None:
        """Recreate the set-up widgets (see :mod:`tournament_setup_widgets`)."""
        self.most_params = self.setup.most_params()
        self.setup_widgets = setup_widgets(self)
        self.player_rows = player_rows(self)

    def set_games(self, value: float) -> None:
        """Games per pair (not while a tournament runs)."""
        self._set_games(value)

    def set_swap(self, on: bool) -> None:
        if not self.running:
            self.setup.swap = on

    def set_seed(self, value: float) -> None:
        """The number the players' random choices are drawn from; what it does is said as it
        changes ("Seed" was a developer's word, and a class did not know what it was)."""
        if not self.running:
            self.setup.seed = int(value)
            self.say_seed()

    def say_seed(self) -> None:
        """Say what the chance number does, with its value."""
        self.app.notify(tr("tour.seed_said", n=self.setup.seed))

    def toggle_rank(self) -> None:
        """Rank by points or by Elo."""
        self.results.rank_by_elo = not self.results.rank_by_elo
        self._chart_key = None

    # -- running --------------------------------------------------------------------------------

    def start(self) -> None:
        """Build the players and start the round robin."""
        if self.running:
            return
        if len(self.specs) < 2:
            self.app.notify(tr("tour.need_two"))
            return
        try:
            players = self.setup.make_players()
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.app.notify(str(exc))
            return
        self.runner = TournamentRunner(players, self.new_game(), self.games,
                                       swap=self.setup.swap)
        self.results = TournamentResults(self.display_names(), self.specs, self.setup)
        self.exported = []
        self._chart_key = None
        self.runner.start()
        self.page = RESULTS
        self.app.play_sound("click")

    def display_names(self) -> list[str]:
        """Each player's title with its main parameter (numbered when two are the same)."""
        return numbered([seat_title(spec, self.setup.setup) for spec in self.specs])

    def animating(self) -> bool:
        """True while games are being played (the charts move)."""
        runner = self.runner
        return runner is not None and not runner.finished and not runner.paused

    def update(self, dt: float) -> None:
        runner = self.runner
        if runner is None:
            return
        self.results.update(runner.matches())
        progress = runner.progress()
        if self.ended_now(progress):
            if self.results_shown() and not progress.error:
                # The progress line says it (see ``draw``): a notice over that line for three
                # seconds hid what it reported (QA13 25).
                self.app.play_sound("end")
                return
            key = "tour.stopped" if progress.stopped else "tour.finished"
            self.announce_end(progress, plural(key, progress.done, done=progress.done))

    def results_shown(self) -> bool:
        """Whether the results and the progress line above them are on the screen."""
        return not self.paged or self.page == RESULTS

    # -- export ---------------------------------------------------------------------------------

    def export(self, folder: Path | str) -> list[Path]:
        """Write the games CSV, the standings CSV and the results PNG into ``folder``
        (ExportError says why not); Export asks for the folder first (see
        :mod:`tournament_export`)."""
        return write_results(self, Path(folder))

    # -- frame ----------------------------------------------------------------------------------

    def all_widgets(self) -> list[Widget]:
        """Every widget, in event order."""
        rows = [w for row in self.player_rows for w in row]
        return [self.menu_button, *self.setup_widgets, *rows, self.add_button,
                self.start_button, self.pause_button, self.stop_button, self.page_button,
                self.rank_button,
                self.view_button, self.export_button]

    def _enable(self) -> None:
        busy = self.running
        for w in [*self.setup_widgets, *[w for row in self.player_rows for w in row],
                  self.add_button]:
            w.enabled = not busy
        for row in self.player_rows:
            row[1].enabled = not busy and len(self.specs) > 2
        self.add_button.enabled = not busy and len(self.specs) < MAX_PLAYERS
        self.start_button.enabled = not busy
        self.pause_button.enabled = busy
        self.stop_button.enabled = busy
        self.export_button.enabled = not busy and bool(self.matches)
        self.rank_button.visible = rank_button_shown(self) and not (self.paged
                                                                     and self.page == SETUP)

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        self._enable()
        setup_shown = not (self.paged and self.page == RESULTS)
        if handle_keys(self, event, setup_shown):
            return
        if (event.type == pygame.MOUSEWHEEL and setup_shown
                and self.panels["setup"].collidepoint(widgets.mouse())):
            self.scroll_setup(-int(event.y))
            return
        widgets.handle_all(self.all_widgets(), event)

    def layout(self) -> None:
        """Place the panels and widgets for the window size (see tournament_pages)."""
        layout(self)

    def setup_list_widgets(self) -> list[Widget]:
        """The widgets of the set-up list, in order: set-up, players, "Add a player"."""
        return [*self.setup_widgets, *(w for row in self.player_rows for w in row),
                self.add_button]

    def toggle_page(self) -> None:
        """Show the other page (when the set-up has a page of its own)."""
        self.page = RESULTS if self.page == SETUP else SETUP

    def notice_area(self) -> pygame.Rect | None:
        """Notices ("Tournament finished") over the progress line, never over a button."""
        return notice_area(self)

    def results_body(self) -> pygame.Rect:
        """Where the results are drawn inside their panel."""
        pad = self.app.metrics.pad
        body = self.panels["results"].inflate(-pad * 4, -pad * 3)
        note_h = outdated_note(self, body.width)[2]  # the last run's, once the set-up changed
        return pygame.Rect(body.left, body.top + note_h, body.width, body.height - note_h)

    def progress_width(self) -> int:
        """The width the progress line needs for the games planned (at its smallest size), so
        that it goes on its own row rather than being cut beside the buttons."""
        most = f"{self.games:,}".replace(",", "\u202f")
        rate = "88\u202f888"  # games per second: thousands for quick players
        lines = [tr("lab.progress", done=most, planned=most, rate=rate,
                    left=tr("lab.seconds", n="59")),
                 tr("lab.progress_done", done=most, seconds="99.9", rate=rate)]
        px = max(text.MIN_PX, int(self.app.metrics.small * 0.8))
        return max(text.size(line, px)[0] for line in lines)

    def open_variants(self, choice: Choice) -> None:
        """The variants as a list titled "Variant" (the chooser may show no label)."""
        items = [(value, label(), "") for value, label in choice.items]
        self.app.push(ListPopup(self.app, tr("lab.variant"), items, choice.get(), choice.set))

    def variant_label(self) -> str:
        """The variant chooser's label: none when the game's variant names need the whole
        width (its popup still says "Variant")."""
        return "" if self.variant_fit != BESIDE else tr("lab.variant")

    def row_step(self, height: int) -> int:
        """The height of a set-up row in a list ``height`` pixels tall.

        Rows are spaced as if every player had as many parameters as the most configurable
        player of this game, never below a readable height: the step depends on the number of
        players, not on their parameters, so choosing a player with more parameters only pushes
        the rows below it down and never moves the rows under the pointer. Rows that do not fit
        scroll (mouse wheel).
        """
        slots = (len(self.setup_widgets) + self.extra_slots
                 + len(self.specs) * (1 + self.most_params) + 1)
        return row_step(self.app.metrics, height, slots)

    def scroll_setup(self, rows: int) -> None:
        """Scroll the set-up list by ``rows`` (positive: down), within its ends."""
        self.setup_list.scroll_by(rows)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self._enable()
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        shows = {SETUP, RESULTS} if not self.paged else {self.page}
        setup = self.draw_frame(surface)
        # The players' count on the title's line when it fits beside it ("Réglages" and
        # "4 joueurs" were drawn over each other at the largest text size); the rows'
        # numbers count the players anyway.
        count = tr("tour.players_count", n=len(self.specs))
        title_w = text.size(tr(self.texts.setup), m.heading, True)[0]
        if (SETUP in shows and self.setup_heading
                and title_w + text.size(count, m.small)[0] + pad * 6 <= setup.width):
            text.blit_text(surface, count, m.small, theme.text_muted,
                           (setup.right - pad * 2, setup.top + pad + m.heading // 3), "topright")
        if RESULTS in shows:
            progress = self.runner.progress() if self.runner is not None else None
            # The first of its forms that fits (the Export button may share its row).
            line = ([tr("tour.progress_idle")] if progress is None
                    else progress_lines(progress, progress.done))
            if progress is not None and progress.finished and not progress.stopped:
                # The end said where the class reads the count, in place of a notice; each
                # form with it first (with "games/s" the long form no longer fitted at 200%
                # of 1024x768, and the end went unsaid, QA19 17).
                line = [*(tr("tour.finished_line", line=each) for each in line), *line]
            draw_progress(surface, self.panels["progress"], progress, line, theme, m)
            draw_panel(surface, self.panels["results"], theme, m.radius)
            body = self.results_body()
            draw_outdated_note(self, surface, self.panels["results"].inflate(-pad * 4,
                                                                            -pad * 3))
            draw_results(self, surface, body, m.body)
        widgets.draw_all(self.all_widgets(), surface, theme)
        if SETUP in shows:
            self.setup_list.draw_scroll_bar(surface, theme, pad)
