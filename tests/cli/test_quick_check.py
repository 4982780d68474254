"""``pbmkit check FILE...`` without click (issue 22, speed; docs/performance.md).

The console script runs a ``check`` of plain file arguments by :func:`pbmkit.cli.checking.
quick_check`, which never imports click (a quarter of the command's start-up); anything else goes
through click. Both must give the same bytes on both streams and the same exit status: each case
runs as a whole process twice, once as a player types it (the quick path) and once with
``--max-problems 20`` (the default, so the same report) added, which only click takes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.console import PROBE, pbmkit

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.txt"))



def same_as_click(args: list[str], cwd: Path) -> tuple[int, bytes, bytes]:
    """Run ``check ARGS`` both ways; assert the quick way did without click and gave click's
    bytes and status. The quick way's (status, stdout, stderr)."""
    quick = pbmkit(["check", *args], cwd)
    slow = pbmkit(["check", "--max-problems", "20", *args], cwd)
    assert slow[3], "the --max-problems run goes through click"
    assert not quick[3], "a check of plain files imports click"
    assert quick[:3] == slow[:3]
    return quick[:3]


@pytest.mark.parametrize("flags", [[], ["-q"], ["--json"], ["--quiet", "--json", "-q"]])
def test_every_example_checks_as_click_checks_it_without_click(flags: list[str]) -> None:
    code, out, _ = same_as_click([*flags, *map(str, EXAMPLES)], EXAMPLES[0].parent)
    assert code in (0, 1) and (out or flags == ["-q"])


def test_problems_unreadable_files_and_hostile_names_read_as_click_reads_them(
        tmp_path: Path) -> None:
    good = EXAMPLES[0].read_text(encoding="utf-8")
    (tmp_path / "good.txt").write_text(good, encoding="utf-8")
    # An illegal move, a warning, and more problems than --max-problems shows.
    bad = '[Game "Batalo"]\n[White "A\x1b[31mred"]\n[Black "B"]\n\n' + "1. IR to HS EV to FU\n" * 30
    (tmp_path / "bad.txt").write_text(bad, encoding="utf-8")
    (tmp_path / "latin.txt").write_bytes("[White \"Müller\"]\n".encode("latin-1"))
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "bom.txt").write_text("\ufeff" + good, encoding="utf-8")
    names = ["good.txt", "bad.txt", "missing.txt", "latin.txt", "empty.txt", "bom.txt",
             "caf\u00e9 \x1b[2J.txt"]
    for flags in ([], ["--json"], ["-q"]):
        code, out, err = same_as_click([*flags, *names], tmp_path)
        assert code == 2 and b"cannot read missing.txt" in err and b"not UTF-8" in err
        assert b"\x1b" not in out + err
    code, out, err = same_as_click(["bad.txt"], tmp_path)
    assert code == 1 and b"INVALID" in out and b"more problem(s)" in out


def test_what_click_alone_decides_still_goes_through_click(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    for args in (["check", "folder"], ["check"], ["check", "--help"], ["check", "-"],
                 ["check", "--", "x.txt"], ["check", "-x", "x.txt"]):
        code, _, err, click_loaded = pbmkit(args, tmp_path)
        assert click_loaded, args
        assert code == {"--help": 0, "-": 1}.get(args[-1], 2), (args, err)
    code, _, err, _ = pbmkit(["check", "folder"], tmp_path)
    assert b"is a directory" in err


# --- The lean check against the full replay, as whole processes: this file runs in the compiled
# stage of `make test` too (scripts/test_compiled.py), where the switch must still switch.

FULL_REPLAY = "PBMKIT_FULL_REPLAY"
"""pbmkit.desk.summary.FULL_REPLAY_VARIABLE (not imported: the test runs the command only)."""

DESK_PROBE = """\
import atexit, sys
atexit.register(lambda: sys.__stderr__.write("\\n<desk %s>" % ("pbmkit.desk.dates" in sys.modules)))
from pbmkit.cli import main
sys.argv = ["pbmkit", *sys.argv[1:]]
main()
"""

SHUTTLE = '[Game "Batalo"]\n[TimeControl "2"]\n\n' + "".join(
    f"{k}. IR to HS {{[%ccsnt 2026.11.{k % 20 + 10}]}} EV to FU\n" if k % 2 else
    f"{k}. HS to IR FU to EV {{[%ccrcv 2026.11.20] [%ccsnt 2026.11.{k % 20 + 10}]}}\n"
    for k in range(1, 60))


def _run(args: list[str], cwd: Path, full: bool, probe: str = PROBE) -> tuple[int, bytes, bytes]:
    import os

    env = {k: v for k, v in os.environ.items() if k != FULL_REPLAY}
    if full:
        env[FULL_REPLAY] = "1"
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=cwd, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=300, env=env)
    return done.returncode, done.stdout, done.stderr


