"""Lists over a screen at large text: the play screen's More actions and the seat chooser's
players, as many rows as the window holds, in a class's words."""

from __future__ import annotations

import re

import pytest

from game.ui.i18n import tr
from game.ui.scenes.dialogs import ListPopup
from game.ui.scenes.play_more import open_more
from tests.play_helpers import explained_reply
from tests.ui_helpers import frame, make_app, start_game, watch_cuts


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_more_list_shows_every_action_at_200_percent(size: tuple[int, int],
                                                         language: str) -> None:
    """Regression (QA 13): at 200% of 1920x1080 the play screen's More list showed 4 of its
    6 actions (Rules and Menu below, behind arrows) while 1024x768 showed all six: a list
    with large text may take 92% of the height, its rows a little closer."""
    app = make_app(size, language=language, text_scale=200)
    play = start_game(app, "morpion", ("human", "human"))
    open_more(app, play)
    frame(app)
    popup = app.top
    assert isinstance(popup, ListPopup)
    assert len(popup.rows) == len(popup.items), (len(popup.rows), len(popup.items))
    assert all(popup.box.contains(rect) for rect, _i in popup.rows)
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_more_list_against_an_ai_keeps_menu_on_its_first_page(language: str) -> None:
    """Regression (QA17 12): against an AI, with its reasoning shown, the More list has a
    seventh action (the reasoning in full); at 200% of 1920x1080 "Menu" went alone to a
    second page for 11 px. Rows of labels alone come a little closer to show them all."""
    app, play = explained_reply((1920, 1080), language, "hexapawn", "minimax")
    open_more(app, play)
    frame(app)
    popup = app.top
    assert isinstance(popup, ListPopup)
    labels = [label for _v, label, _d in popup.items]
    assert len(labels) == 7 and tr("play.menu") in labels, labels
    assert len(popup.rows) == len(popup.items), (len(popup.rows), labels)
    assert all(rect.height >= app.metrics.body for rect, _i in popup.rows)
    app.shutdown()


#: Players the seat chooser shows at once at 200%, at least (2 before at both sizes).
PLAYERS_SHOWN = {(1024, 768): 4, (1920, 1080): 3}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", list(PLAYERS_SHOWN))
def test_the_seat_chooser_shows_more_players_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA 6): the player list showed two players at a time at 200% (eleven for
    Nim: five clicks to reach the engine). It now takes most of the window and its rows
    are as tall as a name and two lines of description; no description is cut."""
    cut = watch_cuts(monkeypatch)
    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    menu.select_game("nim")  # type: ignore[union-attr]
    frame(app)
    menu.open_choice(menu.seat_widgets[1][0])  # type: ignore[union-attr]
    frame(app)
    popup = app.top
    assert isinstance(popup, ListPopup)
    assert len(popup.rows) >= PLAYERS_SHOWN[size], len(popup.rows)
    descriptions = {desc for _v, _l, desc in popup.items}
    for _ in popup.items:
        frame(app)
        popup._scroll_by(1)
    assert not descriptions & set(cut), descriptions & set(cut)
    app.shutdown()


#: Words a class has not been taught: search and learning jargon ("ply", UCT, Bellman, TD,
#: PVS; the engine's description named PVS for Nim too).
JARGON = re.compile(r"\b(ply|UCT|Bellman|TD|PVS|bitboard)\b", re.IGNORECASE)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_player_descriptions_are_in_a_class_s_words(language: str) -> None:
    """Regression (QA 6): "best-looking move one ply ahead", "grow a tree (UCT)", "a value
    per move (Bellman)", "self-play (TD)", "Othello: bitboard PVS" on the projector."""
    from ai.registry import all_players
    from game.ui import i18n

    i18n.set_language(language)
    try:
        said = {info.name: tr(f"player.{info.name}.description") for info in all_players()}
    finally:
        i18n.set_language("en")
    assert not {name: d for name, d in said.items() if JARGON.search(d)}


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_a_list_closes_with_its_close_button(size: tuple[int, int]) -> None:
    """Regression (QA S13 13): the menu's More list had no Close button; leaving it without a
    choice needed Esc or a click outside, which nothing said. Its ✕ sits in the title row,
    clear of the title and the scroll arrows."""
    from tests.ui_helpers import click

    app = make_app(size, text_scale=200)
    menu = app.top
    menu.open_more()  # type: ignore[attr-defined]
    frame(app)
    popup = app.top
    assert isinstance(popup, ListPopup)
    assert popup.box.contains(popup.close)
    assert not any(popup.close.colliderect(arrow) for arrow in popup.arrows)
    click(app, popup.close.center)
    assert app.top is menu
    app.shutdown()


