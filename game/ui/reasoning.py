"""An AI decision told in words a class understands, for the play screen's reasoning box.

Players return a :class:`ai.base.Decision` with machine-facing details in ``info`` (counters,
flags, English phrases such as ``"win in 3"``). This module picks what a teacher would show,
says it in the current language and leaves out the internals (table sizes, bounds, budgets).
It never raises on an odd decision: a player written by a student may put anything in ``info``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from ai.base import Decision
from game.ui.boards.base import decided_distance, format_score
from game.ui.i18n import tr

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


def plural(key: str, n: int, **fmt: Any) -> str:
    """``tr(key)`` with ``n``, using ``key + ".one"`` for a single thing when it exists
    ("1 pawn", "2 pawns"; French also uses the singular for 0)."""
    from game.ui.i18n import has, language

    single = n == 1 or (language() == "fr" and n == 0)
    if single and has(key + ".one"):
        return tr(key + ".one", n=n, **fmt)
    return tr(key, n=n, **fmt)


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


def value_words(value: float, kind: str) -> str:
    """A move's score in words: "win in 3 moves" for a proven win, else the score's kind and
    number ("value +0.35", "12 visits")."""
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
    return tr(f"words.kind.{kind}", score=label) if _known_kind(kind) else label


def _known_kind(kind: str) -> bool:
    from game.ui.i18n import has

    return has(f"words.kind.{kind}")


def duration(seconds: float) -> str:
    """A thinking time short and readable: "< 1 ms", "35 ms", "1.2 s"."""
    if not isinstance(seconds, (int, float)) or seconds < 0.001:
        return tr("words.under_ms")
    if seconds < 1.0:
        return tr("words.ms", n=round(seconds * 1000))
    return tr("words.seconds", s=f"{seconds:.1f}")


def _count(n: object) -> str:
    """A whole number with thin spaces between thousands (12 345)."""
    try:
        return f"{int(n):,}".replace(",", "\u202f")  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return "?"


def _percent(x: object) -> str:
    try:
        return f"{round(float(x) * 100)}%"  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "?"


def reasoning_lines(d: Decision, side: str, move_text: Callable[[Any], str] = str) -> list[str]:
    """What the AI playing ``side`` saw when it chose ``d.move``, in a few short lines."""
    info = d.info if isinstance(d.info, dict) else {}
    kind = d.score_kind
    lines: list[str] = []
    move = move_text(d.move)
    chosen = d.scores.get(d.move) if isinstance(d.scores, dict) else None

    forced = info.get("forced")
    if isinstance(forced, str):
        key = "think.must_pass" if "pass" in forced else "think.only_move"
        return [tr("think.chose", side=side, move=move), tr(key)]

    if kind == "probability":
        return [tr("think.chose", side=side, move=move), tr("think.random")]

    learner = info.get("learner")
    if learner is not None or kind in ("allowed", "beads", "q"):
        lines.append(tr("think.chose", side=side, move=move))
        if kind == "allowed":
            allowed = sum(1 for v in d.scores.values() if _positive(v))
            lines.append(tr("think.allowed", k=allowed, n=len(d.scores)))
            if info.get("all_eliminated"):
                lines.append(tr("think.all_eliminated"))
        elif kind == "beads":
            total = info.get("beads_total", sum(_number(v) for v in d.scores.values()))
            lines.append(tr("think.beads", k=_count(chosen or 0), n=_count(total)))
        elif kind == "q":
            if chosen is not None:
                lines.append(tr("think.q", q=format_score(float(chosen), "q", False)))
            if info.get("explored"):
                lines.append(tr("think.explored"))
        if "games_trained" in info:
            lines.append(plural("think.trained", _int(info.get("games_trained")),
                                positions=_count(info.get("positions_known", 0))))
        return lines

    if kind == "visits":
        lines.append(tr("think.chose", side=side, move=move))
        lines.append(tr("think.mcts", n=_count(info.get("iterations", d.nodes)),
                        rate=_percent(info.get("win_rate", 0.0))))
        if len(d.pv) > 1:
            lines.append(tr("think.line", line=", ".join(move_text(x) for x in d.pv[:6])))
        lines.append(tr("think.time", time=duration(d.elapsed)))
        return lines

    if kind == "exact":
        verdict = phrase_words(info.get("verdict"))
        if verdict is None and chosen is not None:
            verdict = value_words(chosen, kind)
        lines.append(tr("think.chose_verdict", side=side, move=move, verdict=verdict or "?"))
        lines.append(tr("think.perfect"))
        rule = rule_words(info.get("rule"))
        if rule:
            lines.append(tr("think.rule", rule=rule))
        return lines

    if kind == "flips":
        lines.append(tr("think.chose", side=side, move=move))
        lines.append(plural("think.flips", _int(chosen)))
        return lines

    if kind == "cost":
        lines.append(tr("think.chose", side=side, move=move))
        lines.append(tr("think.cost", cost=_count(chosen)))
        return lines

    # A search: minimax, alpha-beta, the engines, greedy (one move ahead).
    verdict = phrase_words(info.get("proven")) or phrase_words(info.get("value"))
    if verdict is None and chosen is not None:
        verdict = value_words(chosen, kind)
    lines.append(tr("think.chose_verdict", side=side, move=move, verdict=verdict or "?"))
    if d.depth:
        lines.append(plural("think.depth", d.depth, nodes=_count(d.nodes),
                            time=duration(d.elapsed)))
    units = info.get("units")
    if isinstance(units, str):
        # The Othello engine's scores: evaluation points or, once solved, final disc margins.
        lines.append(tr("think.units_points" if units.startswith("evaluation")
                        else "think.units_discs"))
    if info.get("to_the_end"):
        lines.append(tr("think.to_the_end"))
    cutoffs = info.get("cutoffs")
    if isinstance(cutoffs, int) and cutoffs > 0:
        lines.append(tr("think.cutoffs", n=_count(cutoffs)))
    if info.get("timed_out"):
        lines.append(tr("think.timed_out"))
    if len(d.pv) > 1:
        lines.append(tr("think.line", line=", ".join(move_text(x) for x in d.pv[:6])))
    return lines


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
