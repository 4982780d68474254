"""A web page for every record (issue 25 §3): one self-contained HTML file that works offline.

The page holds the board, drawn by the drawing model (:mod:`pbmkit.render.diagram`) and written
by the SVG writer (:mod:`pbmkit.render.svg`), the record's tags, the move list with its comments
and dates, and a small script that steps through the game. Nothing is fetched: no font, no
image, no style sheet; a Content-Security-Policy forbids anything but the page's own inline
script and style (by their SHA-256 hashes), so text from a record can never run.

Every position of the game (each ply of the main line and of every series) is a *node*. A node's
board is the model's drawing of that position with that ply's move marked, in both orientations
(``flip``). The drawing of a position is made of parts that recur from node to node: the grid, a
piece on a space, the marks of a move's path, the column beside the board. Each part is drawn once
by the model (``board_drawing`` of that part alone, ``with_beside``), written once by the SVG
writer, and a node lists the parts it is made of, in the order :func:`game_drawing` draws them
(tests/web/test_html_page.py holds the two equal for every position of every example). A piece
glyph is written once as a ``<defs>`` entry (the model's :class:`Placed` key promises equal
shapes) and placed with ``<use>``. A 300-turn Batalo game is thus a page of about 100 KB, not
600 boards of 40 KB.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pbmkit.games import Game
from pbmkit.games.base import side_verb
from pbmkit.notation.desk import DeskReport, MoveClock, desk_report, format_date
from pbmkit.notation.model import Comment, Ending, Phase, Turn
from pbmkit.notation.replay import GameReplay, Line, Ply
from pbmkit.render.art import art_for
from pbmkit.render.diagram import board_drawing, move_marks, with_beside
from pbmkit.render.shapes import Drawing, Placed, Shape
from pbmkit.render.svg import _FONT, _element, _n, board_style

__all__ = ["BoardParts", "PageEntry", "game_page", "index_page", "page_name"]

Box = tuple[float, float, float, float]


# --- the board: parts drawn once, nodes listing them ------------------------------------------


class BoardParts:
    """The parts of one game's boards, drawn by the model once each (per orientation).

    One instance serves every page of a game object (an archive's games share it); parts are
    keyed by what they show: ``("p", space, symbol)``, ``("u", paths)`` and ``("o", paths)`` (the
    under and over shapes of a marked move, its paths together), ``("b", groups)`` (the column
    beside the board).
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.board = game.board
        self.art = art_for(game)
        self.style = board_style()
        self._empty = tuple(board_drawing(self.board, self.art, {}, flip=f, style=self.style)
                            for f in (False, True))
        self._shapes: dict[tuple[Any, ...], tuple[tuple[Shape, ...], tuple[Shape, ...]]] = {}
        self._svg: dict[tuple[Any, ...], tuple[str, str]] = {}
        self._boxes: dict[tuple[Any, ...], tuple[Box, Box]] = {}
        self.defs: dict[str, str] = {}
        """Placed key -> its ``<g id=...>`` definition."""

    # The shapes of each part, in both orientations, as the model draws them.

    def shapes(self, key: tuple[Any, ...]) -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
        got = self._shapes.get(key)
        if got is None:
            got = self._shapes[key] = (self._draw(key, False), self._draw(key, True))
        return got

    def _draw(self, key: tuple[Any, ...], flip: bool) -> tuple[Shape, ...]:
        kind = key[0]
        if kind == "p":
            return tuple(board_drawing(self.board, self.art, {key[1]: key[2]}, flip=flip,
                                       style=self.style).over)
        if kind in ("u", "o"):  # a move's paths together: two from one space are drawn apart
            d = board_drawing(self.board, self.art, {}, marks=key[1], flip=flip, style=self.style)
            return tuple(d.under if kind == "u" else d.over)
        empty = self._empty[flip]
        d = with_beside(empty, self.art, key[1])
        return tuple(d.over[len(empty.over):])

    def box(self, key: tuple[Any, ...]) -> tuple[Box, Box]:
        """The drawing's box with the column ``key`` (``("b", groups)``) beside the board."""
        got = self._boxes.get(key)
        if got is None:
            got = self._boxes[key] = (with_beside(self._empty[0], self.art, key[1]).bbox,
                                      with_beside(self._empty[1], self.art, key[1]).bbox)
        return got

    def grid_box(self, flip: bool) -> Box:
        return self._empty[flip].bbox

    def grid(self, flip: bool) -> Sequence[Shape]:
        return self._empty[flip].grid

    def grid_packed(self) -> str:
        """The flipped grid's SVG deflated, in base64 (the same on every page of the game)."""
        key = ("grid-packed",)
        got = self._svg.get(key)
        if got is None:
            raw = self.grid_svg(True).encode()
            got = self._svg[key] = (base64.b64encode(zlib.compress(raw, 6)).decode(), "")
        return got[0]

    def grid_svg(self, flip: bool) -> str:
        """The grid's SVG elements (written once)."""
        key = ("grid", flip)
        got = self._svg.get(key)
        if got is None:
            got = self._svg[key] = (self.elements(self.grid(flip)), "")
        return got[0]

    # A position as keys of parts.

    def node_keys(self, position: Any, move: Any = None) -> tuple[list[tuple[Any, ...]],
                                                                   list[tuple[Any, ...]]]:
        """The parts of the board of ``position`` with ``move`` marked: (under keys, over keys),
        in the order :func:`~pbmkit.render.diagram.game_drawing` draws them."""
        marks = move_marks(self.game, [move] if move is not None else [])
        under = [("u", marks)] if marks else []
        over: list[tuple[Any, ...]] = [("o", marks)] if marks else []
        over += [("p", sp, sym) for sp, sym in sorted(self.art.symbols(position).items())]
        if self.art.beside is not None:
            groups = tuple((label, tuple(symbols)) for label, symbols in self.art.beside(position))
            if groups:
                over.append(("b", groups))
        return under, over

    def drawing(self, position: Any, move: Any = None, *, flip: bool = False) -> Drawing:
        """The model's drawing as the page assembles it (equal to ``game_drawing``'s)."""
        under, over = self.node_keys(position, move)
        bbox = self.grid_box(flip)
        for key in over:
            if key[0] == "b":
                bbox = self.box(key)[flip]
        return Drawing(bbox=bbox, grid=self.grid(flip),
                       under=tuple(s for k in under for s in self.shapes(k)[flip]),
                       over=tuple(s for k in over for s in self.shapes(k)[flip]))

    # SVG text.

    def svg(self, key: tuple[Any, ...]) -> tuple[str, str]:
        """The part as SVG elements, in both orientations (a piece glyph as a ``<use>``)."""
        got = self._svg.get(key)
        if got is None:
            normal, flipped = self.shapes(key)
            got = self._svg[key] = (self.elements(normal), self.elements(flipped))
        return got

    def elements(self, shapes: Iterable[Shape]) -> str:
        out = []
        for shape in shapes:
            if isinstance(shape, Placed):
                ref = self.defs_id(shape)
                x, y = shape.at
                out.append(f'<use href="#{ref}" transform="translate({_n(x)},{_n(-y)})"/>')
            else:
                out.append(_element(shape))
        return "".join(out)

    def defs_id(self, shape: Placed) -> str:
        ref = "g" + hashlib.sha256(shape.key.encode()).hexdigest()[:10]
        if ref not in self.defs:
            inner = "".join(_element(s) for s in shape.shapes)
            self.defs[ref] = f'<g id="{ref}">{inner}</g>'
        return ref


_PARTS: dict[int, tuple[Game[Any, Any], BoardParts]] = {}


def board_parts(game: Game[Any, Any]) -> BoardParts:
    """The :class:`BoardParts` of ``game`` (made once per game object)."""
    got = _PARTS.get(id(game))
    if got is None or got[0] is not game:
        if len(_PARTS) > 64:
            _PARTS.clear()
        got = _PARTS[id(game)] = (game, BoardParts(game))
    return got[1]


# --- text ------------------------------------------------------------------------------------

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_ANNOTATION = re.compile(r"\[%[^\]]*\]")


def text(value: str) -> str:
    """``value`` as HTML text: escaped (quotes too), control characters dropped."""
    return html.escape(_CONTROL.sub("", value), quote=True)


def name(value: str) -> str:
    """A name from a record, in any script, as an isolate of its own (``<bdi>``)."""
    return f"<bdi>{text(value.strip())}</bdi>"


def _comment_text(comment: Comment) -> str:
    """A comment as the reader sees it: the desk's annotations (shown as dates) left out."""
    return " ".join(_ANNOTATION.sub(" ", comment.text).split())


def _comments_html(comments: Iterable[Comment]) -> str:
    """Comments as notes; consecutive ``;`` lines are one note (a paragraph written on lines)."""
    shown: list[str] = []
    joined = False
    for c in comments:
        words = _comment_text(c)
        if not words:
            joined = False
            continue
        if joined and c.kind == ";":
            shown[-1] += " " + words
        else:
            shown.append(words)
        joined = c.kind == ";"
    return "".join(f' <span class="note">{text(t)}</span>' for t in shown)


def result_words(game: Game[Any, Any], winner: str | None, how: str | None) -> str:
    """"White wins on the base", "drawn by agreement", "game still going"."""
    if winner is None:
        return "game still going"
    words = game.outcome_words.get(how or "")
    report = words.report if words is not None else ""
    if winner == "draw":
        return f"drawn {report}".strip()
    return f"{winner.capitalize()} {side_verb(game, winner, 'wins', 'win')} {report}".strip()


# --- the page --------------------------------------------------------------------------------


def page_name(index: int) -> str:
    """The file name of game ``index`` (1-based, its place in the archive) beside index.html."""
    return f"game-{index}.html"


@dataclass
class _Node:
    ply: Ply | None
    parent: int
    line: int


@dataclass
class _Lines:
    """The record's lines as paths of nodes from the start."""

    nodes: list[_Node] = field(default_factory=list)
    paths: list[list[int]] = field(default_factory=list)
    firsts: list[int] = field(default_factory=list)
    """The index in its path of each line's first own node."""
    names: list[str] = field(default_factory=list)
    of_ply: dict[int, int] = field(default_factory=dict)


def _lines(replay: GameReplay, trusted: set[int]) -> _Lines:
    """The lines of ``replay`` as paths of nodes, keeping only the plies whose ids are ``trusted``
    (those written before the record's first error) and the series branching from them."""
    out = _Lines()
    out.nodes.append(_Node(None, -1, 0))

    def walk(line: Line, prefix: list[int]) -> None:
        number = len(out.paths)
        path = list(prefix)
        out.paths.append(path)
        out.names.append(line.name)
        out.firsts.append(len(prefix))
        for ply in line.plies:
            if id(ply) not in trusted:
                break
            out.nodes.append(_Node(ply, path[-1], number))
            out.of_ply[id(ply)] = len(out.nodes) - 1
            path.append(len(out.nodes) - 1)
        for child in line.children:
            if child.branch is None:
                walk(child, path[:1])
            elif out.of_ply.get(id(child.branch)) in path:
                walk(child, path[:path.index(out.of_ply[id(child.branch)]) + 1])

    walk(replay.lines, [0])
    return out


@dataclass
class PageEntry:
    """One game of an index: its page and what the index says of it."""

    href: str
    number: str
    players: tuple[str, ...]
    game: str
    result: str
    turns: int
    date: str


def _status(game: Game[Any, Any], ply: Ply | None, position: Any, last_main: bool,
            replay: GameReplay, order: Sequence[str], may_end: bool) -> str:
    where = "Start" if ply is None else \
        f"After {ply.label}{'.' if ply.side == order[0] else '...'} {ply.side.capitalize()} " \
        + " ".join((ply.text, *ply.announced))
    outcome = game.outcome(position) if may_end else None
    if outcome is not None:
        return f"{where}. Game over: {result_words(game, outcome.winner, outcome.how)}."
    if last_main and replay.winner is not None and replay.valid:
        return f"{where}. Result: {result_words(game, replay.winner, replay.how)}."
    return f"{where}. {game.side_to_move(position).capitalize()} to move."


_USE = re.compile(r'<use href="#(g[0-9a-f]+)"')


def used_defs(table: Sequence[tuple[str, str]], grids: Sequence[str]) -> set[str]:
    """The glyph definitions the parts and grids of a page refer to."""
    return {ref for svg in (*(s for pair in table for s in pair), *grids)
            for ref in _USE.findall(svg)}


def packed(value: object) -> str:
    """``value`` as JSON, deflated (zlib) and in base64: the page's data, a fifth of its size
    (a board's SVG text repeats itself), and nothing in it can end the ``<script>`` element."""
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 6)).decode()


