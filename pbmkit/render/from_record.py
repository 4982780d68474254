"""From replayed records to the printed forms' data: chart entries, header fields, mailer cards.

The form renderers know nothing of records; this module is the glue. It reads only what a
:class:`pbmkit.notation.GameReplay` offers (``record.tags``, ``start``, ``main``, ``series``,
``winner``, ``how``) and each ply's ``label``, ``number``, ``series``, ``side``, ``move``,
``text`` and ``after``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbmkit.render.entries import ChartEntry, MailerCard

__all__ = ["chart_entries", "chart_header", "mailer_card", "move_text", "side_keys", "turn_groups",
           "winner_text"]

_LABEL_RE = re.compile(r"^\s*([0-9]{1,9})([a-z]?)\s*\.?\s*$", re.IGNORECASE)


def winner_text(replay: Any) -> str:
    """The Winner field: "White (reached the base)", "Draw (by agreement)", or "" while going."""
    winner = getattr(replay, "winner", None)
    if winner is None:
        tag = replay.record.tags.get("Winner", "").strip()
        return "" if tag in ("", "*") else tag
    game = getattr(replay, "game", None)
    words = game.outcome_words.get(getattr(replay, "how", None) or "") if game is not None else None
    how = words.form if words is not None else ""
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


def _entry(label: str, plies: Sequence[Any], sent: Mapping[tuple[int, int], str] | None = None
           ) -> ChartEntry:
    dates = sent or {}
    return ChartEntry(label=label, position=plies[-1].after,
                      last_moves=tuple(p.move for p in plies),
                      moves_text=" · ".join(_dated(move_text(p), dates.get((p.line, p.column)))
                                            for p in plies))


def _dated(text: str, sent: str | None) -> str:
    return f"{text} ({sent})" if sent else text


def sent_dates(replay: Any) -> dict[tuple[int, int], str]:
    """Each dated main-line move's sent date as ``MM-DD`` (the chart's Date gives the year), by
    its place in the record (docs/desk.md: the chart carries the dates)."""
    from pbmkit.notation.desk import replay_clock

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
    if series is None:
        sent = sent_dates(replay)
        entries = [_entry(label, plies, sent) for label, plies in turn_groups(replay.main)]
        for key in _series_keys(replay, None):
            groups = turn_groups(replay.series[key])
            for k, (label, plies) in enumerate(groups):
                entry = _entry(label, plies)
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
                branch = _branch_entry(replay, main_groups, number - 1)
                entries.append(replace(branch, divider=f"Alternate series {key}: the main line's "
                                                       f"turn {branch.label}, then {label}"))
            entries.append(_entry(label, plies))
            previous = number
    return entries


def _branch_entry(replay: Any, main_groups: dict[int, tuple[str, list[Any]]], number: int) -> ChartEntry:
    if number in main_groups:
        label, plies = main_groups[number]
        return _entry(label, plies)
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
    more sides, one for each other player (a player of several sides gets one card), each
    addressed to its player."""
    card = mailer_card(replay, turn, side)
    game = replay.game
    if game is None or len(game.sides) <= 2:
        return [card]
    tags = replay.record.tags
    mover = tags.get(dict(zip(game.sides, game.side_tags, strict=True)).get(card.moved, ""), "")
    players: dict[str, list[str]] = {}
    for s, tag in zip(game.sides, game.side_tags, strict=True):
        name = tags.get(tag, "").strip()
        key = name.casefold() or s
        if s != card.moved and (not name or name.casefold() != mover.strip().casefold()):
            players.setdefault(key, [name]).append(s.capitalize())
    return [replace(card, to=f"{sides[0]} ({', '.join(sides[1:])})" if sides[0] else
                    ", ".join(sides[1:])) for sides in players.values()]


def mailer_card(replay: Any, turn: str | None = None, side: str | None = None) -> MailerCard:
    """The card of a game: its latest position (or the one after ``turn``, and ``side``'s move)."""
    header = chart_header(replay)
    values = {k: header[k] for k in ("Number", *side_keys(replay))}
    if turn is None:
        plies = [p for p in replay.main if side is None or p.side == side]
        if not plies:
            return MailerCard(values=values, position=replay.start, game=replay.game)
        ply = plies[-1]
    else:
        ply = _find(replay, turn, side)
    previous = _previous(replay, ply)
    values.update(Turn=ply.label, Move=move_text(ply), Previous=move_text(previous) if previous else "")
    ticks = _desk_values(replay, ply, values)
    return MailerCard(values=values, position=ply.after, moved=ply.side, last_moves=(ply.move,),
                      ticks=ticks, game=replay.game)


def _desk_values(replay: Any, ply: Any, values: dict[str, str]) -> frozenset[str]:
    """The desk's fields of a main-line move's card (docs/desk.md): Received, Sent, days used by
    each side up to this move (``2/28``: its last move / its total); the ticks to make."""
    from pbmkit.notation.desk import replay_clock

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
    for k, side in enumerate(clock.order, 1):
        key = f"days:{k}"
        mine = [m for m in clock.moves[:index + 1] if m.side == side]
        if mine and any(m.days is not None for m in mine):
            last = mine[-1]
            values[key] = f"{'?' if last.days is None else last.days}/{last.total}"
    return frozenset({"DrawOffer"} if this.notes.draw == "offer" else ())
