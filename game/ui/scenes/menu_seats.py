"""A menu seat's widgets: the chooser of Human and every player the registry offers for the
game and variant (each with its one-line description), and the chosen player's parameters as
steppers, choosers and switches that write the seat's spec into the settings as they change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ai.registry import (
    Param,
    PlayerInfo,
    PlayerSpecError,
    UnknownPlayerError,
    defaults_follow,
    get_player_info,
    parse_spec,
    players_for,
    resolve_spec,
)
from game.rules.registry import GameSetup
from game.ui.i18n import tr
from game.ui.scenes.match import HUMAN
from game.ui.scenes.players import (
    param_control,
    player_description,
    player_title,
    seat_title,
    title_label,
)
from game.ui.widgets import Choice, Widget

if TYPE_CHECKING:
    from game.ui.scenes.menu import MenuScene


def checked_spec(spec: str, seat: int, game: str, options: Any, was: Any = None) -> str:
    """``spec`` in canonical form; with the default of each parameter whose value does not
    apply to this game and variant (the n-tuple network's "Shipped" on 8x8, taken to 6x6
    where no network ships), its other values kept; a stand-in (random in seat 2, Human in
    seat 1) when that player cannot play them. With ``was``, the options before: a parameter
    left at their default takes the new options' default (see :func:`defaults_follow`)."""
    if spec == HUMAN:
        return spec
    try:
        info, values = resolve_spec(spec, game, options)
    except PlayerSpecError:
        try:
            info, values = resolve_spec(usable_part(spec, game, options), game, options)
        except PlayerSpecError:
            return "random" if seat == 1 else HUMAN
    else:
        if was is not None:
            values = defaults_follow(info, values, game, was, options)
    return info.canonical_spec(values)


def usable_part(spec: str, game: str, options: Any) -> str:
    """``spec`` with only the parameters these options accept (the player's name alone when
    none is): an older settings file's "trained=1" on Othello 6x6, where no network ships,
    gives way to the default there, and the seat keeps its other values (review 4)."""
    try:
        name, raw = parse_spec(spec)
    except PlayerSpecError:
        return spec.split(":", 1)[0]
    kept = []
    for key, value in raw.items():
        try:
            resolve_spec(f"{name}:{key}={value}", game, options)
        except PlayerSpecError:
            continue
        kept.append(f"{key}={value}")
    return f"{name}:{','.join(kept)}" if kept else name


def say_changes(menu: MenuScene, before: list[str]) -> None:
    """Say which seats new options changed from ``before``: a player is not swapped in
    silently (QA18 16: Othello 8x8 -> 4x4 put Random in the n-tuple network's seat)."""
    setup = GameSetup.of(menu.game, menu.options())
    changed = [(seat, was, now)
               for seat, (was, now) in enumerate(zip(before, menu.choices.seats, strict=True))
               if was != now]
    gone = {was.split(":", 1)[0] for _seat, was, now in changed
            if was.split(":", 1)[0] != now.split(":", 1)[0]}
    if len(changed) > 1 and len(gone) == 1 and all(
            was.split(":", 1)[0] in gone for _seat, was, _now in changed):
        # One player out of both seats: said once, in half the words (two sentences of 28
        # words were 16 px at 200% of 1024x640, in the only room covering no control, R8).
        seats = ", ".join(tr("menu.seat_player", n=seat + 1, player=seat_title(now, setup))
                          .replace(tr("menu.seat", n=seat + 1), seat_word(seat + 1))
                          for seat, _was, now in changed)
        menu.app.notify(tr("menu.seats_replaced", was=player_name(gone.pop()), seats=seats))
        return
    said = [change_notice(seat, was, now, setup) for seat, was, now in changed]
    if said:
        menu.app.notify("\n".join(said))  # (one line a seat: joined by a space they ran on)


def change_notice(seat: int, was: str, now: str, setup: GameSetup) -> str:
    """What the menu says when new options changed ``seat``'s player from ``was`` to ``now``
    (see :func:`checked_spec`): another player in its place, or the same with its usual
    settings (Othello 6x6's network, whose "Shipped" is no choice there)."""
    name, other = was.split(":", 1)[0], now.split(":", 1)[0]
    where = seat_word(seat + 1)
    if name == other:
        return tr("menu.seat_usual", seat=where, player=seat_title(now, setup))
    return tr("menu.seat_replaced", seat=where, player=seat_title(now, setup),
              was=player_name(name))


def seat_word(n: int) -> str:
    """"Seat 2" whose word and number stay on one line (a notice broke "Place / 2 : Hasard")."""
    return tr("menu.seat", n=n).replace(" ", "\u00a0")


def player_name(name: str) -> str:
    """A player's title from its registry name (the player may not play the game)."""
    try:
        return player_title(get_player_info(name))
    except UnknownPlayerError:
        return name


def seat_widgets(menu: MenuScene, seat: int, options: Any) -> tuple[list[Widget], str]:
    """The widgets of ``menu``'s ``seat`` (its chooser first, then the player's parameters)
    and the chosen player's description."""
    descriptions = {HUMAN: tr("seat.human_desc")}
    items: list[tuple[Any, Callable[[], str]]] = [(HUMAN, lambda: tr("seat.human"))]
    for info in players_for(menu.game, options):
        items.append((info.name, title_label(info)))
        descriptions[info.name] = player_description(info)
    spec = menu.choices.seats[seat]
    name = spec.split(":", 1)[0]
    chooser = Choice(lambda: "", items, lambda: menu.choices.seats[seat].split(":", 1)[0],
                     lambda v: menu._set_seat(seat, v), menu.open_choice, label_width=0.0)
    chooser.descriptions = descriptions  # type: ignore[attr-defined]
    result: list[Widget] = [chooser]
    if name != HUMAN:
        try:
            info, values = resolve_spec(spec, menu.game, options)
        except PlayerSpecError:
            return result, descriptions.get(name, "")
        for param in info.params:
            result.append(param_widget(menu, seat, info, dict(values), param))
    return result, descriptions.get(name, "")


def param_widget(menu: MenuScene, seat: int, info: PlayerInfo, values: dict[str, Any],
                 param: Param) -> Widget:
    """The widget of one parameter of the player in ``seat``: it reads and writes the seat's
    spec in the settings (saved at each change)."""
    def get() -> float:
        try:
            _i, now = resolve_spec(menu.choices.seats[seat], menu.game, menu.options())
        except PlayerSpecError:
            return float(param.default)
        return float(now[param.name])

    def set_(value: float) -> None:
        try:
            _i, now = resolve_spec(menu.choices.seats[seat], menu.game, menu.options())
        except PlayerSpecError:
            now = dict(values)
        now[param.name] = round(value) if param.kind is int else value
        menu.choices.seats[seat] = info.canonical_spec(now)
        menu.app.save_settings()

    return param_control(param, get, set_, menu.open_choice)
