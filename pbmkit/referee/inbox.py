"""Where the referee's mail comes in: the :class:`Inbox` protocol and its Maildir form.

An inbox hands out messages as raw bytes, never parsed: the referee bounds and parses them itself
(:mod:`pbmkit.referee` intake). A message is handed out again on every run until :meth:`Inbox.done`
is called for it, so a run killed between applying a message and calling ``done`` sees it again,
and the referee's ledger of processed messages (same transaction as the message's effect) skips it.
The IMAP form lives in :mod:`pbmkit.referee.imap`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

MAX_MESSAGE_BYTES = 1_000_000
"""Messages larger than this are handed out cut at this size plus one byte, with ``oversized``
set, so the referee can refuse them without reading them whole."""


@dataclass(frozen=True)
class InboxMessage:
    """One message as it arrived: ``key`` names it for :meth:`Inbox.done` (a Maildir file name,
    an IMAP UID); ``raw`` is at most :data:`MAX_MESSAGE_BYTES` bytes."""

    key: str
    raw: bytes
    oversized: bool = False
    arrived: float | None = None
    """When it reached the inbox (a Unix time: the Maildir file's time, IMAP's INTERNALDATE)."""


class Inbox(Protocol):
    """A source of incoming messages (Maildir, IMAP)."""

    def messages(self) -> Iterator[InboxMessage]:
        """The messages not yet marked done, oldest first."""
        ...

    def done(self, key: str) -> None:
        """Mark the message handled: it is not handed out again (it is kept, not deleted)."""
        ...

    def close(self) -> None:
        """Let go of the inbox (log out, close files)."""
        ...
