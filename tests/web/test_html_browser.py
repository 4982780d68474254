"""The web page of a record in a real browser (issue 25 §4): headless Chromium, tests/support/browser.py.

Every example game is stepped through with the keys; after each turn the pieces shown (every
placed glyph: pieces, the pieces beside the board, the shading and the dot of the last move) are
those `pbmkit show --svg --turn` draws for that turn. Pieces, not pixels: each placed glyph is
compared as its place and its shapes, read back from the page's DOM.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from pbmkit.cli import cli
from pbmkit.records import check_text
from pbmkit.web.theme import DARK, LIGHT
from tests.support.browser import Browser

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))
SVG = "{http://www.w3.org/2000/svg}"

Glyph = tuple[float, float, tuple[object, ...]]

# The placed glyphs shown on the board (the panel under it left out): each <use>'s place and the
# shapes of the definition it points to; and the grid's right edge.
PAGE_GLYPHS = """
var g = document.querySelector("#board svg > g.grid").getBBox();
var out = [document.getElementById("board").getAttribute("data-node"), g.x + g.width];
document.querySelectorAll("#board svg > g.under use, #board svg > g.over use").forEach(
  function (u) {
    if (u.closest("g.panel")) return;
    var def = document.querySelector(u.getAttribute("href"));
    out.push([u.getAttribute("transform"), def.innerHTML]);
  });
