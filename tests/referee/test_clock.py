"""Reminders, overstepped time controls and vacations (pbmkit/referee/clock.py)."""

from __future__ import annotations

import datetime

import pytest

from pbmkit.records import parse_records
from pbmkit.records.model import Record
from pbmkit.referee.clock import (
    Vacation,
    due_notices,
    leave_days,
    on_vacation,
    vacation_refusal,
)

D = datetime.date
ORDER = ("white", "black")


def _record(moves: str, control: str | None = "10/50") -> Record:
    tc = f'[TimeControl "{control}"]\n' if control else ""
    text = f'[Game "Batalo"]\n[Date "2026-09-01"]\n[White "Ann"]\n[Black "Bob"]\n{tc}\n{moves}\n'
    (record,), _ = parse_records(text, "g.txt")
    return record


ONE = "1. IR to HS {[%ccsnt 2026.09.03]}"


def test_a_reminder_after_the_clubs_days_keyed_by_the_turn() -> None:
    record = _record(ONE)
    assert due_notices(record, ORDER, "black", D(2026, 9, 9), reminder_days=7) == []
    [notice] = due_notices(record, ORDER, "black", D(2026, 9, 10), reminder_days=7)
    assert (notice.kind, notice.side, notice.key, notice.days) == ("reminder", "black",
                                                                   "reminder 1", 7)
    assert "Black has had the move for 7 days" in notice.text
    # the same turn has the same key on later runs: the referee sends it once
    [later] = due_notices(record, ORDER, "black", D(2026, 9, 12), reminder_days=7)
    assert later.key == notice.key
    # a finished game calls for nothing
    assert due_notices(record, ORDER, None, D(2026, 12, 1), reminder_days=7) == []


def test_vacation_days_stop_the_clock_and_the_reminders() -> None:
    record = _record(ONE)
    away = [Vacation(D(2026, 9, 5), D(2026, 9, 12))]
    assert due_notices(record, ORDER, "black", D(2026, 9, 11), reminder_days=7,
                       vacations=away) == []
    # back on the 12th: 2 days before, 7 away, then 5 more days before 7 count
    assert due_notices(record, ORDER, "black", D(2026, 9, 16), reminder_days=7,
                       vacations=away) == []
    [notice] = due_notices(record, ORDER, "black", D(2026, 9, 17), reminder_days=7,
                           vacations=away)
    assert notice.days == 7


def test_an_overstep_by_not_moving_is_reported_once_per_side() -> None:
    record = _record(ONE, control="3")
    notices = due_notices(record, ORDER, "black", D(2026, 9, 6), reminder_days=7)
    assert notices == []
    [over] = due_notices(record, ORDER, "black", D(2026, 9, 7), reminder_days=7)
    assert (over.kind, over.key, over.days) == ("overstep", "overstep black", 4)
    assert over.text == ("time overstepped: Black has used 4 days (4 on the move still due), "
                         "the time control 3 allows 3 days a move")


def test_a_written_overstep_is_reported_in_checks_words() -> None:
    record = _record("1. IR to HS {[%ccsnt 2026.10.30]} EV to FU {[%ccsnt 2026.10.31]}")
    notices = due_notices(record, ORDER, "white", D(2026, 11, 1), reminder_days=7)
    [over] = [n for n in notices if n.kind == "overstep"]
    assert over.key == "overstep white" and over.days == 59
    assert over.text.startswith("time overstepped: White had used 59 days, the time control "
                                "10/50 allows 50 days for its first 10 moves")


def test_leave_days_count_overlaps_once() -> None:
    vs = [Vacation(D(2026, 9, 1), D(2026, 9, 11)), Vacation(D(2026, 9, 6), D(2026, 9, 16))]
    assert leave_days(vs, D(2026, 9, 10), D(2026, 9, 20)) == 6
    assert leave_days(vs, D(2026, 8, 1), D(2026, 10, 1)) == 15
    assert leave_days(vs, None, D(2026, 10, 1)) == 0
    assert on_vacation(vs, D(2026, 9, 15)) and not on_vacation(vs, D(2026, 9, 16))


@pytest.mark.parametrize(("taken", "days", "why"), [
    ([], 45, None),
    ([], 46, "allows 45 vacation days a year; 2026 would have 46 (you have 45 left in 2026)"),
    ([Vacation(D(2026, 1, 1), D(2026, 2, 10))], 6, "you have 5 left in 2026"),
    ([Vacation(D(2026, 1, 1), D(2026, 2, 10))], 5, None),
    ([], 0, "a vacation is 1 to 366 days"),
])
def test_the_yearly_allowance_bounds_vacations(taken: list[Vacation], days: int,
                                               why: str | None) -> None:
    refusal = vacation_refusal(taken, D(2026, 6, 1), days)
    assert refusal is None if why is None else why in (refusal or "")


def test_a_vacation_over_new_year_counts_in_each_year() -> None:
    assert vacation_refusal([], D(2026, 12, 25), 45) is None  # 7 days in 2026, 38 in 2027
    earlier = [Vacation(D(2026, 1, 1), D(2026, 2, 10))]  # 40 days in 2026
    assert "2026 would have 47" in (vacation_refusal(earlier, D(2026, 12, 25), 30) or "")
    later = [Vacation(D(2027, 3, 1), D(2027, 4, 10))]  # 40 days in 2027
    assert "2027 would have 63" in (vacation_refusal(later, D(2026, 12, 25), 30) or "")
