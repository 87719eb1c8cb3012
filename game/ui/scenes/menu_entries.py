"""The menu's entries to the other screens (the learning lab, the n-tuple lab, the
tournament: in the header, or under "More…" at large text) and the tools a game's presenter
may offer under its options, each with the factory that opens its screen.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

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


def more_entries(opener: Callable[[Callable[[App], Scene]], Callable[[], None]],
                 core: dict[str, tuple[str, Callable[[], None], Any]], header: Collection[Any]
                 ) -> tuple[list[tuple[str, str, str]], dict[str, Callable[[], None]]]:
    """The "More…" list's items (key, label, what it is for) and their actions: the ``core``
    entries (label key: description key, action, header button) whose button the ``header``
    leaves out, first, then the other screens (each opened with ``opener``).

    Rules and Quit first: on the list's first page (last, they were on its second at 200% of
    1280x800, where a teacher did not find them, QA16 7)."""
    hidden = {key: entry for key, entry in core.items() if entry[2] not in header}
    actions = {key: opener(factory) for key, factory in EXTRA_ENTRIES}
    actions.update({key: action for key, (_d, action, _b) in hidden.items()})
    items = [(key, tr(key), tr(description)) for key, (description, _a, _b) in hidden.items()]
    items += [(key, tr(key), tr(ENTRY_DESCRIPTIONS[key])) for key, _f in reversed(EXTRA_ENTRIES)]
    return items, actions
