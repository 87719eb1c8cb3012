"""The layers: game.rules and ai never import pygame or the UI; game.rules never imports ai;
nothing under game/ outside game/ui imports pygame or the UI; the play scene's turn driver
works without pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    """Every module name imported by the file at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [("game/rules", ("pygame", "game.ui", "ai")), ("ai", ("pygame", "game.ui"))],
)
def test_dependencies_point_one_way(package: str, forbidden: tuple[str, ...]) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    for path in files:
        for name in _imports(path):
            bad = [f for f in forbidden if name == f or name.startswith(f + ".")]
            assert not bad, f"{path.relative_to(ROOT)} imports {name}"


def test_game_outside_ui_never_imports_pygame() -> None:
    """game/ outside ui/ (rules, user data, resources, logging) is usable without a display."""
    game = ROOT / "game"
    files = sorted(p for p in game.rglob("*.py") if p.relative_to(game).parts[0] != "ui")
    assert any(p.parent == game for p in files) and any(p.parent != game for p in files)
    for path in files:
        for name in _imports(path):
            bad = [f for f in ("pygame", "game.ui") if name == f or name.startswith(f + ".")]
            assert not bad, f"{path.relative_to(ROOT)} imports {name}"


def test_the_turn_driver_loads_without_pygame() -> None:
    """The play scene's game logic (match, turn driver) is tested without pixels."""
    code = (
        "import sys\n"
        "import game.ui.scenes.match, game.ui.scenes.turns\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=120)


def test_rules_and_ai_load_without_pygame() -> None:
    """Importing every rules and AI module, and asking for every player, never loads pygame."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import game.rules, ai\n"
        "for pkg in (game.rules, ai):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "from ai.registry import players_for\n"
        "from game.rules.registry import game_names, get_game\n"
        "for g in game_names():\n"
        "    players_for(g, get_game(g).options())\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=120)


def test_screens_never_name_a_game() -> None:
    """Generic UI code asks the game's presenter (game/ui/boards) instead of comparing names."""
    import re

    from game.rules.registry import game_names

    names = "|".join(re.escape(n) for n in game_names())
    pattern = re.compile(rf"[\"']({names})[\"']")
    ui = ROOT / "game" / "ui"
    for path in sorted(ui.rglob("*.py")):
        if path.relative_to(ui).parts[0] == "boards":
            continue
        found = pattern.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(ROOT)} names {found}"


#: AI modules written for one game, which may name it (the n-tuple network reads Othello boards).
PER_GAME_AI = ("othello_", "morpion_", "ntuple")


def test_generic_ai_never_names_a_game() -> None:
    """Search, players, learners, the arena, training and the exact solver ask the game's
    descriptor; only the modules written for one game may name it (``perfect`` once named
    Nim twice to pick its rule)."""
    import re

    from game.rules.registry import game_names

    names = "|".join(re.escape(n) for n in game_names())
    pattern = re.compile(rf"[\"']({names})[\"']")
    for path in sorted((ROOT / "ai").glob("*.py")):
        if path.name.startswith(PER_GAME_AI):
            continue
        found = pattern.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(ROOT)} names {found}"


#: The house rule for a screen's module: beyond it, split the module by job.
SCENE_MODULE_MOST_LINES = 500


def test_no_scene_module_is_over_the_house_size() -> None:
    """Every module of game/ui/scenes keeps to 500 lines (learning_lab.py had grown to 525 and
    play_panel.py to 505 before they were split by job)."""
    scenes = ROOT / "game" / "ui" / "scenes"
    too_long = {p.name: n for p in sorted(scenes.glob("*.py"))
                if (n := len(p.read_text(encoding="utf-8").splitlines()))
                > SCENE_MODULE_MOST_LINES}
    assert not too_long
