"""Figure 1: checking records, pbmkit's `check` path against python-chess reading PGN.

Both archives hold the same number of seeded random legal games of the same length. Runs
alternate, several repetitions; the figure is plies per second of the median run of each.
Target: pbmkit >= 2x python-chess plies/s.
"""

from __future__ import annotations

import argparse
import io

from common import alternate, batalo_archive, chess_archive, median, summary


def run(games: int = 1000, plies: int = 80, repeats: int = 5) -> tuple[str, float]:
    """Time both readers; return the summary line and the ratio."""
    import chess.pgn

    from pbmkit.cli import tune_gc
    from pbmkit.records.replay import iter_check_text

    tune_gc()  # as the pbmkit command runs the collector

    batalo_text, batalo_plies = batalo_archive(games, plies)
    pgn_text, chess_plies = chess_archive(games, plies)

    def pbmkit_check() -> None:
        # As `pbmkit check` does: each game is replayed, judged, and let go.
        n = played = 0
        for replay in iter_check_text(batalo_text, "bench.txt"):
            assert replay.valid
            n += 1
            played += len(replay.main)
        assert n == games and played == batalo_plies

    def chess_read() -> None:
        handle = io.StringIO(pgn_text)
        n = 0
        while (game := chess.pgn.read_game(handle)) is not None:
            assert not game.errors
            n += 1
        assert n == games

    times = alternate({"pbmkit": pbmkit_check, "chess": chess_read}, repeats)
    ours = batalo_plies / median(times["pbmkit"])
    ref = chess_plies / median(times["chess"])
    ratio = ours / ref
    verdict = "target >= 2x: " + ("met" if ratio >= 2 else "NOT met")
    line = summary("records", ours, "plies/s", ratio, f"python-chess {ref:,.0f} plies/s", verdict)
    return line, ratio


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(run(a.games, a.plies, a.repeats)[0])
