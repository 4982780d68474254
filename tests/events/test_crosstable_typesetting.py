"""Issue 38 §4: the crosstable typeset as a published one, on paper and in the page's markup
(pbmkit/events/sheet.py, pbmkit/render/crosstable.py, pbmkit/web/crosstable.py): result columns
of one width, the side small and raised, numbers aligned on the decimal point, no Run column once
nothing runs, rows in place order with a Place column only where it says more than the row's
number, and a legend in words, at 7 pt or more. Two-sided grids and the zones' tables alike."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from itertools import pairwise
from typing import Any

import pdfplumber
import pytest
from test_crosstable import candidates_2018, duel
from test_crosstable_output import round_robin
from test_crosstable_screens import zones_cup
from test_tie_breaks import eng_chp3_prelim

from pbmkit.events.model import Event, Player
from pbmkit.events.sheet import sheet
from pbmkit.events.table import crosstable
from pbmkit.render.crosstable import Grid, crosstable_pdf, crosstable_text, split_number
from pbmkit.web.crosstable import crosstable_html
from tests.support.print_floor import describe, small_text

Page = Any  # a pdfplumber page


def pdf_pages(event: Event, paper: str = "a4") -> list[Page]:
    data = crosstable_pdf(sheet(crosstable(event)), paper)
    assert small_text(data) == [], describe(small_text(data))
    doc = pdfplumber.open(io.BytesIO(data))
    return list(doc.pages)


def edges(page: Page, y: float) -> list[float]:
    """The x of every vertical rule of the grid row across ``y`` (the frame's sides included)."""
    xs = {round(float(line["x0"]), 2) for line in page.lines
          if abs(line["x0"] - line["x1"]) < 0.01 and line["top"] - 0.1 <= y <= line["bottom"] + 0.1}
    for rect in page.rects:
        if rect["top"] - 0.1 <= y <= rect["bottom"] + 0.1 and rect["stroke"]:
            xs |= {round(float(rect["x0"]), 2), round(float(rect["x1"]), 2)}
    return sorted(xs)


def column_of(page: Page, word: dict[str, Any]) -> tuple[float, float]:
    """The left and right rules of the column a word stands in."""
    middle = (word["x0"] + word["x1"]) / 2
    xs = edges(page, (word["top"] + word["bottom"]) / 2)
    k = next(i for i in range(len(xs) - 1) if xs[i] <= middle <= xs[i + 1])
    return xs[k], xs[k + 1]


def result_headings(page: Page) -> dict[float, list[dict[str, Any]]]:
    """The headings of the result columns (``1`` ... ``8``, ``#3``), by the top of their row (the
    bold numbers inside a grid's frame)."""
    rows: dict[float, list[dict[str, Any]]] = defaultdict(list)
    words = page.extract_words(extra_attrs=["fontname"])
    for w in words:
        if ("Bold" in w["fontname"] and re.fullmatch(r"#?\d+", w["text"])
                and edges(page, (w["top"] + w["bottom"]) / 2)):
            rows[round(float(w["top"]), 1)].append(w)
    return rows


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("event", [candidates_2018, eng_chp3_prelim, lambda: round_robin(24, double=True),
                                   zones_cup],
                         ids=["candidates", "iccf-losses-on-time", "24-players", "zones"])
def test_the_pdfs_result_columns_have_one_width(event: Any, paper: str) -> None:
    page = pdf_pages(event(), paper)[0]
    rows = result_headings(page)
    assert rows
    for headings in rows.values():
        widths = [right - left for left, right in (column_of(page, w) for w in headings)]
        assert max(widths) - min(widths) < 0.05, widths


def test_the_pdf_sets_the_side_small_and_raised_after_the_result() -> None:
    page = pdf_pages(candidates_2018())[0]
    chars = page.chars
    pairs = [(a, b) for a, b in pairwise(chars)
             if a["text"] in "10½" and b["text"] in "wb" and abs(b["x0"] - a["x1"]) < 0.5]
    assert len(pairs) == 112  # 56 games, each in both players' rows
    for result, side in pairs:
        assert 6.0 - 0.01 <= side["size"] < 0.8 * result["size"]
        assert side["bottom"] < result["bottom"] - 0.25 * result["size"]  # raised


def test_the_pdf_aligns_points_on_the_decimal_point() -> None:
    page = pdf_pages(candidates_2018())[0]
    words = page.extract_words()
    heading = next(w for w in words if w["text"] == "Pts")
    left, right = column_of(page, heading)
    legend = next(w for w in words if w["text"] == "Order:")
    lines: dict[float, list[dict[str, Any]]] = defaultdict(list)
    for ch in page.chars:
        if (left < ch["x0"] < right and heading["bottom"] < ch["top"] < legend["top"]
                and ch["text"] != "½"):
            lines[round(float(ch["top"]), 1)].append(ch)
    ends = {round(max(c["x1"] for c in line), 2) for line in lines.values()}
    shown = ["".join(c["text"] for c in line) for line in lines.values()]
    assert len(lines) == 8 and len(ends) == 1, (shown, ends)  # 9, 8, 7(½), 6(½) ... one x


def test_the_legend_is_in_words_at_a_readable_size() -> None:
    notes = sheet(crosstable(eng_chp3_prelim())).notes
    text = " ".join(notes)
    for words in ("W games won", "SB Sonneborn–Berger: the final points of each opponent the player "
                  "beat, and half those of each opponent they drew with",
                  "The direct encounter (DE): the points the tied players scored in their games "
                  "against each other", "Pts points (a win 1, a draw ½, a loss 0)",
                  "then their side, small and raised (w White, b Black)",
                  "t after a result: won or lost on time"):
        assert words in text
    assert "Run" not in text  # nothing runs: no Run column to explain
    assert "forfeit)" not in text.split("In a cell")[1]  # no + or − in the cells: not explained
    pages = pdf_pages(eng_chp3_prelim())
    legend = [w for p in pages for w in p.extract_words(extra_attrs=["size"])
              if w["text"] in ("Sonneborn–Berger:", "(Baumbach)", "raised")]
    assert len(legend) >= 3 and min(w["size"] for w in legend) >= 7.5


def test_forfeits_and_running_games_are_explained_when_a_cell_shows_them() -> None:
    games = [duel(1, 1, "Ann", "Bob", "1-0", kind="unplayed"), duel(2, 1, "Cy", "Dee", None),
             duel(3, 2, "Ann", "Cy", "draw")]
    text = " ".join(sheet(crosstable(Event("Cup", "Hex", [Player(n) for n in ("Ann", "Bob", "Cy", "Dee")],
                                           games))).notes)
    assert "+ won, − lost without the game being played (a forfeit)" in text
    assert "* still being played" in text and "Run games still being played" in text


def headings(grid: Grid) -> list[str]:
    return [c.heading for c in grid.columns]


def test_no_run_column_once_nothing_runs_and_rows_in_place_order() -> None:
    finished = sheet(crosstable(candidates_2018()))
    assert [g.heading for g in finished.grids] == ["Standings", "Crosstable"]
    standings, grid = finished.grids
    assert standings.screen and not grid.screen  # the standings apart are the web page's
    assert headings(standings) == ["Place", "Player", "Pts", "W", "SB", "G", "%"]
    assert headings(grid)[-5:] == ["Pts", "W", "SB", "G", "%"]  # no Run, no Place copying No
    assert [row[0][0].text for row in grid.rows] == [str(k) for k in range(1, 9)]
    assert [row[0][0].text for row in standings.rows] == [str(k) for k in range(1, 9)]
    running = sheet(crosstable(round_robin(6, finished=0.5)))
    assert "Run" in headings(running.grids[1]) and "Run" in headings(running.grids[0])


def test_a_shared_place_gets_a_place_column_and_the_rows_keep_place_order() -> None:
    games = [duel(1, 1, "Bob", "Ann", "1-0"), duel(2, 1, "Cy", "Dee", "draw"),
             duel(3, 2, "Ann", "Cy", "draw"), duel(4, 2, "Bob", "Dee", "1-0"),
             duel(5, 3, "Ann", "Dee", "draw"), duel(6, 3, "Bob", "Cy", "draw")]
    event = Event("Cup", "Hex", [Player(n) for n in ("Ann", "Bob", "Cy", "Dee")], games)
    _, grid = sheet(crosstable(event)).grids
    assert headings(grid)[-1] == "Place"
    assert [(row[1][0].text, row[-1][0].text) for row in grid.rows] == [
        ("Bob", "1"), ("Cy", "2"), ("Ann", "3-4"), ("Dee", "3-4")]  # 2½, 1½, 1, 1: all equal


def test_the_zones_tables_read_the_same_way() -> None:
    shown = sheet(crosstable(zones_cup()))
    assert [g.heading for g in shown.grids] == ["Standings", "Table 1", "Table 2"]
    standings = shown.grids[0]
    assert not standings.screen  # the zones' standings are the PDF's too
    assert headings(standings) == ["Place", "Player", "Pts", "W", "SB", "Table", "G", "%", "Run"]
    assert [row[0][0].text for row in standings.rows] == ["1-4"] * 4 + ["5-8"] * 4
    table = shown.grids[1]
    assert headings(table) == ["Place", "Player", "#1", "#3", "#5", "Pts"]
    assert {c.kind for c in table.columns[2:5]} == {"result"}
    first = table.rows[0][2][0]
    assert (first.text, first.side) == ("1", "p")  # Annabelle won game 1 as Purple


def test_the_web_page_sets_the_side_apart_and_the_fraction_in_its_box() -> None:
    page = crosstable_html(sheet(crosstable(eng_chp3_prelim()), {1: "01.html"}))
    assert re.search(r"[01½][tw b]*[wb]<", page) is None  # never glued: "0w", "1tb"
    assert '<a href="01.html">1<sup>w</sup></a>' in page or '<a href="01.html">0<sup>b</sup></a>' in page
    assert "1t<sup>b</sup>" in page  # a win on time keeps its t; the side is raised
    assert "12<span class=\"f\">½</span>" in page  # Owen's 12½, its ½ in the fraction's box
    assert 'class="cross grid rw' in page and 'class="cross standings' in page
    assert "Run" not in page


def test_the_text_crosstable_keeps_result_and_side_together_for_a_terminal() -> None:
    text = crosstable_text(sheet(crosstable(candidates_2018())))
    assert "Standings" not in text  # the web page's own table
    caruana = next(line for line in text.splitlines() if "Caruana" in line)
    assert caruana.split()[-5:] == ["9", "5", "57", "14", "64.3"]


@pytest.mark.parametrize(("text", "parts"), [("8½", ("8", "½")), ("54.75", ("54", ".75")),
                                             ("9", ("9", "")), ("½", ("", "½")), ("1-4", ("1-4", "")),
                                             ("", ("", "")), ("64.3", ("64", ".3"))])
def test_numbers_split_at_their_decimal_point(text: str, parts: tuple[str, str]) -> None:
    assert split_number(text) == parts
