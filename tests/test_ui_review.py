"""Reviewing a game on the play screen (issue 12): a clickable move list, stepping back and
forward without undoing anything, the evaluation graph (click to jump), save and open a game
record, and the running match score. Driven with synthetic events on the real scene."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from ai.base import Decision
from game import record
from game.rules.registry import get_game
from game.ui import i18n, text
from game.ui.scenes.dialogs import MessageDialog
from game.ui.scenes.match import Match, Seat
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play_status import score_line
from game.ui.scenes.review import (
    FROM_AI,
    FROM_EVALUATION,
    FROM_RESULT,
    EvalPoint,
    evaluation_points,
)
from game.ui.scenes.review_files import RecordOpenDialog, open_game
from tests.ui_helpers import click, click_widget, frame, key, make_app, run_until, start_game

SIZE = (1024, 768)


def _random_moves(play: PlayScene, count: int, seed: int = 3) -> None:
    """Play ``count`` random moves on the match (both seats human)."""
    rng = random.Random(seed)
    for _ in range(count):
        if play.match.over:
            break
        assert play.apply_move(rng.choice(list(play.state.legal_moves())))
    frame(play.app)


def _human_game(app: Any, game: str = "othello", moves: int = 8,
                options: dict[str, str] | None = None) -> PlayScene:
    play = start_game(app, game, ("human", "human"), options=options)
    _random_moves(play, moves)
    return play


def test_stepping_back_and_forward_changes_the_board_not_the_game() -> None:
    app = make_app(SIZE)
    play = _human_game(app)
    live = play.state
    moves = list(play.match.moves)
    key(app, pygame.K_LEFT)
    assert play.review.active and play.board_state == play.match.states[-2]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert play.board_state == play.match.states[-4]
    assert play.state == live and play.match.moves == moves, "nothing was undone"
    headline, detail, _bad = play.status()
    assert "move 5/8" in headline and "8" in detail
    key(app, pygame.K_HOME)
    assert play.board_state == play.match.states[0]
    assert "start" in play.status()[0]
    # The seat cards count the reviewed position's discs, like the board.
    counts: list[str] = []
    from game.ui import text

    original = text.blit_text

    def spy(surface: pygame.Surface, content: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        counts.append(content)
        return original(surface, content, *args, **kwargs)

    text.blit_text = spy  # type: ignore[assignment]
    try:
        frame(app)
    finally:
        text.blit_text = original  # type: ignore[assignment]
    start = play.presenter.side_summary(play.match.states[0], 0)
    number = play.presenter.side_count(play.match.states[0], 0)
    # (The review's cards side by side: "Black · 2 discs", "2 discs" or "Black · 2".)
    assert any(said.endswith((start, f" · {number}")) for said in counts), counts
    click_widget(app, play.panel.review.forward_button)
    assert play.board_state == play.match.states[1]
    key(app, pygame.K_END)
    assert not play.review.active and play.board_state == live


def test_the_board_is_locked_in_review_and_play_resumes_at_the_live_position() -> None:
    app = make_app(SIZE)
    play = _human_game(app)
    key(app, pygame.K_LEFT)
    click(app, play.board_rect.center)
    assert len(play.match.moves) == 8
    assert play.status().bad and "Back to the game" in play.status().detail
    # Forward past the last move goes back to the game, where a click plays.
    key(app, pygame.K_RIGHT)
    assert play.review.active and play.board_state == play.state
    key(app, pygame.K_RIGHT)
    assert not play.review.active
    move = play.state.legal_moves()[0]
    assert play.apply_move(move) and len(play.match.moves) == 9


def test_clicking_a_move_in_the_list_shows_the_position_after_it() -> None:
    app = make_app(SIZE)
    play = _human_game(app, moves=6)
    frame(app)
    rects = dict((ply, rect) for rect, ply in play.panel.move_rects)
    assert set(rects) == set(range(1, 7))
    click(app, rects[3].center)
    assert play.review.active and play.review.shown == 3
    assert play.board_state == play.match.states[3]
    # In review the list is still there and still clickable; the marked move is the third.
    frame(app)
    rects = dict((ply, rect) for rect, ply in play.panel.move_rects)
    click(app, rects[5].center)
    assert play.review.shown == 5


def test_clicking_the_graph_jumps_to_that_position() -> None:
    app = make_app(SIZE)
    play = _human_game(app, moves=10)
    click_widget(app, play.panel.review_button)
    assert play.review.active and play.review.shown == 10
    frame(app)
    plot = play.panel.review.plot
    assert plot.width > 0 and plot.height > 0
    click(app, (plot.left + 1, plot.centery))
    assert play.review.shown == 0
    click(app, (plot.left + plot.width // 2, plot.centery))
    assert play.review.shown == 5
    click_widget(app, play.panel.review.live_button)
    assert not play.review.active


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_graph_is_tall_and_says_whose_side_and_what_its_height_means(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 1024x768 the graph was a strip 3.6 body sizes high, and nothing said
    what its height meant (which side is up, that the edges are sure wins, no unit)."""
    from game.ui import i18n, text

    app = make_app(SIZE, language=language)
    play = _human_game(app, moves=10)
    click_widget(app, play.panel.review_button)
    drawn: list[str] = []
    real_blit = text.blit_text

    def spy(surface: pygame.Surface, value: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(value)
        return real_blit(surface, value, *args, **kwargs)

    monkeypatch.setattr(text, "blit_text", spy)
    frame(app)
    assert play.panel.review.plot.height >= app.metrics.body * 4.5
    for side, words_key in ((0, "review.graph_up"), (1, "review.graph_down")):
        # (With who plays it, "Black (Human)", where the cards side by side do not say it.)
        assert any(i18n.tr(words_key, side=said) in drawn
                   for said in play.panel.review.side_words(side)), drawn
    scale = " ".join(drawn)
    assert i18n.tr("review.graph_scale").split()[0] in scale
    app.shutdown()


def test_an_ai_vs_ai_game_pauses_while_reviewed_and_resumes_after() -> None:
    app = make_app(SIZE)
    play = start_game(app, "nim", ("random", "random"))
    app.settings.ai_delay = 0.3
    run_until(app, lambda: len(play.match.moves) >= 2)
    key(app, pygame.K_LEFT)
    assert play.turns.paused
    count = len(play.match.moves)
    for _ in range(30):
        frame(app, dt=0.1)
    assert len(play.match.moves) == count
    key(app, pygame.K_END)
    assert not play.turns.paused
    assert run_until(app, lambda: len(play.match.moves) > count)


def test_undo_and_restart_leave_the_review() -> None:
    app = make_app(SIZE)
    play = _human_game(app)
    key(app, pygame.K_LEFT)
    play.undo()
    assert not play.review.active and len(play.match.moves) == 7
    key(app, pygame.K_LEFT)
    play.restart()
    assert not play.review.active and play.match.moves == []


def _decision(move: Any, value: float) -> Decision:
    return Decision(move=move, scores={move: value}, score_kind="value")


def test_graph_line_is_the_evaluation_and_the_dots_the_ais_own_scores() -> None:
    info = get_game("othello")
    match = Match(info.setup(info.options(size=4)), (Seat("human"), Seat("human")))
    rng = random.Random(1)
    while not match.over:
        move = rng.choice(list(match.state.legal_moves()))
        # Side 0's moves come from an "AI" scoring them +3 (for itself); side 1 is a person.
        mover = match.state.to_move
        match.play(move, _decision(move, 3.0) if mover == 0 else None)
    graph = evaluation_points(match, info.evaluation)
    assert [p.ply for p in graph.line] == list(range(len(match.states)))
    assert all(-1.0 <= p.value <= 1.0 for p in graph.line + graph.dots)
    assert all(p.source == FROM_EVALUATION for p in graph.line[:-1])
    assert graph.line[-1].source == FROM_RESULT
    ai_plies = [ply for ply, state in enumerate(match.states[:-1]) if state.to_move == 0]
    assert [p.ply for p in graph.dots] == ai_plies
    assert all(p.source == FROM_AI and p.value > 0 for p in graph.dots)
    end = match.state.outcome
    assert end is not None
    expected = 0.0 if end.winner is None else (1.0 if end.winner == 0 else -1.0)
    assert graph.line[-1].value == expected
    # A proven win for side 1 (to move at ply 1) is -1 for side 0, whatever the scale.
    from ai.bounds import Proven

    move = match.moves[1]
    assert match.states[1].to_move == 1
    match.decisions[1] = Decision(move=move, scores={move: 5.0}, proven={move: Proven(1, 3)})
    dots = evaluation_points(match, info.evaluation).dots
    assert EvalPoint(1, -1.0, FROM_RESULT) in dots


def test_without_an_evaluation_the_line_joins_the_ais_scores_and_the_end() -> None:
    info = get_game("nim")
    assert info.evaluation is None or info.evaluation.neutral
    match = Match(info.setup(info.options(matches=5)), (Seat("human"), Seat("human")))
    while not match.over:
        move = match.state.legal_moves()[0]
        match.play(move, _decision(move, -1.0))
    graph = evaluation_points(match, info.evaluation)
    assert [p.ply for p in graph.line] == list(range(len(match.states)))
    assert graph.line[-1].source == FROM_RESULT
    assert all(p.source == FROM_AI for p in graph.line[:-1])


def test_save_and_open_a_game_from_the_play_screen(data_dir: Path) -> None:
    app = make_app(SIZE)
    play = _human_game(app, "connect4", moves=7)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = record.saved_records()
    assert len(saved) == 1 and saved[0].parent == data_dir / "games"
    assert app.toast is not None and str(data_dir / "games") in app.toast
    moves = list(play.match.moves)
    # Open it in the Open dialog (Ctrl+O), on a new play screen in review at its last
    # position, once the game in progress may go.
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, RecordOpenDialog) and dialog.folder == data_dir / "games"
    dialog.go(str(saved[0]))
    frame(app)
    click_widget(app, app.top.buttons[0])  # "Open" in "Open connect4-… instead?"
    opened = app.top
    assert isinstance(opened, PlayScene) and opened is not play
    assert opened.match.moves == moves and opened.review.active
    assert opened.board_state == opened.match.state
    key(app, pygame.K_HOME)
    assert opened.board_state == opened.match.states[0]
    key(app, pygame.K_END)
    assert opened.match.human_to_move, "the game goes on from its last position"