return out;
"""


def _canon(element: ET.Element) -> tuple[object, ...]:
    """An element as its tag, its paper attributes (the screen's paint classes left out), text
    and children."""
    attrs = tuple(sorted((k, v) for k, v in element.attrib.items() if k != "class"))
    return (element.tag.replace(SVG, ""), attrs, (element.text or "").strip(),
            tuple(_canon(child) for child in element))


def _place(transform: str) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.e]+),([-\d.e]+)\)", transform)
    assert m, transform
    return round(float(m[1]), 3), round(float(m[2]), 3)


def page_glyphs(browser: Browser) -> list[Glyph]:
    return shown(browser)[1]


def shown(browser: Browser) -> tuple[int, list[Glyph]]:
    """The node the page shows and its placed glyphs, in one call."""
    got = browser.script(PAGE_GLYPHS)
    assert isinstance(got, list)
    out = []
    for transform, inner in got[2:]:
        shapes = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{inner}</g>')
        out.append((*_place(transform), tuple(_canon(s) for s in shapes)))
    global RIGHT_EDGE
    RIGHT_EDGE = float(got[1])
    return int(got[0]), sorted(out, key=repr)


RIGHT_EDGE = 0.0
"""The right edge of the board last read from the page (user units): `show --svg` draws the
pieces beside the board right of it, the page under it."""


def svg_glyphs(svg: str) -> list[Glyph]:
    """The placed glyphs on the board of an SVG drawing of render/svg.py (``<g
    transform=translate>``), those of the column beside it left out."""
    root = ET.fromstring(svg)
    out = []
    for layer in root.findall(f"{SVG}g"):
        if layer.get("class") not in ("under", "over"):
            continue
        for child in layer:
            if child.tag == f"{SVG}g" and (child.get("transform") or "").startswith("translate"):
                x, y = _place(child.get("transform", ""))
                if x < RIGHT_EDGE:
                    out.append((x, y, tuple(_canon(s) for s in child)))
    return sorted(out, key=repr)


def show_svg(path: Path, label: str | None, game: int, tmp: Path, flip: bool = False) -> str:
    out = tmp / "show.svg"
    args = ["show", str(path), "--game", str(game), "--svg", str(out)]
    args += ["--turn", label] if label else []
    args += ["--flip"] if flip else []
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def make_page(path: Path, game: int, tmp: Path) -> Path:
    out = tmp / f"{path.stem}-{game}.html"
    result = CliRunner().invoke(cli, ["html", str(path), "--game", str(game), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def open_page(browser: Browser, page: Path, **how: object) -> None:
    """Open ``page`` and wait until its script has unpacked the game."""
    browser.open(page, **how)  # type: ignore[arg-type]
    WebDriverWait(browser.driver, 10).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true")


def current(browser: Browser) -> int:
    node = browser.script("return document.getElementById('board').getAttribute('data-node')")
    return int(str(node))


def press(browser: Browser, key: str) -> None:
    browser.driver.find_element(By.TAG_NAME, "body").send_keys(key)


GAMES = [(path, k + 1) for path in EXAMPLES
         for k in range(len(check_text(path.read_text(encoding="utf-8"), path.name)))]


@pytest.mark.parametrize(("path", "game"), GAMES, ids=lambda v: v.stem if isinstance(v, Path) else str(v))
def test_stepping_with_the_keys_shows_each_turns_board(browser: Browser, tmp_path: Path,
                                                       path: Path, game: int) -> None:
    replay = check_text(path.read_text(encoding="utf-8"), path.name)[game - 1]
    page = make_page(path, game, tmp_path)
    open_page(browser, page)
    main = replay.main
    assert current(browser) == len(main)  # the page opens at the end of the main line
    on_page = page_glyphs(browser)
    assert on_page == svg_glyphs(show_svg(path, None, game, tmp_path))
    press(browser, Keys.HOME)
    assert current(browser) == 0
    turn_ends = {k for k, ply in enumerate(main)
                 if k + 1 == len(main) or main[k + 1].label != ply.label}
    body = browser.driver.find_element(By.TAG_NAME, "body")
    for k, ply in enumerate(main):
        body.send_keys(Keys.ARROW_RIGHT)
        node, glyphs = shown(browser)
        assert node == k + 1
        if k in turn_ends:
            assert glyphs == svg_glyphs(show_svg(path, ply.label, game, tmp_path)), (ply.label,
                                                                                     ply.side)
    press(browser, Keys.ARROW_RIGHT)  # past the end: stays
    assert current(browser) == len(main)
    press(browser, Keys.ARROW_LEFT)
    assert current(browser) == max(len(main) - 1, 0)
    press(browser, Keys.END)
    assert current(browser) == len(main)
    assert browser.errors() == []
    assert browser.requests() == []
    assert browser.alert() is None


def test_a_click_a_series_and_flip_show_the_boards_show_gives(browser: Browser,
                                                             tmp_path: Path) -> None:
    path = ROOT / "examples/03-unfinished-with-series.txt"
    open_page(browser, make_page(path, 1, tmp_path))
    # a click on Black's move of turn 5 shows the board after turn 5
    button = browser.driver.find_element(By.CSS_SELECTOR, 'button.mv[aria-label^="5. Black"]')
    button.click()
    assert button.get_attribute("aria-current") == "step"
    assert page_glyphs(browser) == svg_glyphs(show_svg(path, "5", 1, tmp_path))
    status = browser.driver.find_element(By.ID, "status").text
    assert status.startswith("After 5... Black") and status.endswith("White to move.")
    # flip: the board from the second player's seat
    browser.driver.find_element(By.ID, "flip").click()
    assert browser.driver.find_element(By.ID, "flip").get_attribute("aria-pressed") == "true"
    assert page_glyphs(browser) == svg_glyphs(show_svg(path, "5", 1, tmp_path, flip=True))
    press(browser, Keys.ARROW_RIGHT)
    press(browser, Keys.ARROW_RIGHT)
    assert page_glyphs(browser) == svg_glyphs(show_svg(path, "6", 1, tmp_path, flip=True))
    browser.driver.find_element(By.ID, "flip").click()
    # choose series a: its first move, then step along it to its end
    Select(browser.driver.find_element(By.ID, "line")).select_by_visible_text("Series a (from 9a)")
    status = browser.driver.find_element(By.ID, "status").text
    assert status.startswith("After 9a. White IU to HU"), status
    press(browser, Keys.ARROW_RIGHT)
    assert page_glyphs(browser) == svg_glyphs(show_svg(path, "9a", 1, tmp_path))
    press(browser, Keys.END)
    assert page_glyphs(browser) == svg_glyphs(show_svg(path, "11a", 1, tmp_path))
    press(browser, Keys.HOME)  # the series' line runs from the start
    assert current(browser) == 0
    assert browser.errors() == [] and browser.requests() == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_no_example_page_overflows_a_phone_screen(browser: Browser, tmp_path: Path,
                                                   path: Path) -> None:
    open_page(browser, make_page(path, 1, tmp_path), width=360, height=800, mobile=True)
    assert browser.script("return document.documentElement.scrollWidth") <= 360
    browser.driver.find_element(By.ID, "flip").click()
    assert browser.script("return document.documentElement.scrollWidth") <= 360
    assert browser.errors() == [] and browser.requests() == []


HOSTILE_WORDS = ("<script>alert(1)</script>", "</svg><img src=x onerror=alert(2)>",
                 "javascript:alert(4)", "</script><script>alert(7)</script>")


def test_a_hostile_record_runs_nothing_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    from test_html_page import HOSTILE

    record = tmp_path / "hostile.txt"
    record.write_text(HOSTILE, encoding="utf-8")
    page = make_page(record, 1, tmp_path)
    open_page(browser, page)
    assert browser.alert() is None
    for button in browser.driver.find_elements(By.CSS_SELECTOR, "button"):
        if button.is_displayed():  # (Copy and Undo show once a move is tapped)
            button.click()
        assert browser.alert() is None
    body = browser.driver.find_element(By.TAG_NAME, "body").text
    for words in HOSTILE_WORDS:
        assert words in body, words
    # no link until a move is tapped (then the one mailto:, tests/web/test_tapping.py)
    assert browser.script("return document.querySelectorAll('img, a[href], iframe, object')"
                          ".length") == 0
    assert browser.script("return document.scripts.length") == 4  # the moves to tap packed too
    assert browser.errors() == []
    assert browser.requests() == []
    open_page(browser, page, width=360, mobile=True)
    assert browser.script("return document.documentElement.scrollWidth") <= 360


def _colours(png: bytes, box: tuple[int, int, int, int]) -> dict[str, float]:
    """The share of the box's pixels that are white, dark, and light grey."""
    image = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    counts = image.getcolors(1 << 24) or []
    n = sum(c for c, _ in counts)

    def share(test: Callable[[tuple[int, int, int]], bool]) -> float:
        return sum(c for c, rgb in counts if test(rgb)) / n

    return {
        "white": share(lambda p: min(p) >= 245),
        "dark": share(lambda p: max(p) <= 90),
        "grey": share(lambda p: min(p) >= 150 and max(p) <= 240 and max(p) - min(p) <= 12),
    }


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("width", [1024, 360])
def test_a_screenshot_shows_the_board_and_nothing_overflows(browser: Browser, tmp_path: Path,
                                                            dark: bool, width: int) -> None:
    path = ROOT / "examples/03-unfinished-with-series.txt"
    open_page(browser, make_page(path, 1, tmp_path), width=width, height=900, dark=dark,
                 mobile=width < 400)
    assert browser.script("return document.documentElement.scrollWidth") <= width
    rect = browser.script("var r = document.querySelector('#board svg').getBoundingClientRect();"
                          "return [r.left, r.top, r.right, r.bottom];")
    assert isinstance(rect, list)
    png = browser.screenshot()
    (tmp_path / f"shot-{width}-{dark}.png").write_bytes(png)
    box = (int(rect[0]) + 2, int(rect[1]) + 2, int(rect[2]) - 2, min(int(rect[3]) - 2, 900))
    colours = _colours(png, box)
    theme = DARK if dark else LIGHT
    image = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    counts = sorted(image.getcolors(1 << 24) or [], reverse=True)
    ground = "#{:02x}{:02x}{:02x}".format(*counts[0][1])
    assert ground == theme.board, (ground, theme.board)  # the theme's board, never a white card
    assert colours["white"] < 0.2, colours
    accent = tuple(int(theme.mark[k:k + 2], 16) for k in (1, 3, 5))
    assert any(rgb == accent for _, rgb in counts), "the last move in the accent colour"
    page_bg = Image.open(io.BytesIO(png)).convert("RGB").getpixel((1, 1))
    assert isinstance(page_bg, tuple)
    assert (max(page_bg) < 60) == dark, page_bg
    assert browser.errors() == [] and browser.requests() == []


def test_the_keyboard_alone_reaches_the_buttons_and_the_focus_shows(browser: Browser,
                                                                    tmp_path: Path) -> None:
    path = ROOT / "examples/01-short-base-win.txt"
    open_page(browser, make_page(path, 1, tmp_path))
    body = browser.driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    active = browser.driver.switch_to.active_element
    assert active.get_attribute("id") == "first"
    assert browser.script("return getComputedStyle(document.activeElement).outlineStyle") != "none"
    active.send_keys(Keys.ENTER)
    assert current(browser) == 0
    for _ in range(2):
        browser.driver.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.driver.switch_to.active_element.get_attribute("id") == "next"
    browser.driver.switch_to.active_element.send_keys(Keys.SPACE)
    assert current(browser) == 1
    labels = browser.script("return Array.from(document.querySelectorAll('button'))"
                            ".map(function (b) { return b.getAttribute('aria-label') || b.textContent; })")
    assert isinstance(labels, list) and all(str(label).strip() for label in labels)
