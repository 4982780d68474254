"""The record commands as a player uses them: check, moves, show, move, new, fmt, convert."""

from __future__ import annotations

import json
import multiprocessing
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import batalo
from pbmkit.games.batalo import rules, setup

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SHORT = """[Game "Batalo"]
[White "Ann"]
[Black "Bob"]

1. IR to HS EV to FU
2. JQ to IR
"""


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(SHORT, encoding="utf-8")
    return path


# --- check ---------------------------------------------------------------------------------


def test_check_accepts_every_bundled_example() -> None:
    files = sorted(str(p) for p in EXAMPLES.glob("*.txt"))
    assert len(files) >= 4
    code, out, _ = run("check", *files)
    assert code == 0, out
    assert "INVALID" not in out


def test_check_json_reports_results_of_the_examples() -> None:
    code, out, _ = run("check", "--json", str(EXAMPLES / "01-short-base-win.txt"))
    assert code == 0
    (game,) = json.loads(out)
    assert game == {"game": 1, "valid": True, "turns": 6, "winner": "white", "how": "base",
                    "errors": []} | {k: v for k, v in game.items() if k not in
                                     {"game", "valid", "turns", "winner", "how", "errors"}}
    code, out, _ = run("check", "--json", str(EXAMPLES / "02-capture-all.txt"))
    assert json.loads(out)[0]["how"] == "capture-all"


def test_check_reports_an_illegal_move_with_line_column_turn_side_and_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[White "A"]\n[Black "B"]\n\n1. IR to HS EV to FU\n2. IQ to JQ EW to EV\n')
    code, out, _ = run("check", "--json", str(bad))
    assert code == 1
    (game,) = json.loads(out)
    assert game["valid"] is False and game["turns"] == 1
    err = game["errors"][0]
    assert (err["line"], err["column"], err["turn"], err["side"], err["move"]) == \
        (5, 4, "2", "white", "IQ to JQ")
    assert "own" in err["message"]
    code, out, _ = run("check", str(bad))
    assert code == 1
    assert "bad.txt:5:4" in out and "IQ to JQ" in out


def test_check_goes_on_to_the_next_game_of_an_archive(tmp_path: Path) -> None:
    text = (EXAMPLES / "04-archive.txt").read_text(encoding="utf-8")
    broken = text.replace("1. JP to HR CW to EU", "1. JP to HR CW to JQ", 1)
    assert broken != text
    path = tmp_path / "archive.txt"
    path.write_text(broken, encoding="utf-8")
    code, out, _ = run("check", "--json", str(path))
    games = json.loads(out)
    assert code == 1
    assert [g["valid"] for g in games] == [False, True, True, True]


def test_check_reads_standard_input() -> None:
    code, out, _ = run("check", "--json", "-", input=SHORT)
    assert code == 0 and json.loads(out)[0]["turns"] == 2


def test_check_exit_2_on_a_missing_or_non_utf8_file(tmp_path: Path) -> None:
    code, _, err = run("check", str(tmp_path / "nope.txt"))
    assert code == 2 and "nope.txt" in err
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b'[White "J\xf6rg"]\n\n1. IR to HS\n')
    code, _, err = run("check", str(latin))
    assert code == 2 and "UTF-8" in err
    assert "Traceback" not in err


# --- moves ---------------------------------------------------------------------------------


def test_moves_json_lists_the_legal_moves_sorted_once_each(record: Path) -> None:
    code, out, _ = run("moves", "--json", str(record))
    assert code == 0
    data = json.loads(out)
    assert data["side"] == "black"
    assert data["moves"] == sorted(set(data["moves"]))
    pos = setup.initial_position()
    for text in ["IR to HS", "EV to FU", "JQ to IR"]:
        a, b = text.split(" to ")
        pos = rules.apply(pos, batalo.Move(rules.space(a), rules.space(b)))
    assert data["moves"] == sorted(str(m) for m in rules.legal_moves(pos))