def test_check_prints_the_same_by_the_lean_path_as_by_the_full_replay(tmp_path: Path) -> None:
    """Every example (plain and dated records), an archive past 64 KiB (read a chunk of games at a
    time), a dated game shuttling between two positions with the desk's warnings and a record with
    a no-break space: the same bytes and status, lean or every game replayed."""
    root = EXAMPLES[0].parent
    texts = [p.read_text(encoding="utf-8-sig")
             for p in (*EXAMPLES, *sorted((root / "desk").glob("*.txt")))]
    (tmp_path / "archive.txt").write_text("\n".join(texts * 6), encoding="utf-8")
    (tmp_path / "shuttle.txt").write_text(SHUTTLE, encoding="utf-8")
    (tmp_path / "nbsp.txt").write_text(SHUTTLE.replace("\n3. ", "\n\u00a03. "), encoding="utf-8")
    assert len((tmp_path / "archive.txt").read_text(encoding="utf-8")) > 1 << 16
    files = [str(p) for p in (*EXAMPLES, *sorted((root / "desk").glob("*.txt")))]
    files += ["archive.txt", "shuttle.txt", "nbsp.txt"]
    for flags in ([], ["--json"]):
        lean = _run(["check", *flags, *files], tmp_path, False)
        full = _run(["check", *flags, *files], tmp_path, True)
        assert lean == full
        assert lean[0] == 1 and lean[1].count(b"time overstepped") >= 1
    code, out, _ = _run(["check", "shuttle.txt", "nbsp.txt"], tmp_path, False)
    assert code == 1
    assert b"shuttle.txt: game 1: valid" in out and b"unexpected character '\\xa0'" in out


def test_the_switch_to_the_full_replay_switches_in_this_build(tmp_path: Path) -> None:
    """The lean path checks a plain record without the desk's module, the full replay asks the
    desk for its clocks: the variable is seen to take effect (in the compiled build as well)."""
    (tmp_path / "plain.txt").write_text('[Game "Batalo"]\n\n1. IR to HS EV to FU\n', encoding="utf-8")
    lean = _run(["check", "plain.txt"], tmp_path, False, DESK_PROBE)
    full = _run(["check", "plain.txt"], tmp_path, True, DESK_PROBE)
    assert lean[:2] == full[:2] == (0, b"plain.txt: game 1: valid; 1 turn(s); game still going\n")
    assert lean[2].endswith(b"<desk False>") and full[2].endswith(b"<desk True>")


def test_check_leaves_the_collector_as_it_found_it(tmp_path: Path) -> None:
    """``check`` keeps what start-up made out of the collector's passes while it runs
    (``gc.freeze``: docs/performance.md); a program or test that runs it in its own process gets
    its collector back as it was, whether the check passes, fails or cannot read a file."""
    import gc

    from click.testing import CliRunner

    from pbmkit.cli import cli

    good = tmp_path / "good.txt"
    good.write_text('[Game "Batalo"]\n\n1. IR to HS EV to FU\n', encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Batalo"]\n\n1. IR to IR\n', encoding="utf-8")
    before = gc.get_freeze_count(), gc.get_threshold(), gc.isenabled()
    for args, code in (([str(good)], 0), ([str(bad)], 1), ([str(tmp_path / "none.txt")], 2),
                       (["--json", str(good), str(bad)], 1)):
        done = CliRunner().invoke(cli, ["check", *args])
        assert done.exit_code == code, done.output
        assert (gc.get_freeze_count(), gc.get_threshold(), gc.isenabled()) == before
