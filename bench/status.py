"""Figure 5: `pbmkit status` on a folder of 1,000 dated correspondence games.

Target (issue 37): < 0.8 s.

Each game is a random legal Batalo game of 20-60 turns with received and sent dates on every
move and a TimeControl tag, one file each, like a player's folder. The whole process is timed
(median of --repeats runs after one warm-up), and `python -c pass` beside it for the ratio.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile

from common import median, random_batalo_game
from mailed_move import time_cmd


def dated_record(rng: random.Random, index: int) -> str:
    """A random legal game with dates on every move: a desk record (docs/desk.md)."""
    turns = rng.randrange(20, 61)
    moves = random_batalo_game(rng, 2 * turns)
    day = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(200))
    lines = [f'[Game "Batalo"]\n[Number "{index}"]\n[Date "{day.isoformat()}"]\n'
             f'[TimeControl "10/50"]\n[White "Player {index}"]\n[Black "Ann Lee"]\n[Winner "*"]\n\n']
    for k in range(0, len(moves), 2):
        parts = []
        for mv in moves[k:k + 2]:
            received = day + datetime.timedelta(days=rng.randrange(1, 5))
            day = received + datetime.timedelta(days=rng.randrange(0, 7))
            parts.append(f"{mv} {{[%ccrcv {received:%Y.%m.%d}] [%ccsnt {day:%Y.%m.%d}]}}")
        lines.append(f"{k // 2 + 1}. {' '.join(parts)}\n")
    return "".join(lines)


def run(games: int = 1000, repeats: int = 5) -> tuple[str, float]:
    rng = random.Random(5)
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(1, games + 1):
            with open(os.path.join(tmp, f"game-{i:04d}.txt"), "w", encoding="utf-8") as fh:
                fh.write(dated_record(rng, i))
        cmd = [exe, "status", tmp, "--me", "Ann Lee", "--today", "2029-01-01"]
        time_cmd(cmd)
        times = [time_cmd(cmd) for _ in range(repeats)]
        base = median([time_cmd([sys.executable, "-c", "pass"]) for _ in range(repeats)])
    t = median(times)
    verdict = "target < 0.8 s: " + ("met" if t < 0.8 else "NOT met")
    return (f"status: {t:.3f} s for {games} game files ({t / base:.1f}x python -c pass at "
            f"{base * 1000:.0f} ms), whole process; {verdict}"), t


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(run(a.games, a.repeats)[0])
