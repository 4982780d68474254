"""From replayed records to the printed forms' data: chart entries, header fields, mailer cards.

The form renderers know nothing of records; this module is the glue. It reads only what a
:class:`pbmkit.records.GameReplay` offers (``record.tags``, ``start``, ``main``, ``series``,
``winner``, ``how``) and each ply's ``label``, ``number``, ``series``, ``side``, ``move``,
``text`` and ``after``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbmkit.games.base import AnyGame, NamesPlayers, place_title, with_detail
from pbmkit.render.entries import ChartEntry, MailerCard
from pbmkit.render.templates import players_of

__all__ = ["analysis_marks", "chart_entries", "chart_header", "mailer_card", "mailer_cards", "move_text",
           "place_label", "player_name", "players_of", "side_keys", "turn_groups", "winner_text"]

_LABEL_RE = re.compile(r"^\s*([0-9]{1,9})([a-z]?)\s*\.?\s*$", re.IGNORECASE)


def winner_text(replay: Any) -> str:
    """The Winner field: "White (reached the base)", "Draw (by agreement)", or "" while going."""
    winner = getattr(replay, "winner", None)
    if winner is None:
        tag = replay.record.tags.get("Winner", "").strip()
        return "" if tag in ("", "*") else tag
    game = getattr(replay, "game", None)
    words = game.outcome_words.get(getattr(replay, "how", None) or "") if game is not None else None
    how = with_detail(words.form, getattr(replay, "detail", "")) if words is not None else ""
    return f"{winner.capitalize()} ({how})" if how else winner.capitalize()


def side_keys(replay: Any) -> tuple[str, ...]:
    """The header keys of the players: the game's side tags (``White``, ``Black``; ``Yellow``...)."""
    game = getattr(replay, "game", None)
    return tuple(game.side_tags) if game is not None else ()


def chart_header(replay: Any) -> dict[str, str]:
    """The header fields of the forms from a record's tags and result: ``Number``, ``Date``, each
    side tag (the players) and ``Winner``."""
    tags = replay.record.tags
    header = {key: str(tags.get(key, "")) for key in ("Number", "Date")}
    for key in side_keys(replay):
        header[key] = str(tags.get(key, ""))
    header["Winner"] = winner_text(replay)
    return header


def turn_groups(plies: Iterable[Any]) -> list[tuple[str, list[Any]]]:
    """Consecutive plies grouped by turn label, in order: [("1", [white, black]), ...]."""
    groups: list[tuple[str, list[Any]]] = []
    for ply in plies:
        if groups and groups[-1][0] == ply.label:
            groups[-1][1].append(ply)
        else:
            groups.append((ply.label, [ply]))
    return groups


def move_text(ply: Any) -> str:
    """The ply in phone-chart notation, a capture written with ``x``: "IR to HS", "JQ x EV"."""
    text = str(ply.text)
    paths = ply.touched if ply.move is not None else ()
    end = paths[-1][-1] if paths else None
    if end is not None and end in _occupied(ply) and " to " in text:
        head, _, tail = text.rpartition(" to ")
        return f"{head} x {tail}"
    return text


def _occupied(ply: Any) -> set[int]:
    """The spaces occupied before ``ply``, as the game draws them."""
    from pbmkit.render.art import piece_symbols

    return set(piece_symbols(ply.game, ply.before)) if ply.game is not None else set()


def _entry(label: str, plies: Sequence[Any], sent: Mapping[tuple[int, int], str] | None = None,
           marks: Mapping[tuple[int, int], str] | None = None) -> ChartEntry:
    dates = sent or {}
    marked = marks or {}
    return ChartEntry(label=label, position=plies[-1].after,
                      last_moves=tuple(p.move for p in plies),
                      moves_text=" · ".join(_dated(_announced(move_text(p), p)
                                                   + marked.get((p.line, p.column), ""),
                                                   dates.get((p.line, p.column))) for p in plies))


def analysis_marks(replay: Any) -> dict[tuple[int, int], str]:
    """The marks ``pbmkit analyse`` wrote (``?`` a mistake, ``??`` a blunder) by the place of
    the move in the record (docs/engine.md): the chart prints them after the move."""
    from pbmkit.records.evals import move_evals

    game = getattr(replay, "game", None)
    if game is None:
        return {}
    found = move_evals(replay.record, tuple(replay.order or game.order))
    return {place: e.mark for place, e in found.items() if e.mark}


def _announced(text: str, ply: Any) -> str:
    """The move with the words its record wrote after it (Batalo's ``averto``), as written: a
    reader of the chart sees the warning where the player gave it."""
    words = [w for w in getattr(ply, "announced", ()) if not text.endswith(w)]
    return " ".join((text, *words))


