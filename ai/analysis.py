"""One player's decision on one position, for ``main.py analyse``: reading the position text
of a game, and the decision as JSON data or as readable text.

A game takes part by defining, in its rules module (``game.rules.<name>``), a function
``parse_position(text) -> state`` that reads its own position text and raises ``OptionError``
naming what is wrong, and, when a position decides the game's options (Othello's board size),
``position_options(state) -> options``. Nothing here imports pygame.
"""

from __future__ import annotations

import importlib
from typing import Any

from ai.base import Decision
from game.rules.base import GameState, OptionError
from game.rules.registry import GameInfo


def parse_game_position(game: GameInfo, text: str) -> tuple[Any, GameState[Any]]:
    """The options and the state of ``text`` in ``game``'s position text; OptionError if the
    game has no position text or the text is malformed."""
    module = importlib.import_module(f"game.rules.{game.name}")
    parse = getattr(module, "parse_position", None)
    if parse is None:
        raise OptionError(f"{game.title} has no position text yet, so it cannot be analysed")
    state: GameState[Any] = parse(text)
    options_of = getattr(module, "position_options", None)
    options = options_of(state) if options_of is not None else game.options()
    return options, state


def _number(value: float) -> float | int:
    """Whole values as ints (a disc margin reads 4, not 4.0)."""
    return int(value) if float(value).is_integer() else value


def decision_json(decision: Decision) -> dict[str, Any]:
    """The decision as JSON-ready data: root moves best first with their bounds (among equal
    scores the chosen move first: the others' may be bounds only)."""
    bounds = decision.info.get("bounds", {})
    # Best first; among equal values the chosen move, then exact values and lower bounds
    # before upper bounds ("at most 38" may be worse than an exact 38).
    moves = sorted(decision.scores.items(), key=lambda item: (
        -item[1], item[0] != decision.move, bounds.get(str(item[0])) == "at most",
        str(item[0])))
    info = {k: v for k, v in decision.info.items() if k != "bounds"}
    return {
        "move": str(decision.move),
        "scores": [{"move": str(m), "score": _number(v), "bound": bounds.get(str(m), "exact")}
                   for m, v in moves],
        "score_kind": decision.score_kind,
        "depth": decision.depth,
        "nodes": decision.nodes,
        "exact": bool(decision.info.get("exact", False)),
        "pv": [str(m) for m in decision.pv],
        "elapsed": round(decision.elapsed, 4),
        "info": {k: v for k, v in info.items()
                 if isinstance(v, str | int | float | bool) or v is None},
    }


def decision_text(data: dict[str, Any]) -> str:
    """The readable form of :func:`decision_json`'s data (with game, position and player)."""
    lines = [
        f"{data['player']} on {data['game']} position {data['position']}",
        f"  move: {data['move']}",
        f"  depth {data['depth']}, {data['nodes']:,} nodes, {data['elapsed']:.3f} s, "
        f"{'exact' if data['exact'] else 'not exact'}",
    ]
    proven = data["info"].get("proven")
    if proven:
        lines.append(f"  proven: {proven}")
    if data["pv"]:
        lines.append(f"  expected line: {' '.join(data['pv'])}")
    lines.append(f"  scores ({data['score_kind']}):")
    for row in data["scores"]:
        bound = "" if row["bound"] == "exact" else f"  ({row['bound']})"
        lines.append(f"    {row['move']:>6} {row['score']:>10}{bound}")
    return "\n".join(lines)
