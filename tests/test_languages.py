"""Languages are data: the list comes from the translation files, player texts are keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.registry import all_players
from game.ui import i18n


def test_languages_are_the_ones_with_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    for name, data in (("ui.en.json", {"language.name": "English", "a": "A"}),
                       ("ui.de.json", {"language.name": "Deutsch", "a": "Ä"}),
                       ("boards.de.json", {}), ("notes.txt", {})):
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(i18n, "asset", lambda _name: tmp_path)
    i18n.reload()
    try:
        assert i18n.languages() == ("en", "de")
        assert i18n.language_name("de") == "Deutsch"
        i18n.set_language("de")
        assert i18n.tr("a") == "Ä"
        with pytest.raises(ValueError, match="unknown language 'xx': choose one of en, de"):
            i18n.set_language("xx")
    finally:
        i18n.set_language("en")
        i18n.reload()


def test_the_bundled_languages_name_themselves() -> None:
    assert i18n.languages() == ("en", "fr")
    assert [i18n.language_name(c) for c in i18n.languages()] == ["English", "Français"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_player_has_a_title_and_description_in_every_language(lang: str) -> None:
    texts = i18n.table(lang)
    for info in all_players():
        assert texts.get(f"player.{info.name}.title"), info.name
        assert texts.get(f"player.{info.name}.description"), info.name


def test_french_file_names_after_de_are_quoted_not_elided() -> None:
    """Audit: "Chargement de elimination-nim-….json" (French elides "de" before a vowel; a
    file name in « » needs no elision, and reads as a name)."""
    i18n.set_language("fr")
    try:
        for key in ("lab.loading", "lab.load_cancelled"):
            said = i18n.tr(key, name="elimination-nim.json")
            assert "de elimination" not in said and "« elimination-nim.json »" in said
    finally:
        i18n.set_language("en")
