"""A real browser for the tests: Debian's Chromium, headless, driven by Selenium (issue 25 §4).

tests/conftest.py loads this module as a plugin, so every test may ask for the ``browser``
fixture (import :class:`Browser` for the type only)::

    from tests.support.browser import Browser

    def test_page(browser: Browser, tmp_path: Path) -> None:
        browser.open(tmp_path / "page.html", width=360, dark=True)
        assert browser.errors() == [] and browser.requests() == []

The fixture starts one Chromium per test session (a start costs seconds on a busy machine) from
``/usr/bin/chromium`` through ``/usr/bin/chromedriver`` (``PBMKIT_CHROMIUM`` and
``PBMKIT_CHROMEDRIVER`` name others), headless, with a fresh profile and no background traffic,
so that every request the log shows comes from the page. Chromium that cannot start is a test
ERROR with the reason, never a skip: `make test` installs it (scripts/system_deps.sh), and a
browser test that silently does not run tests nothing. Each ``open`` empties the console and
network logs first, so what a test reads is what its page did.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service

__all__ = ["CHROMEDRIVER", "CHROMIUM", "Browser", "browser", "start_chromium"]

CHROMIUM = os.environ.get("PBMKIT_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("PBMKIT_CHROMEDRIVER", "/usr/bin/chromedriver")

FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--no-first-run",
    "--no-default-browser-check",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    "--window-size=1024,800",
)


@dataclass
class Browser:
    """One headless Chromium; ``open`` a page, then read what it logged, fetched and shows."""

    driver: webdriver.Chrome

    def open(self, page: Path | str, *, width: int = 1024, height: int = 800, dark: bool = False,
             mobile: bool = False) -> None:
        """Load ``page`` (a file, or a URL) in a ``width`` × ``height`` CSS-pixel viewport.

        ``dark`` asks for ``prefers-color-scheme: dark``; ``mobile`` emulates a phone (touch
        viewport rules). The logs of earlier pages are dropped first.
        """
        self.driver.get("about:blank")
        self.drain()
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        url = page.resolve().as_uri() if isinstance(page, Path) else page
        self.driver.get(url)

    def drain(self) -> None:
        """Forget what the console and the network log hold so far."""
        self.driver.get_log("browser")  # type: ignore[no-untyped-call]
        self.driver.get_log("performance")  # type: ignore[no-untyped-call]

    def console(self) -> list[dict[str, str]]:
        """Console messages since the last read: ``level`` (``SEVERE`` for errors), ``message``."""
        entries: list[dict[str, str]] = self.driver.get_log("browser")  # type: ignore[no-untyped-call]
        return entries

    def errors(self) -> list[str]:
        """The console's errors since the last read (script errors, CSP refusals, failed loads)."""
        return [e["message"] for e in self.console() if e.get("level") == "SEVERE"]

    def requests(self) -> list[str]:
        """URLs the page asked for since the last read, besides the page's own document."""
        own = self.driver.current_url
        urls = []
        for entry in self.driver.get_log("performance"):  # type: ignore[no-untyped-call]
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if url != own and url != "about:blank":
                    urls.append(url)
        return urls

    def alert(self) -> str | None:
        """The text of an open alert, confirm or prompt box, or None."""
        try:
            return self.driver.switch_to.alert.text
        except NoAlertPresentException:
            return None

    def script(self, code: str, *args: object) -> object:
        """Run ``code`` (a function body; ``arguments[k]`` are ``args``) in the page."""
        return self.driver.execute_script(code, *args)

    def screenshot(self) -> bytes:
        """A PNG of the viewport."""
        return self.driver.get_screenshot_as_png()


def start_chromium(profile: Path) -> webdriver.Chrome:
    """Chromium through chromedriver, with ``profile`` as its (fresh) user data folder."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    except (WebDriverException, OSError) as error:
        raise RuntimeError(
            f"Chromium did not start ({CHROMIUM} through {CHROMEDRIVER}): {error}. Install "
            "Debian's chromium and chromium-driver (`make test` installs them: "
            "scripts/system_deps.sh), or name them with "
            "PBMKIT_CHROMIUM and PBMKIT_CHROMEDRIVER.") from error


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """One headless Chromium for the session; a Chromium that does not start is an error."""
    driver = start_chromium(tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield Browser(driver)
    finally:
        driver.quit()
