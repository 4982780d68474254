"""Issue 27, who may do what beyond a move: a challenge, an acceptance, a refusal, a vacation and
a key change each prove their player (the player's own key, or their key of the challenge), so a
forged From starts, accepts or declines nothing; read-only commands answer the From address, but
at most MAX_UNPROVEN_REPLIES times a day for messages that prove no key (no mail cannon)."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from pbmkit.referee.run import RunReport, run_club
from pbmkit.referee.security import MAX_UNPROVEN_REPLIES
from tests.support.club_helpers import REFEREE, Player, World, message, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

EVIL = "eve@evil.example"


def _players(w: World, *names: str) -> list[Player]:
    players = [Player(w, n, f"{n}@example.org") for n in names]
    for p in players:
        p.join()
    return players


def snapshot(w: World) -> tuple[object, ...]:
    """The records and every table a refused command must leave as it was (the ledger, the
    outbox and the day's count of replies excepted)."""
    db = w.db()
    ours = [(t, *tuple(r)) for t in ("vacations", "queues")
            for r in db.execute(f"SELECT * FROM {t} ORDER BY 1, 2")]
    db.close()
    return (*w.snapshot(), ours)


def _to(key: str | None) -> str:
    return f"referee+{key}@club.example.org" if key else REFEREE


def test_the_welcome_gives_the_players_own_key_and_every_reply_carries_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        (ann,) = _players(w, "ann")
        welcome = ann.last("welcome")
        key = ann.own_key()
        assert key is not None and key.startswith("p1.")
        # in the From address (a reply carries it back) and the text, not the subject (issue 39)
        assert f"+{key}@" in str(welcome["From"]) and key in text_of(welcome)
        assert key not in str(welcome["Subject"])
        ann.write("standings batalo", keyed=False)  # a read-only command, no key: answered
        w.run()
        assert f"+{key}@" in str(ann.last("Standings")["From"])


def test_a_forged_challenge_starts_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob, eve = _players(w, "ann", "bob", "eve")
        before = snapshot(w)
        sent = len(w.sent())
        # Ann's From, no key
        w.deliver(message(ann.address, "challenge batalo bob", ""))
        # Ann's From with Eve's own (valid) key
        w.deliver(message(ann.address, "challenge batalo bob TimeControl=1/1", "",
                          to=_to(eve.own_key())))
        # Ann's From with a guessed key of Ann's form
        w.deliver(message(ann.address, "challenge batalo eve", "",
                          to=_to("p1.aaaaaaaaaaaaaaaaaaaaaaaa")))
        # Eve from her own address with Ann's key (a forwarded message): Eve's challenge, refused
        w.deliver(message(eve.address, "challenge batalo bob", "", to=_to(ann.own_key())))
        report = w.run()
        assert report.outcomes == {"refused": 4}, report.lines
        assert snapshot(w) == before
        replies = w.sent()[sent:]
        assert [str(m["To"]) for m in replies] == [ann.address] * 3 + [eve.address]
        assert all("needs your key" in text_of(m) for m in replies)
        assert not any("Invitation" in str(m["Subject"]) for m in replies)  # Bob heard nothing
        # the real one carries Ann's key
        ann.write("challenge batalo bob")
        assert w.run().outcomes == {"done": 1}
        assert bob.invitation() == 1


def test_a_forged_accept_or_decline_changes_nothing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob, cid = _players(w, "ann", "bob", "cid")
        ann.write("challenge batalo bob")
        ann.write("challenge batalo cid")
        w.run()
        invitation = bob.last("Invitation")
        bob_c1 = re.search(r"\+(c1\.[a-z2-7]{24})@", str(invitation["From"]))
        cid_c2 = re.search(r"\+(c2\.[a-z2-7]{24})@", str(cid.last("Invitation")["From"]))
        assert bob_c1 is not None and cid_c2 is not None
        assert f"+{bob_c1.group(1)}@" in str(invitation["From"])
        assert bob_c1.group(1) not in str(invitation["Subject"])
        before = snapshot(w)
        sent = len(w.sent())
        w.deliver(message(bob.address, "accept 1", ""))  # Bob's From, no key
        w.deliver(message(bob.address, "decline 1", ""))
        # Cid's key of challenge 2 (hers), used for challenge 1 from Bob's address
        w.deliver(message(bob.address, "accept 1", "", to=_to(cid_c2.group(1))))
        # Bob's key of challenge 1 with Cid's From (she got it forwarded): not her challenge
        w.deliver(message(cid.address, "accept 1", "", to=_to(bob_c1.group(1))))
        # Bob's key of challenge 1 for challenge 2
        w.deliver(message(bob.address, "decline 2", "", to=_to(bob_c1.group(1))))
        w.deliver(message(bob.address, "accept 1", "", to=_to("c1.aaaaaaaaaaaaaaaaaaaaaaaa")))
        report = w.run()
        assert report.outcomes == {"refused": 6}, report.lines
        assert snapshot(w) == before
        said = [text_of(m) for m in w.sent()[sent:]]
        assert "does not carry your key of it" in said[0] and "[c1" in said[0]
        assert all("does not carry your key of it" in t for t in said[:5])
        # Bob answers the invitation with 'accept' alone: its key names the challenge
        bob.reply(invitation, "accept")
        assert w.run().outcomes == {"done": 1}
        assert bob.key(1).startswith("g1.")  # the game started
        # Cid declines with her key of challenge 2 in the subject
        w.deliver(message(cid.address, f"decline 2 [{cid_c2.group(1)}]", ""))
        assert w.run().outcomes == {"done": 1}
        db = w.db()
        assert [tuple(r) for r in db.execute("SELECT number, state FROM challenges")] == [
            (1, "accepted"), (2, "declined")]
        db.close()


def test_a_forged_vacation_or_key_change_changes_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = _players(w, "ann", "bob")
        old = bob.own_key()
        before = snapshot(w)
        w.deliver(message(bob.address, "vacation 30", ""))
        w.deliver(message(bob.address, "secret", ""))
        w.deliver(message(bob.address, "vacation 30", "", to=_to(ann.own_key())))
        report = w.run()
        assert report.outcomes == {"refused": 3}, report.lines
        assert snapshot(w) == before
        # Bob's own: a new key, and the old one stops working
        bob.write("secret")
        assert w.run().outcomes == {"done": 1}
        new = bob.own_key()
        assert new is not None and new != old and "your new key" in str(bob.last()["Subject"])
        w.deliver(message(bob.address, "challenge batalo ann", "", to=_to(old)))
        assert w.run().outcomes == {"refused": 1}
        bob.write("vacation 3")
        assert w.run().outcomes == {"done": 1}
        assert "Vacation until" in str(bob.last()["Subject"])


def _run_on(w: World, day: int) -> RunReport:
    moment = datetime.datetime(2026, 11, 2, 9, 0, tzinfo=datetime.UTC) + \
        datetime.timedelta(days=day)
    return run_club(w.root, now=lambda: moment, clock=lambda: w.clock[0])


def test_a_forger_cannot_turn_the_referee_into_a_mail_cannon(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        victim = "victim@third.example"
        commands = ["help", "signup victim{k}", "games", "show 1", "standings batalo",
                    "nothing at all", "ratings batalo", "history 1", "help batalo"]
        for k in range(2 * MAX_UNPROVEN_REPLIES):  # all with the victim's From, none with a key
            w.deliver(message(victim, commands[k % len(commands)].format(k=k), f"#{k}\n"))
        report = _run_on(w, 0)
        assert sum(report.outcomes.values()) == 2 * MAX_UNPROVEN_REPLIES
        assert report.outcomes["unanswered"] == MAX_UNPROVEN_REPLIES, report.lines
        assert len([m for m in w.sent() if victim in str(m["To"])]) == MAX_UNPROVEN_REPLIES
        db = w.db()  # the unanswered signup (the second one, victim10) left nothing
        assert [r[0] for r in db.execute("SELECT name FROM signups")] == ["victim1"]
        db.close()
        # another day, another few
        w.deliver(message(victim, "help", "again\n"))
        assert _run_on(w, 1).outcomes == {"done": 1}
        # a player's messages that carry their key are not bounded
        ann = Player(w, "ann", "ann@example.org")
        ann.write("signup ann")
        _run_on(w, 1)
        ann.reply(ann.last("confirm your signup"), "yes")
        _run_on(w, 1)
        for k in range(MAX_UNPROVEN_REPLIES + 2):
            ann.write("standings batalo", f"#{k}\n")
        assert _run_on(w, 1).outcomes == {"done": MAX_UNPROVEN_REPLIES + 2}
        # ... while the same without the key are (her signup counted one), and a refused command
        # counts too
        for k in range(MAX_UNPROVEN_REPLIES + 1):
            ann.write("vacation 3" if k % 2 else "games", f"#{k}\n", keyed=False)
        report = _run_on(w, 1)
        assert report.outcomes["unanswered"] == 2, report.lines
