"""The records layer's errors: :class:`RecordError` is the base of what the records and the desk
refuse (a move that cannot be played or appended, a desk event the record refuses)."""

from __future__ import annotations

from pbmkit.common.errors import PbmkitError

__all__ = ["RecordError"]


class RecordError(PbmkitError):
    """Something a record refuses; the text says why, in players' words."""
