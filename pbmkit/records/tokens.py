"""Records without a syntax error, split into tokens without Lark; the grammar's terminals.

A record without a syntax error (a mailed game, an archive written by pbmkit) is split here with
the grammar's own terminals (read from ``record.lark``), tried in the order of Lark's lexer (by
priority; terminals of one priority never start with the same character), and the few rules of
the grammar are followed by hand: :func:`simple_items` gives the same items and tokens as Lark and
the reader's callbacks, without importing Lark or loading its tables (Lark's import alone costs
about 1.5 times Python's start). At the first token that is not allowed where it stands it gives
up, and the reader hands the text to the Lark parser, which reports the problem.
"""

from __future__ import annotations

import _thread
import os
import re
from typing import Any

__all__ = ["grammar_text", "one_turn_pattern", "scanner", "simple_items", "terminal"]

# os.path and _thread, not pathlib and threading: a check imports neither (pathlib alone, with
# urllib.parse and ipaddress, cost ~2 ms of every `pbmkit check`; docs/performance.md).
_GRAMMAR_FILE = os.path.join(os.path.dirname(__file__), "record.lark")
_ONE_TURN: Any = None


def grammar_text() -> str:
    """The record grammar (``record.lark``, shipped as package data)."""
    with open(_GRAMMAR_FILE, encoding="utf-8") as grammar:
        return grammar.read()


_TERMINALS: dict[str, str] = {}


def terminal(name: str) -> str:
    """The regular expression of the grammar's terminal ``name`` (``NAME.prio: /re/flags``)."""
    if not _TERMINALS:  # one pass over the grammar: every compiled pattern costs at start-up
        with _LOCK:
            if not _TERMINALS:
                _TERMINALS.update(_read_terminals())
    return _TERMINALS[name]


_LOCK = _thread.allocate_lock()
"""Guards the tables filled on first use, so that several threads may read records at once."""


def _read_terminals() -> dict[str, str]:
    """Every terminal of the grammar, by name."""
    found: dict[str, str] = {}
    for m in re.finditer(r"^([A-Z_]+)(?:\.-?[0-9]+)?: /(.*)/([a-z]*)$", grammar_text(), re.M):
        found[m.group(1)] = f"(?{m.group(3)}:{m.group(2)})" if m.group(3) else m.group(2)
    return found


def one_turn_pattern() -> Any:
    """ONE_TURN of the grammar with groups: number, series letter, move text, the blanks after
    (the grammar's WS: a no-break space or any other Unicode blank is no blank of a record)."""
    global _ONE_TURN
    if _ONE_TURN is None:
        _ONE_TURN = re.compile(rf"([0-9]{{1,9}})([A-Za-z]?)\.[ \t]*({terminal('MOVETEXT')})"
                               rf"((?:{terminal('WS')})?)")
    return _ONE_TURN


class _Token(str):
    """A token, with the fields of Lark's tokens that the reader's builder reads."""

    __slots__ = ("column", "end_pos", "line", "matches", "start_pos", "type")
    type: str
    line: int
    column: int
    start_pos: int
    end_pos: int
    matches: list[re.Match[str]]
    """A TURNS token's ONE_TURN matches in the whole text (the reader need not match again)."""


_SCANNERS: dict[int, Any] = {}


def scanner(k: int) -> Any:
    """Scanner 0: TAG, WS, COMMENT, LINE_COMMENT; scanner 1: MOVETEXT; scanner 2: the other
    terminals except TURNS; scanner 3: PHASE alone (a round's line, in a record that needs no
    other terminal of scanner 2).

    A TURNS token is a run of ONE_TURN matches (the same as Lark's greedy ``ONE_TURN+``). Scanners
    1 and 2 are compiled only for records that need them (each pattern compiled costs start-up).
    """
    found = _SCANNERS.get(k)
    if found is not None:  # compiled already (every chunk of an archive asks again)
        return found
    t = terminal
    sources = [
        rf"(?P<TAG>{t('TAG')})|(?P<WS>{t('WS')})|(?P<COMMENT>{t('COMMENT')})"
        rf"|(?P<LINE_COMMENT>{t('LINE_COMMENT')})",
        rf"(?P<MOVETEXT>{t('MOVETEXT')})",
        rf"(?P<TURN>{t('TURN')})|(?P<ELLIPSIS>{t('ELLIPSIS')})|(?P<RESIGNS>{t('RESIGNS')})"
        rf"|(?P<DRAW>{t('DRAW')})|(?P<PHASE>{t('PHASE')})",
        rf"(?P<PHASE>{t('PHASE')})",
    ]
    with _LOCK:
        if k not in _SCANNERS:
            _SCANNERS[k] = re.compile(sources[k])
    return _SCANNERS[k]


