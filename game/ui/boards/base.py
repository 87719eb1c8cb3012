"""The board-view contract shared by the four games, and helpers the grid boards reuse.

A :class:`BoardView` turns a rules state into pixels for any rectangle the layout gives it and
turns a mouse position into a *board element* (a cell, a heap and a count, a piece). An
:class:`InputController` collects a human's clicks on those elements until they form one legal
move. The play scene, the menu cards and the rules pages only use this module's interface:

* ``view.layout(rect, state)`` once per size change (cheap, may be called every frame);
* ``view.draw(surface, state, ctx)`` every frame, with a :class:`BoardContext`;
* ``view.hit(pos, state)`` for the element under the mouse (or None);
* ``view.controller(state)`` when a human is to move, then ``controller.click(element)``.

Every size is a proportion of the rectangle, never fixed pixels, so a board is as sharp in a
200 px menu card as on a 4K projector.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.boards.chip_look import PLAIN, ChipLook, draw_look, outline_width
from game.ui.i18n import decimal

if TYPE_CHECKING:
    from game.ui.theme import Theme

Element = Hashable
"""A board element returned by :meth:`BoardView.hit`: a cell ``(row, col)``, a Nim
``("match", heap, index)`` and so on. Each game documents its own elements."""


@dataclass(frozen=True)
class ClickResult:
    """What one click did.

    ``move`` is a complete legal move when the clicks so far form one (the scene plays it);
    ``message_key`` an i18n key saying why nothing happened (``"boards.not_your_piece"``), or
    None; ``changed`` is True when the controller's selection changed (redraw, maybe a sound).
    """

    move: Any = None
    message_key: str | None = None
    changed: bool = False
    #: The message's values ("take 1 to {n}": the limit itself, not where it is written).
    message_args: dict[str, object] = field(default_factory=dict)


class InputController:
    """Collects clicks on board elements until they form one legal move, for one state.

    Built for a state in which a human is to move. Subclasses implement :meth:`click`;
    the default keeps no selection.
    """

    def __init__(self, state: Any) -> None:
        self.state = state
        # Legal moves are asked once: states are immutable, and the controller lives for one turn.
        self.legal: tuple[Any, ...] = tuple(state.legal_moves()) if state.outcome is None else ()

    def click(self, element: Element | None) -> ClickResult:
        """Handle a click on ``element`` (None: outside the board)."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Drop any partial selection (Esc, right click, a click outside the board)."""

    def prompt_key(self) -> str:
        """The i18n key of the status-line text telling the human what to click next."""
        return "boards.choose_cell"

    def highlighted(self) -> set[Element]:
        """Elements to light up as possible next clicks (destinations of a selected piece...)."""
        return set()

    def selected(self) -> Element | None:
        """The element picked by a first click (a lifted or selected piece), if any."""
        return None

    def hover_targets(self, element: Element | None) -> set[Element]:
        """Elements a click on ``element`` would affect (Nim: every match the move takes)."""
        return set()


@dataclass
class BoardContext:
    """Everything besides the state that changes how a board is drawn.

    ``hover`` is the mouse position in surface pixels; ``controller`` supplies the selection and
    the highlighted destinations; ``last_move`` and ``hint_move`` are moves of the game;
    ``scores`` maps moves to the AI's values (``score_kind`` as in :class:`ai.base.Decision`)
    for the reasoning overlay; ``anim`` runs from 0 to 1 after ``previous_state`` became the
    drawn state (1, or ``previous_state`` None, means no animation); ``interactive`` is True
    when a human is to move (hover effects and legal-move dots are shown only then).
    """

    theme: Theme
    hover: tuple[int, int] | None = None
    controller: InputController | None = None
    last_move: Any = None
    hint_move: Any = None
    scores: Mapping[Any, float] | None = None
    score_kind: str = "value"
    show_legal: bool = True
    anim: float = 1.0
    previous_state: Any = None
    interactive: bool = False
    #: Text size of the score labels in pixels (the scene's body text); 0: from the cell size.
    label_px: int = 0
    #: The least text size of the coordinates (the window's readable size), as far as the
    #: margin around the board allows; 0: from the cell size alone.
    coords_px: int = 0
    #: True when ``scores`` are the choices of the move just played (``last_move``), kept on
    #: the position after it while the other side answers: a board whose labels are drawn
    #: from pieces that move (Hexapawn's pawns) then draws them where they still hold.
    scores_played: bool = False


