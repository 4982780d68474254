"""The engine's commands for the player (docs/engine.md): ``hint`` (the best move of a record's side
to move), ``play`` (practice against the machine in the terminal) and what ``move --robot`` asks
of it. ``analyse`` is :mod:`pbmkit.cli.analyse`.

A move the engine chooses is written in the game's notation exactly as ``pbmkit move`` takes it,
and it reaches a record only through the same path as a typed move (read, checked, appended, read
back: :func:`pbmkit.desk.moving.play_move`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from pbmkit.cli.common import (
    GAME_NUMBER_OPTION,
    TAG_OPTION,
    InputError,
    Refused,
    atomic_write,
    configured_game,
    load_game,
    rules_option,
)

if TYPE_CHECKING:
    from pbmkit.engine import Limits, Result
    from pbmkit.games.base import AnyGame
    from pbmkit.records import GameReplay

__all__ = ["engine_limits", "engine_options", "hint", "line_texts", "play", "robot_move",
           "verdict_words"]

F = TypeVar("F", bound=Callable[..., Any])

MAX_SECONDS = 3600.0
"""The longest search a command runs (an hour)."""


def engine_options(f: F) -> F:
    """``--time S``, ``--playouts N`` and ``--seed N``: how long the engine thinks (docs/engine.md)."""
    f = click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=1, show_default=True,
                     help="The engine's random seed: with --playouts, the same answer every run.")(f)
    f = click.option("--playouts", type=click.IntRange(1, 10_000_000), default=None, metavar="N",
                     help="Stop after N playouts (alone: no time bound, the same answer every "
                          "run with the same seed).")(f)
    return click.option("--time", "seconds", type=click.FloatRange(0.01, MAX_SECONDS), default=None,
                        metavar="S", help="Seconds the engine thinks (default 1, or none when "
                                          "--playouts is given).")(f)


def engine_limits(seconds: float | None, playouts: int | None) -> Limits:
    """The search's bounds from ``--time`` and ``--playouts`` (1 s when neither is given)."""
    from pbmkit.engine import Limits

    if seconds is None and playouts is None:
        seconds = 1.0
    return Limits(seconds=seconds, playouts=playouts)


def line_texts(game: AnyGame, position: Any, moves: tuple[Any, ...]) -> list[tuple[str, str]]:
    """Each move of a line as (side, text in the game's notation), played from ``position``."""
    out = []
    for move in moves:
        out.append((game.side_to_move(position), game.notation.format(move, position)))
        position = game.apply(position, move)
    return out


def _winner_moves(game: AnyGame, position: Any, line: tuple[Any, ...]) -> tuple[str, int] | None:
    """The side that wins at the end of a proven ``line`` and how many of its moves that takes."""
    counts: dict[str, int] = {}
    for move in line:
        side = game.side_to_move(position)
        counts[side] = counts.get(side, 0) + 1
        position = game.apply(position, move)
    outcome = game.outcome(position)
    if outcome is None or outcome.winner == "draw":
        return None
    mover = next((s for s in counts if outcome.winner in (s, *s.split("+"))), outcome.winner)
    return outcome.winner, counts.get(mover, 0)


def verdict_words(game: AnyGame, position: Any, result: Result[Any]) -> str:
    """The engine's verdict in words: ``"Red wins in 3 (proven)"``, ``"Blue loses: Red wins in 2
    whatever Blue plays (proven)"``, ``"a draw (proven)"``, ``"Red's chance to win: 64%"``."""
    from pbmkit.games.base import side_possessive, side_verb

    side = result.side.capitalize()
    if result.proven == "win":
        return f"{side} {side_verb(game, result.side, 'wins', 'win')} in {result.moves_to_end} (proven)"
    if result.proven == "draw":
        return "a draw with best play (proven)"
    if result.proven == "loss":
        end = _winner_moves(game, position, result.line)
        if end is not None:
            winner, moves = end
            verb = side_verb(game, winner, "wins", "win")
            return (f"{side} {side_verb(game, result.side, 'loses', 'lose')}: {winner.capitalize()} "
                    f"{verb} in {moves} whatever {side} {side_verb(game, result.side, 'plays', 'play')}"
                    " (proven)")
        return f"{side} {side_verb(game, result.side, 'loses', 'lose')} (proven)"
    return f"{side_possessive(game, result.side)} chance to win: {result.chance:.0%}"


def _search(game: AnyGame, position: Any, limits: Limits, seed: int) -> Result[Any]:
    from pbmkit.engine import search

    return search(game, position, limits, seed=seed)


def _playable(rep: GameReplay, source: str, file: str) -> None:
    """Refused unless ``rep`` is a valid game still going (the record's own words)."""
    from pbmkit.desk.actions import replay_end

    if rep.game is None or not rep.valid:
        first = rep.errors[0] if rep.errors else None
        raise Refused(f"{source}: the record has errors; fix them first (pbmkit check {file})"
                      + (f"\n{first.format()}" if first else ""))
    ended = replay_end(rep)
    if ended is not None:
        raise Refused(f"the game is over: {ended}; there is no move to find")


def robot_move(rep: GameReplay, limits: Limits, seed: int) -> tuple[str, Result[Any]]:
    """The engine's move at the end of ``rep``'s main line, as ``pbmkit move`` takes it."""
    game = rep.game
    assert game is not None
    result = _search(game, rep.final, limits, seed)
    return game.notation.format(result.move, rep.final), result


