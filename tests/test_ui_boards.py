"""The four board views and their click controllers, headless (SDL_VIDEODRIVER=dummy).

Games are played to the end purely through ``view.hit(pos)`` on computed element centres and
``controller.click(element)``; random clicks and every drawing option at many sizes must never
raise. Screenshots of each board land in a temporary folder (or ``$AIGAMELAB_SCREENSHOT_DIR``)
for a person to look at.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.resources import asset
from game.rules.base import OptionError
from game.rules.hexapawn import HexapawnMove
from game.rules.morpion import MorpionMove
from game.rules.nim import NimMove
from game.rules.othello import OthelloMove
from game.rules.registry import get_game
from game.ui import i18n
from game.ui.boards import BoardContext, BoardView, InputController, board_view_for
from game.ui.boards.morpion import MorpionController
from game.ui.boards.nim import MatchRef, NimController
from game.ui.theme import THEMES
from tests.ui_helpers import screenshot_dir

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("hexapawn", {}),
    ("hexapawn", {"rows": 4, "cols": 5}),
    ("nim", {}),
    ("nim", {"variant": "marienbad"}),
    ("nim", {"variant": "fibonacci", "matches": 13}),
    ("nim", {"matches": 7, "max_take": 4, "misere": True}),
    ("morpion", {}),
    ("morpion", {"size": 4}),
    ("othello", {"size": 4}),
    ("othello", {"size": 6}),
    ("othello", {}),
]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Any:
    """pygame with fonts, headless; quit at the end of the module."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    yield
    from game.ui import text

    text.clear_cache()
    pygame.quit()


def _start(game: str, options: dict[str, Any]) -> Any:
    info = get_game(game)
    return info.initial_state(info.options(**options))


def _view(game: str, state: Any, rect: pygame.Rect, theme: str = "default") -> BoardView:
    view = board_view_for(game, THEMES[theme])
    view.layout(rect, state)
    return view


def _clicks_for(state: Any, move: Any) -> list[Any]:
    """The board elements a human clicks, in order, to play ``move``."""
    if isinstance(move, HexapawnMove):
        return [(move.from_row, move.from_col), (move.to_row, move.to_col)]
    if isinstance(move, MorpionMove):
        return [move.to] if move.origin is None else [move.origin, move.to]
    if isinstance(move, NimMove):
        return [MatchRef(move.heap, state.heaps[move.heap] - move.count)]
    if isinstance(move, OthelloMove):
        return [None] if move.is_pass else [(move.row, move.col)]
    raise AssertionError(f"unknown move type {move!r}")


def _play_by_clicks(view: BoardView, state: Any, move: Any) -> Any:
    """Click the elements of ``move`` at their pixel centres; return the move produced."""
    controller = view.controller(state)
    produced = None
    clicks = _clicks_for(state, move)
    for i, element in enumerate(clicks):
        if element is None:
            hit = None
        else:
            pos = view.centre_of(element)
            hit = view.hit(pos, state)
            assert hit == element, f"clicking at {pos} hit {hit!r}, expected {element!r}"
        result = controller.click(hit)
        if i < len(clicks) - 1:
            assert result.move is None and result.changed, (move, result)
        produced = result.move
    return produced


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_random_games_played_by_clicks(game: str, options: dict[str, Any]) -> None:
    """Every move of random games, made by clicks on element centres, is the move intended."""
    rng = random.Random(f"{game}{sorted(options.items())}")
    rect = pygame.Rect(37, 21, 731, 529)
    for _ in range(3):
        state = _start(game, options)
        view = _view(game, state, rect)
        plies = 0
        while state.outcome is None and plies < 300:
            legal = state.legal_moves()
            move = rng.choice(legal)
            produced = _play_by_clicks(view, state, move)
            assert produced == move
            assert produced in legal
            state = state.play(produced)
            plies += 1
        assert state.outcome is not None or plies == 300
        # The finished board (winning line, far-row ring, final counts) draws too.
        surface = pygame.Surface((800, 560))
        view.draw(surface, state, BoardContext(theme=THEMES["default"], last_move=produced))


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_random_clicks_never_raise_and_only_play_legal_moves(
    game: str, options: dict[str, Any]
) -> None:
    """Random clicks anywhere (outside the board too) give legal moves or nothing."""
    rng = random.Random(7)
    surface = pygame.Surface((640, 400))
    rect = pygame.Rect(20, 10, 600, 380)
    state = _start(game, options)
    view = _view(game, state, rect)
    controller = view.controller(state)
    for _ in range(600):
        if state.outcome is not None:
            state = _start(game, options)
            controller = view.controller(state)
        pos = (rng.randint(-50, 700), rng.randint(-50, 450))
        element = view.hit(pos, state)
        result = controller.click(element)
        key = controller.prompt_key()
        assert isinstance(key, str) and key.startswith("boards.")
        if result.move is not None:
            assert result.move in state.legal_moves()
            state = state.play(result.move)
            controller = view.controller(state)
        elif rng.random() < 0.05:
            controller.cancel()
    view.draw(surface, state, BoardContext(theme=THEMES["default"], controller=controller,
                                           hover=(300, 200), interactive=True))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["hexapawn", "nim", "morpion", "othello"]),
    seed=st.integers(0, 10_000),
    x=st.integers(-5000, 5000),
    y=st.integers(-5000, 5000),
    width=st.integers(1, 3000),
    height=st.integers(1, 3000),
)
def test_hit_and_click_anywhere_never_raise(game: str, seed: int, x: int, y: int, width: int,
                                           height: int) -> None:
    """Any rectangle (even 1 px), any position: hit and click answer without raising."""
    rng = random.Random(seed)
    state = _start(game, {})
    for _ in range(rng.randint(0, 6)):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    view = _view(game, state, pygame.Rect(rng.randint(-20, 50), rng.randint(-20, 50), width,
                                          height))
    element = view.hit((x, y), state)
    if state.outcome is None:
        result = view.controller(state).click(element)
        assert result.move is None or result.move in state.legal_moves()


