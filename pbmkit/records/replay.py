"""Replaying records against a game's rules: every line checked, every problem placed.

The main line and every alternate series are replayed; the first illegal move of each line is
reported (with the piece's legal destinations) and the line stops there, while the other lines and
the other games go on. Legality is the rules core's ``check_move``, one move at a time: no list of
all legal moves is built except to explain an error. The result is checked against the ``Winner``
tag (ruling 12); averto and repeated positions give warnings and notes.

Over 600 lines on purpose: the replayer is one state machine (turns, series, phases, endings,
repetitions, the result) whose parts share its state; split, they would share private state across
modules.
"""


from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Protocol

from pbmkit.games import AnyGame, IllegalMoveError, MoveError, Outcome, SetupError, get_game
from pbmkit.games.base import Announcement, describe_outcome, side_possessive, start_of
from pbmkit.games.notation import MoveNotation, destinations
from pbmkit.records.model import Ending, Phase, Record, Turn, WrittenMove
from pbmkit.records.problems import Problem
from pbmkit.records.reader import iter_records, move_syntax_problems

__all__ = ["GameReplay", "Line", "Ply", "Replayer", "check_text", "format_move", "iter_check_text",
           "parse_move", "replay", "start_position"]


class _PlyFields(NamedTuple):
    label: str
    """The turn label (``"12"``, ``"12a"``; ``"2:5"`` in a game's second round)."""
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
    announced: tuple[str, ...] = ()
    """The words the record wrote after the move (``("averto",)``)."""
    game: AnyGame | None = None


class Ply(_PlyFields):
    """One replayed move: where it was written, the move, and the positions around it.

    A named tuple (the replayer makes one a ply: a class with slots cost ~0.5 µs more each, ~7% of
    checking an archive); its canonical text and announcements are worked out on first use and
    kept in the instance's own dictionary.
    """

    def __repr__(self) -> str:
        return (f"Ply(label={self.label!r}, side={self.side!r}, move={self.move!r}, "
                f"written={self.written!r}, line={self.line}, column={self.column})")

    @property
    def text(self) -> str:
        """The canonical move (``"IR to HS"``)."""
        known = self.__dict__
        text: str | None = known.get("_text")
        if text is None:
            text = known["_text"] = (self.game.notation.format(self.move, self.before) if self.game
                                     else str(self.move))
        return text

    @property
    def announcements(self) -> tuple[Announcement, ...]:
        """What the move calls for announcing (Batalo's averto), whether written or not."""
        known = self.__dict__
        due: tuple[Announcement, ...] | None = known.get("_due")
        if due is None:
            due = known["_due"] = self.game.announce(self.after) if self.game else ()
        return due

    @property
    def touched(self) -> tuple[tuple[int, ...], ...]:
        """The spaces the move touches, one path per part (for arrows and shading)."""
        return self.game.touched(self.move) if self.game and self.move is not None else ()


_new_ply = tuple.__new__
"""``_new_ply(Ply, fields)``: a ply made in C, without the named tuple's ``__new__`` in Python."""


class Line:
    """A line of play: the main line (``name == ""``) or an alternate series, in a tree.

    A series branches from its ``parent`` line after the parent's ply ``branch`` (``None``: from
    the start); ``children`` are the series that branch from this line, in written order.
    (A plain class, as :class:`GameReplay`: see :class:`pbmkit.records.model.Record`.)
    """

    __slots__ = ("branch", "children", "name", "parent", "plies")

    def __init__(self, name: str, plies: list[Ply] | None = None, parent: "Line | None" = None,
                 branch: Ply | None = None, children: list["Line"] | None = None) -> None:
        self.name = name
        self.plies: list[Ply] = [] if plies is None else plies
        self.parent = parent
        self.branch = branch
        self.children: list[Line] = [] if children is None else children

    def __repr__(self) -> str:
        return f"Line(name={self.name!r}, plies={len(self.plies)}, children={self.children!r})"