def test_a_bad_record_is_explained_and_the_screen_stays(data_dir: Path) -> None:
    app = make_app(SIZE)
    play = _human_game(app, moves=2)
    bad = data_dir / "games" / "broken.txt"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(record.HEADER + "\ngame: othello\nmove: z9\n", encoding="utf-8")
    assert open_game(app, bad) is None
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and "z9" in dialog.message
    assert "broken.txt" in dialog.message
    key(app, pygame.K_RETURN)
    assert app.top is play and len(play.match.moves) == 2


def test_opening_a_record_whose_player_is_unknown_seats_a_person(data_dir: Path) -> None:
    app = make_app(SIZE)
    path = data_dir / "old.txt"
    path.write_text(record.HEADER + "\ngame: nim\nseat 1: nosuchplayer\nseat 2: random\n"
                    "move: 2\n", encoding="utf-8")
    scene = open_game(app, path)
    assert scene is not None and scene.match.seats[0].human
    assert scene.match.seats[1].spec.startswith("random")
    assert "nosuchplayer" in scene.status().detail, "said on the status line"


def test_back_to_the_game_from_an_opened_record_forgets_how_to_step_through_it(
        data_dir: Path) -> None:
    """QA S15 20: after "Back to the game" the status line still read "Opened …: 26 moves ·
    ◀ ▶ or the arrow keys step through it" until the person moved."""
    app = make_app(SIZE)
    path = data_dir / "two.txt"
    path.write_text(record.HEADER + "\ngame: nim\nseat 1: human\nseat 2: human\n"
                    "move: 2\n", encoding="utf-8")
    scene = open_game(app, path)
    assert scene is not None and "two" in scene.status().detail
    scene.leave_review()
    assert not scene.review.active and "two" not in scene.status().detail
    app.shutdown()


