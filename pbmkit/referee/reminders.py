"""The referee's look at the clocks, once a day (docs/referee.md, "Reminders and time").

:func:`check_clocks` runs in every ``referee run`` after the inbox, and does its work on the first
run of each day (the club's state ``clocks`` holds the day of the last check: days are what the
desk counts, so a second look the same day finds nothing new). For every running game that has
waited a day or more it asks :func:`pbmkit.referee.clock.due_notices` what is due, and for each
notice not sent before (the table ``notices``, keyed by game and notice) queues the mail and
records it, one transaction a game:

* a reminder to the player to move, from their key's address so that a reply with ``Move: ...``
  plays; once a turn;
* an overstepped time control to every player of the game and to the organiser (``organiser`` in
  club.toml), once a side; the organiser decides (``pbmkit referee forfeit DIR N SIDE``).
"""

from __future__ import annotations

import datetime
import sqlite3

from pbmkit.referee import queries
from pbmkit.referee.clock import due_notices
from pbmkit.referee.club import Club
from pbmkit.referee.keys import game_key_text, game_secret
from pbmkit.referee.outgoing import queue, text_message
from pbmkit.referee.results import order_of

__all__ = ["check_clocks"]

STATE_KEY = "clocks"


def check_clocks(db: sqlite3.Connection, club: Club, club_key: bytes, now: datetime.datetime, *,
                 force: bool = False, problems: list[str] | None = None) -> int:
    """Queue the reminders and overstep reports due today; the number of notices queued.
    Nothing happens on a later run of the same day unless ``force``. A game whose clock cannot
    be looked at (a record that cannot be read or judged, odd dates, a seat without its player)
    is left as it is, with a line in ``problems``: it never stops the others' reminders."""
    today = now.date()
    last = queries.club_state(db, STATE_KEY)
    if last is not None and last >= today.isoformat() and not force:
        return 0
    cutoff = (today - datetime.timedelta(days=1)).isoformat() + "T99"
    numbers = queries.running_waiting(db, cutoff)
    sent = 0
    for number in numbers:
        db.execute("BEGIN IMMEDIATE")
        try:
            sent += _check_game(db, club, club_key, now, number)
            db.execute("COMMIT")
        except Exception as exc:  # this game only: its notices are rolled back, the rest go on
            db.execute("ROLLBACK")
            if problems is not None:
                why = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
                problems.append(f"game {number}: its clock cannot be looked at ({why}); no "
                                "reminder or overstep report for it today")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    queries.set_club_state(db, STATE_KEY, today.isoformat())
    return sent


def _check_game(db: sqlite3.Connection, club: Club, club_key: bytes, now: datetime.datetime,
                number: int) -> int:
    """Queue the notices of game ``number`` due today (inside the caller's transaction); how
    many. Raises whatever the game's record or seats make go wrong."""
    from pbmkit.desk.dates import desk_report, next_turn
    from pbmkit.records import parse_records

    today = now.date()
    sent = 0
    game = queries.game(db, number)
    if game is None:
        raise LookupError(f"there is no game {number}")
    records, _ = parse_records(game.text, game.record, check_moves=False)
    if len(records) != 1:
        raise ValueError(f"the record holds {len(records)} games")
    record = records[0]
    order = order_of(game.rules, record)
    _, to_move = next_turn(record, order)
    seats = queries.seats(db, number)
    mover = [s for s in seats if s.side == to_move  # a place of two factions, or
             or s.side in to_move.split("+")]        # a faction's own seat
    if not mover:
        raise LookupError(f"no player of the club holds {to_move.capitalize()}, the side to move")
    vacations = queries.vacations_of(db, mover[0].player)
    report = desk_report(record, order)
    done = queries.notices_of(db, number)
    title = record.tags.get("Game", game.rules)
    for notice in due_notices(record, order, to_move, today,
                              reminder_days=club.reminder_days, vacations=vacations,
                              report=report):
        if notice.key in done:
            continue
        queries.add_notice(db, number, notice.key, now.isoformat(timespec="seconds"))
        if notice.kind == "reminder":
            for s in mover:
                key = game_key_text(number, game_secret(club_key, number, s.side, s.generation))
                queue(db, text_message(
                    club, s.address, f"{title} #{number}: your move",
                    f"A reminder from {club.name}: it is your move in game {number} "
                    f"({title}); {notice.text}.\n\nReply to this message with a line "
                    f"'Move: MOVE', or write 'show {number}' for the board. Away? "
                    "'vacation DAYS' stops your clocks.\n", key=key, now=now), now)
                sent += 1
            continue
        names = ", ".join(f"{s.name} ({s.side.capitalize()})" for s in seats)
        text = (f"Game {number} of {club.name} ({title}: {names}): {notice.text}.\n\n"
                "The moves stay as they are; the organiser decides what follows (a "
                "forfeit, or play on).\n")
        recipients = [s.address for s in seats]
        if club.organiser:
            recipients.append(club.organiser)
        for to in dict.fromkeys(recipients):
            queue(db, text_message(club, to, f"{title} #{number}: time overstepped",
                                   text, now=now), now)
            sent += 1
    return sent