class BoardView:
    """Draws one game's states into a rectangle and maps positions to board elements."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: True when the last drawing wrote some count shorter ("2k", see
        #: :func:`fitted_labels`): the legend then says what "k" is.
        self.counts_shortened = False
        #: The labelled moves the last drawing wrote in full although it shortened others
        #: (Othello keeps some decimals, see :class:`~game.ui.boards.othello.OthelloView`):
        #: the legend's sample for them is their full form ("\u22124.8", not "\u22125 \u2026
        #: rounded").
        self.full_forms: frozenset[Any] = frozenset()
        #: The scored moves the last drawing labelled, None: every one (the default). The
        #: legend speaks of these only: Morpion's movement phase hides the AI's placements,
        #: which the legend went on explaining.
        self.labelled: frozenset[Any] | None = None
        #: What each label the last drawing wrote stands for where that is not one move, as
        #: an i18n key the legend adds to its first row (see reasoning.scoped_rows), None:
        #: one move each. Morpion's moving phase labels each empty square with the best of
        #: the moves ending there, which read as "moving there" whatever the piece (QA20 9).
        self.label_scope: str | None = None
        #: True when the last drawing left every score label out because it would have been
        #: under the readable size: the legend then says so.
        self.labels_left_out = False
        #: The size the screen draws score labels at (its body text), 0 when unknown: a view
        #: may keep room for them in its layout (Connect 4's strip above the columns).
        self.label_px = 0
        #: True when the screen's text is large and its panel needs the width: a view then
        #: leaves out what only repeats the panel (Othello's disc counts beside the board).
        self.compact = False
        #: The least coordinates size a screen asks for before the layout (a rules picture,
        #: the lab's boxes), 0: none. A view that writes them on large boards only keeps
        #: room for them then (Connect 4's letters: the lab's 100-px boxes had none).
        self.coords_least = 0

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """Fit the board in ``rect`` (square cells, room for coordinates and side panels)."""
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface, state: Any, ctx: BoardContext) -> None:
        """Draw ``state`` on ``surface`` inside the last laid-out rectangle."""
        raise NotImplementedError

    def hit(self, pos: tuple[int, int], state: Any) -> Element | None:
        """The board element under ``pos`` (surface pixels), or None."""
        raise NotImplementedError

    def controller(self, state: Any) -> InputController:
        """A fresh input controller for a human to move in ``state``."""
        raise NotImplementedError

    def centre_of(self, element: Any) -> tuple[int, int]:
        """The pixel centre of a board element (after :meth:`layout`): where a synthetic click
        on ``element`` should land, for tests and demos."""
        raise NotImplementedError

    def thumbnail(self, surface: pygame.Surface, rect: pygame.Rect, state: Any,
                  coords_px: int = 0) -> None:
        """Draw ``state`` small (menu cards, rules pages): layout then draw, no overlays;
        coordinates at least ``coords_px`` where the margin allows (see
        :attr:`BoardContext.coords_px`)."""
        self.layout(rect, state)
        self.draw(surface, state, BoardContext(theme=self.theme, coords_px=coords_px))

    def content_bottom(self) -> int:
        """The y below everything the last :meth:`layout` draws: the rectangle under it is
        free (the play screen writes the legend there with large text). The rectangle's
        bottom by default (nothing free)."""
        return self.rect.bottom

    def sizes(self) -> tuple[float, ...]:
        """The sizes of what the last :meth:`layout` drew that a wider rectangle may make
        larger (a cell, a side column's width...); empty when every pixel of width is used,
        the default (see :func:`needed_width`)."""
        return ()


def needed_width(view: BoardView, rect: pygame.Rect, state: Any) -> int:
    """The least width of ``rect`` at which ``view`` draws ``state`` as large as in ``rect``
    (none of its :meth:`~BoardView.sizes` smaller): a board limited by the height (Connect 4's
    7x6 at 1920x1080) leaves the rest of the width to the screen's other parts. The view is
    left laid out in a rectangle of that width, the same height, at ``rect``'s left."""
    view.layout(rect, state)
    full = view.sizes()
    if not full:
        return rect.width

    def as_large(width: int) -> bool:
        view.layout(pygame.Rect(rect.left, rect.top, width, rect.height), state)
        return all(now >= was - 1e-6 for now, was in zip(view.sizes(), full, strict=True))

    # Bisection on the width: the sizes grow with it (up to their value in ``rect``).
    low, high = 1, rect.width
    while low < high:
        middle = (low + high) // 2
        if as_large(middle):
            high = middle
        else:
            low = middle + 1
    view.layout(pygame.Rect(rect.left, rect.top, high, rect.height), state)
    return high


# -- helpers shared by the board views --------------------------------------------------------

Colour = tuple[int, int, int]


def alpha_fill(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, alpha: int,
               radius: int = 0) -> None:
    """Fill ``rect`` with a translucent ``colour`` (alpha 0-255), corners rounded by ``radius``."""
    if rect.width <= 0 or rect.height <= 0:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect.topleft)


_circles: dict[tuple[int, Colour, int, int], pygame.Surface] = {}


def alpha_circle(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                 colour: Colour, alpha: int, width: int = 0) -> None:
    """A translucent anti-aliased circle (filled when ``width`` is 0)."""
    r = max(1, round(radius))
    key = (r, (colour[0], colour[1], colour[2]), alpha, width)
    layer = _circles.get(key)
    if layer is None:
        # Boards draw the same dots and shadows every frame: render each one once.
        if len(_circles) > 256:
            _circles.clear()
        layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.aacircle(layer, (*colour, alpha), (r + 2, r + 2), r, width)
        _circles[key] = layer
    surface.blit(layer, (round(centre[0]) - r - 2, round(centre[1]) - r - 2))


def disc(surface: pygame.Surface, centre: tuple[float, float], radius: float, fill: Colour,
         outline: Colour | None = None, outline_width: int = 0) -> None:
    """An anti-aliased filled circle with an optional outline ring."""
    c = (round(centre[0]), round(centre[1]))
    r = max(1, round(radius))
    if outline is not None and outline_width > 0:
        pygame.draw.aacircle(surface, outline, c, r)
        pygame.draw.aacircle(surface, fill, c, max(1, r - outline_width))
    else:
        pygame.draw.aacircle(surface, fill, c, r)


SIGNED_KINDS = frozenset({"value", "q", "eval", "discs", "exact", "minimax", "alphabeta"})
"""Score kinds whose sign means win (+) or loss (-) for the mover; coloured by sign."""

