"""Issue 27, reliability: the outbox survives SMTP failures, the lock keeps a second run out, a
record written but not committed is put back from the database, the schema migrates, and the
command line makes and runs a club."""

from __future__ import annotations

import fcntl
import os
import re
import sqlite3
import stat
from pathlib import Path

import pytest

from pbmkit.cli import cli
from pbmkit.referee.club import ClubError, init_club
from pbmkit.referee.db import MIGRATIONS, SCHEMA_VERSION, DatabaseError, migrate, open_db
from pbmkit.referee.outgoing import backoff
from pbmkit.referee.run import Busy, run_club
from tests.support.club_helpers import batalo_game, message, text_of, world
from tests.support.smtp_server import QUIET, free_port

pytestmark = pytest.mark.filterwarnings(QUIET)


def _set_port(root: Path, port: int) -> None:
    toml = (root / "club.toml").read_text()
    (root / "club.toml").write_text(re.sub(r"port = \d+", f"port = {port}", toml))


def test_the_outbox_keeps_messages_while_smtp_is_down_and_retries_with_backoff(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        port = w.port
        _set_port(w.root, free_port())  # nothing listens there
        w.deliver(message("ann@example.org", "help", ""))
        w.deliver(message("bob@example.org", "help", ""))
        report = w.run()
        assert report.send.sent == 0 and report.send.failed == 1 and report.send.waiting == 2
        db = w.db()
        first = db.execute("SELECT attempts, next_try FROM outbox ORDER BY id").fetchall()
        db.close()
        assert first[0]["attempts"] == 1 and first[0]["next_try"] == w.clock[0] + 60
        assert first[1]["attempts"] == 0  # the pass stopped at the server that cannot be reached
        _set_port(w.root, port)
        report = w.run()  # the first is not due yet; the second is
        assert report.send.sent == 1 and report.send.waiting == 1
        w.clock[0] += 61
        report = w.run()
        assert report.send.sent == 1 and report.send.waiting == 0
        assert sorted(str(m["To"]) for m in w.sent()) == ["ann@example.org", "bob@example.org"]
        assert [backoff(n) for n in (1, 2, 3)] == [60, 120, 240] and backoff(40) == 6 * 3600


def test_a_server_refusing_keeps_the_message_and_maybe_sent_is_marked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, mode="refuse-rcpt") as w:
        w.deliver(message("ann@example.org", "help", ""))
        report = w.run()
        assert report.send.failed == 1 and report.send.waiting == 1
        assert "refused the recipient" in report.send.errors[0]
        w.handler.mode = "slow"  # takes the data, answers after the client's timeout
        w.clock[0] += 61
        report = w.run()
        assert report.send.maybe == 1 and "MAY HAVE BEEN SENT" in report.send.errors[0]
        db = w.db()
        row = db.execute("SELECT maybe_sent, sent, attempts FROM outbox").fetchone()
        db.close()
        assert tuple(row) == (1, None, 2)
        w.handler.mode = "ok"
        w.clock[0] += 121
        report = w.run()
        assert report.send.sent == 1
        ids = {str(m["Message-ID"]) for m in w.sent()}
        assert len(w.sent()) == 2 and len(ids) == 1  # the copy is the same message


def test_a_second_run_does_nothing_while_one_holds_the_lock(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("ann@example.org", "help", ""))
        fd = os.open(w.root / ".lock", os.O_RDWR | os.O_CREAT)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            with pytest.raises(Busy):
                run_club(w.root)
        finally:
            os.close(fd)
        assert w.sent() == [] and len(list((w.root / "maildir" / "new").iterdir())) == 1
        assert w.run().outcomes == {"done": 1}


