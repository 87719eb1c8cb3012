"""The play panel's seat cards and the status headline keep a player's whole name (issue 12,
check 10): a long name with its parameter goes on two lines, never cut."""

from __future__ import annotations

from typing import Any

import pytest

from ai.base import Decision, Limits, Player, SearchCancelled
from game.ui import text
from game.ui.scenes.play_seat_lines import who_lines
from game.ui.scenes.play_status import without_note
from tests.ui_helpers import frame, make_app, run_until, start_game


@pytest.mark.parametrize(("name", "short"), [
    ("Alpha-beta · Depth 2", "Alpha-beta"),
    ("Engine · 30 s per move", "Engine"),
    ("Alpha-beta (Depth 2)", "Alpha-beta"),
    # Regression: a note with brackets of its own stayed whole ("Engine (Time (s) 60)").
    ("Engine (Time (s) 60)", "Engine"),
    ("Human", "Human"),
    ("(odd)", "(odd)"),
    ("unbalanced (", "unbalanced ("),
])
def test_without_note_removes_the_whole_last_bracket(name: str, short: str) -> None:
    assert without_note(name) == short


@pytest.mark.parametrize(("language", "spec", "game", "title"), [
    # Regression: "Moteur (Temps (s) 30)", brackets in brackets and the unit in brackets.
    ("en", "engine:time=30", "othello", "Engine · 30 s per move"),
    ("fr", "engine:time=30", "othello", "Moteur · 30 s par coup"),
    ("fr", "engine:time=0.5", "othello", "Moteur · 0,5 s par coup"),
    ("en", "engine-level:level=5", "othello", "Engine · Level 5"),
    ("fr", "alphabeta:depth=2", "othello", "Alpha-bêta · Profondeur 2"),
    # Regression: "Élimination (Propager Non)": the switch named plainly, with its state.
    ("en", "elimination:propagate=0", "hexapawn", "Elimination · Pass losses back: Off"),
    ("fr", "elimination:propagate=0", "hexapawn", "Élimination · Remonter les défaites : Non"),
    # Regression (QA17 12): Nim's own default is Off, so its card said "Remonter les
    # défaites : Non", a setting nobody had changed; only a change from the game's default
    # is named.
    ("fr", "elimination", "nim", "Élimination"),
    ("fr", "elimination:propagate=0", "nim", "Élimination"),
    ("en", "elimination:propagate=1", "nim", "Elimination · Pass losses back: On"),
    ("fr", "alphabeta:memo=0", "nim", "Alpha-bêta · Mémoire : Non"),
    ("en", "mcts:iterations=20000", "nim", "Monte Carlo · 20 k random games"),
])
def test_a_seat_names_its_parameter_without_brackets(language: str, spec: str, game: str,
                                                       title: str) -> None:
    from game.rules.registry import get_game
    from game.ui import i18n
    from game.ui.scenes.players import seat_title

    i18n.set_language(language)
    try:
        assert seat_title(spec, get_game(game).setup()) == title
    finally:
        i18n.set_language("en")


def test_a_long_name_goes_on_two_lines_broken_before_its_note() -> None:
    make_app((1024, 768))
    label = "Reinforcement · Starting beads 50"
    width = text.size("Starting beads 50 · 88.8 s", 18)[0] + 2
    lines, px = who_lines(label, width, 18, lambda name: f"{name} · 88.8 s")
    assert lines == ["Reinforcement", "Starting beads 50 · 88.8 s"]
    assert px == 18
    # Room for one line: one line, whole.
    lines, _px = who_lines(label, 2000, 18)
    assert lines == [label]


def test_a_name_too_long_for_two_lines_loses_only_its_note() -> None:
    make_app((1024, 768))
    lines, _px = who_lines("Reinforcement · Starting beads 50", 120, 18)
    assert lines == ["Reinforcement"]


