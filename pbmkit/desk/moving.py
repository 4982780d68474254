"""Playing one move on a record's text: read, check, append, read back (``pbmkit move``'s core).

:func:`play_move` is what ``pbmkit move`` and the club's referee (:mod:`pbmkit.referee`) both do
with a mailed move: read it in the game's notation, check it against the rules, append it in
canonical form (with the words it calls for and the Winner tag of a result), and read the new text
back, refusing unless it replays to the old moves plus the new one. It writes nothing: the caller
writes :attr:`Played.text`. A refused move is :class:`MoveRefused`, whose :attr:`~MoveRefused.lines`
say why and what the piece may do instead (:func:`illegal_lines`), as ``pbmkit move`` prints them.
"""


import re
from collections.abc import Callable
from itertools import islice
from typing import Any, NamedTuple

from pbmkit.common.text import printable
from pbmkit.games.base import (
    AmbiguousMoveError,
    Announcement,
    AnyGame,
    MoveError,
    Outcome,
    end_of,
    side_possessive,
    start_of,
)
from pbmkit.games.board import board_order
from pbmkit.games.notation import KeepsMarks, ListsMoves, StreamsMoves, SummarisesMoves
from pbmkit.records.convert import append_move
from pbmkit.records.errors import RecordError
from pbmkit.records.replay import GameReplay, check_text

__all__ = ["MAX_HINT_LINES", "AppendRefused", "MoveRefused", "Played", "illegal_lines",
           "play_move", "split_number", "wrap_items", "wrong_number"]

MAX_HINT_LINES = 4
"""How many lines the hint after an illegal move takes at most."""

_STREAMED_HINT = 60
"""How many moves of a streamed listing a hint takes at most (more than a few lines hold)."""


_NUMBERED = r"((?:\d{1,2}:)?\d{1,4}[a-z]?)\s*(?:\.{1,3}|…)\s*(.*)"  # DOTALL; compiled on first use
"""A move written with its turn's number: ``12. IR to HS``, ``12... DX to FV``, ``2:5. R c1-d2``
(a second round), ``8.JQ to JS``; no game's move starts with digits and a dot."""


def split_number(text: str) -> tuple[str | None, str]:
    """The turn number a move is written with and the move: ``("12", "DX to FV")`` of ``"12...
    DX to FV"``, ``(None, text)`` of a move without one (how ``pbmkit move``, ``mail read`` and
    the referee read a numbered move)."""
    text = text.strip()
    if not text[:1].isdecimal():  # no number (what \d matches): the pattern need not be compiled
        return None, text
    m = re.compile(_NUMBERED, re.DOTALL).fullmatch(text)
    if m is None:
        return None, text
    return m.group(1), m.group(2).strip()


def wrong_number(number: str | None, rep: GameReplay, shown: str) -> str | None:
    """Why the move ``shown``, numbered ``number``, is not the record's next move (both numbers
    named), or None when it is (or carries no number): the number must be the next turn's,
    ``12`` or, in a later round, ``2:12`` or ``12``."""
    if number is None:
        return None
    label = rep.next_label()
    number_only, side = rep.next_turn()
    if number in (label, number_only):
        return None
    assert rep.game is not None
    return (f"move {printable(shown, 60)!r} is numbered {printable(number, 12)}, but the "
            f"record's next move is {side_possessive(rep.game, side)} {label}")


class MoveRefused(RecordError):
    """An illegal (or unreadable, or ambiguous) move; :attr:`lines` say why and what can be
    played, the first line ``Illegal move '...': reason``."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class AppendRefused(RecordError):
    """The move is legal but could not be appended safely (the text read back differs)."""


class Played(NamedTuple):
    """A move played on a record's text (nothing written yet). A named tuple: a dataclass costs
    ~2.3 million instructions to define at each command's start (docs/performance.md)."""

    text: str
    """The record's new text: the move appended, and the Winner tag set if it ends the game."""
    move: Any
    position: Any
    """The position before the move."""
    after: Any
    label: str
    """The move's label as reports write it (``12``, ``2:5`` in a second round)."""
    side: str
    canonical: str
    written: str
    """The move as appended (canonical, or with a mark the player typed that the game keeps)."""
    said: tuple[Announcement, ...]
    outcome: Outcome | None
    replay: GameReplay
    """The replay of :attr:`text` (read back to check it)."""


