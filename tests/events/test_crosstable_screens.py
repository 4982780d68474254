"""Issue 38 §4: the crosstable's web page and the club's standings on a phone and a laptop, in a
real browser (headless Chromium, tests/support/browser.py): nothing wider than the screen, the
standings first and whole on a phone, every standings column on a laptop, the grid scrolling in
its own box with the names held at its left, and typeset as a published crosstable (results of
one width, numbers aligned on the decimal point, no underline in every cell)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_crosstable import candidates_2018
from test_crosstable_output import round_robin

from pbmkit.events.model import Event, EventGame, Outcome, Player
from pbmkit.events.sheet import sheet
from pbmkit.events.table import crosstable
from pbmkit.web.club import RatingRow, RulesSection, Site, StandingRow, standings_page
from pbmkit.web.crosstable import crosstable_html
from tests.support.browser import Browser

PHONE, LAPTOP = (360, 740), (1366, 768)


def zones_cup() -> Event:
    """Two tables of four at Batrakill's zones, long names, a game still running."""
    t1 = ("Annabelle Featherstonehaugh", "Bo", "Cyrille de Montmorency-Laval", "Di")
    t2 = ("Ed", "Fy", "Gu", "Ha")

    def zone(number: int, table: int, order: tuple[str, ...], winner: str | None) -> EventGame:
        sides = dict(zip(("Purple", "Blue", "Yellow", "Dragon"), order, strict=True))
        outcome = None if winner is None else Outcome({p: float(p == winner) for p in order})
        return EventGame(number, number, sides, f"{number}.txt", table=table, outcome=outcome)

    games = [zone(1, 1, t1, t1[0]), zone(2, 2, t2, "Ha"), zone(3, 1, t1[1:] + t1[:1], "Di"),
             zone(4, 2, t2[1:] + t2[:1], "Fy"), zone(5, 1, t1[2:] + t1[:2], None)]
    return Event("Batrakill zones cup", "Batrakill", [Player(n) for n in t1 + t2], games)


EVENTS = {
    "candidates": candidates_2018,
    "long-names": lambda: round_robin(14, double=True, finished=0.6, name_length=30),
    "wide": lambda: round_robin(24, double=True),
    "zones": zones_cup,
}


def page(tmp_path: Path, key: str) -> Path:
    event = EVENTS[key]()
    out = tmp_path / f"{key}.html"
    out.write_text(crosstable_html(sheet(crosstable(event), {g.number: f"{g.number}.html"
                                                              for g in event.games})),
                   encoding="utf-8")
    return out


# Where each column of the first table named ``heading`` shows: its heading's text and box.
COLUMNS = """
var h2 = Array.from(document.querySelectorAll("h2")).find(h => h.textContent === arguments[0]);
var table = h2.parentElement.querySelector("table");
return Array.from(table.tHead.rows[0].cells).map(function (th) {
  var r = th.getBoundingClientRect();
  return [th.textContent, r.left, r.right];
});
"""
OVERFLOW = "return [document.scrollingElement.scrollWidth, window.innerWidth]"


def columns(browser: Browser, heading: str) -> dict[str, tuple[float, float]]:
    got = browser.script(COLUMNS, heading)
    assert isinstance(got, list)
    return {str(text): (float(left), float(right)) for text, left, right in got}


@pytest.mark.parametrize("key", list(EVENTS))
@pytest.mark.parametrize("size", [(320, 640), PHONE, LAPTOP])
def test_the_page_is_never_wider_than_the_screen(browser: Browser, tmp_path: Path, key: str,
                                                 size: tuple[int, int]) -> None:
    for dark in (False, True):
        browser.open(page(tmp_path, key), width=size[0], height=size[1], dark=dark,
                     mobile=size[0] < 600)
        width, inner = browser.script(OVERFLOW)  # type: ignore[misc]
        assert width <= inner, (key, size, width)
        assert browser.errors() == [] and browser.requests() == []


@pytest.mark.parametrize("key", list(EVENTS))
def test_on_a_laptop_every_standings_column_shows_with_the_place(browser: Browser, tmp_path: Path,
                                                                  key: str) -> None:
    browser.open(page(tmp_path, key), width=LAPTOP[0], height=LAPTOP[1])
    shown = columns(browser, "Standings")
    assert list(shown)[:3] == ["Place", "Player", "Pts"]
    assert {"W", "SB", "G", "%"} <= set(shown)
    for name, (left, right) in shown.items():
        assert left >= 0 and right <= LAPTOP[0], (key, name, left, right)
    if key == "candidates":  # a grid of eight fits whole: every column of it too
        grid = columns(browser, "Crosstable")
        assert list(grid)[-5:] == ["Pts", "W", "SB", "G", "%"]
        assert all(right <= LAPTOP[0] for _, right in grid.values())


