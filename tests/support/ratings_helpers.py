"""Records of finished games for the ratings tests, written as a club's archive would hold them."""

from __future__ import annotations

from pbmkit.ratings import FinishedGame, finished_games

SIDES = {"Batalo": ("White", "Black"), "Batrakill": ("Knights", "Dragon"), "Hex": ("Red", "Blue")}
MOVES = {"Batalo": "1. JR to IS DX to FV\n", "Batrakill": "1. c2-c3 D@e5\n", "Hex": "1. c3 d4\n"}


def record(first: str, second: str, winner: str, *, game: str = "Batalo", date: str = "2026-01-01",
           event: str = "", number: int = 1, emails: tuple[str, str] = ("", "")) -> str:
    """One finished two-player record: ``winner`` is ``"first"``, ``"second"`` or ``"draw"``."""
    a, b = SIDES[game]
    result = {"first": a, "second": b, "draw": "Draw"}[winner]
    tags = [f'[Game "{game}"]', f'[Number "{number}"]', f'[Date "{date}"]', f'[{a} "{first}"]',
            f'[{b} "{second}"]', f'[Winner "{result}"]']
    if event:
        tags.append(f'[Event "{event}"]')
    for tag, email in zip((a, b), emails, strict=True):
        if email:
            tags.append(f'[{tag}Email "{email}"]')
    return "\n".join(tags) + "\n\n" + MOVES[game] + "\n"


def games_of(text: str) -> list[FinishedGame]:
    out = [g for g in finished_games(text, "archive.txt") if isinstance(g, FinishedGame)]
    return out
