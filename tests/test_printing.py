"""Pictures for printing: the light theme and the crop to what was drawn."""

from __future__ import annotations

import pygame

from game.ui.printing import PRINT, content_rect, crop_to_content, render_cropped
from game.ui.theme import contrast_ratio


def test_the_print_theme_is_dark_ink_on_white() -> None:
    assert PRINT.background == (255, 255, 255)
    for ink in (PRINT.text, PRINT.text_muted, PRINT.accent, PRINT.danger, PRINT.ok):
        assert contrast_ratio(ink, PRINT.background) >= 3.0, ink


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
