"""The menu driven by synthetic clicks: cards, options, seats, who starts, Start, memory."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ai.registry import players_for, resolve_spec
from game.rules.registry import game_names, get_game, parse_options
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.players import param_ladder
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import load_settings
from game.ui.widgets import Stepper, Toggle
from tests.ui_helpers import (
    click,
    click_widget,
    frame,
    key,
    make_app,
    screenshot,
    start_game,
    watch_cuts,
)

SIZE = (1024, 640)


def title_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes the app's title is drawn at from now on (a list the frames fill)."""
    from game.ui import text
    from game.ui.i18n import tr

    drawn: list[int] = []
    real = text.render

    def spy(content: str, px: int, *args: Any, **kwargs: Any) -> Any:
        if content == tr("app.title"):
            drawn.append(px)
        return real(content, px, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    return drawn


def menu_of(app: object) -> MenuScene:
    top = app.top  # type: ignore[attr-defined]
    assert isinstance(top, MenuScene)
    return top


def test_clicking_a_card_chooses_the_game_and_its_options() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    for name, rect in menu.cards:
        click(app, rect.center)
        assert menu.game == name and app.settings.last_game == name
    app.shutdown()


def test_option_steppers_stay_in_range_and_are_remembered() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    menu.select_game("morpion")
    frame(app)
    stepper = menu.option_widgets[0]
    assert isinstance(stepper, Stepper)
    minus, _value, plus = stepper._buttons()
    for _ in range(10):
        click(app, plus.center)
    assert menu.choices.options["size"] == "7"
    click(app, minus.center)
    assert menu.choices.options["size"] == "6"
    assert parse_options(get_game("morpion"), menu.choices.options).size == 6
    app.shutdown()
    settings, notice = load_settings()
    assert notice is None
    assert settings.choices("morpion").options["size"] == "6"
    assert settings.last_game == "morpion"


def test_nim_variant_changes_which_options_are_shown() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    menu.select_game("nim")
    menu.set_option("variant", "marienbad")
    labels = [w.label() for w in menu.option_widgets]
    assert "Heaps" in labels and "Matches" not in labels
    menu.set_option("variant", "single")
    labels = [w.label() for w in menu.option_widgets]
    assert "Matches" in labels and "Take at most" in labels and "Heaps" not in labels
    toggle = next(w for w in menu.option_widgets if isinstance(w, Toggle))
    frame(app)
    click_widget(app, toggle)
    assert menu.choices.options["misere"] == "true"
    app.shutdown()


def test_a_bad_option_is_refused_with_a_message() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    menu.select_game("nim")
    menu.set_option("matches", "0")
    assert menu.choices.options.get("matches") != "0"
    assert app.toast and "matches" in app.toast
    app.shutdown()


def test_seat_chooser_lists_human_and_every_registry_player() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    menu.select_game("othello")
    frame(app)
    chooser = menu.seat_widgets[1][0]
    click_widget(app, chooser)
    popup = app.top
    assert isinstance(popup, ListPopup)
    names = [value for value, _label, _desc in popup.items]
    expected = ["human", *[p.name for p in players_for("othello")]]
    assert names == expected
    assert all(desc for _v, _l, desc in popup.items), "every player has a description"
    screenshot(app, "menu_player_list_1024")
    # Pick the last one by clicking its row (scrolling if needed).
    target = names[-1]
    for _ in range(len(names)):
        rows = {popup.items[i][0]: r for r, i in popup.rows}
        if target in rows:
            click(app, rows[target].center)
            break
        frame(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert app.top is menu
    assert menu.choices.seats[1].split(":")[0] == target
    app.shutdown()


def test_param_steppers_change_the_seat_spec() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    menu.select_game("nim")
    menu._set_seat(1, "mcts")
    frame(app)
    params = menu.seat_widgets[1][1:]
    assert params, "MCTS shows its parameters"
    stepper = params[0]
    assert isinstance(stepper, Stepper)
    before = menu.choices.seats[1]
    _m, _v, plus = stepper._buttons()
    click(app, plus.center)
    assert menu.choices.seats[1] != before and menu.choices.seats[1].startswith("mcts:")
    app.shutdown()


def test_param_ladders_include_the_default_and_stay_in_range() -> None:
    for game in game_names():
        for info in players_for(game):
            for param in info.params:
                ladder = param_ladder(param)
                assert float(param.default) in ladder
                assert all(param.low <= v <= param.high for v in ladder)
                assert len(ladder) <= 60


@pytest.mark.parametrize("game", game_names())
def test_every_game_starts_from_the_menu_with_each_seat_kind(game: str) -> None:
    app = make_app(SIZE)
    kinds = ["human", *[p.name for p in players_for(game)]]
    for i, kind in enumerate(kinds):
        seats = (kind, "human") if i % 2 else ("human", kind)
        play = start_game(app, game, seats, first=("seat1", "seat2", "random")[i % 3])
        assert isinstance(play, PlayScene)
        spec = play.match.seats[1 if i % 2 == 0 else 0].spec
        assert spec.split(":")[0] == kind
        frame(app)
        click_widget(app, play.panel.menu_button)
        assert isinstance(app.top, MenuScene)
    app.shutdown()


def test_who_moves_first_seat2_gives_seat2_the_first_move() -> None:
    app = make_app(SIZE)
    play = start_game(app, "hexapawn", ("human", "random"), first="seat2")
    assert play.match.seat_index(0) == 1
    assert not play.match.human_to_move or play.match.moves
    app.shutdown()


def test_rules_settings_and_quit_from_the_menu() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    rules, settings, quit_button = menu.header_buttons[-3:]
    click_widget(app, rules)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    click_widget(app, settings)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    click_widget(app, quit_button)
    assert isinstance(app.top, MessageDialog)
    key(app, pygame.K_ESCAPE)  # Esc = Cancel
    assert app.top is menu and app.running
    click_widget(app, quit_button)
    click_widget(app, app.top.buttons[0])
    assert not app.running
    app.shutdown()


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_confirms_the_quit_dialog(enter: int) -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    click_widget(app, menu.header_buttons[-1])
    assert isinstance(app.top, MessageDialog)
    key(app, enter)
    assert not app.running
    app.shutdown()


def test_enter_starts_and_arrows_change_game() -> None:
    app = make_app(SIZE)
    menu = menu_of(app)
    first = menu.game
    key(app, pygame.K_RIGHT)
    assert menu.game != first
    # Up and Down too, the games being listed one under the other (QA: they did nothing).
    key(app, pygame.K_UP)
    assert menu.game == first
    key(app, pygame.K_DOWN)
    assert menu.game != first
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_player_description_is_cut_in_the_seat_panel(
        size: tuple[int, int], language: str) -> None:
    app = make_app(size, language=language)
    menu = menu_of(app)
    too_long: list[str] = []
    for game in game_names():
        menu.select_game(game)
        frame(app)
        for info in players_for(game, menu.options()):
            menu._set_seat(1, info.name)
            frame(app)
            if menu.description_lines(1) > menu.description_room(1):
                too_long.append(f"{game}/{info.name}: {menu.seat_desc[1]!r}")
        menu._set_seat(1, "random")
    app.shutdown()
    assert not too_long, too_long


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_descriptions_show_whole_at_the_largest_text_size(size: tuple[int, int],
                                                         language: str) -> None:
    """Regression: at 200% of 1920x1080 the descriptions of alpha-beta, MCTS, Q-learning...
    (three or four parameters) were left out; the cards now give up height and the
    description takes 85% of the small size if need be. The five-parameter n-tuple
    learner's stayed hidden: the cards now shrink to their names, rows are 1.25 text
    heights, and a description may take 2.5% of the window height. That left alpha-beta's,
    reinforcement's and Q-learning's (four parameters) at 27 px at 1920x1080 (20 at
    1280x800), the small size being 60 (44): a seat's page counted half a padding more per
    row than its rows take; each description is now at the small size at least."""
    app = make_app(size, language=language, text_scale=200)
    menu = menu_of(app)
    hidden: list[str] = []
    for game in game_names():
        menu.select_game(game)
        for info in players_for(game, menu.options()):
            menu.choices.seats = [info.name, info.name]
            menu.rebuild()
            for seat in (0, 1):
                # At large text each seat has a page of its own.
                menu.show_page(f"seat{seat + 1}")
                frame(app)
                lines = menu.description_lines(seat)
                if not 0 < lines <= menu.description_room(seat):
                    hidden.append(f"{game}/{info.name} seat {seat + 1}")
                if menu.desc_px[seat] < app.metrics.small:
                    hidden.append(f"{game}/{info.name}: {menu.desc_px[seat]} px")
                hidden += [f"{game}/{info.name}: a row is hidden"
                           for w in menu.seat_widgets[seat] if not w.visible]
    app.shutdown()
    assert not hidden, hidden


def test_a_list_of_one_line_descriptions_shows_more_rows() -> None:
    app = make_app(SIZE)
    short = [(i, f"Player {i}", "Plays at random.") for i in range(12)]
    long = [(i, f"Player {i}", "Plays at random. " * 12) for i in range(12)]
    _row_short, shown_short = ListPopup(app, "t", short, 0, lambda v: None)._layout()
    _row_long, shown_long = ListPopup(app, "t", long, 0, lambda v: None)._layout()
    assert shown_short > shown_long
    app.shutdown()


def test_a_scrolled_lists_counter_names_the_rows_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA13 26): "Autres écrans" said "3 sur 5 · faire défiler" before and after
    scrolling; it names the rows shown ("3–5 of 12"), as the folder browser does."""
    from tests.ui_helpers import spy_texts

    app = make_app(SIZE)
    items = [(i, f"Player {i}", "Plays at random.") for i in range(12)]
    popup = ListPopup(app, "t", items, 0, lambda v: None)
    app.push(popup)
    drawn = spy_texts(monkeypatch)
    for scroll in (0, 2):
        popup.scroll = scroll
        drawn.clear()
        frame(app)
        first, last = scroll + 1, scroll + len(popup.rows)
        assert last < len(items), "the list must scroll for this test"
        assert f"{first}\u2013{last} of 12 · scroll for more" in drawn, drawn
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_a_list_opens_on_the_page_of_the_current_choice(size: tuple[int, int]) -> None:
    """QA17 12: the player list opened on items 1-4 while Monte Carlo, item 6, was the seat's
    player, out of sight. It opens on the current choice's page; scrolling back works."""
    app = make_app(size, text_scale=200)
    items = [(i, f"Player {i}", "Plays at random.") for i in range(12)]
    popup = ListPopup(app, "t", items, 9, lambda v: None)
    app.push(popup)
    frame(app)
    assert 9 in [index for _rect, index in popup.rows], popup.rows
    assert len(popup.rows) < len(items), "the list must scroll for this test"
    popup.scroll = 0
    frame(app)
    assert popup.rows[0][1] == 0, "the first page, once scrolled back"
    first = ListPopup(app, "t", items, 1, lambda v: None)
    app.push(first)
    frame(app)
    assert first.rows[0][1] == 0, "a choice on the first page: the first page"
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1024, 768), (1280, 800), (1920, 1080)])
def test_game_card_titles_are_never_cut(monkeypatch: pytest.MonkeyPatch, language: str,
                                        size: tuple[int, int]) -> None:
    """Each game's name shows whole on its card ("Puissance 4" was cut to "Puissanc…")."""
    from game.ui.i18n import tr

    cut = watch_cuts(monkeypatch)
    app = make_app(size, language=language)
    frame(app)
    titles = {tr(f"game.{name}.title") for name in game_names()}
    assert not titles & set(cut), sorted(titles & set(cut))
    app.shutdown()


