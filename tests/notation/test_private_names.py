"""No module of the record layer imports another module's private names (issue 36: the lean check
took ``_Replayer``, ``_start_position``, ``_parse_records`` and ``_scanner``, and so silently
depended on the replayer's insides; it is built on their public names now)."""

from __future__ import annotations

import ast
from pathlib import Path

NOTATION = Path(__file__).resolve().parents[2] / "pbmkit" / "notation"


def _private_imports(path: Path) -> list[str]:
    """``module.name`` of each private name (``_x``, not ``__x__``) ``path`` imports from a
    pbmkit module, at the top or inside a function."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pbmkit"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.endswith("__"):
                    found.append(f"{node.module}.{alias.name}")
    return found


def test_the_record_layer_imports_no_private_name_of_another_module() -> None:
    found = {path.name: _private_imports(path) for path in sorted(NOTATION.glob("*.py"))}
    assert {name: names for name, names in found.items() if names} == {}
    assert len(found) > 10


def test_the_check_finds_a_private_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from pbmkit.notation.replay import Replayer, _order\n"
                      "def f():\n    from pbmkit.notation.tokens import _LOCK, __all__\n", encoding="utf-8")
    assert _private_imports(module) == ["pbmkit.notation.replay._order", "pbmkit.notation.tokens._LOCK"]