def unpacked(text_: str) -> Any:
    """The value :func:`packed` wrote (for tests and tools)."""
    return json.loads(zlib.decompress(base64.b64decode(text_)))


def _hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def game_page(replay: GameReplay, *, upto: tuple[int, int] | None = None,
              index_href: str | None = None) -> str:
    """The HTML page of one replayed game; ``upto``: the place of the record's first error (the
    page shows the moves written before it)."""
    game = replay.game
    if game is None:
        raise ValueError("a game that cannot be replayed has no page")
    parts = board_parts(game)
    order = replay.order or game.order

    def trusted(plies: list[Ply]) -> list[Ply]:
        return plies if upto is None else [p for p in plies if (p.line, p.column) < upto]

    allowed = {id(p) for p in trusted(replay.main)}
    for plies in replay.series.values():
        allowed.update(id(p) for p in trusted(plies))
    lines = _lines(replay, allowed)

    # Nodes: the parts of each board, numbered for this page.
    ids: dict[tuple[Any, ...], int] = {}
    table: list[tuple[str, str]] = []
    boxes = [list(parts.grid_box(False)), list(parts.grid_box(True))]

    def number(key: tuple[Any, ...]) -> int:
        got = ids.get(key)
        if got is None:
            got = ids[key] = len(table)
            table.append(parts.svg(key))
            if key[0] == "b":
                for o, box in enumerate(parts.box(key)):
                    b = boxes[o]
                    b[:] = [min(b[0], box[0]), min(b[1], box[1]), max(b[2], box[2]),
                            max(b[3], box[3])]
        return got

    nodes: list[list[list[int]]] = []
    status: list[str] = []
    last_main = lines.paths[0][-1]
    # A game can be over only where a line ends (the replay refuses a move after the end).
    ends = {path[-1] for path in lines.paths}
    for k, node in enumerate(lines.nodes):
        ply = node.ply
        position = replay.start if ply is None else ply.after
        under, over = parts.node_keys(position, ply.move if ply is not None else None)
        nodes.append([[number(key) for key in under], [number(key) for key in over]])
        status.append(_status(game, ply, position, k == last_main, replay, order, k in ends))

    grids = [parts.grid_svg(False), parts.grid_svg(True)]
    defs = "".join(parts.defs[ref] for ref in sorted(used_defs(table, grids)))
    heads = []
    for o in (0, 1):
        x0, y0, x1, y1 = boxes[o]
        heads.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_n(x0)} {_n(-y1)} '
                     f'{_n(x1 - x0)} {_n(y1 - y0)}" font-family="{text(_FONT)}" '
                     f'aria-hidden="true"><rect x="{_n(x0)}" y="{_n(-y1)}" width="{_n(x1 - x0)}" '
                     f'height="{_n(y1 - y0)}" fill="#ffffff"/><defs>{defs}</defs>')
    data = {
        "head": heads, "parts": table, "nodes": nodes, "status": status,
        "paths": lines.paths, "firsts": lines.firsts, "lines": [n.line for n in lines.nodes],
    }

    def board_at(node: int, flip: bool = False) -> str:
        o = int(flip)
        under, over = nodes[node]
        return (heads[o] + '<g class="under">' + "".join(table[k][o] for k in under) + "</g>"
                + '<g class="grid">' + grids[o] + "</g>" + '<g class="over">'
                + "".join(table[k][o] for k in over) + "</g></svg>")

    tags = replay.record.tags
    title = game.title + (f" #{tags['Number'].strip()}" if tags.get("Number", "").strip() else "")
    players = [(side, tags.get(tag, "").strip()) for side, tag in zip(game.sides, game.side_tags,
                                                                          strict=False)]
    shown_players = " v ".join(f"{side.capitalize()} {name(p)}" if p else side.capitalize()
                               for side, p in players)
    end = lines.nodes[last_main].ply
    end_position = replay.start if end is None else end.after
    if replay.winner is not None and upto is None:
        result = "Result: " + result_words(game, replay.winner, replay.how) + "."
    elif (outcome := game.outcome(end_position)) is not None:
        result = "Result: " + result_words(game, outcome.winner, outcome.how) + "."
    else:
        result = f"Game still going: {game.side_to_move(end_position).capitalize()} to move."
    body: list[str] = []
    body.append("<header>")
    if index_href:
        body.append(f'<p class="back"><a href="{text(index_href)}">All games</a></p>')
    body.append(f"<h1>{text(title)}</h1>")
    body.append(f'<p class="players">{shown_players}</p>')
    body.append(f'<p class="result" id="result">{text(result)}</p>')
    body.append("</header>")
    if replay.errors:
        first = replay.errors[0]
        where = f"line {first.line}: " if first.line is not None else ""
        body.append(f'<p class="warning" role="note">This record has {len(replay.errors)} '
                    f"error(s); it is shown up to the first ({where}{text(first.message)}). "
                    "Run pbmkit check.</p>")
    body.append('<main class="layout">')
    body.append('<section class="play" aria-label="Board">')
    body.append(f'<div id="board" class="board" role="img" aria-label="{text(status[last_main])}">'
                f"{board_at(last_main)}</div>")
    body.append(f'<p id="status" class="status" aria-live="polite">{text(status[last_main])}</p>')
    body.append(
        '<div class="controls" role="group" aria-label="Step through the game">'
        '<button type="button" id="first" aria-label="First position (Home)" title="Home">'
        "&#xAB; First</button>"
        '<button type="button" id="prev" aria-label="Previous move (left arrow)" '
        'title="Left arrow">&#x2039; Back</button>'
        '<button type="button" id="next" aria-label="Next move (right arrow)" '
        'title="Right arrow">Next &#x203A;</button>'
        '<button type="button" id="last" aria-label="Last move (End)" title="End">'
        "Last &#xBB;</button>"
        '<button type="button" id="flip" aria-pressed="false">Flip board</button>'
        "</div>")
    if len(lines.paths) > 1:
        options = ['<option value="0">Main line</option>']
        for k in range(1, len(lines.paths)):
            path = lines.paths[k]
            start = lines.nodes[path[lines.firsts[k]]].ply if lines.firsts[k] < len(path) else None
            frm = f" (from {start.label})" if start is not None else ""
            options.append(f'<option value="{k}">Series {text(lines.names[k])}{text(frm)}</option>')
        body.append('<p class="line"><label for="line">Line: </label><select id="line">'
                    + "".join(options) + "</select></p>")
    body.append("</section>")
    body.append('<section class="record" aria-label="Record">')
    report = desk_report(replay.record, order)
    body.append(_tags_html(replay, game, report))
    intro = replay.record.leading + replay.record.intro
    if any(_comment_text(c) for c in intro):
        body.append(f'<p class="intro">{_comments_html(intro).strip()}</p>')
    body.append(_moves_html(replay, game, lines, order, upto, report))
    body.append("</section>")
    body.append("</main>")
    body.append(f'<script type="application/x-pbmkit-deflate-base64" id="pbm-data">{packed(data)}'
                "</script>")
    body.append('<script type="application/x-pbmkit-deflate-base64" id="pbm-grid">'
                f"{parts.grid_packed()}</script>")
    body.append(f"<script>{SCRIPT}</script>")
    head = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        f"script-src {_hash(SCRIPT)}; style-src {_hash(STYLE)}; base-uri 'none'; "
        "form-action 'none'\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{text(title)}{': ' if any(p for _, p in players) else ''}"
        f"{text(' v '.join(p for _, p in players if p))}</title>\n"
        f"<style>{STYLE}</style>\n</head>\n<body>\n")
    return head + "\n".join(body) + "\n</body>\n</html>\n"


