"""``pbmkit analyse``: every move of a game judged by the engine, written as an annotated copy of the
record; ``--adjudicate``: the engine's verdict on an unfinished game, with its evidence
(docs/engine.md, "Analysis").

Each position of the main line is searched once: its search gives the mover's chance before the
move (with the best move) and the chance of every side after the move before it. A move that lowers
its side's chance by :data:`MISTAKE` is a mistake (``?``), by :data:`BLUNDER` a blunder (``??``);
so is a move that gives up a proven win or walks into a proven loss. The copy carries, after every
move, a comment ``{[%eval red 0.62 blue 0.38] ?? ...}``: each side's chance after the move, then the
mark and the better move in words. The original file is never written.
"""


import os
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from pbmkit.cli.common import InputError, Refused, atomic_write, pick_game, read_source
from pbmkit.cli.engine import (
    engine_limits,
    engine_options,
    line_texts,
    verdict_words,
)

if TYPE_CHECKING:
    from pbmkit.engine import Limits, Result
    from pbmkit.games.base import AnyGame
    from pbmkit.records import GameReplay

__all__ = ["BLUNDER", "MISTAKE", "Judged", "analyse", "annotated_text", "judge_moves"]

MISTAKE = 0.10
"""A move that lowers its side's chance of winning by this much (10 points) is a mistake, ``?``."""
BLUNDER = 0.25
"""By this much (25 points), a blunder, ``??``."""


class Judged(NamedTuple):
    """One move of the main line, judged."""

    ply: Any
    chances: dict[str, float]
    """Every side's chance after the move."""
    before: float
    """The mover's chance before it (with the engine's best move)."""
    after: float
    """The mover's chance after it."""
    mark: str
    """``"??"``, ``"?"`` or ``""``."""
    better: str | None
    """The engine's move instead, in the game's notation, where the move is marked."""
    note: str
    """The mark's reason in words (``"a blunder: 58% -> 21%"``)."""


def _chances_after(game: "AnyGame", position: Any, result: "Result[Any] | None") -> dict[str, float]:
    """Every side's chance in ``position``: by the rules where the game is over, else the search's."""
    outcome = game.outcome(position)
    if outcome is not None:
        sides = list(game.order)
        if outcome.winner == "draw":
            return {s: 1.0 / len(sides) for s in sides}
        return {s: 1.0 if outcome.winner in (s, *s.split("+")) else 0.0 for s in sides}
    assert result is not None
    return dict(result.value)


def judge_moves(rep: "GameReplay", limits: "Limits", seed: int,
                progress: Any = None) -> list[Judged]:
    """Every main-line move of ``rep`` judged (a search of each position, :data:`MISTAKE`,
    :data:`BLUNDER`); ``progress(done, total)`` is told after each search."""
    from pbmkit.engine import search

    game = rep.game
    assert game is not None
    plies = list(rep.main)
    positions = [p.before for p in plies] + [rep.final]
    results: list[Result[Any] | None] = []
    for k, position in enumerate(positions):
        over = game.outcome(position) is not None
        results.append(None if over else search(game, position, limits, seed=seed + k))
        if progress is not None:
            progress(k + 1, len(positions))
    out = []
    for k, ply in enumerate(plies):
        found = results[k]
        assert found is not None
        chances = _chances_after(game, ply.after, results[k + 1])
        before = found.value.get(ply.side, 0.0)
        after = chances.get(ply.side, 0.0)
        drop = before - after
        best = found.move
        mark, note = "", ""
        if ply.move != best:
            if found.proven == "win" and after < 1.0:
                mark, note = "??", f"gives up a proven win ({verdict_words(game, ply.before, found)})"
            elif results[k + 1] is not None and _proven_loss(results[k + 1], ply.side) \
                    and found.proven != "loss":
                mark, note = "??", "walks into a proven loss"
            elif drop >= BLUNDER:
                mark, note = "??", f"a blunder: {before:.0%} -> {after:.0%}"
            elif drop >= MISTAKE:
                mark, note = "?", f"a mistake: {before:.0%} -> {after:.0%}"
        better = game.notation.format(best, ply.before) if mark else None
        if better is not None:
            note += f"; better {better} ({found.chance:.0%})"
        out.append(Judged(ply, chances, before, after, mark, better, note))
    return out


def _proven_loss(result: "Result[Any] | None", side: str) -> bool:
    """Whether the search proved the game lost for ``side`` (a proven end where it gets nothing)."""
    return result is not None and result.proven is not None and result.chances.get(side) == 0.0


def comment_of(judged: Judged) -> str:
    """The comment written after a judged move (``[%eval ...]`` first, then the mark's words)."""
    from pbmkit.records.evals import format_eval

    words = f" {judged.mark} {judged.note}" if judged.mark else ""
    return format_eval(judged.chances) + words


