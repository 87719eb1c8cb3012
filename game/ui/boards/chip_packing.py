"""One place for each score chip among its candidates, no two overlapping: a bounded search.

Othello's crowded midgames (fifteen moves, five of them side by side on one row) left the
greedy placement, each chip at its first free spot in turn, stuck at 31 px where two lanes
(one chip above its cell's centre, the next below) held them all: the first chip took the
centre and blocked both lanes of its neighbours. This search backs up instead, checking after
each choice that every chip still to place keeps a free candidate.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

#: Each pair of chips keeps this many pixels between them.
GAP = 2
#: The most choices the search tries before it gives up (a few milliseconds).
SEARCH_LIMIT = 800


def _clash(a: pygame.Rect, b: pygame.Rect) -> bool:
    """True when ``a`` and ``b`` come closer than :data:`GAP`."""
    return a.inflate(GAP, GAP).colliderect(b)


def pack_chips(candidates: Sequence[Sequence[pygame.Rect]],
               limit: int = SEARCH_LIMIT) -> list[pygame.Rect] | None:
    """One rectangle of each chip's ``candidates`` (its preferred first), no two closer than
    :data:`GAP` pixels, or None when the search finds none within ``limit`` choices. Each
    step places the chip with the fewest candidates left; each choice strikes out the
    candidates of the other chips it clashes with, and is undone when one has none left."""
    count = len(candidates)
    if any(not options for options in candidates):
        return None
    # The chips whose candidates may meet: only theirs are checked after a choice.
    reach = [r[0].unionall(list(r[1:])) for r in candidates]
    near = [[j for j in range(count) if j != i and _clash(reach[i], reach[j])]
            for i in range(count)]
    domains = [list(options) for options in candidates]
    chosen: dict[int, pygame.Rect] = {}
    tries = 0

    def place() -> bool:
        nonlocal tries
        if len(chosen) == count:
            return True
        i = min((j for j in range(count) if j not in chosen), key=lambda j: len(domains[j]))
        for rect in list(domains[i]):
            tries += 1
            if tries > limit:
                return False
            struck: list[tuple[int, list[pygame.Rect]]] = []
            ok = True
            grown = rect.inflate(GAP, GAP)
            for j in near[i]:
                if j in chosen:
                    continue
                hits = grown.collidelistall(domains[j])
                if hits:
                    struck.append((j, domains[j]))
                    gone = set(hits)
                    domains[j] = [r for k, r in enumerate(domains[j]) if k not in gone]
                    if not domains[j]:
                        ok = False
                        break
            chosen[i] = rect
            if ok and place():
                return True
            del chosen[i]
            for j, was in struck:
                domains[j] = was
            if tries > limit:
                return False
        return False

    if not place():
        return None
    return [chosen[i] for i in range(count)]
