"""A six-player round robin's ranking at 200% text: a table as large as the panel allows."""

from __future__ import annotations

import pytest

from game.ui.i18n import tr
from game.ui.scenes.play_fit import readable_px
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
