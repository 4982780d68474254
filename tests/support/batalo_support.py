"""Helpers for the Batalo tests: positions as diagrams, moves as the phone chart writes them."""

from __future__ import annotations

from pbmkit.games.batalo import Move, Position, check, rules, setup


def pos(diagram: str, turn: str = "w") -> Position:
    """A position from a diagram (only the occupied spaces need be named): ``"JQW IRo DWB"``."""
    return setup.from_diagram(diagram, turn)


def sp(name: str) -> int:
    """The space called ``name``."""
    return rules.space(name)


def mv(text: str) -> Move:
    """``"IR to HS"``, or a hop series with its landings ``"GT to IT to KT"``."""
    names = [n.strip() for n in text.split(" to ")]
    spaces = [sp(n) for n in names]
    path = tuple(spaces[1:]) if len(spaces) > 2 else None
    return Move(spaces[0], spaces[-1], path)


def why(position: Position, text: str) -> str | None:
    """The reason ``check_move`` gives for the move ``text`` (``None`` when legal)."""
    return check.check_move(position, mv(text))


def dests(position: Position, name: str) -> set[str]:
    """The names of the legal destinations of the piece on ``name``."""
    return {rules.space_name(s) for s in rules.destinations(position, sp(name))}


def moves(position: Position) -> set[str]:
    """Every legal move of the position as ``"IR to HS"``."""
    return {str(m) for m in rules.legal_moves(position)}


def play(position: Position, *texts: str) -> Position:
    """The position after the moves ``texts``, each checked legal first."""
    for text in texts:
        reason = why(position, text)
        assert reason is None, f"{text}: {reason}"
        position = rules.apply(position, mv(text))
    return position
