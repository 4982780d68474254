"""The referee's commands: a registry (name -> handler) and the core commands.

A command is the first word of a message's subject or of its body's first line, in any case
(``signup``, ``challenge``, ``move`` ...); a reply in a game's thread whose body says
``Move: ...`` is a ``move`` of that game. A handler takes a :class:`Context` (the database in
the message's transaction, the club, the sender and their player row, the command's words, the
message) and either does its work (changes in the database, record texts staged with
:meth:`Context.set_record`, mail queued with :meth:`Context.send`) or raises :class:`Refusal`:
then nothing it did is kept, and the sender gets one reply saying why.

More commands are registered with :func:`command` in other modules, named in :data:`MODULES`
(imported on first use): the core never needs editing to add one.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import sqlite3
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pbmkit.mail.compose import move_label
from pbmkit.mail.sources import Incoming
from pbmkit.mail.trust import address_key
from pbmkit.notation.desk import TimeControl
from pbmkit.notation.replay import GameReplay, check_text
from pbmkit.referee.club import Club
from pbmkit.referee.keys import (
    challenge_key_text,
    challenge_secret,
    game_key_text,
    game_secret,
    new_code,
    player_key_text,
    player_secret,
    same_secret,
    secret_hash,
)
from pbmkit.referee.outgoing import Outgoing, board_message, queue, text_message

if TYPE_CHECKING:
    from pbmkit.games import Game

__all__ = ["COMMANDS", "FORGED_NOTE", "MAX_UNPROVEN_REPLIES", "MODULES", "NUMBERED", "SIGNUP_DAYS",
           "Command", "Context", "Refusal", "bare_move", "command", "expire_signups",
           "find_command", "help_text", "load_commands", "signup_expired", "unproven_reply"]

MODULES: tuple[str, ...] = ("pbmkit.referee.club_commands",)
"""Modules that register more commands (imported by :func:`load_commands`)."""

MAX_NAME = 30
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]{0,29}")
_RE = re.compile(r"^\s*(?:(?:re|fwd?|aw|wg|sv|tr)\s*:\s*)+", re.IGNORECASE)
_KEYS = re.compile(r"\[[gspc]\d*\.[A-Za-z2-7]+\]")
_TAG_VALUE = re.compile(r"[A-Za-z0-9+]{1,40}(?:,[A-Za-z0-9+]{1,40}){0,9}")
"""A challenge's tag value: words of letters, digits and ``+``, joined by commas."""
_MOVE_LINE = re.compile(r"^\s*move\s*:\s*(.{1,200})$", re.IGNORECASE)
NUMBERED = re.compile(r"^(\d{1,4}(?::\d{1,4})?[a-z]?)\s*\.(?:\s*\.\.)?\s+(.+)$")
"""A move written with its number (``6. FU to GT``, ``6... FU to GT``): the number, the move."""
TAGS = ("Board", "Layout", "Order", "First", "TimeControl")
"""The tags a challenge may set (the game checks them)."""
SIGNUP_DAYS = 7
"""Days a signup waits for its code; then it is forgotten (every run: :func:`expire_signups`)."""


def signup_expired(made: str, now: datetime.datetime) -> bool:
    """Whether a signup made at ``made`` (ISO 8601) is past :data:`SIGNUP_DAYS` at ``now``."""
    try:
        when = datetime.datetime.fromisoformat(made)
    except ValueError:
        return True
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return now - when > datetime.timedelta(days=SIGNUP_DAYS)


def expire_signups(db: sqlite3.Connection, now: datetime.datetime) -> int:
    """Forget the signups past :data:`SIGNUP_DAYS` and those whose name a player took since (they
    can never be confirmed); how many."""
    gone = 0
    db.execute("BEGIN IMMEDIATE")
    for row in db.execute("SELECT address, name, made FROM signups").fetchall():
        taken = db.execute("SELECT 1 FROM players WHERE name = ?", (row["name"],)).fetchone()
        if taken is not None or signup_expired(str(row["made"]), now):
            db.execute("DELETE FROM signups WHERE address = ?", (row["address"],))
            gone += 1
    db.execute("COMMIT")
    return gone


MAX_UNPROVEN_REPLIES = 10
"""The most replies an address gets a day (UTC) to messages that prove no key of it: what a
forged From can make the referee send to a third party (docs/referee.md, "Security model")."""


REPLAYS_KEPT = 64
_REPLAYS: dict[tuple[str, str], GameReplay] = {}
"""The replays of the records the last messages read or wrote, by (file name, text): a game's
next move replays its record from here, not from its text (a replay is a function of the two;
none is changed once made). The oldest go first."""


class Refusal(Exception):
    """A command refused: ``lines`` say why; nothing the handler did is kept. ``unproven``: the
    message did not prove its sender (no key, not authenticated): its From may be forged, and
    the refusal, which goes to that address, says so."""

    def __init__(self, *lines: str, unproven: bool = False) -> None:
        super().__init__("\n".join(lines))
        self.lines = list(lines)
        self.unproven = unproven


FORGED_NOTE = ("If you did not send this message, someone used your address: nothing was "
               "changed, and no one can act for you without your key.")
"""Said in a refusal for want of proof, which goes to the From address whoever wrote it."""


