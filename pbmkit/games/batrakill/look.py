"""How Batrakill looks on paper: lettered knights with a facing arrow, towers, the dragon.

A knight is its faction's letter (K in the duel; P, B, G, Y) on a light, outlined disc with an
arrow standing out of it showing its facing, so black-and-white print tells factions and facings
apart; a knight in a placed tower has a double outline, a knight carrying a tower a dark disc. An
empty tower is a T with a double outline, a broken tower ``#``, the dragon a dark D. The camp and
the X squares are marked; the round, the knights eaten so far and the towers in supply are shown
beside the board.
"""

from __future__ import annotations

from functools import cache

from pbmkit.games.batrakill.layout import FACTIONS
from pbmkit.games.batrakill.rules import (
    DRAGON,
    KNIGHTS,
    Config,
    Position,
    initial_position,
    place_name,
)
from pbmkit.games.board import square_labels
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look

__all__ = ["look", "symbols"]

_ARROW = {"N": "arrow-n", "E": "arrow-e", "S": "arrow-s", "W": "arrow-w"}
_TIP = {"N": "^", "E": ">", "S": "v", "W": "<"}
_LETTER = {KNIGHTS: "K", **{f: f[0].upper() for f in FACTIONS}}


SCREEN_COLOURS = {KNIGHTS: ("#e9ecef", "#495057"), "purple": ("#d0bfff", "#5f3dc4"),
                  "blue": ("#a5d8ff", "#1864ab"), "green": ("#b2f2bb", "#2b8a3e"),
                  "yellow": ("#ffec99", "#8f5e00"), DRAGON: ("#e03131", "#c92a2a")}
"""Each faction's colours on screen: (a knight, a knight carrying a tower); the dragon red."""


def symbols(position: Position) -> dict[int, str]:
    """Square -> symbol: ``K^``, ``Bv``, ``tK^`` (in a tower), ``cKv`` (carrying), ``T``, ``#``, ``D``."""
    out: dict[int, str] = {sq: "T" for sq in position.towers}
    out.update({sq: "#" for sq in position.broken})
    for k in position.knights:
        prefix = "t" if k.square in position.towers else "c" if k.carrying else ""
        out[k.square] = f"{prefix}{_LETTER[k.faction]}{_TIP[k.facing]}"
    if position.dragon >= 0:
        out[position.dragon] = "D"
    return out


def _eaten(position: Position, count: int) -> tuple[str, ...]:
    """``count`` eaten knights, each by its faction's letter (``xK``; ``xP``, ``xB`` ... in the
    zones game: the knights of the setup that are no longer on the board, faction by faction)."""
    if position.config.duel:
        return ("x" + _LETTER[KNIGHTS],) * count
    here = {k.home for k in position.knights}
    gone = [k.faction for k in initial_position(position.config).knights if k.home not in here]
    return tuple("x" + _LETTER[f] for f in gone[:count])


def _beside(position: Position) -> list[tuple[str, tuple[str, ...]]]:
    eaten = position.eaten
    label = f"Round {position.round}: {eaten} eaten" if position.config.duel else f"Eaten {eaten}"
    groups = [(label, _eaten(position, eaten))]
    if position.config.duel and position.eaten_before:  # the knights lost in round 1
        groups.append((f"Round 1: {position.eaten_before} lost",
                       _eaten(position, position.eaten_before)))
    if position.supply and position.round == 1:  # towers are fetched in round 1 only
        groups.append((f"Towers in supply: {position.supply}", ("T",) * position.supply))
    if position.dragon < 0:
        groups.append(("Dragon to place", ("D",)))
    return groups


