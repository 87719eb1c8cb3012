"""The text and metrics caches only save time: what they give back is what a fresh measure or
computation gives, and a changed text cap is never answered from the cache."""

from __future__ import annotations

import pygame
import pytest

from game.ui import text, widgets
from game.ui.widgets import Metrics

SAMPLES = ("Play", "Jouer à l'Othello", "…", "", "1/2833", "Puissance 4: à vous de jouer")


def test_a_measured_size_is_the_fonts_own_measure_and_is_not_measured_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each size equals the font's measure (also after pygame.quit, which the cache
    outlives); asked again, it comes from the cache without the font."""
    pygame.init()
    try:
        for px in (6, 13, 40, 70):
            for bold in (False, True):
                for line in SAMPLES:
                    assert text.size(line, px, bold) == text.font(px, bold).size(line)
        text.clear_cache()
        pygame.quit()
        pygame.init()
        for line in SAMPLES:
            assert text.size(line, 40, True) == text.font(40, True).size(line)

        def no_font(px: int, bold: bool = False) -> pygame.font.Font:
            raise AssertionError(f"measured again at {px}")

        monkeypatch.setattr(text, "font", no_font)
        assert text.size("Play", 40, True) == text.size("Play", 40, True)
    finally:
        text.clear_cache()
        pygame.quit()


def test_a_full_size_cache_starts_again_and_still_measures_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At its limit the cache is emptied, never grown without end."""
    monkeypatch.setattr(text, "_SIZE_CACHE_MAX", 3)
    # From an empty cache: one that earlier tests in the process filled (29,813 sizes, the
    # samples among them) was never at its limit here, and this failed in a full run.
    monkeypatch.setattr(text, "_size_cache", {})
    pygame.init()
    try:
        for line in SAMPLES:
            assert text.size(line, 20) == text.font(20).size(line)
            assert len(text._size_cache) <= 3
    finally:
        text.clear_cache()
        pygame.quit()


WRAPPED = ("Le coup de l'IA reste expliqué sur le plateau : « W5 » gagne en 5 coups",
           "Game saved as othello-20261124-152230.txt\nin /home/teacher/games", "", "a  b")


def test_wrapped_lines_are_the_measured_ones_and_are_not_measured_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each wrap equals a fresh one (the lines measured anew); asked again, it measures
    nothing, and a caller changing the list it got changes no later answer."""
    monkeypatch.setattr(text, "_wrap_cache", {})
    pygame.init()
    try:
        for line in WRAPPED:
            for width, px in ((120, 20), (300, 40), (2000, 13), (0, 20), (95.5, 20)):
                assert text.wrap(line, width, px) == text._wrap_lines(line, width, px, False)
                assert text.wrap(line, width, px, True) == text._wrap_lines(line, width, px,
                                                                             True)

        def not_measured(*_args: object) -> tuple[int, int]:
            raise AssertionError("measured again")

        first = text.wrap(WRAPPED[0], 300, 40)
        monkeypatch.setattr(text, "size", not_measured)
        first.append("changed")
        assert text.wrap(WRAPPED[0], 300, 40) == first[:-1]
    finally:
        text.clear_cache()
        pygame.quit()


def test_a_full_wrap_cache_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """At its limit the wrap cache is emptied, never grown without end."""
    monkeypatch.setattr(text, "_WRAP_CACHE_MAX", 3)
    monkeypatch.setattr(text, "_wrap_cache", {})
    pygame.init()
    try:
        for width in range(100, 400, 20):
            assert text.wrap(WRAPPED[0], width, 20) == text._wrap_lines(WRAPPED[0], width, 20,
                                                                         False)
            assert len(text._wrap_cache) <= 3
    finally:
        text.clear_cache()
        pygame.quit()


def _fresh(size: tuple[int, int], scale: float) -> Metrics:
    """The metrics computed anew (the cache emptied first)."""
    widgets._metrics_cache.clear()
    return Metrics.for_size(size, scale)


@pytest.mark.parametrize("size", [(1024, 640), (1024, 768), (1920, 1080), (800, 1200)])
def test_metrics_come_back_equal_to_a_fresh_computation(size: tuple[int, int]) -> None:
    for scale in (1.0, 1.25, 2.0):
        first = _fresh(size, scale)
        assert Metrics.for_size(size, scale) is Metrics.for_size(size, scale)
        assert Metrics.for_size(size, scale) == first


def test_a_changed_text_cap_is_never_answered_from_the_cache(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests try other caps (conftest's TRY_TEXT_CAP): the cap is part of what is cached."""
    before = Metrics.for_size((1920, 1080), 2.0)
    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.045)
    lower = Metrics.for_size((1920, 1080), 2.0)
    assert lower.body < before.body
    assert lower == _fresh((1920, 1080), 2.0)
    monkeypatch.setattr(widgets, "BODY_MIN_FRACTION", 0.04)
    assert Metrics.for_size((1920, 1080), 1.0) == _fresh((1920, 1080), 1.0)
    assert Metrics.for_size((1920, 1080), 1.0).body >= 0.04 * 1080


def test_sounds_are_made_once_per_format_and_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mixer's samples of each sound are what the synthesis gives (16-bit, the same on
    every channel); a second app's sounds reuse them without synthesising again."""
    import numpy as np

    from game.ui import sound

    for channels in (1, 2):
        for name in sound.SOUND_NAMES:
            mono = np.clip(sound.synthesize(name, 22050) * 32767, -32768, 32767).astype(np.int16)
            expected = np.repeat(mono[:, None], channels, axis=1) if channels > 1 else mono
            assert sound.samples(name, 22050, channels) == expected.tobytes()
    pygame.init()
    try:
        first = sound.Sounds()

        def no_synthesis(name: str, rate: int) -> np.ndarray:
            raise AssertionError(f"{name} synthesised again")

        monkeypatch.setattr(sound, "synthesize", no_synthesis)
        second = sound.Sounds()
        assert second.available == first.available
        for name in sound.SOUND_NAMES if first.available else ():
            assert (second._sounds[name].get_raw() == first._sounds[name].get_raw())
    finally:
        pygame.quit()


