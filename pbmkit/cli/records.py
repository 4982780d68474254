"""Commands on game records: check, moves, show, move, new, fmt, convert."""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import click

from pbmkit.cli.board import SUMMARY_AFTER
from pbmkit.cli.checking import run_check
from pbmkit.cli.common import (
    EXIT_INVALID,
    GAME_NUMBER_OPTION,
    MAX_PROBLEMS_OPTION,
    NO_GAME,
    TAG_OPTION,
    InputError,
    Refused,
    atomic_write,
    click_failure,
    configured_game,
    echo_err,
    error_note,
    find_ply,
    games_help,
    load_game,
    load_replays,
    locked,
    order_hint,
    player_names,
    position_at,
    read_source,
    report_problems,
    rules_option,
    side_options,
    sides_help,
    trusted_end,
)
from pbmkit.cli.engine import engine_options
from pbmkit.cli.refusals import Failure, UsageFailure
from pbmkit.common.text import printable
from pbmkit.games.base import AnyGame, MoveError, result_words, starts_at
from pbmkit.games.board import board_order
from pbmkit.games.notation import ListsMoves, StreamsMoves, SummarisesMoves

if TYPE_CHECKING:
    from pbmkit.records.replay import GameReplay

_GAME_OPTION = GAME_NUMBER_OPTION


# --- check -------------------------------------------------------------------------------


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report of record-format.md.")
@click.option("-q", "--quiet", is_flag=True, help="Print only problems, not a line per valid game.")
@MAX_PROBLEMS_OPTION
def check(files: tuple[str, ...], as_json: bool, quiet: bool, max_problems: int) -> None:
    """Replay every game in FILES (or - for standard input) and report every illegal move.

    Exit status 0 when every game is valid, 1 when a game has an error, 2 when an input could not
    be read (the other files are still checked). Record text is printed with control codes
    escaped; --json reports every problem, unbounded by --max-problems.
    """
    run_check(files, as_json, quiet, max_problems)


# --- moves -------------------------------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--turn", "label", default=None, help="After this turn (e.g. 12 or 12a).")
@click.option("--from", "from_space", default=None, help="Only the moves of the piece on SPACE.")
@click.option("--json", "as_json", is_flag=True, help='Print {"side": ..., "moves": [...]}.')
@_GAME_OPTION
def moves(file: str, label: str | None, from_space: str | None, as_json: bool,
          game_number: int | None) -> None:
    """List the legal moves at the end of the main line (or after --turn LABEL).

    On a record with errors: the moves at the end of the part before the first error, a note
    naming that error on standard error, and exit status 1.
    """
    from pbmkit.desk.actions import replay_end

    _, rep, game = load_game(file, game_number)
    position = position_at(rep, label)
    notation = game.notation
    start = None if from_space is None else _space_of(game, from_space, position)
    side = game.side_to_move(position)
    ended = replay_end(rep) if label is None and not rep.errors else None
    if ended is not None and game.outcome(position) is None:  # over by the record, not the board:
        if as_json:  # a resignation, an annulment, a forfeit (--turn looks at earlier positions)
            import json

            click.echo(json.dumps({"side": side, "moves": []}))
        else:
            click.echo(f"The game is over: {ended}; no moves (--turn LABEL lists those of an "
                       "earlier position).")
        return
    if as_json and isinstance(notation, StreamsMoves):
        _echo_moves_json(side, notation.sorted_listing(position, start))
    else:
        _list_moves(game, rep, position, start, label, as_json)
    if rep.errors:
        echo_err(error_note(rep))
        sys.exit(EXIT_INVALID)


def _list_moves(game: AnyGame, rep: GameReplay, position: Any, start: Any, label: str | None,
                as_json: bool) -> None:
    """``moves`` from the list of legal moves: JSON, or a count and the texts (or a summary)."""
    notation = game.notation
    side = game.side_to_move(position)
    legal = list(game.legal_moves(position))
    if start is not None:
        legal = [m for m in legal if starts_at(game, m, start)]
    listed = notation.listing if isinstance(notation, ListsMoves) else notation.format
    texts = sorted({listed(m, position) for m in legal}, key=board_order)
    if as_json:
        import json

        click.echo(json.dumps({"side": side, "moves": texts}, ensure_ascii=False))
    else:
        outcome = game.outcome(position)
        where = (f"after turn {label}" if label else "at the end of the record" if rep.valid
                 else "before the record's first error")
        if outcome is not None:
            said = result_words(game, outcome.winner, outcome.how, outcome.detail)
            click.echo(f"The game is over {where}: {said}; "
                       "no legal moves.")
        else:
            click.echo(f"{side.capitalize()} to move {where}: {len(texts)} legal move(s)")
            if isinstance(notation, SummarisesMoves) and len(texts) > SUMMARY_AFTER:
                for line in notation.summarise(legal, position):
                    click.echo(f"  {line}")
                click.echo("  (--json lists every move; --from SQUARE one piece's)")
            else:
                for t in texts:
                    click.echo(f"  {t}")


