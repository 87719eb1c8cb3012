"""The review graph's key where room is short (QA16 19): a finished game against an AI that
proves its results, reviewed at 200% text, says what its dots, edges and scale are, and its
dots read from the back row. Driven with synthetic events on the real play scene."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import i18n
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play_fit import readable_px
from tests.ui_helpers import frame, make_app, run_until, start_game, texts_drawn_by

#: The moves QA played as White against Perfect (the first legal move where one is taken).
QA_MOVES = ("b1-b2", "c1xb2", "a1-a2")


def _finished_hexapawn(size: tuple[int, int], language: str, opponent: str) -> PlayScene:
    """A Hexapawn game a person plays as White against ``opponent`` until it ends (QA16 19's
    moves where legal), reviewed at its last position, at 200% text."""
    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "hexapawn", ("human", opponent))
    wanted = iter(QA_MOVES)
    while not play.match.over:
        assert run_until(app, lambda: play.match.over or play.state.to_move == 0, 30)
        if play.match.over:
            break
        legal = {str(move): move for move in play.state.legal_moves()}
        assert play.apply_move(legal.get(next(wanted, ""), next(iter(legal.values()))))
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    return play


@pytest.mark.parametrize(("size", "language", "opponent"), [
    ((1280, 720), "fr", "perfect"), ((1280, 720), "en", "alphabeta"),
    ((1920, 1080), "fr", "perfect"), ((1920, 1080), "en", "alphabeta"),
    ((1024, 768), "fr", "perfect")])
def test_a_finished_games_graph_says_its_edges_and_unit_under_the_plot(
        size: tuple[int, int], language: str, opponent: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA16 19 (Hexapawn vs Perfect, 1280x720 fr 200%): "+13 / 0 / −13" and the AI's dots on
    the bottom edge with no word under the plot at all (the same at 1920x1080 against the
    engine): the dots are the AI's proven wins, the edges a sure win, and the scale in
    balance points. Under the plot, readable: the edges' words and the scale's unit."""
    play = _finished_hexapawn(size, language, opponent)
    panel = play.panel.review
    graph = panel.graph()
    assert graph.dots and all(point.value == -1 for point in graph.dots), graph.dots
    drawn = texts_drawn_by(lambda: frame(play.app), monkeypatch)
    plot = panel.plot
    under = [(line, px) for line, px, rect in drawn
             if plot.bottom <= rect.top and rect.bottom <= panel.key_rect.bottom + 1]
    said = " ".join(line for line, _px in under)
    unit = i18n.tr("unit.balance_points.name")
    edges = (i18n.tr("review.graph_edges_brief"), i18n.tr("review.graph_edges"))
    assert unit.split()[-1] in said and any(words.split()[0] in said for words in edges), said
    assert min(px for _line, px in under) >= readable_px(size), under
    play.app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_graphs_dots_are_a_third_of_its_words_across(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """QA16 19: Perfect's dots were ~6 px across at 1280x720 (200% text), too small for the
    back row. Each dot is now at least a third of the readable text size in radius."""
    play = _finished_hexapawn(size, "fr", "perfect")
    radii: list[int] = []
    real = pygame.draw.circle

    def spy(surface: pygame.Surface, colour: Any, centre: Any, radius: float,
            *args: Any, **kwargs: Any) -> pygame.Rect:
        if play.panel.review.plot.collidepoint(centre):
            radii.append(int(radius))
        return real(surface, colour, centre, radius, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "circle", spy)
    frame(play.app)
    dots = len(play.panel.review.graph().dots)
    assert len(radii) >= dots, radii
    assert min(radii) >= readable_px(size) // 3, radii
    play.app.shutdown()


def _reviewed(size: tuple[int, int], game: str, opponent: str, moves: int,
              language: str = "en") -> PlayScene:
    """A game a person plays (seeded random moves) against ``opponent`` for ``moves`` moves
    in all, reviewed at its last position, at 200% text in ``language``."""
    import random

    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, game, ("human", opponent))
    rng = random.Random(7)
    while not play.match.over and len(play.match.moves) < moves:
        assert run_until(app, lambda: play.match.over or play.state.to_move == 0, 60)
        if not play.match.over:
            assert play.apply_move(rng.choice(list(play.state.legal_moves())))
    assert run_until(app, lambda: play.match.over or play.state.to_move == 0, 60)
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    return play