NEUTRAL_KINDS = frozenset({"probability"})
"""Score kinds that are not judgements of the moves (a random player's chances of picking
each): drawn in the text colour, none outlined as the best, whatever their size."""


COUNT_KINDS = frozenset({"visits", "beads"})
"""Score kinds that count something (MCTS's playouts, a matchbox's beads): from a thousand up
they may be written shorter ("2.1k", "2k") so a narrow column's label keeps its size."""

FRACTION_KINDS = frozenset({"q"})
"""Score kinds that are fractions (a learned value from -1 to +1): always two decimals."""

#: How many shorter forms a count has (see :func:`count_text`).
COUNT_FORMS = 2


def count_text(n: int, shorter: int = 0) -> str:
    """A count as a label: whole ("2070"), or from a thousand up ``shorter`` steps shorter,
    in thousands (k) or millions (M) with one decimal in the language's mark ("2.1k",
    French "2,1k"), then none ("2k"). Below a thousand always whole."""
    if abs(n) < 1000 or shorter <= 0:
        return str(n)
    value, unit = (n / 1000, "k") if abs(n) < 999_500 else (n / 1_000_000, "M")
    if shorter == 1 and abs(value) < 99.95:
        return decimal(f"{value:.1f}{unit}")
    return f"{round(value)}{unit}"


def decided_distance(value: float, kind: str) -> int | None:
    """For a proven result, the plies to the end: positive for a win, negative for a loss,
    0 for a proven draw (``kind`` "exact" only); None for a heuristic score.

    Searches score a finished game ``WIN - plies`` (ai.heuristics.WIN, ``score_kind``
    "value"); the exact players ``WIN - plies`` with their own, smaller WIN (ai.perfect,
    "exact"). Only a distance under 1000 plies counts, so a large evaluation is never read
    as a win.
    """
    from ai.heuristics import WIN as SEARCH_WIN
    from ai.perfect import UNKNOWN_DISTANCE
    from ai.perfect import WIN as EXACT_WIN

    if kind == "value":
        top = SEARCH_WIN
    elif kind == "exact":
        top = float(EXACT_WIN)
        if round(value) == 0:
            return 0
        if abs(round(value)) == UNKNOWN_DISTANCE:
            return None
    else:
        return None
    if not math.isfinite(value):
        return None
    plies = round(top - abs(value))
    if abs(abs(value) - (top - plies)) > 1e-6 or not 0 < plies < 1000:
        return None
    return plies if value > 0 else -plies


def _decided_label(value: float, kind: str) -> str | None:
    """A proven result as a short label: "W3" win in 3 plies, "L2", "=" for a draw (French
    "G3", "P2"); a win of unknown distance is "W"; None for a heuristic score."""
    from game.ui.i18n import tr

    distance = decided_distance(value, kind)
    if distance is None:
        if kind == "exact":
            return tr("score.win_letter") if value > 0 else tr("score.loss_letter")
        return None
    if distance == 0:
        return "="
    key = "score.win_short" if distance > 0 else "score.loss_short"
    return tr(key, n=abs(distance))


def format_score(value: float, kind: str, integral: bool, shorter: int = 0) -> str:
    """A move's score as a short label.

    ``kind`` is the Decision's ``score_kind``; ``integral`` is True when every score of the
    decision is a whole number (visits, beads, exact game values), so no decimals are shown.
    Signed kinds (values, Q-values) always show their sign so good and bad read at a glance.
    Counts (:data:`COUNT_KINDS`) are written ``shorter`` steps shorter (see
    :func:`count_text`), other numbers with decimals with one decimal fewer.
    """
    decided = _decided_label(value, kind)
    if decided is not None:
        return decided
    if kind == "allowed":
        # The elimination learner: 1 for a move still allowed, 0 for an eliminated one.
        return "\u2713" if value > 0 else "\u2717"
    if kind == "probability" and 0 < value <= 1 and abs(1 / value - round(1 / value)) < 1e-6:
        # A random player's chance, one in n: "1/8", exact where "12%" (12.5% rounded to
        # even) made eight moves add up to 96%; a lone move "1/1", the game's one form (its
        # "100%" beside the other moves' "1/3" read as two kinds of number, QA16 15).
        return f"1/{round(1 / value)}"
    if kind in ("winrate", "win_rate", "probability"):
        return f"{round(value * 100)}%"
    signed = kind in SIGNED_KINDS
    # A learned value (Q) is a fraction between -1 and +1 even when every one is still 0: the
    # cells said "0" beside the panel's "Q value of this move: 0.00".
    integral = integral and kind not in FRACTION_KINDS
    if integral and kind in COUNT_KINDS:
        return count_text(round(value), shorter).replace("-", "\u2212")
    if integral:
        number = round(value)
        text = f"{number:+d}" if signed and number != 0 else str(number)
        return text.replace("-", "\u2212")
    if abs(value) >= 100:
        text = f"{value:.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}" if not shorter else f"{value:.0f}"
    else:
        text = f"{value:.2f}" if not shorter else f"{value:.1f}"
    if shorter and float(text) == 0:
        # One decimal fewer for a narrow cell (Othello's "−0,65" is "−0,7"): no sign
        # on a value it rounds to 0.
        text = text.lstrip("-")
    elif signed and value > 0:
        text = "+" + text
    # The language's decimal mark: the reasoning box said "valeur +0.35" in French.
    return decimal(text).replace("-", "\u2212")


