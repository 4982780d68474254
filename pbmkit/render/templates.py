"""The layouts of the printed forms, read from the TOML files in ``pbmkit/templates/``.

Layouts are data: paper sizes, margins, grids and field lists. Each form module reads its own
file through :func:`load_template`, and :func:`paper` gives a page size by name.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbmkit.games import AnyGame

__all__ = ["PAPERS", "Paper", "each_side_fields", "each_side_rows", "load_template", "paper", "paper_names",
           "players_of", "side_field", "side_label"]


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


def _each(key: str) -> str | None:
    """``"side"`` for the key ``"side:*"`` (a field for each side of the game), else ``None``."""
    return key[:-2] if key.endswith(":*") else None


def each_side_fields(game: AnyGame, fields: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Records Chart header's fields with ``side:*`` (or any ``name:*``) made one field per side
    of the game, ``name:1`` … ``name:N``, sharing the field's span (``x``, ``width``) equally."""
    out: list[dict[str, Any]] = []
    n = len(game.sides)
    for f in fields:
        stem = _each(str(f["key"]))
        if stem is None:
            out.append(f)
            continue
        gap = float(f.get("gap", 0.02))
        width = (float(f["width"]) - gap * (n - 1)) / n
        for k in range(n):
            out.append({**f, "key": f"{stem}:{k + 1}", "x": float(f["x"]) + k * (width + gap),
                        "width": width})
    return out


def players_of(game: AnyGame) -> tuple[str, ...]:
    """The places of ``game`` that a player moves, in the game's order of sides: one for each
    player (Batrakill's ``blue+green`` once, not also ``blue`` and ``green``). A Mailer has a row
    for each: "moved" tick, name, days used."""
    order = set(game.order)
    return tuple(s for s in game.sides if s in order) or tuple(game.order)


def each_side_rows(game: AnyGame, rows: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """A Mailer's rows of fields with the ``name:*`` fields made one row per player of the game
    (:func:`players_of`): a row holding ``moved:*``, ``side:*`` and ``days:*`` becomes the rows
    ``moved:1 side:1 days:1``, ``moved:2 side:2 days:2`` ..."""
    out: list[list[dict[str, Any]]] = []
    n = len(players_of(game))
    for row in rows:
        if not any(_each(str(f["key"])) is not None for f in row):
            out.append(row)
            continue
        for k in range(n):
            out.append([{**f, "key": f"{_each(str(f['key']))}:{k + 1}"}
                        if _each(str(f["key"])) is not None else f for f in row])
    return out


def side_field(game: AnyGame, key: str) -> str | None:
    """The header key of a template's side field: ``side:1`` is the first side's tag (``White``,
    ``Yellow``, ``South``); ``None`` for a side the game does not have. Other keys are kept
    (``days:1``, the first side's days used, is a value of its own)."""
    if not key.startswith("side:"):
        return key
    k = int(key[5:]) - 1
    tags = tuple(game.side_tags)
    return tags[k] if 0 <= k < len(tags) else None


def side_label(game: AnyGame, key: str, label: str) -> str:
    """A field's label with the game's own side names: ``{side} player`` is "White player" in
    Batalo, "Yellow player" in Billo (for any ``name:K`` key, the K-th side)."""
    _, _, number = key.partition(":")
    if not number.isdigit():
        return label
    k = int(number) - 1
    sides = tuple(game.sides)
    name = str(sides[k]).capitalize() if 0 <= k < len(sides) else ""
    return label.replace("{side}", name).strip()
