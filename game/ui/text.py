"""Fonts and text rendering: a cache of the bundled DejaVu fonts at any pixel size, and helpers
that fit text into a width (shrinking, then ellipsising) or wrap it into lines.

Text is always rendered at the size it is shown (never scaled afterwards) so it stays sharp on a
projector. Sizes are pixels, computed by the caller from the window height.
"""

from __future__ import annotations

import re

import pygame

from game.resources import asset

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_cache: dict[tuple[int, bool], pygame.font.Font] = {}
# Rendered text surfaces are reused across frames: the same labels are drawn 60 times a second.
# They are plain pixels, valid after pygame.quit, so they outlive clear_cache (each test's app
# drew the same menu texts again).
_render_cache: dict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = {}
_RENDER_CACHE_MAX = 2000
# Measured widths and heights by (text, px, bold). Layouts measure the same labels again every
# frame (2.8 million measurements in one test file, a fifth of its time); a size depends only
# on the bundled font file, so these outlive clear_cache (and pygame.quit).
_size_cache: dict[tuple[str, int, bool], tuple[int, int]] = {}
_SIZE_CACHE_MAX = 50_000
# Lines of wrapped texts by (text, width, px, bold): the same sentences are wrapped again at
# every frame, a tenth of a test run's drawing; like a size, they depend only on the font file.
_wrap_cache: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}
_WRAP_CACHE_MAX = 20_000
MIN_PX = 6


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans (bold or regular) at ``px`` pixels, cached."""
    px = max(MIN_PX, int(px))
    key = (px, bold)
    cached = _cache.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(str(asset("fonts", _FILES[bold])), px)
        _cache[key] = cached
    return cached


def clear_cache() -> None:
    """Forget the cached fonts (after pygame.quit, fonts are invalid); rendered texts and
    measured sizes stay valid and are kept."""
    _cache.clear()


def render(text: str, px: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """``text`` rendered anti-aliased at ``px`` pixels (cached)."""
    key = (text, max(MIN_PX, int(px)), bold, (int(colour[0]), int(colour[1]), int(colour[2])))
    surf = _render_cache.get(key)
    if surf is None:
        if len(_render_cache) >= _RENDER_CACHE_MAX:
            _render_cache.clear()
        surf = font(key[1], bold).render(text, True, key[3])
        _render_cache[key] = surf
    return surf


def size(text: str, px: int, bold: bool = False) -> tuple[int, int]:
    """Width and height ``text`` takes at ``px`` pixels (remembered)."""
    key = (text, px, bold)
    measured = _size_cache.get(key)
    if measured is None:
        w, h = font(px, bold).size(text)
        measured = (int(w), int(h))
        if len(_size_cache) >= _SIZE_CACHE_MAX:
            _size_cache.clear()
        _size_cache[key] = measured
    return measured


def fit_px(text: str, max_width: int, px: int, bold: bool = False, min_px: int = MIN_PX) -> int:
    """The largest size not above ``px`` (and not under ``min_px``) at which ``text`` fits."""
    px = max(min_px, int(px))
    while px > min_px and size(text, px, bold)[0] > max_width:
        px = max(min_px, int(px * 0.92))
    return px


def ellipsize(text: str, max_width: int, px: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` at ``px`` pixels."""
    if size(text, px, bold)[0] <= max_width:
        return text
    cut = text
    while cut and size(cut + "…", px, bold)[0] > max_width:
        cut = cut[:-1]
    return cut + "…" if cut else ""


def render_fit(
    text: str,
    max_width: int,
    px: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    min_px: int | None = None,
) -> pygame.Surface:
    """``text`` rendered as large as possible up to ``px`` within ``max_width``.

    It shrinks down to ``min_px`` (default 90% of ``px``, so text keeps a readable size: the
    metrics put body and small text far enough above 2.5% of the window height), then is cut
    with an ellipsis.
    """
    floor = int(px * 0.9) if min_px is None else min_px
    use = fit_px(text, max_width, px, bold, floor)
    return render(ellipsize(text, max_width, use, bold), use, colour, bold)


def fit_lines(text: str, box: pygame.Rect, px: int, bold: bool = False,
              min_px: int | None = None, shrink: float = 0.9) -> tuple[list[str], int]:
    """``text`` as it fits ``box``: one line shrunk down to ``shrink`` (90%) of ``px``, else
    two lines from that size down to ``min_px`` (default 70% of ``px``) when two lines fit
    the box's height, else one line at ``shrink`` cut with an ellipsis. Returns the lines
    and their size."""
    one = fit_px(text, box.width, px, bold, int(px * shrink))
    if size(text, one, bold)[0] <= box.width:
        return [text], one
    floor = int(px * 0.7) if min_px is None else min_px
    trial = int(px * shrink)
    while trial >= max(MIN_PX, floor):
        lines = wrap(text, box.width, trial, bold)
        if (len(lines) <= 2 and two_line_step(trial) * len(lines) <= box.height + 2
                and all(size(line, trial, bold)[0] <= box.width for line in lines)):
            return lines, trial
        trial -= 1
    return [ellipsize(text, box.width, one, bold)], one


