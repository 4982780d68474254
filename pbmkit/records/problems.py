"""Problems found in records (errors, warnings, notes) and the notation layer's exceptions."""


from typing import NamedTuple

from pbmkit.common.text import printable
from pbmkit.games.base import IllegalMoveError
from pbmkit.games.notation import MoveSyntaxError

__all__ = ["IllegalMoveError", "MoveSyntaxError", "Problem"]

SOURCE_WINDOW = 72
"""How many characters of a source line a problem quotes around its column."""


class Problem(NamedTuple):
    """One error, warning or note about a record, placed in the source where possible.

    A named tuple: defined at every command's start, where a frozen dataclass costs ~1.4 ms
    (docs/performance.md)."""

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
        text = ": ".join([*(printable(h, 200) for h in head), printable(self.message, 500)])
        if self.legal:
            text += f"\n  the piece could go to: {', '.join(self.legal)}"
        if self.source_line is not None and self.column is not None:
            line, caret = quote_line(self.source_line, self.column)
            text += f"\n  {line}\n  {' ' * caret}^"
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



def quote_line(line: str, column: int, width: int = SOURCE_WINDOW) -> tuple[str, int]:
    """A source line to quote under a problem, and the caret's offset in it.

    A long line is cut to ``width`` characters around ``column`` (an ellipsis marks each cut), so
    output grows with the number of problems, not with the square of a line's length; control
    codes are escaped and tabs shown as one space.
    """
    at = max(0, min(column - 1, len(line)))
    lo = max(0, at - width // 2)
    hi = min(len(line), lo + width)
    lo = max(0, hi - width)
    before = ("…" if lo > 0 else "") + printable(line[lo:at].replace("\t", " "))
    after = printable(line[at:hi].replace("\t", " ")) + ("…" if hi < len(line) else "")
    return before + after, len(before)
