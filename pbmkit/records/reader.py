"""Reading records: the Lark LALR parser over ``record.lark`` and the builder of :class:`Record`.

A text without a syntax error is split by :mod:`pbmkit.records.tokens` into the very tokens and
items Lark would give, without Lark. Any other text goes to the parser, which is built once per
process; its tables are cached in the user's cache directory (Lark's ``cache=``), and the
grammar's rules call back into :class:`_Callbacks` while parsing, so no parse tree is ever built.
Lark is imported on first use only.

Over 600 lines on purpose: the grammar's reader, its plain-words error messages and the builder of
:class:`Record` share the tokens' positions and the lexer callbacks; the fast tokenizer is already
apart (:mod:`pbmkit.records.tokens`).
"""

from __future__ import annotations

import _thread
import os
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pbmkit.games.notation import MoveSpan
from pbmkit.records.model import Comment, Ending, Phase, Record, Turn, WrittenMove, canonical_tag_name
from pbmkit.records.problems import MoveSyntaxError, Problem
from pbmkit.records.tokens import grammar_text, one_turn_pattern, simple_items

__all__ = ["DATE_PATTERN", "TAG_PATTERN", "chunk_spans", "grammar_text", "move_syntax_problems",
           "parse_chunk", "parse_records"]

_TURN_RE = r"([0-9]+)([A-Za-z]?)\.(\.\.)?"  # compiled on first use (re keeps it)
TAG_PATTERN = re.compile(r'\[[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\r\n]|\\.)*)"[ \t]*\]')
"""The grammar's TAG, with the name and the value (escapes unread) as groups."""
_UNESCAPE_RE = r"\\(.)"  # compiled on first use (re keeps it)
DATE_PATTERN = re.compile(r"[0-9?]{4}-[0-9?]{2}-[0-9?]{2}")
"""A ``Date`` tag's value that gives no warning (``fullmatch`` of the value, stripped)."""

# Plain words for the grammar's terminals, in the order a message lists them: errors never show
# terminal names.
_WORDS = {
    "MOVETEXT": "a move",
    "TURN": "a turn number (like 12.)",
    "ELLIPSIS": "'...'",
    "RESIGNS": "'resigns'",
    "DRAW": "'draw agreed' or 'draw claimed'",
    "PHASE": "a phase line (like round 2)",
    "TAG": 'a tag (like [White "name"])',
    "$END": "the end of the file",
}


def _expected_words(expected: set[str]) -> str:
    words = [w for t, w in _WORDS.items() if t in expected and t not in ("TAG", "$END")]
    if not words:
        words = [w for t, w in _WORDS.items() if t in expected] or ["something else"]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


_SINK = _thread._local()
"""Where the lexer callback puts the comments of the parse in progress: one list per thread, so
that several threads may parse at once with the one parser (its lexer calls back into a plain
function, which cannot be told which parse it serves)."""


def _on_comment(token: Any) -> Any:
    _SINK.comments.append(token)
    return token


class _PassThrough:
    """A post-lexer that only makes Lark keep the error-catching terminals in the lexer."""

    always_accept = ("WORD", "BADTAG", "LBRACE")

    def process(self, stream: Any) -> Any:
        return stream


def _callbacks() -> Any:
    from lark import Transformer

    class _Callbacks(Transformer):  # type: ignore[type-arg]
        """Rule callbacks: tuples for the builder, no tree."""

        def start(self, children: list[Any]) -> list[Any]:
            return children

        def game(self, children: list[Any]) -> tuple[str, list[Any], list[Any]]:
            if children and isinstance(children[-1], list):
                return ("game", children[:-1], children[-1])
            return ("game", children, [])

        def body(self, children: list[Any]) -> list[Any]:
            return children

        def turn(self, children: list[Any]) -> tuple[str, list[Any]]:
            return ("turn", children)

        def ending(self, children: list[Any]) -> tuple[str, Any]:
            return ("end", children[0])

        def phase(self, children: list[Any]) -> tuple[str, Any]:
            return ("phase", children[0])

    return _Callbacks()


