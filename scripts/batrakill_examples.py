"""Writes the two Batrakill duel examples, reproducibly: examples/batrakill-01-knights-win.txt and
examples/batrakill-02-dragon-wins.txt.

Each game is played by the rules core (pbmkit.games.batrakill) between two seeded players that
score each legal move (the knights: fetch a tower from an X square, carry it toward the middle,
place it, keep out of the dragon's reach; in round 2 get into towers, close in, and count the
dragon's replies that would let them capture it; the dragon: eat, close in, never step into a
capture), with Gaussian noise, per side and round, on the scores: the losing side plays with more
noise. The seed of each example is fixed below (found once with ``--search``), so the same records
come out on every machine (tests/games/test_batrakill_examples.py checks it). A few comments are
added where something happens: the first tower taken, placed, the first passage, the end of
round 1, the end.

    python scripts/batrakill_examples.py            # (re)write both examples
    python scripts/batrakill_examples.py --check    # exit 1 if an example differs from its game
    python scripts/batrakill_examples.py --search knights   # look for a seed (prints candidates)
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pbmkit.games.batrakill import GAME, Move, Position
from pbmkit.games.batrakill.notation import format_move
from pbmkit.games.batrakill.rules import apply, legal_moves

ROOT = Path(__file__).resolve().parents[1]
BOARD = GAME.board
MAX_MOVES = 300


@dataclass(frozen=True)
class Example:
    """One example game: its file, the seed and noise of each side, and its header."""

    file: str
    winner: str
    seed: int
    knights_noise: tuple[float, float]
    """The noise of the knights' choices in round 1 and in round 2."""
    dragon_noise: tuple[float, float]
    event: str
    knights: str
    dragon: str


EXAMPLES = (
    Example("batrakill-01-knights-win.txt", "knights", 39, (1.0, 1.0), (25.0, 150.0),
            "pbmkit example: a Batrakill duel won by the knights (provisional duel layout)",
            "Ann Lee", "Bob Stone"),
    Example("batrakill-02-dragon-wins.txt", "dragon", 12, (1.0, 30.0), (5.0, 1.0),
            "pbmkit example: a Batrakill duel won by the dragon (provisional duel layout)",
            "Cid Moor", "Dee Vale"),
)


def _rank(square: int) -> int:
    return BOARD.coords[square][1]


def _distance(a: int, b: int) -> int:
    (ax, ay), (bx, by) = BOARD.coords[a], BOARD.coords[b]
    return max(abs(ax - bx), abs(ay - by))


def _eats(before: Position, after: Position) -> int:
    return (after.eaten + after.eaten_before) - (before.eaten + before.eaten_before)


def _danger(position: Position) -> int:
    """The most knights the dragon, to move in ``position``, can eat at once."""
    if not position.dragon_to_move or position.result is not None:
        return 0
    return max((_eats(position, apply(position, m)) for m in legal_moves(position)
                if m.kind == "dragon"), default=0)


def _knights_can_win(position: Position) -> bool:
    if position.dragon_to_move or position.result is not None:
        return False
    return any((got := apply(position, m).result) is not None and got[0] == "knights"
               for m in legal_moves(position))


def _knights_value(position: Position, move: Move, after: Position, target: int) -> float:
    """How much the knights like ``move`` (higher is better)."""
    if after.result is not None:
        return 1000.0 if after.result[0] == "knights" else -1000.0
    value = -40.0 * _danger(after)
    if after.round != position.round:
        return value + 50.0
    if position.round == 1:
        x_squares = GAME.config.layout.x_squares
        k = position.knight_at(move.path[0])
        assert k is not None
        to = move.path[-1]
        if k.carrying:  # carry the tower down to the target rank, then place it
            if move.kind == "place":
                value += 30.0 if _rank(move.path[0]) <= target else 5.0
            else:
                value += 10.0 if BOARD.coords[to][1] < BOARD.coords[move.path[0]][1] else 0.0
        elif k.facing == "S":  # back to the camp
            value += 1.0 * (_rank(move.path[0]) - _rank(to))
        elif position.supply:
            free = [x for x in x_squares if x not in after.towers]
            if free:
                before_d = min(_distance(move.path[0], x) for x in free)
                after_d = min(_distance(to, x) for x in free)
                value += (before_d - after_d) * (8.0 - 0.5 * before_d)
        return value
    dragon = position.dragon
    empty = after.towers - {k.square for k in after.knights}
    for k in after.knights:
        value -= 0.7 * _distance(dragon, k.square)
        if k.square in after.towers:
            value += 10.0
        elif empty:
            value -= 1.5 * min(_distance(k.square, t) for t in empty)
    replies = legal_moves(after)
    value -= 1.5 * len(replies)
    if replies and value > -40.0:  # how many of the dragon's replies let the knights win
        lost = sum(_knights_can_win(apply(after, r)) for r in replies)
        value += 60.0 * lost / len(replies)
    return value


def _dragon_value(position: Position, move: Move, after: Position) -> float:
    """How much the dragon likes ``move``."""
    if after.result is not None:
        return 1000.0 if after.result[0] == "dragon" else -1000.0
    value = 40.0 * _eats(position, after)
    if _knights_can_win(after):
        value -= 300.0
    if after.dragon >= 0 and after.knights:
        near = sorted(_distance(after.dragon, k.square) + (0 if k.carrying else 1)
                      for k in after.knights)
        value -= 2.0 * near[0] + 0.5 * sum(near[:3])
    return value


