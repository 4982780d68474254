"""Figure: checking Batrakill duel records, pbmkit's `check` path, against Batalo's on the same path.

The archive holds seeded random legal duels (up to 120 plies each, so that most reach round 2 and
its `round 2` line; each ply drawn uniformly from the legal moves, one that ends the game played
only when every move does), written by ``moves_text``; each is read and replayed as ``pbmkit
check`` does. Batalo's archive is the records figure's. Runs alternate, several repetitions; the
figure is plies per second of the median run of each.
Target (issue 13): none set; the figure is watched (a dragon's chains of jumps are searched on
every dragon move, a Batalo move is checked directly).
"""

from __future__ import annotations

import argparse
import random

from common import _cached, _source_key, batalo_archive, checked_plies_per_second, random_game, summary

from pbmkit.games.batrakill import GAME, Move


def random_duel(rng: random.Random, plies: int) -> list[Move]:
    """A random legal duel of up to ``plies`` moves; a move that ends the game is played only
    when every move does (:func:`common.random_game`)."""
    return random_game(GAME, rng, plies)


def batrakill_archive(games: int, plies: int, seed: int = 1) -> tuple[str, int]:
    """An archive of ``games`` random duels as record text, and its ply count."""
    from pbmkit.games.batrakill import notation, rules

    key = f"{games} {plies} {seed}" + _source_key(random_duel, random_game, _make_archive, rules, notation)
    return _cached(f"batrakill-{games}x{plies}-s{seed}", key,
                   lambda: _make_archive(games, plies, seed))


def _make_archive(games: int, plies: int, seed: int) -> tuple[str, int]:
    from pbmkit.notation.writer import moves_text

    rng = random.Random(seed)
    parts: list[str] = []
    total = 0
    for n in range(1, games + 1):
        moves = random_duel(rng, plies)
        body = moves_text(GAME, moves)
        total += len(moves)
        parts.append(f'[Game "Batrakill"]\n[Number "{n}"]\n[Knights "Knights {n}"]\n'
                     f'[Dragon "Dragon {n}"]\n\n{body}')
    return "\n".join(parts), total


def run(games: int = 1000, plies: int = 120, repeats: int = 5) -> tuple[str, float]:
    """Time both archives through the check path; return the summary line and the ratio."""
    bk_text, bk_plies = batrakill_archive(games, plies)
    two = bk_text.count("\nround 2\n")
    batalo_text, batalo_plies = batalo_archive(games, 80)
    rates = checked_plies_per_second({"batrakill": (bk_text, games, bk_plies),
                                      "batalo": (batalo_text, games, batalo_plies)}, repeats)
    ours, ref = rates["batrakill"], rates["batalo"]
    ratio = ours / ref
    line = summary("batrakill check", ours, "plies/s", ratio, f"Batalo {ref:,.0f} plies/s",
                   f"({two} of {games} duels reach round 2; no target)")
    return line, ratio


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(run(a.games, a.plies, a.repeats)[0])
