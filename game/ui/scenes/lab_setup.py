"""The learning lab's set-up panel: the choosers and steppers of a run (game, variant, learner
and its parameters, how it learns, its seat or the match it watches, opponent, games, speed),
then the file buttons, "Play against it" and the keep-learning switch, laid out in the left
panel. The scene keeps the handlers; this module builds and places the widgets.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ai.learners import KINDS
from ai.registry import Param, get_player_info, players_for
from ai.training import SEATS, SPEEDS
from game.rules.registry import GameSetup
from game.ui import text
from game.ui.boards import presenter_for
from game.ui.i18n import grouped, tr
from game.ui.reasoning import plural
from game.ui.scenes.lab_common import (
    align_choices,
    game_items,
    later,
    player_items,
    player_name,
    variant_items,
)
from game.ui.scenes.lab_session import OPPONENT, SELF, WATCHED, lab_presets
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.players import LadderStepper, param_control
from game.ui.scenes.tournament_pages import line_up_values
from game.ui.scenes.tournament_setup_list import ListScroller, Row
from game.ui.widgets import Choice, Stepper, Widget

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene

GAME_COUNTS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000)
LABEL_WIDTH = 0.3
#: Rows at least this many small-text heights tall hold room for the evaluations' rows.
ROOMY_ROW = 1.7
#: The least height of a set-up row, in small-text heights (a chooser's box stays readable).
LEAST_ROW = 1.55
#: The set-up rows' text may go down to this share of the small size (see :func:`row_step`).
SMALLER_ROW_TEXT = 0.9
#: How the learner learns: by playing, or by watching two other players (seed 002).
MODES = ("play", "watch")


def games_text(value: float) -> str:
    """A number of games, short enough for a stepper: 500, 2k, 100k."""
    return f"{value / 1000:g}k" if value >= 1000 else f"{value:g}"


def build_setup(lab: LearningLabScene) -> list[Widget]:
    """The set-up widgets for the lab's current game, learner and mode, in panel order, after
    the list's scroller (the one it had: a rebuild keeps the list where it was scrolled)."""
    old = [w for w in lab.config_widgets if isinstance(w, ListScroller)]
    return [ListScroller(old[0].rows if old else None), *setup_rows(lab)]


def asked(lab: LearningLabScene, change: Callable[[Any], None], current: Callable[[], Any]
          ) -> Callable[[Any], None]:
    """``change`` (the game, variant or kind of learner: it makes a fresh learner) at once
    where the learner has learned nothing, else once the class says so: the lab threw away a
    learner trained for minutes without a word, the play screen asks before throwing away a
    game (QA S12 6). Cancel is the default."""
    def ask(value: Any) -> None:
        games = lab.learner.games_trained
        if value == current() or not games or lab.running:
            change(value)
            return
        from game.ui.scenes.dialogs import MessageDialog

        lab.app.push(MessageDialog(
            lab.app, tr("lab.forget_title"), plural("lab.forget_text", games, games=grouped(games)),
            [(lambda: tr("lab.forget"), lambda: change(value)),
             (lambda: tr("dialog.cancel"), lambda: None)], primary=1))
    return ask


