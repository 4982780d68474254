"""Suite-wide settings: property tests judge behaviour, never the speed of a busy CI machine.

The default profile is derandomized: every run (and CI) tries the same examples, so a run is
reproducible. `pytest --hypothesis-profile=explore` draws new examples each run, to hunt for
bugs (the fuzz runs that found the reader's last two disagreements with Lark).
"""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["browser"]  # the headless Chromium fixture of the browser tests (tests/browser.py)

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
