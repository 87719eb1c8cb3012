"""What the play screen draws around the game's board view: the status line above it, what
the board view is told besides the position (:class:`BoardContext`: the live game, an AI move
being explained, the engine's best move so far, or a reviewed position), and what is drawn
over it (the REVIEW frame, a pass in large letters).

Functions of the :class:`~game.ui.scenes.play.PlayScene`, kept apart from it so the scene
holds the game's actions and timing, and this module its pixels.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.ui import text, widgets
from game.ui.boards.base import BoardContext, RankedScores
from game.ui.i18n import tr
from game.ui.reasoning import shown_scores
from game.ui.scenes.play_fit import (
    HEADLINE_ROW,
    detail_room,
    large_text,
    least_legend_px,
    readable_px,
    wrapped_lines,
)
from game.ui.scenes.play_seat_lines import draw_spinner
from game.ui.scenes.play_status import searching_live
from game.ui.widgets import Metrics

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

#: Parts of a status detail are joined by this; when the detail is too wide, the last parts
#: go first (the engine line's time, then its position count), never half a word.
PART_SEPARATOR = " \u00b7 "
#: The engine line's parts that always show (depth, best move with its score, positions).
ENGINE_PARTS = 3
#: The least free height under the board, in lines of the legend's least size (its box's
#: margins added), for the legend to go there (see :func:`legend_strip`).
LEGEND_STRIP_LINES = 2
#: The share of the headline's size under which it takes its short form (see draw_status);
#: an AI's explained move keeps its whole form down to the second share.
SHORT_HEADLINE = 0.9
SHORT_EXPLAINED = 0.7


def legend_strip(scene: PlayScene) -> pygame.Rect:
    """The free strip under the laid-out board (:meth:`BoardView.content_bottom`) where the
    legend of the board's numbers goes with large text and the reasoning on, when it holds
    :data:`LEGEND_STRIP_LINES` lines; else an empty rectangle. At 200% of 1280x720 the panel
    had no room for Nim's legend beside two facts of the reasoning and a move, while half
    the board's area under the matches was empty."""
    m = scene.app.metrics
    area = scene.board_rect
    view = scene.view
    if (view is None or not scene.app.settings.show_reasoning
            or not large_text(m, scene.app.size)):
        return pygame.Rect(area.left, area.bottom, area.width, 0)
    top = view.content_bottom() + m.pad
    least = least_legend_px(m, scene.app.size)
    if area.bottom - top < text.font(least).get_linesize() * LEGEND_STRIP_LINES + m.pad:
        return pygame.Rect(area.left, area.bottom, area.width, 0)
    return pygame.Rect(area.left, top, area.width, area.bottom - top)


def board_context(scene: PlayScene) -> BoardContext:
    """What the board view needs besides the state."""
    if scene.review.active:
        return _review_context(scene)
    turns = scene.turns
    pending = turns.pending
    shown = scene.shown_decision()
    scores = None
    kind = "value"
    if shown is not None:
        # In the units the reasoning panel states: proven results, disc estimates.
        scores, kind = shown_scores(shown.decision), shown.decision.score_kind
        if shown.ranked_among is not None:
            scores = RankedScores(scores, shown_scores(shown.ranked_among))
    hint = turns.hint_move
    progress = turns.worker.progress
    if hint is None and pending is None and progress is not None and searching_live(turns):
        # Thinking, live: the best move found so far is drawn on the board (the one test
        # that also takes the last move's numbers away, see play_status.scored_decision).
        hint = progress.best
    human = scene.match.human_to_move
    theme = scene.app.theme
    if turns.hint_move is not None:
        # The person's hint in its own colour (the panel says it in words, in that colour):
        # in the AI's pink it read as the AI's move (QA 32).
        theme = replace(theme, hint=theme.suggestion)
    return BoardContext(
        theme=theme,
        hover=scene.input.hover,
        controller=scene.input.controller if human else None,
        last_move=scene.match.last_move,
        hint_move=hint if hint is not None else (pending.move if pending is not None else None),
        scores=scores,
        score_kind=kind,
        scores_played=shown is not None and shown.played,
        label_px=scene.app.metrics.body,
        coords_px=readable_px(scene.app.size),
        show_legal=True,
        anim=scene.anim,
        previous_state=scene.previous_state if scene.anim < 1.0 else None,
        interactive=human,
    )


def _review_context(scene: PlayScene) -> BoardContext:
    """The reviewed position: the move that led there, and the AI's scores where an AI chose
    the next move from it (what it thought there); nothing to click."""
    ctx = BoardContext(theme=scene.app.theme, last_move=scene.review.move_into(),
                       label_px=scene.app.metrics.body, show_legal=False,
                       coords_px=readable_px(scene.app.size))
    decision = scene.review.decision_at()
    if decision is not None and decision.scores and scene.app.settings.show_reasoning:
        ctx.scores = shown_scores(decision)
        ctx.score_kind = decision.score_kind
        ctx.hint_move = decision.move
    return ctx


