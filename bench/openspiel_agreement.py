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


def _square(row: int, col: int) -> str:
    """OpenSpiel's Amazons square ``(row, col)`` (1-based, row 1 at the top) as pbmkit names it."""
    return f"{'abcdefghij'[col - 1]}{11 - row}"


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
    legal: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        if name == "amazons":
            legal.append(_amazons_turns(state))
            parts = []
            for _ in range(3):  # from, to, shoot
                action = rng.choice(state.legal_actions())
                text = state.action_to_string(player, action)
                row, col = (int(x) for x in text.partition("(")[2].rstrip(")").split(","))
                parts.append(_square(row, col))
                state.apply_action(action)
            moves.append(f"{parts[0]}-{parts[1]}/{parts[2]}")
            continue
        actions = state.legal_actions()
        legal.append(len(actions))
        action = rng.choice(actions)
        moves.append(state.action_to_string(player, action).lower())
        state.apply_action(action)
    returns = state.returns()
    sides = {"othello": ("black", "white"), "amazons": ("white", "black"), "hex": ("red", "blue")}
    winner = "draw" if returns[0] == returns[1] else sides[name][0 if returns[0] > returns[1] else 1]
    return {"game": name, "seed": seed, "moves": moves, "legal": legal, "winner": winner}


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
