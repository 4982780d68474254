"""The referee's queries: every read and write of the club's tables that the commands, the message
handling, the clocks, the pictures and the organiser's commands make, each a function, the rows it
reads typed (named tuples, not :class:`sqlite3.Row`).

The tables are :mod:`pbmkit.referee.db`'s (docs/referee.md, "The database"). Each function runs
inside the caller's transaction: the ``BEGIN IMMEDIATE`` ... ``COMMIT`` around a message, a game's
clock or the signups' expiry stay with the code that owns the transaction (what is kept, and when,
is theirs to say). Three stores keep their SQL beside their own logic: the schema and its
migrations (:mod:`pbmkit.referee.db`), the outbox (:mod:`pbmkit.referee.outgoing`, its sending and
back-off) and the read-only report of ``status`` and ``log`` (:mod:`pbmkit.referee.status`,
which opens the database read-only).
"""


import datetime
import sqlite3
from typing import NamedTuple

from pbmkit.referee.clock import Vacation

__all__ = [
    "Challenge", "ChallengeSeat", "GameRow", "Player", "PlayerGame", "RecordFile", "Seat", "Signup",
    "accept_seat", "add_challenge", "add_game", "add_game_player", "add_ledger_row", "add_notice",
    "add_player", "add_signup", "add_vacation", "all_seats", "any_queue", "challenge",
    "challenge_addresses", "challenge_seat", "challenge_seats", "chatter_count", "chatter_seen",
    "club_state", "count_chatter", "count_unproven", "digest_handled", "drop_queue", "drop_queues",
    "end_vacation", "finished_texts", "forget_signup", "forget_signups", "game", "game_record",
    "games_of", "games_of_rules", "message_id_handled", "name_taken", "next_game_number",
    "notices_of", "player", "player_by_address", "player_by_name", "queue_of", "record_files",
    "record_names", "record_text", "rotate_game_key", "running_waiting", "seats", "seats_of_rules",
    "set_challenge_state", "set_club_state", "set_key_generation", "set_queue", "set_record",
    "set_vacation_until", "signup", "signups", "unproven_count", "update_queue", "vacations_of",
]


class Player(NamedTuple):
    """A confirmed player (table ``players``)."""

    id: int
    address: str
    name: str
    joined: str
    vacation_until: str | None
    key_generation: int


_PLAYER = "id, address, name, joined, vacation_until, key_generation"


class Signup(NamedTuple):
    """A signup waiting for its code (table ``signups``); the code only hashed."""

    address: str
    name: str
    code_hash: str
    made: str


class GameRow(NamedTuple):
    """A game of the club (table ``games``): ``text`` the record as committed, ``state``
    ``running`` or ``over``."""

    number: int
    rules: str
    tags: str
    record: str
    text: str
    digest: str
    state: str
    started: str
    turn_since: str


_GAME = "number, rules, tags, record, text, digest, state, started, turn_since"


class Seat(NamedTuple):
    """A side of a game and its player: the hash of the player's key of it and its generation."""

    side: str
    player: int
    secret_hash: str
    generation: int
    address: str
    name: str


class Challenge(NamedTuple):
    """A challenge (table ``challenges``): ``state`` ``open``, ``accepted`` or ``declined``."""

    number: int
    rules: str
    tags: str
    challenger: int
    state: str
    made: str
    game: int | None


class ChallengeSeat(NamedTuple):
    """A seat of a challenge and its player's answer (None: not yet)."""

    challenge: int
    seat: int
    player: int
    answer: str | None


class PlayerGame(NamedTuple):
    """A game as a player's list of games shows it (``games``): their side in it."""

    number: int
    rules: str
    text: str
    state: str
    turn_since: str
    side: str


class RecordFile(NamedTuple):
    """A game's record as committed (the file under ``games/`` is its published copy)."""

    number: int
    record: str
    text: str
    digest: str


# --- players and signups ----------------------------------------------------------------------


def player(db: sqlite3.Connection, number: int) -> Player | None:
    """Player ``number``."""
    row = db.execute(f"SELECT {_PLAYER} FROM players WHERE id = ?", (number,)).fetchone()
    return Player(*row) if row is not None else None


def player_by_address(db: sqlite3.Connection, address: str | None) -> Player | None:
    """The player of ``address`` (as :func:`pbmkit.mail.trust.address_key` compares it)."""
    row = db.execute(f"SELECT {_PLAYER} FROM players WHERE address = ?", (address,)).fetchone()
    return Player(*row) if row is not None else None


