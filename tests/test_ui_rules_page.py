"""The rules page at classroom sizes: the picture is large, its caption stays in the window,
the rules' text fits its panel (issue 12, screenshots looked at)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.rules.registry import game_names
from game.ui.scenes.rules import RulesScene
from tests.ui_helpers import click, frame, make_app


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 720)])
def test_the_picture_is_large_and_everything_stays_inside(size: tuple[int, int],
                                                          language: str) -> None:
    """The picture was a third of the width, so Othello's disc counts came out in 9-pixel
    letters, and Morpion's caption ran to the window's bottom edge at 1920x1080."""
    app = make_app(size, language=language)
    for game in game_names():
        scene = RulesScene(app, game)
        app.push(scene)
        frame(app)
        body, pic = scene.layout()
        assert scene.text_height(body.width) <= body.height, game
        assert pic.width >= min(size[0] * 0.4, size[1] * 0.65), (game, pic)
        assert pic.left >= body.right and pic.right <= size[0]
        caption_bottom = pic.bottom + app.metrics.pad + scene.caption_height(
            size[0] - body.right - app.metrics.pad * 5)
        assert caption_bottom <= body.bottom, game
        app.pop()


def test_french_wrapping_never_starts_a_line_with_a_colon() -> None:
    """The rules of Othello in French broke "… l'un des vôtres : ils changent…" before its
    colon at 1024x768, a line starting with ": ils"; marks set after a space stay with the
    word before them."""
    from game.ui import text

    make_app((1024, 768))
    sentence = "et l'un des vôtres : ils changent de couleur ; voilà ! « bien » non ?"
    for width in range(60, 700, 7):
        lines = text.wrap(sentence, width, 20)
        assert " ".join(lines) == sentence
        assert not any(line.startswith((":", ";", "!", "?", "»")) for line in lines), lines
        assert not any(line.endswith("«") for line in lines), lines


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text_scale", [100, 200])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1024, 1024), (800, 600)])
def test_every_game_tab_shows_its_whole_name_at_one_size(size: tuple[int, int], language: str,
                                                         text_scale: int) -> None:
    """The tabs were sized for four games: the fifth ran past their share of the width, and at
    the largest text size in French "Puissance 4" was cut to "Puissanc…" while "Hexapawn"
    shrank beside a full-size "Nim"."""
    from game.ui import text

    app = make_app(size, language=language, text_scale=text_scale)
    scene = RulesScene(app, game_names()[0])
    app.push(scene)
    frame(app)
    if scene.game_choice.visible:
        # Two rows of tabs would not do (a true 200%): the games' chooser, each name whole.
        assert not any(tab.visible for tab in scene.tabs)
        choice = scene.game_choice
        left, _box, right = choice._parts()
        for _name, label in choice.items:
            assert text.size(label(), int(choice.px * 0.8), True)[0] <= right.left - left.right
        return
    sizes = {tab.px for tab in scene.tabs}
    assert len(sizes) == 1, sizes
    for tab in scene.tabs:
        room = tab.rect.width - tab.rect.height // 3
        assert text.size(tab.label(), tab.px, True)[0] <= room, tab.label()
        assert tab.rect.left >= 0 and tab.rect.right <= size[0] - app.metrics.pad
        assert not tab.rect.colliderect(scene.back.rect), tab.label()
    # On one row (or two, where two rows are not a true 200%): in order, apart.
    for left, right in zip(scene.tabs, scene.tabs[1:], strict=False):
        assert (left.rect.right < right.rect.left if left.rect.top == right.rect.top
                else left.rect.bottom < right.rect.top)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_nim_caption_does_not_ask_to_hover_a_picture_that_does_not_answer(
        language: str) -> None:
    """Regression (review, real window at 1920x1080 in French): under Nim's picture the
    caption said "Hover a match to see what you would take", but the rules page's picture is
    a still image: pointing at a match changed nothing. The picture stays still (a class can
    read it), and the caption now says the hovering is in a game."""
    import pygame

    from game.ui.i18n import tr

    app = make_app((1920, 1080), language=language)
    scene = RulesScene(app, "nim")
    app.push(scene)
    frame(app)
    _body, pic = scene.layout()
    before = pygame.image.tobytes(app.screen.subsurface(pic), "RGB")
    for x in range(pic.left + 2, pic.right - 2, max(1, pic.width // 40)):
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, pic.centery), rel=(0, 0),
                                       buttons=(0, 0, 0))])
    assert pygame.image.tobytes(app.screen.subsurface(pic), "RGB") == before
    in_a_game = {"en": "In a game", "fr": "En partie"}[language]
    assert tr("rules.nim.caption").startswith(in_a_game)


@pytest.mark.parametrize(("size", "scale"), [((1024, 640), 100), ((1920, 1080), 100),
                                             ((1920, 1080), 200)])
def test_othello_coordinates_are_at_least_the_small_size_where_the_margin_allows(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], scale: int) -> None:
    """Regression (issue 12): Othello's a-h and 1-8 on the rules page were drawn at the
    readable size (17 px at 1024x640, the page's small text being 18; 27 px at 1920x1080
    with 200% text, the small size 41). They are now at least the small size, as far as
    the margin round the board (0.45 of a cell) allows."""
    from game.ui.boards import board_view_for
    from game.ui.scenes.rules_picture import sample_state
    from tests.ui_helpers import coordinate_sizes

    app = make_app(size, text_scale=scale)
    scene = RulesScene(app, "othello")
    app.push(scene)
    sizes = coordinate_sizes(app, monkeypatch)
    _body, picture = scene.layout()
    view: Any = board_view_for("othello", app.theme)
    view.layout(pygame.Rect((0, 0), picture.size), sample_state("othello"))
    small = app.metrics.small
    app.shutdown()
    assert sizes
    assert min(sizes) >= min(small, int(view.grid.cell * 0.45)), (sizes, small, view.grid.cell)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_rules_that_do_not_fit_scroll_a_rule_at_a_time_and_say_so(
        monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Regression: at a true 200% the rules were cut after a few lines ("On gagne en
    atteignant la…") and the title too ("Rules of Hexap…"). Each rule now shows whole; when
    they do not all fit they scroll (arrow keys, wheel) and the panel says which are shown
    (two of Othello's five at once since the games' chooser took the tabs' rows; at 1024x768
    all five fit since the rules may go down to 70% of the body size, QA S12 44: Connect 4's
    six at 1024x640 still scroll, three at a time)."""
    from game.ui import widgets
    from game.ui.i18n import tr
    from tests.ui_helpers import key, spy_texts

    seen = spy_texts(monkeypatch)
    wrapped = spy_texts(monkeypatch, "blit_wrapped")
    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)  # a true 200%
    app = make_app((1024, 640), language=language, text_scale=200)
    scene = RulesScene(app, "connect4")
    app.push(scene)
    frame(app)
    rules = scene.lines()
    # The page's title, the game in the chooser beside it (see the next test).
    assert tr("rules.heading") in seen and scene.game_choice.visible
    hint = " ".join(s for s in seen if s not in rules)
    body, _pic = scene.layout()
    last = scene.shown_lines(body.inflate(-app.metrics.pad * 4, -app.metrics.pad * 4))
    assert last < len(rules)
    assert tr("rules.more", first=1, last=last, count=len(rules)).split(" · ")[0] in hint
    shown: set[str] = set()
    for _rule in rules:
        shown |= set(wrapped) & set(rules)
        wrapped.clear()
        key(app, pygame.K_DOWN)
    assert shown == set(rules)
    assert not any(s.endswith("…") for s in seen)
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_a_long_caption_goes_with_the_rules_and_the_picture_takes_the_column(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str) -> None:
    """Regression: at a true 200% of 1920x1080 in French, Connect 4's four-line caption under
    the picture left it 240 px square, without its column letters. A caption that would make
    the picture smaller is the rules' last item (scrolled to like a rule), and the picture is
    as high as the rules' panel or as wide as its column; one that fits a fifth of the column,
    or the height a picture limited by the column's width leaves, stays under the picture
    (QA13 26: at 200% of 1920x1080 a third of the column was empty above and below the
    picture while its caption took a rule's room)."""
    from game.ui import widgets
    from game.ui.i18n import tr
    from game.ui.scenes.rules import CAPTION_MAX_SHARE
    from tests.ui_helpers import key, spy_texts

    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)  # a true 200%
    wrapped = spy_texts(monkeypatch, "blit_wrapped")
    for scale in (100, 200):
        app = make_app(size, language=language, text_scale=scale)
        for game in game_names():
            scene = RulesScene(app, game)
            app.push(scene)
            wrapped.clear()
            for _rule in range(len(scene.lines()) + 1):
                frame(app)
                key(app, pygame.K_DOWN)
            body, pic = scene.layout()
            column = size[0] - body.right - app.metrics.pad * 5
            caption = tr(f"rules.{game}.caption")
            assert caption in wrapped, (game, scale)
            if scene.caption_with_rules:
                # As large as the column's width or the panel's height allows.
                assert pic.height >= min(body.height, column) - 1, (game, scale, pic, body)
                assert scene.lines()[-1] == caption
            else:
                height = scene.caption_height(column) + app.metrics.pad
                assert (height <= body.height * CAPTION_MAX_SHARE
                        or pic.height >= column - 1), (game, scale, pic, column)
                assert pic.bottom + height <= body.bottom, (game, scale, pic, height, body)
            app.pop()
        app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_longest_rule_fits_above_the_line_that_says_the_rules_scroll(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str) -> None:
    """Regression: at a true 200% of 1920x1080 Othello's first rule (five lines) ran into
    "Rules 1-1 of 4 · ↑ ↓ or wheel: more" under it. The rules' column now takes the width a
    picture limited by the height leaves, and every rule fits above that line."""
    from game.ui import widgets

    monkeypatch.setattr(widgets, "BODY_MAX_FRACTION", 0.065)  # a true 200%
    app = make_app(size, language=language, text_scale=200)
    for game in game_names():
        scene = RulesScene(app, game)
        app.push(scene)
        frame(app)
        body, _pic = scene.layout()
        inner = body.inflate(-app.metrics.pad * 4, -app.metrics.pad * 4)
        if scene.shown_lines(inner) < len(scene.lines()):
            room = inner.height - scene._hint_height(inner.width)
            tallest = max(scene._rule_height(line, inner.width) for line in scene.lines())
            assert tallest <= room, (game, tallest, room)
        app.pop()
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_at_200_percent_a_games_chooser_beside_the_title_leaves_two_rules_at_once(
        size: tuple[int, int], language: str) -> None:
    """Regression (issue 12): at 200% the title and two rows of tabs took a third of the
    height of 1024x768, and every game's rules showed one at a time (two for Nim and Morpion
    in English). The games are now a chooser on Back's row beside the title "Rules" (its
    arrows and the arrow keys change the game, its middle lists them) and the rules' column
    may take 64% of the width where the picture keeps 40% of the height: at least two rules
    show at once for every game, at 70% of the body size at least (QA S12 44: at the small
    size, 1024x640 showed one or two)."""
    app = make_app(size, language=language, text_scale=200)
    scene = RulesScene(app, game_names()[0])
    app.push(scene)
    frame(app)
    assert scene.game_choice.visible and not any(tab.visible for tab in scene.tabs)
    assert scene.game_choice.rect.top == scene.back.rect.top
    shown = {}
    for game in game_names():
        assert scene.game == game
        body, _pic = scene.layout()
        inner = body.inflate(-app.metrics.pad * 4, -app.metrics.pad * 4)
        shown[game] = scene.shown_lines(inner)
        assert scene.text_px >= scene.least_px() >= int(app.metrics.body * 0.7)
        _left, _box, right = scene.game_choice._parts()
        click(app, right.center)
    assert scene.game == game_names()[0]
    assert min(shown.values()) >= 2, shown
    app.shutdown()


