"""`make bench`: every figure of the benchmark, one summary line each.

Figures: records (vs python-chess), mailed-move (vs python3 -c pass), forms (absolute), movegen,
batu-khan check (vs Batalo's check), batrakill check (vs Batalo's check), baladana moves and move
(vs python3 -c pass), billo one move in a contrived position (ms) and mailed move (vs python3
-c pass), status (absolute: a
folder of 1,000 dated games), memory (peak RSS of check on a 100 MB archive).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import baladana
import batrakill
import batu_khan
import billo
import forms
import mailed_move
import memory
import movegen
import records
import status


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="Fewer games and repetitions.")
    a = ap.parse_args()
    games, reps = (200, 3) if a.quick else (1000, 5)
    met = True
    line, ratio = records.run(games=games, repeats=reps)
    print(line, flush=True)
    met &= ratio >= 2
    line, ratio = mailed_move.run(repeats=5 if a.quick else 15)
    print(line, flush=True)
    met &= ratio <= 3
    line, seconds = forms.run(repeats=3 if a.quick else 5)
    print(line, flush=True)
    met &= seconds < 1
    print(movegen.run(), flush=True)
    line, ratio = batu_khan.run(games=games, repeats=reps)
    print(line, flush=True)
    met &= ratio >= 1
    print(batrakill.run(games=games, repeats=reps)[0], flush=True)  # no target (issue 13)
    line, ratio = baladana.run(repeats=5 if a.quick else 15)
    print(line, flush=True)
    met &= ratio <= 3
    line, ratio, ms = billo.run(repeats=5 if a.quick else 15)
    print(line, flush=True)
    met &= ratio <= 3 and ms <= 10
    line, seconds = status.run(games=games, repeats=3 if a.quick else 5)
    print(line, flush=True)
    met &= seconds < 2
    line, peak = memory.run(10 if a.quick else 100)
    print(line, flush=True)
    met &= peak < 300
    print("all targets met" if met else "some targets NOT met (see docs/performance.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
