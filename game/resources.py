"""Find bundled assets (fonts, icons, translations) from source and from a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def base_dir() -> Path:
    """The folder that holds ``assets/``: the repository root from source, the bundle's folder
    (``sys._MEIPASS``) in a one-file or one-folder PyInstaller build."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return _SOURCE_ROOT


#: The repository root, resolved once: every font and icon asked for resolved it again.
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    """Path of an asset, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return base_dir().joinpath("assets", *parts)