def _contexts(game: str, state: Any, previous: Any, view: BoardView) -> list[BoardContext]:
    """Every drawing option: plain, interactive with hover, scores of each kind, hint, anim."""
    theme = THEMES["default"]
    legal = list(state.legal_moves()) if state.outcome is None else []
    controller = view.controller(state) if legal else None
    scores = {m: (i % 5 - 2) * 0.37 for i, m in enumerate(legal)}
    contexts = [
        BoardContext(theme=theme),
        BoardContext(theme=theme, controller=controller, interactive=True,
                     hover=view.rect.center, last_move=getattr(state, "last_move", None)),
    ]
    for kind in ("value", "visits", "q", "flips", "cost", "beads"):
        contexts.append(BoardContext(theme=theme, scores=scores, score_kind=kind))
    if legal:
        contexts.append(BoardContext(theme=theme, hint_move=legal[0], last_move=legal[-1]))
    for anim in (0.0, 0.3, 0.5, 0.99):
        contexts.append(BoardContext(theme=theme, anim=anim, previous_state=previous))
    return contexts


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_drawing_at_many_sizes_never_raises(game: str, options: dict[str, Any]) -> None:
    """Thumbnail to 4K, every overlay, both themes."""
    rng = random.Random(3)
    state = previous = _start(game, options)
    for _ in range(5):
        if state.outcome is not None:
            break
        previous, state = state, state.play(rng.choice(state.legal_moves()))
    for size in ((3, 3), (60, 40), (200, 140), (1024, 640), (3840, 2160)):
        surface = pygame.Surface(size)
        rect = surface.get_rect()
        for theme in THEMES.values():
            view = board_view_for(game, theme)
            view.thumbnail(surface, rect, state)
            view.layout(rect, state)
            contexts = _contexts(game, state, previous, view) if size[0] < 3000 else [
                BoardContext(theme=theme, scores={m: 1.0 for m in state.legal_moves()})]
            for ctx in contexts:
                ctx.theme = theme
                view.draw(surface, state, ctx)


