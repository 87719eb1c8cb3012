"""Looking back through a game without undoing it, and the evaluation graph over it.

:class:`Review` says which position of the match the board shows: the live one, or while
reviewing an index into ``match.states`` (0 = the start). Stepping never changes the match;
the game goes on from its live position when the review ends. :func:`evaluation_points` gives
one point per position for the graph: how good it looked for the side that moves first, from
the AI's own score where an AI chose the move played there, otherwise from an evaluation the
game declares, and the result itself at the end. :func:`record_of` and
:func:`match_from_record` turn a match into a game record (:mod:`game.record`) and back.
Nothing here draws: the play scene and its panel do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ai.base import Decision
from ai.registry import PlayerSpecError
from game.record import Record
from game.rules.base import RulesError
from game.rules.registry import Evaluation
from game.ui.reasoning import shown_scores, shown_unit
from game.ui.scenes.match import FIRST_CHOICES, HUMAN, Match, Seat, make_seat

#: Score kinds that say how good the move is for the mover (0 = even); other kinds (visits,
#: beads, probabilities of a random choice) say nothing of the position.
ADVANTAGE_KINDS = frozenset({"value", "exact", "discs", "q"})
#: Estimates are drawn below this, so a proven result (±1) always stands out above them.
ESTIMATE_CAP = 0.85

#: Where a point's value comes from.
FROM_AI = "ai"
FROM_EVALUATION = "evaluation"
FROM_RESULT = "result"


@dataclass(frozen=True)
class EvalPoint:
    """How position ``ply`` looked for the side that moves first: ``value`` in [-1, 1]
    (1: won for it, -1: lost), and where the value comes from (FROM_AI, FROM_EVALUATION or
    FROM_RESULT)."""

    ply: int
    value: float
    source: str


class Review:
    """Which position of ``match`` the board shows while looking back through the game."""

    def __init__(self, match: Match) -> None:
        self.match = match
        #: True while the game is reviewed (the board shows ``index``, the panel the graph).
        self.active = False
        #: The reviewed position's index in ``match.states`` (0: the start).
        self.index = 0

    @property
    def last(self) -> int:
        """The live position's index."""
        return len(self.match.states) - 1

    @property
    def shown(self) -> int:
        """The index of the position on the board."""
        return min(self.index, self.last) if self.active else self.last

    def state(self) -> Any:
        """The position on the board."""
        return self.match.states[self.shown]

    def show(self, index: int) -> None:
        """Review position ``index`` (clamped to the game)."""
        self.active = True
        self.index = max(0, min(index, self.last))

    def back(self) -> None:
        """One move back (entering the review from the live position)."""
        self.show(self.shown - 1)

    def forward(self) -> None:
        """One move forward (no further than the live position)."""
        if self.active:
            self.show(self.shown + 1)

    def leave(self) -> None:
        """Back to the live position: the game goes on from there."""
        self.active = False

    def move_into(self) -> Any:
        """The move that led to the shown position, or None at the start."""
        shown = self.shown
        return self.match.moves[shown - 1] if shown > 0 else None

    def decision_at(self) -> Decision | None:
        """The AI decision taken at the shown position (its scores explain the move played
        from there), or None where a person moved or no move was played yet."""
        shown = self.shown
        decisions = self.match.decisions
        return decisions[shown] if shown < len(decisions) else None


def _ai_value(decision: Decision | None, move: Any, mover: int) -> tuple[float, bool] | None:
    """The AI's own score of the move it played, for the side moving first, and whether it is
    a proven result; None when the decision has no such score."""
    if decision is None or decision.score_kind not in ADVANTAGE_KINDS:
        return None
    score = shown_scores(decision).get(move)
    if score is None:
        return None
    meaning = getattr(score, "meaning", None)
    sign = 1.0 if mover == 0 else -1.0
    if getattr(score, "proven", False) and meaning is not None:
        return sign * float(meaning.result), True
    try:
        value = float(score)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(value):
        return None
    return sign * value, False


def _evaluate(evaluation: Evaluation | None, state: Any) -> float | None:
    """``evaluation``'s value of ``state`` for the side moving first (None without one, or
    when the evaluation fails on this position)."""
    if evaluation is None:
        return None
    try:
        value = float(evaluation(state, 0))
    except Exception:  # a student's evaluation must not break the review
        return None
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class EvalGraph:
    """The evaluation graph's data: ``line`` joins one point per position that something
    judged (the evaluation where the game has one, else the AI's own scores; the result at
    the end); ``dots`` are the AI's own scores where an AI chose the move."""

    line: list[EvalPoint]
    dots: list[EvalPoint]
    #: The line's largest estimate as judged (in the evaluation's or the AI's own unit),
    #: drawn at ±:data:`ESTIMATE_CAP`: the graph's scale mark (0 when the line has none).
    scale: float = 0.0
    #: The unit of that scale, an ``Evaluation.unit`` code ("table_points", "discs"), None
    #: where nothing says it.
    unit: str | None = None
    #: Where an evaluation draws the line, the dots' own largest estimate (also drawn at
    #: ±:data:`ESTIMATE_CAP`) and its unit (None where nothing says it): the engine's dots in
    #: discs beside a scale in weight-table points (QA17 10). 0 where the dots are the line.
    dot_scale: float = 0.0
    dot_unit: str | None = None
    #: The AIs' dots are in several units, each on its own scale (no one scale to mark).
    mixed: bool = False