@pytest.mark.parametrize("key", list(EVENTS))
def test_on_a_phone_the_standings_come_first_and_read_without_scrolling(
        browser: Browser, tmp_path: Path, key: str) -> None:
    browser.open(page(tmp_path, key), width=PHONE[0], height=PHONE[1], mobile=True)
    first = browser.script("return document.querySelector('main h2').textContent")
    assert first == "Standings"
    shown = columns(browser, "Standings")
    for name in ("Place", "Player", "Pts", "W", "SB"):  # place, name, points, the tie-breaks
        left, right = shown[name]
        assert left >= 0 and right <= PHONE[0], (key, name, left, right)
    # a long name wraps within its cell instead of pushing the points off the screen
    widest = browser.script("""return Math.max.apply(null, Array.from(document
        .querySelectorAll("table.standings th.name bdi")).map(b => b.getBoundingClientRect().right))""")
    assert isinstance(widest, (int, float)) and widest <= shown["Player"][1] + 0.5


STICKY = """
var box = document.querySelectorAll("div.scroll")[arguments[0]];
box.scrollIntoView();
var row = box.querySelector("tbody tr");
var lead = row.cells[0], name = row.querySelector("th.name");
var before = [lead.getBoundingClientRect().left, name.getBoundingClientRect().left];
box.scrollLeft = box.scrollWidth;
var after = [lead.getBoundingClientRect().left, name.getBoundingClientRect().left];
var r = name.getBoundingClientRect();
var top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return [box.scrollLeft, before, after, name.contains(top) || top === name,
        lead.getBoundingClientRect().right <= name.getBoundingClientRect().left + 0.5];
"""


@pytest.mark.parametrize(("key", "grid"), [("candidates", 1), ("wide", 1), ("zones", 0)])
def test_the_grid_scrolls_in_its_box_with_the_names_held_at_its_left(
        browser: Browser, tmp_path: Path, key: str, grid: int) -> None:
    """The grid (the zones: their standings, wider than a phone) scrolls in its box."""
    browser.open(page(tmp_path, key), width=PHONE[0], height=PHONE[1], mobile=True)
    scrolled, before, after, on_top, apart = browser.script(STICKY, grid)  # type: ignore[misc]
    assert scrolled > 0  # the grid is wider than a phone: it scrolls, in its own box
    assert after == pytest.approx(before, abs=0.5)  # the number and the name stay put
    assert on_top  # the results pass under the names, not over them
    assert apart  # the number column and the names do not overlap


def test_results_have_one_width_numbers_align_and_links_are_not_underlined(
        browser: Browser, tmp_path: Path) -> None:
    browser.open(page(tmp_path, "long-names"), width=LAPTOP[0], height=LAPTOP[1])
    widths = browser.script("""return Array.from(document.querySelectorAll("table.grid th.res"))
        .map(th => th.getBoundingClientRect().width)""")
    assert isinstance(widths, list) and len(widths) == 14
    assert max(widths) - min(widths) < 0.5
    # each whole number of the points column ends at one x, a ½ or not (decimal alignment)
    ends = browser.script("""
        var table = document.querySelector("table.standings");
        var k = Array.from(table.tHead.rows[0].cells).findIndex(th => th.textContent === "Pts");
        return Array.from(table.tBodies[0].rows).map(function (row) {
          var range = document.createRange();
          range.selectNodeContents(row.cells[k].firstChild);
          return [row.cells[k].textContent, range.getBoundingClientRect().right];
        });""")
    assert isinstance(ends, list)
    assert any("½" in text for text, _ in ends) and any("½" not in text for text, _ in ends)
    assert max(x for _, x in ends) - min(x for _, x in ends) < 0.5
    style = browser.script("""var a = document.querySelector("td.res a");
        var sup = a.querySelector("sup");
        return [getComputedStyle(a).textDecorationLine, parseFloat(getComputedStyle(sup).fontSize),
                parseFloat(getComputedStyle(a).fontSize), sup.getBoundingClientRect().top,
                a.getBoundingClientRect().top]""")
    decoration, small, size, sup_top, top = style  # type: ignore[misc]
    assert decoration == "none"
    assert small < 0.8 * size and sup_top <= top  # the side small and raised


# --- the club's standings (pbmkit referee site) -----------------------------------------------------

