"""The evaluation plotted on a game's page (issue 41 §2), read as SVG: the points where the
``[%eval ...]`` comments put them, the marks, no plot (and the page as before) without them,
malformed annotations ignored, the plot bounded whatever the record's length.

The browser tests (a tap on a point steps the viewer, the plot in the window) are in
test_eval_plot_browser.py.
"""

from __future__ import annotations

import random
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pbmkit.games import get_game
from pbmkit.records import Comment, Ending, Phase, Record, Turn, WrittenMove, check_text
from pbmkit.render.art import art_for
from pbmkit.web.plot import MARK_COLOURS, POINTS, X0, X1, Y0, Y1, eval_plot, line_colours
from pbmkit.web.theme import DARK, LIGHT, contrast, page_style
from pbmkit.web.viewer import SCRIPT, game_page
from tests.support.analysed import analysed

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
NS = {"s": "http://www.w3.org/2000/svg"}


def page_of(text: str) -> str:
    (rep,) = check_text(text, "test.txt")
    return game_page(rep)


def plot_of(page: str) -> ET.Element:
    found = re.search(r'<svg id="plot".*?</svg>', page, re.S)
    assert found is not None, "no plot on the page"
    return ET.fromstring(found.group(0))


def points(d: str) -> list[list[tuple[float, float]]]:
    """The runs of a path's points (``M x y L x y ...``)."""
    return [[(float(x), float(y)) for x, y in re.findall(r"([-0-9.]+) ([-0-9.]+)", run)]
            for run in d.split("M") if run]


def at(k: int, total: int, chance: float) -> tuple[float, float]:
    return (round(X0 + k * (X1 - X0) / total, 1), round(Y1 - chance * (Y1 - Y0), 1))


def hex_text() -> str:
    return (EXAMPLES / "hex-01-swap.txt").read_text(encoding="utf-8")


def red_wave(k: int, sides: list[str]) -> dict[str, float]:
    red = round(0.5 + 0.4 * ((-1) ** k) * (k % 5) / 5, 2)
    return {"red": red, "blue": round(1 - red, 2)}


def test_two_sides_one_line_through_every_analysed_move_and_the_area_around_50() -> None:
    text = analysed(hex_text(), red_wave)
    total = 17
    svg = plot_of(page_of(text))
    [line] = svg.findall(".//s:path[@class='pl-ln pl-main']", NS)
    assert points(line.get("d", "")) == [[at(k, total, red_wave(k, [])["red"]) for k in range(1, 18)]]
    [above] = svg.findall(".//s:g[@class='pl-area pl-a0']", NS)
    [up] = above.findall("s:path[@id='pl-area']", NS)
    [down] = svg.findall(".//s:use[@href='#pl-area']", NS)
    assert (above.get("clip-path"), down.get("clip-path"), down.get("class")) == \
        ("url(#pl-up)", "url(#pl-down)", "pl-area pl-a1")
    assert up.get("class") is None  # painted by its parent: each copy in its own colour
    mid = round(Y1 - 0.5 * (Y1 - Y0), 1)
    assert points(up.get("d", "").replace("Z", "")) == \
        [[(at(1, total, 0)[0], mid), *points(line.get("d", ""))[0], (X1, mid)]]
    # every point is a tap target for its move's node, the last move the current one
    hits = svg.findall(".//s:rect[@data-n]", NS)
    assert [int(h.get("data-n", "")) for h in hits] == list(range(1, 18))
    assert [h.get("class") for h in hits] == [None] * 16 + ["pl-cur"]
    dots = svg.findall(".//s:g[@class='pl-dots pl-dmain']/s:circle", NS)
    assert [(float(c.get("cx", "")), float(c.get("cy", ""))) for c in dots] == \
        [at(k, total, red_wave(k, [])["red"]) for k in range(1, 18)]
    # the current move's line at the last move; the script moves it
    now = svg.find(".//s:line[@class='pl-now']", NS)
    assert now is not None and float(now.get("x1", "")) == X1
    title, desc = svg.find("s:title", NS), svg.find("s:desc", NS)
    assert title is not None and "chance of winning" in (title.text or "")
    assert desc is not None and "17 of the 17 moves" in (desc.text or "")


