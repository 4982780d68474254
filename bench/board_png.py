"""PNG boards as the referee draws them (issue 27's load): ms of CPU a board, per game, for the
whole-page path (the drawing on a one-page PDF, PDFium, a 64-colour octree, zlib level 6: the
path before render/raster.py) and for ``board_png`` today (cached pieces), and the ratio.

Each game plays --boards seeded random moves; every board is the position after a move, that move
marked and the players under it, at --width pixels (960: the referee's ``BOARD_WIDTH``). The cold
figure is the first board of a game (the grid and the glyphs drawn and cached), the warm one the
median of the others (most carry a new arrow, drawn for that board). CPU time
(``time.process_time``): the machine is shared. Also prints the PNG sizes and what the caches hold.

    .venv/bin/python bench/board_png.py [--boards 30 --width 960]
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from typing import Any

from PIL import Image

from pbmkit.games import game_names, get_game
from pbmkit.games.batrakill.shipped import LAYOUTS
from pbmkit.render import raster
from pbmkit.render.png import board_png, pdfium_image
from pbmkit.render.svg import board_picture


def whole_page_png(game: Any, position: Any, move: Any, players: list[str], width: int) -> bytes:
    """The board as it was drawn before the cached path: whole page, octree, zlib level 6."""
    drawing, title = board_picture(game, position, last_move=move, players=players)
    image = pdfium_image(drawing, width_px=width, title=title)
    palette = image.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, "PNG", compress_level=6)
    return out.getvalue()


def boards(game: Any, count: int, seed: int) -> list[tuple[Any, Any]]:
    """``count`` positions of one seeded random game, each with the move that led to it."""
    rng = random.Random(seed)
    position = game.initial_position()
    out = []
    while len(out) < count:
        moves = list(game.legal_moves(position))
        if not moves or game.outcome(position) is not None:
            position = game.initial_position()
            continue
        move = rng.choice(moves)
        position = game.apply(position, move)
        out.append((position, move))
    return out


def club(games: list[Any], per_kind: int, moves: int, width: int) -> str:
    """A club's run: ``per_kind`` games of each kind at different points of play, their next
    ``moves`` boards drawn in turn, game after game (as the referee meets them in its inbox),
    the caches cold at the start. Returns the summary line."""
    rng = random.Random(7)
    running = []
    for game in games:
        for k in range(per_kind):
            positions = boards(game, rng.randint(2, 40) + moves, 1000 + k)
            running.append((game, positions[-moves:], [f"Player {k} {side}" for side in game.sides]))
    rng.shuffle(running)
    raster.clear_caches()
    times: list[float] = []
    size = 0
    for turn in range(moves):
        for game, positions, players in running:
            position, move = positions[turn]
            t = time.process_time()
            size += len(board_png(game, position, last_move=move, players=players, width_px=width))
            times.append(time.process_time() - t)
    return (f"  a club: {len(running)} games ({per_kind} of each kind), {moves} boards each drawn "
            f"in turn from cold caches: mean {statistics.mean(times) * 1000:.1f} ms, median "
            f"{statistics.median(times) * 1000:.1f} ms a board, {size / len(times) / 1000:.1f} KB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=30)
    ap.add_argument("--width", type=int, default=960)
    ap.add_argument("--club", type=int, default=40, help="games of each kind in the club run")
    args = ap.parse_args()
    games = [get_game(name) for name in game_names()]
    games += [get_game("batrakill").configure({"Layout": "zones"})]
    games += [get_game("batukhan").configure({"Board": "7x7"})]
    assert set(LAYOUTS) == {"duel", "zones"}
    print(f"PNG boards at {args.width} px, {args.boards} a game, ms of CPU a board "
          "(whole page: median; cached: first board, then the median of the others)")
    print(f"  {'game':22} {'whole page':>10} {'cached cold':>11} {'cached warm':>11} "
          f"{'ratio':>6} {'KB whole':>8} {'KB cached':>9}")
    warm_all, whole_all = [], []
    for k, game in enumerate(games if args.boards else []):
        players = [f"Player {side}" for side in game.sides]
        positions = boards(game, args.boards, 27 + k)
        whole, fast, size_whole, size_fast = [], [], 0, 0
        whole_page_png(game, *positions[0], players, args.width)  # fonts and PDFium loaded
        for position, move in positions:
            t = time.process_time()
            size_whole += len(whole_page_png(game, position, move, players, args.width))
            whole.append(time.process_time() - t)
        raster.clear_caches()
        for position, move in positions:
            t = time.process_time()
            size_fast += len(board_png(game, position, last_move=move, players=players,
                                       width_px=args.width))
            fast.append(time.process_time() - t)
        w, cold, warm = (statistics.median(whole) * 1000, fast[0] * 1000,
                         statistics.median(fast[1:]) * 1000)
        warm_all += fast[1:]
        whole_all += whole
        name = game.title + (f" {len(game.sides)} sides" if len(game.sides) > 2 else "")
        name += f" {len(game.board.names)}" if game.title == "Batu Khan" else ""
        print(f"  {name:22} {w:10.1f} {cold:11.1f} {warm:11.1f} {w / warm:5.1f}x "
              f"{size_whole / len(positions) / 1000:8.1f} {size_fast / len(positions) / 1000:9.1f}")
    if warm_all:
        total_whole = statistics.median(whole_all) * 1000
        total_warm = statistics.median(warm_all) * 1000
        print(f"  all games: whole page {total_whole:.1f} ms, cached warm {total_warm:.1f} ms: "
              f"{total_whole / total_warm:.1f}x")
    print(club(games, args.club, 3, args.width))
    bases, sprites, bands = raster.cache_bytes()
    print(f"  caches after the club: bases {bases / 1e6:.1f} MB "
          f"(bound {raster.BASE_BYTES / 1e6:.0f}), sprites {sprites / 1e6:.1f} MB "
          f"(bound {raster.SPRITE_BYTES / 1e6:.0f}), bands {bands / 1e6:.1f} MB "
          f"(bound {raster.BAND_BYTES / 1e6:.0f})")


if __name__ == "__main__":
    main()
