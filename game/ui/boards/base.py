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

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

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
    extra: dict[str, Any] = field(default_factory=dict)


class BoardView:
    """Draws one game's states into a rectangle and maps positions to board elements."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)

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

    def thumbnail(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> None:
        """Draw ``state`` small (menu cards, rules pages): layout then draw, no overlays."""
        self.layout(rect, state)
        self.draw(surface, state, BoardContext(theme=self.theme))
