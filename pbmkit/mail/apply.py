"""Reading a mailed move into its record: find the game, check the sender, the number, the move.

:class:`GameFolder` holds the records of a folder in memory; :meth:`GameFolder.take` judges one
message and, when its move applies, gives the record's new text (the caller writes it). A
message is applied to nothing unless every check passes (docs/mail.md):

* the game: a record whose mail thread it answers (In-Reply-To, References), else the game and
  number its subject names (``Re: Batalo #3, 12. IR to HS``), else the one game where it is the
  sender's turn;
* the sender: the one From mailbox (read from the raw header, :mod:`pbmkit.mail.trust`) is the
  address recorded for the side to move (``BlackEmail``), compared as an address; when an
  ``authserv_id`` is set, your own server's Authentication-Results say it is authenticated;
* the move: the body's ``Move:`` line, else its first line that reads as a move; its number,
  when written (``12...``), must be the next turn's; the rules must allow it;
* not applied already: its Message-ID is not in the record (``[%ccmailrcv ID]``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pbmkit.desk.actions import replay_end
from pbmkit.desk.dates import annotation_text, desk_report, format_date, parse_date
from pbmkit.desk.moving import split_number, wrong_number
from pbmkit.games import game_key, get_game
from pbmkit.games.base import AnyGame, side_possessive
from pbmkit.games.notation import MoveSyntaxError
from pbmkit.mail.compose import addresses, email_tag, mail_annotation, mail_ids, stored_id
from pbmkit.mail.keys import KeyRing
from pbmkit.mail.sources import Incoming, automatic, body_lines
from pbmkit.mail.trust import authentication, same_address
from pbmkit.records import append_move, check_text
from pbmkit.records.edit import set_tag
from pbmkit.records.replay import GameReplay

__all__ = ["GameFolder", "Outcome", "Record"]

_PREFIX = re.compile(r"(?:(?:re|fwd?|aw|wg|sv|antw|vs|tr)\s*(?:\[\d{1,3}\])?\s*:\s*)+", re.IGNORECASE)
_SUBJECT = re.compile(r"([^#,:]{1,60}?)\s*#\s*([A-Za-z0-9_.\-]{1,20})")
_MOVE_LINE = re.compile(r"move\s*:\s*(.{1,200})", re.IGNORECASE)
_RECEIVED = re.compile(r"received\s*:\s*(\d{4}[.\-/]\d\d[.\-/]\d\d)", re.IGNORECASE)
_MAX_CANDIDATE = 80


@dataclass(slots=True)
class Record:
    """One record file of the folder, as last read or changed in memory."""

    path: str
    text: str
    replay: GameReplay
    original: str
    """The text as read from the file (a write checks the file still holds it)."""

    @property
    def title(self) -> str:
        game = self.replay.game
        number = self.replay.record.tags.get("Number", "").strip()
        head = game.title if game is not None else "?"
        return head + (f" #{number}" if number else "")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one message: ``applied``, ``skipped`` (applied already), ``refused``
    (a game message that cannot be applied), ``ignored`` (no game message), ``unreadable``."""

    status: str
    where: str
    text: str
    record: Record | None = None
    move: str = ""


