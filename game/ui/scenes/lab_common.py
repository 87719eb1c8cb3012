"""What the learning lab and the tournament share: a set-up on the left, a run on the right.

Both screens start a run of games in a thread (:class:`ai.training.TrainingRunner` or
:class:`ai.training.TournamentRunner`), control it with Pause / Stop, show a progress bar under
the controls and announce the end of each run once. :class:`RunScene` holds that part, the
header and the panels' frame; the functions give both set-ups their choosers and texts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from ai.registry import PlayerSpecError, get_player_info, players_for
from ai.training import Progress, TournamentRunner, TrainingRunner
from game.rules.base import GameState
from game.rules.registry import game_names, get_game
from game.ui import text, widgets
from game.ui.boards import presenter_for
from game.ui.i18n import decimal, grouped, tr
from game.ui.reasoning import plural, seconds_text
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.lab_session import SELF
from game.ui.scenes.players import player_description, player_title
from game.ui.theme import Theme
from game.ui.widgets import Button, Choice, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App


Label = Callable[[], str]
Items = list[tuple[Any, Label]]
#: The kind of run a screen starts.
R = TypeVar("R", TrainingRunner, TournamentRunner)


# --------------------------------------------------------------------------------------------
# Texts
# --------------------------------------------------------------------------------------------


def game_title(game: str) -> str:
    """The translated name of a game."""
    return tr(f"game.{game}.title")


def variant_label(game: str, options: Any) -> str:
    """A short translated name for a variant: "20 matches, take 1-3", "4×4"..."""
    return presenter_for(game).variant_label(options)


def player_name(name: str) -> str:
    """The translated title of the registry's player ``name``."""
    return player_title(get_player_info(name))


def describe_choice(value: Any) -> str:
    """A player's one-line description ("itself" for self-play), or "" for other values."""
    if value == SELF:
        return tr("lab.self_desc")
    try:
        return player_description(get_player_info(value)) if isinstance(value, str) else ""
    except PlayerSpecError:
        return ""


def run_seconds(seconds: float) -> str:
    """A run's duration for "in {seconds} s": reasoning.seconds_text (one decimal, the
    language's mark), but "< 0.1" rather than "0.0" (300 Nim games take 0.05 s)."""
    if seconds < 0.05:
        return "< " + seconds_text(0.1)
    return seconds_text(seconds)


def progress_text(progress: Progress | None, trained: int, brief: bool = False) -> str:
    """The line under the progress bar: games done, speed, time left, and the learner's total;
    every count with the language's thousands separator ("100,000" / "100 000"). ``brief``:
    without the speed (and the idle line shorter), for a line with little room."""
    if progress is None:
        key = "lab.progress_idle_brief" if brief else "lab.progress_idle"
        return plural(key, trained, games=grouped(trained))
    speed = progress.games_per_second
    # One game watched move by move takes seconds: "0.5/s", not "0/s".
    rate = grouped(speed) if speed >= 10 else decimal(f"{speed:.1f}")
    done = grouped(progress.done)
    planned = grouped(progress.planned)
    if progress.finished:
        key = ("lab.progress_stopped" if progress.stopped
               else "lab.progress_done_brief" if brief else "lab.progress_done")
        return plural(key, progress.done, done=done, planned=planned, rate=rate,
                      seconds=run_seconds(progress.elapsed))
    if progress.eta is None:
        left = "—"
    elif progress.eta >= 60:
        left = tr("lab.minutes", n=decimal(f"{progress.eta / 60:.1f}"))
    else:
        left = tr("lab.seconds", n=f"{progress.eta:.0f}")
    key = ("lab.progress_paused" if progress.paused and not progress.finished
           else "lab.progress_brief" if brief else "lab.progress")
    return plural(key, progress.planned, done=done, planned=planned, rate=rate, left=left)


