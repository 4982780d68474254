"""Figure: checking records of every game as a user does, against python-chess reading PGN.

For each registered game, a seeded archive of random legal games (cached in ``bench/.cache``) is
checked by the whole process ``pbmkit check ARCHIVE`` (start-up, reading, replaying, judging and
the report a user reads, written to a pipe), and a PGN archive of random chess games of the same
lengths is read by a whole Python process with python-chess (``chess.pgn.read_game`` in a loop).
The runs alternate (game, chess, game, chess, ...); each side's figure is plies over its median
run. Targets (issue 37): compiled, every game >= 3x python-chess plies/s, plain and dated; pure
Python >= 2.5x plain, >= 2.2x dated.

pbmkit is measured as a user installing it normally gets it: the compiled build (mypyc, made in
``build/compiled`` by ``scripts/test_compiled.py``, as ``make test`` makes it) where a C compiler
works, else pure Python; ``--pure`` measures the source tree (pure Python) instead. Each line
says which. ``--callgrind`` also counts each whole process's instructions (``valgrind``; the
figure to trust on a shared machine), pbmkit's and python-chess's.

    python bench/game_records.py                 # every game, ~80,000 plies each, 5 repeats
    python bench/game_records.py --game billo --plies 20000 --repeats 3
    python bench/game_records.py --plies 20000 --repeats 3 --callgrind --pure
    python bench/game_records.py --dated --plies 20000 --repeats 3 --callgrind --pure
    python bench/game_records.py --both              # plain and dated side by side (make bench)

``--dated`` measures the records users really have: every ply of each game carries the comment
the desk writes (``pbmkit move``, the club referee: ``{[%ccsnt 2026.11.26]}``, the dates
advancing a day or two a ply, six days every 37th; every fifth ply ``{[%ccrcv DATE] [%ccsnt
DATE]}``), every game a ``Date`` tag and every third game a ``TimeControl`` tag (10/50, or 3 days
a move: some of those overstep, warnings the desk reports); python-chess then reads the same
chess games with a ``{[%clk H:MM:SS]}`` after every move.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from common import _cached, _source_key, each_game, median, random_game, summary

from pbmkit.games import get_game

_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
_ENV["PYTHONHASHSEED"] = "0"  # the same sets and dicts in every run (callgrind's counts repeat)
ROOT = Path(__file__).resolve().parent.parent


def pbmkit_build(pure: bool) -> tuple[dict[str, str], str]:
    """The environment a ``pbmkit`` process is run in and the build's name: the compiled build
    (``build/compiled``, compiled if need be) unless ``pure`` or it cannot be built."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from test_compiled import build

    copy, said = (None, "--pure") if pure else build()
    tree = copy or ROOT
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "pbmkit")], check=True,
                   stdout=subprocess.DEVNULL, env=_ENV)  # bytecode written before any run is timed
    if copy is None:  # this tree's own pbmkit, whatever the interpreter has installed
        return dict(_ENV, PYTHONPATH=str(ROOT)), f"pure Python ({said})"
    return dict(_ENV, PYTHONPATH=str(copy)), "compiled"


_BUILD: tuple[dict[str, str], str] | None = None


def _instructions(cmd: list[str], env: dict[str, str]) -> int:
    """Instructions of the whole process ``cmd`` (valgrind's callgrind)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    return int(re.findall(r"refs:\s+([\d,]+)", done.stderr)[-1].replace(",", ""))

CHESS_READER = """\
import sys
import chess.pgn
n = plies = 0
with open(sys.argv[1], encoding="utf-8") as handle:
    while (game := chess.pgn.read_game(handle)) is not None:
        assert not game.errors, game.errors
        n += 1
        plies += game.end().ply()
