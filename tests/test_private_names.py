"""No module of pbmkit imports another module's private names (style.md: "no module imports
another's private names").

Every module under pbmkit is read with ``ast`` (imports inside functions and ``TYPE_CHECKING``
blocks too). A private name is one with a leading underscore and no trailing double underscore
(``_scanner``, not ``__version__``); a private module (``pbmkit.mail._keyring``) is private to its
package. An import crosses when it takes a private name out of another module
(``from pbmkit.records.replay import _Replayer``), or a private module from outside its package.

The games (``pbmkit/games/``) cross nowhere. The rest of pbmkit is held to :data:`KNOWN`, the
crossings left when this test was written (issue 36): the list only shrinks. A new crossing fails
the test; so does an entry that no longer crosses (delete it from the list).
"""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pbmkit

ROOT = Path(pbmkit.__file__).parent


def _modules() -> list[tuple[str, Path]]:
    found = [("pbmkit", ROOT / "__init__.py")]
    for info in pkgutil.walk_packages([str(ROOT)], prefix="pbmkit."):
        path = ROOT.joinpath(*info.name.split(".")[1:])
        found.append((info.name, path / "__init__.py" if info.ispkg else path.with_suffix(".py")))
    return sorted(found)


MODULE_NAMES = frozenset(name for name, _ in _modules())


def _private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__")


DOCUMENTED = frozenset({"_thread"})
"""Standard modules whose name starts with an underscore but which the Python Library Reference
documents as public (``_thread``: the low-level locks and thread-local data that ``threading``
wraps; the record reader uses it so that a check need not import ``threading``)."""


def _crosses(importer: str, module: str) -> bool:
    """Whether ``importer`` reaches into private module ``module`` from outside its package."""
    if module in DOCUMENTED:
        return False
    parts = module.split(".")
    for i, part in enumerate(parts):
        if _private(part):
            package = ".".join(parts[:i])
            if not (importer == package or importer.startswith(package + ".")):
                return True
    return False


def private_imports(name: str, path: Path) -> set[tuple[str, str]]:
    """``(module, name)`` of every private name ``name`` imports from another module, and
    ``(module, "")`` for a private module it imports from outside that module's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update((alias.name, "") for alias in node.names if _crosses(name, alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if module == name:
                continue
            if _crosses(name, module):
                found.add((module, ""))
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                if submodule in MODULE_NAMES:
                    if _crosses(name, submodule):
                        found.add((submodule, ""))
                elif _private(alias.name):
                    found.add((module, alias.name))
    return found


def crossings() -> set[tuple[str, str, str]]:
    """Every ``(importer, module, name)`` crossing in pbmkit."""
    return {(name, module, private)
            for name, path in _modules() for module, private in private_imports(name, path)}


KNOWN: frozenset[tuple[str, str, str]] = frozenset({
})
"""The crossings outside ``pbmkit/games/`` left to remove (issue 36); only ever delete from it."""


def test_the_games_import_no_private_name_of_another_module() -> None:
    games = sorted(c for c in crossings() if c[0].startswith("pbmkit.games"))
    assert games == []


def test_no_new_private_import_and_the_known_list_only_shrinks() -> None:
    found = crossings()
    new = sorted(found - KNOWN)
    gone = sorted(KNOWN - found)
    assert new == [], f"imports of another module's private names: {new}"
    assert gone == [], f"no longer imported: delete from KNOWN: {gone}"


def test_the_check_sees_a_private_import() -> None:
    """The walk itself: a crossing of each kind is found, a module's own names and dunders are not."""
    import tempfile

    source = ("from pbmkit.records.replay import _Replayer, replay\n"
              "from pbmkit.mail._keyring import keyring\n"
              "import pbmkit.mail._keyring\n"
              "from pbmkit import __version__\n"
              "from pbmkit.x.y import _own\n"
              "import _thread\n"
              "from _thread import allocate_lock\n"
              "from _collections_abc import _check_methods\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "y.py")
        path.write_text(source, encoding="utf-8")
        assert private_imports("pbmkit.x.y", path) == {
            ("pbmkit.records.replay", "_Replayer"), ("pbmkit.mail._keyring", ""),
            ("_collections_abc", ""), ("_collections_abc", "_check_methods")}
        assert private_imports("pbmkit.mail.sources", path) == {
            ("pbmkit.records.replay", "_Replayer"), ("pbmkit.x.y", "_own"), ("_collections_abc", ""),
            ("_collections_abc", "_check_methods")}
