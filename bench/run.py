"""`make bench`: every figure of the benchmark, one summary line each.

Figures: records of every game, plain and dated side by side (the whole `pbmkit check` process vs
a whole python-chess process, issues 16 and 37; the compiled build where it can be made, `--pure`
for the source tree), the mailed
move of every game (the whole `pbmkit move --dry-run` process vs python3 -c
pass), forms (absolute), movegen, baladana moves and move (vs python3 -c pass, issue 12), billo
one move in a contrived position (ms, issue 16), status
(absolute: a folder of 1,000 dated games), html (a 300-turn page, a 1,000-game archive with its index,
issue 25), charsets (the
worst codec as a mail part's charset, CPU vs UTF-8, issue 35), memory (peak RSS of check on a
100 MB archive). The
in-process figures of single games (records.py, batu_khan.py, batrakill.py) are for profiling.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import baladana
import billo
import charsets
import forms
import game_records
import html_pages
import mailed_moves
import memory
import movegen
import status


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="Fewer games and repetitions.")
    ap.add_argument("--pure", action="store_true", help="Records read by the source tree, pure Python "
                    "(by default by the compiled build where a C compiler works; each line says which).")
    a = ap.parse_args()
    games, reps = (200, 3) if a.quick else (1000, 5)
    met = True
    _, both_met = game_records.run_both(plies=20_000 if a.quick else 80_000, repeats=reps,
                                        pure=a.pure)
    met &= both_met
    _, worst = mailed_moves.run(repeats=5 if a.quick else 15)
    met &= worst <= mailed_moves.PASS_AIM  # inf where python-chess is not twice as slow
    line, seconds = forms.run(repeats=3 if a.quick else 5)
    print(line, flush=True)
    met &= seconds < 1
    print(movegen.run(), flush=True)
    line, ratio = baladana.run(repeats=5 if a.quick else 15)
    print(line, flush=True)
    met &= ratio <= 1  # the worst ratio over its own aim
    line, ms = billo.run(repeats=5 if a.quick else 15)
    print(line, flush=True)
    met &= ms <= 10
    line, seconds = status.run(games=games, repeats=3 if a.quick else 5)
    print(line, flush=True)
    met &= seconds < 0.8
    lines, ok = html_pages.run(repeats=2 if a.quick else 5, games=games)
    for line in lines:
        print(line, flush=True)
    met &= ok
    lines, cpu = charsets.run()
    print(lines[0], flush=True)
    met &= cpu < 0.5
    line, peak = memory.run(10 if a.quick else 100)
    print(line, flush=True)
    met &= peak < 300
    print("all targets met" if met else "some targets NOT met (see docs/performance.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
