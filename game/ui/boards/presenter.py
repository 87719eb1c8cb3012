"""What the screens say about one game, in people's words: the game's presenter.

Generic scenes (menu, play, rules, lab, tournament) never name a game: they ask the game's
:class:`GamePresenter`, found by :func:`game.ui.boards.presenter_for`. Each game's board module
(``game/ui/boards/<game>.py``) defines one subclass next to its board view, overriding what
differs from the defaults here: its options in words, its sides' names and colours, what a seat
has on the board, how a move reads, the menu's ranges for its options, the AIs of the packaging
smoke test, and the clicks that play a move (the UI tests use them). The presets of the lab and
the tournament are the game's own data, on its descriptor (:class:`~game.rules.registry.GameInfo`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.base import Outcome
from game.rules.registry import GameInfo, get_game
from game.ui.i18n import decimal, tr

if TYPE_CHECKING:
    import pygame

    from game.ui.boards.base import Element
    from game.ui.theme import Colour, Theme


#: A side's name on the panel in its pieces' colour (see GamePresenter.named_colours) reads at
#: this contrast with the panel (WCAG's figure for bold text and marks: the names are bold) ...
NAMED_CONTRAST = 3.0
#: ... its colour lightened toward the text colour at most this much to get there, from
#: at least this contrast (black pieces on the dark panel are not lightened into a grey) ...
NAMED_LIGHTEN = 0.4
NAMED_LEAST = 2.0
#: ... and the two sides' colours this far apart in contrast, or in their red, green and
#: blue summed (Connect 4's red and yellow: 2.8 and 3.1 in contrast, 180 and 235 summed).
NAMED_APART = 1.5
NAMED_COLOUR_APART = 120


@dataclass(frozen=True)
class OptionSpec:
    """How the menu edits one option: ``kind`` is "int", "choice", "bool", "heaps" or "hidden".

    ``variants`` shows it only when the game's ``variant`` option is one of them (empty: always).
    """

    kind: str
    low: int = 1
    high: int = 10
    values: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class HeatTable:
    """A learner's table as a heat map: ``values[row][col]`` (None: no value there)."""

    rows: list[str]
    cols: list[str]
    values: list[list[float | None]]
    row_title: str
    col_title: str
    #: The position (box key) of each column, for the lab to draw the box a column shows.
    keys: list[Hashable] = field(default_factory=list)


def box_value_text(value: float, score_kind: str) -> str:
    """A learner box's value as the lab writes it: ✓/✗ (elimination), a bead count, or a
    signed value (Q-learning)."""
    if score_kind == "allowed":
        return "✓" if value > 0 else "✗"
    if score_kind == "beads":
        return str(round(value))
    # The language's decimal mark: French matchboxes printed "+0.52".
    return decimal(f"{value:+.2f}").replace("-", "\u2212")


#: The most decimals a changed value is written with (see :func:`change_texts`).
MOST_DECIMALS = 4


def change_texts(old: float, new: float, score_kind: str) -> tuple[str, str]:
    """A changed value before and after, as the box writes it, with more decimals where the
    two would read alike: a Q-learner's step under a hundredth read "−0,63 → −0,63" in a box
    outlined as changed (seen at 1920x1080 fr 200%); now "−0,630 → −0,634". (Shared by the
    lab's move lists and the boards' own matchboxes, Nim's.)"""
    texts = box_value_text(old, score_kind), box_value_text(new, score_kind)
    digits = 3
    while texts[0] == texts[1] and score_kind == "value" and digits <= MOST_DECIMALS:
        texts = (decimal(f"{old:+.{digits}f}").replace("-", "\u2212"),
                 decimal(f"{new:+.{digits}f}").replace("-", "\u2212"))
        digits += 1
    return texts


def box_value_colour(value: float, score_kind: str, theme: Theme) -> Colour:
    """The colour of a learner box's value as the lab writes it: allowed green, eliminated
    red; beads in the text colour; Q-values green above zero, red below."""
    if score_kind == "allowed":
        return theme.ok if value > 0 else theme.danger
    if score_kind == "beads":
        return theme.text
    return theme.score_good if value > 0 else (theme.score_bad if value < 0
                                               else theme.text_muted)


def is_pass(move: Any) -> bool:
    """True for a pass move (the rules mark it with ``is_pass``)."""
    return bool(getattr(move, "is_pass", False))


