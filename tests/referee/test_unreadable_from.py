"""A message whose From cannot be read but names one address plainly gets a one-line reply
saying why (issue 35, item 3); an ambiguous From (two addresses), an automatic message and the
referee's own address get none; the replies are bounded as every reply to a message that proves
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.referee.security import MAX_UNPROVEN_REPLIES
from tests.support.club_helpers import REFEREE, World, text_of, world


def _raw(sender: str, extra: str = "") -> bytes:
    return (f"From: {sender}\r\nTo: {REFEREE}\r\nSubject: signup ann\r\n{extra}"
            "Content-Type: text/plain\r\n\r\nsignup ann\r\n").encode()


def _to(w: World, address: str) -> list[str]:
    return [text_of(m) for m in w.sent() if address in str(m["To"])]


def test_a_broken_from_naming_one_address_is_told_why(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        w.deliver(_raw("Ann Lee <ann@example.org"))  # the closing '>' missing
        report = w.run()
        assert report.outcomes == {"unreadable": 1}, report.lines
        assert "told ann@example.org" in report.lines[0]
        replies = _to(w, "ann@example.org")
        assert len(replies) == 1
        assert "could not read a message from this address: a malformed From" in \
            " ".join(replies[0].split())


@pytest.mark.parametrize("raw", [
    _raw("ann@example.org, eve@evil.example>"),  # two addresses: whose?
    _raw("Ann <ann@example.org", "Auto-Submitted: auto-replied\r\n"),
    _raw("Ann <ann@example.org", "Precedence: bulk\r\n"),
    _raw("Referee <referee+p1.abc@club.example.org"),
    _raw("MAILER-DAEMON <mailer-daemon@example.org"),
    b"From: Ann <ann@example.org\r\nFrom: Bob <bob@example.net>\r\nSubject: x\r\n\r\nx\r\n",
])
def test_no_answer_where_the_sender_is_ambiguous_or_a_machine(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raw: bytes) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        w.deliver(raw)
        report = w.run()
        assert report.outcomes == {"unreadable": 1}, report.lines
        assert w.sent() == []


def test_the_replies_are_bounded_a_day(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        for k in range(MAX_UNPROVEN_REPLIES + 5):
            w.deliver(_raw("Victim <victim@third.example", f"X-N: {k}\r\n"))
        w.run()
        assert len(_to(w, "victim@third.example")) == MAX_UNPROVEN_REPLIES
