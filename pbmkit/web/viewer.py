"""A web page for every record (issue 25 §3): one self-contained HTML file that works offline.

The page holds the board (:mod:`pbmkit.web.board`: drawn by the drawing model, written by the SVG
writer, each part once), the record's tags, the move list with its comments and dates, and a small
script (``static/viewer.js``) that steps through the game. Nothing is fetched: no font, no image,
no style sheet; the page shell (:mod:`pbmkit.web.page`) escapes every text and its
Content-Security-Policy forbids anything but the page's own inline script and style (by their
SHA-256 hashes), so text from a record can never run.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pbmkit.desk.dates import DeskReport, MoveClock, desk_report, format_date
from pbmkit.games import AnyGame
from pbmkit.games.base import result_words
from pbmkit.games.notation import MoveSyntaxError
from pbmkit.records.model import Comment, Ending, Phase, Turn
from pbmkit.records.replay import GameReplay, Line, Ply
from pbmkit.render.art import art_for
from pbmkit.render.svg import SVG_FONT, svg_number
from pbmkit.web.board import board_parts, used_defs
from pbmkit.web.page import escape_html, isolate_html, page_html, static_text
from pbmkit.web.plot import SCRIPT as PLOT_SCRIPT
from pbmkit.web.plot import eval_plot
from pbmkit.web.tapping import Offer, tap_html
from pbmkit.web.theme import page_style

__all__ = ["SCRIPT", "STYLE", "PageEntry", "game_page", "index_page", "page_name", "record_move"]

STYLE = page_style("viewer.css")
"""The style sheet of the archive's index, and of a game page before its pieces' colours
(the theme, ``static/base.css``, ``static/viewer.css``)."""
SCRIPT = static_text("tap.js", "viewer.js")
"""The script of a game page (``static/viewer.js``): stepping through the game; and moving by
tapping (``static/tap.js``) on a page that offers it."""


# --- text ------------------------------------------------------------------------------------

_ANNOTATION = re.compile(r"\[%[^\]]*\]")


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
    return "".join(f' <span class="note">{escape_html(t)}</span>' for t in shown)


def record_move(ply: Ply) -> str:
    """The move as the record writes it, in the game's canonical spelling (``JQ x EV``, not
    ``JQ to EV``: a capture keeps its mark; ``ir-hs`` is ``IR to HS``), with its written words
    (``averto``): what the page, the HTML mail and its text part show."""
    text = ply.text
    if ply.game is not None and ply.written:
        try:
            text = ply.game.notation.normalize(ply.written)
        except MoveSyntaxError:  # what the notation cannot spell: the replay's own text
            text = ply.text
    return " ".join((text, *ply.announced))


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


def _status(game: AnyGame, ply: Ply | None, position: Any, last_main: bool,
            replay: GameReplay, order: Sequence[str], may_end: bool) -> str:
    where = "Start" if ply is None else f"After {_words(ply, order)}"
    outcome = game.outcome(position) if may_end else None
    if outcome is not None:
        return f"{where}. Game over: {result_words(game, outcome.winner, outcome.how, outcome.detail)}."
    if last_main and replay.winner is not None and replay.valid:
        return f"{where}. Result: {result_words(game, replay.winner, replay.how, replay.detail)}."
    return f"{where}. {game.side_to_move(position).capitalize()} to move."


def packed(value: object) -> str:
    """``value`` as JSON, deflated (zlib) and in base64: the page's data, a fifth of its size
    (a board's SVG text repeats itself), and nothing in it can end the ``<script>`` element."""
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 6)).decode()


def unpacked(text_: str) -> Any:
    """The value :func:`packed` wrote (for tests and tools)."""
    return json.loads(zlib.decompress(base64.b64decode(text_)))