_PARSER: Any = None


def _cache_file(grammar: str) -> str | bool:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    directory = os.path.join(base, "pbmkit")
    try:
        import hashlib

        import lark

        os.makedirs(directory, exist_ok=True)
        digest = hashlib.sha256((grammar + lark.__version__).encode()).hexdigest()[:16]
        path = os.path.join(directory, f"record-{digest}.lark-cache")
        if not os.access(directory, os.W_OK) and not os.path.exists(path):
            return False
        return path
    except OSError:
        return False


def _parser() -> Any:
    """The LALR parser, built (or loaded from the cache) on first use."""
    global _PARSER
    if _PARSER is not None:
        return _PARSER
    with _PARSER_LOCK:  # built once, even when several threads ask first
        return _build_parser()


_PARSER_LOCK = _thread.allocate_lock()


def _build_parser() -> Any:
    global _PARSER
    if _PARSER is None:
        from lark import Lark

        grammar = grammar_text()
        options: dict[str, Any] = {
            "parser": "lalr",
            "lexer": "basic",
            "transformer": _callbacks(),
            "postlex": _PassThrough(),
            "lexer_callbacks": {"COMMENT": _on_comment, "LINE_COMMENT": _on_comment},
            "maybe_placeholders": False,
        }
        cache = _cache_file(grammar)
        try:
            _PARSER = Lark(grammar, cache=cache, **options)
        except OSError:
            _PARSER = Lark(grammar, **options)
    return _PARSER


