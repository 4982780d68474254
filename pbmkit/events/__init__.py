"""Correspondence events: pairings, letters, results and crosstables (docs/events.md).

:func:`load_event` reads an event folder (``event.toml`` and one record per game) into an
:class:`~pbmkit.events.model.Event`; :class:`EventError` is every refusal of this package.
"""

from pbmkit.events.folder import EventError, load_event

__all__ = ["EventError", "load_event"]