@dataclass
class _Boards:
    """A page's boards: the parts it uses (SVG, both orientations), each node's parts (under,
    over), the words under each node's board, the SVG openings and the grids."""

    table: list[tuple[str, str]] = field(default_factory=list)
    nodes: list[list[list[int]]] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)
    grids: list[str] = field(default_factory=list)
    hits: list[str] = field(default_factory=list)

    def at(self, node: int, flip: bool = False) -> str:
        """The SVG of ``node``'s board, as the page's script assembles it."""
        o = int(flip)
        under, over = self.nodes[node]
        return (self.heads[o] + '<g class="under">' + "".join(self.table[k][o] for k in under)
                + "</g>" + '<g class="grid">' + self.grids[o] + "</g>" + '<g class="over">'
                + "".join(self.table[k][o] for k in over) + "</g>"
                + f'<g class="hits">{self.hits[o]}</g></svg>')

    def data(self, lines: _Lines) -> dict[str, Any]:
        """What the page's script reads (packed in the page)."""
        return {
            "head": self.heads, "parts": self.table, "nodes": self.nodes, "status": self.status,
            "hits": self.hits,
            "paths": lines.paths, "firsts": lines.firsts, "lines": [n.line for n in lines.nodes],
        }


def _boards(replay: GameReplay, game: AnyGame, lines: _Lines, order: Sequence[str]) -> _Boards:
    """The boards of every node of ``lines``, their parts numbered for this page."""
    parts = board_parts(game)
    out = _Boards()
    ids: dict[tuple[Any, ...], int] = {}
    boxes = [list(parts.grid_box(False)), list(parts.grid_box(True))]

    def number(key: tuple[Any, ...]) -> int:
        got = ids.get(key)
        if got is None:
            got = ids[key] = len(out.table)
            out.table.append(parts.svg(key))
            if key[0] == "b":
                for o, box in enumerate(parts.box(key)):
                    b = boxes[o]
                    b[:] = [min(b[0], box[0]), min(b[1], box[1]), max(b[2], box[2]),
                            max(b[3], box[3])]
        return got

    last_main = lines.paths[0][-1]
    # A game can be over only where a line ends (the replay refuses a move after the end).
    ends = {path[-1] for path in lines.paths}
    for k, node in enumerate(lines.nodes):
        ply = node.ply
        position = replay.start if ply is None else ply.after
        under, over = parts.node_keys(position, ply.move if ply is not None else None)
        out.nodes.append([[number(key) for key in under], [number(key) for key in over]])
        out.status.append(_status(game, ply, position, k == last_main, replay, order, k in ends))

    out.grids = [parts.grid_svg(False), parts.grid_svg(True)]
    out.hits = [parts.hits_svg(False), parts.hits_svg(True)]
    defs = "".join(parts.defs[ref] for ref in sorted(used_defs(out.table, out.grids)))
    for o in (0, 1):
        x0, y0, x1, y1 = boxes[o]  # the model's y is up, SVG's down
        x, y, w, h = (svg_number(v) for v in (x0, -y1, x1 - x0, y1 - y0))
        # width and height: the board's size where nothing limits it (its letters as large as
        # on a printed form); the style sheet fits it to the screen
        size = f'width="{svg_number(48 * (x1 - x0))}" height="{svg_number(48 * (y1 - y0))}" '
        out.heads.append(f'<svg xmlns="http://www.w3.org/2000/svg" {size}viewBox="{x} {y} {w} {h}" '
                         f'font-family="{escape_html(SVG_FONT)}" aria-hidden="true">'
                         f'<rect class="fw" x="{x}" y="{y}" width="{w}" height="{h}" fill="#ffffff"/>'
                         f"<defs>{defs}</defs>")
    return out


_CONTROLS = (
    '<div class="controls" role="group" aria-label="Step through the game">'
    '<button type="button" id="first" aria-label="First position (Home)" title="Home">'
    '&#xAB;<span class="word"> First</span></button>'
    '<button type="button" id="prev" aria-label="Previous move (left arrow)" '
    'title="Left arrow">&#x2039;<span class="word"> Back</span></button>'
    '<button type="button" id="next" aria-label="Next move (right arrow)" '
    'title="Right arrow"><span class="word">Next </span>&#x203A;</button>'
    '<button type="button" id="last" aria-label="Last move (End)" title="End">'
    '<span class="word">Last </span>&#xBB;</button>'
    '<button type="button" id="flip" aria-pressed="false" aria-label="Flip board">'
    '&#x21C5;<span class="word"> Flip</span></button>'
    "</div>")
