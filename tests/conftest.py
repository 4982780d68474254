"""Suite-wide settings: the markers by rule, and property tests that judge behaviour, never the
speed of a busy CI machine.

The default profile is derandomized: every run (and CI) tries the same examples, so a run is
reproducible. `pytest --hypothesis-profile=explore` draws new examples each run, to hunt for
bugs (the fuzz runs that found the reader's last two disagreements with Lark).

The four markers of pyproject.toml are given here by rule, not written on the tests (docs/
architecture.md, "Running the tests"; `make quick` leaves them out, `make test` runs them all):

* ``browser``: every test that asks for the ``browser`` fixture (tests/support/browser.py), itself
  or through another fixture;
* ``imap``: every test in ``tests/referee/test_imap_*.py`` or in a module that imports the Dovecot
  helper (tests/support/imap_server.py);
* ``fuzz``: every test in a ``test_fuzz_*.py`` (the `make fuzz` generator, a few hundred messages);
* ``slow``: the tests named in tests/slow_tests.txt, the slowest measured.

The helpers of tests/support/ are imported as ``tests.support.NAME``; the folder is not collected.
"""

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.support.browser"]  # the headless Chromium fixture: tests/support/browser.py

collect_ignore = ["support"]  # helpers, not tests

if os.environ.get("PBMKIT_PLUG_TRIO"):  # every generic test takes the test game Trio too
    from pbmkit.games import register
    from tests.support.trio import TRIO

    register("Trio", lambda: TRIO, aliases=("three-player",))

HERE = Path(__file__).resolve().parent
SLOW_TESTS = HERE / "slow_tests.txt"


def slow_tests() -> list[str]:
    """The entries of tests/slow_tests.txt: one node id a line, ``#`` starts a comment."""
    lines = SLOW_TESTS.read_text(encoding="utf-8").splitlines()
    return [kept for line in lines if (kept := line.split("#", 1)[0].strip())]


def slow_pattern(entries: list[str]) -> re.Pattern[str]:
    """One expression for the node ids ``entries`` name: ``*`` matches any run of characters, and
    an id without ``[...]`` every parametrization of its test."""
    each = [re.escape(entry).replace(r"\*", ".*") + ("" if "[" in entry else r"(?:\[.*)?")
            for entry in entries]
    return re.compile("|".join(f"(?:{one})" for one in each) or "(?!)")


def markers_by_rule(item: pytest.Item, slow: re.Pattern[str]) -> list[str]:
    """The markers the rules of this module's docstring give ``item``."""
    path = Path(str(item.path))
    module = getattr(item, "module", None)
    names = []
    if "browser" in getattr(item, "fixturenames", ()):
        names.append("browser")
    dovecot = any(getattr(value, "__module__", None) == "tests.support.imap_server"
                  for value in vars(module).values()) if module is not None else False
    if path.match("referee/test_imap_*.py") or dovecot:
        names.append("imap")
    if path.name.startswith("test_fuzz_"):
        names.append("fuzz")
    if slow.fullmatch(item.nodeid):
        names.append("slow")
    return names


@pytest.hookimpl(tryfirst=True)  # before -m deselects: it must see these markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slow = slow_pattern(slow_tests())
    for item in items:
        for name in markers_by_rule(item, slow):
            item.add_marker(name)

settings.register_profile(
    "pbmkit",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("pbmkit")


@pytest.fixture(autouse=True, scope="session")
def _own_config_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test reads or writes the user's ~/.config/pbmkit (mail.toml, the game keys)."""
    before = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("config"))
    yield
    if before is None:
        del os.environ["XDG_CONFIG_HOME"]
    else:
        os.environ["XDG_CONFIG_HOME"] = before
