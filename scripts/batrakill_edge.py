"""Batrakill's far edge, searched exhaustively (docs/engine.md, "Why the games between two engines
do not end"): round 2 of the duel, no tower, the dragon needing one more knight, and K knights on
rank 9, where knights facing north only step along the rank (no square ahead, none behind), so
that they never leave it. For every set of K files and every square of the dragon, with either
side to move, the rules core's moves are followed until nothing changes: a position is the
dragon's when, the dragon to move, one of its moves eats (or leads to a position of the dragon's),
or, the knights to move, every move of theirs does (the knights with no move lose, rule 11).

    python scripts/batrakill_edge.py          # K = 1 to 7: from how many positions the dragon wins
    python scripts/batrakill_edge.py 4 abhi   # the positions of four knights on a9, b9, h9, i9

Prints, for each K, the positions with the knights to move and the dragon on ranks 1 to 7 (not yet
beside the edge) from which the dragon forces its meal, and how many sets of files it ever wins
against.
"""

from __future__ import annotations

import itertools
import sys

from pbmkit.games import get_game
from pbmkit.games.batrakill.rules import Position

__all__ = ["FILES", "State", "dragon_wins", "main"]

FILES = "abcdefghi"
SETUP = ("round=2 move={move} supply=0 eaten=4 before=5 dragon={dragon} towers=- broken=- "
         "knights={knights} barred=- result=-")
State = tuple[str, str, str]
"""(the knights' files on rank 9, the dragon's square, the side to move)."""


def _key(position: Position) -> State:
    coords = position.config.layout.board.coords
    f, r = coords[position.dragon]
    files = "".join(sorted(FILES[coords[k.square][0]] for k in position.knights))
    return files, f"{FILES[f]}{r + 1}", "dragon" if position.dragon_to_move else "knights"


def dragon_wins(count: int) -> tuple[set[State], list[State]]:
    """The positions with ``count`` knights on rank 9 from which the dragon forces its meal, and
    every position searched."""
    game = get_game("batrakill")
    squares = [f"{f}{r}" for f in FILES for r in range(1, 10)]
    after: dict[State, list[State | str]] = {}
    for files in itertools.combinations(FILES, count):
        knights = ",".join(f"{f}9^:{FILES[i]}1" for i, f in enumerate(files))
        for dragon in squares:
            if dragon[1] == "9" and dragon[0] in files:
                continue
            for move in ("dragon", "knights"):
                position = game.parse_setup(SETUP.format(move=move, dragon=dragon, knights=knights))
                nexts: list[State | str] = []
                for m in game.legal_moves(position):
                    then = game.apply(position, m)
                    outcome = game.outcome(then)
                    nexts.append(outcome.winner if outcome is not None else _key(then))
                after["".join(files), dragon, move] = nexts
    won: set[State] = set()
    grew = True
    while grew:
        grew = False
        for state, nexts in after.items():
            if state not in won:
                good = [n == "dragon" or n in won for n in nexts]
                if any(good) if state[2] == "dragon" else all(good):
                    won.add(state)
                    grew = True
    return won, list(after)


def main(argv: list[str]) -> int:
    if len(argv) == 2:
        won, _ = dragon_wins(int(argv[0]))
        lost = sorted(s for s in won if s[0] == argv[1])
        print(f"{argv[1]}: the dragon wins from {len(lost)} positions: "
              + ", ".join(f"{d} {m} to move" for _, d, m in lost))
        return 0
    for count in range(1, 8):
        won, states = dragon_wins(count)
        far = [s for s in states if s[2] == "knights" and int(s[1][1:]) <= 7]
        lost = [s for s in far if s in won]
        print(f"{count} knights on rank 9, knights to move, dragon on ranks 1-7: the dragon forces "
              f"its meal from {len(lost)} of {len(far)} positions "
              f"({len({s[0] for s in lost})} of {len({s[0] for s in far})} sets of files)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
