"""The play panel keeps what a class reads whole at the sizes a classroom uses: the legend of
the numbers on the board, Nim's rule, the review's move list."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from tests.ui_helpers import frame, make_app, run_until, start_game


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["connect4", "othello"])
def test_random_players_legend_stays_whole_in_ai_vs_ai_at_1920x1080(lang: str,
                                                                    game: str) -> None:
    """Regression: AI vs AI at 1920x1080 and 100% text showed only the first row of Random's
    legend (its "one colour: chances" row dropped out of the panel). Pause and Step now join
    the buttons at the bottom, three a row, when their labels fit."""
    app = make_app((1920, 1080), language=lang, show_reasoning=True, ai_delay=3.0)
    play = start_game(app, game, ("random", "alphabeta" if game != "othello" else "engine"))
    run_until(app, lambda: bool(play.legend_rows()))
    frame(app)
    rows = play.legend_rows()
    assert len(rows) == 2
    assert play.panel.legend_rows_shown == len(rows)
    assert play.panel.reasoning_facts == 2
    # Pause and Step sit on the bottom rows, beside Undo.
    assert play.panel.pause_button.rect.top == play.panel.undo_button.rect.top
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seats", [("perfect", "human"), ("perfect", "random")])
@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_nims_rule_is_shown_with_the_perfect_players_reasoning(
        lang: str, seats: tuple[str, str], size: tuple[int, int]) -> None:
    """Regression: at 1920x1080 in French the perfect player's "Règle : ..." line was dropped
    (it came third, after "knows the exact value of every position", and the panel had room
    for one fact). The rule now comes second, switches' rows are as tall as their words, and
    the buttons go three a row."""
    from game.ui import i18n
    from game.ui.reasoning import reasoning_lines

    app = make_app(size, language=lang, show_reasoning=True, ai_delay=3.0)
    play = start_game(app, "nim", seats)
    run_until(app, lambda: play.turns.pending is not None or play.turns.reasoning is not None)
    frame(app)
    decision = play.turns.pending or play.turns.reasoning
    lines = reasoning_lines(decision, "x")
    rule = i18n.tr("think.rule", rule="").strip()
    at = next(i for i, line in enumerate(lines) if line.startswith(rule))
    assert play.panel.reasoning_facts > at, (lines, play.panel.reasoning_facts)
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("size", "scale"), [((1024, 768), 200), ((1920, 1080), 100)])
def test_review_keeps_three_rows_of_its_move_list(lang: str, size: tuple[int, int],
                                                  scale: int) -> None:
    """Regression: the review at 1024x768 with 200% text showed one row of its move list
    (at 1920x1080 in French too): the graph kept 3.6 body sizes and its key all its words.
    The key's paragraphs and then the plot give way first; but for the scale's words
    ("Edges: a sure win; scale in open lines", QA15 7), for which the list gives way at 200%
    of 1024x768 down to the row of the reviewed move (it scrolls to it)."""
    from game.ui.scenes.review_panel import LIST_ROWS, SCALE_LIST_ROWS
    from tests.ui_helpers import click_widget, open_review

    app = make_app(size, language=lang, text_scale=scale)
    play = start_game(app, "connect4", ("random", "random"))
    run_until(app, lambda: len(play.match.moves) >= 7 or play.match.over)
    if not play.match.over:
        click_widget(app, play.panel.pause_button)
    open_review(app, play)
    frame(app)
    assert play.review.active
    rows = {rect.top for rect, _ in play.panel.move_rects}
    assert len(rows) >= (SCALE_LIST_ROWS if scale == 200 else LIST_ROWS), rows
    assert play.review.shown in [ply for _rect, ply in play.panel.move_rects]
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_panel_buttons_never_read_smaller_than_the_classroom_minimum(
        size: tuple[int, int], lang: str) -> None:
    """Three buttons a row give the reasoning room, but not at the cost of their words: at
    1024x768 three a row shrank the labels to 15 px. With normal text a button's label is
    never under the panel's small text or 2.5% of the height, the smaller."""
    from game.ui.scenes.play_fit import readable_px

    app = make_app(size, language=lang, show_reasoning=True, ai_delay=3.0)
    play = start_game(app, "connect4", ("alphabeta", "human"))
    frame(app)
    for button in play.panel.bottom_buttons:
        assert button.px >= play.panel.least_label_px(), (button.label(), button.px)
        assert button.px >= min(app.metrics.small, readable_px(size))
    app.shutdown()


