"""How the screens name players and edit their parameters: titles and descriptions in the
current language, a seat's name with the parameter that makes it different, parameter values
in words, and the ladder of values a parameter stepper walks.

Shared by the menu, the play screen, the learning lab and the tournament.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from ai.registry import Param, PlayerInfo, PlayerSpecError, resolve_spec
from game.rules.registry import GameSetup
from game.ui.i18n import decimal, has, tr
from game.ui.scenes.match import HUMAN
from game.ui.widgets import Choice, Stepper, Toggle, Widget

#: Upper bounds the menu offers for some player parameters (the registry allows more, but an
#: hour per move or ten million playouts are not classroom settings).
PARAM_CAPS: dict[str, float] = {"time": 30.0, "iterations": 1_000_000.0}


def title_label(info: PlayerInfo) -> Callable[[], str]:
    """A label callable giving ``info``'s title in the current language."""
    return lambda: player_title(info)


def player_title(info: PlayerInfo) -> str:
    """The player's name in the current language (``player.NAME.title`` of
    ``assets/i18n/players.*.json``, short enough for seat cards at 1024x640), else its
    English title."""
    key = f"player.{info.name}.title"
    return tr(key) if has(key) else info.title


def player_description(info: PlayerInfo) -> str:
    """The player's one-line description in the current language, else in English."""
    key = f"player.{info.name}.description"
    return tr(key) if has(key) else info.description


def seat_title(spec: str, setup: GameSetup) -> str:
    """A seat's display name in ``setup``'s game: "Human", or the player's title with its first
    parameter that differs from the game's default (``PlayerInfo.defaults``), or that names
    it whatever its value (``Param.in_title``: "Engine · Level 3")."""
    if spec == HUMAN:
        return tr("seat.human")
    try:
        info, values = resolve_spec(spec, setup)
    except PlayerSpecError:
        return spec
    if not info.params:
        return player_title(info)
    # Against the game's own defaults: Nim's Elimination does not pass losses back unless
    # asked, and its card read "Elimination · Pass losses back: Off", a setting nobody
    # changed (QA17 12).
    defaults = info.defaults(setup)
    changed = [p for p in info.params if p.in_title or values[p.name] != defaults[p.name]]
    if not changed:
        return player_title(info)
    first = changed[0]
    # A title's own note in brackets ("Engine (levels)") gives way to the parameter shown, so
    # the seat never reads "Engine (levels) (Level 5)".
    title = re.sub(r"\s*\([^()]*\)$", "", player_title(info)) or player_title(info)
    return f"{title}{NOTE_SEPARATOR}{param_note(first, values[first.name])}"


#: Between a player's title and the parameter that sets it apart: "Engine · 30 s per move"
#: (brackets nested: "Moteur (Temps (s) 30)").
NOTE_SEPARATOR = " \u00b7 "


def param_note(param: Param, value: float) -> str:
    """A parameter and its value as a seat card says it, no brackets, no unit in brackets:
    ``param.NAME.note`` with the value where the language files word it ("30 s per move"),
    "Memory: Off" for a switch (the menu's switch label and its state) or a choice ("Eval:
    Discs"), else the label and the value ("Depth 5")."""
    shown = param_text(param, value)
    key = f"param.{param.name}.note"
    if has(key) and not (value == 0 and has(zero_key(param))):
        return tr(key, value=shown)
    template = "param.value_note" if is_switch(param) or param.choices else "param.note"
    return tr(template, label=param_label(param.name), value=shown)


def is_switch(param: Param) -> bool:
    """True for an on/off parameter: a whole number from 0 to 1 (memory, exact)."""
    return param.kind is int and param.low == 0 and param.high == 1 and not param.choices


def param_text(param: Param, value: float) -> str:
    """A parameter's value for display: "auto"/"off" where 0 means the player's default, and
    On/Off for a switch (a whole-number parameter from 0 to 1), never "Memory 1"; a choice's
    name in words."""
    if param.choices and 0 <= int(value) < len(param.choices):
        return choice_text(param.name, param.choices[int(value)])
    if is_switch(param):
        return tr("param.on") if value else tr("param.off")
    if value == 0 and has(zero_key(param)):
        return tr(zero_key(param))
    if param.kind is int and value >= 10_000:
        # MCTS's playouts: "20 k", "1 M" fit a stepper where "1000000" does not.
        return f"{value / 1e6:g} M" if value >= 1_000_000 else f"{value / 1000:g} k"
    # The app's minus, not a hyphen ("-1" beads for a loss in the lab's set-up, QA14 11).
    if param.kind is int:
        return param.format(int(value)).replace("-", "\u2212")
    # The language's decimal mark: a French seat read "Moteur · 0.5 s par coup".
    return decimal(param.format(value)).replace("-", "\u2212")