def play_move(text: str, name: str, rep: GameReplay, move_text: str, *,
              note: Callable[[], str] | None = None, listing: str = "pbmkit moves FILE") -> Played:
    """Play ``move_text`` at the end of the main line of ``rep`` (the valid replay of ``text``,
    the one game of the file ``name``); a game that is over (a result, an annulment: the desk's
    :func:`~pbmkit.desk.actions.replay_end`) is refused with one line saying how it
    ended.

    ``note``: the comment to write after the move (the desk's dates), asked for once the move is
    legal. ``listing``: the command the hint names for a full list of moves. :class:`MoveRefused`
    (lines of explanation) for an illegal move or a game over, :class:`AppendRefused` when the
    new text does not read back to the old moves plus this one.
    """
    from pbmkit.desk.endings import replay_end

    game = rep.game
    assert game is not None
    ended = replay_end(rep)
    if ended is not None:
        raise MoveRefused([f"the game is over: {ended}; no more moves can be added"])
    position = rep.final
    side = rep.next_turn()[1]
    label = rep.next_label()  # as reports write it (2:5 in a second round)
    number, move_text = split_number(move_text)
    wrong = wrong_number(number, rep, f"{number}. {move_text}")
    if wrong is not None:
        raise MoveRefused([wrong])
    try:
        mv = game.notation.read(move_text, position)
    except ValueError as exc:  # a MoveError, or a game's own ValueError (start unknown)
        raise MoveRefused(illegal_lines(game, position, move_text, str(exc),
                                        exc.start if isinstance(exc, MoveError) else None,
                                        candidates=exc.candidates
                                        if isinstance(exc, AmbiguousMoveError) else (),
                                        listing=listing)) from None
    reason = game.check_move(position, mv)
    if reason is not None:
        raise MoveRefused(illegal_lines(game, position, move_text, reason, *_ends(game, mv),
                                        listing=listing))
    after = game.apply(position, mv)
    said = tuple(game.announce(after))
    canonical = game.notation.format(mv, position)
    notation = game.notation
    written = notation.format_written(mv, position, move_text) \
        if isinstance(notation, KeepsMarks) else canonical
    comment = note() if note is not None else ""
    new_text = append_move(text, rep, mv, announcements=[a.word for a in said], comment=comment,
                           written=written)
    outcome = game.outcome(after)
    if outcome is not None:  # desk: the Winner tag follows the result
        from pbmkit.records import parse_records
        from pbmkit.records.edit import set_tag

        (appended,), _ = parse_records(new_text, name)
        new_text = set_tag(new_text, appended, "Winner", outcome.winner.capitalize())
    new = _verify_append(new_text, name, rep, label, side, canonical)
    return Played(new_text, mv, position, after, label, side, canonical, written, said, outcome,
                  new)


def _verify_append(new_text: str, name: str, old: GameReplay, label: str, side: str,
                   canonical: str) -> GameReplay:
    """Refuse unless ``new_text`` replays to the old moves plus the new one; its replay."""
    replays = check_text(new_text, name)
    expected = [*_main_line_of(old.main), (label, side, canonical)]
    new = replays[0] if len(replays) == 1 else None
    if (new is not None and new.valid and _main_line_of(new.main) == expected
            and _same_tags(new.record.tags, old.record.tags)
            and {k: _main_line_of(v) for k, v in new.series.items()}
            == {k: _main_line_of(v) for k, v in old.series.items()}):
        return new
    why = (new.errors[0].message if new is not None and new.errors
           else "the moves read back differ from the moves written")
    raise AppendRefused(f"{name}: pbmkit could not append {label}. {canonical} to this record "
                        f"safely (read back: {why}); the record was not changed. Add the move by "
                        "hand, or rewrite the record with pbmkit fmt first")


def _same_tags(new: dict[str, str], old: dict[str, str]) -> bool:
    """The tags are unchanged, but for the Winner tag a game-ending move sets."""
    return {k: v for k, v in new.items() if k != "Winner"} == \
        {k: v for k, v in old.items() if k != "Winner"}


def _main_line_of(plies: list[Any]) -> list[tuple[str, str, str]]:
    return [(p.label, p.side, p.text) for p in plies]


def _ends(game: AnyGame, move: Any) -> tuple[int | None, int | None]:
    """Where the moving piece of ``move`` starts (``None`` for a drop) and where it ends."""
    return start_of(game, move), end_of(game, move)