def test_morpion_lift_cancel_and_place() -> None:
    """Lift a piece (vacated cell not allowed), put it back by clicking it, lift, place."""
    state = _start("morpion", {})
    for text in ("a1", "b1", "c2", "a2", "b3", "c1"):  # X: a1 c2 b3, O: b1 a2 c1, no line
        state = state.play(state.parse_move(text))
    assert state.outcome is None and state.phase == "moving"
    controller = MorpionController(state)
    assert controller.prompt_key() == "boards.choose_piece_to_lift"
    assert controller.click((0, 1)).message_key == "boards.not_your_piece"  # b1 is O's
    assert controller.click((1, 1)).message_key == "boards.must_move_piece"  # b2 is empty
    lift = controller.click((0, 0))
    assert lift.changed and lift.move is None and controller.selected() == (0, 0)
    assert controller.prompt_key() == "boards.choose_place"
    assert (0, 0) not in controller.highlighted()  # the cell it just left is not allowed
    assert controller.click((0, 1)).message_key == "boards.cell_taken"
    assert controller.selected() == (0, 0)
    back = controller.click((0, 0))  # click the lifted piece again: it goes back
    assert back.changed and back.move is None and controller.selected() is None
    controller.click((1, 2))  # lift c2 instead
    controller.click((0, 0))  # lift a1 (switching to another own piece)
    assert controller.selected() == (0, 0)
    placed = controller.click((1, 1))
    assert placed.move == MorpionMove((1, 1), (0, 0))
    assert placed.move in state.legal_moves()
    # A click outside the board cancels a lift.
    controller.click((0, 0))
    assert controller.click(None).changed and controller.selected() is None


def test_morpion_placing_clicks() -> None:
    """While placing, an empty cell is a move and an occupied one says why not."""
    state = _start("morpion", {}).play(MorpionMove((1, 1)))
    controller = MorpionController(state)
    assert controller.prompt_key() == "boards.choose_cell"
    assert controller.click((1, 1)).message_key == "boards.cell_taken"
    assert controller.click((0, 2)).move == MorpionMove((0, 2))


def test_nim_hover_highlights_the_group_taken() -> None:
    """Hovering match i highlights it and every later match, only when allowed."""
    state = _start("nim", {"matches": 10, "max_take": 3})
    controller = NimController(state)
    assert controller.hover_targets(MatchRef(0, 8)) == {MatchRef(0, 8), MatchRef(0, 9)}
    assert controller.hover_targets(MatchRef(0, 7)) == {MatchRef(0, i) for i in (7, 8, 9)}
    assert controller.hover_targets(MatchRef(0, 6)) == set()  # 4 is over the limit
    assert controller.highlighted() == {MatchRef(0, i) for i in (7, 8, 9)}
    assert controller.click(MatchRef(0, 6)).message_key == "boards.nim_too_many"
    assert controller.click(MatchRef(0, 8)).move == NimMove(0, 2)


def test_nim_fibonacci_limits() -> None:
    """Fibonacci: the first move may not take all; later at most twice the last take."""
    state = _start("nim", {"variant": "fibonacci", "matches": 10})
    controller = NimController(state)
    assert controller.hover_targets(MatchRef(0, 0)) == set()
    assert controller.click(MatchRef(0, 0)).message_key == "boards.nim_fib_not_all"
    assert MatchRef(0, 1) in controller.highlighted()
    state = state.play(NimMove(0, 2))  # 8 left, next may take up to 4
    controller = NimController(state)
    assert controller.highlighted() == {MatchRef(0, i) for i in range(4, 8)}
    assert controller.click(MatchRef(0, 3)).message_key == "boards.nim_fib_too_many"
    assert controller.click(MatchRef(0, 2)).message_key == "boards.nim_fib_too_many"


def test_nim_marienbad_hover_per_heap() -> None:
    """Several heaps: the hovered group stays in its heap; taken matches do nothing."""
    state = _start("nim", {"variant": "marienbad"}).play(NimMove(3, 2, True))
    controller = NimController(state)
    assert controller.hover_targets(MatchRef(3, 2)) == {MatchRef(3, i) for i in (2, 3, 4)}
    assert controller.click(MatchRef(3, 6)).message_key == "boards.nim_already_taken"
    assert controller.click(MatchRef(1, 0)).move == NimMove(1, 3, True)


