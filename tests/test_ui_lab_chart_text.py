"""The learning lab's charts read from the back of the room: their ticks, axis captions and
legend never under the window's readable size, and the y axis's caption shrunk to the plot's
height rather than left out (QA13 18 and 32)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import chart_lines
from game.ui.scenes.play_fit import readable_px
from tests.lab_helpers import large_lab, train_instantly
from tests.ui_helpers import frame, texts_drawn_by


def trained_charts(size: tuple[int, int], language: str, scale: int,
                   game: str = "hexapawn") -> tuple[object, object]:
    """The lab's charts after 300 games of ``game``, drawn afresh in the next frame."""
    app, lab = large_lab(size, language, scale)
    train_instantly(lab, game, "elimination", 300)
    lab.tabs.choose("charts")
    frame(app)  # type: ignore[arg-type]
    app.toast = None  # type: ignore[attr-defined]
    lab.charts.clear()
    return app, lab


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_charts_text_is_readable_at_100_percent(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA13 32 (1024x768 en 100%): the ticks "200", "400" and "games played" were about 15 px
    (85% of the 18-px small text), under the 20-px floor."""
    from game.ui.i18n import tr

    app, _lab = trained_charts((1024, 768), language, 100)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)  # type: ignore[arg-type]
    # (Each chart is drawn on a picture of its own: its texts are told by what they say.)
    words = {tr(key) for key in ("lab.chart.games", "lab.series.learner",
                                 "lab.series.opponent", "lab.series.draws")}
    inside = [(line, px) for line, px, _rect in drawn
              if line in words or line.replace("%", "").replace("\u202f", "").strip().isdigit()]
    assert {"200", tr("lab.chart.games")} <= {line for line, _px in inside}, inside
    assert min(px for _line, px in inside) >= readable_px((1024, 768)), inside
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language"), [((1920, 1080), "fr"), ((1024, 768), "en")])
def test_the_wins_axis_keeps_its_caption_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA13 18 (1920x1080 fr 200%): the y axis had no "victoires": at the small size (60 px)
    the word was longer than the plot was high and was left out. It now shrinks to the
    plot's height, never under the readable size."""
    from game.ui.i18n import tr

    app, _lab = trained_charts(size, language, 200)
    captions: list[tuple[str, int]] = []
    real = chart_lines._rotated_label

    def spy(label: str, px: int, colour: tuple[int, int, int]) -> pygame.Surface:
        captions.append((label, px))
        return real(label, px, colour)

    monkeypatch.setattr(chart_lines, "_rotated_label", spy)
    frame(app)  # type: ignore[arg-type]
    assert [label for label, _px in captions] == [tr("lab.chart.wins_axis")], captions
    assert captions[0][1] >= readable_px(size)
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "drawn"), [("nim", False), ("hexapawn", False),
                                             ("morpion", True)])
def test_draws_are_charted_only_where_the_game_can_be_drawn(
        game: str, drawn: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA15 9 (1024x768 en 200%, seen again in a real window in French): the wins chart of
    Nim, which cannot be drawn, listed "Draws" and drew a grey line at 0."""
    from game.ui.i18n import tr

    app, _lab = trained_charts((1024, 768), "en", 200, game)
    lines = [line for line, _px, _rect in texts_drawn_by(lambda: frame(app), monkeypatch)]
    assert (tr("lab.series.draws") in lines) is drawn, lines
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "en"), ((1024, 768), "fr"),
                                                ((1280, 720), "en"), ((1280, 800), "fr"),
                                                ((1920, 1080), "fr")])
def test_earlier_runs_of_one_set_up_are_named_whole_in_one_key(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA15 9 (1024x768 en 200%): with three runs "1: Elimina…", "2: Elimina…" were cut,
    the part that told them apart gone; at 1280x720 and 1920x1080 the earlier runs were left
    out of the legend. Runs of one set-up now share one key, "1," "2: Elimination vs Random",
    whole and readable on both charts, and the latest run's line reads "3: Learner"."""
    from game.ui.i18n import tr
    from game.ui.scenes.lab_common import player_name
    from tests.ui_helpers import watch_cuts

    app, lab = large_lab(size, language)
    for _ in range(3):
        train_instantly(lab, "nim", "elimination", 200)
        frame(app)  # type: ignore[arg-type]
    lab.tabs.choose("charts")
    app.toast = None  # type: ignore[attr-defined]
    lab.charts.clear()
    cut = watch_cuts(monkeypatch)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)  # type: ignore[arg-type]
    last = tr("lab.run_short", n=2, learner=player_name("elimination"),
              opponent=player_name("random"))
    keys = [(line, px) for line, px, _rect in drawn if line in ("1,", last)]
    shown = len(lab.chart_choice.names())
    assert [line for line, _px in keys] == ["1,", last] * shown, drawn
    assert min(px for _line, px in keys) >= readable_px(size), keys
    assert not cut, cut
    # The latest run says its number too (with "Learner" alone a class looked for run 3).
    latest = tr("lab.series.run", n=3, side=tr("lab.series.learner"))
    assert [line for line, _px, _rect in drawn].count(latest) == shown, drawn
    app.shutdown()  # type: ignore[attr-defined]