class GameFolder:
    """The one-game records of a folder, by game and by player address."""

    def __init__(self, files: Sequence[tuple[str, str]], authserv_id: str | None = None) -> None:
        """``files``: (path, text) of every record file; files that do not hold exactly one game
        that replays without errors are left out (:attr:`skipped` says why). ``authserv_id``:
        your own receiving server's (mail.toml ``[read]``); when given, a move is applied only
        when that server's Authentication-Results authenticate the sender."""
        self.authserv_id = authserv_id
        self.keys = KeyRing()
        """The game keys (docs/mail.md, "Game keys"); the command line loads the player's."""
        self.records: list[Record] = []
        self.skipped: list[tuple[str, str]] = []
        for path, text in files:
            replays = check_text(text, path)
            if len(replays) != 1:
                self.skipped.append((path, f"{len(replays)} games in the file; mail read works on "
                                           "files of one game"))
                continue
            rep = replays[0]
            if rep.game is None or not rep.valid:
                self.skipped.append((path, "the record has errors (pbmkit check)"))
                continue
            self.records.append(Record(path, text, rep, text))

    def _players(self, rec: Record) -> dict[str, str]:
        try:
            return {side: a.addr_spec for side, a in addresses(rec.replay).items()}
        except ValueError:
            return {}

    def _plays(self, rec: Record, sender: str | None) -> bool:
        return any(same_address(sender, a) for a in self._players(rec).values())

    def _find(self, msg: Incoming) -> tuple[list[Record], str | None, str | None]:
        """The records the message may be for, the game its subject names (if any), and why the
        message is refused when its thread and its subject name different games."""
        refs = {stored_id(f"<{r}>") for r in msg.refers_to}
        by_thread = [r for r in self.records if refs & mail_ids(r.replay.record)]
        subject = _PREFIX.sub("", msg.subject).strip()
        m = _SUBJECT.match(subject)
        named: list[Record] | None = None
        name = None
        if m is not None:
            key, number = game_key(m.group(1)), m.group(2)
            name = f"{m.group(1).strip()} #{number}"
            named = [r for r in self.records if r.replay.game is not None
                     and key in (game_key(r.replay.game.title), game_key(r.replay.game.name))
                     and r.replay.record.tags.get("Number", "").strip() == number]
        if by_thread:
            if named is not None and not set(map(id, by_thread)) & set(map(id, named)) \
                    and (named or _is_game(m.group(1) if m else "")):
                return by_thread, name, (f"the mail answers {by_thread[0].title} (its thread) "
                                         f"but its subject names {name}")
            return by_thread, None, None
        if named is not None:
            return named, name, None
        mine = [r for r in self.records if self._plays(r, msg.sender)]
        turn = [r for r in mine if replay_end(r.replay) is None
                and same_address(self._players(r).get(r.replay.next_turn()[1]), msg.sender)]
        return (turn or mine), None, None

    def take(self, msg: Incoming, today: datetime.date) -> Outcome:
        """Judge ``msg``; when its move applies, the record's new text is kept in memory (the
        outcome's ``record``) for the next messages, and the caller writes it."""
        machine = automatic(msg.message)
        if machine is not None:  # an opponent's vacation responder quoting your move, a bounce
            return Outcome("ignored", msg.where, f"an automatic message ({machine}), never a "
                           f"move (from {msg.sender})")
        found, named, conflict = self._find(msg)
        if conflict is not None:
            return Outcome("refused", msg.where, f"{conflict}: which game is it? nothing applied "
                           f"(from {msg.sender})", found[0])
        if not found:
            if named is not None:
                return Outcome("refused", msg.where, f"no record of {named} here (the subject "
                               f"names it; from {msg.sender})")
            return Outcome("ignored", msg.where, f"not a move of a game here (from {msg.sender}: "
                           f"{msg.subject[:60]!r})")
        if msg.message_id is not None:
            done = [r for r in found if stored_id(msg.message_id) in mail_ids(r.replay.record)]
            if done:
                return Outcome("skipped", msg.where, f"{done[0].title}: in the record already "
                               f"({msg.message_id[:80]})", done[0])
        if len(found) > 1:
            senders = [r for r in found if self._plays(r, msg.sender)]
            found = senders or found
        if len(found) > 1:
            names = ", ".join(r.path for r in found[:4])
            return Outcome("refused", msg.where, f"the message fits {len(found)} games ({names}); "
                           "give each game its own Number")
        return self._apply(msg, found[0], today)

    def _apply(self, msg: Incoming, rec: Record, today: datetime.date) -> Outcome:
        rep = rec.replay
        game = rep.game
        assert game is not None
        title = rec.title
        ended = replay_end(rep)
        if ended is not None:
            return Outcome("refused", msg.where, f"{title}: the game is over ({ended}); nothing "
                           "applied", rec)
        side = rep.next_turn()[1]
        label = rep.next_label()  # "2:5" in a second round, as the mail we sent wrote it
        players = self._players(rec)
        tag = email_tag(dict(zip(game.sides, game.side_tags, strict=True))[side])
        if side not in players:
            return Outcome("refused", msg.where, f"{title}: no {tag} tag, so mail from "
                           f"{msg.sender} cannot be told to be the opponent's; add the tag", rec)
        if not same_address(players[side], msg.sender):
            who = [s for s, a in players.items() if same_address(a, msg.sender)]
            why = (f"it is {side_possessive(game, side)} turn, and {msg.sender} plays "
                   f"{who[0].capitalize()}"
                   if who else f"{msg.sender} is not the opponent recorded ({tag}: {players[side]})")
            return Outcome("refused", msg.where, f"{title}: {why}; nothing applied", rec)
        if self.authserv_id is not None and msg.sender is not None:
            unproven = authentication(msg.authentication_results, self.authserv_id, msg.sender)
            if unproven is not None:
                return Outcome("refused", msg.where, f"{title}: the sender is not authenticated: "
                               f"{unproven}; nothing applied", rec)
        try:
            lines = body_lines(msg.message)
        except ValueError as exc:
            return Outcome("refused", msg.where, f"{title}: {exc}; nothing applied", rec)
        found = _find_move(lines, game, rep.final)
        if found is None:
            return Outcome("refused", msg.where, f"{title}: no move found in the message (write "
                           f"it on a line of its own, like 'Move: {label}. "
                           f"{game.notation.example}'); nothing applied", rec)
        number, written, move, error = found
        shown = f"{number}. {written}" if number else written
        wrong = wrong_number(number, rep, shown)
        if wrong is not None:
            return Outcome("refused", msg.where, f"{title}: {wrong}; nothing applied", rec)
        reason = error if move is None else game.check_move(rep.final, move)
        if reason is not None:
            return Outcome("refused", msg.where, f"{title}: illegal move {shown!r} for "
                           f"{side.capitalize()} at {label}: {reason}; nothing applied", rec)
        saved = self.keys.checkpoint()
        unproven = self.keys.verify(msg.message, rep, label, side, game.notation.format(move, rep.final))
        if unproven is not None:
            return Outcome("refused", msg.where, f"{title}: {unproven}; nothing applied", rec)
        outcome = self._write(msg, rec, move, lines, today, label, side)
        if outcome.status != "applied":  # a key is adopted, a turn noted, only with the move
            self.keys.restore(saved)
        return outcome

    def _write(self, msg: Incoming, rec: Record, move: Any, lines: list[str],
               today: datetime.date, label: str, side: str) -> Outcome:
        rep = rec.replay
        game = rep.game
        assert game is not None
        arrived = _local_day(msg.received) or today
        arrived = min(arrived, today)  # never later than today, whatever a header says
        sent = _local_day(msg.sent)
        if sent is not None and sent > arrived:
            sent = arrived  # the sender's Date is a claim: a clock ahead, or a lie
        last_sent = desk_report(rep.record, rep.order or game.order).last_sent
        if sent is not None and last_sent is not None and sent < last_sent:
            return Outcome("refused", msg.where, f"{rec.title}: sent {format_date(sent)}, before "
                           f"the last move was sent ({format_date(last_sent)}): an old message? "
                           "nothing applied", rec)
        if last_sent is not None and arrived < last_sent:
            return Outcome("refused", msg.where, f"{rec.title}: arrived {format_date(arrived)}, "
                           f"before the last move was sent ({format_date(last_sent)}): an old "
                           "message, or a Received header that is not your server's? nothing "
                           "applied", rec)
        received = _received(lines, last_sent, sent)
        note = annotation_text(received=received, sent=sent, arrived=arrived)
        if msg.message_id is not None:
            note = f"{note} {mail_annotation(msg.message_id, incoming=True)}".strip()
        position = rep.final
        after = game.apply(position, move)
        said = [a.word for a in game.announce(after)]
        canonical = game.notation.format(move, position)
        new_text = append_move(rec.text, rep, move, announcements=said, comment=note)
        replays = check_text(new_text, rec.path)
        if (len(replays) != 1 or not replays[0].valid
                or [(p.label, p.side, p.text) for p in replays[0].main]
                != [*((p.label, p.side, p.text) for p in rep.main), (label, side, canonical)]):
            return Outcome("refused", msg.where, f"{rec.title}: the move could not be appended "
                           "safely (the record read back differs); nothing applied", rec)
        over = game.outcome(after)
        ended = ""
        if over is not None:  # as pbmkit move does: the Winner tag follows the result
            new_text = set_tag(new_text, replays[0].record, "Winner", over.winner.capitalize())
            replays = check_text(new_text, rec.path)
            if len(replays) != 1 or not replays[0].valid:
                return Outcome("refused", msg.where, f"{rec.title}: the Winner tag could not be "
                               "set safely; nothing applied", rec)
            ended = "; the game is over: " + ("drawn" if over.winner == "draw"
                                              else f"{over.winner.capitalize()} wins")
        rec.text, rec.replay = new_text, replays[0]
        return Outcome("applied", msg.where, f"{rec.title}: {label}. {side.capitalize()} "
                       f"{' '.join((canonical, *said))} from {msg.sender}{ended}", rec,
                       f"{label}. {canonical}")


