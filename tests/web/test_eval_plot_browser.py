"""The evaluation plot in Chromium (issue 41 §2): on a 360x740 phone and a 1366x768 laptop, light
and dark, the plot shows inside the window (on a phone, clear of the board held at the top), its
lines stand out from the page, a tap on a point steps the viewer to that move while the plot stays
where it is, the current-move line follows the viewer, nothing scrolls sideways at 320 pixels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from pbmkit.web.plot import X0, X1
from pbmkit.web.theme import contrast
from tests.support.analysed import analysed
from tests.support.browser import Browser
from tests.web.test_eval_plot import batrakill_chances, red_wave
from tests.web.test_html_browser import current, open_page

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
RECORDS = {"hex": ("hex-01-swap.txt", red_wave, {3: "?", 8: "??"}),
           "batrakill": ("batrakill-03-four-players.txt", batrakill_chances, {11: "??"})}

BOXES = """
var r = function (q) { var b = document.querySelector(q).getBoundingClientRect();
                       return [b.left, b.top, b.right, b.bottom]; };
return {plot: r("#plot"), play: r(".play"), w: innerWidth, h: innerHeight,
        scroll: document.documentElement.scrollWidth};
"""

COLOURS = """
var out = [];
document.querySelectorAll("#plot .pl-ln").forEach(function (p) {
  out.push(getComputedStyle(p).stroke);
});
return [out, getComputedStyle(document.body).backgroundColor];
"""


def hex_colour(css: str) -> str:
    r, g, b = (int(v) for v in re.findall(r"[0-9]+", css)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def make(tmp_path: Path, key: str) -> Path:
    name, chances, marks = RECORDS[key]
    text = analysed((EXAMPLES / name).read_text(encoding="utf-8"), chances, marks)
    record = tmp_path / f"{key}.txt"
    record.write_text(text, encoding="utf-8")
    from click.testing import CliRunner

    from pbmkit.cli import cli
    page = tmp_path / f"{key}.html"
    result = CliRunner().invoke(cli, ["html", str(record), "-o", str(page)])
    assert result.exit_code == 0, result.output
    return page


def boxes(browser: Browser) -> dict[str, list[float]]:
    got = browser.script(BOXES)
    assert isinstance(got, dict)
    return got


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("size", [(360, 740), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", sorted(RECORDS))
def test_the_plot_is_in_the_window_and_a_tap_on_a_point_steps_the_viewer_there(
        browser: Browser, tmp_path: Path, key: str, size: tuple[int, int], dark: bool) -> None:
    width, height = size
    phone = width < 500
    open_page(browser, make(tmp_path, key), width=width, height=height, mobile=phone, dark=dark)
    browser.script("document.getElementById('plot').scrollIntoView({block: 'end'})")
    got = boxes(browser)
    plot, play = got["plot"], got["play"]
    assert got["scroll"] <= width
    assert plot[0] >= 0 and plot[2] <= width and plot[1] >= 0 and plot[3] <= height, plot
    if phone:  # the board is held at the top: the plot shows under it, not behind it
        assert plot[1] >= play[3] - 0.5, (plot, play)
        assert plot[2] - plot[0] >= width - 40
    else:  # in the record's column, beside the board
        assert plot[0] >= play[2]
    assert plot[3] - plot[1] >= 100  # big enough to read

    # the lines stand out from the page, in this scheme
    lines, ground = browser.script(COLOURS)  # type: ignore[misc]
    assert lines and all(contrast(hex_colour(c), hex_colour(ground)) >= 3 for c in lines), (lines, ground)

    last = current(browser)
    rects = browser.driver.find_elements(By.CSS_SELECTOR, "#plot .pl-hits rect")
    assert len(rects) == last
    for n in (5, 2, last - 1):
        before = boxes(browser)["plot"]
        ActionChains(browser.driver).move_to_element(rects[n - 1]).click().perform()
        WebDriverWait(browser.driver, 5).until(lambda d, n=n: current(browser) == n)
        now = browser.driver.find_element(By.CSS_SELECTOR, "#plot .pl-now")
        assert float(now.get_attribute("x1") or "") == pytest.approx(X0 + n * (X1 - X0) / last, abs=0.01)
        assert rects[n - 1].get_attribute("class") == "pl-cur"
        move = browser.driver.find_element(By.CSS_SELECTOR, f'button.mv[data-n="{n}"]')
        assert move.get_attribute("aria-current") == "step"
        assert boxes(browser)["plot"] == before  # the page did not scroll the plot away
    # the viewer's own buttons move the plot's line too
    browser.driver.find_element(By.ID, "first").click()
    now = browser.driver.find_element(By.CSS_SELECTOR, "#plot .pl-now")
    assert float(now.get_attribute("x1") or "") == pytest.approx(X0, abs=0.01)
    assert browser.errors() == [] and browser.requests() == []


@pytest.mark.parametrize("key", sorted(RECORDS))
def test_nothing_scrolls_sideways_at_320_pixels_with_the_table_open(browser: Browser, tmp_path: Path,
                                                                    key: str) -> None:
    open_page(browser, make(tmp_path, key), width=320, height=640, mobile=True)
    browser.driver.find_element(By.CSS_SELECTOR, ".pl-table summary").click()
    rows = browser.driver.find_elements(By.CSS_SELECTOR, ".pl-table tbody tr")
    assert rows and rows[0].is_displayed()
    assert browser.script("return document.documentElement.scrollWidth") <= 320
    # the table fits as it is: every column shows without scrolling its box
    box = browser.driver.find_element(By.CSS_SELECTOR, ".pl-table .scroll")
    assert browser.script("return arguments[0].scrollWidth - arguments[0].clientWidth", box) == 0
    assert browser.errors() == []