class ShownScore(float):
    """A move's score as the class sees it: the float is the move's rank key (higher is better
    for the mover, proven wins above every estimate, proven losses below), ``label`` the text
    drawn on the board ("W5", "+12", "+1.3") and ``proven`` whether it is a certain result.

    A float subclass, so a board that sorts or compares scores keeps working unchanged; see
    :func:`game.ui.reasoning.shown_scores`, which makes these from a decision.
    """

    label: str
    proven: bool
    #: What was proven (an :class:`ai.bounds.Proven`), for the legend; None for an estimate.
    meaning: Any
    #: How far below the best (in key units) a score must be to get the worst colour; 0:
    #: colours by rank alone. See :func:`score_labels`.
    close: float
    #: A move the player did not judge (drawn in the text colour, not on the good-bad scale).
    neutral: bool
    #: A shorter label for a narrow cell ("+16" for "+15.7"), or "" (see :func:`score_labels`'s
    #: ``shorter``); the legend then says what it is.
    short: str

    def __new__(cls, key: float, label: str, proven: bool = False,
                meaning: Any = None, close: float = 0.0, neutral: bool = False,
                short: str = "") -> ShownScore:
        made = super().__new__(cls, key)
        made.label = label
        made.proven = proven
        made.meaning = meaning
        made.close = close
        made.neutral = neutral
        made.short = short
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return ShownScore, (float(self), self.label, self.proven, self.meaning, self.close,
                            self.neutral, self.short)


def rank_colour(t: float, theme: Theme) -> Colour:
    """The colour scale of the score labels, from the worst move (``t`` = 0, the theme's "bad"
    red) through amber to the best (``t`` = 1, its "good" green)."""
    from game.ui.theme import blend

    middle = theme.highlight
    if t >= 0.5:
        return blend(middle, theme.score_good, (t - 0.5) * 2)
    return blend(theme.score_bad, middle, t * 2)


class RankedScores(dict[Any, float]):
    """Scores to label, ranked (their colours, the best's ring) among :attr:`scale`, all the
    scores they are part of: once the labels on the person's moves gave way after the explain
    pause, the others were coloured anew among those left, the same "−6" yellow then orange
    (QA S16 16, Othello at 1280x800)."""

    def __init__(self, scores: Mapping[Any, float], scale: Mapping[Any, float]) -> None:
        super().__init__(scores)
        self.scale: dict[Any, float] = {**scale, **scores}


