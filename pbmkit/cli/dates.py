"""The dates of a mailed move (docs/desk.md), shared by ``pbmkit move`` and the desk commands.

Kept apart from :mod:`pbmkit.cli.desk` so that a mailed move does not build the desk's click
commands (~2–4 ms of its start-up), and free of click, so that ``pbmkit move`` can run without it
(:mod:`pbmkit.cli.moving`): its refusals are :mod:`pbmkit.cli.refusals`'; :func:`read_day`, for
the commands that run through click, raises click's ``BadParameter``.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from pbmkit.cli.refusals import Failure, UsageFailure

if TYPE_CHECKING:
    from pbmkit.records import GameReplay

__all__ = ["day_of", "keeps_dates", "move_note", "overstep_warning", "read_day", "winner_value"]


def day_of(value: str | None, option: str) -> datetime.date | None:
    """A ``--received``/``--sent`` date (``2026-11-21``, ``2026.11.21``, ``today``), or a
    :class:`~pbmkit.cli.refusals.UsageFailure` naming the option."""
    from pbmkit.desk.dates import parse_date

    if value is None:
        return None
    if value.strip().lower() == "today":
        return datetime.date.today()
    day = parse_date(value)
    if day is None:
        raise UsageFailure(f"{value!r} is not a date like 2026-11-21", param_hint=option)
    return day


def read_day(value: str | None, option: str) -> datetime.date | None:
    """:func:`day_of` for a command run by click: a wrong date is click's usage error."""
    try:
        return day_of(value, option)
    except UsageFailure as exc:
        from pbmkit.cli.common import click_failure

        raise click_failure(exc) from None


def keeps_dates(rep: GameReplay) -> bool:
    """Whether the record keeps correspondence dates: a TimeControl tag or a dated move."""
    from pbmkit.desk.dates import has_desk_marks

    return has_desk_marks(rep.record)


def move_note(rep: GameReplay, received: str | None, sent: str | None, leave: int,
              offer_draw: bool, no_dates: bool) -> str:
    """The annotations ``pbmkit move`` writes after the move (the inside of ``{ }``, or "").

    Dates are written when asked for (``--received``, ``--sent``, ``--leave``) or when the record
    already keeps them; sent then defaults to today. Impossible dates are a
    :class:`~pbmkit.cli.refusals.Failure` (exit 1), wrong options a
    :class:`~pbmkit.cli.refusals.UsageFailure`.
    """
    from pbmkit.desk.dates import annotation_text, format_date, replay_clock

    got = day_of(received, "--received")
    out = day_of(sent, "--sent")
    if no_dates:
        if got or out or leave:
            raise UsageFailure("--no-dates cannot go with --received, --sent or --leave")
        return annotation_text(draw="offer" if offer_draw else None)
    if got is None and out is None and not leave and not keeps_dates(rep):
        return annotation_text(draw="offer" if offer_draw else None)
    out = out or datetime.date.today()
    clock = replay_clock(rep)
    before = clock.last_sent if clock is not None else None
    first = clock is None or not clock.moves  # the clock runs from the game's Date tag
    answered = f"the game's Date tag ({format_date(before)})" if first and before is not None \
        else f"the move it answers was sent ({format_date(before)})" if before is not None else ""
    previous = f"the game's Date tag ({format_date(before)})" if first and before is not None \
        else f"the last move was sent ({format_date(before)})" if before is not None else ""
    arrived = clock.moves[-1].notes.arrived if clock is not None and clock.moves else None
    if got is not None and arrived is not None and got != arrived:
        raise Failure(f"--received {format_date(got)}, but the record says the last move arrived "
                      f"on {format_date(arrived)}; the record was not changed")
    if got is None and arrived is not None and out < arrived:
        raise Failure(f"sent {format_date(out)} is before the last move arrived "
                      f"({format_date(arrived)}); the record was not changed")
    if got is not None and out < got:
        raise Failure(f"sent {format_date(out)} is before received {format_date(got)}; "
                      "the record was not changed")
    if got is not None and before is not None and got < before:
        raise Failure(f"received {format_date(got)} is before {answered}; the record was not "
                      "changed")
    if got is None and before is not None and out < before:
        raise Failure(f"sent {format_date(out)} is before {previous}; the record was not changed")
    return annotation_text(received=got, sent=out, leave=leave,
                           draw="offer" if offer_draw else None)


def overstep_warning(text: str, rep: GameReplay) -> str | None:
    """The warning ``pbmkit move`` prints when the last move of ``text`` (``rep``'s record with
    the move appended, dates and all) oversteps the time control, in ``check``'s words; None when
    it does not, or the record has no control, or the move's days are unknown."""
    from pbmkit.desk.dates import desk_report, last_move_overstep, overstep_text
    from pbmkit.records import parse_records

    assert rep.game is not None
    records, _ = parse_records(text, rep.source)
    if len(records) != 1:
        return None
    report = desk_report(records[0], rep.order or rep.game.sides)
    over = last_move_overstep(report)
    if over is None or report.time_control is None:
        return None
    return overstep_text(report.time_control, over)


def winner_value(side: str) -> str:
    """The ``Winner`` tag value of a result: ``"white"`` → ``"White"``, ``"draw"`` → ``"Draw"``."""
    return side.capitalize()