class _Reader:
    """One parse: collects syntax problems, then builds the records."""

    def __init__(self, text: str, source: str, first_line: int = 1) -> None:
        self.first_line = first_line
        """The line of the file that ``text`` starts on (a chunk of an archive)."""
        self.bom = text.startswith("\ufeff")
        self.text = text[1:] if self.bom else text
        self.source = source
        self.lines = self.text.split("\n")
        self.problems: list[tuple[int, Problem]] = []
        self.per_turn = 2
        """How many moves a numbered turn holds: one per side of the record's game."""
        self._sizes: dict[int, int] = {}
        self._splits: dict[str, Callable[[str], Sequence[MoveSpan]]] = {}
        self.split: Callable[[str], Sequence[MoveSpan]] = _whole
        """The current record's game's :meth:`~pbmkit.games.notation.MoveNotation.split`."""
        self.phase = 0
        self.game_name = ""
        """The game of the record being built."""
        self._refused_line = 0
        """The line of the last move refused as one too many in the record being built."""
        self.rounds = False
        """Whether the current record's game is played in rounds (phase lines)."""
        self._rounds: dict[str, bool] = {}

    # --- problems ---------------------------------------------------------------------

    def problem(self, pos: int, line: int | None, column: int | None, message: str,
                severity: str = "error", turn: str | None = None, move: str | None = None) -> None:
        k = line - self.first_line if line else -1
        src = self.lines[k].rstrip("\r") if 0 <= k < len(self.lines) else None
        self.problems.append((pos, Problem(self.source, line, column, turn, None, move, message,
                                           severity=severity, source_line=src)))

    def on_error(self, e: Any) -> bool:
        from lark.exceptions import UnexpectedCharacters, UnexpectedToken

        if isinstance(e, UnexpectedToken):
            token = e.token
            if token.type == "$END":
                self.problem(len(self.text), e.line if e.line != -1 else None, None,
                             "the record ends too early")
                return False
            self.problem(token.start_pos, token.line, token.column, self._unexpected(e))
            if token.type == "WORD" and "TURN" in e.expected and re.fullmatch(r"[0-9]{1,9}[A-Za-z]?", token):
                # "12 IR to HS": read on as if the dot were there, so one slip is one error
                from lark import Token

                e.interactive_parser.feed_token(Token.new_borrow_pos("TURN", f"{token}.", token))
            return True
        if isinstance(e, UnexpectedCharacters):  # not expected: WORD catches any text
            pos = e.pos_in_stream or 0
            self.problem(pos, e.line, e.column, f"unexpected character {self.text[pos]!r}")
            return True
        return False

    def _unexpected(self, e: Any) -> str:
        token = e.token
        kind, value = token.type, str(token).strip()
        previous = None
        try:
            stack = e.interactive_parser.parser_state.value_stack
            previous = getattr(stack[-1], "type", None) if stack else None
        except AttributeError:
            pass
        if kind == "BADTAG":
            return 'a tag is written [Name "value"] on one line, the value in double quotes'
        if kind == "LBRACE":
            return "this comment is never closed: a { needs its }"
        if kind == "MOVETEXT":
            if previous in ("RESIGNS", "DRAW"):
                return f"the move {value} follows the end of the game"
            if previous == "PHASE":
                return f"{value!r} has no turn number before it: turns are numbered from 1 again " \
                       f"after a phase line, like 1. {value}"
            return f"{value!r} has no turn number before it: moves are written after one, like " \
                   f"1. {value}"
        if kind == "ELLIPSIS":
            return "'...' must follow a turn number, as in 1. ... EV to DU"
        if kind == "WORD":
            if value == "}":
                return "a } without a matching {"
            if re.fullmatch(r"[0-9]{10,}[A-Za-z]?\.*", value):
                return f"a turn number has at most 9 digits, not {len(value.rstrip('.'))}"
            if re.fullmatch(r"[0-9]+[A-Za-z]?", value):
                return f"a turn number needs a dot: write {value}."
            return f"unexpected text {value!r}: expected {_expected_words(set(e.expected))}"
        return f"unexpected {_WORDS.get(kind, repr(value))}: expected {_expected_words(set(e.expected))}"

    # --- building records -------------------------------------------------------------

    def build(self, items: list[Any], comments: list[Any]) -> list[Record]:
        games: list[tuple[list[Any], list[Any]]] = []
        for item in items:
            if isinstance(item, list):  # the tag-less body of the first game
                games.append(([], item))
                continue
            # A tag already given starts the next game: an archive of games without moves yet.
            group: list[Any] = []
            names: set[str] = set()
            for tok in item[1]:
                m = TAG_PATTERN.fullmatch(str(tok))
                name = canonical_tag_name(m.group(1)) if m else ""
                if name in names:
                    games.append((group, []))
                    group, names = [], set()
                group.append(tok)
                names.add(name)
            games.append((group, item[2]))
        self.comments = sorted(comments, key=lambda t: t.start_pos)
        self.ci = 0
        self.last_line = 0
        records: list[Record] = []
        self.anchor: list[Comment] | None = None
        for tags, body in games:
            records.append(self._record(tags, body, first=not records))
        # Comments after the last element stay with it; a file of comments alone is one game.
        if self.ci < len(self.comments):
            if not records:
                records.append(self._new_record())
                self.anchor = records[0].leading
            self._comments_before(None)
        if not records and self.problems:
            records.append(self._new_record())
        self._assign_problems(records)
        return records

    def _new_record(self) -> Record:
        return Record(source=self.source, lines=self.lines, bom=self.bom, first_line=self.first_line)

    def _comments_before(self, pos: int | None) -> None:
        comments = self.comments
        while self.ci < len(comments) and (pos is None or comments[self.ci].start_pos < pos):
            tok = comments[self.ci]
            self.ci += 1
            value = str(tok)
            c = (Comment(value[1:-1], "{", tok.line, tok.column) if value.startswith("{")
                 else Comment(value[1:].rstrip("\r").replace(_OPEN, "{"), ";", tok.line, tok.column))
            if self.anchor is not None:
                self.anchor.append(c)

    def _record(self, tags: list[Any], body: list[Any], first: bool) -> Record:
        rec = self._new_record()
        head = tags[0] if tags else (body[0][1][0] if body[0][0] == "turn" else body[0][1])
        rec.line, rec.column, rec.start_pos = head.line, head.column, head.start_pos
        if first:
            self.anchor = rec.leading
        else:
            # Comments on the line of the previous game's last element stay with it; comments on
            # lines of their own before this game's first tag open this game.
            while self.ci < len(self.comments) and self.comments[self.ci].start_pos < head.start_pos \
                    and self.comments[self.ci].line <= self.last_line:
                self._comments_before(self.comments[self.ci].start_pos + 1)
            self.anchor = rec.leading
        for tok in tags:
            self._comments_before(tok.start_pos)
            self._tag(rec, tok)
        if tags and body and self.ci < len(self.comments):
            # After the tags: comments on a tag's line stay with it, the others open the moves.
            opening = body[0][1][0] if body[0][0] == "turn" else body[0][1]
            last_line = tags[-1].line
            while self.ci < len(self.comments) and self.comments[self.ci].line == last_line:
                self._comments_before(self.comments[self.ci].start_pos + 1)
            self.anchor = rec.intro
            self._comments_before(opening.start_pos)
        lines: dict[str, Turn] = {}
        last: Turn | None = None
        self.game_name = rec.game_name
        self.split = self._splitter(rec)
        self.phase = 0
        self.rounds = self._rounds.get(rec.game_name, False)
        for kind, data in body:
            if kind == "end":
                self._comments_before(data.start_pos)
                text = " ".join(str(data).lower().split())
                ending = Ending(text, last.series if last else "", data.line, data.column)
                rec.body.append(ending)
                self.anchor = ending.comments
                continue
            if kind == "phase":
                self._comments_before(data.start_pos)
                phase = Phase(int(str(data).split()[1]), last.series if last else "", data.line,
                              data.column)
                rec.body.append(phase)
                self.anchor = phase.comments
                self.phase = phase.number
                lines.clear()  # turns are numbered from 1 again
                continue
            last = self._turn(rec, data, lines, last)
        # A move refused as one too many still ends the game's text: comments on its line stay
        # with the game, as when the game is read alone (a chunk of an archive).
        self.last_line = max(self._end_line(rec, tags), self._refused_line)
        self._refused_line = 0
        return rec

    def _splitter(self, rec: Record) -> Callable[[str], Sequence[MoveSpan]]:
        """The split of the record's game's notation (the whole run as one move if no game)."""
        name = rec.game_name
        split = self._splits.get(name)
        if split is None:
            from pbmkit.games import UnknownGameError, get_game

            try:
                game = get_game(name)
            except UnknownGameError:
                split = _whole
            else:
                split, self._rounds[name] = game.notation.split, game.rounds > 1
            self._splits[name] = split
        return split

    @staticmethod
    def _end_line(rec: Record, tags: list[Any]) -> int:
        """The line on which the game's last element ends (comments there stay with it)."""
        if rec.body:
            item = rec.body[-1]
            if isinstance(item, Turn) and item.moves:
                return item.moves[-1].line
            return item.line
        return int(tags[-1].line) if tags else 0

    def _tag(self, rec: Record, tok: Any) -> None:
        m = TAG_PATTERN.fullmatch(str(tok))
        assert m is not None  # the TAG terminal has the same shape
        name = canonical_tag_name(m.group(1))
        value = m.group(2)
        if "\\" in value:  # escapes are rare (re.sub costs ~0.6 us a tag even with none)
            value = re.sub(_UNESCAPE_RE, r"\1", value)
        if _OPEN in value:
            value = value.replace(_OPEN, "{")
        rec.tags[name] = value
        rec.tag_positions[name] = (tok.line, tok.column)
        comments = rec.tag_comments.setdefault(name, [])
        self.anchor = comments
        if name == "Date" and value.strip() and not DATE_PATTERN.fullmatch(value.strip()):
            self.problem(tok.start_pos, tok.line, tok.column,
                         f"the Date tag is written YYYY-MM-DD (1994-03-?? for a partial date), "
                         f"not {value!r}", "warning")

    def _turn(self, rec: Record, tokens: list[Any], lines: dict[str, Turn],
              last: Turn | None) -> Turn:
        size = self._sizes.get(id(rec))
        if size is None:
            size = self._sizes[id(rec)] = len(_side_order(rec) or ("", ""))
        self.per_turn = size
        head = tokens[0]
        rest = [(t.type, str(t), t.line, t.column, t.start_pos, t.end_pos) for t in tokens[1:]]
        if head.type != "TURNS":
            first = (head.type, str(head), head.line, head.column, head.start_pos, head.end_pos)
            return self._one_turn(rec, [first, *rest], lines, last)
        last = self._plain_turns(rec, head, lines, last)
        if rest:
            self._extend(last, rest)
        return last

    def _plain_turns(self, rec: Record, tok: Any, lines: dict[str, Turn], last: Turn | None) -> Turn:
        """The turns of a TURNS token (a run of plain turns), built directly: the fast path."""
        if self.ci < len(self.comments):
            self._comments_before(tok.start_pos)
        line = tok.line
        matches = getattr(tok, "matches", None)  # the scanner's, in the whole text
        if matches is None:  # Lark's token: match its text again
            start, col0_text = tok.start_pos, tok.column  # col0_text + offset: the column
            matches = _turn_matches(str(tok))
        else:
            start, col0_text = 0, tok.column - tok.start_pos
        append = rec.body.append
        moves = self._moves
        split = self.split
        limit = self.per_turn
        phase = self.phase
        turn = last
        for m in matches:
            digits, series, run, ws = m.groups()
            regs = m.regs
            i = regs[0][0]
            number = int(digits)
            if series:
                series = series.lower()
                label = f"{number}{series}"
            else:
                label = digits if digits[0] != "0" else str(number)
            turn = Turn(label, number, series, [], False, line, col0_text + i, [], phase)
            previous = lines.get(series)
            if previous is None or number != previous.number + 1:
                self._check_number(turn, previous, start + i)
            append(turn)
            lines[series] = turn
            at = regs[3][0]
            spans = split(run)
            if len(spans) <= limit and "  " not in run and "\t" not in run:
                # the common case, built at once (as _moves would)
                column, pos = col0_text + at, start + at
                written = turn.moves
                for s_start, s_end, words, stop in spans:
                    if len(words) > 1:  # a word written twice: _moves warns
                        written.clear()
                        moves(turn, run, line, column, pos, spans)
                        break
                    written.append(WrittenMove(run[s_start:s_end], line, column + s_start,
                                               pos + (stop if stop >= 0 else s_end), words))
                if written:
                    self.anchor = written[-1].comments
            else:
                moves(turn, run, line, col0_text + at, start + at, spans)
            if ws != " " and "\n" in ws:
                line += ws.count("\n")
                col0_text = 1 - (regs[4][1] - len(ws) + ws.rfind("\n") + 1)
        assert turn is not None
        return turn

    def _moves(self, turn: Turn, run: str, line: int, column: int, pos: int,
               spans: Sequence[MoveSpan] | None = None) -> None:
        """Add the moves of ``run`` (one MOVETEXT, at ``pos``), as the game's notation splits it
        (``spans``, when already split)."""
        limit = self.per_turn - 1 if turn.ellipsis else self.per_turn
        moves = turn.moves
        for start, end, words, stop in self.split(run) if spans is None else spans:
            if len(moves) >= limit:
                self._refused_line = line
                if not self._unreadable(moves):  # else that move's own error explains it
                    self._too_many(turn, run[start:end], limit, pos + start, line, column + start)
                continue
            text = run[start:end]
            if "  " in text or "\t" in text:
                text = " ".join(text.split())
            if words and len(set(words)) < len(words):
                for w in sorted({w for w in words if words.count(w) > 1}):
                    self.problem(pos + start, line, column + start, f"'{w}' is written twice",
                                 "warning", turn=turn.label)
                words = tuple(dict.fromkeys(words))
            move = WrittenMove(text, line, column + start, pos + (stop if stop >= 0 else end), words)
            moves.append(move)
            self.anchor = move.comments

    def _unreadable(self, moves: list[WrittenMove]) -> bool:
        """Whether one of ``moves`` is no move of the game (a stray word split as a move)."""
        from pbmkit.games import UnknownGameError, get_game

        try:
            normalize = get_game(self.game_name).notation.normalize
        except UnknownGameError:
            return False
        for move in moves:
            try:
                normalize(move.text)
            except MoveSyntaxError:
                return True
        return False

    def _too_many(self, turn: Turn, value: str, limit: int, pos: int, line: int, column: int) -> None:
        label, value = turn.label, " ".join(value.split())
        if turn.ellipsis and limit == 1:
            message = f"a second move after '{label}. ...' ({value}): write the next turn number " \
                      "before it"
        else:
            nth = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(
                limit + 1, f"{limit + 1}th")
            message = f"a {nth} move in turn {label} ({value}): a turn holds one move of each " \
                      "side; write the next turn number before it"
        self.problem(pos, line, column, message, turn=label, move=value)

    def _one_turn(self, rec: Record, parts: list[tuple[str, str, int, int, int, int]],
                  lines: dict[str, Turn], last: Turn | None) -> Turn:
        _, number_text, line, column, start, _ = parts[0]
        if self.comments:
            self._comments_before(start)
        m = re.fullmatch(_TURN_RE, number_text)
        assert m is not None
        number, series = int(m.group(1)), m.group(2).lower()
        label = f"{number}{series}"
        ellipsis = m.group(3) is not None or (len(parts) > 1 and parts[1][0] == "ELLIPSIS")
        previous = lines.get(series)
        # "N..." right after turn N continues it while the turn has room (one move of each
        # place: with 3 to 5 sides, "1. d2-e2 d8-e8 ; note" then "1... b7-b8").
        merge = (ellipsis and previous is not None and previous is last and previous.label == label
                 and 0 < len(previous.moves)
                 < (self.per_turn - 1 if previous.ellipsis else self.per_turn))
        if merge:  # "12. IR to HS {...} 12... EV to DU": Black's move of the same turn
            assert previous is not None
            turn = previous
        else:
            turn = Turn(label, number, series, ellipsis=ellipsis, line=line, column=column,
                        phase=self.phase)
            self._check_number(turn, previous, start)
            rec.body.append(turn)
            lines[series] = turn
        self.anchor = turn.comments
        before = len(turn.moves)
        self._extend(turn, parts[1:])
        if merge and len(turn.moves) == before:
            nth = "second" if before == 1 else "next"
            self.problem(start, line, column, f"'{number_text}' is not followed by a move: write the "
                         f"{nth} move of turn {label} after it, or remove it", turn=label)
        return turn

    def _extend(self, turn: Turn, parts: list[tuple[str, str, int, int, int, int]]) -> None:
        """Add the moves of the MOVETEXT runs of ``parts`` to ``turn`` (``...`` adds nothing)."""
        for kind, value, line, column, start, _ in parts:
            if self.ci < len(self.comments):
                self._comments_before(start)
            if kind == "MOVETEXT":
                self._moves(turn, value, line, column, start)

    def _check_number(self, turn: Turn, previous: Turn | None, pos: int) -> None:
        if previous is None:
            if turn.series == "" and turn.number != 1:
                self.problem(pos, turn.line, turn.column,
                             f"turn {turn.label} is out of sequence: the main line starts with 1.",
                             turn=turn.label)
            return
        if turn.number != previous.number + 1:
            want = f"{previous.number + 1}{turn.series}"
            hint = " (a new round needs its line, like round 2)" if turn.number == 1 and \
                self.rounds else ""
            self.problem(pos, turn.line, turn.column,
                         f"turn {turn.label} is out of sequence: turn {previous.label} is followed "
                         f"by {want}.{hint}", turn=turn.label)

    def _assign_problems(self, records: list[Record]) -> None:
        if not records:
            return
        starts = [r.start_pos for r in records]
        k = 0
        for pos, problem in sorted(self.problems, key=lambda p: p[0]):
            while k + 1 < len(records) and pos >= starts[k + 1]:
                k += 1
            records[k].problems.append(problem)


