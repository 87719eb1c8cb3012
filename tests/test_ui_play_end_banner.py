"""At the end of a game with large text, the final position keeps its room (issue 12).

Regression: at 200% of 1920x1080 in French the end banner stacked "Blanc gagne" and "Blanc a
atteint la dern…" (cut) over its buttons, the column's lower half: Hexapawn's final position
shrank to about 140 px, under a status line already saying "Blanc gagne / Blanc a atteint la
dernière rangée" whole. With large text the banner is now its two buttons alone.
"""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import (
    click_widget,
    frame,
    key,
    make_app,
    run_until,
    start_game,
    texts_drawn_by,
    watch_cuts,
)


@pytest.mark.parametrize("game", ["hexapawn", "nim", "othello"])
@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1024, 768), "fr"),
                                            ((1280, 720), "en")])
def test_at_200_percent_the_final_position_keeps_its_room(
        game: str, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, game, ("human", "human"))
    frame(app)
    during = play.board_rect.height
    cut = watch_cuts(monkeypatch)
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    frame(app)
    banner = play.banner
    assert banner.rect is not None and banner.buttons_only
    assert all(banner.rect.contains(b.rect) and b.label_fits() for b in banner.buttons())
    # Alone in the band, the buttons stand in its middle.
    again, menu = banner.buttons()
    assert abs((again.rect.left + menu.rect.right) / 2 - banner.rect.centerx) <= app.metrics.pad
    # The banner takes a row of buttons: the board keeps most of its height.
    assert play.board_rect.height >= 0.7 * during, (during, play.board_rect.height)
    headline, reason, _bad = play.status()
    assert headline not in cut and reason not in cut, cut
    app.shutdown()


#: An Othello game over with two squares empty (nobody can play there): White 61, Black 1.
ENDED_WITH_EMPTIES = ["BWWWWWWW", "WWWWWWWW", "WWWWWWWW", "WWWWWWWW", "WWWWWWWW", "WWWWWWWW",
                      "WWWWWWW.", "WWWWWW.W"]


@pytest.mark.parametrize(("size", "lang"), [((1024, 768), "fr"), ((1024, 768), "en"),
                                            ((1920, 1080), "fr"), ((1280, 720), "fr")])
def test_at_200_percent_the_end_reason_is_whole_and_readable(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA 29): at 200% of 1024x768 in French, Othello's end with empty squares
    read "Le plus de pions. 2 cases sont rest… vides ; comptées pour le gagnant…", the
    sentence that explains the score cut in the status line, which keeps two lines. Where
    it does not fit them, the reason goes whole above the banner's buttons, at the panel's
    least words' size."""
    from game.rules.othello import OthelloState
    from game.ui import text
    from game.ui.scenes.play_fit import readable_px

    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, "othello", ("human", "human"))
    cut = watch_cuts(monkeypatch)
    drawn: list[tuple[str, int]] = []
    blit = text.blit_text

    def spy(surface: object, value: str, px: int, *args: object, **kwargs: object) -> object:
        drawn.append((value, px))
        return blit(surface, value, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "blit_text", spy)
    end = OthelloState.from_rows(ENDED_WITH_EMPTIES)
    assert end.outcome is not None
    play.match.states.append(end)
    frame(app)
    frame(app)
    _headline, reason, _bad = play.status()
    assert reason not in cut, cut
    words = [value for value, px in drawn if px >= readable_px(size)]
    assert " ".join(" ".join(words).split()).count(" ".join(reason.split())) or all(
        word in " ".join(words).split() for word in reason.split()), (reason, drawn[-12:])
    banner = play.banner
    assert banner.rect is not None
    assert all(banner.rect.contains(b.rect) for b in banner.buttons())
    app.shutdown()


@pytest.mark.parametrize("game", ["othello", "morpion", "hexapawn"])
@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1024, 768), "en"),
                                            ((1024, 640), "fr"), ((1280, 720), "en")])
