"""Issue 12: the AI's scores on the board are in the unit the panel states, never overlap, read
as large as body text, and a legend says what they mean from the mover's side."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from ai.base import Decision
from game.ui import i18n
from game.ui.boards.base import ShownScore, free_spot, score_chip, score_labels
from game.ui.reasoning import reasoning_lines, score_legend, shown_scores
from game.ui.theme import THEMES, contrast_ratio

ROOT = Path(__file__).resolve().parent.parent


def othello_engine_decision(scores: dict[str, float], exact: bool = False) -> Decision:
    """A decision shaped like ai.othello_engine's (moves are plain strings here)."""
    units = ("final disc margin with perfect play (empty squares to the winner)" if exact
             else "evaluation points (100 is about one disc); +-10000 per disc = proven")
    best = max(scores, key=lambda m: scores[m])
    return Decision(move=best, scores=dict(scores), score_kind="discs" if exact else "value",
                    depth=6, nodes=1000, info={"units": units})


def labels_of(d: Decision) -> dict[str, str]:
    shown = shown_scores(d)
    return {m: text for m, (text, _c, _b) in
            score_labels(shown, d.score_kind, THEMES["default"]).items()}


def test_othello_engine_proven_margins_are_shown_in_discs_not_raw_points() -> None:
    """Regression: the board showed +640000 / +580000 while the panel said "win by 64 discs"."""
    d = othello_engine_decision({"a1": 640000.0, "b2": 580000.0, "c3": -20000.0, "d4": 130.0})
    labels = labels_of(d)
    assert labels == {"a1": "+64", "b2": "+58", "c3": "\u22122", "d4": "+1.3"}
    shown = shown_scores(d)
    # Proven wins rank above every estimate, proven losses below.
    assert shown["a1"] > shown["b2"] > shown["d4"] > shown["c3"]
    assert isinstance(shown["a1"], ShownScore) and shown["a1"].proven
    assert not shown["d4"].proven  # type: ignore[attr-defined]


def test_othello_estimates_are_discs_with_one_decimal_and_a_comma_in_french() -> None:
    d = othello_engine_decision({"a1": 137.0, "b2": -45.0, "c3": 0.0})
    assert labels_of(d) == {"a1": "+1.4", "b2": "\u22120.5", "c3": "0.0"}
    i18n.set_language("fr")
    try:
        assert labels_of(d)["a1"] == "+1,4"
    finally:
        i18n.set_language("en")


def test_exact_margins_and_the_units_line_say_how_empty_squares_count() -> None:
    d = othello_engine_decision({"a1": 12.0, "b2": 0.0, "c3": -4.0}, exact=True)
    assert labels_of(d) == {"a1": "+12", "b2": "0", "c3": "\u22124"}
    text = "\n".join(reasoning_lines(d, "White"))
    assert "empty squares go to the winner" in text
    midgame = "\n".join(reasoning_lines(othello_engine_decision({"a1": 130.0}), "Black"))
    assert "hundredths" not in midgame and "discs" in midgame


def test_proven_search_results_read_w_and_l_and_the_legend_explains_them() -> None:
    from ai.heuristics import WIN

    d = Decision(move="a", scores={"a": WIN - 5, "b": -(WIN - 2), "c": 3.0}, depth=6)
    assert labels_of(d) == {"a": "W5", "b": "L2", "c": "+3"}
    rows = score_legend(d, "White")
    words = {row.sample: row.words for row in rows}
    assert words["W5"] == ("White wins in\u00a05\u00a0moves (both sides' moves counted), "
                           "whatever the opponent does")
    assert words["L2"].startswith("White loses in\u00a02\u00a0moves")
    assert "+3" in words and "estimate" in words["+3"]
    assert rows[-1].sample == "" and "Green" in rows[-1].words
    i18n.set_language("fr")
    try:
        fr = {row.sample: row.words for row in score_legend(d, "Blanc")}
        assert fr["G5"].startswith("Blanc gagne en\u00a05\u00a0coups")
    finally:
        i18n.set_language("en")


def test_legend_for_othello_margins_and_estimates() -> None:
    d = othello_engine_decision({"a1": 640000.0, "b2": 130.0, "c3": -10000.0})
    words = {row.sample: row.words for row in score_legend(d, "Black")}
    assert "64 discs ahead" in words["+64"] and "empty squares" in words["+64"]
    assert "1 disc behind" in words["\u22121"]
    assert "estimated discs ahead for Black" in words["+1.3"]


