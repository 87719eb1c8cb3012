"""What the play screen says and shows about the game, without pygame.

The status line above the board (a headline, a detail, whether the detail reports a problem),
the scores the board shows (the AI's move being revealed, then kept until the person answers
it, or a learner's table), the failed AI's error in words, the running score. Each is a
function of the match, the turn driver, the settings and the game's presenter, so tests check
them with no window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ai.base import Decision
from game.ui import text
from game.ui.boards.presenter import is_pass
from game.ui.i18n import tr
from game.ui.reasoning import (
    LegendRow,
    labelled_only,
    plural,
    scoped_rows,
    score_legend,
    thinking_line,
)
from game.ui.scenes.match import Match
from game.ui.scenes.play_banner import outcome_texts
from game.ui.scenes.players import NOTE_SEPARATOR
from game.ui.scenes.review import Review
from game.ui.scenes.turns import TurnDriver

if TYPE_CHECKING:
    from game.ui.boards.base import BoardView
    from game.ui.boards.presenter import GamePresenter
    from game.ui.scenes.play_input import PlayInput
    from game.ui.settings import Settings


#: How long a refused click's reason stays on the status line (a new click or move replaces
#: it sooner): at 2.5 s "Too many matches" was gone in about 1.5 s under load (QA20 5).
REFUSAL_SECONDS = 6.0


class Status(NamedTuple):
    """The status line: a headline, a detail (what to click, why not) and whether the detail
    reports a problem (drawn in the danger colour)."""

    headline: str
    detail: str = ""
    bad: bool = False


def status_line(match: Match, turns: TurnDriver, presenter: GamePresenter,
                prompt_key: str | None, player_name: Callable[[int], str],
                live_in_panel: bool = False, numbers_drawn: bool = True,
                shown: ShownDecision | None = None) -> Status:
    """The status line of the live position. ``prompt_key`` is the input controller's
    translation key of what to click next (None when no person is to click);
    ``player_name(seat)`` names a seat's player. With ``live_in_panel`` (the panel shows the
    search as it goes, see :func:`reasoning.thinking_facts`) the line does not say it again.
    Without ``numbers_drawn`` (the board left its labels out) the explain pause does not ask
    the class to read the numbers. ``shown``: the scores the board shows; the AI's played
    move's, kept while the person is to move, are said to be its (see below)."""
    state = match.state
    if match.over:
        outcome = state.outcome
        assert outcome is not None
        headline, reason = outcome_texts(presenter, state, outcome)
        return Status(headline, reason)
    side = presenter.side_name(state.to_move)
    if turns.ai_error is not None:
        return Status(tr("play.ai_turn", side=side), tr("play.ai_stopped"), True)
    if match.human_to_move:
        detail = tr(prompt_key) if prompt_key else ""
        if turns.hint_thinking:
            detail = tr("play.hint_thinking")
        elif detail and numbers_drawn and shown is not None and shown.played:
            # "−4" on every empty cell read as the person's own scores (QA S15 16); the
            # legend's "(O's last move)" is in its long form only, not drawn at 1024x768
            # (review R21 1). First: where the line has no room for both, the prompt gives
            # way (the person has read it at every turn before this one).
            detail = tr("play.kept_numbers", prompt=detail,
                        side=presenter.side_name(shown.mover))
        return Status(tr("play.human_turn", side=side), detail)
    if turns.pending is not None:
        move = presenter.move_text(turns.pending.move)
        if turns.explaining:
            detail = tr("play.go_on" if numbers_drawn else "play.go_on_plain")
        else:  # (AI vs AI paused on a move shown: nothing said it was paused, QA S16 15)
            detail = tr("play.paused") if turns.paused else ""
        return Status(tr("play.ai_chose", side=side, move=move), detail)
    if turns.waiting_for_step:
        return Status(tr("play.ai_turn", side=side), tr("play.paused"))
    if turns.thinking_since is not None:
        # The name without its note ("Alpha-beta", not "Alpha-beta (Depth 2)"): the headline
        # is large, and the seat card shows the whole name; too narrow, only the side.
        player = without_note(player_name(match.seat_index(state.to_move)))
        # The engine line: depth, best move so far with its score, positions searched.
        line = "" if live_in_panel else thinking_line(turns.worker.progress, presenter.move_text)
        return Status(tr("play.ai_thinking", side=side, player=player), line or "")
    return Status(tr("play.ai_turn", side=side))


