"""Amazons' rules, one test per sentence of docs/amazons.md ("The rules"), and its commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.games.base import Outcome, SetupError, end_of, path_kind, start_of
from pbmkit.games.notation import MoveSyntaxError
from tests.support.playing import play_line

GAME = get_game("amazons")
BOARD = GAME.board


def play(*texts: str) -> object:
    return play_line(GAME, *texts)


def where(position: object, symbol: str) -> set[str]:
    return {BOARD.name(s) for s, c in GAME.look().symbols(position).items() if c == symbol}


def burned(position: object) -> set[str]:
    shaded = GAME.look().shaded
    assert shaded is not None
    return {BOARD.name(s) for s in shaded(position)}


def why(position: object, text: str) -> str:
    return GAME.check_move(position, GAME.notation.read(text, position)) or ""


def test_the_board_is_10x10_files_a_to_j_ranks_1_to_10() -> None:
    assert BOARD.size == 100 and BOARD.name(0) == "a1" and BOARD.name(99) == "j10"
    assert BOARD.coords[BOARD.space("a10")] == (0, 9) and BOARD.coords[BOARD.space("j1")] == (9, 0)


def test_white_queens_on_a4_d1_g1_j4_black_on_a7_d10_g10_j7_white_first() -> None:
    start = GAME.initial_position()
    assert where(start, "W") == {"a4", "d1", "g1", "j4"}
    assert where(start, "B") == {"a7", "d10", "g10", "j7"}
    assert GAME.side_to_move(start) == "white" and burned(start) == set()
    assert len(GAME.legal_moves(start)) == 2176


def test_a_turn_is_a_queen_move_then_an_arrow_shot_from_where_it_lands() -> None:
    after = play("d1-d7/g7")
    assert where(after, "W") == {"a4", "d7", "g1", "j4"} and burned(after) == {"g7"}
    assert GAME.side_to_move(after) == "black"
    move = GAME.notation.read("D1-D7/G7", GAME.initial_position())
    assert GAME.notation.format(move, GAME.initial_position()) == "d1-d7/g7"
    assert [path_kind(p) for p in GAME.touched(move)] == ["moved", "shot"]
    assert (start_of(GAME, move), end_of(GAME, move)) == (BOARD.space("d1"), BOARD.space("d7"))
    start = GAME.initial_position()
    assert "cannot go" in why(start, "d1-e3/e4")  # not a queen's line
    assert "cannot fly" in why(start, "d1-d7/e9")  # nor the arrow's
    assert "no white queen" in why(start, "a7-a6/a5") and "no white queen" in why(start, "b1-b2/b3")


def test_burned_squares_and_queens_block_queens_and_arrows() -> None:
    after = play("d1-d7/d8", "g10-g8/c4")
    assert "cannot go" in why(after, "d7-d9/d10")  # d8 burned
    assert "cannot go" in why(after, "d7-d10/a10") and "cannot go" in why(after, "a4-a8/a9")
    assert "cannot fly" in why(after, "a4-b4/d4")  # the arrow crosses c4, burned
    assert "cannot fly" in why(after, "j4-j5/j7")  # nor lands on a queen
    assert why(after, "j4-j5/j4") == ""  # the square just left is empty for the arrow
    assert why(after, "j4-j6/j3") == ""


def test_the_player_who_cannot_move_loses() -> None:
    rows = ["." * 10] * 10
    boxed = "b " + "/".join(["wx" + "." * 8, "xx" + "." * 7 + "b", *rows[2:]])
    position = GAME.parse_setup(boxed)
    assert GAME.outcome(position) is None  # Black's queen on j2 can move
    stuck = GAME.parse_setup("w" + boxed[1:])
    assert GAME.outcome(stuck) == Outcome("black", "no-moves") and GAME.legal_moves(stuck) == []
    assert why(stuck, "a1-a2/a3") == "the game is over"


def test_notation_and_setup_refuse_what_they_cannot_read() -> None:
    for text in ("", "d1-d7", "d1-d7/k7", "d1d7g7", "a11-a12/a13", "x" * 40):
        with pytest.raises(MoveSyntaxError):
            GAME.notation.read(text, GAME.initial_position())
    with pytest.raises(SetupError, match="an Amazons Setup"):
        GAME.parse_setup("w ..........")
    start = GAME.initial_position()
    assert GAME.parse_setup(GAME.format_setup(start)) == start


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_every_command_plays_amazons_from_new_to_the_mailed_move(tmp_path: Path) -> None:
    """new, move (a move through a queen refused with that queen's moves), check, moves (--from),
    show (terminal, SVG, PNG), fmt, chart, mailer, phonechart, html, mail compose and status."""
    path = tmp_path / "amazons.txt"
    made = _run("new", str(path), "--rules", "amazons", "--white", "Ann", "--black", "Bo",
                "--tag", "WhiteEmail=ann@example.org", "--tag", "BlackEmail=bo@example.net",
                "--date", "2026-11-20")
    assert made.exit_code == 0, made.output
    before = path.read_bytes()
    refused = _run("move", str(path), "d1-d10/d9")
    assert refused.exit_code == 1 and "cannot go" in refused.stderr and path.read_bytes() == before
    assert "Legal moves of that piece:" in refused.stderr
    for text in ("d1-d7/g7", "g10-g8/c4"):
        assert _run("move", "--no-dates", str(path), text).exit_code == 0
    assert path.read_text(encoding="utf-8").endswith("1. d1-d7/g7 g10-g8/c4\n")
    assert json.loads(_run("check", "--json", str(path)).stdout)[0]["valid"]
    moves = json.loads(_run("moves", "--json", "--from", "a4", str(path)).stdout)
    assert moves["side"] == "white" and moves["moves"][:2] == ["a4-a1/a2", "a4-a1/a3"]
    assert all(m.startswith("a4-") for m in moves["moves"])
    shown = _run("show", str(path)).stdout
    assert "#" in shown and "[Q" not in shown
    svg = tmp_path / "b.svg"
    assert _run("show", "--svg", str(svg), "--png", str(tmp_path / "b.png"), str(path)).exit_code == 0
    assert "stroke-dasharray" in svg.read_text(encoding="utf-8")  # the arrow's shot, dashed
    assert _run("fmt", "--check", str(path)).exit_code == 0
    for form in (["chart", str(path)], ["mailer", str(path)], ["phonechart", "--rules", "amazons"]):
        out = tmp_path / f"{form[0]}.pdf"
        assert _run(*form, "-o", str(out)).exit_code == 0 and out.read_bytes().startswith(b"%PDF")
    assert _run("html", str(path), "-o", str(tmp_path / "a.html")).exit_code == 0
    mail = tmp_path / "move.eml"
    assert _run("mail", "compose", str(path), "-o", str(mail)).exit_code == 0
    assert "Subject: Amazons, 1... g10-g8/c4" in mail.read_text(encoding="utf-8")
    status = _run("status", str(tmp_path), "--me", "Ann", "--today", "2026-11-23")
    assert status.exit_code == 0 and "White (you) to play 2" in status.stdout