def fit_parts(words: str, width: int, px: int, bold: bool = False, keep: int = 1) -> str:
    """``words`` without its last `` · `` parts until it fits ``width`` at about ``px``, but
    never fewer than ``keep`` parts (what still does not fit is then shrunk by the text
    functions)."""
    parts = words.split(PART_SEPARATOR)
    while len(parts) > keep and text.size(PART_SEPARATOR.join(parts), int(px * 0.9),
                                          bold)[0] > width:
        parts.pop()
    return PART_SEPARATOR.join(parts)


def detail_lines(detail: str, width: int, m: Metrics, two: bool, keep: int = 1,
                 bad: bool = False, least: int | None = None,
                 room: int = 0) -> tuple[list[str], int]:
    """The status detail as drawn, and its size: one line at body size (down to 90%); else,
    when ``two`` (large text), as many lines as fit ``room`` pixels high at the small size,
    or smaller down to ``least``, then without its last parts (never fewer than ``keep``:
    the engine line's time gives way before its words shrink further); else one line without
    its last parts (see :func:`fit_parts`), which the text functions then shrink as far as
    80% of small text."""
    if text.size(detail, int(m.body * 0.9), bad)[0] <= width:
        return [detail], m.body
    if two:
        parts = detail.split(PART_SEPARATOR)
        for count in range(len(parts), min(keep, len(parts)) - 1, -1):
            fitted = wrapped_lines(PART_SEPARATOR.join(parts[:count]), width, m,
                                   least or m.small, room, bad)
            if fitted is not None:
                return fitted
    return [fit_parts(detail, width, m.body, bad, keep)], m.body