def test_at_200_percent_the_final_board_keeps_its_size_and_coordinates(
        game: str, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S11 41, S12 13): when Play again and Menu appeared under the board, the
    board shrank by a quarter (Othello 8x8 at 200% of 1920x1080 672 -> 512 px, its
    coordinates at the floor; at 1024x640 392 -> 296 px and no coordinates). The buttons now
    stand under the status line's reason, above the board, at a readable size."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import coordinate_sizes

    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, game, ("human", "human"))
    frame(app)
    during = play.view.grid.board.copy()
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    end = play.view.grid.board
    assert end.width >= 0.9 * during.width and end.height >= 0.9 * during.height, (during, end)
    coords = coordinate_sizes(app, monkeypatch)
    assert coords and min(coords) >= readable_px(size), coords
    banner = play.banner
    assert banner.rect is not None and banner.rect.bottom <= play.board_rect.top
    assert all(b.label_fits() and b.px >= readable_px(size) for b in banner.buttons())
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [("human", "human"), ("human", "alphabeta:depth=1")])
def test_at_200_percent_an_end_with_empty_squares_keeps_the_board(
        size: tuple[int, int], lang: str, seats: tuple[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: an Othello end with empty squares explains the count in three or four
    lines; above the banner's buttons they cost the final board 12-29% (1024x640 in French:
    392 -> 280 px, no coordinates; 1280x720 and 1920x1080 80%). The reason now goes in the
    panel, framed, whole and readable; the board keeps its size and its coordinates."""
    from game.rules.othello import OthelloState
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import coordinate_sizes, texts_drawn_by

    app = make_app(size, language=lang, text_scale=200, show_reasoning=True)
    play = start_game(app, "othello", seats)
    frame(app)
    during = play.view.grid.board.copy()
    play.match.states.append(OthelloState.from_rows(ENDED_WITH_EMPTIES))
    frame(app)
    end = play.view.grid.board
    assert end.width >= 0.85 * during.width, (during, end)
    coords = coordinate_sizes(app, monkeypatch)
    assert coords and min(coords) >= readable_px(size), coords
    _headline, reason, _bad = play.status()
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    panel = [(line, px) for line, px, rect in drawn if play.panel.rect.contains(rect)]
    words = " ".join(line for line, px in panel if px >= readable_px(size)).split()
    assert " ".join(reason.split()) in " ".join(words), (reason, panel)
    app.shutdown()


#: The final board's sizes (a cell, a match's length) at 200% of 1024x768 before the end's
#: buttons grew (their band then at the panel's least words' size).
FINAL_SIZES = {"othello": 57, "nim": 74, "hexapawn": 142}


@pytest.mark.parametrize("game", list(FINAL_SIZES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_200_percent_the_end_buttons_take_the_height_the_board_leaves(
        game: str, lang: str) -> None:
    """Regression (QA14 8, QA15 8, real window 1024x768 fr 200%): Play again and Menu at 25
    px, the panel's least words' size, while Undo and Hint under the panel were larger. A
    board the width limits leaves height spare: there the buttons are near the body size
    (37-39 px of 40), the final board as large as before. (Where the board is as tall as
    its column allows, as Othello at 1280x800, they stay at the least size: 30 px.)"""
    app = make_app((1024, 768), language=lang, text_scale=200)
    play = start_game(app, game, ("human", "human"))
    frame(app)
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    frame(app)
    buttons = play.banner.buttons()
    assert all(b.px >= 0.9 * app.metrics.body and b.label_fits() for b in buttons), \
        [b.px for b in buttons]
    assert play.view.sizes()[0] >= FINAL_SIZES[game] - 0.5, play.view.sizes()
    app.shutdown()


@pytest.mark.parametrize("game", ["othello", "hexapawn"])
@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((1280, 800), "fr"),
                                            ((1920, 1080), "fr")])
def test_at_16_9_the_end_buttons_near_the_panels_and_the_final_board_as_during_the_game(
        game: str, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA15 8 at 16:9 and 16:10, real window 200%): a board the height limits
    left Play again and Menu at the panel's least words' size, 29 px beside Undo · Hint ·
    More… at 46 (1280x720), 30 beside 47 (1280x800), 42 beside 70 (1920x1080), and the
    final board smaller than during the game (Othello's cells 55 -> 51 px at 1280x720).
    Where the end's reason in the panel makes them larger, it goes there, whole and
    readable, and its status lines go to the buttons and the board: at least three quarters
    of the panel's buttons' size (Othello 39 of 46 px), the board as during the game."""
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=lang, text_scale=200)
    play = start_game(app, game, ("human", "human"))
    frame(app)
    during = play.view.sizes()
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    panel_px = max(b.px for b in play.panel.bottom_buttons)
    buttons = play.banner.buttons()
    assert all(b.px >= 0.75 * panel_px and b.label_fits() for b in buttons), (
        [b.px for b in buttons], panel_px)
    assert play.view.sizes()[0] >= during[0] - 1, (during, play.view.sizes())
    _headline, reason, _bad = play.status()
    words = " ".join(line for line, px, rect in drawn
                     if play.panel.rect.contains(rect) and px >= readable_px(size))
    assert " ".join(reason.split()) in " ".join(words.split()), (reason, words)
    app.shutdown()