print(n, plies)
"""

# Games per archive and plies per game for each game: lengths a real game reaches, random games
# that stop early (a win) end where they end.
LENGTHS: dict[str, int] = {"batalo": 80, "billo": 140, "batukhan": 80, "batrakill": 120,
                           "baladana": 80}


def game_archive(name: str, target_plies: int, seed: int = 1, dated: bool = False
                 ) -> tuple[str, int, list[int]]:
    """An archive of random legal games of ``name`` holding at least ``target_plies`` plies:
    its text, its ply count and each game's length (``dated``: every ply with a desk comment)."""
    game = get_game(name)
    package = sys.modules[type(game).__module__.rpartition(".")[0] or type(game).__module__]
    key = (f"{name} {target_plies} {seed} {LENGTHS.get(name, 80)}"
           + _source_key(random_game, _make_archive, package))
    text, plies = _cached(f"game-{name}-{target_plies}-s{seed}", key,
                          lambda: _make_archive(name, target_plies, seed))
    lengths = [int(x) for x in text.partition("\n")[0].removeprefix("% lengths ").split()]
    if dated:
        plain = text
        text, plies = _cached(f"dated-{name}-{target_plies}-s{seed}",
                              key + _source_key(_make_dated),
                              lambda: _make_dated(plain, plies, seed))
    return text, plies, lengths


def _make_dated(plain: str, plies: int, seed: int) -> tuple[str, int]:
    """``plain`` (an archive of :func:`_make_archive`) with the desk's comment after every ply,
    as ``pbmkit move`` and the referee write them, a Date tag on every game and a TimeControl tag
    on every third one."""
    import datetime

    from pbmkit.desk.dates import annotation_text
    from pbmkit.records.model import Comment
    from pbmkit.records.reader import parse_records
    from pbmkit.records.writer import write_records

    head, _, body = plain.partition("\n")
    records = parse_records(body, check_moves=False)[0]
    rng = random.Random(seed)
    for k, record in enumerate(records):
        day = datetime.date(2020, 1, 1) + datetime.timedelta(days=rng.randrange(2000))
        record.tags["Date"] = day.isoformat()
        if k % 3 == 0:
            record.tags["TimeControl"] = "10/50" if k % 2 else "3"
        n = 0
        for turn in record.main:
            for move in turn.moves:
                n += 1
                received = day + datetime.timedelta(days=1) if n % 5 == 0 else None
                # now and then a move kept a while: 3 days a move is overstepped
                day += datetime.timedelta(days=rng.choice((1, 1, 2)) + (4 if n % 37 == 0 else 0))
                move.comments.append(Comment(annotation_text(received=received, sent=day)))
    return f"{head}\n{write_records(records)}", plies


def _make_archive(name: str, target_plies: int, seed: int) -> tuple[str, int]:
    from pbmkit.records.writer import moves_text

    game = get_game(name)
    rng = random.Random(seed)
    # Batu Khan's random stones shuffle back and forth: repetitions avoided (bench/batu_khan.py)
    avoid_repeats = name == "batukhan"
    parts: list[str] = []
    lengths: list[int] = []
    total = 0
    n = 0
    while total < target_plies:
        n += 1
        moves = random_game(game, rng, min(LENGTHS.get(name, 80), target_plies - total),
                            avoid_repeats=avoid_repeats)
        if not moves:
            break
        total += len(moves)
        lengths.append(len(moves))
        tags = "".join(f'[{tag} "{tag} {n}"]\n' for tag in game.side_tags)
        parts.append(f'[Game "{game.title}"]\n[Number "{n}"]\n{tags}\n{moves_text(game, moves)}')
    # The first line keeps each game's length with the cached text; it is cut before the archive
    # is written out for `pbmkit check`.
    return f"% lengths {' '.join(map(str, lengths))}\n" + "\n".join(parts), total


def chess_archive_like(lengths: Sequence[int], seed: int = 1, dated: bool = False
                       ) -> tuple[str, int]:
    """A PGN archive of random legal chess games, one per entry of ``lengths`` and as long
    (shorter where a random game ends first), and its ply count (``dated``: a ``{[%clk]}``
    comment after every move)."""
    import chess

    key = f"{list(lengths)} {seed} {dated} {chess.__version__}" + _source_key(_make_chess)
    kind = f"chess-like-{len(lengths)}-{sum(lengths)}-s{seed}" + ("-clk" if dated else "")
    return _cached(kind, key, lambda: _make_chess(lengths, seed, dated))


