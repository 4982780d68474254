"""What a hostile record, a shell or a pipe can hand the command line (issue 22, section 3):
a Layout tag naming a FIFO, a device or a path outside the layouts folder; arguments that are not
UTF-8; a reader that closes the pipe early. Each is one clear line and a fixed exit status, never
a hang, a traceback or a flood.

Every command runs in a real process (the pipe, the bytes of argv and a hang need one), with a
timeout as a guard against a hang: the timeout is no claim about speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from email.message import EmailMessage
from pathlib import Path

import pytest

GUARD = 120
"""Seconds before a command is taken for hung (far beyond what any of them needs)."""


def pbmkit(args: Sequence[str | bytes], *, cwd: Path, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m pbmkit ARGS``; a hang fails the test instead of the suite."""
    full = {**os.environ, **(env or {})}
    try:
        return subprocess.run([sys.executable, "-m", "pbmkit", *args], cwd=cwd, env=full,
                              capture_output=True, timeout=GUARD, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pbmkit {' '.join(map(str, args))} hung (no answer in {GUARD} s)")


# --- A Layout tag naming a FIFO, a device, a path ------------------------------------------

LAYOUT = """name = "small"
version = "duel"
files = 5
ranks = 6
towers = 2
x_squares = ["a6", "e6"]
camp = ["a1", "b1", "c1", "d1", "e1"]
[[knights]]
facing = "N"
squares = ["a1", "c1", "e1"]
"""


def record(layout: str) -> str:
    return (f'[Game "Batrakill"]\n[Layout "{layout}"]\n[Knights "Ann Lee"]\n[Dragon "Bob Kay"]\n'
            '[Number "7"]\n[KnightsEmail "ann@example.org"]\n[DragonEmail "bob@example.net"]\n\n'
            "1. a1-a2\n")


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """(the layouts folder, the games folder); the layouts folder is also the commands' working
    directory, where pbmkit once looked for a layout file."""
    layouts, games = tmp_path / "layouts", tmp_path / "games"
    layouts.mkdir()
    games.mkdir()
    return layouts, games


def hostile_layouts(layouts: Path, tmp_path: Path) -> dict[str, str]:
    """name of the case -> the Layout tag's value, each file laid out in or around ``layouts``."""
    outside = tmp_path / "outside.toml"
    outside.write_text(LAYOUT, encoding="utf-8")
    os.mkfifo(layouts / "fifo.toml")
    os.symlink("/dev/zero", layouts / "zero.toml")
    os.symlink(outside, layouts / "out.toml")
    with open(layouts / "huge.toml", "wb") as fh:  # 100 MB, sparse: no disk is used
        fh.truncate(100_000_000)
    return {
        "fifo": "fifo.toml",
        "device": "zero.toml",
        "absolute path": str(outside),
        "parent folder": "../outside.toml",
        "symlink out of the folder": "out.toml",
        "100 MB file": "huge.toml",
    }


REFUSALS = {
    "fifo": "not a regular file",
    "device": "leads out of the layouts folder",
    "absolute path": "by its file name alone",
    "parent folder": "by its file name alone",
    "symlink out of the folder": "leads out of the layouts folder",
    "100 MB file": "longer than 64000 bytes",
}


def reply(layout_game: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Bob Kay <bob@example.net>"
    msg["To"] = "ann@example.org"
    msg["Subject"] = f"Re: Batrakill #7, 1. a1-a2 ({layout_game})"
    msg["Date"] = "Wed, 16 Sep 2026 10:00:00 +0000"
    msg["Message-ID"] = "<r1@example.net>"
    msg.set_content("1... D c3-c4\n")
    return msg.as_bytes()


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_hostile_layout_tag_is_refused_by_check_status_and_mail_read(
        tmp_path: Path, folders: tuple[Path, Path], case: str) -> None:
    layouts, games = folders
    tag = hostile_layouts(layouts, tmp_path)[case]
    game = games / "7-ann-bob.txt"
    game.write_text(record(tag), encoding="utf-8")
    before = game.read_bytes()
    env = {"PBMKIT_LAYOUTS": str(layouts)}
    checked = pbmkit(["check", str(game)], cwd=layouts, env=env)
    assert checked.returncode == 1
    assert REFUSALS[case] in checked.stdout.decode(), checked.stdout
    assert b"Traceback" not in checked.stderr
    status = pbmkit(["status", str(games), "--me", "Ann Lee", "--today", "2026-10-01"],
                    cwd=layouts, env=env)
    assert status.returncode in (0, 1) and b"Traceback" not in status.stderr
    assert b"7-ann-bob.txt" in status.stdout
    mailbox = tmp_path / "m.eml"
    mailbox.write_bytes(reply(case))
    read = pbmkit(["mail", "read", str(mailbox), "--games", str(games)], cwd=layouts, env=env)
    assert read.returncode == 1 and b"Traceback" not in read.stderr
    assert game.read_bytes() == before


def test_a_layout_file_in_the_layouts_folder_is_read(folders: tuple[Path, Path]) -> None:
    layouts, games = folders
    (layouts / "small.toml").write_text(LAYOUT, encoding="utf-8")
    os.symlink("small.toml", layouts / "alias.toml")  # a symlink inside the folder is followed
    for name in ("small.toml", "alias.toml"):
        game = games / f"{name}.txt"
        game.write_text(record(name), encoding="utf-8")
        done = pbmkit(["check", str(game)], cwd=games, env={"PBMKIT_LAYOUTS": str(layouts)})
        assert done.returncode == 0, done.stdout + done.stderr
        assert b"valid" in done.stdout


def test_without_the_variable_layouts_come_from_the_config_folder(tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "pbmkit" / "layouts").mkdir(parents=True)
    (config / "pbmkit" / "layouts" / "small.toml").write_text(LAYOUT, encoding="utf-8")
    game = tmp_path / "g.txt"
    game.write_text(record("small.toml"), encoding="utf-8")
    env = {"XDG_CONFIG_HOME": str(config), "PBMKIT_LAYOUTS": ""}
    done = pbmkit(["check", str(game)], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr


# --- Arguments that are not UTF-8 ----------------------------------------------------------

GAME = '[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n\n1. IR to HS EV to FU\n'


@pytest.mark.parametrize("args", [
    [b"new", b"g2.txt", b"--white", b"M\xfcller", b"--black", b"Bob"],
    [b"comment", b"g.txt", b"gut gespielt, M\xfcller"],
    [b"unclear", b"g.txt", b"--why", b"M\xfcller?"],
    [b"move", b"g.txt", b"JQ to JS \xff"],
    [b"check", b"caf\xe9.txt"],
])
def test_an_argument_that_is_not_utf8_is_one_line_and_exit_2(tmp_path: Path,
                                                              args: list[bytes]) -> None:
    game = tmp_path / "g.txt"
    game.write_text(GAME, encoding="utf-8")
    done = pbmkit(args, cwd=tmp_path)
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "is not UTF-8 text" in err and "Traceback" not in err
    assert done.stdout == b""
    assert game.read_text(encoding="utf-8") == GAME
    assert not (tmp_path / "g2.txt").exists()


def test_utf8_arguments_are_taken(tmp_path: Path) -> None:
    done = pbmkit(["new", "g.txt", "--white", "Müller", "--black", "Bob"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert '[White "Müller"]' in (tmp_path / "g.txt").read_text(encoding="utf-8")


# --- A reader that closes the pipe ---------------------------------------------------------

ARCHIVE_GAMES = 1500
"""Enough games that check, status and convert write more than a pipe holds (64 KiB)."""


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    path = tmp_path / "archive.txt"
    path.write_text("\n".join(GAME.replace('"Ann"', f'"Ann {k}"') for k in range(ARCHIVE_GAMES)),
                    encoding="utf-8")
    return path


def close_the_pipe(args: Sequence[str], cwd: Path, *, after_first_line: bool
                   ) -> tuple[int, bytes, bytes]:
    """Run pbmkit with standard output a pipe its reader closes: after the first line (``| head
    -1``) or before reading anything (``| true``). (exit status, first line, standard error)"""
    proc = subprocess.Popen([sys.executable, "-m", "pbmkit", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline() if after_first_line else b""
    proc.stdout.close()
    try:
        err = proc.stderr.read()
        code = proc.wait(timeout=GUARD)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"pbmkit {' '.join(args)} hung after its reader went away")
    return code, first, err


@pytest.mark.parametrize("command", [["check"], ["status"], ["convert", "--to", "json"]])
def test_a_pipe_closed_after_the_first_line_ends_the_command_quietly(
        tmp_path: Path, archive: Path, command: list[str]) -> None:
    code, first, err = close_the_pipe([command[0], str(archive), *command[1:]], tmp_path,
                                      after_first_line=True)
    assert first  # the command had written a line before its reader went away
    assert err == b""
    # 128 + SIGPIPE, as a shell reports a Unix tool ended by a closed pipe. One write larger than
    # the pipe (convert's JSON) may instead end short and quietly: Python's buffered writer
    # reports a partial write as done. Never 1, which reads as "a record with errors".
    assert code == 141 if command[0] != "convert" else code in (0, 141)


@pytest.mark.parametrize("args", [
    ["check", "archive.txt"], ["status", "archive.txt"], ["moves", "archive.txt", "--game", "1"],
    ["show", "archive.txt", "--game", "2"], ["board", "--rules", "batrakill"],
    ["fmt", "g.txt", "--stdout"], ["convert", "g.txt", "--to", "pbmserv"],
    ["--help"], ["--version"], ["check", "--help"],
])
def test_a_pipe_closed_before_reading_ends_every_writing_command_quietly(
        tmp_path: Path, archive: Path, args: list[str]) -> None:
    (tmp_path / "g.txt").write_text(GAME, encoding="utf-8")
    code, _, err = close_the_pipe(args, tmp_path, after_first_line=False)
    assert (code, err) == (141, b"")
    assert (tmp_path / "g.txt").read_text(encoding="utf-8") == GAME
