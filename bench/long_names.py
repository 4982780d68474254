"""Issue 9, item 16: a Records Chart whose player's name is 10,000 and 40,000 characters long.

Fitting a value to its box must be linear in its length. Before the fix these took 3.3 s and
51 s on the development machine (6 s and 93 s on a loaded one); run ``python bench/long_names.py``.
"""

from __future__ import annotations

import time

from pbmkit.games import get_game
from pbmkit.render.records_chart import records_chart_pdf


def run(lengths: tuple[int, ...] = (10_000, 40_000)) -> list[tuple[int, float]]:
    """(length, seconds) for a blank chart carrying a name of each length in two header boxes."""
    game = get_game("batalo")
    records_chart_pdf(game, {"White": "warm up"}, [])
    out = []
    for n in lengths:
        name = ("Hohenzollern-Sigmaringen " * (n // 25 + 1))[:n]
        t = time.perf_counter()
        records_chart_pdf(game, {"White": name, "Black": name}, [])
        out.append((n, time.perf_counter() - t))
    return out


if __name__ == "__main__":
    for n, seconds in run():
        print(f"long names: {n:,} characters: {seconds:.3f} s per chart")
