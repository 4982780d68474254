"""Ctrl-C in the middle of a command that runs without click ends it as click's ``main`` does.

``pbmkit check`` and ``status`` of plain arguments run without click (:mod:`pbmkit.cli.checking`,
:mod:`pbmkit.cli.status`); their ending (:func:`pbmkit.cli.refusals.run_as_click`) reports an
interrupt as click does: an empty line and ``Aborted!`` on standard error, exit status 1, no
traceback. The command is interrupted while it is writing its report: it writes more than a pipe
holds and the test reads one line, then sends SIGINT to the process, blocked in its next write.
Each runs twice, as typed and with the click-free paths handing it to click.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.console import CLICK_ONLY, PROBE

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "01-short-base-win.txt"
GAMES = 1500
"""Enough games that the report is longer than a pipe holds (64 KiB)."""
GUARD = 120


def _as_at_a_terminal() -> None:
    """Ctrl-C as a command typed at a terminal gets it: a suite run in the background (``make
    test &``, a CI job started so) ignores SIGINT, its children inherit that, and Python then
    never turns SIGINT into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(args: list[str], cwd: Path, through_click: bool) -> tuple[int, bytes, bool]:
    """Run the console script's ``main`` on ``args``, read its first line, interrupt it: (exit
    status, standard error, whether click was imported)."""
    probe = CLICK_ONLY + PROBE if through_click else PROBE
    proc = subprocess.Popen([sys.executable, "-c", probe, *args], cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_as_at_a_terminal)
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err, _, mark = err.rpartition(b"\n<click ")
    assert mark in (b"True>", b"False>"), err[-2000:]
    return proc.returncode, err, mark == b"True>"


@pytest.mark.parametrize("args", [
    ["check", "archive.txt"],
    ["status", "archive.txt", "--me", "Anna Łódźka", "--today", "2026-11-23"],
])
def test_an_interrupt_ends_the_click_free_command_as_click_ends_it(
        tmp_path: Path, args: list[str]) -> None:
    game = EXAMPLE.read_text(encoding="utf-8")
    (tmp_path / "archive.txt").write_text(
        "\n".join(game.replace('[Black "', f'[Black "{k} ') for k in range(GAMES)),
        encoding="utf-8")
    quick = interrupted(args, tmp_path, through_click=False)
    slow = interrupted(args, tmp_path, through_click=True)
    assert (quick[2], slow[2]) == (False, True), "one run without click, one through click"
    assert quick[:2] == slow[:2] == (1, b"\nAborted!\n")