def test_nim_engine_to_the_end_never_says_10000_moves_ahead() -> None:
    """Regression: "Looked 10000 moves ahead" on a heap of 17."""
    from ai.registry import make_player
    from game.rules.registry import get_game

    game = get_game("nim")
    state = game.options().initial_state()
    player = make_player("engine", "nim", seed=1)
    d = player.choose(state)
    text = "\n".join(reasoning_lines(d, "Player 1"))
    assert "10000" not in text and "10\u202f000" not in text and "10,000" not in text
    assert "to the end of the game" in text


def test_colour_scale_runs_from_best_green_to_worst_red() -> None:
    theme = THEMES["default"]
    ranked = score_labels({"a": 1.0, "b": 5.0, "c": 9.0}, "visits", theme)
    assert ranked["c"][1] == theme.score_good and ranked["a"][1] == theme.score_bad
    assert ranked["b"][1] == theme.highlight


def test_labels_never_overlap_when_two_share_a_cell() -> None:
    """Regression: "W5W5" in Hexapawn, two labels drawn on one spot."""
    pygame.init()
    surface = pygame.Surface((400, 400))
    theme = THEMES["default"]
    placed: list[pygame.Rect] = []
    rects = [score_chip(surface, text, (200, 200), 20, theme.text, theme, placed=placed)
             for text in ("W5", "W5", "L2", "+12")]
    for i, a in enumerate(rects):
        assert surface.get_rect().contains(a)
        for b in rects[i + 1:]:
            assert not a.colliderect(b)
    # Labels are as large as asked (body text): 20 px text makes a chip at least 20 px tall.
    assert all(r.height >= 20 for r in rects)
    lone = pygame.Rect(10, 10, 30, 20)
    assert free_spot(lone, [], surface.get_rect()) == lone


def _hexapawn_chips(position: str) -> tuple[Any, list[Any], list[pygame.Rect]]:
    """The Hexapawn view of ``position`` (Black to move) drawn at 600 px with every move
    scored and 24 px labels: the view, the moves, and each label's chip as drawn."""
    from game.rules.hexapawn import HexapawnOptions
    from game.ui.boards import board_view_for
    from game.ui.boards.base import BoardContext

    pygame.init()
    theme = THEMES["default"]
    state = HexapawnOptions().position(position, 1)
    moves = state.legal_moves()
    view = board_view_for("hexapawn", theme)
    surface = pygame.Surface((600, 600))
    view.layout(surface.get_rect(), state)
    drawn: list[pygame.Rect] = []
    import game.ui.boards.hexapawn as hexapawn_view

    real_chip = hexapawn_view.score_chip

    def spy(*args: object, **kwargs: object) -> pygame.Rect:
        rect = real_chip(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(rect)
        return rect

    hexapawn_view.score_chip = spy  # type: ignore[assignment]
    try:
        view.draw(surface, state, BoardContext(theme=theme, scores={m: 5.0 for m in moves},
                                               label_px=24))
    finally:
        hexapawn_view.score_chip = real_chip
    return view, moves, drawn


def test_hexapawn_board_draws_body_size_labels_that_do_not_overlap() -> None:
    """Two pawns reaching one cell: their labels sit apart (drawn through the real view)."""
    _view, moves, drawn = _hexapawn_chips("BBB/.W./W.W")
    assert len(drawn) == len(moves) >= 2
    for i, a in enumerate(drawn):
        assert a.height >= 24
        for b in drawn[i + 1:]:
            assert not a.colliderect(b)


def test_two_captures_on_one_cell_label_apart_and_off_the_pawn_taken() -> None:
    """Regression: a3xb2 and c3xb2 drew their labels touching each other over the white pawn
    on b2 (seen in a real window at 1024x768). Each now sits toward its corner of the cell: a
    clear gap between them, and the cell's centre, where the pawn taken stands, left free."""
    view, moves, drawn = _hexapawn_chips("BBB/.W./W.W")
    captures = [rect for move, rect in zip(moves, drawn, strict=True)
                if move.from_col != move.to_col]
    assert len(captures) == 2
    left, right = sorted(captures, key=lambda r: r.centerx)
    assert right.left - left.right >= left.height // 2
    centre = view.grid.centre(1, 1)
    assert not any(rect.collidepoint(centre) for rect in captures)


def test_contrast_theme_othello_board_is_not_white_under_white_discs() -> None:
    """Regression: the high-contrast Othello board was white, so white discs vanished."""
    for theme in THEMES.values():
        assert contrast_ratio(theme.felt, theme.piece0) >= 3.0
        assert contrast_ratio(theme.felt, theme.piece1) >= 3.0 or theme.piece_outline


def test_switch_parameters_read_on_off_and_the_levelled_engine_has_one_name() -> None:
    from ai.registry import get_player_info
    from game.ui.scenes.players import param_text, seat_title

    memo = next(p for p in get_player_info("alphabeta").params if p.name == "memo")
    assert param_text(memo, 1) == "On" and param_text(memo, 0) == "Off"
    from game.rules.registry import get_game

    title = seat_title("engine-level:level=5", get_game("othello").setup())
    assert "(levels)" not in title and title.count("(") <= 1
    # The level is named at its default too: the play screen's seat said "Engine (levels)"
    # and the class could not tell which level it was playing.
    assert seat_title("engine-level", get_game("othello").setup()) == "Engine \u00b7 Level 3"
    assert seat_title("engine-level:level=1", get_game("othello").setup()) == (
        "Engine \u00b7 Level 1")


def test_unknown_player_error_lists_only_players_of_that_game() -> None:
    from ai.registry import UnknownPlayerError, make_player

    with pytest.raises(UnknownPlayerError) as err:
        make_player("nosuch", "othello")
    assert "engine-level" in str(err.value) and "bestfirst" not in str(err.value)
    assert "perfect" not in str(err.value)


def test_help_prints_usage_first_without_the_pygame_banner() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True,
                         text=True, env=env, timeout=60, check=True)
    assert out.stdout.startswith("usage:") and "pygame" not in out.stdout.split("\n")[0]
    assert "Hello from the pygame community" not in out.stdout + out.stderr


