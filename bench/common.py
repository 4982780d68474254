"""Shared bench helpers: seeded game generators, timing, and the one-line summary format."""

from __future__ import annotations

import hashlib
import inspect
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pbmkit.games import get_game


def random_game(game: Any, rng: random.Random, plies: int, *, avoid_repeats: bool = False) -> list[Any]:
    """A random legal game of ``game`` (its ``initial_position``, ``legal_moves``, ``apply``,
    ``outcome``) of exactly ``plies`` plies where possible (finishing moves avoided): each ply is
    drawn uniformly from the legal moves that do not end the game (when there is one).

    With ``avoid_repeats``, a move that repeats a position is avoided too (random pieces shuffle
    back and forth far more than players do, and each repetition is a note of ``check``).
    """
    pos = game.initial_position()
    seen = {pos}
    moves: list[Any] = []
    while len(moves) < plies:
        legal = list(game.legal_moves(pos))
        if not legal:
            break
        chosen = None
        while legal:
            m = legal.pop(rng.randrange(len(legal)))
            chosen = chosen or m
            after = game.apply(pos, m)
            if game.outcome(after) is None and not (avoid_repeats and after in seen):
                chosen = m
                break
        assert chosen is not None
        moves.append(chosen)
        pos = game.apply(pos, chosen)
        if avoid_repeats:
            seen.add(pos)
        if game.outcome(pos) is not None:
            break
    return moves


def random_batalo_game(rng: random.Random, plies: int) -> list[Any]:
    """A random legal Batalo game of ``plies`` plies where possible (see :func:`random_game`)."""
    return random_game(get_game("batalo"), rng, plies)


def checked_plies_per_second(texts: dict[str, tuple[str, int, int]], repeats: int
                             ) -> dict[str, float]:
    """Plies per second of ``pbmkit check``'s path (read, replay, judge each game) over each
    archive of ``texts`` (name -> (text, games, plies)), the runs alternating; every game must be
    valid and every ply replayed."""
    from pbmkit.records.replay import iter_check_text

    def check(text: str, games: int, plies: int) -> None:
        n = played = 0
        for replay in iter_check_text(text, "bench.txt"):
            assert replay.valid, replay.errors[0].format()
            n += 1
            played += len(replay.main)
        assert n == games and played == plies

    times = alternate({name: (lambda t=t: check(*t)) for name, t in texts.items()}, repeats)
    return {name: texts[name][2] / median(times[name]) for name in texts}


CACHE_DIR = Path(__file__).resolve().parent / ".cache"


def _cached(kind: str, key: str, make: Callable[[], tuple[str, int]]) -> tuple[str, int]:
    """``make()`` (a text and its ply count), kept in ``bench/.cache`` under a digest of ``key``.

    ``kind`` names the archive (``batalo-1000x80-s1``); the key holds everything the text depends
    on (sizes, seed, generator and rules source, library versions), so a stale file is never read,
    and it is removed when its replacement is written. Any trouble with the cache only means
    generating again.
    """
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    path = CACHE_DIR / f"{kind}-{digest}.txt"
    try:
        head, _, text = path.read_text(encoding="utf-8").partition("\n")
        return text, int(head)
    except (OSError, ValueError):
        pass
    text, plies = make()
    try:
        CACHE_DIR.mkdir(exist_ok=True)
        for stale in CACHE_DIR.glob(f"{kind}-*.txt"):
            stale.unlink()
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(f"{plies}\n{text}", encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
    return text, plies


def _source_key(*objs: object) -> str:
    return "".join(inspect.getsource(o) for o in objs)  # type: ignore[arg-type]


def batalo_archive(games: int, plies: int, seed: int = 1) -> tuple[str, int]:
    """An archive of ``games`` random legal Batalo games as record text, and its ply count."""
    from pbmkit.games.batalo import check as batalo_check
    from pbmkit.games.batalo import rules as batalo_rules

    key = f"{games} {plies} {seed}" + _source_key(random_batalo_game, random_game, _make_batalo_archive,
                                                   archive_text, batalo_rules, batalo_check)
    return _cached(f"batalo-{games}x{plies}-s{seed}", key,
                   lambda: _make_batalo_archive(games, plies, seed))


def _make_batalo_archive(games: int, plies: int, seed: int) -> tuple[str, int]:
    rng = random.Random(seed)
    return archive_text("Batalo", ("White", "Black"),
                        [random_batalo_game(rng, plies) for _ in range(games)])


def archive_text(title: str, sides: tuple[str, str], games: Sequence[Sequence[object]]
                 ) -> tuple[str, int]:
    """An archive of two-sided ``games`` (moves written by ``str``), numbered, with player tags
    named after the sides; and its ply count."""
    parts: list[str] = []
    first, second = sides
    for n, moves in enumerate(games, 1):
        lines = [f'[Game "{title}"]\n[Number "{n}"]\n[{first} "{first} {n}"]\n'
                 f'[{second} "{second} {n}"]\n']
        for k in range(0, len(moves), 2):
            pair = " ".join(str(m) for m in moves[k:k + 2])
            lines.append(f"{k // 2 + 1}. {pair}\n")
        parts.append("".join(lines))
    return "\n".join(parts), sum(len(m) for m in games)


def chess_archive(games: int, plies: int, seed: int = 1) -> tuple[str, int]:
    """A PGN archive of ``games`` random legal chess games (python-chess), and its ply count."""
    import chess

    key = f"{games} {plies} {seed} {chess.__version__}" + _source_key(_make_chess_archive)
    return _cached(f"chess-{games}x{plies}-s{seed}", key, lambda: _make_chess_archive(games, plies, seed))


def _make_chess_archive(games: int, plies: int, seed: int) -> tuple[str, int]:
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


def each_game(run_game: Callable[[str], tuple[str, float]], games: Sequence[str] = ()
              ) -> tuple[list[str], list[float]]:
    """``run_game(name)`` for every registered game (or ``games``): each summary line printed as
    it comes; the lines and the ratios."""
    from pbmkit.games import game_names

    lines: list[str] = []
    ratios: list[float] = []
    for name in games or game_names():
        line, ratio = run_game(name)
        print(line, flush=True)
        lines.append(line)
        ratios.append(ratio)
    return lines, ratios