def test_moves_at_a_turn_and_from_one_space(record: Path) -> None:
    code, out, _ = run("moves", "--json", "--turn", "0", str(record))
    assert code == 2  # no turn 0
    code, out, _ = run("moves", "--json", "--turn", "1", "--from", "IQ", str(record))
    assert code == 0
    data = json.loads(out)
    assert data["side"] == "white" and data["moves"]
    assert all(m.startswith("IQ to ") for m in data["moves"])


def test_moves_json_is_empty_when_the_game_is_over() -> None:
    code, out, _ = run("moves", "--json", str(EXAMPLES / "01-short-base-win.txt"))
    assert code == 0 and json.loads(out)["moves"] == []


def test_moves_asks_which_game_of_an_archive() -> None:
    code, _, err = run("moves", str(EXAMPLES / "04-archive.txt"))
    assert code == 2 and "--game" in err
    code, _, _ = run("moves", "--json", "--game", "4", str(EXAMPLES / "04-archive.txt"))
    assert code == 0


# --- show ----------------------------------------------------------------------------------


def test_show_draws_the_board_with_the_last_move_and_whose_turn(record: Path) -> None:
    code, out, _ = run("show", str(record))
    assert code == 0
    assert "[IR:W]" in out and "[jq]" in out  # the column moved from JQ to IR
    assert "Black to move" in out


def test_show_reports_the_result_of_a_won_game() -> None:
    code, out, _ = run("show", str(EXAMPLES / "01-short-base-win.txt"))
    assert code == 0 and "White wins on the base" in out


# --- move ----------------------------------------------------------------------------------


def test_move_appends_a_legal_move_in_canonical_form(record: Path) -> None:
    code, out, _ = run("move", str(record), "ew-ev")
    assert code == 0, out
    assert record.read_text(encoding="utf-8") == SHORT.replace("2. JQ to IR", "2. JQ to IR EW to EV")
    code, out, _ = run("move", str(record), "I'm moving my stone from space IQ to space JQ")
    assert code == 1  # a stone cannot land on its own base
    code, out, _ = run("move", str(record), "IQ to HQ")
    assert code == 0
    assert record.read_text(encoding="utf-8").endswith("2. JQ to IR EW to EV\n3. IQ to HQ\n")
    code, out, _ = run("check", "--json", str(record))
    assert json.loads(out)[0]["turns"] == 3


def test_an_illegal_move_says_why_lists_alternatives_and_leaves_the_file_unchanged(
        record: Path) -> None:
    before = record.read_bytes()
    code, _, err = run("move", str(record), "EV to DW")
    assert code == 1
    assert "EV" in err and "not changed" in err
    assert record.read_bytes() == before
    code, _, err = run("move", str(record), "NA to HS")
    assert code == 1 and record.read_bytes() == before


def test_move_dry_run_writes_nothing(record: Path) -> None:
    before = record.read_bytes()
    code, out, _ = run("move", "--dry-run", str(record), "EW to EV")
    assert code == 0 and "dry run" in out
    assert record.read_bytes() == before


def test_move_warns_of_averto(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text("1. JR to IS DX to FV\n2. IS to HS DW to FU\n", encoding="utf-8")
    code, out, _ = run("move", str(path), "HS to GT")
    assert code == 0 and "averto" in out.lower()
    assert path.read_text(encoding="utf-8").endswith("3. HS to GT averto\n")


def test_move_refuses_a_finished_game_and_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "won.txt"
    shutil.copy(EXAMPLES / "01-short-base-win.txt", path)
    before = path.read_bytes()
    code, _, err = run("move", str(path), "DV to DU")
    assert code == 1 and "over" in err
    assert path.read_bytes() == before


def test_move_keeps_crlf_line_ends_and_the_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "dos.txt"
    path.write_bytes(b"\xef\xbb\xbf" + SHORT.replace("\n", "\r\n").encode())
    code, _, _ = run("move", str(path), "EW to EV")
    assert code == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b"2. JQ to IR EW to EV\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")


