"""The Othello engine's opening book: moves for the first plies, stored from self-play.

``tools/make_othello_book.py`` plays seeded self-play games from the starting position and
analyses every position of their first plies with a fixed-depth search of the engine; the
book keeps, for each position, the moves within a small margin of the best and their searched
values. It ships as ``assets/othello/book.json`` (a few tens of kilobytes).

Positions are stored once for the board's eight symmetries (the smallest image of the pair of
bitboards is the key), so a book made from one first move answers the other three too.

A missing or unusable file logs a warning and gives no book: the engine then searches every
move, as it does beyond the book.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.othello import bits, legal_mask

LOG = logging.getLogger(__name__)

#: The file's ``format`` and ``version`` fields: anything else is refused.
BOOK_FORMAT = "aigamelab-othello-book"
BOOK_VERSION = 1
#: A book entry's values are evaluation points; anything beyond this is not a search value.
VALUE_LIMIT = 1_000_000


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The eight square maps of the 8x8 board (rotations and reflections)."""
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                m = []
                for sq in range(64):
                    r, c = divmod(sq, 8)
                    if transpose:
                        r, c = c, r
                    if flip_rows:
                        r = 7 - r
                    if flip_cols:
                        c = 7 - c
                    m.append(8 * r + c)
                maps.append(tuple(m))
    return tuple(maps)


SYMMETRIES = _symmetries()
#: Each map's inverse: it takes a square of the image back to the original board.
INVERSES = tuple(tuple(m.index(sq) for sq in range(64)) for m in SYMMETRIES)


def _image(board: int, square_map: tuple[int, ...]) -> int:
    """``board`` with every square moved by ``square_map``."""
    out = 0
    for sq in bits(board):
        out |= 1 << square_map[sq]
    return out


def canonical(own: int, opp: int) -> tuple[tuple[int, int], int]:
    """The book key of a position (its smallest symmetric image) and which map gives it."""
    best: tuple[int, int] | None = None
    which = 0
    for i, m in enumerate(SYMMETRIES):
        image = (_image(own, m), _image(opp, m))
        if best is None or image < best:
            best, which = image, i
    assert best is not None
    return best, which


class BookFileError(ValueError):
    """The book file cannot be used (its message says why)."""


@dataclass(frozen=True)
class Book:
    """Book moves by canonical position: each a tuple of (square, value in evaluation points),
    best first; ``depth`` is the search depth that gave the values, ``source`` what made it."""

    entries: dict[tuple[int, int], tuple[tuple[int, int], ...]]
    depth: int
    source: str

    def moves(self, own: int, opp: int) -> tuple[tuple[int, int], ...]:
        """The book moves of the position (squares on this board, best first); empty when
        the position is not in the book."""
        key, which = canonical(own, opp)
        stored = self.entries.get(key)
        if stored is None:
            return ()
        back = INVERSES[which]
        return tuple((back[sq], value) for sq, value in stored)

    def __len__(self) -> int:
        return len(self.entries)

    def to_json(self) -> str:
        """The book as its file's text."""
        positions = [[f"{own:016x}", f"{opp:016x}", [list(m) for m in moves]]
                     for (own, opp), moves in sorted(self.entries.items())]
        return json.dumps({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                           "depth": self.depth, "source": self.source,
                           "positions": positions}, separators=(",", ":")) + "\n"


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise BookFileError(f"field {name!r} missing or not {kind.__name__}")
    return value


def read_book(text: str) -> Book:
    """Parse and check a book file's text; raise :class:`BookFileError` on anything wrong.

    Every stored move must be legal in its position and every key canonical, so a damaged
    file cannot make the engine play an illegal move or miss its entries."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BookFileError(f"not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BookFileError("not a JSON object")
    if data.get("format") != BOOK_FORMAT or data.get("version") != BOOK_VERSION:
        raise BookFileError(f"not an Othello book of version {BOOK_VERSION}")
    depth = _field(data, "depth", int)
    source = _field(data, "source", str)
    entries: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for i, row in enumerate(_field(data, "positions", list)):
        try:
            own_text, opp_text, moves = row
            own, opp = int(own_text, 16), int(opp_text, 16)
            parsed = tuple((int(sq), int(value)) for sq, value in moves)
        except (TypeError, ValueError):
            raise BookFileError(f"position {i} is not [own, opp, [[square, value], ...]]"
                                ) from None
        if own >> 64 or opp >> 64 or own & opp or canonical(own, opp)[0] != (own, opp):
            raise BookFileError(f"position {i} is not a canonical board")
        legal = legal_mask(own, opp)
        if not parsed or any(not 0 <= sq < 64 or not legal >> sq & 1 or abs(v) > VALUE_LIMIT
                             for sq, v in parsed):
            raise BookFileError(f"position {i} has no move or an illegal one")
        entries[(own, opp)] = parsed
    return Book(entries, depth, source)


def shipped_path() -> Path:
    """The book shipped with the app (``assets/othello/book.json``)."""
    from game.resources import asset

    return asset("othello", "book.json")


def load_book(path: Path | None = None) -> tuple[Book | None, str]:
    """The book at ``path`` (the shipped one by default) and a line saying what was loaded;
    a missing or unusable file logs a warning and gives None: the engine plays on without."""
    path = path if path is not None else shipped_path()
    try:
        book = read_book(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, BookFileError) as exc:
        message = f"Othello opening book {path} unusable ({exc}); playing without it"
        LOG.warning(message)
        return None, message
    return book, f"Othello opening book from {path}: {len(book)} positions"


_SHIPPED: list[Book | None] = []


def shipped_book() -> Book | None:
    """The shipped book, read once per process (None when it cannot be used)."""
    if not _SHIPPED:
        _SHIPPED.append(load_book()[0])
    return _SHIPPED[0]


__all__ = ["Book", "BookFileError", "canonical", "load_book", "read_book", "shipped_book"]
