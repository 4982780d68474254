"""The shipped layouts' TOML (``pbmkit/templates/batrakill-*.toml``), as tomllib reads it.

The TOML files are the source; this copy spares every command the import of ``tomllib`` (~1.5 ms
of a mailed move's start-up: issue 16). ``tests/games/test_batrakill_layout.py`` holds it equal to
``tomllib.loads`` of each file; after changing a file, write this module again with
``python -c "from pbmkit.games.batrakill import shipped; print(shipped.source(), end='')" > new.py``
then move ``new.py`` over ``pbmkit/games/batrakill/shipped.py``.
"""

from __future__ import annotations

__all__ = ["LAYOUTS", "source"]

LAYOUTS: dict[str, dict[str, object]] = {'duel': {'name': 'duel',
          'title': 'Duel (provisional)',
          'provisional': True,
          'version': 'duel',
          'files': 9,
          'ranks': 9,
          'towers': 5,
          'x_squares': ['a9', 'c9', 'e9', 'g9', 'i9'],
          'camp': ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'a2', 'b2', 'c2', 'd2',
                   'e2', 'f2', 'g2', 'h2', 'i2'],
          'knights': [{'facing': 'N',
                       'squares': ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'b2', 'd2',
                                   'f2', 'h2']}]},
 'zones': {'name': 'zones',
           'title': 'Zones, 2 to 5 players (provisional)',
           'provisional': True,
           'version': 'zones',
           'files': 9,
           'ranks': 9,
           'zones': {'S': {'faction': 'purple',
                           'facing': 'N',
                           'tower': 'e2',
                           'knights': ['c2', 'd2', 'f2', 'g2', 'e1']},
                     'N': {'faction': 'blue',
                           'facing': 'S',
                           'tower': 'e8',
                           'knights': ['c8', 'd8', 'f8', 'g8', 'e9']},
                     'W': {'faction': 'green',
                           'facing': 'E',
                           'tower': 'b5',
                           'knights': ['b3', 'b4', 'b6', 'b7', 'a5']},
                     'E': {'faction': 'yellow',
                           'facing': 'W',
                           'tower': 'h5',
                           'knights': ['h3', 'h4', 'h6', 'h7', 'i5']}}}}


def source() -> str:
    """This module's text, made again from the shipped TOML files."""
    import pprint
    import tomllib
    from pathlib import Path

    here = Path(__file__).read_text(encoding="utf-8")
    templates = Path(__file__).resolve().parents[2] / "templates"
    layouts = {p.stem.removeprefix("batrakill-"): tomllib.loads(p.read_text(encoding="utf-8"))
               for p in sorted(templates.glob("batrakill-*.toml"))}
    head, _, rest = here.partition("LAYOUTS: dict[str, dict[str, object]] = ")
    tail = rest[rest.index("\n\n\ndef source"):]
    table = pprint.pformat(layouts, width=100, sort_dicts=False, compact=True)
    return f"{head}LAYOUTS: dict[str, dict[str, object]] = {table}{tail}"