def _dated(text: str, sent: str | None) -> str:
    return f"{text} ({sent})" if sent else text


def sent_dates(replay: Any) -> dict[tuple[int, int], str]:
    """Each dated main-line move's sent date as ``MM-DD`` (the chart's Date gives the year), by
    its place in the record (docs/desk.md: the chart carries the dates)."""
    from pbmkit.desk.dates import replay_clock

    clock = replay_clock(replay) if getattr(replay, "game", None) is not None else None
    if clock is None:
        return {}
    return {(m.written.line, m.written.column): f"{m.notes.sent:%m-%d}"
            for m in clock.moves if m.notes.sent is not None}


def _series_keys(replay: Any, series: Sequence[str] | None) -> list[str]:
    known = sorted(replay.series)
    if series is None:
        return known
    wanted = [s.strip().lower() for s in series]
    missing = [s for s in wanted if s not in known]
    if missing:
        have = ", ".join(known) if known else "none"
        raise ValueError(f"no series {', '.join(missing)} in this game (series: {have})")
    return wanted


def chart_entries(replay: Any, series: Sequence[str] | None = None) -> list[ChartEntry]:
    """One entry per turn: the main line, then every alternate series (12a, 13a ...).

    With ``series`` (e.g. ``["a"]``) the chart holds only those series; each stretch of a series
    is preceded by the main-line position it branches from, so that the sheet can be followed
    on its own.
    """
    marks = analysis_marks(replay)
    if series is None:
        sent = sent_dates(replay)
        entries = [_entry(label, plies, sent, marks) for label, plies in turn_groups(replay.main)]
        for key in _series_keys(replay, None):
            groups = turn_groups(replay.series[key])
            for k, (label, plies) in enumerate(groups):
                entry = _entry(label, plies, marks=marks)
                if k == 0:  # a ruled divider on the chart marks where the series starts
                    entry = replace(entry, divider=f"Alternate series {key}, from turn {label}")
                entries.append(entry)
        return entries
    main_groups = {plies[0].number: (label, plies) for label, plies in turn_groups(replay.main)}
    entries = []
    for key in _series_keys(replay, series):
        previous: int | None = None
        for label, plies in turn_groups(replay.series[key]):
            number = plies[0].number
            if previous != number - 1:
                branch = _branch_entry(replay, main_groups, number - 1, marks)
                entries.append(replace(branch, divider=f"Alternate series {key}: the main line's "
                                                       f"turn {branch.label}, then {label}"))
            entries.append(_entry(label, plies, marks=marks))
            previous = number
    return entries


def _branch_entry(replay: Any, main_groups: dict[int, tuple[str, list[Any]]], number: int,
                  marks: Mapping[tuple[int, int], str]) -> ChartEntry:
    if number in main_groups:
        label, plies = main_groups[number]
        return _entry(label, plies, marks=marks)
    return ChartEntry(label="Start", position=replay.start)


def _all_plies(replay: Any) -> list[Any]:
    return [*replay.main, *(p for key in sorted(replay.series) for p in replay.series[key])]


def _find(replay: Any, turn: str, side: str | None) -> Any:
    m = _LABEL_RE.match(turn)
    if not m:
        shown = turn if len(turn) <= 24 else turn[:24] + "…"
        raise ValueError(f"{shown!r} is not a turn label (like 12 or 12a)")
    label = f"{int(m.group(1))}{m.group(2).lower()}"
    found = [p for p in _all_plies(replay) if p.label.lower() == label]
    if side:
        found = [p for p in found if p.side == side]
    if not found:
        main = [p.label for p in replay.main]
        last = f" (the main line runs to turn {main[-1]})" if main else " (no moves yet)"
        which = f" by {side.capitalize()}" if side else ""
        raise ValueError(f"no move{which} in turn {label} of this game{last}")
    return found[-1]


def _previous(replay: Any, ply: Any) -> Any | None:
    """The ply that led to ``ply``'s position: the one before it in its line, or for the first
    move of a series, the main-line move it branches from (the replay's tree of lines)."""
    return replay.previous(ply)


def mailer_cards(replay: Any, turn: str | None = None, side: str | None = None
                 ) -> list[MailerCard]:
    """The cards a move is mailed on: one for the opponent of a two-sided game; in a game of
    more sides, one for each other player (a player of several places gets one card), each
    addressed to its player and showing that player's own last move."""
    ply = _card_ply(replay, turn, side)
    card = mailer_card(replay, turn, side)
    game = replay.game
    if game is None or len(game.sides) <= 2 or ply is None:
        return [card]
    tags = replay.record.tags
    mover = player_name(game, tags.get(_tag_of(game, card.moved), ""))
    players: dict[str, tuple[str, list[str]]] = {}
    for place in players_of(game):
        name = player_name(game, tags.get(_tag_of(game, place), ""))
        key = name.casefold() or place
        if place != card.moved and (not name or name.casefold() != mover.casefold()):
            players.setdefault(key, (name, []))[1].append(place)
    cards = []
    for name, places in players.values():
        words = ", ".join(place_label(p) for p in places)
        own = _own_last(replay, ply, set(places))
        values = {**card.values, "Previous": _move_words(own) if own is not None else ""}
        cards.append(replace(card, values=values, to=f"{name} ({words})" if name else words))
    return cards


