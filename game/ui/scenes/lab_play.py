"""The learning lab's "Play against it": the play screen with the trained learner in its seat
and a person in the other; back in the lab, the game played there is counted as the lab's runs
are (each box the learner moved from used once more, a box the game made listed too) and the
boxes it changed are the last game's, "before → after" (QA S12 9: after beating the learner
with "Keeps learning" on, the lab showed nothing of what it had learned, the new box never
listed).
"""

from __future__ import annotations

import copy
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from ai.learners import TabularLearner

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene
    from game.ui.scenes.match import Match


class PlayedGame:
    """A game the class plays against the lab's learner: the match and the learner as it was
    before (a copy, to tell what the game changed)."""

    def __init__(self, match: Match, before: TabularLearner) -> None:
        self.match = match
        self.before = before

    def boxes(self, learner: TabularLearner) -> tuple[dict[Hashable, Any], set[Hashable],
                                                         dict[Hashable, Mapping[Any, float]]]:
        """The positions the learner moved from in the game (key -> state), the boxes the
        game changed and their values before it."""
        match = self.match
        sides = {match.side_of_seat(i) for i, seat in enumerate(match.seats)
                 if seat.player is learner}
        states = {s.key: s for s in match.states if s.outcome is None and s.to_move in sides}
        changed: set[Hashable] = set()
        before: dict[Hashable, Mapping[Any, float]] = {}
        for key, state in states.items():
            old, new = self.before.table_view(state), learner.table_view(state)
            if old is not None and old != new:
                changed.add(key)
                before[key] = old
        return states, changed, before


def play_against(lab: LearningLabScene) -> None:
    """Open the play screen: the trained learner in its seat, a human in the other."""
    if lab.running:
        return
    from game.rules.registry import GameSetup
    from game.ui.scenes.match import HUMAN, Match, Seat
    from game.ui.scenes.play import PlayScene

    session = lab.session
    session.absorb(lab.runner)
    lab.runner = None  # (its last game's boxes are no longer the last game's)
    learner_seat = Seat(lab.learner.spec, lab.learner, session.keep_learning)
    human = Seat(HUMAN)
    seats = (human, learner_seat) if session.seat == "second" else (learner_seat, human)
    first = "random" if session.seat == "alternate" else "seat1"
    match = Match(GameSetup.of(lab.game, lab.options), seats, first)
    session.played = PlayedGame(match, copy.deepcopy(lab.learner))
    play = PlayScene(lab.app, match)
    play.back_key = "play.to_lab"  # (Menu goes back to the lab, which keeps its tab)
    lab.app.push(play)


def back_from_play(lab: LearningLabScene) -> None:
    """Count the game played against the learner (the last one, if the class played several)
    as the lab's runs count theirs, and show the boxes it changed as the last game's."""
    session = lab.session
    played, session.played = session.played, None
    if not isinstance(played, PlayedGame) or not played.match.states:
        return
    states, changed, before = played.boxes(lab.learner)
    for key, state in states.items():
        session.usage[key] = session.usage.get(key, 0) + 1
        session.positions.setdefault(key, state)
    lab.knowledge.last_changed, lab.knowledge.last_before = changed, before
    lab.knowledge.game_result = ""  # (the last One game's result is no longer the last game's)