@dataclass
class Context:
    """What a command handler works with (one message, one transaction)."""

    db: sqlite3.Connection
    club: Club
    club_key: bytes
    message: Incoming
    sender: str
    """The From address as read (one mailbox; a claim, proven only by a secret)."""
    player: sqlite3.Row | None
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
    outgoing: list[Outgoing] = field(default_factory=list)
    records: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    """What the organiser should know of this message (added to its line in the ledger)."""
    """Record texts to write (game number -> text), written before the transaction commits."""
    thread_move: bool = False
    """The command was read from a ``Move:`` line of a reply in a game's thread."""
    bare_move: bool = False
    """The command was read from a bare line of a reply in a game's thread (no ``Move:``): the
    message's one line of the sender's own words (:func:`bare_move`); it is played only as a
    legal move of the player to move, and anything else gets the one-line hint."""
    replays: dict[int, GameReplay] = field(default_factory=dict)
    """The replays of the records as this transaction has them (read once)."""
    player_keys: list[tuple[int, str]] = field(default_factory=list)
    """The player keys ``(player, secret)`` the message carries."""
    challenge_keys: list[tuple[int, str]] = field(default_factory=list)
    """The challenge keys ``(challenge, secret)`` the message carries."""
    proved: bool = False
    """A key or code the message carries proved its sender (set by the checks that succeed)."""

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
        number = int(self.player["id"])
        return player_key_text(number, player_secret(self.club_key, number,
                                                     int(self.player["key_generation"])))

    def authenticated(self) -> str | None:
        """Why the club's receiving server did not authenticate the sender (``authserv_id`` in
        club.toml), or None (authenticated, or the club does not ask)."""
        if self.club.authserv_id is None:
            return None
        from pbmkit.mail.trust import authentication

        return authentication(self.message.authentication_results, self.club.authserv_id,
                              self.sender)

    def _player_key_given(self, me: sqlite3.Row) -> bool:
        number = int(me["id"])
        mine = player_secret(self.club_key, number, int(me["key_generation"]))
        return any(p == number and same_secret(s, mine) for p, s in self.player_keys)

    def prove_player(self) -> sqlite3.Row:
        """The sender's player row, when the message carries their own key (and the club's
        ``authserv_id`` authenticated it, when set); :class:`Refusal` saying how otherwise. A
        challenge, a vacation and a change of one's own key ask this first."""
        me = self.require_player()
        why = self.authenticated()
        if why is not None:
            raise Refusal(f"the sender is not authenticated ({why}); the club accepts this only "
                          "from mail its server authenticated", unproven=True)
        if not self._player_key_given(me):
            raise Refusal(f"'{self.name}' needs your key, and the message does not carry it: "
                          "reply to a message the referee sent you (its address and subject "
                          "carry your key, [p...]), or put that key in the subject; this reply "
                          "carries it", unproven=True)
        self.proved = True
        return me

    def prove_challenge(self, number: int) -> sqlite3.Row:
        """The sender's player row, when the message carries their key of challenge ``number``
        (the invitation's) or their own key; :class:`Refusal` saying how otherwise."""
        me = self.require_player()
        mine = challenge_secret(self.club_key, number, int(me["id"]))
        if any(c == number and same_secret(s, mine) for c, s in self.challenge_keys):
            why = self.authenticated()
            if why is not None:
                raise Refusal(f"the sender is not authenticated ({why}); the club accepts this "
                              "only from mail its server authenticated", unproven=True)
            self.proved = True
            return me
        try:
            return self.prove_player()
        except Refusal:
            raise Refusal(f"challenge {number}: the message does not carry your key of it: reply "
                          "to the referee's invitation (its address and subject carry the key, "
                          f"[c{number}...]) with '{self.name}'", unproven=True) from None

    def carries_proof(self) -> bool:
        """Whether the message carries a key of its sender (their own, one of a game of theirs
        or of a challenge to them), authenticated where the club asks: such a message's reply is
        not bounded (:func:`unproven_reply`)."""
        if self.proved:
            return True
        if self.player is None or self.authenticated() is not None:
            return False
        if self._player_key_given(self.player):
            return True
        number = int(self.player["id"])
        if any(same_secret(s, challenge_secret(self.club_key, c, number))
               for c, s in self.challenge_keys):
            return True
        return any(self.proven_sides(g) for g in sorted({g for g, _ in self.game_keys}))

    def require_player(self) -> sqlite3.Row:
        """The sender's player row; :class:`Refusal` for an address that has not signed up."""
        if self.player is None:
            raise Refusal(f"{self.sender} has not signed up with {self.club.name}: write "
                          "'signup NAME' first (NAME: one word, your name in the club)")
        return self.player

    def game(self, number: int) -> sqlite3.Row:
        """Game ``number``'s row; :class:`Refusal` if there is none."""
        row = self.db.execute("SELECT * FROM games WHERE number = ?", (number,)).fetchone()
        if row is None:
            raise Refusal(f"there is no game {number} in {self.club.name}")
        return row  # type: ignore[no-any-return]

    def record_text(self, number: int) -> str:
        """The record of game ``number`` as this transaction has it."""
        if number in self.records:
            return self.records[number]
        return str(self.game(number)["text"])

    def replay(self, number: int) -> GameReplay:
        """The replay of game ``number``'s record."""
        if number not in self.replays:
            row = self.game(number)
            key = (str(row["record"]), self.record_text(number))
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
            _REPLAYS[(str(self.game(number)["record"]), text)] = replay
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        self.db.execute("UPDATE games SET text = ?, digest = ?, state = ?, turn_since = ? "
                        "WHERE number = ?", (text, digest, "over" if over else "running",
                                             self.now.isoformat(timespec="seconds"), number))

    def seats(self, number: int) -> list[sqlite3.Row]:
        """The players of game ``number``: side, player id, address, name, generation."""
        return self.db.execute(
            "SELECT gp.side, gp.player, gp.secret_hash, gp.generation, p.address, p.name "
            "FROM game_players gp JOIN players p ON p.id = gp.player WHERE gp.game = ? "
            "ORDER BY gp.rowid", (number,)).fetchall()

    def secret(self, number: int, side: str, generation: int) -> str:
        return game_secret(self.club_key, number, side, generation)

    def proven_sides(self, number: int) -> list[str]:
        """The sides of game ``number`` whose player's secret this message carries and whose
        player's address is the sender's."""
        given = {secret_hash(s) for g, s in self.game_keys if g == number}
        me = address_key(self.sender)
        return [str(r["side"]) for r in self.seats(number)
                if r["secret_hash"] in given and address_key(str(r["address"])) == me]

    def prove(self, number: int) -> list[str]:
        """The sides of game ``number`` this message proves the sender plays (their key and
        address, and the club's ``authserv_id`` authenticating the sender when it is set), at
        least one; :class:`Refusal` saying why otherwise. Every command that acts for a player in
        a game (a move, a resignation, a draw, a key change) asks this first."""
        why = self.authenticated()
        if why is not None:
            raise Refusal(f"game {number}: the sender is not authenticated ({why}); the "
                          "club accepts moves only from mail its server authenticated",
                          unproven=True)
        proven = self.proven_sides(number)
        if proven:
            self.proved = True
            return proven
        if not [r for r in self.seats(number)
                if address_key(str(r["address"])) == address_key(self.sender)]:
            raise Refusal(f"game {number}: {self.sender} plays no side of it")
        others = sorted({g for g, _ in self.game_keys if g != number})
        if others:  # a reply in another game's thread: replying to it again would not help
            named = ", ".join(str(g) for g in others)
            raise Refusal(f"game {number}: the message carries the key of game {named}, not of "
                          f"game {number}, which the move names: to move in game {number}, "
                          f"reply to the referee's last message of game {number} (its subject "
                          f"names game #{number} and carries [g{number}...]), or put that key "
                          "in the subject", unproven=True)
        raise Refusal(f"game {number}: the message does not carry your key of the game; reply "
                      "to the referee's last message of the game (its address and subject "
                      "carry the key), or put its [g...] key in the subject", unproven=True)

    def key_of(self, number: int, side: str) -> str:
        """``g12.<secret>`` of the player of ``side``."""
        row = next(r for r in self.seats(number) if r["side"] == side)
        return game_key_text(number, self.secret(number, side, int(row["generation"])))

    def mail_players(self, number: int, intro: Callable[[str, str], list[str]], status: str) -> None:
        """Mail every player of game ``number`` its board, each with their own key; ``intro(side,
        name)`` gives the lines that open the message to the player of ``side``."""
        rep = self.replay(number)
        ply = rep.main[-1] if rep.main else None
        shared: dict[str, Any] = {}  # what every player's message says alike, made once
        for row in self.seats(number):
            side = str(row["side"])
            key = game_key_text(number, self.secret(number, side, int(row["generation"])))
            self.send(board_message(self.club, str(row["address"]), key, rep, ply,
                                    intro(side, str(row["name"])), number=number, status=status,
                                    now=self.now, shared=shared))


