"""The secrets that prove who sent a message: per player and game, and signup codes.

A game secret is ``HMAC-SHA256(club key, game, side, generation)`` cut to 120 bits and written
in 24 lower-case base-32 letters (``k7qx...``): lower case, because mail systems may change the
case of an address's local part. The club key is 32 bytes from :mod:`secrets`, in the file
``club.key`` beside the database (mode 600), never in the database; the database keeps only the
secret's SHA-256 (``game_players.secret_hash``). The referee derives the secret again whenever it
mails the player, so a stolen database (a backup, a copy) yields no secret, and rotating a secret
(``secret N``) is a new generation. Signup codes are random (:mod:`secrets`), mailed once and kept
hashed.

A secret travels as ``g12.<secret>``: in the reply address ``referee+g12.<secret>@club.org`` and
in the subject of every message of game 12 the player gets.
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

__all__ = ["KEY_FILE", "game_key_text", "game_secret", "keys_in", "load_club_key", "make_club_key",
           "new_code", "secret_hash"]

KEY_FILE = "club.key"
SECRET_LETTERS = 24
CODE_LETTERS = 12

_GAME_KEY = re.compile(r"(?<![A-Za-z0-9])g(\d{1,9})\.([a-z2-7]{24})(?![A-Za-z0-9])", re.IGNORECASE)
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
