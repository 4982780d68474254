"""A full disk ends a referee run with one line saying what is full and that nothing was lost
(issue 35, item 4: ENOSPC in the record write, in reconcile or at COMMIT ended the run with a
Python traceback). The full disk is made two ways: the record write raising ENOSPC, and SQLite
told its database may grow no more (``PRAGMA max_page_count``), which then fails as on a full
disk ("database or disk is full")."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import pbmkit.referee.handling as handling
import pbmkit.referee.run as run_module
from pbmkit.cli import cli
from tests.support.club_helpers import batalo_game, world


def _no_room(*args: Any, **kwargs: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _full_database(path: Path) -> sqlite3.Connection:
    db = _open(path)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    return db


_open = run_module.open_db


@pytest.mark.parametrize("how", ["record", "database"])
def test_a_full_disk_is_one_line_and_the_move_waits_in_the_inbox(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        record = next((w.root / "games").glob("*.txt"))
        before = record.read_bytes()
        for k in range(40):  # enough ledger rows that the next ones need a new page
            w.deliver(b"From: x%d@example.com\r\nSubject: help\r\n\r\nhelp\r\n" % k)
        w.run()
        ann.move(1, "JR to IS")
        with monkeypatch.context() as m:
            if how == "record":
                m.setattr(handling, "atomic_write", _no_room)
            else:
                m.setattr(run_module, "open_db", _full_database)
            done = CliRunner().invoke(cli, ["referee", "run", str(w.root)])
        assert done.exit_code != 0
        assert isinstance(done.exception, SystemExit)  # a message, not a traceback
        lines = done.output.strip().splitlines()
        assert len(lines) == 1 and "is full" in lines[0] and "nothing was lost" in lines[0], lines
        assert record.read_bytes() == before
        assert list((w.root / "maildir" / "new").iterdir())  # the move is still in the inbox
        report = w.run()  # room made: the move is played
        assert report.outcomes.get("done") == 1, report.lines
        assert "JR to IS" in record.read_text(encoding="utf-8")
