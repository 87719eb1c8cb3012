"""What the menu's layout depends on, so a frame where none of it changed keeps the last one
(see :class:`~game.ui.scenes.layout_cache.LayoutCache`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui import i18n
from game.ui.scenes.layout_cache import shown

if TYPE_CHECKING:
    from game.ui.scenes.menu import MenuScene


def layout_key(menu: MenuScene) -> tuple[object, ...]:
    """Every input of :meth:`MenuScene.layout`: the window and its text sizes, language and
    theme; the game, its options, seats and who starts; the page shown at large text; the
    seats' descriptions; and every widget with its label (a rebuild makes new widgets). The
    widgets' values are in the options, the seats' specs and who starts: read from each
    widget, a seat parameter's resolved its spec every frame, most of what the key saved."""
    app, choices = menu.app, menu.choices
    return (app.size, app.metrics, i18n.language(), app.theme, menu.game, menu.page,
            tuple(sorted(choices.options.items())), tuple(choices.seats), choices.first,
            tuple(menu.seat_desc), shown(menu.all_widgets(), values=False),
            tuple(menu.option_widgets), tuple(menu.seat_widgets[0]), tuple(menu.seat_widgets[1]))


def layout_parts(menu: MenuScene) -> list[object]:
    """The objects the layout writes to (see :func:`~game.ui.scenes.layout_cache.snapshot`)."""
    return [menu, menu.game_cards, *menu.seat_lines]