def club_page(tmp_path: Path) -> Path:
    rows = [StandingRow("ann", 4, 3, 1, 0, 3.5, 1),
            StandingRow("Bartholomew Featherstonehaugh-Smythe", 4, 2, 0, 2, 2.0, 0),
            StandingRow("cid", 3, 0, 1, 2, 0.5, 2)]
    ratings = [RatingRow("ann", 1562.4, 4, 12.3), RatingRow("cid", 1440, 3, None)]
    out = tmp_path / "standings-batalo.html"
    out.write_text(standings_page(Site("Harmony", "2026-11-28"),
                                  RulesSection("Batalo", 3, 11, rows, ratings)), encoding="utf-8")
    return out


HEADS_OVER_NUMBERS = """
var table = document.querySelector("#standings table");
var heads = Array.from(table.tHead.rows[0].cells);
var row = table.tBodies[0].rows[0];
return heads.map(function (th, k) {
  var h = th.getBoundingClientRect(), c = row.cells[k].getBoundingClientRect();
  return [th.textContent, h.left, h.right, c.left, c.right, h.height > 0];
});
"""
ROW_TEXT = """return Array.from(document.querySelectorAll("#standings tbody tr")).map(
  tr => Array.from(tr.cells).map(function (c) {
    var before = getComputedStyle(c, "::before").content;  // the label a phone shows
    return ((before.startsWith('"') ? JSON.parse(before) : "") + c.textContent).trim();
  }).join(" "))"""


def test_the_club_standings_have_headings_on_a_laptop_and_labels_on_a_phone(
        browser: Browser, tmp_path: Path) -> None:
    out = club_page(tmp_path)
    browser.open(out, width=LAPTOP[0], height=LAPTOP[1])
    heads = browser.script(HEADS_OVER_NUMBERS)
    assert isinstance(heads, list)
    assert [h[0] for h in heads] == ["#", "Player", "Points", "Played", "Won", "Drawn", "Lost",
                                     "Running"]
    for text, h_left, h_right, c_left, c_right, visible in heads:
        assert visible and h_left <= (c_left + c_right) / 2 <= h_right, text  # over its numbers
    for dark in (False, True):
        browser.open(out, width=PHONE[0], height=PHONE[1], dark=dark, mobile=True)
        width, inner = browser.script(OVERFLOW)  # type: ignore[misc]
        assert width <= inner
        rows = browser.script(ROW_TEXT)
        assert rows == [
            "1 ann Points 3½ Played 4 Won 3 Drawn 1 Lost 0 Running 1",
            "2 Bartholomew Featherstonehaugh-Smythe Points 2 Played 4 Won 2 Drawn 0 Lost 2 Running 0",
            "3 cid Points ½ Played 3 Won 0 Drawn 1 Lost 2 Running 2"]
        # the name, its place and its points on the first line, the rest labelled below
        boxes = browser.script("""var tr = document.querySelector("#standings tbody tr");
            return Array.from(tr.cells).map(c => c.getBoundingClientRect().top)""")
        assert isinstance(boxes, list)
        assert boxes[0] == boxes[1] == boxes[2] < boxes[3] == boxes[4]


@pytest.mark.parametrize("width, height", [PHONE, LAPTOP])
@pytest.mark.parametrize("dark", [False, True])
def test_the_crosstable_has_the_pages_one_look(browser: Browser, tmp_path: Path, width: int,
                                               height: int, dark: bool) -> None:
    """Issue 39 §3: the crosstable's colours and type are the theme's (pbmkit/web/theme.py), as
    the viewer's and the club's are: its ground, text, heading cells, links and font."""
    from pbmkit.web.crosstable import STYLE
    from pbmkit.web.theme import DARK, FONT, LIGHT, theme_css

    assert STYLE.startswith(theme_css())
    theme = DARK if dark else LIGHT
    browser.open(page(tmp_path, "candidates"), width=width, height=height, dark=dark)
    got = browser.script("""
        var b = getComputedStyle(document.body), th = document.querySelector(".cross thead th");
        var a = document.querySelector(".cross a");
        return [b.backgroundColor, b.color, getComputedStyle(th).backgroundColor,
                a ? getComputedStyle(a).color : "", b.fontFamily];""")
    assert isinstance(got, list)

    def rgb(colour: str) -> str:
        r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
        return f"rgb({r}, {g}, {b})"

    assert got[:3] == [rgb(theme.bg), rgb(theme.fg), rgb(theme.panel)]
    assert got[3] in ("", rgb(theme.accent))
    assert str(got[4]).replace('"', "").startswith(FONT.replace('"', "").split(",")[0])
    assert browser.script("return document.documentElement.scrollWidth") <= width
