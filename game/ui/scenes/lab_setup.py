"""The learning lab's set-up panel: the choosers and steppers of a run (game, variant, learner
and its parameters, how it learns, its seat or the match it watches, opponent, games, speed),
then the file buttons, "Play against it" and the keep-learning switch, laid out in the left
panel. The scene keeps the handlers; this module builds and places the widgets.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import KINDS
from ai.registry import Param, get_player_info, players_for
from ai.training import SEATS, SPEEDS
from game.rules.registry import GameSetup
from game.ui import text
from game.ui.boards import presenter_for
from game.ui.i18n import tr
from game.ui.scenes.lab_common import (
    align_choices,
    game_items,
    later,
    param_stepper,
    player_items,
    player_name,
    variant_items,
)
from game.ui.scenes.lab_session import OPPONENT, SELF, WATCHED, lab_presets
from game.ui.scenes.players import LadderStepper
from game.ui.widgets import Choice, Widget

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene

GAME_COUNTS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000)
LABEL_WIDTH = 0.3
#: How the learner learns: by playing, or by watching two other players (seed 002).
MODES = ("play", "watch")


def games_text(value: float) -> str:
    """A number of games, short enough for a stepper: 500, 2k, 100k."""
    return f"{value / 1000:g}k" if value >= 1000 else f"{value:g}"


def build_setup(lab: LearningLabScene) -> list[Widget]:
    """The set-up widgets for the lab's current game, learner and mode, in panel order."""
    session = lab.session
    presenter = presenter_for(lab.game)
    variants = variant_items(lab.game, lab_presets(session.info))
    if session.variant_index() < 0:
        variants.append((-1, later(presenter.variant_label, lab.options)))
    kind_items = [(k, later(player_name, k)) for k in KINDS]
    players = player_items(lab.game, lab.options)
    widgets: list[Widget] = [
        Choice(later(tr, "lab.game"), game_items(), lambda: lab.game, lab.set_game,
               lab.open_choice, label_width=LABEL_WIDTH),
        # The variant right under its game, the row's whole width for its name ("20
        # allumettes, 1 à 3" was cut beside a label at 1024x768).
        Choice(lambda: "", variants, session.variant_index, lab.set_variant,
               lambda choice: lab.open_choice(choice, tr("lab.variant")), label_width=0),
        Choice(later(tr, "lab.learner"), kind_items, lambda: session.kind, lab.set_kind,
               lab.open_choice, label_width=LABEL_WIDTH),
    ]
    for param in get_player_info(session.kind).params:
        def get(name: str = param.name, default: float = float(param.default)) -> float:
            return session.params.get(name, default)

        def set_(value: float, name: str = param.name) -> None:
            lab.set_param(name, value)

        widgets.append(param_stepper(param, get, set_))
    widgets.append(Choice(later(tr, "lab.mode"), [(m, later(tr, f"lab.mode.{m}")) for m in MODES],
                          lambda: "watch" if session.watching else "play", lab.set_mode,
                          lab.open_choice, label_width=LABEL_WIDTH))
    if session.watching:
        for i in (0, 1):
            def get_watched(i: int = i) -> str:
                return session.watched[i]

            def set_watched(name: object, i: int = i) -> None:
                lab.set_watched(i, str(name))
                lab.rebuild()  # its evaluation's row comes or goes

            widgets.append(Choice(later(tr, f"lab.watched{i}"), players, get_watched,
                                  set_watched, lab.open_choice, label_width=LABEL_WIDTH))
            widgets += choice_steppers(lab, WATCHED[i])
    else:
        def set_opponent(name: object) -> None:
            lab._set_opponent(name)
            lab.rebuild()  # its evaluation's row comes or goes

        widgets += [
            Choice(later(tr, "lab.seat"), [(s, later(tr, f"lab.seat.{s}")) for s in SEATS],
                   lambda: session.seat, lab.set_seat, lab.open_choice,
                   label_width=LABEL_WIDTH),
            Choice(later(tr, "lab.opponent"), [(SELF, later(tr, "lab.self")), *players],
                   lambda: session.opponent, set_opponent, lab.open_choice,
                   label_width=LABEL_WIDTH),
            *choice_steppers(lab, OPPONENT),
        ]
    widgets += [
        LadderStepper(later(tr, "lab.games"), lambda: float(lab.games), lab._set_games,
                      [float(g) for g in GAME_COUNTS], games_text),
        Choice(later(tr, "lab.speed"), [(s, later(tr, f"lab.speed.{s}")) for s in SPEEDS],
               lambda: session.speed, lab._set_speed, lab.open_choice,
               label_width=LABEL_WIDTH),
    ]
    return widgets


