"""The lab's and the tournament's set-up panels: On/Off parameters are switches as in the menu,
and the lab's rows stay readable in a small window without moving under the pointer."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.i18n import tr
from game.ui.scenes.lab_setup import LEAST_ROW, SMALLER_ROW_TEXT
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.tournament import TournamentScene
from game.ui.widgets import Choice, Toggle, Widget
from tests.ui_helpers import frame, make_app


def labelled(widgets: list[Widget], key: str) -> Widget:
    """The widget whose label is the text of ``key``."""
    return next(w for w in widgets if getattr(w, "label", lambda: "")() == tr(key))


def test_on_off_parameters_are_switches_in_the_lab_and_the_tournament() -> None:
    """Regression: the lab showed "Propagate − Off +" and the tournament "Memory − On +",
    steppers where the menu shows a switch."""
    app = make_app((1024, 768))
    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("morpion")
    lab.set_kind("elimination")
    frame(app)
    propagate = labelled(lab.config_widgets, "param.propagate")
    assert isinstance(propagate, Toggle)
    was = lab.session.params.get("propagate")
    propagate.set(not propagate.get())
    assert lab.session.params.get("propagate") != was
    app.pop()
    tour = TournamentScene(app)
    app.push(tour)
    tour.set_game("othello")
    tour.set_player(0, "alphabeta")
    frame(app)
    memory = labelled(tour.all_widgets(), "param.memo")
    assert isinstance(memory, Toggle)
    memory.set(not memory.get())
    assert "memo=" in tour.specs[0]
    app.shutdown()


@pytest.mark.parametrize("kind", ["reinforcement", "qlearning"])
def test_lab_rows_are_readable_at_1024x640_and_stay_under_the_pointer(kind: str) -> None:
    """Regression: at 1024x640 with Reinforcement the rows were squeezed to about 1.1 small-text
    heights (boxes of 19 pixels) while room stayed empty for an evaluation's row. Rows are now
    at least LEAST_ROW small-text heights; what does not fit scrolls; an evaluation's row still
    moves none of the rows above it."""
    app = make_app((1024, 640))
    lab = LearningLabScene(app)
    app.push(lab)
    lab.set_game("nim")
    lab.set_kind(kind)
    labelled(lab.config_widgets, "lab.opponent").set("random")  # type: ignore[attr-defined]
    frame(app)
    m = app.metrics
    rows = [w for w in lab.config_widgets[1:] if w.visible]
    # Rows one short of fitting get their text at 90% of the small size and stay LEAST_ROW
    # heights of it (lab_setup.row_step: Speed was out of sight at 1920x1080).
    least_text = int(m.small * SMALLER_ROW_TEXT)
    assert all(w.px >= least_text for w in rows)
    assert min(w.rect.height for w in rows) >= int(least_text * LEAST_ROW) - 2
    for a, b in itertools.pairwise(rows):
        assert a.rect.bottom <= b.rect.top
    opponent = labelled(lab.config_widgets, "lab.opponent")
    upto = lab.config_widgets.index(opponent) + 1
    before = [w.rect.copy() for w in lab.config_widgets[:upto]]
    opponent.set("minimax")  # type: ignore[attr-defined]
    frame(app)
    assert any(isinstance(w, Choice) and w.label() == tr("param.eval")
               for w in lab.config_widgets)
    assert [w.rect for w in lab.config_widgets[:upto]] == before
    # The last row (the speed) is reached with the wheel when it is out of sight.
    speed = labelled(lab.config_widgets, "lab.speed")
    assert isinstance(speed, Choice)
    panel = lab.panels["setup"]
    for _ in range(6):
        if speed.visible:
            break
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=panel.center, rel=(0, 0),
                                       buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert speed.visible and panel.contains(speed.rect)
    app.shutdown()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_tournament_ranking_is_body_text(size: tuple[int, int],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the ranking's lines were at 85% of body text (about 17 px at 1024x768),
    too small for the back row; each is now at body size on one line (small size only when
    long names leave the table too little room)."""
    from game.ui import text
    from tests.ui_helpers import run_until

    app = make_app(size)
    tour = TournamentScene(app)
    app.push(tour)
    tour.set_game("morpion")
    names = ["random", "greedy", "bestfirst", "minimax"]
    while len(tour.specs) < len(names):
        tour.add_player()
    for index, name in enumerate(names):
        tour.set_player(index, name)
    tour.games = 4
    tour.start()
    assert run_until(app, lambda: tour.runner is not None and tour.runner.finished, 60)
    drawn: list[tuple[str, int]] = []
    wrapped = text.blit_wrapped

    def record(surface: pygame.Surface, value: str, px: int, *args: object,
               **kwargs: object) -> int:
        drawn.append((value, px))
        return wrapped(surface, value, px, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "blit_wrapped", record)
    frame(app)
    monkeypatch.undo()
    ranking = [(value, px) for value, px in drawn if "(range " in value]
    assert len(ranking) == len(names)
    body = app.metrics.body
    for value, px in ranking:
        assert px == body, (value, px, body)
        assert text.size(value, px)[0] <= tour.panels["results"].width, value
    app.shutdown()


def test_menu_card_pictures_hold_no_tiny_text_at_1920x1080(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: at 1920x1080 the cards' pictures showed board coordinates and a tiny
    "0 in hand" under Morpion's pieces. Drawn small and scaled up, a picture holds at most
    Morpion's X and O."""
    from game.rules.registry import game_names
    from game.ui import text
    from game.ui.scenes.menu import MenuScene

    app = make_app((1920, 1080))
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.layout()
    rendered: list[str] = []
    render = text.render

    def record(value: str, *args: object, **kwargs: object) -> pygame.Surface:
        rendered.append(value)
        return render(value, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "render", record)
    _name, rect = menu.cards[0]
    size = (rect.width - 2 * app.metrics.pad, rect.height - int(app.metrics.heading * 2.5))
    for game in game_names():
        assert menu.game_cards.picture(game, size, app.theme) is not None
    assert set(rendered) <= {"X", "O"}, rendered
    app.shutdown()


def test_a_short_label_keeps_its_small_share_beside_a_long_value() -> None:
    """Regression: a chooser whose widest value did not fit gave its label 30% of the row,
    even a tournament player's "1.", so "Hasard" and "Glouton" shrank at the largest size."""
    from game.ui import text

    app = make_app((1024, 768), language="fr", text_scale=200)
    tour = TournamentScene(app)
    app.push(tour)
    tour.set_game("hexapawn")
    frame(app)
    player = next(w for w in tour.all_widgets() if isinstance(w, Choice) and w.label() == "1.")
    _left, box, _right = player._parts()
    assert box.left - player.rect.left <= text.size("1.", player.px)[0] + player.px
    app.shutdown()
