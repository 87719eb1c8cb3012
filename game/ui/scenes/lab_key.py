"""What the learning lab's layout depends on, so a frame where none of it changed keeps the
last one (see :class:`~game.ui.scenes.layout_cache.LayoutCache`); while a run plays, every
frame lays it out (its boxes, table and progress line change from frame to frame).

At rest, laying the lab out again was three quarters of its frame at 200% text: the set-up
page measures its rows against every game's players, whose evaluations list the saved
weight tables from the data folder.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from game.ui import i18n
from game.ui.scenes.lab_layout import place_lab
from game.ui.scenes.layout_cache import LayoutCache, shown

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene

#: Each lab screen's cache (a screen closed is forgotten with it).
_CACHES: weakref.WeakKeyDictionary[LearningLabScene, LayoutCache] = weakref.WeakKeyDictionary()


def cache_of(lab: LearningLabScene) -> LayoutCache:
    """``lab``'s layout cache."""
    if lab not in _CACHES:
        _CACHES[lab] = LayoutCache()
    return _CACHES[lab]


def lay_out(lab: LearningLabScene) -> None:
    """Place the lab's panels and widgets (:func:`place_lab`) unless nothing it reads
    changed since the last time."""
    cache_of(lab).run(layout_key(lab), lambda: place_lab(lab), lambda: layout_parts(lab))


def layout_key(lab: LearningLabScene) -> tuple[object, ...] | None:
    """Every input of :func:`place_lab`, or None while a run plays: the window and its text
    sizes, language, theme and notice (the charts start under it); the view shown, the
    game, its variant and the run's length; the learner, its games, the runs on the charts,
    the runner; the boxes read, their page, how many a page holds (the drawing works it out)
    and the last game's result; the chart shown; the
    set-up's share of the page and its scroll; every widget with its label and value; and
    where the boxes' and the table's panels were last laid out (an export lays them out on
    its picture, then asks the lab to lay them out again on the screen)."""
    if lab.running:
        return None
    app, knowledge, scroller = lab.app, lab.knowledge, lab.config_widgets[0]
    rows = getattr(scroller, "rows", None)
    return (app.size, app.metrics, i18n.language(), app.theme, app.toast, lab.tabs.current(),
            lab.game, lab.options, lab.games, lab.learner, lab.learner.games_trained,
            tuple(lab.runs), lab.runner, knowledge.boxes, knowledge.page, knowledge.per_page,
            knowledge.game_result, lab.chart_choice.shown, lab.chart_choice.offered,
            lab.setup_share, getattr(rows, "scroll", None), tuple(lab.config_widgets),
            shown(lab.all_widgets()), tuple(knowledge.rect), tuple(lab.table.rect))


def layout_parts(lab: LearningLabScene) -> list[object]:
    """The objects the layout writes to (see :func:`~game.ui.scenes.layout_cache.snapshot`)."""
    return [lab, lab.knowledge, lab.table, lab.chart_choice, lab.tabs,
            getattr(lab.config_widgets[0], "rows", None)]
