"""Reminders, overstepped time controls and vacations of the club's games (docs/referee.md).

The logic alone, from a record's dates (the desk: :mod:`pbmkit.desk.dates`) and a player's
vacations; the referee's run asks :func:`due_notices` for every running game once a run, sends
each notice whose ``key`` it has not recorded for that game, and records it in the same
transaction as the mail it queues: so a reminder goes once per turn and an overstep once per side,
not on every run.

* **Reminder**: the player to move has had the move for the club's ``reminder_days`` (their
  vacation days not counted) and is not on vacation today: one reminder for that turn (``key``
  ``reminder N``, N the count of main-line moves).
* **Overstep**: a side used more days than the game's ``TimeControl`` allows, on a written move
  (the desk's :attr:`~pbmkit.desk.dates.DeskReport.overstepped`) or by not moving (the side to
  move's running days, vacation days not counted): told to the players and the organiser once
  per side (``key`` ``overstep SIDE``). The organiser decides (``pbmkit referee forfeit``).
* **Vacation**: ``vacation DAYS`` stops the player's clock from the day it is asked for: the days
  of a vacation that fall while a move is due are leave, written on that move as the desk's
  ``[%ccleave N]``, so the record's days used leave them out (:func:`leave_days`). A player has
  :data:`DEFAULT_ALLOWANCE` days a calendar year unless the club says otherwise
  (:func:`vacation_refusal`).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pbmkit.desk.dates import (
    DeskReport,
    Overstep,
    TimeControl,
    desk_report,
    overstep_text,
)
from pbmkit.records.model import Record

__all__ = ["DEFAULT_ALLOWANCE", "MAX_VACATION", "Notice", "Vacation", "due_notices",
           "leave_days", "on_vacation", "vacation_refusal", "year_days"]

DEFAULT_ALLOWANCE = 45
"""Vacation days a player may take in a calendar year: ICCF's 45 days of leave a year."""
MAX_VACATION = 366
"""The longest vacation one command may ask for."""


@dataclass(frozen=True, slots=True)
class Vacation:
    """A player's vacation: the days from ``start`` up to, not including, ``end``."""

    start: datetime.date
    end: datetime.date

    @property
    def days(self) -> int:
        return max(0, (self.end - self.start).days)


def leave_days(vacations: Sequence[Vacation], start: datetime.date | None,
               end: datetime.date) -> int:
    """The days from ``start`` up to ``end`` that fall on a vacation (overlaps counted once)."""
    if start is None or end <= start:
        return 0
    days: set[datetime.date] = set()
    for v in vacations:
        a, b = max(v.start, start), min(v.end, end)
        days.update(a + datetime.timedelta(days=k) for k in range(max(0, (b - a).days)))
    return len(days)


def on_vacation(vacations: Sequence[Vacation], today: datetime.date) -> bool:
    """Whether ``today`` is a vacation day."""
    return any(v.start <= today < v.end for v in vacations)


def year_days(vacations: Sequence[Vacation], year: int) -> int:
    """Vacation days taken (or planned) in calendar ``year``."""
    first, after = datetime.date(year, 1, 1), datetime.date(year + 1, 1, 1)
    return leave_days(vacations, first, after)


def vacation_refusal(vacations: Sequence[Vacation], today: datetime.date, days: int,
                     allowance: int = DEFAULT_ALLOWANCE) -> str | None:
    """Why a vacation of ``days`` days from ``today`` cannot be taken, or None: each calendar year
    it touches may hold at most ``allowance`` vacation days (the days already taken counted
    once, where the new vacation overlaps an old one)."""
    if not 1 <= days <= MAX_VACATION:
        return f"a vacation is 1 to {MAX_VACATION} days, not {days}"
    new = [*vacations, Vacation(today, today + datetime.timedelta(days=days))]
    last = new[-1].end - datetime.timedelta(days=1)
    for year in range(today.year, last.year + 1):
        used = year_days(new, year)
        if used > allowance:
            before = year_days(vacations, year)
            return (f"the club allows {allowance} vacation days a year; {year} would have "
                    f"{used} (you have {max(0, allowance - before)} left in {year})")
    return None


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the referee tells the players of a game (and for an overstep, the organiser)."""

    kind: Literal["reminder", "overstep"]
    side: str
    """The side reminded, or the side that overstepped."""
    key: str
    """What makes it once: ``reminder 12`` (the 12th main-line move is due), ``overstep white``."""
    text: str
    """One sentence for the mail."""
    days: int
    """Days the side to move has had the move (reminder), days used (overstep)."""


def _limit(tc: TimeControl, allowed: int) -> str:
    if tc.moves is not None:
        return f"{allowed} days for its first {allowed // tc.days * tc.moves} moves"
    return f"{allowed} days a move"


def due_notices(record: Record, order: Sequence[str], to_move: str | None,
                today: datetime.date, *, reminder_days: int, vacations: Sequence[Vacation] = (),
                report: DeskReport | None = None) -> list[Notice]:
    """The notices a game calls for on ``today``: ``order`` the places in turn order,
    ``to_move`` the place to move (None: the game is over, nothing is due), ``vacations`` those
    of the player to move."""
    if to_move is None:
        return []
    report = report if report is not None else desk_report(record, order)
    out: list[Notice] = []
    tc = report.time_control
    if tc is not None:
        for o in report.overstepped:
            out.append(Notice("overstep", o.side, f"overstep {o.side}",
                              overstep_text(tc, o) + f" (at turn {o.label})", o.used))
    since = report.last_sent
    if report.moves and report.moves[-1].notes.arrived is not None:
        since = report.moves[-1].notes.arrived
    if since is None:
        return out
    running = max(0, (today - since).days - leave_days(vacations, since, today))
    if running >= reminder_days and not on_vacation(vacations, today):
        out.append(Notice("reminder", to_move, f"reminder {len(report.moves)}",
                          f"{to_move.capitalize()} has had the move for {running} days",
                          running))
    if tc is not None and not any(n.side == to_move for n in out if n.kind == "overstep"):
        count = report.counts.get(to_move, 0) + 1
        used = running if tc.moves is None else report.totals.get(to_move, 0) + running
        allowed = tc.allowed(count)
        if used > allowed:
            over = Overstep(to_move, "", used, allowed, 0, 0)
            out.append(Notice("overstep", to_move, f"overstep {to_move}",
                              _running_text(tc, over, running), used))
    return out


def _running_text(tc: TimeControl, o: Overstep, running: int) -> str:
    return (f"time overstepped: {o.side.capitalize()} has used {o.used} days ({running} on the "
            f"move still due), the time control {tc} allows {_limit(tc, o.allowed)}")
