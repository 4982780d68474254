"""The record and form commands on Billo records, with the same contracts as for Batalo."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import billo
from pbmkit.games.billo import rules
from pbmkit.records import check_text, parse_move

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CAPTURE_ALL = EXAMPLES / "billo-01-capture-all.txt"
CHAIN = EXAMPLES / "billo-02-chained-capture.txt"

SHORT = """[Game "Billo"]
[First "Orange"]
[Yellow "Ann"]
[Orange "Bob"]

1. R c8-c7 S d1-d2
"""


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "billo.txt"
    path.write_text(SHORT, encoding="utf-8")
    return path


def test_the_examples_are_real_games_with_the_promised_endings() -> None:
    code, out, _ = run("check", "--json", str(CAPTURE_ALL), str(CHAIN))
    assert code == 0
    first, second = json.loads(out)
    assert (first["valid"], first["winner"], first["how"], first["turns"]) == \
        (True, "yellow", "capture-all", 56)
    assert (second["valid"], second["winner"], second["how"]) == (True, "orange", "concession")
    # The chained-capture example holds a capture of four pieces; both files are canonical.
    [rep] = check_text(CHAIN.read_text(encoding="utf-8"))
    assert max(len(p.move.captures) for p in rep.main) >= 3
    for path in (CAPTURE_ALL, CHAIN):
        assert run("fmt", "--check", str(path))[0] == 0


def test_check_reports_a_billo_error_with_its_place_and_the_piece_s_moves(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Billo"]\n\n1. R c1-d2 R c8-c7\n2. R d2-d4\n', encoding="utf-8")
    code, out, _ = run("check", "--json", str(bad))
    assert code == 1
    [game] = json.loads(out)
    err = game["errors"][0]
    assert (err["line"], err["column"], err["turn"], err["side"], err["move"]) == \
        (4, 4, "2", "yellow", "R d2-d4")
    assert "neighbouring square" in err["message"]
    assert err["legal"] == ["R d2-c3", "R d2-d3", "R d2-e3"]
    code, out, _ = run("check", str(bad))
    assert "bad.txt:4:4: turn 2 (yellow) R d2-d4" in out and "could go to: R d2-c3" in out


def test_moves_json_lists_each_legal_move_in_the_writer_s_notation(record: Path) -> None:
    code, out, _ = run("moves", "--json", str(record))
    assert code == 0
    data = json.loads(out)
    assert data["side"] == "orange"  # First "Orange": turn 2 opens with Orange's move
    assert data["moves"] == sorted(set(data["moves"]))
    [rep] = check_text(SHORT)
    legal = rules.legal_moves(rep.final)
    assert data["moves"] == sorted(rules.move_text(rep.final, m) for m in legal)
    for text in data["moves"]:
        assert rules.move_text(rep.final, parse_move("billo", text, rep.final)) == text
    code, out, _ = run("moves", "--json", str(record), "--from", "c7")
    assert json.loads(out)["moves"] == ["R c7-b6", "R c7-c6", "R c7-d6"]
    code, out, _ = run("moves", "--json", str(CAPTURE_ALL))
    assert json.loads(out) == {"side": "orange", "moves": []}


def test_moves_lists_every_path_of_a_chained_capture() -> None:
    _, out, _ = run("moves", "--json", str(CHAIN), "--turn", "31")
    moves = json.loads(out)["moves"]
    assert "R+ d1xd2xd3xe2xe1" in moves
    assert all(m.startswith("R+ d1") and m.count("x") == 4 for m in moves)


def test_show_draws_the_square_board_and_the_last_move() -> None:
    code, out, _ = run("show", str(CHAIN), "--turn", "32")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == list("abcdefgh")
    assert "Last move: 32. Yellow R g4-f5" in out and "Orange to move." in out
    code, out, _ = run("show", str(CAPTURE_ALL))
    assert "Game over: Yellow wins by capturing every piece." in out


def test_move_appends_a_billo_move_canonically_and_refuses_an_ambiguous_one(tmp_path: Path) -> None:
    path = tmp_path / "yellow-first.txt"
    path.write_text('[Game "Billo"]\n[Yellow "Ann"]\n[Orange "Bob"]\n\n1. R c1-c2\n',
                    encoding="utf-8")
    before = path.read_bytes()
    code, _, err = run("move", str(path), "d8-d7")
    assert code == 1 and path.read_bytes() == before
    assert "ambiguous" in err and "R d8-d7 or S d8-d7" in err
    code, out, _ = run("move", str(path), "s d8 - D7")
    assert code == 0, out
    assert "Added 1. Orange: S d8-d7" in out and "averto" not in out
    assert path.read_text(encoding="utf-8").endswith("\n1. R c1-c2 S d8-d7\n")
    code, _, err = run("move", str(path), "R+ c2-c3")
    assert code == 1 and "'+' marks a Billo, but the round piece on c2 is not a Billo" in err


def test_move_says_why_an_illegal_billo_move_is_illegal(record: Path) -> None:
    before = record.read_bytes()
    code, _, err = run("move", str(record), "R c7-c5")
    assert code == 1 and record.read_bytes() == before
    assert "neighbouring square" in err and "R c7-b6" in err


def test_new_writes_yellow_orange_and_first_tags(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    code, out, _ = run("new", str(path), "--rules", "billo", "--yellow", "Ann", "--orange", "Bob",
                       "--first", "orange", "--number", "3", "--date", "2026-11-21")
    assert code == 0, out
    text = path.read_text(encoding="utf-8")
    assert '[Game "Billo"]\n[First "Orange"]' in text
    assert '[Yellow "Ann"]' in text and '[Orange "Bob"]' in text
    assert json.loads(run("moves", "--json", str(path))[1])["side"] == "orange"
    code, _, err = run("new", str(tmp_path / "x.txt"), "--rules", "billo", "--yellow", "A",
                       "--orange", "B", "--first", "white")
    assert code == 2 and "not a side of Billo" in err


def test_fmt_respells_billo_moves_and_keeps_the_game(tmp_path: Path) -> None:
    path = tmp_path / "loose.txt"
    path.write_text('[game "Billo"]\n\n1.  rc1 - D2 s c8-C7\n2. R d2 -d3\n', encoding="utf-8")
    code, _, _ = run("fmt", str(path))
    assert code == 0
    assert path.read_text(encoding="utf-8") == \
        '[Game "Billo"]\n\n1. R c1-d2 S c8-c7\n2. R d2-d3\n'
    assert run("check", str(path))[0] == 0


def test_convert_to_json_gives_every_move_and_refuses_pbmserv() -> None:
    code, out, _ = run("convert", "--to", "json", str(CHAIN))
    assert code == 0
    [game] = json.loads(out)
    assert game["name"] == "Billo" and game["tags"]["First"] == "Orange"
    assert game["setup"].endswith(" o")
    assert game["moves"][0] == game["moves"][0] | {"turn": "1", "side": "orange", "move": "S d8-e7"}
    chain = next(m for m in game["moves"] if m["move"] == "R+ d1xd2xd3xe2xe1")
    assert chain["side"] == "orange" and chain["comments"][0].startswith("the longest chain")
    assert (game["winner"], game["how"], game["turns"]) == ("orange", "concession", 34)
    code, _, err = run("convert", "--to", "pbmserv", str(CHAIN))
    assert code == 1 and "Billo has no pbmserv form" in err


def _pdf_text(path: Path) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()), strict=True)
    return [page.extract_text() for page in reader.pages]


def test_forms_for_billo_records_and_blanks(tmp_path: Path) -> None:
    chart = tmp_path / "chart.pdf"
    assert run("chart", str(CAPTURE_ALL), "-o", str(chart))[0] == 0
    pages = _pdf_text(chart)
    assert len(pages) == 7 and "Yellow (captured every piece)" in pages[0]
    assert "Ada Lindqvist" in pages[0] and "Page 7 of 7" in pages[-1]
    mailers = tmp_path / "mailers.pdf"
    code, out, _ = run("mailer", str(CAPTURE_ALL), str(CHAIN), "-o", str(mailers))
    assert code == 0 and "2 card(s)" in out
    front = _pdf_text(mailers)[0]
    assert "Ada Lindqvist" in front and "Dmitri Olenev" in front
    code, _, err = run("mailer", str(CHAIN), "--turn", "32", "--side", "black", "-o",
                       str(tmp_path / "m.pdf"))
    assert code == 2 and "not a side of Billo" in err
    for command in ("chart", "mailer"):
        blank = tmp_path / f"{command}-blank.pdf"
        assert run(command, "--blank", "--rules", "billo", "-o", str(blank))[0] == 0
        assert "BILLO" in _pdf_text(blank)[0]
    names = tmp_path / "names.pdf"
    assert run("phonechart", "--rules", "billo", "--paper", "a4", "-o", str(names))[0] == 0
    assert "a1" in _pdf_text(names)[0] and "h8" in _pdf_text(names)[0]


def test_a_mailed_game_from_new_to_capture_all(tmp_path: Path) -> None:
    """The whole workflow: new, then every move of the capture-all example through `move`."""
    [rep] = check_text(CAPTURE_ALL.read_text(encoding="utf-8"))
    path = tmp_path / "game.txt"
    assert run("new", str(path), "--rules", "billo", "--yellow", "A", "--orange", "B")[0] == 0
    for ply in rep.main[:-1]:
        code, out, _ = run("move", str(path), ply.text)
        assert code == 0, out
    code, out, _ = run("move", str(path), rep.main[-1].written)
    assert "Game over: Yellow wins by capturing every piece" in out
    [again] = check_text(path.read_text(encoding="utf-8"))
    assert again.valid and again.final == rep.final


def test_an_ambiguous_move_names_the_moves_it_could_mean(tmp_path: Path) -> None:
    """Issue 9, item 7: `a1-a2` could be the R or the S part: name those two, nothing else."""
    path = tmp_path / "b.txt"
    assert run("new", str(path), "--rules", "billo", "--yellow", "A", "--orange", "B")[0] == 0
    before = path.read_bytes()
    code, _, err = run("move", str(path), "a1-a2")
    assert code == 1
    assert "It could be: R a1-a2, S a1-a2" in err
    assert "b2" not in err and "pieces that can move" not in err
    assert path.read_bytes() == before


@pytest.mark.parametrize(("typed", "appended"), [
    ("R c7-c8=B", "1. R c7-c8=B\n"), ("c7-c8 = b", "1. R c7-c8=B\n"), ("Rc7-c8", "1. R c7-c8\n"),
])
def test_move_keeps_a_typed_promotion_mark(tmp_path: Path, typed: str, appended: str) -> None:
    """Issue 9, item 2: ``move`` must keep a typed ``=B`` in what it appends (canonically
    spelled), and the record then reads back with it."""
    path = tmp_path / "promotion.txt"
    head = '[Game "Billo"]\n[Setup "YR:c7 YS:a1 OR:h8 OS:a8 y"]\n\n'
    path.write_text(head, encoding="utf-8")
    code, out, err = run("move", str(path), typed)
    assert code == 0, err
    assert path.read_text(encoding="utf-8") == head + appended
    assert f"Added 1. Yellow: {appended[3:].strip()}" in out
    assert run("move", str(path), "S a8-a7")[0] == 0
    [rep] = check_text(path.read_text(encoding="utf-8"))
    assert rep.valid and rep.main[0].written == appended[3:].strip()


# A Billo in a 4x4 block of 8 own and 7 opponent's free pieces: 314,656 capture paths (issue 16).
BLOCK = """[Game "Billo"]
[Yellow "A"]
[Orange "B"]
[Setup "YR:f6+ YS:c3,d3,f3,c4,d4,c5,e5,c6 OS:e3,e4,f4,d5,f5,d6,e6 y"]