def setup_rows(lab: LearningLabScene) -> list[Widget]:
    """The set-up rows for the lab's current game, learner and mode, in panel order."""
    session = lab.session
    presenter = presenter_for(lab.game)
    variants = variant_items(lab.game, lab_presets(session.info))
    if session.variant_index() < 0:
        variants.append((-1, later(presenter.variant_label, lab.options)))
    kind_items = [(k, later(player_name, k)) for k in KINDS]
    players = player_items(lab.game, lab.options)
    widgets: list[Widget] = [
        Choice(later(tr, "lab.game"), game_items(), lambda: lab.game,
               asked(lab, lab.set_game, lambda: lab.game), lab.open_choice,
               label_width=LABEL_WIDTH),
        # The variant right under its game, the row's whole width for its name ("20
        # allumettes, 1 à 3" was cut beside a label at 1024x768).
        Choice(lambda: "", variants, session.variant_index,
               asked(lab, lab.set_variant, session.variant_index),
               lambda choice: lab.open_choice(choice, tr("lab.variant")), label_width=0),
        Choice(later(tr, "lab.learner"), kind_items, lambda: session.kind,
               asked(lab, lab.set_kind, lambda: session.kind), lab.open_choice,
               label_width=LABEL_WIDTH),
    ]
    for param in learner_params(lab):
        def get(name: str = param.name, default: float = float(param.default)) -> float:
            return session.params.get(name, default)

        def set_(value: float, name: str = param.name) -> None:
            lab.set_param(name, value)

        widgets.append(param_control(param, get, set_, lab.open_choice))
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
            widgets += game_choice_choosers(lab, WATCHED[i])
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
            *game_choice_choosers(lab, OPPONENT),
        ]
    widgets += [
        LadderStepper(later(tr, "lab.games"), lambda: float(lab.games), lab._set_games,
                      [float(g) for g in GAME_COUNTS], games_text),
        Choice(later(tr, "lab.speed"), [(s, later(tr, f"lab.speed.{s}")) for s in SPEEDS],
               lambda: session.speed, lab._set_speed, lab.open_choice,
               label_width=LABEL_WIDTH),
    ]
    return widgets


def game_choice_choosers(lab: LearningLabScene, slot: str) -> list[Widget]:
    """A chooser for each game-dependent choice of the player in ``slot`` (a search player's
    evaluation), with the game's own names, as the menu's seat panel offers them: a click on
    its middle opens the list of names, as in the menu (it stepped to the next, review 5)."""
    session = lab.session
    choosers: list[Widget] = []
    for param in session.choice_params(slot):
        def get(param: Param = param) -> float:
            return session.choice_value(slot, param)

        def set_(value: float, param: Param = param) -> None:
            if not lab.running:
                session.set_choice(slot, param, value)

        choosers.append(param_control(param, get, set_, lab.open_choice))
    return choosers


@functools.lru_cache(maxsize=32)
def most_choices(game: str, options: Any) -> int:
    """The most game-dependent choices (an evaluation) a player of this game and variant has."""
    setup = GameSetup.of(game, options)
    return max((sum(p.choices_of is not None for p in info.for_game(setup).params)
                for info in players_for(setup)), default=0)


#: A chooser's label keeps at least this share of the rows' text size (see
#: :func:`chooser_fits`).
LABEL_KEEPS = 0.9


def chooser_fits(choice: Choice, px: int, width: int) -> bool:
    """Whether ``choice``'s label (at :data:`LABEL_KEEPS` of ``px`` at least) and its widest
    value (at 80%) fit side by side in a row ``width`` pixels wide. (At 70%, rows of 36 px
    at 200% of 1024x768 drew 'Adversaire' at 26 px, a third smaller than the labels above
    it.)"""
    if not choice.label() or choice.label_width <= 0:
        return True
    label = text.size(choice.label(), int(px * LABEL_KEEPS))[0] + px // 2
    value = max((text.size(lbl(), int(px * 0.8), True)[0] for _v, lbl in choice.items),
                default=0)
    return label + value + 2 * px <= width


def one_row_fits(choice: Choice) -> bool:
    """Whether every value of ``choice``, as placed, fits between its arrows on one line at
    the least size the chooser shrinks a value to (80% of its text)."""
    # The widget's own parts (its arrows' width depends on its height and text size).
    left, _box, right = choice._parts()
    room = right.left - left.right
    return all(text.size(label(), int(choice.px * 0.8), True)[0] <= room
               for _v, label in choice.items)


