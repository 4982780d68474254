"""The layers of style.md, checked on the source, bottom up: common -> games -> engine -> records ->
desk -> render -> web -> mail -> ratings -> events -> referee -> cli (``LAYERS``).

Every module under pbmkit is imported (so a broken one fails here too) and its imports, read with
``ast`` (including those inside functions and ``TYPE_CHECKING`` blocks), must follow the arrows:

* a module imports its own layer and the layers under it, never one above (``pbmkit.common``
  imports nothing else of ours; ``pbmkit.games`` only itself and common);
* only ``pbmkit.render`` (the drawing and the printed forms) imports reportlab, and only
  ``pbmkit.cli`` imports click;
* the layers above games import no game package by name (they reach a game through the registry
  and its protocol), nor name one in a string (an ``import_module`` in disguise).

docs/architecture.md's table of the layers is held equal to ``LAYERS``.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import pbmkit

ROOT = Path(pbmkit.__file__).parent


def _modules() -> list[tuple[str, Path]]:
    found = [("pbmkit", ROOT / "__init__.py")]
    for info in pkgutil.walk_packages([str(ROOT)], prefix="pbmkit."):
        rel = info.name.split(".")[1:]
        path = ROOT.joinpath(*rel)
        found.append((info.name, path / "__init__.py" if info.ispkg else path.with_suffix(".py")))
    return sorted(found)


MODULES = _modules()


def imports_of(name: str, path: Path) -> set[str]:
    """The absolute names of every module ``name`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)  # "from pkg import mod"
    return out


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


GAME_PACKAGES = sorted(f"pbmkit.games.{p.parent.name}" for p in (ROOT / "games").glob("*/__init__.py"))
"""Every game package (``pbmkit.games.batalo`` ...); the modules beside them are the shared design."""
LAYERS = ("pbmkit.common", "pbmkit.games", "pbmkit.engine", "pbmkit.records", "pbmkit.desk",
          "pbmkit.render", "pbmkit.web", "pbmkit.mail", "pbmkit.ratings", "pbmkit.events", "pbmkit.referee",
          "pbmkit.cli")
"""The layers, bottom up: a module may import its own layer and those before it, never one after."""
_ABOVE_GAMES = LAYERS[2:]


def _layer(module: str) -> int | None:
    if module == "pbmkit.__main__":  # ``python -m pbmkit``: the command line's entry point
        return LAYERS.index("pbmkit.cli")
    return next((i for i, layer in enumerate(LAYERS) if _under(module, layer)), None)


def _is_game_package(module: str, games: list[str] | None = None) -> bool:
    return any(_under(module, g) for g in (GAME_PACKAGES if games is None else games))


def forbidden(name: str, imported: str) -> str | None:
    """Why module ``name`` may not import ``imported`` (None if it may)."""
    mine, theirs = _layer(name), _layer(imported)
    if _under(imported, "pbmkit") and mine is not None and (
            (imported == "pbmkit" and mine <= LAYERS.index("pbmkit.games"))
            or (theirs is not None and theirs > mine)):
        above = LAYERS[theirs] if theirs is not None else "pbmkit"
        return f"{LAYERS[mine]} sits below {above}: the arrows point down only"
    if _under(imported, "reportlab") and not _under(name, "pbmkit.render"):
        return "only render imports reportlab"
    if _under(imported, "click") and not _under(name, "pbmkit.cli"):
        return "only cli imports click"
    if any(_under(name, p) for p in _ABOVE_GAMES) and (
            _is_game_package(imported) or _is_game_package(imported, ["pbmkit.games.batalo"])):
        return "the layers above games import no game package by name"
    return None


def test_every_module_is_in_a_layer() -> None:
    assert [n for n, _ in MODULES if n != "pbmkit" and _layer(n) is None] == []


def test_the_package_has_every_layer() -> None:
    names = {n for n, _ in MODULES}
    assert set(LAYERS) <= names


@pytest.mark.parametrize(("name", "path"), MODULES, ids=[n for n, _ in MODULES])
def test_every_module_imports_and_follows_the_layer_arrows(name: str, path: Path) -> None:
    importlib.import_module(name)
    problems = sorted(f"{name} imports {imp}: {why}" for imp in imports_of(name, path)
                      if (why := forbidden(name, imp)) is not None)
    assert problems == []


@pytest.mark.parametrize(("name", "imported", "allowed"), [
    ("pbmkit.games.batalo", "pbmkit.games.base", True),
    ("pbmkit.games.base", "pbmkit.common.errors", True),
    ("pbmkit.common.files", "pbmkit.common.errors", True),
    ("pbmkit.common.files", "pbmkit.games", False),
    ("pbmkit.common.errors", "pbmkit.records", False),
    ("pbmkit.games.batalo", "pbmkit.records", False),
    ("pbmkit.games.board", "pbmkit", False),
    ("pbmkit.records.replay", "pbmkit.games.batalo", False),
    ("pbmkit.records.replay", "pbmkit.games.batalo.rules", False),
    ("pbmkit.render.art", "pbmkit.games.billo", False),
    ("pbmkit.cli.records", "pbmkit.games.batalo", False),
    ("pbmkit.records.replay", "pbmkit.games", True),
    ("pbmkit.records.replay", "pbmkit.games.base", True),
    ("pbmkit.render.art", "pbmkit.games.drawing", True),
    ("pbmkit.records.replay", "pbmkit.render.svg", False),
    ("pbmkit.records.replay", "click", False),
    ("pbmkit.render.pdf", "reportlab.pdfgen", True),
    ("pbmkit.render.pdf", "pbmkit.cli", False),
    ("pbmkit.render.pdf", "click.testing", False),
    ("pbmkit.cli.board", "click", True),
    ("pbmkit.cli.board", "reportlab", False),
    ("pbmkit.mail.compose", "pbmkit.desk.dates", True),
    ("pbmkit.mail.compose", "pbmkit.render.svg", True),
    ("pbmkit.mail.compose", "pbmkit.games", True),
    ("pbmkit.mail.read", "pbmkit.cli.common", False),
    ("pbmkit.mail.read", "click", False),
    ("pbmkit.mail.read", "reportlab", False),
    ("pbmkit.mail.read", "pbmkit.games.batalo", False),
    ("pbmkit.cli.mail", "pbmkit.mail.compose", True),
    ("pbmkit.render.svg", "pbmkit.mail", False),
    ("pbmkit.desk.dates", "pbmkit.mail.compose", False),
    ("pbmkit.games.base", "pbmkit.mail", False),
    ("pbmkit.referee.run", "pbmkit.events.model", True),
    ("pbmkit.referee.run", "pbmkit.ratings", True),
    ("pbmkit.referee.run", "pbmkit.mail.smtp", True),
    ("pbmkit.referee.run", "pbmkit.cli.common", False),
    ("pbmkit.referee.run", "click", False),
    ("pbmkit.referee.run", "pbmkit.games.batu_khan", False),
    ("pbmkit.events.table", "pbmkit.ratings", True),
    ("pbmkit.events.table", "pbmkit.render.pdf", True),
    ("pbmkit.events.table", "reportlab", False),
    ("pbmkit.events.table", "pbmkit.referee", False),
    ("pbmkit.ratings.elo", "pbmkit.events", False),
    ("pbmkit.ratings.elo", "pbmkit.records.reader", True),
    ("pbmkit.mail.compose", "pbmkit.ratings", False),
    ("pbmkit.render.pdf", "pbmkit.events.model", False),
    ("pbmkit.cli.event", "pbmkit.events", True),
    ("pbmkit.web.viewer", "pbmkit.render.svg", True),
    ("pbmkit.web.viewer", "pbmkit.records.replay", True),
    ("pbmkit.web.viewer", "pbmkit.games.base", True),
    ("pbmkit.web.crosstable", "pbmkit.render.crosstable", True),
    ("pbmkit.web.viewer", "pbmkit.games.batalo", False),
    ("pbmkit.web.viewer", "pbmkit.cli.common", False),
    ("pbmkit.web.viewer", "click", False),
    ("pbmkit.web.crosstable", "reportlab", False),
    ("pbmkit.records.replay", "pbmkit.desk.dates", False),
    ("pbmkit.desk.summary", "pbmkit.records.replay", True),
    ("pbmkit.render.from_record", "pbmkit.desk.dates", True),
    ("pbmkit.desk.moving", "pbmkit.render.svg", False),
    ("pbmkit.web.club", "pbmkit.mail.compose", False),
    ("pbmkit.web.club", "pbmkit.ratings", False),
    ("pbmkit.web.crosstable", "pbmkit.events.table", False),
    ("pbmkit.web.club", "pbmkit.referee.site", False),
    ("pbmkit.render.svg", "pbmkit.web.page", False),
    ("pbmkit.desk.dates", "pbmkit.web", False),
    ("pbmkit.games.base", "pbmkit.web.page", False),
    ("pbmkit.mail.html_body", "pbmkit.web.page", True),
    ("pbmkit.events.table", "pbmkit.web.crosstable", True),
    ("pbmkit.referee.site", "pbmkit.web.club", True),
    ("pbmkit.cli.web", "pbmkit.web.viewer", True),
    ("pbmkit.engine.mcts", "pbmkit.games.base", True),
    ("pbmkit.engine.mcts", "pbmkit.common.errors", True),
    ("pbmkit.engine.mcts", "pbmkit.records", False),
    ("pbmkit.engine.mcts", "pbmkit.desk", False),
    ("pbmkit.engine.mcts", "pbmkit.games.hex", False),
    ("pbmkit.engine.mcts", "click", False),
    ("pbmkit.games.base", "pbmkit.engine", False),
    ("pbmkit.cli.engine", "pbmkit.engine.mcts", True),
    ("pbmkit.referee.run", "pbmkit.engine", True),
])
def test_the_arrow_rules_themselves(name: str, imported: str, allowed: bool) -> None:
    assert (forbidden(name, imported) is None) == allowed


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("from . import base\nfrom ..records import x\nimport click\n")
    assert imports_of("pbmkit.games.mod", source) >= {
        "pbmkit.games", "pbmkit.games.base", "pbmkit.records", "pbmkit.records.x", "click"}


def test_there_are_game_packages_to_keep_out() -> None:
    assert {"pbmkit.games.batalo", "pbmkit.games.billo"} <= set(GAME_PACKAGES)


@pytest.mark.parametrize(("name", "path"), [(n, p) for n, p in MODULES
                                            if any(_under(n, a) for a in _ABOVE_GAMES)],
                         ids=[n for n, _ in MODULES if any(_under(n, a) for a in _ABOVE_GAMES)])
def test_the_layers_above_games_name_no_game_package_even_in_strings(name: str, path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    named = sorted({node.value for node in ast.walk(tree)
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and any(g in node.value for g in GAME_PACKAGES)})
    assert named == []


def test_architecture_md_maps_the_layers_of_this_test() -> None:
    """docs/architecture.md's table of the layers lists those this test enforces, bottom up."""
    text = (ROOT.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## The layers\n", 1)[1].split("\n## ", 1)[0]
    mapped = [row.split("|")[1].strip().strip("`") for row in section.splitlines()
              if row.startswith("| `pbmkit")]
    assert mapped == ["pbmkit.common", "pbmkit.games", *LAYERS[2:]]
