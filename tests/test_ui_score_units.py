"""Estimates say what one point is (QA 15/43): minimax, alpha-beta, the generic engine and
greedy showed "+18", "−302", "score −6" in Othello, Connect 4, Hexapawn and Nim with only "the
AI's estimate: more is better". Each evaluation now carries its unit (``Evaluation.unit``,
data), the players report it (``info["unit"]``) and the panel, the legend and its short form
say it in English and French ("−6 open lines", "lines Red can still complete minus the
opponent's").
"""

from __future__ import annotations

from typing import Any

import pytest

from ai.base import Limits
from ai.registry import make_player
from game.rules.registry import all_games
from game.ui import i18n
from game.ui.reasoning import (
    disc_amount,
    plural,
    reasoning_lines,
    score_legend,
    shown_scores,
)
from tests.play_helpers import explained_reply
from tests.ui_helpers import frame, texts_drawn_by

#: Every declared evaluation, as (game, evaluation).
EVALUATIONS = [(info.name, e) for info in all_games() for e in info.evaluations]
#: The words a unit needs.
UNIT_KEYS = ("unit.{u}", "unit.{u}.name", "unit.{u}.meaning")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("game", "evaluation"), EVALUATIONS,
                         ids=[f"{g}-{e.name}" for g, e in EVALUATIONS])
def test_every_evaluation_has_a_unit_in_words(game: str, evaluation: Any, lang: str) -> None:
    table = i18n.table(lang)
    missing = [key.format(u=evaluation.unit) for key in UNIT_KEYS
               if key.format(u=evaluation.unit) not in table]
    assert not missing, (game, evaluation.name, missing)
    assert evaluation.unit != "points", f"{game}'s {evaluation.name} names no unit"


#: Players that score with an evaluation, for the games whose rules declare one.
SCORING = ("minimax:depth=1,eval={e}", "alphabeta:depth=1,eval={e}", "greedy:eval={e}")


@pytest.mark.parametrize(("game", "evaluation"), EVALUATIONS,
                         ids=[f"{g}-{e.name}" for g, e in EVALUATIONS])
def test_players_report_the_unit_of_the_evaluation_they_use(game: str,
                                                            evaluation: Any) -> None:
    info = next(g for g in all_games() if g.name == game)
    setup = info.setup()
    state = setup.initial_state()
    for spec in SCORING:
        player = make_player(spec.format(e=evaluation.name), setup, seed=1)
        decision = player.decide(state, Limits())
        assert decision.info.get("unit") == evaluation.unit, (spec, decision.info)
    engine = make_player("engine:time=0.2", setup, seed=1).decide(state, Limits())
    if engine.info.get("unit") is not None:
        # The generic engine uses the game's default evaluation (Othello has its own engine).
        assert engine.info["unit"] == info.evaluations[0].unit


