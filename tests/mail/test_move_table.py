"""The move list of a move's mail: its heading sits over its columns even when every move is
shorter than the word "Move" (issue 35, item 5: Hex before a swap slipped two columns)."""

from __future__ import annotations

import email
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli


@pytest.mark.parametrize(("rules", "players", "moves"), [
    ("hex", ["red=Ann", "blue=Bob"], ["c3"]),
    ("hex", ["red=Ann", "blue=Bob"], ["c3", "swap"]),
    ("batalo", ["white=Ann", "black=Bob"], ["IR to HS"]),
])
def test_the_heading_of_the_move_list_sits_over_its_columns(
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
    head = next(line for line in lines if line.strip().startswith("Move") and "Received" in line)
    rows = lines[lines.index(head) + 1: lines.index(head) + 1 + len(moves)]
    for row in rows:
        assert row.index("2026.11.2") == head.index("Sent"), (head, row)
        assert row[head.index("Received"):].startswith(("-", "2026")), (head, row)
        assert row[head.index("Move"):].startswith(moves[rows.index(row)]), (head, row)