def player_by_name(db: sqlite3.Connection, name: str) -> Player | None:
    """The player called ``name`` (in any case)."""
    row = db.execute(f"SELECT {_PLAYER} FROM players WHERE name = ?", (name,)).fetchone()
    return Player(*row) if row is not None else None


def name_taken(db: sqlite3.Connection, name: str) -> bool:
    """Whether a player is called ``name`` (in any case)."""
    return db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone() is not None


def add_player(db: sqlite3.Connection, address: str, name: str, joined: str) -> Player:
    """A new player."""
    cur = db.execute("INSERT INTO players (address, name, joined) VALUES (?, ?, ?)",
                     (address, name, joined))
    made = player(db, int(cur.lastrowid or 0))
    assert made is not None
    return made


def set_key_generation(db: sqlite3.Connection, number: int, generation: int) -> Player:
    """Set the generation of player ``number``'s own key; the player after."""
    db.execute("UPDATE players SET key_generation = ? WHERE id = ?", (generation, number))
    row = player(db, number)
    assert row is not None
    return row


def set_vacation_until(db: sqlite3.Connection, number: int, end: str) -> None:
    db.execute("UPDATE players SET vacation_until = ? WHERE id = ?", (end, number))


def signup(db: sqlite3.Connection, address: str | None) -> Signup | None:
    """The signup of ``address`` waiting for its code."""
    row = db.execute("SELECT address, name, code_hash, made FROM signups WHERE address = ?",
                     (address,)).fetchone()
    return Signup(*row) if row is not None else None


def signups(db: sqlite3.Connection) -> list[Signup]:
    """Every signup waiting for its code."""
    return [Signup(*r) for r in db.execute("SELECT address, name, code_hash, made FROM signups")]


def add_signup(db: sqlite3.Connection, address: str | None, name: str, code_hash: str,
               made: str) -> None:
    """The signup of ``address`` (replacing one it had)."""
    db.execute("INSERT OR REPLACE INTO signups (address, name, code_hash, made) "
               "VALUES (?, ?, ?, ?)", (address, name, code_hash, made))


def forget_signup(db: sqlite3.Connection, address: str) -> None:
    db.execute("DELETE FROM signups WHERE address = ?", (address,))


def forget_signups(db: sqlite3.Connection, address: str, name: str) -> None:
    """Forget the signup of ``address`` and every other waiting for ``name``."""
    db.execute("DELETE FROM signups WHERE address = ? OR name = ?", (address, name))


# --- games and their players -------------------------------------------------------------------


def game(db: sqlite3.Connection, number: int) -> GameRow | None:
    """Game ``number``."""
    row = db.execute(f"SELECT {_GAME} FROM games WHERE number = ?", (number,)).fetchone()
    return GameRow(*row) if row is not None else None


def game_record(db: sqlite3.Connection, number: int) -> str:
    """The file name of game ``number``'s record (under ``games/``)."""
    return str(db.execute("SELECT record FROM games WHERE number = ?", (number,)).fetchone()[0])


def record_text(db: sqlite3.Connection, number: int) -> tuple[str, str] | None:
    """The file name of game ``number``'s record and its text as committed (a picture's
    drawing reads no more: its worker's database may hold no more)."""
    row = db.execute("SELECT record, text FROM games WHERE number = ?", (number,)).fetchone()
    return None if row is None else (str(row[0]), str(row[1]))


def seats(db: sqlite3.Connection, number: int) -> list[Seat]:
    """The players of game ``number``, in the order of its sides."""
    return [Seat(*r) for r in db.execute(
        "SELECT gp.side, gp.player, gp.secret_hash, gp.generation, p.address, p.name "
        "FROM game_players gp JOIN players p ON p.id = gp.player WHERE gp.game = ? "
        "ORDER BY gp.rowid", (number,))]


def set_record(db: sqlite3.Connection, number: int, text: str, digest: str, state: str,
               turn_since: str) -> None:
    """Game ``number``'s new record, its state and when the side to move got the move."""
    db.execute("UPDATE games SET text = ?, digest = ?, state = ?, turn_since = ? "
               "WHERE number = ?", (text, digest, state, turn_since, number))


