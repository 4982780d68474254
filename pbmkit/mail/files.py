"""The player's own files the mail layer reads: mail.toml, and the files only they may read.

Both are read with bounds and without blocking: a FIFO or a device in their place is refused
before a byte is read, and a file is read no further than its limit.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from pbmkit.common.errors import PbmkitError

__all__ = ["MAX_CONFIG", "MailError", "NoAddress", "read_config", "read_private"]

MAX_CONFIG = 64 * 1024
"""The largest mail.toml read."""


class MailError(PbmkitError):
    """A message that cannot be made or read; the text says why, in one line."""


class NoAddress(MailError):
    """A message that cannot be made for want of an address (the sender's or a recipient's): a
    setting to give (a record's e-mail tag, mail.toml's ``from``), exit status 2 on the command
    line as every missing setting (docs/cli.md, "Exit codes")."""


def read_config(path: Path) -> dict[str, Any] | None:
    """The TOML document of ``path`` (mail.toml), None when there is no such file;
    :class:`MailError` when it is not a regular file, too large, or not TOML."""
    where = str(path)
    if not os.path.lexists(path):
        return None
    if not os.path.isfile(path):  # a FIFO would block, a device never end
        raise MailError(f"{where} is not a regular file")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_CONFIG + 1)
    except OSError as exc:
        raise MailError(f"cannot read {where}: {exc.strerror or exc}") from None
    if len(data) > MAX_CONFIG:
        raise MailError(f"{where}: larger than {MAX_CONFIG // 1024} KiB; not a configuration")
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise MailError(f"{where}: not TOML ({exc})") from None


def read_private(path: str, what: str, limit: int, *, missing_ok: bool = False) -> bytes | None:
    """The bytes of ``what`` (``"the password file"``) at ``path``: a regular file of this user
    that nobody else may read or write (the check ``ssh`` makes of a private key), at most
    ``limit`` bytes; None when it does not exist and ``missing_ok``; :class:`MailError` with
    the reason (and ``chmod 600 PATH``) otherwise."""
    try:  # no following a link, no waiting for a FIFO's writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        if missing_ok:
            return None
        raise MailError(f"cannot read {what} {path}: no such file") from None
    except OSError as exc:
        raise MailError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise MailError(f"{what} {path} is not a regular file")
        if st.st_uid != os.getuid():
            raise MailError(f"{what} {path} belongs to another user; refused")
        if st.st_mode & 0o077:
            raise MailError(f"{what} {path} can be read by others (mode "
                            f"{stat.S_IMODE(st.st_mode):o}); refused: chmod 600 {path}")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise MailError(f"{what} {path} is larger than {limit:,} bytes")
    return data
