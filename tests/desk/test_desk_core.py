"""The desk's library core (docs/desk.md): date annotations, days used, time controls, repeats."""

from __future__ import annotations

import datetime

import pytest

from pbmkit.desk.dates import (
    REPEAT_AFTER,
    TimeControl,
    annotation_text,
    clock_problems,
    desk_notes,
    desk_report,
    format_date,
    parse_date,
    read_notes,
    standing,
)
from pbmkit.records import parse_records
from pbmkit.records.model import Comment

D = datetime.date


def _record(body: str, tags: str = '[Date "2026-11-01"]\n[TimeControl "10/50"]\n'):
    records, problems = parse_records(f'[Game "Batalo"]\n{tags}\n{body}', "g.txt")
    assert not [p for p in problems if p.severity == "error"]
    return records[0]


def test_dates_read_in_iccf_dotted_and_iso_forms_with_an_optional_time() -> None:
    """ICCF writes [%ccsnt 2018.10.02,12:56]; the Date tag's 2018-10-02 is read as well."""
    assert parse_date("2018.10.02,12:56") == D(2018, 10, 2)
    assert parse_date("2018-10-02") == D(2018, 10, 2)
    assert parse_date("2018.02.30") is None
    assert parse_date("yesterday") is None
    assert format_date(D(2026, 1, 5)) == "2026.01.05"


def test_annotations_round_trip_through_their_text() -> None:
    text = annotation_text(received=D(2026, 11, 20), sent=D(2026, 11, 21), leave=3, draw="offer",
                           unclear=True)
    assert text == ("[%ccrcv 2026.11.20] [%ccsnt 2026.11.21] [%ccleave 3] [%ccdraw offer] "
                    "[%ccunclear]")
    notes = read_notes([Comment("a note " + text)])
    assert (notes.received, notes.sent, notes.leave, notes.draw, notes.unclear) == (
        D(2026, 11, 20), D(2026, 11, 21), 3, "offer", True)
    assert not notes.problems


def test_other_annotations_are_ignored_and_bad_values_reported() -> None:
    notes = read_notes([Comment("[%clk 1:05:23] [%ccsnt 2026.13.01] [%ccleave many] [%ccdraw maybe]")])
    assert notes.sent is None
    assert [m for _, m in notes.problems] == [
        "[%ccsnt 2026.13.01]: not a date like 2026.11.21",
        "[%ccleave many]: leave is a number of days",
        "[%ccdraw maybe]: write offer, accepted or declined",
    ]


def test_days_of_a_move_are_sent_minus_received_and_the_first_move_counts_from_the_start() -> None:
    """Issue 14: a move's days = sent − received, the first move from the game's start."""
    rec = _record("1. IR to HS {[%ccsnt 2026.11.03]} EV to FU {[%ccrcv 2026.11.05] [%ccsnt 2026.11.06]}\n"
                  "2. JQ to JS {[%ccrcv 2026.11.08] [%ccsnt 2026.11.12]}\n")
    rep = desk_report(rec, ("white", "black"))
    assert [(m.label, m.side, m.days, m.total) for m in rep.moves] == [
        ("1", "white", 2, 2), ("1", "black", 1, 1), ("2", "white", 4, 6)]
    assert rep.totals == {"white": 6, "black": 1}
    assert rep.overstepped == [] and rep.problems == []


def test_without_a_received_date_the_clock_runs_from_the_previous_move_sent() -> None:
    rec = _record("1. IR to HS {[%ccsnt 2026.11.03]} EV to FU {[%ccsnt 2026.11.09]}\n")
    rep = desk_report(rec, ("white", "black"))
    assert [m.days for m in rep.moves] == [2, 6]
    assert rep.moves[1].start == D(2026, 11, 3)


def test_leave_days_are_not_counted() -> None:
    rec = _record("1. IR to HS {[%ccsnt 2026.11.21] [%ccleave 14]}\n")
    assert desk_report(rec, ("white", "black")).moves[0].days == 6


def test_a_move_without_dates_has_unknown_days_and_counts_nothing() -> None:
    rec = _record("1. IR to HS EV to FU {[%ccrcv 2026.11.05] [%ccsnt 2026.11.06]}\n")
    rep = desk_report(rec, ("white", "black"))
    assert [m.days for m in rep.moves] == [None, 1]
    assert rep.totals == {"white": 0, "black": 1}


