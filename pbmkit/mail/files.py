"""The mail layer's errors, and the files only their owner may read (a password file, the keys).

Such a file is read with bounds and without blocking: a FIFO or a device in its place is refused
before a byte is read, and it is read no further than its limit. mail.toml itself is read by
:func:`pbmkit.common.config.read_toml`.
"""

from __future__ import annotations

import os
import stat

from pbmkit.common.errors import PbmkitError

__all__ = ["MailError", "NoAddress", "read_private"]

class MailError(PbmkitError):
    """A message that cannot be made or read; the text says why, in one line."""


class NoAddress(MailError):
    """A message that cannot be made for want of an address (the sender's or a recipient's): a
    setting to give (a record's e-mail tag, mail.toml's ``from``), exit status 2 on the command
    line as every missing setting (docs/cli.md, "Exit codes")."""


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
