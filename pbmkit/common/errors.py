"""The root of pbmkit's errors (docs/architecture.md, "Errors").

Every public exception of pbmkit derives from :class:`PbmkitError`, through a base of its layer
(``GameError``, ``RecordError``, ``MailError``, ``EventError``, ``RefereeError`` ...), so that a
caller catches one layer's failures, or all of pbmkit's, with one ``except``; the command line
maps the bases to its exit codes (docs/cli.md, "Exit codes").
"""

from __future__ import annotations

__all__ = ["PbmkitError"]


class PbmkitError(ValueError):
    """The root of pbmkit's errors: bad input of any kind (a ``ValueError``)."""
