"""Turns of three to five sides (Batrakill's zones version): ``N...`` continues turn N.

A ``;`` comment ends its line, so ``pbmkit move`` continues the turn on the next line as
``N... move``; with more than two sides that continuation may come after two or more of the
turn's moves, and must read as the same turn (issue 22, §3).
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.records import check_text, parse_records

ZONES = ('[Game "Batrakill"]\n[Layout "zones"]\n[Purple "Ann"]\n[Blue "Bob"]\n[Green "Cid"]\n'
         '[Dragon "Dee"]\n[Winner "*"]\n\n')


def test_a_continuation_after_two_moves_of_a_four_side_turn_reads_as_that_turn() -> None:
    [rep] = check_text(ZONES + "1. d2-e2 d8-e8 ; a note\n1... b7-b8 D@e5\n2. c2-c3\n")
    assert rep.valid, rep.errors
    assert [(p.label, p.side) for p in rep.main] == [
        ("1", "purple"), ("1", "blue"), ("1", "green"), ("1", "dragon"), ("2", "purple")]
    (record,), _ = parse_records(ZONES + "1. d2-e2 d8-e8 ; a note\n1... b7-b8 D@e5\n")
    assert len(record.main) == 1 and len(record.main[0].moves) == 4


def test_a_continuation_of_a_full_turn_is_still_out_of_sequence() -> None:
    [rep] = check_text(ZONES + "1. d2-e2 d8-e8 b7-b8 D@e5 ; full\n1... c2-c3\n")
    assert not rep.valid
    assert "out of sequence" in rep.errors[0].message


def test_move_after_a_line_comment_in_a_four_side_game(tmp_path: Path) -> None:
    path = tmp_path / "zones.txt"
    path.write_text(ZONES + "1. d2-e2 d8-e8 ; Blue thinks\n", encoding="utf-8")
    runner = CliRunner()
    for move in ("b7-b8", "D@e5", "c2-c3"):
        result = runner.invoke(cli, ["move", str(path), move])
        assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.endswith("1. d2-e2 d8-e8 ; Blue thinks\n1... b7-b8 D@e5\n2. c2-c3\n")
    assert runner.invoke(cli, ["check", str(path)]).exit_code == 0
