"""The command line's refusals without click: what a command that may run without click
(``pbmkit move``: :mod:`pbmkit.cli.moving`) raises, and what :mod:`pbmkit.cli.common` turns into
click's exceptions for the commands that run through click.

A :class:`Failure` is printed as click prints its own errors (``Error: MESSAGE`` on standard
error) and ends the command with its exit status (docs/cli.md, "Exit codes"); a
:class:`UsageFailure` is a usage error, which only click prints (with the command's usage line):
a command run without click hands it back to click (:func:`pbmkit.cli.moving.quick_move`).
:func:`run_as_click` runs such a command and ends it as click's ``main`` ends one: its refusals, a
closed pipe, the end of input and an interrupt.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from pbmkit.cli.checking import EXIT_INVALID, EXIT_OK, EXIT_USAGE, echo

if TYPE_CHECKING:
    from pbmkit.records import GameReplay

__all__ = ["NO_GAME", "Failure", "UsageFailure", "exit_code_for", "fail", "pick_game", "run_as_click"]


class Failure(Exception):
    """A request refused (``exit_code`` 1: the rules or the record refuse it) or input that cannot
    be used (2: unreadable, not UTF-8, no such game): ``Error: MESSAGE``."""

    def __init__(self, message: str, exit_code: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


class UsageFailure(Exception):
    """A usage error (exit status 2): the value of the option ``param_hint`` is wrong
    (click's ``BadParameter``), or, without one, options that do not go together."""

    def __init__(self, message: str, param_hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.param_hint = param_hint


NO_GAME = ("no game in this file (start a record with: pbmkit new FILE --rules GAME --player "
           "SIDE=NAME ...)")


def pick_game(replays: list[GameReplay], number: int | None, source: str, *,
              can_choose: bool = True) -> GameReplay:
    """The game ``number`` (1-based, its position in the file) of an archive; the only game when
    ``number`` is ``None``. A file with no game is refused (exit 1, as ``check`` says).

    ``can_choose`` is false for a command without ``--game`` (one that rewrites the record): an
    archive is then refused without suggesting an option the command does not have.
    """
    if not replays:
        raise Failure(f"{source}: {NO_GAME}")
    if not can_choose and len(replays) > 1:
        raise Failure(f"{source} holds {len(replays)} games; this command works on a file "
                      "with one game (keep each correspondence game in its own file)", EXIT_USAGE)
    if number is None:
        if len(replays) > 1:
            raise Failure(f"{source} holds {len(replays)} games; choose one with --game N "
                          "(N = its position in the file, 1 for the first)", EXIT_USAGE)
        return replays[0]
    if not 1 <= number <= len(replays):
        raise Failure(f"{source} holds {len(replays)} game(s); there is no game {number}",
                      EXIT_USAGE)
    return replays[number - 1]


def exit_code_for(exc: BaseException) -> int:
    """The exit status of docs/cli.md's table ("Exit codes") for one of pbmkit's errors, by its
    layer's base: a file that cannot be written, settings that are wrong or missing (a club, its
    database, an address to send from or to, an event's tie-breaks), 2, unusable; everything
    else the rules, a record, an event or a server refused, 1."""
    from pbmkit.common.files import FileWriteError
    from pbmkit.events.tiebreaks import TieBreakError
    from pbmkit.mail.files import NoAddress
    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError

    if isinstance(exc, (FileWriteError, NoAddress, ClubError, DatabaseError, TieBreakError)):
        return EXIT_USAGE
    return EXIT_INVALID


def run_as_click(command: Callable[[], None]) -> None:
    """Run ``command`` (a command's work run without click: ``pbmkit check``, ``move``,
    ``status``) and exit as click's ``main`` ends a command: 0 when it returns; ``Error: MESSAGE``
    and its exit status for a :class:`Failure` or one of pbmkit's errors no part turned into one
    (as the group says it, :func:`exit_code_for`); a reader that closed standard output ends it
    quietly (:func:`pbmkit.cli.pipe_closed`, exit 141); the end of input or an interrupt (Ctrl-C),
    ``Aborted!`` and exit 1. Standard output is flushed first, so what is left buffered meets a
    closed pipe here rather than in the interpreter's shutdown.

    A :class:`UsageFailure` returns, and the caller runs the command through click, which prints
    it with the command's usage line: ``command`` raises one only before it prints or writes
    anything (a wrong date)."""
    from pbmkit.cli import pipe_closed
    from pbmkit.common.errors import PbmkitError

    try:
        try:
            command()
        finally:
            sys.stdout.flush()
    except UsageFailure:
        return
    except Failure as exc:
        fail(exc.message, exc.exit_code)
    except BrokenPipeError:
        pipe_closed()
    except (EOFError, KeyboardInterrupt):  # as click's main reports them
        sys.stderr.write("\nAborted!\n")
        sys.stderr.flush()
        sys.exit(1)
    except PbmkitError as exc:
        fail(str(exc), exit_code_for(exc))
    sys.exit(EXIT_OK)


def fail(message: str, code: int) -> NoReturn:
    """End as click ends on one of its exceptions: ``Error: MESSAGE`` on standard error."""
    echo(f"Error: {message}", err=True)
    sys.exit(code)
