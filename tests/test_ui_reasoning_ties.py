"""A tie the player broke is said in its reasoning (regression: in a real window, a fresh
Q-learner's Hexapawn board showed four labels "0,00" and Greedy's first Othello reply three
labels "1", and nothing said why the move played was chosen over the others)."""

from __future__ import annotations

import pytest

from ai.base import Decision, Limits
from ai.registry import make_player
from game.rules.registry import get_game, parse_options
from game.ui import i18n
from game.ui.reasoning import reasoning_lines, shown_scores


def _said(spec: str, game: str, lang: str = "en",
          options_text: dict[str, str] | None = None) -> list[str]:
    info = get_game(game)
    options = parse_options(info, options_text or {})
    state = info.initial_state(options)
    decision = make_player(spec, game, options, seed=3).choose(state, Limits())
    i18n.set_language(lang)
    try:
        return reasoning_lines(decision, "White")
    finally:
        i18n.set_language("en")


def test_greedy_othello_opening_says_its_four_equal_moves_were_drawn_at_random() -> None:
    lines = _said("greedy", "othello")
    # Every opening move flips one disc: the move, its flips, then the tie.
    assert lines[2] == "4 moves share this best value: one drawn at random"


def test_greedy_with_ties_first_says_it_took_the_first_in_move_order() -> None:
    lines = _said("greedy:ties=first", "othello", "fr")
    assert "4 coups ont cette meilleure valeur : le premier dans l'ordre des coups" in lines


def test_a_fresh_q_learner_says_all_its_values_tie() -> None:
    lines = _said("qlearning:epsilon=0", "hexapawn")
    assert "3 moves share this best value: one drawn at random" in lines


def test_minimax_says_its_tie_was_drawn_at_random() -> None:
    # At depth 2 every Hexapawn opening scores the same (ai.search draws one with its rng).
    lines = _said("minimax:depth=2", "hexapawn")
    assert "3 moves share this best value: one drawn at random" in lines


def test_best_first_says_it_preferred_a_diagonal() -> None:
    # Seeded game: ties among all cells with a diagonal preferred (the seed's best-first),
    # a tie without diagonals, then lone best moves, which get no tie line.
    info = get_game("morpion")
    options = parse_options(info, {})
    state = info.initial_state(options)
    player = make_player("bestfirst", "morpion", options, seed=1)
    seen = set()
    for _ in range(6):
        decision = player.choose(state, Limits())
        line = next((x for x in reasoning_lines(decision, "X") if "share" in x), None)
        seen.add((decision.info["tied"], decision.info["tie_rule"], line))
        state = state.play(decision.move)
        if state.outcome is not None:
            break
    assert {(tied > 1, rule) for tied, rule, _line in seen} >= {
        (True, "diagonal"), (True, "random"), (False, "random")}
    for tied, rule, line in seen:
        if tied < 2:
            assert line is None
        elif rule == "diagonal_only":
            assert line == f"{tied} moves share this best value: the only one on a diagonal"
        elif rule == "diagonal":
            assert line == f"{tied} moves share this best value: one on a diagonal, drawn at random"
        else:
            assert line == f"{tied} moves share this best value: one drawn at random"


def test_no_tie_no_line() -> None:
    # 21 matches, take 1 to 3: taking 1 (leaving a multiple of 4) is the one winning move.
    for lines in (_said("random", "othello"),
                  _said("alphabeta", "nim", options_text={"matches": "21"})):
        assert not any("share this best value" in line for line in lines)


def test_best_first_with_one_tied_move_on_a_diagonal_does_not_claim_a_draw() -> None:
    """Review: with one tied move alone on a diagonal, best-first takes it without drawing,
    and the line said "one on a diagonal, drawn at random"."""
    from ai.base import Decision
    from ai.bestfirst import _tie_rule

    assert _tie_rule(2, 1) == "diagonal_only"
    assert _tie_rule(5, 2) == "diagonal"
    assert _tie_rule(3, 3) == _tie_rule(3, 0) == "random"
    d = Decision(move="b2", scores={"b2": 1.0, "a2": 1.0}, score_kind="cost",
                 info={"tied": 2, "tie_rule": "diagonal_only"})
    assert "2 moves share this best value: the only one on a diagonal" in reasoning_lines(d, "X")


def test_best_first_says_what_its_points_count() -> None:
    """QA17 1 (Morpion vs best-first, 1024x768 fr 200%): "10" beside "1" and "0" on the
    board, and nowhere what the points count."""
    for lang in ("en", "fr"):
        lines = _said("bestfirst", "morpion", lang)
        i18n.set_language(lang)
        try:
            how = i18n.tr("think.cost_how", side="White")
        finally:
            i18n.set_language("en")
        assert how in lines, lines
        assert "White" in how and ("squared" in how or "au carré" in how)
        # Second, among the first facts shown before the legend, not behind the pager
        # after the tie's line (QA18 4).
        assert lines.index(how) == 1, lines