def test_a_record_written_but_not_committed_is_put_back_from_the_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, _ = batalo_game(w)
        path = w.root / "games" / "1-batalo.txt"
        committed = path.read_bytes()
        # a run killed after writing the file, before its commit: the file is ahead
        path.write_bytes(committed + b"\n1. JR to IS\n")
        assert w.run().rewritten == 1
        assert path.read_bytes() == committed
        path.unlink()
        assert w.run().rewritten == 1 and path.read_bytes() == committed
        # the message of that move was never marked done: it comes again and is applied
        ann.move(1, "JR to IS")
        w.run()
        assert "JR to IS" in path.read_text()


def test_the_schema_migrates_from_version_1(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO players (address, name, joined) VALUES ('a@b.example', 'ann', 'x')")
    db.execute("INSERT INTO games (number, rules, tags, record, text, digest, state, started, "
               "turn_since) VALUES (1, 'Batalo', '{}', '1.txt', 't', 'd', 'running', 'x', 'x')")
    db.execute("INSERT INTO game_players (game, side, player, secret_hash) VALUES (1, 'white', "
               "1, 'h')")
    db.close()
    db = open_db(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    row = db.execute("SELECT side, secret_hash, generation, rotated FROM game_players").fetchone()
    assert tuple(row) == ("white", "h", 0, None)
    assert "board" in [r[1] for r in db.execute("PRAGMA table_info(outbox)")]
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert migrate(db) == SCHEMA_VERSION  # nothing left to do
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(DatabaseError, match="newer than this pbmkit"):
        open_db(path)


def test_init_makes_a_club_folder_and_refuses_to_overwrite_one(tmp_path: Path) -> None:
    from click.testing import CliRunner

    root = tmp_path / "club"
    result = CliRunner().invoke(cli, ["referee", "init", str(root), "--address",
                                      "referee@chess.example.org", "--name", "Chess Club"])
    assert result.exit_code == 0, result.output
    for sub in ("club.toml", "club.db", "club.key", "games", "maildir/new", "maildir/cur"):
        assert (root / sub).exists()
    assert stat.S_IMODE((root / "club.key").stat().st_mode) == 0o600
    toml = (root / "club.toml").read_bytes()
    again = CliRunner().invoke(cli, ["referee", "init", str(root)])
    assert again.exit_code == 2 and "holds a club already" in again.output
    assert (root / "club.toml").read_bytes() == toml
    with pytest.raises(ClubError):
        init_club(tmp_path / "other", address="referee+x@chess.example.org")
    bad = CliRunner().invoke(cli, ["referee", "run", str(tmp_path)])
    assert bad.exit_code == 2 and "not a club folder" in bad.output
    assert "Traceback" not in bad.output


def test_init_refuses_a_folder_that_is_not_empty_unless_forced(tmp_path: Path) -> None:
    """Issue 34. Before: ``referee init`` wrote club.toml, the database, games/ and maildir/
    into any folder, beside an event's files. Now a folder that holds anything is refused (exit
    2, one line naming what it holds, nothing written) unless ``--force``; an empty folder is
    fine, and ``--force`` never makes a club over a club."""
    from click.testing import CliRunner

    event = tmp_path / "event"
    event.mkdir()
    (event / "event.toml").write_text("title = 'Spring'\n")
    (event / "round-1.txt").write_text("")
    result = CliRunner().invoke(cli, ["referee", "init", str(event)])
    assert result.exit_code == 2, result.output
    assert "is not empty (2 entries: event.toml, round-1.txt)" in result.output
    assert "--force" in result.output and "Traceback" not in result.output
    assert sorted(p.name for p in event.iterdir()) == ["event.toml", "round-1.txt"]
    forced = CliRunner().invoke(cli, ["referee", "init", str(event), "--force"])
    assert forced.exit_code == 0, forced.output
    assert (event / "club.toml").exists() and (event / "event.toml").exists()
    again = CliRunner().invoke(cli, ["referee", "init", str(event), "--force"])
    assert again.exit_code == 2 and "holds a club already" in again.output
    empty = tmp_path / "empty"
    empty.mkdir()
    assert CliRunner().invoke(cli, ["referee", "init", str(empty)]).exit_code == 0


def test_run_on_the_command_line_handles_the_inbox_and_sends(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("ann@example.org", "help batu khan", ""))
        result = CliRunner().invoke(cli, ["referee", "run", str(w.root), "-v"])
        assert result.exit_code == 0, result.output
        assert "1 message(s) (1 done); sent 1" in result.output
        (reply,) = w.sent()
        assert "Batu Khan" in text_of(reply) and "Board" in text_of(reply)


def test_smtp_settings_are_checked_like_mail_toml(tmp_path: Path) -> None:
    root = tmp_path / "club"
    init_club(root)
    toml = (root / "club.toml").read_text()
    (root / "club.toml").write_text(toml.replace('security = "none"',
                                                 'security = "none"\npassword = "x"'))
    with pytest.raises(ClubError, match="password is not kept"):
        run_club(root)


def test_an_outbox_folder_takes_the_mail_instead_of_smtp(tmp_path: Path) -> None:
    root = tmp_path / "club"
    init_club(root)
    toml = (root / "club.toml").read_text()
    (root / "club.toml").write_text(toml[: toml.index("[smtp]")] + '[outbox]\nfolder = "sent"\n')
    (root / "maildir" / "new" / "1.x.eml").write_bytes(message("ann@example.org", "help", ""))
    report = run_club(root)
    assert report.send.sent == 1
    (eml,) = (root / "sent").glob("*.eml")
    assert b"To: ann@example.org" in eml.read_bytes()
    (root / "club.toml").write_text((root / "club.toml").read_text() + "[smtp]\nhost = \"x\"\n")
    with pytest.raises(ClubError, match="choose one"):
        run_club(root)


def test_watch_says_only_what_happened(tmp_path: Path) -> None:
    """Issue 34. Before: ``referee run --watch`` printed "0 message(s); sent 0" every interval,
    burying what happened. Now a run that did nothing prints nothing: one message handled and its
    reply sent is one line, however many idle runs follow."""
    import signal
    import subprocess
    import sys
    import time

    root = tmp_path / "club"
    init_club(root)
    toml = (root / "club.toml").read_text()
    (root / "club.toml").write_text(toml[: toml.index("[smtp]")] + '[outbox]\nfolder = "sent"\n')
    (root / "maildir" / "new" / "1.x.eml").write_bytes(message("ann@example.org", "help", ""))
    # a suite started in the background of a shell ignores SIGINT, and its children inherit
    # that: the watch must get Ctrl-C as a user's terminal gives it
    proc = subprocess.Popen([sys.executable, "-m", "pbmkit", "referee", "run", str(root),
                             "--watch", "--interval", "1"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not list((root / "sent").glob("*.eml")) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(3.5)  # three idle runs, a second apart
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert out.splitlines() == ["1 message(s) (1 done); sent 1"], (out, err)
    assert "Traceback" not in err


def test_a_fault_with_one_message_does_not_block_the_inbox(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from pbmkit.referee.commands.registry import COMMANDS
    from pbmkit.referee.context import Command, Context

    def broken(ctx: Context) -> None:
        ctx.db.execute("INSERT INTO players (address, name, joined) VALUES ('x@y.example', 'x', "
                       "'2026-01-01')")
        raise RuntimeError("a bug")

    monkeypatch.setitem(COMMANDS, "boom", Command("boom", "boom", "a broken command", broken, False))
    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("ann@example.org", "boom", ""))
        w.deliver(message("bob@example.org", "help", ""))
        report = w.run()
        assert report.outcomes == {"error": 1, "done": 1}
        assert w.snapshot()[1] == []  # the broken command's change was rolled back
        to = sorted((str(m["To"]), str(m["Subject"])) for m in w.sent())
        assert to[0][0] == "ann@example.org" and to[0][1].startswith("Not handled")
        assert to[1][0] == "bob@example.org"
        db = w.db()
        assert [r[0] for r in db.execute("SELECT outcome FROM messages ORDER BY id")] == \
            ["error", "done"]
        db.close()