def two_line_step(px: int) -> int:
    """The line step of a label on two lines: tight (a row is about two lines high)."""
    return round(px * 1.12)


def blit_fit(surface: pygame.Surface, text: str, box: pygame.Rect, px: int,
             colour: tuple[int, int, int], bold: bool = False, align: str = "center",
             min_px: int | None = None, shrink: float = 0.9) -> None:
    """Draw ``text`` in ``box`` as :func:`fit_lines` fits it, centred vertically; ``align``
    "center" or "left" horizontally."""
    lines, used = fit_lines(text, box, px, bold, min_px, shrink)
    step = two_line_step(used)
    y = box.centery - step * len(lines) / 2
    for line in lines:
        surf = render(line, used, colour, bold)
        rect = surf.get_rect()
        rect.centery = round(y + step / 2)
        if align == "left":
            rect.left = box.left
        else:
            rect.centerx = box.centerx
        surface.blit(surf, rect)
        y += step


#: Marks French sets after a space that must not begin a line ("vôtres : ils", never a line
#: starting with ": ils"; "97 %)", never a line starting with "%)").
_NO_BREAK_BEFORE = (":", ";", "!", "?", "»", "%")


#: A number as a word, maybe after an opening bracket ("3", "+1", "\u22120.5", "(0").
_NUMBER = r"[(\[]?[+\-\u2212\u2264\u2265]?\d+(?:[.,]\d+)?"
#: A count as a word: the word after it is its unit, kept on its line ("(0" / "partie)" broke
#: at 200% of 1280x800 in French, QA18 5).
_COUNT = re.compile(f"^{_NUMBER}$")
#: A count that may end a text, with its closing marks ("3.", "12)", "52%").
_LAST_COUNT = re.compile(f"^{_NUMBER}[.,;:!?)\\]%]*$")


def _glued(words: list[str]) -> list[str]:
    """``words`` with each one that starts with a mark of :data:`_NO_BREAK_BEFORE` joined to
    the word before it (with its space), the word after an opening « joined to it, "↓" to
    the "↑" before it (a hint broke between the two arrows of "↑ ↓ or wheel"), and a word
    that starts with a letter to the count before it ("3 allumettes, 1 / allumette" and
    "en 15 / coups" broke a count from its unit, QA17 3), and a count ending the text to the
    word before it."""
    glued: list[str] = []
    for word in words:
        if glued and (word.startswith(_NO_BREAK_BEFORE) or glued[-1] == "«"
                      or (word.startswith("↓") and glued[-1].endswith("↑"))
                      or (word[:1].isalpha() and _COUNT.match(glued[-1]) is not None)):
            glued[-1] = f"{glued[-1]} {word}"
        else:
            glued.append(word)
    if len(glued) > 1 and _LAST_COUNT.match(glued[-1]) is not None:
        # A count that ends the text stays with the word before it: "Boîte : 3 coups permis
        # sur" / "3" left it alone on the last line (QA18 16).
        glued[-2:] = [f"{glued[-2]} {glued[-1]}"]
    return glued


