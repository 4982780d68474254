"""``pbmkit html``: the page of a record, the archive's index, errors and hostile records (issue 25 §3).

The browser tests are in test_html_browser.py; here the page is read as text and HTML.
"""

from __future__ import annotations

import base64
import hashlib
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import board_drawing, move_marks, piece_scale, placed_glyph
from pbmkit.render.shapes import Circle, Placed, Polygon
from pbmkit.render.svg import board_style
from pbmkit.web.board import board_parts
from pbmkit.web.viewer import game_page, unpacked

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))

HOSTILE = (
    '[Game "Batalo"]\n'
    '[Number "7\\"><script>alert(1)</script>"]\n'
    '[White "</svg><img src=x onerror=alert(2)>\\" onmouseover=\\"alert(3)"]\n'
    '[Black "javascript:alert(4)\x01\x1b[31m"]\n'
    '[Event "<a href=\\"javascript:alert(5)\\">click</a></script><script>alert(6)</script>"]\n'
    '[Site "<style>body{display:none}</style><!--"]\n'
    '[Winner "*"]\n'
    '\n'
    '1. JP to HR { </script><script>alert(7)</script> } EW to EU { <svg onload=alert(8)> }\n'
    '2. IR to HS { javascript:alert(9) "\' ]]> &lt; \u202e } EV to FU\n'
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


class Elements(HTMLParser):
    """Every start tag of a page with its attributes, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.scripts if self._in_script else self.text).append(data)


def parse(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    parser.close()
    return parser


def sha256(source: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_board_of_the_page_is_the_drawing_models(path: Path) -> None:
    """The page assembles each board from parts drawn once; every position of every game (main
    line and series), in both orientations, is the model's drawing of it (board_drawing), and
    the panel under the board holds the pieces the model's column beside it holds, in order,
    each drawn as large as a piece on the board (issue 39: never larger)."""
    for replay in check_text(path.read_text(encoding="utf-8"), path.name):
        game = replay.game
        assert game is not None
        parts = board_parts(game)
        art = art_for(game)
        style = board_style(board=game.board, screen=True)
        plies = [None, *replay.main, *(p for line in replay.series.values() for p in line)]
        for ply in plies:
            position = replay.start if ply is None else ply.after
            move = None if ply is None else ply.move
            for flip in (False, True):
                want = board_drawing(game.board, art, art.symbols(position), flip=flip,
                                     marks=move_marks(game, [move] if move is not None else []),
                                     style=style)
                got = parts.drawing(position, move, flip=flip)
                board = list(got.over[:len(want.over)])
                assert (list(got.grid), list(got.under), board) == \
                    (list(want.grid), list(want.under), list(want.over)), (path, ply)
                panel = [s for s in got.over[len(want.over):] if isinstance(s, Placed)]
                beside = [sym for _, syms in (art.beside(position) if art.beside else ())
                          for sym in syms]
                scales = [max(piece_scale(art.glyphs[sym], style),
                              0.8 if art.glyphs[sym].kind == "ring" and art.glyphs[sym].letter
                              else 0.0) for sym in beside]
                assert [s.key for s in panel] == [
                    placed_glyph(art.glyphs[sym], (0, 0), scale).key
                    for sym, scale in zip(beside, scales, strict=True)]
                on_board = [s for s in board if isinstance(s, Placed)]
                if on_board and panel:  # never larger than the pieces on the board
                    assert max(_radius(s) for s in panel) <= max(_radius(s) for s in on_board)
                x0, y0, x1, y1 = got.bbox
                assert (x0, x1, y1) == (want.bbox[0], want.bbox[2], want.bbox[3])  # under it
                assert y0 <= min((s.at[1] for s in panel), default=want.bbox[1])


def _radius(glyph: Placed) -> float:
    """How far a placed glyph's body reaches from its centre."""
    reach = 0.0
    for shape in glyph.shapes:
        if isinstance(shape, Circle):
            reach = max(reach, shape.radius)
        elif isinstance(shape, Polygon):
            reach = max(reach, *(max(abs(x), abs(y)) for x, y in shape.points))
    return reach


def test_the_page_is_self_contained_and_its_policy_allows_only_its_own_script(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    code, stdout, _ = run("html", str(ROOT / "examples/03-unfinished-with-series.txt"), "-o", str(out))
    assert code == 0 and "Wrote" in stdout
    page = out.read_text(encoding="utf-8")
    doc = parse(page)
    csp = next(a["content"] for t, a in doc.tags if t == "meta" and a.get("http-equiv") ==
               "Content-Security-Policy")
    assert csp is not None and "default-src 'none'" in csp and "unsafe" not in csp
    scripts = [a for t, a in doc.tags if t == "script"]
    packed = {"type": "application/x-pbmkit-deflate-base64"}
    # the game is still going: its legal moves to tap, packed too (pbm-play)
    assert scripts == [{**packed, "id": "pbm-data"}, {**packed, "id": "pbm-grid"},
                       {**packed, "id": "pbm-play"}, {}]
    data = unpacked(doc.scripts[0])
    assert len(data["nodes"]) == 1 + 24 + 6 and len(data["paths"]) == 2
    code_script = doc.scripts[-1]
    assert f"script-src '{sha256(code_script)}'" in csp
    style = page[page.index("<style>") + 7:page.index("</style>")]
    assert f"style-src '{sha256(style)}'" in csp
    # nothing to fetch: no src, no link, no external reference
    for tag, attrs in doc.tags:
        assert "src" not in attrs and tag not in ("link", "img", "iframe", "object")
        assert all(not k.startswith("on") for k in attrs), (tag, attrs)
        assert "style" not in attrs, (tag, attrs)  # the policy forbids inline style attributes
        href = attrs.get("href")
        assert href is None or href.startswith("#"), (tag, attrs)
    assert set(re.findall(r"https?://[^\s\"'<\\]+", page)) == {"http://www.w3.org/2000/svg"}
    text = " ".join(doc.text)
    for words in ("Øyvind Brevik", "Zoë Müller", "Harmony Games postal ladder", "Series a",
                  "What if White had pushed on at once?", "the column hurries home", "IU to HV"):
        assert words in text, words


def test_a_hostile_record_is_text_and_runs_nothing(tmp_path: Path) -> None:
    record = tmp_path / "hostile.txt"
    record.write_text(HOSTILE, encoding="utf-8")
    out = tmp_path / "hostile.html"
    code, _, err = run("html", str(record), "-o", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    doc = parse(page)
    assert [t for t, _ in doc.tags].count("script") == 4  # data, grid, moves to tap, code
    names = [t for t, _ in doc.tags]
    # the one link: Send by e-mail, with no address until a move is tapped (static/tap.js)
    assert [a for t, a in doc.tags if t == "a"] == [{"id": "tap-mail", "class": "send",
                                                     "hidden": None}]
    assert "img" not in names and names.count("style") == 1
    assert names.count("svg") == 1  # the board; no svg from a comment
    for tag, attrs in doc.tags:
        assert all(not k.startswith("on") for k in attrs), (tag, attrs)
        assert all("javascript:" not in v for v in attrs.values() if v), (tag, attrs)
    text = "".join(doc.text)
    assert "<script>alert(1)</script>" in text
    assert "</svg><img src=x onerror=alert(2)>" in text
    assert "javascript:alert(4)" in text and "\x01" not in page and "\x1b" not in page
    assert "</script><script>alert(7)</script>" in text
    assert "<!--" not in page.replace("<!DOCTYPE", "")
    # base64 only: no text of the record can end a script element or run
    assert re.fullmatch(r"[A-Za-z0-9+/=]+", doc.scripts[0] + doc.scripts[1] + doc.scripts[2])
    assert "alert" not in str(unpacked(doc.scripts[0]))  # the board's data holds no record text


def test_the_page_shows_dates_days_and_leaves_out_addresses(tmp_path: Path) -> None:
    code, page, _ = run("html", str(ROOT / "examples/desk/1-ann-bob.txt"))
    assert code == 0
    text = " ".join(parse(page).text)
    assert "sent 2026.09.04" in text and "Days used" in text
    assert "[%ccsnt" not in text
    code, page, _ = run("html", str(ROOT / "examples/mail/games/1-ann-bob.txt"))
    assert code == 0 and "example.org" not in page and "Ann Lee" in page


def test_an_archive_gets_an_index_and_a_page_per_game(tmp_path: Path) -> None:
    out = tmp_path / "site"
    code, _, err = run("html", str(ROOT / "examples/04-archive.txt"), "-o", f"{out}/")
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["game-1.html", "game-2.html", "game-3.html",
                                                     "game-4.html", "index.html"]
    index = parse((out / "index.html").read_text(encoding="utf-8"))
    links = [a["href"] for t, a in index.tags if t == "a"]
    assert links == ["game-1.html", "game-2.html", "game-3.html", "game-4.html"]
    text = " ".join(index.text)
    assert "Ada Brook" in text and "White wins on the base" in text and "1994-06-01" in text
    game = parse((out / "game-3.html").read_text(encoding="utf-8"))
    assert ("a", {"href": "index.html"}) in game.tags
    assert not [t for t, _ in index.tags if t == "script"]


@pytest.mark.parametrize(("args", "code", "words"), [
    (["no-such-file.txt"], 2, "cannot read"),
    (["examples/04-archive.txt"], 2, "choose one with --game N"),
    (["examples/04-archive.txt", "--game", "9"], 2, "there is no game 9"),
])
def test_bad_input_is_one_line_and_a_usage_exit(args: list[str], code: int, words: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    got, out, err = run("html", *args)
    assert got == code and out == ""
    assert words in err and len(err.strip().splitlines()) == 1, err


def test_a_broken_record_gets_a_page_to_its_first_error_and_exit_1(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text('[Game "Batalo"]\n[White "A"]\n[Black "B"]\n\n1. JP to HR EW to EU\n'
                      "2. JP to AA EV to FU\n", encoding="utf-8")
    out = tmp_path / "bad.html"
    code, _, err = run("html", str(record), "-o", str(out))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "error" in err
    page = out.read_text(encoding="utf-8")
    assert "This record has" in page and "EV to FU" not in " ".join(parse(page).text)
    (tmp_path / "none.txt").write_text("just words\n", encoding="utf-8")
    code, _, err = run("html", str(tmp_path / "none.txt"))
    assert code == 1 and len(err.strip().splitlines()) == 1
    (tmp_path / "chess.txt").write_text('[Game "Chess"]\n\n1. e4 e5\n', encoding="utf-8")
    code, _, err = run("html", str(tmp_path / "chess.txt"))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Chess" in err


def test_a_300_turn_game_makes_a_page_under_400_kb() -> None:
    game = get_game("Batalo")
    rng = random.Random(3)
    position = game.initial_position()
    moves = []
    while len(moves) < 600:
        legal = [m for m in game.legal_moves(position)
                 if game.outcome(game.apply(position, m)) is None]
        move = rng.choice(legal)
        moves.append(game.notation.format(move, position))
        position = game.apply(position, move)
    body = "".join(f"{k // 2 + 1}. {moves[k]} {moves[k + 1]}\n" for k in range(0, 600, 2))
    replay = check_text(f'[Game "Batalo"]\n[White "A"]\n[Black "B"]\n\n{body}')[0]
    assert replay.valid and len(replay.main) == 600
    size = len(game_page(replay).encode())
    assert size < 400_000, size


def test_an_index_of_hostile_records_is_text(tmp_path: Path) -> None:
    record = tmp_path / "hostile.txt"
    record.write_text(HOSTILE + "\n" + HOSTILE, encoding="utf-8")
    code, _, err = run("html", str(record), "-o", f"{tmp_path / 'site'}/")
    assert code == 0, err
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    index = parse(page)
    assert [t for t, _ in index.tags if t in ("script", "img", "svg")] == []
    assert [a for t, a in index.tags if t == "a"] == [{"href": "game-1.html"},
                                                       {"href": "game-2.html"}]
    text = "".join(index.text)
    assert "</svg><img src=x onerror=alert(2)>" in text and '7"><script>alert(1)</script>' in text
    assert "\x01" not in page and "\x1b" not in page
