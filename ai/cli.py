"""The headless command line: ``arena`` (play a match), ``train`` (train a learner and save it)
and ``players`` (list the roster).

``main.py`` hands ``sys.argv[1:]`` to :func:`run_cli` when it starts with one of these commands::

    python main.py arena GAME --p1 SPEC --p2 SPEC --games N [--seed S] [--opt key=value ...]
                             [--swap | --first p1|p2|alternate|random] [--frozen]
                             [--max-moves N] [--json]
    python main.py train GAME LEARNER_SPEC --games N [--opponent SPEC | --self |
                         --watch SPEC SPEC] --out FILE [--first RULE] [--seed S]
                         [--opt key=value ...] [--json]
    python main.py players GAME [--opt key=value ...] [--json]
    python main.py analyse GAME --position TEXT --p SPEC [--time S] [--seed S] [--json]

A trained learner plays wherever a spec is accepted, with ``load=FILE`` (``qlearning:load=q.json``).

Bad arguments print one line, ``error: ...``, naming the culprit and the allowed values, on
stderr and exit with code 2. Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from ai.analysis import decision_json, decision_text, parse_game_position
from ai.arena import (
    FIRST_RULES,
    ArenaError,
    FirstRule,
    MatchResult,
    run_match,
)
from ai.base import GameRecord, Limits
from ai.registry import Param, PlayerSpecError, make_player, players_for
from ai.train import TrainError, Training, TrainPlan, TrainResult, check_out_path, save_result
from game.rules.base import OptionError, RulesError
from game.rules.registry import GameSetup, game_names, get_game, parse_options
from game.userdata import cut_text

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
MAX_GAMES = 1_000_000
PROGRESS_WIDTH = 30
#: On a terminal, the progress line is redrawn at most this often (seconds).
REDRAW_SECONDS = 0.5
#: Largest --max-moves.
MAX_MOVES = 10_000_000


class UsageError(Exception):
    """A bad command line; the message is one line."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one-line exceptions instead of usage + exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _games_count(text: str) -> int:
    """``--games``: a whole number from 1 to MAX_GAMES."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {MAX_GAMES}, got '{text}'") from None
    if not 1 <= value <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_GAMES}, got {value}")
    return value


def _max_moves(text: str) -> int:
    """``--max-moves``: a whole number from 1 to MAX_MOVES."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {MAX_MOVES}, got '{text}'") from None
    if not 1 <= value <= MAX_MOVES:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_MOVES}, got {value}")
    return value


def _seed(text: str) -> int:
    """``--seed``: any whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got '{text}'") from None


def _seconds(text: str) -> float:
    """``--time``: seconds, more than 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got '{text}'") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600, got {text}")
    return value