def test_the_reasoning_verdict_of_an_estimate_is_in_discs_too() -> None:
    """Regression: "White chose c5: score −66" beside board labels in discs."""
    d = othello_engine_decision({"c5": -66.0, "e6": -120.0})
    first = reasoning_lines(d, "White")[0]
    assert first == "White chose c5: about \u22120.7 discs (estimate)"


def test_a_decisions_proven_results_are_shown_without_decoding_floats() -> None:
    """Decision.proven (the descriptor's data) wins over whatever the float says."""
    from ai.bounds import Proven

    d = Decision(move="a", scores={"a": 0.5, "b": 0.1, "c": 0.0, "d": -3.0},
                 proven={"a": Proven(1, 3), "b": Proven(-1, None), "c": Proven(0),
                         "d": Proven(1, None, 6)})
    assert labels_of(d) == {"a": "W3", "b": "L", "c": "=", "d": "+6"}
    words = {row.sample: row.words for row in score_legend(d, "Red")}
    assert words["W3"].startswith("Red wins in\u00a03\u00a0moves")
    assert "6 discs ahead" in words["+6"]
    assert words["L"] == "Red loses if the opponent plays well" and "draw" in words["="]


def test_every_score_label_uses_the_languages_decimal_mark() -> None:
    """Only Othello's estimates had a French comma; the reasoning box still said
    "valeur +0.35" (format_score for values, Q-values, win rates)."""
    from game.ui.boards.base import format_score

    assert format_score(0.35, "value", False) == "+0.35"
    assert format_score(12.5, "q", False) == "+12.5"
    i18n.set_language("fr")
    try:
        assert format_score(0.35, "value", False) == "+0,35"
        assert format_score(-12.5, "q", False) == "\u221212,5"
        assert format_score(3.0, "visits", True) == "3"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_elimination_legend_shows_each_mark_once(language: str) -> None:
    """Regression: the French legend read "✓ ✓ encore permis" (the sample, then the mark again
    in its words)."""
    d = Decision(move="a", scores={"a": 1.0, "b": 0.0, "c": 1.0}, score_kind="allowed")
    i18n.set_language(language)
    try:
        rows = score_legend(d, "X")
    finally:
        i18n.set_language("en")
    samples = [row.sample for row in rows]
    assert samples[:2] == ["\u2713", "\u2717"]
    for row in rows:
        assert "\u2713" not in row.words and "\u2717" not in row.words, row


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_random_players_chances_are_neutral_not_good_or_bad(language: str) -> None:
    """Regression: Random's equal chances were all drawn green and outlined as the best, and
    the legend said green meant good for the mover."""
    theme = THEMES["default"]
    d = Decision(move="b", scores={"a": 1 / 3, "b": 1 / 3, "c": 1 / 3},
                 score_kind="probability")
    labels = score_labels(shown_scores(d), d.score_kind, theme)
    assert {colour for _text, colour, _best in labels.values()} == {theme.text}
    assert not any(best for _text, _colour, best in labels.values())
    i18n.set_language(language)
    try:
        rows = score_legend(d, "X")
        good = i18n.tr("legend.colours")
    finally:
        i18n.set_language("en")
    assert rows[0].sample == "1/3" and rows[0].colour == "text"
    assert all(row.words != good for row in rows)
    assert all(row.colour not in ("score_good", "score_bad") for row in rows)


