"""``vacation 60`` near the year's end, with 45 days a year allowed, is accepted (the allowance
is per calendar year, and each year holds fewer than 45 of them) but said nothing of it (issue
35, item 5): the reply says how the days fall on each year and what each year leaves."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pbmkit.referee.run import run_club
from tests.support.club_helpers import Player, text_of, world


def test_a_vacation_across_the_new_year_says_what_each_year_counts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann = Player(w, "ann", "ann@example.org")
        ann.join()
        moment = datetime.datetime(2026, 11, 28, 9, tzinfo=datetime.UTC)
        ann.write("vacation 60")
        run_club(w.root, now=lambda: moment, clock=moment.timestamp)
        said = " ".join(text_of(ann.last("Vacation until 2027-01-27")).split())
        assert "The club allows 45 vacation days a calendar year" in said
        assert "34 of them count in 2026, which leaves you 11 of its 45" in said
        assert "26 of them count in 2027, which leaves you 19 of its 45" in said
