"""Figure 2: the whole process `pbmkit move --dry-run` on a 60-turn record vs `python3 -c pass`.

Median of several runs of each, alternating. Aim (issue 37, restated in docs/performance.md): <= 3.5x.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

from common import median, random_batalo_game, summary


def record_of(turns: int, seed: int = 7) -> tuple[str, str]:
    """A record of ``turns`` full turns of a random legal game, and a legal next move."""
    rng = random.Random(seed)
    while True:
        moves = random_batalo_game(rng, 2 * turns + 1)
        if len(moves) == 2 * turns + 1:
            break
    lines = ['[Game "Batalo"]\n[White "A"]\n[Black "B"]\n\n']
    for k in range(0, 2 * turns, 2):
        lines.append(f"{k // 2 + 1}. {moves[k]} {moves[k + 1]}\n")
    return "".join(lines), str(moves[-1])


# An installed package runs from compiled bytecode; PYTHONDONTWRITEBYTECODE (set in some sandboxes)
# would make every run compile pbmkit's modules again (~40 ms), which no user ever pays. The first,
# untimed run of each command writes the bytecode.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def time_cmd(cmd: list[str]) -> float:
    """Wall time of one run of ``cmd`` (output discarded; a failure raises)."""
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_ENV)
    return time.perf_counter() - t0


def versus_pass(ours: list[str], repeats: int) -> tuple[float, float]:
    """Median wall times of ``ours`` and of ``python3 -c pass``, runs alternating, after an
    untimed run of each (bytecode written, file cache warm; a failing command raises)."""
    ref = [sys.executable, "-c", "pass"]
    time_cmd(ours)
    time_cmd(ref)
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeats):
        a.append(time_cmd(ours))
        b.append(time_cmd(ref))
    return median(a), median(b)


def run(turns: int = 60, repeats: int = 15) -> tuple[str, float]:
    text, nxt = record_of(turns)
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        ours_s, ref_s = versus_pass([exe, "move", "--dry-run", path, nxt], repeats)
    ratio = ours_s / ref_s
    verdict = "aim <= 3.5x: " + ("met" if ratio <= 3.5 else "NOT met")
    line = summary("mailed-move", ours_s * 1000, "ms", ratio,
                   f"python3 -c pass {ref_s * 1000:.1f} ms", verdict)
    return line, ratio


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=15)
    print(run(repeats=ap.parse_args().repeats)[0])
