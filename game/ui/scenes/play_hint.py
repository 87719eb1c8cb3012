"""The play panel's hint in words: the move an adviser suggests and why, framed in the
board's hint colour (the theme's ``suggestion``), above the AI's reasoning."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.reasoning import estimates_disagree, hint_lines, plural
from game.ui.scenes.play_fit import least_legend_px
from game.ui.scenes.play_status import without_note
from game.ui.scenes.players import seat_title
from game.ui.theme import blend

if TYPE_CHECKING:
    from ai.base import Decision
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play_explain import ExplainBox


def hint_paragraphs(scene: PlayScene) -> list[str]:
    """The hint shown on the board in words, who suggests it first (empty: no hint)."""
    hint = scene.turns.hint
    if hint is None:
        return []
    decision, spec = hint
    adviser = without_note(seat_title(spec, scene.match.setup)) if spec else ""
    side = scene.presenter.side_name(scene.state.to_move)
    other = scene.presenter.side_name(1 - scene.state.to_move)
    return hint_lines(decision, adviser, scene.presenter.move_text, side, other)


def contradicted(scene: PlayScene) -> Decision | None:
    """The AI's decision of the move just played where the hint shown for the person's reply
    points the opposite way (see :func:`~game.ui.reasoning.estimates_disagree`), else None."""
    hint, turns = scene.turns.hint, scene.turns
    ai = turns.reasoning
    if (hint is None or ai is None or turns.reasoning_seat is None
            or turns.reasoning_seat == scene.match.seat_index(scene.state.to_move)):
        return None
    return ai if estimates_disagree(hint[0], ai) else None


def other_view_fact(column: ExplainBox, d: Decision) -> str | None:
    """The AI's second fact under its move ``d`` when the hint contradicts it and the hint's
    box had no room to say why ("The hint says the opposite, looking 6 moves ahead: …")."""
    hint = column.scene.turns.hint
    if hint is None or column.other_view_in_hint or contradicted(column.scene) is not d:
        return None
    return plural("hint.other_view", hint[0].depth or 0)


def _ai_other_view(scene: PlayScene) -> str | None:
    """The hint box's last paragraph where the hint contradicts the AI's estimate: "White
    said the opposite, looking 4 moves ahead: …"."""
    ai = contradicted(scene)
    seat = scene.turns.reasoning_seat
    if ai is None or seat is None:
        return None
    side = scene.presenter.side_name(scene.match.side_of_seat(seat))
    return plural("hint.ai_other_view", ai.depth or 0, side=side)


