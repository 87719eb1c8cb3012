"""Pictures for printing: the light theme and the crop to what was drawn."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.ui import text
from game.ui.export import write_picture
from game.ui.printing import PRINT, content_rect, crop_to_content, render_cropped
from game.ui.theme import Theme, contrast_ratio


def test_the_print_theme_is_dark_ink_on_white() -> None:
    assert PRINT.background == (255, 255, 255)
    # Text on paper at 4.5:1 at least, on the white and on the panels (QA19 32: a count in
    # the highlight's orange was 2.2:1, a tick in the green 3.9:1).
    for ink in (PRINT.text, PRINT.text_muted, PRINT.accent, PRINT.danger, PRINT.ok,
                PRINT.highlight, PRINT.score_good, PRINT.score_bad):
        for paper in (PRINT.background, PRINT.panel):
            assert contrast_ratio(ink, paper) >= 4.5, (ink, paper)


def test_crop_keeps_the_drawing_and_a_margin() -> None:
    surface = pygame.Surface((200, 100))
    surface.fill((255, 255, 255))
    assert content_rect(surface, (255, 255, 255)).size == (0, 0)
    assert crop_to_content(surface, (255, 255, 255), 5).get_size() == (200, 100)
    pygame.draw.rect(surface, (0, 0, 0), pygame.Rect(20, 30, 40, 10))
    assert content_rect(surface, (255, 255, 255)) == pygame.Rect(20, 30, 40, 10)
    cropped = crop_to_content(surface, (255, 255, 255), 5)
    assert cropped.get_size() == (50, 20)
    assert cropped.get_at((5, 5))[:3] == (0, 0, 0)
    assert cropped.get_at((0, 0))[:3] == (255, 255, 255)
    # The margin never reaches outside the surface.
    assert crop_to_content(surface, (255, 255, 255), 100).get_size() == (160, 100)


def test_render_cropped_draws_in_the_print_theme() -> None:
    seen = []

    def draw(surface: pygame.Surface, area: pygame.Rect, theme: object) -> None:
        seen.append((area, theme))
        pygame.draw.rect(surface, PRINT.text, pygame.Rect(area.left, area.top, 10, 10))

    picture = render_cropped((300, 200), 8, draw)
    assert seen == [(pygame.Rect(8, 8, 284, 184), PRINT)]
    assert picture.get_size() == (26, 26)


def test_write_picture_saves_a_light_picture_cropped_to_its_content(tmp_path: Path) -> None:
    def draw(surface: pygame.Surface, area: pygame.Rect, theme: Theme) -> None:
        text.blit_text(surface, "Results", 24, theme.text, area.topleft)

    path = write_picture(tmp_path, "results", (1600, 900), draw, margin=10)
    picture = pygame.image.load(str(path))
    assert picture.get_width() < 400 and picture.get_height() < 100
    assert picture.get_at((0, 0))[:3] == PRINT.background
    assert pygame.surfarray.array3d(picture).mean() > 180  # dark ink on white paper


#: The only modules that write pictures themselves: the writers, and the packaging smoke test
#: (a screenshot of the window, not an export).
PICTURE_WRITERS = {"game/ui/export.py", "game/ui/chart_parts.py", "game/ui/smoke.py"}


def test_every_exported_picture_goes_through_the_print_theme() -> None:
    """A screen that saved its own surface would export the dark screen theme: pictures are
    written by :func:`write_picture` or :func:`charts.save_png`, which draw in PRINT."""
    root = Path(__file__).resolve().parent.parent
    offenders = []
    for path in sorted((root / "game").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        if name not in PICTURE_WRITERS and re.search(
                r"\bimage\.save\(|\bwrite_png\(|\bsave_png_checked\(|\bpng_bytes\(", source):
            offenders.append(name)
    assert offenders == []
