"""The event folder (docs/events.md): ``event.toml`` and one record per game.

:func:`plan_event` pairs the players of a players file and makes the records' texts;
:func:`create_event` writes the folder at once (a temporary folder renamed into place, so a
refused or failed ``event new`` leaves nothing). :func:`load_event` reads the folder back into an
:class:`~pbmkit.events.model.Event`, each game's outcome read from its record (its ``Winner`` tag,
the board) or from the organiser's result in ``event.toml`` (:mod:`pbmkit.events.results`).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import stat
import tempfile
import tomllib
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbmkit.common.files import FileWriteError, atomic_write, folder_lock
from pbmkit.events.errors import EventError
from pbmkit.events.model import Event, EventGame, Player
from pbmkit.events.pairing import PairingError, round_robin, split_tables, table_rotation
from pbmkit.events.tiebreaks import DEFAULT, TieBreakError, parse_tie_breaks

if TYPE_CHECKING:
    from pbmkit.games import AnyGame

__all__ = ["EVENT_FILE", "MAX_FILE_BYTES", "EventError", "EventPlan", "create_event", "event_lock",
           "load_event", "plan_event", "read_event_file", "read_players", "read_text_file", "write_atomic",
           "write_event_file"]

EVENT_FILE = "event.toml"
MAX_FILE_BYTES = 1_000_000
"""A players file or ``event.toml`` longer than this is refused (read no further)."""
MIN_PLAYERS = 3
"""The smallest round robin an event pairs (two players play a match: ``pbmkit new``)."""
DEFAULT_TIME_CONTROL = "10/50"
"""ICCF's usual control, 10 moves in 50 days (docs/desk.md), unless ``--tag TimeControl=...``."""

_EMAIL = re.compile(r"[^@\s<>\"(),;:]+@[^@\s<>\"(),;:]+\.[^@\s<>\"(),;:]+")
_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")
_RESERVED = ("Game", "Round", "Number", "Winner", "Setup")
"""Tags an event writes itself (or a new record never has): not given with ``--tag``."""




# --- players -------------------------------------------------------------------------------------


def _clean(value: Any, what: str, where: str, *, limit: int = 200, lines: bool = False) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise EventError(f"{where}: {what} must be text, not {value!r}")
    text = value.strip()
    bad = [ch for ch in text if unicodedata.category(ch) == "Cc" and not (lines and ch == "\n")]
    if bad or ('"' in text and what == "the name"):
        raise EventError(f"{where}: {what} {json.dumps(text[:60])} holds a control character or "
                         "a quote")
    if len(text) > limit:
        raise EventError(f"{where}: {what} is longer than {limit} characters")
    return text


def _player(row: Mapping[str, Any], where: str) -> Player:
    unknown = sorted(set(row) - {"name", "email", "address", "rating", "born"})
    if unknown:
        raise EventError(f"{where}: unknown field {unknown[0]!r} (a player has name, email, "
                         "address, rating and born)")
    name = _clean(row.get("name"), "the name", where, limit=80)
    if not name:
        raise EventError(f"{where}: a player without a name")
    email = _clean(row.get("email"), "the e-mail address", where, limit=254)
    if not email:
        raise EventError(f"{where}: {name} has no e-mail address")
    if not _EMAIL.fullmatch(email):
        raise EventError(f"{where}: {name}'s e-mail address {email!r} is not an address like "
                         "ann@example.org")
    address = _clean(row.get("address"), "the address", where, limit=400, lines=True)
    rating = row.get("rating")
    if isinstance(rating, str):
        rating = rating.strip() or None
        if rating is not None and not rating.isdigit():
            raise EventError(f"{where}: {name}'s rating {rating!r} is not a whole number")
    if rating is not None and (isinstance(rating, bool) or not isinstance(rating, int | str)
                               or not 0 <= int(rating) <= 4000):
        raise EventError(f"{where}: {name}'s rating must be a whole number from 0 to 4000")
    born = row.get("born")
    if isinstance(born, str):
        born = born.strip() or None
    if born is not None and (isinstance(born, bool) or not str(born).isdigit()
                             or not 1850 <= int(born) <= 2200):
        raise EventError(f"{where}: {name}'s year of birth {born!r} is not a year like 1990")
    return Player(name, email, address, None if rating is None else int(rating),
                  born=None if born is None else int(born))