def test_after_undo_the_ai_move_on_the_board_is_explained_again() -> None:
    """Seen in a real window (Connect 4 against MCTS, French, 1920x1080): after Undo the AI's
    labels and legend came back on the board while the reasoning box said the reasoning
    "appears here after its move"."""
    from game.ui.reasoning import reasoning_lines
    from tests.ui_helpers import click_element, click_widget, clicks_for

    app = make_app((1024, 768), show_reasoning=True)
    play = start_game(app, "connect4", ("human", "alphabeta:depth=2"))
    for column in (0, 6):
        assert run_until(app, lambda: play.match.human_to_move, 10)
        move = next(m for m in play.state.legal_moves() if m.col == column)
        for element in clicks_for("connect4", play.state, move):
            click_element(app, play, element)
    assert run_until(app, lambda: play.match.human_to_move and len(play.match.moves) == 4, 10)
    click_widget(app, play.panel.undo_button)
    frame(app)
    assert len(play.match.moves) == 2 and play.match.human_to_move
    assert play.turns.reasoning is play.match.last_decision is not None
    assert play.turns.reasoning_seat == 1
    lines = reasoning_lines(play.turns.reasoning, "Yellow")
    assert play.panel.reasoning_facts >= 1 and lines[0].startswith("Yellow chose")
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_second_fact_comes_before_the_legend_at_1920x1080(lang: str) -> None:
    """Seen in a real window at 1920x1080 in French: against MCTS at 200 000 playouts the
    legend's first row took the room of the second fact, which says the clock stopped it.
    The first facts now come before every legend row."""
    from ai.base import Decision
    from game.ui.scenes.play_explain import FIRST_FACTS

    app = make_app((1920, 1080), language=lang, show_reasoning=True, ai_delay=3.0)
    play = start_game(app, "connect4", ("human", "human"))
    play.turns.reasoning = Decision(
        move=play.state.legal_moves()[3], score_kind="visits",
        scores={m: float(100 + i) for i, m in enumerate(play.state.legal_moves())},
        info={"iterations": 4642, "win_rate": 0.63, "time_capped": 3.0, "planned": 200_000})
    play.turns.reasoning_seat = 0
    play.turns.pending = play.turns.reasoning
    frame(app)
    assert play.panel.reasoning_facts >= FIRST_FACTS
    app.shutdown()


def test_a_short_games_review_keeps_the_graphs_key() -> None:
    """Seen in a real window at 1024x768 with 200% text: a Hexapawn game of three moves was
    reviewed with no key under the graph, its room kept for list rows the game did not
    have."""
    from tests.ui_helpers import open_review

    app = make_app((1024, 768), text_scale=200)
    play = start_game(app, "hexapawn", ("human", "human"))
    for _ in range(3):
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    open_review(app, play)
    frame(app)
    assert play.review.active
    assert play.panel.review.key_rect.height > 0
    app.shutdown()


def play_until_the_legend(app: Any, play: Any) -> None:
    """Three moves each in the middle column against the AI, then its explained reply."""
    for _ in range(3):
        assert run_until(app, lambda: play.match.human_to_move, 20)
        assert play.apply_move(play.state.legal_moves()[3])
    assert run_until(app, lambda: play.match.human_to_move and bool(play.legend_rows()), 20)
    frame(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("size", "move_rows"), [((1920, 1080), 2), ((1280, 720), 2),
                                                 ((1024, 640), 1)])
def test_connect4s_panel_keeps_the_legend_and_the_move_list(
        lang: str, size: tuple[int, int], move_rows: int) -> None:
    """Regression: at 1920x1080 (and 1024x640) with the reasoning on, the legend's colour row
    and the move list dropped out of the panel, while Connect 4's board, limited by the
    height, left a third of the width empty. The panel now takes the width the board does not
    need, and the board keeps its size."""
    from game.ui.boards import board_view_for
    from game.ui.scenes.play_fit import panel_share

    app = make_app(size, language=lang, show_reasoning=True)
    play = start_game(app, "connect4", ("alphabeta", "human"))
    play_until_the_legend(app, play)
    rows = play.legend_rows()
    assert len(rows) == 2
    assert play.panel.legend_rows_shown == len(rows)
    assert len({rect.top for rect, _ in play.panel.move_rects}) >= move_rows
    # The board is as large as when the panel had only its share of the width.
    share = int(size[0] * panel_share(1.0))
    pad = app.metrics.pad
    alone = board_view_for("connect4", app.theme)
    # Laid out for the same labels (their strip above the columns).
    alone.label_px, alone.compact = play.view.label_px, play.view.compact
    board = play.board_rect
    alone.layout(pygame.Rect(board.left, board.top, size[0] - share - pad * 6, board.height),
                 play.state)
    assert play.view.cell == alone.cell
    assert play.panel.rect.width > share
    app.shutdown()


