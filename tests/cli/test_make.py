"""`make demo` and `make test` install quietly (issue 9, item 10)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def _filter() -> str:
    m = re.search(r'^PIP := PYTHONWARNINGS="([^"]+)" \$\(BIN\)/python -m pip$', MAKEFILE, re.M)
    assert m, "the Makefile defines PIP with a warnings filter"
    return m.group(1)


def test_every_install_in_the_makefile_goes_through_the_quiet_pip() -> None:
    """Issue 9, item 10: no recipe calls pip without the filter, and every install is -q."""
    recipes = [ln.strip() for ln in MAKEFILE.splitlines() if ln.startswith("\t")]
    installs = [ln for ln in recipes if "pip" in ln]
    assert installs
    assert all(ln.startswith("$(PIP) install -q ") for ln in installs), installs


def test_the_filter_silences_the_editable_banner_and_nothing_else() -> None:
    """Issue 9, item 10: setuptools' "Editable installation." UserWarning (the banner both make
    targets printed) is ignored; any other warning still shows."""
    code = ("import warnings\n"
            "warnings.warn('Editable installation.\\n\\n  Please be careful with folders', "
            "UserWarning)\n"
            "warnings.warn('something else', UserWarning)\n")
    env = {**os.environ, "PYTHONWARNINGS": _filter()}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=True)
    assert "Editable installation" not in done.stderr
    assert "something else" in done.stderr


def test_the_readme_says_how_to_run_pbmkit_after_make_demo() -> None:
    """Issue 9, item 10: the README names .venv/bin/pbmkit and activating .venv."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    assert ".venv/bin/pbmkit" in setup and "source .venv/bin/activate" in setup