def test_a_rendered_text_kept_after_pygame_quit_draws_the_same_pixels() -> None:
    """The app's shutdown quits pygame and forgets the fonts, not the rendered texts: drawn in
    the next window, a kept text gives the pixels of a fresh rendering."""
    pygame.init()
    screen = pygame.display.set_mode((320, 80))
    kept = text.render("Jouer à l'Othello", 30, (20, 40, 200), True)
    text.clear_cache()
    pygame.quit()
    pygame.init()
    try:
        screen = pygame.display.set_mode((320, 80))
        assert text.render("Jouer à l'Othello", 30, (20, 40, 200), True) is kept
        screen.fill((250, 250, 240))
        screen.blit(kept, (5, 5))
        seen = pygame.image.tobytes(screen, "RGB")
        fresh = text.font(30, True).render("Jouer à l'Othello", True, (20, 40, 200))
        screen.fill((250, 250, 240))
        screen.blit(fresh, (5, 5))
        assert seen == pygame.image.tobytes(screen, "RGB")
    finally:
        text.clear_cache()
        pygame.quit()


def test_option_types_are_resolved_once_and_as_get_type_hints_gives_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's options: the remembered types are typing.get_type_hints' own, read-only;
    parsing options again resolves nothing again."""
    import typing

    from game.rules import registry

    for name in registry.GAME_MODULES:
        info = registry.get_game(name)
        hints = registry.option_hints(info.options_type)
        assert dict(hints) == typing.get_type_hints(info.options_type)
        with pytest.raises(TypeError):
            hints["x"] = int  # type: ignore[index]
        registry.parse_options(info, {})

    def resolved_again(*_args: object, **_kwargs: object) -> dict[str, object]:
        raise AssertionError("annotations evaluated again")

    monkeypatch.setattr(typing, "get_type_hints", resolved_again)
    for name in registry.GAME_MODULES:
        info = registry.get_game(name)
        defaults = {f.name: str(f.default) for f in registry.option_fields(info)
                    if isinstance(f.default, (int, str)) and not isinstance(f.default, bool)}
        assert registry.parse_options(info, defaults) == info.options_type(**{
            key: getattr(info.options(), key) for key in defaults})


def test_the_assets_folder_is_found_without_resolving_the_path_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """From source, an asset's path is the repository's, worked out when the module loads."""
    from pathlib import Path

    from game import resources

    root = Path(resources.__file__).resolve().parent.parent

    def resolved_again(self: Path, strict: bool = False) -> Path:
        raise AssertionError(f"{self} resolved again")

    monkeypatch.setattr(Path, "resolve", resolved_again)
    assert resources.base_dir() == root
    assert resources.asset("fonts", "DejaVuSans.ttf") == root / "assets/fonts/DejaVuSans.ttf"


def test_the_menu_cards_pictures_are_drawn_once_for_every_app_and_as_fresh() -> None:
    """A second app's menu shows the first's card pictures (each test's app drew all five
    again), pixel for pixel what a fresh drawing gives; another language is a new picture."""
    from game.ui.scenes import menu_cards
    from tests.ui_helpers import make_app

    def pictures(language: str) -> dict[tuple[object, ...], pygame.Surface]:
        app = make_app((1024, 768), language=language)
        shown = {key: picture for key, picture in menu_cards._PICTURES.items()
                 if key[-1] == language}
        assert len(shown) == len(app.top.game_cards.rects)  # type: ignore[union-attr]
        app.shutdown()
        return shown

    menu_cards._PICTURES.clear()
    first = pictures("en")
    again = pictures("en")
    assert all(again[key] is first[key] for key in first)
    menu_cards._PICTURES.clear()
    fresh = pictures("en")
    for key, picture in fresh.items():
        assert pygame.image.tobytes(picture, "RGBA") == pygame.image.tobytes(first[key], "RGBA")
    french = pictures("fr")
    assert set(french).isdisjoint(fresh)


def test_marienbads_labels_are_fitted_once_while_an_explained_move_waits_and_as_fresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Against Perfect at 200% of 1024x768 in French, the fitting of several heaps' labels
    (under their matches, or rows of runs) is remembered for the board's layout: the frames
    of the explained move fit nothing again, and draw the pixels of a fresh fitting."""
    from game.ui.boards import nim
    from tests.play_helpers import explained_reply
    from tests.ui_helpers import frame

    app, play = explained_reply((1024, 768), "fr", "nim", "perfect",
                                options={"variant": "marienbad"})
    view = play.view
    assert isinstance(view, nim.NimView)
    fitted: list[str] = []
    for name in ("lanes_fit", "run_row"):
        real = getattr(nim, name)

        def spy(*args: object, _real: object = real, _name: str = name) -> object:
            fitted.append(_name)
            return _real(*args)  # type: ignore[operator]

        monkeypatch.setattr(nim, name, spy)
    frame(app)
    assert fitted == []
    remembered = pygame.image.tobytes(app.screen, "RGB")
    view._fitted_for = None  # forgotten: fitted afresh
    frame(app)
    assert fitted, "the fresh frame fitted nothing: the spies see no fitting"
    assert pygame.image.tobytes(app.screen, "RGB") == remembered
    app.shutdown()
