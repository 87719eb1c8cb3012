"""The tournament as data, without pygame: what its set-up panel edits and what its results
panel and CSV files show.

:class:`TournamentSetup` is the line-up being prepared (game, variant, players with their
parameters, games per pairing, seat swap, seed) and the rules for editing it: a player who
cannot play a new game or variant gives way to the game's usual line-up, a parameter change
goes back into the player's spec. :class:`TournamentResults` is what a run produced (the names
and specs of the players who played, their matches, the cross-table) with the ranking and the
rows of the exported CSV files. The scene (``tournament.py``) only draws them and turns clicks
into calls, so everything here is tested without a window.
"""

from __future__ import annotations

from typing import Any

from ai.arena import MatchResult
from ai.base import Player
from ai.registry import (
    Param,
    PlayerSpecError,
    defaults_follow,
    make_player,
    players_for,
    resolve_spec,
)
from ai.training import CrossTable, Standing, cross_table, seeded, wilson_interval
from game.rules.registry import GameSetup, game_names, get_game

#: The most players a round robin takes (15 pairings: it stays readable on a class screen).
MAX_PLAYERS = 6
#: Players that fill a line-up when the game's usual one has fewer than two it can play.
FILLERS = ("random", "greedy")


class TournamentSetup:
    """The line-up of a tournament being prepared, and its edits.

    Every spec in :attr:`specs` is canonical for the current game and options (it names every
    parameter), so two specs compare equal exactly when the players are the same.
    """

    def __init__(self, game: str | None = None) -> None:
        names = game_names()
        self.game = game if game in names else names[0]
        self.variant = 0
        self.options: Any = self.presets()[0]
        self.specs: list[str] = self.default_specs()
        self.games = 100
        self.swap = True
        self.seed = 1

    @property
    def setup(self) -> GameSetup:
        """The game and its options as one value."""
        return GameSetup.of(self.game, self.options)

    def presets(self) -> tuple[Any, ...]:
        """The variants the tournament offers for the game (its default options at least)."""
        info = get_game(self.game)
        return info.tournament_presets or (info.options(),)

    def available(self) -> list[str]:
        """The names of the players that can play the current game and variant."""
        return [p.name for p in players_for(self.game, self.options)]

    def most_params(self) -> int:
        """The most parameters a player of this game has (the set-up spaces its rows for it)."""
        return max((len(p.params) for p in players_for(self.game, self.options)), default=0)

    def default_specs(self) -> list[str]:
        """The game's usual line-up (its descriptor's tournament players that can play this
        variant), filled up to two with random and greedy players."""
        available = set(self.available())
        wanted = [s for s in get_game(self.game).tournament_players if s in available]
        for name in FILLERS:
            if len(wanted) < 2 and name in available and name not in wanted:
                wanted.append(name)
        return [self.canonical(s) for s in wanted]

    def canonical(self, spec: str) -> str:
        """``spec`` with every parameter written out, for the current game and options.

        Raises :class:`PlayerSpecError` when that player cannot play them."""
        info, values = resolve_spec(spec, self.game, self.options)
        return info.canonical_spec(values)

    def set_game(self, game: str) -> bool:
        """Choose the game and its first variant; each player who can play it stays (with its
        parameters when they still apply), the others are replaced by the seeds' usual
        line-up. Returns whether anything changed."""
        if game == self.game:
            return False
        old_specs = list(self.specs)
        self.game = game
        self.variant = 0
        self.options = self.presets()[0]
        defaults = self.default_specs()
        self.specs = [self._kept(spec, defaults[i] if i < len(defaults) else "random")
                      for i, spec in enumerate(old_specs)]
        return True

    def _kept(self, spec: str, fallback: str, was: Any = None) -> str:
        """``spec`` for the current game (its default parameters when its own do not apply),
        or ``fallback`` when that player cannot play it; with ``was``, the options before,
        a parameter left at their default takes the new default (players.defaults_follow)."""
        for candidate in (spec, spec.split(":", 1)[0]):
            try:
                info, values = resolve_spec(candidate, self.game, self.options)
            except PlayerSpecError:
                continue
            if was is not None and candidate == spec:
                values = defaults_follow(info, values, self.game, was, self.options)
            return info.canonical_spec(values)
        return self.canonical(fallback)

    def set_variant(self, index: int) -> None:
        """Choose a variant; each player stays (with its default parameters where its own
        do not apply), those that cannot play it are replaced by random players."""
        was, self.variant = self.options, index
        self.options = self.presets()[index]
        self.specs = [self._kept(spec, "random", was) for spec in self.specs]

    def add_player(self) -> bool:
        """Add a random player (to be changed) unless there are MAX_PLAYERS already."""
        if len(self.specs) >= MAX_PLAYERS:
            return False
        self.specs.append(self.canonical("random"))
        return True

    def remove_player(self, index: int) -> bool:
        """Remove player ``index`` unless only two are left."""
        if len(self.specs) <= 2:
            return False
        del self.specs[index]
        return True

    def set_player(self, index: int, name: str) -> None:
        """Put another kind of player at ``index``, with its default parameters.

        Raises :class:`PlayerSpecError` (and changes nothing) when it cannot play the game."""
        self.specs[index] = self.canonical(name)

    def params(self, index: int) -> tuple[Param, ...]:
        """Player ``index``'s parameters as it plays this game (its game-dependent choices,
        such as ``eval=``, filled in); none when its spec no longer resolves."""
        try:
            return resolve_spec(self.specs[index], self.game, self.options)[0].params
        except PlayerSpecError:
            return ()

    def set_param(self, index: int, param: Param, value: float) -> None:
        """Change one parameter of player ``index`` (rounded for whole-number parameters)."""
        info, values = resolve_spec(self.specs[index], self.game, self.options)
        values[param.name] = round(value) if param.kind is int else value
        self.specs[index] = info.canonical_spec(values)

    def param_value(self, index: int, param: Param) -> float:
        """The current value of a player's parameter (its default when the spec no longer
        resolves)."""
        try:
            _info, values = resolve_spec(self.specs[index], self.game, self.options)
        except PlayerSpecError:
            return float(param.default)
        return float(values[param.name])

    def lineup(self) -> tuple[str, Any, tuple[str, ...]]:
        """What makes a run's results theirs: the game, its variant's options and the
        players' specs (games per pairing, the seat swap and the seed do not change who
        played)."""
        return self.game, self.options, tuple(self.specs)

    def make_players(self) -> list[Player]:
        """The players of the line-up, each with its own seed drawn from :attr:`seed`.

        Raises :class:`PlayerSpecError`, :class:`RulesError` or :class:`ValueError` when one
        cannot be built (a learner file that does not load, for example)."""
        return [make_player(spec, self.game, self.options, seeded(self.seed, i))
                for i, spec in enumerate(self.specs)]


