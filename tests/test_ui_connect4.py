"""Puissance 4's board view and click controller, headless (SDL_VIDEODRIVER=dummy).

Games are played to the end by clicks on column centres; a full column and a finished game say
why a click did nothing; the falling disc, the hover, the hint, the scores and the winning line
are checked on the pixels they must change.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.connect4 import Connect4Move, Connect4Options, Connect4State
from game.ui import i18n, text
from game.ui.boards import BoardContext
from game.ui.boards.connect4 import Connect4Controller, Connect4View, as_column, column
from game.ui.theme import THEMES, Theme


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> Iterator[None]:
    """Fonts for the column letters and score chips; released at the end of the module."""
    pygame.font.init()
    yield
    text.clear_cache()
    pygame.font.quit()


def view_for(state: Connect4State, rect: pygame.Rect, theme: Theme = THEMES["default"]
             ) -> Connect4View:
    """A laid-out view."""
    view = Connect4View(theme)
    view.layout(rect, state)
    return view


def drop(state: Connect4State, columns: str) -> Connect4State:
    """Play the columns named by their letters."""
    for letter in columns:
        state = state.play(state.parse_move(letter))
    return state


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 40) -> bool:
    """Two colours within ``tolerance`` on every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize("options", [{}, {"cols": 4, "rows": 4, "connect": 3},
                                     {"cols": 10, "rows": 9, "connect": 5}])
def test_random_games_by_clicks_on_columns(options: dict[str, int]) -> None:
    rng = random.Random(repr(options))
    state = Connect4Options(**options).initial_state()
    view = view_for(state, pygame.Rect(37, 21, 731, 529))
    for _ in range(3):
        state = Connect4Options(**options).initial_state()
        while state.outcome is None:
            move = rng.choice(state.legal_moves())
            pos = view.centre_of(column(move.col))
            element = view.hit(pos, state)
            assert element == column(move.col)
            result = view.controller(state).click(element)
            assert result.move == move and result.changed
            state = state.play(result.move)
        surface = pygame.Surface((800, 560))
        view.draw(surface, state, BoardContext(theme=THEMES["default"],
                                               last_move=state.last_move))


def test_a_click_in_the_strip_above_or_low_in_a_column_drops_there() -> None:
    state = Connect4Options().initial_state()
    view = view_for(state, pygame.Rect(0, 0, 1000, 800))
    x = round(view.strip_centre(2)[0])
    assert view.hit((x, view.strip.centery), state) == column(2)
    assert view.hit((x, view.board.bottom - 2), state) == column(2)
    assert view.hit((x, view.strip.top - 3), state) is None
    assert view.hit((view.board.left - 3, view.board.centery), state) is None
    assert view.hit((view.board.right + 1, view.board.centery), state) is None
    assert view.hit((x, view.board.bottom + 2), state) is None


def test_full_column_and_finished_game_say_why() -> None:
    state = drop(Connect4Options().initial_state(), "aaaaaa")
    controller = Connect4Controller(state)
    assert controller.click(column(0)).message_key == "boards.column_full"
    assert controller.click(column(0)).move is None
    assert column(0) not in controller.highlighted() and len(controller.highlighted()) == 6
    assert controller.click(("column", 7)).move is None  # off this board
    assert controller.click((1, 1)).move is None and controller.click(None).move is None
    assert controller.hover_targets(column(1)) == {(0, 1)}
    assert controller.hover_targets(column(0)) == set()
    assert controller.prompt_key() == "boards.choose_column"
    won = drop(Connect4Options().initial_state(), "abababa")
    assert Connect4Controller(won).click(column(3)).message_key == "boards.game_over"


