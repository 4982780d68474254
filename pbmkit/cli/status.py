"""``pbmkit status``: one line per game of a folder of correspondence games (docs/desk.md).

Whose turn (yours marked), the turn, the last move and its date, the days each side used, the
days left under the time control, and the overdue / "send a repeat" flags; games waiting for you
first. Your name comes from ``--me`` or from ``me = "..."`` in the config file
(``$XDG_CONFIG_HOME/pbmkit/config.toml``, else ``~/.config/pbmkit/config.toml``).
"""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Iterator
from typing import Any

import click

from pbmkit.cli.common import EXIT_INVALID, InputError, TooLarge, echo_err, read_source
from pbmkit.desk.dates import REPEAT_AFTER

RECORD_SUFFIXES = (".txt", ".pbm", ".pgn")
"""The files a folder is searched for (a file named on the command line is read whatever its name)."""
MAX_BYTES = 1_000_000
"""A larger file is skipped with one line, read no further: a game by mail is a few KB (a 300-turn
game with every date, ~25 KB), and 1 MB holds an archive of ~250 such games. ``check`` reads
archives of any size."""
CELL_WIDTH = 32
"""The widest cell of the text table (the JSON keeps whole values)."""


def config_path() -> str:
    """Where the config file is looked for."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "pbmkit", "config.toml")


def my_names(option: tuple[str, ...]) -> tuple[str, ...]:
    """The names that are "me": ``--me`` options, else the config file's ``me`` (a name or list)."""
    if option:
        return tuple(n.strip() for n in option if n.strip())
    from pbmkit.common.config import Table, read_toml

    path = config_path()
    doc = read_toml(path, InputError)
    if doc is None:
        return ()
    config = Table.check(doc, {"me"}, where=path, name="", error=InputError)
    me = config.values.get("me", ())
    names = [me] if isinstance(me, str) else me
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        config.fail('me must be a name or a list of names, like me = "Ann Smith"')
    return tuple(n.strip() for n in names if n.strip())


def record_files(paths: tuple[str, ...]) -> Iterator[str]:
    """The files to read: files as given, folders searched (hidden entries skipped), sorted."""
    for path in paths or (".",):
        if os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(os.path.join(root, f) for f in files
                             if not f.startswith(".") and f.lower().endswith(RECORD_SUFFIXES)
                             and os.path.isfile(os.path.join(root, f)))  # no FIFOs, devices
            yield from sorted(found)
        elif os.path.exists(path) or path == "-":
            yield path
        else:
            raise InputError(f"{path}: no such file or folder")


def _order(row: dict[str, Any]) -> tuple[int, int, str, int]:
    group = 0 if row["yours"] else 1 if row["to_move"] else 2
    left = row["days_left"] if row["days_left"] is not None else 10**6
    return (group, left, row["file"], row["game"])


def _flags(row: dict[str, Any]) -> str:
    flags = []
    if row["problems"]:
        flags.append("ERRORS (pbmkit check)")
    if row["overdue"]:
        flags.append("OVERDUE")
    for o in row["overstepped"]:
        flags.append(f"{o['side'].capitalize()} overstepped at {o['turn']}")
    if row["repeat"]:
        flags.append(f"send a repeat ({row['waiting_days']} days)")
    elif row["me"] is None and row["to_move"] and (row["waiting_days"] or 0) >= REPEAT_AFTER:
        flags.append(f"no answer for {row['waiting_days']} days")
    if row["draw_offered"]:
        flags.append("draw offered")
    if row["unclear"]:
        flags.append("move unclear")
    return ", ".join(flags)


def _line(row: dict[str, Any]) -> list[str]:
    number = f"#{row['number']}" if row["number"] else f"game {row['game']}"
    who = row["opponent"] or " v ".join(row["players"].values())
    if row["to_move"] is None:
        turn = "over: " + ("draw" if row["winner"] == "draw" else
                           f"{str(row['winner']).capitalize()} won" if row["winner"] else
                           row["ended"] or "?")
    else:
        turn = f"{row['to_move'].capitalize()}{' (you)' if row['yours'] else ''} to play {row['turn']}"
    last = row["last_move"] or "-"
    if row["last_move"] and row["last_side"]:
        last = f"{row['last_side'].capitalize()} {last}"
    days = "/".join(str(row["days_used"].get(s, 0)) for s in row["players"]) if row["days_used"] else "-"
    left = "-" if row["days_left"] is None else str(row["days_left"])
    cells = [os.path.basename(row["file"]), row["name"], number, who, turn, last,
             row["last_sent"] or "-", days, left]
    return [">" if row["yours"] else " ", *(_cut(str(c)) for c in cells), _flags(row)]


def _cut(text: str, width: int = CELL_WIDTH) -> str:
    """A cell at most ``width`` characters (names come from records: untrusted, any length)."""
    from pbmkit.common.text import printable

    text = printable(" ".join(text.split()))  # control codes shown escaped (issue 9, item 12)
    return text if len(text) <= width else text[:width - 1] + "…"


HEADER = ["", "FILE", "GAME", "NO", "OPPONENT", "TURN", "LAST MOVE", "SENT", "DAYS", "LEFT", "FLAGS"]


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--me", "me_option", multiple=True, metavar="NAME",
              help="Your name as in the records' player tags (repeatable; default: config file).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, an object per game.")
@click.option("--today", default=None, help="Count days up to this date (default: today).")
def status(paths: tuple[str, ...], me_option: tuple[str, ...], as_json: bool,
           today: str | None) -> None:
    """One line per game in PATHS (files or folders; default: the current folder).

    Every game is checked as pbmkit check checks it: a record with an illegal move or another
    error is flagged ERRORS (pbmkit check tells where).

    Games waiting for you come first (marked >), then those waiting for the opponent, then the
    finished ones. DAYS is the days used by each side in move order (White/Black), the side to
    move's running days included; LEFT is the days left to the side to move under the
    TimeControl tag.
    """
    from pbmkit.cli.dates import read_day
    from pbmkit.desk.rows import iter_rows

    day = read_day(today, "--today") or datetime.date.today()
    me = my_names(me_option)
    rows: list[dict[str, Any]] = []
    failed = False
    for path in record_files(paths):
        try:
            text, name = read_source(path, MAX_BYTES)
        except TooLarge as exc:
            echo_err(f"{exc.message}: skipped (a record of one game is a few KB; "
                     "pbmkit check reads an archive of any size)")
            failed = True
            continue
        except InputError as exc:
            echo_err(exc.message)
            failed = True
            continue
        # A game at a time, read as check reads it (pbmkit/desk/rows.py): only the game being read
        # is in memory, its row kept; an illegal move or another error is an error of its row.
        found = len(rows)
        rows.extend(iter_rows(text, name, me, day))
        if len(rows) == found:
            echo_err(f"{name}: no game in this file")
    rows.sort(key=_order)
    if as_json:
        import json

        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
    elif rows:
        table = [HEADER, *(_line(r) for r in rows)]
        widths = [max(len(r[k]) for r in table) for k in range(len(HEADER))]
        for r in table:
            click.echo("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        if not me:
            click.echo("(tell pbmkit who you are with --me NAME or me = \"NAME\" in "
                       f"{config_path()} to see which games wait for you)")
    else:
        click.echo("no games found")
    if failed:
        sys.exit(EXIT_INVALID)
