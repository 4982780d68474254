"""What a referee command is and what it works with: :class:`Command`, :class:`Context`,
:class:`Refusal`.

A command is the first word of a message's subject or of its body's first line, in any case
(``signup``, ``challenge``, ``move`` ...); a reply in a game's thread whose body says
``Move: ...`` is a ``move`` of that game. A handler takes a :class:`Context` (the database in
the message's transaction, the club, the sender and their player row, the command's words, the
message) and either does its work (changes in the database, record texts staged with
:meth:`Context.set_record`, mail queued with :meth:`Context.send`) or raises :class:`Refusal`:
then nothing it did is kept, and the sender gets one reply saying why.

Who may act is :mod:`pbmkit.referee.security`'s to say; the commands, by subject, are the modules
of :mod:`pbmkit.referee.commands`, listed in its registry
(:data:`pbmkit.referee.commands.registry.COMMANDS`).
"""

from __future__ import annotations

import datetime
import hashlib
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pbmkit.games.base import place_title
from pbmkit.mail.sources import Incoming
from pbmkit.mail.trust import address_key
from pbmkit.records.replay import GameReplay, check_text
from pbmkit.referee import queries
from pbmkit.referee.club import Club
from pbmkit.referee.errors import RefereeError
from pbmkit.referee.keys import game_key_text, game_secret, player_key_text, player_secret
from pbmkit.referee.outgoing import Outgoing, board_message, queue, text_message
from pbmkit.referee.queries import GameRow, Player, Seat
from pbmkit.referee.subjects import number_of

__all__ = ["REPLAYS_KEPT", "Command", "Context", "Handler", "Refusal", "queue_all", "turn_lines"]

REPLAYS_KEPT = 64
_REPLAYS: dict[tuple[str, str], GameReplay] = {}
"""The replays of the records the last messages read or wrote, by (file name, text): a game's
next move replays its record from here, not from its text (a replay is a function of the two;
none is changed once made). The oldest go first."""


class Refusal(RefereeError):
    """A command refused: ``lines`` say why; nothing the handler did is kept. ``unproven``: the
    message did not prove its sender (no key, not authenticated): its From may be forged, and
    the refusal, which goes to that address, says so."""

    def __init__(self, *lines: str, unproven: bool = False) -> None:
        super().__init__("\n".join(lines))
        self.lines = list(lines)
        self.unproven = unproven


Handler = Callable[["Context"], None]


@dataclass(frozen=True, slots=True)
class Command:
    """A command of the registry."""

    name: str
    usage: str
    summary: str
    handler: Handler
    needs_player: bool = True
    """Only a signed-up player may give it (the sender's address must be a player's)."""


