"""Hexapawn's score labels never hide a pawn (issue 12, found in a real window).

Regression: at 200% of 1024x768, against minimax with its reasoning shown, the labels of the
two captures on b2 ("W5" and "W5") sat side by side over the top half of the White pawn they
take, and the "L2" of b3xa2 covered the head of the pawn on a2: the class could not see which
pawn was threatened. A label now stands where its arrow crosses into the destination (for a
capture, the corner the pawn comes through), clear of every pawn's head and body.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.rules.hexapawn import HexapawnState
from game.ui.boards import hexapawn
from game.ui.boards.hexapawn import HexapawnView
from game.ui.scenes.play_fit import readable_px
from tests.play_helpers import record_chips
from tests.ui_helpers import frame, key, make_app, run_until, start_game


def pawn_core(view: HexapawnView, row: int, col: int) -> pygame.Rect:
    """The part of a pawn a class looks at: its head and the middle of its body (the sprite's
    head is a circle of 0.14 of the cell at 0.31 from the top, the body narrows to 0.2 wide)."""
    assert view.grid is not None
    cell = view.grid.cell_rect(row, col)
    side = view.grid.cell
    return pygame.Rect(round(cell.x + 0.38 * side), round(cell.y + 0.19 * side),
                       round(0.24 * side), round(0.56 * side))


def covered_pawns(view: HexapawnView, state: HexapawnState,
                  chips: list[pygame.Rect]) -> list[tuple[pygame.Rect, tuple[int, int]]]:
    """Each chip with a pawn whose head or body it covers."""
    cores = [((r, c), pawn_core(view, r, c)) for r in range(state.rows)
             for c in range(state.cols) if state.cell(r, c) is not None]
    return [(chip, cell) for chip in chips for cell, core in cores if chip.colliderect(core)]


def pawn_base_and_head(view: HexapawnView, row: int, col: int) -> list[pygame.Rect]:
    """The rest of a pawn a class looks at: its base (0.6 of the sprite wide, 0.13 high, its
    bottom at 0.88) and its whole head (a circle of 0.14 at 0.31), the sprite being 0.92 of
    the cell, centred."""
    assert view.grid is not None
    cell = view.grid.cell_rect(row, col)
    side = view.grid.cell * 0.92
    left, top = cell.centerx - side / 2, cell.centery - side / 2

    def part(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(left + x * side), round(top + y * side), round(w * side),
                           round(h * side))

    return [part(0.2, 0.75, 0.6, 0.13), part(0.36, 0.17, 0.28, 0.28)]


#: The seed of an AI that plays at random in these games.
SEED = 1


def explained_turns(app: Any, play: Any, chips: list[pygame.Rect], turns: int = 3) -> Any:
    """The game of the report (b1-b2, then whatever White may play, lowest column first):
    yields after each of the AI's replies waiting on the board, its labels just drawn into
    ``chips``; Space goes on."""
    for _turn in range(turns):
        assert run_until(app, lambda: play.match.over or play.match.human_to_move, 30)
        if play.match.over:
            return
        moves = sorted(play.state.legal_moves(), key=lambda m: (m.from_col != 1, m.to_col))
        play.apply_move(moves[0])
        # While the AI's move waits for the class to read it: its labels are on the board.
        if not run_until(app, lambda: play.turns.pending is not None, 30):
            return
        chips.clear()
        frame(app)
        assert chips, "the AI's labels were drawn"
        yield
        key(app, pygame.K_SPACE)  # the explain pause waits for the class: go on


@pytest.mark.parametrize(("size", "lang", "scale", "board"), [
    ((1024, 768), "en", 200, "3"), ((1920, 1080), "fr", 200, "3"), ((1280, 720), "en", 200, "3"),
    ((1024, 768), "fr", 100, "3"), ((1024, 768), "fr", 200, "4"), ((1920, 1080), "en", 100, "5")])
def test_no_score_label_hides_a_pawn(size: tuple[int, int], lang: str, scale: int, board: str,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    chips = record_chips(monkeypatch, hexapawn)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale,
                   explain_wait=True)
    play = start_game(app, "hexapawn", ("human", "minimax"),
                      options={"rows": board, "cols": board})
    seen = 0
    for _ in explained_turns(app, play, chips):
        view = play.view
        assert isinstance(view, HexapawnView)
        shown = play.board_state
        covered = covered_pawns(view, shown, chips)
        assert not covered, "labels over pawns: " + "; ".join(
            f"chip {chip} over the pawn on {cell} (its head and body {pawn_core(view, *cell)})"
            for chip, cell in covered)
        seen += 1
    assert seen >= 2
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "scale", "explain_wait"), [
    ((1024, 768), "en", 200, True), ((1024, 768), "fr", 100, False),
    ((1920, 1080), "fr", 200, False), ((1280, 720), "en", 100, True)])
def test_the_ais_move_stays_explained_where_it_still_holds_until_the_person_answers(
        size: tuple[int, int], lang: str, scale: int, explain_wait: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA19 33 (Hexapawn vs Minimax, explain mode off, 1024x768 200%): the AI's labels were
    on the board about 1.5 s, then a bare board for as long as the person thought. Kept after
    the move as first drawn (6bbd9b7), the played step's chip hid the pawn that had moved and
    a tied capture's arrow ended on the AI's own pawn (review R20 1). Now they stay until the
    person picks a pawn, with or without the explain pause: the played move's value in the
    square its pawn left, no chip over a pawn, no move onto the mover's own pawn."""
    chips = record_chips(monkeypatch, hexapawn)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=scale,
                   explain_wait=explain_wait)
    play = start_game(app, "hexapawn", ("human", "minimax"))
    seen = 0
    for _turn in range(2):
        assert run_until(app, lambda: play.match.over or play.match.human_to_move, 30)
        if play.match.over:
            break
        moves = sorted(play.state.legal_moves(), key=lambda m: (m.from_col != 1, m.to_col))
        play.apply_move(moves[0])
        if explain_wait:
            assert run_until(app, lambda: play.turns.pending is not None, 30)
            key(app, pygame.K_SPACE)
        assert run_until(app, lambda: play.match.over or play.match.human_to_move, 30)
        if play.match.over:
            break
        for _ in range(120):  # two seconds later: still there
            frame(app, dt=1 / 60)
        chips.clear()
        frame(app)
        ctx = play.board_context()
        played, state, view = play.match.last_move, play.state, play.view
        assert isinstance(view, HexapawnView) and view.grid is not None
        assert ctx.scores and ctx.scores_played, "the AI's move left the board"
        mover = state.cell(played.to_row, played.to_col)
        still = [m for m in ctx.scores
                 if m == played or state.cell(m.to_row, m.to_col) != mover]
        assert len(chips) == len(still), (chips, still)
        assert not covered_pawns(view, state, chips)
        origin = view.grid.cell_rect(played.from_row, played.from_col)
        assert any(origin.contains(chip) for chip in chips), "no value where the pawn was"
        seen += 1
    assert seen >= 1
    app.shutdown()


