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
