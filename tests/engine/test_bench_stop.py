"""The engine benches stopped by ``kill`` (SIGTERM) or Ctrl-C report the games played to their end
(docs/engine.md, "Against OpenSpiel (bench/engine.py)"): a long run is stopped once its figure is
clear, and before, such a run lost its summary line (a Batrakill run against a random player,
stopped at 100 of 400 games, printed no playouts a second)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _stopped(args: list[str], after: str) -> tuple[int, list[str], str]:
    """Run a bench, send it SIGTERM once a line holding ``after`` is printed, and return its exit
    status, every line it printed and its standard error."""
    run = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    assert run.stdout is not None
    lines = []
    for line in run.stdout:
        lines.append(line.rstrip("\n"))
        if after in line:
            run.send_signal(signal.SIGTERM)
            break
    else:
        err = run.stderr.read() if run.stderr else ""
        pytest.fail(f"the bench ended before {after!r}: {lines}, {err}")
    try:
        rest, err = run.communicate(timeout=120)
    finally:
        run.kill()
    lines += rest.splitlines()
    assert "Traceback" not in err, err
    return run.returncode, lines, err


def test_a_match_stopped_by_kill_reports_the_games_played_to_their_end() -> None:
    status, lines, _ = _stopped(["bench/engine.py", "--game", "hex", "--size", "5", "--against",
                                 "random", "--playouts", "20", "--games", "100000"], "game 3:")
    assert status == 0, lines
    played = [line for line in lines if re.match(r"  game \d+: ", line)]
    stop = [line for line in lines if line.startswith("  stopped during game ")]
    assert len(stop) == 1 and stop[0].startswith(f"  stopped during game {len(played) + 1}:"), lines
    summary = lines[-1]
    assert summary.startswith("engine hex 5x5 vs random"), lines
    score = float(re.findall(r"A wins ([\d.]+)/(\d+)", summary)[0][0])
    assert f"A wins {score:g}/{len(played)} = " in summary, summary
    assert "playouts/s" in summary


def test_batrakill_s_rounds_stopped_by_kill_are_reported() -> None:
    status, lines, _ = _stopped(["bench/batrakill_rounds.py", "--time", "0.002", "--b-time",
                                 "0.002", "--games", "1000"], "game 1:")
    assert status == 0, lines
    played = [line for line in lines if re.match(r"  game \d+: ", line)]
    assert played and lines[-1].startswith("Batrakill round 1"), lines
    assert f"{len(played)} games: A won " in lines[-1], lines


def test_a_run_stopped_before_any_game_ended_says_so() -> None:
    status, lines, err = _stopped(["bench/batrakill_rounds.py", "--time", "0.5", "--b-time",
                                   "0.5", "--games", "2"], "pbmkit from ")
    assert status == 1, lines
    assert "stopped before" in err and "nothing to report" in err, err
    assert not any(line.startswith("Batrakill round 1") for line in lines), lines
