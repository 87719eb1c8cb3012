"""Where the learning lab's parts go on the screen, and the drawing of its right side.

The scene (:mod:`game.ui.scenes.learning_lab`) says what the lab does; this module places its
panels and buttons for the window's size and text size (the set-up on the left, by
:mod:`game.ui.scenes.lab_setup`; the run's controls, progress line, view tabs and the current
view on the right) and draws the progress line and the current view.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from ai.training import Progress
from game.ui import text
from game.ui.i18n import grouped, tr
from game.ui.reasoning import plural
from game.ui.scenes.lab_charts import CHART_BUTTON_KEYS, least_chart_height
from game.ui.scenes.lab_common import (
    draw_progress,
    game_title,
    player_name,
    progress_bar_height,
    progress_lines,
    variant_label,
)
from game.ui.scenes.lab_session import window_for
from game.ui.scenes.lab_setup import place_setup
from game.ui.scenes.lab_setup_page import place_setup_page
from game.ui.scenes.lab_views import VIEWS
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament_notice import notice_height
from game.ui.widgets import Metrics, draw_panel

if TYPE_CHECKING:
    from game.ui.scenes.learning_lab import LearningLabScene


#: Set-up and run share the window while it is at least this many body-text heights wide and
#: :data:`COMPACT_TALL` tall; else (text past about 150% of 1024x768, 140% of 1920x1080) the
#: set-up is a page of its own, a tab beside the views (:func:`compact`). Side by side at 200%
#: of 1024x768 with 40-pixel text, the set-up's 380 pixels showed three rows and cut "Lea…",
#: "Enregist…".
COMPACT_WIDE = 34
#: See :data:`COMPACT_WIDE`.
COMPACT_TALL = 21.5
#: In the compact layout, buttons are this many body heights tall (1.9 side by side): 19 lines
#: of 40-pixel text is all 1024x768 holds.
COMPACT_BUTTON = 1.35
#: In the compact layout, the least share of the progress row its bar takes (0.45 side by
#: side).
COMPACT_BAR = 0.12
#: In the compact layout, the most of the header left of the Menu button its title takes
#: ("Hexapawn · Reinforcement"): the progress line keeps the rest, at least its shortest form.
COMPACT_TITLE_SHARE = 0.7


def compact(size: tuple[int, int], body: int) -> bool:
    """Whether the lab in a window of ``size`` with body text of ``body`` pixels shows its
    set-up as a page of its own (see :data:`COMPACT_WIDE`)."""
    return size[0] < COMPACT_WIDE * body or size[1] < COMPACT_TALL * body


#: The compact title is at least this share of the body size where the header allows, and
#: takes up to this share of the header for it (see compact_title).
VARIANT_TITLE_SHARE, TITLE_MOST_SHARE = 0.75, 0.82


def compact_title(lab: LearningLabScene) -> tuple[str, int]:
    """The compact layout's title and its size: what is trained, the variant too ("Nim (20
    matches, 1–3) · Elimination"), on every page (the set-up, a page of its own, said it on
    its page only: the lab opened on the charts and nothing named the game or the learner),
    as large as the title where :data:`COMPACT_TITLE_SHARE` of the header holds it, never
    under the readable size."""
    m = lab.app.metrics
    game, learner = game_title(lab.game), player_name(lab.session.kind)
    header = lab.menu_button.rect.left - m.pad * 4
    most = min(m.title, int(lab.header_height() / 1.3))
    least = min(readable_px(lab.app.size), most)
    # The variant named ("Nim (Marienbad 1 · 3 · 5 · 7) · Elimination": "Nim · Elimination"
    # said the same for every variant), at VARIANT_TITLE_SHARE of the body size at least,
    # in COMPACT_TITLE_SHARE of the header, else in TITLE_MOST_SHARE of it (the progress
    # line has short forms); else smaller, down to the readable size: in 0.7 of the header
    # the title read 30 px beside 52 px text at 200% of 1280x800 fr (QA17 12).
    large = min(most, max(least, round(m.body * VARIANT_TITLE_SHARE)))
    named = f"{game} ({variant_label(lab.game, lab.options)}) · {learner}"
    # The wider room leaves the progress line its shortest forms at their least size.
    wide = max(int(header * COMPACT_TITLE_SHARE), min(
        int(header * TITLE_MOST_SHARE), header - m.pad * 2 - shortest_progress_width(
            m, lab.games, lab.learner.games_trained + lab.games)))
    tries = ((named, large, int(header * COMPACT_TITLE_SHARE)), (named, large, wide),
             (named, least, wide), (f"{game} · {learner}", least, wide))
    for title, lowest, room in tries:
        px = text.fit_px(title, room, most, True, lowest)
        if text.size(title, px, True)[0] <= room:
            break
    return title, px


def shortest_progress_width(m: Metrics, planned: int, total: int) -> int:
    """The width the compact header's progress line needs for its shortest forms at their
    least size: "499 / 500" during a run of ``planned`` games, the learner's ``total`` of
    games after it, each digit as wide as an 8 (the title keeps its size through a run)."""
    def wide(n: int) -> str:
        return re.sub(r"\d", "8", grouped(n))

    forms = (f"{wide(planned)} / {wide(planned)}",
             plural("lab.progress_games", total, games=wide(total)))
    return max(text.size(form, max(text.MIN_PX, int(m.small * 0.8)))[0] for form in forms)


def place_lab(lab: LearningLabScene) -> None:
    """Place the lab's panels and widgets for the current window size."""
    m = lab.app.metrics
    pad = m.pad
    # A narrow window gives the set-up a little more of its width, so that values such as
    # "20 allumettes, 1 à 3" are not cut.
    left, right, bh = lab.frame_layout(0.37 if lab.app.size[0] < 1300 else 0.34)
    on_page = lab.compact() and lab.tabs.current() == "setup"
    if lab.compact():
        # One panel across the window: the set-up page or the run's view.
        right = pygame.Rect(left.left, left.top, right.right - left.left, left.height)
        lab.panels["setup"] = pygame.Rect(0, 0, 0, 0)
    else:
        place_setup(lab, left, bh)
    controls_h = lab.place_controls(right, bh, (
        (lab.train_button, ("lab.train",)),
        (lab.step_button, ("lab.one_game",)),
        (lab.pause_button, ("lab.pause", "lab.resume")),
        (lab.stop_button, ("lab.stop",))))
    if lab.compact():
        controls_h = bh
        place_compact_progress(lab)
    # The view tabs, and on their right the view's own action (export, clear the runs).
    tabs_top = right.top + controls_h + pad
    tabs = pygame.Rect(right.left, tabs_top, right.width, bh)
    px, margin = tabs_fit(lab, right.width, bh)
    tabs_end = lab.tabs.place(tabs, px, pad, margin)
    ew = min(right.right - tabs_end, text.size(tr("lab.export"), px, True)[0] + margin)
    lab.export_button.place(pygame.Rect(right.right - ew, tabs_top, ew, bh),
                            text.fit_px(tr("lab.export"), ew - bh // 3, px, True,
                                        int(m.small * 0.8)))
    lab.export_button.visible = not on_page
    view = pygame.Rect(right.left, tabs.bottom + pad, right.width,
                       right.bottom - tabs.bottom - pad)
    lab.panels["view"] = view
    if on_page:
        place_setup_page(lab, view, bh)
    if lab.compact():
        place_compact_charts(lab, view, px, bh)
        below_notice(lab, view)
    else:
        place_charts(lab, view, px, bh)
        place_clear_button(lab)
    lab.panels["boxes"] = view
    lab.knowledge.layout(view)
    lab.table.layout(view)


