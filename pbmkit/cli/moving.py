"""``pbmkit move``'s work, without click: the command (:func:`run_move`) and the way to it that
never imports click (:func:`quick_move`).

A mailed move is the command a player runs most, one game at a time, and click's import was a
third of its start-up (docs/performance.md, issue 37). :func:`pbmkit.cli.main` hands a ``move``
whose arguments are plain (``FILE MOVE`` and the options ``--dry-run``, ``--no-dates``,
``--offer-draw``, ``--received D``, ``--sent D``, ``--leave N``) to :func:`quick_move`, which runs
:func:`run_move` as click would, never importing click; anything else (``--robot``, the engine's
options, ``--help``, ``-`` for a file, a missing MOVE, an option click would refuse, a wrong date)
is left to click (:mod:`pbmkit.cli.records`), whose ``move`` runs the same :func:`run_move`.
``tests/cli/test_quick_move.py`` holds the two to the same bytes, file contents and exit status.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NoReturn

from pbmkit.cli.checking import EXIT_INVALID, EXIT_USAGE, SourceError, echo, read_text
from pbmkit.cli.refusals import Failure, UsageFailure, pick_game, run_as_click

if TYPE_CHECKING:
    from pbmkit.desk.moving import Played

__all__ = ["quick_move", "run_move"]


def run_move(file: str, move_text: str | None, *, dry_run: bool = False,
             received: str | None = None, sent: str | None = None, leave: int = 0,
             offer_draw: bool = False, no_dates: bool = False, robot: bool = False,
             seconds: float | None = None, playouts: int | None = None, seed: int = 1) -> None:
    """``pbmkit move``: check ``move_text`` (or the engine's move, with ``robot``) against the
    record ``file``, append it (unless ``dry_run``) and say what was done.

    A refusal is a :class:`~pbmkit.cli.refusals.Failure` (nothing written), a wrong option a
    :class:`~pbmkit.cli.refusals.UsageFailure`; an illegal move prints its lines and exits 1.
    """
    if file == "-":
        raise Failure("pbmkit move appends to a record FILE; it cannot write back to standard "
                      "input (to check a move without a file, use: pbmkit move --dry-run FILE "
                      "MOVE)", EXIT_USAGE)
    from pbmkit.common.files import FileWriteError, folder_lock

    directory = os.path.dirname(os.path.realpath(file)) or "."
    try:
        with folder_lock(directory, what=f"the folder of {file}"):
            said = _move_locked(file, move_text, dry_run, received, sent, leave, offer_draw,
                                no_dates, robot, seconds, playouts, seed)
    except FileWriteError as exc:  # the folder cannot be locked, the file cannot be written
        raise Failure(str(exc), EXIT_USAGE) from None
    for line, err in said:
        echo(line, err=err)


def _move_locked(file: str, move_text: str | None, dry_run: bool, received: str | None,
                 sent: str | None, leave: int, offer_draw: bool, no_dates: bool, robot: bool,
                 seconds: float | None, playouts: int | None, seed: int) -> list[tuple[str, bool]]:
    """:func:`run_move`'s work in the locked folder; what it says after (line, on stderr)."""
    from pbmkit.desk.endings import replay_end
    from pbmkit.desk.moving import AppendRefused, MoveRefused, play_move
    from pbmkit.records.replay import check_text

    try:
        text, name = read_text(file)
    except SourceError as exc:
        raise Failure(exc.message, EXIT_USAGE) from None
    rep = pick_game(check_text(text, name), None, name, can_choose=False)
    if not rep.valid or rep.game is None:
        first = rep.errors[0] if rep.errors else None
        raise Failure(f"{name}: the record has errors; fix them first (pbmkit check {file})"
                      + (f"\n{first.format()}" if first else ""))
    game = rep.game
    ended = replay_end(rep)
    if ended is not None:
        raise Failure(f"the game is over: {ended}; no more moves can be added")
    if robot == (move_text is not None):
        raise UsageFailure("give a MOVE or --robot (the engine plays the side to move)")
    if move_text is None:
        from pbmkit.cli.engine import engine_limits, robot_move, verdict_words

        move_text, found = robot_move(rep, engine_limits(seconds, playouts), seed)
        echo(f"The engine plays {move_text} ({verdict_words(game, rep.final, found)})")
    notes: list[str] = []

    def noted() -> str:
        # A record with no desk annotation at all, and no date option: nothing to note (and
        # the desk modules, ~7 ms of a mailed move's start, are not imported).
        if received is None and sent is None and not leave and not offer_draw \
                and "%cc" not in text.lower():
            notes.append("")
        else:
            from pbmkit.cli.dates import move_note

            notes.append(move_note(rep, received, sent, leave, offer_draw, no_dates))
        return notes[-1]

    try:
        played = play_move(text, name, rep, move_text, note=noted)
    except MoveRefused as exc:
        for line in exc.lines:
            echo(line, err=True)
        _refused()
    except AppendRefused as exc:
        raise Failure(str(exc)) from None
    note = notes[-1] if notes else ""
    late = None
    if note and "%ccsnt" in note:  # dates written: say at once if they overstep the control
        from pbmkit.cli.dates import overstep_warning

        late = overstep_warning(played.text, rep)
    if not dry_run:
        from pbmkit.common.files import atomic_write

        data = _with_original_encoding(file, played.text)
        atomic_write(file, data)
        _verify_written(file, data)
    return _report(played, note, late, dry_run)


def _report(played: Played, note: str, late: str | None, dry_run: bool
            ) -> list[tuple[str, bool]]:
    """What ``pbmkit move`` says of a move it checked (and wrote): (line, on stderr)."""
    from pbmkit.games.base import result_words
    from pbmkit.render.terminal import board_text

    game = played.replay.game
    assert game is not None
    said = played.said
    out = [(board_text(game, played.after, last_move=played.move), False), ("", False)]
    verb = "Would add" if dry_run else "Added"
    out.append((f"{verb} {played.label}. {played.side.capitalize()}: {played.written}"
                + "".join(f" {a.word}" for a in said), False))
    if note:
        out.append((f"Noted: {note}", False))
    if late is not None:
        out.append((f"Warning: {late} (the move is {'checked' if dry_run else 'written'}; "
                    "what follows is the tournament director's ruling)", True))
    outcome = played.outcome
    if outcome is not None:
        ended = result_words(game, outcome.winner, outcome.how, outcome.detail)
        out.append((f"Game over: {ended}. Winner tag set.", False))
    else:
        out.extend((f"Warn your opponent: {a.word}! This move {a.detail}.", False) for a in said)
    if dry_run:
        out.append(("(dry run: the record was not changed)", False))
    return out


def _verify_written(path: str, data: bytes) -> None:
    """The file now holds exactly ``data`` (a second writer cannot slip in: the folder is locked)."""
    with open(path, "rb") as fh:
        if fh.read() != data:
            raise Failure(f"{path}: what was read back differs from what was written; "
                          "check the file (pbmkit check)", EXIT_USAGE)


def _refused() -> NoReturn:
    echo("The record was not changed.", err=True)
    sys.exit(EXIT_INVALID)


def _with_original_encoding(path: str, text: str) -> bytes:
    """Encode ``text`` as the file was: keep a byte-order mark if it had one."""
    with open(path, "rb") as fh:
        bom = fh.read(3) == b"\xef\xbb\xbf"
    data = text.encode("utf-8")
    return b"\xef\xbb\xbf" + data if bom else data


_FLAGS = {"--dry-run": "dry_run", "--no-dates": "no_dates", "--offer-draw": "offer_draw"}
_OPTIONS = {"--received": "received", "--sent": "sent", "--leave": "leave"}


def quick_move(args: list[str]) -> None:
    """Run ``pbmkit move ARGS`` without click and exit, when click would take ``args`` as they
    are and run the command to its end: a FILE and a MOVE (neither starting with ``-`` unless
    after ``--``; FILE no directory, nor an existing file that cannot be read), among the flags
    ``--dry-run``, ``--no-dates``, ``--offer-draw`` and the options ``--received D``, ``--sent D``
    (``--received=D`` too) and ``--leave N`` (N from 0 to 999, in digits), both standard streams
    text streams that click writes to as they are. Otherwise return, and the caller runs click;
    so too when the command meets a usage error (a wrong date: nothing was written or printed),
    which click then prints with the command's usage line."""
    parsed = _plain_arguments(args)
    if parsed is None:
        return
    from pbmkit.cli.checking import plain_stream

    if not (plain_stream(sys.stdout) and plain_stream(sys.stderr)):
        return
    (file, move_text), flags, options = parsed
    leave = options.get("leave")
    run_as_click(lambda: run_move(
        file, move_text, dry_run="dry_run" in flags, received=options.get("received"),
        sent=options.get("sent"), leave=int(leave) if leave is not None else 0,
        offer_draw="offer_draw" in flags, no_dates="no_dates" in flags))


def _plain_arguments(args: list[str]
                     ) -> tuple[tuple[str, str], set[str], dict[str, str]] | None:
    """(FILE, MOVE), the flags and the options' values of ``args`` when :func:`quick_move` may
    run them as click would; else None."""
    from pbmkit.cli.checking import plain_arguments, plain_file

    parsed = plain_arguments(args, _FLAGS, _OPTIONS)
    if parsed is None:
        return None
    positional, flags, values = parsed
    options = {name: given[-1] for name, given in values.items()}  # the last one, as click keeps
    leave = options.get("leave")
    if leave is not None and not (leave.isascii() and leave.isdigit() and int(leave) <= 999):
        return None  # click's IntRange says what is wrong with it
    if len(positional) != 2 or positional[0] == "-" or not plain_file(positional[0]):
        return None
    return (positional[0], positional[1]), flags, options