def test_a_scrolled_list_says_which_rows_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA S13 26): a list's counter read "8 of 11" however far it scrolled; it
    now names the rows shown ("2–9 of 11"), as the file dialogs do."""
    from tests.ui_helpers import spy_texts

    app = make_app((1920, 1080))
    menu = app.top
    menu.open_choice(menu.seat_widgets[1][0])  # type: ignore[attr-defined]
    frame(app)
    popup = app.top
    assert isinstance(popup, ListPopup) and len(popup.rows) < len(popup.items)
    shown, total = len(popup.rows), len(popup.items)
    drawn = spy_texts(monkeypatch)
    popup._scroll_by(1)
    frame(app)
    assert f"2\u2013{shown + 1} of {total} · scroll for more" in drawn, drawn
    app.shutdown()


def assert_counter_at_top_and_end(app: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The list on top of ``app`` scrolls, and says which rows it shows, in its long or its
    short form, at the top and scrolled to its end (there without "scroll for more")."""
    from game.ui.i18n import span
    from tests.ui_helpers import spy_texts

    popup = app.top  # type: ignore[attr-defined]
    assert isinstance(popup, ListPopup)
    assert len(popup.rows) < len(popup.items), "the list must scroll for this test"
    drawn = spy_texts(monkeypatch)
    total = len(popup.items)
    # The end: as far as the list scrolls (its rows vary in height, so the last ones may be
    # fewer than the first ones: total - rows at the top stopped a row short).
    for target in (0, total):
        popup.scroll = target
        drawn.clear()
        frame(app)  # type: ignore[arg-type]
        scroll = popup.scroll
        shown = span(scroll + 1, scroll + len(popup.rows))
        forms = {tr(key, shown=shown, total=total)
                 for key in ("dialog.scroll_more", "dialog.scroll_shown")}
        assert forms & set(drawn), (forms, drawn)
    # At the end, no "scroll for more" (QA14 24): only which rows, of how many.
    assert tr("dialog.scroll_more", shown=shown, total=total) not in drawn, drawn


@pytest.mark.parametrize(("size", "language"), [((1920, 1080), "fr"), ((1280, 720), "fr"),
                                                ((1024, 768), "en")])
def test_the_other_screens_list_says_which_rows_it_shows_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 26, 1920x1080 fr 200%): "Autres écrans" showed no counter at the top
    nor scrolled: "3–5 sur 5 · faire défiler" had no room between the title and the arrows at
    the small size. Its shorter form ("3–5 sur 5"), or the readable size, fits there."""
    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    menu.open_more()  # type: ignore[attr-defined]
    frame(app)
    assert app.top.title == tr("menu.more_title")  # type: ignore[attr-defined]
    assert_counter_at_top_and_end(app, monkeypatch)
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "en"), ((1024, 768), "fr")])
def test_the_player_list_says_which_rows_it_shows_at_200_percent(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA14 13, 1280x720 en 200%): "Choose a player" showed only its arrows; at
    200% of 1024x768 in French "Choisir un joueur" leaves no room beside it for even the
    short form, which goes under the title."""
    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    menu.open_choice(menu.seat_widgets[1][0])  # type: ignore[attr-defined]
    frame(app)
    assert_counter_at_top_and_end(app, monkeypatch)
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1280, 720), "en"), ((1024, 768), "fr"),
                                                ((1920, 1080), "en")])
