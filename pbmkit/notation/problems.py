"""Problems found in records (errors, warnings, notes) and the notation layer's exceptions."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.notation import MoveSyntaxError

__all__ = ["IllegalMoveError", "MoveSyntaxError", "Problem", "no_gc_pauses"]


@contextmanager
def no_gc_pauses() -> Iterator[None]:
    """Hold the cyclic garbage collector while reading a file.

    Reading builds many small objects and no reference cycles; the collector's passes over them
    cost about a fifth of the time of ``check``. It is switched back on (if it was on) at the end.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@dataclass(frozen=True)
class Problem:
    """One error, warning or note about a record, placed in the source where possible."""

    source: str
    line: int | None
    column: int | None
    turn: str | None
    """The turn label as written (``"12"``, ``"12a"``), or ``None`` outside any turn."""
    side: str | None
    """The side that made (or should have made) the move, as the game names it (``"white"``)."""
    move: str | None
    """The move as written."""
    message: str
    legal: tuple[str, ...] = ()
    """Where the piece could have gone instead: space names, for an illegal move."""
    severity: str = "error"
    """``"error"``, ``"warning"`` or ``"note"``."""
    source_line: str | None = None
    """The text of the source line, for a caret display."""

    def format(self) -> str:
        """``file:line:col: turn 5 (black) EV to CX: message``, then the line and a caret."""
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        head = [where]
        if self.severity != "error":
            head.append(self.severity)
        context = ""
        if self.turn is not None:
            context = f"turn {self.turn}"
            if self.side is not None:
                context += f" ({self.side})"
        if self.move is not None:
            context = f"{context} {self.move}".strip()
        if context:
            head.append(context)
        text = ": ".join([*head, self.message])
        if self.legal:
            text += f"\n  the piece could go to: {', '.join(self.legal)}"
        if self.source_line is not None and self.column is not None:
            line = self.source_line.expandtabs(1)
            text += f"\n  {line}\n  {' ' * (self.column - 1)}^"
        return text

    def to_json(self) -> dict[str, object]:
        """The error object of ``check --json``."""
        return {
            "line": self.line,
            "column": self.column,
            "turn": self.turn,
            "side": self.side,
            "move": self.move,
            "message": self.message,
            "legal": list(self.legal),
            "severity": self.severity,
        }

