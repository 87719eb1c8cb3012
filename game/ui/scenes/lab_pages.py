"""Getting to the boxes that matter in the lab's matchbox view, however many pages there are:
with 200% text a page holds one box (a Hexapawn Q-learner's 44 to 59 boxes made as many pages,
only the arrows to go through them). The boxes shown can be all of them, those used at least
once (a Q-learner also keeps boxes for the positions of the side it does not play, never
used: about half of them), or those the last game changed; the keys jump pages (Page Up/Down,
Home, End) as the mouse wheel turns them, and the page bar under the boxes (where the page
shown sits among all of them) takes a click or a drag to any page.

The filter button cycles through the three, its label naming what is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.lab_common import wrap_margin
from game.ui.scenes.play_fit import readable_px
from game.ui.theme import Theme, blend

#: A boxes panel this many body-text lines tall has buttons 1.8 lines high; a shorter one
#: (the lab's compact layout at 200% of 1920x1080: ten lines) 1.35, to leave the boxes room.
TALL_PANEL = 12

if TYPE_CHECKING:
    from game.ui.scenes.lab_knowledge import KnowledgePanel
    from game.ui.scenes.lab_session import LabSession

#: The filter's label keys, in the order the button cycles through them.
FILTER_KEYS = ("lab.show_all", "lab.show_used", "lab.show_changed")

B = TypeVar("B")


def filter_key(session: LabSession) -> str:
    """The label key of the boxes the session shows."""
    if session.changed_only:
        return "lab.show_changed"
    return "lab.show_used" if session.used_only else "lab.show_all"


def filtered(session: LabSession) -> bool:
    """Whether a filter hides boxes: its button then stays even with no box shown, as the
    way back to all of them ("Used boxes" before any use hid the button, and with it the
    way back)."""
    return session.changed_only or session.used_only


def empty_words(session: LabSession, game_result: str) -> str:
    """What the boxes view says when the filter leaves no box: each filter its
    own words ("Used boxes" with none used said "No boxes yet… Press Train" while "All boxes"
    listed them: review); after One game that changed no box, its result (``game_result``;
    the table said "No boxes yet … Press Train." beside 19 boxes, QA17 8)."""
    if session.changed_only:
        return game_result or tr("lab.no_changed_boxes")
    return tr("lab.no_used_boxes" if session.used_only else "lab.no_boxes")


def next_filter(session: LabSession) -> None:
    """Show the next set of boxes: all, then the used ones, then the last game's."""
    now = FILTER_KEYS.index(filter_key(session))
    chosen = FILTER_KEYS[(now + 1) % len(FILTER_KEYS)]
    session.changed_only = chosen == "lab.show_changed"
    session.used_only = chosen == "lab.show_used"


def shown(boxes: Sequence[B], session: LabSession, used: Sequence[int],
          changed: Sequence[bool]) -> list[B]:
    """The ``boxes`` the session's filter keeps (``used``, ``changed``: each box's use and
    whether the last game changed it)."""
    if session.changed_only:
        return [b for b, c in zip(boxes, changed, strict=True) if c]
    if session.used_only:
        return [b for b, n in zip(boxes, used, strict=True) if n > 0]
    return list(boxes)


#: The keys that turn pages: a step, or the first (-inf) or last (+inf) page.
PAGE_KEYS = {pygame.K_PAGEUP: -1.0, pygame.K_PAGEDOWN: 1.0,
             pygame.K_HOME: float("-inf"), pygame.K_END: float("inf")}


def page_for_key(key: int, page: int, pages: int) -> int | None:
    """The page ``key`` goes to from ``page`` of ``pages``, or None for another key."""
    step = PAGE_KEYS.get(key)
    if step is None:
        return None
    if step in (float("-inf"), float("inf")):
        return 0 if step < 0 else max(0, pages - 1)
    return min(max(0, pages - 1), max(0, page + int(step)))


