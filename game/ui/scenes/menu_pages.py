"""The menu at large text: its three parts (the game, seat 1, seat 2) one page at a time.

At 200% of 1024x768 a 40-pixel body leaves about nineteen lines on the screen: the five cards,
the options and two seat panels side by side cut every name ("Hexapa…", "Pr…"). From
:data:`PAGED_FROM` the menu shows one part at a time, chosen by three tabs in the footer
beside Start (which stays where it is): the game's page lists the games one per row (picture
and whole name) beside its options and who moves first, and under them who sits in each seat
(a teacher sees who will play before pressing Start; a click there shows the seat's page); a
seat's page gives the whole width to its player: its chooser at the top (it never moves as the
player changes), the description under it, the parameters in one or two columns.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.base import RulesError
from game.rules.registry import GameSetup
from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes import menu_layout
from game.ui.scenes.players import NOTE_SEPARATOR, seat_title
from game.ui.theme import Theme
from game.ui.widgets import (
    Button,
    Choice,
    Metrics,
    Stepper,
    Toggle,
    Widget,
    align_values,
    size_base,
)

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


class SeatLine(Widget):
    """On the game page, who sits in one seat ("Seat 2: Alpha-beta · Depth 3", as the play
    screen names the player); a click shows that seat's page. At 200% the game page showed
    the options only, so a teacher pressing Start could not see who would play."""

    def __init__(self, menu: MenuScene, seat: int) -> None:
        super().__init__()
        self.menu = menu
        self.seat = seat
        self.visible = False
        #: Whether the player's parameter is left out when the line does not hold it (the
        #: game page's rows need the height).
        self.short = False

    def player(self) -> str:
        """The seat's player in words, with the parameter that sets it apart."""
        menu = self.menu
        spec = menu.choices.seats[self.seat]
        try:
            return seat_title(spec, GameSetup.of(menu.game, menu.options()))
        except (RulesError, ValueError):
            return spec

    def label(self) -> str:
        """The whole line, as the other widgets name their text."""
        return "".join(self.parts(self.player()))

    def parts(self, player: str) -> tuple[str, str]:
        """The line in two parts: the seat ("Seat 2: ", drawn in the accent colour) and the
        player."""
        before, _mark, after = tr("menu.seat_player", n=self.seat + 1, player="\0").partition(
            "\0")
        return before, player + after

    def lines(self, width: int, m: Metrics, most: int | None = None) -> tuple[list[str], int]:
        """The line as drawn ``width`` pixels wide and its size: on one line at ``most`` (by
        default the body size) down to the small size; else the player's parameter on a
        line of its own under the player's name, unless :attr:`short` (then left out: the
        seat's page shows it)."""
        most = most or m.body
        least = min(m.small, most)
        player = self.player()
        line = "".join(self.parts(player))
        px = text.fit_px(line, width, most, min_px=least)
        if text.size(line, px)[0] <= width:
            return [line], px
        title, _sep, note = player.partition(NOTE_SEPARATOR)
        first = "".join(self.parts(title))
        px = text.fit_px(first, width, most, min_px=least)
        if self.short or not note:
            return [first], px
        return [first, *text.wrap(note, width - self._indent(px), px)], px

    def _indent(self, px: int) -> int:
        """Where the player's name starts: the width of "Seat 2: " at ``px``."""
        return text.size(self.parts("")[0], px)[0]

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.visible and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.menu.show_page(PAGES[1 + self.seat])
            # The page changes under the pointer: the end of a double-click must not press
            # the seat's chooser now there (seen in a real window: its list opened), as
            # when a click changes the screen (App.second_click).
            self.menu.app.guard_double_click(event.pos)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        lines, px = self.lines(self.rect.width, self.menu.app.metrics, self.px)
        hover = self.rect.collidepoint(mouse)
        seat, _player = self.parts("")
        y = self.rect.top
        for index, line in enumerate(lines):
            x = self.rect.left + (self._indent(px) if index else 0)
            if not index:
                x = text.blit_text(surface, seat, px, theme.accent, (x, y), "topleft").right
                line = line[len(seat):]
            text.blit_text(surface, line, px, theme.accent if hover else theme.text, (x, y),
                           "topleft")
            y += text.font(px).get_linesize()


def place_seat_lines(lines: list[SeatLine], area: pygame.Rect, m: Metrics,
                     most: int | None = None) -> int:
    """Place the seat lines one under the other from the top of ``area``, at one size (the
    largest up to ``most`` at which each shows whole); return the y under the last."""
    y = area.top
    px = min(line.lines(area.width, m, most)[1] for line in lines)
    for line in lines:
        height = text.font(px).get_linesize() * len(line.lines(area.width, m, px)[0])
        line.visible = True
        line.place(pygame.Rect(area.left, y, area.width, height), px)
        y += height
    return y


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
    align_boxes(items)
    return fits


def align_boxes(items: list[Widget]) -> None:
    """Start the value boxes of the choosers among ``items`` (one per row, as wide as each
    other) at one x, for as many as can keep every label on one line and every value whole
    (the shortest labels first): each chose its own, so Marienbad's "Variante" and "Tas"
    boxes began 46 px apart in one column at 200% of 1280x720 (QA16 15)."""
    choosers = [w for w in items if isinstance(w, Choice)]
    for chooser in choosers:
        chooser.box_width = None
    shown = sorted((c for c in choosers if c.rect.width and c._parts()[1].left > c.rect.left),
                   key=lambda c: text.size(c.label(), c.px)[0])
    lined: list[Choice] = []
    for chooser in shown:
        group = [*lined, chooser]
        left = max(c.rect.left + text.size(c.label(), c.px)[0] + c.px for c in group)
        if all(c.rect.right - left >= c.box_need() for c in group):
            lined = group
    if len(lined) > 1:
        left = max(c.rect.left + text.size(c.label(), c.px)[0] + c.px for c in lined)
        for chooser in lined:
            chooser.box_width = chooser.rect.right - left