Handler = Callable[[Context], None]


@dataclass(frozen=True, slots=True)
class Command:
    """A registered command."""

    name: str
    usage: str
    summary: str
    handler: Handler
    needs_player: bool = True
    """Only a signed-up player may give it (the sender's address must be a player's)."""


COMMANDS: dict[str, Command] = {}


def command(name: str, usage: str, summary: str, *, needs_player: bool = True
            ) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of ``name``."""
    def register(handler: Handler) -> Handler:
        COMMANDS[name] = Command(name, usage, summary, handler, needs_player)
        return handler
    return register


_loaded = False


def load_commands() -> dict[str, Command]:
    """The registry, with the commands of :data:`MODULES` registered."""
    global _loaded
    if not _loaded:
        import importlib

        for module in MODULES:
            importlib.import_module(module)
        _loaded = True
    return COMMANDS


_NUMBER = re.compile(r"#?([0-9]{1,18})")


def number_of(word: str) -> int | None:
    """The number a command's word gives (``12``, ``#12``: ASCII digits, at most 18, so that
    it fits the database's integers), else None. ``str.isdigit`` also takes ``²`` (which
    ``int`` refuses) and numbers SQLite cannot hold: they were faults of the referee."""
    m = _NUMBER.fullmatch(word)
    return int(m.group(1)) if m is not None else None


def strip_subject(subject: str) -> str:
    """A subject without ``Re:``/``Fwd:`` prefixes and the referee's ``[g12....]`` keys."""
    return _KEYS.sub(" ", _RE.sub("", subject)).strip()


def find_command(subject: str, lines: list[str]) -> tuple[str, list[str]] | None:
    """The command of a message: the first word of its subject, else of its body's first line
    (any case), and the words after it; None when neither starts with a known command."""
    commands = load_commands()
    for text in (strip_subject(subject), *[line for line in lines if line.strip()][:1]):
        words = text.split()
        if words and words[0].lower().rstrip(":") in commands:
            return words[0].lower().rstrip(":"), words[1:]
    return None


def thread_move(lines: list[str]) -> str | None:
    """The move of a ``Move: ...`` line of the body, if any."""
    for line in lines[:50]:
        m = _MOVE_LINE.match(line)
        if m is not None:
            return m.group(1).strip()
    return None


MAX_BARE_MOVE = 200
"""The longest bare line read as a move (a ``Move:`` line's bound)."""


def bare_move(lines: list[str], game_keys: list[tuple[int, str]]) -> str | None:
    """The bare move of a reply in a game's thread (``DX to FV``, no ``Move:``): the one line of
    the sender's own words (``lines``: quoted lines, a signature and a quoted original already
    left out), when the message's keys name one game; None otherwise (no line, two lines or more,
    keys of several games, a line over :data:`MAX_BARE_MOVE` characters). Whether it is a legal
    move of the player to move is the ``move`` command's to say."""
    own = [line.strip() for line in lines if line.strip()]
    if len(own) != 1 or len({g for g, _ in game_keys}) != 1 or len(own[0]) > MAX_BARE_MOVE:
        return None
    return own[0]


