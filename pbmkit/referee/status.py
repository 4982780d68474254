"""What the organiser sees of a club without changing anything: ``pbmkit referee status`` (the
club at a glance: players, games, the outbox, the ledger's outcomes, the last run) and ``pbmkit
referee log`` (the ledger: every message handled, the latest first).

The database is opened read-only (SQLite's ``mode=ro``): these commands work while a run holds
the club's lock, never migrate, never write. Every text shown comes from mail (a sender, a
subject, an error a server gave): the command line prints it with its control characters made
visible (:func:`pbmkit.common.text.printable`), so a hostile subject cannot move the organiser's
cursor or colour their terminal.
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pbmkit.common.text import printable
from pbmkit.referee.club import Club, load_club
from pbmkit.referee.db import SCHEMA_VERSION, DatabaseError

__all__ = ["LAST_RUN_KEY", "OUTCOMES", "ClubStatus", "LedgerEntry", "OutboxEntry", "club_status",
           "ledger", "run_in_progress", "shown"]

OUTCOMES = ("done", "refused", "help", "ignored", "unanswered", "duplicate", "unreadable",
            "oversized", "error")
"""The ledger's outcomes (:func:`pbmkit.referee.handling.handle_message` says what each means)."""

LAST_RUN_KEY = "last_run"
"""The ``club_state`` row where every run writes when it ended and its summary (JSON)."""

MAX_FAILING_SHOWN = 20


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """A message of the outbox not yet sent."""

    id: int
    recipient: str
    subject: str
    made: str
    attempts: int
    next_try: datetime.datetime | None
    maybe_sent: bool
    error: str | None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """A message the referee handled: when, what became of it, from whom, what it said."""

    at: str
    outcome: str
    sender: str | None
    message_id: str | None
    detail: str


@dataclass(frozen=True, slots=True)
class ClubStatus:
    """The club at a glance (``pbmkit referee status``)."""

    name: str
    address: str
    organiser: str | None
    schema: int
    players: int
    signups: int
    running: int
    finished: int
    challenges_open: int
    outcomes: dict[str, int]
    recent: dict[str, int]
    """The ledger's outcomes of the last 7 days."""
    last_message: str | None
    waiting: int
    failing: list[OutboxEntry]
    """Unsent messages that failed at least once (the first :data:`MAX_FAILING_SHOWN`)."""
    failing_count: int
    sent: int
    maybe_sent: int
    last_run: dict[str, str] | None
    running_now: bool
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        """The status as plain JSON data (``status --json``)."""
        return {
            "club": {"name": self.name, "address": self.address, "organiser": self.organiser,
                     "schema": self.schema},
            "players": self.players, "signups_waiting": self.signups,
            "games": {"running": self.running, "finished": self.finished},
            "challenges_open": self.challenges_open,
            "messages": {"all": self.outcomes, "last_7_days": self.recent,
                         "last": self.last_message},
            "outbox": {"waiting": self.waiting, "failing": self.failing_count,
                       "sent": self.sent, "maybe_sent": self.maybe_sent,
                       "failing_shown": [_entry_json(e) for e in self.failing]},
            "last_run": self.last_run, "run_in_progress": self.running_now,
            "notes": self.notes,
        }


def _entry_json(e: OutboxEntry) -> dict[str, object]:
    return {"id": e.id, "recipient": e.recipient, "subject": e.subject, "made": e.made,
            "attempts": e.attempts,
            "next_try": e.next_try.isoformat(timespec="seconds") if e.next_try else None,
            "maybe_sent": e.maybe_sent, "error": e.error}


def _open_ro(club: Club) -> sqlite3.Connection:
    """The club's database, read-only; :class:`DatabaseError` if it cannot be read as one."""
    path = club.db_path
    if not Path(path).is_file():
        raise DatabaseError(f"{path} does not exist: the club has no database (pbmkit referee "
                            "init makes one)")
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=10)
        db.row_factory = sqlite3.Row
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as exc:
        raise DatabaseError(f"cannot read the database {path}: {exc}") from None
    if version > SCHEMA_VERSION:
        db.close()
        raise DatabaseError(f"{path} has schema version {version}, newer than this pbmkit's "
                            f"({SCHEMA_VERSION}); upgrade pbmkit")
    if version < SCHEMA_VERSION:
        db.close()
        raise DatabaseError(f"{path} has schema version {version}, older than this pbmkit's "
                            f"({SCHEMA_VERSION}): the next 'pbmkit referee run' upgrades it")
    return db


