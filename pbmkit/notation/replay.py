"""Replaying records against a game's rules: every line checked, every problem placed.

The main line and every alternate series are replayed; the first illegal move of each line is
reported (with the piece's legal destinations) and the line stops there, while the other lines and
the other games go on. Legality is the rules core's ``check_move``, one move at a time: no list of
all legal moves is built except to explain an error. The result is checked against the ``Winner``
tag (ruling 12); averto and repeated positions give warnings and notes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from pbmkit.games import Game, IllegalMoveError, Outcome, SetupError, get_game
from pbmkit.notation.model import Ending, Record, Turn, WrittenMove
from pbmkit.notation.movetext import MoveNotation, get_notation, has_notation
from pbmkit.notation.problems import MoveSyntaxError, Problem, no_gc_pauses
from pbmkit.notation.reader import move_syntax_problems, parse_records

__all__ = ["GameReplay", "Ply", "check_text", "format_move", "iter_check_text", "parse_move", "replay"]

_HOW_WORDS = {
    "base": "by reaching the opponent's base",
    "capture-all": "by capturing every opposing piece",
    "no-moves": "because the opponent had no legal move",
}
_DRAW_WORDS = {
    "draw-shapes": "every piece left has the same shape",
    "draw-billos": "one side has only round Billos and the other only square Billos",
}


@dataclass(slots=True)
class Ply:
    """One replayed move: where it was written, the move, and the positions around it."""

    label: str
    number: int
    series: str
    side: str
    move: Any
    written: str
    """The move as written."""
    line: int
    column: int
    before: Any
    after: Any
    averto: bool = False
    """Whether the record wrote ``averto`` after the move."""
    _notation: Any = field(default=None, repr=False, compare=False)
    _threats: tuple[str, ...] | None = field(default=None, repr=False, compare=False)
    _text: str | None = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The canonical move (``"IR to HS"``)."""
        if self._text is None:
            self._text = self._notation.format(self.move, self.before) if self._notation \
                else str(self.move)
        return self._text

    @property
    def threats(self) -> tuple[str, ...]:
        """What the move threatens next (``"column"``, ``"base"``): non-empty means averto."""
        if self._threats is None:
            self._threats = self._notation.threats(self.after) if self._notation else ()
        return self._threats


@dataclass
class GameReplay:
    """One game of a file, replayed: its plies, its problems, and its result."""

    source: str
    index: int
    record: Record
    game: Game[Any, Any] | None
    """The rules, or ``None`` when the ``Game`` tag names an unknown game."""
    start: Any = None
    main: list[Ply] = field(default_factory=list)
    series: dict[str, list[Ply]] = field(default_factory=dict)
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    """Warnings and notes (``severity`` tells which)."""
    turns: int = 0
    order: tuple[str, ...] | None = None
    """The sides in the order they move within a turn (the ``First`` tag may name the first)."""
    winner: str | None = None
    how: str | None = None
    final: Any = None

    @property
    def valid(self) -> bool:
        """Whether the game has no error (warnings and notes do not count)."""
        return not self.errors

    def position_at(self, label: str | None) -> Any:
        """The position after turn ``label`` (``"12"``, ``"12a"``), both moves; ``None`` = the end.

        Raises ``KeyError`` with a message when the turn was not replayed.
        """
        if label is None:
            return self.final
        key = label.strip().rstrip(".").lower()
        plies = self.main if key.isdigit() else self.series.get(key[-1:], [])
        found = [p for p in plies if p.label == key]
        if not found:
            raise KeyError(f"turn {label} is not in the replayed part of the game")
        return found[-1].after

    def next_turn(self) -> tuple[str, str]:
        """``(label, side)`` of the next main-line move, e.g. ``("13", "black")``."""
        if self.game is None:
            return ("1", "white")
        first, second = self.order or self.game.sides
        if not self.main:
            side = self.game.side_to_move(self.start) if self.start is not None else first
            return ("1", side)
        last = self.main[-1]
        if last.side == first:
            return (last.label, second)
        return (str(last.number + 1), first)

    def to_json(self) -> dict[str, Any]:
        """The object of ``check --json`` (record-format.md), plus ``file`` and ``warnings``."""
        return {
            "game": self.index,
            "file": self.source,
            "valid": self.valid,
            "turns": self.turns,
            "winner": self.winner,
            "how": self.how,
            "errors": [p.to_json() for p in self.errors],
            "warnings": [p.to_json() for p in self.warnings],
        }


