"""Broken and hostile input never passes silently nor floods the terminal (issue 9, items 4, 5,
6 and 12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.records import check_text
from pbmkit.records.problems import quote_line

GOOD = '[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n\n1. IR to HS EV to FU\n'
# Turn 2's black move lies inside a comment that is never closed, and turn 3 is illegal.
UNCLOSED = ('[Game "Batalo"]\n\n1. IR to HS EV to FU\n2. JQ to IR {\n DV to DU\n'
            '3. IS to HR\n')
ILLEGAL = '[Game "Batalo"]\n\n1. IR to HS EV to FU\n2. JQ to AA DV to DU\n3. IS to HR\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- item 4 --------------------------------------------------------------------------------


def test_check_goes_on_past_an_unreadable_file(tmp_path: Path) -> None:
    """Issue 9, item 4: `check nope.txt a.txt b.txt` reports nope.txt, checks the others, exit 2."""
    a = write(tmp_path, "a.txt", GOOD)
    b = write(tmp_path, "b.txt", ILLEGAL)
    code, out, err = run("check", str(tmp_path / "nope.txt"), a, b)
    assert code == 2
    assert "nope.txt" in err and "cannot read" in err
    assert f"{a}: game 1 (Ann v Bob): valid" in out
    assert f"{b}: game 1: INVALID" in out


def test_check_json_names_the_unreadable_file_in_its_array(tmp_path: Path) -> None:
    """Issue 9, item 4: --json still prints its array, with an entry for the unreadable file."""
    a = write(tmp_path, "a.txt", GOOD)
    nope = str(tmp_path / "nope.txt")
    code, out, _ = run("check", "--json", nope, a)
    assert code == 2
    entries = json.loads(out)
    assert entries[0]["file"] == nope and entries[0]["valid"] is False
    assert "cannot read" in entries[0]["error"]
    assert entries[1]["file"] == a and entries[1]["valid"] is True


# --- item 5 --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["moves", "{f}"], ["show", "{f}"], ["convert", "{f}", "--to", "json"],
    ["convert", "{f}", "--to", "pbmserv"], ["fmt", "{f}"], ["fmt", "--stdout", "{f}"],
    ["chart", "{f}", "-o", "{d}/c.pdf"], ["mailer", "{f}", "-o", "{d}/m.pdf"],
])
def test_every_command_says_a_record_is_broken_and_exits_1(tmp_path: Path,
                                                           command: list[str]) -> None:
    """Issue 9, item 5: a record with errors is reported, exit status 1, never silently used;
    fmt does not rewrite it."""
    f = write(tmp_path, "bad.txt", ILLEGAL)
    code, _, err = run(*(c.format(f=f, d=tmp_path) for c in command))
    assert code == 1
    assert "JQ to AA" in err or "AA is not a space" in err
    assert Path(f).read_text(encoding="utf-8") == ILLEGAL
    assert not (tmp_path / "c.pdf").exists() and not (tmp_path / "m.pdf").exists()


@pytest.mark.parametrize("command", [
    ["check", "{f}"], ["moves", "{f}"], ["show", "{f}"], ["convert", "{f}", "--to", "json"],
    ["fmt", "{f}"], ["fmt", "--check", "{f}"], ["chart", "{f}", "-o", "{d}/c.pdf"],
    ["mailer", "{f}", "-o", "{d}/m.pdf"], ["move", "{f}", "IR to HS"],
])
def test_an_empty_file_is_exit_1_in_every_command(tmp_path: Path, command: list[str]) -> None:
    """Issue 9, item 5: an empty file means the same exit code (1, as check) everywhere."""
    f = write(tmp_path, "empty.txt", "")
    code, _, err = run(*(c.format(f=f, d=tmp_path) for c in command))
    assert code == 1
    assert "no game in this file" in err
    assert Path(f).read_bytes() == b""


def test_show_never_draws_a_move_inside_an_unclosed_comment(tmp_path: Path) -> None:
    """Issue 9, item 5: DV to DU lies inside `{ unclosed`: the board is that after JQ to IR, and
    the note names the first error (the comment)."""
    f = write(tmp_path, "u.txt", UNCLOSED)
    (rep,) = check_text(UNCLOSED, f)
    assert [p.text for p in rep.main][-1] == "DV to DU"  # the replay alone would draw it
    code, out, err = run("show", f)
    assert code == 1
    assert "Last move: 2. White JQ to IR" in out and "DV to DU" not in out
    assert "Black to move." in out
    assert "4:13" in err and "never closed" in err
    code, out, err = run("moves", f, "--json")
    assert code == 1 and json.loads(out)["side"] == "black"


def test_show_turn_after_the_first_error_is_refused(tmp_path: Path) -> None:
    """Issue 9, item 5: --turn cannot reach past the first error."""
    f = write(tmp_path, "u.txt", UNCLOSED)
    code, _, err = run("show", f, "--turn", "2")
    assert code == 1  # turn 2 = JQ to IR only: drawn, with the note
    code, _, err = run("show", f, "--turn", "3")
    assert code == 2 and "before the record's first error" in err


# --- item 6 --------------------------------------------------------------------------------


def test_problems_per_game_are_bounded_and_counted(tmp_path: Path) -> None:
    """Issue 9, item 6: 20 problems by default, then "… and N more"; --max-problems N."""
    f = write(tmp_path, "z.txt", '[Game "Batalo"]\n\n1. IR to HS ' + " ".join(["}"] * 100) + "\n")
    (rep,) = check_text(Path(f).read_text(encoding="utf-8"), f)
    total = len(rep.errors) + len(rep.warnings)
    assert total > 25
    code, out, _ = run("check", f)
    assert code == 1
    assert out.count(f"{f}:3:") == 20
    assert f"… and {total - 20} more problem(s) in game 1" in out
    code, out, _ = run("check", "--max-problems", "5", f)
    assert out.count(f"{f}:3:") == 5 and f"… and {total - 5} more" in out
    code, out, _ = run("check", "--max-problems", "0", f)
    assert out.count(f"{f}:3:") == total and "more problem" not in out


def test_a_long_line_is_quoted_around_the_error_so_output_stays_linear(tmp_path: Path) -> None:
    """Issue 9, item 6: a 90,000-character line: each problem quotes ~72 characters of it."""
    f = write(tmp_path, "long.txt", '[Game "Batalo"]\n\n1. ' + " ".join(["zz"] * 30000) + "\n")
    code, out, _ = run("check", "--max-problems", "0", f)
    assert code == 1
    lines = out.splitlines()
    assert max(len(line) for line in lines) < 200
    assert len(out) < 400 * 30000  # was ~4 GB: the whole line per problem
    code, out, _ = run("check", f)
    assert len(out) < 10_000


def test_a_cut_line_keeps_the_caret_under_the_error() -> None:
    """Issue 9, item 6: the caret still points at the error column in the cut line."""
    line = "a" * 5000 + "X" + "b" * 5000
    shown, caret = quote_line(line, 5001)
    assert shown[caret] == "X" and shown.startswith("…") and shown.endswith("…")
    assert len(shown) <= 74
    assert quote_line("1. IR to HS", 4) == ("1. IR to HS", 3)


# --- item 12 -------------------------------------------------------------------------------


HOSTILE = ('[Game "Batalo"]\n[White "Ann\x07\x1b[2J\x1b]0;pwned\x07"]\n[Black "Bob\x9b31m"]\n\n'
           '1. IR to HS { \x1b[31m red } EV to FU\n2. JQ\x1b[1m to IR\n')


def test_control_codes_in_tags_comments_and_moves_are_shown_escaped(tmp_path: Path) -> None:
    """Issue 9, item 12: check, show and error messages never echo C0/C1 codes raw."""
    f = write(tmp_path, "h.txt", HOSTILE)
    for args in (["check", f], ["show", f], ["moves", f], ["move", f, "X\x1b[2J"],
                 ["fmt", f], ["status", f]):
        _, out, err = run(*args)
        for stream in (out, err):
            assert not any((ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f
                           for c in stream), (args, stream)
    _, out, _ = run("check", f)
    assert "\\x1b" in out
    _, out, _ = run("check", write(tmp_path, "g.txt", HOSTILE.replace("2. JQ\x1b[1m to IR\n", "")))
    assert "(Ann\\x07\\x1b[2J\\x1b]0;pwned\\x07 v Bob\\x9b31m)" in out


def test_invisible_and_reordering_characters_in_names_are_shown_escaped(tmp_path: Path) -> None:
    """Issue 36: the record commands escape what the referee escapes: zero-width and format
    characters too (a name that looks like another's), not only controls and bidi overrides."""
    f = write(tmp_path, "z.txt", GOOD.replace("Ann", "An\u200bn\ufeff\xad"))
    _, out, _ = run("check", f)
    assert "An\\u200bn\\ufeff\\xad" in out and "\u200b" not in out


def test_a_huge_name_is_shortened_in_the_one_line_summary(tmp_path: Path) -> None:
    """Issue 9, item 12: a 10,000-character name does not fill the terminal."""
    f = write(tmp_path, "n.txt", GOOD.replace("Ann", "A" * 10_000))
    code, out, _ = run("check", f)
    assert code == 0
    (line,) = out.splitlines()
    assert len(line) < 200 and "10,000 characters" in line
