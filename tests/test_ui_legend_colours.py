"""The legend's colours' row in few words (issue 12, explain mode: "a colour scale from best
to worst, and a legend says in words what they mean").

Before: at 200% the legend drew in few words and left the colours' scale out everywhere but
where every move lost (QA S15, the closing note's "colours' row gives way first"). Now it is
said in few words where room is left under the kinds of label, and never makes the words of
the legend or of the facts smaller (it is the first to give way).
"""

from __future__ import annotations

import pytest

from game.ui import i18n
from game.ui.reasoning import packed_legend
from tests.test_ui_classroom import _paused_reply
from tests.ui_helpers import frame, spy_texts


@pytest.mark.parametrize(("size", "language", "game", "player"), [
    ((1920, 1080), "en", "morpion", "mcts"), ((1280, 720), "en", "morpion", "perfect")])
def test_the_colours_scale_is_said_in_few_words_where_room_is_left(
        size: tuple[int, int], language: str, game: str, player: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, play = _paused_reply(size, language, game, player)
    drawn = spy_texts(monkeypatch)
    frame(app)
    assert i18n.tr("legend.short.colours") in drawn, drawn
    explain = play.panel.explain
    assert explain.legend_size == explain.facts_size >= app.metrics.small * 0.9
    app.shutdown()


@pytest.mark.parametrize(("size", "language", "game", "player"), [
    ((1024, 768), "fr", "hexapawn", "minimax"), ((1024, 768), "en", "connect4", "alphabeta"),
    ((1280, 720), "fr", "nim", "alphabeta"), ((1920, 1080), "en", "morpion", "mcts")])
def test_the_colours_row_never_makes_the_legend_smaller(
        size: tuple[int, int], language: str, game: str, player: str) -> None:
    """At every height the legend may get, its size and the kinds it names are those it has
    without the colours' row; the paragraph (its last form) leaves the row out."""
    app, play = _paused_reply(size, language, game, player)
    explain = play.panel.explain
    rows = play.legend_rows()
    assert any(row.optional for row in rows), rows
    without = [row for row in rows if not row.optional]
    for height in range(30, explain.rect.height, 6):
        for most in (None, explain.facts_size):
            got = explain._legend_form(rows, height, 0, most)
            base = explain._legend_form(without, height, 0, most)
            assert (got[1], got[2]) == (base[1], base[2]), height
    said = packed_legend(rows)[0].words
    assert i18n.tr("legend.short.colours") not in said
    app.shutdown()


@pytest.mark.parametrize("width", [120, 200, 320, 900])
def test_the_legend_as_one_paragraph_draws_its_samples_bold(width: int) -> None:
    """QA S15 (re-check of 7d017fc): the legend as one paragraph wrote "W5" and "L2" plain
    among its words, hard to find; now each sample is a bold run in its colour, no line starts
    with the dot between two kinds, and the words are those of the paragraph."""
    from game.ui import text
    from game.ui.reasoning import LegendRow
    from game.ui.scenes.play_fit import paragraph_lines

    rows = [LegendRow("W5", "Black wins in 5 moves", short="Black wins in 5"),
            LegendRow("\u2717", "eliminated", "score_bad", short="eliminated"),
            LegendRow("L2", "Black loses in 2 moves", short="Black loses in 2")]
    packed = packed_legend(rows)[0]
    lines = paragraph_lines(packed.parts, 24, width)
    bold = [(said, shade) for line in lines for _x, said, is_bold, shade in line.runs
            if is_bold]
    assert bold == [("W5", "text"), ("\u2717", "score_bad"), ("L2", "text")]
    # (A dot that would start a line goes: the line break parts the kinds.)
    said = " ".join(line.words for line in lines).replace(" \u00b7", "").split()
    assert said == packed.words.replace(" \u00b7", "").split()
    for line in lines:
        assert not line.words.startswith("\u00b7")
        last = line.runs[-1]
        right = last[0] + text.size(last[1], 24, last[2])[0]
        # (A single word wider than the column stays whole on its line.)
        assert right <= width or " " not in line.words.replace(" \u00b7", ""), line
        # Runs in order, apart.
        assert all(a[0] < b[0] for a, b in zip(line.runs, line.runs[1:], strict=False))


def test_the_legend_as_one_paragraph_keeps_each_sample_with_its_first_word() -> None:
    """QA18 10 (1280x800 en 200%, Othello vs the Engine): the legend as one paragraph ended
    lines with a bold value ("… rounded · ≤+2" / "at most this: not worked out · −6" / "only 9
    moves ahead"), its meaning on the next line. A sample now starts a line rather than end
    one, at every width where it and its first word fit a line."""
    from game.ui import text
    from game.ui.boards.chip_look import BOUND, SHALLOW
    from game.ui.reasoning import LegendRow
    from game.ui.scenes.play_fit import paragraph_lines

    rows = [LegendRow("+3", "discs ahead for White, estimated and rounded",
                      short="ahead for White, rounded"),
            LegendRow("\u2264+2", "at most this: not worked out",
                      short="at most this: not worked out", look=BOUND),
            LegendRow("\u22126", "only 9 moves ahead", short="only 9 moves ahead", look=SHALLOW)]
    packed = packed_legend(rows)[0]
    samples = {row.sample for row in rows}
    for width in range(140, 700, 5):
        lines = paragraph_lines(packed.parts, 24, width)
        for line in lines[:-1]:
            _x, said, bold, _shade = line.runs[-1]
            pair = text.size(f"{said} xxxxxxxx", 24, True)[0]
            assert not (bold and said in samples and pair <= width), (width, line.words)
