"""Issue 34, part 3: one judgement of whether and how a record's game ended
(:func:`pbmkit.notation.desk.game_end`): a result, a ``Termination`` the desk knows, an ending
without a winner; ``move`` refuses any of them with one line saying how, the file unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.notation.desk import game_end, termination_end

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
