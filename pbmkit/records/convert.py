"""Other forms of a replayed game: pbmserv coordinates, and the mailed-move edit (its JSON form,
which carries the desk's dates, is :func:`pbmkit.desk.export.to_json_record`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbmkit.games.notation import Pbmserv
from pbmkit.records.edit import comment_end, line_starts
from pbmkit.records.model import Turn
from pbmkit.records.problems import IllegalMoveError
from pbmkit.records.replay import GameReplay

__all__ = ["append_move", "to_pbmserv"]


def to_pbmserv(replay: GameReplay) -> str:
    """The main line in pbmserv coordinates (``1. g5-g6 g10-f9``), with the players as comments.

    A record with errors is converted up to its first error (a comment says so). ``ValueError``
    when the game is unknown or has no pbmserv coordinates.
    """
    if replay.game is None:
        raise ValueError(f"game {replay.index} names an unknown game")
    notation = replay.game.notation
    if not isinstance(notation, Pbmserv):
        raise ValueError(f"{replay.game.title} has no pbmserv form: pbmserv coordinates exist only "
                         "for a game whose notation gives them (convert --to json writes any game)")
    tags = replay.record.tags
    first, second = replay.game.side_tags[:2]
    out = [f"; {replay.game.title} game {tags.get('Number', replay.index)}: "
           f"{tags.get(first, '?')} ({first.lower()}, o) vs {tags.get(second, '?')} "
           f"({second.lower()}, x)"]
    if "Setup" in tags:
        out.append(f"; setup: {tags['Setup']}")
    line = ""
    for p in replay.main:
        text = notation.pbmserv(p.move)
        if p.side == replay.game.sides[0]:
            if line:
                out.append(line)
            line = f"{p.label}. {text}"
        else:
            line = f"{line} {text}" if line else f"{p.label}. ... {text}"
    if line:
        out.append(line)
    if replay.winner:
        out.append(f"; winner: {replay.winner} ({replay.how})")
    if not replay.valid:
        out.append(f"; the record has errors: converted up to the first one ({replay.errors[0].message})")
    return "\n".join(out) + "\n"


def append_move(text: str, replay: GameReplay, move: Any, *, announcements: Sequence[str] = (),
                comment: str = "", written: str | None = None) -> str:
    """``text`` with ``move`` added after the last main-line move, canonically; the rest unchanged.

    ``announcements`` are written after the move (``("averto",)``).
    ``written`` replaces the canonical text of the move (it must read to the same move: the
    canonical text with optional marks the player typed, such as Billo's ``=B``).

    White's move opens a new line ``13. IR to HS``; Black's follows White's on its line
    (`` EV to DU``). ``ValueError`` if the game has errors or is over; ``IllegalMoveError`` if the
    move is illegal at the end of the main line.
    """
    game = replay.game
    if game is None or not replay.valid:
        raise ValueError("the record has errors: fix them before adding a move")
    if replay.record.ending is not None or replay.winner is not None:
        raise ValueError("the game is over: no move can be added")
    reason = game.check_move(replay.final, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    bom = 1 if replay.record.bom else 0
    body = text[bom:]
    nl = "\r\n" if "\r\n" in body else "\n"
    canonical = " ".join((written or game.notation.format(move, replay.final), *announcements))
    if comment:  # the desk's dates (docs/desk.md)
        canonical += " {" + comment + "}"
    label, side = replay.next_turn()
    phase = replay.next_phase()
    first_side = (replay.order or game.order)[0]
    opening = "" if side == first_side else "... "
    starts = line_starts(body)
    turns = [t for t in replay.record.main if t.moves]
    if turns:
        last_turn: Turn = turns[-1]
        last = last_turn.moves[-1]
        pos, ends_line = last.end_pos, False
        for c in last.comments:
            if c.line != _line_of(starts, pos):
                break
            pos = comment_end(body, starts, c)
            ends_line = c.kind == ";"
        if replay.phase_written():  # after the phase line that ends the record
            tail = [t for t in replay.record.body if not t.series][-1]
            pos = starts[tail.line] - 1 if tail.line < len(starts) else len(body)
            pos -= 1 if pos > 0 and body[pos - 1] == "\r" else 0
            insert = f"{nl}{label}. {opening}{canonical}"
        elif phase is not None:
            insert = f"{nl}round {phase}{nl}{label}. {opening}{canonical}"
        elif side == first_side or label != last_turn.label:
            insert = f"{nl}{label}. {opening}{canonical}"
        elif ends_line:
            insert = f"{nl}{label}... {canonical}"
        else:
            insert = f" {canonical}"
    else:
        # No move yet: everything after the tags is comments and blank lines (a comment may run
        # over several lines, even one opened on a tag line), so the move goes at the very end.
        first = "" if side == first_side else "... "
        pos = len(body)
        sep = "" if not body or body.endswith("\n") else nl
        blank = "" if (not replay.record.tag_positions
                       or body.endswith(("\n\n", "\n\r\n"))) else nl
        insert = f"{sep}{blank}1. {first}{canonical}{nl}"
    return text[: bom + pos] + insert + text[bom + pos:]


def _line_of(starts: list[int], pos: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= pos:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1
