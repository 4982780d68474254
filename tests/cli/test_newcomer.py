"""Issue 34, "What a newcomer met": the help, a mistyped command, a move that is no move, `show`
writing a picture, and one table of exit codes that every command keeps (docs/cli.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GROUPS = ("mail", "event", "referee", "draw")


def _run(*args: object, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], env=env, terminal_width=80)


# --- the help and a mistyped command ----------------------------------------------------------

def test_pbmkit_alone_prints_its_help_and_exits_0() -> None:
    """Before: ``pbmkit`` alone printed the help as a usage error, exit 2."""
    done = subprocess.run([sys.executable, "-m", "pbmkit"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Commands:" in done.stdout and "show" in done.stdout and done.stderr == ""
    for group in GROUPS:
        result = _run(group)
        assert result.exit_code == 0, (group, result.output)
        assert "Commands:" in result.stdout


@pytest.mark.parametrize(("args", "meant"), [
    (["shwo"], "show"), (["moev", "g.txt"], "move"), (["stauts"], "status"),
    (["mail", "compse"], "compose"), (["referee", "rnu"], "run"), (["event", "tabel"], "table"),
    (["draw", "ofer"], "offer"),
])
def test_a_mistyped_command_gets_did_you_mean(args: list[str], meant: str) -> None:
    """Before: ``pbmkit shwo`` said "No such command 'shwo'." and no more."""
    result = _run(*args)
    assert result.exit_code == 2, result.output
    assert f"No such command '{args[-2] if args[0] == 'moev' else args[-1]}'" in result.output
    assert f"Did you mean '{meant}'" in result.output


def test_a_command_nothing_resembles_gets_no_guess() -> None:
    result = _run("zzzzzz\x1b")
    assert result.exit_code == 2
    assert "No such command 'zzzzzz\\x1b'." in result.output and "Did you mean" not in result.output


def _summaries(help_text: str) -> dict[str, str]:
    """The commands of a help's ``Commands:`` section and their summaries (lines joined)."""
    rows: dict[str, str] = {}
    name = ""
    for line in help_text.split("Commands:", 1)[1].splitlines():
        m = re.match(r"^  (\S+)\s+(.*)$", line)
        if m is not None:
            name = m.group(1)
            rows[name] = m.group(2)
        elif line.strip() and name:
            rows[name] += " " + line.strip()
    return rows


@pytest.mark.parametrize("group", [None, *GROUPS])
def test_no_summary_in_a_groups_help_is_cut(group: str | None) -> None:
    """Before: click cut a long first sentence at the width, mid-word ("Write the e-mail of
    FILE's last move to the opponent (RFC..."). Now every summary is whole: it ends a sentence."""
    result = _run(*([group] if group else []), "--help")
    assert result.exit_code == 0, result.output
    rows = _summaries(result.stdout)
    assert len(rows) >= 3, result.stdout
    for name, text in rows.items():
        assert "..." not in text, (group, name, text)
        assert re.search(r"[.?!]\)?$", text), (group, name, text)


def test_the_top_help_says_show_draws_png_too() -> None:
    """Before: "Draw the board of a record (terminal or SVG)." though --png writes a picture."""
    show = _summaries(_run("--help").stdout)["show"]
    assert "PNG" in show and "SVG" in show, show


# --- a move that is no move -------------------------------------------------------------------

def _new_record(tmp_path: Path, name: str) -> Path:
    game = get_game(name)
    path = tmp_path / f"{name}.txt"
    players = [f"--player={side}=P{k}" for k, side in enumerate(game.order)]
    result = _run("new", "--rules", name, *players, path)
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("junk", ["Banana", "hello world"])
def test_a_move_that_is_no_move_says_what_was_read_and_how_moves_look(
        tmp_path: Path, name: str, junk: str) -> None:
    """Before: Batalo said "BA is not a space of the board" for ``banana`` (its first two
    letters read as a space's name), Hex quoted the text in lower case, Baladãna did not name
    its game or its example. Now every game's first line quotes the text as typed, names the game,
    and shows how its moves are written (the notation's example)."""
    game = get_game(name)
    record = _new_record(tmp_path, name)
    before = record.read_bytes()
    result = _run("move", record, junk)
    assert result.exit_code == 1, result.output
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"Illegal move '{junk}': '{junk}'"), first
    assert game.title in first and game.notation.example.split()[-1] in first, first
    assert "is not a space" not in first, first
    assert record.read_bytes() == before