@pytest.mark.parametrize("game", game_names())
def test_every_number_option_has_the_presenters_range(game: str) -> None:
    """The menu's steppers use the game's own ranges (a board that fits the screen), never the
    guessed 'default +- 5' a field without one would get."""
    import dataclasses
    import typing

    from game.ui.boards import presenter_for

    info = get_game(game)
    hints = typing.get_type_hints(info.options_type)
    specs = presenter_for(game).option_specs
    for field in dataclasses.fields(info.options_type):
        if hints[field.name] is int:
            assert field.name in specs, f"{game}.{field.name} has no menu range"
            spec = specs[field.name]
            assert spec.low <= field.default <= spec.high  # type: ignore[operator]


def test_a_notice_covers_no_menu_control_and_a_click_puts_it_away() -> None:
    """Notices hid Start and 'who moves first' for about 3 s (issue 12 #16)."""
    app = make_app((1024, 768))
    menu = menu_of(app)
    app.notify("Alpha-beta cannot play this variant: choose another player for seat 2")
    frame(app)
    area = menu.notice_area()
    assert area is not None and area.bottom < menu.start_button.rect.top
    assert area.bottom < menu.first_choice.rect.top
    # Any click (here on an empty spot) puts the notice away at once.
    click(app, (2, app.size[1] - 2))
    assert app.toast is None


