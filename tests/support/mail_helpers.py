"""Shared by the tests of the move's e-mail (compose, the HTML part): a Batalo game with dates and
addresses, the clock the tests compose at, and a message read back as a mail program reads it."""

from __future__ import annotations

import datetime
import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from pbmkit.records import check_text
from pbmkit.records.replay import GameReplay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOW = datetime.datetime(2026, 9, 14, 12, 0, tzinfo=datetime.UTC)

BATALO = """[Game "Batalo"]
[Number "3"]
[Date "2026-09-01"]
[White "Ann Lee"]
[Black "Bob Kay"]
[WhiteEmail "ann@example.org"]
[BlackEmail "Bob Kay <bob@example.net>"]
[TimeControl "10/50"]

1. KP to KR {[%ccsnt 2026.09.04]}
EW to FW {[%ccrcv 2026.09.07] [%ccsnt 2026.09.09] [%ccmailrcv m1@example.net]}
2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14]}
"""


def replay_of(text: str) -> GameReplay:
    (rep,) = check_text(text, "game.txt")
    assert rep.valid, rep.errors
    return rep


def parsed(msg: EmailMessage) -> EmailMessage:
    """The message as a receiving mail program reads it back from its bytes."""
    back = email.message_from_bytes(msg.as_bytes(), policy=email.policy.default)
    assert isinstance(back, EmailMessage)
    return back