def test_both_cards_grow_alike_for_a_long_name_and_keep_its_parameter() -> None:
    app = make_app((1024, 768), language="fr")
    play = start_game(app, "nim", ("human", "reinforcement:start=50"))
    short = make_app((1024, 768), language="fr")
    plain = start_game(short, "nim", ("human", "random"))
    frame(app)
    frame(short)
    tall, base = play.panel.seat_rects, plain.panel.seat_rects
    assert tall[0].height == tall[1].height > base[0].height
    app.shutdown()
    short.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_200_percent_a_card_whose_words_fit_one_line_takes_one(lang: str) -> None:
    """Regression: at a true 200% of 1280x720 both of Nim's cards took two lines, "Player 1"
    over "Human" too, because the other card's name was long; that second line was the room
    of the reasoning's second fact. A card whose words fit one line now takes one, its
    player's name on the right, and the disc is the same size in both cards."""
    app = make_app((1280, 720), language=lang, text_scale=200)
    play = start_game(app, "nim", ("human", "alphabeta:depth=2"))
    frame(app)
    seats = play.panel.seats
    human, ai = play.panel.seat_rects
    assert seats.single == [True, False]
    assert human.height < ai.height
    line_h = text.font(app.metrics.body, True).get_linesize()
    assert human.height == line_h + app.metrics.pad
    app.shutdown()


def test_at_200_percent_a_card_keeps_its_shape_as_its_count_grows() -> None:
    """Regression, seen in a real window at 200% of 1024x768 (Connect 4 against alpha-beta):
    "Red · 1 disc · Human" took one line and "Red · 3 discs" two, so the card changed shape
    from move to move. A count is measured as two digits, and a card that took two lines
    keeps them."""
    app = make_app((1024, 768), language="en", text_scale=200)
    play = start_game(app, "connect4", ("human", "alphabeta:depth=1"))
    heights = set()
    for _ in range(4):
        assert run_until(app, lambda: play.match.human_to_move, 20)
        frame(app)
        heights.add(play.panel.seat_rects[0].height)
        assert play.apply_move(play.state.legal_moves()[2])
    assert len(heights) == 1, heights
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_200_percent_morpions_counts_read_at_80_percent_of_the_small_size(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (the lead's finding at 200% of 1024x768 in English): Morpion's "· 0 placed,
    3 in hand" shrank to about 20 px beside "X", the player's name alone on the line below.
    Now the count takes that line and who plays goes beside the name, where it fits."""
    app = make_app((1024, 768), language=lang, show_reasoning=True, text_scale=200)
    start_game(app, "morpion", ("human", "alphabeta:depth=2"))
    frame(app)
    drawn: list[tuple[str, int]] = []
    real = text.blit_text

    def spy(surface: Any, words: str, *args: Any, **kwargs: Any) -> Any:
        rect = real(surface, words, *args, **kwargs)
        if any(word in words for word in ("in hand", "en main")):
            drawn.append((words, rect.height))
        return rect

    monkeypatch.setattr(text, "blit_text", spy)
    frame(app)
    least = int(app.metrics.small * 0.8)
    assert len(drawn) == 2
    for words, height in drawn:
        assert height >= text.size(words, least)[1], (words, height)
    app.shutdown()


class Waiter(Player):
    """An AI that thinks until it is cancelled."""

    def decide(self, state: Any, limits: Limits) -> Decision:
        while not limits.cancel.wait(0.01):
            pass
        raise SearchCancelled()


def test_the_thinking_headline_says_only_the_side_when_the_name_does_not_fit() -> None:
    from game.ui.scenes import play_board

    app = make_app((1024, 768), language="fr", text_scale=200)
    play = start_game(app, "nim", ("human", "reinforcement"))
    play.match.seats[1].player = Waiter("waiter")
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.turns.thinking_since is not None, 5)
    assert play.short_headline() == "Joueur 2 réfléchit…"
    drawn: list[str] = []
    blit = text.blit_text

    def spy(surface: Any, value: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(value)
        return blit(surface, value, *args, **kwargs)

    play_board.text.blit_text = spy  # type: ignore[attr-defined]
    try:
        frame(app)
    finally:
        play_board.text.blit_text = blit  # type: ignore[attr-defined]
    assert "Joueur 2 réfléchit…" in drawn
    assert not any("(Renforcement) réfléchit" in d for d in drawn)
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seats", [("human", "alphabeta"), ("alphabeta", "human")])
def test_at_200_percent_of_1024x768_connect4s_cards_count_with_their_unit(
        lang: str, seats: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (brief, target 4 of an earlier session): at 200% of 1024x768 "Yellow · 88
    discs  Alpha-beta" needed 440 px of the card's 315. The parts shrink together, never
    under the readable size. The count then read "Yellow · 3" with no unit (QA13 5): it
    says its unit always, beside the number in the small words or, where that does not fit
    one line, on cards of two lines (the AI's name on its own line, larger). The legend
    keeps its first row and the move list a row (its colour row gives way here)."""
    from game.ui.scenes.play_fit import readable_px
    from tests.test_ui_play_room import play_until_the_legend
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1024, 768), language=lang, show_reasoning=True, text_scale=200)
    play = start_game(app, "connect4", seats)
    play_until_the_legend(app, play)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    cards = play.panel.seats
    in_cards = [(words, px) for words, px, rect in drawn
                if any(card.contains(rect) for card in cards.rects)]
    assert len(in_cards) >= 6, in_cards
    assert min(px for _words, px in in_cards) >= readable_px((1024, 768)), in_cards
    unit = ("pion", "pions") if lang == "fr" else ("disc", "discs")
    assert sum(any(word in unit for word in words.split()) for words, _px in in_cards) == 2
    assert play.panel.legend_rows_shown >= 1
    assert play.panel.move_rects
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("game", "ai", "units"),
                         [("hexapawn", "random", ("pawns", "pions")),
                          ("othello", "alphabeta", ("discs", "pions")),
                          ("othello", "ntuple", ("discs", "pions"))])
