"""Issue 34, part 3: a game annulled by ``event withdraw`` is over for every command. ``move``
and ``mail read`` refuse a move on it with one line saying so (the record byte for byte as it
was), ``resign`` refuses too, ``status`` shows it over and ``check`` does not call it "still
going" (docs/events.md, "Results and withdrawals"). The referee's refusal is in
tests/referee/test_referee_annulled.py."""

from __future__ import annotations

import json
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.events.folder import load_event

BILLO_7 = Path(__file__).parent.parent.parent / "examples" / "events" / "billo-7.csv"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def annulled(tmp_path: Path) -> Path:
    """An event of seven whose Femi Ade withdrew at once: the record of game 2 (Carla Diaz,
    Yellow, v Femi Ade), annulled."""
    folder = tmp_path / "club"
    got = run("event", "new", folder, "--rules", "billo", "--players", BILLO_7,
              "--tag", "Date=2026-12-01")
    assert got.exit_code == 0, got.output
    got = run("event", "withdraw", folder, "Femi Ade")
    assert got.exit_code == 0 and "annulled" in got.output, got.output
    game = next(g for g in load_event(folder).games if g.number == 2)
    record = folder / game.file
    assert '[Termination "annulled"]' in record.read_text(encoding="utf-8")
    return record


def test_move_refuses_an_annulled_game_in_one_line_and_changes_nothing(annulled: Path) -> None:
    before = annulled.read_bytes()
    got = run("move", annulled, "R d1-c2")
    assert got.exit_code == 1
    assert got.stderr.strip() == ("Error: the game is over: annulled; no more moves can be "
                                  "added")
    assert annulled.read_bytes() == before


def test_resign_and_draw_refuse_an_annulled_game(annulled: Path) -> None:
    before = annulled.read_bytes()
    for args in (("resign", annulled), ("draw", "offer", annulled)):
        got = run(*args)
        assert got.exit_code == 1 and "the game is over (annulled)" in got.stderr, got.output
    assert annulled.read_bytes() == before


def test_status_shows_an_annulled_game_over_and_check_says_annulled(annulled: Path) -> None:
    got = run("status", annulled, "--today", "2026-12-05")
    assert got.exit_code == 0
    assert "over: annulled" in got.output and "to play" not in got.output
    (row,) = json.loads(run("status", annulled, "--json", "--today", "2026-12-05").output)
    assert row["to_move"] is None and row["turn"] is None and row["ended"] == "annulled"
    assert row["winner"] is None
    got = run("check", annulled)
    assert got.exit_code == 0
    assert got.output.rstrip().endswith("valid; 0 turn(s); annulled")
    assert "still going" not in got.output


def test_mail_read_refuses_a_move_of_an_annulled_game(annulled: Path, tmp_path: Path) -> None:
    msg = EmailMessage()
    msg["From"] = "Carla Diaz <carla@example.com>"
    msg["To"] = "femi@example.com"
    msg["Subject"] = "Billo #2"
    msg["Date"] = "Wed, 02 Dec 2026 10:00:00 +0000"
    msg["Message-ID"] = "<m1@example.com>"
    msg.set_content("Move: 1. R d1-c2\n")
    source = tmp_path / "m.eml"
    source.write_bytes(msg.as_bytes())
    before = annulled.read_bytes()
    got = run("mail", "read", source, "--games", annulled.parent)
    assert got.exit_code == 1
    assert "Billo #2: the game is over (annulled); nothing applied" in got.stderr, got.output
    assert annulled.read_bytes() == before
