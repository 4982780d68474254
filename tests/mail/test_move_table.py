"""The move list of a move's mail reads in any font (issue 39): a move a line, each saying its own
dates, nothing lined up in columns (issue 35, item 5 lined up a heading over columns, which a
proportional font put out of line anyway)."""

from __future__ import annotations

import email
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli


@pytest.mark.parametrize(("rules", "players", "moves"), [
    ("hex", ["red=Ann", "blue=Bob"], ["c3"]),
    ("hex", ["red=Ann", "blue=Bob"], ["c3", "swap"]),
    ("batalo", ["white=Ann", "black=Bob"], ["IR to HS"]),
])
def test_each_line_of_the_move_list_says_its_move_and_its_own_dates(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rules: str, players: list[str],
        moves: list[str]) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    game, out = tmp_path / "g.txt", tmp_path / "m.eml"
    first, second = (p.split("=")[0].capitalize() for p in players)
    run = CliRunner().invoke
    args = ["new", str(game), "--rules", rules, "--date", "2026-11-01",
            "--tag", f"{first}Email=ann@example.org", "--tag", f"{second}Email=bob@example.net"]
    for p in players:
        args += ["--player", p]
    assert run(cli, args).exit_code == 0
    for k, move in enumerate(moves):
        done = run(cli, ["move", str(game), move, "--sent", f"2026-11-{20 + k}"])
        assert done.exit_code == 0, done.output
    assert run(cli, ["mail", "compose", str(game), "-o", str(out), "--text"]).exit_code == 0
    text = email.message_from_bytes(out.read_bytes()).get_payload(decode=True).decode()
    lines = text.splitlines()
    head = next(k for k, line in enumerate(lines) if line.startswith("The moves ("))
    rows = lines[head + 1: head + 1 + len(moves)]
    for k, (row, move) in enumerate(zip(rows, moves, strict=True)):
        side = (first, second)[k % 2]
        number = f"{k // 2 + 1}." if k % 2 == 0 else f"{k // 2 + 1}..."
        assert re.fullmatch(rf"{re.escape(number)} {side}: {re.escape(move)} \((received "
                            rf"2026\.11\.\d\d, )?sent 2026\.11\.{20 + k}; days \d+/\d+\)", row), row
        assert "  " not in row  # no padding to line up: it would not in a proportional font
