"""Where the folder browser's list is: its rows (and how their text is laid out), the drives
listed first, the keys that choose a row, the counter of the rows shown, and Open with nothing
chosen.

Where the dialog opens, and at a disk's root, the list starts with the drives a USB stick
appears as (:func:`drives`: the folders Linux desktops and macOS mount them in, Windows'
drive letters), so a teacher reaches a stick by clicks, not by typing its path (QA13 30).

↓ and ↑ choose the next or previous row of the list (its path goes into the path field, so
Open or Enter opens it) and scroll it into view: they only scrolled, so the keys alone could
not open a record (QA S12 48). The counter says which rows show ("3–4 of 6"). Open with nothing
chosen (the field names the folder shown) says to choose a file and leaves the list where it
was: it listed the folder again from its top and said nothing. Mixed into
:class:`~game.ui.scenes.lab_load_dialog.LoadDialog`.
"""

from __future__ import annotations

import contextlib
import functools
import getpass
import os
import string
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.i18n import span, tr

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.text_field import TextField
    from game.ui.widgets import Button


@dataclass(frozen=True)
class Row:
    """One line of the list: a folder to open or a file to load."""

    path: Path
    label: str
    detail: str
    is_folder: bool


#: A row's name takes at most this many lines (a longer one is cut in its middle), its
#: detail (game, learner, games, date; or date and size) at most this many.
NAME_LINES = 2
DETAIL_LINES = 3
#: The list shows up to this many rows with their text down to this share of the body size
#: rather than fewer at the body size: at 200% of 1280x800 it showed two of four records
#: with room for most of a third (QA16).
MOST_ROWS, ROWS_LEAST_SHARE = 3, 0.6
#: The folders removable drives are mounted in, ``{user}`` the user's name: most Linux
#: desktops use /media/USER (Debian, Ubuntu) or /run/media/USER (Fedora), older ones /media or
#: /mnt; macOS /Volumes. Each existing folder's subfolders are drives.
MOUNT_ROOTS = ("/media/{user}", "/run/media/{user}", "/media", "/mnt", "/Volumes")
#: Windows: every drive letter that exists but the system's.
WINDOWS = os.name == "nt"
#: The environment variable that replaces :data:`MOUNT_ROOTS` and Windows' letters: the
#: folders to look in, separated by ``os.pathsep`` (empty: none), for a school whose sticks
#: are mounted elsewhere (and the tests, whose machine's drives are not theirs).
MOUNT_ROOTS_ENV = "AIGAMELAB_MOUNT_ROOTS"


def row_sizes(body: int, readable: int) -> list[tuple[int, int]]:
    """The rows the list tries to show and the least size of their names for each, most
    rows first: :data:`MOST_ROWS` down to :data:`ROWS_LEAST_SHARE` of the body size, then
    two down to the readable size (the details at the small size, no larger than the
    names)."""
    return [(MOST_ROWS, max(readable, round(body * ROWS_LEAST_SHARE))), (2, readable)]


@dataclass(frozen=True)
class RowText:
    """A row's text as drawn: its name's lines (bold) at ``name_px``, then its detail's lines
    at ``detail_px``, each line whole (the name is cut in its middle only past
    :data:`NAME_LINES` lines)."""

    name: tuple[str, ...]
    detail: tuple[str, ...]
    name_px: int
    detail_px: int

    def height(self) -> int:
        """The pixels its lines take."""
        return (len(self.name) * text.font(self.name_px, True).get_linesize()
                + len(self.detail) * text.font(self.detail_px).get_linesize())


@functools.lru_cache(maxsize=512)
def row_text(label: str, detail: str, width: int, name_px: int, detail_px: int) -> RowText:
    """How a row's ``label`` and ``detail`` are drawn in ``width``: wrapped rather than cut
    (a long name was cut in its middle at every size, its date cut at the end at 200%)."""
    lines = text.wrap(detail, width, detail_px)
    if len(lines) > DETAIL_LINES:
        lines = [*lines[:DETAIL_LINES - 1],
                 text.ellipsize(f"{lines[DETAIL_LINES - 1]}…", width, detail_px)]
    return RowText(tuple(text.wrap_name(label, width, name_px, True, NAME_LINES)),
                   tuple(lines), name_px, detail_px)


