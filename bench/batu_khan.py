"""Figure: checking Batu Khan records, pbmkit's `check` path, against Batalo's on the same path.

Both archives hold seeded random legal games (Batu Khan on its 5x5 board, up to 80 plies, actions
that finish the game or repeat a position avoided where another exists); each is read and
replayed as ``pbmkit check`` does. Runs alternate, several repetitions; the figure is plies per
second of the median run of each.
Target (issue 11): Batu Khan plies/s >= Batalo's.
"""

from __future__ import annotations

import argparse
import random

from common import (
    _cached,
    _source_key,
    archive_text,
    batalo_archive,
    checked_plies_per_second,
    random_game,
    summary,
)

from pbmkit.games import batu_khan as bk


def random_batu_khan_game(rng: random.Random, plies: int) -> list[bk.Move]:
    """A random legal game of up to ``plies`` actions; an action that ends the game or repeats a
    position is played only when every action does (:func:`common.random_game`)."""
    return random_game(bk, rng, plies, avoid_repeats=True)


def batu_khan_archive(games: int, plies: int, seed: int = 1) -> tuple[str, int]:
    """An archive of ``games`` random legal Batu Khan games as record text, and its ply count."""
    from pbmkit.games.batu_khan import check, rules

    key = f"{games} {plies} {seed}" + _source_key(random_batu_khan_game, random_game, _make_archive,
                                                   archive_text, rules, check)
    return _cached(f"batu-khan-{games}x{plies}-s{seed}", key,
                   lambda: _make_archive(games, plies, seed))


def _make_archive(games: int, plies: int, seed: int) -> tuple[str, int]:
    rng = random.Random(seed)
    return archive_text("Batu Khan", ("South", "North"),
                        [random_batu_khan_game(rng, plies) for _ in range(games)])


def run(games: int = 1000, plies: int = 80, repeats: int = 5) -> tuple[str, float]:
    """Time both archives through the check path; return the summary line and the ratio."""
    bk_text, bk_plies = batu_khan_archive(games, plies)
    batalo_text, batalo_plies = batalo_archive(games, plies)
    rates = checked_plies_per_second({"batu-khan": (bk_text, games, bk_plies),
                                      "batalo": (batalo_text, games, batalo_plies)}, repeats)
    ours, ref = rates["batu-khan"], rates["batalo"]
    ratio = ours / ref
    verdict = "target >= 1x Batalo: " + ("met" if ratio >= 1 else "NOT met")
    line = summary("batu-khan check", ours, "plies/s", ratio, f"Batalo {ref:,.0f} plies/s",
                   verdict)
    return line, ratio


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(run(a.games, a.plies, a.repeats)[0])
