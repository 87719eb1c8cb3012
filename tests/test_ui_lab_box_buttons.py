"""The boxes view's filter and sort buttons whole and readable at 100% text (QA13 32).

At 100% of 1024x768 the sort button read "Sort: most …" (en) and "Tri : plus util…" (fr),
and "Toutes les boîtes (19)" was shrunk to about 13 px, in a row one line high. A label that
does not fit one line at the readable size now goes on two, the row as high as they need.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text
from game.ui.scenes.play_fit import readable_px
from tests.lab_helpers import large_boxes
from tests.ui_helpers import frame, watch_cuts


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1024, 640), (1280, 720)])
def test_the_boxes_buttons_are_whole_and_readable_at_100_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app, lab = large_boxes(size, language, "nim", "elimination", 300, scale=100)
    cut = watch_cuts(monkeypatch)
    least = readable_px(size)
    panel = lab.knowledge  # type: ignore[attr-defined]
    for _filter in range(3):
        for _sort in range(2):
            frame(app)  # type: ignore[arg-type]
            for button in (panel.changed_button, panel.sort_button):
                label = button.label()
                assert label not in cut, (label, cut)
                # The size it is drawn at: on one line (a button shrinks it to 80%), else
                # on two as the button fits them (lab_common.WrapButton).
                box = button.text_box()
                lines, used = text.fit_lines(label, box, button.px, True, least, 1.0)
                if text.size(label, max(int(button.px * 0.8), least), True)[0] > box.width:
                    assert " ".join(lines) == label and used >= least, (label, lines, used)
                else:
                    assert button.px >= least, (label, button.px)
            panel.toggle_sort()
        panel.toggle_changed()
    app.shutdown()  # type: ignore[attr-defined]


class InkSpy(pygame.Surface):
    """A screen that keeps where each text blitted on it has ink (its bounding rectangle)."""

    inks: list[pygame.Rect]

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        if source.get_flags() & pygame.SRCALPHA and source.get_height() < 200:
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            self.inks.append(source.get_bounding_rect().move(at))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1280, 720), "en"),
                                                ((1024, 640), "fr"), ((1920, 1080), "fr")])
def test_a_filter_label_on_two_lines_stays_inside_its_button(
        size: tuple[int, int], language: str) -> None:
    """QA19 36 (1024x768 fr 200%, after One game): "Boîtes de la / partie (0)" on two lines,
    the second line's "p" and brackets across the button's bottom edge."""
    app, lab = large_boxes(size, language, "hexapawn", "elimination", 50)
    panel = lab.knowledge  # type: ignore[attr-defined]
    while not lab.session.changed_only:  # type: ignore[attr-defined]
        panel.toggle_changed()
    frame(app)  # type: ignore[arg-type]
    for button in (panel.changed_button, panel.sort_button):
        if not button.visible:
            continue
        spy = InkSpy(app.screen.get_size())  # type: ignore[attr-defined]
        spy.inks = []
        button.draw(spy, app.theme, (0, 0))  # type: ignore[attr-defined]
        inside = button.rect.inflate(-4, -4)  # (within its border)
        assert spy.inks and all(inside.contains(ink) for ink in spy.inks), (
            button.label(), button.rect, spy.inks)
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "fr"), ((1024, 768), "fr"),
                                                ((1920, 1080), "en"), ((1024, 640), "fr")])
def test_the_save_dialogs_buttons_share_one_size(size: tuple[int, int], language: str) -> None:
    """QA14 23 (1280x720 fr 200%): "Apprentis enregistrés" ~28 px, "Enregistrer ici" ~32 and
    "Annuler" ~40 touching its button's edges, side by side. The row now has one size, each
    label whole with room round it."""
    from tests.lab_helpers import large_lab

    app, lab = large_lab(size, language)
    lab.files.save_clicked()
    frame(app)  # type: ignore[arg-type]
    dialog = app.top  # type: ignore[attr-defined]
    buttons = (dialog.home_button, dialog.open_button, dialog.cancel_button)
    assert len({b.px for b in buttons}) == 1, [(b.label(), b.px) for b in buttons]
    for b in buttons:
        assert text.size(b.label(), b.px, True)[0] <= b.rect.width - b.rect.height // 3, (
            b.label(), b.px, b.rect)
    app.shutdown()  # type: ignore[attr-defined]
