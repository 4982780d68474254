"""The referee under load (issue 27): one ``pbmkit referee run`` over a club of 1,000 players and
3,000 running games with 10,000 messages waiting in its Maildir.

The club is made directly in its database (players, games and their records as the referee's
``start_game`` makes them, the players' keys derived from the club's key): making 3,000 games by
mail would take most of the time and is not what is measured. The mail is what players send: moves
in their games' threads (the first two of each game, carrying the player's key, in the game's
notation), refusals (a move out of turn, an illegal move, a key that is not the player's),
challenges, and noise (help, messages with no command, auto-replies that get no answer). Then one
``pbmkit referee run DIR`` process handles it all and sends the replies to an SMTP server on
127.0.0.1 (aiosmtpd, in this process) that accepts and drops them.

Prints the time of the run, messages per second and per hour (against the historic server's
3,500 requests a day), the replies sent, the run's peak memory (maximum resident set size), its
CPU time (user and system, of the run's process and the processes it started to draw the
pictures: on a busy machine the figure to compare) and the run's own split by phase
(``pbmkit referee run --timings``: CPU/wall seconds reading the inbox, handling the messages,
sending, waiting for the pictures, and the drawing processes' CPU).

    .venv/bin/python bench/referee_load.py [--players 1000 --games 3000 --messages 10000]
                                           [--no-pictures]

It needs the test extras (aiosmtpd): ``make .venv/.installed-test``. The figures are in
docs/referee.md, "Load".
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

from pbmkit.games import get_game
from pbmkit.records import new_record_text
from pbmkit.referee.club import init_club
from pbmkit.referee.db import open_db
from pbmkit.referee.keys import (
    game_key_text,
    game_secret,
    load_club_key,
    player_key_text,
    player_secret,
    secret_hash,
)

DOMAIN = "club.example.org"
REFEREE = f"referee@{DOMAIN}"
GAMES = ["Batalo", "Batu Khan", "Billo", "Hex"]
"""The games of the club's running games (two-sided ones: a challenge names one opponent)."""
HISTORIC_PER_DAY = 3500


class Sink:
    """An SMTP server that takes every message and keeps only their count."""

    def __init__(self) -> None:
        self.count = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.count += 1
        return "250 OK"