def draw_status(surface: pygame.Surface, scene: PlayScene) -> None:
    """The status line above the board: the headline (with a spinner while an AI thinks) and
    the detail (red when it reports a problem)."""
    theme = scene.app.theme
    m = scene.app.metrics
    board = scene.board_rect
    headline, detail, bad = scene.status()
    top = m.pad * 2
    x = board.left
    turns = scene.turns
    if turns.thinking_since is not None or turns.hint_thinking:
        draw_spinner(surface, theme, turns.clock, (x + m.heading // 2, top + m.heading * 2 // 3),
                     m.heading // 2)
        x += m.heading + m.pad
    accent = scene.match.over or scene.review.active
    # In review the headline's row keeps room at its end for the REVIEW tag when it goes
    # there (no corner of the board's frame is blank, see tag_spot; the board is drawn
    # first): kept always, "Coup 12/13 : 1 allumette" was cut at 200% of 1024x768 while the
    # tag went to a corner of Nim's board.
    right = board.right
    if scene.review.active:
        frame = review_frame(scene)
        scene.review_tag_box = tag_spot(surface, scene, frame)
        if scene.review_tag_box.top < frame.top:
            right = scene.review_tag_box.left - m.pad
    # (An explained move's short form, "Yellow: d", only where the whole one would shrink
    # far: "Yellow chooses d" read better a little smaller.)
    fits = SHORT_EXPLAINED if turns.pending is not None else SHORT_HEADLINE
    if text.size(headline, int(m.heading * fits), True)[0] > right - x:
        headline = scene.short_headline() or headline
    # Large text in a small window: the headline shrinks as far as small text, the detail
    # goes on two lines or shrinks as far as 80% of small text, before anything is cut.
    large = large_text(m, scene.app.size)
    least = least_legend_px(m, scene.app.size) if large else m.small
    # (With large text down to the legend's least size: "Coup 12/13 : 1 allumette" beside
    # the REVIEW tag at 200% of 1024x768.)
    # (In review beside the tag down to the readable size: "Coup 13/15 : 2 allumettes" at
    # 200% of 1920x1080 needed 46 px.)
    if scene.review.active and right < board.right:
        least = readable_px(scene.app.size)
    # The headline then shrinks on as far as the readable size before it is cut: "Joueur 2
    # choisit 2 allumettes du ta…" at 200% of 1024x768 and 1920x1080 (Marienbad).
    headline_least = min(m.small, least, readable_px(scene.app.size) if large else least)
    text.blit_text(surface, headline, m.heading, theme.accent if accent else theme.text,
                   (x, top), bold=True, max_width=right - x, min_px=headline_least)
    if detail and not scene.banner.reason_lines:
        # (At the end, a reason too long for the status line is in the banner: see
        # PlayBanner.layout.)
        # The engine line keeps its depth, best move and positions searched; only its time
        # gives way.
        keep = ENGINE_PARTS if turns.thinking_since is not None else 1
        if (scene.banner.shows_reason() and not large
                and text.size(detail, int(m.body * 0.9), bad)[0] > board.width):
            # The banner under the board says the end's reason whole; cut here, it read
            # "…comptées pour le gagnant, co…" at 17 px (QA19 35).
            detail = scene.banner.short_reason()
        y = top + int(m.heading * HEADLINE_ROW)
        lines, px = detail_lines(detail, board.width, m, large, keep, bad, least,
                                 room=detail_room(m, scene.app.size) if large else 0)
        for line in lines:
            text.blit_text(surface, line, px, theme.danger if bad else theme.text_muted,
                           (board.left, y), bold=bad, max_width=board.width,
                           min_px=min(px, int(m.small * 0.8)))
            y += text.font(px).get_linesize()


def review_frame(scene: PlayScene) -> pygame.Rect:
    """The frame drawn round the board in review."""
    m = scene.app.metrics
    return scene.board_rect.inflate(m.pad, m.pad)


def review_tag(scene: PlayScene) -> pygame.Surface:
    """The REVIEW tag's text, rendered."""
    m = scene.app.metrics
    return text.render(tr("review.tag"), m.small, scene.app.theme.accent_text, bold=True)


def review_tag_size(scene: PlayScene) -> tuple[int, int]:
    """The REVIEW tag's box size."""
    m = scene.app.metrics
    return review_tag(scene).get_rect().inflate(m.pad * 2, m.pad // 2).size


def tag_spot(surface: pygame.Surface, scene: PlayScene, frame: pygame.Rect) -> pygame.Rect:
    """Where the REVIEW tag goes: the first corner of ``frame`` (top left, top right, bottom
    left, bottom right) where the board's drawing leaves it blank, else the right end of the
    headline's row (which keeps it free, see :func:`draw_status`). At the top left it
    covered Othello's column letter "a" at 200% of 1280x800 in French; the corners are read
    from the pixels, so this works for any game's drawing."""
    blank = surface.get_at(frame.topleft)
    box = pygame.Rect((0, 0), review_tag_size(scene))
    for corner in ("topleft", "topright", "bottomleft", "bottomright"):
        setattr(box, corner, getattr(frame, corner))
        # A clear gap round it inside the frame (2 px was touching, in a real window).
        gap = max(4, scene.app.metrics.pad // 2)
        area = box.inflate(2 * gap, 2 * gap).clip(frame)
        if not surface.get_rect().contains(area):
            continue
        same = pygame.mask.from_threshold(surface.subsurface(area), blank, (6, 6, 6, 255))
        if same.count() == area.width * area.height:
            return box
    box.topright = (scene.board_rect.right, scene.app.metrics.pad * 2)
    return box


def draw_over_board(surface: pygame.Surface, scene: PlayScene) -> None:
    """The REVIEW frame and tag while an earlier position is shown, else a pass in large
    letters while it is announced."""
    theme = scene.app.theme
    m = scene.app.metrics
    if scene.review.active:
        # A frame round the board and a tag, so nobody takes a reviewed position for the
        # game in progress.
        frame = review_frame(scene)
        tag = review_tag(scene)
        box = scene.review_tag_box
        pygame.draw.rect(surface, theme.accent, frame, max(3, m.line * 3), border_radius=m.radius)
        pygame.draw.rect(surface, theme.accent, box, border_radius=m.radius)
        surface.blit(tag, tag.get_rect(center=box.center))
    elif scene.pass_flash is not None:
        # As wide as the board's column at most: "Blanc passe" at the title size ran past
        # both ends of it at 200% of 1024x768 (QA 22); smaller rather than cut ("Black
        # pass…" over Othello 6x6 at 200% of 1280x800, the heading size too wide).
        flash = text.render_fit(scene.pass_flash, scene.board_rect.width - m.pad * 6, m.title,
                                theme.accent, bold=True, min_px=readable_px(scene.app.size))
        box = flash.get_rect(center=scene.board_rect.center).inflate(m.pad * 4, m.pad * 2)
        box.centery = flash_y(scene, box)
        widgets.draw_panel(surface, box, theme, m.radius, theme.panel, theme.accent, 3)
        surface.blit(flash, flash.get_rect(center=box.center))


def flash_y(scene: PlayScene, box: pygame.Rect) -> int:
    """Where the pass's box stands: the board's middle, or, while the other side's answer
    waits to be explained, whichever end of the board is farther from that move's squares
    (in the middle it hid White's chosen h4 and its "+8" for two seconds, QA 13.9)."""
    pending = scene.turns.pending
    area = scene.board_rect
    if pending is None or scene.view is None:
        return area.centery
    try:
        ys = [scene.view.centre_of(element)[1]
              for element in scene.presenter.clicks_for(scene.state, pending.move)]
    except (ValueError, TypeError, NotImplementedError):
        return area.centery
    top, bottom = area.top + box.height // 2, area.bottom - box.height // 2
    if not ys:
        return area.centery
    return top if min(abs(y - top) for y in ys) >= min(abs(y - bottom) for y in ys) else bottom
