"""Figure: the mailed move of every game, the whole process `pbmkit move --dry-run` on a
middle-game record, against `python3 -c pass`.

For each registered game, a seeded random legal game of 61 plies where one lasts that long (the
record holds the first 60, written by ``moves_text``; the 61st is the mailed move, written as the
game's notation writes it). Runs alternate with `python3 -c pass`; the figure is the median.
Target (issue 37): <= 2.5x for every game.

    python bench/mailed_moves.py --repeats 15
    python bench/mailed_moves.py --game billo
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from common import each_game, median, random_game, summary
from game_records import _time

from pbmkit.games import get_game


def middle_game(name: str, plies: int = 60, seed: int = 7) -> tuple[str, str]:
    """A record of ``name`` holding up to ``plies`` plies of a random legal game, and the next
    move as the game writes it."""
    from pbmkit.records.writer import moves_text

    game = get_game(name)
    moves = random_game(game, random.Random(seed), plies + 1)
    played, mailed = moves[:-1], moves[-1]
    position = game.initial_position()
    for m in played:
        position = game.apply(position, m)
    tags = "".join(f'[{tag} "{tag}"]\n' for tag in game.side_tags)
    text = f'[Game "{game.title}"]\n{tags}\n{moves_text(game, played)}'
    return text, game.notation.format(mailed, position)


def run_game(name: str, repeats: int = 15) -> tuple[str, float]:
    """Time the mailed move of ``name`` against ``python3 -c pass``; the line and the ratio."""
    text, mailed = middle_game(name)
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "game.txt")
        path.write_text(text, encoding="utf-8")
        ours = [exe, "move", "--dry-run", str(path), mailed]
        ref = [sys.executable, "-c", "pass"]
        _time(ours)  # bytecode written, file cache warm
        _time(ref)
        a: list[tuple[float, float]] = []
        b: list[tuple[float, float]] = []
        for _ in range(repeats):
            a.append(_time(ours))
            b.append(_time(ref))
    ours_s, ref_s = median([w for w, _ in a]), median([w for w, _ in b])
    ratio = ours_s / ref_s
    cpu = median([c for _, c in a]) / max(median([c for _, c in b]), 1e-3)
    verdict = "target <= 2.5x: " + ("met" if ratio <= 2.5 else "NOT met") + f"; by CPU time {cpu:.2f}x"
    line = summary(f"mailed-move {get_game(name).title}", ours_s * 1000, "ms", ratio,
                   f"python3 -c pass {ref_s * 1000:.1f} ms", verdict)
    return line, ratio


def run(repeats: int = 15, games: Sequence[str] = ()) -> tuple[list[str], float]:
    """Every game's line (or ``games``'), printed as it comes, and the worst ratio."""
    lines, ratios = each_game(lambda name: run_game(name, repeats), games)
    return lines, max(ratios)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", default=[], help="A registered game (default: all).")
    ap.add_argument("--repeats", type=int, default=15)
    a = ap.parse_args()
    run(a.repeats, a.game)