class GameReplay:
    """One game of a file, replayed: its plies, its problems, and its result."""

    def __init__(self, source: str, index: int, record: Record, game: AnyGame | None,
                 start: Any = None) -> None:
        self.source = source
        self.index = index
        self.record = record
        self.game = game
        """The rules as the record's tags configure them, or ``None`` when the ``Game`` tag names
        an unknown game (or a configuring tag is wrong)."""
        self.start = start
        self.main: list[Ply] = []
        self.lines = Line("", self.main)
        """The tree of lines: the main line (whose ``plies`` is :attr:`main`) and its series."""
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []
        """Warnings and notes (``severity`` tells which)."""
        self.turns = 0
        self.order: tuple[str, ...] | None = None
        """The sides in the order they move within a turn (the ``First`` tag may name the first)."""
        self.winner: str | None = None
        self.how: str | None = None
        self.detail = ""
        """What the final position adds to the result's words (``Outcome.detail``: a score)."""
        self.final: Any = None

    def __repr__(self) -> str:
        return (f"GameReplay(source={self.source!r}, index={self.index}, valid={self.valid}, "
                f"turns={self.turns}, winner={self.winner!r})")

    @property
    def series(self) -> dict[str, list[Ply]]:
        """The alternate series' plies by letter, in written order (the tree's lines flattened)."""
        out: dict[str, list[Ply]] = {}
        stack = list(reversed(self.lines.children))
        while stack:
            line = stack.pop()
            out[line.name] = line.plies
            stack.extend(reversed(line.children))
        return out

    def line_of(self, ply: Ply) -> Line:
        """The line ``ply`` belongs to."""
        if not ply.series:
            return self.lines
        stack = list(self.lines.children)
        while stack:
            line = stack.pop()
            if line.name == ply.series:
                return line
            stack.extend(line.children)
        raise KeyError(f"no series {ply.series}")

    def previous(self, ply: Ply) -> Ply | None:
        """The ply that led to ``ply``'s position: the one before it in its line, or for the first
        move of a series, the ply of the parent line it branches from."""
        line = self.line_of(ply)
        index = next((k for k, p in enumerate(line.plies) if p is ply), 0)
        if index > 0:
            return line.plies[index - 1]
        return line.branch

    @property
    def valid(self) -> bool:
        """Whether the game has no error (warnings and notes do not count)."""
        return not self.errors

    def position_at(self, label: str | None) -> Any:
        """The position after turn ``label`` (``"12"``, ``"12a"``), all its moves; ``None`` = the end.

        Raises ``KeyError`` with a message when the turn was not replayed.
        """
        if label is None:
            return self.final
        key = label.strip().rstrip(".").lower()
        plies = self.main if key.replace(":", "").isdigit() else self.series.get(key[-1:], [])
        found = [p for p in plies if p.label == key]
        if not found:
            raise KeyError(f"turn {label} is not in the replayed part of the game")
        return found[-1].after

    def next_turn(self) -> tuple[str, str]:
        """``(label, side)`` of the next main-line move, e.g. ``("13", "black")``."""
        if self.game is None:
            return ("1", "white")
        order = self.order or self.game.order
        if not self.main:
            side = self.game.side_to_move(self.start) if self.start is not None else order[0]
            return ("1", side)
        last = self.main[-1]
        if self.next_phase() is not None or self.phase_written():  # turns count from 1 again
            return ("1", self.game.side_to_move(self.final))
        k = order.index(last.side) + 1 if last.side in order else len(order)
        if k < len(order):
            return (str(last.number), order[k])
        return (str(last.number + 1), order[0])

    def next_label(self) -> str:
        """The label of the next main-line move as reports write it: ``"13"``, or ``"2:1"`` in a
        game's second round (the label its ply will have)."""
        label = self.next_turn()[0]
        game = self.game
        if game is not None and game.rounds > 1 and self.final is not None \
                and (round_ := game.round_of(self.final)) > 1:
            return f"{round_}:{label}"
        return label

    def phase_written(self) -> bool:
        """Whether the main line ends with a phase line (``round 2``) that no turn follows yet."""
        for item in reversed(self.record.body):
            if not item.series:
                return isinstance(item, Phase)
        return False

    def next_phase(self) -> int | None:
        """The phase line the next main-line move needs first (``2``: ``round 2``), if any: the
        game has entered a round that the record has not written yet."""
        game = self.game
        if game is None or game.rounds <= 1 or self.final is None:
            return None
        first = game.round_of(self.start) if self.start is not None else 1  # a Setup's round
        written = max((p.number for p in self.record.body if isinstance(p, Phase) and not p.series),
                      default=first)
        now = game.round_of(self.final)
        return now if now > written else None

    def to_json(self) -> dict[str, Any]:
        """The object of ``check --json`` (record-format.md), plus ``file`` and ``warnings``."""
        return report_json(self)


