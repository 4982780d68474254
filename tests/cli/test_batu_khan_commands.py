"""The record commands on Batu Khan records, with the same contracts as for Batalo and Billo
(docs/record-format.md, docs/batu-khan.md): check, moves, show, move, new, fmt, convert --to json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.games.batu_khan import rules
from pbmkit.records import check_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CAMP = EXAMPLES / "batu-khan-01-camp.txt"
BLOCKADES = EXAMPLES / "batu-khan-02-blockades-6x6.txt"
NO_MOVES = EXAMPLES / "batu-khan-03-no-moves-6x7.txt"

SHORT = """[Game "Batu Khan"]
[South "Ann"]
[North "Bob"]

1. W@b1 K@e5
2. Y@e1 Y@c5
3. K@c1
"""
"""North to move: Y c5 and K e5 in North's camp, W b1, Y e1, K c1 in South's."""


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "batu.txt"
    path.write_text(SHORT, encoding="utf-8")
    return path


def test_the_examples_are_real_games_with_the_promised_endings() -> None:
    code, out, _ = run("check", "--json", str(CAMP), str(BLOCKADES), str(NO_MOVES))
    assert code == 0
    camp, blockades, no_moves = json.loads(out)
    assert (camp["valid"], camp["winner"], camp["how"], camp["turns"]) == (True, "south", "camp", 16)
    assert (blockades["winner"], blockades["how"]) == ("south", "camp")
    assert (no_moves["winner"], no_moves["how"]) == ("north", "no-moves")
    reports = check_text(CAMP.read_text(encoding="utf-8"))
    moves = [p.move for p in reports[0].main]
    assert sum(m.knock for m in moves) == 4
    assert sum(1 for m in moves if m.piece == "X" and m.start is None) == 2
    for path, size, blockades in ((BLOCKADES, (6, 6), ""), (NO_MOVES, (6, 7), "Xx")):
        [rep] = check_text(path.read_text(encoding="utf-8"))
        final = rep.main[-1].after
        assert (final.files, final.ranks) == size
        assert "".join(sorted(c for c in final.cells if c in "Xx")) == blockades
        assert all("X" not in hand for hand in final.hands)  # both blockades were laid
        assert run("fmt", "--check", str(path))[0] == 0
    assert run("fmt", "--check", str(CAMP))[0] == 0


@pytest.mark.parametrize("tag", ["Batu Khan", "BatuKhan", "batu-khan", "BATU KHAN", "batu khan"])
def test_the_game_tag_in_every_accepted_spelling(tmp_path: Path, tag: str) -> None:
    path = tmp_path / "g.txt"
    path.write_text(SHORT.replace("Batu Khan", tag), encoding="utf-8")
    code, out, _ = run("check", "--json", str(path))
    assert code == 0, out
    assert json.loads(out)[0]["valid"] is True
    assert get_game(tag).title == "Batu Khan"


def test_check_places_an_illegal_action_and_says_why_in_players_words(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Batu Khan"]\n\n1. B@c1 W@c5\n2. B c1-c3 W c5-c4\n3. B c3xc4\n',
                   encoding="utf-8")
    code, out, _ = run("check", "--json", str(bad))
    assert code == 1
    [rep] = json.loads(out)
    [err] = rep["errors"]
    assert err["line"] == 5 and err["turn"] == "3" and err["side"] == "south"
    assert err["message"] == ("only one of your stones threatens c4: a knock-out needs two of your "
                              "stones that could each step onto it")
    assert rep["winner"] is None


def test_a_stone_in_its_opponents_camp_cannot_be_knocked_out_says_check(tmp_path: Path) -> None:
    text = ('[Game "Batu Khan"]\n[Setup "S:Wb2,Kd2 S-hand:BYX N:Wc1 N-hand:BYKX s"]\n\n'
            "1. W b2xc1\n")
    bad = tmp_path / "safe.txt"
    bad.write_text(text, encoding="utf-8")
    code, out, _ = run("check", str(bad))
    assert code == 1
    assert "a stone in its opponent's camp cannot be knocked out" in out


def test_moves_json_lists_every_legal_action_once_in_the_writers_notation_sorted(record: Path
                                                                                 ) -> None:
    code, out, _ = run("moves", "--json", str(record))
    assert code == 0
    data = json.loads(out)
    assert data["side"] == "north"
    final = check_text(SHORT)[0].main[-1].after
    expected = sorted(str(m) for m in rules.legal_moves(final))
    assert data["moves"] == expected and len(set(expected)) == len(expected)
    assert "K e5-d4" in expected and "X@c3" in expected and "W@a5" in expected


def test_moves_from_a_square_lists_that_stones_actions(record: Path) -> None:
    code, out, _ = run("moves", str(record), "--from", "e5")
    assert code == 0
    assert out.split()[-2:] == ["K", "e5-d4"]


def test_show_draws_the_records_board_size(tmp_path: Path) -> None:
    code, out, _ = run("show", str(NO_MOVES))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == list("abcdef")
    assert lines[1].split()[0] == "7"
    assert "North wins" in out and "no action left" in out


def test_move_adds_a_legal_action_in_the_canonical_form(record: Path) -> None:
    code, _, err = run("move", str(record), "k e5-d4")
    assert code == 0, err
    assert record.read_text(encoding="utf-8").endswith("3. K@c1 K e5-d4\n")


@pytest.mark.parametrize(("written", "reason"), [
    ("Y e5-d4", "e5 holds your black stone, not your yellow stone"),
    ("K e5xd4", "d4 is free: there is nothing to knock out there (write K e5-d4)"),
    ("X@f5", "f5 is not a square of the 5x5 board (files a-e, ranks 1-5)"),
    ("B@c3", "c3 is not in your camp"),
    ("B e5", "is not a Batu Khan action"),
])
def test_a_refused_action_leaves_the_record_byte_for_byte_unchanged(record: Path, written: str,
                                                                    reason: str) -> None:
    before = record.read_bytes()
    code, out, err = run("move", str(record), written)
    assert code != 0
    assert reason in out + err
    assert record.read_bytes() == before


def test_new_starts_a_batu_khan_record_with_south_and_north(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    code, _, err = run("new", "--rules", "batu-khan", "--south", "Ann", "--north", "Bob",
                       "--date", "2026-11-23", str(path))
    assert code == 0, err
    text = path.read_text(encoding="utf-8")
    assert text.startswith('[Game "Batu Khan"]\n')
    assert '[South "Ann"]' in text and '[North "Bob"]' in text
    assert run("move", str(path), "B@c1")[0] == 0
    assert run("move", str(path), "b@c5")[0] == 0
    assert path.read_text(encoding="utf-8").endswith("1. B@c1 B@c5\n")


def test_new_on_another_board_by_its_setup(tmp_path: Path) -> None:
    path = tmp_path / "seven.txt"
    code, _, err = run("new", "--rules", "Batu Khan", "--south", "A", "--north", "B", "--setup",
                       "7x7 S-hand:BYKWX N-hand:BYKWX s", str(path))
    assert code == 0, err
    assert run("move", str(path), "W@g1")[0] == 0
    code, out, _ = run("moves", "--json", str(path))
    assert {f"W@{f}7" for f in "abcdefg"} <= set(json.loads(out)["moves"])


def test_fmt_respells_actions_canonically(tmp_path: Path) -> None:
    path = tmp_path / "loose.txt"
    path.write_text('[Game "batu-khan"]\n\n1. w @ B1 k@e5 2. wb1-c2   e5-d4\n', encoding="utf-8")
    code, out, _ = run("fmt", "--stdout", str(path))
    assert code == 0
    assert out.endswith("1. W@b1 K@e5\n2. W b1-c2 e5-d4\n")


def test_convert_to_json_gives_sides_moves_and_the_setup_with_its_size() -> None:
    code, out, _ = run("convert", "--to", "json", str(BLOCKADES))
    assert code == 0
    [game] = json.loads(out)
    assert game["tags"]["Board"] == "6x6"
    assert game["setup"] == "6x6 S-hand:BYKWX N-hand:BYKWX s"
    assert [m["side"] for m in game["moves"][:2]] == ["south", "north"]
    assert game["moves"][16]["move"] == "W a1xb2"


@pytest.mark.parametrize(("tags", "message"), [
    ('[Board "10x6"]', "the Board tag: a Batu Khan board has 3 to 9 files and ranks, not 10x6"),
    ('[Board "big"]', "is not files x ranks"),
    ('[Board "6x6"]\n[Setup "5x5 S-hand:BYKWX N-hand:BYKWX s"]',
     "the Setup is for a 5x5 board, but the Board tag says 6x6"),
    ('[First "North"]', "Batu Khan has no First tag: South always moves first"),
    ('[Setup "5x5 S:Ba1,Yb1,Kc1,Wd1 S-hand:X N:Be5 N-hand:YKWX s"]', "at most 3"),
])
def test_bad_board_and_setup_tags_are_errors_with_the_reason(tmp_path: Path, tags: str,
                                                              message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(f'[Game "Batu Khan"]\n{tags}\n\n1. B@c1\n', encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 1
    assert message in out