@dataclass
class Context:
    """What a command handler works with (one message, one transaction)."""

    db: sqlite3.Connection
    club: Club
    club_key: bytes
    message: Incoming
    sender: str
    """The From address as read (one mailbox; a claim, proven only by a secret)."""
    player: Player | None
    """The confirmed player whose address the From address is, if any."""
    name: str
    """The command's name."""
    args: list[str]
    """The command's words after its name."""
    game_keys: list[tuple[int, str]]
    """The game keys ``(game, secret)`` the message carries (its addresses and subject)."""
    codes: list[str]
    """The signup codes the message carries."""
    now: datetime.datetime
    commands: Mapping[str, Command]
    """The registry the message is read with (the help lists it)."""
    outgoing: list[Outgoing] = field(default_factory=list)
    records: dict[int, str] = field(default_factory=dict)
    """Record texts to write (game number -> text), written before the transaction commits."""
    notes: list[str] = field(default_factory=list)
    """What the organiser should know of this message (added to its line in the ledger)."""
    thread_move: bool = False
    """The command was read from a ``Move:`` line of a reply in a game's thread."""
    bare_move: bool = False
    """The command was read from a bare line of a reply in a game's thread (no ``Move:``): the
    message's one line of the sender's own words
    (:func:`pbmkit.referee.subjects.bare_move`); it is played only as a legal move of
    the player to move, and anything else gets the one-line hint."""
    replays: dict[int, GameReplay] = field(default_factory=dict)
    """The replays of the records as this transaction has them (read once)."""
    player_keys: list[tuple[int, str]] = field(default_factory=list)
    """The player keys ``(player, secret)`` the message carries."""
    challenge_keys: list[tuple[int, str]] = field(default_factory=list)
    """The challenge keys ``(challenge, secret)`` the message carries."""
    proved: bool = False
    """A key or code the message carries proved its sender (set by the checks of
    :mod:`pbmkit.referee.security` that succeed)."""

    @property
    def today(self) -> datetime.date:
        return self.now.date()

    def send(self, out: Outgoing) -> None:
        """Queue ``out`` (it goes to the outbox with the transaction)."""
        self.outgoing.append(out)

    def reply(self, subject: str, text: str, *, key: str | None = None) -> None:
        """A text reply to the sender, in the thread of their message; from ``key``'s address,
        else, to a player, from their own key's (the reply goes to the player's address)."""
        self.send(text_message(self.club, self.sender, subject, text,
                               key=key if key is not None else self.own_key(),
                               in_reply_to=self.message.message_id, now=self.now))

    def own_key(self) -> str | None:
        """``p7.<secret>``: the sender's own key, when the sender is a player."""
        if self.player is None:
            return None
        number = self.player.id
        return player_key_text(number, player_secret(self.club_key, number,
                                                     self.player.key_generation))

    def require_player(self) -> Player:
        """The sender's player row; :class:`Refusal` for an address that has not signed up."""
        if self.player is None:
            raise Refusal(f"{self.sender} has not signed up with {self.club.name}: write "
                          "'signup NAME' first (NAME: one word, your name in the club)")
        return self.player

    def named_player(self, text: str) -> Player:
        """The player a command names (by name, or by address when ``text`` holds an ``@``);
        :class:`Refusal` if there is none."""
        if "@" in text:
            row = queries.player_by_address(self.db, address_key(text) or "")
        else:
            row = queries.player_by_name(self.db, text)
        if row is None:
            raise Refusal(f"no player {text[:60]!r} in {self.club.name}")
        return row

    def named_game(self) -> tuple[int, list[str]]:
        """The game the command names (``move 12 ...``, ``#12``) and its words after the number,
        else the one the message's key names (a reply in the game's thread) and all its words;
        :class:`Refusal` when neither says."""
        given = number_of(self.args[0]) if self.args and not self.thread_move else None
        if given is not None:
            return given, self.args[1:]
        games = sorted({g for g, _ in self.game_keys})
        if len(games) == 1:
            return games[0], self.args
        raise Refusal(f"write '{self.name} N ...', N the game's number")

    def game(self, number: int) -> GameRow:
        """Game ``number``'s row; :class:`Refusal` if there is none."""
        row = queries.game(self.db, number)
        if row is None:
            raise Refusal(f"there is no game {number} in {self.club.name}")
        return row

    def record_text(self, number: int) -> str:
        """The record of game ``number`` as this transaction has it."""
        if number in self.records:
            return self.records[number]
        return self.game(number).text

    def replay(self, number: int) -> GameReplay:
        """The replay of game ``number``'s record."""
        if number not in self.replays:
            row = self.game(number)
            key = (row.record, self.record_text(number))
            found = _REPLAYS.pop(key, None)
            if found is None:
                (found,) = check_text(key[1], key[0])
            self.replays[number] = _REPLAYS[key] = found
            while len(_REPLAYS) > REPLAYS_KEPT:
                del _REPLAYS[next(iter(_REPLAYS))]
        return self.replays[number]

    def set_record(self, number: int, text: str, *, over: bool = False,
                   replay: GameReplay | None = None) -> None:
        """Stage game ``number``'s new record (the file is written before the commit);
        ``replay``: its replay, when the caller has it."""
        self.records[number] = text
        self.replays.pop(number, None)
        if replay is not None:
            self.replays[number] = replay
            _REPLAYS[(self.game(number).record, text)] = replay
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        queries.set_record(self.db, number, text, digest, "over" if over else "running",
                           self.now.isoformat(timespec="seconds"))

    def seats(self, number: int) -> list[Seat]:
        """The players of game ``number``: side, player id, address, name, generation."""
        return queries.seats(self.db, number)

    def secret(self, number: int, side: str, generation: int) -> str:
        return game_secret(self.club_key, number, side, generation)

    def key_of(self, number: int, side: str) -> str:
        """``g12.<secret>`` of the player of ``side``."""
        row = next(r for r in self.seats(number) if r.side == side)
        return game_key_text(number, self.secret(number, side, row.generation))

    def mail_players(self, number: int, intro: Callable[[str, str], list[str]], status: str,
                     turn: Callable[[str], list[str]] | None = None) -> None:
        """Mail every player of game ``number`` its board, each with their own key; ``intro(side,
        name)`` gives the lines that open the message to the player of ``side``, ``turn(side)``
        the lines after the board (whose turn, by when, how to reply: :func:`turn_lines`)."""
        rep = self.replay(number)
        ply = rep.main[-1] if rep.main else None
        shared: dict[str, Any] = {}  # what every player's message says alike, made once
        for row in self.seats(number):
            key = game_key_text(number, self.secret(number, row.side, row.generation))
            self.send(board_message(self.club, row.address, key, rep, ply,
                                    intro(row.side, row.name), number=number, status=status,
                                    now=self.now, shared=shared,
                                    turn=turn(row.side) if turn is not None else None))


def turn_lines(ctx: Context, number: int, side: str, to_move: str, rep: GameReplay) -> list[str]:
    """The lines of a game's message, after its board, that say whose move it is and by when, and
    to the player to move how to reply, with one example in the game's notation."""
    deadline = ctx.today + datetime.timedelta(days=ctx.club.move_days)
    if side == to_move:
        example = rep.game.notation.example if rep.game is not None else "MOVE"
        lines = [f"It is your move ({rep.next_label()}. {place_title(to_move)}), by "
                 f"{deadline.isoformat()}.",
                 f"Reply to this message with your move on a line of its own, e.g. "
                 f"\"Move: {example}\"."]
        if ctx.club.site_url:  # the game's page on the club's site, the key in its fragment
            lines.append(f"Make your move: {ctx.club.site_url}/games/game-{number}.html"
                         f"#key={ctx.key_of(number, side)}")
        return lines
    return [f"{place_title(to_move)} to move, by {deadline.isoformat()}."]


def queue_all(ctx: Context) -> None:
    """Put the context's outgoing mail in the outbox."""
    for out in ctx.outgoing:
        queue(ctx.db, out, ctx.now)
