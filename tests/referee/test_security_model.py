"""docs/referee.md's "Security model" and pbmkit/referee/security.py say the same: every row of
the table of threats names the functions that meet it, each of them exists, and every public
function of the security module is named in that section (issue 36: the security model in one
module that maps one-to-one onto the threat model)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pbmkit.referee.security as security

ROOT = Path(__file__).resolve().parents[2]
_NAME = re.compile(r"`((?:[a-z_]+\.)+[A-Za-z_]+)`")


def _section() -> str:
    text = (ROOT / "docs" / "referee.md").read_text(encoding="utf-8")
    start = text.index("\n## Security model\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def _table() -> list[list[str]]:
    rows = [line for line in _section().splitlines() if line.startswith("| ")]
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    assert cells[0] == ["threat", "stopped", "not stopped", "met by"]
    return [c for c in cells[1:] if not set(c[0]) <= {"-", " "}]


def _resolve(dotted: str) -> object:
    module, _, name = f"pbmkit.referee.{dotted}".rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_every_threat_names_the_functions_that_meet_it_and_they_exist() -> None:
    rows = _table()
    assert len(rows) == 8  # forged From ... a stolen club.key
    for threat, _, _, met in rows:
        names = _NAME.findall(met)
        assert names, f"{threat}: names no function"
        for dotted in names:
            assert callable(_resolve(dotted)), f"{threat}: {dotted} is no function"


def test_every_public_function_of_the_security_module_is_named_in_the_security_model() -> None:
    named = set(_NAME.findall(_section()))
    public = [name for name, value in vars(security).items()
              if inspect.isfunction(value) and value.__module__ == security.__name__
              and not name.startswith("_")]
    assert len(public) >= 15
    assert sorted(n for n in public if f"security.{n}" not in named) == []
    # and every security.NAME the section names is one of them
    assert sorted(n for n in named if n.startswith("security.")
                  and n.removeprefix("security.") not in public) == []


def test_the_commands_that_act_for_a_player_ask_the_security_module() -> None:
    """No proof is written twice: the command modules prove a sender only through
    :mod:`pbmkit.referee.security` (they never compare keys themselves)."""
    for path in sorted((ROOT / "pbmkit" / "referee" / "commands").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for check in ("same_secret", ".secret_hash", ".code_hash", "authentication(",
                      "authserv_id"):
            assert check not in source, f"{path.name}: {check}"