@pytest.mark.parametrize(("game", "ai"), [("morpion", "mcts"), ("nim", "qlearning")])
def test_three_buttons_a_row_keep_the_legend_at_1920x1080_in_french(
        game: str, ai: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a headless play-through (Morpion against MCTS, Nim against Q-learning,
    1920x1080, French): "Enregistrer" got 26 px of the 27 it may shrink to in a row of three,
    the buttons took a third row and the legend's colour row dropped out. A row of three now
    shares its width by the labels' widths at that least size. (The players seeded: one run
    in ten Q-learning explored, its first fact "Joueur 1 a exploré : …" took two lines and
    the colours' row gave way to it, as it should.)"""
    from tests.replay_helpers import replayable_ai

    replayable_ai(monkeypatch, 1)
    app = make_app((1920, 1080), language="fr", show_reasoning=True, explain_wait=True)
    play = start_game(app, game, (ai, "human"))
    assert run_until(app, lambda: play.turns.pending is not None, 30)
    frame(app)
    assert len({b.rect.top for b in play.panel.bottom_buttons}) == 2
    assert all(b.px >= play.panel.least_label_px() for b in play.panel.bottom_buttons)
    rows = play.legend_rows()
    assert len(rows) == 2 and play.panel.legend_rows_shown == 2
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 720), (1024, 640)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_200_percent_paused_ai_vs_ai_buttons_read_at_the_readable_size(
        size: tuple[int, int], lang: str) -> None:
    """Regression (QA 26): AI vs AI paused at 200% of 1024x768 in French drew "Reprendre" at
    16 px and "Un coup ▸" at 18 (equal thirds of the row; readable: 20). The row's widths
    now follow its labels, and the French step reads "1 coup ▸"."""
    from game.ui import text
    from game.ui.scenes.play_fit import readable_px

    app = make_app(size, language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "othello", ("random", "random"))
    frame(app)
    if not play.turns.paused:
        play.turns.toggle_pause()
    frame(app)
    for button in play.panel.bottom_buttons:
        drawn = text.fit_px(button.label(), button.rect.width - button.rect.height // 3,
                            button.px, True, int(button.px * 0.8))
        assert text.size(button.label(), drawn, True)[0] <= button.rect.width
        assert drawn >= readable_px(size), (button.label(), drawn)
    app.shutdown()