@pytest.mark.parametrize("how", ["keys", "arrows"])
def test_a_long_player_list_scrolls_without_a_wheel(how: str) -> None:
    """Seen in a real window: the player list showed 9 of 12 and only a mouse wheel reached the
    rest; an interactive whiteboard or a keyboard had no way to the n-tuple player or the
    engine. The arrow keys, Page Up/Down, Home/End and two arrow buttons scroll it."""
    app = make_app(SIZE)
    menu = menu_of(app)
    menu.select_game("othello")
    frame(app)
    click_widget(app, menu.seat_widgets[1][0])
    popup = app.top
    assert isinstance(popup, ListPopup)
    frame(app)
    assert len(popup.rows) < len(popup.items)
    last = popup.items[-1][0]

    def shown() -> set[Any]:
        return {popup.items[i][0] for _r, i in popup.rows}

    if how == "keys":
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="")])
        assert last in shown()
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="")])
        assert popup.scroll == 0
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
        assert popup.scroll == 1
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                       unicode="")])
        assert last in shown()
    else:
        up, down = popup.arrows
        assert down.width > 0 and popup.box.contains(down) and popup.box.contains(up)
        click(app, down.center)
        assert app.top is popup and last in shown()
        click(app, up.center)
        assert popup.scroll == 0
    app.shutdown()


