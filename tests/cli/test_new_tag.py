"""``pbmkit new --tag NAME=VALUE``: a tag that chooses the game (a board size, a layout), for any
game, checked by the game's own ``configure`` (docs/cli.md, README)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.records import check_text


def _new(tmp_path: Path, *args: str) -> tuple[int, str, Path]:
    path = tmp_path / "g.txt"
    run = CliRunner().invoke(cli, ["new", str(path), "--date", "2026-11-24", *args])
    return run.exit_code, run.output, path


def test_a_board_tag_starts_a_7x7_batu_khan_record_that_replays(tmp_path: Path) -> None:
    code, out, path = _new(tmp_path, "--rules", "batukhan", "--tag", "Board=7x7",
                           "--player", "south=Ann", "--player", "north=Bob")
    assert code == 0, out
    text = path.read_text(encoding="utf-8")
    assert text.startswith('[Game "Batu Khan"]\n[Board "7x7"]\n')
    [rep] = check_text(text)
    assert rep.valid and rep.game.board.size == 49


def test_the_players_to_name_are_the_sides_of_the_configured_game(tmp_path: Path) -> None:
    """Batrakill's zones layout with three places: Purple, Blue and the Dragon are named."""
    code, out, path = _new(tmp_path, "--rules", "batrakill", "--tag", "Layout=zones",
                           "--tag", "Order=Purple Blue Dragon", "--player", "purple=Ann",
                           "--player", "blue=Bob", "--player", "dragon=Dee")
    assert code == 0, out
    [rep] = check_text(path.read_text(encoding="utf-8"))
    assert rep.valid and rep.game.sides == ("purple", "blue", "dragon")


def test_a_tag_the_game_does_not_read_is_written_as_given(tmp_path: Path) -> None:
    code, out, path = _new(tmp_path, "--white", "Ann", "--black", "Bob", "--tag",
                           'Event=Club cup "autumn"')
    assert code == 0, out
    assert '[Event "Club cup \\"autumn\\""]' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "says"), [
    (["--rules", "batukhan", "--tag", "Board=12x7"], "3 to 9"),
    (["--rules", "batukhan", "--tag", "Board"], "write NAME=VALUE"),
    (["--rules", "batukhan", "--tag", "Board=5x5", "--tag", "Board=6x6"], "given twice"),
    (["--rules", "batukhan", "--tag", "Date=2026-01-01"], "--date"),
    (["--rules", "batukhan", "--tag", "South=Ann"], "--player south=NAME"),
    (["--rules", "batrakill", "--tag", "Layout=moon"], "unknown layout"),
    (["--rules", "batalo", "--tag", "First=Black"], "--first"),
    (["--rules", "batukhan", "--tag", "Board=7x7", "--setup",
      "5x5 S-hand:BYKWX N-hand:BYKWX s"], "the Board tag says 7x7"),
])
def test_a_bad_tag_is_one_clear_line_exit_2_and_no_file(tmp_path: Path, args: list[str],
                                                         says: str) -> None:
    code, out, path = _new(tmp_path, *args, "--white", "A", "--black", "B")
    assert code == 2, out
    assert says in out and "Traceback" not in out
    assert not path.exists()


def test_a_tag_s_name_is_spelt_as_the_game_spells_it_whatever_the_case(tmp_path: Path) -> None:
    """``--tag board=7x7`` is the Board tag the game reads (not a tag of its own, ignored, that
    would leave a 5 x 5 board), on new and on the blank forms alike."""
    code, out, path = _new(tmp_path, "--rules", "batukhan", "--tag", "board=7x7",
                           "--player", "south=Ann", "--player", "north=Bob")
    assert code == 0, out
    text = path.read_text(encoding="utf-8")
    assert '[Board "7x7"]' in text
    [rep] = check_text(text)
    assert rep.game.board.size == 49
    pdf = tmp_path / "c.pdf"
    run = CliRunner().invoke(cli, ["chart", "--blank", "--rules", "batukhan", "--tag", "BOARD=9x9",
                                   "-o", str(pdf)])
    assert run.exit_code == 0, run.output
    import pypdf

    text = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert "a b c d e f g h i 1 2 3 4 5 6 7 8 9" in " ".join(text.split())


def test_a_missing_faction_names_the_order_tag_that_would_leave_it_out(tmp_path: Path) -> None:
    """Issue 34: four players of Batrakill's zones named without an Order tag were told only to
    name Yellow's player; the message also names the Order that plays without Yellow, and that
    Order, given, starts the game."""
    players = ["--player", "purple=Ann", "--player", "blue=Bob", "--player", "green=Cy",
               "--player", "dragon=Di"]
    code, out, path = _new(tmp_path, "--rules", "batrakill", "--tag", "Layout=zones", *players)
    assert code == 2 and not path.exists()
    assert ('--player yellow=NAME; or, to play without Yellow: --tag '
            '"Order=Purple Blue Green Dragon"') in out
    hint = out.rsplit('--tag "', 1)[1].split('"')[0]
    code, out, path = _new(tmp_path, "--rules", "batrakill", "--tag", "Layout=zones",
                           "--tag", hint, *players)
    assert code == 0, out
    [rep] = check_text(path.read_text(encoding="utf-8"))
    assert rep.valid and rep.game is not None
    assert rep.game.sides == ("purple", "blue", "green", "dragon")


def test_no_order_is_named_where_none_would_do(tmp_path: Path) -> None:
    code, out, _ = _new(tmp_path, "--rules", "batalo", "--white", "Ann")
    assert code == 2 and "--player black=NAME" in out and "Order" not in out
    code, out, _ = _new(tmp_path, "--rules", "batrakill", "--tag", "Layout=zones",
                        "--player", "purple=Ann", "--player", "dragon=Di")
    assert code == 2 and "Order" not in out  # one faction alone is no game
