"""Issue 27, robustness: a bad game never stops the clocks of the others; an inbox failing in the
middle of a run still lets the run send what it queued, and the run fails with one line; the
inbox's size bound is one constant, the same for the Maildir and IMAP (exactly the bound is read,
one byte over is refused)."""

from __future__ import annotations

import datetime
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbmkit.mail.files import MailError
from pbmkit.referee.inbox import MAX_MESSAGE_BYTES, InboxMessage, MaildirInbox
from pbmkit.referee.run import InboxFailed, RunReport, run_club
from tests.support.club_helpers import REFEREE, Player, World, message, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

DAY0 = datetime.datetime(2026, 11, 2, 9, 0, tzinfo=datetime.UTC)


def run_on(w: World, day: int) -> RunReport:
    moment = DAY0 + datetime.timedelta(days=day)
    return run_club(w.root, now=lambda: moment, clock=lambda: w.clock[0])


def _join(w: World, *names: str) -> list[Player]:
    players = [Player(w, n, f"{n}@example.org") for n in names]
    for p in players:
        p.write(f"signup {p.name}")
        run_on(w, 0)
        p.reply(p.last("confirm your signup"), "yes")
        run_on(w, 0)
    return players


def _start(w: World, a: Player, b: Player) -> int:
    a.write(f"challenge Batalo {b.name}")
    run_on(w, 0)
    number = b.invitation()
    b.write(f"accept {number}")
    run_on(w, 0)
    a.move(number, "JR to IS")
    run_on(w, 0)
    return number


def _set_text(w: World, number: int, text: str) -> None:
    db = w.db()
    db.execute("UPDATE games SET text = ?, digest = ? WHERE number = ?",
               (text, hashlib.sha256(text.encode()).hexdigest(), number))
    db.commit()
    db.close()


# --- the clocks ---------------------------------------------------------------------------------