def numbered(names: list[str]) -> list[str]:
    """``names`` with " #1", " #2"... after each name that appears more than once, so every
    player of a tournament has its own line in the tables."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if names.count(name) == 1 else f"{name} #{seen[name]}")
    return out


#: The columns of the exported CSV files.
GAMES_HEADER = ("pairing", "game", "player_1", "player_2", "first", "winner", "moves")
STANDINGS_HEADER = ("rank", "name", "spec", "games", "wins", "draws", "losses", "points",
                    "score", "score_ci95_low", "score_ci95_high", "elo")


class TournamentResults:
    """What a run produced: the players who played (names and specs, fixed when the run
    starts, whatever the set-up becomes), the game, variant and games per pairing they
    played, their matches so far and the cross-table."""

    def __init__(self, names: list[str] | None = None, specs: list[str] | None = None,
                 setup: TournamentSetup | None = None) -> None:
        self.names: list[str] = list(names or [])
        self.specs: list[str] = list(specs or [])
        #: The game, options and games per pairing of the run (the set-up's may change
        #: after it: the results' titles and picture name these).
        self.game = setup.game if setup is not None else ""
        self.options: Any = setup.options if setup is not None else None
        self.games = setup.games if setup is not None else 0
        self.matches: list[tuple[int, int, MatchResult]] = []
        self.table: CrossTable | None = None
        #: The table's standings, counted once per update: a drawn frame asked for the ranking
        #: about fifteen times, each working the Elo ratings out again (400 rounds).
        self._standings: list[Standing] = []
        self.rank_by_elo = False
        #: Whether the results show one view at a time (the table beside the ranking would
        #: be too small to read), and which: the cross-table or the ranking. The ranking
        #: first: it has the points, shares, intervals and Elo the subtitle promises (the
        #: table first showed its key, the players in seat order, where the ranking goes).
        self.one_view = False
        self.show_table = False
        #: Two players, one view at a time: whether the chart shows (else the numbers).
        self.show_chart = False
        #: The matches last taken, each as its pairing, games, end and time (see update).
        self._seen: list[tuple[Any, ...]] = []
        #: What a screen worked out from these matches, kept until they change (the duel's
        #: bar and numbers, per language and theme: worked out every frame before).
        self.drawn: dict[tuple[Any, ...], Any] = {}

    def update(self, matches: list[tuple[int, int, MatchResult]]) -> None:
        """Take the matches played so far and recount the cross-table; nothing to do for the
        same matches again (the screen hands them over every frame: a finished run's were
        recounted each time, the Elo ratings' 400 rounds with them)."""
        seen = [(i, j, m.games, m.stopped, m.seconds) for i, j, m in matches]
        if seen == self._seen and self.table is not None:
            return
        self._seen = seen
        self.matches = matches
        self.table = cross_table(self.names, matches)
        self._standings = self.table.standings()
        self.drawn.clear()

    def lineup(self) -> tuple[str, Any, tuple[str, ...]]:
        """The game, options and players' specs of the run (see TournamentSetup.lineup)."""
        return self.game, self.options, tuple(self.specs)

    def outdated(self, setup: TournamentSetup) -> bool:
        """Whether there are results and ``setup`` no longer has their line-up: a player,
        a parameter, the game or its variant changed after the run (QA20 22)."""
        return bool(self.matches) and self.lineup() != setup.lineup()

    def has_games(self) -> bool:
        """Whether at least one game was finished (there is something to export)."""
        return any(m.games for _i, _j, m in self.matches)

    def ranking(self) -> list[Standing]:
        """The standings, by points (then Elo) or by Elo."""
        rows = list(self._standings)
        if self.rank_by_elo:
            rows.sort(key=lambda s: (-s.elo, s.index))
        return rows

    def games_rows(self) -> list[tuple[object, ...]]:
        """One CSV row per game: pairing, game number, players, who moved first, result,
        length in moves."""
        rows: list[tuple[object, ...]] = []
        for i, j, m in self.matches:
            for g, result in enumerate(m.results):
                winner = (self.names[i] if result == "p1" else
                          self.names[j] if result == "p2" else "draw")
                first = self.names[i] if m.first[g] == "p1" else self.names[j]
                rows.append((f"{i + 1}-{j + 1}", g + 1, self.names[i], self.names[j], first,
                             winner, m.moves[g]))
        return rows

    def standings_rows(self) -> list[tuple[object, ...]]:
        """One CSV row per player: rank, name, spec, games, wins, draws, losses, points, score
        share with its 95% interval, Elo."""
        rows: list[tuple[object, ...]] = []
        for rank, s in enumerate(self.ranking(), 1):
            lo, hi = wilson_interval(s.points, s.games)
            rows.append((rank, s.name, self.specs[s.index], s.games, s.wins, s.draws,
                         s.losses, s.points, f"{s.score:.4f}", f"{lo:.4f}", f"{hi:.4f}",
                         f"{s.elo:.0f}"))
        return rows