def run_in_progress(club: Club) -> bool:
    """Whether a run holds the club's lock now (asked without waiting, the lock not kept)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: runs take no lock there
        return False
    try:
        fd = os.open(club.lock_path, os.O_RDONLY)
    except OSError:
        return False  # no lock file: no run was ever made
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def club_status(root: str | os.PathLike[str], *, now: datetime.datetime | None = None
                ) -> ClubStatus:
    """The club ``root`` at a glance; :class:`~pbmkit.referee.club.ClubError` or
    :class:`~pbmkit.referee.db.DatabaseError` with the reason when it cannot be read."""
    club = load_club(root)
    now = now or datetime.datetime.now(datetime.UTC)
    db = _open_ro(club)
    try:
        def one(sql: str, *args: object) -> int:
            return int(db.execute(sql, args).fetchone()[0] or 0)

        outcomes = {str(r[0]): int(r[1]) for r in db.execute(
            "SELECT outcome, COUNT(*) FROM messages GROUP BY outcome ORDER BY outcome")}
        week = (now - datetime.timedelta(days=7)).isoformat(timespec="seconds")
        recent = {str(r[0]): int(r[1]) for r in db.execute(
            "SELECT outcome, COUNT(*) FROM messages WHERE at >= ? GROUP BY outcome "
            "ORDER BY outcome", (week,))}
        last = db.execute("SELECT MAX(at) FROM messages").fetchone()[0]
        failing = [_outbox_entry(r) for r in db.execute(
            "SELECT id, recipient, subject, made, attempts, next_try, maybe_sent, error "
            "FROM outbox WHERE sent IS NULL AND attempts > 0 ORDER BY next_try, id LIMIT ?",
            (MAX_FAILING_SHOWN,))]
        row = db.execute("SELECT value FROM club_state WHERE key = ?", (LAST_RUN_KEY,)).fetchone()
        last_run = _last_run(row[0]) if row is not None else None
        status = ClubStatus(
            name=club.name, address=club.address, organiser=club.organiser,
            schema=SCHEMA_VERSION,
            players=one("SELECT COUNT(*) FROM players"),
            signups=one("SELECT COUNT(*) FROM signups"),
            running=one("SELECT COUNT(*) FROM games WHERE state = 'running'"),
            finished=one("SELECT COUNT(*) FROM games WHERE state != 'running'"),
            challenges_open=one("SELECT COUNT(*) FROM challenges WHERE state = 'open'"),
            outcomes=outcomes, recent=recent, last_message=str(last) if last else None,
            waiting=one("SELECT COUNT(*) FROM outbox WHERE sent IS NULL"),
            failing=failing,
            failing_count=one("SELECT COUNT(*) FROM outbox WHERE sent IS NULL AND attempts > 0"),
            sent=one("SELECT COUNT(*) FROM outbox WHERE sent IS NOT NULL"),
            maybe_sent=one("SELECT COUNT(*) FROM outbox WHERE maybe_sent != 0"),
            last_run=last_run, running_now=run_in_progress(club))
    except sqlite3.Error as exc:
        raise DatabaseError(f"cannot read the database {club.db_path}: {exc}") from None
    finally:
        db.close()
    if status.last_run is None:
        status.notes.append("no run has finished yet: start one (pbmkit referee run), from cron "
                            "or with --watch")
    elif _age_hours(status.last_run.get("at"), now) > 24:
        status.notes.append(f"the last run ended {status.last_run.get('at')}, over a day ago: "
                            "is cron (or --watch) still running it?")
    if status.failing_count:
        status.notes.append(f"{status.failing_count} message(s) could not be sent yet and wait "
                            "their next try (below); check [smtp] in club.toml, then 'pbmkit "
                            "referee run --retry-now' sends them at once")
    if outcomes.get("error"):
        status.notes.append(f"{outcomes['error']} message(s) met a fault of the referee: "
                            "pbmkit referee log --outcome error shows them")
    return status


def _outbox_entry(r: sqlite3.Row) -> OutboxEntry:
    next_try = float(r["next_try"] or 0)
    return OutboxEntry(
        id=int(r["id"]), recipient=str(r["recipient"]), subject=str(r["subject"]),
        made=str(r["made"]), attempts=int(r["attempts"]),
        next_try=datetime.datetime.fromtimestamp(next_try, datetime.UTC) if next_try else None,
        maybe_sent=bool(r["maybe_sent"]), error=str(r["error"]) if r["error"] else None)


def _last_run(value: str) -> dict[str, str] | None:
    try:
        data = json.loads(value)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    return {str(k): str(v) for k, v in data.items() if v is not None}


def _age_hours(at: str | None, now: datetime.datetime) -> float:
    try:
        when = datetime.datetime.fromisoformat(at or "")
    except ValueError:
        return 0.0
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return (now - when).total_seconds() / 3600


def ledger(root: str | os.PathLike[str], *, last: int = 50, outcomes: Sequence[str] = (),
           sender: str | None = None) -> list[LedgerEntry]:
    """The last ``last`` messages of the ledger (the latest first), of ``outcomes`` only when
    given, of one sender only when ``sender`` is (any case)."""
    club = load_club(root)
    db = _open_ro(club)
    where: list[str] = []
    args: list[object] = []
    if outcomes:
        where.append(f"outcome IN ({', '.join('?' for _ in outcomes)})")
        args += list(outcomes)
    if sender:
        where.append("LOWER(sender) = LOWER(?)")
        args.append(sender.strip())
    sql = ("SELECT at, outcome, sender, message_id, detail FROM messages"
           + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY id DESC LIMIT ?")
    try:
        rows = db.execute(sql, (*args, last)).fetchall()
    except sqlite3.Error as exc:
        raise DatabaseError(f"cannot read the database {club.db_path}: {exc}") from None
    finally:
        db.close()
    return [LedgerEntry(str(r["at"]), str(r["outcome"]), r["sender"], r["message_id"],
                        str(r["detail"])) for r in rows]


def shown(text: str | None, limit: int = 200) -> str:
    """``text`` as a terminal may print it (:func:`pbmkit.common.text.printable`), cut at ``limit`` with "…";
    ``-`` for none."""
    if text is None:
        return "-"
    out = printable(text)
    return out if len(out) <= limit else out[:limit - 1] + "…"