def place_game_page(menu: MenuScene, area: pygame.Rect) -> None:
    """The games one per row at the left, the options and who moves first at the right."""
    m = menu.app.metrics
    pad = m.pad
    list_w = int(area.width * GAME_LIST_SHARE)
    menu.game_cards.place_rows(area.left, area.top, list_w, area.height, pad)
    panel = pygame.Rect(area.left + list_w + pad * 2, area.top,
                        area.right - (area.left + list_w + pad * 2), area.height)
    menu.panels = [panel, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
    # Who plays heads the panel, in the room of its title ("Options": its rows say what
    # they are); a player's parameter on a line of its own only when no row's label
    # shrinks for it (Nim's five rows at 1024x768 drew "Qui commence" at 26 px).
    items = [*menu.option_widgets, menu.first_choice]

    def place(short: bool, most: int) -> tuple[bool, int]:
        for line in menu.seat_lines:
            line.short = short
        top = place_seat_lines(menu.seat_lines, pygame.Rect(
            panel.left + pad * 2, panel.top + pad, panel.width - pad * 4, 0), m, most) + pad
        if not menu.option_widgets:
            top += int(m.body * 1.6)  # the "No options" line
        rows = pygame.Rect(panel.left + pad * 2, top, panel.width - pad * 3,
                           panel.bottom - pad - top)
        return stack(items, rows, m.body, m), min(map(label_px, items))

    # The lines at the largest size at which every row shows: at 200% of 1280x800 in French
    # two lines at the small size hid Nim's fifth row, "who moves first".
    for most in [m.body, *(px for px in menu_layout.description_sizes(m) if px < m.small)]:
        shortest = place(True, most)
        if shortest[0]:
            break
    if place(False, most) < shortest:
        place(True, most)
    hide([*menu.seat_widgets[0], *menu.seat_widgets[1]])
    menu.desc_rects = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]


def label_px(widget: Widget) -> int:
    """The size a row's label is drawn at where the row is placed (on one line or two): a
    stepper's and a switch's beside their controls, a chooser's beside its box."""
    label = getattr(widget, "label", None)
    if isinstance(widget, Choice):
        box = widget._parts()[1]
        room = pygame.Rect(widget.rect.left, widget.rect.top,
                           box.left - widget.rect.left - widget.px // 2, widget.rect.height)
    elif isinstance(widget, (Stepper, Toggle)):
        room = widget._label_box()
    else:
        return widget.px
    if label is None or not label() or room.width <= 0:
        return widget.px
    return text.fit_lines(label(), room, widget.px)[1]


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
    hide([*menu.option_widgets, menu.first_choice, *menu.seat_widgets[1 - seat],
          *menu.seat_lines])
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
    # the description at the small size, else in two columns if every label keeps its size
    # there, else one column with the description smaller, or left out (the player list
    # shows it). In two columns at a true 200% of 1024x768 the values' column left
    # "Profondeur" 30 px beside "Éval" at 40; one column at 1280x800 wrote alpha-beta's
    # description at 37 px where two columns kept the small size (44).
    sizes = menu_layout.description_sizes(m)
    readable = [(2, px, True) for px in sizes if px >= m.small]
    choices = [*((1, px, False) for px in sizes if px >= m.small), *readable,
               *((1, px, False) for px in sizes), *((2, px, False) for px in sizes),
               (1, 0, False), (2, 0, False)]
    for columns, px, strict in choices:
        rows = math.ceil(len(params) / columns)
        high = (text.font(px).get_linesize() * len(text.wrap(menu.seat_desc[seat], inner, px))
                if px else 0)
        # Rows at their least height (as stack places them when short of room).
        fits = desc_top + high + pad + rows * int(m.body * menu_layout.LEAST_ROW) <= (
            area.bottom - pad)
        if not fits and (columns, px) != (2, 0):
            continue
        place_params(params, columns, pygame.Rect(area.left + pad * 2, desc_top + high + pad,
                                                  inner, area.bottom - pad * 2 - desc_top
                                                  - high), m)
        if not strict or all(_keeps_its_size(w) for w in params):
            break
    menu.desc_px[seat] = px
    menu.desc_rects[seat] = pygame.Rect(area.left + pad * 2, desc_top, inner, high)


def place_params(params: list[Widget], columns: int, area: pygame.Rect, m: Metrics) -> None:
    """Place a seat's parameter widgets in ``columns`` columns across ``area``."""
    rows = math.ceil(len(params) / columns)
    col_w = (area.width - m.pad * 2) // columns
    for col in range(columns):
        items = params[col * rows:(col + 1) * rows]
        stack(items, pygame.Rect(area.left + col * (col_w + m.pad * 2), area.top, col_w,
                                 area.height), m.body, m)


def _keeps_its_size(widget: Widget) -> bool:
    """Whether a parameter's label shows whole at its full size where it is placed."""
    if isinstance(widget, Stepper):
        return widget.label_keeps_its_size(1.0)
    return widget.label_fits()
