"""A six-player round robin's ranking at 200% text: a table as large as the panel allows."""

from __future__ import annotations

import pytest

from game.ui.i18n import tr
from game.ui.scenes.play_fit import readable_px
from game.ui.scenes.tournament_results import format_points
from tests.test_ui_tournament import _large_text_tournament, play_round_robin, spy_ranking
from tests.ui_helpers import frame, spy_texts

#: The six players' ranking rows over the readable size: 22-24 px at 200% of 1280x720 and
#: 1280x800 before (readable 18 and 20), 33 at 1920x1080 (readable 27).
LARGER = 1.4


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1280, 720), (1920, 1080)])
def test_six_players_ranking_is_a_table_well_over_the_readable_size(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (session 15 closing note, 1024x768 / 1280x800 200%): six players' ranking
    read 22-24 px in two columns of sentences (1280x800 fr, body 52) while "Ranked by share
    of points" took a line of its own above it. Where that heading has no room beside the
    buttons it heads the names' column: the table's rows at 30 px at 1280x800, 27 at
    1280x720, 35 at 1024x768, 40 at 1920x1080; every row inside the results panel and the
    heading still drawn."""
    app, scene = _large_text_tournament(size, language)
    play_round_robin(app, scene, "nim", ["random", "perfect", "greedy", "minimax",
                                         "alphabeta", "random"])
    frame(app)
    assert scene.results.one_view and not scene.results.show_table
    said = spy_texts(monkeypatch)
    rows = spy_ranking(monkeypatch)
    frame(app)
    assert len(rows) == 6 and all(len(cells) == 5 for cells, _rect in rows), rows
    assert scene.rank_px >= readable_px(size) * LARGER, (scene.rank_px, readable_px(size))
    panel = scene.panels["results"]
    assert all(panel.contains(rect) for _cells, rect in rows), (rows, panel)
    assert tr("tour.ranked_share") in " ".join(said), said  # on one line or two
    app.shutdown()


@pytest.mark.parametrize(("size", "language", "scale"), [((1024, 768), "en", 100),
                                                         ((1280, 800), "fr", 200)])
def test_the_cross_table_numbers_its_players_as_the_ranking_does(
        size: tuple[int, int], language: str, scale: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (session 16 closing note): the cross-table numbered its players by seat
    ("1. Random", "3. Perfect") while the ranking beside it numbered them by rank ("1.
    Perfect"): two numberings of one line-up. The table's rows and columns are in the
    ranking's order, each row's points and its total those of the player it names."""
    from game.ui import charts

    app, scene = _large_text_tournament(size, language, scale)
    play_round_robin(app, scene, "nim", ["random", "random", "perfect"], 4)
    scene.results.show_table = True  # at 200% the table's own view
    tables: list[tuple[list[str], list[list[str]], list[str]]] = []
    real = charts.cross_table

    def spy(surface: object, rect: object, names: list[str], cells: list[list[str]],
            *args: object, **kwargs: object) -> object:
        tables.append((list(names), [list(row) for row in cells], list(kwargs["totals"])))
        return real(surface, rect, names, cells, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(charts, "cross_table", spy)
    frame(app)
    ranking = scene.ranking()
    assert ranking[0].index != 0, ranking  # the precondition: seats and ranks differ
    assert tables, "no cross-table drawn"
    names, cells, totals = tables[-1]
    assert names == [s.name for s in ranking], (names, ranking)
    table = scene.table
    assert table is not None
    first, second = ranking[0].index, ranking[1].index
    assert cells[0][1] == format_points(table.score[first][second]), (cells, table.score)
    assert totals == [format_points(s.points) for s in ranking], (totals, ranking)
    app.shutdown()