def test_at_200_percent_every_card_counts_with_its_unit(
        lang: str, game: str, ai: str, units: tuple[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 5, real window 1024x768 en 200%): Othello's cards read "Black · 4"
    with most AIs and "Black · 4 discs" with a longer name; Hexapawn's "White · 3" never said
    pawns. Each card now says its count's unit, and no card text is under the readable
    size."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1024, 768), language=lang, text_scale=200)
    start_game(app, game, ("human", ai))
    frame(app)
    play = app.top
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    cards = play.panel.seats.rects
    unit = units[lang == "fr"]
    for card in cards:
        words = [(line, px) for line, px, rect in drawn if card.contains(rect)]
        assert any(unit in line.split() for line, _px in words), words
        assert min(px for _line, px in words) >= readable_px((1024, 768)), words
    app.shutdown()


def card_texts(size: tuple[int, int], lang: str, scale: int, game: str, ai: str, moves: int,
               monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[list[tuple[str, int]]]]:
    """A person against ``ai`` at ``game`` after ``moves`` first legal moves: the play scene
    and, per seat card, the texts drawn in it (text, size)."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=lang, text_scale=scale)
    play = start_game(app, game, ("human", ai))
    frame(app)
    for _ in range(moves):
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    return play, [[(line, px) for line, px, rect in drawn if card.contains(rect)]
                  for card in play.panel.seats.rects]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_100_percent_of_1024x768_who_plays_is_readable(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA14 7, real window 1024x768 en 100%): the cards' "Human" and
    "Alpha-beta" were 18 px, the window's readable size being 20. Before: 18 and 18."""
    from game.ui.scenes.play_fit import readable_px

    play, cards = card_texts((1024, 768), lang, 100, "othello", "alphabeta", 0, monkeypatch)
    for seat, words in enumerate(cards):
        label = play.seat_label(seat)
        sizes = [px for line, px in words if line in label]
        assert sizes and min(sizes) >= readable_px((1024, 768)), words
    play.app.shutdown()


@pytest.mark.parametrize(("size", "lang", "game", "ai", "moves"),
                         [((1280, 800), "en", "othello", "reinforcement", 4),
                          ((1280, 800), "fr", "connect4", "alphabeta:depth=2", 1)])
def test_at_200_percent_both_cards_counts_at_one_size(
        size: tuple[int, int], lang: str, game: str, ai: str, moves: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA14 7, real window 1280x800 en 200%): "Black · 9 discs  Human" on one line
    wrote its count at 39 px, "White · 7 discs / Reinforcement" on two lines at 52: one
    count looked more important. Both at one size now (39 px there, the one line's)."""
    play, cards = card_texts(size, lang, 200, game, ai, moves, monkeypatch)
    counts = [px for words in cards for line, px in words if line.startswith(" · ")]
    assert len(counts) == 2 and len(set(counts)) == 1, cards
    play.app.shutdown()


def test_at_200_percent_a_shrunk_players_name_keeps_its_card_short() -> None:
    """Regression (QA13 3, real window 1280x800 fr 200%): Elimination's card kept room for two
    lines of the small size (44 px) under its name while its words, shrunk to fit, were 30
    px: 173 px high beside the human's 75. Now as high as its lines are: 144 px."""
    app = make_app((1280, 800), language="fr", text_scale=200)
    play = start_game(app, "nim", ("human", "elimination:propagate=0"))
    frame(app)
    human, learner = play.panel.seat_rects
    assert learner.height <= 150, (human.height, learner.height)
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "game", "ai", "moves"),
                         [((1280, 800), "en", "connect4", "alphabeta", 0),
                          ((1280, 800), "en", "connect4", "alphabeta", 3),
                          ((1280, 800), "en", "hexapawn", "random", 0),
                          ((1280, 800), "fr", "connect4", "alphabeta", 3)])
