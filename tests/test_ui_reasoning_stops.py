"""A search cut short by its clock says so in the reasoning box, apart from one that reached
its depth limit (regression: MCTS's seat read "200 k" random games while its reasoning said
3 362 were played, and nothing said the clock had stopped it)."""

from __future__ import annotations

import pytest

from ai.base import Decision, Limits
from game.ui import i18n
from game.ui.reasoning import reasoning_lines


def said(d: Decision, lang: str = "en") -> str:
    i18n.set_language(lang)
    try:
        return "\n".join(reasoning_lines(d, "White"))
    finally:
        i18n.set_language("en")


def test_mcts_stopped_by_its_time_cap_says_how_many_games_of_how_many(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.mcts
    from ai.registry import make_player
    from game.rules.registry import get_game, parse_options

    # A cap far below what ten million playouts need: the cap, not the count, ends the search.
    monkeypatch.setattr(ai.mcts, "DEFAULT_MAX_SECONDS", 0.02)
    info = get_game("morpion")
    state = info.initial_state(parse_options(info, {}))
    decision = make_player("mcts:iterations=10000000", "morpion", parse_options(info, {}),
                           seed=1).choose(state, Limits())
    done = decision.info["iterations"]
    assert done < 10_000_000
    english = said(decision)
    assert "Stopped by the clock" in english and "of 10,000,000" in english
    assert f"{done:,}" in english
    french = said(decision, "fr")
    assert "Arrêté par l'horloge" in french and "sur 10\u202f000\u202f000" in french


def test_mcts_that_played_every_game_asked_for_says_nothing_of_a_clock() -> None:
    d = Decision(move="a1", scores={"a1": 90.0, "b1": 10.0}, score_kind="visits",
                 info={"iterations": 100, "win_rate": 0.6})
    assert "clock" not in said(d) and "horloge" not in said(d, "fr")


def search(depth: int, **info: object) -> Decision:
    return Decision(move="c3", scores={"c3": 0.5, "d4": 0.1}, score_kind="value", depth=depth,
                    nodes=500, info=dict(info))


def test_alphabeta_cut_by_the_clock_names_the_depth_it_was_asked_for() -> None:
    english = said(search(5, timed_out=True, depth_asked=9))
    assert "Stopped by the clock at depth 5 of 9" in english
    assert "profondeur 5 sur 9" in said(search(5, timed_out=True, depth_asked=9), "fr")


def test_engine_cut_before_the_end_of_the_game_says_so() -> None:
    english = said(search(7, timed_out=True, depth_asked=10_000))
    assert "Stopped by the clock at depth 7, before the end of the game" in english


def test_to_the_end_cut_counts_the_first_moves_finished() -> None:
    d = Decision(move="c3", scores={"c3": 0.5, "d4": 0.1, "e5": 0.0}, score_kind="value",
                 depth=9, nodes=500, info={"timed_out": True, "moves_searched": 2})
    assert "2 of 3 moves searched to the end" in said(d)


@pytest.mark.parametrize(("stopped", "english"), [
    ("time budget", "Stopped by the clock at depth 6 of 10"),
    ("next depth would not finish in time", "the next depth would not finish in time"),
    ("one move clearly best", "Stopped at depth 6 of 10: one move is clearly best"),
])
def test_othello_engine_says_why_it_stopped(stopped: str, english: str) -> None:
    d = search(6, stopped=stopped, depth_asked=10)
    assert english in said(d)
    assert "{" not in said(d, "fr") and "think." not in said(d, "fr")


def test_a_depth_limit_is_not_a_clock() -> None:
    text = said(search(4, stopped="depth limit", depth_asked=4))
    assert "depth limit (4 moves), not by the clock" in text
    assert "Stopped by the clock" not in text
    # A search that ended by itself (proven, solved) adds nothing.
    assert "Stopped" not in said(search(4, stopped="every move proven", depth_asked=9))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_clock_is_among_the_first_facts_the_panel_always_keeps(lang: str) -> None:
    """Seen in a real window at 1920x1080 in French: MCTS's clock line came third and the
    panel had room for two facts, so the cut stayed silent. The cut now shares the count's
    line (MCTS) or comes right after the choice (searches)."""
    from game.ui.scenes.play_explain import FIRST_FACTS

    mcts = Decision(move="d", scores={"d": 1039.0, "c": 384.0}, score_kind="visits",
                    info={"iterations": 2910, "win_rate": 0.65, "time_capped": 3.0,
                          "planned": 200_000})
    clock = "Stopped by the clock" if lang == "en" else "Arrêté par l'horloge"
    first = said(mcts, lang).splitlines()[:FIRST_FACTS]
    count = "2,910" if lang == "en" else "2\u202f910"
    assert any(clock in line and count in line and "65" in line for line in first)
    search_cut = said(search(5, timed_out=True, depth_asked=9), lang).splitlines()
    assert clock in search_cut[1]


def test_a_forced_move_shows_no_score_on_the_board() -> None:
    """QA 8 (real window, 1920x1080 fr 200%): the Othello engine's only legal move read "0"
    on the board, which the legend called its estimate, in a game it won by 8; nothing was
    estimated. The panel says it was the only legal move; the board and the legend say
    nothing."""
    from ai.othello_engine import OthelloEngine
    from game.rules.othello import OthelloState
    from game.ui.reasoning import reasoning_lines, score_legend, shown_scores

    # White (to move) has one legal move: a2 (the rest of the board is full).
    state = OthelloState.from_rows(["WBBBBBBB", ".BBBBBBB", "WBBBBBBB", "BBBBBBBB",
                                    "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "BBBBBBBB"],
                                   to_move=1)
    assert len(state.legal_moves()) == 1
    decision = OthelloEngine().choose(state)
    assert decision.info.get("forced") and decision.scores
    assert shown_scores(decision) == {}
    assert score_legend(decision, "White") == []
    assert len(reasoning_lines(decision, "White", str)) == 2


@pytest.mark.parametrize("spec", ["minimax", "alphabeta", "alphabeta:memo=0"])
def test_a_search_with_memory_says_what_its_memory_did(spec: str) -> None:
    """Regression (QA S13 1): in Nim alpha-beta with memory reported 117 positions against
    minimax's 103, the lesson shown backwards, with nothing saying why. A search with memory
    says how many positions it answered from memory and how many different positions it
    stored; alpha-beta's line says its memory keeps bounds and where its savings show."""
    from ai.registry import make_player
    from game.rules.registry import get_game

    state = get_game("nim").options().initial_state()
    state = state.play(state.legal_moves()[0])
    decision = make_player(spec, "nim", seed=1).decide(state, Limits())
    english, french = said(decision), said(decision, "fr")
    if spec.endswith("memo=0"):
        assert "memory" not in english and "mémoire" not in french
        return
    stored, hits = decision.info["memo_size"], decision.info["memo_hits"]
    if spec == "alphabeta":
        # Why it may count more than minimax, and how to see its savings.
        noun = "position" if hits == 1 else "positions"
        assert f"{hits} {noun} answered from memory, which keeps only bounds" in english
        assert f"{hits} {noun} trouvée" in french, "a count with its noun (QA21)"
        assert "turn Memory off on both sides to see alpha-beta beat minimax" in english
        assert "désactivez la Mémoire des deux côtés pour voir alpha-bêta battre minimax" in french
        return
    # What the count after them counts: the memory's size (QA19 2: "…from memory: 25
    # different positions" read as a count of the 3, or of the 58).
    assert f"answered from memory (it holds {stored} positions)" in english
    # One position in the singular, whatever the hits' count (review R5).
    from game.ui.reasoning import memo_line

    assert "(it holds 1 position)" in (memo_line({"memo_hits": 3, "memo_size": 1}) or "")
    assert f"trouvées en mémoire (elle en garde {stored})" in french
    assert "Memory Off" not in english


def test_a_search_to_the_end_says_so_in_its_depth_fact() -> None:
    """"To the end" is said with the depth, not as a fact of its own that took the place of
    alpha-beta's cut-offs at 200% (QA S13 1)."""
    from ai.registry import make_player
    from game.rules.registry import get_game

    state = get_game("nim").options().initial_state()
    decision = make_player("minimax", "nim", seed=1).decide(state, Limits())
    assert decision.info["to_the_end"]
    english = reasoning_lines(decision, "White", str)
    assert any(line.startswith(f"Looked {decision.depth} moves ahead, to the end: ")
               for line in english), english
    assert "It searched to the end of the game" not in english
    assert any("jusqu'à la fin : " in line for line in said(decision, "fr").split("\n"))


@pytest.mark.parametrize("spec", ["alphabeta:depth=4", "minimax:depth=4"])
def test_a_search_that_reached_the_end_before_its_depth_says_so(spec: str) -> None:
    """QA S16 4 (Othello 4x4 vs alpha-beta, 1280x800 fr 200%): with one empty square left the
    panel said "Looked 4 moves ahead: 2 positions", in a game that ended after one move."""
    from ai.registry import make_player
    from game.rules.othello import OthelloOptions, OthelloState

    state = OthelloState.from_rows(["XXXX", "XOOX", "XOO.", "XXXO"], to_move=1)
    assert len(state.legal_moves()) == 1
    decision = make_player(spec, "othello", OthelloOptions(4), seed=1).decide(state, Limits())
    assert decision.info["leaves"] == 0
    english = said(decision)
    assert "to the end of the game" in english and "4 moves ahead" not in english, english
