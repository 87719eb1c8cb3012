"""At the end of a game with large text, the final position keeps its room (issue 12).

Regression: at 200% of 1920x1080 in French the end banner stacked "Blanc gagne" and "Blanc a
atteint la dern…" (cut) over its buttons, the column's lower half: Hexapawn's final position
shrank to about 140 px, under a status line already saying "Blanc gagne / Blanc a atteint la
dernière rangée" whole. With large text the banner is now its two buttons alone.
"""

from __future__ import annotations

import pytest

from tests.ui_helpers import frame, make_app, start_game, watch_cuts


@pytest.mark.parametrize("game", ["hexapawn", "nim", "othello"])
@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1024, 768), "fr"),
                                            ((1280, 720), "en")])
def test_at_200_percent_the_final_position_keeps_its_room(
        game: str, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, game, ("human", "human"))
    frame(app)
    during = play.board_rect.height
    cut = watch_cuts(monkeypatch)
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    frame(app)
    banner = play.banner
    assert banner.rect is not None and banner.buttons_only
    assert all(banner.rect.contains(b.rect) and b.label_fits() for b in banner.buttons())
    # Alone in the band, the buttons stand in its middle.
    again, menu = banner.buttons()
    assert abs((again.rect.left + menu.rect.right) / 2 - banner.rect.centerx) <= app.metrics.pad
    # The banner takes a row of buttons: the board keeps most of its height.
    assert play.board_rect.height >= 0.7 * during, (during, play.board_rect.height)
    headline, reason, _bad = play.status()
    assert headline not in cut and reason not in cut, cut
    app.shutdown()