def test_hexapawn_select_switch_and_cancel() -> None:
    """Pawn then destination; clicking the pawn again or elsewhere cancels."""
    state = _start("hexapawn", {})
    controller = board_view_for("hexapawn", THEMES["default"]).controller(state)
    assert controller.prompt_key() == "boards.choose_piece"
    assert controller.click((2, 0)).message_key == "boards.not_your_piece"
    assert controller.click((1, 1)).message_key == "boards.choose_piece"
    assert controller.click((0, 0)).changed
    assert controller.highlighted() == {(1, 0)}
    assert controller.prompt_key() == "boards.choose_destination"
    assert controller.click((0, 0)).changed and controller.selected() is None
    controller.click((0, 0))
    controller.click((0, 2))  # another own pawn: switch
    assert controller.selected() == (0, 2)
    result = controller.click((2, 2))  # not a destination: cancels and says why
    assert result.message_key == "boards.not_a_destination" and controller.selected() is None
    controller.click((0, 1))
    assert controller.click((1, 1)).move == HexapawnMove(0, 1, 1, 1)


def test_othello_clicks() -> None:
    """Dotted cells play; occupied and undotted cells say why; a forced pass is returned."""
    state = _start("othello", {})
    controller = board_view_for("othello", THEMES["default"]).controller(state)
    assert controller.click((3, 3)).message_key == "boards.cell_taken"
    assert controller.click((0, 0)).message_key == "boards.not_legal_disc"
    assert {str(OthelloMove(*c)) for c in controller.highlighted()} == {"d3", "c4", "f5", "e6"}
    assert str(controller.click((2, 3)).move) == "d3"
    info = get_game("othello")
    from game.rules.othello import OthelloState

    # White to move with no legal move: only a pass (X black, O white).
    blocked = OthelloState.from_rows(["XXXX", "XXXX", "XXOX", "XXX."], to_move=1)
    assert [str(m) for m in blocked.legal_moves()] == ["pass"]
    pass_controller = board_view_for(info.name, THEMES["default"]).controller(blocked)
    assert pass_controller.prompt_key() == "boards.must_pass"
    assert pass_controller.click((0, 0)).move == blocked.legal_moves()[0]


def test_board_view_for_unknown_game() -> None:
    """An unknown game name raises OptionError naming the games."""
    with pytest.raises(OptionError, match="hexapawn"):
        board_view_for("chess", THEMES["default"])


def test_message_and_prompt_keys_are_translated() -> None:
    """Every boards.* key used in the views exists in English and in French (in any of the
    translation files: a game may bring its own)."""
    keys: set[str] = set()
    for path in Path(asset("..", "game", "ui", "boards")).resolve().glob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys.update(part.split('"')[0] for part in source.split('"boards.')[1:])
    keys = {f"boards.{k}" for k in keys if k and " " not in k}
    assert len(keys) > 20
    for lang in ("en", "fr"):
        missing = sorted(k for k in keys if k not in i18n.table(lang))
        assert not missing, f"{lang}: {missing}"


def test_controller_base_is_abstract() -> None:
    """The base controller has no move of its own."""
    controller = InputController(_start("nim", {}))
    with pytest.raises(NotImplementedError):
        controller.click(None)
    assert controller.highlighted() == set()


def _scores_for(state: Any, kind: str) -> dict[Any, float]:
    legal = state.legal_moves()
    if kind == "visits":
        return {m: float((i * 37) % 120 + 3) for i, m in enumerate(legal)}
    return {m: round(((i * 7) % 9 - 4) / 4, 2) for i, m in enumerate(legal)}


SHOTS: list[tuple[str, str, dict[str, Any], list[str], str]] = [
    ("hexapawn_mid", "hexapawn", {}, ["b1-b2", "a3xb2"], "value"),
    ("hexapawn_5x5", "hexapawn", {"rows": 5, "cols": 5}, ["c1-c2", "b5-b4", "c2-c3"], "q"),
    ("nim_single", "nim", {}, ["3", "2", "1"], "value"),
    ("nim_marienbad", "nim", {"variant": "marienbad"}, ["h4:2", "h3:1"], "value"),
    ("nim_fibonacci_misere", "nim", {"variant": "fibonacci", "matches": 25, "misere": True},
     ["4", "3"], "q"),
    ("morpion_moving", "morpion", {}, ["b2", "a1", "c3", "a3", "c1", "c2"], "value"),
    ("morpion_4x4", "morpion", {"size": 4}, ["b2", "a1", "c3", "a3", "c1"], "cost"),
    ("othello_mid", "othello", {}, ["d3", "c3", "c4", "c5", "b4", "e3", "f4"], "value"),
    ("othello_6x6", "othello", {"size": 6}, ["c2", "b2"], "visits"),
]