def test_the_engines_dots_say_their_own_unit_beside_the_lines_scale(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA17 10 (Othello vs the Engine, 1920x1080 en 200%): the dots, the engine's scores in
    discs, were drawn against a scale "in weight-table points" (a +4.1-disc dot on the
    "+9.0" line) and nothing said so. The words now give the dots' own size at the marks
    ("scale in weight-table points (dots: ±4.9 discs)")."""
    play = _reviewed((1920, 1080), "othello", "engine", 6)
    panel = play.panel.review
    graph = panel.graph()
    assert graph.unit == "table_points" and graph.dot_unit == "discs" and graph.dot_scale > 0
    said = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(play.app),
                                                                monkeypatch))
    dots = panel.dots_words()
    assert dots and dots.split()[-1] in said and dots.split()[0] in said, (dots, said)
    play.app.shutdown()


def test_dots_in_the_lines_unit_share_its_scale() -> None:
    """QA17 10's other half: Connect 4 against alpha-beta, whose search scores are open lines
    as the line's evaluation is, drew each on its own scale (the marks "±16" true of the line
    only). They now share one: the marks are the largest of both."""
    from game.ui.scenes.review import _ai_value

    play = _reviewed((1280, 720), "connect4", "alphabeta", 12)
    match, graph = play.match, play.panel.review.graph()
    assert graph.unit == graph.dot_unit == "open_lines" and graph.dot_scale == 0
    evaluation = match.info.evaluation
    assert evaluation is not None
    searched = [abs(own[0]) for ply, state in enumerate(match.states[:-1])
                if (own := _ai_value(match.decisions[ply], match.moves[ply], state.to_move))
                and not own[1]]
    judged = [abs(float(evaluation(state, 0))) for state in match.states if not state.outcome]
    assert searched and graph.scale == max(*searched, *judged), (graph.scale, searched)
    play.app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "fr"), ((1920, 1080), "en")])
def test_the_scales_numbers_sit_on_their_lines_and_name_the_middle_one(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA17 10 (Othello vs the Engine, 1920x1080 en 200%): "+9.0" and "−9.0" sat ~13 px
    under their lines, held inside the plot by their line boxes, and the middle line had no
    "0". Each number's digits are now level with its line (within 2 px), the middle line is
    named "0", every number readable."""
    from game.ui.scenes.review_scale import digit_ink, scale_marks

    play = _reviewed(size, "othello", "engine", 6, language)
    panel = play.panel.review
    lines: list[int] = []
    real = pygame.draw.line

    def spy(surface: pygame.Surface, colour: Any, start: Any, end: Any,
            *args: Any, **kwargs: Any) -> pygame.Rect:
        if start[1] == end[1] and start[0] == panel.plot.left:
            lines.append(int(start[1]))
        return real(surface, colour, start, end, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "line", spy)
    drawn = texts_drawn_by(lambda: frame(play.app), monkeypatch)
    plot = panel.plot
    marks = {mark for mark, _level in scale_marks(panel.graph().scale)}
    numbers = [(value, px, rect) for value, px, rect in drawn
               if value in marks and rect.right <= plot.left]
    assert sorted(value for value, _px, _rect in numbers) == sorted(marks), numbers
    for value, px, rect in numbers:
        digits = rect.centery + digit_ink(px)[1]
        assert min(abs(digits - y) for y in lines) <= 2, (value, digits, lines)
        assert px >= readable_px(size), (value, px)
    play.app.shutdown()


@pytest.mark.parametrize(("size", "language", "opponent"), [
    ((1024, 768), "fr", "alphabeta"), ((1024, 768), "en", "perfect"),
    ((1920, 1080), "fr", "alphabeta")])