@cache
def look(config: Config) -> Look[Position]:
    """The drawing hints of one configured game."""
    layout = config.layout
    factions = [KNIGHTS] if config.duel else [f for p in config.order for f in p if f != DRAGON]
    glyphs: dict[str, Glyph] = {"T": Glyph("letter", "T", marks=("double",)), "#": Glyph("letter", "#"),
                                "D": Glyph("letter", "D", dark=True)}
    owners: dict[str, str] = {"D": DRAGON}
    for f in factions:
        for facing, arrow in _ARROW.items():
            letter = _LETTER[f]
            tip = _TIP[facing]
            glyphs[f"{letter}{tip}"] = Glyph("letter", letter, marks=(arrow, "outline"))
            glyphs[f"t{letter}{tip}"] = Glyph("letter", letter, marks=(arrow, "double"))
            glyphs[f"c{letter}{tip}"] = Glyph("letter", letter, dark=True, marks=(arrow,))
            side = next(place_name(p) for p in config.order if f in p)
            owners.update({f"{p}{letter}{tip}": side for p in ("", "t", "c")})
        glyphs[f"x{_LETTER[f]}"] = Glyph("ring", _LETTER[f])  # an eaten knight, by faction
        owners[f"x{_LETTER[f]}"] = next(place_name(p) for p in config.order if f in p)
    tints = {s: next((f for f in factions if s.lstrip("tcx")[:1] == _LETTER[f]), DRAGON)
             for s in glyphs if s not in ("T", "#")}
    bases = {sq: "camp" for sq in layout.camp}
    bases.update({sq: "X" for sq in layout.x_squares})
    # the zones version: each zone's tower site carries the zone's letter (S, N, W, E)
    bases.update({zone.tower: zone.letter[:1] for zone in layout.zones})
    legend = [*((f"{_LETTER[f]}^", f"{'' if f == 'knights' else f + ' '}knight (arrow: facing)")
                for f in factions),
              (f"t{_LETTER[factions[0]]}^", "knight in a tower"),
              ("T", "tower"), ("#", "broken tower"), ("D", "dragon"),
              (f"x{_LETTER[factions[0]]}", "eaten knight")]
    if config.duel:
        legend.insert(2, ("cKv", "knight carrying a tower"))
    if layout.camp:
        legend.append(("@base:camp", "camp"))
    if layout.x_squares:
        legend.append(("@base:X", "X square"))
    if layout.zones:
        legend.append((f"@base:{layout.zones[0].letter[:1]}",
                       f"tower site ({', '.join(z.letter[:1] for z in layout.zones)})"))
    legend.append(LAST_MOVE)
    files, ranks = layout.files, layout.ranks
    return Look(
        symbols=symbols,
        glyphs=glyphs,
        legend=tuple(legend),
        bases=bases,
        line_labels=lambda: square_labels(files)
        + [((-1, r), str(r + 1)) for r in range(ranks)],
        sides=tuple(place_name(p) for p in config.order),
        owners=owners,
        colours={f: SCREEN_COLOURS[f] for f in (*factions, DRAGON)},
        tints=tints,
        how_to=(
            "A knight: \"{example}\"; out of a carried tower, placing it: \"e9/e8\"; "
            "underground: \"e5>c7\".",
            "The dragon: placed \"D@e5\", a step \"D e4-e5\", jumps \"D e4xe6xg6\".",
            f"Layout {layout.name}{' (provisional)' if layout.provisional else ''}: files a–"
            f"{chr(96 + files)}, ranks 1–{ranks}.",
        ),
        board_note=f"Layout {layout.title}. Letters: knights by faction, arrow: facing; double "
                   "outline: in a tower; dark: carrying; T tower, # broken, D dragon.",
        diagram_labels=True,
        beside=_beside,
        beside_blank=(("Round", "Eaten in this round", "Eaten in round 1", "Towers in supply")
                      if config.duel else ("Eaten",)),
        form_note=(f"Layout {layout.name}: provisional (the rules' diagrams are lost). "
                   + ("S, N, W, E: the zones' tower sites." if layout.zones else
                      "X: X squares; outlined: the camp.") if layout.provisional
                   else f"Layout {layout.name}."),
    )
