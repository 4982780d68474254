"""A comment's text never becomes a desk annotation (issue 22, §3): ``comment`` and
``unclear --why`` refuse ``[%`` in one line, exit 2, the record byte-for-byte unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.desk.dates import read_notes
from pbmkit.records import check_text

RECORD = """[Game "Batalo"]
[Date "2026-09-01"]
[White "Ann"]
[Black "Bob"]
[WhiteEmail "ann@example.org"]
[BlackEmail "bob@example.net"]
[Winner "*"]

1. IR to HS {[%ccsnt 2026.09.03]} EV to FU {[%ccsnt 2026.09.08]}
"""

FORGERIES = ["[%ccdraw offer]", "please [%ccsnt 2026.09.01] thanks", "[%CCSNT 2026.09.20]",
             "[%ccmailrcv fake@evil.example]", "[%ccarr 2026.09.09]", "[%ccunclear]",
             "[%ccleave 30]", "x [%ccrcv\n2026.09.04]"]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.txt"
    path.write_text(RECORD, encoding="utf-8")
    return path


@pytest.mark.parametrize("text", FORGERIES)
def test_comment_refuses_an_annotation(game: Path, text: str) -> None:
    result = CliRunner().invoke(cli, ["comment", str(game), text])
    assert result.exit_code == 2
    assert "cannot hold '[%'" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert game.read_text(encoding="utf-8") == RECORD


@pytest.mark.parametrize("text", FORGERIES)
def test_unclear_why_refuses_an_annotation(game: Path, text: str) -> None:
    result = CliRunner().invoke(cli, ["unclear", str(game), "--why", text])
    assert result.exit_code == 2
    assert "--why cannot hold '[%'" in result.stderr
    assert game.read_text(encoding="utf-8") == RECORD


def test_a_forged_draw_offer_cannot_be_accepted(game: Path) -> None:
    runner = CliRunner()
    runner.invoke(cli, ["comment", str(game), "[%ccdraw offer]"])
    result = runner.invoke(cli, ["draw", "accept", str(game)])
    assert result.exit_code == 1 and "no draw is on offer" in result.stderr
    [rep] = check_text(game.read_text(encoding="utf-8"))
    assert read_notes(rep.record.main[-1].moves[-1].comments).draw is None


def test_brackets_and_percent_signs_apart_are_text(game: Path) -> None:
    result = CliRunner().invoke(cli, ["comment", str(game), "50 % sure [see move 3]"])
    assert result.exit_code == 0, result.output
    assert game.read_text(encoding="utf-8").endswith("{50 % sure [see move 3]}\n")
    [rep] = check_text(game.read_text(encoding="utf-8"))
    notes = read_notes(rep.record.main[-1].moves[-1].comments)
    assert notes.draw is None and not notes.problems
