"""The play screen's input: clicks and keys turned into the scene's actions.

:class:`PlayInput` owns what a click on the board is building (the game's input controller:
a lifted piece, a chosen heap) and the mouse position; it asks the scene to act (play a move,
undo, go on, step through the review...) and to say why a click was refused. The keys are a
table (:data:`KEYS`), so what each key does reads in one place and the help can list it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import widgets
from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog

if TYPE_CHECKING:
    from game.ui.boards.base import InputController
    from game.ui.scenes.play import PlayScene

#: Clicks this soon after the screen opens are ignored: the second click of a double-click on
#: the menu's Start would otherwise press whatever button sits where Start was (Menu, at
#: 1024x768). Longer than a double-click interval (0.5 s on most systems).
CLICK_GUARD_SECONDS = 0.6

_CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


@dataclass(frozen=True)
class KeyBinding:
    """``keys`` pressed (with Ctrl or Cmd when ``ctrl``) run ``action`` on the scene, when
    ``when`` (if given) says the binding applies now. The first binding that applies wins."""

    keys: tuple[int, ...]
    action: Callable[[PlayScene], object]
    ctrl: bool = False
    when: Callable[[PlayScene], bool] | None = None


def leave_game(scene: PlayScene, then: Callable[[], None], title: str | None = None,
               leave: str | None = None, stay: str | None = None) -> None:
    """Run ``then`` (back to the menu, a new game, another game opened), asking first while a
    game is under way: a stray key or click must not throw away a class's game. (Esc asked;
    the Menu and Restart buttons and R did not: QA in a real window lost a game so.)
    ``title``, ``leave`` and ``stay`` name the question and its buttons when leaving is not
    all it does (default "Leave this game?", "Leave", "Stay"). Staying is the highlighted
    choice that Enter takes: a question that guards a game must not default to losing it."""
    if scene.match.moves and not scene.match.over:
        asked = title or tr("play.leave_title")
        scene.app.push(MessageDialog(scene.app, asked, tr("play.leave_text"), [
            (lambda: leave or tr("play.leave"), then),
            (lambda: stay or tr("play.stay"), lambda: None),
        ], primary=1))
    else:
        then()


def _layout_of(scene: PlayScene) -> tuple[object, ...]:
    """Where the screen's click targets are: the board and each shown button."""
    return (tuple(scene.board_rect),
            *((id(b), tuple(b.rect)) for b in scene.buttons() if b.visible))


def restart_game(scene: PlayScene) -> None:
    """A new game with the same seats, asking first as :func:`leave_game` does, in words that
    say so: R asked "Leave this game? [Leave]" and then restarted on the same screen (QA)."""
    leave_game(scene, scene.restart, title=tr("play.restart_title"), leave=tr("play.restart"),
               stay=tr("play.keep_playing"))


def _escape(scene: PlayScene) -> None:
    """Esc: drop a half-made move, else leave the review, else leave (asking first)."""
    controller = scene.input.controller
    if controller is not None and controller.selected() is not None:
        controller.cancel()
    elif scene.review.active:
        scene.leave_review()
    else:
        leave_game(scene, scene.to_menu)


def _right(scene: PlayScene) -> None:
    """Right: forward in the review; else go on after an explained move, or step an AI
    game."""
    if scene.review.active:
        scene.step_review(+1)
    elif not (scene.turns.explaining and scene.turns.go_on()):
        scene.turns.step()


#: Every key of the play screen, in the order they are tried.
KEYS: tuple[KeyBinding, ...] = (
    KeyBinding((pygame.K_ESCAPE,), _escape),
    KeyBinding((pygame.K_z,), lambda s: s.undo(), ctrl=True),
    KeyBinding((pygame.K_s,), lambda s: s.save_record(), ctrl=True),
    KeyBinding((pygame.K_o,), lambda s: s.open_record(), ctrl=True),
    KeyBinding((pygame.K_h,), lambda s: s.ask_hint()),
    KeyBinding((pygame.K_r,), restart_game),
    KeyBinding((pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER),
               lambda s: s.turns.go_on(), when=lambda s: s.turns.explaining),
    KeyBinding((pygame.K_SPACE,), lambda s: s.turns.toggle_pause()),
    KeyBinding((pygame.K_LEFT,), lambda s: s.step_review(-1)),
    KeyBinding((pygame.K_RIGHT,), _right),
    KeyBinding((pygame.K_HOME,), lambda s: s.enter_review(0)),
    KeyBinding((pygame.K_END,), lambda s: s.leave_review()),
    KeyBinding((pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS), lambda s: s.change_speed(-1)),
    KeyBinding((pygame.K_MINUS, pygame.K_KP_MINUS), lambda s: s.change_speed(+1)),
)


