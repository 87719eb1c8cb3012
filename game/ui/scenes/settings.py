"""The settings screen: language, full screen, theme, animations, sound, AI speed.

Every change applies at once and is saved, so there is no "OK" to forget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import i18n, text, widgets
from game.ui.i18n import decimal, tr
from game.ui.scene import Scene
from game.ui.settings import AI_DELAYS, TEXT_SCALES
from game.ui.widgets import Button, Choice, Toggle, Widget, draw_panel, effective_scale

if TYPE_CHECKING:
    from game.ui.app import App


#: How far past the text-size row the pointer may go before the panel, which followed the
#: arrow it clicked, goes back to the middle of the window.
ANCHOR_PIXELS = 8
#: Keys that scroll the rows when they do not all fit (rows at a time).
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -4, pygame.K_PAGEDOWN: 4}


def delay_label(delay: float) -> str:
    """An AI-vs-AI delay in words, in the language's way ("instant", "0.6 s"; "0,6 s")."""
    return tr("speed.instant") if delay <= 0 else tr("speed.seconds", s=decimal(f"{delay:g}"))


def scale_label(percent: int, size: tuple[int, int]) -> str:
    """A text-size value: "150 %", or "200 % → 137 %" when the window holds less (the text
    stops growing where the screens would lose what they show)."""
    shown = f"{percent}\u202f%"
    real = round(effective_scale(size, percent / 100) * 100)
    return shown if real >= percent else f"{shown} \u2192 {real}\u202f%"


def _name_of(code: str) -> Callable[[], str]:
    """A label callable giving the language ``code``'s own name."""
    return lambda: i18n.language_name(code)


def _two_line_width(label: str, px: int) -> int:
    """The width ``label`` takes at ``px`` on at most two lines, broken where they come out
    the most even."""
    words = label.split(" ")  # not at a no-break space
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return min((max(text.size(a, px)[0], text.size(b, px)[0]) for a, b in splits),
               default=text.size(label, px)[0])


def _lines_needed(chooser: Choice, box: int, width: int, px: int) -> int | None:
    """The lines a chooser ``width`` px wide needs with a value box of ``box`` px at ``px``:
    1, 2 (its label or its longest value on two), or None when one of them would not show
    whole even on two lines."""
    room = box - 2 * int(px * 1.2)  # the arrows at their widest (a two-line row's)
    label_room = width - box - px // 2
    label = chooser.label()
    if text.size(label, px)[0] <= label_room:
        lines = 1
    elif _two_line_width(label, px) <= label_room:
        lines = 2
    else:
        return None
    for _value, name in chooser.items:
        value = name()
        if text.size(value, int(px * 0.8), True)[0] <= room:
            continue
        wrapped = text.wrap(value, room, px, True)
        if len(wrapped) > 2 or any(text.size(line, px, True)[0] > room for line in wrapped):
            return None
        lines = 2
    return lines