"""The buttons under the board (``static/viewer.js`` finds them by their ids); on a phone their
signs alone, so that they keep one row under the board."""


def _line_choice(lines: _Lines) -> str:
    """The "Line" drop-down (the main line or a series), or nothing where the record has none."""
    if len(lines.paths) <= 1:
        return ""
    options = ['<option value="0">Main line</option>']
    for k in range(1, len(lines.paths)):
        path = lines.paths[k]
        start = lines.nodes[path[lines.firsts[k]]].ply if lines.firsts[k] < len(path) else None
        frm = f" (from {start.label})" if start is not None else ""
        options.append(f'<option value="{k}">Series {escape_html(lines.names[k])}'
                       f"{escape_html(frm)}</option>")
    return ('<p class="line"><label for="line">Line: </label><select id="line">'
            + "".join(options) + "</select></p>")


def _result(replay: GameReplay, game: AnyGame, end: Ply | None,
            upto: tuple[int, int] | None) -> str:
    """The header's words on the end of the game (or whose turn it is)."""
    end_position = replay.start if end is None else end.after
    if replay.winner is not None and upto is None:
        return "Result: " + result_words(game, replay.winner, replay.how, replay.detail) + "."
    if (outcome := game.outcome(end_position)) is not None:
        return "Result: " + result_words(game, outcome.winner, outcome.how, outcome.detail) + "."
    return f"Game still going: {game.side_to_move(end_position).capitalize()} to move."


def game_page(replay: GameReplay, *, upto: tuple[int, int] | None = None,
              index_href: str | None = None, offer: Offer | None = None) -> str:
    """The HTML page of one replayed game; ``upto``: the place of the record's first error (the
    page shows the moves written before it); ``offer``: the legal moves of its last position,
    to make one by tapping (:mod:`pbmkit.web.tapping`; the mail layer's ``page_offer``)."""
    game = replay.game
    if game is None:
        raise ValueError("a game that cannot be replayed has no page")
    order = replay.order or game.order

    def trusted(plies: list[Ply]) -> list[Ply]:
        return plies if upto is None else [p for p in plies if (p.line, p.column) < upto]

    allowed = {id(p) for p in trusted(replay.main)}
    for plies in replay.series.values():
        allowed.update(id(p) for p in trusted(plies))
    lines = _lines(replay, allowed)
    boards = _boards(replay, game, lines, order)
    last_main = lines.paths[0][-1]

    tags = replay.record.tags
    title = game.title + (f" #{tags['Number'].strip()}" if tags.get("Number", "").strip() else "")
    players = [(side, tags.get(tag, "").strip()) for side, tag in zip(game.sides, game.side_tags,
                                                                          strict=False)]
    shown_players = " v ".join(f"{side.capitalize()} {isolate_html(p)}" if p else side.capitalize()
                               for side, p in players)
    result = _result(replay, game, lines.nodes[last_main].ply, upto)
    shown = escape_html(boards.status[last_main])
    body: list[str] = ['<main class="layout">', "<header>"]
    if index_href:
        body.append(f'<p class="back"><a href="{escape_html(index_href)}">All games</a></p>')
    body.append(f"<h1>{escape_html(title)}</h1>")
    body.append(f'<p class="players">{shown_players}</p>')
    body.append(f'<p class="result" id="result">{escape_html(result)}</p>')
    if replay.errors:
        first = replay.errors[0]
        where = f"line {first.line}: " if first.line is not None else ""
        body.append(f'<p class="warning" role="note">This record has {len(replay.errors)} '
                    f"error(s); it is shown up to the first ({where}{escape_html(first.message)}). "
                    "Run pbmkit check.</p>")
    body.append("</header>")
    body.append('<section class="play" aria-label="Board">')
    body.append(f'<div id="board" class="board" role="img" aria-label="{shown}">'
                f"{boards.at(last_main)}</div>")
    body.append(f'<p id="status" class="status" aria-live="polite">{shown}</p>')
    body.append(_CONTROLS)
    if offer is not None:
        body.append(tap_html(offer))
    if choice := _line_choice(lines):
        body.append(choice)
    body.append("</section>")
    body.append('<section class="record" aria-label="Record">')
    report = desk_report(replay.record, order)
    body.append(_tags_html(replay, game, report))
    # The main line's nodes are 0 (the start) to its last move, in order (``_lines`` walks it
    # first): the plot and its script place a move by its node.
    main = lines.paths[0]
    assert main == list(range(len(main)))
    art = art_for(game)
    plot = eval_plot(replay.record, order, [(n, ply, _words(ply, order)) for n in main[1:]
                                            if (ply := lines.nodes[n].ply) is not None],
                     art.colours, last_main)
    if plot is not None:
        body.append(plot.html)
    intro = replay.record.leading + replay.record.intro
    if any(_comment_text(c) for c in intro):
        body.append(f'<p class="intro">{_comments_html(intro).strip()}</p>')
    body.append(_moves_html(replay, game, lines, order, upto, report))
    body.append("</section>")
    body.append("</main>")
    body.append('<script type="application/x-pbmkit-deflate-base64" id="pbm-data">'
                f"{packed(boards.data(lines))}</script>")
    body.append('<script type="application/x-pbmkit-deflate-base64" id="pbm-grid">'
                f"{board_parts(game).grid_packed()}</script>")
    if offer is not None:  # base64: nothing in a name or a tag can end the element
        body.append('<script type="application/x-pbmkit-deflate-base64" id="pbm-play">'
                    f"{packed(offer.data())}</script>")
    named = " v ".join(p for _, p in players if p)
    return page_html(title + (f": {named}" if named else ""), "\n".join(body) + "\n",
                     style=page_style("viewer.css", tints=art.colours,
                                      extra=plot.css if plot is not None else ""),
                     script=SCRIPT + PLOT_SCRIPT if plot is not None else SCRIPT)


