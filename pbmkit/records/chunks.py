"""Where the games of an archive begin, found without parsing: so that a large archive is read and
checked one game at a time, in memory bounded by the largest game, not by the archive.

A game begins with its tags; a tag line that follows a game's moves therefore starts the next game
(the reader also starts one where a tag repeats, which a chunk may still hold several of). The
scan follows comments exactly as the grammar does (``{ ... }`` across lines, ``;`` to the end of
the line, tag values that hold ``{`` or ``;``), so a chunk never starts inside a comment, and a
chunk boundary is put at the start of the first line after the previous game's last move that is
not inside a comment: comments on lines of their own between two games open the next game, as
when the whole text is read at once (``tests/records/test_chunks.py`` holds the two readings
equal).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["game_chunks"]

_TAG: Final = re.compile(r'[ \t]*\[[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]+"(?:[^"\\\r\n]|\\.)*"[ \t]*\]')
_BLANK: Final = " \t\r\f\ufeff"
_TAGS_LINE: Final = re.compile(r'(?:[ \t]*\[[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]+"(?:[^"\\\r\n]|\\.)*"[ \t]*\])*'
                               r"[ \t\r\f\ufeff]*$")
"""A line of tags only, or a blank line (matched up to the line's end)."""
_BODY_START: Final = re.compile(r"(?<![^ \t\r\n\f\ufeff\]}])(?:[0-9]{1,9}[A-Za-z]?\."
                                r"|(?i:resigns|concedes|draw[ \t]+(?:agreed|claimed))(?![A-Za-z0-9]))")
"""What opens or ends a game's moves: a turn number or an ending, as the grammar's TURN, RESIGNS
and DRAW (not a stray word, which the reader reports as an error of the game it stands in: a bare
``draw`` is one)."""
_TURN_LINES: Final = re.compile(r"(?:[0-9]{1,9}[A-Za-z]?\.[^\n{;\[]*+(?:\{[^}\n]*+\}[^\n{;\[]*+)*+\n)+")
"""A run of whole lines that each start with a turn number and hold no tag, no ``;`` comment and
no ``{`` comment but one closed on its line (the desk's dates: ``12. IR to HS {[%ccsnt
2026.11.21]}``): the common lines of an archive, passed over in one match (each would be a body
line below, where such a comment changes nothing)."""
_TAG_LINES: Final = re.compile(r'(?:[ \t\r]*\n)*(?:(?:[ \t]*\[[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]+'
                               r'"(?:[^"\\\r\n]|\\.)*"[ \t]*\])+[ \t\r]*\n)+(?:[ \t\r]*\n)*')
"""Blank lines, then whole lines of tags only, then blank lines: the head of a game in an
archive, passed over in one match (each line would be a tags line or a blank line below)."""


def game_chunks(text: str) -> list[tuple[int, int]]:
    """``(offset, first line)`` of each chunk of ``text``: the first at ``(0, 1)``, each other at
    the start of a line where a new game (or a run of games) begins."""
    out = [(0, 1)]
    n = len(text)
    pos, line = 0, 1
    in_brace = False
    after_body = False  # a turn number or an ending was read since the last tags
    candidate: tuple[int, int] | None = None  # where the next game would begin
    turn_lines, tag_lines = _TURN_LINES.match, _TAG_LINES.match
    while pos < n:
        if not in_brace:
            run = turn_lines(text, pos)
            if run is not None:
                end = run.end()
                line += text.count("\n", pos, end)
                pos = end
                after_body, candidate = True, None
                continue
            run = tag_lines(text, pos)
            if run is not None:  # as the lines below: a new game begins at the first line after
                # the body (blank lines go with the tags after them)
                if after_body:
                    out.append(candidate if candidate is not None else (pos, line))
                end = run.end()
                line += text.count("\n", pos, end)
                pos = end
                after_body, candidate = False, None
                continue
        eol = text.find("\n", pos)
        if eol < 0:
            eol = n
        if not in_brace and after_body and candidate is None and pos > 0 \
                and text[pos] != "\ufeff":
            candidate = (pos, line)
        i = pos
        first_token = True
        if not in_brace and text.find("{", pos, eol) < 0 and text.find(";", pos, eol) < 0:
            # The common lines, without comments: a turn, tags only, or blank.
            bracket = text.find("[", pos, eol)
            if bracket < 0 and _BODY_START.match(text, pos, eol):  # "12. IR to HS EV to DU"
                after_body, candidate = True, None
                pos = eol + 1
                line += 1
                continue
            if _TAGS_LINE.match(text, pos, eol) is not None:
                if bracket >= 0:  # tags (and nothing else), not a blank line
                    if after_body:
                        out.append(candidate if candidate is not None else (pos, line))
                    after_body, candidate = False, None
                pos = eol + 1
                line += 1
                continue
        while i < eol:
            if in_brace:
                j = text.find("}", i)
                if j < 0:
                    return out  # a comment never closed: the rest is one chunk
                if j >= eol:  # the comment goes on past this line: continue on its last line
                    line += text.count("\n", i, j)
                    eol = text.find("\n", j)
                    if eol < 0:
                        eol = n
                in_brace = False
                i = j + 1
                first_token = False
                continue
            c = text[i]
            if c in _BLANK:
                i += 1
                continue
            if c == "{":
                in_brace = True
                i += 1
                continue
            if c == ";":
                break
            if c == "[":
                m = _TAG.match(text, i)
                if m is not None and m.end() <= eol:
                    if first_token and after_body:
                        out.append(candidate if candidate is not None else (pos, line))
                    after_body = False
                    candidate = None
                    i = m.end()
                    first_token = False
                    continue
                # not a tag: the reader's error catcher takes the rest of the line
                candidate = None
                break
            candidate = None
            first_token = False
            start = i
            i += 1
            while i < eol and text[i] not in " \t{;[":
                i += 1
            if _BODY_START.match(text, start, eol):  # (up to the line's end: "draw agreed")
                after_body = True
        pos = eol + 1
        line += 1
    return out
