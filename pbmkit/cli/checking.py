"""``pbmkit check``'s work, without click: the command (:func:`run_check`), the reading of a
record file (:func:`read_text`) and the lines it prints.

``pbmkit check FILE...`` is what a player runs on an archive, and click's import is about a
quarter of the command's start-up (docs/performance.md, issue 22). :func:`pbmkit.cli.main` hands
a ``check`` whose arguments are plain (file names and the flags ``-q``, ``--quiet``, ``--json``)
to :func:`quick_check`, which runs the command as click would, never importing click; anything
else (``--help``, ``--max-problems``, ``-`` for standard input, a directory, an unreadable file,
an ASCII standard stream) is left to click (:mod:`pbmkit.cli.records`), which runs the same
:func:`run_check`. ``tests/cli/test_quick_check.py`` holds the two to the same bytes and exit
status.
"""

from __future__ import annotations

import codecs
import gc
import os
import re
import stat
import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, TextIO

from pbmkit.common.text import printable
from pbmkit.games.base import result_words

if TYPE_CHECKING:
    from pbmkit.desk.summary import GameCheck

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class SourceError(Exception):
    """A record file that cannot be read (missing, not UTF-8, too large): ``message`` says why."""

    def __init__(self, message: str, too_large: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.too_large = too_large


def read_text(path: str, limit: int | None = None) -> tuple[str, str]:
    """The text of ``path`` (``-`` for standard input) and the name to report it by.

    A byte-order mark is dropped; bytes that are not UTF-8 are a :class:`SourceError`. With
    ``limit``, at most ``limit`` + 1 bytes are read: a longer input is a :class:`SourceError` with
    ``too_large`` set.
    """
    name = "<stdin>" if path == "-" else path
    size = -1 if limit is None else limit + 1
    try:
        if path == "-":
            data = sys.stdin.buffer.read(size)
        else:
            with open(path, "rb") as fh:
                data = fh.read(size)
    except OSError as exc:
        raise SourceError(f"cannot read {name}: {exc.strerror or exc}") from None
    if limit is not None and len(data) > limit:
        raise SourceError(f"{name}: larger than {limit:,} bytes", too_large=True)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SourceError(f"{name}:{line}: not UTF-8 text (byte {data[exc.start]:#04x}); "
                          "save the record as UTF-8") from None
    return text, name


_ANSI = r"\033\[[;?0-9]*[a-zA-Z]"
"""click's ``strip_ansi`` pattern (compiled on first use: most output has no ANSI code)."""


def echo(message: str, err: bool = False) -> None:
    """``click.echo(message, err=err)``: through click when it is loaded, else as click writes
    a line of text to a standard stream that :func:`quick_check` accepted (a line, ANSI codes
    dropped when the stream is not a terminal, flushed)."""
    click = sys.modules.get("click")
    if click is not None:
        click.echo(message, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    out = message + "\n"
    if "\x1b" in out and not stream.isatty():
        out = re.sub(_ANSI, "", out)
    stream.write(out)
    stream.flush()


def report_problems(problems: list[Any], limit: int, *, err: bool = False,
                    where: str = "") -> None:
    """Print ``problems`` (each with its cut source line), at most ``limit`` (0: all), then
    "… and N more"."""
    shown = problems if limit <= 0 else problems[:limit]
    for p in shown:
        echo(p.format(), err=err)
    if len(problems) > len(shown):
        echo(f"… and {len(problems) - len(shown)} more problem(s){where} "
             "(--max-problems N shows more, 0 all)", err=err)


NAME_LIMIT = 40
"""How many characters of a player's name a one-line summary shows."""


def players(rep: GameCheck) -> str:
    """`` (Ann v Bob)``: the players' names as the tags give them, in the order of the game's
    sides, one a place of the turn order (a player of two factions, ``Blue+Green``, is named
    once), or ``""``."""
    tags = rep.tags
    names: list[str] = []
    places = [s for s in rep.game.sides if s in rep.game.order] if rep.game else []
    for place in places:
        who = dict.fromkeys(n for f in place.split("+") if (n := tags.get(f.capitalize())))
        names.append("/".join(printable(n, NAME_LIMIT) for n in who) or "?")
    return f" ({' v '.join(names)})" if any(n != "?" for n in names) else ""


DEFAULT_MAX_PROBLEMS = 20


def run_check(files: Iterable[str], as_json: bool, quiet: bool,
              max_problems: int = DEFAULT_MAX_PROBLEMS) -> None:
    """``pbmkit check``: replay every game of ``files``, print a line a game (or the JSON
    report) and the problems; exit 2 when a file could not be read, 1 when a game has an error."""
    files = list(files)
    gc.freeze()  # what start-up made (modules, classes, tables) lives on: out of every pass
    try:
        _run_check(files, as_json, quiet, max_problems)
    finally:  # (a test runs the command in its own process: the collector as it was)
        gc.unfreeze()


def _run_check(files: list[str], as_json: bool, quiet: bool, max_problems: int) -> None:
    results: list[dict[str, Any]] = []
    all_valid, unreadable = True, False
    show_progress = not as_json and sys.stderr.isatty()
    for path in files:
        try:
            text, name = read_text(path)
        except SourceError as exc:
            unreadable = True
            echo(f"Error: {exc.message}", err=True)
            if as_json:
                results.append({"file": path, "error": exc.message, "valid": False})
            continue
        shown = printable(name, 200)
        games = 0
        for rep in _check_with_progress(text, name, show_progress):
            games += 1
            all_valid = all_valid and rep.valid
            if as_json:  # (overstepped: the desk's dates and time control, docs/desk.md)
                obj = rep.to_json()
                if len(files) > 1:
                    obj = {"file": name, **obj}
                results.append(obj)
                continue
            report_problems([*rep.errors, *rep.warnings], max_problems,
                            where=f" in game {rep.index}")
            if not quiet or not rep.valid:
                status = "valid" if rep.valid else f"INVALID ({len(rep.errors)} error(s))"
                result = (result_words(rep.game, rep.winner, rep.how, rep.detail) if rep.valid or rep.winner
                          else "no result")
                if rep.valid and "Termination" in rep.tags:  # annulled, a forfeit: said after
                    from pbmkit.desk.endings import game_end

                    result = game_end(rep.tags, rep.winner, result) or result
                echo(f"{shown}: game {rep.index}{players(rep)}: {status}; {rep.turns} turn(s); "
                     f"{result}")
        if games == 0:
            echo(f"{shown}: no game in this file", err=True)
            all_valid = False
    if as_json:
        import json

        echo(json.dumps(results, ensure_ascii=False, indent=1))
    if unreadable:
        sys.exit(EXIT_USAGE)
    if not all_valid:
        sys.exit(EXIT_INVALID)


def _check_with_progress(text: str, name: str, progress: bool) -> Iterable[GameCheck]:
    """Check every game of ``text``, with a progress bar on a terminal for a large archive.

    Without a bar the games come one at a time (reported, then let go: faster, less memory).
    """
    from pbmkit.desk.summary import iter_checks

    if not progress or len(text) < 20_000:  # a bar only where checking takes a moment
        return iter_checks(text, name)
    import click

    with click.progressbar(length=1, label=f"checking {name}", file=sys.stderr,
                           show_pos=True) as bar:

        def advance(done: int, total: int) -> None:
            bar.length = total
            bar.update(1)

        return list(iter_checks(text, name, progress=advance))


_FLAGS = {"-q": "quiet", "--quiet": "quiet", "--json": "json"}


def quick_check(args: list[str]) -> None:
    """Run ``pbmkit check ARGS`` without click and exit, when click would take ``args`` as they
    are: one or more file names (none starting with ``-``, none a directory or an existing file
    that cannot be read), among the flags ``-q``, ``--quiet`` and ``--json``, and both standard
    streams text streams that click writes to as they are (not ASCII). Otherwise return, and the
    caller runs click."""
    files: list[str] = []
    flags: set[str] = set()
    for arg in args:
        flag = _FLAGS.get(arg)
        if flag is not None:
            flags.add(flag)
        elif arg.startswith("-") or not plain_file(arg):
            return
        else:
            files.append(arg)
    if not files or not (plain_stream(sys.stdout) and plain_stream(sys.stderr)):
        return
    from pbmkit.cli.refusals import run_as_click

    run_as_click(lambda: run_check(files, "json" in flags, "quiet" in flags))


def plain_arguments(args: list[str], flags: Mapping[str, str], options: Mapping[str, str]
                    ) -> tuple[list[str], set[str], dict[str, list[str]]] | None:
    """The positional arguments of ``args``, the ``flags`` given (by the names the mapping gives
    them) and the values of each of ``options`` in the order given, when click reads ``args``
    as they are: a flag or an option by its whole name, an option's value after it (``--me NAME``)
    or after ``=`` (``--me=NAME``), none starting with ``-``, and ``--`` ending the options.
    Anything else (another option, ``-``, a value click might take for an option) is None, for
    click to decide."""
    positional: list[str] = []
    given: set[str] = set()
    values: dict[str, list[str]] = {}
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            positional.extend(rest)
            break
        if arg in flags:
            given.add(flags[arg])
            continue
        name, eq, value = arg.partition("=")
        if name in options:
            if not eq:
                value = next(rest, "-")
            if value.startswith("-"):  # click may take it as the value, or as an option
                return None
            values.setdefault(options[name], []).append(value)
        elif arg.startswith("-"):
            return None
        else:
            positional.append(arg)
    return positional, given, values


def plain_file(path: str) -> bool:
    """Whether click's ``Path(dir_okay=False)`` takes ``path`` without a word: it does not exist,
    or it is no directory and may be read."""
    try:
        st = os.stat(path)
    except OSError:
        return True
    return not stat.S_ISDIR(st.st_mode) and os.access(path, os.R_OK)


def plain_stream(stream: TextIO | None) -> bool:
    """Whether click writes to ``stream`` as it is: a text stream with an encoding other than
    ASCII (click wraps an ASCII one)."""
    encoding = getattr(stream, "encoding", None)
    if stream is None or not encoding or not hasattr(stream, "buffer"):
        return False
    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return False
