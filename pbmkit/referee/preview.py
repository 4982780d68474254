"""What a referee run would do on a given day, without doing it: ``pbmkit referee run --dry-run
--today DATE`` (docs/referee.md, "Reminders and time").

The run is made on a copy of the club (its settings, key, database and records, taken under the
club's lock) in a temporary folder, on the day at the time it is now, with no inbox and nothing sent: the
reminders, overstep reports and vacation ends of that day, and the mail they would queue, are
read from the copy, which is then deleted. The club itself is not changed.
"""

from __future__ import annotations

import datetime
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pbmkit.referee.club import load_club
from pbmkit.referee.inbox import InboxMessage
from pbmkit.referee.outgoing import last_queued, queued_since
from pbmkit.referee.run import RunReport, club_lock, run_club

__all__ = ["Preview", "preview_run"]


@dataclass
class Preview:
    """A dry run's findings: the day, the run's report, and the mail it would send."""

    day: datetime.date
    report: RunReport
    mail: list[tuple[str, str]] = field(default_factory=list)
    """(recipient, subject) of each message the run would queue, in order."""


class _NoInbox:
    """An inbox with nothing in it: a dry run reads no mail (it would mark it done)."""

    def messages(self) -> Iterator[InboxMessage]:
        return iter(())

    def done(self, key: str) -> None:
        return None

    def close(self) -> None:
        return None


def _copy(root: Path, to: Path) -> None:
    to.mkdir(mode=0o700)
    for name in os.listdir(root):
        path = root / name
        if path.is_file() and name.endswith((".toml", ".key")):
            shutil.copy2(path, to / name)
    shutil.copytree(root / "games", to / "games")
    for folder in ("maildir", "sent"):  # empty, as a setting may name them
        for part in ("new", "cur", "tmp"):
            (to / folder / part).mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(root / "club.db")
    try:
        target = sqlite3.connect(to / "club.db")
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


def preview_run(root: str | os.PathLike[str], day: datetime.date) -> Preview:
    """What a run on ``day`` would do (:class:`pbmkit.referee.run.Busy` while a run works)."""
    club = load_club(root)
    with tempfile.TemporaryDirectory(prefix="pbmkit-dry-run-") as tmp:
        copy = Path(tmp) / "club"
        with club_lock(club):
            _copy(club.root, copy)
        db = sqlite3.connect(copy / "club.db")
        try:
            last = last_queued(db)
        finally:
            db.close()
        now = datetime.datetime.now(datetime.UTC)  # the day, at this time of day
        moment = datetime.datetime.combine(day, now.time(), datetime.UTC)
        report = run_club(copy, now=lambda: moment, clock=moment.timestamp, inbox=_NoInbox(),
                          send=False)
        db = sqlite3.connect(copy / "club.db")
        try:
            mail = queued_since(db, last)
        finally:
            db.close()
    return Preview(day, report, mail)