def _screen_after(size: tuple[int, int], language: str, header: int, clicks: int,
                  back: bool) -> list[str]:
    """The scene stack after clicking the menu's header button ``header`` (and then, when
    ``back``, the new screen's Menu/Back button) ``clicks`` times in a row at one place."""
    app = make_app(size, language=language)
    menu = menu_of(app)
    frame(app)
    target: Any = menu.header_buttons[header]
    if back:
        click_widget(app, target)
        frame(app, dt=1.0)  # the guard's time has passed: this click is not a double-click
        top = app.top
        target = next(getattr(top, name) for name in ("menu_button", "back_button", "back")
                      if hasattr(top, name))
        frame(app)
    pos = target.rect.center
    press = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    for _ in range(clicks):
        press += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    frame(app, press)
    frame(app)
    stack = [type(scene).__name__ for scene in app.scenes]
    app.shutdown()
    return stack


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("back", [False, True])
def test_a_double_click_that_changes_the_screen_acts_once(language: str, back: bool) -> None:
    """Regression (seen in a real window): double-clicking the tournament's Menu button at
    1024x768 opened the menu's Quit dialog, under the pointer where Menu was. A double-click
    on any button that replaces the screen (the menu's header, each screen's Menu or Back)
    leaves the same screens as a single click."""
    size = (1024, 768)
    app = make_app(size, language=language)
    headers = len(menu_of(app).header_buttons) - 1  # Quit opens a dialog: that is its job
    app.shutdown()
    for header in range(headers):
        once = _screen_after(size, language, header, 1, back)
        twice = _screen_after(size, language, header, 2, back)
        assert twice == once, (header, once, twice)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_game_cards_names_share_one_size(size: tuple[int, int],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window at 200% text in French: each card's name shrank on its own
    ("Nim" large beside a small "Puissance 4"); they now share the size all of them fit."""
    from game.ui import text
    from game.ui.i18n import tr

    app = make_app(size, language="fr", text_scale=200)
    titles = {tr(f"game.{name}.title") for name in game_names()}
    sizes: dict[str, int] = {}
    real = text.render

    def spy(content: str, px: int, *args: Any, **kwargs: Any) -> Any:
        if content in titles:
            sizes[content] = px
        return real(content, px, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    frame(app)
    assert set(sizes) == titles and len(set(sizes.values())) == 1, sizes
    app.shutdown()


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_the_app_title_shows_whole_at_every_size_and_text_scale(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str,
        scale: int) -> None:
    """Regression (seen at 200% of 1920x1080 in French): the six header buttons filled the
    header and the title "AI Game Lab" was left out. The title now shows whole, at the
    heading size at least; at large text the other screens' entries go behind "More…"."""
    from game.ui.i18n import tr

    cut = watch_cuts(monkeypatch)
    drawn = title_sizes(monkeypatch)
    app = make_app(size, language=language, text_scale=scale)
    frame(app)
    menu = menu_of(app)
    assert drawn and min(drawn) >= app.metrics.heading, drawn
    assert tr("app.title") not in cut
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(b.rect) for b in menu.header_buttons)
    app.shutdown()