def test_the_seat_chooser_leaves_the_same_gap_between_every_two_players(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA14 13, 1280x720 en 200%): every row was as tall as the longest
    description, so under a one-line description ("Minimax") a line's height stood empty
    before the next player while Greedy's two lines ran up to "Minimax". Each row now takes
    its own description's lines: the room from a description's last line to the next name is
    the same for every two players shown, scrolled anywhere (and more players show: four at
    1280x720, were three)."""
    from game.ui import text

    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    menu.select_game("othello")  # type: ignore[union-attr]
    frame(app)
    menu.open_choice(menu.seat_widgets[1][0])  # type: ignore[union-attr]
    popup = app.top
    assert isinstance(popup, ListPopup)
    names = {label for _v, label, _d in popup.items}
    tops: list[int] = []
    bottoms: list[int] = []
    real_text, real_wrapped, real_draw = text.blit_text, text.blit_wrapped, popup.draw
    drawing = [False]  # only the list's own texts, not the menu's under it

    def name(surface: object, content: str, *args: object, **kwargs: object) -> object:
        rect = real_text(surface, content, *args, **kwargs)  # type: ignore[arg-type]
        if drawing[0] and content in names:
            tops.append(rect.top)  # type: ignore[attr-defined]
        return rect

    def description(surface: object, content: str, *args: object, **kwargs: object) -> int:
        bottom = real_wrapped(surface, content, *args, **kwargs)  # type: ignore[arg-type]
        if drawing[0]:
            bottoms.append(bottom)
        return bottom

    def draw(surface: object) -> None:
        drawing[0] = True
        try:
            real_draw(surface)  # type: ignore[arg-type]
        finally:
            drawing[0] = False

    monkeypatch.setattr(text, "blit_text", name)
    monkeypatch.setattr(text, "blit_wrapped", description)
    monkeypatch.setattr(popup, "draw", draw)
    gaps: set[int] = set()
    for _ in popup.items:
        tops.clear()
        bottoms.clear()
        frame(app)
        assert len(tops) == len(bottoms) == len(popup.rows) >= 3, (tops, bottoms)
        gaps |= {top - bottom for top, bottom in zip(tops[1:], bottoms, strict=False)}
        popup._scroll_by(1)
    assert max(gaps) - min(gaps) <= 2, sorted(gaps)
    app.shutdown()


@pytest.mark.parametrize(("size", "language", "least"), [((1024, 768), "fr", 27),
                                                         ((1024, 768), "en", 27),
                                                         ((1280, 800), "fr", 22)])
def test_the_seat_choosers_counter_is_as_large_as_its_room_allows_at_200_percent(
        size: tuple[int, int], language: str, least: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA16 15, session 16 closing note): where the counter did not fit beside
    "Choose a player" at the small size it went straight to the readable size: "1–4 of 11"
    at 20 px at 200% of 1024x768 (small 36), 20 at 1280x800 fr (small 44). Every size
    between is tried: 27-28 px at 1024x768, 23 at 1280x800 fr."""
    from tests.ui_helpers import texts_drawn_by

    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    menu.open_choice(menu.seat_widgets[1][0])  # type: ignore[attr-defined]
    seen = texts_drawn_by(lambda: frame(app), monkeypatch)
    counter = [(line, px) for line, px, _rect in seen if re.search(r"\d+–\d+ \S+ \d+", line)]
    assert counter and counter[0][1] >= least, (counter, seen)
    app.shutdown()


@pytest.mark.parametrize(("size", "language"), [((1280, 800), "fr"), ((1024, 768), "en"),
                                                ((1920, 1080), "fr")])
def test_a_lists_counter_keeps_its_place_and_size_from_page_to_page(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA18 16 (1280x800 fr 200%): the player list's counter stood beside the title on
    "1–4", "4–7", "9–11 sur 12" and dropped under it at another size on "10–12 sur 12". Its
    place and size are now the same on every page (its right end beside the title, or its
    left end under it)."""
    from tests.ui_helpers import seat_players, texts_drawn_by

    app = make_app(size, language=language, text_scale=200)
    menu = app.top
    seat_players(menu, "othello", ("human", "random"))
    menu.open_choice(menu.seat_widgets[1][0])  # type: ignore[attr-defined]
    popup = app.top
    assert isinstance(popup, ListPopup)
    placed = set()
    for scroll in range(len(popup.items)):
        popup.scroll = scroll
        seen = texts_drawn_by(lambda: frame(app), monkeypatch)
        (counter,) = [(px, rect) for line, px, rect in seen
                      if re.search(r"\d+–\d+ \S+ \d+", line)]
        px, rect = counter
        placed.add((px, rect.top, rect.left if rect.left < popup.box.centerx else rect.right))
    assert len(placed) == 1, placed
    app.shutdown()
