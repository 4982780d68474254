"""A referee machine whose clock was set back 400 days wrote ``[%ccsnt 2025.10.24]`` after a move
dated 2026.11.28 (issue 35, item 4): no date before the record's last one is written now, and the
organiser is told once that the clock is behind."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from pbmkit.referee.run import RunReport, run_club
from tests.support.club_helpers import World, batalo_game, world

TODAY = datetime.datetime.now(datetime.UTC)  # the club's first runs are at the real time
BACK = TODAY - datetime.timedelta(days=400)


def _run(w: World, moment: datetime.datetime) -> RunReport:
    return run_club(w.root, now=lambda: moment, clock=lambda: moment.timestamp())


def test_a_clock_set_back_writes_no_date_before_the_records_last(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        ann.move(1, "JR to IS")
        _run(w, TODAY)
        bob.move(1, "DX to FV")
        report = _run(w, BACK)
        assert report.outcomes == {"done": 1}, report.lines
        record = next((w.root / "games").glob("*.txt")).read_text(encoding="utf-8")
        dates = re.findall(r"%ccsnt (\d{4}\.\d\d\.\d\d)", record)
        assert dates == [f"{TODAY:%Y.%m.%d}"] * 2, record
        assert any("clock" in p and "set back" in p for p in report.problems), report.problems
        db = w.db()
        detail = db.execute("SELECT detail FROM messages ORDER BY id DESC LIMIT 1").fetchone()[0]
        db.close()
        assert (f"the machine's clock says {BACK.date()}, before the record's last date "
                f"{TODAY.date()}: {TODAY.date()} written") in detail
        ann.move(1, "IS to HS")
        assert _run(w, BACK + datetime.timedelta(hours=2)).problems  # still behind: said again
        to_organiser = [m for m in w.sent() if "orga@club.example.org" in str(m["To"])
                        and "clock" in str(m["Subject"])]
        assert len(to_organiser) == 1  # ... but mailed once
