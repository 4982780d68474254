"""``pbmkit referee run --dry-run --today DATE`` (issue 35, item 4): what a run would do on a
given day (reminders, overstep reports), with nothing read, changed or sent."""

from __future__ import annotations

import datetime
import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from tests.support.club_helpers import World, batalo_game, message, world


def _state(w: World) -> str:
    """A digest of everything a run may change: the database's rows and the records."""
    db = w.db()
    h = hashlib.sha256()
    for table in ("players", "signups", "games", "notices", "outbox", "messages", "club_state"):
        for row in db.execute(f"SELECT * FROM {table} ORDER BY 1"):
            h.update(repr(tuple(row)).encode())
    db.close()
    for path in sorted((w.root / "games").glob("*.txt")):
        h.update(path.read_bytes())
    return h.hexdigest()


def _dry(w: World, *args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, ["referee", "run", str(w.root), "--dry-run", *args])
    return done.exit_code, done.output


def test_a_dry_run_shows_the_reminder_of_a_later_day_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        batalo_game(w)  # Ann to move in game 1
        w.deliver(message("carol@example.com", "help", "help\n"))  # waits in the inbox
        before, sent = _state(w), len(w.sent())
        today = datetime.datetime.now(datetime.UTC).date()
        code, out = _dry(w, "--today", str(today))
        assert code == 0, out
        assert "0 message(s) to send" in out
        later = today + datetime.timedelta(days=w.club.reminder_days + 1)
        code, out = _dry(w, "--today", str(later))
        assert code == 0, out
        assert f"on {later}" in out and "1 reminder(s)" in out
        assert "to ann@example.org: Batalo #1: your move" in out
        assert _state(w) == before and len(w.sent()) == sent
        assert len(list((w.root / "maildir" / "new").iterdir())) == 1  # Carol's, unread
        report = w.run()  # a real run afterwards still does what it has to
        assert report.outcomes == {"done": 1}


@pytest.mark.parametrize(("args", "words"), [
    (["--today", "2000-01-01"], "before today"),
    (["--today", "soon"], "is not a date"),
    (["--watch"], "no --watch"),
])
def test_a_dry_run_refuses_what_it_cannot_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            args: list[str], words: str) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        code, out = _dry(w, *args)
        assert code == 2 and words in out, out


def test_today_without_dry_run_is_a_usage_error(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        done = CliRunner().invoke(cli, ["referee", "run", str(w.root), "--today", "2030-01-01"])
        assert done.exit_code == 2 and "--today goes with --dry-run" in done.output
