"""Issue 27: a club whose inbox is an IMAP mailbox (club.toml's ``[inbox.imap]``), served by a real
Dovecot on 127.0.0.1: a whole game played through it, and an IMAP server that is missing, refuses
the login or goes away in the middle of a run."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.referee.imap import ImapInbox
from pbmkit.referee.inbox import InboxMessage
from pbmkit.referee.run import InboxFailed, run_club
from tests.support.club_helpers import Player, World, message, world
from tests.support.imap_server import PASSWORD, Dovecot, dovecot_server
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

BATALO = ["JR to IS", "DX to FV", "IS to HS", "DW to FU", "HS to GT", "FU x GT", "IR to JR",
          "GT to GQ", "JQ x EV", "DV to CV", "EV to DW"]
"""examples/01-short-base-win.txt: White wins on Black's base at move 6."""


@dataclass
class ImapWorld(World):
    """A club whose players' mail arrives in Dovecot's INBOX (IMAP APPEND, as a mail server
    delivers it), which the referee reads over IMAP."""

    server: Dovecot | None = None

    def deliver(self, data: bytes) -> str:
        assert self.server is not None
        self.server.append(data)
        return "INBOX"


@contextmanager
def imap_world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ImapWorld]:
    monkeypatch.setenv("PBMKIT_IMAP_PASSWORD", PASSWORD)
    with dovecot_server() as server, world(tmp_path, monkeypatch) as w:
        toml = (w.root / "club.toml").read_text()
        toml = toml.replace('maildir = "maildir"\n',
                            f'imap = {{ host = "127.0.0.1", port = {server.port}, '
                            'user = "referee", security = "none", timeout = 10 }\n')
        (w.root / "club.toml").write_text(toml)
        yield ImapWorld(w.root, w.handler, w.port, server=server)


def test_a_whole_game_is_played_through_an_imap_inbox(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with imap_world(tmp_path, monkeypatch) as w:
        assert w.server is not None and w.club.imap is not None and w.club.maildir is None
        ann, bob = Player(w, "ann", "ann@example.org"), Player(w, "bob", "bob@example.net")
        ann.join()
        bob.join()
        ann.write(f"challenge Batalo {bob.name}")
        w.run()
        bob.write("accept 1")
        w.run()
        for k, move in enumerate(BATALO):
            (ann, bob)[k % 2].move(1, f"{k // 2 + 1}. {move}")
            report = w.run()
            assert report.outcomes["done"] == 1, report.lines
        (rep,) = check_text((w.root / "games" / "1-batalo.txt").read_text(), "1-batalo.txt")
        assert rep.valid and rep.winner == "white"
        assert "game over" in str(ann.last(r"Batalo #1, 6\.")["Subject"])
        # every message handled went to Processed, none is left in the inbox
        assert w.server.folder("INBOX") == []
        assert len(w.server.folder("Processed")) == 4 + 2 + len(BATALO)
        assert w.run().outcomes == {}


def test_an_imap_server_missing_or_refusing_is_one_line_on_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with imap_world(tmp_path, monkeypatch) as w:
        assert w.server is not None
        w.deliver(message("ann@example.org", "help", ""))
        command = [sys.executable, "-m", "pbmkit", "referee", "run", str(w.root)]
        monkeypatch.setenv("PBMKIT_IMAP_PASSWORD", "wrong")
        wrong = subprocess.run(command, capture_output=True, text=True, timeout=120)
        # the inbox failed: the run still did the rest (nothing to send), and says why
        assert wrong.returncode == 1 and wrong.stdout == "0 message(s); sent 0\n"
        assert re.fullmatch(r"Error: the IMAP server 127\.0\.0\.1:\d+ refused the login of "
                            r"referee \(\[AUTHENTICATIONFAILED\] Authentication failed\.\); check "
                            r"the user and the password\n", wrong.stderr), wrong.stderr
        w.server.stop()
        monkeypatch.setenv("PBMKIT_IMAP_PASSWORD", PASSWORD)
        gone = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert gone.returncode == 1 and gone.stdout == "0 message(s); sent 0\n"
        assert gone.stderr == f"Error: cannot connect to the IMAP server 127.0.0.1:" \
                              f"{w.server.port}: connection refused\n"
        w.server.start()
        ok = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert ok.returncode == 0 and ok.stdout == "1 message(s) (1 done); sent 1\n", ok


def test_an_imap_server_going_away_mid_run_loses_no_move_and_applies_none_twice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with imap_world(tmp_path, monkeypatch) as w:
        server = w.server
        assert server is not None
        ann, bob = Player(w, "ann", "ann@example.org"), Player(w, "bob", "bob@example.net")
        ann.join()
        bob.join()
        ann.write(f"challenge Batalo {bob.name}")
        w.run()
        bob.write("accept 1")
        w.run()
        ann.move(1, "1. JR to IS")
        bob.move(1, "1. DX to FV")
        ann.move(1, "2. IS to HS")

        class Dying(ImapInbox):
            """Reads one message a fetch; the server stops once the first is handed out."""

            def messages(self) -> Iterator[InboxMessage]:
                rest = super().messages()
                yield next(rest)
                server.stop()
                yield from rest

        dying = Dying(server.config(), PASSWORD, batch_count=1)
        before = len(w.handler.accepted)
        with pytest.raises(InboxFailed, match="went away") as failed:
            run_club(w.root, clock=lambda: w.clock[0], inbox=dying)
        # what the run queued before the inbox failed went out in that run
        assert failed.value.report.send.sent == 2 and len(w.handler.accepted) == before + 2
        record = (w.root / "games" / "1-batalo.txt").read_text()
        assert "JR to IS" in record and "DX to FV" not in record  # the first, committed
        server.start()
        assert len(server.folder("INBOX")) == 3  # none marked done: the run did not get so far
        report = w.run()
        assert report.outcomes == {"duplicate": 1, "done": 2}, report.lines  # the ledger
        record = (w.root / "games" / "1-batalo.txt").read_text()
        assert record.count("JR to IS") == 1 and "DX to FV" in record and "IS to HS" in record
        assert server.folder("INBOX") == [] and len(server.folder("Processed")) == 6 + 3
        subjects = [(str(m["To"]), str(m["Subject"])) for m in w.sent()[before:]]
        assert len(subjects) == 6 and len(set(subjects)) == 6  # two players x three moves, once