def parse_records(text: str, source: str = "<string>", *, check_moves: bool = True
                  ) -> tuple[list[Record], list[Problem]]:
    """Every game in ``text`` and every syntax problem found (also kept on each game's record).

    With ``check_moves`` every written move is also read by its game's notation, so that ``IR to``
    or ``g4`` are syntax errors (``Record.move_problems``); the replayer, which reads every move
    anyway, parses without it.
    """
    return _parse_records(text, source, check_moves)


def parse_chunk(text: str, source: str, first_line: int = 1) -> list[Record]:
    """The games of ``text``, a chunk of an archive starting on the file's line ``first_line``
    (:func:`chunk_spans`), as :func:`iter_records` reads them: without ``check_moves``, their
    syntax problems on each record."""
    return _parse_records(text, source, False, first_line)[0]


def _parse_records(text: str, source: str, check_moves: bool, first_line: int = 1
                   ) -> tuple[list[Record], list[Problem]]:
    reader = _Reader(text, source, first_line)
    simple = simple_items(reader.text, first_line)
    if simple is not None:
        items, comments = simple
        records = reader.build(items, comments)
    else:
        reader = _Reader(text, source)  # Lark counts lines from 1: moved to the file's below
        items, comments = _lark_items(reader)
        records = reader.build(items, comments)
        if first_line != 1:
            for record in records:
                _shift_lines(record, first_line - 1)
    if check_moves:
        for record in records:
            record.move_problems = move_syntax_problems(record, record.turns)
    problems = sorted((p for r in records for p in (*r.problems, *r.move_problems)),
                      key=lambda p: (p.line or 0, p.column or 0))
    return records, problems


