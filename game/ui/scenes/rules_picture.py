"""The rules page's picture: a position a few moves into the game, drawn by its board view.

The page (:mod:`game.ui.scenes.rules`) gives the picture's size and its rules' text size; the
game's presenter says how many moves in (``rules_plies``), how large its least text is
(``rules_text_share``) and whether the picture's own words go near the rules' size
(``rules_words_at_text_size``: Nim's one heap, "Take 1 to 3" and the goal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.base import RulesError
from game.rules.registry import get_game
from game.ui.boards import presenter_for
from game.ui.scenes.play_fit import readable_px

if TYPE_CHECKING:
    from game.ui.app import App


def sample_state(game: str, options: Any = None) -> Any:
    """A position to illustrate the rules: a few plies into the game when the game allows.

    The middle legal move is played a few times, so the picture shows pieces that have moved
    (deterministic: the same picture every time).
    """
    info = get_game(game)
    state = info.initial_state(options)
    for _ in range(presenter_for(game).rules_plies):
        moves = state.legal_moves()
        if state.outcome is not None or not moves:
            break
        state = state.play(moves[len(moves) // 2])
    return state


def picture_text_px(size: tuple[int, int], small: int, picture: pygame.Rect,
                    share: float = 0.05) -> int:
    """The least text size the picture is asked for: the page's ``small`` size, as its caption,
    as far as ``share`` of the picture's height (the game's ``rules_text_share``: at 200% the
    small size, 60 px at 1920x1080, asked of Marienbad's 559 px picture left its heaps 10 px
    high; 5% left Connect 4's column letters at the readable size beside a third of the column
    empty, QA13 26); never under the readable size of a window of ``size``."""
    return max(readable_px(size), min(small, int(picture.height * share)))


def draw_picture(app: App, game: str, options: Any, size: tuple[int, int],
                 rules_px: int) -> pygame.Surface | None:
    """The picture of ``game`` (with ``options``) ``size`` large beside rules at
    ``rules_px``; None when the game has no board view (the page is then text only)."""
    try:
        from game.ui.boards import board_view_for

        view = board_view_for(game, app.theme)
        state = sample_state(game, options)
        presenter = presenter_for(game)
        if presenter.rules_words_at_text_size(state):
            # Its words as near the rules' size as its room allows: Nim's "Prenez de 1 à 3"
            # was 20 px beside 28-px rules at 200% of 1024x768 (QA17 12).
            view.label_px = rules_px
        surface = pygame.Surface(size, pygame.SRCALPHA)
        # Coordinates at the small text size at least, as the page's caption (Othello's a-h
        # were 17 px at 1024x640, the small size being 18), where the margin allows.
        view.thumbnail(surface, surface.get_rect(), state,
                       picture_text_px(app.size, app.metrics.small, surface.get_rect(),
                                       presenter.rules_text_share))
    except (ImportError, AttributeError, NotImplementedError, RulesError):
        return None
    return surface
