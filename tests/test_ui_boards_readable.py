"""What is drawn on the boards reads from the back of the room at 200% text: Connect 4's
letters under the frame and the strip above it (issue 12, session 10)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui.boards.base import COORDINATES_MAX
from game.ui.scenes.play_fit import readable_px
from tests.test_ui_boards import COUNTS, connect4_visit_labels
from tests.ui_helpers import (
    BOARD_COORDINATES,
    frame,
    make_app,
    start_game,
    texts_drawn_by,
)

#: The window sizes every board is looked at with large text.
SIZES = [(1024, 640), (1024, 768), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_connect4s_letters_are_large_bold_and_in_the_text_colour(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 200% of 1024x640 in French the column letters were 16 px, regular and
    grey (a lower-case letter about 8 px high). They are now bold, in the text colour and as
    large as 0.45 of a cell or the screen's text allows, as far as the room under the frame
    does, never under the readable size."""
    from game.ui import text as txt

    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, "connect4", ("human", "human"))
    frame(app)
    letters = [(px, rect) for line, px, rect in texts_drawn_by(lambda: frame(app), monkeypatch)
               if line in BOARD_COORDINATES]
    view = play.view
    theme = app.theme
    screen = app.screen.copy()
    body = app.metrics.body
    app.shutdown()
    assert len(letters) == 7
    room = view.rect.bottom - view.board.bottom - max(2, view.cell // 20)
    for px, rect in letters:
        assert px >= readable_px(size), (px, readable_px(size))
        assert view.rect.contains(rect) and rect.top >= view.board.bottom
        larger = px + 1
        assert (px >= min(int(view.cell * COORDINATES_MAX), body)
                or txt.font(larger, True).get_height() > room), (px, view.cell, room)
        # Drawn in the text colour (the inside of a bold stroke is the colour itself).
        ink = pygame.mask.from_threshold(screen.subsurface(rect), theme.text, (1, 1, 1, 255))
        assert ink.count() > 0, rect


@pytest.mark.parametrize("size", SIZES)
def test_connect4s_strip_holds_the_labels_drawn_and_no_more(size: tuple[int, int]) -> None:
    """Regression: at 200% the strip above the columns kept room for two rows of labels at
    the body size (213 px at 1920x1080 for 70 px text) while the labels, limited by the
    columns' width, were drawn at 30 px: the board had 69 px cells where 80 fit. The strip
    now holds the row of labels as they are drawn (a little more at most) over the band of
    the person's marks, and the labels stay readable: three-digit counts (MCTS's thousand
    playouts) at the strip's size, longer ones smaller. A board as wide as its rectangle
    allows leaves height spare, which the labels' row may take for two-character labels at
    the body size (QA18 8): that costs the board nothing, and no more than that row (review
    R4: "or the width limits the board" alone let any strip height pass there)."""
    from game.ui.boards.base import chip_height
    from game.ui.boards.connect4 import MARKS_BAND, SPARE_SAMPLE, strip_height

    for counts, most in ((HUNDREDS, 1.25), (COUNTS, 1.6)):
        labels, px, app = connect4_visit_labels(size, 200, counts)
        view: Any = app.scenes[-1].view
        app.shutdown()
        assert px >= readable_px(size)
        widest = int(view.rect.width / (view.shape[0] + 2 * view.margins(False)[0]))
        drawn = chip_height(px) * most + round(view.cell * MARKS_BAND)
        spare_row = strip_height(view.cell, view.label_px, SPARE_SAMPLE)
        assert (view.strip.height <= drawn
                or (view.cell >= widest and view.strip.height <= spare_row)), (
            view.strip.height, drawn, spare_row, px, view.cell, widest)
        assert len(set(labels.values())) == len(counts)


#: Visit counts of MCTS's default thousand playouts.
HUNDREDS = [140, 152, 210, 98, 131, 149, 120]


def nim_against_alphabeta(size: tuple[int, int], lang: str) -> tuple[Any, Any]:
    """The play screen at 200% text, a person against alpha-beta at Nim (20 matches, take 1
    to 3), the AI's reasoning on and its first move explained on the board: (app, scene)."""
    from tests.ui_helpers import run_until

    app = make_app(size, language=lang, show_reasoning=True, text_scale=200, ai_delay=3.0)
    play = start_game(app, "nim", ("alphabeta", "human"))
    assert run_until(app, lambda: play.turns.reasoning is not None, 30)
    frame(app)
    return app, play


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_nims_limit_and_goal_are_written_near_the_body_size(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 200% of 1024x640 in French, "Prenez de 1 à 3" was 18 px and the goal
    16 px beside 40 px text, with 150 px free above the heap. The limit is now at the body
    size and the goal at 80% of it (wrapped), above the heap, inside the board."""
    from game.ui.i18n import tr

    app, play = nim_against_alphabeta(size, lang)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    view = play.view
    body = app.metrics.body
    app.shutdown()
    limit = [(px, rect) for line, px, rect in drawn if line == tr("boards.nim_take_range",
                                                                   high=3)]
    goal_words = tr("boards.nim_normal").split()
    goal = [(line, px, rect) for line, px, rect in drawn
            if line.split() and line.split()[0] in goal_words and view.rect.contains(rect)
            and set(line.split()) <= set(goal_words)]
    assert len(limit) == 1 and limit[0][0] == body, limit
    assert " ".join(line for line, _px, _rect in goal).split() == goal_words, goal
    heaps = min(box.origin[1] for box in view._boxes)
    for px, rect in [*limit, *((px, rect) for _line, px, rect in goal)]:
        assert px >= round(body * 0.8) and px >= readable_px(size)
        assert view.rect.contains(rect) and rect.bottom <= heaps, (rect, heaps)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_each_nim_label_sits_at_its_match(size: tuple[int, int], lang: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression, 200% of 1024x768, a person against alpha-beta: of the three labels
    ("L10", wider than two matches), the third was pushed aside by the free-spot search and
    stood left of its match, under another one. Each label is now centred under its match or,
    in a row below the matches, joined to it by a line from the match's foot; every label is
    inside the board, none overlaps another."""
    from game.rules.nim import NimMove
    from game.ui.boards import nim as nim_board

    app, play = nim_against_alphabeta(size, lang)
    chips: list[pygame.Rect] = []
    lines: list[tuple[tuple[int, int], tuple[int, int]]] = []
    real_chip, real_line = nim_board.score_chip, pygame.draw.line

    def chip_spy(*args: Any, **kwargs: Any) -> Any:
        result = real_chip(*args, **kwargs)
        chips.append(kwargs["placed"][-1])
        return result

    def line_spy(surface: Any, colour: Any, start: Any, end: Any, *rest: Any) -> Any:
        lines.append(((round(start[0]), round(start[1])), (round(end[0]), round(end[1]))))
        return real_line(surface, colour, start, end, *rest)

    monkeypatch.setattr(nim_board, "score_chip", chip_spy)
    monkeypatch.setattr(nim_board.pygame.draw, "line", line_spy)
    frame(app)
    monkeypatch.undo()
    ctx = play.board_context()
    view = play.view
    (box,) = view._boxes
    size_left = play.state.heaps[0]
    app.shutdown()
    moves = [m for m in (ctx.scores or {}) if isinstance(m, NimMove)]
    assert len(moves) == len(chips) == 3
    for move, chip in zip(moves, chips, strict=True):
        match = box.slot_rect(size_left - move.count)
        assert view.rect.contains(chip), (chip, view.rect)
        under = abs(chip.centerx - match.centerx) <= box.slot / 2
        joined = any(abs(start[0] - match.centerx) <= 1 and start[1] >= match.bottom
                     and end == chip.midtop for start, end in lines)
        assert under or joined, (move, chip, match)
    assert not any(a.colliderect(b) for i, a in enumerate(chips) for b in chips[i + 1:])


def live_nim_header(size: tuple[int, int], lang: str, scale: int,
                    monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[str, int]], list[str]]:
    """The lines the learning lab's live Nim game writes above its heap while one game is
    watched (a reinforcement learner trained 20 games, then One game), with their sizes, and
    the texts cut with an ellipsis meanwhile."""
    from game.ui.scenes.learning_lab import LearningLabScene
    from tests.lab_helpers import watch_one_nim_game
    from tests.ui_helpers import watch_cuts

    app = make_app(size, language=lang, text_scale=scale)
    lab = LearningLabScene(app)
    app.push(lab)
    frame(app)
    watch_one_nim_game(app, lab)
    runner = lab.runner
    cut = watch_cuts(monkeypatch)
    drawn = texts_drawn_by(lambda: lab.knowledge.draw(app.screen, runner), monkeypatch)
    view = lab.knowledge._board_view()
    lab.stop()
    app.shutdown()
    assert view is not None
    return [(line, px) for line, px, rect in drawn if view.rect.contains(rect)], cut


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_the_live_nim_game_in_the_lab_writes_its_rule_whole(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression, the lab at 100% text: at 1024x768 the live game cut its French goal
    ("Celui qui prend la dernière allumette gag…", one line in a 212 px board); at 1280x720
    (a board 242 px high) it wrote neither the limit nor the goal. Both are now written
    whole, the goal wrapped; at 1280x720 at the readable size."""
    from game.ui.i18n import tr

    lines, cut = live_nim_header(size, lang, 100, monkeypatch)
    assert not cut, cut
    texts = [line for line, _px in lines]
    assert tr("boards.nim_take_range", high=3) in texts
    goal = tr("boards.nim_normal")
    words = " ".join(texts).split()
    assert " ".join(words[words.index(goal.split()[0]):]).startswith(goal), texts
    if size == (1280, 720):
        assert min(px for _line, px in lines) >= readable_px(size), lines


def crowded_othello(plies: int = 22) -> Any:
    """A midgame of fifteen legal moves, five of them side by side on row 2 (random moves
    from the start, the same every run)."""
    import random

    from game.rules.registry import get_game

    state = get_game("othello").setup().initial_state()
    rng = random.Random(0)
    for _ in range(plies):
        state = state.play(rng.choice(list(state.legal_moves())))
    return state


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_crowded_othello_labels_stay_readable_over_their_cells(
        size: tuple[int, int], scale: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: in crowded midgames (fifteen moves, the engine's "+10,7"-like estimates)
    the labels were drawn at 19 px at 200% of 1024x768 (readable 20) and 25 at 1920x1080
    (27), some moved off their cells: the greedy placement got stuck where two lanes (a
    chip a little above its cell's centre, its neighbour's a little below) hold them all.
    Now never under the readable size where a chip of that size is at most two cells wide,
    each chip's centre inside its own cell (within 3/8 of a cell of the cell's centre), none
    overlapping, all inside the board."""
    from ai.base import Decision
    from game.rules.othello import OthelloMove
    from game.ui.boards import BoardContext
    from game.ui.boards import othello as othello_board
    from game.ui.reasoning import shown_scores

    state = crowded_othello()
    moves = list(state.legal_moves())
    assert len(moves) == 15
    decision = Decision(move=moves[0], score_kind="value", depth=6, nodes=10,
                        scores={m: float(1070 - 23 * i) for i, m in enumerate(moves)},
                        info={"units": "evaluation points (100 is about one disc); "
                                       "+-10000 per disc = proven"})
    app = make_app(size, language="fr", text_scale=scale, show_reasoning=True)
    play = start_game(app, "othello", ("human", "human"))
    frame(app)
    view = play.view
    view.layout(view.rect, state)
    drawn: list[tuple[int, pygame.Rect, Any]] = []
    real = othello_board.score_chip

    def spy(surface: pygame.Surface, text: str, centre: Any, px: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        drawn.append((px, real(surface, text, centre, px, *args, **kwargs), centre))
        return drawn[-1][1]

    monkeypatch.setattr(othello_board, "score_chip", spy)
    view.draw(app.screen, state, BoardContext(
        theme=app.theme, scores=shown_scores(decision), score_kind="value",
        label_px=app.metrics.body, coords_px=readable_px(size)))
    app.shutdown()
    grid = view.grid
    assert len(drawn) == 15
    assert min(px for px, _r, _c in drawn) >= readable_px(size), [px for px, _r, _c in drawn]
    rects = [rect for _px, rect, _c in drawn]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    centres = {grid.centre(m.row, m.col) for m in moves if isinstance(m, OthelloMove)}
    # On the edge files a chip may pass the board's edge a little (the row numbers stand
    # further out).
    bounds = grid.board.inflate(2 * round(grid.cell * othello_board.EDGE_OVERHANG), 0)
    for _px, rect, _centre in drawn:
        assert bounds.contains(rect), rect
        own = min(centres, key=lambda c: (c[0] - rect.centerx) ** 2 + (c[1] - rect.centery) ** 2)
        assert abs(rect.centerx - own[0]) <= grid.cell * 3 / 8 + 1, (rect, own)
        assert abs(rect.centery - own[1]) <= grid.cell * 3 / 8 + 1, (rect, own)
        assert rect.left <= own[0] < rect.right
    # Each chip is nearest its own cell's centre: no two chips claim one cell.
    owners = [min(centres, key=lambda c, r=rect: (c[0] - r.centerx) ** 2
                  + (c[1] - r.centery) ** 2) for rect in rects]
    assert len(set(owners)) == len(rects)


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1024, 640)])
def test_connect4s_rules_picture_writes_its_letters_readable(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the rules page's Connect 4 picture at 200% of 1024x768 wrote its column
    letters at 16 px (readable 20) in a 0.55-cell margin, and a picture whose cells were
    under 40 px wrote none. The picture keeps room under the frame for letters of the
    readable size, and writes all seven at that size."""
    from game.ui.scenes.rules import RulesScene

    app = make_app(size, language="fr", text_scale=200)

    def open_rules() -> None:
        # The picture is drawn once (kept for the next frames): watched from the first.
        app.push(RulesScene(app, "connect4"))
        frame(app)

    letters = [(line, px) for line, px, _rect in texts_drawn_by(open_rules, monkeypatch)
               if line in BOARD_COORDINATES]
    app.shutdown()
    assert sorted(line for line, _px in letters) == list("abcdefg"), letters
    assert min(px for _line, px in letters) >= readable_px(size), letters
