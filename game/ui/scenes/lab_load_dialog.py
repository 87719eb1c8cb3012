"""The learning lab's Load dialog: a small folder browser over the screen.

It opens on the data folder's learners, lists a folder's subfolders and learner files (each
file with the game, learner, games trained and date its header gives), goes up a folder, and
takes any folder or file typed or pasted in its path field, so a file on a USB stick opens as
easily as a saved one. Open loads the file picked; Cancel (or Esc) closes it, changing nothing.
What the folder holds is read by :mod:`ai.learner_files` (headers only, regular files only).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ai import learner_files
from game.ui import text, widgets
from game.ui.i18n import grouped, tr
from game.ui.scene import Scene
from game.ui.scenes.browse_list import ListChoice, Row, RowText, drive_rows, row_sizes, row_text
from game.ui.scenes.dialogs import LARGE_TEXT, dim
from game.ui.scenes.lab_files import describe_entry
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.text_field import TextField
from game.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App


#: With large text (see :data:`dialogs.LARGE_TEXT`) the dialog takes :data:`LARGE_BOX` of the
#: window, else :data:`BOX`: whole names take more lines, and at 200% of 1024x768 the list
#: held two rows.
BOX, LARGE_BOX = (0.8, 0.86), (0.94, 0.94)
#: A second click on a file row this soon opens it (a double-click, 0.5 s on most systems).
DOUBLE_CLICK_SECONDS = 0.5


def plain_rows(folder: Path, suffix: str) -> list[Row]:
    """The rows of ``folder`` for files that have no header to read (pictures, n-tuple
    networks): its subfolders (not hidden ones) first, then its regular ``*suffix`` files,
    newest first, each with its date and size. Raises OSError when it cannot be read."""
    folders, files = [], []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name.lower()):
        if entry.name.startswith("."):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir():
                folders.append(Row(Path(entry.path), f"▸ {entry.name}", tr("lab.browse.folder"),
                                   True))
            elif entry.is_file() and entry.name.lower().endswith(suffix):
                info = entry.stat()
                date = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.st_mtime))
                files.append((info.st_mtime, Row(Path(entry.path), entry.name, tr(
                    "lab.browse.file_desc", date=date, kb=grouped(info.st_size / 1024)),
                    False)))
    return folders + [row for _t, row in sorted(files, key=lambda f: -f[0])]


def folder_rows(folder: Path) -> list[Row]:
    """The rows of ``folder``: its subfolders first, then its learner files, newest first.
    Raises OSError when it cannot be read."""
    folders, files = learner_files.list_folder(folder)
    rows = [Row(f, f"▸ {f.name}", tr("lab.browse.folder"), True) for f in folders]
    rows += [Row(e.path, e.path.name, describe_entry(e), False) for e in files]
    return rows


class LoadDialog(ListChoice, Scene):
    """Browse folders for a learner file; ``on_open`` gets the file picked."""

    opaque = False
    #: The dialog's title and its main button's text (translation keys).
    title_key = "lab.load_title"
    action_key = "lab.browse.open"
    path_key = "lab.browse.path"
    #: The button back to the folder the dialog opened on; what an empty list says there, and
    #: in any other folder.
    home_key = "lab.browse.home"
    no_files_key = "lab.no_files"
    empty_key = "lab.browse.empty"
    #: Where the drives go in the list: after the files a dialog opens (the learners saved
    #: a minute ago first, QA S14 27), before them where a folder is chosen to write in.
    drives_first = False
    #: A folder holding one file opens with it chosen (see :meth:`show`).
    chooses_a_lone_file = True
    #: The rows' names' text size in the last layout (see :meth:`_place_rows`).
    name_px = 0

    def __init__(self, app: App, folder: Path, on_open: Callable[[Path], Any]) -> None:
        super().__init__(app)
        self.home = folder
        self.on_open = on_open
        self.folder = folder
        self.rows: list[Row] = []
        self.error = ""
        #: The line under the list is information (an empty folder), not an error.
        self.error_is_info = False
        self.scroll = 0
        self.row_rects: list[tuple[pygame.Rect, Row]] = []
        #: The file row clicked (Open, Enter or a second click opens it), and when.
        self.selected: Path | None = None
        self.clicked_at = 0.0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.error_rect = pygame.Rect(0, 0, 0, 0)
        self.error_lines = 0
        #: Where the path field's label goes above it (large text), else None: beside it.
        self.label_above: tuple[int, int] | None = None
        self.path_field = TextField(lambda: "" if self.label_above else tr(self.path_key),
                                    str(folder), self.go)
        self.up_button = Button(lambda: tr("lab.browse.up"), self.up)
        self.home_button = Button(lambda: tr(self.home_key), lambda: self.go(str(self.home)))
        self.open_button = Button(lambda: tr(self.action_key), self.act, primary=True)
        self.cancel_button = Button(lambda: tr("dialog.cancel"), self.cancel)
        self.show(folder)

    # -- what it does -----------------------------------------------------------------------

    def show(self, folder: Path) -> None:
        """List ``folder`` (an error line, and the list left as it was, when it cannot)."""
        try:
            rows = self.rows_of(folder)
        except OSError as exc:
            if folder == self.home and not folder.exists():
                rows = []  # nothing saved yet: an empty list, and the folder is named
            else:
                self.error = tr("lab.browse.cannot_read", folder=str(folder),
                                error=exc.strerror or str(exc))
                self.error_is_info = False
                return
        # The USB sticks and other drives where the dialog opens and at the root: a class
        # reached a stick only by typing its path (QA13 30). See drives_first.
        drives = drive_rows(folder, self.home)
        rows = [*drives, *rows] if self.drives_first else [*rows, *drives]
        self.folder = folder
        self.rows = rows
        self.scroll = 0
        self.selected = None
        self.path_field.value = str(folder)
        files = [row for row in rows if not row.is_folder]
        if self.chooses_a_lone_file and len(files) == 1:
            # The one file chosen, as Open opens it: it looked chosen (framed under the
            # pointer) and Open said "First choose a file" (QA19 16).
            self.selected, self.clicked_at = files[0].path, float("-inf")
            self.path_field.value = str(files[0].path)
        if files:
            self.error = ""
        else:
            self.error = (tr(self.no_files_key, folder=str(folder)) if folder == self.home
                          else tr(self.empty_key))
            self.error_is_info = True

    def rows_of(self, folder: Path) -> list[Row]:
        """What the list shows of ``folder`` (raises OSError when it cannot be read)."""
        return folder_rows(folder)

    def go(self, typed: str) -> None:
        """Open what the path field names: a folder is listed, a file is loaded."""
        path = self.typed_path(typed)
        if path is None:
            return
        try:
            is_dir = path.is_dir()
            exists = path.exists()
        except OSError:  # a name too long, a link loop
            is_dir = exists = False
        if is_dir:
            self.show(path)
        elif exists:
            self.pick(path)
        else:
            self.error = tr("lab.browse.no_such", path=str(path))
            self.error_is_info = False

    def act(self) -> None:
        """The main button: open what the path field names (see :class:`ListChoice` when it
        names the folder shown)."""
        if not self.nothing_chosen():
            self.go(self.path_field.value)

    def typed_path(self, typed: str) -> Path | None:
        """The path the field names (relative to the folder shown), or None when empty."""
        raw = typed.strip().strip('"')
        if not raw:
            return None
        path = Path(raw).expanduser()
        return path if path.is_absolute() else self.folder / path

    def up(self) -> None:
        """The folder above."""
        if self.folder.parent != self.folder:
            self.show(self.folder.parent)

    def pick(self, path: Path) -> None:
        """Close the dialog and load ``path``."""
        self.app.pop(self)
        self.on_open(path)

    def cancel(self) -> None:
        """Close the dialog; nothing is loaded."""
        self.app.pop(self)

    def click_row(self, row: Row) -> None:
        """A folder opens; a file is selected (its path in the field), and opens on a second
        click: one click loaded it and closed the dialog, so the usual click on the row
        then on Open sent the second click to the screen beneath (it switched a setting)."""
        if row.is_folder:
            self.show(row.path)
        elif (row.path == self.selected
              and self.app.elapsed - self.clicked_at <= DOUBLE_CLICK_SECONDS):
            self.pick(row.path)
        else:
            self.selected, self.clicked_at = row.path, self.app.elapsed
            self.path_field.value = str(row.path)
            self.error = "" if self.error_is_info else self.error  # ("choose a file": done)

    # -- layout and events ------------------------------------------------------------------

    def _layout(self) -> None:
        m = self.app.metrics
        w, h = self.app.size
        share = LARGE_BOX if m.body > h * LARGE_TEXT else BOX
        self.box = pygame.Rect(0, 0, int(w * share[0]), int(h * share[1]))
        self.box.center = (w // 2, h // 2)
        inner = self.box.inflate(-4 * m.pad, 0)
        # Buttons and field lower with large text: the list keeps room for two files.
        bh = int(m.body * (1.6 if share is LARGE_BOX else 2.1))
        top = self.box.top + m.pad * 2 + int(m.heading * 1.4)
        up_w = text.size(tr("lab.browse.up"), m.body, True)[0] + bh
        # Its label above the field where beside it the field keeps under half its width (at
        # 1024x768 with 200% text the path showed as "…" in 60 pixels).
        field_w = inner.width - up_w - m.pad
        self.label_above = None
        if text.size(tr(self.path_key), m.body)[0] + m.body > field_w // 2:
            self.label_above = (inner.left, top)
            top += text.font(m.small).get_linesize()
        self.path_field.place(pygame.Rect(inner.left, top, inner.width - up_w - m.pad, bh),
                              m.body)
        self.up_button.place(pygame.Rect(inner.right - up_w, top, up_w, bh), m.body)
        bottom = self.box.bottom - m.pad * 2 - bh
        buttons = (self.home_button, self.open_button, self.cancel_button)
        keys = (self.home_key, self.action_key, "dialog.cancel")
        # One text size for the three, the largest at which they fit the box with room round
        # each ("Réseaux enregistrés" ran out of it at 200% of 1024x768; scaled each to fit,
        # at 200% of 1280x720 fr they read 28, 32 and 40 px, "Annuler" touching its edges:
        # QA14 23); narrower, smaller, where even the least size does not fit.
        room = inner.width - m.pad * 2
        px, least = m.body, int(m.small * 0.8)
        while px > least and sum(text.size(tr(k), px, True)[0] + bh // 2 for k in keys) > room:
            px -= 1
        words = [text.size(tr(k), px, True)[0] for k in keys]
        margin = max(bh // 2, min(bh, (room - sum(words)) // len(keys)))
        scale = min(1.0, room / sum(w + margin for w in words))
        widths = [int((w + margin) * scale) for w in words]
        x = inner.right - sum(widths) - m.pad * 2
        for button, bw, key in zip(buttons, widths, keys, strict=True):
            button.place(pygame.Rect(x, bottom, bw, bh),
                         text.fit_px(tr(key), bw - bh // 3, px, True, least))
            x += bw + m.pad
        list_top = top + bh + m.pad * 2
        # Two lines under a list; all it needs (up to six) in an empty folder's room ("Les
        # fichiers sont rangés dans…" cut the folder it names at 200% of 1024x768).
        px = self.error_px()
        self.error_lines = min(len(text.wrap(self.error, inner.width, px)),
                               2 if self.rows else 6) if self.error else 0
        error_h = int(text.font(px).get_linesize() * (self.error_lines + 0.3)
                      ) if self.error else 0
        self.error_rect = pygame.Rect(inner.left, bottom - m.pad - error_h, inner.width,
                                      error_h)
        self._place_rows(pygame.Rect(inner.left, list_top, inner.width,
                                     self.error_rect.top - m.pad - list_top))

    def _row_text(self, row: Row, width: int) -> RowText:
        m = self.app.metrics
        return row_text(row.label, row.detail, width - 2 * m.pad, self.name_px,
                        min(m.small, self.name_px))

    def _place_rows(self, area: pygame.Rect) -> None:
        """The rows shown from ``scroll`` on, each as tall as its lines, as many as ``area``
        holds (at least one); ``scroll`` no further than the last rows filling it. The
        names at the body size, or smaller where that shows more rows (see
        :func:`row_sizes`; at 200% of 1280x720 fr the Load dialog showed one learner at a
        time with room under it, QA S14 27; at 1280x800 two of four, QA16)."""
        m = self.app.metrics
        gap = m.pad
        # A line under the rows for the counter where they do not all show: beside a long
        # title and the buttons it has no room, and rows filling the list left it none. (It
        # goes half a pad under the last row, whose gap and the pad above the buttons count.)
        counter = max(0, text.font(m.small).get_linesize() + m.pad // 2 - 2 * gap)

        def room(count: int) -> int:
            return area.height - (counter if count < len(self.rows) else 0)

        for rows, least in row_sizes(m.body, readable_px(self.app.size)):
            wanted = self.rows[:rows]
            sizes = range(m.body, least - 1, -2)
            self.name_px = next((px for px in sizes if self._rows_height(wanted, px, area.width)
                                 <= room(len(wanted))), 0)
            if self.name_px:
                break
        else:
            self.name_px = m.body  # two rows never fit: one at a time, at the body size
        heights = [0] * len(self.rows)

        def height(i: int) -> int:
            if not heights[i]:
                heights[i] = self._row_text(self.rows[i], area.width).height() + gap
            return heights[i]

        whole = sum(height(i) for i in range(len(self.rows))) <= area.height
        limit = area.height if whole else room(0)
        last, used = len(self.rows), 0
        while last > 0 and used + height(last - 1) <= limit:
            used += height(last - 1)
            last -= 1
        self.scroll = max(0, min(self.scroll, last, len(self.rows) - 1))
        self.row_rects = []
        y = area.top
        for i in range(self.scroll, len(self.rows)):
            if self.row_rects and y + height(i) > area.top + limit:
                break
            self.row_rects.append((pygame.Rect(area.left, y, area.width, height(i) - gap),
                                   self.rows[i]))
            y += height(i)

    def _rows_height(self, rows: list[Row], px: int, width: int) -> int:
        """The height ``rows`` take with their names at ``px`` (each with its gap)."""
        self.name_px = px
        return sum(self._row_text(row, width).height() + self.app.metrics.pad for row in rows)

    def redraw_period(self) -> float | None:
        """The path field's caret blinks while it has the keyboard."""
        return self.path_field.redraw_period()

    def widgets(self) -> list[widgets.Widget]:
        """The dialog's widgets, in event order."""
        return [self.path_field, self.up_button, self.home_button, self.open_button,
                self.cancel_button]

    def handle(self, event: pygame.event.Event) -> None:
        self._layout()
        if widgets.handle_all(self.widgets(), event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key == pygame.K_BACKSPACE:
                self.up()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.act()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                # They choose a row, scrolling it into view (QA S12 38: at 200% of 1024x640
                # only the wheel scrolled; 48: the keys alone opened nothing).
                self.choose_next(1 if event.key == pygame.K_DOWN else -1)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= int(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, row in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.click_row(row)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        m = self.app.metrics
        self._layout()
        dim(surface, theme.overlay)
        draw_panel(surface, self.box, theme, m.radius, theme.panel, theme.accent, 3)
        # Smaller down to the body size rather than cut ("Exporter les résultats (CSV + P…"
        # at 200% of 1024x768, QA S13 30).
        text.blit_text(surface, tr(self.title_key), m.heading, theme.accent,
                       (self.box.left + m.pad * 2, self.box.top + m.pad * 2), bold=True,
                       max_width=self.box.width - 4 * m.pad, min_px=min(m.heading, m.body))
        if self.label_above is not None:
            text.blit_text(surface, tr(self.path_key), m.small, theme.text, self.label_above)
        mouse = widgets.mouse()
        for rect, row in self.row_rects:
            if row.path == self.selected:  # the row Open opens
                pygame.draw.rect(surface, theme.button_hover, rect, border_radius=m.radius)
                pygame.draw.rect(surface, theme.accent, rect, 3, border_radius=m.radius)
            elif rect.collidepoint(mouse):
                pygame.draw.rect(surface, theme.button_hover, rect, 2, border_radius=m.radius)
            colour = theme.accent if row.is_folder else theme.text
            lines = self._row_text(row, rect.width)
            y = rect.top
            for line in lines.name:
                text.blit_text(surface, line, lines.name_px, colour, (rect.left + m.pad, y),
                               bold=True)
                y += text.font(lines.name_px, True).get_linesize()
            for line in lines.detail:
                text.blit_text(surface, line, lines.detail_px, theme.text_muted,
                               (rect.left + m.pad, y))
                y += text.font(lines.detail_px).get_linesize()
        if len(self.rows) > len(self.row_rects):
            self._draw_scroll_hint(surface)
        if self.error:
            colour = theme.text_muted if self.error_is_info else theme.danger
            text.blit_wrapped(surface, self.error, self.error_px(), colour, self.error_rect,
                              max_lines=self.error_lines)
        widgets.draw_all(self.widgets(), surface, theme)


class SaveDialog(LoadDialog):
    """Choose the folder a learner is saved in (the data folder, a USB stick...): the same
    browser, its main button saving in the folder shown (or the one typed); ``on_save`` gets
    the folder. Files are listed to show what the folder holds; clicking one does nothing."""

    title_key = "lab.save_title"
    action_key = "lab.browse.save_here"
    path_key = "lab.browse.folder_path"
    drives_first = True
    chooses_a_lone_file = False  # (a folder is chosen here)
    #: What a click on a file says (a folder is wanted).
    pick_key = "lab.browse.pick_folder"

    def act(self) -> None:
        """Save in the folder the path field names (the folder shown, unless one was typed)."""
        path = self.typed_path(self.path_field.value) or self.folder
        try:
            is_dir = path.is_dir()
        except OSError:
            is_dir = False
        if is_dir or (path == self.home and not path.exists()):  # the data folder is made
            self.app.pop(self)
            self.on_open(path)
        else:
            self.error = tr("lab.browse.no_folder", path=str(path))
            self.error_is_info = False

    def pick(self, path: Path) -> None:
        """A file was typed or clicked: say that a folder is wanted."""
        self.error = tr(self.pick_key)
        self.error_is_info = True

    def click_row(self, row: Row) -> None:
        """A folder opens; a click on a file says that a folder is wanted."""
        if row.is_folder:
            self.show(row.path)
        else:
            self.pick(row.path)


class ExportDialog(SaveDialog):
    """Choose the folder the lab's picture goes to (Documents first, a USB stick...); its
    list shows the folder's pictures."""

    title_key = "lab.export_title"
    action_key = "lab.browse.export_here"
    home_key = "lab.browse.documents"
    no_files_key = "lab.browse.no_pictures"
    empty_key = "lab.browse.no_pictures"
    pick_key = "lab.browse.pick_export_folder"

    def rows_of(self, folder: Path) -> list[Row]:
        return plain_rows(folder, ".png")


class NetworkFiles:
    """What the n-tuple lab's dialogs show: ``*.npz`` networks, its own words."""

    title_key: str
    home_key = "ntuple.browse.home"
    no_files_key = "ntuple.browse.none"
    empty_key = "ntuple.browse.none"

    def rows_of(self, folder: Path) -> list[Row]:
        return plain_rows(folder, ".npz")


class NetworkSaveDialog(NetworkFiles, SaveDialog):
    """Choose the folder an n-tuple network is saved in; its list shows the networks."""

    title_key = "ntuple.save_title"
    pick_key = "ntuple.browse.pick_folder"


class NetworkLoadDialog(NetworkFiles, LoadDialog):
    """Browse folders for an n-tuple network file (``*.npz``) to load."""

    title_key = "ntuple.load_title"