def test_an_untrained_network_says_it_plays_at_random() -> None:
    """QA17 11 (Othello 6x6 vs the n-tuple network, 1920x1080 en 200%): the app ships no 6x6
    network, every move read "0" and the panel "White chose b2: 0 (network value)", nothing
    said this AI had learnt nothing. The 8x8 network, shipped, says its value."""
    from game.ui.reasoning import score_legend

    for lang in ("en", "fr"):
        lines = _said("ntuple", "othello", lang, {"size": "6"})
        i18n.set_language(lang)
        try:
            assert lines[0].startswith(i18n.tr("think.chose_untrained", side="White",
                                               move="")[:8]), lines
            assert i18n.tr("think.chose_untrained", side="White", move="")[-12:] in lines[0]
            info = get_game("othello")
            options = parse_options(info, {"size": "6"})
            decision = make_player("ntuple", "othello", options, seed=3).choose(
                info.initial_state(options), Limits())
            rows = score_legend(decision, "White")
            assert rows[0].words == i18n.tr("legend.q_untrained", side="White"), rows
        finally:
            i18n.set_language("en")
    trained = _said("ntuple", "othello")
    assert "at random" not in trained[0] and "network value" in trained[0], trained


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("kind", "info"), [
    ("q", {"learner": "qlearning", "explored": True}),
    ("value", {"learner": "ntuple", "unit": "network_value", "explored": True,
               "games_trained": 1000})])
def test_an_exploring_move_says_so_first(lang: str, kind: str, info: dict[str, object]) -> None:
    """Regression (QA19 29, Othello vs the n-tuple network at 1280x720 fr 200%): White chose
    c5 at −0.70, its worst in red beside c3's −0.65 in green, and the panel said only "Blanc a
    choisi c5 : −0,70 (valeur du réseau)"; Q-learning's "Exploring" was its third fact, one
    click away. An exploring move says so in its first fact, with the best it passed over."""
    d = Decision(move="c5", scores={"c5": -0.70, "c3": -0.65}, score_kind=kind,
                 info=dict(info))
    i18n.set_language(lang)
    try:
        first = reasoning_lines(d, "White")[0]
        assert first == i18n.tr("think.chose_explored", side="White", move="c5", best="c3")
    finally:
        i18n.set_language("en")
    d.info["explored"] = False
    assert "c3" not in reasoning_lines(d, "White")[0]


@pytest.mark.parametrize(("lang", "taken_away", "no_sign"), [
    ("en", "taken away where the opponent has more", "without its sign"),
    ("fr", "retranché là où l'adversaire en a davantage", "sans son signe")])
def test_best_firsts_how_gives_the_numbers_on_the_board(
        lang: str, taken_away: str, no_sign: str) -> None:
    """Regression (QA20 1, Morpion vs Best-first, 1024x768): after X b2, O c1, X a3 the board
    said "1" on a1 while the How ("each line … squared, doubled where the opponent has two")
    gave 3: row 1 +1, column a +1, diagonal +1. The score takes a line away where the
    opponent has more there and keeps the total without its sign (|1 − 1 − 1| = 1): the
    How now says both, so a class that checks a cell by hand finds the machine's number."""
    from ai.bestfirst import bestfirst_cost

    o, x = 1, 0
    cells: list[int | None] = [None] * 9
    cells[4], cells[2], cells[6] = x, o, x  # X b2, O c1, X a3 (row 0 = row 1)
    assert bestfirst_cost(cells, 3, 0, o) == 1
    i18n.set_language(lang)
    try:
        how = i18n.tr("think.cost_how", side="O")
    finally:
        i18n.set_language("en")
    assert taken_away in how and no_sign in how, how


def _othello_4x4_white_wins_soon() -> object:
    """A 4x4 Othello position, White to move, that alpha-beta proves won (seeded search)."""
    import random

    from game.rules.othello import WHITE

    info = get_game("othello")
    options = parse_options(info, {"size": "4"})
    rng = random.Random(5)
    for _ in range(200):
        state = info.initial_state(options)
        while state.outcome is None and state.empty_count > 5:
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None and state.to_move == WHITE:
            decision = make_player("alphabeta", "othello", options, seed=1).choose(state, Limits())
            shown = shown_scores(decision).get(decision.move)
            if getattr(getattr(shown, "meaning", None), "result", 0) == 1:
                return state
    raise AssertionError("no such position in 200 games")


@pytest.mark.parametrize(("lang", "words"), [("en", "not by how many discs"),
                                             ("fr", "pas de combien de pions")])
def test_alpha_betas_proven_othello_win_says_it_does_not_count_the_margin(
        lang: str, words: str) -> None:
    """Regression (QA20 10, Othello 6x6 vs Alpha-beta, 1920x1080 fr 200%): at the end it said
    "Blanc a choisi a4 : gagne en 2 coups" and "2 coups ont cette meilleure valeur : l'un
    tiré au hasard", where the class expects a disc count (the Engine says "finit 12 pions
    devant") and the game ended 27–9. Alpha-beta scores a finished game as won or lost: its
    reasoning now says so, second, in Othello (a game whose ends have a size)."""
    from tests.ui_helpers import frame, make_app, run_until, start_game

    app = make_app((1280, 800), language=lang, show_reasoning=True)
    play = start_game(app, "othello", ("human", "alphabeta"), options={"size": "4"})
    play.match.states.append(_othello_4x4_white_wins_soon())
    assert run_until(app, lambda: play.turns.reasoning is not None, 20)
    frame(app)
    facts = play.panel.explain.decision_facts(play.turns.reasoning)
    assert len(facts) >= 2 and words in facts[1], facts
    app.shutdown()


def test_a_nim_win_says_nothing_of_a_margin() -> None:
    """A game whose ends have no size (Nim) keeps its facts as they were."""
    from tests.ui_helpers import make_app, run_until, start_game

    app = make_app((1280, 800), show_reasoning=True)
    play = start_game(app, "nim", ("human", "alphabeta"))
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.turns.reasoning is not None, 20)
    facts = play.panel.explain.decision_facts(play.turns.reasoning)
    assert not any("discs" in fact for fact in facts), facts
    app.shutdown()
