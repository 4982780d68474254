"""``pbmkit move`` says at once when a move's dates overstep the time control, and a first move's
date error names the Date tag (issue 22, §3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli

HEAD = """[Game "Batalo"]
[Date "2026-09-01"]
[White "Ann"]
[Black "Bob"]
[TimeControl "{tc}"]
[Winner "*"]
"""


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _game(tmp_path: Path, tc: str, moves: str = "") -> Path:
    path = tmp_path / "g.txt"
    path.write_text(HEAD.format(tc=tc) + (f"\n{moves}" if moves else ""), encoding="utf-8")
    return path


def test_a_move_that_oversteps_days_per_move_is_written_with_a_warning(tmp_path: Path) -> None:
    path = _game(tmp_path, "3")
    result = _run("move", str(path), "IR to HS", "--sent", "2026-09-20")
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8").endswith("1. IR to HS {[%ccsnt 2026.09.20]}\n")
    warning = [line for line in result.stderr.splitlines() if line.startswith("Warning:")]
    assert warning == ["Warning: time overstepped: White had used 19 days, the time control 3 "
                       "allows 3 days a move (the move is written; what follows is the "
                       "tournament director's ruling)"]
    check = _run("check", str(path))
    assert "time overstepped: White had used 19 days" in check.output  # check says the same


def test_a_cumulative_control_warns_at_the_move_that_passes_it(tmp_path: Path) -> None:
    path = _game(tmp_path, "10/50", "1. IR to HS {[%ccsnt 2026.09.03]} EV to FU {[%ccsnt 2026.09.08]}\n")
    quiet = _run("move", str(path), "JQ to JS", "--received", "2026-09-10", "--sent", "2026-10-20")
    assert quiet.exit_code == 0 and "Warning" not in quiet.output  # 2 + 40 days: within 50
    result = _run("move", str(path), "DW to DY", "--received", "2026-10-22", "--sent", "2026-12-15")
    assert result.exit_code == 0, result.output
    assert "Warning: time overstepped: Black had used 59 days, the time control 10/50 allows 50 " \
           "days for its first 10 moves" in result.stderr
    assert "{[%ccrcv 2026.10.22] [%ccsnt 2026.12.15]}\n" in path.read_text(encoding="utf-8")


def test_a_move_within_the_control_says_nothing(tmp_path: Path) -> None:
    path = _game(tmp_path, "3")
    result = _run("move", str(path), "IR to HS", "--sent", "2026-09-03")
    assert result.exit_code == 0 and "Warning" not in result.output


def test_dry_run_warns_too_and_writes_nothing(tmp_path: Path) -> None:
    path = _game(tmp_path, "3")
    before = path.read_bytes()
    result = _run("move", str(path), "IR to HS", "--sent", "2026-09-20", "--dry-run")
    assert result.exit_code == 0 and "time overstepped" in result.stderr
    assert "the move is checked" in result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize(("options", "message"), [
    (("--received", "2026-08-30", "--sent", "2026-09-02"),
     "received 2026.08.30 is before the game's Date tag (2026.09.01); the record was not changed"),
    (("--sent", "2026-08-30"),
     "sent 2026.08.30 is before the game's Date tag (2026.09.01); the record was not changed"),
])
def test_a_first_moves_date_error_names_the_date_tag(tmp_path: Path, options: tuple[str, ...],
                                                     message: str) -> None:
    path = _game(tmp_path, "3")
    before = path.read_bytes()
    result = _run("move", str(path), "IR to HS", *options)
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {message}"
    assert path.read_bytes() == before


def test_check_names_the_date_tag_for_a_first_move_sent_before_it(tmp_path: Path) -> None:
    path = _game(tmp_path, "3", "1. IR to HS {[%ccsnt 2026.08.20]}\n")
    result = _run("check", str(path))
    assert "sent 2026.08.20, before the game's Date tag (2026.09.01)" in result.output
