"""Named colours of the app, in two themes: the default one and a high-contrast one for projectors.

Every scene and board view takes its colours from a :class:`Theme`, never from literals, so the
high-contrast theme changes the whole app at once.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The app's named colours (RGB). ``name`` is the key in :data:`THEMES`."""

    name: str
    background: Colour
    panel: Colour
    panel_border: Colour
    text: Colour
    text_muted: Colour
    accent: Colour
    accent_text: Colour
    danger: Colour
    ok: Colour
    board_light: Colour
    board_dark: Colour
    grid: Colour
    piece0: Colour
    piece1: Colour
    piece_outline: Colour
    highlight: Colour
    legal: Colour
    last_move: Colour
    hint: Colour
    forbidden: Colour
    score_good: Colour
    score_bad: Colour
    button: Colour
    button_hover: Colour
    button_text: Colour
    button_disabled: Colour
    shadow: Colour
    overlay: Colour
    match_wood: Colour
    match_head: Colour
    connect4_frame: Colour
    connect4_red: Colour
    connect4_yellow: Colour
    #: The cloth of a board whose pieces are both black and white (Othello): it must stand out
    #: from both, unlike ``board_light`` (white in the high-contrast theme).
    felt: Colour
    #: A hint for the person (the Hint button) on the board and in the panel: not ``hint``,
    #: the pink of the AI's own chosen move, which a class read as the AI's move (QA 32).
    suggestion: Colour = (70, 225, 215)


DEFAULT = Theme(
    name="default",
    background=(28, 33, 43),
    panel=(40, 47, 60),
    panel_border=(70, 80, 98),
    text=(238, 240, 245),
    text_muted=(160, 170, 188),
    accent=(255, 186, 73),
    accent_text=(30, 30, 36),
    danger=(236, 94, 94),
    ok=(108, 204, 132),
    board_light=(222, 196, 150),
    board_dark=(176, 134, 92),
    grid=(70, 50, 34),
    piece0=(246, 244, 238),
    piece1=(34, 34, 40),
    piece_outline=(20, 20, 24),
    highlight=(255, 214, 92),
    legal=(80, 170, 255),
    last_move=(120, 200, 120),
    hint=(255, 120, 200),
    forbidden=(220, 70, 70),
    score_good=(110, 220, 130),
    score_bad=(240, 100, 100),
    button=(60, 70, 90),
    button_hover=(82, 96, 122),
    button_text=(240, 242, 248),
    button_disabled=(52, 56, 66),
    shadow=(14, 16, 22),
    overlay=(10, 12, 18),
    match_wood=(232, 206, 150),
    match_head=(200, 50, 40),
    connect4_frame=(36, 86, 178),
    connect4_red=(222, 52, 48),
    connect4_yellow=(250, 204, 48),
    felt=(38, 122, 78),
)

CONTRAST = Theme(
    name="contrast",
    background=(0, 0, 0),
    panel=(18, 18, 18),
    panel_border=(255, 255, 255),
    text=(255, 255, 255),
    text_muted=(225, 225, 225),
    accent=(255, 230, 0),
    accent_text=(0, 0, 0),
    danger=(255, 80, 80),
    ok=(0, 255, 120),
    board_light=(255, 255, 255),
    board_dark=(150, 150, 150),
    grid=(0, 0, 0),
    piece0=(255, 255, 255),
    piece1=(0, 0, 0),
    piece_outline=(255, 230, 0),
    highlight=(255, 230, 0),
    legal=(0, 160, 255),
    last_move=(0, 220, 90),
    hint=(255, 0, 200),
    forbidden=(255, 40, 40),
    score_good=(0, 255, 120),
    score_bad=(255, 80, 80),
    button=(0, 0, 0),
    button_hover=(60, 60, 0),
    button_text=(255, 255, 255),
    button_disabled=(40, 40, 40),
    shadow=(0, 0, 0),
    overlay=(0, 0, 0),
    match_wood=(255, 230, 160),
    match_head=(255, 40, 40),
    connect4_frame=(0, 70, 255),
    connect4_red=(255, 40, 40),
    connect4_yellow=(255, 235, 0),
    felt=(0, 118, 62),
    suggestion=(0, 255, 255),
)

THEMES: dict[str, Theme] = {"default": DEFAULT, "contrast": CONTRAST}


def get_theme(name: str) -> Theme:
    """The theme called ``name``; raise ValueError listing the themes if unknown."""
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme '{name}': choose one of {', '.join(THEMES)}") from None


def blend(a: Colour, b: Colour, t: float) -> Colour:
    """The colour ``t`` of the way from ``a`` to ``b`` (t clamped to [0, 1])."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(colour: Colour) -> float:
    """Relative luminance of an sRGB colour (WCAG 2 formula), from 0 (black) to 1 (white)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


#: Below this contrast a disc melts into what is behind it (WCAG's figure for large shapes).
DISC_CONTRAST = 3.0


def disc_rim(fill: Colour, behind: Colour, rim: Colour, theme: Theme) -> Colour:
    """The rim of a disc of ``fill`` drawn on ``behind``: ``rim`` while the disc stands out by
    itself; when it would melt into the background (a black disc on the contrast theme's black
    panel), the theme colour that stands out most from the background, so the disc keeps a
    visible edge on every background."""
    if contrast_ratio(fill, behind) >= DISC_CONTRAST and rim != behind:
        return rim
    candidates = (rim, theme.text, theme.piece0, theme.piece1, theme.accent)
    return max(candidates, key=lambda c: contrast_ratio(c, behind))
