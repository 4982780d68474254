"""The settings files a user writes (mail.toml, club.toml, config.toml), read and checked once.

:func:`read_toml` reads one with bounds and without blocking (a FIFO or a device in its place is
refused before a byte is read); a :class:`Table` checks one of its tables: the keys it knows
(an unknown key is refused, named with the file and the known keys), and each value's type and
range, in one wording for every file. Each layer gives the error class it raises (``MailError``,
``ClubError``, ``InputError``), so a wrong setting keeps its layer's exit code.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Mapping
from typing import NoReturn

__all__ = ["MAX_CONFIG", "ErrorFactory", "Table", "read_toml"]

MAX_CONFIG = 64 * 1024
"""The largest settings file read."""

ErrorFactory = Callable[[str], Exception]
"""The layer's error class, called with the one-line message."""

_MAX_TEXT = 1000
_CONTROL = re.compile("[\x00-\x1f\x7f]")


def read_toml(path: str | os.PathLike[str], error: ErrorFactory, *,
              limit: int = MAX_CONFIG) -> dict[str, object] | None:
    """The TOML document of the settings file ``path``; None when there is no such file;
    ``error(message)`` raised when it is not a regular file, cannot be read, is larger than
    ``limit`` bytes or is not TOML in UTF-8."""
    import tomllib  # ~1.5 ms: only the commands that read settings pay it

    where = os.fspath(path)
    if not os.path.lexists(where):
        return None
    if not os.path.isfile(where):  # a FIFO would block, a device never end
        raise error(f"{where} is not a regular file")
    try:
        with open(where, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {where}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(f"{where}: larger than {limit // 1024} KiB; not a settings file")
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise error(f"{where}: not TOML ({exc})") from None


class Table:
    """One table of a settings file, checked: made by :meth:`check`, read by the typed getters.

    Every message starts with the file (``where``) and names the key as it is written there
    (``[smtp] port``, ``[inbox] imap host``, ``move_days`` at the top level). A plain class, not a
    dataclass: ``pbmkit status`` reads the config file for the player's name, and importing
    ``dataclasses`` cost it ~7 ms (docs/performance.md)."""

    __slots__ = ("error", "name", "values", "where")

    def __init__(self, values: Mapping[str, object], where: str, name: str,
                 error: ErrorFactory) -> None:
        self.values = values
        self.where = where
        """The file, as messages name it."""
        self.name = name
        """The table as the file writes it (``[smtp]``, ``[inbox] imap``), ``""`` at the top level."""
        self.error = error

    def __repr__(self) -> str:
        return f"Table(where={self.where!r}, name={self.name!r}, keys={sorted(self.values)!r})"

    @classmethod
    def check(cls, value: object, keys: Collection[str], *, where: str, name: str,
              error: ErrorFactory, no_password: bool = False) -> Table:
        """``value`` as a table of the keys ``keys``: refused (``error``) when it is not a table
        or holds another key (the first unknown one named, with the known ones). With
        ``no_password``, a ``password`` key is refused as such: a password comes from an
        environment variable or a file only its owner can read, never from a settings file."""
        if not isinstance(value, Mapping):
            raise error(f"{where}: {name or 'the file'} must be a table")
        if no_password and "password" in value:
            raise error(f"{where}: a password is not kept in {os.path.basename(where)}; use "
                        "password_env (an environment variable) or password_file (a file only "
                        "you can read)")
        unknown = sorted(str(k) for k in value if k not in keys)
        if unknown:
            inside = f" in {name}" if name else ""
            raise error(f"{where}: unknown key {unknown[0][:80]!r}{inside} "
                        f"(known: {', '.join(sorted(keys))})")
        return cls(value, where, name, error)

    def fail(self, message: str) -> NoReturn:
        """Raise the layer's error: ``FILE: message``."""
        raise self.error(f"{self.where}: {message}")

    def key(self, key: str) -> str:
        """``key`` as messages name it: ``[smtp] port``."""
        return f"{self.name} {key}" if self.name else key

    def text(self, key: str, *, limit: int = _MAX_TEXT, pattern: re.Pattern[str] | None = None,
             what: str = "a non-empty text on one line") -> str | None:
        """The text at ``key``, its ends trimmed; None when absent; refused (``KEY must be
        WHAT``) when it is not a non-empty text on one line of at most ``limit`` characters, or
        when ``pattern`` does not match it all."""
        value = self.values.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip() or len(value) > limit \
                or _CONTROL.search(value) \
                or (pattern is not None and not pattern.fullmatch(value.strip())):
            self.fail(f"{self.key(key)} must be {what}")
        return value.strip()

    def integer(self, key: str, default: int, low: int, high: int, *, unit: str = "") -> int:
        """The whole number at ``key`` (``default`` when absent), from ``low`` to ``high``;
        ``unit`` names what it counts in the message (``"days"``)."""
        value = self.values.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            of = f" of {unit}" if unit else ""
            self.fail(f"{self.key(key)} must be a number{of} from {low} to {high}")
        return value

    def seconds(self, key: str, default: float, high: float) -> float:
        """A duration in seconds at ``key`` (``default`` when absent): more than 0, at most
        ``high``."""
        value = self.values.get(key, default)
        if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value <= high:
            self.fail(f"{self.key(key)} must be seconds, more than 0 and at most {high:g}")
        return float(value)

    def flag(self, key: str, default: bool) -> bool:
        """``true`` or ``false`` at ``key`` (``default`` when absent)."""
        value = self.values.get(key, default)
        if not isinstance(value, bool):
            self.fail(f"{self.key(key)} must be true or false")
        return value

    def choice(self, key: str, choices: Collection[str], default: str) -> str:
        """One of ``choices`` at ``key`` (any case; ``default`` when absent), in lower case."""
        value = (self.text(key) or default).lower()
        if value not in choices:
            self.fail(f"{self.key(key)} must be {_either(choices)}, not {value[:80]!r}")
        return value

    def table(self, key: str, keys: Collection[str], *, no_password: bool = False) -> Table | None:
        """The table at ``key``, checked as :meth:`check` does; None when absent."""
        value = self.values.get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.fail(f"{self.key(key)} must be a table ([{key}])" if not self.name
                      else f"{self.key(key)} must be a table")
        return Table.check(value, keys, where=self.where, name=self.key(key) if self.name
                           else f"[{key}]", error=self.error, no_password=no_password)


def _either(choices: Collection[str]) -> str:
    words = list(choices)
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
