"""Puissance 4 on the play screen with the text size at 200% (issue 12, "from the back of the
room"): the board takes the height the status line and the labels' strip leave it.

Before: at 200% of 1920x1080 the cells were 80 px, the height the limit: the status line kept
301 px (a 90 px headline, a body line and a small one), the strip above the columns 132 px
(two staggered rows of chips of four-digit counts at the body size) and the frame 0.55 of a
cell of margin on every side. Cells were 62 px at 1024x768, 53 at 1280x720, 47 at 1024x640.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import text
from game.ui.boards import connect4
from game.ui.scenes import play_board
from game.ui.scenes.play_fit import detail_room, readable_px
from tests.play_helpers import explained_reply
from tests.ui_helpers import frame, watch_cuts

#: The least cell at 200% in each window (before: 47, 62, 53, 80 px).
LEAST_CELL = {(1024, 640): 56, (1024, 768): 70, (1280, 720): 64, (1920, 1080): 98}


@pytest.mark.parametrize("ai", ["alphabeta:depth=2", "mcts:iterations=2000"])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", list(LEAST_CELL))
def test_at_200_percent_the_board_is_larger_and_its_labels_readable(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, ai: str) -> None:
    """The cells are larger (with large text the frame keeps a margin only for its letters,
    the strip keeps room for labels at the panel's least words' size, the status line's
    detail takes two lines of that size), and the column labels and letters stay readable
    (2.5% of the height)."""
    plans: list[int] = []
    letters: list[int] = []
    plan, blit = connect4.Connect4View._label_plan, connect4.txt.blit_text

    def spy_plan(view: Any, ctx: Any) -> Any:
        result = plan(view, ctx)
        plans.append(result[1])
        return result

    def spy_blit(surface: Any, value: str, px: int, *args: Any, **kwargs: Any) -> Any:
        if len(value) == 1 and value.isalpha():
            letters.append(px)
        return blit(surface, value, px, *args, **kwargs)

    monkeypatch.setattr(connect4.Connect4View, "_label_plan", spy_plan)
    monkeypatch.setattr(connect4.txt, "blit_text", spy_blit)
    app, play = explained_reply(size, lang, "connect4", ai)
    plans.clear()
    letters.clear()
    frame(app)
    assert play.view.cell >= LEAST_CELL[size], (size, play.view.cell)
    assert plans and min(plans) >= readable_px(size), plans
    assert letters and min(letters) >= readable_px(size), letters
    # The strip of labels stays inside the board's area, under the status line.
    assert play.view.strip.top >= play.board_rect.top
    app.shutdown()


def spy_detail_lines(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[str], int]]:
    """Every status detail the play screen lays out from now on: its lines and their size."""
    drawn: list[tuple[list[str], int]] = []
    detail_lines = play_board.detail_lines

    def spy(*args: Any, **kwargs: Any) -> tuple[list[str], int]:
        result = detail_lines(*args, **kwargs)
        drawn.append(result)
        return result

    monkeypatch.setattr(play_board, "detail_lines", spy)
    return drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1024, 768), (1920, 1080)])
def test_at_200_percent_the_shorter_status_line_keeps_the_whole_engine_line(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str) -> None:
    """The status line is shorter with large text: its detail (the widest engine line, the
    prompt) still shows every part, in lines that fit its room and the board's width, no
    smaller than the readable size (last session a shorter status line cut the engine line at
    1024x768)."""
    from tests.test_text_fit import WideThinker
    from tests.ui_helpers import make_app, run_until, start_game

    drawn = spy_detail_lines(monkeypatch)
    # (With the reasoning shown the panel says the search, not the status line.)
    app = make_app(size, language=lang, show_reasoning=False, text_scale=200)
    play = start_game(app, "connect4", ("alphabeta:depth=1", "human"))
    assert run_until(app, lambda: play.match.human_to_move, 30)
    play.match.seats[0].player = WideThinker(None, play.presenter.move_text)
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: (play.turns.worker.progress is not None
                                   and play.turns.worker.progress.best is not None), 10)
    drawn.clear()
    frame(app)
    detail = play.status().detail
    lines, px = drawn[-1]
    play.turns.cancel_thinking()
    # Every part, the time's tenths aside (the clock ran between the frame and this line).
    shown, said = " ".join(lines).split(), detail.split()
    assert len(shown) == len(said) and shown[:-2] == said[:-2], (detail, lines)
    assert px >= readable_px(size)
    room = detail_room(app.metrics, size)
    assert len(lines) * text.font(px).get_linesize() <= room
    assert all(text.size(line, px)[0] <= play.board_rect.width for line in lines)
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 720)])
def test_in_review_the_status_detail_stays_clear_of_the_frame(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str) -> None:
    """Regression, seen in a real window at 200% of 1024x768 in French: in review the status
    detail's second line "(coup 2)." touched the REVUE frame drawn round the board."""
    from tests.ui_helpers import make_app, start_game

    drawn = spy_detail_lines(monkeypatch)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "connect4", ("human", "human"))
    for move in play.state.legal_moves()[:2]:
        play.match.play(move)
    play.enter_review(1)
    frame(app)
    lines, px = drawn[-1]
    m = app.metrics
    bottom = (m.pad * 2 + int(m.heading * play_board.HEADLINE_ROW)
              + len(lines) * text.font(px).get_linesize())
    assert bottom <= play_board.review_frame(play).top, (lines, bottom)
    app.shutdown()


