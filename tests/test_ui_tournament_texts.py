"""The tournament's texts about a player read right in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ui import i18n
from game.ui.scenes.tournament_results import tr_named


@pytest.fixture
def french() -> Iterator[None]:
    """French for the test, English again after it."""
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("french")
def test_french_elides_de_before_a_vowel() -> None:
    """Regression (audit): the duel's interval legend read "IC 95 % des victoires de
    Alpha-bêta"; French says "d'Alpha-bêta" (and "d'Élève"), but "de Minimax"."""
    assert tr_named("tour.interval", "Alpha-bêta").endswith("victoires d'Alpha-bêta")
    assert tr_named("tour.interval", "Élève 2").endswith("victoires d'Élève 2")
    assert tr_named("tour.interval", "Minimax").endswith("victoires de Minimax")
    assert tr_named("tour.interval", "").endswith("victoires de ")


def test_english_says_the_same_before_a_vowel() -> None:
    i18n.set_language("en")
    assert tr_named("tour.interval", "Alpha-beta") == "├─┤ 95% CI of Alpha-beta's wins"
