"""The dates of a mailed move (docs/desk.md), shared by ``pbmkit move`` and the desk commands.

Kept apart from :mod:`pbmkit.cli.desk` so that a mailed move does not build the desk's click
commands (~2–4 ms of its start-up).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import click

from pbmkit.cli.common import Refused

if TYPE_CHECKING:
    from pbmkit.notation import GameReplay

__all__ = ["keeps_dates", "move_note", "read_day", "winner_value"]


def read_day(value: str | None, option: str) -> datetime.date | None:
    """A ``--received``/``--sent`` date (``2026-11-21``, ``2026.11.21``, ``today``), or a usage
    error naming the option."""
    from pbmkit.notation.desk import parse_date

    if value is None:
        return None
    if value.strip().lower() == "today":
        return datetime.date.today()
    day = parse_date(value)
    if day is None:
        raise click.BadParameter(f"{value!r} is not a date like 2026-11-21", param_hint=option)
    return day


def keeps_dates(rep: GameReplay) -> bool:
    """Whether the record keeps correspondence dates: a TimeControl tag or a dated move."""
    from pbmkit.notation.desk import _has_desk_marks

    return _has_desk_marks(rep.record)


def move_note(rep: GameReplay, received: str | None, sent: str | None, leave: int,
              offer_draw: bool, no_dates: bool) -> str:
    """The annotations ``pbmkit move`` writes after the move (the inside of ``{ }``, or "").

    Dates are written when asked for (``--received``, ``--sent``, ``--leave``) or when the record
    already keeps them; sent then defaults to today. Impossible dates are :class:`Refused`.
    """
    from pbmkit.notation.desk import annotation_text, format_date, replay_clock

    got = read_day(received, "--received")
    out = read_day(sent, "--sent")
    if no_dates:
        if got or out or leave:
            raise click.UsageError("--no-dates cannot go with --received, --sent or --leave")
        return annotation_text(draw="offer" if offer_draw else None)
    if got is None and out is None and not leave and not keeps_dates(rep):
        return annotation_text(draw="offer" if offer_draw else None)
    out = out or datetime.date.today()
    clock = replay_clock(rep)
    before = clock.last_sent if clock is not None else None
    arrived = clock.moves[-1].notes.arrived if clock is not None and clock.moves else None
    if got is not None and arrived is not None and got != arrived:
        raise Refused(f"--received {format_date(got)}, but the record says the last move arrived "
                      f"on {format_date(arrived)}; the record was not changed")
    if got is None and arrived is not None and out < arrived:
        raise Refused(f"sent {format_date(out)} is before the last move arrived "
                      f"({format_date(arrived)}); the record was not changed")
    if got is not None and out < got:
        raise Refused(f"sent {format_date(out)} is before received {format_date(got)}; "
                      "the record was not changed")
    if got is not None and before is not None and got < before:
        raise Refused(f"received {format_date(got)} is before the move it answers was sent "
                      f"({format_date(before)}); the record was not changed")
    if got is None and before is not None and out < before:
        raise Refused(f"sent {format_date(out)} is before the last move was sent "
                      f"({format_date(before)}); the record was not changed")
    return annotation_text(received=got, sent=out, leave=leave,
                           draw="offer" if offer_draw else None)


def winner_value(side: str) -> str:
    """The ``Winner`` tag value of a result: ``"white"`` → ``"White"``, ``"draw"`` → ``"Draw"``."""
    return side.capitalize()
