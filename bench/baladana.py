"""Baladãna's figures (issue 12): whole processes against `python3 -c pass`, alternating, medians.

* `moves --json` on a record at the opening (1,383 legal turns listed);
* `move --dry-run` of a legal turn in a middle-game position (after 30 turns of the seeded example
  game examples/baladana-02-*.txt).

Aims: `moves --json` at the opening within 5.5x `python3 -c pass`, the move within 3.5x (every
game's mailed-move aim). Issue 12 asked for 3x each, measured in a venv whose `python3 -c pass` the
dev install's import hook had doubled; 5.5x is that aim in milliseconds, a little tighter
(docs/performance.md, "the mailed move's aim, restated").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import median, summary
from mailed_move import _ENV, time_cmd

ROOT = Path(__file__).resolve().parent.parent


def _middle_game(turns: int = 30) -> str:
    text = (ROOT / "examples" / "baladana-02-loot-and-a-golden-ring-put-down.txt").read_text("utf-8")
    lines = text.replace('[Winner "White"]', '[Winner "*"]').splitlines()
    cut = next(k for k, line in enumerate(lines) if line.startswith(f"{turns + 1}. "))
    return "\n".join(lines[:cut]) + "\n"


AIMS = {"moves --json (opening)": 5.5, "move (middle game)": 3.5}
"""Each command's aim, as a ratio to ``python3 -c pass``."""


def run(repeats: int = 15) -> tuple[str, float]:
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    ref = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory() as tmp:
        opening = os.path.join(tmp, "opening.txt")
        Path(opening).write_text('[Game "Baladana"]\n[White "A"]\n[Black "B"]\n', encoding="utf-8")
        middle = os.path.join(tmp, "middle.txt")
        Path(middle).write_text(_middle_game(), encoding="utf-8")
        listed = subprocess.run([exe, "moves", "--json", middle], check=True, capture_output=True,
                                text=True, env=_ENV).stdout
        turn = json.loads(listed)["moves"][len(json.loads(listed)["moves"]) // 2]
        commands = {"moves --json (opening)": [exe, "moves", "--json", opening],
                    "move (middle game)": [exe, "move", "--dry-run", middle, turn]}
        for cmd in (*commands.values(), ref):
            time_cmd(cmd)  # bytecode written, file cache warm
        times: dict[str, list[float]] = {k: [] for k in (*commands, "ref")}
        for _ in range(repeats):
            for name, cmd in commands.items():
                times[name].append(time_cmd(cmd))
            times["ref"].append(time_cmd(ref))
    base = median(times["ref"])
    lines, worst = [], 0.0
    for name in commands:
        ratio = median(times[name]) / base
        worst = max(worst, ratio / AIMS[name])
        verdict = f"aim <= {AIMS[name]}x: " + ("met" if ratio <= AIMS[name] else "NOT met")
        lines.append(summary(f"baladana {name}", median(times[name]) * 1000, "ms", ratio,
                             f"python3 -c pass {base * 1000:.1f} ms", verdict))
    return "\n".join(lines), worst


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=15)
    print(run(repeats=ap.parse_args().repeats)[0])
