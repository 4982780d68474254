"""An independent, slow reference generator written from docs/billo.md, compared with the real one.

It reads the board only through ``symbols`` (text such as ``r+`` or ``RS``) and coordinates, and
shares no table with the rules core, so a mistake in the core's precomputed tables shows here.
"""

from __future__ import annotations

from hypothesis import given, settings
from test_billo_helpers import pos
from test_billo_playouts import positions

from pbmkit.games.billo import Move, Position, rules, setup
from pbmkit.games.billo.rules import YELLOW

Path = tuple[str, int, tuple[int, ...], tuple[int, ...]]


def _content(text: str | None) -> list[tuple[bool, str, bool]]:
    """(is Yellow, shape, is Billo) of each piece in a symbol such as ``R+S`` or ``s+``."""
    if text is None:
        return []
    out = []
    for i, ch in enumerate(text):
        if ch != "+":
            out.append((ch.isupper(), ch.upper(), text[i + 1:i + 2] == "+"))
    return out


def reference_moves(position: Position) -> set[Path]:
    """Every legal move by brute force from the rules as written (rulings 2–9 and 6's priority)."""
    if rules.outcome(position) is not None:
        return set()
    symbols = setup.symbols(position)
    yellow = position.turn == YELLOW
    forward = 1 if yellow else -1
    last = 7 if yellow else 0

    def at(f: int, r: int) -> int | None:
        return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else None

    found: dict[Path, tuple[int, int, int]] = {}
    for start, text in symbols.items():
        for is_yellow, shape, is_billo in _content(text):
            if is_yellow != yellow:
                continue
            dirs = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)] \
                if is_billo else [(df, forward) for df in (-1, 0, 1)]

            def walk(cur: int, steps: tuple[int, ...], caps: tuple[int, ...], billos: int,
                     shape: str = shape, is_billo: bool = is_billo, start: int = start,
                     dirs: list[tuple[int, int]] = dirs) -> None:
                f, r = cur % 8, cur // 8
                for df, dr in dirs:
                    nxt = at(f + df, r + dr)
                    if nxt is None or nxt == start or nxt in steps:
                        continue
                    pieces = _content(symbols.get(nxt))
                    new_caps, new_billos = caps, billos
                    if not pieces:
                        if steps:
                            continue
                        found[shape, start, (nxt,), ()] = (0, 0, 0)
                        continue
                    if len(pieces) != 1 or pieces[0][1] == shape:
                        continue
                    owner_yellow, _other, target_billo = pieces[0]
                    if owner_yellow != yellow:
                        if target_billo and not is_billo:
                            continue
                        new_caps, new_billos = (*caps, nxt), billos + target_billo
                    new_steps = (*steps, nxt)
                    found[shape, start, new_steps, new_caps] = (
                        len(new_caps), new_billos, int(is_billo and bool(new_caps)))
                    if not is_billo and nxt // 8 == last:
                        continue
                    walk(nxt, new_steps, new_caps, new_billos)

            walk(start, (), (), 0)
    if not found:
        return set()
    best = max(found.values())
    return {path for path, key in found.items() if key == best}


def _as_paths(moves: list[Move]) -> set[Path]:
    return {(m.piece, m.start, m.steps, m.captures) for m in moves}


def test_reference_agrees_on_the_start_and_a_chain() -> None:
    start = setup.initial_position()
    assert reference_moves(start) == _as_paths(rules.legal_moves(start))
    assert len(reference_moves(start)) == 44
    chain = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  S  .  r  .  .  .
        5  .  .  s  S+ .  .  .  .
        4  .  .  .  s  R+ .  .  .
        3  .  .  s+ .  s  .  .  .
        2  .  R  R  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert reference_moves(chain) == _as_paths(rules.legal_moves(chain))
    assert len(reference_moves(chain)) > 1


@settings(max_examples=150, deadline=None)
@given(position=positions())
def test_reference_agrees_on_random_positions(position: Position) -> None:
    assert reference_moves(position) == _as_paths(rules.legal_moves(position))