# --- hint ----------------------------------------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@GAME_NUMBER_OPTION
@engine_options
@click.option("--json", "as_json", is_flag=True, help="Print the answer as one JSON object.")
def hint(file: str, game_number: int | None, seconds: float | None, playouts: int | None,
         seed: int, as_json: bool) -> None:
    """The engine's best move for the side to move in FILE, its chance and the line it expects.

    The move is written as pbmkit move takes it; a win, loss or draw the engine proves is said as
    such ("White wins in 3 (proven)"). The record is only read.
    """
    name, rep, game = load_game(file, game_number)
    _playable(rep, name, file)
    position = rep.final
    result = _search(game, position, engine_limits(seconds, playouts), seed)
    move = game.notation.format(result.move, position)
    line = line_texts(game, position, result.line)
    if as_json:
        alternatives = [{"move": game.notation.format(c.move, position), "playouts": c.visits,
                         "chance": round(c.chance, 4), "proven": c.proven}
                        for c in result.choices[:8]]
        click.echo(json.dumps({
            "side": result.side, "move": move, "chance": round(result.chance, 4),
            "chances": {s: round(v, 4) for s, v in result.chances.items()},
            "proven": result.proven, "moves_to_end": result.moves_to_end,
            "verdict": verdict_words(game, position, result),
            "line": [t for _, t in line], "alternatives": alternatives,
            "playouts": result.playouts, "seconds": round(result.seconds, 3)}, ensure_ascii=False))
        return
    label = rep.next_label()
    click.echo(f"{result.side.capitalize()} to move ({label}): {move}")
    click.echo(verdict_words(game, position, result))
    if len(line) > 1:
        click.echo("Expected line: " + ", ".join(f"{s.capitalize()} {t}" for s, t in line))
    click.echo(f"({result.playouts:,} playouts in {result.seconds:.1f} s)")


# --- play ----------------------------------------------------------------------------------------


@click.command()
@rules_option("The game to play.")
@TAG_OPTION
@click.option("--side", default=None, metavar="SIDE",
              help="The side you play (default: the side that moves first).")
@engine_options
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Keep the game's record in this file (written after every move; it must not "
                   "exist yet).")
def play(rules: str, tags: tuple[str, ...], side: str | None, seconds: float | None,
         playouts: int | None, seed: int, output: str | None) -> None:
    """Practise against the engine in the terminal: you type moves, the engine answers.

    Moves are typed as pbmkit move takes them, one a line (standard input may be a file).
    "hint" asks the engine for your move, "moves" lists the legal moves, "quit" (or the end of the
    input) stops. Each move is checked and recorded as on the desk; with -o the record is kept.
    """
    import os

    from pbmkit.desk.moving import AppendRefused, MoveRefused, play_move
    from pbmkit.engine import Engine
    from pbmkit.records import check_text
    from pbmkit.records.writer import new_record_text
    from pbmkit.render.terminal import board_text

    game, given = configured_game(rules, tags)
    you = (side or game.order[0]).strip().lower()
    if you not in game.order:
        raise click.BadParameter(f"{you!r} is not a side of {game.title} (its sides: "
                                 f"{', '.join(game.order)})", param_hint="--side")
    if output is not None and os.path.exists(output):
        raise InputError(f"{output} exists; give a new file for the record (or continue that "
                         f"game with pbmkit move {output} --robot)")
    players = {s: ("You" if s == you else "pbmkit engine") for s in game.sides}
    text = new_record_text(game.name, players, tags=given)
    engine: Engine[Any, Any] = Engine(game, seed=seed)
    limits = engine_limits(seconds, playouts)
    click.echo(f"{game.title}: you play {you.capitalize()}. Type a move, hint, moves or quit.")
    while True:
        (rep,) = check_text(text, output or "practice")
        position = rep.final
        if rep.winner is not None:
            from pbmkit.games.base import result_words

            click.echo(board_text(game, position, last_move=rep.main[-1].move if rep.main else None))
            click.echo(f"Game over: {result_words(game, rep.winner, rep.how, rep.detail)}.")
            return
        to_move = game.side_to_move(position)
        if to_move == you:
            click.echo(board_text(game, position, last_move=rep.main[-1].move if rep.main else None))
            click.echo(f"{rep.next_label()}. {you.capitalize()} to move: ", nl=False)
            typed = sys.stdin.readline()
            if not typed:
                click.echo("\n(end of input: the game stops here)")
                return
            typed = typed.strip()
            if not sys.stdin.isatty():  # moves piped in: the transcript shows each one
                click.echo(typed)
            if typed.lower() in ("quit", "exit", "q"):
                return
            if typed.lower() == "hint":
                got = engine.search(position, limits)
                click.echo(f"Hint: {game.notation.format(got.move, position)} "
                           f"({verdict_words(game, position, got)})")
                continue
            if typed.lower() == "moves":
                moves = sorted(game.notation.format(m, position) for m in game.legal_moves(position))
                click.echo(", ".join(moves[:200]) + (" ..." if len(moves) > 200 else ""))
                continue
            move_text = typed
        else:
            got = engine.search(position, limits)
            move_text = game.notation.format(got.move, position)
        try:
            played = play_move(text, output or "practice", rep, move_text)
        except MoveRefused as exc:
            for line in exc.lines:
                click.echo(line)
            continue
        except AppendRefused as exc:
            raise Refused(str(exc)) from None
        text = played.text
        if output is not None:
            atomic_write(output, text)
        if to_move != you:
            click.echo(f"{played.label}. {to_move.capitalize()} (engine): {played.written}"
                       f"  [{verdict_words(game, position, got)}]")
