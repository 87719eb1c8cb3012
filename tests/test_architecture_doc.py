"""docs/ARCHITECTURE.md stays true: it names every module of the app and every scene (a new
module is described where a newcomer looks first), and the files it says a new game needs are
the ones each game has."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("folder", ["game/ui", "game/ui/scenes", "game/ui/boards"])
def test_every_app_module_is_described(folder: str) -> None:
    missing = [p.name for p in sorted((ROOT / folder).glob("*.py"))
               if p.name != "__init__.py" and p.name not in DOC]
    assert not missing, f"docs/ARCHITECTURE.md does not mention {missing} of {folder}"


@pytest.mark.parametrize("game", GAME_MODULES)
def test_every_game_has_its_rules_and_board_modules(game: str) -> None:
    from game.ui.boards import presenter_for

    for path in (f"game/rules/{game}.py", f"game/ui/boards/{game}.py"):
        assert (ROOT / path).is_file(), path
    assert presenter_for(game).game == game
    for pattern in ("game/rules/<game>.py", "game/ui/boards/<game>.py", "GAME_MODULES",
                    "_BOARDS", "assets/i18n/<game>.en.json"):
        assert pattern in DOC, pattern


def test_the_proof_game_has_exactly_the_files_the_doc_lists() -> None:
    """Puissance 4, added by the list: its texts in its own files, its evaluation's name with
    them, and the tests the doc names."""
    import json

    for lang in ("en", "fr"):
        texts = json.loads((ROOT / f"assets/i18n/connect4.{lang}.json").read_text("utf-8"))
        assert "game.connect4.title" in texts and "param.eval.centre" in texts
    for path in ("tests/test_connect4.py", "tests/test_ui_connect4.py"):
        assert (ROOT / path).is_file() and path in DOC, path
