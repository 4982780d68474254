"""Game keys: move mails that prove themselves when both players use pbmkit (docs/mail.md).

A game gets a random key (:func:`secrets.token_bytes`, 32 bytes) when ``pbmkit new`` writes a
record with every player's address, else when pbmkit composes the game's first mail. The key
travels in the ``X-Pbmkit-Key`` header of the mails pbmkit composes until a mail of another
player has proven to hold it; every move mail carries ``X-Pbmkit-Auth``, an HMAC-SHA256 under
the key of the game, the turn, the side and the move. ``mail read`` adopts the key of a player's
first mail when it has none, and once a player's mails have carried a valid code, refuses that
player's moves without one.

Keys live in ``$XDG_CONFIG_HOME/pbmkit/keys.toml`` (mode 600, written atomically, refused when
others can read it), never in the record. A game is known there by its name, its ``Number`` tag
and the players' addresses (:func:`game_id`), which both players' records share.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING

from pbmkit.common.files import FileWriteError, atomic_write, folder_lock
from pbmkit.mail.compose import MailError, addresses, header_text
from pbmkit.mail.files import read_private

if TYPE_CHECKING:
    from email.message import Message

    from pbmkit.records.replay import GameReplay

__all__ = ["AUTH_HEADER", "KEY_HEADER", "GameKey", "KeyRing", "auth_code", "game_id", "keys_path",
           "turn_words"]

KEY_HEADER = "X-Pbmkit-Key"
"""The game's key, in hex, in the mails pbmkit composes until another player's mail proved it."""
AUTH_HEADER = "X-Pbmkit-Auth"
"""The move's authentication code, in hex: HMAC-SHA256 of the game, turn, side and move."""
_MAX_FILE = 1024 * 1024
_MAX_GAMES = 10_000
_HEX = frozenset("0123456789abcdef")
_ORIGINS = ("made", "adopted")


def keys_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/pbmkit/keys.toml`` (``~/.config/pbmkit/keys.toml`` by default)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "pbmkit" / "keys.toml"


def game_id(replay: GameReplay) -> str | None:
    """How keys.toml knows the game: ``batalo #3 white=ann@example.org black=bob@example.net``
    (the game, its ``Number`` tag, each side's address); None unless every side has one."""
    game = replay.game
    if game is None:
        return None
    try:
        found = addresses(replay)
    except MailError:
        return None
    if set(found) != set(game.sides):
        return None
    number = header_text(replay.record.tags.get("Number", ""), 20)
    # ASCII only (compose refuses other local parts, writes domains in IDNA): lower case, so that
    # Ann@Example.org in one player's record and ann@example.org in the other's are one game
    players = " ".join(f"{side}={found[side].addr_spec.lower()}" for side in game.sides)
    return f"{game.name} #{number} {players}"


def turn_words(replay: GameReplay, label: str, side: str) -> str:
    """``3.`` for the first side's move of turn 3, ``3...`` for the others'."""
    game = replay.game
    order = replay.order or (game.order if game is not None else ())
    return f"{label}." if order and side == order[0] else f"{label}..."


def auth_code(key: bytes, game: str, label: str, side: str, move: str) -> str:
    """HMAC-SHA256, in hex, of the game (:func:`game_id`), the turn label (``3``, ``2:5``), the
    side and the move as pbmkit writes it, under ``key``: a code for one move of one game."""
    data = "\n".join(("pbmkit-auth-1", game, label, side, move)).encode("utf-8")
    return hmac.new(key, data, sha256).hexdigest()


@dataclass(slots=True)
class GameKey:
    """One game's key and what was seen of it."""

    key: bytes
    origin: str
    """``made`` (here: by ``new`` or the first mail composed) or ``adopted`` (from a mail)."""
    since: dict[str, str] = field(default_factory=dict)
    """Player address -> the first turn (``3...``) whose mail from them carried a valid code."""

    @property
    def confirmed(self) -> bool:
        """Another player holds the key too: it came from their mail, or their mail used it."""
        return self.origin == "adopted" or bool(self.since)