def test_as_column_accepts_only_column_elements() -> None:
    assert as_column(column(3)) == 3
    for element in (None, 3, (3, 4), ("column", True), ("column", "3"), ("cell", 3)):
        assert as_column(element) is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_prompt_and_messages_are_translated(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for key in ("boards.choose_column", "boards.column_full", "game.connect4.title",
                    "game.connect4.side0", "game.connect4.side1", "rules.connect4.1",
                    "reason.line", "reason.full", "option.connect"):
            assert i18n.tr(key) != key
        assert i18n.tr("game.connect4.title") == ("Puissance 4" if lang == "fr"
                                                   else "Connect 4")
    finally:
        i18n.set_language("en")


def test_the_new_disc_falls_from_the_strip_to_its_cell() -> None:
    theme = THEMES["default"]
    before = Connect4Options().initial_state()
    after = before.play(Connect4Move(3))
    surface = pygame.Surface((900, 700))
    view = view_for(after, pygame.Rect(0, 0, 900, 700))
    red = theme.connect4_red

    def probe(centre: tuple[float, float]) -> tuple[int, int]:
        """A point on a disc's face there, beside the last-move mark at its centre."""
        return round(centre[0] + view.cell * 0.15), round(centre[1])

    strip, middle, cell = probe(view.strip_centre(3)), probe(view.centre(3, 3)), probe(
        view.centre(0, 3))
    seen = []
    for anim in (0.0, 0.3, 0.6, 1.0):
        surface.fill(theme.background)
        view.draw(surface, after, BoardContext(theme=theme, previous_state=before, anim=anim,
                                               last_move=after.last_move))
        seen.append(tuple(close(tuple(surface.get_at(p)), red) for p in (strip, middle, cell)))
    assert seen[0] == (True, False, False)  # at the start, above the frame
    assert seen[-1] == (False, False, True)  # landed
    assert not seen[1][2] and not seen[2][2]  # still on its way
    # An undo (the previous state has more discs) is not animated as a drop.
    surface.fill(theme.background)
    view.draw(surface, before, BoardContext(theme=theme, previous_state=after, anim=0.2))
    assert not close(tuple(surface.get_at(strip)), red)


def test_hover_shows_the_disc_to_drop_and_where_it_lands() -> None:
    theme = THEMES["default"]
    state = drop(Connect4Options().initial_state(), "d")
    surface = pygame.Surface((900, 700))
    view = view_for(state, pygame.Rect(0, 0, 900, 700))
    controller = view.controller(state)
    strip = tuple(round(v) for v in view.strip_centre(3))
    surface.fill(theme.background)
    view.draw(surface, state, BoardContext(theme=theme, controller=controller, interactive=True,
                                           hover=view.centre_of(column(3))))
    # Yellow's see-through disc above column d.
    assert close(tuple(surface.get_at(strip)), theme.connect4_yellow, 70)
    surface.fill(theme.background)
    view.draw(surface, state, BoardContext(theme=theme, controller=controller,
                                           interactive=False, hover=view.centre_of(column(3))))
    assert close(tuple(surface.get_at(strip)), theme.background, 5)


def test_winning_line_is_stroked_through() -> None:
    theme = THEMES["default"]
    won = drop(Connect4Options().initial_state(), "abababa")
    surface = pygame.Surface((900, 700))
    view = view_for(won, pygame.Rect(0, 0, 900, 700))
    view.draw(surface, won, BoardContext(theme=theme, last_move=won.last_move))
    # Between two winning discs of column a, on the frame: the stroke's colour.
    x, y0 = view.centre(0, 0)
    _, y1 = view.centre(1, 0)
    assert close(tuple(surface.get_at((round(x), round((y0 + y1) / 2)))), theme.highlight, 10)


@pytest.mark.parametrize("theme_name", list(THEMES))
def test_drawing_at_many_sizes_with_every_overlay_never_raises(theme_name: str) -> None:
    theme = THEMES[theme_name]
    base = drop(Connect4Options(cols=9, rows=5, connect=3).initial_state(), "eed")
    scores = {m: float(i) - 4.5 for i, m in enumerate(base.legal_moves())}
    for size in ((40, 30), (180, 120), (300, 700), (1024, 640), (1920, 1080), (3840, 2160)):
        surface = pygame.Surface(size)
        view = view_for(base, surface.get_rect(), theme)
        controller = view.controller(base)
        for anim in (0.0, 0.5, 0.95, 1.0):
            ctx = BoardContext(theme=theme, controller=controller, interactive=True,
                               hover=view.centre_of(column(8)), hint_move=Connect4Move(0),
                               last_move=base.last_move, scores=scores, anim=anim,
                               previous_state=drop(Connect4Options(cols=9, rows=5,
                                                                   connect=3).initial_state(),
                                                   "ee"))
            view.draw(surface, base, ctx)
        view.thumbnail(surface, surface.get_rect(), base)
    # A view laid out for one size of board redraws itself for another.
    other = Connect4Options(cols=4, rows=4).initial_state()
    view.draw(pygame.Surface((800, 600)), other, BoardContext(theme=theme))
    assert view.hit(view.centre_of(column(3)), other) == column(3)


def test_bad_scores_and_foreign_moves_are_ignored() -> None:
    state = drop(Connect4Options(cols=4, rows=4).initial_state(), "ab")
    view = view_for(state, pygame.Rect(0, 0, 600, 500))
    scores: dict[Any, float] = {Connect4Move(0): float("nan"), Connect4Move(9): 1.0,
                                "pass": 3.0, Connect4Move(1): float("inf")}
    view.draw(pygame.Surface((600, 500)), state,
              BoardContext(theme=THEMES["default"], scores=scores, hint_move=Connect4Move(9),
                           last_move=Connect4Move(9)))
    with pytest.raises(ValueError, match="not a column or a cell"):
        view.centre_of("middle")


def test_screenshots_for_a_person_to_look_at(tmp_path: Path) -> None:
    state = drop(Connect4Options().initial_state(), "dcdedff")
    won = drop(Connect4Options().initial_state(), "dcdedfeeg" "fgf")
    for size in ((1920, 1080), (1024, 640)):
        for theme_name, theme in THEMES.items():
            for name, shown in (("mid", state), ("end", won)):
                surface = pygame.Surface(size)
                surface.fill(theme.background)
                rect = pygame.Rect(0, 0, round(size[0] * 0.64), round(size[1] * 0.78))
                rect.center = (size[0] // 2, round(size[1] * 0.52))
                view = view_for(shown, rect, theme)
                ctx = BoardContext(theme=theme, last_move=shown.last_move,
                                   controller=view.controller(shown), interactive=True,
                                   hover=view.centre_of(column(4)))
                view.draw(surface, shown, ctx)
                out = tmp_path / f"connect4_{name}_{theme_name}_{size[0]}x{size[1]}.png"
                pygame.image.save(surface, str(out))
                assert out.stat().st_size > 1000


def test_menu_card_of_an_empty_board_shows_discs() -> None:
    theme = THEMES["default"]
    state = Connect4Options().initial_state()
    surface = pygame.Surface((200, 150))
    view = view_for(state, surface.get_rect())
    surface.fill(theme.background)
    view.thumbnail(surface, surface.get_rect(), state)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 200, 2)
               for y in range(0, 150, 2)}
    assert any(close(c, theme.connect4_red, 20) for c in colours)
    assert any(close(c, theme.connect4_yellow, 20) for c in colours)
    # A small board still gets its discs, inside its columns.
    small = Connect4Options(cols=4, rows=4).initial_state()
    view.thumbnail(surface, surface.get_rect(), small)


