"""An event's tie-breaks: the systems by name, the federations' presets, and the legend's words
(docs/events.md, "Crosstable and tie-breaks").

An event keeps its tie-breaks in ``event.toml`` (``tie_breaks = ["iccf"]``, or systems by name:
``["wins", "sb", "direct"]``); :func:`parse_tie_breaks` reads ``event new --tie-breaks`` and the
file alike, :func:`expand` turns presets into systems, :func:`order_text` says the order in words
for the crosstable's legend. The crosstable (:mod:`pbmkit.events.table`) computes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pbmkit.events.errors import EventError

__all__ = ["DEFAULT", "PRESETS", "SYSTEMS", "TieBreakError", "expand", "order_text",
           "parse_tie_breaks", "preset_of"]

SYSTEMS: dict[str, tuple[str, str]] = {
    "sb": ("SB", "Sonneborn–Berger"),
    "wins": ("W", "wins (Baumbach)"),
    "black-wins": ("BW", "wins with the second side"),
    "direct": ("DE", "the direct encounter"),
    "koya": ("KS", "Koya (points against the players who scored half or more)"),
    "rating": ("Rtg", "the player's rating"),
}
"""Each system's name -> (its column's heading, its name in the legend)."""

PRESETS: dict[str, tuple[str, ...]] = {
    "fide": ("direct", "wins", "sb", "koya"),
    "iccf": ("wins", "sb", "direct"),
}
"""The federations' orders (docs/events.md cites the regulation of each: FIDE Handbook C.02
13.16.2; ICCF rule 1.3.4.2, the Baumbach rule, as ICCF's event pages cite it)."""

PRESET_WHO = {"fide": "FIDE's", "iccf": "ICCF's"}

DEFAULT = ("iccf",)
"""*Decision* (docs/events.md): an event that names no tie-breaks uses ICCF's order, the
correspondence federation's; no regulation orders points, SB, wins, direct encounter, pbmkit's
order before issue 38."""


class TieBreakError(EventError):
    """A tie-break list that names no system or preset pbmkit knows: one line saying which."""


def parse_tie_breaks(value: str | Iterable[object]) -> tuple[str, ...]:
    """The names of a comma list (``"wins, SB, direct"``) or a list of names, lower case, each a
    system or a preset, none twice once presets are expanded. :class:`TieBreakError` otherwise."""
    items = value.split(",") if isinstance(value, str) else list(value)
    names: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise TieBreakError(f"a tie-break is a name, not {item!r}")
        name = item.strip().lower().replace("_", "-")
        if not name:
            continue
        if name not in SYSTEMS and name not in PRESETS:
            known = ", ".join([*SYSTEMS, *PRESETS])
            raise TieBreakError(f"unknown tie-break {item.strip()!r} (the systems and presets: "
                                f"{known})")
        names.append(name)
    if not names:
        raise TieBreakError("name at least one tie-break (or a preset: fide, iccf)")
    seen: set[str] = set()
    for system in expand(names):
        if system in seen:
            raise TieBreakError(f"the tie-break {system!r} is named twice")
        seen.add(system)
    return tuple(names)


def expand(names: Sequence[str]) -> tuple[str, ...]:
    """The systems of ``names`` in order, presets replaced by their systems; the default for
    none."""
    out: list[str] = []
    for name in names or DEFAULT:
        out.extend(PRESETS.get(name, (name,)))
    return tuple(out)


def preset_of(names: Sequence[str]) -> str | None:
    """The preset ``names`` are exactly (``["iccf"]``, or its systems listed), else None."""
    systems = expand(names)
    return next((p for p, s in PRESETS.items() if s == systems), None)


def order_text(names: Sequence[str]) -> str:
    """The legend's sentence: ``Order: points, then wins (Baumbach), then Sonneborn–Berger (SB),
    then the direct encounter (DE): ICCF's order; players still equal share a place.``"""
    parts = [f"{SYSTEMS[s][1]} ({SYSTEMS[s][0]})" for s in expand(names)]
    preset = preset_of(names)
    who = f": {PRESET_WHO[preset]} order" if preset is not None else ""
    return (f"Order: points, then {', then '.join(parts)}{who}; players still equal share a "
            "place.")
