"""The menu's game cards keep their pictures whoever sits at the seats."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui.scenes import menu_cards
from tests.ui_helpers import frame, make_app


@pytest.mark.parametrize("seat", ["minimax", "perfect"])
def test_cards_keep_their_pictures_with_a_player_of_three_parameters(
        seat: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (audit, 200% of 1920x1080 in French): with Minimax (three parameters) at
    seat 2 the cards, 147 px tall, showed names only, as the name's line took 1.5 headings
    (93 px) for names drawn at 43 px; with Perfect (none) they had pictures. The name's line
    is now as tall as the names drawn: every card shows its picture in both cases."""
    pictured: list[str] = []
    real = menu_cards.GameCards.picture

    def spy(self: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        pictured.append(name)
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(menu_cards.GameCards, "picture", spy)
    app = make_app((1920, 1080), language="fr", text_scale=200)
    frame(app)
    scene = app.top
    scene.select_game("nim" if seat == "perfect" else "hexapawn")
    scene.choices.seats = ["human", seat]
    scene.rebuild()
    frame(app)
    pictured.clear()
    frame(app)
    names = [name for name, _rect in scene.game_cards.rects]
    assert sorted(set(pictured)) == sorted(names), pictured
    app.shutdown()