@pytest.mark.parametrize(("name", "game", "options", "moves", "kind"), SHOTS)
def test_screenshots(name: str, game: str, options: dict[str, Any], moves: list[str],
                     kind: str) -> None:
    """Each board mid-game at 1920x1080 and 1024x640 (board-sized rectangle), with and without
    the reasoning overlay, saved for a person to look at."""
    state = previous = _start(game, options)
    for text in moves:
        previous, state = state, state.play(state.parse_move(text))
    last = previous.parse_move(moves[-1])
    for size in ((1920, 1080), (1024, 640)):
        for theme_name, theme in THEMES.items():
            for overlay in (False, True):
                surface = pygame.Surface(size)
                surface.fill(theme.background)
                rect = pygame.Rect(0, 0, round(size[0] * 0.64), round(size[1] * 0.78))
                rect.center = (size[0] // 2, round(size[1] * 0.52))
                view = board_view_for(game, theme)
                view.layout(rect, state)
                controller = view.controller(state)
                ctx = BoardContext(theme=theme, last_move=last)
                if overlay:
                    ctx.scores = _scores_for(state, kind)
                    ctx.score_kind = kind
                else:
                    ctx.controller = controller
                    ctx.interactive = True
                    first = controller.highlighted()
                    if first:
                        ctx.hover = view.centre_of(sorted(first, key=repr)[0])
                view.draw(surface, state, ctx)
                suffix = "_ai" if overlay else ""
                tag = f"{name}{suffix}_{theme_name}_{size[0]}x{size[1]}"
                out = screenshot_dir() / f"board_{tag}.png"
                pygame.image.save(surface, str(out))
                assert out.stat().st_size > 1000


def test_score_labels_by_kind() -> None:
    """Labels follow the Decision's score_kind; colours follow good and bad for the mover."""
    from ai.perfect import WIN
    from game.ui.boards.base import format_score, score_labels

    theme = THEMES["default"]
    assert format_score(1.0, "value", True) == "+1"
    assert format_score(-0.5, "q", False) == "\u22120.50"
    assert format_score(37.0, "visits", True) == "37"
    assert format_score(0.25, "probability", False) == "1/4"
    # One in eight was "12%" (12.5 rounded to even): eight moves made 96%.
    assert format_score(1 / 8, "probability", False) == "1/8"
    assert format_score(0.3, "probability", False) == "30%"
    # A lone move in the game's one form (QA16 15: "100%" beside the other moves' "1/3").
    assert format_score(1.0, "probability", False) == "1/1"
    assert format_score(WIN - 3, "exact", True) == "W3"
    assert format_score(-(WIN - 2), "exact", True) == "L2"
    assert format_score(0, "exact", True) == "="
    assert format_score(1, "allowed", True) == "\u2713"
    assert format_score(0, "allowed", True) == "\u2717"
    labels = score_labels({"a": 1.0, "b": -1.0, "c": 0.0}, "value", theme)
    assert labels["a"][1] == theme.score_good and labels["b"][1] == theme.score_bad
    # Zero (even, or a draw) sits in the middle of the best-to-worst scale: amber.
    assert labels["c"][1] == theme.highlight and labels["a"][2] and not labels["b"][2]
    ranked = score_labels({"a": 3.0, "b": 10.0}, "visits", theme)
    assert ranked["b"][1] == theme.score_good and ranked["a"][1] == theme.score_bad


@pytest.mark.parametrize("kind", ["value", "eval", "discs", "q"])
def test_colours_rank_the_moves_shown_and_the_text_keeps_its_sign(kind: str) -> None:
    """Issue 12: labels "use a colour scale from best to worst". When every Connect 4 column
    lost, every label was red and only an outline marked the best: the colour is now the
    move's rank among the moves shown (the best green, the worst red, ties alike), while the
    text keeps the absolute score ("−14" stays minus)."""
    from game.ui.boards.base import score_labels

    theme = THEMES["default"]
    losing = score_labels({"a": -14.0, "b": -30.0, "c": -20.0, "d": -14.0}, kind, theme)
    assert losing["a"][1] == losing["d"][1] == theme.score_good
    assert losing["b"][1] == theme.score_bad and losing["c"][1] == theme.highlight
    # Learned values (q) are fractions, written with decimals even when whole.
    decimals = ".0" if kind == "q" else ""
    assert losing["a"][0] == f"−14{decimals}" and losing["b"][0] == f"−30{decimals}"
    assert [m for m, (_t, _c, best) in losing.items() if best] == ["a", "d"]
    winning = score_labels({"a": 2.0, "b": 9.0}, kind, theme)
    assert winning["b"][1] == theme.score_good and winning["a"][1] == theme.score_bad
    assert winning["b"][2] and not winning["a"][2]
    # All alike (or one move): nothing to rank, the middle of the scale.
    alike = score_labels({"a": -3.0, "b": -3.0}, kind, theme)
    assert {c for _t, c, _b in alike.values()} == {theme.highlight}


def test_proven_results_and_estimates_share_one_ranking() -> None:
    """A proven win ranks above every estimate, a proven loss below: the estimates between
    keep distinct colours (a proven win's huge key does not squash them)."""
    from ai.heuristics import WIN
    from game.ui.boards.base import score_labels

    theme = THEMES["default"]
    labels = score_labels({"win": WIN - 3, "x": 0.4, "y": 0.2, "loss": -(WIN - 2)}, "value",
                          theme)
    colours = [labels[m][1] for m in ("win", "x", "y", "loss")]
    assert colours[0] == theme.score_good and colours[-1] == theme.score_bad
    assert len(set(colours)) == 4
    assert labels["win"][0] == "W3" and labels["loss"][0] == "L2"


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(["hexapawn", "morpion", "othello"]), seed=st.integers(0, 10_000),
       clicks=st.lists(st.tuples(st.integers(-1, 8), st.integers(-1, 8)), max_size=40))
