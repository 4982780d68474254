"""The registry: every command the referee reads, by name, built from the list of the modules
that define them. Nothing registers itself on import: a command is here because its module's
``COMMANDS`` is in :data:`MODULES`.

A command's handler runs in the message's transaction (:class:`pbmkit.referee.context.Context`);
a :class:`pbmkit.referee.context.Refusal` leaves the records and the database as they were.
"""

from __future__ import annotations

from pbmkit.referee.commands import challenges, games, help, leave, lists, membership
from pbmkit.referee.context import Command

__all__ = ["COMMANDS", "MODULES"]

MODULES = (help, membership, challenges, games, lists, leave)
"""The modules of commands, by subject; each lists its own in ``COMMANDS``."""

COMMANDS: dict[str, Command] = {c.name: c for module in MODULES for c in module.COMMANDS}
"""The commands by name (the help lists them by name)."""