def progress_lines(progress: Progress | None, trained: int) -> list[str]:
    """The progress line, its brief form (:func:`progress_text`), then the games alone (at
    200% of 1024x768 French cut the brief form to "495 / 500 parties · rest…")."""
    lines = [progress_text(progress, trained), progress_text(progress, trained, brief=True)]
    if progress is not None:
        done, planned = grouped(progress.done), grouped(progress.planned)
        lines += [plural("lab.progress_count", progress.planned, done=done, planned=planned),
                  f"{done} / {planned}"]
    else:
        # The shortest, for the compact layout's header at 200% of 1024x768.
        lines.append(plural("lab.progress_games", trained, games=grouped(trained)))
    return lines


# --------------------------------------------------------------------------------------------
# Set-up widgets
# --------------------------------------------------------------------------------------------


def later(fn: Callable[..., str], *args: Any) -> Label:
    """A label computed when drawn (so that it follows a change of language)."""
    return lambda: fn(*args)


def game_items() -> Items:
    """Every game, for a chooser."""
    return [(g, later(game_title, g)) for g in game_names()]


def variant_items(game: str, presets: Sequence[Any]) -> Items:
    """The game's ``presets`` (options values), by index, for a chooser."""
    return [(i, later(variant_label, game, preset)) for i, preset in enumerate(presets)]


def player_items(game: str, options: Any) -> Items:
    """Every player of the registry that plays this game and variant, for a chooser."""
    return [(p.name, later(player_name, p.name)) for p in players_for(game, options)]


def align_choices(choices: list[Choice]) -> None:
    """Give every chooser of a column the same label width (the widest label's), so that their
    value boxes line up; where a chooser's widest value takes some of its label's room, every
    labelled chooser's box starts where that one's does (at 200% of 1024x768 fr the boxes
    started at six places, 240 to 283 px, QA19 36)."""
    placed = [c for c in choices if c.rect.width > 0]
    if not placed:
        return
    widest = max(text.size(c.label(), c.px)[0] + c.px for c in placed)
    for c in placed:
        c.label_width = min(0.55, widest / c.rect.width)
        c.box_width = None
    labelled = [c for c in placed if c._parts()[1].left > c.rect.left]
    if labelled:
        left = min(c._parts()[1].left for c in labelled)
        for c in labelled:
            c.box_width = c.rect.right - left


def wrapped_px(words: str, rect: pygame.Rect, px: int, least: int, bold: bool = False) -> int:
    """The largest size from ``px`` down to ``least`` at which ``words`` wrapped in ``rect``
    (lines a line height apart, as ``blit_wrapped(..., line_gap=0)`` draws them) fit its
    height; ``least`` when none does."""
    for size in range(px, least - 1, -1):
        lines = text.wrap(words, rect.width, size, bold)
        if len(lines) * text.font(size, bold).get_linesize() <= rect.height:
            return size
    return least


def subtitle_lines(subtitle: str, room: pygame.Rect, px: int) -> tuple[list[str], int]:
    """``subtitle`` whole in ``room``: on one or two lines at ``px`` (shrunk to 16 px on one
    line at 100% of 1024x768 it had room for 18 on two), else as text.fit_lines fits it; no
    lines where that cuts it."""
    lines = text.wrap(subtitle, room.width, px) if room.width > 0 else []
    if (0 < len(lines) <= 2 and text.two_line_step(px) * len(lines) <= room.height
            and all(text.size(line, px)[0] <= room.width for line in lines)):
        return lines, px
    lines, used = text.fit_lines(subtitle, room, px) if room.width > 0 else ([], px)
    return (lines, used) if " ".join(lines) == " ".join(subtitle.split()) else ([], px)


