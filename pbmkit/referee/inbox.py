"""Where the referee's mail comes in: the :class:`Inbox` protocol and its Maildir form.

An inbox hands out messages as raw bytes, never parsed: the referee bounds and parses them itself
(:mod:`pbmkit.referee` intake). A message is handed out again on every run until :meth:`Inbox.done`
is called for it, so a run killed between applying a message and calling ``done`` sees it again,
and the referee's ledger of processed messages (same transaction as the message's effect) skips it.
The IMAP form lives in :mod:`pbmkit.referee.imap`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from pbmkit.mail.files import MailError

MAX_MESSAGE_BYTES = 1_000_000
"""The referee's bound on a message, for every inbox: a message of at most this many bytes is
handed out whole; a larger one is handed out cut at this many bytes, with ``oversized`` set, so
the referee can refuse it without reading it whole (a reader reads one byte more to tell)."""


@dataclass(frozen=True)
class InboxMessage:
    """One message as it arrived: ``key`` names it for :meth:`Inbox.done` (a Maildir file name,
    an IMAP UID); ``raw`` is at most :data:`MAX_MESSAGE_BYTES` bytes, and ``oversized`` says the
    message was larger (``raw`` is then its first :data:`MAX_MESSAGE_BYTES` bytes)."""

    key: str
    raw: bytes
    oversized: bool = False
    arrived: float | None = None
    """When it reached the inbox (a Unix time: the Maildir file's time, IMAP's INTERNALDATE)."""


class Inbox(Protocol):
    """A source of incoming messages (Maildir, IMAP). A failure of the inbox itself (a server
    gone, a folder that cannot be read) is a :class:`pbmkit.mail.files.MailError` of one line."""

    def messages(self) -> Iterator[InboxMessage]:
        """The messages not yet marked done, oldest first."""
        ...

    def done(self, key: str) -> None:
        """Mark the message handled: it is not handed out again (it is kept, not deleted)."""
        ...

    def close(self) -> None:
        """Let go of the inbox (log out, close files)."""
        ...


_SEEN = "S"


class MaildirInbox:
    """A Maildir as the referee's inbox: the messages of ``new/``, and those of ``cur/`` not
    flagged Seen, oldest first (by file name: a Maildir name starts with the delivery time).
    :meth:`done` moves a message to ``cur/`` with the Seen flag (``:2,S``): kept, not handed out
    again. Whatever fills the Maildir (fetchmail, getmail, mbsync, a local mail server) may go on
    delivering while the referee runs."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        for sub in ("new", "cur", "tmp"):
            if not os.path.isdir(os.path.join(self.path, sub)):
                raise FileNotFoundError(f"{self.path} is not a Maildir (no {sub}/ folder)")
        self._where: dict[str, str] = {}

    def _names(self) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = []
        for sub in ("new", "cur"):
            try:
                with os.scandir(os.path.join(self.path, sub)) as entries:
                    for e in entries:
                        if e.name.startswith("."):
                            continue
                        base, _, info = e.name.partition(":")
                        if sub == "cur" and _SEEN in info.partition(",")[2]:
                            continue
                        found.append((base, os.path.join(sub, e.name)))
            except OSError as exc:
                raise _failed("cannot list", os.path.join(self.path, sub), exc) from None
        return sorted(found)

    def messages(self) -> Iterator[InboxMessage]:
        for key, rel in self._names():
            file = os.path.join(self.path, rel)
            try:
                st = os.stat(file)
                if not stat.S_ISREG(st.st_mode):  # a FIFO would block, a device never end
                    continue
                with open(file, "rb") as fh:
                    raw = fh.read(MAX_MESSAGE_BYTES + 1)
            except FileNotFoundError:  # taken by another reader meanwhile
                continue
            except OSError as exc:
                raise _failed("cannot read", file, exc) from None
            self._where[key] = rel
            yield InboxMessage(key, raw[:MAX_MESSAGE_BYTES], len(raw) > MAX_MESSAGE_BYTES,
                               st.st_mtime)

    def done(self, key: str) -> None:
        rel = self._where.pop(key, None)
        if rel is None:
            return
        _sub, _, name = rel.partition(os.sep)
        base, _, info = name.partition(":")
        flags = info.partition(",")[2] if info.startswith("2,") else ""
        new_name = f"{base}:2,{''.join(sorted(set(flags + _SEEN)))}"
        try:
            os.replace(os.path.join(self.path, rel), os.path.join(self.path, "cur", new_name))
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise _failed("cannot mark done", os.path.join(self.path, rel), exc) from None

    def close(self) -> None:
        self._where.clear()


def _failed(doing: str, path: str, exc: OSError) -> MailError:
    return MailError(f"the Maildir inbox failed: {doing} {path}: {exc.strerror or exc}")
