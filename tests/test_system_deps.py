"""`make test` on a bare machine (issue 34, part 1): scripts/system_deps.sh installs the Debian
packages of scripts/system-packages.txt that are missing, as root with apt-get, otherwise through
``sudo -n``, otherwise stops at once with one line naming the command; the compiled stage runs and
reports even when the pure stage failed, and `make test` fails if either did.

The script runs for real, with stand-ins for dpkg-query, id, sudo and apt-get first on its PATH
that record what they were asked."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "system_deps.sh"
LIST = ROOT / "scripts" / "system-packages.txt"


_OUTSIDE_MAKE = {k: v for k, v in os.environ.items()
                 if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
"""The environment of a make run as a user's (these tests run inside `make test` too)."""


def _packages() -> list[str]:
    names = []
    for line in LIST.read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            names.append(word)
    return names


def _tool(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)


def _machine(tmp_path: Path, *, installed: list[str], uid: int, sudo: str | None) -> dict[str, str]:
    """A PATH whose dpkg-query knows ``installed``, whose id says ``uid``, and whose sudo is absent
    (None), refuses without a password ("refuses") or works ("works"); apt-get and sudo write
    their arguments to ``log``."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    log = tmp_path / "log"
    (tmp_path / "installed").write_text("\n".join(installed) + "\n", encoding="utf-8")
    _tool(bin_, "dpkg-query", f"""pkg="$3"
if grep -qx "$pkg" {tmp_path}/installed; then printf 'install ok installed'; exit 0; fi
echo "dpkg-query: no packages found matching $pkg" >&2; exit 1
""")
    _tool(bin_, "id", f'[ "$1" = -u ] && echo {uid}\n')
    _tool(bin_, "apt-get", f'echo "apt-get $*" >> {log}\n')
    if sudo == "works":
        _tool(bin_, "sudo", f'[ "$1" = -n ] || exit 1; shift; [ "$1" = true ] && exit 0\n'
                            f'echo "sudo -n $*" >> {log}; "$@"\n')
    elif sudo == "refuses":
        _tool(bin_, "sudo", 'echo "sudo: a password is required" >&2; exit 1\n')
    # the rest of the machine: only what the script itself uses
    for name in ("bash", "env", "cat", "grep", "dirname"):
        found = shutil.which(name)
        assert found, name
        (bin_ / name).symlink_to(found)
    return {"PATH": str(bin_), "LOG": str(log)}


def _run(machine: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, cwd=ROOT,
                          env={"PATH": machine["PATH"]}, timeout=60)


def _log(machine: dict[str, str]) -> list[str]:
    path = Path(machine["LOG"])
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_the_list_names_the_browser_the_imap_server_poppler_and_the_cjk_font() -> None:
    assert {"chromium", "chromium-driver", "poppler-utils", "dovecot-imapd", "fontconfig",
            "fonts-noto-cjk"} <= set(_packages())


def test_nothing_is_installed_when_every_package_is_there(tmp_path: Path) -> None:
    machine = _machine(tmp_path, installed=_packages(), uid=1000, sudo=None)
    done = _run(machine)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert _log(machine) == []


def test_as_root_the_missing_packages_are_installed_with_apt_get(tmp_path: Path) -> None:
    every = _packages()
    machine = _machine(tmp_path, installed=every[2:], uid=0, sudo=None)
    done = _run(machine)
    assert done.returncode == 0, done.stderr
    assert _log(machine) == ["apt-get update -qq", f"apt-get install -y -qq {' '.join(every[:2])}"]
    assert " ".join(every[:2]) in done.stdout


def test_a_user_with_password_less_sudo_installs_through_it(tmp_path: Path) -> None:
    machine = _machine(tmp_path, installed=[], uid=1000, sudo="works")
    done = _run(machine)
    assert done.returncode == 0, done.stderr
    wanted = " ".join(_packages())
    assert _log(machine) == [
        "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq", "apt-get update -qq",
        f"sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq {wanted}",
        f"apt-get install -y -qq {wanted}"]


@pytest.mark.parametrize("sudo", [None, "refuses"])
def test_otherwise_it_stops_at_once_with_one_line_naming_the_command(tmp_path: Path,
                                                                     sudo: str | None) -> None:
    every = _packages()
    machine = _machine(tmp_path, installed=every[1:], uid=1000, sudo=sudo)
    done = _run(machine)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"sudo sh -c 'apt-get update && apt-get install -y {every[0]}'" in done.stderr
    assert _log(machine) == []


def test_make_test_runs_the_script_first_and_ci_only_calls_make_test() -> None:
    plan = subprocess.run(["make", "--no-print-directory", "-n", "-o", ".venv/.installed-test",
                           "test"], cwd=ROOT, capture_output=True, text=True, check=True,
                          env=_OUTSIDE_MAKE).stdout.splitlines()
    assert plan[0] == "bash scripts/system_deps.sh"
    ci = [ln for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if ln.strip() and not ln.startswith("#")]
    assert ci[-1] == "make test" and not any("apt-get" in ln for ln in ci)


@pytest.mark.parametrize(("pure", "compiled", "said"), [
    ("false", "true", "the pure stage FAILED"),
    ("true", "false", "the compiled stage FAILED"),
    ("false", "false", "the compiled stage FAILED"),
])
def test_a_failing_stage_does_not_hide_the_next_and_fails_make_test(
        tmp_path: Path, pure: str, compiled: str, said: str) -> None:
    marks = tmp_path / "ran"
    done = subprocess.run(
        ["make", "--no-print-directory", "-s", "-o", ".venv/.installed-test", "test",
         "SYSTEM_DEPS=true", f"PURE_TESTS=echo pure >> {marks}; {pure}",
         f"COMPILED_TESTS=echo compiled >> {marks}; {compiled}"],
        cwd=ROOT, capture_output=True, text=True, env=_OUTSIDE_MAKE)
    assert marks.read_text(encoding="utf-8").split() == ["pure", "compiled"]
    assert done.returncode != 0
    assert said in done.stderr


def test_make_test_passes_when_both_stages_pass(tmp_path: Path) -> None:
    done = subprocess.run(
        ["make", "--no-print-directory", "-s", "-o", ".venv/.installed-test", "test",
         "SYSTEM_DEPS=true", "PURE_TESTS=true", "COMPILED_TESTS=true"],
        cwd=ROOT, capture_output=True, text=True, env=_OUTSIDE_MAKE)
    assert done.returncode == 0, done.stderr
    assert "both stages passed" in done.stdout