# --- show writing a picture -------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--svg", "--png"])
def test_show_writing_a_picture_prints_the_board_only_with_v(tmp_path: Path,
                                                            option: str) -> None:
    """Before: ``show --png board.png`` printed the whole text board as well."""
    record = EXAMPLES / "01-short-base-win.txt"
    out = tmp_path / f"board{option.replace('--', '.')}"
    quiet = _run("show", record, option, out)
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stdout == f"Wrote {out}\n"
    assert out.stat().st_size > 0
    loud = _run("show", record, option, out, "-v")
    assert loud.exit_code == 0
    plain = _run("show", record)
    assert loud.stdout == plain.stdout + f"Wrote {out}\n"


# --- one table of exit codes ------------------------------------------------------------------

def _table() -> dict[str, int]:
    """docs/cli.md's table of exit codes: class -> code."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d+) \| (\w+) \|", section, re.M)
    return {name: int(code) for code, name in rows}


def test_the_table_has_one_code_a_class() -> None:
    table = _table()
    assert table == {"done": 0, "refused": 1, "unusable": 2, "interrupted": 130, "pipe": 141}


def _cases(tmp: Path) -> list[tuple[str, list[object]]]:
    """(class, arguments) of commands of each class, their files made in ``tmp``."""
    record = _new_record(tmp, "batalo")
    assert _run("move", record, "IR to HS").exit_code == 0  # a move to mail, no address tags
    broken = tmp / "broken.txt"
    broken.write_text(record.read_text() + "1... IR to AA\n")
    event = tmp / "event"  # the players' addresses, no organiser's
    assert _run("event", "new", event, "--players",
                EXAMPLES / "events" / "billo-7.csv", "--rules", "billo").exit_code == 0
    busy = tmp / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine\n")
    return [
        ("done", ["--help"]), ("done", []), ("done", ["event"]),
        ("done", ["check", record]), ("done", ["show", record]),
        ("refused", ["check", broken]), ("refused", ["move", record, "IR to XX"]),
        ("refused", ["move", broken, "CW to BX"]),
        ("unusable", ["shwo"]), ("unusable", ["move", record, "--bogus"]),
        ("unusable", ["show", tmp / "missing.txt"]),
        # no address to send from or to, in each command that mails
        ("unusable", ["mail", "compose", record]), ("unusable", ["mail", "send", record]),
        ("unusable", ["event", "mail", event]),
        ("unusable", ["referee", "run", tmp]), ("unusable", ["referee", "init", busy]),
        ("unusable", ["referee", "status", tmp]),
    ]


def test_the_commands_keep_the_table_of_exit_codes(tmp_path: Path) -> None:
    """Before: "no address" was exit 1 in ``mail compose`` and 2 in ``event mail``; ``referee
    run`` on a folder that is no club said 1 where every other command's unusable settings say
    2. Each case here is a command of one class of docs/cli.md's table."""
    table = _table()
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path / "home"),
           "PBMKIT_SMTP_PASSWORD": ""}
    wrong = []
    (tmp_path / "files").mkdir()
    for kind, args in _cases(tmp_path / "files"):
        result = _run(*args, env=env)
        if result.exit_code != table[kind] or "Traceback" in result.output:
            wrong.append((kind, [str(a) for a in args], result.exit_code, result.output[-300:]))
    assert not wrong, wrong