def help_text(club: Club, game_name: str | None = None) -> str:
    """The help: every command and its usage, or one game's (``help GAME``)."""
    from pbmkit.games import game_names, get_game

    if game_name:
        try:
            game = get_game(game_name)
        except (KeyError, ValueError):
            return f"No game called {game_name!r} here. The games: {', '.join(_titles())}.\n"
        return _game_help(game)
    lines = [f"{club.name}: the referee's commands (in the subject or on the first line, any case):",
             ""]
    for c in sorted(load_commands().values(), key=lambda c: c.name):
        lines.append(f"  {c.usage}")
        lines.append(f"      {c.summary}")
    lines += ["", f"The games: {', '.join(_titles())} (help GAME says more).",
              "A reply to the referee's message of a game, with a line 'Move: ...', plays "
              "your move in that game."]
    del game_names
    return "\n".join(lines) + "\n"


def _game_help(game: Game[Any, Any]) -> str:
    """``help GAME``: the sides, how a move is written, how to start a game and every tag a
    challenge may set, with the values the game takes (its :attr:`tag_choices`)."""
    from pbmkit.games import PbmkitError

    tags = [t for t in game.extra_tags if t in TAGS]
    out = [_fill(f"{game.title}: sides {_sides(game.order)}. The challenger plays the side that "
                 f"moves first ({place_title(game.order[0])}"
                 + (", unless a tag chooses another" if game.tag_choices else "") + "), the "
                 "players named the next sides in order."),
           _fill(f"A move is written like: {game.notation.example}"),
           _fill(f"Start a game: challenge {game.name} PLAYER..."
                 + "".join(f" [{t}=...]" for t in tags) + " [TimeControl=...], one player a "
                 "place beyond yours."),
           "", "The tags (a value of several words is written with commas):"]
    for tag in tags:
        choice = game.tag_choices.get(tag)
        if choice is None:
            continue
        like = " or ".join(f"{tag}={_tag_word(v)}" for v in choice.examples)
        needs = "".join(f" {k}={_tag_word(v)}" for k, v in choice.needs.items())
        out.append(_fill(f"{tag}: {choice.values}; like {like}"
                         + (f" (with{needs})" if needs else ""), "  "))
        for example in choice.examples:
            try:
                order = game.configure({**choice.needs, tag: example}).order
            except PbmkitError:
                continue
            if order != game.order:
                out.append(_fill(f"with {tag}={_tag_word(example)} the places are, in order: "
                                 f"{_sides(order)}", "      "))
    out.append(_fill("TimeControl: MOVES/DAYS (TimeControl=10/50: 10 moves in 50 days, counted "
                     "together) or DAYS a move (TimeControl=3); no time control without it", "  "))
    return "\n".join(out) + "\n"


def _sides(order: tuple[str, ...]) -> str:
    return ", ".join(place_title(s) for s in order)


def _fill(text: str, indent: str = "") -> str:
    """``text`` folded at 76 columns, its continuations indented four more than ``indent``."""
    return textwrap.fill(text, 76, initial_indent=indent, subsequent_indent=indent + "    ",
                         break_on_hyphens=False, break_long_words=False)


def _tag_word(value: str) -> str:
    """A tag's value as one word of a command: its spaces as commas (``Blue+Green,Dragon``)."""
    return ",".join(value.split())


def _titles() -> list[str]:
    from pbmkit.games import game_names, get_game

    return [get_game(n).title for n in game_names()]


# --- the core commands ---------------------------------------------------------------------


@command("help", "help [GAME]", "this text, or how to play GAME", needs_player=False)
def _help(ctx: Context) -> None:
    from pbmkit.games import get_game

    asked = " ".join(ctx.args) or None
    try:  # the subject names the game asked of, as the games write it (never the words sent)
        subject = f"help {get_game(asked).title}" if asked else "help"
    except (KeyError, ValueError):
        subject = "help"
    ctx.reply(subject, help_text(ctx.club, asked))


@command("signup", "signup NAME", "join the club as NAME (one word); you get a code to confirm",
         needs_player=False)
def _signup(ctx: Context) -> None:
    if ctx.player is not None:
        raise Refusal(f"{ctx.sender} is signed up already, as {ctx.player['name']}")
    if len(ctx.args) != 1 or not _NAME.fullmatch(ctx.args[0]):
        raise Refusal("write 'signup NAME', NAME one word of letters, digits, '.', '-' or '_' "
                      f"(at most {MAX_NAME}, starting with a letter)")
    name = ctx.args[0]
    if ctx.db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone() is not None:
        raise Refusal(f"the name {name} is taken; choose another")
    code = new_code()
    ctx.db.execute("INSERT OR REPLACE INTO signups (address, name, code_hash, made) "
                   "VALUES (?, ?, ?, ?)", (address_key(ctx.sender), name, secret_hash(code),
                                           ctx.now.isoformat(timespec="seconds")))
    ctx.reply(f"{ctx.club.name}: confirm your signup as {name}",
              f"Someone, probably you, asked to join {ctx.club.name} as {name} from this "
              "address.\n\nTo confirm, reply to this message (its address carries your code), "
              f"or write to {ctx.club.address} with the subject:\n\n  confirm {code}\n\n"
              "If it was not you, do nothing: nothing happens without the reply.\n",
              key=f"s.{code}")


@command("confirm", "confirm CODE", "confirm your signup with the code the referee sent you",
         needs_player=False)
