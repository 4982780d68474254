"""The ``pbmkit`` command line: a thin click group whose commands live in sibling modules.

Command modules are imported only when their command runs, so ``pbmkit move`` never imports
ReportLab and starts fast. Each entry of :data:`COMMANDS` is ``name -> (module, attribute, help)``.
The group itself is :mod:`pbmkit.cli.group` (``pbmkit.cli.cli``); this module imports no click, so
that :func:`main` can run ``pbmkit check FILE...`` without it (:mod:`pbmkit.cli.checking`), and
``move`` and ``status`` likewise (:mod:`pbmkit.cli.moving`, :mod:`pbmkit.cli.status`).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from pbmkit.cli.group import LazyGroup as LazyGroup
    from pbmkit.cli.group import cli as cli

COMMANDS: dict[str, tuple[str, str, str]] = {
    "board": ("pbmkit.cli.board", "board", "Show a game's starting board and its opening moves."),
    "check": ("pbmkit.cli.records", "check", "Replay records and report every illegal move."),
    "moves": ("pbmkit.cli.records", "moves", "List the legal moves at a point of a record."),
    "show": ("pbmkit.cli.records", "show", "Draw the board of a record in the terminal, or as SVG or PNG."),
    "html": ("pbmkit.cli.web", "html", "Write a web page of a game (or of every game, with an index)."),
    "ratings": ("pbmkit.cli.ratings", "ratings", "A rating list per game from finished games."),
    "move": ("pbmkit.cli.records", "move", "Check a mailed move and append it to the record."),
    "new": ("pbmkit.cli.records", "new", "Start a new record file."),
    "fmt": ("pbmkit.cli.records", "fmt", "Rewrite a record in canonical form."),
    "convert": ("pbmkit.cli.records", "convert", "Convert a record to JSON or pbmserv form."),
    "chart": ("pbmkit.cli.forms", "chart", "Write a Records Chart PDF, blank or from a record."),
    "mailer": ("pbmkit.cli.forms", "mailer", "Write a sheet of Mailer postcards, blank or from records."),
    "phonechart": ("pbmkit.cli.forms", "phonechart", "Write the Phone Chart PDF."),
    # The correspondence desk (docs/desk.md)
    "status": ("pbmkit.cli.desk", "status", "One line per game: whose turn, days used and left."),
    "resign": ("pbmkit.cli.desk", "resign", "Resign the game, at any time (--side: who resigns)."),
    "draw": ("pbmkit.cli.desk", "draw", "Offer, accept, decline or claim a draw."),
    "comment": ("pbmkit.cli.desk", "comment", "Add a comment after the last move."),
    "unclear": ("pbmkit.cli.desk", "unclear", "Mark the opponent's last move unclear."),
    "received": ("pbmkit.cli.desk", "received", "Note the day the opponent's last move arrived."),
    # Moves by e-mail (docs/mail.md)
    "mail": ("pbmkit.cli.mail", "mail", "Moves by e-mail: compose, send, read and apply."),
    "undo": ("pbmkit.cli.desk", "undo", "Take back the last move (the rest stays byte-identical)."),
    # The engine (docs/engine.md)
    "hint": ("pbmkit.cli.engine", "hint", "The engine's best move for the side to move, and why."),
    "play": ("pbmkit.cli.engine", "play", "Practise against the engine in the terminal."),
    "analyse": ("pbmkit.cli.analyse", "analyse", "Annotate a game's mistakes, as a copy of its record."),
    "referee": ("pbmkit.cli.referee", "referee", "A club's referee: players' games by e-mail."),
    # Correspondence events (docs/events.md)
    "event": ("pbmkit.cli.event", "event", "An event: pairings, results, crosstable, letters."),
}


PIPE_CLOSED = 141
"""The exit status when standard output's reader went away (128 + SIGPIPE, as a shell reports a
Unix tool the signal ended): ``pbmkit moves FILE | head``."""


def pipe_closed() -> NoReturn:
    """End quietly because standard output's reader closed the pipe (docs/cli.md).

    Standard output is pointed at the null device first, so the interpreter's last flush of what
    is still buffered cannot fail again and print a traceback on standard error.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # pragma: no cover - no file descriptor to point elsewhere
        pass
    sys.exit(PIPE_CLOSED)


def refuse_undecodable(args: list[str]) -> None:
    """Exit 2 with one line if an argument is not UTF-8 text.

    Python hands such bytes over as lone surrogates (``surrogateescape``); any later
    ``encode`` of the text (a record written, a line printed) would raise. One check here covers
    every option and argument of every command, before click sees them.
    """
    for number, arg in enumerate(args, 1):
        bad = next((ch for ch in arg if "\udc80" <= ch <= "\udcff"), None)
        if bad is not None:
            raw = arg.encode("utf-8", "surrogateescape")[:60].decode("ascii", "backslashreplace")
            shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in raw)
            sys.stderr.write(f"Error: argument {number} ({shown}) is not UTF-8 text "
                             f"(byte {ord(bad) - 0xDC00:#04x}); pbmkit reads its arguments "
                             "as UTF-8: give the text (and file names) in UTF-8\n")
            sys.exit(2)


def tune_gc() -> None:
    """The collector as the ``pbmkit`` command runs it (the benchmarks too).

    A command builds many small objects and few reference cycles (a replay's tree of lines): the
    collector's default passes cost about a fifth of ``check``'s time, so the command runs them
    100 times more rarely. The library itself leaves the collector as its caller set it.
    """
    import gc

    gc.set_threshold(70_000, 10, 10)


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the ``pbmkit`` console script and of ``python -m pbmkit``."""
    import gc

    tune_gc()
    args = sys.argv[1:] if argv is None else argv
    refuse_undecodable(args)
    try:
        if args and args[0] == "check":
            # The commonest command, on archives, without click's import (docs/performance.md):
            # plain file arguments only; anything else goes to click below.
            from pbmkit.cli.checking import quick_check

            quick_check(args[1:])
        elif args and args[0] == "move":
            # A mailed move, the command a player runs most, likewise (cli/moving.py).
            from pbmkit.cli.moving import quick_move

            quick_move(args[1:])
        elif args and args[0] == "status":
            # A player's folder of games, likewise (cli/status.py).
            from pbmkit.cli.status import quick_status

            quick_status(args[1:])
        from pbmkit.cli.group import cli

        return cli.main(args=argv, prog_name="pbmkit")
    except KeyboardInterrupt:
        sys.stderr.write("pbmkit: interrupted\n")
        sys.exit(130)
    finally:
        if argv is None:
            # The process is about to end: spare the interpreter a last full collection of
            # every object the command made (about 8 ms of a mailed move's ~90).
            gc.freeze()


def __getattr__(name: str) -> Any:
    """``cli`` and ``LazyGroup``, from :mod:`pbmkit.cli.group` on first use (click is imported
    then, not by ``import pbmkit.cli``)."""
    if name in ("cli", "LazyGroup"):
        from pbmkit.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
