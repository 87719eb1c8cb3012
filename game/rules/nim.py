"""Nim: players take matches in turn; three variants.

* ``single`` (the Fort Boyard game): one heap of ``matches``; take 1 to ``max_take``.
* ``marienbad``: several ``heaps``; take any positive number from one heap.
* ``fibonacci``: one heap of ``matches``; the first move takes any number but not all,
  then each move takes 1 to twice what the opponent just took.

Normally whoever takes the last match wins; with ``misere`` they lose instead (misere is
supported for all three variants, Fibonacci included: the rules of play are unchanged, only
the meaning of the last match flips).

Representation: a state holds ``heaps`` (a tuple of match counts), the side to move and, for
Fibonacci, the size of the previous take. Moves are :class:`NimMove` values (heap index from
0, count). Text forms: in the one-heap variants a move is just the count (``"3"``); in
Marienbad it names the heap, numbered from 1 as the board shows it (``"h2:3"`` takes 3
matches from the second heap).

Nim is impartial (both players have the same moves from the same heaps), so a state's
``key`` leaves out the side to move: it is what the seed's learners index their tables by
(the match count for one heap, the heaps for Marienbad, the heap and the current take limit
for Fibonacci).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

from game.rules.base import (
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    Outcome,
    check_bool_option,
    check_int_option,
    check_move_text,
)
from game.rules.registry import Evaluation, GameInfo

Variant = Literal["single", "marienbad", "fibonacci"]
VARIANTS: tuple[Variant, ...] = ("single", "marienbad", "fibonacci")
SIDE_NAMES = ("Player 1", "Player 2")

MAX_MATCHES = 100
MAX_TAKE = 10
MAX_HEAPS = 8
MAX_HEAP_SIZE = 15


@dataclass(frozen=True, slots=True)
class NimMove:
    """Take ``count`` matches from heap ``heap`` (0-based).

    ``multi_heap`` only chooses the text form (``"h2:3"`` rather than ``"3"``); it takes no
    part in equality or hashing, so ``NimMove(1, 3)`` is the same move as the one a
    Marienbad state lists.
    """

    heap: int
    count: int
    multi_heap: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        if self.multi_heap:
            return f"h{self.heap + 1}:{self.count}"
        return str(self.count)


@dataclass(frozen=True, slots=True)
class NimOptions:
    """A Nim variant and its sizes; validated on construction.

    Fields that do not apply to ``variant`` are ignored but still validated, so a bad value
    is reported whichever variant is chosen.
    """

    variant: Variant = "single"
    matches: int = 20
    max_take: int = 3
    heaps: tuple[int, ...] = (1, 3, 5, 7)
    misere: bool = False

    def __post_init__(self) -> None:
        variant = self.variant
        if not isinstance(variant, str) or variant.strip().lower() not in VARIANTS:
            raise OptionError(
                f"option 'variant' must be one of {', '.join(VARIANTS)}, got {variant!r}"
            )
        # Normalise the spelling so that equal options compare equal.
        object.__setattr__(self, "variant", variant.strip().lower())
        low = 2 if self.variant == "fibonacci" else 1
        if self.variant == "fibonacci" and self.matches == 1:
            raise OptionError(
                "option 'matches' must be from 2 to 100 for fibonacci (the first move may "
                "not take every match), got 1"
            )
        check_int_option("matches", self.matches, low, MAX_MATCHES)
        check_int_option("max_take", self.max_take, 1, MAX_TAKE)
        check_bool_option("misere", self.misere)
        object.__setattr__(self, "heaps", _check_heaps(self.heaps))

    @property
    def heap_sizes(self) -> tuple[int, ...]:
        """The starting heaps of this variant."""
        return self.heaps if self.variant == "marienbad" else (self.matches,)

    def initial_state(self) -> NimState:
        """The starting position: full heaps, Player 1 to move."""
        return NimState(self, self.heap_sizes, 0, 0)

    def position(self, heaps: tuple[int, ...], to_move: int = 0, last_take: int = 0) -> NimState:
        """A validated position of this variant, for lessons, puzzles and tests.

        ``last_take`` is the opponent's previous take in Fibonacci (0 means the game's first
        move); it must be 0 in the other variants.
        """
        if isinstance(heaps, list):
            heaps = tuple(heaps)
        if not isinstance(heaps, tuple) or not all(
            isinstance(h, int) and not isinstance(h, bool) for h in heaps
        ):
            raise OptionError(f"heaps must be a tuple of whole numbers, got {heaps!r}")
        expected = len(self.heap_sizes)
        if len(heaps) != expected:
            raise OptionError(f"this {self.variant} game has {expected} heap(s), got {len(heaps)}")
        for index, (size, start) in enumerate(zip(heaps, self.heap_sizes, strict=True)):
            if not 0 <= size <= start:
                raise OptionError(f"heap {index + 1} must hold from 0 to {start} matches, "
                                  f"got {size}")
        check_int_option("to_move", to_move, 0, 1)
        if self.variant == "fibonacci":
            check_int_option("last_take", last_take, 0, self.matches)
            if last_take == 0 and heaps[0] == 0:
                raise OptionError("an empty heap needs the last take (last_take >= 1)")
        elif last_take != 0:
            raise OptionError(f"last_take only applies to fibonacci, got {last_take!r}")
        return NimState(self, heaps, to_move, last_take)


def _check_heaps(heaps: object) -> tuple[int, ...]:
    """Validate the Marienbad heaps option; return it as a tuple."""
    if isinstance(heaps, list):
        heaps = tuple(heaps)
    if not isinstance(heaps, tuple) or not 1 <= len(heaps) <= MAX_HEAPS:
        raise OptionError(
            f"option 'heaps' must list 1 to {MAX_HEAPS} heaps, like 1,3,5,7, got {heaps!r}"
        )
    for size in heaps:
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_HEAP_SIZE:
            raise OptionError(
                f"option 'heaps': each heap must hold from 1 to {MAX_HEAP_SIZE} matches, "
                f"got {size!r}"
            )
    return heaps


def _outcome(taker: int, misere: bool) -> Outcome:
    """How the game ended when ``taker`` took the last match."""
    if misere:
        return Outcome(1 - taker, "misere_last_match",
                       f"{SIDE_NAMES[taker]} took the last match and loses")
    return Outcome(taker, "last_match", f"{SIDE_NAMES[taker]} took the last match")


# Four possible endings: built once, shared by every finished state.
_OUTCOMES = {
    (taker, misere): _outcome(taker, misere) for taker in (0, 1) for misere in (False, True)
}


@dataclass(frozen=True, slots=True)
class NimState:
    """A Nim position: the heaps, who moves, and (Fibonacci) the opponent's last take.

    Build states with ``options.initial_state()`` or ``options.position(...)``; the
    constructor itself does not validate, to keep :meth:`play` cheap.
    """

    options: NimOptions
    heaps: tuple[int, ...]
    to_move: int
    last_take: int = 0

    @property
    def outcome(self) -> Outcome | None:
        """None while matches remain; otherwise who took the last one and what that means."""
        if any(self.heaps):
            return None
        return _OUTCOMES[(1 - self.to_move, self.options.misere)]

    @property
    def key(self) -> Hashable:
        """The learners' key, without the side to move (Nim is impartial).

        single: the match count (int); marienbad: the heaps (tuple); fibonacci: (matches,
        largest take allowed) - two Fibonacci positions with the same pair have the same
        moves and the same future, whatever the previous take was.
        """
        variant = self.options.variant
        if variant == "single":
            return self.heaps[0]
        if variant == "marienbad":
            return self.heaps
        return (self.heaps[0], self.max_allowed_take(0))

    def max_allowed_take(self, heap: int = 0) -> int:
        """The most matches the side to move may take from ``heap`` now (0 if none).

        This is the number the UI writes beside the heap ("take 1 to 6").
        """
        if not 0 <= heap < len(self.heaps):
            raise IllegalMoveError(self._no_such_heap(heap))
        size = self.heaps[heap]
        variant = self.options.variant
        if variant == "single":
            return min(size, self.options.max_take)
        if variant == "marienbad":
            return size
        if self.last_take == 0:
            return max(size - 1, 0)  # first move: anything but the whole heap
        return min(size, 2 * self.last_take)

    def legal_moves(self) -> tuple[NimMove, ...]:
        """Every legal move, by heap then by count from 1 upward; empty when the game is over."""
        multi = self.options.variant == "marienbad"
        return tuple(
            NimMove(heap, count, multi)
            for heap in range(len(self.heaps))
            for count in range(1, self.max_allowed_take(heap) + 1)
        )

    def play(self, move: NimMove) -> NimState:
        """The state after ``move``; raises IllegalMoveError or GameOverError saying why."""
        if not isinstance(move, NimMove):
            raise IllegalMoveError(
                f"expected a NimMove, got {type(move).__name__} {move!r} (use parse_move for text)"
            )
        outcome = self.outcome
        if outcome is not None:
            raise GameOverError(f"the game is over: {outcome.message}")
        heap, count = move.heap, move.count
        if not isinstance(heap, int) or not 0 <= heap < len(self.heaps):
            raise IllegalMoveError(self._no_such_heap(heap))
        if not isinstance(count, int) or count < 1:
            raise IllegalMoveError(f"a move must take at least one match, got {count!r}")
        limit = self.max_allowed_take(heap)
        if count > limit:
            raise IllegalMoveError(self._too_many(heap, count, limit))
        heaps = (*self.heaps[:heap], self.heaps[heap] - count, *self.heaps[heap + 1 :])
        last = count if self.options.variant == "fibonacci" else 0
        return NimState(self.options, heaps, 1 - self.to_move, last)

    def parse_move(self, text: str) -> NimMove:
        """Read ``"3"`` (one-heap variants) or ``"h2:3"`` / ``"2:3"`` (heap 2, from 1).

        The one-heap variants also accept ``"h1:3"``. Legality is not checked here.
        """
        if not isinstance(text, str):
            raise MoveParseError(f"a move's text must be a string, got {text!r}")
        check_move_text(text)
        multi = self.options.variant == "marienbad"
        t = text.strip().lower().replace(" ", "")
        if ":" in t:
            heap_text, _, count_text = t.partition(":")
            heap_text = heap_text.removeprefix("h")
            if not _is_number(heap_text):
                raise MoveParseError(self._expected(text))
            heap = int(heap_text) - 1
            if not 0 <= heap < len(self.heaps):
                raise MoveParseError(f"'{text}': {self._no_such_heap(heap)}")
        elif multi:
            raise MoveParseError(
                f"'{text}': name the heap as well, like 'h2:3' (take 3 from heap 2)"
            )
        else:
            heap, count_text = 0, t
        if not _is_number(count_text):
            raise MoveParseError(self._expected(text))
        return NimMove(heap, int(count_text), multi)

    def __str__(self) -> str:
        heaps = " ".join(str(h) for h in self.heaps)
        return f"heaps {heaps}, {SIDE_NAMES[self.to_move]} to move"

    # -- messages ---------------------------------------------------------------------------

    def _no_such_heap(self, heap: object) -> str:
        shown = heap + 1 if isinstance(heap, int) else heap
        if len(self.heaps) == 1:
            return f"there is only one heap, got heap {shown}"
        return f"there is no heap {shown}: heaps are numbered 1 to {len(self.heaps)}"

    def _too_many(self, heap: int, count: int, limit: int) -> str:
        size = self.heaps[heap]
        variant = self.options.variant
        where = f"heap {heap + 1}" if variant == "marienbad" else "the heap"
        if count > size:
            return f"cannot take {count}: {where} holds only {size}"
        if variant == "single":
            return f"cannot take {count}: a move takes 1 to {self.options.max_take} matches"
        if self.last_take == 0:
            return f"cannot take {count}: the first move may not take all {size} matches"
        return (f"cannot take {count}: at most {limit}, twice the {self.last_take} "
                f"your opponent just took")

    def _expected(self, text: str) -> str:
        if self.options.variant == "marienbad":
            return f"'{text}' is not a move: expected heap and count, like 'h2:3'"
        return f"'{text}' is not a move: expected the number of matches to take, like '3'"


def _is_number(text: str) -> bool:
    """True for a plain decimal number written in ASCII digits ('²' is a digit to Python)."""
    return text.isascii() and text.isdigit()


def describe(options: NimOptions) -> str:
    """A one-line English summary of the options, for menus and logs."""
    end = "last taker loses" if options.misere else "last taker wins"
    if options.variant == "single":
        return f"one heap of {options.matches}, take 1-{options.max_take}, {end}"
    if options.variant == "marienbad":
        return f"Marienbad, heaps {','.join(map(str, options.heaps))}, {end}"
    return f"Fibonacci, one heap of {options.matches}, {end}"


# --------------------------------------------------------------------------------------------
# What the AIs need to know (the game's descriptor)
# --------------------------------------------------------------------------------------------

#: Marienbad positions are searched to the end by default when the heaps leave at most this
#: many positions (the product of heap + 1): about a second in minimax or alphabeta. Each heap
#: of 15 multiplies the work by 16, so eight heaps of 15 would take days.
FULL_SEARCH_POSITIONS = 4096

#: Default depth of a Marienbad position with more positions than that (the neutral
#: evaluation makes it take a win in sight and avoid handing one over).
LARGE_SEARCH_DEPTH = 2


def neutral(state: NimState, player: int) -> float:
    """0 for every unfinished Nim position.

    Nim's trees are small, so the searches go to the end and only wins and losses matter;
    any non-trivial value would smuggle in the known winning strategy the learners and the
    class are meant to discover.
    """
    return 0.0


def search_depth(state: NimState) -> int | None:
    """To the end, except a large Marienbad game: LARGE_SEARCH_DEPTH plies until its heaps
    leave at most FULL_SEARCH_POSITIONS positions (so the first move never takes minutes)."""
    heaps = state.heaps
    if len(heaps) > 1 and math.prod(h + 1 for h in heaps) > FULL_SEARCH_POSITIONS:
        return LARGE_SEARCH_DEPTH
    return None


#: The solver ``ai.perfect`` provides for Nim: the memoised search to the end (matches only
#: go, so no position repeats), the classic rules choosing between equally good moves and
#: deciding alone where the heaps are too many to search.
CLASSIC_SOLVER = "nim-classic"


def solver(options: NimOptions) -> str | None:
    """Every variant is solved (see :data:`CLASSIC_SOLVER`)."""
    return CLASSIC_SOLVER


GAME = GameInfo(
    name="nim",
    title="Nim",
    options_type=NimOptions,
    side_names=SIDE_NAMES,
    describe_options=describe,
    outcome_reasons=("last_match", "misere_last_match"),
    evaluations=(Evaluation("neutral", neutral, neutral=True, unit="none"),),
    search_depth=search_depth,
    # The key leaves out the side to move (the game is impartial); searches add it.
    memo_safe=True,
    solver=solver,
    lab_presets=(NimOptions(), NimOptions(matches=12), NimOptions(misere=True),
                 NimOptions(variant="fibonacci", matches=15),
                 NimOptions(variant="marienbad", heaps=(1, 3, 5)),
                 NimOptions(variant="marienbad", heaps=(1, 3, 5, 7))),
    tournament_presets=(NimOptions(), NimOptions(misere=True),
                        NimOptions(variant="fibonacci", matches=15),
                        NimOptions(variant="marienbad", heaps=(1, 3, 5, 7))),
    tournament_players=("random", "perfect"),
    # Seed 002's strategy 1 is a table of (matches, take) with no elimination by position.
    player_defaults=(("elimination", "propagate", 0),),
    draws=False,  # someone always takes the last match
)
