"""The suite's shape (issue 36): four markers given by rule, `make quick` leaving them out, `make
test` deselecting nothing, and the helpers in tests/support/ (docs/architecture.md, "Running the
tests")."""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
OPTIONS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"][
    "ini_options"]
REGISTERED = {line.split(":", 1)[0].strip() for line in OPTIONS["markers"]}
BUILT_IN = {"parametrize", "skip", "skipif", "xfail", "usefixtures", "filterwarnings"}
"""pytest's own markers, registered by pytest itself."""

_OUTSIDE_MAKE = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
"""A make run as a user's (this suite runs inside `make test` too)."""


def _plan(target: str) -> list[str]:
    """The pytest commands `make -n TARGET` would run, as argument lists."""
    plan = subprocess.run(["make", "--no-print-directory", "-n", "-o", ".venv/.installed-test",
                           target, "SYSTEM_DEPS=true"], cwd=ROOT, capture_output=True, text=True,
                          check=True, env=_OUTSIDE_MAKE).stdout
    commands = []
    for line in plan.replace("\\\n", " ").splitlines():
        for part in re.split(r"\|\||;|&&", line):
            words = shlex.split(part)
            if "pytest" in words:
                commands.append(words[words.index("pytest") + 1:])
    return commands


def _selecting(args: list[str]) -> list[str]:
    """The arguments among ``args`` that would leave tests out: -m, -k, --deselect, --ignore and
    paths (the value of -p, a plugin's name, is not a path)."""
    return [a for i, a in enumerate(args)
            if a.startswith(("-m", "-k", "--deselect", "--ignore"))
            or (not a.startswith("-") and (i == 0 or args[i - 1] != "-p"))]


def test_make_test_runs_every_test_and_ci_runs_make_test() -> None:
    """`make test` (what .ci/run calls) gives pytest no -m, -k, --deselect, --ignore or path: the
    slow, browser, IMAP and fuzz tests all run there; nor does pyproject.toml's addopts."""
    commands = _plan("test")
    assert len(commands) == 1, commands
    assert _selecting(commands[0]) == []
    assert _selecting(shlex.split(OPTIONS["addopts"])) == []
    assert "--strict-markers" in shlex.split(OPTIONS["addopts"])
    ci = [ln for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if ln.strip() and not ln.startswith("#")]
    assert ci[-1] == "make test"


def test_make_quick_leaves_out_exactly_the_four_markers() -> None:
    expression = _quick_expression()
    left_out = re.fullmatch(r"not (\w+)(?: and not (\w+))*", expression)
    assert left_out, expression
    assert set(re.findall(r"not (\w+)", expression)) == REGISTERED == {"slow", "browser", "imap",
                                                                        "fuzz"}


def _marks_used() -> dict[str, set[str]]:
    """Every ``pytest.mark.NAME`` and ``add_marker("NAME")`` in tests/, with where it is."""
    used: dict[str, set[str]] = {}
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = None
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "mark"):
                name = node.attr
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "add_marker" and node.args
                  and isinstance(node.args[0], ast.Constant)):
                name = str(node.args[0].value)
            if name is not None:
                used.setdefault(name, set()).add(path.relative_to(ROOT).as_posix())
    return used


def test_every_marker_used_is_registered() -> None:
    used = _marks_used()
    assert {name: where for name, where in used.items() if name not in REGISTERED | BUILT_IN} == {}


PROBE = """\
import json, os

seen = {}


def pytest_deselected(items):
    for item in items:
        seen[item.nodeid] = ["deselected", sorted({m.name for m in item.iter_markers()})]


def pytest_collection_finish(session):
    for item in session.items:
        seen[item.nodeid] = ["kept", sorted({m.name for m in item.iter_markers()})]
    with open(os.environ["SHAPE_PROBE"], "w") as out:
        json.dump(seen, out)
"""
"""A plugin that writes down, for every test collected, whether -m kept it and its markers."""