def place_compact_charts(lab: LearningLabScene, view: pygame.Rect, px: int, bh: int) -> None:
    """The compact layout's charts: "Clear runs" at the right of a row under them (the
    progress line, in the header, has no room for it), the buttons choosing one chart at its
    left when one shows at a time."""
    pad = lab.app.metrics.pad
    label = tr("lab.clear_runs")
    least = int(lab.app.metrics.small * 0.8)
    # One size for the row, the chart buttons whole beside "Clear runs" (with the tabs' size,
    # three tabs at 200% of 1024x640 in French, 'Taux de victoire' was cut to 'Taux de vi…').
    words = [tr(key) for key in CHART_BUTTON_KEYS.values()]
    while px > least and sum(text.size(w, px, True)[0] + bh + pad for w in words) + (
            text.size(label, px, True)[0] + bh // 2) > view.width:
        px -= 1
    cpx = text.fit_px(label, view.width // 2 - bh // 3, px, True, least)
    cw = text.size(label, cpx, True)[0] + bh // 2
    row = pygame.Rect(view.left, view.bottom - bh, view.width - cw - pad, bh)
    lab.clear_button.place(pygame.Rect(view.right - cw, row.top, cw, bh), cpx)
    place_charts(lab, pygame.Rect(view.left, view.top, view.width, view.height - bh - pad), px,
                 bh, row)


def below_notice(lab: LearningLabScene, view: pygame.Rect) -> None:
    """Where a notice shows at the top of the compact charts page (:func:`notice_area`, when
    it is too tall for the band of buttons above the view), the charts start under it, laid
    out as without it (side by side, stacked or one at a time: the page does not change its
    layout for the few seconds a notice shows). Over the chart, "Training finished: …" hid
    its title and legend for seconds (QA 18, 1920x1080 at 200%)."""
    if not lab.app.toast or lab.tabs.current() != "charts":
        return
    area = notice_area(lab)
    if area is None or area.top < view.top:
        return
    m = lab.app.metrics
    top = area.top + notice_height(lab.app.toast, view.width, m.body, m.pad) + m.pad
    for name in ("chart_wins", "chart_rate"):
        chart = lab.panels[name]
        if chart.top < top:
            lab.panels[name] = pygame.Rect(chart.left, top, chart.width,
                                           max(0, chart.bottom - top))


def place_clear_button(lab: LearningLabScene) -> None:
    """"Clear runs" at the end of the progress line (it acts on the charts), under the bar:
    at the largest text size a button of the small text's usual height covered the bar's
    end."""
    m = lab.app.metrics
    pad = m.pad
    progress = lab.panels["progress"]
    share = bar_share(lab)
    below = progress.bottom + pad // 2 - (progress.top + progress_bar_height(progress, share)
                                          + 2)
    ch = max(int(m.small * 0.8 * 1.3), min(int(m.small * 1.7), below))
    cpx = max(int(m.small * 0.8), min(m.small, int(ch / 1.3)))
    cw = text.size(tr("lab.clear_runs"), cpx, True)[0] + ch
    lab.clear_button.place(pygame.Rect(progress.right - cw, progress.bottom - ch + pad // 2,
                                       cw, ch), cpx)


def place_compact_progress(lab: LearningLabScene) -> None:
    """In the compact layout, the progress bar and its line in the header, between the title
    and the Menu button (in place of the subtitle): a row of its own cost the views a
    fifteenth of the window at 200% of 1920x1080."""
    m = lab.app.metrics
    pad = m.pad
    left = pad * 4 + text.size(lab.title_text(), lab.title_px(), True)[0]
    right = lab.menu_button.rect.left - pad * 2
    lab.panels["progress"] = pygame.Rect(left, pad, max(0, right - left), lab.header_height())


def bar_share(lab: LearningLabScene) -> float:
    """The share of the progress row its bar takes: in the compact layout's header, what its
    line of small text leaves (a thin bar)."""
    if not lab.compact():
        return 0.45
    height = max(1, lab.panels["progress"].height)
    line = text.font(lab.app.metrics.small).get_linesize() + lab.app.metrics.pad // 3
    return max(COMPACT_BAR, 1 - line / height)


def place_charts(lab: LearningLabScene, view: pygame.Rect, px: int, bh: int,
                 row: pygame.Rect | None = None) -> None:
    """The charts side by side on a wide view, else one above the other, or where two
    stacked would each be too short to read, one at a time over a row of two buttons
    choosing it (``px``: the buttons' text size; ``row``: where those buttons go when the
    layout keeps a row for them under ``view``)."""
    m = lab.app.metrics
    pad = m.pad
    choice = lab.chart_choice
    half = (view.height - pad * 2) // 2
    choice.single = False
    wide = (view.width - pad * 2) // 2
    least = readable_px(lab.app.size)
    if view.width >= view.height * 1.6 and view.height >= least_chart_height(
            wide - pad * 2, m.small, lab.app.theme, window_for(lab.games), least) * 1.1 + pad * 2:
        # Side by side where each, half as wide, keeps a readable plot (its text small; a
        # tenth to spare: 200% of 1920x1080 left a plot 6 pixels short of four lines).
        half = wide
        lab.panels["chart_wins"] = pygame.Rect(view.left, view.top, half, view.height)
        lab.panels["chart_rate"] = pygame.Rect(view.right - half, view.top, half, view.height)
    elif half >= least_chart_height(view.width - pad * 2, m.body, lab.app.theme,
                                   window_for(lab.games), least) + pad * 2:
        lab.panels["chart_wins"] = pygame.Rect(view.left, view.top, view.width, half)
        lab.panels["chart_rate"] = pygame.Rect(view.left, view.bottom - half, view.width, half)
    else:
        choice.single = True
        row_h = min(bh, int(px * 1.9))
        chart = pygame.Rect(view.left, view.top, view.width,
                            view.height - (0 if row else row_h + pad))
        lab.panels["chart_wins"] = lab.panels["chart_rate"] = chart
        choice.place(row or pygame.Rect(view.left, view.bottom - row_h, view.width, row_h),
                     px, pad)


def tabs_fit(lab: LearningLabScene, width: int, bh: int) -> tuple[int, int]:
    """The text size of the view tabs and the export button, and the room around each text,
    so that they share one row of ``width``: body size with a button's height of room, else
    less room (down to half a text height), then a smaller text (not under 80% of the small
    size). At the largest text size the export button was squeezed to a sliver beside the
    tabs."""
    m = lab.app.metrics
    keys = [key for name, key in VIEWS if name in lab.offered_views()] + ["lab.export"]

    def needed(px: int, margin: int) -> int:
        return sum(text.size(tr(k), px, True)[0] + margin + m.pad for k in keys)

    px, margin = m.body, bh
    while margin > m.body // 2 and needed(px, margin) > width:
        margin -= 1
    while px > int(m.small * 0.8) and needed(px, margin) > width:
        px -= 1
    return px, margin


def header_lines(progress: Progress | None, trained: int) -> list[str]:
    """The lab's progress line, longest form first (:func:`progress_lines`); after a run of
    a learner that had trained before, each says the learner's total too, the shortest being
    the total alone: after One game the header said "1 game in 2.7 s" and never "2 games"
    (QA S12 21b)."""
    if (progress is not None and progress.planned == 1 and not progress.finished
            and not progress.paused):
        # One game: "0 / 1 game · — left" before its first move said nothing to a class
        # (QA17 12).
        return [tr("lab.progress_one_game"), tr("lab.progress_one_game_brief")]
    lines = progress_lines(progress, trained)
    if progress is None or not progress.finished or trained <= progress.done:
        return lines
    total = tr("lab.progress_total", games=grouped(trained))
    return [f"{lines[0]} · {total}", f"{lines[1]} · {total}",
            plural("lab.progress_idle_brief", trained, games=grouped(trained)),
            plural("lab.progress_games", trained, games=grouped(trained))]


def draw_lab(lab: LearningLabScene, surface: pygame.Surface) -> None:
    """The lab's frame, progress line and current view (the widgets are drawn after)."""
    theme = lab.app.theme
    m = lab.app.metrics
    lab.draw_frame(surface)
    progress = lab.runner.progress() if lab.runner is not None else None
    view = lab.tabs.current()
    if lab.panels["progress"].width > 0:
        draw_progress(surface, lab.panels["progress"], progress,
                      header_lines(progress, lab.learner.games_trained), theme, m,
                      lab.clear_button.rect.left - lab.panels["progress"].left - m.pad
                      if view == "charts" and not lab.compact() else None, bar_share(lab))
    if view == "charts":
        for name in lab.chart_choice.names():
            draw_panel(surface, lab.panels[name], theme, m.radius)
            inner = lab.panels[name].inflate(-m.pad * 2, -m.pad * 2)
            # Body-size text when the charts are stacked (each the view's width); side by
            # side, each is half as wide and its title must still fit.
            px = m.body if inner.width > lab.panels["view"].width * 0.7 else m.small
            surface.blit(lab.charts.surface(name, inner.size, lab.runs, lab.games, theme, px,
                                            lab.running, readable_px(lab.app.size)), inner)
    elif view == "table":
        lab.table.draw(surface, theme, m)
    elif view == "setup":
        draw_panel(surface, lab.panels["view"], theme, m.radius)
    else:
        lab.knowledge.draw(surface, lab.runner if lab.watching_live() else None)


def run_band(lab: LearningLabScene) -> pygame.Rect:
    """The band over the view: in the compact layout, between the header and the view, the
    run's buttons and the view tabs; side by side, the run's buttons and progress line, above
    the tabs."""
    view = lab.panels.get("view", pygame.Rect(0, 0, 0, 0))
    if view.width <= 0:
        return pygame.Rect(0, 0, 0, 0)
    top = lab.train_button.rect.top
    bottom = view.top if lab.compact() else lab.export_button.rect.top - lab.app.metrics.pad
    return pygame.Rect(view.left, top, view.width, max(0, bottom - top))


def header_room(lab: LearningLabScene) -> pygame.Rect:
    """In the compact layout, the header left of Menu (the lab's title and the progress
    line: no control), down to the band of the run's buttons."""
    band = run_band(lab)
    menu = lab.menu_button.rect
    return pygame.Rect(band.left, 0, max(0, menu.left - lab.app.metrics.pad - band.left),
                       band.top)


def setup_room(lab: LearningLabScene) -> pygame.Rect:
    """Side by side, the set-up panel's empty room between its last row and its file buttons
    (empty in the compact layout)."""
    panel = lab.panels.get("setup", pygame.Rect(0, 0, 0, 0))
    if lab.compact() or panel.width <= 0:
        return pygame.Rect(0, 0, 0, 0)
    pad = lab.app.metrics.pad
    top = max((w.rect.bottom for w in lab.config_widgets[1:]
               if getattr(w, "visible", True) and w.rect.height), default=panel.top)
    return pygame.Rect(panel.left + pad, top, panel.width - pad * 2,
                       max(0, lab.save_button.rect.top - top))


def notice_area(lab: LearningLabScene) -> pygame.Rect | None:
    """Where the lab's notices go ("Training finished: 500 games played."): in the compact
    layout's views, over the band of the run's buttons and the view's tabs above the view
    where it holds the notice (the view is what the notice is about: inside it "Training
    finished" pushed the charts down and hid their curves for three seconds, then they jumped
    240 px, and "The learner lost" covered the changed boxes at 1024x640, QA13 18; the header
    keeps the progress line and Menu, and a click puts the notice away and reaches the button
    under it); else inside the view shown, at its bottom, else at its top, where the box
    covers none of the lab's controls (its top edge and width); None, the app's default, where
    neither does. Across the window's bottom it covered the charts' buttons for three seconds
    (seen at 200% of 1920x1080 in French)."""
    view = lab.panels.get("view")
    if view is None or view.width <= 0:
        return None
    m = lab.app.metrics
    controls = [w.rect for w in lab.all_widgets() if getattr(w, "visible", True)]
    # The band over the run's buttons (covering them); then the view's bottom or top across
    # its width; on the compact set-up page, whose controls fill the view, the room kept
    # under its buttons (place_setup_page), else that band; side by side, first the set-up's
    # empty room under its rows.
    spots = [(view, top, False) for top in ("bottom", "top")]
    if lab.compact() and lab.tabs.current() == "setup":
        spots += [(lab.panels.get("setup_notice", pygame.Rect(0, 0, 0, 0)), "bottom", False),
                  (run_band(lab), "top", True)]  # (a notice too long for that room)
    elif lab.compact():
        # First over the header's title and progress line, which it reports on (one line
        # there: the run's end in few words, run_end_notice): over the band, "Training
        # finished" hid Train and the tabs for seconds (QA15 9, 1024x768 at 200%).
        spots = [(header_room(lab), "middle", True), (run_band(lab), "top", True), *spots]
    else:  # (at 100% of 1024x768 it covered the win rate's x axis for three seconds)
        spots[:0] = [(setup_room(lab), "bottom", True),  # (no row in it: the list's wheel
                     # area alone, the rows' rectangle, reaches into it)
                     # then, as in the compact layout, over the run's buttons: in the view
                     # "The learner won. Outlined: the boxes this game changed" covered those
                     # boxes' last lines at 1920x1080 with 100% text.
                     (run_band(lab), "top", True)]
    for room, edge, covers in spots:
        if room.width <= 0:
            continue
        high = notice_height(lab.app.toast or "", room.width, m.body, m.pad)
        box = pygame.Rect(room.left, room.top + (0 if covers else m.pad), room.width, high)
        if edge == "bottom":
            box.bottom = room.bottom - m.pad
        elif edge == "middle":
            box.centery = room.centery
        if room.contains(box) and (covers or box.collidelist(controls) < 0):
            return pygame.Rect(box.left, box.top, box.width, 0)
    return None


def run_end_notice(lab: LearningLabScene, stopped: bool, done: int) -> str:
    """What the notice says when a run of ``done`` games ends (``stopped`` by the teacher):
    in the compact layout's views, where it would take two lines over the header (see
    :func:`notice_area`), in few words, without the games in total (QA15 9)."""
    key = "lab.stopped" if stopped else "lab.finished"
    said = plural(key, done, done=grouped(done), games=grouped(lab.learner.games_trained))
    return header_notice(lab, said, plural(f"{key}_short", done, done=grouped(done)))


def header_notice(lab: LearningLabScene, said: str, short: str) -> str:
    """``said``, or ``short`` where, in the compact layout's views, ``said`` would take more
    than one line over the header (:func:`notice_area`): there it went over the run's
    buttons and the view's tabs instead ("The learner lost. Outlined: the boxes this game
    changed, before → after." after One game covered both rows for three seconds at 200% of
    1920x1080 in French; the outlines and the view's key say the rest)."""
    m = lab.app.metrics
    if (lab.compact() and lab.tabs.current() != "setup"
            and len(text.wrap(said, header_room(lab).width - 2 * m.pad, m.body)) > 1):
        return short
    return said


def loaded_notice(lab: LearningLabScene, name: str, games: str, boxes: str) -> str:
    """The notice of a learner loaded from ``name`` (``games``, ``boxes``: its counts with
    their nouns, "1 game", "19 boxes"): the file's name broken after its dashes
    and dots onto lines ("\n") that fit the room the lab's notices take (the compact set-up
    page's under its buttons, else the view) at body size; where even so the notice would
    not fit that room, without the name (the teacher just chose the file). A notice wraps at
    spaces only: a long save's name ran past the notice and both edges of the window, over
    the set-up's controls (QA 16, 1920x1080 at 200%)."""
    m = lab.app.metrics
    room = lab.panels.get("view", pygame.Rect(0, 0, 0, 0))
    if lab.compact() and lab.tabs.current() == "setup":
        room = lab.panels.get("setup_notice", room)
    width = room.width - 4 * m.pad
    if width > 0 and text.size(name, m.body)[0] > width:
        name = "\n".join(text.break_name(name, width, m.body))
    said = tr("lab.loaded", name=name, games=games, boxes=boxes)
    if notice_height(said, room.width, m.body, m.pad) + 2 * m.pad <= room.height:
        return said
    return tr("lab.loaded_short", games=games, boxes=boxes)