def _confirm(ctx: Context) -> None:
    codes = [a.lower() for a in ctx.args[:1]] + ctx.codes
    row = ctx.db.execute("SELECT * FROM signups WHERE address = ?",
                         (address_key(ctx.sender),)).fetchone()
    if row is None or not any(secret_hash(c) == row["code_hash"] for c in codes) \
            or signup_expired(str(row["made"]), ctx.now):
        raise Refusal("no signup of this address waits for that code (a code is good for "
                      f"{SIGNUP_DAYS} days): write 'signup NAME' again, and answer the message "
                      "the referee sends")
    if ctx.db.execute("SELECT 1 FROM players WHERE name = ?", (row["name"],)).fetchone():
        raise Refusal(f"the name {row['name']} was taken meanwhile; write 'signup NAME' again "
                      "with another")
    ctx.proved = True
    cur = ctx.db.execute("INSERT INTO players (address, name, joined) VALUES (?, ?, ?)",
                         (row["address"], row["name"], ctx.today.isoformat()))
    # the signup confirmed, and any other waiting for the same name: it can never be confirmed
    ctx.db.execute("DELETE FROM signups WHERE address = ? OR name = ?", (row["address"], row["name"]))
    ctx.player = ctx.db.execute("SELECT * FROM players WHERE id = ?",
                                (cur.lastrowid,)).fetchone()
    ctx.reply(f"{ctx.club.name}: welcome, {row['name']}",
              f"You are a player of {ctx.club.name} now, as {row['name']}.\n\n"
              f"Your key is {ctx.own_key()}: this message's address and subject carry it, and "
              "so does every message the referee sends you. A challenge, a vacation or a key "
              "change must carry it: reply to a message of the referee, or put the key in the "
              "subject. Keep it to yourself ('secret' gives you a new one).\n\n"
              + help_text(ctx.club))


def _player_by(ctx: Context, text: str) -> sqlite3.Row:
    if "@" in text:
        row = ctx.db.execute("SELECT * FROM players WHERE address = ?",
                             (address_key(text) or "",)).fetchone()
    else:
        row = ctx.db.execute("SELECT * FROM players WHERE name = ?", (text,)).fetchone()
    if row is None:
        raise Refusal(f"no player {text[:60]!r} in {ctx.club.name}")
    return row  # type: ignore[no-any-return]


def _game_of(ctx: Context, words: list[str]) -> tuple[Any, list[str]]:
    """The game the first words name (``Batalo``, ``Batu Khan``, ``batu-khan``) and the rest."""
    from pbmkit.games import get_game

    for n in range(min(3, len(words)), 0, -1):
        try:
            return get_game(" ".join(words[:n])), words[n:]
        except (KeyError, ValueError):
            continue
    raise Refusal(f"no game called {' '.join(words[:1])!r}: the games are {', '.join(_titles())}")


@command("challenge", "challenge GAME PLAYER... [TAG=VALUE ...]",
         "ask PLAYER(s) (names or addresses) to a game; its tags: help GAME")
def _challenge(ctx: Context) -> None:
    from pbmkit.games import SetupError

    me = ctx.prove_player()
    if not ctx.args:
        raise Refusal("write 'challenge GAME PLAYER...' (help lists the games)")
    game, rest = _game_of(ctx, ctx.args)
    names = [w for w in rest if "=" not in w]
    tags: dict[str, str] = {}
    for word in (w for w in rest if "=" in w):
        tag, _, value = word.partition("=")
        match = next((t for t in TAGS if t.lower() == tag.lower()), None)
        if match is None or not value:
            raise Refusal(f"{word[:40]!r}: a challenge sets only the tags {', '.join(TAGS)}")
        if match != "TimeControl" and not _TAG_VALUE.fullmatch(value):
            # words, never a file: a layout file would be read from the referee's machine (and
            # its refusal would name the folder), and the records' readers would not have it
            raise Refusal(f"{word[:40]!r}: a tag's value is letters, digits and '+', its words "
                          "joined by commas (help GAME shows the values)")
        tags[match] = value if match == "TimeControl" else " ".join(value.split(","))
    choosing = {k: v for k, v in tags.items() if k != "TimeControl"}
    try:
        configured = game.configure(choosing) if choosing else game
    except SetupError as exc:
        raise Refusal(f"{game.title}: {exc}") from None
    if "TimeControl" in tags:
        try:
            if len(tags["TimeControl"]) > 9:
                raise ValueError("too long")
            tags["TimeControl"] = str(TimeControl.parse(tags["TimeControl"]))
        except ValueError:
            raise Refusal("TimeControl is MOVES/DAYS (TimeControl=10/50: 10 moves in 50 days) or "
                          "DAYS a move (TimeControl=3)") from None
    opponents = [_player_by(ctx, n) for n in names]
    seats = [me, *opponents]
    if len({int(r["id"]) for r in seats}) != len(seats):
        raise Refusal("a player may take only one seat of a game")
    places = configured.order  # a place of two factions (Blue+Green) is one player's
    if len(seats) != len(places):
        raise Refusal(f"{configured.title} with these tags has {len(places)} places "
                      f"({', '.join(place_title(s) for s in places)}): name "
                      f"{len(places) - 1} opponent(s), not {len(opponents)}")
    cur = ctx.db.execute("INSERT INTO challenges (rules, tags, challenger, state, made) "
                         "VALUES (?, ?, ?, 'open', ?)",
                         (game.name, json.dumps(tags, sort_keys=True), me["id"],
                          ctx.now.isoformat(timespec="seconds")))
    number = int(cur.lastrowid or 0)
    for seat, row in enumerate(seats):
        ctx.db.execute("INSERT INTO challenge_players (challenge, seat, player, answer) "
                       "VALUES (?, ?, ?, ?)", (number, seat, row["id"],
                                               "accepted" if seat == 0 else None))
    sides = ", ".join(f"{r['name']} ({place_title(s)})" for r, s in zip(seats, places,
                                                                         strict=True))
    what = f"{configured.title}" + "".join(f" {k}={v}" for k, v in sorted(tags.items()))
    for row in opponents:
        key = challenge_key_text(number, challenge_secret(ctx.club_key, number, int(row["id"])))
        ctx.send(text_message(ctx.club, str(row["address"]),
                              f"Invitation, challenge {number}: {what}",
                              f"{me['name']} challenges you to {what}: {sides}.\n\n"
                              "To play, reply to this message with 'accept'; to refuse, with "
                              f"'decline' (or write 'accept {number}' or 'decline {number}' "
                              "with this message's key in the subject).\n", key=key,
                              now=ctx.now))
    ctx.reply(f"Challenge {number}: {what}",
              f"Challenge {number} sent: {what}: {sides}. The game starts when every "
              "opponent accepts it.\n")


