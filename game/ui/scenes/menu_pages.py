"""The menu at large text: its three parts (the game, seat 1, seat 2) one page at a time.

At 200% of 1024x768 a 40-pixel body leaves about nineteen lines on the screen: the five cards,
the options and two seat panels side by side cut every name ("Hexapa…", "Pr…"). From
:data:`PAGED_FROM` the menu shows one part at a time, chosen by three tabs in the footer
beside Start (which stays where it is): the game's page lists the games one per row (picture
and whole name) beside its options and who moves first; a seat's page gives the whole width to
its player: its chooser at the top (it never moves as the player changes), the description
under it, the parameters in two columns.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes import menu_layout
from game.ui.widgets import Button, Metrics, Widget, align_values, size_base

if TYPE_CHECKING:
    from game.ui.scenes.menu import MenuScene

#: From this body text size (a fraction of the window's height, or of 62.5% of its width when
#: narrower than 16:10, as :func:`game.ui.widgets.effective_scale` counts) the menu shows its
#: parts one page at a time: 4.2% is 107% of 1024x768 and 130% of 1920x1080, where the three
#: panels side by side still held every row.
PAGED_FROM = 0.042
#: The pages, in the tabs' order: the game (cards, options, who moves first), then each seat.
PAGES = ("game", "seat1", "seat2")
#: The share of the game page's width the list of games takes (the options the rest).
GAME_LIST_SHARE = 0.42


def is_paged(size: tuple[int, int], m: Metrics) -> bool:
    """Whether the menu shows one part at a time in a window of ``size`` with metrics ``m``."""
    return m.body > size_base(size) * PAGED_FROM


def page_tabs(choose: Callable[[str], None], current: Callable[[], str]) -> list[Button]:
    """The three tabs, each showing its page (the shown one is drawn selected)."""
    labels: list[Callable[[], str]] = [lambda: tr("menu.tab.game"),
                                       lambda: tr("menu.seat", n=1),
                                       lambda: tr("menu.seat", n=2)]
    return [Button(label, partial(choose, page), selected=partial(_is, current, page))
            for page, label in zip(PAGES, labels, strict=True)]


def _is(current: Callable[[], str], page: str) -> bool:
    return current() == page


def place_tabs(tabs: list[Button], footer: pygame.Rect, start: pygame.Rect, m: Metrics) -> None:
    """Lay the tabs side by side in the footer, left of Start, as high as a chooser."""
    pad = m.pad
    bh = int(m.body * menu_layout.ROW)
    room = start.left - pad * 3 - footer.left
    tab_w = (room - pad * (len(tabs) - 1)) // len(tabs)
    for i, tab in enumerate(tabs):
        tab.place(pygame.Rect(footer.left + i * (tab_w + pad),
                              footer.centery - bh // 2, tab_w, bh), m.body)


def hide(widgets: list[Widget]) -> None:
    """Take widgets off the screen (another page's): not drawn, not clicked."""
    for wdg in widgets:
        wdg.visible = False
        wdg.place(pygame.Rect(0, 0, 0, 0), wdg.px)


def stack(items: list[Widget], area: pygame.Rect, px: int, m: Metrics,
          shown_to: int | None = None) -> bool:
    """Place ``items`` one per row from the top of ``area``, rows of a chooser's height or
    less down to the least row (a row that would end below ``shown_to``, by default the
    area's bottom, is hidden); False when they do not all fit."""
    if not items:
        return True
    bottom = area.bottom if shown_to is None else shown_to
    row_h = int(px * menu_layout.ROW)
    step = min(row_h + m.pad // 2, area.height // len(items))
    least = int(px * menu_layout.LEAST_ROW)
    fits = step >= least
    step = max(step, least)
    height = min(row_h, step - 2)
    for i, wdg in enumerate(items):
        y = area.top + i * step
        wdg.visible = y + height <= bottom
        wdg.place(pygame.Rect(area.left, y, area.width, height), px)
    align_values(items)
    return fits


def place_game_page(menu: MenuScene, area: pygame.Rect) -> None:
    """The games one per row at the left, the options and who moves first at the right."""
    m = menu.app.metrics
    pad = m.pad
    list_w = int(area.width * GAME_LIST_SHARE)
    menu.game_cards.place_rows(area.left, area.top, list_w, area.height, pad)
    panel = pygame.Rect(area.left + list_w + pad * 2, area.top,
                        area.right - (area.left + list_w + pad * 2), area.height)
    menu.panels = [panel, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
    top = panel.top + pad + int(m.heading * 1.4)
    if not menu.option_widgets:
        top += int(m.body * 1.6)  # the "No options" line
    rows = pygame.Rect(panel.left + pad * 2, top, panel.width - pad * 3,
                       panel.bottom - pad - top)
    stack([*menu.option_widgets, menu.first_choice], rows, m.body, m)
    hide([*menu.seat_widgets[0], *menu.seat_widgets[1]])
    menu.desc_rects = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]


def place_seat_page(menu: MenuScene, seat: int, area: pygame.Rect) -> None:
    """Seat ``seat``'s page: its title and chooser on the first row, the player's
    description under them (when it fits whole above the parameters), the parameters in two
    columns."""
    m = menu.app.metrics
    pad = m.pad
    menu.game_cards.rects = []
    panels = [pygame.Rect(0, 0, 0, 0)] * 3
    panels[1 + seat] = area
    menu.panels = panels
    hide([*menu.option_widgets, menu.first_choice, *menu.seat_widgets[1 - seat]])
    chooser, params = menu.seat_widgets[seat][0], menu.seat_widgets[seat][1:]
    row_h = int(m.body * menu_layout.ROW)
    title_w = text.size(tr("menu.seat", n=seat + 1), m.heading, True)[0] + pad * 4
    chooser.visible = True
    chooser.place(pygame.Rect(area.left + title_w, area.top + pad, area.width - title_w - pad * 2,
                              row_h), m.body)
    inner = area.width - pad * 4
    desc_top = chooser.rect.bottom + pad
    menu.desc_rects[1 - seat] = pygame.Rect(0, 0, 0, 0)
    # The parameters in one column (each label whole beside its value) when they fit with
    # the description, else two columns; the description at the largest size that fits, or
    # left out (the player list shows it). In two columns at a true 200% of 1024x768 the
    # values' column left "Profondeur" 30 px beside "Éval" at 40.
    sizes = menu_layout.description_sizes(m)
    choices = [*((1, px) for px in sizes), *((2, px) for px in sizes), (1, 0), (2, 0)]
    for columns, px in choices:
        rows = math.ceil(len(params) / columns)
        params_h = rows * (int(m.body * menu_layout.LEAST_ROW) + m.pad // 2)
        high = (text.font(px).get_linesize() * len(text.wrap(menu.seat_desc[seat], inner, px))
                if px else 0)
        if desc_top + high + pad + params_h <= area.bottom - pad:
            break
    menu.desc_px[seat] = px
    menu.desc_rects[seat] = pygame.Rect(area.left + pad * 2, desc_top, inner, high)
    top = menu.desc_rects[seat].bottom + pad
    col_w = (inner - pad * 2) // columns
    for col in range(columns):
        items = params[col * rows:(col + 1) * rows]
        stack(items, pygame.Rect(area.left + pad * 2 + col * (col_w + pad * 2), top, col_w,
                                 area.bottom - pad - top), m.body, m)
