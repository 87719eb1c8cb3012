"""The menu's option widgets: one per field of the game's options dataclass, a stepper, a
switch or a chooser, with the ranges the game's presenter gives (a class needs a board that fits
the screen) or, for a field it does not mention, ranges read from the field's type.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import Any

from game.rules.registry import get_game, option_hints
from game.ui.boards import OptionSpec, presenter_for
from game.ui.i18n import tr
from game.ui.widgets import Choice, Stepper, Toggle, Widget


def default_text(value: Any) -> str:
    """An option's default value as the text the settings store."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_value(game: str, stored: Mapping[str, str], name: str) -> str:
    """The text of ``game``'s option ``name``: as ``stored``, else its default."""
    if name in stored:
        return stored[name]
    fields = dataclasses.fields(get_game(game).options_type)
    return next((default_text(f.default) for f in fields if f.name == name), "")


def spec_for(game: str, field: dataclasses.Field[Any], hint: Any) -> OptionSpec:
    """The menu's spec for one options field: the presenter's, or one from the field's type."""
    known = presenter_for(game).option_specs.get(field.name)
    if known is not None:
        return known
    if hint is bool:
        return OptionSpec("bool")
    if typing.get_origin(hint) is typing.Literal:
        return OptionSpec("choice", values=tuple(str(v) for v in typing.get_args(hint)))
    if hint is int:
        default = field.default if isinstance(field.default, int) else 3
        return OptionSpec("int", max(1, default - 5), default + 5)
    if typing.get_origin(hint) is tuple and field.default is not dataclasses.MISSING:
        return OptionSpec("heaps", values=(default_text(field.default),))
    return OptionSpec("hidden")


def option_label(game: str, name: str) -> Callable[[], str]:
    """An option's label, translated when drawn (the game's own wording first)."""
    def label() -> str:
        key = f"option.{game}.{name}"
        shown = tr(key)
        if shown == key:
            shown = tr(f"option.{name}")
        return name if shown == f"option.{name}" else shown
    return label


def value_label(game: str, name: str, value: str) -> Callable[[], str]:
    """A chooser value's label, translated when drawn ("1 3 5 7" heaps, "8×8" sizes)."""
    def label() -> str:
        key = f"option.{game}.{name}.{value}"
        shown = tr(key)
        if shown != key:
            return shown
        if name == "heaps":
            return value.replace(",", " ")
        if name == "size":
            return f"{value}×{value}"
        return value
    return label


def option_widget(game: str, name: str, spec: OptionSpec, stored: Callable[[str], str],
                  set_option: Callable[[str, str], None],
                  open_choice: Callable[[Choice], None]) -> Widget:
    """The widget that edits option ``name`` (its text is ``stored(name)``)."""
    label = option_label(game, name)
    if spec.kind == "int":
        def get_int() -> float:
            try:
                return float(int(stored(name)))
            except ValueError:
                return float(spec.low)
        return Stepper(label, get_int, lambda v: set_option(name, str(int(v))),
                       spec.low, spec.high)
    if spec.kind == "bool":
        return Toggle(label, lambda: stored(name).lower() in ("true", "1", "yes"),
                      lambda on: set_option(name, "true" if on else "false"))
    values = list(spec.values)
    current = stored(name)
    if current and current not in values:
        values.append(current)
    items = [(v, value_label(game, name, v)) for v in values]
    choice = Choice(label, items, lambda: stored(name), lambda v: set_option(name, str(v)),
                    open_choice, label_width=0.3)
    # Under the "Options" title a variant's name says what it is, when large text leaves no
    # room for both ("Va…" beside "One h…").
    choice.label_optional = name == "variant"
    return choice


def option_widgets(game: str, stored: Callable[[str], str],
                   set_option: Callable[[str, str], None],
                   open_choice: Callable[[Choice], None]) -> list[Widget]:
    """The widgets for every option of ``game`` shown with the current variant."""
    info = get_game(game)
    hints = option_hints(info.options_type)
    variant = stored("variant")
    widgets: list[Widget] = []
    for f in dataclasses.fields(info.options_type):
        spec = spec_for(game, f, hints.get(f.name))
        if spec.kind == "hidden" or (spec.variants and variant not in spec.variants):
            continue
        widgets.append(option_widget(game, f.name, spec, stored, set_option, open_choice))
    return widgets
