"""A club on disk, a real SMTP server catching what the referee sends, and simulated players.

A :class:`Player` reads what the SMTP server accepted for its address, takes its key from the
referee's address in the From header (``referee+g12.<key>@``), and answers by writing a message
into the club's Maildir, as a mail server would deliver it. A message a player writes afresh goes
to the address of the referee's last message that carried the player's own key
(``referee+p7.<key>@``), as a mail client offers it: a challenge, a vacation need that key.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import itertools
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest

from pbmkit.referee.club import Club, init_club, load_club
from pbmkit.referee.run import RunReport, run_club
from tests.support.smtp_server import PASSWORD, USER, Handler, smtp_server

REFEREE = "referee@club.example.org"
_COUNTER = itertools.count(1)
_KEY = re.compile(r"\+(g\d+\.[a-z2-7]{24})@")
_OWN = re.compile(r"\+(p\d+\.[a-z2-7]{24})@")
_INVITATION = re.compile(r"Invitation, challenge (\d+):")


@dataclass
class World:
    """A club folder and the SMTP server its referee sends through."""

    root: Path
    handler: Handler
    port: int
    clock: list[float] = field(default_factory=lambda: [1_800_000_000.0])
    _parsed: list[EmailMessage] = field(default_factory=list)

    @property
    def club(self) -> Club:
        return load_club(self.root)

    def run(self) -> RunReport:
        return run_club(self.root, clock=lambda: self.clock[0])

    def deliver(self, data: bytes) -> str:
        """Put a message in the club's Maildir (new/), as a mail server delivers it."""
        name = f"{1_700_000_000 + next(_COUNTER):012d}.M{next(_COUNTER)}.test"
        tmp = self.root / "maildir" / "tmp" / name
        tmp.write_bytes(data)
        os.replace(tmp, self.root / "maildir" / "new" / name)
        return name

    def sent(self) -> list[EmailMessage]:
        """Every message the SMTP server accepted, parsed (each once)."""
        for _, _, data in self.handler.accepted[len(self._parsed):]:
            msg = email.message_from_bytes(data, _class=EmailMessage, policy=email.policy.default)
            assert isinstance(msg, EmailMessage)
            self._parsed.append(msg)
        return list(self._parsed)

    def db(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.root / "club.db")
        db.row_factory = sqlite3.Row
        return db

    def snapshot(self) -> tuple[dict[str, bytes], list[tuple[object, ...]]]:
        """The record files' bytes and every row of the tables a refused message must not
        change (the ledger and the outbox excepted)."""
        files = {p.name: p.read_bytes() for p in sorted((self.root / "games").glob("*.txt"))}
        db = self.db()
        rows: list[tuple[object, ...]] = []
        for table in ("players", "signups", "challenges", "challenge_players", "games",
                      "game_players"):
            rows += [(table, *tuple(r)) for r in db.execute(f"SELECT * FROM {table} ORDER BY 1, 2")]
        db.close()
        return files, rows


@contextmanager
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str = "ok", *,
          pictures: bool = True) -> Iterator[World]:
    """A new club in ``tmp_path/club`` whose referee sends through an SMTP server on 127.0.0.1
    (``pictures``: the club's setting: the board as a PNG in a move's mail)."""
    monkeypatch.setenv("PBMKIT_SMTP_PASSWORD", PASSWORD)
    with smtp_server(mode) as (port, handler):
        root = tmp_path / "club"
        init_club(root, name="Test Club", address=REFEREE, organiser="orga@club.example.org")
        toml = (root / "club.toml").read_text()
        toml = toml.replace("pictures = true", f"pictures = {str(pictures).lower()}")
        toml = re.sub(r"\[smtp\].*", f'[smtp]\nhost = "127.0.0.1"\nport = {port}\n'
                      f'security = "none"\nuser = "{USER}"\ntimeout = 2\n', toml, flags=re.S)
        (root / "club.toml").write_text(toml)
        yield World(root, handler, port)