def test_at_200_percent_a_count_and_its_unit_at_one_size(
        size: tuple[int, int], lang: str, game: str, ai: str, moves: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA16 15, real window 1280x800 en 200%): Connect 4's one-line cards wrote
    "Red · 0 discs" with its number at 34 px and "discs" at 25 (here 52 and 30; Hexapawn's
    "3" 45, "pawns" 29). Where the cards hold them so, the number and its unit at one size
    (39 and 34 px there), never under the readable size, the cards one line each."""
    from game.ui.scenes.play_fit import readable_px

    play, cards = card_texts(size, lang, 200, game, ai, moves, monkeypatch)
    assert play.panel.seats.single == [True, True]
    units = {"disc", "discs", "pawn", "pawns", "pion", "pions"}
    for words in cards:
        sizes = {px for line, px in words if line.startswith(" · ") or line.strip() in units}
        assert any(unit in line.split() for line, _px in words for unit in units), words
        assert len(sizes) == 1 and min(sizes) >= readable_px(size), words
    play.app.shutdown()


@pytest.mark.parametrize(("size", "lang"), [((1024, 768), "en"), ((1024, 768), "fr"),
                                            ((1280, 720), "en"), ((1920, 1080), "fr")])
def test_morpions_pieces_in_hand_are_readable_at_100_percent(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA20 4, Morpion 3x3, 1024x768 en 100%): the seat cards' " · 0 placed, 3 in
    hand" was 16 px beside the side's name (readable: 20), the count that says when moving
    starts. Where it does not fit beside the name at the readable size it goes under it."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=lang, show_reasoning=True)
    play = start_game(app, "morpion", ("human", "minimax"))
    frame(app)
    counts = [play.presenter.side_summary(play.board_state, side) for side in (0, 1)]
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    cards = [(line, px) for line, px, rect in drawn
             if any(card.contains(rect) for card in play.panel.seats.rects)]
    said = [(line, px) for line, px in cards if any(count in line for count in counts)]
    assert len(said) == 2, cards
    assert all(px >= readable_px(size) for _line, px in said), said
    app.shutdown()


def test_the_seats_thinking_time_is_the_searchs_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA19 28, review R20 6): the seat said "2,1 s" while the panel's engine line
    said "3,5 s": the card counted the frames' clock. It shows the search's elapsed time."""
    from ai.base import SearchProgress
    from game.ui.reasoning import seconds_text
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1280, 800), language="fr")
    play = start_game(app, "nim", ("human", "reinforcement"))
    play.match.seats[1].player = Waiter("waiter")
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.turns.worker.progress is not None, 5)
    monkeypatch.setattr(SearchProgress, "elapsed", property(lambda self: 37.5))
    drawn = " ".join(line for line, _px, _rect in texts_drawn_by(lambda: frame(app),
                                                                 monkeypatch))
    assert seconds_text(37.5) in drawn, drawn
    app.shutdown()
