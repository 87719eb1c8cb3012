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