def test_every_score_label_of_a_board_has_one_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: in the Othello review "+143" shrank to fit its cell while "+65" beside it
    stayed at body size, two sizes for one kind of number."""
    import game.ui.boards.othello as othello_view
    from game.rules.registry import get_game
    from game.ui import text
    from game.ui.boards import board_view_for
    from game.ui.boards.base import BoardContext

    pygame.init()
    theme = THEMES["default"]
    state = get_game("othello").setup().initial_state()
    moves = list(state.legal_moves())
    scores = dict(zip(moves, (143.0, 65.0, -1234.0, 7.0), strict=False))
    view = board_view_for("othello", theme)
    surface = pygame.Surface((420, 420))
    view.layout(surface.get_rect(), state)
    sizes: list[int] = []
    real_chip = othello_view.score_chip

    def spy(surface: pygame.Surface, label: str, centre: object, px: int, *args: object,
            max_width: float | None = None, **kwargs: object) -> pygame.Rect:
        # The size the chip really draws at (it shrinks a label too wide for max_width).
        shown = px if max_width is None else text.fit_px(
            label, round(max_width - 2 * max(2, px // 3)), px, True, min_px=7)
        sizes.append(shown)
        return real_chip(surface, label, centre, px, *args,  # type: ignore[arg-type]
                         max_width=max_width, **kwargs)

    monkeypatch.setattr(othello_view, "score_chip", spy)
    view.draw(surface, state, BoardContext(theme=theme, scores=scores, label_px=30))
    assert len(sizes) == len(scores) and len(set(sizes)) == 1, sizes


@pytest.mark.parametrize(("language", "words"), [("en", "knows 1 position"),
                                                 ("fr", "connaît 1 position")])
def test_a_learner_knowing_one_position_says_it_in_the_singular(language: str,
                                                                words: str) -> None:
    """Regression: "Entraîné sur 0 partie, connaît 1 positions"."""
    d = Decision(move="a", scores={"a": 0.0}, score_kind="q",
                 info={"learner": "qlearning", "games_trained": 0, "positions_known": 1})
    i18n.set_language(language)
    try:
        lines = reasoning_lines(d, "X")
    finally:
        i18n.set_language("en")
    assert any(line.endswith(words) for line in lines), lines


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_zero_time_says_what_it_means_for_each_player(language: str) -> None:
    """The engine levels' time 0 is the level's own budget: the menu said "Time (s): off",
    as if the engine had no clock. MCTS's 0 is no time limit (a playout count): "Off" read as
    the time switched off, "Temps (s) : Non" as "no time" (QA); "No limit" then read as "it
    may think forever" while the iteration count decides, capped on big boards (QA S14 22);
    "Iterations" then made a time whose value is another parameter's name ("Temps (s) −
    Itérations +", QA17 12). It says the time is not used: the row above decides."""
    from ai.registry import get_player_info
    from game.ui.scenes.players import param_label, param_text

    i18n.set_language(language)
    try:
        level_time = next(p for p in get_player_info("engine-level").params
                          if p.name == "time")
        mcts_time = next(p for p in get_player_info("mcts").params if p.name == "time")
        assert param_text(level_time, 0) == {"en": "By level", "fr": "Du niveau"}[language]
        assert param_text(mcts_time, 0) == {"en": "Not used", "fr": "Inutilisé"}[language]
        # A value is never the name of another parameter of the player.
        names = {param_label(p.name) for p in get_player_info("mcts").params}
        assert param_text(mcts_time, 0) not in names
        assert param_text(level_time, 2.5) == {"en": "2.5", "fr": "2,5"}[language]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_legend_says_colours_rank_the_moves_and_a_green_one_may_lose(
        language: str) -> None:
    """Issue 12: the colours compare the moves shown, the numbers are absolute; the legend
    says both, and its samples are not coloured by meaning (a "L2" may be the best move).
    In words a class follows: "the numbers keep their meaning" said nothing to a teacher
    (QA20 12); it says a green move (the best of these) may still lose (review R20 8)."""
    from ai.heuristics import WIN

    d = Decision(move="a", scores={"a": -(WIN - 5), "b": -(WIN - 2)}, score_kind="value")
    i18n.set_language(language)
    try:
        rows = score_legend(d, "X")
        words = i18n.tr("legend.colours")
    finally:
        i18n.set_language("en")
    assert rows[-1].words == words
    assert ("best to worst" in words) if language == "en" else ("meilleur au pire" in words)
    assert ("a green move may still lose" in words) if language == "en" else (
        "un coup vert peut perdre" in words)
    assert all(row.colour == "text" for row in rows)
    labels = score_labels(shown_scores(d), d.score_kind, THEMES["default"])
    assert labels["a"][1] == THEMES["default"].score_good and labels["a"][0] == "L5"