def zero_key(param: Param) -> str:
    """The text key of what 0 means for ``param``: its own word when the player gives one
    (the engine levels' time 0 is "the level's", not "off"), else ``param.<name>.zero``."""
    return f"param.zero.{param.zero}" if param.zero else f"param.{param.name}.zero"


def choice_text(param: str, choice: str) -> str:
    """One value of a choice parameter in words: ``param.<param>.<choice>`` translated; for a
    ``KIND:DETAIL`` value (``custom:mine``, ``ntuple:load=FILE``) ``param.<param>.<KIND>.detail``
    with the detail's name (a file's stem) as ``{name}``; else the value itself."""
    key = f"param.{param}.{choice}"
    if has(key):
        return tr(key)
    kind, sep, detail = choice.partition(":")
    if sep and has(f"param.{param}.{kind}.detail"):
        name = detail.rpartition("=")[2]
        stem = name.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0] or name
        return tr(f"param.{param}.{kind}.detail", name=stem)
    return choice


def param_label(name: str) -> str:
    """A player parameter's label in the current language (its name when untranslated)."""
    key = f"param.{name}"
    label = tr(key)
    return name if label == key else label


def param_ladder(param: Param) -> list[float]:
    """Values a stepper offers for ``param``: unit steps for small ranges, 1-2-5 steps for
    large ones (MCTS iterations), tenths for fractions; always including the default."""
    low = float(param.low)
    high = min(float(param.high), PARAM_CAPS.get(param.name, float(param.high)))
    values: set[float] = {float(param.default), low, high}
    if param.kind is int and high - low <= 30:
        values.update(float(v) for v in range(int(low), int(high) + 1))
    elif param.kind is int or high / max(low, 1e-9) > 50:
        scale = 1.0
        while scale <= high * 10:
            for mult in (1, 2, 5):
                v = scale * mult if param.kind is int else scale * mult / 100
                if low <= v <= high:
                    values.add(float(round(v, 4)))
            scale *= 10
    else:
        step = (high - low) / 20
        for i in range(21):
            values.add(round(low + i * step, 4))
    return sorted(v for v in values if v <= high)


class LadderStepper(Stepper):
    """A stepper that moves along a list of allowed values."""

    def __init__(self, label: Callable[[], str], get: Callable[[], float],
                 set_: Callable[[float], None], ladder: list[float],
                 fmt: Callable[[float], str]) -> None:
        super().__init__(label, get, set_, ladder[0], ladder[-1], 1, fmt)
        self.ladder = ladder

    def values(self) -> list[float]:
        return [*self.ladder, self.get()]

    def nudge(self, direction: int) -> None:
        current = self.get()
        if direction > 0:
            bigger = [v for v in self.ladder if v > current + 1e-9]
            if bigger:
                self.set(bigger[0])
        else:
            smaller = [v for v in self.ladder if v < current - 1e-9]
            if smaller:
                self.set(smaller[-1])


def param_control(param: Param, get: Callable[[], float], set_: Callable[[float], None],
                  on_open: Callable[[Choice], None], label_width: float = 0.38) -> Widget:
    """The widget that sets ``param``, the same on every screen: a switch for an On/Off
    parameter (memory, propagate: "− Off +" read as a number), a chooser for a choice among
    words (Greedy's ties, an evaluation, the network's start: "Égalités − Hasard +" read as
    a number to step, QA16 15), a click on its middle opening the list with ``on_open`` (a
    screen must give it: without, the lab's evaluation choosers stepped to the next name on
    a click, review 5), else a stepper along the parameter's usual values."""
    label = partial(param_label, param.name)
    if is_switch(param):
        return Toggle(label, lambda: bool(get()), lambda on: set_(1.0 if on else 0.0))
    if param.choices:
        items = [(float(i), partial(param_text, param, float(i)))
                 for i in range(len(param.choices))]
        chooser = Choice(label, items, get, lambda value: set_(float(value)), on_open,
                         label_width=label_width)
        # One name and nothing to choose (no network ships for Othello 6x6): greyed.
        chooser.enabled = len(items) > 1
        return chooser
    return LadderStepper(label, get, set_, param_ladder(param), partial(param_text, param))
