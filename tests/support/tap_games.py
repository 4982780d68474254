"""Games still going, one of each game and layout, for the tests of moving by tapping (issue 39
§2): each made by playing seeded random legal moves from the start with ``pbmkit move``'s own
core (:func:`pbmkit.desk.moving.play_move`), stopped before the end."""

from __future__ import annotations

import random

from pbmkit.desk.moving import play_move
from pbmkit.records import check_text

__all__ = ["GAMES", "in_progress"]

GAMES: dict[str, tuple[str, dict[str, str], int]] = {
    # name: (rules, choosing tags, plies)
    "batalo": ("Batalo", {}, 14),
    "billo": ("Billo", {}, 12),
    "batu-khan": ("Batu Khan", {}, 6),
    "batu-khan-6x6": ("Batu Khan", {"Board": "6x6"}, 9),
    "baladana": ("Baladãna", {}, 6),
    "batrakill": ("Batrakill", {}, 10),
    "batrakill-zones": ("Batrakill", {"Layout": "zones", "Order": "Purple Blue Dragon Yellow"}, 9),
    "hex": ("Hex", {}, 1),
    "hex-11x11": ("Hex", {"Board": "11x11"}, 3),
    "amazons": ("Amazons", {}, 4),
    "othello": ("Othello", {}, 6),
}


def in_progress(key: str, seed: int = 1) -> str:
    """The record of the game ``key`` of :data:`GAMES` after its plies of seeded random legal
    moves, its players' addresses in ``<Side>Email`` tags (``side@example.org``)."""
    title, tags, plies = GAMES[key]
    lines = [f'[Game "{title}"]', '[Number "7"]', '[Date "2026-11-20"]']
    lines += [f'[{k} "{v}"]' for k, v in tags.items()]
    (rep,) = check_text("\n".join(lines) + "\n")
    game = rep.game
    assert game is not None, rep.errors
    for side, tag in zip(game.sides, game.side_tags, strict=True):
        name = f"{side.capitalize()} Player" if "zones" not in tags or side == "dragon" else \
            f"{side.capitalize()} Player, {'SNE'[['purple', 'blue', 'yellow'].index(side)]}"
        lines.append(f'[{tag} "{name}"]')
        lines.append(f'[{tag}Email "{side}@example.org"]')
    text = "\n".join(lines) + "\n"
    (rep,) = check_text(text)
    assert rep.valid, rep.errors
    rng = random.Random(seed)
    for _ in range(plies):
        game = rep.game
        assert game is not None
        moves = sorted(game.legal_moves(rep.final), key=lambda m: game.notation.format(m, rep.final))
        quiet = [m for m in moves if game.outcome(game.apply(rep.final, m)) is None]
        if not quiet:
            break
        move = rng.choice(quiet)
        played = play_move(text, "game.txt", rep, game.notation.format(move, rep.final))
        text, rep = played.text, played.replay
    return text
