"""Vacations: ``vacation DAYS`` (a yearly allowance; ``vacation 0`` ends it), and the leave a move
carries (``[%ccleave N]``: the days of vacation its player took while the move was theirs), which
:func:`pbmkit.referee.commands.games.play_for` asks of :func:`leave_days` (docs/referee.md,
"Reminders and time"). The allowance and the days counted are :mod:`pbmkit.referee.clock`'s.
"""

from __future__ import annotations

import datetime
import re

from pbmkit.records.replay import GameReplay
from pbmkit.referee import queries
from pbmkit.referee.clock import Vacation, vacation_refusal, year_days
from pbmkit.referee.clock import leave_days as vacation_days
from pbmkit.referee.context import Command, Context, Refusal
from pbmkit.referee.security import prove_player

__all__ = ["COMMANDS", "leave_days"]


def leave_days(ctx: Context, number: int, side: str, rep: GameReplay) -> int:
    """The vacation days of the player of ``side`` in game ``number`` since the clock of this move
    started."""
    from pbmkit.desk.dates import replay_clock

    seat = next((r for r in ctx.seats(number) if r.side == side
                 or r.side in side.split("+")), None)
    if seat is None:
        return 0
    clock = replay_clock(rep)
    if clock is None:
        return 0
    since = clock.last_sent
    if clock.moves and clock.moves[-1].notes.arrived is not None:
        since = clock.moves[-1].notes.arrived
    return vacation_days(queries.vacations_of(ctx.db, seat.player), since, ctx.today)


def _vacation(ctx: Context) -> None:
    me = prove_player(ctx)
    if len(ctx.args) != 1 or not re.fullmatch(r"[0-9]{1,3}", ctx.args[0]):
        raise Refusal("write 'vacation DAYS', DAYS a number of days from today (0 ends your "
                      "vacation)")
    days = int(ctx.args[0])
    today = ctx.today
    taken = queries.vacations_of(ctx.db, me.id)
    allowance = ctx.club.vacation_days
    if days == 0:
        if not queries.end_vacation(ctx.db, me.id, today.isoformat()):
            raise Refusal("you are not on vacation")
        left = allowance - year_days(queries.vacations_of(ctx.db, me.id), today.year)
        ctx.reply("Vacation ended", f"Welcome back: your clocks run again from today. You have "
                                    f"{left} vacation days left in {today.year}.\n")
        return
    why = vacation_refusal(taken, today, days, allowance)
    if why is not None:
        raise Refusal(why)
    end = today + datetime.timedelta(days=days)
    queries.add_vacation(ctx.db, me.id, today.isoformat(), end.isoformat())
    queries.set_vacation_until(ctx.db, me.id, end.isoformat())
    now_taken = queries.vacations_of(ctx.db, me.id)
    years = range(today.year, (end - datetime.timedelta(days=1)).year + 1)
    counts = "; ".join(
        f"{year_days([Vacation(today, end)], y)} of them count in {y}, which leaves you "
        f"{allowance - year_days(now_taken, y)} of its {allowance}" for y in years)
    ctx.reply(f"Vacation until {end.isoformat()}",
              f"Your clocks stop from {today.isoformat()} to {end.isoformat()} ({days} days): "
              "the days count as leave on your next move of each game, and no reminder comes "
              f"meanwhile. The club allows {allowance} vacation days a calendar year: {counts}. "
              "'vacation 0' ends it early.\n")


COMMANDS = (
    Command("vacation", "vacation DAYS", "stop your clocks for DAYS days from today (a yearly "
            "allowance); 'vacation 0' ends the one you are on", _vacation),
)
"""The commands of this module, for the registry."""
