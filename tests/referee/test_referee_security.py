"""Issue 27, who may do what: forged, replayed, malformed and looping messages change nothing
(record files byte-identical, database rows unchanged) and loops get no answer at all."""

from __future__ import annotations

import email
import email.policy
import re
import sqlite3
from pathlib import Path

import pytest

from pbmkit.referee.inbox import MAX_MESSAGE_BYTES
from tests.support.club_helpers import REFEREE, Player, World, message, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)


def _game(w: World) -> tuple[Player, Player, Player]:
    ann = Player(w, "ann", "ann@example.org")
    bob = Player(w, "bob", "bob@example.net")
    eve = Player(w, "eve", "eve@evil.example")
    ann.join()
    bob.join()
    eve.join()
    ann.write("challenge batalo bob")
    w.run()
    bob.write("accept 1")
    w.run()
    ann.move(1, "JR to IS")
    w.run()
    return ann, bob, eve


def _outcomes(w: World) -> list[str]:
    db = w.db()
    rows = [str(r["outcome"]) for r in db.execute("SELECT outcome FROM messages ORDER BY id")]
    db.close()
    return rows


def test_a_move_needs_the_players_key_and_address_and_turn(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob, eve = _game(w)
        before = w.snapshot()
        sent = len(w.sent())
        # forged From, no key: the referee cannot tell it is Bob's
        w.deliver(message(bob.address, "move 1 DX to FV", "", to=REFEREE))
        # Eve has Bob's key (a forwarded reply) but writes from her own address
        key = bob.key(1)
        w.deliver(message(eve.address, "move 1 DX to FV", "", to=f"referee+{key}@club.example.org"))
        # Ann's own key, but it is Black's turn
        w.deliver(message(ann.address, "move 1 DX to FV", "",
                          to=f"referee+{ann.key(1)}@club.example.org"))
        # a guessed key of the right form
        w.deliver(message(bob.address, "move 1 DX to FV", "",
                          to="referee+g1.aaaaaaaaaaaaaaaaaaaaaaaa@club.example.org"))
        report = w.run()
        assert report.outcomes["refused"] == 4, report.lines
        assert w.snapshot() == before
        replies = w.sent()[sent:]
        assert len(replies) == 4  # one reply each, to the From address, saying why
        said = [text_of(m) for m in replies]
        assert "does not carry your key" in said[0]
        assert "plays no side" in said[1]
        assert "Black's move, not yours" in said[2]
        assert "does not carry your key" in said[3]
        # a refused message's reply never carries a key the message did not prove
        assert all("+g1." not in str(m["From"]) for m in replies[:2] + replies[3:])


def test_a_copied_message_is_applied_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob, _ = _game(w)
        name = bob.move(1, "DX to FV")
        raw = (w.root / "maildir" / "new" / name).read_bytes()
        w.run()
        record = (w.root / "games" / "1-batalo.txt").read_bytes()
        before = w.snapshot()
        sent = len(w.sent())
        w.deliver(raw)  # the same message again
        w.deliver(re.sub(rb"Message-ID: <[^>]+>", b"Message-ID: <copy@evil.example>", raw))
        report = w.run()
        assert report.outcomes["duplicate"] == 2
        assert len(w.sent()) == sent  # no answer to a copy
        assert w.snapshot() == before
        assert (w.root / "games" / "1-batalo.txt").read_bytes() == record
        # an old move numbered for its turn cannot be played at another
        ann.move(1, "2. IS to HS")
        w.run()
        old = re.sub(rb"Message-ID: <[^>]+>", b"Message-ID: <copy2@evil.example>", raw)
        old = old.replace(b"Move: DX to FV", b"Move: 1. DX to FV")
        old = re.sub(rb"Date: [^\r\n]+", b"Date: Thu, 01 Jan 2026 00:00:00 +0000", old)
        before = w.snapshot()
        w.deliver(old)
        w.run()
        assert "numbered 1" in text_of(bob.last("Refused")) or \
            "Illegal move" in text_of(bob.last("Refused"))
        assert w.snapshot() == before


@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"},
    {"Precedence": "bulk"},
    {"Precedence": "junk"},
    {"List-Id": "<games.lists.example.org>"},
    {"Return-Path": "<>"},
    {"X-Autoreply": "yes"},
], ids=lambda h: next(iter(h)))
def test_loops_get_no_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             headers: dict[str, str]) -> None:
    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("ann@example.org", "signup ann", "", headers=headers))
        report = w.run()
        assert report.outcomes == {"ignored": 1}
        assert w.sent() == []
        assert _outcomes(w) == ["ignored"]


