"""The events layer's errors: :class:`EventError`, the base of every event failure (an event
that cannot be made or read, a change refused, a section that cannot be paired)."""

from __future__ import annotations

from pbmkit.common.errors import PbmkitError

__all__ = ["EventError"]


class EventError(PbmkitError):
    """An event that cannot be made or read, or a change refused: one line saying why."""