def _before_a_forced_pass() -> tuple[object, object]:
    """A 6x6 Othello position, Black to move, and a move of Black's after which White must
    pass (the game going on): found by seeded random games."""
    import random

    from game.rules.othello import OthelloOptions

    chooser = random.Random(3)
    for _ in range(200):
        state = OthelloOptions(6).initial_state()
        while state.outcome is None:
            for move in state.legal_moves():
                after = state.play(move)
                if (state.to_move == 0 and not getattr(move, "is_pass", False)
                        and after.outcome is None
                        and [getattr(m, "is_pass", False) for m in after.legal_moves()] == [True]):
                    return state, move
            state = state.play(chooser.choice(state.legal_moves()))
    raise AssertionError("no forced pass found")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_at_200_percent_a_forced_pass_is_said_whole_and_as_no_choice(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Regression (QA 22): at 200% of 1024x768 in French "Blanc passe" in large letters ran
    past both ends of the board's column, and the panel then said "Blanc a choisi passe :
    score −227 / A regardé 3 coups": a forced pass is no choice. The flash now fits the
    column, and the panel says "Blanc n'avait aucun coup et a passé"."""
    from game.ui import i18n, text
    from game.ui.scenes import play_board

    flashes: list[int] = []
    drawn: list[str] = []
    render, render_fit, blit = text.render, text.render_fit, text.blit_text
    flash = ""

    def spy_render(value: str, *args: Any, **kwargs: Any) -> Any:

        surface = render(value, *args, **kwargs)
        if value == flash:
            flashes.append(surface.get_width())
        return surface

    def spy_fit(value: str, *args: Any, **kwargs: Any) -> Any:
        surface = render_fit(value, *args, **kwargs)
        if value == flash:
            flashes.append(surface.get_width())
        return surface

    def spy_blit(surface: Any, value: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(value)
        return blit(surface, value, *args, **kwargs)

    app = make_app((1024, 768), language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "othello", ("human", "alphabeta:depth=1"), options={"size": "6"})
    before, move = _before_a_forced_pass()
    play.match.states = [before]
    play.match.moves.clear()
    play.match.decisions.clear()
    flash = i18n.tr("play.pass_flash", side=play.presenter.side_name(1))
    monkeypatch.setattr(play_board.text, "render_fit", spy_fit)
    monkeypatch.setattr(play_board.text, "render", spy_render)
    monkeypatch.setattr(text, "blit_text", spy_blit)
    assert play.apply_move(move)
    assert run_until(app, lambda: play.pass_flash is not None, 10)
    frame(app)
    assert flashes and max(flashes) <= play.board_rect.width, (flashes, play.board_rect)
    white = play.presenter.side_name(1)
    said = " ".join(drawn)
    assert i18n.tr("play.passed", side=white).split()[-1] in said
    chose = i18n.tr("think.chose", side=white, move="\x00").split("\x00")[0]
    assert chose not in said, said
    app.shutdown()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_two_digit_move_number_keeps_a_gap_before_its_move(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Regression (QA 7): at 200% of 1024x768 the move list's "10." touched its move ("10.3
    allumettes"): the numbers' column kept half a pad after "88."."""
    import re

    from game.ui import text

    numbers: list[pygame.Rect] = []
    blit = text.blit_text

    def spy(surface: Any, value: str, *args: Any, **kwargs: Any) -> Any:
        rect = blit(surface, value, *args, **kwargs)
        if re.fullmatch(r"\d+\.", value):
            numbers.append(rect)
        return rect

    app = make_app((1024, 768), language=lang, text_scale=200)
    play = start_game(app, "nim", ("human", "human"))
    while len(play.match.moves) < 12:
        play.match.play(play.state.legal_moves()[0])
    monkeypatch.setattr(text, "blit_text", spy)
    frame(app)
    cells = play.panel.move_rects
    assert numbers and cells
    for number in numbers:
        row = [cell for cell, _index in cells if abs(cell.top - number.top) < number.height]
        assert row, number
        assert min(cell.left for cell in row) - number.right >= app.metrics.pad, number
    app.shutdown()


def _black_must_pass_white_chooses() -> object:
    """A 6x6 Othello position, Black to move, where Black must pass and White then has a
    move in the board's middle rows: found by seeded random games."""
    import random

    from game.rules.othello import OthelloOptions

    chooser = random.Random(5)
    for _ in range(300):
        state = OthelloOptions(6).initial_state()
        while state.outcome is None:
            moves = state.legal_moves()
            if (state.to_move == 0 and [getattr(m, "is_pass", False) for m in moves] == [True]
                    and any(getattr(m, "row", None) in (2, 3)
                            for m in state.play(moves[0]).legal_moves())):
                return state
            state = state.play(chooser.choice(list(moves)))
    raise AssertionError("no such position found")


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_pass_flash_leaves_the_answer_being_explained_in_view(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """QA 13.9 (real window, 1920x1080 fr 200%): Black passed, White's answer waited to be
    explained at once, and the large "Noir passe" in the board's middle hid White's chosen
    h4 and its "+8" for two seconds. The pass now stands at the end of the board farther
    from the move being explained."""
    from game.ui import widgets
    from game.ui.scenes import play_board

    boxes: list[pygame.Rect] = []
    panel = widgets.draw_panel

    def spy(surface: Any, rect: pygame.Rect, *args: Any, **kwargs: Any) -> Any:
        boxes.append(pygame.Rect(rect))
        return panel(surface, rect, *args, **kwargs)

    app = make_app(size, language="fr", show_reasoning=True, text_scale=200,
                   explain_wait=True)
    play = start_game(app, "othello", ("human", "alphabeta:depth=1"), options={"size": "6"})
    play.match.states = [_black_must_pass_white_chooses()]
    play.match.moves.clear()
    play.match.decisions.clear()
    monkeypatch.setattr(play_board.widgets, "draw_panel", spy)
    assert run_until(app, lambda: play.turns.pending is not None, 10)
    assert play.pass_flash is not None
    # The answer explained is a move in the middle rows, where the pass stood.
    middle = next(m for m in play.state.legal_moves() if getattr(m, "row", None) in (2, 3))
    play.turns.pending = dataclasses.replace(play.turns.pending, move=middle)
    boxes.clear()
    frame(app)
    flash = [box for box in boxes if play.board_rect.inflate(8, 8).contains(box)]
    assert flash, boxes
    view = play.view
    cells = play.presenter.clicks_for(play.state, play.turns.pending.move)
    for cell in cells:
        square = view.grid.cell_rect(*cell)
        assert not flash[-1].colliderect(square), (flash[-1], cell, square)
    app.shutdown()


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "en"), ((1280, 720), "en"),
                                            ((1024, 768), "fr"), ((1024, 640), "en")])
