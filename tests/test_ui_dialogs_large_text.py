"""The app's confirmation dialogs keep their title whole at every text size (issue 12).

Regression: at 200% of 1024x768 in French the dialog asking to leave a game in progress read
"Quitter cette par…": its box was 56% of the window wide and the title was cut to it. The box
now widens for its title, and wraps it where even nearly the window's width cannot hold it.
"""

from __future__ import annotations

import pytest

from game.ui.i18n import tr
from game.ui.scenes.dialogs import MessageDialog
from tests.ui_helpers import frame, make_app, watch_cuts

#: Every dialog's title, message and two buttons' keys (the ones with fixed words).
LEAVE_OR_STAY = ("play.leave", "play.stay")
DIALOGS = (("play.leave_title", "play.leave_text", LEAVE_OR_STAY),
           ("play.restart_title", "play.leave_text", ("play.restart", "play.keep_playing")),
           ("menu.quit_title", "menu.quit_text", LEAVE_OR_STAY),
           ("lab.reset_title", "lab.reset_text", LEAVE_OR_STAY),
           ("lab.forget_title", "lab.forget_text", ("lab.forget", "dialog.cancel")),
           ("ntuple.replace_title", "ntuple.replace_text", ("ntuple.replace", "dialog.cancel")))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 768), (1024, 640), (1280, 720), (1920, 1080),
                                  (800, 600)])
@pytest.mark.parametrize("text_scale", [100, 200])
def test_a_dialogs_title_and_buttons_are_never_cut(size: tuple[int, int], lang: str,
                                                    text_scale: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size, language=lang, text_scale=text_scale)
    cut = watch_cuts(monkeypatch)
    for title, message, (yes, no) in DIALOGS:
        dialog = MessageDialog(app, tr(title), tr(message),
                               [(lambda y=yes: tr(y), lambda: None),  # type: ignore[misc]
                                (lambda n=no: tr(n), lambda: None)])  # type: ignore[misc]
        app.push(dialog)
        frame(app)
        assert app.screen.get_rect().contains(dialog.box)
        assert all(b.rect.bottom <= dialog.box.bottom for b in dialog.buttons)
        app.pop(dialog)
    assert not cut, (size, lang, text_scale, cut)
    app.shutdown()
