"""A scene's layout remembered while nothing it depends on changes.

The scenes placed every panel, button and board again each frame (60 times a second), most of
a still frame's work: a scene keeps a :class:`LayoutCache` and lays itself out only when the
key it gives (every input its layout reads: window size, text sizes, language, theme, the
state shown, the seats, the labels of its buttons...) differs from the last one.

A stale layout is a defect a class sees (a button where it no longer is), so with
:data:`CHECK` on (tests turn it on) a remembered layout is laid out again anyway and compared,
field by field, with what the layout would have given: any difference raises
:class:`StaleLayout`, naming the fields, which says the key misses an input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.ui.widgets import Widget

#: Lay a remembered layout out again and fail when it differs (see the module's doc).
CHECK = False

#: A value :func:`snapshot` leaves out (not a plain value a layout writes).
_SKIP = object()


class StaleLayout(AssertionError):
    """A remembered layout differs from the one the scene's inputs give: its key misses one."""


def _plain(value: Any, depth: int = 0) -> Any:
    """``value`` as an immutable plain copy (rectangles as tuples, a widget as its plain
    fields), or :data:`_SKIP` for anything else (objects, surfaces, callables); in a list,
    such an item stands as "?", so the list's length and its other items still count."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, pygame.Rect):
        return tuple(value)
    if depth >= 4:
        return _SKIP
    if isinstance(value, Widget):
        fields = ((name, _plain(item, 4)) for name, item in vars(value).items())
        return ("widget", tuple((name, item) for name, item in fields if item is not _SKIP))
    if isinstance(value, (list, tuple)):
        items = (_plain(item, depth + 1) for item in value)
        return tuple("?" if item is _SKIP else item for item in items)
    if isinstance(value, dict):
        pairs = ((str(key), _plain(item, depth + 1)) for key, item in value.items())
        return tuple((key, "?" if item is _SKIP else item) for key, item in pairs)
    return _SKIP


def snapshot(parts: Iterable[object]) -> dict[tuple[int, str], Any]:
    """The plain fields of each object of ``parts`` (its rectangles, sizes, lines, flags, its
    widgets' fields): what a layout writes, to compare."""
    fields: dict[tuple[int, str], Any] = {}
    for index, part in enumerate(parts):
        if part is None:
            continue
        for name, value in vars(part).items():
            plain = _plain(value)
            if plain is not _SKIP:
                fields[(index, name)] = plain
    return fields


def shown(widgets: Iterable[Widget], values: bool = True) -> tuple[object, ...]:
    """What each of ``widgets`` shows that its size depends on: its label and, with
    ``values``, its value (a key's part: "Pause" to "Resume", a stepper's number). A scene
    whose key holds the values another way leaves them out: the menu's seat parameters read
    theirs by resolving the seat's spec, which is in its key already."""
    said: list[object] = []
    for widget in widgets:
        label = getattr(widget, "label", None)
        get = getattr(widget, "get", None) if values else None
        said.append((widget, label() if callable(label) else None,
                     get() if callable(get) else None))
    return tuple(said)


class LayoutCache:
    """The key of a scene's last layout, and whether the next frame may keep it."""

    def __init__(self) -> None:
        self.key: object = None
        #: Layouts run and layouts kept, for tests and benchmarks.
        self.runs = 0
        self.kept = 0

    def forget(self) -> None:
        """Lay out again at the next frame whatever the key (a change the key cannot see)."""
        self.key = None

    def run(self, key: object, layout: Callable[[], None],
            parts: Callable[[], Iterable[object]]) -> None:
        """Run ``layout`` unless it last ran for ``key``; with :data:`CHECK`, run it anyway and
        fail when the objects of ``parts`` come out different."""
        if key is not None and key == self.key:
            self.kept += 1
            if CHECK:
                before = snapshot(parts())
                layout()
                after = snapshot(parts())
                if before != after:
                    changed = sorted(str(field) for field in set(before) | set(after)
                                     if before.get(field, _SKIP) != after.get(field, _SKIP))
                    raise StaleLayout(f"a kept layout is stale in {', '.join(changed[:12])}: "
                                      f"its key misses an input ({str(key)[:200]}…)")
            return
        self.key = None  # (a layout that raises is not remembered)
        layout()
        self.runs += 1
        self.key = key