def test_the_pass_flash_is_whole(size: tuple[int, int], lang: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen headless (Othello 6x6 vs the engine, 1280x800 en 200%): "Black pass…", cut with
    an ellipsis at the heading size, the least it might shrink to."""
    from game.ui.scenes import play_board

    rendered: list[str] = []
    render = play_board.text.render

    def spy_render(value: str, *args: Any, **kwargs: Any) -> Any:
        rendered.append(value)
        return render(value, *args, **kwargs)

    app = make_app(size, language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "othello", ("human", "alphabeta:depth=1"), options={"size": "6"})
    before, move = _before_a_forced_pass()
    play.match.states = [before]
    play.match.moves.clear()
    play.match.decisions.clear()
    monkeypatch.setattr(play_board.text, "render", spy_render)
    assert play.apply_move(move)
    assert run_until(app, lambda: play.pass_flash is not None, 10)
    frame(app)
    assert play.pass_flash in rendered, rendered
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "takes"), [((1024, 768), "en", [0]),
                                                      ((1920, 1080), "fr", [0, -1, 0, -1])])
def test_the_latest_move_in_the_list_is_as_large_as_the_others(
        size: tuple[int, int], lang: str, takes: list[int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA20 3, Nim, 100%): the latest move, orange and bold, was the smallest of
    the list: "1 match" at 18 px beside 20-px moves at 1024x768 (floor 20), "3 allumettes"
    at 26 beside 30 at 1920x1080 (floor 27): two a row was decided at 90% of the size, and
    the bold latest shrank to its half. The one move the class looks for."""
    from game.ui import text
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=lang, show_reasoning=True)
    play = start_game(app, "nim", ("human", "human"))
    for take in takes:
        play.match.play(play.state.legal_moves()[take])
    frame(app)
    frame(app)
    moves = {play.presenter.move_text(move) for move in play.match.moves}
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    cells = [rect for _line, _px, rect in drawn
             if any(rect.colliderect(cell) for cell, _n in play.panel.move_rects)
             and _line in moves]
    assert len(cells) == len(takes), drawn
    # (Not under the readable size either: the list was at the small size, 18 px there.)
    full = text.font(max(play.panel.explain.words_px(), readable_px(size))).get_height()
    assert all(rect.height >= full for rect in cells), ([r.height for r in cells], full)
    app.shutdown()


@pytest.mark.parametrize("game", ["connect4", "nim"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panels_buttons_stay_inside_its_margins_at_the_readable_size(
        lang: str, game: str) -> None:
    """Lead, after 7dab4f4 (QA20 2): at 1024x768 fr 100% the six buttons ran a pad past the
    seat cards to the panel's border, to hold "Enregistrer" at 20 px. They keep the panel's
    margins, aligned with the cards, two columns as wide as their labels need, every label at
    the readable size."""
    from game.ui.scenes.play_fit import readable_px

    size = (1024, 768)
    app = make_app(size, language=lang, show_reasoning=True, ai_delay=3.0)
    play = start_game(app, game, ("alphabeta", "human"))
    frame(app)
    pad = app.metrics.pad
    inside = play.panel.rect.inflate(-4 * pad, 0)
    cards = play.panel.seats.rects
    for button in play.panel.bottom_buttons:
        assert inside.contains(button.rect), (button.label(), button.rect, inside)
        assert button.px >= readable_px(size), (button.label(), button.px)
    lefts = {button.rect.left for button in play.panel.bottom_buttons}
    rights = {button.rect.right for button in play.panel.bottom_buttons}
    assert min(lefts) == cards[0].left and max(rights) == cards[0].right
    app.shutdown()
