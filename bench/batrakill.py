"""Batrakill's figures: its records checked, and its mailed move.

* `batrakill check`: pbmkit `check`'s code path, in process, over an archive of seeded random
  legal duels (up to 120 plies each, so that most reach round 2 and its `round 2` line; each ply
  drawn uniformly from the legal moves, one that ends the game played only when every move does),
  written by ``moves_text``, against Batalo's records archive on the same path. Runs alternate,
  several repetitions; plies per second of the median run of each. This is the older, in-process
  figure: the target of issue 16 is the whole process, `python bench/game_records.py --game
  batrakill` (**>= 2x python-chess** plies/s, `pbmkit check ARCHIVE` against python-chess reading
  PGN games of the same lengths).
* `batrakill move`: the whole process `pbmkit move --dry-run` in the middle of a game (the example
  `examples/batrakill-01-knights-win.txt` cut after 51 of its 102 turns) against `python3 -c pass`,
  alternating, medians. Aim: **<= 3.5x**, as every mailed move (issue 37, docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from common import (
    _cached,
    _source_key,
    batalo_archive,
    checked_plies_per_second,
    random_game,
    summary,
)
from mailed_move import versus_pass

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
    from pbmkit.records.writer import moves_text

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


def middle_game() -> tuple[str, str]:
    """The knights-win example cut in the middle (51 of its 102 turns played: turn 51 of round 1's
    80), without its Winner tag, and the move written next."""
    root = Path(__file__).resolve().parent.parent
    text = (root / "examples" / "batrakill-01-knights-win.txt").read_text(encoding="utf-8")
    lines = text.replace('[Winner "Knights"]\n', "").splitlines()
    turns = [k for k, line in enumerate(lines) if line[:1].isdigit()]
    cut = turns[len(turns) // 2]
    return "\n".join(lines[:cut]) + "\n", lines[cut].split()[1]


def mailed_move(repeats: int = 15) -> tuple[str, float]:
    """Time ``pbmkit move --dry-run`` on the middle game against ``python3 -c pass``; the line and
    the ratio."""
    text, move = middle_game()
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        Path(path).write_text(text, encoding="utf-8")
        ours_s, ref_s = versus_pass([exe, "move", "--dry-run", path, move], repeats)
    ratio = ours_s / ref_s
    verdict = "aim <= 3.5x: " + ("met" if ratio <= 3.5 else "NOT met")
    line = summary("batrakill move (middle game)", ours_s * 1000, "ms", ratio,
                   f"python3 -c pass {ref_s * 1000:.1f} ms", verdict)
    return line, ratio


def run(games: int = 1000, plies: int = 120, repeats: int = 5) -> tuple[str, float]:
    """Time both archives through the check path, and the mailed move; return the summary lines
    and the check path's ratio to Batalo's."""
    bk_text, bk_plies = batrakill_archive(games, plies)
    two = bk_text.count("\nround 2\n")
    batalo_text, batalo_plies = batalo_archive(games, 80)
    rates = checked_plies_per_second({"batrakill": (bk_text, games, bk_plies),
                                      "batalo": (batalo_text, games, batalo_plies)}, repeats)
    ours, ref = rates["batrakill"], rates["batalo"]
    ratio = ours / ref
    line = summary("batrakill check", ours, "plies/s", ratio, f"Batalo {ref:,.0f} plies/s",
                   f"({two} of {games} duels reach round 2; the target is game_records.py's)")
    move_line, _ = mailed_move(max(5, 3 * repeats))
    return f"{line}\n{move_line}", ratio


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(run(a.games, a.plies, a.repeats)[0])
