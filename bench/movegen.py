"""Figure 4: legal moves generated per second over positions from random playouts (no target)."""

from __future__ import annotations

import argparse
import random
import time

from common import random_batalo_game, summary

from pbmkit.games import batalo
from pbmkit.games.batalo import rules, setup


def positions(count: int, seed: int) -> list[batalo.Position]:
    """About ``count`` positions met in seeded random playouts."""
    rng = random.Random(seed)
    out: list[batalo.Position] = []
    while len(out) < count:
        pos = setup.initial_position()
        for m in random_batalo_game(rng, 80):
            out.append(pos)
            pos = rules.apply(pos, m)
    return out[:count]


def run(count: int = 2000, seed: int = 4) -> str:
    """Time ``legal_moves`` over the positions; return the summary line."""
    ps = positions(count, seed)
    t0 = time.perf_counter()
    n = sum(len(rules.legal_moves(p)) for p in ps)
    dt = time.perf_counter() - t0
    return summary("movegen", n / dt, "moves/s", None,
                   f"{len(ps)} positions, {len(ps) / dt:,.0f} positions/s; no target")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=2000)
    print(run(ap.parse_args().positions))