def _option(text: str) -> tuple[str, str]:
    """``--opt key=value``."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"must be key=value, got '{text}'")
    return key.strip().lower(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    """The parser of both commands (exposed for ``--help`` and tests)."""
    parser = _Parser(prog="main.py", description="AI Game Lab, headless commands.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser,
                                metavar="{arena,train,players,analyse}")
    games_text = ", ".join(game_names())

    arena = sub.add_parser("arena", help="play a match between two players, without a window")
    arena.add_argument("game", metavar="GAME", help=f"one of {games_text}")
    arena.add_argument("--p1", required=True, metavar="SPEC",
                       help="first player, e.g. random or mcts:iterations=500")
    arena.add_argument("--p2", required=True, metavar="SPEC", help="second player")
    arena.add_argument("--games", required=True, type=_games_count, metavar="N",
                       help=f"number of games, 1 to {MAX_GAMES}")
    arena.add_argument("--seed", type=_seed, default=None, metavar="S",
                       help="seed of the players' random choices (p1 gets S, p2 gets S+1)")
    arena.add_argument("--opt", type=_option, action="append", default=[],
                       metavar="KEY=VALUE", help="a game option (repeatable), e.g. size=4")
    arena.add_argument("--swap", action="store_true",
                       help="alternate who moves first (the same as --first alternate)")
    arena.add_argument("--first", choices=FIRST_RULES, default=None, metavar="RULE",
                       help="who moves first in each game: p1 (the default), p2, alternate, or "
                            "random (drawn before each game, as seed 003 does; --seed repeats "
                            "the draws)")
    arena.add_argument("--frozen", action="store_true",
                       help="learners do not learn during the match")
    limits = ", ".join(f"{name} {get_game(name).max_moves}" for name in game_names())
    arena.add_argument("--max-moves", type=_max_moves, default=None, metavar="N",
                       help=f"cut a game that reaches N moves: it counts as a draw and is "
                            f"reported as cut (default: {limits})")
    arena.add_argument("--json", action="store_true", help="print one JSON object")

    trainer = sub.add_parser("train", help="train a learner without a window and save it")
    trainer.add_argument("game", metavar="GAME", help=f"one of {games_text}")
    trainer.add_argument("learner", metavar="LEARNER_SPEC",
                         help="the learner, e.g. qlearning:epsilon=0 (add load=FILE to go on "
                              "training a saved one)")
    trainer.add_argument("--games", required=True, type=_games_count, metavar="N",
                         help=f"number of training games, 1 to {MAX_GAMES}")
    how = trainer.add_mutually_exclusive_group()
    how.add_argument("--self", action="store_true", dest="self_play",
                     help="the learner plays both sides (the default, seed 002's loop)")
    how.add_argument("--opponent", metavar="SPEC", default=None,
                     help="the learner plays this player and learns from its own moves")
    how.add_argument("--watch", nargs=2, metavar="SPEC", default=None,
                     help="the learner watches these two players and learns from both sides")
    trainer.add_argument("--out", required=True, metavar="FILE",
                         help="where to save the trained learner (JSON)")
    trainer.add_argument("--first", choices=FIRST_RULES, default="alternate", metavar="RULE",
                         help="who moves first: p1 (the learner, or the first watched player), "
                              "p2, alternate (the default) or random")
    trainer.add_argument("--seed", type=_seed, default=None, metavar="S",
                         help="seed of every random choice, so that a training repeats")
    trainer.add_argument("--opt", type=_option, action="append", default=[],
                         metavar="KEY=VALUE", help="a game option (repeatable), e.g. size=4")
    trainer.add_argument("--json", action="store_true", help="print one JSON object")

    players = sub.add_parser("players", help="list the players of a game with their parameters")
    players.add_argument("game", metavar="GAME", help=f"one of {games_text}")
    players.add_argument("--opt", type=_option, action="append", default=[],
                         metavar="KEY=VALUE", help="a game option (repeatable)")
    players.add_argument("--json", action="store_true", help="print JSON")

    analyse = sub.add_parser("analyse", help="show a player's decision for one position")
    analyse.add_argument("game", metavar="GAME", help=f"one of {games_text}")
    analyse.add_argument("--position", required=True, metavar="TEXT",
                         help="the position in the game's own text (Othello: 64 squares a1..h8 "
                              "row by row, X black, O white, - empty, a space, X or O to move)")
    analyse.add_argument("--p", required=True, metavar="SPEC", dest="player",
                         help="the player, e.g. engine:time=2")
    analyse.add_argument("--time", type=_seconds, default=None, metavar="S",
                         help="seconds for this decision (default: the player's own budget)")
    analyse.add_argument("--seed", type=_seed, default=None, metavar="S",
                         help="seed of the player's random choices")
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _setup(name: str, pairs: Sequence[tuple[str, str]]) -> GameSetup:
    """The game with its validated options; raises OptionError (from the rules) when bad."""
    game = get_game(name)
    values: dict[str, str] = {}
    for key, value in pairs:
        # Refused rather than "last one wins": a typo'd repeat would silently play another game.
        if key in values:
            raise OptionError(f"option '{key}' is given twice (--opt {key}={values[key]} "
                              f"and --opt {key}={value})")
        values[key] = value
    return GameSetup(game, parse_options(game, values))


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 05 s``, ``2 h 07 min``."""
    s = int(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class _ProgressBar:
    """A one-line progress bar on a stream, redrawn in place.

    Into a file or a pipe it is redrawn only when the bar grows, so that a match of a million
    fast games does not spend its time writing. On a terminal it also says the games per
    second and the time left, and is redrawn during a long game too (moves so far), at most
    :data:`REDRAW_SECONDS` apart, so a slow run never looks hung.
    """

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total
        self._filled = -1
        self._drawn = False
        self._started = time.monotonic()
        self._last = 0.0
        self._moves = 0
        self._match: MatchResult | None = None
        try:
            self.live = stream.isatty()
        except (AttributeError, ValueError, OSError):
            self.live = False

    def __call__(self, match: MatchResult, record: GameRecord) -> None:
        """Redraw after a game (see the class docstring for how often)."""
        self._match = match
        self._moves = 0
        done = match.games
        filled = done * PROGRESS_WIDTH // self.total
        if self.live:
            if time.monotonic() - self._last < REDRAW_SECONDS and done != self.total:
                return
        elif filled == self._filled and done != self.total:
            return
        self._filled = filled
        self._draw()

    def move(self, *_args: object) -> None:
        """After each move: on a terminal, redraw now and then with the moves of this game."""
        self._moves += 1
        if self.live and time.monotonic() - self._last >= REDRAW_SECONDS:
            self._draw()

    def _draw(self) -> None:
        self._last = time.monotonic()
        match = self._match
        done = match.games if match is not None else 0
        filled = done * PROGRESS_WIDTH // self.total
        line = f"\r[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {done}/{self.total}"
        if match is not None:
            line += f"  p1 {match.p1_wins}  p2 {match.p2_wins}  draws {match.draws}"
            if match.cut:
                line += f" ({match.cut} cut)"
        if self.live:
            elapsed = max(self._last - self._started, 1e-9)
            rate = done / elapsed
            line += f"  {rate:.3g} games/s" if done else ""
            if done and done < self.total:
                line += f"  {_duration((self.total - done) / rate)} left"
            if self._moves:
                line += f"  (game {done + 1}: {self._moves} moves)"
            line += "\x1b[K"  # clear what a longer previous line left
        self.stream.write(line)
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        """End the bar's line."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()


#: How the summary says who moved first.
_FIRST_WORDS: dict[FirstRule, str] = {"p1": "p1 always", "p2": "p2 always",
                                      "alternate": "alternating", "random": "drawn at random"}


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def _summary(setup: GameSetup, match: MatchResult) -> str:
    """The readable summary printed without --json."""
    n = match.games
    lines = [
        f"{setup.describe()}: {n} games"
        + (" (stopped early)" if match.stopped else ""),
        f"  p1 {match.p1}: {match.p1_wins} wins ({_percent(match.p1_wins, n)}), "
        f"{match.think_mean(0) * 1000:.2f} ms per move",
        f"  p2 {match.p2}: {match.p2_wins} wins ({_percent(match.p2_wins, n)}), "
        f"{match.think_mean(1) * 1000:.2f} ms per move",
        f"  draws: {match.draws} ({_percent(match.draws, n)})"
        + (f", of which {match.cut} cut at {match.cut_at} moves" if match.cut else ""),
        f"  first move: {_FIRST_WORDS[match.first_rule]}; "
        f"learning: {'on' if match.learn else 'frozen'}",
        f"  average length {match.moves_mean:.1f} moves; {match.seconds:.2f} s in all",
    ]
    if match.reasons:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(match.reasons.items()))
        lines.append(f"  endings: {ends}")
    return "\n".join(lines)


def _arena(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    setup = _setup(args.game, args.opt)
    game, options = setup.info, setup.options
    seed: int | None = args.seed
    p1 = make_player(args.p1, setup, seed=seed)
    p2 = make_player(args.p2, setup, seed=None if seed is None else seed + 1)
    bar = None if args.json else _ProgressBar(err, args.games)
    latest: list[MatchResult] = []

    def progress(match: MatchResult, record: GameRecord) -> None:
        if not latest:
            latest.append(match)
        if bar is not None:
            bar(match, record)

    if args.swap and args.first not in (None, "alternate"):
        raise UsageError(f"--swap and --first {args.first} disagree: give only one")
    first: FirstRule = args.first or ("alternate" if args.swap else "p1")
    code = EXIT_OK
    try:
        match = run_match(p1, p2, options.initial_state, args.games, first=first,
                          first_seed=None if seed is None else seed + 2,
                          learn=not args.frozen, progress=progress,
                          cut_at=args.max_moves or game.max_moves,
                          on_move=None if bar is None else bar.move)
    except KeyboardInterrupt:
        # Ctrl-C: report the games finished so far rather than nothing.
        if not latest:
            raise
        match = latest[0]
        match.stopped = True
        code = EXIT_INTERRUPTED
    finally:
        if bar is not None:
            bar.finish()
    if args.json:
        data = match.to_json()
        data.update(game=game.name, options=game.describe_options(options), seed=seed)
        out.write(json.dumps(data) + "\n")
    else:
        out.write(_summary(setup, match) + "\n")
    return code


def _train(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    setup = _setup(args.game, args.opt)
    game, options = setup.info, setup.options
    target = Path(args.out).expanduser()
    check_out_path(target)
    if args.watch is not None:
        plan = TrainPlan(game.name, options, args.learner, args.games, target, mode="watch",
                         watched=(args.watch[0], args.watch[1]), first=args.first,
                         seed=args.seed)
    elif args.opponent is not None:
        plan = TrainPlan(game.name, options, args.learner, args.games, target,
                         mode="opponent", opponent=args.opponent, first=args.first,
                         seed=args.seed)
    else:
        plan = TrainPlan(game.name, options, args.learner, args.games, target, mode="self",
                         first=args.first, seed=args.seed)
    training = Training(plan)
    bar = None if args.json else _ProgressBar(err, args.games)
    code = EXIT_OK
    try:
        result = training.run(progress=bar)
    except KeyboardInterrupt:
        # Ctrl-C: save what was learned from the games finished so far rather than nothing.
        result = training.so_far()
        code = EXIT_INTERRUPTED
    finally:
        if bar is not None:
            bar.finish()
    save_result(result)
    if args.json:
        out.write(json.dumps(_train_json(setup, result)) + "\n")
    else:
        out.write(_train_summary(setup, result) + "\n")
    return code


def _train_json(setup: GameSetup, result: TrainResult) -> dict[str, Any]:
    """The ``train --json`` output: the plan, the match as the arena reports it, the file."""
    plan = result.plan
    return {
        "game": setup.name,
        "options": setup.info.describe_options(setup.options),
        "learner": result.learner.spec,
        "mode": plan.mode,
        "opponent": result.match.p2 if plan.mode == "opponent" else None,
        "watched": [result.match.p1, result.match.p2] if plan.mode == "watch" else None,
        "seed": plan.seed,
        "out": str(result.saved),
        **result.details,
        "match": result.match.to_json(),
    }


def _train_summary(setup: GameSetup, result: TrainResult) -> str:
    """The readable summary printed without --json."""
    plan, match = result.plan, result.match
    how = {"self": "against itself",
           "opponent": f"against {match.p2}",
           "watch": f"watching {match.p1} against {match.p2}"}[plan.mode]
    lines = [
        f"{setup.describe()}: {result.learner.spec} trained "
        f"{how} for {match.games} games" + (" (stopped early)" if match.stopped else ""),
    ]
    if plan.mode == "opponent":
        lines.append(f"  learner won {match.p1_wins}, lost {match.p2_wins}, drew "
                     f"{match.draws}")
    else:
        lines.append(f"  p1 won {match.p1_wins}, p2 won {match.p2_wins}, drawn {match.draws}")
    extra = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in result.details.items())
    if extra:
        lines.append(f"  {extra}")
    lines.append(f"  saved to {result.saved}; play it with "
                 f"'{result.learner.spec.split(':')[0]}:load={result.saved}'")
    lines.append(f"  {match.seconds:.2f} s in all")
    return "\n".join(lines)


def _type_name(param: Param) -> str:
    """How ``players`` names a parameter's type: int, float or choice."""
    return "choice" if param.choices else param.kind.__name__


def _players(args: argparse.Namespace, out: TextIO) -> int:
    setup = _setup(args.game, args.opt)
    game = setup.info
    roster = players_for(setup)
    # The defaults shown are this game's: its seed may play a player otherwise (Nim's
    # elimination learner works box by box).
    defaults = {p.name: p.defaults(game) for p in roster}
    if args.json:
        data = [{
            "name": p.name, "title": p.title, "description": p.description,
            "learner": p.learner,
            "params": [{"name": q.name, "type": _type_name(q),
                        "default": defaults[p.name][q.name], "low": q.low, "high": q.high,
                        "description": q.description,
                        **({"choices": list(q.choices)} if q.choices else {})}
                       for q in p.params],
        } for p in roster]
        out.write(json.dumps({"game": game.name, "players": data}, ensure_ascii=False) + "\n")
        return EXIT_OK
    lines = [f"Players for {setup.describe()}:"]
    for p in roster:
        tag = " (learns)" if p.learner else ""
        lines.append(f"  {p.name}{tag}: {p.title}. {p.description}")
        for q in p.params:
            lines.append(f"      {q.name}={q.format(defaults[p.name][q.name])}  "
                         f"({_type_name(q)}, {q.range_text}) {q.description}")
    out.write("\n".join(lines) + "\n")
    return EXIT_OK


def _analyse(args: argparse.Namespace, out: TextIO) -> int:
    game = get_game(args.game)
    options, state = parse_game_position(game, args.position)
    if state.outcome is not None:
        raise OptionError(f"the game is over in this position ({state.outcome.message}): "
                          f"there is nothing to decide")
    player = make_player(args.player, game.name, options, seed=args.seed)
    decision = player.choose(state, Limits(time=args.time))
    data = decision_json(decision)
    data.update(game=game.name, position=args.position, player=player.spec)
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return EXIT_OK
    out.write(decision_text(data) + "\n")
    return EXIT_OK


def _one_line(exc: BaseException) -> str:
    """An error message on one line, whatever the raiser put in it; a very long word (a
    pasted argument echoed back) is cut so that the line stays readable."""
    return " ".join(cut_text(word) for word in str(exc).split())


def run_cli(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``arena``, ``players`` or ``analyse`` with ``argv`` (starting with the command);
    the exit code.

    0 on success; 2 with a one-line ``error: ...`` on stderr for bad arguments; 1 when a
    player breaks the rules during the match; 130 when interrupted (Ctrl-C), after printing
    the games finished so far.
    """
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except UsageError as exc:
        stderr.write(f"error: {_one_line(exc)}\n")
        return EXIT_USAGE
    except SystemExit as exc:  # --help prints and exits 0
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    try:
        if args.command == "arena":
            return _arena(args, stdout, stderr)
        if args.command == "train":
            return _train(args, stdout, stderr)
        if args.command == "analyse":
            return _analyse(args, stdout)
        return _players(args, stdout)
    except (RulesError, PlayerSpecError, UsageError) as exc:
        stderr.write(f"error: {_one_line(exc)}\n")
        return EXIT_USAGE
    except TrainError as exc:
        stderr.write(f"error: {_one_line(exc)}\n")
        return EXIT_USAGE
    except ArenaError as exc:
        stderr.write(f"error: {_one_line(exc)}\n")
        return EXIT_FAILURE
    except KeyboardInterrupt:
        stderr.write("\ninterrupted\n")
        return EXIT_INTERRUPTED
