"""The play panel with large text (issue 12, "for the room"; a true 200%): the buttons used
every move stay on the panel, the others are behind one More button.

Before: at 200% of 1024x768 with body text at 6.5% of the height (40 px) the panel's title
row, Rules button, reasoning switch and six buttons on three rows took two thirds of its
height; the AI's reasoning, the legend of the board's numbers and the move list had no line.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.settings import delay_label
from tests.play_helpers import assert_facts_legend_and_move, explained_reply
from tests.ui_helpers import click_widget, frame, key, make_app, pick_more, run_until, start_game


def labels_of_more(app: object, play: object) -> list[str]:
    """The labels of the More list, which is then closed."""
    click_widget(app, play.panel.more_button)  # type: ignore[attr-defined]
    popup = app.top  # type: ignore[attr-defined]
    assert isinstance(popup, ListPopup)
    labels = [label for _action, label, _desc in popup.items]
    key(app, pygame.K_ESCAPE)
    assert app.top is play  # type: ignore[attr-defined]
    return labels


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_with_large_text_the_panel_keeps_undo_hint_and_more(lang: str) -> None:
    app = make_app((1024, 768), language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "othello", ("human", "alphabeta:depth=1"))
    frame(app)
    panel = play.panel
    assert panel.compact
    assert panel.buttons() == [panel.undo_button, panel.hint_button, panel.more_button]
    # One row, one label size, every label whole.
    assert len({b.rect.top for b in panel.buttons()}) == 1
    assert len({b.px for b in panel.buttons()}) == 1
    assert all(b.label_fits() for b in panel.buttons())
    assert labels_of_more(app, play) == [
        tr("review.button"), tr("review.save"), tr("play.restart"),
        tr("play.reasoning_is", state=tr("param.on")), tr("play.rules"), tr("play.menu")]
    # The switch works from the list, and says its new state there.
    pick_more(app, play, tr("play.reasoning_is", state=tr("param.on")))
    assert not app.settings.show_reasoning
    assert tr("play.reasoning_is", state=tr("param.off")) in labels_of_more(app, play)
    # Restart from the list.
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.match.human_to_move and len(play.match.moves) == 2, 20)
    pick_more(app, play, tr("play.restart"))
    # A game under way: it asks first (see test_ui_play_leave); its Leave button restarts.
    question = app.top
    assert isinstance(question, MessageDialog)
    click_widget(app, question.buttons[0])
    assert play.match.moves == []
    app.shutdown()


def test_at_normal_size_the_panel_keeps_all_its_buttons() -> None:
    app = make_app((1024, 768), language="fr", show_reasoning=True)
    play = start_game(app, "othello", ("human", "alphabeta:depth=1"))
    frame(app)
    panel = play.panel
    assert not panel.compact
    assert panel.more_button not in panel.buttons()
    assert {panel.review_button, panel.save_button, panel.restart_button, panel.menu_button,
            panel.rules_button, panel.reasoning_toggle} <= set(panel.buttons())
    app.shutdown()


def test_ai_vs_ai_with_large_text_keeps_pause_and_step_and_sets_the_speed_from_more() -> None:
    app = make_app((1024, 768), language="fr", show_reasoning=True, text_scale=200,
                   ai_delay=0.6)
    play = start_game(app, "nim", ("random", "random"))
    frame(app)
    panel = play.panel
    assert panel.buttons() == [panel.pause_button, panel.step_button, panel.more_button]
    labels = labels_of_more(app, play)
    assert tr("play.undo") in labels and tr("review.save") not in labels
    faster = tr("play.faster", speed=delay_label(0.3))
    assert faster in labels and tr("play.slower", speed=delay_label(1.0)) in labels
    pick_more(app, play, faster)
    assert app.settings.ai_delay == pytest.approx(0.3)
    app.shutdown()


def test_the_review_with_large_text_keeps_back_forward_and_more() -> None:
    app = make_app((1024, 768), language="fr", text_scale=200)
    play = start_game(app, "hexapawn", ("human", "human"))
    for _ in range(3):
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    pick_more(app, play, tr("review.button"))
    frame(app)
    assert play.review.active
    panel = play.panel
    review = panel.review
    assert panel.buttons() == [review.back_button, review.forward_button, review.live_button,
                               panel.more_button]
    assert labels_of_more(app, play) == [tr("review.save"), tr("review.open"), tr("play.rules")]
    assert all(b.label_fits() for b in panel.buttons())
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_a_true_200_percent_the_end_banners_buttons_stay_in_it(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with body text at 6.5% of the height (a true 200%) at 1024x768, "Play
    again" ran out of the banner and of the window on the left."""
    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)
    app = make_app((1024, 768), language=lang, text_scale=200)
    play = start_game(app, "hexapawn", ("human", "human"))
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    banner = play.banner
    assert banner.rect is not None
    for button in banner.buttons():
        assert banner.rect.contains(button.rect), (button.label(), button.rect, banner.rect)
        assert button.label_fits()
    app.shutdown()


def test_the_review_lists_marked_move_keeps_clear_of_the_next_column() -> None:
    """Regression: in review at 200% of 1280x800 in French the marked move's chip (its cell
    a quarter pad wider each side) touched the move beside it."""
    app = make_app((1280, 800), language="fr", text_scale=200)
    play = start_game(app, "othello", ("human", "human"))
    for _ in range(6):
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    play.enter_review(3)
    frame(app)
    pad = app.metrics.pad
    cells = sorted(rect for rect, _ply in play.panel.move_rects)
    rows: dict[int, list[pygame.Rect]] = {}
    for rect in cells:
        rows.setdefault(rect.top, []).append(rect)
    pairs = [sorted(row, key=lambda r: r.left) for row in rows.values() if len(row) == 2]
    assert pairs
    for left, right in pairs:
        # Each chip is pad // 4 wider on each side: a clear gap between two chips.
        assert right.left - left.right > pad // 2, (left, right, pad)
    app.shutdown()


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((1280, 720), "fr"),
                                            ((1024, 768), "fr")])
def test_at_a_true_200_percent_morpion_keeps_two_facts_the_legend_and_a_move(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with body text at 6.5% of the height, Morpion's hands beside the board
    left the panel one fact and no move row at 1280x720, and at 1024x768 the count
    (" · 0 posé, 3 en main") took a line of its own under "O" and the move row went. The
    hands give way with large text (the seat cards say them), the count shrinks to the
    readable size beside its name."""
    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)
    app, play = explained_reply(size, lang, "morpion", "alphabeta:depth=2")
    assert play.view.sizes()[-1] == 0  # no hands' columns
    assert_facts_legend_and_move(play)
    app.shutdown()