class PlayInput:
    """Clicks and keys of one play scene."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        #: What a click on the board is building (None until the person is to move).
        self.controller: InputController | None = None
        self.hover: tuple[int, int] | None = None

    def reset(self) -> None:
        """No half-made move (after Undo, Restart, a new player, a move)."""
        self.controller = None

    def current_controller(self) -> InputController | None:
        """The controller for the live position, made afresh when the position changed; None
        when no person is to click."""
        scene = self.scene
        if scene.view is None or not scene.match.human_to_move:
            return None
        if self.controller is None or self.controller.state != scene.state:
            self.controller = scene.view.controller(scene.state)
        return self.controller

    def handle(self, event: pygame.event.Event) -> None:
        """One event."""
        scene = self.scene
        if event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return
        if event.type == pygame.MOUSEWHEEL:
            scene.panel.wheel(int(event.y))
            return
        if event.type != pygame.MOUSEBUTTONDOWN:
            return
        self.hover = event.pos
        if event.button == 3:
            if self.controller is not None:
                self.controller.cancel()
            return
        if event.button != 1:
            return
        buttons = scene.buttons()
        if scene.age < CLICK_GUARD_SECONDS and any(
                b.visible and b.rect.collidepoint(event.pos) for b in buttons):
            return  # the end of a double-click on the previous screen's button
        before = _layout_of(scene)
        if widgets.handle_all(buttons, event) or scene.panel.click(event.pos):
            scene.layout()
            if _layout_of(scene) != before:
                # The click laid the screen out anew: the rest of a double-click must press
                # nothing now under the pointer. (QA, real windows: a double-click on "Back
                # to the game" pressed Restart, one on "Review" the review's Open, one on
                # "Play again" dropped a disc in the new game.)
                scene.app.guard_double_click(event.pos)
            return
        seat = scene.panel.seat_at(event.pos)
        if seat is not None:
            scene.choose_player(seat)
            return
        on_board = scene.board_rect.collidepoint(event.pos)
        if scene.review.active and on_board:
            scene.say(tr("review.board_locked"), bad=True)
            return
        if scene.turns.explaining and on_board:
            scene.turns.go_on()
            # The rest of a double-click is no move: it played one for the person, and the
            # AI's answer hid it (QA20 13).
            scene.app.guard_double_click(event.pos)
            return
        if on_board or self.controller is not None:
            self.click_board(event.pos)

    def key(self, key: int, mod: int = 0) -> None:
        """A key press: the first binding of :data:`KEYS` that applies."""
        ctrl = bool(mod & _CTRL)
        for binding in KEYS:
            if key in binding.keys and binding.ctrl == ctrl and (
                    binding.when is None or binding.when(self.scene)):
                binding.action(self.scene)
                return

    def click_board(self, pos: tuple[int, int]) -> None:
        """A click at ``pos``: give the board element to the input controller."""
        scene = self.scene
        if scene.match.over or scene.view is None:
            return
        if not scene.match.human_to_move:
            if scene.board_rect.collidepoint(pos):
                scene.say(tr("play.wait_for_ai"), bad=True)
            return
        controller = self.current_controller()
        if controller is None:
            return
        result = controller.click(scene.view.hit(pos, scene.state))
        if result.move is not None:
            scene.apply_move(result.move)
        elif result.message_key:
            scene.say(tr(result.message_key, **result.message_args), bad=True)
            scene.app.play_sound("error")
        elif result.changed:
            # The click did something (a piece lifted or put back): an earlier refusal
            # ("lift one of them first") no longer applies.
            scene.message = None
            scene.app.play_sound("click")