def row_step(lab: LearningLabScene, height: int, shown: int, learner: bool = True) -> int:
    """The height of a set-up row when ``shown`` rows share ``height`` pixels.

    The step never depends on whether an evaluation's row shows (choosing a search player adds
    that row below it and never moves the rows under the pointer). Where the panel has room,
    rows are spaced as if every player showed its evaluation; where it has not (1024x640, or
    large text), the evaluations get no room held for them, rows stay at least
    :data:`LEAST_ROW` small-text heights tall, and what does not fit scrolls (mouse wheel).
    ``learner``: whether the rows ``shown`` hold the learner's parameters (else they are in a
    column of their own, :func:`place_param_rows`, and no room is held for them here).
    """
    m = lab.app.metrics
    every = shown + reserved_rows(lab, learner)
    step = min(int(m.body * 2.1), height // max(1, every))
    if step >= m.small * ROOMY_ROW:
        return step
    without = every - len(WATCHED if lab.session.watching else (OPPONENT,)) * most_choices(
        lab.game, lab.options)
    fit = height // max(1, without)
    if int(m.small * SMALLER_ROW_TEXT * LEAST_ROW) <= fit < int(m.small * LEAST_ROW):
        # Every row shows, their text at 90% of the small size, rather than one scrolled out
        # of sight (Speed, at 1920x1080 for a learner of four parameters: one row short).
        step = fit
    else:
        step = max(int(m.small * LEAST_ROW), min(int(m.body * 2.1), fit))
    whole = height // max(1, every)
    if lab.compact() and whole < step and whole >= int(readable_px(lab.app.size) * LEAST_ROW):
        # The compact set-up page: every row, an evaluation's too, rows whose text is down
        # to the readable size rather than half of them scrolled out of sight (6 rows of 12
        # showed at 200% of 1920x1080).
        return whole
    return step


#: Learner parameters about drawn games, left out where the game cannot be drawn.
DRAW_PARAMS = ("draw",)


def learner_params(lab: LearningLabScene) -> list[Param]:
    """The learner's parameters the set-up shows: beads for a drawn game not in Hexapawn or
    Nim, which cannot be drawn (QA S14 11)."""
    params = get_player_info(lab.session.kind).params
    if lab.session.info.draws:
        return list(params)
    return [p for p in params if p.name not in DRAW_PARAMS]


def reserved_rows(lab: LearningLabScene, learner: bool = True) -> int:
    """Rows kept free for choices the opponent or the watched players could show but do not,
    and for the parameters another kind of learner has and this one has not: with the rows
    of Elimination's one parameter, Reinforcement's four shrank every row and moved the
    Learner's ▶ 60 px, and a second click there missed it, or pressed Reset (QA13 12,
    QA14 17). ``learner``: whether the rows hold the learner's parameters."""
    session = lab.session
    slots = WATCHED if session.watching else (OPPONENT,)
    shown = sum(len(session.choice_params(slot)) for slot in slots)
    others = most_params(lab) - len(learner_params(lab)) if learner else 0
    return max(0, len(slots) * most_choices(lab.game, lab.options) - shown) + others


def most_params(lab: LearningLabScene) -> int:
    """The most parameter rows a kind of learner shows for the lab's game (three where the
    game cannot be drawn: no room held for a row no learner of it shows)."""
    draws = lab.session.info.draws
    return max(sum(draws or p.name not in DRAW_PARAMS for p in get_player_info(kind).params)
               for kind in KINDS)


def param_widgets(lab: LearningLabScene) -> list[Widget]:
    """The set-up's rows of the learner's parameters (right under the Learner's row)."""
    return lab.config_widgets[4:4 + len(learner_params(lab))]


def place_setup(lab: LearningLabScene, left: pygame.Rect, bh: int) -> None:
    """Lay the set-up panel out in ``left``: the rows from the top, then the file buttons,
    "Play against it" and the keep-learning switch at the bottom."""
    m = lab.app.metrics
    pad = m.pad
    files_h = bh * 3 + pad * 4
    head = int(m.heading * 1.4)
    rows = pygame.Rect(left.left + pad * 2, left.top + pad + head, left.width - pad * 4,
                       left.height - files_h - head - pad * 2)
    place_setup_rows(lab, rows)
    place_file_buttons(lab, left, rows, bh)


def place_setup_rows(lab: LearningLabScene, rows: pygame.Rect, apart: bool = False) -> None:
    """Lay the set-up's rows out in ``rows`` (a list that scrolls when they do not fit); with
    ``apart``, all but the learner's parameters, which go in a column of their own
    (:func:`place_param_rows`)."""
    m = lab.app.metrics
    pad = m.pad
    scroller, *widgets = lab.config_widgets
    assert isinstance(scroller, ListScroller)
    if apart:
        params = param_widgets(lab)
        widgets = [w for w in widgets if w not in params]
    # A variant too long for one row even shrunk as a chooser shrinks its value (to 80%;
    # "20 allumettes, 1–3, misère" at large text) takes two rows, whichever variant is
    # chosen (rows do not move when the variant changes). The test is the chooser's own
    # room between its arrows: a margin of two body heights made the Nim row double at
    # 1024x768 with 200% text where every variant fitted one row.
    variant = widgets[1]
    for span in (1, 2):
        step = row_step(lab, rows.height, len(widgets) + span - 1, not apart)
        px = rows_px(lab, step, rows.width, [w for w in widgets if isinstance(w, Choice)])
        # Rows 2 pixels apart: the choosers' and steppers' own borders part them.
        scroller.rows.place([Row((w,), span=span if w is variant else 1) for w in widgets],
                            rows, step, px, 4)
        if not isinstance(variant, Choice) or one_row_fits(variant):
            break
    scroller.place(rows, pad)
    align_choices([w for w in widgets if isinstance(w, Choice)])


def rows_px(lab: LearningLabScene, step: int, width: int, choosers: list[Choice]) -> int:
    """The set-up rows' text size for rows ``step`` pixels tall and ``width`` wide: as large
    as the rows hold (body text at most, rows :data:`LEAST_ROW` times as tall as it), and
    smaller where a chooser would not hold its label beside its widest value (large text at
    1024x768: "Adversaire" beside "Meilleur d'abord"), down to :data:`SMALLER_ROW_TEXT` of
    the small size or the readable size, whichever is less. (The size jumped from the small
    size to 90% of it: rows 33 px tall at 100% of 1024x768 had 18 px text, the readable size
    there being 20, QA14 11.)"""
    m = lab.app.metrics
    most = m.body if step >= m.body * 1.7 else min(m.body, max(int(step / LEAST_ROW), 6))
    least = min(most, int(m.small * SMALLER_ROW_TEXT), readable_px(lab.app.size))
    return next((px for px in range(most, least - 1, -1)
                 if all(chooser_fits(c, px, width) for c in choosers)), least)


def place_param_rows(lab: LearningLabScene, area: pygame.Rect, step: int, px: int) -> None:
    """The learner's parameters, one row each from the top of ``area``, ``step`` pixels apart
    with text of ``px``: the compact set-up page's column under its buttons, whose room was
    left empty while the rows beside it shrank to hold them (QA14 11)."""
    params = param_widgets(lab)
    for i, widget in enumerate(params):
        widget.visible = True
        widget.place(pygame.Rect(area.left, area.top + i * step, area.width, step - 2), px)
    # One column of −, value and + ("−1" widened its row's and moved its − out of line).
    line_up_values([w for w in params if isinstance(w, Stepper)])


def place_file_buttons(lab: LearningLabScene, left: pygame.Rect, rows: pygame.Rect,
                       bh: int) -> None:
    """The file buttons, "Play against it" and the keep-learning switch at the bottom of the
    set-up panel ``left``, as wide as its ``rows``."""
    m = lab.app.metrics
    pad = m.pad
    files_h = bh * 3 + pad * 4
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
    keep = pygame.Rect(rows.left, fy + 2 * (bh + pad), rows.width, bh)
    lab.keep_toggle.switch_height = None
    lab.keep_toggle.place(keep, switch_px(tr("lab.keep_learning"), keep.width - int(bh * 1.5)
                                          - bh // 3, bh, m.body, int(m.small * 0.85)))


@functools.lru_cache(maxsize=64)
def switch_px(label: str, width: int, height: int, body: int, least: int) -> int:
    """The text size to give a switch whose ``label`` goes in a box ``width`` x ``height``:
    the one, from ``body`` down to ``least``, at which the switch draws it largest and whole
    (on one line or two: :func:`text.fit_lines`). Fitted on one line, "Continue d'apprendre
    quand vous jouez" was drawn at 13 px in French at 1024x768 (body text 20 px), though two
    lines of 18 px fit."""
    best, best_used = least, 0
    for px in range(body, least - 1, -1):
        lines, used = text.fit_lines(label, pygame.Rect(0, 0, width, height), px)
        if not lines[-1].endswith("…") and used > best_used:
            best, best_used = px, used
    return best
