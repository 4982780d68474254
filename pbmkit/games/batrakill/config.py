"""A Batrakill game as a record's tags choose it: the layout (``Layout``), the factions and their
zones (``Purple``, ``Blue``, ``Green``, ``Yellow``: ``[Blue "Ann, S"]``) and the order of play
(``[Order "Blue Dragon Green"]``, ``Blue+Green`` for one player moving two factions); rules 12-13.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from pbmkit.games.base import SetupError
from pbmkit.games.batrakill.layout import FACTIONS, Layout, load_layout
from pbmkit.games.batrakill.rules import DRAGON, KNIGHTS, Config

__all__ = ["FACTION_TAGS", "ZONE_SUFFIX", "config_for", "make_config"]

FACTION_TAGS = tuple(f.capitalize() for f in FACTIONS)
ZONE_SUFFIX = re.compile(r",\s*([A-Za-z]{1,2})\s*\Z")
"""A faction tag's zone after the player's name: ``"Ann, S"``."""
MAX_ORDER = 200


@cache
def _config(layout: Layout, order: tuple[tuple[str, ...], ...], zone_of: tuple[tuple[str, str], ...]
            ) -> Config:
    return Config(layout, order, zone_of)


def config_for(layout: Layout) -> Config:
    """The default configuration of ``layout``: the duel's knights then dragon; in the zones
    version every zone's faction, in zone order, then the dragon (5 players)."""
    if layout.version == "duel":
        return _config(layout, ((KNIGHTS,), (DRAGON,)), ())
    zone_of = tuple((z.faction, z.letter) for z in layout.zones)
    return _config(layout, (*((f,) for f, _ in zone_of), (DRAGON,)), zone_of)


def _duel(layout: Layout, tags: Mapping[str, str]) -> Config:
    order = tags.get("Order")
    if order is not None and order.strip().lower().split() != [KNIGHTS, DRAGON]:
        raise SetupError("in the duel the knights move first: the Order tag may only be "
                         "'Knights Dragon'", tag="Order")
    for tag in FACTION_TAGS:
        if tag in tags:
            raise SetupError(f"the duel has no {tag} faction: name the players with the Knights and "
                             "Dragon tags (or choose [Layout \"zones\"])", tag=tag)
    return config_for(layout)


def make_config(tags: Mapping[str, str]) -> Config:
    """The configuration the tags choose; :class:`SetupError` (with the tag) if impossible."""
    layout = load_layout(tags.get("Layout", "duel"))
    if layout.version == "duel":
        return _duel(layout, tags)
    if "Knights" in tags:
        raise SetupError("the zones version names each faction's player (Purple, Blue, Green, Yellow "
                         "tags), not Knights", tag="Knights")
    zones = {z.letter for z in layout.zones}
    default_zone = {z.faction: z.letter for z in layout.zones}
    text = tags.get("Order")
    if text is None:
        named = [f for f, t in zip(FACTIONS, FACTION_TAGS, strict=True) if t in tags]
        if not named:
            named = [f for f in FACTIONS if f in default_zone]
        places: list[tuple[str, ...]] = [*((f,) for f in named), (DRAGON,)]
    else:
        if len(text) > MAX_ORDER:
            raise SetupError("the Order tag is too long", tag="Order")
        places = []
        for word in text.split():
            parts = tuple(p.lower() for p in word.split("+"))
            for p in parts:
                if p != DRAGON and p not in FACTIONS:
                    raise SetupError(f"Order: {p!r} is not Dragon, Purple, Blue, Green or Yellow",
                                     tag="Order")
            if DRAGON in parts and len(parts) > 1:
                raise SetupError("Order: the dragon's player moves no faction", tag="Order")
            places.append(parts)
    every = [f for p in places for f in p]
    if every.count(DRAGON) != 1 or len(set(every)) != len(every):
        raise SetupError("Order: name the Dragon once and each faction at most once", tag="Order")
    factions = [f for f in every if f != DRAGON]
    combined = [p for p in places if len(p) > 1]
    if combined and (len(places) != 2 or len(combined[0]) != 2):
        raise SetupError("Order: only with two players does one player move two factions "
                         "('Blue+Green Dragon')", tag="Order")
    if not combined and len(factions) < 2:
        raise SetupError("with two players the knights' player moves two factions: write the Order "
                         "like 'Blue+Green Dragon' (rule 12)", tag="Order")
    zone_of: list[tuple[str, str]] = []
    for f in factions:
        value = tags.get(f.capitalize(), "")
        m = ZONE_SUFFIX.search(value)
        letter = m.group(1).upper() if m else default_zone.get(f, "")
        if letter not in zones:
            raise SetupError(f"the {f.capitalize()} faction needs a zone ({', '.join(sorted(zones))}): "
                             f"write [{f.capitalize()} \"name, S\"]", tag=f.capitalize())
        if any(z == letter for _, z in zone_of):
            raise SetupError(f"two factions in zone {letter}", tag=f.capitalize())
        zone_of.append((f, letter))
    return _config(layout, tuple(places), tuple(zone_of))