def _message(sender: str, to: str, subject: str, body: str, n: int,
             headers: dict[str, str] | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = "Thu, 26 Nov 2026 12:00:00 +0000"
    msg["Message-ID"] = f"<load{n}@{sender.rpartition('@')[2]}>"
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg.as_bytes(policy=SMTP)


def make_club(root: Path, players: int, games: int, rng: random.Random
              ) -> list[tuple[int, str, list[tuple[str, int]]]]:
    """The club at ``root``; its games as (number, game name, [(side, player index)])."""
    init_club(root, name="Load Club", address=REFEREE, organiser=f"orga@{DOMAIN}")
    key = load_club_key(root)
    db = open_db(root / "club.db")
    stamp = datetime.datetime(2026, 11, 26, 12, tzinfo=datetime.UTC).isoformat(timespec="seconds")
    made: list[tuple[int, str, list[tuple[str, int]]]] = []
    db.execute("BEGIN")
    db.executemany("INSERT INTO players (id, address, name, joined) VALUES (?, ?, ?, ?)",
                   [(i + 1, f"p{i}@players.example.net", f"p{i}", stamp) for i in range(players)])
    (root / "games").mkdir(exist_ok=True)
    for number in range(1, games + 1):
        name = GAMES[number % len(GAMES)]
        game = get_game(name)
        seats = rng.sample(range(players), len(game.sides))
        names = {side: f"p{p}" for side, p in zip(game.sides, seats, strict=True)}
        text = new_record_text(game.name, names, number=str(number), date="2026-11-26")
        record = f"{number}-{game.name.lower().replace(' ', '-')}.txt"
        db.execute("INSERT INTO games (number, rules, tags, record, text, digest, state, started, "
                   "turn_since) VALUES (?, ?, '{}', ?, ?, ?, 'running', ?, ?)",
                   (number, game.name, record, text,
                    hashlib.sha256(text.encode("utf-8")).hexdigest(), stamp, stamp))
        for side, p in zip(game.sides, seats, strict=True):
            db.execute("INSERT INTO game_players (game, side, player, secret_hash, generation) "
                       "VALUES (?, ?, ?, ?, 0)",
                       (number, side, p + 1, secret_hash(game_secret(key, number, side, 0))))
        (root / "games" / record).write_text(text, encoding="utf-8")
        made.append((number, game.name, list(zip(game.sides, seats, strict=True))))
    db.execute("COMMIT")
    db.close()
    return made


def _first_moves(name: str, rng: random.Random) -> list[str]:
    """Two legal moves from the start of game ``name``, in its notation."""
    game = get_game(name)
    position = game.initial_position()
    out = []
    for _ in range(2):
        moves = list(game.legal_moves(position))
        move = moves[rng.randrange(len(moves))]
        out.append(game.notation.format(move, position))
        position = game.apply(position, move)
    return out


def make_mail(root: Path, made: list[tuple[int, str, list[tuple[str, int]]]], players: int,
              messages: int, rng: random.Random) -> dict[str, int]:
    """``messages`` messages in the club's Maildir; how many of each kind."""
    key = load_club_key(root)
    new = root / "maildir" / "new"
    kinds = {"move": 0, "refused": 0, "challenge": 0, "noise": 0}
    out: list[tuple[str, bytes]] = []

    def add(kind: str, data: bytes) -> None:
        kinds[kind] += 1
        out.append((kind, data))

    moves_wanted = messages * 6 // 10
    refusals = messages * 15 // 100
    challenges = messages // 10
    n = 0
    plans: dict[str, list[list[str]]] = {}
    for number, name, seats in made:
        if kinds["move"] >= moves_wanted:
            break
        pool = plans.setdefault(name, [_first_moves(name, rng) for _ in range(8)])
        first, second = pool[number % len(pool)]
        for k, text in enumerate((first, second)):
            if kinds["move"] >= moves_wanted:
                break
            side, p = seats[k % 2]
            address = f"p{p}@players.example.net"
            secret = game_secret(key, number, side, 0)
            to = f"referee+{game_key_text(number, secret)}@{DOMAIN}"
            n += 1
            add("move", _message(address, to, f"Re: {name} #{number}", f"Move: {text}\n", n))
    for i in range(refusals):
        number, name, seats = made[rng.randrange(len(made))]
        side, p = seats[1]
        n += 1
        if i % 3 == 0:  # the second player, out of turn (no first move of theirs is legal yet)
            secret = game_secret(key, number, side, 0)
            to = f"referee+{game_key_text(number, secret)}@{DOMAIN}"
            add("refused", _message(f"p{p}@players.example.net", to, f"Re: {name} #{number}",
                                    "Move: zz99\n", n))
        elif i % 3 == 1:  # a move with a key that is not the sender's
            other = (p + 1) % players
            secret = game_secret(key, number, side, 0)
            to = f"referee+{game_key_text(number, secret)}@{DOMAIN}"
            add("refused", _message(f"p{other}@players.example.net", to,
                                    f"Re: {name} #{number}", "Move: a1\n", n))
        else:  # a command on a game that does not exist
            add("refused", _message(f"p{p}@players.example.net", REFEREE, f"show {10 ** 6 + i}",
                                    "", n))
    for _ in range(challenges):
        a, b = rng.sample(range(players), 2)
        n += 1
        own = player_key_text(a + 1, player_secret(key, a + 1, 0))  # a challenge needs it
        add("challenge", _message(f"p{a}@players.example.net", f"referee+{own}@{DOMAIN}",
                                  f"challenge {GAMES[n % len(GAMES)]} p{b}", "", n))
    while len(out) < messages:
        p = rng.randrange(players)
        n += 1
        kind = n % 3
        if kind == 0:
            add("noise", _message(f"p{p}@players.example.net", REFEREE, "help", "", n))
        elif kind == 1:
            add("noise", _message(f"p{p}@players.example.net", REFEREE, "Hello",
                                  "Just saying hello.\n", n))
        else:
            add("noise", _message(f"p{p}@players.example.net", REFEREE, "Out of office",
                                  "I am away.\n", n, {"Auto-Submitted": "auto-replied"}))
    moves = [data for kind, data in out if kind == "move"]
    others = [data for kind, data in out if kind != "move"]
    rng.shuffle(others)
    merged: list[bytes] = []
    while moves or others:  # the others anywhere; a game's moves in the order they were made
        pick = rng.randrange(len(moves) + len(others)) < len(moves)
        merged.append((moves if pick else others).pop(0))
    for i, data in enumerate(merged):
        (new / f"{1_800_000_000 + i:012d}.M{i}.load").write_bytes(data)
    return kinds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--messages", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--keep", help="make the club in this folder and keep it")
    parser.add_argument("--no-pictures", action="store_true",
                        help="the club's pictures = false: moves' mail without the board PNG")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="pbmkit-load-"))
    root = base / "club"
    try:
        started = time.monotonic()
        made = make_club(root, args.players, args.games, rng)
        kinds = make_mail(root, made, args.players, args.messages, rng)
        print(f"club: {args.players:,} players, {len(made):,} running games "
              f"({', '.join(GAMES)}); mail: {sum(kinds.values()):,} messages "
              f"({json.dumps(kinds)}); made in {time.monotonic() - started:.1f} s")
        sink = Sink()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        controller = Controller(sink, hostname="127.0.0.1", port=port)
        controller.start()
        try:
            toml = (root / "club.toml").read_text()
            toml = toml.replace("host = \"localhost\"\nport = 25", f"host = \"127.0.0.1\"\nport = {port}")
            if args.no_pictures:
                toml = toml.replace("pictures = true", "pictures = false")
            (root / "club.toml").write_text(toml)
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            before = usage.ru_maxrss
            cpu_before = usage.ru_utime + usage.ru_stime
            started = time.monotonic()
            done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "run", str(root),
                                   "--timings"], capture_output=True, text=True)
            took = time.monotonic() - started
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            peak = usage.ru_maxrss
            cpu = usage.ru_utime + usage.ru_stime - cpu_before
        finally:
            controller.stop()
        if done.returncode != 0:
            print(done.stdout, done.stderr, file=sys.stderr)
            return 1
        rate = args.messages / took
        print(f"run: {done.stdout.strip()}")
        print(f"run's {done.stderr.strip()}")
        print(f"referee run: {took:.1f} s for {args.messages:,} messages = {rate:.0f} messages/s "
              f"= {rate * 3600:,.0f} an hour ({rate * 86400 / HISTORIC_PER_DAY:,.0f} times the "
              f"historic server's {HISTORIC_PER_DAY:,} requests a day); {sink.count:,} replies "
              f"sent; peak memory {max(peak, before) / 1024:.0f} MB")
        print(f"CPU (user + system, the run and its drawing processes): {cpu:.1f} s = "
              f"{cpu / args.messages * 1000:.1f} ms a message")
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