def short_headline(match: Match, turns: TurnDriver, presenter: GamePresenter) -> str | None:
    """The status headline in fewer words, for a window too narrow for it (large text, a long
    player's name): "White is thinking…" for "White (Reinforcement) is thinking…"; None when
    the headline has no shorter form. The AI's move being explained: "Player 2: 1 match from
    heap 1" (its headline shrank to the readable floor at 200% of 1024x768, QA S15 2)."""
    side = presenter.side_name(match.state.to_move)
    if turns.pending is not None and not match.over:
        return tr("play.ai_chose_short", side=side,
                  move=presenter.move_text(turns.pending.move))
    if match.over or turns.thinking_since is None or match.human_to_move:
        return None
    return tr("play.ai_thinking_short", side=side)


def no_moves_lines(match: Match, presenter: GamePresenter, width: int, px: int,
                   room: int) -> list[str]:
    """The move list's words before the first move, wrapped to ``width`` at ``px`` in at
    most ``room`` pixels high: who moves first when the menu did not leave it to Seat 1 ("No
    moves yet: Player 2 moves first", QA 26), else, or where that does not fit, "No moves
    yet"."""
    if match.first != "seat1":
        side = presenter.side_name(match.states[0].to_move)
        lines = text.wrap(tr("play.no_moves_first", side=side), width, px)
        if (len(lines) * text.font(px).get_linesize() <= room
                and all(text.size(line, px)[0] <= width for line in lines)):
            return lines
    return [tr("play.no_moves_yet")]


def ai_error_text(turns: TurnDriver, presenter: GamePresenter,
                  player_name: Callable[[int], str]) -> str:
    """The failed AI's error in words, or "" when no AI failed."""
    failure = turns.ai_error
    if failure is None:
        return ""
    player = player_name(failure.seat)
    if failure.error is not None:
        return tr("play.ai_failed", player=player,
                  error=f"{type(failure.error).__name__}: {failure.error}")
    return tr("play.ai_illegal", player=player, move=presenter.move_text(failure.illegal_move))


def board_legend(shown: ShownDecision | None, mover: str, view: BoardView | None
                 ) -> list[LegendRow]:
    """What the numbers on the board mean, from ``mover``'s side (empty: no numbers), for
    the moves the board's last drawing labelled; one row saying they are not drawn where the
    board left them out as too small to read (Connect 4 10x10 at 200% of 1024x640: the
    panel had no legend and the subtitle said "Read the numbers", QA S13 33)."""
    if shown is None:
        return []
    if view is not None and view.labels_left_out:
        return [LegendRow("", tr("legend.not_drawn"), short=tr("legend.short.not_drawn"))]
    # The board's last drawing says whether it wrote counts in thousands ("2k").
    short = view is not None and view.counts_shortened
    rows = score_legend(shown.decision, mover, short,
                        view.labelled if view is not None else None,
                        view.full_forms if view is not None else ())
    # What a label stands for where it is not one move (Morpion's moving phase, QA20 9).
    rows = scoped_rows(rows, view.label_scope) if view is not None else rows
    if shown.played and rows and rows[0].sample:
        # Said in the first row: Othello's "−12" on a3, left from White's last move beside
        # Black's dots, read as Black's score for a3 (QA19 3). In its full form only: in the
        # short one too, the row no longer fitted where it had just fitted and the legend was
        # gone (1280x800 and 1024x640 fr 100%, review R6). Inside a closing bracket, not a
        # second one: "(estimate) (White's last move)" (review R7).
        first = rows[0]
        key = "legend.last_move_inside" if first.words.endswith(")") else "legend.last_move"
        words = first.words[:-1] if first.words.endswith(")") else first.words
        rows[0] = replace(first, words=tr(key, words=words, side=mover),
                          short=first.short or first.words)
    return rows