def test_bad_games_never_stop_the_reminders_of_the_others(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob, cid, dee, eve, fay = _join(w, "ann", "bob", "cid", "dee", "eve", "fay")
        odd_date, unknown_rules, no_player, bad_layout, two_records, odd_leave, good = (
            _start(w, ann, bob), _start(w, bob, ann), _start(w, ann, cid), _start(w, dee, ann),
            _start(w, eve, ann), _start(w, ann, fay), _start(w, dee, bob))
        db = w.db()
        text = str(db.execute("SELECT text FROM games WHERE number = ?", (odd_date,))
                   .fetchone()[0])
        db.execute("UPDATE games SET rules = 'Chess' WHERE number = ?", (unknown_rules,))
        # a vacation row with dates that are none (Fay is to move in her game)
        db.execute("INSERT INTO vacations (player, start, end) SELECT id, 'soon', 'later' FROM "
                   "players WHERE name = 'fay'")
        db.execute("PRAGMA foreign_keys = OFF")  # a seat whose player row is gone
        db.execute("DELETE FROM players WHERE name = 'cid'")
        db.commit()
        db.close()
        # odd date tags: a month 13 on the move and in the Date tag (the desk counts no days)
        _set_text(w, odd_date, text.replace("%ccsnt 2026.11.02", "%ccsnt 2026.13.45")
                  .replace('[Date "2026-11-02"]', '[Date "2026-99-99"]'))
        # a tag the game does not read (the desk cannot judge it), two records in one game
        _set_text(w, bad_layout, text.replace("[Winner", '[Layout "zones"]\n[Winner'))
        _set_text(w, two_records, text + "\n" + text)
        run_on(w, 0)  # the record files are rewritten from the database
        files = {p.name: p.read_bytes() for p in (w.root / "games").glob("*.txt")}
        report = run_on(w, 7)  # the club's reminder_days: 7
        assert report.notices == 1  # the good game's reminder, whatever the others are
        reminder = bob.last("your move")
        assert f"#{good}:" in str(reminder["Subject"]) and "7 days" in text_of(reminder)
        assert [p.split(":")[0] for p in report.problems] == [
            f"game {n}" for n in (unknown_rules, no_player, bad_layout, two_records, odd_leave)]
        assert all("its clock cannot be looked at" in p for p in report.problems)
        assert "no player of the club holds Black" in report.problems[1]
        # the bad games are left as they are (their record files are the database's copy)
        assert {p.name: p.read_bytes() for p in (w.root / "games").glob("*.txt")} == files
        db = w.db()
        assert [r[0] for r in db.execute("SELECT game FROM notices")] == [good]
        db.close()
        assert run_on(w, 8).notices == 0  # once a turn, and the bad games do not stop a run


def test_the_command_line_says_which_games_have_no_clock(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = _join(w, "ann", "bob")
        number = _start(w, ann, bob)
        db = w.db()
        db.execute("UPDATE games SET rules = 'Chess' WHERE number = ?", (number,))
        db.commit()
        db.close()
        done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "run", str(w.root)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stderr.startswith(f"clocks: game {number}: its clock cannot be looked at")
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


# --- an inbox that fails in the middle of a run ---------------------------------------------------


class _Failing:
    """A Maildir inbox that fails after handing out ``good`` messages."""

    def __init__(self, path: Path, good: int) -> None:
        self.inner = MaildirInbox(path)
        self.good = good

    def messages(self) -> Iterator[InboxMessage]:
        for k, item in enumerate(self.inner.messages()):
            if k == self.good:
                raise MailError("the IMAP server imap.example.org:993 went away (fetching the "
                                "messages): connection reset")
            yield item

    def done(self, key: str) -> None:
        self.inner.done(key)

    def close(self) -> None:
        self.inner.close()


def test_an_inbox_failing_mid_run_still_sends_what_the_run_queued(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = _join(w, "ann", "bob")
        ann.write("help")
        bob.write("help")
        ann.write("help batalo")
        before = len(w.sent())
        with pytest.raises(InboxFailed, match="went away") as failed:
            run_club(w.root, clock=lambda: w.clock[0], inbox=_Failing(w.root / "maildir", 2))
        assert failed.value.report.outcomes == {"done": 2}
        assert failed.value.report.send.sent == 2  # the two answers went out in that run
        assert [str(m["To"]) for m in w.sent()[before:]] == [ann.address, bob.address]
        assert len(os.listdir(w.root / "maildir" / "new")) == 1  # the third waits
        report = w.run()
        assert report.outcomes == {"done": 1} and len(w.sent()) == before + 3


def test_an_unreadable_maildir_is_one_line_after_the_outbox_is_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = _join(w, "ann", "bob")
        ann.write("help")
        bob.write("help")
        # a message file that cannot be read, whoever runs the referee (root too): a symbolic
        # link to itself, delivered after the two
        os.symlink("9999999999.loop", w.root / "maildir" / "new" / "9999999999.loop")
        before = len(w.sent())
        done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "run", str(w.root)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1
        assert done.stdout == "2 message(s) (2 done); sent 2\n"
        assert done.stderr == (f"Error: the Maildir inbox failed: cannot read {w.root}/maildir/"
                               "new/9999999999.loop: Too many levels of symbolic links\n")
        assert [str(m["To"]) for m in w.sent()[before:]] == [ann.address, bob.address]
        # the two are done (marked Seen in cur/), never handed out again
        assert sorted(os.listdir(w.root / "maildir" / "new")) == ["9999999999.loop"]
        os.unlink(w.root / "maildir" / "new" / "9999999999.loop")
        assert w.run().outcomes == {}


# --- the size bound: one constant for every inbox -------------------------------------------------


def _sized(size: int, subject: str = "help") -> bytes:
    """A message of exactly ``size`` bytes (lines of 70 letters, the last one cut to fit)."""
    head = message("ann@example.org", subject, "", to=REFEREE)
    fill = size - len(head)
    lines = (("x" * 70 + "\r\n") * (fill // 72 + 1))[:fill - 2] + "\r\n"
    data = head + lines.encode("ascii")
    assert len(data) == size
    return data


def test_the_maildir_hands_out_exactly_the_bound_whole_and_one_byte_over_cut(
        tmp_path: Path) -> None:
    box = tmp_path / "maildir"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    for name, size in (("1.exact", MAX_MESSAGE_BYTES), ("2.over", MAX_MESSAGE_BYTES + 1),
                       ("3.big", 5 * MAX_MESSAGE_BYTES), ("4.small", 2_000)):
        (box / "new" / name).write_bytes(_sized(size))
    got = list(MaildirInbox(box).messages())
    assert [m.key for m in got] == ["1.exact", "2.over", "3.big", "4.small"]
    assert [len(m.raw) for m in got] == [MAX_MESSAGE_BYTES] * 3 + [2_000]
    assert [m.oversized for m in got] == [False, True, True, False]
    assert got[1].raw == (box / "new" / "2.over").read_bytes()[:MAX_MESSAGE_BYTES]


def test_the_referee_reads_exactly_the_bound_and_refuses_one_byte_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        w.deliver(_sized(MAX_MESSAGE_BYTES, "help"))
        w.deliver(_sized(MAX_MESSAGE_BYTES + 1, "help batalo"))
        report = w.run()
        assert [line.split(":")[0] for line in report.lines] == ["done", "oversized"]
        exact, over = w.sent()
        assert "the referee's commands" in text_of(exact)
        assert f"larger than the referee reads ({MAX_MESSAGE_BYTES:,} bytes)" in text_of(over)
