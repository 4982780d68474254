"""Ratings (issue 26): 100,000 finished games rated in under 10 s.

Makes a seeded archive of N small finished records (tags, three turns with the desk's dates in
a comment after each move, a result: a club's archive of correspondence games; by default
100,000, 80% Batalo and 20% Batrakill duels, whose knights win 60% of the time, 500 players,
half of them with an e-mail address in the Email tags) and times, each the median of --repeats
runs:

* ``read``: reading the archive into finished games (``pbmkit.ratings.read_paths``);
* ``rate``: the rating step on the games already read (``pbmkit.ratings.rate``: identities,
  ordering, FIDE's Elo run four times to find each game's first-side advantage);
* ``command``: the whole process ``pbmkit ratings ARCHIVE --json`` (start-up, both steps, the
  JSON written to a pipe).

Target: the command (so both steps together) under 10 s. ``--multi N`` adds N Batrakill games of
four players (openskill), timed on their own (``rate-multi``): no target.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

TURNS = {
    "Batalo": ("1. JR to IS {[%ccsnt 2026.01.02]} DX to FV {[%ccsnt 2026.01.05]}\n"
               "2. IS to HS {[%ccsnt 2026.01.08]} DW to FU {[%ccsnt 2026.01.11]}\n"
               "3. HS to GT averto {[%ccsnt 2026.01.14]} FU x GT {[%ccsnt 2026.01.17]}\n"),
    "Batrakill": "1. c2-c3 {[%ccsnt 2026.01.02]} D@e5 {[%ccsnt 2026.01.05]}\n",
}


def record(rng: random.Random, index: int, players: list[tuple[str, str]], game: str) -> str:
    """One small finished record of ``game`` between two players of the pool, its moves dated as
    the desk writes them (``{[%ccsnt ...]}``: a comment after each move)."""
    (a, a_mail), (b, b_mail) = rng.sample(players, 2)
    sides = ("White", "Black") if game == "Batalo" else ("Knights", "Dragon")
    first_wins = 0.45 if game == "Batalo" else 0.6
    roll = rng.random()
    winner = sides[0] if roll < first_wins else "Draw" if roll < first_wins + 0.1 else sides[1]
    day = f"20{10 + index % 16:02d}-{1 + index % 12:02d}-{1 + index % 28:02d}"
    tags = [f'[Game "{game}"]', f'[Event "Club {index // 500}"]', f'[Date "{day}"]',
            f'[{sides[0]} "{a}"]', f'[{sides[1]} "{b}"]', f'[Winner "{winner}"]']
    if a_mail:
        tags.append(f'[{sides[0]}Email "{a_mail}"]')
    if b_mail:
        tags.append(f'[{sides[1]}Email "{b_mail}"]')
    return "\n".join(tags) + "\n\n" + TURNS[game] + "\n"


def multi_record(rng: random.Random, index: int, players: list[tuple[str, str]]) -> str:
    """A finished Batrakill game of four players (zones)."""
    four = rng.sample(players, 4)
    winner = rng.choice(("Purple", "Blue", "Yellow", "Dragon", "Dragon"))
    return (f'[Game "Batrakill"]\n[Layout "zones"]\n[Order "Purple Blue Dragon Yellow"]\n'
            f'[Event "Zones {index // 100}"]\n[Date "2024-{1 + index % 12:02d}-01"]\n'
            f'[Purple "{four[0][0]}, S"]\n[Blue "{four[1][0]}, N"]\n[Dragon "{four[2][0]}"]\n'
            f'[Yellow "{four[3][0]}, E"]\n[Winner "{winner}"]\n\n1. g2-h2 d8-e8 D@d5 i5-i4\n\n')


def archive(games: int, multi: int = 0) -> str:
    rng = random.Random(26)
    players = [(f"Player {k}", f"p{k}@example.org" if k % 2 else "") for k in range(500)]
    parts = [record(rng, k, players, "Batalo" if rng.random() < 0.8 else "Batrakill")
             for k in range(games)]
    parts.extend(multi_record(rng, k, players) for k in range(multi))
    return "".join(parts)


def timed(repeats: int, work: Callable[[], object]) -> tuple[float, float]:
    """Medians of the wall time and of the CPU time (user + system, this process and the
    commands it ran) of ``work``: on a shared machine the CPU time is the steadier figure."""
    walls, cpus = [], []
    for _ in range(repeats):
        before = _cpu()
        start = time.perf_counter()
        work()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - before)
    return statistics.median(walls), statistics.median(cpus)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _figure(wall_cpu: tuple[float, float]) -> str:
    return f"{wall_cpu[0]:.2f} s wall, {wall_cpu[1]:.2f} s CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--multi", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from pbmkit.cli import tune_gc
    from pbmkit.ratings import FinishedGame, rate, read_paths

    tune_gc()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "club.txt")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(archive(args.games))
        size = os.path.getsize(path)
        read: list[FinishedGame] = []

        def read_all() -> None:
            read[:] = [g for g in read_paths([path]) if isinstance(g, FinishedGame)]

        t_read = timed(args.repeats, read_all)
        assert len(read) == args.games, len(read)
        t_rate = timed(args.repeats, lambda: rate(read))
        exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")

        def command() -> None:
            subprocess.run([exe, "ratings", path, "--json"], check=True, stdout=subprocess.DEVNULL)

        t_cmd = timed(args.repeats, command)
        print(f"archive: {args.games:,} games, {size / 1e6:.1f} MB; load {os.getloadavg()[0]:.1f}")
        print(f"read {args.games:,} games: {_figure(t_read)}")
        print(f"rate {args.games:,} games: {_figure(t_rate)}")
        verdict = "met" if t_cmd[0] < 10 else "met by CPU time" if t_cmd[1] < 10 else "NOT met"
        print(f"command pbmkit ratings --json: {_figure(t_cmd)} (target < 10 s: {verdict})")
        if args.multi:
            mpath = os.path.join(tmp, "zones.txt")
            with open(mpath, "w", encoding="utf-8") as fh:
                fh.write(archive(0, args.multi))
            multi = [g for g in read_paths([mpath]) if isinstance(g, FinishedGame)]
            t_multi = timed(args.repeats, lambda: rate(multi))
            print(f"rate-multi {args.multi:,} four-player games (openskill): {_figure(t_multi)}")


if __name__ == "__main__":
    main()
