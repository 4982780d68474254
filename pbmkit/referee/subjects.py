"""Reading a message's command: its subject without ``Re:`` and keys, the command word, a
``Move:`` line or a bare move of a game's thread, a number as a command writes it.

Plain text in, plain text out: what a command may do is the handlers' to say
(:mod:`pbmkit.referee.commands`), whether the sender may is :mod:`pbmkit.referee.security`'s.
"""

from __future__ import annotations

import re
from collections.abc import Container

__all__ = ["MAX_BARE_MOVE", "NUMBERED", "bare_move", "find_command", "number_of", "strip_subject",
           "thread_move"]

_RE = re.compile(r"^\s*(?:(?:re|fwd?|aw|wg|sv|tr)\s*:\s*)+", re.IGNORECASE)
_KEYS = re.compile(r"\[[gspc]\d*\.[A-Za-z2-7]+\]")
_MOVE_LINE = re.compile(r"^\s*move\s*:\s*(.{1,200})$", re.IGNORECASE)
NUMBERED = re.compile(r"^(\d{1,4}(?::\d{1,4})?[a-z]?)\s*\.(?:\s*\.\.)?\s+(.+)$")
"""A move written with its number (``6. FU to GT``, ``6... FU to GT``): the number, the move."""
_NUMBER = re.compile(r"#?([0-9]{1,18})")
MAX_BARE_MOVE = 200
"""The longest bare line read as a move (a ``Move:`` line's bound)."""


def number_of(word: str) -> int | None:
    """The number a command's word gives (``12``, ``#12``: ASCII digits, at most 18, so that
    it fits the database's integers), else None. ``str.isdigit`` also takes ``²`` (which
    ``int`` refuses) and numbers SQLite cannot hold: they were faults of the referee."""
    m = _NUMBER.fullmatch(word)
    return int(m.group(1)) if m is not None else None


def strip_subject(subject: str) -> str:
    """A subject without ``Re:``/``Fwd:`` prefixes and the referee's ``[g12....]`` keys."""
    return _KEYS.sub(" ", _RE.sub("", subject)).strip()


def find_command(subject: str, lines: list[str], names: Container[str]
                 ) -> tuple[str, list[str]] | None:
    """The command of a message: the first word of its subject, else of its body's first line
    (any case), and the words after it; None when neither starts with one of ``names`` (the
    registry's)."""
    for text in (strip_subject(subject), *[line for line in lines if line.strip()][:1]):
        words = text.split()
        if words and words[0].lower().rstrip(":") in names:
            return words[0].lower().rstrip(":"), words[1:]
    return None


def thread_move(lines: list[str]) -> str | None:
    """The move of a ``Move: ...`` line of the body, if any."""
    for line in lines[:50]:
        m = _MOVE_LINE.match(line)
        if m is not None:
            return m.group(1).strip()
    return None


def bare_move(lines: list[str], game_keys: list[tuple[int, str]]) -> str | None:
    """The bare move of a reply in a game's thread (``DX to FV``, no ``Move:``): the one line of
    the sender's own words (``lines``: quoted lines, a signature and a quoted original already
    left out), when the message's keys name one game; None otherwise (no line, two lines or more,
    keys of several games, a line over :data:`MAX_BARE_MOVE` characters). Whether it is a legal
    move of the player to move is the ``move`` command's to say."""
    own = [line.strip() for line in lines if line.strip()]
    if len(own) != 1 or len({g for g, _ in game_keys}) != 1 or len(own[0]) > MAX_BARE_MOVE:
        return None
    return own[0]
