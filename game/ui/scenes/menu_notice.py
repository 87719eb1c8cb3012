"""Where the menu's notices go ("Seat 2: N-tuple network with its usual settings for these
options"): in room that holds no control. Above Start across the window, as they were, they
covered "Weight table…" and "Who moves first" on the game page at 200% text (1024x640,
1280x720, 1920x1080) and the n-tuple network's last parameters in its seat's panel at every
text size, for about three seconds (review 16). The rooms tried, in order: across the panels'
empty lower part above Start (where notices went), the empty lower part of each panel shown
(the options', under the option just changed, then the seats'), then the header's room left
of its buttons (over the app's title, which is no control); the first that holds the whole
notice and meets no control, no game card and no player description.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.app import toast_lines
from game.ui.scenes import menu_layout

if TYPE_CHECKING:
    from game.ui.scenes.menu import MenuScene


def obstacles(menu: MenuScene) -> list[pygame.Rect]:
    """What a notice must not cover: every control shown (the header's buttons, the options,
    the seats' choosers and parameters, who moves first, the tabs, Start), the game cards and
    the seats' descriptions."""
    shown = [w.rect for w in menu.all_widgets()
             if w.visible and w.rect.width > 0 and w.rect.height > 0]
    return [*shown, *(rect for _name, rect in menu.cards),
            *(rect for rect in menu.desc_rects if rect.width > 0 and rect.height > 0)]


def rooms(menu: MenuScene, covered: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rooms a notice may take, in the order they are tried (see the module's
    docstring): each is the notice's left, top and width, and the height it may fill."""
    m = menu.app.metrics
    pad = m.pad
    w, _h = menu.app.size
    panels = [p for p in menu.panels if p.width > 0 and p.height > 0]
    below = min((r.top for r in (*panels, *(rect for _n, rect in menu.cards))),
                default=menu.start_button.rect.top)
    bottom = max((p.bottom for p in panels), default=below)
    found = [under(pygame.Rect(int(w * 0.13), below, int(w * 0.74), bottom - below), covered,
                   pad)]
    found += [under(panel, covered, pad) for panel in panels]
    right = menu_layout.buttons_left(menu.header_buttons) - pad * 2
    found.append(pygame.Rect(pad * 2, pad // 2, right - pad * 2, below - pad - pad // 2))
    return [room for room in found if room.width > 0 and room.height > 0]


def under(area: pygame.Rect, covered: list[pygame.Rect], pad: int) -> pygame.Rect:
    """The room in ``area`` under the lowest of ``covered`` that reaches into it (a padding
    from its sides and bottom)."""
    top = max((r.bottom for r in covered if r.colliderect(area)), default=area.top) + pad
    return pygame.Rect(area.left + pad, top, area.width - 2 * pad, area.bottom - pad - top)


def notice_box(room: pygame.Rect, message: str, menu: MenuScene) -> pygame.Rect:
    """The box the app draws for ``message`` in ``room`` (as App._draw_toast sizes it)."""
    m = menu.app.metrics
    px, lines = toast_lines(message, room.width - 2 * m.pad, m.body, menu.app.size[1],
                            max(0, room.height - 2 * m.pad))
    return pygame.Rect(room.left, room.top, room.width,
                       text.font(px).get_linesize() * len(lines) + 2 * m.pad)


def notice_area(menu: MenuScene) -> pygame.Rect | None:
    """The first room (see :func:`rooms`) whose notice box fits in it and covers nothing
    of :func:`obstacles`; the largest room if none does (None: no room at all)."""
    covered = obstacles(menu)
    found = rooms(menu, covered)
    message = menu.app.toast or ""
    for room in found:
        box = notice_box(room, message, menu)
        if room.contains(box) and box.collidelist(covered) < 0:
            return room
    return max(found, key=lambda r: r.width * r.height, default=None)