def test_the_referees_own_mail_and_bounces_get_no_answer(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        w.deliver(message(REFEREE, "help", ""))
        w.deliver(message("referee+g1.aaaaaaaaaaaaaaaaaaaaaaaa@club.example.org", "help", ""))
        w.deliver(message("MAILER-DAEMON@mx.example.org", "Undelivered Mail", "help"))
        report = w.run()
        assert report.outcomes == {"ignored": 3}
        assert w.sent() == []


def test_malformed_and_oversized_messages_change_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, _, _ = _game(w)
        before = w.snapshot()
        sent = len(w.sent())
        w.deliver(b"")  # empty
        w.deliver(b"From: a@b.example\r\nFrom: c@d.example\r\nSubject: help\r\n\r\nhelp\r\n")
        w.deliver(b"Subject: no from\r\n\r\nmove 1 DX to FV\r\n")
        w.deliver(b"From: " + b"x" * 5000 + b"@example.org\r\n\r\nhelp\r\n")
        big = message(ann.address, "move 1 DX to FV", "x" * (MAX_MESSAGE_BYTES + 10))
        w.deliver(big)
        report = w.run()
        assert report.outcomes == {"unreadable": 4, "oversized": 1}, report.lines
        assert w.snapshot() == before
        replies = w.sent()[sent:]
        assert len(replies) == 1 and "larger than the referee reads" in text_of(replies[0])
        assert [p.name for p in (w.root / "maildir" / "new").iterdir()] == []  # all done


def test_an_unknown_command_gets_the_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("ann@example.org", "hello there", "what is this?"))
        w.run()
        (reply,) = w.sent()
        assert "challenge GAME PLAYER" in text_of(reply)
        assert reply["Auto-Submitted"] == "auto-replied"


def test_signup_is_confirmed_only_by_the_code_sent_to_the_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        w.deliver(message("ann@example.org", "SIGNUP ann", ""))
        w.run()
        (mail,) = w.sent()
        code = re.search(r"confirm ([a-z2-7]{12})", text_of(mail))
        assert code is not None
        db = w.db()
        stored = db.execute("SELECT code_hash FROM signups").fetchone()[0]
        assert code.group(1) not in stored  # kept hashed
        db.close()
        # someone else confirming with a made-up code, or from another address
        w.deliver(message("ann@example.org", "confirm aaaaaaaaaaaa", ""))
        w.deliver(message("eve@evil.example", f"confirm {code.group(1)}", ""))
        w.run()
        db = w.db()
        assert db.execute("SELECT count(*) FROM players").fetchone()[0] == 0
        db.close()
        w.deliver(message("ann@example.org", f"Confirm {code.group(1).upper()}", ""))
        w.run()
        db = w.db()
        assert [tuple(r) for r in db.execute("SELECT name, address FROM players")] == \
            [("ann", "ann@example.org")]
        db.close()


def test_a_player_may_rotate_a_key_and_the_old_one_stops_working(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        _ann, bob, _ = _game(w)
        old = bob.key(1)
        bob.reply(bob.last("Batalo #1"), "", subject=f"secret 1 [{old}]")
        w.run()
        new = bob.key(1)
        assert new != old and "new key" in str(bob.last()["Subject"])
        before = w.snapshot()
        w.deliver(message(bob.address, "move 1 DX to FV", "", to=f"referee+{old}@club.example.org"))
        w.run()
        assert "does not carry your key" in text_of(bob.last("Refused"))
        assert w.snapshot() == before
        w.deliver(message(bob.address, "move 1 DX to FV", "", to=f"referee+{new}@club.example.org"))
        w.run()
        assert "DX to FV" in (w.root / "games" / "1-batalo.txt").read_text()
        db = sqlite3.connect(w.root / "club.db")
        hashes = [r[0] for r in db.execute("SELECT secret_hash FROM game_players")]
        db.close()
        assert new.split(".")[1] not in "".join(hashes)
        assert email.policy  # the keys are never stored as they are


def test_with_authserv_id_a_move_also_needs_the_clubs_server_to_authenticate_the_sender(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = Player(w, "ann", "ann@example.org"), Player(w, "bob", "bob@example.net")
        ann.join()
        bob.join()
        ann.write("challenge batalo bob")
        w.run()
        bob.write("accept 1")
        w.run()
        toml = (w.root / "club.toml").read_text()
        (w.root / "club.toml").write_text('authserv_id = "mx.club.example.org"\n' + toml)
        ann.move(1, "JR to IS")  # refused: no authentication in the helpers
        bob.write("challenge batalo ann")  # so is a challenge, even with Bob's key
        w.run()
        assert "not authenticated" in text_of(ann.last("Refused"))
        assert "not authenticated" in text_of(bob.last("Refused"))
        to = f"referee+{ann.key(1)}@club.example.org"
        forged = {"Authentication-Results": "mx.evil.example; dmarc=pass header.from=example.org"}
        w.deliver(message(ann.address, "move 1 JR to IS", "", to=to, headers=forged))
        before = w.snapshot()
        w.run()
        assert "no Authentication-Results header of mx.club.example.org" in \
            text_of(ann.last("Refused"))
        assert w.snapshot() == before
        real = {"Authentication-Results": "mx.club.example.org; dkim=pass header.d=example.org; "
                                          "dmarc=pass header.from=example.org"}
        w.deliver(message(ann.address, "move 1 JR to IS", "", to=to, headers=real,
                          date="Fri, 27 Nov 2026 08:00:00 +0000"))
        w.run()
        assert "JR to IS" in (w.root / "games" / "1-batalo.txt").read_text()
        assert bob.key(1)
