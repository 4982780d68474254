"""Random games played by OpenSpiel (DeepMind's ``open_spiel``, its C++ rules of Amazons, Othello
and Hex), written down for pbmkit's rules to agree with: ``tests/fixtures/openspiel_games.json``.

For each game, seeded random games are played by OpenSpiel alone; each ply keeps the move in
pbmkit's notation and the number of legal moves OpenSpiel gives (Amazons: whole turns, the queen's
move times the arrow's shots, counted by walking OpenSpiel's three-step turns), and each game its
result. ``tests/games/test_openspiel_agreement.py`` replays every game through pbmkit (no
OpenSpiel needed) and asks the same at every ply. Hex is OpenSpiel's own, without the swap rule
(which pbmkit adds: its first ply's count is one more there).

    .venv/bin/pip install open_spiel            # the bench extra of pyproject.toml
    .venv/bin/python bench/openspiel_agreement.py            # writes the fixture
    .venv/bin/python bench/openspiel_agreement.py --check    # and replays it through pbmkit
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "openspiel_games.json"
GAMES = {"othello": 60, "amazons": 12, "hex": 40}
"""Random games of each (Amazons' turns are counted by walking every queen move: slower)."""


SIDES = {"othello": ("black", "white"), "amazons": ("white", "black"), "hex": ("red", "blue")}
"""pbmkit's sides in the order of OpenSpiel's players 0 and 1."""
DECISIONS = {"othello": 1, "amazons": 3, "hex": 1}
"""OpenSpiel's actions in one of pbmkit's moves (Amazons: the queen, its square, the arrow)."""


def amazons_square(action: str) -> str:
    """OpenSpiel's Amazons action (``X From (7, 1)``, ``O To (2, 6)``, ``X Shoot: (1, 5)``: row and
    column 1-based, row 1 at the top) as the square pbmkit names (``a4``)."""
    row, col = (int(x) for x in action.partition("(")[2].rstrip(")").split(","))
    return f"{'abcdefghij'[col - 1]}{11 - row}"


def move_text(name: str, actions: list[str]) -> str:
    """OpenSpiel's action strings of one of pbmkit's moves (three for Amazons, in order) in
    pbmkit's notation: ``d1-d7/g7``; Othello's and Hex's one action as it is, lower case (its
    ``pass`` is pbmkit's)."""
    if len(actions) != DECISIONS[name]:
        raise ValueError(f"{name}: {len(actions)} actions for a move of {DECISIONS[name]}")
    if name == "amazons":
        start, end, arrow = (amazons_square(a) for a in actions)
        return f"{start}-{end}/{arrow}"
    return actions[0].lower()


def winner(name: str, returns: list[float]) -> str:
    """The side OpenSpiel's returns at the end of a game say won (``draw`` when even)."""
    if returns[0] == returns[1]:
        return "draw"
    return SIDES[name][0 if returns[0] > returns[1] else 1]


def _amazons_turns(state: Any) -> int:
    """Whole turns from ``state`` (a queen to choose): every queen move times its shots."""
    total = 0
    for start in state.legal_actions():
        moved = state.child(start)
        for end in moved.legal_actions():
            total += len(moved.child(end).legal_actions())
    return total


def play(name: str, seed: int) -> dict[str, Any]:
    """One random game of ``name`` by OpenSpiel: its moves, legal counts and winner."""
    import pyspiel

    game = pyspiel.load_game(name, {"board_size": 7} if name == "hex" else {})
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves: list[str] = []
    actions: list[list[str]] = []
    legal: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        legal.append(_amazons_turns(state) if name == "amazons" else len(state.legal_actions()))
        texts = []
        for _ in range(DECISIONS[name]):  # Amazons: from, to, shoot
            action = rng.choice(state.legal_actions())
            texts.append(state.action_to_string(player, action))
            state.apply_action(action)
        moves.append(move_text(name, texts))
        if name != "hex":
            actions.append(texts)
    won = winner(name, state.returns())
    record: dict[str, Any] = {"game": name, "seed": seed, "moves": moves, "legal": legal, "winner": won}
    if actions:
        record["actions"] = actions  # OpenSpiel's own strings, for the test of move_text
    return record


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    ap.add_argument("--check", action="store_true", help="Also replay the fixture through pbmkit.")
    args = ap.parse_args(argv)
    games = [play(name, seed) for name, count in GAMES.items() for seed in range(count)]
    head = json.dumps({"made_by": "bench/openspiel_agreement.py", "open_spiel": _version()})
    body = ",\n".join(json.dumps(g, separators=(",", ":")) for g in games)
    FIXTURE.write_text(f'{head[:-1]}, "games": [\n{body}\n]}}\n', encoding="utf-8")
    print(f"wrote {FIXTURE.name}: {len(games)} games, {sum(len(g['moves']) for g in games)} plies")
    if args.check:
        import importlib.util

        path = FIXTURE.parents[1] / "games" / "test_openspiel_agreement.py"
        spec = importlib.util.spec_from_file_location("agreement", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        agree = module.agree
        for game in games:
            agree(game)
        print("pbmkit agrees on every ply")
    return 0


def _version() -> str:
    from importlib.metadata import version

    return version("open_spiel")


if __name__ == "__main__":
    raise SystemExit(main())
