"""The render layer's import rules: ReportLab only for PDFs, never click, and cheap to import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RENDER = Path(__file__).resolve().parents[2] / "pbmkit" / "render"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0] if node.level == 0 else "")
    return names


def test_render_never_imports_click_or_the_cli() -> None:
    for path in RENDER.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "click" not in _imports(path), path.name
        assert "pbmkit.cli" not in text, path.name


def test_terminal_svg_and_record_glue_load_without_reportlab() -> None:
    code = ("import sys, pbmkit.render, pbmkit.render.svg, pbmkit.render.terminal, "
            "pbmkit.render.from_record, pbmkit.render.diagram; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'click')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