def test_click_sequences_keep_the_selection_sane(game: str, seed: int,
                                                 clicks: list[tuple[int, int]]) -> None:
    """Any sequence of cell clicks: moves are legal, a selection is always one's own piece,
    highlighted cells are on the board, and the prompt key is translated."""
    rng = random.Random(seed)
    state = _start(game, {"size": 4} if game == "morpion" else {})
    for _ in range(rng.randint(0, 12)):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    if state.outcome is not None:
        return
    controller = board_view_for(game, THEMES["default"]).controller(state)
    table = json.loads(asset("i18n", "boards.en.json").read_text(encoding="utf-8"))
    rows, cols = (state.rows, state.cols) if game == "hexapawn" else (state.size, state.size)
    for cell in clicks:
        result = controller.click(cell)
        if result.move is not None:
            assert result.move in state.legal_moves()
            return
        if result.message_key is not None:
            assert result.message_key in table
        assert controller.prompt_key() in table
        selected = controller.selected()
        if selected is not None:
            owner = (state.cell(*selected) if game == "hexapawn" else state.owner(*selected))
            assert owner == state.to_move
        for row, col in controller.highlighted():
            assert 0 <= row < rows and 0 <= col < cols


@pytest.mark.parametrize("game", ["hexapawn", "nim", "morpion", "othello"])
def test_odd_scores_are_drawn_without_crashing(game: str) -> None:
    """NaN, infinities, huge numbers and non-numbers from a faulty player never crash."""
    from game.ui.boards.base import score_labels

    state = _start(game, {})
    legal = list(state.legal_moves())
    odd: list[Any] = [float("nan"), float("inf"), float("-inf"), 1e12, "x", None, -3.5]
    scores = {m: odd[i % len(odd)] for i, m in enumerate(legal)}
    labels = score_labels(scores, "value", THEMES["default"])
    assert labels[legal[0]][0] == "?"
    if len(legal) > 1:
        assert labels[legal[1]][0] == "\u221e" and labels[legal[1]][2]
    surface = pygame.Surface((500, 400))
    view = _view(game, state, surface.get_rect())
    for kind in ("value", "visits", "exact", "allowed"):
        view.draw(surface, state, BoardContext(theme=THEMES["default"], scores=scores,
                                               score_kind=kind))


def test_morpion_side_summary_agrees_in_french() -> None:
    """The seat card said "1 posés" in French; "posé" agrees with the count."""
    from game.rules.registry import get_game
    from game.ui import i18n
    from game.ui.boards.morpion import MorpionPresenter

    info = get_game("morpion")
    state = info.initial_state(info.options(size=3))
    state = state.play(next(iter(state.legal_moves())))
    presenter = MorpionPresenter()
    try:
        i18n.set_language("fr")
        assert presenter.side_summary(state, 0) == "1 posé, 2 en main"
        assert presenter.side_summary(state, 1) == "0 posé, 3 en main"
        i18n.set_language("en")
        assert presenter.side_summary(state, 0) == "1 placed, 2 in hand"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("game", "options", "narrower"), [
    ("connect4", {}, True), ("hexapawn", {}, True), ("nim", {"variant": "marienbad"}, True),
    ("nim", {}, False), ("othello", {}, False)])