def test_the_review_says_who_plays_each_side(size: tuple[int, int], language: str,
                                             opponent: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """QA17 5 (Hexapawn vs Alpha-bêta, 1024x768 fr 200%): the review's brief seat cards read
    "Blanc · 2 pions" / "Noir · 2 pions" with no "Humain" / "Alpha-bêta"; only the score
    line named the players, not their sides. Each player is now named, readable, on its
    card or beside its side's name in the graph's "▲ Blanc (Humain) mène"."""
    play = _finished_hexapawn(size, language, opponent)
    panel = play.panel.review
    drawn = texts_drawn_by(lambda: frame(play.app), monkeypatch)
    for seat, card in enumerate(play.panel.seats.rects):
        label = play.seat_label(seat)
        side = play.presenter.side_name(play.match.side_of_seat(seat))
        on_card = [px for line, px, rect in drawn if line == label and card.contains(rect)]
        in_graph = [px for line, px, rect in drawn if f"{side} ({label})" in line
                    and rect.bottom <= panel.plot.top]
        assert on_card or in_graph, (label, [line for line, _px, _rect in drawn])
        assert min(on_card + in_graph) >= readable_px(size), (label, on_card, in_graph)
    play.app.shutdown()


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_graph_with_nothing_to_draw_says_so_and_names_both_players(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA18 18 (Nim 20, Humain vs Monte-Carlo, 1024x768 fr 200%): Monte-Carlo gives win
    shares, no score, so the review's graph was empty while its key said "Ligne et ronds :
    scores de l'IA / Bords : victoire sûre"; the brief card read "Joueur 2" without
    "Monte-Carlo". The key now says no AI here scores positions (no edge words without a
    result on them) and Monte-Carlo is named above the plot."""
    app = make_app((1024, 768), language=language, text_scale=200)
    play = start_game(app, "nim", ("human", "mcts"))
    for _turn in range(2):
        assert run_until(app, lambda: play.state.to_move == 0, 30)
        assert play.apply_move(next(iter(play.state.legal_moves())))
    assert run_until(app, lambda: play.state.to_move == 0, 30)
    play.enter_review(len(play.match.states) - 1)
    frame(app)
    panel = play.panel.review
    assert not panel.graph().dots and not play.match.over
    said = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(app),
                                                                monkeypatch))
    none = i18n.tr("review.graph_key_none")
    assert none.split()[-1] in said and none.split()[0] in said, said
    assert i18n.tr("review.graph_key_ai") not in said
    assert i18n.tr("review.graph_edges").split()[0] not in said, said
    assert play.seat_label(1) in said, said
    app.shutdown()


@pytest.mark.parametrize(("language", "evaluation"), [("fr", "discs"), ("en", "weights")])
def test_a_scale_of_whole_things_is_written_whole(language: str, evaluation: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """QA19 34 (Othello, two people, 1280x800 fr, two moves, ←, the key clicked to the
    discs): the scale read "+3,0 / 0 / −3,0 … échelle en pions", a decimal where the play
    screen's rule keeps decimals for estimates; a disc count is exact. The marks drawn are
    now whole ("+3"), in both languages."""
    from game.ui.scenes.review_scale import scale_marks, scale_size

    assert scale_size(0.65) == i18n.decimal("0.7") and scale_size(143.4) == "143"
    app = make_app((1280, 800), language=language)
    play = start_game(app, "othello", ("human", "human"))
    for _ in range(2):
        assert play.apply_move(sorted(play.state.legal_moves(), key=str)[0])
    play.enter_review(1)
    panel = play.panel.review
    while panel.evaluation is not None and panel.evaluation.name != evaluation:
        panel.next_evaluation()
    drawn = [said for said, _px, _rect in texts_drawn_by(lambda: frame(app), monkeypatch)]
    scale = panel.graph().scale
    assert scale > 0 and float(scale).is_integer(), scale
    whole = f"{scale:.0f}"
    assert {f"+{whole}", f"\u2212{whole}"} <= set(drawn), drawn
    assert [mark for mark, _level in scale_marks(scale)] == [f"+{whole}", "0", f"\u2212{whole}"]
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_reviews_words_are_readable_at_100_percent_of_1024x768(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA20 2 (Nim, one heap, a person against Random, finished, reviewed at 1024x768 en
    100%): the graph's key ("Line and dots: the AI's own scores", "Edges: a sure win") and
    the move list ("7. 2 matches") were 18 px, under the window's readable 20, where the play
    panel's words are 20. Every word in the review's column is now at least that size."""
    app = make_app((1024, 768), language=language)
    play = start_game(app, "nim", ("human", "random"), options={"variant": "single"})
    while not play.match.over:
        assert run_until(app, lambda: play.match.over or play.state.to_move == 0, 30)
        if not play.match.over:
            assert play.apply_move(sorted(play.state.legal_moves(), key=str)[0])
    play.enter_review(len(play.match.states) - 2)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    column = play.panel.moves_rect
    words = [(said, px) for said, px, rect in drawn
             if column.contains(rect) and said.strip() and said != "0"]
    assert len(words) >= 4, words
    assert min(px for _said, px in words) >= readable_px((1024, 768)), words
    app.shutdown()
