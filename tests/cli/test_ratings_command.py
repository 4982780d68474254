"""`pbmkit ratings PATH... [--rules NAME] [--json] [-o OUT.csv]` (issue 26, docs/events.md)."""

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli import cli
from tests.support.ratings_helpers import record

EXAMPLES = Path(__file__).parents[2] / "examples"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["ratings", *args])
    return result.exit_code, result.stdout, result.stderr


def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "spring.txt").write_text(
        record("Ann Lee", "Bob Roy", "first", event="Spring", emails=("ann@x.org", ""))
        + record("Bob Roy", "Cid Moor", "draw", event="Spring", number=2), encoding="utf-8")
    (folder / "autumn.txt").write_text(
        record("Cid Moor", "Ann", "second", event="Autumn", date="2026-09-01",
               emails=("", "ann@x.org")), encoding="utf-8")
    return folder


def test_a_list_per_game_from_a_folder(tmp_path: Path) -> None:
    code, out, err = run(str(club(tmp_path)), str(EXAMPLES / "hex-01-swap.txt"))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == ("Batalo (Elo, FIDE's table and K): 3 games; too few games to "
                                   "estimate the first side's advantage (from 100): none allowed for")
    assert "\n  #  PLAYER   " in out
    first = out.splitlines()[2].split()  # Ann: one address in both events, named as lately
    assert first[:2] == ["1", "Ann"] and first[3:5] == ["2", "Autumn"] and first[5].startswith("+")
    assert "\nHex (Elo" in out


def test_json_and_csv_hold_the_same_list(tmp_path: Path) -> None:
    folder = club(tmp_path)
    code, out, _ = run(str(folder), "--json")
    assert code == 0
    (batalo,) = json.loads(out)
    assert batalo["system"] == "elo" and batalo["games"] == 3
    assert batalo["players"][0]["name"] == "Ann"
    assert batalo["players"][0]["email"] == "ann@x.org" and batalo["players"][0]["games"] == 2
    target = tmp_path / "list.csv"
    code, out, _ = run(str(folder), "-o", str(target))
    assert code == 0 and out == f"wrote {target}: 1 list, 3 players\n"
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert [(r["player"], float(r["rating"])) for r in rows] == \
        [(p["name"], p["rating"]) for p in batalo["players"]]


def test_the_order_of_the_paths_does_not_change_the_list(tmp_path: Path) -> None:
    folder = club(tmp_path)
    one = run(str(folder / "spring.txt"), str(folder / "autumn.txt"), "--json")
    two = run(str(folder / "autumn.txt"), str(folder / "spring.txt"), "--json")
    assert one == two and one[0] == 0


def _known() -> str:
    """The registered games as an unknown game's message lists them (issue 40: the registry's)."""
    from pbmkit.games import game_info, game_names

    return ", ".join(game_info(n).title for n in game_names())


_KNOWN = _known()


def test_rules_chooses_a_game_and_an_unknown_one_is_one_line(tmp_path: Path) -> None:
    code, out, _ = run(str(EXAMPLES), "--rules", "batu-khan")
    assert code == 0 and out.startswith("Batu Khan (Elo") and "Batalo" not in out
    code, out, err = run(str(EXAMPLES), "--rules", "chess")
    assert code == 2 and out == ""
    assert err == f"Error: --rules: unknown game 'chess' (known: {_KNOWN})\n"


def test_unreadable_input_is_one_line_and_the_rest_is_still_rated(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe")
    code, out, err = run(str(tmp_path / "missing.txt"), str(bad), str(EXAMPLES / "hex-01-swap.txt"))
    assert code == 2
    assert err.splitlines() == [f"{tmp_path / 'missing.txt'}: no such file or folder",
                                f"{bad}: not UTF-8 text (byte 1): save the records as UTF-8"]
    assert out.startswith("Hex (Elo")


def test_a_finished_game_that_cannot_be_rated_is_one_line_and_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text('[Game "Chess"]\n[White "A"]\n[Black "B"]\n[Winner "White"]\n\n1. e4\n'
                    + record("Ann", "Bob", "draw"), encoding="utf-8")
    code, out, err = run(str(path))
    assert code == 1 and out.startswith("Batalo (Elo")
    assert err == f"{path}:1: game 1 not rated: unknown game 'Chess' (known: {_KNOWN})\n"


def test_no_finished_games(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text('[White "A"]\n[Black "B"]\n\n1. JR to IS\n', encoding="utf-8")
    assert run(str(path)) == (0, "no finished games found\n", "")