def _challenge_row(ctx: Context) -> tuple[sqlite3.Row, sqlite3.Row]:
    ctx.require_player()
    named = sorted({c for c, _ in ctx.challenge_keys})
    if not ctx.args and len(named) == 1:  # a reply to the invitation: its key names it
        number = named[0]
    elif ctx.args and (given := number_of(ctx.args[0])) is not None:
        number = given
    else:
        raise Refusal(f"write '{ctx.name} N', N the challenge's number")
    row = ctx.db.execute("SELECT * FROM challenges WHERE number = ?", (number,)).fetchone()
    if row is None:
        raise Refusal(f"there is no challenge {number}")
    me = ctx.prove_challenge(number)
    seat = ctx.db.execute("SELECT * FROM challenge_players WHERE challenge = ? AND player = ?",
                          (number, me["id"])).fetchone()
    if seat is None or seat["seat"] == 0:
        raise Refusal(f"challenge {number} is not to you")
    if row["state"] != "open":
        raise Refusal(f"challenge {number} is {row['state']} already")
    return row, seat


@command("decline", "decline N", "refuse challenge N")
def _decline(ctx: Context) -> None:
    row, _ = _challenge_row(ctx)
    ctx.db.execute("UPDATE challenges SET state = 'declined' WHERE number = ?", (row["number"],))
    me = ctx.require_player()
    for other in ctx.db.execute("SELECT p.address FROM challenge_players c JOIN players p ON "
                                "p.id = c.player WHERE c.challenge = ? AND c.player != ?",
                                (row["number"], me["id"])):
        ctx.send(text_message(ctx.club, str(other["address"]), f"Challenge {row['number']} "
                              "declined", f"{me['name']} declined challenge {row['number']}.\n",
                              now=ctx.now))
    ctx.reply(f"Challenge {row['number']} declined", "Declined.\n")


@command("accept", "accept N", "accept challenge N (the game starts when all have accepted)")
def _accept(ctx: Context) -> None:
    row, seat = _challenge_row(ctx)
    ctx.db.execute("UPDATE challenge_players SET answer = 'accepted' WHERE challenge = ? AND "
                   "seat = ?", (row["number"], seat["seat"]))
    waiting = ctx.db.execute("SELECT count(*) FROM challenge_players WHERE challenge = ? AND "
                             "answer IS NULL", (row["number"],)).fetchone()[0]
    if waiting:
        ctx.reply(f"Challenge {row['number']} accepted",
                  f"Accepted; the game starts when {waiting} more player(s) accept.\n")
        return
    start_game(ctx, row)


def start_game(ctx: Context, challenge: sqlite3.Row) -> int:
    """Start the game of an accepted challenge: its record, its players' secrets, the first mail."""
    from pbmkit.games import get_game
    from pbmkit.notation import new_record_text

    tags = json.loads(challenge["tags"])
    game = get_game(challenge["rules"])
    choosing = {k: v for k, v in tags.items() if k != "TimeControl"}
    configured = game.configure(choosing) if choosing else game
    seats = ctx.db.execute("SELECT c.seat, p.* FROM challenge_players c JOIN players p ON "
                           "p.id = c.player WHERE c.challenge = ? ORDER BY c.seat",
                           (challenge["number"],)).fetchall()
    number = int(ctx.db.execute("SELECT coalesce(max(number), 0) + 1 FROM games").fetchone()[0])
    places = configured.order  # a place of two factions (Blue+Green) is one player's: one seat
    names = {side: str(r["name"]) for side, r in zip(places, seats, strict=True)}
    tagged = {**names, **{f: n for side, n in names.items() if "+" in side
                          for f in side.split("+")}}  # each faction's tag names its player
    text = new_record_text(game.name, tagged, number=str(number), date=ctx.today.isoformat(),
                           tags=choosing)
    if "TimeControl" in tags:  # a desk tag, after the Date tag
        text = text.replace("\n[Date ", f'\n[TimeControl "{tags["TimeControl"]}"]\n[Date ', 1)
    record = f"{number}-{game.name.lower().replace(' ', '-')}.txt"
    stamp = ctx.now.isoformat(timespec="seconds")
    ctx.db.execute("INSERT INTO games (number, rules, tags, record, text, digest, state, started, "
                   "turn_since) VALUES (?, ?, ?, ?, '', '', 'running', ?, ?)",
                   (number, game.name, challenge["tags"], record, stamp, stamp))
    for side, r in zip(places, seats, strict=True):
        secret = game_secret(ctx.club_key, number, side, 0)
        ctx.db.execute("INSERT INTO game_players (game, side, player, secret_hash, generation) "
                       "VALUES (?, ?, ?, ?, 0)", (number, side, r["id"], secret_hash(secret)))
    ctx.set_record(number, text)
    ctx.db.execute("UPDATE challenges SET state = 'accepted', game = ? WHERE number = ?",
                   (number, challenge["number"]))
    rep = ctx.replay(number)
    to_move = rep.next_turn()[1]

    chosen = ", ".join(f"{k}={v}" for k, v in tags.items())
    origin = f"It comes from challenge {challenge['number']}" + (
        f", with {chosen}." if chosen else ", with the game's usual settings.")

    def intro(side: str, name: str) -> list[str]:
        return [f"Game {number} of {ctx.club.name} starts: {configured.title}, "
                + ", ".join(f"{n} ({place_title(s)})" for s, n in names.items()) + ".",
                origin, f"You play {place_title(side)}.",
                *_turn_lines(ctx, number, side, to_move, rep)]

    ctx.mail_players(number, intro, f"{place_title(to_move)} to move")
    return number


