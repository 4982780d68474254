"""The layouts of the printed forms, read from the TOML files in ``pbmkit/templates/``.

Layouts are data: paper sizes, margins, grids and field lists. Each form module reads its own
file through :func:`load_template`, and :func:`paper` gives a page size by name.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["PAPERS", "Paper", "load_template", "paper", "paper_names", "side_field", "side_label"]


@dataclass(frozen=True, slots=True)
class Paper:
    """A page size in PostScript points (1/72 in), portrait."""

    key: str
    name: str
    width: float
    height: float


@cache
def load_template(name: str) -> dict[str, Any]:
    """The parsed TOML template ``name`` (without ``.toml``); ``ValueError`` if it is missing."""
    try:
        text = resources.files("pbmkit").joinpath("templates", f"{name}.toml").read_text("utf-8")
    except FileNotFoundError:
        raise ValueError(f"no form template called {name!r}") from None
    return tomllib.loads(text)


def paper_names() -> list[str]:
    """The paper keys known to the templates, e.g. ``["letter", "a4"]``."""
    return list(load_template("papers"))


def paper(key: str) -> Paper:
    """The paper called ``key`` (case-insensitive); ``ValueError`` naming the known ones if none."""
    papers = load_template("papers")
    entry = papers.get(key.strip().lower())
    if entry is None:
        raise ValueError(f"unknown paper {key!r} (known: {', '.join(papers)})")
    return Paper(key.strip().lower(), str(entry["name"]), float(entry["width"]), float(entry["height"]))


PAPERS = ("letter", "a4")
"""The paper sizes every form supports (the CLI's ``--paper`` choices)."""


def side_field(game: Any, key: str) -> str | None:
    """The header key of a template's side field: ``side:1`` is the first side's tag (``White``,
    ``Yellow``, ``South``); ``None`` for a side the game does not have. Other keys are kept."""
    if not key.startswith("side:"):
        return key
    k = int(key[5:]) - 1
    tags = tuple(game.side_tags)
    return tags[k] if 0 <= k < len(tags) else None


def side_label(game: Any, key: str, label: str) -> str:
    """A field's label with the game's own side names: ``{side} player`` is "White player" in
    Batalo, "Yellow player" in Billo."""
    if not key.startswith("side:"):
        return label
    k = int(key[5:]) - 1
    sides = tuple(game.sides)
    name = str(sides[k]).capitalize() if 0 <= k < len(sides) else ""
    return label.replace("{side}", name).strip()
