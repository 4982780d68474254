"""Shared bench helpers: seeded game generators, timing, and the one-line summary format."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from pbmkit.games import batalo


def random_batalo_game(rng: random.Random, plies: int) -> list[batalo.Move]:
    """A random legal game of exactly ``plies`` plies where possible (finishing moves avoided)."""
    pos = batalo.initial_position()
    moves: list[batalo.Move] = []
    while len(moves) < plies:
        legal = batalo.legal_moves(pos)
        if not legal:
            break
        rng.shuffle(legal)
        chosen = legal[0]
        for m in legal:
            if batalo.outcome(batalo.apply(pos, m)) is None:
                chosen = m
                break
        moves.append(chosen)
        pos = batalo.apply(pos, chosen)
        if batalo.outcome(pos) is not None:
            break
    return moves


def batalo_archive(games: int, plies: int, seed: int = 1) -> tuple[str, int]:
    """An archive of ``games`` random legal Batalo games as record text, and its ply count."""
    rng = random.Random(seed)
    parts: list[str] = []
    total = 0
    for n in range(1, games + 1):
        moves = random_batalo_game(rng, plies)
        total += len(moves)
        lines = [f'[Game "Batalo"]\n[Number "{n}"]\n[White "White {n}"]\n[Black "Black {n}"]\n']
        for k in range(0, len(moves), 2):
            pair = " ".join(str(m) for m in moves[k:k + 2])
            lines.append(f"{k // 2 + 1}. {pair}\n")
        parts.append("".join(lines))
    return "\n".join(parts), total


def chess_archive(games: int, plies: int, seed: int = 1) -> tuple[str, int]:
    """A PGN archive of ``games`` random legal chess games (python-chess), and its ply count."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out: list[str] = []
    total = 0
    for n in range(1, games + 1):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"bench {n}"
        node: chess.pgn.GameNode = game
        while board.ply() < plies and not board.is_game_over():
            legal = list(board.legal_moves)
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
        total += board.ply()
        out.append(str(game))
    return "\n\n".join(out) + "\n", total


def alternate(fns: dict[str, Callable[[], object]], repeats: int) -> dict[str, list[float]]:
    """Run each function ``repeats`` times, alternating between them; wall times in seconds."""
    times: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(repeats):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return times


def median(xs: list[float]) -> float:
    """The median of ``xs``."""
    return statistics.median(xs)


def summary(name: str, value: float, unit: str, ratio: float | None, reference: str,
            target: str = "") -> str:
    """``name: value unit (ratio vs reference)`` plus the target and whether it is met."""
    ratio_text = f" ({ratio:.2f}x vs {reference})" if ratio is not None else f" ({reference})"
    return f"{name}: {value:,.1f} {unit}{ratio_text}{(' ' + target) if target else ''}"