def place_title(place: str) -> str:
    """A side or place as a message names it: ``White``, ``Blue+Green``."""
    return "+".join(p.capitalize() for p in place.split("+"))


def _turn_lines(ctx: Context, number: int, side: str, to_move: str, rep: GameReplay) -> list[str]:
    deadline = ctx.today + datetime.timedelta(days=ctx.club.move_days)
    if side == to_move:
        return [f"It is your move ({rep.next_label()}. {place_title(to_move)}), by "
                f"{deadline.isoformat()}.",
                f"Reply to this message with a line 'Move: {rep.next_label()}. MOVE', or write "
                f"'move {number} MOVE' in the subject of a reply."]
    return [f"{place_title(to_move)} to move, by {deadline.isoformat()}."]


def _game_number(ctx: Context) -> tuple[int, list[str]]:
    """The game a command names (``move 12 ...``, ``#12``), else the one the message's key
    names (a reply in the game's thread)."""
    given = number_of(ctx.args[0]) if ctx.args and not ctx.thread_move else None
    if given is not None:
        return given, ctx.args[1:]
    games = sorted({g for g, _ in ctx.game_keys})
    if len(games) == 1:
        return games[0], ctx.args
    raise Refusal(f"write '{ctx.name} N ...', N the game's number")


@command("move", "move N MOVE", "play MOVE in game N (or reply in the game's thread with a line "
         "'Move: MOVE')")
def _move(ctx: Context) -> None:
    ctx.require_player()
    number, words = _game_number(ctx)
    row = ctx.game(number)
    if row["state"] != "running":
        raise Refusal(f"game {number} is over; no more moves")
    rep = ctx.replay(number)
    game = rep.game
    assert game is not None
    side = rep.next_turn()[1]
    label = rep.next_label()
    proven = ctx.prove(number)
    if side not in proven:
        raise Refusal(f"game {number}: it is {place_title(side)}'s move, not yours "
                      f"({', '.join(place_title(s) for s in proven)})")
    text = " ".join(words).strip()
    m = NUMBERED.match(text)
    if m is not None:
        if m.group(1) not in (label, label.rpartition(":")[2]):
            raise Refusal(f"game {number}: move {text[:60]!r} is numbered {m.group(1)}, but the "
                          f"next move is {place_title(side)}'s {label}; nothing was changed")
        text = m.group(2).strip()
    if not text:
        raise Refusal(f"game {number}: no move given (write 'Move: {label}. "
                      f"{game.notation.example}')")
    play_for(ctx, number, rep, text)


MoveHook = Callable[[Context, int, Any], None]
AFTER_MOVE: list[MoveHook] = []
"""Called after every move the referee applies, with the game's number and the
:class:`~pbmkit.notation.moving.Played` (conditional moves: pbmkit/referee/club_commands.py)."""
LEAVE: list[Callable[[Context, int, str, GameReplay], int]] = []
"""Days of leave to write on the move of a side (``[%ccleave N]``: the player's vacation)."""


def latest_date(rep: GameReplay) -> datetime.date | None:
    """The latest date a game's record holds (its Date tag, a move's sent or received date)."""
    from pbmkit.notation.desk import replay_clock

    clock = replay_clock(rep)
    if clock is None:
        return None
    days = [d for m in clock.moves for d in (m.notes.sent, m.notes.received, m.notes.arrived)
            if d is not None]
    if clock.start is not None:
        days.append(clock.start)
    return max(days, default=None)


def _received(rep: GameReplay) -> datetime.date | None:
    """The day the player to move received the move they answer: the referee mailed it the day
    it was played (its sent date); None for a game's first move."""
    from pbmkit.notation.desk import replay_clock

    clock = replay_clock(rep)
    if clock is None or not clock.moves:
        return None
    return clock.moves[-1].notes.sent


