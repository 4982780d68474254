"""``pbmkit status`` without click (issue 37, `status` of 1,000 files; docs/performance.md).

The console script runs a ``status`` of plain arguments by :func:`pbmkit.cli.status.quick_status`,
which never imports click; anything else goes through click, whose ``status`` runs the same
:func:`~pbmkit.cli.status.run_status`. Both must give the same bytes on both streams and the same
exit status: each case runs as a whole process twice with the same arguments, once as a player
types it and once with the click-free paths handing every command to click (as each does with
arguments it does not take), each with its own empty config folder unless the case writes one.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from pbmkit.cli.status import MAX_BYTES
from tests.support.console import pbmkit

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DESK = EXAMPLES / "desk"
TODAY = ["--today", "2026-11-23"]


def both_ways(args: list[str], cwd: Path, config: Path) -> tuple[int, bytes, bytes, bool]:
    """Run ``status ARGS`` as typed and through click; assert the same status and bytes. The
    typed run's (status, stdout, stderr, click imported)."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(config)}
    quick = pbmkit(["status", *args], cwd, env=env)
    slow = pbmkit(["status", *args], cwd, through_click=True, env=env)
    assert slow[3], "the run through click imports click"
    assert quick[:3] == slow[:3], (args, quick[:3], slow[:3])
    return quick


def quick_as_click(args: list[str], cwd: Path, config: Path) -> tuple[int, bytes, bytes]:
    """:func:`both_ways`, and the typed run did without click."""
    code, out, err, click_loaded = both_ways(args, cwd, config)
    assert not click_loaded, f"status {args} imported click"
    return code, out, err


def test_the_desk_s_games_and_every_example_read_as_click_reads_them(tmp_path: Path) -> None:
    config = tmp_path / "config"
    for args in (["--me", "Ann Lee", *TODAY], ["--json", "--me=Ann Lee", *TODAY],
                 [*TODAY, "--me", "ann lee", "--me", "Bob Kay", str(DESK)],
                 ["--today", "2027-01-10", "--today=2026-11-23", "--json"],  # the last one counts
                 ["--today", "2027-01-10", "--me", "Eve Marsh", "--", "4-eve-ann.txt"]):
        code, out, err = quick_as_click(args, DESK, config)
        assert (code, err) == (0, b"") and out
    code, out, _ = quick_as_click(["--me", "Ann Lee", *TODAY], DESK, config)
    assert out.splitlines()[1].startswith(b">  1-ann-bob.txt") and b"send a repeat" in out
    code, out, err = quick_as_click([str(EXAMPLES), "--json", *TODAY], tmp_path, config)
    assert code == 0 and out.count(b'"file":') > 10


def test_my_name_from_the_config_file_and_a_config_file_that_is_wrong(tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "pbmkit").mkdir(parents=True)
    (config / "pbmkit" / "config.toml").write_text('me = ["A. Lee", "Ann Lee"]\n',
                                                   encoding="utf-8")
    code, out, _ = quick_as_click([*TODAY, str(DESK)], tmp_path, config)
    assert code == 0 and out.count(b"\n>") == 3
    (config / "pbmkit" / "config.toml").write_text("me = 3\n", encoding="utf-8")
    code, out, err = quick_as_click([*TODAY, str(DESK)], tmp_path, config)
    assert (code, out) == (2, b"") and b"Error: " in err and b"me must be a name" in err
    (config / "pbmkit" / "config.toml").write_text("me = \n", encoding="utf-8")
    code, _, err = quick_as_click([*TODAY, str(DESK)], tmp_path, config)
    assert code == 2 and b"not TOML" in err
    shutil.rmtree(config / "pbmkit")
    code, out, _ = quick_as_click([*TODAY, str(DESK)], tmp_path, config)  # no config: a hint
    assert code == 0 and b"(tell pbmkit who you are with --me NAME" in out


def test_unreadable_large_empty_hostile_and_missing_files_read_as_click_reads_them(
        tmp_path: Path) -> None:
    config = tmp_path / "config"
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DESK / "1-ann-bob.txt", games / "1-ann-bob.txt")
    (games / "latin.txt").write_bytes('[White "Müller"]\n'.encode("latin-1"))
    (games / "empty.txt").write_text("", encoding="utf-8")
    record = (DESK / "4-eve-ann.txt").read_text(encoding="utf-8")
    (games / "big.txt").write_text(record + "{" + "a long comment " * (MAX_BYTES // 15) + "}\n",
                                   encoding="utf-8")
    (games / "bad.txt").write_text('[Game "Batalo"]\n[White "A\x1b[31mred"]\n[Black "B"]\n\n'
                                   "1. IR to HS DX to FV\n2. IR to IQ\n", encoding="utf-8")
    (games / "caf\u00e9 \x1b[2J.txt").write_text(record, encoding="utf-8")
    for flags in ([], ["--json"]):
        code, out, err = quick_as_click([*flags, *TODAY, str(games)], tmp_path, config)
        assert code == 1 and b"not UTF-8" in err and b"larger than 1,000,000 bytes: skipped" in err
        assert b"empty.txt: no game in this file" in err and b"\x1b" not in out + err
    code, out, _ = quick_as_click([*TODAY, "games/bad.txt"], tmp_path, config)
    assert code == 0 and out.splitlines()[1].rstrip().endswith(b"ERRORS (pbmkit check)")
    code, out, err = quick_as_click([*TODAY, "games", "no/such/folder"], tmp_path, config)
    assert code == 2 and err.endswith(b"\nError: no/such/folder: no such file or folder\n")
    (tmp_path / "nothing").mkdir()
    code, out, err = quick_as_click(["nothing", *TODAY], tmp_path, config)
    assert (code, out, err) == (0, b"no games found\n", b"")


def test_what_click_alone_decides_still_goes_through_click(tmp_path: Path) -> None:
    """A wrong date (usage error: printed with the usage line), standard input, ``--help``, a
    value starting with ``-``, an option status does not have: click runs them, as before."""
    config = tmp_path / "config"
    for args, status in ((["--today", "soon", str(DESK)], 2), (["-"], 0), (["--help"], 0),
                         (["--me", "-x", *TODAY, str(DESK)], 0), (["--json=yes", str(DESK)], 2),
                         (["--jso", str(DESK)], 2), (["--me"], 2)):
        code, _, err, click_loaded = both_ways(args, tmp_path, config)
        assert click_loaded, args
        assert code == status, (args, err)
    code, _, err, _ = both_ways(["--today", "soon", str(DESK)], tmp_path, config)
    assert b"Usage: pbmkit status" in err and b"'soon' is not a date like 2026-11-21" in err
