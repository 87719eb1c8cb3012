"""The menu's entries to the other screens (the learning lab, the n-tuple lab, the
tournament: in the header, or under "More…" at large text) and the tools a game's presenter
may offer under its options, each with the factory that opens its screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ui.i18n import tr
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


#: Extra menu entries other screens add (label key, factory): the learning lab, the tournament.
EXTRA_ENTRIES: list[tuple[str, Callable[[App], Scene]]] = []


def _open_lab(app: App) -> Scene:
    from game.ui.scenes.learning_lab import LearningLabScene

    return LearningLabScene(app)


def _open_tournament(app: App) -> Scene:
    from game.ui.scenes.tournament import TournamentScene

    return TournamentScene(app)


def _open_ntuple_lab(app: App) -> Scene:
    from game.ui.scenes.ntuple_lab import NTupleLabScene

    return NTupleLabScene(app)


def _open_weights_editor(app: App) -> Scene:
    from game.ui.scenes.weights_editor import WeightsEditorScene

    return WeightsEditorScene(app)


#: Tools a game's presenter may offer under its options (``GamePresenter.tools``), by name:
#: (label key, factory). The header has no room left at 1024 pixels.
TOOLS: dict[str, tuple[str, Callable[[App], Scene]]] = {
    "weights": ("weights.open_editor", _open_weights_editor),
}


# Inserted before Rules, in reverse: the header reads "Learning lab, N-tuple, Tournament,
# Rules...".
EXTRA_ENTRIES += [("menu.tournament", _open_tournament), ("ntuple.open", _open_ntuple_lab),
                  ("menu.lab", _open_lab)]
#: What each entry's screen is for, said in the "More…" list (label key: description key).
ENTRY_DESCRIPTIONS = {"menu.lab": "lab.subtitle", "ntuple.open": "ntuple.title",
                      "menu.tournament": "tour.subtitle"}


def tr_label(key: str) -> Callable[[], str]:
    """A label callable that translates ``key`` at draw time (follows language changes)."""
    return lambda: tr(key)