def read_players(path: str | Path) -> tuple[list[Player], Player | None]:
    """The players of a CSV file (a header row: ``name``, ``email``, optional ``address`` and
    ``rating``) or a TOML file (``[[players]]`` tables with those keys, and an optional
    ``[organiser]`` with ``name``, ``email``, ``address``), in seeding order, and the organiser.

    A player twice (the same name, or the same e-mail address, ignoring case), a missing name or
    address, an unknown field: :class:`EventError` naming the line or entry.
    """
    path = Path(path)
    text = read_text_file(path, "players file")
    if path.suffix.lower() == ".toml":
        players, organiser = _players_toml(text, path.name)
    elif path.suffix.lower() == ".csv":
        players, organiser = _players_csv(text, path.name), None
    else:
        raise EventError(f"{path.name}: a players file is .csv or .toml")
    seen: dict[str, str] = {}
    for p in players:
        for key, what in ((p.name.casefold(), "name"), (p.email.casefold(), "e-mail address")):
            if key in seen:
                raise EventError(f"{path.name}: a player is listed twice: {p.name!r} has the "
                                 f"{what} of {seen[key]!r}")
        seen[p.name.casefold()] = seen[p.email.casefold()] = p.name
    return players, organiser


def read_text_file(path: Path, what: str) -> str:
    """The UTF-8 text of ``path``: a regular file of at most :data:`MAX_FILE_BYTES` bytes (a FIFO
    or a device is refused before a byte is read: opened without waiting for a writer)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise EventError(f"cannot read the {what} {path}: not a regular file")
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise EventError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise EventError(f"{path.name}: the {what} is larger than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise EventError(f"{path.name}: the {what} is not UTF-8 text (byte {exc.start})") from None


def _players_csv(text: str, name: str) -> list[Player]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [h.strip().lower().replace("e-mail", "email") for h in reader.fieldnames or []]
    if "name" not in header or "email" not in header:
        raise EventError(f"{name}: the first line names the columns: name,email (and address, "
                         "rating if given)")
    reader.fieldnames = header
    players = []
    try:
        for row in reader:
            if None in row:
                raise EventError(f"{name}, line {reader.line_num}: more fields than columns")
            if not any((v or "").strip() for v in row.values()):
                continue
            players.append(_player({k: v for k, v in row.items() if v is not None},
                                   f"{name}, line {reader.line_num}"))
    except csv.Error as exc:
        raise EventError(f"{name}, line {reader.line_num}: {exc}") from None
    return players


def _players_toml(text: str, name: str) -> tuple[list[Player], Player | None]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EventError(f"{name}: not TOML: {exc}") from None
    unknown = sorted(set(data) - {"players", "organiser", "organizer"})
    if unknown:
        raise EventError(f"{name}: unknown table {unknown[0]!r} (a players file has [[players]] "
                         "and [organiser])")
    rows = data.get("players")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise EventError(f"{name}: list the players as [[players]] tables")
    players = [_player(r, f"{name}, player {i}") for i, r in enumerate(rows, 1)]
    org = data.get("organiser", data.get("organizer"))
    organiser = None
    if org is not None:
        if not isinstance(org, dict):
            raise EventError(f"{name}: [organiser] is a table (name, email, address)")
        organiser = _organiser(org, f"{name}, [organiser]")
    return players, organiser


def _organiser(row: Mapping[str, Any], where: str) -> Player:
    unknown = sorted(set(row) - {"name", "email", "address"})
    if unknown:
        raise EventError(f"{where}: unknown field {unknown[0]!r} (name, email, address)")
    name = _clean(row.get("name"), "the name", where, limit=80)
    email = _clean(row.get("email"), "the e-mail address", where, limit=254)
    if email and not _EMAIL.fullmatch(email):
        raise EventError(f"{where}: the e-mail address {email!r} is not an address like "
                         "td@example.org")
    return Player(name, email, _clean(row.get("address"), "the address", where, limit=400,
                                      lines=True))


# --- planning the event ------------------------------------------------------------------------


@dataclass(frozen=True)
class EventPlan:
    """An event ready to be written: the :class:`Event` and each record's text by file name."""

    event: Event
    records: dict[str, str]


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:24].strip("-")