def _echo_moves_json(side: str, texts: Iterable[str]) -> None:
    """``{"side": ..., "moves": [...]}`` as ``json.dumps`` writes it, written as the texts come
    (a notation that streams its moves: hundreds of thousands in a contrived position)."""
    import json

    encode = json.JSONEncoder(ensure_ascii=False).encode
    chunk = [f'{{"side": {encode(side)}, "moves": [']
    sep = ""
    for text in texts:
        chunk.append(sep + encode(text))
        sep = ", "
        if len(chunk) >= 4096:
            click.echo("".join(chunk), nl=False)
            chunk.clear()
    chunk.append("]}")
    click.echo("".join(chunk))


def _space_of(game: AnyGame, text: str, position: Any) -> int:
    """The space ``text`` names for ``--from``; a clear :class:`InputError`, with the notation's
    hint (a pbmserv name, say) when it has one."""
    start = game.board.find(text)
    if start is not None:
        return int(start)
    hint = ""
    try:
        game.notation.read(text, position)
    except ValueError as exc:  # a MoveError, or a game's own ValueError (no start)
        if isinstance(exc, MoveError) and exc.start is not None:
            hint = f" ({printable(str(exc), 200)})"
    raise InputError(f"--from {printable(text, 20)}: not a space of the {game.title} board{hint}")


# --- show --------------------------------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--turn", "label", default=None, help="Show the board after this turn (12, 12a).")
@click.option("--flip", is_flag=True, help="Draw the board from the second side's seat.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the board as an SVG drawing to this file.")
@click.option("--png", "png_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the board as a PNG picture to this file.")
@click.option("--size", "png_size", type=click.IntRange(60, 4000), default=None, metavar="PIXELS",
              help="The PNG's width in pixels (60 to 4000; default 600).")
@click.option("-v", "--verbose", is_flag=True,
              help="With --svg or --png: print the board in the terminal too.")
@_GAME_OPTION
def show(file: str, label: str | None, flip: bool, svg_path: str | None, png_path: str | None,
         png_size: int | None, verbose: bool, game_number: int | None) -> None:
    """Draw the board of a record: the last move marked, whose turn, what was announced, the result.

    In the terminal; with --svg or --png, into that file (and in the terminal with -v).

    On a record with errors: the board before the first error (never a move after it, nor one
    inside a comment that is never closed), a note naming that error, and exit status 1.
    """
    from pbmkit.render.terminal import board_text

    if png_size is not None and not png_path:
        raise InputError("--size is the width of the PNG: give --png OUT.png too")
    _, rep, game = load_game(file, game_number)
    if label:
        ply = find_ply(rep, label)
        position, last = ply.after, ply
    else:
        last, position = trusted_end(rep)
    players = [str(rep.record.tags.get(tag, "")) for tag in game.side_tags]
    in_terminal = verbose or not (svg_path or png_path)
    if in_terminal:
        click.echo(board_text(game, position, last_move=last.move if last else None, flip=flip,
                              players=players))
        click.echo()
    notes = []  # under the board, in the terminal and in the SVG alike
    if last is not None:
        notes.append(f"Last move: {last.label}. {last.side.capitalize()} {last.text}"
                     + "".join(f" ({a.word}: {a.detail})" for a in last.announcements))
    outcome = game.outcome(position)
    if outcome is not None:
        notes.append(f"Game over: {result_words(game, outcome.winner, outcome.how, outcome.detail)}.")
    elif not label and rep.winner is not None and rep.valid:
        notes.append(f"Result: {result_words(rep.game, rep.winner, rep.how, rep.detail)}.")
    else:
        notes.append(f"{game.side_to_move(position).capitalize()} to move.")
    if in_terminal:
        click.echo("\n".join(notes))
    if svg_path:
        from pbmkit.render.svg import board_svg

        atomic_write(svg_path, board_svg(game, position, last_move=last.move if last else None,
                                         flip=flip, players=players, notes=notes))
        click.echo(f"Wrote {svg_path}")
    if png_path:
        from pbmkit.render.png import board_png

        atomic_write(png_path, board_png(game, position, last_move=last.move if last else None,
                                         flip=flip, players=players, notes=notes,
                                         width_px=png_size or 600))
        click.echo(f"Wrote {png_path}")
    if rep.errors:
        echo_err(error_note(rep))
        sys.exit(EXIT_INVALID)


