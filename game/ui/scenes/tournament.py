"""The tournament: two or more AIs play many games; who is better, and how sure are we?

Left, the set-up: game and variant, the players (each with its parameters; add and remove),
games per pairing, seats swapped every game or not, and a seed so that a tournament can be
replayed exactly. Right, Start / Pause / Stop with a progress bar, then the results as they come
in: for two players the wins, draws and losses with percentages and the 95% Wilson interval, a
stacked bar, the cumulative-wins chart, the average game length and the thinking time per move;
for more players the round-robin cross-table and a ranking by points or by Elo. At the bottom,
the results are exported as CSV and the charts as PNG into a folder the user can type (the
Documents or home folder by default), and a message says where the files went.

The games run in an :class:`ai.training.TournamentRunner` thread; Stop keeps every finished game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ai.arena import MatchResult
from ai.registry import (
    Param,
    PlayerSpecError,
    make_player,
    players_for,
    resolve_spec,
)
from ai.training import (
    CrossTable,
    TournamentRunner,
    cross_table,
    seeded,
    wilson_interval,
)
from game.rules.base import RulesError
from game.rules.registry import GameSetup, game_names, get_game
from game.ui import charts, text, widgets
from game.ui.export import (
    ExportError,
    check_folder,
    default_folder,
    timestamped,
    write_csv,
    write_picture,
)
from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup
from game.ui.scenes.lab_common import (
    RunScene,
    RunTexts,
    align_choices,
    draw_progress,
    game_items,
    param_stepper,
    player_items,
    progress_text,
    variant_items,
)
from game.ui.scenes.players import LadderStepper, seat_title
from game.ui.scenes.text_field import TextField
from game.ui.scenes.tournament_results import draw_results
from game.ui.widgets import Button, Choice, Stepper, Toggle, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

MAX_PLAYERS = 6
GAME_COUNTS = (2, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000)
LABEL_WIDTH = 0.36
TEXTS = RunTexts(title="tour.title", subtitle="tour.subtitle", setup="tour.setup",
                 menu="tour.menu", pause="tour.pause", resume="tour.resume", stop="tour.stop",
                 failed="tour.failed")


class TournamentScene(RunScene[TournamentRunner]):
    """The tournament screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app, TEXTS)
        names = game_names()
        self.game = app.settings.last_game if app.settings.last_game in names else names[0]
        self.variant = 0
        self.options: Any = self.presets()[0]
        self.specs: list[str] = []
        #: How many columns the ranking was drawn in (one while its lines fit whole).
        self.rank_columns = 1
        self._default_players()
        self.games = 100
        self.swap = True
        self.seed = 1
        self.rank_by_elo = False
        self.names: list[str] = []
        # The specs of the players in the results (the set-up may change after a run).
        self.played_specs: list[str] = []
        self.matches: list[tuple[int, int, MatchResult]] = []
        self.table: CrossTable | None = None
        self.exported: list[Path] = []
        self._chart_key: Any = None
        self._chart_surface: pygame.Surface | None = None
        self.setup_widgets: list[Widget] = []
        self.player_rows: list[list[Widget]] = []
        #: The most parameters a player of this game has (rows are spaced for it).
        self.most_params = 0
        #: Slots taken by set-up rows beyond one each (a two-line variant name).
        self.extra_slots = 0
        #: How many set-up rows are scrolled out of sight at the top (when they do not fit).
        self.setup_scroll = 0
        #: The set-up rows that fit in the panel, and how many there are (for the scroll bar).
        self.setup_rows_shown = 0
        self.setup_rows_total = 0
        self.start_button = Button(lambda: tr("tour.start"), self.start, primary=True)
        self.add_button = Button(lambda: tr("tour.add"), self.add_player)
        self.rank_button = Button(
            lambda: tr("tour.rank_elo") if self.rank_by_elo else tr("tour.rank_points"),
            self.toggle_rank)
        self.folder = TextField(lambda: tr("tour.folder"), str(default_folder()))
        self.export_button = Button(lambda: tr("tour.export"), self.export_clicked, primary=True)
        self.rebuild()

    # -- set-up ---------------------------------------------------------------------------------

    def presets(self) -> tuple[Any, ...]:
        """The variants the tournament offers for the game (its default options at least)."""
        info = get_game(self.game)
        return info.tournament_presets or (info.options(),)

    def _default_players(self) -> None:
        available = {p.name for p in players_for(self.game, self.options)}
        wanted = [s for s in get_game(self.game).tournament_players if s in available]
        for name in ("random", "greedy"):
            if len(wanted) < 2 and name in available and name not in wanted:
                wanted.append(name)
        self.specs = [self._canonical(s) for s in wanted]

    def _canonical(self, spec: str) -> str:
        info, values = resolve_spec(spec, self.game, self.options)
        return info.canonical_spec(values)

    def set_game(self, game: Any) -> None:
        """Choose the game and its first variant; each player who can play it stays (with its
        parameters when they still apply), the others are replaced by the seeds' usual
        line-up."""
        if self.running or game == self.game:
            return
        old_specs = list(self.specs)
        self.game = str(game)
        self.variant = 0
        self.options = self.presets()[0]
        self._default_players()
        defaults = self.specs
        self.specs = [self._kept(spec, defaults[i] if i < len(defaults) else "random")
                      for i, spec in enumerate(old_specs)]
        self.rebuild()

    def _kept(self, spec: str, fallback: str) -> str:
        """``spec`` for the current game (its default parameters when its own do not apply),
        or ``fallback`` when that player cannot play it."""
        for candidate in (spec, spec.split(":", 1)[0]):
            try:
                return self._canonical(candidate)
            except PlayerSpecError:
                continue
        return self._canonical(fallback)

    def set_variant(self, index: Any) -> None:
        """Choose a variant; players that cannot play it are replaced."""
        if self.running:
            return
        self.variant = int(index)
        self.options = self.presets()[self.variant]
        kept = []
        for spec in self.specs:
            try:
                kept.append(self._canonical(spec))
            except PlayerSpecError:
                kept.append(self._canonical("random"))
        self.specs = kept
        self.rebuild()

    def add_player(self) -> None:
        """Add a player (a random player, to be changed) up to MAX_PLAYERS."""
        if self.running or len(self.specs) >= MAX_PLAYERS:
            return
        self.specs.append(self._canonical("random"))
        self.rebuild()

    def remove_player(self, index: int) -> None:
        """Remove a player (two at least stay)."""
        if self.running or len(self.specs) <= 2:
            return
        del self.specs[index]
        self.rebuild()

    def set_player(self, index: int, name: Any) -> None:
        """Put another kind of player at ``index`` (with its default parameters)."""
        if self.running:
            return
        try:
            self.specs[index] = self._canonical(str(name))
        except PlayerSpecError as exc:
            self.app.notify(str(exc))
            return
        self.rebuild()

    def set_param(self, index: int, param: Param, value: float) -> None:
        """Change one parameter of player ``index``."""
        if self.running:
            return
        info, values = resolve_spec(self.specs[index], self.game, self.options)
        values[param.name] = round(value) if param.kind is int else value
        self.specs[index] = info.canonical_spec(values)

    def param_value(self, index: int, param: Param) -> float:
        """The current value of a player's parameter."""
        try:
            _info, values = resolve_spec(self.specs[index], self.game, self.options)
        except PlayerSpecError:
            return float(param.default)
        return float(values[param.name])

    def rebuild(self) -> None:
        """Recreate the set-up widgets."""
        self.setup_widgets = [
            Choice(lambda: tr("lab.game"), game_items(), lambda: self.game, self.set_game,
                   self.open_choice, label_width=LABEL_WIDTH),
            Choice(self._variant_label, variant_items(self.game, self.presets()),
                   lambda: self.variant, self.set_variant, self._open_variants,
                   label_width=LABEL_WIDTH),
            LadderStepper(lambda: tr("tour.games"), lambda: float(self.games), self._set_games,
                          [float(g) for g in GAME_COUNTS], charts.format_number),
            Toggle(lambda: tr("tour.swap"), lambda: self.swap, self._set_swap),
            Stepper(lambda: tr("tour.seed"), lambda: float(self.seed), self._set_seed, 0, 999),
        ]
        items = player_items(self.game, self.options)
        self.most_params = max((len(p.params) for p in players_for(self.game, self.options)),
                               default=0)
        self.player_rows = [self._player_row(index, spec, items)
                            for index, spec in enumerate(self.specs)]

    def _player_row(self, index: int, spec: str,
                    items: list[tuple[Any, Callable[[], str]]]) -> list[Widget]:
        """The widgets of player ``index``: its chooser, a remove button, its parameters."""
        name = spec.split(":", 1)[0]

        def number() -> str:
            return f"{index + 1}."

        def choose(value: Any) -> None:
            self.set_player(index, value)

        def remove() -> None:
            self.remove_player(index)

        row: list[Widget] = [
            Choice(number, items, lambda: name, choose, self.open_choice, label_width=0.1),
            Button(lambda: tr("tour.remove"), remove, danger=True),
        ]
        try:
            # The player as it plays this game: its game-dependent choices (eval=) filled in.
            params = resolve_spec(spec, self.game, self.options)[0].params
        except PlayerSpecError:
            params = ()
        for param in params:
            row.append(self._param_stepper(index, param))
        return row

    def _param_stepper(self, index: int, param: Param) -> Widget:
        def get() -> float:
            return self.param_value(index, param)

        def set_(value: float) -> None:
            self.set_param(index, param, value)

        return param_stepper(param, get, set_)

    def _set_swap(self, on: bool) -> None:
        if not self.running:
            self.swap = on

    def _set_seed(self, value: float) -> None:
        if not self.running:
            self.seed = int(value)

    def toggle_rank(self) -> None:
        """Rank by points or by Elo."""
        self.rank_by_elo = not self.rank_by_elo
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
            players = [make_player(spec, self.game, self.options, seeded(self.seed, i))
                       for i, spec in enumerate(self.specs)]
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.app.notify(str(exc))
            return
        self.runner = TournamentRunner(players, self.new_game(), self.games, swap=self.swap)
        self.names = self.display_names()
        self.played_specs = list(self.specs)
        self.matches = []
        self.table = None
        self.exported = []
        self._chart_key = None
        self.runner.start()
        self.app.play_sound("click")

    def display_names(self) -> list[str]:
        """Each player's title with its main parameter (numbered when two are the same)."""
        names = [seat_title(spec, GameSetup.of(self.game, self.options)) for spec in self.specs]
        seen: dict[str, int] = {}
        out = []
        for name in names:
            seen[name] = seen.get(name, 0) + 1
            out.append(name if names.count(name) == 1 else f"{name} #{seen[name]}")
        return out

    def redraw_period(self) -> float | None:
        """The folder field's caret blinks while it has the keyboard."""
        return self.folder.redraw_period()

    def animating(self) -> bool:
        """True while games are being played (the charts move)."""
        runner = self.runner
        return runner is not None and not runner.finished and not runner.paused

    def update(self, dt: float) -> None:
        runner = self.runner
        if runner is None:
            return
        self.matches = runner.matches()
        self.table = cross_table(self.names, self.matches)
        progress = runner.progress()
        if self.ended_now(progress):
            key = "tour.stopped" if progress.stopped else "tour.finished"
            self.announce_end(progress, tr(key, done=progress.done))

    # -- export ---------------------------------------------------------------------------------

    def games_rows(self) -> list[tuple[object, ...]]:
        """One CSV row per game: pairing, game number, players, who moved first, result,
        length in moves."""
        rows: list[tuple[object, ...]] = []
        for i, j, m in self.matches:
            for g, result in enumerate(m.results):
                winner = (self.names[i] if result == "p1" else
                          self.names[j] if result == "p2" else "draw")
                first = self.names[i] if m.first[g] == "p1" else self.names[j]
                rows.append((f"{i + 1}-{j + 1}", g + 1, self.names[i], self.names[j], first,
                             winner, m.moves[g]))
        return rows

    def standings_rows(self) -> list[tuple[object, ...]]:
        """One CSV row per player: rank, name, spec, games, wins, draws, losses, points, score
        share with its 95% interval, Elo."""
        if self.table is None:
            return []
        rows: list[tuple[object, ...]] = []
        for rank, s in enumerate(self.ranking(), 1):
            lo, hi = wilson_interval(s.points, s.games)
            rows.append((rank, s.name, self.played_specs[s.index], s.games, s.wins, s.draws,
                         s.losses, s.points, f"{s.score:.4f}", f"{lo:.4f}", f"{hi:.4f}",
                         f"{s.elo:.0f}"))
        return rows

    def export(self, folder_text: str) -> list[Path]:
        """Write the games CSV, the standings CSV and the results PNG into the folder."""
        if not self.matches or not any(m.games for _i, _j, m in self.matches):
            raise ExportError(tr("tour.nothing"))
        folder = check_folder(folder_text)
        stem = timestamped(f"tournament-{self.game}")
        games_csv = write_csv(folder, f"{stem}-games",
                              ("pairing", "game", "player_1", "player_2", "first", "winner",
                               "moves"), self.games_rows())
        standings_csv = write_csv(folder, f"{stem}-standings",
                                  ("rank", "name", "spec", "games", "wins", "draws", "losses",
                                   "points", "score", "score_ci95_low", "score_ci95_high",
                                   "elo"), self.standings_rows())
        # A duel's chart stretches to any height: a lower canvas keeps its picture compact.
        size = (1600, 700 if len(self.names) == 2 else 900)
        png = write_picture(folder, stem, size, lambda surface, area, theme: draw_results(
            self, surface, area, 26, titled=True, theme=theme))
        return [games_csv, standings_csv, png]

    def export_clicked(self) -> None:
        """Export, then say where the files went (or why they could not be written)."""
        try:
            paths = self.export(self.folder.value)
        except ExportError as exc:
            self.show_message(tr("tour.export_failed"), str(exc))
            return
        self.exported = paths
        self.show_message(tr("tour.exported_title"),
                          tr("tour.exported", folder=str(paths[0].parent),
                             csv="\n".join(p.name for p in paths[:-1]), png=paths[-1].name))

    # -- results --------------------------------------------------------------------------------

    def ranking(self) -> list[Any]:
        """The standings, by points (then Elo) or by Elo."""
        if self.table is None:
            return []
        rows = self.table.standings()
        if self.rank_by_elo:
            rows.sort(key=lambda s: (-s.elo, s.index))
        return rows

    # -- frame ----------------------------------------------------------------------------------

    def all_widgets(self) -> list[Widget]:
        """Every widget, in event order (the folder field first: it takes the keys)."""
        rows = [w for row in self.player_rows for w in row]
        return [self.folder, self.menu_button, *self.setup_widgets, *rows, self.add_button,
                self.start_button, self.pause_button, self.stop_button, self.rank_button,
                self.export_button]

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
        self.rank_button.visible = len(self.names) > 2 and bool(self.matches)

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        self._enable()
        if self.folder.handle(event) or self.handle_run_keys(event, self.start):
            return
        if (event.type == pygame.MOUSEWHEEL
                and self.panels["setup"].collidepoint(widgets.mouse())):
            self.scroll_setup(-int(event.y))
            return
        widgets.handle_all(self.all_widgets()[1:], event)

    def layout(self) -> None:
        """Place the panels and widgets for the window size."""
        m = self.app.metrics
        pad = m.pad
        left, right, bh = self.frame_layout(0.34)
        inner = pygame.Rect(left.left + pad * 2, left.top + pad + int(m.heading * 1.4),
                            left.width - pad * 4, left.height - pad * 2 - int(m.heading * 1.4))
        # Each row: its widgets, its indent (a share of the width) and how many slots it takes.
        variant_span = 2 if self._variant_needs_two_lines(inner.width) else 1
        rows: list[tuple[list[Widget], float, int]] = [
            ([wdg], 0.0, variant_span if wdg is self.setup_widgets[1] else 1)
            for wdg in self.setup_widgets]
        for row in self.player_rows:
            rows.append((row[:2], 0.0, 1))
            rows += [([p], 0.08, 1) for p in row[2:]]
        rows.append(([self.add_button], 0.0, 1))
        self.extra_slots = sum(span for _i, _x, span in rows) - len(rows)
        step = self._row_step(inner.height)
        px = m.body if step >= m.body * 1.7 else m.small
        shown = max(1, inner.height // step)
        total = len(rows) + self.extra_slots
        self.setup_rows_shown, self.setup_rows_total = shown, total
        self.setup_scroll = max(0, min(self.setup_scroll, total - shown))
        slot = -self.setup_scroll
        for items, indent, span in rows:
            for item in items:
                item.visible = slot >= 0 and slot + span <= shown
            y = inner.top + slot * step
            slot += span
            x0 = inner.left + int(inner.width * indent)
            width = inner.right - x0
            height = step * span - max(2, pad // 2)
            if len(items) == 2:
                x_w = height + pad
                items[0].place(pygame.Rect(x0, y, width - x_w, height), px)
                items[1].place(pygame.Rect(inner.right - height, y, height, height), px)
            elif items[0] is self.add_button:
                bw = min(width, text.size(tr("tour.add"), px, True)[0] + height)
                items[0].place(pygame.Rect(x0, y, bw, height), px)
            else:
                items[0].place(pygame.Rect(x0, y, width, height), px)
        self.panels["setup_rows"] = inner
        align_choices([w for w in self.setup_widgets if isinstance(w, Choice)])
        controls_h = self.place_controls(right, bh, (
            (self.start_button, ("tour.start",)),
            (self.pause_button, ("tour.pause", "tour.resume")),
            (self.stop_button, ("tour.stop",))), self._progress_width())
        # Export row at the bottom, results in between.
        ey = right.bottom - bh
        ew = text.size(tr("tour.export"), m.body, True)[0] + bh
        self.export_button.place(pygame.Rect(right.right - ew, ey, ew, bh), m.body)
        self.folder.place(pygame.Rect(right.left, ey, right.width - ew - pad * 2, bh), m.body)
        results_top = right.top + controls_h + pad * 2
        self.panels["results"] = pygame.Rect(right.left, results_top, right.width,
                                             ey - pad * 2 - results_top)
        res = self.panels["results"]
        rw = text.size(tr("tour.rank_points"), m.small, True)[0] + bh
        self.rank_button.place(pygame.Rect(res.right - pad - rw, res.top + pad, rw,
                                           int(m.small * 1.9)), m.small)

    def _progress_width(self) -> int:
        """The width the progress line needs for the games planned (at its smallest size), so
        that it goes on its own row rather than being cut beside the buttons."""
        most = f"{self.games:,}".replace(",", "\u202f")
        rate = "88\u202f888"  # games per second: thousands for quick players
        lines = [tr("lab.progress", done=most, planned=most, rate=rate,
                    left=tr("lab.seconds", n="59")),
                 tr("lab.progress_done", done=most, seconds="99.9", rate=rate)]
        px = max(text.MIN_PX, int(self.app.metrics.small * 0.8))
        return max(text.size(line, px)[0] for line in lines)

    def _open_variants(self, choice: Choice) -> None:
        """The variants as a list titled "Variant" (the chooser may show no label)."""
        items = [(value, label(), "") for value, label in choice.items]
        self.app.push(ListPopup(self.app, tr("lab.variant"), items, choice.get(), choice.set))

    def _variant_label(self) -> str:
        """The variant chooser's label: none when the chooser takes the whole width for a long
        variant name (its popup still says "Variant")."""
        return "" if self.extra_slots else tr("lab.variant")

    def _variant_needs_two_lines(self, width: int) -> bool:
        """Whether some variant of the game is too long a name for one line of the variant
        chooser beside its label (Nim's at 1024x768): the chooser then takes the whole width
        and two slots, so its value can wrap on two lines, whichever variant is chosen (rows do
        not move when the variant changes)."""
        m = self.app.metrics
        labels = (tr("lab.game"), tr("lab.variant"))
        label_w = max(text.size(label, m.body)[0] for label in labels) + m.body
        room = width - label_w - 2 * int(m.body * 2.0 * 0.75)
        return any(text.size(label(), int(m.body * 0.9), True)[0] > room
                   for _v, label in variant_items(self.game, self.presets()))

    def _row_step(self, height: int) -> int:
        """The height of a set-up row in a list ``height`` pixels tall.

        Rows are spaced as if every player had as many parameters as the most configurable
        player of this game, never below a readable height: the step depends on the number of
        players, not on their parameters, so choosing a player with more parameters only pushes
        the rows below it down and never moves the rows under the pointer. Rows that do not fit
        scroll (mouse wheel).
        """
        m = self.app.metrics
        reserved = (len(self.setup_widgets) + self.extra_slots
                    + len(self.specs) * (1 + self.most_params) + 1)
        return max(int(m.small * 1.9), min(int(m.body * 2.0), height // max(1, reserved)))

    def scroll_setup(self, rows: int) -> None:
        """Scroll the set-up list by ``rows`` (positive: down), within its ends."""
        self.setup_scroll = max(0, min(self.setup_scroll + rows,
                                       self.setup_rows_total - self.setup_rows_shown))

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """A thin bar at the set-up list's right edge when some rows are out of sight: how
        much of the list shows, and where."""
        total, shown = self.setup_rows_total, self.setup_rows_shown
        if total <= shown:
            return
        theme = self.app.theme
        pad = self.app.metrics.pad
        area = self.panels["setup_rows"]
        track = pygame.Rect(area.right + pad // 2, area.top, max(3, pad // 3), area.height)
        pygame.draw.rect(surface, theme.panel_border, track, border_radius=track.width // 2)
        thumb = pygame.Rect(track.left, track.top + track.height * self.setup_scroll // total,
                            track.width, max(track.width, track.height * shown // total))
        pygame.draw.rect(surface, theme.accent, thumb, border_radius=track.width // 2)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self._enable()
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        setup = self.draw_frame(surface)
        text.blit_text(surface, tr("tour.players_count", n=len(self.specs)), m.small,
                       theme.text_muted,
                       (setup.right - pad * 2, setup.top + pad + m.heading // 3), "topright")
        progress = self.runner.progress() if self.runner is not None else None
        line = (tr("tour.progress_idle") if progress is None
                else progress_text(progress, progress.done))
        draw_progress(surface, self.panels["progress"], progress, line, theme, m)
        res = self.panels["results"]
        draw_panel(surface, res, theme, m.radius)
        draw_results(self, surface, res.inflate(-pad * 4, -pad * 4), m.body)
        widgets.draw_all(self.all_widgets(), surface, theme)
        self._draw_scroll_bar(surface)
