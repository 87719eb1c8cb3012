"""The game a watched run of the learning lab plays, drawn live across its Matchboxes view:
One game shows the game move by move at a class's pace, then the boxes it changed (before, a
550x400 inset beside the boxes at 1024x768 with 200% text, over in about three seconds: QA 30).
Under its title a line says who moved and what ("The learner (Player 1) takes 2 matches"):
in Nim, matches just vanished every 1.5 s and nothing said whose they were (QA13 29).
"""

from __future__ import annotations

from typing import Any

import pygame

from ai.training import TrainingRunner
from game.ui import text
from game.ui.boards import presenter_for
from game.ui.boards.base import BoardContext, BoardView
from game.ui.i18n import has, tr
from game.ui.scenes.lab_common import player_name, wrapped_px
from game.ui.scenes.lab_session import OPPONENT, WATCHED, LabSession
from game.ui.theme import Theme, blend
from game.ui.widgets import Metrics

#: The room the line of the last move takes under the title, in lines of body text: kept
#: whatever it says, so the board does not move from move to move (two lines took a third of
#: Hexapawn's board at 1920x1080 with 200% text).
EVENT_LINES = 1


def seat_names(runner: TrainingRunner, session: LabSession) -> tuple[str, str]:
    """Who plays each seat of the live game, with the side it plays ("The learner (Player
    1)", "Random (Player 2)"); in a watched match the two players watched; in self-play the
    learner on both sides, the side telling them apart."""
    if runner.watched is not None:
        first, other = (player_name(session.slot_player(slot)) for slot in WATCHED)
    else:
        first = tr("lab.live_learner")
        other = first if runner.self_play else player_name(session.slot_player(OPPONENT))
    by_seat = (first, other) if runner.current_seat == 0 else (other, first)
    presenter = presenter_for(session.game)
    return (tr("lab.live_seat", name=by_seat[0], side=presenter.side_name(0)),
            tr("lab.live_seat", name=by_seat[1], side=presenter.side_name(1)))


def live_event(game: str, state: Any, move: Any, names: tuple[str, str]) -> str:
    """What the class reads under the live game's title: who moves first before a move, then
    who played the last move and what ("takes" in a game whose texts say so, Nim's), and at
    the end who won ("and wins" where the last move won)."""
    if move is None:
        return tr("lab.live_first", player=names[state.to_move])
    mover = 1 - state.to_move  # (every game here alternates: a pass is a move)
    outcome = state.outcome
    # The winning move in one short sentence ("… takes 2 matches and wins."): two sentences
    # drew the end at the readable floor, 20 px at 1024x768 with 200% text.
    verb = ("lab.live_move_wins" if outcome is not None and outcome.winner == mover
            else "lab.live_move")
    key = f"{verb}.{game}"
    said = tr(key if has(key) else verb, player=names[mover],
              move=presenter_for(game).move_text(move))
    if outcome is None or outcome.winner == mover:
        return said
    result = (tr("lab.live_drawn") if outcome.winner is None
              else tr("lab.live_won", player=names[outcome.winner]))
    return f"{said} {result}"


def draw_event(surface: pygame.Surface, words: str, rect: pygame.Rect, theme: Theme,
               m: Metrics, readable: int) -> None:
    """``words`` centred in ``rect``, as large as they fit in it up to body size, on two
    lines where one would be smaller (the end of a game says its result too), never under
    the readable size."""
    px = wrapped_px(words, rect, m.body, readable, True)
    y = rect.top
    for line in text.wrap(words, rect.width, px, True):
        y = text.blit_text(surface, line, px, theme.accent, (rect.centerx, y), "midtop",
                           bold=True, max_width=rect.width, min_px=readable).bottom


def draw_live(surface: pygame.Surface, rect: pygame.Rect, runner: TrainingRunner,
              view: BoardView | None, theme: Theme, m: Metrics, readable: int,
              session: LabSession) -> pygame.Rect:
    """The position ``runner`` is playing, its last move marked, in ``rect`` under the title
    "Game 1, live" at body size (shrunk to the readable size before it is cut) and the line
    of the last move (:func:`live_event`); returns the board's rectangle (empty without a
    board)."""
    pygame.draw.rect(surface, blend(theme.panel, theme.background, 0.4), rect,
                     border_radius=m.radius)
    # The learner's game number, the one the charts count: the run's ("Game 1" each time)
    # read "Game 2" while the finished game's last position was held (QA S12 21). The game
    # counts once the learner has learned it (its record is the runner's last): its last
    # position, held before that, read "Game 500" after "Game 501" (QA13 20).
    with runner.lock:
        state, move = runner.current, runner.current_move
        record = runner.last_record
        learned = (state is not None and record is not None and bool(record.states)
                   and record.states[-1] is state)
        number = getattr(runner.learner, "games_trained", runner.done) + (0 if learned else 1)
    title = text.blit_text(surface, tr("lab.live", n=number), m.body, theme.text,
                           (rect.centerx, rect.top + m.pad // 2), "midtop", bold=True,
                           max_width=rect.width - m.pad, min_px=min(m.small, readable))
    if state is None:
        return pygame.Rect(rect.left, rect.top, 0, 0)
    event = pygame.Rect(rect.left + m.pad, title.bottom,
                        rect.width - m.pad * 2,
                        text.font(m.body, True).get_linesize() * EVENT_LINES)
    draw_event(surface, live_event(session.game, state, move, seat_names(runner, session)),
               event, theme, m, readable)
    if view is None:
        return pygame.Rect(rect.left, rect.top, 0, 0)
    board = pygame.Rect(rect.left + m.pad, event.bottom + m.pad // 2, rect.width - m.pad * 2,
                        rect.bottom - event.bottom - m.pad)
    # Its own words (Nim's limit and goal) as near body size as its room allows: at the
    # readable floor, 18 px at 1280x720 with 200% text, they read as small print (QA14 5).
    # (The view is the boxes' too: they keep its size for labels at 0.)
    view.label_px = m.body
    try:
        view.layout(board, state)
        view.draw(surface, state, BoardContext(theme=theme, last_move=move,
                                               coords_px=readable))
    finally:
        view.label_px = 0
    return board
