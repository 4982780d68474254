"""The board pictures of the referee's outbox, drawn when the messages are sent.

A pass over the outbox (:func:`pbmkit.referee.outgoing.send_due`) needs one PNG a move (every
player of the game gets the same picture). :class:`Painter` draws them ahead of the sending: in a
pool of ``os.cpu_count()`` processes when a pass has :data:`POOL_FROM` pictures or more (the
sending process, mostly waiting on the SMTP server, keeps the pool fed and sends what is drawn),
else in the process itself. A worker draws from the record's text alone; it holds no file of the
run (the pool's processes are spawned, not forked: the club's lock is not theirs) and ends by
itself within a second when the run that started it dies (a SIGKILL, docs/referee.md, "The
database and crash safety"): the next run draws again whatever was not sent.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

__all__ = ["POOL_FROM", "Painter", "draw_record"]

POOL_FROM = 64
"""The pictures a pass must need before they are drawn in a pool of processes: starting a
worker costs about 0.4 s of CPU (its imports), a board 4 to 40 ms; a cron run's few pictures are
drawn in the run itself."""

BOARD_WIDTH = 960
"""The board picture's width in pixels (shown at 480 CSS pixels: sharp on phones)."""

Slot = tuple[int, int]
"""(game, plies): the board of game ``game`` after its first ``plies`` main-line moves."""


def draw_record(text: str, record: str, plies: int) -> bytes | None:
    """The PNG of the board of the record ``text`` (file name ``record``) after ``plies``
    main-line moves; None if there is no such move."""
    from pbmkit.records.replay import check_text
    from pbmkit.render.png import board_png

    replays = check_text(text, record)
    if len(replays) != 1 or replays[0].game is None or plies > len(replays[0].main):
        return None
    rep = replays[0]
    game = rep.game
    assert game is not None
    players = [rep.record.tags.get(t, "") for t in game.side_tags]
    if plies == 0:
        return board_png(game, rep.start if rep.start is not None else rep.final,
                         players=players, width_px=BOARD_WIDTH)
    ply = rep.main[plies - 1]
    return board_png(game, ply.after, last_move=ply.move, players=players, width_px=BOARD_WIDTH)


def _watch_parent(parent: int) -> None:
    """In a worker: end it (at once, without cleaning up) when the run that started it is gone."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class Painter:
    """Draws the pictures a pass over the outbox needs, in the order it needs them, at most
    ``ahead`` pictures ahead of the sending (memory stays bounded however long the outbox)."""

    def __init__(self, db: sqlite3.Connection, slots: Iterable[Slot], *,
                 workers: int | None = None) -> None:
        self.db = db
        self.order: list[Slot] = list(dict.fromkeys(slots))
        self.index = {slot: i for i, slot in enumerate(self.order)}
        count = (os.cpu_count() or 1) if workers is None else workers
        self.pool: ProcessPoolExecutor | None = None
        self.used_pool = False
        if count > 1 and len(self.order) >= POOL_FROM:
            import multiprocessing

            self.used_pool = True
            self.pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_watch_parent, initargs=(os.getpid(),))
        self.ahead = 3 * count
        self._next = 0
        self._pending: dict[Slot, Future[bytes | None]] = {}
        self._done: dict[Slot, bytes | None] = {}
        self.failed: dict[Slot, str] = {}
        """The pictures that could not be drawn, and why: their messages go without them."""

    def _job(self, slot: Slot) -> tuple[str, str, int] | None:
        from pbmkit.referee.queries import record_text

        found = record_text(self.db, slot[0])
        return None if found is None else (found[1], found[0], slot[1])

    def _feed(self) -> None:
        while self.pool is not None and self._next < len(self.order) \
                and len(self._pending) < self.ahead:
            slot = self.order[self._next]
            self._next += 1
            job = self._job(slot)
            if job is None:
                self._done[slot] = None
                continue
            try:
                self._pending[slot] = self.pool.submit(draw_record, *job)
            except (BrokenProcessPool, RuntimeError, OSError):  # no process could be started
                self._broken()
                return

    def _broken(self) -> None:
        """A worker died (out of memory?), or none could start: draw the rest here."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = None
        self._pending.clear()

    def picture(self, slot: Slot) -> bytes | None:
        """The PNG of ``slot`` (None if there is no such game or move); the pictures before it
        in the pass's order are let go."""
        here = self.index.get(slot)
        if here is not None:
            for old in [s for s in self._done if self.index.get(s, here) < here - self.ahead]:
                del self._done[old]
        self._feed()
        if slot in self._done:
            return self._done[slot]
        future = self._pending.pop(slot, None)
        png: bytes | None
        if future is not None:
            try:
                png = future.result()
            except BrokenProcessPool:
                self._broken()
                png = self._here(slot)
            except Exception as exc:  # the drawing failed in the worker: this picture only
                self._fail(slot, exc)
                png = None
        else:
            png = self._here(slot)
        self._done[slot] = png
        self._feed()
        return png

    def _here(self, slot: Slot) -> bytes | None:
        job = self._job(slot)
        try:
            return None if job is None else draw_record(*job)
        except Exception as exc:  # one picture that cannot be drawn never stops the sending
            self._fail(slot, exc)
            return None

    def _fail(self, slot: Slot, exc: Exception) -> None:
        self.failed[slot] = f"{type(exc).__name__}: {exc}"[:300]
        return None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
