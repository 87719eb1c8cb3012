"""Translations of the UI: ``tr(key, **fmt)`` in the current language.

Every ``assets/i18n/*.{lang}.json`` file is loaded and merged (the app's ``ui.*.json``, the
board views' ``boards.*.json``, the players' ``players.*.json``...). The languages are the ones
the files exist for (:func:`languages`), so adding a language is adding JSON files; each names
itself with its ``language.name`` key. A key missing in a language falls back to English, then
to the key itself, so a missing text shows up visibly instead of crashing.
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
from typing import Any

from game.resources import asset

#: The language every other one falls back to; always offered.
FALLBACK = "en"
_tables: dict[str, dict[str, str]] = {}
_language = FALLBACK


def languages() -> tuple[str, ...]:
    """The codes of every language with translation files (``*.<code>.json``), English first."""
    folder = asset("i18n")
    codes = {FALLBACK}
    if folder.is_dir():
        for path in folder.glob("*.json"):
            parts = path.name.split(".")
            if len(parts) == 3 and parts[1].isalpha() and parts[1].islower():
                codes.add(parts[1])
    return (FALLBACK, *sorted(codes - {FALLBACK}))


def language_name(code: str) -> str:
    """A language's own name for itself (``language.name`` in its files), else its code."""
    return table(code).get("language.name", code)


def _load(lang: str) -> dict[str, str]:
    """Merge every translation file of ``lang`` (files that cannot be read are skipped)."""
    table: dict[str, str] = {}
    folder = asset("i18n")
    if folder.is_dir():
        for path in sorted(folder.glob(f"*.{lang}.json")):
            try:
                data: Any = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError):
                # A broken translation file must not stop the app: its keys fall back to English.
                continue
            if isinstance(data, dict):
                table.update({str(k): str(v) for k, v in data.items()})
    return table


def table(lang: str) -> dict[str, str]:
    """The merged translations of ``lang`` (loaded once)."""
    if lang not in _tables:
        _tables[lang] = _load(lang)
    return _tables[lang]


def reload() -> None:
    """Forget loaded tables (tests and translators editing files)."""
    _tables.clear()


def set_language(lang: str) -> None:
    """Switch the UI language; raise ValueError if it has no translation files."""
    global _language
    if lang not in languages():
        raise ValueError(f"unknown language '{lang}': choose one of {', '.join(languages())}")
    _language = lang


def language() -> str:
    """The current UI language code."""
    return _language


def decimal(text: str) -> str:
    """A number's text with the language's decimal mark ("1.2" in English, "1,2" in French):
    the mark is data, the key ``number.decimal`` of the language's files."""
    mark = tr("number.decimal") if has("number.decimal") else "."
    return text.replace(".", mark) if mark != "." else text


def span(first: int, last: int) -> str:
    """The rows a scrolled list shows, "3–5" (or "3" for one): a count ("3 of 5") read the
    same however far the list scrolled (QA S12 48, QA S13 26)."""
    return f"{first}\u2013{last}" if last > first else str(first)


def grouped(n: float) -> str:
    """A whole number (``n`` rounded) with the language's thousands separator ("12,345" in
    English, "12 345" in French, a narrow space): the separator is data, the key
    ``number.group`` of the language's files."""
    mark = tr("number.group") if has("number.group") else ","
    return f"{round(n):,}".replace(",", mark)


def system_language() -> str:
    """'fr' when the system locale is French, else 'en'."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        if value:
            code = value.lower()[:2]
            return code if code in languages() else FALLBACK
    return FALLBACK


def has(key: str) -> bool:
    """True when ``key`` has a text in the current language or in English."""
    return key in table(_language) or key in table("en")


def tr(key: str, **fmt: Any) -> str:
    """The text of ``key`` in the current language, formatted with ``fmt``.

    Falls back to English, then to the key. A format error (a translation naming a field the
    caller did not give) returns the unformatted text rather than raising.
    """
    text = table(_language).get(key)
    if text is None:
        text = table("en").get(key, key)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text