def test_the_numbers_are_a_table_too() -> None:
    page = page_of(analysed(hex_text(), red_wave, {3: "?", 8: "??"}))
    table = re.search(r'<details class="pl-table">.*?</details>', page, re.S)
    assert table is not None
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", table.group(0))
    assert len(rows) == 17
    assert rows[2] == ("2. Red d4", f"<td>{red_wave(3, [])['red']:.0%}</td>"
                                    f"<td>{red_wave(3, [])['blue']:.0%}</td><td>?</td>")
    assert rows[7][1].endswith("<td>??</td>")


def test_mistakes_and_blunders_are_marked_on_the_line() -> None:
    text = analysed(hex_text(), red_wave, {3: "?", 8: "??", 12: "??"})
    svg = plot_of(page_of(text))
    for kind, moves in ((1, [3]), (2, [8, 12])):
        circles = svg.findall(f".//s:circle[@class='pl-m{kind}']", NS)
        assert [(float(c.get("cx", "")), float(c.get("cy", ""))) for c in circles] == \
            [at(k, 17, red_wave(k, [])["red"]) for k in moves]
        labels = svg.findall(f".//s:text[@class='pl-t{kind}']", NS)
        assert [t.text for t in labels] == ["?" * kind] * len(moves)
    desc = svg.find("s:desc", NS)
    assert desc is not None and "1 mistake(s) (?) and 2 blunder(s) (??)" in (desc.text or "")


def batrakill_chances(k: int, sides: list[str]) -> dict[str, float]:
    rng = random.Random(k)
    raw = [rng.randint(1, 9) for _ in sides]
    return {s: round(r / sum(raw), 2) for s, r in zip(sides, raw, strict=True)}


def test_more_sides_get_a_line_each_in_their_colours_legible_in_both_schemes() -> None:
    text = (EXAMPLES / "batrakill-03-four-players.txt").read_text(encoding="utf-8")
    (rep,) = check_text(text, "b.txt")
    sides = list(rep.order or [])
    assert sides == ["purple", "blue", "dragon", "yellow"]
    page = page_of(analysed(text, batrakill_chances, {11: "??"}))
    svg = plot_of(page)
    total = len(rep.main)
    for s, side in enumerate(sides):
        [line] = svg.findall(f".//s:path[@class='pl-ln pl-s{s}']", NS)
        assert points(line.get("d", "")) == \
            [[at(k, total, batrakill_chances(k, sides)[side]) for k in range(1, total + 1)]]
    # the blunder is on its mover's line (move 11: the dragon's)
    [m] = svg.findall(".//s:circle[@class='pl-m2']", NS)
    assert rep.main[10].side == "dragon"
    assert (float(m.get("cx", "")), float(m.get("cy", ""))) == \
        at(11, total, batrakill_chances(11, sides)["dragon"])
    # each side's colour comes from the game's look, made legible (3:1) on the page's ground
    colours = art_for(rep.game).colours  # type: ignore[arg-type]
    for theme in (LIGHT, DARK):
        lines = line_colours(sides, colours, theme)
        assert all(contrast(c, theme.bg) >= 3 for c in lines), (theme, lines)
        assert lines[2] in colours["dragon"]  # red stands out as it is in both schemes
        assert len(set(lines)) == 4
        assert f"--pl0:{lines[0]}" in page
    for pair in MARK_COLOURS.values():
        assert contrast(pair[0], LIGHT.bg) >= 3 and contrast(pair[1], DARK.bg) >= 3
    # told apart without colour: each line has its own dashes
    for s in range(1, 4):
        assert re.search(rf"\.pl-s{s}\{{stroke-dasharray:[0-9 .]+\}}", page)


def test_two_sides_colours_hold_3_to_1_for_every_game() -> None:
    for name in ("batalo", "billo", "hex", "batukhan", "baladana", "amazons", "othello"):
        game = get_game(name)
        for theme in (LIGHT, DARK):
            for c in line_colours(game.order, art_for(game).colours, theme):
                assert contrast(c, theme.bg) >= 3, (name, theme, c)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_no_plot_without_an_annotation_and_the_page_is_as_before(path: Path) -> None:
    for rep in check_text(path.read_text(encoding="utf-8"), path.name):
        if rep.game is None:
            continue
        page = game_page(rep)
        assert 'id="plot"' not in page and 'class="pl-' not in page
        # the page's own style sheet and script, nothing of the plot's
        assert f"<style>{page_style('viewer.css', tints=art_for(rep.game).colours)}</style>" in page
        assert page.endswith(f"<script>{SCRIPT}</script>\n</body>\n</html>\n")