@pytest.mark.parametrize(("size", "lang", "ai"), [
    ((1024, 768), "en", "minimax"), ((1024, 768), "fr", "alphabeta"),
    ((1920, 1080), "en", "mcts:iterations=300"), ((1920, 1080), "fr", "elimination"),
    ((1280, 720), "en", "minimax")])
def test_capture_labels_clear_the_bases_and_heads_beside_their_corner(
        size: tuple[int, int], lang: str, ai: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA 56, real window, 200% of 1024x768 against minimax: the two "W5" of a3xb2 and c3xb2
    on the corners between ranks 3 and 2 covered the bases of the black pawns on a3 and c3.
    A capture's label now hangs from just under its corner, below the bases above it and
    between the heads below; it stays readable (at the body size where the cell holds it)."""
    from tests.play_helpers import labelled_game

    chips, app, play = labelled_game(monkeypatch, hexapawn, size, lang, "hexapawn", ai)
    rng = getattr(play.match.seats[1].player, "rng", None)
    if rng is not None:
        # The untrained learner plays at random: seeded, its game lasts the two explained
        # turns this test reads (unseeded, it sometimes ended after one: a flaky failure).
        rng.seed(SEED)
    seen = 0
    sizes: list[int] = []
    chip = hexapawn.score_chip
    monkeypatch.setattr(hexapawn, "score_chip", lambda *a, **k: (sizes.append(a[3]), chip(
        *a, **k))[1])
    for _ in explained_turns(app, play, chips):
        view = play.view
        assert isinstance(view, HexapawnView)
        shown = play.board_state
        for rect in chips:
            for row in range(shown.rows):
                for col in range(shown.cols):
                    if shown.cell(row, col) is None:
                        continue
                    for part in pawn_base_and_head(view, row, col):
                        assert not rect.colliderect(part), (rect, (row, col), part)
        seen += 1
    assert seen >= 2 and min(sizes) >= readable_px(size), sizes
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ai", ["alphabeta:depth=2", "minimax:depth=2"])
def test_the_largest_board_keeps_its_labels_readable_at_1024x640(
        lang: str, ai: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """QA 43: Hexapawn 8x8 at 200% of 1024x640 drew the AI's "−3" at 14 px on 49 px squares
    (chips at most 0.4 of a cell high), the readable size being 16, and "−20" at 14 too.
    Where the labels would be smaller, the chips grow toward that size with a thinner
    padding, still clear of the pawns: one digit at 16 px; two ("−20", 37 px wide at 16 px
    where a corner's chip may be 36) at 15."""
    chips = record_chips(monkeypatch, hexapawn)
    sizes: list[tuple[str, int]] = []
    chip = hexapawn.score_chip
    monkeypatch.setattr(hexapawn, "score_chip", lambda *a, **k: (sizes.append(a[1:4:2]),
                                                                 chip(*a, **k))[1])
    app = make_app((1024, 640), language=lang, show_reasoning=True, text_scale=200,
                   explain_wait=True)
    play = start_game(app, "hexapawn", ("human", ai), options={"rows": "8", "cols": "8"})
    turns: list[list[tuple[str, int]]] = []
    for _ in explained_turns(app, play, chips, turns=6):
        turns.append(list(sizes))
        sizes.clear()
        view = play.view
        assert isinstance(view, HexapawnView)
        shown = play.board_state
        assert not covered_pawns(view, shown, chips)
        for rect in chips:
            for row in range(shown.rows):
                for col in range(shown.cols):
                    if shown.cell(row, col) is not None:
                        for part in pawn_base_and_head(view, row, col):
                            assert not rect.colliderect(part), (rect, (row, col), part)
    readable = readable_px((1024, 640))
    one_digit = [px for turn in turns if all(len(label.strip("+−")) == 1 for label, _ in turn)
                 for _label, px in turn]
    assert len(turns) >= 4 and one_digit and min(one_digit) >= readable, turns
    assert min(px for turn in turns for _label, px in turn) >= readable - 1, turns
    app.shutdown()


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_steps_alone_get_chips_taller_than_a_captures_room(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (QA18 21, Hexapawn 5x5 vs Alpha-beta at 200% of 1920x1080): the five "−3"
    chips were at the readable floor in 125 px cells, held to the height that leaves room
    for a capture's chip hanging from a corner; with steps alone (no capture labelled) a chip
    may take more of its empty cell: 36 -> 42 px there, 24 -> 29 at 1024x768."""
    from tests.play_helpers import record_chip_texts

    texts = record_chip_texts(monkeypatch, hexapawn)
    app = make_app(size, show_reasoning=True, text_scale=200, explain_wait=True)
    play = start_game(app, "hexapawn", ("human", "alphabeta"), options={"rows": 5, "cols": 5})
    assert play.apply_move(play.state.legal_moves()[0])
    assert run_until(app, lambda: play.turns.pending is not None, 20)
    texts.clear()
    frame(app)
    decision = play.turns.pending
    assert decision is not None and all(m.from_col == m.to_col for m in decision.scores)
    view = play.view
    assert isinstance(view, HexapawnView) and view.grid is not None and texts
    assert all(hexapawn.chip_height(px) > view.grid.cell * hexapawn.CHIP_HEIGHT
               for _label, px in texts), (texts, view.grid.cell)
    app.shutdown()


def engine_labels(without_bounds: bool = False) -> tuple[Any, list[tuple[str, int]]]:
    """The Hexapawn engine's decision after a1-a2 (3x3) and its labels as drawn at 200% of
    1024x768 in French (text, size); ``without_bounds``, the moves it only bounded left
    out."""
    import dataclasses

    from ai.base import Decision
    from ai.registry import make_player
    from game.ui.reasoning import EstimateBound, shown_scores

    drawn: list[tuple[str, int]] = []
    real = hexapawn.score_chip

    def spy(surface: pygame.Surface, text: str, centre: Any, px: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        drawn.append((text, px))
        rect: pygame.Rect = real(surface, text, centre, px, *args, **kwargs)
        return rect

    app = make_app((1024, 768), language="fr", text_scale=200)
    play = start_game(app, "hexapawn", ("human", "human"))
    frame(app)
    state = play.board_state
    state = state.play(next(m for m in state.legal_moves() if str(m) == "a1-a2"))
    decision: Decision = make_player("engine", "hexapawn").choose(state)
    if without_bounds:
        shown = shown_scores(decision)
        kept = {m: v for m, v in decision.scores.items()
                if not isinstance(getattr(shown[m], "meaning", None), EstimateBound)}
        decision = dataclasses.replace(decision, scores=kept)
    ctx = dataclasses.replace(play.board_context(), scores=shown_scores(decision),
                              score_kind=decision.score_kind, hover=None)
    hexapawn.score_chip = spy  # type: ignore[assignment]
    try:
        play.view.draw(app.screen, state, ctx)
    finally:
        hexapawn.score_chip = real  # type: ignore[assignment]
        app.shutdown()
    return decision, drawn


def test_a_wide_bound_does_not_shrink_the_engine_s_other_labels() -> None:
    """QA19 19 (1024x768 fr 200%, Hexapawn 3x3 against the engine, a1-a2): the bound
    "\u2264+14", wider than "G3" and "P", shrank all three chips to 28 px here (19-20 in the
    QA's window) where every other AI's got 39. One size a kind of label now: the proven
    results keep the size they have without the bound beside them."""
    _decision, drawn = engine_labels()
    bounds = [(text, px) for text, px in drawn if text.startswith("\u2264")]
    proven = [(text, px) for text, px in drawn if not text.startswith("\u2264")]
    assert bounds and len(proven) == 2, drawn
    _d, alone = engine_labels(without_bounds=True)
    assert len(alone) == 2 and {px for _t, px in proven} == {alone[0][1]}, (drawn, alone)
    assert alone[0][1] > bounds[0][1] >= readable_px((1024, 768)), (drawn, alone)


@pytest.mark.parametrize(("lang", "unit"), [("en", "balance points"),
                                            ("fr", "points d'\u00e9quilibre")])
def test_the_engine_s_bound_says_its_unit_in_the_legend(lang: str, unit: str) -> None:
    """QA19 19: the key "\u2264+14 au plus : pas calculé" did not say +14 what, the engine's
    other labels being proven results. Where no other label's row names the estimates'
    unit, the bound's does, in the legend's words and its short form."""
    from game.ui import i18n
    from game.ui.reasoning import score_legend

    decision, _drawn = engine_labels()
    i18n.set_language(lang)
    try:
        rows = [row for row in score_legend(decision, "Black") if row.look.dashed]
    finally:
        i18n.set_language("en")
    assert len(rows) == 1 and unit in rows[0].words and unit in rows[0].short, rows
