"""The menu's option ranges: each game declares its own in its presenter, the rules accept
both ends of every range, and the steppers stop there."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from game.rules.registry import game_names, get_game, parse_options
from game.ui.boards import presenter_for
from game.ui.scenes.menu_options import option_widgets
from game.ui.widgets import Choice, Stepper


@pytest.mark.parametrize("game", game_names())
def test_both_ends_of_every_range_are_accepted_by_the_rules(game: str) -> None:
    """A stepper never offers a value that the rules refuse with the other options at their
    defaults (the menu would show a number it then rejects)."""
    info = get_game(game)
    fields = {f.name for f in dataclasses.fields(info.options_type)}
    for name, spec in presenter_for(game).option_specs.items():
        assert name in fields, f"{game} declares a range for '{name}', not one of its options"
        if spec.kind != "int":
            continue
        base = {"variant": spec.variants[0]} if spec.variants else {}
        for value in (spec.low, spec.high):
            options = parse_options(info, {**base, name: str(value)})
            assert getattr(options, name) == value, (game, name, value)


def test_puissance_4_declares_its_own_ranges() -> None:
    """7x6 by default, 4 to 9 columns, 4 to 8 rows, three to five in a row: its own choices,
    not the rules' limits (10x10) nor the 'default +- 5' a field without a range gets."""
    specs = presenter_for("connect4").option_specs
    assert {name: (s.kind, s.low, s.high) for name, s in specs.items()} == {
        "cols": ("int", 4, 9), "rows": ("int", 4, 8), "connect": ("int", 3, 5)}
    defaults = get_game("connect4").options()
    assert (defaults.cols, defaults.rows, defaults.connect) == (7, 6, 4)


def test_the_menu_steppers_of_puissance_4_stop_at_its_ranges() -> None:
    stored: dict[str, str] = {}

    def set_option(name: str, value: str) -> None:
        stored[name] = value

    def open_choice(_choice: Choice) -> None:
        raise AssertionError("Puissance 4 has no chooser")

    widgets = option_widgets("connect4", lambda name: stored.get(name, ""), set_option,
                             open_choice)
    hints = typing.get_type_hints(get_game("connect4").options_type)
    names = [f.name for f in dataclasses.fields(get_game("connect4").options_type)]
    assert len(widgets) == len(names) and all(hints[n] is int for n in names)
    bounds = {}
    for name, widget in zip(names, widgets, strict=True):
        assert isinstance(widget, Stepper)
        bounds[name] = (widget.low, widget.high)
    assert bounds == {"cols": (4, 9), "rows": (4, 8), "connect": (3, 5)}