def test_the_sides_follow_the_order_given_and_a_turn_opened_with_dots() -> None:
    """Game-neutral: side names come from the game; `1. ...` gives the turn to the second side."""
    rec = _record("1. ... EV to FU {[%ccsnt 2026.11.02]}\n2. IR to HS {[%ccsnt 2026.11.04]}\n")
    rep = desk_report(rec, ("yellow", "orange"))
    assert [(m.side, m.days) for m in rep.moves] == [("orange", 1), ("yellow", 2)]


def test_time_control_shapes() -> None:
    """TimeControl "10/50": 10 moves in 50 days; "3": 3 days per move."""
    assert TimeControl.parse("10/50") == TimeControl(50, 10)
    assert TimeControl.parse(" 3 ") == TimeControl(3, None)
    assert TimeControl.parse("10/50").allowed(1) == 50
    assert TimeControl.parse("10/50").allowed(10) == 50
    assert TimeControl.parse("10/50").allowed(11) == 100
    for bad in ("", "10/0", "0", "ten/50", "10/50/3"):
        with pytest.raises(ValueError, match="MOVES/DAYS"):
            TimeControl.parse(bad)


def test_a_cumulative_control_is_overstepped_when_the_total_passes_the_period_allowance() -> None:
    """10/50: after any of moves 1-10 a side may have used 50 days, after 11-20 100 days."""
    rec = _record("1. IR to HS {[%ccsnt 2026.11.30]} EV to FU {[%ccsnt 2026.12.01]}\n"
                  "2. JQ to JS {[%ccrcv 2026.12.02] [%ccsnt 2027.01.05]} DW to DY {[%ccsnt 2027.01.06]}\n"
                  "3. JS to JT {[%ccsnt 2027.01.09]}\n")
    rep = desk_report(rec, ("white", "black"))
    assert rep.totals["white"] == 29 + 34 + 3
    assert [(o.side, o.label, o.used, o.allowed) for o in rep.overstepped] == [("white", "2", 63, 50)]
    problems = clock_problems(rep, rec, "g.txt")
    assert [(p.severity, p.turn, p.side, p.line) for p in problems] == [("warning", "2", "white", 6)]
    assert problems[0].message == ("time overstepped: White had used 63 days, the time control "
                                   "10/50 allows 50 days for its first 10 moves")


def test_the_control_checks_later_periods_and_a_side_is_reported_once() -> None:
    rec = _record("1. IR to HS {[%ccsnt 2026.11.02]}\n", tags='[Date "2026-11-01"]\n[TimeControl "1/2"]\n')
    assert desk_report(rec, ("white", "black")).overstepped == []
    rec = _record("1. IR to HS {[%ccsnt 2026.11.02]} EV to FU {[%ccsnt 2026.11.03]}\n"
                  "2. JQ to JS {[%ccsnt 2026.11.09]} DW to DY {[%ccsnt 2026.11.10]}\n"
                  "3. JS to JT {[%ccsnt 2026.11.20]}\n",
                  tags='[Date "2026-11-01"]\n[TimeControl "1/2"]\n')
    rep = desk_report(rec, ("white", "black"))
    assert [(o.side, o.label, o.used, o.allowed) for o in rep.overstepped] == [("white", "2", 7, 4)]


def test_days_per_move_control() -> None:
    rec = _record("1. IR to HS {[%ccsnt 2026.11.03]} EV to FU {[%ccsnt 2026.11.08]}\n",
                  tags='[Date "2026-11-01"]\n[TimeControl "3"]\n')
    rep = desk_report(rec, ("white", "black"))
    assert [(o.side, o.used, o.allowed) for o in rep.overstepped] == [("black", 5, 3)]
    assert "allows 3 days a move" in clock_problems(rep, rec, "g")[0].message


def test_impossible_dates_and_a_bad_time_control_are_reported() -> None:
    rec = _record("1. IR to HS {[%ccsnt 2026.10.30]} EV to FU {[%ccrcv 2026.10.29] [%ccsnt 2026.10.31]}\n",
                  tags='[Date "2026-11-01"]\n[TimeControl "fast"]\n')
    rep = desk_report(rec, ("white", "black"))
    messages = [p.message for p in clock_problems(rep, rec, "g")]
    assert messages[0].startswith("the TimeControl tag must be MOVES/DAYS")
    assert "sent 2026.10.30, before the game's Date tag (2026.11.01)" in messages[1]
    assert "received 2026.10.29, before the move it answers was sent (2026.10.30)" in messages[2]
    assert rep.moves[0].days == 0