def iter_records(text: str, source: str = "<string>", *, whole: int | None = None
                 ) -> Iterator[tuple[Record, int, int]]:
    """Every game of ``text`` with the index of its chunk and the number of chunks, read one chunk
    of the archive at a time (:func:`pbmkit.records.chunks.game_chunks`): only the games being
    read are in memory, so an archive of any size checks in memory bounded by its largest game.

    The records are those :func:`parse_records` gives without ``check_moves``, except that source
    offsets (``start_pos``, ``end_pos``) count from their chunk; lines and columns are the file's.
    A text of at most ``whole`` characters (64 KiB by default: a mailed record) is one chunk.
    """
    spans = chunk_spans(text, whole)
    total = len(spans)
    for k, (start, end, first_line) in enumerate(spans):
        records, _ = _parse_records(text[start:end], source, False, first_line)
        for record in records:
            yield record, k, total


def chunk_spans(text: str, whole: int | None = None) -> list[tuple[int, int, int]]:
    """``(start, end, first line)`` of each chunk of ``text`` that :func:`iter_records` reads:
    the whole text when it holds at most ``whole`` characters (64 KiB by default), else a game or
    a few at a time (:func:`pbmkit.records.chunks.game_chunks`)."""
    if len(text) <= (_WHOLE if whole is None else whole):
        # a record or a small archive (up to ``whole`` characters): one chunk, without the scan
        return [(0, len(text), 1)]
    from pbmkit.records.chunks import game_chunks

    chunks = game_chunks(text)
    ends = [start for start, _ in chunks[1:]] + [len(text)]
    return [(start, end, line) for (start, line), end in zip(chunks, ends, strict=True)]


