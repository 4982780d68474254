"""``pbmkit status``'s work, without click: one line per game of a folder of correspondence games
(docs/desk.md).

Whose turn (yours marked), the turn, the last move and its date, the days each side used, the
days left under the time control, and the overdue / "send a repeat" flags; games waiting for you
first. Your name comes from ``--me`` or from ``me = "..."`` in the config file
(``$XDG_CONFIG_HOME/pbmkit/config.toml``, else ``~/.config/pbmkit/config.toml``).

A player runs ``status`` on a folder of games, and click's import is ~5% of it (docs/performance.md).
:func:`pbmkit.cli.main` hands a ``status`` whose arguments are plain (paths, ``--me NAME``,
``--json``, ``--today D``) to :func:`quick_status`, which runs :func:`run_status` as click would,
never importing click; anything else (``--help``, ``-`` for standard input, a value starting
with ``-``, a wrong date) is left to click, whose ``status`` (:mod:`pbmkit.cli.desk`) runs the
same :func:`run_status`. ``tests/cli/test_quick_status.py`` holds the two to the same bytes and
exit status.
"""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Iterator
from typing import Any

from pbmkit.cli.checking import EXIT_INVALID, EXIT_USAGE, SourceError, echo, read_text
from pbmkit.cli.refusals import Failure
from pbmkit.desk.dates import REPEAT_AFTER

__all__ = ["CELL_WIDTH", "HEADER", "MAX_BYTES", "RECORD_SUFFIXES", "config_path", "file_labels",
           "my_names", "quick_status", "record_files", "run_status"]

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
    """The names that are "me": ``--me`` options, else the config file's ``me`` (a name or list);
    a config file that cannot be used is a :class:`~pbmkit.cli.refusals.Failure` (exit 2)."""
    if option:
        return tuple(n.strip() for n in option if n.strip())
    from pbmkit.common.config import Table, read_toml

    path = config_path()
    doc = read_toml(path, _unusable)
    if doc is None:
        return ()
    config = Table.check(doc, {"me"}, where=path, name="", error=_unusable)
    me = config.values.get("me", ())
    names = [me] if isinstance(me, str) else me
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        config.fail('me must be a name or a list of names, like me = "Ann Smith"')
    return tuple(n.strip() for n in names if n.strip())


def _unusable(message: str) -> Failure:
    return Failure(message, EXIT_USAGE)


def record_files(paths: tuple[str, ...]) -> Iterator[str]:
    """The files to read: files as given, folders searched (hidden entries skipped), sorted; a
    path that does not exist is a :class:`~pbmkit.cli.refusals.Failure` (exit 2)."""
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
            raise _unusable(f"{path}: no such file or folder")


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


def file_labels(files: list[str]) -> dict[str, str]:
    """How the table names each file: its path from the folder all the files share, which is its
    bare name when they all lie in one folder (``alice/game1.txt`` and ``bob/game1.txt`` where a
    folder of opponents' folders was searched: two games are never shown under one name)."""
    real = [f for f in dict.fromkeys(files) if f != "<stdin>"]
    if not real:
        return {f: f for f in files}
    folders = [os.path.dirname(os.path.abspath(f)) for f in real]
    try:
        common = os.path.commonpath(folders)
    except ValueError:  # pragma: no cover - paths on two Windows drives
        return {f: f for f in files}
    labels = {f: os.path.relpath(os.path.abspath(f), common) for f in real}
    return {f: labels.get(f, f) for f in files}


def _line(row: dict[str, Any], label: str) -> list[str]:
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
    cells = [row["name"], number, who, turn, last, row["last_sent"] or "-", days, left]
    return [">" if row["yours"] else " ", _cut(label, tail=True), *(_cut(str(c)) for c in cells),
            _flags(row)]


def _cut(text: str, width: int = CELL_WIDTH, tail: bool = False) -> str:
    """A cell at most ``width`` characters (names come from records: untrusted, any length); with
    ``tail``, the end is kept (a file's path: its name is what tells it)."""
    from pbmkit.common.text import printable

    text = printable(" ".join(text.split()))  # control codes shown escaped (issue 9, item 12)
    if len(text) <= width:
        return text
    return "…" + text[len(text) - width + 1:] if tail else text[:width - 1] + "…"


HEADER = ["", "FILE", "GAME", "NO", "OPPONENT", "TURN", "LAST MOVE", "SENT", "DAYS", "LEFT", "FLAGS"]


def run_status(paths: tuple[str, ...], me_option: tuple[str, ...], as_json: bool,
               today: str | None) -> None:
    """``pbmkit status``: a line per game of ``paths`` (files or folders; none: the current
    folder), or the JSON array; exit 1 when a file could not be read or held no game.

    A path that does not exist or a config file that cannot be used is a
    :class:`~pbmkit.cli.refusals.Failure`, a wrong ``today`` a
    :class:`~pbmkit.cli.refusals.UsageFailure` (before anything is printed).
    """
    from pbmkit.cli.dates import day_of
    from pbmkit.desk.rows import iter_rows

    day = day_of(today, "--today") or datetime.date.today()
    me = my_names(me_option)
    rows: list[dict[str, Any]] = []
    failed = False
    for path in record_files(paths):
        try:
            text, name = read_text(path, MAX_BYTES)
        except SourceError as exc:
            echo(f"{exc.message}: skipped (a record of one game is a few KB; pbmkit check reads "
                 "an archive of any size)" if exc.too_large else exc.message, err=True)
            failed = True
            continue
        # A game at a time, read as check reads it (pbmkit/desk/rows.py): only the game being read
        # is in memory, its row kept; an illegal move or another error is an error of its row.
        found = len(rows)
        rows.extend(iter_rows(text, name, me, day))
        if len(rows) == found:
            echo(f"{name}: no game in this file", err=True)
    rows.sort(key=_order)
    if as_json:
        import json

        echo(json.dumps(rows, ensure_ascii=False, indent=1))
    elif rows:
        labels = file_labels([r["file"] for r in rows])
        table = [HEADER, *(_line(r, labels[r["file"]]) for r in rows)]
        widths = [max(len(r[k]) for r in table) for k in range(len(HEADER))]
        for r in table:
            echo("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        if not me:
            echo("(tell pbmkit who you are with --me NAME or me = \"NAME\" in "
                 f"{config_path()} to see which games wait for you)")
    else:
        echo("no games found")
    if failed:
        sys.exit(EXIT_INVALID)


_FLAGS = {"--json": "json"}
_OPTIONS = {"--me": "me", "--today": "today"}


def quick_status(args: list[str]) -> None:
    """Run ``pbmkit status ARGS`` without click and exit, when click would take ``args`` as they
    are: paths (none ``-`` or starting with ``-`` unless after ``--``), the flag ``--json`` and
    the options ``--me NAME`` (repeatable) and ``--today D`` (``--me=NAME`` too; no value starting
    with ``-``), both standard streams text streams that click writes to as they are. Otherwise
    return, and the caller runs click; so too when ``--today`` is no date (nothing was printed),
    which click then prints with the command's usage line."""
    from pbmkit.cli.checking import plain_arguments, plain_stream
    from pbmkit.cli.refusals import run_as_click

    parsed = plain_arguments(args, _FLAGS, _OPTIONS)
    if parsed is None or "-" in parsed[0]:
        return
    if not (plain_stream(sys.stdout) and plain_stream(sys.stderr)):
        return
    paths, flags, options = parsed
    today = options["today"][-1] if "today" in options else None  # the last, as click keeps it
    run_as_click(lambda: run_status(tuple(paths), tuple(options.get("me", ())), "json" in flags,
                                    today))
