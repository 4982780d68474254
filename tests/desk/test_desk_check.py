"""`check` and `convert --to json` with the desk's dates (docs/desk.md)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli import cli

OVERSTEPPED = """[Game "Batalo"]
[Date "2026-09-01"]
[White "Ann"]
[Black "Bob"]
[TimeControl "10/50"]

1. IR to HS {[%ccsnt 2026.09.03]} EV to FU {[%ccrcv 2026.09.05] [%ccsnt 2026.09.06]}
2. JQ to JS {[%ccrcv 2026.09.08] [%ccsnt 2026.09.10]} DW to DY {[%ccrcv 2026.09.12] [%ccsnt 2026.11.20]}
"""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout


def test_check_reports_the_side_that_overstepped_with_the_move_as_a_warning(tmp_path: Path) -> None:
    """Issue 14: check reports a side that overstepped, with the move where it happened.

    A warning: the moves are legal and the record valid (exit 0); the ruling is the director's.
    """
    path = tmp_path / "g.txt"
    path.write_text(OVERSTEPPED, encoding="utf-8")
    code, out = run("check", str(path))
    assert code == 0
    assert (f"{path}:8:55: warning: turn 2 (black): time overstepped: Black had used 70 days, the "
            "time control 10/50 allows 50 days for its first 10 moves") in out
    assert "valid; 2 turn(s)" in out


def test_check_json_adds_the_overstepped_list_and_keeps_its_other_fields(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(OVERSTEPPED, encoding="utf-8")
    code, out = run("check", "--json", str(path))
    (game,) = json.loads(out)
    assert code == 0
    assert game["overstepped"] == [{"side": "black", "turn": "2", "days": 70, "allowed": 50,
                                    "line": 8, "column": 55}]
    assert (game["valid"], game["turns"], game["winner"], game["errors"]) == (True, 2, None, [])
    assert [w["severity"] for w in game["warnings"]] == ["warning"]


def test_check_json_of_a_record_without_dates_has_an_empty_overstepped_list() -> None:
    examples = Path(__file__).resolve().parents[2] / "examples"
    _, out = run("check", "--json", str(examples / "01-short-base-win.txt"))
    assert json.loads(out)[0]["overstepped"] == []


def test_convert_to_json_gives_each_move_its_dates(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(OVERSTEPPED, encoding="utf-8")
    _, out = run("convert", "--to", "json", str(path))
    moves = json.loads(out)[0]["moves"]
    assert moves[0]["sent"] == "2026-09-03" and "received" not in moves[0]
    assert (moves[3]["received"], moves[3]["sent"]) == ("2026-09-12", "2026-11-20")


def test_fmt_keeps_the_date_annotations(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(OVERSTEPPED.replace("1. IR to HS", "1.   ir-hs"), encoding="utf-8")
    code, _ = run("fmt", str(path))
    assert code == 0
    assert path.read_text(encoding="utf-8") == OVERSTEPPED


def test_the_desk_examples_are_valid_and_one_of_them_overstepped() -> None:
    """examples/desk: four games with dates; Dmitri overstepped 10/50 at his 4th move."""
    desk = Path(__file__).resolve().parents[2] / "examples" / "desk"
    code, out = run("check", "--json", *sorted(str(p) for p in desk.glob("*.txt")))
    games = json.loads(out)
    assert code == 0 and len(games) == 4 and all(g["valid"] for g in games)
    assert [(g["file"].rsplit("/", 1)[-1], g["overstepped"]) for g in games if g["overstepped"]] == [
        ("3-ann-dmitri.txt", [{"side": "black", "turn": "4", "days": 54, "allowed": 50,
                               "line": 14, "column": 55}])]

