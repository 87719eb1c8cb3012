"""The app's persisted settings and the menu's last choices, in ``settings.json``.

Stored in the user's data folder through :mod:`game.userdata` (atomic writes). A missing file
gives the defaults; an unreadable one is kept aside and the defaults are used, with a message the
app shows once. Unknown or badly typed values are ignored one by one, so an old or hand-edited
file never stops the app.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.userdata import (
    UnreadableFileError,
    atomic_write_json,
    data_dir,
    keep_aside,
    read_json,
)

FILE_NAME = "settings.json"
VERSION = 1
THEME_NAMES = ("default", "contrast")
LANGUAGE_NAMES = ("en", "fr")
FIRST_CHOICES = ("seat1", "seat2", "random")
# Delay between AI moves in AI-vs-AI games, seconds: instant to 3 s.
AI_DELAYS = (0.0, 0.15, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)
DEFAULT_AI_DELAY = 0.6


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
    show_reasoning: bool = False
    last_game: str = "hexapawn"
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
    def from_json(cls, data: Any, default_language: str = "en") -> Settings:
        """Settings from a decoded JSON value; bad or unknown entries keep their defaults."""
        s = cls(language=default_language)
        if not isinstance(data, dict):
            return s
        if data.get("language") in LANGUAGE_NAMES:
            s.language = data["language"]
        if data.get("theme") in THEME_NAMES:
            s.theme = data["theme"]
        for name in ("fullscreen", "animations", "sound", "show_reasoning"):
            if isinstance(data.get(name), bool):
                setattr(s, name, data[name])
        delay = data.get("ai_delay")
        if isinstance(delay, (int, float)) and not isinstance(delay, bool) and 0 <= delay <= 3:
            s.ai_delay = float(delay)
        if isinstance(data.get("last_game"), str):
            s.last_game = data["last_game"]
        games = data.get("games")
        if isinstance(games, dict):
            for name, raw in games.items():
                if isinstance(name, str) and isinstance(raw, dict):
                    s.games[name] = _choices_from_json(raw)
        return s


def _choices_from_json(raw: dict[str, Any]) -> GameChoices:
    """One game's choices from JSON, keeping only well-typed values."""
    c = GameChoices()
    opts = raw.get("options")
    if isinstance(opts, dict):
        c.options = {str(k): str(v) for k, v in opts.items()
                     if isinstance(v, (str, int, float, bool))}
    seats = raw.get("seats")
    if isinstance(seats, list) and len(seats) == 2 and all(isinstance(x, str) for x in seats):
        c.seats = [seats[0], seats[1]]
    if raw.get("first") in FIRST_CHOICES:
        c.first = raw["first"]
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
    return Settings.from_json(data, default_language), None


def save_settings(settings: Settings) -> str | None:
    """Write the settings atomically; return an error message instead of raising on failure."""
    try:
        atomic_write_json(settings_path(), settings.to_json())
    except OSError as exc:
        return f"settings could not be saved ({exc})"
    return None
