"""`pbmkit move` and `moves` on Baladãna records (issue 12): a turn is `[ring move] figure move
[tax R] [loot G>e4]`; a capture without its required tax is refused with the choices; an illegal
turn is explained with the figure's turns summarised (thousands of turns: ring moves times figure
moves), never listed one by one; the record is left byte-for-byte unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli

# White to move; both of White's golden rings sit on e1, so any White figure may capture.
# b2 carries R+G+B and sees b7 (Black's figure carrying G and B) up the file.
CAPTURE = """[Game "Baladana"]
[White "Ann"]
[Black "Bob"]
[Setup "white e1=YY b2=RGB a2=G; black e8=YY b7=GB h7=R; move white"]

"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def capture(tmp_path: Path) -> Path:
    path = tmp_path / "capture.txt"
    path.write_text(CAPTURE, encoding="utf-8")
    return path


@pytest.fixture
def opening(tmp_path: Path) -> Path:
    path = tmp_path / "opening.txt"
    code, _, err = run("new", str(path), "--rules", "baladana", "--white", "Ann", "--black", "Bob")
    assert code == 0, err
    return path


def test_a_capture_without_its_required_tax_is_refused_with_the_choices(capture: Path) -> None:
    before = capture.read_bytes()
    code, _, err = run("move", str(capture), "b2xb7")
    assert code == 1
    assert "needs a tax" in err and "tax G" in err and "tax B" in err
    assert capture.read_bytes() == before


def test_a_capture_with_tax_and_loot_is_appended_in_canonical_form(capture: Path) -> None:
    code, out, err = run("move", str(capture), "B2XB7 TAX g LOOT b>C3")
    assert code == 0, err
    assert capture.read_text(encoding="utf-8").rstrip().endswith("1. b2xb7 tax G loot B>c3")
    code, out, _ = run("check", "--json", str(capture))
    assert code == 0 and json.loads(out)[0]["valid"] is True


def test_a_bad_loot_is_explained_with_the_capturing_figure_s_turns(capture: Path) -> None:
    """The hint names the figure that captured (b2), not the square the loot was put on."""
    before = capture.read_bytes()
    code, _, err = run("move", str(capture), "b2xb7 tax G loot R>e4")
    assert code == 1
    assert "no red ring to loot" in err
    assert "b2 (R+G+B)" in err and "e4" not in err.split("\n", 1)[1]
    assert capture.read_bytes() == before


def test_an_illegal_turn_shows_the_figure_s_turns_summarised_in_a_few_lines(opening: Path) -> None:
    """a2 has 117 turns at the opening (most of them after some ring move): the hint groups
    them as `moves` does, the figure's moves alone and those it has only after a ring move."""
    before = opening.read_bytes()
    code, _, err = run("move", str(opening), "a2-a5")
    assert code == 1
    lines = err.splitlines()
    assert lines[1] == "Legal moves of that piece:"
    assert lines[2].startswith("  a2 (G): ") and "alone: a2-a3" in lines[3]
    assert "after a ring move" in lines[4] and "a2-a4" in lines[4]
    assert len(lines) <= 2 + 4 and lines[-1] == "The record was not changed."
    assert "Ba1>a2 a2-a3" not in err  # not one line per turn
    assert opening.read_bytes() == before


def test_moves_from_one_figure_lists_its_turns_and_json_lists_each_once(opening: Path) -> None:
    code, out, _ = run("moves", str(opening), "--from", "a2", "--json")
    assert code == 0
    listed = json.loads(out)
    assert listed["side"] == "white"
    assert listed["moves"] == sorted(set(listed["moves"]))
    assert "a2-a3" in listed["moves"] and "Ba1>a2 a2-a4" in listed["moves"]
    assert all(" a2" in m or m.startswith("a2") for m in listed["moves"])
