"""A game in progress, without pygame: the seats, the states and moves so far, undo and restart.

The play scene draws a :class:`Match` and asks it questions (whose turn, is it a human, what
does Undo take back); the AI decisions come from the worker and are recorded beside the moves
they chose. Keeping this apart from the drawing lets the tests check the game logic directly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ai.base import Decision, GameRecord, Player
from ai.registry import PlayerSpecError, make_player, resolve_spec
from game.rules.base import GameState, IllegalMoveError
from game.rules.registry import GameInfo, GameSetup

HUMAN = "human"
FIRST_CHOICES = ("seat1", "seat2", "random")
# The strongest available adviser for hints, in order of preference.
HINT_SPECS = ("engine", "perfect", "alphabeta", "mcts", "greedy", "random")


@dataclass
class Seat:
    """Who sits on one side of the board: a human, or an AI built from its spec."""

    spec: str
    player: Player | None = None
    learner: bool = False

    @property
    def human(self) -> bool:
        """True for a person clicking on the board."""
        return self.player is None

    @property
    def name(self) -> str:
        """The registry name of the player ("human", "minimax", ...)."""
        return self.spec.split(":", 1)[0]


def make_seat(spec: str, setup: GameSetup, seed: int | None = None) -> Seat:
    """A seat for ``spec`` in ``setup``'s game; raise PlayerSpecError (with a readable message)
    if it cannot play."""
    if spec.strip().lower() == HUMAN:
        return Seat(HUMAN)
    info, _values = resolve_spec(spec, setup)
    player = make_player(spec, setup, seed=seed)
    return Seat(player.spec, player, info.learner)


def hint_player(setup: GameSetup, seed: int | None = None) -> Player | None:
    """The strongest player the registry offers for this game, to suggest moves."""
    for spec in HINT_SPECS:
        try:
            return make_player(spec, setup, seed=seed)
        except PlayerSpecError:
            continue
    return None


class Match:
    """The states and moves of one game, who plays each side, and the AI decisions made."""

    def __init__(self, setup: GameSetup, seats: tuple[Seat, Seat],
                 first: str = "seat1", rng: random.Random | None = None) -> None:
        if first not in FIRST_CHOICES:
            raise ValueError(f"first must be one of {', '.join(FIRST_CHOICES)}, got '{first}'")
        #: The game and its options.
        self.setup = setup
        self.seats: list[Seat] = [seats[0], seats[1]]
        self.first = first
        self.rng = rng or random.Random()
        self.first_seat = 0
        self.states: list[GameState[Any]] = []
        self.moves: list[Any] = []
        self.decisions: list[Decision | None] = []
        self.games_played = 0
        #: The running score since these players sat down: games won by each seat, and draws.
        self.wins = [0, 0]
        self.draws = 0
        #: The current game's result once counted in the score: the winning seat, or -1 for a
        #: draw (None: not counted), so Undo from the end can take it back.
        self.counted: int | None = None
        self.restart()

    @property
    def info(self) -> GameInfo:
        """The game's descriptor."""
        return self.setup.info

    @property
    def options(self) -> Any:
        """The game's options."""
        return self.setup.options

    # -- the position ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState[Any]:
        """The current position."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.state.outcome is not None

    def seat_index(self, side: int) -> int:
        """Which seat (0 or 1) plays ``side`` (player 0 moves first)."""
        return side if self.first_seat == 0 else 1 - side

    def side_of_seat(self, seat: int) -> int:
        """Which side seat ``seat`` plays."""
        return self.seat_index(seat)  # the mapping is its own inverse

    def seat_for_side(self, side: int) -> Seat:
        """The seat that plays ``side``."""
        return self.seats[self.seat_index(side)]

    @property
    def to_move_seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.seat_for_side(self.state.to_move)

    @property
    def human_to_move(self) -> bool:
        """True when a person must click the next move."""
        return not self.over and self.to_move_seat.human

    @property
    def ai_vs_ai(self) -> bool:
        """True when no seat is human."""
        return not any(seat.human for seat in self.seats)

    @property
    def last_move(self) -> Any:
        """The last move played, or None."""
        return self.moves[-1] if self.moves else None

    @property
    def last_decision(self) -> Decision | None:
        """The AI decision behind the last move, if an AI played it."""
        return self.decisions[-1] if self.decisions else None

    # -- changes --------------------------------------------------------------------------------

    def play(self, move: Any, decision: Decision | None = None) -> GameState[Any]:
        """Play ``move`` (raises IllegalMoveError if the rules refuse it); return the new state."""
        if move not in self.state.legal_moves():
            raise IllegalMoveError(f"{move} is not a legal move here")
        new = self.state.play(move)
        self.states.append(new)
        self.moves.append(move)
        self.decisions.append(decision)
        return new

    def undo_target(self) -> int | None:
        """How many moves Undo takes back, or None when there is nothing to undo.

        Undo goes back to the last position, before the current one, where a human was to move;
        with no human seat it takes back one move.
        """
        if not self.moves:
            return None
        if self.ai_vs_ai:
            return 1
        for back in range(1, len(self.moves) + 1):
            earlier = self.states[-1 - back]
            # A forced pass is no decision: going back to it would replay the pass and the
            # AI's answer at once, so Undo goes on to the person's previous real turn.
            if self.seat_for_side(earlier.to_move).human and not _forced_pass(earlier):
                return back
        return None

    def undo(self) -> int:
        """Take moves back to the last human decision; return how many were taken back."""
        count = self.undo_target()
        if not count:
            return 0
        self.uncount()
        del self.states[-count:]
        del self.moves[-count:]
        del self.decisions[-count:]
        return count

    def count_result(self) -> None:
        """Add the finished game's result to the running score (once per game)."""
        outcome = self.state.outcome
        if outcome is None or self.counted is not None:
            return
        if outcome.winner is None:
            self.draws += 1
            self.counted = -1
        else:
            self.counted = self.seat_index(outcome.winner)
            self.wins[self.counted] += 1

    def uncount(self) -> None:
        """Take the current game's result back out of the score (Undo from the end)."""
        if self.counted == -1:
            self.draws -= 1
        elif self.counted is not None:
            self.wins[self.counted] -= 1
        self.counted = None

    def reset_score(self) -> None:
        """A new running score (other players sat down)."""
        self.wins = [0, 0]
        self.draws = 0
        self.counted = None

    def restart(self) -> None:
        """A new game with the same seats (a random first player is drawn again)."""
        if self.states:
            self.games_played += 1
        if self.first == "random":
            self.first_seat = self.rng.randrange(2)
        else:
            self.first_seat = 0 if self.first == "seat1" else 1
        self.states = [self.setup.initial_state()]
        self.moves = []
        self.decisions = []
        self.counted = None

    def replace_seat(self, seat: int, new: Seat) -> None:
        """Put another player in seat ``seat`` (after an AI failed, or from the menu); the
        running score starts again, it was between other players."""
        if new.spec != self.seats[seat].spec or new.player is not self.seats[seat].player:
            self.reset_score()
        self.seats[seat] = new

    def record(self) -> GameRecord:
        """The game so far, for learners."""
        return GameRecord(list(self.states), list(self.moves), self.state.outcome)

    def teach_learners(self) -> list[str]:
        """Let each learning seat learn from the finished game; return error texts, if any."""
        errors: list[str] = []
        if not self.over:
            return errors
        record = self.record()
        for index, seat in enumerate(self.seats):
            if seat.player is not None and seat.learner:
                sides = [self.side_of_seat(index)]
                if self.seats[1 - index].player is seat.player:
                    sides = [0, 1]
                try:
                    seat.player.learn(record, sides)
                except Exception as exc:  # a learner's bug must not end the app
                    errors.append(f"{seat.spec}: {exc}")
        return errors


def _forced_pass(state: Any) -> bool:
    """True when the only legal move of ``state`` is a pass (Othello, no placement)."""
    moves = state.legal_moves()
    return len(moves) == 1 and bool(getattr(moves[0], "is_pass", False))