# --- move (the mailed-move workflow) -------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.argument("move_text", metavar="MOVE", required=False)
@click.option("--robot", is_flag=True, help="The engine plays the side to move (instead of MOVE).")
@engine_options
@click.option("--dry-run", is_flag=True, help="Check the move and show the result; write nothing.")
@click.option("--received", default=None, help="Desk: when the opponent's move came (YYYY-MM-DD).")
@click.option("--sent", default=None, help="Desk: when this move is sent (default: today).")
@click.option("--leave", type=click.IntRange(0, 999), default=0, help="Desk: days of leave taken.")
@click.option("--offer-draw", is_flag=True, help="Desk: offer a draw with this move.")
@click.option("--no-dates", is_flag=True, help="Desk: write no dates (records that keep them).")
def move(file: str, move_text: str | None, robot: bool, seconds: float | None,
         playouts: int | None, seed: int, dry_run: bool, received: str | None, sent: str | None,
         leave: int, offer_draw: bool, no_dates: bool) -> None:
    """Check MOVE (as the game writes it: pbmkit moves FILE lists the legal ones) against the
    record FILE and append it in canonical form.

    FILE holds one game (keep each correspondence game in its own file). On an illegal move
    nothing is written: the file stays byte-for-byte the same. Before writing, the new record is
    read back; unless it replays to the old moves plus the new one, nothing is written. Dates
    (docs/desk.md) are written when given, or when the record keeps them (sent: today). With
    --robot the engine chooses the move (docs/engine.md), appended as a typed one would be.
    """
    from pbmkit.cli.moving import run_move

    try:
        run_move(file, move_text, dry_run=dry_run, received=received, sent=sent, leave=leave,
                 offer_draw=offer_draw, no_dates=no_dates, robot=robot, seconds=seconds,
                 playouts=playouts, seed=seed)
    except (Failure, UsageFailure) as exc:
        raise click_failure(exc) from None


# --- new, fmt, convert ---------------------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--player", "players", multiple=True, metavar="SIDE=NAME", help=sides_help())
@side_options
@click.option("--first", "first", default=None,
              help="The side that moves first, in a game whose players choose it (the First "
                   "tag).")