def _tags_html(replay: GameReplay, game: Game[Any, Any], report: DeskReport) -> str:
    tags = replay.record.tags
    rows = []
    side_tags = set(game.side_tags)
    for side, tag in zip(game.sides, game.side_tags, strict=False):
        if tags.get(tag, "").strip():
            rows.append((side.capitalize(), name(tags[tag])))
    for key, value in tags.items():
        if key in side_tags or key == "Game":
            continue
        shown = text(value) if key != "Winner" or value.strip() != "*" else "game still going"
        if key.endswith("Email") or key.endswith("EMail"):
            continue  # addresses stay out of a page made to be shown around
        rows.append((text(key), shown))
    rows.insert(0, ("Game", text(game.title)))
    if any(c.days is not None or c.notes.sent is not None for c in report.moves):
        used = ", ".join(f"{s.capitalize()} {report.totals.get(s, 0)}"
                         for s in (replay.order or game.order))
        control = f" (time control {report.time_control})" if report.time_control else ""
        rows.append(("Days used", text(used + control)))
    return ('<dl class="tags">' + "".join(f"<div><dt>{k}</dt><dd>{v}</dd></div>" for k, v in rows)
            + "</dl>")


def _moves_html(replay: GameReplay, game: Game[Any, Any], lines: _Lines, order: Sequence[str],
                upto: tuple[int, int] | None, report: DeskReport) -> str:
    comments: dict[tuple[int, int], list[Comment]] = {}
    before: dict[tuple[int, int], list[Comment]] = {}
    endings: dict[str, list[str]] = {}
    phases: dict[tuple[str, int], Phase] = {}
    for item in replay.record.body:
        if isinstance(item, Turn):
            for wm in item.moves:
                comments[(wm.line, wm.column)] = wm.comments
            if item.moves and item.comments:
                before[(item.moves[0].line, item.moves[0].column)] = item.comments
        elif isinstance(item, Ending) and (upto is None or (item.line, item.column) < upto):
            endings.setdefault(item.series, []).append(text(item.kind)
                                                       + _comments_html(item.comments))
        elif isinstance(item, Phase):
            phases[(item.series, item.number)] = item
    clocks: dict[tuple[int, int], MoveClock] = {}
    for tick in report.moves:
        clocks[(tick.written.line, tick.written.column)] = tick
    many = len(game.sides) > 2
    out = []
    for k, path in enumerate(lines.paths):
        own = path[lines.firsts[k]:]
        if k == 0:
            out.append('<h2 class="moves-head">Moves</h2>')
        else:
            first = lines.nodes[own[0]].ply if own else None
            frm = f", from {first.label}" if first is not None else ""
            out.append(f'<h2 class="series-head">Series {text(lines.names[k])}{text(frm)}</h2>')
        rows: list[str] = []
        current: tuple[str, int] | None = None
        row: list[str] = []
        phase = ""
        for n in own:
            ply = lines.nodes[n].ply
            assert ply is not None
            if current is None or ply.label != current[0]:
                if row:
                    rows.append("<li>" + "".join(row) + "</li>")
                    row = []
                round_ = ply.label.partition(":")[0] if ":" in ply.label else ""
                if round_ != phase and round_.isdigit():  # a phase line: "round 2"
                    line_ = phases.get((lines.names[k], int(round_))) or phases.get(("", int(round_)))
                    notes = _comments_html(line_.comments) if line_ is not None else ""
                    rows.append(f'<li class="ending">round {round_}{notes}</li>')
                phase = round_
                row = [f'<span class="num">{text(ply.label)}.</span>']
                if ply.side != order[0]:
                    row.append('<span class="num">…</span>')
                current = (ply.label, n)
            place = (ply.line, ply.column)
            words = " ".join((ply.text, *ply.announced))
            side = f'<span class="side">{text(ply.side.capitalize())}</span> ' if many else ""
            row.append(" " + _comments_html(before.get(place, ())).strip() if place in before
                       else "")
            row.append(f' {side}<button type="button" class="mv" data-n="{n}" aria-label="'
                       f'{text(ply.label)}. {text(ply.side.capitalize())} {text(words)}">'
                       f"{text(words)}</button>")
            clock = clocks.get(place) if k == 0 else None
            if clock is not None and (clock.notes.sent or clock.notes.received):
                dates = []
                if clock.notes.received:
                    dates.append(f"received {format_date(clock.notes.received)}")
                if clock.notes.sent:
                    dates.append(f"sent {format_date(clock.notes.sent)}")
                if clock.days is not None:
                    dates.append(f"{clock.days} day{'s' if clock.days != 1 else ''} "
                                 f"({clock.total} in all)")
                row.append(f' <span class="date">{text(", ".join(dates))}</span>')
            row.append(_comments_html(comments.get(place, ())))
        if row:
            rows.append("<li>" + "".join(row) + "</li>")
        name_ = lines.names[k]
        for words in endings.get(name_, ()):
            rows.append(f'<li class="ending">{words}</li>')
        out.append(f'<ol class="moves">{"".join(rows)}</ol>' if rows else
                   '<p class="none">No moves yet.</p>')
    return "".join(out)


