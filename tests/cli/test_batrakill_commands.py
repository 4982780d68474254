"""The record commands on Batrakill records, with the contracts of docs/record-format.md:
check, moves, show, move, new, fmt, convert --to json (``"side"``: ``knights``/``dragon`` in the
duel, the faction to move in the zones version)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
    code, _, _ = run("new", str(path), "--rules", "Batrakill", "--knights", "Ann", "--dragon", "Bob")
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


# --- the duel's two rounds: the 'round 2' line (docs/batrakill.md, "The two rounds in a record")

# Knights to move, the last tower carried: placing it (1. e6/e5) ends round 1 (all five towers
# placed), and the knights left go back to their start squares (the three eaten are gone).
ROUND_1_ENDS = """[Game "Batrakill"]
[Knights "Ann"]
[Dragon "Bob"]
[Setup "round=1 move=knights supply=0 eaten=3 dragon=h8 towers=a5,c5,g5,i5 \
knights=e6v*:e1,a1^,b1^,c1^,d1^,f2^:f1,g1^,h1^,i1^,b2^"]

1. e6/e5
"""
ROUND_2 = ROUND_1_ENDS + """round 2
1. b2-b3 D@e7
2. e1-e2 D e7-d7
3. b3-b4
"""


def write(tmp_path: Path, text: str, name: str = "r.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def check_json(path: Path) -> dict[str, Any]:
    """The ``check --json`` object of the record in ``path``."""
    _, out, _ = run("check", "--json", str(path))
    [report] = json.loads(out)
    assert isinstance(report, dict)
    return report


def test_check_counts_the_turns_of_both_rounds(tmp_path: Path) -> None:
    report = check_json(write(tmp_path, ROUND_2))
    assert report["valid"], report["errors"]
    assert report["turns"] == 4  # the turn holding only the move that ended round 1 counts


def test_a_turn_label_in_round_2_is_written_2_colon_n_in_reports(tmp_path: Path) -> None:
    path = write(tmp_path, ROUND_2.replace("3. b3-b4", "3. b3-b5"))
    code, out, err = run("check", str(path))
    assert code != 0 and "turn 2:3 (knights) b3-b5: a knight moves one square" in out + err
    [error] = check_json(path)["errors"]
    assert (error["turn"], error["side"], error["move"]) == ("2:3", "knights", "b3-b5")


def test_convert_to_json_labels_the_moves_of_round_2(tmp_path: Path) -> None:
    code, out, _ = run("convert", str(write(tmp_path, ROUND_2)), "--to", "json")
    [game] = json.loads(out)
    assert code == 0 and game["turns"] == 4
    assert [(m["turn"], m["side"], m["move"]) for m in game["moves"]] == [
        ("1", "knights", "e6/e5"), ("2:1", "knights", "b2-b3"), ("2:1", "dragon", "D@e7"),
        ("2:2", "knights", "e1-e2"), ("2:2", "dragon", "D e7-d7"), ("2:3", "knights", "b3-b4")]


def test_a_move_after_the_end_of_round_1_without_the_line_is_an_error_at_its_turn_and_side(
        tmp_path: Path) -> None:
    message = "round 1 is over: write the line 'round 2' before this move"
    # the dragon's move written in the turn that ended round 1: its turn, the dragon's side
    [error] = check_json(write(tmp_path, ROUND_1_ENDS.replace("e6/e5", "e6/e5 D h8-h7")))["errors"]
    assert (error["message"], error["turn"], error["side"], error["move"]) == (
        message, "1", "dragon", "D h8-h7")
    # the knights' first move of round 2 numbered on from round 1
    [error] = check_json(write(tmp_path, ROUND_1_ENDS + "2. b2-b3\n"))["errors"]
    assert (error["message"], error["turn"], error["side"], error["move"]) == (
        message, "2", "knights", "b2-b3")


def test_a_round_2_line_before_round_1_has_ended_is_an_error_at_the_turn_and_side_after_it(
        tmp_path: Path) -> None:
    early = DUEL.replace("3. a1-a2 D e4xe2\n", "round 2\n1. a1-a2 D e4xe2\n")
    [error] = check_json(write(tmp_path, early))["errors"]
    assert error["message"] == "'round 2' is written, but round 1 is not over"
    assert (error["turn"], error["side"], error["move"], error["line"]) == (
        "2:1", "knights", "a1-a2", 8)


def test_the_round_line_may_be_written_in_any_case_and_fmt_writes_it_round_2(tmp_path: Path) -> None:
    path = write(tmp_path, ROUND_2.replace("round 2", "ROUND  2"))
    assert check_json(path)["valid"]
    assert run("fmt", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == ROUND_2


def test_moves_between_the_rounds_lists_the_knights_first_moves_of_round_2(tmp_path: Path) -> None:
    for text in (ROUND_1_ENDS, ROUND_1_ENDS + "round 2\n"):  # with or without the line
        path = write(tmp_path, text)
        code, out, _ = run("moves", "--json", str(path))
        data = json.loads(out)
        assert code == 0 and data["side"] == "knights"
        # every survivor back on its start square facing north: e1 stands in the tower on e5? no:
        # e1 is its start square; f1's knight is back on f1, so f1-f2 is a move again
        assert "f1-f2" in data["moves"] and "e1-e2" in data["moves"] and "b2-b3" in data["moves"]
        assert not any(m.startswith("D") for m in data["moves"])


def test_show_between_the_rounds_draws_the_knights_back_on_their_start_squares(tmp_path: Path) -> None:
    code, out, _ = run("show", str(write(tmp_path, ROUND_1_ENDS)))
    rank_1 = next(line for line in out.splitlines() if line.startswith("1 "))
    assert code == 0 and rank_1.count("K^") == 9 and "Knights to move" in out
    code, out, _ = run("show", str(write(tmp_path, ROUND_2)), "--turn", "2:1")
    assert code == 0 and "Last move: 2:1. Dragon D@e7" in out


def test_move_writes_the_round_2_line_itself(tmp_path: Path) -> None:
    path = write(tmp_path, ROUND_1_ENDS)
    assert run("move", str(path), "b2-b3")[0] == 0
    assert path.read_text(encoding="utf-8") == ROUND_1_ENDS + "round 2\n1. b2-b3\n"
    assert run("move", str(path), "D@e7")[0] == 0
    assert path.read_text(encoding="utf-8") == ROUND_1_ENDS + "round 2\n1. b2-b3 D@e7\n"
    # the line already written by hand: the move goes after it, numbered 1
    path = write(tmp_path, ROUND_1_ENDS + "round 2\n", "hand.txt")
    assert run("move", str(path), "b2-b3")[0] == 0
    assert path.read_text(encoding="utf-8") == ROUND_1_ENDS + "round 2\n1. b2-b3\n"


def test_a_record_from_a_setup_in_round_2_needs_no_round_line(tmp_path: Path) -> None:
    setup = ("round=2 move=knights supply=0 before=4 towers=a5,c5,e5,g5,i5 "
             "knights=a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^")
    path = tmp_path / "new.txt"
    code, _, _ = run("new", str(path), "--rules", "Batrakill", "--setup", setup,
                     "--player", "knights=Ann", "--player", "dragon=Bob")
    assert code == 0 and '[Knights "Ann"]' in path.read_text(encoding="utf-8")
    assert run("move", str(path), "e1-e2")[0] == 0
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n\n1. e1-e2\n") and "round 2" not in text
    path.write_text(text.replace("1. e1-e2", "1. e1-e3"), encoding="utf-8")
    [error] = check_json(path)["errors"]
    assert error["turn"] == "2:1"  # its turns are round 2's


def test_the_zones_version_has_one_round_and_refuses_a_round_line(tmp_path: Path) -> None:
    text = ZONES.replace("1. c2-c3 D@e5 c8-c7\n", "1. c2-c3 D@e5 c8-c7\nround 2\n1. c3-c4\n")
    path = write(tmp_path, text)
    [error] = check_json(path)["errors"]
    assert error["message"] == "'round 2': Batrakill is played in one round"
    assert error["line"] == 9


def test_a_resignation_in_round_1_ends_the_whole_game(tmp_path: Path) -> None:
    # the knights, to move in round 1, resign: the dragon has won the game, no round 2 follows
    path = write(tmp_path, DUEL.replace("3. a1-a2 D e4xe2\n", "3. resigns\n"))
    report = check_json(path)
    assert report["valid"] and (report["winner"], report["how"]) == ("dragon", "concession")
    code, out, err = run("move", str(path), "a1-a2")
    assert code != 0 and "over" in out + err


def test_a_side_named_in_the_plural_wins_in_the_plural() -> None:
    """"Knights win", "the knights have won": the game names its plural sides (plural_sides)."""
    from pbmkit.games import get_game
    from pbmkit.games.base import Outcome, describe_outcome

    examples = Path(__file__).resolve().parents[2] / "examples"
    _, out, _ = run("check", str(examples / "batrakill-01-knights-win.txt"))
    assert "Knights win by capturing the dragon" in out
    _, out, _ = run("check", str(examples / "batrakill-02-dragon-wins.txt"))
    assert "Dragon wins by eating five knights" in out
    game = get_game("batrakill")
    assert describe_outcome(game, Outcome("knights", "trapped")).startswith("Knights have won")
    assert describe_outcome(game, Outcome("dragon", "eaten")).startswith("Dragon has won")


def test_an_illegal_move_names_the_knights_in_the_plural(duel: Path) -> None:
    """A side named in the plural takes a plural possessive: "Knights' pieces", not "Knights's"."""
    before = duel.read_bytes()
    code, _, err = run("move", str(duel), "zz")
    assert code == 1
    assert "Knights' pieces that can move" in err and "Knights's" not in err
    assert duel.read_bytes() == before


def test_a_record_that_gives_the_knights_turn_to_the_dragon_says_whose_turn_it_is(
        tmp_path: Path) -> None:
    path = tmp_path / "ellipsis.txt"
    path.write_text(DUEL.replace("1. e1-e2 D@e5", "1. ... D@e5"), encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 1
    assert "but it is Knights' turn" in out and "Knights's" not in out


def test_x_before_a_landing_one_square_away_is_read_as_the_step_and_written_so(
        tmp_path: Path) -> None:
    """Spec (settled), docs/batrakill.md: the distance decides, not the separator."""
    path = tmp_path / "g.txt"
    path.write_text(DUEL.replace("2. e2-e3 D e5-e4\n3. a1-a2 D e4xe2\n", "2. e2-e3\n"),
                    encoding="utf-8")
    assert run("move", str(path), "D e5xe6")[0] == 0
    assert path.read_text(encoding="utf-8").endswith("2. e2-e3 D e5-e6\n")
    written = tmp_path / "x.txt"
    written.write_text(DUEL.replace("D e5-e4", "D e5xe4"), encoding="utf-8")
    code, out, _ = run("check", str(written))
    assert code == 0 and "valid" in out
    # fmt reads moves without a position, and leaves an x as written (docs/batrakill.md)
    assert run("fmt", str(written), "--stdout")[1] == written.read_text(encoding="utf-8")


def test_a_faction_tag_without_a_zone_puts_the_faction_in_its_own_zone(tmp_path: Path) -> None:
    """Spec (settled), docs/batrakill.md: Purple S, Blue N, Green W, Yellow E."""
    path = tmp_path / "g.txt"
    path.write_text(ZONES.replace('"Ann, S"', '"Ann"').replace('"Bob, N"', '"Bob"')
                    .replace("1. c2-c3 D@e5 c8-c7\n", ""), encoding="utf-8")
    code, out, _ = run("moves", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["side"] == "blue"
    assert {m.split("-")[0] for m in data["moves"]} == {"c8", "d8", "f8", "g8", "e9"}  # zone N
    assert run("move", str(path), "c8-c7")[0] == 0
    assert run("move", str(path), "D@e5")[0] == 0
    code, out, _ = run("moves", str(path), "--json")
    assert json.loads(out)["side"] == "green"
    assert {m.split("-")[0] for m in json.loads(out)["moves"]} == {"b3", "b4", "b6", "b7", "a5"}


def test_check_names_a_player_of_two_factions_once_in_the_turn_order(tmp_path: Path) -> None:
    """``Order "Blue+Green Dragon"``: Ann holds Blue and Green (one place), Bob the dragon. The
    summary line names the places in turn order, ``(Ann v Bob)``; it said ``(? v Bob v Ann v
    Ann)`` (a faction list with the place's own name looked up as a tag)."""
    record = tmp_path / "bg.txt"
    record.write_text('[Game "Batrakill"]\n[Layout "zones"]\n[Order "Blue+Green Dragon"]\n'
                      '[Blue "Ann"]\n[Green "Ann"]\n[Dragon "Bob"]\n\n1. c2-c3 D@e5\n',
                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(record)])
    assert "game 1 (Ann v Bob)" in result.output, result.output
    zones = tmp_path / "zones.txt"
    zones.write_text(ZONES, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(zones)])
    assert "game 1 (Ann, S v Cy v Bob, N)" in result.output, result.output
