"""Rules cores: one package per game, found by name in a registry.

Adding a game is one package ``pbmkit/games/<game>/`` whose ``GAME`` satisfies
:class:`~pbmkit.games.base.Game` and one :func:`register` line below. Packages are imported on
first use, so a command that handles Batalo records never pays for the other games. A game from
outside pbmkit (a test's, a user's) plugs in through the same call::

    pbmkit.games.register("trio", lambda: TRIO, aliases=("three",))

Names are matched ignoring case, spaces, hyphens, underscores and accents (``"Batu-Khan"``,
``"BALADÃNA"``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from pbmkit.games.base import (
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    Outcome,
    PbmkitError,
    SetupError,
    UnknownGameError,
)

__all__ = ["AmbiguousMoveError", "Game", "IllegalMoveError", "Outcome", "PbmkitError", "SetupError",
           "UnknownGameError", "default_game_name", "game_key", "game_names", "get_game", "register"]

_FACTORIES: dict[str, Callable[[], Game[Any, Any]] | str] = {}
"""Registry: key (see :func:`game_key`) to the game, or to ``"module:NAME"`` imported on first use."""
_ALIASES: dict[str, str] = {}
_GAMES: dict[str, Game[Any, Any]] = {}


def game_key(name: str) -> str:
    """``name`` without case, spaces, hyphens, underscores or accents: ``"Batu-Khan"`` -> ``"batukhan"``."""
    key = name.strip().lower()
    for ch in " -_":
        key = key.replace(ch, "")
    if not key.isascii():
        import unicodedata

        key = "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))
    return key


def register(name: str, game: Callable[[], Game[Any, Any]] | str, *, aliases: tuple[str, ...] = ()
             ) -> None:
    """Register a game under ``name`` (and ``aliases``).

    ``game`` is a function returning the game, or ``"package.module:NAME"`` to import on first
    use. Registering a name again replaces the game (a test may plug its own game in and out).
    """
    key = game_key(name)
    _FACTORIES[key] = game
    _GAMES.pop(key, None)
    for alias in aliases:
        _ALIASES[game_key(alias)] = key


def unregister(name: str) -> None:
    """Forget the game registered as ``name`` and its aliases (``KeyError`` if none)."""
    key = game_key(name)
    del _FACTORIES[key]
    _GAMES.pop(key, None)
    for alias in [a for a, k in _ALIASES.items() if k == key]:
        del _ALIASES[alias]


def default_game_name() -> str:
    """The game of a record without a ``Game`` tag: the first registered (Batalo)."""
    return next(iter(_FACTORIES))


def game_names() -> list[str]:
    """The registered game names (their keys), in registration order."""
    return list(_FACTORIES)


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (see :func:`game_key`); :class:`UnknownGameError` (a ``KeyError``)
    naming the known games if none."""
    key = game_key(name)
    key = _ALIASES.get(key, key)
    game = _GAMES.get(key)
    if game is not None:
        return game
    factory = _FACTORIES.get(key)
    if factory is None:
        known = ", ".join(_title(k) for k in _FACTORIES)
        raise UnknownGameError(f"unknown game {name!r} (known: {known})")
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        game = getattr(import_module(module), attr or "GAME")
    else:
        game = factory()
    _GAMES[key] = game
    return game


def _title(key: str) -> str:
    game = _GAMES.get(key)
    return game.title if game is not None else key.capitalize()


register("batalo", "pbmkit.games.batalo:GAME", aliases=("batallo",))
register("billo", "pbmkit.games.billo:GAME")
register("batu khan", "pbmkit.games.batu_khan:GAME")
register("batrakill", "pbmkit.games.batrakill:GAME")
register("baladana", "pbmkit.games.baladana:GAME")
register("hex", "pbmkit.games.hex:GAME")