# --- in the app: games by clicks against the AIs -------------------------------------------------

#: The generic AIs, each quick enough for a test.
OPPONENTS = ("random", "greedy", "minimax:depth=2", "alphabeta:depth=3", "mcts:iterations=100",
             "elimination", "reinforcement", "qlearning", "engine:time=0.1")


def play_by_clicks(app: Any, play: Any, seed: int) -> int:
    """Play the human seat by clicking random columns until the game ends; count the moves."""
    from tests.ui_helpers import click_element, run_until

    rng = random.Random(seed)
    for human_moves in range(100):
        assert run_until(app, lambda: play.match.over or play.match.human_to_move, 30), \
            "the AI never answered"
        if play.match.over:
            return human_moves
        state = play.state
        move = rng.choice(state.legal_moves())
        before = len(play.match.moves)
        click_element(app, play, column(move.col))
        assert len(play.match.moves) == before + 1 and play.match.moves[-1] == move
    raise AssertionError("the game did not end")


def test_full_game_by_clicks_against_alphabeta_and_the_end_announced() -> None:
    from tests.ui_helpers import make_app, start_game

    app = make_app((1024, 640))
    play = start_game(app, "connect4", ("alphabeta:depth=2", "human"))
    assert play_by_clicks(app, play, 3) > 0
    outcome = play.match.state.outcome
    assert outcome is not None
    headline, detail, _bad = play.status()
    assert headline and detail
    if outcome.winner is not None:
        assert ("Red" in headline) == (outcome.winner == 0)
    app.shutdown()


