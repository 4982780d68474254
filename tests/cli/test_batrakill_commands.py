"""The record commands on Batrakill records, with the contracts of docs/record-format.md:
check, moves, show, move, new, fmt, convert --to json (``"side"``: ``knights``/``dragon`` in the
duel, the faction to move in the zones version)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli

DUEL = """[Game "Batrakill"]
[Knights "Ann"]
[Dragon "Bob"]

1. e1-e2 D@e5
2. e2-e3 D e5-e4
3. a1-a2 D e4xe2
"""

ZONES = """[Game "Batrakill"]
[Layout "zones"]
[Order "Blue Dragon Green"]
[Blue "Ann, S"]
[Green "Bob, N"]
[Dragon "Cy"]

1. c2-c3 D@e5 c8-c7
"""

# Green to move, one step from capturing the dragon on e3: e2 is Green's zone tower (S) holding a
# blue knight, and a green knight steps to e4.
NEAR_CAPTURE = """[Game "Batrakill"]
[Layout "zones"]
[Order "Blue Dragon Green"]
[Blue "Ann, N"]
[Green "Bob, S"]
[Setup "move=green supply=0 dragon=e3 towers=b5,e2,e8,h5 knights=Be2v,Gd4>,Ga1^,Bi9v"]

1. ... d4-e4
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.txt"
    path.write_text(DUEL, encoding="utf-8")
    return path


def test_check_json_reports_a_game_in_progress(duel: Path) -> None:
    code, out, _ = run("check", "--json", str(duel))
    [report] = json.loads(out)
    assert code == 0 and report["valid"] and report["turns"] == 3 and report["winner"] is None


def test_moves_json_lists_the_side_and_each_move_once_sorted(duel: Path) -> None:
    code, out, _ = run("moves", "--json", str(duel))
    data = json.loads(out)
    assert code == 0 and data["side"] == "knights"
    assert data["moves"] == sorted(set(data["moves"])) and "b2-b3" in data["moves"]
    assert run("move", str(duel), "b2-b3")[0] == 0
    data = json.loads(run("moves", "--json", str(duel))[1])
    assert data["side"] == "dragon" and data["moves"] == ["D e2xc2", "D e2xc2xa4", "D e2xg2", "D e2xg2xi2"]


def test_an_illegal_move_leaves_the_record_unchanged_and_says_why(duel: Path) -> None:
    before = duel.read_bytes()
    code, out, err = run("move", str(duel), "b2-c3")
    assert code != 0 and "never diagonally nor backward" in out + err
    code, out, err = run("move", str(duel), "D@e5")
    assert code != 0 and "knights' turn" in out + err
    code, out, err = run("move", str(duel), "e1/e2/e3")
    assert code != 0 and "Traceback" not in out + err
    assert duel.read_bytes() == before


def test_move_appends_and_the_dragon_must_eat(duel: Path) -> None:
    run("move", str(duel), "b2-b3")
    code, out, err = run("move", str(duel), "D e2-f3")
    assert code != 0 and "must eat at least one knight" in out + err
    assert run("move", str(duel), "D e2xc2xa4")[0] == 0
    assert "4. b2-b3 D e2xc2xa4" in duel.read_text(encoding="utf-8")


def test_show_draws_knights_with_their_facing(duel: Path) -> None:
    code, out, _ = run("show", str(duel))
    assert code == 0 and "K^" in out and "D" in out and "Knights to move" in out


def test_new_starts_a_duel_record(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    code, _, _ = run("new", str(path), "--rules", "Batrakill", "--white", "Ann", "--black", "Bob")
    text = path.read_text(encoding="utf-8")
    assert code == 0 and '[Game "Batrakill"]' in text and '[Knights "Ann"]' in text
    assert '[Dragon "Bob"]' in text


def test_fmt_writes_canonical_moves(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_text(DUEL.replace("e1-e2", "E1 - E2").replace("D e5-e4", "De5-e4"), encoding="utf-8")
    assert run("fmt", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == DUEL


def test_convert_to_json_names_the_sides_and_the_setup(duel: Path) -> None:
    code, out, _ = run("convert", str(duel), "--to", "json")
    [game] = json.loads(out)
    assert code == 0 and game["name"] == "Batrakill"
    assert [m["side"] for m in game["moves"]][:2] == ["knights", "dragon"]
    assert game["moves"][-1]["move"] == "D e4xe2"


def test_the_zones_version_names_the_faction_to_move(tmp_path: Path) -> None:
    path = tmp_path / "z.txt"
    path.write_text(ZONES, encoding="utf-8")
    data = json.loads(run("moves", "--json", str(path))[1])
    assert data["side"] == "blue" and "c3-c4" in data["moves"]
    [game] = json.loads(run("convert", str(path), "--to", "json")[1])
    assert [m["side"] for m in game["moves"]] == ["blue", "dragon", "green"]


def test_check_json_reports_the_winning_faction(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_text(NEAR_CAPTURE, encoding="utf-8")
    code, out, _ = run("check", "--json", str(path))
    [report] = json.loads(out)
    assert code == 0 and report["valid"], report["errors"]
    assert (report["winner"], report["how"]) == ("green", "captured")


def test_a_bad_order_tag_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(ZONES.replace("Blue Dragon Green", "Blue Dragon"), encoding="utf-8")
    code, out, err = run("check", str(path))
    assert code != 0 and "Blue+Green Dragon" in out + err and "Traceback" not in out + err


def test_the_four_player_example_is_won_by_purple_capturing_the_dragon() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "batrakill-03-four-players.txt"
    code, out, _ = run("check", "--json", str(example))
    [report] = json.loads(out)
    assert code == 0 and report["valid"], report["errors"]
    assert (report["winner"], report["how"], report["turns"]) == ("purple", "captured", 4)