def wrap(text: str, max_width: int, px: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines at spaces (and at newlines) to fit ``max_width``; a file
    name or a folder wider than a whole line is broken after its separators (see
    :func:`break_name`): "Game saved as othello-20261124-152230.txt" ran past its notice's
    border and the window's edge at 200% of 1280x720 (QA). A word of a sentence is never
    cut ("chan" / "gent"). Remembered: a new list of the same lines when asked again."""
    key = (text, max_width, px, bold)
    known = _wrap_cache.get(key)
    if known is None:
        if len(_wrap_cache) >= _WRAP_CACHE_MAX:
            _wrap_cache.clear()
        known = _wrap_cache[key] = tuple(_wrap_lines(text, max_width, px, bold))
    return list(known)


def _wrap_lines(text: str, max_width: int, px: int, bold: bool) -> list[str]:
    """The lines of :func:`wrap`, measured."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = _glued(paragraph.split(" "))
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if size(trial, px, bold)[0] <= max_width:
                line = trial
                continue
            if line:
                lines.append(line)
            pieces = (break_name(word, max_width, px, bold)
                      if is_name(word) and size(word, px, bold)[0] > max_width else [word])
            lines.extend(pieces[:-1])
            line = pieces[-1]
        lines.append(line)
    return lines


#: A file name's pieces, each with the separators after it: a name breaks after a dash, an
#: underscore, a dot, a space or a folder's slash ("elimination-nim-" / "20-allumettes.json",
#: "/home/teacher/" / "games").
_NAME_PIECES = re.compile(r"[^-_. /\\]+[-_. /\\]*|[-_. /\\]+")


def is_name(word: str) -> bool:
    """Whether ``word`` is a file name or a folder rather than a word of a sentence: no space
    inside, a dash, underscore, dot or slash between two of its characters."""
    return " " not in word and re.search(r".[-_./\\].", word) is not None


def name_pieces(name: str) -> list[str]:
    """``name``'s pieces, each with the separators after it, where :func:`break_name` may
    break it; an extension stays with what it ends ("20-allumettes.json"), and a hidden
    folder's dot with its name ("/home/teacher/" / ".local/", not "/home/teacher/." /
    "local/")."""
    pieces: list[str] = _NAME_PIECES.findall(name)
    for i in range(len(pieces) - 1):
        if pieces[i].endswith(("/.", "\\.")):
            pieces[i], pieces[i + 1] = pieces[i][:-1], "." + pieces[i + 1]
    if len(pieces) > 1 and pieces[-2].endswith("."):
        pieces[-2:] = [pieces[-2] + pieces[-1]]
    return pieces


def break_name(name: str, max_width: int, px: int, bold: bool = False,
               at_separators: bool = True) -> list[str]:
    """``name`` (a file name, which has no spaces to wrap at) broken into lines that fit
    ``max_width``: after its separators, and inside a piece only when the piece alone is
    wider than a line (``at_separators`` False: each line filled to its last character that
    fits). Joined, the lines give ``name`` back."""
    pieces = name_pieces(name) if at_separators else list(name)
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if size(line + piece, px, bold)[0] <= max_width:
            line += piece
            continue
        if line:
            lines.append(line)
        while len(piece) > 1 and size(piece, px, bold)[0] > max_width:
            keep = len(piece) - 1
            while keep > 1 and size(piece[:keep], px, bold)[0] > max_width:
                keep -= 1
            lines.append(piece[:keep])
            piece = piece[keep:]
        line = piece
    return [*lines, line] if line or not lines else lines


def wrap_name(name: str, max_width: int, px: int, bold: bool = False,
              max_lines: int = 2) -> list[str]:
    """``name`` on at most ``max_lines`` lines of ``max_width`` (see :func:`break_name`); a
    longer one is cut in its middle with an ellipsis, keeping its start and its end: the
    end holds the extension and, in a save's name, its time, which tell two files apart."""
    lines = break_name(name, max_width, px, bold)
    if len(lines) <= max_lines:
        return lines

    def cut(kept: int) -> list[str]:
        # Filled to the last character: a name cut is too long to spare room at its breaks.
        tail = (kept + 1) // 2
        return break_name(f"{name[:kept - tail]}…{name[len(name) - tail:]}", max_width, px,
                          bold, at_separators=False)

    # The most characters kept with the name still on max_lines lines.
    low, high = 1, len(name) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if len(cut(mid)) <= max_lines:
            low = mid
        else:
            high = mid - 1
    return cut(low)[:max_lines]


def blit_text(
    surface: pygame.Surface,
    text: str,
    px: int,
    colour: tuple[int, int, int],
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
    min_px: int | None = None,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``.

    With ``max_width`` the text is fitted (see :func:`render_fit`, ``min_px`` its smallest
    size). Returns the drawn rectangle.
    """
    surf = (render(text, px, colour, bold) if max_width is None
            else render_fit(text, max_width, px, colour, bold, min_px))
    rect = surf.get_rect()
    setattr(rect, anchor, pos)
    surface.blit(surf, rect)
    return rect


def blit_wrapped(
    surface: pygame.Surface,
    text: str,
    px: int,
    colour: tuple[int, int, int],
    rect: pygame.Rect,
    bold: bool = False,
    line_gap: float = 0.25,
    max_lines: int | None = None,
) -> int:
    """Draw ``text`` wrapped inside ``rect`` from its top; return the y below the last line.

    At most ``max_lines`` lines (and only those that fit in ``rect``) are drawn; when text is
    left over, the last line drawn ends with an ellipsis.
    """
    y = rect.top
    step = int(font(px, bold).get_linesize() * (1.0 + line_gap * 0.5))
    lines = wrap(text, rect.width, px, bold)
    fit = max(1, int((rect.height + step * 0.3) // step)) if rect.height > 0 else len(lines)
    limit = min(fit, max_lines) if max_lines is not None else fit
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = ellipsize(lines[-1] + "…", rect.width, px, bold)
    for line in lines:
        if line:
            surface.blit(render(line, px, colour, bold), (rect.left, y))
        y += step
    return y