class PageBar:
    """Under the boxes, in the panel's padding (nothing else is drawn there, so it moves no
    box): a track across the panel, and on it the page shown, as wide as a page's share. A
    click or a drag on it goes to the page under the pointer."""

    @staticmethod
    def button_height(panel: pygame.Rect, px: int) -> int:
        """The height of the boxes panel's buttons (these arrows among them) for a panel
        ``panel`` with text of ``px``: see :data:`TALL_PANEL`."""
        return int(px * (1.8 if panel.height >= TALL_PANEL * px else 1.35))

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False

    def place(self, panel: pygame.Rect, pad: int, pages: int) -> None:
        """Across ``panel``'s bottom padding; nowhere for one page."""
        self.rect = (pygame.Rect(panel.left + pad * 2, panel.bottom - pad, panel.width - pad * 4,
                                 pad) if pages > 1 else pygame.Rect(0, 0, 0, 0))

    def page_at(self, x: int, pages: int) -> int:
        """The page under ``x``."""
        share = (x - self.rect.left) / max(1, self.rect.width)
        return min(pages - 1, max(0, int(share * pages)))

    def handle(self, event: pygame.event.Event, pages: int) -> int | None:
        """The page a click or a drag on the bar goes to, or None."""
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP or not self.rect.width:
            self.dragging = False
        if self.dragging and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            return self.page_at(event.pos[0], pages)
        return None

    def draw_with_count(self, surface: pygame.Surface, page: int, pages: int, theme: Theme,
                        count: pygame.Rect, px: int) -> None:
        """The bar, and the page shown of how many ("3/12") centred in ``count`` at ``px``
        where there are several."""
        self.draw(surface, page, pages, theme)
        if pages > 1:
            text.blit_text(surface, f"{page + 1}/{pages}", px, theme.text, count.center,
                           "center")

    def draw(self, surface: pygame.Surface, page: int, pages: int, theme: Theme) -> None:
        """The track and the page shown on it."""
        bar = self.rect
        if bar.width <= 0:
            return
        track = pygame.Rect(bar.left, bar.centery - max(2, bar.height // 6), bar.width,
                            max(4, bar.height // 3))
        pygame.draw.rect(surface, blend(theme.panel, theme.text_muted, 0.3), track,
                         border_radius=track.height // 2)
        width = max(track.height * 3, track.width // pages)
        thumb = pygame.Rect(track.left + (track.width - width) * page // max(1, pages - 1),
                            bar.centery - max(3, bar.height // 3), width,
                            max(6, bar.height * 2 // 3))
        pygame.draw.rect(surface, theme.accent, thumb, border_radius=thumb.height // 2)


def head_sizes(labels: list[list[str]], widths: list[int], height: int, px: int, small: int,
               least: int) -> tuple[list[int], int]:
    """The text size of each of the boxes panel's buttons of its top row (the filter, the
    sort), ``widths`` wide for every one of its ``labels``, and the row's height: each label
    on one line down to the small size, never under ``least`` (the readable size), and the
    row (``height``) as high as two lines of it where a label goes on two (a WrapButton):
    at 100% of 1024x768, one line high, "Sort: most used" was cut to "Sort: most …" and
    "Toutes les boîtes (19)" shrunk to about 13 px (QA13 32)."""
    sizes = [max(least, min(text.fit_px(t, w - height // 2, px, True, small) for t in texts))
             for texts, w in zip(labels, widths, strict=True)]
    if any(text.size(t, size, True)[0] > w - height // 3
           for texts, w, size in zip(labels, widths, sizes, strict=True) for t in texts):
        # Two lines and the margin that keeps their descenders off the button's edge.
        lines = text.two_line_step(least) * 2
        height = max(height, lines + 12)
        while height - wrap_margin(height) < lines:
            height += 1
    return sizes, height


def share_row(labels: list[list[str]], room: int, px: int, least: int, margin: int
              ) -> list[int]:
    """The widths of the boxes panel's top-row buttons (each with ``labels``, ``margin``
    around its text) in ``room``: each as wide as its longest label on one line at ``px``
    where they all fit; else each at least as wide as its labels need on two lines at
    ``least`` (the readable size) and the rest shared by what each needs on one line. Shared
    by one-line needs alone, "Sort: most used" got 116 px at 100% of 1024x768 beside the
    filter's "Last game's boxes (8 888)" and was cut (QA13 32)."""
    one = [max(text.size(t, px, True)[0] for t in texts) + margin for texts in labels]
    if sum(one) <= room:
        return one
    two = [max(two_lines_width(t, least) for t in texts) + margin for texts in labels]
    if sum(two) > room:  # (not even on two lines: shared by need, as before)
        return [w * room // sum(one) for w in one]
    extra = [o - t for o, t in zip(one, two, strict=True)]
    return [t + e * (room - sum(two)) // max(1, sum(extra))
            for t, e in zip(two, extra, strict=True)]


def two_lines_width(label: str, px: int) -> int:
    """The width ``label`` needs in bold at ``px`` broken at its best space onto two lines."""
    words = label.split()
    return min((max(text.size(" ".join(words[:i]), px, True)[0],
                    text.size(" ".join(words[i:]), px, True)[0]) for i in range(1, len(words))),
               default=text.size(label, px, True)[0])


def place_head(panel: KnowledgePanel, rect: pygame.Rect) -> None:
    """Place the top row of the boxes panel ``panel`` at ``rect``: see
    :meth:`KnowledgePanel.layout`."""
    kb = rect
    m = panel.app.metrics
    pad = m.pad
    px = m.body
    sh = nav = PageBar.button_height(rect, px)
    page_w = text.size(f"{max(88, panel.pages())}/{max(88, panel.pages())}", px)[0] + pad
    sorts = [tr("lab.sort_use"), tr("lab.sort_position")]
    widths = [max(text.size(t, px, True)[0] for t in texts) + sh // 2
              for texts in ([tr(k) for k in FILTER_KEYS], sorts)]
    nav_w = nav * 2 + page_w + pad
    title_w = text.size(tr("lab.knowledge_short", n=8888), px, True)[0]
    panel.titled = sum(widths) + nav_w + title_w + pad * 6 <= kb.width
    toggles = ((panel.changed_button, [panel.filter_text(k, 8888) for k in FILTER_KEYS]),
               (panel.sort_button, sorts))
    top = kb.top + pad
    prev_left = kb.right - pad * 2 - nav * 2 - page_w
    if panel.titled:
        x = prev_left - pad - sum(widths) - pad
    else:
        x = kb.left + pad * 2
        # Shared by what each needs, not halves: the filter's "Toutes les boîtes
        # (2 857)" was cut beside a shorter sort label (QA, 1280x720 fr 200%).
        widths = share_row([texts for _b, texts in toggles],
                                     prev_left - pad * 3 - x, px,
                                     readable_px(panel.app.size), sh // 2)
    least = readable_px(panel.app.size)
    sizes, sh = head_sizes([texts for _b, texts in toggles], widths, sh, px,
                                     m.small, least)
    panel._title_y = kb.top + pad + sh // 2
    panel._head_h = sh
    panel.next_button.place(pygame.Rect(kb.right - pad * 2 - nav, top, nav, sh), px)
    panel._page_rect = pygame.Rect(panel.next_button.rect.left - page_w, top, page_w, sh)
    panel.prev_button.place(pygame.Rect(panel._page_rect.left - nav, top, nav, sh), px)
    for (button, _texts), bw, bpx in zip(toggles, widths, sizes, strict=True):
        button.place(pygame.Rect(x, top, bw, sh), bpx)
        # Two lines down to the readable size before a cut: "Toutes les boîtes (2 857)"
        # beside a four-digit page count at 1024x640 fr 200% (at 70% two lines were too
        # tall for the row).
        button.min_px = least
        x += bw + pad