@pytest.mark.parametrize("bad", [
    "[%eval red 5 blue 0]", "[%eval red 0.5]", "[%eval red 0.5 blue 0.5 green 0]",
    "[%eval red nan blue nan]", "[%eval red 0.5 red 0.5]", "[%eval <script> 0.5 blue 0.5]",
    "[%eval red 0.5 blue 0.5", "[%eval red 1e308 blue 0]", "[%eval red 0." + "1" * 3000 + " blue 0]",
])
def test_malformed_annotations_are_ignored_without_a_plot(bad: str) -> None:
    text = hex_text().replace("2. d4 d3", "2. d4 {" + bad + " ?? <b>x</b>} d3 {" + bad + "}")
    page = page_of(text)
    assert 'id="plot"' not in page
    assert "<b>x" not in page


def test_a_malformed_annotation_among_good_ones_leaves_its_move_out() -> None:
    text = analysed(hex_text(), red_wave).replace("[%eval red 0.58 blue 0.42]",
                                                  "[%eval red 0.58 blue 4.2]", 1)
    assert text.count("blue 4.2") == 1
    svg = plot_of(page_of(text))
    hits = [int(h.get("data-n", "")) for h in svg.findall(".//s:rect[@data-n]", NS)]
    left_out = next(k for k in range(1, 18) if red_wave(k, [])["red"] == 0.58)
    assert hits == [k for k in range(1, 18) if k != left_out]
    # the line breaks where a move has no evaluation
    [line] = svg.findall(".//s:path[@class='pl-ln pl-main']", NS)
    assert [len(run) for run in points(line.get("d", ""))] == [left_out - 1, 17 - left_out]


def test_what_a_hostile_comment_says_after_the_annotation_stays_text() -> None:
    text = analysed(hex_text(), red_wave).replace(
        "[%eval red 0.18 blue 0.82]", "[%eval red 0.18 blue 0.82] ?? </svg><script>alert(1)</script>", 1)
    page = page_of(text)
    svg = plot_of(page)
    assert [t.text for t in svg.findall(".//s:text[@class='pl-t2']", NS)] == ["??"]
    assert "<script>alert" not in page and "&lt;/svg&gt;&lt;script&gt;alert(1)" in page


def long_record(plies: int) -> tuple[Record, list[tuple[int, Any, str]]]:
    """A record of ``plies`` moves (no game needed: the plot reads comments and places), every
    one analysed, every 500th a blunder, each with 20 annotations after it."""
    body: list[Turn | Ending | Phase] = []
    main = []
    for k in range(1, plies + 1):
        red = (k % 100) / 100
        mark = " ?? a blunder" if k % 500 == 0 else ""
        good = f"[%eval red {red} blue {1 - red:.2f}]"
        comment = Comment(good + mark + " [%eval red 0.1 blue 0.9]" * 19)
        side = "red" if k % 2 else "blue"
        body.append(Turn(str(k), k, "", [WrittenMove("a1", line=k, column=0, comments=[comment])]))
        main.append((k, SimpleNamespace(line=k, column=0, side=side), f"{k}. {side} a1"))
    return Record(body=body), main


def test_ten_thousand_evals_draw_a_bounded_plot_that_keeps_every_blunder() -> None:
    record, main = long_record(10_000)
    t0 = time.process_time()
    plot = eval_plot(record, ("red", "blue"), main, {"red": ("#c92a2a",) * 2, "blue": ("#a5d8ff",) * 2},
                     10_000)
    seconds = time.process_time() - t0
    assert plot is not None
    svg = ET.fromstring(re.search(r'<svg id="plot".*?</svg>', plot.html, re.S).group(0))  # type: ignore[union-attr]
    hits = svg.findall(".//s:rect[@data-n]", NS)
    assert len(hits) <= POINTS
    assert [float(m.get("cx", "")) for m in svg.findall(".//s:circle[@class='pl-m2']", NS)] == \
        [round(X0 + k * (X1 - X0) / 10_000, 1) for k in range(500, 10_001, 500)]
    assert len(plot.html) < 60_000, len(plot.html)
    assert seconds < 3, seconds