_WHOLE = 1 << 16
"""Texts up to this many characters are read whole by :func:`iter_records` (a mailed record: the
chunk scan and its patterns would only cost start-up); larger ones a chunk of games at a time."""


def _turn_matches(text: str) -> Iterator[re.Match[str]]:
    """The ONE_TURN matches that make up the text of a TURNS token."""
    match = one_turn_pattern().match
    i, n = 0, len(text)
    while i < n:
        m = match(text, i)
        if m is None:  # pragma: no cover - the TURNS terminal and ONE_TURN are the same pattern
            raise AssertionError(f"cannot split {text[i:]!r}")
        yield m
        i = m.end()


def _whole(text: str) -> list[MoveSpan]:
    """The split of a record whose game is unknown: the whole run is one move."""
    return [MoveSpan(0, len(text), (), len(text))]


def _shift_lines(record: Record, offset: int) -> None:
    """Make the line numbers of a record read from a chunk the file's (columns are unchanged:
    chunks start at the start of a line)."""

    def comments(cs: list[Comment]) -> None:
        for c in cs:
            c.line += offset

    record.first_line += offset
    record.line += offset
    record.tag_positions = {k: (ln + offset, col) for k, (ln, col) in record.tag_positions.items()}
    for cs in (record.leading, record.intro, *record.tag_comments.values()):
        comments(cs)
    for item in record.body:
        item.line += offset
        comments(item.comments)
        if isinstance(item, Turn):
            for move in item.moves:
                move.line += offset
                comments(move.comments)
    record.problems = [p if p.line is None else p._replace(line=p.line + offset)
                       for p in record.problems]