def user_name() -> str:
    """The user's login name ("" when the system cannot say)."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for the user's id (a container)
        return ""


def drives() -> list[Path]:
    """The drives a USB stick may be, that exist now: the subfolders of each of
    :data:`MOUNT_ROOTS` (not hidden ones, nor /media's own folder of the user, listed
    through it), and on Windows every drive letter but C:; or the subfolders of the folders
    :data:`MOUNT_ROOTS_ENV` names."""
    user = user_name()
    listed = os.environ.get(MOUNT_ROOTS_ENV)
    patterns = MOUNT_ROOTS if listed is None else [p for p in listed.split(os.pathsep) if p]
    roots = [Path(p.format(user=user)) for p in patterns if user or "{user}" not in p]
    # /media/USER is a drive's folder's folder, not a drive: listed through it, not in /media.
    containers = {Path(p.format(user=user)) for p in patterns if user and "{user}" in p}
    found: list[Path] = []
    for root in roots:
        try:
            entries = sorted(os.scandir(root), key=lambda e: e.name.lower())
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            with contextlib.suppress(OSError):
                if (not entry.name.startswith(".") and entry.is_dir()
                        and path not in containers and path not in found):
                    found.append(path)
    if WINDOWS and listed is None:
        found += [Path(f"{letter}:\\") for letter in string.ascii_uppercase
                  if letter != "C" and os.path.isdir(f"{letter}:\\")]
    return found


def drive_rows(folder: Path, home: Path) -> list[Row]:
    """The drives' rows, to list first in ``folder``: where the dialog opened (``home``) and
    at a disk's root; none elsewhere (a stick's own folders list as any folder's)."""
    if folder != home and folder != Path(folder.anchor):
        return []
    return [Row(path, f"▸ {path.name or str(path)}", tr("lab.browse.drive", path=str(path)),
                True) for path in drives() if path != folder]


class ListChoice:
    """The browser list's choice and counter; the dialog it is mixed into has these
    attributes."""

    app: App
    rows: list[Row]
    row_rects: list[tuple[pygame.Rect, Row]]
    selected: Path | None
    scroll: int
    folder: Path
    error: str
    error_is_info: bool
    error_rect: pygame.Rect
    path_field: TextField
    home_button: Button
    box: pygame.Rect
    title_key: str
    #: What Open with nothing chosen says (a translation key).
    choose_key = "lab.browse.choose_file"

    def _layout(self) -> None:
        raise NotImplementedError

    def typed_path(self, typed: str) -> Path | None:
        raise NotImplementedError

    def choose_next(self, step: int) -> None:
        """Choose the row ``step`` rows after the chosen one (from the first row shown when
        none is), put its path in the field and scroll it into view."""
        if not self.rows:
            return
        paths = [row.path for row in self.rows]
        at = paths.index(self.selected) + step if self.selected in paths else self.scroll
        at = max(0, min(at, len(paths) - 1))
        self.selected = paths[at]
        self.path_field.value = str(paths[at])
        if self.error_is_info and self.error == tr(self.choose_key):
            self.error = ""  # done what it said
        self.scroll = min(self.scroll, at)
        self._layout()
        while self.scroll < at and all(row is not self.rows[at] for _r, row in self.row_rects):
            self.scroll += 1
            self._layout()

    def error_px(self) -> int:
        """The size of the line under the list: the small size for words of information
        under a list of files (at the body size "choose a file first" took two lines and the
        list a row, QA13 15), else the body size."""
        m = self.app.metrics
        return m.small if self.error_is_info and self.rows else m.body

    def nothing_chosen(self) -> bool:
        """Whether the field names the folder shown (no file chosen, none typed); if so, say
        what to do, the list where it was."""
        if self.typed_path(self.path_field.value) != self.folder:
            return False
        self.error, self.error_is_info = tr(self.choose_key), True
        return True

    def _draw_scroll_hint(self, surface: pygame.Surface) -> None:
        """Which rows of how many are shown, in words or else as "3–4 / 7": beside the
        title where it fits, else left of the buttons (beside a long title it ran into it;
        at 200% of 1024x640 neither place held the words, and "1 / 7" was cut to "…"), else
        under the rows (at 200% of 1280x720 and 1024x640 there was no counter at all)."""
        m = self.app.metrics
        # Which rows, not how many: "2 / 6" stayed however far the list scrolled (QA S12 48).
        first, last, total = self.scroll + 1, self.scroll + len(self.row_rects), len(self.rows)
        shown = span(first, last)
        left = self.box.left + m.pad * 2
        title_room = (self.box.width - m.pad * 6
                      - text.size(tr(self.title_key), m.heading, True)[0])
        below = self.row_rects[-1][0].bottom + m.pad // 2 if self.row_rects else 0
        below_fits = below + text.font(m.small).get_linesize() <= self.error_rect.top
        places = ((title_room, (self.box.right - m.pad * 2, self.box.top + m.pad * 2),
                   "topright"),
                  (self.home_button.rect.left - left - m.pad,
                   (left, self.home_button.rect.centery), "midleft"),
                  (self.box.width - m.pad * 5 if below_fits else 0,
                   (left + m.pad, below), "topleft"))
        # At the end of the list no "scroll for more" (QA14 24): which rows, of how many.
        more = "dialog.scroll_shown" if last >= total else "dialog.scroll_more"
        for hint in (tr(more, shown=shown, total=total), f"{shown} / {total}"):
            for room, pos, anchor in places:
                if text.size(hint, m.small)[0] <= room:
                    text.blit_text(surface, hint, m.small, self.app.theme.text_muted, pos,
                                   anchor)
                    return
