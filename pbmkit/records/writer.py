"""Writing records back as text, canonically (docs/record-format.md, "Canonical form").

One tag a line, a blank line, then one numbered turn a line: ``12. IR to HS EV to DU averto``.
Moves are respelled canonically by the game's move notation (``ir-hs`` → ``IR to HS``); a move
that cannot be read is written as it was, so that nothing is lost. Comments stay where they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pbmkit.games.base import AnyGame
from pbmkit.records.model import Comment, Phase, Record, Turn, announcements_of, tag_value_text
from pbmkit.records.problems import MoveSyntaxError

__all__ = ["move_text", "moves_text", "new_record_text", "write_record", "write_records"]


def move_text(game_name: str, text: str) -> str:
    """The canonical spelling of a written move, or the text itself if it cannot be read."""
    from pbmkit.games import UnknownGameError, get_game

    try:
        return get_game(game_name).notation.normalize(text)
    except (UnknownGameError, MoveSyntaxError):
        pass
    return " ".join(text.split())


class _Lines:
    """Builds lines; a ``;`` comment closes its line."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current = ""

    def add(self, piece: str) -> None:
        self.current = f"{self.current} {piece}" if self.current else piece

    def comments(self, comments: list[Comment]) -> None:
        for c in comments:
            if c.kind == ";":
                self.add(";" + c.text)
                self.newline()
            else:
                self.add("{" + c.text + "}")

    def newline(self) -> None:
        if self.current:
            self.lines.append(self.current)
            self.current = ""


def write_record(record: Record) -> str:
    """The canonical text of one game, ending with a newline."""
    out = _Lines()
    for c in record.leading:
        out.comments([c])
        out.newline()
    for name, value in record.tags.items():
        out.add(f'[{name} "{tag_value_text(value)}"]')
        out.comments(record.tag_comments.get(name, []))
        out.newline()
    if record.tags and (record.body or record.intro):
        out.lines.append("")
    for c in record.intro:
        out.comments([c])
        out.newline()
    game = record.game_name
    for item in record.body:
        if isinstance(item, Turn):
            out.newline()
            out.add(f"{item.label}." + (" ..." if item.ellipsis else ""))
            out.comments(item.comments)
            for move in item.moves:
                out.add(" ".join((move_text(game, move.text), *announcements_of(move))))
                out.comments(move.comments)
        elif isinstance(item, Phase):  # a line of its own
            out.newline()
            out.add(item.label)
            out.comments(item.comments)
            out.newline()
        else:
            out.add(item.kind)
            out.comments(item.comments)
    out.newline()
    return "\n".join(out.lines) + "\n"


def moves_text(game: AnyGame, moves: Iterable[Any], start: Any = None) -> str:
    """The numbered turns of ``moves`` played from ``start`` (the game's standard start by default),
    canonically: one turn a line, one move of each side in the game's order, ``N. ...`` where a
    turn opens with a later side, the words the game calls for after a move (``averto``), and a
    phase line (``round 2``) where the game enters a new round, after which turns count from 1."""
    position = game.initial_position() if start is None else start
    order, rounds = game.order, game.rounds > 1
    lines: list[str] = []
    current, number, last = "", 0, len(order)
    round_ = game.round_of(position) if rounds else 1
    for move in moves:
        side = game.side_to_move(position)
        k = order.index(side) if side in order else 0
        text = game.notation.format(move, position)
        if rounds and (now := game.round_of(position)) != round_:
            if current:
                lines.append(current)
            lines.append(f"round {now}")
            current, number, last, round_ = "", 0, len(order), now
        after = game.apply(position, move)
        text = " ".join((text, *(a.word for a in game.announce(after))))
        if not current or k <= last:
            if current:
                lines.append(current)
            number += 1
            current = f"{number}. {'... ' if k else ''}{text}"
        else:
            current += f" {text}"
        last, position = k, after
    if current:
        lines.append(current)
    return "".join(f"{line}\n" for line in lines)


def write_records(records: list[Record]) -> str:
    """The canonical text of an archive: the games separated by blank lines."""
    return "\n".join(write_record(r) for r in records)


def new_record_text(game_name: str, players: dict[str, str], *, number: str | None = None,
                    date: str | None = None, setup: str | None = None,
                    tags: Mapping[str, str] | None = None) -> str:
    """The text of a new record: its tags only (``Game``, the game's own ``tags`` such as
    ``Board`` or ``Layout``, ``Number``, ``Date``, players, ``Winner``, ``Setup``), in canonical
    order. ``players`` maps side names (``"white"``) to players; the sides are those of the game
    as ``tags`` (and ``setup``) configure it.
    """
    from pbmkit.games import get_game

    extra = dict(tags or {})
    game = get_game(game_name)
    if extra or setup:
        game = game.configure({**extra, **({"Setup": setup} if setup else {})})
    fields: dict[str, str] = {"Game": game.title, **extra}
    if number is not None:
        fields["Number"] = str(number)
    if date is not None:
        fields["Date"] = date
    for side, tag in zip(game.sides, game.side_tags, strict=True):
        fields[tag] = players.get(side, "?")
    fields["Winner"] = "*"
    if setup is not None:
        fields["Setup"] = setup
    return write_record(Record(tags=fields))
