"""The learning lab's set-up page (the compact layout, large text): the set-up's rows on the
left; on the right Save and Load, Reset and "Play against it", the keep-learning switch, then
the learner's parameters where that column has room for them, and the room for the lab's
notices under them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

import pygame

from ai.registry import players_for
from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.lab_common import game_items, later, player_name
from game.ui.scenes.lab_setup import (
    LEAST_ROW,
    most_params,
    param_widgets,
    place_param_rows,
    place_setup_rows,
    switch_px,
)
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament_setup_list import ListScroller
from game.ui.widgets import Choice

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene

#: In the compact set-up page, the share of its width the rows take (the file buttons and
#: "Play against it" the rest, one above the other).
COMPACT_ROWS_SHARE = 0.54
#: ... or down to this share where the rows keep their text size there (:func:`setup_page_rows`).
COMPACT_ROWS_LEAST = 0.4
#: ... their words shrunk to no less than this share of it (:func:`whole_at_size`).
ROW_KEEPS = 0.9


def place_setup_page(lab: LearningLabScene, area: pygame.Rect, bh: int) -> None:
    """The compact layout's set-up page in ``area``: the rows on the left (a list that
    scrolls where even rows of readable text do not fit), on the right Save and Load side by
    side, Reset and "Play against it" side by side, the keep-learning switch, the learner's
    parameters where the column holds them (:func:`params_apart`), and under them the room
    for the lab's notices (:func:`notice_area`: across the window's bottom they covered the
    page's controls)."""
    m = lab.app.metrics
    pad = m.pad
    lab.panels["setup_page"] = area
    inner = area.inflate(-pad * 2, -pad * 2)
    height = min(bh, inner.height // 5 - pad)
    # The keep-learning switch's label on up to two lines beside a switch as tall as a button;
    # the learner's parameters under it take from its room, down to a button's height.
    keep_top = inner.top + 2 * (height + pad)
    apart = params_apart(lab, inner.bottom - keep_top - height - pad)
    rows = setup_page_rows(lab, inner, apart)
    wanted = most_params(lab) * (lab.config_widgets[1].rect.height + 2) if apart else 0
    keep_h = max(min(height, inner.bottom - keep_top),
                 min(2 * height, inner.bottom - keep_top - pad - wanted))
    spare = inner.bottom - keep_top - keep_h - pad
    column = pygame.Rect(rows.right + pad * 3, inner.top, inner.right - rows.right - pad * 3,
                         inner.height)
    half, third = (column.width - pad) // 2, (column.width - pad) // 3
    pairs = ((lab.save_button, half, lab.load_button), (lab.reset_button, third, lab.play_button))
    # One size for the four, shrunk to fit (not under 80% of the small size).
    px = min(text.fit_px(b.label(), w - height // 3, m.body, True, int(m.small * 0.8))
             for first, first_w, second in pairs
             for b, w in ((first, first_w), (second, column.width - first_w - pad)))
    y = column.top
    for first, first_w, second in pairs:
        first.place(pygame.Rect(column.left, y, first_w, height), px)
        second.place(pygame.Rect(column.left + first_w + pad, y, column.width - first_w - pad,
                                 height), px)
        y += height + pad
    keep = pygame.Rect(column.left, keep_top, column.width, keep_h)
    lab.keep_toggle.switch_height = height
    lab.keep_toggle.place(keep, switch_px(tr("lab.keep_learning"),
                                          keep.width - int(height * 1.5) - height // 3,
                                          keep.height, m.body, int(m.small * 0.8)))
    top = keep.bottom
    lab.panels["setup_params"] = pygame.Rect(column.left, keep.bottom + pad,
                                             column.width if apart else 0, spare)
    if apart:
        top = place_page_params(lab, lab.panels["setup_params"])
    lab.panels["setup_notice"] = pygame.Rect(column.left, top, column.width,
                                             max(0, area.bottom - top))


def params_apart(lab: LearningLabScene, spare: int) -> bool:
    """Whether the learner's parameters go under the page's buttons, in ``spare`` pixels of
    that column: where rows of the readable size hold the most parameters a learner of the
    game has (room held for them: the rows stay put when the learner changes). In the
    list, the rows held for Reinforcement's four shrank every row: Elimination's to 25 px
    at 200% of 1024x768 in French, beside 270 px left empty under the buttons (QA14 11)."""
    least = int(readable_px(lab.app.size) * LEAST_ROW)
    return spare >= most_params(lab) * least


def place_page_params(lab: LearningLabScene, area: pygame.Rect) -> int:
    """The learner's parameters in ``area`` (the column under the page's buttons), as tall
    and large as the list's rows where the room held for the most parameters allows;
    returns where the learner's own end (the notices' room starts there: Elimination's one
    parameter left room for "Loaded elimination-nim-….json: 500 games, 19 boxes", which
    went over the run's buttons, shortened, while the room held for four stood empty)."""
    game_row = lab.config_widgets[1]
    step = min(game_row.rect.height + 2, area.height // max(1, most_params(lab)))
    px = min(game_row.px, int(step / LEAST_ROW))
    place_param_rows(lab, area, step, px)
    return area.top + step * len(param_widgets(lab))


def setup_page_rows(lab: LearningLabScene, inner: pygame.Rect, apart: bool) -> pygame.Rect:
    """Place the set-up page's rows in the left of ``inner`` and return their rectangle: the
    least share of its width (down to :data:`COMPACT_ROWS_LEAST`) that gives them the text
    size and rows they get at :data:`COMPACT_ROWS_SHARE`, the buttons' column the rest (the
    rows' text, smaller where every row fits, left that column room for the notices).
    ``apart``: without the learner's parameters (see :func:`params_apart`)."""
    pad = lab.app.metrics.pad
    scroller, *widgets = lab.config_widgets
    assert isinstance(scroller, ListScroller)
    if apart:
        params = param_widgets(lab)
        widgets = [w for w in widgets if w not in params]

    def place(share: float) -> tuple[pygame.Rect, list[object]]:
        rows = pygame.Rect(inner.left, inner.top, int(inner.width * share) - pad * 2,
                           inner.height)
        place_setup_rows(lab, rows, apart)
        return rows, [scroller.rows.total, *((getattr(w, "px", 0), whole_at_size(w))
                                             for w in widgets),
                      *(whole_at_size(every_player(w)) for w in widgets if is_players(w))]

    _widest, wanted = place(COMPACT_ROWS_SHARE)
    # Never narrower than the rows were in this window, and as wide as every game's players
    # need (another game's opponents needed more: from Othello back to Nim the Game row's ▶
    # moved 67 px left at 1024x768 fr 200%, and a second click there missed it, QA13 12;
    # the first choice of Othello still moved it, QA14 11).
    key = (lab.app.size, lab.app.metrics.body)
    least = lab.setup_share[1] if lab.setup_share[0] == key else 0.0
    for share in (COMPACT_ROWS_LEAST, (COMPACT_ROWS_LEAST + COMPACT_ROWS_SHARE) / 2,
                  COMPACT_ROWS_SHARE):
        if share < least:
            continue
        rows, got = place(share)
        if got == wanted or share == COMPACT_ROWS_SHARE:
            lab.setup_share = (key, share)
            return rows
    return rows


#: The set-up rows choosing a player (an opponent, a watched player), by their labels' keys.
PLAYER_ROWS = ("lab.opponent", "lab.watched0", "lab.watched1")


def is_players(widget: object) -> TypeGuard[Choice]:
    """Whether ``widget`` is a set-up row choosing a player."""
    return isinstance(widget, Choice) and widget.label() in {tr(k) for k in PLAYER_ROWS}


def every_player(choice: Choice) -> Choice:
    """A stand-in for the player chooser ``choice``, placed as it is, offering its values and
    the players of every game of the lab: the rows' share of the page is the same for every
    game, so no row moves when the game changes."""
    names = {value for value, _label in choice.items}
    others = [(p.name, later(player_name, p.name)) for game, _label in game_items()
              for p in players_for(game) if p.name not in names]
    probe = Choice(choice.label, [*choice.items, *others], choice.get, choice.set,
                   label_width=choice.label_width)
    probe.place(choice.rect, choice.px)
    return probe


def whole_at_size(widget: object) -> bool:
    """Whether a set-up row shows its label and values whole at :data:`ROW_KEEPS` of its own
    text size at least (a chooser shrinks a value, and a row its label, before cutting it:
    in a narrower column 'Hexapawn' and 'Adversaire' were drawn a third smaller than the
    rows around them)."""
    px = int(getattr(widget, "px", 0) * ROW_KEEPS)
    if isinstance(widget, Choice):
        left, _box, right = widget._parts()
        label_ok = (not widget.label() or widget.label_width <= 0
                    or text.size(widget.label(), px)[0] <= left.left - widget.rect.left)
        return label_ok and all(text.size(label(), px, True)[0] <= right.left - left.right
                                for _v, label in widget.items)
    box = getattr(widget, "_label_box", None)
    label = getattr(widget, "label", None)
    if box is None or label is None:
        return True
    return bool(text.size(label(), px)[0] <= box().width)


