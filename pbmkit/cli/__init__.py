"""The ``pbmkit`` command line: a thin click group whose commands live in sibling modules.

Command modules are imported only when their command runs, so ``pbmkit move`` never imports
ReportLab and starts fast. Each entry of :data:`COMMANDS` is ``name -> (module, attribute, help)``.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import click

from pbmkit import __version__

COMMANDS: dict[str, tuple[str, str, str]] = {
    "board": ("pbmkit.cli.board", "board", "Show a game's starting board and its opening moves."),
    "check": ("pbmkit.cli.records", "check", "Replay records and report every illegal move."),
    "moves": ("pbmkit.cli.records", "moves", "List the legal moves at a point of a record."),
    "show": ("pbmkit.cli.records", "show", "Draw the board of a record (terminal or SVG)."),
    "html": ("pbmkit.cli.web", "html", "Write a web page of a game (or of every game, with an index)."),
    "move": ("pbmkit.cli.records", "move", "Check a mailed move and append it to the record."),
    "new": ("pbmkit.cli.records", "new", "Start a new record file."),
    "fmt": ("pbmkit.cli.records", "fmt", "Rewrite a record in canonical form."),
    "convert": ("pbmkit.cli.records", "convert", "Convert a record to JSON or pbmserv form."),
    "chart": ("pbmkit.cli.forms", "chart", "Write a Records Chart PDF, blank or from a record."),
    "mailer": ("pbmkit.cli.forms", "mailer", "Write a sheet of Mailer postcards, blank or from records."),
    "phonechart": ("pbmkit.cli.forms", "phonechart", "Write the Phone Chart PDF."),
    # The correspondence desk (docs/desk.md)
    "status": ("pbmkit.cli.status", "status", "One line per game: whose turn, days used and left."),
    "resign": ("pbmkit.cli.desk", "resign", "Resign the game (the player to move gives up)."),
    "draw": ("pbmkit.cli.desk", "draw", "Offer, accept, decline or claim a draw."),
    "comment": ("pbmkit.cli.desk", "comment", "Add a comment after the last move."),
    "unclear": ("pbmkit.cli.desk", "unclear", "Mark the opponent's last move unclear."),
    "received": ("pbmkit.cli.desk", "received", "Note the day the opponent's last move arrived."),
    # Moves by e-mail (docs/mail.md)
    "mail": ("pbmkit.cli.mail", "mail", "Moves by e-mail: compose, send, read and apply."),
    "undo": ("pbmkit.cli.desk", "undo", "Take back the last move (the rest stays byte-identical)."),
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


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is used."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """The group's context; ``pbmkit --help`` or ``--version`` into a closed pipe ends as a
        command's output does (:meth:`invoke`)."""
        try:
            try:
                return super().make_context(info_name, args, parent, **extra)
            except click.exceptions.Exit:
                sys.stdout.flush()
                raise
        except BrokenPipeError:
            pipe_closed()

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a reader that closed standard output ends it quietly (exit 141).

        Standard output is flushed here, so what the command left buffered meets the closed pipe
        inside this handler rather than in the interpreter's shutdown (after a ``sys.exit``).
        """
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()
        except BrokenPipeError:
            pipe_closed()

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attr, _ = entry
        command: click.Command = getattr(importlib.import_module(module), attr)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pbmkit")
def cli() -> None:
    """pbmkit: record, check and print play-by-mail games of Batalo and its family."""


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
    refuse_undecodable(sys.argv[1:] if argv is None else argv)
    try:
        return cli.main(args=argv, prog_name="pbmkit")
    except KeyboardInterrupt:
        sys.stderr.write("pbmkit: interrupted\n")
        sys.exit(130)
    finally:
        if argv is None:
            # The process is about to end: spare the interpreter a last full collection of
            # every object the command made (about 8 ms of a mailed move's ~90).
            gc.freeze()