@click.option("--number", default=None, help="The game number (mailers serve four games).")
@click.option("--date", "date", default=None, help="Start date, YYYY-MM-DD (default: today).")
@click.option("--setup", default=None, help="A starting position other than the standard one.")
@TAG_OPTION
@rules_option(f"The game's rules: {games_help()}.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
def new(file: str, players: tuple[str, ...], first: str | None, number: str | None,
        date: str | None, setup: str | None, tags: tuple[str, ...], rules: str, force: bool,
        **by_side: str | None) -> None:
    """Start a new record in FILE with its tags.

    --tag NAME=VALUE adds a tag that chooses the game (a board's size, a layout: the tags each
    game reads are in its docs page); the game checks it, and the players to name are the sides
    of the game it chooses. A game that is played on one board more than others writes that
    board's tag unless --tag or --setup says otherwise.
    """
    from pbmkit.games import SetupError
    from pbmkit.records import new_record_text

    plain, _ = configured_game(rules, ())
    reserved = {"Game": "--rules", "Number": "--number", "Date": "--date", "Setup": "--setup",
                "First": "--first", "Winner": "'pbmkit resign' or 'pbmkit draw' (a new game has "
                                              "no winner)"}
    reserved.update({tag: f"--player {side}=NAME" for side, tag in zip(plain.sides, plain.side_tags,
                                                                        strict=True)})
    given = {t.partition("=")[0].strip().lower() for t in tags}
    if setup is None:  # the tags a new game of this kind is written with unless told (Hex's Board)
        tags = (*tags, *(f"{k}={v}" for k, v in plain.new_tags.items() if k.lower() not in given))
    game, extra = configured_game(rules, tags, setup=setup, options=reserved)
    for side, tag in zip(game.sides, game.side_tags, strict=True):  # the configured game's sides
        if tag in extra:
            raise click.BadParameter(f"{tag}: give it with --player {side}=NAME",
                                     param_hint="--tag")
    fixed = "First" not in game.extra_tags
    if first is not None and (first.strip().lower() not in game.sides or fixed):
        raise click.BadParameter(f"{first!r}: {game.title} has no choice of first side"
                                 if fixed else
                                 f"{first!r} is not a side of {game.title} "
                                 f"({' or '.join(s.capitalize() for s in game.sides)})",
                                 param_hint="--first")
    if setup is not None:
        try:
            game.parse_setup(setup)
        except SetupError as exc:
            raise click.BadParameter(str(exc), param_hint="--setup") from None
    if date is None:
        date = datetime.date.today().isoformat()
    elif not _valid_date(date):
        raise click.BadParameter(f"{date!r} is not a date like 1994-03-12 (or 1994-03-??)",
                                 param_hint="--date")
    if os.path.exists(file) and not force:
        raise InputError(f"{file} exists already; use --force to overwrite it")
    named = {key.removeprefix("side_"): name for key, name in by_side.items() if name is not None}
    names = player_names(game, named, players,
                         hint=lambda named: order_hint(plain, extra, setup, named))
    text = new_record_text(game.name, names, number=number, date=date, setup=setup, tags=extra)
    if first is not None:  # the First tag right after the Game tag
        head, _, rest = text.partition("\n")
        text = f'{head}\n[First "{first.strip().capitalize()}"]\n{rest}'
    keyed = _game_key(text, file)
    atomic_write(file, text)
    click.echo(f"Started {file}: {game.title}, {' v '.join(names[s] for s in game.sides)}, {date}"
               + ("; game key made (docs/mail.md, Game keys)" if keyed else ""))


def _game_key(text: str, file: str) -> bool:
    """Give a new record with every player's address a game key (docs/mail.md, "Game keys")."""
    from pbmkit.cli.mail import keyring, save_keys
    from pbmkit.mail.keys import game_id
    from pbmkit.records import check_text

    replays = check_text(text, file)
    if len(replays) != 1 or game_id(replays[0]) is None:
        return False
    keys = keyring()
    made = keys.make(replays[0])
    save_keys(keys)
    return made


def _valid_date(text: str) -> bool:
    import re

    m = re.fullmatch(r"(\d{4})-(\d\d|\?\?)-(\d\d|\?\?)", text)
    if not m:
        return False
    y, mo, d = m.groups()
    if "?" in mo:
        return d == "??"
    if "?" in d:
        return 1 <= int(mo) <= 12
    try:
        datetime.date(int(y), int(mo), int(d))
    except ValueError:
        return False
    return True


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 if FILE is not in canonical form.")
@click.option("--stdout", is_flag=True, help="Print the canonical text instead of rewriting FILE.")
@MAX_PROBLEMS_OPTION
def fmt(file: str, check_only: bool, stdout: bool, max_problems: int) -> None:
    """Rewrite FILE in canonical form (tags, one turn a line, canonical moves).

    A record with errors (syntax, an unknown game, an illegal move) is refused: exit 1, FILE
    unchanged.
    """
    from pbmkit.records import check_text, parse_records, write_records

    with locked(file if file != "-" else "."):
        text, name = read_source(file)
        records, problems = parse_records(text, name)
        errors = [p for p in problems if p.severity == "error"]
        if errors:
            report_problems(errors, max_problems, err=True)
            raise Refused(f"{printable(name, 200)}: not rewritten: fix the syntax errors first")
        if not records:
            raise Refused(f"{printable(name, 200)}: {NO_GAME}")
        broken = [r for r in check_text(text, name) if not r.valid]
        if broken:
            report_problems(broken[0].errors, max_problems, err=True)
            raise Refused(f"{printable(name, 200)}: not rewritten: game {broken[0].index} has "
                          "errors (an unknown game's moves cannot be told apart, and a "
                          "rewrite would hide an illegal move); fix them first")
        canonical = write_records(records)
        if check_only:
            if canonical != text:
                click.echo(f"{name}: not in canonical form")
                sys.exit(EXIT_INVALID)
            click.echo(f"{name}: canonical")
            return
        if stdout or file == "-":
            click.echo(canonical, nl=False)
            return
        if canonical != text:
            atomic_write(file, canonical)
            click.echo(f"Rewrote {name}")
        else:
            click.echo(f"{name}: already canonical")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--to", "fmt_name", type=click.Choice(["json", "pbmserv"]), required=True,
              help="The output format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output.")
def convert(file: str, fmt_name: str, output: str | None) -> None:
    """Convert a record to JSON (every game, every move) or to pbmserv move lists."""
    from pbmkit.desk import to_json_record
    from pbmkit.records import to_pbmserv

    _, name, replays = load_replays(file)
    if not replays:
        raise Refused(f"{printable(name, 200)}: {NO_GAME}")
    if fmt_name == "json":
        import json

        out = json.dumps([to_json_record(r) for r in replays], ensure_ascii=False, indent=1) + "\n"
    else:
        try:
            out = "".join(to_pbmserv(r).rstrip("\n") + "\n" for r in replays)
        except ValueError as exc:
            raise Refused(f"{name}: {exc}") from None
    if output:
        atomic_write(output, out)
        click.echo(f"Wrote {output}")
    else:
        click.echo(out, nl=False)
    broken = [r for r in replays if not r.valid]
    if broken:
        echo_err(f"{printable(name, 200)}: {len(broken)} game(s) have errors; each converted up "
                 "to its first error (run pbmkit check):")
        echo_err(broken[0].errors[0].format())
        sys.exit(EXIT_INVALID)