def _key_of(text: str) -> bytes | None:
    value = text.strip().lower()
    return bytes.fromhex(value) if len(value) == 64 and set(value) <= _HEX else None


def _headers(message: Message, name: str) -> list[str]:
    return [str(v) for v in message.get_all(name) or []]


class KeyRing:
    """The keys of keys.toml, in memory; :meth:`save` writes the games changed."""

    def __init__(self, path: Path | None = None, games: dict[str, GameKey] | None = None) -> None:
        """``path``: the file (None: keys kept in memory only, as in tests and library use)."""
        self.path = path
        self.games: dict[str, GameKey] = games if games is not None else {}
        self.changed: set[str] = set()

    @classmethod
    def load(cls, path: Path) -> KeyRing:
        """The keys of ``path`` (none when it does not exist); :class:`MailError` when others can
        read it, it is not this user's regular file, or not a keys file."""
        return cls(path, _read(path))

    def checkpoint(self) -> tuple[dict[str, GameKey], set[str]]:
        """What :meth:`restore` puts back: the keys as they are now (a copy)."""
        games = {gid: GameKey(k.key, k.origin, dict(k.since)) for gid, k in self.games.items()}
        return games, set(self.changed)

    def restore(self, state: tuple[dict[str, GameKey], set[str]]) -> None:
        """Forget what :meth:`verify` learnt since :meth:`checkpoint`: a mail that proved itself
        but was not applied after all (an old date, a record changed meanwhile) adopts no key
        and notes no turn, so a refused forgery cannot stand between the players and their key."""
        games, changed = state
        self.games, self.changed = games, changed

    # --- composing ------------------------------------------------------------------------------

    def make(self, replay: GameReplay) -> bool:
        """Give the game of ``replay`` a new random key unless it has one; True when made."""
        gid = game_id(replay)
        if gid is None or gid in self.games:
            return False
        self.games[gid] = GameKey(secrets.token_bytes(32), "made")
        self.changed.add(gid)
        return True

    def headers(self, replay: GameReplay, label: str, side: str, move: str) -> dict[str, str]:
        """The headers of the mail of ``move`` (side ``side``, turn ``label``): the code, and the
        key while no other player's mail has proven to hold it. Makes the key when the game has
        none; nothing when the game cannot be known (a side without an address)."""
        gid = game_id(replay)
        if gid is None:
            return {}
        self.make(replay)
        entry = self.games[gid]
        out = {AUTH_HEADER: auth_code(entry.key, gid, label, side, move)}
        if not entry.confirmed:
            out[KEY_HEADER] = entry.key.hex()
        return out

    # --- reading --------------------------------------------------------------------------------

    def verify(self, message: Message, replay: GameReplay, label: str, side: str,
               move: str) -> str | None:
        """Why the mail ``message`` bringing ``move`` (``side``'s, turn ``label``) of the game of
        ``replay`` is refused, or None: it proves itself, or nothing is known that it should.

        Adopts the key a mail offers, with a valid code, when the game has none here or has one
        made here that no other player's mail has used yet (so the key of the first mail read
        wins when both players made one); notes the turn from which each player's mails carry a
        valid code.
        """
        gid = game_id(replay)
        if gid is None:
            return None
        offers, codes = _headers(message, KEY_HEADER), _headers(message, AUTH_HEADER)
        if len(offers) > 1 or len(codes) > 1:
            return f"more than one {KEY_HEADER if len(offers) > 1 else AUTH_HEADER} header"
        offered = _key_of(offers[0]) if offers else None
        if offers and offered is None:
            return f"a malformed {KEY_HEADER} header (64 hex digits expected)"
        code = codes[0].strip().lower() if codes else None
        who = addresses(replay)[side].addr_spec
        turn = turn_words(replay, label, side)

        def valid(key: bytes) -> bool:
            return code is not None and hmac.compare_digest(
                code.encode("ascii", "replace"),
                auth_code(key, gid, label, side, move).encode("ascii"))

        entry = self.games.get(gid)
        if offered is not None and (entry is None or offered != entry.key):
            if entry is not None and entry.confirmed:
                return (f"its game key is not this game's (the key this game's mails have used"
                        f"{_since(entry)}): forged or mixed up")
            if not valid(offered):
                return "it offers a game key but no valid authentication code"
            self.games[gid] = GameKey(offered, "adopted", {who: turn})
            self.changed.add(gid)
            return None
        if entry is None:
            return None  # no key here, none offered: the mail cannot prove itself
        if valid(entry.key):
            if who not in entry.since:
                entry.since[who] = turn
                self.changed.add(gid)
            return None
        if code is not None:
            return (f"a wrong authentication code (not this game's {turn} {move} under the "
                    "game's key): forged, or a code copied from another mail")
        if who in entry.since:
            return (f"no valid authentication code; this game's mails from {who} have carried "
                    f"one since {entry.since[who]}")
        return None

    # --- the file -------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the games changed into the file (others' changes since :meth:`load` kept), under
        a lock, atomically, mode 600; :class:`MailError` when it cannot be written."""
        if self.path is None or not self.changed:
            return
        path = self.path
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            with folder_lock(path.parent):
                current = _read(path)
                for gid in self.changed:
                    current[gid] = self.games[gid]
                _write(path, current)
        except OSError as exc:
            raise MailError(f"cannot write {path}: {exc.strerror or exc}") from None
        except FileWriteError as exc:  # the folder could not be locked, or the file written
            raise MailError(str(exc)) from None
        self.changed.clear()


def _since(entry: GameKey) -> str:
    seen = ", ".join(f"{who} since {turn}" for who, turn in sorted(entry.since.items()))
    return f"; {seen}" if seen else ""


def _read(path: Path) -> dict[str, GameKey]:
    where = str(path)
    data = read_private(where, "the keys file", _MAX_FILE, missing_ok=True)
    if data is None:
        return {}
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise MailError(f"the keys file {where} is not TOML ({exc})") from None
    games = doc.get("games", {})
    if not isinstance(games, dict) or len(games) > _MAX_GAMES:
        raise MailError(f"the keys file {where}: [games] must be a table of games")
    out: dict[str, GameKey] = {}
    for gid, table in games.items():
        key = _key_of(table.get("key", "")) if isinstance(table, dict) \
            and isinstance(table.get("key"), str) else None
        origin = table.get("origin") if isinstance(table, dict) else None
        since = table.get("since", {}) if isinstance(table, dict) else None
        if (key is None or origin not in _ORIGINS or not isinstance(since, dict)
                or not all(isinstance(v, str) for v in since.values())):
            raise MailError(f"the keys file {where}: the game {gid[:80]!r} needs key (64 hex "
                            "digits), origin (made or adopted) and since (a table)")
        assert isinstance(origin, str)
        out[gid] = GameKey(key, origin, {str(k): str(v) for k, v in since.items()})
    return out


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)  # a TOML basic string: JSON's escapes are TOML's


def _write(path: Path, games: Mapping[str, GameKey]) -> None:
    lines = ["# pbmkit game keys (docs/mail.md, \"Game keys\"). Secret: keep it mode 600.", ""]
    for gid in sorted(games):
        entry = games[gid]
        since = ", ".join(f"{_toml_string(k)} = {_toml_string(v)}"
                          for k, v in sorted(entry.since.items()))
        lines += [f"[games.{_toml_string(gid)}]", f"key = \"{entry.key.hex()}\"",
                  f"origin = \"{entry.origin}\"", f"since = {{ {since} }}" if since
                  else "since = {}", ""]
    atomic_write(path, "\n".join(lines).encode("utf-8"), private=True)