def progress_bar_height(rect: pygame.Rect, share: float = 0.45) -> int:
    """The height of the progress bar across the top of ``rect`` (the line goes below):
    ``share`` of it."""
    return int(rect.height * share)


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, progress: Progress | None,
                  line: str | Sequence[str], theme: Theme, m: widgets.Metrics,
                  line_width: int | None = None, bar_share: float = 0.45) -> None:
    """A progress bar across the top of ``rect`` (greyed while paused), ``line`` below it
    (within ``line_width`` when a button sits at the end of its line); ``line`` may be a
    list of forms, longest first: the first that fits is drawn (the lab's "Clear runs" left
    "50 parties en 0,0 s (4 …" at the largest text size); the bar takes ``bar_share`` of
    ``rect``'s height."""
    bar = pygame.Rect(rect.left, rect.top, rect.width, progress_bar_height(rect, bar_share))
    pygame.draw.rect(surface, theme.button, bar, border_radius=bar.height // 2)
    if progress is not None and progress.planned:
        filled = bar.copy()
        filled.width = max(bar.height, int(bar.width * progress.fraction))
        colour = theme.text_muted if progress.paused else theme.ok
        pygame.draw.rect(surface, colour, filled, border_radius=bar.height // 2)
    pygame.draw.rect(surface, theme.panel_border, bar, 2, border_radius=bar.height // 2)
    # Shrinks a little before it is cut (the tournament's narrow bar at 1024x640).
    width = line_width or rect.width
    least = max(text.MIN_PX, int(m.small * 0.8))
    forms = [line] if isinstance(line, str) else list(line)
    line = next((f for f in forms if text.size(f, least)[0] <= width), forms[-1])
    text.blit_text(surface, line, m.small, theme.text, (rect.left, bar.bottom + m.pad // 3),
                   max_width=width, min_px=least)


class WrapButton(Button):
    """A button whose label goes on two lines where one would be cut or under ``min_px``."""

    min_px: int | None = None

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        labelled = self.label
        label = labelled()
        room = self.rect.width - self.rect.height // 3
        if not self.visible or text.size(label, max(int(self.px * 0.8), self.min_px or 0),
                                         True)[0] <= room:
            super().draw(surface, theme, mouse)  # one line, as any button
            return
        self.label = lambda: ""  # the button itself, its label drawn below on two lines
        try:
            super().draw(surface, theme, mouse)
        finally:
            self.label = labelled
        selected = self.selected is not None and self.selected()
        fg = (theme.text_muted if not self.enabled
              else theme.accent_text if self.primary or self.danger or selected
              else theme.button_text)
        text.blit_fit(surface, label, self.text_box(), self.px, fg, bold=True,
                      min_px=self.min_px, shrink=1.0)

    def text_box(self) -> pygame.Rect:
        """Where a label on two lines goes: lines a tight step apart reach below their
        step, so a box 4 px short of the button put the second line's "p" and brackets
        across its edge ("Boîtes de la / partie (0)", 200% of 1024x768 fr, QA19 36)."""
        return self.rect.inflate(-(self.rect.height // 3), -wrap_margin(self.rect.height))


def wrap_margin(height: int) -> int:
    """How much shorter than a WrapButton ``height`` tall its two lines' box is."""
    return max(12, height // 6)


# --------------------------------------------------------------------------------------------
# The screen
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunTexts:
    """The translation keys a run screen shows in its frame and for its runs."""

    title: str
    subtitle: str
    setup: str
    menu: str
    pause: str
    resume: str
    stop: str
    failed: str


class RunScene(Scene, Generic[R]):
    """A screen with a set-up panel on the left and a run of games on the right.

    It owns the run's thread (``runner``) and its Pause / Stop / Menu buttons, the keys
    (Escape stops a run or goes back to the menu, Space pauses or starts), the end-of-run
    announcement, the message box, the header and the two panels. Subclasses say how a run
    starts and what the panels hold.
    """

    setup_heading = True  #: Whether the set-up panel shows its heading (not on a page of its own).
    #: The game, its options and the number of games of the next run (set by the subclass).
    game: str
    options: Any
    games: int

    def __init__(self, app: App, texts: RunTexts) -> None:
        super().__init__(app)
        self.texts = texts
        self.runner: R | None = None
        self.message: str | None = None
        self._announced: object = None  # the runner whose end was announced
        self.panels: dict[str, pygame.Rect] = {}
        self.pause_button = Button(
            lambda: tr(texts.resume) if self.runner and self.runner.paused else tr(texts.pause),
            self.toggle_pause)
        self.stop_button = Button(lambda: tr(texts.stop), self.stop, danger=True)
        self.menu_button = Button(lambda: tr(texts.menu), self.to_menu)

    # -- the run --------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while a run's thread is alive."""
        return self.runner is not None and not self.runner.finished

    def new_game(self) -> Callable[[], GameState[Any]]:
        """What makes each game's start position for the current game and variant."""
        info = get_game(self.game)
        options = self.options
        return lambda: info.initial_state(options)

    def toggle_pause(self) -> None:
        """Pause or resume the run."""
        if self.runner is None or self.runner.finished:
            return
        if self.runner.paused:
            self.runner.resume()
        else:
            self.runner.pause()

    def stop(self) -> None:
        """Stop the run; every finished game is kept."""
        if self.runner is not None and not self.runner.finished:
            self.runner.stop()

    def _set_games(self, value: float) -> None:
        if not self.running:
            self.games = int(value)

    def ended_now(self, progress: Progress) -> bool:
        """True once per run: on the first call that sees it finished."""
        if not progress.finished or self._announced is self.runner:
            return False
        self._announced = self.runner
        return True

    def announce_end(self, progress: Progress, notice: str) -> None:
        """Say how the run ended (its error in a message box, else ``notice``), with a sound."""
        if progress.error:
            self.show_message(tr(self.texts.failed), progress.error)
        else:
            self.app.notify(notice)
        self.app.play_sound("end")

    def on_close(self) -> None:
        if self.runner is not None:
            self.runner.stop()
            self.runner.join(0.2)

    # -- dialogs --------------------------------------------------------------------------------

    def to_menu(self) -> None:
        """Back to the menu (a run in progress is stopped when the screen closes)."""
        self.app.pop(self)
        if not self.app.scenes:
            from game.ui.scenes.menu import MenuScene

            self.app.push(MenuScene(self.app))

    def show_message(self, title: str, message: str) -> None:
        """A message box over the screen (also kept in ``message`` for tests and the status)."""
        self.message = message
        self.app.push(MessageDialog(self.app, title, message,
                                    [(lambda: tr("dialog.back"), lambda: None)]))

    def open_choice(self, choice: Choice, title: str = "") -> None:
        """Show a choice's values as a list (players with their one-line description) under
        ``title`` (default: the choice's label)."""
        items = [(value, label(), describe_choice(value)) for value, label in choice.items]
        if not any(desc for _v, _l, desc in items):
            items = [(value, label, "") for value, label, _d in items]
        self.app.push(ListPopup(self.app, title or choice.label() or tr("menu.choose_player"),
                                items,
                                choice.get(), choice.set))

    def handle_run_keys(self, event: pygame.event.Event, start: Callable[[], None]) -> bool:
        """Escape stops the run (or goes back to the menu), Space pauses it (or ``start``s
        one); True for any key, which the set-up widgets never take."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            if self.running:
                self.stop()
            else:
                self.to_menu()
        elif event.key == pygame.K_SPACE:
            if self.running:
                self.toggle_pause()
            else:
                start()
        return True

    # -- layout and drawing ---------------------------------------------------------------------

    def frame_layout(self, left_share: float) -> tuple[pygame.Rect, pygame.Rect, int]:
        """Place the menu button in the header and split the rest into the set-up panel
        (``left_share`` of the width; ``panels["setup"]``) and the run's side.

        Returns (set-up rectangle, run rectangle, button height).
        """
        w, h = self.app.size
        m = self.app.metrics
        pad = m.pad
        header_h = self.header_height()
        bh = self.button_height()
        # As wide as its label needs ("Me…" at 40 px body text in 12% of 1024 pixels).
        mw = max(int(w * 0.12), text.size(tr(self.texts.menu), m.body, True)[0] + bh // 2)
        self.menu_button.place(pygame.Rect(w - pad * 2 - mw, pad + (header_h - bh) // 2, mw, bh),
                               m.body)
        top = pad + header_h + pad
        left = pygame.Rect(pad * 2, top, int(w * left_share), h - top - pad * 2)
        right = pygame.Rect(left.right + pad * 2, top, w - left.right - pad * 4, left.height)
        self.panels["setup"] = left
        return left, right, bh

    def button_height(self) -> int:
        """The height of the screen's buttons."""
        return int(self.app.metrics.body * 1.9)

    def header_height(self) -> int:
        """The height of the header (the title's line)."""
        return int(self.app.metrics.title * 1.3)

    def subtitle_end(self) -> int:
        """Where the subtitle's room ends on the right: the Menu button (the lab's compact
        layout puts its progress line there instead)."""
        return self.menu_button.rect.left

    def title_text(self) -> str:
        """The header's title: the screen's name."""
        return tr(self.texts.title)

    def title_px(self) -> int:
        """The title's text size: the title size, or smaller where the title would run into the
        Menu button ("Labo d'apprentissage" at 200% of 1024x768), not under the heading size."""
        m = self.app.metrics
        room = self.menu_button.rect.left - m.pad * 4
        most = min(m.title, int(self.header_height() / 1.3))
        return text.fit_px(self.title_text(), room, most, True, min(m.heading, most))

    def place_controls(self, right: pygame.Rect, bh: int,
                       controls: Sequence[tuple[Button, Sequence[str]]],
                       progress_width: int = 0) -> int:
        """Put the run's buttons in a row at the top of ``right``, each sized for the longest
        of its texts (``controls``: button and translation keys), all shrunk together if they
        would not fit; then the progress bar beside them, or on its own row when too little
        room is left (less than 30% of the width, or than ``progress_width`` pixels, what its
        line needs) (``panels["progress"]``). Returns the height the two take."""
        m = self.app.metrics
        pad = m.pad
        widths = [max(text.size(tr(k), m.body, True)[0] for k in keys) + int(bh * 0.9)
                  for _b, keys in controls]
        scale = min(1.0, (right.width - pad * (len(controls) - 1)) / sum(widths))
        cpx = m.body if scale >= 1.0 else max(int(m.small * 0.8), int(m.body * scale))
        x = right.left
        for (button, _keys), bw in zip(controls, widths, strict=True):
            bw = int(bw * scale)
            button.place(pygame.Rect(x, right.top, bw, bh), cpx)
            x += bw + pad
        if right.right - x - pad >= max(right.width * 0.3, progress_width):
            self.panels["progress"] = pygame.Rect(x + pad, right.top, right.right - x - pad, bh)
            return bh
        self.panels["progress"] = pygame.Rect(right.left, right.top + bh + pad, right.width, bh)
        return 2 * bh + pad

    def draw_frame(self, surface: pygame.Surface) -> pygame.Rect:
        """The title and subtitle in the header, and the set-up panel with its heading;
        returns the set-up panel's rectangle."""
        theme = self.app.theme
        m = self.app.metrics
        pad = m.pad
        header_h = self.header_height()
        title = self.title_text()
        title_px = self.title_px()
        text.blit_text(surface, title, title_px, theme.accent, (pad * 2, pad + header_h // 2),
                       "midleft", bold=True)
        sub_x = pad * 4 + text.size(title, title_px, True)[0]
        # On two lines beside a long title ("Labo d'apprentissage") rather than cut; left out
        # where even two lines do not fit (the largest text size left room for "V…" only):
        # the title says what the screen is.
        room = pygame.Rect(sub_x, pad, self.subtitle_end() - sub_x - pad * 2, header_h)
        lines, px = subtitle_lines(tr(self.texts.subtitle), room, m.small)
        for index, line in enumerate(lines):  # centred as text.blit_fit centres lines
            text.blit_text(surface, line, px, theme.text_muted, (room.left, round(
                room.centery + text.two_line_step(px) * (index + 0.5 - len(lines) / 2))), "midleft")
        setup = self.panels["setup"]
        if setup.width <= 0:  # no set-up panel (a page of its own: the lab's, the tournament's)
            return setup
        draw_panel(surface, setup, theme, m.radius)
        if self.setup_heading:
            text.blit_text(surface, tr(self.texts.setup), m.heading, theme.accent,
                           (setup.left + pad * 2, setup.top + pad), bold=True,
                           max_width=setup.width - pad * 4)
        return setup