@pytest.mark.parametrize("misere", ["false", "true"])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 720), (1024, 640),
                                  (1280, 800)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_200_percent_the_marienbad_picture_writes_its_texts_readable(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str,
        misere: str) -> None:
    """Regression (QA 38): the Marienbad picture beside the rules wrote its heaps' names at
    19 px and its binary table at 23 at 1920x1080 (readable 27); then, asked for the page's
    small size (60 px), its heaps were 10 px high. Every text the page draws is now at least
    2.5% of the window's height. In misère (QA18 3) the longer rule under the nim-sum left
    the heaps so short that the table and the words were 13 px at 1024x768 en (readable 20;
    fr 17, 1024x640 fr 14, 1280x800 en 15 and fr 19): the picture now keeps the sum's caption
    only where the rule would leave the table under the readable size."""
    from game.rules.registry import get_game, parse_options
    from game.ui.i18n import tr

    drawn = _drawn_sizes(monkeypatch)
    app = make_app(size, language=language, text_scale=200)
    options = parse_options(get_game("nim"), {"variant": "marienbad", "misere": misere})
    app.push(RulesScene(app, "nim", options))
    drawn.clear()
    frame(app)
    least = -(-size[1] * 25 // 1000)
    words = {value for value, _px in drawn}
    assert {"1 =", "3 =", "4"} <= words, words  # the table was drawn
    small = sorted({(px, value) for value, px in drawn if value.strip() and px < least})
    assert not small, small
    if misere == "true" and size == (1024, 768):
        # Without the rule, the nim-sum's row keeps its caption, whole (two lines in French).
        caption = tr("boards.nim_sum")
        parts = [value for value in words if value and caption.startswith(value)]
        assert parts and any(caption.endswith(value) for value in words if value), words


def test_the_rules_from_the_menu_picture_the_chosen_variant() -> None:
    """QA S12 46: the menu set up for Marienbad in misère opened a rules page whose picture
    was the one-heap game of 20; the page now shows the menu's options."""
    from game.ui.scenes.menu import MenuScene

    app = make_app((1280, 720), language="fr", text_scale=200)
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.select_game("nim")
    menu.choices.options = {"variant": "marienbad", "misere": "true"}
    menu.rebuild()
    menu.open_rules()
    frame(app)
    rules = app.top
    assert isinstance(rules, RulesScene)
    assert rules.options.variant == "marienbad" and rules.options.misere


@pytest.mark.parametrize("language", ["en", "fr"])
def test_at_200_percent_of_1024x640_the_rules_fill_their_panel(language: str) -> None:
    """Regression (QA S12 44, 1024x640 French 200%): Othello's rules showed "Règles 1 à 1 sur
    5", Morpion's "1 à 2": one or two rules at 36 px over an empty panel, their scroll line
    at 36 px on two lines. The rules go down to 70% of the body size (28 px, readable 16)
    and their scroll line no larger than them: three rules at least show for every game."""
    from game.ui.scenes.play_fit import readable_px

    app = make_app((1024, 640), language=language, text_scale=200)
    scene = RulesScene(app, game_names()[0])
    app.push(scene)
    shown = {}
    for game in game_names():
        scene.game = game
        frame(app)
        body, _pic = scene.layout()
        inner = body.inflate(-app.metrics.pad * 4, -app.metrics.pad * 4)
        shown[game] = scene.shown_lines(inner)
        assert scene.text_px >= readable_px(app.size) * 1.7, (game, scene.text_px)
        assert scene.hint_px() <= scene.text_px
    assert min(shown.values()) >= 3, shown
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pictures_letters_and_caption_are_large_at_200_percent_of_1920x1080(
        monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Regression (QA13 26, 1920x1080 fr 200%): Connect 4's picture wrote its column letters
    at the readable size (27 px) in a 559 px picture, a third of its column empty above and
    below it, and its caption was the rules' sixth item. The letters are now 7.5% of the
    picture's height (Nim keeps 5%: its heap names ran into their counts), the caption under
    the picture at the readable size at least, the rules five."""
    from game.ui.i18n import tr
    from game.ui.scenes.play_fit import readable_px
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1920, 1080), language=language, text_scale=200)
    scene = RulesScene(app, "connect4")
    app.push(scene)
    frame(app)
    scene.picture_key = ()  # drawn again, under the spy
    drawn = texts_drawn_by(lambda: scene.draw(app.screen), monkeypatch)
    letters = [px for said, px, _rect in drawn if said in "abcdefg" and len(said) == 1]
    least = readable_px(app.size)
    assert len(letters) >= 7 and min(letters) >= least * 1.4, (letters, least)
    assert not scene.caption_with_rules and tr("rules.connect4.caption") not in scene.lines()
    assert least <= scene.caption_px <= scene.text_px
    app.shutdown()


@pytest.mark.parametrize(("size", "language", "game", "least_px", "shown"),
                         [((1280, 800), "en", "othello", 39, 4),
                          ((1280, 800), "en", "connect4", 36, 4),
                          ((1024, 768), "fr", "nim", 28, 5),
                          ((1024, 768), "fr", "morpion", 30, 4),
                          ((1280, 800), "fr", "nim", 39, 3),
                          ((1920, 1080), "fr", "hexapawn", 54, 3),
                          ((1024, 640), "fr", "nim", 31, 3)])
def test_at_200_percent_the_rules_lines_sit_closer_and_the_rules_are_larger(
        size: tuple[int, int], language: str, game: str, least_px: int, shown: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA14 19, 1280x800 en 200%): the rules stood at their least size (36 px,
    the body 52), three of five a page for Connect 4, their lines 1.125 lines apart. With
    large text the lines are 1.05 apart, so the rules come out larger or more at once:
    Othello 36 -> 39 px, Connect 4 four rules of five (was three); at 1024x768 fr Nim's five
    rules at once (was four), Morpion's four at 30 px (was three at 28). Every rule line is
    drawn at that size. Regression (session 16 closing note, rules 36-39 px at 1280x800, body
    52): rules that scroll took the least size at which the longest fitted; they take the
    largest at which each page holds as many rules: Nim at 1280x800 fr 36 -> 39 px, Hexapawn
    at 1920x1080 fr 49 -> 54, Nim at 1024x640 fr 28 -> 31, three rules a page as before."""
    from game.ui import text

    app = make_app(size, language=language, text_scale=200)
    scene = RulesScene(app, game)
    app.push(scene)
    drawn: list[int] = []
    real = text.blit_wrapped

    def spy(surface: pygame.Surface, line: str, px: int, *args: Any, **kwargs: Any) -> int:
        if line in scene.lines():
            drawn.append(px)
        return int(real(surface, line, px, *args, **kwargs))

    monkeypatch.setattr(text, "blit_wrapped", spy)
    frame(app)
    assert len(drawn) == shown and min(drawn) >= least_px, (drawn, least_px)
    app.shutdown()


@pytest.mark.parametrize("misere", ["true", "false"])
def test_the_marienbad_pictures_heap_names_never_cover_their_counts(
        monkeypatch: pytest.MonkeyPatch, misere: str) -> None:
    """QA S15 11 (real window, 1024x768 en 200%): the rules' picture of Marienbad in misère,
    its heaps short under the two-line rule, wrote "heap 2" over heap 1's count ("hea1p 2").
    Where name over count is higher than a heap's row, the count alone stands on its row."""
    from game.rules.registry import get_game, parse_options
    from tests.ui_helpers import texts_drawn_by

    app = make_app((1024, 768), language="en", text_scale=200)
    options = parse_options(get_game("nim"), {"variant": "marienbad", "misere": misere})
    app.push(RulesScene(app, "nim", options))
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    # (The letters, not their line boxes: a tenth of the height off each side.)
    names = [rect.inflate(0, -rect.height // 5) for value, _px, rect in drawn
             if value.startswith("heap ")]
    counts = [rect.inflate(0, -rect.height // 5) for value, _px, rect in drawn
              if value.isdigit()]
    assert counts
    if misere == "true":
        assert not [(n, c) for n in names for c in counts if n.colliderect(c)]
    else:  # (where the pair fits, the heaps keep their names)
        assert len(names) == 4
    app.shutdown()


def _drawn_sizes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every text the next frames render, with its size (as the page and the picture draw
    it)."""
    from game.ui import text

    drawn: list[tuple[str, int]] = []
    render = text.render

    def watched(value: str, px: int, colour: tuple[int, int, int],
                bold: bool = False) -> pygame.Surface:
        drawn.append((value, px))
        return render(value, px, colour, bold)

    monkeypatch.setattr(text, "render", watched)
    return drawn


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("size", "variant"), [((1024, 768), "single"),
                                               ((1920, 1080), "fibonacci"),
                                               ((1280, 800), "single")],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_a_one_heap_pictures_words_are_near_the_rules_size(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], variant: str,
        language: str) -> None:
    """QA17 12: Nim's picture wrote "Prenez de 1 à 3" and its goal at the floor (20 px at
    200% of 1024x768 fr beside 28-px rules; "Prenez de 1 à 4 (2 × 6, le coup d'avant)" 27 px
    at 1920x1080 beside 54). The limit is now at the rules' size, the goal at 80% of it, as
    the room above the heap allows; Marienbad's picture keeps its own sizes (its table and
    names are laid out by them)."""
    from game.rules.registry import get_game, parse_options
    from game.ui.boards.nim import NimView
    from game.ui.i18n import tr
    from game.ui.scenes.rules_picture import sample_state

    drawn = _drawn_sizes(monkeypatch)
    app = make_app(size, language=language, text_scale=200)
    scene = RulesScene(app, "nim", parse_options(get_game("nim"), {"variant": variant}))
    app.push(scene)
    drawn.clear()
    frame(app)
    rules_px = scene.text_px
    limit = NimView(app.theme)._limit_text(sample_state(scene.game, scene.options), 0,
                                           long=True)
    first_word = limit.split()[0]
    limit_px = [px for value, px in drawn if value.startswith(first_word)]
    assert limit_px and min(limit_px) == rules_px, (limit_px, rules_px)
    goal = tr("boards.nim_normal").split()[0]
    goal_px = [px for value, px in drawn if value.startswith(goal)]
    assert goal_px and min(goal_px) >= round(rules_px * 0.8) - 1, (goal_px, rules_px)


def test_the_marienbad_picture_keeps_its_own_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a one-heap picture takes the rules' size for its words: at that size Marienbad's
    table and heap names would be laid out anew (the boards' own sizes decide there)."""
    from game.rules.registry import get_game, parse_options
    from game.ui.boards import nim

    asked: list[int] = []
    thumbnail = nim.NimView.thumbnail

    def spy(view: Any, *args: Any, **kwargs: Any) -> None:
        asked.append(view.label_px)
        thumbnail(view, *args, **kwargs)

    monkeypatch.setattr(nim.NimView, "thumbnail", spy)
    app = make_app((1024, 768), language="fr", text_scale=200)
    for variant, label_px in (("marienbad", 0), ("single", None)):
        asked.clear()
        scene = RulesScene(app, "nim", parse_options(get_game("nim"), {"variant": variant}))
        app.push(scene)
        frame(app)
        assert asked == [label_px if label_px is not None else scene.text_px], (variant, asked)
        app.pop()


def test_a_fibonacci_limit_capped_by_the_heap_says_so() -> None:
    """QA17 12: "Prenez de 1 à 4 (2 × 6, le coup d'avant)" read as if 2 × 6 were 4: the cap
    was the 4 matches left, unsaid. A cap by the heap now says "all that is left"; a cap by
    twice the last take still says so."""
    from game.rules.nim import NimOptions
    from game.ui.boards.nim import NimView
    from game.ui.i18n import tr
    from game.ui.theme import DEFAULT

    make_app((1024, 768))
    view = NimView(DEFAULT)
    state = NimOptions(variant="fibonacci", matches=20).initial_state()
    capped = state.play(state.parse_move("10")).play(state.parse_move("6"))  # 4 left, 2 × 6
    assert capped.max_allowed_take(0) == 4
    assert view._limit_text(capped, 0, long=True) == tr("boards.nim_fib_rest", high=4)
    twice = state.play(state.parse_move("3"))  # 17 left: twice 3 is the cap
    assert view._limit_text(twice, 0, long=True) == tr("boards.nim_fib_twice", last=3, high=6)