@pytest.mark.parametrize(("size", "game"), [((1280, 800), "othello"), ((1024, 768), "hexapawn")])
def test_undo_on_a_finished_game_gives_the_turn_back_as_it_was(
        size: tuple[int, int], game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA18 7, Othello 4x4 at 200% of 1280x800 in French): Undo on a finished
    game showed "Noir joue" without "Cliquez sur une case marquée d'un point" and the board
    35 px higher: the end's reason, once in the banner, kept the status line's room."""
    app = make_app(size, language="fr", text_scale=200)
    play = start_game(app, game, ("human", "human"))
    while True:
        frame(app)
        before, status = pygame.Rect(play.board_rect), play.status()
        assert play.apply_move(play.state.legal_moves()[0])
        if play.match.over:
            break
    frame(app)
    assert play.board_rect != before  # (the end's banner took its row)
    click_widget(app, play.panel.undo_button)
    frame(app)
    assert play.status() == status and status.detail
    assert play.board_rect == before, (play.board_rect, before)
    drawn = [line for line, _px, _r in texts_drawn_by(lambda: frame(app), monkeypatch)]
    assert status.detail in " ".join(drawn), drawn
    app.shutdown()


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "en"), ((1280, 800), "fr"),
                                            ((1280, 720), "en")])
def test_the_ends_reason_in_the_panel_is_as_large_as_the_facts_and_left_uncovered(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA18 20, Hexapawn vs Alpha-beta at 200% of 1920x1080): "Black reached the
    far row" was the smallest text of the result, 33 px under the last move's 42 px facts;
    and Ctrl+S's notice then covered it (QA18 re-check of QA17 6)."""
    app = make_app(size, language=lang, text_scale=200, show_reasoning=True)
    play = start_game(app, "hexapawn", ("human", "minimax:depth=1"))
    while not play.match.over:
        if play.match.human_to_move:
            assert play.apply_move(play.state.legal_moves()[0])
        assert run_until(app, lambda: play.match.human_to_move or play.match.over, 10)
    frame(app)
    column = play.panel.moves_rect
    placed = play.banner.reason_box(column, column.top)
    assert placed is not None, "the reason is in the panel at this size"
    px, lines, box = placed
    assert px >= play.panel.explain.facts_size and len(lines) <= 2, (px, lines)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    assert any(line == lines[0] and said_px == px for line, said_px, _r in drawn), drawn
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.toast
    frame(app)
    assert not app.toast_rect.colliderect(box), (app.toast_rect, box)
    app.shutdown()


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "fr"), ((1280, 800), "en"),
                                            ((1920, 1080), "fr"), ((1024, 768), "en"),
                                            ((1024, 640), "fr"), ((1280, 720), "fr")])
def test_at_100_percent_the_end_reason_is_whole_readable_and_said_once(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA19 35, high): at 100% Othello's end with empty squares read "Le plus de
    pions. 5 cases sont restées vides ; comptées pour le gagnant, co…" at 17 px in the status
    line and "…5 c…" in the banner, the sentence that says how the empty squares count cut
    twice. The banner now says the reason whole, wrapped at the readable size or more; the
    status line its short form. And the banner no longer repeats the headline the status
    line says in larger type (QA19 24)."""
    from game.rules.othello import OthelloState
    from game.ui.scenes.play_fit import readable_px

    app = make_app(size, language=lang, text_scale=100)
    play = start_game(app, "othello", ("human", "human"))
    frame(app)
    during = play.board_rect.height
    play.match.states.append(OthelloState.from_rows(ENDED_WITH_EMPTIES))
    frame(app)
    cut = watch_cuts(monkeypatch)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    headline, reason, _bad = play.status()
    assert not cut, cut
    banner = play.banner
    assert banner.rect is not None and not banner.buttons_only
    inside = [(line, px) for line, px, rect in drawn if banner.rect.contains(rect)]
    assert " ".join(line for line, _px in inside).split() == reason.split(), inside
    assert all(px >= readable_px(size) for _line, px in inside), inside
    assert all(banner.rect.contains(b.rect) and not b.rect.colliderect(rect)
               for b in banner.buttons() for line, _px, rect in drawn
               if (line, _px) in inside), "the reason's words clear of the buttons"
    assert [line for line, _px, _rect in drawn].count(headline) == 1, drawn
    assert play.board_rect.height >= 0.75 * during, (during, play.board_rect.height)
    app.shutdown()


def test_a_short_end_reason_stays_beside_the_buttons_and_the_status_line_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A reason that fits is drawn beside the buttons, as before, and the status line keeps it
    whole (only a reason too long for the status line goes short there)."""
    app = make_app((1280, 800), language="fr", text_scale=100)
    play = start_game(app, "hexapawn", ("human", "human"))
    while play.state.outcome is None:
        play.match.play(play.state.legal_moves()[0])
    frame(app)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    _headline, reason, _bad = play.status()
    banner = play.banner
    assert banner.rect is not None and not banner.stacked
    lines = [line for line, _px, _rect in drawn]
    # The status line and the banner, each on one line.
    assert lines.count(reason) == 2, ([line for line in lines if len(line) > 3], banner.reason_wrap)
    app.shutdown()