def test_the_running_score_counts_games_with_names_and_resets_with_new_players() -> None:
    app = make_app(SIZE)
    play = start_game(app, "nim", ("human", "random"), options={"matches": "3"})
    assert score_line(play.match, play.seat_label) == ""
    for _game in range(3):
        while not play.match.over:
            if play.match.human_to_move:
                assert play.apply_move(play.state.legal_moves()[0])
            run_until(app, lambda: play.match.human_to_move or play.match.over)
        frame(app)
        if _game < 2:
            play.restart()
    wins = play.match.wins
    assert sum(wins) + play.match.draws == 3
    line = score_line(play.match, play.seat_label)
    # (No-break spaces: a number stays with its name, "– " with what follows it.)
    assert line == f"Score: Human\u00a0{wins[0]} –\u00a0Random\u00a0{wins[1]}"
    assert play.panel.score_rect.height > 0
    # Undo from the end takes that game's result back out; finishing again counts it once.
    play.undo()
    assert sum(play.match.wins) == 2
    play.set_seat(1, "greedy")
    assert play.match.wins == [0, 0] and score_line(play.match, play.seat_label) == ""


def test_two_players_of_the_same_name_are_told_apart_in_the_score() -> None:
    info = get_game("nim")
    match = Match(info.setup(), (Seat("human"), Seat("human")))
    match.wins = [2, 1]
    match.draws = 1
    # Regression (QA): "Human 1 2 – Human 2 1" ran the seat's number into the score.
    # (A name is never broken over two lines: "Monte" / "Carlo 1", QA18 11.)
    assert (score_line(match, lambda seat: "Human")
            == "Score: Human\u00a01:\u00a02 –\u00a0Human\u00a02:\u00a01 · 1\u00a0draw")
    assert "Monte\u00a0Carlo" in score_line(match, lambda seat: ("Human", "Monte Carlo")[seat])


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_review_screen_texts_are_not_cut(language: str, size: tuple[int, int],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ui_helpers import watch_cuts

    cut = watch_cuts(monkeypatch)
    for game in ("hexapawn", "nim", "morpion", "othello", "connect4"):
        app = make_app(size, language=language, show_reasoning=True)
        play = start_game(app, game, ("human", "alphabeta:depth=2"))
        for _ in range(3):
            if play.match.human_to_move:
                assert play.apply_move(play.state.legal_moves()[-1])
            run_until(app, lambda p=play: p.match.human_to_move or p.match.over)
        key(app, pygame.K_LEFT)
        frame(app)
        assert play.review.active
        assert not cut, (game, cut)
        app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_notices_on_the_play_screen_cover_no_button(size: tuple[int, int]) -> None:
    """Regression (issue 12 #16): a notice at the bottom of the window hid the panel's Undo and
    Hint, or the end banner's Play again and Menu, for three seconds."""
    app = make_app(size, language="fr")
    play = start_game(app, "nim", ("human", "human"), options={"matches": "4"})
    for situation in ("game", "end", "review"):
        if situation == "end":
            while not play.match.over:
                assert play.apply_move(play.state.legal_moves()[-1])
        if situation == "review":
            key(app, pygame.K_LEFT)
        app.notify("Partie enregistrée sous nim-20261123-130000.txt dans "
                   "/home/enseignant/.local/share/ai-game-lab/games")
        frame(app)
        box = app.toast_rect
        assert box.width > 0
        covered = [b for b in play.buttons() if b.visible and b.rect.colliderect(box)]
        assert not covered, (situation, [b.rect for b in covered])
        # (On a finished game over the panel's reasoning, not the result, QA17 6.)
        assert play.match.over or not box.colliderect(play.panel.rect)


def test_a_click_on_the_graphs_key_judges_with_the_games_next_evaluation() -> None:
    app = make_app(SIZE)
    play = _human_game(app, "connect4", moves=6)
    key(app, pygame.K_LEFT)
    frame(app)
    panel = play.panel.review
    names = [e.name for e in play.match.info.evaluations]
    assert len(names) > 1 and panel.evaluation is not None
    assert panel.evaluation.name == names[0]
    click(app, panel.key_rect.center)
    assert panel.evaluation.name == names[1] == "weighted_lines"
    assert panel.evaluation_title() == "Lines²"
    assert len(panel.graph().line) == len(play.match.states)
    assert play.review.active, "the click changed the evaluation, not the position"


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_panels_texts_never_run_under_its_buttons_in_explain_mode(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with a legend of two long French rows, Nim's '19 allumettes restantes' was
    drawn half under the Undo button at 1920x1080."""
    from game.ui import text

    drawn: list[tuple[str, pygame.Rect]] = []
    original = text.blit_text

    def spy(surface: pygame.Surface, content: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(surface, content, *args, **kwargs)
        drawn.append((content, rect))
        return rect

    monkeypatch.setattr(text, "blit_text", spy)
    for game in ("nim", "hexapawn", "othello"):
        app = make_app(size, language="fr", show_reasoning=True, explain_wait=True)
        play = start_game(app, game, ("human", "alphabeta"))
        assert play.apply_move(play.state.legal_moves()[0])
        assert run_until(app, lambda p=play: p.turns.explaining or p.match.over, 20)
        drawn.clear()
        frame(app)
        buttons = [b.rect for b in play.buttons() if b.visible]
        for content, rect in drawn:
            for button in buttons:
                if rect.colliderect(button) and not button.contains(rect):
                    raise AssertionError(f"{game}: '{content}' runs under a button")
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_each_row_of_review_buttons_has_one_text_size(lang: str,
                                                      size: tuple[int, int]) -> None:
    """Regression: at 200% of 1280x800 in French 'Enregistrer' was drawn smaller than 'Ouvrir'
    beside it (two equal halves, each label fitted alone)."""
    from game.ui import text

    app = make_app(size, language=lang, text_scale=200)
    play = _human_game(app)
    key(app, pygame.K_LEFT)
    frame(app)
    assert play.review.active
    panel = play.panel.review
    for pair in ((panel.back_button, panel.forward_button),
                 (panel.save_button, panel.open_button)):
        drawn = [text.fit_px(b.label(), b.rect.width - b.rect.height // 3, b.px, True,
                             int(b.px * 0.8)) for b in pair]
        assert drawn[0] == drawn[1], (lang, size, [b.label() for b in pair], drawn)
        assert all(b.label_fits() for b in pair)
    app.shutdown()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (1920, 1080)])
def test_the_review_tag_touches_no_coordinate(size: tuple[int, int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 200% of 1280x800 in French the REVUE tag, at the frame's top left,
    touched Othello's column letter 'a'. Now in a blank corner of the frame, a gap away from
    the coordinates, else at the end of the headline's row."""
    from game.ui.scenes import play, play_board

    boxes: list[pygame.Rect] = []
    real_over, real_rect = play_board.draw_over_board, pygame.draw.rect

    def filled(surface: pygame.Surface, colour: Any, rect: Any, width: int = 0,
               **kwargs: Any) -> pygame.Rect:
        if width == 0:  # the tag's box (the frame is an outline)
            boxes.append(pygame.Rect(rect))
        return real_rect(surface, colour, rect, width, **kwargs)

    def over(surface: pygame.Surface, scene: Any) -> None:
        monkeypatch.setattr(pygame.draw, "rect", filled)
        try:
            real_over(surface, scene)
        finally:
            monkeypatch.setattr(pygame.draw, "rect", real_rect)

    monkeypatch.setattr(play, "draw_over_board", over)
    app = make_app(size, language="fr", text_scale=200)
    play = _human_game(app, moves=4)
    key(app, pygame.K_LEFT)
    frame(app)
    assert play.review.active and boxes
    grid = play.view.grid
    margin = round(grid.cell * 0.55)
    letters = [pygame.Rect(grid.board.left, grid.board.top - margin, grid.board.width, margin),
               pygame.Rect(grid.board.left, grid.board.bottom, grid.board.width, margin),
               pygame.Rect(grid.board.left - margin, grid.board.top, margin, grid.board.height),
               pygame.Rect(grid.board.right, grid.board.top, margin, grid.board.height)]
    box = boxes[-1]
    assert not any(box.inflate(6, 6).colliderect(r) for r in letters), (box, letters)
    assert not box.colliderect(grid.board)
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_at_200_percent_the_reviews_start_and_its_numbers_read_whole(
        language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA, real window, 1920x1080 200%): at the start of a review the headline
    read "Review: the start (7 moves playe…"; and a move had two numbers, "Move 3/7: a1" in
    the headline beside "2. a1 c3" in the list. Now the start has a short headline and a row
    of the list is numbered by its first move."""
    from tests.ui_helpers import watch_cuts

    cut = watch_cuts(monkeypatch)
    drawn: list[str] = []
    blit = text.blit_text

    def watched(surface: Any, value: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(value)
        return blit(surface, value, *args, **kwargs)

    monkeypatch.setattr(text, "blit_text", watched)
    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "morpion", ("human", "alphabeta:depth=2"))
    for _ in range(3):
        run_until(app, lambda: play.match.human_to_move or play.match.over)
        if play.match.over:
            break
        assert play.apply_move(play.state.legal_moves()[0])
    run_until(app, lambda: play.match.human_to_move or play.match.over)
    while not play.review.active or play.review.shown > 0:
        key(app, pygame.K_LEFT)
    frame(app)
    headline = i18n.tr("review.headline_start", total=len(play.match.moves))
    assert not [c for c in cut if c.startswith(headline[:6])], cut
    start = i18n.tr("review.headline_start_short", total=len(play.match.moves))
    assert start in drawn or i18n.tr("review.headline_start",
                                     total=len(play.match.moves)) in drawn
    # Every move listed has its own number: 3 is move 3's, and the numbers run 1, 2, 3…
    # (rows numbered by their first move read "1, 3, 5", which looked like a bug, QA).
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    drawn.clear()
    frame(app)
    assert play.review.shown == 3
    numbers = sorted(int(v[:-1]) for v in drawn if v[:-1].isdigit() and v.endswith("."))
    steps = {b - a for a, b in itertools.pairwise(numbers)}
    # (Where the list keeps no row, the graph taking its room at 200% (QA20 6), the
    # headline names the move: "Move 3/6: b1".)
    assert (3 in numbers and steps <= {1}) or (not numbers and any(
        f"3/{len(play.match.moves)}" in v for v in drawn)), (numbers, drawn)
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "fr"), ((1024, 768), "fr"),
                                                ((1024, 640), "fr"), ((1920, 1080), "en")])
def test_the_graph_says_whose_side_is_up_above_its_curve_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S11 45d, S12 22): at 200% "X mène / O mène" was written inside the plot,
    over the curve; at the end of a game (the running score above the cards) at 1280x720 the
    graph had no word at all. Both sides' words are now drawn above the plot, never in it,
    at a readable size; the move list shows the first move at the start, the last at the
    end."""
    from game.ui import i18n, text
    from game.ui.scenes.play_fit import readable_px

    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "morpion", ("human", "human"))
    for move in ("b2", "a1", "a2", "c1", "c2"):  # X wins: the running score shows
        assert play.apply_move(next(m for m in play.state.legal_moves() if str(m) == move))
    play.enter_review(len(play.match.states) - 1)
    drawn: list[tuple[str, pygame.Rect, int]] = []
    real_blit = text.blit_text

    def spy(surface: pygame.Surface, value: str, px: int, *args: Any, **kwargs: Any) -> Any:
        rect = real_blit(surface, value, px, *args, **kwargs)
        drawn.append((value, rect, px))
        return rect

    monkeypatch.setattr(text, "blit_text", spy)
    for shown in (len(play.match.states) - 1, 0):
        play.enter_review(shown)
        drawn.clear()
        frame(app)
        plot = play.panel.review.plot
        for side, words_key in ((0, "review.graph_up"), (1, "review.graph_down")):
            # (With who plays it, "X (Humain)", which the cards side by side do not say.)
            forms = [i18n.tr(words_key, side=said)
                     for said in play.panel.review.side_words(side)]
            found = [(rect, px) for value, rect, px in drawn if value in forms]
            assert found, (forms, shown)
            rect, px = found[0]
            assert rect.bottom <= plot.top and px >= readable_px(size), (forms, rect, plot)
        listed = "b2" if shown == 0 else "c2"  # the first move at the start, else the last
        # (Or, where the graph took the list's rows at 200% (QA20 6), the headline's move.)
        assert any(value.strip() == listed or value.endswith(f" {listed}")
                   for value, _rect, _px in drawn), listed
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_at_the_start_of_a_long_game_the_list_shows_its_first_move(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S11 45c, 1024x768 French 200%): at "Le début (0/20)" the move list
    still showed the last rows (15. to 19.): the start of the game was not in the list."""
    from tests.ui_helpers import spy_texts

    app = make_app(size, language="fr", text_scale=200)
    play = _human_game(app, "othello", moves=20)
    first = play.presenter.move_text(play.match.moves[0])
    drawn = spy_texts(monkeypatch)
    play.enter_review(0)
    frame(app)
    assert "1." in drawn and first in drawn, drawn
    play.enter_review(len(play.match.states) - 1)
    drawn.clear()
    frame(app)
    assert play.presenter.move_text(play.match.moves[-1]) in drawn
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_review_seat_cards_keep_their_counts_whole_at_200_percent(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S11 45a, 1024x768 French 200%): in review both Morpion cards read
    "X · 3 posés, 0 en m…": the review's one-line cards cut a count that goes on a second
    line in play. Such a card keeps its two lines there, with who plays it (QA S11 11e);
    the move list keeps two rows at least, the reviewed move's among them."""
    from tests.ui_helpers import watch_cuts

    app = make_app(size, language="fr", text_scale=200)
    play = start_game(app, "morpion", ("human", "human"))
    for move in ("b2", "a1", "a2", "c1", "c2"):
        assert play.apply_move(next(m for m in play.state.legal_moves() if str(m) == move))
    cut = watch_cuts(monkeypatch)
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    seats = play.panel.seats
    summaries = [play.presenter.side_summary(play.board_state, side) for side in (0, 1)]
    assert not [c for c in cut if any(s in c for s in summaries)], cut
    # (Side by side on one row since QA20 6: each says its count or, where it has no room
    # for it, the side's name; never cut.)
    assert seats.brief and seats.rects[0].top == seats.rects[1].top
    # (The list gives its rows to the graph at 200%, QA20 6; the headline names the move.)
    shown = [ply for _rect, ply in play.panel.move_rects]
    assert not shown or 5 in shown, "the reviewed move's row where the list has one"
    app.shutdown()


def test_the_graph_says_what_its_line_is_at_200_percent_of_1280x720(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S12 22 re-check, 1280x720 French 200%): the graph said whose side is up
    and nothing of what its line is; the key's short form ("Ligne : évaluation « Poids »",
    without "(cliquer pour changer)") stays where the whole key has no room."""
    from game.ui import text

    app = make_app((1280, 720), language="fr", text_scale=200)
    play = _human_game(app, "othello", moves=20)
    drawn: list[tuple[str, pygame.Rect]] = []
    real_blit = text.blit_text

    def spy(surface: pygame.Surface, value: str, *args: Any, **kwargs: Any) -> Any:
        rect = real_blit(surface, value, *args, **kwargs)
        drawn.append((value, rect))
        return rect

    monkeypatch.setattr(text, "blit_text", spy)
    play.enter_review(10)
    frame(app)
    title = play.panel.review.evaluation_title()
    plot = play.panel.review.plot
    assert title and any(title in value and rect.top >= plot.bottom for value, rect in drawn)
    app.shutdown()


def _short_morpion_review(size: tuple[int, int], seats: tuple[str, str]) -> PlayScene:
    """A Morpion game of five moves at most (X wins at c2 between two people; against an
    AI, X plays those squares while they are free) at 200% French, reviewed at its end."""
    app = make_app(size, language="fr", text_scale=200)
    play = start_game(app, "morpion", seats)
    for move in ("b2", "a1", "a2", "c1", "c2"):
        run_until(app, lambda: play.match.over or play.state.to_move == 0
                  or seats[1] == "human")
        if play.match.over:
            break
        legal = {str(m): m for m in play.state.legal_moves()}
        assert play.apply_move(legal.get(move, next(iter(legal.values()))))
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    return play


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_a_short_morpion_games_graph_says_what_its_line_is_at_200_percent(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S12 22 remainder): a five-move Morpion game at 200% of 1280x720 and
    1024x640 kept three rows of its list and lost the caption under the graph (what the line
    is). The list gives way a row first (it scrolls to the reviewed move); the caption is
    readable, under the plot and above the list."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    play = _short_morpion_review(size, ("human", "human"))
    title = play.panel.review.evaluation_title()
    drawn = texts_drawn_by(lambda: frame(play.app), monkeypatch)
    plot = play.panel.review.plot
    caption = [(px, rect) for line, px, rect in drawn if title and title in line]
    assert caption, [line for line, _px, _rect in drawn]
    px, rect = caption[0]
    assert rect.top >= plot.bottom and px >= readable_px(size), (rect, plot, px)
    listed = [cell for cell, _ply in play.panel.move_rects]
    assert listed and min(cell.top for cell in listed) >= rect.bottom
    assert 5 in [ply for _cell, ply in play.panel.move_rects], "the reviewed move stays listed"
    play.app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_review_seat_cards_on_one_line_keep_who_plays_them(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S11 11e): in review at 200% the seat cards held "X · 3 posés, 0 en
    main" and dropped who plays each side ("Humain", "Glouton") though it fitted the line,
    as the same cards show it during the game."""
    from tests.ui_helpers import texts_drawn_by

    play = _short_morpion_review(size, ("human", "greedy"))
    seats = play.panel.seats
    assert seats.brief
    drawn = texts_drawn_by(lambda: frame(play.app), monkeypatch)
    plot = play.panel.review.plot
    for seat in (0, 1):
        # Since QA20 6 the cards stand side by side with the side and its count: who plays
        # it is said above the graph, "▲ X (Humain) mène".
        label = play.seat_label(seat)
        assert any(f"({label})" in line and box.bottom <= plot.top
                   for line, _px, box in drawn), label
    play.app.shutdown()


