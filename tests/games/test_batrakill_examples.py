"""The Batrakill duel examples (issue 13): one won by the knights, one by the dragon, both played
over two rounds by the rules core from a fixed seed (scripts/batrakill_examples.py), so that the
files in examples/ are exactly what the script writes."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from pbmkit.records import check_text
from tests.support.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def script() -> ModuleType:
    """scripts/batrakill_examples.py as a module."""
    return load_script("batrakill_examples")


@pytest.mark.parametrize(("name", "winner", "how"), [
    ("batrakill-01-knights-win.txt", "knights", "captured"),
    ("batrakill-02-dragon-wins.txt", "dragon", "eaten"),
])
def test_each_duel_example_is_a_complete_game_of_two_rounds(name: str, winner: str, how: str) -> None:
    text = (ROOT / "examples" / name).read_text(encoding="utf-8")
    [report] = check_text(text)
    assert report.valid, [p.message for p in report.errors]
    assert (report.winner, report.how) == (winner, how)
    assert "\nround 2\n1. " in text and f'[Winner "{winner.capitalize()}"]' in text
    assert report.main[-1].label.startswith("2:") and text.count("{") >= 3
    assert "/" in text.split("round 2")[0]  # a tower placed: e9/e8
    assert " D@" in text and "x" in text  # the dragon placed, a jump


def test_the_knights_example_passes_underground() -> None:
    text = (ROOT / "examples" / "batrakill-01-knights-win.txt").read_text(encoding="utf-8")
    assert ">" in text.split("round 2")[1]


def test_the_examples_are_what_the_seeded_script_writes() -> None:
    module = script()
    for example in module.EXAMPLES:
        written = (ROOT / "examples" / example.file).read_text(encoding="utf-8")
        assert module.record(example, module.play(example)) == written, example.file