@pytest.mark.slow
@pytest.mark.parametrize("opponent", OPPONENTS)
def test_full_game_by_clicks_against_every_generic_ai(opponent: str) -> None:
    from tests.ui_helpers import make_app, start_game

    app = make_app((1024, 640))
    play = start_game(app, "connect4", ("human", opponent))
    play_by_clicks(app, play, 11)
    assert play.match.over and play.match.state.outcome is not None
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_mcts_visit_counts_keep_the_largest_size_their_column_holds(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Regression: MCTS's visit counts ("2070", "20700") shrank to 12-16 px to fit a column,
    under the body text. Counts are now at body size, whole where their column's cap holds
    them or written shorter when need be ("21k"), and the legend says what "k" is."""
    from ai.base import Decision
    from game.ui.boards import connect4 as view_module
    from game.ui.boards.base import chip_text_px
    from game.ui.boards.connect4 import CAP_PAD_SHARE, cap_width
    from game.ui.reasoning import score_legend
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import frame, make_app, start_game

    drawn: list[tuple[str, int]] = []
    chip = view_module.score_chip

    def spy(surface: pygame.Surface, label: str, centre: Any, px: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        drawn.append((label, px))
        return chip(surface, label, centre, px, *args, **kwargs)

    monkeypatch.setattr(view_module, "score_chip", spy)
    app = make_app(size, language=lang, show_reasoning=True)
    play = start_game(app, "connect4", ("human", "human"))
    moves = play.state.legal_moves()
    visits = [2070, 310, 880, 1530, 640, 95, 20700]
    decision = Decision(move=moves[6], score_kind="visits",
                        scores={m: float(v) for m, v in zip(moves, visits, strict=True)},
                        info={"iterations": sum(visits)})
    # (As an AI's answer does: the move is played at once here, and the board keeps the
    # labels of the words shown.)
    play.turns.reasoning = play.turns.pending = decision
    frame(app)
    assert len(drawn) == 7
    # One size: the body size, or the largest at which the widest label fits its column's
    # cap (one row, each label over its own column: QA 24).
    sizes = {px for _label, px in drawn}
    assert len(sizes) == 1 and min(sizes) >= readable_px(size), drawn
    px = sizes.pop()
    widest = max((label for label, _px in drawn), key=len)
    assert px == app.metrics.body or chip_text_px(
        widest, px + 1, cap_width(play.view.cell), CAP_PAD_SHARE) <= px, drawn
    labels = [label for label, _px in drawn]
    assert "310" in labels
    # The largest count whole where it fits ("20700", issue 12: "1k" and "2k" for 1,400 and
    # 1,500 only told apart by colour), else shorter ("21k"), and the legend says it the
    # board's way.
    big = labels[moves.index(decision.move)]
    assert big in ("20700", "21k"), labels
    legend = play.legend_rows()
    assert legend[0].sample == big
    # (Its bracket may hold the "last move" note too: "(k: thousands; Red's last move)".)
    assert (i18n.tr("legend.thousands").strip(" ()") in legend[0].words) == (big == "21k")
    # Where the board writes counts whole (Morpion's cells), so does the legend.
    assert score_legend(decision, "Red")[0].sample == "20700"
    app.shutdown()


def test_counts_are_written_shorter_in_the_languages_decimal_mark() -> None:
    from game.ui.boards.base import count_text

    assert [count_text(2070, n) for n in range(3)] == ["2070", "2.1k", "2k"]
    assert count_text(950, 2) == "950"
    assert count_text(1_250_000, 1) == "1.2M" or count_text(1_250_000, 1) == "1.3M"
    i18n.set_language("fr")
    try:
        assert count_text(2070, 1) == "2,1k"
    finally:
        i18n.set_language("en")