def score_labels(scores: Mapping[Any, float], kind: str, theme: Theme, shorter: int = 0
                 ) -> dict[Any, tuple[str, Colour, bool]]:
    """Label text, colour and "is best" flag for each scored move.

    Every score is from the mover's point of view, higher is better (see ai.base.Decision).
    The colour is relative, the text absolute: colours rank the moves shown, from the best
    (green) through amber to the worst (red), by their place among the distinct scores (ties
    share a colour; all alike, or a single move, are amber), so the best of moves that all
    lose is still green; a :class:`ShownScore` with a ``close`` distance is no redder than its
    distance below the best warrants (an estimate 1 disc below the best, of 8, stays green);
    the text keeps what the score means ("L2", "+3.5"), and the legend
    says both (issue 12: when every Connect 4 column lost, every label was red and only an
    outline marked the best). Kinds of :data:`NEUTRAL_KINDS` (chances, not judgements) are
    all in the text colour. :class:`ShownScore` values bring their own text. Counts are
    written ``shorter`` steps shorter (see :func:`count_text` and :func:`fitted_labels`), and
    with ``shorter`` a :class:`ShownScore` with a short form is written so.
    """
    def number(raw: object) -> float | None:
        """The score as a float, or None when it is not a number (a bad player's output)."""
        try:
            value = float(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return None
        return None if math.isnan(value) else value

    numbers = {move: number(raw) for move, raw in scores.items()}
    # Ranked among all the scores they are part of (see RankedScores), else among themselves.
    scale = scores.scale if isinstance(scores, RankedScores) else scores
    ranked = {move: number(raw) for move, raw in scale.items()}
    finite = {m: v for m, v in ranked.items() if v is not None and math.isfinite(v)}
    integral = all(abs(v - round(v)) < 1e-9 for v in finite.values())
    # The ranks: distinct scores, infinities (proven results reported so) at the ends.
    distinct = sorted({v for v in ranked.values() if v is not None})
    top = distinct[-1] if distinct else 0.0
    results = [raw.meaning.result for raw in scale.values()
               if isinstance(raw, ShownScore) and raw.proven and hasattr(raw.meaning, "result")]
    best_result = max(results) if results else None
    labels: dict[Any, tuple[str, Colour, bool]] = {}
    for move, value in numbers.items():
        raw = scores[move]
        if value is None:
            labels[move] = ("?", theme.text, False)
            continue
        if math.isinf(value):
            text = "\u221e" if value > 0 else "\u2212\u221e"
        elif isinstance(raw, ShownScore):
            text = raw.short if shorter and raw.short else raw.label
        else:
            text = format_score(value, kind, integral, shorter)
        if kind in NEUTRAL_KINDS or (isinstance(raw, ShownScore) and raw.neutral):
            # Regression: a random player's equal chances were all drawn green and outlined,
            # and the legend read them as "good for the mover".
            labels[move] = (text, theme.text, False)
            continue
        t = distinct.index(value) / (len(distinct) - 1) if len(distinct) > 1 else 0.5
        if best_result is not None and isinstance(raw, ShownScore) and raw.proven:
            # Where some move is proven to win, a proven loss is red however it ranks among
            # the losses, and a draw amber: "L13" next to "W14" was drawn yellow-green, and
            # read as almost as good (Marienbad, seen in a real window).
            result = getattr(raw.meaning, "result", best_result)
            if result < best_result:
                t = min(t, 0.0 if result < 0 else 0.5)
        if isinstance(raw, ShownScore) and raw.close > 0 and math.isfinite(top - value):
            # Nearly as good as the best looks nearly as good: three Othello estimates within
            # one disc were green, amber and red by rank, and a class read the red one as a
            # blunder (seen in a real window at the engine's first reply).
            t = max(t, 1.0 - (top - value) / raw.close)
        labels[move] = (text, rank_colour(t, theme), value >= top)
    return labels


def label_px(ctx: BoardContext, proportional: float) -> int:
    """The text size of the score labels: the scene's body text size when it gives one (labels
    must read as well as the panel's text), else ``proportional`` (pixels, from the cell)."""
    return ctx.label_px if ctx.label_px > 0 else max(8, round(proportional))


#: A score chip's side padding is the text size divided by this (see :func:`chip_rect`).
CHIP_PAD_SHARE = 3


def shared_label_px(texts: Iterable[str], px: int, max_width: float,
                    pad_share: int = CHIP_PAD_SHARE) -> int:
    """One text size for every score label of a board: the largest, up to ``px``, at which
    each of ``texts`` fits a chip ``max_width`` wide (a long "+143" shrank alone, beside
    "+65" at full size: two sizes read as two kinds of number); ``pad_share`` as in
    :func:`chip_text_px`."""
    return min((chip_text_px(t, px, max_width, pad_share) for t in texts), default=px)


def chip_text_px(text: str, px: int, max_width: float, pad_share: int = CHIP_PAD_SHARE) -> int:
    """The largest text size, up to ``px`` (not under 7), at which ``text`` fits a score chip
    ``max_width`` wide with the chip's side padding at that size (see :func:`chip_rect`; a
    chip drawn with less, ``size // pad_share``, may say so).
    The padding was counted at ``px``: at 200% of 1280x720 (46 px text) a Connect 4 chip kept
    30 px of its 86 for padding and "21000" shrank to 15 px, where 18 fit with its own."""
    from game.ui import text as txt

    def fits(size: int) -> bool:
        return txt.size(text, size, True)[0] + 2 * max(2, size // pad_share) <= max_width

    size = txt.fit_px(text, round(max_width - 2 * max(2, px // pad_share)), px, True, min_px=7)
    while size < px and fits(size + 1):
        size += 1
    return size


def fitted_labels(scores: Mapping[Any, float], kind: str, theme: Theme, px: int,
                  max_width: float, most_shorter: int = COUNT_FORMS,
                  pad_share: int = CHIP_PAD_SHARE, whole_or_shortest: bool = False
                  ) -> tuple[dict[Any, tuple[str, Colour, bool]], int, bool]:
    """The labels of :func:`score_labels`, their one text size (:func:`shared_label_px`) and
    whether any count is written shorter: each count in its longest form that fits
    ``max_width`` at ``px`` ("2070", else "2.1k", else "2k"; at most ``most_shorter`` steps
    shorter; with ``whole_or_shortest`` only the whole and the shortest, the legend's
    sample's form), with side padding of ``size // pad_share``. MCTS's "2070" playouts
    shrank to 12 px in a Connect 4 column, well under the body text. Smaller than ``px``
    only where even the shortest form does not fit."""
    steps = min(COUNT_FORMS, most_shorter) if kind in COUNT_KINDS else 0
    forms = [score_labels(scores, kind, theme, shorter) for shorter in range(steps + 1)
             if not whole_or_shortest or shorter in (0, steps)]
    labels = dict(forms[0])
    for move in labels:
        for shorter in forms:
            labels[move] = shorter[move]
            if shared_label_px([shorter[move][0]], px, max_width, pad_share) >= px:
                break
    shortened = any(labels[move][0] != forms[0][move][0] for move in labels)
    return labels, shared_label_px([t for t, _c, _b in labels.values()], px,
                                   max_width, pad_share), shortened


def chip_height(px: int) -> int:
    """The height of a score chip with text of ``px`` pixels (see :func:`score_chip`)."""
    from game.ui import text as txt

    return txt.font(px, True).get_height() + 2 * max(1, px // 8)


def labels_tell_apart(scores: Mapping[Any, float],
                      labels: Mapping[Any, tuple[str, Colour, bool]]) -> bool:
    """True when moves of different scores got different labels: "1.4k" for both 1,400 and
    1,449 playouts would say they are alike."""
    seen: dict[str, float] = {}
    for move, (label, _colour, _best) in labels.items():
        try:
            value = float(scores[move])
        except (TypeError, ValueError):
            continue
        if seen.setdefault(label, value) != value:
            return False
    return True


def score_chip(surface: pygame.Surface, text: str, centre: tuple[float, float], px: int,
               colour: Colour, theme: Theme, best: bool = False,
               max_width: float | None = None,
               placed: list[pygame.Rect] | None = None,
               bounds: pygame.Rect | None = None, side_pad: int | None = None,
               look: ChipLook = PLAIN) -> pygame.Rect:
    """A score label on a dark rounded chip so it reads on any cell; the best is outlined.

    With ``max_width`` the text shrinks (not below 7 px) so the chip stays inside its cell.
    With ``placed`` (the chips already drawn this frame) the chip moves to the nearest free
    spot around ``centre`` so labels never overlap (inside ``bounds``, else the surface), and
    its rectangle is added to the list. ``side_pad``: the room left and right of the text
    (default a third of ``px``; see :func:`chip_rect`). ``look``: the kind of number it is
    (a bound dashed, a shallow estimate lighter; see :mod:`game.ui.boards.chip_look`).
    """
    from game.ui import text as txt

    if max_width is not None:
        px = txt.fit_px(text, round(max_width - 2 * max(2, px // 3)), px, True, min_px=7)
    label = txt.render(text, px, colour, bold=True)
    rect = chip_rect(text, centre, px, side_pad)
    if placed is not None:
        rect = free_spot(rect, placed, surface.get_rect() if bounds is None else bounds)
        placed.append(rect)
    alpha_fill(surface, rect, theme.overlay, 225, radius=max(2, rect.height // 3))
    draw_look(surface, rect, px, colour, look, under_text=True, dark=theme.overlay)
    if best:
        pygame.draw.rect(surface, colour, rect, width=outline_width(px),
                         border_radius=max(2, rect.height // 3))
    surface.blit(label, label.get_rect(center=rect.center))
    draw_look(surface, rect, px, colour, look, under_text=False, dark=theme.overlay)
    return rect


def chip_rect(text: str, centre: tuple[float, float], px: int,
              side_pad: int | None = None) -> pygame.Rect:
    """Where :func:`score_chip` draws ``text`` at ``px`` centred on ``centre`` (before it moves
    aside from other chips), with ``side_pad`` pixels left and right of the text (default a
    third of ``px``: a board whose chips overflow their cells may give less)."""
    from game.ui import text as txt

    width, height = txt.size(text, px, True)
    pad_x = max(2, px // 3) if side_pad is None else side_pad
    rect = pygame.Rect(0, 0, width + 2 * pad_x, height + 2 * max(1, px // 8))
    # Short labels ("3") get a chip at least as wide as it is tall, so they stay easy to spot.
    rect.width = max(rect.width, rect.height)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def free_spot(rect: pygame.Rect, placed: list[pygame.Rect], bounds: pygame.Rect) -> pygame.Rect:
    """``rect`` moved to the nearest position (steps of a third of its height, in rings around
    where it is) that overlaps none of ``placed`` and stays inside ``bounds``; ``rect`` itself
    when it is already free or no spot is found within four rings."""
    gap = 2
    if not any(rect.inflate(gap, gap).colliderect(r) for r in placed):
        return rect
    step_x, step_y = max(2, rect.width // 3), max(2, rect.height // 3)
    best: tuple[float, pygame.Rect] | None = None
    for ring in range(1, 13):
        for dx in range(-ring, ring + 1):
            for dy in range(-ring, ring + 1):
                if max(abs(dx), abs(dy)) != ring:
                    continue
                trial = rect.move(dx * step_x, dy * step_y)
                if not bounds.contains(trial):
                    continue
                if any(trial.inflate(gap, gap).colliderect(r) for r in placed):
                    continue
                distance = math.hypot(dx * step_x, dy * step_y)
                if best is None or distance < best[0]:
                    best = (distance, trial)
        if best is not None:
            return best[1]
    return rect


COORDINATES_MIN_CELL = 40
"""Below this cell size (menu thumbnails) coordinates would be too small to read: not drawn."""

#: Coordinates are drawn at this share of a cell, larger (up to :data:`COORDINATES_MAX`) when
#: the window's readable size asks for it: the margin round the board is 0.55 of a cell.
COORDINATES_SHARE = 0.36
COORDINATES_MAX = 0.45


def coordinate_px(cell: int, least: int, share: float = COORDINATES_SHARE,
                  most: float = COORDINATES_MAX) -> int:
    """The coordinates' text size for ``cell``: ``share`` of it, or ``least`` (the window's
    readable size) as far as ``most`` of a cell allows. On the rules page at 1920x1080 with
    200% text Othello's a-h and 1-8 were 18 px and Connect 4's letters 19 px, the readable
    size being 27."""
    return max(7, int(cell * share), min(least, int(cell * most)))


#: Side columns beside a grid board (Othello's disc counts, Morpion's hands) are kept when
#: the board keeps at least this share of the size it has without them.
SIDE_COLUMNS_KEEP = 0.9
#: The grid's margin for the coordinates, in cells, on each side.
GRID_MARGIN = 0.55
#: The most a small board's (Morpion's, Hexapawn's) coordinates margin takes of the free
#: area's smaller side (see :class:`Grid`).
SMALL_BOARD_MARGIN = 0.09


def side_column_width(rect: pygame.Rect, rows: int, cols: int, share: float,
                      least_cells: float) -> int:
    """The width to keep on each side of a ``rows`` x ``cols`` grid board in ``rect`` for a
    column beside it: up to ``share`` of the width, at least ``least_cells`` cells, or 0 (no
    columns) when they would cost the board more than :data:`SIDE_COLUMNS_KEEP` of its size.
    A fixed 14% a side made Othello's board 344 px in a 552x595 area at 1024x768 with 200%
    text; the seat cards in the panel say the same counts."""
    across = cols + 2 * GRID_MARGIN
    high = rows + 2 * GRID_MARGIN
    alone = min(rect.width / across, rect.height / high)
    with_columns = min(rect.width / (across + 2 * least_cells), rect.height / high)
    if with_columns < alone * SIDE_COLUMNS_KEEP:
        return 0
    # What the board, limited by the height, leaves of the width (whole pixels, so the
    # board keeps its height-limited cell).
    spare = math.floor((rect.width - across * (rect.height / high)) / 2)
    return max(0, min(round(rect.width * share), max(math.ceil(least_cells * with_columns),
                                                     spare)))


class Grid:
    """Geometry of a rows x cols board of square cells inside a rectangle.

    The board is centred in ``area`` with a margin of ``margin`` cells on each side for the
    coordinates. ``rows_up`` puts row 0 at the bottom (Hexapawn, like a chess board);
    otherwise row 0 is at the top (Othello's rows 1-8 run top to bottom).
    """

    def __init__(self, area: pygame.Rect, rows: int, cols: int, rows_up: bool,
                 margin: float = GRID_MARGIN, most_margin: float = 0.0) -> None:
        self.rows, self.cols, self.rows_up = rows, cols, rows_up
        cell = min(area.width / (cols + 2 * margin), area.height / (rows + 2 * margin))
        #: The margin for the coordinates in pixels: ``margin`` cells, or at most
        #: ``most_margin`` of the area's smaller side when that is given (a 3x3 board's
        #: margins took 27% of its room at 1024x768, for letters larger than the text).
        self.margin_px = margin * cell
        most = most_margin * min(area.size)
        if most and self.margin_px > most:
            self.margin_px = most
            cell = min((area.width - 2 * most) / cols, (area.height - 2 * most) / rows)
        self.cell = max(1, int(cell))
        width, height = self.cell * cols, self.cell * rows
        self.board = pygame.Rect(0, 0, width, height)
        self.board.center = area.center

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        """The pixel rectangle of cell (row, col)."""
        y_index = self.rows - 1 - row if self.rows_up else row
        return pygame.Rect(self.board.left + col * self.cell, self.board.top + y_index * self.cell,
                           self.cell, self.cell)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """The centre of cell (row, col), in float pixels."""
        y_index = self.rows - 1 - row if self.rows_up else row
        return (self.board.left + (col + 0.5) * self.cell,
                self.board.top + (y_index + 0.5) * self.cell)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The cell under ``pos``, or None outside the board."""
        x, y = pos
        if not self.board.collidepoint(x, y):
            return None
        col = int((x - self.board.left) // self.cell)
        y_index = int((y - self.board.top) // self.cell)
        row = self.rows - 1 - y_index if self.rows_up else y_index
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def draw_cells(self, surface: pygame.Surface, theme: Theme, checker: bool,
                   fill: Colour | None = None) -> None:
        """The board: a frame, the cells (checkered, or plain ``fill``, by default the theme's
        light squares) and the grid lines."""
        frame = self.board.inflate(max(2, self.cell // 7), max(2, self.cell // 7))
        pygame.draw.rect(surface, theme.grid, frame, border_radius=max(2, self.cell // 10))
        if not checker:
            surface.fill(theme.board_light if fill is None else fill, self.board)
        for row in range(self.rows if checker else 0):
            for col in range(self.cols):
                light = not checker or (row + col) % 2 == 0
                colour = theme.board_light if light else theme.board_dark
                surface.fill(colour, self.cell_rect(row, col))
        line = max(1, self.cell // 40)
        for i in range(1, self.cols):
            x = self.board.left + i * self.cell
            pygame.draw.line(surface, theme.grid, (x, self.board.top), (x, self.board.bottom - 1),
                             line)
        for i in range(1, self.rows):
            y = self.board.top + i * self.cell
            pygame.draw.line(surface, theme.grid, (self.board.left, y), (self.board.right - 1, y),
                             line)

    def draw_coordinates(self, surface: pygame.Surface, theme: Theme, least: int = 0) -> None:
        """Column letters below and above, row numbers left and right, as in the text forms:
        bold, in the text colour and as large as the margin allows, at least ``least`` px
        where it does (see :func:`coordinate_px`), so a class can say "d3"."""
        from game.ui import text as txt

        # A margin narrower than 0.55 cells (``most_margin``) holds letters as large as a
        # 0.55-cell margin holds for its cells: the same share of the margin.
        px = min(coordinate_px(self.cell, least),
                 max(7, int(self.margin_px * COORDINATES_MAX / GRID_MARGIN)))
        gap = min(self.cell * 0.30 + max(2, self.cell // 14), self.margin_px * 0.67)
        for col in range(self.cols):
            x = self.board.left + (col + 0.5) * self.cell
            letter = chr(ord("a") + col)
            txt.blit_text(surface, letter, px, theme.text,
                          (round(x), round(self.board.bottom + gap)), anchor="center", bold=True)
            txt.blit_text(surface, letter, px, theme.text,
                          (round(x), round(self.board.top - gap)), anchor="center", bold=True)
        for row in range(self.rows):
            _, y = self.centre(row, 0)
            number = str(row + 1)
            txt.blit_text(surface, number, px, theme.text,
                          (round(self.board.left - gap), round(y)), anchor="center", bold=True)
            txt.blit_text(surface, number, px, theme.text,
                          (round(self.board.right + gap), round(y)), anchor="center", bold=True)

    def outline_cell(self, surface: pygame.Surface, row: int, col: int, colour: Colour,
                     width_frac: float = 0.06) -> None:
        """A coloured frame just inside cell (row, col)."""
        rect = self.cell_rect(row, col)
        width = max(2, round(self.cell * width_frac))
        pygame.draw.rect(surface, colour, rect.inflate(-width // 2, -width // 2), width=width,
                         border_radius=max(1, self.cell // 14))

    def tint_cell(self, surface: pygame.Surface, row: int, col: int, colour: Colour,
                  alpha: int) -> None:
        """Wash cell (row, col) with a translucent colour."""
        alpha_fill(surface, self.cell_rect(row, col), colour, alpha)


def arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
          colour: Colour, width: float, alpha: int = 255) -> None:
    """A straight translucent arrow from ``start`` to ``end`` with a triangular head."""
    import math

    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1 or width < 1:
        return
    ux, uy = dx / length, dy / length
    head = min(length * 0.45, width * 3.2)
    shaft_end = (end[0] - ux * head * 0.9, end[1] - uy * head * 0.9)
    left = min(start[0], end[0]) - head
    top = min(start[1], end[1]) - head
    size = (int(abs(dx) + 2 * head) + 2, int(abs(dy) + 2 * head) + 2)
    layer = pygame.Surface(size, pygame.SRCALPHA)

    def local(p: tuple[float, float]) -> tuple[float, float]:
        return p[0] - left, p[1] - top

    half = width / 2
    nx, ny = -uy, ux
    shaft = [local((start[0] + nx * half, start[1] + ny * half)),
             local((shaft_end[0] + nx * half, shaft_end[1] + ny * half)),
             local((shaft_end[0] - nx * half, shaft_end[1] - ny * half)),
             local((start[0] - nx * half, start[1] - ny * half))]
    tip = [local(end),
           local((end[0] - ux * head + nx * head * 0.6, end[1] - uy * head + ny * head * 0.6)),
           local((end[0] - ux * head - nx * head * 0.6, end[1] - uy * head - ny * head * 0.6))]
    rgba = (*colour, 255)
    pygame.draw.polygon(layer, rgba, shaft)
    pygame.draw.polygon(layer, rgba, tip)
    pygame.draw.aalines(layer, rgba, True, tip)
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, (round(left), round(top)))


Cell = tuple[int, int]
"""A ``(row, col)`` board cell, the element of every grid board."""


def as_cell(element: Element | None) -> Cell | None:
    """``element`` as a (row, col) pair of ints, or None if it is not a cell."""
    if (isinstance(element, tuple) and len(element) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in element)):
        return element[0], element[1]
    return None


class GridBoardView(BoardView):
    """A board view whose elements are the cells of one :class:`Grid` (Hexapawn, Morpion,
    Othello). Subclasses set ``self.grid`` in :meth:`layout` and say their board's shape."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self.grid: Grid | None = None
        #: The least coordinates size the last drawing asked for (its ``coords_px``).
        self._coords_least = 0

    def grid_shape(self, state: Any) -> tuple[int, int]:
        """(rows, cols) of ``state``'s board."""
        raise NotImplementedError

    def small_grid(self, area: pygame.Rect, rows: int, cols: int, rows_up: bool) -> Grid:
        """A small board's grid (Hexapawn's, Morpion's) in ``area``: a margin of at most
        :data:`SMALL_BOARD_MARGIN` of the room, wider where coordinates of the least size the
        last drawing asked for need it. A box in the lab's Matchboxes view at 1024x768 with
        200% text wrote them at 15 px in its 9% margin (Morpion's at 13), the readable size
        being 20; the board gives up a few pixels instead (never more than the 0.55-cell
        margin of the larger boards)."""
        grid = Grid(area, rows, cols, rows_up, most_margin=SMALL_BOARD_MARGIN)
        least = self._coords_least
        if least <= 0 or grid.cell < COORDINATES_MIN_CELL:
            return grid
        # Half a pixel more, so rounding down in draw_coordinates still gives ``least``.
        need = (least + 0.5) * GRID_MARGIN / COORDINATES_MAX
        share = need / max(1, min(area.size))
        if grid.margin_px < need and share > SMALL_BOARD_MARGIN:
            wider = Grid(area, rows, cols, rows_up, most_margin=share)
            if wider.cell >= COORDINATES_MIN_CELL:
                return wider
        return grid

    def _ensure_coords(self, state: Any, least: int) -> Grid:
        """The grid (:meth:`_ensure`), laid out again when the drawing asks for coordinates
        of another least size than the last (see :meth:`small_grid`)."""
        if least != self._coords_least:
            self._coords_least = least
            self.layout(self.rect, state)
        return self._ensure(state)

    def sizes(self) -> tuple[float, ...]:
        """The cell's size (see :meth:`BoardView.sizes`)."""
        return (self.grid.cell,) if self.grid is not None else ()

    def _ensure(self, state: Any) -> Grid:
        """The grid, laid out again if the board's shape changed since the last layout."""
        if self.grid is None or (self.grid.rows, self.grid.cols) != self.grid_shape(state):
            self.layout(self.rect, state)
        assert self.grid is not None
        return self.grid

    def hit(self, pos: tuple[int, int], state: Any) -> Element | None:
        """The cell under ``pos``, or None."""
        return self._ensure(state).cell_at(pos)

    def centre_of(self, element: Any) -> tuple[int, int]:
        """The pixel centre of the cell ``element`` (tests and demos click there)."""
        cell = as_cell(element)
        if self.grid is None or cell is None:
            raise ValueError(f"{element!r} is not a cell of a laid-out board")
        x, y = self.grid.centre(*cell)
        return round(x), round(y)