def random_batalo(plies: int, seed: int = 1) -> str:
    game = get_game("batalo")
    rng = random.Random(seed)
    position = game.initial_position()
    texts = []
    for _ in range(plies):
        legal = list(game.legal_moves(position))
        rng.shuffle(legal)
        move = next((m for m in legal if game.outcome(game.apply(position, m)) is None), legal[0])
        texts.append(game.notation.format(move, position))
        position = game.apply(position, move)
    turns = [f"{k // 2 + 1}. {' '.join(texts[k:k + 2])}" for k in range(0, len(texts), 2)]
    return '[Game "Batalo"]\n[White "W"]\n[Black "B"]\n\n' + "\n".join(turns) + "\n"


def test_a_300_turn_game_analysed_with_10000_annotations_stays_under_the_page_budget() -> None:
    text = random_batalo(600)

    def chances(k: int, sides: list[str]) -> dict[str, float]:
        white = (k * 37 % 100) / 100
        return {"white": white, "black": round(1 - white, 2)}

    annotated = analysed(text, chances, {k: "??" for k in range(10, 600, 50)})
    extra = " [%eval white 0.3 black 0.7]" * 16  # 17 a move: 10,200 annotations in all
    annotated = annotated.replace("]}", "]" + extra + "}")
    assert annotated.count("[%eval") > 10_000
    before = page_of(text)
    page = page_of(annotated)
    svg = plot_of(page)
    assert len(svg.findall(".//s:rect[@data-n]", NS)) == min(600, POINTS)
    assert len(page) < 400_000, len(page)
    assert len(page) - len(before) < 64_000, len(page) - len(before)


def test_a_place_of_two_factions_takes_its_first_factions_colour() -> None:
    text = ('[Game "Batrakill"]\n[Layout "zones"]\n[Order "Blue+Green Dragon"]\n[Blue "Ann"]\n'
            '[Green "Ann"]\n[Dragon "Bob"]\n\n1. c8-c7 D@e5\n2. b7-b8 D e5-e4\n')
    page = page_of(analysed(text, lambda k, sides: {"blue+green": 0.25 * k, "dragon": 1 - 0.25 * k}))
    [line] = plot_of(page).findall(".//s:path[@class='pl-ln pl-main']", NS)
    assert points(line.get("d", "")) == [[at(k, 4, 0.25 * k) for k in range(1, 5)]]
    game = get_game("batrakill").configure({"Layout": "zones", "Order": "Blue+Green Dragon"})
    colours = art_for(game).colours
    assert line_colours(["blue+green", "dragon"], colours, LIGHT)[0] in colours["blue"]


def test_sides_without_declared_colours_still_get_lines_apart_and_legible() -> None:
    """A game plugged in from outside may declare no screen colours, and have six sides."""
    sides = ["a", "b", "c", "d", "e", "f"]
    for theme in (LIGHT, DARK):
        lines = line_colours(sides, {}, theme)
        assert len(set(lines)) == 6 and all(contrast(c, theme.bg) >= 3 for c in lines)
    record, main = long_record(12)
    plot = eval_plot(record, sides, main, {}, 12)
    assert plot is None  # the record's annotations name red and blue, not these sides
    six = [(k, SimpleNamespace(line=k, column=0, side=sides[k % 6]), f"{k}. x") for k in range(1, 13)]
    body: list[Turn | Ending | Phase] = [
        Turn(str(k), k, "", [WrittenMove("a1", line=k, column=0, comments=[
            Comment("[%eval " + " ".join(f"{s} 0.1" for s in sides) + "]")])]) for k in range(1, 13)]
    plot = eval_plot(Record(body=body), sides, six, {}, 12)
    assert plot is not None
    for k in range(6):  # every line painted (and each dashed its own way): any number of sides
        assert f'class="pl-ln pl-s{k}"' in plot.html
        assert f".pl-s{k}{{stroke:var(--pl{k})}}" in plot.css
        assert f"--pl{k}:" in plot.css
    assert ".pl-s5{stroke-dasharray:" in plot.css