def message(sender: str, subject: str, body: str, *, to: str = REFEREE,
            headers: dict[str, str] | None = None, date: str | None = None) -> bytes:
    """A message as a mail client writes it."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = date or format_datetime(__import__("datetime").datetime.now(
        __import__("datetime").UTC))
    msg["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2])
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


@dataclass
class Player:
    """A simulated player: reads their mail from the SMTP server's catch, answers into the Maildir."""

    w: World
    name: str
    address: str

    def inbox(self) -> list[EmailMessage]:
        return [m for m in self.w.sent() if self.address in str(m["To"])]

    def last(self, pattern: str = "") -> EmailMessage:
        """The last message to this player whose subject matches ``pattern``."""
        found = [m for m in self.inbox() if re.search(pattern, str(m["Subject"]))]
        assert found, f"no message to {self.address} matching {pattern!r}: " \
                      f"{[str(m['Subject']) for m in self.inbox()]}"
        return found[-1]

    def key(self, game: int) -> str:
        """This player's key of ``game``, from the last referee message of that game."""
        for msg in reversed(self.inbox()):
            m = _KEY.search(str(msg["From"]))
            if m is not None and m.group(1).startswith(f"g{game}."):
                return m.group(1)
        raise AssertionError(f"{self.name} has no key of game {game}")

    def own_key(self) -> str | None:
        """This player's own key, from the last referee message that carried it."""
        for msg in reversed(self.inbox()):
            m = _OWN.search(str(msg["From"]))
            if m is not None:
                return m.group(1)
        return None

    def invitation(self) -> int:
        """The number of the last challenge this player was invited to."""
        for msg in reversed(self.inbox()):
            m = _INVITATION.search(str(msg["Subject"]))
            if m is not None:
                return int(m.group(1))
        raise AssertionError(f"{self.name} has no invitation")

    def write(self, subject: str, body: str = "", *, keyed: bool = True, **kw: object) -> str:
        """Write to the referee afresh: to the address of its last message that carried this
        player's own key (``keyed``), else to its plain address."""
        key = self.own_key() if keyed and "to" not in kw else None
        if key is not None:
            kw["to"] = f"referee+{key}@club.example.org"
        return self.w.deliver(message(self.address, subject, body, **kw))  # type: ignore[arg-type]

    def reply(self, original: EmailMessage, body: str, *, subject: str | None = None) -> str:
        """Answer ``original`` as a mail client does: to its From, ``Re:`` its subject, the
        original quoted below."""
        quoted = "\n".join("> " + line for line in _text(original).splitlines()[:20])
        msg = EmailMessage()
        msg["From"] = self.address
        msg["To"] = str(original["From"])
        msg["Subject"] = subject or f"Re: {original['Subject']}"
        msg["Date"] = format_datetime(__import__("datetime").datetime.now(
            __import__("datetime").UTC))
        msg["Message-ID"] = make_msgid(domain=self.address.rpartition("@")[2])
        msg["In-Reply-To"] = str(original["Message-ID"])
        msg.set_content(f"{body}\n\nOn Thursday, the referee wrote:\n{quoted}\n")
        return self.w.deliver(msg.as_bytes(policy=email.policy.SMTP))

    def move(self, game: int, move: str) -> str:
        """Answer the last message of ``game`` with ``Move: MOVE``."""
        last = next(m for m in reversed(self.inbox()) if f"+g{game}." in str(m["From"]))
        return self.reply(last, f"Move: {move}")

    def join(self) -> None:
        """Sign up and confirm (two runs)."""
        self.write(f"signup {self.name}")
        self.w.run()
        self.reply(self.last("confirm your signup"), "yes, that was me")
        self.w.run()
        assert "welcome" in str(self.last()["Subject"])


def batalo_game(w: World, bob_address: str = "bob@example.net") -> tuple[Player, Player]:
    """Ann and Bob signed up, and Batalo game 1 between them started (Ann has White, to move)."""
    ann, bob = Player(w, "ann", "ann@example.org"), Player(w, "bob", bob_address)
    ann.join()
    bob.join()
    ann.write("challenge batalo bob")
    w.run()
    bob.write(f"accept {bob.invitation()}")
    w.run()
    return ann, bob


def _text(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    content = part.get_content()  # type: ignore[attr-defined]
    assert isinstance(content, str)
    return content


def text_of(msg: EmailMessage) -> str:
    """The plain-text part of a message."""
    return _text(msg)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