def _quick_expression() -> str:
    (quick,) = _plan("quick")
    return quick[quick.index("-m") + 1]


def _collect(tmp_path: Path, files: list[str]) -> dict[str, list[Any]]:
    """Each test of ``files`` as collected with `make quick`'s -m: ``[fate, markers]``."""
    (tmp_path / "shape_probe.py").write_text(PROBE, encoding="utf-8")
    env = dict(_OUTSIDE_MAKE, PYTHONPATH=str(tmp_path), SHAPE_PROBE=str(tmp_path / "seen.json"))
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "shape_probe",
                           "-p", "no:cacheprovider", "-m", _quick_expression(), *sorted(set(files))],
                          cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    seen: dict[str, list[Any]] = json.loads((tmp_path / "seen.json").read_text(encoding="utf-8"))
    return seen


def _slow_entries() -> list[str]:
    import conftest  # tests/conftest.py, as pytest loaded it

    entries: list[str] = conftest.slow_tests()
    return entries


def test_the_rules_give_each_marker_and_make_quick_leaves_them_out(tmp_path: Path) -> None:
    """Collected for real with `make quick`'s -m: a browser test, an IMAP module, the fuzz module
    and a test tests/slow_tests.txt names carry their marker and are left out; a plain test is
    kept with none."""
    slow = next(e for e in _slow_entries() if "*" not in e and "[" not in e)
    files = {"browser": "tests/web/test_browser_fixture.py", "imap": "tests/referee/test_imap_club.py",
             "fuzz": "tests/mail/test_fuzz_mail.py", "slow": slow.split("::")[0],
             "none": "tests/test_layers.py"}
    seen = _collect(tmp_path, list(files.values()))

    def of(file: str) -> list[list[Any]]:
        return [fate for node, fate in seen.items() if node.split("::")[0] == file]

    assert of(files["browser"])
    assert all(fate[0] == "deselected" and REGISTERED & set(fate[1]) == {"browser"}
               for fate in of(files["browser"]))
    for marker in ("imap", "fuzz"):
        assert of(files[marker])
        assert all(fate[0] == "deselected" and marker in fate[1] for fate in of(files[marker]))
    slow_fates = [fate for node, fate in seen.items() if node.split("[")[0] == slow]
    assert slow_fates and all(fate[0] == "deselected" and "slow" in fate[1] for fate in slow_fates)
    assert of(files["none"])
    assert all(fate[0] == "kept" and not REGISTERED & set(fate[1]) for fate in of(files["none"]))


def test_every_line_of_slow_tests_names_tests_that_are_there(tmp_path: Path) -> None:
    """tests/slow_tests.txt names tests that exist (a renamed test leaves no stale line): each
    entry marks at least one collected test slow, and `make quick` leaves it out."""
    import conftest

    entries = _slow_entries()
    files = [p.relative_to(ROOT).as_posix() for e in entries for p in ROOT.glob(e.split("::")[0])]
    seen = _collect(tmp_path, files)
    for entry in entries:
        fates = [fate for node, fate in seen.items() if conftest.slow_pattern([entry]).fullmatch(node)]
        assert fates, f"tests/slow_tests.txt: {entry} names no test"
        assert all(fate[0] == "deselected" and "slow" in fate[1] for fate in fates), entry


def test_helpers_live_in_tests_support_and_nothing_there_is_collected() -> None:
    """Every module of tests/ is a test module, a conftest.py or a helper in tests/support/ (a
    package pytest does not collect, imported as tests.support.NAME)."""
    support = TESTS / "support"
    strays = [p.relative_to(ROOT).as_posix() for p in TESTS.rglob("*.py")
              if support not in p.parents and p.name != "conftest.py"
              and not p.name.startswith("test_")]
    assert strays == []
    assert (support / "__init__.py").is_file()
    assert not list(support.rglob("test_*.py"))
    import conftest

    assert "support" in conftest.collect_ignore
