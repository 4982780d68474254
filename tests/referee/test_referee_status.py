"""``pbmkit referee status`` and ``pbmkit referee log``: what the organiser sees of a club, through
the real command line on a club a real ``referee run`` made (an SMTP server on 127.0.0.1, a
Maildir, real SQLite files). They change nothing, work while a run holds the lock, show what a
hostile message wrote with its control characters made visible, and say why a club cannot be
read in one line."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from tests.support.club_helpers import World, batalo_game, message, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)


def _cli(*args: str) -> Result:
    return CliRunner().invoke(cli, ["referee", *args], catch_exceptions=False)


def _files(root: Path) -> dict[str, str]:
    """Every file of the club folder and its digest, and the database's content (SQLite's own
    -wal and -shm files, which a reader of a WAL database may make, left out)."""
    files = {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted(root.rglob("*"))
             if p.is_file() and not p.name.endswith(("-wal", "-shm"))}
    db = sqlite3.connect(root / "club.db")
    files["content"] = hashlib.sha256("\n".join(db.iterdump()).encode()).hexdigest()
    db.close()
    return files


def _club_with_history(w: World) -> None:
    ann, _ = batalo_game(w)
    ann.move(1, "1. JR to IS")
    w.run()
    ann.move(1, "2. IS to HS")  # out of turn: refused
    w.deliver(message("mallory@example.com", "move 1 DX to FV\x1b[2J\u202e", ""))  # forged
    w.deliver(message("ann@example.org", "hello", "",
                      headers={"Auto-Submitted": "auto-replied"}))  # a loop: ignored
    w.run()


def test_status_and_log_say_what_the_club_did_and_change_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        _club_with_history(w)
        before = _files(w.root)
        got = _cli("status", str(w.root))
        assert got.exit_code == 0, got.output
        text = got.output
        assert "Test Club <referee@club.example.org>" in text
        assert "Players: 2" in text and "Games: 1 running, 0 over" in text
        assert "2 refused" in text and "1 ignored" in text and "done" in text
        assert "Outbox: 0 waiting (0 failed at least once)" in text
        assert "Last run: ended " in text and "message(s)" in text
        data = json.loads(_cli("status", str(w.root), "--json").output)
        db = w.db()
        done = db.execute("SELECT COUNT(*) FROM messages WHERE outcome = 'done'").fetchone()[0]
        sent = db.execute("SELECT COUNT(*) FROM outbox WHERE sent IS NOT NULL").fetchone()[0]
        db.close()
        assert data["messages"]["all"]["done"] == done and data["outbox"]["sent"] == sent
        assert data["games"] == {"running": 1, "finished": 0} and data["players"] == 2
        assert data["run_in_progress"] is False and data["notes"] == []

        log = _cli("log", str(w.root), "-n", "3").output.splitlines()
        assert len(log) == 3 and "ignored" in log[0] and "auto-repl" in log[0]
        refused = _cli("log", str(w.root), "--outcome", "refused").output
        assert "ann@example.org" in refused and "not yours" in refused
        mallory = _cli("log", str(w.root), "--sender", "MALLORY@example.com").output
        assert len(mallory.splitlines()) == 1
        lines = [json.loads(line) for line in
                 _cli("log", str(w.root), "--json", "--outcome", "done").output.splitlines()]
        assert len(lines) == done and {e["outcome"] for e in lines} == {"done"}
        assert _files(w.root) == before  # read-only: not a byte of the club changed


def test_what_a_hostile_message_wrote_is_shown_with_its_controls_made_visible(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        db_path = w.root / "club.db"
        w.deliver(message("mallory@example.com", "help", ""))
        w.run()
        db = sqlite3.connect(db_path)  # a detail as a hostile subject could make it
        db.execute("UPDATE messages SET detail = ?", ("move \x1b[31mred\x1b[0m\r\n\u202eevil",))
        db.commit()
        db.close()
        out = _cli("log", str(w.root)).output
        assert "\x1b" not in out and "\r" not in out and "\u202e" not in out
        assert "\\x1b[31mred" in out and "\\u202eevil" in out and len(out.splitlines()) == 1


def test_a_failing_outbox_is_shown_with_the_servers_words_and_the_next_try(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, mode="refuse-rcpt", pictures=False) as w:
        w.deliver(message("ann@example.org", "help", ""))
        w.run()
        got = _cli("status", str(w.root))
        assert "Outbox: 1 waiting (1 failed at least once), 0 sent" in got.output
        assert "to ann@example.org" in got.output and "1 attempt(s), next " in got.output
        assert "refused the recipient" in got.output
        assert "could not be sent yet" in got.output  # the note says what to look at
        data = json.loads(_cli("status", str(w.root), "--json").output)
        (row,) = data["outbox"]["failing_shown"]
        assert row["attempts"] == 1 and row["recipient"] == "ann@example.org"


def test_status_works_while_a_run_holds_the_lock_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        w.deliver(message("ann@example.org", "help", ""))
        w.run()
        fd = os.open(w.root / ".lock", os.O_RDWR)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            got = _cli("status", str(w.root))
            assert got.exit_code == 0 and "(a run is working now)" in got.output
        finally:
            os.close(fd)
        assert "(a run is working now)" not in _cli("status", str(w.root)).output


@pytest.mark.parametrize("spoil", ["no-folder", "no-db", "not-a-db", "newer", "bad-outcome"])
def test_a_club_that_cannot_be_read_is_one_line_and_a_non_zero_exit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: str) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        db_path = w.root / "club.db"
        root = str(w.root)
        if spoil == "no-folder":
            (w.root / "club.toml").unlink()
        elif spoil == "no-db":
            db_path.unlink()
        elif spoil == "not-a-db":
            db_path.write_bytes(b"not a database " * 100)
        elif spoil == "newer":
            db = sqlite3.connect(db_path)
            db.execute("PRAGMA user_version = 99")
            db.close()
        args = ["log", root, "--outcome", "nonsense"] if spoil == "bad-outcome" else []
        for command in (["status", root], ["log", root]) if not args else (args,):
            got = _cli(*command)
            assert got.exit_code != 0
            assert "Traceback" not in got.output
            assert got.output.strip().splitlines()[-1].startswith("Error:"), got.output
        if spoil == "newer":
            assert "newer than this pbmkit" in got.output


def test_retry_now_sends_what_waits_its_back_off_once_the_server_is_mended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a failure a message waits its back-off (1, 2, 4 ... minutes, up to 6 hours); once
    the organiser has mended the server, ``referee run --retry-now`` sends it at once, once."""
    with world(tmp_path, monkeypatch, mode="refuse-rcpt", pictures=False) as w:
        w.deliver(message("ann@example.org", "help", ""))
        assert w.run().send.failed == 1
        w.handler.mode = "ok"
        assert w.run().send.sent == 0  # still waiting its back-off
        assert "--retry-now" in _cli("status", str(w.root)).output
        got = CliRunner().invoke(cli, ["referee", "run", str(w.root), "--retry-now"],
                                 catch_exceptions=False)
        assert got.exit_code == 0 and "sent 1" in got.output, got.output
        assert [str(m["To"]) for m in w.sent()] == ["ann@example.org"]
        assert w.run().send.sent == 0
        assert "Outbox: 0 waiting (0 failed at least once), 1 sent" in \
            _cli("status", str(w.root)).output