def play_for(ctx: Context, number: int, rep: GameReplay, text: str, *, via: str = "",
             hooks: bool = True) -> Any:
    """Play ``text`` for the side to move of game ``number`` (whose right to move the caller
    has checked), stage the record and mail every player; ``via`` opens the mail's lines (how the
    move came, e.g. a conditional move); ``hooks``: run :data:`AFTER_MOVE`. :class:`Refusal` for
    an illegal move."""
    from pbmkit.notation.desk import annotation_text
    from pbmkit.notation.moving import AppendRefused, MoveRefused, play_move

    row = ctx.game(number)
    game = rep.game
    assert game is not None
    side = rep.next_turn()[1]
    sent = ctx.today
    last = latest_date(rep)
    if last is not None and sent < last:  # the machine's clock set back: never a date before
        ctx.notes.append(f"game {number}: the machine's clock says {sent}, before the "
                         f"record's last date {last}: {last} written")
        sent = last
    received = _received(rep)
    try:
        played = play_move(ctx.record_text(number), str(row["record"]), rep, text,
                           note=lambda: annotation_text(
                               received=received, sent=sent,
                               leave=sum(h(ctx, number, side, rep) for h in LEAVE)),
                           listing="")  # the players have no command listing moves
    except MoveRefused as exc:
        raise Refusal(*(f"game {number}: {line}" if k == 0 else line
                        for k, line in enumerate(exc.lines)),
                      "Nothing was changed.") from None
    except AppendRefused as exc:
        raise Refusal(f"game {number}: {exc}") from None
    ctx.set_record(number, played.text, over=played.outcome is not None, replay=played.replay)
    new = ctx.replay(number)
    said = "".join(f" {a.word}" for a in played.said)
    done = f"{move_label(new, new.main[-1])} {place_title(played.side)} {played.written}{said}"
    first = [via] if via else []
    if played.outcome is not None:
        from pbmkit.games.base import describe_outcome

        result = describe_outcome(game, played.outcome)
        status = f"game over, {result}"

        def intro(side_: str, name: str) -> list[str]:
            return [*first, f"Game {number}: {done}.", f"The game is over: {result}."]
    else:
        to_move = new.next_turn()[1]
        status = f"{place_title(to_move)} to move"

        def intro(side_: str, name: str) -> list[str]:
            notes = [f"Warning: {a.word}! This move {a.detail}." for a in played.said]
            return [*first, f"Game {number}: {done}.", *notes,
                    *_turn_lines(ctx, number, side_, to_move, new)]

    ctx.mail_players(number, intro, status)
    for hook in AFTER_MOVE if hooks else ():
        hook(ctx, number, played)
    return played


@command("show", "show N", "the board and moves of game N")
def _show(ctx: Context) -> None:
    ctx.require_player()
    number, _ = _game_number(ctx)
    rep = ctx.replay(number)
    me = [r for r in ctx.seats(number) if address_key(str(r["address"])) == address_key(ctx.sender)]
    key = ctx.key_of(number, str(me[0]["side"])) if me else None
    to_move = rep.next_turn()[1]
    status = "game over" if ctx.game(number)["state"] != "running" \
        else f"{place_title(to_move)} to move"
    intro = [f"Game {number}, as it stands."]
    if me and ctx.game(number)["state"] == "running":
        intro += _turn_lines(ctx, number, str(me[0]["side"]), to_move, rep)
    ply = rep.main[-1] if rep.main else None
    ctx.send(board_message(ctx.club, ctx.sender, key, rep, ply, intro, number=number,
                           status=status, now=ctx.now, in_reply_to=ctx.message.message_id))


@command("secret", "secret N", "change your key of game N (the new one comes by mail to your "
         "address; the old one stops working)")
def _secret(ctx: Context) -> None:
    ctx.require_player()
    if not ctx.args and not ctx.game_keys:
        _own_secret(ctx)
        return
    number, _ = _game_number(ctx)
    ctx.game(number)
    for side in ctx.prove(number):
        row = next(r for r in ctx.seats(number) if r["side"] == side)
        generation = int(row["generation"]) + 1
        secret = ctx.secret(number, side, generation)
        ctx.db.execute("UPDATE game_players SET generation = ?, secret_hash = ?, rotated = ? "
                       "WHERE game = ? AND side = ?", (generation, secret_hash(secret),
                                                       ctx.now.isoformat(timespec="seconds"),
                                                       number, side))
        ctx.send(text_message(ctx.club, str(row["address"]), f"Game {number}: your new key",
                              f"Your key of game {number} ({place_title(side)}) is changed; "
                              "the old one no longer works. Reply to this message, or to the "
                              "referee's next message of the game, with your moves.\n",
                              key=game_key_text(number, secret), now=ctx.now))


def _own_secret(ctx: Context) -> None:
    """``secret`` alone: a new own key for the sender (proven by the old one), mailed to them."""
    me = ctx.prove_player()
    generation = int(me["key_generation"]) + 1
    ctx.db.execute("UPDATE players SET key_generation = ? WHERE id = ?", (generation, me["id"]))
    ctx.player = ctx.db.execute("SELECT * FROM players WHERE id = ?", (me["id"],)).fetchone()
    ctx.send(text_message(ctx.club, str(me["address"]), f"{ctx.club.name}: your new key",
                          f"Your own key is changed to {ctx.own_key()}; the old one no longer "
                          "works. Reply to this message (or any later one of the referee) for a "
                          "challenge, a vacation or a key change.\n", key=ctx.own_key(),
                          now=ctx.now))


def unproven_reply(db: sqlite3.Connection, sender: str, now: datetime.datetime, *,
                   count: bool = True) -> bool:
    """Whether ``sender`` may get one more reply today (UTC) to a message that proved no key of
    it: fewer than :data:`MAX_UNPROVEN_REPLIES` such replies so far. ``count``: count this one
    (inside the caller's transaction)."""
    address = address_key(sender) or sender.lower()
    day = now.astimezone(datetime.UTC).date().isoformat()
    row = db.execute("SELECT count FROM unproven_replies WHERE address = ? AND day = ?",
                     (address, day)).fetchone()
    if row is not None and int(row["count"]) >= MAX_UNPROVEN_REPLIES:
        return False
    if count:
        db.execute("DELETE FROM unproven_replies WHERE day < ?", (day,))
        db.execute("INSERT INTO unproven_replies (address, day, count) VALUES (?, ?, 1) "
                   "ON CONFLICT (address, day) DO UPDATE SET count = count + 1", (address, day))
    return True


def queue_all(ctx: Context) -> None:
    """Put the context's outgoing mail in the outbox."""
    for out in ctx.outgoing:
        queue(ctx.db, out, ctx.now)