def test_standing_of_the_side_to_move_days_left_overdue_and_repeat() -> None:
    """Issue 14: days left under the time control, overdue, and a repeat after 14 days."""
    rec = _record("1. IR to HS {[%ccsnt 2026.11.11]}\n")
    rep = desk_report(rec, ("white", "black"))
    now = standing(rep, "black", D(2026, 11, 21))
    assert (now.to_move, now.running, now.days_left) == ("black", 10, 40)
    assert now.used == {"white": 10, "black": 10}
    assert not now.overdue and not now.repeat_due
    later = standing(rep, "black", D(2026, 11, 11) + datetime.timedelta(days=REPEAT_AFTER))
    assert later.repeat_due and not later.overdue
    late = standing(rep, "black", D(2027, 1, 1))
    assert late.overdue and late.days_left == -1


def test_standing_of_a_finished_game_and_of_a_game_without_moves() -> None:
    rec = _record("")
    rep = desk_report(rec, ("white", "black"))
    fresh = standing(rep, "white", D(2026, 11, 30))
    assert fresh.running == 29 and fresh.days_left == 21 and not fresh.repeat_due
    over = standing(rep, None, D(2026, 11, 30))
    assert over.to_move is None and not over.overdue


def test_the_time_control_tag_name_is_read_in_any_case() -> None:
    """Tag names are case-insensitive (record-format.md); fmt writes TimeControl."""
    from pbmkit.records import write_record

    rec = _record("1. IR to HS {[%ccsnt 2026.11.02]}\n", tags='[Date "2026-11-01"]\n[timecontrol "3"]\n')
    assert desk_report(rec, ("white", "black")).time_control == TimeControl(3, None)
    assert '[TimeControl "3"]' in write_record(rec)


def test_the_date_a_move_arrived_starts_the_next_clock_and_stops_the_repeat() -> None:
    """[%ccarr DATE] (pbmkit received): the reply's days run from the arrival, not the posting;
    a move known to have arrived needs no repeat."""
    rec = _record("1. IR to HS {[%ccsnt 2026.11.03] [%ccarr 2026.11.08]} EV to FU {[%ccsnt 2026.11.10]}\n")
    rep = desk_report(rec, ("white", "black"))
    assert [m.days for m in rep.moves] == [2, 2]
    waiting = _record("1. IR to HS {[%ccsnt 2026.11.03]} {[%ccarr 2026.11.08]}\n")
    now = standing(desk_report(waiting, ("white", "black")), "black", D(2026, 11, 30))
    assert (now.waiting_since, now.running, now.repeat_due) == (D(2026, 11, 8), 22, False)
    lost = _record("1. IR to HS {[%ccsnt 2026.11.03]}\n")
    assert standing(desk_report(lost, ("white", "black")), "black", D(2026, 11, 30)).repeat_due
    early = _record("1. IR to HS {[%ccsnt 2026.11.03] [%ccarr 2026.11.01]}\n")
    assert "arrived 2026.11.01, before it was sent (2026.11.03)" in desk_report(
        early, ("white", "black")).problems[0][4]


@pytest.mark.parametrize("text", [
    "[%ccsnt 2026.11.21]", "[%ccsnt 2026-11-21]", "[%ccsnt 2026/11/21]", "[%ccsnt 2026.13.45]",
    "[%ccsnt 2026.11.2 ]", "[%ccsnt  026.11.21]", "[%ccsnt 2026.11.21,]", "[%CCSNT 2026.11.21]",
    "[%ccsnt 2026.02.30]", "[%ccrcv 2026.11.20] [%ccsnt 2026.11.21]",
    "[%ccrcv 2026.11.20] [%ccsnt 2026.11.2x]", "[%ccrcv 2026.11.2x] [%ccsnt 2026.11.21]",
    "[%ccrcv 2026.11.20]  %ccsnt 2026.11.21]", "[%ccrcv 2026.11.20] [%ccsnx 2026.11.21]",
    "[%ccsnt 2026.11.21] [%ccrcv 2026.11.20]", "[%ccarr 2026.11.21]", "[%ccsnt 2026.11.21]]",
])
def test_the_desks_common_comments_read_as_the_general_reading_reads_them(text: str) -> None:
    """desk_notes reads the desk's two common comments without its regular expressions (issue
    37): the same notes and problems as read_notes, the general reading, gives every text."""
    found = desk_notes(text)
    general = read_notes([Comment(text, "{", 1, 1)])
    if found is not None:  # (None: a comment holding more than the desk's annotations)
        notes, has_problems = found
        assert (notes.received, notes.sent, notes.arrived) \
            == (general.received, general.sent, general.arrived)
        assert has_problems == bool(general.problems)
