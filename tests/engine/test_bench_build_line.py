"""``bench/engine.py`` names the build it measures on its first line (docs/engine.md, "The Batalo
family, measured"): where pbmkit was imported from and which of its modules are compiled, so that
a figure is never taken from a pure build believed compiled (a compiled build's playouts are 3 to
5 times as fast)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pbmkit.engine.mcts

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_s_first_line_names_where_pbmkit_comes_from_and_what_is_compiled() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "engine.py"), "--game", "batrakill", "--against",
         "random", "--games", "1", "--time", "0.01", "--max-plies", "4"],
        capture_output=True, text=True, timeout=120, check=True)
    first = run.stdout.splitlines()[0]
    where = Path(pbmkit.engine.mcts.__file__).parent.parent
    assert first.startswith(f"pbmkit from {where}; compiled: "), first
    if pbmkit.engine.mcts.__file__.endswith(".py"):  # the editable install the tests run on
        assert first.endswith("compiled: none (a pure build)"), first
    else:
        assert "pbmkit.engine.mcts" in first.split("compiled: ")[1].split(", "), first
