"""A game written here, in the test suite, plugs into pbmkit through ``pbmkit.games.register`` alone.

"Trio" (a test game, not a real one): three players, Red, Green and Blue, on a 4×4 board. Each
starts with three pieces in hand; on a turn a player lays a piece from the hand on an empty square
(a drop, written as the square alone, ``b2``, as Go players do) or steps one of theirs to an
orthogonally adjacent square, empty or holding an opponent's piece, which goes back to its owner's
hand (``b2-b3``, ``b2xb3``). Three of one's pieces in a row (orthogonally) win; a player who
cannot move loses to the one who moved last.

Nothing outside tests knows Trio (tests/support/trio.py, written from docs/architecture.md's
checklist): it passes every generic test the games of pbmkit pass, run over the registry with
Trio in it (issue 40), and records, ``check``, ``moves``, ``move``, ``show``, a Records Chart and
mailers work for it (issue 10).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import register, unregister
from pbmkit.records import check_text
from tests.support.trio import TRIO

GENERIC = ["games/test_every_game.py", "games/test_game_design.py", "games/test_game_protocol.py",
           "games/test_every_game_hints_and_tags.py", "games/test_every_game_wording.py",
           "games/test_registry.py", "games/test_play.py", "records/test_every_game_notation.py",
           "records/test_lean_turns.py", "records/test_lean_check.py", "render/test_marks.py",
           "render/test_phone_chart.py", "cli/test_every_game_commands.py",
           "cli/test_play_to_the_end.py", "cli/test_options.py"]
"""The generic test modules: each parametrized by the registry (``game_names()``)."""


def test_trio_passes_every_generic_test_of_the_suite() -> None:
    """Every test of the generic modules, run with Trio registered for the whole run
    (``PBMKIT_PLUG_TRIO=1``: tests/conftest.py), for Trio as for pbmkit's games: no exemption."""
    import os
    import subprocess
    import sys

    here = Path(__file__).parent
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-k", "trio", *(str(here / m) for m in GENERIC)],
                          env={**os.environ, "PBMKIT_PLUG_TRIO": "1"}, cwd=here.parent,
                          capture_output=True, text=True, timeout=1800)
    tail = done.stdout[-3000:]
    assert done.returncode == 0, tail
    passed = re.search(r"([0-9]+) passed", tail)
    assert passed is not None and int(passed[1]) > 60 and "skipped" not in tail, tail


# --- the tests ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def trio_registered() -> Iterator[None]:
    """Trio is registered for each test of this file only, by the public call."""
    register("Trio", lambda: TRIO, aliases=("three-player",))
    yield
    unregister("trio")


RECORD = """[Game "Trio"]
[Number "7"]
[Red "Ann"]
[Green "Bo"]
[Blue "Cy"]

1. a1 b2 c3
2. a2 b2-b3 d4
"""


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_trio_record_checks_valid_with_three_moves_a_turn(tmp_path: Path) -> None:
    [rep] = check_text(RECORD, "trio.txt")
    assert rep.valid, [p.message for p in rep.errors]
    assert [p.side for p in rep.main] == ["red", "green", "blue", "red", "green", "blue"]
    assert rep.next_turn() == ("3", "red")
    won = RECORD + "3. a3\n"
    [rep] = check_text(won, "trio.txt")
    assert (rep.winner, rep.how) == ("red", "row")
    path = tmp_path / "trio.txt"
    path.write_text(won, encoding="utf-8")
    result = _run("check", "--json", str(path))
    assert result.exit_code == 0
    assert json.loads(result.output)[0]["winner"] == "red" and json.loads(result.output)[0]["how"] == "row"
    result = _run("check", str(path))
    assert "Red wins with a row of three" in result.output


def test_a_trio_error_names_the_side_and_the_legal_destinations(tmp_path: Path) -> None:
    [rep] = check_text(RECORD + "3. b3-d3\n", "trio.txt")
    assert not rep.valid and rep.errors[0].side == "red"
    [rep] = check_text(RECORD + "3. a2-b2\n", "trio.txt")
    assert rep.valid
    [rep] = check_text(RECORD.replace("c3", "c3 d1"), "trio.txt")
    assert "a turn holds one move of each side" in rep.errors[0].message