def default_title(game: str, players: int, *, double: bool = False, tables: bool = False) -> str:
    """The event's name when no ``Event`` tag gives one: ``Billo round robin (7 players)``,
    ``Billo double round robin (8 players)``, ``Batrakill tables (7 players)``. *Decision*
    (issue 34): not the folder's name, which made letters titled ``rr: your games``."""
    kind = "tables" if tables else "double round robin" if double else "round robin"
    return f"{game} {kind} ({players} players)"


def plan_event(name: str | None, rules: str, players: list[Player], *, double: bool = False,
               tags: Mapping[str, str] | None = None, organiser: Player | None = None,
               date: str = "????-??-??", tie_breaks: str | None = None) -> EventPlan:
    """Pair ``players`` (seeding order) for the game ``rules`` names, configured by the tags
    that choose it among ``tags``; the other ``tags`` (``TimeControl``, ``Site``) go into every
    record. A game that seats tables of several players (the optional protocol
    :class:`~pbmkit.games.base.SeatsTables`) is split into tables, the others paired by the
    Berger tables. The event's name is the ``Event`` tag, else ``name``, else
    :func:`default_title`. ``tie_breaks``: a comma list of tie-break systems and presets
    (:mod:`pbmkit.events.tiebreaks`), the default preset when None; kept in ``event.toml``.
    :class:`EventError` when it cannot be paired."""
    from pbmkit.games import UnknownGameError, get_game
    from pbmkit.games.base import CHOOSING_TAGS, SeatsTables, SetupError
    from pbmkit.records.model import Record
    from pbmkit.records.writer import write_record

    try:
        base = get_game(rules)
    except (UnknownGameError, KeyError) as exc:
        raise EventError(str(exc.args[0] if exc.args else exc)) from None
    given = dict(tags or {})
    for tag, value in given.items():
        if not _TAG_NAME.fullmatch(tag):
            raise EventError(f"{tag!r} is not a tag name (letters, digits, _)")
        if any(unicodedata.category(ch) == "Cc" for ch in value) or len(value) > 200:
            raise EventError(f"{tag}: a tag's value is one line of at most 200 characters")
    choosing = {t: v for t, v in given.items() if t in CHOOSING_TAGS}
    try:
        game = base.configure(choosing)
    except SetupError as exc:
        raise EventError(f"--tag {exc.tag}: {exc}" if getattr(exc, "tag", None) else str(exc)) \
            from None
    reserved = {*_RESERVED, "Event"}
    seats = game if isinstance(game, SeatsTables) else None
    sizes = seats.table_sizes if seats is not None else ()
    seat_tags: dict[int, tuple[tuple[str, ...], Any]] = {}
    for tag in given:
        if tag in _RESERVED or tag in game.side_tags or (tag.endswith("Email") and tag != "Email"):
            raise EventError(f"{tag}: the event writes that tag itself")
    if len(players) < (min(sizes) if sizes else MIN_PLAYERS):
        least = min(sizes) if sizes else MIN_PLAYERS
        raise EventError(f"too few players: {len(players)}; an event of {game.title} needs at "
                         f"least {least}")
    try:
        if sizes:
            if double:
                raise EventError(f"{game.title} is played at tables where every player plays "
                                 "every side once: there is no double round robin (leave out "
                                 "--double)")
            pairings = [g for t, seated in enumerate(split_tables(len(players), sizes), 1)
                        for g in table_rotation(seated, t)]
        else:
            pairings = round_robin(len(players), double=double)
    except PairingError as exc:
        raise EventError(str(exc)) from None
    pairings.sort(key=lambda g: (g.round, g.table))
    width = max(2, len(str(len(pairings))))
    common = {t: v for t, v in given.items() if t not in CHOOSING_TAGS and t not in reserved
              and t not in ("Date", "TimeControl")}
    event_tags = {**choosing, "Date": given.get("Date", date),
                  "TimeControl": given.get("TimeControl", DEFAULT_TIME_CONTROL), **common}
    _check_date_and_control(event_tags["Date"], event_tags["TimeControl"])
    event_name = given.get("Event") or name or default_title(
        game.title, len(players), double=double, tables=bool(sizes))
    games: list[EventGame] = []
    records: dict[str, str] = {}
    for number, pairing in enumerate(pairings, 1):
        seated = [players[p - 1] for p in pairing.players]
        if seats is not None and sizes:
            if len(seated) not in seat_tags:
                side_tags, _alone = seats.seating(len(seated))
                try:
                    table_game = base.configure({**choosing,
                                                 **{t: "?" for t in side_tags}})
                except SetupError as exc:
                    raise EventError(str(exc)) from None
                seat_tags[len(seated)] = (side_tags, table_game)
            side_tags, table_game = seat_tags[len(seated)]
        else:
            side_tags, table_game = game.side_tags, game
        sides = dict(zip(side_tags, (p.name for p in seated), strict=True))
        _check_names(table_game, sides, choosing)
        file = f"{number:0{width}d}-" + "-".join(_slug(p.name) or "player" for p in seated) + ".txt"
        fields: dict[str, str] = {"Event": event_name, "Game": table_game.title, **choosing,
                                  "Round": str(pairing.round), "Number": str(number),
                                  "Date": event_tags["Date"],
                                  "TimeControl": event_tags["TimeControl"], **common, **sides}
        fields.update({f"{t}Email": p.email for t, p in zip(side_tags, seated, strict=True)})
        fields["Winner"] = "*"
        records[file] = write_record(Record(tags=fields))
        games.append(EventGame(number, pairing.round, sides, file, pairing.table))
    try:
        breaks = DEFAULT if tie_breaks is None else parse_tie_breaks(tie_breaks)
    except TieBreakError as exc:
        raise EventError(f"--tie-breaks: {exc}") from None
    event = Event(event_name, game.title, list(players), games, double, organiser, event_tags,
                  breaks)
    return EventPlan(event, records)


