"""A signup whose name was taken meanwhile stayed "waiting for its code" in ``referee status``
forever (issue 35, item 4): it goes when the name is taken, and any signup goes after
SIGNUP_DAYS days (its code is refused after them)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pbmkit.referee.run import run_club
from pbmkit.referee.security import SIGNUP_DAYS
from pbmkit.referee.status import club_status
from tests.support.club_helpers import Player, World, world


def _run(w: World, moment: datetime.datetime) -> None:
    run_club(w.root, now=lambda: moment, clock=lambda: moment.timestamp())


def test_a_signup_whose_name_was_taken_meanwhile_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        carol, ann = Player(w, "ann", "carol@example.com"), Player(w, "ann", "ann@example.org")
        carol.write("signup ann")
        w.run()
        ann.join()
        assert club_status(w.root).signups == 0
        carol.reply(carol.last("confirm your signup"), "yes")
        w.run()
        assert "no signup of this address waits" in str(carol.last().get_content())


def test_a_signup_not_confirmed_in_time_is_forgotten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    start = datetime.datetime.now(datetime.UTC)
    with world(tmp_path, monkeypatch, pictures=False) as w:
        dan = Player(w, "dan", "dan@example.com")
        dan.write("signup dan")
        _run(w, start)
        assert club_status(w.root).signups == 1
        _run(w, start + datetime.timedelta(days=SIGNUP_DAYS - 1))
        assert club_status(w.root).signups == 1
        late = start + datetime.timedelta(days=SIGNUP_DAYS, hours=1)
        dan.reply(dan.last("confirm your signup"), "yes")
        _run(w, late)
        assert club_status(w.root).signups == 0
        assert "no signup of this address waits" in str(dan.last().get_content())
        assert club_status(w.root).players == 0
