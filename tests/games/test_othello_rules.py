"""Othello's rules, one test per sentence of docs/othello.md ("The rules"), and its commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.games.base import Outcome, SetupError
from pbmkit.games.notation import MoveSyntaxError
from pbmkit.records import check_text
from tests.support.playing import play_line

GAME = get_game("othello")
BOARD = GAME.board


def play(*texts: str) -> object:
    return play_line(GAME, *texts)


def setup(rows: str, turn: str = "b") -> object:
    return GAME.parse_setup(f"{turn} {rows}")


def discs(position: object, side: str) -> set[str]:
    symbols = GAME.look().symbols(position)
    return {BOARD.name(s) for s, c in symbols.items() if c == side[0].upper()}


def test_the_board_names_columns_a_to_h_and_rows_1_to_8_from_the_top() -> None:
    assert BOARD.size == 64 and BOARD.name(0) == "a8" and BOARD.name(63) == "h1"
    a1, h8 = BOARD.coords[BOARD.space("a1")], BOARD.coords[BOARD.space("h8")]
    assert a1[1] > h8[1] and a1[0] < h8[0]  # row 1 drawn above row 8, column a left of h
    shown = _run_show('[Game "Othello"]\n[Black "A"]\n[White "B"]\n\n1. d3\n')
    lines = shown.splitlines()
    assert lines[1].startswith("1 ") and lines[8].startswith("8 ") and "a" in lines[0]


def test_black_moves_first_from_white_d4_e5_and_black_d5_e4() -> None:
    start = GAME.initial_position()
    assert discs(start, "white") == {"d4", "e5"} and discs(start, "black") == {"d5", "e4"}
    assert GAME.side_to_move(start) == "black"
    assert sorted(GAME.notation.format(m, start) for m in GAME.legal_moves(start)) == \
        ["c4", "d3", "e6", "f5"]


def test_a_disc_laid_must_flip_and_flips_every_line_it_outflanks() -> None:
    after = play("d3")
    assert discs(after, "black") == {"d3", "d4", "d5", "e4"} and discs(after, "white") == {"e5"}
    start = GAME.initial_position()
    for text, why in (("a1", "flips none"), ("d4", "is taken")):
        assert why in (GAME.check_move(start, GAME.notation.read(text, start)) or "")
    # a3 outflanks two lines at once, b3-c3-d3 (to e3) and b2 (to c1): both flip, nothing else
    both = setup("..b...../.w....../.wwwb.../......../......../......../......../.......w")
    after = GAME.apply(both, GAME.notation.read("a3", both))
    assert discs(after, "black") == {"a3", "b2", "b3", "c3", "d3", "e3", "c1"}
    assert discs(after, "white") == {"h8"}


def test_a_player_with_no_flip_passes_and_only_then() -> None:
    start = GAME.initial_position()
    assert "passes only when" in (GAME.check_move(start, GAME.notation.read("pass", start)) or "")
    stuck = setup("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbw./bbbbbbbw", "w")
    assert [GAME.notation.format(m, stuck) for m in GAME.legal_moves(stuck)] == ["pass"]
    assert GAME.check_move(stuck, GAME.notation.read("PASS", stuck)) is None
    after = GAME.apply(stuck, GAME.notation.read("pass", stuck))
    assert GAME.side_to_move(after) == "black" and GAME.touched(GAME.notation.read("pass", stuck)) == ()


def test_the_game_ends_when_neither_player_can_move() -> None:
    stuck = setup("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbw./bbbbbbbw", "w")
    assert GAME.outcome(stuck) is None  # White passes, Black still lays h7
    done = setup("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbb./bbbbbbbb", "w")
    assert GAME.outcome(done) == Outcome("black", "discs") and GAME.legal_moves(done) == []
    assert "game is over" in (GAME.check_move(done, GAME.notation.read("pass", done)) or "")


def test_most_discs_win_equal_is_a_draw_and_the_score_is_told(tmp_path: Path) -> None:
    won = setup("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbww/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww")
    assert GAME.outcome(won) == ("white", "discs") and GAME.outcome(won).detail == "34–30"
    drawn = setup("bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww")
    assert GAME.outcome(drawn) == ("draw", "discs") and GAME.outcome(drawn).detail == "32–32"
    [game] = json.loads(Path(__file__).resolve().parents[1].joinpath(
        "fixtures", "openspiel_games.json").read_text(encoding="utf-8"))["games"][:1]
    record = '[Game "Othello"]\n[Black "A"]\n[White "B"]\n\n' + _turns(game["moves"])
    [rep] = check_text(record)
    outcome = GAME.outcome(rep.final)
    b, w = (len(discs(rep.final, s)) for s in ("black", "white"))
    assert rep.valid and rep.winner == outcome.winner and rep.detail == f"{max(b, w)}–{min(b, w)}"
    path = tmp_path / "o.txt"
    path.write_text(record, encoding="utf-8")
    words = f"{outcome.winner.capitalize()} wins {max(b, w)}–{min(b, w)} on discs"
    assert words in _run("check", str(path)).stdout and words in _run("show", str(path)).stdout


def test_notation_and_setup_refuse_what_they_cannot_read() -> None:
    for text in ("", "i1", "a9", "d3-d4", "passes", "x" * 30):
        with pytest.raises(MoveSyntaxError):
            GAME.notation.read(text, GAME.initial_position())
    with pytest.raises(SetupError, match="an Othello Setup"):
        GAME.parse_setup("b ........")
    start = GAME.initial_position()
    assert GAME.parse_setup(GAME.format_setup(start)) == start
    assert GAME.format_setup(start) == \
        "b ......../......../......../...wb.../...bw.../......../......../........"


def _turns(moves: list[str]) -> str:
    return "".join(f"{k // 2 + 1}. {' '.join(moves[k:k + 2])}\n" for k in range(0, len(moves), 2))


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _run_show(record: str) -> str:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "o.txt"
        path.write_text(record, encoding="utf-8")
        return _run("show", str(path)).stdout


def test_every_command_plays_othello_from_new_to_the_mailed_move(tmp_path: Path) -> None:
    """new, move (a disc that flips none refused with the legal moves), check, moves, show (SVG,
    PNG), fmt, chart, mailer, phonechart, html, mail compose and status, on an Othello record."""
    path = tmp_path / "othello.txt"
    made = _run("new", str(path), "--rules", "othello", "--black", "Ann", "--white", "Bo",
                "--tag", "BlackEmail=ann@example.org", "--tag", "WhiteEmail=bo@example.net",
                "--date", "2026-11-20")
    assert made.exit_code == 0, made.output
    before = path.read_bytes()
    refused = _run("move", str(path), "a1")
    assert refused.exit_code == 1 and "flips none" in refused.stderr and path.read_bytes() == before
    assert "Black's legal moves: c4, d3, e6, f5" in refused.stderr.replace("\n  ", " ")
    for text in ("d3", "c5"):
        assert _run("move", "--no-dates", str(path), text).exit_code == 0
    assert path.read_text(encoding="utf-8").endswith("1. d3 c5\n")
    assert json.loads(_run("check", "--json", str(path)).stdout)[0]["valid"]
    moves = json.loads(_run("moves", "--json", str(path)).stdout)
    assert moves["side"] == "black" and "pass" not in moves["moves"]
    drop = moves["moves"][0]  # a disc laid is a move from its square (moves --from)
    assert json.loads(_run("moves", "--json", "--from", drop, str(path)).stdout)["moves"] == [drop]
    assert _run("show", "--svg", str(tmp_path / "b.svg"), "--png", str(tmp_path / "b.png"),
                str(path)).exit_code == 0
    assert _run("fmt", "--check", str(path)).exit_code == 0
    for form in (["chart", str(path)], ["mailer", str(path)], ["phonechart", "--rules", "othello"]):
        out = tmp_path / f"{form[0]}.pdf"
        assert _run(*form, "-o", str(out)).exit_code == 0 and out.read_bytes().startswith(b"%PDF")
    assert _run("html", str(path), "-o", str(tmp_path / "o.html")).exit_code == 0
    mail = tmp_path / "move.eml"
    assert _run("mail", "compose", str(path), "-o", str(mail)).exit_code == 0
    assert "Subject: Othello, 1... c5" in mail.read_text(encoding="utf-8")
    status = _run("status", str(tmp_path), "--me", "Ann", "--today", "2026-11-23")
    assert status.exit_code == 0 and "Black (you) to play 2" in status.stdout
