"""The lab at 200% text reads from the back row (QA17 12): its header's title near the body
size, the Table's 0 and 1 well above the floor, and One game's progress line in words a class
understands before its first move. Driven on the real lab scene with the dummy video driver."""

from __future__ import annotations

from typing import Any

import pytest

from ai.training import Progress
from game.ui import i18n
from game.ui.scenes.lab_layout import compact_title, header_lines
from game.ui.scenes.lab_table import smallest_number_px
from tests.lab_helpers import large_lab, train_instantly
from tests.ui_helpers import frame, texts_drawn_by


def table_legend_drawn(size: tuple[int, int], language: str, scale: int, kind: str,
                       monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[Any], list[Any]]:
    """The lab's Table for a Nim ``kind`` trained 50 games, one frame drawn: the app, the
    texts drawn in the legend's room and every wrapped text drawn, as (words, px, rect)."""
    from game.ui import text

    app, lab = large_lab(size, language, scale)
    train_instantly(lab, "nim", kind, 50)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    drawn: list[tuple[str, int, object]] = []
    real = text.blit_wrapped

    def spy(surface: object, words: str, px: int, colour: object, rect: object,
            *args: object, **kwargs: object) -> object:
        drawn.append((words, px, rect))
        return real(surface, words, px, colour, rect, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "blit_wrapped", spy)
    frame(app)  # type: ignore[arg-type]
    room = lab.table.legend_text_area(lab.table.prev_button.rect.height)
    return app, [(w, p, r) for w, p, r in drawn if r == room], drawn


@pytest.mark.parametrize(("size", "language"), [((1280, 800), "fr"), ((1280, 720), "fr"),
                                                ((1024, 768), "en")])
def test_the_compact_title_stays_near_the_body_size(size: tuple[int, int],
                                                    language: str) -> None:
    """QA17 12 (1280x800 fr 200%): "Nim (20 allumettes, 1–3) · Élimination" was drawn at
    30 px beside 52 px text in 0.7 of the header, the progress line keeping the rest. The
    title takes up to 0.82 of the header to reach 0.75 of the body size, the variant still
    named: at least 0.68 of the body size here (36 px at 1280x800 fr)."""
    from game.ui.scenes.lab_common import variant_label

    app, lab = large_lab(size, language)
    assert lab.compact()
    title, px = compact_title(lab)
    assert variant_label(lab.game, lab.options) in title
    assert px >= round(app.metrics.body * 0.68), (title, px)  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_one_game_says_what_it_does_before_its_first_move(language: str) -> None:
    """QA17 12 (1920x1080 en 200%): before One game's first move the header read "0 / 1
    game · — left". It now says the lab plays one game, move by move; a run of more games
    keeps its count."""
    i18n.set_language(language)
    try:
        waiting = Progress(0, 1, 0.0, 0.0, None, True, False, False, False)
        lines = header_lines(waiting, 200)
        assert lines[0] == i18n.tr("lab.progress_one_game"), lines
        assert not any("—" in line or "/" in line for line in lines), lines
        run = Progress(0, 500, 0.0, 0.0, None, True, False, False, False)
        assert "500" in header_lines(run, 200)[0]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("size", "language"), [((1280, 800), "fr"), ((1024, 768), "fr"),
                                                ((1920, 1080), "en")])
def test_the_tables_numbers_are_well_above_the_floor(size: tuple[int, int], language: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """QA17 12 / QA18 9 (1280x800 fr 200%): Nim's Table printed its 0 and 1 at 26 px (ink
    ~19 px, the floor 20) under column labels at the heading size. Its numbers now come
    first: at least the lab's smallest number size (80% of the small size), here 30-48 px."""
    app, lab = large_lab(size, language)
    train_instantly(lab, "nim", "elimination", 200)
    lab.tabs.choose("table")
    frame(app)  # type: ignore[arg-type]
    grid = lab.table.grid
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)  # type: ignore[arg-type]
    cells = [px for line, px, rect in drawn if line in ("0", "1") and grid.contains(rect)]
    assert cells, "no number printed in the table's cells"
    assert min(cells) >= smallest_number_px(app.metrics), cells  # type: ignore[attr-defined]
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language", "kind", "scale"), [
    ((1280, 800), "en", "elimination", 100), ((1280, 800), "fr", "elimination", 100),
    ((1024, 768), "fr", "elimination", 100), ((1280, 720), "en", "reinforcement", 100),
    ((1920, 1080), "fr", "qlearning", 100), ((1280, 800), "fr", "elimination", 200)])
def test_the_tables_explanation_is_at_least_the_readable_size(
        size: tuple[int, int], language: str, kind: str, scale: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review (target 6): Nim's Table explained its colours ("1 (green): the move is still
    allowed…") at 17 px at 1280x800 en 100%, under the 20 px a class reads (2.5% of the
    height): it could shrink to 80% of the small size. It is now at least the readable size,
    every line inside its room."""
    from game.ui import text
    from game.ui.scenes.play_fit import readable_px

    app, legend, drawn = table_legend_drawn(size, language, scale, kind, monkeypatch)
    assert legend, [words[:40] for words, _px, _rect in drawn]
    words, px, rect = legend[0]
    assert px >= readable_px(size), (words, px)
    lines = text.wrap(words, rect.width, px)  # type: ignore[attr-defined]
    assert len(lines) * text.font(px).get_linesize() <= rect.height, (  # type: ignore[attr-defined]
        px, len(lines), rect)
    app.shutdown()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("size", "language", "scale"), [((1280, 720), "en", 200),
                                                         ((1024, 768), "fr", 100)])
def test_the_tables_key_says_each_meaning_on_its_own_line(
        size: tuple[int, int], language: str, scale: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA19 13 (1280x720 en 200%, the exported PNG too): the Table's key read "1 (green): the
    move is still allowed. 0" / "(red): it was eliminated…", the 0 cut from its colour. Each
    meaning starts a line of its own now."""
    from game.ui import text

    app, legend, _drawn = table_legend_drawn(size, language, scale, "elimination", monkeypatch)
    (words, px, rect), = legend
    lines = text.wrap(words, rect.width, px)  # type: ignore[attr-defined]
    one, zero = (part.split(":")[0].strip()
                 for part in i18n.tr("lab.table.legend_allowed").split("\n"))
    assert any(line.startswith(one) for line in lines), lines
    assert any(line.startswith(zero) for line in lines), lines  # "0 (red)" together
    app.shutdown()  # type: ignore[attr-defined]