@pytest.mark.parametrize(("size", "language", "scale"), [((1024, 768), "en", 200),
                                                         ((1920, 1080), "fr", 200),
                                                         ((1280, 720), "en", 100)])
def test_the_graph_has_a_scale_mark_at_every_size(size: tuple[int, int], language: str,
                                                  scale: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 14): neither the line nor the dots had a scale (no tick, no ±N), and
    the words "Edges: a sure win; between: estimates, scaled to fit" showed at some sizes
    only. The plot's left now says what height the largest estimate reaches, "+N" and "−N"
    (N the line's largest value in its own unit), beside the plot, readable, at every size."""
    from game.ui.scenes.play_fit import readable_px
    from game.ui.scenes.review_scale import scale_marks
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language, text_scale=scale)
    play = _human_game(app, "othello", 12)
    play.enter_review(6)
    frame(app)
    graph = play.panel.review.graph()
    marks = scale_marks(graph.scale)
    assert graph.scale > 0 and marks, graph
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    plot = play.panel.review.plot
    for mark in (marks[0][0], marks[-1][0]):
        found = [(rect, px) for value, px, rect in drawn if value == mark]
        assert found, (mark, [value for value, _px, _rect in drawn])
        rect, px = found[0]
        assert rect.right <= plot.left and plot.top <= rect.centery <= plot.bottom, (rect, plot)
        assert px >= min(readable_px(size), app.metrics.small), (mark, px)
    assert marks[0][0].startswith("+") and marks[-1][0].startswith("\u2212")
    app.shutdown()