class Reported(Protocol):
    """What a game's report says: a :class:`GameReplay`, or a lean check's ``GameCheck``."""

    @property
    def source(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def valid(self) -> bool: ...
    @property
    def turns(self) -> int: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def how(self) -> str | None: ...
    @property
    def errors(self) -> list[Problem]: ...
    @property
    def warnings(self) -> list[Problem]: ...


def report_json(report: Reported) -> dict[str, Any]:
    """The object of ``check --json`` for one game (record-format.md), with ``file`` and
    ``warnings``."""
    return {
        "game": report.index,
        "file": report.source,
        "valid": report.valid,
        "turns": report.turns,
        "winner": report.winner,
        "how": report.how,
        "errors": [p.to_json() for p in report.errors],
        "warnings": [p.to_json() for p in report.warnings],
    }


class Replayer:
    """Replays one record (:meth:`run`); collects problems in source order per line.

    A reader that plays a game's main line itself (the lean check, :mod:`pbmkit.desk.summary`)
    has the replayer judge it alike: :meth:`for_game`, then :meth:`judge_result` at the end.
    """

    def __init__(self, record: Record, source: str, index: int) -> None:
        self.record = record
        self.result = GameReplay(source, index, record, None)
        self._first_round = 1
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
        try:
            game = game.configure(rec.tags)
        except SetupError as exc:
            res.game = game
            self.tag_problem(exc.tag or "Game", str(exc))
            return res
        res.game = game
        self.game, self.notation = game, game.notation
        self.sides = res.order = game.order
        self._read, self._check = self.notation.read, game.check_move
        self._apply, self._side = game.apply, game.side_to_move
        self._words = game.announcement_words
        self._rounds = game.rounds > 1
        winner_tag = self.winner_tag()
        try:
            start = start_position(game, rec.tags.get("Setup"))
        except SetupError as exc:
            self.tag_problem("Setup", f"bad Setup: {exc}")
            return res
        res.start = res.final = start
        self._first_round = game.round_of(start) if self._rounds else 1
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

    def for_game(self, game: AnyGame) -> str | None:
        """Ready to judge a main line played by its caller in ``game`` (the record's game,
        configured): the Winner tag's value in lower case (``None``: none, or one the game cannot
        have, then an error in ``result.errors``)."""
        self.game = game
        self.result.game = game
        return self.winner_tag()

    def winner_tag(self) -> str | None:
        """The Winner tag's value in lower case, or ``None`` (none, or an error added)."""
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
        game, order, rounds = self.game, self.sides, self._rounds
        label, number, series = turn.label, turn.number, turn.series
        append = out.append
        sides = len(order)
        k = 0
        if turn.ellipsis:  # "12. ...": the turn opens with a later side than the first
            now = side_to_move(position)
            k = order.index(now) if now in order[1:] else 1
        written_round = (turn.phase or self._first_round) if rounds else 1
        round_ = 1
        for wm in turn.moves:
            side = side_to_move(position)
            expected = order[k % sides]
            if rounds:
                round_ = game.round_of(position)
                if round_ != written_round:
                    self._round_problem(turn, wm, round_, written_round, expected)
                    return position, False
            if side != expected:
                self._side_problem(turn, wm, side, expected, position)
                return position, False
            k += 1
            try:
                move = read(wm.text, position)
                reason = check(position, move)
            except MoveError as exc:
                self._illegal(turn, wm, position, side, str(exc), None, exc.start)
                return position, False
            if reason is not None:
                self._illegal(turn, wm, position, side, reason, move, None)
                return position, False
            after = apply(position, move)
            shown = label if round_ == 1 else f"{round_}:{label}"
            words = wm.announcements  # (model.announcements_of, without the call)
            ply = _new_ply(Ply, (shown, number, series, side, move, wm.text, wm.line, wm.column,
                                 position, after, words, game))
            append(ply)
            if words:
                self._judge_announcements(ply, words, wm)
            if seen is not None:
                earlier = seen.setdefault(after, ply)
                if earlier is not ply:
                    self.problem(f"this position was seen before, after turn {earlier.label} "
                                 f"({earlier.side})" if earlier.label else
                                 "this position was seen before, at the start", wm.line,
                                 wm.column, label, side, wm.text, severity="note")
            position = after
        return position, True

    def _shown(self, turn: Turn) -> str:
        """A turn's label in reports: ``"2:5"`` for turn 5 of round 2 (after the line ``round 2``,
        or from a Setup in round 2)."""
        round_ = turn.phase or self._first_round
        return f"{round_}:{turn.label}" if round_ > 1 else turn.label

    def _round_problem(self, turn: Turn, wm: WrittenMove, now: int, written: int, side: str) -> None:
        """The error at a move played in round ``now`` under the record's round ``written`` (its
        last phase line)."""
        if now > written:
            msg = f"round {now - 1} is over: write the line 'round {now}' before this move"
        else:
            msg = f"'round {written}' is written, but round {now} is not over"
        self.problem(msg, wm.line, wm.column, self._shown(turn), side, wm.text)

    def _judge_announcements(self, ply: Ply, words: tuple[str, ...], wm: WrittenMove) -> None:
        """A warning for each word written after the move that the move does not call for."""
        due = {a.word for a in ply.announcements}
        for word in words:
            if word not in due:
                why = self._words.get(word, "the game knows no such announcement")
                self.problem(f"'{word}' is written, but {why}", wm.line, wm.column, ply.label,
                             ply.side, wm.text, severity="warning")

    def _illegal(self, turn: Turn, wm: WrittenMove, position: Any, side: str, reason: str,
                 move: Any, start: Any) -> None:
        """Report the move ``wm`` that cannot be played, with where its piece could go."""
        over = self.game.outcome(position)
        if over is not None:
            self.problem(f"the game is already over ({describe_outcome(self.game, over)}): no move "
                         "may follow a won "
                         "game", wm.line, wm.column, self._shown(turn), side, wm.text)
            return
        if move is not None:
            start = start_of(self.game, move)
        if start is not None:
            legal = destinations(self.game, position, start)
        else:
            legal = self._start_destinations(wm, position)
        self.problem(reason, wm.line, wm.column, self._shown(turn), side, wm.text, legal)

    def _start_destinations(self, wm: WrittenMove, position: Any) -> tuple[str, ...]:
        try:
            move = self.notation.read(wm.text.replace(" x ", " to "), position)
        except MoveError:
            return ()
        start = start_of(self.game, move)
        return () if start is None else destinations(self.game, position, start)

    def _side_problem(self, turn: Turn, wm: WrittenMove, side: str, expected: str,
                      position: Any) -> None:
        whose = side_possessive(self.game, side)
        if turn.ellipsis:
            msg = f"'{turn.label}. ...' gives the first move to {expected.capitalize()}, but it is " \
                  f"{whose} turn"
        elif expected == self.sides[0] and turn.moves.index(wm) == 0 and turn.number == 1 \
                and not turn.series and not self.result.main:
            msg = f"the Setup gives the first move to {side.capitalize()}: write 1. ... before " \
                  f"{whose} first move"
        else:
            msg = f"it is {whose} turn, but the record gives this move to " \
                  f"{expected.capitalize()} (a move is missing before it)"
        self.problem(msg, wm.line, wm.column, self._shown(turn), expected, wm.text)

    def _main(self, start: Any, winner_tag: str | None) -> None:
        res, game = self.result, self.game
        position = start
        seen: dict[Any, Ply] | None = {start: Ply("", 0, "", "", None, "", 0, 0, None, start)} \
            if game.positions_repeat else None
        ending: Ending | None = None
        ender: str | None = None
        body = [t for t in self.record.body if not t.series]
        ok = True
        self.main_after: dict[tuple[int, int], Any] = {(0, 0): start}
        self.main_last: dict[tuple[int, int], Ply] = {}
        for k, item in enumerate(body):
            if isinstance(item, Ending):
                if ending is None and ok:
                    ending, ender = item, game.side_to_move(position)
                continue
            if not ok:
                break
            if isinstance(item, Phase):
                self.main_after[item.number, 0] = position
                if not self._rounds:
                    self.problem(f"'{item.label}': {game.title} is played in one round", item.line,
                                 item.column)
                    ok = False
                elif k + 1 == len(body) and game.round_of(position) != item.number:
                    self.problem(f"'{item.label}' is written, but round "
                                 f"{game.round_of(position)} is not over", item.line, item.column)
                continue
            if ending is not None:
                self.problem(f"the game ended with '{ending.kind}' (line {ending.line}): no move "
                             "may follow", item.line, item.column, self._shown(item))
                ok = False
                break
            if not item.moves and not (k + 1 < len(body) and isinstance(body[k + 1], Ending)):
                self.problem(f"turn {item.label} has no move", item.line, item.column, self._shown(item))
            before = len(res.main)
            position, ok = self._play_turn(item, position, res.main, seen)
            if len(res.main) > before:
                res.turns += 1
                self.main_after[item.phase, item.number] = position
                self.main_last[item.phase, item.number] = res.main[-1]
        res.final = position
        if not ok or res.errors:
            return
        self.judge_result(game.outcome(position), ending, ender, winner_tag)

    def judge_result(self, over: Outcome | None, ending: Ending | None, ender: str | None,
                     tag: str | None) -> None:
        """The result of the main line (``result.winner``, ``result.how``) from its final
        position's outcome ``over``, its ending (written when ``ender`` was to move) and the
        Winner tag's value ``tag``; the problems they make together added."""
        res, sides = self.result, self.game.sides
        if over is not None:
            res.winner, res.how, res.detail = over.winner, over.how, over.detail
            if tag in (*sides, "draw") and tag != over.winner:
                self.tag_problem("Winner", f"the Winner tag says {tag.capitalize()}, but on the "
                                 f"board {describe_outcome(self.game, over)}")
            elif tag == "*":
                self.tag_problem("Winner", f"the Winner tag says the game goes on, but on the "
                                 f"board {describe_outcome(self.game, over)}")
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
                others = [s for s in sides if s != ender]
                if len(others) > 1:  # several opponents: the Winner tag says who won, if anyone
                    if tag in others:
                        res.winner, res.how = tag, "concession"
                    return
                winner, how = others[0], "concession"
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
        """Replay each alternate series as a line branching from the main line's turn before it."""
        res = self.result
        turns_of: dict[str, list[Turn]] = {}
        for item in self.record.body:
            if isinstance(item, Turn) and item.series:
                turns_of.setdefault(item.series, []).append(item)
        for letter, turns in turns_of.items():
            line = Line(letter, parent=res.lines)
            res.lines.children.append(line)
            plies = line.plies
            after: dict[tuple[int, int], Any] = {}
            position: Any = None
            stopped = False
            previous: Turn | None = None
            for turn in turns:
                if previous is None or turn.number != previous.number + 1:
                    stopped = False
                    key = (turn.phase, turn.number - 1)
                    position = after.get(key)
                    if position is None:
                        position = self.main_after.get(key)
                        if previous is None and position is not None:
                            line.branch = self.main_last.get(key)
                    if position is None:
                        self.problem(f"series {letter} starts at turn {turn.label}, from turn "
                                     f"{turn.number - 1} of the main line, which was not replayed",
                                     turn.line, turn.column, self._shown(turn))
                        stopped = True
                previous = turn
                if stopped:
                    continue
                if not turn.moves:
                    self.problem(f"turn {turn.label} has no move", turn.line, turn.column, self._shown(turn))
                position, ok = self._play_turn(turn, position, plies, None)
                after[turn.phase, turn.number] = position
                stopped = not ok


_STARTS: dict[tuple[object, str | None], Any] = {}


def start_position(game: AnyGame, setup: str | None) -> Any:
    """The starting position of a record (positions are values: one per game and Setup is kept).

    A Setup names the side to move itself; without one, the configured game's standard start.
    """
    key = (game, setup)
    start = _STARTS.get(key)
    if start is None:
        start = game.parse_setup(setup) if setup is not None else game.initial_position()
        if len(_STARTS) > 1024:
            _STARTS.clear()
        _STARTS[key] = start
    return start


def _order(p: Problem) -> tuple[bool, int, int]:
    # Series problems after the others, so that errors[0] is the main line's first problem.
    # A series' label ends with its letter ("12a", "2:5a"); "2:5" is the main line's round 2.
    in_series = p.turn is not None and p.turn[-1:].isalpha()
    return (in_series, p.line or 0, p.column or 0)


def _with_source(p: Problem, source: str) -> Problem:
    return Problem(source, p.line, p.column, p.turn, p.side, p.move, p.message, p.legal,
                   p.severity, p.source_line)


def _as_warning(p: Problem) -> Problem:
    return Problem(p.source, p.line, p.column, p.turn, p.side, p.move, p.message, p.legal,
                   "warning", p.source_line)


def replay(record: Record, source: str | None = None, index: int = 1) -> GameReplay:
    """Replay one record: every line, every problem, and the result (see module docstring)."""
    return Replayer(record, source if source is not None else record.source, index).run()


def check_text(text: str, source: str = "<string>", *,
               progress: Callable[[int, int], None] | None = None) -> list[GameReplay]:
    """Parse and replay every game of ``text``; syntax errors become errors of their game.

    ``progress(done, total)`` is called after each game is replayed (for a progress bar).
    """
    return list(iter_check_text(text, source, progress=progress))


def iter_check_text(text: str, source: str = "<string>", *,
                    progress: Callable[[int, int], None] | None = None) -> Iterator[GameReplay]:
    """:func:`check_text` one game at a time: each game is replayed when it is asked for.

    ``pbmkit check`` reports each game and lets it go, and the archive is read one chunk of games
    at a time (:func:`~pbmkit.records.reader.iter_records`), so neither the records nor the
    positions of a large archive are ever all in memory at once. ``progress(done, total)`` counts
    chunks of the archive (each a game or a few).
    The garbage collector is left as the caller set it (the ``pbmkit`` command tunes it).
    """
    # With a progress bar the text is read a game at a time however small: the bar counts chunks.
    whole = 0 if progress is not None else None
    for i, (r, chunk, chunks) in enumerate(iter_records(text, source, whole=whole), 1):
        yield replay(r, source, i)
        if progress is not None:
            progress(chunk + 1, chunks)


def _notation_of(game_name: str) -> tuple[AnyGame, MoveNotation[Any, Any]]:
    game = get_game(game_name)
    return game, game.notation


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
