"""Results of an event's games (docs/events.md, "Results and withdrawals"): read from the records,
given by the organiser (``pbmkit event result``: played, forfeits, adjudications), and the rule
for a player who withdraws (``pbmkit event withdraw``).

Points: a game is worth one point. The winner of a game takes it (the other players none); a
draw shares it equally (½ each of two players, ⅓ each of three); a forfeit gives the forfeiting
players nothing and shares the point among the others; an annulled game counts for no one.

Forfeits are of two kinds (``Outcome.kind``): ``time``, a game played and lost by the rules (on
time, or by the referee's ruling after moves were made: ``[Termination "time forfeit"]``), which
is a game for wins, Sonneborn–Berger and ratings; and ``unplayed``, a game never played (a
forfeit before the first move, a withdrawal: ``[Termination "unplayed forfeit"]``), which scores
the point and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pbmkit.events.folder import (
    EVENT_FILE,
    EventError,
    event_lock,
    read_event_file,
    read_text_file,
    write_atomic,
    write_event_file,
)
from pbmkit.events.model import Event, EventGame, Outcome, Player, ResultKind

__all__ = ["find_game", "organiser_outcome", "parse_result", "points_of", "record_outcome",
           "set_result", "withdraw"]

_KINDS = ("played", "time", "unplayed", "forfeit", "adjudicated", "annulled")
"""The kinds of an organiser's result in ``event.toml``; ``forfeit`` is what pbmkit wrote before
the two kinds of forfeit (issue 38): read as ``unplayed``, as it then counted."""
TERMINATION = {"time": "time forfeit", "unplayed": "unplayed forfeit"}
"""The PGN ``Termination`` a record gets for each kind of forfeit."""


def points_of(game: EventGame, winner: str | None) -> dict[str, float]:
    """The points of a played (or adjudicated) game: ``winner`` a side tag, or ``None`` for a
    draw (the point shared equally)."""
    players = list(game.sides.values())
    if winner is None:
        return {p: 1 / len(players) for p in players}
    return {p: 1.0 if tag == winner else 0.0 for tag, p in game.sides.items()}


def record_outcome(folder: Path, event: Event, game: EventGame) -> Outcome | None:
    """The outcome the game's record gives (``None`` while it runs, or when the record has
    errors); :class:`EventError` when the record is missing or belongs to another event."""
    return read_record(folder, event, game)[0]


def read_record(folder: Path, event: Event, game: EventGame) -> tuple[Outcome | None, int]:
    """The outcome the game's record gives (as :func:`record_outcome`) and the moves (plies) of
    its main line: a forfeit ruled before the first move is ``unplayed`` whatever its
    ``Termination`` says."""
    from pbmkit.records import check_text

    path = folder / game.file
    if not path.is_file():
        raise EventError(f"game {game.number}: its record {path} is missing")
    replays = check_text(read_text_file(path, "record"), str(path))
    if len(replays) != 1:
        raise EventError(f"game {game.number}: {path} holds {len(replays)} games, not one")
    rep = replays[0]
    tags = rep.record.tags
    said = tags.get("Event", "")
    if said != event.name:
        raise EventError(f"game {game.number}: {path}'s Event tag says {said!r}, not this "
                         f"event's {event.name!r} (a record of another event?)")
    if tags.get("Number", "") != str(game.number):
        raise EventError(f"game {game.number}: {path}'s Number tag says "
                         f"{tags.get('Number', '')!r}, not {game.number}")
    if rep.game is None:
        raise EventError(f"game {game.number}: {path} cannot be replayed: "
                         f"{rep.errors[0].message if rep.errors else 'unknown game'}")
    from pbmkit.games.base import NamesPlayers

    for tag, name in game.sides.items():
        written = tags.get(tag) or ""
        read = rep.game.player_name(written) if isinstance(rep.game, NamesPlayers) \
            else written.strip()
        if read != name:
            raise EventError(f"game {game.number}: {path}'s {tag} tag says {written!r}, not "
                             f"{name!r} as the event pairs them")
    kind = _termination_kind(tags.get("Termination", ""))
    moves = len(rep.main)
    if kind == "time" and moves == 0:
        kind = "unplayed"  # a forfeit before the first move: no game was played
    if kind == "annulled" and not rep.errors:
        return Outcome({}, "annulled", None), moves
    if rep.errors or rep.winner is None:
        return None, moves
    if rep.winner == "draw":
        return Outcome(points_of(game, None), kind, None), moves
    won = dict(zip(rep.game.sides, rep.game.side_tags, strict=True)).get(rep.winner)
    if won is None or won not in game.sides:
        raise EventError(f"game {game.number}: {path} is won by {rep.winner!r}, not a side the "
                         "event pairs")
    return Outcome(points_of(game, won), kind, won), moves


def _termination_kind(termination: str) -> ResultKind:
    """How a record says its game ended, in the PGN ``Termination`` tag: ``unplayed forfeit``
    (and ``forfeit`` alone, which pbmkit wrote for every organiser's forfeit before issue 38) an
    unplayed game; ``time forfeit`` (the referee's ruling), another forfeit or ``rules
    infraction`` a game played and lost by the rules; an adjudication; or an ordinary end."""
    words = " ".join(termination.split()).lower()
    if "unplayed" in words or words == "forfeit":
        return "unplayed"
    if "forfeit" in words or words == "rules infraction":
        return "time"
    if words.startswith("annul"):
        return "annulled"
    if words.startswith("adjudicat"):
        return "adjudicated"
    return "played"


def organiser_outcome(event: Event, game: EventGame, raw: Mapping[str, Any], *, where: str
                      ) -> Outcome:
    """The outcome of the organiser's result ``raw`` (``event.toml``'s ``result`` of the game)."""
    kind = raw.get("kind")
    bad = EventError(f"{where}: game {game.number}'s result {dict(raw)!r} is not one pbmkit "
                     "wrote")
    if kind not in _KINDS:
        raise bad
    note = str(raw.get("note", ""))
    if kind == "annulled":
        return Outcome({}, "annulled", None, note)
    if kind in ("time", "unplayed", "forfeit"):
        lost = raw.get("forfeited")
        if not isinstance(lost, list) or not lost or any(t not in game.sides for t in lost):
            raise bad
        others = [t for t in game.sides if t not in lost]
        points = {p: (1 / len(others) if tag in others else 0.0) for tag, p in game.sides.items()}
        how: ResultKind = "time" if kind == "time" else "unplayed"
        return Outcome(points, how, others[0] if len(others) == 1 else None, note)
    winner = raw.get("winner")
    if winner != "draw" and winner not in game.sides:
        raise bad
    tag = None if winner == "draw" else str(winner)
    return Outcome(points_of(game, tag), kind, tag, note)


def find_game(event: Event, text: str) -> EventGame:
    """The game ``text`` names: its number (``7``, ``#7``) or its record's file name."""
    key = text.strip().lstrip("#")
    for g in event.games:
        if key == str(g.number) or key in (g.file, Path(g.file).stem) \
                or Path(key).name == g.file:
            return g
    last = max((g.number for g in event.games), default=0)
    raise EventError(f"no game {text!r} in the event {event.name!r} (games 1 to {last}, by number "
                     "or record file)")


def parse_result(game: EventGame, words: Sequence[str]) -> dict[str, Any] | None:
    """The organiser's result of ``words`` for ``game``: ``1-0``, ``0-1`` (two sides: the first
    or the second wins), ``draw``, a side (``Purple``: it wins), ``forfeit [time|unplayed]
    SIDE...`` (those sides forfeit; without either word the kind is left ``forfeit`` for
    :func:`set_result` to decide from the record's moves), ``adjudicated`` and one of the
    first four, ``annulled``; ``clear`` (``None``) takes the organiser's result back.
    :class:`EventError` saying what is accepted otherwise."""
    tags = list(game.sides)
    by_name = {t.lower(): t for t in tags}
    choices = ("1-0, 0-1, " if len(tags) == 2 else "") + "draw, a side (" + ", ".join(tags) \
        + "), forfeit [time|unplayed] SIDE, adjudicated RESULT, annulled or clear"
    if not words:
        raise EventError(f"give the result: {choices}")
    head, rest = words[0].strip().lower(), [w.strip() for w in words[1:]]

    def winner(word: str) -> str:
        w = word.strip().lower()
        if w in ("draw", "1/2-1/2", "½-½", "0.5-0.5"):
            return "draw"
        if len(tags) == 2 and w in ("1-0", "0-1"):
            return tags[0] if w == "1-0" else tags[1]
        if w in by_name:
            return by_name[w]
        raise EventError(f"{word!r} is not a result of game {game.number}: {choices}")

    if head == "clear" and not rest:
        return None
    if head == "annulled" and not rest:
        return {"kind": "annulled"}
    if head == "forfeit":
        how = "forfeit"
        if rest and rest[0].lower() in ("time", "unplayed"):
            how, rest = rest[0].lower(), rest[1:]
        if not rest:
            raise EventError(f"forfeit which side? forfeit SIDE (one of {', '.join(tags)})")
        lost = []
        for w in rest:
            if w.lower() not in by_name:
                raise EventError(f"{w!r} is not a side of game {game.number} "
                                 f"({', '.join(tags)})")
            if by_name[w.lower()] not in lost:
                lost.append(by_name[w.lower()])
        return {"kind": how, "forfeited": lost}
    if head == "adjudicated":
        if len(rest) != 1:
            raise EventError(f"adjudicated what? adjudicated RESULT ({choices.split(', forfeit')[0]})")
        return {"kind": "adjudicated", "winner": winner(rest[0])}
    if rest:
        raise EventError(f"{' '.join(words)!r} is not a result of game {game.number}: {choices}")
    return {"kind": "played", "winner": winner(head)}


def _change(folder: Path, edit: Any) -> tuple[Event, str]:
    """Read, change (``edit(event, results) -> (players, results, message)``) and write back
    ``event.toml`` under the folder's lock; every record is read first, so a spoiled event is
    refused with nothing changed. The records of the games whose result changed get it too
    (:func:`_record_change`), each written before ``event.toml``."""
    from pbmkit.events.folder import load_event

    with event_lock(folder):
        loaded = load_event(folder)
        event, results = read_event_file(folder)
        players, new_results, message = edit(loaded, dict(results))
        writes: list[tuple[Path, str]] = []
        for g in event.games:
            before, after = results.get(g.number), new_results.get(g.number)
            if before == after:
                continue
            text, restore = _record_change(folder, g, before, after)
            if after is not None and restore:
                new_results[g.number] = {**after, "restore": restore}
            if text is not None:
                writes.append((folder / g.file, text))
        text = write_event_file(replace(event, players=players), new_results)
        for path, record_text in writes:
            write_atomic(path, record_text)
        write_atomic(folder / EVENT_FILE, text)
    return load_event(folder), message


def _result_tags(rep: Any, game: EventGame, raw: Mapping[str, Any]) -> dict[str, str]:
    """The tags that write the organiser's result ``raw`` into a record (its replay ``rep``):
    ``Winner`` (a side, ``Draw``) where the record's game still runs, and the PGN ``Termination``
    (``forfeit``, ``adjudication``, ``annulled``), which ``pbmkit ratings`` reads."""
    if rep.errors or rep.game is None:
        return {}
    kind = raw.get("kind")
    if kind == "annulled":
        return {"Termination": "annulled"}
    if rep.winner is not None:
        return {}  # finished on the board or by the players: event.toml alone overrides it
    if kind in TERMINATION:
        others = [t for t in game.sides if t not in raw.get("forfeited", [])]
        return ({"Winner": others[0]} if len(others) == 1 else {}) \
            | {"Termination": TERMINATION[kind]}
    winner = raw.get("winner")
    tags = {"Winner": "Draw" if winner == "draw" else str(winner)}
    if kind == "adjudicated":
        tags["Termination"] = "adjudication"
    return tags


def _set_tags(text: str, source: str, tags: Mapping[str, str]) -> str:
    """``text`` with each tag set (an empty value: the tag's line removed)."""
    from pbmkit.records import parse_records
    from pbmkit.records.edit import set_tag

    for name, value in tags.items():
        (record,), _ = parse_records(text, source)
        if value:
            text = set_tag(text, record, name, value)
        elif name in record.tag_positions:
            line = record.tag_positions[name][0] - 1
            lines = text.splitlines(keepends=True)
            if lines[line].strip().startswith(f"[{name} "):
                text = "".join(lines[:line] + lines[line + 1:])
    return text


def _record_change(folder: Path, game: EventGame, before: Mapping[str, Any] | None,
                   after: Mapping[str, Any] | None) -> tuple[str | None, dict[str, str]]:
    """The game's record with the organiser's result changed from ``before`` to ``after``: the
    tags ``before`` wrote put back as they were, then ``after``'s written (where the record can
    hold them and still read back valid). Returns the new text (``None``: unchanged) and the tags'
    values before (``""``: absent), kept in ``event.toml`` to put them back on ``clear``."""
    from pbmkit.records import check_text

    path = folder / game.file
    original = read_text_file(path, "record")
    text = original
    restore = before.get("restore") if before else None
    if isinstance(restore, Mapping):
        text = _set_tags(text, str(path), {str(k): str(v) for k, v in restore.items()})
    kept: dict[str, str] = {}
    if after is not None:
        (rep,) = check_text(text, str(path))
        tags = _result_tags(rep, game, after)
        if tags:
            candidate = _set_tags(text, str(path), tags)
            replays = check_text(candidate, str(path))
            if len(replays) == 1 and not replays[0].errors:
                kept = {name: rep.record.tags.get(name, "") for name in tags}
                text = candidate
    return (None if text == original else text), kept


def set_result(folder: str | Path, game_text: str, words: Sequence[str]) -> tuple[Event, str]:
    """Record the organiser's result of a game (``pbmkit event result``): the new event and a line
    saying what was written."""

    def edit(event: Event, results: dict[int, dict[str, Any]]) -> tuple[list[Player],
                                                                         dict[int, dict[str, Any]],
                                                                         str]:
        game = find_game(event, game_text)
        raw = parse_result(game, words)
        if raw is None:
            if game.number not in results:
                raise EventError(f"game {game.number} has no result of the organiser to clear")
            del results[game.number]
            return event.players, results, f"game {game.number}: the organiser's result cleared"
        if raw["kind"] == "forfeit":  # neither word: a game with moves was played (lost on time)
            raw["kind"] = "time" if game.moves else "unplayed"
        results[game.number] = raw
        out = organiser_outcome(event, game, raw, where=EVENT_FILE)
        return event.players, results, f"game {game.number}: {describe(game, out)}"

    return _change(Path(folder), edit)


def describe(game: EventGame, outcome: Outcome) -> str:
    """``"Yellow (Ann Lee) wins"``, ``"drawn"``, ``"Orange (Bob Roy) forfeits"``, ``"annulled"``,
    with ``(adjudicated)`` where it was."""
    if outcome.kind == "annulled":
        return "annulled"
    if outcome.kind in TERMINATION:
        how = "loses on time" if outcome.kind == "time" else "forfeits (unplayed)"
        lost = [f"{t} ({p}) {how}" for t, p in game.sides.items() if outcome.points[p] == 0]
        return ", ".join(lost)
    said = "drawn" if outcome.winner_side is None else \
        f"{outcome.winner_side} ({game.sides[outcome.winner_side]}) wins"
    return said + (" (adjudicated)" if outcome.kind == "adjudicated" else "")


def withdraw(folder: str | Path, name: str) -> tuple[Event, str]:
    """Withdraw player ``name`` (``pbmkit event withdraw``). The rule (docs/events.md): a player
    who withdraws before half of their games are finished has every game annulled (played or
    not); one who has finished half or more keeps those results, and each unfinished game is
    scored as their forfeit."""

    def edit(event: Event, results: dict[int, dict[str, Any]]) -> tuple[list[Player],
                                                                         dict[int, dict[str, Any]],
                                                                         str]:
        matches = [p for p in event.players if p.name.casefold() == name.strip().casefold()]
        if not matches:
            raise EventError(f"no player {name!r} in the event {event.name!r}")
        player = matches[0]
        if player.withdrawn:
            raise EventError(f"{player.name} has withdrawn already")
        theirs = [g for g in event.games if player.name in g.sides.values()]
        finished = [g for g in theirs if g.outcome is not None and g.outcome.kind != "annulled"]
        note = f"withdrawal of {player.name}"
        if 2 * len(finished) < len(theirs):
            for g in theirs:
                results[g.number] = {"kind": "annulled", "note": note}
            said = (f"{player.name} withdraws with {len(finished)} of {len(theirs)} games "
                    f"finished (fewer than half): all {len(theirs)} games annulled")
        else:
            open_games = [g for g in theirs if g.outcome is None]
            for g in open_games:
                tag = next(t for t, p in g.sides.items() if p == player.name)
                results[g.number] = {"kind": "unplayed", "forfeited": [tag], "note": note}
            said = (f"{player.name} withdraws with {len(finished)} of {len(theirs)} games "
                    f"finished (half or more): those results stand, {len(open_games)} unfinished "
                    "game(s) scored as unplayed forfeits")
        players = [replace(p, withdrawn=True) if p is player else p for p in event.players]
        return players, results, said

    return _change(Path(folder), edit)
