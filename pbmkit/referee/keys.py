"""The secrets that prove who sent a message: per player and game, and signup codes.

A game secret is ``HMAC-SHA256(club key, game, side, generation)`` cut to 120 bits and written
in 24 lower-case base-32 letters (``k7qx...``): lower case, because mail systems may change the
case of an address's local part. The club key is 32 bytes from :mod:`secrets`, in the file
``club.key`` beside the database (mode 600), never in the database; the database keeps only the
secret's SHA-256 (``game_players.secret_hash``). The referee derives the secret again whenever it
mails the player, so a stolen database (a backup, a copy) yields no secret, and rotating a secret
(``secret N``) is a new generation. Signup codes are random (:mod:`secrets`), mailed once and kept
hashed.

A secret travels as ``g12.<secret>``: in the reply address ``referee+g12.<secret>@club.org`` of
every message of game 12 the player gets (a subject a player writes may carry it too).

Two more keys of the same form prove a player outside a game's moves: a player's own key
(``p7.<secret>``: ``HMAC(club key, player, generation)``, in every message the referee sends
the player that is not a game's: the welcome, the replies, the lists), which a challenge, a
vacation and a key change need; and a challenge's key for each player it names (``c5.<secret>``:
``HMAC(club key, challenge, player)``, in the invitation), which ``accept 5`` and ``decline 5``
need (the player's own key does too). Neither is stored: each is derived again to be checked.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

from pbmkit.mail.files import read_private

__all__ = ["KEY_FILE", "challenge_key_text", "challenge_secret", "game_key_text", "game_secret",
           "keys_in", "load_club_key", "make_club_key", "new_code", "person_keys_in",
           "player_key_text", "player_secret", "same_secret", "secret_hash"]

KEY_FILE = "club.key"
SECRET_LETTERS = 24
CODE_LETTERS = 12

_GAME_KEY = re.compile(r"(?<![A-Za-z0-9])g(\d{1,9})\.([a-z2-7]{24})(?![A-Za-z0-9])", re.IGNORECASE)
_PLAYER_KEY = re.compile(r"(?<![A-Za-z0-9])p(\d{1,9})\.([a-z2-7]{24})(?![A-Za-z0-9])",
                         re.IGNORECASE)
_CHALLENGE_KEY = re.compile(r"(?<![A-Za-z0-9])c(\d{1,9})\.([a-z2-7]{24})(?![A-Za-z0-9])",
                            re.IGNORECASE)
_SIGNUP_KEY = re.compile(r"(?<![A-Za-z0-9])s\.([a-z2-7]{12})(?![A-Za-z0-9])", re.IGNORECASE)


def make_club_key(root: Path) -> None:
    """Write a new club key to ``root/club.key`` (mode 600); an existing key is kept."""
    path = root / KEY_FILE
    if path.exists():
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(secrets.token_bytes(32).hex().encode("ascii") + b"\n")
        fh.flush()
        os.fsync(fh.fileno())


def load_club_key(root: Path) -> bytes:
    """The club key of ``root/club.key`` (:class:`pbmkit.mail.files.MailError` if the file is
    missing, readable by others, or not a key)."""
    from pbmkit.mail.files import MailError

    data = read_private(str(root / KEY_FILE), "the club key", 200)
    assert data is not None
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        raise MailError(f"{root / KEY_FILE} is not a club key (64 hex digits)") from None
    if len(key) < 16:
        raise MailError(f"{root / KEY_FILE} is too short for a club key")
    return key


def _letters(data: bytes, count: int) -> str:
    return base64.b32encode(data).decode("ascii").lower().rstrip("=")[:count]


def game_secret(key: bytes, game: int, side: str, generation: int) -> str:
    """The secret of the player of ``side`` in game ``game`` (24 letters a-z, 2-7)."""
    mac = hmac.new(key, f"pbmkit-referee-1\0{game}\0{side}\0{generation}".encode(), hashlib.sha256)
    return _letters(mac.digest()[:15], SECRET_LETTERS)


def player_secret(key: bytes, player: int, generation: int) -> str:
    """The own key of player ``player`` (its ``players.id``) at ``generation``."""
    mac = hmac.new(key, f"pbmkit-referee-player-1\0{player}\0{generation}".encode(),
                   hashlib.sha256)
    return _letters(mac.digest()[:15], SECRET_LETTERS)


def challenge_secret(key: bytes, challenge: int, player: int) -> str:
    """The key of challenge ``challenge`` for the player ``player`` it names."""
    mac = hmac.new(key, f"pbmkit-referee-challenge-1\0{challenge}\0{player}".encode(),
                   hashlib.sha256)
    return _letters(mac.digest()[:15], SECRET_LETTERS)


def same_secret(given: str, expected: str) -> bool:
    """Whether ``given`` is ``expected`` (in constant time)."""
    return hmac.compare_digest(given.lower().encode("ascii", "replace"),
                               expected.encode("ascii"))


def player_key_text(player: int, secret: str) -> str:
    """``p7.<secret>``, as addresses and subjects carry it."""
    return f"p{player}.{secret}"


def challenge_key_text(challenge: int, secret: str) -> str:
    """``c5.<secret>``, as an invitation's address and subject carry it."""
    return f"c{challenge}.{secret}"


def person_keys_in(texts: list[str]) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The player keys ``(player, secret)`` and the challenge keys ``(challenge, secret)`` found
    in ``texts`` (addresses, subjects), in order, without repeats, in lower case."""
    found: tuple[list[tuple[int, str]], list[tuple[int, str]]] = ([], [])
    for text in texts:
        for pattern, out in ((_PLAYER_KEY, found[0]), (_CHALLENGE_KEY, found[1])):
            for m in pattern.finditer(text[:2000]):
                key = (int(m.group(1)), m.group(2).lower())
                if key not in out:
                    out.append(key)
    return found[0][:20], found[1][:20]


def new_code() -> str:
    """A random signup code (12 letters, 60 bits)."""
    return _letters(secrets.token_bytes(10), CODE_LETTERS)


def secret_hash(secret: str) -> str:
    """What the database keeps of a secret or a code: its SHA-256 (hex), of the lower-case text."""
    return hashlib.sha256(secret.lower().encode("ascii", "replace")).hexdigest()


def game_key_text(game: int, secret: str) -> str:
    """``g12.<secret>``, as addresses and subjects carry it."""
    return f"g{game}.{secret}"


def keys_in(texts: list[str]) -> tuple[list[tuple[int, str]], list[str]]:
    """The game keys ``(game, secret)`` and the signup codes found in ``texts`` (addresses,
    subjects), in order, without repeats; secrets and codes in lower case."""
    games: list[tuple[int, str]] = []
    codes: list[str] = []
    for text in texts:
        for m in _GAME_KEY.finditer(text[:2000]):
            found = (int(m.group(1)), m.group(2).lower())
            if found not in games:
                games.append(found)
        for m in _SIGNUP_KEY.finditer(text[:2000]):
            if m.group(1).lower() not in codes:
                codes.append(m.group(1).lower())
    return games[:20], codes[:5]