class SettingsScene(Scene):
    """A panel of settings over the previous screen (drawn opaque: it has its own background)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.rows: list[Widget] = [
            Choice(lambda: tr("settings.language"),
                   [(code, _name_of(code)) for code in i18n.languages()],
                   lambda: s.language, self._set("language"), None),
            # Second: whoever made the text too large finds the way back at once.
            Choice(lambda: tr("settings.text_scale"),
                   [(v, self._percent(v)) for v in TEXT_SCALES],
                   lambda: s.text_scale, self._set("text_scale"), None),
            Toggle(lambda: tr("settings.fullscreen"), lambda: app.fullscreen,
                   self._set_fullscreen),
            Choice(lambda: tr("settings.theme"),
                   [("default", lambda: tr("settings.theme.default")),
                    ("contrast", lambda: tr("settings.theme.contrast"))],
                   lambda: s.theme, self._set("theme"), None),
            Toggle(lambda: tr("settings.animations"), lambda: s.animations,
                   self._set("animations")),
            Toggle(lambda: tr("settings.sound"), lambda: s.sound, self._set("sound")),
            Toggle(lambda: tr("settings.reasoning"), lambda: s.show_reasoning,
                   self._set("show_reasoning")),
            Toggle(lambda: tr("settings.explain_wait"), lambda: s.explain_wait,
                   self._set("explain_wait")),
            Choice(lambda: tr("settings.ai_delay"),
                   [(d, self._delay_text(d)) for d in AI_DELAYS],
                   lambda: s.ai_delay, self._set("ai_delay"), None),
        ]
        for row in self.rows:
            if isinstance(row, (Toggle, Choice)):
                # A long label on two lines at the rows' size, not one line shrunk ("Explain
                # mode: the AI's move waits for a click" read 31 px among 40 px rows).
                row.shrink = 1.0
        self.back = Button(lambda: tr("dialog.back"), self.close, primary=True)
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: Where the pointer was and which arrow (0 left, 2 right) it clicked when the text
        #: size last changed: the panel then moves so that arrow stays under the pointer.
        self.anchor: tuple[tuple[int, int], int] | None = None
        #: How far the rows are scrolled, in pixels, and how far they can be (large text):
        #: scrolling stops at a row's top (see :attr:`tops`), so no band is left empty
        #: above the first row shown.
        self.scroll = 0
        self.most_scroll = 0
        #: Where each row starts below the first one's top, in pixels.
        self.tops: list[int] = [0]
        #: Where the rows show (between the title and Back).
        self.view = pygame.Rect(0, 0, 0, 0)
        #: The lines beside Back.
        self.hint: list[str] = []

    def _percent(self, value: int) -> Any:
        return lambda: scale_label(value, self.app.size)

    @staticmethod
    def _delay_text(delay: float) -> Any:
        return lambda: delay_label(delay)

    def _set(self, name: str) -> Any:
        def apply(value: Any) -> None:
            if name == "text_scale":
                self._keep_under_pointer()
            setattr(self.app.settings, name, value)
            self.app.apply_settings()
            self.app.save_settings()
            if name == "sound" and value:
                self.app.play_sound("move")
        return apply

    def _set_fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.app.apply_settings()
        self.app.save_settings()

    def close(self) -> None:
        """Back to the previous screen."""
        self.app.pop(self)

    def layout(self) -> None:
        """Place the rows in a centred panel, each as high as its label needs (two lines for
        a long one at large text); when they do not all fit between the title and Back the
        rows scroll (wheel, arrow keys) and only whole rows are shown. Right after a text-size
        change the panel is placed so that the arrow clicked is under the pointer (see
        :meth:`_anchored`), laid out whole there as anywhere else."""
        w, h = self.app.size
        m = self.app.metrics
        head = text.font(m.title, True).get_linesize() + m.pad * 2
        # As wide at every text size (the width large text needs): changing the size then
        # leaves the arrows where they were across, and the panel centred (from 100% it
        # widened and, following the pointer, sat against the window's left edge).
        pw = int(w * 0.9)
        inner = pw - m.pad * 6
        gap = m.pad // 2
        for one in (2.0, 1.6):  # rows closer together before they scroll
            self._line_up_choosers(inner, one)
            heights = [self._row_height(row, inner, int(m.body * one), m) for row in self.rows]
            content = sum(heights) + gap * len(self.rows)
            foot = self._foot(pw, m, scrolls=False)
            if head + content + foot <= h - 2 * m.pad:
                break
        self.tops = [sum(heights[:i]) + gap * i for i in range(len(heights))]
        panel = pygame.Rect(0, 0, pw, min(head + content + foot, h - 2 * m.pad))
        panel.center = (w // 2, h // 2)
        if self.anchor is not None:
            panel = self._anchored(panel, head, heights, foot)
        # The hint says how to see every row when they do not all show in this panel.
        foot = self._foot(pw, m, scrolls=content > panel.height - head - foot)
        self.panel = panel
        self.view = pygame.Rect(panel.left + m.pad * 3, panel.top + head, inner,
                                panel.height - head - foot)
        # The first row's top from which the rest fits: at the end the last row shows whole
        # and the first row shown starts at the top.
        self.most_scroll = next((top for top in self.tops
                                 if content - top <= self.view.height), self.tops[-1])
        self.scroll = max(0, min(self.scroll, self.most_scroll))
        y = self.view.top - self.scroll
        for row, height in zip(self.rows, heights, strict=True):
            row.place(pygame.Rect(self.view.left, y, inner, height), m.body)
            row.visible = self.view.contains(row.rect)
            y += height + gap
        # Back and the hint beside it share the middle of the foot.
        row_h = int(m.body * 2.0)
        middle = panel.bottom - m.pad * 2 - (foot - m.pad * 4) // 2
        self.back.place(pygame.Rect(panel.right - m.pad * 3 - int(pw * 0.3),
                                    middle - row_h // 2, int(pw * 0.3), row_h), m.body)

    def _foot(self, pw: int, m: widgets.Metrics, scrolls: bool) -> int:
        """The height under the rows for Back and the hint beside it (:attr:`hint`, set
        here: whether the rows scroll changes what it says)."""
        self.hint = self._hint_lines(pw, m, scrolls)
        return max(int(m.body * 2.0),
                   text.font(m.small).get_linesize() * len(self.hint)) + m.pad * 4

    def _line_up_choosers(self, width: int, one: float) -> None:
        """Give every chooser one value box, so their arrows stand in one column ("Colours",
        for "High contrast (projector)", stuck out 50 to 215 px left of the others at 200%)
        and at one place across at every text size (a click at one place steps the size
        again). Of the boxes that show every label and value whole at the largest text size
        (on two lines if need be), the one that puts the fewest rows on two lines, then the
        fewest for a value (its box as tall beside a label on one line), the widest of
        those."""
        largest = widgets.Metrics.for_size(self.app.size, widgets.MAX_TEXT_SCALE)
        px = largest.body
        choosers = [row for row in self.rows if isinstance(row, Choice)]
        for chooser in choosers:
            chooser.label_width = 0.5
            chooser.box_width = None
            chooser.place(pygame.Rect(0, 0, width, int(px * one)), px)
        widest = max(chooser._parts()[1].width for chooser in choosers)
        best: tuple[int, int, int] | None = None  # (rows on two lines, boxes so, box)
        step = max(1, px // 4)
        # Wider boxes last, taken only where they put fewer rows on two lines, or fewer for
        # a value rather than a label: "Colours" was 1.5 times as tall as the rows above it,
        # an empty band under its box, for "High contrast (projector)" on two lines at 200%
        # of 1280x720 (QA16 15), where a wider box puts "AI vs AI: delay per move" on two.
        wider = range(widest + step, int(width * 0.75), step)
        for box in [*range(widest, int(width * 0.3), -step), *wider]:
            needs = [_lines_needed(chooser, box, width, px) for chooser in choosers]
            if None not in needs:
                two = sum(1 for lines in needs if lines == 2)
                boxes = sum(1 for chooser, lines in zip(choosers, needs, strict=True)
                            if lines == 2 and text.size(chooser.label(), px)[0]
                            <= width - box - px // 2)
                if best is None or (two, boxes) < best[:2]:
                    best = (two, boxes, box)
        for chooser in choosers:
            chooser.box_width = None if best is None else best[2]

    def _anchored(self, panel: pygame.Rect, head: int, heights: list[int],
                  foot: int) -> pygame.Rect:
        """The panel moved (and made shorter where the window ends) so that the text-size
        arrow last clicked is under the pointer again, and :attr:`scroll` for it: a click at
        one place keeps stepping the size (at 1920x1080 the second click of four missed the
        moved arrow; at 1280x800 the third click down from 200% switched full screen on).

        The rows scroll by whole rows only and the panel stays inside the window, so the
        panel is whole at once: after a double-click on ◀ from 200% it was drawn as for the
        size in between until the pointer moved, an empty band under its title, a row
        missing and its frame at the window's bottom edge (QA14 21)."""
        (x, y), side = self.anchor or ((0, 0), 0)
        w, h = self.app.size
        m = self.app.metrics
        chooser = self.rows[1]
        chooser.place(pygame.Rect(0, 0, panel.width - m.pad * 6, heights[1]), m.body)
        across = chooser._parts()[side].centerx if isinstance(chooser, Choice) else 0
        left = max(0, min(w - panel.width, x - across - m.pad * 3))
        # The arrow's middle below the panel's top, the rows scrolled by s: no scroll if the
        # panel can move enough, else the text-size row first (growing, the arrow went down
        # while the panel could not go up).
        for s in (0, self.tops[1]):
            self.scroll = s
            top = y - (head + self.tops[1] - s + heights[1] // 2)
            if top >= m.pad:
                break
        bottom = min(h - m.pad, max(top, m.pad) + panel.height)
        # At least the title, the text-size row and the foot.
        least = head + self.tops[1] - self.scroll + heights[1] + foot
        top = max(m.pad, min(top, bottom - least))
        return pygame.Rect(left, top, panel.width, bottom - top)

    def _hint_lines(self, pw: int, m: widgets.Metrics, scrolls: bool) -> list[str]:
        """The lines beside Back: that changes are saved (and, when the rows scroll, how to
        see them all), wrapped to the room left of Back."""
        hint = tr("settings.saved_scroll" if scrolls else "settings.saved")
        return text.wrap(hint, pw - int(pw * 0.3) - m.pad * 7, m.small)

    @staticmethod
    def _row_height(row: Widget, width: int, one: int, m: widgets.Metrics) -> int:
        """A row's height: ``one`` pixels, or room for its label on two lines when it does
        not fit on one ("Mode explication : le coup de l'IA attend un clic" at 200%)."""
        if isinstance(row, Toggle):
            row.switch_height = one  # the switch of a two-line row as large as the others
        row.place(pygame.Rect(0, 0, width, one), m.body)
        # On one line at the rows' size, else two lines (in a row of one it shrank).
        if isinstance(row, Choice):
            fits = _lines_needed(row, row._parts()[1].width, width, m.body) == 1
        elif isinstance(row, Toggle):
            fits = text.size(row.label(), m.body)[0] <= row._label_box().width
        else:
            fits = True
        # Two lines of a label, or of a value (as tall as bold lines need).
        return one if fits else max(text.two_line_step(m.body) * 2 + m.pad // 2,
                                    text.font(m.body, True).get_linesize() * 2)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the rows (when they do not all fit), to the top of the row ``pixels``
        reach, or the next one in that direction."""
        target = self.scroll + pixels
        tops = [top for top in self.tops if top <= self.most_scroll] or [0]
        if pixels > 0:
            self.scroll = min([top for top in tops if top >= target] or [tops[-1]])
        elif pixels < 0:
            self.scroll = max([top for top in tops if top <= target] or [0])

    def _keep_under_pointer(self) -> None:
        """Remember the text-size arrow under the pointer (a click on it changes every row's
        size and place: at 1920x1080 the second click of four missed the moved arrow)."""
        pos = widgets.mouse()
        parts = self.rows[1]._parts() if isinstance(self.rows[1], Choice) else ()
        for side in (0, 2):
            if side < len(parts) and parts[side].collidepoint(pos):
                self.anchor = (pos, side)

    def notice_area(self) -> pygame.Rect | None:
        """Notices (a settings file that cannot be written) over the top of the panel, never
        over Back."""
        w = self.app.size[0]
        return pygame.Rect(int(w * 0.13), self.app.metrics.pad, int(w * 0.74), 0)

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if (event.type == pygame.MOUSEMOTION and self.anchor is not None
                and not self.rows[1].rect.inflate(ANCHOR_PIXELS * 2,
                                                  ANCHOR_PIXELS * 2).collidepoint(event.pos)):
            # The pointer left the text-size row: the panel goes back to the middle, its
            # rows from the top (it stayed where the arrow had pulled it, against an edge,
            # "Language" scrolled away behind an empty band).
            self.anchor = None
            self.scroll = 0
            return
        step = int(self.app.metrics.body * 1.6)
        if event.type == pygame.MOUSEWHEEL:
            self.anchor = None  # the rows scroll where the panel stands in the middle
            self.scroll_by(-event.y * step)
            return
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.anchor = None
            self.scroll_by(SCROLL_KEYS[event.key] * step)
            return
        widgets.handle_all([*self.rows, self.back], event)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        theme = self.app.theme
        m = self.app.metrics
        surface.fill(theme.background)
        draw_panel(surface, self.panel, theme, m.radius, theme.panel, theme.accent, 3)
        text.blit_text(surface, tr("settings.title"), m.title, theme.accent,
                       (self.panel.left + m.pad * 3, self.panel.top + m.pad), bold=True)
        widgets.draw_all([*self.rows, self.back], surface, theme)
        if self.most_scroll:
            self._draw_scrollbar(surface)
        # Beside Back: that changes are saved (and how to see every row when they scroll),
        # on two lines if need be.
        step = text.font(m.small).get_linesize()
        y = self.back.rect.centery - step * len(self.hint) // 2
        for line in self.hint:
            text.blit_text(surface, line, m.small, theme.text_muted,
                           (self.panel.left + m.pad * 3, y), "topleft")
            y += step

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """A bar right of the rows: how much of them shows, and where."""
        m = self.app.metrics
        track = pygame.Rect(self.view.right + m.pad, self.view.top, max(4, m.pad // 2),
                            self.view.height)
        whole = self.view.height + self.most_scroll
        thumb = pygame.Rect(track.left, track.top + track.height * self.scroll // whole,
                            track.width, max(m.pad, track.height * self.view.height // whole))
        pygame.draw.rect(surface, self.app.theme.panel_border, track, border_radius=track.width)
        pygame.draw.rect(surface, self.app.theme.accent, thumb, border_radius=track.width)