@dataclass(frozen=True)
class ShownDecision:
    """Scores the board shows: ``decision``'s, drawn on ``state`` (the position they were
    computed for), by the side ``mover``."""

    decision: Decision
    state: Any
    mover: int
    #: The whole decision where some of its labels gave way (Othello's, see
    #: GamePresenter.scores_yield_to_legal_moves):
    #: the labels left keep the colours they had among all of them (QA S16 16).
    ranked_among: Decision | None = None
    #: The move has been played: the labels are its mover's choices, kept on the board
    #: while the other side is to move (explain mode, see :func:`scored_decision`).
    played: bool = False


def answering(turns: TurnDriver, board_input: PlayInput) -> bool:
    """Whether the person has started answering the AI's move: picked a piece (its marks
    then take the squares: a kept chip hid the lit square a picked pawn could go to, QA19
    33) or asked for a hint (its arrow and words then: the AI's kept "−61" stayed with the
    hint's key in discs, not its own, QA19 37)."""
    controller = board_input.current_controller()
    picked = controller is not None and controller.selected() is not None
    return picked or turns.hint_move is not None or turns.hint_thinking


def searching_live(turns: TurnDriver) -> bool:
    """True while an AI's search has published a best move (the board draws it, see
    ``play_board.board_context``)."""
    progress = turns.worker.progress
    return (turns.thinking_since is not None and progress is not None
            and progress.best is not None)


def scored_decision(match: Match, turns: TurnDriver, presenter: GamePresenter,
                    settings: Settings) -> ShownDecision | None:
    """The scores the board shows, or None.

    The AI's move being revealed; in a human-vs-AI game (or an AI-vs-AI one, until the next
    search shows its best move), the AI's last move until the person answers it (explain
    mode, the legend speaking from the AI's side; each board draws them where they still
    hold, see BoardContext.scores_played), without the moves that are now the person's
    legal moves where the game says so (``presenter.scores_yield_to_legal_moves``: Othello's
    dots; elsewhere they stay, QA20 16, the status line saying whose they are); or a
    learner's stored values while it is to move. (A hint or a picked piece takes the kept
    labels away: see :func:`answering`.)
    """
    show_reasoning = settings.show_reasoning
    if turns.pending is not None:
        return ShownDecision(turns.pending, match.state, match.state.to_move)
    if not show_reasoning:
        return None
    # A paused AI-vs-AI game, as explain mode: a step played its move with no number left
    # on the board, while the panel explained it (QA S15 23). Running, the same until the
    # next AI's search shows its own best move: between two 1-1.5 s reveals the board stood
    # bare while the next side thought (QA19 14).
    stepping = match.ai_vs_ai and turns.waiting_for_step
    # (Not over a learner's own values, shown while it is to move, below.)
    running = (match.ai_vs_ai and not match.over and not searching_live(turns)
               and not match.to_move_seat.learner)
    if (match.human_to_move and not match.ai_vs_ai) or stepping or running:
        # Explain mode: the AI's last move stays explained until the person answers it,
        # while its words are shown (a seat's new player does not inherit them, see
        # TurnDriver.replace_seat).
        last = match.last_decision if turns.reasoning is not None else None
        # (A pass is forced: it has no scores to explain on the board.)
        if (last is not None and last.scores and len(match.states) >= 2
                and not is_pass(last.move)):
            before = match.states[-2]
            if presenter.scores_yield_to_legal_moves and not (stepping or running):
                # Othello's explain mode: the AI's old labels sat on squares that had become
                # the person's legal moves, no dot there, and "−16" in a blue frame read as
                # the person's score for it (QA S13 7).
                legal = set(match.state.legal_moves())
                whole = last
                last = labelled_only(last, [m for m in last.scores if m not in legal])
                if not last.scores:
                    return None
                return ShownDecision(last, before, before.to_move, whole, played=True)
            return ShownDecision(last, before, before.to_move, played=True)
        return None
    if not match.over and not match.human_to_move:
        seat = match.to_move_seat
        if seat.player is not None and seat.learner:
            table = seat.player.table_view(match.state)
            if table:
                # The learner's own kind ("allowed", "beads", "q") so the labels read as
                # ticks, bead counts or signed Q-values, as in its decisions.
                kind = str(getattr(seat.player, "score_kind", "value"))
                return ShownDecision(Decision(move=None, scores=dict(table), score_kind=kind),
                                     match.state, match.state.to_move)
    return None