def choice_steppers(lab: LearningLabScene, slot: str) -> list[Widget]:
    """A stepper for each game-dependent choice of the player in ``slot`` (a search player's
    evaluation), with the game's own names, as the menu's seat panel offers them."""
    session = lab.session
    steppers: list[Widget] = []
    for param in session.choice_params(slot):
        def get(param: Param = param) -> float:
            return session.choice_value(slot, param)

        def set_(value: float, param: Param = param) -> None:
            if not lab.running:
                session.set_choice(slot, param, value)

        steppers.append(param_stepper(param, get, set_))
    return steppers


@functools.lru_cache(maxsize=32)
def most_choices(game: str, options: Any) -> int:
    """The most game-dependent choices (an evaluation) a player of this game and variant has."""
    setup = GameSetup.of(game, options)
    return max((sum(p.choices_of is not None for p in info.for_game(setup).params)
                for info in players_for(setup)), default=0)


def reserved_rows(lab: LearningLabScene) -> int:
    """Rows kept free for choices the opponent or the watched players could show but do not."""
    session = lab.session
    slots = WATCHED if session.watching else (OPPONENT,)
    shown = sum(len(session.choice_params(slot)) for slot in slots)
    return max(0, len(slots) * most_choices(lab.game, lab.options) - shown)


def place_setup(lab: LearningLabScene, left: pygame.Rect, bh: int) -> None:
    """Lay the set-up panel out in ``left``: the rows from the top (each as tall as body text
    allows, smaller text only when there are many), then the file buttons, "Play against it"
    and the keep-learning switch at the bottom."""
    m = lab.app.metrics
    pad = m.pad
    files_h = bh * 3 + pad * 4
    head = int(m.heading * 1.4)
    rows = pygame.Rect(left.left + pad * 2, left.top + pad + head, left.width - pad * 4,
                       left.height - files_h - head - pad * 2)
    widgets = lab.config_widgets
    # Rows are spaced as if every other player showed its evaluation, so that choosing a search
    # player adds a row below it and never moves the rows under the pointer.
    slots = len(widgets) + reserved_rows(lab)
    step = min(int(m.body * 2.1), rows.height // max(1, slots))
    px = m.body if step >= m.body * 1.7 else max(m.small, int(step / 1.7))
    for i, wdg in enumerate(widgets):
        wdg.place(pygame.Rect(rows.left, rows.top + i * step, rows.width, step - pad // 2), px)
    align_choices([w for w in widgets if isinstance(w, Choice)])
    fy = left.bottom - files_h + pad
    # Save and Load share the first row, Reset and "Play against it" the second: three file
    # buttons in one row drew "Enregistrer" at 80% of the small size in French at 1024x768.
    half = (rows.width - pad) // 2
    third = (rows.width - pad) // 3

    def fit(key: str, width: int) -> int:
        """The largest size up to body text at which the label fits a button ``width`` wide."""
        return text.fit_px(tr(key), width - bh // 3, m.body, True, int(m.small * 0.8))

    # One text size for a row's buttons, so the pair reads as one row.
    fpx = min(fit("lab.save", half), fit("lab.load", half))
    lab.save_button.place(pygame.Rect(rows.left, fy, half, bh), fpx)
    lab.load_button.place(pygame.Rect(rows.left + half + pad, fy, half, bh), fpx)
    second = fy + bh + pad
    play_w = rows.width - third - pad
    ppx = min(fit("lab.reset", third), fit("lab.play_against", play_w))
    lab.reset_button.place(pygame.Rect(rows.left, second, third, bh), ppx)
    lab.play_button.place(pygame.Rect(rows.left + third + pad, second, play_w, bh), ppx)
    # The switch's sentence shrinks a little before it is cut (French at 1024x768).
    kpx = text.fit_px(tr("lab.keep_learning"), rows.width - int(bh * 1.8), m.small, False,
                      int(m.small * 0.85))
    lab.keep_toggle.place(pygame.Rect(rows.left, fy + 2 * (bh + pad), rows.width, bh), kpx)