class _Replayer:
    """Replays one record; collects problems in source order per line."""

    def __init__(self, record: Record, source: str, index: int) -> None:
        self.record = record
        self.result = GameReplay(source, index, record, None)
        self.source = source

    # --- problems ---------------------------------------------------------------------

    def problem(self, message: str, line: int | None, column: int | None, turn: str | None = None,
                side: str | None = None, move: str | None = None, legal: tuple[str, ...] = (),
                severity: str = "error") -> None:
        p = Problem(self.source, line, column, turn, side, move, message, legal, severity,
                    self.record.source_line(line))
        (self.result.errors if severity == "error" else self.result.warnings).append(p)

    def tag_problem(self, tag: str, message: str) -> None:
        line, column = self.record.tag_positions.get(tag, (self.record.line, self.record.column))
        self.problem(message, line, column)

    # --- the whole game -----------------------------------------------------------------

    def run(self) -> GameReplay:
        rec, res = self.record, self.result
        for p in rec.problems:
            p = p if p.source == self.source else _with_source(p, self.source)
            (res.errors if p.severity == "error" else res.warnings).append(p)
        try:
            game = get_game(rec.tags.get("Game", "").strip() or rec.game_name)
        except KeyError as exc:
            self.tag_problem("Game", str(exc.args[0]))
            return res
        res.game = game
        if not has_notation(game.name):
            self.tag_problem("Game", f"pbmkit cannot read the moves of {game.title} records yet")
            return res
        self.game, self.notation = game, get_notation(game.name)
        self.sides = game.sides
        first = self._first_tag()
        if first is not None and first != game.sides[0]:
            self.sides = (first, game.sides[0])
        res.order = self.sides
        self._read, self._check = self.notation.read, game.check_move
        self._apply, self._side = game.apply, game.side_to_move
        winner_tag = self._winner_tag()
        try:
            start = _start_position(game, rec.tags.get("Setup"), first)
        except SetupError as exc:
            self.tag_problem("Setup", f"bad Setup: {exc}")
            return res
        except ValueError:  # a game whose first mover is fixed
            self.tag_problem("First", f"{game.title} has no First tag: {game.sides[0].capitalize()} "
                             "always moves first")
            return res
        res.start = res.final = start
        self._main(start, winner_tag)
        self._series()
        self._unplayed()
        res.errors.sort(key=_order)
        res.warnings.sort(key=_order)
        return res

    def _unplayed(self) -> None:
        """Syntax errors of the moves no line reached (after each line's first error)."""
        res = self.result
        played = len(res.main) + sum(len(v) for v in res.series.values())
        if played + len(res.errors) >= sum(len(t.moves) for t in self.record.turns):
            return
        seen = {(p.line, p.column) for p in res.main}
        seen.update((p.line, p.column) for v in res.series.values() for p in v)
        seen.update((p.line, p.column) for p in res.errors
                    if p.line is not None and p.column is not None)
        res.errors.extend(move_syntax_problems(self.record, self.record.turns, frozenset(seen)))

    def _first_tag(self) -> str | None:
        """The side the ``First`` tag names (it opens every turn), or ``None`` (absent or wrong)."""
        value = self.record.tags.get("First")
        if value is None:
            return None
        v = value.strip().lower()
        if v not in self.game.sides:
            sides = " or ".join(s.capitalize() for s in self.game.sides)
            self.tag_problem("First", f"the First tag must be {sides}, not {value!r}")
            return None
        return v

    def _winner_tag(self) -> str | None:
        value = self.record.tags.get("Winner")
        if value is None:
            return None
        v = value.strip().lower()
        if v not in (*self.game.sides, "draw", "*"):
            sides = ", ".join(s.capitalize() for s in self.game.sides)
            self.tag_problem("Winner", f"the Winner tag must be {sides}, Draw or *, not {value!r}")
            return None
        return v

    # --- one line -----------------------------------------------------------------------

    def _play_turn(self, turn: Turn, position: Any, out: list[Ply], seen: dict[Any, Ply] | None
                   ) -> tuple[Any, bool]:
        """Play ``turn``'s moves from ``position``; returns (position, ok)."""
        read, check, apply, side_to_move = self._read, self._check, self._apply, self._side
        notation = self.notation
        label, number, series = turn.label, turn.number, turn.series
        k = 1 if turn.ellipsis else 0
        for wm in turn.moves:
            side = side_to_move(position)
            if side != self.sides[k]:
                self._side_problem(turn, wm, side, self.sides[k], position)
                return position, False
            k = 1
            try:
                move = read(wm.text, position)
                reason = check(position, move)
            except MoveSyntaxError as exc:
                self._illegal(turn, wm, position, side, str(exc), None, exc.start)
                return position, False
            except IllegalMoveError as exc:
                self._illegal(turn, wm, position, side, str(exc), None, getattr(exc, "start", None))
                return position, False
            if reason is not None:
                self._illegal(turn, wm, position, side, reason, move, None)
                return position, False
            after = apply(position, move)
            ply = Ply(label, number, series, side, move, wm.text, wm.line, wm.column, position, after,
                      wm.averto, notation)
            out.append(ply)
            if wm.averto and not ply.threats:
                self.problem("'averto' is written, but after this move there is no threat to the "
                             "opponent's column or base", wm.line, wm.column, label, side,
                             wm.text, severity="warning")
            if seen is not None:
                earlier = seen.setdefault(after, ply)
                if earlier is not ply:
                    self.problem(f"this position was seen before, after turn {earlier.label} "
                                 f"({earlier.side})" if earlier.label else
                                 "this position was seen before, at the start", wm.line,
                                 wm.column, label, side, wm.text, severity="note")
            position = after
        return position, True

    def _illegal(self, turn: Turn, wm: WrittenMove, position: Any, side: str, reason: str,
                 move: Any, start: Any) -> None:
        """Report the move ``wm`` that cannot be played, with where its piece could go."""
        over = self.game.outcome(position)
        if over is not None:
            self.problem(f"the game is already over ({_describe(over)}): no move may follow a won "
                         "game", wm.line, wm.column, turn.label, side, wm.text)
            return
        notation = self.notation
        if move is not None:
            start = notation.start_of(move)
        if start is not None:
            legal = notation.destinations(position, start)
        else:
            legal = self._start_destinations(wm, position)
        self.problem(reason, wm.line, wm.column, turn.label, side, wm.text, legal)

    def _start_destinations(self, wm: WrittenMove, position: Any) -> tuple[str, ...]:
        try:
            move = self.notation.read(wm.text.replace(" x ", " to "), position)
        except (MoveSyntaxError, IllegalMoveError):
            return ()
        start = self.notation.start_of(move)
        return () if start is None else self.notation.destinations(position, start)

    def _side_problem(self, turn: Turn, wm: WrittenMove, side: str, expected: str,
                      position: Any) -> None:
        if turn.ellipsis:
            msg = f"'{turn.label}. ...' gives the first move to {expected.capitalize()}, but it is " \
                  f"{side.capitalize()}'s turn"
        elif expected == self.sides[0] and turn.moves.index(wm) == 0 and turn.number == 1 \
                and not turn.series and not self.result.main:
            msg = f"the Setup gives the first move to {side.capitalize()}: write 1. ... before " \
                  f"{side.capitalize()}'s first move"
        else:
            msg = f"it is {side.capitalize()}'s turn, but the record gives this move to " \
                  f"{expected.capitalize()} (a move is missing before it)"
        self.problem(msg, wm.line, wm.column, turn.label, expected, wm.text)

    def _main(self, start: Any, winner_tag: str | None) -> None:
        res, game = self.result, self.game
        position = start
        seen: dict[Any, Ply] = {start: Ply("", 0, "", "", None, "", 0, 0, None, start)}
        ending: Ending | None = None
        ender: str | None = None
        body = [t for t in self.record.body if not t.series]
        ok = True
        self.main_after: dict[int, Any] = {0: start}
        for k, item in enumerate(body):
            if isinstance(item, Ending):
                if ending is None and ok:
                    ending, ender = item, game.side_to_move(position)
                continue
            if not ok:
                break
            if ending is not None:
                self.problem(f"the game ended with '{ending.kind}' (line {ending.line}): no move "
                             "may follow", item.line, item.column, item.label)
                ok = False
                break
            if not item.moves and not (k + 1 < len(body) and isinstance(body[k + 1], Ending)):
                self.problem(f"turn {item.label} has no move", item.line, item.column, item.label)
            before = len(res.main)
            position, ok = self._play_turn(item, position, res.main, seen)
            if len(res.main) > before:
                res.turns += 1
                self.main_after[item.number] = position
        res.final = position
        if not ok or res.errors:
            return
        self._result(game.outcome(position), ending, ender, winner_tag)

    def _result(self, over: Outcome | None, ending: Ending | None, ender: str | None,
                tag: str | None) -> None:
        res, sides = self.result, self.game.sides
        if over is not None:
            res.winner, res.how = over.winner, over.how
            if tag in (*sides, "draw") and tag != over.winner:
                self.tag_problem("Winner", f"the Winner tag says {tag.capitalize()}, but on the "
                                 f"board {_describe(over)}")
            elif tag == "*":
                self.tag_problem("Winner", f"the Winner tag says the game goes on, but on the "
                                 f"board {_describe(over)}")
                self.result.warnings.append(_as_warning(self.result.errors.pop()))
            if ending is not None:
                self.problem(f"'{ending.kind}' is written after the game was already over",
                             ending.line, ending.column, severity="warning")
            return
        if ending is not None:
            if ending.kind == "draw claimed":
                if not self._claim(ending):
                    return
                winner, how = "draw", "draw-claimed"
            elif ending.kind == "draw agreed":
                winner, how = "draw", "agreement"
            else:
                winner, how = (sides[1] if ender == sides[0] else sides[0]), "concession"
            if tag in (*sides, "draw") and tag != winner:
                said = "a draw" if winner == "draw" else f"{(ender or '').capitalize()} resigned"
                self.tag_problem("Winner", f"the Winner tag says {tag.capitalize()}, but the "
                                 f"record ends with {said}")
                return
            res.winner, res.how = winner, how
            return
        if tag in sides:
            res.winner, res.how = tag, "concession"
        elif tag == "draw":
            res.winner, res.how = "draw", "agreement"

    def _claim(self, ending: Ending) -> bool:
        """Whether the draw claimed at the end of the main line is allowed (an error if not)."""
        try:
            self.game.claim_draw(self.result.final)
        except IllegalMoveError as exc:
            self.problem(f"the draw claim is refused: {exc}", ending.line, ending.column)
            return False
        return True

    def _series(self) -> None:
        res = self.result
        lines: dict[str, tuple[list[Any], list[Turn]]] = {}
        for item in self.record.body:
            if isinstance(item, Turn) and item.series:
                lines.setdefault(item.series, ([], []))[1].append(item)
        for letter, (_, turns) in lines.items():
            plies: list[Ply] = []
            res.series[letter] = plies
            after: dict[int, Any] = {}
            position: Any = None
            stopped = False
            previous: Turn | None = None
            for turn in turns:
                if previous is None or turn.number != previous.number + 1:
                    stopped = False
                    position = after.get(turn.number - 1)
                    if position is None:
                        position = self.main_after.get(turn.number - 1)
                    if position is None:
                        self.problem(f"series {letter} starts at turn {turn.label}, from turn "
                                     f"{turn.number - 1} of the main line, which was not replayed",
                                     turn.line, turn.column, turn.label)
                        stopped = True
                previous = turn
                if stopped:
                    continue
                if not turn.moves:
                    self.problem(f"turn {turn.label} has no move", turn.line, turn.column, turn.label)
                position, ok = self._play_turn(turn, position, plies, None)
                after[turn.number] = position
                stopped = not ok


