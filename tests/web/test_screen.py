"""The game page on a phone and a laptop (issue 39 §1, §3): the board and its buttons stay in view
while the player steps, nothing scrolls sideways at 320 pixels, every letter on the board is at
least 11 CSS pixels on a 360-pixel phone, the colours hold their contrasts, and the move list is a
table with a column per side that writes the moves as the record does.

The browser tests run headless Chromium (tests/support/browser.py); the contrasts are computed
from the theme's and the games' declared colours (pbmkit/web/theme.py, each game's look).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from pbmkit.games import game_names, get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.web.theme import DARK, LIGHT, contrast, ink_for
from pbmkit.web.viewer import game_page
from tests.support.browser import Browser
from tests.web.test_html_browser import make_page, open_page

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
ONE_PER_GAME = ["02-capture-all.txt", "baladana-02-loot-and-a-golden-ring-put-down.txt",
                "batrakill-03-four-players.txt", "batu-khan-01-camp.txt",
                "billo-02-chained-capture.txt", "hex-01-swap.txt", "amazons-01-no-moves.txt",
                "othello-01-a-pass.txt"]

IN_VIEW = """
var out = [];
["#board svg", ".controls"].forEach(function (q) {
  var r = document.querySelector(q).getBoundingClientRect();
  out.push([r.left, r.top, r.right, r.bottom]);
});
out.push([innerWidth, innerHeight]);
return out;
"""


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("size", [(360, 740), (390, 844), (1366, 768), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ONE_PER_GAME, ids=lambda n: n.split("-")[0])
def test_stepping_keeps_the_board_and_its_buttons_in_the_window(
        browser: Browser, tmp_path: Path, name: str, size: tuple[int, int], dark: bool) -> None:
    width, height = size
    page = make_page(EXAMPLES / name, 1, tmp_path)
    open_page(browser, page, width=width, height=height, mobile=width < 500, dark=dark)
    browser.driver.find_element(By.ID, "first").click()
    steps = len(check_text((EXAMPLES / name).read_text(encoding="utf-8"), name)[0].main)
    full = None
    for step in range(steps):
        browser.driver.find_element(By.ID, "next").click()
        got = browser.script(IN_VIEW)
        assert isinstance(got, list)
        board, controls, (w, h) = got
        for box in (board, controls):
            assert box[0] >= -0.5 and box[2] <= w + 0.5, (step, box)
            assert box[1] >= -0.5 and box[3] <= h + 0.5, (step, box, h)
        if width < 500:  # on a phone the board keeps the whole width, its panel under it
            assert board[2] - board[0] >= width - 24, board
        shown = round(board[2] - board[0])
        assert full is None or shown == full  # the board never changes size as the game goes
        full = shown
    assert browser.errors() == []


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.txt")))
def test_nothing_scrolls_sideways_at_320_pixels(browser: Browser, tmp_path: Path, name: str) -> None:
    open_page(browser, make_page(EXAMPLES / name, 1, tmp_path), width=320, height=640, mobile=True)
    assert browser.script("return document.documentElement.scrollWidth") <= 320


# Every text on the board, as the screen draws it: its font size times the SVG's scale; the texts
# of pieces are in the definitions their <use> elements place (no scaling in between).
TEXT_SIZES = """
var svg = document.querySelector("#board svg");
var scale = svg.getScreenCTM().a, out = [];
svg.querySelectorAll("g.grid text, g.over > text, g.panel text").forEach(function (t) {
  out.push([t.textContent, parseFloat(t.getAttribute("font-size")) * scale]);
});
svg.querySelectorAll("use").forEach(function (u) {
  document.querySelector(u.getAttribute("href")).querySelectorAll("text").forEach(function (t) {
    out.push([t.textContent, parseFloat(t.getAttribute("font-size")) * scale]);
  });
});
return out;
"""


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.txt")
                                        if not p.name.startswith("04")))
def test_every_letter_on_the_board_is_11_pixels_on_a_phone(browser: Browser, tmp_path: Path,
                                                            name: str) -> None:
    open_page(browser, make_page(EXAMPLES / name, 1, tmp_path), width=360, height=740, mobile=True)
    for at in ("last", "first"):
        browser.driver.find_element(By.ID, at).click()
        sizes = browser.script(TEXT_SIZES)
        assert isinstance(sizes, list) and sizes
        small = [(text, round(px, 1)) for text, px in sizes if px < 11]
        assert small == [], small


def _games() -> list[tuple[str, object]]:
    """Every game, with each configuration the examples use (Batrakill's four players)."""
    out: list[tuple[str, object]] = [(n, get_game(n)) for n in game_names()]
    for path in sorted(EXAMPLES.glob("*.txt")):
        for replay in check_text(path.read_text(encoding="utf-8"), path.name):
            if replay.game is not None:
                out.append((path.stem, replay.game))
    return out


def test_every_text_colour_holds_4_5_to_1_and_the_marks_3_to_1() -> None:
    for theme in (LIGHT, DARK):
        for fg, bg in ((theme.fg, theme.bg), (theme.muted, theme.bg), (theme.fg, theme.panel),
                       (theme.muted, theme.panel), (theme.current_fg, theme.current),
                       (theme.accent, theme.bg), (theme.board_muted, theme.board),
                       (theme.board_ink, theme.board)):
            assert contrast(fg, bg) >= 4.5, (theme, fg, bg)
        assert contrast(theme.mark, theme.board) >= 3
        assert contrast(theme.bg, theme.accent) >= 4.5  # a pressed button's words
    assert contrast(DARK.board, "#ffffff") > 10  # the dark theme's board is no white card


@pytest.mark.parametrize(("label", "game"), _games(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_sides_pieces_stand_out_from_the_board_and_from_each_other(label: str,
                                                                         game: object) -> None:
    art = art_for(game)  # type: ignore[arg-type]
    sides = [s for s in art.colours if s in set(art.tints.values())]
    assert set(art.tints.values()) <= set(art.colours), label  # every tinted piece has colours
    owners = set(art.owners.values())
    assert owners and all(any(art.tints.get(sym) in art.colours for sym, o in art.owners.items()
                              if o == side) for side in owners), label
    for name in sides:
        for body in art.colours[name]:
            ink = ink_for(body)
            assert contrast(ink, body) >= 4.5, (label, name, body)  # letters on the piece
            for theme in (LIGHT, DARK):  # its outline (the ink) or its body against the board
                assert max(contrast(body, theme.board), contrast(ink, theme.board)) >= 3, \
                    (label, name, theme.board)
    playing = [s for s in game.sides]  # type: ignore[attr-defined]
    if len(playing) == 2 and all(s in art.colours for s in playing):
        a, b = (art.colours[s][0] for s in playing)
        assert contrast(a, b) >= 3, (label, a, b)  # the two sides apart at a glance


def test_the_move_list_has_a_column_per_side_and_writes_captures_as_the_record() -> None:
    text = (EXAMPLES / "02-capture-all.txt").read_text(encoding="utf-8")
    page = game_page(check_text(text)[0])
    assert '<thead><tr><th class="num" scope="col"><span class="vh">Turn</span></th>' \
           "<th scope=\"col\">White</th><th scope=\"col\">Black</th></tr></thead>" in page
    assert ">JQ x GT averto</button>" in page and "JQ to GT" not in page
    rows = page.split('<table class="moves">')[1].split("</table>")[0].split("<tr")[2:]
    turns = [r for r in rows if 'class="num" scope="row"' in r]
    assert all(r.count("<td>") == 2 for r in turns)  # a comment never breaks the columns
    said = [r for r in rows if r.startswith(' class="said"')]
    assert said and all('colspan="2"' in r for r in said)
    assert "After 17. White EV x EU." in page


def test_more_than_two_sides_get_a_row_per_turn_with_the_sides_named() -> None:
    text = (EXAMPLES / "batrakill-03-four-players.txt").read_text(encoding="utf-8")
    page = game_page(check_text(text)[0])
    table = page.split('<table class="moves">')[1].split("</table>")[0]
    assert "<thead>" not in table
    first = table.split("</tr>")[0]
    assert first.count('<span class="side">') == 4 and first.count("<td>") == 1


def test_the_mail_writes_the_move_as_the_record_does() -> None:
    import datetime

    from pbmkit.mail.compose import body_text, mail_facts

    text = (EXAMPLES / "02-capture-all.txt").read_text(encoding="utf-8")
    replay = check_text(text)[0]
    ply = next(p for p in replay.main if p.label == "8" and p.side == "white")
    facts = mail_facts(replay, ply, today=datetime.date(2026, 11, 28))
    assert facts.move == "8. JQ x GT averto"
    assert "Move: 8. JQ x GT averto" in body_text(replay, ply, today=datetime.date(2026, 11, 28),
                                                  facts=facts)
    assert any(row[1] == "EU x EV averto" for row in facts.rows)
