"""Rules cores: one module per game, found by name in a registry.

Adding a game is one new module that builds a :class:`~pbmkit.games.base.Game` instance named
``GAME`` and one line in :data:`_MODULES`. Modules are imported on first use, so a command that
handles Batalo records never pays for the other games.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from pbmkit.games.base import Game, IllegalMoveError, Outcome, SetupError

__all__ = ["Game", "IllegalMoveError", "Outcome", "SetupError", "game_names", "get_game"]

_MODULES: dict[str, str] = {
    "batalo": "pbmkit.games.batalo",
    "billo": "pbmkit.games.billo",
}
"""Registry: lower-case game name (as in the ``Game`` tag) to the module that defines ``GAME``."""

_ALIASES: dict[str, str] = {"batallo": "batalo"}


def game_names() -> list[str]:
    """The registered game names, in registration order."""
    return list(_MODULES)


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (case-insensitive); ``KeyError`` naming the known games if none."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _MODULES:
        known = ", ".join(g.capitalize() for g in _MODULES)
        raise KeyError(f"unknown game {name!r} (known: {known})")
    game: Game[Any, Any] = import_module(_MODULES[key]).GAME
    return game
