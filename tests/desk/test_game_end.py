"""Issue 34, part 3: one judgement of whether and how a record's game ended
(:func:`pbmkit.desk.dates.game_end`): a result, a ``Termination`` the desk knows, an ending
without a winner; ``move`` refuses any of them with one line saying how, the file unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.desk.dates import game_end, termination_end

HEAD = """[Game "Batalo"]
[Date "2026-09-01"]
[White "Ann"]
[Black "Bob"]
"""


@pytest.mark.parametrize(("tags", "winner", "said"), [
    ({}, None, None),
    ({"Termination": "normal"}, None, None),
    ({"Termination": "unterminated"}, None, None),
    ({"Termination": "whatever"}, None, None),
    ({"Termination": "annulled"}, None, "annulled"),
    ({"Termination": "Abandoned"}, None, "abandoned"),
    ({"Termination": "forfeit"}, None, "forfeit"),
    ({"Termination": "annulled"}, "white", "annulled"),  # counts for no one, whoever won
    ({"Termination": "time forfeit"}, "black", "Black wins (time forfeit)"),
    ({"Termination": "rules  infraction"}, None, "rules infraction"),
    ({}, "draw", "drawn"),
    ({}, "white", "White wins"),
])
def test_game_end_says_how_a_game_ended(tags: dict[str, str], winner: str | None,
                                        said: str | None) -> None:
    assert game_end(tags, winner) == said


def test_termination_words_are_shown_printable() -> None:
    assert termination_end({"Termination": "abandoned \x1b[31m"}) == "abandoned \\x1b[31m"


@pytest.mark.parametrize(("tags", "words"), [
    ('[Termination "abandoned"]\n', "abandoned"),
    ('[Termination "time forfeit"]\n[Winner "Black"]\n', "Black wins by concession (time forfeit)"),
    ('[Winner "Draw"]\n', "drawn by agreement"),
])
def test_move_refuses_a_game_that_ended_in_any_way(tmp_path: Path, tags: str,
                                                   words: str) -> None:
    path = tmp_path / "g.txt"
    path.write_bytes((HEAD + tags + "\n1. IR to HS EV to FU\n").encode())
    before = path.read_bytes()
    got = CliRunner().invoke(cli, ["move", str(path), "JQ to JS"])
    assert got.exit_code == 1
    assert got.stderr == f"Error: the game is over: {words}; no more moves can be added\n"
    assert path.read_bytes() == before


def test_move_takes_the_numbered_moves_of_the_issue(tmp_path: Path) -> None:
    """Issue 34: `pbmkit move g.txt "1. IR to HS"` was refused ("'1.' is not a space"); the
    forms mail read takes: ``1. IR to HS``, ``1... DX to FV``, ``2.JQ to JS``."""
    path = tmp_path / "g.txt"
    path.write_text(HEAD, encoding="utf-8")
    for move in ("1. IR to HS", "1... DX to FV", "2.JQ to JS"):
        got = CliRunner().invoke(cli, ["move", str(path), move])
        assert got.exit_code == 0, got.output
    assert path.read_text(encoding="utf-8").endswith("1. IR to HS DX to FV\n2. JQ to JS\n")
    before = path.read_bytes()
    got = CliRunner().invoke(cli, ["move", str(path), "12... DX to EW"])
    assert got.exit_code == 1
    assert got.stderr.splitlines()[0] == ("move '12. DX to EW' is numbered 12, but the record's "
                                          "next move is Black's 2")
    assert path.read_bytes() == before