def wrap_items(head: str, items: list[str], width: int = 78) -> str:
    """``head`` and the comma-separated ``items``, wrapped between items, never inside one."""
    lines, line = [], head
    for k, item in enumerate(items):
        piece = item + ("," if k < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > width and line.strip():
            lines.append(line)
            line = "  " + piece
        else:
            line = f"{line} {piece}"
    lines.append(line)
    return "\n".join(lines)


def _moves_hint(game: AnyGame, position: Any, head: str, moves: list[Any]) -> list[str]:
    """``head`` and ``moves`` as the lines of a hint: the moves listed, or, where that takes more
    than a few lines and the game summarises moves (a piece's moves times every other choice of
    its turn), the game's summary of them, as ``moves`` prints it."""
    notation = game.notation
    text_of = notation.listing if isinstance(notation, ListsMoves) else notation.format
    shown = wrap_items(head, sorted({text_of(m, position) for m in moves}, key=board_order)
                       ).splitlines()
    if len(shown) > MAX_HINT_LINES and isinstance(notation, SummarisesMoves):
        shown = [head, *(f"  {line}" for line in notation.summarise(moves, position))]
    return shown


def _from_space(listing: str) -> str:
    """The hint's pointer to one piece's moves, or nothing when there is no command to name."""
    return f" ({listing} --from SPACE lists one piece's moves)" if listing else ""


def illegal_lines(game: AnyGame, position: Any, text: str, reason: str, start: Any,
                  end: Any = None, *, candidates: tuple[str, ...] = (),
                  listing: str = "pbmkit moves FILE") -> list[str]:
    """Why ``text`` cannot be played and what can, as lines.

    An ambiguous move: the moves it could mean. Else the piece's own legal moves when the start
    space holds a piece that can move; otherwise the pieces that could be meant: those that can
    go to the destination, else every piece of the side that can move (a few lines at most, never
    every legal move of the side). ``listing`` is the command named for the full list ("": none
    is named, e.g. in the club referee's mail, whose players have no such command).
    """
    out = [f"Illegal move '{printable(text, 60)}': {printable(reason, 300)}"]
    if candidates:
        shown = wrap_items("It could be:", [printable(c, 60) for c in candidates]).splitlines()
        return out + shown[:MAX_HINT_LINES]
    if isinstance(game.notation, StreamsMoves):
        # A game whose positions may hold hundreds of thousands of moves (Billo's capture
        # paths): the first few, as they come, never every move built and counted.
        return out + _streamed_hint(game, game.notation, position, start, listing)
    legal = list(game.legal_moves(position))
    mine = [m for m in legal if start_of(game, m) == start] if start is not None else []
    if mine:
        shown = _moves_hint(game, position, "Legal moves of that piece:", mine)
        if len(shown) > MAX_HINT_LINES:
            where = game.board.name(start)
            shown = [*shown[: MAX_HINT_LINES - 1],
                     f"  ... and {len(shown) - MAX_HINT_LINES + 1} more line(s)"
                     + (f": {listing} --from {where} lists them all" if listing else "")]
        return out + shown
    if not legal:
        return out
    side = side_possessive(game, game.side_to_move(position))
    there = [m for m in legal if end is not None and _ends(game, m)[1] == end]
    if there:
        shown = _moves_hint(game, position, f"{side} moves to {game.board.name(end)}:", there)
    else:
        # The pieces that can move, and the moves that move no piece (drops, a swap) listed
        # as moves: a game of drops alone gets its legal moves, never an empty list of pieces.
        starts = sorted({game.board.name(s) for m in legal if (s := _ends(game, m)[0]) is not None},
                        key=board_order)
        others = [m for m in legal if _ends(game, m)[0] is None]
        shown = wrap_items(f"{side} pieces that can move{_from_space(listing)}:",
                           starts).splitlines() if starts else []
        if others:
            shown += _moves_hint(game, position, f"{side} other legal moves:" if starts
                                 else f"{side} legal moves:", others)
    if len(shown) > MAX_HINT_LINES:
        shown = [*shown[: MAX_HINT_LINES - 1],
                 f"  ... and {len(shown) - MAX_HINT_LINES + 1} more line(s)"
                 + (f": {listing} lists them all" if listing else "")]
    return out + shown


def _streamed_hint(game: AnyGame, notation: StreamsMoves[Any], position: Any, start: Any,
                   listing: str) -> list[str]:
    """The hint after an illegal move, from a notation that streams its moves: the first moves
    of the piece on ``start`` (a few lines, "and more" without a count), else the pieces that can
    move (each asked for one move)."""
    board = game.board
    if start is not None:
        first = list(islice(notation.sorted_listing(position, start), _STREAMED_HINT))
        if first:
            shown = wrap_items("Legal moves of that piece:", first).splitlines()
            if len(first) == _STREAMED_HINT or len(shown) > MAX_HINT_LINES:
                shown = [*shown[: MAX_HINT_LINES - 1],
                         "  ... and more" + (f": {listing} --from {board.name(start)} lists "
                                             "them all" if listing else "")]
            return shown
    starts = [board.name(s) for s in range(board.size)
              if next(iter(notation.sorted_listing(position, s)), None) is not None]
    if not starts:
        return []
    side = side_possessive(game, game.side_to_move(position))
    shown = wrap_items(f"{side} pieces that can move{_from_space(listing)}:",
                       starts).splitlines()
    if len(shown) > MAX_HINT_LINES:
        shown = [*shown[: MAX_HINT_LINES - 1], f"  ... and {len(shown) - MAX_HINT_LINES + 1} more line(s)"]
    return shown