def test_trio_moves_move_and_show_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "trio.txt"
    path.write_text(RECORD, encoding="utf-8")
    listed = json.loads(_run("moves", "--json", str(path)).output)
    position = check_text(RECORD)[0].final
    assert listed == {"side": "red", "moves": sorted(TRIO.notation.format(m, position)
                                                     for m in TRIO.legal_moves(position))}
    assert "a1-b1" in listed["moves"] and "a3" in listed["moves"]
    only = json.loads(_run("moves", "--json", "--from", "a1", str(path)).output)["moves"]
    assert only == ["a1-b1"]
    before = path.read_bytes()
    refused = _run("move", str(path), "a1-c1")
    assert refused.exit_code != 0 and path.read_bytes() == before
    added = _run("move", str(path), "A3")
    assert added.exit_code == 0, added.output
    assert path.read_text(encoding="utf-8").endswith("3. a3\n")
    assert "Red wins with a row of three" in added.output
    shown = _run("show", str(path))
    assert shown.exit_code == 0 and "Red wins" in shown.output
    assert "3  [R] G   B   .  3" in shown.output  # the drop on a3 is marked


def test_trio_prints_a_records_chart_and_mailers(tmp_path: Path) -> None:
    path = tmp_path / "trio.txt"
    path.write_text(RECORD, encoding="utf-8")
    chart, mailer = tmp_path / "chart.pdf", tmp_path / "mailer.pdf"
    assert _run("chart", str(path), "-o", str(chart)).exit_code == 0
    assert _run("mailer", str(path), "-o", str(mailer)).exit_code == 0
    for pdf in (chart, mailer):
        assert pdf.read_bytes().startswith(b"%PDF")
    text = chart.read_bytes()
    assert b"Trio" in text


def test_new_starts_a_trio_record_naming_each_of_the_three_players(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    missing = _run("new", "--rules", "trio", "--player", "red=Ann", "--player", "green=Bo", str(path))
    assert missing.exit_code == 2 and "--player blue=NAME" in missing.output and not path.exists()
    wrong = _run("new", "--rules", "trio", "--player", "purple=Di", str(path))
    assert wrong.exit_code == 2 and "red, green, blue" in wrong.output
    other = _run("new", "--rules", "trio", "--white", "Ann", "--player", "green=Bo",
                 "--player", "blue=Cy", str(path))  # no option names a side of another game
    assert other.exit_code == 2 and "Trio has no side White (its sides: red, green, blue" \
        in other.output and not path.exists()
    made = _run("new", "--rules", "three-player", "--red", "Ann", "--player", "green=Bo",
                "--player", "Blue=Cy", "--date", "2026-11-23", str(path))
    assert made.exit_code == 0, made.output
    assert "Trio, Ann v Bo v Cy" in made.output
    text = path.read_text(encoding="utf-8")
    assert '[Red "Ann"]\n[Green "Bo"]\n[Blue "Cy"]' in text
    [rep] = check_text(text + "\n1. a1 b1 c1\n", str(path))
    assert rep.valid and rep.next_turn() == ("2", "red")


def test_a_trio_move_is_mailed_to_each_other_player_once(tmp_path: Path) -> None:
    """A move goes to every other player, one card each, a player of two sides getting one."""
    from pbmkit.render.from_record import mailer_cards

    [rep] = check_text(RECORD, "trio.txt")  # Blue moved last
    assert sorted(c.to for c in mailer_cards(rep)) == ["Ann (Red)", "Bo (Green)"]
    [rep] = check_text(RECORD.replace('[Green "Bo"]', '[Green "Ann"]'), "trio.txt")
    assert [c.to for c in mailer_cards(rep)] == ["Ann (Red, Green)"]
    [rep] = check_text(RECORD.replace('[Red "Ann"]', '[Red "Cy"]'), "trio.txt")
    assert [c.to for c in mailer_cards(rep)] == ["Bo (Green)"]  # Cy plays Blue, who moved
