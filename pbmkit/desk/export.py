"""A replayed game as JSON (``convert --to json``, ``moves --json``): tags, start, every line's
moves with their comments and the desk's dates, the result and the problems."""

from __future__ import annotations

from typing import Any

from pbmkit.records.model import Comment, WrittenMove
from pbmkit.records.replay import GameReplay, Ply

__all__ = ["to_json_record"]


def _comments(comments: list[Comment]) -> list[str]:
    return [c.text.strip() for c in comments]


def to_json_record(replay: GameReplay) -> dict[str, Any]:
    """The whole game as JSON: tags, start, every line's moves with comments, result, problems."""
    from pbmkit.desk.dates import move_fields  # here: importing pbmkit.desk reads no dates

    written: dict[tuple[int, int], WrittenMove] = {
        (m.line, m.column): m for t in replay.record.turns for m in t.moves
    }

    words = tuple(replay.game.announcement_words) if replay.game else ()

    def ply(p: Ply) -> dict[str, Any]:
        wm = written.get((p.line, p.column))
        return {"turn": p.label, "side": p.side, "move": p.text, "written": p.written,
                **{w: w in p.announced for w in words}, "line": p.line, "column": p.column,
                "comments": _comments(wm.comments) if wm else [],
                **move_fields(wm.comments if wm else [])}

    game = replay.game
    return {
        "game": replay.index,
        "file": replay.source,
        "name": game.title if game else replay.record.tags.get("Game", ""),
        "tags": dict(replay.record.tags),
        "setup": game.format_setup(replay.start) if game and replay.start is not None else None,
        "moves": [ply(p) for p in replay.main],
        "series": {k: [ply(p) for p in v] for k, v in replay.series.items()},
        "valid": replay.valid,
        "turns": replay.turns,
        "winner": replay.winner,
        "how": replay.how,
        "errors": [p.to_json() for p in replay.errors],
        "warnings": [p.to_json() for p in replay.warnings],
    }
