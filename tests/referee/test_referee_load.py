"""Issue 27, load: what the referee's run does to handle many messages cheaply, with behaviour
unchanged (docs/referee.md, "Load"): the outbox's messages written as bytes, one SMTP connection
for a pass over the outbox, the board pictures drawn ahead in a pool of processes that a killed
run does not leave behind."""

from __future__ import annotations

import email
import email.policy
import os
import re
import signal
import smtplib
import sqlite3
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

import pytest
from test_referee_processes import _club, _copy

from pbmkit.mail.smtp import SmtpConfig, SmtpSession
from pbmkit.referee.club import load_club
from pbmkit.referee.outgoing import text_message
from pbmkit.referee.pictures import Painter, draw_record
from tests.support.club_helpers import batalo_game, message, world
from tests.support.smtp_server import QUIET, smtp_server

pytestmark = pytest.mark.filterwarnings(QUIET)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_pass_over_the_outbox_sends_every_message_through_one_connection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    connects: list[object] = []
    real = smtplib.SMTP.connect

    def counting(self: smtplib.SMTP, *args: object, **kw: object) -> object:
        connects.append(args)
        return real(self, *args, **kw)  # type: ignore[arg-type]

    with world(tmp_path, monkeypatch) as w:
        for k in range(5):
            w.deliver(message(f"someone{k}@example.org", "help", ""))
        monkeypatch.setattr(smtplib.SMTP, "connect", counting)
        report = w.run()
        assert report.send.sent == 5
        assert len(connects) == 1
        assert sorted(str(m["To"]) for m in w.sent()) == [f"someone{k}@example.org"
                                                          for k in range(5)]


def test_a_kept_connection_the_server_closed_is_opened_again_for_the_next_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with smtp_server("ok") as (port, handler):
        from tests.support.smtp_server import PASSWORD, USER

        config = SmtpConfig(host="127.0.0.1", port=port, security="none", user=USER, timeout=5)
        with SmtpSession(config, PASSWORD) as session:
            session.send(b"Subject: one\r\n\r\nfirst\r\n", "referee@club.example.org",
                         ["ann@example.org"])
            server = session._server
            assert server is not None and server.sock is not None
            server.sock.close()  # the connection is gone before the next message
            session.send(b"Subject: two\r\n\r\nsecond\r\n", "referee@club.example.org",
                         ["bob@example.org"])
        assert [(to, data.split(b"\r\n")[0]) for _, to, data in handler.accepted] == [
            (["ann@example.org"], b"Subject: one"), (["bob@example.org"], b"Subject: two")]


