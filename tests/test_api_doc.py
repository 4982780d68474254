"""docs/api.md is run as a doctest: every example of the public API works as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def test_every_example_of_the_api_documentation_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS,
                              raise_on_error=False, verbose=False)
    assert result.attempted > 30
    assert result.failed == 0


def test_the_top_level_names_are_the_layers_own_and_cost_nothing_to_import() -> None:
    """``import pbmkit`` imports no layer (every command starts with it); each name comes from
    its layer on first use and is that very object."""
    import subprocess
    import sys

    import pbmkit
    import pbmkit.games
    import pbmkit.records

    for name in pbmkit.__all__:
        if name not in ("__version__", "compiled_modules"):  # pbmkit's own, not a layer's
            value = getattr(pbmkit, name)
            layer = pbmkit.games if hasattr(pbmkit.games, name) else pbmkit.records
            assert value is getattr(layer, name), name
    code = "import sys, pbmkit; assert 'pbmkit.games' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)
    try:
        pbmkit.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_the_package_docstring_example_runs() -> None:
    import pbmkit

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(pbmkit, "pbmkit"):
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 3


def test_dir_lists_every_exported_name_before_its_first_use() -> None:
    """``dir(pbmkit)`` (and so a Python shell's tab completion) shows the API, though its names
    arrive through the module ``__getattr__`` (a fresh interpreter: none is imported yet)."""
    import subprocess
    import sys

    code = ("import sys, pbmkit; missing = set(pbmkit.__all__) - set(dir(pbmkit)); "
            "assert not missing, sorted(missing); assert 'pbmkit.games' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_compiled_stage_of_make_test_runs_these_examples_too() -> None:
    """Issue 34: docs/api.md said ``pbmkit.compiled_modules()`` is ``()``, false on the build
    ``pip install .`` gives; its examples hold on both builds, and the compiled stage
    (scripts/test_compiled.py, run by ``make test``) runs them there."""
    import importlib.util

    path = DOC.parent.parent / "scripts" / "test_compiled.py"
    spec = importlib.util.spec_from_file_location("test_compiled", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "tests/test_api_doc.py" in module.TESTS
