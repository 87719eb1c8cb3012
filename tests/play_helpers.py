"""Helpers shared by the play screen's UI tests with the text size at 200%: a human's move
and the AI's reply explained in the panel, and what the panel must then keep."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui import text
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play_explain import ExplainBox
from tests.ui_helpers import frame, make_app, run_until, start_game


def explained_reply(size: tuple[int, int], lang: str, game: str, ai: str,
                    move: Callable[[Any], Any] | None = None,
                    options: dict[str, str] | None = None) -> tuple[App, PlayScene]:
    """The play screen at 200% text with the reasoning on and explain mode waiting for a click:
    the human (seat 1) plays ``move(state)`` (the first legal move by default) and the AI's
    reply stays explained, its legend shown (two frames drawn since); the game with
    ``options``."""
    app = make_app(size, language=lang, show_reasoning=True, text_scale=200, explain_wait=True)
    play = start_game(app, game, ("human", ai), options=options)
    assert run_until(app, lambda: play.match.human_to_move, 30)
    chosen = move(play.state) if move is not None else play.state.legal_moves()[0]
    assert play.apply_move(chosen)
    assert run_until(app, lambda: bool(play.legend_rows()), 30)
    frame(app)
    frame(app)
    return app, play


def assert_facts_legend_and_move(play: PlayScene, facts: int = 2, legend: int = 1,
                                 move_row: bool = True) -> None:
    """The panel's last frame showed at least ``facts`` facts of the reasoning, ``legend`` rows
    of the legend and one row of the move list (with ``move_row``); or, with large text
    where two facts took the words under 90% of the small size, the first fact alone (it
    says why) at the legend's whole size or larger, the others marked "+N ▸" (see
    ExplainBox.facts_px)."""
    panel = play.panel
    explain = panel.explain
    if panel.reasoning_facts < facts:
        assert explain.first_facts == 1 and explain.facts >= 1, panel.reasoning_facts
        assert explain.facts_size >= explain._whole_legend_px(), explain.facts_size
        assert_marked(explain)
    assert panel.legend_rows_shown >= legend, panel.legend_rows_shown
    if move_row:
        assert len({rect.top for rect, _ in panel.move_rects}) >= 1, "no row of the move list"


def record_chips(monkeypatch: Any, module: Any) -> list[Any]:
    """The rectangles of the score chips ``module`` (a board view's module) draws from now
    on: a list the caller may clear between frames."""
    chips: list[Any] = []
    chip = module.score_chip

    def recorded(*args: Any, **kwargs: Any) -> Any:
        rect = chip(*args, **kwargs)
        chips.append(rect)
        return rect

    monkeypatch.setattr(module, "score_chip", recorded)
    return chips


def record_chip_texts(monkeypatch: Any, module: Any) -> list[tuple[str, int]]:
    """The text and size of each score chip ``module`` (a board view's module) draws from
    now on: a list the caller may clear between frames."""
    texts: list[tuple[str, int]] = []
    chip = module.score_chip

    def recorded(surface: Any, label: str, centre: Any, px: int, *args: Any,
                 **kwargs: Any) -> Any:
        texts.append((label, px))
        return chip(surface, label, centre, px, *args, **kwargs)

    monkeypatch.setattr(module, "score_chip", recorded)
    return texts


def labelled_game(monkeypatch: Any, module: Any, size: tuple[int, int], lang: str, game: str,
                  ai: str, options: dict[str, str] | None = None
                  ) -> tuple[list[Any], App, PlayScene]:
    """A person (seat 1) against ``ai`` at ``game`` (with ``options``), 200% text, the
    reasoning on and explain mode waiting for a click, with the score chips the board's
    ``module`` draws recorded (see :func:`record_chips`): (chips, app, scene)."""
    chips = record_chips(monkeypatch, module)
    app = make_app(size, language=lang, show_reasoning=True, text_scale=200, explain_wait=True)
    return chips, app, start_game(app, game, ("human", ai), options=options)


def assert_marked(explain: ExplainBox) -> None:
    """When the box left facts out, "+N ▸" is drawn in it at the end of its last line (at the
    end of an earlier one it read as part of that fact, QA S15 5)."""
    if not explain.hidden:
        return
    mark = explain.mark
    assert mark is not None, "facts left out, said nowhere"
    line = text.font(explain.facts_size).get_linesize()
    assert explain.box.contains(mark) and mark.centery >= explain.box.bottom - line, (
        mark, explain.box)
