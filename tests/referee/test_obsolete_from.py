"""A signup from ``Ann B. Lee <ann@example.org>`` (an unquoted period in the name: RFC 5322's
obs-phrase, which receivers must accept, section 4.1) is answered (issue 35, item 3: in a
simulated club, 8 of 12 signups were lost as "unreadable")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.club_helpers import REFEREE, Player, world


def test_a_signup_from_a_name_with_a_period_gets_its_code(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        raw = (f"From: Ann B. Lee <ann@example.org>\r\nTo: {REFEREE}\r\nSubject: signup ann\r\n"
               "Date: Sat, 28 Nov 2026 10:00:00 +0000\r\nMessage-ID: <s1@example.org>\r\n"
               "Content-Type: text/plain\r\n\r\nsignup ann\r\n").encode()
        w.deliver(raw)
        report = w.run()
        ann = Player(w, "ann", "ann@example.org")
        assert "confirm your signup" in str(ann.last()["Subject"]), report
