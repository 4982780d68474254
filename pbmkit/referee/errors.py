"""The referee's errors: :class:`RefereeError`, the base of every failure of the club's referee
(a refused command, a club or database that cannot be used, a run that found another at work or
the disk full, the organiser's refused ruling)."""

from __future__ import annotations

from pbmkit.common.errors import PbmkitError

__all__ = ["RefereeError"]


class RefereeError(PbmkitError):
    """A failure of the club's referee; the text says why, in one line."""