def _first_fact_height(column: ExplainBox, width: int) -> int:
    """The height the AI's box needs under the hint to draw its first fact, at the facts'
    size of the last frame, with what it keeps under it (ExplainBox.draw_reasoning: a row of
    the move list and the position summary); 0 with no AI decision."""
    scene = column.scene
    ai, seat = scene.turns.reasoning, scene.turns.reasoning_seat
    if ai is None or seat is None:
        return 0
    px = column.facts_size
    line_h = text.font(px).get_linesize()
    # (The first fact as the AI's box says it: from reasoning_lines alone, it missed the
    # "versus" form and the pass, review R3.)
    first = column.decision_facts(ai)[:1]
    lines = sum(len(text.wrap(fact, width, px)) for fact in first)
    kept = sum(column.kept_below(px))
    return (lines + -(-kept // line_h)) * line_h + column.app.metrics.pad


def _other_fits(column: ExplainBox, paragraphs: list[str], other: str, px: int,
                height: int) -> bool:
    """Whether the hint's ``paragraphs`` and ``other`` at ``px`` leave the AI's first fact
    its room in ``height`` (see :func:`_leaves_first_fact`)."""
    width = column.rect.width - 2 * column.app.metrics.pad
    lines = sum(len(text.wrap(paragraph, width, px, bold=i == 0))
                for i, paragraph in enumerate([*paragraphs, other]))
    return _leaves_first_fact(column, lines, px, height)


def _leaves_first_fact(column: ExplainBox, lines: int, px: int, height: int) -> bool:
    """Whether a hint of ``lines`` lines at ``px`` leaves the AI's first fact its room in
    ``height`` (see :func:`_first_fact_height`)."""
    m = column.app.metrics
    below = height - lines * text.font(px).get_linesize() - m.pad - m.pad // 2
    return below >= _first_fact_height(column, column.rect.width - 2 * m.pad)


def hint_px(column: ExplainBox, paragraphs: list[str], height: int) -> int:
    """The hint's text size: the largest of the panel's sizes (none over the AI's facts'
    once there are some) at which it fits ``height``, or half of it beside the AI's
    reasoning. Never the size the words under it took in the last frame alone: a long hint
    before the first move took the room, the words under it shrank, and the next frame's hint
    at their size gave the room back: the panel flickered between 36 and 25 px (QA S15 12)."""
    m = column.app.metrics
    width = column.rect.width - 2 * m.pad
    sizes = column.legend_sizes()
    beside = column.scene.turns.reasoning is not None
    if beside:
        sizes = [px for px in sizes if px <= column.words_px()] or sizes[-1:]
    for px in sizes:
        lines = sum(len(text.wrap(paragraph, width, px, bold=i == 0))
                    for i, paragraph in enumerate(paragraphs))
        # With a row kept under it, as draw_hint keeps one for the move list: without it the
        # why fitted here and was dropped there ("Indice (Moteur) : 1 allumette" alone at
        # 200% of 1280x800 in French, QA18 re-check of section 1).
        line_h = text.font(px).get_linesize()
        if (lines + (0 if beside else 1)) * line_h + m.pad <= (height // 2 if beside
                                                                 else height):
            return px
    return sizes[-1]


def draw_hint(column: ExplainBox, surface: pygame.Surface, y: int) -> int:
    """The hint in words (see :func:`hint_paragraphs`) at ``y`` in the panel's column of
    words, framed in the hint colour, not the AI's pink; return the next y. Why the adviser
    chose it gives way first, to a row of the move list."""
    paragraphs = hint_paragraphs(column.scene)
    if not paragraphs:
        return y
    app = column.app
    theme = app.theme
    m = app.metrics
    rect = column.rect
    width = rect.width - 2 * m.pad
    other = _ai_other_view(column.scene)
    # Sized with it, at a smaller size where that lets it in beside the AI's words; at the
    # hint's own size where it does not fit even so (it goes to the AI's box).
    px = hint_px(column, paragraphs + ([other] if other else []), rect.bottom - y)
    if other and not _other_fits(column, paragraphs, other, px, rect.bottom - y):
        other, px = None, hint_px(column, paragraphs, rect.bottom - y)
    line_h = text.font(px).get_linesize()
    room = max(1, (rect.bottom - y - m.pad) // line_h - 1)
    # Wrapped bold, as it is drawn: wrapped in the regular face, the bold "Indice (Moteur) :
    # 2 allumettes" was cut "2 allum…" at 200% of 1280x800 in French (QA18 1).
    lines = text.wrap(paragraphs[0], width, px, bold=True)
    first = len(lines)
    for paragraph in paragraphs[1:]:
        wrapped = text.wrap(paragraph, width, px)
        if len(lines) + len(wrapped) <= room:
            lines += wrapped
    # Why the hint and the AI's estimate point opposite ways, here where it leaves the AI's
    # first fact its room (the move list's row gives way), else in the AI's box behind
    # its pager (ExplainBox.draw_reasoning): in a third paragraph of the hint's alone it took
    # the AI's words it speaks of at 200% of 1024x768 in French.
    column.other_view_in_hint = False
    if other and len(lines) > first:
        wrapped = text.wrap(other, width, px)
        if _leaves_first_fact(column, len(lines) + len(wrapped), px, rect.bottom - y):
            lines += wrapped
            column.other_view_in_hint = True
    box = pygame.Rect(rect.left, y, rect.width, line_h * len(lines) + m.pad)
    pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.5), box,
                     border_radius=m.radius)
    pygame.draw.rect(surface, theme.suggestion, box, max(2, m.line), border_radius=m.radius)
    ty = y + m.pad // 2
    for i, line in enumerate(lines):
        text.blit_text(surface, line, px, theme.suggestion if i < first else theme.text,
                       (box.left + m.pad, ty), bold=i < first, max_width=width,
                       min_px=min(px, least_legend_px(m, app.size)))
        ty += line_h
    return box.bottom + m.pad // 2