def _make_chess(lengths: Sequence[int], seed: int, dated: bool = False) -> tuple[str, int]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out: list[str] = []
    total = 0
    for n, length in enumerate(lengths, 1):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"bench {n}"
        node: chess.pgn.GameNode = game
        while board.ply() < length and not board.is_game_over():
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            if dated:
                node.set_clock(float(rng.randrange(60, 10_800)))
            board.push(move)
        total += board.ply()
        out.append(str(game))
    return "\n\n".join(out) + "\n", total


def _time(cmd: list[str], env: dict[str, str] = _ENV) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of the whole process ``cmd``, run from a neutral
    folder (never the source tree, whose pure modules would be imported first)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, env=env, cwd=tempfile.gettempdir())
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout[-2000:]!r}\n"
                         f"{done.stderr[-2000:]!r}")
    return elapsed, cpu


def run_game(name: str, plies: int = 40_000, repeats: int = 5, pure: bool = False,
             callgrind: bool = False, dated: bool = False) -> tuple[str, float]:
    """Time ``pbmkit check`` on ``name``'s archive against python-chess; the line and the ratio."""
    global _BUILD
    if _BUILD is None:
        _BUILD = pbmkit_build(pure)
    env, build = _BUILD
    text, ours_plies, lengths = game_archive(name, plies, dated=dated)
    pgn, chess_plies = chess_archive_like(lengths, dated=dated)
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp, f"{name}.txt")
        record.write_text(text.partition("\n")[2], encoding="utf-8")
        pgn_path = Path(tmp, "chess.pgn")
        pgn_path.write_text(pgn, encoding="utf-8")
        reader = Path(tmp, "read_pgn.py")
        reader.write_text(CHESS_READER, encoding="utf-8")
        ours_cmd = [exe, "check", str(record)]
        ref_cmd = [sys.executable, str(reader), str(pgn_path)]
        out = subprocess.run(ours_cmd, capture_output=True, text=True, env=env,
                             cwd=tempfile.gettempdir()).stdout
        valid = out.count(": valid")
        if valid != len(lengths):
            raise SystemExit(f"{name}: {valid} of {len(lengths)} games valid:\n{out[-3000:]}")
        _time(ref_cmd)  # bytecode written, file cache warm
        ours_t: list[tuple[float, float]] = []
        ref_t: list[tuple[float, float]] = []
        for _ in range(repeats):
            ours_t.append(_time(ours_cmd, env))
            ref_t.append(_time(ref_cmd))
        counted = None
        if callgrind:  # python-chess's count, the same for both builds, kept in bench/.cache
            import hashlib

            import chess

            key = f"{hashlib.sha256(pgn.encode()).hexdigest()} {chess.__version__} {sys.version}"
            _, n_ref = _cached(f"callgrind-chess-{name}-{plies}{'-clk' if dated else ''}", key,
                               lambda: ("", _instructions(ref_cmd, _ENV)))
            counted = (_instructions(ours_cmd, env), n_ref)
    ours = ours_plies / median([w for w, _ in ours_t])
    ref = chess_plies / median([w for w, _ in ref_t])
    ratio = ours / ref
    # CPU time (user + system) tells the same when other jobs share the cores and stretch the
    # wall times unevenly.
    cpu_ratio = (ours_plies / median([c for _, c in ours_t])) / (chess_plies / median([c for _, c in ref_t]))
    aim = target(build == "compiled", dated)
    verdict = f"target >= {aim}x: " + ("met" if ratio >= aim else "NOT met") \
        + f"; by CPU time {cpu_ratio:.2f}x"
    by_instructions = None
    if counted is not None:
        n_ours, n_ref = counted
        by_instructions = (n_ref / chess_plies) / (n_ours / ours_plies)
        verdict += (f"; instructions {n_ours / 1e6:,.1f}M against {n_ref / 1e6:,.1f}M, "
                    f"{by_instructions:.2f}x")
    FIGURES.append((get_game(name).title, dated, ratio, cpu_ratio, by_instructions))
    title = get_game(name).title
    line = summary(f"records {title}{' dated' if dated else ''} [{build}]", ours, "plies/s", ratio,
                   f"python-chess {ref:,.0f} plies/s; {len(lengths)} games, {ours_plies:,} plies",
                   verdict)
    return line, ratio


