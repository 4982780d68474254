"""Finished games as the ratings read them: players, places, result, date and event of each record.

A record is read, not replayed (as ``pbmkit status`` reads it): its result is the one written,
the main line's ending (``resigns``: the side to move gives up; ``draw agreed``) or else the
``Winner`` tag that ``pbmkit move``, ``resign`` and ``draw`` set. Checking the moves is ``pbmkit
check``'s job (docs/events.md, "Ratings"). A game still going (no ending, ``Winner "*"`` or none)
is not a finished game and is left out without a word, and so is a forfeit (a ``Termination`` tag
saying so); a record the ratings cannot use (an unknown game, a side without a player, a winner
the game does not have) is a :class:`Skipped` with the reason.

This module knows no game: places, tags and names come from the game the record's tags configure
(``order``, ``sides``, ``side_tags``, the optional ``player_name``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, cast

from pbmkit.desk.dates import next_turn
from pbmkit.games import AnyGame, SetupError, UnknownGameError, default_game_name, get_game
from pbmkit.games.base import NamesPlayers
from pbmkit.records.model import Record, canonical_tag_name
from pbmkit.records.reader import chunk_spans, parse_chunk

__all__ = [
    "RECORD_SUFFIXES",
    "FinishedGame",
    "Place",
    "ReadProblem",
    "Skipped",
    "finished_from_tags",
    "finished_games",
    "read_paths",
    "record_files",
]

RECORD_SUFFIXES = (".txt", ".pbm", ".pgn")
"""The files a folder is searched for (as ``pbmkit status`` searches); a file named is read
whatever its name."""


@dataclass(frozen=True, slots=True)
class Place:
    """One player's place in a game: the side (``white``, ``dragon``, ``blue+green``), the player's
    name and e-mail address as the record's tags write them (the e-mail ``""`` when there is
    none), and the points the place scored (1 a win, 0.5 a draw, 0 a loss)."""

    side: str
    name: str
    email: str
    score: float


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the ratings use it.

    ``places`` are in the game's order of play (the first moves first); ``rules`` is the game's
    registry name (``batalo``), ``title`` its name for people (``Baladãna``); ``date`` the
    ``Date`` tag as written (``""`` when there is none); ``event`` the ``Event`` tag.
    """

    rules: str
    title: str
    places: tuple[Place, ...]
    date: str
    event: str
    source: str
    index: int
    """The game's number in its file, from 1."""
    order_key: tuple[Any, ...]
    """What orders the games: the date, then the record itself (its tags and result), so that the
    same games in any order of files, or under other file names, give the same list."""

    @property
    def winners(self) -> tuple[str, ...]:
        """The sides that scored most (all of them for a draw)."""
        best = max(p.score for p in self.places)
        return tuple(p.side for p in self.places if p.score == best)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A finished-looking record the ratings cannot use, and why (one line)."""

    source: str
    index: int
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: game {self.index} not rated: {self.reason}"


@dataclass(frozen=True, slots=True)
class ReadProblem:
    """A path that could not be read (missing, not a file, not UTF-8): one line."""

    message: str

    def __str__(self) -> str:
        return self.message


def sort_date(text: str) -> str:
    """A ``Date`` tag as a sortable key: ``1994.05.??`` and ``1994-05-??`` -> ``1994-05-00``;
    anything that is not a date sorts first (``""``)."""
    text = text.strip()
    if len(text) != 10 or text[4] not in ".-/" or text[7] != text[4]:
        return ""
    parts = text[:4], text[5:7], text[8:]
    out = []
    for part in parts:
        part = part.replace("?", "0")
        if not part.isdigit():
            return ""
        out.append(part)
    return "-".join(out)


class _Written:
    """What a record says of its result: its tags, the main line's ending (``None``, ``"resigns"``,
    ``"concedes"``, ``"draw agreed"``) and, for a resignation, who gave up (the side to move,
    from the record's turns)."""

    __slots__ = ("ending", "record", "tags")

    def __init__(self, tags: dict[str, str], ending: str | None, record: Record | None) -> None:
        self.tags = tags
        self.ending = ending
        self.record = record

    def giver(self, order: tuple[str, ...]) -> str:
        assert self.record is not None  # an ending is only read from a whole record
        return next_turn(self.record, order)[1]


def _result(written: _Written, game: AnyGame) -> dict[str, float] | str | None:
    """Points per place of the game's order, a reason the result cannot be used, or None for a
    game still going."""
    order = tuple(game.order)
    ending = written.ending
    winner: str | None = None
    tag = written.tags.get("Winner", "").strip().lower()
    if ending == "draw agreed":
        winner = "draw"
    elif ending is not None:  # resigns, concedes: the side to move gives up
        giver = written.giver(order)
        others = [s for s in order if s != giver]
        if len(others) == 1:
            winner = others[0]
        elif tag in ("", "*"):
            return "resigned with several opponents left: the Winner tag must name the winner"
        else:
            winner = tag
    elif tag not in ("", "*"):
        winner = tag
    if winner is None:
        return None
    if winner == "draw":
        return dict.fromkeys(order, 0.5)
    places = [s for s in order if s == winner or winner in s.split("+")]
    if not places:
        names = ", ".join(s.capitalize() for s in order)
        return f"the Winner tag says {written.tags.get('Winner', '').strip()}, not a side of this " \
               f"game ({names} or Draw)"
    return {s: (1.0 if s in places else 0.0) for s in order}


def _game_of(tags: dict[str, str]) -> AnyGame | str:
    try:
        return get_game(tags.get("Game", "").strip() or default_game_name()).configure(tags)
    except UnknownGameError as exc:
        return str(exc.args[0]) if exc.args else "unknown game"
    except SetupError as exc:
        return str(exc)


def finished_game(record: Record, index: int) -> FinishedGame | Skipped | None:
    """The finished game of ``record`` (the ``index``-th of its file), a :class:`Skipped` with the
    reason, or None for a game still going."""
    ending = record.ending
    return _finished(_Written(record.tags, ending.kind if ending is not None else None, record),
                     record.source, index, record.line)


def finished_from_tags(tags: dict[str, str], scores: dict[str, float], *, source: str = "<event>",
                       index: int = 1, line: int = 0) -> FinishedGame | Skipped:
    """A finished game from a record's tags and a result given apart from them: ``scores`` by
    place (the game's side names in lower case, ``{"white": 1.0, "black": 0.0}``; every place).

    For a caller that knows a result the record does not hold, as an event's organiser does (an
    adjudication kept in ``event.toml``): leave out a game that must not be rated (a forfeit, an
    annulled game) rather than pass it here."""
    got = _finished(_Written(tags, None, None), source, index, line, scores)
    assert got is not None  # a result was given
    return got


def _finished(written: _Written, source: str, index: int, line: int,
              scores: dict[str, float] | None = None) -> FinishedGame | Skipped | None:
    tags = written.tags
    game = _game_of(tags)
    if isinstance(game, str):
        if scores is not None or written.ending is not None \
                or tags.get("Winner", "").strip() not in ("", "*"):
            return Skipped(source, index, line, game)
        return None
    if scores is not None:
        if set(scores) != set(game.order):
            return Skipped(source, index, line, f"the result must score every place of the game "
                                                f"({', '.join(game.order)})")
        result: dict[str, float] | str | None = dict(scores)
    else:
        result = _result(written, game)
        termination = tags.get("Termination", "")
        if result is None or _UNRATED.search(termination) is not None:
            return None
        if _FORFEIT.search(termination) is not None and (
                written.record is None or not written.record.turns):
            return None  # a forfeit before the first move: no game was played
    if isinstance(result, str):
        return Skipped(source, index, line, result)
    if result is None:  # pragma: no cover - a given result, or a written one found above
        return None
    tag_of = dict(zip(game.sides, game.side_tags, strict=True))
    names_players = _NAMES_PLAYERS.get(type(game))
    if names_players is None:  # a runtime protocol's isinstance costs ~40 us: asked once a class
        names_players = _NAMES_PLAYERS[type(game)] = isinstance(game, NamesPlayers)
    places = []
    for side in game.order:
        tag = tag_of.get(side) or tag_of.get(side.split("+")[0]) or side.capitalize()
        value = tags.get(tag, "").strip()
        if names_players and value:
            value = cast("NamesPlayers", game).player_name(value).strip()
        if not value or value == "?":
            return Skipped(source, index, line, f"no player named in the {tag} tag")
        email = tags.get(f"{tag}Email", "").strip()
        places.append(Place(side, " ".join(value.split()), email, result[side]))
    if len({_identity(p) for p in places}) < len(places):
        return Skipped(source, index, line, "one player holds two places")
    date = tags.get("Date", "").strip()
    event = " ".join(tags.get("Event", "").split())
    key = (sort_date(date), tuple(sorted(tags.items())),
           tuple((p.side, p.score) for p in places))
    return FinishedGame(game.name, game.title, tuple(places), date, event, source, index, key)


_UNRATED = re.compile(r"(?i)unplayed|annul|^\s*forfeit\s*$")
"""A ``Termination`` tag that takes a game out of the ratings: an unplayed forfeit (``"unplayed
forfeit"``, as ``pbmkit event result`` writes it for a game never played, and the plain
``"forfeit"`` it wrote for every forfeit before issue 38), which FIDE does not rate (B.02: a game
is rated once both players have made a move); an annulled game does not count at all. A loss on
time (``"time forfeit"``, the referee's ruling) is a game played, and rated."""
_FORFEIT = re.compile(r"(?i)forfeit")
"""A ``Termination`` tag naming a forfeit: rated only when the record holds moves (a forfeit
ruled before the first move was never played): such a record is read whole."""
_NAMES_PLAYERS: dict[type, bool] = {}


def _identity(place: Place) -> str:
    return place.email.casefold() if place.email else place.name.casefold()


_TAG_BLOCK = re.compile(r'(?:[ \t]*(?:;[^\n]*|(?:\[[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]+"[^"\\\r\n]*"[ \t]*\]'
                        r"[ \t]*)*\r?)\n)*")
"""The lines that open a chunk: tags, blank lines and line comments (``; ...``)."""
_LEAN_TAG = re.compile(r'\[[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]+"([^"\\\r\n]*)"[ \t]*\]')
_COMMENT = re.compile(r"\{[^}]*\}|;[^\n]*")
"""A comment of the moves (``{ ... }`` across lines, ``;`` to the line's end), as the grammar has
them: whichever opens first holds the other's character."""
_ENDING_WORD = re.compile(r"(?i)(?<![A-Za-z0-9])(?:resigns|concedes|draw)(?![A-Za-z0-9])")


def _lean_tags(chunk: str) -> tuple[dict[str, str], int] | None:
    """The tags of a chunk that is one game written plainly (tags, then moves, comments among
    them, with no ending and no tag after the moves), and the offset of its first tag; ``None``
    for anything else, which the record reader reads.

    The ratings need a game's tags and its ending only: a club's archive is read about four times
    faster this way (bench/ratings.py). ``tests/ratings/test_rating_games.py`` holds both readings
    equal.
    """
    if "\\" in chunk or "\ufeff" in chunk:
        return None
    block = _TAG_BLOCK.match(chunk)
    end = block.end() if block is not None else 0
    body = chunk[end:]
    if "{" in body or ";" in body:
        body = _COMMENT.sub(" ", body)
    if "[" in body or "{" in body or "}" in body or _ENDING_WORD.search(body) is not None:
        return None
    found: list[re.Match[str]] = []
    offset, first = 0, -1
    for line in chunk[:end].splitlines(keepends=True):
        if not line.lstrip().startswith(";"):
            for m in _LEAN_TAG.finditer(line):
                if first < 0:
                    first = offset + m.start()
                found.append(m)
        offset += len(line)
    if not found:
        return None
    tags = {canonical_tag_name(m[1]): m[2] for m in found}
    if len(tags) < len(found):
        return None  # a tag written twice starts another game: the reader's
    return tags, first


_SCAN = re.compile(r'\[[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]+"([^"\\\r\n]*)"[ \t]*\]'
                   r"|\{[^}]*\}|;[^\n]*|([\[\]{}\\\ufeff])")
"""What the whole-text scan stops at: a tag (name, value), a comment, or a character it does not
follow (a bracket that makes no tag, a brace never closed, an escape)."""


def _lean_games(text: str) -> list[tuple[int, int, int, dict[str, str] | None]] | None:
    """The games of ``text`` as ``(start, end, first line, tags)``, found by one scan: a game
    starts at a tag written after moves (the reader's rule), its tags are those before its moves;
    ``tags`` is None for a game the record reader must read (an ending word in its moves, a tag
    written twice). ``None`` for a text the scan does not follow (moves before the first tag, a
    character of ``_SCAN``'s last group): :func:`finished_games` reads it a chunk at a time."""
    games: list[tuple[int, int, int, dict[str, str] | None]] = []
    tags: dict[str, str] | None = None
    start = line = -1
    after_body = False
    last = lines_before = counted = 0
    for m in _SCAN.finditer(text):
        between = text[last:m.start()]
        last = m.end()
        if between and not between.isspace():
            if start < 0:
                return None  # moves before any tag: a tag-less first game
            after_body = True
            if tags is not None and _ENDING_WORD.search(between) is not None:
                tags = None
        name = m.group(1)
        if name is None:
            if m.group(3) is not None:
                return None
            continue  # a comment
        if after_body or start < 0:
            if start >= 0:
                games.append((start, m.start(), line, tags))
            lines_before += text.count("\n", counted, m.start())
            counted = m.start()
            start, line, tags, after_body = m.start(), lines_before + 1, {}, False
        if tags is not None:
            key = canonical_tag_name(name)
            if key in tags:
                tags = None  # a tag written twice starts another game: the reader's
            else:
                tags[key] = m.group(2)
    if start < 0:
        return None
    rest = text[last:]
    if tags is not None and rest and not rest.isspace() and _ENDING_WORD.search(rest) is not None:
        tags = None
    games.append((start, len(text), line, tags))
    return games


def finished_games(text: str, source: str = "<string>") -> Iterator[FinishedGame | Skipped]:
    """Every finished game of a text (a record or an archive), and a :class:`Skipped` for each
    record that looks finished but cannot be rated; games still going are left out.

    The ratings need a game's tags and its ending only: a plain game's tags are read straight
    from the text (:func:`_lean_games`, or a chunk at a time by :func:`_lean_tags`), any other
    game by the record reader. ``tests/ratings/test_rating_games.py`` holds the readings equal."""
    index = 0
    whole = _lean_games(text) if text else []
    if whole is not None:
        for start, end, first_line, tags in whole:
            if tags is not None and _FORFEIT.search(tags.get("Termination", "")) is None:
                index += 1
                got = _finished(_Written(tags, None, None), source, index, first_line)
                if got is not None:
                    yield got
                continue
            records = parse_chunk(text[start:end], source, first_line)
            for record in records:
                index += 1
                got = finished_game(record, index)
                if got is not None:
                    yield got
        return
    for start, end, first_line in chunk_spans(text, 0):
        chunk = text[start:end]
        lean = _lean_tags(chunk)
        if lean is not None and _FORFEIT.search(lean[0].get("Termination", "")) is None:
            tags, at = lean
            index += 1
            got = _finished(_Written(tags, None, None), source, index,
                            first_line + chunk.count("\n", 0, at))
            if got is not None:
                yield got
            continue
        records = parse_chunk(chunk, source, first_line)
        for record in records:
            index += 1
            got = finished_game(record, index)
            if got is not None:
                yield got


def record_files(paths: Iterable[str]) -> Iterator[str | ReadProblem]:
    """The files to read: files as given, folders searched for records (hidden entries skipped),
    sorted; a path that does not exist is a :class:`ReadProblem`."""
    for path in paths:
        if os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(os.path.join(root, f) for f in files
                             if not f.startswith(".") and f.lower().endswith(RECORD_SUFFIXES)
                             and os.path.isfile(os.path.join(root, f)))
            yield from sorted(found)
        elif os.path.isfile(path):
            yield path
        elif os.path.exists(path):
            yield ReadProblem(f"{path}: not a file or folder of records")
        else:
            yield ReadProblem(f"{path}: no such file or folder")


def read_text(path: str) -> str | ReadProblem:
    """The text of a record file (a byte-order mark dropped), or why it cannot be read."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return ReadProblem(f"cannot read {path}: {exc.strerror or exc}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ReadProblem(f"{path}: not UTF-8 text (byte {exc.start + 1}): save the records as UTF-8")
    return text[1:] if text.startswith("\ufeff") else text


def read_paths(paths: Iterable[str]) -> Iterator[FinishedGame | Skipped | ReadProblem]:
    """Every finished game in records, folders of records or archives, with a :class:`Skipped`
    or :class:`ReadProblem` line for each thing that could not be used."""
    for path in record_files(paths):
        if isinstance(path, ReadProblem):
            yield path
            continue
        text = read_text(path)
        if isinstance(text, ReadProblem):
            yield text
            continue
        yield from finished_games(text, path)