"""


@pytest.mark.parametrize("written, hint", [
    ("R f6xe6", "Legal moves of that piece: R+ f6-e5-d4-c3-c4-c5-c6xd5xd6xe6xf5xe4-d3xe3-f3xf4,"),
    ("zz", "Yellow's pieces that can move (pbmkit moves FILE --from SPACE lists one piece's moves):"),
])
def test_an_illegal_move_among_hundreds_of_thousands_is_explained_from_the_first_moves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str, hint: str) -> None:
    """The hint takes the first of the piece's moves as the notation streams them ("and more",
    no count) or asks each square for one move: the position's legal moves are never all built."""
    path = tmp_path / "block.txt"
    path.write_text(BLOCK, encoding="utf-8")
    before = path.read_bytes()

    def every_move(position: object) -> list[object]:
        raise AssertionError("every legal move was built")

    monkeypatch.setattr(billo.GAME, "legal_moves", every_move)
    code, _, err = run("move", str(path), written)
    assert code == 1
    lines = err.splitlines()
    assert lines[1] == hint
    assert len(lines) <= 1 + 4 + 1 and lines[-1] == "The record was not changed."
    if written == "R f6xe6":
        assert lines[-2] == "  ... and more: pbmkit moves FILE --from f6 lists them all"
    assert path.read_bytes() == before