_OTHER_FIRST = "0123456789.…"
_OTHER_WORDS = ("round", "resig", "conce", "draw")
"""Where a terminal of scanner 2 (TURN, ELLIPSIS, RESIGNS, DRAW, PHASE) may start: a digit, a
dot or an ellipsis, or (in any case) the first letters of its words."""

# In a turn, which token may follow which (turn: TURNS MOVETEXT* | TURN ELLIPSIS? MOVETEXT*).
_FOLLOWS = {
    "ELLIPSIS": frozenset({"TURN"}),
    "MOVETEXT": frozenset({"TURNS", "TURN", "ELLIPSIS", "MOVETEXT"}),
}


def simple_items(text: str, first_line: int = 1) -> tuple[list[Any], list[_Token]] | None:
    """What the Lark parser and its callbacks give for ``text`` (items, comments), or ``None``
    when the text has a syntax error (then Lark reads it, and says what is wrong). Lines are
    counted from ``first_line`` (a chunk of an archive that starts further down the file)."""
    one_turn, small, movetext, other = one_turn_pattern().match, scanner(0).match, None, None
    items: list[Any] = []
    comments: list[_Token] = []
    tags: list[_Token] = []
    body: list[Any] | None = None
    turn: list[_Token] | None = None
    last = ""
    pos, n, line, line_start = 0, len(text), first_line, 0
    while pos < n:
        # Lark's order: TURNS (priority 4) first; the other terminals never start alike.
        m = one_turn(text, pos) if "0" <= text[pos] <= "9" else None
        turns = None
        if m is not None:
            kind, end, turns = "TURNS", m.end(), [m]
            while (m := one_turn(text, end)) is not None:
                end = m.end()
                turns.append(m)
        else:
            m = small(text, pos)
            if m is None:
                # MOVETEXT never starts where a terminal of higher priority matches (its stop
                # words are exactly those), so either may be tried first and give Lark's token.
                # The other terminals' first, where one may start (a "round 2" line: a record
                # of Batrakill's duel need not compile MOVETEXT's scanner); else MOVETEXT's.
                # Each scanner is compiled only for records that need it.
                head = text[pos:pos + 5].lower()
                if head == "round":  # a round's line: PHASE's own scanner, the cheapest
                    m = scanner(3).match(text, pos)
                if m is not None:
                    pass
                elif text[pos] in _OTHER_FIRST or head.startswith(_OTHER_WORDS):
                    other = other or scanner(2).match
                    m = other(text, pos)
                    if m is None:
                        movetext = movetext or scanner(1).match
                        m = movetext(text, pos)
                else:
                    movetext = movetext or scanner(1).match
                    m = movetext(text, pos)
                    if m is None:
                        other = other or scanner(2).match
                        m = other(text, pos)
                if m is None:
                    return None
            kind, end = m.lastgroup, m.end()
        if kind != "WS":
            tok = _Token(text[pos:end])
            tok.type, tok.line, tok.column, tok.start_pos, tok.end_pos = \
                kind, line, pos - line_start + 1, pos, end
            if turns is not None:
                tok.matches = turns
            if kind == "COMMENT" or kind == "LINE_COMMENT":
                comments.append(tok)
            elif kind == "TAG":
                tags.append(tok)
                turn = None
            elif kind in _FOLLOWS:
                if turn is None or tags or last not in _FOLLOWS[kind]:
                    return None
                turn.append(tok)
                last = kind
            else:  # TURNS, TURN, RESIGNS, DRAW, PHASE: a new element of a body
                if tags:  # the tags before it open a game
                    body = []
                    items.append(("game", tags, body))
                    tags = []
                elif body is None:
                    body = []
                    items.append(body)  # the tag-less body of the first game
                if kind == "TURNS" or kind == "TURN":
                    turn = [tok]
                    body.append(("turn", turn))
                    last = kind
                else:
                    body.append(("phase" if kind == "PHASE" else "end", tok))
                    turn = None
        newlines = text.count("\n", pos, end)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", pos, end) + 1
        pos = end
    if tags:
        items.append(("game", tags, []))
    return items, comments
