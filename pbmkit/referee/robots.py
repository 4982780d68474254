"""The club's robot players (``[robots]`` in club.toml; docs/referee.md, "Robots").

A robot is a player of the club (a row of ``players``, its address ``NAME@robots.invalid``, to
which nothing is ever sent: :func:`pbmkit.referee.outgoing.queue`) enrolled by the first run that
reads it in club.toml. Players challenge it by mail like anyone; it accepts at once a challenge to
a game it plays (``commands/challenges.py``). After the inbox, a run plays the robots' moves
(:func:`play_robots`): in every running game where a robot is to move, at most one move a game,
the games waiting longest first, each searched by the engine (:mod:`pbmkit.engine`) for the
robot's ``seconds`` and played through the path of every mailed move
(:func:`pbmkit.referee.commands.games.play_for`: the record, the players' mail, their
conditional replies) in one transaction, as a message is: a run killed before the commit leaves
nothing of it (the next run makes the move), a run killed after it leaves the move made (the next
run finds the human to move). So a robot's move is made exactly once.

The CPU budget: a move is begun only while the CPU seconds the run's robot moves have taken leave
at least the robot's whole ``seconds`` in ``[robots] budget`` (a search is bounded by that wall
time, so it takes no more CPU than that): the run's robot moves take at most the budget, each at
its full strength; the games left wait for the next run.
"""

from __future__ import annotations

import datetime
import sqlite3
import time
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from pbmkit.common.files import atomic_write
from pbmkit.games.base import AnyGame
from pbmkit.mail.sources import Incoming
from pbmkit.referee import queries
from pbmkit.referee.club import ROBOT_DOMAIN, Club, Robot
from pbmkit.referee.context import Context, queue_all

__all__ = ["RobotReport", "enrol_robots", "play_robots"]


@dataclass
class RobotReport:
    """What the robots did in one run."""

    moves: int = 0
    seconds: float = 0.0
    """CPU seconds their searches took."""
    waiting: int = 0
    """Games left for the next run (the budget spent)."""
    problems: list[str] = field(default_factory=list)


def enrol_robots(db: sqlite3.Connection, club: Club, now: datetime.datetime) -> list[str]:
    """Make a player of every robot of club.toml that is not one yet; a line for each robot whose
    name a person's player holds (that robot plays nowhere)."""
    problems = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for robot in club.robots.players:
            row = queries.player_by_name(db, robot.name)
            if row is None:
                queries.add_player(db, robot.address, robot.name,
                                   now.isoformat(timespec="seconds"))
            elif row.address != robot.address:
                problems.append(f"robots: {robot.name} is the name of a player of the club; "
                                "that robot is not enrolled (rename it in club.toml)")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return problems


def robot_to_move(db: sqlite3.Connection) -> list[tuple[int, str, str]]:
    """The running games with a robot among their players, the longest waiting first: (game,
    side, robot's name) of each robot seat."""
    return [(int(r[0]), str(r[1]), str(r[2])) for r in db.execute(
        "SELECT g.number, gp.side, p.name FROM games g JOIN game_players gp ON gp.game = g.number "
        "JOIN players p ON p.id = gp.player WHERE g.state = 'running' AND p.address LIKE ? "
        "ORDER BY g.turn_since, g.number", ("%@" + ROBOT_DOMAIN,))]


def play_robots(db: sqlite3.Connection, club: Club, club_key: bytes,
                now: datetime.datetime) -> RobotReport:
    """Play the robots' moves of this run (at most one a game, within ``[robots] budget``)."""
    from pbmkit.referee.commands.registry import COMMANDS

    report = RobotReport()
    budget = club.robots.budget
    seen: set[int] = set()
    for number, side, name in robot_to_move(db):
        robot = club.robots.named(name)
        if robot is None or number in seen:
            continue
        db.execute("BEGIN IMMEDIATE")
        ctx: Context | None = None
        try:
            player = queries.player_by_name(db, name)
            assert player is not None
            inc = Incoming(f"robot {name}", EmailMessage(), None, player.address, "", None, None)
            ctx = Context(db, club, club_key, inc, player.address, player, "move", [], [], [],
                          now, COMMANDS)
            rep = ctx.replay(number)
            if rep.game is None or rep.winner is not None or rep.next_turn()[1] != side:
                db.execute("ROLLBACK")
                continue
            seen.add(number)
            if budget - report.seconds < robot.seconds:
                report.waiting += 1
                db.execute("ROLLBACK")
                continue
            text, took = _search(robot, rep.game, rep.final, number, len(rep.main))
            report.seconds += took
            from pbmkit.referee.commands.games import play_for

            play_for(ctx, number, rep, text)
            queue_all(ctx)
            for game, record in ctx.records.items():  # the files, then the commit (reconcile)
                atomic_write(club.games_dir / queries.game_record(db, game),
                             record.encode("utf-8"), sync=False)
            db.execute("COMMIT")
            report.moves += 1
        except Exception as exc:  # a fault: this game's move waits; the others go on
            if db.in_transaction:
                db.execute("ROLLBACK")
            if ctx is not None and ctx.records:
                from pbmkit.referee.handling import reconcile

                reconcile(db, club, list(ctx.records))
            from pbmkit.referee.handling import disk_full

            if disk_full(exc):
                raise
            report.problems.append(f"robots: game {number}: {name} could not move "
                                   f"({type(exc).__name__}: {str(exc)[:160]})")
    return report


def _search(robot: Robot, game: AnyGame, position: Any, number: int,
            plies: int) -> tuple[str, float]:
    """The robot's move in ``position`` as the game's notation writes it, and the CPU seconds
    the search took (seeded by the game and the ply)."""
    from pbmkit.engine import Engine, Limits

    started = time.process_time()
    found = Engine(game, seed=number * 1000 + plies).search(position, Limits(seconds=robot.seconds))
    took = time.process_time() - started
    return game.notation.format(found.move, position), took