def place_label(place: str) -> str:
    """A place as a card names it: ``"White"``, ``"Blue+Green"``."""
    return place_title(place)


def player_name(game: AnyGame, value: str) -> str:
    """The player's name in a side tag's value, as the game reads it (Batrakill's zones tag
    ``"Ann, S"`` names Ann, playing from zone S: the game's ``player_name``); the value stripped
    where the game has no such reading."""
    return game.player_name(value).strip() if isinstance(game, NamesPlayers) else value.strip()


def _tag_of(game: AnyGame, place: str) -> str:
    tags: dict[str, str] = dict(zip(game.sides, game.side_tags, strict=True))
    return tags.get(place, "")


def _move_words(ply: Any) -> str:
    """The move as a card writes it: its text, then the words the record wrote after it
    (Batalo's ``averto``)."""
    text = move_text(ply)
    words = [w for w in getattr(ply, "announced", ()) if w.casefold() not in text.casefold().split()]
    return " ".join([text, *words])


def _own_last(replay: Any, ply: Any, places: set[str]) -> Any | None:
    """The last move of ``places`` (one player's) before ``ply``'s position, along the tree of
    lines: what "Your last move" shows on that player's card."""
    prev = replay.previous(ply)
    while prev is not None and prev.side not in places:
        prev = replay.previous(prev)
    return prev


def _card_ply(replay: Any, turn: str | None, side: str | None) -> Any | None:
    if turn is not None:
        return _find(replay, turn, side)
    plies = [p for p in replay.main if side is None or p.side == side]
    return plies[-1] if plies else None


def mailer_card(replay: Any, turn: str | None = None, side: str | None = None) -> MailerCard:
    """The card of a game: its latest position (or the one after ``turn``, and ``side``'s move).

    ``Previous`` ("Your last move") is the last move of the player the card goes to; with two
    sides, the opponent of the one who moved. ``Result`` is the game's result on the card of
    its last move (empty while the game goes on, and on a card of an earlier turn).
    """
    header = chart_header(replay)
    game = replay.game
    values = {k: header[k] for k in ("Number", *side_keys(replay))}
    if game is not None:
        for place in players_of(game):
            tag = _tag_of(game, place)
            values[tag] = player_name(game, replay.record.tags.get(tag, ""))
    ply = _card_ply(replay, turn, side)
    if ply is None:
        return MailerCard(values=values, position=replay.start, game=game)
    if replay.main and ply is replay.main[-1] and header["Winner"]:
        values["Result"] = header["Winner"]
    others = {p for p in (players_of(game) if game is not None else ()) if p != ply.side}
    previous = _own_last(replay, ply, others) if others else _previous(replay, ply)
    values.update(Turn=ply.label, Move=_move_words(ply),
                  Previous=_move_words(previous) if previous else "")
    ticks = _desk_values(replay, ply, values)
    return MailerCard(values=values, position=ply.after, moved=ply.side, last_moves=(ply.move,),
                      ticks=ticks, game=game)


def _desk_values(replay: Any, ply: Any, values: dict[str, str]) -> frozenset[str]:
    """The desk's fields of a main-line move's card (docs/desk.md): Received, Sent, days used by
    each side up to this move (``2/28``: its last move / its total); the ticks to make."""
    from pbmkit.desk.dates import replay_clock

    if ply.series:
        return frozenset()
    clock = replay_clock(replay)
    if clock is None:
        return frozenset()
    index = next((k for k, m in enumerate(clock.moves)
                  if (m.written.line, m.written.column) == (ply.line, ply.column)), None)
    if index is None:
        return frozenset()
    this = clock.moves[index]
    if this.notes.received is not None:
        values["Received"] = this.notes.received.isoformat()
    if this.notes.sent is not None:
        values["Sent"] = this.notes.sent.isoformat()
    for k, side in enumerate(players_of(replay.game), 1):
        key = f"days:{k}"
        mine = [m for m in clock.moves[:index + 1] if m.side == side]
        if mine and any(m.days is not None for m in mine):
            last = mine[-1]
            values[key] = f"{'?' if last.days is None else last.days}/{last.total}"
    return frozenset({"DrawOffer"} if this.notes.draw == "offer" else ())