def _check_date_and_control(date: str, control: str) -> None:
    """The ``Date`` (``2027-01-10``, ``2027-01-??``) and ``TimeControl`` (``10/50``, ``3``) of
    every record, as the desk reads them (docs/desk.md)."""
    import datetime

    from pbmkit.desk.dates import TimeControl

    m = re.fullmatch(r"(\d{4})-(\d\d|\?\?)-(\d\d|\?\?)", date)
    try:
        if m is None:
            raise ValueError
        y, mo, d = m.groups()
        if "?" not in mo and "?" not in d:
            datetime.date(int(y), int(mo), int(d))
        elif "?" in mo and "?" not in d:
            raise ValueError
    except ValueError:
        raise EventError(f"Date: {date!r} is not a date like 2027-01-10 (or 2027-01-??)") from None
    try:
        TimeControl.parse(control)
    except ValueError as exc:
        raise EventError(f"TimeControl: {exc}") from None


def _check_names(game: AnyGame, sides: Mapping[str, str], choosing: Mapping[str, str]) -> None:
    """Each name reads back as itself from its side tag (a game reading more than the name there,
    Batrakill's ``"Ann, S"``, would read ``"Lee, Jo"`` as Lee in zone JO)."""
    from pbmkit.games.base import NamesPlayers, SetupError

    title = game.title
    try:
        game.configure({**choosing, **sides})
    except SetupError as exc:
        raise EventError(f"the players' names cannot be written as {game.title}'s side tags: "
                         f"{exc}") from None
    if isinstance(game, NamesPlayers):
        for name in sides.values():
            if game.player_name(name) != name:
                raise EventError(f"the name {name!r} reads as {game.player_name(name)!r} in a "
                                 f"{title} record: write it without the comma")