@pytest.mark.parametrize(("lang", "words", "legend", "meaning"), [
    ("en", "open lines (Red\u00a0\u2212 Yellow)", "open lines, Red\u00a0\u2212 opponent (estimate)",
     "lines still open to Red"),
    ("fr", "lignes ouvertes (Rouge\u00a0\u2212 Jaune)",
     "lignes ouvertes, Rouge\u00a0\u2212 adversaire (estimation)",
     "lignes encore ouvertes à Rouge"),
])
def test_the_reasoning_and_the_legend_say_the_unit(lang: str, words: str, legend: str,
                                                   meaning: str) -> None:
    """The unit, and that it is a difference: "−3 lignes ouvertes" read as a negative count
    (QA S12 31)."""
    setup = next(g for g in all_games() if g.name == "connect4").setup()
    state = setup.initial_state()
    decision = make_player("alphabeta:depth=2", setup, seed=1).decide(state, Limits())
    i18n.set_language(lang)
    try:
        side, other = ("Red", "Yellow") if lang == "en" else ("Rouge", "Jaune")
        lines = reasoning_lines(decision, side, other=other)
        assert words in lines[0], lines
        assert any(meaning in line for line in lines), lines
        rows = score_legend(decision, side)
        assert rows[0].words == legend, rows[0].words
        assert rows[0].short and "{" not in rows[0].short
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize(("lang", "unit"), [("en", "open line"), ("fr", "lignes ouvertes")])
def test_the_panel_names_the_unit_of_connect4_scores_at_200_percent(
        size: tuple[int, int], lang: str, unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app, _play = explained_reply(size, lang, "connect4", "alphabeta:depth=2")
    drawn = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(app),
                                                                  monkeypatch))
    assert unit in drawn, drawn
    assert i18n.tr("legend.short.points", side="") not in drawn
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_flip_count_of_1_does_not_read_1_discs(lang: str) -> None:
    """QA S12 25: the legend's sample then its words read "1 discs this move flips"."""
    from ai.base import Decision

    i18n.set_language(lang)
    try:
        d = Decision(move="a", scores={"a": 1.0, "b": 1.0}, score_kind="flips")
        row = score_legend(d, "White")[0]
        assert f"{row.sample} {row.words}".split()[1] not in ("discs", "pions"), row
        # The legend in few words too (QA S15: "1 discs flipped" at 200%).
        assert f"{row.sample} {row.short}".split()[1] not in ("discs", "pions"), row
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_100_percent_the_panel_says_the_estimate_is_a_difference(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA S12 31 (1280x800, 100%): "O a choisi d1 : −3 lignes ouvertes" read as a negative
    count; the fact now names both sides ("(Rouge − Jaune)") where it costs no line, and the
    legend says "Rouge − adversaire" everywhere."""
    from tests.ui_helpers import make_app, run_until, start_game

    app = make_app((1280, 800), language=lang, show_reasoning=True, explain_wait=True)
    play = start_game(app, "connect4", ("alphabeta:depth=2", "human"))
    assert run_until(app, lambda: bool(play.legend_rows()), 30)
    frame(app)
    drawn = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(app),
                                                                  monkeypatch))
    red, yellow = play.presenter.side_name(0), play.presenter.side_name(1)
    assert f"({red}\u00a0\u2212 {yellow})" in drawn, drawn
    assert any(f"{red}\u00a0\u2212" in row.words for row in play.legend_rows())
    app.shutdown()


#: Players whose decisions are shown, and the games they play.
SHOWN_PLAYERS = ("greedy", "minimax:depth=2", "alphabeta:depth=2", "mcts:iterations=60")


@pytest.mark.parametrize("game", [info.name for info in all_games()])
def test_no_win_constant_is_shown_as_a_score(game: str) -> None:
    """Lead's note (issue 12 defect 2): Greedy's winning move read "+1000000 balance points"
    (Hexapawn) and "+1000000, pas d'estimation" (Marienbad). Every player's wins and losses
    read as results, whatever the game: no text shown holds the search's WIN constant."""
    import random

    from game.ui.boards.base import score_labels
    from game.ui.theme import THEMES

    info = next(g for g in all_games() if g.name == game)
    setups = [info.setup(options) for options in info.presets[:2]] or [info.setup()]
    rng = random.Random(3)
    for setup in setups:
        for spec in SHOWN_PLAYERS:
            try:
                player = make_player(spec, setup, seed=1)
            except ValueError:
                continue  # not offered for this game
            state = setup.initial_state()
            for _ply in range(40):
                if state.outcome is not None:
                    break
                decision = player.decide(state, Limits())
                shown = [*reasoning_lines(decision, "Red", other="Yellow"),
                         *(f"{row.sample} {row.words}" for row in score_legend(decision, "Red")),
                         *(label for label, _colour, _best in score_labels(
                             shown_scores(decision), decision.score_kind,
                             THEMES["default"]).values())]
                digits = [text.replace("\u202f", "").replace(",", "") for text in shown]
                big = [text for text in digits if "99999" in text or "100000" in text]
                assert not big, (game, spec, big)
                moves = state.legal_moves()
                state = state.play(decision.move if rng.random() < 0.5 else rng.choice(moves))


def test_a_bound_has_the_number_alone_as_its_short_form() -> None:
    """QA S15 3: Connect 4 9x8's cells cannot hold "≤−10" at a readable size at 200%, and no
    score was drawn; a bound's short form is its number alone (the board draws it where the
    whole label would be too small; the legend's sample is the same, its words say a bound)."""
    from ai.base import Decision
    from game.ui.reasoning import ShownScore, shown_scores

    d = Decision(move="a", scores={"a": 3.0, "b": -10.0, "c": 4.0}, score_kind="value",
                 info={"bounds": {"b": "at most", "c": "at least"}})
    shown = shown_scores(d)
    b, c = shown["b"], shown["c"]
    assert isinstance(b, ShownScore) and isinstance(c, ShownScore)
    assert (b.label, b.short) == ("\u2264\u221210", "\u221210")
    assert (c.label, c.short) == ("\u2265+4", "+4")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_proven_draw_is_said_a_draw_not_an_estimate(lang: str) -> None:
    """QA S16 4 (Othello 4x4's last square vs alpha-beta with the weight table): the board's
    "=" said a proven draw while the first fact said "0 weight-table points"."""
    from ai.base import Decision
    from ai.bounds import Proven

    i18n.set_language(lang)
    try:
        d = Decision(move="d2", scores={"d2": 0.0}, score_kind="value", depth=4,
                     info={"unit": "table_points"}, proven={"d2": Proven(0)})
        first = reasoning_lines(d, "White", other="Black")[0]
        assert i18n.tr("words.draw") in first, first
        assert i18n.tr("unit.table_points.name") not in first, first
        d = Decision(move="b4", scores={"b4": -3.0}, score_kind="value", depth=4,
                     info={"unit": "table_points"}, proven={"b4": Proven(-1, 4)})
        first = reasoning_lines(d, "White", other="Black")[0]
        assert plural("words.loss_in", 4) in first, first
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_estimate_of_1_disc_is_singular_in_the_legend(lang: str) -> None:
    """QA S16 (re-check of 28ad4ef, Othello vs the engine at 1024x768 en 200%): the legend's
    paragraph read "+1 discs ahead for White, estimated and rounded"."""
    from ai.base import Decision

    i18n.set_language(lang)
    try:
        d = Decision(move="c5", scores={"c5": 70.0, "d6": 50.0}, score_kind="value",
                     info={"units": "evaluation points (100 a disc)"})
        for short in (True, False):
            row = score_legend(d, "White", short)[0]
            assert row.sample in ("+1", "+0.7", "+0,7"), row
            if row.sample == "+1":
                said = f"{row.sample} {row.short}"
                assert "discs" not in said and "pions" not in said, said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "label", "said"), [
    ("en", "+1", "+1 disc"), ("en", "\u22121.0", "\u22121.0 discs"),
    ("en", "+0.6", "+0.6 discs"), ("en", "0", "0 discs"), ("en", "+3", "+3 discs"),
    ("fr", "\u22121,0", "\u22121,0 pion"), ("fr", "+0,6", "+0,6 pion"),
    ("fr", "+1,5", "+1,5 pion"), ("fr", "+2,5", "+2,5 pions"), ("fr", "0", "0 pion"),
    ("fr", "+3", "+3 pions"),
])
def test_a_number_of_discs_takes_the_grammar_of_the_number_shown(lang: str, label: str,
                                                                 said: str) -> None:
    """"\u22121,0 pions" was plural in French (the last closing note), and English said
    "\u22120.6 disc" (the count was the number rounded). French is singular under 2, English
    plural for a decimal."""
    i18n.set_language(lang)
    try:
        assert disc_amount(label) == said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_othello_engines_estimate_in_words_takes_the_numbers_grammar(lang: str) -> None:
    """The chosen move's first fact: "about \u22121.0 discs" / "environ \u22121,0 pion"."""
    from ai.base import Decision

    i18n.set_language(lang)
    try:
        d = Decision(move="c5", scores={"c5": -100.0, "d6": -300.0}, score_kind="value",
                     depth=6, info={"units": "evaluation points (100 a disc)"})
        first = reasoning_lines(d, "White", other="Black")[0]
        word = {"en": "1.0 discs", "fr": "1,0 pion "}[lang]
        assert word in first + " ", first
    finally:
        i18n.set_language("en")