def _words(ply: Ply, order: Sequence[str]) -> str:
    """A move as the words under the board write it: ``12... Blue d5``."""
    return (f"{ply.label}{'.' if ply.side == order[0] else '...'} {ply.side.capitalize()} "
            + record_move(ply))


def _tags_html(replay: GameReplay, game: AnyGame, report: DeskReport) -> str:
    tags = replay.record.tags
    rows = []
    side_tags = set(game.side_tags)
    for side, tag in zip(game.sides, game.side_tags, strict=False):
        if tags.get(tag, "").strip():
            rows.append((side.capitalize(), isolate_html(tags[tag])))
    for key, value in tags.items():
        if key in side_tags or key == "Game":
            continue
        shown = escape_html(value) if key != "Winner" or value.strip() != "*" else "game still going"
        if key.endswith("Email") or key.endswith("EMail"):
            continue  # addresses stay out of a page made to be shown around
        rows.append((escape_html(key), shown))
    rows.insert(0, ("Game", escape_html(game.title)))
    if any(c.days is not None or c.notes.sent is not None for c in report.moves):
        used = ", ".join(f"{s.capitalize()} {report.totals.get(s, 0)}"
                         for s in (replay.order or game.order))
        control = f" (time control {report.time_control})" if report.time_control else ""
        rows.append(("Days used", escape_html(used + control)))
    return ('<dl class="tags">' + "".join(f"<div><dt>{k}</dt><dd>{v}</dd></div>" for k, v in rows)
            + "</dl>")


