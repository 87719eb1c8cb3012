"""Settings: persistence (atomic, corrupt files kept aside), the settings screen, sounds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.ui import i18n
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import Settings, load_settings, save_settings, settings_path
from game.ui.sound import SOUND_NAMES, Sounds, synthesize
from game.ui.widgets import Choice, Toggle
from tests.ui_helpers import click, click_widget, frame, key, make_app, screenshot


def test_settings_round_trip(data_dir: Path) -> None:
    s = Settings(language="fr", theme="contrast", animations=False, ai_delay=1.5)
    s.choices("nim").options = {"variant": "marienbad"}
    s.choices("nim").seats = ["human", "mcts:iterations=500,time=0,c=1.4"]
    s.choices("nim").first = "random"
    assert save_settings(s) is None
    loaded, notice = load_settings()
    assert notice is None
    assert loaded == s


def test_missing_file_gives_defaults_with_the_system_language(data_dir: Path) -> None:
    loaded, notice = load_settings("fr")
    assert notice is None and loaded == Settings(language="fr")


def test_the_ai_reasoning_is_shown_unless_a_saved_choice_says_otherwise(data_dir: Path) -> None:
    """Following the machine's thinking is the product's heart: "Show AI reasoning" is on in a
    fresh install (it was off, so a class saw bare moves until someone found the switch), and
    a teacher who turned it off keeps it off."""
    loaded, _notice = load_settings("en")
    assert loaded.show_reasoning
    assert save_settings(Settings(show_reasoning=False)) is None
    loaded, notice = load_settings("en")
    assert notice is None and not loaded.show_reasoning


def test_a_corrupt_file_is_kept_aside_and_defaults_are_used(data_dir: Path) -> None:
    settings_path().write_bytes(b"{not json")
    loaded, notice = load_settings()
    assert loaded == Settings()
    assert notice and "kept aside" in notice
    kept = list(data_dir.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"{not json"


@pytest.mark.parametrize("text", ["[1, 2]", "null", "42", '"settings"'])
def test_json_that_is_not_an_object_is_kept_aside_with_a_notice(text: str,
                                                               data_dir: Path) -> None:
    settings_path().write_text(text, encoding="utf-8")
    loaded, notice = load_settings("fr")
    assert loaded == Settings(language="fr")
    assert notice and "settings.json" in notice and "kept aside" in notice
    kept = list(data_dir.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert not settings_path().exists()


def test_bad_values_are_ignored_one_by_one(data_dir: Path) -> None:
    settings_path().write_text(json.dumps({
        "language": "de", "theme": "neon", "sound": "yes", "ai_delay": 99, "animations": False,
        "games": {"nim": {"seats": ["human"], "first": "seat2", "options": {"matches": 12}},
                  "x": 3},
    }), encoding="utf-8")
    original = settings_path().read_bytes()
    loaded, notice = load_settings()
    assert loaded.language == "en" and loaded.theme == "default" and loaded.sound is True
    assert loaded.ai_delay == 0.6 and loaded.animations is False
    nim = loaded.choices("nim")
    assert nim.seats == ["human", "random"] and nim.first == "seat2"
    assert nim.options == {"matches": "12"}
    # The file as edited is kept (a copy) before the next save rewrites it without them.
    assert notice is not None
    for name in ("language", "theme", "sound", "ai_delay", "games.nim.seats", "games.x"):
        assert name in notice
    kept = list(data_dir.glob("settings.json.edited-*"))
    assert len(kept) == 1 and kept[0].name in notice and kept[0].read_bytes() == original
    assert settings_path().read_bytes() == original
    # A clean file says nothing and keeps nothing.
    assert save_settings(loaded) is None
    assert load_settings()[1] is None and len(list(data_dir.glob("settings.json.*"))) == 1


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
def test_a_settings_fifo_or_huge_file_does_not_stop_the_start(data_dir: Path) -> None:
    import os

    os.mkfifo(settings_path())
    loaded, notice = load_settings()
    assert loaded == Settings() and notice and "FIFO" in notice
    with settings_path().open("wb") as handle:
        handle.truncate(30_000_000)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice and "30.0 MB" in notice and "kept aside" in notice


def test_the_app_shows_a_notice_for_a_corrupt_settings_file(data_dir: Path) -> None:
    settings_path().write_bytes(b"\xff\xfe")
    loaded, notice = load_settings()
    from game.ui.app import App

    app = App(loaded, size=(1024, 640), notice=notice)
    assert app.toast and "settings.json" in app.toast
    app.shutdown()


def test_settings_screen_applies_and_saves_at_once(data_dir: Path) -> None:
    app = make_app((1024, 640))
    app.push(SettingsScene(app))
    scene = app.top
    assert isinstance(scene, SettingsScene)
    frame(app)
    language = scene.rows[0]
    assert isinstance(language, Choice)
    _left, _box, right = language._parts()
    click(app, right.center)
    assert app.settings.language == "fr" and i18n.language() == "fr"
    assert i18n.tr("menu.start").startswith("Jouer")
    screenshot(app, "settings_fr_1024")
    theme = scene.rows[3]
    assert isinstance(theme, Choice)
    click(app, theme._parts()[2].center)
    assert app.theme.name == "contrast"
    sound = scene.rows[5]
    assert isinstance(sound, Toggle)
    click_widget(app, sound)
    assert app.settings.sound is False
    saved, _ = load_settings()
    assert saved.language == "fr" and saved.theme == "contrast" and saved.sound is False
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene
    i18n.set_language("en")
    app.shutdown()


def test_fullscreen_toggle_from_keyboard_is_remembered(data_dir: Path) -> None:
    app = make_app((1024, 640))
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    key(app, pygame.K_RETURN, pygame.KMOD_ALT)
    assert not app.fullscreen
    assert app.size == (1024, 640)
    app.shutdown()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sounds_are_short_audible_and_clipped(name: str) -> None:
    signal = synthesize(name, 22050)
    assert 0.02 < len(signal) / 22050 < 1.0
    assert np.max(np.abs(signal)) <= 1.0
    assert np.max(np.abs(signal)) > 0.05


def test_sounds_play_or_stay_silent_but_never_fail() -> None:
    pygame.init()
    sounds = Sounds(enabled=True)
    for name in SOUND_NAMES:
        sounds.play(name)
    with pytest.raises(ValueError, match="unknown sound"):
        sounds.play("bang")
    with pytest.raises(ValueError, match="unknown sound"):
        synthesize("bang", 22050)


#: Files whose keys the lab's own test checks (tests/test_ui_lab.py).
LAB_FILES = ("scenes/learning_lab.py", "scenes/tournament.py", "scenes/lab_knowledge.py",
             "scenes/lab_files.py", "scenes/tournament_results.py",
             "scenes/lab_charts.py", "scenes/lab_session.py", "charts.py", "export.py")
#: The score kinds players give their decisions (``Decision.score_kind``).
SCORE_KINDS = ("value", "visits", "beads", "q", "flips", "cost", "probability", "exact",
               "allowed", "discs")


def test_every_text_key_is_translated_in_both_languages() -> None:
    import re

    from game.rules.registry import game_names
    from game.ui.scenes.help import SHORTCUTS

    root = Path(__file__).resolve().parent.parent / "game" / "ui"
    keys: set[str] = set()
    files = [p for p in sorted(root.rglob("*.py"))
             if p.relative_to(root).as_posix() not in LAB_FILES]
    assert len(files) >= 20, "every module of game/ui (boards included) is scanned"
    for path in files:
        source = path.read_text(encoding="utf-8")
        keys.update(re.findall(r'(?:\btr|\btr_label|plural)\(\s*"([a-z_]+\.[a-z_.0-9]+)"',
                               source))
    # Keys built at run time.
    # ("exact" and "allowed" scores are said as win/loss and allowed/eliminated instead.)
    keys.update(f"words.kind.{kind}" for kind in SCORE_KINDS if kind not in ("exact", "allowed"))
    for game in ("hexapawn", "othello", "morpion", "nim"):
        keys.add(f"play.count.{game}")
    from game.ui.reasoning import _PHRASES, _RULES

    keys.update(k for _pattern, k in _PHRASES + _RULES)
    keys.update(what for _keys, what in SHORTCUTS)
    for game in game_names():
        keys.update({f"game.{game}.title", f"game.{game}.side0", f"game.{game}.side1",
                     f"rules.{game}.1", f"rules.{game}.caption"})
    for reason in ("far_row", "captured_all", "no_move", "last_match", "misere_last_match",
                   "line", "repetition", "discs"):
        keys.add(f"reason.{reason}")
    en, fr = i18n.table("en"), i18n.table("fr")
    assert len(keys) > 100
    missing = sorted(k for k in keys if k not in en or k not in fr)
    assert not missing, f"untranslated keys: {missing}"
    # A singular form (".one") on one side has one on the other.
    ones = {k for k in en if k.endswith(".one")} ^ {k for k in fr if k.endswith(".one")}
    assert not ones, f"singular forms in one language only: {sorted(ones)}"
    # The same format fields on both sides, so a translation never loses a value.
    field = re.compile(r"{(\w+)}")
    for text_key in en:
        if text_key in fr and not text_key.startswith("boards."):
            assert set(field.findall(en[text_key])) == set(field.findall(fr[text_key])), text_key


@pytest.mark.parametrize("language", ["en", "fr"])
def test_widget_labels_fit_at_1024x640(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No button, toggle or selector text is cut with an ellipsis on the menu (every game and
    every player), the settings, the help and the play screen (AI vs AI controls) at the
    smallest supported window, in either language."""
    from ai.registry import players_for
    from tests.ui_helpers import start_game, watch_cuts

    cut = watch_cuts(monkeypatch)

    def labels(widgets: list[Any]) -> set[str]:
        found: set[str] = set()
        for w in widgets:
            found.add(w.label())
            if isinstance(w, Choice):
                found.add(w.current_label())
        return found

    app = make_app((1024, 640), language=language)
    try:
        menu = app.top
        shown: set[str] = set()
        for game in ("hexapawn", "nim", "morpion", "othello"):
            for name, rect in menu.cards:
                if name == game:
                    click(app, rect.center)
            for info in players_for(game):
                menu.choices.seats = [info.name, info.name]
                menu.rebuild()
                frame(app)
                shown |= labels(menu.all_widgets())
        settings = SettingsScene(app)
        app.push(settings)
        frame(app)
        shown |= labels([*settings.rows, settings.back])
        key(app, pygame.K_ESCAPE)
        play = start_game(app, "othello", ("random", "greedy"))
        play.turns.paused = True
        frame(app)
        shown |= labels(play.buttons())
        bad = sorted(shown & set(cut))
        assert not bad, f"cut at 1024x640 in {language}: {bad}"
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_a_data_folder_that_cannot_be_made_gives_defaults_and_a_notice(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """AIGAMELAB_DATA_DIR naming a file (or a read-only profile) must not stop the app."""
    blocker = data_dir / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("AIGAMELAB_DATA_DIR", str(blocker))
    loaded, notice = load_settings("fr")
    assert loaded == Settings(language="fr")
    assert notice and "data folder" in notice
    assert save_settings(loaded) is not None  # a message, not an exception


def test_the_ai_delay_is_written_the_language_s_way() -> None:
    """Regression: Settings in French read "0.6 s" (seen in a real window)."""
    from game.ui.scenes.settings import delay_label

    assert delay_label(0.6) == "0.6 s"
    i18n.set_language("fr")
    assert delay_label(0.6) == "0,6 s" and delay_label(2) == "2 s"


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_the_text_size_arrows_stay_under_the_pointer(size: tuple[int, int]) -> None:
    """Regression (real window, 1920x1080): clicking the text size's right arrow four times
    at one place reached 150%, not 200%: each size moved the rows and the panel, and the
    arrow left the pointer. The panel now follows so the arrow stays under it, both ways."""
    app = make_app(size)
    click_widget(app, next(b for b in app.top.header_buttons  # type: ignore[union-attr]
                           if b.label() == i18n.tr("menu.settings")))
    scene = app.top
    assert isinstance(scene, SettingsScene)
    frame(app, dt=1.0)  # past the double-click guard
    chooser = scene.rows[1]
    assert isinstance(chooser, Choice)
    right = chooser._parts()[2].center
    for _ in range(4):
        click(app, right)
        frame(app, dt=1.0)
    assert app.settings.text_scale == 200
    left = chooser._parts()[0].center
    for _ in range(4):
        click(app, left)
        frame(app, dt=1.0)
    assert app.settings.text_scale == 100
    app.shutdown()


def open_text_size(app: Any) -> tuple[SettingsScene, Choice]:
    """Open the settings over ``app`` (past the double-click guard): the scene and its text
    size chooser."""
    scene = SettingsScene(app)
    app.push(scene)
    frame(app, dt=1.0)
    chooser = scene.rows[1]
    assert isinstance(chooser, Choice)
    return scene, chooser


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1024, 640)])
def test_opened_at_200_percent_stepping_down_keeps_the_arrow_under_the_pointer(
        size: tuple[int, int]) -> None:
    """Regression (QA, real window at 1280x800 fr): opened at 200%, three clicks on the text
    size's left arrow at one place: the rows shrank upwards (arrow at y 304, 287, 254), the
    third click landed on "Full screen" and switched the window to full screen. The rows
    now scroll down while the pointer stays on the arrow."""
    app = make_app(size, language="fr", text_scale=200)
    _scene, chooser = open_text_size(app)
    left = chooser._parts()[0].center
    for _ in range(4):
        click(app, left)
        frame(app, dt=1.0)
        assert chooser._parts()[0].collidepoint(left)
    assert app.settings.text_scale == 100 and not app.settings.fullscreen
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_at_a_true_200_percent_the_settings_rows_scroll_and_say_so(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with a 40 px body at 1024x768 the rows ran under Back, "IA contre IA :
    délai par coup" over the hint, which was cut ("Changes are applied and saved at on…").
    The rows now scroll (wheel, arrow keys) between the title and Back, only whole rows
    show, a bar shows where, and the hint beside Back says how, on two lines if need be."""
    from game.ui import text, widgets

    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)
    app = make_app(size, language=language, text_scale=200)
    scene = SettingsScene(app)
    app.push(scene)
    frame(app)
    assert scene.most_scroll > 0
    assert " ".join(scene.hint) == " ".join(text.wrap(i18n.tr("settings.saved_scroll"),
                                                      10 ** 6, app.metrics.small))
    seen: set[int] = set()
    for _ in range(len(scene.rows)):
        shown = [r for r in scene.rows if r.visible]
        assert all(scene.view.contains(r.rect) for r in shown)
        assert not any(r.rect.colliderect(scene.back.rect) for r in shown)
        seen |= {scene.rows.index(r) for r in shown}
        key(app, pygame.K_DOWN)
    assert seen == set(range(len(scene.rows)))
    frame(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False)])
    assert scene.scroll == 0
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_at_200_percent_every_settings_row_reads_at_the_rows_size(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA, real window at 200% of 1024x768): "Explain mode: the AI's move waits
    for a click" was shrunk to 31 px among 40 px rows ("IA contre IA : délai par coup" to
    32), the hint broke between "↑" and "↓", and scrolled to the end the rows left an empty
    band above "Colours". A long label now takes two lines at the rows' size, the arrows
    stay together, and the rows scroll a whole row at a time, the first one shown at the
    top of the list."""
    from game.ui import text

    drawn: list[tuple[str, int]] = []
    real = text.render

    def spy(value: str, px: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append((value, px))
        return real(value, px, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    app = make_app(size, language=language, text_scale=200)
    scene = SettingsScene(app)
    app.push(scene)
    labels: dict[str, set[int]] = {}
    for _ in range(len(scene.rows) + 1):
        drawn.clear()
        frame(app)
        shown = [r for r in scene.rows if r.visible]
        assert min(r.rect.top for r in shown) == scene.view.top, "a band above the rows"
        for row in shown:
            # The run of texts drawn that makes the label (one line, or two).
            runs = [drawn[i:i + n] for n in (1, 2) for i in range(len(drawn))
                    if " ".join(v for v, _px in drawn[i:i + n]) == row.label()]
            assert runs, (row.label(), drawn)
            labels[row.label()] = {px for _v, px in runs[0]}
        key(app, pygame.K_DOWN)
    assert scene.rows[-1].visible
    assert set(labels) == {r.label() for r in scene.rows}
    assert all(sizes == {app.metrics.body} for sizes in labels.values()), labels
    assert not any(line.endswith("↑") for line in scene.hint), scene.hint
    app.shutdown()


def test_stepping_the_text_size_keeps_the_settings_centred_across(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA 33, real window at 1024x768 from 100%): each step of the text size
    widened the panel, which, following the arrow, sat against the window's left edge (an
    empty band on the right), the arrow no longer under the pointer; at 200% its title
    touched the top and "Language" was scrolled away. The panel is as wide at every size,
    centred across, and goes back to the middle, rows from the top, when the pointer
    leaves the text-size row."""
    app = make_app((1024, 768))
    scene, chooser = open_text_size(app)
    right = chooser._parts()[2].center
    w, h = app.size
    for _ in range(4):
        click(app, right)
        frame(app, dt=1.0)
        # Centred across (within the arrow's few pixels of growth).
        assert abs(scene.panel.centerx - w // 2) <= app.metrics.pad
        assert chooser._parts()[2].collidepoint(right)  # the next click steps again
    assert app.settings.text_scale == 200
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(w // 2, 5), rel=(0, 0),
                                   buttons=(0, 0, 0))])
    frame(app)
    assert scene.panel.center == (w // 2, h // 2)
    assert scene.rows[0].visible and scene.rows[0].rect.top == scene.view.top
    app.shutdown()


def double_click(app: Any, pos: tuple[int, int]) -> None:
    """A double-click at ``pos`` as a real window sends it: both clicks in one frame."""
    press = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                *press, *press])


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("start", [200, 175])
def test_a_double_click_on_the_text_size_lays_the_settings_out_at_once(
        size: tuple[int, int], start: int) -> None:
    """Regression (QA14 21, real window at 1280x800 fr): after a double-click on the text
    size's ◀ (200% -> 150%, or 175% -> 125%), until the pointer moved, the panel ran to the
    window's bottom edge, an empty band under its title, a row missing from the room left
    and (from 175%) no "more rows" hint though a row was hidden. The panel that keeps the
    arrow under the pointer is now laid out whole: inside the window, the rows from the top
    of their room, as many as fit, the hint saying so when some are hidden."""
    app = make_app(size, language="fr", text_scale=start)
    scene, chooser = open_text_size(app)
    left = chooser._parts()[0].center
    double_click(app, left)
    assert app.settings.text_scale == start - 50
    assert chooser._parts()[0].collidepoint(left)  # a third click steps again
    pad = app.metrics.pad
    assert scene.panel.top >= pad and scene.panel.bottom <= size[1] - pad
    shown = [row for row in scene.rows if row.visible]
    assert min(row.rect.top for row in shown) == scene.view.top, "a band above the rows"
    hidden = [row for row in scene.rows if not row.visible]
    below = [row for row in hidden if row.rect.top > shown[-1].rect.top]
    assert not below or below[0].rect.bottom > scene.view.bottom, "room left for a row"
    if hidden:
        assert scene.hint and "↑" in " ".join(scene.hint)
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "en"), ((1280, 800), "fr"),
                                                ((1024, 768), "fr"), ((1920, 1080), "en")])
@pytest.mark.parametrize("scale", [200, 150, 100])
def test_the_settings_choosers_line_up_and_show_every_value_whole(
        size: tuple[int, int], language: str, scale: int) -> None:
    """Regression (QA14 21): at 200% the "Colours" chooser, made wide for "High contrast
    (projector)", stuck out 50-215 px left of the other choosers. Every chooser now has the
    same box at every text size (a value too long for one line takes two), each of its
    values whole in it."""
    from game.ui import text

    app = make_app(size, language=language, text_scale=scale, theme="contrast")
    scene, _chooser = open_text_size(app)
    choosers = [row for row in scene.rows if isinstance(row, Choice)]
    assert len({c._parts()[1].left for c in choosers}) == 1
    for chooser in choosers:
        left, _box, right = chooser._parts()
        room = right.left - left.right
        for _value, label in chooser.items:
            lines = text.wrap(label(), room, chooser.px, True)
            one = text.size(label(), int(chooser.px * 0.8), True)[0] <= room
            two = (len(lines) == 2 and 2 * text.font(chooser.px, True).get_linesize()
                   <= chooser.rect.height)
            assert one or two, (chooser.label(), label())
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "en"), ((1280, 720), "fr"),
                                                ((1920, 1080), "en"), ((1920, 1080), "fr")])
def test_the_colours_chooser_is_as_tall_as_the_language_one_at_200_percent(
        size: tuple[int, int], language: str) -> None:
    """Regression (QA16 15, 1280x720 en 200%): the "Colours" chooser was 1.5 times as tall
    as "Language" and "Text size" above it, an empty band under its box, because "High
    contrast (projector)" took two lines in the value box the choosers share. Where a wider
    box shows every value on one line, at the cost of a label on two ("AI vs AI: delay per
    move"), the box is that wide: the rows of one-line labels are one line high."""
    app = make_app(size, language=language, text_scale=200)
    scene, _chooser = open_text_size(app)
    language_row, colours = scene.rows[0], scene.rows[3]
    assert isinstance(language_row, Choice) and isinstance(colours, Choice)
    assert colours.rect.height == language_row.rect.height, (colours.rect, language_row.rect)
    app.shutdown()