def test_needed_width_keeps_the_board_as_large(game: str, options: dict[str, str],
                                               narrower: bool) -> None:
    """A board limited by the height needs less than the whole width of a wide rectangle,
    and drawn in that width it is as large (the play panel takes the rest); a board that
    uses the width (one heap of matches, Othello's counts beside the board) needs all of it."""
    from game.ui.boards.base import needed_width

    pygame.init()
    state = _start(game, options)
    rect = pygame.Rect(30, 120, 1250, 880)
    view = _view(game, state, rect)
    full = view.sizes()
    width = needed_width(view, rect, state)
    assert (width < rect.width * 0.9) if narrower else width == rect.width
    assert view.rect.width == width
    assert all(now >= was - 1e-6 for now, was in zip(view.sizes(), full, strict=True))
    view.layout(pygame.Rect(rect.left, rect.top, width - 8, rect.height), state)
    assert any(now < was for now, was in zip(view.sizes(), full, strict=True))


@pytest.mark.parametrize("game", ["connect4", "othello", "hexapawn"])
def test_rules_pictures_draw_coordinates_at_the_readable_size_where_the_cell_allows(
        monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """Regression: the rules page's boards at 1920x1080 with 200% text drew their coordinates
    from the cell alone (Connect 4's letters 19 px, Othello's a-h 18 px, the readable size
    being 27). They are now at least that size where the margin round the board allows."""
    from game.ui.scenes.play_fit import readable_px
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.rules_picture import sample_state
    from tests.ui_helpers import coordinate_sizes, make_app

    app = make_app((1920, 1080), language="fr", text_scale=200)
    scene = RulesScene(app, game)
    app.push(scene)
    sizes = coordinate_sizes(app, monkeypatch)
    _body, picture = scene.layout()
    view = _view(game, sample_state(game), pygame.Rect((0, 0), picture.size))
    cell = view.cell if game == "connect4" else view.grid.cell  # type: ignore[attr-defined]
    # A small board's margin may be narrower than 0.55 cells (see boards.base.Grid): its
    # letters then take the share of it a 0.55-cell margin gives them.
    room = (cell * 0.45 if game == "connect4"
            else view.grid.margin_px * 0.45 / 0.55)  # type: ignore[attr-defined]
    least = readable_px((1920, 1080))
    app.shutdown()
    assert sizes
    # Where the margin (0.4 of a cell under Connect 4, 0.45 round the grids) holds the
    # readable size, that size; else as large as it holds.
    assert min(sizes) >= min(least, int(min(cell * (0.4 if game == "connect4" else 0.45),
                                            room)))
    share = int(min(cell * (0.27 if game == "connect4" else 0.36), room))
    assert min(sizes) >= share and (min(sizes) > share or share >= least)


@pytest.mark.parametrize("size", [(1920, 1080), (1600, 900)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_morpions_hand_count_keeps_a_margin_inside_its_frame(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at 1920x1080 in French: "3 en main" touched its column's frame. The words now
    keep a margin on each side of the frame, whole."""
    from game.ui.i18n import tr
    from tests.ui_helpers import frame, make_app, start_game, texts_drawn_by, watch_cuts

    app = make_app(size, language=lang)
    play = start_game(app, "morpion", ("human", "human"))
    frame(app)
    cut = watch_cuts(monkeypatch)
    drawn = texts_drawn_by(lambda: frame(app), monkeypatch)
    counts = [rect for line, _, rect in drawn if line.endswith(tr("boards.in_hand"))
              and rect.centerx < play.panel.rect.left]  # the seat cards say it too
    assert len(counts) == 2 and not cut
    for area, rect in zip(play.view._hands, counts, strict=True):
        box = area.inflate(round(area.width * 0.12), 0)  # the frame as drawn
        inner = box.inflate(-2 * max(3, round(box.width * 0.1)), 0)
        assert inner.contains(rect), (rect, box)
    app.shutdown()


def connect4_visit_labels(size: tuple[int, int], scale: int,
                          counts: list[int]) -> tuple[dict[Any, str], int, Any]:
    """Connect 4's labels for MCTS ``counts`` (one per column) as the play screen draws them:
    (label per move, their size, the app)."""
    from ai.base import Decision
    from tests.ui_helpers import frame, make_app, start_game

    app = make_app(size, language="fr", show_reasoning=True, text_scale=scale, ai_delay=3.0)
    play = start_game(app, "connect4", ("human", "human"))
    moves = play.state.legal_moves()
    d = Decision(move=moves[2], score_kind="visits",
                 scores={m: float(c) for m, c in zip(moves, counts, strict=True)})
    play.turns.reasoning = play.turns.pending = d
    play.turns.reasoning_seat = 0
    frame(app)
    labels, px, _short = play.view._label_plan(play.board_context())
    return {m: labels[m][0] for m in moves}, px, app


COUNTS = [1400, 1500, 21000, 980, 2100, 1449, 300]


@pytest.mark.parametrize(("size", "scale"), [((1920, 1080), 100), ((1024, 768), 100),
                                             ((1024, 768), 200), ((1280, 720), 200),
                                             ((1920, 1080), 200), ((1024, 640), 200)])
def test_connect4s_visit_counts_read_at_body_size_and_apart(size: tuple[int, int],
                                                            scale: int) -> None:
    """Seen at 1920x1080: 1,400 playouts read "1k" and 1,500 "2k" (only the colour ranked
    them), and with large text "21k" shrank under the body size in its narrow column. The
    labels now keep the body size where their column allows and tell different counts apart.
    At 200%, where no count fits a column at the body size (70 px at 1920x1080), they keep
    telling counts apart at the largest size that allows it ("1k" and "2k" came back at 200%
    of 1920x1080), and that size is readable (2.5% of the height): at 200% of 1280x720 and
    1920x1080 it was 15 and 22 px (readable 18 and 27), the chip's padding counted at the
    body size. Each label is in one row, in a cap as wide as its column (two staggered rows
    made a number look as if it belonged to the neighbouring column, QA 24)."""
    from game.ui.boards.base import chip_text_px
    from game.ui.boards.connect4 import CAP_PAD_SHARE, cap_width
    from game.ui.scenes.play_fit import readable_px

    labels, px, app = connect4_visit_labels(size, scale, COUNTS)
    if scale == 100:
        # The body size, or the largest at which the longest label fits its column's cap.
        cap = cap_width(app.scenes[-1].view.cell)
        widest = max(labels.values(), key=len)
        assert px == app.metrics.body or chip_text_px(widest, px + 1, cap, CAP_PAD_SHARE) <= px
    assert 7 <= px <= app.metrics.body
    assert px >= readable_px(size), (px, readable_px(size))
    by_count = dict(zip(COUNTS, labels.values(), strict=True))
    assert len(set(by_count.values())) == len(COUNTS), by_count
    assert by_count[1400] not in ("1k", "2k") and by_count[1500] not in ("1k", "2k")
    app.shutdown()


def test_connect4_legal_dots_are_opaque_and_large_in_the_contrast_theme() -> None:
    """Regression: the dots over the legal columns were 0.16 of a cell across at 170/255
    opacity, dark blue on the high-contrast theme's black (17 px in a 108 px cell)."""
    pygame.init()
    theme = THEMES["contrast"]
    state = get_game("connect4").setup().initial_state()
    view = board_view_for("connect4", theme)
    surface = pygame.Surface((1000, 900))
    view.layout(surface.get_rect(), state)
    view.draw(surface, state, BoardContext(theme=theme, show_legal=True, interactive=True,
                                           controller=view.controller(state)))
    cell = view.cell
    for col in range(7):
        x, y = view.strip_centre(col)
        box = pygame.Rect(0, 0, cell, view.strip.height)
        box.center = (round(x), round(y))
        dot = pygame.mask.from_threshold(surface.subsurface(box.clip(surface.get_rect())),
                                         theme.legal, (1, 1, 1, 255))
        # A disc a quarter of a cell across at least, in the theme's own colour.
        assert dot.count() >= 3.14 * (cell * 0.125) ** 2, (col, dot.count(), cell)
