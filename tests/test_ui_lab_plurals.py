"""Counts and their nouns in the labs' and the tournament's texts, in both languages: one
thing is singular, and French also writes 0 in the singular (QA20 15: the exported lab
picture said "1 parties d'entraînement en tout"; QA19 27 addendum: the n-tuple lab's header
"0 parties" where the learning lab's says "0 partie")."""

from __future__ import annotations

import pytest

from game.ui import i18n
from game.ui.reasoning import plural
from game.ui.scenes.lab_export import caption
from game.ui.scenes.learning_lab import LearningLabScene
from game.ui.scenes.ntuple_lab import NTupleLabScene
from tests.ui_helpers import frame, make_app, spy_texts

#: (key, the count, the other values): each key's text with the count given.
COUNTED = [("lab.export_caption", {"game": "Nim", "run": "Run 1", "games": "1"}),
           ("lab.finished", {"done": "1", "games": "1"}),
           ("lab.finished_short", {"done": "1"}),
           ("lab.stopped_short", {"done": "1"}),
           ("lab.knowledge", {"n": "1"}),
           ("lab.knowledge_short", {"n": "1"}),
           ("lab.file_desc", {"game": "Nim", "kind": "Q", "games": "1", "date": "d"}),
           ("lab.forget_text", {"games": "1"}),
           ("lab.unsaved", {"games": "1"}),
           ("lab.n_games", {"n": "1"}),
           ("lab.n_boxes", {"n": "1"}),
           ("tour.finished", {"done": "1"}),
           ("tour.stopped", {"done": "1"}),
           ("tour.cross", {"n": "1"}),
           ("ntuple.learnt", {"games": "1"}),
           ("ntuple.loaded", {"file": "f", "games": "1"}),
           ("ntuple.unsaved", {"games": "1"})]
#: The plural nouns that must not follow a count of one.
PLURALS = {"en": ("games", "boxes"), "fr": ("parties", "boîtes", "jouées")}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("key", "values"), COUNTED)
def test_one_thing_is_singular(key: str, values: dict[str, str], language: str) -> None:
    i18n.set_language(language)
    try:
        said = plural(key, 1, **values)
        assert not any(word in said.replace("\u00a0", " ").split(" ") or f"{word})" in said
                       or f"{word}." in said for word in PLURALS[language]), (key, said)
        # More than one is plural.
        assert plural(key, 2, **values) != said or key.startswith("lab.file"), key
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_exported_pictures_caption_after_one_game(language: str) -> None:
    """QA20 15 (1920x1080 fr): "1 parties d'entraînement en tout" under the picture."""
    app = make_app((1280, 800), language=language)
    lab = LearningLabScene(app)
    app.push(lab)
    lab.learner.games_trained = 1
    said = caption(lab)
    expected = {"en": "trained on 1 game in all", "fr": "1 partie d'entraînement en tout"}
    assert said.endswith(expected[language]), said
    app.shutdown()


def test_the_ntuple_labs_header_writes_zero_games_as_the_learning_lab_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA19 27 addendum (1920x1080 fr 200%): the n-tuple lab's header said "0 parties",
    the learning lab's "0 partie"."""
    app = make_app((1920, 1080), language="fr", text_scale=200)
    scene = NTupleLabScene(app)
    app.push(scene)
    seen = spy_texts(monkeypatch, "blit_text", "blit_wrapped")
    frame(app)
    zero = [line for line in seen if line.replace("\u202f", " ").startswith("0 parti")]
    assert zero and all(line.replace("\u202f", " ") == "0 partie" for line in zero), zero
    app.shutdown()