_STARTS: dict[tuple[str, str | None, str | None], Any] = {}


def _start_position(game: Game[Any, Any], setup: str | None, first: str | None = None) -> Any:
    """The starting position of a record (positions are values: one per Setup is kept).

    A Setup names the side to move itself; without one, ``first`` (the ``First`` tag) chooses who
    moves first in the standard start (``ValueError`` from a game whose first mover is fixed).
    """
    first = None if setup is not None or first == game.sides[0] else first
    key = (game.name, setup, first)
    start = _STARTS.get(key)
    if start is None:
        if setup is not None:
            start = game.parse_setup(setup)
        elif first is not None:
            start = cast(Any, game).initial_position(first)
        else:
            start = game.initial_position()
        if len(_STARTS) > 1024:
            _STARTS.clear()
        _STARTS[key] = start
    return start


def _order(p: Problem) -> tuple[bool, int, int]:
    # Series problems after the others, so that errors[0] is the main line's first problem.
    in_series = p.turn is not None and not p.turn.isdigit()
    return (in_series, p.line or 0, p.column or 0)


def _with_source(p: Problem, source: str) -> Problem:
    return Problem(source, p.line, p.column, p.turn, p.side, p.move, p.message, p.legal,
                   p.severity, p.source_line)


def _as_warning(p: Problem) -> Problem:
    return Problem(p.source, p.line, p.column, p.turn, p.side, p.move, p.message, p.legal,
                   "warning", p.source_line)