def index_page(entries: Sequence[PageEntry], title: str) -> str:
    """The archive's ``index.html``: a row per game, each a link to its page."""
    rows = "".join(
        f'<tr><td class="no">{text(e.number)}</td>'
        f'<td><a href="{text(e.href)}">{" v ".join(name(p) for p in e.players)}</a></td>'
        f"<td>{text(e.game)}</td><td>{text(e.result)}</td>"
        f'<td class="turns">{e.turns}</td><td>{text(e.date)}</td></tr>' for e in entries)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        f"style-src {_hash(STYLE)}; base-uri 'none'; form-action 'none'\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{text(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{text(title)}</h1><p>{len(entries)} game(s)</p></header>\n"
        '<main><div class="scroll"><table class="index"><thead><tr><th scope="col">Game</th>'
        '<th scope="col">Players</th><th scope="col">Rules</th><th scope="col">Result</th>'
        '<th scope="col">Turns</th><th scope="col">Date</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div></main>\n</body>\n</html>\n")


STYLE = r"""
:root{color-scheme:light dark;--bg:#fdfdfb;--fg:#1b1b1b;--muted:#5a5a5a;--line:#d4d4cf;
--accent:#0b5cad;--current:#ffe28a;--current-fg:#1b1b1b;--panel:#f2f1ec}
@media (prefers-color-scheme:dark){:root{--bg:#16181b;--fg:#ececec;--muted:#a9a9a9;
--line:#3a3d42;--accent:#8cc4ff;--current:#6b5514;--current-fg:#fff6d6;--panel:#23262b}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;padding:12px;background:var(--bg);color:var(--fg);
font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
overflow-wrap:anywhere}
header h1{font-size:1.5rem;margin:0 0 4px}
header p{margin:2px 0}
.result{font-weight:600}
.back a,a{color:var(--accent)}
.warning{border:2px solid #b3261e;padding:6px 10px;border-radius:6px}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:16px;margin-top:12px}
@media (min-width:760px){.layout{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}
.play{position:sticky;top:8px;align-self:start}}
.board{background:#fff;border:1px solid var(--line);border-radius:8px;padding:4px;
max-width:640px}
.board svg{display:block;width:100%;height:auto}
.status{min-height:3em;margin:8px 0}
.controls{display:flex;flex-wrap:wrap;gap:8px}
button{font:inherit;color:var(--fg);background:var(--panel);border:1px solid var(--line);
border-radius:6px;padding:6px 12px;min-height:44px;min-width:44px;cursor:pointer}
button[aria-disabled=true]{opacity:.45;cursor:default}
button[aria-pressed=true]{background:var(--accent);color:var(--bg)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
select{font:inherit;color:var(--fg);background:var(--panel);border:1px solid var(--line);
border-radius:6px;padding:6px;min-height:44px;max-width:100%}
.tags{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:4px 12px;
margin:0 0 12px}
.tags div{min-width:0}
.tags dt{font-size:.8rem;color:var(--muted)}
.tags dd{margin:0}
h2{font-size:1.1rem;margin:16px 0 6px}
.moves{list-style:none;margin:0;padding:0}
.moves li{padding:4px 0;border-bottom:1px solid var(--line)}
.num{color:var(--muted);margin-right:2px}
.side{font-size:.8rem;color:var(--muted)}
.mv{min-height:36px;padding:2px 8px;margin:2px 0;background:transparent;border-color:transparent}
.mv:hover{border-color:var(--line)}
.mv[aria-current=step]{background:var(--current);color:var(--current-fg);font-weight:600}
.note{display:block;margin:2px 0 2px 1.5em;color:var(--muted);font-style:italic;
white-space:pre-wrap}
.date{display:block;margin:0 0 2px 1.5em;font-size:.8rem;color:var(--muted)}
.intro{color:var(--muted);font-style:italic}
.ending{font-weight:600}
.scroll{overflow-x:auto}
.index{border-collapse:collapse;width:100%}
.index th,.index td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);
overflow-wrap:normal}
.index a{display:inline-block;min-height:24px}
@media (max-width:600px){.index thead{position:absolute;left:-9999px}
.index tr{display:block;padding:8px 0;border-bottom:1px solid var(--line)}
.index td{display:inline;border:0;padding:0 4px 0 0}
.index td.no::before{content:"#"}
.index td.turns::after{content:" turns"}
.index td+td::before{content:"\B7  ";color:var(--muted)}
.index td.no+td::before{content:""}}
"""

