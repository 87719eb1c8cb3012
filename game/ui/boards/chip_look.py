"""The look of a score chip, which says what KIND of number it holds (its colour says the
number's rank): a plain dark chip for a worked-out value, dashes along its top and bottom for
a bound (the search proved only "at most" or "at least" this), a lighter grey chip for a
shallow estimate (fewer moves ahead than the chosen move's).

The kinds shared one neutral chip: in Connect 4 9x8 a bound drawn "\u22122" (no room for its
"\u2264") and a value of 8 moves ahead read alike, and in Othello a 6-deep "+11" beside the
chosen move's \u22122.5 read as a better move left unplayed (QA17 7). The legend draws its
samples with :func:`draw_look`, so a class matches each look with its words. Nothing is drawn
over the digits: hatching under them and dashes at a tight chip's sides ("|\u221212|") made
20 px labels hard to read.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class ChipLook:
    """What a chip's drawing adds to the plain dark chip."""

    #: A dashed outline: the number is a bound, not the move's value.
    dashed: bool = False
    #: A lighter chip: an estimate from fewer moves ahead than the chosen move's.
    light: bool = False

    @property
    def shows(self) -> bool:
        """True when the look adds anything to the plain chip."""
        return self.dashed or self.light


PLAIN = ChipLook()
BOUND = ChipLook(dashed=True)
SHALLOW = ChipLook(light=True)
SHALLOW_BOUND = ChipLook(dashed=True, light=True)

#: How far a shallow estimate's chip goes from the dark chip toward the text colour: grey
#: enough to read as another chip from the back of the room, dark enough that its digits (the
#: text colour) keep a contrast of about 7:1.
LIGHT_SHARE = 0.3


def chip_look(score: object) -> ChipLook:
    """The look of a board's score: its meaning's (``ShownScore.meaning.look``, see
    :mod:`game.ui.reasoning`), else plain."""
    look = getattr(getattr(score, "meaning", None), "look", None)
    return look if isinstance(look, ChipLook) else PLAIN


def outline_width(px: int) -> int:
    """The width of a chip's outline at text size ``px`` (the best move's, a bound's dashes)."""
    return max(2, px // 8)


def draw_look(surface: pygame.Surface, rect: pygame.Rect, px: int, colour: Colour,
              look: ChipLook, under_text: bool, dark: Colour = (0, 0, 0)) -> None:
    """What ``look`` adds to the chip ``rect`` (text ``px`` pixels, in ``colour``; ``dark``
    the plain chip's fill): with ``under_text`` the lighter fill (drawn before the digits),
    else the dashes (after)."""
    if under_text and look.light:
        pygame.draw.rect(surface, light_fill(dark, colour), rect, border_radius=_radius(rect))
    if not under_text and look.dashed:
        _dashes(surface, rect, colour, px)


def light_fill(dark: Colour, text: Colour) -> Colour:
    """The fill of a shallow estimate's chip: the dark chip's toward the text colour."""
    return (round(dark[0] + (text[0] - dark[0]) * LIGHT_SHARE),
            round(dark[1] + (text[1] - dark[1]) * LIGHT_SHARE),
            round(dark[2] + (text[2] - dark[2]) * LIGHT_SHARE))


def _radius(rect: pygame.Rect) -> int:
    """A chip's corner radius (as :func:`game.ui.boards.base.score_chip` rounds it)."""
    return max(2, rect.height // 3)


def _dashes(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, px: int) -> None:
    """Dashes along the chip's top and bottom edges, inside it (its sides left plain: in a
    tight chip side dashes read as strokes of the digits)."""
    width = outline_width(px)
    radius = _radius(rect)
    dash, gap = max(4, px // 3), max(3, px // 5)
    left, right = rect.left + radius // 2, rect.right - radius // 2
    length = right - left
    if length <= dash:
        return
    # Centred: the dashes at both ends alike.
    count = max(1, (length + gap) // (dash + gap))
    start = left + (length - (count * dash + (count - 1) * gap)) // 2
    for y in (rect.top + width // 2, rect.bottom - 1 - (width - 1) // 2):
        for i in range(count):
            x = start + i * (dash + gap)
            pygame.draw.line(surface, colour, (x, y), (x + dash - 1, y), width)