def next_game_number(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT coalesce(max(number), 0) + 1 FROM games").fetchone()[0])


def add_game(db: sqlite3.Connection, number: int, rules: str, tags: str, record: str,
             stamp: str) -> None:
    """A new running game, its record staged apart (:func:`set_record`)."""
    db.execute("INSERT INTO games (number, rules, tags, record, text, digest, state, started, "
               "turn_since) VALUES (?, ?, ?, ?, '', '', 'running', ?, ?)",
               (number, rules, tags, record, stamp, stamp))


def add_game_player(db: sqlite3.Connection, number: int, side: str, player: int,
                    secret_hash: str) -> None:
    """The player of ``side`` in game ``number``, their key's first generation."""
    db.execute("INSERT INTO game_players (game, side, player, secret_hash, generation) "
               "VALUES (?, ?, ?, ?, 0)", (number, side, player, secret_hash))


def rotate_game_key(db: sqlite3.Connection, number: int, side: str, generation: int,
                    secret_hash: str, when: str) -> None:
    """A new generation of the key of ``side`` in game ``number`` (the old one stops working)."""
    db.execute("UPDATE game_players SET generation = ?, secret_hash = ?, rotated = ? "
               "WHERE game = ? AND side = ?", (generation, secret_hash, when, number, side))


def games_of(db: sqlite3.Connection, player: int) -> list[PlayerGame]:
    """The games of ``player``: the running ones first, the latest first."""
    return [PlayerGame(*r) for r in db.execute(
        "SELECT g.number, g.rules, g.text, g.state, g.turn_since, gp.side FROM games g "
        "JOIN game_players gp ON gp.game = g.number WHERE gp.player = ? "
        "ORDER BY g.state = 'over', g.number DESC", (player,))]


def games_of_rules(db: sqlite3.Connection, rules: str) -> list[tuple[int, str, str]]:
    """Every game of ``rules`` by number: its number, record text and state."""
    return [(int(r[0]), str(r[1]), str(r[2])) for r in db.execute(
        "SELECT number, text, state FROM games WHERE rules = ? ORDER BY number", (rules,))]


def seats_of_rules(db: sqlite3.Connection, rules: str) -> list[tuple[int, str, str]]:
    """The seats of every game of ``rules``: game, side, player's name, in the order of sides."""
    return [(int(r[0]), str(r[1]), str(r[2])) for r in db.execute(
        "SELECT gp.game, gp.side, p.name FROM game_players gp JOIN players p ON "
        "p.id = gp.player JOIN games g ON g.number = gp.game WHERE g.rules = ? "
        "ORDER BY gp.rowid", (rules,))]


def all_seats(db: sqlite3.Connection) -> list[tuple[int, str, str]]:
    """The seats of every game of the club: game, side, player's name."""
    return [(int(r[0]), str(r[1]), str(r[2])) for r in db.execute(
        "SELECT gp.game, gp.side, p.name FROM game_players gp JOIN players p ON p.id = gp.player")]


def record_names(db: sqlite3.Connection) -> list[tuple[int, str]]:
    """Every game of the club by number, and the file name of its record."""
    return [(int(r[0]), str(r[1]))
            for r in db.execute("SELECT number, record FROM games ORDER BY number")]


def finished_texts(db: sqlite3.Connection, rules: str) -> list[str]:
    """The records of the finished games of ``rules``, by number."""
    return [str(r[0]) for r in db.execute(
        "SELECT text FROM games WHERE rules = ? AND state != 'running' ORDER BY number",
        (rules,))]


def record_files(db: sqlite3.Connection, numbers: list[int] | None = None) -> list[RecordFile]:
    """The committed records of every game (or of ``numbers``: those that exist)."""
    if numbers is None:
        return [RecordFile(*r) for r in
                db.execute("SELECT number, record, text, digest FROM games").fetchall()]
    rows = [db.execute("SELECT number, record, text, digest FROM games WHERE number = ?",
                       (n,)).fetchone() for n in numbers]
    return [RecordFile(*r) for r in rows if r is not None]


def running_waiting(db: sqlite3.Connection, cutoff: str) -> list[int]:
    """The running games whose side to move got the move at ``cutoff`` or before, by number."""
    return [int(r[0]) for r in db.execute(
        "SELECT number FROM games WHERE state = 'running' AND turn_since <= ? ORDER BY number",
        (cutoff,))]


# --- challenges -------------------------------------------------------------------------------


def challenge(db: sqlite3.Connection, number: int) -> Challenge | None:
    row = db.execute("SELECT number, rules, tags, challenger, state, made, game FROM challenges "
                     "WHERE number = ?", (number,)).fetchone()
    return Challenge(*row) if row is not None else None


def add_challenge(db: sqlite3.Connection, rules: str, tags: str, challenger: int,
                  made: str, players: list[int]) -> int:
    """A new open challenge of ``players`` (the challenger first, who accepted it); its number."""
    cur = db.execute("INSERT INTO challenges (rules, tags, challenger, state, made) "
                     "VALUES (?, ?, ?, 'open', ?)", (rules, tags, challenger, made))
    number = int(cur.lastrowid or 0)
    for seat, who in enumerate(players):
        db.execute("INSERT INTO challenge_players (challenge, seat, player, answer) "
                   "VALUES (?, ?, ?, ?)", (number, seat, who, "accepted" if seat == 0 else None))
    return number


def challenge_seat(db: sqlite3.Connection, number: int, player: int) -> ChallengeSeat | None:
    """The seat of ``player`` in challenge ``number``."""
    row = db.execute("SELECT challenge, seat, player, answer FROM challenge_players "
                     "WHERE challenge = ? AND player = ?", (number, player)).fetchone()
    return ChallengeSeat(*row) if row is not None else None


def challenge_seats(db: sqlite3.Connection, number: int) -> list[Player]:
    """The players of challenge ``number``, by seat."""
    return [Player(*r) for r in db.execute(
        "SELECT p.id, p.address, p.name, p.joined, p.vacation_until, p.key_generation "
        "FROM challenge_players c JOIN players p ON p.id = c.player WHERE c.challenge = ? "
        "ORDER BY c.seat", (number,))]


def challenge_addresses(db: sqlite3.Connection, number: int, but: int) -> list[str]:
    """The addresses of the players of challenge ``number`` but player ``but``."""
    return [str(r[0]) for r in db.execute(
        "SELECT p.address FROM challenge_players c JOIN players p ON p.id = c.player "
        "WHERE c.challenge = ? AND c.player != ?", (number, but))]


def set_challenge_state(db: sqlite3.Connection, number: int, state: str,
                        game: int | None = None) -> None:
    """A challenge declined, or accepted (then ``game`` is its game)."""
    if game is None:
        db.execute("UPDATE challenges SET state = ? WHERE number = ?", (state, number))
    else:
        db.execute("UPDATE challenges SET state = ?, game = ? WHERE number = ?",
                   (state, game, number))


def accept_seat(db: sqlite3.Connection, number: int, seat: int) -> int:
    """Seat ``seat`` accepts challenge ``number``; how many seats have not answered yet."""
    db.execute("UPDATE challenge_players SET answer = 'accepted' WHERE challenge = ? AND "
               "seat = ?", (number, seat))
    return int(db.execute("SELECT count(*) FROM challenge_players WHERE challenge = ? AND "
                          "answer IS NULL", (number,)).fetchone()[0])


# --- conditional moves ---------------------------------------------------------------------------


def any_queue(db: sqlite3.Connection, number: int) -> bool:
    """Whether game ``number`` has conditional moves."""
    return db.execute("SELECT 1 FROM queues WHERE game = ? LIMIT 1", (number,)).fetchone() \
        is not None


def queue_of(db: sqlite3.Connection, number: int, side: str) -> str | None:
    """The conditional moves of ``side`` in game ``number`` (JSON), if any."""
    row = db.execute("SELECT moves FROM queues WHERE game = ? AND side = ?",
                     (number, side)).fetchone()
    return str(row[0]) if row is not None else None


def set_queue(db: sqlite3.Connection, number: int, side: str, moves: str, made: str) -> None:
    db.execute("INSERT OR REPLACE INTO queues (game, side, moves, made) VALUES (?, ?, ?, ?)",
               (number, side, moves, made))


def update_queue(db: sqlite3.Connection, number: int, side: str, moves: str) -> None:
    """What is left of the queue of ``side`` (its date unchanged)."""
    db.execute("UPDATE queues SET moves = ? WHERE game = ? AND side = ?", (moves, number, side))


def drop_queue(db: sqlite3.Connection, number: int, side: str) -> bool:
    """Drop the queue of ``side`` in game ``number``; whether it had one."""
    return db.execute("DELETE FROM queues WHERE game = ? AND side = ?",
                      (number, side)).rowcount > 0


def drop_queues(db: sqlite3.Connection, number: int) -> None:
    """Drop every queue of game ``number``."""
    db.execute("DELETE FROM queues WHERE game = ?", (number,))


# --- vacations -----------------------------------------------------------------------------------


def vacations_of(db: sqlite3.Connection, player: int) -> list[Vacation]:
    """A player's vacations, oldest first."""
    return [Vacation(datetime.date.fromisoformat(r[0]), datetime.date.fromisoformat(r[1]))
            for r in db.execute("SELECT start, end FROM vacations WHERE player = ? ORDER BY start",
                                (player,))]


def add_vacation(db: sqlite3.Connection, player: int, start: str, end: str) -> None:
    db.execute("INSERT INTO vacations (player, start, end) VALUES (?, ?, ?)", (player, start, end))


def end_vacation(db: sqlite3.Connection, player: int, today: str) -> bool:
    """End today the vacation ``player`` is on (one that had not begun is gone); whether they
    were on one."""
    ended = db.execute("UPDATE vacations SET end = ? WHERE player = ? AND start <= ? AND end > ?",
                       (today, player, today, today)).rowcount
    db.execute("DELETE FROM vacations WHERE player = ? AND start >= end", (player,))
    return ended > 0


# --- the ledger and the bounds on replies ------------------------------------------------------


def message_id_handled(db: sqlite3.Connection, message_id: str) -> bool:
    """Whether the ledger holds a message of this Message-ID."""
    return db.execute("SELECT 1 FROM messages WHERE message_id = ?",
                      (message_id,)).fetchone() is not None


def digest_handled(db: sqlite3.Connection, digest: str) -> bool:
    """Whether the ledger holds a message of this content digest."""
    return db.execute("SELECT 1 FROM messages WHERE digest = ?", (digest,)).fetchone() is not None


def add_ledger_row(db: sqlite3.Connection, message_id: str | None, digest: str,
                   sender: str | None, outcome: str, detail: str, at: str) -> None:
    db.execute("INSERT INTO messages (message_id, digest, sender, outcome, detail, at) "
               "VALUES (?, ?, ?, ?, ?, ?)", (message_id, digest, sender, outcome, detail, at))


def unproven_count(db: sqlite3.Connection, address: str, day: str) -> int:
    """The replies ``address`` got on ``day`` to messages that proved no key of it."""
    row = db.execute("SELECT count FROM unproven_replies WHERE address = ? AND day = ?",
                     (address, day)).fetchone()
    return int(row[0]) if row is not None else 0


def count_unproven(db: sqlite3.Connection, address: str, day: str) -> None:
    """One more such reply to ``address`` on ``day`` (the days before forgotten)."""
    db.execute("DELETE FROM unproven_replies WHERE day < ?", (day,))
    db.execute("INSERT INTO unproven_replies (address, day, count) VALUES (?, ?, 1) "
               "ON CONFLICT (address, day) DO UPDATE SET count = count + 1", (address, day))


def chatter_seen(db: sqlite3.Connection, address: str, day: str, words: str) -> bool:
    """Whether ``address`` got a reply on ``day`` to a message of these ``words`` (a digest)."""
    return db.execute("SELECT 1 FROM chatter_replies WHERE address = ? AND day = ? AND words = ?",
                      (address, day, words)).fetchone() is not None


def chatter_count(db: sqlite3.Connection, address: str, day: str) -> int:
    return int(db.execute("SELECT COUNT(*) FROM chatter_replies WHERE address = ? AND day = ?",
                          (address, day)).fetchone()[0])


def count_chatter(db: sqlite3.Connection, address: str, day: str, words: str) -> None:
    """One more reply that is no game event to ``address`` on ``day`` (the days before
    forgotten)."""
    db.execute("DELETE FROM chatter_replies WHERE day < ?", (day,))
    db.execute("INSERT INTO chatter_replies (address, day, words) VALUES (?, ?, ?)",
               (address, day, words))


# --- the club's state and the notices ----------------------------------------------------------


def club_state(db: sqlite3.Connection, key: str) -> str | None:
    row = db.execute("SELECT value FROM club_state WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row is not None else None


def set_club_state(db: sqlite3.Connection, key: str, value: str) -> None:
    db.execute("INSERT OR REPLACE INTO club_state (key, value) VALUES (?, ?)", (key, value))


def notices_of(db: sqlite3.Connection, number: int) -> set[str]:
    """The notices sent of game ``number`` (``reminder 12``, ``overstep black``)."""
    return {str(r[0]) for r in db.execute("SELECT key FROM notices WHERE game = ?", (number,))}


def add_notice(db: sqlite3.Connection, number: int, key: str, made: str) -> None:
    db.execute("INSERT INTO notices (game, key, made) VALUES (?, ?, ?)", (number, key, made))