_OPEN = "\ue000"
"""What an unclosed ``{`` is read as by the Lark parser (the grammar's LBRACE); swapped back in
the tag values and ``;`` comments that hold one."""


def _lark_items(reader: _Reader) -> tuple[list[Any], list[Any]]:
    """Items and comments of ``reader.text`` from the Lark parser, syntax problems reported."""
    parser = _parser()
    comments: list[Any] = []
    _SINK.comments = comments
    text = reader.text
    last_close = text.rfind("}")
    if text.find("{", last_close + 1) >= 0:
        # Braces that no } follows can open no comment: COMMENT would scan to the end of the text
        # for each of them (quadratic on a line of them). They are read as LBRACE at once.
        text = text[:last_close + 1] + text[last_close + 1:].replace("{", _OPEN)
    try:
        items = parser.parse(text, on_error=reader.on_error)
    except Exception as exc:  # an error Lark could not recover from: keep what we can say
        from lark.exceptions import UnexpectedInput

        if not isinstance(exc, UnexpectedInput):
            raise
        items = []
    finally:
        _SINK.comments = []
    return items or [], comments


def move_syntax_problems(record: Record, turns: list[Turn],
                         skip: frozenset[tuple[int, int]] = frozenset()) -> list[Problem]:
    """The moves of ``turns`` that cannot be read at all, except those at ``skip`` (line, column)."""
    from pbmkit.games import UnknownGameError, get_game

    try:
        normalize = get_game(record.game_name).notation.normalize
    except UnknownGameError:
        return []
    order = _side_order(record)
    out = []
    for turn in turns:
        for k, move in enumerate(turn.moves):
            if (move.line, move.column) in skip:
                continue
            try:
                normalize(move.text)
            except MoveSyntaxError as exc:
                side = order[(k + (1 if turn.ellipsis else 0)) % len(order)] if order else None
                out.append(Problem(record.source, move.line, move.column, turn.label, side,
                                   move.text, str(exc), source_line=record.source_line(move.line)))
    return out


def _side_order(record: Record) -> tuple[str, ...] | None:
    """The sides in the order they move within a turn, as the record's tags configure its game."""
    from pbmkit.games import SetupError, get_game

    try:
        game = get_game(record.game_name)
    except KeyError:
        return None
    try:
        return tuple(game.configure(record.tags).order)
    except SetupError:
        return tuple(game.order)