@pytest.mark.parametrize(("cols", "rows", "labelled"), [("10", "10", False), ("9", "8", True)])
def test_the_column_letters_are_always_drawn_and_the_labels_readable_or_left_out(
        monkeypatch: pytest.MonkeyPatch, cols: str, rows: str, labelled: bool) -> None:
    """Regression (QA13 33, real window 1024x640 en 200%): on the 10x10 board (from a game
    record) the column letters were left out while the title said "Yellow chooses e", and
    the labels above the columns were 14 px (readable 16). The letters are now always drawn,
    at the readable size at least; labels that would be under it are left out (the board
    says so: it labelled none); the largest board the menu offers keeps them, readable."""
    from tests.ui_helpers import make_app, run_until, start_game, texts_drawn_by

    chips: list[int] = []
    chip = connect4.score_chip

    def spy(*args: Any, **kwargs: Any) -> Any:
        chips.append(args[3])
        return chip(*args, **kwargs)

    monkeypatch.setattr(connect4, "score_chip", spy)
    size = (1024, 640)
    app = make_app(size, language="en", show_reasoning=True, text_scale=200,
                   explain_wait=True)
    play = start_game(app, "connect4", ("human", "alphabeta:depth=2"),
                      options={"cols": cols, "rows": rows, "connect": "4"})
    assert play.apply_move(next(m for m in play.state.legal_moves() if m.col == 4))
    assert run_until(app, lambda: play.turns.reasoning is not None, 30)
    frame(app)
    chips.clear()
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    view = play.view
    assert isinstance(view, connect4.Connect4View)
    letters = [px for line, px, rect in drawn if len(line) == 1 and line.isalpha()
               and view.rect.contains(rect) and rect.top >= view.board.bottom]
    assert len(letters) == int(cols) and min(letters) >= readable_px(size), letters
    if labelled:
        assert len(chips) == int(cols) and min(chips) >= readable_px(size), chips
        assert view.labelled is None
    else:
        assert not chips and view.labelled == frozenset()
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "scale", "shape", "connect"),
                         [((1280, 800), "fr", 200, ("9", "8"), "5"),
                          ((1024, 768), "en", 200, ("7", "6"), "3"),
                          ((1024, 640), "fr", 200, ("10", "10"), "5"),
                          ((1920, 1080), "en", 100, ("9", "8"), "5"),
                          ((1024, 768), "fr", 100, ("7", "6"), "4")])
def test_the_board_says_how_many_make_a_line_when_not_four(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, scale: int,
        shape: tuple[str, str], connect: str) -> None:
    """Regression (QA14 26, real window 1280x800 fr 200%): in a 9x8 game with five in a row
    nothing on the play screen said five were needed (Nim writes its rule over the heaps).
    Under the column letters the board now says "Line up 5 to win" / "Alignez-en 5 pour
    gagner", whole, readable, clear of the letters and inside the board's area; a game of
    four, the rule everyone knows, keeps its room. Before: no such line anywhere."""
    from game.ui.i18n import tr
    from tests.ui_helpers import make_app, start_game, texts_drawn_by

    app = make_app(size, language=lang, text_scale=scale)
    play = start_game(app, "connect4", ("human", "human"),
                      options={"cols": shape[0], "rows": shape[1], "connect": connect})
    frame(app)
    cut = watch_cuts(monkeypatch)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    view = play.view
    assert isinstance(view, connect4.Connect4View)
    goal = tr("boards.connect4_goal", n=int(connect))
    lines = [(px, rect) for line, px, rect in drawn if line == goal]
    if connect == "4":
        assert not lines and not view.goal
        app.shutdown()
        return
    assert len(lines) == 1, drawn
    px, rect = lines[0]
    assert px >= readable_px(size) and goal not in cut
    letters = [r for line, _px, r in drawn if len(line) == 1 and line.isalpha()
               and r.top >= view.board.bottom]
    assert len(letters) == int(shape[0])
    assert view.rect.contains(rect) and rect.top >= max(r.bottom for r in letters) - 1
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "scale"),
                         [((1920, 1080), "fr", 200), ((1280, 720), "en", 200),
                          ((1280, 800), "fr", 200), ((1024, 768), "en", 200),
                          ((1920, 1080), "en", 100)])
def test_a_searchs_bounds_are_drawn_readable_on_the_9x8_board(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, scale: int) -> None:
    """Regression (QA15 3, real window 1920x1080 fr 200%, Connect 4 9x8 five in a row vs the
    engine): no score was drawn above the columns, the legend saying they would be too small
    to read; "≤−11" did not fit a 69 px cap at the readable 27 px (measured 20 px here, 16 at
    1024x768, left out at every 200% size). Where the whole labels would be under the
    readable size, each bound is written without its mark, as the legend's sample is, which
    says "at most this"; all nine readable. Alpha-beta without its exact pass gives the same
    bounds ("≤−11") every run, as the engine's clock does not."""
    from game.ui.i18n import tr
    from tests.play_helpers import record_chip_texts
    from tests.ui_helpers import make_app, run_until, start_game

    labels = record_chip_texts(monkeypatch, connect4)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale,
                   explain_wait=True)
    play = start_game(app, "connect4", ("human", "alphabeta:depth=4,exact=0"),
                      options={"cols": "9", "rows": "8", "connect": "5"})
    assert play.apply_move(play.state.legal_moves()[4])
    assert run_until(app, lambda: bool(play.legend_rows()), 30)
    labels.clear()
    frame(app)
    assert not play.view.labels_left_out
    assert len(labels) == 9 and min(px for _l, px in labels) >= readable_px(size), labels
    # The legend's row of the bounds shows one as the board writes it.
    bound_rows = [row for row in play.legend_rows()
                  if row.short == tr("legend.short.estimate_at_most")]
    assert len(bound_rows) == 1 and bound_rows[0].sample in [line for line, _px in labels], (
        bound_rows, labels)
    app.shutdown()