def test_all_lose_names_green_only_while_a_green_label_is_drawn() -> None:
    """QA S16 16 (Othello endgame vs the engine, 1280x800 en 200%): after Space the chosen
    move's label (the green one) went with its square, and the legend still said "All lose:
    green holds out longest" with no green on the board."""
    from ai.base import Decision
    from ai.bounds import Proven

    d = Decision(move="d8", scores={"d8": -4.0, "g1": -6.0, "h1": -8.0}, score_kind="discs",
                 proven={"d8": Proven(-1, margin=-4), "g1": Proven(-1, margin=-6),
                         "h1": Proven(-1, margin=-8)})
    said = i18n.tr("legend.short.colours_lost")
    assert any(row.short == said for row in score_legend(d, "White"))
    assert any(row.short == said for row in score_legend(d, "White", labelled={"d8", "g1"}))
    left = score_legend(d, "White", labelled={"g1", "h1"})
    assert not any(row.short == said for row in left), left


def test_the_legends_sample_is_the_form_the_board_drew() -> None:
    """The last closing note: Othello keeps some decimals where rounding would make two
    scores read alike, and the legend said "\u22125 \u2026 rounded" beside the board's "\u22124.8".
    Over seeded boards with crowded labels (546 px, 40 px labels), every sample of the legend
    is a label the board drew, and a board with both forms has one row that says both."""
    import random

    import pygame

    from ai.base import Decision
    from game.ui.boards import BoardContext, board_view_for
    from game.ui.boards import othello as othello_view
    from game.ui.theme import THEMES
    from tests.test_ui_othello_labels import UNITS, position

    real = othello_view.score_chip
    rng = random.Random(7)
    mixed = 0
    drawn: list[str] = []

    def spy(surface: Any, label: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(label)
        return real(surface, label, *args, **kwargs)

    for _trial in range(120):
        state = position(rng.randrange(2, 24))
        moves = list(state.legal_moves())
        scores = {m: float(rng.randrange(-150, 150)) for m in moves}
        d = Decision(move=max(scores, key=lambda m: scores[m]), score_kind="value", depth=6,
                     scores=scores, info={"units": UNITS})
        view = board_view_for("othello", THEMES["default"])
        surface = pygame.Surface((546, 546))
        view.layout(surface.get_rect(), state)
        drawn.clear()
        othello_view.score_chip = spy
        try:
            view.draw(surface, state, BoardContext(theme=THEMES["default"],
                                                   scores=shown_scores(d), score_kind="value",
                                                   label_px=40, coords_px=20))
        finally:
            othello_view.score_chip = real
        rows = score_legend(d, "White", view.counts_shortened, view.labelled, view.full_forms)
        samples = [r.sample for r in rows if r.sample]
        assert all(s in drawn for s in samples), (samples, drawn)
        assert len(samples) <= 1, samples
        mixed += any(r.words == i18n.tr("legend.disc_estimate_mixed", side="White")
                     for r in rows)
    assert mixed, "no board drew both forms: the test saw nothing"


@pytest.mark.parametrize(("lang", "samples", "name"), [
    ("fr", (1.0,), "ligne ouverte"), ("fr", (-1.0,), "ligne ouverte"),
    ("fr", (3.0,), "lignes ouvertes"), ("en", (-1.0,), "open line,"), ("en", (2.0,), "open lines"),
    ("fr", (1.5, -2.5), "ligne ouverte"), ("en", (1.0, 0.5), "open lines")])
def test_the_legend_names_the_unit_in_its_samples_grammar(
        lang: str, samples: tuple[float, ...], name: str) -> None:
    """Regression (QA19 15, Connect 4 AI vs AI at 1024x768 fr 200%): the reasoning said
    "−1 ligne ouverte" and the legend under it "−1  lignes ouvertes, Jaune − adversaire".
    In the grammar of the label shown, as the reasoning's: "+1,50 ligne ouverte", "+1.00 open
    lines" (review R2: from the raw score, "+1,50 lignes ouvertes")."""
    from ai.base import Decision
    from game.ui import i18n
    from game.ui.reasoning import score_legend

    i18n.set_language(lang)
    try:
        scores = {chr(97 + i): v for i, v in enumerate(samples)}
        d = Decision(move="a", scores=scores, score_kind="value", info={"unit": "open_lines"})
        row = score_legend(d, "Red")[0]
        assert row.words.startswith(name) or f" {name}" in f" {row.words}", row
        if name.endswith(("ouverte", "line,")):
            assert "lignes" not in row.words and "lines" not in row.words, row
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_exact_margins_legend_uses_one_verb_in_both_forms(lang: str) -> None:
    """Regression (QA19 4, Othello 4x4 vs the Engine, 1024x640 en 200%): "+10 White ends 10
    discs ahead" after one move, "+14 White finishes 14 discs ahead with perfect play (empty
    squares go to the winner)" after the next: the short form, taken where room is short,
    used another verb. (How empty squares count stays in the full form and the reasoning's
    unit fact: in the short one it cost the legend a row, review R10.)"""
    from ai.base import Decision
    from ai.bounds import Proven
    from game.ui import i18n
    from game.ui.reasoning import score_legend

    i18n.set_language(lang)
    try:
        d = Decision(move="a1", scores={"a1": 10.0, "b1": -2.0}, score_kind="exact",
                     proven={"a1": Proven(1, margin=10), "b1": Proven(-1, margin=-2)})
        rows = score_legend(d, "White")
        win = next(row for row in rows if row.sample.startswith("+"))
        empties = "empty squares" if lang == "en" else "cases vides"
        # The short form without it: with it a row of the legend went in 9 of 16 windows
        # (Othello 4x4, review R10); the reasoning's unit fact says it there.
        assert empties in win.words and empties not in win.short, win
        verb = "ends" if lang == "en" else "finit"
        assert verb in win.words and verb in win.short, win
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "move"), [("en", "this move"), ("fr", "de ce coup")])
def test_the_short_bead_key_says_the_beads_are_one_moves(lang: str, move: str) -> None:
    """Regression (QA19 25, Morpion vs Reinforcement at 1280x720 fr 200%): the key's short
    form "263 perles dans la boîte" under a box of 637 beads; 263 are those of one move."""
    from game.ui import i18n

    i18n.set_language(lang)
    try:
        for n in (1, 263):
            assert move in plural_key("legend.short.beads", n), n
    finally:
        i18n.set_language("en")


def plural_key(key: str, n: int) -> str:
    """``key``'s text for ``n`` things (the reasoning module's plural rule)."""
    from game.ui.reasoning import plural

    return plural(key, n)
