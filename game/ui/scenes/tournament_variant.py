"""Where the tournament set-up's variant chooser goes: beside its label, across the list's
width (no label), or across it on two lines (a long variant name), and how many slots of the
set-up list it takes.

The slots do not depend on the chosen game: at 200% of 1024x768 the chooser took two slots
for Puissance 4 and Nim but one for Morpion, so choosing Puissance 4 moved every player row
down 47 px, under the pointer (a click meant for player 2's arrow changed player 1).
"""

from __future__ import annotations

from typing import Any

from game.rules.registry import game_names, get_game
from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.lab_common import variant_label
from game.ui.widgets import Metrics

#: How a variant name is shown: beside the "Variant" label, across the width on one line,
#: or across the width on two lines.
BESIDE, ACROSS, TWO_LINES = 0, 1, 2


def presets(game: str) -> tuple[Any, ...]:
    """The variants the tournament offers for ``game`` (its default options at least)."""
    info = get_game(game)
    return info.tournament_presets or (info.options(),)


def variant_names(game: str) -> list[str]:
    """The names of ``game``'s variants, as the chooser shows them."""
    return [variant_label(game, preset) for preset in presets(game)]


def variant_fit(metrics: Metrics, width: int, game: str) -> int:
    """How ``game``'s variants show in a chooser ``width`` pixels wide: :data:`BESIDE` the
    label when all fit there, else :data:`ACROSS` when all fit on one line without it, else
    :data:`TWO_LINES` (the value's size as the chooser draws one line: 90% of the body)."""
    m = metrics
    # The chooser's arrows at their widest (widgets.Choice: 60% of the row's height, at most
    # two text heights): 75% overstated them, and "20 matches, 1–3, misère" took two lines
    # (and every game's variant two slots, the list a row more) at 100% of 1024x768.
    arrows = 2 * int(m.body * 2.0 * 0.6)
    label_w = max(text.size(tr(key), m.body)[0] for key in ("lab.game", "lab.variant")) + m.body
    widest = max(text.size(name, int(m.body * 0.9), True)[0] for name in variant_names(game))
    if widest <= width - label_w - arrows:
        return BESIDE
    return ACROSS if widest <= width - arrows else TWO_LINES


def variant_slots(metrics: Metrics, width: int) -> int:
    """The slots the variant chooser takes in a list ``width`` pixels wide, whichever game is
    chosen: two when some game's variant needs two lines, else one."""
    return 2 if any(variant_fit(metrics, width, game) == TWO_LINES
                    for game in game_names()) else 1