def target(compiled: bool, dated: bool) -> float:
    """The aim of issue 37, as a ratio to python-chess (with clocks for dated records): 3x
    compiled, plain or dated; pure Python 2.5x plain, 2.2x dated."""
    if compiled:
        return 3.0
    return 2.2 if dated else 2.5


FIGURES: list[tuple[str, bool, float, float, float | None]] = []
"""Each measured archive: the game's title, dated, the ratios by wall time, CPU time and
instructions (``None``: not counted)."""


def run(plies: int = 80_000, repeats: int = 5, games: Sequence[str] = (), pure: bool = False,
        callgrind: bool = False, dated: bool = False) -> tuple[list[str], float]:
    """Every game's line (or ``games``'), printed as it comes, and the worst ratio."""
    lines, ratios = each_game(lambda name: run_game(name, plies, repeats, pure, callgrind, dated),
                              games)
    return lines, min(ratios)


def run_both(plies: int = 80_000, repeats: int = 5, games: Sequence[str] = (), pure: bool = False,
             callgrind: bool = False) -> tuple[list[str], bool]:
    """Every game plain and dated (each line printed as it comes), then a table of the two
    columns side by side; the table's lines and whether every figure meets its target."""
    FIGURES.clear()
    run(plies, repeats, games, pure, callgrind)
    run(plies, repeats, games, pure, callgrind, dated=True)
    build = "pure Python" if _BUILD is None or _BUILD[1] != "compiled" else "compiled"
    compiled = build == "compiled"

    def cell(figure: tuple[str, bool, float, float, float | None]) -> str:
        _, _, wall, cpu, counted = figure
        text = f"{wall:.2f}x (CPU {cpu:.2f}x"
        return text + (f", instructions {counted:.2f}x)" if counted is not None else ")")

    plain = {f[0]: f for f in FIGURES if not f[1]}
    dated = {f[0]: f for f in FIGURES if f[1]}
    lines = [f"records, {plies:,} plies, {build}, ratio to python-chess (dated: with clocks); "
             f"targets plain >= {target(compiled, False)}x, dated >= {target(compiled, True)}x:"]
    met = True
    for title in plain:
        met &= plain[title][2] >= target(compiled, False) and dated[title][2] >= target(compiled, True)
        lines.append(f"  {title:<10} plain {cell(plain[title])}   dated {cell(dated[title])}")
    for line in lines:
        print(line, flush=True)
    return lines, met


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", default=[], help="A registered game (default: all).")
    ap.add_argument("--plies", type=int, default=80_000, help="Plies in each archive (at least).")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--pure", action="store_true", help="Measure the source tree, pure Python, "
                    "not the compiled build.")
    ap.add_argument("--callgrind", action="store_true", help="Also count instructions (valgrind).")
    ap.add_argument("--dated", action="store_true", help="Every ply with the desk's dates "
                    "(and every chess move with a [%%clk]).")
    ap.add_argument("--both", action="store_true", help="Plain and dated, then the two columns "
                    "side by side (as make bench prints them).")
    a = ap.parse_args()
    if a.both:
        run_both(a.plies, a.repeats, a.game, a.pure, a.callgrind)
    else:
        run(a.plies, a.repeats, a.game, a.pure, a.callgrind, a.dated)