def test_more_opens_the_other_screens_when_the_header_is_full() -> None:
    """At 200% the header keeps Rules, Settings and Quit; "More…" lists the learning lab,
    the n-tuple lab and the tournament (each with what it is for), and a pick opens it."""
    from game.ui.i18n import tr
    from game.ui.scenes.tournament import TournamentScene

    app = make_app((1024, 768), language="fr", text_scale=200)
    menu = menu_of(app)
    labels = [b.label() for b in menu.header_buttons]
    # With a larger cap on text (AIGAMELAB_TRY_TEXT_CAP), Rules and Quit go under "More…".
    core = [tr("menu.rules"), tr("menu.settings"), tr("menu.quit")]
    assert labels in ([tr("menu.more"), *core], [tr("menu.more"), tr("menu.settings")])
    click_widget(app, menu.header_buttons[0])
    popup = app.top
    assert isinstance(popup, ListPopup)
    # Rules and Quit first when the header leaves them out (QA16 7: on the first page).
    assert [label for _v, label, _d in popup.items] == [
        *(label for label in (core[0], core[2]) if label not in labels),
        tr("menu.lab"), tr("ntuple.open"), tr("menu.tournament")]
    assert all(desc for _v, _l, desc in popup.items)
    # Every entry says what its screen is for (a missing one showed its own name instead).
    from game.ui.scenes.menu_entries import ENTRY_DESCRIPTIONS, EXTRA_ENTRIES

    assert set(ENTRY_DESCRIPTIONS) == {key for key, _factory in EXTRA_ENTRIES}
    last = len(popup.items) - 1
    popup.scroll = last  # the tournament's row at the top (a list that scrolls at large text)
    frame(app)
    rect = next(rect for rect, index in popup.rows if index == last)
    click(app, rect.center)
    frame(app)
    assert isinstance(app.top, TournamentScene)
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_a_seats_parameters_share_one_value_column(size: tuple[int, int],
                                                   language: str) -> None:
    """Regression (issue 12): a row with a short label and a long value took more room than
    the others, so the - buttons were not one above the other ("Profondeur" and "Éval" 4 px
    apart at 1024x768 in French, Q-learning's rows at two places). Every value still shows
    whole and every label fits."""
    from game.ui import text
    from game.ui.widgets import VALUE_LEAST

    app = make_app(size, language=language)
    menu = menu_of(app)
    crooked: list[str] = []
    for game in game_names():
        menu.select_game(game)
        for info in players_for(game, menu.options()):
            menu.choices.seats = ["human", info.name]
            menu.rebuild()
            frame(app)
            steppers = [w for w in menu.seat_widgets[1] if isinstance(w, Stepper)]
            boxes = [s._buttons() for s in steppers]
            if len({(minus.left, value.width) for minus, value, _plus in boxes}) > 1:
                crooked.append(f"{game}/{info.name}: {[b[0].left for b in boxes]}")
            for s, (_minus, value, _plus) in zip(steppers, boxes, strict=True):
                widest = max(text.size(s.fmt(v), int(s.px * VALUE_LEAST), True)[0]
                             for v in s.values())
                assert widest <= value.width - 4 and s.label_fits(), (game, info.name)
    app.shutdown()
    assert not crooked, crooked


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1920, 1080)])
def test_the_header_buttons_are_readable_beside_a_full_size_title(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (issue 12): at 1024x768 the six header buttons took the small size, 18 px
    under the 20 px readable size, and still shrank the title (41 px of 45, 28 in French);
    widening them shrank it to 33. They now go on two rows when one row would do that."""
    import math


    drawn = title_sizes(monkeypatch)
    app = make_app(size, language=language)
    frame(app)
    menu = menu_of(app)
    buttons = menu.header_buttons
    assert len(buttons) == 6
    assert min(b.px for b in buttons) >= math.ceil(size[1] * 0.025), [b.px for b in buttons]
    assert drawn and min(drawn) >= int(app.metrics.title * 0.9), (drawn, app.metrics.title)
    rects = [b.rect for b in buttons]
    assert all(r.collidelist(rects[:i] + rects[i + 1:]) < 0 for i, r in enumerate(rects))
    cards_top = min(rect.top for _name, rect in menu.cards)
    assert all(r.bottom <= cards_top for r in rects)
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_at_200_percent_a_seats_values_stand_at_two_places_at_most(language: str) -> None:
    """Regression: at 200% of 1024x768, where one column for all would cut a label,
    Q-learning's four rows had their - buttons at three places (rate, discount and
    exploration at two, "random" at a third). The column that lines up the most rows is
    kept, the others each their own; no label lined up shrinks under 75% of its size (nor
    under the readable size): "Discount γ" went to 19 px when a column took its room."""
    import math

    from game.ui import text

    app = make_app((1024, 768), language=language, text_scale=200)
    menu = menu_of(app)
    for game in ("hexapawn", "othello"):
        menu.select_game(game)
        menu.choices.seats = ["human", "qlearning"]
        menu.rebuild()
        menu.show_page("seat2")  # a page of its own at large text
        frame(app)
        steppers = [w for w in menu.seat_widgets[1] if isinstance(w, Stepper)]
        lefts = [s._buttons()[0].left for s in steppers]
        assert len(set(lefts)) <= 2, (game, lefts)
        column = max(set(lefts), key=lefts.count)
        for s, left in zip(steppers, lefts, strict=True):
            assert s.label_fits(), s.label()
            if left == column:  # lined up at no more than a quarter of a label's size
                _lines, used = text.fit_lines(s.label(), s._label_box(), s.px,
                                              min_px=s.label_least)
                assert used >= max(math.ceil(768 * 0.025), int(s.px * 0.75)), (s.label(), used)
    app.shutdown()


@pytest.mark.parametrize(("size", "language", "scale", "game", "spec"), [
    ((1024, 768), "en", 100, "othello", "alphabeta"),
    ((1280, 800), "fr", 100, "connect4", "mcts"),
    ((1024, 768), "fr", 200, "connect4", "mcts"),
    ((1024, 768), "fr", 200, "othello", "alphabeta")])
def test_every_stepper_value_keeps_a_gap_to_its_buttons(
        size: tuple[int, int], language: str, scale: int, game: str, spec: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA14 22, QA15 6): a stepper's value stood 2-3 px from its − and + buttons
    ("Weights" at 100% of 1024x768 en, Monte Carlo's "Itérations" at 100% of 1280x800 fr and
    200% of 1024x768 fr, "Neutre" beside it): its box kept a quarter of the text size each
    side, the value drawn 2 px from its edges. Every value of the seat's steppers now has
    more than a third of the text size between it and each button (7 px at 20 px text, were
    5; 9 at 26, were 6; 14 at 40, were 10)."""
    from game.ui import text
    from tests.ui_helpers import click_widget, seat_players

    app = make_app(size, language=language, text_scale=scale)
    menu = app.top
    assert isinstance(menu, MenuScene)
    seat_players(menu, game, ("human", spec))
    frame(app)
    drawn: dict[str, int] = {}
    real = text.render_fit

    def spy(value: str, width: int, px: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = real(value, width, px, *args, **kwargs)
        drawn[value] = surface.get_width()
        return surface

    monkeypatch.setattr(text, "render_fit", spy)
    for tab in [t for t in menu.tabs if t.visible] or [None]:
        if tab is not None:
            click_widget(app, tab)
        drawn.clear()
        frame(app)
        for stepper in (w for w in menu.seat_widgets[1] if isinstance(w, Stepper)):
            if not stepper.visible:
                continue
            _minus, value, _plus = stepper._buttons()
            shown = stepper.fmt(stepper.get())
            assert shown in drawn and "…" not in shown
            gap = (value.width - drawn[shown]) // 2
            assert gap > stepper.px / 3, (stepper.label(), shown, gap, stepper.px)
    app.shutdown()


def test_a_choice_among_words_is_a_chooser_in_every_seat() -> None:
    """QA17 12: the menu's seats drew a choice among words as a number to step ("Égalités −
    Hasard +", "Éval − Poids +", "Pré-entraîné − Fourni +"), as the tournament did before
    71edf8f. Every player of every game: a choice is a chooser listing its names, an On/Off a
    switch, a number a stepper; the tournament's rows and the lab's are built the same way
    (players.param_control)."""
    from game.ui.scenes.players import is_switch, param_text
    from game.ui.widgets import Choice

    app = make_app((1024, 768))
    menu = menu_of(app)
    seen = set()
    for game in game_names():
        menu.select_game(game)
        for info in players_for(game, menu.options()):
            menu._set_seat(1, info.name)
            params = resolve_spec(menu.choices.seats[1], game, menu.options())[0].params
            for param, widget in zip(params, menu.seat_widgets[1][1:], strict=True):
                kind = (Choice if param.choices else Toggle if is_switch(param) else Stepper)
                assert isinstance(widget, kind), (game, info.name, param.name, widget)
                seen.add(kind)
                if isinstance(widget, Choice):
                    assert [label() for _v, label in widget.items] == [
                        param_text(param, i) for i in range(len(param.choices))]
                    assert widget.on_open is not None  # its middle lists the names
    assert seen == {Choice, Toggle, Stepper}
    app.shutdown()