def test_a_message_with_a_long_subject_and_words_not_in_ascii_reads_as_it_was_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        club = load_club(w.root)
        subject = "Baladãna #12, 14. Black Ω d4-d5: White to move, a long subject " + "x" * 40
        out = text_message(club, "ann@example.org", subject, "Réponse: «Move: d4»\n" * 3,
                           key="g12.abcdefghijklmnopqrstuvwx", in_reply_to="<m1@example.org>")
        msg = email.message_from_bytes(out.data, _class=EmailMessage,
                                       policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        assert str(msg["Subject"]) == subject  # the key is in the From address (issue 39)
        assert out.subject == str(msg["Subject"])
        assert str(msg["From"]) == ("Test Club referee "
                                    "<referee+g12.abcdefghijklmnopqrstuvwx@club.example.org>")
        assert str(msg["In-Reply-To"]) == "<m1@example.org>"
        body = msg.get_body(("plain",))
        assert body is not None
        assert body.get_content().replace("\r\n", "\n") == "Réponse: «Move: d4»\n" * 3
        assert all(len(line) <= 78 for line in out.data.split(b"\r\n"))
        assert b"\n" not in out.data.replace(b"\r\n", b"")


def test_a_moves_mail_carries_the_board_picture_drawn_when_it_is_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, _ = batalo_game(w, "bob@example.org")
        ann.move(1, "1. JR to IS")
        w.run()
        mails = [m for m in w.sent() if str(m["Subject"]).startswith("Batalo #1, 1. JR to IS")]
        assert len(mails) == 2
        db = sqlite3.connect(w.root / "club.db")
        text, record = db.execute("SELECT text, record FROM games WHERE number = 1").fetchone()
        db.close()
        expected = draw_record(text, record, 1)
        for mail in mails:
            html = mail.get_body(("html",))
            assert html is not None
            pictures = [p for p in mail.walk() if p.get_content_type() == "image/png"]
            assert len(pictures) == 1
            picture = pictures[0]
            assert isinstance(picture, EmailMessage)
            assert picture.get_content() == expected
            assert f'cid:{str(picture["Content-ID"]).strip("<>")}' in str(html.get_content())


def test_the_referees_own_lines_stand_inside_the_mails_styled_column(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"It is your move ..., by DATE" and how to answer are the lines a player acts on: in the
    HTML part they stand inside the page's column, in its font, not above it in the client's
    default serif (as they did, put straight after ``<body>``)."""
    with world(tmp_path, monkeypatch) as w:
        ann, _ = batalo_game(w, "bob@example.org")
        ann.move(1, "1. JR to IS")
        w.run()
        starts = [m for m in w.sent() if str(m["Subject"]).startswith("Batalo #1: White to move")]
        moves = [m for m in w.sent() if str(m["Subject"]).startswith("Batalo #1, 1. JR to IS")]
        assert len(starts) == 2 and len(moves) == 2
        for mail in starts + moves:
            html = mail.get_body(("html",))
            assert html is not None
            page = str(html.get_content())
            body = page[page.index("<body"):]
            column = body.index("font-family:")
            plain = mail.get_body(("plain",))
            assert plain is not None
            first = str(plain.get_content()).splitlines()[0][:12]  # the referee's first line
            assert first and body.index(first) > column
            assert "<!--pbmkit:intro-->" not in page
            assert "<body" in page and not re.search(r"<body[^>]*>\s*<p", page)


def test_a_picture_that_cannot_be_drawn_never_stops_the_sending(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One board that raises while it is drawn (a bug, a font gone): its players still get the
    move's mail, without the picture; the outbox says which; the other mail goes out as well.
    Before, the exception stopped the pass, and every later run stopped at the same message."""
    import pbmkit.referee.pictures as pictures

    real = pictures.draw_record

    def broken(text: str, record: str, plies: int) -> bytes | None:
        if plies == 1:
            raise RuntimeError("no font for the board")
        return real(text, record, plies)

    with world(tmp_path, monkeypatch) as w:
        ann, bob = batalo_game(w, "bob@example.org")
        monkeypatch.setattr(pictures, "draw_record", broken)
        ann.move(1, "1. JR to IS")
        ann.write("help")
        report = w.run()
        mails = [m for m in w.sent() if str(m["Subject"]).startswith("Batalo #1, 1. JR to IS")]
        assert len(mails) == 2
        assert all(p.get_content_type() != "image/png" for m in mails for p in m.walk())
        assert all("JR to IS" in str(m.get_body(("plain",)).get_content())  # type: ignore[union-attr]
                   for m in mails)
        assert report.send.sent >= 3  # the help's answer went too
        assert [e for e in report.send.errors if "could not be drawn" in e
                and "no font for the board" in e]
        db = sqlite3.connect(w.root / "club.db")
        assert db.execute("SELECT count(*) FROM outbox WHERE sent IS NULL").fetchone()[0] == 0
        db.close()
        monkeypatch.setattr(pictures, "draw_record", real)
        bob.move(1, "1... DX to FV")
        w.run()
        later = [m for m in w.sent() if str(m["Subject"]).startswith("Batalo #1, 1... DX to FV")]
        assert later and all(any(p.get_content_type() == "image/png" for p in m.walk())
                             for m in later)


def test_pictures_drawn_by_the_pool_are_those_drawn_in_the_run_itself(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pbmkit.referee.pictures as pictures

    monkeypatch.setattr(pictures, "POOL_FROM", 4)
    text = (EXAMPLES / "01-short-base-win.txt").read_text(encoding="utf-8")
    db = sqlite3.connect(tmp_path / "games.db")
    db.row_factory = sqlite3.Row
    db.execute("CREATE TABLE games (number INTEGER PRIMARY KEY, record TEXT, text TEXT)")
    db.execute("INSERT INTO games VALUES (1, '1-batalo.txt', ?)", (text,))
    slots = [(1, plies) for plies in range(13)] + [(2, 0)]  # 11 moves: no ply 12; no game 2
    painter = Painter(db, slots, workers=2)
    try:
        assert painter.pool is not None
        drawn = [painter.picture(slot) for slot in slots]
    finally:
        painter.close()
    assert drawn == [draw_record(text, "1-batalo.txt", plies) for plies in range(13)] + [None]
    assert drawn[-2] is None and all(drawn[:-2])


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry))
    return found


def _drawing(pid: int) -> bool:
    """Process ``pid`` is (still) one the run started for its pool."""
    try:
        return b"multiprocessing" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def test_a_run_killed_while_its_pool_draws_leaves_no_drawing_process_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        _club(w)  # twelve moves waiting: their pictures are drawn by a pool (from one on)
        root = _copy(w.root, tmp_path / "copy")
        run = subprocess.Popen([sys.executable, "-c", "import sys, pbmkit.referee.pictures as p; "
                                "p.POOL_FROM = 1; from pbmkit.cli import main; "
                                "sys.argv[0] = 'pbmkit'; main()", "referee", "run", str(root)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        workers: list[int] = []
        deadline = time.monotonic() + 120
        while not workers and run.poll() is None and time.monotonic() < deadline:
            workers = _children(run.pid)
            time.sleep(0.05)
        assert workers, "the run drew no picture in a pool"
        run.send_signal(signal.SIGKILL)
        run.communicate()
        deadline = time.monotonic() + 20
        while [p for p in workers if _drawing(p)] and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in workers if _drawing(p)]
        assert not left, f"drawing processes left behind: {left}"
        done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "run", str(root)],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "another referee run" not in done.stdout
        db = sqlite3.connect(root / "club.db")
        assert db.execute("SELECT count(*) FROM outbox WHERE sent IS NULL").fetchone()[0] == 0
        db.close()


def test_a_games_next_move_does_not_read_its_record_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pbmkit.referee.context as context

    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w, "bob@example.org")
        read: list[str] = []
        real = context.check_text

        def counting(text: str, name: str = "<text>") -> list[context.GameReplay]:
            read.append(name)
            return real(text, name)

        monkeypatch.setattr(context, "check_text", counting)
        ann.move(1, "1. JR to IS")
        assert w.run().outcomes["done"] == 1
        bob.move(1, "1. DX to FV")
        assert w.run().outcomes["done"] == 1
        assert read == []  # the replay the last move made is the next move's
        record = next((w.root / "games").glob("1-*.txt")).read_text(encoding="utf-8")
        assert "JR to IS" in record and "DX to FV" in record


def test_referee_run_timings_says_the_cpu_and_wall_time_of_each_phase(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from pbmkit.cli import cli

    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("someone@example.org", "help", ""))
        result = CliRunner().invoke(cli, ["referee", "run", str(w.root), "--timings"])
        assert result.exit_code == 0, result.output
        assert "1 message(s) (1 done); sent 1" in result.stdout
        line = result.stderr.strip().splitlines()[-1]
        assert line.startswith("timings (s of CPU/wall): ")
        phases = dict(part.rsplit(" ", 1) for part in line.split(": ", 1)[1].split(", "))
        assert set(phases) == {"inbox", "handling", "clocks", "sending"}
        assert all(float(cpu) >= 0 and float(wall) >= 0
                   for cpu, wall in (v.split("/") for v in phases.values()))