def test_the_score_keeps_each_number_with_its_word_when_it_wraps() -> None:
    """QA S14 8: at 200% of 1280x800 the panel's score read "Score: Human 0 – /
    Reinforcement 0 · 1 / draw", the "1" and its "draw" on two lines."""
    from game.ui import text

    info = get_game("othello")
    match = Match(info.setup(), (Seat("human"), Seat("human")))
    match.draws = 1
    line = score_line(match, lambda seat: ("Human", "Reinforcement")[seat])
    for width in range(320, 700, 20):  # a panel at 200% (40 px words) is 380-730 wide
        for wrapped in text.wrap(line, width, 40):
            # (A number ends a line only after its name's no-break space.)
            assert not wrapped.endswith((" 1", " 0", "–")), (width, wrapped)
            assert not wrapped.startswith(("draw", "0")), (width, wrapped)


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1024, 768), "en")])
def test_the_graphs_scale_names_its_unit_and_keeps_its_words_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA15 7 (Othello 4x4 at 1024x768 fr 200%): the scale read "+198 / −198" with no unit,
    and "Edges: a sure win", which makes the dots readable, gave way to the move list. The
    words now say what the edges are and the scale's unit ("Edges: a sure win; scale in
    weight-table points"), under the plot, kept before the list's second row, readable."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "othello", ("human", "engine"), options={"size": "4"})
    rng = random.Random(3)
    while not play.match.over:
        assert run_until(app, lambda: play.match.over or play.state.to_move == 0, 60)
        if not play.match.over:
            assert play.apply_move(rng.choice(list(play.state.legal_moves())))
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    panel = play.panel.review
    assert panel.graph().unit == "table_points"
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    plot = panel.plot
    below = [(line, px) for line, px, rect in drawn
             if rect.top >= plot.bottom and rect.left < plot.centerx]
    said = " ".join(line for line, _px in below)
    words = i18n.tr("review.graph_scale_unit", unit=i18n.tr("unit.table_points.name"))
    assert words in said, (words, below)
    key = [px for line, px in below if line in said and line not in "0123456789."]
    assert key and min(key) >= readable_px(size), below
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_nim_graph_with_no_estimate_has_its_edges_marked(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA15 7 (Nim 12 vs Perfect, 1024x768 en 200%): the graph had no scale at all, every
    dot on the bottom edge. Its edges now read "win" ("gagné") left of the plot, the top in
    the first side's colour, the bottom in the second's, and the words say the edges are a
    sure win."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1024, 768), language=language, text_scale=200)
    play = _human_game(app, "nim", moves=40)
    assert play.match.over
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    panel = play.panel.review
    assert panel.graph().scale == 0
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    plot = panel.plot
    won = [rect for line, _px, rect in drawn if line == i18n.tr("review.graph_won")]
    assert len(won) == 2, [line for line, _px, _rect in drawn]
    top, bottom = sorted(won, key=lambda rect: rect.top)
    assert top.right <= plot.left and bottom.right <= plot.left
    assert plot.top <= top.top and bottom.bottom <= plot.bottom + 1 and top.bottom <= bottom.top
    assert i18n.tr("review.graph_edges") in [line for line, _px, _rect in drawn]
    app.shutdown()


def test_an_opened_records_graph_speaks_of_no_dots(data_dir: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """QA16 13 (an opened record, Othello 6x6, 1280x720 en 200%): the key said "dots: the
    AI's search scores" where none were drawn (a record keeps no AI decision). Where no
    dot is drawn the key says only what the line is."""
    from game.ui.scenes.review import record_of
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1280, 720), text_scale=200)
    play = start_game(app, "othello", ("human", "alphabeta"), options={"size": "6"})
    rng = random.Random(5)
    while len(play.match.moves) < 6 and not play.match.over:
        assert run_until(app, lambda: play.match.over or play.state.to_move == 0, 30)
        if not play.match.over:
            assert play.apply_move(rng.choice(list(play.state.legal_moves())))
    assert play.panel.review.graph().dots, "alpha-beta's own scores are dots as it plays"
    opened = open_game(app, record.save(record_of(play.match)))
    assert opened is not None and opened.review.active
    frame(app)
    title = opened.panel.review.evaluation_title()
    lines = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(app),
                                                                 monkeypatch))
    assert not opened.panel.review.graph().dots
    assert i18n.tr("review.graph_key_eval", evaluation=title) in lines, lines
    assert i18n.tr("review.graph_key", evaluation=title) not in lines
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "scale"), [((1024, 768), "fr", 200),
                                                      ((1920, 1080), "en", 100)])