def _describe(over: Outcome) -> str:
    if over.winner == "draw":
        why = _DRAW_WORDS.get(over.how)
        return f"the game is drawn ({why})" if why else "the game is drawn"
    return f"{over.winner.capitalize()} has won {_HOW_WORDS.get(over.how, f'({over.how})')}"


def replay(record: Record, source: str | None = None, index: int = 1) -> GameReplay:
    """Replay one record: every line, every problem, and the result (see module docstring)."""
    return _Replayer(record, source if source is not None else record.source, index).run()


def check_text(text: str, source: str = "<string>", *,
               progress: Callable[[int, int], None] | None = None) -> list[GameReplay]:
    """Parse and replay every game of ``text``; syntax errors become errors of their game.

    ``progress(done, total)`` is called after each game is replayed (for a progress bar).
    """
    return list(iter_check_text(text, source, progress=progress))


def iter_check_text(text: str, source: str = "<string>", *,
                    progress: Callable[[int, int], None] | None = None) -> Iterator[GameReplay]:
    """:func:`check_text` one game at a time: each game is replayed when it is asked for.

    ``pbmkit check`` reports each game and lets it go, so the positions of a large archive are
    never all in memory at once (holding them all made checking a 1,000-game archive ~30% slower).
    The cyclic garbage collector is held until the iteration ends (see ``no_gc_pauses``).
    """
    with no_gc_pauses():
        records, _ = parse_records(text, source, check_moves=False)
        total = len(records)
        for i, r in enumerate(records, 1):
            yield replay(r, source, i)
            if progress is not None:
                progress(i, total)


def _notation_of(game_name: str) -> tuple[Game[Any, Any], MoveNotation[Any, Any]]:
    game = get_game(game_name)
    if not has_notation(game.name):
        raise KeyError(f"pbmkit cannot read the moves of {game.title} records yet")
    return game, get_notation(game.name)


def format_move(game_name: str, move: Any, position: Any) -> str:
    """The canonical text of ``move`` in ``position`` (``"IR to HS"``)."""
    return _notation_of(game_name)[1].format(move, position)


def read_move(game_name: str, text: str, position: Any) -> Any:
    """The move ``text`` names in ``position``, read but not yet checked against the rules.

    Raises :class:`MoveSyntaxError` when it cannot be read.
    """
    return _notation_of(game_name)[1].read(text, position)


def parse_move(game_name: str, text: str, position: Any) -> Any:
    """The legal move ``text`` means in ``position``.

    Raises :class:`MoveSyntaxError` (unreadable) or :class:`IllegalMoveError` (illegal; the
    message says why), both ``ValueError``.
    """
    game, notation = _notation_of(game_name)
    move = notation.read(text, position)
    reason = game.check_move(position, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return move
