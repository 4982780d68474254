"""Billo's figures (issue 16): one move in a contrived position.

* `check one move (block)`: in-process, the notation reading and checking one written move
  (`NOTATION.read` then `check_move`, as `pbmkit move` and the replay do) in the contrived
  position of docs/billo.md (a round Billo in a 4 x 4 block of 8 own and 7 opponent's free
  pieces: 314,656 legal seven-capture paths), on a fresh position each time (nothing cached): a
  legal seven-capture path, an illegal six-capture one (its reason names the first legal move),
  and the legal move written without its piece letter. Target: each <= 10 ms; the figure is the
  worst median.
* `move --dry-run (block)`: the whole process `pbmkit move --dry-run` on a record starting from
  that position (a Setup), against `python3 -c pass`, alternating, medians (no target: the
  mailed move of an ordinary game is `mailed_moves.py`'s).

    python bench/billo.py --repeats 15
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from common import median, summary
from mailed_move import time_cmd

from pbmkit.games import billo
from pbmkit.games.billo import check, rules, setup
from pbmkit.games.billo.notation import NOTATION
from pbmkit.games.billo.search import best_key, first_of_key

BLOCK = "YR:f6+ YS:c3,d3,f3,c4,d4,c5,e5,c6 OS:e3,e4,f4,d5,f5,d6,e6 y"


def _block_texts() -> dict[str, str]:
    position = setup.parse_setup(BLOCK)
    legal = first_of_key(position, best_key(position))
    assert legal is not None
    short = legal
    while len(short.captures) == 7:
        steps = short.steps[:-1]
        short = billo.Move(short.piece, short.start, steps,
                           tuple(c for c in short.captures if c in steps))
    text = rules.move_text(position, legal)
    return {"legal": text, "illegal": rules.move_text(position, short),
            "no letter": text.split(" ", 1)[1]}


def one_move_ms(repeats: int = 15) -> dict[str, float]:
    """Median milliseconds to read and check each move of :func:`_block_texts`."""
    out: dict[str, float] = {}
    for name, text in _block_texts().items():
        times = []
        for _ in range(repeats):
            position = setup.parse_setup(BLOCK)
            t0 = time.perf_counter()
            move = NOTATION.read(text, position)
            check.check_move(position, move)
            times.append(time.perf_counter() - t0)
        out[name] = median(times) * 1000
    return out


def run(repeats: int = 15) -> tuple[str, float]:
    """The lines and the worst milliseconds of one move in the block position."""
    ms = one_move_ms(repeats)
    worst = max(ms.values())
    lines = [summary("billo check one move (block)", worst, "ms", None,
                     ", ".join(f"{k} {v:.2f} ms" for k, v in ms.items()),
                     "target <= 10 ms: " + ("met" if worst <= 10 else "NOT met"))]
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    ref = [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory() as tmp:
        block_path = Path(tmp, "block.txt")
        block_path.write_text(f'[Game "Billo"]\n[Yellow "A"]\n[Orange "B"]\n[Setup "{BLOCK}"]\n\n',
                              encoding="utf-8")
        ours = [exe, "move", "--dry-run", str(block_path), _block_texts()["legal"]]
        for cmd in (ours, ref):
            time_cmd(cmd)  # bytecode written, file cache warm
        a: list[float] = []
        b: list[float] = []
        for _ in range(repeats):
            a.append(time_cmd(ours))
            b.append(time_cmd(ref))
    base = median(b)
    lines.append(summary("billo move --dry-run (block)", median(a) * 1000, "ms", median(a) / base,
                         f"python3 -c pass {base * 1000:.1f} ms"))
    return "\n".join(lines), worst


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=15)
    print(run(repeats=ap.parse_args().repeats)[0])
