"""The club's database: SQLite (stdlib ``sqlite3``), WAL, the schema versioned by ``user_version``.

:data:`MIGRATIONS` is a list of SQL scripts; script ``k`` takes a database from version ``k`` to
``k + 1``, and :func:`open_db` runs those a database has not had, each in its own transaction
(a database newer than this pbmkit is refused). Add a migration at the end, never edit one.

The tables (docs/referee.md, "The database"):

* ``players``: one row a confirmed player: ``address`` (as :func:`pbmkit.mail.trust.address_key`
  compares it), ``name`` (unique, any case), ``vacation_until``; ``key_generation`` (version 5:
  the player's own key's, :func:`pbmkit.referee.keys.player_secret`).
* ``signups``: pending signups, the confirmation code hashed.
* ``challenges`` and ``challenge_players``: open, accepted, declined challenges.
* ``games``: ``number``, ``rules``, ``tags`` (JSON), ``record`` (the file under ``games/``),
  ``text`` (the record as committed: the truth a file is rewritten from), ``digest`` (its SHA-256),
  ``state`` (``running``, ``over``), ``turn_since`` (when the side to move got the move).
* ``game_players``: ``side``, ``player``, ``secret_hash`` (SHA-256 of the secret, never the
  secret), ``generation`` and ``rotated`` (version 2: a player's rotations of it).
* ``messages``: the ledger: every message handled, by ``message_id`` and ``digest``, its outcome.
* ``outbox``: the queue of outgoing mail: ``data`` (the whole message), ``attempts``,
  ``next_try``, ``sent``, ``maybe_sent``, ``error``; ``board`` (version 3: the board picture to
  add when it is sent, ``{"game": 12, "plies": 9}``).
* ``unproven_replies`` (version 5): replies sent to an address today for messages that proved
  no key (the bound on what a forged From can make the referee send to a third party).
* ``chatter_replies`` (version 6): the replies that are no game event (help, refusals) sent to
  an address today, by the digest of the words they answered (the bound on a mail loop).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pbmkit.referee.errors import RefereeError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "DatabaseError", "make_durable", "open_db"]


class DatabaseError(RefereeError):
    """A database that cannot be used (newer than this pbmkit, not a database)."""


MIGRATIONS: list[str] = [
    # 0 -> 1: the first schema.
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        address TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        joined TEXT NOT NULL,
        vacation_until TEXT
    );
    CREATE TABLE signups (
        address TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        made TEXT NOT NULL
    );
    CREATE TABLE challenges (
        number INTEGER PRIMARY KEY,
        rules TEXT NOT NULL,
        tags TEXT NOT NULL,
        challenger INTEGER NOT NULL REFERENCES players(id),
        state TEXT NOT NULL,
        made TEXT NOT NULL,
        game INTEGER
    );
    CREATE TABLE challenge_players (
        challenge INTEGER NOT NULL REFERENCES challenges(number),
        seat INTEGER NOT NULL,
        player INTEGER NOT NULL REFERENCES players(id),
        answer TEXT,
        PRIMARY KEY (challenge, seat)
    );
    CREATE TABLE games (
        number INTEGER PRIMARY KEY,
        rules TEXT NOT NULL,
        tags TEXT NOT NULL,
        record TEXT NOT NULL UNIQUE,
        text TEXT NOT NULL,
        digest TEXT NOT NULL,
        state TEXT NOT NULL,
        started TEXT NOT NULL,
        turn_since TEXT NOT NULL
    );
    CREATE TABLE game_players (
        game INTEGER NOT NULL REFERENCES games(number),
        side TEXT NOT NULL,
        player INTEGER NOT NULL REFERENCES players(id),
        secret_hash TEXT NOT NULL,
        PRIMARY KEY (game, side)
    );
    CREATE INDEX game_players_player ON game_players(player);
    CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        message_id TEXT,
        digest TEXT NOT NULL,
        sender TEXT,
        outcome TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        at TEXT NOT NULL
    );
    CREATE INDEX messages_id ON messages(message_id);
    CREATE INDEX messages_digest ON messages(digest);
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        data BLOB NOT NULL,
        made TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_try REAL NOT NULL DEFAULT 0,
        sent TEXT,
        maybe_sent INTEGER NOT NULL DEFAULT 0,
        error TEXT
    );
    CREATE INDEX outbox_due ON outbox(sent, next_try);
    """,
    # 1 -> 2: a player may rotate their secret of a game (``secret N``): its generation, and when.
    """
    ALTER TABLE game_players ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_players ADD COLUMN rotated TEXT
    """,
    # 2 -> 3: the board picture of a move's message is drawn when it is sent, not in the
    # message's transaction: the outbox row names it (JSON: game, plies).
    """
    ALTER TABLE outbox ADD COLUMN board TEXT
    """,
    # 3 -> 4: the club's commands beyond the first ones (pbmkit/referee/commands/): conditional
    # moves (``queue``), vacations, the notices sent (a reminder once a turn, an overstep once a
    # side), and the club's own state (the day of the last check of the clocks).
    """
    CREATE TABLE queues (
        game INTEGER NOT NULL REFERENCES games(number),
        side TEXT NOT NULL,
        moves TEXT NOT NULL,
        made TEXT NOT NULL,
        PRIMARY KEY (game, side)
    );
    CREATE TABLE vacations (
        id INTEGER PRIMARY KEY,
        player INTEGER NOT NULL REFERENCES players(id),
        start TEXT NOT NULL,
        end TEXT NOT NULL
    );
    CREATE INDEX vacations_player ON vacations(player);
    CREATE TABLE notices (
        game INTEGER NOT NULL REFERENCES games(number),
        key TEXT NOT NULL,
        made TEXT NOT NULL,
        PRIMARY KEY (game, key)
    );
    CREATE TABLE club_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )
    """,
    # 4 -> 5: every command that changes something proves its player (docs/referee.md, "Security
    # model"): the generation of a player's own key (``secret`` rotates it), and how many
    # replies an address got today to messages that proved nothing (bounded a day).
    """
    ALTER TABLE players ADD COLUMN key_generation INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE unproven_replies (
        address TEXT NOT NULL,
        day TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (address, day)
    )
    """,
    # 5 -> 6: the replies that are no game event (help, refusals, "not a command") an address got
    # today, each with the digest of the words it answered: an auto-responder that sets none of
    # the auto-reply headers must not loop with the referee (docs/referee.md, "Mail loops").
    """
    CREATE TABLE chatter_replies (
        address TEXT NOT NULL,
        day TEXT NOT NULL,
        words TEXT NOT NULL,
        PRIMARY KEY (address, day, words)
    )
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)


def open_db(path: str | Path, *, timeout: float = 30.0) -> sqlite3.Connection:
    """Open (or make) the club's database at ``path``, migrated to :data:`SCHEMA_VERSION`.

    WAL journal, foreign keys on, rows as :class:`sqlite3.Row`; the connection is in autocommit
    mode (``isolation_level=None``): the referee opens each transaction itself (``BEGIN
    IMMEDIATE``), one per message. ``synchronous = NORMAL``: a commit is not synced to the disk
    (a killed process loses nothing: the WAL is the system's; a power cut may lose the last
    commits), so the run makes its work durable with :func:`make_durable` before it marks
    messages done in the inbox.
    """
    try:
        db = sqlite3.connect(str(path), timeout=timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise DatabaseError(f"cannot open the database {path}: {exc}") from None
    db.row_factory = sqlite3.Row
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        migrate(db, str(path))
    except sqlite3.DatabaseError as exc:
        db.close()
        raise DatabaseError(f"{path} is not a club database ({exc})") from None
    except DatabaseError:
        db.close()
        raise
    return db


def make_durable(db: sqlite3.Connection) -> None:
    """Sync what was committed to the disk (a checkpoint of the WAL, which syncs it first)."""
    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


def migrate(db: sqlite3.Connection, where: str = "the database") -> int:
    """Run the migrations ``db`` has not had; its version after."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise DatabaseError(f"{where} has schema version {version}, newer than this pbmkit's "
                            f"({SCHEMA_VERSION}); upgrade pbmkit")
    while version < SCHEMA_VERSION:
        script = MIGRATIONS[version]
        db.execute("BEGIN IMMEDIATE")
        try:
            # executescript would commit first; run the statements one by one in the transaction
            for statement in _statements(script):
                db.execute(statement)
            version += 1
            db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return version


def _statements(script: str) -> list[str]:
    """The statements of a migration script (``;`` ends each; scripts hold no ``;`` in text)."""
    return [s.strip() for s in script.split(";") if s.strip()]
