"""``pbmkit referee run``: take the inbox's messages, one transaction each, then send the outbox.

A run puts back the record files that differ from the database (:func:`~pbmkit.referee.handling.
reconcile`), forgets the signups past their days, handles every message of the inbox
(:func:`~pbmkit.referee.handling.handle_message`: one message, one transaction), looks at the
clocks (:mod:`pbmkit.referee.reminders`) and sends the outbox (:mod:`pbmkit.referee.outgoing`).
A message is marked done in the inbox only after its commit is on the disk; a message seen again
is skipped by the ledger.

A lock (``fcntl.flock`` on ``DIR/.lock``) keeps a second run on the same club out: it does
nothing and says so.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pbmkit.common.text import printable
from pbmkit.mail.files import MailError
from pbmkit.mail.smtp import read_password
from pbmkit.referee import queries
from pbmkit.referee.club import Club, load_club
from pbmkit.referee.commands.membership import expire_signups
from pbmkit.referee.db import make_durable, open_db
from pbmkit.referee.errors import RefereeError
from pbmkit.referee.handling import disk_full, handle_message, reconcile
from pbmkit.referee.inbox import Inbox, MaildirInbox
from pbmkit.referee.keys import load_club_key
from pbmkit.referee.outgoing import Sender, SendReport, queue, retry_all, send_due, text_message
from pbmkit.referee.robots import enrol_robots, play_robots
from pbmkit.referee.status import LAST_RUN_KEY

__all__ = ["Busy", "DiskFull", "InboxFailed", "RunReport", "club_lock", "open_inbox", "run_club"]


class Busy(RefereeError):
    """Another run holds the club's lock."""


class DiskFull(RefereeError):
    """The club's disk (or the database's) is full: the run stopped; nothing was lost."""

    def __init__(self, root: str | os.PathLike[str], exc: BaseException) -> None:
        super().__init__(f"the disk of the club {os.fspath(root)} is full ({type(exc).__name__}: "
                         f"{str(exc)[:120]}): the run stopped and nothing was lost (a message "
                         "not handled stays in the inbox, a record is put back from the "
                         "database); make room, then run again")


class InboxFailed(MailError, RefereeError):
    """The inbox failed during a run (its line says how); the run did the rest (the messages
    handed out before, the clocks, the outbox): ``report`` says what."""

    def __init__(self, line: str, report: RunReport) -> None:
        super().__init__(line)
        self.report = report