def annotated_text(text: str, rep: "GameReplay", judged: list[Judged]) -> str:
    """``text`` with each judged move's comment right after the move (the rest as it was)."""
    written = {(m.line, m.column): m for turn in rep.record.main for m in turn.moves}
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = text[len(bom):]
    inserts = []
    for j in judged:
        move = written.get((j.ply.line, j.ply.column))
        if move is None:
            raise Refused(f"cannot place the comment of {j.ply.label}. {j.ply.text} in the record")
        inserts.append((move.end_pos, " {" + comment_of(j) + "}"))
    for pos, piece in sorted(inserts, reverse=True):
        body = body[:pos] + piece + body[pos:]
    return bom + body


def _summary(game: "AnyGame", judged: list[Judged]) -> list[str]:
    lines = []
    for side in game.order:
        own = [j for j in judged if j.ply.side == side]
        blunders = sum(j.mark == "??" for j in own)
        mistakes = sum(j.mark == "?" for j in own)
        lines.append(f"{side.capitalize()}: {len(own)} moves, {mistakes} mistake(s), "
                     f"{blunders} blunder(s)")
    for j in judged:
        if j.mark:
            lines.append(f"  {j.ply.label}. {j.ply.side.capitalize()} {j.ply.text}{j.mark}: {j.note}")
    return lines


def _adjudicate(game: "AnyGame", rep: "GameReplay", limits: "Limits", seed: int) -> None:
    from pbmkit.engine import search

    position = rep.final
    result = search(game, position, limits, seed=seed)
    move = game.notation.format(result.move, position)
    leader = max(result.chances, key=lambda s: result.chances[s])
    if result.proven is not None:
        verdict = verdict_words(game, position, result)
    elif result.chances[leader] >= 0.9:
        verdict = f"{leader.capitalize()} should win ({result.chances[leader]:.0%})"
    else:
        verdict = "too close to call: play on, or decide by the rules of the event"
    click.echo(f"The engine's verdict after {len(rep.main)} moves: {verdict}.")
    click.echo("Evidence:")
    click.echo(f"  {result.side.capitalize()} to move; the engine's move: {move}")
    click.echo("  chances: " + ", ".join(f"{s.capitalize()} {c:.0%}" for s, c in result.chances.items()))
    line = line_texts(game, position, result.line)
    if line:
        click.echo("  expected line: " + ", ".join(f"{s.capitalize()} {t}" for s, t in line))
    for c in result.choices[:5]:
        proven = f", proven {c.proven}" if c.proven else ""
        click.echo(f"  {game.notation.format(c.move, position)}: {c.visits:,} playouts, "
                   f"{c.chance:.0%}{proven}")
    click.echo(f"  ({result.playouts:,} playouts in {result.seconds:.1f} s, seed {seed})")
    click.echo("Nothing was applied: the verdict is an aid for the director, the record is unchanged.")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, exists=True))
@engine_options
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the annotated copy here (default: print it).")
@click.option("--adjudicate", is_flag=True,
              help="Only the engine's verdict on the unfinished game, with its evidence.")
def analyse(file: str, seconds: float | None, playouts: int | None, seed: int,
            output: str | None, adjudicate: bool) -> None:
    """Judge every move of the game in FILE: a copy of the record with each move's evaluation,
    mistakes (?) and blunders (??) marked with the better move (docs/engine.md).

    --time (or --playouts) is per position searched. FILE is never written; the copy goes to -o
    OUT or standard output, and the summary to the terminal. --adjudicate: the engine's verdict on
    an unfinished game with its evidence, applying nothing.
    """
    text, name = read_source(file)
    from pbmkit.records import check_text

    rep = pick_game(check_text(text, name), None, name, can_choose=False)
    game = rep.game
    if game is None or not rep.valid:
        first = rep.errors[0] if rep.errors else None
        raise Refused(f"{name}: the record has errors; fix them first (pbmkit check {file})"
                      + (f"\n{first.format()}" if first else ""))
    limits = engine_limits(seconds, playouts)
    if adjudicate:
        if output is not None:
            raise click.UsageError("--adjudicate writes nothing: leave out -o")
        if rep.winner is not None or game.outcome(rep.final) is not None:
            raise Refused(f"{name}: the game is already decided; there is nothing to adjudicate")
        _adjudicate(game, rep, limits, seed)
        return
    if output is not None and os.path.exists(output) and os.path.samefile(output, file):
        raise InputError("-o names the record itself; analyse never changes the original: give "
                         "another file")
    if not rep.main:
        raise Refused(f"{name}: the record has no move to analyse")
    judged = judge_moves(rep, limits, seed)
    new_text = annotated_text(text, rep, judged)
    (back,) = check_text(new_text, output or name)
    if not back.valid or [p.text for p in back.main] != [p.text for p in rep.main]:
        raise Refused("the annotated copy does not read back as the same game; nothing written")
    if output is None:
        click.echo(new_text, nl=False)
        for line in _summary(game, judged):
            click.echo(line, err=True)
        return
    atomic_write(output, new_text.encode("utf-8"))
    for line in _summary(game, judged):
        click.echo(line)
    click.echo(f"Wrote {output} (the original is unchanged).")