def play(example: Example) -> list[Move]:
    """The moves of one seeded game (stops at the end or after :data:`MAX_MOVES`)."""
    rng = random.Random(example.seed)
    position, moves = GAME.initial_position(), list[Move]()
    target = 4
    while position.result is None and len(moves) < MAX_MOVES:
        legal = legal_moves(position)
        if not legal:
            break
        if position.dragon_to_move:
            noise = example.dragon_noise[position.round - 1]
            scored = [(_dragon_value(position, m, apply(position, m)), m) for m in legal]
        else:
            noise = example.knights_noise[position.round - 1]
            if not any(k.carrying for k in position.knights):
                target = rng.randrange(3, 7)
            scored = [(_knights_value(position, m, apply(position, m), target), m) for m in legal]
        best = max(scored, key=lambda vm: vm[0] + rng.gauss(0.0, noise))[1]
        moves.append(best)
        position = apply(position, best)
    return moves


def _comments(moves: list[Move]) -> Iterator[tuple[int, str]]:
    """(move index, comment) where something worth a word happens."""
    position = GAME.initial_position()
    taken = placed = passed = False
    for i, move in enumerate(moves):
        after = apply(position, move)
        if position.round == 1 and after.round == 1 and not taken and after.supply < position.supply:
            taken = True
            yield i, (f"{BOARD.name(move.path[-1])} is an X square: the knight takes a tower and "
                      "carries it, facing south")
        if move.kind == "place" and not placed:
            placed = True
            yield i, f"the tower stays on {BOARD.name(move.path[0])} for good"
        if move.kind == "pass" and not passed:
            passed = True
            yield i, "underground, from tower to tower"
        if after.round == 2 and position.round == 1:
            why = ("the dragon has eaten five knights" if position.eaten + _eats(position, after) >= 5
                   else "all five towers are placed or broken")
            yield i, (f"round 1 is over: {why}; the {len(after.knights)} knights left go back to "
                      "their start squares, facing north")
        if after.result is not None:
            how = after.result[1]
            yield i, {"captured": "the dragon is caught between two knights, one of them in a "
                                  "tower: the knights win",
                      "trapped": "the dragon has no move left: the knights win",
                      "eaten": "five knights eaten in round 2: the dragon wins",
                      "no-moves": "the knights have no move left: the dragon wins"}[how]
        position = after


def record(example: Example, moves: list[Move]) -> str:
    """The example's record text: tags, turns (``round 2`` where round 2 starts), comments."""
    position = GAME.initial_position()
    notes: dict[int, list[str]] = {}
    for i, note in _comments(moves):
        notes.setdefault(i, []).append(note)
    end = position
    for move in moves:
        end = apply(end, move)
    winner = end.result[0].capitalize() if end.result else "*"
    lines = [f'[Event "{example.event}"]', '[Game "Batrakill"]', f'[Knights "{example.knights}"]',
             f'[Dragon "{example.dragon}"]', f'[Winner "{winner}"]', ""]
    current: list[str] = []
    number, round_ = 0, 1

    def flush() -> None:
        if current:
            lines.append(" ".join(current))
            current.clear()

    for i, move in enumerate(moves):
        if position.round != round_:
            flush()
            lines.append(f"round {position.round}")
            round_, number = position.round, 0
        if not position.dragon_to_move:
            flush()
            number += 1
            current.append(f"{number}.")
        current.append(format_move(BOARD, move))
        for note in notes.get(i, []):
            current.append(f"{{ {note} }}")
        position = apply(position, move)
    flush()
    return "\n".join(lines) + "\n"


def _summary(moves: list[Move]) -> tuple[str, int, int, int]:
    position = GAME.initial_position()
    first = 0
    for i, move in enumerate(moves):
        if position.round == 1:
            first = i + 1
        position = apply(position, move)
    winner = ":".join(position.result) if position.result else "-"
    return winner, first, len(moves) - first, len(position.towers)


def search(winner: str, tries: int) -> None:
    """Print seeds whose game the ``winner`` wins, with the length of each round."""
    base = next(e for e in EXAMPLES if e.winner == winner)
    for seed in range(tries):
        trial = Example(base.file, winner, seed, base.knights_noise, base.dragon_noise, base.event,
                        base.knights, base.dragon)
        moves = play(trial)
        got, one, two, towers = _summary(moves)
        if got.startswith(winner) and one and two:
            print(f"seed {seed}: {got}, round 1 {one} moves, round 2 {two} moves, {towers} towers")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    ap.add_argument("--search", choices=("knights", "dragon"), help="look for seeds")
    ap.add_argument("--tries", type=int, default=40)
    a = ap.parse_args(argv)
    if a.search:
        search(a.search, a.tries)
        return 0
    differ = False
    for example in EXAMPLES:
        text = record(example, play(example))
        path = ROOT / "examples" / example.file
        if a.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path}: differs from its seeded game", file=sys.stderr)
                differ = True
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
