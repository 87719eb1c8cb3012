"""The app's persisted settings and the menu's last choices, in ``settings.json``.

Stored in the user's data folder through :mod:`game.userdata` (atomic writes). A missing file
gives the defaults; an unreadable one is kept aside and the defaults are used, with a message the
app shows once. Badly typed or out-of-range values are ignored one by one, so an old or
hand-edited file never stops the app; a copy of such a file is kept aside first
(``settings.json.edited-TIMESTAMP``), since the next save rewrites it without them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.ui import i18n
from game.userdata import (
    UnreadableFileError,
    atomic_write_json,
    cut_text,
    data_dir,
    keep_aside,
    read_json,
)

FILE_NAME = "settings.json"
VERSION = 1
THEME_NAMES = ("default", "contrast")
FIRST_CHOICES = ("seat1", "seat2", "random")
# Delay between AI moves in AI-vs-AI games, seconds: instant to 3 s.
AI_DELAYS = (0.0, 0.15, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)
DEFAULT_AI_DELAY = 0.6
# Text size, percent of the normal size: larger for a big room or a small projector.
TEXT_SCALES = (100, 125, 150, 175, 200)


@dataclass
class GameChoices:
    """The menu's last choices for one game: option texts, the two seats' specs, who starts."""

    options: dict[str, str] = field(default_factory=dict)
    seats: list[str] = field(default_factory=lambda: ["human", "random"])
    first: str = "seat1"


@dataclass
class Settings:
    """Everything the app remembers between runs."""

    language: str = "en"
    fullscreen: bool = False
    theme: str = "default"
    animations: bool = True
    sound: bool = True
    ai_delay: float = DEFAULT_AI_DELAY
    #: On by default: following the machine's thinking is what the app is for (a saved choice
    #: still wins, see :meth:`from_json`).
    show_reasoning: bool = True
    text_scale: int = 100
    #: Explain mode: against a person, the AI's scored move waits on the board for a click.
    explain_wait: bool = True
    last_game: str = ""  # no game chosen yet: the menu opens on the first game
    games: dict[str, GameChoices] = field(default_factory=dict)

    def choices(self, game: str) -> GameChoices:
        """The remembered choices of ``game`` (created empty if new)."""
        if game not in self.games:
            self.games[game] = GameChoices()
        return self.games[game]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dictionary, with a version field."""
        data = asdict(self)
        data["version"] = VERSION
        return data

    @classmethod
    def from_json(cls, data: Any, default_language: str = "en",
                  problems: list[str] | None = None) -> Settings:
        """Settings from a decoded JSON value; bad or unknown entries keep their defaults.

        The names of present but unusable entries are appended to ``problems`` if given.
        """
        s = cls(language=default_language)
        bad = problems if problems is not None else []
        if not isinstance(data, dict):
            return s
        _take(data, "language", lambda v: v in i18n.languages(), s, bad)
        _take(data, "theme", lambda v: v in THEME_NAMES, s, bad)
        for name in ("fullscreen", "animations", "sound", "show_reasoning", "explain_wait"):
            _take(data, name, lambda v: isinstance(v, bool), s, bad)
        _take(data, "ai_delay", lambda v: isinstance(v, (int, float))
              and not isinstance(v, bool) and 0 <= v <= 3, s, bad)
        s.ai_delay = float(s.ai_delay)
        _take(data, "text_scale", lambda v: v in TEXT_SCALES and not isinstance(v, bool), s, bad)
        _take(data, "last_game", lambda v: isinstance(v, str), s, bad)
        games = data.get("games")
        if isinstance(games, dict):
            for name, raw in games.items():
                if isinstance(name, str) and isinstance(raw, dict):
                    s.games[name] = _choices_from_json(raw, f"games.{name}", bad)
                else:
                    bad.append(f"games.{name}")
        elif "games" in data:
            bad.append("games")
        return s


def _take(data: dict[str, Any], name: str, valid: Callable[[Any], bool], target: object,
          bad: list[str]) -> None:
    """Copy ``data[name]`` onto ``target`` if present and valid; note it in ``bad`` if not."""
    if name not in data:
        return
    if valid(data[name]):
        setattr(target, name, data[name])
    else:
        bad.append(name)


def _choices_from_json(raw: dict[str, Any], where: str = "games",
                       bad: list[str] | None = None) -> GameChoices:
    """One game's choices from JSON, keeping only well-typed values (the others' names go to
    ``bad``, prefixed with ``where``)."""
    problems = bad if bad is not None else []
    c = GameChoices()
    opts = raw.get("options")
    if isinstance(opts, dict):
        c.options = {str(k): str(v) for k, v in opts.items()
                     if isinstance(v, (str, int, float, bool))}
        problems += [f"{where}.options.{k}" for k in opts if str(k) not in c.options]
    elif "options" in raw:
        problems.append(f"{where}.options")
    seats = raw.get("seats")
    if isinstance(seats, list) and len(seats) == 2 and all(isinstance(x, str) for x in seats):
        c.seats = [seats[0], seats[1]]
    elif "seats" in raw:
        problems.append(f"{where}.seats")
    if raw.get("first") in FIRST_CHOICES:
        c.first = raw["first"]
    elif "first" in raw:
        problems.append(f"{where}.first")
    return c


def settings_path() -> Path:
    """Where the settings live."""
    return data_dir() / FILE_NAME


def load_settings(default_language: str = "en") -> tuple[Settings, str | None]:
    """The saved settings (defaults if none) and a message if the file had to be kept aside."""
    try:
        path = settings_path()
    except OSError as exc:
        # The data folder itself cannot be made (AIGAMELAB_DATA_DIR names a file, a read-only
        # profile...): the app still opens, with defaults, and says why nothing is remembered.
        return (Settings(language=default_language),
                f"the data folder cannot be used ({exc}): settings will not be saved")
    try:
        data = read_json(path)
    except FileNotFoundError:
        return Settings(language=default_language), None
    except UnreadableFileError as exc:
        return Settings(language=default_language), str(exc)
    except OSError as exc:
        return Settings(language=default_language), f"settings could not be read ({exc})"
    if not isinstance(data, dict):
        # Valid JSON but not our object (a list, a number...): nothing in it can be used, and
        # the next save would overwrite it silently, so it is kept aside like unreadable JSON.
        kept = keep_aside(path)
        where = f"; it was kept aside as {kept.name}" if kept is not None else ""
        return (Settings(language=default_language),
                f"{path.name} holds a JSON {type(data).__name__}, not settings{where}")
    problems: list[str] = []
    settings = Settings.from_json(data, default_language, problems)
    if not problems:
        return settings, None
    # The next save drops the unusable values: keep the file as it was, for whoever edited it.
    try:
        copy = keep_aside(path, "edited", copy=True)
    except OSError:
        copy = None
    shown = ", ".join(problems[:8]) + (f" and {len(problems) - 8} more" if len(problems) > 8
                                        else "")
    where = f"; the file as it was is kept as {copy.name}" if copy is not None else ""
    return settings, f"{path.name}: unusable values ignored ({cut_text(shown, 120)}){where}"


def save_settings(settings: Settings) -> str | None:
    """Write the settings atomically; return an error message instead of raising on failure."""
    try:
        atomic_write_json(settings_path(), settings.to_json())
    except OSError as exc:
        return f"settings could not be saved ({exc})"
    return None