# --- event.toml ----------------------------------------------------------------------------------


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string: JSON's escapes are TOML's
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }" \
            if value else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")  # pragma: no cover - the writer's own data


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def write_event_file(event: Event, results: Mapping[int, Mapping[str, Any]] | None = None) -> str:
    """The text of ``event.toml`` for ``event`` and the organiser's ``results`` by game number
    (:mod:`pbmkit.events.results`)."""
    results = results or {}
    out = ["# A pbmkit event (docs/events.md): written by `pbmkit event new`; `pbmkit event result`",
           "# and `pbmkit event withdraw` change it. The records beside it hold the games.", "",
           "[event]", f"name = {_toml(event.name)}", f"rules = {_toml(event.rules)}",
           f"double = {_toml(event.double)}"]
    if event.tie_breaks:
        out.append(f"tie_breaks = {_toml(list(event.tie_breaks))}")
    out += ["", "[event.tags]"]
    out += [f"{_key(k)} = {_toml(v)}" for k, v in event.tags.items()]
    if event.organiser is not None:
        o = event.organiser
        out += ["", "[organiser]", f"name = {_toml(o.name)}", f"email = {_toml(o.email)}",
                f"address = {_toml(o.address)}"]
    for p in event.players:
        out += ["", "[[players]]", f"name = {_toml(p.name)}", f"email = {_toml(p.email)}"]
        if p.address:
            out.append(f"address = {_toml(p.address)}")
        if p.rating is not None:
            out.append(f"rating = {p.rating}")
        if p.born is not None:
            out.append(f"born = {p.born}")
        if p.withdrawn:
            out.append("withdrawn = true")
    for g in event.games:
        out += ["", "[[games]]", f"number = {g.number}", f"round = {g.round}", f"table = {g.table}",
                f"file = {_toml(g.file)}", f"sides = {_toml(g.sides)}"]
        if g.number in results:
            out.append(f"result = {_toml(results[g.number])}")
    return "\n".join(out) + "\n"


def read_event_file(folder: str | Path) -> tuple[Event, dict[int, dict[str, Any]]]:
    """``event.toml`` of ``folder``: the event (outcomes not read yet) and the organiser's results
    by game number. :class:`EventError` for a folder that is not an event or a file spoiled."""
    folder = Path(folder)
    path = folder / EVENT_FILE
    if not path.is_file():
        raise EventError(f"{folder}: not an event folder (no {EVENT_FILE}; start one with "
                         "pbmkit event new)")
    try:
        data = tomllib.loads(read_text_file(path, EVENT_FILE))
    except tomllib.TOMLDecodeError as exc:
        raise EventError(f"{path}: not TOML: {exc}") from None
    where = str(path)
    try:
        head = data["event"]
        tags = {str(k): str(v) for k, v in head.get("tags", {}).items()}
        org = data.get("organiser")
        organiser = None if org is None else Player(str(org.get("name", "")),
                                                     str(org.get("email", "")),
                                                     str(org.get("address", "")))
        players = [Player(str(p["name"]), str(p.get("email", "")), str(p.get("address", "")),
                          None if p.get("rating") is None else int(p["rating"]),
                          bool(p.get("withdrawn", False)),
                          None if p.get("born") is None else int(p["born"]))
                   for p in data.get("players", [])]
        try:
            breaks = parse_tie_breaks(head["tie_breaks"]) if "tie_breaks" in head else ()
        except TieBreakError as exc:
            raise EventError(f"{where}: tie_breaks: {exc}") from None
        games: list[EventGame] = []
        results: dict[int, dict[str, Any]] = {}
        for g in data.get("games", []):
            number = int(g["number"])
            sides = {str(k): str(v) for k, v in g["sides"].items()}
            file = str(g["file"])
            if Path(file).name != file or file.startswith("."):
                raise EventError(f"{where}: game {number}'s file {file!r} is not a file of the "
                                 "event folder")
            games.append(EventGame(number, int(g["round"]), sides, file, int(g.get("table", 1))))
            if "result" in g:
                results[number] = dict(g["result"])
        event = Event(str(head["name"]), str(head["rules"]), players, games,
                      bool(head.get("double", False)), organiser, tags, breaks)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, EventError):
            raise
        raise EventError(f"{where}: not an event file pbmkit wrote ({type(exc).__name__}: "
                         f"{exc})") from None
    names = {p.name for p in players}
    numbers = [g.number for g in games]
    if len(set(numbers)) != len(numbers):
        raise EventError(f"{where}: a game number twice")
    for g in games:
        stray = [n for n in g.sides.values() if n not in names]
        if stray:
            raise EventError(f"{where}: game {g.number} names {stray[0]!r}, not a player of the "
                             "event")
    return event, results