@dataclass
class RunReport:
    """What one run did."""

    outcomes: Counter[str] = field(default_factory=Counter)
    lines: list[str] = field(default_factory=list)
    rewritten: int = 0
    notices: int = 0
    """Reminders and overstep reports queued (pbmkit/referee/reminders.py)."""
    problems: list[str] = field(default_factory=list)
    """Games whose clocks could not be looked at (one line each; the others were)."""
    send: SendReport = field(default_factory=SendReport)
    robot_moves: int = 0
    """Moves the club's robots made (pbmkit/referee/robots.py)."""
    robots_waiting: int = 0
    """Games whose robot is to move and waits for the next run (this run's budget spent)."""
    timings: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Seconds of CPU (this process) and of wall time by phase of the run: ``inbox`` (reading
    the messages, marking them done), ``handling`` (parsing them, the commands, the replies
    made and queued, the commits), ``clocks`` (reminders), ``sending`` (the outbox: the SMTP
    conversation, waiting for the pictures) and within it ``pictures`` (waiting for them, or
    drawing them here); ``drawing`` (CPU of the processes that drew pictures)."""

    def timing_line(self) -> str:
        """The timings as one line (``pbmkit referee run --timings``)."""
        parts = [f"{name} {cpu:.2f}/{wall:.2f}" for name, (cpu, wall) in self.timings.items()]
        return "timings (s of CPU/wall): " + ", ".join(parts)

    @property
    def idle(self) -> bool:
        """Nothing happened: no message handled, nothing sent or failed, no notice queued, no
        record rewritten, no problem (``referee run --watch`` then says nothing)."""
        return not (sum(self.outcomes.values()) or self.rewritten or self.notices
                    or self.robot_moves or self.problems or self.send.sent or self.send.failed
                    or self.send.maybe or self.send.errors)

    def summary(self) -> str:
        parts = [f"{n} {what}" for what, n in sorted(self.outcomes.items())]
        sent = (f"sent {self.send.sent}" + (f", {self.send.failed} failed" if self.send.failed
                                             else "")
                + (f", {self.send.maybe} maybe sent" if self.send.maybe else "")
                + (f", {self.send.waiting} waiting" if self.send.waiting else ""))
        robots = (f"; robots moved {self.robot_moves}" if self.robot_moves else "") + (
            f"; {self.robots_waiting} robot move(s) wait for the next run" if self.robots_waiting
            else "")
        return (f"{sum(self.outcomes.values())} message(s)"
                + (f" ({', '.join(parts)})" if parts else "") + robots + f"; {sent}"
                + (f"; {self.rewritten} record(s) rewritten from the database"
                   if self.rewritten else ""))


@contextlib.contextmanager
def club_lock(club: Club) -> Iterator[None]:
    """Hold the club's lock (:class:`Busy` at once if another run holds it)."""
    import fcntl

    fd = os.open(club.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(f"another referee run is working on {club.root}; this one did nothing") \
                from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def open_inbox(club: Club) -> Inbox:
    """The club's inbox: its Maildir, or its IMAP mailbox (:mod:`pbmkit.referee.imap`)."""
    if club.maildir is not None:
        try:
            return MaildirInbox(club.maildir)
        except FileNotFoundError as exc:
            raise MailError(str(exc)) from None
    if club.imap is not None:
        import importlib

        module = importlib.import_module("pbmkit.referee.imap")
        inbox: Inbox = module.open_imap(club)
        return inbox
    raise MailError(f"{club.root}/club.toml: [inbox] names no maildir and no imap")


class _Timer:
    """Adds the CPU and wall seconds of each ``with timer(phase):`` to ``timings[phase]``."""

    def __init__(self, timings: dict[str, tuple[float, float]]) -> None:
        self.timings = timings
        self.phase = ""

    def __call__(self, phase: str) -> _Timer:
        self.phase = phase
        return self

    def __enter__(self) -> None:
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        cpu, wall = self.timings.get(self.phase, (0.0, 0.0))
        self.timings[self.phase] = (cpu + time.process_time() - self.cpu,
                                    wall + time.perf_counter() - self.wall)


DONE_BATCH = 100
"""Messages handled between two syncs of the database; each sync is followed by marking those
messages done in the inbox (a message is never done before its effect is on the disk)."""


def _mark_done(db: sqlite3.Connection, box: Inbox, keys: list[str]) -> None:
    if not keys:
        return
    make_durable(db)
    for key in keys:
        box.done(key)
    keys.clear()


def run_club(root: str | os.PathLike[str], *, now: Callable[[], datetime.datetime] | None = None,
             clock: Callable[[], float] = time.time, sender: Sender | None = None,
             inbox: Inbox | None = None, send: bool = True, retry_now: bool = False
             ) -> RunReport:
    """One run over the club ``root``: reconcile the records, handle every message of the inbox,
    then send the outbox (``retry_now``: the messages waiting their back-off after a failure
    too). :class:`Busy` when another run holds the lock; :class:`ClubError`, :class:`MailError`
    for a club that cannot be used; :class:`DiskFull` when a write found the disk full."""
    club = load_club(root)
    try:
        return _run_club(club, now=now, clock=clock, sender=sender, inbox=inbox, send=send,
                         retry_now=retry_now)
    except DiskFull:
        raise
    except Exception as exc:  # reconcile, a COMMIT, the outbox: a full disk is one line
        if disk_full(exc):
            raise DiskFull(club.root, exc) from None
        raise


def _run_club(club: Club, *, now: Callable[[], datetime.datetime] | None,
              clock: Callable[[], float], sender: Sender | None, inbox: Inbox | None,
              send: bool, retry_now: bool) -> RunReport:
    report = RunReport()
    failure: MailError | None = None
    with club_lock(club):
        club_key = load_club_key(Path(club.root))
        db = open_db(club.db_path)
        try:
            report.rewritten = reconcile(db, club)
            moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
            behind = _clock_behind(db, club, moment)
            expire_signups(db, moment)
            if behind is not None:
                report.problems.append(behind)
            report.problems += enrol_robots(db, club, moment)
            timer = _Timer(report.timings)
            try:
                _take_inbox(db, club, club_key, inbox, now, report, timer)
            except MailError as exc:  # the inbox failed: what it handed out is handled, the
                failure = exc         # clocks and the outbox go on; the run fails after them
            if club.robots.players:  # after the players' moves: a robot answers in this run
                with timer("robots"):
                    moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
                    robots = play_robots(db, club, club_key, moment)
                report.robot_moves, report.robots_waiting = robots.moves, robots.waiting
                report.problems += robots.problems
            from pbmkit.referee.reminders import check_clocks

            with timer("clocks"):
                moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
                report.notices = check_clocks(db, club, club_key, moment,
                                              problems=report.problems)
            if send:
                password = None
                if club.smtp is not None and club.smtp.user:
                    password = read_password(club.smtp)
                if retry_now:  # the organiser mended the server: no waiting out the back-off
                    retry_all(db)
                with timer("sending"):
                    report.send = send_due(db, club, password, clock=clock, sender=sender)
                report.timings.update(report.send.timings)
            _note_run(db, now, report, failure)
        finally:
            db.close()
    if failure is not None:
        raise InboxFailed(str(failure), report)
    return report


_CLOCK_HIGH = "clock_high"
"""The ``club_state`` row holding the latest time a run saw (ISO 8601, UTC)."""
_CLOCK_WARNED = "clock_warned"
"""The ``club_state`` row holding the ``clock_high`` the organiser was told the clock is behind."""


def _clock_behind(db: sqlite3.Connection, club: Club, moment: datetime.datetime) -> str | None:
    """A line when the machine's clock is more than an hour behind the latest time a run saw (a
    clock set back): the organiser is mailed once about it; the moves keep their records' dates
    (:func:`pbmkit.referee.commands.games.latest_date`)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        seen = queries.club_state(db, _CLOCK_HIGH)
        high = datetime.datetime.fromisoformat(seen) if seen else None
        if high is None or moment > high:
            queries.set_club_state(db, _CLOCK_HIGH, moment.isoformat(timespec="seconds"))
            return None
        if moment >= high - datetime.timedelta(hours=1):
            return None
        line = (f"the machine's clock says {moment:%Y-%m-%d %H:%M} UTC, before the latest time "
                f"a run saw ({high:%Y-%m-%d %H:%M} UTC): was it set back? No move is dated "
                "before its record's last date; set the clock right")
        warned = queries.club_state(db, _CLOCK_WARNED)
        if club.organiser and warned != seen:
            queue(db, text_message(club, club.organiser, f"{club.name}: the referee's clock is "
                                   "behind", f"The referee of {club.name}: {line}.\n", now=moment),
                  moment)
            queries.set_club_state(db, _CLOCK_WARNED, str(seen))
        return line
    finally:
        db.execute("COMMIT")


def _note_run(db: sqlite3.Connection, now: Callable[[], datetime.datetime] | None,
              report: RunReport, failure: MailError | None) -> None:
    """Write when this run ended and what it did where ``pbmkit referee status`` reads it."""
    moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
    value = {"at": moment.isoformat(timespec="seconds"), "summary": report.summary()}
    if failure is not None:
        value["inbox_failed"] = str(failure)[:500]
    queries.set_club_state(db, LAST_RUN_KEY, json.dumps(value))


def _take_inbox(db: sqlite3.Connection, club: Club, club_key: bytes, inbox: Inbox | None,
                now: Callable[[], datetime.datetime] | None, report: RunReport,
                timer: _Timer) -> None:
    """Handle every message of the inbox; :class:`MailError` when the inbox fails (opening it,
    listing or reading a message, marking one done): the messages handled before are committed
    (and marked done where the inbox still can)."""
    box = inbox if inbox is not None else open_inbox(club)
    handled: list[str] = []
    try:
        messages = box.messages()
        while True:
            with timer("inbox"):
                item = next(messages, None)
            if item is None:
                break
            with timer("handling"):
                moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
                outcome, line = handle_message(db, club, club_key, item, moment)
            report.outcomes[outcome] += 1
            report.lines.append(printable(f"{outcome}: {line}"))
            handled.append(item.key)
            if len(handled) >= DONE_BATCH:
                with timer("inbox"):
                    _mark_done(db, box, handled)
        with timer("inbox"):
            _mark_done(db, box, handled)
    except MailError:
        with contextlib.suppress(MailError):  # the ledger skips them next time anyway
            _mark_done(db, box, handled)
        raise
    finally:
        box.close()
