"""Buttons, toggles, steppers and choosers drawn with the theme at any size.

Widgets do not lay themselves out: the scene gives each one its ``rect`` (a proportion of the
window) and a text size ``px`` every time the window changes size. Labels are callables, so a
language change shows at the next frame without rebuilding anything. A widget's ``handle``
returns True when it used the event.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import text
from game.ui.theme import Colour, Theme, blend

Label = Callable[[], str]


@dataclass(frozen=True)
class Metrics:
    """Sizes derived from the window height, so the app scales from 640 to 2160 pixels."""

    height: int
    small: int
    body: int
    heading: int
    title: int
    pad: int
    radius: int
    line: int

    @classmethod
    def for_size(cls, size: tuple[int, int], scale: float = 1.0) -> Metrics:
        """Metrics for a window of ``size``; very wide or narrow windows use the smaller side.

        ``scale`` is the text-size setting (1.0 to 2.0): it enlarges the text, not the paddings,
        as far as :func:`effective_scale` allows. Body text, and small text too, is never under
        :data:`BODY_MIN_FRACTION` of the window height, so it reads from the back of a classroom
        whatever the window's shape.
        """
        # Remembered: a frame asks for the metrics a hundred times and more. The fractions are
        # in the key, so a changed cap (tests try others) is never served old metrics.
        key = (size[0], size[1], scale, BODY_MIN_FRACTION, BODY_MAX_FRACTION, MAX_TEXT_SCALE)
        known = _metrics_cache.get(key)
        if known is not None:
            return known
        h = size[1]
        base = size_base(size)
        body = normal_body(size)
        scale = effective_scale(size, scale)
        # The small text (captions, keys, status lines) is a class's reading too: in a window
        # narrower than 16:10 its 2.8% of the width-based base fell under the readable floor
        # (18 px at 1024x768, where 2.5% of the height is 19.2).
        metrics = cls(
            height=h,
            small=max(round(max(12, round(base * 0.028)) * scale), readable_size(size)),
            body=round(body * scale),
            heading=round(max(16, round(base * 0.042)) * scale),
            title=round(max(20, round(base * 0.07)) * scale),
            pad=max(4, round(base * 0.018)),
            radius=max(3, round(base * 0.012)),
            line=max(1, round(base * 0.003)),
        )
        if len(_metrics_cache) >= _METRICS_CACHE_MAX:
            _metrics_cache.clear()
        _metrics_cache[key] = metrics
        return metrics


#: Metrics already computed, by window size, text scale and the fractions they depend on.
_metrics_cache: dict[tuple[int, int, float, float, float, float], Metrics] = {}
_METRICS_CACHE_MAX = 256


#: Body text is at least this fraction of the window height (2.5%: readable from the back row).
BODY_MIN_FRACTION = 0.025
#: The largest text-size setting (200%).
MAX_TEXT_SCALE = 2.0
#: However large the text-size setting, body text stops at this fraction of the window's height
#: (of 62.5% of the width in a narrower window). 6.5% lets 200% be 200% in the windows a class
#: uses (40-pixel body text at 1024x768, 46 at 1280x720, 70 at 1920x1080): the screens switch
#: to one part at a time with large text (the menu's pages, the labs' set-up page, the
#: tournament's pages, the play panel's More list). It was 4.5% (about 140%) until every
#: screen held more; the cap stays for windows far from these shapes.
BODY_MAX_FRACTION = 0.065


def size_base(size: tuple[int, int]) -> int:
    """The length every text size is a fraction of: the window's height, or 62.5% of its width
    in a window narrower than 16:10 (a window much wider than tall is limited by its height,
    one much taller by its width)."""
    w, h = size
    return max(200, min(h, int(w * 0.625)))


def readable_size(size: tuple[int, int]) -> int:
    """The least text size a class reads from the back row in a window of ``size``:
    :data:`BODY_MIN_FRACTION` of its height, whole pixels rounded up."""
    return math.ceil(size[1] * BODY_MIN_FRACTION)


def normal_body(size: tuple[int, int]) -> int:
    """The body text size at 100% for a window of ``size``."""
    return max(14, round(size_base(size) * 0.032), readable_size(size))


def effective_scale(size: tuple[int, int], scale: float) -> float:
    """The text scale really used for the setting ``scale`` in a window of ``size``: the
    setting (clamped to 1.0-2.0), but never past body text of :data:`BODY_MAX_FRACTION` of the
    height."""
    wanted = min(MAX_TEXT_SCALE, max(1.0, float(scale)))
    normal = normal_body(size)
    # Of the height, or of the width's 62.5% in a window narrower than 16:10 (1024x768).
    most = max(normal, int(size_base(size) * BODY_MAX_FRACTION)) / normal
    return min(wanted, max(1.0, most))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int,
               fill: Colour | None = None, border: Colour | None = None,
               width: int = 2) -> None:
    """A rounded panel with a border and a soft shadow."""
    shadow = rect.move(max(1, radius // 3), max(1, radius // 3))
    pygame.draw.rect(surface, theme.shadow, shadow, border_radius=radius)
    pygame.draw.rect(surface, fill or theme.panel, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, border or theme.panel_border, rect, width, border_radius=radius)


def _is_click(event: pygame.event.Event) -> bool:
    return bool(event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)


class Widget:
    """Something the scene places in a rectangle and that reacts to the mouse."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.px = 16
        self.visible = True
        self.enabled = True

    def place(self, rect: pygame.Rect, px: int) -> None:
        """Put the widget in ``rect`` with text of ``px`` pixels."""
        self.rect = pygame.Rect(rect)
        self.px = px

    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when used."""
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        """Draw the widget; ``mouse`` is the pointer position for hover effects."""

    def label_fits(self) -> bool:
        """Whether the widget's label shows whole where it is placed (on two lines if it
        must), rather than cut with an ellipsis; widgets without a row label say True."""
        return True


def _fits(label: str, box: pygame.Rect, px: int, min_px: int | None = None,
          shrink: float = 0.9) -> bool:
    """Whether ``label`` drawn by :func:`text.blit_fit` in ``box`` shows whole."""
    lines, _px = text.fit_lines(label, box, px, min_px=min_px, shrink=shrink)
    return len(lines) == 2 or lines[0] == label


class Button(Widget):
    """A rounded button with a text label; ``primary`` buttons use the accent colour."""

    def __init__(self, label: Label, on_click: Callable[[], None], primary: bool = False,
                 danger: bool = False, selected: Callable[[], bool] | None = None) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.danger = danger
        self.selected = selected

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.visible and self.enabled and _is_click(event)
                and self.rect.collidepoint(event.pos)):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        hover = self.enabled and self.rect.collidepoint(mouse)
        radius = max(3, self.rect.height // 4)
        is_selected = self.selected is not None and self.selected()
        if not self.enabled:
            fill, fg = theme.button_disabled, theme.text_muted
        elif is_selected and not self.primary:
            # A selected tab: the panel's colour with an accent outline and label, as the
            # chosen game's card; an accent fill made it look like Start beside it.
            fill = theme.button_hover if hover else theme.panel
            fg = theme.accent
        elif self.primary or is_selected:
            fill = blend(theme.accent, theme.text, 0.25) if hover else theme.accent
            fg = theme.accent_text
        elif self.danger:
            fill = blend(theme.danger, theme.text, 0.2) if hover else theme.danger
            fg = theme.accent_text
        else:
            fill = theme.button_hover if hover else theme.button
            fg = theme.button_text
        border = theme.accent if hover or is_selected else theme.panel_border
        draw_panel(surface, self.rect, theme, radius, fill, border, 3 if is_selected else 2)
        # Buttons may shrink their label to 80% of the body size (still above 2.5% of the
        # window height) before cutting it, as French labels run longer.
        label = text.render_fit(self.label(), self.rect.width - self.rect.height // 3, self.px, fg,
                                bold=True, min_px=int(self.px * 0.8))
        surface.blit(label, label.get_rect(center=self.rect.center))


class Toggle(Widget):
    """A labelled on/off switch."""

    def __init__(self, label: Label, get: Callable[[], bool], set_: Callable[[bool], None]) -> None:
        super().__init__()
        self.label = label
        self.get = get
        self.set = set_
        #: The switch's height when the row is taller than one line (a label on two lines
        #: of large text); None: sized from the row.
        self.switch_height: int | None = None
        #: How far the label shrinks on one line before it takes two (1.0: never, so it
        #: keeps the size of the rows around it).
        self.shrink = 0.9

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.visible and self.enabled and _is_click(event)
                and self.rect.collidepoint(event.pos)):
            self.set(not self.get())
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        on = self.get()
        h = min(self.rect.height, self.switch_height or self.rect.height)
        sw = pygame.Rect(0, 0, int(h * 1.5), int(h * 0.7))
        sw.midright = (self.rect.right, self.rect.centery)
        hover = self.rect.collidepoint(mouse)
        track = theme.accent if on else (theme.button_hover if hover else theme.button)
        pygame.draw.rect(surface, track, sw, border_radius=sw.height // 2)
        pygame.draw.rect(surface, theme.panel_border, sw, 2, border_radius=sw.height // 2)
        knob_r = int(sw.height * 0.38)
        kx = sw.right - sw.height // 2 if on else sw.left + sw.height // 2
        pygame.draw.circle(surface, theme.text if not on else theme.accent_text,
                           (kx, sw.centery), knob_r)
        colour = theme.text if self.enabled else theme.text_muted
        text.blit_fit(surface, self.label(), self._label_box(), self.px, colour, align="left",
                      shrink=self.shrink)

    def _label_box(self) -> pygame.Rect:
        h = min(self.rect.height, self.switch_height or self.rect.height)
        return pygame.Rect(self.rect.left, self.rect.top,
                           self.rect.width - int(h * 1.5) - h // 3, self.rect.height)

    def label_fits(self) -> bool:
        return _fits(self.label(), self._label_box(), self.px, shrink=self.shrink)


#: However long its label, a stepper leaves it this share of its row (on two lines if it must).
LABEL_LEAST = 0.3
#: A stepper's value shrinks down to this share of the text size before it is cut.
VALUE_LEAST = 0.8
#: The least room between a stepper's value and each of its buttons, as a share of the text
#: size (its box keeps it, and a value drawn in a box short of it shrinks, down to
#: :data:`VALUE_LEAST`): the box kept a quarter and the value was drawn 2 px from it, so
#: "Weights" stood 2-3 px from its − and + at 100% of 1024x768 (QA15 6) and Monte Carlo's
#: "Itérations" touched its + at 200% of 1024x768 fr (QA14 22). 0.4 took the tournament's
#: steppers out of one column at 100% in French, 0.5 cut labels at 1024x640.
VALUE_GAP = 0.35
#: Lining steppers' values up in one column may shrink a label down to this share of the text
#: size, not further (Q-learning's "Discount γ" went to 19 px of 28 at 200% of 1024x768, the
#: readable size being 20).
ALIGNED_LABEL_LEAST = 0.75


class Stepper(Widget):
    """A number with - and + buttons, kept within ``[low, high]``."""

    def __init__(self, label: Label, get: Callable[[], float], set_: Callable[[float], None],
                 low: float, high: float, step: float = 1,
                 fmt: Callable[[float], str] | None = None) -> None:
        super().__init__()
        self.label = label
        self.get = get
        self.set = set_
        self.low = low
        self.high = high
        self.step = step
        self.fmt = fmt or (lambda v: str(int(v)) if float(v).is_integer() else f"{v:g}")
        #: The value box's width when a scene lines steppers up (see :func:`align_values`);
        #: None: as wide as the value shown.
        self.value_width: int | None = None
        #: The least size of the label on two lines (None: 70% of the text size); a scene
        #: short of height may allow down to the readable size (see the menu's seats).
        self.label_least: int | None = None

    def values(self) -> list[float]:
        """Values the stepper can show that may be its widest (for lining up a column)."""
        return [self.low, self.high, self.get()]

    def widest_value(self, scale: float = 1.0) -> int:
        """The value box width that fits every value of :meth:`values` at the current size
        (times ``scale``)."""
        px = int(self.px * scale)
        return max(text.size(self.fmt(v), px, True)[0] for v in self.values()) + self._margins()

    def _margins(self) -> int:
        """The least room a value box keeps beside its value, both sides together."""
        return 2 * max(2, int(self.px * VALUE_GAP))

    def value_room(self) -> int:
        """The widest value box that leaves the whole label its room (at most 55% of the row)."""
        label = min(text.size(self.label(), self.px)[0] + self.px, int(self.rect.width * 0.55))
        return self.rect.width - 2 * self._button_width() - label

    def most_value_room(self) -> int:
        """The widest value box at all: the label keeps :data:`LABEL_LEAST` of the row (on two
        lines if it must), so that a value is never cut ("10…" for 1000 at large text)."""
        return self.rect.width - 2 * self._button_width() - int(self.rect.width * LABEL_LEAST)

    def _button_width(self) -> int:
        # The - and + buttons a little narrower than tall (and than 1.15 text heights, for
        # the tall rows of large text): more room for the label and the value.
        return max(8, min(int(self.rect.height * 0.85), int(self.px * 1.15)))

    def _buttons(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        h = self.rect.height
        bw = self._button_width()
        plus = pygame.Rect(self.rect.right - bw, self.rect.top, bw, h)
        # Wide enough for the value shown ("instant", "immédiat"), or the column's width when
        # the scene lines steppers up; the label keeps 30% of the row, or less when it needs
        # less ("Eval" leaves a named value more room).
        shown = (self.value_width if self.value_width is not None
                 else text.size(self.fmt(self.get()), self.px, True)[0] + self._margins())
        label_w = text.size(self.label(), self.px)[0] + self.px // 2
        room = self.rect.width - 2 * bw - min(int(self.rect.width * LABEL_LEAST), label_w)
        value_w = min(max(int(h * 1.2), shown), max(int(h * 1.2), room))
        value = pygame.Rect(plus.left - value_w, self.rect.top, value_w, h)
        minus = pygame.Rect(value.left - bw, self.rect.top, bw, h)
        return minus, value, plus

    def nudge(self, direction: int) -> None:
        """Move the value one step down (-1) or up (+1), within range."""
        value = self.get() + direction * self.step
        value = max(self.low, min(self.high, round(value, 6)))
        if value != self.get():
            self.set(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if _is_click(event) and self.rect.collidepoint(event.pos):
            minus, _value, plus = self._buttons()
            if minus.collidepoint(event.pos):
                self.nudge(-1)
            elif plus.collidepoint(event.pos):
                self.nudge(+1)
            return True
        if (event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(_last_mouse[0])):
            self.nudge(1 if event.y > 0 else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        minus, value, plus = self._buttons()
        v = self.get()
        for rect, sign, active in ((minus, "−", v > self.low), (plus, "+", v < self.high)):
            hover = active and rect.collidepoint(mouse)
            fill = theme.button_hover if hover else (theme.button if active
                                                     else theme.button_disabled)
            pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 4)
            pygame.draw.rect(surface, theme.panel_border, rect, 2, border_radius=rect.height // 4)
            colour = theme.button_text if active else theme.text_muted
            glyph = text.render(sign, int(self.px * 1.2), colour, bold=True)
            surface.blit(glyph, glyph.get_rect(center=rect.center))
        shown = text.render_fit(self.fmt(v), value.width - self._margins(), self.px,
                                theme.accent, bold=True, min_px=int(self.px * VALUE_LEAST))
        surface.blit(shown, shown.get_rect(center=value.center))
        text.blit_fit(surface, self.label(), self._label_box(), self.px, theme.text,
                      align="left", min_px=self.label_least)

    def _label_box(self) -> pygame.Rect:
        minus = self._buttons()[0]
        return pygame.Rect(self.rect.left, self.rect.top,
                           minus.left - self.rect.left - self.px // 3, self.rect.height)

    def label_fits(self) -> bool:
        return _fits(self.label(), self._label_box(), self.px, self.label_least)

    def label_keeps_its_size(self, share: float | None = None) -> bool:
        """Whether the label shows whole at :data:`ALIGNED_LABEL_LEAST` of the text size at
        least (or at its :attr:`label_least`, when a scene set one; or at ``share`` of the
        text size, when given): lining values up may cost a label that much, not more."""
        lines, used = text.fit_lines(self.label(), self._label_box(), self.px,
                                     min_px=self.label_least)
        whole = len(lines) == 2 or lines[0] == self.label()
        least = (int(self.px * share) if share is not None
                 else self.label_least or int(self.px * ALIGNED_LABEL_LEAST))
        return whole and used >= least


class Choice(Widget):
    """One value among several, shown with < and > arrows; a click on the middle opens a list.

    ``items`` pairs each value with a label callable. ``on_open`` (given by the scene) shows the
    full list in a popup; without it, a click on the middle moves to the next value.
    """

    def __init__(self, label: Label, items: Sequence[tuple[Any, Label]], get: Callable[[], Any],
                 set_: Callable[[Any], None],
                 on_open: Callable[[Choice], None] | None = None,
                 label_width: float = 0.38) -> None:
        super().__init__()
        self.label = label
        self.items = list(items)
        self.get = get
        self.set = set_
        self.on_open = on_open
        self.label_width = label_width
        #: How far the label shrinks on one line before it takes two (as :class:`Toggle`'s).
        self.shrink = 0.9
        #: The label may go when even at 30% of the row it would leave the values too little
        #: room (the menu's variant at large text: "Fibonacci" in a box says enough).
        self.label_optional = False
        #: The value box's width in pixels when a scene lines up several choosers' boxes in
        #: one column (None: as wide as this chooser's own values and label allow).
        self.box_width: int | None = None

    def index(self) -> int:
        """Position of the current value in ``items`` (0 when it is not there)."""
        current = self.get()
        for i, (value, _label) in enumerate(self.items):
            if value == current:
                return i
        return 0

    def current_label(self) -> str:
        """The text of the current value."""
        return self.items[self.index()][1]() if self.items else ""

    def cycle(self, direction: int) -> None:
        """Select the previous (-1) or next (+1) value, wrapping around."""
        if self.items:
            self.set(self.items[(self.index() + direction) % len(self.items)][0])

    def value_lines(self, room: int) -> list[str]:
        """The current value as drawn in ``room`` pixels: one line, or two when it would be
        cut on one and the widget is tall enough for two (a long variant name)."""
        value = self.current_label()
        if text.size(value, int(self.px * 0.9), True)[0] <= room:
            return [value]
        lines = text.wrap(value, room, self.px, True)
        if len(lines) == 2 and 2 * text.font(self.px, True).get_linesize() <= self.rect.height:
            return lines
        return [value]

    def box_need(self) -> int:
        """The width the value box needs for the widest value (at 80% of the size, bold, as
        a long one is drawn) between its arrows."""
        arrow = int(min(self.rect.height, self.px * 2) * 0.6)
        return max((text.size(label(), int(self.px * 0.8), True)[0]
                    for _v, label in self.items), default=0) + 2 * arrow

    def _parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        h = self.rect.height
        label_w = 0
        arrow = int(min(h, self.px * 2) * 0.6)  # a two-line chooser keeps its arrows' width
        if self.box_width is not None:
            label_w = max(0, self.rect.width - self.box_width)
        elif self.label() and self.label_width > 0:
            # Room for the whole label when possible, but never more than 55% of the widget,
            # nor so much that a value is cut ("U…" for "Un tas" at large text): then the
            # label goes down to 30% (on two lines if it must).
            wanted = text.size(self.label(), self.px)[0] + self.px
            label_w = min(int(self.rect.width * 0.55), max(int(self.rect.width *
                                                               self.label_width), wanted))
            # The widest value, so the box does not move as the value changes.
            value = self.box_need()
            if self.rect.width - label_w < value:
                label_w = min(label_w, max(int(self.rect.width * 0.3), self.rect.width - value))
                least = text.size(self.label(), int(self.px * 0.7))[0] + self.px // 2
                if self.label_optional and (self.rect.width - label_w < value
                                            or least > label_w):
                    label_w = 0
        box = pygame.Rect(self.rect.left + label_w, self.rect.top, self.rect.width - label_w, h)
        left = pygame.Rect(box.left, box.top, arrow, h)
        right = pygame.Rect(box.right - arrow, box.top, arrow, h)
        return left, box, right

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled) or not self.items:
            return False
        if _is_click(event) and self.rect.collidepoint(event.pos):
            left, box, right = self._parts()
            if left.collidepoint(event.pos):
                self.cycle(-1)
            elif right.collidepoint(event.pos):
                self.cycle(+1)
            elif box.collidepoint(event.pos):
                if self.on_open is not None:
                    self.on_open(self)
                else:
                    self.cycle(+1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: tuple[int, int]) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        left, box, right = self._parts()
        hover = self.enabled and box.collidepoint(mouse)
        draw_panel(surface, box, theme, box.height // 4,
                   theme.button_hover if hover else theme.button,
                   theme.accent if hover else theme.panel_border, 2)
        for rect, points in ((left, "left"), (right, "right")):
            c = rect.center
            s = rect.height * 0.16
            d = -s * 0.6 if points == "left" else s * 0.6
            tri = [(c[0] - d, c[1] - s), (c[0] + d, c[1]), (c[0] - d, c[1] + s)]
            arrow_hover = self.enabled and rect.collidepoint(mouse)
            pygame.draw.polygon(surface, theme.accent if arrow_hover else theme.text_muted, tri)
        colour = theme.button_text if self.enabled else theme.text_muted
        room = right.left - left.right
        lines = self.value_lines(room)
        if len(lines) == 1:
            # A value shrinks down to 80% before it is cut ("Moteur (niveaux)" at large text).
            value = text.render_fit(lines[0], room, self.px, colour, bold=True,
                                    min_px=int(self.px * 0.8))
            surface.blit(value, value.get_rect(center=box.center))
        else:
            step = text.font(self.px, True).get_linesize()
            y = box.centery - step * len(lines) // 2
            for line in lines:
                value = text.render_fit(line, room, self.px, colour, bold=True)
                surface.blit(value, value.get_rect(midtop=(box.centerx, y)))
                y += step
        if self.label() and box.left > self.rect.left:
            text.blit_fit(surface, self.label(), pygame.Rect(
                self.rect.left, self.rect.top, box.left - self.rect.left - self.px // 2,
                self.rect.height), self.px, theme.text, align="left", shrink=self.shrink)


# The last pointer position seen by the app, for wheel events (which carry no position).
_last_mouse: list[tuple[int, int]] = [(0, 0)]


def set_mouse(pos: tuple[int, int]) -> None:
    """Record the pointer position (the app calls this on every mouse event)."""
    _last_mouse[0] = pos


def mouse() -> tuple[int, int]:
    """The last pointer position the app saw."""
    return _last_mouse[0]


def align_values(widgets: Sequence[Widget]) -> None:
    """Give every stepper among ``widgets`` (placed one per row, as wide as each other) the
    same value box, so their -, value and + line up in one column and do not move as values
    change: as wide as the widest value any of them can show, or narrower down to
    :data:`VALUE_LEAST` of the text size (values shrink rather than be cut) while a label
    would not show whole beside it (on two lines if it must). When no common column leaves
    every label whole, the column that lines up the most rows, and the others each their own
    box (whole labels before a straight column)."""
    steppers = [w for w in widgets if isinstance(w, Stepper)]
    if not steppers:
        return
    most = min(s.most_value_room() for s in steppers)
    widest = min(most, max(s.widest_value() for s in steppers))
    least = min(most, max(s.widest_value(VALUE_LEAST) for s in steppers))
    # One column for all when the labels allow (a row with a short label and a long value
    # took more room than the others: the - buttons of "Profondeur" and "Éval" were 5 px
    # apart at 1024x768, three places apart for Q-learning's four rows).
    step = max(1, steppers[0].px // 4)
    # Labels at their full size first (on two lines if need be), then down to
    # ALIGNED_LABEL_LEAST: the widest value box first left "Profondeur" at 36 px over "Éval"
    # at 48 (200% of 1920x1080) where a narrower box kept both whole at 48.
    for share in (1.0, None):
        for width in [*range(widest, least, -step), least]:
            for stepper in steppers:
                stepper.value_width = width
            if all(s.label_keeps_its_size(share) for s in steppers):
                return
    # No column for all: the one that lines up the most rows (the widest of those), the
    # others each their own box, a value as wide as it needs (or at least VALUE_LEAST of it)
    # and its label the rest. Q-learning's rate, discount and exploration stood at three
    # places at 200% of 1024x768 (their values 82, 67 and 67 px wide), "random" at a fourth.
    best: tuple[int, int, list[Stepper]] = (0, 0, [])
    for width in sorted({min(most, w) for st in steppers
                         for w in (st.widest_value(), st.widest_value(VALUE_LEAST),
                                   st.value_room())}, reverse=True):
        for stepper in steppers:
            stepper.value_width = width
        lined = [st for st in steppers
                 if st.label_keeps_its_size() and st.widest_value(VALUE_LEAST) <= width]
        if len(lined) > best[0]:
            best = (len(lined), width, lined)
    _count, width, lined = best
    for stepper in steppers:
        if stepper in lined:
            stepper.value_width = width
            continue
        own = stepper.widest_value()
        stepper.value_width = min(own, stepper.value_room())
        if stepper.value_width < stepper.widest_value(VALUE_LEAST):
            # That would cut a value ("10…" for 1000 at large text): this one whole.
            stepper.value_width = min(stepper.widest_value(VALUE_LEAST),
                                      stepper.most_value_room())


def handle_all(widgets: Sequence[Widget], event: pygame.event.Event) -> bool:
    """Offer ``event`` to each widget in turn; True when one used it."""
    return any(w.handle(event) for w in widgets)


def draw_all(widgets: Sequence[Widget], surface: pygame.Surface, theme: Theme) -> None:
    """Draw every widget with the current pointer position for hover."""
    pos = mouse()
    for w in widgets:
        w.draw(surface, theme, pos)