def test_the_review_says_what_the_numbers_on_the_board_mean(
        size: tuple[int, int], lang: str, scale: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA19 23, Hexapawn vs Minimax at 1024x768 fr 200%, Othello at 1920x1080):
    stepping through a game showed the AI's "G3" and "P2 P2" on the board and the review's
    only key was the graph's. The board's key is drawn under the graph, the graph's key
    taking a shorter form where that leaves it the room."""
    from game.ui.scenes.review_words import review_legend
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale,
                   explain_wait=False)
    play = start_game(app, "hexapawn", ("human", "minimax"))
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: len(play.match.moves) >= 2, 30)
    play.enter_review(1)
    frame(app)
    rows = review_legend(play)
    assert rows and play.view is not None
    drawn = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(app),
                                                                 monkeypatch))
    assert play.panel.explain.legend_rows_shown >= 1
    first = rows[0].short or rows[0].words
    assert rows[0].sample in drawn and (first.split()[-1] in drawn
                                        or rows[0].words.split()[-1] in drawn), drawn
    app.shutdown()


def test_two_ais_in_two_units_each_get_their_own_scale() -> None:
    """Regression (QA19 31, the Engine vs Alpha-beta at 1024x768 fr 200%): the engine's
    +14.8 discs were drawn near 0 on the weight-table scale of ±352 beside alpha-beta's
    points, and the graph said White led a game Black won 48-16. The dots of each unit are
    scaled on their own (alpha-beta's, in the line's unit, on the line's), and the key says
    so."""
    info = get_game("othello")
    match = Match(info.setup(info.options(size=4)), (Seat("human"), Seat("human")))
    engine = {"units": "evaluation points (100 is about one disc)"}
    table = {"unit": "table_points"}
    rng = random.Random(2)
    while not match.over and len(match.moves) < 8:
        move = rng.choice(list(match.state.legal_moves()))
        black = match.state.to_move == 0
        # Black: the engine, +14.8 discs for itself; White: alpha-beta, +300 points for itself.
        decision = Decision(move=move, scores={move: 1480.0 if black else 300.0},
                            score_kind="value", info=dict(engine if black else table))
        match.play(move, decision)
    graph = evaluation_points(match, info.evaluation)
    assert graph.mixed
    black = [p.value for p in graph.dots if match.states[p.ply].to_move == 0]
    assert black and min(black) >= 0.5, black  # its own largest, not ~0 beside ±300
    i18n.set_language("fr")
    try:
        app = make_app(SIZE, language="fr", show_reasoning=True)
        play = start_game(app, "othello", ("human", "human"), options={"size": "4"})
        play.match = match
        play.enter_review(1)
        frame(app)
        assert i18n.tr("review.graph_dots_mixed") in play.panel.review.unit_words()
        app.shutdown()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "said"), [("fr", "(0 coup joué)"), ("en", "(1 move played)")])
def test_the_reviews_start_counts_its_moves_in_their_grammar(lang: str, said: str) -> None:
    """Regression (QA19 27, Othello at 1280x800 fr 100%, ← before the first move): "Revue :
    le début (0 coups joués)"."""
    from game.ui.scenes.play_status import review_status

    i18n.set_language(lang)
    try:
        app = make_app(SIZE, language=lang)
        play = _human_game(app, moves=0 if lang == "fr" else 1)
        play.enter_review(0)
        headline = review_status(play.match, play.review, play.presenter).headline
        assert headline.endswith(said), headline
        app.shutdown()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_saving_the_same_game_twice_writes_one_file(data_dir: Path, language: str) -> None:
    """Regression (QA20 18, Othello vs Alpha-beta, 1920x1080 fr): a double-click on Save
    wrote othello-…-134920.txt and othello-…-134920-2.txt, identical, both in the Open list.
    The unchanged game is written once; the second save says where it already is; a move
    later it is saved again, in a file of its own."""
    app = make_app(SIZE, language=language)
    play = _human_game(app, "connect4", moves=3)
    for _click in range(2):
        play.save_record()
        frame(app)
    saved = record.saved_records()
    assert len(saved) == 1, saved
    assert app.toast == i18n.tr("review.saved_already", name=saved[0].name,  # type: ignore[attr-defined]
                                folder=str(saved[0].parent))
    _random_moves(play, 1)
    play.save_record()
    assert len(record.saved_records()) == 2
    app.shutdown()
