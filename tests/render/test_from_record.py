"""From replayed example records to the forms' data: turns, series, header fields, mailer cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _replays(name: str) -> list:  # type: ignore[type-arg]
    path = EXAMPLES / name
    reps = check_text(path.read_text(encoding="utf-8"), str(path))
    assert all(r.valid for r in reps)
    return reps


def test_a_chart_has_one_entry_per_turn_showing_the_position_after_both_moves() -> None:
    rep, = _replays("01-short-base-win.txt")
    entries = chart_entries(rep)
    assert [e.label for e in entries] == ["1", "2", "3", "4", "5", "6"]
    for entry, label in zip(entries, ["1", "2", "3", "4", "5", "6"], strict=True):
        plies = [p for p in rep.main if p.label == label]
        assert entry.position == plies[-1].after
        assert [(m.start, m.end) for m in entry.last_moves] == [(p.move.start, p.move.end) for p in plies]
    assert entries[0].moves_text == "JR to IS · DX to FV"
    assert entries[2].moves_text == "HS to GT averto · FU x GT"  # a capture is written with x
    assert entries[-1].moves_text == "EV to DW"  # the last turn holds White's move only


def test_the_header_comes_from_the_tags_and_the_result() -> None:
    rep, = _replays("01-short-base-win.txt")
    assert chart_header(rep) == {"Number": "1", "Date": "1994-03-12", "White": "Ĉiĉerono Ŝaŭmo",
                                 "Black": "Anna Łódźka", "Winner": "White (reached the base)"}
    going, = _replays("03-unfinished-with-series.txt")
    assert chart_header(going)["Winner"] == ""
    assert chart_header(going)["Date"] == "1994-05-??"
    archive = _replays("04-archive.txt")
    assert [chart_header(r)["Winner"] for r in archive] == [
        "White (reached the base)", "Black (reached the base)", "Black (by concession)",
        "Draw (by agreement)"]


def test_alternate_series_follow_the_main_line_or_stand_alone_from_their_branch() -> None:
    rep, = _replays("03-unfinished-with-series.txt")
    labels = [e.label for e in chart_entries(rep)]
    assert labels == [str(n) for n in range(1, 13)] + ["9a", "10a", "11a"]
    alone = chart_entries(rep, ["a"])
    assert [e.label for e in alone] == ["8", "9a", "10a", "11a"]
    assert alone[0].position == rep.position_at("8")
    assert alone[1].position == rep.position_at("9a")
    with pytest.raises(ValueError, match="no series b in this game"):
        chart_entries(rep, ["b"])


def test_a_mailer_card_shows_the_latest_move_or_the_turn_asked_for() -> None:
    rep, = _replays("03-unfinished-with-series.txt")
    card = mailer_card(rep)
    assert card.values["Turn"] == "12" and card.moved == "black"
    assert card.values["Move"] == "DW to DS" and card.values["Previous"] == "IU to HV"
    assert card.values["White"] == "Øyvind Brevik" and card.values["Number"] == "3"
    assert card.position == rep.main[-1].after
    white9 = mailer_card(rep, "9", "white")
    assert (white9.values["Move"], white9.values["Previous"]) == ("IQ to IS", "DX to DV")
    assert white9.moved == "white"
    # The first move of a series answers the main-line move it branches from.
    first_a = mailer_card(rep, "9a", "white")
    assert (first_a.values["Move"], first_a.values["Previous"]) == ("IU to HU", "DX to DV")
    assert mailer_card(rep, "11a").values["Move"] == "DW to JW averto"  # as the record has it
    with pytest.raises(ValueError, match="no move in turn 13"):
        mailer_card(rep, "13")
    with pytest.raises(ValueError, match="not a turn label"):
        mailer_card(rep, "twelve")


def test_a_game_without_moves_gives_a_card_of_the_start() -> None:
    rep, = check_text('[Number "9"]\n[White "A"]\n[Black "B"]\n\n*\n')
    card = mailer_card(rep)
    assert card.position == rep.start and card.moved == "" and card.values["Number"] == "9"
    assert chart_entries(rep) == []


def test_the_chart_prints_the_analysis_marks_after_their_moves() -> None:
    """``pbmkit analyse``'s mistakes and blunders show on the Records Chart (issue 41 §2): ``?``
    or ``??`` right after the move; a player's own question marks in a comment mark nothing."""
    from tests.support.analysed import analysed

    text = (EXAMPLES / "01-short-base-win.txt").read_text(encoding="utf-8")
    text = analysed(text, lambda k, sides: {"white": 0.5, "black": 0.5}, {2: "?", 5: "??"})
    text = text.replace("3. ", "3. {?? not the analysis} ", 1)
    rep, = check_text(text, "a.txt")
    assert rep.valid
    entries = chart_entries(rep)
    assert entries[0].moves_text == "JR to IS · DX to FV?"
    assert entries[2].moves_text == "HS to GT averto?? · FU x GT"
    assert [e.label for e in entries if "?" in e.moves_text] == ["1", "3"]
