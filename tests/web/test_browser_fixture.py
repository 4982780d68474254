"""The browser fixture sees what a page does: its console errors, its requests, its alerts.

The page tests (test_html_page.py, and the HTML mail's) assert that these lists are empty; this
proves that they would not be empty for a page that did misbehave.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.browser import Browser


def test_the_browser_reports_errors_requests_and_alerts(browser: Browser, tmp_path: Path) -> None:
    clean = tmp_path / "clean.html"
    clean.write_text("<!doctype html><title>t</title><p id=p>hello</p>", encoding="utf-8")
    browser.open(clean)
    assert browser.script("return document.getElementById('p').textContent") == "hello"
    assert browser.errors() == []
    assert browser.requests() == []
    assert browser.alert() is None

    bad = tmp_path / "bad.html"
    bad.write_text("<!doctype html><title>t</title><img src='http://127.0.0.1:9/x.png'>"
                   "<script>console.error('boom'); undefinedFunction();</script>", encoding="utf-8")
    browser.open(bad, width=360, dark=True)
    assert browser.script("return window.innerWidth") == 360
    assert browser.script("return matchMedia('(prefers-color-scheme: dark)').matches") is True
    errors = browser.errors()
    assert any("boom" in e for e in errors), errors
    assert any("undefinedFunction" in e for e in errors), errors
    assert browser.requests() == ["http://127.0.0.1:9/x.png"]

    alerting = tmp_path / "alert.html"
    alerting.write_text("<!doctype html><script>alert('hi')</script>", encoding="utf-8")
    browser.open(alerting)
    assert browser.alert() == "hi"
    browser.driver.switch_to.alert.dismiss()