def test_near_equal_estimates_are_not_coloured_as_blunders() -> None:
    """Seen in a real window: the engine's first reply had three estimates within one disc
    (-0.1, -1.0, -1.1), drawn green, amber and red by rank; a class read the red one as a
    blunder. Estimates are coloured by their distance below the best (red from 8 discs)."""
    from game.ui.boards.base import ShownScore, score_labels
    from game.ui.reasoning import CLOSE_DISCS
    from game.ui.theme import THEMES

    theme = THEMES["default"]

    def est(discs: float) -> ShownScore:
        return ShownScore(discs, f"{discs:+.1f}", close=CLOSE_DISCS)

    near = score_labels({"a": est(-0.1), "b": est(-1.0), "c": est(-1.1)}, "value", theme)
    assert near["a"][2] and near["a"][1] == theme.score_good
    for move in "bc":
        colour = near[move][1]
        to_good = sum(abs(x - y) for x, y in zip(colour, theme.score_good, strict=False))
        to_bad = sum(abs(x - y) for x, y in zip(colour, theme.score_bad, strict=False))
        assert to_good < to_bad, (move, colour)
    far = score_labels({"a": est(5.0), "b": est(-3.0), "c": est(-9.0)}, "value", theme)
    assert far["c"][1] == theme.score_bad and far["a"][1] == theme.score_good
    # Ranks alone where no distance is given (visits, beads, proven results).
    plain = score_labels({"a": 3.0, "b": 2.9, "c": 2.8}, "value", theme)
    assert plain["c"][1] == theme.score_bad


@pytest.mark.parametrize("language", ["en", "fr"])
def test_learned_values_are_written_as_fractions_even_when_all_zero(language: str) -> None:
    """Seen in a real window (Hexapawn against an untrained Q-learner, 1920x1080, French):
    every cell said "0" while the panel said "Valeur Q de ce coup : 0,00"."""
    from game.ui.boards.base import format_score

    d = Decision(move="a", scores={"a": 0.0, "b": 0.0}, score_kind="q")
    i18n.set_language(language)
    try:
        labels = score_labels(shown_scores(d), "q", THEMES["default"])
        zero = "0.00" if language == "en" else "0,00"
        assert {text for text, _c, _b in labels.values()} == {zero}
        assert score_legend(d, "X")[0].sample == zero
        assert format_score(1.0, "q", True) == "+1.00".replace(".", zero[1])
    finally:
        i18n.set_language("en")


def test_a_network_says_how_many_games_it_trained_on_not_positions_it_knows() -> None:
    """Regression, seen in a real window (Othello against the n-tuple network, French): the
    reasoning said "Entraîné sur 0 partie, connaît 0 position". A network keeps weights, not
    positions; the tabular learners still say both."""
    network = Decision(move="c5", scores={"c5": 0.0}, score_kind="value",
                       info={"learner": "ntuple", "games_trained": 1000})
    table = Decision(move="c5", scores={"c5": 0.0}, score_kind="q",
                     info={"learner": "qlearning", "games_trained": 10, "positions_known": 7})
    network_lines = reasoning_lines(network, "White")
    assert "Trained on 1,000 games" in network_lines
    assert not any("knows" in line for line in network_lines)
    assert any("Trained on 10 games, knows 7" in line for line in reasoning_lines(table, "X"))