def _moves_html(replay: GameReplay, game: AnyGame, lines: _Lines, order: Sequence[str],
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
            endings.setdefault(item.series, []).append(escape_html(item.kind)
                                                       + _comments_html(item.comments))
        elif isinstance(item, Phase):
            phases[(item.series, item.number)] = item
    clocks: dict[tuple[int, int], MoveClock] = {}
    for tick in report.moves:
        clocks[(tick.written.line, tick.written.column)] = tick
    columns = list(order) if len(order) <= 2 else []
    width = 1 + (len(columns) or 1)
    head = ("<thead><tr>" + '<th class="num" scope="col"><span class="vh">Turn</span></th>'
            + "".join(f'<th scope="col">{escape_html(side.capitalize())}</th>' for side in columns)
            + "</tr></thead>" if columns else "")
    out = []
    for k, path in enumerate(lines.paths):
        own = path[lines.firsts[k]:]
        if k == 0:
            out.append('<h2 class="moves-head">Moves</h2>')
        else:
            first = lines.nodes[own[0]].ply if own else None
            frm = f", from {first.label}" if first is not None else ""
            out.append(f'<h2 class="series-head">Series {escape_html(lines.names[k])}{escape_html(frm)}</h2>')
        rows: list[str] = []
        turn: _Turn | None = None
        phase = ""
        for n in own:
            ply = lines.nodes[n].ply
            assert ply is not None
            column = columns.index(ply.side) if ply.side in columns else 0
            if turn is None or ply.label != turn.label or (columns and column in turn.cells):
                if turn is not None:
                    rows.append(turn.html(len(columns), width))
                round_ = ply.label.partition(":")[0] if ":" in ply.label else ""
                if round_ != phase and round_.isdigit():  # a phase line: "round 2"
                    line_ = phases.get((lines.names[k], int(round_))) or phases.get(("", int(round_)))
                    notes = _comments_html(line_.comments) if line_ is not None else ""
                    rows.append(f'<tr class="ending"><td colspan="{width}">round {round_}{notes}'
                                "</td></tr>")
                phase = round_
                turn = _Turn(ply.label)
            place = (ply.line, ply.column)
            words = record_move(ply)
            turn.notes.append(_comments_html(before.get(place, ())))
            side = "" if columns else \
                f'<span class="side">{escape_html(ply.side.capitalize())}</span> '
            cell = (f'{side}<button type="button" class="mv" data-n="{n}" aria-label="'
                    f"{escape_html(ply.label)}. {escape_html(ply.side.capitalize())} "
                    f'{escape_html(words)}">{escape_html(words)}</button>')
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
                cell += f'<span class="date">{escape_html(", ".join(dates))}</span>'
            turn.cells.setdefault(column, []).append(cell)
            turn.notes.append(_comments_html(comments.get(place, ())))
        if turn is not None:
            rows.append(turn.html(len(columns), width))
        for words in endings.get(lines.names[k], ()):
            rows.append(f'<tr class="ending"><td colspan="{width}">{words}</td></tr>')
        out.append(f'<table class="moves">{head}<tbody>{"".join(rows)}</tbody></table>' if rows
                   else '<p class="none">No moves yet.</p>')
    return "".join(out)


@dataclass
class _Turn:
    """One row of the move list: a turn's moves by column, and the comments said in it."""

    label: str
    cells: dict[int, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def html(self, columns: int, width: int) -> str:
        """The turn's row (a column per side, or one for all where ``columns`` is 0) and, under
        it, a row of its comments across the moves' columns."""
        number = f'<th class="num" scope="row">{escape_html(self.label)}.</th>'
        if columns:
            cells = "".join(f"<td>{''.join(self.cells.get(c, ()))}</td>" for c in range(columns))
        else:
            cells = f"<td>{' '.join(self.cells.get(0, ()))}</td>"
        said = "".join(self.notes).strip()
        if not said:
            return f"<tr>{number}{cells}</tr>"
        return (f'<tr class="has-notes">{number}{cells}</tr>'
                f'<tr class="said"><td></td><td colspan="{width - 1}">{said}</td></tr>')


def index_page(entries: Sequence[PageEntry], title: str) -> str:
    """The archive's ``index.html``: a row per game, each a link to its page."""
    rows = "".join(
        f'<tr><td class="no">{escape_html(e.number)}</td>'
        f'<td><a href="{escape_html(e.href)}">'
        f'{" v ".join(isolate_html(p) for p in e.players)}</a></td>'
        f"<td>{escape_html(e.game)}</td><td>{escape_html(e.result)}</td>"
        f'<td class="turns">{e.turns}</td><td>{escape_html(e.date)}</td></tr>' for e in entries)
    return page_html(title, (
        f"<header><h1>{escape_html(title)}</h1><p>{len(entries)} game(s)</p></header>\n"
        '<main><div class="scroll"><table class="index"><thead><tr><th scope="col">Game</th>'
        '<th scope="col">Players</th><th scope="col">Rules</th><th scope="col">Result</th>'
        '<th scope="col">Turns</th><th scope="col">Date</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div></main>\n"), style=STYLE)