class GamePresenter:
    """Texts, colours and presets for one game; subclasses override what their game needs."""

    #: The game's registry name (set by each subclass).
    game: ClassVar[str] = ""
    #: The menu's ranges per option name (the rules allow more, but a class needs a board that
    #: fits the screen); options not listed get a spec from their type.
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {}
    #: How many plies into a game the rules page's picture is taken (0: the start).
    rules_plies: ClassVar[int] = 0
    #: The least text size the rules page's picture asks of the board view, as a share of
    #: the picture's height (see :func:`game.ui.scenes.rules_picture.picture_text_px`).
    rules_text_share: ClassVar[float] = 0.075
    #: True when the first player has the light pieces (Othello's first player is Black).
    light_first: ClassVar[bool] = True
    #: The packaging smoke test's two AI seats: quick players that still search (a time or
    #: iteration bound keeps each move short on a slow machine).
    smoke_seats: ClassVar[tuple[str, str]] = ("mcts:iterations=200", "random")
    #: True for the game the learning lab opens on, which the smoke test also trains, saves and
    #: reloads a learner on (without one, the first game).
    lab_default: ClassVar[bool] = False
    #: Tools the menu offers under the game's options, by name (``menu.TOOLS``; Othello: the
    #: weight-table editor).
    tools: ClassVar[tuple[str, ...]] = ()
    #: True where a finished game's result has a size (Othello's final disc count), which a
    #: search scoring wins and losses alone (minimax, alpha-beta) does not see: its reasoning
    #: then says so beside a proven win or loss (QA20 10).
    ends_by_margin: ClassVar[bool] = False
    #: True when the person's legal moves are marked on the cells the AI's labels use
    #: (Othello's dots): those labels then give way to the marks once the person is to move.
    scores_yield_to_legal_moves: ClassVar[bool] = False
    #: True when the sides' names number the players ("Player 1", "Player 2") rather than
    #: name their pieces: such a name then goes with the seat that plays the side (see
    #: :attr:`seat_of`). With "Who moves first: Seat 2", Nim named the person of Seat 1
    #: "Player 2" and the AI of Seat 2 "Player 1" (QA 26).
    numbered_sides: ClassVar[bool] = False

    def __init__(self, info: GameInfo | None = None,
                 seat_of: Callable[[int], int] | None = None) -> None:
        self.info = info if info is not None else get_game(self.game)
        #: Which seat (0 or 1) plays a side, where the screen knows (the play screen: Seat 2
        #: may move first); None: side 0 is Seat 1's.
        self.seat_of = seat_of

    def rules_words_at_text_size(self, state: Any) -> bool:
        """Whether the rules page's picture of ``state`` writes its own words near the page's
        text size (the view's :attr:`~game.ui.boards.base.BoardView.label_px`), not at the
        picture's least size: no by default."""
        return False

    # -- names ----------------------------------------------------------------------------------

    def title(self) -> str:
        """The game's translated name."""
        return tr(f"game.{self.game}.title")

    def side_name(self, side: int) -> str:
        """The translated name of ``side`` ("White", "Noir", "Joueur 1"); a numbered side
        is named by the seat that plays it (see :attr:`numbered_sides`)."""
        if self.numbered_sides and self.seat_of is not None:
            side = self.seat_of(side)
        key = f"game.{self.game}.side{side}"
        name = tr(key)
        return self.info.side_names[side] if name == key else name

    def side_names(self) -> tuple[str, str]:
        """Both sides' translated names."""
        return self.side_name(0), self.side_name(1)

    def side_colour(self, side: int, theme: Theme) -> Colour:
        """The colour of ``side``'s pieces as the board draws them."""
        return theme.piece0 if (side == 0) == self.light_first else theme.piece1

    def named_colours(self, theme: Theme) -> tuple[Colour, Colour] | None:
        """The colours words and marks naming a side are drawn in on the panel (the review
        graph's "▲ Red ahead" and its dots): each side's pieces' colour, lightened toward the
        text colour as little as makes it read (see :data:`NAMED_CONTRAST`), where both sides'
        do so and differ (Connect 4's red and yellow); None where one melts into the panel
        (black pieces): the screens then say the sides in green and red. The review of a
        Connect 4 game wrote "▼ Yellow ahead" in red and "▲ Red ahead" in green (QA18 13)."""
        from game.ui.theme import blend, contrast_ratio

        named = []
        for side in (0, 1):
            piece = self.side_colour(side, theme)
            if contrast_ratio(piece, theme.panel) < NAMED_LEAST:
                return None
            steps = (blend(piece, theme.text, NAMED_LIGHTEN * i / 8) for i in range(9))
            readable = next((c for c in steps
                             if contrast_ratio(c, theme.panel) >= NAMED_CONTRAST), None)
            if readable is None:
                return None
            named.append(readable)
        if contrast_ratio(named[0], named[1]) < NAMED_APART and sum(
                abs(a - b) for a, b in zip(named[0], named[1], strict=True)
        ) < NAMED_COLOUR_APART:
            return None
        return named[0], named[1]

    # -- options --------------------------------------------------------------------------------

    def describe_options(self, options: Any) -> str:
        """The options in a few translated words ("8×8", "Marienbad 1 3 5 7, misère")."""
        return str(options)

    def variant_label(self, options: Any) -> str:
        """A short name for a variant in the lab's and tournament's lists ("4×4")."""
        return self.describe_options(options)

    # -- positions and moves --------------------------------------------------------------------

    def side_summary(self, state: Any, side: int) -> str:
        """What ``side`` has on the board ("3 pawns"), or "" when there is nothing to count."""
        return ""

    def side_count(self, state: Any, side: int) -> int | None:
        """The one number :meth:`side_summary` says ("4" of "4 discs"), which a seat card
        with no room for the words shows alone; None when the summary is not one count
        (Morpion's pieces placed and in hand) or there is none."""
        return None

    def position_summary(self, state: Any) -> str:
        """A line about the whole position the play panel always shows ("12 matches left"),
        or "" (then the panel shows the options when the reasoning leaves room)."""
        return ""

    def move_text(self, move: Any) -> str:
        """A move as the status line, the move list and the reasoning show it."""
        return tr("play.pass_move") if is_pass(move) else str(move)

    def is_capture(self, before: Any, move: Any) -> bool:
        """True when ``move`` took or flipped something (it gets the capture sound)."""
        return bool(getattr(move, "is_capture", False))

    def outcome_headline(self, state: Any, outcome: Outcome, sides: tuple[str, str]) -> str:
        """The end-of-game headline ("White wins", "Draw")."""
        if outcome.winner is None:
            return tr("outcome.draw")
        return tr("outcome.wins", side=sides[outcome.winner])

    def outcome_reason(self, state: Any, outcome: Outcome, reason: str) -> str:
        """The end-of-game reason as shown; ``reason`` is the translated reason code. A game
        adds what a class needs to check the AI's claims (Othello: the empty squares)."""
        return reason

    # -- the learning lab -----------------------------------------------------------------------

    def draw_matchbox(self, surface: pygame.Surface, rect: pygame.Rect, state: Any,
                      values: Mapping[Any, float], score_kind: str, theme: Theme,
                      px: int, before: Mapping[Any, float] | None = None) -> bool:
        """Draw a learner's box for ``state`` in the game's own way and return True, or return
        False and the lab draws it as a small board with the values on it. ``before``: the
        values before the last game, when the lab shows what that game changed."""
        return False

    def matchbox_text_px(self, rect: pygame.Rect, state: Any, values: Mapping[Any, float],
                         score_kind: str, px: int,
                         before: Mapping[Any, float] | None = None) -> int:
        """The text size :meth:`draw_matchbox` writes the box's moves at in ``rect`` (the lab
        sizes the box's use in proportion); 0 for a box drawn as a board."""
        return 0

    def learner_table(self, boxes: Sequence[tuple[Hashable, Mapping[Any, float]]],
                      options: Any) -> HeatTable | None:
        """A Q-learner's boxes (key, values) as one table, when the game reads well that way
        (the seed's table for one-heap Nim); None: the boxes are drawn one by one."""
        return None

    # -- tests ----------------------------------------------------------------------------------

    def clicks_for(self, state: Any, move: Any) -> list[Element]:
        """The board elements a person clicks, in order, to play ``move`` from ``state``."""
        raise NotImplementedError(f"{type(self).__name__} does not say how to click a move")
