"""An AI decision told in words a class understands, for the play screen's reasoning box.

Players return a :class:`ai.base.Decision` with machine-facing details in ``info`` (counters,
flags, English phrases such as ``"win in 3"``). This module picks what a teacher would show,
says it in the current language and leaves out the internals (table sizes, bounds, budgets).
It never raises on an odd decision: a player written by a student may put anything in ``info``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ai.base import Decision, SearchProgress
from ai.bounds import Proven
from ai.othello_engine import EXACT, WLD
from game.ui.boards.base import (
    COUNT_FORMS,
    COUNT_KINDS,
    NEUTRAL_KINDS,
    ShownScore,
    decided_distance,
    format_score,
)
from game.ui.boards.chip_look import BOUND, PLAIN, SHALLOW, SHALLOW_BOUND, ChipLook
from game.ui.i18n import decimal, grouped, language, tr

#: Searches that reach the end of every line report this depth (ai.search.TO_THE_END and the
#: like): no class should read "looked 10000 moves ahead" on a heap of 17.
TO_THE_END_DEPTH = 1000

#: Rank keys of :class:`ShownScore`: every proven win above every estimate, every proven loss
#: below (estimates are far smaller than this in every game).
_PROVEN_KEY = 1e9

#: The Othello engine's scale: 100 evaluation points are about one disc, and a proven final
#: margin of m discs is scored ``m * 10000`` in its midgame search (ai.othello_search.PROVEN).
_POINTS_PER_DISC = 100.0
_PROVEN_PER_DISC = 10_000
#: Estimates this many discs below the best move's are drawn in the worst colour; closer ones
#: are greener (differences of a disc or two are within an estimate's noise, not blunders).
CLOSE_DISCS = 8.0

#: The English phrases the AIs put in ``info`` ("win in 3", "loss in 2 plies", "win by 4 discs",
#: "draw") and the translation key each becomes.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^win in (\d+)(?: ply| plies)?$"), "words.win_in"),
    (re.compile(r"^loss in (\d+)(?: ply| plies)?$"), "words.loss_in"),
    (re.compile(r"^win by (\d+) discs?$"), "words.win_by"),
    (re.compile(r"^loss by (\d+) discs?$"), "words.loss_by"),
    (re.compile(r"^win$"), "words.win"),
    (re.compile(r"^loss$"), "words.loss"),
    (re.compile(r"^draw$"), "words.draw"),
)

#: Nim's rules as :func:`ai.perfect.nim_rule_move` words them, and their translation keys.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^take (\d+) to leave a multiple of (\d+)$"), "rule.leave_multiple"),
    (re.compile(r"^take (\d+) to leave one more than a multiple of (\d+)$"),
     "rule.leave_multiple_plus_one"),
    (re.compile(r"^.* is lost against perfect play .*take 1 and wait for a mistake$"),
     "rule.lost_wait"),
    (re.compile(r"^leave a nim-sum of 0$"), "rule.nim_sum"),
    (re.compile(r"^leave an odd number of single matches$"), "rule.odd_singles"),
    (re.compile(r"^nim-sum already 0: lost against perfect play; take 1$"), "rule.nim_sum_lost"),
    (re.compile(r"^take (\d+), the smallest term of .*$"), "rule.zeckendorf"),
    (re.compile(r"^misere Fibonacci has no simple rule.*$"), "rule.no_rule"),
)


def plural(key: str, n: int, /, **fmt: Any) -> str:
    """``tr(key)`` with ``n``, using ``key + ".one"`` for a single thing when it exists
    ("1 pawn", "2 pawns"; French also uses the singular for 0). ``fmt`` may give ``n``
    another value where the text counts something else ("{k} of {n} moves", ``n`` the
    total)."""
    from game.ui.i18n import has

    single = n == 1 or (language() == "fr" and n == 0)
    values = {"n": n, **fmt}
    if single and has(key + ".one"):
        return tr(key + ".one", **values)
    return tr(key, **values)


def shown_count(label: str) -> int:
    """The count a number as shown ("+3", "−1.0", "0,6") stands for in the grammar of the
    words after it, for :func:`plural`. A whole number counts itself. A decimal is plural in
    English ("1.0 discs", "0.5 discs") and, in French, singular under 2 ("0,5 pion", "−1,0
    pion", "1,5 pion"; "2,5 pions"). A label that is not a number counts as plural."""
    digits = label.replace("\u2212", "").replace("\u00a0", "").lstrip("+-").replace(",", ".")
    try:
        value = abs(float(digits))
    except ValueError:
        return 2
    if "." not in digits:
        return int(value)
    return 1 if language() == "fr" and value < 2 else 2


def disc_amount(label: str) -> str:
    """A number of discs as shown, with the word in the number's grammar ("+1 disc",
    "−0.6 discs"; French "−1,0 pion")."""
    return plural("words.discs_amount", shown_count(label), x=label)


def phrase_words(phrase: object) -> str | None:
    """An AI's English verdict ("win in 3 plies", "loss by 2 discs", "draw") in the current
    language, or None when it is not one of the known phrases."""
    if not isinstance(phrase, str):
        return None
    text = phrase.strip()
    for pattern, key in _PHRASES:
        match = pattern.match(text)
        if match:
            if match.groups():
                return plural(key, int(match.group(1)))
            return tr(key)
    return None


def rule_words(rule: object) -> str | None:
    """Nim's rule in the current language (None for a rule this module does not know)."""
    if not isinstance(rule, str):
        return None
    for pattern, key in _RULES:
        match = pattern.match(rule.strip())
        if match:
            groups = match.groups()
            return tr(key, k=groups[0] if groups else "", m=groups[1] if len(groups) > 1 else "")
    return None


def estimate_unit(d: Decision) -> str | None:
    """The unit of a decision's estimates (``info["unit"]``, an ``Evaluation.unit`` code the
    searches and greedy report) when the texts say it in words, else None."""
    from game.ui.i18n import has

    unit = d.info.get("unit") if isinstance(d.info, dict) else None
    return unit if isinstance(unit, str) and has(f"unit.{unit}.name") else None


def shown_unit(d: Decision) -> str | None:
    """The unit ``d``'s estimates are shown in: the one it reports (see
    :func:`estimate_unit`), discs for the Othello engine's (shown in discs, see
    :func:`is_disc_estimate`), else None."""
    return estimate_unit(d) or ("discs" if is_disc_estimate(d) else None)


def unit_legend(unit: str, side: str, n: int | None = None) -> tuple[str, str]:
    """What an estimate in ``unit`` is for ``side``: the legend's words ("open lines for Red
    (estimate)") and its short form ("open lines for Red, estimated"), the unit's name in the
    grammar of a sample counting ``n`` (see :func:`shown_count`; None: the plural): "−1  lignes
    ouvertes" stood under the reasoning's "−1 ligne ouverte" (QA19 15). A unit may word its
    own (``unit.<code>.legend``: Nim's "no estimate: only wins and losses count"). What one
    point is, the unit's meaning, is a fact of the reasoning (:func:`unit_line`): in the
    legend it took the room of the colours' row at 200% of 1920x1080."""
    from game.ui.i18n import has

    name = plural(f"unit.{unit}.name", n) if n is not None else tr(f"unit.{unit}.name")
    own = f"unit.{unit}.legend"
    if has(own):
        return tr(own, side=side), tr(own + ".short", side=side)
    # A difference says so: "−3 open lines for O" read as a negative count (QA S12 31).
    key = "unit_versus" if has(f"unit.{unit}.versus") else "unit"
    return (tr(f"legend.{key}", unit=name, side=side),
            tr(f"legend.short.{key}", unit=name, side=side))


def _bound_words(key: str, d: Decision, side: str,
                 shown: Mapping[Any, float]) -> tuple[str, str]:
    """The legend's words and short words for an estimate ``d``'s search only bounded
    (``key``: at most or at least), naming the estimates' unit where no other label of
    ``shown`` is an estimate whose row names it: "≤+14 au plus : pas calculé" said nothing
    of +14 what, the Hexapawn engine's other labels being proven results (QA19 19)."""
    from game.ui.i18n import has

    short_key = key.replace("legend.", "legend.short.")
    unit = shown_unit(d)
    said = any(not isinstance(getattr(value, "meaning", None),
                              Proven | MarginBound | EstimateBound)
               for value in shown.values())
    if unit is None or said or has(f"unit.{unit}.legend"):
        return tr(key, side=side), tr(short_key)
    name = tr(f"unit.{unit}.name")
    return tr(key + "_unit", side=side, unit=name), tr(short_key + "_unit", unit=name)


def unit_line(d: Decision, side: str) -> str | None:
    """What one point of the decision's estimates counts, from ``side``'s view ("Scores in
    open lines: lines still open to Red minus the opponent's"); None without a unit, or for
    a unit whose legend says it all (Nim's "no estimate")."""
    from game.ui.i18n import has

    unit = estimate_unit(d)
    if unit is None or has(f"unit.{unit}.legend"):
        return None
    return tr("think.unit", unit=tr(f"unit.{unit}.name"),
              meaning=tr(f"unit.{unit}.meaning", side=side))


def value_words(value: float, kind: str, unit: str | None = None, side: str = "",
                other: str = "") -> str:
    """A move's score in words: "win in 3 moves" for a proven win, else the score's kind and
    number ("value +0.35", "12 visits"); an estimate with its ``unit`` (see
    :func:`estimate_unit`) says it ("−6 open lines"), and with the two sides' names that
    it is a difference where it is one ("−6 open lines (Red − Yellow)")."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return "?"
    if math.isnan(number):
        return "?"
    distance = decided_distance(number, kind)
    if distance is not None:
        if distance == 0:
            return tr("words.draw")
        key = "words.win_in" if distance > 0 else "words.loss_in"
        return plural(key, abs(distance))
    if kind == "exact" and round(number) == 0:
        return tr("words.draw")
    if kind == "exact":
        return tr("words.win") if number > 0 else tr("words.loss")
    if kind == "allowed":
        return tr("words.allowed") if number > 0 else tr("words.eliminated")
    label = format_score(number, kind, abs(number - round(number)) < 1e-9)
    if unit is not None and kind == "value":
        from game.ui.i18n import has

        key = f"unit.{unit}.versus" if other and has(f"unit.{unit}.versus") else f"unit.{unit}"
        return plural(key, shown_count(label), score=label, side=side, other=other)
    if not _known_kind(kind):
        return label
    return plural(f"words.kind.{kind}", shown_count(label), score=label)


def _known_kind(kind: str) -> bool:
    from game.ui.i18n import has

    return has(f"words.kind.{kind}")


def seconds_text(seconds: float) -> str:
    """Seconds with one decimal, in the language's way ("1.2", "1,2")."""
    return decimal(f"{seconds:.1f}")


def duration(seconds: float) -> str:
    """A thinking time short and readable: "< 1 ms", "35 ms", "1.2 s"."""
    if not isinstance(seconds, (int, float)) or seconds < 0.001:
        return tr("words.under_ms")
    if seconds < 1.0:
        return tr("words.ms", n=round(seconds * 1000))
    return tr("words.seconds", s=seconds_text(seconds))


def _count(n: object) -> str:
    """A whole number with the language's thousands separator ("1,488", "1 488"): English
    reasoning read "1 488 positions" beside the lab's "99,995" (QA19 5)."""
    try:
        return grouped(int(n))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return "?"


def _percent(x: object) -> str:
    """A share as a percentage, written the language's way ("62%", "62 %")."""
    try:
        return tr("words.percent", n=round(float(x) * 100))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "?"


def _minus(text: str) -> str:
    """A typographic minus sign instead of a hyphen (it reads better on a projector)."""
    return text.replace("-", "\u2212")


def _margin_label(margin: int) -> str:
    """A proven final disc difference: "+12", "\u22124", "0"."""
    return _minus(f"{margin:+d}") if margin else "0"


def whole_discs(discs: float) -> str:
    """An estimate in whole discs, the short form of "+15.7" for a narrow cell: "+16", "0"
    (halves away from zero, so +0.5 and -0.5 do not both read "0" beside "+1")."""
    whole = math.floor(abs(discs) + 0.5)
    return _margin_label(whole if discs > 0 else -whole)


def _proven_margin(margin: int) -> ShownScore:
    key = _PROVEN_KEY + margin if margin > 0 else -_PROVEN_KEY + margin if margin < 0 else 0.0
    return ShownScore(key, _margin_label(margin), True, Proven((margin > 0) - (margin < 0),
                                                               None, margin))


@dataclass(frozen=True)
class MarginBound:
    """A final disc margin the search bounded without working it out: at most ``margin``
    (``upper``) or at least ``margin``. An exact solve (PVS) works out its best move and only
    proves each other move no better: the board said a bare "L" for those, ranked above the
    chosen "\u221210" (QA, Othello endgame: green "L" beside a red "\u221210")."""

    margin: int
    upper: bool
    #: Drawn with a dashed outline, as every bound (see :mod:`game.ui.boards.chip_look`).
    look: ClassVar[ChipLook] = BOUND

    @property
    def result(self) -> int:
        """+1 or -1 when the bound decides who wins (at most a loss, at least a win), else 0
        (this meaning is only asked for on a :class:`ShownScore` marked proven)."""
        if self.upper and self.margin < 0:
            return -1
        return 1 if not self.upper and self.margin > 0 else 0


@dataclass(frozen=True)
class EstimateBound:
    """A search's estimate that is only a bound: at most (``upper``) or at least the value
    shown. Alpha-beta without its exact option proves the other moves no better than its
    choice and stops there."""

    upper: bool
    #: Drawn with a dashed outline (see :mod:`game.ui.boards.chip_look`): the short form
    #: drops the "\u2264" where a cell has no room for it, the outline stays.
    look: ClassVar[ChipLook] = BOUND


@dataclass(frozen=True)
class Shallower:
    """A move's estimate from ``depth`` moves ahead, one less than the chosen move's: the
    clock cut the last depth short before this move's turn. ``upper``: where the value of
    that depth was itself only a bound, True for at most ("\u2264\u22124 only 8 moves
    ahead"), False for at least; None for a value."""

    depth: int
    upper: bool | None = None

    @property
    def look(self) -> ChipLook:
        """Lighter, as every shallow estimate, and dashed too when it is a bound (see
        :mod:`game.ui.boards.chip_look`): the 6-deep "+11" beside the chosen "\u22122.5" read
        as a better move left unplayed (QA17 7)."""
        return SHALLOW if self.upper is None else SHALLOW_BOUND


#: The names the searches give a root move's value that is only a bound (ai.othello_engine's
#: and ai.bounds.FLAG_NAMES): True for an upper bound.
_BOUND_FLAGS = {"at most": True, "upper bound": True, "at least": False, "lower bound": False}


def _margin_bound(raw: object, flag: object, kind: str, estimate: bool) -> ShownScore | None:
    """A move's proven final margin that is only a bound, as "\u2264\u221214" (loses by at least 14)
    or "\u2265+2", ranked just under (or over) the exact margin it bounds; None when ``flag``
    names no bound or the value is no margin (an estimate's bound is shown as the estimate)."""
    upper = _BOUND_FLAGS.get(flag) if isinstance(flag, str) else None
    value = _number(raw)
    if upper is None or value != raw:  # not a finite number
        return None
    if kind == "discs":
        margin = round(value)
    elif estimate and abs(value) >= _PROVEN_PER_DISC:
        margin = int(value / _PROVEN_PER_DISC)  # toward 0: still a true bound
    else:
        return None
    bound = MarginBound(margin, upper)
    exact = float(_proven_margin(margin))
    key = exact - 0.5 if upper else exact + 0.5
    label = _bound_mark(upper) + _margin_label(margin)
    return ShownScore(key, label, bound.result != 0, bound)


def _bound_mark(upper: bool) -> str:
    """The sign before a bound's label: "≤" for at most, "≥" for at least."""
    return "\u2264" if upper else "\u2265"


def _bound_key(bound: MarginBound) -> str:
    """The legend's words for a margin bound: "legend.bound.most_loss" (at least n behind)..."""
    side = "win" if bound.margin > 0 else "loss" if bound.margin < 0 else "draw"
    return f"legend.bound.{'most' if bound.upper else 'least'}_{side}"


def _distance_score(value: float, kind: str) -> ShownScore | None:
    """A proven "win/loss in n moves" as a ShownScore (quicker wins rank higher), else None."""
    distance = decided_distance(value, kind)
    if distance is None:
        return None
    if distance == 0:
        return _from_proven(Proven(0))
    return _from_proven(Proven(1 if distance > 0 else -1, abs(distance)))


def _from_proven(result: Proven) -> ShownScore:
    """A proven result as the board shows it: the final difference where the game has one
    ("+12"), else "W5"/"L2" (win or loss in so many moves), "=" for a draw."""
    if result.margin is not None:
        return _proven_margin(result.margin)
    if result.result == 0:
        return ShownScore(0.0, "=", True, result)
    if result.plies is None:
        letter = "score.win_letter" if result.result > 0 else "score.loss_letter"
        return ShownScore(_PROVEN_KEY * result.result, tr(letter), True, result)
    key = "score.win_short" if result.result > 0 else "score.loss_short"
    rank = (_PROVEN_KEY - result.plies) if result.result > 0 else (-_PROVEN_KEY + result.plies)
    return ShownScore(rank, tr(key, n=result.plies), True, result)


def is_disc_estimate(d: Decision) -> bool:
    """True for the Othello engine's midgame decisions, scored in evaluation points."""
    units = d.info.get("units") if isinstance(d.info, dict) else None
    return isinstance(units, str) and units.startswith("evaluation")


#: The label of a move a search did not work out (see :func:`shown_scores`).
UNSETTLED = "?"


def shown_scores(d: Decision) -> dict[Any, float]:
    """The decision's scores as the board shows them, each in the unit the legend states.

    Proven results become :class:`ShownScore` labels: "W5"/"L2" (win or loss in so many
    moves), "=" (a proven draw), "+12" (a final disc difference with perfect play, Othello);
    the Othello engine's estimates become discs with one decimal ("+1.3"). Other kinds (visits,
    beads, Q-values...) are left as they are for :func:`game.ui.boards.base.score_labels`.
    A score that is not a number is kept: the board shows it as "?". A forced move's none.
    """
    if not isinstance(d.scores, dict):
        return {}
    if isinstance(d.info, dict) and isinstance(d.info.get("forced"), str):
        # A forced move (the engine's only legal one) was not estimated: its "0" read as a
        # draw beside a won game, and the legend called it an estimate (QA 8).
        return {}
    kind = d.score_kind
    estimate = is_disc_estimate(d)
    shown: dict[Any, float] = {}
    integral = all(abs(_number(v) - round(_number(v))) < 1e-9 for v in d.scores.values())
    claims = d.proven if isinstance(getattr(d, "proven", None), dict) else {}
    flags = d.info.get("bounds") if isinstance(d.info, dict) else None
    flags = flags if isinstance(flags, dict) else {}
    for move, raw in d.scores.items():
        bound = _margin_bound(raw, flags.get(str(move)), kind, estimate)
        if bound is not None:
            shown[move] = bound
            continue
        result = claims.get(move)
        if isinstance(result, Proven):
            # The player says what it proved: no float is decoded.
            shown[move] = _from_proven(result)
            continue
        try:
            value = float(raw)
        except (TypeError, ValueError):
            shown[move] = raw
            continue
        if not math.isfinite(value):
            shown[move] = value
            continue
        if kind == "discs":
            shown[move] = _proven_margin(round(value))
        elif estimate:
            if abs(value) >= _PROVEN_PER_DISC:
                margin = int(value / _PROVEN_PER_DISC)
                shown[move] = _proven_margin(margin)
            else:
                discs = value / _POINTS_PER_DISC
                label = decimal(_minus(f"{discs:+.1f}") if round(discs, 1) != 0 else "0.0")
                upper = _BOUND_FLAGS.get(flags.get(str(move), ""))
                if upper is None:
                    shown[move] = ShownScore(discs, label, close=CLOSE_DISCS,
                                             short=whole_discs(discs))
                else:
                    # Only a bound: "+2" beside the chosen "+3" read "almost as good" (QA
                    # S14, re-check of af914af); "≤+2.5" says the search proved no more.
                    mark = _bound_mark(upper)
                    shown[move] = ShownScore(discs, mark + label, close=CLOSE_DISCS,
                                             meaning=EstimateBound(upper), neutral=True,
                                             short=mark + whole_discs(discs))
        elif kind in ("value", "exact"):
            decided = _distance_score(value, kind)
            upper = _BOUND_FLAGS.get(flags.get(str(move), ""))
            if decided is None and upper is not None:
                # Alpha-beta proved only that this move is no better (or no worse) than this:
                # shown as a value, six columns read "−3, all equal" and mirror-image moves
                # "−1" and "+1" (Connect 4 vs the engine, QA S14 9).
                # (Ranked at its value: an offset key made the board write "−6.00" beside it.)
                label = format_score(value, kind, integral)
                # Neutral: bounds do not rank the moves among themselves (mirror-image
                # columns read "≤−1" and "≤+1"; in colours, c worse than e).
                # Its short form, the number alone, for a board whose cells cannot hold the
                # mark at a readable size (Connect 4 9x8 at 200%: no score drawn, QA S15 3);
                # the legend's sample is then the same and its words say it is a bound.
                shown[move] = ShownScore(value, _bound_mark(upper) + label,
                                         meaning=EstimateBound(upper), neutral=True,
                                         short=label)
            else:
                shown[move] = decided if decided is not None else value
        else:
            shown[move] = value
    if not any(isinstance(v, ShownScore) and isinstance(v.meaning, Proven)
               and v.meaning.margin is not None for v in shown.values()):
        # Bounds alone (the exact solve ran out of time before its first move): none is
        # known to be better than another, so none is drawn in a colour that says so.
        for move, value in shown.items():
            if isinstance(value, ShownScore) and isinstance(value.meaning, MarginBound):
                shown[move] = ShownScore(float(value), value.label, value.proven,
                                         value.meaning, neutral=True)
    shallower = d.info.get("shallower") if isinstance(d.info, dict) else None
    if isinstance(shallower, list) and d.depth:
        # A depth the clock cut short: the moves it did not reach keep their values of the
        # depth before, which with Othello's odd/even swing may stand above the chosen move's.
        # Drawn neutral, so none reads as better than the move played.
        names = {str(move) for move in shallower}
        for move, value in shown.items():
            if str(move) not in names:
                continue
            if isinstance(value, ShownScore):
                if not value.proven:
                    upper = (value.meaning.upper if isinstance(value.meaning, EstimateBound)
                             else None)
                    shown[move] = ShownScore(float(value), value.label, False,
                                             Shallower(d.depth - 1, upper), neutral=True,
                                             short=value.short)
            elif isinstance(value, float) and math.isfinite(value):
                # The generic engine's (Connect 4's) exact values are plain numbers: a "+6"
                # of the depth before drawn green beside the chosen move's "−4" one depth
                # deeper read as a better move left unplayed.
                shown[move] = ShownScore(value, format_score(value, kind, integral),
                                         meaning=Shallower(d.depth - 1), neutral=True)
    if any(isinstance(c, Proven) and c.result > 0 for c in claims.values()):
        # A search that proved a win stops there: the other moves keep what its shallowest
        # pass gave them, a point count of another unit (Nim's engine drew a red "0" beside
        # "W1" where taking 1 loses). Say they were not worked out.
        for move, value in shown.items():
            if not isinstance(value, ShownScore) and kind in ("value", "exact"):
                shown[move] = ShownScore(_number(value), UNSETTLED, neutral=True)
    return shown


@dataclass(frozen=True)
class LegendRow:
    """One line of the score legend: a label as the board draws it and what it means."""

    sample: str
    words: str
    colour: str = "text"
    """The theme colour name of the sample: "text" for a score (on the board its colour is
    its rank among the moves shown, not its meaning), "score_good"/"score_bad" for the
    elimination learner's marks."""
    short: str = ""
    """The same meaning in a few words ("Black loses in 2"), for a legend that has no room
    for every row's words (see :func:`compact_legend`); empty: the words themselves."""
    parts: tuple[tuple[str, str, str, ChipLook], ...] = ()
    """For the legend as one paragraph (see :func:`packed_legend`): each kind's sample, few
    words and colour, so the samples are drawn bold in their colour as in the rows."""
    look: ChipLook = PLAIN
    """How the board draws the sample's chip (a bound dashed, a shallow estimate lighter;
    see :mod:`game.ui.boards.chip_look`): the legend draws its sample so."""
    optional: bool = False
    """A row with no sample kept in few words only where room is left (the colours' scale
    where the moves do not all lose): it never makes the legend smaller, as the colours'
    row where every move lost does (see play_legend.strict_passes), and the legend's
    paragraph leaves it out."""


def scoped_rows(rows: list[LegendRow], scope: str | None) -> list[LegendRow]:
    """``rows`` with the first one saying what each label stands for (``scope``: an i18n key,
    see BoardView.label_scope; None: one move, ``rows`` as they are), in its words and its
    few words: Morpion's moving phase has one label per empty square, the best of the moves
    ending there, and "P2 O loses in 2 moves" read as moving any piece there loses (QA20 9).
    Inside a closing bracket, not a second one."""
    if not scope or not rows:
        return rows
    first = rows[0]
    inside = first.words.endswith(")")
    words = tr(f"{scope}_inside" if inside else scope,
               words=first.words[:-1] if inside else first.words)
    short = tr(scope.replace("legend.", "legend.short."), words=first.short or first.words)
    return [replace(first, words=words, short=short), *rows[1:]]


def labelled_only(d: Decision, labelled: Collection[Any] | None) -> Decision:
    """``d`` with only the scores of the moves in ``labelled`` (the board's last drawing
    labelled these, see :attr:`BoardView.labelled`), ``d`` itself when None."""
    if labelled is None or not isinstance(d.scores, dict):
        return d
    proven = d.proven if isinstance(getattr(d, "proven", None), dict) else {}
    return replace(d, scores={m: v for m, v in d.scores.items() if m in labelled},
                   proven={m: p for m, p in proven.items() if m in labelled})


def score_legend(d: Decision, mover: str, short_counts: bool = False,
                 labelled: Collection[Any] | None = None,
                 full: Collection[Any] = ()) -> list[LegendRow]:
    """What the labels on the board mean, in words, from the mover's side ("W5: Black wins in 5
    moves whatever the opponent does"): one row per kind of label this decision shows. With
    ``short_counts`` (the board wrote its labels shorter: counts in thousands, estimates in
    whole discs, values with one decimal fewer) the samples are written so, a count's words
    say what "k" is and a disc estimate's that it is rounded. With ``labelled``, only the
    labels of those moves (what the board shows; see :func:`labelled_only`). ``full``: the
    moves the board wrote in full although it shortened others (Othello keeps some decimals):
    their samples are full ("\u22125 \u2026 rounded" beside the board's "\u22124.8" said a form the
    board did not draw, the last closing note)."""
    whole = shown_scores(d)
    # The moves the colours call best, in the whole decision (the board ranks among it).
    top = max((_number(v) for v in whole.values()), default=0.0)
    greens = {m for m, v in whole.items() if _number(v) >= top}
    d = labelled_only(d, labelled)
    rows: list[LegendRow] = []
    groups: dict[str, LegendRow] = {}

    def add(group: str, row: LegendRow) -> None:
        if group not in groups:
            groups[group] = row
            rows.append(row)

    shown = shown_scores(d)
    kind = d.score_kind
    ordered = sorted(shown.items(), key=lambda kv: -_number(kv[1]))
    for move, value in ordered:
        meaning = value.meaning if isinstance(value, ShownScore) else None
        short_here = short_counts and move not in full
        if isinstance(value, ShownScore) and isinstance(meaning, MarginBound):
            key = _bound_key(meaning)
            add(key, LegendRow(value.label, plural(key, abs(meaning.margin), side=mover),
                               short=plural(key.replace("legend.", "legend.short."),
                                            abs(meaning.margin), side=mover),
                               look=meaning.look))
        elif isinstance(value, ShownScore) and isinstance(meaning, Proven):
            if meaning.margin is not None and meaning.margin > 0:
                add("margin_win", LegendRow(value.label, plural(
                    "legend.margin_win", meaning.margin, side=mover), short=plural(
                    "legend.short.margin_win", meaning.margin, side=mover)))
            elif meaning.margin is not None and meaning.margin < 0:
                add("margin_loss", LegendRow(value.label, plural(
                    "legend.margin_loss", -meaning.margin, side=mover), short=plural(
                    "legend.short.margin_loss", -meaning.margin, side=mover)))
            elif meaning.margin is not None:
                add("draw", LegendRow(value.label, tr("legend.margin_draw"),
                                      short=tr("legend.short.draw")))
            elif meaning.result == 0:
                add("draw", LegendRow(value.label, tr("legend.draw"),
                                      short=tr("legend.short.draw")))
            elif meaning.plies is None:
                key = "legend.win_sure" if meaning.result > 0 else "legend.loss_sure"
                add(key, LegendRow(value.label, tr(key, side=mover),
                                   short=tr(key.replace("legend.", "legend.short."),
                                            side=mover)))
            elif meaning.result > 0:
                add("win", LegendRow(value.label, plural("legend.win", meaning.plies,
                                                         side=mover),
                                     short=plural("legend.short.win", meaning.plies,
                                                  side=mover)))
            else:
                add("loss", LegendRow(value.label, plural("legend.loss", meaning.plies,
                                                          side=mover),
                                      short=plural("legend.short.loss", meaning.plies,
                                                   side=mover)))
        elif isinstance(value, ShownScore) and isinstance(meaning, EstimateBound):
            key = "legend.estimate_at_most" if meaning.upper else "legend.estimate_at_least"
            words, short = _bound_words(key, d, mover, shown)
            # As the board wrote it: "≤−6" beside "−6", not "≤−5.7" (real window, Othello).
            add(key, LegendRow(_sample(value, short_here), words, "text", short,
                               look=meaning.look))
        elif isinstance(value, ShownScore) and isinstance(meaning, Shallower):
            # A shallow bound has its own look, so its own row ("\u2264\u22124 at most, only
            # 8 moves ahead" beside "+11 only 8 moves ahead").
            key = ("legend.shallower" if meaning.upper is None else
                   f"legend.shallower_at_{'most' if meaning.upper else 'least'}")
            add(key, LegendRow(_sample(value, short_here), plural(key, meaning.depth), "text",
                               plural(key.replace("legend.", "legend.short."), meaning.depth),
                               look=meaning.look))
        elif isinstance(value, ShownScore) and value.neutral:
            add("unsettled", LegendRow(value.label, tr("legend.unsettled"), "text",
                                       tr("legend.short.unsettled")))
        elif isinstance(value, ShownScore) and short_here and value.short:
            # The board wrote the estimates in whole discs (see boards.base.score_labels).
            # ("+1 disc ahead", not "+1 discs", QA S16 re-check of 28ad4ef.)
            n = _whole_count(value.short)
            add("estimate_whole", LegendRow(value.short, plural("legend.disc_estimate_whole", n,
                                                          side=mover),
                                      "text", plural("legend.short.disc_estimate_whole", n,
                                                     side=mover)))
        elif isinstance(value, ShownScore):
            n = _whole_count(value.label)
            add("estimate", LegendRow(value.label, plural("legend.disc_estimate", n,
                                                          side=mover),
                                      "text", plural("legend.short.disc_estimate", n,
                                                     side=mover)))
        elif kind == "allowed":
            for row in _allowed_rows(d, shown):
                add(row.sample, row)
        elif kind == "value" and _untrained(d):
            add("untrained", LegendRow(value.label if isinstance(value, ShownScore) else "0",
                                       tr("legend.q_untrained", side=mover),
                                       short=tr("legend.short.q_untrained")))
        elif kind in ("value", "exact"):
            label = format_score(_number(value), "value",
                                 all(abs(_number(v) - round(_number(v))) < 1e-9
                                     for v in shown.values()), 1 if short_counts else 0)
            unit = estimate_unit(d)
            if unit is not None:
                # What a point is (QA 15/43: "−6" beside "−11" said nothing of how much
                # better): the evaluation's unit and its meaning, from the mover's side.
                # In the grammar of the label shown, by the reasoning's rule ("+1,50 ligne
                # ouverte", "1.00 open lines"): from the raw score "+1,50 lignes ouvertes"
                # stood under "+1,50 ligne ouverte" (review R2).
                words, short = unit_legend(unit, mover, shown_count(label))
                add("points", LegendRow(label, words, short=short))
            else:
                add("points", LegendRow(label, tr("legend.points", side=mover),
                                        short=tr("legend.short.points", side=mover)))
        elif kind in _KIND_LEGENDS:
            integral = all(abs(_number(v) - round(_number(v))) < 1e-9 for v in shown.values())
            key = _KIND_LEGENDS[kind]
            if kind == "q" and not any(_number(v) for v in shown.values()):
                # Every Q-value 0: no result has reached these moves, or each draws with
                # best play (the seed's form subtracts the opponent's best value): Morpion
                # 3x3's nine openings after any training read as "it learned nothing"
                # beside "above 0 leads to a win, below 0 to a loss" (QA S12 36).
                key = "legend.q_zero"
                info = d.info if isinstance(d.info, dict) else {}
                if _int(info.get("games_trained", 1)) == 0:
                    key = "legend.q_untrained"  # the true reason, said (QA S14 2)
                elif info.get("draws") is False:
                    key = "legend.q_zero_no_draw"  # Hexapawn, Nim: no draw to speak of
            words = tr(key, side=mover)
            # The sample then its few words: "1 disc flipped", not "1 discs flipped" (QA S15).
            count = _number(value)
            short = (plural(key.replace("legend.", "legend.short."), int(count), side=mover)
                     if integral and count == round(count) else
                     tr(key.replace("legend.", "legend.short."), side=mover))
            if short_counts and kind in COUNT_KINDS and integral and abs(_number(value)) >= 1000:
                # The board may write a count in thousands ("2k", see
                # boards.base.fitted_labels): the sample does, and the words say so.
                add(kind, LegendRow(format_score(_number(value), kind, True, COUNT_FORMS),
                                    f"{words} {tr('legend.thousands')}",
                                    short=f"{short} {tr('legend.thousands')}"))
            else:
                add(kind, LegendRow(format_score(_number(value), kind, integral,
                                                 1 if short_counts else 0), words,
                                    short=short))
    if "estimate" in groups and "estimate_whole" in groups:
        # Some estimates in full, some rounded (Othello keeps some decimals where rounding
        # would make two scores read alike): one row, the full sample, that says both.
        rows.remove(groups["estimate_whole"])
        full_row = groups["estimate"]
        rows[rows.index(full_row)] = LegendRow(
            full_row.sample, tr("legend.disc_estimate_mixed", side=mover), "text",
            tr("legend.short.disc_estimate_mixed", side=mover))
    if rows:
        # A random player's numbers judge nothing: one neutral colour, and words that say so.
        # Scores all alike are drawn in one colour too (see boards.base.score_labels): the
        # legend explained a green-to-red scale over seven amber "0" labels in Connect 4.
        if kind in NEUTRAL_KINDS:
            key = "legend.colours_neutral"
        elif len(_distinct(shown.values())) <= 1:
            key = "legend.colours_alike"
        else:
            key = "legend.colours"
        best = ordered[0][1] if ordered else None
        # (Said only while the green one is drawn: after the pause the played move's label
        # went and the legend spoke of a green no longer on the board, QA S16 16.)
        lost = (isinstance(best, ShownScore) and isinstance(best.meaning, Proven)
                and best.meaning.result < 0 and key == "legend.colours"
                and (labelled is None or bool(greens & set(labelled))))
        # Every move lost: its few words keep the colours' row (a legend in few words left a
        # loss drawn green unexplained, Connect 4 4x4 vs Perfect at 200%, QA S15). Else, in
        # few words where room is left: at 200% the scale was said nowhere (QA S15).
        if lost:
            rows.append(LegendRow("", tr(key), short=tr("legend.short.colours_lost")))
        elif key == "legend.colours":
            rows.append(LegendRow("", tr(key), short=tr("legend.short.colours"),
                                  optional=True))
        else:
            rows.append(LegendRow("", tr(key)))
    return rows


def _untrained(d: Decision) -> bool:
    """Whether ``d`` is a learner's that has learnt nothing: no game trained, every value 0."""
    info = d.info if isinstance(d.info, dict) else {}
    return ("games_trained" in info and _int(info.get("games_trained")) == 0
            and not any(_number(v) for v in d.scores.values()))


def _whole_count(label: str) -> int:
    """How many a label such as "+1" or "−3" counts, for its words' plural; 2 (plural) for a
    label with a decimal or a sign of bound ("+1.5", "≤+1")."""
    digits = label.replace("\u2212", "").lstrip("+-")
    return abs(int(digits)) if digits.isdigit() else 2


def _sample(value: ShownScore, short_counts: bool) -> str:
    """A label as the board wrote it: its short form where the board used short forms."""
    return value.short if short_counts and value.short else value.label


def compact_legend(rows: list[LegendRow]) -> list[LegendRow]:
    """The legend in few words, for a place too small for ``rows`` whole: each kind of label
    on the board kept, beside its short words (:attr:`LegendRow.short`); the colours' row
    left out (the colours rank the numbers, they name no kind). Where even that leaves a
    row out, :func:`packed_legend`. Dropping the later rows left Hexapawn's "L2", Nim's
    "P" and "P8" on the board with no words at 200% of 1024x768."""
    return [LegendRow(row.sample, row.short or row.words, row.colour, row.short,
                      look=row.look, optional=row.optional)
            for row in rows if row.sample or row.short]


def packed_legend(rows: list[LegendRow]) -> list[LegendRow]:
    """Every kind of label and its short words as one paragraph ("W5 Black wins in 5 · L2
    Black loses in 2"), which wraps as it needs: the last form of the legend, when not even
    one line per kind fits (see :func:`compact_legend`)."""
    kept = [row for row in compact_legend(rows) if not row.optional]
    entries = [f"{row.sample} {row.words}".strip() for row in kept]
    parts = tuple((row.sample, row.words, row.colour, row.look) for row in kept)
    return [LegendRow("", " \u00b7 ".join(entries), parts=parts)] if entries else []


def _distinct(values: Iterable[object]) -> set[float]:
    """The distinct numbers among ``values`` (infinities kept, non-numbers left out), as
    the board's colour scale ranks them."""
    numbers: set[float] = set()
    for value in values:
        try:
            number = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            continue
        if not math.isnan(number):
            numbers.add(number)
    return numbers


def _allowed_rows(d: Decision, shown: dict[Any, float]) -> list[LegendRow]:
    """The elimination learner's marks explained, each beside its own sample, in the colour
    the board draws it (one colour when every move is alike), only the marks on the board.
    When every move is eliminated the ✗ row says it plays one at random anyway: "never played
    again" beside the ✗ move it was playing contradicted the board (QA S12 5)."""
    alike = len(_distinct(shown.values())) <= 1
    marks = {_positive(v) for v in shown.values()}
    rows: list[LegendRow] = []
    if True in marks:
        rows.append(LegendRow("\u2713", tr("legend.allowed"),
                              "highlight" if alike else "score_good",
                              tr("legend.short.allowed")))
    if False in marks:
        every = isinstance(d.info, dict) and bool(d.info.get("all_eliminated"))
        key = "legend.eliminated_all" if every else "legend.eliminated"
        rows.append(LegendRow("\u2717", tr(key), "highlight" if alike else "score_bad",
                              tr(key.replace("legend.", "legend.short."))))
    return rows


#: The legend line of each kind of score that is not a result or an estimate.
_KIND_LEGENDS: dict[str, str] = {
    "visits": "legend.visits",
    "beads": "legend.beads",
    "q": "legend.q",
    "probability": "legend.probability",
    "flips": "legend.flips",
    "cost": "legend.cost",
}


#: The Othello engine's ``info["solved"]`` for a solve that reached the end of every line.
_SOLVED_KINDS = (EXACT, WLD)


def depth_line(d: Decision) -> str | None:
    """How far the search looked, or None for a player that does not search."""
    if not d.depth:
        return None
    # ("1 position": "1 positions" read at the end of a game, QA S15 17.)
    counted = plural("live.nodes", d.nodes, n_text=_count(d.nodes))
    time = duration(d.elapsed)
    if d.depth >= TO_THE_END_DEPTH:
        return tr("think.to_the_end_count", counted=counted, time=time)
    info = d.info if isinstance(d.info, dict) else {}
    if (info.get("leaves") == 0 and not info.get("to_the_end") and not info.get("timed_out")
            and not info.get("stopped")):
        # Every line ended with the game before the depth asked for: "Looked 4 moves ahead"
        # on Othello 4x4's last empty square (QA S16 4).
        return tr("think.to_the_end_count", counted=counted, time=time)
    if info.get("solved") in _SOLVED_KINDS:
        # The Othello engine's endgame solve: "Looked 11 moves ahead" with 11 empty squares
        # and a proven "loses by 4 discs" never said it reached the end (QA17 12).
        return tr("think.to_the_end_count", counted=counted, time=time)
    # "To the end" in the same fact as the depth: as a fact of its own it took the room of
    # alpha-beta's cut-offs and memory at 200% (QA S13 1).
    key = "think.depth_end" if info.get("to_the_end") else "think.depth"
    return plural(key, d.depth, counted=counted, time=time)


def mcts_cut_line(info: dict[str, Any]) -> str | None:
    """Monte Carlo's playouts cut short by its time cap, said plainly with the count and the
    win rate ("Stopped by the clock after 3 s: 3 362 of the 200 000 random games asked for;
    this move won 62%"); None when it played them all.
    Without this a seat reading "200 k" beside "played 3 362" looks like a bug."""
    cap = info.get("time_capped")
    if not isinstance(cap, (int, float)) or isinstance(cap, bool):
        return None
    done = _int(info.get("iterations", 0))
    planned = info.get("planned")
    rate = _percent(info.get("win_rate", 0.0))
    if isinstance(planned, int) and not isinstance(planned, bool) and planned > done:
        return tr("think.mcts_capped", time=duration(float(cap)), n=_count(done),
                  planned=_count(planned), rate=rate)
    return tr("think.mcts_capped_bare", time=duration(float(cap)), n=_count(done), rate=rate)


#: Why the Othello engine stopped (``info["stopped"]`` of ai.othello_engine) and the key that
#: says it; the natural ends (proven, solved, opening book) need no line.
_ENGINE_STOPS: dict[str, str] = {
    "time budget": "think.stop_clock",
    "next depth would not finish in time": "think.stop_clock_soon",
    "one move clearly best": "think.stop_clear",
    "depth limit": "think.stop_depth",
}


def random_pick_line(d: Decision, move_text: Callable[[Any], str] = str) -> str | None:
    """Why a beginners' level played a move other than its best-scored one: "Level 2 picks at
    random among the 3 moves within 0.6 discs of the best (e3)"; None when it played its
    best."""
    info = d.info if isinstance(d.info, dict) else {}
    pick = info.get("random_pick")
    if not isinstance(pick, dict):
        return None
    slack = _number(pick.get("slack", 0)) / _POINTS_PER_DISC
    return plural("think.random_pick", _int(pick.get("among", 0)),
                  level=_int(info.get("level", 0)), x=disc_amount(decimal(f"{slack:g}")),
                  best=pick_best(d, move_text))


def pick_best(d: Decision, move_text: Callable[[Any], str] = str) -> str:
    """The best-scored move of a decision that played another at random (see
    :func:`random_pick_line`), in words."""
    info = d.info if isinstance(d.info, dict) else {}
    pick = info.get("random_pick")
    name = pick.get("best") if isinstance(pick, dict) else None
    best = next((m for m in d.scores if str(m) == name), name)
    return move_text(best)


def stop_line(d: Decision) -> str | None:
    """Why a search stopped where it did, when it is not the end of the game: the clock
    (with the depth it had asked for when known), the depth limit, or one move clearly best.
    Depth limits and time cuts read differently: a class must not take a cut for a choice."""
    info = d.info if isinstance(d.info, dict) else {}
    asked = info.get("depth_asked")
    asked_depth = (asked if isinstance(asked, int) and not isinstance(asked, bool)
                   and 0 < asked < TO_THE_END_DEPTH else None)
    stopped = info.get("stopped")
    key = _ENGINE_STOPS.get(stopped) if isinstance(stopped, str) else None
    if key is None and info.get("timed_out"):
        key = "think.stop_clock"
    if key is None:
        return None
    if key == "think.stop_depth":
        return plural(key, d.depth) if d.depth else None
    searched = info.get("moves_searched")
    if key == "think.stop_clock" and isinstance(searched, int) and isinstance(d.scores, dict):
        # Searched to the end, the clock ran out before every first move was finished.
        total = len(d.scores)
        if 0 < searched < total:
            return tr("think.stop_clock_moves", k=searched, n=total)
    if asked_depth is not None and d.depth and d.depth < asked_depth:
        return tr(key + "_of", n=d.depth, asked=asked_depth)
    if asked is not None and not asked_depth and d.depth and d.depth < TO_THE_END_DEPTH:
        return tr(key + "_end", n=d.depth)
    return tr(key)


def part_line(d: Decision) -> str | None:
    """How far a depth the clock cut short got ("1 of the 9 moves searched 4 moves ahead,
    the others 3"): its answer is the best of those (the previous best is searched first);
    the others keep their values of the depth before. None for a depth finished. A fact of
    its own after the depth: in the stop's fact it took the room of the second fact at 200%."""
    info = d.info if isinstance(d.info, dict) else {}
    part = info.get("depth_moves")
    if (isinstance(part, list) and len(part) == 2 and all(isinstance(x, int) for x in part)
            and 0 < part[0] < part[1] and d.depth):
        return tr("think.part_line", k=part[0], total=part[1], n=d.depth, less=d.depth - 1)
    return None


def thinking_line(progress: SearchProgress | None,
                  move_text: Callable[[Any], str] = str) -> str | None:
    """The engine line shown while an AI searches: depth, best move so far with its score in
    the board's unit, positions searched and time ("Depth 7 · best d3 (+1.3) · 120 345
    positions · 1.2 s"); None before the search has found anything."""
    if progress is None or progress.best is None:
        return None
    if progress.score_kind == "win_rate":
        return _simulations_line(progress, move_text)
    parts: list[str] = []
    if progress.depth >= TO_THE_END_DEPTH:
        parts.append(tr("live.to_the_end"))
    elif progress.depth > 0:
        # The depth it works on (its first move not finished yet: the best is the depth
        # before's, as when a depth is part searched).
        parts.append(tr("live.depth", n=_looking(progress)))
    best = move_text(progress.best)
    if progress.score is not None:
        probe = Decision(move=progress.best, scores={progress.best: progress.score},
                         score_kind=progress.score_kind,
                         info={"units": progress.units} if progress.units else {})
        shown = shown_scores(probe).get(progress.best)
        label = (shown.label if isinstance(shown, ShownScore)
                 else decimal(format_score(_number(shown), progress.score_kind, False)))
        parts.append(tr("live.best_scored", move=best, score=label))
    else:
        parts.append(tr("live.best", move=best))
    parts.append(plural("live.nodes", progress.nodes, n_text=_count(progress.nodes)))
    parts.append(duration(progress.elapsed))
    return " \u00b7 ".join(parts)


def _simulations_line(progress: SearchProgress, move_text: Callable[[Any], str]) -> str:
    """Monte Carlo's engine line: random games played, the most played move and how often
    it won ("1 200 simulations · best d3, wins 62% · 0.8 s")."""
    parts = [plural("live.simulations", progress.nodes, n_text=_count(progress.nodes))]
    best = move_text(progress.best)
    if progress.score is not None:
        parts.append(tr("live.best_wins", move=best, rate=_percent(progress.score)))
    else:
        parts.append(tr("live.best", move=best))
    parts.append(duration(progress.elapsed))
    return " \u00b7 ".join(parts)


def reasoning_lines(d: Decision, side: str, move_text: Callable[[Any], str] = str,
                    other: str = "") -> list[str]:
    """What the AI playing ``side`` saw when it chose ``d.move``, in a few short lines
    (``other``: the opponent's side name, for estimates that are differences)."""
    lines = _decision_lines(d, side, move_text, other)
    tie = tie_line(d)
    if tie:
        # Third, after the move and its value: with every label equal on the board, "why this
        # one?" is the class's first question (a fresh Q-learner, Greedy's first reply).
        lines.insert(min(2, len(lines)), tie)
    return lines


def hint_lines(d: Decision, adviser: str, move_text: Callable[[Any], str] = str,
               side: str = "", other: str = "") -> list[str]:
    """A hint in words for the panel: who suggests which move ("Hint from the Engine: take
    4"), then why where the adviser says it (Nim's rule, "win in 7 moves", "+3 open lines").
    A pink frame with no words, the colour of the AI's own move, read as the AI's (QA 32).
    ``side``: whom the hint is for, named where its score is below zero or an estimate;
    ``other``: the opponent, for estimates that are differences."""
    lines = [tr("hint.from", adviser=adviser, move=move_text(d.move))]
    info = d.info if isinstance(d.info, dict) else {}
    rule = rule_words(info.get("rule"))
    if rule:
        return [*lines, tr("hint.why", why=rule)]
    why = chosen_words(d)
    if not why:
        return lines
    plain = _plain_why(d, side, other)
    if plain:
        return [*lines, plain]
    shown = shown_scores(d).get(d.move)
    if isinstance(shown, ShownScore) and shown.proven:
        result = getattr(shown.meaning, "result", 0)
        if isinstance(result, int) and result < 0:
            # The best of lost moves: "Why: loses in 10 moves" read as bad advice (QA S12 41).
            return [*lines, tr("hint.why_lost", why=why)]
    elif _number(d.scores.get(d.move)) < 0 and len(d.scores) > 1:
        # An estimate below zero: "Why: about −4.1 discs" recommended a move by a negative
        # number (QA S13 31); it is the best of the moves, the others score less. Said for
        # whom, and in discs behind rather than "(about −4.1 discs (estimate))" (QA S14 16).
        if isinstance(shown, ShownScore) and side:
            behind = disc_amount(shown.label.lstrip("\u2212-"))
            if d.depth and 0 < d.depth < TO_THE_END_DEPTH:
                # With its depth: under the AI's "about −4.1 discs" the hint's "about 1.0
                # discs behind" read as a contradiction (QA17 9: a shorter search, and
                # Othello's estimate swings between odd and even depths).
                return [*lines, plural("hint.why_behind_discs_depth", d.depth, side=side,
                                       x=behind)]
            return [*lines, tr("hint.why_behind_discs", side=side, x=behind)]
        key = "hint.why_least_bad_side" if side else "hint.why_least_bad"
        return [*lines, tr(key, why=why, side=side)]
    elif (side and is_disc_estimate(d) and isinstance(shown, ShownScore) and len(d.scores) > 1
          and float(shown) >= 0.05 and d.depth and 0 < d.depth < TO_THE_END_DEPTH):
        # (Not under 0.05 discs: "who is about 0.0 discs ahead" said nothing, review.)
        # Above zero too, for whom and how deep: "Why: about +3.4 discs (estimate)" for Black
        # stood under White's "about −0.1 discs (…; −2.4 at 3 moves)" and read as a
        # contradiction (QA18 6, Othello vs the Engine level 3).
        ahead = disc_amount(shown.label.lstrip("+"))
        return [*lines, plural("hint.why_ahead_discs_depth", d.depth, side=side, x=ahead)]
    return [*lines, tr("hint.why", why=why)]


def _plain_why(d: Decision, side: str, other: str) -> str | None:
    """A hint's why in a whole sentence where its bare score said little (QA19 30, 1280x720
    fr 200%): Morpion's first move, "Pourquoi : nulle" where every move draws; Connect 4's
    "Pourquoi : +5 lignes ouvertes", whose lines and how far ahead not said, and below zero
    the same for whom it is behind (QA20 21). None where the other forms of
    :func:`hint_lines` say it."""
    shown = shown_scores(d)
    values = {float(v) for v in shown.values() if isinstance(v, ShownScore)}
    mine = shown.get(d.move)
    if (isinstance(mine, ShownScore) and mine.proven and float(mine) == 0
            and len(shown) > 1 and values == {0.0}):
        return tr("hint.why_all_draw")
    unit = estimate_unit(d)
    chosen = d.scores.get(d.move)
    if (unit is None or d.score_kind != "value" or not side or chosen is None
            or isinstance(mine, ShownScore)):
        return None
    depth = d.depth if d.depth and 0 < d.depth < TO_THE_END_DEPTH else 0
    if _number(chosen) < 0:
        if len(d.scores) < 2 or not other or is_disc_estimate(d):
            return None
        # The best of moves below zero: "le meilleur coup trouvé pour Rouge, même s'il est
        # sous zéro : −2 lignes ouvertes" said neither whose lines nor how far ahead, and
        # "below zero" is maths talk (QA20 21, Connect 4 1024x768 fr 200%).
        label = format_score(abs(_number(chosen)), d.score_kind,
                             abs(_number(chosen) - round(_number(chosen))) < 1e-9).lstrip("+")
        behind = plural(f"unit.{unit}", shown_count(label), score=label)
        if depth:
            return plural("hint.why_behind_unit_depth", depth, side=side, other=other,
                          x=behind)
        return tr("hint.why_behind_unit", side=side, other=other, x=behind)
    why = value_words(_number(chosen), d.score_kind, unit, side, other)
    if depth:
        return plural("hint.why_estimate_depth", depth, why=why)
    return tr("hint.why_estimate", why=why)


def estimates_disagree(hint: Decision, ai: Decision) -> bool:
    """True where a hint's estimate and the AI's estimate of the move before point opposite
    ways (each says its own side is ahead, or both say theirs is behind), both Othello disc
    estimates from a search of known depth, neither proven. Two searches of different depths
    from positions a move apart can, Othello's estimate swinging between odd and even depths:
    White's "+5.3 discs" beside the hint's "Black is about 0.8 discs ahead" read as a mistake
    in one of them, and the panel says why (QA18 10)."""
    if not (is_disc_estimate(hint) and is_disc_estimate(ai)):
        return False
    mine = shown_scores(hint).get(hint.move)
    theirs = shown_scores(ai).get(ai.move)
    if (not isinstance(mine, ShownScore) or not isinstance(theirs, ShownScore)
            or mine.proven or theirs.proven
            or not all(d.depth and 0 < d.depth < TO_THE_END_DEPTH for d in (hint, ai))):
        return False
    a, b = float(theirs), float(mine)
    # (Under 0.05 discs the board shows 0.0: no sign to disagree with.)
    return min(abs(a), abs(b)) >= 0.05 and (a > 0) == (b > 0)


def proven_words(result: Proven) -> str:
    """A proven result in words, as the board's label says it: "a draw", "win in 5 moves",
    "loss by 4 discs" (a final margin where the game has one), "a win"."""
    if result.margin is not None and result.margin != 0:
        return plural("words.win_by" if result.margin > 0 else "words.loss_by",
                      abs(result.margin))
    if result.result == 0 or result.margin == 0:
        return tr("words.draw")
    if result.plies is not None:
        return plural("words.win_in" if result.result > 0 else "words.loss_in", result.plies)
    return tr("words.win" if result.result > 0 else "words.loss")


def chosen_words(d: Decision) -> str | None:
    """The score of ``d.move`` in words and in its unit ("win in 7 moves", "about +2.5 discs
    (estimate)", "+3 open lines"), None when the decision gives it no score in words."""
    info = d.info if isinstance(d.info, dict) else {}
    chosen = d.scores.get(d.move) if isinstance(d.scores, dict) else None
    shown = shown_scores(d).get(d.move)
    if isinstance(shown, ShownScore) and isinstance(shown.meaning, MarginBound):
        # "≥+10 discs", as the board shows it: the solve proved a win, not its margin ("+10"
        # live read "win by 10" where the margin was 30).
        return tr("words.margin_bound", x=shown.label)
    if isinstance(shown, ShownScore) and shown.proven:
        why = value_words(_number(chosen), d.score_kind) if not is_disc_estimate(d) else None
        return why or phrase_words(info.get("proven")) or phrase_words(info.get("value"))
    if isinstance(shown, ShownScore):
        return tr("words.disc_estimate", x=disc_amount(shown.label))
    if chosen is not None and d.score_kind in ("value", "exact"):
        return value_words(_number(chosen), d.score_kind, estimate_unit(d))
    return None


def thinking_facts(progress: SearchProgress | None,
                   move_text: Callable[[Any], str] = str) -> list[str]:
    """The live search in a few lines for the panel, at the size of the reasoning a class
    reads after the move: how far it looks, the best move so far with its score in words and
    its unit ("Best so far: e3, about +2.5 discs (estimate)"), the positions searched and the
    time; Monte Carlo says its random games and the best move's wins. Empty before the search
    has found anything."""
    if progress is None or progress.best is None:
        return []
    best = move_text(progress.best)
    if progress.score_kind == "win_rate":
        counted = plural("live.simulations", progress.nodes, n_text=_count(progress.nodes))
        second = (tr("live.facts.best_wins", move=best, rate=_percent(progress.score))
                  if progress.score is not None else tr("live.facts.best", move=best))
        return [plural("live.facts.played", progress.nodes, counted=counted), second,
                # (Said as the time it has thought: a bare "3.4 s" said nothing, QA19 21.)
                tr("live.facts.thinking_for", time=duration(progress.elapsed))]
    lines: list[str] = []
    starting = _looking(progress) > progress.depth > 0
    if progress.depth >= TO_THE_END_DEPTH:
        lines.append(tr("live.facts.to_the_end"))
    elif starting:
        # A new depth's first move, a large share of a move's time (3.7 s of the first 10 in
        # a 30 s search): "Looking 9 moves ahead" stood while it looked 10 ahead.
        lines.append(plural("live.facts.depth_part", _looking(progress), k=0,
                            total=progress.moves_total))
    elif 0 < progress.moves_done < progress.moves_total and progress.depth > 0:
        # An unfinished depth: its best is provisional, a move not yet searched may beat it.
        lines.append(plural("live.facts.depth_part", progress.depth, k=progress.moves_done,
                            total=progress.moves_total))
    elif progress.depth > 0:
        lines.append(plural("live.facts.depth", progress.depth))
    why = _live_words(progress, progress.best, progress.score, progress.bound)
    swing = _live_swing(progress)
    if swing is not None:
        # The depth before's figure in the line the panel always shows (at 200% the line of
        # its own did not fit: +3.8 turned into −5.7 with no word).
        why = plural("words.disc_estimate_then", swing[1], x=disc_amount(swing[0]),
                     then=swing[2])
    if starting and why:
        # The best so far is the depth before's: said with its depth.
        lines.append(plural("live.facts.previous", progress.depth, move=best, why=why))
    else:
        lines.append(tr("live.facts.best_why", move=best, why=why) if why
                     else tr("live.facts.best", move=best))
    if (swing is None and not starting and progress.previous is not None
            and 0 < progress.previous[0] < progress.depth):
        # The depth before beside it: how the score moved with one more move of look-ahead
        # (in Othello it swings between odd and even depths; +2.5 live then −4.3 read as a
        # contradiction).
        depth, before, score = progress.previous
        then = _live_words(progress, before, score, None)
        if then:
            lines.append(plural("live.facts.previous", depth, move=move_text(before),
                                why=then))
    counted = plural("live.nodes", progress.nodes, n_text=_count(progress.nodes))
    lines.append(plural("live.facts.searched", progress.nodes, counted=counted,
                        time=duration(progress.elapsed)))
    return lines


def _looking(progress: SearchProgress) -> int:
    """The depth the search works on (SearchProgress.searching, else its depth)."""
    if progress.searching < TO_THE_END_DEPTH:
        return max(progress.depth, progress.searching)
    return progress.depth


def _live_swing(progress: SearchProgress) -> tuple[str, int, str] | None:
    """The live Othello estimate's label, the depth before and its label, when the estimate
    moved by a disc or more from there (not a bound), else None."""
    previous = progress.previous
    if (previous is None or progress.score is None or previous[2] is None or progress.bound
            or not 0 < previous[0] < progress.depth):
        return None
    now = _disc_estimate(progress.best, progress.score, progress.score_kind, progress.units)
    then = _disc_estimate(previous[1], previous[2], progress.score_kind, progress.units)
    if now is None or then is None or abs(float(now) - float(then)) < 1:
        return None
    return now.label, previous[0], then.label


def _live_words(progress: SearchProgress, move: Any, score: float | None,
                bound: str | None) -> str | None:
    """A live score of ``move`` in words and its unit, as :func:`chosen_words` says a
    decision's; a bound ("at least") as the board shows one after the move."""
    if score is None:
        return None
    info: dict[str, Any] = {"units": progress.units, "unit": progress.unit}
    if bound:
        info["bounds"] = {str(move): bound}
    probe = Decision(move=move, scores={move: score}, score_kind=progress.score_kind,
                     info={k: v for k, v in info.items() if v is not None})
    return chosen_words(probe)


def swing_line(d: Decision) -> str | None:
    """How the Othello engine's estimate moved from the depth before to the depth it
    answered at, when by a disc or more ("At 9 moves ahead it said c3, about −4.3 discs: in
    Othello the estimate swings between odd and even depths"); None otherwise."""
    swing = _swing(d)
    if swing is None:
        return None
    return plural("think.swing", swing[0], move=swing[1], x=disc_amount(swing[2]))


def _swing(d: Decision) -> tuple[int, str, str] | None:
    """The depth before, its best move and its estimate's label, when the Othello engine's
    estimate moved by a disc or more from there (see :func:`swing_line`), else None."""
    info = d.info if isinstance(d.info, dict) else {}
    before = info.get("previous_depth")
    chosen = shown_scores(d).get(d.move)
    if (not is_disc_estimate(d) or not isinstance(before, list) or len(before) != 3
            or not isinstance(chosen, ShownScore) or chosen.proven):
        return None
    depth, move, score = before
    then = _disc_estimate(move, score, d.score_kind, info.get("units"))
    if then is None or not isinstance(depth, int) or abs(float(then) - float(chosen)) < 1:
        return None
    return depth, str(move), then.label


def _disc_estimate(move: Any, score: Any, kind: str, units: object) -> ShownScore | None:
    """One score of the Othello engine as the board shows an estimate ("+3.8" discs), None
    when it is not one (another unit, a proven result)."""
    probe = Decision(move=move, scores={move: score}, score_kind=kind,
                     info={"units": units} if units else {})
    shown = shown_scores(probe).get(move) if is_disc_estimate(probe) else None
    return shown if isinstance(shown, ShownScore) and not shown.proven else None


def tie_line(d: Decision) -> str | None:
    """"3 moves share this best value: one drawn at random" when the player broke a tie
    (``info["tied"]``, see ``ai.simple.tie_info``), else None."""
    info = d.info if isinstance(d.info, dict) else {}
    tied = info.get("tied")
    if not isinstance(tied, int) or isinstance(tied, bool) or tied < 2:
        return None
    rule = info.get("tie_rule")
    return tr(_TIE_KEYS.get(rule if isinstance(rule, str) else "", "think.tied_random"), n=tied)


#: How a tie was broken (``info["tie_rule"]``), in words; "random" when the player does not
#: say (minimax and alpha-beta draw one with their seeded rng).
_TIE_KEYS: dict[str, str] = {
    "random": "think.tied_random",
    "first": "think.tied_first",
    "diagonal": "think.tied_diagonal",
    "diagonal_only": "think.tied_diagonal_only",
}


def _decision_lines(d: Decision, side: str, move_text: Callable[[Any], str],
                    other: str = "") -> list[str]:
    """The facts of :func:`reasoning_lines` but a tie's."""
    info = d.info if isinstance(d.info, dict) else {}
    kind = d.score_kind
    lines: list[str] = []
    move = move_text(d.move)
    chosen = d.scores.get(d.move) if isinstance(d.scores, dict) else None

    forced = info.get("forced")
    if isinstance(forced, str):
        key = "think.must_pass" if "pass" in forced else "think.only_move"
        return [tr("think.chose", side=side, move=move), tr(key)]

    if isinstance(info.get("book"), str):  # the Othello engine's opening book: no search
        return [tr("think.chose", side=side, move=move), tr("think.book")]

    if kind == "probability":
        return [tr("think.chose", side=side, move=move), tr("think.random")]

    learner = info.get("learner")
    if learner is not None or kind in ("allowed", "beads", "q"):
        unit = estimate_unit(d) if kind == "value" and chosen is not None else None
        best = max(d.scores, key=lambda m: _number(d.scores[m]), default=None)
        if info.get("explored") and best is not None and best != d.move:
            # First, where the panel always shows it: the board rang the move in the worst
            # colour and "Blanc a choisi c5 : −0,70" said nothing of why (QA19 29; for
            # Q-learning it was the third fact, one click away).
            lines.append(tr("think.chose_explored", side=side, move=move,
                            best=move_text(best)))
            unit = None
        elif kind == "value" and _untrained(d):
            # Said, not left to "0 (network value)" on every square: the 6x6 network the app
            # does not ship starts from nothing and plays at random (QA17 11).
            lines.append(tr("think.chose_untrained", side=side, move=move))
            unit = None
        elif unit is not None:
            # A learner's own value in its unit (the n-tuple network's −1..+1, QA S12 19).
            lines.append(tr("think.chose_verdict", side=side, move=move,
                            verdict=value_words(_number(chosen), kind, unit, side, other)))
        else:
            lines.append(tr("think.chose", side=side, move=move))
        if kind == "allowed":
            allowed = sum(1 for v in d.scores.values() if _positive(v))
            if info.get("all_eliminated"):
                # In the second fact, which the panel keeps beside the legend: as a third it
                # showed only once the ✗ labels were gone (QA S12 5).
                lines.append(tr("think.allowed_none", n=len(d.scores)))
            else:
                lines.append(plural("think.allowed", allowed, k=allowed, n=len(d.scores)))
        elif unit is not None:
            meaning = unit_line(d, side)
            if meaning:
                lines.append(meaning)
        elif kind == "beads":
            total = info.get("beads_total", sum(_number(v) for v in d.scores.values()))
            lines.append(tr("think.beads", k=_count(chosen or 0), n=_count(total)))
        elif kind == "q" and chosen is not None:
            lines.append(tr("think.q", q=format_score(float(chosen), "q", False)))
        if "positions_known" in info:
            known = _int(info.get("positions_known", 0))
            # Each count with its own plural ("knows 1 positions" before).
            games = _int(info.get("games_trained"))
            lines.append(plural("think.trained", games, n_text=_count(games),
                                positions=plural("think.positions", known,
                                                 n_text=_count(known))))
        elif "games_trained" in info:
            # A network keeps weights, not positions: "knows 0 positions" was wrong for it.
            games = _int(info.get("games_trained"))
            # Grouped like every count ("100 000", not "100000": the shipped network).
            lines.append(plural("think.trained_games", games, n_text=_count(games)))
        return lines

    if kind == "visits":
        lines.append(tr("think.chose", side=side, move=move))
        # A cut by the time cap is said in the same fact as the count (a third line was
        # the first to give way in the panel at 1920x1080).
        capped = mcts_cut_line(info)
        lines.append(capped or tr("think.mcts", n=_count(info.get("iterations", d.nodes)),
                                  rate=_percent(info.get("win_rate", 0.0))))
        if len(d.pv) > 1:
            lines.append(expected_line(d.pv, move_text))
        lines.append(tr("think.time", time=duration(d.elapsed)))
        return lines

    if kind == "exact":
        verdict = phrase_words(info.get("verdict"))
        if verdict is None and chosen is not None:
            verdict = value_words(chosen, kind)
        lines.append(tr("think.chose_verdict", side=side, move=move, verdict=verdict or "?"))
        rule = rule_words(info.get("rule"))
        if rule:
            # The rule before "knows every value": it is what a class can use, and the panel
            # keeps the first facts first (at 1920x1080 in French the rule was dropped).
            lines.append(tr("think.rule", rule=rule))
        lines.append(tr("think.perfect"))
        return lines

    if kind == "flips":
        lines.append(tr("think.chose", side=side, move=move))
        lines.append(plural("think.flips", _int(chosen)))
        return lines

    if kind == "cost":
        # The choice and its points in one fact, what the points count in the second: the
        # first facts come before the legend, and "How" was the fourth, one click away
        # behind "suite ▶" (QA18 4), under the tie's line (QA17 1: "10" beside "1" and "0",
        # said nowhere).
        lines.append(plural("think.cost_chose", _int(chosen), side=side, move=move,
                            cost=_count(chosen)))
        lines.append(tr("think.cost_how", side=side))
        return lines

    # A search: minimax, alpha-beta, the engines, greedy (one move ahead).
    verdict = phrase_words(info.get("proven")) or phrase_words(info.get("value"))
    shown = shown_scores(d).get(d.move)
    if verdict is None and isinstance(shown, ShownScore) and isinstance(shown.meaning, Proven):
        # The board's "=" said a proven draw while this fact said "0 weight-table points"
        # (Othello 4x4's last square vs alpha-beta, QA S16 4): one result, one unit.
        verdict = proven_words(shown.meaning)
    if verdict is None and isinstance(shown, ShownScore) and not shown.proven:
        # The Othello engine's estimate, in discs as on the board (never raw points).
        swing = _swing(d)
        # The depth before's figure in the first fact, which the panel always shows: at 200%
        # the swing's own fact was behind "+4 ▶" and a class saw +3.8 live turn into −5.7
        # with no word (engine helper, real window 1024x768).
        # (Not beside a random pick: its words take the first fact's room, see below.)
        verdict = (plural("words.disc_estimate_then", swing[0], x=disc_amount(shown.label),
                           then=swing[2])
                   if swing and not info.get("random_pick")
                   else tr("words.disc_estimate", x=disc_amount(shown.label)))
    if verdict is None and chosen is not None:
        verdict = value_words(chosen, kind, estimate_unit(d), side, other)
    pick = random_pick_line(d, move_text)
    if pick:
        # The board rings another move as the best: said in the first fact, the one the
        # panel always shows (second, it was behind "+6 ▸" at 200%, QA S16 18), and how.
        best = pick_best(d, move_text)
        lines += [tr("think.chose_verdict_pick", side=side, move=move, best=best,
                     verdict=verdict or "?"), pick]
    else:
        lines.append(tr("think.chose_verdict", side=side, move=move, verdict=verdict or "?"))
    # Why the search stopped comes second, among the first facts the panel always keeps: a
    # cut by the clock must not read as a choice of depth.
    stop = stop_line(d)
    if stop:
        lines.append(stop)
    depth = depth_line(d)
    if depth:
        lines.append(depth)
    part = part_line(d)
    if part:
        lines.append(part)
    units = info.get("units")
    if isinstance(units, str):
        # The Othello engine's scores: evaluation points or, once solved, final disc margins.
        lines.append(tr("think.units_points" if units.startswith("evaluation")
                        else "think.units_discs"))
    estimates = [v for v in shown_scores(d).values() if not isinstance(v, ShownScore)]
    meaning = unit_line(d, side) if estimates else None
    if meaning:
        # What a point is, where the board shows estimates (QA 15/43).
        lines.append(meaning)
    swing_fact = swing_line(d)
    if swing_fact:
        lines.append(swing_fact)
    if info.get("to_the_end") and not d.depth:
        lines.append(tr("think.to_the_end"))
    cutoffs = info.get("cutoffs")
    if isinstance(cutoffs, int) and cutoffs > 0:
        # "1 branch", not "1 branches" (seen at 200% of 1280x720 in French).
        lines.append(plural("think.cutoffs", cutoffs, n_text=_count(cutoffs)))
    memo = memo_line(info)
    if memo:
        lines.append(memo)
    if len(d.pv) > 1:
        lines.append(expected_line(d.pv, move_text))
    return lines


#: The most moves of an expected line the panel lists.
_LINE_MOVES = 6


def expected_line(pv: Sequence[Any], move_text: Callable[[Any], str]) -> str:
    """The line a search expects ("Expected line: 3, 1, 2"): its first moves, saying in
    words how many of how many where it goes on ("Expected line, its first 6 of 9 moves:
    …"). Nim misère vs the engine said "win in 8 moves" and listed 6 moves, as if the game
    ended there; then a "…" after them read as text cut short (QA19 10)."""
    shown = ", ".join(move_text(x) for x in pv[:_LINE_MOVES])
    if len(pv) > _LINE_MOVES:
        return tr("think.line_part", line=shown, k=_LINE_MOVES, n=len(pv))
    return tr("think.line", line=shown)


def memo_line(info: dict[str, Any]) -> str | None:
    """What the search's memory did ("61 of these answered from memory (it holds 35
    positions)"), None when it kept nothing. Alpha-beta's memory keeps bounds, so with it on
    alpha-beta may count more positions than minimax (Nim: 117 against 103, QA S13 1): its
    line says where its savings show instead."""
    hits, size = info.get("memo_hits"), info.get("memo_size")
    if not isinstance(hits, int) or not isinstance(size, int) or size <= 0:
        return None
    key = "think.memo_alphabeta" if info.get("algorithm") == "alphabeta" else "think.memo"
    # The size in its own grammar: "(it holds 1 positions)" followed the hits' (review R5).
    return plural(key, hits, n_text=_count(hits),
                  size=plural("think.memo_size", size, n_text=_count(size)))


def _number(value: object) -> float:
    try:
        result = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0
    return result if math.isfinite(result) else 0.0


def _positive(value: object) -> bool:
    return _number(value) > 0


def _int(value: object) -> int:
    return round(_number(value))