SCRIPT = """
(function () {
  "use strict";
  var board = document.getElementById("board");
  var statusEl = document.getElementById("status");
  // The markup holds the board as the page first shows it, its unflipped grid included.
  var grid = board.querySelector("g.grid");
  function failed() {
    statusEl.textContent += " (This browser cannot step through the game: it lacks " +
      "DecompressionStream. The board shows the last position.)";
  }
  if (typeof DecompressionStream === "undefined") { failed(); return; }
  function inflate(id) {
    var raw = atob(document.getElementById(id).textContent.trim());
    var bytes = new Uint8Array(raw.length);
    for (var j = 0; j < raw.length; j++) bytes[j] = raw.charCodeAt(j);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text();
  }
  Promise.all([inflate("pbm-data"), inflate("pbm-grid")]).then(function (t) {
    var D = JSON.parse(t[0]);
    D.grid = [grid ? grid.innerHTML : "", t[1]];
    start(D);
  }, failed);

  function start(D) {
    var lineSel = document.getElementById("line");
    var flipBtn = document.getElementById("flip");
    var buttons = {first: 0, prev: 0, next: 0, last: 0};
    var moves = document.querySelectorAll("button.mv");
    var byNode = {}, shown = null, i;
    var state = {line: 0, at: D.paths[0].length - 1, flip: false};
    for (i = 0; i < moves.length; i++) byNode[moves[i].getAttribute("data-n")] = moves[i];
    for (var id in buttons) buttons[id] = document.getElementById(id);

    function draw(scroll) {
      var path = D.paths[state.line], n = path[state.at], o = state.flip ? 1 : 0;
      var under = D.nodes[n][0], over = D.nodes[n][1], k;
      var s = D.head[o] + '<g class="under">';
      for (k = 0; k < under.length; k++) s += D.parts[under[k]][o];
      s += '</g><g class="grid">' + D.grid[o] + '</g><g class="over">';
      for (k = 0; k < over.length; k++) s += D.parts[over[k]][o];
      board.innerHTML = s + "</g></svg>";
      board.setAttribute("aria-label", D.status[n]);
      board.setAttribute("data-node", n);
      statusEl.textContent = D.status[n];
      if (shown) shown.removeAttribute("aria-current");
      shown = byNode[n] || null;
      if (shown) {
        shown.setAttribute("aria-current", "step");
        if (scroll) shown.scrollIntoView({block: "nearest"});
      }
      var atStart = state.at === 0, atEnd = state.at === path.length - 1;
      buttons.first.setAttribute("aria-disabled", atStart);
      buttons.prev.setAttribute("aria-disabled", atStart);
      buttons.next.setAttribute("aria-disabled", atEnd);
      buttons.last.setAttribute("aria-disabled", atEnd);
      flipBtn.setAttribute("aria-pressed", state.flip);
      if (lineSel) lineSel.value = String(state.line);
    }
    function go(at) {
      state.at = Math.max(0, Math.min(D.paths[state.line].length - 1, at));
      draw(true);
    }
    function show(n) {
      state.line = D.lines[n];
      state.at = D.paths[state.line].indexOf(n);
      draw(true);
    }
    buttons.first.addEventListener("click", function () { go(0); });
    buttons.prev.addEventListener("click", function () { go(state.at - 1); });
    buttons.next.addEventListener("click", function () { go(state.at + 1); });
    buttons.last.addEventListener("click", function () { go(D.paths[state.line].length - 1); });
    flipBtn.addEventListener("click", function () { state.flip = !state.flip; draw(false); });
    for (i = 0; i < moves.length; i++) {
      moves[i].addEventListener("click", function (e) {
        show(Number(e.currentTarget.getAttribute("data-n")));
      });
    }
    if (lineSel) {
      lineSel.addEventListener("change", function () {
        state.line = Number(lineSel.value);
        state.at = Math.min(D.firsts[state.line], D.paths[state.line].length - 1);
        draw(true);
      });
    }
    document.addEventListener("keydown", function (e) {
      var t = e.target && e.target.tagName;
      if (t === "SELECT" || t === "INPUT" || t === "TEXTAREA") return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      var at = state.at;
      if (e.key === "ArrowLeft") at -= 1;
      else if (e.key === "ArrowRight") at += 1;
      else if (e.key === "Home") at = 0;
      else if (e.key === "End") at = D.paths[state.line].length - 1;
      else return;
      e.preventDefault();
      go(at);
    });
    draw(false);
    document.documentElement.setAttribute("data-ready", "true");
  }
})();
"""
