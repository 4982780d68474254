"""Figure: the mailed move of every game, the whole process `pbmkit move --dry-run` on a
middle-game record, against `python3 -c pass` and against python-chess doing the same job.

For each registered game, a seeded random legal game of 61 plies where one lasts that long (the
record holds the first 60, written by ``moves_text``; the 61st is the mailed move, written as the
game's notation writes it). python-chess's job is the same on chess: a seeded random game of 60
plies read from PGN (every move checked as it is read), the 61st move read from SAN, checked and
played, the board printed (:data:`CHESS_MOVE`; the bench extra ``chess``). Runs alternate among
the three commands; the figures are medians.

Aim (issue 37, as the team restated it in docs/performance.md): every game's mailed move
<= 3.5x `python3 -c pass`, and at least twice as fast as python-chess's.

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


CHESS_MOVE = """
import sys
import chess.pgn
with open(sys.argv[1], encoding="utf-8") as fh:
    game = chess.pgn.read_game(fh)
board = game.end().board()
board.push(board.parse_san(sys.argv[2]))
print(board)
print(f"Would add {board.fullmove_number}. {sys.argv[2]}")
"""
"""python-chess's mailed move: the record read (each move checked), the next move read, checked
and played, the board printed."""

PASS_AIM = 3.5
CHESS_AIM = 2.0


def chess_middle_game(plies: int = 60, seed: int = 7) -> tuple[str, str] | None:
    """A PGN of ``plies`` plies of a seeded random legal chess game, and the next move in SAN;
    ``None`` without python-chess."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    rng = random.Random(seed)
    while True:
        board, game = chess.Board(), chess.pgn.Game()
        node: chess.pgn.GameNode = game
        for _ in range(plies):
            if board.is_game_over():
                break
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        if board.ply() == plies and not board.is_game_over():
            return f"{game}\n", board.san(rng.choice(list(board.legal_moves)))


def run_game(name: str, repeats: int = 15) -> tuple[str, float]:
    """Time the mailed move of ``name`` against ``python3 -c pass`` and python-chess's mailed
    move; the line, and the ratio to ``python3 -c pass`` (infinite where an aim is not met)."""
    text, mailed = middle_game(name)
    chess_game = chess_middle_game()
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "game.txt")
        path.write_text(text, encoding="utf-8")
        commands = {"ours": [exe, "move", "--dry-run", str(path), mailed],
                    "pass": [sys.executable, "-c", "pass"]}
        if chess_game is not None:
            pgn = Path(tmp, "game.pgn")
            pgn.write_text(chess_game[0], encoding="utf-8")
            commands["chess"] = [sys.executable, "-c", CHESS_MOVE, str(pgn), chess_game[1]]
        for cmd in commands.values():
            _time(cmd)  # bytecode written, file cache warm
        times: dict[str, list[tuple[float, float]]] = {key: [] for key in commands}
        for _ in range(repeats):
            for key, cmd in commands.items():
                times[key].append(_time(cmd))
    wall = {key: median([w for w, _ in runs]) for key, runs in times.items()}
    cpu = {key: median([c for _, c in runs]) for key, runs in times.items()}
    ratio = wall["ours"] / wall["pass"]
    met = ratio <= PASS_AIM
    verdict = f"aim <= {PASS_AIM}x: " + ("met" if met else "NOT met")
    verdict += f"; by CPU time {cpu['ours'] / max(cpu['pass'], 1e-3):.2f}x"
    if "chess" in wall:
        faster = wall["chess"] / wall["ours"]
        met &= faster >= CHESS_AIM
        verdict += (f"; python-chess's mailed move {wall['chess'] * 1000:.1f} ms, {faster:.2f}x ours "
                    f"(aim >= {CHESS_AIM}x: {'met' if faster >= CHESS_AIM else 'NOT met'})")
    else:
        verdict += "; python-chess not installed (make bench installs it)"
    line = summary(f"mailed-move {get_game(name).title}", wall["ours"] * 1000, "ms", ratio,
                   f"python3 -c pass {wall['pass'] * 1000:.1f} ms", verdict)
    return line, ratio if met else float("inf")


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
