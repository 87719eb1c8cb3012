"""The boxes view's filter and sort buttons whole and readable at 100% text (QA13 32).

At 100% of 1024x768 the sort button read "Sort: most …" (en) and "Tri : plus util…" (fr),
and "Toutes les boîtes (19)" was shrunk to about 13 px, in a row one line high. A label that
does not fit one line at the readable size now goes on two, the row as high as they need.
"""

from __future__ import annotations

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
                box = button.rect.inflate(-(button.rect.height // 3), -4)
                lines, used = text.fit_lines(label, box, button.px, True, least, 1.0)
                if text.size(label, max(int(button.px * 0.8), least), True)[0] > box.width:
                    assert " ".join(lines) == label and used >= least, (label, lines, used)
                else:
                    assert button.px >= least, (label, button.px)
            panel.toggle_sort()
        panel.toggle_changed()
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