def without_note(name: str) -> str:
    """A player's name without its note: "Alpha-beta · Depth 2" -> "Alpha-beta"; a bracketed
    note too, "Engine (Time (s) 60)" -> "Engine" (a note may hold brackets of its own), for
    lines too narrow for the whole name."""
    title, sep, _note = name.partition(NOTE_SEPARATOR)
    if sep and title.strip():
        return title.rstrip()
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(name[i], 0)
        if depth == 0:
            return name[:i].rstrip() or name
    return name


def _bracketed(name: str) -> str:
    """A seat's name with its note in brackets: "Alpha-beta (Depth 2)"."""
    title, sep, note = name.partition(NOTE_SEPARATOR)
    return f"{title} ({note})" if sep else name


def score_line(match: Match, player_name: Callable[[int], str], key: str = "play.score") -> str:
    """The running score over the games these players played ("Score: Human 2 – Minimax 1
    · 1 draw"), or "" before the first game ends. Two players of the same name are told apart
    by their parameter in brackets ("Alpha-beta (Depth 2) 1 – Alpha-beta (Depth 4) 2"), else
    by their seat ("Human 1: 2 – Human 2: 1"); otherwise a name's note is left
    out (the score read "Alpha-beta · Depth 2 3", the parameter's number running into the
    score). ``key`` "play.score_bare"
    leaves out the word "Score" (the panel's title row, with large text)."""
    if not (match.wins[0] or match.wins[1] or match.draws):
        return ""
    full = [player_name(0), player_name(1)]
    names = [without_note(name) for name in full]
    if names[0] == names[1]:
        names = [_bracketed(name) for name in full]
    if names[0] == names[1]:
        # "Human 1: 0": "Human 1 0 – Human 2 1" ran the seat into the score (QA).
        names = [tr("play.score_seat", name=names[0], n=1),
                 tr("play.score_seat", name=names[1], n=2)]
    # A name is never broken over two lines ("Monte" / "Carlo 1" at 100% of 1024x768).
    names = [name.replace(" ", "\u00a0") for name in names]
    score = tr(key, a=names[0], x=match.wins[0], b=names[1], y=match.wins[1])
    if match.draws:
        score = plural("play.score_draws", match.draws, score=score)
    return score


def review_short_headline(match: Match, review: Review, presenter: GamePresenter) -> str | None:
    """The review's headline in fewer words ("Move 9/11: 3 matches", "The start (0/11)"), for
    large text in a small window."""
    shown = review.shown
    if shown == 0:
        # "Review: the start (7 moves played)" was cut at 200% of 1920x1080 (QA, real window).
        return tr("review.headline_start_short", total=len(match.moves))
    return tr("review.headline_short", n=shown, total=len(match.moves),
              move=presenter.move_text(match.moves[shown - 1]))


def review_status(match: Match, review: Review, presenter: GamePresenter) -> Status:
    """The status line while an earlier position is reviewed: which one, and that the game
    itself is unchanged and goes on from its live position."""
    total = len(match.moves)
    shown = review.shown
    if shown == 0:
        # In the count's grammar: "(0 coups joués)" in French, "(1 moves played)" (QA19 27).
        headline = plural("review.headline_start", total, total=total)
    else:
        mover = match.states[shown - 1].to_move
        headline = tr("review.headline", n=shown, total=total, side=presenter.side_name(mover),
                      move=presenter.move_text(match.moves[shown - 1]))
    return Status(headline, tr("review.detail", total=total))
