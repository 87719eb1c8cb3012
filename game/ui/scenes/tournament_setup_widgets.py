"""The tournament's set-up widgets: the game, its variant, games per pair, seat swapping and
the chance number, then a row per player (its chooser, a remove button, its parameters).

Built from the scene's :class:`~game.ui.scenes.tournament_model.TournamentSetup`; every
change goes through the scene, which refuses it while a tournament runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ai.registry import Param
from game.ui import charts
from game.ui.i18n import tr
from game.ui.scenes.lab_common import game_items, player_items, variant_items
from game.ui.scenes.players import LadderStepper, param_control
from game.ui.widgets import Button, Choice, Stepper, Toggle, Widget

if TYPE_CHECKING:
    from game.ui.scenes.tournament import TournamentScene

GAME_COUNTS = (2, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000)
LABEL_WIDTH = 0.36


class SaidStepper(Stepper):
    """A stepper whose label, clicked, says what the setting does (``say``): the set-up's
    "Chance no." is explained where it is, before a class changes it."""

    def __init__(self, say: Callable[[], None], *args: Any) -> None:
        super().__init__(*args)
        self.say = say

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.visible and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self._label_box().collidepoint(event.pos)):
            self.say()
            return True
        return super().handle(event)


def setup_widgets(scene: TournamentScene) -> list[Widget]:
    """The rows above the players: game, variant, games per pair, swap, chance number."""
    setup = scene.setup
    return [
        Choice(lambda: tr("lab.game"), game_items(), lambda: setup.game, scene.set_game,
               scene.open_choice, label_width=LABEL_WIDTH),
        Choice(scene.variant_label, variant_items(setup.game, setup.presets()),
               lambda: setup.variant, scene.set_variant, scene.open_variants,
               label_width=LABEL_WIDTH),
        LadderStepper(lambda: tr("tour.games"), lambda: float(setup.games), scene.set_games,
                      [float(g) for g in GAME_COUNTS], charts.format_number),
        Toggle(lambda: tr("tour.swap"), lambda: setup.swap, scene.set_swap),
        SaidStepper(scene.say_seed, lambda: tr("tour.seed"), lambda: float(setup.seed),
                    scene.set_seed, 0, 999),
    ]


def player_rows(scene: TournamentScene) -> list[list[Widget]]:
    """A row of widgets for each player of the set-up."""
    setup = scene.setup
    items = player_items(setup.game, setup.options)
    return [player_row(scene, index, spec, items) for index, spec in enumerate(setup.specs)]


def player_row(scene: TournamentScene, index: int, spec: str,
               items: list[tuple[Any, Callable[[], str]]]) -> list[Widget]:
    """The widgets of player ``index``: its chooser, a remove button, its parameters."""
    name = spec.split(":", 1)[0]

    def number() -> str:
        return f"{index + 1}."

    def choose(value: Any) -> None:
        scene.set_player(index, value)

    def remove() -> None:
        scene.remove_player(index)

    row: list[Widget] = [
        Choice(number, items, lambda: name, choose, scene.open_choice, label_width=0.1),
        Button(lambda: tr("tour.remove"), remove, danger=True),
    ]
    row += [_param_widget(scene, index, param) for param in scene.setup.params(index)]
    return row


def _param_widget(scene: TournamentScene, index: int, param: Param) -> Widget:
    def get() -> float:
        return scene.param_value(index, param)

    def set_(value: float) -> None:
        scene.set_param(index, param, value)

    return param_control(param, get, set_, scene.open_choice, label_width=LABEL_WIDTH)