def _is_game(name: str) -> bool:
    """Whether ``name`` is a registered game's (``Batalo``, ``Batu Khan``)."""
    try:
        get_game(name)
    except (KeyError, ValueError):
        return False
    return True


def _local_day(moment: datetime.datetime | None) -> datetime.date | None:
    """The local date of ``moment``; None for none, or one a time zone cannot hold."""
    if moment is None:
        return None
    try:
        return moment.astimezone().date()
    except (OverflowError, ValueError, OSError):
        return None


def _received(lines: list[str], last_sent: datetime.date | None,
              sent: datetime.date | None) -> datetime.date | None:
    """The date the opponent says they received the move they answer (``Received: DATE``,
    as pbmkit's mails write it), when it is possible."""
    for line in lines[:40]:
        m = _RECEIVED.match(line)
        if m is not None:
            day = parse_date(m.group(1))
            if day is not None and (last_sent is None or day >= last_sent) \
                    and (sent is None or day <= sent):
                return day
            return None
    return None


def _strip_words(text: str, game: AnyGame) -> str:
    words = text.split()
    known = {w.lower() for w in game.announcement_words}
    while words and words[-1].lower().strip("!.") in known:
        words.pop()
    return " ".join(words).rstrip(".!")


def _find_move(lines: list[str], game: AnyGame, position: Any
               ) -> tuple[str | None, str, Any, str | None] | None:
    """(number, move as written, move or None, why it cannot be read) of the message's move:
    its ``Move:`` line, else the first short line that reads as a move."""
    tagged = [m.group(1) for line in lines if (m := _MOVE_LINE.match(line))]
    candidates = tagged[:1] or [line for line in lines if 0 < len(line) <= _MAX_CANDIDATE]
    for text in candidates:
        number, rest = split_number(text)
        rest = _strip_words(rest, game)
        if not rest:
            continue
        try:
            return number, rest, game.notation.read(rest, position), None
        except MoveSyntaxError as exc:
            if tagged:
                return number, rest, None, str(exc)
            continue
        except ValueError as exc:  # read, but not a move here (ambiguous, no such piece)
            return number, rest, None, str(exc)
    return None
