"""A message handled before, again (a server's redelivery, a resend), reaches the ledger as
``duplicate`` (issue 35, item 4: docs and ``referee log --outcome duplicate`` promised them,
``run -v`` showed them, ``log`` said no message matched, ``status`` never counted them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.referee.status import club_status
from tests.support.club_helpers import REFEREE, message, world


def test_a_message_delivered_twice_is_a_duplicate_in_the_ledger(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        data = message("carol@example.com", "help", "help\n", to=REFEREE)
        w.deliver(data)
        w.deliver(data)  # the server delivered it twice
        report = w.run()
        assert report.outcomes == {"done": 1, "duplicate": 1}, report.lines
        assert len([m for m in w.sent() if "carol" in str(m["To"])]) == 1
        done = CliRunner().invoke(cli, ["referee", "log", str(w.root), "--outcome", "duplicate"])
        assert done.exit_code == 0, done.output
        assert "carol@example.com" in done.output and "handled before" in done.output
        assert club_status(w.root).outcomes.get("duplicate") == 1
