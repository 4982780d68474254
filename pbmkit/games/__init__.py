"""Rules cores: one package per game, found by name in a registry.

Adding a game is one package ``pbmkit/games/<game>/`` whose ``GAME`` (in its ``game.py``)
satisfies :class:`~pbmkit.games.base.Game`, and one :func:`register` line below with the game's
title and sides. Packages are imported on first use, so a command that handles Batalo records
never pays for the other games, and listing the games (:func:`game_names`, :func:`game_info`)
imports none. A game from outside pbmkit (a test's, a user's) plugs in through the same call::

    pbmkit.games.register("trio", lambda: TRIO, aliases=("three",))

Names are matched ignoring case, spaces, hyphens, underscores and accents (``"Batu-Khan"``,
``"BALADÃNA"``).
"""


from collections.abc import Callable
from importlib import import_module
from typing import NamedTuple

from pbmkit.games.base import (
    AmbiguousMoveError,
    AnyGame,
    Game,
    IllegalMoveError,
    MoveError,
    Outcome,
    PbmkitError,
    SetupError,
    UnknownGameError,
)

__all__ = ["AmbiguousMoveError", "AnyGame", "Game", "GameInfo", "IllegalMoveError", "MoveError", "Outcome",
           "PbmkitError", "SetupError", "UnknownGameError", "default_game_name", "game_info",
           "game_key", "game_names", "get_game", "register"]


class GameInfo(NamedTuple):
    """What a list of the games shows, registered with the game: no game is built to tell it."""

    name: str
    """The registry key (:func:`game_key`): ``"batukhan"``."""
    title: str
    """The name as printed: ``"Batu Khan"``."""
    sides: tuple[str, ...]
    """The sides of the registered game, in its standard order: ``("south", "north")``."""


_FACTORIES: dict[str, Callable[[], AnyGame] | str] = {}
"""Registry: key (see :func:`game_key`) to the game, or to ``"module:NAME"`` imported on first use."""
_ALIASES: dict[str, str] = {}
_INFO: dict[str, GameInfo] = {}
"""Key to the title and sides registered with the game (a game registered without them: from the
game itself, once built)."""
_GAMES: dict[str, AnyGame] = {}


def game_key(name: str) -> str:
    """``name`` without case, spaces, hyphens, underscores or accents: ``"Batu-Khan"`` -> ``"batukhan"``."""
    key = name.strip().lower()
    for ch in " -_":
        key = key.replace(ch, "")
    if not key.isascii():
        import unicodedata

        key = "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))
    return key


def register(name: str, game: Callable[[], AnyGame] | str, *, title: str | None = None,
             sides: tuple[str, ...] | None = None, aliases: tuple[str, ...] = ()) -> None:
    """Register a game under ``name`` (and ``aliases``).

    ``game`` is a function returning the game, or ``"package.module:NAME"`` to import on first
    use (``NAME`` a game, or a game's class, whose instance made without arguments is the
    game). ``title`` and ``sides`` (both, or neither) are the game's own, given here so that listing
    the games (:func:`game_info`) builds none; without them the game is built to tell them.
    Registering a name again replaces the game (a test may plug its own game in and out).
    """
    if (title is None) != (sides is None):
        raise TypeError("register: give a game's title and sides together, or neither")
    key = game_key(name)
    _FACTORIES[key] = game
    _GAMES.pop(key, None)
    _INFO.pop(key, None)
    if title is not None and sides is not None:
        _INFO[key] = GameInfo(key, title, sides)
    for alias in aliases:
        _ALIASES[game_key(alias)] = key


def unregister(name: str) -> None:
    """Forget the game registered as ``name`` and its aliases (``KeyError`` if none)."""
    key = game_key(name)
    del _FACTORIES[key]
    _GAMES.pop(key, None)
    _INFO.pop(key, None)
    for alias in [a for a, k in _ALIASES.items() if k == key]:
        del _ALIASES[alias]


def default_game_name() -> str:
    """The game of a record without a ``Game`` tag: the first registered (Batalo)."""
    return next(iter(_FACTORIES))


def game_names() -> list[str]:
    """The registered game names (their keys), in registration order."""
    return list(_FACTORIES)


def game_info(name: str) -> GameInfo:
    """The title and sides of the game called ``name`` (see :func:`game_key`), as registered:
    the game itself is not built (unless it was registered without them);
    :class:`UnknownGameError` if none."""
    key = _known_key(name)
    info = _INFO.get(key)
    if info is None:
        game = get_game(key)
        info = _INFO[key] = GameInfo(key, game.title, tuple(game.sides))
    return info


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (see :func:`game_key`); :class:`UnknownGameError` (a ``KeyError``)
    naming the known games if none."""
    key = game_key(name)
    key = _ALIASES.get(key, key)
    game = _GAMES.get(key)
    if game is not None:
        return game
    factory = _FACTORIES[_known_key(name)]
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        found = getattr(import_module(module), attr or "GAME")
        game = found() if isinstance(found, type) else found  # a game's class: its standard game
    else:
        game = factory()
    _GAMES[key] = game
    return game


def _known_key(name: str) -> str:
    """The registry key of ``name``; :class:`UnknownGameError` naming the known games if none."""
    key = game_key(name)
    key = _ALIASES.get(key, key)
    if key not in _FACTORIES:
        known = ", ".join(_title(k) for k in _FACTORIES)
        raise UnknownGameError(f"unknown game {name!r} (known: {known})")
    return key


def _title(key: str) -> str:
    info = _INFO.get(key)
    if info is not None:
        return info.title
    game = _GAMES.get(key)
    return game.title if game is not None else key.capitalize()


register("batalo", "pbmkit.games.batalo.game:GAME", title="Batalo", sides=("white", "black"),
         aliases=("batallo",))
register("billo", "pbmkit.games.billo.game:GAME", title="Billo", sides=("yellow", "orange"))
register("batu khan", "pbmkit.games.batu_khan.game:GAME", title="Batu Khan",
         sides=("south", "north"))
register("batrakill", "pbmkit.games.batrakill.game:GAME", title="Batrakill",
         sides=("knights", "dragon"))
register("baladana", "pbmkit.games.baladana.game:GAME", title="Baladãna", sides=("white", "black"))
register("hex", "pbmkit.games.hex.game:GAME", title="Hex", sides=("red", "blue"))
register("amazons", "pbmkit.games.amazons.game:Amazons", title="Amazons", sides=("white", "black"))
register("othello", "pbmkit.games.othello.game:Othello", title="Othello", sides=("black", "white"))
