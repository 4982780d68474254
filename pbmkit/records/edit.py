"""Small edits of a record's text that keep every other byte: the desk's events (docs/desk.md).

Each function takes the file's text (a byte-order mark, if any, as its first character) and the
parsed :class:`~pbmkit.records.model.Record` of its only game, and returns the new text. Line
ends follow the file's (CRLF stays CRLF). The commands re-read and replay the result before they
write it, so an edit that would break the record is refused, not written.
"""

from __future__ import annotations

import re

from pbmkit.records.model import Comment, Phase, Record, Turn, WrittenMove, tag_value_text

__all__ = ["append_after_last_move", "comment_end", "last_move", "line_starts", "remove_last_move",
           "set_tag"]

# A tag's value: characters other than a quote or a backslash, or an escaped character (linear).
# "12..." or "12. ..." (or "12. …") right before a move: the turn continued on a new line.
# Compiled on first use (re keeps them): a mailed move imports this module and seldom needs them.
_CONTINUATION = r"(?<![0-9A-Za-z])([0-9]{1,9}[A-Za-z]?)\.(?:\.\.|[ \t]*(?:\.\.\.|…))\s*$"
_TAG_VALUE = r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\.)*)"'


def _split(text: str, record: Record) -> tuple[str, str, list[int], str]:
    bom = "\ufeff" if record.bom and text.startswith("\ufeff") else ""
    body = text[len(bom):]
    nl = "\r\n" if "\r\n" in body else "\n"
    return bom, body, line_starts(body), nl


def line_starts(text: str) -> list[int]:
    """The offset in ``text`` at which each of its lines starts (line ``n`` at ``[n - 1]``)."""
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _offset(starts: list[int], line: int, column: int) -> int:
    return starts[line - 1] + column - 1


def comment_end(body: str, starts: list[int], c: Comment) -> int:
    """The offset just after comment ``c`` of ``body`` (its ``}``, or the end of its ``;`` line)."""
    pos = _offset(starts, c.line, c.column)
    if c.kind == "{":
        close = body.find("}", pos)
        return len(body) if close < 0 else close + 1
    nl = body.find("\n", pos)
    end = len(body) if nl < 0 else nl
    return end - 1 if end > pos and body[end - 1] == "\r" else end


def _line_end(body: str, starts: list[int], phase: Phase) -> int:
    """The offset of the end of a phase line's line (before its line end)."""
    pos = _offset(starts, phase.line, phase.column)
    nl = body.find("\n", pos)
    end = len(body) if nl < 0 else nl
    return end - 1 if end > pos and body[end - 1] == "\r" else end


def last_move(record: Record) -> tuple[Turn, WrittenMove] | None:
    """The main line's last written move and its turn, or None before the first move."""
    for turn in reversed(record.main):
        if turn.moves:
            return turn, turn.moves[-1]
    return None


def _after_move(body: str, starts: list[int], move: WrittenMove) -> tuple[int, bool]:
    """The offset after ``move`` and its comments, and whether a ``;`` comment ends it."""
    pos, ends_line = move.end_pos, False
    for c in move.comments:
        pos = max(pos, comment_end(body, starts, c))
        ends_line = c.kind == ";"
    return pos, ends_line


def append_after_last_move(text: str, record: Record, piece: str, *, new_line: bool = False) -> str:
    """``text`` with ``piece`` (a comment, an ending) right after the last main-line move and its
    comments; on a new line when ``new_line`` or a ``;`` comment ends the move's line.
    ``ValueError`` if there is no move."""
    found = last_move(record)
    if found is None:
        raise ValueError("the record has no move yet")
    bom, body, starts, nl = _split(text, record)
    pos, ends_line = _after_move(body, starts, found[1])
    sep = nl if ends_line or new_line else " "
    return bom + body[:pos] + sep + piece + body[pos:]


def remove_last_move(text: str, record: Record) -> str:
    """``text`` without the main line's last move, its comments and (if the move was its turn's
    only one) its turn number, and without the blank space before them: the inverse of
    ``pbmkit move``. A round's first move takes the phase line right before it (``round 2``,
    which ``pbmkit move`` writes with that move) along, and a phase line after the move goes
    too; a phase line holding a comment stays. ``ValueError`` if there is no move, or if an
    ending follows it."""
    found = last_move(record)
    if found is None:
        raise ValueError("the record has no move to take back")
    turn, move = found
    ending = record.ending
    if ending is not None:
        raise ValueError(f"the game ended with '{ending.kind}' after the last move; take the "
                         "ending back by editing the record")
    bom, body, starts, _ = _split(text, record)
    only = len(turn.moves) == 1
    start = _offset(starts, turn.line, turn.column) if only else \
        _offset(starts, move.line, move.column)
    end, _ = _after_move(body, starts, move)
    if not only:  # "1. IR to HS ; note" then "1... EV to FU": the continuation goes too
        window = max(0, start - 40)
        m = re.compile(_CONTINUATION).search(body, window, start)
        if m is not None and m.group(1).lower() == turn.label:
            start = m.start()
    at = next(k for k, item in enumerate(record.body) if item is turn)
    before = record.body[at - 1] if at > 0 else None
    if only and isinstance(before, Phase) and not before.comments:
        # The round's first move goes with the line 'round N' that pbmkit move wrote before it.
        start = _offset(starts, before.line, before.column)
    for item in record.body[at + 1:]:  # a bare phase line after the move (the round is over)
        if not isinstance(item, Phase) or item.comments:
            break
        end = _line_end(body, starts, item)
    kept = body[:start].rstrip(" \t\r\n")
    rest = body[end:] if kept else body[end:].lstrip(" \t\r\n")
    return bom + kept + rest


def set_tag(text: str, record: Record, name: str, value: str) -> str:
    """``text`` with tag ``name`` set to ``value``: its value replaced where it is written, or a
    new tag line after the last tag (before everything when the game has no tags)."""
    bom, body, starts, nl = _split(text, record)
    escaped = tag_value_text(value)
    where = record.tag_positions.get(name)
    if where is not None:
        pos = _offset(starts, *where)
        m = re.compile(_TAG_VALUE).match(body, pos)
        if m is not None:
            return bom + body[:m.start(2)] + escaped + body[m.end(2):]
    line = f'[{name} "{escaped}"]'
    if record.tag_positions:
        last = max(ln for ln, _ in record.tag_positions.values())
        pos = starts[last] if last < len(starts) else len(body)
        if pos == len(body) and not body.endswith("\n"):
            return bom + body + nl + line
        return bom + body[:pos] + line + nl + body[pos:]
    pos = record.start_pos
    return bom + body[:pos] + line + nl + body[pos:]