def _play(args: tuple[str, str]) -> int:
    return run("move", *args)[0]


def test_two_concurrent_moves_cannot_corrupt_the_record(record: Path) -> None:
    # Black's two candidate replies race; exactly one lands, the other is then White's move and
    # either lands as White's or is refused. Either way the file is a valid record.
    with multiprocessing.get_context("fork").Pool(2) as pool:
        codes = pool.map(_play, [(str(record), "EW to EV"), (str(record), "EW to EV")])
    assert sorted(codes) == [0, 1]
    code, out, _ = run("check", "--json", str(record))
    assert code == 0 and json.loads(out)[0]["turns"] == 2
    assert record.read_text(encoding="utf-8").count("EW to EV") == 1


# --- new, fmt, convert -----------------------------------------------------------------------


def test_new_starts_a_record_that_check_accepts(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    code, _, _ = run("new", str(path), "--white", "Łódź Ann", "--black", 'Bob "B" <b>',
                     "--number", "7", "--date", "1994-03-??")
    assert code == 0
    code, out, _ = run("check", "--json", str(path))
    assert code == 0 and json.loads(out)[0]["turns"] == 0
    text = path.read_text(encoding="utf-8")
    assert '[White "Łódź Ann"]' in text and '[Black "Bob \\"B\\" <b>"]' in text
    code, _, err = run("new", str(path), "--white", "A", "--black", "B")
    assert code == 2 and "exists" in err


def test_new_rejects_a_bad_setup_or_date(tmp_path: Path) -> None:
    code, _, err = run("new", str(tmp_path / "x.txt"), "--white", "A", "--black", "B",
                       "--setup", "W:JQ O:JQ w")
    assert code == 2 and "JQ" in err
    code, _, err = run("new", str(tmp_path / "x.txt"), "--white", "A", "--black", "B",
                       "--date", "1994-13-01")
    assert code == 2
    assert not (tmp_path / "x.txt").exists()


def test_new_with_a_setup_then_move_from_it(tmp_path: Path) -> None:
    path = tmp_path / "setup.txt"
    code, _, _ = run("new", str(path), "--white", "A", "--black", "B",
                     "--setup", "W:GT O:IR B:DW X:CW b")
    assert code == 0
    code, out, _ = run("move", str(path), "CW to CV")
    assert code == 0, out
    assert "1. ... CW to CV" in path.read_text(encoding="utf-8")


def test_fmt_rewrites_canonically_and_keeps_the_game(tmp_path: Path) -> None:
    path = tmp_path / "messy.txt"
    path.write_text('[white "A"]\n1. ir-hs   ev-fu {hm}\n2. jq to ir\n', encoding="utf-8")
    code, _, _ = run("fmt", "--check", str(path))
    assert code == 1
    code, _, _ = run("fmt", str(path))
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert "1. IR to HS EV to FU" in text and "{hm}" in text.replace(" ", "")
    assert run("fmt", "--check", str(path))[0] == 0
    assert json.loads(run("check", "--json", str(path))[1])[0]["turns"] == 2


def test_fmt_refuses_a_record_with_syntax_errors_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text("1. IR to\n", encoding="utf-8")
    before = path.read_bytes()
    code, _, _ = run("fmt", str(path))
    assert code == 1 and path.read_bytes() == before


def test_convert_to_json_and_pbmserv() -> None:
    code, out, _ = run("convert", "--to", "json", str(EXAMPLES / "01-short-base-win.txt"))
    assert code == 0
    data = json.loads(out)
    assert data[0]["tags"]["White"] == "Ĉiĉerono Ŝaŭmo"
    code, out, _ = run("convert", "--to", "pbmserv", str(EXAMPLES / "01-short-base-win.txt"))
    assert code == 0
    jr, is_ = rules.to_pbmserv(rules.space("JR")), rules.to_pbmserv(rules.space("IS"))
    assert jr in out and is_ in out and out.endswith("\n")


def test_unknown_command_and_missing_arguments_are_usage_errors() -> None:
    assert run("frobnicate")[0] == 2
    assert run("move")[0] == 2


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    import os
    import stat

    path = tmp_path / "perm.txt"
    assert run("new", str(path), "--white", "A", "--black", "B")[0] == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def test_check_shows_progress_on_a_terminal_for_a_large_archive(tmp_path: Path) -> None:
    import os
    import pty
    import subprocess
    import sys

    game = (EXAMPLES / "01-short-base-win.txt").read_text(encoding="utf-8")
    path = tmp_path / "big.txt"
    path.write_text("\n".join([game] * 120), encoding="utf-8")
    master, slave = pty.openpty()
    # The terminal is read while the check runs: a bar longer than the terminal's buffer (a long
    # temporary path in its label) would otherwise block the check on a full terminal.
    proc = subprocess.Popen([sys.executable, "-m", "pbmkit", "check", "-q", str(path)],
                            stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    out = proc.stdout.read() if proc.stdout else b""
    assert proc.wait(timeout=120) == 0 and out == b""
    assert b"checking" in shown and b"120/120" in shown
    # Not on a terminal (and with --json never): no bar on standard error.
    plain = subprocess.run([sys.executable, "-m", "pbmkit", "check", "-q", str(path)],
                           capture_output=True, timeout=120)
    assert plain.returncode == 0 and plain.stderr == b""


def test_an_unreadable_destination_lists_the_pieces_moves_wrapped_between_moves(
        record: Path) -> None:
    """Issue 9, item 7: the piece's own legal moves, not every legal move of the side."""
    code, _, err = run("move", str(record), "EW to CA")
    assert code == 1 and "CA is not a space" in err
    listed = err.split("Legal moves of that piece:")[1].split("The record")[0]
    assert all(len(line) <= 78 for line in err.splitlines())
    moves = [m.strip() for m in listed.replace("\n", " ").split(",")]
    assert moves and all(m.startswith("EW to ") for m in moves)


def test_an_empty_start_space_names_the_pieces_that_could_be_meant(record: Path) -> None:
    """Issue 9, item 7: nothing on the start space: the moves that reach the destination."""
    code, _, err = run("move", str(record), "EV to EU")  # EV went to FU; FU can come back
    assert code == 1
    (line,) = [ln for ln in err.splitlines() if ln.startswith("Black's moves to EU:")]
    assert "FU to EU" in line and all(m.endswith(" to EU") for m in line[21:].split(", "))
    assert len(err.splitlines()) <= 6


def test_an_unreadable_start_names_the_pieces_that_can_move_in_a_few_lines(
        record: Path) -> None:
    """Issue 9, item 7: no start and no destination: the pieces that can move, a few lines."""
    code, _, err = run("move", str(record), "NA to QQ")
    assert code == 1
    hint = err.split("\n", 1)[1].split("The record")[0]
    assert "pieces that can move" in hint and " to " not in hint.split(":", 1)[1]
    assert len(hint.splitlines()) <= 4


def test_an_illegal_move_lists_the_moves_of_that_piece(record: Path) -> None:
    code, _, err = run("move", str(record), "EW to ET")
    assert code == 1
    assert "Legal moves of that piece: EW to" in err
    assert "CW to" not in err


def test_an_empty_file_is_no_valid_record(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    code, out, err = run("check", str(empty))
    assert code == 1 and "no game" in err
    code, out, _ = run("check", "--json", str(empty))
    assert code == 1 and json.loads(out) == []
    code, _, err = run("move", str(empty), "IR to HS")
    assert code == 1 and "pbmkit new" in err
    assert empty.read_bytes() == b""
