"""Figure 3: a filled Records Chart of a 100-turn game, as a whole process. Target: < 1 s."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

from common import median
from mailed_move import record_of, time_cmd


def run(turns: int = 100, repeats: int = 5) -> tuple[str, float]:
    text, _ = record_of(turns, seed=11)
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        out = os.path.join(tmp, "chart.pdf")
        cmd = [exe, "chart", path, "-o", out]
        time_cmd(cmd)
        times = [time_cmd(cmd) for _ in range(repeats)]
    t = median(times)
    verdict = "target < 1 s: " + ("met" if t < 1 else "NOT met")
    return f"forms: {t:.3f} s (filled Records Chart, {turns} turns, whole process) {verdict}", t


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=5)
    print(run(repeats=ap.parse_args().repeats)[0])
