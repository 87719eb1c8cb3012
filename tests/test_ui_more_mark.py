"""The "more ▸" mark of facts left out (issue 12, explain mode): as large as its line allows."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from game.ui import text
from game.ui.i18n import tr
from game.ui.scenes.play_more import draw_more_mark
from game.ui.theme import THEMES


def test_the_mark_takes_the_largest_size_its_line_leaves_room_for() -> None:
    """QA S16 2 (Marienbad vs Perfect, 1280x720 en 200%): "+1 ▸" at the floor (18 px)
    beside 38 px facts, where a size between fitted: only three sizes were tried."""
    px, least, pad = 40, 18, 8
    mark = tr("play.more_facts", n=1)
    line = "Rule: leave a nim-sum of 0"
    room = text.size(mark, 34, True)[0]
    assert room < text.size(mark, 36, True)[0]
    width = text.size(line, px)[0] + 3 * pad + room
    surface = pygame.Surface((width + 20, 200))
    theme = next(iter(THEMES.values()))
    drawn = draw_more_mark(surface, pygame.Rect(0, 0, width, 120), [line], px, 1, theme, pad,
                           least)
    assert drawn is not None
    assert drawn.height > text.size(mark, px * 3 // 4, True)[1], drawn
    assert drawn.right <= width - pad


def test_only_the_last_fact_shown_keeps_room_for_the_mark(monkeypatch: Any) -> None:
    """The last closing note (Nim vs Greedy, 1024x768 en 200%): "…only wins and losses /
    count", the first fact's last word alone on a line kept for "+N ▸", drawn a fact later.
    Every fact shown before the last wraps as it would without the mark."""
    from tests.play_helpers import explained_reply
    from tests.ui_helpers import frame, texts_drawn_by

    for seed in range(6):
        random.seed(seed)  # (Greedy breaks its ties at random)
        app, play = explained_reply((1024, 768), "en", "nim", "greedy")
        explain = play.panel.explain
        drawn = [line for line, px, _r in texts_drawn_by(partial(frame, app), monkeypatch)
                 if px == explain.facts_size]
        width = explain.rect.width - 2 * app.metrics.pad
        for fact in explain.paragraphs[:explain.facts - 1]:
            lines = text.wrap(fact, width, explain.facts_size)
            assert all(line in drawn for line in lines), (lines, drawn)
        app.shutdown()


def test_the_mark_takes_a_line_of_its_own_rather_than_strand_one_word() -> None:
    """QA17 3 (Hexapawn, 1024x768 fr 200%): "gagne" alone on a line, "en 3 coups +5 ▸" under
    it. The line stays whole and the mark goes under it, as many lines."""
    from game.ui import i18n
    from game.ui.scenes.play_more import wrap_for_mark

    pygame.font.init()
    i18n.set_language("fr")
    try:
        _mark_alone(wrap_for_mark)
    finally:
        i18n.set_language("en")


def _mark_alone(wrap_for_mark: Any) -> None:
    """The checks of the test above, in the current language."""
    px, pad, least = 40, 8, 20
    mark = text.size(tr("play.more_facts", n=2), least, True)[0]

    def stranding(fact: str) -> list[int]:
        """The widths where the fact's last line leaves the mark no room and, wrapped
        short, would leave its first word alone."""
        found = []
        for width in range(200, 900):
            last = text.wrap(fact, width, px)[-1]
            room = width - mark - pad
            if text.size(last, px)[0] > room and " " not in text.wrap(last, room, px)[0]:
                found.append(width)
        return found

    fact = "Noir a choisi c3-c2 : " + tr("words.win_in", n=3)  # (French: "en\u00a03\u00a0coups")
    widths = stranding(fact)
    assert widths, "the case is not met"
    for width in widths:
        lines = wrap_for_mark(fact, width, px, 2, pad, least)
        assert lines == [*text.wrap(fact, width, px), ""], (width, lines)
    # Elsewhere the last words move as a group, never one alone, first or last.
    for said in (fact, "Règle : la somme de Nim est déjà nulle : perdu, prendre 1"):
        for width in range(200, 900, 5):
            lines = wrap_for_mark(said, width, px, 2, pad, least)
            if lines[-1] and len(lines) > 1 and lines != text.wrap(said, width, px):
                assert len(lines[-2].split()) > 1 and len(lines[-1].split()) > 1, (width,
                                                                                   lines)


def test_the_mark_cannot_be_read_as_a_score() -> None:
    """Regression (QA19 1, Hexapawn vs Minimax at 1024x768 fr 200%): "gagne en 3 coups  +3 ▶"
    in the scores' orange read as a score of +3; Othello's "−5 weight-table points … +3 ▶"
    stood beside real scores. The mark says in a word that more facts follow, no number."""
    from game.ui import i18n

    try:
        for lang, word in (("en", "more"), ("fr", "suite")):
            i18n.set_language(lang)
            mark = tr("play.more_facts", n=3)
            assert word in mark and not any(c.isdigit() for c in mark), mark
            assert mark[0] not in "+-\u2212", mark
    finally:
        i18n.set_language("en")


def test_the_mark_is_as_large_as_the_facts_it_ends(monkeypatch: Any) -> None:
    """QA21 2 (Nim Fibonacci vs Minimax, 1920x1080 fr 200%): "388 positions en 60 ms
    suite ▶", the facts at 48 px and "suite ▶" at 28: room was kept for the mark at the
    readable size only. The one control that opens the whole reasoning is now drawn at the
    facts' size, on a line of its own where the last line leaves no room. (Before: 24 px
    beside 36-px facts in Othello 6x6 at 1024x768 fr, 20 beside 36 in Connect 4 at 1280x720
    en, 50 beside 54 in Othello 8x8 at 1920x1080 fr.)"""
    from tests.ui_helpers import frame, make_app, run_until, start_game, texts_drawn_by

    for size, lang, game, options in (((1024, 768), "fr", "othello", {"size": "6"}),
                                      ((1280, 720), "en", "connect4", None),
                                      ((1920, 1080), "fr", "othello", {"size": "8"})):
        app = make_app(size, language=lang, show_reasoning=True, text_scale=200)
        play = start_game(app, game, ("human", "minimax"), options=options)
        assert play.apply_move(play.state.legal_moves()[0])
        assert run_until(app, lambda p=play: p.match.human_to_move
                         and len(p.match.moves) >= 2, 30)
        frame(app)
        explain = play.panel.explain
        drawn = texts_drawn_by(partial(frame, app), monkeypatch)
        assert explain.hidden, "no fact left out: the case is gone"
        mark = tr("play.more_facts", n=explain.hidden)
        sizes = [px for line, px, _r in drawn if line == mark]
        assert sizes == [explain.facts_size], (game, sizes, explain.facts_size)
        app.shutdown()