# --- writing -------------------------------------------------------------------------------------


def create_event(folder: str | Path, plan: EventPlan) -> None:
    """Write the event folder: ``event.toml`` and the records, all at once (a temporary folder
    beside it renamed into place). An existing folder must be empty; nothing is left on failure."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise EventError(f"{folder} exists already and is not an empty folder; choose a new one")
    parent = folder.parent
    if not parent.is_dir():
        raise EventError(f"cannot write {folder}: no folder {parent}")
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name[:60]}.pbmkit-", dir=parent))
    except OSError as exc:
        raise EventError(f"cannot write {folder}: {exc.strerror or exc}; nothing was written") \
            from None
    try:
        for name, text in [*plan.records.items(), (EVENT_FILE, write_event_file(plan.event))]:
            with (tmp / name).open("wb") as fh:  # on the disk before the folder is renamed
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)
        os.replace(tmp, folder)
    except OSError as exc:
        for f in tmp.glob("*"):
            with contextlib.suppress(OSError):
                f.unlink()
        with contextlib.suppress(OSError):
            tmp.rmdir()
        raise EventError(f"cannot write {folder}: {exc.strerror or exc}; nothing was written") \
            from None


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` at once (:func:`pbmkit.common.files.atomic_write`: a temporary file
    beside it, synced, renamed over it, the file's mode kept); an error is one :class:`EventError`
    line and nothing is changed."""
    try:
        atomic_write(path, text)
    except FileWriteError as exc:
        raise EventError(str(exc)) from None


@contextlib.contextmanager
def event_lock(folder: str | Path) -> Iterator[None]:
    """An exclusive lock on the event folder for a read-modify-write of ``event.toml``
    (:func:`pbmkit.common.files.folder_lock`)."""
    try:
        with folder_lock(folder, what=f"the event folder {folder}"):
            yield
    except FileWriteError as exc:
        raise EventError(str(exc)) from None


# --- reading the outcomes ------------------------------------------------------------------------


def load_event(folder: str | Path) -> Event:
    """The event of ``folder`` with every game's outcome: the organiser's result where
    ``event.toml`` has one (:func:`pbmkit.events.results.organiser_outcome`), else the record's
    result (its ``Winner`` tag or the board), else ``None`` (running).

    A record missing, not one game, or edited into another event (its ``Event`` or ``Number`` tag
    no longer this game's) is an :class:`EventError`; a record with errors counts as running.
    """
    from pbmkit.events.results import organiser_outcome, read_record

    folder = Path(folder)
    event, results = read_event_file(folder)
    games = []
    for g in event.games:
        outcome, moves = read_record(folder, event, g)
        if g.number in results:
            outcome = organiser_outcome(event, g, results[g.number], where=f"{folder / EVENT_FILE}")
        games.append(replace(g, outcome=outcome, moves=moves))
    return replace(event, games=games)