def test_games_trained_are_grouped_by_thousands() -> None:
    """Regression (lab helper, real window, Othello against the shipped network): "Trained on
    100000 games", where every other count of the panel is grouped."""
    network = Decision(move="c5", scores={"c5": 0.0}, score_kind="value",
                       info={"learner": "ntuple", "games_trained": 100_000})
    table = Decision(move="c5", scores={"c5": 0.0}, score_kind="q",
                     info={"learner": "qlearning", "games_trained": 25_000,
                           "positions_known": 4_321})
    assert "Trained on 100,000 games" in reasoning_lines(network, "White")
    assert ("Trained on 25,000 games, knows 4,321 positions"
            in reasoning_lines(table, "X"))


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scores", [{"a": 0.0, "b": 0.0, "c": 0.0}, {"a": 2.0}])
def test_alike_scores_get_no_colour_scale_in_the_legend(language: str,
                                                         scores: dict[str, float]) -> None:
    """Seen in Connect 4: seven "0" labels all in one colour while the legend explained a
    green-to-red scale. Scores all alike (or a single move) are one colour, and the legend
    says that, not a scale."""
    d = Decision(move="a", scores=scores, score_kind="value")
    labels = score_labels(shown_scores(d), d.score_kind, THEMES["default"])
    assert len({colour for _text, colour, _best in labels.values()}) == 1
    i18n.set_language(language)
    try:
        rows = score_legend(d, "X")
        scale, alike = i18n.tr("legend.colours"), i18n.tr("legend.colours_alike")
    finally:
        i18n.set_language("en")
    assert rows[-1].words == alike
    assert all(row.words != scale for row in rows)


@pytest.mark.parametrize(("language", "one", "many"),
                         [("en", "skipped 1 branch", "skipped 2 branches"),
                          ("fr", "évité 1 branche", "évité 2 branches")])
def test_one_skipped_branch_is_singular(language: str, one: str, many: str) -> None:
    """Seen at 200% of 1280x720 in French: "Alpha-bêta a évité 1 branches"."""
    i18n.set_language(language)
    try:
        said = [reasoning_lines(Decision(move="a", scores={"a": 1.0, "b": 0.0},
                                         score_kind="value", info={"cutoffs": n}), "X")
                for n in (1, 2)]
    finally:
        i18n.set_language("en")
    assert any(line.endswith(one) for line in said[0]), said[0]
    assert any(line.endswith(many) for line in said[1]), said[1]


def nim_engine_decision(matches: int) -> Decision:
    """The engine's real decision on one heap of ``matches`` (take 1 to 3)."""
    from ai.base import Limits
    from ai.registry import make_player
    from game.rules.nim import NimOptions

    options = NimOptions()
    player = make_player("engine", "nim", options, seed=1)
    return player.decide(options.position((matches,)), Limits())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_moves_a_search_stopped_before_are_not_worked_out_not_a_red_zero(language: str) -> None:
    """Regression (QA in a real window): with 3 matches left the engine proves "take 3 wins" at
    its first depth and stops; taking 1 or 2 kept that pass's point count, drawn as a red "0"
    beside "W1" with no words for it. They read "?", in the text colour, and the legend says
    why."""
    i18n.set_language(language)
    try:
        d = nim_engine_decision(3)
        theme = THEMES["default"]
        labels = score_labels(shown_scores(d), d.score_kind, theme)
        texts = sorted(text for text, _c, _b in labels.values())
        assert texts == ["?", "?", i18n.tr("score.win_short", n=1)]
        for text, colour, best in labels.values():
            if text == "?":
                assert colour == theme.text and not best
        legend = score_legend(d, "Player 2")
        assert [row.sample for row in legend][:2] == [i18n.tr("score.win_short", n=1), "?"]
        assert legend[1].words == i18n.tr("legend.unsettled")
    finally:
        i18n.set_language("en")


def test_a_search_to_the_end_keeps_every_moves_proven_result() -> None:
    """The rule above leaves alone what was proven: at 15 matches every move is W or L."""
    d = nim_engine_decision(15)
    assert "?" not in labels_of(d).values()


