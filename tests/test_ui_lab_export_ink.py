"""Exported lab pictures read on paper whatever theme the screen uses (QA19 32).

A Matchboxes PNG exported from the high-contrast theme (Othello 4x4, 1920x1080 en 100%) wrote
the use count "52×" in the screen theme's grey (225, 225, 225) on the light card: 1.2:1; from
the default theme Nim's counts were (160, 170, 188): 2.2:1. The picture also kept the screen's
pager "1/792" and its scroll bar, meaningless on paper. Every text of an exported view is now
drawn in the print theme's colours at 4.5:1 or more against what is behind it, and no
on-screen-only control is drawn.
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from game.ui import text
from game.ui.printing import PRINT
from game.ui.scenes import lab_export
from game.ui.theme import contrast_ratio
from tests.lab_helpers import large_boxes
from tests.ui_helpers import frame

#: The least contrast of a text against what is behind it (WCAG AA for body text).
TEXT_CONTRAST = 4.5


class InkCanvas(pygame.Surface):
    """A canvas that keeps, for each text blitted on it, its words, its colour and the colour
    behind its middle before it was drawn."""

    def __init__(self, size: tuple[int, int], words: dict[int, tuple[str, Any]]) -> None:
        super().__init__(size)
        self.words = words
        self.seen: list[tuple[str, Any, Any]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> Any:
        said = self.words.get(id(source))
        if said is not None:
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            ink = source.get_bounding_rect().move(at)
            if ink.width and self.get_rect().collidepoint(ink.center):
                self.seen.append((*said, tuple(self.get_at(ink.center))[:3]))
        return super().blit(source, dest, *args, **kwargs)


def exported_texts(lab: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, Any]]:
    """The texts the export of ``lab``'s view draws: (words, colour, colour behind)."""
    words: dict[int, tuple[str, Any]] = {}
    real = text.render

    def spy(line: str, px: int, colour: Any, bold: bool = False) -> pygame.Surface:
        surf = real(line, px, colour, bold)
        words[id(surf)] = (line, tuple(colour))
        return surf

    monkeypatch.setattr(text, "render", spy)
    size, draw = lab_export.view_drawing(lab)
    canvas = InkCanvas(size, words)
    canvas.fill(PRINT.background)
    draw(canvas, canvas.get_rect().inflate(-2 * lab_export.MARGIN, -2 * lab_export.MARGIN),
         PRINT)
    return canvas.seen


@pytest.mark.parametrize(("theme", "game", "size"), [("contrast", "othello", (1920, 1080)),
                                                     ("default", "nim", (1920, 1080)),
                                                     ("contrast", "nim", (1024, 768))])
def test_an_exported_matchboxes_picture_reads_on_paper(
        theme: str, game: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    app, lab = large_boxes(size, "en", game, "elimination", 300, scale=100)
    app.settings.theme = theme  # type: ignore[attr-defined]
    app.apply_settings()  # type: ignore[attr-defined]
    frame(app)  # type: ignore[arg-type]
    assert lab.knowledge.pages() > 1 or game == "nim", lab.knowledge.pages()
    seen = exported_texts(lab, monkeypatch)
    counts = [s for s in seen if s[0].endswith("×")]
    assert counts, seen
    faint = [(words, colour, behind, round(contrast_ratio(colour, behind), 2))
             for words, colour, behind in seen
             if contrast_ratio(colour, behind) < TEXT_CONTRAST]
    assert not faint, faint
    # No pager ("1/792"): paper has no pages to turn.
    assert not [s for s in seen if re.fullmatch(r"\d+/\d+", s[0])], seen
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("view", ["table", "charts"])
def test_the_other_exported_lab_views_read_on_paper(
        view: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Table (Nim's heat map) and the charts, exported from the high-contrast theme."""
    app, lab = large_boxes((1280, 720), "fr", "nim", "elimination", 300)
    app.settings.theme = "contrast"  # type: ignore[attr-defined]
    app.apply_settings()  # type: ignore[attr-defined]
    lab.tabs.choose(view)
    frame(app)  # type: ignore[arg-type]
    seen = exported_texts(lab, monkeypatch)
    assert len(seen) > 5, seen
    faint = [(words, colour, behind, round(contrast_ratio(colour, behind), 2))
             for words, colour, behind in seen
             if contrast_ratio(colour, behind) < TEXT_CONTRAST]
    assert not faint, faint
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "fr"), ((1920, 1080), "en")])
def test_an_exported_matchboxes_picture_has_no_empty_button_row(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real window 1280x720 fr 200% (contrast theme), Hexapawn boxes exported: above the boxes
    an empty band as high as the screen's button row (filter, sort, pager: none on paper).
    Without a title on that row, the boxes start at the panel's top."""
    app, lab = large_boxes(size, language, "hexapawn", "reinforcement", 100)
    panel = lab.knowledge
    laid: list[tuple[pygame.Rect, bool]] = []
    real = panel.draw

    def drawn(*args: Any, **kwargs: Any) -> None:
        real(*args, **kwargs)
        laid.append((panel.rect.copy(), panel.titled))
        boxes.extend(rect for rect, _box in panel.box_rects)

    boxes: list[pygame.Rect] = []
    monkeypatch.setattr(panel, "draw", drawn)
    size_, draw = lab_export.view_drawing(lab)
    canvas = pygame.Surface(size_)
    canvas.fill(PRINT.background)
    draw(canvas, canvas.get_rect().inflate(-2 * lab_export.MARGIN, -2 * lab_export.MARGIN),
         PRINT)
    (rect, titled), = laid
    assert boxes and not titled, (boxes, titled)
    gap = min(r.top for r in boxes) - rect.top
    assert gap <= 3 * app.metrics.pad, (boxes, rect)  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "size"), [("morpion", (1920, 1080)), ("nim", (1024, 768))])
def test_an_exported_one_games_changed_rows_read_on_paper(
        game: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """QA20 15 rest (Morpion 3x3 Renforcement, One game, Boîtes, Exporter PNG): the rows the
    game changed, "3 → 2" in the highlight colour on their highlighted band, were 3.2:1 on
    paper. Every text of the picture, those rows and the result above the boxes with them,
    at 4.5:1 at least."""
    from tests.lab_helpers import instant_one_game
    from tests.ui_helpers import click_widget, run_until

    instant_one_game(monkeypatch)
    app, lab = large_boxes(size, "fr", game, "reinforcement", 30, scale=100)
    click_widget(app, lab.step_button)  # type: ignore[arg-type]
    assert run_until(app, lambda: lab.runner is not None  # type: ignore[arg-type]
                     and lab.runner.finished, 60)
    frame(app)  # type: ignore[arg-type]
    seen = exported_texts(lab, monkeypatch)
    changes = [s for s in seen if "→" in s[0]]
    assert changes and lab.knowledge.game_result in " ".join(s[0] for s in seen), seen
    faint = [(words, colour, behind, round(contrast_ratio(colour, behind), 2))
             for words, colour, behind in seen
             if contrast_ratio(colour, behind) < TEXT_CONTRAST]
    assert not faint, faint
    app.shutdown()  # type: ignore[attr-defined]