def evaluation_points(match: Match, evaluation: Evaluation | None) -> EvalGraph:
    """How every position of ``match`` looked for the side moving first.

    Where an AI chose the move played from a position, the AI's own score of that move is its
    value of the position (the best it found there): a dot. ``evaluation`` (unless None or
    neutral, 0 everywhere) judges every unfinished position: the line; without one, the line
    joins the AI's scores. A finished position is its result. The AI's estimates and the
    evaluation's are in different units, so each is scaled by its own largest value in the
    game to at most :data:`ESTIMATE_CAP`; proven results and the end are ±1 (0 for a draw).
    """
    if evaluation is not None and evaluation.neutral:
        evaluation = None
    judged: list[tuple[int, float, str]] = []
    ai: list[tuple[int, float, str]] = []
    ai_units: list[str] = []
    by_unit: dict[str | None, list[tuple[int, float, str]]] = {}
    for ply, state in enumerate(match.states):
        outcome = state.outcome
        if outcome is not None:
            winner = outcome.winner
            judged.append((ply, 0.0 if winner is None else (1.0 if winner == 0 else -1.0),
                           FROM_RESULT))
            continue
        if ply < len(match.moves):
            decision = match.decisions[ply]
            own = _ai_value(decision, match.moves[ply], state.to_move)
            if own is not None:
                value, proven = own
                ai.append((ply, value, FROM_RESULT if proven else FROM_AI))
                unit = None if proven or decision is None else shown_unit(decision)
                ai_units += [unit] if unit else []
                by_unit.setdefault(unit, []).append(ai[-1])
        value_of = _evaluate(evaluation, state)
        if value_of is not None:
            judged.append((ply, value_of, FROM_EVALUATION))
    unit = evaluation.unit if evaluation is not None else None
    ai_unit = ai_units[0] if len(set(ai_units)) == 1 else None
    # Dots in the line's own unit share its scale (the search's open lines and the line's
    # drawn on one scale); in another unit, each on its own, and the words say the dots'.
    shared = max(_largest(judged), _largest(ai)) if unit and ai_unit == unit else None
    # Two AIs in two units (the engine's discs, alpha-beta's weight-table points): each on
    # its own scale. On one, the engine's +14.8 discs stood near 0 beside ±352 points and
    # the picture said White led a game Black won 48-16 (QA19 31).
    # (The AI whose unit is the line's shares the line's scale.)
    mixed = len(set(ai_units)) > 1
    if mixed and unit in by_unit:
        shared = max(_largest(judged), _largest(by_unit[unit]))
    dots = (sorted((point for u, group in by_unit.items()
                    for point in _scaled(group, shared if u == unit else None)),
                   key=lambda p: p.ply) if mixed else _scaled(ai, shared))
    line = _scaled(judged, shared)
    scale = shared if shared is not None else _largest(judged)
    if evaluation is None:
        # Nothing else judges the positions: the line joins the AI's scores and the end,
        # in the AI's unit where all its estimates share one.
        line = sorted([*dots, *line], key=lambda p: p.ply)
        return EvalGraph(line, dots, 0.0 if mixed else _largest(ai), ai_unit, mixed=mixed)
    return EvalGraph(line, dots, scale, unit,
                     0.0 if shared is not None or mixed else _largest(ai), ai_unit, mixed)


def _largest(raw: list[tuple[int, float, str]]) -> float:
    """The largest size of the estimates in ``raw`` (results left out; 0 without any)."""
    return max((abs(v) for _p, v, source in raw if source != FROM_RESULT), default=0.0)


def _scaled(raw: list[tuple[int, float, str]], top: float | None = None) -> list[EvalPoint]:
    """Points in [-1, 1]: estimates divided by ``top`` (by default their largest size),
    results as they are."""
    top = _largest(raw) if top is None else top
    points = []
    for ply, value, source in raw:
        if source != FROM_RESULT:
            value = value / top * ESTIMATE_CAP if top > 0 else 0.0
        points.append(EvalPoint(ply, max(-1.0, min(1.0, value)), source))
    return points


def record_of(match: Match) -> Record:
    """The match as a game record: its setup, seats, who began and the moves so far."""
    specs = (match.seats[0].spec, match.seats[1].spec)
    return Record(match.setup, specs, match.first_seat, tuple(match.moves))


def match_from_record(record: Record) -> tuple[Match, list[str]]:
    """A match replaying ``record`` to its last position, and the reasons of any seat given to
    a person because its player cannot play here (an unknown player, a learner file gone)."""
    problems: list[str] = []
    seats: list[Seat] = []
    for spec in record.seats:
        try:
            seats.append(make_seat(spec, record.setup))
        except (PlayerSpecError, RulesError, ValueError) as exc:
            problems.append(str(exc))
            seats.append(Seat(HUMAN))
    match = Match(record.setup, (seats[0], seats[1]), FIRST_CHOICES[record.first_seat])
    for move in record.moves:
        match.play(move)
    return match, problems
