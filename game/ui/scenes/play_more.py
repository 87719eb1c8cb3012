"""The play panel's "More" button with large text: the actions that do not fit the panel.

At 200% text (40 px body at 1024x768) the panel's six buttons, the Rules button and the
reasoning switch took two thirds of its height and the AI's reasoning, the legend of the
board's numbers and the move list had none left. With large text the panel keeps the buttons
used every move (Undo and Hint; Pause and Step in AI vs AI; Back and Forward in review) and one
"More" button opening a list of the others (:func:`more_actions`), each a whole word at body
size.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.play_input import leave_game, restart_game
from game.ui.scenes.settings import delay_label
from game.ui.settings import AI_DELAYS

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene
    from game.ui.theme import Theme

#: One action of the list: what it does and its label.
Action = tuple[Callable[[], None], str]


def reasoning_label(on: bool) -> str:
    """The reasoning switch as an item of the list: "Show AI reasoning: On"."""
    return tr("play.reasoning_is", state=tr("param.on" if on else "param.off"))


def speed_actions(app: App, scene: PlayScene) -> list[Action]:
    """Faster and slower AI moves, each naming the speed it goes to ("Faster (0.3 s)"), none
    past the fastest or slowest preset: with large text the speed's row took the room of the
    reasoning's second fact (200% of 1920x1080, AI vs AI)."""
    current = app.settings.ai_delay
    index = min(range(len(AI_DELAYS)), key=lambda i: abs(AI_DELAYS[i] - current))
    actions: list[Action] = []
    for direction, key in ((-1, "play.faster"), (+1, "play.slower")):
        to = index + direction
        if 0 <= to < len(AI_DELAYS):
            actions.append((partial(scene.change_speed, direction),
                            tr(key, speed=delay_label(AI_DELAYS[to]))))
    return actions


def more_actions(app: App, scene: PlayScene) -> list[Action]:
    """The actions behind "More", in the order a class needs them: in review, saving and
    opening a game and the rules; else reviewing the game, saving it (not in AI vs AI, where
    the review saves), undo and the speed (AI vs AI), restart, the reasoning switch, the
    rules, the menu."""
    if scene.review.active:
        return [(scene.save_record, tr("review.save")), (scene.open_record, tr("review.open")),
                (scene.open_rules, tr("play.rules"))]
    match = scene.match
    last = len(match.states) - 1
    actions: list[Action] = [(lambda: scene.enter_review(last), tr("review.button"))]
    if match.ai_vs_ai:
        actions.append((scene.undo, tr("play.undo")))
    else:
        actions.append((scene.save_record, tr("review.save")))
    if match.ai_vs_ai:
        actions += speed_actions(app, scene)
    on = app.settings.show_reasoning
    facts = scene.panel.explain.paragraphs
    if on and facts:
        actions.append((lambda: open_reasoning(app, facts), tr("play.reasoning_full")))
    actions += [(lambda: restart_game(scene), tr("play.restart")),
                (lambda: scene.set_reasoning(not on), reasoning_label(on)),
                (scene.open_rules, tr("play.rules")),
                (lambda: leave_game(scene, scene.to_menu), scene.menu_label())]
    return actions


def open_more(app: App, scene: PlayScene) -> None:
    """Open the list of :func:`more_actions`; a pick runs its action."""
    items = [(action, label, "") for action, label in more_actions(app, scene)]
    app.push(ListPopup(app, tr("play.more_title"), items, None, lambda action: action()))


def open_reasoning(app: App, facts: list[str]) -> None:
    """The AI's last reasoning, every fact, in a dialog: with large text the panel keeps the
    first facts only (at 200% alpha-beta's memory never showed, QA S13 1)."""
    app.push(MessageDialog(app, tr("play.reasoning_full"), "\n".join(facts),
                           [(lambda: tr("dialog.back"), lambda: None)]))


def draw_more_mark(surface: pygame.Surface, box: pygame.Rect, lines: list[str], px: int,
                   hidden: int, theme: Theme, pad: int, least: int) -> pygame.Rect | None:
    """"more ▸" at the end of the reasoning box's last line (``box``, its ``lines`` at ``px``)
    when ``hidden`` facts were left out, a click on the box showing them all (at 200%
    alpha-beta's memory never showed, QA S13 1): at ``px`` or smaller, down to ``least``,
    where the line leaves it room (see :func:`wrap_for_mark`). At the end of an earlier line
    it read as part of that fact (QA S15 5). Return where it went (None: not drawn)."""
    if not hidden or not lines:
        return None
    mark = tr("play.more_facts", n=hidden)
    line_h = text.font(px).get_linesize()
    room = box.width - 2 * pad - text.size(lines[-1], px)[0] - pad
    # The largest size that fits, not only three steps: at 200% of 1280x720 Marienbad's
    # "+1 ▸" went to the floor (18 px) beside 38 px facts where 27 px fitted (QA S16 2).
    for size in [*range(px, least, -2), min(px, least)]:
        w = text.size(mark, size, True)[0]
        if w <= room:
            y = box.top + pad // 2 + (len(lines) - 1) * line_h + line_h // 2
            return text.blit_text(surface, mark, size, theme.accent,
                                  (box.right - pad - w, y), anchor="midleft", bold=True)
    return None


def wrap_for_mark(fact: str, width: int, px: int, hidden: int, pad: int,
                  least: int) -> list[str]:
    """A fact wrapped to ``width`` at ``px`` so that "+N ▸" (``hidden`` facts left out after
    it) fits the end of its last line at ``least`` or larger (see :func:`draw_more_mark`):
    the last line's last words on a line of their own when it had no room (at 200% of
    1024x768 Hexapawn's "−3 balance points" filled its line, and the four facts left out
    were said nowhere)."""
    lines = text.wrap(fact, width, px)
    room = width - text.size(tr("play.more_facts", n=hidden), least, True)[0] - pad
    if not lines or text.size(lines[-1], px)[0] <= room:
        return lines
    tail = text.wrap(lines[-1], max(1, room), px)
    # (split(): words bound by no-break spaces are one group, "en 3 coups".)
    if len(tail) == 1 or len(tail[0].split()) == 1 or len(tail[-1].split()) == 1:
        # It does not split, or one word would stand alone ("gagne" / "en 3 coups +5 ▸",
        # QA17 3; "… perdu, prendre" / "1 +1 ▸", Marienbad at 1920x1080 fr 200%): the line
        # stays whole and the mark takes a line of its own, as many lines.
        return [*lines, ""]
    return lines[:-1] + tail