def test_a_proven_loss_beside_a_proven_win_is_red_whatever_its_rank() -> None:
    """Regression (Marienbad, real window): "L13" ranked second of five beside "W14" and was
    drawn yellow-green, read as almost as good. Among losses alone the best stays green."""
    from ai.bounds import Proven

    theme = THEMES["default"]
    claims = {"a": Proven(1, 14), "b": Proven(-1, 13), "c": Proven(-1, 11), "d": Proven(0)}
    d = Decision(move="a", scores={m: 0.0 for m in claims}, score_kind="value",
                 info={}, proven=claims)
    labels = score_labels(shown_scores(d), d.score_kind, theme)
    assert labels["a"][1] == theme.score_good
    assert labels["b"][1] == theme.score_bad and labels["c"][1] == theme.score_bad
    assert labels["d"][1] == theme.highlight
    losses = Decision(move="b", scores={"b": 0.0, "c": 0.0}, score_kind="value", info={},
                      proven={"b": Proven(-1, 13), "c": Proven(-1, 11)})
    assert score_labels(shown_scores(losses), "value", theme)["b"][1] == theme.score_good


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_loss_in_one_move_is_the_move_itself(language: str) -> None:
    """Regression (QA, real window, Othello 4x4): White's last move filled the board and lost,
    and the legend said "L1: White loses at the next move if the opponent plays well". A
    proven result counts the move itself (ai.bounds.Proven), so L1 is a move that ends the game
    lost, as W1 is one that ends it won."""
    from ai.bounds import Proven

    i18n.set_language(language)
    try:
        d = Decision(move="a", scores={"a": 0.0}, score_kind="value",
                     proven={"a": Proven(-1, 1)})
        words = {row.sample: row.words for row in score_legend(d, "White")}
        one = words[i18n.tr("score.loss_short", n=1)]
        assert {"en": "with this very move", "fr": "avec ce coup même"}[language] in one
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_q_legend_states_no_range_the_learned_values_leave(language: str) -> None:
    """Regression (QA, real window): the legend read "from −1 (loss) to +1 (win)" while a
    Q-learner trained 500 games showed +1.44 and −1.8 (seed 002's update, Q ← (1−α)Q +
    α(r − γ max Q'), sums a loss's −1 with the next position's value)."""
    from ai.arena import run_match
    from ai.learners import make_learner
    from game.rules.nim import NimOptions

    options = NimOptions()
    learner = make_learner("qlearning", "nim", options, seed=1)
    run_match(learner, learner, options.initial_state(), 500)
    values = [v for n in range(1, options.matches + 1)
              for v in learner.box(options.position((n,))).values()]
    assert max(abs(v) for v in values) > 1.0  # what the class saw
    i18n.set_language(language)
    try:
        d = Decision(move="a", scores={"a": max(values), "b": min(values)}, score_kind="q")
        words = " ".join(row.words for row in score_legend(d, "Black"))
        stated = {"en": "from −1 (loss) to +1 (win)", "fr": "de −1 (défaite) à +1 (victoire)"}
        assert stated[language] not in words
        assert "0" in words  # it says what the sign means
    finally:
        i18n.set_language("en")


def test_a_shown_score_keeps_every_field_through_a_copy() -> None:
    """A copy (pickle, deepcopy) of a label's score keeps what it says: the "?" of a move not
    worked out lost its neutral colour in a copy (its new field was left out of __reduce__)."""
    import copy
    import pickle

    from ai.bounds import Proven

    for score in (ShownScore(0.0, "?", neutral=True),
                  ShownScore(5.0, "W3", True, Proven(1, 3), 2.0)):
        for twin in (copy.deepcopy(score), pickle.loads(pickle.dumps(score))):
            assert (float(twin), twin.label, twin.proven, twin.meaning, twin.close,
                    twin.neutral) == (float(score), score.label, score.proven, score.meaning,
                                      score.close, score.neutral)


def test_an_expected_line_longer_than_the_panel_lists_says_it_goes_on() -> None:
    """Nim misère 17 vs the engine (QA S16 15): "win in 8 moves" beside an expected line of 6
    moves, as if the game ended there."""
    from game.ui.reasoning import expected_line

    # In words, not a "…" that read as text cut short (QA19 10).
    assert expected_line(tuple(range(1, 9)), str) == ("Expected line, its first 6 of 8 moves: "
                                                      "1, 2, 3, 4, 5, 6")
    assert expected_line((1, 2, 3), str).endswith("1, 2, 3")
    assert expected_line(tuple(range(1, 7)), str).endswith("5, 6")
